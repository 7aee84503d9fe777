//! Headless tests of skill chess's flow (issue 17, section 4): reviewing the move list, resigning,
//! the records per engine preset. Buttons are pressed as a click or Enter does, keys arrive through
//! `KeyboardInput` as from the window.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gambit::board::{BoardInput, BoardScene};
use gambit::game::{Preset, SkillGame};
use gambit::run::Profile;
use gambit::screens::{Screen, setup, skill_chess, title};
use gambit_roguelite::versus::Tally;
use gambit_rules::{Color as PieceColor, Position, Role, Square};
use gambit_skills::{Skill, SkillBoard, SkillConfig};

mod common;

use common::Harness;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn start_game(h: &mut Harness) {
    h.press(title::Action::SkillChess);
    h.press(setup::Action::Strength(Preset::Beginner));
    h.press(setup::Action::Start);
    assert_eq!(h.screen(), Screen::SkillChess);
}

/// Plays `san` for the player and waits for the engine's reply.
fn play(h: &mut Harness, san: &str) {
    h.board(BoardInput::Command(san.to_string()));
    assert_eq!(h.input().message, None, "{san} refused");
    h.wait_for_engine();
}

/// Sends one key change, as the window does, and runs a frame.
fn key_event(h: &mut Harness, key: KeyCode, logical: Key, state: ButtonState) {
    h.app.world_mut().write_message(KeyboardInput {
        key_code: key,
        logical_key: logical,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    h.app.update();
}

/// Shift+`arrow`, as a player presses it.
fn shift_arrow(h: &mut Harness, arrow: KeyCode, logical: Key) {
    key_event(h, KeyCode::ShiftLeft, Key::Shift, ButtonState::Pressed);
    key_event(h, arrow, logical.clone(), ButtonState::Pressed);
    key_event(h, arrow, logical, ButtonState::Released);
    key_event(h, KeyCode::ShiftLeft, Key::Shift, ButtonState::Released);
    h.update(2);
}

fn piece_on_scene(h: &Harness, square: &str) -> Option<gambit_rules::Piece> {
    h.app.world().resource::<BoardScene>().cells[sq(square).index() as usize].piece
}

#[test]
fn the_move_list_reviews_earlier_positions_and_nothing_is_played_meanwhile() {
    let mut h = Harness::new();
    start_game(&mut h);
    // Four moves played for both sides; the player (White) is to move, so the engine waits.
    let mut game = SkillGame::new(SkillConfig::default(), PieceColor::White, Preset::Beginner, true).unwrap();
    for san in ["e4", "e5", "d4", "exd4"] {
        let m = game.board.position().parse_san(san).unwrap();
        game.apply(gambit_skills::Action::Move(m)).unwrap();
    }
    h.app.world_mut().insert_resource(game);
    h.update(3);
    let live = h.game().clone();
    let total = live.listed.len();
    // Click the first move in the list: the board shows the position after 1. e4.
    h.press(skill_chess::Action::ReviewAt(1));
    assert_eq!(h.input().review, Some(1));
    assert_eq!(piece_on_scene(&h, "e4").map(|p| p.role), Some(Role::Pawn));
    assert_eq!(piece_on_scene(&h, "d2").map(|p| p.role), Some(Role::Pawn), "d4 is not played yet");
    assert_eq!(piece_on_scene(&h, "e7").map(|p| p.color), Some(PieceColor::Black));
    assert_eq!(h.app.world().resource::<BoardScene>().last_move, Some((sq("e2"), sq("e4"))));
    // The step buttons and Shift+arrows move through the list.
    h.press(skill_chess::Action::ReviewStep(-1));
    assert_eq!(h.input().review, Some(0));
    assert_eq!(piece_on_scene(&h, "e2").map(|p| p.role), Some(Role::Pawn), "the start position");
    shift_arrow(&mut h, KeyCode::ArrowRight, Key::ArrowRight);
    shift_arrow(&mut h, KeyCode::ArrowRight, Key::ArrowRight);
    assert_eq!(h.input().review, Some(2));
    shift_arrow(&mut h, KeyCode::ArrowLeft, Key::ArrowLeft);
    assert_eq!(h.input().review, Some(1));
    // While reviewing nothing is played: a click, a drag, a typed move, a skill, an undo.
    h.board(BoardInput::Pressed(sq("g1")));
    h.board(BoardInput::Pressed(sq("f3")));
    h.board(BoardInput::Dropped { from: sq("g1"), to: sq("f3") });
    h.board(BoardInput::Command("Nf3".to_string()));
    h.board(BoardInput::Cast(Skill::Freeze));
    h.board(BoardInput::Undo);
    h.update(5);
    assert_eq!(h.game().listed, live.listed);
    assert_eq!(h.game().board, live.board);
    assert!(h.input().message.as_deref().is_some_and(|m| m.contains("earlier position")));
    // "Back to the game" is on screen while reviewing; it shows the live game again and moves play.
    h.press(skill_chess::Action::BackToGame);
    assert_eq!(h.input().review, None);
    assert_eq!(piece_on_scene(&h, "d4").map(|p| p.color), Some(PieceColor::Black), "exd4 on the board");
    // Home reviews the start, End (like the last step) is the live game.
    h.key(KeyCode::Home);
    assert_eq!(h.input().review, Some(0));
    h.key(KeyCode::End);
    assert_eq!(h.input().review, None);
    // Escape leaves a review before it would pause.
    h.press(skill_chess::Action::ReviewAt(2));
    h.key(KeyCode::Escape);
    assert_eq!(h.input().review, None);
    assert_eq!(*h.app.world().resource::<State<gambit::menus::Menu>>().get(), gambit::menus::Menu::None);
    play(&mut h, "Nf3");
    assert!(h.game().listed.len() > total);
}

#[test]
fn resigning_asks_first_ends_the_game_and_counts_a_loss() {
    let mut h = Harness::new();
    start_game(&mut h);
    play(&mut h, "e4");
    h.press(skill_chess::Action::Resign);
    assert!(h.input().confirm_resign);
    // "Keep playing" changes nothing.
    h.press(skill_chess::Action::ConfirmResign(false));
    assert!(!h.game().is_finished());
    h.press(skill_chess::Action::Resign);
    h.press(skill_chess::Action::ConfirmResign(true));
    assert!(h.game().is_finished());
    assert_eq!(h.game().resigned, Some(PieceColor::White));
    assert_eq!(h.game().status_line(), "You resigned");
    let tally = h.app.world().resource::<Profile>().progress.versus.against(Preset::Beginner);
    assert_eq!(tally, Tally { wins: 0, draws: 0, losses: 1 });
    // Saved in progress.json, read back by the next launch.
    let text = std::fs::read_to_string(h.dir.path().join("progress.json")).unwrap();
    let progress = gambit_roguelite::save::progress_from_json(&text).unwrap();
    assert_eq!(progress.versus.against(Preset::Beginner).losses, 1);
    // The result banner offers a new game, and a finished game is not resigned twice.
    h.update(5);
    h.press(skill_chess::Action::Resign);
    assert!(!h.input().confirm_resign);
    h.press(skill_chess::Action::NewGame);
    assert!(!h.game().is_finished());
    assert_eq!(h.app.world().resource::<Profile>().progress.versus.against(Preset::Beginner).games(), 1);
}

#[test]
fn a_win_is_recorded_once_against_its_preset() {
    let mut h = Harness::new();
    start_game(&mut h);
    let position = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let mut board = SkillBoard::from_position(position, SkillConfig::default());
    board.set_cooldown(PieceColor::Black, Skill::Teleport, 4);
    h.app.world_mut().insert_resource(SkillGame::from_board(board, PieceColor::White, Preset::Club, true));
    h.update(1);
    h.board(BoardInput::Command("Ra8".to_string()));
    assert!(h.game().is_finished());
    h.update(5);
    let versus = h.app.world().resource::<Profile>().progress.versus.clone();
    assert_eq!(versus.against(Preset::Club), Tally { wins: 1, draws: 0, losses: 0 });
    assert_eq!(versus.against(Preset::Beginner).games(), 0);
    // Taking the mate back and giving it again does not count a second game.
    h.board(BoardInput::Undo);
    h.board(BoardInput::Command("Ra8".to_string()));
    h.update(5);
    assert_eq!(h.app.world().resource::<Profile>().progress.versus.against(Preset::Club).wins, 1);
}
