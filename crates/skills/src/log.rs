//! The action log.

use std::fmt;

use gambit_rules::Color;
use serde::{Deserialize, Serialize};

use crate::skill::Cooldowns;

/// What a [`LogEntry`] records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogKind {
    /// An ordinary move; the detail is its UCI (`e2e4`).
    Move,
    /// A Teleport; the detail is the two squares (`e4e7`).
    Teleport,
    /// A Freeze; the detail is the square (`e7`).
    Freeze,
    /// A call of [`SkillBoard::tick_cooldowns`](crate::SkillBoard::tick_cooldowns) (not an action, but
    /// logged so that a replay of the log is exact); the detail is the number of ticks.
    Tick,
}

impl LogKind {
    /// The lower-case name: `move`, `teleport`, `freeze` or `tick`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LogKind::Move => "move",
            LogKind::Teleport => "teleport",
            LogKind::Freeze => "freeze",
            LogKind::Tick => "tick",
        }
    }
}

impl fmt::Display for LogKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// One line of the log: what happened, who did it, and both sides' cooldowns once it was fully applied
/// (after the ply clock's tick, when the clock is [`ClockMode::Ply`](crate::ClockMode::Ply)).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    /// The kind of entry.
    pub kind: LogKind,
    /// The operand: `e2e4` for a move, `e4e7` for a teleport, `e7` for a freeze, `6` for a tick.
    pub detail: String,
    /// The side that acted (for a tick, the side to move at the time).
    #[serde(with = "color_name")]
    pub actor: Color,
    /// Both sides' cooldowns after the entry.
    pub cooldowns: Cooldowns,
}

impl LogEntry {
    /// The action's text form (`e2e4`, `tp e4e7`, `fz e7`), or `None` for a tick.
    #[must_use]
    pub fn action_text(&self) -> Option<String> {
        match self.kind {
            LogKind::Move => Some(self.detail.clone()),
            LogKind::Teleport => Some(format!("tp {}", self.detail)),
            LogKind::Freeze => Some(format!("fz {}", self.detail)),
            LogKind::Tick => None,
        }
    }
}

/// Serde for a colour as `"white"` / `"black"`.
pub(crate) mod color_name {
    use gambit_rules::Color;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(crate) fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(c.name())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(D::Error::custom(format!("expected \"white\" or \"black\", found {other:?}"))),
        }
    }
}
