//! The screens, as a `Screen` state. Each screen spawns its entities on enter, tagged
//! `DespawnOnExit`, so leaving a screen removes everything it made.

pub mod how_to_play;
pub mod setup;
pub mod skill_chess;
pub mod title;

use bevy::prelude::*;

use crate::menus::Menu;
use crate::ui::UiAction;

/// The screen being shown.
#[derive(States, Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title menu.
    #[default]
    Title,
    /// The rules in short.
    HowToPlay,
    /// Choosing colour, strength and skills before a game of skill chess.
    SkillChessSetup,
    /// A game of skill chess against the engine.
    SkillChess,
    /// Run start: the seed and the starting modifier offer.
    RunStart,
    /// Deploying the army on the next board.
    Deploy,
    /// A battle of the run.
    Battle,
    /// The shop after a victory.
    Shop,
    /// Choosing the next board.
    NextBoard,
    /// The end of a run.
    RunEnd,
    /// The permanent skill tree.
    Upgrades,
    /// Lifetime records.
    Records,
}

impl Screen {
    /// Whether the screen shows a board (its arrow keys and Enter drive the board's cursor).
    #[must_use]
    pub fn has_board(self) -> bool {
        matches!(self, Screen::SkillChess | Screen::Deploy | Screen::Battle)
    }

    /// Whether the screen belongs to an active run (the run decides which one is shown).
    #[must_use]
    pub fn is_run_screen(self) -> bool {
        matches!(
            self,
            Screen::RunStart
                | Screen::Deploy
                | Screen::Battle
                | Screen::Shop
                | Screen::NextBoard
                | Screen::RunEnd
        )
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins((title::plugin, how_to_play::plugin, setup::plugin, skill_chess::plugin));
    app.add_systems(Update, escape_goes_back.in_set(crate::AppSystems::Input));
    app.add_systems(Update, navigate.in_set(crate::AppSystems::Decide));
}

/// Escape on a page reached from the title (rules, setup, upgrades, records) goes back to it.
fn escape_goes_back(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    menu: Res<State<Menu>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let page = matches!(
        screen.get(),
        Screen::HowToPlay | Screen::SkillChessSetup | Screen::Upgrades | Screen::Records
    );
    if page && *menu.get() == Menu::None && keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Title);
    }
}

/// The actions that move between screens, wherever they come from.
fn navigate(
    mut actions: MessageReader<UiAction>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    for action in actions.read() {
        match action {
            UiAction::BackToTitle => {
                next_menu.set(Menu::None);
                next_screen.set(Screen::Title);
            }
            UiAction::Upgrades => next_screen.set(Screen::Upgrades),
            _ => {}
        }
    }
}
