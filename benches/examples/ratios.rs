//! A quick look at the like-for-like ratios (the workloads of `benches/like_for_like.rs`, timed in
//! one process, best of 5 rounds, sides alternating): what to run between two changes of the
//! generator. The figures of docs/performance.md come from criterion (`cargo xtask bench --table`).
//!
//! ```sh
//! cargo run --profile bench -p gambit-benches --example ratios
//! ```
//!
//! Prints one row per group with the best time of each side and the speed ratios (peer time /
//! Gambit time), then the geometric means.

use std::hint::black_box;
use std::time::Instant;

use gambit_benches::PERFT_POSITIONS;
use gambit_benches::like_for_like::{
    Triple, chess_list_checksum, chess_make_unmake, chess_plain_perft, cozy_list_checksum, cozy_make_unmake,
    cozy_plain_perft, gambit_list_checksum, gambit_make_unmake, gambit_plain_perft, game_fens,
};
use gambit_rules::MoveList;

/// The best of 5 rounds of each of three closures, alternating.
fn best3(mut a: impl FnMut(), mut b: impl FnMut(), mut c: impl FnMut()) -> [f64; 3] {
    let mut best = [f64::MAX; 3];
    for _ in 0..5 {
        for (i, f) in [&mut a as &mut dyn FnMut(), &mut b, &mut c].into_iter().enumerate() {
            let t = Instant::now();
            f();
            best[i] = best[i].min(t.elapsed().as_secs_f64());
        }
    }
    best
}

fn row(name: &str, t: [f64; 3], ratios: &mut Vec<(String, f64, f64)>) {
    println!(
        "{name:<28} gambit {:>9.3} ms  chess {:>9.3} ms ({:.2}x)  cozy {:>9.3} ms ({:.2}x)",
        t[0] * 1e3,
        t[1] * 1e3,
        t[1] / t[0],
        t[2] * 1e3,
        t[2] / t[0]
    );
    ratios.push((name.to_string(), t[1] / t[0], t[2] / t[0]));
}

fn geomean(xs: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = xs.collect();
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp()
}

fn main() {
    let mut ratios = Vec::new();
    for case in &PERFT_POSITIONS {
        let t = Triple::new(case.fen);
        let mut pos = t.gambit.clone();
        let d = case.depth;
        let times = best3(
            || assert_eq!(gambit_plain_perft(&mut pos, d), case.nodes),
            || assert_eq!(chess_plain_perft(&t.chess, d), case.nodes),
            || assert_eq!(cozy_plain_perft(&t.cozy, d), case.nodes),
        );
        row(&format!("plain_perft/{}", case.name), times, &mut ratios);
    }
    let perft_rows = ratios.len();
    let fens: Vec<&str> = PERFT_POSITIONS.iter().map(|c| c.fen).collect();
    let games = game_fens();
    for (name, set, repeat) in [("legal_list/standard", &fens, 2000), ("legal_list/games", &games, 20)] {
        let triples: Vec<Triple> = set.iter().map(|f| Triple::new(f)).collect();
        let mut list = MoveList::new();
        let times = best3(
            || {
                for _ in 0..repeat {
                    for t in &triples {
                        black_box(gambit_list_checksum(black_box(&t.gambit), &mut list));
                    }
                }
            },
            || {
                for _ in 0..repeat {
                    for t in &triples {
                        black_box(chess_list_checksum(black_box(&t.chess)));
                    }
                }
            },
            || {
                for _ in 0..repeat {
                    for t in &triples {
                        black_box(cozy_list_checksum(black_box(&t.cozy)));
                    }
                }
            },
        );
        row(name, times, &mut ratios);
    }
    let list_rows = ratios.len();
    for (name, set, repeat) in [("make_unmake/standard", &fens, 20000), ("make_unmake/games", &games, 100)] {
        let mut triples: Vec<Triple> = set.iter().map(|f| Triple::new(f)).collect();
        let times = {
            let mut best = [f64::MAX; 3];
            for _ in 0..5 {
                let t0 = Instant::now();
                for _ in 0..repeat {
                    for t in &mut triples {
                        black_box(gambit_make_unmake(&mut t.gambit, black_box(&t.gambit_moves)));
                    }
                }
                best[0] = best[0].min(t0.elapsed().as_secs_f64());
                let t0 = Instant::now();
                for _ in 0..repeat {
                    for t in &triples {
                        black_box(chess_make_unmake(black_box(&t.chess), black_box(&t.chess_moves)));
                    }
                }
                best[1] = best[1].min(t0.elapsed().as_secs_f64());
                let t0 = Instant::now();
                for _ in 0..repeat {
                    for t in &triples {
                        black_box(cozy_make_unmake(black_box(&t.cozy), black_box(&t.cozy_moves)));
                    }
                }
                best[2] = best[2].min(t0.elapsed().as_secs_f64());
            }
            best
        };
        row(name, times, &mut ratios);
    }
    let mean = |r: &[(String, f64, f64)]| (geomean(r.iter().map(|x| x.1)), geomean(r.iter().map(|x| x.2)));
    let (p, pc) = mean(&ratios[..perft_rows]);
    let (l, lc) = mean(&ratios[perft_rows..list_rows]);
    let (g, gc) = mean(&ratios[..list_rows]);
    println!("geometric mean: plain perft {p:.2}x ({pc:.2}x cozy), legal list {l:.2}x ({lc:.2}x cozy)");
    println!("geometric mean of perft and lists: {g:.2}x against chess, {gc:.2}x against cozy-chess");
}
