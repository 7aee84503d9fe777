//! Enemy tuning and rewards as data: a search preset per stage, shop prices, gold and move budgets
//! (`data/tuning.json`, compiled in; `gambit-cli simulate --tuning FILE` reads another). Validated on
//! load with errors that name the file and the field.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use gambit_rules::Role;
use gambit_search::Preset;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bot::{EnemyTuning, Thinking, thinking_floor};
use crate::config::RunConfig;
use crate::economy::BATTLES_PER_RUN;
use crate::encounter::templates;
use crate::route::RouteTuning;

/// The shipped tuning's enemy stages (`data/tuning.json`, [`Tuning::enemy`]); here rather than in
/// [`crate::bot`] so the bot does not import the tuning that imports it.
impl Default for EnemyTuning {
    fn default() -> Self {
        Tuning::default().enemy()
    }
}

/// The shipped tuning (`data/tuning.json`).
pub const DEFAULT_TUNING_JSON: &str = include_str!("../data/tuning.json");

/// Shop prices of pieces and rerolls in gold. Every field is required. (Items, modifiers included,
/// have their price in the item catalogue, `data/items.json`.)
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prices {
    /// A pawn.
    pub pawn: u32,
    /// A knight.
    pub knight: u32,
    /// A bishop.
    pub bishop: u32,
    /// A rook.
    pub rook: u32,
    /// A queen.
    pub queen: u32,
    /// A king.
    pub king: u32,
    /// A shop reroll (after the free ones).
    pub reroll: u32,
}

impl Prices {
    /// The price of a piece.
    #[must_use]
    pub fn piece(&self, role: Role) -> u32 {
        match role {
            Role::Pawn => self.pawn,
            Role::Knight => self.knight,
            Role::Bishop => self.bishop,
            Role::Rook => self.rook,
            Role::Queen => self.queen,
            Role::King => self.king,
        }
    }
}

/// Gold: at the start of a run (before the skill tree's) and for each won battle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoldTuning {
    /// Gold at the start of every run, added to the skill tree's starting gold.
    pub start: u32,
    /// Gold for every won battle.
    pub victory: u32,
    /// Gold per player move left at victory.
    pub per_move_left: u32,
    /// Gold for a completed bonus objective.
    pub bonus: u32,
}

impl GoldTuning {
    /// The gold of a victory with `moves_left` player moves left and the bonus complete or not.
    #[must_use]
    pub fn victory_gold(&self, moves_left: u32, bonus: bool) -> u32 {
        self.victory + self.per_move_left * moves_left + if bonus { self.bonus } else { 0 }
    }
}

/// Proofs at generation (`crate::solve`): every generated encounter variation is searched for a win
/// against the run's enemy within `nodes`; a proved variation records its shortest win found and its
/// budget is at least that plus the stage's `slack`. `nodes` 0 turns proofs off.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProofTuning {
    /// Node cap per variation (player actions tried, each with the enemy's replies).
    pub nodes: u64,
    /// Moves added to the shortest win found, per stage (stage 1 first, exactly three).
    pub slack: Vec<u32>,
    /// Node cap of the short-win check (`crate::solve::short_win`, enemy decisions): with proofs off,
    /// a generated variation (or a template's base) that the player wins within
    /// [`SHALLOW`](crate::solve::SHALLOW) moves against the enemy's top-ranked replies, or that the
    /// check could not clear within the cap, is not offered. 0: no check (economies written before
    /// it; proofs make the same check themselves).
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub short_win_nodes: u64,
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

impl ProofTuning {
    /// The slack of a stage (1-based), 0 when not given.
    #[must_use]
    pub fn slack(&self, stage: u32) -> u32 {
        self.slack.get(stage.saturating_sub(1) as usize).copied().unwrap_or(0)
    }
}

/// What a run's economy is made of: prices, gold and move budgets. Recorded in the run's
/// configuration ([`RunConfig::economy`]), so a saved run keeps the economy it was started with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Economy {
    /// Shop prices.
    pub prices: Prices,
    /// Gold.
    pub gold: GoldTuning,
    /// Move budgets by template name, replacing the template's `move_budget` (the variation's jitter
    /// still applies). Templates not named keep their own.
    #[serde(default)]
    pub budgets: BTreeMap<String, u32>,
    /// Proofs at generation (absent in files written before them: off).
    #[serde(default)]
    pub proof: ProofTuning,
    /// The route's budgets and boss rules (absent in files written before the route: the shipped
    /// ones; three-battle runs do not use them).
    #[serde(default)]
    pub route: RouteTuning,
    /// The modifier and badge slots of a shop (absent in files written before they were data:
    /// [`ShopSlots::BEFORE_DATA`], two modifiers and one badge).
    #[serde(default = "ShopSlots::before_data")]
    pub shop: ShopSlots,
}

/// How many modifier and badge slots a shop stocks, beside its piece slots (the rank's) and its one
/// consumable. Tuned with `gambit-cli simulate` (docs/balance.md): a modifier slot fewer puts fewer
/// modifiers in a run's build.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShopSlots {
    /// Modifier slots, 0 to [`MAX_SHOP_SLOTS`].
    pub modifiers: u32,
    /// Badge slots, 0 to [`MAX_SHOP_SLOTS`] (never two of one badge, nor one the run owns).
    pub badges: u32,
}

/// The most modifier or badge slots a tuning may give a shop.
pub const MAX_SHOP_SLOTS: u32 = 4;

impl ShopSlots {
    /// The slots of every shop before they were data: two modifiers and one badge.
    pub const BEFORE_DATA: ShopSlots = ShopSlots { modifiers: 2, badges: 1 };

    /// [`ShopSlots::BEFORE_DATA`] (serde's default for files without the field).
    #[must_use]
    pub fn before_data() -> ShopSlots {
        ShopSlots::BEFORE_DATA
    }
}

impl Default for Economy {
    /// The shipped tuning's economy.
    fn default() -> Self {
        Tuning::default().economy()
    }
}

impl Economy {
    /// The economy of the game before it was data (issue 14), which run files without an `economy`
    /// were played with: today's prices and gold, and every template's own move budget. Frozen: it
    /// describes those files, not the game.
    #[must_use]
    pub fn before_data() -> Economy {
        Economy {
            prices: Prices { pawn: 10, knight: 30, bishop: 30, rook: 45, queen: 80, king: 60, reroll: 10 },
            gold: GoldTuning { start: 0, victory: 30, per_move_left: 2, bonus: 15 },
            budgets: BTreeMap::new(),
            proof: ProofTuning::default(),
            route: RouteTuning::default(),
            shop: ShopSlots::BEFORE_DATA,
        }
    }
}

/// The whole tuning file: one search preset per stage, prices, gold, budgets.
///
/// ```
/// use gambit_roguelite::tuning::Tuning;
/// let t = Tuning::default();
/// assert_eq!(t.stages.len(), 3);
/// let err = Tuning::from_json(r#"{"stages": ["casual"]}"#, "mine.json").unwrap_err();
/// assert_eq!(err.file, "mine.json");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tuning {
    /// The enemy's search preset for each stage, stage 1 first (exactly [`BATTLES_PER_RUN`]); the
    /// enemy when [`Tuning::thinking`] is absent.
    pub stages: Vec<Preset>,
    /// The thinking enemy's rungs ([`Thinking`]), stage 1 first (exactly [`BATTLES_PER_RUN`]): when
    /// present, the battles' enemy ([`EnemyTuning::Thinking`]) instead of the presets of `stages`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking: Option<Vec<Thinking>>,
    /// Shop prices.
    pub prices: Prices,
    /// Gold.
    pub gold: GoldTuning,
    /// Move budgets by template name ([`Economy::budgets`]).
    #[serde(default)]
    pub budgets: BTreeMap<String, u32>,
    /// Proofs at generation.
    pub proof: ProofTuning,
    /// The route's budgets and boss rules ([`RouteTuning`]).
    pub route: RouteTuning,
    /// A shop's modifier and badge slots ([`ShopSlots`]; absent: [`ShopSlots::BEFORE_DATA`]).
    #[serde(default = "ShopSlots::before_data")]
    pub shop: ShopSlots,
}

impl Default for Tuning {
    /// The shipped `data/tuning.json` (read once).
    fn default() -> Self {
        static SHIPPED: OnceLock<Tuning> = OnceLock::new();
        SHIPPED
            .get_or_init(|| {
                Tuning::from_json(DEFAULT_TUNING_JSON, "data/tuning.json")
                    .expect("the shipped tuning is valid")
            })
            .clone()
    }
}

/// A tuning file that cannot be used: the file, the field (a dotted path such as `prices.pawn`;
/// empty when the text is not JSON at all) and what is wrong. `Display`: `FILE: FIELD: MESSAGE`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct TuningError {
    /// The file as named by the caller.
    pub file: String,
    /// The field, a dotted path (`budgets.citadel`, `stages[2]`); empty for a syntax error.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TuningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: {}: {}", self.file, self.field, self.message)
        }
    }
}

/// The largest node cap per variation a tuning may set (a proof must not stall generation).
pub const MAX_PROOF_NODES: u64 = 100_000;

/// The deepest depth ceiling (turns) a tuning's thinking rung may set.
pub const MAX_THINKING_DEPTH: u32 = 12;

/// The largest node budget per enemy decision a tuning's thinking rung may set (a decision must not
/// stall a battle).
pub const MAX_THINKING_NODES: u64 = 1_000_000;

/// The largest margin (centipawns) of a thinking rung's seeded choice.
pub const MAX_MARGIN_CP: i32 = 200;

/// The largest move budget a tuning may set.
pub const MAX_BUDGET: u32 = 200;

impl Tuning {
    /// Reads and validates a tuning file's text; `file` names it in errors.
    ///
    /// # Errors
    /// [`TuningError`] naming the field: text that is not JSON, an unknown or missing field, a value
    /// of the wrong type, an unknown preset name, not exactly [`BATTLES_PER_RUN`] stages or slacks, a
    /// piece price of 0, a budget for a template that does not exist, a budget outside 1..=200, more
    /// than [`MAX_SHOP_SLOTS`] modifier or badge slots, or more than [`MAX_PROOF_NODES`] proof nodes.
    pub fn from_json(text: &str, file: &str) -> Result<Tuning, TuningError> {
        let err = |field: String, message: String| TuningError { file: file.to_string(), field, message };
        let de = &mut serde_json::Deserializer::from_str(text);
        let tuning: Tuning = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let field = if path == "." || path == "?" { String::new() } else { path };
            err(field, e.inner().to_string())
        })?;
        if tuning.stages.len() != BATTLES_PER_RUN as usize {
            return Err(err(
                "stages".into(),
                format!("expected {BATTLES_PER_RUN} presets, one per stage, found {}", tuning.stages.len()),
            ));
        }
        for role in Role::ALL {
            if tuning.prices.piece(role) == 0 {
                return Err(err(format!("prices.{}", role.name()), "a price must be at least 1".into()));
            }
        }
        let names: Vec<String> = templates().into_iter().map(|t| t.name).collect();
        for (name, &budget) in &tuning.budgets {
            if !names.contains(name) {
                return Err(err(
                    format!("budgets.{name}"),
                    format!("no encounter template is named {name:?} (known: {})", names.join(", ")),
                ));
            }
            if !(1..=MAX_BUDGET).contains(&budget) {
                return Err(err(format!("budgets.{name}"), format!("a budget must be 1 to {MAX_BUDGET}")));
            }
        }
        if tuning.proof.slack.len() != BATTLES_PER_RUN as usize {
            return Err(err(
                "proof.slack".into(),
                format!(
                    "expected {BATTLES_PER_RUN} numbers, one per stage, found {}",
                    tuning.proof.slack.len()
                ),
            ));
        }
        let r = &tuning.route;
        for (field, list) in [("battle", &r.battle), ("elite", &r.elite), ("boss", &r.boss)] {
            if list.is_empty() || list.len() > crate::route::MAX_ACTS as usize {
                return Err(err(format!("route.{field}"), "expected 1 to 3 numbers, one per act".into()));
            }
            if list.iter().any(|&m| m.unsigned_abs() > MAX_BUDGET) {
                return Err(err(format!("route.{field}"), format!("at most {MAX_BUDGET} moves either way")));
            }
        }
        if r.bosses.is_empty() || r.bosses.len() > crate::route::MAX_ACTS as usize {
            return Err(err("route.bosses".into(), "expected 1 to 3 boss rules, one per act".into()));
        }
        for (i, rule) in r.bosses.iter().enumerate() {
            let bad = match *rule {
                crate::route::BossRule::Warband { every } => (every == 0).then_some("at least 1 enemy turn"),
                crate::route::BossRule::IronKing => None,
            };
            if let Some(message) = bad {
                return Err(err(format!("route.bosses[{i}]"), message.into()));
            }
        }
        for (field, n) in [("shop.modifiers", tuning.shop.modifiers), ("shop.badges", tuning.shop.badges)] {
            if n > MAX_SHOP_SLOTS {
                return Err(err(field.into(), format!("at most {MAX_SHOP_SLOTS} slots")));
            }
        }
        if let Some(rungs) = &tuning.thinking {
            if rungs.len() != BATTLES_PER_RUN as usize {
                return Err(err(
                    "thinking".into(),
                    format!("expected {BATTLES_PER_RUN} rungs, one per stage, found {}", rungs.len()),
                ));
            }
            for (i, rung) in rungs.iter().enumerate() {
                let floor = thinking_floor(i as u32 + 1);
                let bad = if rung.depth < floor || rung.depth > MAX_THINKING_DEPTH {
                    Some(format!("depth must be {floor} to {MAX_THINKING_DEPTH} turns (stage {})", i + 1))
                } else if rung.nodes == 0 || rung.nodes > MAX_THINKING_NODES {
                    Some(format!("nodes must be 1 to {MAX_THINKING_NODES}"))
                } else if !(0..=MAX_MARGIN_CP).contains(&rung.margin_cp) {
                    Some(format!("margin_cp must be 0 to {MAX_MARGIN_CP}"))
                } else {
                    None
                };
                if let Some(message) = bad {
                    return Err(err(format!("thinking[{i}]"), message));
                }
            }
        }
        if tuning.proof.nodes > MAX_PROOF_NODES {
            return Err(err("proof.nodes".into(), format!("at most {MAX_PROOF_NODES} nodes per variation")));
        }
        Ok(tuning)
    }

    /// The tuning as pretty JSON (what [`Tuning::from_json`] reads).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a tuning serializes")
    }

    /// The enemy's ladder: the thinking enemy's rungs when [`Tuning::thinking`] is set, else the
    /// presets of [`Tuning::stages`].
    #[must_use]
    pub fn enemy(&self) -> EnemyTuning {
        match &self.thinking {
            Some(rungs) => EnemyTuning::Thinking { thinking: rungs.clone() },
            None => EnemyTuning::Presets { stages: self.stages.clone() },
        }
    }

    /// Prices, gold and budgets.
    #[must_use]
    pub fn economy(&self) -> Economy {
        Economy {
            prices: self.prices,
            gold: self.gold,
            budgets: self.budgets.clone(),
            proof: self.proof.clone(),
            route: self.route.clone(),
            shop: self.shop,
        }
    }

    /// A run configuration with this tuning, no unlocks and no set formations.
    #[must_use]
    pub fn run_config(&self, seed: u64) -> RunConfig {
        let mut config = RunConfig::new(seed);
        config.tuning = self.enemy();
        config.economy = self.economy();
        config
    }
}
