//! The winning-chances bar's reading: `gambit_search::winning_chances` of the game's position on
//! Bevy's `AsyncComputeTaskPool`, started after every change of the game (a move, a skill, an undo, a
//! new or continued game) and tagged with the state it read, so the screen never shows a reading of
//! another position. The app only displays it: the search crate owns the number, its smoothing over
//! the side to move and when it is too shallow to show.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gambit_search::{CHANCES_NODES, Chances};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::SkillGame;
use crate::screens::Screen;

/// What a reading was taken of: the game's generation, its number of listed actions and the
/// position's key.
pub type ChancesKey = (u64, usize, u64);

/// The key of the game's current state.
#[must_use]
pub fn key(game: &SkillGame) -> ChancesKey {
    (game.generation, game.listed.len(), game.board.position().key())
}

/// The running reading, if any, and the last finished one, each with the state it read.
#[derive(Resource, Default)]
pub struct WinningChances {
    task: Option<(ChancesKey, Task<Chances>)>,
    stop: Arc<AtomicBool>,
    done: Option<(ChancesKey, Chances)>,
}

impl WinningChances {
    /// The finished reading of `game`'s current state; `None` while it is being read (never a
    /// reading of an earlier state).
    #[must_use]
    pub fn of(&self, game: &SkillGame) -> Option<&Chances> {
        self.done.as_ref().filter(|(k, _)| *k == key(game)).map(|(_, c)| c)
    }

    /// Whether a reading is running.
    #[must_use]
    pub fn is_reading(&self) -> bool {
        self.task.is_some()
    }

    /// Stops the running reading, if any (its search polls the flag).
    pub fn cancel(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.task = None;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WinningChances>();
    app.add_systems(
        Update,
        read_chances
            .after(super::engine::EngineSystems)
            .in_set(crate::AppSystems::Apply)
            .run_if(in_state(Screen::SkillChess))
            .run_if(resource_exists::<SkillGame>),
    );
    app.add_systems(OnExit(Screen::SkillChess), |mut chances: ResMut<WinningChances>| chances.cancel());
    app.add_systems(
        Last,
        (|mut chances: ResMut<WinningChances>| chances.cancel()).run_if(on_message::<AppExit>),
    );
}

/// Collects a finished reading, and starts one of the current state when there is none (cancelling
/// a reading of an older state).
fn read_chances(game: Res<SkillGame>, mut chances: ResMut<WinningChances>) {
    let finished = chances.task.as_mut().and_then(|(k, task)| check_ready(task).map(|c| (*k, c)));
    if let Some(done) = finished {
        chances.task = None;
        chances.done = Some(done);
    }
    let now = key(&game);
    if chances.done.as_ref().is_some_and(|(k, _)| *k == now)
        || chances.task.as_ref().is_some_and(|(k, _)| *k == now)
    {
        return;
    }
    chances.cancel();
    let stop = Arc::new(AtomicBool::new(false));
    chances.stop = Arc::clone(&stop);
    let board = game.board.clone();
    chances.task = Some((
        now,
        AsyncComputeTaskPool::get()
            .spawn(async move { gambit_search::winning_chances(&board, CHANCES_NODES, Some(&stop)) }),
    ));
}
