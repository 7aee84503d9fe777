//! The marks a cell carries besides its piece, and the card that explains them: a modifier's icon on
//! a dark chip ([`draw_modifier_marks`]), the HP pips in the strip under the piece ([`draw_pips`]),
//! and the hover card under the board ([`draw_modifier_tip`]: a modifier, a frozen square or an
//! item). Part of the board's picture ([`super::view`], which re-exports these items); they run in
//! [`super::BoardSystems::Draw`] like the view's other systems.

use bevy::prelude::*;

#[cfg(doc)]
use super::view::spawn_board_screen;
use super::view::{CellModifier, CellPips};
use super::{BoardScene, BoardViewState, SceneCell};
use crate::palette::Palette;
use crate::settings::Settings;

/// The icon of a modifier, by its letter (`gambit_roguelite::Modifier::letter`); the letter itself
/// for one this table does not know.
#[must_use]
pub fn modifier_icon(letter: char) -> String {
    use gambit_roguelite::Modifier;
    let icon = match gambit_roguelite::Modifier::ALL.into_iter().find(|m| m.letter() == letter) {
        Some(Modifier::Poisonous) => '\u{2623}',
        Some(Modifier::Bulwark) => '\u{25A6}',
        Some(Modifier::Rallying) => '\u{2691}',
        Some(Modifier::Swift) => '\u{00BB}',
        Some(Modifier::Armored) => '\u{25C8}',
        Some(Modifier::Vampiric) => '\u{2665}',
        Some(Modifier::Sentinel) => '\u{25C9}',
        Some(Modifier::Spiked) => '\u{2736}',
        Some(Modifier::Warded) => '\u{2726}',
        Some(Modifier::Inspiring) => '\u{2605}',
        Some(Modifier::Regenerating) => '\u{271A}',
        None => letter,
    };
    icon.to_string()
}

/// The strip under the piece: the HP pips, `●●○`.
#[must_use]
pub fn pips(c: &SceneCell) -> String {
    let mut s = String::new();
    if let Some((hp, max)) = c.hp {
        for i in 0..max {
            s.push(if i < hp { '\u{25CF}' } else { '\u{25CB}' });
        }
    }
    s
}

/// The modifier icons in the cells' lower-left corners, each on a dark chip that reads on both square
/// colours; nothing (and no chip) where no modified piece stands.
pub fn draw_modifier_marks(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut marks: Query<(&CellModifier, &mut Text, &mut TextColor, &mut BackgroundColor)>,
) {
    let palette = Palette::for_settings(&settings);
    for (CellModifier(pos), mut text, mut color, mut bg) in &mut marks {
        let c = pos.scene_cell(&scene, &view);
        let icon = c.piece.and(c.modifier).map(|m| cell_icon(m, c.modifier_spent)).unwrap_or_default();
        let chip = if icon.is_empty() { Color::NONE } else { palette.panel.with_alpha(0.85) };
        if text.0 != icon {
            text.0 = icon;
        }
        color.0 = palette.accent;
        if bg.0 != chip {
            bg.0 = chip;
        }
    }
}

/// The HP pips in the strips under the pieces.
pub fn draw_pips(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut pip_texts: Query<(&CellPips, &mut Text, &mut TextColor)>,
) {
    let palette = Palette::for_settings(&settings);
    for (CellPips(pos), mut text, mut color) in &mut pip_texts {
        text.0 = pips(&pos.scene_cell(&scene, &view));
        color.0 = palette.pips;
    }
}

/// The hover card of a piece's modifier: its icon, name and text, shown in its own room under the
/// board and its command line ([`spawn_board_screen`]), so it never covers the board or a button (the layout check holds it off every button, [`crate::ui::layout_marks::HoverCard`]).
#[derive(Component, Clone, Copy, Debug)]
#[require(crate::ui::layout_marks::HoverCard)]
pub struct ModifierTip;

/// The hover card's font, units.
pub(super) const TIP_FONT: f32 = 1.9;
/// The lines of text the hover card's room holds (the longest modifier text, Poisonous, and the longest
/// item text, Stonewall's badge, take two at the board's width; the tour shows both).
const TIP_LINES: f32 = 2.0;
/// The gap between the command line and the hover card, units.
pub(super) const TIP_GAP: f32 = 0.6;
/// The hover card's padding, units.
pub(super) const TIP_PAD: f32 = 0.6;

/// The height of the hover card's room under the board, units, at a UI scale `ratio` times 100%'s:
/// its lines, padding and gap. The board's width is in viewport units and the card's text in units,
/// so at a larger scale its text wraps into more lines: the room holds two lines times `ratio`
/// (rounded up; at 150% three lines, where Poisonous's card took three in a room of two).
#[must_use]
pub fn tip_room(ratio: f32) -> f32 {
    let lines = (TIP_LINES * ratio.max(1.0) - 1e-3).ceil();
    TIP_FONT * crate::ui::widgets::LINE_FACTOR * lines + 2.0 * TIP_PAD + TIP_GAP
}

/// The room of the hover card under the board ([`spawn_board_screen`]).
#[derive(Component, Clone, Copy, Debug)]
pub struct TipRoom;

/// Sizes the hover card's room for the UI scale shown ([`tip_room`]), so the scale decided for a
/// board screen ([`crate::ui::scale::settle_ui_scale`]) counts the room a card will need.
pub fn size_tip_room(
    scale: Option<Res<UiScale>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut rooms: Query<&mut Node, With<TipRoom>>,
) {
    let now = scale.map_or(1.0, |s| s.0);
    let size = windows.single().ok().map(|w| Vec2::new(w.width(), w.height()));
    let ratio = now / crate::ui::scale::ui_scale_for(1.0, size);
    let height = crate::ui::units(tip_room(ratio));
    for mut node in &mut rooms {
        if node.height != height {
            node.height = height;
        }
    }
}

/// The hover card's text for a modifier letter: `☣ Poisonous: <what it does>`; `None` for a letter
/// that names no modifier.
#[must_use]
pub fn modifier_card(letter: char) -> Option<String> {
    let m = gambit_roguelite::Modifier::ALL.into_iter().find(|m| m.letter() == letter)?;
    Some(format!("{} {}: {}", modifier_icon(letter), m.title(), m.description()))
}

/// The icon of broken armour: the Armored diamond, hollow.
pub const SPENT_ARMOR_ICON: &str = "\u{25C7}";

/// The mark of a piece's modifier: its icon, or the hollow diamond when its armour is spent.
#[must_use]
pub fn cell_icon(letter: char, spent: bool) -> String {
    if spent { SPENT_ARMOR_ICON.to_string() } else { modifier_icon(letter) }
}

/// The hover card of a piece's modifier ([`modifier_card`]), which says when its armour is spent.
#[must_use]
pub fn cell_card(letter: char, spent: bool) -> Option<String> {
    if spent {
        let m = gambit_roguelite::Modifier::ALL.into_iter().find(|m| m.letter() == letter)?;
        return Some(format!(
            "{SPENT_ARMOR_ICON} {}, armour broken: it stopped one capture; the next one takes it.",
            m.title()
        ));
    }
    modifier_card(letter)
}

/// Shows, in the hover card's room under the board, what the pointer points at: an item's
/// [`ItemTip`](crate::ui::ItemTip) under the pointer (a consumable button, a badge chip), else the
/// hovered square's freeze ([`gambit_skills::frozen_square_card`]) or its piece's modifier card,
/// else the item tip of the focused button; hides the card otherwise (the room stays, so nothing in
/// the panel moves). Runs its search only in a frame where one of its inputs changed (the hovered
/// square, the scene, the settings, the focus, the tip or the interaction of an item that has one,
/// a new card room), and writes only what changed.
#[allow(clippy::too_many_arguments)]
pub fn draw_modifier_tip(
    hovered: Res<super::Hovered>,
    scene: Res<BoardScene>,
    settings: Res<Settings>,
    focus: Res<bevy::input_focus::InputFocus>,
    items: Query<(&crate::ui::ItemTip, Option<&Interaction>)>,
    changed_items: Query<
        (),
        (With<crate::ui::ItemTip>, Or<(Changed<crate::ui::ItemTip>, Changed<Interaction>)>),
    >,
    mut removed_items: RemovedComponents<crate::ui::ItemTip>,
    new_rooms: Query<(), Added<ModifierTip>>,
    mut tips: Query<(&mut Node, &mut Text, &mut BackgroundColor, &mut TextColor), With<ModifierTip>>,
) {
    // Read every frame, so an old removal never counts in a later frame.
    let removed = removed_items.read().count() > 0;
    let inputs_changed = hovered.is_changed()
        || scene.is_changed()
        || settings.is_changed()
        || focus.is_changed()
        || removed
        || !changed_items.is_empty()
        || !new_rooms.is_empty();
    if !inputs_changed {
        return;
    }
    let palette = Palette::for_settings(&settings);
    let pointed = items
        .iter()
        .find(|(_, i)| matches!(i, Some(Interaction::Hovered | Interaction::Pressed)))
        .map(|(tip, _)| tip.0.clone());
    // A frozen square says what its freeze does (the skills library's words), else the hovered
    // piece's modifier card.
    let piece = || {
        hovered.0.and_then(|square| {
            let cell = &scene.cells[square.index() as usize];
            if let Some(ticks) = cell.frozen {
                return Some(gambit_skills::frozen_square_card(ticks));
            }
            cell.modifier.and_then(|m| cell_card(m, cell.modifier_spent))
        })
    };
    let focused = || focus.get().and_then(|e| items.get(e).ok()).map(|(tip, _)| tip.0.clone());
    let card = pointed.or_else(piece).or_else(focused);
    for (mut node, mut text, mut bg, mut color) in &mut tips {
        let Some(card) = &card else {
            if node.display != Display::None {
                node.display = Display::None;
            }
            continue;
        };
        if node.display != Display::Flex {
            node.display = Display::Flex;
        }
        if text.0 != *card {
            text.0.clone_from(card);
        }
        let (panel, ink) = (palette.panel.with_alpha(0.96), palette.text);
        if bg.0 != panel {
            bg.0 = panel;
        }
        if color.0 != ink {
            color.0 = ink;
        }
    }
}
