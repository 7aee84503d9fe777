//! `gambit-cli saves [--dir DIR]`: the data directory the game uses and the state of each save file in
//! it, through the game's file layer (`gambit-store`), read-only. `progress.json` and `run.json` are
//! read with the roguelite's formats (a run is also replayed); `settings.json` and `skill-chess.json`,
//! whose formats belong to the game, are checked as versioned JSON.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use gambit_roguelite::bot::Evaluation;
use gambit_roguelite::save::{PROGRESS_FILE, RUN_FILE, SavedRun, progress_from_json, run_from_json};
use gambit_store::{FileState, Inspection, Store};

/// The game's files that only the game reads in full.
const GAME_FILES: [&str; 2] = ["settings.json", "skill-chess.json"];

fn versioned_json(text: &str) -> Result<u64, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    value.get("version").and_then(serde_json::Value::as_u64).ok_or_else(|| "no \"version\" field".into())
}

fn describe<T>(state: &FileState<T>, valid: impl Fn(&T) -> String) -> String {
    match state {
        FileState::Missing => "missing".into(),
        FileState::Valid(v) => valid(v),
        FileState::Invalid(problem) => format!("NOT VALID: it {problem}"),
    }
}

fn report<T>(
    out: &mut impl Write,
    name: &str,
    seen: &Inspection<T>,
    valid: impl Fn(&T) -> String,
) -> std::io::Result<()> {
    writeln!(out, "{name}: {}", describe(&seen.current, &valid))?;
    if !matches!(seen.previous, FileState::Missing) {
        writeln!(out, "  previous version: {}", describe(&seen.previous, &valid))?;
    }
    for aside in &seen.kept_aside {
        writeln!(out, "  kept aside: {}", aside.display())?;
    }
    Ok(())
}

fn run_summary(saved: &SavedRun) -> String {
    let resumed = saved.resume(Evaluation::default());
    let run = &resumed.run;
    let format = match saved {
        SavedRun::Recorded(log) => format!("recorded, written by {}", log.game_version),
        SavedRun::Legacy(_) => "an older version, simulated again on load".to_string(),
    };
    let replay = match &resumed.stopped {
        None => "replays fully".to_string(),
        Some(e) => format!("replays up to step {} ({})", e.index, e.problem),
    };
    format!(
        "valid ({format}): seed {}, {} decisions, {} battles won, {} gold; {replay}",
        run.config().seed,
        run.decisions().count(),
        run.battles_won(),
        run.gold()
    )
}

pub(crate) fn run(out: &mut impl Write, dir: Option<PathBuf>) -> Result<()> {
    let store = match dir {
        Some(dir) => Store::new(dir),
        None => Store::from_env()?,
    };
    writeln!(out, "data directory: {}", store.dir().display())?;
    let progress = store.inspect(PROGRESS_FILE, progress_from_json);
    report(out, PROGRESS_FILE, &progress, |p| {
        format!("valid: {} EXP, {} unlocked, {} runs", p.exp, p.unlocked.len(), p.stats.runs)
    })?;
    let run = store.inspect(RUN_FILE, run_from_json);
    report(out, RUN_FILE, &run, run_summary)?;
    for name in GAME_FILES {
        let seen = store.inspect(name, versioned_json);
        report(out, name, &seen, |v| format!("JSON, version {v} (read in full by the game)"))?;
    }
    Ok(())
}
