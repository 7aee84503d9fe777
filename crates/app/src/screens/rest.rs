//! A rest node of the route (issue 16): bring back one piece lost in this run (when its role is under
//! its purchase limit), or remove the modifier of an owned piece, or leave. The run decides what is
//! allowed (`Decision::Rest`); this screen lists the choices and asks.

use bevy::prelude::*;
use gambit_roguelite::route::RestChoice;
use gambit_roguelite::{Decision, RunPhase};

use super::Screen;
use crate::AppSystems;
use crate::run::{RunDecision, RunSession};
use crate::ui::section::show;
use crate::ui::{
    Section, View, button, heading, label, muted_line, page_column, small_button, spawn_page, wrapping_row,
};

/// What the rest's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Bring back the lost piece with this roster id.
    Revive(u32),
    /// Remove the modifier of the piece with this roster id.
    RemoveModifier(u32),
    /// Rest without either.
    Leave,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::Rest), spawn);
    let here = in_state(Screen::Rest).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    spawn_page(&mut commands, "Rest", Screen::Rest, page_column(), Section::<RestView>::new());
}

/// The rest page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestView {
    /// Lost pieces: (roster id, name, can come back: `None`, or why not).
    lost: Vec<(u32, String, Option<String>)>,
    /// Owned pieces with a modifier: (roster id, name).
    modified: Vec<(u32, String)>,
    message: Option<String>,
}

impl RestView {
    fn new(session: &RunSession) -> Option<RestView> {
        let run = &session.run;
        if !matches!(run.phase(), RunPhase::Rest) {
            return None;
        }
        let items = run.items();
        let name = |p: &gambit_roguelite::run::OwnedPiece| {
            let name = run.piece_name(p.id).map_or_else(String::new, |n| n.to_string());
            match p.modifier {
                Some(m) => format!("{name} ({})", items.modifier_name(m)),
                None => name,
            }
        };
        Some(RestView {
            lost: run
                .lost()
                .iter()
                .map(|p| {
                    let l = run.piece_limit(p.role);
                    (p.id, name(p), l.at_limit().then(|| format!("{} {}", p.role.name(), l)))
                })
                .collect(),
            modified: run.roster().iter().filter(|p| p.modifier.is_some()).map(|p| (p.id, name(p))).collect(),
            message: session.refusal.clone(),
        })
    }
}

impl View for RestView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Rest"));
        p.spawn(muted_line("Choose one: bring back a lost piece, or free a piece of its modifier."));
        p.spawn(label("Lost pieces"));
        if self.lost.is_empty() {
            p.spawn(muted_line("None: your army is whole."));
        }
        p.spawn(wrapping_row()).with_children(|row| {
            for (id, name, blocked) in &self.lost {
                match blocked {
                    None => {
                        row.spawn(small_button(format!("Bring back {name}"), Action::Revive(*id)));
                    }
                    Some(why) => {
                        row.spawn(muted_line(format!("{name}: at the limit ({why})")));
                    }
                }
            }
        });
        p.spawn(label("Modifiers"));
        if self.modified.is_empty() {
            p.spawn(muted_line("No piece has a modifier."));
        }
        p.spawn(wrapping_row()).with_children(|row| {
            for (id, name) in &self.modified {
                row.spawn(small_button(format!("Remove from {name}"), Action::RemoveModifier(*id)));
            }
        });
        p.spawn(button("Leave", Action::Leave));
        p.spawn(crate::ui::message_line(self.message.as_deref(), 1.0));
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    mut sections: crate::ui::section::Sections<RestView>,
) {
    if let Some(view) = RestView::new(&session) {
        show(&mut commands, &mut sections, &view);
    }
}

fn on_action(mut actions: MessageReader<Action>, mut out: MessageWriter<RunDecision>) {
    for action in actions.read() {
        let choice = match *action {
            Action::Revive(piece) => RestChoice::Revive { piece },
            Action::RemoveModifier(piece) => RestChoice::RemoveModifier { piece },
            Action::Leave => RestChoice::Leave,
        };
        out.write(RunDecision(Decision::Rest { choice }));
    }
}
