//! The skirmish rule set and irregular boards: hand-checked small positions and properties.

use gambit_rules::{Color, MoveKind, Piece, Position, PromotionPolicy, Role, RuleSet, Square, perft};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn skirmish(fen: &str) -> Position {
    Position::from_fen_with(fen, RuleSet::SKIRMISH).unwrap()
}

fn ucis(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci()).collect();
    v.sort();
    v
}

#[test]
fn kings_can_be_captured_and_check_does_not_exist() {
    // Adjacent kings: impossible in standard chess, ordinary in a skirmish.
    let pos = skirmish("8/8/8/8/8/8/3k4/4K3 w - - 0 1");
    assert_eq!(ucis(&pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    assert!(!pos.is_check());
    let capture = pos.parse_uci("e1d2").unwrap();
    assert_eq!(capture.capture, Some(Role::King));

    // A move into an attacked square is legal: five king moves, where standard chess allows three.
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    assert_eq!(ucis(&skirmish(fen)), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    assert_eq!(ucis(&Position::from_fen(fen).unwrap()), ["e1d1", "e1e2", "e1f1"]);
}

#[test]
fn no_castling_no_double_step_no_en_passant() {
    let pos = skirmish("r3k2r/8/8/8/8/8/4P3/R3K2R w KQkq - 0 1");
    assert!(pos.castling_rights().is_empty());
    let moves = pos.legal_moves();
    assert!(moves.iter().all(|m| m.kind == MoveKind::Normal));
    assert!(moves.iter().any(|m| m.to_uci() == "e2e3"));
    assert!(!moves.iter().any(|m| m.to_uci() == "e2e4"));
    // An en passant square in a skirmish FEN is refused: no double step can explain it.
    assert!(Position::from_fen_with("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", RuleSet::SKIRMISH).is_err());
}

#[test]
fn a_side_may_have_no_king() {
    let pos = skirmish("8/8/8/8/8/8/8/R7 w - - 0 1");
    assert_eq!(pos.legal_moves().len(), 14);
    assert_eq!(pos.outcome(), None);
    let mut black = pos.clone();
    black.set_turn(Color::Black);
    assert_eq!(black.outcome(), Some(gambit_rules::Outcome::Draw(gambit_rules::DrawReason::Stalemate)));
}

#[test]
fn walls_stop_rays_and_knights_jump_over_them() {
    // Rook a1, wall d1: b1, c1 and the a-file.
    let pos = skirmish("8/8/8/8/8/8/8/R2*4 w - - 0 1");
    assert_eq!(pos.legal_moves().len(), 2 + 7);
    // Knight b1 boxed in by walls on a2, b2, c2 (and d2 blocked): it jumps over to a3 and c3 only.
    let pos = skirmish("8/8/8/8/8/8/****4/1N6 w - - 0 1");
    assert_eq!(ucis(&pos), ["b1a3", "b1c3"]);
    assert_eq!(pos.to_fen(), "8/8/8/8/8/8/****4/1N6 w - - 0 1");
}

#[test]
fn pawns_promote_on_the_last_playable_rank_of_their_file() {
    // 6x6 board (files b-g, ranks 2-7); the white pawn on c6 promotes on c7, the top playable row.
    let fen = "********/*4k1*/*1P4*/*6*/*6*/*6*/*K5*/******** w - - 0 1";
    let pos = skirmish(fen);
    assert!(pos.is_promotion_square(Color::White, sq("c7")));
    assert!(pos.is_promotion_square(Color::Black, sq("c2")));
    assert!(!pos.is_promotion_square(Color::White, sq("c8")));
    let m = pos.parse_uci("c6c7").unwrap();
    assert_eq!(m.promotion, Some(Role::Queen));
    assert_eq!(pos.parse_uci("c6c7q").unwrap(), m);
    // Standard rules on the same board offer all four promotions.
    let std = Position::from_fen_unchecked(fen, RuleSet::Standard).unwrap();
    assert_eq!(std.legal_moves().iter().filter(|m| m.from == sq("c6")).count(), 4);
    // A hole in the middle of a file does not make the square below it a promotion square.
    let holed = skirmish("8/8/8/2*5/2P5/8/8/8 w - - 0 1");
    assert!(!holed.is_promotion_square(Color::White, sq("c4")));
    assert!(holed.legal_moves().is_empty());
}

#[test]
fn promotion_policy_queen_if_none_else_rook() {
    let rules = RuleSet::Skirmish(PromotionPolicy::QueenIfNoneElse(Role::Rook));
    let without = Position::from_fen_with("8/1P6/8/8/8/8/8/8 w - - 0 1", rules).unwrap();
    assert_eq!(without.parse_uci("b7b8").unwrap().promotion, Some(Role::Queen));
    let with = Position::from_fen_with("8/1P6/8/8/8/8/8/Q7 w - - 0 1", rules).unwrap();
    assert_eq!(with.parse_uci("b7b8").unwrap().promotion, Some(Role::Rook));
    let mut played = with.clone();
    played.play(played.parse_uci("b7b8").unwrap()).unwrap();
    assert_eq!(played.piece_at(sq("b8")), Some(Piece::new(Color::White, Role::Rook)));
    // The policy's decision as a function, for promotions outside a move: per side, from its pieces.
    let policy = PromotionPolicy::QueenIfNoneElse(Role::Rook);
    assert_eq!(policy.role_for(&with, Color::White), Role::Rook);
    assert_eq!(policy.role_for(&with, Color::Black), Role::Queen);
    assert_eq!(policy.role_for(&without, Color::White), Role::Queen);
    assert_eq!(PromotionPolicy::Always(Role::Knight).role_for(&with, Color::White), Role::Knight);
    assert_eq!(with.promotion_role(), Some(Role::Rook));
    assert_eq!(without.promotion_role(), Some(Role::Queen));
    assert_eq!(Position::startpos().promotion_role(), None);
    // Every generated promotion agrees with the function.
    for pos in [&with, &without] {
        for m in pos.legal_moves().iter().filter(|m| m.is_promotion()) {
            assert_eq!(m.promotion, pos.promotion_role());
        }
    }
}

#[test]
fn skirmish_perft_by_hand() {
    // Kings in opposite corners of a 6x6 board: 3 moves each.
    let pos = skirmish("********/*k5*/*6*/*6*/*6*/*6*/*5K*/******** w - - 0 1");
    assert_eq!(perft(&pos, 1), 3);
    assert_eq!(perft(&pos, 2), 9);
    // Start position without double steps: 8 pawn steps + 4 knight jumps a side.
    let mut start = Position::startpos();
    start.set_rules(RuleSet::SKIRMISH).unwrap();
    assert_eq!(perft(&start, 1), 12);
    assert_eq!(perft(&start, 2), 144);
    // Depth 3: after each of white's 12 first moves black has 12 replies; white's replies grow by
    // the lines the first move opened (computed move by move below, then cross-checked by perft).
    let mut by_hand = 0;
    for m in start.legal_moves() {
        let mut p = start.clone();
        p.play(m).unwrap();
        for r in p.legal_moves() {
            let mut q = p.clone();
            q.play(r).unwrap();
            by_hand += q.legal_moves().len() as u64;
        }
    }
    assert_eq!(perft(&start, 3), by_hand);
}

fn random_skirmish_board(rng: &mut ChaCha8Rng) -> Position {
    let mut pos = Position::empty(RuleSet::SKIRMISH);
    for s in Square::all() {
        match rng.gen_range(0..10) {
            0 => pos.set_blocked(s, true).unwrap(),
            1 | 2 => {
                let color = if rng.gen_bool(0.5) { Color::White } else { Color::Black };
                let role = Role::ALL[rng.gen_range(0..6)];
                if !(role == Role::Pawn && pos.is_promotion_square(color, s)) {
                    pos.put_piece(s, Piece::new(color, role)).unwrap();
                }
            }
            _ => {}
        }
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// On random walled boards: no move lands on or passes through a blocked tile, every capture takes
    /// an enemy piece, and play/undo keeps the key exact.
    #[test]
    fn skirmish_moves_respect_walls(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pos = random_skirmish_board(&mut rng);
        for _ in 0..40 {
            let moves = pos.legal_moves();
            for m in &moves {
                prop_assert!(!pos.is_blocked(m.to));
                let mover = pos.piece_at(m.from).unwrap();
                prop_assert_eq!(mover.color, pos.turn());
                if let Some(victim) = pos.piece_at(m.to) {
                    prop_assert_eq!(victim.color, !pos.turn());
                    prop_assert_eq!(Some(victim.role), m.capture);
                }
                if matches!(mover.role, Role::Bishop | Role::Rook | Role::Queen) {
                    let (df, dr) = (
                        (m.to.file().index() as i8 - m.from.file().index() as i8).signum(),
                        (m.to.rank().index() as i8 - m.from.rank().index() as i8).signum(),
                    );
                    let mut s = m.from.offset(df, dr).unwrap();
                    while s != m.to {
                        prop_assert!(pos.piece_at(s).is_none() && !pos.is_blocked(s));
                        s = s.offset(df, dr).unwrap();
                    }
                }
            }
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            prop_assert_eq!(pos.key(), pos.compute_key());
        }
    }
}
