//! Menus: panels over the current screen, as a second state ([`Menu`]). The pause menu ([`pause`],
//! Escape during a game or a battle) and the settings panel ([`settings`], from the title or the pause
//! menu). An open menu is a modal Tab group: the keyboard stays inside it, and the screen's hotkeys and
//! board wait until it closes.

pub mod pause;
pub mod settings;

use bevy::input_focus::tab_navigation::TabGroup;
use bevy::prelude::*;

use crate::AppSystems;
use crate::screens::Screen;
pub use crate::state::Menu;
use crate::ui::units;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Menu>();
    app.add_plugins((pause::plugin, settings::plugin));
    app.add_systems(Update, escape_closes.in_set(AppSystems::Input));
    app.add_systems(OnEnter(Screen::Title), |mut next: ResMut<NextState<Menu>>| next.set(Menu::None));
}

/// The dimmed full-screen layer a menu sits on: it takes the pointer and is the menu's modal Tab group.
fn overlay(menu: Menu) -> impl Bundle {
    (
        DespawnOnExit(menu),
        Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        // Settings hide what lies under them fully: at 92% black (blended in linear light, so it
        // dimmed white only to about a third) the title's heading, offer and drifting clouds showed
        // through around the panel and read as drawn over it. The pause menu leaves the battle
        // readable behind it.
        BackgroundColor(if menu == Menu::Settings {
            crate::palette::STANDARD.background
        } else {
            bevy::color::Color::srgba(0.0, 0.0, 0.0, 0.6)
        }),
        GlobalZIndex(100),
        TabGroup::modal(),
    )
}

/// The menu's panel.
fn panel() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(units(3.0)),
            border_radius: BorderRadius::all(units(1.5)),
            ..default()
        },
        BackgroundColor(crate::palette::STANDARD.panel),
    )
}

/// Escape closes the open menu (the pause menu resumes, or its question keeps the game; the settings
/// panel goes back).
fn escape_closes(
    keys: Res<ButtonInput<KeyCode>>,
    menu: Res<State<Menu>>,
    question: Res<pause::AbandonQuestion>,
    mut pause: MessageWriter<pause::Action>,
    mut panel: MessageWriter<settings::Action>,
) {
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    match menu.get() {
        Menu::None => {}
        // A question keeps the game (the menu stays); else the game resumes.
        Menu::Pause if question.0 => {
            pause.write(pause::Action::ConfirmAbandon(false));
        }
        Menu::Pause => {
            pause.write(pause::Action::Resume);
        }
        Menu::Settings => {
            panel.write(settings::Action::Back);
        }
    }
}
