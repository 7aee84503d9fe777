//! A monkey test: thousands of random clicks, drags and keys across every screen in a headless app
//! with a fixed seed. Nothing may panic, and every file the game wrote must still load cleanly.

mod common;

use bevy::prelude::*;
use common::Harness;
use gambit::board::BoardInput;
use gambit::ui::{Disabled, UiAction};
use gambit_roguelite::save::{PROGRESS_FILE, RUN_FILE, progress_from_json, run_from_json};
use gambit_rules::Square;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const STEPS: usize = 3000;

const KEYS: [KeyCode; 14] = [
    KeyCode::Escape,
    KeyCode::Tab,
    KeyCode::Enter,
    KeyCode::Space,
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
    KeyCode::KeyT,
    KeyCode::KeyF,
    KeyCode::KeyS,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Slash,
];

fn visible_actions(h: &mut Harness) -> Vec<UiAction> {
    let mut query = h.app.world_mut().query_filtered::<&UiAction, Without<Disabled>>();
    query.iter(h.app.world()).filter(|a| **a != UiAction::Exit).cloned().collect()
}

#[test]
fn random_input_never_panics_and_saves_stay_valid() {
    let mut h = Harness::new();
    let mut rng = ChaCha8Rng::seed_from_u64(20261130);
    let square = |rng: &mut ChaCha8Rng| Square::new(rng.gen_range(0..64)).unwrap();
    let mut visited = std::collections::HashSet::new();
    for _ in 0..STEPS {
        match rng.gen_range(0..10) {
            0..=3 => {
                let actions = visible_actions(&mut h);
                if !actions.is_empty() {
                    let a = actions[rng.gen_range(0..actions.len())].clone();
                    h.app.world_mut().write_message(a);
                }
            }
            4..=6 => {
                let s = square(&mut rng);
                h.app.world_mut().write_message(BoardInput::Pressed(s));
            }
            7 => {
                let (from, to) = (square(&mut rng), square(&mut rng));
                h.app.world_mut().write_message(BoardInput::Dropped { from, to });
            }
            _ => {
                let key = KEYS[rng.gen_range(0..KEYS.len())];
                h.app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(key);
                h.app.update();
                h.app.world_mut().resource_mut::<ButtonInput<KeyCode>>().release(key);
            }
        }
        h.app.update();
        // Let worker threads (the engine, run decisions) finish before the next input, so the walk is
        // the same on every run and every machine.
        h.settle();
        visited.insert(h.screen());
    }
    // Every file the monkey left loads as it is.
    let dir = gambit::storage::DataDir::at(h.path());
    let progress = dir.store().load(PROGRESS_FILE, progress_from_json);
    assert!(progress.problem.is_none(), "{:?}", progress.message());
    let run = dir.store().load(RUN_FILE, run_from_json);
    assert!(run.problem.is_none(), "{:?}", run.message());
    if let Some(saved) = run.value {
        let resumed = saved.resume(gambit_roguelite::bot::Evaluation::default());
        assert!(resumed.stopped.is_none(), "{:?}", resumed.stopped);
    }
    assert!(gambit::settings::Settings::load(&dir).1.is_none());
    assert!(gambit::game::save::load(&dir).is_ok());
    eprintln!("the monkey saw {} screens: {visited:?}", visited.len());
    assert!(visited.len() >= 8, "the monkey saw only {visited:?}");
    // The screens it visited wrote their files.
    let files: Vec<String> = std::fs::read_dir(h.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into())
        .collect();
    assert!(files.iter().any(|f| f == "settings.json"), "{files:?}");
}
