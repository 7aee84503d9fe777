//! `Position::relocation_exposes_king`: the attack test behind the skills crate's teleport.

use gambit_rules::{Position, RuleSet, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn relocation_exposes_king_matches_an_edited_copy() {
    // White: Ke1, Rd1; Black: Ke8, Ra2 (covers the second rank), Bb4 (gives check on the e1-a5 diagonal).
    let pos = Position::from_fen("4k3/8/8/8/1b6/8/r7/3RK3 w - - 0 1").unwrap();
    // Bb4 gives check along b4-e1; moving the rook d1 away keeps the check.
    assert!(pos.relocation_exposes_king(sq("d1"), sq("h5")));
    // Blocking on d2 (or c3) ends the check.
    assert!(!pos.relocation_exposes_king(sq("d1"), sq("d2")));
    // Capturing the checker by relocation ends it.
    assert!(!pos.relocation_exposes_king(sq("d1"), sq("b4")));
    // The king itself: e2 is attacked by the a2 rook, f1 is safe.
    assert!(pos.relocation_exposes_king(sq("e1"), sq("e2")));
    assert!(!pos.relocation_exposes_king(sq("e1"), sq("f1")));
    // The king next to the enemy king is attacked by it.
    assert!(pos.relocation_exposes_king(sq("e1"), sq("d7")));
    // Empty source: false; the position is untouched.
    assert!(!pos.relocation_exposes_king(sq("h8"), sq("h7")));
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(pos.to_fen(), "4k3/8/8/8/1b6/8/r7/3RK3 w - - 0 1");
}

#[test]
fn relocation_checks_every_skirmish_king() {
    // Two white kings on a1 and c1 behind a knight on d1; a black rook on h1.
    let pos = Position::from_fen_with("8/8/8/8/8/8/8/K1KN3r w - - 0 1", RuleSet::SKIRMISH).unwrap();
    assert!(pos.relocation_exposes_king(sq("d1"), sq("d5"))); // c1 exposed
    assert!(pos.relocation_exposes_king(sq("c1"), sq("e1"))); // the king steps into the rook's line
    assert!(!pos.relocation_exposes_king(sq("a1"), sq("a5"))); // the other king stays shielded
}
