//! A small picture of an encounter's board (the board choice): only the board's own rectangle, holes
//! dark, enemy pieces as their pictures, capture objectives ringed, in the palette the settings ask
//! for. A panel widget, so its size is in units.

use bevy::prelude::*;
use gambit_roguelite::encounter::Encounter;
use gambit_rules::Square;

use crate::ui::scale::UNIT_PX;
use crate::ui::units;

/// One preview cell: its colour (0 a hole, 1 light, 2 dark, [`OPEN`] not drawn), the enemy's
/// glyph, a ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviewCell {
    /// 0 a hole, 1 light, 2 dark, [`OPEN`] off the board (a cut corner, not drawn).
    pub shade: u8,
    /// The enemy piece's role.
    pub role: Option<gambit_rules::Role>,
    /// A capture objective.
    pub objective: bool,
}

/// The 64 cells of an encounter's preview, a8 first (row by row from the top).
#[must_use]
pub fn cells(e: &Encounter) -> Vec<PreviewCell> {
    let shades = shades(&e.board);
    (0..64u8)
        .map(|i| {
            let square = Square::new((7 - i / 8) * 8 + i % 8).expect("in range");
            let enemy = e.enemy.iter().find(|x| x.square == square);
            PreviewCell {
                shade: shades[usize::from(i)],
                role: enemy.map(|x| x.role),
                objective: enemy.is_some_and(|x| e.is_objective(x)),
            }
        })
        .collect()
}

/// The 64 cells of a bare board's preview (its shape, no pieces), a8 first: the map's picture of a
/// node whose formation is laid out only on arrival.
#[must_use]
pub fn shape_cells(board: &gambit_roguelite::battle::BoardShape) -> Vec<PreviewCell> {
    shades(board).into_iter().map(|shade| PreviewCell { shade, role: None, objective: false }).collect()
}

/// The shades of a board's 64 cells, a8 first ([`PreviewCell::shade`]): as the battle draws the
/// board ([`super::view::BoardArea`]), a blocked cell joined to a corner of the board's rectangle
/// (a cut corner) is left open and a hole is drawn.
fn shades(board: &gambit_roguelite::battle::BoardShape) -> [u8; 64] {
    let mut scene = super::BoardScene::default();
    for square in Square::all() {
        scene.cell_mut(square).blocked = !board.is_playable(square);
    }
    let area = super::view::BoardArea::of(&scene, false);
    let mut shades = [0; 64];
    for (i, shade) in shades.iter_mut().enumerate() {
        let square = Square::new(((7 - i / 8) * 8 + i % 8) as u8).expect("in range");
        *shade = if area.open[i] {
            OPEN
        } else if !board.is_playable(square) {
            0
        } else if square.is_light() {
            1
        } else {
            2
        };
    }
    shades
}

/// [`PreviewCell::shade`] of a cell off the board (a cut corner): not drawn.
pub const OPEN: u8 = 3;

/// A preview square: its shade (see [`PreviewCell::shade`]); [`paint`] colours it from the palette the
/// settings ask for (so the colour-blind palette reaches the board choice too).
#[derive(Component, Clone, Copy, Debug)]
pub struct PreviewSquare {
    /// 0 a hole, 1 light, 2 dark, [`OPEN`] not drawn.
    pub shade: u8,
    /// A capture objective.
    pub objective: bool,
}

/// An enemy piece in a preview: [`paint`] gives it the piece's picture.
#[derive(Component, Clone, Copy, Debug)]
pub struct PreviewPiece(pub gambit_rules::Role);

/// The rows and columns of `cells` that hold a playable square (the board's own shape, as the battle
/// draws it): (first row, rows, first column, columns); the whole grid when none is playable.
#[must_use]
pub fn extent(cells: &[PreviewCell]) -> (usize, usize, usize, usize) {
    let playable: Vec<(usize, usize)> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c.shade, 1 | 2))
        .map(|(i, _)| (i / 8, i % 8))
        .collect();
    let (Some(top), Some(bottom)) = (playable.iter().map(|p| p.0).min(), playable.iter().map(|p| p.0).max())
    else {
        return (0, 8, 0, 8);
    };
    let left = playable.iter().map(|p| p.1).min().unwrap_or(0);
    let right = playable.iter().map(|p| p.1).max().unwrap_or(7);
    (top, bottom - top + 1, left, right - left + 1)
}

/// Spawns the preview of `cells`: only the board's own rectangle, its longer side 20.8 units.
pub fn spawn(p: &mut ChildSpawnerCommands<'_>, cells: &[PreviewCell]) {
    spawn_sized(p, cells, 20.8);
}

/// Spawns the preview of `cells` with its longer side `long_side` units.
pub fn spawn_sized(p: &mut ChildSpawnerCommands<'_>, cells: &[PreviewCell], long_side: f32) {
    let (top, rows, left, cols) = extent(cells);
    let side = long_side * UNIT_PX / rows.max(cols) as f32;
    p.spawn(Node {
        display: Display::Grid,
        grid_template_columns: RepeatedGridTrack::px(cols as u16, side),
        grid_template_rows: RepeatedGridTrack::px(rows as u16, side),
        margin: UiRect::all(units(0.8)),
        ..default()
    })
    .with_children(|grid| {
        for (i, cell) in cells.iter().enumerate() {
            let (row, col) = (i / 8, i % 8);
            if !(top..top + rows).contains(&row) || !(left..left + cols).contains(&col) {
                continue;
            }
            let mut c = grid.spawn((
                PreviewSquare { shade: cell.shade, objective: cell.objective },
                Node {
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    border: UiRect::all(units(0.2)),
                    // Under its right and lower neighbours, as the board's squares: no seam where an
                    // edge falls between pixels.
                    margin: super::view::seam_margin(col + 1 < left + cols, row + 1 < top + rows),
                    ..default()
                },
                BackgroundColor(Color::NONE),
                BorderColor::all(Color::NONE),
            ));
            if let Some(role) = cell.role {
                c.with_child((
                    PreviewPiece(role),
                    ImageNode::default(),
                    Node { width: Val::Percent(100.0), height: Val::Percent(100.0), ..default() },
                ));
            }
        }
    });
}

/// Colours the preview squares with the settings' palette and gives the pieces their pictures.
pub fn paint(
    settings: Res<crate::settings::Settings>,
    images: Option<Res<super::art::PieceImages>>,
    mut squares: Query<(Ref<PreviewSquare>, &mut BackgroundColor, &mut BorderColor)>,
    mut pieces: Query<(Ref<PreviewPiece>, &mut ImageNode)>,
) {
    let palette = crate::palette::Palette::for_settings(&settings);
    for (square, mut bg, mut border) in &mut squares {
        if !settings.is_changed() && !square.is_added() {
            continue;
        }
        bg.0 = match square.shade {
            0 => palette.blocked,
            1 => palette.light,
            OPEN => Color::NONE,
            _ => palette.dark,
        };
        // The border is the square's own colour unless it rings an objective: a clear border left a
        // gap of the page between squares.
        border.set_all(if square.objective { palette.objective } else { bg.0 });
    }
    if let Some(images) = images {
        for (piece, mut image) in &mut pieces {
            if piece.is_added() {
                image.image = images.get(gambit_roguelite::Team::Enemy.color(), piece.0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_roguelite::battle::BoardShape;

    fn at(cells: &[PreviewCell], name: &str) -> u8 {
        let square: Square = name.parse().unwrap();
        let (file, rank) = (square.index() % 8, square.index() / 8);
        cells[usize::from((7 - rank) * 8 + file)].shade
    }

    /// A preview draws the board as the battle does: cut corners open, holes drawn, the squares'
    /// colours, and nothing off the rectangle counted in its extent.
    #[test]
    fn a_preview_leaves_cut_corners_open_and_draws_holes() {
        let board = BoardShape {
            width: 6,
            height: 6,
            cut_corners: true,
            holes: vec!["c3".parse().unwrap(), "a3".parse().unwrap()],
        };
        let cells = shape_cells(&board);
        for corner in ["a1", "f1", "a6", "f6"] {
            assert_eq!(at(&cells, corner), OPEN, "{corner}");
        }
        assert_eq!(at(&cells, "c3"), 0, "an inner hole is drawn");
        assert_eq!(at(&cells, "a3"), 0, "a hole on the edge, away from the corners, is drawn");
        assert_eq!(at(&cells, "a2"), 1, "a2 is light");
        assert_eq!(at(&cells, "b2"), 2, "b2 is dark");
        assert_eq!(extent(&cells), (2, 6, 0, 6));
    }
}
