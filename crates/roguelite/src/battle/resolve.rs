//! Steps 2 to 5 of the resolution order for each kind of action: capture and move, objective before
//! promotion, victory checks and the Swift offer, the budget.

use gambit_rules::{Move, Piece, Role, Square};
use gambit_skills::Skill;

use super::{Action, ActionError, Battle, Event, EventKind};
use crate::types::{Modifier, PieceId, Side, role_name};

impl Battle {
    /// Applies an action of the side to move, resolving it in the documented order (see the crate
    /// docs and `docs/battle.md`), and returns its events in order.
    ///
    /// # Errors
    /// [`ActionError`] when the action is not legal now; nothing changes then.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, ActionError> {
        let mv = self.validate(action)?;
        self.events.clear();
        let side = self.to_move;
        match action {
            Action::Move { id, to } => {
                let m = mv.expect("validated moves carry the rules move");
                self.resolve_move(side, id, m, to);
            }
            Action::Teleport { id, to } => self.resolve_teleport(side, id, to),
            Action::Freeze { square } => self.resolve_freeze(side, square),
            Action::Reposition { id, .. } => {
                let m = mv.expect("validated repositions carry the rules move");
                self.resolve_reposition(side, id, m);
            }
            Action::Skip => {
                let id = self.pending.take().expect("validated");
                self.emit(EventKind::RepositionSkipped, &[id], &[], 0, |b| {
                    format!("{} stays put", b.units[id as usize].name())
                });
                self.finish_action(side);
            }
        }
        Ok(std::mem::take(&mut self.events))
    }

    /// Step 1 (the count) and step 2 for a move; then steps 3-7.
    pub(super) fn resolve_move(&mut self, side: Side, id: PieceId, m: Move, to: Square) {
        // Step 1: an ordinary player move counts against the budget.
        if side == Side::Player {
            self.moves_used += 1;
        }
        let from = m.from;
        let victim = self.at[to.index() as usize];
        // Step 2: remove the captured piece, move the attacker (the rules move does both), activate a
        // vacated wall, then resolve the captured piece's death effect.
        self.board.play(m).expect("validated move");
        self.relocate_unit(id, from, to);
        self.emit(EventKind::Moved, &[id], &[from, to], 0, |b| {
            format!("{} moves {from}-{to}", b.units[id as usize].name())
        });
        self.activate_walls();
        if let Some(v) = victim {
            self.kill(v, Some(id));
        }
        // Step 3: objective before promotion; otherwise promote.
        if self.decided_by(side) {
            if m.promotion.is_some() {
                // The win came first: the pawn stays a pawn.
                self.board
                    .edit_position(|p| p.put_piece(to, Piece::new(side.color(), Role::Pawn)).map(|_| ()))
                    .expect("the square is playable");
            }
            self.board.edit_position(|p| p.set_turn(side.color()));
            return;
        }
        if let Some(role) = m.promotion {
            self.promote(id, role);
        }
        // Step 4: victory and army elimination, then a Swift offer.
        if self.decided_by(side) {
            return;
        }
        let swift = victim.is_some() && self.units[id as usize].modifier == Some(Modifier::Swift);
        // Step 5: the budget, after the victory checks.
        if self.budget_exhausted(side) {
            return;
        }
        if swift && !self.reposition_moves(id).is_empty() {
            self.pending = Some(id);
            self.board.edit_position(|p| p.set_turn(side.color()));
            self.emit(EventKind::RepositionOffered, &[id], &[to], 0, |b| {
                format!("{} may reposition (free, no capture) or skip", b.units[id as usize].name())
            });
            return;
        }
        self.end_turn(side);
    }

    pub(super) fn resolve_teleport(&mut self, side: Side, id: PieceId, to: Square) {
        if side == Side::Player {
            self.moves_used += 1;
            self.stats.player_skills_used += 1;
        }
        let from = self.units[id as usize].square;
        let victim = self.at[to.index() as usize];
        self.board.teleport(from, to).expect("validated teleport");
        let cooldown = self.tuning[side.index()].teleport_cooldown;
        self.board.set_cooldown(side.color(), Skill::Teleport, cooldown);
        self.relocate_unit(id, from, to);
        self.emit(EventKind::Teleported, &[id], &[from, to], 0, |b| {
            format!("{} teleports {from}-{to}", b.units[id as usize].name())
        });
        self.activate_walls();
        if let Some(v) = victim {
            self.kill(v, Some(id));
        }
        // Steps 3-4 (a teleport never promotes and never triggers Swift), then 5.
        if self.decided_by(side) || self.budget_exhausted(side) {
            return;
        }
        self.end_turn(side);
    }

    pub(super) fn resolve_freeze(&mut self, side: Side, square: Square) {
        if side == Side::Player {
            self.stats.player_skills_used += 1;
        }
        self.board.freeze(square).expect("validated freeze");
        let t = self.tuning[side.index()];
        self.board.set_cooldown(side.color(), Skill::Freeze, t.freeze_cooldown);
        self.board.set_frozen_ticks(square, t.freeze_duration);
        self.board.forget_history();
        let ticks = u8::try_from(t.freeze_duration).unwrap_or(u8::MAX);
        self.emit(EventKind::Frozen, &[], &[square], ticks, |_| {
            format!("the {side} freezes {square} for {} ticks", t.freeze_duration)
        });
    }

    pub(super) fn resolve_reposition(&mut self, side: Side, id: PieceId, m: Move) {
        self.pending = None;
        let (from, to) = (m.from, m.to);
        self.board.edit_position(|p| p.relocate_piece(from, to).map(|_| ())).expect("validated reposition");
        self.relocate_unit(id, from, to);
        self.emit(EventKind::Repositioned, &[id], &[from, to], 0, |b| {
            format!("{} repositions {from}-{to}", b.units[id as usize].name())
        });
        self.activate_walls();
        if self.units[id as usize].role == Role::Pawn && self.position().is_promotion_square(side.color(), to)
        {
            let has_queen = self.living(side).any(|u| u.role == Role::Queen);
            let role = if has_queen { Role::Rook } else { Role::Queen };
            self.board
                .edit_position(|p| p.put_piece(to, Piece::new(side.color(), role)).map(|_| ()))
                .expect("playable");
            self.promote(id, role);
        }
        if self.decided_by(side) {
            return;
        }
        self.finish_action(side);
    }

    /// After a skip: steps 5-7.
    pub(super) fn finish_action(&mut self, side: Side) {
        if self.budget_exhausted(side) {
            return;
        }
        self.end_turn(side);
    }

    pub(super) fn relocate_unit(&mut self, id: PieceId, from: Square, to: Square) {
        self.at[from.index() as usize] = None;
        self.at[to.index() as usize] = Some(id);
        self.unit_mut(id).square = to;
    }

    pub(super) fn promote(&mut self, id: PieceId, role: Role) {
        let u = self.unit_mut(id);
        u.role = role;
        u.promoted = true;
        let sq = u.square;
        let side = self.units[id as usize].side;
        self.emit(EventKind::Promoted, &[id], &[sq], 0, |_| {
            format!("{} pawn #{id} promotes to a {} on {sq}", side.possessive(), role_name(role))
        });
    }
}
