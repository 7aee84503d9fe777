//! A plain-text board for terminals, logs and tests.

use crate::position::Position;
use crate::types::{File, Rank, Square};

impl Position {
    /// The board as text, one line per rank and a files line: upper case White, lower case Black,
    /// `.` empty, `#` blocked; a square listed in `marked` is wrapped as `[p]` (`[.]` when empty).
    /// With `rotated`, the board is seen from Black's side (rank 1 on top, files h to a), labels
    /// following. Lines end with `\n`.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let text = Position::startpos().render_ascii(false, &[]);
    /// assert!(text.starts_with("8 r n b q k b n r\n"));
    /// assert!(text.ends_with("  a b c d e f g h\n"));
    /// ```
    #[must_use]
    pub fn render_ascii(&self, rotated: bool, marked: &[Square]) -> String {
        let mut out = String::with_capacity(200);
        let ranks: Vec<Rank> =
            if rotated { Rank::ALL.to_vec() } else { Rank::ALL.iter().rev().copied().collect() };
        let files: Vec<File> =
            if rotated { File::ALL.iter().rev().copied().collect() } else { File::ALL.to_vec() };
        for &rank in &ranks {
            out.push(rank.char());
            for &file in &files {
                let sq = Square::from_coords(file, rank);
                let glyph =
                    if self.is_blocked(sq) { '#' } else { self.piece_at(sq).map_or('.', |p| p.char()) };
                out.push(' ');
                if marked.contains(&sq) {
                    out.push('[');
                    out.push(glyph);
                    out.push(']');
                } else {
                    out.push(glyph);
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
}
