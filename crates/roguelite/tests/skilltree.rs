//! The skill tree: its shape, and every node's effect seen in a run (one check per node, and one
//! test per kind of effect that plays it).

use std::collections::BTreeSet;

use gambit_roguelite::battle::{BoardShape, Objective};
use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, auto_decision};
use gambit_roguelite::encounter::{Encounter, EnemyPiece};
use gambit_roguelite::items::{Category, ItemCatalogue, ItemId};
use gambit_roguelite::run::ShopItem;
use gambit_roguelite::skilltree::{NodeEffect, SkillTree, TreeError, UnlockError};
use gambit_roguelite::{BattleAction, Decision, Progress, Run, RunConfig, RunPhase, Team};
use gambit_rules::{Role, Square};
use gambit_skills::Skill;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// The enemy king alone on c8 of an 8x8 board: any army wins at once.
fn lone_king() -> Encounter {
    Encounter {
        name: "lone_king".to_string(),
        stage: 1,
        board: BoardShape::square(8),
        enemy: vec![EnemyPiece { role: Role::King, square: sq("c8"), modifier: None, target: false }],
        objective: Objective::CaptureKing,
        bonus: None,
        move_budget: 10,
        enemy_skills: None,
        royal_kings: false,
        fallback: false,
        proof: None,
    }
}

/// The unlocks `node` needs, prerequisites first (without the node itself).
fn prerequisites(tree: &SkillTree, node: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut todo: Vec<String> = tree.node(node).unwrap().requires.clone();
    while let Some(id) = todo.pop() {
        if !out.contains(&id) {
            todo.extend(tree.node(&id).unwrap().requires.iter().cloned());
            out.push(id);
        }
    }
    out
}

/// A three-battle run on set formations with these unlocks, configured as a profile configures it.
fn config(seed: u64, unlocks: &[String]) -> RunConfig {
    let mut c = RunConfig::three_battles(seed);
    c.scripted = vec![lone_king()];
    SkillTree::standard().configure(&mut c, unlocks);
    c
}

/// Plays auto decisions until `stop` holds (or the run ends).
fn play_until(mut run: Run, stop: impl Fn(&Run) -> bool) -> Run {
    for _ in 0..400 {
        if stop(&run) || run.is_over() {
            return run;
        }
        let d = auto_decision(&run, AUTO_PLAYER_TUNING).unwrap();
        run.apply(d).unwrap();
    }
    panic!("the run did not reach the point");
}

fn in_shop(run: &Run) -> bool {
    matches!(run.phase(), RunPhase::Shop(_))
}

fn in_battle(run: &Run) -> bool {
    matches!(run.phase(), RunPhase::Battle)
}

/// What a run shows of its unlocks at the start, in its first battle and in its first shop.
#[derive(Debug, PartialEq, Eq)]
struct Seen {
    gold: u32,
    limits: Vec<u32>,
    teleport_cooldown: u32,
    freeze_cooldown: u32,
    freeze_duration: u32,
    offers: usize,
    pawns: u32,
    moves: u32,
    gold_after_win: u32,
    moves_left_at_win: u32,
    free_rerolls: u32,
    reroll_cost: u32,
    modifier_slots: usize,
    piece_prices: Vec<(Role, u32)>,
    locked: BTreeSet<ItemId>,
}

fn seen(unlocks: &[String]) -> Seen {
    let run = Run::new(config(3, unlocks));
    let RunPhase::StartOffer { offers } = run.phase().clone() else { panic!("no offer") };
    let roles = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];
    let battle = play_until(run.clone(), in_battle);
    let b = battle.battle().unwrap();
    let tuning = battle.perks().skills;
    let gold_before = battle.gold();
    let shop = play_until(battle.clone(), in_shop);
    let RunPhase::Shop(s) = shop.phase().clone() else { panic!("no shop") };
    Seen {
        gold: run.gold(),
        limits: roles.iter().map(|&r| run.limit(r)).collect(),
        teleport_cooldown: tuning.teleport_cooldown,
        freeze_cooldown: tuning.freeze_cooldown,
        freeze_duration: tuning.freeze_duration,
        offers: offers.len(),
        pawns: run.owned(Role::Pawn),
        moves: b.moves_left(),
        gold_after_win: shop.gold() - gold_before,
        moves_left_at_win: shop.stats().battles[0].reward.as_ref().expect("a won battle").moves_left,
        free_rerolls: s.free_rerolls,
        reroll_cost: s.reroll_cost,
        modifier_slots: s.slots.iter().filter(|x| matches!(x.item, ShopItem::Modifier { .. })).count(),
        piece_prices: s
            .slots
            .iter()
            .filter_map(|x| match x.item {
                ShopItem::Piece { role } => Some((role, x.price)),
                _ => None,
            })
            .collect(),
        locked: run.config().locked_items.iter().copied().collect(),
    }
}

#[test]
fn the_tree_has_31_real_nodes_in_four_groups() {
    let tree = SkillTree::standard();
    assert_eq!(tree.nodes.len(), 31);
    assert_eq!(tree.groups.len(), 4);
    let catalogue = ItemCatalogue::shipped();
    for g in &tree.groups {
        assert!(tree.nodes.iter().filter(|n| n.group == *g).count() >= 7, "{g:?}");
    }
    for n in &tree.nodes {
        assert!(n.effect != NodeEffect::default() || !n.items.is_empty(), "{} does nothing", n.id);
        for item in &n.items {
            assert!(catalogue.get(*item).is_some(), "{} names the unknown item {item}", n.id);
            let name = &catalogue.get(*item).unwrap().name;
            assert!(
                n.description.contains(name.as_str()),
                "{}: {:?} does not name {name}",
                n.id,
                n.description
            );
        }
        assert!(!n.description.contains('_'), "{}: the description shows an id", n.id);
    }
    // The tree widens every category of the pool, and leaves a base pool in each.
    let locked = tree.locked_items(&[]);
    for c in Category::ALL {
        let all = catalogue.of(c).count();
        let base = catalogue.of(c).filter(|i| !locked.contains(&i.id)).count();
        assert!(base >= 3 && base < all, "{c}: {base} of {all} without unlocks");
    }
    let every: Vec<String> = tree.nodes.iter().map(|n| n.id.clone()).collect();
    assert!(tree.locked_items(&every).is_empty());
}

#[test]
fn bad_trees_are_refused_with_the_node_named() {
    let text = include_str!("../data/skill_tree.json");
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["nodes"][1]["requires"] = serde_json::json!(["nowhere"]);
    assert!(matches!(
        SkillTree::from_json(&v.to_string()),
        Err(TreeError::UnknownPrerequisite { node, missing }) if node == "second_look" && missing == "nowhere"
    ));
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["nodes"][0]["requires"] = serde_json::json!(["second_look"]);
    assert!(matches!(SkillTree::from_json(&v.to_string()), Err(TreeError::Cycle(_))));
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    let first_items =
        v["nodes"].as_array().unwrap().iter().find(|n| n.get("items").is_some()).unwrap()["items"].clone();
    v["nodes"][0]["items"] = first_items;
    assert!(matches!(SkillTree::from_json(&v.to_string()), Err(TreeError::ItemTwice(_))));
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["nodes"][3]["cost"] = 0.into();
    assert!(matches!(SkillTree::from_json(&v.to_string()), Err(TreeError::Free(_))));
    assert!(matches!(SkillTree::from_json("{"), Err(TreeError::Json(_))));
}

#[test]
fn refusals_name_nodes_not_ids() {
    let tree = SkillTree::standard();
    let e = tree.check_unlock("glacier", 9999, &[]).unwrap_err();
    assert!(matches!(&e, UnlockError::MissingPrerequisite { node, .. } if node == "Glacier"));
    assert!(!e.to_string().contains('_'), "{e}");
    let e = tree.check_unlock("bishops_company", 9999, &[]).unwrap_err();
    assert_eq!(e.to_string(), "Bishop's company requires Deeper pockets");
}

/// Every node, unlocked after its prerequisites, changes exactly what its effect says in a new run:
/// starting gold and army, purchase limits, skill tuning, the start offer, the battle's moves, the
/// gold of a win, the shop's rerolls, modifier slots and piece prices, and the items offered.
#[test]
fn every_node_changes_new_runs_as_it_says() {
    let tree = SkillTree::standard();
    let catalogue = ItemCatalogue::shipped();
    for node in &tree.nodes {
        let before_ids = prerequisites(&tree, &node.id);
        let mut after_ids = before_ids.clone();
        after_ids.push(node.id.clone());
        let (before, after) = (seen(&before_ids), seen(&after_ids));
        let e = node.effect;
        let id = &node.id;
        assert_eq!(after.gold, before.gold + e.starting_gold, "{id}");
        let mut limits = before.limits.clone();
        limits[3] += e.bishop_slots;
        limits[4] += e.knight_slots;
        assert_eq!(after.limits, limits, "{id}");
        let shift = |base: u32, d: i32| (i64::from(base) + i64::from(d)).max(1) as u32;
        assert_eq!(after.teleport_cooldown, shift(before.teleport_cooldown, e.teleport_cooldown), "{id}");
        assert_eq!(after.freeze_cooldown, shift(before.freeze_cooldown, e.freeze_cooldown), "{id}");
        assert_eq!(after.freeze_duration, shift(before.freeze_duration, e.freeze_duration), "{id}");
        assert_eq!(after.offers, before.offers + e.start_offers as usize, "{id}");
        assert_eq!(after.pawns, before.pawns + e.starting_pawns, "{id}");
        assert_eq!(after.moves, before.moves + e.extra_moves, "{id}");
        // A win pays per move left too: an extra move left is worth its gold.
        let per_move = RunConfig::new(0).economy.gold.per_move_left;
        let moves_gold = per_move * (after.moves_left_at_win - before.moves_left_at_win);
        assert_eq!(after.gold_after_win, before.gold_after_win + e.victory_gold + moves_gold, "{id}");
        assert_eq!(after.moves_left_at_win, before.moves_left_at_win + e.extra_moves, "{id}");
        assert_eq!(after.free_rerolls, before.free_rerolls + e.free_rerolls, "{id}");
        assert_eq!(after.reroll_cost, before.reroll_cost - e.reroll_discount, "{id}");
        assert_eq!(after.modifier_slots, before.modifier_slots + e.modifier_slots as usize, "{id}");
        if e.piece_discount > 0 {
            for &(role, price) in &after.piece_prices {
                let list = RunConfig::new(0).economy.prices.piece(role);
                assert_eq!(price, list.saturating_sub(e.piece_discount).max(1), "{id}");
                assert!(price < list, "{id}");
            }
            assert!(!after.piece_prices.is_empty());
        }
        let opened: BTreeSet<ItemId> = before.locked.difference(&after.locked).copied().collect();
        assert_eq!(opened, node.items.iter().copied().collect(), "{id}");
        assert!(after.locked.is_subset(&before.locked), "{id}");
        for item in &node.items {
            assert!(catalogue.get(*item).is_some());
        }
    }
}

/// Every item of the pool: without its node no shop, elite or start offer has it (over many
/// shops); with the node unlocked some shop does (modifiers: or some start offer).
#[test]
fn locked_items_are_offered_only_once_their_node_is_unlocked() {
    let tree = SkillTree::standard();
    let catalogue = ItemCatalogue::shipped();
    let every: Vec<String> = tree.nodes.iter().map(|n| n.id.clone()).collect();
    let locked = tree.locked_items(&[]);
    let mut seen_locked: BTreeSet<ItemId> = BTreeSet::new();
    let mut seen_unlocked: BTreeSet<ItemId> = BTreeSet::new();
    for seed in 0..40 {
        for (unlocks, seen) in [(&Vec::new(), &mut seen_locked), (&every, &mut seen_unlocked)] {
            let mut run = Run::new(config(seed, unlocks));
            let RunPhase::StartOffer { offers } = run.phase().clone() else { panic!() };
            for m in offers {
                seen.insert(catalogue.modifier_item(m).unwrap().id);
            }
            run.apply(Decision::ChooseStart { modifier: run_offer(&run), recipient: 5 }).unwrap();
            run = play_until(run, in_shop);
            for _ in 0..3 {
                let RunPhase::Shop(s) = run.phase().clone() else { break };
                for slot in &s.slots {
                    match slot.item {
                        ShopItem::Badge { id } | ShopItem::Consumable { id } => {
                            seen.insert(id);
                        }
                        ShopItem::Modifier { modifier } => {
                            seen.insert(catalogue.modifier_item(modifier).unwrap().id);
                        }
                        ShopItem::Piece { .. } => {}
                    }
                }
                if run.apply(Decision::Reroll).is_err() {
                    break;
                }
            }
        }
    }
    for id in &locked {
        assert!(!seen_locked.contains(id), "{id} was offered without its node");
        assert!(seen_unlocked.contains(id), "{id} was never offered with its node");
    }
}

fn run_offer(run: &Run) -> gambit_roguelite::Modifier {
    let RunPhase::StartOffer { offers } = run.phase() else { panic!() };
    offers[0]
}

/// An elite's badge is drawn from the open pool: a route run without unlocks never drops a locked
/// badge (the drop is the same draw as a shop's, checked here on the open pool of a profile).
#[test]
fn a_profile_configures_its_runs_from_its_unlocks() {
    let tree = SkillTree::standard();
    let p = Progress { unlocked: vec!["deeper_pockets".into(), "lucky_coin".into()], ..Progress::default() };
    let c = p.new_run_config(5);
    assert_eq!(c.unlocks, p.unlocked);
    assert_eq!(c.locked_items, tree.locked_items(&p.unlocked));
    let ranked = p.ranked_run_config(5, gambit_roguelite::rank::Rank::MIN).unwrap();
    assert_eq!(ranked.locked_items, c.locked_items);
    // The daily run: base unlocks for everyone, so the base pool.
    let daily = gambit_roguelite::seed::Date::new(2026, 12, 1).unwrap().daily_config();
    assert_eq!(daily.locked_items, tree.locked_items(&[]));
    // A bare configuration (tests, simulate) keeps the whole catalogue.
    assert!(RunConfig::new(5).locked_items.is_empty());
}

/// The cooldown of `skill` right after the player's first cast of it in the first battle.
fn cooldown_after_cast(unlocks: &[String], skill: Skill) -> u32 {
    let run = play_until(Run::new(config(2, unlocks)), in_battle);
    let mut b = run.battle().unwrap().clone();
    let cast = b
        .legal_actions()
        .into_iter()
        .find(|a| match skill {
            Skill::Teleport => matches!(a, BattleAction::Teleport { .. }),
            Skill::Freeze => matches!(a, BattleAction::Freeze { .. }),
        })
        .expect("a cast");
    b.apply(cast).unwrap();
    b.cooldown(Team::Player, skill).unwrap()
}

/// Skill nodes reach the battle: a cast's cooldown is shorter by the nodes' ticks.
#[test]
fn skill_nodes_reach_the_battle() {
    let base: Vec<String> = vec!["deeper_pockets".into()];
    let with = |ids: &[&str]| -> Vec<String> {
        base.iter().cloned().chain(ids.iter().map(|s| s.to_string())).collect()
    };
    let t0 = cooldown_after_cast(&base, Skill::Teleport);
    assert_eq!(cooldown_after_cast(&with(&["quick_blink"]), Skill::Teleport) + 2, t0);
    let f0 = cooldown_after_cast(&base, Skill::Freeze);
    assert_eq!(cooldown_after_cast(&with(&["cold_snap"]), Skill::Freeze) + 3, f0);
}

/// Levy: the second pawn is deployed and fights.
#[test]
fn levy_brings_a_second_pawn_into_battle() {
    let tree = SkillTree::standard();
    let mut unlocks = prerequisites(&tree, "levy");
    unlocks.push("levy".into());
    let run = play_until(Run::new(config(4, &unlocks)), in_battle);
    assert_eq!(run.roster().len(), 7);
    let pawns = run
        .battle()
        .unwrap()
        .units()
        .iter()
        .filter(|u| u.team == Team::Player && u.role == Role::Pawn)
        .count();
    assert_eq!(pawns, 2);
}

/// How many runs the whole tree takes at the median run's EXP, written in docs/balance.md.
#[test]
fn the_tree_costs_what_the_docs_say() {
    let total = SkillTree::standard().total_cost();
    let docs = include_str!("../../../docs/balance.md");
    assert!(
        docs.contains(&format!("{total} EXP")),
        "docs/balance.md does not give the tree's total cost {total} EXP"
    );
}
