//! The app's states and system sets, the floor every other module may import: the screen shown
//! ([`Screen`]), the menu open over it ([`Menu`]) and the order of a frame's work ([`AppSystems`]).
//! They name where the app is; what each screen shows and decides lives in [`crate::screens`].

use bevy::prelude::*;

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
    /// Choosing the next board (a three-battle run).
    BoardChoice,
    /// The route's map: choosing the next node.
    Map,
    /// A rest node of the route.
    Rest,
    /// The end of a run.
    RunEnd,
    /// The permanent skill tree.
    Upgrades,
    /// Lifetime records.
    Records,
    /// The tutorial's scripted lessons.
    Tutorial,
    /// The replay of a recorded run, battle by battle.
    Replay,
}

impl Screen {
    /// Whether the screen shows a board (its arrow keys and Enter drive the board's cursor).
    #[must_use]
    pub fn has_board(self) -> bool {
        matches!(self, Screen::SkillChess | Screen::Deploy | Screen::Battle | Screen::Tutorial)
    }

    /// Whether the screen takes the arrow keys for itself (a board's cursor, the replay's steps)
    /// rather than for moving the keyboard focus between buttons.
    #[must_use]
    pub fn owns_arrows(self) -> bool {
        self.has_board() || self == Screen::Replay
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
                | Screen::BoardChoice
                | Screen::Map
                | Screen::Rest
                | Screen::RunEnd
        )
    }
}

/// The open panel, if any.
#[derive(States, Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Menu {
    /// No panel.
    #[default]
    None,
    /// The pause menu.
    Pause,
    /// The settings panel.
    Settings,
}

/// The order of every frame's work, one set after the other in `Update`; every plugin puts each of its
/// `Update` systems in one of them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Devices to intents: keys, typed text, keyboard focus, the board's cursor, hotkeys. They write a
    /// screen's action messages and `BoardInput` (pointer observers write the same ones earlier, in
    /// `PreUpdate`).
    Input,
    /// Intents to decisions: each screen reads its actions and board input against its UI state, and
    /// changes that state or asks the model (a skill-chess action, a `RunDecision`, a screen change).
    Decide,
    /// The model moves: run decisions and the engine on the worker pool, their results applied,
    /// files saved, the run choosing the next screen.
    Apply,
    /// Derived views: the board scene and its cells, animations, sections, button styles, UI scale.
    Present,
}
