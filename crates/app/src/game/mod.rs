//! Skill chess against the engine: the session resource, the engine's turn on a worker thread, and the
//! saved unfinished game.

pub mod engine;
pub mod pgn;
pub mod save;
pub mod session;

use bevy::prelude::*;

pub use session::{SkillGame, Targeting};

use crate::board::BoardInput;
use crate::menus::Menu;
use crate::screens::Screen;

/// The engine's strength is a rung of the search crate's one difficulty ladder.
pub use gambit_search::Preset;

/// The skill-chess logic: input handling, the engine's turn, saving.
pub fn plugin(app: &mut App) {
    app.add_plugins((engine::plugin, save::plugin));
    app.add_systems(
        Update,
        apply_board_input
            .run_if(in_state(Screen::SkillChess))
            .run_if(in_state(Menu::None))
            .run_if(resource_exists::<SkillGame>)
            .in_set(crate::AppSystems::Decide),
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
