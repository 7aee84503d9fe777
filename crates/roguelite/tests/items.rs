//! Items: the shipped catalogue is valid and bad files are refused with the file and the field; a
//! small battle per item shows its effect at its step of the resolution order (`docs/battle.md`).

use gambit_roguelite::battle::{
    ActionError, Battle, BattleAction, BattleEvent, BattleSetup, BattleStatus, Modifier, Objective, Team,
};
use gambit_roguelite::economy::VictoryReward;
use gambit_roguelite::items::{Category, DEFAULT_ITEMS_JSON, Effect, ItemCatalogue, ResolutionStep};
use gambit_roguelite::tuning::Tuning;
use gambit_rules::{Role, Square};
use gambit_skills::Skill;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The shipped item's effect (so the test exercises the data's parameters).
fn effect(id: &str) -> Effect {
    ItemCatalogue::shipped().find(id).unwrap_or_else(|| panic!("no item {id}")).effect
}

fn setup(fen: &str) -> BattleSetup {
    BattleSetup::from_fen(fen, Objective::CaptureKing, 20).unwrap()
}

fn badge(fen: &str, id: &str) -> Battle {
    Battle::new(&setup(fen).with_badge(Team::Player, effect(id))).unwrap()
}

fn plain(fen: &str) -> Battle {
    Battle::new(&setup(fen)).unwrap()
}

fn at(b: &Battle, square: &str) -> u16 {
    b.unit_at(sq(square)).unwrap_or_else(|| panic!("no piece on {square}")).id
}

fn mv(b: &mut Battle, from: &str, to: &str) -> Vec<BattleEvent> {
    let id = at(b, from);
    b.apply(BattleAction::Move { id, to: sq(to) }).unwrap_or_else(|e| panic!("{from}{to}: {e}"))
}

fn tp(b: &mut Battle, from: &str, to: &str) -> Vec<BattleEvent> {
    let id = at(b, from);
    b.apply(BattleAction::Teleport { id, to: sq(to) }).unwrap_or_else(|e| panic!("tp {from}{to}: {e}"))
}

fn fz(b: &mut Battle, square: &str) -> Vec<BattleEvent> {
    b.apply(BattleAction::Freeze { square: sq(square) }).unwrap_or_else(|e| panic!("fz {square}: {e}"))
}

fn use_item(b: &mut Battle, slot: u8, target: Option<&str>) -> Vec<BattleEvent> {
    b.apply(BattleAction::Use { slot, target: target.map(sq) }).unwrap_or_else(|e| panic!("use {slot}: {e}"))
}

fn kinds(events: &[BattleEvent]) -> Vec<&'static str> {
    events.iter().map(BattleEvent::kind).collect()
}

fn hp(b: &Battle, square: &str) -> (u8, u8) {
    let u = b.unit_at(sq(square)).unwrap();
    (u.hp, u.max_hp)
}

// ----- the catalogue -----

#[test]
fn the_shipped_catalogue_has_what_the_issue_asks_and_round_trips() {
    let c = ItemCatalogue::shipped();
    assert!(c.of(Category::Badge).count() >= 20);
    let living = Modifier::ALL.iter().filter(|m| m.is_living()).count();
    assert!(living >= 6);
    assert!(c.of(Category::Consumable).count() >= 5);
    // Several badges touch the skills.
    let skill_badges = c
        .of(Category::Badge)
        .filter(|i| {
            matches!(
                i.effect,
                Effect::SkillCooldown { .. }
                    | Effect::FreezeLonger { .. }
                    | Effect::FreezeDamage { .. }
                    | Effect::FrozenCaptureRefund { .. }
                    | Effect::ReadyOnFirstCapture { .. }
                    | Effect::ReadyOnLoss { .. }
                    | Effect::SwiftAfterTeleport
                    | Effect::FreeTeleports { .. }
            )
        })
        .count();
    assert!(skill_badges >= 5, "{skill_badges}");
    assert_eq!(ItemCatalogue::from_json(&c.to_json(), "round trip").as_ref(), Ok(c));
    // Every modifier's name and text come from its item; no id is what players read.
    for m in Modifier::ALL {
        let item = c.modifier_item(m).unwrap();
        assert_eq!(m.title(), item.name);
        assert_eq!(m.description(), item.text);
        assert_ne!(item.name, item.id.as_str());
    }
    for i in &c.items {
        assert_eq!(i.step, i.effect.step());
        assert!(i.name.chars().next().unwrap().is_uppercase(), "{}", i.name);
    }
}

fn items_error(edit: impl FnOnce(&mut serde_json::Value)) -> (String, String) {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_ITEMS_JSON).unwrap();
    edit(&mut v);
    let e = ItemCatalogue::from_json(&v.to_string(), "my-items.json").unwrap_err();
    assert_eq!(e.file, "my-items.json");
    assert!(e.to_string().starts_with("my-items.json: "), "{e}");
    (e.field, e.message)
}

#[test]
fn bad_item_files_name_the_file_and_the_field() {
    let e = ItemCatalogue::from_json("{not json", "x.json").unwrap_err();
    assert_eq!(e.field, "");
    let (field, message) = items_error(|v| v["items"][2]["effect"]["kind"] = "teleport_everything".into());
    assert!(field.starts_with("items[2].effect"), "{field}");
    assert!(message.contains("unknown variant `teleport_everything`"), "{message}");
    let (field, message) = items_error(|v| v["items"][0]["effect"]["hp"] = 12.into());
    assert_eq!((field.as_str(), message.as_str()), ("items[0].effect.hp", "must be 3 to 4, found 12"));
    // (An effect is read as a whole: the path stops at the effect, the message names the value.)
    let (field, message) = items_error(|v| v["items"][0]["effect"]["role"] = "dragon".into());
    assert!(field.starts_with("items[0].effect"), "{field}");
    assert!(message.contains("dragon"), "{message}");
    let (field, message) = items_error(|v| v["items"][1]["id"] = "Iron Stables!".into());
    assert_eq!(field, "items[1].id");
    assert!(message.contains("is not an item id"), "{message}");
    let (field, message) = items_error(|v| v["items"][1]["id"] = "iron_stables".into());
    assert_eq!(field, "items[1].id");
    assert!(message.contains("used twice"), "{message}");
    let (field, _) = items_error(|v| v["items"][3]["price"] = 0.into());
    assert_eq!(field, "items[3].price");
    let (field, _) = items_error(|v| v["items"][3]["price"] = (-5).into());
    assert_eq!(field, "items[3].price");
    let (field, message) = items_error(|v| v["items"][3]["step"] = "switch".into());
    assert_eq!(field, "items[3].step");
    assert!(message.contains("applies at step start"), "{message}");
    let (field, _) = items_error(|v| v["items"][3]["step"] = "step_nine".into());
    assert_eq!(field, "items[3].step");
    let (field, _) = items_error(|v| v["items"][3]["category"] = "consumable".into());
    assert_eq!(field, "items[3].category");
    let (field, _) = items_error(|v| v["items"][3]["rarity"] = "legendary".into());
    assert_eq!(field, "items[3].rarity");
    let (field, _) = items_error(|v| v["items"][3]["name"] = "".into());
    assert_eq!(field, "items[3].name");
    let (field, message) = items_error(|v| v["items"][3]["colour"] = "red".into());
    assert_eq!(field, "items[3].colour");
    assert!(message.contains("unknown field"), "{message}");
    let (field, _) = items_error(|v| v["rarity_weights"]["rare"] = 0.into());
    assert_eq!(field, "rarity_weights.rare");
    let (field, message) = items_error(|v| {
        let items = v["items"].as_array_mut().unwrap();
        items.retain(|i| i["id"] != "sentinel");
    });
    assert_eq!(field, "items");
    assert!(message.contains("sentinel"), "{message}");
}

#[test]
fn a_setup_refuses_effects_of_the_wrong_category_and_an_overfull_pack() {
    let s = setup("4k3/8/8/8/8/8/8/R3K3").with_badge(Team::Player, effect("haste"));
    assert!(Battle::new(&s).is_err());
    let mut s = setup("4k3/8/8/8/8/8/8/R3K3");
    for _ in 0..4 {
        s = s.with_consumable(effect("rations"));
    }
    assert!(Battle::new(&s).is_err());
}

/// Every item has a test here (or, for the four modifiers of Schach/2, in `tests/battle.rs`).
#[test]
fn every_item_is_tested() {
    let tested = [
        "iron_stables",
        "militia",
        "reserves",
        "quick_step",
        "cold_snap",
        "deep_freeze",
        "royal_frost",
        "frostbite",
        "shatter",
        "first_blood",
        "vengeance",
        "swift_recall",
        "cavalry",
        "antidote",
        "plague_bearers",
        "knightly_rally",
        "early_promotion",
        "queen_maker",
        "field_medic",
        "war_chest",
        "bounty",
        "phase_step",
        "stonewall",
        "poisonous",
        "bulwark",
        "rallying",
        "swift",
        "armored",
        "vampiric",
        "sentinel",
        "spiked",
        "warded",
        "inspiring",
        "regenerating",
        "haste",
        "retreat",
        "hourglass",
        "elixir",
        "firebomb",
        "rations",
        "call_to_arms",
    ];
    for item in &ItemCatalogue::shipped().items {
        assert!(tested.contains(&item.id.as_str()), "{} has no test", item.id);
    }
}

// ----- badges -----

#[test]
fn iron_stables_and_militia_raise_start_hp() {
    let fen = "4k3/8/8/8/8/8/P7/1N2K3";
    let b = badge(fen, "iron_stables");
    assert_eq!(hp(&b, "b1"), (3, 3));
    assert_eq!(hp(&b, "a2"), (2, 2));
    assert_eq!(hp(&b, "e1"), (2, 2));
    assert_eq!(hp(&plain(fen), "b1"), (2, 2));
    let b = badge(fen, "militia");
    assert_eq!((hp(&b, "a2"), hp(&b, "b1")), ((3, 3), (2, 2)));
    // The enemy's pieces are not the player's: a badge serves its own team.
    assert_eq!(hp(&badge("4k3/p7/8/8/8/8/8/4K3", "militia"), "a7"), (2, 2));
}

#[test]
fn reserves_adds_moves_to_the_budget() {
    let b = badge("4k3/8/8/8/8/8/8/R3K3", "reserves");
    assert_eq!(b.move_budget(), 23);
    assert_eq!(plain("4k3/8/8/8/8/8/8/R3K3").move_budget(), 20);
}

#[test]
fn quick_step_and_cold_snap_shorten_cooldowns() {
    let fen = "4k3/8/8/8/8/8/8/R3K3";
    let mut b = badge(fen, "quick_step");
    tp(&mut b, "a1", "a5");
    // 6 - 2 = 4 ticks, minus the tick of the switch.
    assert_eq!(b.cooldown(Team::Player, Skill::Teleport), Some(3));
    let mut p = plain(fen);
    tp(&mut p, "a1", "a5");
    assert_eq!(p.cooldown(Team::Player, Skill::Teleport), Some(5));
    let mut b = badge(fen, "cold_snap");
    fz(&mut b, "d8");
    assert_eq!(b.cooldown(Team::Player, Skill::Freeze), Some(6));
}

#[test]
fn deep_freeze_and_royal_frost_lengthen_freezes() {
    let fen = "r3k3/8/8/8/8/8/8/R3K3";
    let mut b = badge(fen, "deep_freeze");
    let ev = fz(&mut b, "a8");
    assert_eq!(b.skills().frozen_ticks(sq("a8")), Some(5));
    assert!(matches!(ev[0], BattleEvent::Frozen { ticks: 5, .. }));
    // A Freeze cannot hold a king (docs/battle.md, Skills): Royal Frost lengthens a Freeze on a
    // king only in battles played before that rule (`skills_reach_objectives`).
    let mut b = badge(fen, "royal_frost");
    assert_eq!(
        b.apply(BattleAction::Freeze { square: sq("e8") }),
        Err(gambit_roguelite::battle::ActionError::FreezeOnObjective(sq("e8")))
    );
    let mut old = setup(fen).with_badge(Team::Player, effect("royal_frost"));
    old.skills_reach_objectives = true;
    let mut b = Battle::new(&old).unwrap();
    fz(&mut b, "e8");
    assert_eq!(b.skills().frozen_ticks(sq("e8")), Some(7));
    let mut b = badge(fen, "royal_frost");
    fz(&mut b, "a8");
    assert_eq!(b.skills().frozen_ticks(sq("a8")), Some(3), "not a king: the default");
}

#[test]
fn frostbite_hurts_the_frozen_enemy_and_can_kill() {
    let fen = "r3k3/8/8/8/8/8/8/R3K3";
    let mut b = badge(fen, "frostbite");
    let ev = fz(&mut b, "a8");
    assert_eq!(kinds(&ev), ["frozen", "damaged"]);
    assert_eq!(hp(&b, "a8").0, 1);
    // A frozen own piece is not hurt.
    let mut b = badge(fen, "frostbite");
    fz(&mut b, "a1");
    assert_eq!(hp(&b, "a1").0, 2);
    // A wounded objective frozen to death wins at once (the objective is checked after the freeze),
    // in a battle played before a Freeze could no longer hold a king (`skills_reach_objectives`).
    let mut s = BattleSetup::from_fen("4k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 20)
        .unwrap()
        .with_badge(Team::Player, effect("frostbite"))
        .with_badge(Team::Player, Effect::FreezeDamage { damage: 1 });
    s.skills_reach_objectives = true;
    let mut b = Battle::new(&s).unwrap();
    let ev = fz(&mut b, "e8");
    assert!(kinds(&ev).contains(&"destroyed"), "{ev:?}");
    assert!(matches!(b.status(), BattleStatus::Victory { .. }));
}

#[test]
fn shatter_gives_back_the_move_of_a_frozen_capture() {
    let fen = "4k3/8/8/p7/8/8/8/R3K3";
    let mut b = badge(fen, "shatter");
    fz(&mut b, "a5");
    let ev = mv(&mut b, "a1", "a5");
    assert!(kinds(&ev).contains(&"moves_given"));
    assert_eq!(b.moves_used(), 0);
    let mut p = plain(fen);
    fz(&mut p, "a5");
    mv(&mut p, "a1", "a5");
    assert_eq!(p.moves_used(), 1);
}

#[test]
fn first_blood_readies_teleport_after_the_first_capture_only() {
    let mut b = badge("4k3/7p/8/p7/8/8/8/R3K2R", "first_blood");
    tp(&mut b, "h1", "h4");
    mv(&mut b, "e8", "d8");
    assert!(b.cooldown(Team::Player, Skill::Teleport).unwrap() > 0);
    let ev = mv(&mut b, "a1", "a5");
    assert!(
        matches!(ev[2], BattleEvent::SkillReady { team: Team::Player, skill: Skill::Teleport }),
        "{ev:?}"
    );
    // Ready at the capture, one tick later still 0.
    assert_eq!(b.cooldown(Team::Player, Skill::Teleport), Some(0));
    mv(&mut b, "d8", "e8");
    tp(&mut b, "a5", "a4");
    mv(&mut b, "e8", "d8");
    let ev = mv(&mut b, "h4", "h7");
    assert!(!kinds(&ev).contains(&"skill_ready"), "only the first capture");
    assert!(b.cooldown(Team::Player, Skill::Teleport).unwrap() > 0);
}

#[test]
fn vengeance_readies_freeze_when_a_piece_is_captured() {
    let fen = "r3k3/8/8/8/8/8/8/N3K3";
    let play = |mut b: Battle| {
        fz(&mut b, "h8");
        assert_eq!(b.cooldown(Team::Player, Skill::Freeze), Some(9));
        mv(&mut b, "a1", "b3");
        mv(&mut b, "a8", "b8");
        mv(&mut b, "e1", "e2");
        let ev = mv(&mut b, "b8", "b3");
        (b, ev)
    };
    let (b, ev) = play(badge(fen, "vengeance"));
    assert!(kinds(&ev).contains(&"skill_ready"), "{ev:?}");
    assert_eq!(b.cooldown(Team::Player, Skill::Freeze), Some(0));
    let (p, _) = play(plain(fen));
    assert!(p.cooldown(Team::Player, Skill::Freeze).unwrap() > 0);
}

#[test]
fn swift_recall_offers_a_reposition_after_a_teleport() {
    let fen = "4k3/8/8/8/8/8/8/R3K3";
    let s = setup(fen).with_modifier("a1", Modifier::Swift);
    let mut b = Battle::new(&s.clone().with_badge(Team::Player, effect("swift_recall"))).unwrap();
    let ev = tp(&mut b, "a1", "c4");
    assert_eq!(kinds(&ev).last(), Some(&"reposition_offered"));
    assert_eq!(b.to_move(), Team::Player);
    b.apply(BattleAction::Reposition { id: at(&b, "c4"), to: sq("c2") }).unwrap();
    assert_eq!(b.to_move(), Team::Enemy);
    let mut p = Battle::new(&s).unwrap();
    tp(&mut p, "a1", "c4");
    assert_eq!(p.to_move(), Team::Enemy, "without the badge a teleport never offers one");
}

#[test]
fn cavalry_lets_knights_reposition_after_capturing() {
    let fen = "4k3/8/8/8/8/1p6/8/N3K3";
    let mut b = badge(fen, "cavalry");
    let ev = mv(&mut b, "a1", "b3");
    assert_eq!(kinds(&ev).last(), Some(&"reposition_offered"));
    let mut p = plain(fen);
    mv(&mut p, "a1", "b3");
    assert_eq!(p.to_move(), Team::Enemy);
}

#[test]
fn antidote_makes_the_player_immune_to_poison() {
    let fen = "7k/8/8/3p4/8/8/8/3RK3";
    let s = setup(fen).with_modifier("d5", Modifier::Poisonous);
    let mut b = Battle::new(&s.clone().with_badge(Team::Player, effect("antidote"))).unwrap();
    mv(&mut b, "d1", "d5");
    let ev = mv(&mut b, "h8", "g8");
    assert!(!kinds(&ev).contains(&"poison_damage"));
    assert_eq!(hp(&b, "d5").0, 2);
    assert_eq!(b.clouds()[0].remaining(Team::Player), 1, "the cloud still counts the exposure");
    let mut p = Battle::new(&s).unwrap();
    mv(&mut p, "d1", "d5");
    mv(&mut p, "h8", "g8");
    assert_eq!(hp(&p, "d5").0, 1);
}

#[test]
fn plague_bearers_clouds_hurt_the_enemy_once_more() {
    // The player's Poisonous pawn on d4 is taken by the enemy rook.
    let s = setup("3rk3/8/8/8/3P4/8/8/4K3").with_modifier("d4", Modifier::Poisonous);
    let mut b = Battle::new(&s.clone().with_badge(Team::Player, effect("plague_bearers"))).unwrap();
    mv(&mut b, "e1", "f1");
    mv(&mut b, "d8", "d4");
    let cloud = &b.clouds()[0];
    // The player's counter already ticked at the player's boundary; the enemy's starts at 3.
    assert_eq!((cloud.remaining(Team::Player), cloud.remaining(Team::Enemy)), (1, 3));
    let mut p = Battle::new(&s).unwrap();
    mv(&mut p, "e1", "f1");
    mv(&mut p, "d8", "d4");
    assert_eq!(p.clouds()[0].remaining(Team::Enemy), 2);
}

#[test]
fn knightly_rally_calls_a_knight() {
    let s = setup("3rk3/8/8/8/3N4/8/8/4K3").with_modifier("d4", Modifier::Rallying);
    let mut b = Battle::new(&s.with_badge(Team::Player, effect("knightly_rally"))).unwrap();
    mv(&mut b, "e1", "f1");
    let ev = mv(&mut b, "d8", "d4");
    assert!(matches!(ev.iter().find(|e| e.kind() == "reinforcement"),
        Some(BattleEvent::Reinforcement { unit, .. }) if unit.role == Role::Knight));
    let u = b.unit_at(sq("a1")).unwrap();
    assert!(u.temporary && u.role == Role::Knight);
}

#[test]
fn field_promotion_promotes_a_row_early_and_teleports_still_cannot() {
    let fen = "4k3/8/8/P7/8/8/8/4K3";
    let mut b = badge(fen, "early_promotion");
    mv(&mut b, "a5", "a6");
    assert_eq!(b.unit_at(sq("a6")).unwrap().role, Role::Pawn);
    mv(&mut b, "e8", "d8");
    let ev = mv(&mut b, "a6", "a7");
    assert!(kinds(&ev).contains(&"promoted"));
    assert_eq!(b.unit_at(sq("a7")).unwrap().role, Role::Queen);
    assert_eq!(b.position().piece_at(sq("a7")).unwrap().role, Role::Queen);
    // A pawn may not be teleported onto the early row either.
    let b = badge("4k3/8/8/8/8/8/P7/4K3", "early_promotion");
    assert_eq!(
        b.check(BattleAction::Teleport { id: at(&b, "a2"), to: sq("b7") }),
        Err(ActionError::TeleportPromotion(sq("b7")))
    );
    let mut p = plain("4k3/8/P7/8/8/8/8/4K3");
    mv(&mut p, "a6", "a7");
    assert_eq!(p.unit_at(sq("a7")).unwrap().role, Role::Pawn);
}

#[test]
fn kingmaker_always_promotes_to_a_queen() {
    let fen = "4k3/P7/8/8/8/8/8/Q3K3";
    let mut b = badge(fen, "queen_maker");
    mv(&mut b, "a7", "a8");
    assert_eq!(b.unit_at(sq("a8")).unwrap().role, Role::Queen);
    let mut p = plain(fen);
    mv(&mut p, "a7", "a8");
    assert_eq!(p.unit_at(sq("a8")).unwrap().role, Role::Rook, "a living queen: a rook without the badge");
}

#[test]
fn field_medic_heals_the_most_wounded_at_the_start_of_the_turn() {
    let s = setup("7k/8/8/3p4/8/8/8/3RK3").with_modifier("d5", Modifier::Poisonous);
    let mut b = Battle::new(&s.with_badge(Team::Player, effect("field_medic"))).unwrap();
    mv(&mut b, "d1", "d5");
    let ev = mv(&mut b, "h8", "g8");
    let k = kinds(&ev);
    let (poison, healed) = (
        k.iter().position(|&x| x == "poison_damage").unwrap(),
        k.iter().position(|&x| x == "healed").unwrap(),
    );
    assert!(poison < healed, "poison first, then the medic: {k:?}");
    assert_eq!(hp(&b, "d5").0, 2);
}

#[test]
fn war_chest_and_bounty_add_gold_to_the_reward() {
    let fen = "k7/8/8/8/8/8/8/R3K3";
    let gold = Tuning::default().gold;
    let win = |mut b: Battle| {
        mv(&mut b, "a1", "a8");
        assert!(matches!(b.status(), BattleStatus::Victory { .. }), "{:?}", b.status());
        VictoryReward::of_battle(&b, &gold)
    };
    let base = win(plain(fen));
    assert_eq!(base.badge_gold, 0);
    let chest = win(badge(fen, "war_chest"));
    assert_eq!((chest.badge_gold, chest.gold), (10, base.gold + 10));
    let bounty = win(badge(fen, "bounty"));
    assert_eq!(bounty.badge_gold, 3, "one enemy piece killed");
    assert_eq!(chest.points, base.points, "points do not change");
}

#[test]
fn phase_step_makes_the_first_teleport_free() {
    let mut b = badge("4k3/8/8/8/8/8/8/R3K3", "phase_step");
    let ev = tp(&mut b, "a1", "a5");
    assert!(kinds(&ev).contains(&"free_teleport"));
    assert_eq!(b.moves_used(), 0);
    mv(&mut b, "e8", "d8");
    mv(&mut b, "e1", "e2");
    mv(&mut b, "d8", "e8");
    mv(&mut b, "e2", "e1");
    mv(&mut b, "e8", "d8");
    mv(&mut b, "e1", "e2");
    mv(&mut b, "d8", "e8");
    tp(&mut b, "a5", "a6");
    assert_eq!(b.moves_used(), 4, "the second teleport counts");
}

#[test]
fn stonewall_freezes_the_capturer_of_a_bulwark_piece() {
    let s = setup("3rk3/8/8/8/3N4/8/8/4K3").with_modifier("d4", Modifier::Bulwark);
    let mut b = Battle::new(&s.clone().with_badge(Team::Player, effect("stonewall"))).unwrap();
    mv(&mut b, "e1", "f1");
    mv(&mut b, "d8", "d4");
    assert!(b.is_frozen(sq("d4")));
    // The enemy rook on d4 cannot move at its next turn.
    mv(&mut b, "f1", "e1");
    assert!(
        b.legal_actions().iter().all(|a| !matches!(a, BattleAction::Move { id, .. } if *id == at(&b, "d4")))
    );
    let mut p = Battle::new(&s).unwrap();
    mv(&mut p, "e1", "f1");
    mv(&mut p, "d8", "d4");
    assert!(!p.is_frozen(sq("d4")));
}

// ----- living modifiers (the four of Schach/2 are tested in tests/battle.rs) -----

#[test]
fn armored_stops_the_first_capture() {
    let s = setup("4k3/8/8/3n4/8/8/8/3RK3").with_modifier("d5", Modifier::Armored);
    let mut b = Battle::new(&s).unwrap();
    assert!(b.unit_at(sq("d5")).unwrap().armor);
    let ev = mv(&mut b, "d1", "d5");
    assert_eq!(kinds(&ev)[0], "armor_broken");
    assert_eq!(b.unit_at(sq("d1")).unwrap().role, Role::Rook, "the attacker stays");
    assert!(!b.unit_at(sq("d5")).unwrap().armor);
    assert_eq!((b.moves_used(), b.to_move()), (1, Team::Enemy), "the move is spent");
    mv(&mut b, "e8", "f8");
    mv(&mut b, "d1", "d5");
    assert!(b.unit_at(sq("d5")).is_some_and(|u| u.team == Team::Player), "the second capture works");
    // A teleport onto it is stopped too, and its cast is spent.
    let mut b = Battle::new(&s).unwrap();
    let ev = tp(&mut b, "d1", "d5");
    assert_eq!(kinds(&ev)[0], "armor_broken");
    assert!(b.cooldown(Team::Player, Skill::Teleport).unwrap() > 0);
}

#[test]
fn vampiric_gains_hp_when_it_captures() {
    let s = setup("4k3/8/8/3n4/8/8/8/3RK3").with_modifier("d1", Modifier::Vampiric);
    let mut b = Battle::new(&s).unwrap();
    let ev = mv(&mut b, "d1", "d5");
    assert!(kinds(&ev).contains(&"healed"));
    assert_eq!(hp(&b, "d5"), (3, 3));
}

#[test]
fn sentinel_freezes_a_piece_that_stops_next_to_it() {
    let s = setup("4k3/3n4/8/8/8/8/8/3RK3").with_modifier("d7", Modifier::Sentinel);
    let mut b = Battle::new(&s).unwrap();
    let ev = mv(&mut b, "d1", "d6");
    assert!(kinds(&ev).contains(&"stopped"), "{ev:?}");
    assert!(b.is_frozen(sq("d6")));
    mv(&mut b, "e8", "f8");
    let rook = at(&b, "d6");
    assert_eq!(b.check(BattleAction::Move { id: rook, to: sq("d5") }), Err(ActionError::Frozen(rook)));
    // Not next to it: nothing.
    let mut b = Battle::new(&s).unwrap();
    let ev = mv(&mut b, "d1", "d5");
    assert!(!kinds(&ev).contains(&"stopped"));
}

#[test]
fn spiked_hurts_adjacent_enemies_at_its_teams_start_of_turn() {
    let s = setup("4k3/8/8/3p4/3R4/8/8/4K3").with_modifier("d4", Modifier::Spiked);
    let mut b = Battle::new(&s).unwrap();
    mv(&mut b, "e1", "f1");
    assert_eq!(hp(&b, "d5").0, 2, "not at the enemy's start of turn");
    let ev = mv(&mut b, "e8", "f8");
    assert!(kinds(&ev).contains(&"damaged"), "{ev:?}");
    assert_eq!(hp(&b, "d5").0, 1);
    mv(&mut b, "f1", "e1");
    let ev = mv(&mut b, "f8", "e8");
    assert!(kinds(&ev).contains(&"destroyed"));
    assert!(b.unit_at(sq("d5")).is_none());
}

#[test]
fn warded_refuses_enemy_teleports_and_freezes() {
    let s = setup("4k3/8/8/3n4/8/8/8/3RK3").with_modifier("d5", Modifier::Warded);
    let b = Battle::new(&s).unwrap();
    let rook = at(&b, "d1");
    assert_eq!(
        b.check(BattleAction::Teleport { id: rook, to: sq("d5") }),
        Err(ActionError::Warded(sq("d5")))
    );
    assert_eq!(b.check(BattleAction::Freeze { square: sq("d5") }), Err(ActionError::Warded(sq("d5"))));
    assert!(!b.legal_actions().contains(&BattleAction::Freeze { square: sq("d5") }));
    // An ordinary capture still works.
    assert!(b.check(BattleAction::Move { id: rook, to: sq("d5") }).is_ok());
    let p = plain("4k3/8/8/3n4/8/8/8/3RK3");
    assert!(p.check(BattleAction::Freeze { square: sq("d5") }).is_ok());
}

#[test]
fn inspiring_speeds_teleport_up() {
    let fen = "4k3/8/8/8/8/8/8/RN2K3";
    let s = setup(fen).with_modifier("b1", Modifier::Inspiring);
    let mut b = Battle::new(&s).unwrap();
    tp(&mut b, "a1", "a5");
    mv(&mut b, "e8", "d8");
    // 6 after the cast, two ticks, one more at the player's start of turn.
    assert_eq!(b.cooldown(Team::Player, Skill::Teleport), Some(3));
    let mut p = plain(fen);
    tp(&mut p, "a1", "a5");
    mv(&mut p, "e8", "d8");
    assert_eq!(p.cooldown(Team::Player, Skill::Teleport), Some(4));
}

#[test]
fn regenerating_heals_after_poison() {
    let s = setup("7k/8/8/3p4/8/8/8/3RK3")
        .with_modifier("d5", Modifier::Poisonous)
        .with_modifier("d1", Modifier::Regenerating);
    let mut b = Battle::new(&s).unwrap();
    mv(&mut b, "d1", "d5");
    let ev = mv(&mut b, "h8", "g8");
    let k = kinds(&ev);
    assert!(k.iter().position(|&x| x == "poison_damage") < k.iter().position(|&x| x == "healed"), "{k:?}");
    assert_eq!(hp(&b, "d5").0, 2);
}

// ----- consumables -----

fn with_pack(fen: &str, ids: &[&str]) -> Battle {
    let mut s = setup(fen);
    for id in ids {
        s = s.with_consumable(effect(id));
    }
    Battle::new(&s).unwrap()
}

/// A greyed consumable's reason agrees with the legal actions: `consumable_refusal(slot)` is `None`
/// exactly when some `Use` of the slot is legal, through random battles that carry every
/// consumable; Retreat before any move and a Firebomb against a lone king say why in words.
#[test]
fn a_consumable_refusal_holds_exactly_when_no_use_is_legal() {
    use rand::{Rng, SeedableRng};
    let catalogue = ItemCatalogue::shipped();
    let consumables: Vec<String> =
        catalogue.of(Category::Consumable).map(|item| item.id.to_string()).collect();
    let consumables: Vec<&str> = consumables.iter().map(String::as_str).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(45);
    let mut refused = 0;
    for ids in consumables.chunks(3) {
        for fen in ["r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R", "4k3/8/8/8/8/8/8/R3K3"] {
            let mut b = with_pack(fen, ids);
            for _ in 0..40 {
                let legal = b.legal_actions();
                for slot in 0..u8::try_from(ids.len()).unwrap() {
                    let usable =
                        legal.iter().any(|a| matches!(*a, BattleAction::Use { slot: s, .. } if s == slot));
                    let refusal = b.consumable_refusal(slot);
                    assert_eq!(refusal.is_none(), usable, "{ids:?} slot {slot}: {refusal:?}");
                    refused += usize::from(refusal.is_some());
                }
                if legal.is_empty() || b.status().is_over() {
                    break;
                }
                b.apply(legal[rng.gen_range(0..legal.len())]).unwrap();
            }
        }
    }
    assert!(refused > 0, "no refusal was seen");
    let b = with_pack("4k3/8/8/8/8/8/8/R3K3", &["retreat"]);
    assert_eq!(
        b.consumable_refusal(0).map(|e| e.to_string()).as_deref(),
        Some("no piece of yours can return to the square it was deployed on")
    );
    let b = with_pack("4k3/8/8/8/8/8/8/R3K3", &["firebomb"]);
    assert!(matches!(b.consumable_refusal(0), Some(ActionError::NoUseTarget(_))));
    assert_eq!(b.consumable_refusal(1), Some(ActionError::NoConsumable(1)));
}

#[test]
fn haste_makes_the_enemy_skip_its_next_turn() {
    let mut b = with_pack("4k3/8/8/8/8/8/8/R3K3", &["haste"]);
    let ev = use_item(&mut b, 0, None);
    assert_eq!(kinds(&ev), ["item_used"]);
    assert_eq!(b.to_move(), Team::Player, "a free action");
    let ev = mv(&mut b, "a1", "a7");
    assert!(kinds(&ev).contains(&"turn_skipped"));
    assert_eq!(b.to_move(), Team::Player);
    let e8 = b.unit_at(sq("e8")).unwrap().square;
    assert_eq!(e8, sq("e8"), "the king did not move");
    // Used once.
    assert_eq!(b.check(BattleAction::Use { slot: 0, target: None }), Err(ActionError::NoConsumable(0)));
    assert!(b.pack()[0].unwrap().used);
}

#[test]
fn retreat_returns_a_piece_to_its_start_square() {
    let mut b = with_pack("4k3/8/8/8/8/8/8/R3K3", &["retreat"]);
    assert!(b.check(BattleAction::Use { slot: 0, target: Some(sq("a1")) }).is_err(), "already home");
    mv(&mut b, "a1", "a6");
    mv(&mut b, "e8", "d8");
    use_item(&mut b, 0, Some("a6"));
    assert!(b.unit_at(sq("a1")).is_some_and(|u| u.role == Role::Rook));
    assert_eq!((b.to_move(), b.moves_used()), (Team::Player, 1));
}

#[test]
fn hourglass_readies_both_skills() {
    let mut b = with_pack("4k3/8/8/8/8/8/8/R3K3", &["hourglass"]);
    fz(&mut b, "h8");
    tp(&mut b, "a1", "a5");
    mv(&mut b, "e8", "d8");
    let ev = use_item(&mut b, 0, None);
    assert_eq!(kinds(&ev), ["item_used", "skill_ready", "skill_ready"]);
    assert_eq!(b.cooldown(Team::Player, Skill::Teleport), Some(0));
    assert_eq!(b.cooldown(Team::Player, Skill::Freeze), Some(0));
}

#[test]
fn elixir_heals_fully_and_raises_the_maximum() {
    let s = setup("7k/8/8/3p4/8/8/8/3RK3")
        .with_modifier("d5", Modifier::Poisonous)
        .with_consumable(effect("elixir"));
    let mut b = Battle::new(&s).unwrap();
    mv(&mut b, "d1", "d5");
    mv(&mut b, "h8", "g8");
    assert_eq!(hp(&b, "d5"), (1, 2));
    assert!(b.check(BattleAction::Use { slot: 0, target: Some(sq("g8")) }).is_err(), "not on an enemy");
    use_item(&mut b, 0, Some("d5"));
    assert_eq!(hp(&b, "d5"), (3, 3));
}

#[test]
fn firebomb_destroys_a_piece_but_not_a_king() {
    let s = setup("r3k3/8/8/8/8/8/8/4K3")
        .with_modifier("a8", Modifier::Poisonous)
        .with_consumable(effect("firebomb"));
    let mut b = Battle::new(&s).unwrap();
    assert_eq!(b.check(BattleAction::Use { slot: 0, target: Some(sq("e8")) }), Err(ActionError::BadTarget));
    let ev = use_item(&mut b, 0, Some("a8"));
    assert_eq!(kinds(&ev), ["item_used", "damaged", "destroyed", "cloud_created"]);
    assert!(b.unit_at(sq("a8")).is_none());
    // Under eliminate_army, the last piece bombed wins.
    let s = BattleSetup::from_fen("r7/8/8/8/8/8/8/4K3", Objective::EliminateArmy, 20)
        .unwrap()
        .with_consumable(effect("firebomb"));
    let mut b = Battle::new(&s).unwrap();
    use_item(&mut b, 0, Some("a8"));
    assert!(matches!(b.status(), BattleStatus::Victory { .. }));
}

#[test]
fn rations_add_moves() {
    let mut b = with_pack("4k3/8/8/8/8/8/8/R3K3", &["rations", "rations"]);
    use_item(&mut b, 1, None);
    assert_eq!(b.move_budget(), 24);
    assert!(!b.pack()[0].unwrap().used);
}

#[test]
fn call_to_arms_brings_a_temporary_pawn() {
    let mut b = with_pack("4k3/8/8/8/8/8/8/R3K3", &["call_to_arms"]);
    let ev = use_item(&mut b, 0, None);
    assert_eq!(kinds(&ev), ["item_used", "summoned"]);
    let u = b.unit_at(sq("b1")).unwrap();
    assert!(u.temporary && u.role == Role::Pawn && u.team == Team::Player);
}

#[test]
fn uses_are_typed_commands_and_legal_actions() {
    let b = with_pack("r3k3/8/8/8/8/8/8/R3K3", &["firebomb", "rations"]);
    let uses: Vec<_> =
        b.legal_actions().into_iter().filter(|a| matches!(a, BattleAction::Use { .. })).collect();
    assert_eq!(
        uses,
        [BattleAction::Use { slot: 0, target: Some(sq("a8")) }, BattleAction::Use { slot: 1, target: None }]
    );
    assert_eq!(b.parse_action("use 1 a8"), Ok(uses[0]));
    assert_eq!(b.parse_action(" USE 2 "), Ok(uses[1]));
    assert_eq!(b.action_text(uses[0]), "use 1 a8");
    // Display writes the slot as the player types it, too.
    assert_eq!(uses[0].to_string(), "use 1 a8");
    assert_eq!(BattleAction::Use { slot: 2, target: None }.to_string(), "use 3");
    assert!(b.parse_action("use 0").is_err());
    assert!(b.parse_action("use 1 e8").is_err());
    // The bot's search never sees them.
    assert!(b.bot_actions().iter().all(|a| !matches!(a, BattleAction::Use { .. })));
    // The step the data names is where the code resolves it.
    assert_eq!(effect("firebomb").step(), ResolutionStep::Resolve);
}

// ----- items in a run -----

mod run {
    use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, EnemyTuning, auto_decision};
    use gambit_roguelite::items::PACK_SIZE;
    use gambit_roguelite::run::{Run, RunConfig, RunError, RunPhase, ShopItem};
    use gambit_roguelite::save::{FormatError, SavedRun, run_from_json, run_to_json};
    use gambit_roguelite::{Decision, bot::Evaluation};

    fn to_shop(seed: u64) -> Option<Run> {
        let config = RunConfig {
            tuning: EnemyTuning::custom(vec![1], vec![200], vec![]),
            ..RunConfig::three_battles(seed)
        };
        let mut run = Run::new(config);
        while !matches!(run.phase(), RunPhase::Shop(_) | RunPhase::Over { .. }) {
            run.apply(auto_decision(&run, AUTO_PLAYER_TUNING).unwrap()).unwrap();
        }
        matches!(run.phase(), RunPhase::Shop(_)).then_some(run)
    }

    fn slot_of(run: &Run, badge: bool) -> Option<usize> {
        run.shop_offers().into_iter().find_map(|o| match o.item {
            ShopItem::Badge { .. } if badge => Some(o.slot),
            ShopItem::Consumable { .. } if !badge => Some(o.slot),
            _ => None,
        })
    }

    #[test]
    fn a_run_owns_its_badges_and_consumables_and_saves_them() {
        let mut done = false;
        for seed in 0..30 {
            let Some(mut run) = to_shop(seed) else { continue };
            let badge = slot_of(&run, true).expect("the badge slot is guaranteed");
            let offer = run.shop_offers()[badge].clone();
            if !offer.buyable() {
                continue;
            }
            let ShopItem::Badge { id } = offer.item else { unreachable!() };
            assert_eq!(offer.info.as_ref().unwrap().id, id);
            let gold = run.gold();
            run.apply(Decision::Buy { slot: badge, recipient: None }).unwrap();
            assert_eq!(run.badges(), [id]);
            assert_eq!(run.gold(), gold - offer.price);
            // A reroll never offers an owned badge.
            for _ in 0..3 {
                if run.apply(Decision::Reroll).is_err() {
                    break;
                }
                assert!(run.shop_offers().iter().all(|o| o.item != ShopItem::Badge { id }));
            }
            // Consumables fill the pack up to its size.
            while let Some(c) = slot_of(&run, false) {
                let o = run.shop_offers()[c].clone();
                if !o.buyable() {
                    if run.pack().len() == PACK_SIZE {
                        assert_eq!(o.refusal, Some(RunError::PackFull));
                    }
                    break;
                }
                run.apply(Decision::Buy { slot: c, recipient: None }).unwrap();
                if run.apply(Decision::Reroll).is_err() {
                    break;
                }
            }
            // The next battle carries them; the save replays them.
            run.apply(Decision::LeaveShop).unwrap();
            run.apply(Decision::ChooseBoard { index: 0 }).unwrap();
            run.apply(Decision::DeployDefault).unwrap();
            let battle = run.battle().unwrap();
            assert_eq!(battle.pack().iter().flatten().count(), run.pack().len());
            // The hit points the deployment shows are those the battle gives.
            for u in battle.units() {
                assert_eq!(u.max_hp, run.start_hp(u.team, u.role), "seed {seed}: {:?} {:?}", u.team, u.role);
            }
            let text = run_to_json(&run);
            let SavedRun::Recorded(log) = run_from_json(&text).unwrap() else { panic!() };
            let back = Run::resume(&log, Evaluation::default());
            assert!(back.stopped.is_none(), "{:?}", back.stopped);
            assert_eq!((back.run.badges(), back.run.pack()), (run.badges(), run.pack()));
            // A used consumable leaves the pack after the battle.
            if let Some(slot) = battle.legal_actions().into_iter().find_map(|a| match a {
                gambit_roguelite::BattleAction::Use { slot, target } => Some((slot, target)),
                _ => None,
            }) {
                let before = run.pack().len();
                let name = run.items().get(run.pack()[usize::from(slot.0)]).unwrap().name.clone();
                let events = run
                    .apply(Decision::Act {
                        action: gambit_roguelite::BattleAction::Use { slot: slot.0, target: slot.1 },
                    })
                    .unwrap();
                // The log names the item, not its slot.
                let lines: Vec<String> = events.iter().map(ToString::to_string).collect();
                assert!(lines.contains(&format!("you use {name}")), "{lines:?}");
                while run.battle().is_some_and(|b| !b.status().is_over()) {
                    run.apply(auto_decision(&run, AUTO_PLAYER_TUNING).unwrap()).unwrap();
                }
                assert!(run.pack().len() < before || run.is_over());
            }
            done = true;
            break;
        }
        assert!(done, "no seed bought a badge");
    }

    #[test]
    fn a_run_file_naming_an_unknown_item_is_refused_with_the_field() {
        let run = (0..30).find_map(to_shop).expect("a shop");
        let text = run_to_json(&run);
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let steps = v["log"]["steps"].as_array_mut().unwrap();
        let (i, step) = steps.iter_mut().enumerate().find(|(_, s)| s.get("shop").is_some()).unwrap();
        let slots = step["shop"].as_array_mut().unwrap();
        let j = slots.iter().position(|s| s["item"]["kind"] == "badge").unwrap();
        slots[j]["item"]["id"] = "golden_crown".into();
        let e = run_from_json(&v.to_string()).unwrap_err();
        assert_eq!(
            e,
            FormatError::Fields(format!(
                "log.steps[{i}].shop[{j}].item.id: no item golden_crown in the run's catalogue"
            ))
        );
        // A bad value in the recorded catalogue names its field.
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["log"]["config"]["items"]["items"][0]["price"] = 0.into();
        let FormatError::Fields(m) = run_from_json(&v.to_string()).unwrap_err() else { panic!() };
        assert!(m.starts_with("log.config.items.items[0].price"), "{m}");
    }
}
