//! Rule sets: standard chess and the roguelite's skirmish rules.

use crate::position::Position;
use crate::types::{Color, Role};

/// Which piece a pawn becomes when it reaches its last rank under [`RuleSet::Skirmish`], where a
/// promotion is one move rather than a choice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PromotionPolicy {
    /// Always this role.
    Always(Role),
    /// A queen when the side has no queen on the board, otherwise this role (for example a rook).
    QueenIfNoneElse(Role),
}

impl PromotionPolicy {
    /// The role a pawn of `color` becomes when it promotes in `position` under this policy: the one
    /// decision of the policy, for layers that promote outside a move (a battle's reposition, a
    /// teleport). Looks only at the pieces of `color` on the board.
    ///
    /// ```
    /// use gambit_rules::{Color, Position, PromotionPolicy, Role, RuleSet};
    /// let policy = PromotionPolicy::QueenIfNoneElse(Role::Rook);
    /// let pos = Position::from_fen_with("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", RuleSet::Skirmish(policy)).unwrap();
    /// assert_eq!(policy.role_for(&pos, Color::White), Role::Rook); // White has a queen
    /// assert_eq!(policy.role_for(&pos, Color::Black), Role::Queen); // Black has none
    /// ```
    #[must_use]
    pub fn role_for(self, position: &Position, color: Color) -> Role {
        match self {
            PromotionPolicy::Always(role) => role,
            PromotionPolicy::QueenIfNoneElse(role) => {
                if position.has_piece(color, Role::Queen) {
                    role
                } else {
                    Role::Queen
                }
            }
        }
    }
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
