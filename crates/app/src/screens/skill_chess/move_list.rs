//! The skill-chess screen's move list: its rows (a button per action, which reviews the position
//! after it), the scroll bar, the rows that fit its box, and the mouse wheel's scrolling
//! ([`MoveListScroll`]).

use bevy::prelude::*;

use super::Action;
use crate::game::{PlayerInput, SkillGame};
use crate::ui::section::show;
use crate::ui::{Section, View, text_font, units};

/// The move list's rows shown before its box is laid out (the first frame, the headless tests).
const MOVE_ROWS: usize = 10;

/// One row of the move list, units: a compact move button (its text, padding, border and margin)
/// with a little room, so a row's height never depends on what it lists.
pub(super) const MOVE_ROW: f32 = 4.0;

/// The rows the move list keeps room for at least (its box takes the panel's free height, and never
/// less than this).
pub(super) const MOVE_ROWS_MIN: f32 = 3.0;

/// The move list's scrolling by the mouse wheel ([`Action::ScrollMoves`]): the first row shown,
/// while the game and the review are as they were when the wheel moved it (a new move or a review
/// step brings the newest move, or the reviewed one, back into view), and what the list shows now.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveListScroll {
    /// The first row chosen with the wheel, and the (listed actions, review) it was chosen at.
    pub(super) chosen: Option<(usize, (usize, Option<usize>))>,
    /// The first row shown, the rows in view and the rows in all, as last shown.
    pub shown: (usize, usize, usize),
}

/// One action in the move list: its text, the number of listed actions shown when it is clicked (it
/// and all before it), and whether it is the position on the board.
#[derive(Clone, Debug, PartialEq)]
struct ListedMove {
    text: String,
    shown: usize,
    current: bool,
}

/// The move list's rows on screen (number, actions), each action a button that reviews the position
/// after it, and beside them the scroll bar when there are more rows than the box shows: the thumb's
/// top and height as fractions of the track (the rows shown among all of them).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct MoveListView {
    rows: Vec<(String, Vec<ListedMove>)>,
    bar: Option<(f32, f32)>,
}

impl View for MoveListView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(Node { flex_grow: 1.0, flex_direction: FlexDirection::Column, ..default() })
            .with_children(|list| self.build_rows(list));
        // The scroll bar's track keeps its room in every state; it shows when the list scrolls.
        let palette = crate::palette::STANDARD;
        p.spawn((
            Node {
                width: units(0.9),
                height: Val::Percent(100.0),
                margin: UiRect::left(units(0.4)),
                flex_shrink: 0.0,
                border_radius: BorderRadius::all(units(0.45)),
                ..default()
            },
            BackgroundColor(if self.bar.is_some() { palette.button } else { Color::NONE }),
        ))
        .with_children(|track| {
            if let Some((top, size)) = self.bar {
                track.spawn((
                    Node {
                        position_type: PositionType::Absolute,
                        width: Val::Percent(100.0),
                        top: Val::Percent(top * 100.0),
                        height: Val::Percent(size * 100.0),
                        border_radius: BorderRadius::all(units(0.45)),
                        ..default()
                    },
                    BackgroundColor(palette.muted),
                ));
            }
        });
    }
}

impl MoveListView {
    fn build_rows(&self, p: &mut ChildSpawnerCommands<'_>) {
        for (number, moves) in &self.rows {
            p.spawn(Node {
                flex_direction: FlexDirection::Row,
                align_items: AlignItems::Center,
                height: units(MOVE_ROW),
                flex_shrink: 0.0,
                ..default()
            })
            .with_children(|row| {
                row.spawn((
                    Text::new(number.clone()),
                    text_font(2.3),
                    Node { min_width: units(5.0), ..default() },
                ));
                for m in moves {
                    let mut button = row.spawn(move_button(m));
                    if m.current {
                        button.insert(crate::ui::widgets::Selected);
                    }
                }
            });
        }
    }
}

/// A move of the move list as a compact button; the move on the board gets the selected ring.
fn move_button(m: &ListedMove) -> impl Bundle {
    (
        Button,
        crate::ui::FocusKey::of(&Action::ReviewAt(m.shown)),
        Action::ReviewAt(m.shown),
        bevy::input_focus::tab_navigation::TabIndex(0),
        Node {
            padding: UiRect::axes(units(0.6), units(0.1)),
            margin: UiRect::all(units(0.15)),
            min_width: units(7.0),
            border: UiRect::all(units(0.3)),
            border_radius: BorderRadius::all(units(0.4)),
            ..default()
        },
        BackgroundColor(crate::palette::STANDARD.button),
        BorderColor::all(Color::NONE),
        children![(Text::new(m.text.clone()), text_font(2.3), Pickable::IGNORE)],
    )
}

impl MoveListScroll {
    /// Moves the first row shown by `rows` (within the list) for the game's `state` (listed actions,
    /// review); back at the last rows, the list follows the game again.
    pub fn scroll(&mut self, rows: isize, state: (usize, Option<usize>)) {
        let (first, fit, total) = self.shown;
        let last = total.saturating_sub(fit);
        let to = first.saturating_add_signed(rows).min(last);
        self.chosen = (to != last || state.1.is_some()).then_some((to, state));
    }
}

/// The move list's rows on screen: `fit` of them (the rows its box holds); the last ones (the newest
/// move in view), or while reviewing the rows around the position shown, or the rows the wheel
/// scrolled to ([`MoveListScroll`]) until the game or the review moves on.
fn move_list_view(
    game: &SkillGame,
    input: &PlayerInput,
    scroll: &MoveListScroll,
    fit: usize,
) -> (MoveListView, usize) {
    let rows = game.move_list_rows();
    let fit = fit.max(1);
    let total = rows.len();
    let shown = input.shown(game);
    let last_first = total.saturating_sub(fit);
    let state = (game.listed.len(), input.review);
    let first = match scroll.chosen {
        Some((first, at)) if at == state => first.min(last_first),
        _ if input.review.is_some() => {
            let focus_row =
                rows.iter().position(|(_, indices)| indices.iter().any(|&i| i + 1 == shown)).unwrap_or(0);
            focus_row.saturating_sub(fit / 2).min(last_first)
        }
        _ => last_first,
    };
    let bar = (total > fit).then(|| (first as f32 / total as f32, fit as f32 / total as f32));
    let view = MoveListView {
        rows: rows
            .into_iter()
            .skip(first)
            .take(fit)
            .map(|(number, indices)| {
                let moves = indices
                    .into_iter()
                    .map(|i| ListedMove {
                        text: game.listed[i].text.clone(),
                        shown: i + 1,
                        current: input.review.is_some() && i + 1 == shown,
                    })
                    .collect();
                (number, moves)
            })
            .collect(),
        bar,
    };
    (view, first)
}

/// The rows the move list's box holds: its laid-out height over a row's ([`MOVE_ROWS`] before it
/// is laid out).
fn rows_that_fit(node: Option<&ComputedNode>) -> usize {
    match node {
        Some(node) if node.size().y > 0.0 => {
            let logical = node.size().y * node.inverse_scale_factor();
            ((logical / (MOVE_ROW * crate::ui::scale::UNIT_PX)).floor() as usize).max(1)
        }
        _ => MOVE_ROWS,
    }
}

/// Rebuilds the move list when it changed: as many rows as its box holds, and the scroll bar.
pub(super) fn present_moves(
    mut commands: Commands,
    game: Res<SkillGame>,
    input: Res<PlayerInput>,
    mut scroll: ResMut<MoveListScroll>,
    mut moves: crate::ui::section::Sections<MoveListView>,
    boxes: Query<&ComputedNode, With<Section<MoveListView>>>,
) {
    let fit = rows_that_fit(boxes.iter().next());
    // A scroll of the wheel holds until the game or the review moves on; then it is forgotten (back
    // from a review, the newest move is in view again).
    if scroll.chosen.is_some_and(|(_, at)| at != (game.listed.len(), input.review)) {
        scroll.chosen = None;
    }
    let (view, first) = move_list_view(&game, &input, &scroll, fit);
    let total = game.move_list_rows().len();
    if scroll.shown != (first, fit.max(1), total) {
        scroll.shown = (first, fit.max(1), total);
    }
    show(&mut commands, &mut moves, &view);
}

/// The mouse wheel over the move list scrolls it by rows ([`Action::ScrollMoves`]).
pub(super) fn wheel_moves(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    hover: Option<Res<bevy::picking::hover::HoverMap>>,
    parents: Query<&ChildOf>,
    lists: Query<(), With<Section<MoveListView>>>,
    mut actions: MessageWriter<Action>,
) {
    let Some(hover) = hover else {
        wheel.clear();
        return;
    };
    let over = hover
        .values()
        .flat_map(|hits| hits.keys().copied())
        .any(|e| std::iter::once(e).chain(parents.iter_ancestors(e)).any(|a| lists.contains(a)));
    for event in wheel.read() {
        if !over || event.y == 0.0 {
            continue;
        }
        let lines = match event.unit {
            bevy::input::mouse::MouseScrollUnit::Line => event.y,
            bevy::input::mouse::MouseScrollUnit::Pixel => event.y / 24.0,
        };
        // The wheel up shows earlier rows.
        let rows = -(lines.abs().round().max(1.0) as isize) * lines.signum() as isize;
        actions.write(Action::ScrollMoves(rows));
    }
}
