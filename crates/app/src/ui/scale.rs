//! Sizes that follow the UI scale setting.
//!
//! Every size outside the board is written in *units*: hundredths of the reference window's shorter
//! side, [`REFERENCE_SIDE`] (800 logical pixels, the 1280x800 window), so [`units`]`(2.6)` is 20.8 px
//! there. Units are logical pixels to Bevy (`Val::Px`, `FontSize::Px`), which `UiScale` multiplies;
//! [`fit_ui_scale`] sets `UiScale` to the player's setting times the window's shorter side over 800.
//! So the interface grows and shrinks with the window as before, and the setting enlarges it on top
//! (viewport units, `Val::VMin`, ignore `UiScale`: that is why the setting once changed nothing).
//!
//! The board alone stays in viewport units ([`crate::board::view::CELL_VMIN`]): it is what a board
//! screen is about and must always fit the window, whatever the setting.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::settings::Settings;

/// The reference window's shorter side, logical pixels: at this size and a setting of 100%, one unit
/// is one hundredth of the window's shorter side.
pub const REFERENCE_SIDE: f32 = 800.0;

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
/// window, as in the headless tests, where the setting alone counts).
#[must_use]
pub fn ui_scale_for(setting: f32, window: Option<Vec2>) -> f32 {
    let fit = window.map_or(1.0, |size| size.min_element().max(1.0) / REFERENCE_SIDE);
    setting * fit
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
}
