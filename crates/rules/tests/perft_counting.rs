//! Perft's shortcuts against the definition: the last ply counted without making the moves (bulk
//! counting) and the last two plies counted with what sibling positions share must give the same
//! numbers as making every move and counting the legal move lists, in positions of random games
//! (checks, pins, en passant, castling, promotions) from standard and Chess960 starts.

use gambit_rules::{Position, perft};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Perft by the definition: every move made, the leaves counted from `legal_moves()`.
fn by_definition(pos: &mut Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for m in moves {
        pos.play_unchecked(m);
        nodes += by_definition(pos, depth - 1);
        pos.undo();
    }
    nodes
}

fn check_random_games(starts: &[Position], games: usize, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut checked = 0;
    for game in 0..games {
        let mut pos = starts[game % starts.len()].clone();
        for ply in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Depth 2 everywhere; depth 3 now and then (it also runs the depth-2 path below a move).
            let depth = if ply % 16 == 5 { 3 } else { 2 };
            let before = pos.clone();
            assert_eq!(perft(&pos, depth), by_definition(&mut pos, depth), "{} depth {depth}", pos.to_fen());
            assert_eq!(pos, before);
            checked += 1;
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
    }
    checked
}

#[test]
fn shortcuts_match_the_definition_in_random_games() {
    let starts: Vec<Position> = [
        gambit_rules::STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ]
    .iter()
    .map(|fen| Position::from_fen(fen).unwrap())
    .collect();
    let checked = check_random_games(&starts, 120, 7);
    assert!(checked > 5_000, "checked {checked}");
}

#[test]
fn shortcuts_match_the_definition_in_chess960_games() {
    let starts: Vec<Position> =
        [0, 1, 100, 359, 518, 700, 959].iter().map(|&n| Position::chess960_start(n).unwrap()).collect();
    let checked = check_random_games(&starts, 60, 11);
    assert!(checked > 3_000, "checked {checked}");
}
