//! Every subcommand ends quietly with status 0 when the reader of its output has gone
//! (`gambit-cli run --seed 1 --auto | head -3`), instead of panicking with status 101.
//!
//! Each case runs the real binary with standard output connected to a pipe whose reading end is
//! closed before the program starts, so its first write fails with `BrokenPipe` on every run (no
//! race with the reader). The long-output subcommands are also read for a few lines and then closed
//! mid-stream, as `head` does; whether the program is still writing then depends on timing, so that
//! case adds realism, and the first one is the guarantee.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_gambit-cli");

/// Runs `gambit-cli args` with `stdin` as its input and a standard output nobody reads.
fn with_closed_stdout(args: &[&str], stdin: &str) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .args(args)
        .env("GAMBIT_DATA_DIR", data.path())
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("gambit-cli starts");
    // The program may end before it reads its input; a failed write here is expected then.
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().unwrap()
}

fn assert_quiet_success(args: &[&str], out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "gambit-cli {args:?}: {stderr}");
    assert!(stderr.is_empty(), "gambit-cli {args:?} wrote to stderr: {stderr}");
}

#[test]
fn every_subcommand_ends_quietly_when_nobody_reads_its_output() {
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("one.epd");
    std::fs::write(&epd, "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate1\";\n").unwrap();
    let epd = epd.to_str().unwrap();
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/tests/data/pgn-corpus/input.pgn");
    let cases: [(&[&str], &str); 21] = [
        (&["--help"], ""),
        (&["--version"], ""),
        (&["run", "--seed", "1", "--auto"], ""),
        (&["run", "--seed", "1", "--auto", "--json"], ""),
        (&["battle", "--template", "pawn_wall", "--seed", "1"], ""),
        (&["simulate", "--runs", "2"], ""),
        (&["solve", "--template", "pawn_wall", "--seed", "1"], ""),
        (&["saves"], ""),
        (&["skills", "--skill-rules", "classic", "--actions", "e2e4 e7e5 tp e4e7"], ""),
        (&["skills-demo"], ""),
        (&["perft", "3", "--divide"], ""),
        (&["show", "--moves", "e4", "e5"], ""),
        (&["uci"], "uci\nisready\nposition startpos\ngo depth 3\nquit\n"),
        (&["epd", epd, "--movetime", "20"], ""),
        (&["bench", "--depth", "1"], ""),
        (&["play", "--engine", "random"], "e4\nquit\n"),
        (&["play", "--watch", "--engine", "random", "--max-plies", "4"], ""),
        (&["play", "--skills", "--depth", "1", "--nodes", "100"], "e4\nquit\n"),
        (&["match", "--a", "beginner", "--b", "beginner", "--games", "2", "--max-plies", "6"], ""),
        (&["pgn", pgn], ""),
        (&["pgn", "--rewrite", pgn], ""),
    ];
    for (args, stdin) in cases {
        assert_quiet_success(args, &with_closed_stdout(args, stdin));
    }
    // Every subcommand that `--help` lists has a case above.
    let help = Command::new(BIN).arg("--help").output().expect("gambit-cli starts");
    let help = String::from_utf8(help.stdout).unwrap();
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .collect();
    assert!(listed.len() >= 10, "{help}");
    for name in listed {
        assert!(cases.iter().any(|(args, _)| args[0] == name), "no closed-output case for `{name}`");
    }
}

/// Reads `lines` lines of the output of `gambit-cli args`, then closes it, as `head -n` does.
fn read_then_close(args: &[&str], lines: usize) -> Output {
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .args(args)
        .env("GAMBIT_DATA_DIR", data.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gambit-cli starts");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..lines {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "gambit-cli {args:?} ended early");
    }
    drop(stdout);
    let mut stderr = Vec::new();
    child.stderr.take().unwrap().read_to_end(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    Output { status, stdout: Vec::new(), stderr }
}

#[test]
fn long_outputs_end_quietly_when_the_reader_stops_midway() {
    for args in [
        &["run", "--seed", "1", "--auto"][..],
        &["battle", "--template", "pawn_wall", "--seed", "1"],
        &["skills-demo"],
    ] {
        assert_quiet_success(args, &read_then_close(args, 3));
    }
}

#[test]
fn other_write_errors_are_failures() {
    // A full disk is not a reader that had enough: status 1 and the reason on stderr.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    let out = Command::new(BIN)
        .args(["skills-demo"])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("gambit-cli starts");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No space left"), "{out:?}");
}
