//! A monkey test: thousands of random button presses, board clicks, drags and keys across every screen in a headless app
//! with a fixed seed. Nothing may panic, and every file the game wrote must still load cleanly.

mod common;

use bevy::input_focus::tab_navigation::TabGroup;
use bevy::prelude::*;
use common::Harness;
use gambit::board::BoardInput;
use gambit::menus::Menu;
use gambit::ui::{Activate, Disabled, FocusKey};
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

/// The enabled buttons a pointer can reach (those of the open menu, if any), but the ones that quit
/// the game.
fn buttons(h: &mut Harness) -> Vec<Entity> {
    let in_menu = *h.app.world().resource::<State<Menu>>().get() != Menu::None;
    let mut query = h.app.world_mut().query_filtered::<(Entity, &FocusKey), Without<Disabled>>();
    let world = h.app.world();
    let modal_layer = |e: Entity| {
        let mut at = e;
        while let Some(parent) = world.get::<ChildOf>(at) {
            at = parent.parent();
            if let Some(group) = world.get::<TabGroup>(at) {
                return group.modal;
            }
        }
        false
    };
    query
        .iter(world)
        .filter(|(e, key)| {
            !key.0.ends_with("::Exit") && !key.0.ends_with("::Quit") && modal_layer(*e) == in_menu
        })
        .map(|(e, _)| e)
        .collect()
}

#[test]
fn random_input_never_panics_and_saves_stay_valid() {
    let mut h = Harness::new();
    let mut rng = ChaCha8Rng::seed_from_u64(20261130);
    let square = |rng: &mut ChaCha8Rng| Square::new(rng.gen_range(0..64)).unwrap();
    let mut visited = std::collections::BTreeMap::new();
    for _ in 0..STEPS {
        // Off the board screens, board clicks do nothing: press buttons and keys there instead.
        let roll = rng.gen_range(0..10);
        let roll = if h.screen().has_board() { roll } else { [0, 1, 2, 3, 0, 1, 2, 3, 8, 9][roll] };
        match roll {
            0..=3 => {
                // A click on a random button: the same `Activate` as the pointer and Enter.
                let buttons = buttons(&mut h);
                if !buttons.is_empty() {
                    let entity = buttons[rng.gen_range(0..buttons.len())];
                    if std::env::var("MONKEY_TRACE").is_ok() {
                        eprintln!("press {:?}", h.app.world().get::<FocusKey>(entity));
                    }
                    h.app.world_mut().trigger(Activate { entity });
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
                if std::env::var("MONKEY_TRACE").is_ok() {
                    eprintln!("key {key:?}");
                }
                h.key(key);
            }
        }
        h.app.update();
        // Let worker threads (the engine, run decisions) finish before the next input, so the walk is
        // the same on every run and every machine.
        h.settle();
        *visited.entry(format!("{:?}", h.screen())).or_insert(0) += 1;
        if std::env::var("MONKEY_TRACE").is_ok() {
            let menu = *h.app.world().resource::<State<Menu>>().get();
            eprintln!("{roll} {:?} {menu:?} {}", h.screen(), buttons(&mut h).len());
        }
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
    eprintln!("the monkey saw {} screens (steps on each): {visited:?}", visited.len());
    assert!(visited.len() >= 8, "the monkey saw only {visited:?}");
    // The screens it visited wrote their files.
    let files: Vec<String> = std::fs::read_dir(h.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into())
        .collect();
    assert!(files.iter().any(|f| f == "settings.json"), "{files:?}");
}
