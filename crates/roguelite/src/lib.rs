#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod battle;
mod types;

pub use battle::{
    Action, ActionError, BATTLE_RULES, Battle, BattleError, BattleSetup, BattleStats, BattleStatus,
    BoardShape, BonusObjective, CLOUD_EXPOSURES, Cloud, DefeatReason, Event, EventKind, Objective, START_HP,
    SkillTuning, Unit, UnitSpec,
};
pub use types::{
    Modifier, PieceId, Side, parse_role, role_name, role_serde, square_at, square_serde, squares_serde,
};
