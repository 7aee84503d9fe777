//! The one panel paradigm: **spawn the frame on enter, rebuild a section when its view changes.**
//!
//! A screen spawns its fixed frame (containers, static text, buttons that never change) when it is
//! entered. Everything that changes is a *section*: a container entity holding a [`Section<V>`]. A
//! screen's present system computes the section's *view*, a plain value (`V: View`, compared with
//! `PartialEq`) made from the model and the screen's UI state, and calls [`show`]; the section's
//! children are despawned and rebuilt from the view only when it differs from the one shown. No system
//! patches a text or a colour of a panel in place (the board's cells are not a panel: they are drawn by
//! one small system per cell part, see [`crate::board::view`]). Views are plain data, so what a screen
//! shows can be tested without Bevy, and a panel is never rebuilt for a change it does not show.
//!
//! A rebuilt button gets the keyboard focus back if it had it ([`super::focus`] follows buttons by
//! their [`super::FocusKey`]).

use bevy::prelude::*;

/// What a section shows: a value that knows how to spawn itself.
pub trait View: PartialEq + Clone + Send + Sync + 'static {
    /// Spawns the section's children.
    fn build(&self, parent: &mut ChildSpawnerCommands<'_>);

    /// Whether the section takes space at all (`false`: its container is not displayed, so it leaves
    /// no gap in its parent's layout).
    fn visible(&self) -> bool {
        true
    }
}

/// The sections of one view type, as [`show`] takes them.
pub type Sections<'w, 's, V> = Query<'w, 's, (Entity, &'static mut Section<V>)>;

/// A container rebuilt from a `V` whenever the value to show differs from the one shown.
#[derive(Component)]
#[require(Node)]
pub struct Section<V: View> {
    shown: Option<V>,
}

impl<V: View> Default for Section<V> {
    fn default() -> Self {
        Section { shown: None }
    }
}

impl<V: View> Section<V> {
    /// An empty section, built at the first [`show`].
    #[must_use]
    pub fn new() -> Section<V> {
        Section::default()
    }

    /// The view on screen, if built.
    #[must_use]
    pub fn shown(&self) -> Option<&V> {
        self.shown.as_ref()
    }
}

/// Shows `view` in every section of its type, rebuilding only those that show something else.
pub fn show<V: View>(commands: &mut Commands, sections: &mut Sections<'_, '_, V>, view: &V) {
    for (entity, mut section) in sections.iter_mut() {
        if section.shown.as_ref() == Some(view) {
            continue;
        }
        let display = if view.visible() { Display::Flex } else { Display::None };
        commands.entity(entity).queue(move |mut e: EntityWorldMut<'_>| {
            if let Some(mut node) = e.get_mut::<Node>()
                && node.display != display
            {
                node.display = display;
            }
        });
        section.shown = Some(view.clone());
        commands.entity(entity).despawn_related::<Children>();
        commands.entity(entity).with_children(|parent| view.build(parent));
        commands.queue(super::focus::refocus);
    }
}
