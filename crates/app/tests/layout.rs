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
