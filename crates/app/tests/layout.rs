//! The interface laid out by Bevy's UI layout without a window or a GPU ([`Harness::with_layout`]): the
//! UI scale setting changes the computed sizes.

mod common;

use bevy::prelude::*;
use common::Harness;
use gambit::menus::settings::{self, SettingChange};
use gambit::screens::title;
use gambit::ui::FocusKey;

/// The laid-out size on screen (pixels; the test window's scale factor is 1) of the button whose key
/// ends with `key`.
fn button_size(h: &mut Harness, key: &str) -> Vec2 {
    let mut buttons = h.app.world_mut().query::<(&FocusKey, &ComputedNode)>();
    buttons
        .iter(h.app.world())
        .find(|(k, _)| k.0.ends_with(key))
        .map(|(_, node)| node.size())
        .unwrap_or_else(|| panic!("no button {key}"))
}

#[test]
fn the_ui_scale_setting_changes_computed_sizes() {
    let mut h = Harness::with_layout(1280, 800);
    h.update(3);
    let at_100 = button_size(&mut h, "title::Action::NewRun");
    // 22 units of minimum width at the reference window and 100%: 176 px.
    assert!((at_100.x - 176.0).abs() < 1.0, "{at_100}");
    assert!(at_100.y > 20.0, "{at_100}: the label's text was measured");
    h.press(title::Action::Settings);
    for _ in 0..4 {
        h.press(settings::Action::Change(SettingChange::UiScale(1)));
    }
    h.press(settings::Action::Back);
    h.update(3);
    assert_eq!(h.app.world().resource::<gambit::settings::Settings>().ui_scale, 1.5);
    let at_150 = button_size(&mut h, "title::Action::NewRun");
    assert!((at_150.x - 1.5 * at_100.x).abs() < 1.0, "{at_100} -> {at_150}");
    assert!((at_150.y - 1.5 * at_100.y).abs() < 2.0, "{at_100} -> {at_150}");
}

#[test]
fn a_smaller_window_shrinks_the_interface_as_before() {
    let mut h = Harness::with_layout(900, 600);
    h.update(3);
    let size = button_size(&mut h, "title::Action::NewRun");
    // 600 / 800 of the reference: 132 px.
    assert!((size.x - 132.0).abs() < 1.0, "{size}");
}

/// The focused button's key.
fn focused(h: &Harness) -> Option<String> {
    let focus = h.app.world().resource::<bevy::input_focus::InputFocus>().get()?;
    h.app.world().get::<FocusKey>(focus).map(|k| k.0.clone())
}

#[test]
fn the_arrow_keys_move_the_focus_to_the_nearest_button_that_way() {
    let mut h = Harness::with_layout(1280, 800);
    h.update(3);
    assert!(focused(&h).is_some_and(|k| k.ends_with("NewRun")), "{:?}", focused(&h));
    h.key(KeyCode::ArrowDown);
    assert!(focused(&h).is_some_and(|k| k.ends_with("SkillChess")), "{:?}", focused(&h));
    h.key(KeyCode::ArrowDown);
    assert!(focused(&h).is_some_and(|k| k.ends_with("Upgrades")), "{:?}", focused(&h));
    h.key(KeyCode::ArrowUp);
    assert!(focused(&h).is_some_and(|k| k.ends_with("SkillChess")), "{:?}", focused(&h));
    // On the setup screen, Right moves along a row of choices.
    h.key(KeyCode::Enter);
    h.update(3);
    h.key(KeyCode::Tab);
    assert!(focused(&h).is_some_and(|k| k.ends_with("Player(White)")), "{:?}", focused(&h));
    h.key(KeyCode::ArrowRight);
    assert!(focused(&h).is_some_and(|k| k.ends_with("Player(Black)")), "{:?}", focused(&h));
    h.key(KeyCode::ArrowDown);
    assert!(focused(&h).is_some_and(|k| k.contains("Strength")), "{:?}", focused(&h));
}

#[test]
fn a_long_button_label_wraps_inside_its_button() {
    use gambit::run::RunSession;
    use gambit_roguelite::{Run, RunConfig};
    let mut h = Harness::with_layout(900, 600);
    let session = RunSession::new(Run::new(RunConfig::new(1)));
    h.app.world_mut().insert_resource(session);
    h.app
        .world_mut()
        .resource_mut::<NextState<gambit::screens::Screen>>()
        .set(gambit::screens::Screen::RunStart);
    h.update(4);
    let window = 900.0;
    let mut buttons = h.app.world_mut().query::<(&FocusKey, &ComputedNode, &UiGlobalTransform, &Children)>();
    let mut texts = h.app.world_mut().query::<&ComputedNode>();
    let world = h.app.world();
    let mut checked = 0;
    for (key, node, at, children) in buttons.iter(world) {
        let label = texts.get(world, children[0]).unwrap();
        let (left, right) = (at.translation.x - node.size().x / 2.0, at.translation.x + node.size().x / 2.0);
        assert!(left >= -0.5 && right <= window + 0.5, "{key:?} runs off the window: {left}..{right}");
        assert!(
            label.size().y <= node.size().y + 0.5,
            "{key:?}: label {} taller than its button {}",
            label.size(),
            node.size()
        );
        checked += 1;
    }
    assert!(checked > 5);
}

/// A node's rectangle on screen (the test window's scale factor is 1).
fn rect(node: &ComputedNode, at: &UiGlobalTransform) -> Rect {
    Rect::from_center_size(at.translation, node.size())
}

/// The texts that overlap another text or a button they are not part of, or whose laid-out lines are
/// taller than their node (they would be drawn over what follows), on the screen shown.
fn overlaps(h: &mut Harness) -> Vec<String> {
    let world = h.app.world_mut();
    let mut layouts = world.query::<(&Text, &ComputedNode, &bevy::text::TextLayoutInfo)>();
    let mut found: Vec<String> = layouts
        .iter(world)
        .filter(|(_, node, layout)| {
            node.size().x > 0.0 && layout.size.y > node.size().y * node.inverse_scale_factor() + 1.0
        })
        .map(|(text, node, layout)| {
            let node = node.size() * node.inverse_scale_factor();
            format!("{:?}: lines {} in a node {node} (logical pixels)", text.0, layout.size)
        })
        .collect();
    // Sections hidden with `Display::None` have no size; the harness computes no visibility.
    let mut texts = world.query::<(Entity, &Text, &ComputedNode, &UiGlobalTransform)>();
    let mut buttons = world.query::<(Entity, &FocusKey, &ComputedNode, &UiGlobalTransform)>();
    let world = h.app.world();
    let on_board = |entity: Entity| {
        let mut at = entity;
        while let Some(parent) = world.get::<ChildOf>(at) {
            at = parent.parent();
            if world.get::<gambit::board::view::BoardRoot>(at).is_some() {
                return true;
            }
        }
        false
    };
    let inside = |entity: Entity, ancestor: Entity| {
        let mut at = entity;
        while let Some(parent) = world.get::<ChildOf>(at) {
            at = parent.parent();
            if at == ancestor {
                return true;
            }
        }
        false
    };
    let shown: Vec<(Entity, String, Rect)> = texts
        .iter(world)
        // The board's cells stack their glyphs and marks on purpose.
        .filter(|(e, text, node, _)| !text.0.is_empty() && node.size().x > 0.0 && !on_board(*e))
        .map(|(e, text, node, at)| (e, text.0.clone(), rect(node, at)))
        .collect();
    for (i, (a, text_a, rect_a)) in shown.iter().enumerate() {
        for (_, text_b, rect_b) in &shown[i + 1..] {
            let common = rect_a.intersect(*rect_b);
            if common.width() > 1.0 && common.height() > 1.0 {
                found.push(format!("{text_a:?} {rect_a:?} overlaps {text_b:?} {rect_b:?}"));
            }
        }
        for (button, key, node, at) in buttons.iter(world) {
            let common = rect_a.intersect(rect(node, at));
            if !inside(*a, button) && common.width() > 1.0 && common.height() > 1.0 {
                found.push(format!("{text_a:?} {rect_a:?} overlaps the button {key:?}"));
            }
        }
    }
    found
}

/// Every screen a player meets, in a window of `width` x `height` at the UI scale `scale`: no text
/// overlaps another text or a button it is not part of.
fn no_overlap_on_any_screen(width: u32, height: u32, scale: f32) {
    use gambit::run::RunSession;
    use gambit::screens::{Screen, how_to_play, records, setup, upgrades};
    use gambit_roguelite::bot::{StageTuning, auto_decision};
    use gambit_roguelite::{Run, RunConfig};
    let mut h = Harness::with_layout(width, height);
    h.app.world_mut().resource_mut::<gambit::settings::Settings>().ui_scale = scale;
    h.update(3);
    let at = format!("{width}x{height} at {}%", scale * 100.0);
    let check = |h: &mut Harness, name: &str| {
        h.update(3);
        let found = overlaps(h);
        assert!(found.is_empty(), "{name}, {at}: {found:#?}");
    };
    check(&mut h, "title");
    h.press(title::Action::HowToPlay);
    check(&mut h, "how to play");
    h.press(how_to_play::Action::Back);
    h.press(title::Action::SkillChess);
    check(&mut h, "setup");
    h.press(setup::Action::Start);
    check(&mut h, "skill chess");
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    h.update(2);
    h.press(title::Action::Upgrades);
    check(&mut h, "upgrades");
    h.press(upgrades::Action::Back);
    h.press(title::Action::Records);
    check(&mut h, "records");
    h.press(records::Action::Back);
    // The run's screens in the order a run meets them, the player's decisions made by the library's
    // fixed policy.
    let mut run = Run::new(RunConfig::new(1));
    let mut seen = Vec::new();
    for _ in 0..400 {
        let mut session = RunSession::new(run.clone());
        session.battle_end = None;
        let screen = session.app_screen();
        if !seen.contains(&screen) {
            seen.push(screen);
            h.app.world_mut().insert_resource(session);
            h.app.world_mut().resource_mut::<NextState<Screen>>().set(screen);
            check(&mut h, &format!("{screen:?}"));
        }
        let Some(decision) = auto_decision(&run, StageTuning::new(1, 300, 1.0)) else { break };
        if run.apply(decision).is_err() {
            break;
        }
    }
    for screen in [Screen::RunStart, Screen::Deploy, Screen::Battle, Screen::Shop, Screen::BoardChoice] {
        assert!(seen.contains(&screen), "{screen:?} not reached: {seen:?}");
    }
}

#[test]
fn no_text_overlaps_another_or_a_button_at_800x600() {
    no_overlap_on_any_screen(800, 600, 1.0);
}

#[test]
fn no_text_overlaps_another_or_a_button_at_the_largest_ui_scale() {
    no_overlap_on_any_screen(1280, 800, 1.5);
}
