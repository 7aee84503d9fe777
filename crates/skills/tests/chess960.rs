//! Skill chess from a Chess960 position: a teleport of the king or of a rook off its home square drops
//! exactly the castling rights that piece carried (the rooks are not on the corners, so the rights
//! follow the rooks' files, not a1/h1), a teleport that captures a rook at home drops the enemy's right,
//! a teleport along a castling move castles, and undo gives every right back.

use gambit_rules::{CastlingNotation, Position, Role, Square};
use gambit_skills::{SkillBoard, SkillConfig, SkillError, Teleported};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Kings on e1/e8 and rooks on b and g: castling long puts the king on c1 and the rook on d1,
/// castling short the king on g1 and the rook on f1; both are legal for both sides.
const FEN: &str = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";

fn board() -> SkillBoard {
    let pos = Position::from_chess960_fen(FEN).unwrap();
    assert!(pos.is_chess960());
    SkillBoard::from_position(pos, SkillConfig::classic())
}

/// The castling field in Shredder-FEN (the rooks' files).
fn rights(b: &SkillBoard) -> String {
    b.position().to_fen_with(CastlingNotation::Shredder).split(' ').nth(2).unwrap().to_string()
}

/// The castling moves of the side to move, in Chess960 UCI (the king takes its own rook).
fn castles(b: &SkillBoard) -> Vec<String> {
    b.legal_moves().iter().filter(|m| m.is_castle()).map(|&m| b.position().uci(m)).collect()
}

#[test]
fn the_start_castles_both_ways() {
    let b = board();
    assert_eq!(rights(&b), "GBgb");
    assert_eq!(castles(&b), ["e1g1", "e1b1"]);
}

#[test]
fn a_king_teleport_drops_both_of_its_sides_rights_and_undo_restores_them() {
    let mut b = board();
    let before = b.position().to_fen_with(CastlingNotation::Shredder);
    // e1-e3 is no king move: a relocation (a board edit).
    assert_eq!(b.teleport(sq("e1"), sq("e3")), Ok(Teleported::Relocated { captured: None }));
    assert_eq!(rights(&b), "gb");
    // Black keeps both of its castlings.
    assert_eq!(castles(&b), ["e8g8", "e8b8"]);
    b.push_action("a7a6").unwrap();
    assert!(castles(&b).is_empty(), "{:?}", castles(&b));
    b.undo().unwrap();
    assert_eq!(b.undo(), Some(gambit_skills::Action::Teleport { from: sq("e1"), to: sq("e3") }));
    assert_eq!(b.position().to_fen_with(CastlingNotation::Shredder), before);
    assert_eq!(castles(&b), ["e1g1", "e1b1"]);
}

#[test]
fn a_rook_teleport_drops_only_that_rooks_right() {
    // The b-rook (long castling) relocated to c3: White keeps the g-rook's right.
    let mut b = board();
    assert_eq!(b.teleport(sq("b1"), sq("c3")), Ok(Teleported::Relocated { captured: None }));
    assert_eq!(rights(&b), "Ggb");
    b.push_action("h7h6").unwrap();
    assert_eq!(castles(&b), ["e1g1"]);
    // The g-rook (short castling) relocated to f3: White keeps the b-rook's right.
    let mut b = board();
    assert_eq!(b.teleport(sq("g1"), sq("f3")), Ok(Teleported::Relocated { captured: None }));
    assert_eq!(rights(&b), "Bgb");
    b.push_action("h7h6").unwrap();
    assert_eq!(castles(&b), ["e1b1"]);
    // Black's rook teleports drop Black's rights the same way.
    let mut b = board();
    b.push_action("a2a3").unwrap();
    assert_eq!(b.teleport(sq("g8"), sq("h6")), Ok(Teleported::Relocated { captured: None }));
    assert_eq!(rights(&b), "GBb");
    assert_eq!(castles(&b), ["e1g1", "e1b1"]);
}

#[test]
fn a_teleport_capturing_a_rook_at_home_drops_the_victims_right() {
    // White's g-rook relocates onto Black's b8 rook: White loses the g right (its rook left home),
    // Black the b right (its rook is gone).
    let mut b = board();
    let captured = Some(gambit_rules::Piece::new(gambit_rules::Color::Black, Role::Rook));
    assert_eq!(b.teleport(sq("g1"), sq("b8")), Ok(Teleported::Relocated { captured }));
    assert_eq!(rights(&b), "Bg");
    // Black, in check from b8, has no castling anyway; undo gives everything back.
    assert!(b.position().is_check() && castles(&b).is_empty());
    b.undo().unwrap();
    assert_eq!(rights(&b), "GBgb");
}

#[test]
fn a_teleport_along_a_castling_move_castles() {
    // e1-c1 is the king's path of long castling: the teleport is that move, the b-rook goes to d1 and
    // White's rights are spent.
    let mut b = board();
    let Ok(Teleported::AsMove(m)) = b.teleport(sq("e1"), sq("c1")) else { panic!("not played as a move") };
    assert!(m.is_castle());
    assert_eq!(rights(&b), "gb");
    assert_eq!(
        b.position().to_fen_with(CastlingNotation::Shredder).split(' ').next(),
        Some("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1")
    );
    // Short castling would land the king on its own g-rook: a teleport cannot do that.
    let mut b = board();
    assert_eq!(b.teleport(sq("e1"), sq("g1")), Err(SkillError::FriendlyDestination(sq("g1"))));
    assert_eq!(rights(&b), "GBgb");
}

/// A board made from a Chess960 position is rebuilt from its configuration (`SkillBoard::new`) and
/// replayed from its log with the same castling rights: the start FEN keeps the rooks' files.
#[test]
fn the_board_is_rebuilt_and_replayed_with_its_castling_rights() {
    let mut b = board();
    assert_eq!(b.config().start_fen, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    let fresh = SkillBoard::new(b.config().clone()).unwrap();
    assert!(fresh.position().is_chess960());
    assert_eq!(rights(&fresh), "GBgb");
    assert_eq!(castles(&fresh), ["e1g1", "e1b1"]);
    // A rook teleport drops its right; the replay of the log drops the same one.
    b.teleport(sq("g1"), sq("g3")).unwrap();
    let replayed = SkillBoard::replay(b.config().clone(), b.log()).unwrap();
    assert_eq!(rights(&replayed), rights(&b));
    assert_eq!(rights(&replayed), "Bgb");
    assert!(replayed.position().is_chess960());
    // A standard board keeps its ordinary FEN.
    let standard = SkillBoard::from_position(Position::startpos(), SkillConfig::classic());
    assert_eq!(standard.config().start_fen, Position::startpos().to_fen());
}
