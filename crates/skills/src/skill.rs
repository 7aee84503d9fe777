//! The skills and the per-side cooldown counters.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use gambit_rules::ByColor;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A skill a side can cast.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Skill {
    /// Relocates a friendly piece; ends the turn.
    Teleport,
    /// Freezes a square for a few ticks; does not end the turn.
    Freeze,
}

impl Skill {
    /// Both skills, Teleport first.
    pub const ALL: [Skill; 2] = [Skill::Teleport, Skill::Freeze];

    /// The lower-case name, `"teleport"` or `"freeze"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Skill::Teleport => "teleport",
            Skill::Freeze => "freeze",
        }
    }
}

impl fmt::Display for Skill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A skill name that is not `teleport` or `freeze`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown skill {0:?}: expected \"teleport\" or \"freeze\"")]
pub struct ParseSkillError(pub String);

impl FromStr for Skill {
    type Err = ParseSkillError;

    fn from_str(s: &str) -> Result<Skill, ParseSkillError> {
        match s {
            "teleport" => Ok(Skill::Teleport),
            "freeze" => Ok(Skill::Freeze),
            other => Err(ParseSkillError(other.chars().take(32).collect())),
        }
    }
}

/// One value per skill: a per-skill container, so code indexes by [`Skill`] instead of matching on it.
///
/// Serialized as `{"teleport": ..., "freeze": ...}`.
///
/// ```
/// use gambit_skills::{BySkill, Skill};
/// let mut ticks = BySkill::new(6, 9);
/// ticks[Skill::Freeze] -= 1;
/// assert_eq!((ticks[Skill::Teleport], ticks.freeze), (6, 8));
/// assert_eq!(ticks.map(|t| t * 2), BySkill { teleport: 12, freeze: 16 });
/// assert_eq!(ticks.iter().map(|(s, t)| format!("{s} {t}")).collect::<Vec<_>>(), ["teleport 6", "freeze 8"]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BySkill<T> {
    /// Teleport's value.
    pub teleport: T,
    /// Freeze's value.
    pub freeze: T,
}

impl<T> BySkill<T> {
    /// Teleport's and Freeze's values.
    #[must_use]
    pub const fn new(teleport: T, freeze: T) -> BySkill<T> {
        BySkill { teleport, freeze }
    }

    /// The value of `skill`.
    #[must_use]
    pub const fn get(&self, skill: Skill) -> &T {
        match skill {
            Skill::Teleport => &self.teleport,
            Skill::Freeze => &self.freeze,
        }
    }

    /// The value of `skill`, mutably.
    pub const fn get_mut(&mut self, skill: Skill) -> &mut T {
        match skill {
            Skill::Teleport => &mut self.teleport,
            Skill::Freeze => &mut self.freeze,
        }
    }

    /// Applies `f` to each value.
    #[must_use]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySkill<U> {
        BySkill { teleport: f(self.teleport), freeze: f(self.freeze) }
    }

    /// The skills with their values, in [`Skill::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Skill, &T)> {
        [(Skill::Teleport, &self.teleport), (Skill::Freeze, &self.freeze)].into_iter()
    }
}

impl<T> Index<Skill> for BySkill<T> {
    type Output = T;

    fn index(&self, skill: Skill) -> &T {
        self.get(skill)
    }
}

impl<T> IndexMut<Skill> for BySkill<T> {
    fn index_mut(&mut self, skill: Skill) -> &mut T {
        self.get_mut(skill)
    }
}

/// One side's remaining cooldowns, in ticks (0 means ready).
pub type SideCooldowns = BySkill<u32>;

impl BySkill<u32> {
    /// Lowers every value by `ticks`, never below 0.
    pub(crate) fn decay(&mut self, ticks: u32) {
        self.teleport = self.teleport.saturating_sub(ticks);
        self.freeze = self.freeze.saturating_sub(ticks);
    }
}

/// Both sides' cooldowns, in ticks: `cooldowns[color][skill]` (0 means ready). Each side has its own
/// pool: White's cast never delays Black's skills.
///
/// Serialized as `{"white": {"teleport": 0, "freeze": 0}, "black": {...}}`; [`cooldowns_json`] writes that
/// on one line with a fixed key order.
pub type Cooldowns = ByColor<SideCooldowns>;

/// Both sides' cooldowns as one line of JSON with fixed key order:
/// `{"white": {"teleport": 0, "freeze": 0}, "black": {"teleport": 0, "freeze": 0}}`.
///
/// ```
/// use gambit_rules::Color;
/// use gambit_skills::{Cooldowns, Skill, cooldowns_json};
/// let mut c = Cooldowns::default();
/// c[Color::Black][Skill::Freeze] = 9;
/// assert_eq!(cooldowns_json(&c), r#"{"white": {"teleport": 0, "freeze": 0}, "black": {"teleport": 0, "freeze": 9}}"#);
/// ```
#[must_use]
pub fn cooldowns_json(cooldowns: &Cooldowns) -> String {
    format!("{{\"white\": {}, \"black\": {}}}", cooldowns.white, cooldowns.black)
}

impl fmt::Display for BySkill<u32> {
    /// `{"teleport": t, "freeze": f}` (JSON, fixed key order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{\"teleport\": {}, \"freeze\": {}}}", self.teleport, self.freeze)
    }
}

/// Lowers every cooldown of both sides by `ticks`, never below 0.
pub(crate) fn decay(cooldowns: &mut Cooldowns, ticks: u32) {
    for (_, side) in cooldowns.iter_mut() {
        side.decay(ticks);
    }
}
