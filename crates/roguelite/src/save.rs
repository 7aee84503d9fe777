//! Progress and the active run on disk: versioned JSON, migration, atomic writes, and corrupt files
//! kept aside.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::run::{ReplayError, Run, RunConfig, RunLog, RunSummary};
use crate::skilltree::{SkillTree, UnlockError};

/// The current `progress.json` version.
pub const PROGRESS_VERSION: u32 = 2;
/// The current `run.json` version.
pub const RUN_FILE_VERSION: u32 = 2;
/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "GAMBIT_DATA_DIR";
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
}

impl Progress {
    /// Adds a finished run: EXP, statistics, best score.
    pub fn record_run(&mut self, summary: &RunSummary) {
        self.exp += summary.exp;
        let s = &mut self.stats;
        s.runs += 1;
        s.victories += u32::from(summary.victory);
        s.battles_won += summary.battles_won;
        s.pawns_lost += summary.stats.pawns_lost;
        s.temporary_pawns_lost += summary.stats.temporary_pawns_lost;
        s.best_score = s.best_score.max(summary.points);
        s.total_exp += summary.exp;
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

    /// The configuration of a new run with this profile's unlocks.
    #[must_use]
    pub fn new_run_config(&self, seed: u64) -> RunConfig {
        RunConfig { seed, unlocks: self.unlocked.clone(), ..RunConfig::new(seed) }
    }
}

#[derive(Serialize)]
struct ProgressFile<'a> {
    version: u32,
    #[serde(flatten)]
    progress: &'a Progress,
}

#[derive(Serialize, Deserialize)]
struct RunFile {
    version: u32,
    log: RunLog,
}

/// A save problem the UI can show (and, for writes, offer to retry).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SaveError {
    /// No data directory could be determined (no home directory and no `GAMBIT_DATA_DIR`).
    #[error("no data directory: set GAMBIT_DATA_DIR")]
    NoDataDir,
    /// Reading or writing failed.
    #[error("cannot access {path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
    /// The file is not a valid save; it was moved to `kept_aside` (if that worked) and an empty
    /// profile is used.
    #[error("{path} is not a valid save ({message}); it was kept aside as {}", kept_aside.as_ref().map_or("(could not move it)".to_string(), |p| p.display().to_string()))]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
        /// Where the bad file now is.
        kept_aside: Option<PathBuf>,
    },
}

/// A loaded value plus the problem met on the way, if any (the value is then the empty default).
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded<T> {
    /// The value.
    pub value: T,
    /// The error to show, if the file was bad or unreadable.
    pub error: Option<SaveError>,
}

/// Where saves live, with the operations on them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveStore {
    dir: PathBuf,
}

fn io_error(path: &Path, e: &std::io::Error) -> SaveError {
    SaveError::Io { path: path.to_path_buf(), message: e.to_string() }
}

fn version_of(value: &Value) -> Result<u32, String> {
    value
        .get("version")
        .and_then(Value::as_u64)
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| "missing or bad \"version\" field".to_string())
}

/// Upgrades a progress JSON value to the current version. Version 1 had `exp`, `unlocks` (the node
/// ids) and `best_score` at the top level and no other statistics.
fn migrate_progress(mut value: Value) -> Result<Progress, String> {
    let version = version_of(&value)?;
    if version > PROGRESS_VERSION {
        return Err(format!("version {version} is newer than this game ({PROGRESS_VERSION})"));
    }
    let obj = value.as_object_mut().ok_or("not a JSON object")?;
    obj.remove("version");
    if version == 0 {
        return Err("version 0 does not exist".into());
    }
    if version == 1 {
        let unlocks = obj.remove("unlocks").unwrap_or(Value::Array(Vec::new()));
        let best = obj.remove("best_score").unwrap_or(Value::from(0));
        obj.insert("unlocked".into(), unlocks);
        obj.insert("stats".into(), serde_json::json!({ "best_score": best }));
    }
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// Upgrades a run file to the current version. Version 1 had the log's fields (`config`,
/// `decisions`) at the top level.
fn migrate_run(value: Value) -> Result<RunLog, String> {
    let version = version_of(&value)?;
    if version > RUN_FILE_VERSION || version == 0 {
        return Err(format!("unsupported run file version {version}"));
    }
    let file: RunFile = if version == 1 {
        let mut log = value;
        if let Some(o) = log.as_object_mut() {
            o.insert("version".into(), Value::from(crate::run::RUN_LOG_VERSION));
        }
        RunFile { version: 2, log: serde_json::from_value(log).map_err(|e| e.to_string())? }
    } else {
        serde_json::from_value(value).map_err(|e| e.to_string())?
    };
    Ok(file.log)
}

impl SaveStore {
    /// Saves in `dir` (created on the first write).
    #[must_use]
    pub fn at(dir: impl Into<PathBuf>) -> SaveStore {
        SaveStore { dir: dir.into() }
    }

    /// The player's store: `$GAMBIT_DATA_DIR` when set, else the platform data directory of the
    /// application `gambit` (the `directories` crate).
    ///
    /// # Errors
    /// [`SaveError::NoDataDir`].
    pub fn from_env() -> Result<SaveStore, SaveError> {
        if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
            return Ok(SaveStore::at(dir));
        }
        directories::ProjectDirs::from("", "", "gambit")
            .map(|d| SaveStore::at(d.data_dir()))
            .ok_or(SaveError::NoDataDir)
    }

    /// The directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes `text` to `name` atomically: a temporary file in the same directory, flushed and synced,
    /// then renamed over the target.
    fn write_atomic(&self, name: &str, text: &str) -> Result<(), SaveError> {
        fs::create_dir_all(&self.dir).map_err(|e| io_error(&self.dir, &e))?;
        let target = self.path(name);
        let tmp = self.path(&format!("{name}.tmp"));
        let result = (|| {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.flush()?;
            f.sync_all()?;
            fs::rename(&tmp, &target)
        })();
        result.map_err(|e| {
            let _ = fs::remove_file(&tmp);
            io_error(&target, &e)
        })
    }

    /// Moves a bad file aside (`name.bad`, `name.bad.1`, ...) so it is never overwritten silently.
    fn keep_aside(&self, name: &str) -> Option<PathBuf> {
        let from = self.path(name);
        (0..1000).find_map(|i| {
            let to = if i == 0 {
                self.path(&format!("{name}.bad"))
            } else {
                self.path(&format!("{name}.bad.{i}"))
            };
            if to.exists() {
                return None;
            }
            fs::rename(&from, &to).ok().map(|()| to)
        })
    }

    fn read(&self, name: &str) -> Result<Option<String>, SaveError> {
        let path = self.path(name);
        match fs::read(&path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => Ok(Some(text)),
                Err(_) => Err(self.corrupt(name, "not UTF-8 text".into())),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_error(&path, &e)),
        }
    }

    fn corrupt(&self, name: &str, message: String) -> SaveError {
        SaveError::Corrupt { path: self.path(name), message, kept_aside: self.keep_aside(name) }
    }

    fn load<T: Default>(&self, name: &str, parse: impl FnOnce(Value) -> Result<T, String>) -> Loaded<T> {
        let text = match self.read(name) {
            Ok(Some(t)) => t,
            Ok(None) => return Loaded { value: T::default(), error: None },
            Err(e) => return Loaded { value: T::default(), error: Some(e) },
        };
        let parsed = serde_json::from_str::<Value>(&text).map_err(|e| e.to_string()).and_then(parse);
        match parsed {
            Ok(value) => Loaded { value, error: None },
            Err(message) => Loaded { value: T::default(), error: Some(self.corrupt(name, message)) },
        }
    }

    /// Loads `progress.json`: a missing file is an empty profile; an invalid one is an empty profile
    /// plus [`SaveError::Corrupt`] (the file is kept aside); an older version is migrated.
    #[must_use]
    pub fn load_progress(&self) -> Loaded<Progress> {
        self.load(PROGRESS_FILE, migrate_progress)
    }

    /// Writes `progress.json` atomically.
    ///
    /// # Errors
    /// [`SaveError::Io`]; the old file is intact then.
    pub fn save_progress(&self, progress: &Progress) -> Result<(), SaveError> {
        let text = serde_json::to_string_pretty(&ProgressFile { version: PROGRESS_VERSION, progress })
            .expect("progress serializes");
        self.write_atomic(PROGRESS_FILE, &text)
    }

    /// Writes the active run (`run.json`: its log) atomically. Call it at every screen boundary and
    /// after every player turn in battle.
    ///
    /// # Errors
    /// [`SaveError::Io`].
    pub fn save_run(&self, run: &Run) -> Result<(), SaveError> {
        let file = RunFile { version: RUN_FILE_VERSION, log: run.log() };
        self.write_atomic(RUN_FILE, &serde_json::to_string_pretty(&file).expect("a run log serializes"))
    }

    /// Loads the active run's log: `None` when there is none; an invalid file gives `None` plus
    /// [`SaveError::Corrupt`] (kept aside).
    #[must_use]
    pub fn load_run_log(&self) -> Loaded<Option<RunLog>> {
        self.load(RUN_FILE, |v| migrate_run(v).map(Some))
    }

    /// Loads and replays the active run, exactly where it was. A log that does not replay is treated
    /// as a corrupt file.
    #[must_use]
    pub fn resume_run(&self) -> Loaded<Option<Run>> {
        let loaded = self.load_run_log();
        let Some(log) = loaded.value else { return Loaded { value: None, error: loaded.error } };
        match Run::replay(&log) {
            Ok(run) => Loaded { value: Some(run), error: None },
            Err(ReplayError { index, error }) => Loaded {
                value: None,
                error: Some(self.corrupt(RUN_FILE, format!("decision {index} does not replay: {error}"))),
            },
        }
    }

    /// Deletes `run.json` (at the end of a run). A missing file is fine.
    ///
    /// # Errors
    /// [`SaveError::Io`].
    pub fn clear_run(&self) -> Result<(), SaveError> {
        let path = self.path(RUN_FILE);
        match fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io_error(&path, &e)),
            _ => Ok(()),
        }
    }
}
