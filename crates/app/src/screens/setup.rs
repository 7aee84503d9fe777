//! Before a game of skill chess: the player's colour, the engine's strength, skills on or off, the
//! skill rules (a preset of `gambit_skills::SkillRules`) and the cooldowns (all but the colour are
//! remembered in the settings); Start, Back. UI state: the chosen
//! colour ([`ChosenColor`]).

use bevy::prelude::*;
use gambit_rules::Color;
use gambit_skills::{COOLDOWN_RANGE, FREEZE_DURATION_RANGE, Skill, SkillRules, step_within};

use super::Screen;
use crate::AppSystems;
use crate::game::{Preset, SkillGame, engine::EngineTask};
use crate::settings::Settings;
use crate::ui::section::show;
use crate::ui::{Section, View, button, heading, label, mark, page_column, row, small_button, spawn_page};

/// What the setup screen's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play White or Black.
    Player(Color),
    /// The engine's strength.
    Strength(Preset),
    /// Skills on or off.
    ToggleSkills,
    /// The skill rules (a named preset).
    Rules(SkillRules),
    /// Change a cooldown by a number of ticks.
    Cooldown(Skill, i32),
    /// Change the freeze duration by a number of ticks.
    FreezeDuration(i32),
    /// Start the game.
    Start,
    /// Back to the title.
    Back,
}

/// The colour the player picked.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChosenColor(pub Color);

impl Default for ChosenColor {
    fn default() -> Self {
        ChosenColor(Color::White)
    }
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<ChosenColor>();
    app.add_systems(OnEnter(Screen::SkillChessSetup), spawn);
    let here = in_state(Screen::SkillChessSetup);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    spawn_page(&mut commands, "Setup", Screen::SkillChessSetup, page_column(), Section::<SetupView>::new());
}

/// The setup page: the choices as they stand.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupView {
    color: Color,
    strength: Preset,
    skills: bool,
    skill_rules: SkillRules,
    teleport_cooldown: u32,
    freeze_cooldown: u32,
    freeze_duration: u32,
}

impl View for SetupView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Skill chess"));
        p.spawn(row()).with_children(|r| {
            r.spawn(label("You play"));
            for (c, name) in [(Color::White, "White"), (Color::Black, "Black")] {
                r.spawn(button(mark(self.color == c, name), Action::Player(c)));
            }
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Engine"));
            for s in Preset::ALL {
                r.spawn(button(mark(self.strength == s, s.name()), Action::Strength(s)));
            }
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Skills"));
            r.spawn(button(if self.skills { "On" } else { "Off" }, Action::ToggleSkills));
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Rules"));
            for (name, rules) in SkillRules::PRESETS {
                let title = if name == "default" { "Default" } else { "Classic" };
                r.spawn(button(mark(self.skill_rules == rules, title), Action::Rules(rules)));
            }
        });
        for (name, value, down, up) in [
            (
                "Teleport cooldown",
                self.teleport_cooldown,
                Action::Cooldown(Skill::Teleport, -1),
                Action::Cooldown(Skill::Teleport, 1),
            ),
            (
                "Freeze cooldown",
                self.freeze_cooldown,
                Action::Cooldown(Skill::Freeze, -1),
                Action::Cooldown(Skill::Freeze, 1),
            ),
            ("Freeze duration", self.freeze_duration, Action::FreezeDuration(-1), Action::FreezeDuration(1)),
        ] {
            p.spawn(row()).with_children(|r| {
                r.spawn(label(format!("{name}: {value} ticks")));
                r.spawn(small_button("\u{2212}", down));
                r.spawn(small_button("+", up));
            });
        }
        p.spawn(row()).with_children(|r| {
            r.spawn(button("Start", Action::Start));
            r.spawn(button("Back", Action::Back));
        });
    }
}

fn present(
    mut commands: Commands,
    settings: Res<Settings>,
    chosen: Res<ChosenColor>,
    mut sections: crate::ui::section::Sections<SetupView>,
) {
    let view = SetupView {
        color: chosen.0,
        strength: settings.strength,
        skills: settings.skills,
        skill_rules: settings.skill_rules,
        teleport_cooldown: settings.teleport_cooldown,
        freeze_cooldown: settings.freeze_cooldown,
        freeze_duration: settings.freeze_duration,
    };
    show(&mut commands, &mut sections, &view);
}

fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut settings: ResMut<Settings>,
    mut chosen: ResMut<ChosenColor>,
    mut next: ResMut<NextState<Screen>>,
    old_game: Option<Res<SkillGame>>,
    mut engine: ResMut<EngineTask>,
) {
    for action in actions.read() {
        match *action {
            Action::Player(c) => chosen.0 = c,
            Action::Strength(s) => settings.strength = s,
            Action::ToggleSkills => settings.skills = !settings.skills,
            Action::Rules(rules) => settings.skill_rules = rules,
            Action::Cooldown(Skill::Teleport, d) => {
                settings.teleport_cooldown = step_within(settings.teleport_cooldown, d, &COOLDOWN_RANGE);
            }
            Action::Cooldown(Skill::Freeze, d) => {
                settings.freeze_cooldown = step_within(settings.freeze_cooldown, d, &COOLDOWN_RANGE);
            }
            Action::FreezeDuration(d) => {
                settings.freeze_duration = step_within(settings.freeze_duration, d, &FREEZE_DURATION_RANGE);
            }
            Action::Start => {
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
            Action::Back => next.set(Screen::Title),
        }
    }
}
