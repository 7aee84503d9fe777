//! A battle of the run: the shared board with irregular shapes and walls, HP pips, modifier letters
//! (their text on hover or focus), poison clouds with their remaining ticks, frozen squares, the move
//! budget, the objective and bonus status, the threat overlay, the skills bar, the reposition prompt
//! with Skip, the event log, and the victory or defeat panel. The UI never decides legality: every
//! action comes from `Battle::legal_actions`.

use bevy::prelude::*;
use gambit_roguelite::{Battle, BattleAction, BattleStatus, Decision, PieceId, Team};
use gambit_rules::{Piece, Square};
use gambit_skills::Skill;

use super::deploy::spawn_board_screen;
use super::panel::PanelContext;
use super::{RunDecision, RunSession, RunTask};
use crate::board::{BoardInput, BoardScene, BoardSystems, BoardViewState};
use crate::menus::Menu;
use crate::screens::Screen;
use crate::ui::{UiAction, button, heading, label, small_button};

pub use crate::board::Targeting;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn);
    app.add_systems(
        Update,
        hotkeys
            .run_if(in_state(Menu::None))
            .in_set(crate::AppSystems::Input)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_exists::<RunSession>),
    );
    app.add_systems(
        Update,
        (handle, board_input)
            .chain()
            .run_if(in_state(Menu::None))
            .in_set(crate::AppSystems::Decide)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_exists::<RunSession>),
    );
    app.add_systems(
        Update,
        build_scene
            .in_set(BoardSystems::Scene)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_exists::<RunSession>),
    );
}

fn spawn(mut commands: Commands, mut view: ResMut<BoardViewState>) {
    view.rotated = false;
    view.cursor = None;
    spawn_board_screen(&mut commands, Screen::Battle, build);
    let _ = BoardViewState::default;
}

fn objective_status(battle: &Battle) -> String {
    let mut text = format!(
        "Objective: {} \u{2014} {}",
        battle.objective(),
        if battle.objective_complete() { "done" } else { "not yet" }
    );
    if let Some(b) = battle.bonus() {
        text.push_str(&format!(
            "\nBonus: {b} \u{2014} {}",
            if battle.bonus_complete() { "on track" } else { "not yet" }
        ));
    }
    text
}

fn build(p: &mut ChildSpawnerCommands<'_>, ctx: &PanelContext<'_>) {
    let Some(session) = ctx.session else { return };
    if let Some(end) = &session.battle_end {
        p.spawn(heading(if end.won { "Victory" } else { "Defeat" }));
        for line in &end.lines {
            p.spawn(label(line.clone()));
        }
        super::save_banner(p, ctx);
        p.spawn(button("Continue", UiAction::ContinueAfterBattle));
        return;
    }
    let Some(battle) = session.battle() else { return };
    p.spawn(heading(format!("Battle {}", session.run.battles_won() + 1)));
    p.spawn(label(objective_status(battle)));
    p.spawn(label(format!("Moves left: {} of {}", battle.moves_left(), battle.move_budget())));
    let status = if ctx.busy {
        "The enemy is thinking\u{2026}".to_string()
    } else if battle.pending_reposition().is_some() {
        "Swift: reposition the piece (no capture), or skip.".to_string()
    } else if battle.to_move() == Team::Player {
        "Your move".to_string()
    } else {
        "Enemy to move".to_string()
    };
    p.spawn(label(status));
    if battle.pending_reposition().is_some() && !ctx.busy {
        p.spawn(button("Skip reposition", UiAction::SkipReposition));
    }
    if battle.has_skills(Team::Player) {
        p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
            for skill in [Skill::Teleport, Skill::Freeze] {
                let cd = battle.cooldown(Team::Player, skill).unwrap_or(0);
                let name = super::start::capitalize(&skill.to_string());
                let text = if cd == 0 { format!("{name} (ready)") } else { format!("{name} ({cd})") };
                row.spawn(small_button(text, UiAction::Cast(skill)));
            }
        });
    }
    let hovered = ctx.hovered.and_then(|sq| battle.unit_at(sq));
    if let Some(unit) = hovered {
        let mut text = format!("{}: {} HP", unit.name(), unit.hp);
        if let Some(m) = unit.modifier {
            text.push_str(&format!(" \u{2014} {}: {}", super::start::capitalize(m.name()), m.description()));
        }
        if unit.target {
            text.push_str(" \u{2014} marked target");
        }
        p.spawn((label(text), TextColor(crate::palette::STANDARD.accent)));
    }
    super::save_banner(p, ctx);
    if let Some(msg) = &session.message {
        p.spawn((label(msg.clone()), TextColor(crate::palette::STANDARD.error)));
    }
    let start = session.log.len().saturating_sub(12);
    let log = session.log[start..].join("\n");
    p.spawn((Text::new(log), crate::ui::text_font(1.9), TextColor(crate::palette::STANDARD.muted)));
}

fn unit_id_at(battle: &Battle, square: Square) -> Option<PieceId> {
    battle.unit_at(square).filter(|u| u.team == Team::Player).map(|u| u.id)
}

/// The legal actions of the selected piece or the targeting mode, as (action, square it targets).
fn candidate_actions(session: &RunSession, battle: &Battle) -> Vec<(BattleAction, Square)> {
    if battle.to_move() != Team::Player || battle.status() != BattleStatus::Ongoing {
        return Vec::new();
    }
    let legal = battle.legal_actions();
    match session.targeting {
        Targeting::Move => {
            let Some(id) = session.selected.and_then(|s| unit_id_at(battle, s)) else { return Vec::new() };
            legal
                .into_iter()
                .filter_map(|a| match a {
                    BattleAction::Move { id: i, to } | BattleAction::Reposition { id: i, to } if i == id => {
                        Some((a, to))
                    }
                    _ => None,
                })
                .collect()
        }
        Targeting::TeleportPiece => legal
            .into_iter()
            .filter_map(|a| match a {
                BattleAction::Teleport { id, .. } => battle.unit(id).map(|u| (a, u.square)),
                _ => None,
            })
            .collect(),
        Targeting::TeleportTarget(from) => {
            let Some(id) = unit_id_at(battle, from) else { return Vec::new() };
            legal
                .into_iter()
                .filter_map(|a| match a {
                    BattleAction::Teleport { id: i, to } if i == id => Some((a, to)),
                    _ => None,
                })
                .collect()
        }
        Targeting::Freeze => legal
            .into_iter()
            .filter_map(|a| match a {
                BattleAction::Freeze { square } => Some((a, square)),
                _ => None,
            })
            .collect(),
    }
}

fn build_scene(
    session: Res<RunSession>,
    settings: Res<crate::settings::Settings>,
    mut scene: ResMut<BoardScene>,
) {
    if !session.is_changed() && !settings.is_changed() {
        return;
    }
    let Some(battle) = session.battle() else { return };
    let position = battle.position();
    let threats = battle.skills().threatened_squares(Team::Enemy.color());
    let mut next = BoardScene::from_position(position, &threats);
    for square in battle.walls() {
        next.cell_mut(square).wall = true;
    }
    for (square, ticks) in battle.skills().frozen() {
        next.cell_mut(square).frozen = Some(ticks);
    }
    for cloud in battle.clouds() {
        for &square in &cloud.squares {
            let cell = next.cell_mut(square);
            let ticks = cloud.ticks_left();
            cell.poison = Some(cell.poison.map_or(ticks, |t| t.max(ticks)));
        }
    }
    for unit in battle.units().iter().filter(|u| u.alive) {
        let cell = next.cell_mut(unit.square);
        cell.piece = Some(Piece::new(unit.team.color(), unit.role));
        cell.hp = Some((unit.hp, unit.max_hp));
        cell.modifier = unit.modifier.map(gambit_roguelite::Modifier::letter);
        cell.objective = battle.is_objective(unit);
    }
    // The skirmish rules have no check: never paint a king red.
    for cell in &mut next.cells {
        cell.check = false;
    }
    for (_, square) in candidate_actions(&session, battle) {
        next.cell_mut(square).target = true;
    }
    let selected = match session.targeting {
        Targeting::TeleportTarget(s) => Some(s),
        _ => session.selected,
    };
    if let Some(s) = selected {
        next.cell_mut(s).selected = true;
    }
    if !settings.threat_overlay {
        for cell in &mut next.cells {
            cell.threat = false;
        }
    } else {
        for cell in &mut next.cells {
            cell.threat = false;
        }
        for square in threats {
            next.cell_mut(square).threat = true;
        }
    }
    next.set_last_move(session.last_move);
    *scene = next;
}

fn decide(out: &mut MessageWriter<RunDecision>, action: BattleAction) {
    out.write(RunDecision(Decision::Act { action }));
}

fn board_input(
    mut inputs: MessageReader<BoardInput>,
    mut session: ResMut<RunSession>,
    task: Res<RunTask>,
    mut out: MessageWriter<RunDecision>,
) {
    for input in inputs.read() {
        if task.is_busy() || session.battle_end.is_some() {
            continue;
        }
        if session.showcase.is_some() {
            continue;
        }
        let Some(battle) = session.run.battle().cloned() else { continue };
        if battle.to_move() != Team::Player {
            continue;
        }
        match input {
            BoardInput::Pressed(square) => {
                let candidates = candidate_actions(&session, &battle);
                if let Some((action, _)) = candidates.iter().find(|(_, to)| to == square) {
                    match (session.targeting, action) {
                        (Targeting::TeleportPiece, _) => {
                            session.targeting = Targeting::TeleportTarget(*square)
                        }
                        _ => {
                            decide(&mut out, *action);
                            session.selected = None;
                            session.targeting = Targeting::Move;
                        }
                    }
                } else if session.targeting == Targeting::Move {
                    if session.selected == Some(*square) {
                        session.selected = None;
                    } else if unit_id_at(&battle, *square).is_some() {
                        session.selected = Some(*square);
                        session.message = None;
                    } else {
                        session.selected = None;
                    }
                } else {
                    session.message = Some(format!("{square} is not a valid target"));
                }
            }
            BoardInput::Dropped { from, to } => {
                session.selected = Some(*from);
                session.targeting = Targeting::Move;
                let candidates = candidate_actions(&session, &battle);
                match candidates.iter().find(|(_, t)| t == to) {
                    Some((action, _)) => decide(&mut out, *action),
                    None => session.message = Some(format!("{from}{to} is not a legal move")),
                }
                session.selected = None;
            }
            BoardInput::Cast(skill) => {
                if !battle.has_skills(Team::Player) {
                    session.message = Some("You have no skills in this battle".to_string());
                } else if battle.cooldown(Team::Player, *skill).unwrap_or(0) > 0 {
                    session.message = Some(format!("{skill} is on cooldown"));
                } else {
                    session.selected = None;
                    session.targeting = Targeting::for_skill(*skill);
                    session.message = Some(format!("{skill}: choose a target (Esc cancels)"));
                }
            }
            BoardInput::Cancel => {
                session.selected = None;
                session.targeting = Targeting::Move;
                session.message = None;
            }
            BoardInput::Command(text) => match battle.parse_action(text) {
                Ok(action) => decide(&mut out, action),
                Err(e) => session.message = Some(e.to_string()),
            },
            BoardInput::Undo => session.message = Some("Battles cannot be taken back".to_string()),
            BoardInput::Promote(_) => {}
        }
    }
}

fn handle(
    mut actions: MessageReader<UiAction>,
    mut input: MessageWriter<BoardInput>,
    mut out: MessageWriter<RunDecision>,
    mut settings: ResMut<crate::settings::Settings>,
) {
    for action in actions.read() {
        match action {
            UiAction::Cast(skill) => {
                input.write(BoardInput::Cast(*skill));
            }
            UiAction::SkipReposition => decide(&mut out, BattleAction::Skip),
            UiAction::ToggleThreats => settings.threat_overlay = !settings.threat_overlay,
            _ => {}
        }
    }
}

/// T threats, 1 Teleport, 2 Freeze, S skip a reposition, Escape cancels or pauses.
fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<RunSession>,
    mut input: MessageWriter<BoardInput>,
    mut actions: MessageWriter<UiAction>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    if keys.just_pressed(KeyCode::KeyT) {
        actions.write(UiAction::ToggleThreats);
    }
    if keys.just_pressed(KeyCode::Digit1) {
        input.write(BoardInput::Cast(Skill::Teleport));
    }
    if keys.just_pressed(KeyCode::Digit2) {
        input.write(BoardInput::Cast(Skill::Freeze));
    }
    if keys.just_pressed(KeyCode::KeyS) {
        actions.write(UiAction::SkipReposition);
    }
    if keys.just_pressed(KeyCode::Escape) {
        if session.selected.is_some() || session.targeting != Targeting::Move {
            input.write(BoardInput::Cancel);
        } else {
            next_menu.set(Menu::Pause);
        }
    }
}
