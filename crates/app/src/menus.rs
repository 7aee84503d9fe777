//! Menus: panels over the current screen, as a second state. The pause menu (Escape during a game)
//! and the settings panel (from the title or the pause menu).

use bevy::prelude::*;

use crate::game::{engine::EngineTask, save};
use crate::screens::Screen;
use crate::settings::{Orientation, Settings};
use crate::storage::DataDir;
use crate::ui::{SettingChange, UiAction, button, heading, label, small_button};

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

/// Where closing the settings panel returns to.
#[derive(Resource, Default)]
struct SettingsReturn(Menu);

/// The settings panel's body, rebuilt when a setting changes.
#[derive(Component)]
struct SettingsBody;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Menu>();
    app.init_resource::<SettingsReturn>();
    app.add_systems(OnEnter(Menu::Pause), spawn_pause);
    app.add_systems(OnEnter(Menu::Settings), spawn_settings);
    app.add_systems(Update, escape_closes.in_set(crate::AppSystems::Input));
    app.add_systems(Update, handle.in_set(crate::AppSystems::Decide));
    app.add_systems(
        Update,
        rebuild_settings.run_if(in_state(Menu::Settings)).in_set(crate::AppSystems::Present),
    );
    app.add_systems(OnEnter(Screen::Title), |mut next: ResMut<NextState<Menu>>| next.set(Menu::None));
}

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
        BackgroundColor(bevy::color::Color::srgba(0.0, 0.0, 0.0, 0.6)),
        GlobalZIndex(100),
        bevy::input_focus::tab_navigation::TabGroup::modal(),
    )
}

fn panel() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(crate::ui::units(3.0)),
            border_radius: BorderRadius::all(crate::ui::units(1.5)),
            ..default()
        },
        BackgroundColor(crate::palette::STANDARD.panel),
    )
}

fn spawn_pause(mut commands: Commands, screen: Res<State<Screen>>) {
    let in_run = screen.get().is_run_screen();
    commands.spawn((Name::new("Pause"), overlay(Menu::Pause))).with_children(|o| {
        o.spawn(panel()).with_children(|p| {
            p.spawn(heading("Paused"));
            p.spawn(button("Resume", UiAction::Resume));
            p.spawn(button("Settings", UiAction::OpenSettings));
            if in_run {
                // A run is saved after every turn: leaving keeps it for Continue.
                p.spawn(button("Save and return to title", UiAction::BackToTitle));
            } else {
                p.spawn(button("Abandon game", UiAction::Abandon));
            }
            p.spawn(button("Quit", UiAction::Exit));
        });
    });
}

fn spawn_settings(mut commands: Commands) {
    commands.spawn((Name::new("Settings"), overlay(Menu::Settings))).with_children(|o| {
        o.spawn((panel(), SettingsBody));
    });
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

fn rebuild_settings(
    mut commands: Commands,
    settings: Res<Settings>,
    body: Query<Entity, With<SettingsBody>>,
    added: Query<(), Added<SettingsBody>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let Ok(body) = body.single() else { return };
    commands.entity(body).despawn_related::<Children>();
    let orientation = match settings.orientation {
        Orientation::Player => "your side at the bottom",
        Orientation::White => "White at the bottom",
        Orientation::Black => "Black at the bottom",
    };
    let seed = settings.run_seed.map_or_else(|| "random".to_string(), |s| s.to_string());
    commands.queue(crate::ui::focus::refocus);
    commands.entity(body).with_children(|p| {
        p.spawn(heading("Settings"));
        let rows: [(String, SettingChange); 8] = [
            (format!("Fullscreen: {}", on_off(settings.fullscreen)), SettingChange::Fullscreen),
            (format!("Board: {orientation}"), SettingChange::Orientation),
            (format!("Coordinates: {}", on_off(settings.coordinates)), SettingChange::Coordinates),
            (format!("Threat overlay: {}", on_off(settings.threat_overlay)), SettingChange::ThreatOverlay),
            (format!("Reduced motion: {}", on_off(settings.reduced_motion)), SettingChange::ReducedMotion),
            (format!("Colour-blind palette: {}", on_off(settings.color_blind)), SettingChange::ColorBlind),
            (
                format!("Animated scenery: {}", if settings.pause_scenery { "paused" } else { "on" }),
                SettingChange::PauseScenery,
            ),
            (format!("Run seed: {seed} (new)"), SettingChange::NewSeed),
        ];
        for (text, change) in rows {
            p.spawn(button(text, UiAction::Setting(change)));
        }
        p.spawn(Node { flex_direction: FlexDirection::Row, align_items: AlignItems::Center, ..default() })
            .with_children(|row| {
                row.spawn(label(format!("UI scale: {:.0}%", settings.ui_scale * 100.0)));
                row.spawn(small_button("\u{2212}", UiAction::Setting(SettingChange::UiScale(-1))));
                row.spawn(small_button("+", UiAction::Setting(SettingChange::UiScale(1))));
                row.spawn(small_button("Random seed", UiAction::Setting(SettingChange::ClearSeed)));
            });
        p.spawn(button("Back", UiAction::ClosePanel));
    });
}

#[allow(clippy::too_many_arguments)]
fn handle(
    mut commands: Commands,
    mut actions: MessageReader<UiAction>,
    menu: Res<State<Menu>>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut settings: ResMut<Settings>,
    mut ret: ResMut<SettingsReturn>,
    dir: Res<DataDir>,
    mut engine: ResMut<EngineTask>,
    mut notice: ResMut<crate::settings::FileNotice>,
) {
    for action in actions.read() {
        match action {
            UiAction::OpenSettings => {
                ret.0 = *menu.get();
                next_menu.set(Menu::Settings);
            }
            UiAction::ClosePanel => {
                next_menu.set(if *menu.get() == Menu::Settings { ret.0 } else { Menu::None })
            }
            UiAction::Resume => next_menu.set(Menu::None),
            UiAction::Abandon => {
                // The game resource goes when the screen is left (see `save::leave_game`), so no
                // system of this frame finds it missing.
                engine.cancel();
                commands.insert_resource(save::DiscardGame);
                next_menu.set(Menu::None);
                next_screen.set(Screen::Title);
            }
            UiAction::Continue => match save::load(&dir) {
                Ok(Some(game)) => {
                    commands.insert_resource(game);
                    next_screen.set(Screen::SkillChess);
                }
                Ok(None) => {}
                Err(e) => notice.0 = Some(e),
            },
            UiAction::Setting(change) => apply_setting(&mut settings, *change),
            _ => {}
        }
    }
}

fn apply_setting(settings: &mut Settings, change: SettingChange) {
    match change {
        SettingChange::Fullscreen => settings.fullscreen = !settings.fullscreen,
        SettingChange::UiScale(d) => {
            settings.ui_scale = (settings.ui_scale + f32::from(d) * 0.125).clamp(0.75, 1.5);
        }
        SettingChange::Orientation => {
            settings.orientation = match settings.orientation {
                Orientation::Player => Orientation::White,
                Orientation::White => Orientation::Black,
                Orientation::Black => Orientation::Player,
            }
        }
        SettingChange::Coordinates => settings.coordinates = !settings.coordinates,
        SettingChange::ThreatOverlay => settings.threat_overlay = !settings.threat_overlay,
        SettingChange::ReducedMotion => settings.reduced_motion = !settings.reduced_motion,
        SettingChange::ColorBlind => settings.color_blind = !settings.color_blind,
        SettingChange::PauseScenery => settings.pause_scenery = !settings.pause_scenery,
        SettingChange::NewSeed => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            settings.run_seed = Some(u64::from(nanos) % 1_000_000);
        }
        SettingChange::ClearSeed => settings.run_seed = None,
    }
}

fn escape_closes(
    keys: Res<ButtonInput<KeyCode>>,
    menu: Res<State<Menu>>,
    mut actions: MessageWriter<UiAction>,
) {
    if keys.just_pressed(KeyCode::Escape) && *menu.get() != Menu::None {
        actions.write(if *menu.get() == Menu::Pause { UiAction::Resume } else { UiAction::ClosePanel });
    }
}
