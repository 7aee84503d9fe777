//! The settings panel: one button per setting, showing its value; a click changes it (the settings are
//! saved as they change, see [`crate::settings`]), in two columns so the panel fits the window at
//! the largest UI scale; UI scale and sound volume with − and +, the run seed, Back.

use bevy::prelude::*;

use super::{Menu, overlay, panel};
use crate::AppSystems;
use crate::settings::{Orientation, Settings};
use crate::ui::section::show;
use crate::ui::{Section, View, button, heading, label, row, small_button};

/// What the settings panel's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Change one setting.
    Change(SettingChange),
    /// Close the panel (back to where it was opened from).
    Back,
}

/// One change from the settings panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingChange {
    /// Toggle fullscreen.
    Fullscreen,
    /// UI scale up (+1) or down (-1) by 0.125.
    UiScale(i8),
    /// Volume up (+1) or down (-1) by 10 percentage points, within 0..=100.
    Volume(i8),
    /// Cycle the board orientation.
    Orientation,
    /// Toggle coordinates.
    Coordinates,
    /// Toggle the threat overlay.
    ThreatOverlay,
    /// Toggle reduced motion.
    ReducedMotion,
    /// Toggle the colour-blind palette.
    ColorBlind,
    /// Pause or resume the title's animated scenery.
    PauseScenery,
    /// Pick a new random run seed.
    NewSeed,
    /// Use a random seed at each run.
    ClearSeed,
}

/// Where closing the settings panel returns to.
#[derive(Resource, Default, Debug)]
pub struct SettingsReturn(pub Menu);

/// Opens the settings panel from `from` (the panel goes back there when closed).
pub fn open(from: Menu, back: &mut SettingsReturn, next: &mut NextState<Menu>) {
    if from != Menu::Settings {
        back.0 = from;
    }
    next.set(Menu::Settings);
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<SettingsReturn>();
    app.add_systems(OnEnter(Menu::Settings), spawn);
    app.add_systems(Update, on_action.in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(in_state(Menu::Settings)).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    commands.spawn((Name::new("Settings"), overlay(Menu::Settings))).with_children(|o| {
        o.spawn((panel(), Section::<SettingsView>::new()));
    });
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

/// The panel: a button per setting with its value, the UI scale row.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsView {
    rows: Vec<(String, SettingChange)>,
    scale: String,
    volume: String,
}

impl SettingsView {
    /// The panel for `settings`.
    #[must_use]
    pub fn new(settings: &Settings) -> SettingsView {
        let orientation = match settings.orientation {
            Orientation::Player => "your side at the bottom",
            Orientation::White => "White at the bottom",
            Orientation::Black => "Black at the bottom",
        };
        let seed = settings.run_seed.map_or_else(|| "random".to_string(), |s| s.to_string());
        let scenery = if settings.pause_scenery { "paused" } else { "on" };
        SettingsView {
            rows: vec![
                (format!("Fullscreen: {}", on_off(settings.fullscreen)), SettingChange::Fullscreen),
                (format!("Board: {orientation}"), SettingChange::Orientation),
                (format!("Coordinates: {}", on_off(settings.coordinates)), SettingChange::Coordinates),
                (
                    format!("Threat overlay: {}", on_off(settings.threat_overlay)),
                    SettingChange::ThreatOverlay,
                ),
                (
                    format!("Reduced motion: {}", on_off(settings.reduced_motion)),
                    SettingChange::ReducedMotion,
                ),
                (
                    format!("Colour-blind palette: {}", on_off(settings.color_blind)),
                    SettingChange::ColorBlind,
                ),
                (format!("Animated scenery: {scenery}"), SettingChange::PauseScenery),
                (format!("Run seed: {seed} (new)"), SettingChange::NewSeed),
            ],
            scale: format!("UI scale: {:.0}%", settings.ui_scale * 100.0),
            volume: if settings.volume == 0 {
                "Sound: off".to_string()
            } else {
                format!("Sound: {}%", settings.volume)
            },
        }
    }
}

impl View for SettingsView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Settings"));
        // Two columns, so the panel still fits the window at the largest UI scale.
        p.spawn(Node {
            display: Display::Grid,
            grid_template_columns: RepeatedGridTrack::auto(2),
            justify_items: JustifyItems::Stretch,
            ..default()
        })
        .with_children(|grid| {
            for (text, change) in &self.rows {
                grid.spawn(button(text.clone(), Action::Change(*change)));
            }
        });
        p.spawn(row()).with_children(|row| {
            row.spawn(label(self.scale.clone()));
            row.spawn(small_button("\u{2212}", Action::Change(SettingChange::UiScale(-1))));
            row.spawn(small_button("+", Action::Change(SettingChange::UiScale(1))));
            row.spawn(small_button("Random seed", Action::Change(SettingChange::ClearSeed)));
        });
        p.spawn(row()).with_children(|row| {
            row.spawn(label(self.volume.clone()));
            row.spawn(small_button("\u{2212}", Action::Change(SettingChange::Volume(-1))));
            row.spawn(small_button("+", Action::Change(SettingChange::Volume(1))));
        });
        p.spawn(button("Back", Action::Back));
    }
}

fn present(
    mut commands: Commands,
    settings: Res<Settings>,
    mut sections: crate::ui::section::Sections<SettingsView>,
) {
    show(&mut commands, &mut sections, &SettingsView::new(&settings));
}

fn on_action(
    mut actions: MessageReader<Action>,
    menu: Res<State<Menu>>,
    mut next: ResMut<NextState<Menu>>,
    back: Res<SettingsReturn>,
    mut settings: ResMut<Settings>,
) {
    for action in actions.read() {
        match *action {
            Action::Change(change) => apply(&mut settings, change),
            Action::Back => {
                if *menu.get() == Menu::Settings {
                    next.set(back.0);
                }
            }
        }
    }
}

/// Applies one change to the settings.
pub fn apply(settings: &mut Settings, change: SettingChange) {
    match change {
        SettingChange::Fullscreen => settings.fullscreen = !settings.fullscreen,
        SettingChange::UiScale(d) => {
            settings.ui_scale = (settings.ui_scale + f32::from(d) * 0.125).clamp(0.75, 1.5);
        }
        SettingChange::Volume(d) => {
            settings.volume = (i16::from(settings.volume) + i16::from(d) * 10).clamp(0, 100) as u8;
        }
        SettingChange::Orientation => {
            settings.orientation = match settings.orientation {
                Orientation::Player => Orientation::White,
                Orientation::White => Orientation::Black,
                Orientation::Black => Orientation::Player,
            }
        }
        SettingChange::Coordinates => settings.coordinates = !settings.coordinates,
        SettingChange::ThreatOverlay => settings.threat_overlay = !settings.threat_overlay,
        SettingChange::ReducedMotion => settings.reduced_motion = !settings.reduced_motion,
        SettingChange::ColorBlind => settings.color_blind = !settings.color_blind,
        SettingChange::PauseScenery => settings.pause_scenery = !settings.pause_scenery,
        SettingChange::NewSeed => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            settings.run_seed = Some(u64::from(nanos) % 1_000_000);
        }
        SettingChange::ClearSeed => settings.run_seed = None,
    }
}
