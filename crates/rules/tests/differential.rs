//! Differential test against the `chess` crate (magic bitboards): thousands of random games, identical
//! legal move sets and check / checkmate / stalemate status in every position visited.

use std::str::FromStr;

use gambit_rules::{Move, Outcome, Position, Role};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 2000;
const MAX_PLIES: usize = 200;

fn ours_as_strings(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_uci()).collect();
    v.sort();
    v
}

fn theirs_as_strings(board: &chess::Board) -> Vec<String> {
    let mut v: Vec<String> = chess::MoveGen::new_legal(board).map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn compare(pos: &Position, board: &chess::Board, context: &str) {
    let ours = pos.legal_moves();
    assert_eq!(
        ours_as_strings(&ours),
        theirs_as_strings(board),
        "moves differ at {} ({context})",
        pos.to_fen()
    );
    assert_eq!(pos.is_check(), board.checkers().popcnt() > 0, "check differs at {}", pos.to_fen());
    let status = board.status();
    let ours_status = if ours.is_empty() {
        if pos.is_check() { chess::BoardStatus::Checkmate } else { chess::BoardStatus::Stalemate }
    } else {
        chess::BoardStatus::Ongoing
    };
    assert_eq!(ours_status, status, "status differs at {}", pos.to_fen());
    if status == chess::BoardStatus::Checkmate {
        assert_eq!(pos.outcome(), Some(Outcome::Checkmate { winner: !pos.turn() }));
    }
}

fn play_games(start_fens: &[&str], games: u64, seed: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = 0;
    for game in 0..games {
        let fen = start_fens[game as usize % start_fens.len()];
        let mut pos = Position::from_fen(fen).unwrap();
        let mut board = chess::Board::from_str(fen).unwrap();
        for _ in 0..MAX_PLIES {
            compare(&pos, &board, fen);
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures and promotions now and then so games reach sparse endings.
            let m = moves[rng.gen_range(0..moves.len())];
            let uci = m.to_uci();
            let theirs = chess::ChessMove::from_str(&uci).unwrap();
            pos.play_unchecked(m);
            board = board.make_move_new(theirs);
            if m.promotion == Some(Role::Queen) && rng.gen_bool(0.5) {
                // Keep going: promotions are where generators most often disagree.
            }
        }
    }
    positions
}

#[test]
fn random_games_from_the_start_match_the_chess_crate() {
    let visited = play_games(&[gambit_rules::STARTING_FEN], GAMES, 1);
    assert!(visited > 100_000, "visited {visited}");
}

#[test]
fn random_games_from_tricky_positions_match_the_chess_crate() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    ];
    let visited = play_games(&fens, GAMES / 2, 2);
    assert!(visited > 20_000, "visited {visited}");
}
