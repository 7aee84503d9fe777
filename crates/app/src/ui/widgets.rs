//! The shared widgets: buttons, headings, labels, message lines and the screen frames. Sizes are in
//! units ([`super::scale`]), so they follow the UI scale setting.

use bevy::input_focus::tab_navigation::{TabGroup, TabIndex};
use bevy::prelude::*;

use super::actions::{ButtonAction, FocusKey};
use super::scale::{text_font, units};
use crate::palette::STANDARD;

/// The button label's text entity marker.
#[derive(Component)]
pub struct ButtonLabel;

/// A button: a label and the action it sends. Focusable with the keyboard.
pub fn button<A: ButtonAction>(label: impl Into<String>, action: A) -> impl Bundle {
    sized_button(label.into(), action, 22.0, (1.6, 0.9))
}

/// A small button (for +/-, promotion pieces and tool bars).
pub fn small_button<A: ButtonAction>(label: impl Into<String>, action: A) -> impl Bundle {
    sized_button(label.into(), action, 5.0, (1.0, 0.6))
}

/// The one button shape, at a minimum width and padding (units).
fn sized_button<A: ButtonAction>(
    label: String,
    action: A,
    min_width: f32,
    (pad_x, pad_y): (f32, f32),
) -> impl Bundle {
    (
        Button,
        FocusKey::of(&action),
        action,
        TabIndex(0),
        Node {
            min_width: units(min_width),
            // A long label wraps inside the window instead of running off both edges.
            max_width: Val::Percent(100.0),
            padding: UiRect::axes(units(pad_x), units(pad_y)),
            margin: UiRect::all(units(0.45)),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(units(0.35)),
            border_radius: BorderRadius::all(units(0.8)),
            ..default()
        },
        BackgroundColor(STANDARD.button),
        BorderColor::all(Color::NONE),
        children![(ButtonLabel, Text::new(label), text_font(2.6), Pickable::IGNORE)],
    )
}

/// A heading.
pub fn heading(text: impl Into<String>) -> impl Bundle {
    (
        Text::new(text),
        text_font(6.0),
        TextColor(STANDARD.accent),
        Node { margin: UiRect::bottom(units(2.0)), ..default() },
    )
}

/// A line of body text.
pub fn label(text: impl Into<String>) -> impl Bundle {
    (Text::new(text), text_font(2.4), Node { margin: UiRect::all(units(0.4)), ..default() })
}

/// A line in the error colour (a refusal, a failed save).
pub fn error_line(text: impl Into<String>) -> impl Bundle {
    (label(text), TextColor(STANDARD.error))
}

/// A line in the muted colour (hints).
pub fn muted_line(text: impl Into<String>) -> impl Bundle {
    (label(text), TextColor(STANDARD.muted))
}

/// A row of widgets, centred vertically.
#[must_use]
pub fn row() -> Node {
    Node { flex_direction: FlexDirection::Row, align_items: AlignItems::Center, ..default() }
}

/// A row that wraps onto more lines.
#[must_use]
pub fn wrapping_row() -> Node {
    Node { flex_direction: FlexDirection::Row, flex_wrap: FlexWrap::Wrap, ..default() }
}

/// A centred row of cards (board options, skill-tree groups) that wraps onto more lines, 2 units
/// apart, never wider than its parent.
#[must_use]
pub fn card_row() -> Node {
    Node {
        justify_content: JustifyContent::Center,
        column_gap: units(2.0),
        max_width: Val::Percent(100.0),
        ..wrapping_row()
    }
}

/// The usual page column: children centred horizontally, a margin of 2 units on every side.
#[must_use]
pub fn page_column() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        padding: UiRect::all(units(2.0)),
        ..default()
    }
}

/// Spawns a page screen: a full-screen scroll container (one Tab group, tagged to despawn when
/// `screen` is left) holding one column (`column`, with `content`), centred while it fits the window
/// and starting at the top when it is taller (a large UI scale), so its top is never cut off and the
/// rest scrolls ([`super::scroll`]). Returns the column.
pub fn spawn_page(
    commands: &mut Commands,
    name: &str,
    screen: crate::screens::Screen,
    column: Node,
    content: impl Bundle,
) -> Entity {
    let column = commands
        .spawn((
            Node {
                margin: UiRect::vertical(Val::Auto),
                flex_shrink: 0.0,
                max_width: Val::Percent(100.0),
                ..column
            },
            content,
        ))
        .id();
    commands
        .spawn((
            Name::new(name.to_string()),
            DespawnOnExit(screen),
            Node {
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                overflow: Overflow::scroll_y(),
                ..default()
            },
            super::scroll::PageScroll,
            TabGroup::new(0),
        ))
        .add_child(column);
    column
}

/// `swift` -> `Swift`.
#[must_use]
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// `text` with a pointer in front when `selected` (the chosen option of a row of buttons).
#[must_use]
pub fn mark(selected: bool, text: impl Into<String>) -> String {
    let text = text.into();
    if selected { format!("\u{25B6} {text}") } else { text }
}
