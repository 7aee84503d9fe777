//! The teleport generator built on the rules' checkers and pins agrees with the reference generator
//! (every pair validated with a board copy), action for action and in the same order, on random skill
//! positions: random games with random skills from several starts (checks, pins, kings next to
//! sliders, pawns near promotion, skirmish boards with blocked tiles), with random frozen squares.

use gambit_rules::{Color, Position, RuleSet, Square};
use gambit_skills::{Action, ClockMode, Skill, SkillBoard, SkillConfig};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;
use common::random_rules;

const STARTS: &[(&str, bool)] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", true),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", true),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", true),
    ("4r1k1/8/8/8/1b6/8/4N3/4K3 w - - 0 1", true),
    ("3k4/8/8/q7/8/2N5/3K4/8 w - - 0 1", true),
    ("k7/1P6/8/8/8/8/6p1/4K3 b - - 0 1", true),
    ("********/*rnbqk**/*pppppp*/*6*/*6*/*PPPPPP*/*RNBQK**/******** w - - 0 1", false),
];

fn board(rng: &mut ChaCha8Rng) -> SkillBoard {
    let (fen, standard) = STARTS[rng.gen_range(0..STARTS.len())];
    let rules = if standard { RuleSet::Standard } else { RuleSet::SKIRMISH };
    let position = Position::from_fen_with(fen, rules).unwrap();
    let mut config = SkillConfig::default();
    config.cooldown_ticks.teleport = rng.gen_range(0..4);
    config.cooldown_ticks.freeze = rng.gen_range(0..6);
    config.freeze_duration = rng.gen_range(0..4);
    config.clock = if rng.gen_bool(0.2) { ClockMode::Manual } else { ClockMode::Ply };
    config.skill_rules = random_rules(rng);
    let mut b = SkillBoard::from_position(position, config);
    for _ in 0..rng.gen_range(0..40) {
        let actions = b.actions();
        if actions.is_empty() {
            break;
        }
        b.play_action(actions[rng.gen_range(0..actions.len())]).unwrap();
    }
    // Frozen squares anywhere, and a ready Teleport most of the time.
    for _ in 0..rng.gen_range(0..4) {
        b.set_frozen_ticks(Square::new(rng.gen_range(0..64)).unwrap(), rng.gen_range(1..4));
    }
    if rng.gen_bool(0.8) {
        b.set_cooldown(b.turn(), Skill::Teleport, 0);
    }
    b
}

fn teleports(actions: &[Action]) -> usize {
    actions.iter().filter(|a| matches!(a, Action::Teleport { .. })).count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn fast_and_reference_generators_agree(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let b = board(&mut rng);
        let fast = b.actions();
        let reference = b.actions_reference();
        prop_assert_eq!(&fast, &reference, "{}", b.position().to_fen());
        // The per-node map agrees with single checks too.
        if b.can_cast(Skill::Teleport) {
            let targets = b.teleport_targets();
            prop_assert_eq!(targets.len(), teleports(&fast));
            let moves = b.legal_moves();
            let rules = b.teleport_rules(&moves);
            for from in Square::all() {
                for to in Square::all() {
                    prop_assert_eq!(rules.allows(from, to), targets.contains(from, to), "tp {}{}", from, to);
                }
            }
            for (from, to) in targets.iter() {
                prop_assert!(b.check_teleport(from, to).is_ok(), "tp {}{} {}", from, to, b.position().to_fen());
                prop_assert_eq!(targets.as_move(from).contains(to), b.legal_moves().iter().any(|m| m.from == from && m.to == to));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// The search's path: the unchecked play reaches the checked play's state (log aside), returns the
    /// same `Played`, and `undo` restores everything, key and move history included.
    #[test]
    fn unchecked_play_matches_checked_play_and_undoes_exactly(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut b = board(&mut rng);
        let before = (b.clone(), b.position().key(), b.position().history_len(), b.state_key(), b.undo_len());
        let actions = b.actions();
        for _ in 0..actions.len().min(12) {
            let a = actions[rng.gen_range(0..actions.len())];
            let mut checked = b.clone();
            let expected = checked.play_action(a).unwrap();
            let played = b.play_action_unchecked(a);
            prop_assert_eq!(played, expected, "{}", a);
            prop_assert_eq!(b.position(), checked.position());
            prop_assert_eq!(b.state_key(), checked.state_key());
            prop_assert_eq!((b.cooldowns(), b.frozen()), (checked.cooldowns(), checked.frozen()));
            prop_assert_eq!(b.log().len(), before.0.log().len(), "no log entry");
            prop_assert_eq!(b.undo(), Some(a));
            prop_assert_eq!(&b, &before.0);
            prop_assert_eq!(
                (b.position().key(), b.position().history_len(), b.state_key(), b.undo_len()),
                (before.1, before.2, before.3, before.4)
            );
        }
    }
}

#[test]
fn the_generators_meet_checks_pins_and_kings() {
    // A pinned knight may only teleport along its pin line (or capture the pinner); in check only
    // evasions count; the king avoids attacked squares with itself lifted.
    for fen in [
        "4r1k1/8/8/8/1b6/8/4N3/4K3 w - - 0 1",
        "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1",
        "3k4/8/8/q7/8/2N5/3K4/8 w - - 0 1",
    ] {
        let b = SkillBoard::from_position(Position::from_fen(fen).unwrap(), SkillConfig::classic());
        assert_eq!(b.actions(), b.actions_reference(), "{fen}");
        assert!(teleports(&b.actions()) > 0, "{fen}");
    }
    let b = SkillBoard::from_position(
        Position::from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1").unwrap(),
        SkillConfig::classic(),
    );
    let knight: Square = "e2".parse().unwrap();
    let line: Vec<String> = b.teleport_targets().from(knight).iter().map(|s| s.to_string()).collect();
    assert_eq!(line, ["e3", "e4", "e5", "e6", "e7", "e8"]);
    let _ = Color::White;
}
