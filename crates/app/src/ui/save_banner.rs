//! The save-failure banner: the reason a save failed and a Retry button, on every screen of a run
//! (and on Upgrades). Nothing is lost while it shows: the state stays in memory until a save works.
//! The run model answers Retry (`run::retry_save`).

use bevy::prelude::*;

use super::{button, error_line, row};

/// The banner's button.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Try the failed save again.
    Retry,
}

/// Spawns the banner when a save failed (`failure`: the message), nothing otherwise.
pub fn spawn(p: &mut ChildSpawnerCommands<'_>, failure: Option<&str>) {
    if let Some(message) = failure {
        p.spawn(row()).with_children(|row| {
            row.spawn(error_line(message));
            row.spawn(button("Retry", Action::Retry));
        });
    }
}
