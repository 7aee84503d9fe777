//! Gambit, the desktop game (Bevy). [`AppPlugin`] builds the whole game; [`LogicPlugin`] is everything
//! but the window and rendering, which the headless tests run under `MinimalPlugins`.
//!
//! Layout (one `plugin(app)` per file), in floors that tidy guards (`xtask/src/tidy.rs`,
//! `APP_FLOOR_TABLE`: a module imports its own floor and those below): `state` (the `Screen` and
//! `Menu` states and the ordered [`AppSystems`] sets every `Update` system belongs to); the models,
//! `game/` (skill chess: session, engine task, save, PGN), `run/` (the run session), `settings` and
//! `storage`; the view, `board/` (the board's input message, screen mapping and view), `ui/` (widgets,
//! button activation, focus, sizes, sections), `audio` (sound cues; played with the `audio` feature)
//! and `palette`; the screens, `screens/` and `menus/` (pause and settings panels); and this root
//! with `screenshot` and `measure`.
//!
//! Assets: the only asset, the DejaVu Sans font (for the chess glyphs), is embedded in the binary
//! and installed as Bevy's default font, so the game finds it from any working directory and in a
//! release package alike.

// Bevy system signatures (`Query<&T>`, `Res<T>`, `On<E>`) elide their lifetimes by convention.
#![allow(elided_lifetimes_in_paths)]
// Bevy systems take their queries and resources as parameters: long parameter lists and query types
// are the framework's idiom.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

pub mod audio;
pub mod board;
pub mod game;
pub mod measure;
pub mod menus;
pub mod palette;
pub mod run;
pub mod screens;
pub mod screenshot;
pub mod settings;
pub mod state;
pub mod storage;
pub mod ui;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowResolution;

pub use state::AppSystems;

/// DejaVu Sans (Bitstream Vera licence with public-domain DejaVu changes; see
/// `assets/fonts/DejaVu-LICENSE.txt`): the UI font, with the chess glyphs U+2654..U+265F.
pub const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// Everything except windowing and rendering: states, settings, input messages, the screens' logic and
/// entities, the game, the engine task. Inserts [`storage::DataDir`] from the environment unless the
/// app already has one (tests insert a temporary directory first).
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<storage::DataDir>() {
            app.insert_resource(storage::DataDir::from_env());
        }
        app.configure_sets(
            Update,
            (AppSystems::Input, AppSystems::Decide, AppSystems::Apply, AppSystems::Present).chain(),
        );
        app.add_plugins((
            settings::plugin,
            ui::plugin,
            board::plugin,
            menus::plugin,
            screens::plugin,
            game::plugin,
            run::plugin,
            audio::plugin,
        ));
    }
}

/// The whole game: Bevy's default plugins with a resizable window, the embedded font, a camera and
/// [`LogicPlugin`]; with `screenshot_dir`, the screenshot mode.
pub struct AppPlugin {
    /// Where the screenshot mode writes its PNG files (`None`: play normally).
    pub screenshot_dir: Option<PathBuf>,
    /// The measurement mode: print start-up, frame-time and engine-latency figures, then exit.
    pub measure: Option<measure::ProcessStart>,
    /// The screenshot mode's UI scale (1.0 = 100%; `None`: the default).
    pub screenshot_scale: Option<f32>,
    /// The window's starting size, logical pixels (width, height; `None`: 1280x800).
    pub window: Option<(u32, u32)>,
    /// No sound for this session (`gambit --no-audio`): Bevy's audio is left out, so no audio device
    /// is opened (a build without the `audio` feature has none anyway).
    pub no_audio: bool,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        if self.screenshot_dir.is_some() || self.measure.is_some() {
            // Screenshots and measurements never touch the player's files.
            let data = std::env::temp_dir().join(format!("gambit-tools-{}", std::process::id()));
            app.insert_resource(storage::DataDir::at(data));
        }
        if let Some(dir) = &self.screenshot_dir {
            app.insert_resource(screenshot::ScreenshotPlan::new(dir.clone(), self.screenshot_scale));
        }
        let plugins = DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Gambit".to_string(),
                    resolution: {
                        let (width, height) = self.window.unwrap_or((1280, 800));
                        WindowResolution::new(width, height)
                    },
                    resizable: true,
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin { filter: "warn,gambit=info".to_string(), ..default() });
        #[cfg(feature = "audio")]
        let plugins = if self.no_audio { plugins.disable::<bevy::audio::AudioPlugin>() } else { plugins };
        app.add_plugins(plugins);
        app.insert_resource(ClearColor(palette::STANDARD.background));
        install_font(app);
        app.add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        });
        app.add_plugins(LogicPlugin);
        if self.screenshot_dir.is_some() {
            app.add_plugins(screenshot::plugin);
        }
        if let Some(start) = self.measure {
            app.insert_resource(start);
            app.add_plugins(measure::plugin);
        }
    }
}

/// Makes DejaVu Sans the default font (the handle every `TextFont` uses unless told otherwise).
fn install_font(app: &mut App) {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    let _ = fonts.insert(AssetId::default(), Font::from_bytes(FONT.to_vec()));
}
