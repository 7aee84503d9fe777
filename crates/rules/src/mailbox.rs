//! The 10x12 mailbox: cell codes, direction offsets and the tables built from them at compile time.
//!
//! The board is 120 cells, 10 columns by 12 rows. The 8x8 playing area sits in columns 1..=8 and rows
//! 2..=9, so a1 is cell 21 and h8 is cell 98. Every other cell is a *sentinel*: moving a piece means adding
//! a direction offset to its cell index, and a ray stops (or a jump is rejected) when it meets a sentinel,
//! with no file or rank arithmetic. Two sentinel rows above and below keep knight jumps (offsets up to
//! +-21) inside 0..120.
//!
//! Inside the playing area a cell may also be *blocked* (a wall or a hole of an irregular board): it
//! behaves like a sentinel for movement.

use crate::by_color::ByColor;
use crate::types::{Color, Role};

/// Number of cells in the mailbox.
pub(crate) const CELLS: usize = 120;

/// An empty playable cell.
pub(crate) const EMPTY: u8 = 0;
/// A blocked tile inside the 8x8 area (wall or hole).
pub(crate) const BLOCKED: u8 = 1;
/// A sentinel cell outside the 8x8 area.
pub(crate) const OFFBOARD: u8 = 2;
/// First piece code: piece codes are `PIECE_BASE + 2 * role + color`, so 4..=15.
pub(crate) const PIECE_BASE: u8 = 4;

/// The cell code of a piece.
#[inline]
pub(crate) const fn piece_code(color: Color, role: Role) -> u8 {
    PIECE_BASE + 2 * role as u8 + color as u8
}

/// Whether the code holds a piece.
#[inline]
pub(crate) const fn is_piece(code: u8) -> bool {
    code >= PIECE_BASE
}

/// Colour of a piece code (only meaningful when `is_piece(code)`).
#[inline]
pub(crate) const fn code_color(code: u8) -> Color {
    if code & 1 == 0 { Color::White } else { Color::Black }
}

/// Role of a piece code (only meaningful when `is_piece(code)`): one lookup, no bounds check.
#[inline]
pub(crate) const fn code_role(code: u8) -> Role {
    CODE_ROLE[(code & 15) as usize]
}

/// The role a move onto a cell with this code captures: `None` for the codes that hold no piece.
#[inline(always)]
pub(crate) const fn captured_role(code: u8) -> Option<Role> {
    CAPTURED_ROLE[(code & 15) as usize]
}

/// [`captured_role`]'s table: one lookup, no test.
const CAPTURED_ROLE: [Option<Role>; 16] = {
    let mut table = [None; 16];
    let mut code = PIECE_BASE as usize;
    while code < 16 {
        table[code] = Some(Role::ALL[(code - PIECE_BASE as usize) >> 1]);
        code += 1;
    }
    table
};

/// The role of each piece code (`Pawn` for the codes that hold no piece).
const CODE_ROLE: [Role; 16] = {
    let mut table = [Role::Pawn; 16];
    let mut code = PIECE_BASE as usize;
    while code < 16 {
        table[code] = Role::ALL[(code - PIECE_BASE as usize) >> 1];
        code += 1;
    }
    table
};

/// The mailbox cell of file `file` (0..8) and rank `rank` (0..8).
#[inline]
pub(crate) const fn cell_of(file: u8, rank: u8) -> u8 {
    21 + file + 10 * rank
}

/// Whether a cell index lies in the 8x8 area.
#[inline]
pub(crate) const fn is_inside(cell: usize) -> bool {
    let col = cell % 10;
    let row = cell / 10;
    cell < CELLS && col >= 1 && col <= 8 && row >= 2 && row <= 9
}

/// For each mailbox cell inside the 8x8 area, its square index (a1 = 0 ... h8 = 63); 0 elsewhere
/// (256 entries, so an index held in a `u8` needs no bounds check).
pub(crate) const SQUARE_INDEX: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 64 {
        table[cell_of(i % 8, i / 8) as usize] = i;
        i += 1;
    }
    table
};

/// Knight jumps.
pub(crate) const KNIGHT_OFFSETS: [isize; 8] = [-21, -19, -12, -8, 8, 12, 19, 21];
/// Rook rays: west, east, south, north.
pub(crate) const ORTHOGONAL: [isize; 4] = [-1, 1, -10, 10];
/// Bishop rays: south-east, south-west, north-west, north-east.
pub(crate) const DIAGONAL: [isize; 4] = [-9, -11, 9, 11];
/// The eight king steps, also the queen's eight rays.
pub(crate) const KING_OFFSETS: [isize; 8] = [-1, 1, -10, 10, -9, -11, 9, 11];

/// Forward step of a pawn of each colour.
pub(crate) const PAWN_PUSH: ByColor<isize> = ByColor::new(10, -10);
/// The two capture steps of a pawn of each colour.
pub(crate) const PAWN_CAPTURES: ByColor<[isize; 2]> = ByColor::new([9, 11], [-11, -9]);

/// Whether a direction offset is a rook (orthogonal) direction.
#[inline]
pub(crate) const fn is_orthogonal(dir: isize) -> bool {
    matches!(dir, -1 | 1 | -10 | 10)
}

/// Adds a signed offset to a cell index. The sentinel frame guarantees the result stays in 0..120 for
/// every offset used from an inside cell.
#[inline(always)]
pub(crate) const fn step(cell: usize, offset: isize) -> usize {
    (cell as isize + offset) as usize
}

/// The board array: the 120 mailbox cells, padded with sentinels to 256 so that a cell index held in a
/// `u8` (stepped with wrapping arithmetic) always lies inside it and hot loops need no bounds checks.
pub(crate) type Board = [u8; 256];

/// One step from a cell as `u8` arithmetic (see [`Board`]).
#[inline(always)]
pub(crate) const fn step8(cell: u8, offset: i8) -> u8 {
    cell.wrapping_add(offset as u8)
}

/// The direction offsets as `i8`, for [`step8`].
pub(crate) const KNIGHT8: [i8; 8] = [-21, -19, -12, -8, 8, 12, 19, 21];
/// Rook rays as `i8`.
pub(crate) const ORTHOGONAL8: [i8; 4] = [-1, 1, -10, 10];
/// Bishop rays as `i8`.
pub(crate) const DIAGONAL8: [i8; 4] = [-9, -11, 9, 11];
/// The eight king steps (queen rays) as `i8`.
pub(crate) const KING8: [i8; 8] = [-1, 1, -10, 10, -9, -11, 9, 11];

/// The empty board: sentinels around an empty 8x8 area.
pub(crate) const EMPTY_BOARD: Board = {
    let mut board = [OFFBOARD; 256];
    let mut i = 0;
    while i < CELLS {
        if is_inside(i) {
            board[i] = EMPTY;
        }
        i += 1;
    }
    board
};

/// For a (from, to) pair of cells on one line, the unit step between them, or 0 when they share no
/// rook or bishop line. Indexed by `to - from + 119`: the 0x88 "square relations" table carried over
/// to the 10x12 board.
pub(crate) const DIRECTION: [i8; 239] = {
    let mut table = [0i8; 239];
    let dirs = KING_OFFSETS;
    let mut d = 0;
    while d < 8 {
        let mut k = 1;
        while k < 8 {
            let delta = dirs[d] * k;
            table[(delta + 119) as usize] = dirs[d] as i8;
            k += 1;
        }
        d += 1;
    }
    table
};

/// Bits of [`ATTACKS`]: which kinds of piece could attack across a cell delta.
pub(crate) const ATTACK_WHITE_PAWN: u8 = 1;
/// A black pawn attacks across this delta.
pub(crate) const ATTACK_BLACK_PAWN: u8 = 2;
/// A knight attacks across this delta.
pub(crate) const ATTACK_KNIGHT: u8 = 4;
/// A bishop or queen attacks along this diagonal delta if the squares between are empty.
pub(crate) const ATTACK_DIAGONAL: u8 = 8;
/// A rook or queen attacks along this orthogonal delta if the squares between are empty.
pub(crate) const ATTACK_ORTHOGONAL: u8 = 16;
/// A king attacks across this delta.
pub(crate) const ATTACK_KING: u8 = 32;

/// For a delta `target - from` (indexed `+ 119`), the kinds of piece that could attack across it.
/// Short deltas decompose uniquely into (rank, file) steps on the 10-wide mailbox, so the
/// non-slider bits are exact; slider bits only propose a line, which the caller walks (a walk across
/// the sentinel column stops at once).
pub(crate) const ATTACKS: [u8; 239] = {
    let mut table = [0u8; 239];
    let mut i = 0;
    while i < 8 {
        table[(KNIGHT_OFFSETS[i] + 119) as usize] |= ATTACK_KNIGHT;
        table[(KING_OFFSETS[i] + 119) as usize] |= ATTACK_KING;
        let mut k = 1;
        while k < 8 {
            let bit = if i < 4 { ATTACK_ORTHOGONAL } else { ATTACK_DIAGONAL };
            table[(KING_OFFSETS[i] * k + 119) as usize] |= bit;
            k += 1;
        }
        i += 1;
    }
    table[(9 + 119) as usize] |= ATTACK_WHITE_PAWN;
    table[(11 + 119) as usize] |= ATTACK_WHITE_PAWN;
    table[(119 - 9) as usize] |= ATTACK_BLACK_PAWN;
    table[(119 - 11) as usize] |= ATTACK_BLACK_PAWN;
    table
};

/// For each cell code, the [`ATTACKS`] bits its piece uses (0 for non-pieces).
pub(crate) const ATTACK_BITS_OF_CODE: [u8; 16] = {
    let mut bits = [0u8; 16];
    let mut color = 0;
    while color < 2 {
        let base = PIECE_BASE as usize + color;
        bits[base] = if color == 0 { ATTACK_WHITE_PAWN } else { ATTACK_BLACK_PAWN };
        bits[base + 2] = ATTACK_KNIGHT;
        bits[base + 4] = ATTACK_DIAGONAL;
        bits[base + 6] = ATTACK_ORTHOGONAL;
        bits[base + 8] = ATTACK_DIAGONAL | ATTACK_ORTHOGONAL;
        bits[base + 10] = ATTACK_KING;
        color += 1;
    }
    bits
};

/// The ten cells around a king that king moves and castling ask about: the eight neighbours
/// (`KING_OFFSETS`), then two cells to the east and to the west (the standard castling squares g and c).
pub(crate) const ZONE_OFFSETS: [isize; 10] = [-1, 1, -10, 10, -9, -11, 9, 11, 2, -2];

/// For a cell delta `king - from` (indexed `+ 119`) and a kind of attacker (0 white pawn, 1 black
/// pawn, 2 knight, 3 king, 4 diagonal slider, 5 orthogonal slider), bit `i` set when an attacker of
/// that kind on `from` would attack `king + ZONE_OFFSETS[i]` (leapers: exactly; sliders: the cell is
/// on one of its lines, to be walked). Lets one look at each enemy piece decide every king
/// destination and castling square at once.
pub(crate) const KING_ZONE: [[u16; 239]; 6] = {
    let mut table = [[0u16; 239]; 6];
    let kinds = [
        ATTACK_WHITE_PAWN,
        ATTACK_BLACK_PAWN,
        ATTACK_KNIGHT,
        ATTACK_KING,
        ATTACK_DIAGONAL,
        ATTACK_ORTHOGONAL,
    ];
    let mut delta = -77isize;
    while delta <= 77 {
        let mut i = 0;
        while i < 10 {
            let d = delta + ZONE_OFFSETS[i];
            if d != 0 {
                let bits = ATTACKS[(d + 119) as usize];
                let mut k = 0;
                while k < 6 {
                    if bits & kinds[k] != 0 {
                        table[k][(delta + 119) as usize] |= 1 << i;
                    }
                    k += 1;
                }
            }
            i += 1;
        }
        delta += 1;
    }
    table
};

/// [`ATTACKS`] already masked by each cell code's [`ATTACK_BITS_OF_CODE`]: one lookup per piece.
pub(crate) const ATTACKS_BY_CODE: [[u8; 239]; 16] = {
    let mut table = [[0u8; 239]; 16];
    let mut code = 0;
    while code < 16 {
        let mut delta = 0;
        while delta < 239 {
            table[code][delta] = ATTACKS[delta] & ATTACK_BITS_OF_CODE[code];
            delta += 1;
        }
        code += 1;
    }
    table
};

/// Per cell code, the king-zone cells a leaper of that code attacks across a delta (`KING_ZONE` rows
/// 0-3), and the cells a slider of that code is aligned with (rows 4-5, both for a queen).
pub(crate) const ZONE_BY_CODE: [[[u16; 239]; 16]; 2] = {
    let mut table = [[[0u16; 239]; 16]; 2];
    let mut code = 0;
    while code < 16 {
        let kind = ZONE_KIND[code];
        let mut delta = 0;
        while delta < 239 {
            match kind {
                0..=3 => table[0][code][delta] = KING_ZONE[kind as usize][delta],
                4 | 5 => table[1][code][delta] = KING_ZONE[kind as usize][delta],
                7 => table[1][code][delta] = KING_ZONE[4][delta] | KING_ZONE[5][delta],
                _ => {}
            }
            delta += 1;
        }
        code += 1;
    }
    table
};

/// For each cell code, its row of [`KING_ZONE`] (a piece) or 6 (not a piece); a queen is looked up
/// in both slider rows.
pub(crate) const ZONE_KIND: [u8; 16] = {
    let mut kinds = [6u8; 16];
    kinds[PIECE_BASE as usize] = 0; // white pawn
    kinds[PIECE_BASE as usize + 1] = 1; // black pawn
    kinds[PIECE_BASE as usize + 2] = 2;
    kinds[PIECE_BASE as usize + 3] = 2;
    kinds[PIECE_BASE as usize + 4] = 4;
    kinds[PIECE_BASE as usize + 5] = 4;
    kinds[PIECE_BASE as usize + 6] = 5;
    kinds[PIECE_BASE as usize + 7] = 5;
    kinds[PIECE_BASE as usize + 8] = 7; // queen: both slider rows
    kinds[PIECE_BASE as usize + 9] = 7;
    kinds[PIECE_BASE as usize + 10] = 3;
    kinds[PIECE_BASE as usize + 11] = 3;
    kinds
};

/// For each cell (a `u8`, so the table needs no bounds check), its square as a bit of a 64-bit set
/// (a1 = bit 0), 0 for cells outside the 8x8 area (which never change).
pub(crate) const CELL_BIT: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut i = 0;
    while i < 64 {
        table[cell_of(i % 8, i / 8) as usize] = 1 << i;
        i += 1;
    }
    table
};

/// The cell of each square (a1 = 0 ... h8 = 63), the inverse of [`SQUARE_INDEX`].
pub(crate) const SQUARE_CELL: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        table[i as usize] = cell_of(i % 8, i / 8);
        i += 1;
    }
    table
};

/// Per square, the squares one step along each of `offsets` (walked on the mailbox, so the frame
/// drops the steps that leave the board), as a 64-bit set.
const fn leaper_sets(offsets: &[isize]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let cell = SQUARE_CELL[sq] as isize;
        let mut i = 0;
        while i < offsets.len() {
            let c = (cell + offsets[i]) as usize;
            if is_inside(c) {
                table[sq] |= 1 << SQUARE_INDEX[c];
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Per square, every square along `dirs` up to the edge of the board (blocked tiles and pieces
/// ignored: the lines a slider on them could attack along), as a 64-bit set.
const fn line_sets(dirs: &[isize]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < dirs.len() {
            let mut c = (SQUARE_CELL[sq] as isize + dirs[i]) as usize;
            while is_inside(c) {
                table[sq] |= 1 << SQUARE_INDEX[c];
                c = (c as isize + dirs[i]) as usize;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// The squares a knight on each square attacks. Bitboards answer attack, check and pin questions
/// only; moves are generated by walking the mailbox.
pub(crate) const KNIGHT_SETS: [u64; 64] = leaper_sets(&KNIGHT_OFFSETS);
/// The squares a king on each square attacks.
pub(crate) const KING_SETS: [u64; 64] = leaper_sets(&KING_OFFSETS);
/// Per colour, the squares a pawn of that colour on each square attacks (so an enemy pawn on one of
/// `PAWN_ATTACK_SETS[us][king]` attacks a king of `us`).
pub(crate) const PAWN_ATTACK_SETS: ByColor<[u64; 64]> =
    ByColor::new(leaper_sets(&PAWN_CAPTURES.white), leaper_sets(&PAWN_CAPTURES.black));
/// The rook lines through each square.
pub(crate) const ORTHOGONAL_LINES: [u64; 64] = line_sets(&ORTHOGONAL);
/// The bishop lines through each square.
pub(crate) const DIAGONAL_LINES: [u64; 64] = line_sets(&DIAGONAL);

/// For two squares on one rook or bishop line, the squares strictly between them; 0 for squares on
/// no common line (and for a square and itself). An attack or pin question along a line is then one
/// intersection with the occupied squares ([`Position::occupied`](crate::Position)).
pub(crate) static BETWEEN: [[u64; 64]; 64] = {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let from = SQUARE_CELL[a] as usize;
        let mut b = 0;
        while b < 64 {
            let to = SQUARE_CELL[b] as usize;
            let d = DIRECTION[to + 119 - from] as isize;
            if d != 0 {
                let mut c = (from as isize + d) as usize;
                while c != to {
                    table[a][b] |= 1 << SQUARE_INDEX[c];
                    c = (c as isize + d) as usize;
                }
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// The unit direction from one cell to another along a line, or 0.
#[inline]
pub(crate) const fn direction(from: usize, to: usize) -> isize {
    DIRECTION[(to as isize - from as isize + 119) as usize] as isize
}

/// The length of [`Lines`]: the cells of the three line copies with their sentinels, and eight
/// sentinel bytes at either end so that an eight-byte load next to any cell stays inside.
pub(crate) const LINES_LEN: usize = 256;

/// Copies of the mailbox's cells in line order, for the directions whose cells are not next to each
/// other in the 10x12 array: the files (a1, a2, ..., a8, then the b-file), the diagonals (cells of
/// one `file - rank` in rising rank) and the anti-diagonals (one `file + rank`, rising rank). Each
/// line is preceded and followed by a sentinel byte, so a ray read several cells at a time
/// ([`run_up`], [`run_down`]) meets a non-empty byte within eight, exactly as the 10x12 walk meets a
/// sentinel. The cells' codes are the board's; [`crate::Position`] writes both in one place.
/// Rank rays need no copy: a rank's cells are already consecutive in the 10x12 array.
pub(crate) type Lines = [u8; LINES_LEN];

/// Per mailbox cell (indexed by `cell as u8`), its byte in [`Lines`] for the files, the diagonals and
/// the anti-diagonals (0 for cells outside the 8x8 area, a byte that is never written).
pub(crate) const LINE_SLOTS: [[u8; 3]; 256] = build_lines().0;

/// [`Lines`] of the empty board: sentinels around empty cells.
pub(crate) const EMPTY_LINES: Lines = build_lines().1;

const fn build_lines() -> ([[u8; 3]; 256], Lines) {
    let mut slots = [[0u8; 3]; 256];
    let mut lines = [OFFBOARD; LINES_LEN];
    // Byte 8 is the first line's first cell: bytes 0..8 are sentinels (the one before the line and
    // seven bytes of padding for a load that ends there).
    let mut at = 8;
    let mut orientation = 0;
    while orientation < 3 {
        // Files: 8 lines by file; diagonals: 15 by file - rank (-7..=7); anti-diagonals: 15 by
        // file + rank (0..=14). The cells of each line in rising rank.
        let count: i32 = if orientation == 0 { 8 } else { 15 };
        let mut line = 0;
        while line < count {
            let mut rank = 0;
            while rank < 8 {
                let file = match orientation {
                    0 => line,
                    1 => rank + line - 7,
                    _ => line - rank,
                };
                if file >= 0 && file < 8 {
                    let cell = cell_of(file as u8, rank as u8) as usize;
                    slots[cell][orientation] = at as u8;
                    lines[at] = EMPTY;
                    at += 1;
                }
                rank += 1;
            }
            // The sentinel after the line (and before the next).
            at += 1;
            line += 1;
        }
        orientation += 1;
    }
    // The last sentinel and seven bytes of padding after it.
    assert!(at + 7 <= LINES_LEN, "the line copies fit in LINES_LEN");
    (slots, lines)
}

/// Adds 0x7F to every byte of eight cell codes and keeps the top bits: the top bit of a byte is set
/// exactly when its code is not [`EMPTY`] (codes are below 16, so no byte carries into the next).
#[inline(always)]
const fn occupied_bytes(x: u64) -> u64 {
    x.wrapping_add(0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080
}

/// A ray read eight cells at a time: from `bytes` (the board or [`Lines`]) at `at + 1`, `at + 2`,
/// ... (the direction of rising index), the number of empty cells before the first non-empty one
/// (0..=7) and that cell's code. The caller guarantees a non-empty byte among the eight (a sentinel
/// ends every line within eight cells) and `at + 9 <= bytes.len()`.
#[inline(always)]
pub(crate) fn run_up(bytes: &[u8], at: usize) -> (u32, u8) {
    let x = u64::from_le_bytes(bytes[at + 1..at + 9].try_into().expect("eight bytes"));
    let n = occupied_bytes(x).trailing_zeros() >> 3;
    (n, (x >> (n << 3)) as u8)
}

/// [`run_up`] in the direction of falling index: the cells at `at - 1`, `at - 2`, ...; the caller
/// guarantees `at >= 8`.
#[inline(always)]
pub(crate) fn run_down(bytes: &[u8], at: usize) -> (u32, u8) {
    let x = u64::from_le_bytes(bytes[at - 8..at].try_into().expect("eight bytes"));
    let n = occupied_bytes(x).leading_zeros() >> 3;
    (n, (x >> (56 - (n << 3))) as u8)
}

/// The empty cells and the blocker of each ray from `cell` (inside the 8x8 area) along
/// [`DIAGONAL8`] (-9, -11, 9, 11, in that order), read through [`run_up`] and [`run_down`] on the
/// line copies.
#[inline(always)]
pub(crate) fn diagonal_runs(lines: &Lines, cell: u8) -> [(u32, u8); 4] {
    let [_, diagonal, anti] = LINE_SLOTS[cell as usize];
    let (diagonal, anti) = (diagonal as usize, anti as usize);
    [run_down(lines, anti), run_down(lines, diagonal), run_up(lines, anti), run_up(lines, diagonal)]
}

/// [`diagonal_runs`] along [`ORTHOGONAL8`] (-1, 1, -10, 10): rank rays on the board, file rays on
/// the line copy.
#[inline(always)]
pub(crate) fn orthogonal_runs(board: &Board, lines: &Lines, cell: u8) -> [(u32, u8); 4] {
    let file = LINE_SLOTS[cell as usize][0] as usize;
    let cell = cell as usize;
    [run_down(board, cell), run_up(board, cell), run_down(lines, file), run_up(lines, file)]
}

/// [`diagonal_runs`] along [`KING8`] (the orthogonal rays, then the diagonal ones).
#[inline(always)]
pub(crate) fn queen_runs(board: &Board, lines: &Lines, cell: u8) -> [(u32, u8); 8] {
    let [a, b, c, d] = orthogonal_runs(board, lines, cell);
    let [e, f, g, h] = diagonal_runs(lines, cell);
    [a, b, c, d, e, f, g, h]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_sets() {
        // a1 and e4 (squares 0 and 28).
        assert_eq!(KNIGHT_SETS[0].count_ones(), 2);
        assert_eq!(KNIGHT_SETS[28].count_ones(), 8);
        assert_eq!(KING_SETS[0].count_ones(), 3);
        assert_eq!(KING_SETS[28].count_ones(), 8);
        assert_eq!(PAWN_ATTACK_SETS.white[28], 1 << 35 | 1 << 37);
        assert_eq!(PAWN_ATTACK_SETS.black[28], 1 << 19 | 1 << 21);
        assert_eq!(PAWN_ATTACK_SETS.white[0], 1 << 9);
        assert_eq!(ORTHOGONAL_LINES[0].count_ones(), 14);
        assert_eq!(DIAGONAL_LINES[0].count_ones(), 7);
        assert_eq!(DIAGONAL_LINES[28].count_ones(), 13);
        for sq in 0..64 {
            assert_eq!(SQUARE_INDEX[SQUARE_CELL[sq] as usize] as usize, sq);
        }
    }

    #[test]
    fn frame() {
        assert_eq!(cell_of(0, 0), 21);
        assert_eq!(cell_of(7, 7), 98);
        assert_eq!(EMPTY_BOARD.iter().filter(|&&c| c == EMPTY).count(), 64);
        // Knight jumps from every inside cell stay inside the array.
        for cell in 0..CELLS {
            if is_inside(cell) {
                for o in KNIGHT_OFFSETS {
                    let t = cell as isize + o;
                    assert!((0..CELLS as isize).contains(&t));
                }
            }
        }
        assert_eq!(direction(21, 98), 11);
        assert_eq!(direction(21, 28), 1);
        assert_eq!(direction(28, 21), -1);
        assert_eq!(direction(21, 91), 10);
        assert_eq!(direction(21, 33), 0);
        // The table only proposes a step; a walk along it from h1 (28) towards a2 (31) meets the
        // sentinel column at once, which is how callers tell that no line joins them.
        assert_eq!(EMPTY_BOARD[step(28, direction(28, 31))], OFFBOARD);
    }

    #[test]
    fn piece_codes() {
        for color in Color::ALL {
            for role in Role::ALL {
                let code = piece_code(color, role);
                assert!(is_piece(code));
                assert_eq!(code_color(code), color);
                assert_eq!(code_role(code), role);
            }
        }
        assert!(!is_piece(EMPTY) && !is_piece(BLOCKED) && !is_piece(OFFBOARD));
    }
}
