//! Fixtures shared by the enemy's tests (`bot.rs`, `thinking.rs`).
#![allow(dead_code)]

use gambit_roguelite::battle::{Battle, BattleAction, BattleSetup, BattleStatus, Objective, Team};
use gambit_rules::Square;

pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Whether the player, to move, wins the battle with one action.
pub fn player_wins_in_one(b: &Battle) -> bool {
    b.to_move() == Team::Player
        && b.legal_actions().into_iter().any(|a| {
            let mut after = b.clone();
            after.apply(a).is_ok() && matches!(after.status(), BattleStatus::Victory { .. })
        })
}

/// The enemy to move with its king attacked along the e-file by a rook that just arrived on e1, and
/// fifteen other quiet moves (ten pawn pushes, five knight moves) that ignore the attack: the king's
/// steps (d8, d7, f8, f7) and the knight's block on e7 are the only safe actions.
pub fn king_attacked() -> Battle {
    let setup = BattleSetup::from_fen("1n2k1n1/ppp3pp/8/8/8/8/8/3R3K", Objective::CaptureKing, 30).unwrap();
    let mut b = Battle::new(&setup).unwrap();
    let rook = b.unit_at(sq("d1")).unwrap().id;
    b.apply(BattleAction::Move { id: rook, to: sq("e1") }).unwrap();
    assert_eq!(b.to_move(), Team::Enemy);
    b
}
