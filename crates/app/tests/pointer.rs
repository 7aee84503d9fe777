//! The game takes no click the player did not aim (issue 17, input and flow): a button or a board square
//! that appears under a pointer at rest (a new screen, a menu opened or closed) neither looks hovered
//! nor takes a click until the pointer moves a few pixels; then it does. Driven through the window's
//! own pointer messages and Bevy's picking, on Bevy's UI layout ([`Harness::with_layout`]).

mod common;

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use common::Harness;
use gambit::board::view::Cell;
use gambit::board::{BoardViewState, Hovered};
use gambit::menus::Menu;
use gambit::screens::{Screen, setup, title};
use gambit::ui::scale::ScaleCover;
use gambit::ui::{Activate, FocusKey};
use gambit_search::Preset;

/// A harness at 1280x800 whose nodes get `InheritedVisibility` (Bevy's picking only hits visible
/// nodes; the harness has no renderer, whose visibility plugin computes it), propagated as Bevy does.
fn harness() -> Harness {
    let mut h = Harness::with_layout(1280, 800);
    h.app.add_systems(PostUpdate, propagate_visibility);
    h.update(1);
    h
}

fn propagate_visibility(
    roots: Query<'_, '_, Entity, (With<Visibility>, Without<ChildOf>)>,
    visibility: Query<'_, '_, &Visibility>,
    children: Query<'_, '_, &Children>,
    mut inherited: Query<'_, '_, &mut InheritedVisibility>,
) {
    let mut stack: Vec<(Entity, bool)> = roots.iter().map(|e| (e, true)).collect();
    while let Some((entity, parent_visible)) = stack.pop() {
        let visible = match visibility.get(entity) {
            Ok(Visibility::Hidden) => false,
            Ok(Visibility::Visible) => true,
            _ => parent_visible,
        };
        if let Ok(mut v) = inherited.get_mut(entity) {
            let want = if visible { InheritedVisibility::VISIBLE } else { InheritedVisibility::HIDDEN };
            if *v != want {
                *v = want;
            }
        }
        for kid in children.get(entity).into_iter().flat_map(|c| c.iter()) {
            stack.push((kid, visible));
        }
    }
}

/// Counts every button activation (a click or Enter), whatever the button.
#[derive(Resource, Default)]
struct Activations(Vec<String>);

fn count_activations(h: &mut Harness) {
    h.app.init_resource::<Activations>();
    h.app.add_observer(
        |a: On<'_, '_, Activate>, keys: Query<'_, '_, &FocusKey>, mut seen: ResMut<'_, Activations>| {
            seen.0.push(keys.get(a.entity).map_or_else(|_| "?".to_string(), |k| k.0.clone()));
        },
    );
}

fn activations(h: &Harness) -> Vec<String> {
    h.app.world().resource::<Activations>().0.clone()
}

fn window(h: &mut Harness) -> Entity {
    let world = h.app.world_mut();
    world.query_filtered::<Entity, With<PrimaryWindow>>().single(world).expect("the window")
}

/// The pointer reported at `at` (logical pixels), as the window reports it: the cursor message, the
/// window event picking reads and the window's cursor position (for `Interaction`); runs two frames.
fn point(h: &mut Harness, at: Vec2) {
    let window = window(h);
    let world = h.app.world_mut();
    let mut w = world.get_mut::<Window>(window).unwrap();
    let last = w.cursor_position();
    w.set_cursor_position(Some(at));
    let moved = CursorMoved { window, position: at, delta: last.map(|l| at - l) };
    world.write_message(moved.clone());
    world.write_message(WindowEvent::CursorMoved(moved));
    h.update(2);
}

/// A primary press and release where the pointer is, a frame each, then two frames.
fn click(h: &mut Harness) {
    let window = window(h);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let input = MouseButtonInput { button: MouseButton::Left, state, window };
        h.app.world_mut().write_message(input);
        h.app.world_mut().write_message(WindowEvent::MouseButtonInput(input));
        h.app.update();
    }
    h.update(2);
}

/// Runs frames until the view is shown (the scale cover hidden; it takes the pointer while shown).
fn until_shown(h: &mut Harness) {
    for _ in 0..20 {
        h.update(1);
        let world = h.app.world_mut();
        let mut covers = world.query_filtered::<&Visibility, With<ScaleCover>>();
        if covers.iter(world).all(|v| *v == Visibility::Hidden) {
            h.update(1);
            return;
        }
    }
    panic!("the view stayed covered");
}

/// Every laid-out button's rectangle and focus key.
fn buttons(h: &mut Harness) -> Vec<(String, Rect)> {
    let world = h.app.world_mut();
    let mut q = world.query_filtered::<(&FocusKey, &ComputedNode, &UiGlobalTransform), With<Button>>();
    q.iter(world)
        .filter(|(_, node, _)| node.size().x > 0.0)
        .map(|(k, node, at)| (k.0.clone(), Rect::from_center_size(at.translation, node.size())))
        .collect()
}

fn button(h: &mut Harness, key: &str) -> Rect {
    buttons(h).into_iter().find(|(k, _)| k.ends_with(key)).map(|(_, r)| r).expect(key)
}

/// The background of the button whose key ends with `key`.
fn colour(h: &mut Harness, key: &str) -> Color {
    let world = h.app.world_mut();
    let mut q = world.query::<(&FocusKey, &BackgroundColor)>();
    q.iter(world).find(|(k, _)| k.0.ends_with(key)).map(|(_, bg)| bg.0).expect(key)
}

/// A point inside both rectangles, well inside (`None` if they barely meet).
fn common_point(a: Rect, b: Rect) -> Option<Vec2> {
    let both = a.intersect(b);
    (both.width() > 12.0 && both.height() > 12.0).then(|| both.center())
}

/// Title -> Skill chess by a click, and a second click at once: the setup's button that appeared
/// under the pointer neither looks hovered nor acts; moved a few pixels, it does both.
#[test]
fn a_button_that_appears_under_a_resting_pointer_waits_for_it_to_move() {
    let mut h = harness();
    count_activations(&mut h);
    until_shown(&mut h);
    // Where a setup button lies under the title's Skill Chess button.
    let entry = button(&mut h, "title::Action::SkillChess");
    h.press(title::Action::SkillChess);
    until_shown(&mut h);
    let (key, at) = buttons(&mut h)
        .into_iter()
        .find_map(|(k, r)| common_point(entry, r).map(|p| (k, p)))
        .expect("a setup button under the title's Skill Chess");
    h.press(setup::Action::Back);
    until_shown(&mut h);
    assert_eq!(h.screen(), Screen::Title);
    h.app.world_mut().resource_mut::<Activations>().0.clear();

    // The window's first report is where the pointer rests: no click yet.
    point(&mut h, at);
    click(&mut h);
    assert_eq!(activations(&h), Vec::<String>::new(), "a click before the pointer ever moved");
    // Aimed: the title's button takes the click, and the setup comes.
    point(&mut h, at + Vec2::new(6.0, 0.0));
    click(&mut h);
    assert_eq!(activations(&h), vec!["gambit::screens::title::Action::SkillChess".to_string()]);
    until_shown(&mut h);
    assert_eq!(h.screen(), Screen::SkillChessSetup);
    // The second click of a double click lands on the setup's button: nothing, and no hover.
    let standard = gambit::palette::STANDARD;
    assert_eq!(colour(&mut h, &key), standard.button, "{key} looks hovered under a resting pointer");
    click(&mut h);
    assert_eq!(activations(&h).len(), 1, "{:?}", activations(&h));
    // A tremor of two pixels is not an aim either.
    point(&mut h, at + Vec2::new(7.0, 2.0));
    click(&mut h);
    assert_eq!(activations(&h).len(), 1, "{:?}", activations(&h));
    // Moved: it is hovered and acts.
    point(&mut h, at + Vec2::new(6.0, 6.0));
    assert_eq!(colour(&mut h, &key), standard.button_hover, "{key}");
    click(&mut h);
    assert_eq!(activations(&h).last(), Some(&key), "{:?}", activations(&h));
}

/// Settings -> Back: the title's button under the Back button takes no click until the pointer moves.
#[test]
fn closing_a_menu_leaves_the_pointer_at_rest() {
    let mut h = harness();
    count_activations(&mut h);
    until_shown(&mut h);
    let titles = buttons(&mut h);
    h.press(title::Action::Settings);
    until_shown(&mut h);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::Settings);
    let back = button(&mut h, "settings::Action::Back");
    let (key, at) = titles
        .into_iter()
        .find_map(|(k, r)| common_point(back, r).map(|p| (k, p)))
        .expect("a title button under the settings' Back");
    point(&mut h, at - Vec2::new(6.0, 0.0));
    point(&mut h, at);
    click(&mut h);
    assert_eq!(activations(&h).last().map(String::as_str), Some("gambit::menus::settings::Action::Back"));
    until_shown(&mut h);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::None);
    let before = activations(&h).len();
    click(&mut h);
    assert_eq!(activations(&h).len(), before, "{key} took the click meant for Back");
    point(&mut h, at + Vec2::new(0.0, 5.0));
    click(&mut h);
    assert_eq!(activations(&h).last(), Some(&key));
}

/// The board follows the same rule: a square under the pointer when the pause menu closes is neither
/// hovered nor pressed until the pointer moves.
#[test]
fn a_board_square_under_a_resting_pointer_waits_for_it_to_move() {
    let mut h = harness();
    until_shown(&mut h);
    h.press(title::Action::SkillChess);
    h.press(setup::Action::Strength(Preset::Beginner));
    h.press(setup::Action::Start);
    until_shown(&mut h);
    assert_eq!(h.screen(), Screen::SkillChess);
    // The centre of e2's cell.
    let e2 = "e2".parse().unwrap();
    let at = {
        let world = h.app.world_mut();
        let view = world.resource::<BoardViewState>();
        let rotated = view.rotated;
        let mut cells = world.query::<(&Cell, &UiGlobalTransform)>();
        let found: Vec<(Cell, Vec2)> = cells.iter(world).map(|(c, t)| (*c, t.translation)).collect();
        let view = BoardViewState { rotated, ..default() };
        found.into_iter().find(|(c, _)| c.0.square(&view) == e2).map(|(_, p)| p).expect("e2's cell")
    };
    // The pointer rests on e2 while the pause menu opens and closes (by the keyboard).
    point(&mut h, at - Vec2::new(8.0, 0.0));
    point(&mut h, at);
    h.key(KeyCode::Escape);
    until_shown(&mut h);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::Pause);
    h.key(KeyCode::Escape);
    until_shown(&mut h);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::None);
    click(&mut h);
    assert_eq!(h.input().selected, None, "e2 was pressed under a resting pointer");
    assert_eq!(h.app.world().resource::<Hovered>().0, None);
    point(&mut h, at + Vec2::new(0.0, 5.0));
    assert_eq!(h.app.world().resource::<Hovered>().0, Some(e2));
    click(&mut h);
    assert_eq!(h.input().selected, Some(e2));
}
