//! Actions: a move, a Teleport or a Freeze, with a compact text form.

use std::fmt;

use gambit_rules::{Move, Square};

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
