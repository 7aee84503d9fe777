//! Actions: a move, a Teleport or a Freeze, with a compact text form.

use std::fmt;

use gambit_rules::{Move, Square};

use crate::board::Teleported;
use crate::skill::Skill;

/// One thing the side to move can do. Moves and teleports end the turn; a freeze does not.
///
/// Text form ([`Display`](fmt::Display), read back by
/// [`SkillBoard::parse_action`](crate::SkillBoard::parse_action)): a move in UCI (`e2e4`, `e7e8q`), a
/// teleport as `tp` and the two squares (`tp e4e7`), a freeze as `fz` and the square (`fz e7`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// An ordinary move through the rules.
    Move(Move),
    /// Teleport the piece on `from` to `to`.
    Teleport {
        /// The square of the friendly piece.
        from: Square,
        /// Where it goes (empty, or an enemy piece that is captured).
        to: Square,
    },
    /// Freeze a square.
    Freeze(Square),
}

impl Action {
    /// Whether the action hands the turn to the other side (moves and teleports do, freezes do not).
    #[must_use]
    pub const fn ends_turn(&self) -> bool {
        !matches!(self, Action::Freeze(_))
    }

    /// The skill the action casts, if any.
    #[must_use]
    pub const fn skill(&self) -> Option<Skill> {
        match self {
            Action::Move(_) => None,
            Action::Teleport { .. } => Some(Skill::Teleport),
            Action::Freeze(_) => Some(Skill::Freeze),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => write!(f, "{}", m.to_uci()),
            Action::Teleport { from, to } => write!(f, "tp {from}{to}"),
            Action::Freeze(sq) => write!(f, "fz {sq}"),
        }
    }
}

/// What [`SkillBoard::play_action`](crate::SkillBoard::play_action) did (and what
/// [`SkillBoard::check_action`](crate::SkillBoard::check_action) says it would do). Front ends read it
/// instead of re-deriving the skills' rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Played {
    /// An ordinary move.
    Move(Move),
    /// A Teleport of the piece on `from` to `to`, carried out as `how`.
    Teleport {
        /// The square the piece left.
        from: Square,
        /// The square it reached.
        to: Square,
        /// Along a legal move (which is that move) or by relocation.
        how: Teleported,
    },
    /// A Freeze of the square.
    Freeze(Square),
}

impl Played {
    /// The action that was played.
    #[must_use]
    pub const fn action(&self) -> Action {
        match *self {
            Played::Move(m) => Action::Move(m),
            Played::Teleport { from, to, .. } => Action::Teleport { from, to },
            Played::Freeze(sq) => Action::Freeze(sq),
        }
    }

    /// The rules move the board made: the move, or the move a teleport along a legal move was played
    /// as (a promotion becomes a queen). `None` for a relocation and a freeze, which no chess notation
    /// can express.
    #[must_use]
    pub const fn board_move(&self) -> Option<Move> {
        match *self {
            Played::Move(m) | Played::Teleport { how: Teleported::AsMove(m), .. } => Some(m),
            _ => None,
        }
    }

    /// Whether the board was edited outside the rules (a teleport by relocation).
    #[must_use]
    pub const fn is_relocation(&self) -> bool {
        matches!(self, Played::Teleport { how: Teleported::Relocated { .. }, .. })
    }

    /// The squares a piece left and reached, for a last-move highlight; `None` for a freeze.
    #[must_use]
    pub const fn squares(&self) -> Option<(Square, Square)> {
        match *self {
            Played::Move(m) => Some((m.from, m.to)),
            Played::Teleport { from, to, .. } => Some((from, to)),
            Played::Freeze(_) => None,
        }
    }
}
