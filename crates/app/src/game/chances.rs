//! The winning-chances bar's reading: `gambit_search::winning_chances` of the position on the board
//! on Bevy's `AsyncComputeTaskPool`, started after every change of the game (a move, a skill, an undo,
//! a new or continued game) and of the move list's review (the reviewed position is read, not the live
//! one), and tagged with the state it read, so the screen never shows a reading of another position.
//! The last reading of the live game is kept while a review reads others, so the bar is back at once
//! when the review ends. The app only displays it: the search crate owns the number, its smoothing
//! over the side to move and when it is too shallow to show.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gambit_search::{CHANCES_NODES, Chances};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{PlayerInput, SkillGame};
use crate::screens::Screen;

/// What a reading was taken of: the game's generation, its number of listed actions (the actions
/// shown, for a reviewed position) and the position's key.
pub type ChancesKey = (u64, usize, u64);

/// The key of the game's current state.
#[must_use]
pub fn key(game: &SkillGame) -> ChancesKey {
    (game.generation, game.listed.len(), game.board.position().key())
}

/// The position on the board and its key: the reviewed one while `input` reviews an earlier position
/// of `game`, else the live one (`None`: the reviewed position cannot be rebuilt).
fn shown_board(game: &SkillGame, input: &PlayerInput) -> Option<(ChancesKey, gambit_skills::SkillBoard)> {
    match input.review.filter(|&shown| shown < game.listed.len()) {
        Some(shown) => {
            let (board, _) = game.board_after(shown)?;
            Some(((game.generation, shown, board.position().key()), board))
        }
        None => Some((key(game), game.board.clone())),
    }
}

/// The running reading, if any, the last finished reading of the live game and the last of a reviewed
/// position, each with the state it read.
#[derive(Resource, Default)]
pub struct WinningChances {
    task: Option<(ChancesKey, Task<Chances>)>,
    stop: Arc<AtomicBool>,
    done: Option<(ChancesKey, Chances)>,
    reviewed: Option<(ChancesKey, Chances)>,
}

impl WinningChances {
    /// The finished reading of `game`'s current state; `None` while it is being read (never a
    /// reading of an earlier state).
    #[must_use]
    pub fn of(&self, game: &SkillGame) -> Option<&Chances> {
        self.done.as_ref().filter(|(k, _)| *k == key(game)).map(|(_, c)| c)
    }

    /// The finished reading of the position on the board: while `input` reviews an earlier position,
    /// that position's (`None` while it is read: never the live game's), else [`WinningChances::of`].
    #[must_use]
    pub fn of_shown(&self, game: &SkillGame, input: &PlayerInput) -> Option<&Chances> {
        match input.review.filter(|&shown| shown < game.listed.len()) {
            None => self.of(game),
            Some(shown) => {
                let (generation, listed, _) = self.reviewed.as_ref().map(|(k, _)| *k)?;
                if (generation, listed) != (game.generation, shown) {
                    return None;
                }
                let (wanted, _) = shown_board(game, input)?;
                self.reviewed.as_ref().filter(|(k, _)| *k == wanted).map(|(_, c)| c)
            }
        }
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
            .run_if(resource_exists::<SkillGame>)
            .run_if(resource_exists::<PlayerInput>),
    );
    app.add_systems(OnExit(Screen::SkillChess), |mut chances: ResMut<WinningChances>| chances.cancel());
    app.add_systems(
        Last,
        (|mut chances: ResMut<WinningChances>| chances.cancel()).run_if(on_message::<AppExit>),
    );
}

/// Collects a finished reading, and starts one of the position on the board (the live game's, or
/// the reviewed one's) when there is none (cancelling a reading of another state).
fn read_chances(game: Res<SkillGame>, input: Res<PlayerInput>, mut chances: ResMut<WinningChances>) {
    let finished = chances.task.as_mut().and_then(|(k, task)| check_ready(task).map(|c| (*k, c)));
    if let Some((k, c)) = finished {
        chances.task = None;
        if k == key(&game) {
            chances.done = Some((k, c));
        } else {
            chances.reviewed = Some((k, c));
        }
    }
    // Cheap checks first: the live game (no board to rebuild) and the reading under way.
    let reviewing = input.review.is_some_and(|shown| shown < game.listed.len());
    if !reviewing && chances.done.as_ref().is_some_and(|(k, _)| *k == key(&game)) {
        return;
    }
    let Some((now, board)) = shown_board(&game, &input) else { return };
    if [chances.done.as_ref(), chances.reviewed.as_ref()].into_iter().flatten().any(|(k, _)| *k == now)
        || chances.task.as_ref().is_some_and(|(k, _)| *k == now)
    {
        return;
    }
    chances.cancel();
    let stop = Arc::new(AtomicBool::new(false));
    chances.stop = Arc::clone(&stop);
    chances.task = Some((
        now,
        AsyncComputeTaskPool::get()
            .spawn(async move { gambit_search::winning_chances(&board, CHANCES_NODES, Some(&stop)) }),
    ));
}
