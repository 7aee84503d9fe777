//! `gambit-cli saves`: the data directory and the state of each save file, read-only.

use std::process::Command;

fn saves(env_dir: &std::path::Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gambit-cli"))
        .arg("saves")
        .args(args)
        .env("GAMBIT_DATA_DIR", env_dir)
        .output()
        .expect("gambit-cli runs");
    (out.status.success(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn saves_reports_each_file_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, text) = saves(dir.path(), &[]);
    assert!(ok);
    assert!(text.starts_with(&format!("data directory: {}\n", dir.path().display())), "{text}");
    assert!(text.contains("progress.json: missing\nrun.json: missing\nsettings.json: missing\n"), "{text}");

    // A run written by a6fe168, a bad profile whose previous version is fine, settings.
    std::fs::copy("../roguelite/tests/data/run-v2-a6fe168.json", dir.path().join("run.json")).unwrap();
    std::fs::write(dir.path().join("progress.json"), "{\"version\": 2, \"exp\": \"lots\"}").unwrap();
    std::fs::copy("../roguelite/tests/data/progress-v2-a6fe168.json", dir.path().join("progress.json.prev"))
        .unwrap();
    std::fs::copy("../app/tests/data/settings-v1-a6fe168.json", dir.path().join("settings.json")).unwrap();
    let before: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    let other = tempfile::tempdir().unwrap();
    let (ok, text) = saves(other.path(), &["--dir", dir.path().to_str().unwrap()]);
    assert!(ok);
    assert!(text.contains("progress.json: NOT VALID: it is not valid ("), "{text}");
    assert!(text.contains("  previous version: valid: 75 EXP, 1 unlocked, 3 runs"), "{text}");
    // Simulated again with today's bot: it replays fully or names the step where it stops.
    assert!(text.contains("run.json: valid (an older version, simulated again on load): seed 2, "), "{text}");
    assert!(text.contains("; replays fully\n") || text.contains("; replays up to step "), "{text}");
    assert!(text.contains("settings.json: JSON, version 1"), "{text}");
    let after: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(before.len(), after.len(), "nothing was kept aside or rewritten");

    // A recorded run (version 3, written at 834a4e4) replays fully whatever the bot.
    std::fs::copy("../roguelite/tests/data/run-v3-834a4e4.json", dir.path().join("run.json")).unwrap();
    let (ok, text) = saves(other.path(), &["--dir", dir.path().to_str().unwrap()]);
    assert!(ok);
    assert!(
        text.contains("run.json: valid (recorded, written by 0.1.0): seed 1, 31 decisions, 2 battles won"),
        "{text}"
    );
    assert!(text.contains("; replays fully\n"), "{text}");
}
