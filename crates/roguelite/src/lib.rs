#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod balance;
pub mod battle;
pub mod bot;
pub mod config;
pub mod economy;
pub mod encounter;
pub mod guide;
pub mod items;
pub mod rank;
pub mod records;
pub mod replay;
pub mod route;
pub mod run;
pub mod save;
pub mod seed;
pub mod skilltree;
pub mod solve;
pub mod tuning;
pub mod tutorial;
mod types;
pub mod versus;

pub use battle::{Battle, BattleAction, BattleAlteration, BattleEvent, BattleStatus};
pub use run::{Decision, Run, RunConfig, RunEvent, RunPhase};
pub use save::Progress;
pub use skilltree::SkillTree;
pub use types::{Modifier, PieceId, PieceName, Team};
