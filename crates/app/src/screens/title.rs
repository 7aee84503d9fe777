//! The title screen.

use bevy::prelude::*;

use super::Screen;
use crate::game::save::SavedGameAvailable;
use crate::settings::FileNotice;
use crate::ui::{UiAction, button, heading, label, screen_root};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn);
}

fn spawn(
    mut commands: Commands,
    saved: Res<SavedGameAvailable>,
    notice: Res<FileNotice>,
    profile: Res<crate::run::Profile>,
) {
    let has_run = crate::run::has_saved_run(&profile);
    let has_game = saved.0;
    let panel = (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(crate::ui::units(3.0)),
            border_radius: BorderRadius::all(crate::ui::units(2.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.08, 0.09, 0.14, 0.86)),
    );
    let root = commands.spawn((Name::new("Title"), DespawnOnExit(Screen::Title), screen_root())).id();
    commands.spawn((panel, ChildOf(root))).with_children(|root| {
        root.spawn(heading("\u{265E} Gambit"));
        root.spawn(label("Chess with skills, and a roguelite of small battles."));
        // Continue resumes the saved run, else the unfinished skill-chess game; hidden when neither.
        if has_run {
            root.spawn(button("Continue run", UiAction::ContinueRun));
        } else if has_game {
            root.spawn(button("Continue skill chess", UiAction::Continue));
        }
        root.spawn(button("New Run", UiAction::NewRun));
        root.spawn(button("Skill Chess", UiAction::SkillChess));
        root.spawn(button("Upgrades", UiAction::Upgrades));
        root.spawn(button("Records", UiAction::Records));
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
