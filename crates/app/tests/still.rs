//! The interface holds still under the pointer (issue 17, "layout that holds still"): at a UI scale
//! of 150% a screen's scale is decided before it is first shown and stays while the player is on it,
//! the pause menu does not move the screen behind it, the title's menu does not move when its
//! question box comes or goes, and the save-failure banner moves nothing when it comes or goes. Headless, with Bevy's UI layout ([`Harness::with_layout`]).

mod common;

use std::collections::BTreeMap;

use bevy::prelude::*;
use common::Harness;
use gambit::board::view::BoardRoot;
use gambit::menus::Menu;
use gambit::screens::{Screen, title};
use gambit::ui::FocusKey;
use gambit::ui::scale::{ScaleCaps, ScaleCover};
use gambit_roguelite::save::{PROGRESS_FILE, RUN_FILE};

/// A node's rectangle on screen (the test window's scale factor is 1).
fn rect(node: &ComputedNode, at: &UiGlobalTransform) -> Rect {
    Rect::from_center_size(at.translation, node.size())
}

/// Names rectangles by `name` in reading order (top to bottom, then left to right): `name #1`,
/// `name #2`, ... So two buttons with one focus key, or a repeated text, are named the same way in two
/// layouts whatever order the world lists them in.
fn numbered(found: &mut BTreeMap<String, Rect>, mut shown: Vec<(String, Rect)>) {
    shown.sort_by(|a, b| (a.1.min.y, a.1.min.x).partial_cmp(&(b.1.min.y, b.1.min.x)).unwrap());
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (name, r) in shown {
        let n = counts.entry(name.clone()).or_default();
        *n += 1;
        found.insert(format!("{name} #{n}"), r);
    }
}

/// Where everything a player may point at stands: every laid-out button by focus key, the board by
/// `board`, and every text by its words (repeated ones numbered in reading order: `Pawn #2`).
fn layout(h: &mut Harness) -> BTreeMap<String, Rect> {
    let world = h.app.world_mut();
    let mut found = BTreeMap::new();
    let mut buttons = world.query::<(&FocusKey, &ComputedNode, &UiGlobalTransform)>();
    let shown_buttons: Vec<(String, Rect)> = buttons
        .iter(world)
        .filter(|(_, node, _)| node.size().x > 0.0)
        .map(|(key, node, at)| (key.0.clone(), rect(node, at)))
        .collect();
    numbered(&mut found, shown_buttons);
    let mut boards = world.query_filtered::<(&ComputedNode, &UiGlobalTransform), With<BoardRoot>>();
    for (node, at) in boards.iter(world) {
        found.insert("board".to_string(), rect(node, at));
    }
    let mut texts = world.query::<(Entity, &Text, &ComputedNode, &UiGlobalTransform)>();
    let world = h.app.world();
    // The board's cells have animated marks (drifting poison clouds): the board is compared whole.
    let on_board = |entity: Entity| {
        let mut at = entity;
        while let Some(parent) = world.get::<ChildOf>(at) {
            at = parent.parent();
            if world.get::<BoardRoot>(at).is_some() {
                return true;
            }
        }
        false
    };
    let shown: Vec<(String, Rect)> = texts
        .iter(world)
        .filter(|(e, t, node, _)| node.size().x > 0.0 && !t.0.trim().is_empty() && !on_board(*e))
        .map(|(_, t, node, at)| (format!("text {:?}", t.0), rect(node, at)))
        .collect();
    numbered(&mut found, shown);
    found
}

/// What is in both layouts and moved or changed size (more than half a pixel).
fn moved(before: &BTreeMap<String, Rect>, after: &BTreeMap<String, Rect>) -> Vec<String> {
    before
        .iter()
        .filter_map(|(k, a)| {
            let b = after.get(k)?;
            ((a.min - b.min).length() > 0.5 || (a.size() - b.size()).length() > 0.5)
                .then(|| format!("{k}: {a:?} -> {b:?}"))
        })
        .collect()
}

/// Whether the interface is drawn this frame (the scale cover is hidden).
fn shown(h: &mut Harness) -> bool {
    let world = h.app.world_mut();
    let mut covers = world.query_filtered::<&Visibility, With<ScaleCover>>();
    let cover = covers.single(world).expect("one scale cover");
    *cover == Visibility::Hidden
}

/// The UI scale in effect.
fn ui_scale(h: &Harness) -> f32 {
    h.app.world().resource::<UiScale>().0
}

/// A harness at `width` x `height` with the UI scale setting at 150%.
fn at_150(width: u32, height: u32) -> Harness {
    let mut h = Harness::with_layout(width, height);
    h.app.world_mut().resource_mut::<gambit::settings::Settings>().ui_scale = 1.5;
    h.update(3);
    h
}

/// Runs frames one at a time until the interface is shown (at most 12), and returns how many frames
/// it was hidden.
fn until_shown(h: &mut Harness) -> usize {
    for hidden in 0..12 {
        h.update(1);
        if shown(h) {
            return hidden;
        }
    }
    panic!("the interface stayed hidden for 12 frames");
}

/// At 150%, the first frame each tour screen is drawn has the layout it settles at: no button, text or
/// board moves or changes size after it (the cap lowered after the screen was shown made the screen
/// jump smaller a frame later, the board under the cursor), the scale stays, no screen of the tour
/// is found too large after it was shown, and a screen is hidden at most a few frames.
#[test]
fn at_150_percent_the_first_frame_drawn_is_the_settled_layout() {
    for (width, height) in [(1280, 800), (900, 600)] {
        let mut h = at_150(width, height);
        let mut views = 0;
        for name in gambit::screenshot::STEPS {
            h.settle();
            let before = (h.screen(), gambit::ui::scale::cap_layer(menu(&h)));
            gambit::screenshot::set_up(h.app.world_mut(), name);
            let hidden = until_shown(&mut h);
            let after = (h.screen(), gambit::ui::scale::cap_layer(menu(&h)));
            if before == after {
                // The same view with other content: not a new scale to decide.
                h.update(6);
                continue;
            }
            views += 1;
            assert!(hidden <= 4, "{name} at {width}x{height}: hidden {hidden} frames");
            let first = layout(&mut h);
            let scale = ui_scale(&h);
            assert!(first.len() > 2, "{name}: {first:?}");
            h.update(6);
            h.settle();
            h.update(2);
            // Content that comes later (the engine's reply) may add texts; nothing already drawn moves.
            let found = moved(&first, &layout(&mut h));
            assert!(found.is_empty(), "{name} at {width}x{height}: moved after the first frame: {found:#?}");
            assert_eq!(ui_scale(&h), scale, "{name} at {width}x{height}: the scale changed on the screen");
        }
        assert!(views > 10, "{views} new views");
        let late = h.app.world().resource::<ScaleCaps>().late_overflows();
        assert_eq!(late, 0, "at {width}x{height}: screens ran off the window after they were shown");
    }
}

fn menu(h: &Harness) -> Menu {
    *h.app.world().resource::<State<Menu>>().get()
}

/// The pause menu (Escape) over a board screen and over a run's page at 150% leaves the screen behind
/// it where it was: the same scale, every button, text and the board in place; closing it too.
#[test]
fn the_pause_menu_does_not_move_the_screen_behind_it() {
    for (width, height) in [(1280, 800), (900, 600)] {
        let mut h = at_150(width, height);
        for (steps, screen) in [
            (&["skill-chess"][..], Screen::SkillChess),
            (&["run-start", "map-start", "deploy"][..], Screen::Deploy),
            (&["battle"][..], Screen::Battle),
            (&["shop"][..], Screen::Shop),
        ] {
            for step in steps {
                gambit::screenshot::set_up(h.app.world_mut(), step);
                h.update(6);
                h.settle();
            }
            h.update(3);
            assert_eq!(h.screen(), screen);
            let scale = ui_scale(&h);
            let behind = layout(&mut h);
            assert!(behind.len() > 3, "{screen:?}: {behind:?}");
            h.key(KeyCode::Escape);
            h.update(3);
            assert_eq!(menu(&h), Menu::Pause, "{screen:?}: Escape opens the pause menu");
            assert!(shown(&mut h), "{screen:?}: the screen stays drawn under the pause menu");
            let paused = layout(&mut h);
            assert!(paused.keys().any(|k| k.contains("pause::Action::Resume")), "{paused:?}");
            let found = moved(&behind, &paused);
            assert!(found.is_empty(), "{screen:?} at {width}x{height}: the pause menu moved {found:#?}");
            assert_eq!(ui_scale(&h), scale, "{screen:?} at {width}x{height}");
            h.key(KeyCode::Escape);
            h.update(3);
            assert_eq!(menu(&h), Menu::None);
            let found = moved(&behind, &layout(&mut h));
            assert!(found.is_empty(), "{screen:?} at {width}x{height}: closing the menu moved {found:#?}");
        }
    }
}

/// The title's menu buttons stay where they are when the tutorial offer is answered and when the
/// question about a saved run comes and goes (a click on Settings after Not now landed on Exit), at
/// 1280x800 and 800x600, at 100% and 150%.
#[test]
fn the_titles_buttons_stay_put_when_its_question_box_comes_and_goes() {
    for (width, height, scale) in [(1280, 800, 1.0), (800, 600, 1.0), (1280, 800, 1.5)] {
        let mut h = Harness::with_layout(width, height);
        h.app.world_mut().resource_mut::<gambit::settings::Settings>().ui_scale = scale;
        h.update(4);
        let at = format!("{width}x{height} at {}%", scale * 100.0);
        let menu_buttons = |h: &mut Harness| -> BTreeMap<String, Rect> {
            layout(h).into_iter().filter(|(k, _)| k.starts_with("gambit::screens::title::Action::")).collect()
        };
        let offered = menu_buttons(&mut h);
        assert!(offered.keys().any(|k| k.ends_with("NotNow #1")), "{at}: the offer is shown: {offered:?}");
        h.press(title::Action::NotNow);
        h.update(2);
        let answered = menu_buttons(&mut h);
        assert!(!answered.keys().any(|k| k.ends_with("NotNow #1")), "{at}: the offer went");
        let found = moved(&offered, &answered);
        assert!(found.is_empty(), "{at}: answering the offer moved {found:#?}");
        // A saved run: New Run asks first.
        h.press(title::Action::NewRun);
        h.update(3);
        h.settle();
        assert_ne!(h.screen(), Screen::Title);
        h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
        h.update(4);
        let before = menu_buttons(&mut h);
        assert!(before.keys().any(|k| k.ends_with("ContinueRun #1")), "{at}: {before:?}");
        h.press(title::Action::NewRun);
        h.update(2);
        let asked = menu_buttons(&mut h);
        assert!(asked.keys().any(|k| k.ends_with("KeepRun #1")), "{at}: the question is shown");
        let found = moved(&before, &asked);
        assert!(found.is_empty(), "{at}: the question moved {found:#?}");
        h.press(title::Action::KeepRun);
        h.update(2);
        let found = moved(&before, &menu_buttons(&mut h));
        assert!(found.is_empty(), "{at}: keeping the run moved {found:#?}");
        assert_eq!(gambit::ui::layout_check::violations(h.app.world_mut()), Vec::new(), "{at}");
    }
}

/// Makes every save fail, as a data directory that cannot be written does (the tests run as any user,
/// so not by permissions): `run.json` and `progress.json` become directories, their files kept aside.
fn break_saves(dir: &std::path::Path) {
    for name in [RUN_FILE, PROGRESS_FILE] {
        let path = dir.join(name);
        if path.is_file() {
            std::fs::rename(&path, dir.join(format!("{name}.kept"))).unwrap();
        }
        std::fs::create_dir(&path).unwrap();
    }
}

/// Undoes [`break_saves`].
fn mend_saves(dir: &std::path::Path) {
    for name in [RUN_FILE, PROGRESS_FILE] {
        let path = dir.join(name);
        std::fs::remove_dir(&path).unwrap();
        let kept = dir.join(format!("{name}.kept"));
        if kept.is_file() {
            std::fs::rename(kept, &path).unwrap();
        }
    }
}

/// The save-failure banner floats over the screen, outside its flow: on every screen of the tour that
/// shows it (a run's and Upgrades), a save that fails shows it and moves nothing of the screen (no
/// button, text or board), the layout check finds nothing (it covers no button), and its Retry, once
/// saving works again, takes it away and moves nothing either (in the page's flow, it pushed the page
/// down when it came and pulled it up when it went), at 1280x800 and 900x600, 100% and 150%.
#[test]
fn the_save_banner_moves_nothing_when_it_comes_and_goes() {
    use gambit::run::SaveFailure;
    use gambit::ui::save_banner;
    for (width, height, scale) in [(1280, 800, 1.0), (1280, 800, 1.5), (900, 600, 1.0), (900, 600, 1.5)] {
        let mut h = Harness::with_layout(width, height);
        h.app.world_mut().resource_mut::<gambit::settings::Settings>().ui_scale = scale;
        h.update(3);
        let at = format!("{width}x{height} at {}%", scale * 100.0);
        let mut screens = Vec::new();
        h.tour(|h, name| {
            if menu(h) != Menu::None || !save_banner::shows_on(h.screen()) {
                return;
            }
            if h.app.world().resource::<SaveFailure>().0.is_some() {
                // The tour's own picture of the banner: held to the layout check only.
                assert_eq!(name, "shop-save-failed", "{at}: the tour's saves work");
                let found = gambit::ui::layout_check::violations(h.app.world_mut());
                assert!(found.is_empty(), "{name}, {at}: {found:#?}");
                return;
            }
            let before = layout(h);
            break_saves(h.path());
            h.send(save_banner::Action::Retry);
            h.update(3);
            let failure = h.app.world().resource::<SaveFailure>().0.clone();
            assert!(
                failure.as_deref().is_some_and(|f| f.starts_with("Saving failed")),
                "{name}: {failure:?}"
            );
            let shown = layout(h);
            assert!(
                shown.keys().any(|k| k.ends_with("save_banner::Action::Retry #1"))
                    && shown.keys().any(|k| k.starts_with("text \"Saving failed")),
                "{name}, {at}: the banner is shown: {:?}",
                shown.keys()
            );
            let found = moved(&before, &shown);
            assert!(found.is_empty(), "{name}, {at}: the banner moved {found:#?}");
            let found = gambit::ui::layout_check::violations(h.app.world_mut());
            assert!(found.is_empty(), "{name}, {at}, with the banner: {found:#?}");
            mend_saves(h.path());
            h.press(save_banner::Action::Retry);
            h.update(3);
            assert_eq!(h.app.world().resource::<SaveFailure>().0, None, "{name}, {at}: Retry saved");
            let after = layout(h);
            assert!(!after.keys().any(|k| k.ends_with("save_banner::Action::Retry #1")), "{name}: it went");
            let found = moved(&before, &after);
            assert!(found.is_empty(), "{name}, {at}: the banner's going moved {found:#?}");
            screens.push(h.screen());
        });
        for screen in
            [Screen::RunStart, Screen::Map, Screen::Deploy, Screen::Battle, Screen::Shop, Screen::Upgrades]
        {
            assert!(screens.contains(&screen), "{at}: {screen:?} not checked: {screens:?}");
        }
    }
}
