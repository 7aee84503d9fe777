//! Property tests over many random positions: play/undo restores everything, the incremental key equals
//! the key computed from scratch, FEN print/parse round-trips, and SAN and UCI round-trip for every
//! legal move.

use gambit_rules::{Position, RuleSet, Setup};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A position reached by `plies` random legal moves from the start (or a blocked-tile skirmish board).
fn random_walk(seed: u64, plies: usize, rules: RuleSet) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = if rules.is_standard() {
        Position::startpos()
    } else {
        // A 6x6 board (files b-g, ranks 2-7) with a wall on d4 and a hole on f5.
        Position::from_fen_with(
            "********/*rnbkr**/*pppppp*/*4*1*/*2*3*/*PPPPPP*/*RNBKR**/******** w - - 0 1",
            rules,
        )
        .unwrap()
    };
    let mut seen = vec![pos.clone()];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        seen.push(pos.clone());
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn undo_restores_position_and_key(seed in any::<u64>(), plies in 0usize..160) {
        let walk = random_walk(seed, plies, RuleSet::Standard);
        let mut pos = walk.last().unwrap().clone();
        prop_assert_eq!(pos.key(), pos.compute_key());
        for earlier in walk.iter().rev().skip(1) {
            pos.undo().unwrap();
            prop_assert_eq!(&pos, earlier);
            prop_assert_eq!(pos.key(), earlier.key());
            prop_assert_eq!(pos.key(), pos.compute_key());
            prop_assert_eq!(pos.to_fen(), earlier.to_fen());
        }
        prop_assert!(pos.undo().is_none());
    }

    #[test]
    fn incremental_key_matches_scratch_key(seed in any::<u64>(), plies in 0usize..200) {
        for pos in random_walk(seed, plies, RuleSet::Standard) {
            prop_assert_eq!(pos.key(), pos.compute_key(), "{}", pos.to_fen());
        }
    }

    #[test]
    fn fen_round_trips(seed in any::<u64>(), plies in 0usize..200) {
        for pos in random_walk(seed, plies, RuleSet::Standard) {
            let fen = pos.to_fen();
            let back = Position::from_fen(&fen).unwrap();
            prop_assert_eq!(back.to_fen(), fen.clone());
            prop_assert_eq!(back.key(), pos.key(), "{}", fen);
            prop_assert_eq!(Setup::from_fen(&fen).unwrap(), pos.to_setup());
        }
    }

    #[test]
    fn san_and_uci_round_trip_for_every_legal_move(seed in any::<u64>(), plies in 0usize..120) {
        let walk = random_walk(seed, plies, RuleSet::Standard);
        let pos = walk.last().unwrap();
        for m in pos.legal_moves() {
            let san = pos.san(m);
            prop_assert_eq!(pos.parse_san(&san), Ok(m), "{} in {}", san, pos.to_fen());
            prop_assert_eq!(pos.parse_uci(&m.to_uci()), Ok(m), "{} in {}", m.to_uci(), pos.to_fen());
        }
    }

    #[test]
    fn skirmish_walks_keep_key_and_undo_exact(seed in any::<u64>(), plies in 0usize..120) {
        let walk = random_walk(seed, plies, RuleSet::SKIRMISH);
        let mut pos = walk.last().unwrap().clone();
        prop_assert_eq!(pos.key(), pos.compute_key());
        let fen = pos.to_fen();
        let back = Position::from_fen_unchecked(&fen, RuleSet::SKIRMISH).unwrap();
        prop_assert_eq!(back.to_fen(), fen);
        for earlier in walk.iter().rev().skip(1) {
            pos.undo().unwrap();
            prop_assert_eq!(&pos, earlier);
            prop_assert_eq!(pos.key(), pos.compute_key());
        }
    }
}
