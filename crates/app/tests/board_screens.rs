//! The board screens hold still: skill chess's move list scrolls in a box of its own (a long game
//! never pushes PGN / Resign off the window or moves a button), skill buttons keep their size as their
//! cooldowns count, the review shows the reviewed position's winning chances, the tutorial's feedback
//! and log each have their room, and the deployment names a boss and its rule. Laid out by Bevy's UI
//! layout without a window ([`Harness::with_layout`]), at 100% and at the largest UI scale (150%).

mod common;

use std::collections::BTreeMap;

use bevy::prelude::*;
use common::Harness;
use gambit::game::SkillGame;
use gambit::screens::Screen;
use gambit::screens::skill_chess::{Action, MoveListScroll};
use gambit::ui::FocusKey;
use gambit_skills::{SkillBoard, SkillConfig};

/// A node's rectangle on screen (the test window's scale factor is 1).
fn rect(node: &ComputedNode, at: &UiGlobalTransform) -> Rect {
    Rect::from_center_size(at.translation, node.size())
}

/// Every laid-out button's rectangle, by focus key.
fn button_rects(h: &mut Harness) -> BTreeMap<String, Rect> {
    let world = h.app.world_mut();
    let mut buttons = world.query_filtered::<(&FocusKey, &ComputedNode, &UiGlobalTransform), With<Button>>();
    buttons
        .iter(world)
        .filter(|(_, node, _)| node.size().x > 0.0)
        .map(|(k, node, at)| (k.0.clone(), rect(node, at)))
        .collect()
}

/// The buttons of skill chess that are not moves of the move list (those scroll by design).
fn fixed_buttons(h: &mut Harness) -> BTreeMap<String, Rect> {
    button_rects(h).into_iter().filter(|(k, _)| !k.contains("ReviewAt")).collect()
}

/// A two-player game of skill chess on the screen, laid out and its UI scale settled.
fn two_player_game(width: u32, height: u32, scale: f32) -> Harness {
    let mut h = Harness::with_layout(width, height);
    h.app.world_mut().resource_mut::<gambit::settings::Settings>().ui_scale = scale;
    h.update(3);
    let board = SkillBoard::new(SkillConfig::default()).expect("the default rules");
    h.app.world_mut().insert_resource(SkillGame::two_players(board, gambit_rules::Color::White, true));
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::SkillChess);
    // The screen's scale cap (`ui::scale::shrink_to_fit`) settles over a few layouts.
    h.update(12);
    assert_eq!(h.screen(), Screen::SkillChess);
    h
}

/// Plays one more move of a fixed, varied line (the `n`-th legal move in a turning order, never one
/// that ends the game); `false` when none is left.
fn play_a_move(h: &mut Harness, n: usize) -> bool {
    let moves: Vec<gambit_rules::Move> = h.game().board.legal_moves().iter().copied().collect();
    for k in 0..moves.len() {
        let m = moves[(n * 7 + k) % moves.len()];
        let mut probe = h.game().clone();
        if probe.apply(gambit_skills::Action::Move(m)).is_ok() && !probe.is_finished() {
            h.app.world_mut().insert_resource(probe);
            h.update(3);
            return true;
        }
    }
    false
}

/// The first row shown, the rows in view and the rows in all.
fn move_list(h: &Harness) -> (usize, usize, usize) {
    h.app.world().resource::<MoveListScroll>().shown
}

/// Skill chess at 1280x800 and 900x600, at 100% and 150%: through a game of 40 moves (and a Freeze,
/// whose cooldown changes its button's text), every button but the move list's stays where it was and
/// inside the window, the layout check finds nothing, and the newest move is always in the list.
#[test]
fn a_long_game_moves_no_skill_chess_button() {
    for (width, height, scale) in [(1280, 800, 1.5), (900, 600, 1.5), (1280, 800, 1.0), (900, 600, 1.0)] {
        let at = format!("{width}x{height} at {}%", scale * 100.0);
        let mut h = two_player_game(width, height, scale);
        let before = fixed_buttons(&mut h);
        for key in ["ExportPgn", "Resign", "Title", "Undo", "Cast(Freeze)", "Cast(Teleport)", "BackToGame"] {
            assert!(before.keys().any(|k| k.ends_with(key)), "{at}: no {key} in {:?}", before.keys());
        }
        let window = Rect::new(0.0, 0.0, width as f32, height as f32);
        for n in 0..40 {
            if n == 3 {
                // A Freeze: the mover's Freeze button now counts its cooldown.
                let position = h.game().board.position().clone();
                let them = position.turn().other();
                let target = gambit_rules::Square::all()
                    .find(|&s| {
                        position
                            .piece_at(s)
                            .is_some_and(|p| p.color == them && p.role == gambit_rules::Role::Pawn)
                    })
                    .expect("a pawn of the other side");
                h.board(gambit::board::BoardInput::Command(format!("fz {target}")));
                h.update(2);
                assert!(
                    h.game().listed.iter().any(|e| e.text.starts_with("fz")),
                    "{at}: the Freeze was cast"
                );
            }
            assert!(play_a_move(&mut h, n), "{at}: a move to play at {n}");
            let after = fixed_buttons(&mut h);
            for (key, r) in &before {
                let now = after.get(key).unwrap_or_else(|| panic!("{at}, move {n}: {key} is gone"));
                assert!(
                    (now.min - r.min).length() < 0.5 && (now.size() - r.size()).length() < 0.5,
                    "{at}, move {n}: {key} moved from {r:?} to {now:?}"
                );
                assert!(
                    now.min.x >= -0.5
                        && now.min.y >= -0.5
                        && now.max.x <= window.max.x + 0.5
                        && now.max.y <= window.max.y + 0.5,
                    "{at}, move {n}: {key} {now:?} is not inside the window"
                );
            }
            let listed = h.game().listed.len();
            let newest = format!("ReviewAt({listed})");
            assert!(
                button_rects(&mut h).keys().any(|k| k.ends_with(&newest)),
                "{at}, move {n}: the newest move is not in view"
            );
            let found = gambit::ui::layout_check::violations(h.app.world_mut());
            assert!(found.is_empty(), "{at}, move {n}: {found:#?}");
        }
        let (first, fit, total) = move_list(&h);
        assert!(
            total > fit && first + fit == total,
            "{at}: the list scrolled to its end: {first}, {fit}, {total}"
        );
        assert!(fit >= 3, "{at}: {fit} rows in view");
    }
}

/// The wheel (its action) scrolls the move list back; a new move brings the newest move back into
/// view; while scrolled, no button but the list's moves.
#[test]
fn the_move_list_scrolls_and_follows_the_game() {
    let mut h = two_player_game(1280, 800, 1.0);
    for n in 0..36 {
        assert!(play_a_move(&mut h, n));
    }
    let before = fixed_buttons(&mut h);
    let (first, fit, total) = move_list(&h);
    assert_eq!(first + fit, total, "the newest rows are in view");
    h.send(Action::ScrollMoves(-3));
    h.update(2);
    assert_eq!(move_list(&h), (first - 3, fit, total), "three rows back");
    let listed = h.game().listed.len();
    let keys = button_rects(&mut h);
    assert!(!keys.keys().any(|k| k.ends_with(&format!("ReviewAt({listed})"))), "the newest is scrolled away");
    assert!(keys.keys().any(|k| k.contains("ReviewAt(")), "earlier moves are shown");
    // Scrolling past the start stops at the first row.
    h.send(Action::ScrollMoves(-1000));
    h.update(2);
    assert_eq!(move_list(&h).0, 0);
    assert!(button_rects(&mut h).keys().any(|k| k.ends_with("ReviewAt(1)")), "the first move is shown");
    assert_eq!(fixed_buttons(&mut h), before, "scrolling moved a button");
    // A review and back: the newest rows again, not the rows scrolled to before.
    h.send(Action::ReviewAt(5));
    h.send(Action::BackToGame);
    h.update(2);
    let (first, fit, total) = move_list(&h);
    assert_eq!(first + fit, total, "back from the review, the newest rows are in view");
    h.send(Action::ScrollMoves(-2));
    h.update(2);
    // A new move: the newest rows again.
    assert!(play_a_move(&mut h, 99));
    let (first, fit, total) = move_list(&h);
    assert_eq!(first + fit, total, "the newest rows are back in view");
    let listed = h.game().listed.len();
    assert!(button_rects(&mut h).keys().any(|k| k.ends_with(&format!("ReviewAt({listed})"))));
}

/// The header's chances line (`White's chances: 48%`).
fn chances_line(h: &mut Harness) -> String {
    h.texts().into_iter().find(|t| t.contains("chances:")).expect("a chances line")
}

/// Reviewing an earlier position shows that position's winning chances (never the live game's), and
/// the live game's come back at once when the review ends.
#[test]
fn the_review_shows_the_reviewed_positions_chances() {
    use gambit::game::PlayerInput;
    use gambit::game::chances::WinningChances;
    use gambit_search::CHANCES_NODES;
    let mut h = Harness::new();
    let board = SkillBoard::new(SkillConfig::default()).expect("the default rules");
    let mut game = SkillGame::two_players(board, gambit_rules::Color::White, true);
    // White gives its queen away: 1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7.
    for san in ["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7"] {
        let m = game.board.position().parse_san(san).expect("a legal move");
        game.apply(gambit_skills::Action::Move(m)).expect("legal");
    }
    h.app.world_mut().insert_resource(game);
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::SkillChess);
    h.update(3);
    let wait = |h: &mut Harness| {
        for _ in 0..3000 {
            h.app.update();
            let input = h.app.world().resource::<PlayerInput>().clone();
            let reading = h.app.world().resource::<WinningChances>().of_shown(h.game(), &input).copied();
            if let Some(c) = reading {
                h.update(2);
                return c;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        panic!("the winning chances were never read");
    };
    let live = wait(&mut h);
    assert_eq!(live, gambit_search::winning_chances(&h.game().board, CHANCES_NODES, None));
    let live_line = chances_line(&mut h);
    // Review the position after 2... Nc6, before the queen was lost.
    h.send(Action::ReviewAt(4));
    assert_eq!(h.app.world().resource::<PlayerInput>().review, Some(4));
    let reviewed = wait(&mut h);
    let (board, _) = h.game().board_after(4).expect("the reviewed position");
    assert_eq!(reviewed, gambit_search::winning_chances(&board, CHANCES_NODES, None));
    assert_ne!(reviewed.white, live.white, "the two positions read differently");
    let reviewed_line = chances_line(&mut h);
    assert_ne!(reviewed_line, live_line, "the header shows the reviewed reading");
    // Back to the game: the live reading at once.
    h.send(Action::BackToGame);
    assert_eq!(chances_line(&mut h), live_line);
}

/// Every step of every tutorial lesson at the largest UI scale (1280x800 and 900x600): the layout
/// check finds nothing, the feedback line and the log each keep their own box (never one over the
/// other, the log at least two lines high), and the lesson's buttons (Restart, Next lesson, Leave,
/// Finish) stay on one height from the first step to the lesson's end (Leave moved up about 45 px when
/// a lesson ended).
#[test]
fn the_tutorial_feedback_and_log_have_their_own_room_at_150_percent() {
    use gambit::screens::tutorial::TutorialSession;
    for (width, height) in [(1280, 800), (900, 600)] {
        let mut h = Harness::with_layout(width, height);
        h.app.world_mut().resource_mut::<gambit::settings::Settings>().ui_scale = 1.5;
        h.update(3);
        for lesson in 0..gambit_roguelite::tutorial::LESSON_COUNT {
            h.app.world_mut().insert_resource(TutorialSession::start(lesson));
            h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Tutorial);
            h.update(12);
            let mut buttons_at: Option<f32> = None;
            loop {
                let at = format!("lesson {} at {width}x{height}", lesson + 1);
                {
                    use gambit::screens::tutorial::Action as Lesson;
                    let world = h.app.world_mut();
                    let mut lesson_buttons = world.query::<(&Lesson, &ComputedNode, &UiGlobalTransform)>();
                    for (action, node, place) in lesson_buttons.iter(world) {
                        if matches!(action, Lesson::Restart | Lesson::Next | Lesson::Leave) {
                            let top = rect(node, place).min.y;
                            let first = *buttons_at.get_or_insert(top);
                            assert!(
                                (top - first).abs() < 0.5,
                                "{at}: {action:?} at {top}, the row was at {first}"
                            );
                        }
                    }
                }
                let found = gambit::ui::layout_check::violations(h.app.world_mut());
                assert!(found.is_empty(), "{at}: {found:#?}");
                let world = h.app.world_mut();
                let mut named = world.query::<(Entity, &Name, &ComputedNode, &UiGlobalTransform)>();
                let (log_entity, log) = named
                    .iter(world)
                    .find(|(_, n, _, _)| n.as_str() == "Log")
                    .map(|(e, _, node, at)| (e, (rect(node, at), node.inverse_scale_factor())))
                    .expect("the log's box");
                let in_log = |world: &World, e: Entity| {
                    std::iter::successors(Some(e), |&x| world.get::<ChildOf>(x).map(ChildOf::parent))
                        .any(|x| x == log_entity)
                };
                let line = 1.9 * 1.2 * gambit::ui::scale::UNIT_PX / log.1;
                assert!(log.0.height() >= 2.0 * line - 1.0, "{at}: the log is {:?} high", log.0.height());
                let mut texts = world.query::<(Entity, &Text, &ComputedNode, &UiGlobalTransform)>();
                for (entity, text, node, at_) in texts.iter(world) {
                    let r = rect(node, at_);
                    if text.0.trim().is_empty()
                        || r.width() <= 0.0
                        || r.min.x < log.0.min.x - 1.0
                        || in_log(world, entity)
                    {
                        continue;
                    }
                    // A text of the panel above the log ends above it.
                    if r.max.y <= log.0.max.y && r.min.y < log.0.min.y {
                        assert!(
                            r.max.y <= log.0.min.y + 1.0,
                            "{at}: {:?} {r:?} reaches into the log {:?}",
                            text.0,
                            log.0
                        );
                    }
                }
                let session = h.app.world().resource::<TutorialSession>();
                if session.tutorial.is_complete() {
                    break;
                }
                let Some(action) = session.tutorial.walkthrough_action() else { break };
                h.app.world_mut().resource_mut::<TutorialSession>().act(action);
                h.update(4);
            }
        }
    }
}

/// The deployment before a boss's battle says so, with the boss's rule, as the map's card does.
#[test]
fn the_deployment_names_the_boss_and_its_rule() {
    use gambit::run::RunSession;
    use gambit_roguelite::bot::{EnemyTuning, StageTuning, auto_decision};
    use gambit_roguelite::{Run, RunConfig, RunPhase};
    // A weak enemy, so the player's fixed policy reaches the first boss.
    let config = RunConfig { tuning: EnemyTuning::custom(vec![1], vec![20], vec![0.0]), ..RunConfig::new(3) };
    let mut run = Run::new(config);
    let mut steps = 0;
    loop {
        if matches!(run.phase(), RunPhase::Deploy { .. }) && run.boss_rule().is_some() {
            break;
        }
        let decision = auto_decision(&run, StageTuning::new(1, 300, 1.0)).expect("the run goes on");
        run.apply(decision).expect("a legal decision");
        steps += 1;
        assert!(steps < 3000 && !run.is_over(), "the first boss was not reached");
    }
    let rule = run.boss_rule().expect("a boss");
    for (width, height) in [(1280, 800), (900, 600)] {
        let mut h = Harness::with_layout(width, height);
        h.update(3);
        let mut session = RunSession::new(run.clone());
        session.battle_end = None;
        h.app.world_mut().insert_resource(session);
        h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Deploy);
        h.update(6);
        assert_eq!(h.screen(), Screen::Deploy);
        let texts = h.texts();
        let line = texts.iter().find(|t| t.contains("Boss of act 1")).unwrap_or_else(|| panic!("{texts:?}"));
        assert!(line.contains(&rule.to_string()), "{line}");
        let found = gambit::ui::layout_check::violations(h.app.world_mut());
        assert!(found.is_empty(), "{width}x{height}: {found:#?}");
    }
}

/// A refusal in skill chess's message box wraps inside the panel and is shortened to fit (a typed
/// command's error ran past the window's right edge): at 1280x800 and 900x600, 100% and 150%, the
/// longest refusals stay inside the window and the layout check (text clipped by its box, outside
/// its parent or the window) finds nothing.
#[test]
fn long_refusals_wrap_inside_the_panel() {
    use gambit::game::PlayerInput;
    let typed = "z".repeat(32);
    for (width, height, scale) in [(1280, 800, 1.0), (900, 600, 1.0), (1280, 800, 1.5), (900, 600, 1.5)] {
        let at = format!("{width}x{height} at {}%", scale * 100.0);
        let mut h = two_player_game(width, height, scale);
        // A typed command neither a move nor a skill: the refusal the player saw run off the window.
        h.board(gambit::board::BoardInput::Command(typed.clone()));
        let refusal = h.input().message.clone().expect("a refusal");
        let longest_skill_error =
            "the piece on e4 may not capture the more valuable piece on e7 by teleport".to_string();
        let overlong = "every word of this refusal is long enough to need shortening ".repeat(4);
        for message in [refusal, longest_skill_error, overlong] {
            h.app.world_mut().resource_mut::<PlayerInput>().message = Some(message.clone());
            h.update(3);
            let world = h.app.world_mut();
            let mut texts = world.query::<(&Text, &ComputedNode, &UiGlobalTransform)>();
            let shown =
                gambit::screens::skill_chess::shorten(&message, gambit::screens::skill_chess::MESSAGE_CHARS);
            let r = texts
                .iter(world)
                .find(|(t, ..)| t.0 == shown)
                .map(|(_, node, t)| rect(node, t))
                .unwrap_or_else(|| panic!("{at}: {shown:?} is not shown"));
            assert!(
                r.min.x >= 0.0 && r.max.x <= width as f32 + 0.5 && r.max.y <= height as f32 + 0.5,
                "{at}: {shown:?} at {r:?} is not inside the window"
            );
            let found = gambit::ui::layout_check::violations(h.app.world_mut());
            assert!(found.is_empty(), "{at}: {message:?}: {found:#?}");
        }
    }
}

/// At 150% the deployment's board is not pressed into the window's corner: it lies a unit or more
/// from the window's left and top edges, and the side panel keeps its full width (52 units at the
/// scale shown), at 1280x800 and 900x600 (the board stood at the window's left edge, the panel filling
/// the rest or squeezed, and the scale cap saw nothing run off the window).
#[test]
fn at_150_percent_the_deployment_board_keeps_room_around_it() {
    use gambit::board::view::BoardRoot;
    use gambit::screens::deploy::DeployView;
    for (width, height) in [(1280, 800), (900, 600)] {
        let mut h = Harness::with_layout(width, height);
        h.app.world_mut().resource_mut::<gambit::settings::Settings>().ui_scale = 1.5;
        h.update(3);
        for step in ["run-start", "map-start", "deploy"] {
            gambit::screenshot::set_up(h.app.world_mut(), step);
            h.update(6);
            h.settle();
        }
        h.update(4);
        assert_eq!(h.screen(), Screen::Deploy);
        let scale = h.app.world().resource::<UiScale>().0;
        let world = h.app.world_mut();
        let mut boards = world.query_filtered::<(&ComputedNode, &UiGlobalTransform), With<BoardRoot>>();
        let board = boards
            .single(world)
            .map(|(n, at)| Rect::from_center_size(at.translation, n.size()))
            .expect("a board");
        let mut panels = world
            .query_filtered::<(&ComputedNode, &UiGlobalTransform), With<gambit::ui::Section<DeployView>>>();
        let panel = panels
            .single(world)
            .map(|(n, at)| Rect::from_center_size(at.translation, n.size()))
            .expect("a panel");
        let at = format!("{width}x{height} at a UI scale of {scale}");
        let unit = 8.0 * scale;
        assert!((panel.width() - 52.0 * unit).abs() < 1.0, "{at}: the panel is squeezed: {panel:?}");
        assert!(
            board.min.x >= unit - 0.5 && board.min.y >= unit - 0.5,
            "{at}: the board is in the corner: {board:?}"
        );
        assert!(panel.max.x <= width as f32, "{at}: {panel:?}");
        let found = gambit::ui::layout_check::violations(h.app.world_mut());
        assert!(found.is_empty(), "{at}: {found:#?}");
    }
}
