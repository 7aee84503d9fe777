//! `gambit-cli bench`: fixed positions searched to a fixed depth; total nodes and nodes per second.
//! The node count is the engine's signature: a change in search behaviour changes it.

use std::io::Write;
use std::time::Instant;

use gambit_rules::Position;
use gambit_search::{Limits, NoHandler, Params, Searcher};

use crate::bad;

/// The bench positions: the start position, tactical middlegames and endgames.
pub(crate) const BENCH_FENS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/2q5/5PPP/3R2K1 b - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
];

/// Searches every bench position to `depth` plies with a fresh 16 MiB table; prints one line per
/// position, then `nodes N` and `nps N`.
pub(crate) fn run(out: &mut impl Write, depth: u32) -> anyhow::Result<()> {
    if depth == 0 || depth > 64 {
        return Err(bad("--depth must be within 1..=64"));
    }
    let mut total = 0u64;
    let start = Instant::now();
    for fen in BENCH_FENS {
        let mut pos = Position::from_fen(fen).map_err(bad)?;
        let mut searcher = Searcher::<Position>::new(Params::default(), 16);
        let r =
            searcher.search(&mut pos, &Limits { depth: Some(depth), ..Limits::default() }, &mut NoHandler);
        total += r.nodes;
        let best = r.best.map_or_else(|| "0000".into(), |m| m.to_uci());
        writeln!(out, "{fen}: bestmove {best} score {} nodes {}", r.score, r.nodes)?;
    }
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "nodes {total}")?;
    writeln!(out, "nps {:.0}", total as f64 / secs.max(1e-9))?;
    Ok(())
}
