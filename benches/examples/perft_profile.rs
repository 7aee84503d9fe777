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
//! `list [ROUNDS]` builds the legal lists of the `legal_list/games` positions ROUNDS times (20);
//! `list-chess` and `list-cozy` do the same with the peers.

use std::str::FromStr;

use gambit_benches::PERFT_POSITIONS;

use gambit_benches::like_for_like::gambit_plain_perft as plain_perft;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft_profile gambit|gambit-plain|chess|time|make POSITION [DEPTH] | list[-chess|-cozy] [ROUNDS]";
    let engine = args.first().expect(usage);
    if let Some(side) = engine.strip_prefix("list") {
        // The legal lists of the `legal_list/games` positions, `rounds` times (default 20), by
        // Gambit (`list`), the `chess` crate (`list-chess`) or cozy-chess (`list-cozy`).
        use gambit_benches::like_for_like::{
            Triple, chess_list_checksum, cozy_list_checksum, gambit_list_checksum, game_fens,
        };
        let rounds: usize = args.get(1).map_or(20, |r| r.parse().expect("rounds"));
        let triples: Vec<Triple> = game_fens().into_iter().map(Triple::new).collect();
        let mut list = gambit_rules::MoveList::new();
        let mut sum = 0u64;
        for _ in 0..rounds {
            for t in &triples {
                let (_, s) = match side {
                    "" => gambit_list_checksum(&t.gambit, &mut list),
                    "-chess" => chess_list_checksum(&t.chess),
                    "-cozy" => cozy_list_checksum(&t.cozy),
                    other => panic!("unknown side {other:?}: {usage}"),
                };
                sum = sum.wrapping_add(s);
            }
        }
        println!("{sum}");
        return;
    }
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
