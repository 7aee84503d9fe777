//! How the CLI draws boards: `--color auto|always|never` (with `NO_COLOR`) and `--unicode`, resolved
//! once into the rules renderer's style and glyph set and handed down to every subcommand that prints
//! a board.

use std::ffi::OsStr;

use clap::ValueEnum;
use gambit_rules::{GlyphSet, RenderOptions, Style};

/// `--color`: when boards are drawn with ANSI colours.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty.
    #[default]
    Auto,
    /// Always colour, even into a pipe or a file, and whatever `NO_COLOR` says.
    Always,
    /// Never colour.
    Never,
}

/// The style and glyphs of every board a command prints.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct BoardStyle {
    /// Plain text or ANSI colours.
    pub(crate) style: Style,
    /// Letters or Unicode chess symbols.
    pub(crate) glyphs: GlyphSet,
}

impl BoardStyle {
    /// Resolves the options: `Always` colours, `Never` does not, and `Auto` colours only when
    /// `stdout_is_terminal` and `no_color` (the `NO_COLOR` variable) is unset or empty, as
    /// <https://no-color.org> asks. An explicit `--color always` wins over `NO_COLOR`, as it does in
    /// cargo, git and ripgrep.
    pub(crate) fn resolve(
        choice: ColorChoice,
        unicode: bool,
        stdout_is_terminal: bool,
        no_color: Option<&OsStr>,
    ) -> BoardStyle {
        let colour = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => stdout_is_terminal && no_color.is_none_or(OsStr::is_empty),
        };
        BoardStyle {
            style: if colour { Style::Ansi } else { Style::Plain },
            glyphs: if unicode { GlyphSet::Unicode } else { GlyphSet::Ascii },
        }
    }

    /// The renderer's options for the whole 8x8 board, seen from Black's side when `rotated`.
    pub(crate) fn options(self, rotated: bool) -> RenderOptions {
        RenderOptions { rotated, style: self.style, glyphs: self.glyphs, ..RenderOptions::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_colours_a_terminal_unless_no_color_is_set_and_not_empty() {
        let style = |choice, terminal, no_color: Option<&str>| {
            BoardStyle::resolve(choice, false, terminal, no_color.map(OsStr::new)).style
        };
        assert_eq!(style(ColorChoice::Auto, true, None), Style::Ansi);
        assert_eq!(style(ColorChoice::Auto, true, Some("")), Style::Ansi);
        assert_eq!(style(ColorChoice::Auto, true, Some("1")), Style::Plain);
        assert_eq!(style(ColorChoice::Auto, false, None), Style::Plain);
        assert_eq!(style(ColorChoice::Always, false, Some("1")), Style::Ansi);
        assert_eq!(style(ColorChoice::Never, true, None), Style::Plain);
        assert_eq!(BoardStyle::resolve(ColorChoice::Never, true, false, None).glyphs, GlyphSet::Unicode);
    }
}
