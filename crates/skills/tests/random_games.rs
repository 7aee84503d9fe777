//! Property tests over random games with skills: undo restores everything exactly, rejected actions
//! change nothing, the key stays exact, every listed action round-trips through its text, and the JSON
//! state and the log replay reproduce the board.

use gambit_rules::{Position, RuleSet, Square};
use gambit_skills::{Action, ClockMode, SkillBoard, SkillConfig};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;
use common::random_rules;

/// Everything undo must restore beyond `SkillBoard`'s own equality: FEN, key, history length, moves
/// played, state key.
type Fingerprint = (String, u64, usize, Vec<String>, u64);

fn fingerprint(b: &SkillBoard) -> Fingerprint {
    let p = b.position();
    (p.to_fen(), p.key(), p.history_len(), p.moves_played().map(|m| m.to_uci()).collect(), b.state_key())
}

fn check_invariants(b: &SkillBoard) {
    let p = b.position();
    assert_eq!(p.key(), p.compute_key(), "{}", p.to_fen());
    let frozen = b.frozen();
    assert_eq!(frozen.len(), b.frozen_squares().len());
    assert!(frozen.iter().all(|&(sq, t)| t > 0 && b.is_frozen(sq)));
    if p.rules().is_standard() {
        // The side that just acted never leaves its king attacked.
        if let Some(k) = p.king_square(!p.turn()) {
            assert!(!p.is_attacked(k, p.turn()), "{}", p.to_fen());
        }
    }
}

fn pick(rng: &mut ChaCha8Rng, actions: &[Action]) -> Action {
    let moves: Vec<Action> = actions.iter().copied().filter(|a| matches!(a, Action::Move(_))).collect();
    let teleports: Vec<Action> =
        actions.iter().copied().filter(|a| matches!(a, Action::Teleport { .. })).collect();
    let freezes: Vec<Action> = actions.iter().copied().filter(|a| matches!(a, Action::Freeze(_))).collect();
    let roll = rng.gen_range(0..100);
    let pool = if roll < 20 && !teleports.is_empty() {
        &teleports
    } else if roll < 35 && !freezes.is_empty() {
        &freezes
    } else if !moves.is_empty() {
        &moves
    } else if !teleports.is_empty() {
        &teleports
    } else {
        &freezes
    };
    pool[rng.gen_range(0..pool.len())]
}

fn random_config(rng: &mut ChaCha8Rng) -> SkillConfig {
    let mut c = SkillConfig::default();
    c.cooldown_ticks.teleport = rng.gen_range(0..8);
    c.cooldown_ticks.freeze = rng.gen_range(0..10);
    c.freeze_duration = rng.gen_range(0..5);
    c.clock = if rng.gen_bool(0.3) { ClockMode::Manual } else { ClockMode::Ply };
    c.skill_rules = random_rules(rng);
    c
}

fn play_game(seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let config = random_config(&mut rng);
    let mut b = if rng.gen_bool(0.15) {
        let pos = Position::from_fen_with(
            "********/*rnbqk**/*pppppp*/*6*/*6*/*PPPPPP*/*RNBQK**/******** w - - 0 1",
            RuleSet::SKIRMISH,
        )
        .unwrap();
        SkillBoard::from_position(pos, config)
    } else {
        SkillBoard::new(config).unwrap()
    };
    let start = b.clone();
    let mut history: Vec<(SkillBoard, Fingerprint)> = Vec::new();
    let plies = rng.gen_range(8..28);
    for _ in 0..plies {
        let actions = b.actions();
        if actions.is_empty() {
            assert!(b.is_game_over());
            break;
        }
        // A random teleport or freeze that may be invalid: if rejected, nothing changes.
        let (from, to) =
            (Square::new(rng.gen_range(0..64)).unwrap(), Square::new(rng.gen_range(0..64)).unwrap());
        let probe = if rng.gen_bool(0.5) { Action::Teleport { from, to } } else { Action::Freeze(from) };
        let before = (b.clone(), fingerprint(&b));
        let mut c = b.clone();
        if c.play_action(probe).is_err() {
            assert!(c == before.0 && fingerprint(&c) == before.1, "rejected {probe} changed the board");
        } else {
            assert!(actions.contains(&probe), "{probe} was played but not listed");
        }
        let action = pick(&mut rng, &actions);
        assert_eq!(b.parse_action(&action.to_string()).unwrap(), action);
        let turn = b.turn();
        history.push(before);
        b.play_action(action).unwrap_or_else(|e| panic!("listed {action} rejected: {e}"));
        assert_eq!(b.turn() != turn, action.ends_turn());
        check_invariants(&b);
        if b.config().clock == ClockMode::Manual && rng.gen_bool(0.3) {
            b.tick_cooldowns(rng.gen_range(1..4));
        }
        // Sometimes take the action back at once and play it again.
        if rng.gen_bool(0.2) {
            let (saved, print) = history.last().unwrap();
            assert_eq!(b.undo(), Some(action));
            assert!(b == *saved && fingerprint(&b) == *print, "undo of {action}");
            b.play_action(action).unwrap();
        }
    }
    // The JSON state and the log replay reproduce the board, undo history included.
    let json = b.to_json();
    let loaded = SkillBoard::from_json(&json).unwrap();
    assert!(loaded == b && fingerprint(&loaded) == fingerprint(&b));
    assert_eq!(loaded.undo_len(), b.undo_len());
    let replayed = SkillBoard::replay(b.config().clone(), b.log()).unwrap();
    assert!(replayed == b);
    // Undo everything, checking each intermediate state.
    while let Some((saved, print)) = history.pop() {
        assert!(b.undo().is_some());
        assert!(b == saved && fingerprint(&b) == print);
    }
    assert_eq!(b.undo(), None);
    assert!(b == start && fingerprint(&b) == fingerprint(&start));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn undo_is_exact_over_random_games_with_skills(seed in any::<u64>()) {
        play_game(seed);
    }
}
