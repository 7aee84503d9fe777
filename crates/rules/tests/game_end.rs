//! Game end and draw rules (FIDE Laws, articles 5, 9.2, 9.3 and 9.6).

use gambit_rules::{DrawReason, Outcome, Position};

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).unwrap();
        pos.play(m).unwrap();
    }
}

#[test]
fn checkmate_and_stalemate() {
    let mut pos = Position::startpos();
    play(&mut pos, "f3 e5 g4 Qh4");
    assert!(pos.is_check());
    assert_eq!(pos.outcome(), Some(Outcome::Checkmate { winner: gambit_rules::Color::Black }));
    assert_eq!(pos.outcome().unwrap().result_string(), "0-1");
    let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn threefold_is_claimable_and_fivefold_is_automatic() {
    let mut pos = Position::startpos();
    let cycle = "Nf3 Nf6 Ng1 Ng8";
    play(&mut pos, cycle);
    assert_eq!(pos.repetitions(), 1);
    assert_eq!(pos.claimable_draw(), None);
    play(&mut pos, cycle);
    assert_eq!(pos.repetitions(), 2);
    assert_eq!(pos.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    assert_eq!(pos.outcome(), None);
    play(&mut pos, cycle);
    play(&mut pos, cycle);
    assert_eq!(pos.repetitions(), 4);
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::FivefoldRepetition)));
    // Undo steps back out of it.
    pos.undo();
    assert_eq!(pos.outcome(), None);
}

#[test]
fn repetition_needs_the_same_rights() {
    // The king's round trip loses castling rights: the position after it is not a repetition of the start.
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    play(&mut pos, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(pos.repetitions(), 1);
}

#[test]
fn fifty_and_seventy_five_move_rules() {
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    assert_eq!(pos.claimable_draw(), None);
    play(&mut pos, "Ra2");
    assert_eq!(pos.halfmove_clock(), 100);
    assert_eq!(pos.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    assert_eq!(pos.outcome(), None);
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 150 120").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::SeventyFiveMoveRule)));
    // Checkmate on the 150th ply counts as checkmate.
    let mut mate = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120").unwrap();
    play(&mut mate, "Ra8");
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: gambit_rules::Color::White }));
    // A capture resets the clock.
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80").unwrap();
    play(&mut pos, "Rxa2");
    assert_eq!(pos.halfmove_clock(), 0);
}

#[test]
fn insufficient_material() {
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true),
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false), // c8 is light, c1 is dark
        ("3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1", true),   // d8 and c1 are both dark
        ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", false),
        ("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.is_insufficient_material(), dead, "{fen}");
        assert_eq!(pos.outcome() == Some(Outcome::Draw(DrawReason::InsufficientMaterial)), dead, "{fen}");
    }
}

#[test]
fn automatic_draws_without_legal_moves_considered() {
    use gambit_rules::DeadMaterial;
    // A lone bishop: dead under FIDE, alive when only bare kings count (skill chess).
    let bishop = Position::from_fen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").unwrap();
    assert_eq!(bishop.automatic_draw(), Some(DrawReason::InsufficientMaterial));
    assert_eq!(bishop.automatic_draw_with(DeadMaterial::BareKings), None);
    let bare = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(bare.automatic_draw_with(DeadMaterial::BareKings), Some(DrawReason::InsufficientMaterial));
    // The 75-move rule; the fifty-move rule is only claimable.
    let rook = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 150 120").unwrap();
    assert_eq!(rook.automatic_draw_with(DeadMaterial::BareKings), Some(DrawReason::SeventyFiveMoveRule));
    let fifty = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 120").unwrap();
    assert_eq!(fifty.automatic_draw(), None);
    assert_eq!(fifty.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    // Fivefold repetition by knight shuffles; stalemate is not an automatic draw of this kind.
    let mut pos = Position::startpos();
    for _ in 0..4 {
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            assert_eq!(pos.automatic_draw(), None);
            play(&mut pos, san);
        }
    }
    assert_eq!(pos.automatic_draw(), Some(DrawReason::FivefoldRepetition));
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::FivefoldRepetition)));
    let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert_eq!(stalemate.automatic_draw(), None);
    // Skirmish rules have no draw rules.
    let mut skirmish = rook.clone();
    skirmish.set_rules(gambit_rules::RuleSet::SKIRMISH).unwrap();
    skirmish.set_halfmove_clock(200);
    assert_eq!(skirmish.automatic_draw(), None);
}
