//! Perft with bulk counting, single thread, beside the `chess` crate's `MoveGen::movegen_perft_test` on
//! the same positions in the same run; make/unmake throughput; `par_perft` on all cores.
//!
//! Every measured call asserts its node count, so a benchmark of a wrong generator fails instead of
//! reporting a speed. Run: `cargo bench -p gambit-benches --bench perft` (or `cargo xtask bench`).

use std::str::FromStr;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gambit_benches::PERFT_POSITIONS;
use gambit_rules::{Position, par_perft, perft};

fn perft_pairs(c: &mut Criterion) {
    for case in PERFT_POSITIONS {
        let mut group = c.benchmark_group(format!("perft/{}", case.name));
        group.throughput(Throughput::Elements(case.nodes));
        group.sample_size(10);
        let ours = Position::from_fen(case.fen).unwrap();
        group.bench_function(BenchmarkId::new("gambit", case.depth), |b| {
            b.iter(|| assert_eq!(perft(&ours, case.depth), case.nodes));
        });
        let theirs = chess::Board::from_str(case.fen).unwrap();
        group.bench_function(BenchmarkId::new("chess", case.depth), |b| {
            b.iter(|| {
                assert_eq!(
                    chess::MoveGen::movegen_perft_test(&theirs, case.depth as usize) as u64,
                    case.nodes
                )
            });
        });
        group.finish();
    }
}

fn parallel(c: &mut Criterion) {
    let case = &PERFT_POSITIONS[0];
    let pos = Position::from_fen(case.fen).unwrap();
    let mut group = c.benchmark_group(format!("par_perft/{}", case.name));
    group.throughput(Throughput::Elements(case.nodes));
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("gambit-par", case.depth), |b| {
        b.iter(|| assert_eq!(par_perft(&pos, case.depth), case.nodes));
    });
    group.finish();
}

fn make_unmake(c: &mut Criterion) {
    let mut pos = Position::from_fen(PERFT_POSITIONS[1].fen).unwrap();
    let moves = pos.legal_moves();
    let mut group = c.benchmark_group("make_unmake/kiwipete");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("gambit", |b| {
        b.iter(|| {
            for &m in &moves {
                pos.play_unchecked(m);
                pos.undo();
            }
        });
    });
    let board = chess::Board::from_str(PERFT_POSITIONS[1].fen).unwrap();
    let their_moves: Vec<chess::ChessMove> = chess::MoveGen::new_legal(&board).collect();
    group.bench_function("chess (copy-make)", |b| {
        b.iter(|| {
            let mut out = board;
            for &m in &their_moves {
                board.make_move(m, &mut out);
            }
            out
        });
    });
    group.finish();
}

criterion_group!(benches, perft_pairs, parallel, make_unmake);
criterion_main!(benches);
