//! How a button acts. Every button answers one event, [`Activate`]: a click with the primary pointer
//! button (where the pointer was aimed, [`super::pointer`]), or Enter while it has the keyboard focus ([`super::focus`]). Each screen has a small action
//! enum that is both its buttons' component and the message its systems read; [`register`] connects
//! the two, so a click, the keyboard and a headless test that activates a button all arrive as the same
//! message.

use std::fmt::Debug;

use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;
use bevy::input_focus::tab_navigation::TabIndex;
use bevy::prelude::*;

/// A button was activated (clicked, or Enter while focused). Triggered on the button entity.
#[derive(EntityEvent, Clone, Copy, Debug)]
pub struct Activate {
    /// The button.
    pub entity: Entity,
}

/// What a screen's buttons do: a component on each button and the message sent when it is activated.
pub trait ButtonAction: Component + Message + Clone + Debug + PartialEq {}

impl<T: Component + Message + Clone + Debug + PartialEq> ButtonAction for T {}

/// A button that cannot be used now: it is drawn dimmed, ignores clicks and is skipped by Tab and the
/// arrow keys (its [`TabIndex`] is negative while it is disabled).
#[derive(Component, Debug)]
#[component(on_add = on_disable, on_remove = on_enable)]
pub struct Disabled;

fn on_disable(mut world: DeferredWorld, HookContext { entity, .. }: HookContext) {
    world.commands().entity(entity).try_insert(TabIndex(-1));
}

fn on_enable(mut world: DeferredWorld, HookContext { entity, .. }: HookContext) {
    world.commands().entity(entity).try_insert(TabIndex(0));
}

/// Identifies a button across rebuilds (its action's type and value), so the keyboard focus can return
/// to the same button after its panel is rebuilt.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct FocusKey(pub String);

impl FocusKey {
    /// The key of a button carrying `action`.
    #[must_use]
    pub fn of<A: ButtonAction>(action: &A) -> FocusKey {
        FocusKey(format!("{}::{action:?}", std::any::type_name::<A>()))
    }
}

/// Registers a screen's action type: the message, and the observer that sends it when a button
/// carrying it is activated.
pub fn register<A: ButtonAction>(app: &mut App) {
    app.add_message::<A>();
    app.add_observer(send_action::<A>);
}

fn send_action<A: ButtonAction>(
    activate: On<Activate>,
    buttons: Query<&A, Without<Disabled>>,
    mut out: MessageWriter<A>,
) {
    if let Ok(action) = buttons.get(activate.entity) {
        out.write(action.clone());
    }
}

/// A primary click on an enabled button activates it, if the pointer was aimed at it: a button that
/// appeared under a pointer at rest (a new screen, menu or overlay) takes no click until the pointer
/// moves ([`super::pointer::PointerGate`]).
pub(crate) fn click_activates(
    mut click: On<Pointer<Click>>,
    buttons: Query<(), (With<Button>, Without<Disabled>)>,
    gate: Res<super::pointer::PointerGate>,
    mut commands: Commands,
) {
    if click.button == PointerButton::Primary && buttons.contains(click.entity) {
        click.propagate(false);
        if gate.aimed() {
            commands.trigger(Activate { entity: click.entity });
        }
    }
}
