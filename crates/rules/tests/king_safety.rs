//! `Position::king_safety` against a brute-force definition on random positions (standard games, and
//! skirmish boards with walls and holes), and the teleport question it answers.
//!
//! Brute force: the checkers are `Position::attackers(king, enemy)`; a friendly piece is pinned to
//! the enemy slider `s` when `s` does not attack the king now but does once that piece is removed; its
//! line is every square strictly between king and `s` plus `s`. A relocation is allowed when, on a
//! copy, the king is not attacked after it (`relocation_exposes_king`).

use gambit_rules::{Color, Piece, Position, Role, RuleSet, Square, SquareSet};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Squares strictly between two squares on a line (empty when not on one line).
fn between(a: Square, b: Square) -> SquareSet {
    let (df, dr) =
        (b.file().index() as i8 - a.file().index() as i8, b.rank().index() as i8 - a.rank().index() as i8);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) || (df, dr) == (0, 0) {
        return SquareSet::EMPTY;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut out = SquareSet::EMPTY;
    let mut sq = a.offset(sf, sr).unwrap();
    while sq != b {
        out.insert(sq);
        sq = sq.offset(sf, sr).unwrap();
    }
    out
}

fn brute_check(pos: &Position, color: Color) {
    let safety = pos.king_safety_of(color);
    let Some(king) = pos.king_square(color) else {
        assert_eq!(safety.king(), None);
        assert!(safety.checkers().is_empty() && safety.pinned().is_empty());
        return;
    };
    assert_eq!(safety.king(), Some(king));
    let them = !color;
    let attackers: SquareSet = pos.attackers(king, them).into_iter().collect();
    assert_eq!(safety.checkers(), attackers, "checkers in {}", pos.to_fen());
    // Evasions.
    let expected = match attackers.len() {
        0 => SquareSet::FULL,
        1 => {
            let c = attackers.first().unwrap();
            let slider = matches!(pos.piece_at(c).unwrap().role, Role::Bishop | Role::Rook | Role::Queen);
            SquareSet::from_square(c) | if slider { between(king, c) } else { SquareSet::EMPTY }
        }
        _ => SquareSet::EMPTY,
    };
    assert_eq!(safety.evasions(), expected, "evasions in {}", pos.to_fen());
    // Pins.
    let mut pinned = SquareSet::EMPTY;
    for (sq, piece) in pos.pieces(color) {
        if sq == king {
            continue;
        }
        let mut lifted = pos.clone();
        lifted.remove_piece(sq);
        let exposed: Vec<Square> =
            lifted.attackers(king, them).into_iter().filter(|a| !attackers.contains(*a)).collect();
        assert!(exposed.len() <= 1, "two sliders behind one piece? {}", pos.to_fen());
        if let Some(&pinner) = exposed.first() {
            pinned.insert(sq);
            let pin =
                safety.pin_on(sq).unwrap_or_else(|| panic!("{piece} on {sq} pinned in {}", pos.to_fen()));
            assert_eq!(pin.pinner, pinner);
            assert_eq!(pin.line, between(king, pinner).with(pinner));
        } else {
            assert!(safety.pin_on(sq).is_none(), "{sq} not pinned in {}", pos.to_fen());
        }
    }
    assert_eq!(safety.pinned(), pinned);
    assert_eq!(safety.pins().len(), pinned.len());
    // Every relocation of a non-king piece: `allows` agrees with trying it on a copy.
    for (from, piece) in pos.pieces(color) {
        if piece.role == Role::King {
            continue;
        }
        for to in Square::all() {
            if to == from
                || pos.is_blocked(to)
                || pos.piece_at(to).is_some_and(|p| p.color == color || p.role == Role::King)
            {
                continue;
            }
            let mut after = pos.clone();
            after.relocate_piece(from, to).unwrap();
            let attacked = after.is_attacked(king, them);
            assert_eq!(safety.allows(from, to), !attacked, "{from}-{to} in {}", pos.to_fen());
        }
    }
    // King destinations with the king lifted: the same as moving the king on a copy.
    for to in Square::all() {
        if to == king || pos.is_blocked(to) || pos.piece_at(to).is_some_and(|p| p.color == color) {
            continue;
        }
        let mut after = pos.clone();
        after.relocate_piece(king, to).unwrap();
        assert_eq!(
            pos.is_attacked_without(to, them, king),
            after.is_attacked(to, them),
            "K{to} {}",
            pos.to_fen()
        );
    }
}

fn walk(seed: u64, plies: usize, start: Position) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = start;
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        out.push(pos.clone());
    }
    out
}

/// A random unchecked board: kings, sliders and other pieces scattered, some tiles blocked.
fn scattered(seed: u64, rules: RuleSet) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::empty(rules);
    let mut free: Vec<Square> = Square::all().collect();
    let mut take = |rng: &mut ChaCha8Rng| free.swap_remove(rng.gen_range(0..free.len()));
    for color in Color::ALL {
        let sq = take(&mut rng);
        pos.put_piece(sq, Piece::new(color, Role::King)).unwrap();
    }
    for _ in 0..rng.gen_range(2..14) {
        let sq = take(&mut rng);
        let role = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn][rng.gen_range(0..5)];
        let color = if rng.gen_bool(0.5) { Color::White } else { Color::Black };
        let rank = sq.rank().index();
        if role == Role::Pawn && (rank == 0 || rank == 7) {
            continue;
        }
        pos.put_piece(sq, Piece::new(color, role)).unwrap();
    }
    for _ in 0..rng.gen_range(0..6) {
        let sq = take(&mut rng);
        pos.set_blocked(sq, true).unwrap();
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn king_safety_matches_brute_force_in_games(seed in any::<u64>(), plies in 0usize..120) {
        for pos in walk(seed, plies, Position::startpos()).iter().step_by(7) {
            brute_check(pos, pos.turn());
        }
    }

    #[test]
    fn king_safety_matches_brute_force_on_scattered_boards(seed in any::<u64>()) {
        for rules in [RuleSet::Standard, RuleSet::SKIRMISH] {
            let pos = scattered(seed, rules);
            for color in Color::ALL {
                brute_check(&pos, color);
            }
        }
    }

    #[test]
    fn king_safety_matches_brute_force_on_walled_skirmish_boards(seed in any::<u64>(), plies in 0usize..60) {
        let start = Position::from_fen_with(
            "********/*rnbkr**/*pppppp*/*4*1*/*2*3*/*PPPPPP*/*RNBKR**/******** w - - 0 1",
            RuleSet::SKIRMISH,
        )
        .unwrap();
        for pos in walk(seed, plies, start).iter().step_by(5) {
            for color in Color::ALL {
                brute_check(pos, color);
            }
        }
    }
}

#[test]
fn pins_through_blocked_tiles_do_not_exist() {
    // A wall on e4 stops the e8 rook: the e2 knight is free.
    let pos = Position::from_fen_unchecked("4r1k1/8/8/8/4*3/8/4N3/4K3 w - - 0 1", RuleSet::Standard).unwrap();
    let s = pos.king_safety();
    assert!(s.pinned().is_empty());
    assert!(s.allows("e2".parse().unwrap(), "c3".parse().unwrap()));
}

#[test]
fn movegen_agrees_with_king_safety() {
    // In a position with a pin and a check, every legal non-king, non-en-passant move is allowed.
    for fen in [
        "4r1k1/8/8/8/1b6/8/4N3/4K3 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let s = pos.king_safety();
        for m in pos.legal_moves() {
            if m.role != Role::King {
                assert!(s.allows(m.from, m.to), "{m} in {fen}");
            }
        }
    }
}
