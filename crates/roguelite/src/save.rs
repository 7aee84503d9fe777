//! The roguelite's save formats as pure functions between values and text: `progress.json` and
//! `run.json`, their versions and migrations (`docs/save-format.md`). Files, the data directory and
//! atomic writes belong to the front ends' file layer (`gambit-store`); nothing here touches a file.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::bot::{EnemyTuning, Evaluation};
use crate::rank::Rank;
use crate::records::{RankBest, RunRecord};
use crate::run::{LegacyRunLog, RUN_LOG_VERSION, Resumed, Run, RunConfig, RunKey, RunLog, RunSummary};
use crate::seed::Date;
use crate::skilltree::{SkillTree, UnlockError};
use crate::tutorial::TutorialState;
use crate::types::Modifier;
use crate::versus::{TwoPlayerTally, VersusRecords};

/// The current `progress.json` version: 5 names every piece a run lost (`lost` in a run's record,
/// `pieces_lost` in the statistics; a version 4 file is migrated by `migrate_losses`); 4 added the ranks unlocked, the best result per rank, the
/// last runs and the last daily run ([`crate::records`]); a version 3 file reads with none of them
/// (rank 0 only, no history), 2 and 3 differ only by `last_run`, and version 1 is migrated in
/// [`progress_from_json`].
pub const PROGRESS_VERSION: u32 = 5;
/// The current `run.json` version: 7 holds a version 6 run log (the route, [`RunConfig::acts`]:
/// older files hold three-battle runs, read with `acts` 0, and finish as such); 6 held a version 5 run log (the battles' skill rules recorded in
/// the configuration, `battle_rules`: older files read as the prototype's rules, `classic`, that
/// they were played with); 5 held a version 4 run log (items: the catalogue in the
/// configuration, badges and consumables in shops, consumable uses in battles; modifier prices in
/// the catalogue instead of the economy); 4 held a version 3 log (the battle rules of issue 14:
/// kings royal only where the encounter says so, a frozen-in player passes); 3 held a version 2 log
/// (the same fields, older rules); all of them read as version 7, see `docs/save-format.md`. 2 and 1 held
/// a version 1 log (the player's decisions only).
pub const RUN_FILE_VERSION: u32 = 7;
/// The progress file name.
pub const PROGRESS_FILE: &str = "progress.json";
/// The active run file name.
pub const RUN_FILE: &str = "run.json";

/// Lifetime statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ProgressStats {
    /// Runs finished.
    pub runs: u32,
    /// Runs won.
    pub victories: u32,
    /// Battles won.
    pub battles_won: u32,
    /// Owned pawns lost.
    pub pawns_lost: u32,
    /// Temporary pawns lost.
    pub temporary_pawns_lost: u32,
    /// Owned pieces lost, pawns included (files before version 5: their pawns plus the other pieces
    /// of the runs in their history, the only ones they named).
    pub pieces_lost: u32,
    /// Best run score (points).
    pub best_score: u32,
    /// EXP earned over all runs.
    pub total_exp: u32,
}

/// The permanent profile: EXP to spend, unlocked skill nodes, statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// Unspent EXP.
    pub exp: u32,
    /// Unlocked skill-tree node ids, in unlock order.
    pub unlocked: Vec<String>,
    /// Statistics.
    pub stats: ProgressStats,
    /// The last run recorded ([`Progress::record_run`]), so that it is not recorded twice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_run: Option<RunKey>,
    /// The highest rank a new run may be played at ([`crate::rank`]): one above the highest rank won.
    #[serde(default)]
    pub rank_unlocked: Rank,
    /// The best result at each rank played, lowest rank first.
    #[serde(default)]
    pub bests: Vec<RankBest>,
    /// The last finished runs, oldest first ([`HISTORY_LEN`](crate::records::HISTORY_LEN) at most).
    #[serde(default)]
    pub history: Vec<RunRecord>,
    /// The date of the last daily run started ([`Progress::start_daily`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_daily: Option<Date>,
    /// Whether the tutorial was offered, skipped or completed ([`crate::tutorial`]). Optional in
    /// every version (absent: never offered), so it needs no version of its own.
    #[serde(default, skip_serializing_if = "never_offered")]
    pub tutorial: TutorialState,
    /// Skill chess against the engine: wins, draws and losses per preset ([`crate::versus`]). An
    /// optional field (no version change): a file without it reads with no games recorded.
    #[serde(default, skip_serializing_if = "VersusRecords::is_empty")]
    pub versus: VersusRecords,
    /// Skill chess between two players on one machine: results by side ([`crate::versus`]), kept apart
    /// from the records against presets. Optional like `versus` (no version change).
    #[serde(default, skip_serializing_if = "TwoPlayerTally::is_empty")]
    pub two_players: TwoPlayerTally,
}

impl Progress {
    /// Adds a finished run: EXP, statistics, best score, and the records (history, best per rank, the
    /// next rank unlocked by a victory). Returns `false`, and changes nothing, when
    /// this run ([`RunSummary::key`]) is the last one recorded: a run that ended, was recorded and
    /// was then found again in `run.json` (the game stopped between writing `progress.json` and
    /// removing `run.json`) counts once.
    pub fn record_run(&mut self, summary: &RunSummary) -> bool {
        if self.last_run == Some(summary.key) {
            return false;
        }
        self.last_run = Some(summary.key);
        self.exp += summary.exp;
        let s = &mut self.stats;
        s.runs += 1;
        s.victories += u32::from(summary.victory);
        s.battles_won += summary.battles_won;
        s.pawns_lost += summary.stats.pawns_lost;
        s.pieces_lost += summary.stats.owned_lost;
        s.temporary_pawns_lost += summary.stats.temporary_pawns_lost;
        s.best_score = s.best_score.max(summary.points);
        s.total_exp += summary.exp;
        self.record_history(summary);
        true
    }

    /// Unlocks a node, spending its EXP cost.
    ///
    /// # Errors
    /// [`UnlockError`]; nothing changes then.
    pub fn unlock(&mut self, tree: &SkillTree, id: &str) -> Result<(), UnlockError> {
        let cost = tree.check_unlock(id, self.exp, &self.unlocked)?;
        self.exp -= cost;
        self.unlocked.push(id.to_string());
        Ok(())
    }

    /// The configuration of a new run with this profile's unlocks (their perks, and the items of
    /// the nodes not unlocked kept out of the run: [`SkillTree::configure`]).
    #[must_use]
    pub fn new_run_config(&self, seed: u64) -> RunConfig {
        let mut config = RunConfig::new(seed);
        SkillTree::standard().configure(&mut config, &self.unlocked);
        config
    }
}

fn never_offered(state: &TutorialState) -> bool {
    state.should_offer()
}

#[derive(Serialize)]
struct ProgressFile<'a> {
    version: u32,
    #[serde(flatten)]
    progress: &'a Progress,
}

#[derive(Serialize, Deserialize)]
struct RunFile<L> {
    version: u32,
    log: L,
}

/// Why a text is not a save of the expected kind. The file layer keeps such a file aside.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    /// Not JSON (the parser's message).
    #[error("not JSON: {0}")]
    NotJson(String),
    /// No numeric `version` field at the top level.
    #[error("no \"version\" field")]
    NoVersion,
    /// A version this game does not know: newer than it (written by a later release), or 0.
    #[error("version {found} is not one this game reads (it reads up to {newest})")]
    UnknownVersion {
        /// The file's version.
        found: u64,
        /// The newest version this game reads.
        newest: u32,
    },
    /// The fields do not match the version's format (the parser's message).
    #[error("{0}")]
    Fields(String),
}

fn parse_versioned(text: &str, newest: u32) -> Result<(u32, Value), FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| FormatError::NotJson(e.to_string()))?;
    let found = value.get("version").and_then(Value::as_u64).ok_or(FormatError::NoVersion)?;
    match u32::try_from(found) {
        Ok(v) if (1..=newest).contains(&v) => Ok((v, value)),
        _ => Err(FormatError::UnknownVersion { found, newest }),
    }
}

fn fields<T: for<'de> Deserialize<'de>>(value: Value) -> Result<T, FormatError> {
    serde_json::from_value(value).map_err(|e| FormatError::Fields(e.to_string()))
}

/// `progress.json` as text (the current version, pretty-printed).
#[must_use]
pub fn progress_to_json(progress: &Progress) -> String {
    serde_json::to_string_pretty(&ProgressFile { version: PROGRESS_VERSION, progress })
        .expect("a profile serializes")
}

/// Reads `progress.json`, migrating older versions: versions 2 and 3 lack the records of version 4
/// (read as none: rank 0, no history); version 1 had `exp`, `unlocks` (the node ids) and
/// `best_score` at the top level and no other statistics.
///
/// # Errors
/// [`FormatError`] for text that is not a progress file of a known version.
pub fn progress_from_json(text: &str) -> Result<Progress, FormatError> {
    let (version, mut value) = parse_versioned(text, PROGRESS_VERSION)?;
    let obj = value.as_object_mut().ok_or(FormatError::NoVersion)?;
    obj.remove("version");
    if version == 1 {
        let unlocks = obj.remove("unlocks").unwrap_or(Value::Array(Vec::new()));
        let best = obj.remove("best_score").unwrap_or(Value::from(0));
        obj.insert("unlocked".into(), unlocks);
        obj.insert("stats".into(), serde_json::json!({ "best_score": best }));
    }
    if version <= 4 {
        migrate_losses(obj);
    }
    fields(value)
}

/// Version 4 and older records counted the pieces and the pawns lost, not which pieces: a record whose
/// losses were all pawns gets them listed, and the statistics' `pieces_lost` is the pawns plus the
/// other pieces of the runs in the history.
fn migrate_losses(obj: &mut serde_json::Map<String, Value>) {
    let count = |r: &Value, k: &str| r.get(k).and_then(Value::as_u64).unwrap_or(0);
    let mut others = 0;
    if let Some(Value::Array(history)) = obj.get_mut("history") {
        for r in history.iter_mut() {
            others += count(r, "owned_lost").saturating_sub(count(r, "pawns_lost"));
            list_pawns(r);
        }
    }
    if let Some(Value::Array(bests)) = obj.get_mut("bests") {
        for b in bests.iter_mut() {
            if let Some(r) = b.get_mut("best") {
                list_pawns(r);
            }
        }
    }
    if let Some(Value::Object(stats)) = obj.get_mut("stats") {
        let pawns = stats.get("pawns_lost").and_then(Value::as_u64).unwrap_or(0);
        stats.insert("pieces_lost".into(), Value::from(pawns + others));
    }
}

/// A version 4 record whose every loss was a pawn: the pawns listed in `lost`.
fn list_pawns(record: &mut Value) {
    let (Some(owned), Some(pawns)) =
        (record.get("owned_lost").and_then(Value::as_u64), record.get("pawns_lost").and_then(Value::as_u64))
    else {
        return;
    };
    if owned == pawns
        && let Some(r) = record.as_object_mut()
    {
        r.insert("lost".into(), Value::Array(vec![Value::from("pawn"); pawns as usize]));
    }
}

/// A saved run as read from `run.json`, before it is rebuilt.
#[derive(Clone, Debug, PartialEq)]
pub enum SavedRun {
    /// A version 3 to 7 file: everything the replay needs is recorded.
    Recorded(RunLog),
    /// A version 1 or 2 file: the player's decisions only; rebuilding simulates the run again.
    Legacy(LegacyRunLog),
}

impl SavedRun {
    /// Rebuilds the run ([`Run::resume`] or [`Run::resume_legacy`]) with `evaluation` for the enemy's
    /// decisions still to come (and, for a legacy file, the recomputed ones).
    #[must_use]
    pub fn resume(&self, evaluation: Evaluation) -> Resumed {
        match self {
            SavedRun::Recorded(log) => Run::resume(log, evaluation),
            SavedRun::Legacy(log) => Run::resume_legacy(log, evaluation),
        }
    }

    /// The run's configuration.
    #[must_use]
    pub fn config(&self) -> &RunConfig {
        match self {
            SavedRun::Recorded(log) => &log.config,
            SavedRun::Legacy(log) => &log.config,
        }
    }
}

/// `run.json` as text: the run's log in the current file version (pretty-printed).
#[must_use]
pub fn run_to_json(run: &Run) -> String {
    serde_json::to_string_pretty(&RunFile { version: RUN_FILE_VERSION, log: run.log() })
        .expect("a run log serializes")
}

/// Reads `run.json` of any version: 7 (a recorded log of version 6), 6 (a recorded log of version
/// 5, migrated: a three-battle run, `acts` 0), 5 (a recorded log of version
/// 4, migrated: its battles' skill rules are recorded as `classic`), 4 and 3 (recorded logs of
/// versions 3 and 2, migrated the same way, and the modifier prices leave the economy, see
/// [`RUN_FILE_VERSION`]), 2
/// (`{"version": 2, "log": {"version": 1, "config", "decisions"}}`) or 1 (the version 1 log's fields
/// at the top level). A recorded log's item catalogue is validated, and every item a shop records
/// must be in it.
///
/// # Errors
/// [`FormatError`] for text that is not a run file of a known version (a bad catalogue or an
/// unknown item names its field).
pub fn run_from_json(text: &str) -> Result<SavedRun, FormatError> {
    let (version, mut value) = parse_versioned(text, RUN_FILE_VERSION)?;
    match version {
        1 => fields(value).map(SavedRun::Legacy),
        2 => fields::<RunFile<LegacyRunLog>>(value).map(|f| SavedRun::Legacy(f.log)),
        _ => {
            if version < 5 {
                // Migration to 5: modifier prices moved from the economy to the item catalogue (the
                // recorded shops keep the prices they sold at).
                if let Some(prices) =
                    value.pointer_mut("/log/config/economy/prices").and_then(Value::as_object_mut)
                {
                    for m in Modifier::ORIGINAL {
                        prices.remove(m.name());
                    }
                }
            }
            if version < 6 {
                // Migration to 6: the battles of older files were played under the prototype's skill
                // rules; record them, so the run replays (and goes on) under those rules.
                if let Some(config) = value.pointer_mut("/log/config").and_then(Value::as_object_mut) {
                    config.insert("battle_rules".to_string(), Value::String("classic".to_string()));
                }
            }
            if version < 7 {
                // Migration to 7: runs before the route were three-battle runs; they finish as such.
                if let Some(config) = value.pointer_mut("/log/config").and_then(Value::as_object_mut) {
                    config.insert("acts".to_string(), Value::from(0));
                }
            }
            let mut file: RunFile<RunLog> = fields(value)?;
            // A version 3 file holds a version 2 log, 4 a version 3 log, 5 a version 4 log, 6 a
            // version 5 log, 7 the current one.
            if file.log.version != version - 1 {
                return Err(FormatError::UnknownVersion {
                    found: u64::from(file.log.version),
                    newest: RUN_LOG_VERSION,
                });
            }
            // Migrations 3 to 6 -> 7: otherwise the same fields; a version 2 log's runs in
            // progress replay identically under today's battle rules (the rules changed only what
            // ended a run), and runs without items replay identically with them.
            file.log.version = RUN_LOG_VERSION;
            check_items(&file.log)?;
            // A run saved before the thinking enemy shipped names the presets' enemy: it resumes with
            // the shipped enemy (at its rank); its recorded enemy actions replay as they are.
            if matches!(file.log.config.tuning, EnemyTuning::Presets { .. }) {
                let mut enemy = crate::tuning::Tuning::default().enemy();
                file.log.config.rank.apply_enemy(&mut enemy);
                file.log.config.tuning = enemy;
            }
            Ok(SavedRun::Recorded(file.log))
        }
    }
}

/// A recorded log's catalogue is valid and names every item its shops record.
fn check_items(log: &RunLog) -> Result<(), FormatError> {
    let items = &log.config.items;
    items
        .validate("run.json")
        .map_err(|e| FormatError::Fields(format!("log.config.items.{}: {}", e.field, e.message)))?;
    for (i, step) in log.steps.iter().enumerate() {
        for (j, slot) in step.shop.iter().flatten().enumerate() {
            if let Some(id) = slot.item.item_id()
                && items.get(id).is_none()
            {
                return Err(FormatError::Fields(format!(
                    "log.steps[{i}].shop[{j}].item.id: no item {id} in the run's catalogue"
                )));
            }
        }
    }
    Ok(())
}
