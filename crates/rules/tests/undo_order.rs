//! Undo restores the move generation order exactly (searches rely on it for determinism).

use gambit_rules::Position;

#[test]
fn undo_restores_generation_order_after_captures_and_promotions() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in fens {
        let mut pos = Position::from_fen(fen).unwrap();
        let before = pos.legal_moves();
        // Two plies deep through every capture and promotion.
        for m in before.clone() {
            pos.play_unchecked(m);
            for r in pos.legal_moves() {
                let inner = pos.legal_moves();
                pos.play_unchecked(r);
                pos.undo();
                assert_eq!(pos.legal_moves(), inner, "{fen}: {m} {r}");
            }
            pos.undo();
            assert_eq!(pos.legal_moves(), before, "{fen}: {m}");
        }
    }
}
