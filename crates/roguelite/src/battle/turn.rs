//! The checks that end a battle (steps 3, 4, 5 and 7) and the switch of sides with the skill clock
//! and poison (step 6).

use gambit_rules::Role;
use gambit_skills::Skill;

use super::death::Cause;
use super::resolve::chebyshev;
use super::{Battle, BattleEvent, BattleStatus, DefeatReason};
use crate::types::{Modifier, PieceId, Team};

impl Battle {
    /// Whether `team` had a king and, the kings being royal, has lost every one.
    fn royal_king_lost(&self, team: Team) -> bool {
        self.conditions.royal_kings()
            && self.conditions.had_king(team)
            && !self.living(team).any(|u| u.role == Role::King)
    }

    /// Steps 3/4 and 7: ends the battle when the objective is met, the enemy's army (or, with royal
    /// kings, its king) is gone, or the player's army (or, with royal kings, its king) is lost.
    /// `actor` decides the order: after the player's own action only victory can be new, after the
    /// enemy's only defeat, but both are checked (victory first).
    pub(super) fn decided_by(&mut self, _actor: Team) -> bool {
        if self.status().is_over() {
            return true;
        }
        if self.objective_complete()
            || self.living(Team::Enemy).next().is_none()
            || self.royal_king_lost(Team::Enemy)
        {
            let bonus = self.bonus_complete();
            self.progress.finish(BattleStatus::Victory { bonus });
            self.emit(|b| BattleEvent::Victory { objective: b.objective(), bonus });
            return true;
        }
        let king_lost = self.royal_king_lost(Team::Player);
        let reason = if self.living(Team::Player).next().is_none() {
            Some(DefeatReason::ArmyEliminated)
        } else if king_lost {
            Some(DefeatReason::KingCaptured)
        } else {
            None
        };
        if let Some(reason) = reason {
            self.defeat(reason);
            return true;
        }
        false
    }

    pub(super) fn defeat(&mut self, reason: DefeatReason) {
        self.progress.finish(BattleStatus::Defeat { reason });
        self.emit(|_| BattleEvent::Defeat { reason });
    }

    /// Step 5: after a player action that did not win, a spent budget is a defeat.
    pub(super) fn budget_exhausted(&mut self, team: Team) -> bool {
        if team == Team::Player && self.budget.is_spent() {
            self.defeat(DefeatReason::OutOfMoves);
            return true;
        }
        false
    }

    /// Steps 6 and 7: switch sides, tick the skill clock, poison the incoming team, check again; an
    /// enemy without action passes (another switch); a player without action passes when one of its
    /// pieces is frozen (the freeze-lock: a frozen piece loses turns, not the battle) and loses
    /// otherwise. The passes end: every pass ticks the freeze counters down.
    pub(super) fn end_turn(&mut self, team: Team) {
        let mut outgoing = team;
        loop {
            let incoming = outgoing.other();
            self.progress.start_turn(incoming);
            self.board.edit_position(|p| p.set_turn(incoming.color()));
            // The skill clock: once per ply, passes included, before poison.
            self.board.tick_cooldowns(1);
            self.board.forget_history();
            self.emit(|b| BattleEvent::TurnStarted { ply: b.ply(), team: incoming });
            self.poison_boundary(incoming);
            self.start_of_turn(incoming);
            // Step 7.
            if self.decided_by(incoming) {
                return;
            }
            // Haste: the enemy loses this turn.
            if incoming == Team::Enemy && self.progress.spend_haste() {
                self.emit(|_| BattleEvent::TurnSkipped { team: incoming });
                outgoing = incoming;
                continue;
            }
            if self.has_turn_action() {
                return;
            }
            if incoming == Team::Player && !self.has_frozen_piece(Team::Player) {
                self.defeat(DefeatReason::NoAction);
                return;
            }
            self.emit(|_| BattleEvent::Passed { team: incoming });
            outgoing = incoming;
        }
    }

    /// Step 6's poison: snapshot the incoming team's pieces in a cloud that can still hurt it,
    /// decrement that team's counter on every existing cloud, deal one damage per snapshotted piece
    /// (overlaps never stack), remove casualties and resolve their death effects in id order (a cloud
    /// created now is not counted at this boundary), drop clouds whose counters are both 0.
    pub(super) fn poison_boundary(&mut self, incoming: Team) {
        let k = incoming.color();
        let existing = self.hazards.clouds().len();
        let immune = self.conditions.rules(incoming).poison_immune;
        let exposed: Vec<PieceId> = self
            .living(incoming)
            .filter(|u| !immune && self.hazards.exposes(u.square, k))
            .map(|u| u.id)
            .collect();
        self.hazards.spend_exposure(k, existing);
        let mut casualties = Vec::new();
        for id in exposed {
            let (square, hp) = self.units.update(id, |u| {
                u.hp = u.hp.saturating_sub(1);
                (u.square, u.hp)
            });
            self.emit(|b| BattleEvent::PoisonDamage { unit: b.label(id), square, damage: 1, hp_left: hp });
            if hp == 0 {
                casualties.push(id);
            }
        }
        for id in casualties {
            self.kill(id, Cause::Poison);
        }
        self.activate_walls();
        if self.hazards.clouds().is_empty() {
            return;
        }
        for squares in self.hazards.drop_spent_clouds() {
            self.emit(|_| BattleEvent::CloudExpired { squares });
        }
    }
}

impl Battle {
    /// Step 6, after poison: the incoming team's start-of-turn effects, in this order: enemy
    /// reinforcements ([`BattleSetup::enemy_reinforcements`](super::BattleSetup::enemy_reinforcements)), its Spiked
    /// pieces hurt every opposing piece next to them (1 damage per opposing piece, however many
    /// Spiked pieces touch it; casualties in id order), its Regenerating pieces heal 1, Field Medic
    /// heals its most wounded piece (lowest HP left against its maximum, then lowest id), each of
    /// its living Inspiring pieces takes one more tick off its Teleport cooldown.
    pub(super) fn start_of_turn(&mut self, incoming: Team) {
        // Enemy reinforcements (a boss rule): enemy turns start at odd plies, turn k at ply 2k - 1.
        if incoming == Team::Enemy
            && self.conditions.reinforcements() > 0
            && self.ply().div_ceil(2).is_multiple_of(self.conditions.reinforcements())
        {
            self.summon(Team::Enemy, Role::Pawn, None);
        }
        let spikes: Vec<_> = self
            .living(incoming)
            .filter(|u| u.modifier == Some(Modifier::Spiked))
            .map(|u| u.square)
            .collect();
        if !spikes.is_empty() {
            let hurt: Vec<PieceId> = self
                .living(incoming.other())
                .filter(|u| spikes.iter().any(|&s| chebyshev(s, u.square) == 1))
                .map(|u| u.id)
                .collect();
            for id in hurt {
                self.damage(id, 1);
            }
            self.activate_walls();
        }
        let regen: Vec<PieceId> = self
            .living(incoming)
            .filter(|u| u.modifier == Some(Modifier::Regenerating))
            .map(|u| u.id)
            .collect();
        for id in regen {
            self.heal(id, 1);
        }
        let medic = self.conditions.rules(incoming).field_medic;
        if medic > 0 {
            let wounded = self
                .living(incoming)
                .filter(|u| u.hp < u.max_hp)
                .min_by_key(|u| (u.hp * 16 / u.max_hp.max(1), u.id))
                .map(|u| u.id);
            if let Some(id) = wounded {
                self.heal(id, medic);
            }
        }
        let inspiring =
            self.living(incoming).filter(|u| u.modifier == Some(Modifier::Inspiring)).count() as u32;
        if inspiring > 0 && self.has_skills(incoming) {
            let cd = self.board.cooldown(incoming.color(), Skill::Teleport);
            if cd > 0 {
                self.board.set_cooldown(incoming.color(), Skill::Teleport, cd.saturating_sub(inspiring));
            }
        }
    }
}
