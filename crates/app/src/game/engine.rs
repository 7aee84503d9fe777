//! The engine's turn: the search runs on Bevy's `AsyncComputeTaskPool` on a private copy of the game,
//! so the window keeps rendering and taking input. New game and undo cancel the task (dropping a Bevy
//! task cancels it), and a reply for an older game generation is ignored.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gambit_rules::Color;
use gambit_skills::{Action, SkillBoard};

use super::{Preset, SkillGame};
use crate::menus::Menu;
use crate::screens::Screen;

/// The engine's systems (start a search, apply a finished one), in [`crate::AppSystems::Apply`].
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EngineSystems;

/// What the engine decided.
#[derive(Clone, Debug)]
pub struct EngineReply {
    /// The action, `None` when the engine had none.
    pub action: Option<Action>,
    /// The evaluation from White's view, centipawns.
    pub score_white: i32,
    /// The game generation the reply was computed for.
    pub generation: u64,
}

/// The running engine task, if any.
#[derive(Resource, Default)]
pub struct EngineTask {
    task: Option<Task<EngineReply>>,
}

impl EngineTask {
    /// Whether the engine is thinking.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    /// Cancels the running search, if any.
    pub fn cancel(&mut self) {
        self.task = None;
    }
}

/// Searches `board` for the side to move at `strength`. Deterministic for a given board and seed.
#[must_use]
pub fn think(mut board: SkillBoard, strength: Preset, seed: u64, generation: u64) -> EngineReply {
    let (depth, options) = (strength.depth(), strength.options());
    let mover = board.turn();
    let choice = gambit_search::choose(&mut board, depth, seed, &options);
    let score_white = if mover == Color::White { choice.score } else { -choice.score };
    EngineReply { action: choice.action, score_white, generation }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<EngineTask>();
    app.add_systems(
        Update,
        (start_engine, finish_engine)
            .chain()
            .in_set(EngineSystems)
            .run_if(in_state(Screen::SkillChess))
            .run_if(in_state(Menu::None))
            .run_if(resource_exists::<SkillGame>)
            .in_set(crate::AppSystems::Apply),
    );
    app.add_systems(OnExit(Screen::SkillChess), |mut task: ResMut<EngineTask>| task.cancel());
}

fn start_engine(game: Res<SkillGame>, mut task: ResMut<EngineTask>) {
    if task.task.is_some() || !game.engines_turn() {
        return;
    }
    let board = game.board.clone();
    let strength = game.strength;
    let generation = game.generation;
    let seed = generation.wrapping_mul(0x9E37_79B9).wrapping_add(game.listed.len() as u64);
    task.task =
        Some(AsyncComputeTaskPool::get().spawn(async move { think(board, strength, seed, generation) }));
}

fn finish_engine(mut game: ResMut<SkillGame>, mut task: ResMut<EngineTask>) {
    let Some(running) = task.task.as_mut() else { return };
    let Some(reply) = check_ready(running) else { return };
    task.task = None;
    if reply.generation != game.generation || !game.engines_turn() {
        return;
    }
    game.last_eval_white = Some(reply.score_white);
    if let Some(action) = reply.action
        && let Err(e) = game.apply(action)
    {
        game.message = Some(format!("the engine's move was refused: {e}"));
    }
}
