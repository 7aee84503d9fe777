//! The end of a run: won or over, the seed and rank (or the daily run's date), battles won, points, EXP earned and EXP to spend; Upgrades, Back to
//! title.

use bevy::prelude::*;

use super::Screen;
use crate::AppSystems;
use crate::run::{Profile, RunSession, SaveFailure};
use crate::ui::section::show;
use crate::ui::{Section, View, button, heading, label, page_column, save_banner, spawn_page};

/// What the run-end buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The skill tree, to spend the EXP.
    Upgrades,
    /// Back to the title.
    Title,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::RunEnd), spawn);
    let here = in_state(Screen::RunEnd).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, on_action.run_if(in_state(Screen::RunEnd)).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    spawn_page(&mut commands, "Run end", Screen::RunEnd, page_column(), Section::<RunEndView>::new());
}

/// The run-end page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunEndView {
    won: bool,
    lines: [String; 5],
    failure: Option<String>,
}

impl View for RunEndView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading(if self.won { "The run is won" } else { "The run is over" }));
        for line in &self.lines {
            p.spawn(label(line.clone()));
        }
        save_banner::spawn(p, self.failure.as_deref());
        p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
            row.spawn(button("Upgrades", Action::Upgrades));
            row.spawn(button("Back to title", Action::Title));
        });
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    profile: Res<Profile>,
    failure: Res<SaveFailure>,
    mut sections: crate::ui::section::Sections<RunEndView>,
) {
    let summary = session.run.summary();
    let view = RunEndView {
        won: summary.victory,
        lines: [
            match summary.daily {
                Some(date) => format!("Daily run of {date}, seed {}", summary.key.seed),
                None => format!(
                    "Seed {}, rank {} (type the seed at the run start to play it again)",
                    summary.key.seed, summary.rank
                ),
            },
            format!("Battles won: {}", summary.battles_won),
            format!("Points: {}", summary.points),
            format!("EXP earned: {}", summary.exp_reward()),
            format!("EXP to spend: {}", profile.progress.exp),
        ],
        failure: failure.0.clone(),
    };
    show(&mut commands, &mut sections, &view);
}

fn on_action(mut actions: MessageReader<Action>, mut next: ResMut<NextState<Screen>>) {
    for action in actions.read() {
        next.set(match action {
            Action::Upgrades => Screen::Upgrades,
            Action::Title => Screen::Title,
        });
    }
}
