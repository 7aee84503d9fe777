//! Every `gambit-uci` command written in a README or in `docs/*.md` runs (`cargo run -p gambit-uci`,
//! `./gambit-uci --version`, ...), with an empty standard input: the engine then ends at the end of
//! its input. `xtask/src/doc_commands.rs` says which lines are commands.

#[path = "../../../xtask/src/doc_commands.rs"]
#[allow(dead_code)]
mod doc_commands;

use std::path::Path;

#[test]
fn every_documented_gambit_uci_line_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-commands-data");
    let exe = Path::new(env!("CARGO_BIN_EXE_gambit-uci"));
    let (ran, failures) =
        doc_commands::run_lines(&root, "gambit-uci", exe, |args| args.to_vec(), &data).unwrap();
    assert!(failures.is_empty(), "documented commands that fail:\n{}", failures.join("\n"));
    // README.md, crates/cli/README.md and docs/performance.md hold at least three.
    assert!(ran >= 3, "found only {ran} gambit-uci command lines");
}
