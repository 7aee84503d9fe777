//! Why an action was rejected.

use gambit_rules::{Outcome, Square};
use thiserror::Error;

use crate::skill::Skill;

/// Why a move, cast or action text was rejected. A rejected action changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SkillError {
    /// The skill was cast before its cooldown ran out.
    #[error("{skill} is on cooldown for {remaining} more tick(s)")]
    OnCooldown {
        /// The skill.
        skill: Skill,
        /// Its remaining cooldown in ticks.
        remaining: u32,
    },
    /// The game is already over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// A square that is not part of the playing area (a blocked tile of an irregular board).
    #[error("{0} is off the board (a blocked tile)")]
    OffBoard(Square),
    /// A teleport whose source and destination are the same square.
    #[error("teleport from {0} to the same square")]
    SameSquare(Square),
    /// A teleport from an empty square.
    #[error("no piece on {0} to teleport")]
    EmptySource(Square),
    /// A teleport of the opponent's piece.
    #[error("the piece on {0} belongs to the opponent")]
    EnemySource(Square),
    /// A teleport onto a square that holds a piece of the caster.
    #[error("{0} holds a friendly piece")]
    FriendlyDestination(Square),
    /// A move or teleport of a piece that stands on a frozen square.
    #[error("the piece on {0} is frozen")]
    FrozenSource(Square),
    /// Under standard rules, a teleport that would leave the caster's king attacked.
    #[error("teleport {from}{to} would leave the king attacked")]
    ExposesKing {
        /// The teleport's source square.
        from: Square,
        /// The teleport's destination square.
        to: Square,
    },
    /// Under standard rules, a teleport onto the enemy king.
    #[error("teleport onto {0} would capture a king")]
    CapturesKing(Square),
    /// A teleport that would put a pawn on its first or last rank.
    #[error("a pawn cannot be teleported onto {0}, a first or last rank")]
    PawnBackRank(Square),
    /// A relocation farther than [`SkillRules::teleport_range`](crate::SkillRules::teleport_range).
    #[error("teleport {from}{to} is out of range ({range} king steps at most)")]
    OutOfRange {
        /// The teleport's source square.
        from: Square,
        /// The teleport's destination square.
        to: Square,
        /// The range, in king steps.
        range: u32,
    },
    /// A relocation capturing a piece worth more than the teleporter
    /// ([`SkillRules::capture_limit`](crate::SkillRules::capture_limit)).
    #[error("the piece on {from} may not capture the more valuable piece on {to} by teleport")]
    CapturesBigger {
        /// The teleport's source square.
        from: Square,
        /// The victim's square.
        to: Square,
    },
    /// A pawn relocated onto its last two ranks
    /// ([`SkillRules::pawn_promotion_guard`](crate::SkillRules::pawn_promotion_guard)).
    #[error("a pawn cannot be teleported onto {0}, one of its last two ranks")]
    PawnNearPromotion(Square),
    /// A pawn relocated at all ([`SkillRules::no_pawn_relocation`](crate::SkillRules::no_pawn_relocation)):
    /// a pawn's teleport can only be one of its legal moves.
    #[error("the pawn on {0} can only teleport along one of its moves")]
    PawnRelocation(Square),
    /// A capture by the piece that teleported on its side's previous turn
    /// ([`SkillRules::teleported_cannot_capture`](crate::SkillRules::teleported_cannot_capture)).
    #[error("the piece on {0} teleported last turn and cannot capture yet")]
    TeleportedCapture(Square),
    /// A Freeze that would leave its caster without any turn-ending action (a self-stalemate).
    #[error("freezing {0} would leave the caster without a move or teleport")]
    StrandsCaster(Square),
    /// A move that is not legal in the position (the text as given).
    #[error("illegal move {0:?}")]
    IllegalMove(String),
    /// Action text that is not a move, `tp <from><to>` or `fz <square>`.
    #[error("cannot read action {0:?}: expected a move (e2e4, Nf3), \"tp e4e7\" or \"fz e7\"")]
    Syntax(String),
}
