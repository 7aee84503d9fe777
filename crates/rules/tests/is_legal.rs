//! [`Position::is_legal`] answers as `legal_moves().contains(..)` does, for the position's own moves,
//! for moves of the positions above it in the tree (a transposition table's moves come from other
//! positions) and for those moves altered field by field: checked at every node of small trees that
//! cover checks, pins, en passant, castling (Chess960 too) and promotions, under standard and
//! skirmish rules.

mod trees;

use gambit_rules::{Move, MoveKind, Position, PromotionPolicy, Role, RuleSet};

/// `m` and copies of it with one field changed.
fn variants(m: Move) -> Vec<Move> {
    let mut v = vec![m];
    for kind in [
        MoveKind::Normal,
        MoveKind::DoubleStep,
        MoveKind::EnPassant,
        MoveKind::CastleKingSide,
        MoveKind::CastleQueenSide,
    ] {
        v.push(Move { kind, ..m });
    }
    for capture in [None, Some(Role::Pawn), Some(Role::Queen)] {
        v.push(Move { capture, ..m });
    }
    for promotion in [None, Some(Role::Queen), Some(Role::Knight)] {
        v.push(Move { promotion, ..m });
    }
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        v.push(Move { role, ..m });
    }
    v
}

fn check_tree(pos: &mut Position, depth: u32, above: &[Move], checked: &mut u64) {
    let legal = pos.legal_moves();
    for &m in legal.iter().chain(above) {
        for c in variants(m) {
            assert_eq!(pos.is_legal(c), legal.contains(&c), "{} {c:?}", pos.to_fen());
            *checked += 1;
        }
    }
    if depth == 0 {
        return;
    }
    // The moves of this node and of its parent go down as candidates from elsewhere.
    let mut next: Vec<Move> = legal.iter().copied().collect();
    next.extend(above.iter().take(64));
    for m in legal {
        pos.play_unchecked(m);
        check_tree(pos, depth - 1, &next, checked);
        pos.undo();
    }
}

#[test]
fn is_legal_agrees_with_the_generator() {
    let mut checked = 0;
    for (fen, depth) in trees::STANDARD {
        check_tree(&mut Position::from_fen(fen).unwrap(), depth, &[], &mut checked);
    }
    for fen in [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
    ] {
        check_tree(&mut Position::from_chess960_fen(fen).unwrap(), 2, &[], &mut checked);
    }
    // No king for White (an editor position: the king lifted off the board).
    let mut kingless = Position::from_fen("4k3/8/8/3pP3/8/8/8/R3K3 w - d6 0 1").unwrap();
    kingless.remove_piece("e1".parse().unwrap()).unwrap();
    check_tree(&mut kingless, 2, &[], &mut checked);
    let skirmish = RuleSet::Skirmish(PromotionPolicy::QueenIfNoneElse(Role::Rook));
    for fen in trees::SKIRMISH {
        check_tree(&mut Position::from_fen_with(fen, skirmish).unwrap(), 2, &[], &mut checked);
    }
    assert!(checked > 1_000_000, "{checked} moves checked");
}
