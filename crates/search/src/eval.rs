//! Static evaluation of a standard chess position.
//!
//! [`evaluate`] is a tapered piece-square evaluation. Values: Ronald Friederich's PeSTO tables
//! (material plus piece-square, middlegame and endgame, tuned for his engine RofChade), as published on
//! the Chess Programming Wiki, "PeSTO's Evaluation Function"
//! (<https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function>). The tables below are written from
//! White's side with a8 first (row 0 is the eighth rank), as on that page.
//!
//! [`evaluate_full`] (the chess engine's evaluation) has material and piece-square tables of its own
//! and adds, from bitboards of the position: mobility, king safety (attacks on the king zone, pawn
//! shield), passed pawns (and the kings' distances to them), doubled and isolated pawns, the bishop
//! pair, rooks on open files, pawn and minor-piece threats and knight outposts, and it scales the
//! endgame part of drawish material balances toward zero (`endgame_scale`). Its
//! weights are [`WEIGHTS`] (a [`Weights`]), fitted to labelled positions by the tuner
//! (`crates/search/examples/tune.rs`, through [`features`]), starting from [`HAND_WEIGHTS`]: PeSTO's
//! tables and hand-picked terms. [`evaluate`] and [`piece_square`] (skill chess, battles and move
//! ordering) keep PeSTO's values.
use gambit_rules::{Color, Position, Role};

use bitboard::{Board, FILE_A, KING, KNIGHT, bishop_attacks, pawn_attacks, rook_attacks};

pub(crate) mod bitboard;
mod weights;

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

/// The weights of [`evaluate_full`], centipawns: material and piece-square tables (as PeSTO's, a8 first,
/// White's view, role order pawn to king) and the terms beyond them, middlegame and endgame values
/// blended by the game phase as in [`evaluate`]. The engine reads [`WEIGHTS`]; the tuner
/// (`crates/search/examples/tune.rs`) fits them to labelled positions through [`features`] and writes
/// `crates/search/src/eval/weights.rs`.
///
/// Mobility counts the squares a piece attacks that hold no own pawn or king and are not attacked by
/// an enemy pawn, minus a typical count ([`MOBILITY_BASE`]), times the weight (the form of Fabien
/// Letouzey's Fruit 2.1). King safety sums, over the enemy knights, bishops, rooks and queens that
/// attack the king zone (the king's square, its neighbours and the three squares in front of those),
/// [`KING_ATTACK`] per attacked zone square; with at least two such attackers and an enemy queen on the
/// board the sum indexes [`KING_DANGER`]. Passed pawns (no enemy pawn ahead on their own or a
/// neighbouring file) score by relative rank, more when the square ahead is free, and in the endgame by
/// how far the enemy king and how near the own king stand from the square ahead (the form of
/// Stockfish's king proximity term). The endgame part of the whole sum is then scaled by
/// `endgame_scale`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material, middlegame, by role (the king's is unused).
    pub material_mg: [i32; 6],
    /// Material, endgame, by role.
    pub material_eg: [i32; 6],
    /// Piece-square values, middlegame, by role, a8 first from White's view.
    pub pst_mg: [[i32; 64]; 6],
    /// Piece-square values, endgame.
    pub pst_eg: [[i32; 64]; 6],
    /// Mobility weight per square, (middlegame, endgame): knight, bishop, rook, queen.
    pub mobility: [(i32, i32); 4],
    /// King danger in percent of [`KING_DANGER_BASE`] (middlegame).
    pub king_danger: i32,
    /// Pawn shield: an own pawn one rank ahead of the king on its file or a neighbour (middlegame).
    pub shield_near: i32,
    /// Pawn shield: an own pawn two ranks ahead (middlegame).
    pub shield_far: i32,
    /// Pawn shield: no own pawn ahead on the file (middlegame; negative is a penalty).
    pub shield_open: i32,
    /// Passed pawn by relative rank (index 1 = second rank ... 6 = seventh).
    pub passed: [(i32, i32); 8],
    /// A passed pawn's extra when the square ahead is empty (endgame, per rank, same index).
    pub passed_free: [i32; 8],
    /// A doubled pawn (each pawn behind another of its colour on the file).
    pub doubled: (i32, i32),
    /// An isolated pawn (no own pawn on a neighbouring file).
    pub isolated: (i32, i32),
    /// Two bishops or more.
    pub bishop_pair: (i32, i32),
    /// A rook on a file without pawns.
    pub rook_open: (i32, i32),
    /// A rook on a file without own pawns but with enemy ones.
    pub rook_half_open: (i32, i32),
    /// A bonus for the side to move (both phases).
    pub tempo: i32,
    /// A passed pawn on the fourth rank or beyond, per square of distance from the enemy king to the
    /// square ahead of it, times the pawn's relative rank index minus 2 (1 on the fourth rank ... 4
    /// on the seventh; endgame). Distances are king moves (Chebyshev).
    pub passer_enemy_king: i32,
    /// The same for the distance of the pawn's own king (endgame; negative: a far own king costs).
    pub passer_own_king: i32,
    /// An enemy knight, bishop, rook or queen attacked by an own pawn, per piece.
    pub pawn_threat: (i32, i32),
    /// An enemy rook or queen attacked by an own knight or bishop, per attack.
    pub minor_threat: (i32, i32),
    /// A knight outpost: a knight on the fourth to sixth rank, defended by an own pawn, that no enemy
    /// pawn can ever attack (none ahead on the neighbouring files).
    pub knight_outpost: (i32, i32),
}

/// The weights [`evaluate_full`] reads (tuned; see [`Weights`]).
pub use weights::WEIGHTS;

/// The weights before tuning: PeSTO's tables and the hand-picked terms of issue 18 (what
/// [`WEIGHTS`] started from; the tuner's prior).
pub const HAND_WEIGHTS: Weights = Weights {
    material_mg: MG_VALUE,
    material_eg: EG_VALUE,
    pst_mg: widen(&MG_PST),
    pst_eg: widen(&EG_PST),
    mobility: [(4, 4), (5, 5), (2, 4), (1, 2)],
    king_danger: 100,
    shield_near: 12,
    shield_far: 6,
    shield_open: -14,
    passed: [(0, 0), (0, 5), (3, 8), (8, 16), (20, 32), (40, 60), (70, 100), (0, 0)],
    passed_free: [0, 0, 2, 4, 8, 16, 28, 0],
    doubled: (-8, -18),
    isolated: (-8, -10),
    bishop_pair: (28, 52),
    rook_open: (24, 8),
    rook_half_open: (10, 4),
    tempo: 10,
    passer_enemy_king: 8,
    passer_own_king: -4,
    pawn_threat: (40, 30),
    minor_threat: (30, 30),
    knight_outpost: (25, 15),
};

const fn widen(t: &[[i16; 64]; 6]) -> [[i32; 64]; 6] {
    let mut out = [[0i32; 64]; 6];
    let mut r = 0;
    while r < 6 {
        let mut i = 0;
        while i < 64 {
            out[r][i] = t[r][i] as i32;
            i += 1;
        }
        r += 1;
    }
    out
}

/// The typical mobility subtracted first: knight, bishop, rook, queen.
pub const MOBILITY_BASE: [i32; 4] = [4, 6, 7, 13];
/// King-zone attack weight per attacked square: knight, bishop, rook, queen.
pub const KING_ATTACK: [i32; 4] = [2, 2, 3, 5];

/// King danger before [`Weights::king_danger`]'s scale (middlegame centipawns) by summed attack
/// weight: a table rising quadratically, then linearly, capped at 500 (the shape of the table on the
/// Chess Programming Wiki page "King Safety").
pub const KING_DANGER_BASE: [i32; 100] = {
    let mut t = [0i32; 100];
    let mut i = 0;
    while i < 100 {
        let v = (i * i) as i32 / 4 + i as i32 * 2;
        t[i] = if v > 500 { 500 } else { v };
        i += 1;
    }
    t
};

/// King danger as [`evaluate_full`] scores it: [`KING_DANGER_BASE`] scaled by [`WEIGHTS`].
pub const KING_DANGER: [i32; 100] = ENGINE.danger;

/// The engine's evaluator: [`WEIGHTS`], its tables computed at compile time.
const ENGINE: Evaluator = Evaluator::new(&WEIGHTS);

/// [`evaluate_full`] with any [`Weights`] (the tuner's quiescence filter): the weights and the tables
/// derived from them (material plus piece-square value per colour, role and square; king danger).
#[derive(Clone, Debug)]
pub struct Evaluator {
    w: Weights,
    /// `psq[color][role][square]`: (middlegame, endgame), square index a1 = 0.
    psq: [[[(i32, i32); 64]; 6]; 2],
    danger: [i32; 100],
}

impl Evaluator {
    /// The evaluator of `w`.
    #[must_use]
    pub const fn new(w: &Weights) -> Evaluator {
        let mut psq = [[[(0i32, 0i32); 64]; 6]; 2];
        let mut c = 0;
        while c < 2 {
            let mut r = 0;
            while r < 6 {
                let mut sq = 0;
                while sq < 64 {
                    let i = if c == 0 { sq ^ 56 } else { sq };
                    psq[c][r][sq] = (w.material_mg[r] + w.pst_mg[r][i], w.material_eg[r] + w.pst_eg[r][i]);
                    sq += 1;
                }
                r += 1;
            }
            c += 1;
        }
        let mut danger = [0i32; 100];
        let mut i = 0;
        while i < 100 {
            danger[i] = KING_DANGER_BASE[i] * w.king_danger / 100;
            i += 1;
        }
        Evaluator { w: *w, psq, danger }
    }

    /// The evaluation of `pos` with these weights, centipawns from the side to move's view;
    /// [`evaluate`] for non-standard rule sets.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        if !pos.rules().is_standard() {
            return evaluate(pos);
        }
        full(pos, self, &mut ()).score
    }
}

/// Which phase a weight of [`Weights::to_vec`] counts in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Middlegame: scaled by phase / 24.
    Mg,
    /// Endgame: scaled by (24 - phase) / 24.
    Eg,
    /// Both (the tempo): unscaled.
    Both,
}

/// Indices into [`Weights::to_vec`].
mod idx {
    pub const MATERIAL: usize = 0; // 2 * role + part
    pub const PST: usize = 12; // 2 * (64 * role + table index) + part
    pub const MOBILITY: usize = PST + 2 * 64 * 6; // 2 * kind + part
    pub const KING_DANGER: usize = MOBILITY + 8;
    pub const SHIELD_NEAR: usize = KING_DANGER + 1;
    pub const SHIELD_FAR: usize = SHIELD_NEAR + 1;
    pub const SHIELD_OPEN: usize = SHIELD_FAR + 1;
    pub const PASSED: usize = SHIELD_OPEN + 1; // 2 * rank + part
    pub const PASSED_FREE: usize = PASSED + 16; // rank
    pub const DOUBLED: usize = PASSED_FREE + 8;
    pub const ISOLATED: usize = DOUBLED + 2;
    pub const BISHOP_PAIR: usize = ISOLATED + 2;
    pub const ROOK_OPEN: usize = BISHOP_PAIR + 2;
    pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 2;
    pub const TEMPO: usize = ROOK_HALF_OPEN + 2;
    pub const PASSER_ENEMY_KING: usize = TEMPO + 1;
    pub const PASSER_OWN_KING: usize = PASSER_ENEMY_KING + 1;
    pub const PAWN_THREAT: usize = PASSER_OWN_KING + 1;
    pub const MINOR_THREAT: usize = PAWN_THREAT + 2;
    pub const KNIGHT_OUTPOST: usize = MINOR_THREAT + 2;
    pub const LEN: usize = KNIGHT_OUTPOST + 2;
}

impl Weights {
    /// The number of weights in [`Weights::to_vec`].
    pub const LEN: usize = idx::LEN;

    /// Every weight as a number, in the order [`features`] indexes (material, piece-square tables,
    /// mobility, king danger, shield, passed, free passed, doubled, isolated, bishop pair, rook files,
    /// tempo, the passed pawns' king distances, pawn and minor-piece threats, knight outposts; pairs
    /// as middlegame then endgame).
    #[must_use]
    pub fn to_vec(&self) -> Vec<f64> {
        let mut v = Vec::with_capacity(idx::LEN);
        let pair = |v: &mut Vec<f64>, p: (i32, i32)| v.extend([f64::from(p.0), f64::from(p.1)]);
        for r in 0..6 {
            pair(&mut v, (self.material_mg[r], self.material_eg[r]));
        }
        for r in 0..6 {
            for i in 0..64 {
                pair(&mut v, (self.pst_mg[r][i], self.pst_eg[r][i]));
            }
        }
        for p in self.mobility {
            pair(&mut v, p);
        }
        v.extend([self.king_danger, self.shield_near, self.shield_far, self.shield_open].map(f64::from));
        for p in self.passed {
            pair(&mut v, p);
        }
        v.extend(self.passed_free.map(f64::from));
        for p in [self.doubled, self.isolated, self.bishop_pair, self.rook_open, self.rook_half_open] {
            pair(&mut v, p);
        }
        v.push(f64::from(self.tempo));
        v.extend([self.passer_enemy_king, self.passer_own_king].map(f64::from));
        for p in [self.pawn_threat, self.minor_threat, self.knight_outpost] {
            pair(&mut v, p);
        }
        debug_assert_eq!(v.len(), idx::LEN);
        v
    }

    /// The weights of `v` (the order of [`Weights::to_vec`]), rounded to whole centipawns; `None`
    /// unless `v` has [`Weights::LEN`] numbers.
    #[must_use]
    pub fn from_vec(v: &[f64]) -> Option<Weights> {
        if v.len() != idx::LEN {
            return None;
        }
        let at = |i: usize| v[i].round() as i32;
        let pair = |i: usize| (at(i), at(i + 1));
        let mut w = HAND_WEIGHTS;
        for r in 0..6 {
            w.material_mg[r] = at(idx::MATERIAL + 2 * r);
            w.material_eg[r] = at(idx::MATERIAL + 2 * r + 1);
            for i in 0..64 {
                w.pst_mg[r][i] = at(idx::PST + 2 * (64 * r + i));
                w.pst_eg[r][i] = at(idx::PST + 2 * (64 * r + i) + 1);
            }
        }
        for k in 0..4 {
            w.mobility[k] = pair(idx::MOBILITY + 2 * k);
        }
        w.king_danger = at(idx::KING_DANGER);
        w.shield_near = at(idx::SHIELD_NEAR);
        w.shield_far = at(idx::SHIELD_FAR);
        w.shield_open = at(idx::SHIELD_OPEN);
        for r in 0..8 {
            w.passed[r] = pair(idx::PASSED + 2 * r);
            w.passed_free[r] = at(idx::PASSED_FREE + r);
        }
        w.doubled = pair(idx::DOUBLED);
        w.isolated = pair(idx::ISOLATED);
        w.bishop_pair = pair(idx::BISHOP_PAIR);
        w.rook_open = pair(idx::ROOK_OPEN);
        w.rook_half_open = pair(idx::ROOK_HALF_OPEN);
        w.tempo = at(idx::TEMPO);
        w.passer_enemy_king = at(idx::PASSER_ENEMY_KING);
        w.passer_own_king = at(idx::PASSER_OWN_KING);
        w.pawn_threat = pair(idx::PAWN_THREAT);
        w.minor_threat = pair(idx::MINOR_THREAT);
        w.knight_outpost = pair(idx::KNIGHT_OUTPOST);
        Some(w)
    }

    /// The phase each weight of [`Weights::to_vec`] counts in.
    #[must_use]
    pub fn parts() -> Vec<Part> {
        let mut v = Vec::with_capacity(idx::LEN);
        let pairs = |v: &mut Vec<Part>, n: usize| {
            for _ in 0..n {
                v.extend([Part::Mg, Part::Eg]);
            }
        };
        pairs(&mut v, 6 + 6 * 64 + 4);
        v.extend([Part::Mg; 4]);
        pairs(&mut v, 8);
        v.extend([Part::Eg; 8]);
        pairs(&mut v, 5);
        v.push(Part::Both);
        v.extend([Part::Eg; 2]);
        pairs(&mut v, 3);
        v
    }

    /// The weights as Rust source: the file `crates/search/src/eval/weights.rs` (a `WEIGHTS`
    /// constant), with `header` as its leading comment lines.
    #[must_use]
    pub fn to_rust(&self, header: &str) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        for line in header.lines() {
            let _ = writeln!(s, "//! {line}");
        }
        s.push_str("\nuse super::Weights;\n\n/// The tuned weights of the chess evaluation (see [`Weights`]).\n#[rustfmt::skip]\npub const WEIGHTS: Weights = Weights {\n");
        let _ = writeln!(s, "    material_mg: {:?},", self.material_mg);
        let _ = writeln!(s, "    material_eg: {:?},", self.material_eg);
        for (name, t) in [("pst_mg", &self.pst_mg), ("pst_eg", &self.pst_eg)] {
            let _ = writeln!(s, "    {name}: [");
            for table in t {
                s.push_str("        [\n");
                for row in table.chunks(8) {
                    let cells: Vec<String> = row.iter().map(|x| format!("{x:4}")).collect();
                    let _ = writeln!(s, "            {},", cells.join(","));
                }
                s.push_str("        ],\n");
            }
            s.push_str("    ],\n");
        }
        let _ = writeln!(s, "    mobility: {:?},", self.mobility);
        let _ = writeln!(s, "    king_danger: {},", self.king_danger);
        let _ = writeln!(s, "    shield_near: {},", self.shield_near);
        let _ = writeln!(s, "    shield_far: {},", self.shield_far);
        let _ = writeln!(s, "    shield_open: {},", self.shield_open);
        let _ = writeln!(s, "    passed: {:?},", self.passed);
        let _ = writeln!(s, "    passed_free: {:?},", self.passed_free);
        let _ = writeln!(s, "    doubled: {:?},", self.doubled);
        let _ = writeln!(s, "    isolated: {:?},", self.isolated);
        let _ = writeln!(s, "    bishop_pair: {:?},", self.bishop_pair);
        let _ = writeln!(s, "    rook_open: {:?},", self.rook_open);
        let _ = writeln!(s, "    rook_half_open: {:?},", self.rook_half_open);
        let _ = writeln!(s, "    tempo: {},", self.tempo);
        let _ = writeln!(s, "    passer_enemy_king: {},", self.passer_enemy_king);
        let _ = writeln!(s, "    passer_own_king: {},", self.passer_own_king);
        let _ = writeln!(s, "    pawn_threat: {:?},", self.pawn_threat);
        let _ = writeln!(s, "    minor_threat: {:?},", self.minor_threat);
        let _ = writeln!(s, "    knight_outpost: {:?},", self.knight_outpost);
        s.push_str("};\n");
        s
    }
}

/// What [`evaluate_full`] counted in a position: each weight's count for the side to move minus the
/// opponent's (the index is the order of [`Weights::to_vec`]), and the game phase. The evaluation is
/// then, up to rounding, the sum over `terms` of count times weight, the [`Part::Mg`] weights scaled
/// by `phase / 24` and the [`Part::Eg`] ones by `(24 - phase) / 24`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Features {
    /// The game phase, 0 (kings and pawns) to 24 (all pieces).
    pub phase: i32,
    /// (weight index, count), merged by index.
    pub terms: Vec<(u16, f32)>,
}

impl Features {
    /// The evaluation these features give under the weights `w` (laid out as [`Weights::to_vec`],
    /// phases as `parts`, [`Weights::parts`]), in centipawns for the side to move, unrounded.
    #[must_use]
    pub fn linear(&self, w: &[f64], parts: &[Part]) -> f64 {
        let mg = f64::from(self.phase) / 24.0;
        self.terms
            .iter()
            .map(|&(i, n)| {
                let i = usize::from(i);
                let scale = match parts[i] {
                    Part::Mg => mg,
                    Part::Eg => 1.0 - mg,
                    Part::Both => 1.0,
                };
                f64::from(n) * w[i] * scale
            })
            .sum()
    }
}

/// The features of [`evaluate_full`] in `pos`, for tuning its weights; `None` for non-standard rule
/// sets (whose evaluation is [`evaluate`]).
#[must_use]
pub fn features(pos: &Position) -> Option<Features> {
    if !pos.rules().is_standard() {
        return None;
    }
    let mut t = Tracer { us: pos.turn().index(), counts: vec![0.0; idx::LEN] };
    let Full { phase, eg_scale, .. } = full(pos, &ENGINE, &mut t);
    // The endgame weights count at the scale of the drawish endings.
    for (count, part) in t.counts.iter_mut().zip(Weights::parts()) {
        if part == Part::Eg {
            *count *= eg_scale as f32 / 64.0;
        }
    }
    let terms =
        t.counts.iter().enumerate().filter(|(_, c)| **c != 0.0).map(|(i, c)| (i as u16, *c)).collect();
    Some(Features { phase, terms })
}

/// Receives [`evaluate_full`]'s counts ([`features`]); the engine's path passes `()`, which keeps none.
trait Trace {
    /// `n` units of weight `index` for colour `c`.
    fn add(&mut self, c: usize, index: usize, n: f32);
}

impl Trace for () {
    #[inline(always)]
    fn add(&mut self, _: usize, _: usize, _: f32) {}
}

struct Tracer {
    us: usize,
    counts: Vec<f32>,
}

impl Trace for Tracer {
    fn add(&mut self, c: usize, index: usize, n: f32) {
        self.counts[index] += if c == self.us { n } else { -n };
    }
}
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

/// The chess engine's evaluation: material, piece-square values and the terms of [`Weights`], read
/// from [`WEIGHTS`], centipawns from the side to move's view. For non-standard rule sets (skirmish
/// boards with blocked tiles or several kings) this is [`evaluate`].
#[must_use]
pub fn evaluate_full(pos: &Position) -> i32 {
    if !pos.rules().is_standard() {
        return evaluate(pos);
    }
    full(pos, &ENGINE, &mut ()).score
}

/// What [`full`] computes: the evaluation, the game phase and the endgame scale.
struct Full {
    /// Centipawns, side to move's view.
    score: i32,
    /// 0 (kings and pawns) to 24.
    phase: i32,
    /// The endgame part's scale in 64ths (`endgame_scale`).
    eg_scale: i32,
}

/// Dark squares (a1 is dark).
const DARK_SQUARES: u64 = 0xAA55_AA55_AA55_AA55;

/// How much of the endgame evaluation a material balance keeps, in 64ths: drawish endings score closer
/// to zero. Judged for the side with more material (pawn 1, knight and bishop 3, rook 5, queen 9; on
/// equal material the larger of the two sides' scales):
/// - no pawns and at most a minor piece more than the other side: 0 with less than a rook's worth of
///   pieces (a lone minor cannot mate), 4 when the other side has at most a minor piece (rook
///   against a minor), else 14 (rook and minor against rook);
/// - opposite-coloured bishops as the only pieces: 32;
/// - otherwise 64.
///
/// The shape of Stockfish's `Evaluation::scale_factor` (Stockfish 15.1, `src/evaluate.cpp`).
fn endgame_scale(b: &Board) -> i32 {
    let pieces = |c: usize| {
        3 * (b.roles[c][1] | b.roles[c][2]).count_ones() as i32
            + 5 * b.roles[c][3].count_ones() as i32
            + 9 * b.roles[c][4].count_ones() as i32
    };
    let npm = [pieces(0), pieces(1)];
    let total = |c: usize| npm[c] + b.roles[c][0].count_ones() as i32;
    let scale_for = |strong: usize| {
        let weak = 1 - strong;
        if b.roles[strong][0] == 0 && npm[strong] - npm[weak] <= 3 {
            return if npm[strong] < 5 {
                0
            } else if npm[weak] <= 3 {
                4
            } else {
                14
            };
        }
        let only_bishops = |c: usize| npm[c] == 3 && b.roles[c][2] != 0;
        if only_bishops(0) && only_bishops(1) {
            let dark = |c: usize| b.roles[c][2] & DARK_SQUARES != 0;
            if dark(0) != dark(1) {
                return 32;
            }
        }
        64
    };
    match total(0).cmp(&total(1)) {
        std::cmp::Ordering::Greater => scale_for(0),
        std::cmp::Ordering::Less => scale_for(1),
        std::cmp::Ordering::Equal => scale_for(0).max(scale_for(1)),
    }
}

/// [`evaluate_full`] of a standard position, its game phase and endgame scale, reporting counts to `t`.
#[inline(always)]
fn full<T: Trace>(pos: &Position, e: &Evaluator, t: &mut T) -> Full {
    let w = &e.w;
    let b = Board::of(pos);
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    for c in 0..2 {
        for role in Role::ALL {
            let r = role.index();
            let mut set = b.pieces(c, role);
            while set != 0 {
                let sq = set.trailing_zeros() as usize;
                set &= set - 1;
                let (m, n) = e.psq[c][r][sq];
                mg[c] += m;
                eg[c] += n;
                phase += PHASE[r];
                let i = if c == 0 { sq ^ 56 } else { sq };
                t.add(c, idx::MATERIAL + 2 * r, 1.0);
                t.add(c, idx::MATERIAL + 2 * r + 1, 1.0);
                t.add(c, idx::PST + 2 * (64 * r + i), 1.0);
                t.add(c, idx::PST + 2 * (64 * r + i) + 1, 1.0);
            }
        }
    }
    let pawn_att = [pawn_attacks(0, b.roles[0][0]), pawn_attacks(1, b.roles[1][0])];
    for c in 0..2 {
        let (m, n) = pieces_and_king(&b, c, &pawn_att, e, t);
        mg[c] += m;
        eg[c] += n;
        let (m, n) = pawns(&b, c, e, t);
        mg[c] += m;
        eg[c] += n;
        // Pawn threats: enemy pieces other than pawns and the king that an own pawn attacks.
        let them = 1 - c;
        let threatened = pawn_att[c] & b.colors[them] & !(b.roles[them][0] | b.roles[them][5]);
        if threatened != 0 {
            let n = threatened.count_ones() as i32;
            mg[c] += n * w.pawn_threat.0;
            eg[c] += n * w.pawn_threat.1;
            t.add(c, idx::PAWN_THREAT, n as f32);
            t.add(c, idx::PAWN_THREAT + 1, n as f32);
        }
        // The bishop pair.
        if b.roles[c][2].count_ones() >= 2 {
            mg[c] += w.bishop_pair.0;
            eg[c] += w.bishop_pair.1;
            t.add(c, idx::BISHOP_PAIR, 1.0);
            t.add(c, idx::BISHOP_PAIR + 1, 1.0);
        }
    }
    let us = pos.turn().index();
    let them = 1 - us;
    let phase = phase.min(24);
    let eg_scale = endgame_scale(&b);
    let score = ((mg[us] - mg[them]) * phase + (eg[us] - eg[them]) * eg_scale / 64 * (24 - phase)) / 24;
    t.add(us, idx::TEMPO, 1.0);
    Full { score: score + w.tempo, phase, eg_scale }
}

/// Mobility, minor-piece threats, knight outposts, rooks on open files, and the attacks of colour `c`
/// on the enemy king, plus `c`'s own pawn shield: (middlegame, endgame) for `c`.
#[inline(always)]
fn pieces_and_king<T: Trace>(
    b: &Board,
    c: usize,
    pawn_att: &[u64; 2],
    e: &Evaluator,
    t: &mut T,
) -> (i32, i32) {
    let w = &e.w;
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
            if i < 2 {
                // Threats on enemy rooks and queens.
                let hits = (att & (b.roles[them][3] | b.roles[them][4])).count_ones() as i32;
                if hits > 0 {
                    mg += hits * w.minor_threat.0;
                    eg += hits * w.minor_threat.1;
                    t.add(c, idx::MINOR_THREAT, hits as f32);
                    t.add(c, idx::MINOR_THREAT + 1, hits as f32);
                }
            }
            if role == Role::Knight {
                // Outposts.
                let rank = if c == 0 { sq / 8 } else { 7 - sq / 8 };
                let bit = 1u64 << sq;
                if (3..=5).contains(&rank)
                    && pawn_att[c] & bit != 0
                    && AHEAD[c][sq] & ADJACENT[sq % 8] & b.roles[them][0] == 0
                {
                    mg += w.knight_outpost.0;
                    eg += w.knight_outpost.1;
                    t.add(c, idx::KNIGHT_OUTPOST, 1.0);
                    t.add(c, idx::KNIGHT_OUTPOST + 1, 1.0);
                }
            }
            // Mobility.
            let mob = (att & area).count_ones() as i32 - MOBILITY_BASE[i];
            mg += mob * w.mobility[i].0;
            eg += mob * w.mobility[i].1;
            t.add(c, idx::MOBILITY + 2 * i, mob as f32);
            t.add(c, idx::MOBILITY + 2 * i + 1, mob as f32);
            // King safety: attacks on the enemy king zone.
            let hits = (att & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                units += hits * KING_ATTACK[i];
            }
            // Rooks on open and half-open files.
            if role == Role::Rook {
                let file = FILE_A << (sq % 8);
                if file & (b.roles[c][0] | b.roles[them][0]) == 0 {
                    mg += w.rook_open.0;
                    eg += w.rook_open.1;
                    t.add(c, idx::ROOK_OPEN, 1.0);
                    t.add(c, idx::ROOK_OPEN + 1, 1.0);
                } else if file & b.roles[c][0] == 0 {
                    mg += w.rook_half_open.0;
                    eg += w.rook_half_open.1;
                    t.add(c, idx::ROOK_HALF_OPEN, 1.0);
                    t.add(c, idx::ROOK_HALF_OPEN + 1, 1.0);
                }
            }
        }
    }
    if attackers >= 2 && b.roles[c][4] != 0 {
        let u = (units as usize).min(99);
        mg += e.danger[u];
        t.add(c, idx::KING_DANGER, KING_DANGER_BASE[u] as f32 / 100.0);
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
                    mg += w.shield_near;
                    t.add(c, idx::SHIELD_NEAR, 1.0);
                } else if own & step(2) != 0 {
                    mg += w.shield_far;
                    t.add(c, idx::SHIELD_FAR, 1.0);
                } else if own & file == 0 {
                    mg += w.shield_open;
                    t.add(c, idx::SHIELD_OPEN, 1.0);
                }
            }
        }
    }
    (mg, eg)
}

/// The number of king moves between two squares (Chebyshev distance; a1 = 0).
#[inline(always)]
fn distance(a: usize, b: usize) -> i32 {
    let files = (a % 8).abs_diff(b % 8);
    let ranks = (a / 8).abs_diff(b / 8);
    files.max(ranks) as i32
}

/// Pawn structure of colour `c`: passed, doubled and isolated pawns (with the kings' distances to
/// passed pawns), (middlegame, endgame).
#[inline(always)]
fn pawns<T: Trace>(b: &Board, c: usize, e: &Evaluator, t: &mut T) -> (i32, i32) {
    let w = &e.w;
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
            mg += w.doubled.0;
            eg += w.doubled.1;
            t.add(c, idx::DOUBLED, 1.0);
            t.add(c, idx::DOUBLED + 1, 1.0);
        }
        if own & ADJACENT[f] == 0 {
            // Isolated pawns.
            mg += w.isolated.0;
            eg += w.isolated.1;
            t.add(c, idx::ISOLATED, 1.0);
            t.add(c, idx::ISOLATED + 1, 1.0);
        }
        if enemy & AHEAD[c][sq] == 0 && own & ahead_own_file == 0 {
            // Passed pawns.
            let rank = if c == 0 { sq / 8 } else { 7 - sq / 8 };
            mg += w.passed[rank].0;
            eg += w.passed[rank].1;
            t.add(c, idx::PASSED + 2 * rank, 1.0);
            t.add(c, idx::PASSED + 2 * rank + 1, 1.0);
            let front = if c == 0 { sq + 8 } else { sq.wrapping_sub(8) };
            if front < 64 && b.occupied & (1u64 << front) == 0 {
                eg += w.passed_free[rank];
                t.add(c, idx::PASSED_FREE + rank, 1.0);
            }
            // The kings' distances to the square ahead, from the fourth rank on.
            let scale = rank as i32 - 2;
            if scale > 0 && front < 64 && b.roles[c][5] != 0 && b.roles[them][5] != 0 {
                let theirs = scale * distance(b.roles[them][5].trailing_zeros() as usize, front);
                let ours = scale * distance(b.roles[c][5].trailing_zeros() as usize, front);
                eg += theirs * w.passer_enemy_king + ours * w.passer_own_king;
                t.add(c, idx::PASSER_ENEMY_KING, theirs as f32);
                t.add(c, idx::PASSER_OWN_KING, ours as f32);
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
        // The start position is balanced: only the tempo counts.
        assert_eq!(evaluate_full(&Position::startpos()), WEIGHTS.tempo);
    }

    /// The sum of [`features`] times [`WEIGHTS`] is [`evaluate_full`], up to its rounding.
    fn linear(pos: &Position, w: &Weights) -> f64 {
        features(pos).unwrap().linear(&w.to_vec(), &Weights::parts())
    }

    #[test]
    fn the_features_reproduce_the_evaluation() {
        assert_eq!(Weights::to_vec(&WEIGHTS).len(), Weights::LEN);
        assert_eq!(Weights::parts().len(), Weights::LEN);
        assert_eq!(Weights::from_vec(&WEIGHTS.to_vec()), Some(WEIGHTS));
        assert_eq!(Weights::from_vec(&[0.0; 3]), None);
        let mut pos = Position::startpos();
        let mut seen = 0;
        // A deterministic walk through many positions (the first legal move by a rolling index).
        for ply in 0..400usize {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = Position::startpos();
                continue;
            }
            let exact = f64::from(evaluate_full(&pos));
            let approx = linear(&pos, &WEIGHTS);
            // Rounding: the integer taper and the king danger table (at most a few centipawns).
            assert!((exact - approx).abs() <= 4.0, "{}: {exact} vs {approx}", pos.to_fen());
            seen += 1;
            let m = moves[(ply * 7 + 3) % moves.len()];
            pos.play_unchecked(m);
        }
        assert!(seen > 300);
        // The evaluator of other weights evaluates with them.
        let hand = Evaluator::new(&HAND_WEIGHTS);
        let pos =
            Position::from_fen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")
                .unwrap();
        assert_eq!(Evaluator::new(&WEIGHTS).evaluate(&pos), evaluate_full(&pos));
        assert!((f64::from(hand.evaluate(&pos)) - linear(&pos, &HAND_WEIGHTS)).abs() <= 4.0);
        // Every weight distinct (a swapped index would show): the evaluator and the features agree.
        let v: Vec<f64> = (0..Weights::LEN).map(|i| ((i * 37 + 11) % 61) as f64 - 30.0).collect();
        let odd = Weights::from_vec(&v).unwrap();
        let e = Evaluator::new(&odd);
        let mut pos = Position::startpos();
        for ply in 0..300usize {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let (exact, approx) = (f64::from(e.evaluate(&pos)), linear(&pos, &odd));
            assert!((exact - approx).abs() <= 4.0, "{}: {exact} vs {approx}", pos.to_fen());
            pos.play_unchecked(moves[(ply * 5 + 1) % moves.len()]);
        }
        assert_eq!(features(&Position::startpos()).unwrap().phase, 24);
    }

    #[test]
    fn the_full_evaluation_sees_structure() {
        let score = |fen: &str| evaluate_full(&Position::from_fen(fen).unwrap());
        // A passed pawn on the sixth beats one blocked by an enemy pawn (a pawn each there).
        assert!(score("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1") > score("4k3/3p4/3P4/8/8/8/8/4K3 w - - 0 1"));
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
    fn drawish_endings_keep_little_of_their_endgame_score() {
        let eval = |fen: &str| evaluate_full(&Position::from_fen(fen).unwrap());
        // A lone minor piece cannot mate: the score is the tempo and a sliver of the middlegame part.
        assert!(eval("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1").abs() <= 30);
        assert!(eval("8/8/4k3/8/8/2N5/8/4K3 b - - 0 1").abs() <= 30);
        // Rook against bishop: far less than the exchange.
        let rook_bishop = eval("8/8/4k3/3b4/8/2R5/8/4K3 w - - 0 1");
        assert!((0..=60).contains(&rook_bishop), "{rook_bishop}");
        // With a pawn the same material is a normal winning try.
        assert!(eval("8/8/4k3/3b4/8/2R5/4P3/4K3 w - - 0 1") > 150);
        // Opposite-coloured bishops halve the endgame part; same-coloured ones do not.
        let opposite = eval("8/5k2/8/3b4/8/2B2P2/5PP1/6K1 w - - 0 1");
        let same = eval("8/5k2/8/4b3/8/2B2P2/5PP1/6K1 w - - 0 1");
        assert!(opposite > 0 && opposite * 3 < same * 2, "{opposite} {same}");
        // The features follow the scale.
        for fen in ["8/8/4k3/3b4/8/2R5/8/4K3 w - - 0 1", "8/5k2/8/3b4/8/2B2P2/5PP1/6K1 b - - 0 1"] {
            let pos = Position::from_fen(fen).unwrap();
            let (exact, approx) = (f64::from(evaluate_full(&pos)), linear(&pos, &WEIGHTS));
            assert!((exact - approx).abs() <= 4.0, "{fen}: {exact} vs {approx}");
        }
    }

    #[test]
    fn passed_pawns_want_the_enemy_king_far_and_their_own_near() {
        let eval = |fen: &str| evaluate_full(&Position::from_fen(fen).unwrap());
        // White's passed pawn on d6; Black's king near it, then far from it.
        let near = eval("8/8/3P4/2k5/8/8/8/K7 w - - 0 1");
        let far = eval("8/8/3P4/8/8/8/7k/K7 w - - 0 1");
        assert!(far > near + 30, "{far} {near}");
        // White's own king close to the pawn is worth more than a far one.
        let own_near = eval("8/8/3P4/4K3/8/8/8/k7 w - - 0 1");
        let own_far = eval("8/8/3P4/8/8/8/8/k6K w - - 0 1");
        assert!(own_near > own_far, "{own_near} {own_far}");
    }

    #[test]
    fn a_pawn_attacking_a_piece_counts_for_the_pawns_side() {
        let eval = |fen: &str| evaluate_full(&Position::from_fen(fen).unwrap());
        // Black's knight on d5 attacked by the e4 pawn, against the same knight on d6 (not attacked;
        // PeSTO's tables score both squares alike within a few centipawns).
        let attacked = eval("4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1");
        let safe = eval("4k3/8/3n4/8/4P3/8/8/4K3 b - - 0 1");
        assert!(attacked < safe, "{attacked} {safe}");
    }

    #[test]
    fn extra_queen_is_good_for_its_owner() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&pos) > 800);
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        assert!(evaluate(&pos) < -800);
    }
}
