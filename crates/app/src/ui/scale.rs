//! Sizes that follow the UI scale setting.
//!
//! Every size outside the board is written in *units*: hundredths of the reference window's height,
//! [`REFERENCE_SIDE`] (800 logical pixels, the 1280x800 window), so [`units`]`(2.6)` is 20.8 px
//! there. Units are logical pixels to Bevy (`Val::Px`, `FontSize::Px`), which `UiScale` multiplies;
//! [`fit_ui_scale`] sets `UiScale` to the player's setting times the window's fit: how far the
//! reference layout, [`REFERENCE_WIDTH`] x [`REFERENCE_SIDE`], must shrink or grow to fit the window
//! in both directions (the tighter of width / 1200 and height / 800), rounded down to an eighth so a
//! unit is a whole number of pixels at 100%. So the interface grows and
//! shrinks with the window, a narrow window (800x600, 1111x777) shrinks it by its width, and the
//! setting enlarges it on top (viewport units, `Val::VMin`, ignore `UiScale`: that is why the setting
//! once changed nothing).
//!
//! The board alone stays in viewport units ([`crate::board::view::CELL_VMIN`]): it is what a board
//! screen is about and must always fit the window, whatever the setting.
//!
//! A setting above 100% enlarges a screen only as far as it fits the window ([`ScaleCaps`]): the
//! reference layout fills the window at 100%, so at 150% a full screen (skill chess's panel, the
//! title with the tutorial offer, Upgrades) ran off the bottom with nothing showing that it scrolls.
//! After each layout, [`shrink_to_fit`] looks for anything outside the window (a text or a button, a
//! scroll box's hidden content, a text clipped by its box); if it finds some, the screen (with its
//! open menu) gets a cap an eighth or more lower, remembered for that screen, setting and window size,
//! down to the scale of 100% (which the layout check holds to fit). So a screen with room is shown at
//! the setting and a full one as large as it fits, never cut off.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::window::PrimaryWindow;

use crate::menus::Menu;
use crate::screens::Screen;
use crate::settings::Settings;

/// The reference layout's height, logical pixels: in a window at least [`REFERENCE_WIDTH`] wide and a
/// setting of 100%, one unit is one hundredth of the window's height.
pub const REFERENCE_SIDE: f32 = 800.0;

/// The reference layout's width, logical pixels: the widest page (the rules' two columns, the map,
/// a row of shop cards) fits it at a UI scale of 1, so a window narrower than this in proportion to
/// its height shrinks the interface by its width.
pub const REFERENCE_WIDTH: f32 = 1200.0;

/// Logical pixels per unit at a `UiScale` of 1.
pub const UNIT_PX: f32 = REFERENCE_SIDE / 100.0;

/// A length of `x` units (scaled by `UiScale`).
#[must_use]
pub fn units(x: f32) -> Val {
    Val::Px(x * UNIT_PX)
}

/// A font size of `x` units (scaled by `UiScale`).
#[must_use]
pub fn font(x: f32) -> FontSize {
    FontSize::Px(x * UNIT_PX)
}

/// `TextFont` at `x` units.
#[must_use]
pub fn text_font(x: f32) -> TextFont {
    TextFont::from_font_size(font(x))
}

/// The `UiScale` for a setting (1.0 = 100%) and a window of `window` logical pixels (`None`: no
/// window, as in the headless tests, where the setting alone counts): the setting times the tighter
/// of the window's width over [`REFERENCE_WIDTH`] and its height over [`REFERENCE_SIDE`].
#[must_use]
pub fn ui_scale_for(setting: f32, window: Option<Vec2>) -> f32 {
    let fit =
        window.map_or(1.0, |size| (size.x.max(1.0) / REFERENCE_WIDTH).min(size.y.max(1.0) / REFERENCE_SIDE));
    snap(setting * fit)
}

/// `scale` rounded down to an eighth (at least one eighth): a unit is then a whole number of pixels
/// at 100% (8 at 1, 5 at 5/8), so a width in units is laid out at the width its text was measured
/// at. At a fraction in between (800x600 gave 2/3), Bevy's layout rounds a paragraph a pixel
/// narrower than it measured it, and the text wrapped one line more than its node holds.
fn snap(scale: f32) -> f32 {
    ((scale * 8.0 + 1e-4).floor() / 8.0).max(0.125)
}

/// What a cap is remembered for: the screen, the open menu, the setting (in eighths) and the window's
/// size (logical pixels, rounded).
type CapKey = (Screen, Menu, u32, UVec2);

/// The largest `UiScale` each screen fits at ([`shrink_to_fit`] lowers it when the screen overflows
/// the window), by screen, open menu, setting and window size.
#[derive(Resource, Default, Debug)]
pub struct ScaleCaps {
    caps: HashMap<CapKey, f32>,
}

impl ScaleCaps {
    /// The cap of `key`, if the screen was found too large at some scale.
    fn get(&self, key: &CapKey) -> Option<f32> {
        self.caps.get(key).copied()
    }
}

/// The `UiScale` shown: the setting's scale `want`, at most `cap` (the screen's, when it overflowed),
/// never below `floor` (the scale of 100%, or `want` when the setting is below 100%).
#[must_use]
pub fn capped(want: f32, floor: f32, cap: Option<f32>) -> f32 {
    let floor = floor.min(want);
    cap.map_or(want, |cap| want.min(cap)).max(floor)
}

/// The key of what is shown now.
fn cap_key(settings: &Settings, window: Option<Vec2>, screen: Screen, menu: Menu) -> CapKey {
    let size = window.map_or(UVec2::ZERO, |w| w.round().as_uvec2());
    (screen, menu, (settings.ui_scale * 8.0).round() as u32, size)
}

/// The window's logical size, if there is one.
fn window_size(windows: &Query<&Window, With<PrimaryWindow>>) -> Option<Vec2> {
    windows.single().ok().map(|w| Vec2::new(w.width(), w.height()))
}

/// Keeps `UiScale` at the setting times the window's fit, capped to what the screen shown fits
/// ([`ScaleCaps`]; every frame: the window may be resized, the screen change).
pub fn fit_ui_scale(
    settings: Res<Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    states: Option<(Res<State<Screen>>, Res<State<Menu>>)>,
    caps: Res<ScaleCaps>,
    scale: Option<ResMut<UiScale>>,
) {
    let Some(mut scale) = scale else { return };
    let window = window_size(&windows);
    let want = ui_scale_for(settings.ui_scale, window);
    let cap =
        states.and_then(|(screen, menu)| caps.get(&cap_key(&settings, window, *screen.get(), *menu.get())));
    let want = capped(want, ui_scale_for(1.0, window), cap);
    if (scale.0 - want).abs() > f32::EPSILON {
        scale.0 = want;
    }
}

/// How far (physical pixels) a node may stick out of the window before the screen counts as too large.
const OVERFLOW_SLACK: f32 = 1.0;

/// After a layout at a scale above 100%: when anything of the screen lies outside the window (a shown
/// text or button not on the board and not in a clipping log, or the board itself; inside a scroll
/// box only across, as the box scrolls down), a scroll box's content is taller than the box, or a
/// text's lines do not fit its box, the screen's cap becomes the scale an eighth lower (or lower still,
/// as far as a scroll box says it must shrink), never below 100%'s.
pub fn shrink_to_fit(
    settings: Res<Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    states: Option<(Res<State<Screen>>, Res<State<Menu>>)>,
    scale: Option<Res<UiScale>>,
    mut caps: ResMut<ScaleCaps>,
    nodes: Query<(
        Entity,
        &Node,
        &ComputedNode,
        &UiGlobalTransform,
        Has<Text>,
        Has<Button>,
        Has<crate::board::view::BoardRoot>,
        Option<&TextLayoutInfo>,
    )>,
    lineage: Query<(Option<&ChildOf>, Option<&Visibility>, &Node)>,
    special: Query<(), Or<(With<super::layout_check::Clipped>, With<crate::board::view::BoardRoot>)>>,
) {
    let (Some(scale), Some((screen, menu))) = (scale, states) else { return };
    let Ok(window) = windows.single() else { return };
    let logical = Vec2::new(window.width(), window.height());
    let floor = ui_scale_for(1.0, Some(logical));
    let now = scale.0;
    if now <= floor + f32::EPSILON {
        return;
    }
    let factor = window.scale_factor();
    let bounds = Rect::from_corners(Vec2::ZERO, logical * factor);
    /// Where a node stands: not measured (hidden, on the board, in a clipping log), or measured, and
    /// then whether a scroll box above it scrolls it down.
    enum Place {
        Exempt,
        Shown { scrolled: bool },
    }
    let place = |entity: Entity| {
        let mut scrolled = false;
        let mut at = Some(entity);
        while let Some(e) = at {
            let Ok((parent, visibility, node)) = lineage.get(e) else { return Place::Exempt };
            if matches!(visibility, Some(Visibility::Hidden)) || node.display == Display::None {
                return Place::Exempt;
            }
            if e != entity {
                if special.contains(e) {
                    return Place::Exempt;
                }
                scrolled |= node.overflow.y == OverflowAxis::Scroll;
            }
            at = parent.map(ChildOf::parent);
        }
        Place::Shown { scrolled }
    };
    let mut shrink: Option<f32> = None;
    for (entity, node, computed, at, text, button, board, lines) in &nodes {
        let size = computed.size();
        if size.x <= 0.0 || size.y <= 0.0 {
            continue;
        }
        // A layout from before the last change of scale says nothing about this one.
        if (computed.inverse_scale_factor() * now * factor - 1.0).abs() > 1e-3 {
            return;
        }
        let scroll_box = node.overflow.y == OverflowAxis::Scroll;
        if !(text || button || board || scroll_box) {
            continue;
        }
        let Place::Shown { scrolled } = place(entity) else { continue };
        let mut ratio = None;
        if scroll_box && !scrolled && computed.content_size().y > size.y + OVERFLOW_SLACK {
            ratio = Some(computed.content_size().y / size.y);
        }
        if text || button || board {
            let r = Rect::from_center_size(at.translation, size);
            let across = r.min.x < bounds.min.x - OVERFLOW_SLACK || r.max.x > bounds.max.x + OVERFLOW_SLACK;
            let down = r.min.y < bounds.min.y - OVERFLOW_SLACK || r.max.y > bounds.max.y + OVERFLOW_SLACK;
            let clipped = lines.is_some_and(|l| {
                let measured = l.size / computed.inverse_scale_factor().max(f32::EPSILON);
                measured.y > size.y + OVERFLOW_SLACK
            });
            if across || (down && !scrolled) || clipped {
                ratio = Some(ratio.unwrap_or(1.0).max(1.0));
            }
        }
        if let Some(r) = ratio {
            shrink = Some(shrink.map_or(r, |s: f32| s.max(r)));
        }
    }
    let Some(ratio) = shrink else { return };
    let cap = snap((now / ratio).min(now - 0.125)).max(floor);
    let key = cap_key(&settings, Some(logical), *screen.get(), *menu.get());
    let entry = caps.caps.entry(key).or_insert(cap);
    *entry = entry.min(cap);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_multiplies_the_window_fit() {
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(1280.0, 800.0))), 1.0);
        assert_eq!(ui_scale_for(1.5, Some(Vec2::new(1280.0, 800.0))), 1.5);
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(900.0, 600.0))), 0.75);
        assert_eq!(ui_scale_for(1.25, None), 1.25);
    }

    #[test]
    fn a_narrow_window_shrinks_the_interface_by_its_width() {
        // 800x600: the width is the tighter side (800 / 1200 = 0.67 against 600 / 800 = 0.75), down to
        // an eighth.
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(800.0, 600.0))), 0.625);
        // 1111 / 1200 = 0.93 against 777 / 800 = 0.97.
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(1111.0, 777.0))), 0.875);
        // A wide, short window: the height.
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(1920.0, 600.0))), 0.75);
        // The setting at 150% in a narrow window: both multiply (1.5 x 2/3 = 1).
        assert_eq!(ui_scale_for(1.5, Some(Vec2::new(800.0, 600.0))), 1.0);
        assert_eq!(ui_scale_for(1.125, Some(Vec2::new(1280.0, 800.0))), 1.125);
    }

    #[test]
    fn a_cap_lowers_the_scale_but_never_below_100_percent() {
        // No cap: the setting.
        assert_eq!(capped(1.5, 1.0, None), 1.5);
        // A screen that fits at 125%.
        assert_eq!(capped(1.5, 1.0, Some(1.25)), 1.25);
        // A cap below the floor: the floor (100% fits by the layout check).
        assert_eq!(capped(1.5, 1.0, Some(0.875)), 1.0);
        // A setting below 100% is never raised by the floor.
        assert_eq!(capped(0.75, 1.0, Some(0.875)), 0.75);
        assert_eq!(capped(0.75, 1.0, None), 0.75);
    }
}
