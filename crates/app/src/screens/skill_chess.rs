//! The skill-chess screen: the board, the skills bar, the command line, the move list, the evaluation
//! bar, the promotion picker and the result banner.

use bevy::prelude::*;
use gambit_rules::{Color as PieceColor, Role};
use gambit_skills::Skill;

use super::Screen;
use crate::board::BoardInput;
use crate::board::command_line::CommandLine;
use crate::board::view;
use crate::board::{BoardSystems, BoardViewState};
use crate::game::engine::EngineTask;
use crate::game::{SkillGame, pgn, save};
use crate::menus::Menu;
use crate::palette::Palette;
use crate::settings::{Orientation, Settings};
use crate::storage::DataDir;
use crate::ui::{UiAction, button, label, small_button};

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct MessageText;
#[derive(Component)]
struct MoveListText;
#[derive(Component)]
struct CommandText;
#[derive(Component)]
struct ThinkingText;
#[derive(Component)]
struct EvalFill;
#[derive(Component)]
struct EvalText;
#[derive(Component)]
struct SkillLabel(Skill);
#[derive(Component)]
struct PromotionPicker;
#[derive(Component)]
struct ResultBanner;
#[derive(Component)]
struct ResultText;
#[derive(Component)]
struct CommandBox;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::SkillChess), (orient, spawn).chain());
    app.add_systems(
        Update,
        (hotkeys, crate::board::command_line::type_command)
            .chain()
            .run_if(in_state(Menu::None))
            .in_set(crate::AppSystems::Input)
            .run_if(in_state(Screen::SkillChess))
            .run_if(resource_exists::<SkillGame>),
    );
    app.add_systems(
        Update,
        handle_actions
            .run_if(in_state(Menu::None))
            .in_set(crate::AppSystems::Decide)
            .run_if(in_state(Screen::SkillChess))
            .run_if(resource_exists::<SkillGame>),
    );
    app.add_systems(
        Update,
        (build_scene.in_set(BoardSystems::Scene), refresh_panel.in_set(crate::AppSystems::Present))
            .run_if(in_state(Screen::SkillChess))
            .run_if(resource_exists::<SkillGame>),
    );
}

/// Draws the skill-chess game into the board scene: pieces, frozen squares with ticks, threats, check,
/// selection, legal targets and the last move.
fn build_scene(game: Res<SkillGame>, mut scene: ResMut<crate::board::BoardScene>) {
    if !game.is_changed() {
        return;
    }
    let position = game.board.position();
    let threats = game.board.threatened_squares(!game.player);
    let mut next = crate::board::BoardScene::from_position(position, &threats);
    for (square, ticks) in game.board.frozen() {
        next.cell_mut(square).frozen = Some(ticks);
    }
    for square in game.highlighted_targets() {
        next.cell_mut(square).target = true;
    }
    let selected = match game.targeting {
        crate::game::Targeting::TeleportTarget(s) => Some(s),
        _ => game.selected,
    };
    if let Some(s) = selected {
        next.cell_mut(s).selected = true;
    }
    next.set_last_move(game.last_move);
    *scene = next;
}

fn orient(game: Res<SkillGame>, settings: Res<Settings>, mut view: ResMut<BoardViewState>) {
    view.rotated = match settings.orientation {
        Orientation::Player => game.player == PieceColor::Black,
        Orientation::White => false,
        Orientation::Black => true,
    };
    view.cursor = None;
    view.animated = game.last_move;
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Skill chess"),
            DespawnOnExit(Screen::SkillChess),
            crate::board::view::board_screen_root(),
        ))
        .with_children(|root| {
            // The evaluation bar: White's share from the bottom.
            root.spawn((
                Node {
                    width: Val::VMin(2.2),
                    height: Val::VMin(76.0),
                    flex_direction: FlexDirection::ColumnReverse,
                    border: UiRect::all(crate::ui::units(0.2)),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.13, 0.13, 0.15)),
                BorderColor::all(Color::srgb(0.4, 0.4, 0.45)),
            ))
            .with_child((
                EvalFill,
                Node { width: Val::Percent(100.0), height: Val::Percent(50.0), ..default() },
                BackgroundColor(Color::srgb(0.95, 0.95, 0.92)),
            ));
            root.spawn(Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|col| {
                view::spawn_board(col);
                col.spawn((
                    CommandBox,
                    Button,
                    Node {
                        width: Val::VMin(79.0),
                        margin: UiRect::top(crate::ui::units(1.0)),
                        padding: UiRect::axes(crate::ui::units(1.0), crate::ui::units(0.6)),
                        border: UiRect::all(crate::ui::units(0.25)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.1, 0.11, 0.15)),
                    BorderColor::all(Color::srgb(0.35, 0.38, 0.5)),
                ))
                .observe(|_: On<Pointer<Click>>, mut line: ResMut<CommandLine>| line.active = true)
                .with_child((
                    CommandText,
                    Text::new(""),
                    crate::ui::text_font(2.4),
                    Pickable::IGNORE,
                ));
            });
            root.spawn(Node {
                flex_direction: FlexDirection::Column,
                width: crate::ui::units(46.0),
                height: Val::VMin(86.0),
                padding: UiRect::all(crate::ui::units(1.2)),
                row_gap: crate::ui::units(0.6),
                ..default()
            })
            .with_children(|panel| {
                panel.spawn((StatusText, Text::new(""), crate::ui::text_font(3.4)));
                panel.spawn((EvalText, label("")));
                panel.spawn((ThinkingText, label("")));
                panel
                    .spawn(Node {
                        flex_direction: FlexDirection::Row,
                        flex_wrap: FlexWrap::Wrap,
                        ..default()
                    })
                    .with_children(|bar| {
                        bar.spawn(button("Teleport", UiAction::Cast(Skill::Teleport)))
                            .insert(SkillLabel(Skill::Teleport));
                        bar.spawn(button("Freeze", UiAction::Cast(Skill::Freeze)))
                            .insert(SkillLabel(Skill::Freeze));
                    });
                panel
                    .spawn((
                        PromotionPicker,
                        Node { flex_direction: FlexDirection::Row, display: Display::None, ..default() },
                    ))
                    .with_children(|picker| {
                        picker.spawn(label("Promote to"));
                        for (role, glyph) in [
                            (Role::Queen, "\u{265B}"),
                            (Role::Rook, "\u{265C}"),
                            (Role::Bishop, "\u{265D}"),
                            (Role::Knight, "\u{265E}"),
                        ] {
                            picker.spawn(small_button(glyph, UiAction::Promote(role)));
                        }
                    });
                panel.spawn((MessageText, label(""), TextColor(crate::palette::STANDARD.error)));
                panel.spawn((
                    MoveListText,
                    Text::new(""),
                    crate::ui::text_font(2.3),
                    Node { flex_grow: 1.0, overflow: Overflow::clip(), ..default() },
                ));
                panel
                    .spawn(Node {
                        flex_direction: FlexDirection::Row,
                        flex_wrap: FlexWrap::Wrap,
                        ..default()
                    })
                    .with_children(|bar| {
                        bar.spawn(small_button("Undo", UiAction::Undo));
                        bar.spawn(small_button("New game", UiAction::NewGame));
                        bar.spawn(small_button("Flip", UiAction::Flip));
                        bar.spawn(small_button("Threats", UiAction::ToggleThreats));
                        bar.spawn(small_button("PGN", UiAction::ExportPgn));
                    });
            });
            // The result banner, shown when the game is over.
            root.spawn((
                ResultBanner,
                Node {
                    position_type: PositionType::Absolute,
                    top: crate::ui::units(38.0),
                    padding: UiRect::all(crate::ui::units(2.0)),
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    display: Display::None,
                    border_radius: BorderRadius::all(crate::ui::units(1.0)),
                    ..default()
                },
                BackgroundColor(Color::srgba(0.08, 0.09, 0.12, 0.92)),
                GlobalZIndex(20),
            ))
            .with_children(|banner| {
                banner.spawn((ResultText, Text::new(""), crate::ui::text_font(4.5)));
                banner.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
                    row.spawn(button("New game", UiAction::NewGame));
                    row.spawn(button("Title", UiAction::BackToTitle));
                });
            });
        });
}

#[allow(clippy::too_many_arguments)]
fn handle_actions(
    mut actions: MessageReader<UiAction>,
    mut input: MessageWriter<BoardInput>,
    mut game: ResMut<SkillGame>,
    mut settings: ResMut<Settings>,
    mut view: ResMut<BoardViewState>,
    mut engine: ResMut<EngineTask>,
    dir: Res<DataDir>,
) {
    for action in actions.read() {
        match action {
            UiAction::Cast(skill) => {
                input.write(BoardInput::Cast(*skill));
            }
            UiAction::Promote(role) => {
                input.write(BoardInput::Promote(*role));
            }
            UiAction::Undo => {
                input.write(BoardInput::Undo);
            }
            UiAction::NewGame => {
                engine.cancel();
                let generation = game.generation + 1;
                let fresh = SkillGame::new(
                    game.board.config().clone(),
                    game.player,
                    game.strength,
                    game.skills_enabled,
                );
                if let Ok(mut fresh) = fresh {
                    // Keep the configured start position but not the old game's moves.
                    fresh.generation = generation;
                    *game = fresh;
                }
            }
            UiAction::Flip => view.rotated = !view.rotated,
            UiAction::ToggleThreats => settings.threat_overlay = !settings.threat_overlay,
            UiAction::ExportPgn => {
                let stamp = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                let name = format!("games/skill-chess-{stamp}.pgn");
                let text = pgn::export(&game, &pgn_date());
                game.message = Some(match dir.store().write(&name, &text) {
                    Ok(()) => format!("PGN saved to {}", dir.file(&name).display()),
                    Err(e) => format!("could not save the PGN: {e}"),
                });
            }
            _ => {}
        }
    }
}

/// Today's date in PGN form (`YYYY.MM.DD`), from the system clock (UTC).
fn pgn_date() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    // Civil-from-days (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms").
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Game hotkeys (when the command line is not taking keys): T threats, F flip, 1 Teleport, 2 Freeze,
/// Ctrl+Z undo, `/` command line, Escape cancels the targeting mode or opens the pause menu.
#[allow(clippy::too_many_arguments)]
fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    mut line: ResMut<CommandLine>,
    game: Res<SkillGame>,
    mut input: MessageWriter<BoardInput>,
    mut actions: MessageWriter<UiAction>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    if line.active {
        return;
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if keys.just_pressed(KeyCode::KeyT) {
        actions.write(UiAction::ToggleThreats);
    }
    if keys.just_pressed(KeyCode::KeyF) {
        actions.write(UiAction::Flip);
    }
    if keys.just_pressed(KeyCode::Digit1) {
        input.write(BoardInput::Cast(Skill::Teleport));
    }
    if keys.just_pressed(KeyCode::Digit2) {
        input.write(BoardInput::Cast(Skill::Freeze));
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        input.write(BoardInput::Undo);
    }
    if keys.just_pressed(KeyCode::Slash) {
        line.active = true;
        line.text.clear();
    }
    if game.pending_promotion.is_some() {
        for (key, role) in [
            (KeyCode::KeyQ, Role::Queen),
            (KeyCode::KeyR, Role::Rook),
            (KeyCode::KeyB, Role::Bishop),
            (KeyCode::KeyN, Role::Knight),
        ] {
            if keys.just_pressed(key) {
                input.write(BoardInput::Promote(role));
            }
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        let busy = game.selected.is_some()
            || game.pending_promotion.is_some()
            || game.targeting != crate::game::Targeting::Move;
        if busy {
            input.write(BoardInput::Cancel);
        } else {
            next_menu.set(Menu::Pause);
        }
    }
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn refresh_panel(
    game: Res<SkillGame>,
    engine: Res<EngineTask>,
    line: Res<CommandLine>,
    settings: Res<Settings>,
    mut texts: ParamSet<(
        Query<&mut Text, With<StatusText>>,
        Query<&mut Text, With<MessageText>>,
        Query<&mut Text, With<MoveListText>>,
        Query<&mut Text, With<CommandText>>,
        Query<&mut Text, With<ThinkingText>>,
        Query<&mut Text, With<EvalText>>,
        Query<&mut Text, With<ResultText>>,
    )>,
    mut eval_fill: Query<&mut Node, (With<EvalFill>, Without<PromotionPicker>, Without<ResultBanner>)>,
    mut picker: Query<&mut Node, (With<PromotionPicker>, Without<EvalFill>, Without<ResultBanner>)>,
    mut banner: Query<&mut Node, (With<ResultBanner>, Without<EvalFill>, Without<PromotionPicker>)>,
    skill_buttons: Query<(&SkillLabel, &Children)>,
    mut labels: Query<
        &mut Text,
        (
            With<crate::ui::ButtonLabel>,
            Without<StatusText>,
            Without<MessageText>,
            Without<MoveListText>,
            Without<CommandText>,
            Without<ThinkingText>,
            Without<EvalText>,
            Without<ResultText>,
        ),
    >,
) {
    let _ = Palette::for_settings(&settings);
    if let Ok(mut t) = texts.p0().single_mut() {
        t.0 = game.status_line();
    }
    if let Ok(mut t) = texts.p1().single_mut() {
        t.0 = game.message.clone().unwrap_or_default();
    }
    if let Ok(mut t) = texts.p2().single_mut() {
        let lines = game.move_list_lines();
        let start = lines.len().saturating_sub(14);
        t.0 = lines[start..].join("\n");
    }
    if let Ok(mut t) = texts.p3().single_mut() {
        t.0 = if line.active {
            format!("> {}\u{2581}", line.text)
        } else {
            "Press / to type a move (e4, Nf3, tp e4e7, fz e7)".to_string()
        };
    }
    if let Ok(mut t) = texts.p4().single_mut() {
        t.0 = if engine.is_thinking() { "Engine thinking\u{2026}".to_string() } else { String::new() };
    }
    let white_chance = game.white_win_probability();
    if let Ok(mut t) = texts.p5().single_mut() {
        t.0 = match white_chance {
            Some(p) => format!("White's chances: {:.0}%", p * 100.0),
            None => "White's chances: \u{2014}".to_string(),
        };
    }
    if let Ok(mut fill) = eval_fill.single_mut() {
        fill.height = Val::Percent((white_chance.unwrap_or(0.5) * 100.0) as f32);
    }
    if let Ok(mut node) = picker.single_mut() {
        node.display = if game.pending_promotion.is_some() { Display::Flex } else { Display::None };
    }
    let finished = game.is_finished();
    if let Ok(mut node) = banner.single_mut() {
        node.display = if finished { Display::Flex } else { Display::None };
    }
    if let Ok(mut t) = texts.p6().single_mut() {
        t.0 = if finished { game.status_line() } else { String::new() };
    }
    for (skill, children) in &skill_buttons {
        let ticks = game.board.cooldown(game.player, skill.0);
        let name = skill.0.to_string();
        let name = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
        let text = if !game.skills_enabled {
            format!("{name} (off)")
        } else if ticks == 0 {
            format!("{name} (ready)")
        } else {
            format!("{name} ({ticks})")
        };
        for kid in children.iter() {
            if let Ok(mut label) = labels.get_mut(kid)
                && label.0 != text
            {
                label.0 = text.clone();
            }
        }
    }
}

/// Leaves a finished or abandoned game: the save is removed so Continue does not offer it.
pub fn abandon(dir: &DataDir) {
    if let Err(e) = dir.store().remove(save::FILE) {
        error!("could not remove the saved game: {e}");
    }
}
