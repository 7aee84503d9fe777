//! The enemy bot's king safety. The game's enemy (`choose_action`) can leave its objective king where
//! the player takes it with one move while a safe action exists; the guarded bot
//! (`choose_action_guarded`) may blunder material but never that (docs/balance.md, "The enemy's
//! king safety").

mod common;

use common::{king_attacked, player_wins_in_one, sq};
use gambit_roguelite::battle::{Battle, BattleAction, BattleSetup, Objective};
use gambit_roguelite::bot::{StageTuning, choose_action, choose_action_guarded};
use gambit_search::Preset;

/// The enemy's actions after which the player cannot win with one action.
fn safe_actions(b: &Battle) -> Vec<BattleAction> {
    b.legal_actions()
        .into_iter()
        .filter(|&a| {
            let mut after = b.clone();
            after.apply(a).is_ok() && !player_wins_in_one(&after)
        })
        .collect()
}

#[test]
fn the_position_has_safe_and_losing_actions() {
    let b = king_attacked();
    let safe = safe_actions(&b);
    assert!(!safe.is_empty());
    assert!(safe.len() < b.legal_actions().len(), "some enemy actions leave the king en prise");
    // Passing is not an option that saves it either: the rook takes on e8.
    let mut passed = b.clone();
    let pawn = passed.unit_at(sq("a7")).unwrap().id;
    passed.apply(BattleAction::Move { id: pawn, to: sq("a6") }).unwrap();
    assert!(player_wins_in_one(&passed));
}

#[test]
fn the_games_beginner_enemy_can_leave_its_attacked_king_en_prise() {
    // The beam of ten holds the ten pawn pushes (a king's step is ordered last): every searched
    // action loses, and the Beginner enemy plays one of them.
    let b = king_attacked();
    let safe = safe_actions(&b);
    let lost = (0..40)
        .filter(|&seed| {
            let action = choose_action(&b, StageTuning::from(Preset::Beginner), seed).action.unwrap();
            !safe.contains(&action)
        })
        .count();
    assert!(lost > 0, "the unguarded Beginner enemy kept its king safe on all 40 seeds");
}

#[test]
fn the_guarded_enemy_keeps_its_attacked_king_safe_at_every_preset() {
    let b = king_attacked();
    let safe = safe_actions(&b);
    for preset in [Preset::Beginner, Preset::Casual] {
        for seed in 0..40 {
            let action = choose_action_guarded(&b, StageTuning::from(preset), seed).action.unwrap();
            assert!(
                safe.contains(&action),
                "{preset} (seed {seed}) played {action}, after which the player takes the king"
            );
        }
    }
}

#[test]
fn the_guarded_enemy_does_not_step_into_a_capture_of_its_king() {
    // The enemy king on e8 is safe now, but the player's rook on d1 holds the open d-file: Kd8 or
    // Kd7 would walk into it. Every other action is safe.
    let setup = BattleSetup::from_fen("1n2k1n1/ppp3pp/8/8/8/8/8/3R3K", Objective::CaptureKing, 30).unwrap();
    let mut b = Battle::new(&setup).unwrap();
    let king = b.unit_at(sq("h1")).unwrap().id;
    b.apply(BattleAction::Move { id: king, to: sq("g1") }).unwrap();
    let safe = safe_actions(&b);
    for seed in 0..40 {
        let action = choose_action_guarded(&b, StageTuning::from(Preset::Beginner), seed).action.unwrap();
        assert!(safe.contains(&action), "seed {seed}: {action} leaves the king en prise");
    }
}
