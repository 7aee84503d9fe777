//! The move animation: each moved piece's glyph slides from its old cell into the new one, once per new
//! last move (not with reduced motion).

use bevy::prelude::*;

use super::view::{Cell, PieceGlyph};
use super::{BoardScene, BoardViewState, view_position};
use crate::settings::Settings;

/// A glyph sliding into place after a move.
#[derive(Component)]
pub struct Slide {
    /// Starting offset in UI pixels.
    pub from: Vec2,
    /// Seconds elapsed.
    pub elapsed: f32,
}

/// How long a slide takes, seconds.
const DURATION: f32 = 0.15;

/// Starts the slides of the moved pieces' glyphs when a new last move appears: every journey of the
/// change that is not a teleport ([`super::anim::travels`]; a later journey to the same square wins).
pub fn start_slide(
    mut commands: Commands,
    scene: Res<BoardScene>,
    mut view: ResMut<BoardViewState>,
    settings: Res<Settings>,
    cells: Query<(&Cell, &ComputedNode)>,
    glyphs: Query<(Entity, &PieceGlyph)>,
) {
    if scene.last_move == view.animated {
        return;
    }
    view.animated = scene.last_move;
    if settings.reduced_motion {
        return;
    }
    let mut slides = std::collections::BTreeMap::new();
    for travel in super::anim::travels(&scene) {
        if travel.teleport || travel.from == travel.to {
            continue;
        }
        let (fr, fc) = view_position(travel.from, view.rotated);
        let (tr, tc) = view_position(travel.to, view.rotated);
        let Some(size) = cells
            .iter()
            .find(|(Cell(pos), _)| (pos.row, pos.col) == (tr, tc))
            .map(|(_, node)| node.size() * node.inverse_scale_factor())
        else {
            continue;
        };
        let offset =
            Vec2::new((f32::from(fc) - f32::from(tc)) * size.x, (f32::from(fr) - f32::from(tr)) * size.y);
        slides.insert((tr, tc), offset);
    }
    for (entity, PieceGlyph(pos)) in &glyphs {
        if let Some(&offset) = slides.get(&(pos.row, pos.col)) {
            commands.entity(entity).insert(Slide { from: offset, elapsed: 0.0 });
        }
    }
}

/// Moves sliding glyphs towards their cell (ease-out).
pub fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut glyphs: Query<(Entity, &mut Slide, &mut UiTransform)>,
) {
    for (entity, mut slide, mut transform) in &mut glyphs {
        slide.elapsed += time.delta_secs();
        let t = (slide.elapsed / DURATION).min(1.0);
        let remaining = (1.0 - t) * (1.0 - t);
        let offset = slide.from * remaining;
        transform.translation = Val2::px(offset.x, offset.y);
        if t >= 1.0 {
            transform.translation = Val2::ZERO;
            commands.entity(entity).remove::<Slide>();
        }
    }
}
