//! The `run`, `battle` and `simulate` subcommands, driven as a user would.

use std::process::{Command, Output};

fn cli(args: &[&str], data_dir: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gambit-cli"))
        .args(args)
        .env("GAMBIT_DATA_DIR", data_dir)
        .output()
        .expect("gambit-cli runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn run_auto_plays_a_whole_run_and_never_touches_saves() {
    let dir = tempfile::tempdir().unwrap();
    let out = cli(&["run", "--seed", "1", "--auto"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("result: victory, ") || last.starts_with("result: defeat, "), "{last}");
    assert!(last.contains("battles won ") && last.contains("points ") && last.contains("EXP "));
    assert!(text.contains("battle 1 ("));
    // Deterministic.
    assert_eq!(stdout(&cli(&["run", "--seed", "1", "--auto"], dir.path())), text);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no save was written");
}

#[test]
fn run_json_prints_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let out = cli(&["run", "--seed", "2", "--auto", "--json"], dir.path());
    assert!(out.status.success());
    let log: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(log["config"]["seed"], 2);
    assert!(log["steps"].as_array().unwrap().len() > 3);
    assert_eq!(log["version"], 3);
    assert!(
        log["steps"].as_array().unwrap().iter().any(|s| s["enemy"].as_array().is_some_and(|e| !e.is_empty()))
    );
    // Without --auto: bad input.
    assert_eq!(cli(&["run", "--seed", "2"], dir.path()).status.code(), Some(2));
}

#[test]
fn battle_shows_ascii_and_unknown_templates_are_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let out = cli(&["battle", "--template", "pawn_wall", "--seed", "3"], dir.path());
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("pawn_wall (stage 1"));
    assert!(text.contains("  a b c d e f\n"));
    assert!(text.lines().last().unwrap().starts_with("result: "));
    let out = cli(&["battle", "--template", "nope", "--seed", "3"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("pawn_wall") && err.contains("war_host"), "{err}");
}

#[test]
fn simulate_reports_per_stage_figures() {
    let dir = tempfile::tempdir().unwrap();
    let out = cli(&["simulate", "--runs", "6"], dir.path());
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("stage  battles  won  win-rate  avg-moves-used  failed-validations"));
    for stage in 1..=3 {
        assert!(text.lines().any(|l| l.trim_start().starts_with(&format!("{stage} "))), "{text}");
    }
    assert!(text.contains("run victories "));
    // The enemy's searches: per stage, the share that reached the stage's depth ceiling.
    let header = "stage  enemy-decisions  depth-ceiling  reached  median-depth  depth:count";
    let rows: Vec<&str> =
        text.lines().skip_while(|l| *l != header).skip(1).take_while(|l| !l.starts_with("run ")).collect();
    assert!(!rows.is_empty() && rows.iter().all(|r| r.contains('%')), "{text}");
    assert_eq!(cli(&["simulate", "--runs", "0"], dir.path()).status.code(), Some(2));
}
