//! Checkers and pins, found together once from the king outward: the one definition that the move
//! generator and layers moving pieces outside the rules (the skills' Teleport) share.
//!
//! From the king's cell the scan looks at the two squares an enemy pawn would attack it from, the eight
//! knight squares, and walks each of the eight rays to the first non-empty cell. An enemy slider of the
//! ray's kind there checks; a friendly piece there is pinned when the walk continued past it meets an
//! enemy slider of the ray's kind first. Sentinels and blocked tiles end a ray. Source of the technique:
//! the chessprogramming wiki, "Pin" and "Checks and Pinned Pieces", on the 10x12 board.

use arrayvec::ArrayVec;

use crate::mailbox::{self, DIAGONAL, EMPTY, KING_OFFSETS, KNIGHT_OFFSETS, ORTHOGONAL, PAWN_CAPTURES, step};
use crate::position::{PieceList, Position};
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

/// The raw result of the scan, as mailbox cells: what move generation needs, with no allocation.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Scan {
    /// The number of checkers.
    pub(crate) check_count: u32,
    /// The last checker found (meaningful when `check_count > 0`).
    pub(crate) checker: usize,
    /// The step from the king towards that checker when it is a slider, 0 for a knight, pawn or king.
    pub(crate) check_dir: isize,
    /// The pinned friendly pieces, one bit per cell (look only when `pin_count > 0`).
    pub(crate) pinned: u128,
    /// The pinned pieces' cells and the step from the king towards their pinner.
    pub(crate) pins: [(u8, i8); 8],
    /// How many entries of `pins` are used.
    pub(crate) pin_count: usize,
}

impl Scan {
    /// No checker, no pin.
    pub(crate) const CLEAR: Scan =
        Scan { check_count: 0, checker: 0, check_dir: 0, pinned: 0, pins: [(0, 0); 8], pin_count: 0 };

    /// The ray step of the pin on `cell` (a pinned piece).
    #[inline(always)]
    pub(crate) fn pin_dir(&self, cell: usize) -> isize {
        let mut i = 0;
        while i < self.pin_count {
            if self.pins[i].0 as usize == cell {
                return self.pins[i].1 as isize;
            }
            i += 1;
        }
        0
    }

    /// Whether the piece on `cell` is pinned.
    #[inline(always)]
    pub(crate) fn is_pinned(&self, cell: usize) -> bool {
        self.pin_count != 0 && self.pinned & (1u128 << cell) != 0
    }

    /// For a single check, the cells that resolve it: the checker and, for a slider, the cells
    /// between it and the king.
    pub(crate) fn evasions(&self, king: usize) -> u128 {
        let mut mask = 1u128 << self.checker;
        if self.check_dir != 0 {
            mask |= between(king, self.checker, self.check_dir);
        }
        mask
    }
}

/// The cells strictly between `from` (excluded) and `to` (excluded) along `dir`.
#[inline]
fn between(from: usize, to: usize, dir: isize) -> u128 {
    let mut mask = 0;
    let mut c = step(from, dir);
    while c != to {
        mask |= 1u128 << c;
        c = step(c, dir);
    }
    mask
}

/// The scan from the king outward (see the module documentation) on any board array.
#[inline(always)]
pub(crate) fn scan_cells(board: &mailbox::Board, king: usize, us: Color) -> Scan {
    let them = !us;
    let mut s = Scan::CLEAR;
    let pawn = mailbox::piece_code(them, Role::Pawn);
    for d in PAWN_CAPTURES[us] {
        let c = step(king, d);
        if board[c] == pawn {
            s.check_count += 1;
            s.checker = c;
        }
    }
    let knight = mailbox::piece_code(them, Role::Knight);
    for d in KNIGHT_OFFSETS {
        let c = step(king, d);
        if board[c] == knight {
            s.check_count += 1;
            s.checker = c;
        }
    }
    let queen = mailbox::piece_code(them, Role::Queen);
    let enemy_king = mailbox::piece_code(them, Role::King);
    for (dirs, slider) in [
        (ORTHOGONAL, mailbox::piece_code(them, Role::Rook)),
        (DIAGONAL, mailbox::piece_code(them, Role::Bishop)),
    ] {
        for d in dirs {
            let mut c = step(king, d);
            while board[c] == EMPTY {
                c = step(c, d);
            }
            let code = board[c];
            if code == slider || code == queen {
                s.check_count += 1;
                s.checker = c;
                s.check_dir = d;
            } else if mailbox::is_piece(code) && mailbox::code_color(code) == us {
                let blocker = c;
                c = step(c, d);
                while board[c] == EMPTY {
                    c = step(c, d);
                }
                if board[c] == slider || board[c] == queen {
                    s.pinned |= 1u128 << blocker;
                    s.pins[s.pin_count] = (blocker as u8, d as i8);
                    s.pin_count += 1;
                }
            } else if code == enemy_king && c == step(king, d) {
                s.check_count += 1;
                s.checker = c;
                s.check_dir = 0;
            }
        }
    }
    s
}

/// The cells [`scan_cells`] reads: the pawn and knight cells around the king and each ray out of it
/// up to its second piece (or the frame). A board that agrees with this one on these cells gets the
/// same scan.
pub(crate) fn scan_reads(board: &mailbox::Board, king: usize, us: Color) -> u64 {
    let mut reads = 0u64;
    for d in PAWN_CAPTURES[us] {
        reads |= mailbox::CELL_BIT[step(king, d)];
    }
    for d in KNIGHT_OFFSETS {
        reads |= mailbox::CELL_BIT[step(king, d)];
    }
    for d in KING_OFFSETS {
        let mut c = step(king, d);
        let mut pieces = 0;
        loop {
            reads |= mailbox::CELL_BIT[c];
            let code = board[c];
            if code != EMPTY {
                pieces += 1;
                if !mailbox::is_piece(code) || pieces == 2 {
                    break;
                }
            }
            c = step(c, d);
        }
    }
    reads
}

/// [`crate::position::attacked_on`] that also returns the cells it read: a board that agrees with
/// this one on them gets the same answer. Reads are squares (a1 = bit 0): the frame never changes.
pub(crate) fn attacked_reads(board: &mailbox::Board, target: usize, by: Color, ignore: usize) -> (bool, u64) {
    let mut reads = 0u64;
    let pawn = mailbox::piece_code(by, Role::Pawn);
    for d in PAWN_CAPTURES[by] {
        let c = step(target, -d);
        reads |= mailbox::CELL_BIT[c];
        if board[c] == pawn {
            return (true, reads);
        }
    }
    let knight = mailbox::piece_code(by, Role::Knight);
    for d in KNIGHT_OFFSETS {
        let c = step(target, d);
        reads |= mailbox::CELL_BIT[c];
        if board[c] == knight {
            return (true, reads);
        }
    }
    let king = mailbox::piece_code(by, Role::King);
    let queen = mailbox::piece_code(by, Role::Queen);
    for (dirs, slider) in
        [(ORTHOGONAL, mailbox::piece_code(by, Role::Rook)), (DIAGONAL, mailbox::piece_code(by, Role::Bishop))]
    {
        for d in dirs {
            let mut c = step(target, d);
            reads |= mailbox::CELL_BIT[c];
            if board[c] == king {
                return (true, reads);
            }
            while board[c] == EMPTY || c == ignore {
                c = step(c, d);
                reads |= mailbox::CELL_BIT[c];
            }
            if board[c] == slider || board[c] == queen {
                return (true, reads);
            }
        }
    }
    (false, reads)
}

/// Up to this many enemy pieces, one square's attack test walks the enemy's list; beyond, it scans
/// out from the square.
pub(crate) const SHORT_ATTACK_LIST: u8 = 10;

/// Checkers and pins of the king of `us` on `king`: the answer of [`scan_cells`], with the
/// position's bitboards naming the candidates (the enemy knights, pawns and king that touch the
/// king, and the enemy sliders on a line through it); for each of those sliders, the squares
/// between it and the king ([`mailbox::BETWEEN`]) against the occupied ones, blocked tiles
/// included: none is a check, one piece of ours a pin.
#[inline(always)]
pub(crate) fn scan_for(pos: &Position, king: usize, us: Color) -> Scan {
    let board = &pos.board;
    let them = !us;
    let bb = &pos.bitboards;
    let of = |role: Role| bb[mailbox::piece_code(them, role) as usize];
    let ksq = mailbox::SQUARE_INDEX[king] as usize;
    let mut s = Scan::CLEAR;
    let leapers = (of(Role::Knight) & mailbox::KNIGHT_SETS[ksq])
        | (of(Role::Pawn) & mailbox::PAWN_ATTACK_SETS[us][ksq])
        | (of(Role::King) & mailbox::KING_SETS[ksq]);
    if leapers != 0 {
        s.check_count = leapers.count_ones();
        s.checker = mailbox::SQUARE_CELL[leapers.trailing_zeros() as usize] as usize;
    }
    let queens = of(Role::Queen);
    let mut sliders = (mailbox::ORTHOGONAL_LINES[ksq] & (of(Role::Rook) | queens))
        | (mailbox::DIAGONAL_LINES[ksq] & (of(Role::Bishop) | queens));
    if sliders == 0 {
        return s;
    }
    // Between the king and each aligned slider: nothing (a check) or one piece of ours (a pin).
    let occupied = pos.occupied();
    let between = &mailbox::BETWEEN[ksq];
    while sliders != 0 {
        let ssq = sliders.trailing_zeros() as usize;
        sliders &= sliders - 1;
        let blockers = between[ssq] & occupied;
        if blockers == 0 {
            let from = mailbox::SQUARE_CELL[ssq] as usize;
            s.check_count += 1;
            s.checker = from;
            s.check_dir = mailbox::direction(king, from);
        } else if blockers & (blockers - 1) == 0 {
            let blocker = mailbox::SQUARE_CELL[blockers.trailing_zeros() as usize] as usize;
            let code = board[blocker];
            if mailbox::is_piece(code) && mailbox::code_color(code) == us {
                let from = mailbox::SQUARE_CELL[ssq] as usize;
                s.pinned |= 1u128 << blocker;
                s.pins[s.pin_count] = (blocker as u8, mailbox::direction(king, from) as i8);
                s.pin_count += 1;
            }
        }
    }
    s
}

/// Which cells of the king's zone (bit `i` for `king + ZONE_OFFSETS[i]`, only those in `wanted`) the
/// enemy attacks with the king lifted off the board: one [`mailbox::KING_ZONE`] lookup per enemy piece,
/// and for each slider aligned with a wanted cell, the squares between them ([`mailbox::BETWEEN`])
/// against `occupied` (the occupied squares, a1 = bit 0, the king lifted).
#[inline(always)]
pub(crate) fn king_zone_attacks(
    board: &mailbox::Board,
    enemy: &PieceList,
    king: usize,
    wanted: u16,
    occupied: u64,
) -> u16 {
    let mut attacked = 0u16;
    for &cell in &enemy.cells[..enemy.len as usize] {
        let from = cell as usize;
        let delta = (king as isize - from as isize + 119) as usize;
        let code = (board[from] & 15) as usize;
        attacked |= mailbox::ZONE_BY_CODE[0][code][delta];
        let sliders = mailbox::ZONE_BY_CODE[1][code][delta];
        if sliders == 0 {
            continue;
        }
        let mut todo = sliders & wanted & !attacked;
        // A delta that looks aligned in the mailbox may wrap around the board's edge (a7 and h6
        // are three cells apart): the lines of the piece's square say whether it truly is.
        let sq = mailbox::SQUARE_INDEX[from] as usize;
        let (between, lines) =
            (&mailbox::BETWEEN[sq], mailbox::ORTHOGONAL_LINES[sq] | mailbox::DIAGONAL_LINES[sq]);
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let target = mailbox::SQUARE_INDEX[step(king, mailbox::ZONE_OFFSETS[i])] as usize;
            let open = (lines >> target) & 1 != 0 && between[target] & occupied == 0;
            attacked |= u16::from(open) << i;
        }
    }
    attacked & wanted
}

/// The public [`KingSafety`]: the scan's pins with their lines, the checkers in full.
pub(crate) fn scan(pos: &Position, king: usize, color: Color) -> KingSafety {
    let raw = scan_cells(&pos.board, king, color);
    let to_set = |mask: u128| -> SquareSet {
        let mut set = SquareSet::EMPTY;
        let mut m = mask;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            set.insert(Square::from_cell(cell));
            m &= m - 1;
        }
        set
    };
    let checkers: SquareSet = pos.attackers(Square::from_cell(king), !color).into_iter().collect();
    let evasions = match raw.check_count {
        0 => SquareSet::FULL,
        1 => to_set(raw.evasions(king)),
        _ => SquareSet::EMPTY,
    };
    let mut pins = ArrayVec::new();
    for &(cell, dir) in &raw.pins[..raw.pin_count] {
        let dir = dir as isize;
        let mut c = step(cell as usize, dir);
        while pos.board[c] == EMPTY {
            c = step(c, dir);
        }
        let line = to_set(between(king, c, dir) | 1u128 << c);
        pins.push(Pin { pinned: Square::from_cell(cell as usize), pinner: Square::from_cell(c), line });
    }
    KingSafety {
        color,
        king: Some(Square::from_cell(king)),
        checkers,
        evasions,
        pinned: to_set(raw.pinned),
        pins,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitboard-guided scan finds what the walk from the king finds, over every position of
    /// short deterministic games from tactical starts (checks, double checks, pins, en passant).
    #[test]
    fn the_guided_scan_agrees_with_the_walk() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        ];
        let mut checked = 0;
        for fen in starts {
            for seed in 0..40usize {
                let mut pos = Position::from_fen(fen).unwrap();
                for ply in 0..24 {
                    // Every other seed with blocked tiles on some empty squares: they stop lines as
                    // pieces do, so a tile between a slider and the king is neither check nor pin.
                    let mut shown = pos.clone();
                    if seed % 2 == 1 {
                        for sq in
                            Square::all().filter(|sq| (sq.index() as usize + seed + ply).is_multiple_of(5))
                        {
                            if shown.board[sq.cell()] == mailbox::EMPTY {
                                shown.set_blocked(sq, true).unwrap();
                            }
                        }
                    }
                    let pos_before = std::mem::replace(&mut pos, shown);
                    for color in [Color::White, Color::Black] {
                        let king = pos.kings[color] as usize;
                        if king == 0 {
                            continue;
                        }
                        let (a, b) = (scan_for(&pos, king, color), scan_cells(&pos.board, king, color));
                        assert_eq!(a.check_count, b.check_count, "{}", pos.to_fen());
                        assert_eq!(a.pinned, b.pinned, "{}", pos.to_fen());
                        let mut pa = a.pins[..a.pin_count].to_vec();
                        let mut pb = b.pins[..b.pin_count].to_vec();
                        pa.sort_unstable();
                        pb.sort_unstable();
                        assert_eq!(pa, pb, "{}", pos.to_fen());
                        if a.check_count == 1 {
                            assert_eq!(
                                (a.checker, a.check_dir),
                                (b.checker, b.check_dir),
                                "{}",
                                pos.to_fen()
                            );
                        }
                        checked += 1;
                    }
                    pos = pos_before;
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[(seed * 7 + ply * 13) % moves.len()]);
                }
            }
        }
        assert!(checked > 5000, "{checked}");
    }

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
