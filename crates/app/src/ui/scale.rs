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

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

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

/// Keeps `UiScale` at the setting times the window's fit (every frame: the window may be resized).
pub fn fit_ui_scale(
    settings: Res<Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    scale: Option<ResMut<UiScale>>,
) {
    let Some(mut scale) = scale else { return };
    let window = windows.single().ok().map(|w| Vec2::new(w.width(), w.height()));
    let want = ui_scale_for(settings.ui_scale, window);
    if (scale.0 - want).abs() > f32::EPSILON {
        scale.0 = want;
    }
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
}
