//! The screens, as a `Screen` state, one file per screen. Each screen spawns its frame on enter, tagged
//! `DespawnOnExit` (so leaving a screen removes everything it made), owns its UI state and its action
//! enum (its buttons' component and message), reads them in `AppSystems::Decide`, and rebuilds its
//! sections in `AppSystems::Present` (see [`crate::ui::section`]).
//!
//! Title and pages: [`title`], [`how_to_play`], [`upgrades`], [`records`] (and its [`replay`]), the
//! [`tutorial`]. Skill chess: [`setup`],
//! [`skill_chess`]. The run (the run decides which is shown): [`run_start`], [`deploy`], [`battle`],
//! [`shop`], [`board_choice`], [`map`], [`rest`], [`run_end`]. The settings panel and the pause menu are menus
//! ([`crate::menus`]), over any screen.

pub mod battle;
pub mod board_choice;
pub mod deploy;
pub mod how_to_play;
pub mod map;
pub mod records;
pub mod replay;
pub mod rest;
pub mod run_end;
pub mod run_start;
pub mod seed_field;
pub mod setup;
pub mod shop;
pub mod skill_chess;
pub mod title;
pub mod tutorial;
pub mod upgrades;

use bevy::prelude::*;

use crate::AppSystems;
use crate::menus::Menu;
pub use crate::state::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins((
        title::plugin,
        how_to_play::plugin,
        setup::plugin,
        skill_chess::plugin,
        run_start::plugin,
        deploy::plugin,
        battle::plugin,
        shop::plugin,
        board_choice::plugin,
        map::plugin,
        rest::plugin,
        run_end::plugin,
        upgrades::plugin,
        records::plugin,
    ));
    app.add_plugins((tutorial::plugin, replay::plugin));
    app.add_systems(Update, (escape_goes_back, escape_in_run).in_set(AppSystems::Input));
    app.init_resource::<seed_field::SeedField>();
    app.add_systems(
        Update,
        seed_field::type_digits
            .run_if(in_state(Screen::RunStart).or_else(in_state(Menu::Settings)))
            .in_set(AppSystems::Input),
    );
}

/// Escape between battles of a run (run start, deploy, shop, board choice, map, rest) opens the pause
/// menu, as in a battle (resume, settings, save and return to the title); on the run end it does what
/// the run end's Title button does.
fn escape_in_run(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    menu: Res<State<Menu>>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut run_end: MessageWriter<run_end::Action>,
) {
    if *menu.get() != Menu::None || !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    match screen.get() {
        Screen::RunStart
        | Screen::Deploy
        | Screen::Shop
        | Screen::BoardChoice
        | Screen::Map
        | Screen::Rest => next_menu.set(Menu::Pause),
        Screen::RunEnd => {
            run_end.write(run_end::Action::Title);
        }
        _ => {}
    }
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
