//! Small shared types: sides, modifiers, piece ids and square (de)serialisation.

use std::fmt;

use gambit_rules::{Color, Role, Square};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A piece's stable id inside one battle (its index in [`Battle::units`](crate::Battle::units)).
pub type PieceId = u16;

/// The two sides of a battle. The player is White (bottom of the board, pawns move up); the enemy
/// is Black (top).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player (White, bottom).
    Player,
    /// The enemy (Black, top).
    Enemy,
}

impl Side {
    /// Both sides, player first.
    pub const ALL: [Side; 2] = [Side::Player, Side::Enemy];

    /// The rules colour of the side: White for the player, Black for the enemy.
    #[must_use]
    pub const fn color(self) -> Color {
        match self {
            Side::Player => Color::White,
            Side::Enemy => Color::Black,
        }
    }

    /// The side of a rules colour.
    #[must_use]
    pub const fn of(color: Color) -> Side {
        match color {
            Color::White => Side::Player,
            Color::Black => Side::Enemy,
        }
    }

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Player => Side::Enemy,
            Side::Enemy => Side::Player,
        }
    }

    /// 0 for the player, 1 for the enemy.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::Player => 0,
            Side::Enemy => 1,
        }
    }

    /// `"your"` or `"enemy"`, for event texts.
    #[must_use]
    pub const fn possessive(self) -> &'static str {
        match self {
            Side::Player => "your",
            Side::Enemy => "enemy",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Player => "player",
            Side::Enemy => "enemy",
        })
    }
}

/// A piece's modifier (at most one per piece).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Modifier {
    /// On death, a poison cloud covers the death square and its playable orthogonal neighbours.
    Poisonous,
    /// On death, the death square becomes a wall: dormant while the capturer stands on it,
    /// permanently impassable once vacated.
    Bulwark,
    /// On death, a temporary unmodified pawn appears on the first empty, non-wall square of the
    /// side's home row, scanning from the a-file towards the h-file.
    Rallying,
    /// After its bearer captures by a move, the side may make one optional non-capturing
    /// reposition of that piece that costs no move.
    Swift,
}

impl Modifier {
    /// Every modifier.
    pub const ALL: [Modifier; 4] =
        [Modifier::Poisonous, Modifier::Bulwark, Modifier::Rallying, Modifier::Swift];

    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Modifier::Poisonous => "poisonous",
            Modifier::Bulwark => "bulwark",
            Modifier::Rallying => "rallying",
            Modifier::Swift => "swift",
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

/// The lower-case English name of a role ([`Role::name`]).
#[must_use]
pub fn role_name(role: Role) -> &'static str {
    role.name()
}

/// Serde for [`Role`] as its lower-case name (`"knight"`).
pub mod role_serde {
    use super::*;

    /// Writes the name.
    ///
    /// # Errors
    /// Those of the serializer.
    pub fn serialize<S: Serializer>(role: &Role, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(role_name(*role))
    }

    /// Reads a name.
    ///
    /// # Errors
    /// An unknown role name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        let text = String::deserialize(d)?;
        parse_role(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown role {text:?}")))
    }
}

/// Parses a role name (`"pawn"` ... `"king"`).
#[must_use]
pub fn parse_role(text: &str) -> Option<Role> {
    Role::ALL.into_iter().find(|&r| role_name(r) == text)
}

/// Serde for [`Square`] as its name (`"e4"`).
pub mod square_serde {
    use super::*;

    /// Writes the name.
    ///
    /// # Errors
    /// Those of the serializer.
    pub fn serialize<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&sq.to_string())
    }

    /// Reads a name.
    ///
    /// # Errors
    /// A string that is not a square name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Serde for a list of [`Square`]s as names.
pub mod squares_serde {
    use super::*;

    /// Writes the names.
    ///
    /// # Errors
    /// Those of the serializer.
    pub fn serialize<S: Serializer>(sqs: &[Square], s: S) -> Result<S::Ok, S::Error> {
        let names: Vec<String> = sqs.iter().map(ToString::to_string).collect();
        names.serialize(s)
    }

    /// Reads names.
    ///
    /// # Errors
    /// A string that is not a square name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names.iter().map(|t| t.parse().map_err(serde::de::Error::custom)).collect()
    }
}

/// The square at file `file` (0 = a) and rank `rank` (0 = 1), `None` off the 8x8 area.
#[must_use]
pub fn square_at(file: u8, rank: u8) -> Option<Square> {
    if file < 8 && rank < 8 { Square::new(rank * 8 + file) } else { None }
}
