//! `gambit-cli pgn FILE...`: the corpus of other programs' files (crates/rules/tests/data/pgn-corpus),
//! the exit statuses (0 all read, 2 a game not read, 1 a file not read or none named), `--rewrite`, and
//! input nested deeper than any stack.

use std::path::PathBuf;
use std::process::Command;

fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gambit-cli")).args(args).output().unwrap();
    (
        out.status.code().expect("an exit status, not a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn corpus(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../rules/tests/data/pgn-corpus");
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn reports_every_game_of_files_from_other_programs() {
    let files = [
        "scid-4.7.4.pgn",
        "pgn-extract-19.04.pgn",
        "synthetic-windows-1252.pgn",
        "synthetic-960-fen-only.pgn",
    ];
    let paths: Vec<String> = files.iter().map(|f| corpus(f)).collect();
    let args: Vec<&str> = std::iter::once("pgn").chain(paths.iter().map(String::as_str)).collect();
    let (code, out, err) = cli(&args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("scid-4.7.4.pgn: game 4: White, A. - Black, B., 28 plies, 1-0\n"), "{out}");
    assert!(out.contains("scid-4.7.4.pgn: 4 games read, 0 not read (UTF-8)\n"), "{out}");
    assert!(
        out.contains("synthetic-windows-1252.pgn: game 1: Müller, Jürgen - Ström, Åsa, 28 plies, 1-0\n"),
        "{out}"
    );
    assert!(out.contains("(Windows-1252)"), "{out}");
    assert_eq!(out.matches(", Chess960\n").count(), 3, "{out}");
}

#[test]
fn a_bad_game_is_reported_at_its_line_and_column_with_status_2() {
    let bad = corpus("bad-illegal-san.pgn");
    let good = corpus("input.pgn");
    let (code, out, err) = cli(&["pgn", &bad, &good]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.contains(&format!("{bad}:4:14: game 1: move 4. Bb6: ")), "{out}");
    // The other file is still read.
    assert!(out.contains("input.pgn: 4 games read, 0 not read"), "{out}");
    assert!(err.contains("1 of 5 games not read"), "{err}");
    // In one file, the games after a bad one are read too.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.pgn");
    std::fs::write(&file, "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[FEN \"8/8 w - - 0 1\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. d4 *\n").unwrap();
    let (code, out, _) = cli(&["pgn", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.contains("mixed.pgn:6:1: game 2: bad FEN tag"), "{out}");
    assert!(out.contains("2 games read, 1 not read"), "{out}");
}

#[test]
fn a_file_that_cannot_be_read_or_none_named_is_status_1() {
    let (code, _, err) = cli(&["pgn", "/nonexistent/games.pgn", &corpus("input.pgn")]);
    assert_eq!(code, 1);
    assert!(err.contains("/nonexistent/games.pgn: cannot read"), "{err}");
    let (code, _, err) = cli(&["pgn"]);
    assert_eq!(code, 1);
    assert!(err.contains("no PGN file named"), "{err}");
}

#[test]
fn rewrite_prints_the_games_in_export_format() {
    let (code, out, err) =
        cli(&["pgn", "--rewrite", &corpus("chess.js-1.4.0.pgn"), &corpus("synthetic-utf8-bom.pgn")]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("chess.js-1.4.0.pgn: 4 games read"), "{err}");
    // The Seven Tag Roster first, then the other tags; lines of at most 80 columns.
    assert!(out.starts_with("[Event \"Gambit vs Stockfish UCI_Elo 1800\"]\n[Site \"match_stockfish.py\"]\n[Date \"2026.11.30\"]\n[Round \"1\"]\n[White \"Gambit 0.1.0\"]\n[Black \"Stockfish 15.1 (UCI_Elo 1800)\"]\n[Result \"1-0\"]\n[Opening"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    // And it reads back: the same moves as the original files.
    let games = gambit_rules::read_pgn(&out, gambit_rules::Variations::Keep).unwrap();
    assert_eq!(games.len(), 5);
    assert_eq!(games[4].tag("Black"), Some("Dvořák, Éva"));
    let original = std::fs::read(corpus("chess.js-1.4.0.pgn")).unwrap();
    let original = gambit_rules::read_pgn_bytes(&original, gambit_rules::Variations::Keep).unwrap();
    for (a, b) in original.iter().zip(&games) {
        assert!(a.mainline == b.mainline && a.result == b.result);
    }
    // Tags out of order, some missing, a Result tag that disagrees with the game: the roster in order.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("odd.pgn");
    std::fs::write(&file, "[Annotator \"X\"]\n[White \"W\"]\n[Event \"E\"]\n[Result \"*\"]\n\n1. e4 1-0\n")
        .unwrap();
    let (code, out, _) = cli(&["pgn", "--rewrite", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    let roster =
        "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"?\"]\n";
    assert_eq!(out, format!("{roster}[Result \"1-0\"]\n[Annotator \"X\"]\n\n1. e4 1-0\n\n"));
}

#[test]
fn deep_nesting_and_garbage_end_with_a_status_not_a_signal() {
    let dir = tempfile::tempdir().unwrap();
    let deep = dir.path().join("deep.pgn");
    let levels = 200_000;
    let text = format!("1. e4{} *\n", " (1. d4".repeat(levels) + &")".repeat(levels));
    std::fs::write(&deep, text).unwrap();
    let (code, out, err) = cli(&["pgn", deep.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("deep.pgn: game 1: ? - ?, 1 plies, *"), "{out}");
    let (code, out, _) = cli(&["pgn", "--rewrite", deep.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(out.matches('(').count(), levels);
    // Unbalanced at that depth, and bytes that are no PGN at all: status 2.
    std::fs::write(&deep, "1. e4".to_string() + &" (1. d4".repeat(levels)).unwrap();
    assert_eq!(cli(&["pgn", deep.to_str().unwrap()]).0, 2);
    std::fs::write(&deep, [0xFFu8, 0x00, b'{', 0x80, b'[', b'"']).unwrap();
    assert_eq!(cli(&["pgn", deep.to_str().unwrap()]).0, 2);
}
