//! Deployment: the next board (shape, holes, the enemy formation, the objective ringed in gold, the
//! bonus objective, the move budget) with the player's army placed freely in the bottom two rows by
//! drag or click-swap; Start; the army, the pack of consumables and the run's badges. UI state:
//! [`DeployPlan`] (the placements being edited, the selection), made from the run's default
//! deployment on entering.

use bevy::prelude::*;
use gambit_roguelite::encounter::Encounter;
use gambit_roguelite::run::Placement;
use gambit_roguelite::{Decision, RunPhase, Team};
use gambit_rules::{Piece, Square};

use super::Screen;
use crate::AppSystems;
use crate::board::{BoardInput, BoardScene, BoardSystems, BoardViewState, view};
use crate::run::{RunDecision, RunSession};
use crate::ui::section::show;
use crate::ui::{View, button, error_line, heading, label};

/// What the deployment buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Start the battle with these placements.
    Start,
    /// Back to the title (the run is saved).
    Title,
}

/// The placements being edited.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct DeployPlan {
    /// Roster id -> square.
    pub placements: Vec<(u32, Square)>,
    /// The selected square.
    pub selected: Option<Square>,
    /// A hint for the player.
    pub message: Option<String>,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<DeployPlan>();
    app.add_systems(OnEnter(Screen::Deploy), spawn);
    let here = in_state(Screen::Deploy).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, (on_action, on_board_input).run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, build_scene.run_if(here.clone()).in_set(BoardSystems::Scene));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn encounter(session: &RunSession) -> Option<&Encounter> {
    match session.run.phase() {
        RunPhase::Deploy { encounter } => Some(encounter),
        _ => None,
    }
}

fn spawn(
    mut commands: Commands,
    mut view: ResMut<BoardViewState>,
    mut plan: ResMut<DeployPlan>,
    session: Option<Res<RunSession>>,
) {
    view.reset(false, None);
    let placements = session
        .as_deref()
        .and_then(|s| encounter(s).map(|e| (e, s.run.roster())))
        .and_then(|(e, roster)| gambit_roguelite::encounter::default_deployment(&e.board, roster))
        .unwrap_or_default();
    *plan = DeployPlan { placements, ..default() };
    view::spawn_board_screen::<DeployView>(&mut commands, Screen::Deploy, false);
}

/// A one-line account of an encounter's goal, with the move budget its battle starts with (`budget`,
/// moves: [`gambit_roguelite::Run::battle_budget`], the skill tree's and the badges' moves included).
#[must_use]
pub fn goal_text(e: &Encounter, budget: u32) -> String {
    let mut text = format!("Objective: {}.", e.objective);
    if let Some(b) = e.bonus {
        text.push_str(&format!(" Bonus: {b}."));
    }
    text.push_str(&format!(" Move budget: {budget}."));
    if e.royal_kings {
        text.push_str(&format!(" {ROYAL_KINGS}"));
    }
    text
}

/// What royal kings mean, shown wherever an encounter that declares them is described (board choice,
/// deployment, battle panel); elsewhere a king is a piece like the others.
pub const ROYAL_KINGS: &str = "Royal kings: a side that loses its last king loses the battle.";

/// The coming battle as a boss's, with its rule, as the map's card says it: `♚ Boss of act 1: Warband
/// (an enemy pawn arrives every 3 enemy turns)`, `♚ Final boss: Iron King (...)`; `None` for a battle
/// that is not a boss's.
#[must_use]
pub fn boss_line(run: &gambit_roguelite::Run) -> Option<String> {
    let rule = run.boss_rule()?;
    let (icon, _) = super::map::icon(gambit_roguelite::route::NodeKind::Boss { rule });
    let at = run.position()?;
    let which = if run.route().is_some_and(|r| r.is_final(at)) {
        "Final boss".to_string()
    } else {
        format!("Boss of act {}", at.act + 1)
    };
    Some(format!("{icon} {which}: {rule}"))
}

/// The deployment panel.
#[derive(Clone, Debug, PartialEq)]
pub struct DeployView {
    title: String,
    /// The boss and its rule, when the battle is a boss's ([`boss_line`]).
    pub boss: Option<String>,
    board: String,
    goal: String,
    enemy_skills: bool,
    message: Option<String>,
    army: String,
    /// The run's badges (the rules the run changes), (name, `Name: text`) each
    /// ([`crate::ui::spawn_badge_chips`]).
    badges: Vec<(String, String)>,
    /// The consumables' names, in pack order.
    pack: Option<String>,
}

impl DeployView {
    fn new(session: &RunSession, plan: &DeployPlan) -> Option<DeployView> {
        let e = encounter(session)?;
        let names: Vec<String> = session
            .run
            .roster()
            .iter()
            .map(|o| {
                let m = o.modifier.map_or(String::new(), |m| format!(" ({})", m.title()));
                let name = session.run.piece_name(o.id).map_or_else(String::new, |n| n.to_string());
                format!("{name}{m}")
            })
            .collect();
        Some(DeployView {
            // The heading as the battle panel has it (a long name wrapped the heading mid-name): the
            // name goes on the board's line.
            title: format!("Battle {}", session.run.battles_won() + 1),
            boss: boss_line(&session.run),
            board: format!(
                "{}: {}x{} board{}",
                e.title(),
                e.board.width,
                e.board.height,
                if e.board.cut_corners { ", cut corners" } else { "" }
            ),
            goal: goal_text(e, session.run.battle_budget(e)),
            enemy_skills: e.enemy_skills.is_some(),
            message: plan.message.clone().or_else(|| session.refusal.clone()),
            army: format!("Army: {}", names.join(", ")),
            badges: session.badge_chips(),
            pack: (!session.run.pack().is_empty()).then(|| {
                let names: Vec<&str> = session.run.pack_items().map(|it| it.name.as_str()).collect();
                format!("Consumables (use them in the battle): {}", names.join(", "))
            }),
        })
    }
}

impl View for DeployView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading(self.title.clone()));
        if let Some(boss) = &self.boss {
            p.spawn((label(boss.clone()), TextColor(crate::palette::STANDARD.accent)));
        }
        p.spawn(label(self.board.clone()));
        p.spawn(label(self.goal.clone()));
        p.spawn(label(if self.enemy_skills {
            "The enemy can Teleport and Freeze."
        } else {
            "The enemy has no skills."
        }));
        p.spawn(label("Place your army in the bottom two rows: click a piece, then a square (or drag it)."));
        if let Some(msg) = &self.message {
            p.spawn(error_line(msg.clone()));
        }
        p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
            row.spawn(button("Start", Action::Start));
            row.spawn(button("Title", Action::Title));
        });
        p.spawn(label(self.army.clone()));
        if let Some(pack) = &self.pack {
            p.spawn(label(pack.clone()));
        }
        crate::ui::spawn_badge_chips(p, &self.badges);
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    plan: Res<DeployPlan>,
    mut sections: crate::ui::section::Sections<DeployView>,
) {
    if let Some(view) = DeployView::new(&session, &plan) {
        show(&mut commands, &mut sections, &view);
    }
}

fn build_scene(session: Res<RunSession>, plan: Res<DeployPlan>, mut scene: ResMut<BoardScene>) {
    if !session.is_changed() && !plan.is_changed() {
        return;
    }
    let Some(e) = encounter(&session) else { return };
    let mut next = BoardScene::default();
    for square in Square::all() {
        next.cell_mut(square).blocked = !e.board.is_playable(square);
    }
    for enemy in &e.enemy {
        let cell = next.cell_mut(enemy.square);
        cell.piece = Some(Piece::new(Team::Enemy.color(), enemy.role));
        // As the battle will start it: a boss's rule may arm a piece (the Iron King).
        let modifier = match session.run.boss_rule() {
            Some(rule) => rule.enemy_modifier(enemy.role, enemy.modifier),
            None => enemy.modifier,
        };
        cell.modifier = modifier.map(gambit_roguelite::Modifier::letter);
        let hp = session.run.start_hp(Team::Enemy, enemy.role);
        cell.hp = Some((hp, hp));
        cell.objective = e.is_objective(enemy);
    }
    for &(id, square) in &plan.placements {
        if let Some(owned) = session.run.roster().iter().find(|o| o.id == id) {
            let cell = next.cell_mut(square);
            cell.piece = Some(Piece::new(Team::Player.color(), owned.role));
            cell.modifier = owned.modifier.map(gambit_roguelite::Modifier::letter);
            // What the battle will give it: the badges raise some roles' hit points.
            let hp = session.run.start_hp(Team::Player, owned.role);
            cell.hp = Some((hp, hp));
        }
    }
    if let Some(selected) = plan.selected {
        next.cell_mut(selected).selected = true;
        for square in e.board.deployment_squares() {
            if square != selected {
                next.cell_mut(square).target = true;
            }
        }
    }
    if *scene != next {
        *scene = next;
    }
}

/// Moves the piece on `from` to `to` within the deployment rows, swapping with a piece already there.
fn swap(plan: &mut DeployPlan, e: &Encounter, from: Square, to: Square) {
    if !e.board.deployment_squares().contains(&to) {
        plan.message = Some(format!("{to} is not in your deployment rows"));
        return;
    }
    let a = plan.placements.iter().position(|&(_, s)| s == from);
    let b = plan.placements.iter().position(|&(_, s)| s == to);
    if let Some(a) = a {
        plan.placements[a].1 = to;
        if let Some(b) = b {
            plan.placements[b].1 = from;
        }
        plan.message = None;
    }
}

fn on_board_input(
    mut inputs: MessageReader<BoardInput>,
    session: Res<RunSession>,
    mut plan: ResMut<DeployPlan>,
) {
    let Some(e) = encounter(&session) else {
        inputs.clear();
        return;
    };
    for input in inputs.read() {
        match input {
            BoardInput::Pressed(square) => {
                let occupied = plan.placements.iter().any(|&(_, s)| s == *square);
                match plan.selected {
                    Some(from) if from == *square => plan.selected = None,
                    Some(from) => {
                        swap(&mut plan, e, from, *square);
                        plan.selected = None;
                    }
                    None if occupied => plan.selected = Some(*square),
                    None => {}
                }
            }
            BoardInput::Dropped { from, to } => {
                swap(&mut plan, e, *from, *to);
                plan.selected = None;
            }
            BoardInput::Cancel => plan.selected = None,
            _ => {}
        }
    }
}

fn on_action(
    mut actions: MessageReader<Action>,
    plan: Res<DeployPlan>,
    mut out: MessageWriter<RunDecision>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match action {
            Action::Start => {
                let placements =
                    plan.placements.iter().map(|&(piece, square)| Placement { piece, square }).collect();
                out.write(RunDecision(Decision::Deploy { placements }));
            }
            Action::Title => next.set(Screen::Title),
        }
    }
}
