//! The board-editing API: each edit keeps the key and piece lists exact, and refuses what the board
//! cannot hold with a typed error and no change.

use gambit_rules::{CastlingRights, Color, MAX_MOVES, Piece, Position, PositionError, Role, RuleSet, Square};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn edits_keep_the_key_exact_and_refuse_bad_requests() {
    let mut pos = Position::startpos();
    assert_eq!(pos.put_piece(sq("e4"), Piece::new(Color::White, Role::Queen)), Ok(None));
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(pos.remove_piece(sq("a1")), Some(Piece::new(Color::White, Role::Rook)));
    assert!(!pos.castling_rights().has(Color::White, false), "losing the a1 rook drops O-O-O");
    assert!(pos.castling_rights().has(Color::White, true));
    assert_eq!(pos.key(), pos.compute_key());
    pos.set_blocked(sq("d4"), true).unwrap();
    assert_eq!(pos.key(), pos.compute_key());
    let before = pos.clone();
    assert_eq!(pos.set_blocked(sq("e4"), true), Err(PositionError::OccupiedSquare(sq("e4"))));
    assert_eq!(
        pos.put_piece(sq("d4"), Piece::new(Color::Black, Role::Pawn)),
        Err(PositionError::BlockedSquare(sq("d4")))
    );
    assert_eq!(
        pos.put_piece(sq("a4"), Piece::new(Color::White, Role::King)),
        Err(PositionError::TooManyKings(Color::White))
    );
    assert_eq!(pos, before);
    assert_eq!(pos.relocate_piece(sq("h1"), sq("h5")), Ok(None));
    assert!(pos.castling_rights().is_empty() || !pos.castling_rights().has(Color::White, true));
    assert_eq!(pos.key(), pos.compute_key());
    pos.set_turn(Color::Black);
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(
        pos.set_castling_rights(CastlingRights::ALL),
        CastlingRights::BLACK_KING_SIDE.with(CastlingRights::BLACK_QUEEN_SIDE)
    );
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(pos.set_ep_square(Some(sq("e3"))), Err(PositionError::InvalidEnPassant(sq("e3"))));
    // The blocked tile shows in FEN and survives a round trip.
    let fen = pos.to_fen();
    assert!(fen.contains('*'));
    let back = Position::from_fen_unchecked(&fen, RuleSet::Standard).unwrap();
    assert_eq!(back.to_fen(), fen);
    assert_eq!(back.key(), pos.key());
    assert!(pos.undo().is_none(), "edits clear the undo history");
}

#[test]
fn validate_lists_every_problem() {
    let pos = Position::from_fen_unchecked("P3k3/8/8/8/8/8/8/7p w - - 0 1", RuleSet::Standard).unwrap();
    let problems = pos.problems();
    assert!(problems.contains(&PositionError::MissingKing(Color::White)));
    assert!(problems.contains(&PositionError::PawnOnBackRank(sq("a8"))));
    assert!(problems.contains(&PositionError::PawnOnBackRank(sq("h1"))));
    assert_eq!(pos.validate(), Err(problems[0].clone()));
    assert_eq!(Position::startpos().validate(), Ok(()));
}

#[test]
fn move_list_capacity_covers_dense_positions() {
    // The most moves known in a legal position: 218.
    let record = Position::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1").unwrap();
    assert_eq!(record.legal_moves().len(), 218);
    // Unchecked boards far denser than any game: hill-climb towards the most moves by toggling white
    // queens, knights and seventh-rank pawns on an empty board (no king), checking every candidate.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut best = Position::empty(RuleSet::Standard);
    let mut most = 0;
    for _ in 0..4000 {
        let mut candidate = best.clone();
        let s = Square::new(rng.gen_range(0..64)).unwrap();
        if candidate.piece_at(s).is_some() {
            candidate.remove_piece(s);
        } else {
            let role = match rng.gen_range(0..10) {
                0 if s.rank().index() == 6 => Role::Pawn,
                1 => Role::Knight,
                _ => Role::Queen,
            };
            candidate.put_piece(s, Piece::new(Color::White, role)).unwrap();
        }
        let n = candidate.legal_moves().len();
        assert!(n <= MAX_MOVES);
        if n >= most {
            most = n;
            best = candidate;
        }
    }
    assert!(most > 218, "the dense boards should beat the legal record, got {most}");
}
