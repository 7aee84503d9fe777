//! Static evaluation of a standard chess position.
//!
//! [`evaluate`] is a tapered piece-square evaluation. Values: Ronald Friederich's PeSTO tables
//! (material plus piece-square, middlegame and endgame, tuned for his engine RofChade), as published on
//! the Chess Programming Wiki, "PeSTO's Evaluation Function"
//! (<https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function>). The tables below are written from
//! White's side with a8 first (row 0 is the eighth rank), as on that page.
//!
//! [`evaluate_full`] (the chess engine's evaluation) adds, from bitboards of the position: mobility,
//! king safety (attacks on the king zone, pawn shield), passed pawns, doubled and isolated pawns, the
//! bishop pair and rooks on open files. Its weights are listed in [`Terms`].
use gambit_rules::{Color, Position, Role};

use bitboard::{Board, FILE_A, KING, KNIGHT, bishop_attacks, pawn_attacks, rook_attacks};

pub(crate) mod bitboard;

/// Middlegame material, centipawns: pawn, knight, bishop, rook, queen, king.
const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// Endgame material, centipawns.
const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// Game-phase weight per role: 24 in the start position, 0 with only kings and pawns.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

#[rustfmt::skip]
const MG_PST: [[i16; 64]; 6] = [
    [ // pawn
          0,   0,   0,   0,   0,   0,  0,   0,
         98, 134,  61,  95,  68, 126, 34, -11,
         -6,   7,  26,  31,  65,  56, 25, -20,
        -14,  13,   6,  21,  23,  12, 17, -23,
        -27,  -2,  -5,  12,  17,   6, 10, -25,
        -26,  -4,  -4, -10,   3,   3, 33, -12,
        -35,  -1, -20, -23, -15,  24, 38, -22,
          0,   0,   0,   0,   0,   0,  0,   0,
    ],
    [ // knight
        -167, -89, -34, -49,  61, -97, -15, -107,
         -73, -41,  72,  36,  23,  62,   7,  -17,
         -47,  60,  37,  65,  84, 129,  73,   44,
          -9,  17,  19,  53,  37,  69,  18,   22,
         -13,   4,  16,  13,  28,  19,  21,   -8,
         -23,  -9,  12,  10,  19,  17,  25,  -16,
         -29, -53, -12,  -3,  -1,  18, -14,  -19,
        -105, -21, -58, -33, -17, -28, -19,  -23,
    ],
    [ // bishop
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ],
    [ // rook
         32,  42,  32,  51, 63,  9,  31,  43,
         27,  32,  58,  62, 80, 67,  26,  44,
         -5,  19,  26,  36, 17, 45,  61,  16,
        -24, -11,   7,  26, 24, 35,  -8, -20,
        -36, -26, -12,  -1,  9, -7,   6, -23,
        -45, -25, -16, -17,  3,  0,  -5, -33,
        -44, -16, -20,  -9, -1, 11,  -6, -71,
        -19, -13,   1,  17, 16,  7, -37, -26,
    ],
    [ // queen
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ],
    [ // king
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ],
];

#[rustfmt::skip]
const EG_PST: [[i16; 64]; 6] = [
    [ // pawn
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [ // knight
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ],
    [ // bishop
        -14, -21, -11,  -8, -7,  -9, -17, -24,
         -8,  -4,   7, -12, -3, -13,  -4, -14,
          2,  -8,   0,  -1, -2,   6,   0,   4,
         -3,   9,  12,   9, 14,  10,   3,   2,
         -6,   3,  13,  19,  7,  10,  -3,  -9,
        -12,  -3,   8,  10, 13,   3,  -7, -15,
        -14, -18,  -7,  -1,  4,  -9, -15, -27,
        -23,  -9, -23,  -5, -9, -16,  -5, -17,
    ],
    [ // rook
        13, 10, 18, 15, 12,  12,   8,   5,
        11, 13, 13, 11, -3,   3,   8,   3,
         7,  7,  7,  5,  4,  -3,  -5,  -3,
         4,  3, 13,  1,  2,   1,  -1,   2,
         3,  5,  8,  4, -5,  -6,  -8, -11,
        -4,  0, -5, -1, -7, -12,  -8, -16,
        -6, -6,  0,  2, -9,  -9, -11,  -3,
        -9,  2,  3, -1, -5, -13,   4, -20,
    ],
    [ // queen
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ],
    [ // king
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ],
];

/// The table index of a piece of `color` on square index `sq` (a1 = 0): White reads the tables
/// mirrored vertically (they are printed a8 first), Black reads them as printed.
#[inline]
fn table_index(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq ^ 56,
        Color::Black => sq,
    }
}

/// Middlegame and endgame value (material plus square) of one piece, centipawns.
#[inline]
#[must_use]
pub fn piece_square(color: Color, role: Role, sq: usize) -> (i32, i32) {
    let r = role.index();
    let i = table_index(color, sq);
    (MG_VALUE[r] + i32::from(MG_PST[r][i]), EG_VALUE[r] + i32::from(EG_PST[r][i]))
}

/// Tapered evaluation: PeSTO middlegame and endgame sums blended by the game phase (24 = all pieces on
/// the board, 0 = pawns and kings only), in centipawns from the side to move's view.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    for color in Color::ALL {
        let c = color.index();
        for (sq, piece) in pos.pieces(color) {
            let (m, e) = piece_square(color, piece.role, usize::from(sq.index()));
            mg[c] += m;
            eg[c] += e;
            phase += PHASE[piece.role.index()];
        }
    }
    let us = pos.turn().index();
    let them = 1 - us;
    let phase = phase.min(24);
    let score = ((mg[us] - mg[them]) * phase + (eg[us] - eg[them]) * (24 - phase)) / 24;
    // Tempo: a small bonus for having the move.
    score + 10
}

/// The weights of [`evaluate_full`]'s terms beyond PeSTO, centipawns as (middlegame, endgame) pairs.
///
/// Mobility counts the squares a piece attacks that hold no own pawn or king and are not attacked by
/// an enemy pawn, minus a typical count, times the weight (the form and values of Fabien Letouzey's
/// Fruit 2.1). King safety sums, over the enemy knights, bishops, rooks and queens that attack the
/// king zone (the king's square, its neighbours and the three squares in front of those), a weight per
/// attacked zone square; with at least two such attackers and an enemy queen on the board the sum
/// indexes [`KING_DANGER`]. Passed pawns (no enemy pawn ahead on their own or a neighbouring file)
/// score by relative rank, more when the square ahead is free.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Terms;

impl Terms {
    /// Mobility weight per square, knight, bishop, rook, queen.
    pub const MOBILITY: [(i32, i32); 4] = [(4, 4), (5, 5), (2, 4), (1, 2)];
    /// The typical mobility subtracted first: knight, bishop, rook, queen.
    pub const MOBILITY_BASE: [i32; 4] = [4, 6, 7, 13];
    /// King-zone attack weight per attacked square: knight, bishop, rook, queen.
    pub const KING_ATTACK: [i32; 4] = [2, 2, 3, 5];
    /// Pawn shield: an own pawn one rank ahead of the king on its file or a neighbour (middlegame).
    pub const SHIELD_NEAR: i32 = 12;
    /// Pawn shield: an own pawn two ranks ahead (middlegame).
    pub const SHIELD_FAR: i32 = 6;
    /// Pawn shield: no own pawn ahead on the file (middlegame, a penalty).
    pub const SHIELD_OPEN: i32 = -14;
    /// Passed pawn by relative rank (index 1 = second rank ... 6 = seventh).
    pub const PASSED: [(i32, i32); 8] =
        [(0, 0), (0, 5), (3, 8), (8, 16), (20, 32), (40, 60), (70, 100), (0, 0)];
    /// A passed pawn's extra when the square ahead is empty (per rank, same index).
    pub const PASSED_FREE: [i32; 8] = [0, 0, 2, 4, 8, 16, 28, 0];
    /// A doubled pawn (each pawn behind another of its colour on the file).
    pub const DOUBLED: (i32, i32) = (-8, -18);
    /// An isolated pawn (no own pawn on a neighbouring file).
    pub const ISOLATED: (i32, i32) = (-8, -10);
    /// Two bishops or more.
    pub const BISHOP_PAIR: (i32, i32) = (28, 52);
    /// A rook on a file without pawns.
    pub const ROOK_OPEN: (i32, i32) = (24, 8);
    /// A rook on a file without own pawns but with enemy ones.
    pub const ROOK_HALF_OPEN: (i32, i32) = (10, 4);
}

/// King danger (middlegame centipawns) by summed attack weight (see [`Terms`]): a table rising
/// quadratically, then linearly, capped at 500 (the shape of the table on the Chess Programming Wiki
/// page "King Safety").
pub const KING_DANGER: [i32; 100] = {
    let mut t = [0i32; 100];
    let mut i = 0;
    while i < 100 {
        let v = (i * i) as i32 / 4 + i as i32 * 2;
        t[i] = if v > 500 { 500 } else { v };
        i += 1;
    }
    t
};

/// Files adjacent to each file (a bitboard of the whole files).
const fn adjacent_files() -> [u64; 8] {
    let mut t = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            t[f] |= FILE_A << (f - 1);
        }
        if f < 7 {
            t[f] |= FILE_A << (f + 1);
        }
        f += 1;
    }
    t
}
const ADJACENT: [u64; 8] = adjacent_files();

/// `AHEAD[color][sq]`: the squares strictly ahead of `sq` (toward promotion) on its file and the two
/// neighbouring files.
const fn ahead() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let f = sq % 8;
        let r = sq / 8;
        let files = (FILE_A << f) | ADJACENT[f];
        let mut rank = 0;
        while rank < 8 {
            let row = 0xffu64 << (rank * 8);
            if rank > r {
                t[0][sq] |= files & row;
            }
            if rank < r {
                t[1][sq] |= files & row;
            }
            rank += 1;
        }
        sq += 1;
    }
    t
}
const AHEAD: [[u64; 64]; 2] = ahead();

/// The PeSTO evaluation plus the terms of [`Terms`], centipawns from the side to move's view. For
/// non-standard rule sets (skirmish boards with blocked tiles or several kings) this is [`evaluate`].
#[must_use]
pub fn evaluate_full(pos: &Position) -> i32 {
    if !pos.rules().is_standard() {
        return evaluate(pos);
    }
    let b = Board::of(pos);
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    for color in Color::ALL {
        let c = color.index();
        for role in Role::ALL {
            let mut set = b.pieces(c, role);
            while set != 0 {
                let sq = set.trailing_zeros() as usize;
                set &= set - 1;
                let (m, e) = piece_square(color, role, sq);
                mg[c] += m;
                eg[c] += e;
                phase += PHASE[role.index()];
            }
        }
    }
    let pawn_att = [pawn_attacks(0, b.roles[0][0]), pawn_attacks(1, b.roles[1][0])];
    for c in 0..2 {
        let (m, e) = pieces_and_king(&b, c, &pawn_att);
        mg[c] += m;
        eg[c] += e;
        let (m, e) = pawns(&b, c);
        mg[c] += m;
        eg[c] += e;
        // The bishop pair.
        if b.roles[c][2].count_ones() >= 2 {
            mg[c] += Terms::BISHOP_PAIR.0;
            eg[c] += Terms::BISHOP_PAIR.1;
        }
    }
    let us = pos.turn().index();
    let them = 1 - us;
    let phase = phase.min(24);
    let score = ((mg[us] - mg[them]) * phase + (eg[us] - eg[them]) * (24 - phase)) / 24;
    score + 10
}

/// Mobility, rooks on open files, and the attacks of colour `c` on the enemy king, plus `c`'s own pawn
/// shield: (middlegame, endgame) for `c`.
fn pieces_and_king(b: &Board, c: usize, pawn_att: &[u64; 2]) -> (i32, i32) {
    let them = 1 - c;
    let (mut mg, mut eg) = (0, 0);
    let area = !(b.roles[c][0] | b.roles[c][5] | pawn_att[them]);
    let enemy_king = b.roles[them][5];
    let zone = match enemy_king.trailing_zeros() as usize {
        64 => 0,
        k => {
            let around = KING[k] | (1u64 << k);
            // The three squares in front of the king's neighbours, from the king's side.
            around | if them == 0 { around << 8 } else { around >> 8 }
        }
    };
    let (mut units, mut attackers) = (0, 0);
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].into_iter().enumerate() {
        let mut set = b.pieces(c, role);
        while set != 0 {
            let sq = set.trailing_zeros() as usize;
            set &= set - 1;
            let att = match role {
                Role::Knight => KNIGHT[sq],
                Role::Bishop => bishop_attacks(sq, b.occupied),
                Role::Rook => rook_attacks(sq, b.occupied),
                _ => bishop_attacks(sq, b.occupied) | rook_attacks(sq, b.occupied),
            };
            // Mobility.
            let mob = (att & area).count_ones() as i32 - Terms::MOBILITY_BASE[i];
            mg += mob * Terms::MOBILITY[i].0;
            eg += mob * Terms::MOBILITY[i].1;
            // King safety: attacks on the enemy king zone.
            let hits = (att & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                units += hits * Terms::KING_ATTACK[i];
            }
            // Rooks on open and half-open files.
            if role == Role::Rook {
                let file = FILE_A << (sq % 8);
                if file & (b.roles[c][0] | b.roles[them][0]) == 0 {
                    mg += Terms::ROOK_OPEN.0;
                    eg += Terms::ROOK_OPEN.1;
                } else if file & b.roles[c][0] == 0 {
                    mg += Terms::ROOK_HALF_OPEN.0;
                    eg += Terms::ROOK_HALF_OPEN.1;
                }
            }
        }
    }
    if attackers >= 2 && b.roles[c][4] != 0 {
        mg += KING_DANGER[(units as usize).min(99)];
    }
    // Pawn shield of `c`'s own king (middlegame only), when it stands on its first two ranks.
    if let Some(k) = (b.roles[c][5] != 0).then(|| b.roles[c][5].trailing_zeros() as usize) {
        let rank = if c == 0 { k / 8 } else { 7 - k / 8 };
        if rank <= 1 {
            let own = b.roles[c][0];
            let kf = (k % 8) as i32;
            for f in (kf - 1).max(0)..=(kf + 1).min(7) {
                let file = FILE_A << f;
                let step = |n: usize| -> u64 {
                    let r = if c == 0 { k / 8 + n } else { (k / 8).wrapping_sub(n) };
                    if r < 8 { file & (0xffu64 << (r * 8)) } else { 0 }
                };
                if own & step(1) != 0 {
                    mg += Terms::SHIELD_NEAR;
                } else if own & step(2) != 0 {
                    mg += Terms::SHIELD_FAR;
                } else if own & file == 0 {
                    mg += Terms::SHIELD_OPEN;
                }
            }
        }
    }
    (mg, eg)
}

/// Pawn structure of colour `c`: passed, doubled and isolated pawns, (middlegame, endgame).
fn pawns(b: &Board, c: usize) -> (i32, i32) {
    let them = 1 - c;
    let own = b.roles[c][0];
    let enemy = b.roles[them][0];
    let (mut mg, mut eg) = (0, 0);
    let mut set = own;
    while set != 0 {
        let sq = set.trailing_zeros() as usize;
        set &= set - 1;
        let f = sq % 8;
        let file = FILE_A << f;
        let ahead_own_file = AHEAD[c][sq] & file;
        if own & ahead_own_file != 0 {
            // Doubled pawns: this one is behind another on its file.
            mg += Terms::DOUBLED.0;
            eg += Terms::DOUBLED.1;
        }
        if own & ADJACENT[f] == 0 {
            // Isolated pawns.
            mg += Terms::ISOLATED.0;
            eg += Terms::ISOLATED.1;
        }
        if enemy & AHEAD[c][sq] == 0 && own & ahead_own_file == 0 {
            // Passed pawns.
            let rank = if c == 0 { sq / 8 } else { 7 - sq / 8 };
            mg += Terms::PASSED[rank].0;
            eg += Terms::PASSED[rank].1;
            let front = if c == 0 { sq + 8 } else { sq.wrapping_sub(8) };
            if front < 64 && b.occupied & (1u64 << front) == 0 {
                eg += Terms::PASSED_FREE[rank];
            }
        }
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        let pos = Position::startpos();
        assert_eq!(evaluate(&pos), 10);
        // A mirrored position evaluates the same for the mirrored side.
        let a =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        let b =
            Position::from_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3").unwrap();
        assert_eq!(evaluate(&a), evaluate(&b));
    }

    /// The same position with colours swapped and the board mirrored top to bottom.
    fn mirrored(fen: &str) -> Position {
        let f: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> =
            f[0].split('/')
                .rev()
                .map(|r| {
                    r.chars()
                        .map(|c| {
                            if c.is_ascii_uppercase() {
                                c.to_ascii_lowercase()
                            } else {
                                c.to_ascii_uppercase()
                            }
                        })
                        .collect()
                })
                .collect();
        let turn = if f[1] == "w" { "b" } else { "w" };
        let castling: String = if f[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = f[2]
                .chars()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect();
            c.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
            c.into_iter().collect()
        };
        let ep = if f[3] == "-" {
            "-".into()
        } else {
            let b = f[3].as_bytes();
            format!("{}{}", b[0] as char, if b[1] == b'3' { '6' } else { '3' })
        };
        Position::from_fen(&format!("{} {turn} {castling} {ep} {} {}", board.join("/"), f[4], f[5])).unwrap()
    }

    #[test]
    fn the_full_evaluation_is_symmetric() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "6k1/5ppp/8/8/8/2q5/5PPP/3R2K1 b - - 0 1",
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(evaluate_full(&pos), evaluate_full(&mirrored(fen)), "{fen}");
        }
        assert_eq!(evaluate_full(&Position::startpos()), 10);
    }

    #[test]
    fn the_full_evaluation_sees_structure() {
        let score = |fen: &str| evaluate_full(&Position::from_fen(fen).unwrap());
        // A passed pawn on the sixth beats one blocked by an enemy pawn.
        assert!(score("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1") > score("4k3/3p4/3P4/8/8/8/8/4K3 w - - 0 1") + 100);
        // Two bishops beat bishop and knight, other things equal.
        assert!(score("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1") > score("4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1"));
        // An intact pawn shield beats an open king.
        let shield = score("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let open = score("r5k1/5ppp/8/8/8/5PPP/8/R5K1 w - - 0 1");
        assert!(shield > open, "{shield} {open}");
        // Non-standard rules fall back to the piece-square evaluation.
        let policy = gambit_rules::PromotionPolicy::QueenIfNoneElse(Role::Rook);
        let pos = Position::from_fen_with(
            "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
            gambit_rules::RuleSet::Skirmish(policy),
        )
        .unwrap();
        assert_eq!(evaluate_full(&pos), evaluate(&pos));
    }

    #[test]
    fn extra_queen_is_good_for_its_owner() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&pos) > 800);
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        assert!(evaluate(&pos) < -800);
    }
}
