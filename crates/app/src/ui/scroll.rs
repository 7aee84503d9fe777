//! Scrolling: a node with `Overflow::scroll_y()` scrolls with the mouse wheel while the pointer is over
//! it, and the page under the screen scrolls with Page Up / Page Down / Home / End. At a large UI scale
//! a page may be taller than the window ([`super::widgets::spawn_page`] keeps its top reachable); this
//! is how the rest of it is reached. A button that takes the keyboard focus is scrolled into view.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::input_focus::InputFocus;
use bevy::picking::hover::HoverMap;
use bevy::prelude::*;

/// Logical pixels per wheel line.
const LINE: f32 = 24.0;

/// Marks the page-level scroll container of a screen (what the keys scroll).
#[derive(Component, Debug, Default)]
pub struct PageScroll;

/// The largest scroll offset of a node (logical pixels), from its laid-out content.
fn max_offset(node: &ComputedNode) -> f32 {
    ((node.content_size().y - node.size().y) * node.inverse_scale_factor()).max(0.0)
}

/// The mouse wheel scrolls the innermost scrollable node under the pointer that can still move.
pub(crate) fn wheel(
    mut wheel: MessageReader<MouseWheel>,
    hover: Option<Res<HoverMap>>,
    parents: Query<&ChildOf>,
    mut scrollables: Query<(&Node, &ComputedNode, &mut ScrollPosition)>,
) {
    let Some(hover) = hover else {
        wheel.clear();
        return;
    };
    for event in wheel.read() {
        let dy = -event.y * if event.unit == MouseScrollUnit::Line { LINE } else { 1.0 };
        let hovered: Vec<Entity> = hover.values().flat_map(|m| m.keys().copied()).collect();
        'pointer: for start in hovered {
            for entity in std::iter::once(start).chain(parents.iter_ancestors(start)) {
                let Ok((node, computed, mut position)) = scrollables.get_mut(entity) else { continue };
                if node.overflow.y != OverflowAxis::Scroll {
                    continue;
                }
                let max = max_offset(computed);
                let next = (position.y + dy).clamp(0.0, max);
                if next != position.y {
                    position.y = next;
                    break 'pointer;
                }
            }
        }
    }
}

/// Page Up / Page Down / Home / End scroll the screen's page.
pub(crate) fn page_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut pages: Query<(&ComputedNode, &mut ScrollPosition), With<PageScroll>>,
) {
    for (computed, mut position) in &mut pages {
        let page = computed.size().y * computed.inverse_scale_factor() * 0.8;
        let max = max_offset(computed);
        let mut y = position.y;
        if keys.just_pressed(KeyCode::PageDown) {
            y += page;
        }
        if keys.just_pressed(KeyCode::PageUp) {
            y -= page;
        }
        if keys.just_pressed(KeyCode::Home) {
            y = 0.0;
        }
        if keys.just_pressed(KeyCode::End) {
            y = max;
        }
        let y = y.clamp(0.0, max);
        if y != position.y {
            position.y = y;
        }
    }
}

/// Keeps the focused button inside the visible part of the scroll container it is in (Tab and the
/// arrow keys may move the focus to a button below the window's edge).
pub(crate) fn scroll_to_focus(
    focus: Res<InputFocus>,
    parents: Query<&ChildOf>,
    nodes: Query<(&ComputedNode, &UiGlobalTransform)>,
    mut scrollables: Query<(&Node, &ComputedNode, &UiGlobalTransform, &mut ScrollPosition)>,
) {
    if !focus.is_changed() {
        return;
    }
    let Some(focused) = focus.get() else { return };
    let Ok((node, transform)) = nodes.get(focused) else { return };
    let scale = node.inverse_scale_factor();
    let (top, bottom) = {
        let centre = transform.translation.y * scale;
        let half = node.size().y * scale / 2.0;
        (centre - half, centre + half)
    };
    for ancestor in parents.iter_ancestors(focused) {
        let Ok((style, computed, at, mut position)) = scrollables.get_mut(ancestor) else { continue };
        if style.overflow.y != OverflowAxis::Scroll {
            continue;
        }
        let s = computed.inverse_scale_factor();
        let centre = at.translation.y * s;
        let half = computed.size().y * s / 2.0;
        let y = if bottom > centre + half {
            position.y + bottom - (centre + half)
        } else if top < centre - half {
            position.y - ((centre - half) - top)
        } else {
            position.y
        };
        let y = y.clamp(0.0, max_offset(computed));
        if y != position.y {
            position.y = y;
        }
        return;
    }
}
