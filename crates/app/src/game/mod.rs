//! Skill chess against the engine: the game ([`SkillGame`], the model), the player's pending input
//! ([`input::PlayerInput`], the screen's UI state with the rules of taking input), the engine's turn
//! on a worker thread, the winning-chances reading and the foresight preview on others, the saved unfinished game and the PGN export.

pub mod chances;
pub mod engine;
pub mod foresight;
pub mod input;
pub mod pgn;
pub mod records;
pub mod save;
pub mod session;
pub mod threats;

use bevy::prelude::*;

pub use input::{PlayerInput, Targeting};
pub use session::SkillGame;

/// The engine's strength is a rung of the search crate's one difficulty ladder.
pub use gambit_search::Preset;

/// The skill-chess model's systems: the engine's turn and saving (the screen is
/// [`crate::screens::skill_chess`]).
pub fn plugin(app: &mut App) {
    app.add_plugins((engine::plugin, chances::plugin, foresight::plugin, save::plugin, records::plugin));
}
