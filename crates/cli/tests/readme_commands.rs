//! Every `gambit-cli` command written in a README or `docs/*.md` runs, as a newcomer would type it.
//!
//! Which lines are commands is decided by `xtask/src/doc_commands.rs` (its module documentation says
//! how); this test takes those whose binary is `gambit-cli` (`cargo run -p gambit-cli -- ARGS`,
//! `./gambit-cli ARGS`, `target/release/gambit-cli ARGS`) and runs the binary built for the test with
//! the line's arguments, from the repository root, with an empty standard input (an interactive
//! command stops at its first prompt) and an empty data directory. Each must exit with status 0.
//!
//! The one exception, by subcommand: [`SLOW`] subcommands measure (a perft count, a search bench, an
//! EPD suite, many runs) and take seconds to minutes in a test build, so their lines run with `--help`
//! appended instead. clap then still checks that the subcommand and every option before `--help` exist
//! and that their values parse, and the test checks that the files they name exist.

#[path = "../../../xtask/src/doc_commands.rs"]
#[allow(dead_code)]
mod doc_commands;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Subcommands whose documented lines are checked with `--help` rather than run.
const SLOW: [&str; 4] = ["perft", "bench", "epd", "simulate"];

fn repository_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository root")
}

/// Runs every documented command line of `binary` (found at `exe`): the failures, as `file:line: why`.
fn run_documented_lines(binary: &str, exe: &str, slow: &[&str]) -> (usize, Vec<String>) {
    let root = repository_root();
    let commands = doc_commands::commands(&root).expect("the Markdown files are readable");
    let mut failures = Vec::new();
    let mut ran = 0;
    for cmd in &commands {
        let Some((bin, args)) = cmd.binary() else { continue };
        if bin != binary {
            continue;
        }
        let mut args = args.to_vec();
        if args.first().is_some_and(|sub| slow.contains(&sub.as_str())) {
            for path in args.iter().filter(|a| looks_like_a_file(a)) {
                if !root.join(path).is_file() {
                    failures.push(format!("{}: no file {path}", cmd.place()));
                }
            }
            args.push("--help".into());
        }
        let data = tempfile::tempdir().unwrap();
        let out = Command::new(exe)
            .args(&args)
            .current_dir(&root)
            .env("GAMBIT_DATA_DIR", data.path())
            .stdin(Stdio::null())
            .output()
            .expect("the binary starts");
        ran += 1;
        if !out.status.success() {
            failures.push(format!(
                "{}: `{binary} {}` exited with {}: {}",
                cmd.place(),
                args.join(" "),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    (ran, failures)
}

/// A relative path with a directory and an extension (`crates/search/tests/data/wac.epd`), not a FEN.
fn looks_like_a_file(arg: &str) -> bool {
    !arg.starts_with('-')
        && !arg.contains(' ')
        && arg.contains('/')
        && Path::new(arg)
            .extension()
            .is_some_and(|e| e.to_string_lossy().chars().all(|c| c.is_ascii_lowercase()))
}

#[test]
fn every_documented_gambit_cli_line_runs() {
    let (ran, failures) = run_documented_lines("gambit-cli", env!("CARGO_BIN_EXE_gambit-cli"), &SLOW);
    assert!(failures.is_empty(), "documented commands that fail:\n{}", failures.join("\n"));
    // README.md, crates/cli/README.md and docs/ hold more than twenty: fewer means the reader broke.
    assert!(ran >= 20, "found only {ran} gambit-cli command lines");
}

/// The `gambit-uci` lines. This test moves to the crate that builds `gambit-uci` (`crates/uci`, once
/// the binary moves there); until then `gambit-cli`'s package builds it.
#[test]
fn every_documented_gambit_uci_line_runs() {
    let (ran, failures) = run_documented_lines("gambit-uci", env!("CARGO_BIN_EXE_gambit-uci"), &[]);
    assert!(failures.is_empty(), "documented commands that fail:\n{}", failures.join("\n"));
    assert!(ran >= 3, "found only {ran} gambit-uci command lines");
}

#[test]
fn file_arguments_are_told_from_fens() {
    assert!(looks_like_a_file("crates/search/tests/data/wac.epd"));
    assert!(!looks_like_a_file("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
    assert!(!looks_like_a_file("--movetime"));
    assert!(!looks_like_a_file("e4"));
}
