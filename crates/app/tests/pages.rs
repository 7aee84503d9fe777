//! What the title's pages say (headless, no layout): the records count finished runs and name the run
//! in progress apart.

mod common;

use common::Harness;
use gambit::screens::{Screen, records, title};

/// With a run in progress and none finished, the records say that no run finished and where the run
/// in progress stands, and show no totals of finished runs ("battles won: 0" read as if the battles of
/// the run in progress were lost); the numbers shown are the profile's (`Progress::stats`).
#[test]
fn the_records_name_the_run_in_progress_apart_from_the_finished_runs() {
    let mut h = Harness::new();
    h.press(title::Action::NotNow);
    h.press(title::Action::Records);
    assert_eq!(h.screen(), Screen::Records);
    let texts = h.texts();
    assert!(texts.iter().any(|t| t == "No run finished yet."), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains("in progress")), "no run yet: {texts:?}");
    h.press(records::Action::Back);
    // A run begun, then left for the title (it is saved).
    h.press(title::Action::NewRun);
    h.settle();
    assert!(h.screen().is_run_screen(), "{:?}", h.screen());
    h.app.world_mut().resource_mut::<bevy::prelude::NextState<Screen>>().set(Screen::Title);
    h.update(3);
    h.press(title::Action::Records);
    let texts = h.texts();
    let standing =
        h.app.world().resource::<gambit::run::Profile>().resume_run().0.expect("the run is saved").standing();
    assert!(texts.iter().any(|t| t == "Run in progress"), "{texts:?}");
    assert!(
        texts.iter().any(|t| t.starts_with(&standing) && t.contains("counted here when it ends")),
        "{standing}: {texts:?}"
    );
    assert!(texts.iter().any(|t| t == "None yet."), "no finished run: {texts:?}");
    assert!(!texts.iter().any(|t| t.contains("battles won:")), "no totals of finished runs: {texts:?}");
    // The profile's totals once a run finished.
    let stats = {
        let mut profile = h.app.world_mut().resource_mut::<gambit::run::Profile>();
        profile.progress.stats.runs = 2;
        profile.progress.stats.victories = 1;
        profile.progress.stats.battles_won = 5;
        profile.progress.stats.clone()
    };
    h.update(2);
    let texts = h.texts();
    let line = format!("{} won, {} lost; battles won: {}", stats.victories, 1, stats.battles_won);
    assert!(texts.contains(&line), "{line}: {texts:?}");
    assert!(!texts.iter().any(|t| t == "None yet."), "{texts:?}");
}

/// Once the tutorial offer is answered, the title's question room shows a tip from the library's
/// guide instead of staying an empty band across the panel.
#[test]
fn the_title_shows_a_tip_once_the_offer_is_answered() {
    let mut h = Harness::new();
    let offered = h.texts();
    assert!(!offered.iter().any(|t| t.starts_with("Tip: ")), "the offer first: {offered:?}");
    h.press(title::Action::NotNow);
    h.update(2);
    let texts = h.texts();
    let tips = gambit_roguelite::guide::tips();
    assert!(texts.iter().any(|t| tips.contains(t)), "{texts:?}");
}
