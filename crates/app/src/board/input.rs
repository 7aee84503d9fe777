//! The board's input: pointer observers on the cells (click-click and drag-and-drop) and the keyboard
//! cursor. Everything becomes one [`BoardInput`] message, which the active screen reads.
//!
//! The cells follow the buttons' rule ([`crate::ui::pointer`]): a square that appeared under a pointer
//! at rest (a new screen, a menu closed) is neither hovered nor pressed until the pointer moves.

use bevy::input_focus::InputFocus;
use bevy::input_focus::tab_navigation::TabIndex;
use bevy::prelude::*;

use super::view::{Cell, PieceGlyph};
use super::{BoardInput, BoardViewState, Hovered, square_at, view_position};
use crate::ui::focus::focused_button;
use crate::ui::pointer::PointerGate;

/// The square the pointer is over (by the cells' pointer events), hovered or not: it becomes
/// [`Hovered`] once the pointer is aimed ([`hover_when_aimed`]).
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub(super) struct PointerSquare(pub Option<gambit_rules::Square>);

pub(super) fn on_press(
    press: On<Pointer<Press>>,
    cells: Query<&Cell>,
    view: Res<BoardViewState>,
    gate: Res<PointerGate>,
    mut input: MessageWriter<BoardInput>,
) {
    if press.button != PointerButton::Primary || !gate.aimed() {
        return;
    }
    if let Ok(Cell(pos)) = cells.get(press.event_target()) {
        input.write(BoardInput::Pressed(pos.square(&view)));
    }
}

pub(super) fn on_over(
    over: On<Pointer<Over>>,
    cells: Query<&Cell>,
    view: Res<BoardViewState>,
    gate: Res<PointerGate>,
    mut under: ResMut<PointerSquare>,
    mut hovered: ResMut<Hovered>,
) {
    if let Ok(Cell(pos)) = cells.get(over.event_target()) {
        under.0 = Some(pos.square(&view));
        if gate.aimed() {
            hovered.0 = under.0;
        }
    }
}

pub(super) fn on_out(
    out: On<Pointer<Out>>,
    cells: Query<&Cell>,
    view: Res<BoardViewState>,
    mut under: ResMut<PointerSquare>,
    mut hovered: ResMut<Hovered>,
) {
    let Ok(Cell(pos)) = cells.get(out.event_target()) else { return };
    let square = Some(pos.square(&view));
    if under.0 == square {
        under.0 = None;
    }
    if hovered.0 == square {
        hovered.0 = None;
    }
}

/// When the pointer becomes aimed over a square it rested on, that square is hovered (its highlight,
/// the battle's piece card, the foresight preview).
pub(super) fn hover_when_aimed(
    gate: Res<PointerGate>,
    under: Res<PointerSquare>,
    mut hovered: ResMut<Hovered>,
) {
    if gate.is_changed() && gate.aimed() && under.0.is_some() && hovered.0 != under.0 {
        hovered.0 = under.0;
    }
}

/// The dragged cell's glyph follows the pointer (the drag distance is in window pixels; the glyph's
/// offset is in UI pixels, which `UiScale` multiplies).
pub(super) fn on_drag(
    drag: On<Pointer<Drag>>,
    children: Query<&Children>,
    mut glyphs: Query<&mut UiTransform, With<PieceGlyph>>,
    mut z: Query<&mut GlobalZIndex>,
    scale: Option<Res<UiScale>>,
) {
    let scale = scale.map_or(1.0, |s| s.0.max(f32::EPSILON));
    if let Ok(kids) = children.get(drag.event_target()) {
        for kid in kids.iter() {
            if let Ok(mut t) = glyphs.get_mut(kid) {
                t.translation = Val2::px(drag.distance.x / scale, drag.distance.y / scale);
            }
        }
    }
    if let Ok(mut zi) = z.get_mut(drag.event_target()) {
        zi.0 = 10;
    }
}

pub(super) fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    children: Query<&Children>,
    mut glyphs: Query<&mut UiTransform, With<PieceGlyph>>,
    mut z: Query<&mut GlobalZIndex>,
) {
    if let Ok(kids) = children.get(end.event_target()) {
        for kid in kids.iter() {
            if let Ok(mut t) = glyphs.get_mut(kid) {
                t.translation = Val2::ZERO;
            }
        }
    }
    if let Ok(mut zi) = z.get_mut(end.event_target()) {
        zi.0 = 0;
    }
}

pub(super) fn on_drop(
    drop: On<Pointer<DragDrop>>,
    cells: Query<&Cell>,
    view: Res<BoardViewState>,
    gate: Res<PointerGate>,
    mut input: MessageWriter<BoardInput>,
) {
    if !gate.aimed() {
        return;
    }
    let (Ok(Cell(target)), Ok(Cell(source))) = (cells.get(drop.event_target()), cells.get(drop.dropped))
    else {
        return;
    };
    let (from, to) = (source.square(&view), target.square(&view));
    if from != to {
        input.write(BoardInput::Dropped { from, to });
    }
}

/// Arrow keys (without Shift) move the keyboard cursor (and take the keyboard away from a focused button); Enter or
/// Space presses the square under it unless a button has the focus (Tab gives it one). The cursor also
/// counts as the hovered square (for the battle's piece card).
pub fn keyboard_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    mut view: ResMut<BoardViewState>,
    mut focus: ResMut<InputFocus>,
    buttons: Query<(), (With<Button>, With<TabIndex>)>,
    mut hovered: ResMut<Hovered>,
    mut input: MessageWriter<BoardInput>,
) {
    let moves = [
        (KeyCode::ArrowUp, (-1i8, 0i8)),
        (KeyCode::ArrowDown, (1, 0)),
        (KeyCode::ArrowLeft, (0, -1)),
        (KeyCode::ArrowRight, (0, 1)),
    ];
    // Shift+arrows belong to the screen (skill chess steps its move list's review with them).
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    for (key, (dr, dc)) in moves {
        if keys.just_pressed(key) && !shift {
            let (row, col) = view.cursor.map_or((4, 4), |s| view_position(s, view.rotated));
            let row = (row as i8 + dr).clamp(0, 7) as u8;
            let col = (col as i8 + dc).clamp(0, 7) as u8;
            let square = square_at(row, col, view.rotated);
            view.cursor = Some(square);
            hovered.0 = Some(square);
            if focused_button(&focus, &buttons).is_some() {
                focus.clear();
            }
        }
    }
    if (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space))
        && focused_button(&focus, &buttons).is_none()
        && let Some(square) = view.cursor
    {
        input.write(BoardInput::Pressed(square));
    }
}
