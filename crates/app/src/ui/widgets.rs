//! The shared widgets: buttons, headings, labels, message lines and the screen frames. Sizes are in
//! units ([`super::scale`]), so they follow the UI scale setting.

use bevy::input_focus::tab_navigation::{TabGroup, TabIndex};
use bevy::prelude::*;

use super::actions::{ButtonAction, FocusKey};
use super::scale::{text_font, units};
use crate::palette::STANDARD;
use crate::run::words::capitalize;

/// The button label's text entity marker.
#[derive(Component)]
pub struct ButtonLabel;

/// A button: a label and the action it sends. Focusable with the keyboard.
pub fn button<A: ButtonAction>(label: impl Into<String>, action: A) -> impl Bundle {
    sized_button(label.into(), action, 22.0, (1.6, 0.9))
}

/// The node every button shares: margin, a column of centred lines, border and rounding (units);
/// the caller sets the size and padding.
fn button_node() -> Node {
    Node {
        margin: UiRect::all(units(0.45)),
        flex_direction: FlexDirection::Column,
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border: UiRect::all(units(0.35)),
        border_radius: BorderRadius::all(units(0.8)),
        ..default()
    }
}

/// A button's frame around `node`: focusable, sending `action`, in the standard button colour.
fn button_frame<A: ButtonAction>(action: A, node: Node) -> impl Bundle {
    (
        Button,
        FocusKey::of(&action),
        action,
        TabIndex(0),
        node,
        BackgroundColor(STANDARD.button),
        BorderColor::all(Color::NONE),
    )
}

/// A skill button's width, units: the longest state (`30 ticks`) and the skill's name fit one line
/// each, and two of them and a Skip button fit a side panel's row.
pub const SKILL_BUTTON_W: f32 = 14.0;

/// A skill button's height, units: the name's line (2.2 units), the state's (1.7), padding and border,
/// with room for the lines' rounding to whole pixels.
pub const SKILL_BUTTON_H: f32 = 6.0;

/// A skill button, the one shape on every board screen (battles, the tutorial, skill chess): the
/// skill's name over its state (`ready`, `3 ticks`, `off`; [`crate::ui::cooldown_words`]), at one
/// fixed size, so a cooldown that counts down never changes its width and nothing beside or below it
/// moves under the pointer.
pub fn skill_button<A: ButtonAction>(skill: gambit_skills::Skill, state: &str, action: A) -> impl Bundle {
    let frame = Node {
        width: units(SKILL_BUTTON_W),
        height: units(SKILL_BUTTON_H),
        flex_shrink: 0.0,
        padding: UiRect::axes(units(0.6), units(0.1)),
        ..button_node()
    };
    (
        button_frame(action, frame),
        children![
            (ButtonLabel, Text::new(capitalize(&skill.to_string())), text_font(2.2), Pickable::IGNORE),
            (ButtonLabel, Text::new(state.to_string()), text_font(1.7), Pickable::IGNORE),
        ],
    )
}

/// A small button (for +/-, promotion pieces and tool bars).
pub fn small_button<A: ButtonAction>(label: impl Into<String>, action: A) -> impl Bundle {
    sized_button(label.into(), action, 5.0, (1.0, 0.6))
}

/// A small button whose label is a line of smaller text (2 units, not 2.6): a description on a
/// button in a side panel (the battle's consumables), where three of them beside the hovered piece's
/// line must fit the panel's height at 900x600.
pub fn text_button<A: ButtonAction>(label: impl Into<String>, action: A) -> impl Bundle {
    button_with_font(label.into(), action, 5.0, (1.0, 0.5), 2.0)
}

/// The one button shape, at a minimum width and padding (units).
fn sized_button<A: ButtonAction>(
    label: String,
    action: A,
    min_width: f32,
    padding: (f32, f32),
) -> impl Bundle {
    button_with_font(label, action, min_width, padding, 2.6)
}

/// The one button shape, at a minimum width, padding and label font (units).
fn button_with_font<A: ButtonAction>(
    label: String,
    action: A,
    min_width: f32,
    (pad_x, pad_y): (f32, f32),
    font: f32,
) -> impl Bundle {
    let frame = Node {
        min_width: units(min_width),
        // A long label wraps inside the window instead of running off both edges.
        max_width: Val::Percent(100.0),
        padding: UiRect::axes(units(pad_x), units(pad_y)),
        ..button_node()
    };
    (
        button_frame(action, frame),
        children![(ButtonLabel, Text::new(label), text_font(font), Pickable::IGNORE)],
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

/// Body text in a box of `lines` lines' height, whatever it says (an empty text included), so what
/// follows it never moves when it appears, changes or goes (status lines, "thinking", refusals).
/// Longer text is clipped; the layout check ([`super::layout_check`]) reports it.
pub fn reserved_line(text: impl Into<String>, lines: f32) -> impl Bundle {
    reserved_text(text, 2.4, lines)
}

/// Text at a font of `font_units` in a box of `lines` lines' height (see [`reserved_line`]).
pub fn reserved_text(text: impl Into<String>, font_units: f32, lines: f32) -> impl Bundle {
    (
        Text::new(text),
        text_font(font_units),
        Node {
            height: units((font_units * LINE_FACTOR + RESERVE_SLACK) * lines),
            flex_shrink: 0.0,
            margin: UiRect::all(units(0.4)),
            overflow: Overflow::clip(),
            ..default()
        },
    )
}

/// A line's height over its font size (DejaVu Sans, Bevy's default line height).
pub const LINE_FACTOR: f32 = 1.2;

/// Room added per line of a reserved box, units: the text's line height is rounded up to whole
/// pixels when drawn, the box's height to the nearest, so at a UI scale of 5/8 (an 800x600 window) a
/// line of 13.2 pixels was drawn 14 high in a box of 13.
pub const RESERVE_SLACK: f32 = 0.2;

/// A line in the error colour (a refusal, a failed save).
pub fn error_line(text: impl Into<String>) -> impl Bundle {
    (label(text), TextColor(STANDARD.error))
}

/// A refusal or failure in the error colour, centred, in a box of `lines` lines that is there when
/// nothing is refused too (empty), so a message that comes or goes never moves what is around it (at
/// the foot of a page centred in the window, it moved every button up by half its height).
pub fn message_line(text: Option<&str>, lines: f32) -> impl Bundle {
    (
        reserved_line(text.unwrap_or_default(), lines),
        TextColor(STANDARD.error),
        TextLayout::justify(Justify::Center),
    )
}

/// What an item does, shown in the board screens' hover-card room under the board while the pointer
/// is over the node that carries it or its button has the keyboard focus (the battle's consumables,
/// the battle's and the deployment's badges): `Name: text`, the catalogue's words
/// ([`crate::board::view::draw_modifier_tip`]). The panels name their items; this says what they do.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ItemTip(pub String);

/// The run's badges as a wrapping row of chips after `Badges:`, one chip per badge by name (`badges`
/// holds (name, `Name: text`) pairs); each chip's [`ItemTip`] says what it does. By name, so the 23
/// badges of the catalogue take a few lines of a side panel (their texts took over 100 units).
pub fn spawn_badge_chips(p: &mut ChildSpawnerCommands<'_>, badges: &[(String, String)]) {
    if badges.is_empty() {
        return;
    }
    p.spawn((
        Name::new("Badges"),
        Node {
            align_items: AlignItems::Center,
            column_gap: units(0.5),
            row_gap: units(0.25),
            margin: UiRect::all(units(0.4)),
            ..wrapping_row()
        },
    ))
    .with_children(|row| {
        row.spawn((Text::new("Badges:"), text_font(BADGE_FONT), TextColor(STANDARD.muted)));
        for (name, tip) in badges {
            row.spawn(item_chip(name.clone(), tip.clone(), BADGE_FONT, STANDARD.text));
        }
    });
}

/// A chip naming an item (a badge, a boss's rule): the name in `font` units and `ink` on a tinted
/// ground, carrying the item's [`ItemTip`] (what it does, shown under the board on hover or focus).
/// No border nor vertical padding, so a row of chips is a line of text high (with borders, the 23
/// badges took 60 pixels more at 1280x800); the sides are padded by a fifth of the font.
pub fn item_chip(name: String, tip: String, font: f32, ink: Color) -> impl Bundle {
    (
        ItemTip(tip),
        Interaction::default(),
        Node {
            padding: UiRect::horizontal(units(0.21 * font)),
            border_radius: BorderRadius::all(units(0.5)),
            ..default()
        },
        BackgroundColor(STANDARD.button.with_alpha(0.55)),
        children![(Text::new(name), text_font(font), TextColor(ink), Pickable::IGNORE)],
    )
}

/// The badge chips' font, units.
const BADGE_FONT: f32 = 1.9;

/// A line in the muted colour (hints).
pub fn muted_line(text: impl Into<String>) -> impl Bundle {
    (label(text), TextColor(STANDARD.muted))
}

/// A log that takes the rest of its column's height and shows its newest entries (the lines of
/// `text`, each one text node that may wrap) at the bottom: older entries are clipped at the top, so
/// it never runs off the window, and its clipping box holds whole entries ([`snap_log_tails`]), so
/// the oldest one shown is never cut through nor starts mid-entry (a wrapped entry at the top showed
/// only its last line). `top_margin` in UI units (0 for none). Used by the battle panel, the
/// tutorial and the replay.
pub fn spawn_log_tail(parent: &mut ChildSpawnerCommands<'_>, text: String, top_margin: f32) {
    parent
        .spawn(Node {
            flex_grow: 1.0,
            min_height: Val::Px(0.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::FlexEnd,
            margin: UiRect::top(units(top_margin)),
            ..default()
        })
        .with_children(|room| {
            room.spawn((
                LogTail,
                super::layout_marks::Clipped,
                Node {
                    height: Val::Percent(100.0),
                    flex_shrink: 0.0,
                    flex_direction: FlexDirection::Column,
                    justify_content: JustifyContent::FlexEnd,
                    overflow: Overflow::clip(),
                    ..default()
                },
            ))
            .with_children(|b| {
                for entry in text.lines() {
                    b.spawn((
                        Text::new(entry),
                        text_font(1.9),
                        TextColor(STANDARD.muted),
                        Node { flex_shrink: 0.0, ..default() },
                    ));
                }
            });
        });
}

/// The clipping box of a log's tail ([`spawn_log_tail`]), inside the room the log may take.
#[derive(Component, Debug, Clone, Copy)]
pub struct LogTail;

/// Gives each log tail's clipping box the height of as many of its newest entries as its room
/// holds whole (their heights as laid out last frame), at the room's foot; when even the newest
/// entry is taller than the room, as many of that entry's last lines as fit.
pub fn snap_log_tails(
    mut tails: Query<(&ChildOf, &Children, &mut Node), With<LogTail>>,
    nodes: Query<&ComputedNode>,
    texts: Query<&bevy::text::TextLayoutInfo>,
) {
    for (parent, children, mut node) in &mut tails {
        let Ok(room) = nodes.get(parent.parent()) else { continue };
        // All in logical pixels (`Val::Px`).
        let logical = |n: &ComputedNode| n.size().y * n.inverse_scale_factor();
        let room_height = logical(room);
        let mut height = 0.0;
        for entry in children.iter().rev() {
            let Ok(entry) = nodes.get(entry) else { continue };
            let entry_height = logical(entry);
            if height + entry_height > room_height + 0.01 {
                break;
            }
            height += entry_height;
        }
        if height <= 0.0 {
            // The newest entry alone overflows the room: its last whole lines.
            let Some(newest) = children.last() else { continue };
            let (Ok(info), Ok(entry)) = (texts.get(*newest), nodes.get(*newest)) else { continue };
            let lines = info.glyphs.iter().map(|g| g.line_index + 1).max().unwrap_or(0);
            if lines == 0 {
                continue;
            }
            let line = logical(entry) / lines as f32;
            height = (room_height / line + 0.01).floor() * line;
        }
        let height = Val::Px(height);
        if node.height != height {
            node.height = height;
        }
    }
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

/// How far a skill is from ready, in words: `ready`, `1 tick`, `3 ticks` (the skill clock's ticks).
#[must_use]
pub fn cooldown_words(ticks: u32) -> String {
    match ticks {
        0 => "ready".to_string(),
        1 => "1 tick".to_string(),
        n => format!("{n} ticks"),
    }
}

/// A skill button's label, one wording on every screen (battles, the tutorial, skill chess): the
/// skill's name and, after a colon, its cooldown in [`cooldown_words`] (`Teleport: ready`, `Freeze: 3
/// ticks`), or `off` when the game has skills switched off (`enabled` false).
#[must_use]
pub fn skill_label(skill: gambit_skills::Skill, ticks: u32, enabled: bool) -> String {
    let state = if enabled { cooldown_words(ticks) } else { "off".to_string() };
    format!("{}: {state}", capitalize(&skill.to_string()))
}

/// The opponent's skills in one line, one wording on every screen (the battle panel, skill chess):
/// `Enemy skills: Teleport ready, Freeze in 3 ticks` for `who` "Enemy skills" and the cooldowns of
/// Teleport and Freeze in ticks, or `Enemy skills: none` when the opponent has none (`None`).
#[must_use]
pub fn opponent_skills(who: &str, cooldowns: Option<[u32; 2]>) -> String {
    let Some(cooldowns) = cooldowns else { return format!("{who}: none") };
    let states: Vec<String> = [gambit_skills::Skill::Teleport, gambit_skills::Skill::Freeze]
        .into_iter()
        .zip(cooldowns)
        .map(|(skill, ticks)| {
            let state = match ticks {
                0 => cooldown_words(0),
                n => format!("in {}", cooldown_words(n)),
            };
            format!("{} {state}", capitalize(&skill.to_string()))
        })
        .collect();
    format!("{who}: {}", states.join(", "))
}

/// What to do after pressing a skill's button, on every screen: `Teleport: click a marked square (Esc
/// cancels)`.
#[must_use]
pub fn targeting_hint(skill: gambit_skills::Skill) -> String {
    format!("{}: click a marked square (Esc cancels)", capitalize(&skill.to_string()))
}

/// Why a skill's button did nothing, on every screen: `Freeze is recharging: 3 ticks`.
#[must_use]
pub fn recharging(skill: gambit_skills::Skill, ticks: u32) -> String {
    format!("{} is recharging: {}", capitalize(&skill.to_string()), cooldown_words(ticks))
}

/// `text` with a pointer in front when `selected` (the chosen option of a row of buttons).
#[must_use]
pub fn mark(selected: bool, text: impl Into<String>) -> String {
    let text = text.into();
    if selected { format!("\u{25B6} {text}") } else { text }
}

/// What a card shows (shop stock, run-start offers, board options, the pieces of the army): a large
/// picture (a piece's art, a modifier's icon), a title, a short text, and optional price and status
/// lines. A card's size is fixed by its [`CardSize`], never by its content, so a row of cards does not
/// move when one of them changes (sold, chosen, at the limit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Card {
    /// The big symbol at the top (an icon character: a modifier's, a badge's star); may be empty.
    pub art: String,
    /// A piece's picture at the top, the board's own art ([`crate::board::art`]), drawn instead of
    /// `art` when set.
    pub image: Option<Handle<Image>>,
    /// The name.
    pub title: String,
    /// What it does (wraps inside the card; may be empty).
    pub text: String,
    /// The price line (`12 gold`), if any.
    pub price: Option<String>,
    /// The state line (`owned 2 / 8`, `sold`, `Swift`), if any.
    pub status: Option<String>,
    /// The chosen card of its row (marked with a pointer before the title and an accent border).
    pub selected: bool,
}

/// A card's fixed size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSize {
    /// An offer: 17 x 45 units (eight fit in one row of the narrowest window), room for a description
    /// of eleven lines of [`SMALL_TEXT`] (the catalogue's longest texts, about 115 characters) and a
    /// state of two.
    Offer,
    /// An offer among a few (the run start's three modifiers): 36 x 24.5 units, room for a
    /// description of five lines of [`SMALL_TEXT`] (the longest modifier's, Poisonous's 113
    /// characters, takes five; at 28 units the cards stood half empty).
    Choice,
    /// A piece of the army: 13 x 14 units (symbol, name, one status line).
    Piece,
    /// A piece of the army among many (the shop's choice of a modifier's piece): 13.3 x 6.7 units,
    /// its title (`♞ Knight 2`) and one status line in [`CHIP_STATUS_TEXT`] (its modifier: the
    /// longest, `Regenerating`, fits); two rows take less height than one row of
    /// [`CardSize::Piece`] cards, and a full army of 12 fits the shop at 1280x800, 900x600 and
    /// 800x600 (`the_shop_fits_with_a_full_army`). No picture.
    Chip,
}

/// The status line's font of a [`CardSize::Chip`], units.
pub const CHIP_STATUS_TEXT: f32 = 1.6;

impl CardSize {
    /// (width, height) in units.
    #[must_use]
    pub fn units(self) -> (f32, f32) {
        match self {
            CardSize::Offer => (17.0, 45.0),
            CardSize::Choice => (36.0, 24.5),
            CardSize::Piece => (13.0, 14.0),
            CardSize::Chip => (13.3, 6.7),
        }
    }
}

/// The smallest text of the interface, units: 11 pixels high in an 800x600 window (where a unit is 5
/// pixels), 13 at 900x600. A card's description, price and state use it: at 1.6 units a shop card's
/// description was 8 pixels high at 800x600, unreadable.
pub const SMALL_TEXT: f32 = 2.2;

/// The margin around a card of [`spawn_card`] on every side, units (a row of `n` cards is `n` times
/// its width plus twice this).
pub const CARD_MARGIN: f32 = 0.3;

/// Spawns a card under `parent`: a button sending `action` (focusable, with the usual hover, disabled
/// and focus styles; the caller inserts [`super::Disabled`] when it cannot be chosen).
pub fn spawn_card<'a, A: ButtonAction>(
    parent: &'a mut ChildSpawnerCommands<'_>,
    card: &Card,
    action: A,
    size: CardSize,
) -> EntityCommands<'a> {
    let (width, height) = size.units();
    // An offer's title at 2.1 units: one word of 12 letters (`Regenerating`) fits the card's width
    // (at 2.4 it ran over the card's edge).
    let (art_size, title_size) = match size {
        CardSize::Offer => (4.0, 2.1),
        CardSize::Choice => (4.0, 2.4),
        CardSize::Piece => (4.0, SMALL_TEXT),
        CardSize::Chip => (0.0, 2.0),
    };
    let (padding, status_font) = match size {
        CardSize::Chip => (0.4, CHIP_STATUS_TEXT),
        _ => (0.7, SMALL_TEXT),
    };
    let mut entity = parent.spawn((
        Button,
        FocusKey::of(&action),
        action,
        TabIndex(0),
        Node {
            width: units(width),
            height: units(height),
            flex_shrink: 0.0,
            padding: UiRect::all(units(padding)),
            margin: UiRect::all(units(CARD_MARGIN)),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            // A chip's lines in its middle (a piece without a modifier has one line only).
            justify_content: if size == CardSize::Chip {
                JustifyContent::Center
            } else {
                JustifyContent::FlexStart
            },
            row_gap: units(0.3),
            border: UiRect::all(units(0.35)),
            border_radius: BorderRadius::all(units(1.0)),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(STANDARD.button),
        BorderColor::all(Color::NONE),
    ));
    let selected = card.selected;
    let card = card.clone();
    entity.with_children(|c| {
        if let Some(image) = &card.image {
            let side = art_size * LINE_FACTOR;
            c.spawn((
                ImageNode::new(image.clone()),
                Node { width: units(side), height: units(side), flex_shrink: 0.0, ..default() },
                Pickable::IGNORE,
            ));
        } else if !card.art.is_empty() {
            c.spawn((
                Text::new(card.art.clone()),
                text_font(art_size),
                TextColor(STANDARD.white_piece),
                TextLayout::justify(Justify::Center),
                Pickable::IGNORE,
            ));
        }
        c.spawn((
            ButtonLabel,
            Text::new(mark(selected, card.title.clone())),
            text_font(title_size),
            TextLayout::justify(Justify::Center),
            Node { max_width: Val::Percent(100.0), ..default() },
            Pickable::IGNORE,
        ));
        if !card.text.is_empty() {
            c.spawn((
                Text::new(card.text.clone()),
                text_font(SMALL_TEXT),
                TextColor(STANDARD.muted),
                TextLayout::justify(Justify::Center),
                Node { max_width: Val::Percent(100.0), flex_grow: 1.0, ..default() },
                Pickable::IGNORE,
            ));
        } else if size != CardSize::Chip {
            c.spawn((Node { flex_grow: 1.0, ..default() }, Pickable::IGNORE));
        }
        for (line, color) in [(&card.price, STANDARD.accent), (&card.status, STANDARD.muted)] {
            if let Some(line) = line {
                c.spawn((
                    Text::new(line.clone()),
                    text_font(status_font),
                    TextColor(color),
                    TextLayout::justify(Justify::Center),
                    Node { max_width: Val::Percent(100.0), ..default() },
                    Pickable::IGNORE,
                ));
            }
        }
    });
    if selected {
        entity.insert(Selected);
    }
    entity
}

/// Marks the chosen card of a row: [`super::focus`] draws its border in the accent colour when it
/// has no focus ring.
#[derive(Component, Debug, Default)]
pub struct Selected;

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_skills::Skill;

    #[test]
    fn skill_buttons_have_one_wording() {
        assert_eq!(skill_label(Skill::Teleport, 0, true), "Teleport: ready");
        assert_eq!(skill_label(Skill::Freeze, 1, true), "Freeze: 1 tick");
        assert_eq!(skill_label(Skill::Freeze, 9, true), "Freeze: 9 ticks");
        assert_eq!(skill_label(Skill::Teleport, 0, false), "Teleport: off");
        assert_eq!(targeting_hint(Skill::Freeze), "Freeze: click a marked square (Esc cancels)");
        assert_eq!(opponent_skills("Engine", Some([0, 3])), "Engine: Teleport ready, Freeze in 3 ticks");
        assert_eq!(
            opponent_skills("Enemy skills", Some([1, 0])),
            "Enemy skills: Teleport in 1 tick, Freeze ready"
        );
        assert_eq!(opponent_skills("Enemy skills", None), "Enemy skills: none");
        assert_eq!(recharging(Skill::Teleport, 4), "Teleport is recharging: 4 ticks");
    }
}
