//! The marks the layout check ([`super::layout_check`], a tool of the screenshot tour and the tests)
//! reads on the interface's nodes: components with no behaviour of their own, here so the interface
//! and the board can carry them without importing the check.

use bevy::prelude::*;

/// Marks the board grid (re-exported as `board::view::BoardRoot`): the board sizes its own cells, so
/// the UI scale and the layout check treat it as one block.
#[derive(Component)]
pub struct BoardRoot;

/// Marks a container that clips its text on purpose (the battle log shows its newest lines at the
/// bottom and clips the older ones above): the layout check holds the container, not its texts, to the
/// window.
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct Clipped;

/// Marks a hover card (a piece's modifier card in its room under the board screens' side panel, the
/// piece card in the battle panel): the layout check holds it off every shown button, so a card never
/// hides what the player may want to press.
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct HoverCard;

/// Marks a node drawn over the screens outside their flow, in a layer of its own (the save-failure
/// banner, [`super::save_banner`]): the layout check holds it off every shown button of the layers
/// under it (its own buttons aside), so it covers nothing the player may want to press.
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct Overlay;
