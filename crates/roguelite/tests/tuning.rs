//! The tuning file: the shipped one is valid and used by new runs; bad files are refused with the
//! file and the field named.

use gambit_roguelite::RunConfig;
use gambit_roguelite::bot::EnemyTuning;
use gambit_roguelite::economy::{piece_price, victory_gold};
use gambit_roguelite::encounter::templates;
use gambit_roguelite::run::{Run, RunPhase};
use gambit_roguelite::tuning::{DEFAULT_TUNING_JSON, Economy, ShopSlots, Tuning};
use gambit_rules::Role;

fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_TUNING_JSON).unwrap();
    edit(&mut v);
    v.to_string()
}

fn field_of(text: &str) -> (String, String) {
    let e = Tuning::from_json(text, "my-tuning.json").unwrap_err();
    assert_eq!(e.file, "my-tuning.json");
    assert!(e.to_string().starts_with("my-tuning.json: "), "{e}");
    (e.field, e.message)
}

#[test]
fn the_shipped_tuning_is_what_new_runs_use() {
    let t = Tuning::default();
    assert_eq!(Tuning::from_json(&t.to_json(), "round trip"), Ok(t.clone()));
    let config = RunConfig::new(1);
    assert_eq!(config.tuning, t.enemy());
    assert_eq!(config.economy, t.economy());
    assert_eq!(EnemyTuning::default(), t.enemy());
    assert_eq!(piece_price(Role::Rook), t.prices.rook);
    assert_eq!(victory_gold(3, true), t.gold.victory + 3 * t.gold.per_move_left + t.gold.bonus);
    // Every budget names a template.
    let names: Vec<String> = templates().into_iter().map(|x| x.name).collect();
    assert!(t.budgets.keys().all(|k| names.contains(k)));
}

#[test]
fn a_runs_economy_comes_from_its_tuning() {
    let mut t = Tuning::default();
    t.gold.start = 77;
    t.prices.pawn = 3;
    t.prices.reroll = 4;
    let name = templates().into_iter().find(|x| x.stage == 1).unwrap().name;
    t.budgets.insert(name.clone(), 99);
    let run = Run::new(t.run_config(5));
    assert_eq!(run.gold(), 77);
    assert_eq!(run.prices().pawn, 3);
    let tpl = run.templates().into_iter().find(|x| x.name == name).unwrap();
    assert_eq!(tpl.move_budget, 99);
    // The configuration (so the save) carries the economy.
    let json = serde_json::to_string(run.config()).unwrap();
    let back: RunConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(back.economy, t.economy());
    assert!(matches!(run.phase(), RunPhase::StartOffer { .. }));
    // A configuration written before the economy was data reads with the economy of that time:
    // every template's own budget.
    let old: RunConfig = serde_json::from_str(r#"{"seed": 3}"#).unwrap();
    assert_eq!(old.economy, Economy::before_data());
    assert!(old.economy.budgets.is_empty());
    // ... and a shop of that time: two modifier slots and one badge slot.
    assert_eq!(old.economy.shop, ShopSlots::BEFORE_DATA);
    assert_eq!(ShopSlots::BEFORE_DATA, ShopSlots { modifiers: 2, badges: 1 });
    // A tuning file without the field (written before it) reads the same shop.
    let no_shop = edited(|v| {
        v.as_object_mut().unwrap().remove("shop");
    });
    assert_eq!(Tuning::from_json(&no_shop, "old.json").unwrap().shop, ShopSlots::BEFORE_DATA);
}

#[test]
fn bad_files_name_the_file_and_the_field() {
    let (field, message) = field_of("{not json");
    assert_eq!(field, "");
    assert!(message.contains("line 1"), "{message}");
    let (field, _) = field_of(&edited(|v| v["prices"]["pawn"] = serde_json::json!("ten")));
    assert_eq!(field, "prices.pawn");
    let (field, message) = field_of(&edited(|v| v["prices"]["bishop"] = serde_json::json!(0)));
    assert_eq!((field.as_str(), message.as_str()), ("prices.bishop", "a price must be at least 1"));
    let (field, message) = field_of(&edited(|v| v["gold"]["wages"] = serde_json::json!(1)));
    assert_eq!(field, "gold.wages");
    assert!(message.contains("unknown field `wages`"), "{message}");
    let (field, message) = field_of(&edited(|v| {
        v["prices"].as_object_mut().unwrap().remove("rook");
    }));
    assert_eq!(field, "prices");
    assert!(message.contains("missing field `rook`"), "{message}");
    // Modifier prices live in the item catalogue now.
    let (field, message) = field_of(&edited(|v| v["prices"]["swift"] = serde_json::json!(30)));
    assert_eq!(field, "prices.swift");
    assert!(message.contains("unknown field `swift`"), "{message}");
    let (field, _) = field_of(&edited(|v| v["stages"][1] = serde_json::json!("grandmaster")));
    assert_eq!(field, "stages[1]");
    let (field, message) = field_of(&edited(|v| v["stages"] = serde_json::json!(["casual"])));
    assert_eq!(field, "stages");
    assert!(message.contains("expected 3 presets"), "{message}");
    let (field, message) = field_of(&edited(|v| v["budgets"]["atlantis"] = serde_json::json!(10)));
    assert_eq!(field, "budgets.atlantis");
    assert!(message.contains("no encounter template"), "{message}");
    let (field, _) = field_of(&edited(|v| v["budgets"]["citadel"] = serde_json::json!(0)));
    assert_eq!(field, "budgets.citadel");
    let (field, _) = field_of(&edited(|v| v["budgets"]["citadel"] = serde_json::json!(-4)));
    assert_eq!(field, "budgets.citadel");
    let (field, _) = field_of(&edited(|v| v["proof"]["slack"] = serde_json::json!([1, 2])));
    assert_eq!(field, "proof.slack");
    let (field, _) = field_of(&edited(|v| v["proof"]["nodes"] = serde_json::json!(10_000_000)));
    assert_eq!(field, "proof.nodes");
    let (field, message) =
        field_of(&edited(|v| v["shop"] = serde_json::json!({"modifiers": 5, "badges": 1})));
    assert_eq!((field.as_str(), message.as_str()), ("shop.modifiers", "at most 4 slots"));
    let (field, _) = field_of(&edited(|v| v["shop"] = serde_json::json!({"modifiers": 1, "badges": 9})));
    assert_eq!(field, "shop.badges");
    let (field, message) =
        field_of(&edited(|v| v["shop"] = serde_json::json!({"modifiers": 1, "relics": 1})));
    assert!(field.starts_with("shop"), "{field}");
    assert!(message.contains("relics"), "{message}");
}

#[test]
fn thinking_rungs_make_the_enemy_the_thinking_one_and_are_checked() {
    let rung = |depth: u32, nodes: u64, margin: i32| serde_json::json!({"depth": depth, "nodes": nodes, "beam_width": 8, "margin_cp": margin});
    let text =
        edited(|v| v["thinking"] = serde_json::json!([rung(2, 500, 0), rung(3, 900, 10), rung(4, 2000, 20)]));
    let t = Tuning::from_json(&text, "t.json").unwrap();
    let EnemyTuning::Thinking { thinking } = t.enemy() else { panic!("{:?}", t.enemy()) };
    assert_eq!(thinking.iter().map(|r| r.nodes).collect::<Vec<_>>(), [500, 900, 2000]);
    assert_eq!(t.run_config(1).tuning, t.enemy());
    assert_eq!(Tuning::from_json(&t.to_json(), "round trip"), Ok(t));
    // Without the field the presets of `stages` play.
    let none = edited(|v| {
        v.as_object_mut().unwrap().remove("thinking");
    });
    assert!(matches!(Tuning::from_json(&none, "p.json").unwrap().enemy(), EnemyTuning::Presets { .. }));
    // Two rungs, a depth under the stage's floor (stage 2: 3 turns), no nodes, a negative margin.
    let (field, message) =
        field_of(&edited(|v| v["thinking"] = serde_json::json!([rung(2, 1, 0), rung(3, 1, 0)])));
    assert_eq!(field, "thinking");
    assert!(message.contains("found 2"), "{message}");
    let (field, message) = field_of(&edited(|v| {
        v["thinking"] = serde_json::json!([rung(2, 1, 0), rung(2, 1, 0), rung(4, 1, 0)])
    }));
    assert_eq!(field, "thinking[1]");
    assert!(message.contains("depth must be 3"), "{message}");
    let (field, _) = field_of(&edited(|v| {
        v["thinking"] = serde_json::json!([rung(2, 0, 0), rung(3, 1, 0), rung(4, 1, 0)])
    }));
    assert_eq!(field, "thinking[0]");
    let (field, _) = field_of(&edited(|v| {
        v["thinking"] = serde_json::json!([rung(2, 1, 0), rung(3, 1, 0), rung(4, 1, -5)])
    }));
    assert_eq!(field, "thinking[2]");
}
