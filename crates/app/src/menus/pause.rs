//! The pause menu: resume, settings, leave (a run is saved after every turn, so leaving keeps it for
//! Continue; a game of skill chess can be abandoned), quit.

use bevy::prelude::*;

use super::{Menu, overlay, panel};
use crate::AppSystems;
use crate::game::{engine::EngineTask, save};
use crate::screens::Screen;
use crate::ui::{button, heading};

/// What the pause menu's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Close the menu.
    Resume,
    /// Open the settings panel (it returns here).
    Settings,
    /// A run: return to the title (the run is saved).
    SaveAndLeave,
    /// Skill chess: give the game up (its save is removed) and return to the title.
    Abandon,
    /// Quit the game.
    Quit,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Menu::Pause), spawn);
    app.add_systems(Update, on_action.in_set(AppSystems::Decide));
}

fn spawn(mut commands: Commands, screen: Res<State<Screen>>) {
    let in_run = screen.get().is_run_screen();
    commands.spawn((Name::new("Pause"), overlay(Menu::Pause))).with_children(|o| {
        o.spawn(panel()).with_children(|p| {
            p.spawn(heading("Paused"));
            p.spawn(button("Resume", Action::Resume));
            p.spawn(button("Settings", Action::Settings));
            if in_run {
                p.spawn(button("Save and return to title", Action::SaveAndLeave));
            } else {
                p.spawn(button("Abandon game", Action::Abandon));
            }
            p.spawn(button("Quit", Action::Quit));
        });
    });
}

fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    menu: Res<State<Menu>>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut back: ResMut<super::settings::SettingsReturn>,
    mut engine: ResMut<EngineTask>,
    mut exit: MessageWriter<AppExit>,
) {
    for action in actions.read() {
        match action {
            Action::Resume => next_menu.set(Menu::None),
            Action::Settings => super::settings::open(*menu.get(), &mut back, &mut next_menu),
            Action::SaveAndLeave => {
                next_menu.set(Menu::None);
                next_screen.set(Screen::Title);
            }
            Action::Abandon => {
                // The game resource goes when the screen is left (see `save::leave_game`), so no
                // system of this frame finds it missing.
                engine.cancel();
                commands.insert_resource(save::DiscardGame);
                next_menu.set(Menu::None);
                next_screen.set(Screen::Title);
            }
            Action::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}
