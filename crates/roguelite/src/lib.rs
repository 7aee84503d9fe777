#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod battle;
mod bot;
mod economy;
mod encounter;
mod run;
mod save;
mod skilltree;
mod types;

pub use battle::{
    Action, ActionError, BATTLE_RULES, Battle, BattleError, BattleSetup, BattleStats, BattleStatus,
    BoardShape, BonusObjective, CLOUD_EXPOSURES, Cloud, DefeatReason, Event, EventKind, Objective, START_HP,
    SkillTuning, Unit, UnitSpec,
};
pub use bot::{
    BEAM_WIDTH, BattleGame, BotDecision, DEFAULT_CONSISTENCY, DEFAULT_DEPTH, DEFAULT_NODES, EnemyTuning,
    StageTuning, choose_action, evaluate_for_player, role_value,
};
pub use economy::{
    BATTLES_PER_RUN, REROLL_PRICE, modifier_price, piece_price, purchase_limit, run_exp, victory_gold,
    victory_points,
};
pub use encounter::{
    Encounter, EncounterError, EncounterTemplate, EnemyPiece, Generated, Variation, default_deployment,
    fallback_encounter, generate, template, templates,
};
pub use run::{
    AUTO_PLAYER_TUNING, BattleRecord, Decision, OwnedPiece, Placement, RUN_LOG_VERSION, ReplayError, Run,
    RunConfig, RunError, RunEvent, RunLog, RunStats, RunSummary, Screen, Shop, ShopItem, ShopSlot,
    auto_decision, derive_seed, play_auto,
};
pub use save::{
    DATA_DIR_ENV, Loaded, PROGRESS_FILE, PROGRESS_VERSION, Progress, ProgressStats, RUN_FILE,
    RUN_FILE_VERSION, SaveError, SaveStore,
};
pub use skilltree::{NodeEffect, Perks, SkillGroup, SkillNode, SkillTree, UnlockError};
pub use types::{
    Modifier, PieceId, Side, parse_role, role_name, role_serde, square_at, square_serde, squares_serde,
};
