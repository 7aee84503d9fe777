//! One perft run of one generator on one benchmark position, for profilers such as
//! `valgrind --tool=callgrind` (whose instruction counts are stable on a busy machine):
//!
//! ```sh
//! cargo build --profile bench -p gambit-benches --example perft_profile
//! valgrind --tool=callgrind target/release/examples/perft_profile gambit kiwipete 3
//! valgrind --tool=callgrind target/release/examples/perft_profile chess kiwipete 3
//! ```
//!
//! Arguments: `gambit`, `gambit-plain` or `chess`, a position name of `PERFT_POSITIONS`, and a depth
//! (default: the benchmark's). Prints the node count, which is checked against the benchmark's at its
//! depth. `gambit-plain` is perft through the public API with every node but the last ply made in
//! full and the last ply counted by `count_legal_moves` (the generator's cost per position, without
//! `perft`'s sharing between sibling positions).
//! `time` instead of a generator runs both, alternating, five times each, and prints the best times
//! and their ratio (a quick look; the benchmark's figures come from criterion).

use std::str::FromStr;

use gambit_benches::PERFT_POSITIONS;

/// Perft with full make/undo at every node and `count_legal_moves` at the last ply.
fn plain_perft(pos: &mut gambit_rules::Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { pos.count_legal_moves() as u64 };
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        pos.play_unchecked(m);
        nodes += plain_perft(pos, depth - 1);
        pos.undo();
    }
    nodes
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft_profile gambit|gambit-plain|chess|time|make POSITION [DEPTH]";
    let engine = args.first().expect(usage);
    let name = args.get(1).expect(usage);
    let case = PERFT_POSITIONS.iter().find(|c| c.name == name).expect("unknown position");
    let depth: u32 = if engine == "make" {
        case.depth
    } else {
        args.get(2).map_or(case.depth, |d| d.parse().expect("depth"))
    };
    if engine == "make" {
        // Make + unmake of every legal move of the position, 100,000 times, beside copy-make.
        let mut ours = gambit_rules::Position::from_fen(case.fen).unwrap();
        let moves = ours.legal_moves();
        let theirs = chess::Board::from_str(case.fen).unwrap();
        let their_moves: Vec<chess::ChessMove> = chess::MoveGen::new_legal(&theirs).collect();
        let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
        let rounds = args.get(2).map_or(100_000, |r| r.parse().expect("rounds"));
        for _ in 0..5 {
            let t = std::time::Instant::now();
            for _ in 0..rounds {
                for &m in std::hint::black_box(&moves) {
                    ours.play_unchecked(m);
                    ours.undo();
                }
            }
            best_ours = best_ours.min(t.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            let mut out = theirs;
            for _ in 0..rounds {
                for &m in std::hint::black_box(&their_moves) {
                    theirs.make_move(m, &mut out);
                }
                std::hint::black_box(&out);
            }
            best_theirs = best_theirs.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{name} make+unmake of {} moves: gambit {:.0} ns, chess copy-make {:.0} ns, speed ratio {:.2}",
            moves.len(),
            best_ours * 1e9 / rounds as f64,
            best_theirs * 1e9 / rounds as f64,
            best_theirs / best_ours
        );
        return;
    }
    if engine == "time" {
        let ours = gambit_rules::Position::from_fen(case.fen).unwrap();
        let theirs = chess::Board::from_str(case.fen).unwrap();
        let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
        for _ in 0..5 {
            let t = std::time::Instant::now();
            assert_eq!(gambit_rules::perft(&ours, depth), case.nodes);
            best_ours = best_ours.min(t.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            assert_eq!(chess::MoveGen::movegen_perft_test(&theirs, depth as usize) as u64, case.nodes);
            best_theirs = best_theirs.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{name}: gambit {:.1} ms, chess {:.1} ms, speed ratio {:.2}",
            best_ours * 1e3,
            best_theirs * 1e3,
            best_theirs / best_ours
        );
        return;
    }
    let nodes = match engine.as_str() {
        "gambit" => gambit_rules::perft(&gambit_rules::Position::from_fen(case.fen).unwrap(), depth),
        "gambit-plain" => plain_perft(&mut gambit_rules::Position::from_fen(case.fen).unwrap(), depth),
        "chess" => {
            let board = chess::Board::from_str(case.fen).unwrap();
            chess::MoveGen::movegen_perft_test(&board, depth as usize) as u64
        }
        other => panic!("unknown generator {other}: {usage}"),
    };
    if depth == case.depth {
        assert_eq!(nodes, case.nodes);
    }
    println!("{nodes}");
}
