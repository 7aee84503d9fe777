//! [`Position::bitboard`] agrees with the piece lists after every move, undo and edit: checked at every
//! node of small trees (castling in both modes, en passant, promotions, captures) and after edits.

use gambit_rules::{Color, Piece, Position, PromotionPolicy, Role, RuleSet, Square};

fn assert_agrees(pos: &Position) {
    for color in Color::ALL {
        for role in Role::ALL {
            let want = pos
                .pieces(color)
                .filter(|(_, p)| p.role == role)
                .fold(0u64, |set, (sq, _)| set | 1u64 << sq.index());
            assert_eq!(pos.bitboard(color, role).bits(), want, "{color:?} {role:?} in {}", pos.to_fen());
        }
    }
}

fn walk(pos: &mut Position, depth: u32, nodes: &mut u64) {
    assert_agrees(pos);
    *nodes += 1;
    if depth == 0 {
        return;
    }
    for m in pos.legal_moves() {
        pos.play_unchecked(m);
        walk(pos, depth - 1, nodes);
        pos.undo();
        assert_agrees(pos);
    }
}

#[test]
fn bitboards_follow_moves_and_undos() {
    let mut nodes = 0;
    for (fen, depth) in [
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3),
    ] {
        walk(&mut Position::from_fen(fen).unwrap(), depth, &mut nodes);
    }
    // Chess960 castling where king and rook swap squares (f1-g1) or overlap.
    let fen = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1";
    let mut pos = Position::from_chess960_fen(fen).unwrap();
    assert!(pos.legal_moves().iter().filter(|m| m.is_castle()).count() == 2, "{fen}");
    walk(&mut pos, 3, &mut nodes);
    let skirmish = RuleSet::Skirmish(PromotionPolicy::QueenIfNoneElse(Role::Rook));
    walk(
        &mut Position::from_fen_with("4k3/1P4p1/8/3p4/4P3/8/6p1/R3K2R w - - 0 1", skirmish).unwrap(),
        3,
        &mut nodes,
    );
    // Null moves leave them alone.
    let mut pos = Position::startpos();
    pos.play_null();
    assert_agrees(&pos);
    pos.undo();
    assert_agrees(&pos);
    assert!(nodes > 10_000, "{nodes}");
}

#[test]
fn bitboards_follow_edits() {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let mut pos = Position::startpos();
    pos.put_piece(sq("e4"), Piece::new(Color::White, Role::Queen)).unwrap();
    assert_agrees(&pos);
    pos.put_piece(sq("d8"), Piece::new(Color::Black, Role::Knight)).unwrap();
    assert_agrees(&pos);
    pos.remove_piece(sq("a2"));
    assert_agrees(&pos);
    pos.relocate_piece(sq("e4"), sq("e7")).unwrap();
    assert_agrees(&pos);
    assert_eq!(pos.bitboard(Color::White, Role::Queen).bits(), 1 << 3 | 1 << 52);
    assert_eq!(pos.bitboard(Color::Black, Role::Queen).bits(), 0);
}
