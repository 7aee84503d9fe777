//! Every colour the game uses, in one place: a standard palette and a colour-blind-safe one (the
//! Okabe-Ito colours, Okabe and Ito 2008, "Color Universal Design"). Overlays are also told apart by
//! symbols (a dot for targets, a snowflake and a number for frozen squares), never by colour alone.

use bevy::prelude::Color;

use crate::settings::Settings;

/// The colours of one palette.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Screen background.
    pub background: Color,
    /// Panels behind text and buttons.
    pub panel: Color,
    /// Ordinary text.
    pub text: Color,
    /// Secondary text.
    pub muted: Color,
    /// Headings and accents.
    pub accent: Color,
    /// A button at rest.
    pub button: Color,
    /// A button under the pointer.
    pub button_hover: Color,
    /// A disabled button.
    pub button_disabled: Color,
    /// The keyboard-focus ring.
    pub focus: Color,
    /// Light squares.
    pub light: Color,
    /// Dark squares.
    pub dark: Color,
    /// Blocked tiles.
    pub blocked: Color,
    /// The last move's squares (mixed in).
    pub last_move: Color,
    /// The selected square (mixed in).
    pub selected: Color,
    /// Legal-target dots.
    pub target: Color,
    /// The checked king's square.
    pub check: Color,
    /// Threatened squares (mixed in).
    pub threat: Color,
    /// The threat flag in a threatened square's corner.
    pub threat_mark: Color,
    /// Frozen squares.
    pub frozen: Color,
    /// The frozen squares' tick numbers.
    pub frozen_text: Color,
    /// The board's keyboard cursor.
    pub cursor: Color,
    /// White pieces' fill.
    pub white_piece: Color,
    /// White pieces' outline.
    pub white_outline: Color,
    /// Black pieces' fill.
    pub black_piece: Color,
    /// Black pieces' outline.
    pub black_outline: Color,
    /// Error messages.
    pub error: Color,
    /// Good news as text: the tutorial's feedback on a step done (readable on the background and
    /// on panels, like every text colour: a test holds them to 4.5:1).
    pub success: Color,
    /// Raised walls.
    pub wall: Color,
    /// Poison clouds (mixed in).
    pub poison: Color,
    /// The poison clouds' tick numbers.
    pub poison_text: Color,
    /// HP pips and modifier letters.
    pub pips: Color,
    /// The ring around a capture objective.
    pub objective: Color,
    /// The foresight preview's frames around the opponent's expected reply (its from and to squares).
    pub foresight: Color,
}

const fn hex(rgb: u32) -> Color {
    Color::srgb(
        ((rgb >> 16) & 0xFF) as f32 / 255.0,
        ((rgb >> 8) & 0xFF) as f32 / 255.0,
        (rgb & 0xFF) as f32 / 255.0,
    )
}

/// The standard palette.
pub const STANDARD: Palette = Palette {
    background: hex(0x1B1F2A),
    panel: hex(0x262C3A),
    text: hex(0xECEFF4),
    muted: hex(0xA3ABBD),
    accent: hex(0xE8C170),
    button: hex(0x36405A),
    button_hover: hex(0x46527A),
    button_disabled: hex(0x2B3040),
    focus: hex(0xE8C170),
    light: hex(0xEBD7B4),
    dark: hex(0xA97C57),
    blocked: hex(0x2A2320),
    last_move: hex(0xF2E35B),
    selected: hex(0x5FB3F2),
    target: hex(0x2E6B3C),
    check: hex(0xE0483E),
    threat: hex(0xE8632B),
    threat_mark: hex(0xB3261E),
    frozen: hex(0x9FD8F0),
    frozen_text: hex(0x0C3B57),
    cursor: hex(0x3D8BFD),
    white_piece: hex(0xFFFDF6),
    white_outline: hex(0x1A1A1A),
    black_piece: hex(0x24242B),
    black_outline: hex(0x6A6A72),
    error: hex(0xFF8A80),
    success: hex(0x8EDB9C),
    wall: hex(0x5B5048),
    poison: hex(0x7BC043),
    poison_text: hex(0x1F3D0C),
    pips: hex(0xC0392B),
    objective: hex(0xF5B800),
    foresight: hex(0xC04FE0),
};

/// The colour-blind-safe palette: Okabe-Ito blue, orange, vermillion, sky blue, yellow, bluish green,
/// and a dark wine for threats. The last move (a light yellow) and threats (the dark wine, with a dark
/// flag) differ in lightness as well as hue (a test holds the tinted squares' luminance apart), so
/// they stay apart under every common colour-vision deficiency; the Okabe-Ito reddish purple used
/// before was too light and read like the yellow to a tritan eye. That purple now only frames the
/// foresight preview's reply (a rounded frame, never a tint, so it is told by its shape too).
pub const COLOR_BLIND: Palette = Palette {
    last_move: hex(0xF0E442),
    selected: hex(0x0072B2),
    target: hex(0x000000),
    check: hex(0xD55E00),
    threat: hex(0x882255),
    threat_mark: hex(0x5B1A47),
    frozen: hex(0x56B4E9),
    frozen_text: hex(0x000000),
    cursor: hex(0x0072B2),
    light: hex(0xE9E4D8),
    dark: hex(0x8C8C8C),
    poison: hex(0x009E73),
    pips: hex(0xD55E00),
    objective: hex(0xF0E442),
    foresight: hex(0xCC79A7),
    success: hex(0x56B4E9),
    ..STANDARD
};

impl Palette {
    /// The palette the settings ask for.
    #[must_use]
    pub fn for_settings(settings: &Settings) -> Palette {
        if settings.color_blind { COLOR_BLIND } else { STANDARD }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The WCAG 2 contrast ratio of two colours (1 to 21).
    fn contrast(a: Color, b: Color) -> f32 {
        let luminance = |c: Color| {
            let l = c.to_linear();
            0.2126 * l.red + 0.7152 * l.green + 0.0722 * l.blue
        };
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn every_text_colour_reads_on_the_background_and_on_panels() {
        for (name, palette) in [("standard", STANDARD), ("colour-blind", COLOR_BLIND)] {
            let texts = [
                ("text", palette.text),
                ("muted", palette.muted),
                ("accent", palette.accent),
                ("error", palette.error),
                ("success", palette.success),
            ];
            for (what, colour) in texts {
                for (under, ground) in [("background", palette.background), ("panel", palette.panel)] {
                    let ratio = contrast(colour, ground);
                    assert!(ratio >= 4.5, "{name} {what} on the {under}: {ratio:.2}:1, under 4.5:1");
                }
            }
        }
        // The old feedback colour (the move hints' dark green) failed: the test tells them apart.
        assert!(contrast(STANDARD.target, STANDARD.background) < 4.5);
    }
}
