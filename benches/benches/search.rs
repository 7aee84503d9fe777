//! Search benchmarks: nodes per second at a fixed depth; a skill-chess search node against a chess node
//! (the same fixed-node searches of the skill middlegame set, on `SkillBoard`s with both skills ready and
//! on the bare positions); and the bot's `choose` at each preset's budget on a standard and a skill-chess
//! position, in the same run.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gambit_rules::Position;
use gambit_search::{Limits, NoHandler, Params, Preset, Searcher, choose};
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

/// The bot's search parameters at full width with one exact root score (as `choose` uses them with
/// consistency 1).
fn bot_params() -> Params {
    Params { multipv: 1, ..Params::bot(0) }
}

fn nodes_per_second(c: &mut Criterion) {
    const NODES: u64 = 20_000;
    let limits = Limits { nodes: Some(NODES), depth: Some(30), ..Limits::default() };
    let positions: Vec<Position> =
        gambit_benches::SKILL_MIDDLEGAMES.iter().map(|f| Position::from_fen(f).unwrap()).collect();
    let chess_nodes: u64 = positions
        .iter()
        .map(|p| {
            Searcher::<Position>::new(bot_params(), 4).search(&mut p.clone(), &limits, &mut NoHandler).nodes
        })
        .sum();
    let boards: Vec<SkillBoard> =
        positions.iter().map(|p| SkillBoard::from_position(p.clone(), SkillConfig::default())).collect();
    let skill_nodes: u64 = boards
        .iter()
        .map(|b| {
            Searcher::<SkillBoard>::new(bot_params(), 4).search(&mut b.clone(), &limits, &mut NoHandler).nodes
        })
        .sum();
    let mut group = c.benchmark_group("node");
    group.sample_size(10);
    group.throughput(Throughput::Elements(chess_nodes));
    group.bench_function("chess", |b| {
        b.iter(|| {
            for p in &positions {
                let mut s = Searcher::<Position>::new(bot_params(), 4);
                black_box(s.search(&mut p.clone(), &limits, &mut NoHandler));
            }
        });
    });
    group.throughput(Throughput::Elements(skill_nodes));
    group.bench_function("skills", |b| {
        b.iter(|| {
            for board in &boards {
                let mut s = Searcher::<SkillBoard>::new(bot_params(), 4);
                black_box(s.search(&mut board.clone(), &limits, &mut NoHandler));
            }
        });
    });
    group.finish();
}

fn bot_budgets(c: &mut Criterion) {
    let mut group = c.benchmark_group("choose");
    group.sample_size(20);
    for preset in Preset::ALL {
        let (depth, opts) = (preset.depth(), preset.options());
        let budget = opts.max_nodes;
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

criterion_group!(benches, fixed_depth, nodes_per_second, bot_budgets);
criterion_main!(benches);
