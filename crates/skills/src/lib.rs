#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod action;
mod board;
mod config;
mod error;
mod log;
mod render;
mod skill;
mod state;

pub use action::Action;
pub use board::{SkillBoard, Teleported};
pub use config::{
    ClockMode, ConfigError, CooldownTicks, DEFAULT_FREEZE_COOLDOWN, DEFAULT_FREEZE_DURATION,
    DEFAULT_TELEPORT_COOLDOWN, RulesChoice, SkillConfig,
};
pub use error::SkillError;
pub use log::{LogEntry, LogKind};
pub use render::{GridError, render_ascii, rotate_view_180};
pub use skill::{Cooldowns, ParseSkillError, SideCooldowns, Skill};
pub use state::StateError;
