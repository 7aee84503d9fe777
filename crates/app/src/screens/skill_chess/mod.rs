//! The skill-chess screen: the board, the winning-chances bar (the search crate's reading, turned with
//! the board), the command line, and beside them the status,
//! the skill buttons, the promotion picker, the message, the move list and the tool bar; the result
//! banner over the board when the game is over. UI state: [`PlayerInput`] (selection, targeting mode,
//! pending promotion, message), reset on entering; the model is [`SkillGame`].

use bevy::prelude::*;
use gambit_rules::Role;
use gambit_skills::Skill;

mod move_list;
mod panel;

pub use move_list::MoveListScroll;
use move_list::{MOVE_ROW, MOVE_ROWS_MIN, MoveListView, present_moves, wheel_moves};
use panel::{
    CapturedView, EvalBarView, HeaderView, MessageView, PromotionView, ResignView, ResultView, ReviewView,
    ToolBarView, captured_lines,
};
pub use panel::{MESSAGE_CHARS, SkillsView, shorten};

use super::Screen;
use crate::AppSystems;
use crate::board::command_line::{self, CommandLine, CommandLineView};
use crate::board::{BoardInput, BoardScene, BoardSystems, BoardViewState, view};
use crate::game::chances::WinningChances;
use crate::game::engine::EngineTask;
use crate::game::foresight::Foresight;
use crate::game::{PlayerInput, SkillGame, pgn};
use crate::menus::Menu;
use crate::settings::{Orientation, Settings};
use crate::storage::DataDir;
use crate::ui::section::show;
use crate::ui::{Section, units};

/// What the skill-chess screen's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A skill button: enter its targeting mode.
    Cast(Skill),
    /// The promotion picker.
    Promote(Role),
    /// Take back the last turn.
    Undo,
    /// Play again the turn the last undo took back.
    Redo,
    /// A new game with the same setup (the result banner's: refused while the game goes on).
    NewGame,
    /// Rotate the board.
    Flip,
    /// Toggle the threat overlay.
    ToggleThreats,
    /// Write the game as PGN into the data directory.
    ExportPgn,
    /// Back to the title (the tool bar and the result banner): an unfinished game is saved and the
    /// title's Continue resumes it.
    Title,
    /// A move in the move list: show the position after the first `n` listed actions (review).
    ReviewAt(usize),
    /// Step the review by this many actions (negative: back).
    ReviewStep(isize),
    /// Leave the review: the live game on the board again.
    BackToGame,
    /// Resign: asks for a confirmation first.
    Resign,
    /// The resign confirmation's answer (`true`: resign).
    ConfirmResign(bool),
    /// Scroll the move list by this many rows (negative: towards the first move); the mouse wheel
    /// over the list sends it.
    ScrollMoves(isize),
}

/// The hint in the closed command line.
const COMMAND_HINT: &str = "Press / to type a move (e4, Nf3, tp e4e7, fz e7)";

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<PlayerInput>();
    app.init_resource::<MoveListScroll>();
    app.add_systems(OnEnter(Screen::SkillChess), (enter, spawn).chain());
    app.add_systems(
        Update,
        (hotkeys, wheel_moves, command_line::type_command)
            .chain()
            .run_if(in_state(Menu::None))
            .in_set(AppSystems::Input)
            .run_if(on_screen),
    );
    app.add_systems(
        Update,
        (on_action, on_board_input)
            .chain()
            .run_if(in_state(Menu::None))
            .in_set(AppSystems::Decide)
            .run_if(on_screen),
    );
    app.add_systems(Update, (turn_board, build_scene).chain().in_set(BoardSystems::Scene).run_if(on_screen));
    app.add_systems(
        Update,
        (present, present_review, present_moves).in_set(AppSystems::Present).run_if(on_screen),
    );
}

/// The screen's systems run while it is shown with a game.
fn on_screen(screen: Res<State<Screen>>, game: Option<Res<SkillGame>>) -> bool {
    *screen.get() == Screen::SkillChess && game.is_some()
}

/// Entering: the board turned as the settings say, the pending input cleared.
fn enter(
    game: Res<SkillGame>,
    settings: Res<Settings>,
    mut view: ResMut<BoardViewState>,
    mut input: ResMut<PlayerInput>,
    mut line: ResMut<CommandLine>,
    mut scroll: ResMut<MoveListScroll>,
) {
    let rotated = match settings.orientation {
        // Two players with the board turning: the side to move at the bottom.
        _ if game.two_players && settings.turn_board => game.board.turn() == gambit_rules::Color::Black,
        Orientation::Player => game.player == gambit_rules::Color::Black,
        Orientation::White => false,
        Orientation::Black => true,
    };
    view.reset(rotated, game.last_move);
    *input = PlayerInput::default();
    *line = CommandLine::default();
    *scroll = MoveListScroll::default();
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((Name::new("Skill chess"), DespawnOnExit(Screen::SkillChess), view::board_screen_root()))
        .with_children(|root| {
            // The winning-chances bar: White's share from White's side of the board (as tall as it).
            root.spawn((
                Section::<EvalBarView>::new(),
                Node {
                    width: Val::VMin(2.2),
                    height: Val::VMin(76.0),
                    flex_direction: FlexDirection::Column,
                    border: UiRect::all(Val::VMin(0.2)),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.13, 0.13, 0.15)),
                BorderColor::all(Color::srgb(0.4, 0.4, 0.45)),
            ));
            root.spawn(Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|col| {
                view::spawn_board(col);
                command_line::spawn(col, Val::VMin(79.0));
                // The result banner, shown when the game is over, and the resign confirmation: over
                // the board (centred on its column), never over the panel's move list.
                col.spawn((
                    Section::<ResultView>::new(),
                    Node { position_type: PositionType::Absolute, top: Val::VMin(26.0), ..default() },
                    GlobalZIndex(20),
                ));
                col.spawn((
                    Section::<ResignView>::new(),
                    Node { position_type: PositionType::Absolute, top: Val::VMin(26.0), ..default() },
                    GlobalZIndex(21),
                ));
            });
            root.spawn(Node {
                flex_direction: FlexDirection::Column,
                width: units(46.0),
                height: Val::VMin(86.0),
                padding: UiRect::all(units(1.2)),
                row_gap: units(0.6),
                ..default()
            })
            .with_children(|panel| {
                panel.spawn((
                    Section::<HeaderView>::new(),
                    Node { flex_direction: FlexDirection::Column, row_gap: units(0.6), ..default() },
                ));
                panel.spawn((
                    Section::<SkillsView>::new(),
                    Node { flex_direction: FlexDirection::Column, row_gap: units(0.4), ..default() },
                ));
                panel.spawn((Section::<PromotionView>::new(), crate::ui::row()));
                panel.spawn((
                    Section::<MessageView>::new(),
                    Node { flex_direction: FlexDirection::Column, ..default() },
                ));
                panel.spawn((
                    Section::<CapturedView>::new(),
                    Node { flex_direction: FlexDirection::Column, ..default() },
                ));
                // The move list takes the panel's free height, whatever it lists (at least
                // `MOVE_ROWS_MIN` rows), and shows the rows that fit: a long game scrolls in it
                // (the wheel, the review), it never pushes the buttons below down.
                panel.spawn((
                    Name::new("Move list"),
                    Section::<MoveListView>::new(),
                    Node {
                        flex_grow: 1.0,
                        flex_basis: Val::Px(0.0),
                        min_height: units(MOVE_ROW * MOVE_ROWS_MIN),
                        flex_direction: FlexDirection::Row,
                        overflow: Overflow::clip(),
                        ..default()
                    },
                ));
                panel.spawn((
                    Section::<ReviewView>::new(),
                    Node { flex_direction: FlexDirection::Column, ..default() },
                ));
                panel.spawn((Section::<ToolBarView>::new(), crate::ui::wrapping_row()));
            });
        });
}

/// Game hotkeys (when the command line is not taking keys): T threats, F flip, 1 Teleport, 2 Freeze,
/// Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, `/` command line, Q/R/B/N for a pending promotion,
/// Shift+Left/Right step the review (plain arrows move the board's keyboard cursor), Home the start,
/// End back to the game, Escape cancels the pending input (a review, a resign question) or opens the
/// pause menu.
fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    mut line: ResMut<CommandLine>,
    input: Res<PlayerInput>,
    mut board: MessageWriter<BoardInput>,
    mut actions: MessageWriter<Action>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    if line.active {
        return;
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if keys.just_pressed(KeyCode::KeyT) {
        actions.write(Action::ToggleThreats);
    }
    if keys.just_pressed(KeyCode::KeyF) {
        actions.write(Action::Flip);
    }
    if keys.just_pressed(KeyCode::Digit1) {
        board.write(BoardInput::Cast(Skill::Teleport));
    }
    if keys.just_pressed(KeyCode::Digit2) {
        board.write(BoardInput::Cast(Skill::Freeze));
    }
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    if ctrl && (keys.just_pressed(KeyCode::KeyY) || shift && keys.just_pressed(KeyCode::KeyZ)) {
        actions.write(Action::Redo);
    } else if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        board.write(BoardInput::Undo);
    }
    if keys.just_pressed(KeyCode::Slash) {
        line.active = true;
        line.text.clear();
    }
    if shift && keys.just_pressed(KeyCode::ArrowLeft) {
        actions.write(Action::ReviewStep(-1));
    }
    if shift && keys.just_pressed(KeyCode::ArrowRight) {
        actions.write(Action::ReviewStep(1));
    }
    if keys.just_pressed(KeyCode::Home) {
        actions.write(Action::ReviewAt(0));
    }
    if keys.just_pressed(KeyCode::End) {
        actions.write(Action::BackToGame);
    }
    if input.pending_promotion.is_some() {
        for (key, role) in [
            (KeyCode::KeyQ, Role::Queen),
            (KeyCode::KeyR, Role::Rook),
            (KeyCode::KeyB, Role::Bishop),
            (KeyCode::KeyN, Role::Knight),
        ] {
            if keys.just_pressed(key) {
                board.write(BoardInput::Promote(role));
            }
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        if input.is_busy() {
            board.write(BoardInput::Cancel);
        } else {
            next_menu.set(Menu::Pause);
        }
    }
}

/// The screen's buttons.
fn on_action(
    mut actions: MessageReader<Action>,
    mut board: MessageWriter<BoardInput>,
    mut game: ResMut<SkillGame>,
    mut input: ResMut<PlayerInput>,
    mut settings: ResMut<Settings>,
    mut view: ResMut<BoardViewState>,
    mut engine: ResMut<EngineTask>,
    mut next: ResMut<NextState<Screen>>,
    (dir, mut scroll): (Res<DataDir>, ResMut<MoveListScroll>),
) {
    for action in actions.read() {
        match *action {
            Action::Cast(skill) => {
                board.write(BoardInput::Cast(skill));
            }
            Action::Promote(role) => {
                board.write(BoardInput::Promote(role));
            }
            Action::Undo => {
                board.write(BoardInput::Undo);
            }
            Action::Redo => {
                engine.cancel();
                input.redo(&mut game);
            }
            Action::NewGame if !game.is_finished() => {
                input.message =
                    Some("Finish the game first, or abandon it from the pause menu (Esc)".to_string());
            }
            Action::NewGame => {
                engine.cancel();
                let fresh = SkillGame::new(
                    game.board.config().clone(),
                    game.player,
                    game.strength,
                    game.skills_enabled,
                );
                if let Ok(mut fresh) = fresh {
                    // Keep the configured start position (a FEN's, or a PGN's before its moves) and
                    // the opponent, but not the old game's moves.
                    fresh.generation = game.generation + 1;
                    fresh.two_players = game.two_players;
                    *game = fresh;
                    *input = PlayerInput::default();
                }
            }
            Action::Flip => view.rotated = !view.rotated,
            Action::ToggleThreats => settings.threat_overlay = !settings.threat_overlay,
            Action::ExportPgn => input.message = Some(export_pgn(&game, &dir)),
            // Leaving saves the game, or removes its save once it is over (`game::save`).
            Action::Title => next.set(Screen::Title),
            Action::ReviewAt(shown) => input.review_at(&game, shown),
            Action::ReviewStep(delta) => input.review_step(&game, delta),
            Action::BackToGame => input.back_to_game(),
            Action::Resign => input.ask_resign(&game),
            Action::ConfirmResign(yes) => {
                input.answer_resign(&mut game, yes);
                if game.is_finished() {
                    engine.cancel();
                }
            }
            Action::ScrollMoves(rows) => scroll.scroll(rows, (game.listed.len(), input.review)),
        }
    }
}

/// Writes the game as `games/skill-chess-<time>.pgn`; the message says where, or why not.
fn export_pgn(game: &SkillGame, dir: &DataDir) -> String {
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let name = format!("games/skill-chess-{stamp}.pgn");
    let text = match pgn::export(game, &pgn_date()) {
        Ok(text) => text,
        Err(e) => return format!("could not write the PGN: {e}"),
    };
    match dir.store().write(&name, &text) {
        Ok(()) => format!("PGN saved to {}", dir.file(&name).display()),
        Err(e) => format!("could not save the PGN: {e}"),
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

/// Board input (picking, the keyboard cursor, the command line, hotkeys, tests) through the player's
/// pending input into the game.
fn on_board_input(
    mut inputs: MessageReader<BoardInput>,
    mut game: ResMut<SkillGame>,
    mut input: ResMut<PlayerInput>,
    mut engine: ResMut<EngineTask>,
) {
    for board_input in inputs.read() {
        match board_input {
            BoardInput::Pressed(square) => input.press(&mut game, *square),
            BoardInput::Dropped { from, to } => input.drop_piece(&mut game, *from, *to),
            BoardInput::Command(text) => {
                let _ = input.command(&mut game, text);
            }
            BoardInput::Cast(skill) => input.start_cast(&game, *skill),
            BoardInput::Promote(role) => input.promote(&mut game, *role),
            BoardInput::Cancel => input.cancel(),
            BoardInput::Undo => {
                engine.cancel();
                input.undo(&mut game);
            }
        }
    }
}

/// In a two-player game with the setting on, the board turns when the side to move changes, so the
/// side to move sits at the bottom (Flip still turns it in between).
fn turn_board(
    game: Res<SkillGame>,
    settings: Res<Settings>,
    mut view: ResMut<BoardViewState>,
    mut last_turn: Local<Option<(u64, gambit_rules::Color)>>,
) {
    if !game.two_players || !settings.turn_board {
        *last_turn = None;
        return;
    }
    let now = (game.generation, game.board.turn());
    if *last_turn != Some(now) {
        if last_turn.is_some() {
            view.rotated = now.1 == gambit_rules::Color::Black;
        }
        *last_turn = Some(now);
    }
}

/// Draws the game into the board scene: pieces, frozen squares with ticks, threats, check, selection,
/// legal targets, the foresight preview's reply and the last move.
fn build_scene(
    game: Res<SkillGame>,
    input: Res<PlayerInput>,
    foresight: Res<Foresight>,
    settings: Res<Settings>,
    mut scene: ResMut<BoardScene>,
) {
    if !game.is_changed() && !input.is_changed() && !foresight.is_changed() && !settings.is_changed() {
        return;
    }
    // Reviewing: the earlier position as it was, with its last move and nothing selectable.
    let reviewed = input.review.and_then(|shown| game.board_after(shown));
    let (board, last_move) = match &reviewed {
        Some((board, last)) => (board, *last),
        None => (&game.board, game.last_move),
    };
    // The overlay's squares (`game::threats`): your pieces in danger, and with a piece in hand its
    // dangerous destinations (read only with the overlay on: each is a move played on a copy).
    let in_hand = (reviewed.is_none() && input.targeting == crate::board::Targeting::Move)
        .then_some(input.selected)
        .flatten()
        .filter(|_| settings.threat_overlay);
    let threats = crate::game::threats::skill_chess(board, game.mover(), in_hand);
    let mut next = BoardScene::from_position(board.position(), &threats);
    for (square, ticks) in board.frozen() {
        next.cell_mut(square).frozen = Some(ticks);
    }
    if reviewed.is_none() {
        for square in input.highlighted_targets(&game) {
            next.cell_mut(square).target = true;
        }
        if let Some(s) = input.selected_square() {
            next.cell_mut(s).selected = true;
        }
        next.set_foresight(foresight.reply().and_then(|r| r.squares));
    }
    next.set_last_move(last_move);
    if *scene != next {
        *scene = next;
    }
}

/// The skill buttons and, against the engine, the engine's skills: `Engine: Teleport ready, Freeze in
/// 3 ticks`, or `Engine: skills off` in a game without skills; of the `reviewed` position while an
/// earlier one is shown (its cooldowns then, the buttons disabled), else of the live game (the buttons
/// disabled once the game is over).
#[must_use]
pub fn skills_view(game: &SkillGame, reviewed: Option<&gambit_skills::SkillBoard>) -> SkillsView {
    let board = reviewed.unwrap_or(&game.board);
    let engine = (!game.two_players).then(|| {
        if game.skills_enabled {
            let side = game.player.other();
            crate::ui::opponent_skills(
                "Engine",
                Some([Skill::Teleport, Skill::Freeze].map(|skill| board.cooldown(side, skill))),
            )
        } else {
            "Engine: skills off".to_string()
        }
    });
    // The player's side: in a two-player game the side to move in the position shown.
    let side = if game.two_players { board.turn() } else { game.player };
    SkillsView {
        buttons: [Skill::Teleport, Skill::Freeze].map(|s| (s, skill_label(game, board, side, s))),
        engine,
        reviewing: reviewed.is_some(),
        over: game.is_finished(),
    }
}

/// The skill button's state for `side` on `board`: `ready`, `3 ticks`, `off`.
fn skill_label(
    game: &SkillGame,
    board: &gambit_skills::SkillBoard,
    side: gambit_rules::Color,
    skill: Skill,
) -> String {
    if game.skills_enabled {
        crate::ui::cooldown_words(board.cooldown(side, skill))
    } else {
        "off".to_string()
    }
}

/// Rebuilds the review bar, the captured material, the resign question and the tool bar when they
/// changed.
fn present_review(
    mut commands: Commands,
    game: Res<SkillGame>,
    input: Res<PlayerInput>,
    mut review: crate::ui::section::Sections<ReviewView>,
    mut captured: crate::ui::section::Sections<CapturedView>,
    mut resign: crate::ui::section::Sections<ResignView>,
    mut toolbar: crate::ui::section::Sections<ToolBarView>,
    settings: Res<Settings>,
) {
    let review_view = ReviewView {
        reviewing: input.review.map(|shown| {
            let at = match shown.checked_sub(1).and_then(|i| game.listed.get(i)) {
                Some(entry) => entry.text.clone(),
                None => "the start".to_string(),
            };
            format!("{shown}/{}: {at}", game.listed.len())
        }),
    };
    show(&mut commands, &mut review, &review_view);
    // The material captured up to the position on the board.
    let reviewed = input.review.and_then(|shown| game.board_after(shown)).map(|(b, _)| b);
    show(
        &mut commands,
        &mut captured,
        &CapturedView(captured_lines(reviewed.as_ref().unwrap_or(&game.board))),
    );
    show(&mut commands, &mut resign, &ResignView(input.confirm_resign, game.two_players));
    show(
        &mut commands,
        &mut toolbar,
        &ToolBarView { over: game.is_finished(), threats: settings.threat_overlay },
    );
}

/// The heading while an earlier position of a game in play is reviewed: `Reviewing: after Nc6`,
/// `Reviewing: the start` (the live game's "Your move" would be wrong: nothing can be played there).
/// A finished game's heading keeps its result (the review bar says which position is shown).
fn review_status(game: &SkillGame, input: &PlayerInput) -> Option<String> {
    let shown = input.review.filter(|_| !game.is_finished())?;
    Some(match shown.checked_sub(1).and_then(|i| game.listed.get(i)) {
        Some(entry) => format!("Reviewing: after {}", entry.text),
        None => "Reviewing: the start".to_string(),
    })
}

/// Rebuilds the sections whose view changed.
fn present(
    mut commands: Commands,
    game: Res<SkillGame>,
    input: Res<PlayerInput>,
    (engine, foresight, settings): (Res<EngineTask>, Res<Foresight>, Res<Settings>),
    chances: Res<WinningChances>,
    view: Res<BoardViewState>,
    line: Res<CommandLine>,
    mut header: crate::ui::section::Sections<HeaderView>,
    mut skills: crate::ui::section::Sections<SkillsView>,
    mut promotion: crate::ui::section::Sections<PromotionView>,
    mut message: crate::ui::section::Sections<MessageView>,
    profile: Option<Res<crate::run::Profile>>,
    mut eval_bar: crate::ui::section::Sections<EvalBarView>,
    mut result: crate::ui::section::Sections<ResultView>,
    mut command: crate::ui::section::Sections<CommandLineView>,
) {
    // The search crate's reading of this very position (none while it is read, or too shallow).
    // While an earlier position is reviewed, that position's reading (the bar comes back with the
    // live game's when the review ends).
    let reading = chances.of_shown(&game, &input);
    // The foresight line in the palette's colour, lightened to read on the page.
    let foresight_colour =
        crate::palette::Palette::for_settings(&settings).foresight.mix(&Color::WHITE, 0.35);
    let header_view = HeaderView {
        status: review_status(&game, &input).unwrap_or_else(|| game.status_line()),
        chances: {
            let whose = if game.two_players {
                format!("{}'s chances", crate::game::session::side_name(game.mover()))
            } else {
                "Your chances".to_string()
            };
            match reading.and_then(|c| c.of(game.mover())) {
                Some(p) => format!("{whose}: {:.0}%", p * 100.0),
                None => format!("{whose}: \u{2014}"),
            }
        },
        thinking: engine.is_thinking(),
        foresight: foresight.line().map(|line| (line, foresight_colour)),
    };
    show(&mut commands, &mut header, &header_view);
    let reviewed = input.review.and_then(|shown| game.board_after(shown)).map(|(board, _)| board);
    let skills_view = skills_view(&game, reviewed.as_ref());
    show(&mut commands, &mut skills, &skills_view);
    show(&mut commands, &mut promotion, &PromotionView(input.pending_promotion.is_some()));
    show(&mut commands, &mut message, &MessageView(input.message.clone().unwrap_or_default()));
    let bar = EvalBarView {
        white: reading.and_then(|c| c.white).map(|w| (w * 100.0) as f32),
        white_at_bottom: !view.rotated,
    };
    show(&mut commands, &mut eval_bar, &bar);
    // While the finished game is reviewed the banner steps aside (the status line above keeps the
    // result), so the board is seen; it comes back with the live position.
    let over = (game.is_finished() && input.review.is_none()).then(|| {
        let record = profile.as_ref().map_or_else(String::new, |p| {
            if game.two_players {
                let t = p.progress.two_players;
                format!(
                    "Two players: White won {}, {} drawn, Black won {}",
                    t.white_wins, t.draws, t.black_wins
                )
            } else {
                let t = p.progress.versus.against(game.strength);
                format!(
                    "Against {}: {} won, {} drawn, {} lost",
                    game.strength.name(),
                    t.wins,
                    t.draws,
                    t.losses
                )
            }
        });
        (game.status_line(), record)
    });
    show(&mut commands, &mut result, &ResultView(over));
    show(&mut commands, &mut command, &CommandLineView::new(&line, COMMAND_HINT));
}
