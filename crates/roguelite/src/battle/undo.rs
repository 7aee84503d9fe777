//! The search's play and undo: an action applied without step 1's validation, after saving what an
//! action can change into a reused record, and an undo that puts all of it back exactly.
//!
//! What an action can change, part by part: the skills board (position, cooldowns, frozen squares,
//! its log and undo history), the units (HP, maximum HP, armour, role, square, life; reinforcements
//! and summoned pawns appended) with their square map, the hazards (clouds and dormant walls), the
//! turn state (side to move, pending reposition, status, ply, Haste), the budget, the pack and the
//! tally (statistics, kills, captures, the units that teleported recently and, when events are on,
//! the events; quietness aside). The battle's conditions (shape, objective, bonus, skill tuning,
//! team rules, whether the enemy has skills, royal kings, which teams had a king) never change after
//! [`Battle::new`](super::Battle::new).

use gambit_rules::{Move, MoveKind, Role, Square};
use gambit_skills::SkillBoard;

use super::budget::Budget;
use super::hazards::Hazards;
use super::pack::Pack;
use super::progress::Progress;
use super::tally::TallySave;
use super::units::Units;
use super::{Battle, BattleAction, PROMOTION};
use crate::types::PieceId;

/// What [`Battle::play_unchecked`] saved, for [`Battle::undo`]: each part an action can change. Keep
/// one per search ply and reuse it: its buffers keep their capacity, so once they have grown a
/// search allocates nothing per node (the former path cloned the whole battle, every vector of it,
/// per node).
#[derive(Clone, Debug, Default)]
pub(crate) struct BattleUndo {
    board: Option<SkillBoard>,
    units: Option<Units>,
    hazards: Hazards,
    tally: TallySave,
    /// The small parts, copied whole; `None` when nothing is saved.
    counters: Option<(Progress, Budget, Pack)>,
}

impl BattleUndo {
    fn save(&mut self, b: &Battle) {
        match &mut self.board {
            Some(board) => board.clone_from(&b.board),
            None => self.board = Some(b.board.clone()),
        }
        match &mut self.units {
            Some(units) => units.clone_from(&b.units),
            None => self.units = Some(b.units.clone()),
        }
        self.hazards.clone_from(&b.hazards);
        b.tally.save(&mut self.tally);
        self.counters = Some((b.progress, b.budget, b.pack));
    }
}

impl Battle {
    /// Applies `action` without step 1's validation, saving into `undo` what it may change
    /// ([`Battle::undo`] restores it). For the search: `action` must be one of
    /// [`Battle::legal_actions`] or [`Battle::bot_actions`] of this very state, and then the result
    /// equals [`Battle::apply`]'s (without returning the events). A move or reposition the rules do
    /// not offer leaves the battle unchanged.
    pub(crate) fn play_unchecked(&mut self, action: BattleAction, undo: &mut BattleUndo) {
        undo.save(self);
        let mv = match action {
            BattleAction::Move { id, to } => match self.rules_move(id, to) {
                Some(m) => Some(m),
                None => return,
            },
            BattleAction::Reposition { id, to } => {
                match self.reposition_moves(id).into_iter().find(|m: &Move| m.to == to) {
                    Some(m) => Some(m),
                    None => return,
                }
            }
            _ => None,
        };
        self.resolve_action(action, mv);
    }

    /// The rules move of piece `id` to `to`, built without generating the legal moves: under
    /// [`BATTLE_RULES`](super::BATTLE_RULES) (no castling, en passant or double step) a move is its
    /// squares, the roles on them and, for a pawn reaching its promotion square, [`PROMOTION`]'s
    /// role. Debug builds check it against the generated moves.
    fn rules_move(&self, id: PieceId, to: Square) -> Option<Move> {
        let from = self.units.get(id)?.square;
        let position = self.board.position();
        let piece = position.piece_at(from)?;
        let promotion = (piece.role == Role::Pawn && position.is_promotion_square(piece.color, to))
            .then(|| PROMOTION.role_for(position, piece.color));
        let m = Move {
            from,
            to,
            role: piece.role,
            capture: position.piece_at(to).map(|p| p.role),
            promotion,
            kind: MoveKind::Normal,
        };
        debug_assert!(self.board.legal_moves().contains(&m), "{m:?} is not a rules move");
        Some(m)
    }

    /// Takes back the action [`Battle::play_unchecked`] played with this `undo`, the last one
    /// played: the battle is again equal to what it was before. The record's buffers are swapped
    /// back, not copied; it holds garbage afterwards, to be overwritten by the next save.
    pub(crate) fn undo(&mut self, undo: &mut BattleUndo) {
        let Some((progress, budget, pack)) = undo.counters.take() else { return };
        if let Some(board) = &mut undo.board {
            std::mem::swap(&mut self.board, board);
        }
        if let Some(units) = &mut undo.units {
            self.units.restore(units);
        }
        std::mem::swap(&mut self.hazards, &mut undo.hazards);
        self.tally.restore(&mut undo.tally);
        self.progress = progress;
        self.budget = budget;
        self.pack = pack;
    }
}
