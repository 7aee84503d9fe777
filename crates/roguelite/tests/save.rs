//! Saves: round trips, migration, the corrupt-save path, atomic writes, resume. Temporary directories
//! only: the player's data directory is never touched.

use std::fs;

use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, EnemyTuning, auto_decision};
use gambit_roguelite::save::{PROGRESS_FILE, RUN_FILE, SaveError, SaveStore};
use gambit_roguelite::{Progress, Run, RunConfig};

#[test]
fn missing_files_are_an_empty_profile_and_no_run() {
    let dir = tempfile::tempdir().unwrap();
    let store = SaveStore::at(dir.path().join("not-yet"));
    let p = store.load_progress();
    assert_eq!(p.value, Progress::default());
    assert!(p.error.is_none());
    let r = store.resume_run();
    assert!(r.value.is_none() && r.error.is_none());
}

#[test]
fn progress_round_trip_with_version() {
    let dir = tempfile::tempdir().unwrap();
    let store = SaveStore::at(dir.path());
    let mut p = Progress { exp: 75, unlocked: vec!["deeper_pockets".into()], ..Default::default() };
    p.stats.best_score = 410;
    p.stats.pawns_lost = 3;
    p.stats.temporary_pawns_lost = 2;
    store.save_progress(&p).unwrap();
    let text = fs::read_to_string(dir.path().join(PROGRESS_FILE)).unwrap();
    assert!(text.contains("\"version\": 2"));
    assert!(!dir.path().join("progress.json.tmp").exists());
    let loaded = store.load_progress();
    assert_eq!(loaded.value, p);
    assert!(loaded.error.is_none());
}

#[test]
fn progress_version_1_is_migrated() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join(PROGRESS_FILE),
        r#"{"version": 1, "exp": 40, "unlocks": ["deeper_pockets"], "best_score": 250}"#,
    )
    .unwrap();
    let loaded = SaveStore::at(dir.path()).load_progress();
    assert!(loaded.error.is_none(), "{:?}", loaded.error);
    assert_eq!(loaded.value.exp, 40);
    assert_eq!(loaded.value.unlocked, vec!["deeper_pockets".to_string()]);
    assert_eq!(loaded.value.stats.best_score, 250);
}

#[test]
fn corrupt_progress_gives_an_empty_profile_an_error_and_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = SaveStore::at(dir.path());
    for (i, bad) in
        ["{not json", r#"{"exp": 5}"#, r#"{"version": 99, "exp": 5}"#, r#"{"version": 2, "exp": "x"}"#]
            .into_iter()
            .enumerate()
    {
        fs::write(dir.path().join(PROGRESS_FILE), bad).unwrap();
        let loaded = store.load_progress();
        assert_eq!(loaded.value, Progress::default());
        let Some(SaveError::Corrupt { kept_aside: Some(aside), .. }) = loaded.error else {
            panic!("expected a corrupt-save error, got {:?}", loaded.error)
        };
        assert_eq!(fs::read_to_string(&aside).unwrap(), bad, "the bad file is kept as it was");
        let expected =
            if i == 0 { "progress.json.bad".to_string() } else { format!("progress.json.bad.{i}") };
        assert_eq!(aside.file_name().unwrap().to_str().unwrap(), expected);
        assert!(!dir.path().join(PROGRESS_FILE).exists());
    }
    // A later save writes a fresh file and never touches the kept copies.
    store.save_progress(&Progress { exp: 1, ..Default::default() }).unwrap();
    assert_eq!(store.load_progress().value.exp, 1);
    assert!(dir.path().join("progress.json.bad").exists());
}

#[test]
fn failed_write_returns_an_error() {
    let dir = tempfile::tempdir().unwrap();
    // The "directory" is a file: nothing can be written under it.
    let blocker = dir.path().join("file");
    fs::write(&blocker, "x").unwrap();
    let store = SaveStore::at(blocker.join("sub"));
    assert!(matches!(store.save_progress(&Progress::default()), Err(SaveError::Io { .. })));
}

#[test]
fn active_run_saves_and_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let store = SaveStore::at(dir.path());
    let mut config = RunConfig::new(11);
    config.tuning = EnemyTuning::custom(vec![1], vec![200], vec![]);
    let mut run = Run::new(config);
    // Save at every boundary; stop in the middle of the first battle.
    for _ in 0..6 {
        let d = auto_decision(&run, AUTO_PLAYER_TUNING).unwrap();
        run.apply(d).unwrap();
        store.save_run(&run).unwrap();
    }
    let resumed = store.resume_run();
    assert!(resumed.error.is_none());
    let resumed = resumed.value.unwrap();
    assert_eq!(resumed.log(), run.log());
    assert_eq!(resumed.phase(), run.phase());
    assert_eq!(resumed.battle().map(|b| b.render_ascii()), run.battle().map(|b| b.render_ascii()));
    assert_eq!(resumed.battle().map(|b| b.state_key()), run.battle().map(|b| b.state_key()));
    store.clear_run().unwrap();
    assert!(store.resume_run().value.is_none());
    store.clear_run().unwrap();
}

#[test]
fn run_file_version_1_is_migrated_and_a_bad_log_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = SaveStore::at(dir.path());
    let mut run = Run::new(RunConfig::new(4));
    run.apply(auto_decision(&run, AUTO_PLAYER_TUNING).unwrap()).unwrap();
    let log = run.log();
    let v1 = serde_json::json!({"version": 1, "config": log.config, "decisions": log.decisions});
    fs::write(dir.path().join(RUN_FILE), v1.to_string()).unwrap();
    let resumed = store.resume_run();
    assert!(resumed.error.is_none(), "{:?}", resumed.error);
    assert_eq!(resumed.value.unwrap().log(), log);

    // A log whose decision does not replay is a corrupt file: no run, an error, the file kept aside.
    let bad = serde_json::json!({"version": 2, "log": {"version": 1, "config": log.config,
        "decisions": [{"kind": "reroll"}]}});
    fs::write(dir.path().join(RUN_FILE), bad.to_string()).unwrap();
    let resumed = store.resume_run();
    assert!(resumed.value.is_none());
    assert!(matches!(resumed.error, Some(SaveError::Corrupt { kept_aside: Some(_), .. })));
    assert!(dir.path().join("run.json.bad").exists());
}

/// The state a fixture run was in when it was saved, written beside it by the code that saved it.
fn expected_state(run: &Run) -> serde_json::Value {
    let b = run.battle().expect("the fixture stops in a battle");
    let units: Vec<String> = b
        .units()
        .iter()
        .map(|u| {
            let alive = if u.alive { "alive" } else { "dead" };
            format!("{} {} {} {} {alive}", u.team, u.role.name(), u.square, u.hp)
        })
        .collect();
    serde_json::json!({
        "gold": run.gold(), "points": run.points(), "battles_won": run.battles_won(),
        "roster": run.roster(), "moves_used": b.moves_used(), "ply": b.ply(),
        "units": units, "ascii": b.render_ascii(), "decisions": run.log().decisions.len(),
    })
}

#[test]
fn a_run_saved_by_a6fe168_resumes_exactly_while_the_bot_is_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    fs::copy("tests/data/run-v2-a6fe168.json", dir.path().join(RUN_FILE)).unwrap();
    let expected: serde_json::Value =
        serde_json::from_str(&fs::read_to_string("tests/data/run-v2-a6fe168.expected.json").unwrap())
            .unwrap();
    let resumed = SaveStore::at(dir.path()).resume_run();
    assert!(resumed.error.is_none(), "{:?}", resumed.error);
    let run = resumed.value.unwrap();
    assert_eq!(expected_state(&run), expected);
}
