#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod bot;
pub mod chances;
mod chess;
pub mod engine;
pub mod eval;
mod game;
mod ordering;
pub mod params;
mod preset;
pub mod score;
pub mod search;
mod skills;
mod tt;

pub use bot::{BotChoice, BotConfig, BotOptions, choose, choose_with};
pub use chances::{CHANCES_MIN_DEPTH, CHANCES_NODES, Chances, winning_chances};
pub use engine::{Engine, MinimaxEngine, RandomEngine, SearchEngine, minimax};
pub use game::{Game, Terminal};
pub use params::Params;
pub use preset::{ParsePresetError, Preset};
pub use search::{
    Limits, NoHandler, PvLine, RankedAction, SearchHandler, SearchInfo, SearchResult, Searcher,
};
pub use skills::{QuiescenceTeleports, SkillParams, SkillSearch};
pub use tt::TranspositionTable;
