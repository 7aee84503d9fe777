//! The run's terms: what is fixed when it starts (its configuration, the perks of its unlocks, the
//! start offer) and the evaluation its enemy scores positions with.

use crate::bot::Evaluation;
use crate::config::RunConfig;
use crate::skilltree::{Perks, SkillTree};
use crate::types::Modifier;

/// What a run is played under. The perks are always those of the configuration's unlocks; the
/// configuration (but for the enemy's seed salt, a hook for tests) and the offer never change once
/// the run starts.
#[derive(Clone, Debug)]
pub(crate) struct Terms {
    config: RunConfig,
    perks: Perks,
    /// The starting modifiers offered, in order.
    offers: Vec<Modifier>,
    /// The evaluation the enemy bot scores positions with (not saved: a loaded run uses the game's).
    evaluation: Evaluation,
    /// Generate as the game did before issues 14 and 15 (shops drawing every role, limits or not,
    /// and only the four original modifiers, at their old prices; offers of those modifiers): set only
    /// while a version 1 log is simulated again, whose decisions name slots of such shops.
    legacy: bool,
}

impl Terms {
    /// The terms of a run of `config` offered `offers` (`legacy`: generating as a version 1 log's
    /// game did), with the default evaluation.
    pub(crate) fn new(config: RunConfig, offers: Vec<Modifier>, legacy: bool) -> Terms {
        let perks = SkillTree::standard().perks(&config.unlocks);
        Terms { config, perks, offers, evaluation: Evaluation::default(), legacy }
    }

    /// The configuration.
    pub(crate) fn config(&self) -> &RunConfig {
        &self.config
    }

    /// The perks of the configuration's unlocks.
    pub(crate) fn perks(&self) -> Perks {
        self.perks
    }

    /// The starting modifiers offered, in order.
    pub(crate) fn offers(&self) -> &[Modifier] {
        &self.offers
    }

    /// The evaluation the enemy bot scores positions with.
    pub(crate) fn evaluation(&self) -> &Evaluation {
        &self.evaluation
    }

    /// Replaces the enemy bot's evaluation for its future decisions.
    pub(crate) fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
    }

    /// The configuration's [`RunConfig::enemy_seed_salt`] replaced: the enemy's later decisions
    /// change, nothing else (tests that show a player's decisions do not depend on them).
    pub(crate) fn set_enemy_seed_salt(&mut self, salt: u64) {
        self.config.enemy_seed_salt = salt;
    }

    /// Whether the run generates as a version 1 log's game did.
    pub(crate) fn legacy(&self) -> bool {
        self.legacy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_perks_are_the_unlocks_and_the_evaluation_can_change() {
        let mut config = RunConfig::new(3);
        config.unlocks = vec!["deeper_pockets".to_string()];
        let terms = Terms::new(config.clone(), vec![Modifier::Swift], false);
        assert_eq!(terms.perks(), SkillTree::standard().perks(&config.unlocks));
        assert_ne!(terms.perks(), Terms::new(RunConfig::new(3), Vec::new(), false).perks());
        assert_eq!((terms.offers(), terms.legacy()), (&[Modifier::Swift][..], false));
        let mut terms = terms;
        assert_eq!(*terms.evaluation(), Evaluation::default());
        let other = Evaluation { poisoned: Evaluation::default().poisoned + 50, ..Evaluation::default() };
        terms.set_evaluation(other);
        assert_eq!(*terms.evaluation(), other);
    }
}
