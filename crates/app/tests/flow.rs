//! Headless tests of skill chess's flow (issue 17, section 4): reviewing the move list, resigning,
//! the records per engine preset (in the game and on the setup screen), two players on one machine,
//! a start from a FEN, a PGN or a file and its refusals, the result banner stepping aside in review. Buttons are pressed as a click or Enter does, keys arrive through
//! `KeyboardInput` as from the window.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gambit::board::BoardViewState;
use gambit::board::{BoardInput, BoardScene, Hovered, ReplyEnd};
use gambit::game::foresight::Foresight;
use gambit::game::{Preset, SkillGame};
use gambit::run::Profile;
use gambit::screens::{Screen, setup, skill_chess, title};
use gambit::settings::Settings;
use gambit_roguelite::versus::{Tally, TwoPlayerTally};
use gambit_rules::{Color, Position, Role, Square};
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
    let mut game = SkillGame::new(SkillConfig::default(), Color::White, Preset::Beginner, true).unwrap();
    for san in ["e4", "e5", "d4", "exd4"] {
        let m = game.board.position().parse_san(san).unwrap();
        game.apply(gambit_skills::Action::Move(m)).unwrap();
    }
    h.app.world_mut().insert_resource(game);
    h.update(3);
    let live = h.game().clone();
    let total = live.listed.len();
    assert!(h.texts().iter().any(|t| t == "Your move"), "the live game's heading");
    // Click the first move in the list: the board shows the position after 1. e4.
    h.press(skill_chess::Action::ReviewAt(1));
    assert_eq!(h.input().review, Some(1));
    // The heading says what is on the board: an earlier position, not "Your move".
    let texts = h.texts();
    assert!(texts.iter().any(|t| t == "Reviewing: after e4"), "{texts:?}");
    assert!(!texts.iter().any(|t| t == "Your move"), "{texts:?}");
    assert_eq!(piece_on_scene(&h, "e4").map(|p| p.role), Some(Role::Pawn));
    assert_eq!(piece_on_scene(&h, "d2").map(|p| p.role), Some(Role::Pawn), "d4 is not played yet");
    assert_eq!(piece_on_scene(&h, "e7").map(|p| p.color), Some(Color::Black));
    assert_eq!(h.app.world().resource::<BoardScene>().last_move, Some((sq("e2"), sq("e4"))));
    // The step buttons and Shift+arrows move through the list.
    h.press(skill_chess::Action::ReviewStep(-1));
    assert_eq!(h.input().review, Some(0));
    assert_eq!(piece_on_scene(&h, "e2").map(|p| p.role), Some(Role::Pawn), "the start position");
    assert!(h.texts().iter().any(|t| t == "Reviewing: the start"));
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
    assert_eq!(piece_on_scene(&h, "d4").map(|p| p.color), Some(Color::Black), "exd4 on the board");
    assert!(h.texts().iter().any(|t| t == "Your move"), "the live game's heading again");
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
    assert_eq!(h.game().resigned, Some(Color::White));
    assert_eq!(h.game().status_line(), "You resigned");
    let tally = h.app.world().resource::<Profile>().progress.versus.against(Preset::Beginner);
    assert_eq!(tally, Tally { wins: 0, draws: 0, losses: 1 });
    // Saved in progress.json, read back by the next launch.
    let text = std::fs::read_to_string(h.dir.path().join("progress.json")).unwrap();
    let progress = gambit_roguelite::save::progress_from_json(&text).unwrap();
    assert_eq!(progress.versus.against(Preset::Beginner).losses, 1);
    // The result banner offers a new game, and a finished game is not resigned twice: the tool bar's
    // Resign is disabled once the game has a result (it stayed active), and enabled again in a new game.
    h.update(5);
    assert!(resign_disabled(&mut h), "Resign is active after the game is over");
    h.press(skill_chess::Action::NewGame);
    assert!(!h.game().is_finished());
    h.update(2);
    assert!(!resign_disabled(&mut h));
    assert_eq!(h.app.world().resource::<Profile>().progress.versus.against(Preset::Beginner).games(), 1);
}

/// Whether the tool bar's Resign button is disabled.
fn resign_disabled(h: &mut Harness) -> bool {
    let world = h.app.world_mut();
    let mut buttons = world.query::<(&skill_chess::Action, Has<gambit::ui::Disabled>)>();
    let found: Vec<bool> =
        buttons.iter(world).filter(|(a, _)| **a == skill_chess::Action::Resign).map(|(_, d)| d).collect();
    assert_eq!(found.len(), 1, "one Resign button");
    found[0]
}

/// The pause menu's "Abandon game" asks first (it gave the game up at once): Escape or "Keep the
/// game" keeps it, "Abandon it" gives it up.
#[test]
fn abandoning_from_the_pause_menu_asks_first() {
    use gambit::menus::{Menu, pause};
    let mut h = Harness::new();
    start_game(&mut h);
    play(&mut h, "e4");
    let menu = |h: &Harness| *h.app.world().resource::<State<Menu>>().get();
    let saved = || gambit::game::save::FILE;
    assert!(h.path().join(saved()).exists());
    h.key(KeyCode::Escape);
    h.update(2);
    assert_eq!(menu(&h), Menu::Pause);
    h.press(pause::Action::Abandon);
    assert_eq!((h.screen(), menu(&h)), (Screen::SkillChess, Menu::Pause));
    assert!(h.texts().iter().any(|t| t == "Abandon this game?"), "{:?}", h.texts());
    // Escape keeps the game: back to the menu's buttons.
    h.key(KeyCode::Escape);
    h.update(2);
    assert_eq!((h.screen(), menu(&h)), (Screen::SkillChess, Menu::Pause));
    assert!(!h.texts().iter().any(|t| t == "Abandon this game?"));
    // "Keep the game" keeps it too.
    h.press(pause::Action::Abandon);
    h.press(pause::Action::ConfirmAbandon(false));
    assert_eq!((h.screen(), menu(&h)), (Screen::SkillChess, Menu::Pause));
    h.press(pause::Action::Resume);
    assert_eq!(menu(&h), Menu::None);
    assert_eq!(h.game().listed.len(), 2);
    // The question comes back fresh with the menu, and "Abandon it" gives the game up.
    h.key(KeyCode::Escape);
    h.update(2);
    assert!(!h.texts().iter().any(|t| t == "Abandon this game?"));
    h.press(pause::Action::Abandon);
    h.press(pause::Action::ConfirmAbandon(true));
    h.update(2);
    assert_eq!((h.screen(), menu(&h)), (Screen::Title, Menu::None));
    assert!(!h.path().join(saved()).exists());
}

/// While an earlier position is reviewed, the skill buttons and the engine's line say that
/// position's cooldowns (they showed the live game's) and the buttons are disabled: nothing is cast
/// from a reviewed position.
#[test]
fn review_shows_the_reviewed_positions_skills() {
    use gambit::screens::skill_chess::SkillsView;
    use gambit::ui::Section;
    let mut h = Harness::new();
    start_game(&mut h);
    // White freezes e7: Freeze goes on cooldown; then the engine replies.
    play(&mut h, "fz e7");
    let live_freeze = h.game().board.cooldown(Color::White, Skill::Freeze);
    assert!(live_freeze > 0);
    let shown = |h: &mut Harness| {
        let world = h.app.world_mut();
        let mut q = world.query::<&Section<SkillsView>>();
        q.single(world).unwrap().shown().cloned().expect("the skills section is built")
    };
    let live = shown(&mut h);
    assert_eq!(live.buttons[1].1, gambit::ui::cooldown_words(live_freeze));
    assert!(!live.reviewing);
    // Review the start: Freeze was ready there, and so were the engine's skills.
    h.press(skill_chess::Action::ReviewAt(0));
    let start = shown(&mut h);
    assert_eq!(start.buttons, [(Skill::Teleport, "ready".to_string()), (Skill::Freeze, "ready".to_string())]);
    assert_eq!(start.engine.as_deref(), Some("Engine: Teleport ready, Freeze ready"));
    assert!(start.reviewing);
    // The buttons are disabled, and a skill's hotkey casts nothing on the live game.
    let world = h.app.world_mut();
    let mut casts = world.query::<(&skill_chess::Action, Has<gambit::ui::Disabled>)>();
    let disabled: Vec<bool> = casts
        .iter(world)
        .filter(|(a, _)| matches!(a, skill_chess::Action::Cast(_)))
        .map(|(_, d)| d)
        .collect();
    assert_eq!(disabled, vec![true, true]);
    h.key(KeyCode::Digit1);
    h.update(2);
    assert_eq!(h.input().targeting, gambit::board::Targeting::Move);
    // Back to the game: the live cooldowns again, the buttons enabled.
    h.press(skill_chess::Action::BackToGame);
    assert_eq!(shown(&mut h), live);
}

/// Puts a Club game on the board where White mates with Ra8 (Black's Teleport, which could escape,
/// on cooldown), and plays the mate.
fn mate_on_the_back_rank(h: &mut Harness) {
    let position = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let mut board = SkillBoard::from_position(position, SkillConfig::default());
    board.set_cooldown(Color::Black, Skill::Teleport, 4);
    h.app.world_mut().insert_resource(SkillGame::from_board(board, Color::White, Preset::Club, true));
    h.update(1);
    h.board(BoardInput::Command("Ra8".to_string()));
}

/// Once the game is over, nothing can be cast: the skill buttons are disabled (they stayed enabled
/// beside a disabled Resign).
#[test]
fn the_skill_buttons_are_disabled_once_the_game_is_over() {
    let mut h = Harness::new();
    start_game(&mut h);
    let enabled = |h: &mut Harness| {
        let world = h.app.world_mut();
        let mut casts = world.query::<(&skill_chess::Action, Has<gambit::ui::Disabled>)>();
        casts
            .iter(world)
            .filter(|(a, _)| matches!(a, skill_chess::Action::Cast(_)))
            .map(|(_, d)| !d)
            .collect::<Vec<bool>>()
    };
    h.update(2);
    assert_eq!(enabled(&mut h), vec![true, true]);
    mate_on_the_back_rank(&mut h);
    assert!(h.game().is_finished());
    h.update(5);
    assert_eq!(enabled(&mut h), vec![false, false]);
}

#[test]
fn a_win_is_recorded_once_against_its_preset() {
    let mut h = Harness::new();
    start_game(&mut h);
    mate_on_the_back_rank(&mut h);
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

/// Types `text` into the setup's start field as the window sends it: a click on the field, then one
/// `KeyboardInput` per character (spaces as Space).
fn type_start(h: &mut Harness, text: &str) {
    h.press(setup::Action::EditStart);
    for c in text.chars() {
        let (code, logical) = if c == ' ' {
            (KeyCode::Space, Key::Space)
        } else {
            (KeyCode::KeyA, Key::Character(c.to_string().into()))
        };
        h.app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: logical,
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
    h.update(1);
}

fn start_field(h: &Harness) -> setup::StartField {
    h.app.world().resource::<setup::StartField>().clone()
}

#[test]
fn two_players_take_turns_the_board_turns_and_the_result_is_kept_apart() {
    let mut h = Harness::new();
    h.press(title::Action::SkillChess);
    h.press(setup::Action::TwoPlayers);
    h.press(setup::Action::Start);
    assert_eq!(h.screen(), Screen::SkillChess);
    assert!(h.game().two_players);
    assert!(!h.app.world().resource::<BoardViewState>().rotated);
    // White moves; no engine answers, and the board turns to Black.
    h.board(BoardInput::Command("f3".to_string()));
    h.update(10);
    assert_eq!(h.game().listed.len(), 1, "no engine reply");
    assert!(!h.app.world().resource::<gambit::game::engine::EngineTask>().is_thinking());
    assert_eq!(h.game().status_line(), "Black to move");
    assert!(h.app.world().resource::<BoardViewState>().rotated, "Black at the bottom");
    // Black clicks their own piece: the board takes Black's input now.
    h.board(BoardInput::Pressed(sq("e7")));
    h.board(BoardInput::Pressed(sq("e5")));
    assert_eq!(h.game().listed.len(), 2, "{:?}", h.input().message);
    assert!(!h.app.world().resource::<BoardViewState>().rotated, "White at the bottom again");
    // Undo takes back one turn (Black's), and the board turns with it.
    h.board(BoardInput::Undo);
    assert_eq!(h.game().listed.len(), 1);
    assert!(h.app.world().resource::<BoardViewState>().rotated);
    // White, to move, resigns (a mate here could be escaped by White's Teleport).
    h.board(BoardInput::Command("e5".to_string()));
    h.press(skill_chess::Action::Resign);
    h.press(skill_chess::Action::ConfirmResign(true));
    assert!(h.game().is_finished());
    assert_eq!(h.game().status_line(), "White resigned");
    h.update(3);
    let progress = &h.app.world().resource::<Profile>().progress;
    assert_eq!(progress.two_players, TwoPlayerTally { white_wins: 0, draws: 0, black_wins: 1 });
    assert!(progress.versus.is_empty(), "nothing against a preset");
    assert!(h.texts().iter().any(|t| t.contains("Two players: White won 0, 0 drawn, Black won 1")));
    // With the setting off the board stays put.
    h.press(skill_chess::Action::Title);
    h.press(title::Action::SkillChess);
    h.press(setup::Action::ToggleTurnBoard);
    h.press(setup::Action::Start);
    h.board(BoardInput::Command("e4".to_string()));
    assert!(!h.app.world().resource::<BoardViewState>().rotated);
}

#[test]
fn a_game_starts_from_a_typed_fen_and_a_bad_one_is_refused_in_words_keeping_the_text() {
    let mut h = Harness::new();
    h.press(title::Action::SkillChess);
    h.press(setup::Action::Strength(Preset::Beginner));
    let bad = "4k3/8/8/8/8/8/8/4K2R x K - 0 1";
    type_start(&mut h, bad);
    assert_eq!(start_field(&h).text, bad, "Space typed a space and pressed no button");
    assert_eq!(h.screen(), Screen::SkillChessSetup);
    h.press(setup::Action::Start);
    assert_eq!(h.screen(), Screen::SkillChessSetup);
    let field = start_field(&h);
    let error = field.error.clone().unwrap();
    assert!(error.contains("side to move") && error.contains("\"x\""), "{error}");
    assert_eq!(field.text, bad, "the text is kept");
    assert!(h.texts().iter().any(|t| t.contains("side to move")), "the refusal is on screen");
    // Backspace mends it: the game starts from the FEN.
    h.press(setup::Action::EditStart);
    for _ in 0.."x K - 0 1".len() {
        h.key(KeyCode::Backspace);
    }
    type_start(&mut h, "w K - 0 1");
    h.press(setup::Action::Start);
    assert_eq!(h.screen(), Screen::SkillChess);
    assert_eq!(h.game().board.position().to_fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    // Escape while typing leaves the field only; on the setup page it goes back to the title.
    h.press(skill_chess::Action::Title);
    h.press(title::Action::SkillChess);
    // The game is saved: the title asks before the setup whose Start would replace it.
    h.press(title::Action::SetUpNewGame);
    h.press(setup::Action::EditStart);
    h.key(KeyCode::Escape);
    assert_eq!(h.screen(), Screen::SkillChessSetup);
    assert!(!start_field(&h).active);
    h.key(KeyCode::Escape);
    assert_eq!(h.screen(), Screen::Title);
}

#[test]
fn a_pgn_start_plays_its_moves_and_a_file_path_is_read() {
    let mut h = Harness::new();
    h.press(title::Action::SkillChess);
    h.press(setup::Action::Strength(Preset::Beginner));
    h.press(setup::Action::Player(Color::Black));
    // An illegal move: the error names it, the game does not start.
    type_start(&mut h, "1. e4 e5 2. Ke3 *");
    h.press(setup::Action::Start);
    let error = start_field(&h).error.unwrap();
    assert!(error.contains("Ke3"), "{error}");
    assert_eq!(h.screen(), Screen::SkillChessSetup);
    // A file's path: a missing file says so; an existing one is read.
    h.press(setup::Action::ClearStart);
    let path = h.path().join("opening.pgn");
    type_start(&mut h, path.to_str().unwrap());
    h.press(setup::Action::Start);
    let error = start_field(&h).error.unwrap();
    assert!(error.contains("could not read the file") && error.contains("opening.pgn"), "{error}");
    std::fs::write(&path, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    h.press(setup::Action::Start);
    assert_eq!(h.screen(), Screen::SkillChess);
    let texts: Vec<String> = h.game().listed.iter().map(|l| l.text.clone()).collect();
    assert_eq!(texts, ["e4", "e5", "Nf3"], "the PGN's moves are in the move list");
    assert_eq!(h.game().player, Color::Black);
    // The player has Black: their turn, no engine move.
    h.update(5);
    assert!(h.game().players_turn());
    h.press(skill_chess::Action::ReviewAt(1));
    assert_eq!(piece_on_scene(&h, "e4").map(|p| p.role), Some(Role::Pawn), "the review reaches the PGN");
}

#[test]
fn the_setup_shows_the_record_beside_each_preset() {
    let mut h = Harness::new();
    {
        let mut profile = h.app.world_mut().resource_mut::<Profile>();
        let versus = &mut profile.progress.versus;
        versus.record(Preset::Club, gambit_roguelite::versus::GameScore::Win);
        versus.record(Preset::Club, gambit_roguelite::versus::GameScore::Win);
        versus.record(Preset::Club, gambit_roguelite::versus::GameScore::Loss);
        versus.record(Preset::Expert, gambit_roguelite::versus::GameScore::Draw);
    }
    h.press(title::Action::SkillChess);
    h.update(2);
    let texts = h.texts();
    let record = |a: u32, b: u32, c: u32| format!("{a} \u{2013} {b} \u{2013} {c}");
    assert!(texts.contains(&record(2, 0, 1)), "{texts:?}");
    assert!(texts.contains(&record(0, 1, 0)));
    assert_eq!(texts.iter().filter(|t| **t == record(0, 0, 0)).count(), Preset::ALL.len() - 2 + 1);
}

#[test]
fn the_result_banner_steps_aside_while_the_finished_game_is_reviewed() {
    let mut h = Harness::new();
    start_game(&mut h);
    mate_on_the_back_rank(&mut h);
    h.update(3);
    let banner = |h: &mut Harness| h.texts().iter().any(|t| t == "New game");
    assert!(banner(&mut h), "the banner is up");
    h.press(skill_chess::Action::ReviewAt(0));
    assert!(!banner(&mut h), "the board is seen in review");
    assert!(h.texts().iter().any(|t| t.contains("Checkmate")), "the status line keeps the result");
    h.press(skill_chess::Action::BackToGame);
    assert!(banner(&mut h));
}

/// The foresight cells of the board scene: (square, end) for each marked square.
fn foresight_cells(h: &Harness) -> Vec<(Square, ReplyEnd)> {
    let scene = h.app.world().resource::<BoardScene>();
    Square::all().filter_map(|s| scene.cells[s.index() as usize].foresight.map(|end| (s, end))).collect()
}

/// Runs frames until the foresight preview has a reply for the hovered move (bounded).
fn wait_for_foresight(h: &mut Harness) {
    for _ in 0..3000 {
        h.app.update();
        if h.app.world().resource::<Foresight>().reply().is_some() {
            h.update(2);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the foresight preview never answered");
}

fn hover(h: &mut Harness, square: &str) {
    h.app.world_mut().resource_mut::<Hovered>().0 = Some(sq(square));
    h.update(1);
}

/// With the setting on, resting on a legal destination of the selected piece shows the engine's
/// reply (framed on the board, named in the panel); moving on drops it at once, and the next square
/// gets its own; with the setting off nothing is read or shown.
#[test]
fn foresight_shows_the_engines_reply_to_the_hovered_move_only_when_on() {
    let mut h = Harness::new();
    start_game(&mut h);
    // 1. e4 d5 on the board, White to move: Qg4 would hang the queen to the c8 bishop.
    let mut game = SkillGame::new(SkillConfig::default(), Color::White, Preset::Beginner, true).unwrap();
    for san in ["e4", "d5"] {
        let m = game.board.position().parse_san(san).unwrap();
        game.apply(gambit_skills::Action::Move(m)).unwrap();
    }
    h.app.world_mut().insert_resource(game);
    h.update(2);
    // Off (the default): a selected queen over g4 starts nothing.
    assert!(!h.app.world().resource::<Settings>().foresight);
    h.board(BoardInput::Pressed(sq("d1")));
    hover(&mut h, "g4");
    h.update(20);
    assert_eq!(h.app.world().resource::<Foresight>().wanted(), None);
    assert!(foresight_cells(&h).is_empty());
    assert!(!h.texts().iter().any(|t| t.starts_with("Foresight")));
    // On: the reply to Qg4 takes the queen on g4.
    h.app.world_mut().resource_mut::<Settings>().foresight = true;
    h.update(1);
    wait_for_foresight(&mut h);
    let cells = foresight_cells(&h);
    assert!(cells.contains(&(sq("g4"), ReplyEnd::To)), "{cells:?}");
    assert!((1..=2).contains(&cells.len()), "its from and to squares (one for a Freeze): {cells:?}");
    let line = h.texts().into_iter().find(|t| t.starts_with("Foresight: ")).expect("the panel's line");
    assert!(line.contains("g4"), "{line}");
    // Another square: the old reply is gone in the same frame, and the new one is about f3.
    hover(&mut h, "f3");
    assert!(foresight_cells(&h).is_empty(), "a stale reply stays off the board");
    assert!(h.texts().iter().any(|t| t == "Foresight: reading\u{2026}"));
    wait_for_foresight(&mut h);
    let wanted = h.app.world().resource::<Foresight>().wanted().unwrap();
    assert_eq!((wanted.from, wanted.to), (sq("d1"), sq("f3")));
    let reply = h.app.world().resource::<Foresight>().reply().cloned().unwrap();
    let (_, to) = reply.squares.expect("Black has a reply to Qf3");
    assert!(foresight_cells(&h).contains(&(to, ReplyEnd::To)), "the board shows this reply: {reply:?}");
    // A square that is not a legal destination (the d2 pawn blocks d3) reads nothing.
    hover(&mut h, "d3");
    assert_eq!(h.app.world().resource::<Foresight>().wanted(), None);
    assert!(foresight_cells(&h).is_empty());
    // Playing the move ends the preview (the engine's turn).
    hover(&mut h, "f3");
    h.board(BoardInput::Pressed(sq("f3")));
    assert_eq!(h.app.world().resource::<Foresight>().wanted(), None);
    assert!(foresight_cells(&h).is_empty());
}

/// The resign question and the result banner sit over the board, opaque, not over the move list.
#[test]
fn the_resign_banner_is_opaque_and_over_the_board() {
    let mut h = Harness::with_layout(1280, 800);
    start_game(&mut h);
    play(&mut h, "e4");
    h.press(skill_chess::Action::Resign);
    h.update(3);
    let world = h.app.world_mut();
    let rect = |world: &mut World, text: &str| {
        let mut q = world.query::<(&Text, &ComputedNode, &UiGlobalTransform)>();
        q.iter(world).find(|(t, _, _)| t.0 == text).map(|(_, n, tf)| {
            let size = n.size();
            let centre = tf.translation;
            Rect::from_center_size(centre, size)
        })
    };
    let question = rect(world, "Resign this game?").expect("the question is shown");
    let first_move = rect(world, "e4").expect("the move list shows e4");
    assert!(
        question.max.x < first_move.min.x,
        "the question {question:?} is left of the move list {first_move:?}"
    );
    // The question's box (its parent) hides the board behind it.
    let mut texts = world.query::<(&Text, &ChildOf)>();
    let banner =
        texts.iter(world).find(|(t, _)| t.0 == "Resign this game?").map(|(_, c)| c.parent()).unwrap();
    let background = world.get::<BackgroundColor>(banner).expect("the banner has a background").0;
    assert_eq!(background.alpha(), 1.0, "the banner's background is opaque: {background:?}");
}

/// `/` opens the command line and is never typed into it: pressed again to reach the line (it was
/// typed then), or as the opening press itself.
#[test]
fn slash_is_never_typed_into_the_command_line() {
    use gambit::board::command_line::CommandLine;
    let mut h = Harness::new();
    start_game(&mut h);
    let line = |h: &Harness| {
        let l = h.app.world().resource::<CommandLine>();
        (l.active, l.text.clone())
    };
    h.key(KeyCode::Slash);
    assert_eq!(line(&h), (true, String::new()));
    h.key(KeyCode::Slash);
    assert_eq!(line(&h), (true, String::new()), "a second / was typed");
    h.key(KeyCode::KeyE);
    h.key(KeyCode::Slash);
    h.key(KeyCode::Digit4);
    assert_eq!(line(&h), (true, "e4".to_string()));
    h.key(KeyCode::Enter);
    h.update(2);
    assert_eq!(h.game().listed.first().map(|e| e.text.as_str()), Some("e4"));
}

/// Skill Chess on the title never leads to a Start that replaces a saved game without asking: with an
/// unfinished game saved it asks first; "Continue it" resumes that game, "Set up a new game" goes to
/// the setup. A saved run and a saved game each keep their own Continue.
#[test]
fn skill_chess_asks_before_a_new_game_replaces_the_saved_one() {
    let mut h = Harness::new();
    start_game(&mut h);
    play(&mut h, "e4");
    let board = h.game().board.clone();
    h.press(skill_chess::Action::Title);
    assert_eq!(h.screen(), Screen::Title);
    h.press(title::Action::SkillChess);
    assert_eq!(h.screen(), Screen::Title, "went to the setup, whose Start replaces the saved game");
    assert!(h.app.world().resource::<title::TitleView>().replace_game_question);
    assert!(h.texts().iter().any(|t| t.contains("A game of skill chess is saved")));
    h.app.world_mut().remove_resource::<SkillGame>();
    h.press(title::Action::ContinueGame);
    assert_eq!(h.screen(), Screen::SkillChess);
    assert_eq!(h.game().board, board);
    h.press(skill_chess::Action::Title);
    h.press(title::Action::SkillChess);
    h.press(title::Action::SetUpNewGame);
    assert_eq!(h.screen(), Screen::SkillChessSetup);
    // Both Continues when a run is saved too (the game's was hidden behind the run's).
    h.press(setup::Action::Back);
    let buttons = |h: &mut Harness| {
        let world = h.app.world_mut();
        let mut q = world.query::<&title::Action>();
        q.iter(world).copied().collect::<Vec<_>>()
    };
    assert!(buttons(&mut h).contains(&title::Action::ContinueGame));
    h.press(title::Action::NewRun);
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    h.update(3);
    let shown = buttons(&mut h);
    assert!(shown.contains(&title::Action::ContinueRun), "{shown:?}");
    assert!(shown.contains(&title::Action::ContinueGame), "{shown:?}");
}

/// The end of a game flashes the board's drawn cells only: every flash sits on a cell that is shown
/// (none on the coordinates or on cells outside the board's shape), and they fade away.
#[test]
fn the_end_flash_covers_only_the_boards_cells() {
    use gambit::board::anim::FinaleTint;
    use gambit::board::view::Cell;
    let mut h = Harness::new();
    start_game(&mut h);
    h.update(2);
    mate_on_the_back_rank(&mut h);
    assert!(h.game().is_finished());
    h.update(3);
    let world = h.app.world_mut();
    let mut tints = world.query_filtered::<&ChildOf, With<FinaleTint>>();
    let parents: Vec<Entity> = tints.iter(world).map(ChildOf::parent).collect();
    let mut cells = world.query::<(Entity, &Node, &Cell)>();
    let shown: Vec<Entity> =
        cells.iter(world).filter(|(_, node, _)| node.display != Display::None).map(|(e, _, _)| e).collect();
    assert_eq!(parents.len(), shown.len(), "one flash per drawn cell");
    assert!(parents.iter().all(|p| shown.contains(p)), "a flash outside the board's cells");
    // They fade and go (the banner lasts about two seconds).
    for _ in 0..60 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.update(1);
    }
    let world = h.app.world_mut();
    assert_eq!(world.query_filtered::<(), With<FinaleTint>>().iter(world).count(), 0);
}
