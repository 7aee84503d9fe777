//! Chess960: the 960-position perft suite (Shredder-FEN) to depth 4, X-FEN and Shredder-FEN read and
//! written, UCI king-takes-rook, SAN O-O/O-O-O, start positions by number, and hand-checked castling
//! cases (king and rook swapping squares, a king already on its castling square, a piece between, an
//! attack the castling rook was shielding, the castling rook pinned to its king).

use gambit_rules::{
    CastlingNotation, CastlingRights, Color, FenError, MoveKind, ParseFenError, Position, PositionError,
    Setup, Square, perft,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    include_str!("data/fischer.epd")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    (it.next().unwrap()[1..].parse().unwrap(), it.next().unwrap().parse().unwrap())
                })
                .collect();
            (fen, depths)
        })
        .collect()
}

fn run_suite(max_depth: u32) {
    let cases = suite();
    assert_eq!(cases.len(), 960);
    for (fen, depths) in &cases {
        let pos = Position::from_chess960_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.is_chess960());
        for &(depth, expected) in depths.iter().filter(|(d, _)| *d <= max_depth) {
            let count = if depth >= 4 { gambit_rules::par_perft(&pos, depth) } else { perft(&pos, depth) };
            assert_eq!(count, expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn fischer_suite_to_depth_four() {
    run_suite(4);
}

/// Depth 5 of all 960 (17 billion nodes); `GAMBIT_PERFT_960_DEPTH=6` for depth 6 (507 billion).
#[test]
#[ignore = "minutes in release mode; run with `cargo xtask perft`"]
fn fischer_suite_deep() {
    let depth = std::env::var("GAMBIT_PERFT_960_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(5);
    run_suite(depth);
}

#[test]
fn shredder_and_xfen_read_the_same_and_write_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(960);
    for (fen, _) in suite().iter().step_by(7) {
        let pos = Position::from_chess960_fen(fen).unwrap();
        assert_eq!(pos.to_fen_with(CastlingNotation::Shredder), *fen);
        let xfen = pos.to_fen();
        let back = Position::from_chess960_fen(&xfen).unwrap();
        assert_eq!(back, pos, "{xfen}");
        // Random games keep the key exact and every castling move round-trips through UCI and SAN.
        let mut game = pos.clone();
        for _ in 0..40 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                assert_eq!(game.parse_uci(&game.uci(m)).unwrap(), m, "{} in {}", game.uci(m), game.to_fen());
                assert_eq!(game.parse_san(&game.san(m)).unwrap(), m);
            }
            let m = moves[rng.gen_range(0..moves.len())];
            game.play_unchecked(m);
            assert_eq!(game.key(), game.compute_key());
            let again = Position::from_chess960_fen(&game.to_fen()).unwrap();
            assert_eq!(again.to_fen(), game.to_fen());
            assert_eq!(again.key(), game.key());
        }
        while game.undo().is_some() {}
        assert_eq!(game, pos);
    }
}

#[test]
fn xfen_names_inner_rooks_by_file_and_mixed_forms_read() {
    // White: king b1, rooks d1 (inner, king side) and h1 (outer). X-FEN writes the inner one as `D`.
    let fen = "4k3/8/8/8/8/8/8/1K1R3R w D - 0 1";
    let pos = Position::from_chess960_fen(fen).unwrap();
    assert_eq!(pos.castling_rook(Color::White, true), Some(sq("d1")));
    assert_eq!(pos.to_fen(), fen);
    let outer = Position::from_chess960_fen("4k3/8/8/8/8/8/8/1K1R3R w K - 0 1").unwrap();
    assert_eq!(outer.castling_rook(Color::White, true), Some(sq("h1")));
    assert_eq!(outer.to_fen_with(CastlingNotation::Shredder), "4k3/8/8/8/8/8/8/1K1R3R w H - 0 1");
    // Mixed: Shredder for White, X-FEN for Black.
    let mixed = Position::from_chess960_fen("rk4r1/8/8/8/8/8/8/RK4R1 w GAkq - 0 1").unwrap();
    assert_eq!(mixed.to_fen(), "rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1");
    assert_eq!(mixed.castling_rooks().len(), 4);
    // Two rights on one side of the king, a right without its rook, a repeated letter: refused.
    assert!(matches!(
        Position::from_chess960_fen("4k3/8/8/8/8/8/8/1K1R3R w DH - 0 1"),
        Err(FenError::Position(PositionError::InvalidCastlingRights(_)))
    ));
    assert!(matches!(
        Position::from_chess960_fen("4k3/8/8/8/8/8/8/1K5R w E - 0 1"),
        Err(FenError::Position(PositionError::InvalidCastlingRights(_)))
    ));
    assert!(matches!(
        Setup::from_chess960_fen("4k3/8/8/8/8/8/8/1K5R w HH - 0 1"),
        Err(ParseFenError::Castling(_))
    ));
    assert!(matches!(
        Setup::from_chess960_fen("4k3/8/8/8/8/8/8/1K5R w HKQkq - 0 1"),
        Err(ParseFenError::Castling(_))
    ));
    // The standard FEN reader still takes only `KQkq`.
    assert!(matches!(Setup::from_fen("4k3/8/8/8/8/8/8/1K5R w H - 0 1"), Err(ParseFenError::Castling(_))));
}

#[test]
fn start_positions_by_number() {
    let standard = Position::chess960_start(518).unwrap();
    assert_eq!(standard.to_fen(), gambit_rules::STARTING_FEN);
    assert_eq!(perft(&standard, 4), 197_281);
    assert!(standard.is_chess960());
    // The suite's first array (bqnb1rkr...) is a few moves into position 0-959; the start arrays
    // themselves: every number gives 20 moves at depth 1 (pawns and knights: 16 + 4).
    for n in (0..960).step_by(37) {
        let pos = Position::chess960_start(n).unwrap();
        assert_eq!(pos.castling_rights(), CastlingRights::ALL);
        assert_eq!(Position::from_chess960_fen(&pos.to_fen()).unwrap(), pos);
        assert!(pos.legal_moves().len() >= 18, "{n}: {}", pos.to_fen());
    }
    assert_eq!(Position::chess960_start(960).unwrap_err().0, 960);
}

/// Castling by UCI king-takes-rook; the returned position's FEN.
fn castle(fen: &str, uci: &str) -> Result<String, String> {
    let mut pos = Position::from_chess960_fen(fen).unwrap();
    let before = pos.clone();
    let m = pos.parse_uci(uci).map_err(|e| e.to_string())?;
    assert!(m.is_castle(), "{uci} in {fen}");
    let san = pos.san(m);
    assert!(san.starts_with(if m.kind == MoveKind::CastleKingSide { "O-O" } else { "O-O-O" }));
    pos.play(m).unwrap();
    assert_eq!(pos.key(), pos.compute_key());
    let after = pos.to_fen();
    pos.undo();
    assert_eq!(pos, before);
    Ok(after)
}

#[test]
fn hand_checked_castling() {
    // King f1 and rook g1 swap squares.
    assert_eq!(castle("k7/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1").unwrap(), "k7/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King already on g1: only the rook moves (h1 to f1).
    assert_eq!(castle("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1").unwrap(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King already on c1, queen side: the a1 rook goes to d1.
    assert_eq!(castle("4k3/8/8/8/8/8/8/R1K5 w A - 0 1", "c1a1").unwrap(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // King b1 castles king side with the rook on c1 next to it: king to g1, rook to f1.
    assert_eq!(castle("4k3/8/8/8/8/8/8/1KR5 w C - 0 1", "b1c1").unwrap(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // A piece between king and rook, or on the king's or the rook's destination: no castling.
    assert!(castle("4k3/8/8/8/8/8/8/1K2N2R w H - 0 1", "b1h1").is_err());
    assert!(castle("4k3/8/8/8/8/8/8/1KR3B1 w C - 0 1", "b1c1").is_err());
    assert!(castle("4k3/8/8/8/8/8/8/RN2K3 w A - 0 1", "e1a1").is_err());
    // Through an attacked square: the d1 rook is shielded... only while it stands on b1. King d1, rook
    // b1, black rook a1: after O-O-O the king would stand on c1, attacked through b1.
    assert!(castle("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", "d1b1").is_err());
    // The same with the black rook gone is legal.
    assert_eq!(castle("4k3/8/8/8/8/8/8/1R1K4 w B - 0 1", "d1b1").unwrap(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The castling rook pinned to its king: king c1 (its own castling square), rook b1, black queen a1.
    assert!(castle("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", "c1b1").is_err());
    // An attacked square on the king's path (f1 by the f8 rook), and check, forbid castling.
    assert!(castle("5rk1/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1").is_err());
    assert!(castle("4rk2/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1").is_err());
    // But an attack on a square only the rook passes (b1) does not.
    assert_eq!(
        castle("1r3k2/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1").unwrap(),
        "1r3k2/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

#[test]
fn uci_castling_notation_follows_the_mode() {
    // In Chess960 mode a king step to the castling square is a king move, and castling is king-takes-rook.
    let pos = Position::from_chess960_fen("4k3/8/8/8/8/8/8/1K5R w H - 0 1").unwrap();
    let step = pos.parse_uci("b1c1").unwrap();
    assert_eq!(step.kind, MoveKind::Normal);
    let castle = pos.parse_uci("b1h1").unwrap();
    assert!(castle.is_castle());
    assert_eq!(pos.uci(castle), "b1h1");
    assert_eq!(castle.to, sq("g1"));
    // The standard start in both modes.
    let mut standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(standard.parse_uci("e1g1").unwrap(), standard.parse_uci("e1h1").unwrap());
    standard.set_chess960(true).unwrap();
    assert!(standard.parse_uci("e1g1").is_err(), "king-takes-rook only in Chess960 mode");
    assert_eq!(standard.uci(standard.parse_san("O-O-O").unwrap()), "e1a1");
    // A position with Chess960 castling cannot leave Chess960 mode.
    let mut odd = pos.clone();
    assert!(odd.set_chess960(false).is_err());
    assert!(odd.is_chess960());
}

#[test]
fn moving_a_king_or_castling_rook_drops_its_rights() {
    // The teleport hook: a relocation (a board edit) of the b1 rook drops only White's queen side.
    let mut pos = Position::from_chess960_fen("1rk3r1/8/8/8/8/8/8/1RK3R1 w BGbg - 0 1").unwrap();
    pos.relocate_piece(sq("b1"), sq("b4")).unwrap();
    assert_eq!(pos.castling_rook(Color::White, false), None);
    assert_eq!(pos.castling_rook(Color::White, true), Some(sq("g1")));
    assert_eq!(pos.key(), pos.compute_key());
    // Relocating the king drops both of its side's rights; capturing a castling rook drops that one.
    pos.relocate_piece(sq("c8"), sq("d7")).unwrap();
    assert_eq!(pos.castling_rook(Color::Black, true), None);
    assert_eq!(pos.castling_rook(Color::Black, false), None);
    let mut pos = Position::from_chess960_fen("1rk3r1/8/8/8/8/8/8/1RK3R1 w BGbg - 0 1").unwrap();
    pos.relocate_piece(sq("g1"), sq("g8")).unwrap();
    assert_eq!(pos.castling_rooks().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["b1", "b8"]);
}
