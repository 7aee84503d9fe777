//! Checkers and pins, found together once from the king outward: the one definition that the move
//! generator and layers moving pieces outside the rules (the skills' Teleport) share.
//!
//! From the king's cell the scan looks at the two squares an enemy pawn would attack it from, the eight
//! knight squares, and walks each of the eight rays to the first non-empty cell. An enemy slider of the
//! ray's kind there checks; a friendly piece there is pinned when the walk continued past it meets an
//! enemy slider of the ray's kind first. Sentinels and blocked tiles end a ray. Source of the technique:
//! the chessprogramming wiki, "Pin" and "Checks and Pinned Pieces", on the 10x12 board.

use arrayvec::ArrayVec;

use crate::mailbox::{self, DIAGONAL, EMPTY, KNIGHT_OFFSETS, ORTHOGONAL, PAWN_CAPTURES, step};
use crate::position::Position;
use crate::square_set::SquareSet;
use crate::types::{Color, Role, Square};

/// A pinned piece: it stands between its king and an enemy slider on one line, alone, so moving it off
/// the line would expose the king.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pin {
    /// The pinned (friendly) piece.
    pub pinned: Square,
    /// The enemy bishop, rook or queen that pins it.
    pub pinner: Square,
    /// Where the pinned piece may go without exposing its king: every square strictly between the king
    /// and the pinner (the pinned piece's own square among them) and the pinner's square.
    pub line: SquareSet,
    /// The unit mailbox step from the king towards the pinner.
    pub(crate) dir: i8,
}

/// The checkers and pins of one side's king: see [`Position::king_safety`].
///
/// ```
/// use gambit_rules::Position;
/// // The e2 knight is pinned by the e8 rook; the b4 bishop checks.
/// let pos = Position::from_fen("4r1k1/8/8/8/1b6/8/4N3/4K3 w - - 0 1").unwrap();
/// let safety = pos.king_safety();
/// assert_eq!(safety.king(), Some("e1".parse().unwrap()));
/// assert_eq!(safety.checkers().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["b4"]);
/// assert_eq!(safety.evasions().len(), 3); // capture on b4, block on c3 or d2
/// let pin = safety.pin_on("e2".parse().unwrap()).unwrap();
/// assert_eq!(pin.pinner.to_string(), "e8");
/// assert_eq!(pin.line.len(), 7); // e2..e7 and e8
/// // The pinned knight cannot block on d2 or c3; a king step to f2 is safe with the king lifted.
/// assert!(!safety.allows("e2".parse().unwrap(), "c3".parse().unwrap()));
/// assert!(!pos.is_attacked_without("f2".parse().unwrap(), gambit_rules::Color::Black, "e1".parse().unwrap()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingSafety {
    color: Color,
    king: Option<Square>,
    checkers: SquareSet,
    evasions: SquareSet,
    pinned: SquareSet,
    pins: ArrayVec<Pin, 8>,
}

impl KingSafety {
    /// A side without a king: no checkers, no pins, every square allowed.
    fn without_king(color: Color) -> KingSafety {
        KingSafety {
            color,
            king: None,
            checkers: SquareSet::EMPTY,
            evasions: SquareSet::FULL,
            pinned: SquareSet::EMPTY,
            pins: ArrayVec::new(),
        }
    }

    /// The side whose king this describes.
    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    /// The king's square, or `None` when the side has no king (then nothing is checked or pinned).
    #[must_use]
    pub fn king(&self) -> Option<Square> {
        self.king
    }

    /// The enemy pieces that attack the king now.
    #[must_use]
    pub fn checkers(&self) -> SquareSet {
        self.checkers
    }

    /// Whether the king is attacked.
    #[must_use]
    pub fn is_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// Whether two or more pieces attack the king (then only the king can move).
    #[must_use]
    pub fn is_double_check(&self) -> bool {
        self.checkers.more_than_one()
    }

    /// The squares where a piece other than the king resolves every check: all 64 squares when not in
    /// check; for one checker, its square and (for a slider) the squares between it and the king;
    /// none in double check.
    #[must_use]
    pub fn evasions(&self) -> SquareSet {
        self.evasions
    }

    /// The pinned friendly pieces.
    #[must_use]
    pub fn pinned(&self) -> SquareSet {
        self.pinned
    }

    /// Every pin, in ray order from the king (west, east, south, north, then the diagonals).
    #[must_use]
    pub fn pins(&self) -> &[Pin] {
        &self.pins
    }

    /// The pin of the piece on `square`, if it is pinned.
    #[must_use]
    pub fn pin_on(&self, square: Square) -> Option<&Pin> {
        if !self.pinned.contains(square) {
            return None;
        }
        self.pins.iter().find(|p| p.pinned == square)
    }

    /// Whether a piece other than the king may go from `from` to `to` (by a move or a relocation such as
    /// a teleport, capturing what stands on `to`) without leaving its king attacked: `to` must resolve
    /// every check, and a pinned piece must stay on its pin line. Exact for every such displacement of
    /// one piece; an en passant capture, which also removes a pawn beside it, needs its own test.
    /// Always `true` without a king.
    #[must_use]
    pub fn allows(&self, from: Square, to: Square) -> bool {
        if !self.evasions.contains(to) {
            return false;
        }
        match self.pin_on(from) {
            Some(pin) => pin.line.contains(to),
            None => true,
        }
    }
}

/// The slider codes of `them` that attack along orthogonal and diagonal rays (rook or queen, bishop or
/// queen).
#[inline(always)]
fn is_slider_for(code: u8, them: Color, orthogonal: bool) -> bool {
    let queen = mailbox::piece_code(them, Role::Queen);
    let other = mailbox::piece_code(them, if orthogonal { Role::Rook } else { Role::Bishop });
    code == queen || code == other
}

impl Position {
    /// The checkers and pins of the side to move's king, computed together from the king outward.
    ///
    /// Pure geometry on the current board: under skirmish rules (which have no check) it describes the
    /// first king in the side's piece list; blocked tiles end rays like the board's edge. See
    /// [`KingSafety`].
    #[must_use]
    pub fn king_safety(&self) -> KingSafety {
        self.king_safety_of(self.turn)
    }

    /// [`Position::king_safety`] for the king of `color`, whoever is to move.
    #[must_use]
    pub fn king_safety_of(&self, color: Color) -> KingSafety {
        match self.king_square(color) {
            Some(king) => scan(self, king.cell(), color),
            None => KingSafety::without_king(color),
        }
    }

    /// Whether `by` attacks `square` with the square `lifted` treated as empty: with `lifted` the king
    /// of the other side, the test for a king destination (a king move or a teleport), since a slider's
    /// ray through the king's old square then still counts. What stands on `square` itself does not
    /// matter (it would be captured).
    #[must_use]
    pub fn is_attacked_without(&self, square: Square, by: Color, lifted: Square) -> bool {
        crate::position::attacked_on(&self.board, square.cell(), by, lifted.cell())
    }
}

/// The scan from the king outward (see the module documentation).
#[inline]
pub(crate) fn scan(pos: &Position, king: usize, color: Color) -> KingSafety {
    let board = &pos.board;
    let them = !color;
    let mut checkers = SquareSet::EMPTY;
    let mut evasions = SquareSet::EMPTY;
    let mut pinned = SquareSet::EMPTY;
    let mut pins = ArrayVec::new();

    let pawn = mailbox::piece_code(them, Role::Pawn);
    for d in PAWN_CAPTURES[color] {
        let c = step(king, d);
        if board[c] == pawn {
            checkers.insert(Square::from_cell(c));
            evasions.insert(Square::from_cell(c));
        }
    }
    let knight = mailbox::piece_code(them, Role::Knight);
    for d in KNIGHT_OFFSETS {
        let c = step(king, d);
        if board[c] == knight {
            checkers.insert(Square::from_cell(c));
            evasions.insert(Square::from_cell(c));
        }
    }
    let enemy_king = mailbox::piece_code(them, Role::King);
    for (dirs, orthogonal) in [(ORTHOGONAL, true), (DIAGONAL, false)] {
        for d in dirs {
            let mut c = step(king, d);
            let mut path = SquareSet::EMPTY;
            while board[c] == EMPTY {
                path.insert(Square::from_cell(c));
                c = step(c, d);
            }
            let code = board[c];
            if !mailbox::is_piece(code) {
                continue;
            }
            if mailbox::code_color(code) == them {
                if is_slider_for(code, them, orthogonal) || (code == enemy_king && c == step(king, d)) {
                    checkers.insert(Square::from_cell(c));
                    evasions |= path.with(Square::from_cell(c));
                }
                continue;
            }
            // A friendly piece: pinned if an enemy slider of this ray's kind stands behind it.
            let blocker = c;
            path.insert(Square::from_cell(c));
            c = step(c, d);
            while board[c] == EMPTY {
                path.insert(Square::from_cell(c));
                c = step(c, d);
            }
            if is_slider_for(board[c], them, orthogonal) {
                let pinner = Square::from_cell(c);
                pinned.insert(Square::from_cell(blocker));
                pins.push(Pin {
                    pinned: Square::from_cell(blocker),
                    pinner,
                    line: path.with(pinner),
                    dir: d as i8,
                });
            }
        }
    }
    let evasions = match checkers.len() {
        0 => SquareSet::FULL,
        1 => evasions,
        _ => SquareSet::EMPTY,
    };
    KingSafety { color, king: Some(Square::from_cell(king)), checkers, evasions, pinned, pins }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_and_pawn_checks_have_only_the_checker_as_evasion() {
        let pos = Position::from_fen("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1").unwrap();
        let s = pos.king_safety();
        assert_eq!(s.checkers(), SquareSet::from_square("d3".parse().unwrap()));
        assert_eq!(s.evasions(), s.checkers());
        let pos = Position::from_fen("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").unwrap();
        assert_eq!(pos.king_safety().checkers().len(), 1);
        let pos = Position::from_fen("4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1").unwrap();
        let s = pos.king_safety();
        assert!(s.is_double_check());
        assert!(s.evasions().is_empty());
    }
}
