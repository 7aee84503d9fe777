//! The headless harness shared by the app's integration tests: `MinimalPlugins` + `StatesPlugin` +
//! `InputPlugin` + the game's `LogicPlugin`, with a temporary data directory.

#![allow(dead_code)]

use std::path::Path;
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gambit::board::BoardInput;
use gambit::game::engine::EngineTask;
use gambit::game::{PlayerInput, SkillGame};
use gambit::run::RunTask;
use gambit::screens::Screen;
use gambit::storage::DataDir;
use gambit::ui::{Activate, ButtonAction, Disabled, FocusKey};

/// The logical key a US keyboard gives for `key`.
fn logical(key: KeyCode) -> Key {
    let character = |c: &str| Key::Character(c.into());
    match key {
        KeyCode::Escape => Key::Escape,
        KeyCode::Tab => Key::Tab,
        KeyCode::Enter => Key::Enter,
        KeyCode::Space => Key::Space,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        KeyCode::ArrowLeft => Key::ArrowLeft,
        KeyCode::ArrowRight => Key::ArrowRight,
        KeyCode::ShiftLeft => Key::Shift,
        KeyCode::Slash => character("/"),
        KeyCode::Digit0 => character("0"),
        KeyCode::Digit1 => character("1"),
        KeyCode::Digit2 => character("2"),
        KeyCode::Digit3 => character("3"),
        KeyCode::Digit4 => character("4"),
        KeyCode::Digit5 => character("5"),
        KeyCode::Digit6 => character("6"),
        KeyCode::Digit7 => character("7"),
        KeyCode::Digit8 => character("8"),
        KeyCode::Digit9 => character("9"),
        other => {
            let name = format!("{other:?}");
            character(&name.strip_prefix("Key").unwrap_or(&name).to_lowercase())
        }
    }
}

pub struct Harness {
    pub app: App,
    pub dir: tempfile::TempDir,
}

impl Harness {
    pub fn new() -> Harness {
        Harness::in_dir(tempfile::tempdir().unwrap())
    }

    /// An app that also lays its interface out, as the window would at `width` x `height` logical
    /// pixels: Bevy's UI layout (taffy), text measurement with the embedded font, a primary window and a
    /// camera with a render target of that size, but no renderer and no GPU.
    pub fn with_layout(width: u32, height: u32) -> Harness {
        use bevy::camera::{ComputedCameraValues, RenderTargetInfo};
        use bevy::window::{PrimaryWindow, WindowResolution};
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
        app.add_plugins((
            bevy::window::WindowPlugin {
                primary_window: None,
                exit_condition: bevy::window::ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            },
            bevy::asset::AssetPlugin::default(),
            bevy::image::ImagePlugin::default(),
            bevy::image::TextureAtlasPlugin,
            bevy::transform::TransformPlugin,
            bevy::text::TextPlugin,
            bevy::picking::DefaultPickingPlugins,
            bevy::ui::UiPlugin,
        ));
        app.world_mut()
            .resource_mut::<Assets<Font>>()
            .insert(AssetId::default(), Font::from_bytes(gambit::FONT.to_vec()))
            .unwrap();
        app.world_mut()
            .spawn((Window { resolution: WindowResolution::new(width, height), ..default() }, PrimaryWindow));
        app.world_mut().spawn((
            Camera2d,
            Camera {
                computed: ComputedCameraValues {
                    target_info: Some(RenderTargetInfo {
                        physical_size: UVec2::new(width, height),
                        scale_factor: 1.0,
                    }),
                    ..default()
                },
                ..default()
            },
        ));
        app.insert_resource(DataDir::at(dir.path()));
        app.add_plugins(gambit::LogicPlugin);
        // Laid out as a build with sound shows it: the settings panel's volume rows are the taller
        // panel (no sound is played: this app has no audio output).
        app.insert_resource(gambit::audio::AudioAvailability::On);
        app.update();
        Harness { app, dir }
    }

    /// An app with Bevy's assets and audio (the `audio` feature): what the game plays, on whatever
    /// output the machine has (none on CI: Bevy reports the missing device and plays nothing).
    #[cfg(feature = "audio")]
    pub fn with_audio() -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
        app.add_plugins((bevy::asset::AssetPlugin::default(), bevy::audio::AudioPlugin::default()));
        app.insert_resource(DataDir::at(dir.path()));
        app.add_plugins(gambit::LogicPlugin);
        app.update();
        Harness { app, dir }
    }

    /// An app on an existing data directory (to resume what another app saved).
    pub fn in_dir(dir: tempfile::TempDir) -> Harness {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
        app.insert_resource(DataDir::at(dir.path()));
        app.add_plugins(gambit::LogicPlugin);
        app.update();
        Harness { app, dir }
    }

    /// Activates the enabled button that carries `action`, as a click or Enter does (the button must
    /// be on screen), and runs two frames.
    pub fn press<A: ButtonAction>(&mut self, action: A) {
        let world = self.app.world_mut();
        let mut buttons = world.query_filtered::<(Entity, &A), Without<Disabled>>();
        let found = buttons.iter(world).find(|(_, a)| **a == action).map(|(e, _)| e);
        let Some(entity) = found else {
            let mut keys = world.query::<&FocusKey>();
            let shown: Vec<String> = keys.iter(world).map(|k| k.0.clone()).collect();
            panic!("no enabled button {action:?} on screen; the buttons are {shown:?}");
        };
        world.trigger(Activate { entity });
        self.update(2);
    }

    /// Sends a screen's action as a message (as its hotkeys do), and runs two frames.
    pub fn send<M: Message>(&mut self, message: M) {
        self.app.world_mut().write_message(message);
        self.update(2);
    }

    /// Presses and releases `key` through `KeyboardInput` messages, as the window does (`ButtonInput`
    /// is rebuilt from them each frame), one frame each.
    pub fn key(&mut self, key: KeyCode) {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            self.app.world_mut().write_message(KeyboardInput {
                key_code: key,
                logical_key: logical(key),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            self.app.update();
        }
    }

    /// The skill-chess screen's pending input.
    pub fn input(&self) -> &PlayerInput {
        self.app.world().resource::<PlayerInput>()
    }

    pub fn board(&mut self, input: BoardInput) {
        self.app.world_mut().write_message(input);
        self.update(2);
    }

    pub fn update(&mut self, frames: usize) {
        for _ in 0..frames {
            self.app.update();
        }
    }

    pub fn screen(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    pub fn game(&self) -> &SkillGame {
        self.app.world().resource::<SkillGame>()
    }

    /// Runs frames until the engine has replied (the task runs on the async compute pool).
    pub fn wait_for_engine(&mut self) {
        for _ in 0..2000 {
            self.app.update();
            let thinking = self.app.world().resource::<EngineTask>().is_thinking();
            if !thinking && !self.game().engines_turn() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("the engine never replied");
    }

    /// Runs frames until the run's decision (and the enemy's replies) is applied.
    pub fn wait_for_run(&mut self) {
        for _ in 0..2000 {
            self.app.update();
            if !self.app.world().resource::<RunTask>().is_busy() {
                self.update(2);
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("the run never finished its decision");
    }

    /// Runs frames until no engine search or run decision is in flight (bounded).
    pub fn settle(&mut self) {
        for _ in 0..5000 {
            let busy = self.app.world().resource::<EngineTask>().is_thinking()
                || self.app.world().resource::<RunTask>().is_busy();
            if !busy {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
            self.app.update();
        }
    }

    /// Sets up the screenshot tour's step `name` ([`gambit::screenshot::set_up`]) and runs frames
    /// until it is drawn and settled: the set-up every tour test shares.
    pub fn tour_step(&mut self, name: &str) {
        self.settle();
        gambit::screenshot::set_up(self.app.world_mut(), name);
        self.update(6);
        self.settle();
        self.update(3);
    }

    /// Steps through the whole tour ([`gambit::screenshot::STEPS`], in order), calling `each` with
    /// every step's name once it is settled ([`Harness::tour_step`]).
    pub fn tour(&mut self, mut each: impl FnMut(&mut Harness, &'static str)) {
        for name in gambit::screenshot::STEPS {
            self.tour_step(name);
            each(self, name);
        }
    }

    /// Steps through the tour up to and including the step `name` (the steps build on each other:
    /// a later one continues the run of the earlier ones). Panics on a name the tour lacks.
    pub fn tour_to(&mut self, name: &str) {
        for step in gambit::screenshot::STEPS {
            self.tour_step(step);
            if step == name {
                return;
            }
        }
        panic!("the tour has no step {name:?}");
    }

    /// Every text on screen now (labels, buttons, the log), in no particular order.
    pub fn texts(&mut self) -> Vec<String> {
        let world = self.app.world_mut();
        let mut texts = world.query::<&Text>();
        texts.iter(world).map(|t| t.0.clone()).filter(|t| !t.trim().is_empty()).collect()
    }

    /// The data directory's path.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}
