//! Lifetime records: EXP, unlocks, best score, runs won and lost, battles won, pieces lost; the ranks
//! unlocked and the best run at each rank; the last runs (newest first) with seed, rank, result,
//! points and the pieces lost, each with a Replay button (the replay screen, [`super::replay`]); Back.

use bevy::prelude::*;

use super::Screen;
use crate::AppSystems;
use crate::run::Profile;
use crate::ui::section::show;
use crate::ui::{Section, View, button, heading, label, page_column, spawn_page};

/// What the records page's button does.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Back to the title.
    Back,
    /// Replay the run at this index of the profile's history (`Progress::history`, oldest first).
    Replay(usize),
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::Records), spawn);
    let here = in_state(Screen::Records);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    spawn_page(&mut commands, "Records", Screen::Records, page_column(), Section::<RecordsView>::new());
}

/// The records page: one line per record, then the last runs (history index, line), newest first,
/// each with a Replay button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordsView(Vec<String>, Vec<(usize, String)>);

impl RecordsView {
    fn new(profile: &Profile) -> RecordsView {
        let progress = &profile.progress;
        let s = &progress.stats;
        let unlocked = if progress.unlocked.is_empty() {
            "nothing yet".to_string()
        } else {
            progress
                .unlocked
                .iter()
                .map(|id| profile.tree.node(id).map_or(id.clone(), |n| n.name.clone()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        RecordsView(
            vec![
                format!("EXP to spend: {} (earned in all: {})", progress.exp, s.total_exp),
                format!("Unlocked: {unlocked}"),
                format!("Best score: {} points", s.best_score),
                format!("Runs: {} won, {} lost", s.victories, s.runs - s.victories),
                format!("Battles won: {}", s.battles_won),
                format!("Pawns lost: {}, temporary pawns lost: {}", s.pawns_lost, s.temporary_pawns_lost),
                format!("Ranks unlocked: 0 to {}", progress.rank_unlocked),
            ]
            .into_iter()
            .chain(progress.bests.iter().map(|b| {
                format!(
                    "Rank {}: {} won of {}; best: seed {}, {}, {} points",
                    b.rank,
                    b.victories,
                    b.runs,
                    b.best.seed,
                    b.best.result(),
                    b.best.points
                )
            }))
            .chain((!progress.history.is_empty()).then(|| "Last runs, newest first:".to_string()))
            .collect(),
            progress
                .history
                .iter()
                .enumerate()
                .rev()
                .map(|(i, r)| {
                    let run = r.daily.map_or_else(|| format!("rank {}", r.rank), |d| format!("daily {d}"));
                    let line = format!(
                        "Seed {}, {run}: {}, {} points, {} pieces lost ({} pawns)",
                        r.seed,
                        r.result(),
                        r.points,
                        r.owned_lost,
                        r.pawns_lost
                    );
                    (i, line)
                })
                .collect(),
        )
    }
}

impl View for RecordsView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Records"));
        for line in &self.0 {
            p.spawn(label(line.clone()));
        }
        for (index, line) in &self.1 {
            p.spawn(crate::ui::row()).with_children(|row| {
                row.spawn(label(line.clone()));
                row.spawn(crate::ui::small_button("Replay", Action::Replay(*index)));
            });
        }
        p.spawn(button("Back", Action::Back));
    }
}

fn present(
    mut commands: Commands,
    profile: Res<Profile>,
    mut sections: crate::ui::section::Sections<RecordsView>,
) {
    show(&mut commands, &mut sections, &RecordsView::new(&profile));
}

fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    profile: Res<Profile>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match *action {
            Action::Back => next.set(Screen::Title),
            Action::Replay(i) => {
                if let Some(record) = profile.progress.history.get(i) {
                    super::replay::open(&mut commands, &profile, record, &mut next);
                }
            }
        }
    }
}
