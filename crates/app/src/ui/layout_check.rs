//! The layout check: after Bevy's UI layout has run, every shown text lies inside its parent node and
//! inside the window, its laid-out lines fit its node, no shown text overlaps another text or a button
//! of its layer that it is not part of, no two shown buttons of one layer overlap, and no scroll box
//! needs scrolling (at 100% and the sizes checked, everything fits the window). Each node inside its
//! parent is not enough: a box laid out shorter than its content (a wrapping row whose height was
//! computed from its lines unwrapped) keeps every node inside its parent while its last lines are drawn
//! under the buttons that follow it, as the records' were at 150%. Overlaps are measured on what is
//! drawn of each node (cut to the scroll boxes and clipping containers above it). The headless
//! layout tests (`crates/app/tests/layout.rs`) run it on every screen of the screenshot tour at
//! 1280x800, 900x600, 800x600 and 1111x777; the screenshot mode runs it before each picture and fails when it finds
//! anything ([`crate::screenshot`]).
//!
//! What is exempt, on purpose: the texts inside a [`Clipped`] container (a log that shows its newest
//! lines and clips the older ones: the container itself must lie inside the window); the board's cells (glyph, badges and marks stack inside a cell by
//! design); texts and buttons hidden by `Visibility::Hidden` or `Display::None` (no size); and lines
//! scrolled out of a scroll container whose content is taller than it (they are reached by scrolling:
//! the container itself must lie inside the window). A [`HoverCard`] floats over texts by design but
//! must cover no shown button. A layer above the screen (a menu's overlay, `GlobalZIndex`) covers
//! the screen's texts and buttons on purpose; an [`Overlay`] (the save-failure banner) is a layer
//! that must cover no shown button under it.
//!
//! On the board, the marks of a cell (HP pips, modifier icon, freeze and poison badges, threat flag)
//! never cover or touch its piece: no pixel of the piece's picture lies within a pixel of their laid-out
//! lines.
//!
//! All rectangles are in physical pixels (the window's logical pixels when its scale factor is 1, as
//! under Xvfb and in the tests), measured from the window's top-left corner.

use std::fmt;

use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::ui::CalculatedClip;
use bevy::window::PrimaryWindow;

use super::actions::FocusKey;
pub use super::layout_marks::{Clipped, HoverCard, Overlay};

/// How far (physical pixels) a rectangle may stick out before it counts: rounding in the layout.
const SLACK: f32 = 1.0;

/// How much wider (physical pixels) than its node a text's laid-out lines may be: the text layout counts
/// the space at a wrap, so a wrapped paragraph measures a few pixels wider than the node it fits.
const WIDTH_SLACK: f32 = 8.0;

/// One thing the layout check found.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    /// What is wrong, naming the nodes (texts by their first words, buttons by their focus key) and
    /// their rectangles (physical pixels).
    pub what: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

/// A rectangle as `x0..x1 x y0..y1` (physical pixels, rounded).
fn show(r: Rect) -> String {
    format!("[{:.0}..{:.0} x {:.0}..{:.0}]", r.min.x, r.max.x, r.min.y, r.max.y)
}

/// A text's first 40 characters, quoted, for a message.
fn short(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        s.push('\u{2026}');
    }
    format!("{s:?}")
}

/// Whether `inner` lies in `outer`, give or take [`SLACK`].
fn contains(outer: Rect, inner: Rect) -> bool {
    inner.min.x >= outer.min.x - SLACK
        && inner.min.y >= outer.min.y - SLACK
        && inner.max.x <= outer.max.x + SLACK
        && inner.max.y <= outer.max.y + SLACK
}

/// Whether two rectangles share more than a sliver.
fn overlap(a: Rect, b: Rect) -> bool {
    let common = a.intersect(b);
    common.width() > SLACK && common.height() > SLACK
}

/// The entity and its ancestors, nearest first.
fn lineage(world: &World, entity: Entity) -> impl Iterator<Item = Entity> + '_ {
    std::iter::successors(Some(entity), |&e| world.get::<ChildOf>(e).map(ChildOf::parent))
}

/// The node's rectangle on screen, physical pixels (`None`: not laid out, or of no size).
fn rect_of(world: &World, entity: Entity) -> Option<Rect> {
    let node = world.get::<ComputedNode>(entity)?;
    let at = world.get::<UiGlobalTransform>(entity)?;
    if node.size().x <= 0.0 || node.size().y <= 0.0 {
        return None;
    }
    Some(Rect::from_center_size(at.translation, node.size()))
}

/// Whether the entity or an ancestor is hidden, or not laid out (`Display::None` leaves no size).
fn hidden(world: &World, entity: Entity) -> bool {
    lineage(world, entity).any(|e| {
        matches!(world.get::<Visibility>(e), Some(Visibility::Hidden))
            || world.get::<Node>(e).is_some_and(|n| n.display == Display::None)
    })
}

/// Whether the entity is part of the board (its cells stack their parts on purpose).
fn on_board(world: &World, entity: Entity) -> bool {
    lineage(world, entity).any(|e| world.get::<super::layout_marks::BoardRoot>(e).is_some())
}

/// The stacking layer a node is drawn in: the `GlobalZIndex` of it or its nearest ancestor with one
/// (0 without). A menu's overlay is a layer above the screen it covers.
fn layer(world: &World, entity: Entity) -> i32 {
    lineage(world, entity).find_map(|e| world.get::<GlobalZIndex>(e).map(|z| z.0)).unwrap_or(0)
}

/// The visible part of the nearest scroll container above `entity` whose content is taller or wider
/// than it (`None`: no such container, so the entity must be inside the window).
fn scroll_window(world: &World, entity: Entity) -> Option<Rect> {
    lineage(world, entity).skip(1).find_map(|e| {
        let node = world.get::<Node>(e)?;
        let computed = world.get::<ComputedNode>(e)?;
        let scrolls = (node.overflow.y == OverflowAxis::Scroll
            && computed.content_size().y > computed.size().y + SLACK)
            || (node.overflow.x == OverflowAxis::Scroll
                && computed.content_size().x > computed.size().x + SLACK);
        if scrolls { rect_of(world, e) } else { None }
    })
}

/// The window's size in physical pixels: the primary window's, else the first camera target's.
fn window_size(world: &mut World) -> Option<Vec2> {
    let mut windows = world.query_filtered::<&Window, With<PrimaryWindow>>();
    if let Some(w) = windows.iter(world).next() {
        return Some(Vec2::new(w.physical_width() as f32, w.physical_height() as f32));
    }
    let mut cameras = world.query::<&Camera>();
    cameras.iter(world).find_map(|c| c.physical_viewport_size().map(|s| s.as_vec2()))
}

/// Checks the laid-out interface now in `world` (run it after `PostUpdate`, when the layout is
/// computed). Returns every violation, or an empty list.
pub fn violations(world: &mut World) -> Vec<Violation> {
    let Some(size) = window_size(world) else {
        return vec![Violation { what: "no window or camera to lay the interface out in".to_string() }];
    };
    let window = Rect::from_corners(Vec2::ZERO, size);
    let mut found = text_violations(world, window);
    found.extend(scroll_violations(world));
    let shown = shown_buttons(world);
    found.extend(covered_buttons(world, &shown));
    found.extend(board_marks(world));
    found.extend(text_overlaps(world, &shown));
    found.extend(button_overlaps(&shown));
    found
}

/// A button shown on screen: its entity, focus key, drawn rectangle (physical pixels) and layer.
type ShownButton = (Entity, String, Rect, i32);

/// Texts that do not fit their node, leave the window (`window`, physical pixels) or stick out of
/// their parent; for a clipped text, a clipping box outside the window.
fn text_violations(world: &mut World, window: Rect) -> Vec<Violation> {
    let mut found = Vec::new();
    let mut texts = world.query::<(Entity, &Text, &ComputedNode, Option<&TextLayoutInfo>)>();
    let texts: Vec<(Entity, String, Option<Vec2>, f32)> = texts
        .iter(world)
        .map(|(e, t, node, layout)| (e, t.0.clone(), layout.map(|l| l.size), node.inverse_scale_factor()))
        .collect();
    for (entity, text, lines, inverse) in texts {
        if text.trim().is_empty() || hidden(world, entity) || on_board(world, entity) {
            continue;
        }
        let Some(r) = rect_of(world, entity) else { continue };
        let name = short(&text);
        if let Some(parent) = world.get::<ChildOf>(entity).map(ChildOf::parent)
            && world.get::<Clipped>(parent).is_some()
        {
            if let Some(p) = rect_of(world, parent)
                && !contains(window, p)
            {
                found.push(Violation {
                    what: format!("the clipping box of {name} {} is not inside the window", show(p)),
                });
            }
            continue;
        }
        if let Some(lines) = lines
            && inverse > 0.0
        {
            // The text layout measures in the UI's own pixels (before the UI scale and the window's
            // scale factor); the nodes are in physical pixels.
            let lines = lines / inverse;
            // Across, the measured lines may include a trailing space past the wrap: a few pixels.
            if lines.x > r.width() + WIDTH_SLACK || lines.y > r.height() + SLACK {
                found.push(Violation {
                    what: format!(
                        "text {name}: its lines ({:.0}x{:.0}) do not fit its node {}",
                        lines.x,
                        lines.y,
                        show(r)
                    ),
                });
            }
        }
        match scroll_window(world, entity) {
            // Scrolled out of view: reached by scrolling.
            Some(view) if !overlap(view, r) => {}
            Some(view) if !contains(view, r) => {}
            _ if !contains(window, r) => found.push(Violation {
                what: format!("text {name} {} is not inside the window {}", show(r), show(window)),
            }),
            _ => {}
        }
        if let Some(parent) = world.get::<ChildOf>(entity).map(ChildOf::parent)
            && let Some(p) = rect_of(world, parent)
            && !contains(p, r)
        {
            let parent_name = world
                .get::<FocusKey>(parent)
                .map(|k| format!("button {}", k.0))
                .or_else(|| world.get::<Name>(parent).map(|n| format!("{n}")))
                .unwrap_or_else(|| format!("node {parent}"));
            found.push(Violation {
                what: format!("text {name} {} sticks out of its parent {parent_name} {}", show(r), show(p)),
            });
        }
    }
    found
}

/// At the sizes the check runs at, nothing needs scrolling: a scroll box whose content is taller
/// than it hides what is below its edge until the player thinks of scrolling.
fn scroll_violations(world: &mut World) -> Vec<Violation> {
    let mut found = Vec::new();
    let mut scrollers = world.query::<(Entity, &Node, &ComputedNode)>();
    let scrollers: Vec<(Entity, f32)> = scrollers
        .iter(world)
        .filter(|(_, node, c)| {
            node.overflow.y == OverflowAxis::Scroll
                && c.content_size().y > c.size().y + SLACK
                && c.size().y > 0.0
        })
        .map(|(e, _, c)| (e, c.content_size().y - c.size().y))
        .collect();
    for (entity, over) in scrollers {
        if hidden(world, entity) {
            continue;
        }
        let name = world.get::<Name>(entity).map_or_else(|| format!("node {entity}"), |n| format!("{n}"));
        let r = rect_of(world, entity).map(show).unwrap_or_default();
        found.push(Violation {
            what: format!("{name} {r} needs scrolling: its content is {over:.0} px taller than it"),
        });
    }
    found
}

/// The buttons shown: not hidden, not scrolled out of view, and drawn at least in part.
fn shown_buttons(world: &mut World) -> Vec<ShownButton> {
    let mut buttons = world.query_filtered::<(Entity, &FocusKey), With<Button>>();
    let buttons: Vec<(Entity, String)> = buttons.iter(world).map(|(e, k)| (e, k.0.clone())).collect();
    buttons
        .into_iter()
        .filter(|(e, _)| !hidden(world, *e))
        .filter_map(|(e, k)| {
            let r = rect_of(world, e)?;
            let scrolled_out = scroll_window(world, e).is_some_and(|view| !overlap(view, r));
            // What is drawn of it: a button clipped out of its box whole is not shown.
            let drawn = drawn_rect(world, e)?;
            (!scrolled_out).then(|| (e, k, drawn, layer(world, e)))
        })
        .collect()
}

/// Shown buttons covered by a hover card, or by an overlay on a higher layer that they are not in.
fn covered_buttons(world: &mut World, shown: &[ShownButton]) -> Vec<Violation> {
    let mut found = Vec::new();
    let mut cards = world.query_filtered::<Entity, With<HoverCard>>();
    let cards: Vec<Entity> = cards.iter(world).collect();
    for card in cards {
        if hidden(world, card) {
            continue;
        }
        let Some(rc) = rect_of(world, card) else { continue };
        for (_, key, r, _) in shown {
            if overlap(rc, *r) {
                found.push(Violation {
                    what: format!("a hover card {} covers the button {key} {}", show(rc), show(*r)),
                });
            }
        }
    }
    let mut overlays = world.query_filtered::<Entity, With<Overlay>>();
    let overlays: Vec<Entity> = overlays.iter(world).collect();
    for overlay in overlays {
        if hidden(world, overlay) {
            continue;
        }
        let Some(ro) = rect_of(world, overlay) else { continue };
        let lo = layer(world, overlay);
        for (button, key, r, lb) in shown {
            if *lb < lo && overlap(ro, *r) && !inside(world, *button, overlay) {
                found.push(Violation {
                    what: format!("the overlay {} covers the button {key} {}", show(ro), show(*r)),
                });
            }
        }
    }
    found
}

/// Shown buttons on one layer that overlap (a menu over a screen covers the screen's buttons on
/// purpose).
fn button_overlaps(shown: &[ShownButton]) -> Vec<Violation> {
    let mut found = Vec::new();
    for (i, (_, a, ra, la)) in shown.iter().enumerate() {
        for (_, b, rb, lb) in &shown[i + 1..] {
            // A menu over a screen covers the screen's buttons on purpose.
            if la == lb && overlap(*ra, *rb) {
                found.push(Violation {
                    what: format!("buttons {a} {} and {b} {} overlap", show(*ra), show(*rb)),
                });
            }
        }
    }
    found
}

/// The part of a node that is drawn: its rectangle cut to the clipping of the scroll boxes and
/// clipping containers above it (Bevy's own [`CalculatedClip`]; `None`: nothing of it is drawn).
fn drawn_rect(world: &World, entity: Entity) -> Option<Rect> {
    let r = rect_of(world, entity)?;
    let r = match world.get::<CalculatedClip>(entity) {
        Some(clip) => r.intersect(clip.clip),
        None => r,
    };
    (r.width() > 0.0 && r.height() > 0.0).then_some(r)
}

/// Whether `entity` is `ancestor` or lies inside it.
fn inside(world: &World, entity: Entity, ancestor: Entity) -> bool {
    lineage(world, entity).any(|e| e == ancestor)
}

/// Whether the entity is a [`HoverCard`] or lies in one.
fn in_hover_card(world: &World, entity: Entity) -> bool {
    lineage(world, entity).any(|e| world.get::<HoverCard>(e).is_some())
}

/// Whether the entity lies in a button (a button's label: it is held to the other buttons and texts
/// as its button).
fn in_button(world: &World, entity: Entity) -> bool {
    lineage(world, entity).any(|e| world.get::<Button>(e).is_some())
}

/// No shown text overlaps another text or a button of its layer that it is not part of (a label
/// drawn under a row of buttons, two lines drawn over each other), measured on what is drawn of each
/// ([`drawn_rect`]: a line scrolled or clipped out of its box does not count). Every node may still
/// lie in its parent while this happens: a box laid out shorter than its content lets the content
/// run over what follows it. Exempt: the board's cells, and the texts of a [`HoverCard`] against other
/// texts (a card floats over texts by design; it must cover no button, which is checked apart). A
/// button's label is held to the other texts and buttons as its button is (one finding, not two).
fn text_overlaps(world: &mut World, buttons: &[ShownButton]) -> Vec<Violation> {
    let mut texts = world.query::<(Entity, &Text)>();
    let texts: Vec<(Entity, String)> = texts.iter(world).map(|(e, t)| (e, t.0.clone())).collect();
    let shown: Vec<(Entity, String, Rect, i32, bool)> = texts
        .into_iter()
        .filter(|(e, t)| {
            !t.trim().is_empty() && !hidden(world, *e) && !on_board(world, *e) && !in_button(world, *e)
        })
        .filter_map(|(e, t)| {
            let r = drawn_rect(world, e)?;
            Some((e, short(&t), r, layer(world, e), in_hover_card(world, e)))
        })
        .collect();
    let mut found = Vec::new();
    for (i, (a, name_a, ra, la, card_a)) in shown.iter().enumerate() {
        for (b, name_b, rb, lb, card_b) in &shown[i + 1..] {
            if la != lb || *card_a || *card_b || !overlap(*ra, *rb) {
                continue;
            }
            if inside(world, *a, *b) || inside(world, *b, *a) {
                continue;
            }
            found.push(Violation {
                what: format!("texts {name_a} {} and {name_b} {} overlap", show(*ra), show(*rb)),
            });
        }
        for (button, key, rb, lb) in buttons {
            // A card's cover of a button is its own finding.
            if la == lb && !card_a && overlap(*ra, *rb) && !inside(world, *a, *button) {
                found.push(Violation {
                    what: format!("text {name_a} {} overlaps the button {key} {}", show(*ra), show(*rb)),
                });
            }
        }
    }
    found
}

/// How close (physical pixels) a board mark may come to its piece's pixels: closer counts as
/// touching.
const MARK_GAP: f32 = 1.0;

/// The board's marks never cover or touch the piece: for every shown piece, no pixel of its picture
/// ([`crate::board::art`], sampled where the picture is drawn) lies within [`MARK_GAP`] of the laid-out
/// lines of its cell's HP pips and modifier icon, freeze or poison badge or threat flag. A piece in
/// motion (a slide, an appearance) is skipped: the marks stay with the square.
fn board_marks(world: &mut World) -> Vec<Violation> {
    use crate::board::view::{CellBadge, CellModifier, CellPips, CellPos, PieceFill, PieceGlyph, ThreatMark};
    use crate::board::{BoardScene, BoardViewState};
    let (Some(scene), Some(view)) =
        (world.get_resource::<BoardScene>(), world.get_resource::<BoardViewState>())
    else {
        return Vec::new();
    };
    let (scene, rotated) = (scene.clone(), view.rotated);
    let mut fills = world.query::<(Entity, &PieceFill)>();
    let fills: Vec<(Entity, CellPos)> = fills.iter(world).map(|(e, f)| (e, f.0)).collect();
    let mut marks = world.query::<(
        Entity,
        &Text,
        Option<&TextLayoutInfo>,
        Option<&CellBadge>,
        Option<&CellPips>,
        Option<&ThreatMark>,
        Option<&CellModifier>,
    )>();
    let marks: Vec<(Entity, String, Vec2, CellPos)> = marks
        .iter(world)
        .filter_map(|(e, text, lines, badge, pips, threat, modifier)| {
            let pos =
                badge.map(|b| b.0).or(pips.map(|p| p.0)).or(threat.map(|t| t.0)).or(modifier.map(|m| m.0))?;
            Some((e, text.0.clone(), lines?.size, pos))
        })
        .collect();
    let mut found = Vec::new();
    for (fill, pos) in fills {
        let square = crate::board::square_at(pos.row, pos.col, rotated);
        let Some(piece) = scene.cells[square.index() as usize].piece else { continue };
        let moving = world.get::<ChildOf>(fill).map(ChildOf::parent).is_some_and(|glyph| {
            world.get::<PieceGlyph>(glyph).is_some()
                && world.get::<UiTransform>(glyph).is_some_and(|t| *t != UiTransform::default())
        });
        if moving || hidden(world, fill) {
            continue;
        }
        let Some(p) = rect_of(world, fill) else { continue };
        let art = crate::board::art::art(piece.role);
        for (mark, text, lines, _) in marks.iter().filter(|m| m.3 == pos) {
            if text.trim().is_empty() || hidden(world, *mark) {
                continue;
            }
            let (Some(node), Some(inverse)) = (
                rect_of(world, *mark),
                world.get::<ComputedNode>(*mark).map(ComputedNode::inverse_scale_factor),
            ) else {
                continue;
            };
            // The lines as laid out: centred across the node (the pip strip spans the cell and
            // centres its text; the corner marks are as wide as their text), from its top.
            let size = *lines / inverse.max(f32::EPSILON);
            let ink = Rect::from_center_size(
                Vec2::new(node.center().x, node.min.y + size.y / 2.0),
                Vec2::new(size.x.min(node.width()), size.y),
            );
            let near = Rect { min: ink.min - MARK_GAP, max: ink.max + MARK_GAP }.intersect(p);
            if near.is_empty() {
                continue;
            }
            let touches = (near.min.y.floor() as i32..near.max.y.ceil() as i32).any(|y| {
                (near.min.x.floor() as i32..near.max.x.ceil() as i32).any(|x| {
                    let at = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                    let u = (at - p.min) / p.size();
                    (0.0..1.0).contains(&u.x)
                        && (0.0..1.0).contains(&u.y)
                        && art.sample((u.x, u.y)) != crate::board::art::Sample::Empty
                })
            });
            if touches {
                found.push(Violation {
                    what: format!(
                        "the mark {} {} on {square} touches its piece ({:?}) {}",
                        short(text),
                        show(ink),
                        piece.role,
                        show(p)
                    ),
                });
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containment_allows_the_slack_and_no_more() {
        let outer = Rect::new(0.0, 0.0, 100.0, 50.0);
        assert!(contains(outer, Rect::new(-0.5, 0.0, 100.5, 50.0)));
        assert!(!contains(outer, Rect::new(-2.0, 0.0, 10.0, 10.0)));
        assert!(!contains(outer, Rect::new(10.0, 10.0, 20.0, 52.0)));
    }

    #[test]
    fn touching_rectangles_do_not_overlap() {
        let a = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert!(!overlap(a, Rect::new(10.0, 0.0, 20.0, 10.0)));
        assert!(overlap(a, Rect::new(5.0, 5.0, 20.0, 20.0)));
    }

    #[test]
    fn long_texts_are_cut_for_messages() {
        assert_eq!(short("Engine"), "\"Engine\"");
        assert_eq!(short(&"x".repeat(50)).chars().count(), 43);
    }
}
