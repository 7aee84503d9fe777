//! The engine's turn: the search runs on Bevy's `AsyncComputeTaskPool` on a private copy of the game,
//! so the window keeps rendering and taking input. New game, undo, leaving the screen and quitting stop
//! the running search through its stop hook (an atomic flag passed into `gambit_search::choose_with`,
//! polled every few dozen nodes) and drop the task, and a reply for an older game generation is ignored.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gambit_rules::Color;
use gambit_search::BotConfig;
use gambit_skills::{Action, SkillBoard};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// The running engine task, if any, and the stop flag its search polls.
#[derive(Resource, Default)]
pub struct EngineTask {
    task: Option<Task<EngineReply>>,
    stop: Arc<AtomicBool>,
}

impl EngineTask {
    /// Whether the engine is thinking.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    /// Stops the running search, if any: its stop flag is set (the worker thread returns within a few
    /// dozen nodes) and the task is dropped.
    pub fn cancel(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.task = None;
    }
}

/// Searches `board` for the side to move at `strength`, until done or until `stop` is set.
/// Deterministic for a given board and seed when not stopped.
#[must_use]
pub fn think(
    mut board: SkillBoard,
    strength: Preset,
    seed: u64,
    generation: u64,
    stop: &AtomicBool,
) -> EngineReply {
    let config = BotConfig::from_preset(strength);
    let mover = board.turn();
    let choice = gambit_search::choose_with(&mut board, &config, seed, Some(stop));
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
    // Quitting stops a search still running on a worker thread.
    app.add_systems(Last, (|mut task: ResMut<EngineTask>| task.cancel()).run_if(on_message::<AppExit>));
}

fn start_engine(game: Res<SkillGame>, mut task: ResMut<EngineTask>) {
    if task.task.is_some() || !game.engines_turn() {
        return;
    }
    let board = game.board.clone();
    let strength = game.strength;
    let generation = game.generation;
    let seed = generation.wrapping_mul(0x9E37_79B9).wrapping_add(game.listed.len() as u64);
    // A fresh flag per search: cancelling sets the flag the running search polls.
    let stop = Arc::new(AtomicBool::new(false));
    task.stop = Arc::clone(&stop);
    task.task = Some(
        AsyncComputeTaskPool::get().spawn(async move { think(board, strength, seed, generation, &stop) }),
    );
}

fn finish_engine(
    mut game: ResMut<SkillGame>,
    mut task: ResMut<EngineTask>,
    input: Option<ResMut<super::PlayerInput>>,
) {
    let Some(running) = task.task.as_mut() else { return };
    let Some(reply) = check_ready(running) else { return };
    task.task = None;
    if reply.generation != game.generation || !game.engines_turn() {
        return;
    }
    if let Some(action) = reply.action
        && let Err(e) = game.apply(action)
    {
        let text = format!("the engine's move was refused: {e}");
        error!("{text}");
        if let Some(mut input) = input {
            input.message = Some(text);
        }
    }
}
