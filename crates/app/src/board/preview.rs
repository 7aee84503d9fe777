//! A small picture of an encounter's board (the board choice): blocked tiles dark, enemy pieces as
//! glyphs, capture objectives ringed. A panel widget, so its size is in units.

use bevy::prelude::*;
use gambit_roguelite::encounter::Encounter;
use gambit_rules::Square;

use crate::ui::scale::UNIT_PX;
use crate::ui::{font, units};

/// One preview cell: its colour (0 blocked, 1 light, 2 dark), the enemy's glyph, a ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviewCell {
    /// 0 blocked, 1 light, 2 dark.
    pub shade: u8,
    /// The enemy piece's glyph.
    pub glyph: Option<&'static str>,
    /// A capture objective.
    pub objective: bool,
}

/// The 64 cells of an encounter's preview, a8 first (row by row from the top).
#[must_use]
pub fn cells(e: &Encounter) -> Vec<PreviewCell> {
    let mut cells = Vec::with_capacity(64);
    for row in 0..8u8 {
        for col in 0..8u8 {
            let square = Square::new((7 - row) * 8 + col).expect("in range");
            let enemy = e.enemy.iter().find(|x| x.square == square);
            let shade = if !e.board.is_playable(square) {
                0
            } else if square.is_light() {
                1
            } else {
                2
            };
            cells.push(PreviewCell {
                shade,
                glyph: enemy.map(|x| super::view::glyphs(x.role).0),
                objective: enemy.is_some_and(|x| e.is_objective(x)),
            });
        }
    }
    cells
}

/// Spawns the preview of `cells`.
pub fn spawn(p: &mut ChildSpawnerCommands<'_>, cells: &[PreviewCell]) {
    let palette = crate::palette::STANDARD;
    p.spawn(Node {
        display: Display::Grid,
        grid_template_columns: RepeatedGridTrack::px(8, 2.6 * UNIT_PX),
        grid_template_rows: RepeatedGridTrack::px(8, 2.6 * UNIT_PX),
        margin: UiRect::all(units(0.8)),
        ..default()
    })
    .with_children(|grid| {
        for cell in cells {
            let color = match cell.shade {
                0 => palette.blocked,
                1 => palette.light,
                _ => palette.dark,
            };
            let mut c = grid.spawn((
                Node {
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    border: UiRect::all(units(0.2)),
                    ..default()
                },
                BackgroundColor(color),
                BorderColor::all(if cell.objective { palette.objective } else { Color::NONE }),
            ));
            if let Some(glyph) = cell.glyph {
                c.with_child((
                    Text::new(glyph),
                    TextFont::from_font_size(font(2.0)),
                    TextColor(palette.black_piece),
                ));
            }
        }
    });
}
