//! The old one-for-all button action, while the screens move to their own action enums.

use bevy::prelude::*;
use gambit_skills::Skill;

/// What a button does.
#[derive(Message, Component, Clone, Debug, PartialEq, Eq)]
pub enum UiAction {
    /// Title: the permanent upgrades (the skill tree).
    Upgrades,
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
    /// Back to the title screen.
    BackToTitle,
    /// Game: a skill button.
    Cast(Skill),
    /// Game: toggle the threat overlay.
    ToggleThreats,
}
