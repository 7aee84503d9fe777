//! The board's configuration: start position, cooldowns, freeze duration, clock mode and rule set.

use std::ops::RangeInclusive;

use gambit_rules::{FenError, Position, RuleSet};
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

/// The cooldown each skill gets when cast, in ticks (0 means always ready). Its `Default` is all zeros,
/// as for any [`BySkill`]; a config's default is [`DEFAULT_COOLDOWNS`].
pub type CooldownTicks = BySkill<u32>;

/// The configuration of a [`SkillBoard`](crate::SkillBoard), as JSON:
///
/// ```json
/// {"start_fen": "", "cooldown_ticks": {"teleport": 6, "freeze": 9}, "freeze_duration": 3,
///  "clock": "ply", "rules": "standard"}
/// ```
///
/// Every field is optional and defaults as shown. The JSON Schema is `docs/skills-config.schema.json`.
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
}

impl Default for SkillConfig {
    fn default() -> Self {
        SkillConfig {
            start_fen: String::new(),
            cooldown_ticks: DEFAULT_COOLDOWNS,
            freeze_duration: DEFAULT_FREEZE_DURATION,
            clock: ClockMode::Ply,
            rules: RulesChoice::Standard,
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

impl SkillConfig {
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
    /// value or an unknown clock or rules name; [`ConfigError::BadFen`] when `start_fen` is not a valid
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
            Position::from_fen_with(&self.start_fen, rules).map_err(ConfigError::BadFen)
        }
    }
}
