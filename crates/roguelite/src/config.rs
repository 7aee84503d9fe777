//! A run's configuration ([`RunConfig`]): its seed, unlocks, enemy tuning, economy, items, rules and
//! rank, recorded in every saved run so it replays as it was played. The run re-exports it as
//! `run::RunConfig`; the builders of its variants live with what they configure
//! ([`Date::daily_config`](crate::seed::Date::daily_config), [`Tuning::run_config`](crate::tuning::Tuning::run_config),
//! [`SkillTree::configure`](crate::skilltree::SkillTree::configure),
//! [`RankRules::apply`](crate::rank::RankRules::apply)).

use gambit_rules::splitmix64;
use serde::{Deserialize, Serialize};

use crate::bot::EnemyTuning;
use crate::encounter::Encounter;
use crate::items::{ItemCatalogue, ItemId};
use crate::rank::RankRules;
use crate::route::ROUTE_ACTS;
use crate::seed::Date;
use crate::tuning::Economy;

/// A run's configuration: the seed, the unlocked skill nodes (they apply to new runs) and the enemy
/// tuning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunConfig {
    /// The run seed: everything random derives from it.
    pub seed: u64,
    /// Unlocked skill-tree node ids at the start of the run.
    #[serde(default)]
    pub unlocks: Vec<String>,
    /// The enemy's per-stage tuning.
    #[serde(default)]
    pub tuning: EnemyTuning,
    /// Prices, gold and move budgets ([`RunConfig::new`]: the shipped tuning's). Absent in run files
    /// written before they were data, which read as [`Economy::before_data`], the economy they were
    /// played with.
    #[serde(default = "Economy::before_data")]
    pub economy: Economy,
    /// Set formations: when not empty, battle `n` (0-based) is played on `scripted[n]` (the last entry
    /// repeats) instead of a generated encounter, and the board choice offers only it. For tutorials,
    /// challenges and tests that must not depend on generation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scripted: Vec<Encounter>,
    /// The item catalogue ([`ItemCatalogue`]; [`RunConfig::new`]: the shipped `data/items.json`).
    /// Recorded, so a saved run keeps the items it was started with; absent in run files written
    /// before items (which read as the shipped catalogue: they own no item).
    #[serde(default)]
    pub items: ItemCatalogue,
    /// The skill rules of the run's battles ([`RunConfig::new`]:
    /// [`BATTLE_SKILL_RULES`](crate::battle::BATTLE_SKILL_RULES)). Recorded, so a saved run replays
    /// under the rules it was played with; run files of version 5 and older were played under
    /// [`SkillRules::CLASSIC`](gambit_skills::SkillRules::CLASSIC) and read as that (the migration in
    /// [`crate::save::run_from_json`]; an absent field reads as it too).
    #[serde(default = "crate::battle::classic_rules")]
    pub battle_rules: gambit_skills::SkillRules,
    /// Whether its battles' skills may touch a king or a marked target (teleport or freeze one, or
    /// put one under attack by a teleport; [`BattleSetup::skills_reach_objectives`](crate::battle::BattleSetup::skills_reach_objectives)): `false` for a
    /// new run; absent in runs saved before the rule, which read as `true` and replay as played.
    #[serde(default = "crate::battle::skills_reached_objectives_before")]
    pub skills_reach_objectives: bool,
    /// The difficulty rank's rules ([`crate::rank`]; [`RunConfig::new`]: rank 0, which changes
    /// nothing). Absent in run files written before ranks: rank 0.
    #[serde(default)]
    pub rank: RankRules,
    /// The date of a daily run ([`crate::seed::Date::daily_config`]); `None` for other runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<Date>,
    /// Acts of the run's route ([`crate::route`]; [`RunConfig::new`]: [`ROUTE_ACTS`]), at most
    /// [`crate::route::MAX_ACTS`]. 0: the three-battle run without a map (shop after each won battle,
    /// a choice of three boards), which run files of version 6 and older hold and finish as
    /// (the migration in [`crate::save::run_from_json`]; an absent field reads as 0).
    #[serde(default)]
    pub acts: u32,
    /// Items this run does not offer (in shops, elite drops and the start offer): those of the skill
    /// nodes not unlocked ([`SkillTree::locked_items`](crate::skilltree::SkillTree::locked_items), set by [`SkillTree::configure`](crate::skilltree::SkillTree::configure)). Empty in
    /// [`RunConfig::new`] (every item of the catalogue) and in run files written before the tree
    /// widened the pool.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub locked_items: Vec<ItemId>,
    /// Mixed into the seeds of the enemy's decisions only ([`enemy_seed`](crate::run::enemy_seed)): 0 (the default, and what
    /// every saved run holds) leaves them as they were. Tests change it to show that the reference
    /// players never read the enemy's seed stream.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub enemy_seed_salt: u64,
    /// Whether a route's battle nodes meet each template at most once: the nodes of one stage, in
    /// route order (act, row, index), take consecutive templates of one fixed shuffled order of the
    /// stage's pool ([`tags::TEMPLATE_ORDER`](crate::seed::tags::TEMPLATE_ORDER)), from a start that moves with the seed by at least
    /// the stage's node count and prime to the pool size. So no run repeats a template while a stage
    /// has no more nodes on the route than templates (8 each; a two-act route has at most 4, 7 and
    /// 3 nodes of stages 1, 2 and 3), consecutive seeds meet different templates, and any 8
    /// consecutive seeds offer every template. `true` for a new run; absent in runs saved before,
    /// which drew each node's template on its own (repeats possible) and read as `false`, replaying
    /// as played.
    #[serde(default)]
    pub templates_once: bool,
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

impl RunConfig {
    /// The run seed as the enemy's decisions derive theirs ([`RunConfig::enemy_seed_salt`] mixed in).
    #[must_use]
    pub fn enemy_stream(&self) -> u64 {
        if self.enemy_seed_salt == 0 { self.seed } else { self.seed ^ splitmix64(self.enemy_seed_salt) }
    }

    /// A configuration with no unlocks and the default tuning.
    #[must_use]
    pub fn new(seed: u64) -> RunConfig {
        RunConfig {
            seed,
            unlocks: Vec::new(),
            tuning: EnemyTuning::default(),
            economy: Economy::default(),
            scripted: Vec::new(),
            items: ItemCatalogue::default(),
            battle_rules: crate::battle::BATTLE_SKILL_RULES,
            skills_reach_objectives: false,
            rank: RankRules::default(),
            daily: None,
            acts: ROUTE_ACTS,
            locked_items: Vec::new(),
            enemy_seed_salt: 0,
            templates_once: true,
        }
    }

    /// Whether the run offers the item `id` (not locked by the skill tree).
    #[must_use]
    pub fn offers_item(&self, id: ItemId) -> bool {
        !self.locked_items.contains(&id)
    }

    /// [`RunConfig::new`] for the three-battle run without a map ([`RunConfig::acts`] 0).
    #[must_use]
    pub fn three_battles(seed: u64) -> RunConfig {
        RunConfig { acts: 0, ..RunConfig::new(seed) }
    }

    /// The set formation of battle `index` (0-based), if the run has set formations.
    #[must_use]
    pub fn scripted_encounter(&self, index: usize) -> Option<&Encounter> {
        self.scripted.get(index).or(self.scripted.last())
    }
}
