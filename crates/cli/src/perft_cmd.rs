//! `gambit-cli perft`: Stockfish-compatible perft output.

use std::io::Write;
use std::time::Instant;

use anyhow::Context as _;
use gambit_rules::{Position, divide, par_divide};

use crate::{bad, note};

/// Prints `move: count` lines with `--divide`, a blank line, then `Nodes searched: N`; timing on stderr.
pub(crate) fn run(
    out: &mut impl Write,
    depth: u32,
    pos: &Position,
    show_divide: bool,
    threads: usize,
) -> anyhow::Result<()> {
    if threads == 0 {
        return Err(bad("--threads must be at least 1"));
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("thread pool")?;
    let start = Instant::now();
    let split = if threads == 1 { divide(pos, depth) } else { pool.install(|| par_divide(pos, depth)) };
    let nodes: u64 = if depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
    let secs = start.elapsed().as_secs_f64();
    if show_divide {
        for (m, n) in &split {
            writeln!(out, "{}: {n}", pos.uci(*m))?;
        }
        writeln!(out)?;
    }
    writeln!(out, "Nodes searched: {nodes}")?;
    out.flush()?;
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    note!("time {secs:.3} s, {nps:.0} nodes/s");
    Ok(())
}
