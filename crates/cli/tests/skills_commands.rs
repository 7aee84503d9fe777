//! The `skills` and `skills-demo` subcommands, driven as a user would: output, exit status, errors.

use std::io::Write as _;
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gambit-cli")).args(args).output().expect("gambit-cli runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn skills_plays_the_actions_and_shows_the_state() {
    let out = cli(&["skills", "--skill-rules", "classic", "--actions", "e2e4 e7e5 tp e4e7 fz e7"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "7 p p p p [P] p p p");
    assert_eq!(lines[9], "fen: rnbqkbnr/ppppPppp/8/4p3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    assert_eq!(lines[10], "turn: black");
    // Ply clock: White's teleport 6 minus the tick of its ply; Black's freeze just cast (no tick).
    assert_eq!(
        lines[11],
        r#"cooldowns: {"white": {"teleport": 5, "freeze": 0}, "black": {"teleport": 0, "freeze": 9}}"#
    );
    assert_eq!(lines[12], "frozen: e7 (3)");
    assert!(lines[13].starts_with("actions ("));
    assert!(lines[13].contains("tp d8d6"), "Black's teleport is ready");
    assert!(!lines[13].contains("fz "), "Black's freeze is not");
    assert_eq!(lines[14], "log (4):");
    assert!(lines[17].starts_with("  3. teleport  e4e7   white "));
    assert!(lines[18].starts_with("  4. freeze    e7     black "));
    assert_eq!(lines.len(), 19);
}

#[test]
fn skills_under_the_default_rules_refuse_a_far_teleport() {
    // The default skill rules: a relocation reaches two king steps, and no pawn lands on its last two
    // ranks; the error names the action and the rule.
    let out = cli(&["skills", "--actions", "e2e4 e7e5 tp e4e7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("action 3 `tp e4e7`: a pawn cannot be teleported onto e7"),
        "{}",
        stderr(&out)
    );
    let out = cli(&["skills", "--actions", "e2e4 tp d8d1"]);
    assert!(stderr(&out).contains("out of range (2 king steps at most)"), "{}", stderr(&out));
    let out = cli(&[
        "skills",
        "--skill-rules",
        r#"{"preset": "classic", "teleport_range": 3}"#,
        "--actions",
        "e2e4 tp d8d5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = cli(&["skills", "--skill-rules", "modern"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(r#"expected "default" or "classic", found "modern""#), "{}", stderr(&out));
}

#[test]
fn skills_with_a_config_file() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    write!(file, r#"{{"clock": "manual", "freeze_duration": 2}}"#).unwrap();
    let path = file.path().to_str().unwrap();
    // Manual clock: moves do not tick; two ticks release e2 (duration 2) and leave White's freeze at 7.
    let out = cli(&["skills", "--config", path, "--actions", "fz e2 tick 2 e2e4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[11],
        r#"cooldowns: {"white": {"teleport": 0, "freeze": 7}, "black": {"teleport": 0, "freeze": 0}}"#
    );
    assert_eq!(lines[12], "frozen: none");
    // The freeze of duration 2 blocked e2e4; the error names the action.
    let out = cli(&["skills", "--config", path, "--actions", "fz e2 e2e4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("action 2 `e2e4`"), "{}", stderr(&out));
    assert!(stderr(&out).contains("frozen"), "{}", stderr(&out));
}

#[test]
fn bad_input_exits_with_status_2_and_prints_nothing_on_stdout() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    write!(file, r#"{{"cooldown_ticks": {{"teleport": -1}}}}"#).unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["--actions".into(), "e2e4 tp e4e4".into()], "action 2 `tp e4e4`"),
        (vec!["--actions".into(), "e2e4 e2e4".into()], "action 2 `e2e4`"),
        (vec!["--actions".into(), "e2e4 tp".into()], "action 2 `tp`"),
        (vec!["--actions".into(), "tick x".into()], "action 1 `tick x`"),
        (vec!["--config".into(), file.path().to_str().unwrap().into()], "cooldown_ticks.teleport"),
        (vec!["--config".into(), "/nonexistent/skills.json".into()], "cannot read config"),
    ];
    for (args, message) in cases {
        let mut all = vec!["skills".to_string()];
        all.extend(args);
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let out = cli(&refs);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(stdout(&out).is_empty(), "{all:?}");
        assert!(stderr(&out).contains(message), "{all:?}: {}", stderr(&out));
    }
}

#[test]
fn skills_demo_prints_the_transcript() {
    let out = cli(&["skills-demo"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("== Initial position ==\n8 r n b q k b n r\n"));
    assert!(text.contains("can_cast(teleport)=true can_cast(freeze)=false (black to move)\n"));
    assert!(text.ends_with("tick       6          black\n"));
}
