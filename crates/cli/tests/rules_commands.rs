//! The `perft` and `show` subcommands, driven as a user would: output format, exit status, errors.

use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gambit-cli")).args(args).output().expect("gambit-cli runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_what_stockfish_prints() {
    let out = cli(&["perft", "3", "--divide"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20 + 2);
    assert!(lines.contains(&"e2e4: 600"));
    assert!(lines.contains(&"g1f3: 440"));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");
    // Timing goes to stderr only.
    assert!(String::from_utf8_lossy(&out.stderr).contains("nodes/s"));
}

#[test]
fn perft_threads_fen_and_rules() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = cli(&["perft", "3", "--fen", kiwipete, "--threads", "2"]);
    assert_eq!(stdout(&out), "Nodes searched: 97862\n");
    let out = cli(&["perft", "2", "--rules", "skirmish"]);
    assert_eq!(stdout(&out), "Nodes searched: 144\n");
    let out = cli(&["perft", "0"]);
    assert_eq!(stdout(&out), "Nodes searched: 1\n");
}

#[test]
fn chess960_perft_show_and_play() {
    // The first position of the 960 suite (Shredder-FEN), depth 2 from the suite.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let out = cli(&["perft", "2", "--chess960", "--fen", fen]);
    assert_eq!(stdout(&out), "Nodes searched: 528\n");
    // Without --chess960 its castling field is not standard FEN.
    assert_eq!(cli(&["perft", "2", "--fen", fen]).status.code(), Some(2));
    // Start position 518 is the standard one; castling is king-takes-rook in UCI, O-O in SAN.
    let out = cli(&["perft", "3", "--start960", "518"]);
    assert_eq!(stdout(&out), "Nodes searched: 8902\n");
    let out = cli(&["show", "--start960", "518", "--moves", "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    let text = stdout(&out);
    assert!(text.contains(" e1h1 "), "{text}");
    assert!(text.contains(" O-O "), "{text}");
    assert!(text.contains("fen: r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"));
    let out = cli(&["show", "--start960", "0", "--moves", "d1c3"]);
    assert!(stdout(&out).starts_with("8 b b q n n r k r\n"));
    for args in [&["perft", "1", "--start960", "960"][..], &["show", "--start960", "1", "--fen", fen]] {
        assert_eq!(cli(args).status.code(), Some(2), "{args:?}");
    }
    // Watching two random engines play a 960 game to the end of a few plies.
    let out = cli(&[
        "play",
        "--start960",
        "100",
        "--watch",
        "--engine",
        "random",
        "--opponent",
        "random",
        "--max-plies",
        "6",
    ]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("stopped after 6 plies"));
}

#[test]
fn play_writes_the_game_as_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pgn");
    let path_arg = path.to_str().unwrap();
    let out = cli(&[
        "play",
        "--start960",
        "7",
        "--watch",
        "--engine",
        "random",
        "--opponent",
        "random",
        "--max-plies",
        "12",
        "--pgn",
        path_arg,
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&path).unwrap();
    let games = gambit_rules::read_pgn(&text, gambit_rules::Variations::Skip).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].mainline.moves.len(), 12);
    assert_eq!(games[0].start, gambit_rules::Position::chess960_start(7).unwrap());
    assert!(text.contains("[Variant \"Chess960\"]"));
    // An unwritable path is bad input.
    let bad = cli(&[
        "play",
        "--watch",
        "--engine",
        "random",
        "--max-plies",
        "2",
        "--pgn",
        "/nonexistent/dir/x.pgn",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn bad_input_exits_with_status_2() {
    for args in [
        &["perft", "3", "--fen", "not a fen"][..],
        &["perft", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        &["perft", "x"],
        &["perft", "2", "--threads", "0"],
        &["show", "--moves", "e4", "e4"],
        &["show", "--moves", "Nf9"],
        &["frobnicate"],
    ] {
        let out = cli(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
        assert!(!out.stderr.is_empty(), "{args:?} printed no error");
    }
}

#[test]
fn version_is_answered() {
    let out = cli(&["--version"]);
    assert!(out.status.success());
    assert!(stdout(&out).starts_with("gambit-cli "));
}

#[test]
fn show_plays_moves_and_names_the_outcome() {
    let out = cli(&["show", "--moves", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("8 r . b q k b . r\n7 p p p p . Q p p\n"));
    assert!(text.contains("fen: r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n"));
    assert!(text.contains("legal moves (0): \n"));
    assert!(text.contains("check: yes\n"));
    assert!(text.contains("outcome: checkmate, white wins\n"));

    let text = stdout(&cli(&["show", "--moves", "e2e4"]));
    assert!(text.contains("legal moves (20): "));
    assert!(text.contains(" Nf6 "));
    assert!(text.contains("check: no\n"));
    assert!(!text.contains("outcome"));
}
