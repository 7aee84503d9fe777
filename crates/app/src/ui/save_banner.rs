//! The save-failure banner: the reason a save failed and a Retry button, over every screen of a run
//! (and Upgrades). Nothing is lost while it shows: the state stays in memory until a save works. The
//! button asks the run model ([`RetrySave`]), which answers it (`run::retry_save`).
//!
//! The banner is one overlay for the whole app ([`SaveBanner`], spawned at start-up), outside every
//! page's flow: a strip at the window's top, in a layer above the screens and under the menus. So
//! nothing of the screen moves when a save fails or when Retry works (spawned inside each page, the
//! banner pushed the page down when it came and pulled it up when it went, under the pointer). Its
//! place covers no button of any screen it shows on: the layout check holds it to that
//! ([`super::layout_marks::Overlay`]), on every screen of the tour with a failed save, at every size and
//! UI scale the tour is checked at.

use bevy::input_focus::tab_navigation::TabGroup;
use bevy::prelude::*;

use super::section::{Section, Sections, View, show};
use super::{error_line, small_button, units};
use crate::AppSystems;
use crate::run::{RetrySave, SaveFailure};
use crate::screens::Screen;

/// The banner's button.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Try the failed save again.
    Retry,
}

/// Marks the banner's overlay (a section of [`BannerView`]).
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct SaveBanner;

/// The banner's layer: above every screen (0), under the menus (100) and the scale cover.
const BANNER_LAYER: i32 = 50;

pub(crate) fn plugin(app: &mut App) {
    super::register::<Action>(app);
    app.add_systems(Startup, spawn);
    app.add_systems(Update, ask_retry.in_set(AppSystems::Decide));
    app.add_systems(Update, present.in_set(AppSystems::Present));
}

/// The button's Retry asks the run model to save again.
fn ask_retry(mut actions: MessageReader<Action>, mut retries: MessageWriter<RetrySave>) {
    for Action::Retry in actions.read() {
        retries.write(RetrySave);
    }
}

/// Whether the banner shows on `screen` when a save failed: the screens that save (a run's and
/// Upgrades).
#[must_use]
pub fn shows_on(screen: Screen) -> bool {
    screen.is_run_screen() || screen == Screen::Upgrades
}

/// What the banner shows: the failure's message, or nothing (the banner is not displayed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BannerView(pub Option<String>);

impl View for BannerView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        if let Some(message) = &self.0 {
            p.spawn(error_line(message.clone())).insert(Node {
                margin: UiRect::horizontal(units(1.0)),
                max_width: units(80.0),
                ..default()
            });
            p.spawn(small_button("Retry", Action::Retry));
        }
    }

    fn visible(&self) -> bool {
        self.0.is_some()
    }
}

/// Spawns the banner's overlay, empty: a strip across the window's top that lets the pointer through,
/// with the banner's box centred in it, in its own layer and Tab group (after the screen's buttons).
fn spawn(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Save banner strip"),
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(0.0),
                width: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                ..default()
            },
            GlobalZIndex(BANNER_LAYER),
            TabGroup::new(1),
            Pickable::IGNORE,
        ))
        .with_child((
            Name::new("Save banner"),
            SaveBanner,
            super::layout_marks::Overlay,
            Section::<BannerView>::new(),
            Node {
                display: Display::None,
                flex_direction: FlexDirection::Row,
                align_items: AlignItems::Center,
                max_width: Val::Percent(100.0),
                padding: UiRect::axes(units(1.0), units(0.2)),
                border: UiRect::all(units(0.2)),
                border_radius: BorderRadius::bottom(units(0.8)),
                ..default()
            },
            BackgroundColor(crate::palette::STANDARD.panel),
            BorderColor::all(crate::palette::STANDARD.error),
        ));
}

/// Shows the failure on the screens that save, nothing elsewhere.
fn present(
    mut commands: Commands,
    failure: Res<SaveFailure>,
    screen: Option<Res<State<Screen>>>,
    mut sections: Sections<BannerView>,
) {
    let on = screen.is_some_and(|s| shows_on(*s.get()));
    let view = BannerView(failure.0.clone().filter(|_| on));
    show(&mut commands, &mut sections, &view);
}
