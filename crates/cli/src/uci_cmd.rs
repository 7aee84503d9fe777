//! `gambit-cli uci`: the UCI engine on stdin/stdout (the same loop as the `gambit-uci` binary).

use anyhow::Context as _;

/// Runs the UCI protocol until `quit` or end of input.
pub(crate) fn run() -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    gambit_uci::run(stdin.lock(), std::io::stdout()).context("reading standard input")
}
