//! A plain-text board for terminals, logs and tests: one renderer with a per-square hook, so layers
//! above (frozen squares, poison clouds, a battle's board shape) draw through it instead of copying it.

use crate::position::Position;
use crate::square_set::SquareSet;
use crate::types::{File, Rank, Square};

/// What one square shows in a text board: a symbol, wrapped as `[x]` when marked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Glyph {
    /// The character drawn: by default the piece letter (upper case White, lower case Black), `.`
    /// for an empty square, `#` for a blocked tile.
    pub symbol: char,
    /// Whether the square is drawn as `[x]` (a selection, a frozen square, ...).
    pub marked: bool,
}

/// The layout of [`Position::render_ascii_with`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RenderOptions {
    /// Seen from Black's side: rank 1 on top, files h to a (the labels follow).
    pub rotated: bool,
    /// The squares of the board's shape: ranks and files with none of them are left out (a battle on
    /// a 6x6 board prints 6 lines of 6 squares; squares outside the shape on a kept rank and file are
    /// still drawn). [`SquareSet::FULL`] prints the whole 8x8 area.
    pub area: SquareSet,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions { rotated: false, area: SquareSet::FULL }
    }
}

impl Position {
    /// The board as text, one line per rank (its digit, then each square as ` x` or ` [x]`) and a
    /// files line; lines end with `\n`. `glyph` receives each square with its default [`Glyph`] (piece
    /// letter, `.` empty, `#` blocked, unmarked) and returns what to draw.
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
    /// let small = pos.render_ascii_with(RenderOptions { rotated: true, area }, |_, g| g);
    /// assert_eq!(small, "1 B N R\n2 P P P\n  c b a\n");
    /// ```
    #[must_use]
    pub fn render_ascii_with(
        &self,
        options: RenderOptions,
        mut glyph: impl FnMut(Square, Glyph) -> Glyph,
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
        let mut out = String::with_capacity((ranks.len() + 1) * (2 + 4 * files.len()));
        for &rank in &ranks {
            out.push(rank.char());
            for &file in &files {
                let sq = Square::from_coords(file, rank);
                let symbol =
                    if self.is_blocked(sq) { '#' } else { self.piece_at(sq).map_or('.', |p| p.char()) };
                let g = glyph(sq, Glyph { symbol, marked: false });
                out.push(' ');
                if g.marked {
                    out.push('[');
                    out.push(g.symbol);
                    out.push(']');
                } else {
                    out.push(g.symbol);
                }
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

    /// The whole 8x8 board as text ([`Position::render_ascii_with`]): upper case White, lower case
    /// Black, `.` empty, `#` blocked; a square listed in `marked` is wrapped as `[p]` (`[.]` when
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
