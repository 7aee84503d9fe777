//! Rule sets: standard chess and the roguelite's skirmish rules.

use crate::types::Role;

/// Which piece a pawn becomes when it reaches its last rank under [`RuleSet::Skirmish`], where a
/// promotion is one move rather than a choice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PromotionPolicy {
    /// Always this role.
    Always(Role),
    /// A queen when the side has no queen on the board, otherwise this role (for example a rook).
    QueenIfNoneElse(Role),
}

impl Default for PromotionPolicy {
    fn default() -> Self {
        PromotionPolicy::Always(Role::Queen)
    }
}

/// The rule set a [`Position`](crate::Position) is played under.
///
/// * `Standard`: the FIDE Laws of Chess (check, checkmate, castling, en passant, the pawn's double step,
///   promotion to any of four roles, the draw rules). Each side has at most one king.
/// * `Skirmish`: the roguelite's battle rules. There is no check or checkmate: a move that leaves the
///   king attacked is legal, kings can be captured like any piece, and a side may have no king (or
///   several). There is no castling, no en passant and no double step. A pawn that reaches its last
///   playable rank promotes as part of the same move, to the role the [`PromotionPolicy`] names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    /// FIDE chess.
    #[default]
    Standard,
    /// The roguelite's rules, with the promotion policy of the battle.
    Skirmish(PromotionPolicy),
}

impl RuleSet {
    /// Skirmish rules with the default promotion policy (always a queen).
    pub const SKIRMISH: RuleSet = RuleSet::Skirmish(PromotionPolicy::Always(Role::Queen));

    /// Whether this is the standard rule set.
    #[must_use]
    pub const fn is_standard(self) -> bool {
        matches!(self, RuleSet::Standard)
    }
}
