//! Ranks, typed seeds and the daily run on the run-start screen, driven as a player drives them:
//! the screen's buttons and typed digits.

mod common;

use bevy::prelude::*;
use common::Harness;
use gambit::run::{Profile, RunSession};
use gambit::screens::Screen;
use gambit::screens::{run_start, title};
use gambit_roguelite::Run;
use gambit_roguelite::rank::Rank;
use gambit_roguelite::save::{PROGRESS_FILE, progress_from_json};
use gambit_roguelite::seed::Date;

fn session(h: &Harness) -> &RunSession {
    h.app.world().resource::<RunSession>()
}

fn progress(h: &Harness) -> &gambit_roguelite::save::Progress {
    &h.app.world().resource::<Profile>().progress
}

/// Whether a button with `action` is on screen.
fn offered(h: &mut Harness, action: run_start::Action) -> bool {
    let world = h.app.world_mut();
    let mut buttons = world.query::<&run_start::Action>();
    buttons.iter(world).any(|a| *a == action)
}

/// A rank chosen on the run start and a seed typed there start the run the roguelite gives for that
/// seed, that rank and the profile's unlocks.
#[test]
fn a_typed_seed_and_rank_start_the_roguelites_run() {
    let mut h = Harness::new();
    let rank = Rank::new(2).unwrap();
    h.app.world_mut().resource_mut::<Profile>().progress.rank_unlocked = rank;
    h.press(title::Action::NewRun);
    h.update(2);
    assert_eq!(h.screen(), Screen::RunStart);
    assert!(!offered(&mut h, run_start::Action::Rank(Rank::new(3).unwrap())), "rank 3 is locked");
    h.press(run_start::Action::Rank(rank));
    for key in [KeyCode::Digit9, KeyCode::Digit0, KeyCode::Digit2, KeyCode::Digit1, KeyCode::Digit7] {
        h.key(key);
    }
    h.press(run_start::Action::UseSeed);
    let expected = Run::new(progress(&h).ranked_run_config(90_217, rank).unwrap());
    let run = &session(&h).run;
    assert_eq!(run.config(), expected.config());
    assert_eq!(run.phase(), expected.phase());
    assert_eq!((run.config().seed, run.config().rank.rank), (90_217, rank));
}

/// Today's daily run (its seed from the UTC date, base unlocks) can be started once: the attempt is
/// saved at once, and the run start no longer offers it (nor takes it) that day. Yesterday's attempt
/// does not count.
#[test]
fn the_daily_run_is_played_once_per_utc_date() {
    let mut h = Harness::new();
    let today = Date::today_utc();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let yesterday = Date::from_unix_seconds(now - 86_400);
    assert!(yesterday < today);
    h.app.world_mut().resource_mut::<Profile>().progress.last_daily = Some(yesterday);
    h.app.world_mut().resource_mut::<Profile>().progress.unlocked = vec!["deeper_pockets".to_string()];
    h.press(title::Action::NewRun);
    h.update(2);
    h.press(run_start::Action::Daily);
    assert_eq!(session(&h).run.config(), &today.daily_config());
    assert!(session(&h).run.config().unlocks.is_empty(), "base unlocks for everyone");
    assert_eq!(progress(&h).last_daily, Some(today));
    let saved = h.app.world().resource::<Profile>().dir.store().load(PROGRESS_FILE, progress_from_json);
    assert_eq!(saved.value.unwrap().last_daily, Some(today), "the attempt is saved before the run");

    h.press(run_start::Action::Title);
    h.press(title::Action::NewRun);
    // The daily run is saved: New Run asks first; giving it up does not give the date back.
    h.press(title::Action::AbandonAndStart);
    h.update(2);
    assert!(!offered(&mut h, run_start::Action::Daily), "one attempt per date");
    h.send(run_start::Action::Daily);
    assert_ne!(session(&h).run.config().daily, Some(today), "a second attempt is refused");
    assert!(h.app.world().resource::<run_start::RunStartChoice>().message.is_some(), "and says why");
}
