//! The old one-for-all button action, while the screens move to their own action enums.

use bevy::prelude::*;
use gambit_rules::Role;
use gambit_skills::Skill;

use crate::game::Preset;

/// What a button does.
#[derive(Message, Component, Clone, Debug, PartialEq, Eq)]
pub enum UiAction {
    /// Title: resume the unfinished game.
    Continue,
    /// Title: start a roguelite run.
    NewRun,
    /// Title: set up a game of skill chess.
    SkillChess,
    /// Title: the permanent upgrades (the skill tree).
    Upgrades,
    /// Title: lifetime records.
    Records,
    /// Title: resume the saved run.
    ContinueRun,
    /// Retry a save that failed.
    RetrySave,
    /// Close the end-of-battle panel.
    ContinueAfterBattle,
    /// Run start: pick an offered modifier.
    ChooseOffer(gambit_roguelite::Modifier),
    /// Run start and shop: pick the piece that receives a modifier (roster id).
    ChooseRecipient(u32),
    /// Run start: confirm the offer and recipient.
    ConfirmStart,
    /// Deployment: start the battle.
    StartBattle,
    /// Battle: decline the offered reposition.
    SkipReposition,
    /// Shop: buy a slot.
    Buy(usize),
    /// Shop: reroll.
    Reroll,
    /// Shop: leave.
    LeaveShop,
    /// Next board: choose option 0..3.
    ChooseBoard(usize),
    /// Upgrades: pin a node (its id).
    SelectNode(String),
    /// Upgrades: unlock the pinned node.
    UnlockNode,
    /// Upgrades: clear the pinned node.
    ClearNode,
    /// Title: the rules.
    HowToPlay,
    /// Open the settings panel.
    OpenSettings,
    /// Quit the game.
    Exit,
    /// Back to the title screen.
    BackToTitle,
    /// Close the open panel.
    ClosePanel,
    /// Setup: play White or Black.
    ChoosePlayer(gambit_rules::Color),
    /// Setup: choose the engine's strength.
    ChooseStrength(Preset),
    /// Setup: skills on or off.
    ToggleSkills,
    /// Setup: change a cooldown by a number of ticks.
    AdjustCooldown(Skill, i32),
    /// Setup: change the freeze duration by a number of ticks.
    AdjustFreezeDuration(i32),
    /// Setup: start the game.
    StartGame,
    /// Game: a skill button.
    Cast(Skill),
    /// Game: the promotion picker.
    Promote(Role),
    /// Game: take back the last turn.
    Undo,
    /// Game: a new game with the same setup.
    NewGame,
    /// Game: rotate the board.
    Flip,
    /// Game: toggle the threat overlay.
    ToggleThreats,
    /// Game: write the game as PGN into the data directory.
    ExportPgn,
    /// Pause: resume the game.
    Resume,
    /// Pause: give the game up and return to the title.
    Abandon,
    /// A settings row.
    Setting(SettingChange),
}

/// One change from the settings panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingChange {
    /// Toggle fullscreen.
    Fullscreen,
    /// UI scale up (+1) or down (-1) by 0.125.
    UiScale(i8),
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
