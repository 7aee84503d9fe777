//! Small shared types: the two teams of a battle, modifiers and piece ids.

use std::fmt;

use gambit_rules::Color;
use serde::{Deserialize, Serialize};

/// A piece's stable id inside one battle (its index in [`Battle::units`](crate::battle::Battle::units)).
pub type PieceId = u16;

/// The two teams of a battle. The player is White (bottom of the board, pawns move up); the enemy is
/// Black (top). Serialized as `"player"` / `"enemy"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Team {
    /// The player (White, bottom).
    Player,
    /// The enemy (Black, top).
    Enemy,
}

impl Team {
    /// Both teams, player first.
    pub const ALL: [Team; 2] = [Team::Player, Team::Enemy];

    /// The rules colour of the team: White for the player, Black for the enemy.
    #[must_use]
    pub const fn color(self) -> Color {
        match self {
            Team::Player => Color::White,
            Team::Enemy => Color::Black,
        }
    }

    /// The team of a rules colour.
    #[must_use]
    pub const fn of(color: Color) -> Team {
        match color {
            Color::White => Team::Player,
            Color::Black => Team::Enemy,
        }
    }

    /// The other team.
    #[must_use]
    pub const fn other(self) -> Team {
        match self {
            Team::Player => Team::Enemy,
            Team::Enemy => Team::Player,
        }
    }

    /// `"your"` or `"enemy"`, for event texts.
    #[must_use]
    pub const fn possessive(self) -> &'static str {
        match self {
            Team::Player => "your",
            Team::Enemy => "enemy",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Team::Player => "player",
            Team::Enemy => "enemy",
        })
    }
}

/// A piece's modifier (at most one per piece). Serialized as its lower-case name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Modifier {
    /// On death, a poison cloud covers the death square and its playable orthogonal neighbours.
    Poisonous,
    /// On death, the death square becomes a wall: dormant while the capturer stands on it,
    /// permanently impassable once vacated.
    Bulwark,
    /// On death, a temporary unmodified pawn appears on the first empty, non-wall square of the
    /// team's home row, scanning from the a-file towards the h-file.
    Rallying,
    /// After its bearer captures by a move, the team may make one optional non-capturing
    /// reposition of that piece that costs no move.
    Swift,
}

impl Modifier {
    /// Every modifier.
    pub const ALL: [Modifier; 4] =
        [Modifier::Poisonous, Modifier::Bulwark, Modifier::Rallying, Modifier::Swift];

    /// The lower-case name (`"poisonous"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Modifier::Poisonous => "poisonous",
            Modifier::Bulwark => "bulwark",
            Modifier::Rallying => "rallying",
            Modifier::Swift => "swift",
        }
    }

    /// The one-letter mark shown on the board (`P`, `B`, `R`, `S`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Modifier::Poisonous => 'P',
            Modifier::Bulwark => 'B',
            Modifier::Rallying => 'R',
            Modifier::Swift => 'S',
        }
    }

    /// A one-line description for the UI.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Modifier::Poisonous => {
                "On death: poison cloud on its square and the orthogonal neighbours (1 damage per exposure, two exposures per side)."
            }
            Modifier::Bulwark => "On death: its square becomes a wall once the capturer leaves it.",
            Modifier::Rallying => {
                "On death: a temporary pawn joins on the first free square of the home row."
            }
            Modifier::Swift => "After it captures: one free, optional, non-capturing reposition.",
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
