//! `gambit-cli epd`, `bench` and `play`.

use std::io::Write;
use std::process::{Command, Stdio};

fn cli(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gambit-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn epd_suite_reports_each_position_and_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mini.epd");
    std::fs::write(
        &file,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate1\";\n\
         r3k3/8/8/1N1q4/8/8/8/4K3 w - - bm Nc7+; id \"fork\";\n\
         4k3/8/8/3q4/4P3/8/8/4K3 w - - am Ke2; id \"avoid\";\n",
    )
    .unwrap();
    let (code, out, err) = cli(&["epd", file.to_str().unwrap(), "--movetime", "200"], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("mate1  expected bm Ra8#  played Ra8#  solved"), "{out}");
    assert!(lines[1].starts_with("fork  expected bm Nc7+  played Nc7+  solved"), "{out}");
    assert!(lines[2].starts_with("avoid  expected am Ke2  played exd5  solved"), "{out}");
    assert_eq!(lines[3], "solved 3/3");
    // Bad input: exit status 2.
    std::fs::write(&file, "8/8/8/8 w - - bm Zz9;\n").unwrap();
    assert_eq!(cli(&["epd", file.to_str().unwrap()], "").0, 2);
    assert_eq!(cli(&["epd", "/nonexistent/file.epd"], "").0, 2);
}

#[test]
fn bench_is_a_deterministic_signature() {
    let (code, out, _) = cli(&["bench", "--depth", "4"], "");
    assert_eq!(code, 0);
    let (_, again, _) = cli(&["bench", "--depth", "4"], "");
    let nodes = |s: &str| s.lines().find(|l| l.starts_with("nodes ")).unwrap().to_string();
    assert_eq!(nodes(&out), nodes(&again));
    assert!(out.lines().any(|l| l.starts_with("nps ")));
    assert_eq!(cli(&["bench", "--depth", "0"], "").0, 2);
}

#[test]
fn play_against_an_engine_and_watch_two() {
    // Scholar's mate against the random engine is not guaranteed; play two moves and quit.
    let (code, out, err) = cli(&["play", "--engine", "minimax", "--depth", "1"], "e4\nzz\nNf3\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("plays"), "{out}");
    assert!(err.contains("not a legal move"), "{err}");
    let (code, out, _) = cli(
        &[
            "play",
            "--watch",
            "--engine",
            "random",
            "--opponent",
            "gambit",
            "--depth",
            "2",
            "--max-plies",
            "6",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out.matches(" plays ").count(), 6, "{out}");
    // The gambit engine mates a lone king quickly enough to finish within the ply limit.
    let (code, out, _) =
        cli(&["play", "--watch", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--depth", "3"], "");
    assert_eq!(code, 0);
    assert!(out.contains("game over: 1-0"), "{out}");
}

/// `play --pgn` writes the result the game announced: a checkmate, a claimed draw, or `*` when stopped.
#[test]
fn play_writes_the_announced_result_to_the_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("game.pgn");
    let path = pgn.to_str().unwrap();
    // The fifty-move rule can be claimed at once: the game is drawn before any move.
    let (code, out, err) =
        cli(&["play", "--watch", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "--pgn", path], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game over: 1/2-1/2 (fifty-move rule)"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    assert!(text.trim_end().ends_with("1/2-1/2"), "{text}");
    // A mate: 1-0, in the tag and at the end of the movetext.
    let (code, out, _) = cli(
        &["play", "--watch", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--depth", "3", "--pgn", path],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("game over: 1-0"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Result \"1-0\"]") && text.trim_end().ends_with("Ra8# 1-0"), "{text}");
    // Stopped by the ply limit: unfinished.
    let (code, _, _) = cli(&["play", "--watch", "--engine", "random", "--max-plies", "2", "--pgn", path], "");
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Result \"*\"]") && text.trim_end().ends_with(" *"), "{text}");
}

#[test]
fn play_skill_chess_with_teleports_and_freezes() {
    let (code, out, err) =
        cli(&["play", "--skills", "--depth", "1", "--nodes", "300"], "e4\ntp e4e9\nfz e7\nd4\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("not a legal action"), "{err}");
    // The bot answered both of White's moves (a free freeze may come before its move).
    assert!(out.matches("(bot) plays").count() >= 2, "{out}");
    assert!(out.matches("your action").count() == 5, "{out}");
    let (code, out, _) =
        cli(&["play", "--skills", "--watch", "--depth", "2", "--nodes", "400", "--max-plies", "8"], "");
    assert_eq!(code, 0);
    assert_eq!(out.matches("(bot) plays").count(), 8, "{out}");
    // The teleport says how it was carried out (the skills crate decides).
    let (code, out, err) = cli(&["play", "--skills", "--nodes", "300"], "tp b1c3\ntp g1e5\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("white plays tp b1c3 (as the move b1c3)"), "{out}");
    assert!(out.starts_with("skill rules: default\n"), "{out}");
    // The prototype's rules on request: a teleport across the board.
    let (code, out, err) =
        cli(&["play", "--skills", "--skill-rules", "classic", "--nodes", "300"], "tp g1e5\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("skill rules: classic\n"), "{out}");
    assert!(out.contains("white plays tp g1e5"), "{out}");
    // A claimable draw finishes a skill-chess game here as in the app (one definition in gambit-skills).
    let (code, out, _) =
        cli(&["play", "--skills", "--watch", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"], "");
    assert_eq!(code, 0);
    assert!(out.contains("game over: 1/2-1/2 (draw by fifty-move rule)"), "{out}");
    assert!(!out.contains("(bot) plays"), "{out}");
}

#[test]
fn match_reports_the_score_and_elo_and_writes_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let args = ["match", "--a", "casual", "--b", "beginner,nodes=200", "--games", "4", "--seed", "3"];
    let (code, out, err) = cli(&[&args[..], &["--pgn", pgn.to_str().unwrap()]].concat(), "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("match (skill chess): A = casual, B = beginner,nodes=200; 4 games, seed 3\n"),
        "{out}"
    );
    assert!(out.contains("A: W ") && out.contains("Elo difference") && out.contains("(95%)"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event \"Gambit match (skill chess)\"]").count(), 4, "{text}");
    assert_eq!(text.matches("[White \"casual\"]").count(), 2, "colours alternate");
    // Deterministic by seed, whatever the thread count.
    let (_, again, _) = cli(&[&args[..], &["--threads", "1"]].concat(), "");
    let result = |s: &str| s.lines().nth(1).unwrap().to_string();
    assert_eq!(result(&out), result(&again));
    // Chess, the legacy parameter set and bad specs.
    let (code, out, _) =
        cli(&["match", "--game", "chess", "--a", "beginner", "--b", "legacy,beginner", "--games", "2"], "");
    assert_eq!(code, 0, "{out}");
    // A saved parameter set (a JSON BotConfig) plays like the configuration it holds.
    let saved = dir.path().join("legacy.json");
    let config = gambit_search::BotConfig::legacy(1, gambit_search::Preset::Beginner.options());
    std::fs::write(&saved, serde_json::to_string_pretty(&config).unwrap()).unwrap();
    let spec = format!("params={}", saved.display());
    let run =
        |b: &str| cli(&["match", "--a", "beginner", "--b", b, "--games", "2", "--max-plies", "40"], "").1;
    let line = |s: String| s.lines().nth(1).unwrap().to_string();
    assert_eq!(line(run(&spec)), line(run("legacy,beginner")));
    let (code, _, err) = cli(&["match", "--a", "grandmaster", "--b", "club"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown preset"), "{err}");
}
