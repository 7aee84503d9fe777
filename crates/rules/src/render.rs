//! Text boards for terminals, logs and tests: one renderer with a per-square hook, so layers above
//! (frozen squares, poison clouds, a battle's board shape and hit points) draw through it instead of
//! copying it.
//!
//! A board is drawn in one of two [`Style`]s: [`Style::Plain`] text (the default, unchanged since the
//! first release) or [`Style::Ansi`], the same layout with SGR colour codes for a terminal (square
//! shades, the sides' pieces, and a background per [`Highlight`]). Pieces are letters
//! ([`GlyphSet::Ascii`]) or the Unicode chess symbols ([`GlyphSet::Unicode`]). Each square is described
//! by a [`RenderCell`], which a hook may change before it is written. [`Style`] lists the palette.

use std::fmt::Write as _;

use crate::position::Position;
use crate::square_set::SquareSet;
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// What one square shows in a plain text board: a symbol, wrapped as `[x]` when marked (the hook
/// type of [`Position::render_ascii_with`]; [`RenderCell`] is the full description).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Glyph {
    /// The character drawn: by default the piece letter (upper case White, lower case Black), `.`
    /// for an empty square, `#` for a blocked tile.
    pub symbol: char,
    /// Whether the square is drawn as `[x]` (a selection, a frozen square, ...).
    pub marked: bool,
}

/// How a board is written.
///
/// # The ANSI palette
/// Colours are indices of the 256-colour palette (`ESC[38;5;Nm` foreground, `ESC[48;5;Nm`
/// background). Every square starts with `ESC[0;…m` (so nothing leaks from one square to the next) and
/// every rank line ends with `ESC[0m`; the rank and file labels are not styled.
///
/// | What | Background | Foreground |
/// | --- | --- | --- |
/// | light square | 180 | |
/// | dark square | 137 | |
/// | White piece | | 231, bold |
/// | Black piece | | 16, bold |
/// | a wounded piece (HP below its maximum, more than half left) | | 214, bold |
/// | a badly wounded piece (half its HP or less) | | 196, bold |
/// | an empty square's `.` | | 240 |
/// | [`Highlight::LastMoveFrom`] | 101 | |
/// | [`Highlight::LastMoveTo`] | 142 | |
/// | [`Highlight::Check`] | 160 | |
/// | [`Highlight::Frozen`] | 38 | |
/// | [`Highlight::Hole`] | 234 | 239 |
/// | [`Highlight::Wall`] | 243 | 252 |
/// | [`Highlight::Poison`] | 96 | 156 |
/// | [`Highlight::Marked`] | 68 | |
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// Plain text: no escape codes; [`Highlight::Frozen`] and [`Highlight::Marked`] squares are drawn
    /// `[x]`, the other highlights are not shown.
    #[default]
    Plain,
    /// The plain layout with ANSI SGR colour codes (the 256-colour palette above): square shades,
    /// the sides' pieces, a background per highlight, hit points. No square is bracketed, so the
    /// files stay aligned.
    Ansi,
}

/// The characters pieces are drawn with.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GlyphSet {
    /// FEN letters: `KQRBNP` White, `kqrbnp` Black.
    #[default]
    Ascii,
    /// The Unicode chess symbols: `♔♕♖♗♘♙` White, `♚♛♜♝♞♟` Black (one column wide in common
    /// terminal fonts).
    Unicode,
}

impl GlyphSet {
    /// The character of `piece` in this set.
    ///
    /// ```
    /// use gambit_rules::{Color, GlyphSet, Piece, Role};
    /// assert_eq!(GlyphSet::Ascii.piece(Piece::new(Color::Black, Role::Knight)), 'n');
    /// assert_eq!(GlyphSet::Unicode.piece(Piece::new(Color::White, Role::King)), '♔');
    /// assert_eq!(GlyphSet::Unicode.piece(Piece::new(Color::Black, Role::Pawn)), '♟');
    /// ```
    #[must_use]
    pub const fn piece(self, piece: Piece) -> char {
        match self {
            GlyphSet::Ascii => piece.char(),
            GlyphSet::Unicode => match (piece.color, piece.role) {
                (Color::White, Role::King) => '♔',
                (Color::White, Role::Queen) => '♕',
                (Color::White, Role::Rook) => '♖',
                (Color::White, Role::Bishop) => '♗',
                (Color::White, Role::Knight) => '♘',
                (Color::White, Role::Pawn) => '♙',
                (Color::Black, Role::King) => '♚',
                (Color::Black, Role::Queen) => '♛',
                (Color::Black, Role::Rook) => '♜',
                (Color::Black, Role::Bishop) => '♝',
                (Color::Black, Role::Knight) => '♞',
                (Color::Black, Role::Pawn) => '♟',
            },
        }
    }
}

/// The shade of a square on the checkerboard (a1 is dark, h1 light).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    /// A light square.
    Light,
    /// A dark square.
    Dark,
}

impl Shade {
    /// The shade of `square`.
    #[must_use]
    pub const fn of(square: Square) -> Shade {
        if square.is_light() { Shade::Light } else { Shade::Dark }
    }
}

/// Why a square stands out. One highlight per square: the layer that fills a [`RenderCell`] decides
/// which wins when several apply (the rules' own cells put [`Highlight::Check`] over the last move).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Highlight {
    /// The square the last move left.
    LastMoveFrom,
    /// The square the last move arrived on.
    LastMoveTo,
    /// The king of the side to move, in check.
    Check,
    /// A frozen square (skill chess, battles); bracketed `[x]` in plain text.
    Frozen,
    /// A square missing from the board's shape (a battle's hole or cut corner).
    Hole,
    /// A wall raised on the board during a battle.
    Wall,
    /// A square under a poison cloud.
    Poison,
    /// A square marked by the caller (a selection); bracketed `[x]` in plain text.
    Marked,
}

impl Highlight {
    /// Whether plain text shows the highlight, by bracketing the square as `[x]`: true for
    /// [`Highlight::Frozen`] and [`Highlight::Marked`] only.
    #[must_use]
    pub const fn is_bracketed(self) -> bool {
        matches!(self, Highlight::Frozen | Highlight::Marked)
    }
}

/// A piece's hit points (a battle's units have several); [`Style::Ansi`] colours a wounded piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hp {
    /// The points left.
    pub current: u8,
    /// The points at full health.
    pub max: u8,
}

/// Everything the renderer knows about one square, before it is written.
///
/// [`Position::cell`] gives the default one; the hook of [`Position::render_with`] may change any
/// field (a `~` for a poisoned empty square, a [`Highlight::Frozen`], the piece's [`Hp`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RenderCell {
    /// The character drawn: the piece in the chosen [`GlyphSet`], `.` for an empty square, `#` for a
    /// blocked tile.
    pub symbol: char,
    /// The piece on the square, whose colour gives the foreground in [`Style::Ansi`] (`None` for an
    /// empty or blocked square, or a symbol that is not a piece).
    pub piece: Option<Piece>,
    /// The square's shade, the background when there is no highlight.
    pub shade: Shade,
    /// Why the square stands out, if it does.
    pub highlight: Option<Highlight>,
    /// The piece's hit points, for layers that have them.
    pub hp: Option<Hp>,
}

/// The layout and style of [`Position::render_with`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RenderOptions {
    /// Seen from Black's side: rank 1 on top, files h to a (the labels follow).
    pub rotated: bool,
    /// The squares of the board's shape: ranks and files with none of them are left out (a battle on
    /// a 6x6 board prints 6 lines of 6 squares; squares outside the shape on a kept rank and file are
    /// still drawn). [`SquareSet::FULL`] prints the whole 8x8 area.
    pub area: SquareSet,
    /// Plain text or ANSI colours.
    pub style: Style,
    /// Letters or Unicode symbols for the pieces.
    pub glyphs: GlyphSet,
}

impl Default for RenderOptions {
    /// The whole 8x8 board from White's side, plain text, letters.
    fn default() -> Self {
        RenderOptions { rotated: false, area: SquareSet::FULL, style: Style::Plain, glyphs: GlyphSet::Ascii }
    }
}

/// The 256-colour palette indices of [`Style::Ansi`] (the table of [`Style`]).
mod palette {
    pub(super) const LIGHT: u8 = 180;
    pub(super) const DARK: u8 = 137;
    pub(super) const WHITE_PIECE: u8 = 231;
    pub(super) const BLACK_PIECE: u8 = 16;
    pub(super) const WOUNDED: u8 = 214;
    pub(super) const BADLY_WOUNDED: u8 = 196;
    pub(super) const EMPTY: u8 = 240;
    pub(super) const LAST_FROM: u8 = 101;
    pub(super) const LAST_TO: u8 = 142;
    pub(super) const CHECK: u8 = 160;
    pub(super) const FROZEN: u8 = 38;
    pub(super) const HOLE: (u8, u8) = (234, 239);
    pub(super) const WALL: (u8, u8) = (243, 252);
    pub(super) const POISON: (u8, u8) = (96, 156);
    pub(super) const MARKED: u8 = 68;
}

impl RenderCell {
    /// Appends the cell in `style`: ` x`, ` [x]` for a bracketed highlight in plain text, or the SGR
    /// sequence and ` x` in ANSI.
    fn write(self, style: Style, out: &mut String) {
        match style {
            Style::Plain => {
                out.push(' ');
                if self.highlight.is_some_and(Highlight::is_bracketed) {
                    out.push('[');
                    out.push(self.symbol);
                    out.push(']');
                } else {
                    out.push(self.symbol);
                }
            }
            Style::Ansi => {
                let (fg, bg, bold) = self.ansi_colors();
                out.push_str("\x1b[0");
                if bold {
                    out.push_str(";1");
                }
                let _ = write!(out, ";38;5;{fg};48;5;{bg}m ");
                out.push(self.symbol);
            }
        }
    }

    /// The foreground and background palette indices and whether the symbol is bold.
    fn ansi_colors(self) -> (u8, u8, bool) {
        use palette::*;
        let shade = match self.shade {
            Shade::Light => LIGHT,
            Shade::Dark => DARK,
        };
        let (bg, symbol_fg) = match self.highlight {
            None => (shade, EMPTY),
            Some(Highlight::LastMoveFrom) => (LAST_FROM, EMPTY),
            Some(Highlight::LastMoveTo) => (LAST_TO, EMPTY),
            Some(Highlight::Check) => (CHECK, EMPTY),
            Some(Highlight::Frozen) => (FROZEN, EMPTY),
            Some(Highlight::Hole) => HOLE,
            Some(Highlight::Wall) => WALL,
            Some(Highlight::Poison) => POISON,
            Some(Highlight::Marked) => (MARKED, EMPTY),
        };
        let Some(piece) = self.piece else { return (symbol_fg, bg, false) };
        let fg = match self.hp {
            Some(Hp { current, max }) if current < max && u16::from(current) * 2 > u16::from(max) => WOUNDED,
            Some(Hp { current, max }) if current < max => BADLY_WOUNDED,
            _ if piece.color == Color::White => WHITE_PIECE,
            _ => BLACK_PIECE,
        };
        (fg, bg, true)
    }
}

impl Position {
    /// The default [`RenderCell`] of `square`: the piece in `glyphs` (`.` empty, `#` blocked), the
    /// square's shade, and the position's own highlights: [`Highlight::Check`] on the king of the side
    /// to move when it is in check, otherwise [`Highlight::LastMoveFrom`] and
    /// [`Highlight::LastMoveTo`] on the squares of the last move played (from
    /// [`Position::moves_played`]: none after an edit); no [`Hp`].
    ///
    /// ```
    /// use gambit_rules::{GlyphSet, Highlight, Position, Shade};
    /// let mut pos = Position::startpos();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     pos.play(pos.parse_san(san).unwrap()).unwrap();
    /// }
    /// let sq = |s: &str| s.parse().unwrap();
    /// let king = pos.cell(sq("e1"), GlyphSet::Unicode);
    /// assert_eq!((king.symbol, king.shade, king.highlight), ('♔', Shade::Dark, Some(Highlight::Check)));
    /// assert_eq!(pos.cell(sq("h4"), GlyphSet::Ascii).highlight, Some(Highlight::LastMoveTo));
    /// assert_eq!(pos.cell(sq("d8"), GlyphSet::Ascii).highlight, Some(Highlight::LastMoveFrom));
    /// assert_eq!(pos.cell(sq("e5"), GlyphSet::Ascii).highlight, None);
    /// ```
    #[must_use]
    pub fn cell(&self, square: Square, glyphs: GlyphSet) -> RenderCell {
        self.cell_in(square, glyphs, &self.own_highlights())
    }

    /// The check square and the last move's squares, found once per board.
    fn own_highlights(&self) -> OwnHighlights {
        OwnHighlights {
            check: if self.is_check() { self.king_square(self.turn()) } else { None },
            last: self.moves_played().last().map(|m| (m.from, m.to)),
        }
    }

    fn cell_in(&self, square: Square, glyphs: GlyphSet, own: &OwnHighlights) -> RenderCell {
        let piece = self.piece_at(square);
        let symbol = if self.is_blocked(square) { '#' } else { piece.map_or('.', |p| glyphs.piece(p)) };
        let highlight = if own.check == Some(square) {
            Some(Highlight::Check)
        } else {
            match own.last {
                Some((from, _)) if from == square => Some(Highlight::LastMoveFrom),
                Some((_, to)) if to == square => Some(Highlight::LastMoveTo),
                _ => None,
            }
        };
        RenderCell { symbol, piece, shade: Shade::of(square), highlight, hp: None }
    }

    /// The board as text, one line per rank (its digit, then each square as ` x`) and a files line;
    /// lines end with `\n`. `cell` receives each square with its default [`RenderCell`]
    /// ([`Position::cell`]) and returns what to draw.
    ///
    /// In [`Style::Plain`] a square whose highlight [is bracketed](Highlight::is_bracketed) is written
    /// ` [x]`; in [`Style::Ansi`] each square is its SGR sequence (see [`Style`] for the
    /// palette) followed by ` x`, and each rank line ends with `ESC[0m`, so the text without its
    /// escape sequences is the plain text of the same cells, brackets aside.
    ///
    /// ```
    /// use gambit_rules::{GlyphSet, Highlight, Position, RenderOptions, Style};
    /// let mut pos = Position::startpos();
    /// pos.play(pos.parse_san("e4").unwrap()).unwrap();
    /// // The default options draw what `render_ascii` draws.
    /// assert_eq!(pos.render_with(RenderOptions::default(), |_, c| c), pos.render_ascii(false, &[]));
    /// let options = RenderOptions { style: Style::Ansi, glyphs: GlyphSet::Unicode, ..RenderOptions::default() };
    /// let text = pos.render_with(options, |_, c| c);
    /// // e4 (light square) arrived on by a White pawn: the last move's background, bold white.
    /// assert!(text.contains("\x1b[0;1;38;5;231;48;5;142m ♙"));
    /// // A hook marks d7 (plain text brackets it).
    /// let d7 = "d7".parse().unwrap();
    /// let plain = pos.render_with(RenderOptions::default(), |sq, c| {
    ///     if sq == d7 { gambit_rules::RenderCell { highlight: Some(Highlight::Marked), ..c } } else { c }
    /// });
    /// assert!(plain.contains("7 p p p [p] p p p p\n"));
    /// ```
    #[must_use]
    pub fn render_with(
        &self,
        options: RenderOptions,
        mut cell: impl FnMut(Square, RenderCell) -> RenderCell,
    ) -> String {
        let area = options.area;
        let ranks = Rank::ALL
            .into_iter()
            .filter(|&r| File::ALL.into_iter().any(|f| area.contains(Square::from_coords(f, r))));
        let ranks: Vec<Rank> = if options.rotated { ranks.collect() } else { ranks.rev().collect() };
        let files = File::ALL
            .into_iter()
            .filter(|&f| Rank::ALL.into_iter().any(|r| area.contains(Square::from_coords(f, r))));
        let files: Vec<File> = if options.rotated { files.rev().collect() } else { files.collect() };
        let own = self.own_highlights();
        let per_square = match options.style {
            Style::Plain => 4,
            Style::Ansi => 32,
        };
        let mut out = String::with_capacity((ranks.len() + 1) * (6 + per_square * files.len()));
        for &rank in &ranks {
            out.push(rank.char());
            for &file in &files {
                let sq = Square::from_coords(file, rank);
                cell(sq, self.cell_in(sq, options.glyphs, &own)).write(options.style, &mut out);
            }
            if options.style == Style::Ansi {
                out.push_str("\x1b[0m");
            }
            out.push('\n');
        }
        out.push(' ');
        for &file in &files {
            out.push(' ');
            out.push(file.char());
        }
        out.push('\n');
        out
    }

    /// The board with its default cells ([`Position::render_with`] with no hook): the last move and
    /// check are highlighted in [`Style::Ansi`].
    ///
    /// ```
    /// use gambit_rules::{Position, RenderOptions};
    /// let text = Position::startpos().render(RenderOptions::default());
    /// assert!(text.starts_with("8 r n b q k b n r\n"));
    /// ```
    #[must_use]
    pub fn render(&self, options: RenderOptions) -> String {
        self.render_with(options, |_, c| c)
    }

    /// The board as text through a [`Glyph`] hook, for layers that only change symbols and marks:
    /// [`Position::render_with`], where `glyph` receives each square with its symbol and whether it is
    /// bracketed, and a square it returns marked gets [`Highlight::Marked`] (unless its highlight is
    /// already bracketed), one it returns unmarked loses a bracketed highlight. With the default
    /// options the text is plain: one line per rank (its digit, then each square as ` x` or ` [x]`)
    /// and a files line; lines end with `\n`.
    ///
    /// ```
    /// use gambit_rules::{Glyph, Position, RenderOptions, Square, SquareSet};
    /// let pos = Position::startpos();
    /// let e2: Square = "e2".parse().unwrap();
    /// let e4: Square = "e4".parse().unwrap();
    /// let text = pos.render_ascii_with(RenderOptions::default(), |sq, g| {
    ///     if sq == e4 { Glyph { symbol: '~', marked: false } } else { Glyph { marked: sq == e2, ..g } }
    /// });
    /// assert!(text.contains("4 . . . . ~ . . .\n"));
    /// assert!(text.contains("2 P P P P [P] P P P\n"));
    /// // Cropped to files a-c of ranks 1-2, seen from Black's side.
    /// let area: SquareSet = ["a1", "b1", "c1", "a2", "b2", "c2"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
    /// let small = pos.render_ascii_with(RenderOptions { rotated: true, area, ..RenderOptions::default() }, |_, g| g);
    /// assert_eq!(small, "1 B N R\n2 P P P\n  c b a\n");
    /// ```
    #[must_use]
    pub fn render_ascii_with(
        &self,
        options: RenderOptions,
        mut glyph: impl FnMut(Square, Glyph) -> Glyph,
    ) -> String {
        self.render_with(options, |sq, c| {
            let bracketed = c.highlight.is_some_and(Highlight::is_bracketed);
            let g = glyph(sq, Glyph { symbol: c.symbol, marked: bracketed });
            let highlight = match (g.marked, bracketed) {
                (true, false) => Some(Highlight::Marked),
                (false, true) => None,
                _ => c.highlight,
            };
            RenderCell { symbol: g.symbol, highlight, ..c }
        })
    }

    /// The whole 8x8 board as plain text ([`Position::render_ascii_with`]): upper case White, lower
    /// case Black, `.` empty, `#` blocked; a square listed in `marked` is wrapped as `[p]` (`[.]` when
    /// empty). With `rotated`, the board is seen from Black's side (rank 1 on top, files h to a),
    /// labels following. Lines end with `\n`.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let text = Position::startpos().render_ascii(false, &[]);
    /// assert!(text.starts_with("8 r n b q k b n r\n"));
    /// assert!(text.ends_with("  a b c d e f g h\n"));
    /// ```
    #[must_use]
    pub fn render_ascii(&self, rotated: bool, marked: &[Square]) -> String {
        let options = RenderOptions { rotated, ..RenderOptions::default() };
        self.render_ascii_with(options, |sq, g| Glyph { marked: marked.contains(&sq), ..g })
    }
}

/// The highlights a position gives itself: the checked king's square and the last move's squares.
struct OwnHighlights {
    check: Option<Square>,
    last: Option<(Square, Square)>,
}
