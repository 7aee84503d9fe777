//! The state a battle reports: its pieces, clouds, status and counts.

use std::fmt;

use gambit_rules::{ByColor, Role, Square};
use serde::{Deserialize, Serialize};

use crate::types::{Modifier, PieceId, PieceName, Team};

/// A piece in a battle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Its stable id (its index in [`Battle::units`](super::Battle::units)).
    pub id: PieceId,
    /// Its team.
    pub team: Team,
    /// Its current role (a promoted pawn changes role and keeps its id).
    pub role: Role,
    /// Remaining hit points (`max_hp` at the start, 0 when dead).
    pub hp: u8,
    /// Hit points at full health ([`START_HP`](super::START_HP) unless a badge or a modifier raised
    /// it).
    pub max_hp: u8,
    /// Its modifier.
    pub modifier: Option<Modifier>,
    /// Its square (the death square once dead).
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
    /// The name it is shown by (`Knight 2`): an owned piece's from the run, the others' from the
    /// battle ([`PieceName`]).
    pub name: PieceName,
    /// An Armored piece whose armour still holds (the next capture against it fails).
    #[serde(default)]
    pub armor: bool,
    /// The square it started the battle on (deployed, or appeared on).
    pub start: Square,
}

impl Unit {
    /// Whether its modifier is spent: an Armored piece whose armour broke (it stopped one capture;
    /// the next one takes it).
    #[must_use]
    pub fn armor_broken(&self) -> bool {
        self.modifier == Some(crate::types::Modifier::Armored) && !self.armor
    }
}

/// A poison cloud: its squares and one remaining-exposure counter per team.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cloud {
    /// The covered squares (death square first).
    pub squares: Vec<Square>,
    /// Remaining exposures of each team's pieces, by the team's colour (White: the player).
    pub counters: ByColor<u8>,
}

impl Cloud {
    /// Remaining exposures of `team`'s pieces (start-of-turn boundaries at which the cloud still
    /// hurts them).
    #[must_use]
    pub fn remaining(&self, team: Team) -> u8 {
        self.counters[team]
    }

    /// The larger of the two counters: boundaries until the cloud has hurt both teams for the last
    /// time (what the board shows).
    #[must_use]
    pub fn ticks_left(&self) -> u8 {
        self.counters.white.max(self.counters.black)
    }
}

/// Why the player lost.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefeatReason {
    /// The player's last king died in a battle with royal kings.
    KingCaptured,
    /// The player has no piece left.
    ArmyEliminated,
    /// The player had no action at the start of a turn and no frozen piece (a player whose only
    /// movable pieces are frozen passes instead).
    NoAction,
    /// The move budget ran out.
    OutOfMoves,
}

impl fmt::Display for DefeatReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DefeatReason::KingCaptured => "your king was captured",
            DefeatReason::ArmyEliminated => "your army was eliminated",
            DefeatReason::NoAction => "you had no action (no piece could move or teleport)",
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

/// Where a battle's bonus objective stands ([`Battle::bonus_state`](super::Battle::bonus_state)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BonusState {
    /// Not met yet and still possible (the enemy piece to capture lives).
    Pending,
    /// Met as things stand and still breakable (a loss, a skill cast, the move limit): winning now
    /// earns it.
    OnTrack,
    /// Met for good (the piece to capture is captured): nothing in the battle can undo it, winning
    /// earns it.
    Secured,
    /// It can no longer be earned in this battle.
    Lost,
    /// The battle was won with it.
    Earned,
}

impl fmt::Display for BonusState {
    /// `not yet`, `on track`, `done, win to earn it`, `lost`, `earned`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BonusState::Pending => "not yet",
            BonusState::OnTrack => "on track",
            BonusState::Secured => "done, win to earn it",
            BonusState::Lost => "lost",
            BonusState::Earned => "earned",
        })
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
    /// Player pawns promoted.
    #[serde(default)]
    pub promotions: u32,
    /// Of [`BattleStats::promotions`], those by a pawn that teleported within its last two moves (the
    /// teleport was one of its two actions before the promoting one): what the pawn guard of the skill
    /// rules is for (issue 14).
    #[serde(default)]
    pub promotions_after_teleport: u32,
}
