//! The text board and the 180-degree view rotation.

use gambit_rules::{Glyph, Highlight, RenderCell, RenderOptions, Square};
use thiserror::Error;

use crate::board::SkillBoard;

/// The board as text, drawn by the rules' one renderer ([`gambit_rules::Position::render_ascii_with`]):
/// one line per rank with its label, then a files line; upper case White, lower case Black, `.` empty,
/// `#` a blocked tile, and each square in `frozen` wrapped as `[p]` (`[.]` when empty). With `rotated`
/// the board is seen from Black's side (rank 1 on top, files h to a) and the labels follow. Every line
/// ends with `\n`.
///
/// Pass [`SkillBoard::frozen_squares`] to mark the frozen squares, or `&[]` for none.
///
/// ```
/// use gambit_skills::{SkillBoard, render_ascii};
/// let board = SkillBoard::default();
/// let text = render_ascii(&board, true, &["e2".parse().unwrap()]);
/// assert!(text.starts_with("1 R N B K Q B N R\n2 P P P [P] P P P P\n"));
/// assert!(text.ends_with("  h g f e d c b a\n"));
/// ```
#[must_use]
pub fn render_ascii(board: &SkillBoard, rotated: bool, frozen: &[Square]) -> String {
    let options = RenderOptions { rotated, ..RenderOptions::default() };
    board.position().render_ascii_with(options, |sq, g| Glyph { marked: frozen.contains(&sq), ..g })
}

impl SkillBoard {
    /// The board drawn by the rules' renderer ([`gambit_rules::Position::render_with`]) in `options`'
    /// style, glyphs and orientation, with skill chess's highlights: [`Highlight::Frozen`] on each
    /// frozen square (bracketed `[p]` in plain text, as [`render_ascii`] with
    /// [`SkillBoard::frozen_squares`] draws it), else [`Highlight::Check`] on a king in check, else the
    /// last move or teleport ([`SkillBoard::last_travel`]) as [`Highlight::LastMoveFrom`] and
    /// [`Highlight::LastMoveTo`].
    ///
    /// ```
    /// use gambit_rules::{RenderOptions, Style};
    /// use gambit_skills::SkillBoard;
    /// let mut board = SkillBoard::default();
    /// board.push_action("e2e4").unwrap();
    /// board.push_action("fz e4").unwrap();
    /// let plain = board.render(RenderOptions::default());
    /// assert!(plain.contains("4 . . . . [P] . . .\n"));
    /// let ansi = board.render(RenderOptions { style: Style::Ansi, ..RenderOptions::default() });
    /// // e2, left by the last move, on its background (101); e4 frozen (38), a bold White pawn.
    /// assert!(ansi.contains("\x1b[0;38;5;240;48;5;101m ."));
    /// assert!(ansi.contains("\x1b[0;1;38;5;231;48;5;38m P"));
    /// ```
    #[must_use]
    pub fn render(&self, options: RenderOptions) -> String {
        let last = self.last_travel();
        self.position().render_with(options, |sq, c| {
            let highlight = if self.is_frozen(sq) {
                Some(Highlight::Frozen)
            } else if c.highlight == Some(Highlight::Check) {
                c.highlight
            } else {
                match last {
                    Some((from, _)) if from == sq => Some(Highlight::LastMoveFrom),
                    Some((_, to)) if to == sq => Some(Highlight::LastMoveTo),
                    _ => None,
                }
            };
            RenderCell { highlight, ..c }
        })
    }
}

/// A grid that [`rotate_view_180`] cannot rotate.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// No rows, or rows of no cells.
    #[error("the grid is empty")]
    Empty,
    /// A row whose length differs from the first row's.
    #[error("row {row} has {len} cells, but row 0 has {expected}")]
    Ragged {
        /// The index of the offending row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
}

/// Rotates a rectangular grid (rows of cells) by 180 degrees: the last row becomes the first and each
/// row is reversed, so cell `[r][c]` moves to `[rows - 1 - r][cols - 1 - c]`.
///
/// ```
/// use gambit_skills::rotate_view_180;
/// let grid = vec![vec!['a', 'b', 'c'], vec!['d', 'e', 'f']];
/// assert_eq!(rotate_view_180(&grid).unwrap(), vec![vec!['f', 'e', 'd'], vec!['c', 'b', 'a']]);
/// assert!(rotate_view_180(&[vec![1, 2], vec![3]]).is_err());
/// ```
///
/// # Errors
/// [`GridError::Empty`] for a grid with no rows or empty rows, [`GridError::Ragged`] for rows of unequal
/// length.
pub fn rotate_view_180<T: Clone, R: AsRef<[T]>>(grid: &[R]) -> Result<Vec<Vec<T>>, GridError> {
    let expected = grid.first().map_or(0, |r| r.as_ref().len());
    if expected == 0 {
        return Err(GridError::Empty);
    }
    for (row, r) in grid.iter().enumerate() {
        let len = r.as_ref().len();
        if len != expected {
            return Err(GridError::Ragged { row, len, expected });
        }
    }
    Ok(grid.iter().rev().map(|r| r.as_ref().iter().rev().cloned().collect()).collect())
}
