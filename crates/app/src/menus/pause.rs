//! The pause menu: resume, settings, leave (a run is saved after every turn, so leaving keeps it for
//! Continue; a game of skill chess can be abandoned, after a question: Escape or "Keep the game"
//! keeps it), quit.

use bevy::prelude::*;

use bevy::input_focus::AutoFocus;

use super::{Menu, overlay, panel};
use crate::AppSystems;
use crate::game::{engine::EngineTask, save};
use crate::screens::Screen;
use crate::ui::section::{Sections, show};
use crate::ui::{Section, View, button, heading, label};

/// What the pause menu's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Close the menu.
    Resume,
    /// Open the settings panel (it returns here).
    Settings,
    /// A run: return to the title (the run is saved).
    SaveAndLeave,
    /// Skill chess: ask whether to give the game up.
    Abandon,
    /// The answer to the question: `true` gives the game up (its save is removed) and returns to the
    /// title; `false` keeps it (back to the menu).
    ConfirmAbandon(bool),
    /// Quit the game.
    Quit,
}

/// The pause menu asks whether to abandon the game of skill chess (reset when the menu opens).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AbandonQuestion(pub bool);

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<AbandonQuestion>();
    app.add_systems(OnEnter(Menu::Pause), spawn);
    app.add_systems(Update, on_action.in_set(AppSystems::Decide));
    app.add_systems(Update, present.in_set(AppSystems::Present).run_if(in_state(Menu::Pause)));
}

/// The menu's content: its buttons, or the question about abandoning the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PauseView {
    /// The screen is a run's (leaving saves it) rather than skill chess (leaving abandons it).
    in_run: bool,
    /// Abandon was chosen: the question is asked.
    asking: bool,
}

impl View for PauseView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        if self.asking {
            // Where the menu's buttons were: a layer of its own, so the answer under the pointer that
            // chose Abandon takes no click until the pointer moves (`crate::ui::pointer`).
            p.spawn((
                crate::ui::Overlay,
                Node { flex_direction: FlexDirection::Column, align_items: AlignItems::Center, ..default() },
            ))
            .with_children(|q| {
                q.spawn(heading("Abandon this game?"));
                q.spawn(label("It is not saved: Continue will not offer it again."));
                q.spawn((button("Keep the game", Action::ConfirmAbandon(false)), AutoFocus));
                q.spawn(button("Abandon it", Action::ConfirmAbandon(true)));
            });
            return;
        }
        p.spawn(heading("Paused"));
        // Focused, so Enter resumes and the arrows start from the top (the menu opened with no
        // focused button).
        p.spawn((button("Resume", Action::Resume), AutoFocus));
        p.spawn(button("Settings", Action::Settings));
        if self.in_run {
            p.spawn(button("Save and return to title", Action::SaveAndLeave));
        } else {
            p.spawn(button("Abandon game", Action::Abandon));
        }
        p.spawn(button("Quit", Action::Quit));
    }
}

fn spawn(mut commands: Commands, mut question: ResMut<AbandonQuestion>) {
    *question = AbandonQuestion(false);
    commands.spawn((Name::new("Pause"), overlay(Menu::Pause))).with_children(|o| {
        o.spawn((panel(), Section::<PauseView>::new()));
    });
}

fn present(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    question: Res<AbandonQuestion>,
    mut sections: Sections<PauseView>,
) {
    let view = PauseView { in_run: screen.get().is_run_screen(), asking: question.0 };
    show(&mut commands, &mut sections, &view);
}

fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    menu: Res<State<Menu>>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut back: ResMut<super::settings::SettingsReturn>,
    mut engine: ResMut<EngineTask>,
    mut question: ResMut<AbandonQuestion>,
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
            Action::Abandon => question.0 = true,
            Action::ConfirmAbandon(false) => question.0 = false,
            Action::ConfirmAbandon(true) => {
                question.0 = false;
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
