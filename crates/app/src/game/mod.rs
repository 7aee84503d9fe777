//! Skill chess against the engine: the session resource, the engine's turn on a worker thread, and the
//! saved unfinished game.

pub mod engine;
pub mod pgn;
pub mod save;
pub mod session;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

pub use session::{SkillGame, Targeting};

use crate::board::BoardInput;
use crate::menus::Menu;
use crate::screens::Screen;

/// The engine's strength: a named level mapped to a search budget (see [`Strength::budget`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strength {
    /// Two plies, 420 nodes, often not the best move.
    Beginner,
    /// Three plies, 2,400 nodes.
    #[default]
    Casual,
    /// Six plies, 30,000 nodes, full width.
    Club,
    /// Up to twelve plies, 400,000 nodes or 2 seconds.
    Expert,
}

impl Strength {
    /// Every level, weakest first.
    pub const ALL: [Strength; 4] = [Strength::Beginner, Strength::Casual, Strength::Club, Strength::Expert];

    /// The level's name as shown.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Strength::Beginner => "Beginner",
            Strength::Casual => "Casual",
            Strength::Club => "Club",
            Strength::Expert => "Expert",
        }
    }

    /// The search budget: depth in plies and the bot options (nodes, beam width, consistency, time).
    #[must_use]
    pub fn budget(self) -> (u32, gambit_search::BotOptions) {
        let base = gambit_search::BotOptions::default();
        match self {
            Strength::Beginner => (2, gambit_search::BotOptions { max_nodes: 420, consistency: 0.5, ..base }),
            Strength::Casual => (3, gambit_search::BotOptions { max_nodes: 2_400, consistency: 0.9, ..base }),
            Strength::Club => {
                (6, gambit_search::BotOptions { max_nodes: 30_000, beam_width: 0, hash_mib: 8, ..base })
            }
            Strength::Expert => (
                12,
                gambit_search::BotOptions {
                    max_nodes: 400_000,
                    beam_width: 0,
                    time_limit_ms: Some(2_000),
                    hash_mib: 32,
                    ..base
                },
            ),
        }
    }

    /// The next level up (wrapping), for a cycling button.
    #[must_use]
    pub fn next(self) -> Strength {
        let i = Strength::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Strength::ALL[(i + 1) % Strength::ALL.len()]
    }
}

/// The skill-chess logic: input handling, the engine's turn, saving.
pub fn plugin(app: &mut App) {
    app.add_plugins((engine::plugin, save::plugin));
    app.add_systems(
        Update,
        apply_board_input
            .run_if(in_state(Screen::SkillChess))
            .run_if(in_state(Menu::None))
            .run_if(resource_exists::<SkillGame>),
    );
}

/// Turns board input messages (from picking, the keyboard, the command line or tests) into game actions.
fn apply_board_input(
    mut inputs: MessageReader<BoardInput>,
    mut game: ResMut<SkillGame>,
    mut engine: ResMut<engine::EngineTask>,
) {
    for input in inputs.read() {
        match input {
            BoardInput::Pressed(square) => game.press(*square),
            BoardInput::Dropped { from, to } => game.drop_piece(*from, *to),
            BoardInput::Command(text) => {
                let _ = game.command(text);
            }
            BoardInput::Cast(skill) => game.start_cast(*skill),
            BoardInput::Promote(role) => game.promote(*role),
            BoardInput::Cancel => game.cancel(),
            BoardInput::Undo => {
                engine.cancel();
                game.undo_turn();
            }
        }
    }
}
