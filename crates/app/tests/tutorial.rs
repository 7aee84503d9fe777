//! Headless tests of the tutorial (issue 16, section 3) and of the replay of a recorded run (section
//! 2): driven from the title screen through the buttons and the board, as a player drives them.

mod common;

use bevy::prelude::*;
use common::Harness;
use gambit::board::{BoardInput, BoardScene};
use gambit::run::Profile;
use gambit::screens::replay::{Action as ReplayAction, ReplaySession};
use gambit::screens::tutorial::{Action as TutorialAction, TutorialSession};
use gambit::screens::{Screen, how_to_play, records, title};
use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, play_auto};
use gambit_roguelite::save::{PROGRESS_FILE, progress_from_json};
use gambit_roguelite::tutorial::{LESSON_COUNT, TutorialState};
use gambit_roguelite::{BattleAction, RunConfig};
use gambit_skills::Skill;

/// Whether some text on screen contains `needle`.
fn on_screen(h: &mut Harness, needle: &str) -> bool {
    let world = h.app.world_mut();
    let mut texts = world.query::<&Text>();
    texts.iter(world).any(|t| t.0.contains(needle))
}

fn session(h: &Harness) -> &TutorialSession {
    h.app.world().resource::<TutorialSession>()
}

fn saved_tutorial_state(h: &Harness) -> TutorialState {
    let text = std::fs::read_to_string(h.path().join(PROGRESS_FILE)).unwrap();
    progress_from_json(&text).unwrap().tutorial
}

/// Plays the walkthrough's next action the way a player does: a skill button, then clicks on the
/// board.
fn play_next(h: &mut Harness) {
    let t = &session(h).tutorial;
    let action = t.walkthrough_action().expect("the walkthrough goes on");
    let square_of = |id| t.battle().unit(id).unwrap().square;
    match action {
        BattleAction::Move { id, to } => {
            let from = square_of(id);
            h.board(BoardInput::Pressed(from));
            h.board(BoardInput::Pressed(to));
        }
        BattleAction::Teleport { id, to } => {
            let from = square_of(id);
            h.press(TutorialAction::Cast(Skill::Teleport));
            h.board(BoardInput::Pressed(from));
            h.board(BoardInput::Pressed(to));
        }
        BattleAction::Freeze { square } => {
            h.press(TutorialAction::Cast(Skill::Freeze));
            h.board(BoardInput::Pressed(square));
        }
        other => panic!("the walkthrough has no {other:?}"),
    }
}

#[test]
fn the_first_launch_offers_the_tutorial_which_is_played_to_the_end() {
    let mut h = Harness::new();
    assert_eq!(h.screen(), Screen::Title);
    assert!(on_screen(&mut h, "Three short battles"));
    // Offered once: recorded as soon as it is shown.
    assert_eq!(saved_tutorial_state(&h), TutorialState::Offered);
    h.press(title::Action::Tutorial);
    assert_eq!(h.screen(), Screen::Tutorial);
    for lesson in 0..LESSON_COUNT {
        assert_eq!(session(&h).tutorial.index(), lesson);
        let steps = session(&h).tutorial.lesson().steps;
        assert!(on_screen(&mut h, steps[0].instruction), "lesson {lesson}: the first instruction is shown");
        let mut actions = 0;
        while !session(&h).tutorial.is_complete() {
            let step = session(&h).tutorial.step_index();
            play_next(&mut h);
            actions += 1;
            assert!(actions < 10, "lesson {lesson} does not end");
            let now = session(&h).tutorial.step_index();
            if now > step {
                // The panel reacts to what the player did, then says what comes next.
                assert!(on_screen(&mut h, steps[now - 1].reaction), "lesson {lesson} step {step}");
                if let Some(next) = steps.get(now) {
                    assert!(on_screen(&mut h, next.instruction), "lesson {lesson} step {now}");
                }
            }
        }
        if lesson + 1 < LESSON_COUNT {
            h.press(TutorialAction::Next);
        }
    }
    assert!(on_screen(&mut h, "The tutorial is complete"));
    h.press(TutorialAction::Leave);
    assert_eq!(h.screen(), Screen::Title);
    assert_eq!(saved_tutorial_state(&h), TutorialState::Completed);
    // The next launch does not offer it again.
    let mut again = Harness::in_dir(h.dir);
    assert!(!on_screen(&mut again, "Three short battles"));
}

#[test]
fn not_now_is_recorded_and_how_to_play_still_reaches_the_tutorial() {
    let mut h = Harness::new();
    h.press(title::Action::NotNow);
    assert!(!on_screen(&mut h, "Three short battles"));
    assert_eq!(saved_tutorial_state(&h), TutorialState::Skipped);
    h.press(title::Action::HowToPlay);
    h.press(how_to_play::Action::Tutorial);
    assert_eq!(h.screen(), Screen::Tutorial);
    // The first step is done; Restart starts the lesson again.
    play_next(&mut h);
    assert_eq!(session(&h).tutorial.step_index(), 1);
    h.press(TutorialAction::Restart);
    assert_eq!(session(&h).tutorial.step_index(), 0);
    assert_eq!(session(&h).tutorial.battle().moves_used(), 0);
    // Escape with nothing selected leaves; the tutorial stays skipped.
    h.key(KeyCode::Escape);
    h.update(2);
    assert_eq!(h.screen(), Screen::Title);
    assert_eq!(saved_tutorial_state(&h), TutorialState::Skipped);
}

/// A profile in `h`'s data directory with one finished run recorded by the app's own path (its
/// replay file kept) and one record from before replays.
fn profile_with_runs(h: &mut Harness) -> u32 {
    let run = play_auto(RunConfig::new(21), AUTO_PLAYER_TUNING, |_, _| {});
    assert!(run.is_over());
    let battles = u32::try_from(run.stats().battles.len()).unwrap();
    let mut profile = h.app.world_mut().resource_mut::<Profile>();
    // A record written before replays (no key): no replay.
    let mut old = run.summary();
    old.key.seed = 99;
    profile.progress.record_run(&old);
    profile.progress.history[0].decisions = None;
    gambit::run::record_finished(&mut profile, &run, &run.summary());
    profile.save_progress().unwrap();
    battles
}

#[test]
fn a_recorded_run_is_replayed_battle_by_battle() {
    let mut h = Harness::new();
    let battles = profile_with_runs(&mut h);
    h.press(title::Action::Records);
    assert_eq!(h.screen(), Screen::Records);
    // The newest run (index 1 in the history) has a replay.
    h.press(records::Action::Replay(1));
    assert_eq!(h.screen(), Screen::Replay);
    let replay = h.app.world().resource::<ReplaySession>().clone();
    let list = replay.battles.as_ref().expect("the run's replay file is kept");
    assert_eq!(list.len() as u32, battles);
    let first = &list[0];
    assert!(on_screen(&mut h, "Start:"));
    // The board shows the start, then each step.
    let pieces = |scene: &BoardScene| scene.cells.iter().filter(|c| c.piece.is_some()).count();
    let start_pieces = first.start().units().iter().filter(|u| u.alive).count();
    assert_eq!(pieces(h.app.world().resource::<BoardScene>()), start_pieces);
    h.press(ReplayAction::Next);
    h.key(KeyCode::ArrowRight);
    h.update(2);
    assert_eq!(h.app.world().resource::<ReplaySession>().at, 2);
    assert!(on_screen(&mut h, "Action 2 of"));
    h.key(KeyCode::ArrowLeft);
    h.update(2);
    assert_eq!(h.app.world().resource::<ReplaySession>().at, 1);
    h.press(ReplayAction::End);
    let end = first.end();
    let scene = h.app.world().resource::<BoardScene>().clone();
    for unit in end.units().iter().filter(|u| u.alive) {
        assert!(scene.cells[unit.square.index() as usize].piece.is_some(), "{} on the board", unit.square);
    }
    assert_eq!(pieces(&scene), end.units().iter().filter(|u| u.alive).count());
    if battles > 1 {
        h.press(ReplayAction::Pick(1));
        let s = h.app.world().resource::<ReplaySession>();
        assert_eq!((s.battle, s.at), (1, 0));
    }
    h.key(KeyCode::Escape);
    h.update(2);
    assert_eq!(h.screen(), Screen::Records);
    // The record from before replays says so.
    h.press(records::Action::Replay(0));
    assert_eq!(h.screen(), Screen::Replay);
    assert!(on_screen(&mut h, "No replay available"));
    h.press(ReplayAction::Back);
    assert_eq!(h.screen(), Screen::Records);
}

/// How many of the board's animations run now: slides, effects of `kind` (by a predicate) and
/// appearances.
fn animations(h: &mut Harness, kind: fn(&gambit::board::anim::EffectKind) -> bool) -> (usize, usize, usize) {
    use gambit::board::anim::{Appear, Effect};
    use gambit::board::slide::Slide;
    let world = h.app.world_mut();
    let slides = world.query::<&Slide>().iter(world).count();
    let effects = world.query::<&Effect>().iter(world).filter(|e| kind(&e.kind)).count();
    let appears = world.query::<&Appear>().iter(world).count();
    (slides, effects, appears)
}

/// Starts lesson `lesson` (0-based) on the tutorial screen.
fn lesson(h: &mut Harness, lesson: usize) {
    h.app.world_mut().insert_resource(TutorialSession::start(lesson));
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Tutorial);
    h.update(4);
}

/// The board animates every journey of an action, also when the enemy replies at once (the scene
/// then changes once, and only the enemy's move used to be animated: the player's piece jumped, a
/// teleport did not vanish): the player's move and the enemy's reply both slide, a teleport vanishes
/// and reappears. With reduced motion nothing moves.
#[test]
fn the_players_action_and_the_enemys_reply_are_both_animated_unless_motion_is_reduced() {
    use gambit::board::anim::EffectKind;
    let mut h = Harness::with_layout(1280, 800);
    // The clock stands still: the animations started stay to be counted however slow the frames.
    h.app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(std::time::Duration::ZERO));
    h.update(3);
    lesson(&mut h, 0);
    play_next(&mut h);
    assert_eq!(session(&h).travels.len(), 2, "the rook's move and the enemy's reply");
    let (slides, _, _) = animations(&mut h, |_| false);
    assert_eq!(slides, 2, "both moves slide");
    lesson(&mut h, 1);
    play_next(&mut h);
    assert!(session(&h).travels.first().is_some_and(|t| t.teleport), "{:?}", session(&h).travels);
    let (slides, vanish, appear) = animations(&mut h, |k| matches!(k, EffectKind::Vanish(_)));
    assert_eq!((vanish, appear), (1, 1), "the teleported rook vanishes and reappears");
    assert_eq!(slides, 1, "the enemy's reply slides");
    // With reduced motion, the same actions move nothing (the running animations stopped first).
    {
        use gambit::board::anim::{Appear, Effect};
        use gambit::board::slide::Slide;
        let world = h.app.world_mut();
        let running: Vec<Entity> = world.query_filtered::<Entity, With<Effect>>().iter(world).collect();
        for e in running {
            world.entity_mut(e).despawn();
        }
        let moving: Vec<Entity> =
            world.query_filtered::<Entity, Or<(With<Slide>, With<Appear>)>>().iter(world).collect();
        for e in moving {
            world.entity_mut(e).remove::<(Slide, Appear)>();
        }
        world.resource_mut::<gambit::settings::Settings>().reduced_motion = true;
    }
    h.update(2);
    for l in [0, 1] {
        lesson(&mut h, l);
        play_next(&mut h);
        assert_eq!(animations(&mut h, |_| true), (0, 0, 0), "lesson {}: something moved", l + 1);
    }
}

/// The text of the line on screen containing `needle`, and its colour.
fn text_colour(h: &mut Harness, needle: &str) -> Option<Color> {
    let world = h.app.world_mut();
    let mut texts = world.query::<(&Text, &TextColor)>();
    texts.iter(world).find(|(t, _)| t.0.contains(needle)).map(|(_, c)| c.0)
}

/// The tutorial's targeting prompts (what to click next) are drawn in the accent colour, as in a
/// battle; a refusal in the error colour (the Teleport prompt was red like an error).
#[test]
fn the_tutorials_targeting_prompt_is_not_drawn_as_an_error() {
    let palette = gambit::palette::STANDARD;
    let mut h = Harness::new();
    let mut checked = false;
    'lessons: for n in 0..LESSON_COUNT {
        lesson(&mut h, n);
        for _ in 0..20 {
            let t = &session(&h).tutorial;
            let Some(action) = t.walkthrough_action() else { break };
            if let BattleAction::Teleport { id, .. } = action {
                let from = t.battle().unit(id).unwrap().square;
                h.press(TutorialAction::Cast(Skill::Teleport));
                h.update(2);
                assert_eq!(text_colour(&mut h, "Teleport: click a marked square"), Some(palette.accent));
                h.board(BoardInput::Pressed(from));
                h.update(2);
                assert_eq!(text_colour(&mut h, "Teleport: now click where it goes"), Some(palette.accent));
                // A square that is no destination: refused, in the error colour.
                let battle = session(&h).tutorial.battle();
                let blocked = gambit_rules::Square::all()
                    .find(|&s| {
                        battle.position().is_blocked(s) || battle.unit_at(s).is_some_and(|u| u.id == id)
                    })
                    .unwrap();
                h.board(BoardInput::Pressed(blocked));
                h.update(2);
                assert_eq!(text_colour(&mut h, "is not a marked square"), Some(palette.error));
                checked = true;
                break 'lessons;
            }
            play_next(&mut h);
            h.update(2);
        }
    }
    assert!(checked, "a lesson teleports");
}
