//! Small shared types: the two teams of a battle, modifiers, the pieces a player owns, piece ids and
//! the names pieces are shown by.

use std::fmt;

use gambit_rules::{ByColor, Color, Role};
use serde::{Deserialize, Serialize};

/// A piece's stable id inside one battle (its index in [`Battle::units`](crate::battle::Battle::units)).
pub type PieceId = u16;

/// The name a piece is shown by, the same on every screen and in every log line (players see names,
/// never ids): its role when it joined and its number among its side's pieces of that role. An owned
/// piece is numbered in the order the run got its pieces of that role (lost ones included, so a
/// number is never reused: [`Run::piece_name`](crate::run::Run::piece_name)); an enemy piece or a
/// temporary reinforcement by the battle, in the order its pieces of that role joined. `Display`:
/// `Knight` for number 1, `Knight 2` after it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PieceName {
    /// The role the piece had when it joined (a promoted pawn keeps its name).
    pub role: Role,
    /// Its number among its side's pieces of that role, from 1.
    pub number: u16,
}

impl fmt::Display for PieceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.role.name();
        let mut chars = name.chars();
        if let Some(first) = chars.next() {
            write!(f, "{}{}", first.to_uppercase(), chars.as_str())?;
        }
        if self.number > 1 {
            write!(f, " {}", self.number)?;
        }
        Ok(())
    }
}

impl PieceName {
    /// What a piece of `role` does in a battle, in one short sentence for a card (the shop's offers,
    /// the run start): battles have no castling, double step or check, so a king is a piece that
    /// steps (`docs/battle.md` has the rules in full).
    #[must_use]
    pub const fn role_text(role: Role) -> &'static str {
        match role {
            Role::King => "Steps one square in any direction.",
            Role::Queen => "Slides any distance along ranks, files and diagonals.",
            Role::Rook => "Slides any distance along ranks and files.",
            Role::Bishop => "Slides any distance along diagonals.",
            Role::Knight => "Jumps in an L: two squares one way, one to the side.",
            Role::Pawn => {
                "Steps one square forward, captures one diagonally forward, promotes on the last rank."
            }
        }
    }
}

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

/// Per-side storage of the battle read by team: the player's entry is White's, the enemy's Black's
/// ([`Team::color`]), so `rules[team]` needs no `team.color()`.
impl<T> std::ops::Index<Team> for ByColor<T> {
    type Output = T;

    fn index(&self, team: Team) -> &T {
        &self[team.color()]
    }
}

impl<T> std::ops::IndexMut<Team> for ByColor<T> {
    fn index_mut(&mut self, team: Team) -> &mut T {
        &mut self[team.color()]
    }
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

/// A piece's modifier (at most one per piece). Serialized as its lower-case name. The first four
/// act on death or on capture (Schach/2's); the others act while the piece lives. What players see
/// (name, text) is the modifier's item in the catalogue ([`crate::items`]).
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
    /// The first capture against it in a battle is blocked: the armour breaks, the attacker stays
    /// where it was and its action is spent.
    Armored,
    /// When it captures, it gains 1 HP (its maximum rises with it, up to [`crate::items::MAX_HP`]).
    Vampiric,
    /// An opposing piece that ends a move, teleport or reposition next to it (8 neighbours) is frozen
    /// on its square for [`SENTINEL_TICKS`] ticks.
    Sentinel,
    /// At its team's start of turn, every opposing piece next to it (8 neighbours) takes 1 damage.
    Spiked,
    /// Opposing teleports cannot land on it and opposing Freezes cannot target its square.
    Warded,
    /// While it lives, its team's Teleport cooldown drops one extra tick at the team's start of turn.
    Inspiring,
    /// At its team's start of turn, it heals 1 HP (up to its maximum).
    Regenerating,
}

/// How long a Sentinel freezes a piece that stops next to it, ticks (three ticks: the piece loses
/// its team's next turn, as a Freeze of the default duration does).
pub const SENTINEL_TICKS: u32 = 3;

impl Modifier {
    /// Every modifier.
    pub const ALL: [Modifier; 11] = [
        Modifier::Poisonous,
        Modifier::Bulwark,
        Modifier::Rallying,
        Modifier::Swift,
        Modifier::Armored,
        Modifier::Vampiric,
        Modifier::Sentinel,
        Modifier::Spiked,
        Modifier::Warded,
        Modifier::Inspiring,
        Modifier::Regenerating,
    ];

    /// The four modifiers of Schach/2 (the only ones before issue 15): what runs rebuilt from a
    /// version 1 log draw from, as they did then.
    pub const ORIGINAL: [Modifier; 4] =
        [Modifier::Poisonous, Modifier::Bulwark, Modifier::Rallying, Modifier::Swift];

    /// The lower-case name (`"poisonous"`), the id of the modifier's item.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Modifier::Poisonous => "poisonous",
            Modifier::Bulwark => "bulwark",
            Modifier::Rallying => "rallying",
            Modifier::Swift => "swift",
            Modifier::Armored => "armored",
            Modifier::Vampiric => "vampiric",
            Modifier::Sentinel => "sentinel",
            Modifier::Spiked => "spiked",
            Modifier::Warded => "warded",
            Modifier::Inspiring => "inspiring",
            Modifier::Regenerating => "regenerating",
        }
    }

    /// The one-letter mark shown on the board (`P`, `B`, `R`, `S`, `A`, `V`, `N`, `K`, `W`, `I`,
    /// `G`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Modifier::Poisonous => 'P',
            Modifier::Bulwark => 'B',
            Modifier::Rallying => 'R',
            Modifier::Swift => 'S',
            Modifier::Armored => 'A',
            Modifier::Vampiric => 'V',
            Modifier::Sentinel => 'N',
            Modifier::Spiked => 'K',
            Modifier::Warded => 'W',
            Modifier::Inspiring => 'I',
            Modifier::Regenerating => 'G',
        }
    }

    /// The name players see (`"Poisonous"`), from the shipped catalogue.
    #[must_use]
    pub fn title(self) -> &'static str {
        crate::items::ItemCatalogue::shipped().modifier_item(self).map_or(self.name(), |i| i.name.as_str())
    }

    /// The text players see: what it does, from the shipped catalogue.
    #[must_use]
    pub fn description(self) -> &'static str {
        crate::items::ItemCatalogue::shipped().modifier_item(self).map_or("", |i| i.text.as_str())
    }

    /// Whether it acts while its piece lives (the seven added by issue 15), rather than on death or
    /// capture.
    #[must_use]
    pub const fn is_living(self) -> bool {
        !matches!(self, Modifier::Poisonous | Modifier::Bulwark | Modifier::Rallying | Modifier::Swift)
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece the player owns (the roster). Battles never change it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OwnedPiece {
    /// Stable roster id.
    pub id: u32,
    /// Its role.
    pub role: Role,
    /// Its modifier (at most one).
    pub modifier: Option<Modifier>,
}
