#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod bot;
mod chess;
pub mod engine;
pub mod eval;
mod game;
mod ordering;
pub mod params;
pub mod score;
pub mod search;
mod skills;
pub mod time;
mod tt;
pub mod uci;

pub use bot::{BotChoice, BotOptions, choose};
pub use engine::{Engine, MinimaxEngine, RandomEngine, SearchEngine, minimax};
pub use game::{Game, Terminal};
pub use params::Params;
pub use search::{Limits, NoHandler, Progress, RankedAction, SearchHandler, SearchResult, Searcher};
pub use tt::TranspositionTable;
