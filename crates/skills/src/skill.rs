//! The skills and the per-side cooldown counters.

use std::fmt;
use std::str::FromStr;

use gambit_rules::Color;
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

/// One side's remaining cooldowns, in ticks (0 means ready).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideCooldowns {
    /// Ticks until Teleport is ready.
    pub teleport: u32,
    /// Ticks until Freeze is ready.
    pub freeze: u32,
}

impl SideCooldowns {
    /// The remaining ticks of `skill`.
    #[must_use]
    pub fn get(&self, skill: Skill) -> u32 {
        match skill {
            Skill::Teleport => self.teleport,
            Skill::Freeze => self.freeze,
        }
    }

    pub(crate) fn set(&mut self, skill: Skill, ticks: u32) {
        match skill {
            Skill::Teleport => self.teleport = ticks,
            Skill::Freeze => self.freeze = ticks,
        }
    }

    pub(crate) fn decay(&mut self, ticks: u32) {
        self.teleport = self.teleport.saturating_sub(ticks);
        self.freeze = self.freeze.saturating_sub(ticks);
    }
}

/// Both sides' cooldowns. Each side has its own pool: White's cast never delays Black's skills.
///
/// Its [`Display`](fmt::Display) is one line of JSON with fixed key order:
/// `{"white": {"teleport": 0, "freeze": 0}, "black": {"teleport": 0, "freeze": 0}}`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cooldowns {
    /// White's cooldowns.
    pub white: SideCooldowns,
    /// Black's cooldowns.
    pub black: SideCooldowns,
}

impl Cooldowns {
    /// The cooldowns of `color`.
    #[must_use]
    pub fn side(&self, color: Color) -> SideCooldowns {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    pub(crate) fn side_mut(&mut self, color: Color) -> &mut SideCooldowns {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    pub(crate) fn decay(&mut self, ticks: u32) {
        self.white.decay(ticks);
        self.black.decay(ticks);
    }
}

impl fmt::Display for Cooldowns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{{\"white\": {{\"teleport\": {}, \"freeze\": {}}}, \"black\": {{\"teleport\": {}, \"freeze\": {}}}}}",
            self.white.teleport, self.white.freeze, self.black.teleport, self.black.freeze
        )
    }
}
