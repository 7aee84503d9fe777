//! The state a battle reports: its pieces, clouds, status and counts.

use std::fmt;

use gambit_rules::{Role, Square};
use serde::{Deserialize, Serialize};

use crate::types::{Modifier, PieceId, Side, role_name, role_serde, square_serde, squares_serde};

/// A piece in a battle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Its stable id (its index in [`Battle::units`](super::Battle::units)).
    pub id: PieceId,
    /// Its side.
    pub side: Side,
    /// Its current role (a promoted pawn changes role and keeps its id).
    #[serde(with = "role_serde")]
    pub role: Role,
    /// Remaining hit points (2 at the start, 0 when dead).
    pub hp: u8,
    /// Its modifier.
    pub modifier: Option<Modifier>,
    /// Its square (the death square once dead).
    #[serde(with = "square_serde")]
    pub square: Square,
    /// Whether it is alive.
    pub alive: bool,
    /// A temporary reinforcement (never part of the roster).
    pub temporary: bool,
    /// A marked target.
    pub target: bool,
    /// Whether it was promoted in this battle.
    pub promoted: bool,
    /// The roster id of an owned piece.
    pub roster_id: Option<u32>,
}

impl Unit {
    /// A short readable name: `your knight #3`, `enemy rook #12`.
    #[must_use]
    pub fn name(&self) -> String {
        format!("{} {} #{}", self.side.possessive(), role_name(self.role), self.id)
    }
}

/// A poison cloud: its squares and one remaining-exposure counter per side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cloud {
    /// The covered squares (death square first).
    #[serde(with = "squares_serde")]
    pub squares: Vec<Square>,
    /// Remaining exposures of the player's and the enemy's pieces (index by [`Side::index`]).
    pub counters: [u8; 2],
}

/// Why the player lost.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefeatReason {
    /// The player's king died.
    KingCaptured,
    /// The player has no piece left.
    ArmyEliminated,
    /// The player had no action at the start of a turn.
    NoAction,
    /// The move budget ran out.
    OutOfMoves,
}

impl fmt::Display for DefeatReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DefeatReason::KingCaptured => "your king was captured",
            DefeatReason::ArmyEliminated => "your army was eliminated",
            DefeatReason::NoAction => "you had no action",
            DefeatReason::OutOfMoves => "you ran out of moves",
        })
    }
}

/// Where a battle stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum BattleStatus {
    /// Still being played.
    Ongoing,
    /// The player won; `bonus` tells whether the bonus objective was completed.
    Victory {
        /// The bonus objective was completed.
        bonus: bool,
    },
    /// The player lost.
    Defeat {
        /// Why.
        reason: DefeatReason,
    },
}

impl BattleStatus {
    /// Whether the battle is over.
    #[must_use]
    pub fn is_over(self) -> bool {
        self != BattleStatus::Ongoing
    }
}

/// Running counts of a battle.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattleStats {
    /// Owned (non-temporary) player pieces lost.
    pub owned_lost: u32,
    /// Owned player pawns lost.
    pub pawns_lost: u32,
    /// Temporary player pawns lost.
    pub temporary_pawns_lost: u32,
    /// Enemy pieces killed.
    pub enemy_killed: u32,
    /// Player skill casts.
    pub player_skills_used: u32,
}
