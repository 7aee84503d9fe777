//! Before a game of skill chess: the player's colour, the engine's strength (remembered in the
//! settings), skills on or off, and the cooldown config.

use bevy::prelude::*;
use gambit_rules::Color;
use gambit_skills::{COOLDOWN_RANGE, FREEZE_DURATION_RANGE, Skill, step_within};

use super::Screen;
use crate::game::{Preset, SkillGame, engine::EngineTask};
use crate::settings::Settings;
use crate::ui::{UiAction, button, heading, label, screen_root, small_button};

/// The colour the player picked.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChosenColor(pub Color);

impl Default for ChosenColor {
    fn default() -> Self {
        ChosenColor(Color::White)
    }
}

/// The setup panel, rebuilt when a choice changes.
#[derive(Component)]
struct SetupPanel;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ChosenColor>();
    app.add_systems(OnEnter(Screen::SkillChessSetup), spawn);
    app.add_systems(
        Update,
        handle.run_if(in_state(Screen::SkillChessSetup)).in_set(crate::AppSystems::Decide),
    );
    app.add_systems(
        Update,
        rebuild.run_if(in_state(Screen::SkillChessSetup)).in_set(crate::AppSystems::Present),
    );
}

fn spawn(mut commands: Commands) {
    commands.spawn((Name::new("Setup"), DespawnOnExit(Screen::SkillChessSetup), SetupPanel, screen_root()));
}

fn mark(selected: bool, text: &str) -> String {
    if selected { format!("\u{25B6} {text}") } else { text.to_string() }
}

#[allow(clippy::too_many_arguments)]
fn rebuild(
    mut commands: Commands,
    settings: Res<Settings>,
    chosen: Res<ChosenColor>,
    panel: Query<Entity, With<SetupPanel>>,
    added: Query<(), Added<SetupPanel>>,
) {
    if !settings.is_changed() && !chosen.is_changed() && added.is_empty() {
        return;
    }
    let Ok(root) = panel.single() else { return };
    commands.entity(root).despawn_related::<Children>();
    commands.queue(crate::ui::focus::refocus);
    commands.entity(root).with_children(|root| {
        root.spawn(heading("Skill chess"));
        root.spawn(row()).with_children(|r| {
            r.spawn(label("You play"));
            for c in [Color::White, Color::Black] {
                let name = if c == Color::White { "White" } else { "Black" };
                r.spawn(button(mark(chosen.0 == c, name), UiAction::ChoosePlayer(c)));
            }
        });
        root.spawn(row()).with_children(|r| {
            r.spawn(label("Engine"));
            for s in Preset::ALL {
                r.spawn(button(mark(settings.strength == s, s.name()), UiAction::ChooseStrength(s)));
            }
        });
        root.spawn(row()).with_children(|r| {
            r.spawn(label("Skills"));
            r.spawn(button(if settings.skills { "On" } else { "Off" }, UiAction::ToggleSkills));
        });
        for (name, skill, value) in [
            ("Teleport cooldown", Some(Skill::Teleport), settings.teleport_cooldown),
            ("Freeze cooldown", Some(Skill::Freeze), settings.freeze_cooldown),
            ("Freeze duration", None, settings.freeze_duration),
        ] {
            root.spawn(row()).with_children(|r| {
                r.spawn(label(format!("{name}: {value} ticks")));
                let (down, up) = match skill {
                    Some(s) => (UiAction::AdjustCooldown(s, -1), UiAction::AdjustCooldown(s, 1)),
                    None => (UiAction::AdjustFreezeDuration(-1), UiAction::AdjustFreezeDuration(1)),
                };
                r.spawn(small_button("\u{2212}", down));
                r.spawn(small_button("+", up));
            });
        }
        root.spawn(row()).with_children(|r| {
            r.spawn(button("Start", UiAction::StartGame));
            r.spawn(button("Back", UiAction::BackToTitle));
        });
    });
}

fn row() -> Node {
    Node { flex_direction: FlexDirection::Row, align_items: AlignItems::Center, ..default() }
}

fn handle(
    mut commands: Commands,
    mut actions: MessageReader<UiAction>,
    mut settings: ResMut<Settings>,
    mut chosen: ResMut<ChosenColor>,
    mut next: ResMut<NextState<Screen>>,
    old_game: Option<Res<SkillGame>>,
    mut engine: ResMut<EngineTask>,
) {
    for action in actions.read() {
        match action {
            UiAction::ChoosePlayer(c) => chosen.0 = *c,
            UiAction::ChooseStrength(s) => settings.strength = *s,
            UiAction::ToggleSkills => settings.skills = !settings.skills,
            UiAction::AdjustCooldown(Skill::Teleport, d) => {
                settings.teleport_cooldown = step_within(settings.teleport_cooldown, *d, &COOLDOWN_RANGE);
            }
            UiAction::AdjustCooldown(Skill::Freeze, d) => {
                settings.freeze_cooldown = step_within(settings.freeze_cooldown, *d, &COOLDOWN_RANGE);
            }
            UiAction::AdjustFreezeDuration(d) => {
                settings.freeze_duration = step_within(settings.freeze_duration, *d, &FREEZE_DURATION_RANGE);
            }
            UiAction::StartGame => {
                let generation = old_game.as_ref().map_or(0, |g| g.generation + 1);
                match SkillGame::new(settings.skill_config(), chosen.0, settings.strength, settings.skills) {
                    Ok(mut game) => {
                        game.generation = generation;
                        engine.cancel();
                        commands.insert_resource(game);
                        next.set(Screen::SkillChess);
                    }
                    Err(e) => error!("could not start a game: {e}"),
                }
            }
            _ => {}
        }
    }
}
