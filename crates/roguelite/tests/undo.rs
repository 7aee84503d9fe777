//! The search's play/undo in place (`BattleGame`, issue 13): on random battles of every template,
//! with random badges on both teams, random modifiers and a full pack, every action played and taken
//! back leaves a battle equal to the one before, a played action gives the same battle as the
//! validated `Battle::apply`, and a whole line taken back returns to its start. The bot chooses the
//! same actions, with the same node counts and depths, as with the former copy per node.

use gambit_roguelite::bot::{BattleGame, StageTuning, choose_action_in};
use gambit_roguelite::encounter::{default_deployment, generate, templates};
use gambit_roguelite::items::{Category, ItemCatalogue};
use gambit_roguelite::{Battle, BattleAction, BattleStatus, Modifier, Run, RunConfig, Team};
use gambit_search::{Game, Preset};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A battle of template `template` (index into the shipped templates, wrapped) varied by `seed`,
/// with 0-3 random badges per team, random modifiers on about a third of the pieces, three random
/// consumables in the player's pack and, on every other seed, enemy skills.
fn random_battle(template: usize, seed: u64) -> Battle {
    let list = templates();
    let t = &list[template % list.len()];
    let army = Run::new(RunConfig::new(seed)).roster().to_vec();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let e = generate(t, &mut rng, &army).encounter;
    let deployment = default_deployment(&e.board, &army).expect("the starting army deploys");
    let mut setup = e.setup(&army, &deployment, Default::default());
    let items = ItemCatalogue::shipped();
    let badges: Vec<_> = items.of(Category::Badge).map(|i| i.effect).collect();
    let consumables: Vec<_> = items.of(Category::Consumable).map(|i| i.effect).collect();
    for _ in 0..rng.gen_range(0..=3) {
        setup.player_badges.push(*badges.choose(&mut rng).unwrap());
    }
    for _ in 0..rng.gen_range(0..=3) {
        setup.enemy_badges.push(*badges.choose(&mut rng).unwrap());
    }
    for _ in 0..3 {
        setup.consumables.push(*consumables.choose(&mut rng).unwrap());
    }
    for u in &mut setup.units {
        if rng.gen_bool(0.35) {
            u.modifier = Some(*Modifier::ALL.choose(&mut rng).unwrap());
        }
    }
    if seed.is_multiple_of(2) && setup.enemy_skills.is_none() {
        setup.enemy_skills = Some(setup.player_skills);
    }
    let mut b = Battle::new(&setup).expect("a valid setup");
    b.set_quiet(true);
    b
}

/// The actions tried at a state: every legal action (consumable uses included) and the bot's.
fn actions(b: &Battle) -> Vec<BattleAction> {
    let mut all = b.legal_actions();
    for a in b.bot_actions() {
        if !all.contains(&a) {
            all.push(a);
        }
    }
    all
}

/// Walks `plies` random actions from a random battle; at each state, every action played and taken
/// back (and, for up to four of them, one reply below it) restores the state, and a played action
/// equals `apply`. Returns how many play/undo pairs were checked.
fn walk(template: usize, seed: u64, walk_seed: u64, plies: usize) -> usize {
    let start = random_battle(template, seed);
    let mut game = BattleGame::new(&start);
    let mut reference = start.clone();
    let mut line = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(walk_seed);
    let mut checked = 0;
    for _ in 0..plies {
        if reference.status() != BattleStatus::Ongoing {
            break;
        }
        let here = game.battle().clone();
        assert_eq!(here, reference);
        for (i, &a) in actions(&here).iter().enumerate() {
            let mut applied = here.clone();
            applied.apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
            game.play(a);
            assert_eq!(game.battle(), &applied, "play {a} differs from apply");
            if i < 4
                && applied.status() == BattleStatus::Ongoing
                && let Some(&reply) = actions(&applied).choose(&mut rng)
            {
                game.play(reply);
                game.undo(reply);
                assert_eq!(game.battle(), &applied, "undo of {reply} after {a}");
                checked += 1;
            }
            game.undo(a);
            assert_eq!(game.battle(), &here, "undo of {a}");
            checked += 1;
        }
        let a = *actions(&here).choose(&mut rng).expect("an ongoing battle has an action");
        reference.apply(a).unwrap();
        game.play(a);
        line.push(a);
    }
    for &a in line.iter().rev() {
        game.undo(a);
    }
    assert_eq!(game.battle(), &start, "the whole line taken back");
    checked
}

#[test]
fn play_then_undo_restores_every_template_with_items() {
    let mut checked = 0;
    for template in 0..templates().len() {
        for seed in [1, 2] {
            checked += walk(template, seed, seed * 31 + template as u64, 30);
        }
    }
    // The test cannot pass vacuously.
    assert!(checked > 2_000, "only {checked} play/undo pairs checked");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn play_then_undo_restores_random_battles(template in 0usize..64, seed in 1u64..10_000, walk_seed: u64) {
        prop_assert!(walk(template, seed, walk_seed, 16) > 0);
    }
}

/// One battle played out by the bot on both sides (the player at the auto-player's tuning) with the
/// game in place and with the copy per node: same action, nodes and depth at every decision.
fn same_choices(template: usize, seed: u64, enemy: StageTuning) -> usize {
    let player = gambit_roguelite::bot::AUTO_PLAYER_TUNING;
    let mut b = random_battle(template, seed);
    let mut decisions = 0;
    while b.status() == BattleStatus::Ongoing && decisions < 40 {
        let tuning = if b.to_move() == Team::Player { player } else { enemy };
        let s = seed ^ u64::from(b.ply()) << 16;
        let mut in_place = BattleGame::new(&b);
        let mut cloning = BattleGame::new(&b).cloning_per_node();
        let x = choose_action_in(&mut in_place, tuning, s);
        let y = choose_action_in(&mut cloning, tuning, s);
        assert_eq!(x, y, "template {template} seed {seed} ply {}", b.ply());
        assert_eq!(in_place.battle(), &b, "the search leaves the game where it started");
        let Some(a) = x.action else { break };
        b.apply(a).unwrap();
        decisions += 1;
    }
    decisions
}

#[test]
fn the_bot_chooses_the_same_actions_as_with_a_copy_per_node() {
    let mut decisions = 0;
    for template in 0..templates().len() {
        for (seed, preset) in [(3, Preset::Beginner), (4, Preset::Casual)] {
            decisions += same_choices(template, seed, StageTuning::from(preset));
        }
    }
    assert!(decisions > 100, "only {decisions} decisions compared");
}
