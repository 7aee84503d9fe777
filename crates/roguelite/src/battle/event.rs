//! What an action reports: its events, in order.

use gambit_rules::Square;
use serde::{Deserialize, Serialize};

use super::Battle;
use crate::types::{PieceId, squares_serde};

/// What an [`Event`] reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// A piece moved (ids: the piece; squares: from, to).
    Moved,
    /// A piece was captured (ids: victim, capturer; squares: the square).
    Captured,
    /// A piece died of poison (ids: the piece; squares: its square).
    Died,
    /// A piece teleported (ids: the piece; squares: from, to).
    Teleported,
    /// A square was frozen (squares: the square; damage: the ticks).
    Frozen,
    /// A pawn promoted (ids: the piece; squares: its square).
    Promoted,
    /// A Swift reposition is offered (ids: the piece).
    RepositionOffered,
    /// The Swift piece repositioned (ids: the piece; squares: from, to).
    Repositioned,
    /// The reposition was declined (ids: the piece).
    RepositionSkipped,
    /// A Bulwark wall is waiting for its square to empty (squares: the square).
    WallDormant,
    /// A wall rose (squares: the square).
    WallRaised,
    /// A poison cloud appeared (squares: its squares).
    CloudCreated,
    /// A poison cloud expired (squares: its squares).
    CloudExpired,
    /// Poison hurt a piece (ids: the piece; squares: its square; damage: 1).
    PoisonDamage,
    /// A Rallying reinforcement joined (ids: the new pawn, the fallen piece; squares: its square).
    Reinforcement,
    /// A Rallying death found no free home-row square (ids: the fallen piece).
    NoReinforcement,
    /// A side passed: it had no action (the enemy only).
    Passed,
    /// A new turn started (ids: none; the text names the side and the ply).
    TurnStarted,
    /// The player won.
    Victory,
    /// The player lost.
    Defeat,
}

/// One thing that happened, in order, for the UI and the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// A readable sentence.
    pub text: String,
    /// The pieces involved.
    pub ids: Vec<PieceId>,
    /// The squares involved.
    #[serde(with = "squares_serde")]
    pub squares: Vec<Square>,
    /// Damage dealt, HP (poison); ticks for a freeze; else 0.
    pub damage: u8,
}

impl Battle {
    pub(super) fn emit(
        &mut self,
        kind: EventKind,
        ids: &[PieceId],
        squares: &[Square],
        damage: u8,
        text: impl FnOnce(&Battle) -> String,
    ) {
        if self.quiet {
            return;
        }
        let text = text(self);
        self.events.push(Event { kind, text, ids: ids.to_vec(), squares: squares.to_vec(), damage });
    }
}
