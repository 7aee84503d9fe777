//! Deployment: the next board (shape, holes, the enemy formation, the objective ringed in gold, the
//! bonus objective, the move budget) with the player's army placed freely in the bottom two rows by
//! drag or click-swap; Start.

use bevy::prelude::*;
use gambit_roguelite::battle::START_HP;
use gambit_roguelite::encounter::Encounter;
use gambit_roguelite::run::Placement;
use gambit_roguelite::{Decision, RunPhase, Team};
use gambit_rules::{Piece, Square};

use super::panel::{PanelContext, RunPanel};
use super::{RunDecision, RunSession};
use crate::board::view;
use crate::board::{BoardInput, BoardScene};
use crate::board::{BoardSystems, BoardViewState};
use crate::screens::Screen;
use crate::ui::{UiAction, button, heading, label};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Deploy), spawn);
    app.add_systems(
        Update,
        (handle, board_input)
            .chain()
            .in_set(crate::AppSystems::Decide)
            .run_if(in_state(Screen::Deploy))
            .run_if(resource_exists::<RunSession>),
    );
    app.add_systems(
        Update,
        build_scene
            .in_set(BoardSystems::Scene)
            .run_if(in_state(Screen::Deploy))
            .run_if(resource_exists::<RunSession>),
    );
}

/// Lays out a run screen with the board on the left and a rebuilt panel on the right.
pub fn spawn_board_screen(commands: &mut Commands, screen: Screen, build: super::panel::BuildPanel) {
    commands
        .spawn((
            Name::new(format!("{screen:?}")),
            DespawnOnExit(screen),
            crate::board::view::board_screen_root(),
        ))
        .with_children(|root| {
            view::spawn_board(root);
            root.spawn((
                RunPanel(build),
                Node {
                    flex_direction: FlexDirection::Column,
                    width: crate::ui::units(52.0),
                    height: Val::VMin(86.0),
                    padding: UiRect::all(crate::ui::units(1.0)),
                    row_gap: crate::ui::units(0.4),
                    overflow: Overflow::clip(),
                    ..default()
                },
            ));
        });
}

fn spawn(mut commands: Commands, mut view: ResMut<BoardViewState>) {
    view.rotated = false;
    view.cursor = None;
    spawn_board_screen(&mut commands, Screen::Deploy, build);
}

fn encounter(session: &RunSession) -> Option<&Encounter> {
    match session.run.phase() {
        RunPhase::Deploy { encounter } => Some(encounter),
        _ => None,
    }
}

/// A one-line account of an encounter's goal.
#[must_use]
pub fn goal_text(e: &Encounter) -> String {
    let mut text = format!("Objective: {}.", e.objective);
    if let Some(b) = e.bonus {
        text.push_str(&format!(" Bonus: {b}."));
    }
    text.push_str(&format!(" Move budget: {}.", e.move_budget));
    text
}

fn build(p: &mut ChildSpawnerCommands<'_>, ctx: &PanelContext<'_>) {
    let Some(session) = ctx.session else { return };
    let Some(e) = encounter(session) else { return };
    p.spawn(heading(format!("Battle {}: {}", session.run.battles_won() + 1, e.name.replace('_', " "))));
    p.spawn(label(format!(
        "{}x{} board{}",
        e.board.width,
        e.board.height,
        if e.board.cut_corners { ", cut corners" } else { "" }
    )));
    p.spawn(label(goal_text(e)));
    if e.enemy_skills.is_some() {
        p.spawn(label("The enemy can Teleport and Freeze."));
    }
    p.spawn(label("Place your army in the bottom two rows: click a piece, then a square (or drag it)."));
    super::save_banner(p, ctx);
    if let Some(msg) = &session.message {
        p.spawn((label(msg.clone()), TextColor(crate::palette::STANDARD.error)));
    }
    p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
        row.spawn(button("Start", UiAction::StartBattle));
        row.spawn(button("Title", UiAction::BackToTitle));
    });
    let names: Vec<String> = session
        .run
        .roster()
        .iter()
        .map(|o| {
            let m = o.modifier.map_or(String::new(), |m| format!(" ({})", m.name()));
            format!("{} #{}{m}", o.role.name(), o.id)
        })
        .collect();
    p.spawn(label(format!("Army: {}", names.join(", "))));
}

fn build_scene(session: Res<RunSession>, mut scene: ResMut<BoardScene>) {
    if !session.is_changed() {
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
        cell.modifier = enemy.modifier.map(gambit_roguelite::Modifier::letter);
        cell.hp = Some((START_HP, START_HP));
        cell.objective = e.is_objective(enemy);
    }
    for &(id, square) in &session.placements {
        if let Some(owned) = session.run.roster().iter().find(|o| o.id == id) {
            let cell = next.cell_mut(square);
            cell.piece = Some(Piece::new(Team::Player.color(), owned.role));
            cell.modifier = owned.modifier.map(gambit_roguelite::Modifier::letter);
            cell.hp = Some((START_HP, START_HP));
        }
    }
    if let Some(selected) = session.selected {
        next.cell_mut(selected).selected = true;
        for square in e.board.deployment_squares() {
            if square != selected {
                next.cell_mut(square).target = true;
            }
        }
    }
    *scene = next;
}

/// Moves the piece on `from` to `to` within the deployment rows, swapping with a piece already there.
fn swap(session: &mut RunSession, from: Square, to: Square) {
    let Some(e) = encounter(session) else { return };
    if !e.board.deployment_squares().contains(&to) {
        session.message = Some(format!("{to} is not in your deployment rows"));
        return;
    }
    let a = session.placements.iter().position(|&(_, s)| s == from);
    let b = session.placements.iter().position(|&(_, s)| s == to);
    if let Some(a) = a {
        session.placements[a].1 = to;
        if let Some(b) = b {
            session.placements[b].1 = from;
        }
        session.message = None;
    }
}

fn board_input(mut inputs: MessageReader<BoardInput>, mut session: ResMut<RunSession>) {
    for input in inputs.read() {
        match input {
            BoardInput::Pressed(square) => {
                let occupied = session.placements.iter().any(|&(_, s)| s == *square);
                match session.selected {
                    Some(from) if from == *square => session.selected = None,
                    Some(from) => {
                        swap(&mut session, from, *square);
                        session.selected = None;
                    }
                    None if occupied => session.selected = Some(*square),
                    None => {}
                }
            }
            BoardInput::Dropped { from, to } => {
                swap(&mut session, *from, *to);
                session.selected = None;
            }
            BoardInput::Cancel => session.selected = None,
            _ => {}
        }
    }
}

fn handle(
    mut actions: MessageReader<UiAction>,
    session: Res<RunSession>,
    mut out: MessageWriter<RunDecision>,
) {
    for action in actions.read() {
        if *action == UiAction::StartBattle {
            let placements =
                session.placements.iter().map(|&(piece, square)| Placement { piece, square }).collect();
            out.write(RunDecision(Decision::Deploy { placements }));
        }
    }
}
