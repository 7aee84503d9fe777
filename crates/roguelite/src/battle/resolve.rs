//! Steps 2 to 5 of the resolution order for each kind of action: capture and move, objective before
//! promotion, victory checks and the Swift offer, the budget.

use gambit_rules::{Move, Piece, Role, Square};
use gambit_skills::Skill;

use super::death::Cause;
use super::{ActionError, Battle, BattleAction, BattleEvent, PROMOTION};
use crate::items::{Effect, MAX_HP, skill_bit};
use crate::types::{Modifier, PieceId, SENTINEL_TICKS, Team};

impl Battle {
    /// Applies an action of the team to move, resolving it in the documented order (see the crate
    /// docs and `docs/battle.md`), and returns its events in order.
    ///
    /// # Errors
    /// [`ActionError`] when the action is not legal now; nothing changes then.
    pub fn apply(&mut self, action: BattleAction) -> Result<Vec<BattleEvent>, ActionError> {
        let mv = self.validate(action)?;
        self.tally.clear_events();
        self.resolve_action(action, mv);
        Ok(self.tally.take_events())
    }

    /// Resolves an action that step 1 accepted; `mv` is the rules move of a move or a reposition
    /// (what [`Battle::validate`] returns).
    pub(super) fn resolve_action(&mut self, action: BattleAction, mv: Option<Move>) {
        let team = self.to_move();
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
                let id = self.progress.take_pending().expect("validated");
                self.emit(|b| BattleEvent::RepositionSkipped { unit: b.label(id) });
                self.finish_action(team);
            }
            BattleAction::Use { slot, target } => self.resolve_use(slot, target),
        }
    }

    /// Step 1 (the count) and step 2 for a move; then steps 3-7.
    pub(super) fn resolve_move(&mut self, team: Team, id: PieceId, m: Move, to: Square) {
        self.tally.note_move(id);
        // Step 1: an ordinary player move counts against the budget.
        if team == Team::Player {
            self.budget.spend_move();
        }
        let from = m.from;
        let victim = self.units.id_at(to);
        // Step 2: an Armored victim stops the capture: the armour breaks, the attacker stays.
        if let Some(v) = victim
            && self.units[v].armor
        {
            self.break_armor(v, id);
            if !self.budget_exhausted(team) {
                self.end_turn(team);
            }
            return;
        }
        let victim_frozen = victim.is_some() && self.board.is_frozen(to);
        // Step 2: remove the captured piece, move the attacker (the rules move does both), activate a
        // vacated wall, then resolve the captured piece's death effect and the capture's effects.
        // Validated (or, in the search, one of the generated moves): no second check.
        self.board.play_action_unchecked(gambit_skills::Action::Move(m));
        self.relocate_unit(id, from, to);
        self.emit(|b| BattleEvent::Moved { unit: b.label(id), from, to });
        self.activate_walls();
        if let Some(v) = victim {
            self.kill(v, Cause::Capture(id));
            self.after_capture(team, id, victim_frozen);
        }
        self.sentinel_check(id);
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
            self.promote_to(id, role);
        } else {
            self.early_promotion(id);
        }
        // Step 4: victory and army elimination, then a reposition offer.
        if self.decided_by(team) {
            return;
        }
        let u = &self.units[id];
        let swift = victim.is_some()
            && u.alive
            && (u.modifier == Some(Modifier::Swift) || self.conditions.rules(team).swift_role(u.role));
        // Step 5: the budget, after the victory checks.
        if self.budget_exhausted(team) {
            return;
        }
        if swift && self.offer_reposition(team, id) {
            return;
        }
        self.end_turn(team);
    }

    /// Offers the pending reposition of `id` when it has a non-capturing move; `false` when not.
    fn offer_reposition(&mut self, team: Team, id: PieceId) -> bool {
        if self.reposition_moves(id).is_empty() {
            return false;
        }
        self.progress.offer_reposition(id);
        self.board.edit_position(|p| p.set_turn(team.color()));
        let square = self.units[id].square;
        self.emit(|b| BattleEvent::RepositionOffered { unit: b.label(id), square });
        true
    }

    /// Step 2: an Armored piece's armour breaks under a capture (or a teleport onto it); the
    /// attacker stays where it was.
    fn break_armor(&mut self, victim: PieceId, by: PieceId) {
        let square = self.units.update(victim, |u| {
            u.armor = false;
            u.square
        });
        self.emit(|b| BattleEvent::ArmorBroken { unit: b.label(victim), by: b.label(by), square });
    }

    /// Step 2, after a capture by `capturer` of `team`: Vampiric, the frozen-capture refund and the
    /// skills badges make ready (the capturer's first capture; the victim's team's loss).
    fn after_capture(&mut self, team: Team, capturer: PieceId, victim_frozen: bool) {
        let rules = *self.conditions.rules(team);
        let healed = self.units.update(capturer, |c| {
            (c.alive && c.modifier == Some(Modifier::Vampiric) && c.hp < MAX_HP).then(|| {
                c.hp += 1;
                c.max_hp = c.max_hp.max(c.hp);
                (c.square, c.hp)
            })
        });
        if let Some((square, hp_left)) = healed {
            self.emit(|b| BattleEvent::Healed { unit: b.label(capturer), square, hp: 1, hp_left });
        }
        if victim_frozen && team == Team::Player && rules.frozen_capture_refund > 0 {
            let moves = self.budget.refund(rules.frozen_capture_refund);
            self.emit(|_| BattleEvent::MovesGiven { moves });
        }
        if self.tally.captures(team) == 0 {
            self.make_ready(team, rules.ready_on_first_capture);
        }
        self.tally.note_capture(team);
        let loser = team.other();
        self.make_ready(loser, self.conditions.rules(loser).ready_on_loss);
    }

    /// Makes `team`'s skills in `bits` ([`skill_bit`]) ready at once (when the team has skills).
    pub(super) fn make_ready(&mut self, team: Team, bits: u8) {
        if bits == 0 || !self.has_skills(team) {
            return;
        }
        for skill in Skill::ALL {
            if bits & skill_bit(skill) != 0 && self.board.cooldown(team.color(), skill) > 0 {
                self.board.set_cooldown(team.color(), skill, 0);
                self.emit(|_| BattleEvent::SkillReady { team, skill });
            }
        }
    }

    /// Step 2's Sentinel: a living piece that ends a move, teleport or reposition next to a living
    /// opposing Sentinel is frozen on its square for [`SENTINEL_TICKS`] ticks.
    pub(super) fn sentinel_check(&mut self, id: PieceId) {
        let u = &self.units[id];
        if !u.alive {
            return;
        }
        let (team, square) = (u.team, u.square);
        let sentinel = self
            .living(team.other())
            .find(|s| s.modifier == Some(Modifier::Sentinel) && chebyshev(s.square, square) == 1);
        let Some(sentinel) = sentinel.map(|s| s.id) else { return };
        let ticks = self.board.frozen_ticks(square).unwrap_or(0).max(SENTINEL_TICKS);
        self.board.set_frozen_ticks(square, ticks);
        self.emit(|b| BattleEvent::Stopped { unit: b.label(id), by: b.label(sentinel), square, ticks });
    }

    pub(super) fn resolve_teleport(&mut self, team: Team, id: PieceId, to: Square) {
        if team == Team::Player {
            // Step 1: a teleport counts against the budget, unless a badge makes it free.
            if self.budget.spend_teleport(self.conditions.rules(Team::Player).free_teleports) {
                self.emit(|_| BattleEvent::FreeTeleport);
            }
            self.tally.note_player_skill();
        }
        let from = self.units[id].square;
        let victim = self.units.id_at(to);
        let cooldown = self.conditions.tuning(team).teleport_cooldown;
        if let Some(v) = victim
            && self.units[v].armor
        {
            // Step 2: the armour stops it; the cast is spent.
            self.board.set_cooldown(team.color(), Skill::Teleport, cooldown);
            self.break_armor(v, id);
            if !self.budget_exhausted(team) {
                self.end_turn(team);
            }
            return;
        }
        let victim_frozen = victim.is_some() && self.board.is_frozen(to);
        self.board.teleport(from, to).expect("validated teleport");
        self.board.set_cooldown(team.color(), Skill::Teleport, cooldown);
        self.relocate_unit(id, from, to);
        self.tally.note_teleport(id);
        self.emit(|b| BattleEvent::Teleported { unit: b.label(id), from, to });
        self.activate_walls();
        if let Some(v) = victim {
            self.kill(v, Cause::Capture(id));
            self.after_capture(team, id, victim_frozen);
        }
        self.sentinel_check(id);
        // Steps 3-4 (a teleport never promotes and triggers Swift only with Swift Recall), then 5.
        if self.decided_by(team) || self.budget_exhausted(team) {
            return;
        }
        let u = &self.units[id];
        let recall = u.alive
            && u.modifier == Some(Modifier::Swift)
            && self.conditions.rules(team).swift_after_teleport;
        if recall && self.offer_reposition(team, id) {
            return;
        }
        self.end_turn(team);
    }

    pub(super) fn resolve_freeze(&mut self, team: Team, square: Square) {
        if team == Team::Player {
            self.tally.note_player_skill();
        }
        self.board.freeze(square).expect("validated freeze");
        let t = self.conditions.tuning(team);
        let rules = *self.conditions.rules(team);
        let occupant = self.unit_at(square).map(|u| (u.id, u.team, u.role));
        let king = occupant.is_some_and(|(_, _, role)| role == Role::King);
        let ticks =
            t.freeze_duration + rules.freeze_longer + if king { rules.freeze_longer_kings } else { 0 };
        self.board.set_cooldown(team.color(), Skill::Freeze, t.freeze_cooldown);
        self.board.set_frozen_ticks(square, ticks);
        self.board.forget_history();
        self.emit(|_| BattleEvent::Frozen { team, square, ticks });
        // Frostbite: the frozen opposing piece takes damage (which may decide the battle).
        if let Some((id, owner, _)) = occupant
            && owner != team
            && rules.freeze_damage > 0
        {
            self.damage(id, rules.freeze_damage);
            self.activate_walls();
            self.decided_by(team);
        }
    }

    pub(super) fn resolve_reposition(&mut self, team: Team, id: PieceId, m: Move) {
        self.tally.note_move(id);
        self.progress.take_pending();
        let (from, to) = (m.from, m.to);
        self.board.edit_position(|p| p.relocate_piece(from, to).map(|_| ())).expect("validated reposition");
        self.relocate_unit(id, from, to);
        self.emit(|b| BattleEvent::Repositioned { unit: b.label(id), from, to });
        self.activate_walls();
        self.sentinel_check(id);
        if self.units[id].role == Role::Pawn && self.position().is_promotion_square(team.color(), to) {
            let role = PROMOTION.role_for(self.position(), team.color());
            self.promote_to(id, role);
        } else {
            self.early_promotion(id);
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
        self.units.relocate(id, from, to);
    }

    /// Step 3: promotes unit `id` (a pawn on its square) to `role`, or to the role a badge names
    /// ([`TeamRules::promote_to`](crate::items::TeamRules::promote_to)), and puts that piece on the
    /// board.
    pub(super) fn promote_to(&mut self, id: PieceId, role: Role) {
        let (team, square) = (self.units[id].team, self.units[id].square);
        let role = self.conditions.rules(team).promote_to.unwrap_or(role);
        self.board
            .edit_position(|p| p.put_piece(square, Piece::new(team.color(), role)).map(|_| ()))
            .expect("the square is playable");
        self.promote(id, role);
    }

    /// Step 3 with Field Promotion: a pawn of a team with the badge that arrives on the square before
    /// its promotion square promotes there (queen if the team has none, else rook; or the badge's
    /// role).
    pub(super) fn early_promotion(&mut self, id: PieceId) {
        let u = &self.units[id];
        if !u.alive || u.role != Role::Pawn || !self.early_promotion_square(u.team, u.square) {
            return;
        }
        let role = PROMOTION.role_for(self.position(), u.team.color());
        self.promote_to(id, role);
    }

    pub(super) fn promote(&mut self, id: PieceId, role: Role) {
        if self.units[id].team == Team::Player {
            self.tally.note_player_promotion(id);
        }
        let (pawn, square) = (self.label(id), self.units[id].square);
        self.units.update(id, |u| {
            u.role = role;
            u.promoted = true;
        });
        self.emit(|_| BattleEvent::Promoted { unit: pawn, square, role });
    }

    /// A consumable's own effect (step 2; a free action: the turn does not end, the clock does not
    /// tick), then the victory checks when it may have decided the battle.
    pub(super) fn resolve_use(&mut self, slot: u8, target: Option<Square>) {
        let effect = self.pack.use_slot(slot);
        self.emit(|_| BattleEvent::ItemUsed { slot, effect: effect.kind().to_string(), name: None });
        let target = target.and_then(|t| self.units.id_at(t));
        match (effect, target) {
            (Effect::Haste, _) => self.progress.add_haste(),
            (Effect::Hourglass, _) => {
                self.make_ready(Team::Player, skill_bit(Skill::Teleport) | skill_bit(Skill::Freeze))
            }
            (Effect::Rations { moves }, _) => {
                self.budget.extend(moves);
                self.emit(|_| BattleEvent::MovesGiven { moves });
            }
            (Effect::CallToArms, _) => self.summon(Team::Player, Role::Pawn, None),
            (Effect::Retreat, Some(id)) => {
                let (from, to) = (self.units[id].square, self.units[id].start);
                self.board
                    .edit_position(|p| p.relocate_piece(from, to).map(|_| ()))
                    .expect("validated retreat");
                self.relocate_unit(id, from, to);
                self.emit(|b| BattleEvent::Repositioned { unit: b.label(id), from, to });
                self.activate_walls();
            }
            (Effect::Elixir { hp }, Some(id)) => {
                let (healed, square, hp_left) = self.units.update(id, |u| {
                    u.max_hp = (u.max_hp + hp).min(MAX_HP).max(u.max_hp);
                    let healed = u.max_hp - u.hp;
                    u.hp = u.max_hp;
                    (healed, u.square, u.hp)
                });
                self.emit(|b| BattleEvent::Healed { unit: b.label(id), square, hp: healed, hp_left });
            }
            (Effect::Firebomb { damage }, Some(id)) => {
                self.damage(id, damage);
                self.activate_walls();
            }
            _ => {}
        }
        self.decided_by(Team::Player);
    }
}

/// The Chebyshev distance between two squares (1: neighbours).
pub(super) fn chebyshev(a: Square, b: Square) -> u8 {
    let df = a.file().index().abs_diff(b.file().index());
    let dr = a.rank().index().abs_diff(b.rank().index());
    df.max(dr)
}
