//! Player settings, saved as `settings.json` (with a `version` field) in the data directory.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};
use serde::{Deserialize, Serialize};

use crate::game::Preset;
use crate::storage::DataDir;

/// The file name.
pub const FILE: &str = "settings.json";
/// The current format version.
pub const VERSION: u32 = 1;

/// The UI scale setting's step: 75%, 100%, 125%, 150% (each an exact number of eighths, so the
/// percentage shown is the scale used; steps of 12.5% read "112%" and "138%").
pub const UI_SCALE_STEP: f32 = 0.25;

/// A UI scale setting on the steps (the nearest, halves up) and in range (0.75 to 1.5).
#[must_use]
pub fn ui_scale_step(scale: f32) -> f32 {
    let scale = if scale.is_finite() { scale } else { 1.0 };
    ((scale / UI_SCALE_STEP + 1e-4).round() * UI_SCALE_STEP).clamp(0.75, 1.5)
}

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
    /// UI scale factor, 0.75 to 1.5 in steps of [`UI_SCALE_STEP`] (75%, 100%, 125%, 150%).
    pub ui_scale: f32,
    /// Which side is at the bottom when a game starts.
    pub orientation: Orientation,
    /// Show file letters and rank digits.
    pub coordinates: bool,
    /// Tint the squares the opponent threatens.
    pub threat_overlay: bool,
    /// No animations: no slides, capture bursts, teleport and freeze effects, floating damage or end
    /// banner, and poison clouds stand still.
    pub reduced_motion: bool,
    /// The colour-blind-safe palette.
    pub color_blind: bool,
    /// Freeze the title screen's animated scenery.
    pub pause_scenery: bool,
    /// Sound effects' volume, percent (0 = silent, at most 100; heard only in a build with the `audio`
    /// feature, see [`crate::audio`]). Written `effects_volume`; read as `volume` too (files from before
    /// there was music).
    #[serde(alias = "volume")]
    pub effects_volume: u8,
    /// The music's volume, percent (0 = no music, at most 100; a build with the `audio` feature).
    pub music_volume: u8,
    /// All sound off (effects and music), the volumes kept for when it is turned back on.
    pub muted: bool,
    /// The seed of the next roguelite run, typed in the settings (`None`: a random seed, shown at the
    /// start of the run). Used once: the next run takes it out, so later runs do not repeat it.
    pub run_seed: Option<u64>,
    /// The last engine strength chosen.
    pub strength: Preset,
    /// Skills on in skill chess.
    pub skills: bool,
    /// Skill chess between two players on one machine (no engine) rather than against the engine.
    pub two_players: bool,
    /// In a two-player game, the board turns after each move so the side to move sits at the bottom.
    pub turn_board: bool,
    /// The foresight preview: with a piece selected, resting the pointer on one of its legal
    /// destinations shows the engine's reply to that move (a small search on a worker thread).
    pub foresight: bool,
    /// Teleport cooldown, ticks.
    pub teleport_cooldown: u32,
    /// Freeze cooldown, ticks.
    pub freeze_cooldown: u32,
    /// How long a Freeze holds, ticks.
    pub freeze_duration: u32,
    /// The skill rules of skill chess (`gambit_skills::SkillRules`: written as its full object, read as
    /// a preset's name or an object; default the design, `classic` the prototype's rules).
    pub skill_rules: gambit_skills::SkillRules,
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
            effects_volume: 70,
            music_volume: 50,
            muted: false,
            run_seed: None,
            strength: Preset::Casual,
            skills: true,
            two_players: false,
            turn_board: true,
            foresight: false,
            teleport_cooldown: gambit_skills::DEFAULT_TELEPORT_COOLDOWN,
            freeze_cooldown: gambit_skills::DEFAULT_FREEZE_COOLDOWN,
            freeze_duration: gambit_skills::DEFAULT_FREEZE_DURATION,
            skill_rules: gambit_skills::SkillRules::DEFAULT,
        }
    }
}

impl Settings {
    /// `settings.json` as text (the current version).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&Settings { version: VERSION, ..self.clone() })
            .expect("settings serialize")
    }

    /// Reads `settings.json`: unknown fields are ignored, missing ones take their defaults, the UI
    /// scale is put on its steps ([`ui_scale_step`]: a file from when it moved by eighths reads
    /// 112.5% as 125%) and the volumes clamped to their range. Version 1 is the only one so far.
    ///
    /// # Errors
    /// The parser's error for text that is not a settings object.
    pub fn from_json(text: &str) -> Result<Settings, serde_json::Error> {
        let mut s: Settings = serde_json::from_str(text)?;
        s.version = VERSION;
        s.ui_scale = ui_scale_step(s.ui_scale);
        s.effects_volume = s.effects_volume.min(100);
        s.music_volume = s.music_volume.min(100);
        Ok(s)
    }

    /// Reads the settings through the store: a missing file gives the defaults; a bad one is kept
    /// aside and its previous version used, else the defaults, with a message for the player.
    #[must_use]
    pub fn load(dir: &DataDir) -> (Settings, Option<String>) {
        let loaded = dir.store().load(FILE, Settings::from_json);
        (loaded.value.clone().unwrap_or_default(), loaded.message())
    }

    /// Writes the settings (atomically, keeping the previous version).
    ///
    /// # Errors
    /// The store's error.
    pub fn save(&self, dir: &DataDir) -> Result<(), gambit_store::StoreError> {
        dir.store().save(FILE, &self.to_json())
    }

    /// The skill config these settings describe.
    #[must_use]
    pub fn skill_config(&self) -> gambit_skills::SkillConfig {
        let mut config = gambit_skills::SkillConfig::default();
        config.cooldown_ticks.teleport = self.teleport_cooldown;
        config.cooldown_ticks.freeze = self.freeze_cooldown;
        config.freeze_duration = self.freeze_duration;
        config.skill_rules = self.skill_rules;
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
    app.add_systems(
        Update,
        persist_settings.run_if(resource_changed::<Settings>).in_set(crate::AppSystems::Apply),
    );
    app.add_systems(
        Update,
        apply_window_settings.run_if(resource_changed::<Settings>).in_set(crate::AppSystems::Present),
    );
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

/// Fullscreen or windowed, as set (the UI scale is [`crate::ui::scale::settle_ui_scale`]'s).
fn apply_window_settings(settings: Res<Settings>, mut windows: Query<&mut Window>) {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skill_rules_are_a_setting_and_reach_the_game() {
        use gambit_skills::SkillRules;
        assert_eq!(Settings::default().skill_config().skill_rules, SkillRules::DEFAULT);
        let s = Settings { skill_rules: SkillRules::CLASSIC, ..Settings::default() };
        assert_eq!(Settings::from_json(&s.to_json()).unwrap(), s);
        assert_eq!(s.skill_config().skill_rules, SkillRules::CLASSIC);
        // A file written before the field existed reads the default; a preset's name reads too.
        assert_eq!(Settings::from_json("{}").unwrap().skill_rules, SkillRules::DEFAULT);
        assert_eq!(Settings::from_json("{}").unwrap().effects_volume, 70);
        assert_eq!(Settings::from_json("{}").unwrap().music_volume, 50);
        // The UI scale on its steps, in range.
        assert_eq!(Settings::from_json(r#"{"ui_scale": 1.125}"#).unwrap().ui_scale, 1.25);
        assert_eq!(Settings::from_json(r#"{"ui_scale": 0.875}"#).unwrap().ui_scale, 1.0);
        assert_eq!(Settings::from_json(r#"{"ui_scale": 1.375}"#).unwrap().ui_scale, 1.5);
        assert_eq!(Settings::from_json(r#"{"ui_scale": 9}"#).unwrap().ui_scale, 1.5);
        assert_eq!(Settings::from_json(r#"{"ui_scale": 0.1}"#).unwrap().ui_scale, 0.75);
        // A file from before there was music names the effects' volume `volume`.
        assert_eq!(Settings::from_json(r#"{"volume": 250}"#).unwrap().effects_volume, 100);
        assert_eq!(Settings::from_json(r#"{"volume": 30}"#).unwrap().effects_volume, 30);
        assert_eq!(Settings::from_json(r#"{"music_volume": 101}"#).unwrap().music_volume, 100);
        assert!(Settings::default().to_json().contains("\"effects_volume\": 70"));
        assert_eq!(
            Settings::from_json(r#"{"skill_rules": "classic"}"#).unwrap().skill_rules,
            SkillRules::CLASSIC
        );
    }

    #[test]
    fn round_trip_missing_and_bad_files() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = DataDir::at(tmp.path());
        assert_eq!(Settings::load(&dir), (Settings::default(), None));
        let s = Settings {
            color_blind: true,
            run_seed: Some(42),
            strength: Preset::Expert,
            ..Settings::default()
        };
        s.save(&dir).unwrap();
        assert_eq!(Settings::load(&dir), (s.clone(), None));
        // A bad file is kept aside and the previous version (here: none) is used.
        std::fs::write(dir.file(FILE), "[1, 2").unwrap();
        let (loaded, problem) = Settings::load(&dir);
        assert_eq!(loaded, Settings::default());
        assert!(problem.unwrap().contains("kept aside"));
        assert!(tmp.path().join("settings.json.bad-1").exists());
        // With a previous version: it comes back.
        s.save(&dir).unwrap();
        Settings { color_blind: false, ..s.clone() }.save(&dir).unwrap();
        std::fs::write(dir.file(FILE), "{").unwrap();
        let (loaded, problem) = Settings::load(&dir);
        assert_eq!(loaded, s);
        assert!(problem.unwrap().contains("previous version"));
    }

    #[test]
    fn settings_written_by_a6fe168_read() {
        let text = std::fs::read_to_string("tests/data/settings-v1-a6fe168.json").unwrap();
        let s = Settings::from_json(&text).unwrap();
        assert!(s.color_blind);
        assert_eq!(s.run_seed, Some(42));
        assert_eq!(Settings::from_json(&s.to_json()).unwrap(), s);
    }
}
