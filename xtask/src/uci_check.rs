//! `cargo xtask uci-check`: builds `gambit-uci` in release mode and drives it with python-chess
//! (`tools/uci_check.py`): `play` with `root_moves`, `analyse` with `multipv=3`, and a pondering game
//! of 20 moves on a 2 s + 0.1 s clock. Skipped, with a note, when `python3` cannot import `chess`.
//! Not part of CI (CI has no python-chess); the protocol transcripts of `crates/uci/tests` are.

use std::path::Path;
use std::process::Command;

use anyhow::Result;

/// Runs the check; `Ok` when it passed or was skipped.
pub(crate) fn uci_check(cargo: &str, root: &Path, target: &Path) -> Result<()> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let has_chess =
        Command::new(&python).args(["-c", "import chess.engine"]).status().is_ok_and(|s| s.success());
    if !has_chess {
        println!(
            "uci-check skipped: `{python} -c 'import chess.engine'` failed (install python-chess: \
             python3 -m pip install chess)"
        );
        return Ok(());
    }
    crate::run(
        Command::new(cargo)
            .args(["build", "--release", "-p", "gambit-uci"])
            .env("CARGO_TARGET_DIR", target)
            .current_dir(root),
    )?;
    let engine = target.join("release").join(format!("gambit-uci{}", std::env::consts::EXE_SUFFIX));
    crate::run(Command::new(&python).arg(root.join("tools/uci_check.py")).arg(&engine).current_dir(root))
}
