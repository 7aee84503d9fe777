//! JSON: the config (defaults, errors naming the field, the published schema and the docs' examples),
//! the board state round trip, tampering, and the log replay.

use gambit_rules::{Color, Position};
use gambit_skills::{
    ClockMode, ConfigError, LogKind, RulesChoice, SkillBoard, SkillConfig, SkillError, SkillRules, StateError,
};
use serde_json::Value;

const SCHEMA: &str = include_str!("../../../docs/skills-config.schema.json");
const DOC: &str = include_str!("../../../docs/skills.md");

#[test]
fn empty_config_is_the_default() {
    let c = SkillConfig::from_json("{}").unwrap();
    assert_eq!(c, SkillConfig::default());
    assert_eq!((c.cooldown_ticks.teleport, c.cooldown_ticks.freeze, c.freeze_duration), (6, 9, 3));
    assert_eq!((c.clock, c.rules, c.start_fen.as_str()), (ClockMode::Ply, RulesChoice::Standard, ""));
    assert_eq!(SkillConfig::from_json(&c.to_json()).unwrap(), c);
    // serde's own derive agrees with the validating reader.
    assert_eq!(serde_json::from_str::<SkillConfig>("{}").unwrap(), c);
}

#[test]
fn config_errors_name_the_field() {
    let cases = [
        (r#"{"freeze_duration": -1}"#, Some("freeze_duration")),
        (r#"{"freeze_duration": 2.5}"#, Some("freeze_duration")),
        (r#"{"freeze_duration": "3"}"#, Some("freeze_duration")),
        (r#"{"freeze_duration": 4294967296}"#, Some("freeze_duration")),
        (r#"{"cooldown_ticks": {"teleport": -6}}"#, Some("cooldown_ticks.teleport")),
        (r#"{"cooldown_ticks": {"freeze": 1e3}}"#, Some("cooldown_ticks.freeze")),
        (r#"{"cooldown_ticks": {"blink": 1}}"#, Some("cooldown_ticks.blink")),
        (r#"{"cooldown_ticks": 6}"#, Some("cooldown_ticks")),
        (r#"{"cooldowns": {}}"#, Some("cooldowns")),
        (r#"{"clock": "turn"}"#, Some("clock")),
        (r#"{"rules": "fischer"}"#, Some("rules")),
        (r#"{"start_fen": 7}"#, Some("start_fen")),
        (r#"{"start_fen": "not a fen"}"#, Some("start_fen")),
        (r#"{"start_fen": "8/8/8/8/8/8/8/8 w - - 0 1"}"#, Some("start_fen")),
        (r#"[1, 2]"#, Some("")),
        (r#"{"clock": "ply""#, None),
        ("", None),
    ];
    for (text, field) in cases {
        let err = SkillConfig::from_json(text).unwrap_err();
        assert_eq!(err.field(), field, "{text}: {err}");
        if let Some(f) = field.filter(|f| !f.is_empty()) {
            assert!(err.to_string().contains(f), "{err}");
        }
    }
    assert!(matches!(
        SkillConfig::from_json(r#"{"freeze_duration": -1}"#),
        Err(ConfigError::BadValue { found, .. }) if found == "-1"
    ));
    assert!(SkillBoard::new(SkillConfig { start_fen: "xx".into(), ..SkillConfig::default() }).is_err());
}

#[test]
fn the_schema_matches_the_config() {
    let schema: Value = serde_json::from_str(SCHEMA).unwrap();
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    assert_eq!(schema["additionalProperties"], false);
    let defaults: Value = serde_json::to_value(SkillConfig::default()).unwrap();
    let props = schema["properties"].as_object().unwrap();
    let mut schema_keys: Vec<&String> = props.keys().collect();
    let mut config_keys: Vec<&String> = defaults.as_object().unwrap().keys().collect();
    schema_keys.sort();
    config_keys.sort();
    assert_eq!(schema_keys, config_keys);
    // Every default in the schema is the config's default, and the schema's defaults parse.
    for (key, prop) in props {
        assert_eq!(prop["default"], defaults[key], "{key}");
    }
    let nested = &props["cooldown_ticks"]["properties"];
    assert_eq!(nested["teleport"]["default"], 6);
    assert_eq!(nested["freeze"]["default"], 9);
    // The skill rules' levers: the schema lists every field of the preset objects.
    let levers = props["skill_rules"]["oneOf"][1]["properties"].as_object().unwrap();
    let mut lever_keys: Vec<&String> = levers.keys().filter(|k| *k != "preset").collect();
    let mut rule_keys: Vec<&String> = defaults["skill_rules"].as_object().unwrap().keys().collect();
    lever_keys.sort();
    rule_keys.sort();
    assert_eq!(lever_keys, rule_keys);
    assert_eq!(
        serde_json::to_value(SkillRules::CLASSIC).unwrap().as_object().unwrap().len(),
        rule_keys.len()
    );
    let from_schema: serde_json::Map<String, Value> =
        props.iter().map(|(k, p)| (k.clone(), p["default"].clone())).collect();
    let parsed = SkillConfig::from_json(&Value::Object(from_schema).to_string()).unwrap();
    assert_eq!(parsed, SkillConfig::default());
}

#[test]
fn the_docs_config_examples_parse() {
    let blocks: Vec<&str> = DOC.split("```json\n").skip(1).map(|b| b.split("```").next().unwrap()).collect();
    assert_eq!(blocks.len(), 5);
    let configs: Vec<SkillConfig> = blocks.iter().map(|b| SkillConfig::from_json(b).unwrap()).collect();
    assert_eq!(configs[0], SkillConfig::default());
    assert_eq!(configs[1].skill_rules, SkillRules { teleport_range: Some(3), ..SkillRules::CLASSIC });
    assert_eq!(configs[2].clock, ClockMode::Manual);
    assert_eq!(configs[3].cooldown_ticks.teleport, 4);
    assert_eq!(configs[4].rules, RulesChoice::Skirmish);
    for c in configs {
        let board = SkillBoard::new(c).unwrap();
        assert!(!board.actions().is_empty());
    }
}

fn sample_game() -> SkillBoard {
    let mut b = SkillBoard::new(SkillConfig { clock: ClockMode::Manual, ..SkillConfig::classic() }).unwrap();
    for a in ["e2e4", "e7e5", "g1f3", "b8c6", "tp e4e7", "fz e7"] {
        b.push_action(a).unwrap();
    }
    b.tick_cooldowns(2);
    b
}

#[test]
fn state_round_trips_through_json() {
    let b = sample_game();
    let json = b.to_json();
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["fen"], "r1bqkbnr/ppppPppp/2n5/4p3/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 3");
    assert_eq!(v["cooldowns"]["white"]["teleport"], 4);
    assert_eq!(v["cooldowns"]["black"]["freeze"], 7);
    assert_eq!(v["frozen"]["e7"], 1);
    assert_eq!(v["log"][4]["kind"], "teleport");
    assert_eq!(v["log"][4]["detail"], "e4e7");
    assert_eq!(v["log"][4]["actor"], "white");
    assert_eq!(v["log"][5]["actor"], "black");
    assert_eq!(v["log"][6]["kind"], "tick");
    let mut loaded = SkillBoard::from_json(&json).unwrap();
    assert_eq!(loaded, b);
    assert_eq!(loaded.to_json(), json);
    // The undo history comes back too: undo drops the tick with the freeze.
    loaded.undo();
    assert_eq!(loaded.log().len(), 5);
    assert_eq!(loaded.cooldown(Color::Black, gambit_skills::Skill::Freeze), 0);
}

#[test]
fn unreachable_start_positions_round_trip() {
    // Black in double check by two knights: ordinary play cannot produce it.
    let pos = Position::from_fen_unchecked("4k3/2N5/5N2/8/8/8/8/4K3 b - - 0 1", Default::default()).unwrap();
    let mut b = SkillBoard::from_position(pos, SkillConfig::classic());
    b.push_action("tp e8h8").unwrap();
    let loaded = SkillBoard::from_json(&b.to_json()).unwrap();
    assert_eq!(loaded, b);
    assert_eq!(loaded.position().to_fen(), "7k/2N5/5N2/8/8/8/8/4K3 w - - 1 2");
}

#[test]
fn tampered_states_are_rejected() {
    let json = sample_game().to_json();
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["cooldowns"]["white"]["teleport"] = 0.into();
    assert!(
        matches!(SkillBoard::from_json(&v.to_string()), Err(StateError::Mismatch { what, .. }) if what == "cooldowns")
    );
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["frozen"] = serde_json::json!({});
    assert!(
        matches!(SkillBoard::from_json(&v.to_string()), Err(StateError::Mismatch { what, .. }) if what == "frozen")
    );
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["fen"] = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into();
    assert!(
        matches!(SkillBoard::from_json(&v.to_string()), Err(StateError::Mismatch { what, .. }) if what == "fen")
    );
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["log"][1]["actor"] = "white".into();
    assert!(
        matches!(SkillBoard::from_json(&v.to_string()), Err(StateError::Mismatch { what, .. }) if what == "log entry 1")
    );
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["log"][2]["detail"] = "e2e5".into();
    assert!(matches!(
        SkillBoard::from_json(&v.to_string()),
        Err(StateError::Replay { index: 2, error: SkillError::IllegalMove(_), .. })
    ));
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["log"][6]["detail"] = "-2".into();
    assert!(matches!(SkillBoard::from_json(&v.to_string()), Err(StateError::Replay { index: 6, .. })));
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["config"]["clock"] = "sometimes".into();
    assert!(
        matches!(SkillBoard::from_json(&v.to_string()), Err(StateError::Config(e)) if e.field() == Some("clock"))
    );
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["extra"] = 1.into();
    assert!(matches!(SkillBoard::from_json(&v.to_string()), Err(StateError::Json(_))));
    assert!(matches!(SkillBoard::from_json("{"), Err(StateError::Json(_))));
}

#[test]
fn replaying_the_log_reproduces_the_state() {
    let b = sample_game();
    let replayed = SkillBoard::replay(b.config().clone(), b.log()).unwrap();
    assert_eq!(replayed, b);
    assert_eq!(replayed.undo_len(), 6);
    let kinds: Vec<LogKind> = b.log().iter().map(|e| e.kind).collect();
    use LogKind::*;
    assert_eq!(kinds, vec![Move, Move, Move, Move, Teleport, Freeze, Tick]);
    // Each prefix of the log replays to the state at that point.
    for n in 0..b.log().len() {
        let partial = SkillBoard::replay(b.config().clone(), &b.log()[..n]).unwrap();
        assert_eq!(partial.log(), &b.log()[..n]);
    }
}

#[test]
fn skill_rules_are_a_preset_or_levers_over_one() {
    let c = SkillConfig::from_json(r#"{"skill_rules": "classic"}"#).unwrap();
    assert_eq!(c.skill_rules, SkillRules::CLASSIC);
    let c = SkillConfig::from_json(r#"{"skill_rules": {"preset": "classic", "teleport_range": 3}}"#).unwrap();
    assert_eq!(c.skill_rules, SkillRules { teleport_range: Some(3), ..SkillRules::CLASSIC });
    let c = SkillConfig::from_json(r#"{"skill_rules": {"capture_limit": false}}"#).unwrap();
    assert_eq!(c.skill_rules, SkillRules { capture_limit: false, ..SkillRules::DEFAULT });
    let c =
        SkillConfig::from_json(r#"{"skill_rules": {"preset": "classic", "teleport_range": null}}"#).unwrap();
    assert_eq!(c.skill_rules, SkillRules::CLASSIC);
    // serde reads the same forms.
    let r: SkillRules = serde_json::from_str(r#""classic""#).unwrap();
    assert_eq!(r, SkillRules::CLASSIC);
    let r: SkillRules = serde_json::from_str(&serde_json::to_string(&SkillRules::DEFAULT).unwrap()).unwrap();
    assert_eq!(r, SkillRules::DEFAULT);
    assert!(serde_json::from_str::<SkillRules>(r#""modern""#).is_err());
    // Written out as the full object, read back the same.
    let odd = SkillConfig {
        skill_rules: SkillRules { teleport_range: Some(2), ..SkillRules::CLASSIC },
        ..Default::default()
    };
    assert_eq!(SkillConfig::from_json(&odd.to_json()).unwrap(), odd);
    for (text, field) in [
        (r#"{"skill_rules": "modern"}"#, "skill_rules"),
        (r#"{"skill_rules": 3}"#, "skill_rules"),
        (r#"{"skill_rules": {"preset": "x"}}"#, "skill_rules.preset"),
        (r#"{"skill_rules": {"capture_limit": 1}}"#, "skill_rules.capture_limit"),
        (r#"{"skill_rules": {"teleport_range": -1}}"#, "skill_rules.teleport_range"),
        (r#"{"skill_rules": {"range": 3}}"#, "skill_rules.range"),
    ] {
        assert_eq!(SkillConfig::from_json(text).unwrap_err().field(), Some(field), "{text}");
    }
}

#[test]
fn a_state_saved_before_skill_rules_replays_under_classic_rules() {
    // A teleport on the first move is classic only: the saved config has no `skill_rules`.
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    b.push_action("tp b1e5").unwrap();
    let mut state: Value = serde_json::from_str(&b.to_json()).unwrap();
    state["config"].as_object_mut().unwrap().remove("skill_rules");
    let back = SkillBoard::from_json(&state.to_string()).unwrap();
    assert_eq!(back.config().skill_rules, SkillRules::CLASSIC);
    assert_eq!(back, b);
    // Under the default rules the same log is rejected (Teleport starts on cooldown).
    state["config"]["skill_rules"] = "default".into();
    assert!(matches!(SkillBoard::from_json(&state.to_string()), Err(StateError::Replay { .. })));
}
