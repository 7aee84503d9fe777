//! The settings panel: one button per setting, showing its value; a click changes it (the settings are
//! saved as they change, see [`crate::settings`]), in three columns so the panel fits the window at
//! the largest UI scale; UI scale and the effects' and music's volumes with − and +, and a mute; the next run's seed (typed digits,
//! Set, or Random); Back.

use bevy::prelude::*;

use super::{Menu, overlay, panel};
use crate::AppSystems;
use crate::audio::AudioAvailability;
use crate::screens::seed_field::SeedField;
use crate::settings::{Orientation, Settings};
use crate::ui::section::show;
use crate::ui::{
    Section, View, button, capitalize, error_line, heading, label, muted_line, row, small_button,
};

/// What the settings panel's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Change one setting.
    Change(SettingChange),
    /// Use the typed digits as the next run's seed.
    SetTypedSeed,
    /// Close the panel (back to where it was opened from).
    Back,
}

/// One change from the settings panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingChange {
    /// Toggle fullscreen.
    Fullscreen,
    /// UI scale up (+1) or down (-1) by a step ([`crate::settings::UI_SCALE_STEP`]), within 75% to 150%.
    UiScale(i8),
    /// The effects' volume up (+1) or down (-1) by 10 percentage points, within 0..=100.
    EffectsVolume(i8),
    /// The music's volume up (+1) or down (-1) by 10 percentage points, within 0..=100.
    MusicVolume(i8),
    /// All sound off or back on.
    Mute,
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
    /// Toggle the foresight preview (the opponent's expected reply to the hovered move).
    Foresight,
    /// The next run's seed (used once).
    SetSeed(u64),
    /// A random seed for the next run.
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
    app.init_resource::<SeedRefusal>();
    app.add_systems(OnEnter(Menu::Settings), spawn);
    app.add_systems(Update, on_action.in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(in_state(Menu::Settings)).in_set(AppSystems::Present));
}

/// Why the typed seed was refused (cleared when the panel opens).
#[derive(Resource, Default, Debug)]
struct SeedRefusal(Option<String>);

fn spawn(mut commands: Commands, mut field: ResMut<SeedField>, mut refusal: ResMut<SeedRefusal>) {
    field.text.clear();
    refusal.0 = None;
    commands.spawn((Name::new("Settings"), overlay(Menu::Settings))).with_children(|o| {
        o.spawn((panel(), Section::<SettingsView>::new()));
    });
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

/// Under the UI scale row: what a scale above 100% does on a full screen ([`crate::ui::scale`]).
pub const SCALE_HINT: &str = "A screen too full for the scale is shown as large as it fits.";

/// The width of the settings' columns of buttons, units ("Board: your side at the bottom" fits).
const COLUMN_WIDTH: f32 = 46.0;

/// The width of the UI scale's and the volumes' labels, units: their longest texts ("UI scale: 150%",
/// "Effects: 100%") fit it.
const VALUE_WIDTH: f32 = 24.0;

/// A setting's value beside its − and + buttons: the text, right-aligned in a box of [`VALUE_WIDTH`]
/// (the box has the width, not the text: a text node of a fixed width was measured narrower, wrapped,
/// and stood higher than the buttons).
fn value_label(text: String) -> impl Bundle {
    (
        Node {
            width: crate::ui::units(VALUE_WIDTH),
            flex_shrink: 0.0,
            justify_content: JustifyContent::FlexEnd,
            ..default()
        },
        children![label(text)],
    )
}

/// The panel: a button per setting with its value, the UI scale row.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsView {
    rows: Vec<(String, SettingChange)>,
    scale: String,
    /// The effects' and the music's volume lines (with − and + each), or the one line saying why there
    /// is no sound.
    volumes: Result<[(String, [SettingChange; 2]); 2], String>,
    /// The next run's seed and the typed digits.
    seed: String,
    typed: String,
    refusal: Option<String>,
}

impl SettingsView {
    /// The panel for `settings`.
    #[must_use]
    pub fn new(
        settings: &Settings,
        audio: AudioAvailability,
        field: &SeedField,
        refusal: Option<&str>,
    ) -> SettingsView {
        let orientation = match settings.orientation {
            Orientation::Player => "your side at the bottom",
            Orientation::White => "White at the bottom",
            Orientation::Black => "Black at the bottom",
        };
        let seed = settings.run_seed.map_or_else(|| "random".to_string(), |s| s.to_string());
        let seed = format!("Next run's seed: {seed} (used once)");
        let scenery = if settings.pause_scenery { "paused" } else { "on" };
        let percent = |name: &str, value: u8| {
            if value == 0 { format!("{name}: off") } else { format!("{name}: {value}%") }
        };
        let volumes = match audio.unavailable_line() {
            Some(line) => Err(line.to_string()),
            None => Ok([
                (
                    percent("Effects", settings.effects_volume),
                    [SettingChange::EffectsVolume(-1), SettingChange::EffectsVolume(1)],
                ),
                (
                    percent("Music", settings.music_volume),
                    [SettingChange::MusicVolume(-1), SettingChange::MusicVolume(1)],
                ),
            ]),
        };
        let mut rows = vec![
            (format!("Fullscreen: {}", on_off(settings.fullscreen)), SettingChange::Fullscreen),
            (format!("Board: {orientation}"), SettingChange::Orientation),
            (format!("Coordinates: {}", on_off(settings.coordinates)), SettingChange::Coordinates),
            (format!("Threat overlay: {}", on_off(settings.threat_overlay)), SettingChange::ThreatOverlay),
            (format!("Reduced motion: {}", on_off(settings.reduced_motion)), SettingChange::ReducedMotion),
            (format!("Colour-blind palette: {}", on_off(settings.color_blind)), SettingChange::ColorBlind),
            (format!("Animated scenery: {scenery}"), SettingChange::PauseScenery),
            (format!("Foresight: {}", on_off(settings.foresight)), SettingChange::Foresight),
        ];
        if volumes.is_ok() {
            let sound = if settings.muted { "muted" } else { "on" };
            rows.push((format!("Sound: {sound}"), SettingChange::Mute));
        }
        SettingsView {
            rows,
            scale: format!("UI scale: {:.0}%", settings.ui_scale * 100.0),
            volumes,
            seed,
            typed: format!("Seed: {}", field.shown()),
            refusal: refusal.map(str::to_string),
        }
    }
}

impl View for SettingsView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Settings"));
        // Three columns: the panel is short, so the UI scale's row under them is near the middle of
        // the window, which a new scale grows the panel around (its buttons stay under the pointer).
        // Columns of a fixed width (the longest value's), so a value that changes the length of its
        // button's label moves no button.
        p.spawn(Node {
            display: Display::Grid,
            grid_template_columns: RepeatedGridTrack::px(3, COLUMN_WIDTH * crate::ui::scale::UNIT_PX),
            justify_items: JustifyItems::Stretch,
            ..default()
        })
        .with_children(|grid| {
            for (text, change) in &self.rows {
                grid.spawn(button(text.clone(), Action::Change(*change)));
            }
        });
        // The value labels have a width of their longest text, so a click never moves the buttons
        // beside them.
        // The − and + pair sits in the middle of the row (the label's box on its left, an empty box
        // of the same width on its right), and so near the middle of the window, which a new scale
        // grows the panel around: after a click the button is still under the pointer.
        p.spawn(row()).with_children(|row| {
            row.spawn(value_label(self.scale.clone()));
            row.spawn(small_button("\u{2212}", Action::Change(SettingChange::UiScale(-1))));
            row.spawn(small_button("+", Action::Change(SettingChange::UiScale(1))));
            row.spawn(Node { width: crate::ui::units(VALUE_WIDTH), flex_shrink: 0.0, ..default() });
        });
        p.spawn(muted_line(SCALE_HINT));
        match &self.volumes {
            // No sound: no volume to change.
            Err(line) => {
                p.spawn(label(line.clone()));
            }
            Ok(volumes) => {
                for (text, [down, up]) in volumes {
                    p.spawn(row()).with_children(|row| {
                        row.spawn(value_label(text.clone()));
                        row.spawn(small_button("\u{2212}", Action::Change(*down)));
                        row.spawn(small_button("+", Action::Change(*up)));
                        row.spawn(Node {
                            width: crate::ui::units(VALUE_WIDTH),
                            flex_shrink: 0.0,
                            ..default()
                        });
                    });
                }
            }
        }
        p.spawn(label(self.seed.clone()));
        p.spawn(row()).with_children(|row| {
            row.spawn(label(self.typed.clone()));
            row.spawn(small_button("Set", Action::SetTypedSeed));
            row.spawn(small_button("Random", Action::Change(SettingChange::ClearSeed)));
        });
        if let Some(r) = &self.refusal {
            p.spawn(error_line(r.clone()));
        }
        p.spawn(button("Back", Action::Back));
    }
}

fn present(
    mut commands: Commands,
    settings: Res<Settings>,
    audio: Res<AudioAvailability>,
    field: Res<SeedField>,
    refusal: Res<SeedRefusal>,
    mut sections: crate::ui::section::Sections<SettingsView>,
) {
    let view = SettingsView::new(&settings, *audio, &field, refusal.0.as_deref());
    show(&mut commands, &mut sections, &view);
}

fn on_action(
    mut actions: MessageReader<Action>,
    menu: Res<State<Menu>>,
    mut next: ResMut<NextState<Menu>>,
    back: Res<SettingsReturn>,
    mut settings: ResMut<Settings>,
    mut field: ResMut<SeedField>,
    mut refusal: ResMut<SeedRefusal>,
) {
    for action in actions.read() {
        match *action {
            Action::Change(change) => apply(&mut settings, change),
            Action::SetTypedSeed => match field.seed() {
                Ok(seed) => {
                    apply(&mut settings, SettingChange::SetSeed(seed));
                    field.text.clear();
                    refusal.0 = None;
                }
                Err(e) => refusal.0 = Some(capitalize(&e.to_string())),
            },
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
            settings.ui_scale = crate::settings::ui_scale_step(
                settings.ui_scale + f32::from(d) * crate::settings::UI_SCALE_STEP,
            );
        }
        SettingChange::EffectsVolume(d) => settings.effects_volume = step_volume(settings.effects_volume, d),
        SettingChange::MusicVolume(d) => settings.music_volume = step_volume(settings.music_volume, d),
        SettingChange::Mute => settings.muted = !settings.muted,
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
        SettingChange::Foresight => settings.foresight = !settings.foresight,
        SettingChange::SetSeed(seed) => settings.run_seed = Some(seed),
        SettingChange::ClearSeed => settings.run_seed = None,
    }
}

/// A volume `steps` steps of 10 percentage points up (or down), within 0..=100.
fn step_volume(percent: u8, steps: i8) -> u8 {
    (i16::from(percent) + i16::from(steps) * 10).clamp(0, 100) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build or session without sound offers no volume: the row says why; with sound, the effects'
    /// and the music's volumes and a mute.
    #[test]
    fn the_sound_rows_tell_whether_there_is_sound() {
        let settings = Settings { effects_volume: 70, music_volume: 0, ..Settings::default() };
        let field = SeedField::default();
        for audio in [AudioAvailability::NotBuilt, AudioAvailability::Off] {
            let view = SettingsView::new(&settings, audio, &field, None);
            assert_eq!(view.volumes, Err(audio.unavailable_line().unwrap().to_string()));
            assert!(!view.rows.iter().any(|(_, change)| *change == SettingChange::Mute));
        }
        let view = SettingsView::new(&settings, AudioAvailability::On, &field, None);
        let lines: Vec<&str> = view.volumes.as_ref().unwrap().iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(lines, ["Effects: 70%", "Music: off"]);
        assert!(view.rows.contains(&("Sound: on".to_string(), SettingChange::Mute)));
    }

    #[test]
    fn volumes_move_by_tens_within_range_and_mute_keeps_them() {
        let mut settings = Settings { effects_volume: 95, music_volume: 5, ..Settings::default() };
        apply(&mut settings, SettingChange::EffectsVolume(1));
        apply(&mut settings, SettingChange::MusicVolume(-1));
        assert_eq!((settings.effects_volume, settings.music_volume), (100, 0));
        apply(&mut settings, SettingChange::Mute);
        assert!(settings.muted);
        assert_eq!((settings.effects_volume, settings.music_volume), (100, 0));
        apply(&mut settings, SettingChange::Mute);
        assert!(!settings.muted);
    }
}
