//! The pointer acts only where the player aimed it ([`PointerGate`]).
//!
//! A screen, a menu or an overlay ([`Overlay`]) that appears under a pointer at rest puts a new button,
//! card or board square under it that the player never aimed at: clicking again where "Start" was
//! armed the battle's Teleport, and Back on the settings panel left the pointer on a title button
//! that took the next click. So after every such change the pointer is *at rest*: nothing under it
//! looks hovered or takes a click (buttons: [`super::actions`]; the board: `crate::board::input`)
//! until it moves [`AIM_DISTANCE`] logical pixels away from where it rested, or leaves the window and
//! comes back. The keyboard is not affected.
//!
//! The window's first report of a resting pointer (at launch) is where it rests, not a move.

use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;
use bevy::prelude::*;
use bevy::window::{CursorLeft, CursorMoved};

/// How far the pointer must move (logical pixels) from where it rested when the view changed before
/// what lies under it is hovered and takes clicks.
pub const AIM_DISTANCE: f32 = 4.0;

/// Whether the pointer has been aimed since the view last changed (a screen, a menu, an
/// [`Overlay`]); see the [module](self).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct PointerGate {
    /// Where the pointer is in the window (`None`: not reported yet, or it left).
    at: Option<Vec2>,
    /// Where it was when the view last changed (`None`: not known; its next report sets it).
    rest: Option<Vec2>,
    /// It left the window since its last report (its next report is a return).
    left: bool,
    /// It moved away from `rest`, or came back into the window, since the view changed.
    aimed: bool,
}

impl PointerGate {
    /// Whether what lies under the pointer may look hovered and take a click.
    #[must_use]
    pub fn aimed(&self) -> bool {
        self.aimed
    }

    /// The view changed under the pointer: it is at rest where it is now.
    pub fn view_changed(&mut self) {
        self.rest = self.at;
        self.aimed = false;
    }

    /// The window reported the pointer at `position` (logical pixels).
    pub fn moved_to(&mut self, position: Vec2) {
        self.at = Some(position);
        if std::mem::take(&mut self.left) {
            // Back into the window: a move the player made.
            self.aimed = true;
        }
        match self.rest {
            None => self.rest = Some(position),
            Some(rest) if rest.distance(position) >= AIM_DISTANCE => self.aimed = true,
            Some(_) => {}
        }
    }

    /// The pointer left the window.
    pub fn left_window(&mut self) {
        self.at = None;
        self.left = true;
    }
}

/// Follows the pointer through the window's reports; runs before picking reads them, so a click in
/// the frame the pointer arrives counts the move.
pub(crate) fn track_pointer(
    mut moves: MessageReader<CursorMoved>,
    mut leaves: MessageReader<CursorLeft>,
    mut gate: ResMut<PointerGate>,
) {
    let mut next = *gate;
    if leaves.read().count() > 0 {
        next.left_window();
    }
    for m in moves.read() {
        next.moved_to(m.position);
    }
    gate.set_if_neq(next);
}

/// A screen or a menu changed: the pointer is at rest.
pub(crate) fn rest_on_view_change(mut gate: ResMut<PointerGate>) {
    gate.view_changed();
}

/// A layer over a screen (a menu, a banner or question over the board): when it appears or goes, the
/// pointer is at rest ([`PointerGate::view_changed`]), so a button it brings (or uncovers) under the
/// pointer does not take the click that was meant for what was there before.
#[derive(Component, Debug, Default, Clone, Copy)]
#[component(on_add = overlay_changes, on_remove = overlay_changes)]
pub struct Overlay;

fn overlay_changes(mut world: DeferredWorld, _: HookContext) {
    if let Some(mut gate) = world.get_resource_mut::<PointerGate>() {
        gate.view_changed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pointer_is_aimed_only_after_it_moved_from_where_the_view_changed() {
        let mut gate = PointerGate::default();
        // Launch: the first report is where the pointer rests.
        gate.moved_to(Vec2::new(100.0, 100.0));
        assert!(!gate.aimed());
        gate.moved_to(Vec2::new(102.0, 101.0));
        assert!(!gate.aimed(), "two pixels is a tremor, not an aim");
        gate.moved_to(Vec2::new(104.0, 100.0));
        assert!(gate.aimed());
        // A screen change under the still pointer: at rest again, measured from where it is.
        gate.view_changed();
        assert!(!gate.aimed());
        gate.moved_to(Vec2::new(104.0, 100.0));
        assert!(!gate.aimed());
        gate.moved_to(Vec2::new(104.0, 96.0));
        assert!(gate.aimed());
        // A change while the pointer is outside the window: coming back in is a move.
        gate.left_window();
        gate.view_changed();
        assert!(!gate.aimed());
        gate.moved_to(Vec2::new(104.0, 96.0));
        assert!(gate.aimed());
        // Leaving and coming back in after the change aims too.
        gate.view_changed();
        gate.left_window();
        gate.moved_to(Vec2::new(105.0, 96.0));
        assert!(gate.aimed());
    }
}
