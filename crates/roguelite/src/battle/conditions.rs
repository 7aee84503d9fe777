//! What a battle's setup fixes, one part of a [`Battle`](super::Battle): the board's shape, the
//! objective and bonus, each team's skill tuning and badge rules, whether the enemy has skills,
//! whether the kings are royal and skills reach objective pieces, the enemy's reinforcements and
//! which teams started with a king.
//!
//! Invariant: none of it changes after [`Battle::new`](super::Battle::new) (no method here takes
//! `&mut self`), so the search's undo never saves it.

use gambit_rules::ByColor;

use super::setup::{BattleSetup, BoardShape, BonusObjective, Objective, SkillTuning};
use crate::items::TeamRules;
use crate::types::Team;

/// The fixed terms of one battle (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Conditions {
    shape: BoardShape,
    objective: Objective,
    bonus: Option<BonusObjective>,
    tuning: ByColor<SkillTuning>,
    rules: ByColor<TeamRules>,
    enemy_has_skills: bool,
    royal_kings: bool,
    skills_reach_objectives: bool,
    reinforcements: u32,
    had_king: ByColor<bool>,
}

impl Conditions {
    /// The conditions `setup` fixes, with each team's badge rules, skill tuning (after the badges'
    /// cuts) and whether it starts with a king, which [`Battle::new`](super::Battle::new) works out.
    pub(super) fn new(
        setup: &BattleSetup,
        rules: ByColor<TeamRules>,
        tuning: ByColor<SkillTuning>,
        had_king: ByColor<bool>,
    ) -> Conditions {
        Conditions {
            shape: setup.board.clone(),
            objective: setup.objective,
            bonus: setup.bonus,
            tuning,
            rules,
            enemy_has_skills: setup.enemy_skills.is_some(),
            royal_kings: setup.royal_kings,
            skills_reach_objectives: setup.skills_reach_objectives,
            reinforcements: setup.enemy_reinforcements,
            had_king,
        }
    }

    /// The board's shape.
    #[inline]
    pub(super) fn shape(&self) -> &BoardShape {
        &self.shape
    }

    /// The objective.
    #[inline]
    pub(super) fn objective(&self) -> Objective {
        self.objective
    }

    /// The bonus objective.
    #[inline]
    pub(super) fn bonus(&self) -> Option<BonusObjective> {
        self.bonus
    }

    /// `team`'s skill tuning (cooldowns and freeze length after its badges' cuts).
    #[inline]
    pub(super) fn tuning(&self, team: Team) -> SkillTuning {
        self.tuning[team]
    }

    /// The rules `team`'s badges make.
    #[inline]
    pub(super) fn rules(&self, team: Team) -> &TeamRules {
        &self.rules[team]
    }

    /// Whether `team` has skills (the player always does).
    #[inline]
    pub(super) fn has_skills(&self, team: Team) -> bool {
        team == Team::Player || self.enemy_has_skills
    }

    /// Whether the kings are royal.
    #[inline]
    pub(super) fn royal_kings(&self) -> bool {
        self.royal_kings
    }

    /// Whether skills may reach objective pieces.
    #[inline]
    pub(super) fn skills_reach_objectives(&self) -> bool {
        self.skills_reach_objectives
    }

    /// Enemy reinforcements every this many enemy turns (0: none).
    #[inline]
    pub(super) fn reinforcements(&self) -> u32 {
        self.reinforcements
    }

    /// Whether `team` started with a king.
    #[inline]
    pub(super) fn had_king(&self, team: Team) -> bool {
        self.had_king[team]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_conditions_say_what_the_setup_fixed() {
        let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/8/R7", Objective::CaptureKing, 10).unwrap();
        let mut setup = setup.with_royal_kings();
        setup.enemy_reinforcements = 3;
        let c = Conditions::new(
            &setup,
            ByColor::splat(TeamRules::of(&[])),
            ByColor::splat(setup.player_skills),
            ByColor::new(false, true),
        );
        assert!(c.has_skills(Team::Player) && !c.has_skills(Team::Enemy));
        assert!(!c.had_king(Team::Player) && c.had_king(Team::Enemy));
        assert_eq!((c.objective(), c.reinforcements(), c.royal_kings()), (Objective::CaptureKing, 3, true));
        assert_eq!(c.shape(), &setup.board);
    }
}
