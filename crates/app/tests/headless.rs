//! Headless app tests: `MinimalPlugins` + `StatesPlugin` + the game's logic plugins, no window. The
//! tests press the buttons on screen (the same `Activate` event as a click or Enter), press keys
//! through `KeyboardInput` as the window does, and play through `BoardInput`, the message the pointer
//! and keyboard systems send.

use bevy::prelude::*;
use gambit::board::BoardInput;
use gambit::game::chances::WinningChances;
use gambit::game::engine::EngineTask;
use gambit::game::{Preset, SkillGame};
use gambit::menus::{
    Menu, pause,
    settings::{self, SettingChange},
};
use gambit::screens::{Screen, setup, skill_chess, title};
use gambit::settings::Settings;
use gambit::storage::DataDir;
use gambit_rules::{Position, Role, Square};
use gambit_search::CHANCES_NODES;
use gambit_skills::{Skill, SkillBoard, SkillConfig};

mod common;

use common::Harness;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn start_game(h: &mut Harness) {
    h.press(title::Action::SkillChess);
    assert_eq!(h.screen(), Screen::SkillChessSetup);
    h.press(setup::Action::Strength(Preset::Beginner));
    h.press(setup::Action::Start);
    assert_eq!(h.screen(), Screen::SkillChess);
}

#[test]
fn title_to_skill_chess_a_move_and_the_engines_reply() {
    let mut h = Harness::new();
    assert_eq!(h.screen(), Screen::Title);
    start_game(&mut h);
    assert_eq!(h.game().player, gambit_rules::Color::White);
    assert_eq!(h.game().strength, Preset::Beginner);
    // Click e2, click e4: the same path as the pointer.
    h.board(BoardInput::Pressed(sq("e2")));
    assert_eq!(h.input().selected, Some(sq("e2")));
    h.board(BoardInput::Pressed(sq("e4")));
    assert_eq!(h.game().listed[0].text, "e4");
    h.wait_for_engine();
    // The engine's turn: possibly a free Freeze, then one turn-ending action.
    assert!(h.game().listed.len() >= 2);
    assert!(h.game().listed[1..].iter().all(|l| l.actor == gambit_rules::Color::Black.into()));
    assert!(h.game().players_turn());
    // The strength choice was remembered.
    assert_eq!(h.app.world().resource::<Settings>().strength, Preset::Beginner);
}

/// The setup's Rules row chooses the skill rules the game is played under, and remembers them.
#[test]
fn the_setup_chooses_the_skill_rules() {
    let mut h = Harness::new();
    h.press(title::Action::SkillChess);
    h.press(setup::Action::Rules(gambit_skills::SkillRules::CLASSIC));
    h.press(setup::Action::Start);
    assert_eq!(h.game().board.config().skill_rules, gambit_skills::SkillRules::CLASSIC);
    assert_eq!(h.app.world().resource::<Settings>().skill_rules, gambit_skills::SkillRules::CLASSIC);
    // A fresh profile plays the default rules.
    let mut h = Harness::new();
    start_game(&mut h);
    assert_eq!(h.game().board.config().skill_rules, gambit_skills::SkillRules::DEFAULT);
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let mut h = Harness::new();
    start_game(&mut h);
    h.board(BoardInput::Dropped { from: sq("d2"), to: sq("d4") });
    h.wait_for_engine();
    assert!(h.game().listed.len() >= 2);
    h.board(BoardInput::Undo);
    assert_eq!(h.game().listed.len(), 0);
    assert_eq!(h.game().board.position().to_fen(), gambit_rules::STARTING_FEN);
    assert!(h.game().players_turn());
}

/// Runs frames until the winning-chances reading of the game on screen is in (bounded), and returns it.
fn wait_for_chances(h: &mut Harness) -> gambit_search::Chances {
    for _ in 0..3000 {
        h.app.update();
        if let Some(c) = h.app.world().resource::<WinningChances>().of(h.game()) {
            return *c;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the winning chances were never read");
}

/// The bar reads the position on screen: the search crate's reading after a move and the reply, none
/// at once after Undo (the old reading is never shown for the new position), then the start
/// position's; and a continued game is read too.
#[test]
fn the_winning_chances_follow_every_change() {
    let mut h = Harness::new();
    start_game(&mut h);
    h.board(BoardInput::Dropped { from: sq("e2"), to: sq("e4") });
    h.wait_for_engine();
    let after_reply = wait_for_chances(&mut h);
    assert_eq!(after_reply, gambit_search::winning_chances(&h.game().board, CHANCES_NODES, None));
    // Leave and continue: the continued game is read too.
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    h.update(2);
    h.app.world_mut().remove_resource::<SkillGame>();
    h.press(title::Action::ContinueGame);
    assert_eq!(h.screen(), Screen::SkillChess);
    assert_eq!(wait_for_chances(&mut h), after_reply);
    h.board(BoardInput::Undo);
    assert_eq!(h.app.world().resource::<WinningChances>().of(h.game()), None, "a stale reading after Undo");
    let start = wait_for_chances(&mut h);
    assert_eq!(h.game().board.position().to_fen(), gambit_rules::STARTING_FEN);
    assert_eq!(start, gambit_search::winning_chances(&h.game().board, CHANCES_NODES, None));
    assert!(start.white.is_some_and(|w| (0.3..=0.7).contains(&w)), "{start:?}");
}

/// The tool bar has no "New game" beside Undo: a New game action while the game goes on is refused
/// (nothing wiped), and the bar's Title leaves without abandoning (the title's Continue resumes).
#[test]
fn a_game_in_progress_is_never_wiped_and_title_keeps_it() {
    let mut h = Harness::new();
    start_game(&mut h);
    h.board(BoardInput::Command("e4".to_string()));
    h.wait_for_engine();
    let board = h.game().board.clone();
    h.send(skill_chess::Action::NewGame);
    assert_eq!(h.game().board, board, "New game wiped a game in progress");
    assert!(h.input().message.as_deref().is_some_and(|m| m.contains("pause menu")));
    h.press(skill_chess::Action::Title);
    assert_eq!(h.screen(), Screen::Title);
    h.app.world_mut().remove_resource::<SkillGame>();
    h.press(title::Action::ContinueGame);
    assert_eq!(h.screen(), Screen::SkillChess);
    assert_eq!(h.game().board, board);
}

#[test]
fn teleport_and_freeze_through_the_targeting_mode() {
    let mut h = Harness::new();
    start_game(&mut h);
    // Freeze is free: it does not end the turn.
    h.press(skill_chess::Action::Cast(Skill::Freeze));
    assert_eq!(h.input().targeting, gambit::game::Targeting::Freeze);
    h.board(BoardInput::Pressed(sq("e7")));
    assert_eq!(h.game().board.frozen_ticks(sq("e7")), Some(3));
    assert!(h.game().players_turn());
    // Teleport: piece, then destination; it ends the turn.
    h.board(BoardInput::Cast(Skill::Teleport));
    h.board(BoardInput::Pressed(sq("g1")));
    h.board(BoardInput::Pressed(sq("g3")));
    // (The engine may already have replied on its worker thread, perhaps taking the knight: compare the
    // player's part.)
    if h.game().listed.len() == 2 {
        assert_eq!(h.game().board.piece_at(sq("g3")).map(|p| p.role), Some(Role::Knight));
    }
    assert_eq!(
        h.game().listed.iter().take(2).map(|l| l.text.as_str()).collect::<Vec<_>>(),
        ["fz e7", "tp g1g3"]
    );
    assert!(h.game().board.cooldown(gambit_rules::Color::White, Skill::Teleport) > 0);
    h.wait_for_engine();
    // Escape cancels a targeting mode without a change.
    h.board(BoardInput::Cast(Skill::Freeze));
    h.board(BoardInput::Cancel);
    assert_eq!(h.input().targeting, gambit::game::Targeting::Move);
}

#[test]
fn a_game_played_to_checkmate_from_a_set_position() {
    let mut h = Harness::new();
    start_game(&mut h);
    // Replace the game with a mate in one for the player (the engine is to move only afterwards).
    let position = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let mut board = SkillBoard::from_position(position, SkillConfig::default());
    // In skill chess a side that can still teleport out of check is not mated: put Black's Teleport
    // on cooldown so Ra8 is mate.
    board.set_cooldown(gambit_rules::Color::Black, Skill::Teleport, 4);
    h.app.world_mut().insert_resource(SkillGame::from_board(
        board,
        gambit_rules::Color::White,
        Preset::Beginner,
        true,
    ));
    h.update(1);
    h.board(BoardInput::Command("Ra8".to_string()));
    assert!(h.game().is_finished(), "{:?} {:?}", h.input().message, h.game().listed);
    assert_eq!(h.game().status_line(), "Checkmate: you win");
    assert_eq!(h.game().listed[0].text, "Ra8#");
    // No engine task starts for a finished game.
    h.update(5);
    assert!(!h.app.world().resource::<EngineTask>().is_thinking());
}

#[test]
fn unfinished_game_is_saved_and_continued() {
    let mut h = Harness::new();
    start_game(&mut h);
    h.board(BoardInput::Command("e4".to_string()));
    h.wait_for_engine();
    let board = h.game().board.clone();
    // Pause, abandon? No: back to the title through the pause menu's settings path is not needed;
    // leaving the screen saves.
    h.key(KeyCode::Escape);
    h.update(2);
    h.press(pause::Action::Resume);
    h.key(KeyCode::Escape);
    h.update(2);
    h.press(pause::Action::Settings);
    h.press(settings::Action::Back);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::Pause);
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    h.update(2);
    assert_eq!(h.screen(), Screen::Title);
    h.app.world_mut().remove_resource::<SkillGame>();
    h.press(title::Action::ContinueGame);
    assert_eq!(h.screen(), Screen::SkillChess);
    assert_eq!(h.game().board, board);
    // Abandon from the pause menu removes the save.
    h.key(KeyCode::Escape);
    h.update(2);
    h.press(pause::Action::Abandon);
    h.press(pause::Action::ConfirmAbandon(true));
    assert_eq!(h.screen(), Screen::Title);
    let dir = h.app.world().resource::<DataDir>().clone();
    assert!(!dir.file(gambit::game::save::FILE).exists());
}

#[test]
fn the_game_is_saved_after_every_action_so_a_kill_loses_nothing() {
    let mut h = Harness::new();
    start_game(&mut h);
    h.board(BoardInput::Command("e4".to_string()));
    h.wait_for_engine();
    h.board(BoardInput::Command("fz e5".to_string()));
    let board = h.game().board.clone();
    let listed = h.game().listed.len();
    assert!(listed >= 3, "e4, the reply and the freeze");
    // The process dies here: no screen is left, no exit message is sent.
    let dir = std::mem::replace(&mut h.dir, tempfile::tempdir().unwrap());
    drop(h);
    let mut fresh = Harness::in_dir(dir);
    fresh.press(title::Action::ContinueGame);
    assert_eq!(fresh.screen(), Screen::SkillChess);
    assert_eq!(fresh.game().board, board);
    assert_eq!(fresh.game().listed.len(), listed);
}

#[test]
fn settings_panel_changes_are_saved() {
    let mut h = Harness::new();
    h.press(title::Action::Settings);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::Settings);
    h.press(settings::Action::Change(SettingChange::ColorBlind));
    h.press(settings::Action::Change(SettingChange::UiScale(1)));
    assert!(h.texts().iter().any(|t| t == "Foresight: off"), "the preview is off by default");
    h.press(settings::Action::Change(SettingChange::Foresight));
    assert!(h.texts().iter().any(|t| t == "Foresight: on"));
    h.key(KeyCode::Escape);
    h.update(1);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::None);
    let dir = h.app.world().resource::<DataDir>().clone();
    let (saved, problem) = Settings::load(&dir);
    assert!(problem.is_none());
    assert!(saved.color_blind);
    assert!(saved.foresight);
    assert_eq!(saved.ui_scale, 1.25, "one step of 25%");
}

/// The focused button's key, if a button has the focus.
fn focused(h: &Harness) -> Option<String> {
    let focus = h.app.world().resource::<bevy::input_focus::InputFocus>().get()?;
    h.app.world().get::<gambit::ui::FocusKey>(focus).map(|k| k.0.clone())
}

#[test]
fn enter_at_launch_starts_the_first_title_entry() {
    let mut h = Harness::new();
    h.update(1);
    assert!(focused(&h).is_some_and(|k| k.ends_with("title::Action::NewRun")), "{:?}", focused(&h));
    h.key(KeyCode::Enter);
    h.update(2);
    assert_eq!(h.screen(), Screen::RunStart);
}

#[test]
fn tab_walks_the_buttons_and_stays_inside_an_open_menu() {
    let mut h = Harness::new();
    start_game(&mut h);
    // On a board screen the arrows drive the board's cursor, and Tab reaches the buttons.
    h.key(KeyCode::ArrowUp);
    assert!(h.app.world().resource::<gambit::board::BoardViewState>().cursor.is_some());
    h.key(KeyCode::Tab);
    assert!(focused(&h).is_some_and(|k| k.contains("skill_chess::Action")), "{:?}", focused(&h));
    // An arrow gives the keyboard back to the board.
    h.key(KeyCode::ArrowDown);
    assert_eq!(focused(&h), None);
    // Escape pauses; Tab now cycles through the pause menu only, and Enter activates.
    h.key(KeyCode::Escape);
    h.update(2);
    for _ in 0..6 {
        h.key(KeyCode::Tab);
        assert!(focused(&h).is_some_and(|k| k.contains("pause::Action")), "{:?}", focused(&h));
    }
    while !focused(&h).is_some_and(|k| k.ends_with("Resume")) {
        h.key(KeyCode::Tab);
    }
    h.key(KeyCode::Enter);
    h.update(2);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::None);
    assert_eq!(h.screen(), Screen::SkillChess);
}

/// The background of the title button whose focus key ends with `key`.
fn button_colour(h: &mut Harness, key: &str) -> Color {
    let world = h.app.world_mut();
    let mut buttons = world.query::<(&gambit::ui::FocusKey, &BackgroundColor)>();
    buttons.iter(world).find(|(k, _)| k.0.ends_with(key)).map(|(_, bg)| bg.0).expect("the button")
}

#[test]
fn a_button_looks_hovered_only_after_the_pointer_moved() {
    let mut h = Harness::new();
    h.update(1);
    // The pointer rests on Upgrades at launch (picking reports it hovered): no hover colour yet.
    let world = h.app.world_mut();
    let mut buttons = world.query::<(&gambit::ui::FocusKey, &mut Interaction)>();
    for (key, mut interaction) in buttons.iter_mut(world) {
        if key.0.ends_with("title::Action::Upgrades") {
            *interaction = Interaction::Hovered;
        }
    }
    h.update(2);
    let standard = gambit::palette::STANDARD;
    assert_eq!(button_colour(&mut h, "title::Action::Upgrades"), standard.button);
    // The window's report of where the resting pointer is (no delta) is not a move.
    let moved = |position, delta| bevy::window::CursorMoved { window: Entity::PLACEHOLDER, position, delta };
    h.send(moved(Vec2::new(640.0, 400.0), None));
    assert_eq!(button_colour(&mut h, "title::Action::Upgrades"), standard.button);
    // Once the player moves the pointer (a few pixels), the button under it shows the hover.
    h.send(moved(Vec2::new(645.0, 399.0), Some(Vec2::new(5.0, -1.0))));
    assert_eq!(button_colour(&mut h, "title::Action::Upgrades"), standard.button_hover);
    assert_eq!(button_colour(&mut h, "title::Action::NewRun"), standard.button);
}

/// Skill chess shows the engine's skills and their cooldowns under the player's skill buttons (the
/// engine teleported with no warning before), and follows them.
#[test]
fn skill_chess_shows_the_engines_skills() {
    let mut h = Harness::new();
    start_game(&mut h);
    h.update(2);
    let texts = h.texts();
    assert!(texts.iter().any(|t| t == "Engine: Teleport ready, Freeze ready"), "{texts:?}");
    let engine = h.game().player.other();
    h.app.world_mut().resource_mut::<SkillGame>().board.set_cooldown(engine, Skill::Teleport, 3);
    h.update(2);
    let texts = h.texts();
    assert!(texts.iter().any(|t| t == "Engine: Teleport in 3 ticks, Freeze ready"), "{texts:?}");
}

/// The pause menu opens with Resume focused, so Enter resumes (it opened with no focused button).
#[test]
fn the_pause_menu_opens_with_resume_focused() {
    let mut h = Harness::new();
    start_game(&mut h);
    h.key(KeyCode::Escape);
    h.update(2);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::Pause);
    assert!(focused(&h).is_some_and(|k| k.ends_with("pause::Action::Resume")), "{:?}", focused(&h));
    h.key(KeyCode::Enter);
    h.update(2);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::None);
}
