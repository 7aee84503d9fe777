//! FEN: Forsyth-Edwards Notation, parsed into a [`Setup`] and printed from a [`Position`].
//!
//! Standard FEN is unchanged (six fields; the last two may be omitted and default to `0 1`). The
//! extension for irregular boards: in the placement field, `*` stands for one blocked square (a wall or
//! hole), as Fairy-Stockfish writes walls. A standard position never prints a `*`.
//!
//! Chess960 FENs ([`Setup::from_chess960_fen`]) write castling rights by rook: X-FEN (`K`/`Q` for the
//! outermost rook on that side of the king, a file letter for another one), Shredder-FEN (always the
//! rook's file letter, `HAha`), or a mix of both.
//!
//! Sources: the PGN standard, section 16.1 "FEN" (S. J. Edwards, 1994); X-FEN as described by
//! R. Scharnagl and the chessprogramming wiki ("X-FEN"); Shredder-FEN as written by Shredder and
//! Stockfish.

use std::fmt::Write as _;
use std::str::FromStr;

use thiserror::Error;

use crate::position::{Position, PositionError};
use crate::rules::RuleSet;
use crate::square_set::SquareSet;
use crate::types::{Color, Piece, Role, Square};

/// The content of one square in a [`Setup`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum SetupCell {
    /// An empty playable square.
    #[default]
    Empty,
    /// A blocked tile (wall or hole).
    Blocked,
    /// A piece.
    Piece(Piece),
}

/// The fields of a FEN, parsed but not yet checked as a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The 64 squares, indexed a1 = 0 ... h8 = 63.
    pub cells: [SetupCell; 64],
    /// The side to move.
    pub turn: Color,
    /// The castling rights as written, as the squares of the rooks that keep them: standard `K`, `Q`,
    /// `k`, `q` are h1, a1, h8, a8; in a Chess960 FEN `K` is the outermost white rook on the king's
    /// right on rank 1 (h1 when there is none) and a file letter is the rook on that file.
    pub castling: SquareSet,
    /// Whether the FEN was read as Chess960 ([`Setup::from_chess960_fen`]): the position built from it
    /// then plays castling with any king and rook files and prints it in Chess960 notation.
    pub chess960: bool,
    /// The en passant square as written.
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The full-move number.
    pub fullmove_number: u32,
}

/// A FEN that cannot be parsed: one variant per field, each with the offending text (cut to 32
/// characters).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseFenError {
    /// Fewer than 4 or more than 6 space-separated fields.
    #[error("expected 4 to 6 space-separated fields, found {0}")]
    FieldCount(usize),
    /// The piece placement field: not 8 ranks of 8 squares of `PNBRQKpnbrqk`, digits and `*`.
    #[error("bad piece placement {0:?}: expected 8 ranks of 8 squares separated by '/'")]
    Placement(String),
    /// The side to move: not `w` or `b`.
    #[error("bad side to move {0:?}: expected 'w' or 'b'")]
    Turn(String),
    /// The castling field: not `-` or a subset of `KQkq` in that order without repeats (Chess960: not
    /// `-` or distinct letters from `KQkq`, `A`-`H` and `a`-`h` naming distinct rooks).
    #[error(
        "bad castling rights {0:?}: expected '-' or letters from 'KQkq' (Chess960: also 'A'-'H', 'a'-'h')"
    )]
    Castling(String),
    /// The en passant field: not `-` or a square on rank 3 or 6.
    #[error("bad en passant square {0:?}: expected '-' or a square on rank 3 or 6")]
    EnPassant(String),
    /// The half-move clock: not a number from 0 to 4294967295.
    #[error("bad half-move clock {0:?}: expected a number of plies")]
    HalfmoveClock(String),
    /// The full-move number: not a number from 1 to 4294967295.
    #[error("bad full-move number {0:?}: expected a number from 1")]
    FullmoveNumber(String),
}

/// A FEN that does not describe a position: either it does not parse, or the position is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text is not a FEN.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// The FEN parses, but the position is not valid under its rule set.
    #[error(transparent)]
    Position(#[from] PositionError),
}

fn clip(s: &str) -> String {
    s.chars().take(32).collect()
}

impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(fen: &str) -> Result<Setup, ParseFenError> {
        parse_fen(fen, false)
    }
}

fn parse_fen(fen: &str, chess960: bool) -> Result<Setup, ParseFenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(ParseFenError::FieldCount(fields.len()));
    }
    let cells = parse_placement(fields[0]).ok_or_else(|| ParseFenError::Placement(clip(fields[0])))?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(ParseFenError::Turn(clip(other))),
    };
    let castling = if chess960 { parse_castling_960(fields[2], &cells) } else { parse_castling(fields[2]) }
        .ok_or_else(|| ParseFenError::Castling(clip(fields[2])))?;
    let ep_square = match fields[3] {
        "-" => None,
        s => match s.parse::<Square>() {
            Ok(sq) if sq.rank().index() == 2 || sq.rank().index() == 5 => Some(sq),
            _ => return Err(ParseFenError::EnPassant(clip(s))),
        },
    };
    let halfmove_clock = match fields.get(4) {
        None => 0,
        Some(s) => parse_number(s).ok_or_else(|| ParseFenError::HalfmoveClock(clip(s)))?,
    };
    let fullmove_number = match fields.get(5) {
        None => 1,
        Some(s) => match parse_number(s) {
            Some(n) if n >= 1 => n,
            _ => return Err(ParseFenError::FullmoveNumber(clip(s))),
        },
    };
    Ok(Setup { cells, turn, castling, chess960, ep_square, halfmove_clock, fullmove_number })
}

fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse_placement(field: &str) -> Option<[SetupCell; 64]> {
    let mut cells = [SetupCell::Empty; 64];
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        let mut last_was_digit = false;
        for c in rank_text.chars() {
            if let Some(n) = c.to_digit(10) {
                if !(1..=8).contains(&n) || last_was_digit {
                    return None;
                }
                file += n as usize;
                last_was_digit = true;
                continue;
            }
            last_was_digit = false;
            let cell = match c {
                '*' => SetupCell::Blocked,
                _ => SetupCell::Piece(Piece::from_char(c)?),
            };
            if file >= 8 {
                return None;
            }
            cells[rank * 8 + file] = cell;
            file += 1;
        }
        if file != 8 {
            return None;
        }
    }
    Some(cells)
}

fn corner(color: Color, king_side: bool) -> Square {
    let file = if king_side { 7 } else { 0 };
    let rank = if color == Color::White { 0 } else { 7 };
    Square::new(rank * 8 + file).expect("in range")
}

fn parse_castling(field: &str) -> Option<SquareSet> {
    if field == "-" {
        return Some(SquareSet::EMPTY);
    }
    let order = "KQkq";
    let mut rooks = SquareSet::EMPTY;
    let mut last = None;
    for c in field.chars() {
        let pos = order.find(c)?;
        if last.is_some_and(|l| pos <= l) {
            return None;
        }
        last = Some(pos);
        rooks.insert(corner(if pos < 2 { Color::White } else { Color::Black }, pos % 2 == 0));
    }
    (!field.is_empty()).then_some(rooks)
}

/// The outermost rook of `color` on its back rank on one side of its king (X-FEN's `K`/`Q`), or the
/// corner when there is no king on the back rank or no such rook.
fn outermost_rook(cells: &[SetupCell; 64], color: Color, king_side: bool) -> Square {
    let rank = if color == Color::White { 0u8 } else { 7 };
    let at = |file: u8| cells[(rank * 8 + file) as usize];
    let king = (0..8u8).find(|&f| at(f) == SetupCell::Piece(Piece::new(color, Role::King)));
    let rook = SetupCell::Piece(Piece::new(color, Role::Rook));
    let found = king.and_then(|k| {
        if king_side { (k + 1..8).rev().find(|&f| at(f) == rook) } else { (0..k).find(|&f| at(f) == rook) }
    });
    match found {
        Some(file) => Square::new(rank * 8 + file).expect("in range"),
        None => corner(color, king_side),
    }
}

fn parse_castling_960(field: &str, cells: &[SetupCell; 64]) -> Option<SquareSet> {
    if field == "-" {
        return Some(SquareSet::EMPTY);
    }
    if field.is_empty() || field.len() > 4 {
        return None;
    }
    let mut rooks = SquareSet::EMPTY;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let sq = match c.to_ascii_lowercase() {
            'k' => outermost_rook(cells, color, true),
            'q' => outermost_rook(cells, color, false),
            f @ 'a'..='h' => {
                let rank = if color == Color::White { 0 } else { 7 };
                Square::new(rank * 8 + (f as u8 - b'a')).expect("in range")
            }
            _ => return None,
        };
        if rooks.contains(sq) {
            return None;
        }
        rooks.insert(sq);
    }
    Some(rooks)
}

impl Setup {
    /// Parses a FEN (4 to 6 fields).
    ///
    /// # Errors
    /// [`ParseFenError`] naming the first bad field.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        fen.parse()
    }

    /// Parses a Chess960 FEN: the castling field may be X-FEN (`KQkq`, the outermost rook on that side
    /// of the king, or a file letter for an inner rook), Shredder-FEN (`HAha`: always the rook's file)
    /// or a mix of both. The setup is marked [`Setup::chess960`].
    ///
    /// ```
    /// use gambit_rules::Setup;
    /// let shredder = Setup::from_chess960_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    /// let xfen = Setup::from_chess960_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9").unwrap();
    /// assert_eq!(shredder, xfen);
    /// assert_eq!(shredder.castling.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["f1", "h1", "f8", "h8"]);
    /// ```
    ///
    /// # Errors
    /// [`ParseFenError`] naming the first bad field.
    pub fn from_chess960_fen(fen: &str) -> Result<Setup, ParseFenError> {
        parse_fen(fen, true)
    }
}

/// How [`Position::to_fen_with`] writes the castling rights of a Chess960 position (a standard
/// position always prints `KQkq`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CastlingNotation {
    /// X-FEN: `K`/`Q`/`k`/`q` when the rook is the outermost one on that side of the king, else its
    /// file letter (upper case for White). A standard start position prints `KQkq`.
    #[default]
    XFen,
    /// Shredder-FEN: always the rook's file letter (`HAha` for the standard start position).
    Shredder,
}

fn placement_of(pos: &Position) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let sq = Square::new(rank * 8 + file).expect("in range");
            let c = if pos.is_blocked(sq) { Some('*') } else { pos.piece_at(sq).map(Piece::char) };
            match c {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

impl Position {
    /// Parses a standard-rules position from a FEN with the checked constructor.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 48);
    /// assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err()); // no kings
    /// ```
    ///
    /// # Errors
    /// [`FenError::Parse`] for text that is not a FEN, [`FenError::Position`] for a position that
    /// cannot occur in a game (see [`Position::problems`]).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, RuleSet::Standard)
    }

    /// Parses a position under `rules` with the checked constructor.
    ///
    /// # Errors
    /// As [`Position::from_fen`].
    pub fn from_fen_with(fen: &str, rules: RuleSet) -> Result<Position, FenError> {
        Ok(Position::from_setup(&Setup::from_fen(fen)?, rules)?)
    }

    /// Parses a position under `rules` with the unchecked constructor
    /// ([`Position::from_setup_unchecked`]).
    ///
    /// # Errors
    /// [`FenError::Parse`], or [`FenError::Position`] for the few structural problems the unchecked
    /// constructor refuses.
    pub fn from_fen_unchecked(fen: &str, rules: RuleSet) -> Result<Position, FenError> {
        Ok(Position::from_setup_unchecked(&Setup::from_fen(fen)?, rules)?)
    }

    /// Parses a Chess960 position ([`Setup::from_chess960_fen`]: X-FEN, Shredder-FEN or mixed castling
    /// rights) with the checked constructor, under standard rules.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let pos = Position::from_chess960_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    /// assert!(pos.is_chess960());
    /// assert_eq!(pos.legal_moves().len(), 21);
    /// assert_eq!(pos.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    /// ```
    ///
    /// # Errors
    /// As [`Position::from_fen`].
    pub fn from_chess960_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(&Setup::from_chess960_fen(fen)?, RuleSet::Standard)?)
    }

    /// The position as a six-field FEN (blocked squares as `*`); castling rights of a Chess960
    /// position in X-FEN ([`CastlingNotation::XFen`]).
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.to_fen_with(CastlingNotation::XFen)
    }

    /// The position as a six-field FEN, a Chess960 position's castling rights in `notation` (a
    /// position that is not [`Position::is_chess960`] always prints `KQkq` letters).
    ///
    /// ```
    /// use gambit_rules::{CastlingNotation, Position};
    /// let pos = Position::chess960_start(518).unwrap();
    /// assert_eq!(pos.to_fen_with(CastlingNotation::Shredder), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    #[must_use]
    pub fn to_fen_with(&self, notation: CastlingNotation) -> String {
        let ep = self.ep_square().map_or_else(|| "-".to_string(), |s| s.to_string());
        let castling = if self.is_chess960() {
            self.castling_field_960(notation)
        } else {
            self.castling_rights().to_string()
        };
        format!(
            "{} {} {} {} {} {}",
            placement_of(self),
            self.turn().fen_char(),
            castling,
            ep,
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }

    fn castling_field_960(&self, notation: CastlingNotation) -> String {
        let mut out = String::new();
        let cells = self.to_setup().cells;
        for color in Color::ALL {
            for king_side in [true, false] {
                let Some(rook) = self.castling_rook(color, king_side) else { continue };
                let outer =
                    notation == CastlingNotation::XFen && rook == outermost_rook(&cells, color, king_side);
                let c = if outer { if king_side { 'k' } else { 'q' } } else { rook.file().char() };
                out.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The position's fields as a [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut cells = [SetupCell::Empty; 64];
        for sq in Square::all() {
            cells[sq.index() as usize] = if self.is_blocked(sq) {
                SetupCell::Blocked
            } else {
                self.piece_at(sq).map_or(SetupCell::Empty, SetupCell::Piece)
            };
        }
        Setup {
            cells,
            turn: self.turn(),
            castling: self.castling_rooks(),
            chess960: self.is_chess960(),
            ep_square: self.ep_square(),
            halfmove_clock: self.halfmove_clock(),
            fullmove_number: self.fullmove_number(),
        }
    }
}
