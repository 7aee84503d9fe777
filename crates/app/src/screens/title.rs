//! The title screen.

use bevy::prelude::*;

use super::Screen;
use crate::game::save::SavedGameAvailable;
use crate::settings::FileNotice;
use crate::ui::{Disabled, UiAction, button, heading, label, screen_root};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn);
}

fn spawn(mut commands: Commands, saved: Res<SavedGameAvailable>, notice: Res<FileNotice>) {
    let has_save = saved.0;
    commands.spawn((Name::new("Title"), DespawnOnExit(Screen::Title), screen_root())).with_children(|root| {
        root.spawn(heading("\u{265E} Gambit"));
        root.spawn(label("Chess with skills, and a roguelite of small battles."));
        let mut cont = root.spawn(button("Continue", UiAction::Continue));
        if !has_save {
            cont.insert(Disabled);
        }
        root.spawn((button("New Run (coming soon)", UiAction::NewRun), Disabled));
        root.spawn(button("Skill Chess", UiAction::SkillChess));
        root.spawn((button("Upgrades (coming soon)", UiAction::Upgrades), Disabled));
        root.spawn(button("How to play", UiAction::HowToPlay));
        root.spawn(button("Settings", UiAction::OpenSettings));
        root.spawn(button("Exit", UiAction::Exit));
        if let Some(text) = &notice.0 {
            root.spawn((label(text.clone()), TextColor(crate::palette::STANDARD.error)));
        }
        root.spawn((
            label("Tab / arrows to move, Enter to choose"),
            TextColor(crate::palette::STANDARD.muted),
        ));
    });
}
