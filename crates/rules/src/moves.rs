//! Moves and the stack-allocated move list.

use std::fmt;

use arrayvec::ArrayVec;

use crate::types::{Role, Square};

/// What kind of move a [`Move`] is, beyond its squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not one of the special kinds below (captures and promotions included).
    Normal,
    /// A pawn's two-square advance from its starting rank.
    DoubleStep,
    /// An en passant capture: the captured pawn is not on the destination square.
    EnPassant,
    /// King-side castling; `from` and `to` are the king's squares (e1g1 or e8g8).
    CastleKingSide,
    /// Queen-side castling; `from` and `to` are the king's squares (e1c1 or e8c8).
    CastleQueenSide,
}

/// A move in the context of the position it was generated in: 6 bytes, `Copy`.
///
/// Moves come from [`Position::legal_moves`](crate::Position::legal_moves) or the notation parsers
/// ([`Position::parse_uci`](crate::Position::parse_uci), [`Position::parse_san`](crate::Position::parse_san)),
/// which fill in the moving role, the captured role and the kind.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece arrives on (for castling, the king's destination).
    pub to: Square,
    /// The role of the moving piece.
    pub role: Role,
    /// The role of the captured piece, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// The role a pawn becomes, for promotions.
    pub promotion: Option<Role>,
    /// The special kind of the move.
    pub kind: MoveKind,
}

impl Move {
    /// Whether the move captures.
    #[inline]
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether the move is a promotion.
    #[inline]
    #[must_use]
    pub const fn is_promotion(&self) -> bool {
        self.promotion.is_some()
    }

    /// Whether the move castles.
    #[inline]
    #[must_use]
    pub const fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::CastleKingSide | MoveKind::CastleQueenSide)
    }

    /// The move in UCI long algebraic notation: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let pos = Position::startpos();
    /// let m = pos.parse_uci("g1f3").unwrap();
    /// assert_eq!(m.to_uci(), "g1f3");
    /// ```
    #[must_use]
    pub fn to_uci(&self) -> String {
        let mut s = format!("{}{}", self.from, self.to);
        if let Some(role) = self.promotion {
            s.push(role.char());
        }
        s
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.role.upper_char(), self.to_uci())
    }
}

/// The capacity of a [`MoveList`]: an upper bound on the moves of any position either constructor accepts.
///
/// Worst case, proven rather than sampled. Let the side to move have `k` pieces on the 64 squares.
/// * Each piece has at most 27 destinations (a queen in the centre of an empty board), so there are at
///   most `27 k` (from, to) pairs.
/// * Each destination (one of the `64 - k` squares not holding a friendly piece) can be reached by at
///   most 16 pieces: the nearest piece on each of the 8 rays (sliders, kings and pawns, including a double
///   step, all stand on a ray) and the pieces on the 8 knight squares. So there are at most
///   `16 (64 - k)` pairs.
/// * `min(27 k, 16 (64 - k))` is largest at `k = 24`: 640 pairs.
/// * A pair that promotes expands into 4 moves. The side to move promotes from at most one rank per
///   file (the square before its last playable rank), 8 squares with 3 destinations each: at most
///   24 promoting pairs, 72 extra moves.
/// * Castling adds at most 2.
///
/// So 640 + 72 + 2 = 714 moves. (Positions reachable in a real game have at most 218.) The test
/// `move_list_capacity_covers_dense_positions` fills boards with queens and pawns to probe the bound.
pub const MAX_MOVES: usize = 714;

/// A list of moves on the stack with room for [`MAX_MOVES`]: generation never allocates or overflows.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
