//! Castling for standard chess and Chess960 with one set of rules: rights belong to a rook (by its
//! square), the king goes to the g- or c-file and the rook to the f- or d-file, every square both pass
//! over or land on must be empty but for the two of them, and no square of the king's path (its
//! destination included) may be attacked with the castling rook lifted off the board (it may have been
//! shielding the king). Standard chess is the case king on e1/e8 and rooks in the corners.
//!
//! Chess960 start positions are numbered 0-959 as in the Scharnagl scheme (518 is the standard
//! array). Sources: FIDE Laws of Chess (2023), Guidelines II "Chess960 rules"; R. Scharnagl's numbering
//! as described on the chessprogramming wiki, "Chess960".

use thiserror::Error;

use crate::by_color::ByColor;
use crate::mailbox::{self, EMPTY};
use crate::position::{CastlingRights, Position, PositionError};
use crate::rules::RuleSet;
use crate::square_set::SquareSet;
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// Where castling puts everything, as mailbox cells: the king from and to, the rook from and to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CastleCells {
    pub(crate) king_from: usize,
    pub(crate) king_to: usize,
    pub(crate) rook_from: usize,
    pub(crate) rook_to: usize,
}

/// The castling geometry of a position: which rooks castle, from where the king does, and which
/// rights survive a move from or to each cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Castling {
    /// The rook cells per colour, `[king side, queen side]`, 0 for none.
    pub(crate) rooks: ByColor<[u8; 2]>,
    /// The king's cell per colour when it has a right (0 for none).
    pub(crate) king: ByColor<u8>,
    /// Per cell (a `u8`, so indexing needs no bounds check), the castling-right bits that survive a
    /// move from or to it.
    pub(crate) mask: [u8; 256],
    /// Per colour, `[king side, queen side]`: the bytes of the back rank (read as one `u64` from the
    /// a-file cell up, [`Position::castling_path_clear`]) that must hold `EMPTY` for the castling:
    /// every cell the king and rook pass over or land on, but for their own two.
    pub(crate) clear: ByColor<[u64; 2]>,
    /// Per colour, `[king side, queen side]`: the king-zone bits (bit `i` for `king_from +
    /// ZONE_OFFSETS[i]`) of the king's path (its destination included, its start excluded) when the
    /// zone holds every such cell and the rook starts in its corner (lifting it cannot open a line
    /// through the path), else `u16::MAX`: the path's attack questions are then asked one by one.
    pub(crate) zone_path: ByColor<[u16; 2]>,
}

impl Castling {
    pub(crate) const NONE: Castling = Castling {
        rooks: ByColor::new([0; 2], [0; 2]),
        king: ByColor::new(0, 0),
        mask: [0b1111; 256],
        clear: ByColor::new([0; 2], [0; 2]),
        zone_path: ByColor::new([u16::MAX; 2], [u16::MAX; 2]),
    };

    /// Fills [`Castling::clear`] and [`Castling::zone_path`] of `color`'s castling on `king_side` from
    /// its king and rook cells.
    fn derive_paths(&mut self, color: Color, king_side: bool) {
        let c = self.cells(color, king_side);
        let side = usize::from(!king_side);
        let first = back_rank_start(color);
        let lo = c.king_from.min(c.king_to).min(c.rook_from).min(c.rook_to);
        let hi = c.king_from.max(c.king_to).max(c.rook_from).max(c.rook_to);
        let mut clear = 0u64;
        for cell in lo..=hi {
            if cell != c.king_from && cell != c.rook_from {
                clear |= 0xFF << (8 * (cell - first));
            }
        }
        self.clear[color][side] = clear;
        let mut path = 0u16;
        let mut covered = c.rook_from % 10 == 1 || c.rook_from % 10 == 8;
        for cell in c.king_from.min(c.king_to)..=c.king_from.max(c.king_to) {
            if cell != c.king_from {
                match crate::movegen::rank_zone_bit(cell as isize - c.king_from as isize) {
                    0 => covered = false,
                    bit => path |= bit,
                }
            }
        }
        self.zone_path[color][side] = if covered { path } else { u16::MAX };
    }

    /// The cells of the castling `color` may do on `king_side` (meaningful when the right is set).
    #[inline]
    pub(crate) fn cells(&self, color: Color, king_side: bool) -> CastleCells {
        let back = if color == Color::White { 0 } else { 7 };
        let (king_file, rook_file) = if king_side { (6, 5) } else { (2, 3) };
        CastleCells {
            king_from: self.king[color] as usize,
            king_to: mailbox::cell_of(king_file, back) as usize,
            rook_from: self.rooks[color][usize::from(!king_side)] as usize,
            rook_to: mailbox::cell_of(rook_file, back) as usize,
        }
    }
}

/// The mailbox cell of `color`'s a1 or a8: the first of its back rank's eight consecutive cells.
fn back_rank_start(color: Color) -> usize {
    mailbox::cell_of(0, if color == Color::White { 0 } else { 7 }) as usize
}

/// A Chess960 start position number outside 0-959.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("no Chess960 start position {0}: the numbers run from 0 to 959 (518 is the standard one)")]
pub struct Chess960NumberError(pub u32);

/// The back rank of Chess960 start position `number` (0-959), files a to h.
fn back_rank(number: u32) -> [Role; 8] {
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = number as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop); // light squares: b, d, f, h
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop); // dark squares: a, c, e, g
    n /= 4;
    let place = |rank: &mut [Option<Role>; 8], nth: usize, role: Role| {
        let file = (0..8).filter(|&f| rank[f].is_none()).nth(nth).expect("a free square");
        rank[file] = Some(role);
    };
    place(&mut rank, n % 6, Role::Queen);
    n /= 6;
    // The ten ways to put two knights on the five free squares, in Scharnagl's order.
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (first, second) = KNIGHTS[n];
    place(&mut rank, second, Role::Knight);
    place(&mut rank, first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place(&mut rank, 0, role);
    }
    rank.map(|r| r.expect("every square filled"))
}

impl Position {
    /// Chess960 start position `number` (0-959, Scharnagl's numbering; 518 is the standard array),
    /// White to move with all four castling rights, in Chess960 mode ([`Position::is_chess960`]).
    ///
    /// ```
    /// use gambit_rules::Position;
    /// assert_eq!(Position::chess960_start(518).unwrap().to_fen(), gambit_rules::STARTING_FEN);
    /// assert_eq!(Position::chess960_start(0).unwrap().to_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(Position::chess960_start(960).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Chess960NumberError`] for a number above 959.
    pub fn chess960_start(number: u32) -> Result<Position, Chess960NumberError> {
        if number > 959 {
            return Err(Chess960NumberError(number));
        }
        let rank = back_rank(number);
        let mut pos = Position::empty(RuleSet::Standard);
        for (file, &role) in rank.iter().enumerate() {
            let file = File::new(file as u8).expect("in range");
            for (color, back, pawns) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                let sq = |r: u8| Square::from_coords(file, Rank::new(r).expect("in range"));
                pos.put_piece(sq(back), Piece::new(color, role)).expect("empty board");
                pos.put_piece(sq(pawns), Piece::new(color, Role::Pawn)).expect("empty board");
            }
        }
        pos.chess960 = true;
        let rooks = (0..64u8)
            .filter_map(Square::new)
            .filter(|&sq| {
                (sq.rank().index() == 0 || sq.rank().index() == 7)
                    && pos.piece_at(sq).is_some_and(|p| p.role == Role::Rook)
            })
            .collect();
        let rejected = pos.install_castling(rooks);
        debug_assert!(rejected.is_empty());
        Ok(pos)
    }

    /// Whether the position is in Chess960 mode: castling is written as the king taking its own rook
    /// in UCI ([`Position::uci`]) and by rook in FEN (X-FEN or Shredder-FEN). The castling rules are the
    /// same code in both modes (standard chess is Chess960's position 518).
    #[must_use]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Switches Chess960 mode on or off (for example when a UCI front end's `UCI_Chess960` option
    /// changes): only notation changes.
    ///
    /// # Errors
    /// [`PositionError::InvalidCastlingRights`] when switching off while a castling right belongs to a
    /// king or rook off the standard squares (e1/e8, the corners): such castling has no standard
    /// notation. Nothing changes on error.
    pub fn set_chess960(&mut self, chess960: bool) -> Result<(), PositionError> {
        if !chess960 {
            let odd = self.nonstandard_rights();
            if !odd.is_empty() {
                return Err(PositionError::InvalidCastlingRights(odd));
            }
        }
        self.chess960 = chess960;
        Ok(())
    }

    /// The rights whose king or rook is not on a standard home square.
    fn nonstandard_rights(&self) -> CastlingRights {
        let mut odd = CastlingRights::NONE;
        for color in Color::ALL {
            for king_side in [true, false] {
                if let Some(rook) = self.castling_rook(color, king_side) {
                    let cells = self.castling_geometry.cells(color, king_side);
                    let back = if color == Color::White { 0 } else { 7 };
                    let rook_file = if king_side { 7 } else { 0 };
                    if cells.king_from != mailbox::cell_of(4, back) as usize
                        || rook.cell() != mailbox::cell_of(rook_file, back) as usize
                    {
                        odd = odd.with(CastlingRights::single(color, king_side));
                    }
                }
            }
        }
        odd
    }

    /// The square of the rook that `color` may castle with on the king side (`king_side`, its rook on
    /// the king's right from White's view: O-O) or the queen side (O-O-O), while that right remains.
    #[must_use]
    pub fn castling_rook(&self, color: Color, king_side: bool) -> Option<Square> {
        if !self.st.castling.has(color, king_side) {
            return None;
        }
        let cell = self.castling_geometry.rooks[color][usize::from(!king_side)];
        (cell != 0).then(|| Square::from_cell(cell as usize))
    }

    /// The squares of every rook that keeps a castling right.
    #[must_use]
    pub fn castling_rooks(&self) -> SquareSet {
        Color::ALL
            .into_iter()
            .flat_map(|c| [true, false].map(|side| self.castling_rook(c, side)))
            .flatten()
            .collect()
    }

    /// The rook a right names when only the right is given: the rook that had it before, else the
    /// corner (standard) or the outermost rook on that side of the king (Chess960, as X-FEN's `KQkq`).
    pub(crate) fn default_castling_rook(&self, color: Color, king_side: bool) -> Square {
        let previous = self.castling_geometry.rooks[color][usize::from(!king_side)];
        if previous != 0 && self.castling_geometry.king[color] == self.kings[color] {
            return Square::from_cell(previous as usize);
        }
        let back = if color == Color::White { 0 } else { 7 };
        let corner = Square::from_cell(mailbox::cell_of(if king_side { 7 } else { 0 }, back) as usize);
        if !self.chess960 {
            return corner;
        }
        let rook = Some(Piece::new(color, Role::Rook));
        let on_rank = |f: u8| Square::from_cell(mailbox::cell_of(f, back) as usize);
        let found = self.king_square(color).filter(|k| k.rank().index() == back).and_then(|k| {
            let kf = k.file().index();
            if king_side {
                (kf + 1..8).rev().map(on_rank).find(|&s| self.piece_at(s) == rook)
            } else {
                (0..kf).map(on_rank).find(|&s| self.piece_at(s) == rook)
            }
        });
        found.unwrap_or(corner)
    }

    /// The right a rook square would name: the colour of its half of the board, the side of its king
    /// (or of the e-file when the king is not on that back rank).
    pub(crate) fn intended_right(&self, rook: Square) -> CastlingRights {
        let color = if rook.rank().index() < 4 { Color::White } else { Color::Black };
        let back = if color == Color::White { 0 } else { 7 };
        let king_side = match self.king_square(color).filter(|k| k.rank().index() == back) {
            Some(k) => rook.file() > k.file(),
            None => rook.file().index() >= 4,
        };
        CastlingRights::single(color, king_side)
    }

    /// Gives castling rights to the rooks on `rooks` (replacing the current rights) and returns the
    /// rights that were asked for but refused. A rook keeps a right when it stands on its side's back
    /// rank with its own king, one per side of the king; outside Chess960 mode the king must also stand
    /// on e1/e8 and the rook in a corner. Under skirmish rules every right is refused. Recomputes the
    /// castling mask and the key.
    pub(crate) fn install_castling(&mut self, rooks: SquareSet) -> CastlingRights {
        let mut geometry = Castling::NONE;
        let mut kept = CastlingRights::NONE;
        let mut refused = CastlingRights::NONE;
        for rook in rooks {
            let right = self.intended_right(rook);
            let color = if rook.rank().index() < 4 { Color::White } else { Color::Black };
            let back = if color == Color::White { 0 } else { 7 };
            let king = self.king_square(color).filter(|k| k.rank().index() == back);
            let king_side = right.has(color, true);
            let standard_squares = king.is_some_and(|k| k.file().index() == 4)
                && rook.file().index() == if king_side { 7 } else { 0 };
            let ok = self.rules.is_standard()
                && rook.rank().index() == back
                && king.is_some_and(|k| k != rook)
                && self.piece_at(rook) == Some(Piece::new(color, Role::Rook))
                && !kept.contains(right)
                && (self.chess960 || standard_squares);
            if ok {
                kept = kept.with(right);
                geometry.rooks[color][usize::from(!king_side)] = rook.cell() as u8;
                let king = king.expect("checked").cell();
                geometry.king[color] = king as u8;
                let both = CastlingRights::single(color, true).with(CastlingRights::single(color, false));
                geometry.mask[king] &= !both.bits();
                geometry.mask[rook.cell()] &= !right.bits();
                geometry.derive_paths(color, king_side);
            } else {
                refused = refused.with(right);
            }
        }
        self.castling_geometry = geometry;
        self.set_castling(kept);
        refused.without(kept)
    }

    /// Whether a king and rook still stand where each right needs them (`problems` reports the others).
    pub(crate) fn castling_intact(&self) -> CastlingRights {
        let mut bad = CastlingRights::NONE;
        for color in Color::ALL {
            for king_side in [true, false] {
                if !self.st.castling.has(color, king_side) {
                    continue;
                }
                let cells = self.castling_geometry.cells(color, king_side);
                let king = mailbox::piece_code(color, Role::King);
                let rook = mailbox::piece_code(color, Role::Rook);
                if self.board[cells.king_from] != king || self.board[cells.rook_from] != rook {
                    bad = bad.with(CastlingRights::single(color, king_side));
                }
            }
        }
        bad
    }

    /// The castling of the side to move on `king_side` when it has the right and every square the
    /// king and rook pass over or land on is empty (but for the two of them); the attack test is
    /// [`Position::castling_path_safe`].
    #[inline]
    pub(crate) fn castling_path_clear(&self, king_side: bool) -> Option<CastleCells> {
        if !self.st.castling.has(self.turn, king_side) {
            return None;
        }
        let c = self.castling_geometry.cells(self.turn, king_side);
        // The back rank's eight cells as one word, the cells that must be empty masked.
        let first = back_rank_start(self.turn);
        let rank = u64::from_le_bytes(self.board[first..first + 8].try_into().expect("eight cells"));
        let clear = self.castling_geometry.clear[self.turn][usize::from(!king_side)];
        debug_assert_eq!(u64::from(EMPTY), 0, "an empty cell reads as a zero byte");
        (rank & clear == 0).then_some(c)
    }

    /// Whether no square of the king's castling path (its destination included; its start square
    /// too when it does not move) is attacked with the castling rook lifted, given that the side to
    /// move is not in check.
    pub(crate) fn castling_path_safe(&self, c: &CastleCells) -> bool {
        let board = &self.board;
        let us = self.turn;
        let enemy = &self.pieces[!us];
        let attacked = |cell: usize| {
            if enemy.len <= crate::king_safety::SHORT_ATTACK_LIST {
                crate::position::attacked_from_list(board, enemy, cell, c.rook_from)
            } else {
                crate::position::attacked_on(board, cell, !us, c.rook_from)
            }
        };
        let (lo, hi) = (c.king_from.min(c.king_to), c.king_from.max(c.king_to));
        if (lo..=hi).any(|cell| cell != c.king_from && attacked(cell)) {
            return false;
        }
        !(c.king_to == c.king_from && attacked(c.king_to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering() {
        let name = |n| back_rank(n).map(|r| r.upper_char()).iter().collect::<String>();
        assert_eq!(name(518), "RNBQKBNR");
        assert_eq!(name(0), "BBQNNRKR");
        assert_eq!(name(959), "RKRNNQBB");
        // Every number gives a distinct legal array: bishops on opposite colours, king between rooks.
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = back_rank(n);
            assert!(seen.insert(rank));
            let files = |role| (0..8).filter(move |&f| rank[f] == role);
            let b: Vec<usize> = files(Role::Bishop).collect();
            assert_eq!(b.len(), 2);
            assert_ne!(b[0] % 2, b[1] % 2);
            let r: Vec<usize> = files(Role::Rook).collect();
            let k = files(Role::King).next().unwrap();
            assert!(r[0] < k && k < r[1]);
        }
    }
}
