//! The board's configuration: start position, cooldowns, freeze duration, clock mode, rule set and the
//! skill rules (the levers that make a skill a choice, with the named presets `classic` and `default`).

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use gambit_rules::{FenError, Position, Role, RuleSet, Setup, Square};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::skill::BySkill;

/// Default Teleport cooldown, in ticks.
pub const DEFAULT_TELEPORT_COOLDOWN: u32 = 6;
/// Default Freeze cooldown, in ticks.
pub const DEFAULT_FREEZE_COOLDOWN: u32 = 9;
/// Default number of ticks a Freeze holds its square.
pub const DEFAULT_FREEZE_DURATION: u32 = 3;
/// The default cooldowns of both skills, in ticks: Teleport 6, Freeze 9.
pub const DEFAULT_COOLDOWNS: BySkill<u32> = BySkill::new(DEFAULT_TELEPORT_COOLDOWN, DEFAULT_FREEZE_COOLDOWN);

/// The cooldowns, in ticks, a front end offers when the player tunes the skills (the setup screen): 1 to 30.
/// A config accepts any value (0 means always ready); this is the range players choose from.
pub const COOLDOWN_RANGE: RangeInclusive<u32> = 1..=30;
/// The freeze durations, in ticks, a front end offers (1 to 10); a config accepts any value.
pub const FREEZE_DURATION_RANGE: RangeInclusive<u32> = 1..=10;

/// `value` moved by `delta` and kept within `range` (for a front end's minus and plus buttons).
///
/// ```
/// use gambit_skills::{COOLDOWN_RANGE, FREEZE_DURATION_RANGE, step_within};
/// assert_eq!(step_within(6, 1, &COOLDOWN_RANGE), 7);
/// assert_eq!(step_within(1, -1, &COOLDOWN_RANGE), 1);
/// assert_eq!(step_within(10, 1, &FREEZE_DURATION_RANGE), 10);
/// ```
#[must_use]
pub fn step_within(value: u32, delta: i32, range: &RangeInclusive<u32>) -> u32 {
    value.saturating_add_signed(delta).clamp(*range.start(), *range.end())
}

/// What advances the cooldowns and freeze timers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockMode {
    /// One tick after every turn-ending action (a move or a teleport), for both sides. The default.
    #[default]
    Ply,
    /// Only [`SkillBoard::tick_cooldowns`](crate::SkillBoard::tick_cooldowns) advances the clock, as in the
    /// prototype.
    Manual,
}

/// The rule set the board is played under (JSON `"standard"` or `"skirmish"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesChoice {
    /// FIDE chess ([`RuleSet::Standard`]). The default.
    #[default]
    Standard,
    /// The roguelite's battle rules with the default promotion policy ([`RuleSet::SKIRMISH`]).
    Skirmish,
}

impl RulesChoice {
    /// The rules crate's rule set.
    #[must_use]
    pub fn rule_set(self) -> RuleSet {
        match self {
            RulesChoice::Standard => RuleSet::Standard,
            RulesChoice::Skirmish => RuleSet::SKIRMISH,
        }
    }
}

/// The rules of the skills beyond cooldowns: each field is one lever of issue 14, toggled on its own
/// (JSON: the object `skill_rules`, or a preset's name). [`SkillRules::CLASSIC`] is the prototype's
/// rules (every lever off); [`SkillRules::DEFAULT`] is the design chosen by measurement (docs/skills.md
/// gives the reasons and the table).
///
/// The teleport levers restrict *relocations*: a teleport along a legal move is that move and stays
/// valid (it only spends the cooldown).
///
/// ```
/// use gambit_skills::SkillRules;
/// assert_eq!("classic".parse::<SkillRules>().unwrap(), SkillRules::CLASSIC);
/// assert_eq!(SkillRules::DEFAULT.name(), Some("default"));
/// assert!(SkillRules::CLASSIC.teleport_range.is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SkillRules {
    /// Both sides start with each skill's cooldown at its configured value (`cooldown_ticks`) instead
    /// of ready: no skill in the opening.
    pub start_on_cooldown: bool,
    /// The farthest a relocation may carry a piece, in king steps (the larger of the file and rank
    /// distances); `None` for anywhere.
    pub teleport_range: Option<u32>,
    /// A relocation may capture only a piece worth no more than the teleporter (pawn 1, knight and
    /// bishop 3, rook 5, queen 9, king above all: [`teleport_worth`]).
    pub capture_limit: bool,
    /// A pawn may not be relocated onto its last two ranks (its promotion square or the square behind
    /// it), so a teleport never sets up a promotion. (Its first and last ranks are always forbidden.)
    pub pawn_promotion_guard: bool,
    /// A pawn is never relocated: its teleport can only be one of its legal moves (which spends the
    /// cooldown). Battles use it (gambit-roguelite's `BATTLE_SKILL_RULES`), where relocated pawns made
    /// most promotions.
    pub no_pawn_relocation: bool,
    /// A piece that teleported cannot capture on its side's next turn (by a move or a teleport).
    pub teleported_cannot_capture: bool,
}

/// The worth of a role for [`SkillRules::capture_limit`]: pawn 1, knight 3, bishop 3, rook 5, queen 9,
/// king 100 (a king may take anything, and only a king may take a king).
#[must_use]
pub const fn teleport_worth(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}

impl SkillRules {
    /// The prototype's rules: every lever off (a teleport goes anywhere, takes anything, skills are
    /// ready from the first move).
    pub const CLASSIC: SkillRules = SkillRules {
        start_on_cooldown: false,
        teleport_range: None,
        capture_limit: false,
        pawn_promotion_guard: false,
        no_pawn_relocation: false,
        teleported_cannot_capture: false,
    };

    /// The design (docs/skills.md), chosen by self-play: a relocation carries a piece at most two king
    /// steps, and no pawn is relocated onto its last two ranks.
    pub const DEFAULT: SkillRules = SkillRules {
        start_on_cooldown: false,
        teleport_range: Some(2),
        capture_limit: false,
        pawn_promotion_guard: true,
        no_pawn_relocation: false,
        teleported_cannot_capture: false,
    };

    /// The named presets, in the order front ends list them.
    pub const PRESETS: [(&'static str, SkillRules); 2] =
        [("default", SkillRules::DEFAULT), ("classic", SkillRules::CLASSIC)];

    /// The preset's name when these rules are one (`"default"` or `"classic"`).
    #[must_use]
    pub fn name(&self) -> Option<&'static str> {
        SkillRules::PRESETS.iter().find(|(_, r)| r == self).map(|&(n, _)| n)
    }

    /// Whether a relocation from `from` to `to` is within [`SkillRules::teleport_range`].
    #[must_use]
    pub fn in_range(&self, from: Square, to: Square) -> bool {
        self.teleport_range.is_none_or(|r| {
            let df = from.file().index().abs_diff(to.file().index());
            let dr = from.rank().index().abs_diff(to.rank().index());
            u32::from(df.max(dr)) <= r
        })
    }

    /// Whether a `teleporter` may capture a `victim` by relocation under [`SkillRules::capture_limit`].
    #[must_use]
    pub fn may_capture(&self, teleporter: Role, victim: Role) -> bool {
        !self.capture_limit || teleport_worth(victim) <= teleport_worth(teleporter)
    }
}

impl SkillRules {
    /// Reads skill rules as a front end gets them: a preset's name (`default`, `classic`) or a JSON
    /// object of levers over its `preset`, as the config's `skill_rules` field.
    ///
    /// ```
    /// use gambit_skills::SkillRules;
    /// let r = SkillRules::from_text(r#"{"preset": "classic", "capture_limit": true}"#).unwrap();
    /// assert_eq!(r, SkillRules { capture_limit: true, ..SkillRules::CLASSIC });
    /// assert_eq!(SkillRules::from_text("default").unwrap(), SkillRules::DEFAULT);
    /// assert!(SkillRules::from_text("modern").is_err());
    /// ```
    ///
    /// # Errors
    /// [`ConfigError::BadValue`] for a name that is not a preset's, [`ConfigError::Json`] for an object
    /// that is not JSON, and the errors of the config's `skill_rules` field.
    pub fn from_text(text: &str) -> Result<SkillRules, ConfigError> {
        let text = text.trim();
        if !text.starts_with('{') {
            return preset("skill_rules", &Value::String(text.to_string()));
        }
        let value: Value = serde_json::from_str(text).map_err(|e| ConfigError::Json(e.to_string()))?;
        skill_rules(&value)
    }
}

impl<'de> Deserialize<'de> for SkillRules {
    /// A preset's name or an object of levers over a preset, as the config's `skill_rules` field.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SkillRules, D::Error> {
        let value = Value::deserialize(deserializer)?;
        skill_rules(&value).map_err(serde::de::Error::custom)
    }
}

impl Default for SkillRules {
    fn default() -> SkillRules {
        SkillRules::DEFAULT
    }
}

impl fmt::Display for SkillRules {
    /// The preset's name, or the rules as JSON.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.pad(n),
            None => f.pad(&serde_json::to_string(self).expect("rules always serialize")),
        }
    }
}

/// A skill-rules preset name that is not `default` or `classic`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown skill rules {0:?}: expected \"default\" or \"classic\"")]
pub struct ParseSkillRulesError(pub String);

impl FromStr for SkillRules {
    type Err = ParseSkillRulesError;

    /// A preset by name: `default` or `classic`.
    fn from_str(s: &str) -> Result<SkillRules, ParseSkillRulesError> {
        SkillRules::PRESETS
            .iter()
            .find(|(n, _)| *n == s)
            .map(|&(_, r)| r)
            .ok_or_else(|| ParseSkillRulesError(s.chars().take(32).collect()))
    }
}

/// The cooldown each skill gets when cast, in ticks (0 means always ready). Its `Default` is all zeros,
/// as for any [`BySkill`]; a config's default is [`DEFAULT_COOLDOWNS`].
pub type CooldownTicks = BySkill<u32>;

/// The configuration of a [`SkillBoard`](crate::SkillBoard), as JSON:
///
/// ```json
/// {"start_fen": "", "cooldown_ticks": {"teleport": 6, "freeze": 9}, "freeze_duration": 3,
///  "clock": "ply", "rules": "standard", "skill_rules": "default"}
/// ```
///
/// Every field is optional and defaults as shown. `skill_rules` is a preset's name (`"default"`,
/// `"classic"`) or an object of [`SkillRules`] fields, which start from `"preset"` (default `"default"`)
/// when given: `{"preset": "classic", "teleport_range": 3}`. It is written out as the full object. The JSON Schema is `docs/skills-config.schema.json`.
///
/// Deserializing with serde goes through the same reader as [`SkillConfig::from_json`] (defaults,
/// unknown fields and ranges alike), without the FEN check.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SkillConfig {
    /// The start position as a FEN; empty means the standard start position.
    pub start_fen: String,
    /// The cooldown each skill gets when cast, in ticks (default [`DEFAULT_COOLDOWNS`]).
    pub cooldown_ticks: CooldownTicks,
    /// How many ticks a Freeze holds its square (default 3).
    pub freeze_duration: u32,
    /// What advances the clock (default [`ClockMode::Ply`]).
    pub clock: ClockMode,
    /// The rule set (default [`RulesChoice::Standard`]).
    pub rules: RulesChoice,
    /// The skill rules (default [`SkillRules::DEFAULT`]).
    pub skill_rules: SkillRules,
}

impl Default for SkillConfig {
    fn default() -> Self {
        SkillConfig {
            start_fen: String::new(),
            cooldown_ticks: DEFAULT_COOLDOWNS,
            freeze_duration: DEFAULT_FREEZE_DURATION,
            clock: ClockMode::Ply,
            rules: RulesChoice::Standard,
            skill_rules: SkillRules::DEFAULT,
        }
    }
}

impl<'de> Deserialize<'de> for SkillConfig {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SkillConfig, D::Error> {
        let value = Value::deserialize(deserializer)?;
        SkillConfig::from_value(&value).map_err(serde::de::Error::custom)
    }
}

/// A configuration that cannot be used. Every variant except [`ConfigError::Json`] names the field
/// (dotted path, such as `cooldown_ticks.teleport`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// The text is not JSON at all.
    #[error("config is not valid JSON: {0}")]
    Json(String),
    /// A field the configuration does not have.
    #[error("unknown config field `{0}`")]
    UnknownField(String),
    /// A field whose value has the wrong type or range.
    #[error("config field `{field}`: expected {expected}, found {found}")]
    BadValue {
        /// The field's dotted path (empty for the top level).
        field: String,
        /// What the field accepts.
        expected: &'static str,
        /// The offending value as JSON (cut to 40 characters).
        found: String,
    },
    /// `start_fen` is not a FEN of a valid position under the configured rules.
    #[error("config field `start_fen`: {0}")]
    BadFen(FenError),
}

impl ConfigError {
    /// The dotted path of the offending field, `None` for text that is not JSON.
    #[must_use]
    pub fn field(&self) -> Option<&str> {
        match self {
            ConfigError::Json(_) => None,
            ConfigError::UnknownField(f) | ConfigError::BadValue { field: f, .. } => Some(f),
            ConfigError::BadFen(_) => Some("start_fen"),
        }
    }
}

fn clip(v: &Value) -> String {
    v.to_string().chars().take(40).collect()
}

fn uint(field: &str, v: &Value) -> Result<u32, ConfigError> {
    v.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| ConfigError::BadValue {
        field: field.to_string(),
        expected: "an integer from 0 to 4294967295",
        found: clip(v),
    })
}

fn object<'a>(field: &str, v: &'a Value) -> Result<&'a serde_json::Map<String, Value>, ConfigError> {
    v.as_object().ok_or_else(|| ConfigError::BadValue {
        field: field.to_string(),
        expected: "a JSON object",
        found: clip(v),
    })
}

fn flag(field: &str, v: &Value) -> Result<bool, ConfigError> {
    v.as_bool().ok_or_else(|| ConfigError::BadValue {
        field: field.to_string(),
        expected: "true or false",
        found: clip(v),
    })
}

fn preset(field: &str, v: &Value) -> Result<SkillRules, ConfigError> {
    v.as_str().and_then(|s| s.parse().ok()).ok_or_else(|| ConfigError::BadValue {
        field: field.to_string(),
        expected: "\"default\" or \"classic\"",
        found: clip(v),
    })
}

/// Reads `skill_rules`: a preset's name, or an object of fields over its `preset` (default `default`).
fn skill_rules(v: &Value) -> Result<SkillRules, ConfigError> {
    if v.is_string() {
        return preset("skill_rules", v);
    }
    let fields = object("skill_rules", v)?;
    let mut rules = match fields.get("preset") {
        Some(p) => preset("skill_rules.preset", p)?,
        None => SkillRules::DEFAULT,
    };
    for (key, v) in fields {
        let path = format!("skill_rules.{key}");
        match key.as_str() {
            "preset" => {}
            "start_on_cooldown" => rules.start_on_cooldown = flag(&path, v)?,
            "teleport_range" => rules.teleport_range = if v.is_null() { None } else { Some(uint(&path, v)?) },
            "capture_limit" => rules.capture_limit = flag(&path, v)?,
            "pawn_promotion_guard" => rules.pawn_promotion_guard = flag(&path, v)?,
            "no_pawn_relocation" => rules.no_pawn_relocation = flag(&path, v)?,
            "teleported_cannot_capture" => rules.teleported_cannot_capture = flag(&path, v)?,
            _ => return Err(ConfigError::UnknownField(path.chars().take(60).collect())),
        }
    }
    Ok(rules)
}

impl SkillConfig {
    /// The default config under the prototype's skill rules ([`SkillRules::CLASSIC`]).
    #[must_use]
    pub fn classic() -> SkillConfig {
        SkillConfig { skill_rules: SkillRules::CLASSIC, ..SkillConfig::default() }
    }

    /// Parses and validates a configuration from JSON text. Missing fields take their defaults.
    ///
    /// ```
    /// use gambit_skills::{ClockMode, SkillConfig};
    /// let c = SkillConfig::from_json(r#"{"cooldown_ticks": {"teleport": 4}, "clock": "manual"}"#).unwrap();
    /// assert_eq!((c.cooldown_ticks.teleport, c.cooldown_ticks.freeze, c.clock), (4, 9, ClockMode::Manual));
    /// let err = SkillConfig::from_json(r#"{"freeze_duration": -1}"#).unwrap_err();
    /// assert_eq!(err.field(), Some("freeze_duration"));
    /// ```
    ///
    /// # Errors
    /// [`ConfigError::Json`] for text that is not JSON; [`ConfigError::UnknownField`] for a field the
    /// config does not have; [`ConfigError::BadValue`] for a negative, fractional, too large or mistyped
    /// value or an unknown clock, rules or skill-rules name; [`ConfigError::BadFen`] when `start_fen` is not a valid
    /// position under the configured rules.
    pub fn from_json(text: &str) -> Result<SkillConfig, ConfigError> {
        let value: Value = serde_json::from_str(text).map_err(|e| ConfigError::Json(e.to_string()))?;
        let config = SkillConfig::from_value(&value)?;
        config.start_position()?;
        Ok(config)
    }

    /// Reads the fields of a parsed JSON value (the FEN is not checked here).
    pub(crate) fn from_value(value: &Value) -> Result<SkillConfig, ConfigError> {
        let mut config = SkillConfig::default();
        for (key, v) in object("", value)? {
            match key.as_str() {
                "start_fen" => {
                    config.start_fen = v
                        .as_str()
                        .ok_or_else(|| ConfigError::BadValue {
                            field: "start_fen".into(),
                            expected: "a FEN string (empty for the start position)",
                            found: clip(v),
                        })?
                        .to_string();
                }
                "cooldown_ticks" => {
                    for (skill, n) in object("cooldown_ticks", v)? {
                        let path = format!("cooldown_ticks.{skill}");
                        match skill.as_str() {
                            "teleport" => config.cooldown_ticks.teleport = uint(&path, n)?,
                            "freeze" => config.cooldown_ticks.freeze = uint(&path, n)?,
                            _ => return Err(ConfigError::UnknownField(path)),
                        }
                    }
                }
                "freeze_duration" => config.freeze_duration = uint("freeze_duration", v)?,
                "clock" => {
                    config.clock = match v.as_str() {
                        Some("ply") => ClockMode::Ply,
                        Some("manual") => ClockMode::Manual,
                        _ => {
                            return Err(ConfigError::BadValue {
                                field: "clock".into(),
                                expected: "\"ply\" or \"manual\"",
                                found: clip(v),
                            });
                        }
                    }
                }
                "rules" => {
                    config.rules = match v.as_str() {
                        Some("standard") => RulesChoice::Standard,
                        Some("skirmish") => RulesChoice::Skirmish,
                        _ => {
                            return Err(ConfigError::BadValue {
                                field: "rules".into(),
                                expected: "\"standard\" or \"skirmish\"",
                                found: clip(v),
                            });
                        }
                    }
                }
                "skill_rules" => config.skill_rules = skill_rules(v)?,
                other => return Err(ConfigError::UnknownField(other.chars().take(40).collect())),
            }
        }
        Ok(config)
    }

    /// The configuration as pretty-printed JSON (every field written out); [`SkillConfig::from_json`]
    /// reads it back.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a config always serializes")
    }

    /// The start position: the standard one when `start_fen` is empty (under skirmish rules: the same
    /// pieces without castling rights), else `start_fen` parsed with the checked constructor.
    ///
    /// # Errors
    /// [`ConfigError::BadFen`] when `start_fen` is not a FEN or not a valid position under the rules.
    pub fn start_position(&self) -> Result<Position, ConfigError> {
        let rules = self.rules.rule_set();
        if self.start_fen.trim().is_empty() {
            let mut pos = Position::startpos();
            pos.set_rules(rules).map_err(|e| ConfigError::BadFen(FenError::Position(e)))?;
            Ok(pos)
        } else {
            read_start_fen(&self.start_fen, rules, true).map_err(ConfigError::BadFen)
        }
    }
}

/// Reads a start FEN under `rules` with the checked constructor (`checked`) or the unchecked one. A
/// castling field written with rook files (Shredder-FEN: `HAha`, as
/// [`SkillBoard::from_position`](crate::SkillBoard::from_position) writes a Chess960 position) is read
/// as Chess960; any other as a standard FEN.
///
/// # Errors
/// [`FenError`] when the FEN does not parse or the position is refused.
pub(crate) fn read_start_fen(fen: &str, rules: RuleSet, checked: bool) -> Result<Position, FenError> {
    let rook_files = fen
        .split_whitespace()
        .nth(2)
        .is_some_and(|castling| castling.chars().any(|c| matches!(c.to_ascii_lowercase(), 'a'..='h')));
    let setup = if rook_files { Setup::from_chess960_fen(fen)? } else { Setup::from_fen(fen)? };
    Ok(if checked {
        Position::from_setup(&setup, rules)?
    } else {
        Position::from_setup_unchecked(&setup, rules)?
    })
}
