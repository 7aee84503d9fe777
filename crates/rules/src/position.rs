//! The position: the mailbox board, piece lists, side to move, castling rights, en passant square,
//! clocks, Zobrist key and the undo history; make/unmake and the board-editing API.

use std::fmt;

use thiserror::Error;

use crate::by_color::ByColor;
use crate::castling::Castling;
use crate::mailbox::{self, BLOCKED, CELLS, EMPTY, EMPTY_BOARD, PIECE_BASE};
use crate::moves::{Move, MoveKind, MoveList};
use crate::rules::RuleSet;
use crate::square_set::SquareSet;
use crate::types::{Color, Piece, Rank, Role, Square};
use crate::zobrist::KEYS;

/// Castling rights: which of the four castlings are still allowed (whether they are possible now also
/// depends on the board).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights, as in the start position.
    pub const ALL: CastlingRights = CastlingRights(0b1111);
    /// White may castle king side (FEN `K`).
    pub const WHITE_KING_SIDE: CastlingRights = CastlingRights(1);
    /// White may castle queen side (FEN `Q`).
    pub const WHITE_QUEEN_SIDE: CastlingRights = CastlingRights(2);
    /// Black may castle king side (FEN `k`).
    pub const BLACK_KING_SIDE: CastlingRights = CastlingRights(4);
    /// Black may castle queen side (FEN `q`).
    pub const BLACK_QUEEN_SIDE: CastlingRights = CastlingRights(8);

    /// The right of `color` to castle on the king side (`king_side == true`) or queen side.
    #[must_use]
    pub const fn single(color: Color, king_side: bool) -> CastlingRights {
        CastlingRights(1 << (2 * color as u8 + if king_side { 0 } else { 1 }))
    }

    /// Whether every right in `other` is in `self`.
    #[must_use]
    pub const fn contains(self, other: CastlingRights) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether `color` may castle on the given side.
    #[must_use]
    pub const fn has(self, color: Color, king_side: bool) -> bool {
        self.contains(CastlingRights::single(color, king_side))
    }

    /// The union of two sets of rights.
    #[must_use]
    pub const fn with(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 | other.0)
    }

    /// These rights without those in `other`.
    #[must_use]
    pub const fn without(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 & !other.0)
    }

    /// Whether no right is left.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The four bits: 1 white king side, 2 white queen side, 4 black king side, 8 black queen side.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Rights from the four bits; higher bits are ignored.
    #[must_use]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 0b1111)
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN castling field: `KQkq`, a subset, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.0 & bit != 0 {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Why a position is not one that can occur in a game under its rules, or why an edit was refused.
///
/// [`Position::problems`] lists every one that applies; the checked constructors reject the first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum PositionError {
    /// Standard chess needs exactly one king per side.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// Standard chess allows one king per side (this is refused by the unchecked constructor too).
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    /// More than 16 pieces of one side.
    #[error("{0} has more than 16 pieces")]
    TooManyPieces(Color),
    /// More than 8 pawns of one side.
    #[error("{0} has more than 8 pawns")]
    TooManyPawns(Color),
    /// A pawn on its side's first rank or on its last playable rank.
    #[error("pawn on {0}, a first or last rank")]
    PawnOnBackRank(Square),
    /// The two kings stand next to each other.
    #[error("the kings stand on adjacent squares")]
    KingsAdjacent,
    /// The side that is not to move is in check: it could be captured.
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
    /// A castling right whose king or rook is not on its home square.
    #[error("castling right {0} without its king and rook on their home squares")]
    InvalidCastlingRights(CastlingRights),
    /// An en passant square that no double step of the side that just moved explains.
    #[error("en passant square {0} is not explained by a double step")]
    InvalidEnPassant(Square),
    /// A piece cannot stand on a blocked tile.
    #[error("{0} is a blocked tile")]
    BlockedSquare(Square),
    /// A tile that holds a piece cannot be blocked.
    #[error("{0} is occupied")]
    OccupiedSquare(Square),
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv} in {fen}")]
pub struct IllegalMoveError {
    /// The move in UCI notation.
    pub mv: String,
    /// The position's FEN.
    pub fen: String,
}

/// What is needed to take a move back exactly.
#[derive(Copy, Clone, Debug)]
struct Undo {
    /// The move, or `None` for a null move.
    mv: Option<Move>,
    /// The cell code that stood on the capture square.
    captured: u8,
    /// The captured piece's slot in its piece list, so undo restores the list order exactly (and with
    /// it the order of moves under skirmish rules).
    captured_slot: u8,
    /// The moving piece's slot in its piece list (restored when a promotion is taken back).
    mover_slot: u8,
    /// The state before the move.
    st: State,
}

/// The part of a position that a move changes but cannot give back: one value, so the undo record
/// saves it and [`Position::undo`] restores it with one copy each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// The Zobrist key.
    pub(crate) key: u64,
    /// Plies since the last capture or pawn move.
    pub(crate) halfmove_clock: u32,
    pub(crate) castling: CastlingRights,
    /// Present only when an en passant capture is legal.
    pub(crate) ep_square: Option<Square>,
}

/// What [`Position::unmake_for_count`] needs.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CountUndo {
    captured: u8,
    captured_slot: u8,
    castling: CastlingRights,
    ep_square: Option<Square>,
    key: u64,
}

/// The pieces of one colour as a list of mailbox cells, so generation walks ~16 pieces, not 120 cells.
#[derive(Clone, Copy)]
pub(crate) struct PieceList {
    pub(crate) cells: [u8; 64],
    pub(crate) len: u8,
}

/// A chess position under a [`RuleSet`], with the history needed for undo and repetition.
///
/// The board is a 10x12 mailbox with sentinels (see the crate docs); blocked tiles inside the 8x8 area
/// model irregular boards. Moves are applied in place ([`Position::play_unchecked`]) and taken back with
/// [`Position::undo`], which restores every field, the Zobrist key included, from a small undo record
/// pushed per move (a faster choice than a list of reversible board edits: one record of 32 bytes per
/// ply, no allocation per move beyond the history vector's growth).
///
/// ```
/// use gambit_rules::Position;
/// let mut pos = Position::startpos();
/// assert_eq!(pos.legal_moves().len(), 20);
/// let e4 = pos.parse_san("e4").unwrap();
/// pos.play(e4).unwrap();
/// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// pos.undo();
/// assert_eq!(pos, Position::startpos());
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) board: mailbox::Board,
    /// The board's cells again in file, diagonal and anti-diagonal order ([`mailbox::Lines`]), so a
    /// slider's ray is read eight cells at a time; written with the board by [`Position::set_cell`].
    pub(crate) lines: mailbox::Lines,
    pub(crate) pieces: ByColor<PieceList>,
    /// Per cell (a `u8`, so indexing needs no bounds check), the slot of its piece in its list.
    list_index: [u8; 256],
    /// Per cell code (`code & 15`), the squares holding that piece as a bit set (a1 = bit 0); the
    /// `BLOCKED` slot holds the blocked tiles. Only those are read ([`Position::bitboard`],
    /// [`Position::occupied`]); the `EMPTY` slot collects the updates of non-captures without a
    /// branch and means nothing. Kept by every move, undo and edit, perft's
    /// counting make included (the king-safety scan reads them, and `count_legal_moves` takes
    /// each role's pieces from them).
    pub(crate) bitboards: [u64; 16],
    /// The king's cell per colour, 0 for none (tracked under standard rules).
    pub(crate) kings: ByColor<u8>,
    pub(crate) turn: Color,
    /// Key, half-move clock, castling rights and en passant square.
    pub(crate) st: State,
    /// Which rooks castle, the kings' castling cells and the castling mask.
    pub(crate) castling_geometry: Castling,
    /// Chess960 mode: notation only (UCI king-takes-rook, FEN by rook).
    pub(crate) chess960: bool,
    pub(crate) fullmove_number: u32,
    pub(crate) rules: RuleSet,
    /// Per mailbox cell, bit 0 when a white pawn promotes there, bit 1 for a black pawn.
    pub(crate) promotion_cells: [u8; CELLS],
    history: Vec<Undo>,
}

impl PartialEq for Position {
    /// Two positions are equal when the board, side to move, castling rights (and their rooks), en
    /// passant square, clocks, rule set and Chess960 mode are equal; the history is not compared.
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.st.castling == other.st.castling
            && self.castling_rooks() == other.castling_rooks()
            && self.chess960 == other.chess960
            && self.st.ep_square == other.st.ep_square
            && self.st.halfmove_clock == other.st.halfmove_clock
            && self.fullmove_number == other.fullmove_number
            && self.rules == other.rules
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?}, {})", self.rules, self.to_fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

/// The start position's FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// An empty 8x8 board, White to move, no rights, clocks 0 and 1.
    #[must_use]
    pub fn empty(rules: RuleSet) -> Position {
        let mut pos = Position {
            board: EMPTY_BOARD,
            lines: mailbox::EMPTY_LINES,
            pieces: ByColor::splat(PieceList { cells: [0; 64], len: 0 }),
            list_index: [0; 256],
            bitboards: [0; 16],
            kings: ByColor::splat(0),
            turn: Color::White,
            st: State { key: 0, halfmove_clock: 0, castling: CastlingRights::NONE, ep_square: None },
            castling_geometry: Castling::NONE,
            chess960: false,
            fullmove_number: 1,
            rules,
            promotion_cells: [0; CELLS],
            history: Vec::new(),
        };
        pos.recompute_promotion_cells();
        pos
    }

    /// The standard start position.
    #[must_use]
    pub fn startpos() -> Position {
        Position::from_fen(STARTING_FEN).expect("the start position is valid")
    }

    // ----- accessors -----

    /// The rule set.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    #[must_use]
    pub fn castling_rights(&self) -> CastlingRights {
        self.st.castling
    }

    /// The en passant square, present only when an en passant capture is legal (the FEN convention of
    /// Stockfish and python-chess's default).
    #[must_use]
    pub fn ep_square(&self) -> Option<Square> {
        self.st.ep_square
    }

    /// Half moves (plies) since the last capture or pawn move, for the fifty- and 75-move rules.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.st.halfmove_clock
    }

    /// The full-move number: starts at 1 and grows after each Black move.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist key of the position (board, blocked tiles, side to move, castling rights, and the en
    /// passant file when a capture there is legal), maintained incrementally.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.st.key
    }

    /// The piece on a square.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let code = self.board[square.cell()];
        mailbox::is_piece(code).then(|| Piece::new(mailbox::code_color(code), mailbox::code_role(code)))
    }

    /// Whether a square is a blocked tile (a wall or hole of an irregular board).
    #[must_use]
    pub fn is_blocked(&self, square: Square) -> bool {
        self.board[square.cell()] == BLOCKED
    }

    /// Whether any square is blocked, i.e. the board is not the standard 8x8.
    #[must_use]
    pub fn has_blocked_squares(&self) -> bool {
        Square::all().any(|sq| self.is_blocked(sq))
    }

    /// The squares and pieces of one colour, in piece-list order.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let list = &self.pieces[color];
        list.cells[..list.len as usize].iter().map(move |&c| {
            let code = self.board[c as usize];
            (Square::from_cell(c as usize), Piece::new(mailbox::code_color(code), mailbox::code_role(code)))
        })
    }

    /// The squares of `color`'s pieces of `role`, kept up to date by every move and edit (no scan of
    /// the board): one 64-bit set, a1 = bit 0, b1 = bit 1, ..., h8 = bit 63.
    ///
    /// ```
    /// use gambit_rules::{Color, Position, Role, Square};
    /// let pos = Position::startpos();
    /// let knights = pos.bitboard(Color::White, Role::Knight);
    /// let b1: Square = "b1".parse().unwrap();
    /// assert!(knights.contains(b1));
    /// assert_eq!(knights.bits(), 0x42); // b1 and g1
    /// ```
    #[inline]
    #[must_use]
    pub fn bitboard(&self, color: Color, role: Role) -> SquareSet {
        SquareSet::from_bits(self.bitboards[mailbox::piece_code(color, role) as usize])
    }

    /// The squares that stop a line: every piece of both sides and every blocked tile, as a bit set
    /// (a1 = bit 0), from the per-code bitboards.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> u64 {
        let b = &self.bitboards;
        b[BLOCKED as usize]
            | b[4]
            | b[5]
            | b[6]
            | b[7]
            | b[8]
            | b[9]
            | b[10]
            | b[11]
            | b[12]
            | b[13]
            | b[14]
            | b[15]
    }

    /// The number of pieces of `color` with `role`.
    #[must_use]
    pub fn count(&self, color: Color, role: Role) -> usize {
        self.pieces(color).filter(|(_, p)| p.role == role).count()
    }

    /// The square of `color`'s king (the first one found when a skirmish side has several).
    #[must_use]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        if self.rules.is_standard() {
            let k = self.kings[color];
            (k != 0).then(|| Square::from_cell(k as usize))
        } else {
            self.pieces(color).find(|(_, p)| p.role == Role::King).map(|(s, _)| s)
        }
    }

    /// Whether the side to move is in check (always false under skirmish rules, which have no check).
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.rules.is_standard() && self.king_attacked(self.turn)
    }

    /// Whether `color`'s king (under standard rules, its only king) is attacked.
    pub(crate) fn king_attacked(&self, color: Color) -> bool {
        let k = self.kings[color] as usize;
        k != 0 && self.attacked_cell(k, !color, 0)
    }

    /// Whether `square` is attacked by a piece of `by` (pawns attack diagonally forward, sliders stop at
    /// the first piece or blocked tile).
    #[must_use]
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        self.attacked_cell(square.cell(), by, 0)
    }

    /// The squares of the pieces of `by` that attack `square`.
    #[must_use]
    pub fn attackers(&self, square: Square, by: Color) -> Vec<Square> {
        let target = square.cell();
        let mut out = Vec::new();
        for (from, piece) in self.pieces(by) {
            let f = from.cell();
            let hits = match piece.role {
                Role::Pawn => mailbox::PAWN_CAPTURES[by].iter().any(|&d| mailbox::step(f, d) == target),
                Role::Knight => mailbox::KNIGHT_OFFSETS.iter().any(|&d| mailbox::step(f, d) == target),
                Role::King => mailbox::KING_OFFSETS.iter().any(|&d| mailbox::step(f, d) == target),
                Role::Bishop | Role::Rook | Role::Queen => {
                    let dir = mailbox::direction(f, target);
                    let fits = dir != 0
                        && match piece.role {
                            Role::Bishop => !mailbox::is_orthogonal(dir),
                            Role::Rook => mailbox::is_orthogonal(dir),
                            _ => true,
                        };
                    fits && {
                        let mut c = mailbox::step(f, dir);
                        while c != target && self.board[c] == EMPTY {
                            c = mailbox::step(c, dir);
                        }
                        c == target
                    }
                }
            };
            if hits {
                out.push(from);
            }
        }
        out
    }

    /// Attack test on a mailbox cell, scanning outward from the target. `ignore` is a cell treated as
    /// empty (the king's own cell when testing its destinations), or 0.
    #[inline]
    pub(crate) fn attacked_cell(&self, target: usize, by: Color, ignore: usize) -> bool {
        attacked_on(&self.board, target, by, ignore)
    }

    // ----- board edits -----

    fn list_add(&mut self, cell: usize, code: u8) {
        let color = mailbox::code_color(code);
        let list = &mut self.pieces[color];
        self.list_index[cell] = list.len;
        list.cells[list.len as usize] = cell as u8;
        list.len += 1;
    }

    fn list_remove(&mut self, cell: usize, code: u8) {
        let color = mailbox::code_color(code);
        let list = &mut self.pieces[color];
        let idx = self.list_index[cell] as usize;
        list.len -= 1;
        let last = list.cells[list.len as usize];
        list.cells[idx] = last;
        self.list_index[last as usize] = idx as u8;
    }

    fn list_move(&mut self, from: usize, to: usize, code: u8) {
        let color = mailbox::code_color(code);
        let idx = self.list_index[from];
        self.pieces[color].cells[idx as usize] = to as u8;
        self.list_index[to] = idx;
    }

    /// Inserts a piece at `slot` of its list, moving the piece there to the end: the exact inverse of
    /// the swap-remove in `list_remove`.
    fn list_insert(&mut self, cell: usize, code: u8, slot: u8) {
        let color = mailbox::code_color(code);
        let list = &mut self.pieces[color];
        let len = list.len;
        let slot = slot.min(len);
        if slot < len {
            let moved = list.cells[slot as usize];
            list.cells[len as usize] = moved;
            self.list_index[moved as usize] = len;
        }
        list.cells[slot as usize] = cell as u8;
        self.list_index[cell] = slot;
        list.len += 1;
    }

    /// Writes a cell code to the board and its three line copies (the one place the board changes).
    #[inline(always)]
    fn set_cell(&mut self, cell: usize, code: u8) {
        debug_assert!(mailbox::is_inside(cell) && code < 16, "cell {cell}, code {code}");
        self.board[cell] = code;
        let [file, diagonal, anti] = mailbox::LINE_SLOTS[cell as u8 as usize];
        self.lines[file as usize] = code;
        self.lines[diagonal as usize] = code;
        self.lines[anti as usize] = code;
    }

    /// Like `add_code`, but at a given list slot (undo restores the list order exactly).
    fn add_code_at(&mut self, cell: usize, code: u8, slot: u8) {
        debug_assert_eq!(self.board[cell], EMPTY);
        self.set_cell(cell, code);
        self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[cell];
        self.st.key ^= KEYS.cells[code as usize][cell];
        self.list_insert(cell, code, slot);
        if mailbox::code_role(code) == Role::King {
            self.kings[mailbox::code_color(code)] = cell as u8;
        }
    }

    /// Places a code on an empty cell, updating lists, kings and key.
    #[inline]
    pub(crate) fn add_code(&mut self, cell: usize, code: u8) {
        debug_assert_eq!(self.board[cell], EMPTY);
        self.set_cell(cell, code);
        self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[cell];
        self.st.key ^= KEYS.cells[code as usize][cell];
        self.list_add(cell, code);
        if mailbox::code_role(code) == Role::King {
            self.kings[mailbox::code_color(code)] = cell as u8;
        }
    }

    /// Removes the piece on a cell, updating lists, kings and key; returns its code.
    #[inline]
    pub(crate) fn remove_code(&mut self, cell: usize) -> u8 {
        let code = self.board[cell];
        debug_assert!(mailbox::is_piece(code));
        self.set_cell(cell, EMPTY);
        self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[cell];
        self.st.key ^= KEYS.cells[code as usize][cell];
        self.list_remove(cell, code);
        if mailbox::code_role(code) == Role::King && self.kings[mailbox::code_color(code)] == cell as u8 {
            self.kings[mailbox::code_color(code)] = 0;
        }
        code
    }

    #[inline]
    fn move_code(&mut self, from: usize, to: usize) -> u8 {
        let code = self.board[from];
        self.set_cell(from, EMPTY);
        self.set_cell(to, code);
        self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[from] | mailbox::CELL_BIT[to];
        self.st.key ^= KEYS.cells[code as usize][from] ^ KEYS.cells[code as usize][to];
        self.list_move(from, to, code);
        if code >= PIECE_BASE + 2 * Role::King as u8 {
            self.kings[mailbox::code_color(code)] = to as u8;
        }
        code
    }

    pub(crate) fn set_ep(&mut self, ep: Option<Square>) {
        if let Some(old) = self.st.ep_square {
            self.st.key ^= KEYS.en_passant_file[old.file().index() as usize];
        }
        self.st.ep_square = ep;
        if let Some(new) = ep {
            self.st.key ^= KEYS.en_passant_file[new.file().index() as usize];
        }
    }

    pub(crate) fn set_castling(&mut self, rights: CastlingRights) {
        self.st.key ^=
            KEYS.castling[self.st.castling.bits() as usize] ^ KEYS.castling[rights.bits() as usize];
        self.st.castling = rights;
    }

    /// A copy of the position without its move history (what [`Position::alterations`] plays a move
    /// on): every field but the history listed, so a new field cannot be forgotten.
    pub(crate) fn copy_without_history(&self) -> Position {
        Position {
            board: self.board,
            lines: self.lines,
            pieces: self.pieces,
            list_index: self.list_index,
            bitboards: self.bitboards,
            kings: self.kings,
            turn: self.turn,
            st: self.st,
            castling_geometry: self.castling_geometry.clone(),
            chess960: self.chess960,
            fullmove_number: self.fullmove_number,
            rules: self.rules,
            promotion_cells: self.promotion_cells,
            history: Vec::new(),
        }
    }

    /// Marks the position as edited: the en passant square is cleared (it no longer follows a double
    /// step) and the move history is dropped (an edit cannot be undone by [`Position::undo`], and
    /// repetition counting starts afresh, as after an irreversible move).
    fn edited(&mut self) {
        self.set_ep(None);
        self.history.clear();
    }

    /// Puts `piece` on `square`, replacing and returning what stood there.
    ///
    /// Like every edit, this clears the en passant square and the move history; the Zobrist key and piece
    /// lists stay exact.
    ///
    /// # Errors
    /// [`PositionError::BlockedSquare`] on a blocked tile; [`PositionError::TooManyKings`] for a second
    /// king of a colour under standard rules. The position is unchanged on error.
    pub fn put_piece(&mut self, square: Square, piece: Piece) -> Result<Option<Piece>, PositionError> {
        let cell = square.cell();
        if self.board[cell] == BLOCKED {
            return Err(PositionError::BlockedSquare(square));
        }
        if self.rules.is_standard()
            && piece.role == Role::King
            && self.kings[piece.color] != 0
            && self.kings[piece.color] as usize != cell
        {
            return Err(PositionError::TooManyKings(piece.color));
        }
        let old = self.remove_piece(square);
        self.add_code(cell, mailbox::piece_code(piece.color, piece.role));
        self.drop_castling_at(square);
        self.edited();
        Ok(old)
    }

    /// Removes and returns the piece on `square` (an edit: clears en passant and history).
    pub fn remove_piece(&mut self, square: Square) -> Option<Piece> {
        let old = self.piece_at(square);
        if old.is_some() {
            self.remove_code(square.cell());
            self.drop_castling_at(square);
        }
        self.edited();
        old
    }

    /// Drops the castling rights tied to a king or rook home square that an edit touched.
    fn drop_castling_at(&mut self, square: Square) {
        let rights = self.st.castling.bits() & self.castling_geometry.mask[square.cell()];
        self.set_castling(CastlingRights::from_bits(rights));
    }

    /// Moves the piece on `from` to `to` as a board edit (no legality, no turn change), replacing what
    /// stood on `to`, which is returned. Castling rights of a king or rook that leaves or loses its home
    /// square are dropped.
    ///
    /// # Errors
    /// [`PositionError::BlockedSquare`] when `to` is blocked. Nothing changes on error, and nothing
    /// happens when `from` is empty.
    pub fn relocate_piece(&mut self, from: Square, to: Square) -> Result<Option<Piece>, PositionError> {
        if self.board[to.cell()] == BLOCKED {
            return Err(PositionError::BlockedSquare(to));
        }
        if from == to || self.piece_at(from).is_none() {
            return Ok(None);
        }
        let captured = self.piece_at(to);
        if captured.is_some() {
            self.remove_code(to.cell());
        }
        self.move_code(from.cell(), to.cell());
        let rights = CastlingRights::from_bits(
            self.st.castling.bits()
                & self.castling_geometry.mask[from.cell()]
                & self.castling_geometry.mask[to.cell()],
        );
        self.set_castling(rights);
        self.edited();
        Ok(captured)
    }

    /// Whether moving the piece on `from` to `to` as a board edit (like [`Position::relocate_piece`],
    /// capturing whatever stands on `to`) would leave a king of that piece's colour attacked. The position
    /// is not changed; the test runs on a copy of the board. `false` when `from` is empty or the colour
    /// has no king. Used by layers that move pieces outside the rules, such as a teleport skill.
    #[must_use]
    pub fn relocation_exposes_king(&self, from: Square, to: Square) -> bool {
        let code = self.board[from.cell()];
        if !mailbox::is_piece(code) || from == to {
            return false;
        }
        let color = mailbox::code_color(code);
        let mut board = self.board;
        board[from.cell()] = EMPTY;
        board[to.cell()] = code;
        self.pieces(color).filter(|(_, p)| p.role == Role::King).any(|(sq, _)| {
            let cell = if sq == from { to.cell() } else { sq.cell() };
            attacked_on(&board, cell, !color, 0)
        })
    }

    /// Blocks (`true`) or unblocks (`false`) a tile.
    ///
    /// # Errors
    /// [`PositionError::OccupiedSquare`] when blocking a square that holds a piece.
    pub fn set_blocked(&mut self, square: Square, blocked: bool) -> Result<(), PositionError> {
        let cell = square.cell();
        let code = self.board[cell];
        if mailbox::is_piece(code) {
            return Err(PositionError::OccupiedSquare(square));
        }
        self.toggle_blocked(cell, blocked);
        self.edited();
        Ok(())
    }

    /// Makes the tile at `cell` (which holds no piece) blocked or empty, keeping key, bitboards and
    /// promotion cells exact; no edit of state or history.
    pub(crate) fn toggle_blocked(&mut self, cell: usize, blocked: bool) {
        let want = if blocked { BLOCKED } else { EMPTY };
        if self.board[cell] != want {
            self.st.key ^= KEYS.cells[BLOCKED as usize][cell];
            self.set_cell(cell, want);
            self.bitboards[BLOCKED as usize] ^= mailbox::CELL_BIT[cell];
            self.recompute_promotion_cells();
        }
    }

    /// Sets the side to move (an edit).
    pub fn set_turn(&mut self, color: Color) {
        if color != self.turn {
            self.st.key ^= KEYS.black_to_move;
            self.turn = color;
        }
        self.edited();
    }

    /// Sets the castling rights, keeping only those whose king and rook stand on their home squares
    /// (e1/e8 and a/h corners; in Chess960 mode the rook a right had before, else the outermost rook
    /// on that side of the king, as X-FEN's `KQkq`). Returns the rights kept. Under skirmish rules no
    /// right is kept.
    pub fn set_castling_rights(&mut self, rights: CastlingRights) -> CastlingRights {
        let mut rooks = SquareSet::EMPTY;
        for color in Color::ALL {
            for king_side in [true, false] {
                if rights.has(color, king_side) {
                    rooks.insert(self.default_castling_rook(color, king_side));
                }
            }
        }
        self.install_castling(rooks);
        self.history.clear();
        self.st.castling
    }

    /// Sets the en passant square. It is kept only when an en passant capture on it is legal now
    /// (otherwise the square plays no part in the game and is dropped, as FEN writers do); the return
    /// value says whether it was kept.
    ///
    /// # Errors
    /// [`PositionError::InvalidEnPassant`] when no double step of the side that just moved explains the
    /// square (wrong rank, occupied square, or no such pawn in front of it).
    pub fn set_ep_square(&mut self, square: Option<Square>) -> Result<bool, PositionError> {
        let Some(sq) = square else {
            self.set_ep(None);
            return Ok(false);
        };
        if !self.ep_explained(sq) {
            return Err(PositionError::InvalidEnPassant(sq));
        }
        let keep = self.ep_capturable(sq);
        self.set_ep(keep.then_some(sq));
        self.history.clear();
        Ok(keep)
    }

    /// Sets the half-move clock (plies since the last capture or pawn move).
    pub fn set_halfmove_clock(&mut self, plies: u32) {
        self.st.halfmove_clock = plies;
    }

    /// Sets the full-move number (at least 1; 0 is stored as 1).
    pub fn set_fullmove_number(&mut self, number: u32) {
        self.fullmove_number = number.max(1);
    }

    /// Changes the rule set. Castling rights and the en passant square are dropped when switching to
    /// skirmish rules, which have neither.
    ///
    /// # Errors
    /// [`PositionError::TooManyKings`] when switching to standard rules with two kings of a colour.
    pub fn set_rules(&mut self, rules: RuleSet) -> Result<(), PositionError> {
        if rules.is_standard() {
            for color in Color::ALL {
                if self.count(color, Role::King) > 1 {
                    return Err(PositionError::TooManyKings(color));
                }
            }
        }
        self.rules = rules;
        self.kings = ByColor::splat(0);
        for color in Color::ALL {
            let king = self.pieces(color).find(|(_, p)| p.role == Role::King).map(|(sq, _)| sq.cell() as u8);
            self.kings[color] = king.unwrap_or(0);
        }
        if !rules.is_standard() {
            self.set_castling(CastlingRights::NONE);
        }
        self.edited();
        Ok(())
    }

    /// Whether a double step of the side not to move explains an en passant square.
    fn ep_explained(&self, sq: Square) -> bool {
        let them = !self.turn;
        if !self.rules.is_standard() || sq.rank() != Rank::new(2).unwrap().relative_to(them) {
            return false;
        }
        let push = mailbox::PAWN_PUSH[them];
        let cell = sq.cell();
        self.board[cell] == EMPTY
            && self.board[mailbox::step(cell, -push)] == EMPTY
            && self.board[mailbox::step(cell, push)] == mailbox::piece_code(them, Role::Pawn)
    }

    /// Whether the side to move has a legal en passant capture onto `sq` (assumed explained).
    pub(crate) fn ep_capturable(&self, sq: Square) -> bool {
        let us = self.turn;
        let pawn = mailbox::piece_code(us, Role::Pawn);
        let to = sq.cell();
        let captured = mailbox::step(to, -mailbox::PAWN_PUSH[us]);
        mailbox::PAWN_CAPTURES[us]
            .iter()
            .map(|&d| mailbox::step(to, -d))
            .any(|from| self.board[from] == pawn && self.ep_leaves_king_safe(from, to, captured))
    }

    /// Plays an en passant capture on a copy of the board and tests the mover's king.
    pub(crate) fn ep_leaves_king_safe(&self, from: usize, to: usize, captured: usize) -> bool {
        let us = self.turn;
        let king = self.kings[us] as usize;
        if king == 0 {
            return true;
        }
        let mut board = self.board;
        board[to] = board[from];
        board[from] = EMPTY;
        board[captured] = EMPTY;
        !attacked_on(&board, king, !us, 0)
    }

    pub(crate) fn recompute_promotion_cells(&mut self) {
        let mut cells = [0u8; CELLS];
        for file in 0..8u8 {
            let playable = |rank: u8| self.board[mailbox::cell_of(file, rank) as usize] != BLOCKED;
            if let Some(top) = (0..8u8).rev().find(|&r| playable(r)) {
                cells[mailbox::cell_of(file, top) as usize] |= 1;
            }
            if let Some(bottom) = (0..8u8).find(|&r| playable(r)) {
                cells[mailbox::cell_of(file, bottom) as usize] |= 2;
            }
        }
        self.promotion_cells = cells;
    }

    /// Whether a pawn of `color` promotes on arriving at `square`: the last playable square of its file
    /// in its direction (rank 8 or 1 on a standard board, the top or bottom row of a smaller one).
    #[must_use]
    pub fn is_promotion_square(&self, color: Color, square: Square) -> bool {
        self.promotion_cells[square.cell()] & (1 << color as u8) != 0
    }

    /// The key computed from scratch (the incremental key must always equal it).
    #[must_use]
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in Square::all() {
            let code = self.board[sq.cell()];
            if code != EMPTY {
                key ^= KEYS.cells[code as usize][sq.cell()];
            }
        }
        if self.turn == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key ^= KEYS.castling[self.st.castling.bits() as usize];
        if let Some(ep) = self.st.ep_square {
            key ^= KEYS.en_passant_file[ep.file().index() as usize];
        }
        key
    }

    // ----- construction from a parsed setup -----

    /// Builds a position from its parts without the game-reachability checks: for editors and for skill
    /// states that ordinary play cannot reach. Castling rights without their king and rook at home are
    /// dropped, and an en passant square is kept only when explained and capturable.
    ///
    /// # Errors
    /// [`PositionError::TooManyKings`] for two kings of one colour under standard rules (the move
    /// generator needs one king to define check); [`PositionError::InvalidEnPassant`] for an en passant
    /// square no double step explains.
    pub fn from_setup_unchecked(
        setup: &crate::fen::Setup,
        rules: RuleSet,
    ) -> Result<Position, PositionError> {
        let mut pos = Position::empty(rules);
        for sq in Square::all() {
            match setup.cells[sq.index() as usize] {
                crate::fen::SetupCell::Empty => {}
                crate::fen::SetupCell::Blocked => {
                    pos.set_cell(sq.cell(), BLOCKED);
                    pos.bitboards[BLOCKED as usize] ^= mailbox::CELL_BIT[sq.cell()];
                }
                crate::fen::SetupCell::Piece(p) => {
                    if rules.is_standard() && p.role == Role::King && pos.kings[p.color] != 0 {
                        return Err(PositionError::TooManyKings(p.color));
                    }
                    pos.add_code(sq.cell(), mailbox::piece_code(p.color, p.role));
                }
            }
        }
        pos.recompute_promotion_cells();
        pos.turn = setup.turn;
        pos.chess960 = setup.chess960;
        pos.install_castling(setup.castling);
        pos.st.halfmove_clock = setup.halfmove_clock;
        pos.fullmove_number = setup.fullmove_number.max(1);
        if let Some(sq) = setup.ep_square {
            if !rules.is_standard() || !pos.ep_explained(sq) {
                return Err(PositionError::InvalidEnPassant(sq));
            }
            if pos.ep_capturable(sq) {
                pos.st.ep_square = Some(sq);
            }
        }
        pos.st.key = pos.compute_key();
        Ok(pos)
    }

    /// Builds a position from its parts and rejects, under standard rules, one that cannot occur in a
    /// game: see [`Position::problems`]. Policy: castling rights without their rook and an explained en
    /// passant square on which no capture is legal are errors and harmless normalisation respectively.
    ///
    /// # Errors
    /// The first of [`Position::problems`]. Under skirmish rules only pawns on their last rank are refused.
    pub fn from_setup(setup: &crate::fen::Setup, rules: RuleSet) -> Result<Position, PositionError> {
        let pos = Position::from_setup_unchecked(setup, rules)?;
        let refused = setup.castling - pos.castling_rooks();
        if !refused.is_empty() && rules.is_standard() {
            let rights =
                refused.iter().fold(CastlingRights::NONE, |all, rook| all.with(pos.intended_right(rook)));
            return Err(PositionError::InvalidCastlingRights(rights));
        }
        match pos.problems().into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(pos),
        }
    }

    /// Everything that makes this position impossible in a game under its rules (empty when valid).
    ///
    /// Standard: a missing or extra king, more than 16 pieces or 8 pawns of a side, pawns on a first or
    /// last rank, adjacent kings, the side not to move in check. Skirmish: pawns on their last rank.
    #[must_use]
    pub fn problems(&self) -> Vec<PositionError> {
        let mut out = Vec::new();
        for color in Color::ALL {
            for (sq, p) in self.pieces(color) {
                if p.role == Role::Pawn
                    && (self.is_promotion_square(color, sq)
                        || (self.rules.is_standard()
                            && sq.rank() == Rank::new(0).unwrap().relative_to(color)))
                {
                    out.push(PositionError::PawnOnBackRank(sq));
                }
            }
        }
        if !self.rules.is_standard() {
            return out;
        }
        for color in Color::ALL {
            match self.count(color, Role::King) {
                0 => out.push(PositionError::MissingKing(color)),
                1 => {}
                _ => out.push(PositionError::TooManyKings(color)),
            }
            if self.pieces[color].len > 16 {
                out.push(PositionError::TooManyPieces(color));
            }
            if self.count(color, Role::Pawn) > 8 {
                out.push(PositionError::TooManyPawns(color));
            }
        }
        if let (Some(a), Some(b)) = (self.king_square(Color::White), self.king_square(Color::Black)) {
            let df = (a.file().index() as i8 - b.file().index() as i8).abs();
            let dr = (a.rank().index() as i8 - b.rank().index() as i8).abs();
            if df <= 1 && dr <= 1 {
                out.push(PositionError::KingsAdjacent);
            }
        }
        if self.king_attacked(!self.turn) {
            out.push(PositionError::OppositeCheck(!self.turn));
        }
        let broken = self.castling_intact();
        if !broken.is_empty() {
            out.push(PositionError::InvalidCastlingRights(broken));
        }
        out
    }

    /// `Ok` when [`Position::problems`] is empty, else the first problem.
    ///
    /// # Errors
    /// The first problem found.
    pub fn validate(&self) -> Result<(), PositionError> {
        match self.problems().into_iter().next() {
            Some(p) => Err(p),
            None => Ok(()),
        }
    }

    // ----- make / unmake -----

    /// Plays a move after checking that it is legal.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when the move is not among [`Position::legal_moves`] ([`Position::is_legal`]);
    /// the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError { mv: m.to_uci(), fen: self.to_fen() })
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`] of this very position). Playing
    /// anything else leaves the position in an unspecified but memory-safe state.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        if m.promotion.is_some() || !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep) {
            self.play_special(m);
            return;
        }
        // A move of one piece from one cell to another, capturing what stands there.
        let us = self.turn;
        let from = m.from.cell();
        let to = m.to.cell();
        let code = self.board[from];
        let captured = self.board[to];
        let slot = self.list_index[from];
        let st = self.st;
        self.history.push(Undo {
            mv: Some(m),
            captured,
            captured_slot: self.list_index[to],
            mover_slot: slot,
            st,
        });
        let ep = st.ep_square;
        let castling = st.castling.bits();
        let key = st.key;
        let mask = &self.castling_geometry.mask;
        let rights = castling & mask[from] & mask[to];
        let c = (code & 15) as usize;
        // Empty cells have zero keys, so a non-capture xors nothing for `captured`.
        self.st = State {
            key: key
                ^ KEYS.black_to_move
                ^ KEYS.en_passant_cell[ep.map_or(0, |sq| sq.cell())]
                ^ KEYS.cells[(captured & 15) as usize][to]
                ^ KEYS.cells[c][from]
                ^ KEYS.cells[c][to]
                ^ KEYS.castling[castling as usize]
                ^ KEYS.castling[rights as usize],
            halfmove_clock: if captured != EMPTY || m.role == Role::Pawn { 0 } else { st.halfmove_clock + 1 },
            castling: CastlingRights::from_bits(rights),
            ep_square: None,
        };
        if captured != EMPTY {
            self.list_remove(to, captured);
            if captured >= mailbox::piece_code(Color::White, Role::King) {
                // Only skirmish rules capture kings.
                self.kings[!us] = 0;
            }
        }
        self.set_cell(from, EMPTY);
        self.set_cell(to, code);
        // An empty `captured` (code 0) xors a slot nobody reads.
        self.bitboards[(captured & 15) as usize] ^= mailbox::CELL_BIT[to];
        self.bitboards[c] ^= mailbox::CELL_BIT[from] | mailbox::CELL_BIT[to];
        self.pieces[us].cells[(slot & 63) as usize] = to as u8;
        self.list_index[to] = slot;
        if m.role == Role::King {
            self.kings[us] = to as u8;
        }
        self.fullmove_number += us as u32;
        self.turn = !us;
        if m.kind == MoveKind::DoubleStep {
            self.after_double_step(to, us);
        }
    }

    /// After a double step of `us` to `to`: the en passant square, when a capture there is legal.
    #[inline(never)]
    fn after_double_step(&mut self, to: usize, us: Color) {
        let ep = Square::from_cell(mailbox::step(to, -mailbox::PAWN_PUSH[us]));
        if self.ep_capturable(ep) {
            self.set_ep(Some(ep));
        }
    }

    /// [`Position::play_unchecked`] for castling, en passant and promotions.
    #[inline(never)]
    fn play_special(&mut self, m: Move) {
        if m.is_castle() {
            self.play_castle(m);
            return;
        }
        let us = self.turn;
        let from = m.from.cell();
        let to = m.to.cell();
        let capture_cell =
            if m.kind == MoveKind::EnPassant { mailbox::step(to, -mailbox::PAWN_PUSH[us]) } else { to };
        let captured = self.board[capture_cell];
        self.history.push(Undo {
            mv: Some(m),
            captured,
            captured_slot: self.list_index[capture_cell],
            mover_slot: self.list_index[from],
            st: self.st,
        });
        let mut key = self.st.key ^ KEYS.black_to_move;
        if let Some(ep) = self.st.ep_square.take() {
            key ^= KEYS.en_passant_file[ep.file().index() as usize];
        }
        let code = self.board[from];
        key ^= KEYS.cells[(captured & 15) as usize][capture_cell];
        if captured != EMPTY {
            self.set_cell(capture_cell, EMPTY);
            self.bitboards[(captured & 15) as usize] ^= mailbox::CELL_BIT[capture_cell];
            self.list_remove(capture_cell, captured);
            if captured >= mailbox::piece_code(Color::White, Role::King) {
                // Only skirmish rules capture kings.
                self.kings[!us] = 0;
            }
        }
        // The mover: its list slot follows it to `to`.
        key ^= KEYS.cells[(code & 15) as usize][from] ^ KEYS.cells[(code & 15) as usize][to];
        self.set_cell(from, EMPTY);
        self.set_cell(to, code);
        self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[from] | mailbox::CELL_BIT[to];
        let slot = self.list_index[from];
        self.pieces[us].cells[slot as usize] = to as u8;
        self.list_index[to] = slot;
        let mask = &self.castling_geometry.mask;
        let rights = self.st.castling.bits() & mask[from] & mask[to];
        key ^= KEYS.castling[self.st.castling.bits() as usize] ^ KEYS.castling[rights as usize];
        self.st.castling = CastlingRights::from_bits(rights);
        self.st.key = key;
        if let Some(role) = m.promotion {
            self.remove_code(to);
            self.add_code(to, mailbox::piece_code(us, role));
        }
        self.st.halfmove_clock = 0;
        self.fullmove_number += us as u32;
        self.turn = !us;
    }

    /// Perft's make for counting the moves of a child ([`crate::movegen::Siblings`]): updates the
    /// board, the mover's piece list, the king cell, the side to move, the castling rights and the en
    /// passant square, and nothing else (not the key, clocks, history or the captured side's piece
    /// list, which the counting does not read). [`Position::unmake_for_count`] with the returned record
    /// restores the position exactly.
    #[inline(always)]
    pub(crate) fn make_for_count(&mut self, m: Move) -> CountUndo {
        let us = self.turn;
        let saved = CountUndo {
            captured: EMPTY,
            captured_slot: 0,
            castling: self.st.castling,
            ep_square: self.st.ep_square.take(),
            key: self.st.key,
        };
        let mask = &self.castling_geometry.mask;
        if m.is_castle() {
            let c = self.castling_geometry.cells(us, m.kind == MoveKind::CastleKingSide);
            let rights = self.st.castling.bits() & mask[c.king_from] & mask[c.rook_from];
            self.st.castling = CastlingRights::from_bits(rights);
            self.swap_castle_pieces(c.king_from, c.rook_from, c.king_to, c.rook_to);
            self.turn = !us;
            return saved;
        }
        let from = m.from.cell();
        let to = m.to.cell();
        let capture_cell =
            if m.kind == MoveKind::EnPassant { mailbox::step(to, -mailbox::PAWN_PUSH[us]) } else { to };
        let saved = CountUndo {
            captured: self.board[capture_cell],
            captured_slot: self.list_index[capture_cell],
            ..saved
        };
        let rights = self.st.castling.bits() & mask[from] & mask[to];
        self.st.castling = CastlingRights::from_bits(rights);
        let code = self.board[from];
        let placed = match m.promotion {
            Some(role) => mailbox::piece_code(us, role),
            None => code,
        };
        self.bitboards[(saved.captured & 15) as usize] ^= mailbox::CELL_BIT[capture_cell];
        self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[from];
        self.bitboards[(placed & 15) as usize] ^= mailbox::CELL_BIT[to];
        self.set_cell(capture_cell, EMPTY);
        self.set_cell(from, EMPTY);
        self.set_cell(to, placed);
        let slot = self.list_index[from];
        self.pieces[us].cells[slot as usize] = to as u8;
        self.list_index[to] = slot;
        if m.role == Role::King {
            self.kings[us] = to as u8;
        }
        self.turn = !us;
        if m.kind == MoveKind::DoubleStep {
            let ep = Square::from_cell(mailbox::step(to, -mailbox::PAWN_PUSH[us]));
            if self.ep_capturable(ep) {
                self.st.ep_square = Some(ep);
            }
        }
        saved
    }

    /// Takes back [`Position::make_for_count`].
    #[inline(always)]
    pub(crate) fn unmake_for_count(&mut self, m: Move, saved: CountUndo) {
        self.turn = !self.turn;
        let us = self.turn;
        self.st.castling = saved.castling;
        self.st.ep_square = saved.ep_square;
        if m.is_castle() {
            let c = self.castling_geometry.cells(us, m.kind == MoveKind::CastleKingSide);
            self.swap_castle_pieces(c.king_to, c.rook_to, c.king_from, c.rook_from);
            self.st.key = saved.key;
            return;
        }
        let from = m.from.cell();
        let to = m.to.cell();
        let capture_cell =
            if m.kind == MoveKind::EnPassant { mailbox::step(to, -mailbox::PAWN_PUSH[us]) } else { to };
        let placed = self.board[to];
        let code = if m.promotion.is_some() { mailbox::piece_code(us, Role::Pawn) } else { placed };
        self.bitboards[(saved.captured & 15) as usize] ^= mailbox::CELL_BIT[capture_cell];
        self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[from];
        self.bitboards[(placed & 15) as usize] ^= mailbox::CELL_BIT[to];
        self.set_cell(from, code);
        self.set_cell(to, EMPTY);
        self.set_cell(capture_cell, saved.captured);
        let slot = self.list_index[to];
        self.pieces[us].cells[slot as usize] = from as u8;
        self.list_index[from] = slot;
        self.list_index[capture_cell] = saved.captured_slot;
        if m.role == Role::King {
            self.kings[us] = from as u8;
        }
    }

    /// Castling: both pieces leave and land together (in Chess960 the king may land on its rook's
    /// square or stay where it is).
    fn play_castle(&mut self, m: Move) {
        let us = self.turn;
        self.history.push(Undo {
            mv: Some(m),
            captured: EMPTY,
            captured_slot: 0,
            mover_slot: 0,
            st: self.st,
        });
        self.set_ep(None);
        let c = self.castling_geometry.cells(us, m.kind == MoveKind::CastleKingSide);
        self.swap_castle_pieces(c.king_from, c.rook_from, c.king_to, c.rook_to);
        let mask = &self.castling_geometry.mask;
        let rights = self.st.castling.bits() & mask[c.king_from] & mask[c.rook_from];
        self.set_castling(CastlingRights::from_bits(rights));
        self.st.halfmove_clock += 1;
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = !us;
        self.st.key ^= KEYS.black_to_move;
    }

    /// Moves a king and a rook of one colour from their cells to theirs, in either order of overlap.
    fn swap_castle_pieces(&mut self, king_from: usize, rook_from: usize, king_to: usize, rook_to: usize) {
        let king = self.board[king_from];
        let rook = self.board[rook_from];
        let color = mailbox::code_color(king);
        let (ki, ri) = (self.list_index[king_from], self.list_index[rook_from]);
        self.set_cell(king_from, EMPTY);
        self.set_cell(rook_from, EMPTY);
        self.set_cell(king_to, king);
        self.set_cell(rook_to, rook);
        self.bitboards[(king & 15) as usize] ^= mailbox::CELL_BIT[king_from] ^ mailbox::CELL_BIT[king_to];
        self.bitboards[(rook & 15) as usize] ^= mailbox::CELL_BIT[rook_from] ^ mailbox::CELL_BIT[rook_to];
        self.st.key ^= KEYS.cells[king as usize][king_from]
            ^ KEYS.cells[king as usize][king_to]
            ^ KEYS.cells[rook as usize][rook_from]
            ^ KEYS.cells[rook as usize][rook_to];
        let list = &mut self.pieces[color];
        list.cells[ki as usize] = king_to as u8;
        list.cells[ri as usize] = rook_to as u8;
        self.list_index[king_to] = ki;
        self.list_index[rook_to] = ri;
        self.kings[color] = king_to as u8;
    }

    /// Passes the turn without moving (a null move, for null-move pruning in search). Undo it with
    /// [`Position::undo`]. Not legal chess: do not use it in check.
    pub fn play_null(&mut self) {
        self.history.push(Undo { mv: None, captured: EMPTY, captured_slot: 0, mover_slot: 0, st: self.st });
        self.set_ep(None);
        self.st.halfmove_clock += 1;
        self.turn = !self.turn;
        self.st.key ^= KEYS.black_to_move;
    }

    /// Takes back the last move (or null move) and returns it; `None` when there is no history (at the
    /// start, or after a board edit). Every field and the key are restored exactly.
    #[inline(always)]
    pub fn undo(&mut self) -> Option<Move> {
        let undo = self.history.pop()?;
        self.turn = !self.turn;
        self.st = undo.st;
        let m = undo.mv?;
        let us = self.turn;
        self.fullmove_number -= us as u32;
        if m.promotion.is_some() || !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep) {
            self.undo_special(m, &undo);
            return Some(m);
        }
        let from = m.from.cell();
        let to = m.to.cell();
        // The key came back from the record, so the board moves back without it.
        let code = self.board[to];
        self.set_cell(from, code);
        self.set_cell(to, undo.captured);
        self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[from] | mailbox::CELL_BIT[to];
        self.bitboards[(undo.captured & 15) as usize] ^= mailbox::CELL_BIT[to];
        let slot = self.list_index[to];
        self.pieces[us].cells[(slot & 63) as usize] = from as u8;
        self.list_index[from] = slot;
        if m.role == Role::King {
            self.kings[us] = from as u8;
        }
        if undo.captured != EMPTY {
            self.list_insert(to, undo.captured, undo.captured_slot);
            if undo.captured >= mailbox::piece_code(Color::White, Role::King) {
                self.kings[!us] = to as u8;
            }
        }
        Some(m)
    }

    /// [`Position::undo`] of castling, en passant and promotions (the record's fields other than the
    /// move are already restored).
    #[inline(never)]
    fn undo_special(&mut self, m: Move, undo: &Undo) {
        let us = self.turn;
        let from = m.from.cell();
        let to = m.to.cell();
        let key = self.st.key;
        if m.is_castle() {
            let c = self.castling_geometry.cells(us, m.kind == MoveKind::CastleKingSide);
            self.swap_castle_pieces(c.king_to, c.rook_to, c.king_from, c.rook_from);
        } else {
            if m.promotion.is_some() {
                self.remove_code(to);
                self.add_code_at(to, mailbox::piece_code(us, Role::Pawn), undo.mover_slot);
            }
            let code = self.board[to];
            self.set_cell(to, EMPTY);
            self.set_cell(from, code);
            self.bitboards[(code & 15) as usize] ^= mailbox::CELL_BIT[from] | mailbox::CELL_BIT[to];
            let slot = self.list_index[to];
            self.pieces[us].cells[slot as usize] = from as u8;
            self.list_index[from] = slot;
            if undo.captured != EMPTY {
                let capture_cell = if m.kind == MoveKind::EnPassant {
                    mailbox::step(to, -mailbox::PAWN_PUSH[us])
                } else {
                    to
                };
                self.set_cell(capture_cell, undo.captured);
                self.bitboards[(undo.captured & 15) as usize] ^= mailbox::CELL_BIT[capture_cell];
                self.list_insert(capture_cell, undo.captured, undo.captured_slot);
                if mailbox::code_role(undo.captured) == Role::King {
                    self.kings[!us] = capture_cell as u8;
                }
            }
        }
        // The piece edits above xor the key; the record's key is the one to keep.
        self.st.key = key;
    }

    /// The moves played since the last edit or construction, oldest first (null moves are skipped).
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().filter_map(|u| u.mv)
    }

    /// The number of plies in the undo history.
    #[must_use]
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// How many earlier positions since the last irreversible move had the current key (the current one
    /// not counted).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.earlier_same_side_keys().filter(|&k| k == self.st.key).count()
    }

    /// Whether the current position occurred before since the last irreversible move (for draw
    /// detection inside a search tree).
    #[must_use]
    pub fn is_repetition(&self) -> bool {
        self.earlier_same_side_keys().any(|k| k == self.st.key)
    }

    /// The keys of the earlier positions with the same side to move since the last irreversible
    /// move, newest first.
    #[inline]
    fn earlier_same_side_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let window = (self.st.halfmove_clock as usize).min(self.history.len());
        self.history[self.history.len() - window..].iter().rev().skip(1).step_by(2).map(|u| u.st.key)
    }

    /// The legal moves of the side to move. Under standard rules the order depends on the position
    /// alone: the king's moves (castling last), then the other pieces role by role (pawns, knights,
    /// bishops, rooks, queens), each role's pieces from a1 to h8 and each piece's moves direction by
    /// direction, nearest square first (a pawn's promotions queen, rook, bishop, knight), then en
    /// passant. Under skirmish rules the pieces come in the order of the side's piece list, which
    /// [`Position::undo`] restores.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/1P6/R3K1N1 w Q - 0 1").unwrap();
    /// let names: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci()).collect();
    /// assert_eq!(&names[..6], ["e1d1", "e1f1", "e1e2", "e1d2", "e1f2", "e1c1"]);
    /// assert_eq!(&names[6..10], ["b2b3", "b2b4", "g1e2", "g1f3"]);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        crate::movegen::generate(self, &mut list);
        list
    }

    /// Replaces the contents of `out` with the legal moves of the side to move, in the order of
    /// [`Position::legal_moves`]: the same list without moving a [`MoveList`] (about 4 KiB) out of
    /// the call, for a caller that keeps one list per ply (a perft or a search).
    ///
    /// ```
    /// use gambit_rules::{MoveList, Position};
    /// let mut moves = MoveList::new();
    /// Position::startpos().legal_moves_into(&mut moves);
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        out.clear();
        crate::movegen::generate(self, out);
    }

    /// Whether `m` is a legal move here: the answer of `self.legal_moves().contains(&m)`, found by
    /// generating only the moving piece's moves (for a move from elsewhere, such as a transposition
    /// table's, checked before it is played with [`Position::play_unchecked`]).
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        crate::movegen::is_legal(self, m)
    }

    /// Appends the legal moves of the side to move to `out`, in the order of [`Position::legal_moves`]
    /// (for callers that keep one growing buffer instead of a [`MoveList`] per call).
    pub fn append_legal_moves(&self, out: &mut Vec<Move>) {
        crate::movegen::generate(self, out);
    }

    /// Appends the legal captures and promotions of the side to move to `out`: exactly the moves of
    /// [`Position::legal_moves`] with [`Move::is_capture`] or [`Move::is_promotion`], in the same
    /// order, without building the quiet moves (what a quiescence search asks for).
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let pos = Position::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let mut noisy = Vec::new();
    /// pos.append_noisy_moves(&mut noisy);
    /// let names: Vec<String> = noisy.iter().map(|m| m.to_uci()).collect();
    /// assert_eq!(names, ["e4d5", "b7b8q", "b7b8r", "b7b8b", "b7b8n"]);
    /// ```
    pub fn append_noisy_moves(&self, out: &mut Vec<Move>) {
        crate::movegen::generate_noisy(self, out);
    }

    /// Appends to `out` the legal captures and promotions of the side to move and the other legal moves
    /// (quiet moves and castling) that `keep_quiet` accepts, in the order of [`Position::legal_moves`]:
    /// exactly `legal_moves()` filtered by "capture, promotion or `keep_quiet`", without collecting
    /// the rejected moves first (a quiescence search's noisy moves plus its quiet checks).
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let pos = Position::from_fen("4k3/1P6/8/3p4/4P3/8/8/R3K3 w - - 0 1").unwrap();
    /// let mut moves = Vec::new();
    /// pos.append_noisy_moves_and(&mut moves, |m| m.to.to_string() == "a8");
    /// let names: Vec<String> = moves.iter().map(|m| m.to_uci()).collect();
    /// assert_eq!(names, ["e4d5", "b7b8q", "b7b8r", "b7b8b", "b7b8n", "a1a8"]);
    /// ```
    pub fn append_noisy_moves_and(&self, out: &mut Vec<Move>, keep_quiet: impl FnMut(&Move) -> bool) {
        crate::movegen::generate(self, &mut crate::movegen::NoisyAnd { out, keep: keep_quiet });
    }

    /// The number of legal moves, without building the list (what perft's bulk counting uses); always
    /// equal to `legal_moves().len()`.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        crate::movegen::count(self)
    }

    /// Whether `color` has at least one piece of `role` on the board.
    #[must_use]
    pub fn has_piece(&self, color: Color, role: Role) -> bool {
        let code = mailbox::piece_code(color, role);
        let list = &self.pieces[color];
        list.cells[..list.len as usize].iter().any(|&c| self.board[c as usize] == code)
    }

    /// The role a pawn of the side to move promotes to in this position under the rule set's
    /// [`PromotionPolicy`](crate::PromotionPolicy), or `None` under standard rules (where the player chooses among
    /// [`Role::PROMOTIONS`]).
    #[must_use]
    pub fn promotion_role(&self) -> Option<Role> {
        match self.rules {
            RuleSet::Standard => None,
            RuleSet::Skirmish(policy) => Some(policy.role_for(self, self.turn)),
        }
    }
}

/// Attack test that walks the attacker's piece list instead of the rays out of the target: faster
/// when the attacker has few pieces (endgames). Same answer as [`attacked_on`].
#[inline]
pub(crate) fn attacked_from_list(
    board: &mailbox::Board,
    list: &PieceList,
    target: usize,
    ignore: usize,
) -> bool {
    for &cell in &list.cells[..list.len as usize] {
        let from = cell as usize;
        let delta = (target as isize - from as isize + 119) as usize;
        let hit = mailbox::ATTACKS_BY_CODE[(board[from] & 15) as usize][delta];
        if hit == 0 {
            continue;
        }
        if hit & (mailbox::ATTACK_DIAGONAL | mailbox::ATTACK_ORTHOGONAL) == 0 {
            return true;
        }
        let dir = mailbox::DIRECTION[delta] as isize;
        let mut c = mailbox::step(from, dir);
        while c != target && (board[c] == EMPTY || c == ignore) {
            c = mailbox::step(c, dir);
        }
        if c == target {
            return true;
        }
    }
    false
}

/// Attack test on any board array: is `target` attacked by a piece of `by`? `ignore` is treated as empty.
#[inline]
pub(crate) fn attacked_on(board: &mailbox::Board, target: usize, by: Color, ignore: usize) -> bool {
    use mailbox::step8;
    let target = target as u8;
    let ignore = ignore as u8;
    let pawn = mailbox::piece_code(by, Role::Pawn);
    for d in mailbox::PAWN_CAPTURES[by] {
        if board[step8(target, -d as i8) as usize] == pawn {
            return true;
        }
    }
    let knight = mailbox::piece_code(by, Role::Knight);
    for d in mailbox::KNIGHT8 {
        if board[step8(target, d) as usize] == knight {
            return true;
        }
    }
    let king = mailbox::piece_code(by, Role::King);
    let queen = mailbox::piece_code(by, Role::Queen);
    for (dirs, slider) in [
        (mailbox::ORTHOGONAL8, mailbox::piece_code(by, Role::Rook)),
        (mailbox::DIAGONAL8, mailbox::piece_code(by, Role::Bishop)),
    ] {
        for d in dirs {
            let mut c = step8(target, d);
            if board[c as usize] == king {
                return true;
            }
            while board[c as usize] == EMPTY || c == ignore {
                c = step8(c, d);
            }
            if board[c as usize] == slider || board[c as usize] == queen {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod count_make_tests {
    use super::*;

    /// `make_for_count` followed by `unmake_for_count` leaves every field as it was, the piece lists'
    /// order and the key included, for every move of positions with castling, en passant, captures
    /// and promotions.
    #[test]
    fn make_for_count_is_undone_exactly() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ];
        for fen in fens {
            let mut pos = Position::from_fen(fen).unwrap();
            for m in pos.legal_moves() {
                let before = pos.clone();
                let mut full = pos.clone();
                full.play_unchecked(m);
                let saved = pos.make_for_count(m);
                // The piece bitboards are kept as a full make keeps them (the scan reads them).
                assert_eq!(pos.bitboards[4..], full.bitboards[4..], "{fen} {m}");
                pos.unmake_for_count(m, saved);
                assert_eq!(pos.bitboards[4..], before.bitboards[4..], "{fen} {m}");
                assert_eq!(pos, before, "{fen} {m}");
                assert_eq!(pos.st.key, before.st.key, "{fen} {m}");
                assert_eq!(pos.kings, before.kings, "{fen} {m}");
                assert_eq!(pos.legal_moves(), before.legal_moves(), "{fen} {m}");
                for color in Color::ALL {
                    let (a, b) = (&pos.pieces[color], &before.pieces[color]);
                    assert_eq!(a.cells[..a.len as usize], b.cells[..b.len as usize], "{fen} {m}");
                    for &cell in &a.cells[..a.len as usize] {
                        assert_eq!(pos.list_index[cell as usize], before.list_index[cell as usize]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod line_copy_tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Every byte of the line copies: a cell's slots hold the board's code, every other byte is a
    /// sentinel. And each ray read eight cells at a time agrees with the 10x12 walk.
    fn assert_lines_agree(pos: &Position, context: &str) {
        let mut slot_of_cell = [false; mailbox::LINES_LEN];
        for cell in 0..CELLS {
            if !mailbox::is_inside(cell) {
                continue;
            }
            for slot in mailbox::LINE_SLOTS[cell] {
                assert_eq!(pos.lines[slot as usize], pos.board[cell], "{context}: cell {cell}");
                slot_of_cell[slot as usize] = true;
            }
            let cell8 = cell as u8;
            let runs = mailbox::queen_runs(&pos.board, &pos.lines, cell8);
            for (d, (empty, code)) in mailbox::KING8.into_iter().zip(runs) {
                let mut to = mailbox::step8(cell8, d);
                let mut walked = 0;
                while pos.board[to as usize] == EMPTY {
                    walked += 1;
                    to = mailbox::step8(to, d);
                }
                assert_eq!(
                    (empty, code),
                    (walked, pos.board[to as usize]),
                    "{context}: cell {cell}, step {d}"
                );
            }
            assert_eq!(mailbox::diagonal_runs(&pos.lines, cell8), runs[4..], "{context}: cell {cell}");
            assert_eq!(mailbox::orthogonal_runs(&pos.board, &pos.lines, cell8), runs[..4], "{context}");
        }
        for (slot, used) in slot_of_cell.into_iter().enumerate() {
            if !used {
                assert_eq!(pos.lines[slot], mailbox::OFFBOARD, "{context}: sentinel byte {slot}");
            }
        }
    }

    /// Random games (moves, undos, null moves, perft's counting make, edits and blocked squares,
    /// under both rule sets) keep the line copies equal to the board.
    #[test]
    fn line_copies_follow_the_board() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let fens = [
            STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ];
        for (fen, rules) in fens.into_iter().flat_map(|f| [(f, RuleSet::Standard), (f, RuleSet::SKIRMISH)]) {
            // Skirmish rules refuse an en passant square; that FEN is tried under standard rules only.
            let Ok(mut pos) = Position::from_fen_with(fen, rules) else { continue };
            assert_lines_agree(&pos, fen);
            for ply in 0..120 {
                let moves = pos.legal_moves();
                let context = format!("{fen}, ply {ply}");
                match rng.gen_range(0..10) {
                    _ if moves.is_empty() => break,
                    0 => {
                        pos.undo();
                    }
                    1 => {
                        let m = moves[rng.gen_range(0..moves.len())];
                        let saved = pos.make_for_count(m);
                        assert_lines_agree(&pos, &context);
                        pos.unmake_for_count(m, saved);
                    }
                    2 => {
                        let empty: Vec<Square> =
                            Square::all().filter(|&s| pos.piece_at(s).is_none()).collect();
                        let square = empty[rng.gen_range(0..empty.len())];
                        let blocked = pos.is_blocked(square);
                        pos.set_blocked(square, !blocked).unwrap();
                    }
                    3 if !pos.is_check() => pos.play_null(),
                    _ => pos.play_unchecked(moves[rng.gen_range(0..moves.len())]),
                }
                assert_lines_agree(&pos, &context);
            }
        }
    }
}
