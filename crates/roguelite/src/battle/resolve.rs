//! Steps 2 to 5 of the resolution order for each kind of action: capture and move, objective before
//! promotion, victory checks and the Swift offer, the budget.

use gambit_rules::{Move, Piece, Role, Square};
use gambit_skills::Skill;

use super::{ActionError, Battle, BattleAction, BattleEvent, PROMOTION};
use crate::types::{Modifier, PieceId, Team};

impl Battle {
    /// Applies an action of the team to move, resolving it in the documented order (see the crate
    /// docs and `docs/battle.md`), and returns its events in order.
    ///
    /// # Errors
    /// [`ActionError`] when the action is not legal now; nothing changes then.
    pub fn apply(&mut self, action: BattleAction) -> Result<Vec<BattleEvent>, ActionError> {
        let mv = self.validate(action)?;
        self.events.clear();
        let team = self.to_move;
        match action {
            BattleAction::Move { id, to } => {
                let m = mv.expect("validated moves carry the rules move");
                self.resolve_move(team, id, m, to);
            }
            BattleAction::Teleport { id, to } => self.resolve_teleport(team, id, to),
            BattleAction::Freeze { square } => self.resolve_freeze(team, square),
            BattleAction::Reposition { id, .. } => {
                let m = mv.expect("validated repositions carry the rules move");
                self.resolve_reposition(team, id, m);
            }
            BattleAction::Skip => {
                let id = self.pending.take().expect("validated");
                self.emit(|b| BattleEvent::RepositionSkipped { unit: b.label(id) });
                self.finish_action(team);
            }
        }
        Ok(std::mem::take(&mut self.events))
    }

    /// Step 1 (the count) and step 2 for a move; then steps 3-7.
    pub(super) fn resolve_move(&mut self, team: Team, id: PieceId, m: Move, to: Square) {
        // Step 1: an ordinary player move counts against the budget.
        if team == Team::Player {
            self.moves_used += 1;
        }
        let from = m.from;
        let victim = self.at[to.index() as usize];
        // Step 2: remove the captured piece, move the attacker (the rules move does both), activate a
        // vacated wall, then resolve the captured piece's death effect.
        self.board.play(m).expect("validated move");
        self.relocate_unit(id, from, to);
        self.emit(|b| BattleEvent::Moved { unit: b.label(id), from, to });
        self.activate_walls();
        if let Some(v) = victim {
            self.kill(v, Some(id));
        }
        // Step 3: objective before promotion; otherwise promote.
        if self.decided_by(team) {
            if m.promotion.is_some() {
                // The win came first: the pawn stays a pawn.
                self.board
                    .edit_position(|p| p.put_piece(to, Piece::new(team.color(), Role::Pawn)).map(|_| ()))
                    .expect("the square is playable");
            }
            self.board.edit_position(|p| p.set_turn(team.color()));
            return;
        }
        if let Some(role) = m.promotion {
            self.promote(id, role);
        }
        // Step 4: victory and army elimination, then a Swift offer.
        if self.decided_by(team) {
            return;
        }
        let swift = victim.is_some() && self.units[id as usize].modifier == Some(Modifier::Swift);
        // Step 5: the budget, after the victory checks.
        if self.budget_exhausted(team) {
            return;
        }
        if swift && !self.reposition_moves(id).is_empty() {
            self.pending = Some(id);
            self.board.edit_position(|p| p.set_turn(team.color()));
            self.emit(|b| BattleEvent::RepositionOffered { unit: b.label(id), square: to });
            return;
        }
        self.end_turn(team);
    }

    pub(super) fn resolve_teleport(&mut self, team: Team, id: PieceId, to: Square) {
        if team == Team::Player {
            self.moves_used += 1;
            self.stats.player_skills_used += 1;
        }
        let from = self.units[id as usize].square;
        let victim = self.at[to.index() as usize];
        self.board.teleport(from, to).expect("validated teleport");
        let cooldown = self.tuning[team.color()].teleport_cooldown;
        self.board.set_cooldown(team.color(), Skill::Teleport, cooldown);
        self.relocate_unit(id, from, to);
        self.emit(|b| BattleEvent::Teleported { unit: b.label(id), from, to });
        self.activate_walls();
        if let Some(v) = victim {
            self.kill(v, Some(id));
        }
        // Steps 3-4 (a teleport never promotes and never triggers Swift), then 5.
        if self.decided_by(team) || self.budget_exhausted(team) {
            return;
        }
        self.end_turn(team);
    }

    pub(super) fn resolve_freeze(&mut self, team: Team, square: Square) {
        if team == Team::Player {
            self.stats.player_skills_used += 1;
        }
        self.board.freeze(square).expect("validated freeze");
        let t = self.tuning[team.color()];
        self.board.set_cooldown(team.color(), Skill::Freeze, t.freeze_cooldown);
        self.board.set_frozen_ticks(square, t.freeze_duration);
        self.board.forget_history();
        self.emit(|_| BattleEvent::Frozen { team, square, ticks: t.freeze_duration });
    }

    pub(super) fn resolve_reposition(&mut self, team: Team, id: PieceId, m: Move) {
        self.pending = None;
        let (from, to) = (m.from, m.to);
        self.board.edit_position(|p| p.relocate_piece(from, to).map(|_| ())).expect("validated reposition");
        self.relocate_unit(id, from, to);
        self.emit(|b| BattleEvent::Repositioned { unit: b.label(id), from, to });
        self.activate_walls();
        if self.units[id as usize].role == Role::Pawn && self.position().is_promotion_square(team.color(), to)
        {
            let role = PROMOTION.role_for(self.position(), team.color());
            self.board
                .edit_position(|p| p.put_piece(to, Piece::new(team.color(), role)).map(|_| ()))
                .expect("playable");
            self.promote(id, role);
        }
        if self.decided_by(team) {
            return;
        }
        self.finish_action(team);
    }

    /// After a skip: steps 5-7.
    pub(super) fn finish_action(&mut self, team: Team) {
        if self.budget_exhausted(team) {
            return;
        }
        self.end_turn(team);
    }

    pub(super) fn relocate_unit(&mut self, id: PieceId, from: Square, to: Square) {
        self.at[from.index() as usize] = None;
        self.at[to.index() as usize] = Some(id);
        self.unit_mut(id).square = to;
    }

    pub(super) fn promote(&mut self, id: PieceId, role: Role) {
        let (pawn, square) = (self.label(id), self.units[id as usize].square);
        let u = self.unit_mut(id);
        u.role = role;
        u.promoted = true;
        self.emit(|_| BattleEvent::Promoted { unit: pawn, square, role });
    }
}
