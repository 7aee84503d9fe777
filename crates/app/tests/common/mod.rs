//! The headless harness shared by the app's integration tests: `MinimalPlugins` + `StatesPlugin` +
//! `InputPlugin` + the game's `LogicPlugin`, with a temporary data directory.

#![allow(dead_code)]

use std::path::Path;
use std::time::Duration;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gambit::board::BoardInput;
use gambit::game::SkillGame;
use gambit::game::engine::EngineTask;
use gambit::run::RunTask;
use gambit::screens::Screen;
use gambit::storage::DataDir;
use gambit::ui::UiAction;

pub struct Harness {
    pub app: App,
    pub dir: tempfile::TempDir,
}

impl Harness {
    pub fn new() -> Harness {
        Harness::in_dir(tempfile::tempdir().unwrap())
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

    pub fn ui(&mut self, action: UiAction) {
        self.app.world_mut().write_message(action);
        self.update(2);
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

    /// The data directory's path.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}
