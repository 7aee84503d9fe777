//! Player settings, saved as `settings.json` (with a `version` field) in the data directory.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};
use serde::{Deserialize, Serialize};

use crate::game::Preset;
use crate::storage::{DataDir, keep_aside, write_atomic};

/// The file name.
pub const FILE: &str = "settings.json";
/// The current format version.
pub const VERSION: u32 = 1;

/// Which side of the board is at the bottom.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// The player's pieces at the bottom.
    #[default]
    Player,
    /// White at the bottom.
    White,
    /// Black at the bottom.
    Black,
}

/// Everything the player can set. Unknown fields in the file are ignored; missing ones take defaults.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The format version.
    pub version: u32,
    /// Borderless fullscreen.
    pub fullscreen: bool,
    /// UI scale factor, 0.75 to 1.5.
    pub ui_scale: f32,
    /// Which side is at the bottom when a game starts.
    pub orientation: Orientation,
    /// Show file letters and rank digits.
    pub coordinates: bool,
    /// Tint the squares the opponent threatens.
    pub threat_overlay: bool,
    /// No move animations.
    pub reduced_motion: bool,
    /// The colour-blind-safe palette.
    pub color_blind: bool,
    /// Freeze the title screen's animated scenery.
    pub pause_scenery: bool,
    /// The run seed for the roguelite (`None`: a random seed, shown at the start of the run).
    pub run_seed: Option<u64>,
    /// The last engine strength chosen.
    pub strength: Preset,
    /// Skills on in skill chess.
    pub skills: bool,
    /// Teleport cooldown, ticks.
    pub teleport_cooldown: u32,
    /// Freeze cooldown, ticks.
    pub freeze_cooldown: u32,
    /// How long a Freeze holds, ticks.
    pub freeze_duration: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: VERSION,
            fullscreen: false,
            ui_scale: 1.0,
            orientation: Orientation::Player,
            coordinates: true,
            threat_overlay: false,
            reduced_motion: false,
            color_blind: false,
            pause_scenery: false,
            run_seed: None,
            strength: Preset::Casual,
            skills: true,
            teleport_cooldown: gambit_skills::DEFAULT_TELEPORT_COOLDOWN,
            freeze_cooldown: gambit_skills::DEFAULT_FREEZE_COOLDOWN,
            freeze_duration: gambit_skills::DEFAULT_FREEZE_DURATION,
        }
    }
}

impl Settings {
    /// Reads the settings; a missing file gives the defaults, an unreadable one the defaults plus a
    /// message (the bad file is kept aside).
    #[must_use]
    pub fn load(dir: &DataDir) -> (Settings, Option<String>) {
        let path = dir.file(FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Settings::default(), None),
            Err(e) => return (Settings::default(), Some(format!("could not read {}: {e}", path.display()))),
        };
        match serde_json::from_str::<Settings>(&text) {
            Ok(mut s) => {
                s.version = VERSION;
                s.ui_scale = s.ui_scale.clamp(0.75, 1.5);
                (s, None)
            }
            Err(e) => {
                let kept = keep_aside(&path).map(|p| p.display().to_string()).unwrap_or_default();
                (Settings::default(), Some(format!("settings.json was unreadable ({e}); kept as {kept}")))
            }
        }
    }

    /// Writes the settings atomically.
    ///
    /// # Errors
    /// The I/O error.
    pub fn save(&self, dir: &DataDir) -> std::io::Result<()> {
        write_atomic(&dir.file(FILE), &serde_json::to_string_pretty(self).map_err(std::io::Error::other)?)
    }

    /// The skill config these settings describe.
    #[must_use]
    pub fn skill_config(&self) -> gambit_skills::SkillConfig {
        let mut config = gambit_skills::SkillConfig::default();
        config.cooldown_ticks.teleport = self.teleport_cooldown;
        config.cooldown_ticks.freeze = self.freeze_cooldown;
        config.freeze_duration = self.freeze_duration;
        config
    }
}

/// A message for the player about their files (an unreadable settings file or save).
#[derive(Resource, Default, Debug)]
pub struct FileNotice(pub Option<String>);

pub(crate) fn plugin(app: &mut App) {
    // Loaded while the app is built, so every system finds the settings from the first frame.
    let dir = app.world().resource::<DataDir>().clone();
    let (settings, problem) = Settings::load(&dir);
    app.insert_resource(settings);
    app.insert_resource(FileNotice(problem));
    app.add_systems(Update, (persist_settings, apply_window_settings).run_if(resource_changed::<Settings>));
}

fn persist_settings(
    settings: Res<Settings>,
    dir: Res<DataDir>,
    mut notice: ResMut<FileNotice>,
    mut first: Local<bool>,
) {
    // The first run sees the freshly loaded settings as changed: nothing to write yet.
    if !*first {
        *first = true;
        return;
    }
    if let Err(e) = settings.save(&dir) {
        notice.0 = Some(format!("could not save settings: {e}"));
    }
}

fn apply_window_settings(
    settings: Res<Settings>,
    mut windows: Query<&mut Window>,
    mut scale: Option<ResMut<UiScale>>,
) {
    for mut window in &mut windows {
        let mode = if settings.fullscreen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
        if window.mode != mode {
            window.mode = mode;
        }
    }
    if let Some(scale) = scale.as_mut() {
        scale.0 = settings.ui_scale;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_missing_and_bad_files() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = DataDir(tmp.path().to_path_buf());
        assert_eq!(Settings::load(&dir), (Settings::default(), None));
        let s = Settings {
            color_blind: true,
            run_seed: Some(42),
            strength: Preset::Expert,
            ..Settings::default()
        };
        s.save(&dir).unwrap();
        assert_eq!(Settings::load(&dir), (s, None));
        std::fs::write(dir.file(FILE), "[1, 2").unwrap();
        let (loaded, problem) = Settings::load(&dir);
        assert_eq!(loaded, Settings::default());
        assert!(problem.unwrap().contains("kept as"));
        assert!(tmp.path().join("settings.json.bad-1").exists());
    }
}
