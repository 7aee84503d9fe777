#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod action;
mod alteration;
mod board;
mod config;
mod error;
mod frozen;
mod history;
mod log;
mod pgn;
mod render;
mod skill;
mod start;
mod state;
mod teleports;
mod threats;

pub use action::{Action, Played};
pub use alteration::{SkillAlteration, SkillAlterationError};
pub use board::{SkillBoard, Teleported, frozen_square_card};
pub use config::{
    COOLDOWN_RANGE, ClockMode, ConfigError, CooldownTicks, DEFAULT_COOLDOWNS, DEFAULT_FREEZE_COOLDOWN,
    DEFAULT_FREEZE_DURATION, DEFAULT_TELEPORT_COOLDOWN, FREEZE_DURATION_RANGE, ParseSkillRulesError,
    RulesChoice, SkillConfig, SkillRules, step_within, teleport_worth,
};
pub use error::SkillError;
pub use log::{LogEntry, LogKind};
pub use pgn::PgnRecorder;
pub use render::{GridError, render_ascii, rotate_view_180};
pub use skill::{BySkill, Cooldowns, ParseSkillError, SideCooldowns, Skill, cooldowns_json};
pub use start::{GameStart, GameStartError};
pub use state::StateError;
pub use teleports::{TeleportRules, TeleportTargets};
pub use threats::threatened_squares;
