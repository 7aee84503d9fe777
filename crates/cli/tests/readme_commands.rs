//! Every `gambit-cli` command written in a README, in `docs/*.md` or in the game's no-display hint
//! runs, as a newcomer would type it (`cargo run -p gambit-cli -- ARGS`, `./gambit-cli ARGS`, ...).
//!
//! `xtask/src/doc_commands.rs` says which lines are commands and how [`doc_commands::run_lines`] runs
//! them: with the line's arguments and an empty standard input, expecting status 0, except the lines
//! of the [`SLOW`] subcommands, which run with `--help` appended. The `gambit-uci` lines are run by the
//! tests of `crates/uci`, which builds that binary.

#[path = "../../../xtask/src/doc_commands.rs"]
#[allow(dead_code)]
mod doc_commands;

use std::path::Path;

/// The subcommands whose documented lines measure (a perft count, a search bench, an EPD suite, many
/// seeded runs, a self-play match, proofs) and take seconds to minutes in a test build: checked with
/// `--help`.
const SLOW: [&str; 6] = ["perft", "bench", "epd", "simulate", "match", "solve"];

#[test]
fn every_documented_gambit_cli_line_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-commands-data");
    let exe = Path::new(env!("CARGO_BIN_EXE_gambit-cli"));
    let (ran, failures) = doc_commands::run_lines(&root, "gambit-cli", exe, &SLOW, &data).unwrap();
    assert!(failures.is_empty(), "documented commands that fail:\n{}", failures.join("\n"));
    // README.md, crates/cli/README.md and docs/ hold more than twenty: fewer means the reader broke.
    assert!(ran >= 20, "found only {ran} gambit-cli command lines");
}
