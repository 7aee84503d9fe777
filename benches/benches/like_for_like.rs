//! The like-for-like benchmarks of issue 43 (docs/performance.md): the same work done by Gambit, the
//! `chess` crate and cozy-chess in one process, every measured call checked against its known count.
//! What each operation is and what each side maintains: `gambit_benches::like_for_like`.
//!
//! Groups (the function in each is `gambit`, `chess` or `cozy-chess`):
//! * `plain_perft/<position>`: perft of the six positions of `PERFT_POSITIONS` at their depths, no
//!   sibling sharing; the group also times `gambit_rules::perft`, which shares work between sibling
//!   positions, as `gambit-sibling` (its own labelled row, outside the targets);
//! * `legal_list/standard` and `legal_list/games`: the legal moves of the six positions (2,000 times)
//!   and of the 1,288 game positions of `benches/data/legal-list.fen` (once), materialised and
//!   folded into a checksum that the three sides must agree on;
//! * `make_unmake/standard` and `make_unmake/games`: every legal move of the six positions (101
//!   times) and of the game positions (once) made, the child's key read, and taken back.
//!
//! Run: `cargo bench -p gambit-benches --bench like_for_like`; `cargo xtask bench --table` runs it
//! three times and writes the table of docs/performance.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gambit_benches::PERFT_POSITIONS;
use gambit_benches::like_for_like::{
    Triple, chess_list_checksum, chess_make_unmake, chess_plain_perft, cozy_list_checksum, cozy_make_unmake,
    cozy_plain_perft, gambit_list_checksum, gambit_make_unmake, gambit_plain_perft, game_fens,
};
use gambit_rules::MoveList;

fn configure<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    group
}

fn plain_perft(c: &mut Criterion) {
    for case in &PERFT_POSITIONS {
        let t = Triple::new(case.fen);
        let mut group = configure(c, &format!("plain_perft/{}", case.name));
        group.throughput(Throughput::Elements(case.nodes));
        let mut pos = t.gambit.clone();
        group.bench_function("gambit", |b| {
            b.iter(|| assert_eq!(gambit_plain_perft(&mut pos, case.depth), case.nodes));
        });
        // Gambit's own perft, which shares work between sibling positions: its own labelled row,
        // outside the like-for-like targets.
        group.bench_function("gambit-sibling", |b| {
            b.iter(|| assert_eq!(gambit_rules::perft(black_box(&t.gambit), case.depth), case.nodes));
        });
        group.bench_function("chess", |b| {
            b.iter(|| assert_eq!(chess_plain_perft(black_box(&t.chess), case.depth), case.nodes));
        });
        group.bench_function("cozy-chess", |b| {
            b.iter(|| assert_eq!(cozy_plain_perft(black_box(&t.cozy), case.depth), case.nodes));
        });
        group.finish();
    }
}

/// The sets of the list and make+unmake groups: name, positions, repetitions per iteration.
fn sets() -> [(&'static str, Vec<Triple>, usize); 2] {
    [
        ("standard", PERFT_POSITIONS.iter().map(|c| Triple::new(c.fen)).collect(), 2000),
        ("games", game_fens().into_iter().map(Triple::new).collect(), 1),
    ]
}

fn legal_list(c: &mut Criterion) {
    for (name, triples, repeat) in sets() {
        let mut list = MoveList::new();
        // The expected counts and checksums, from Gambit; every side is checked against them.
        let expected: Vec<(usize, u64)> =
            triples.iter().map(|t| gambit_list_checksum(&t.gambit, &mut list)).collect();
        let moves: usize = expected.iter().map(|e| e.0).sum();
        let mut group = configure(c, &format!("legal_list/{name}"));
        group.throughput(Throughput::Elements((moves * repeat) as u64));
        group.bench_function("gambit", |b| {
            b.iter(|| {
                for _ in 0..repeat {
                    for (t, e) in triples.iter().zip(&expected) {
                        assert_eq!(gambit_list_checksum(black_box(&t.gambit), &mut list), *e);
                    }
                }
            });
        });
        group.bench_function("chess", |b| {
            b.iter(|| {
                for _ in 0..repeat {
                    for (t, e) in triples.iter().zip(&expected) {
                        assert_eq!(chess_list_checksum(black_box(&t.chess)), *e);
                    }
                }
            });
        });
        group.bench_function("cozy-chess", |b| {
            b.iter(|| {
                for _ in 0..repeat {
                    for (t, e) in triples.iter().zip(&expected) {
                        assert_eq!(cozy_list_checksum(black_box(&t.cozy)), *e);
                    }
                }
            });
        });
        group.finish();
    }
}

fn make_unmake(c: &mut Criterion) {
    for (name, mut triples, repeat) in sets() {
        let repeat = repeat / 20 + 1;
        let moves: usize = triples.iter().map(|t| t.gambit_moves.len()).sum();
        // Each side's xor of its children's keys, computed once; each measured pass must match.
        let expected: Vec<[u64; 3]> = triples
            .iter_mut()
            .map(|t| {
                [
                    gambit_make_unmake(&mut t.gambit, &t.gambit_moves),
                    chess_make_unmake(&t.chess, &t.chess_moves),
                    cozy_make_unmake(&t.cozy, &t.cozy_moves),
                ]
            })
            .collect();
        let mut group = configure(c, &format!("make_unmake/{name}"));
        group.throughput(Throughput::Elements((moves * repeat) as u64));
        group.bench_function("gambit", |b| {
            b.iter(|| {
                for _ in 0..repeat {
                    for (t, e) in triples.iter_mut().zip(&expected) {
                        assert_eq!(
                            gambit_make_unmake(black_box(&mut t.gambit), black_box(&t.gambit_moves)),
                            e[0]
                        );
                    }
                }
            });
        });
        group.bench_function("chess", |b| {
            b.iter(|| {
                for _ in 0..repeat {
                    for (t, e) in triples.iter().zip(&expected) {
                        assert_eq!(chess_make_unmake(black_box(&t.chess), black_box(&t.chess_moves)), e[1]);
                    }
                }
            });
        });
        group.bench_function("cozy-chess", |b| {
            b.iter(|| {
                for _ in 0..repeat {
                    for (t, e) in triples.iter().zip(&expected) {
                        assert_eq!(cozy_make_unmake(black_box(&t.cozy), black_box(&t.cozy_moves)), e[2]);
                    }
                }
            });
        });
        group.finish();
    }
}

criterion_group!(benches, plain_perft, legal_list, make_unmake);
criterion_main!(benches);
