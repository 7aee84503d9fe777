//! The run's chronicle: every decision with what the game generated in answer (what a save
//! holds), the statistics of its battles, and the enemy's searches.

use gambit_rules::Role;

use super::{BattleRecord, Decision, EnemySearch, RunStats, Step};
use crate::battle::{BattleAction, BattleStats};

/// What a run has done, appended to and never rewritten: its steps (one per decision accepted),
/// its statistics, and the enemy's live searches (not saved: a loaded run starts with none).
#[derive(Clone, Debug, Default)]
pub(crate) struct Chronicle {
    steps: Vec<Step>,
    stats: RunStats,
    enemy_searches: Vec<EnemySearch>,
}

impl Chronicle {
    /// The steps so far, in order.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// A decision accepted, with what the game generated in answer.
    pub(crate) fn record(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// The decisions so far, in order.
    pub(crate) fn decisions(&self) -> impl Iterator<Item = &Decision> + '_ {
        self.steps.iter().map(|s| &s.decision)
    }

    /// The enemy's actions that answered the last decision, in order (empty when none did).
    pub(crate) fn last_enemy_actions(&self) -> &[BattleAction] {
        self.steps.last().map_or(&[], |s| s.enemy.as_slice())
    }

    /// The statistics so far.
    pub(crate) fn stats(&self) -> &RunStats {
        &self.stats
    }

    /// `failed` generated encounters that failed validation at stage `stage` (1 to 3; a stage
    /// past 3 counts as 3).
    pub(crate) fn count_failed_validations(&mut self, stage: usize, failed: u32) {
        self.stats.failed_validations[stage.clamp(1, 3) - 1] += failed;
    }

    /// A finished battle's losses and kills (`battle`), with the roles of the owned pieces lost.
    pub(crate) fn count_battle(&mut self, battle: &BattleStats, lost_roles: impl IntoIterator<Item = Role>) {
        self.stats.pawns_lost += battle.pawns_lost;
        self.stats.temporary_pawns_lost += battle.temporary_pawns_lost;
        self.stats.owned_lost += battle.owned_lost;
        self.stats.lost_roles.extend(lost_roles);
        self.stats.enemy_killed += battle.enemy_killed;
    }

    /// A finished battle's record.
    pub(crate) fn record_battle(&mut self, record: BattleRecord) {
        self.stats.battles.push(record);
    }

    /// A lost piece of `role` brought back by a rest.
    pub(crate) fn bring_back(&mut self, role: Role) {
        self.stats.brought_back.push(role);
    }

    /// The enemy's live searches so far.
    pub(crate) fn enemy_searches(&self) -> &[EnemySearch] {
        &self.enemy_searches
    }

    /// One live search of the enemy.
    pub(crate) fn record_search(&mut self, search: EnemySearch) {
        self.enemy_searches.push(search);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn battles_and_validations_add_up() {
        let mut chronicle = Chronicle::default();
        chronicle.count_failed_validations(1, 2);
        chronicle.count_failed_validations(3, 1);
        chronicle.count_failed_validations(7, 1);
        assert_eq!(chronicle.stats().failed_validations, [2, 0, 2]);
        let battle = BattleStats { pawns_lost: 1, owned_lost: 2, enemy_killed: 4, ..BattleStats::default() };
        chronicle.count_battle(&battle, [Role::Pawn, Role::Rook]);
        chronicle.count_battle(&battle, [Role::Knight]);
        let stats = chronicle.stats();
        assert_eq!((stats.pawns_lost, stats.owned_lost, stats.enemy_killed), (2, 4, 8));
        assert_eq!(stats.lost_roles, [Role::Pawn, Role::Rook, Role::Knight]);
        chronicle.bring_back(Role::Rook);
        assert_eq!(chronicle.stats().brought_back, [Role::Rook]);
        assert!(chronicle.last_enemy_actions().is_empty());
        assert_eq!(chronicle.decisions().count(), 0);
    }
}
