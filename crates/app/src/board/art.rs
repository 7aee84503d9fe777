//! The pieces' art: our own vector drawings (no font, no downloaded art), rasterised once at startup
//! into one image per role and side. Each piece is a union of simple shapes (circles and polygons) in a
//! unit square (x right, y down, the base at the bottom) plus a few detail lines; it is filled with the
//! side's colour and outlined with a contrasting colour, so both sides read on both square colours and
//! no part of the board shows through a piece. The bishop has a tall pointed mitre with a slit, so it
//! never reads as a pawn.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use gambit_rules::{ByColor, Color, Role};

/// Edge length of a piece image, pixels.
pub const IMAGE_PX: u32 = 112;
/// Samples per pixel side (anti-aliasing: `SUPERSAMPLE`^2 samples per pixel).
const SUPERSAMPLE: u32 = 2;
/// Half the outline's width, in units of the image side.
const LINE: f32 = 0.022;

/// One shape of a piece.
#[derive(Clone, Debug)]
enum Shape {
    /// A disc: centre and radius.
    Circle((f32, f32), f32),
    /// A simple polygon, its corners in order.
    Poly(Vec<(f32, f32)>),
}

/// A piece's drawing: its body (a union of shapes) and detail lines drawn in the outline colour.
#[derive(Clone, Debug)]
pub struct PieceArt {
    shapes: Vec<Shape>,
    details: Vec<((f32, f32), (f32, f32))>,
}

fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Shape {
    Shape::Poly(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
}

fn poly(points: &[(f32, f32)]) -> Shape {
    Shape::Poly(points.to_vec())
}

/// The drawing of a role.
#[must_use]
pub fn art(role: Role) -> PieceArt {
    let base = rect(0.24, 0.79, 0.76, 0.90);
    let (shapes, details) = match role {
        Role::Pawn => (
            vec![
                base,
                poly(&[(0.32, 0.80), (0.68, 0.80), (0.58, 0.56), (0.42, 0.56)]),
                rect(0.35, 0.51, 0.65, 0.57),
                Shape::Circle((0.5, 0.38), 0.13),
            ],
            vec![],
        ),
        Role::Bishop => {
            // A pointed mitre: an egg whose top narrows to a point, with a ball on top.
            let mut mitre = Vec::new();
            for i in 0..=24 {
                let t = std::f32::consts::PI * f32::from(i as u8) / 24.0;
                let (x, y) = (t.cos(), t.sin());
                // Lower half: a round bowl; upper half: narrowing to a point.
                mitre.push((0.5 + 0.15 * x, 0.44 + 0.12 * y));
            }
            mitre.push((0.35, 0.44));
            mitre.push((0.5, 0.17));
            mitre.push((0.65, 0.44));
            mitre.rotate_left(0);
            (
                vec![
                    base,
                    poly(&[(0.35, 0.80), (0.65, 0.80), (0.57, 0.62), (0.43, 0.62)]),
                    rect(0.34, 0.56, 0.66, 0.63),
                    Shape::Poly(mitre),
                    Shape::Circle((0.5, 0.15), 0.05),
                ],
                vec![((0.45, 0.30), (0.58, 0.44))],
            )
        }
        Role::Knight => (
            vec![
                base,
                poly(&[
                    (0.74, 0.80),
                    (0.75, 0.50),
                    (0.71, 0.32),
                    (0.63, 0.21),
                    (0.59, 0.09),
                    (0.52, 0.18),
                    (0.40, 0.22),
                    (0.27, 0.36),
                    (0.17, 0.50),
                    (0.20, 0.59),
                    (0.31, 0.61),
                    (0.44, 0.53),
                    (0.35, 0.68),
                    (0.31, 0.80),
                ]),
            ],
            vec![((0.42, 0.33), (0.44, 0.33)), ((0.64, 0.28), (0.69, 0.62))],
        ),
        Role::Rook => (
            vec![
                rect(0.22, 0.79, 0.78, 0.90),
                poly(&[(0.31, 0.80), (0.69, 0.80), (0.66, 0.40), (0.34, 0.40)]),
                poly(&[
                    (0.27, 0.42),
                    (0.26, 0.18),
                    (0.36, 0.18),
                    (0.36, 0.27),
                    (0.45, 0.27),
                    (0.45, 0.18),
                    (0.55, 0.18),
                    (0.55, 0.27),
                    (0.64, 0.27),
                    (0.64, 0.18),
                    (0.74, 0.18),
                    (0.73, 0.42),
                ]),
            ],
            vec![((0.30, 0.42), (0.70, 0.42)), ((0.33, 0.72), (0.67, 0.72))],
        ),
        Role::Queen => {
            let tips = [(0.15, 0.31), (0.32, 0.24), (0.5, 0.19), (0.68, 0.24), (0.85, 0.31)];
            let mut shapes = vec![
                base,
                poly(&[
                    (0.27, 0.80),
                    (0.15, 0.33),
                    (0.31, 0.52),
                    (0.32, 0.26),
                    (0.42, 0.50),
                    (0.5, 0.21),
                    (0.58, 0.50),
                    (0.68, 0.26),
                    (0.69, 0.52),
                    (0.85, 0.33),
                    (0.73, 0.80),
                ]),
            ];
            shapes.extend(tips.iter().map(|&c| Shape::Circle(c, 0.05)));
            (shapes, vec![((0.27, 0.70), (0.73, 0.70))])
        }
        Role::King => (
            vec![
                base,
                poly(&[(0.27, 0.80), (0.73, 0.80), (0.79, 0.56), (0.21, 0.56)]),
                Shape::Circle((0.35, 0.54), 0.15),
                Shape::Circle((0.65, 0.54), 0.15),
                Shape::Circle((0.5, 0.43), 0.10),
                rect(0.46, 0.07, 0.54, 0.34),
                rect(0.39, 0.13, 0.61, 0.21),
            ],
            vec![((0.27, 0.70), (0.73, 0.70)), ((0.5, 0.50), (0.5, 0.64))],
        ),
    };
    PieceArt { shapes, details }
}

fn segment_distance(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (cx, cy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (cx * cx + cy * cy).sqrt()
}

impl Shape {
    /// The signed distance-like measure of `p`: negative inside, the distance to the edge outside and
    /// inside (in magnitude).
    fn signed_distance(&self, p: (f32, f32)) -> f32 {
        match self {
            Shape::Circle(c, r) => ((p.0 - c.0).powi(2) + (p.1 - c.1).powi(2)).sqrt() - r,
            Shape::Poly(points) => {
                let mut inside = false;
                let mut best = f32::MAX;
                for i in 0..points.len() {
                    let a = points[i];
                    let b = points[(i + 1) % points.len()];
                    if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
                        inside = !inside;
                    }
                    best = best.min(segment_distance(p, a, b));
                }
                if inside { -best } else { best }
            }
        }
    }
}

/// What one sample point of a piece shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sample {
    /// Outside the piece (transparent).
    Empty,
    /// The piece's body, in the side's colour.
    Fill,
    /// The outline or a detail line, in the contrasting colour.
    Line,
}

impl PieceArt {
    /// What the point `p` (unit coordinates) shows: a line within half the outline width of the body's edge (edges
    /// inside the union are not drawn) or of a detail line, the fill inside, else nothing.
    #[must_use]
    pub fn sample(&self, p: (f32, f32)) -> Sample {
        let nearest = self.shapes.iter().map(|s| s.signed_distance(p)).fold(f32::MAX, f32::min);
        if nearest > LINE {
            return Sample::Empty;
        }
        if nearest > -LINE {
            return Sample::Line;
        }
        if self.details.iter().any(|&(a, b)| segment_distance(p, a, b) < LINE * 0.9) {
            Sample::Line
        } else {
            Sample::Fill
        }
    }

    /// The drawing as RGBA8 pixels, `size` x `size`, row by row from the top, the fill and line
    /// colours as sRGB bytes (anti-aliased by supersampling).
    #[must_use]
    pub fn rasterise(&self, size: u32, fill: [u8; 4], line: [u8; 4]) -> Vec<u8> {
        let mut out = Vec::with_capacity((size * size * 4) as usize);
        let n = SUPERSAMPLE;
        let step = 1.0 / (size * n) as f32;
        for y in 0..size {
            for x in 0..size {
                let mut acc = [0.0f32; 4];
                for sy in 0..n {
                    for sx in 0..n {
                        let p = (((x * n + sx) as f32 + 0.5) * step, ((y * n + sy) as f32 + 0.5) * step);
                        let colour = match self.sample(p) {
                            Sample::Empty => continue,
                            Sample::Fill => fill,
                            Sample::Line => line,
                        };
                        let a = f32::from(colour[3]) / 255.0;
                        for (k, slot) in acc.iter_mut().enumerate().take(3) {
                            *slot += f32::from(colour[k]) * a;
                        }
                        acc[3] += a;
                    }
                }
                let samples = (n * n) as f32;
                let alpha = acc[3] / samples;
                let un = |v: f32| if acc[3] > 0.0 { (v / acc[3]).round().clamp(0.0, 255.0) as u8 } else { 0 };
                out.extend([un(acc[0]), un(acc[1]), un(acc[2]), (alpha * 255.0).round() as u8]);
            }
        }
        out
    }
}

/// The fill and line colours of a side, as sRGB bytes: white pieces ivory with a near-black line,
/// black pieces near-black with a light grey line (so they read on dark squares).
#[must_use]
pub fn side_colours(side: Color) -> ([u8; 4], [u8; 4]) {
    match side {
        Color::White => ([0xFB, 0xF7, 0xEC, 0xFF], [0x1C, 0x1C, 0x1E, 0xFF]),
        Color::Black => ([0x26, 0x26, 0x2C, 0xFF], [0xD8, 0xD8, 0xDC, 0xFF]),
    }
}

/// The piece images, one per side and role (read them with [`PieceImages::get`]).
#[derive(Resource, Clone, Debug)]
pub struct PieceImages(ByColor<[Handle<Image>; 6]>);

impl PieceImages {
    /// The image of a piece.
    #[must_use]
    pub fn get(&self, side: Color, role: Role) -> Handle<Image> {
        self.0[side][role_index(role)].clone()
    }
}

fn role_index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

const ROLES: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

/// Rasterises the twelve piece images into the asset store.
pub fn build_images(images: &mut Assets<Image>) -> PieceImages {
    let mut side = |s: Color| {
        let (fill, line) = side_colours(s);
        ROLES.map(|role| {
            let data = art(role).rasterise(IMAGE_PX, fill, line);
            images.add(Image::new(
                Extent3d { width: IMAGE_PX, height: IMAGE_PX, depth_or_array_layers: 1 },
                TextureDimension::D2,
                data,
                TextureFormat::Rgba8UnormSrgb,
                RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
            ))
        })
    };
    PieceImages(ByColor { white: side(Color::White), black: side(Color::Black) })
}

/// Startup: the piece images (skipped without an image store, as in headless tests without
/// `ImagePlugin`; the board then draws no pieces).
pub(crate) fn setup_images(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    if let Some(mut images) = images {
        commands.insert_resource(build_images(&mut images));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coverage(role: Role) -> Vec<Sample> {
        let art = art(role);
        let n = 48;
        (0..n * n).map(|i| art.sample(((i % n) as f32 / n as f32, (i / n) as f32 / n as f32))).collect()
    }

    #[test]
    fn every_piece_is_outlined_and_filled_and_fits_its_square() {
        for role in ROLES {
            let c = coverage(role);
            let count = |s| c.iter().filter(|&&x| x == s).count();
            let (fill, line) = (count(Sample::Fill), count(Sample::Line));
            assert!(fill > 200, "{role:?} has a body ({fill} samples)");
            assert!(line > 100, "{role:?} has an outline ({line} samples)");
            // The border rows and columns stay empty: the piece never touches the square's edge.
            for i in 0..48 {
                for edge in [c[i], c[47 * 48 + i], c[i * 48], c[i * 48 + 47]] {
                    assert_eq!(edge, Sample::Empty, "{role:?} touches the edge");
                }
            }
        }
    }

    #[test]
    fn the_bishop_does_not_read_as_a_pawn_and_its_mitre_is_filled() {
        // The bishop stands at least a tenth of the square taller than the pawn, and its mitre has a
        // slit (a detail line inside the body), where the pawn's head is plain.
        let top = |c: &[Sample]| c.iter().position(|&s| s != Sample::Empty).map(|i| i / 48).unwrap();
        let (bishop, pawn) = (coverage(Role::Bishop), coverage(Role::Pawn));
        assert!(top(&pawn) >= top(&bishop) + 5, "bishop top {} pawn top {}", top(&bishop), top(&pawn));
        let slit = art(Role::Bishop).sample((0.515, 0.37));
        assert_eq!(slit, Sample::Line, "the mitre's slit");
        assert_eq!(art(Role::Pawn).sample((0.5, 0.38)), Sample::Fill, "the pawn's head is plain");
        // The mitre is mostly fill (the side's colour), not line: a white bishop's mitre is white.
        let art = art(Role::Bishop);
        let mitre: Vec<Sample> = (0..10)
            .flat_map(|i| (0..10).map(move |j| (0.42 + 0.016 * i as f32, 0.34 + 0.016 * j as f32)))
            .map(|p| art.sample(p))
            .collect();
        let filled = mitre.iter().filter(|&&s| s == Sample::Fill).count();
        assert!(filled >= 70, "mitre filled {filled}/100");
    }

    #[test]
    fn rasterised_images_have_transparent_corners_and_opaque_centres() {
        let (fill, line) = side_colours(Color::Black);
        let px = art(Role::Rook).rasterise(32, fill, line);
        assert_eq!(px.len(), 32 * 32 * 4);
        assert_eq!(px[3], 0, "top-left corner transparent");
        let centre = ((20 * 32 + 16) * 4) as usize;
        assert_eq!(&px[centre..centre + 4], &fill, "the rook's body is the fill colour");
    }
}
