//! Search benchmarks: nodes per second at a fixed depth, and the bot's `choose` at its per-move
//! budgets (420, 2400, 6000 nodes) on standard and skill-chess positions.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gambit_rules::Position;
use gambit_search::{BotOptions, Limits, NoHandler, Params, Searcher, choose};
use gambit_skills::{SkillBoard, SkillConfig};

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn fixed_depth(c: &mut Criterion) {
    let depth = 6;
    // Node count of the whole set, for the throughput (nodes per second).
    let nodes: u64 = FENS
        .iter()
        .map(|f| {
            let mut pos = Position::from_fen(f).unwrap();
            Searcher::<Position>::new(Params::default(), 16)
                .search(&mut pos, &Limits { depth: Some(depth), ..Limits::default() }, &mut NoHandler)
                .nodes
        })
        .sum();
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(BenchmarkId::new("fixed_depth", depth), |b| {
        b.iter(|| {
            for f in FENS {
                let mut pos = Position::from_fen(f).unwrap();
                let mut s = Searcher::<Position>::new(Params::default(), 16);
                black_box(s.search(
                    &mut pos,
                    &Limits { depth: Some(depth), ..Limits::default() },
                    &mut NoHandler,
                ));
            }
        });
    });
    group.finish();
}

fn bot_budgets(c: &mut Criterion) {
    let mut group = c.benchmark_group("choose");
    group.sample_size(20);
    // The stage defaults of the bot contract: depth 1, 2, 3 with 420, 2400, 6000 nodes.
    for (depth, budget) in [(1u32, 420u64), (2, 2400), (3, 6000)] {
        let opts = BotOptions { max_nodes: budget, ..BotOptions::default() };
        group.bench_function(BenchmarkId::new("standard", budget), |b| {
            let mut pos = Position::from_fen(FENS[2]).unwrap();
            b.iter(|| black_box(choose(&mut pos, depth, 1, &opts)));
        });
        group.bench_function(BenchmarkId::new("skills", budget), |b| {
            let mut board =
                SkillBoard::from_position(Position::from_fen(FENS[2]).unwrap(), SkillConfig::default());
            b.iter(|| black_box(choose(&mut board, depth, 1, &opts)));
        });
    }
    group.finish();
}

criterion_group!(benches, fixed_depth, bot_budgets);
criterion_main!(benches);
