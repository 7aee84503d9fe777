//! Malformed input: each bad FEN, UCI or SAN text gets its typed error and nothing panics. Parsers are
//! also fuzzed with arbitrary strings (proptest); `docs/fuzzing.md` records how many inputs ran.

use gambit_rules::{
    FenError, ParseFenError, ParseSanError, ParseUciError, Position, PositionError, RuleSet, Setup, Square,
};
use proptest::prelude::*;

fn parse_error(fen: &str) -> ParseFenError {
    match Position::from_fen(fen) {
        Err(FenError::Parse(e)) => e,
        other => panic!("{fen:?}: expected a parse error, got {other:?}"),
    }
}

fn position_error(fen: &str) -> PositionError {
    match Position::from_fen(fen) {
        Err(FenError::Position(e)) => e,
        other => panic!("{fen:?}: expected a position error, got {other:?}"),
    }
}

#[test]
fn each_bad_field_has_its_variant() {
    use ParseFenError::*;
    type Check = fn(&ParseFenError) -> bool;
    let cases: &[(&str, Check)] = &[
        ("", |e| matches!(e, FieldCount(0))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", |e| matches!(e, FieldCount(1))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", |e| matches!(e, FieldCount(7))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", |e| matches!(e, Placement(_))),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", |e| matches!(e, Placement(_))),
        ("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", |e| matches!(e, Placement(_))),
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", |e| matches!(e, Placement(_))),
        ("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", |e| matches!(e, Placement(_))),
        ("rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", |e| matches!(e, Placement(_))),
        ("rnbqkbn♜/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", |e| matches!(e, Placement(_))),
        ("rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", |e| matches!(e, Placement(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", |e| matches!(e, Turn(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", |e| matches!(e, Turn(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", |e| matches!(e, Castling(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1", |e| matches!(e, Castling(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", |e| matches!(e, Castling(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", |e| matches!(e, EnPassant(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", |e| matches!(e, EnPassant(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", |e| matches!(e, HalfmoveClock(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1", |e| {
            matches!(e, HalfmoveClock(_))
        }),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", |e| matches!(e, FullmoveNumber(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1", |e| matches!(e, FullmoveNumber(_))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4294967296", |e| {
            matches!(e, FullmoveNumber(_))
        }),
    ];
    for (fen, is_expected) in cases {
        let e = parse_error(fen);
        assert!(is_expected(&e), "{fen:?} gave {e:?}");
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn four_field_fens_get_default_clocks() {
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(pos.to_fen(), gambit_rules::STARTING_FEN);
}

#[test]
fn impossible_positions_are_refused_by_the_checked_constructor() {
    use PositionError::*;
    use gambit_rules::Color::*;
    let sq = |s: &str| s.parse::<Square>().unwrap();
    assert_eq!(position_error("8/8/8/8/8/8/8/4K3 w - - 0 1"), MissingKing(Black));
    assert_eq!(position_error("k7/8/8/8/8/8/8/K6K w - - 0 1"), TooManyKings(White));
    assert_eq!(position_error("kK6/8/8/8/8/8/8/8 w - - 0 1"), KingsAdjacent);
    assert_eq!(
        position_error("k7/8/8/8/8/8/8/K6r w - - 0 1".replace(" w ", " b ").as_str()),
        OppositeCheck(White)
    );
    assert_eq!(position_error("k7/8/8/8/8/8/8/K6P w - - 0 1"), PawnOnBackRank(sq("h1")));
    assert_eq!(position_error("k6P/8/8/8/8/8/8/K7 w - - 0 1"), PawnOnBackRank(sq("h8")));
    assert_eq!(position_error("k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1"), TooManyPawns(Black));
    assert_eq!(position_error("k7/nnnnnnnn/nnnnnnnn/n7/8/8/8/K7 w - - 0 1"), TooManyPieces(Black));
    assert!(matches!(
        position_error("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        InvalidCastlingRights(_)
    ));
    assert_eq!(
        position_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1"),
        InvalidEnPassant(sq("e6"))
    );
    assert_eq!(
        position_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1"),
        InvalidEnPassant(sq("e3"))
    );
}

#[test]
fn the_unchecked_constructor_accepts_what_play_cannot_reach() {
    // Double check by two knights, the side not to move in check, pawns on the back rank, 20 pieces.
    for fen in [
        "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/8/8/8/R3K2r w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",
        "4k3/nnnnnnnn/nnnnnnnn/nnnn4/8/8/8/4K3 w - - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        let pos = Position::from_fen_unchecked(fen, RuleSet::Standard).unwrap();
        assert_eq!(pos.to_fen(), fen);
        let _ = pos.legal_moves();
        let _ = pos.outcome();
    }
    // Castling rights without their rook are dropped, not refused.
    let pos = Position::from_fen_unchecked("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", RuleSet::Standard).unwrap();
    assert!(pos.castling_rights().is_empty());
    // But two kings of one colour cannot define check.
    assert_eq!(
        Position::from_fen_unchecked("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", RuleSet::Standard),
        Err(FenError::Position(PositionError::TooManyKings(gambit_rules::Color::White)))
    );
}

#[test]
fn en_passant_square_without_a_legal_capture_is_dropped() {
    // After 1. e4 no black pawn can take on e3, so the square is dropped (and not hashed).
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(pos.ep_square(), None);
    assert_eq!(
        pos.key(),
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap().key()
    );
    // A capturable one is kept and changes the key.
    let with = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    let without = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(with.ep_square(), Some("e3".parse().unwrap()));
    assert_ne!(with.key(), without.key());
    // Pinned capturer along the rank: both pawns leave rank 4 and expose the king, so no ep square.
    let pinned = Position::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(pinned.ep_square(), None);
    assert!(pinned.legal_moves().iter().all(|m| m.kind != gambit_rules::MoveKind::EnPassant));
}

#[test]
fn bad_moves_get_typed_errors() {
    let pos = Position::startpos();
    for text in ["", "e2", "e2e9", "e2e4qq", "e7e8k", "i2i4", "é2e4", "e2-e4", "0000", "e2e4\u{0}"] {
        assert!(matches!(pos.parse_uci(text), Err(ParseUciError::Syntax(_))), "{text:?}");
    }
    assert!(matches!(pos.parse_uci("e2e5"), Err(ParseUciError::Illegal(_))));
    assert!(matches!(pos.parse_uci("e1g1"), Err(ParseUciError::Illegal(_))));
    for text in ["", "Z4", "Nf9", "e4-e5", "O-O-O-O", "Kx", "Qxx4", "e8=K", "Nf3=Q", "ñ"] {
        assert!(matches!(pos.parse_san(text), Err(ParseSanError::Syntax(_))), "{text:?}");
    }
    assert!(matches!(pos.parse_san("Nf4"), Err(ParseSanError::Illegal(_))));
    assert!(matches!(pos.parse_san("exd3"), Err(ParseSanError::Illegal(_))));
    // Long-form SAN with a full from square parses, and is judged on legality.
    assert!(matches!(pos.parse_san("e4e5"), Err(ParseSanError::Illegal(_))));
    assert_eq!(pos.parse_san("e2e4").unwrap().to_uci(), "e2e4");
    assert!(matches!(pos.parse_san("O-O"), Err(ParseSanError::Illegal(_))));
    let ambiguous = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    assert!(matches!(ambiguous.parse_san("Rd1"), Err(ParseSanError::Ambiguous(_))));
    assert_eq!(ambiguous.parse_san("Rad1").unwrap().to_uci(), "a1d1");
    // A rejected move leaves the position untouched.
    let mut pos = Position::startpos();
    let bad = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap().parse_uci("e2e3").unwrap();
    let mut moved = bad;
    moved.to = "e5".parse().unwrap();
    assert!(pos.play(moved).is_err());
    assert_eq!(pos, Position::startpos());
}

#[test]
fn castling_resolves_from_the_king_move() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let m = pos.parse_uci("e1g1").unwrap();
    assert!(m.is_castle());
    assert_eq!(pos.san(m), "O-O");
    assert_eq!(pos.parse_san("O-O-O").unwrap().to_uci(), "e1c1");
    assert_eq!(pos.parse_san("0-0").unwrap(), m);
    let promo = Position::from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(promo.parse_uci("a7b8n").unwrap().promotion, Some(gambit_rules::Role::Knight));
    assert_eq!(promo.san(promo.parse_uci("a7a8q").unwrap()), "a8=Q"); // the b8 rook shields the king
    assert_eq!(promo.san(promo.parse_uci("a7b8q").unwrap()), "axb8=Q+");
    assert_eq!(promo.parse_san("axb8=R").unwrap().to_uci(), "a7b8r");
    assert!(matches!(promo.parse_uci("a7a8"), Err(ParseUciError::Illegal(_))));
}

/// Inputs per fuzz property: 20,000 in the normal run; `GAMBIT_FUZZ_CASES=N` for a long session
/// (see `docs/fuzzing.md`).
fn fuzz_cases() -> u32 {
    std::env::var("GAMBIT_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(fuzz_cases()))]

    /// Arbitrary strings into every parser: an error or a value, never a panic.
    #[test]
    fn parsers_never_panic_on_arbitrary_text(text in any::<String>()) {
        let _ = Setup::from_fen(&text);
        let _ = Position::from_fen(&text);
        let _ = Position::from_fen_unchecked(&text, RuleSet::SKIRMISH);
        let pos = Position::startpos();
        let _ = pos.parse_uci(&text);
        let _ = pos.parse_san(&text);
        let _ = text.parse::<Square>();
    }

    /// FEN-shaped strings built from FEN's own alphabet reach deeper into the parser and the checks.
    #[test]
    fn fen_shaped_text_never_panics(
        ranks in prop::collection::vec("[pnbrqkPNBRQK1-8*]{0,9}", 7..10),
        turn in "[wb-]",
        castling in "[KQkq-]{0,5}",
        ep in "(-|[a-h][1-8])",
        clocks in "([0-9]{1,12} [0-9]{1,12})?",
    ) {
        let fen = format!("{} {turn} {castling} {ep} {clocks}", ranks.join("/"));
        if let Ok(pos) = Position::from_fen(&fen) {
            prop_assert!(pos.problems().is_empty());
            prop_assert_eq!(Position::from_fen(&pos.to_fen()).unwrap().to_fen(), pos.to_fen());
            let _ = pos.legal_moves();
        }
        if let Ok(pos) = Position::from_fen_unchecked(&fen, RuleSet::Standard) {
            let moves = pos.legal_moves();
            for m in moves {
                let mut p = pos.clone();
                p.play_unchecked(m);
                prop_assert_eq!(p.key(), p.compute_key());
                p.undo();
                prop_assert_eq!(&p, &pos);
            }
        }
        if let Ok(pos) = Position::from_fen_unchecked(&fen, RuleSet::SKIRMISH) {
            let _ = pos.legal_moves();
        }
    }
}
