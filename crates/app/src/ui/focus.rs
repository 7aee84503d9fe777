//! Keyboard focus, on `bevy_input_focus`: the focused button is [`InputFocus`]; Tab and Shift+Tab walk
//! the buttons in tree order through its [`TabNavigation`] (each screen root is a [`TabGroup`], each
//! open menu a modal one, so Tab stays inside the menu); the arrow keys move to the nearest button in
//! that direction (its `find_best_candidate`, among the buttons of the active layer), falling back to
//! the previous or next button for Up and Down; Enter (and Space, except on board screens) activates the
//! focused button. On board screens the arrow keys and Enter drive the board's cursor unless Tab put the
//! focus on a button ([`crate::board::input::keyboard_cursor`]).
//!
//! These are systems over `ButtonInput<KeyCode>` rather than `bevy_input_focus`'s window observers, so
//! the headless tests (no window) drive the same code; the title gives its first button
//! `AutoFocus`, so Enter at launch starts the first entry.

use bevy::input_focus::directional_navigation::{AutoNavigationConfig, FocusableArea};
use bevy::input_focus::navigator::find_best_candidate;
use bevy::input_focus::tab_navigation::{NavAction, TabGroup, TabIndex, TabNavigation};
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::math::CompassOctant;
use bevy::prelude::*;

use super::actions::{Activate, Disabled, FocusKey};
use crate::menus::Menu;
use crate::palette::Palette;
use crate::screens::Screen;
use crate::settings::Settings;

/// The focused button's key, so the focus follows the button when its section is rebuilt.
#[derive(Resource, Default, Debug)]
pub struct LastFocus(pub Option<FocusKey>);

/// The focused entity if it is a button that can take the focus.
#[must_use]
pub fn focused_button(
    focus: &InputFocus,
    buttons: &Query<(), (With<Button>, With<TabIndex>)>,
) -> Option<Entity> {
    focus.get().filter(|e| buttons.contains(*e))
}

/// Tab / Shift+Tab, the arrow keys (off board screens) and Enter / Space.
pub(crate) fn keyboard_focus(
    keys: Res<ButtonInput<KeyCode>>,
    mut focus: ResMut<InputFocus>,
    mut last: ResMut<LastFocus>,
    keys_of: Query<&FocusKey>,
    menu: Res<State<Menu>>,
    screen: Res<State<Screen>>,
    nav: TabNavigation,
    groups: Query<(Entity, &TabGroup)>,
    parents: Query<&ChildOf>,
    buttons: Query<(Entity, &TabIndex, &ComputedNode, &UiGlobalTransform), (With<Button>, Without<Disabled>)>,
    mut commands: Commands,
) {
    let in_menu = *menu.get() != Menu::None;
    let board_owns_arrows = !in_menu && screen.get().owns_arrows();
    let modal = groups.iter().find(|(_, g)| g.modal).map(|(e, _)| e);
    let in_layer = |e: Entity| {
        let group = parents.iter_ancestors(e).find(|a| groups.contains(*a));
        match modal {
            Some(m) if in_menu => group == Some(m),
            _ => group.is_some_and(|g| groups.get(g).is_ok_and(|(_, tg)| !tg.modal)),
        }
    };
    let current = focus.get().filter(|e| buttons.get(*e).is_ok_and(|(_, i, ..)| i.0 >= 0) && in_layer(*e));
    let step = |action: NavAction| -> Option<Entity> {
        match (current, modal) {
            (None, Some(m)) if in_menu => nav.initialize(m, action).ok(),
            (None, _) => nav.navigate(&InputFocus::default(), action).ok(),
            (Some(e), _) => nav.navigate(&InputFocus::from_entity(e), action).ok(),
        }
    };
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let mut next = None;
    if keys.just_pressed(KeyCode::Tab) {
        next = step(if shift { NavAction::Previous } else { NavAction::Next });
    }
    if !board_owns_arrows {
        for (key, octant, fallback) in [
            (KeyCode::ArrowUp, CompassOctant::North, Some(NavAction::Previous)),
            (KeyCode::ArrowDown, CompassOctant::South, Some(NavAction::Next)),
            (KeyCode::ArrowLeft, CompassOctant::West, None),
            (KeyCode::ArrowRight, CompassOctant::East, None),
        ] {
            if !keys.just_pressed(key) {
                continue;
            }
            // The nearest button that way, among the laid-out buttons of this layer (a hidden button
            // has no size), in logical UI coordinates (y down, as `find_best_candidate` expects).
            let area = |(e, _, node, transform): (Entity, &TabIndex, &ComputedNode, &UiGlobalTransform)| {
                let scale = node.inverse_scale_factor();
                FocusableArea {
                    entity: e,
                    position: transform.translation * scale,
                    size: node.size() * scale,
                }
            };
            let candidates: Vec<FocusableArea> = buttons
                .iter()
                .filter(|(e, i, node, _)| i.0 >= 0 && !node.is_empty() && in_layer(*e))
                .map(area)
                .collect();
            let spatial = current
                .and_then(|e| buttons.get(e).ok())
                .filter(|(_, _, node, ..)| !node.is_empty())
                .map(area)
                .and_then(|origin| {
                    find_best_candidate(&origin, octant, &candidates, &AutoNavigationConfig::default())
                });
            next = spatial.or_else(|| fallback.and_then(&step));
        }
    }
    if let Some(e) = next {
        focus.set(e, FocusCause::Navigated);
        last.0 = keys_of.get(e).ok().cloned();
        return;
    }
    let activate =
        keys.just_pressed(KeyCode::Enter) || (!board_owns_arrows && keys.just_pressed(KeyCode::Space));
    if activate && let Some(e) = current {
        commands.trigger(Activate { entity: e });
    }
}

/// Remembers the focused button's key (every frame), so [`refocus`] can find the button again.
pub(crate) fn remember_focus(focus: Res<InputFocus>, mut last: ResMut<LastFocus>, keyed: Query<&FocusKey>) {
    if let Some(key) = focus.get().and_then(|e| keyed.get(e).ok())
        && last.0.as_ref() != Some(key)
    {
        last.0 = Some(key.clone());
    }
}

/// After a section was rebuilt: if the focused button is gone, the new button with its key takes the
/// focus (queued by [`super::section::show`] right after the rebuild).
pub fn refocus(world: &mut World) {
    let Some(entity) = world.resource::<InputFocus>().get() else { return };
    if world.get_entity(entity).is_ok() {
        return;
    }
    let key = world.resource::<LastFocus>().0.clone();
    let mut keyed = world.query::<(Entity, &FocusKey)>();
    let again = key.and_then(|key| keyed.iter(world).find(|(_, k)| **k == key).map(|(e, _)| e));
    let mut focus = world.resource_mut::<InputFocus>();
    match again {
        Some(e) => focus.set(e, FocusCause::Navigated),
        None => focus.clear(),
    }
}

/// Button colours: at rest, hovered or pressed (only while the pointer is aimed,
/// [`super::pointer::PointerGate`]: a button that appeared under a pointer at rest does not look
/// hovered), disabled; the focus ring on the focused button, an accent border on a selected card
/// ([`super::widgets::Selected`]).
pub(crate) fn style_buttons(
    settings: Option<Res<Settings>>,
    focus: Res<InputFocus>,
    pointer: Res<super::pointer::PointerGate>,
    mut buttons: Query<
        (
            Entity,
            &Interaction,
            Has<Disabled>,
            Has<super::widgets::Selected>,
            &mut BackgroundColor,
            &mut BorderColor,
            Option<&Children>,
        ),
        With<Button>,
    >,
    mut labels: Query<&mut TextColor, With<super::widgets::ButtonLabel>>,
) {
    let palette = settings.map_or(crate::palette::STANDARD, |s| Palette::for_settings(&s));
    for (entity, interaction, disabled, selected, mut bg, mut border, children) in &mut buttons {
        for kid in children.into_iter().flat_map(|c| c.iter()) {
            if let Ok(mut color) = labels.get_mut(kid) {
                let want = if disabled { palette.muted.with_alpha(0.55) } else { palette.text };
                if color.0 != want {
                    color.0 = want;
                }
            }
        }
        let want = if disabled {
            palette.button_disabled
        } else if *interaction != Interaction::None && pointer.aimed() {
            palette.button_hover
        } else {
            palette.button
        };
        if bg.0 != want {
            bg.0 = want;
        }
        let ring = if focus.get() == Some(entity) {
            palette.focus
        } else if selected {
            palette.accent
        } else {
            Color::NONE
        };
        if border.top != ring {
            border.set_all(ring);
        }
    }
}
