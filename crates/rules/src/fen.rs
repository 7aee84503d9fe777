//! FEN: Forsyth-Edwards Notation, parsed into a [`Setup`] and printed from a [`Position`].
//!
//! Standard FEN is unchanged (six fields; the last two may be omitted and default to `0 1`). The
//! extension for irregular boards: in the placement field, `*` stands for one blocked square (a wall or
//! hole), as Fairy-Stockfish writes walls. A standard position never prints a `*`.
//!
//! Source: the PGN standard, section 16.1 "FEN" (S. J. Edwards, 1994).

use std::fmt::Write as _;
use std::str::FromStr;

use thiserror::Error;

use crate::position::{CastlingRights, Position, PositionError};
use crate::rules::RuleSet;
use crate::types::{Color, Piece, Square};

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
    /// The castling rights as written.
    pub castling: CastlingRights,
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
    /// The castling field: not `-` or a subset of `KQkq` in that order without repeats.
    #[error("bad castling rights {0:?}: expected '-' or letters from 'KQkq'")]
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
        let castling = parse_castling(fields[2]).ok_or_else(|| ParseFenError::Castling(clip(fields[2])))?;
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
        Ok(Setup { cells, turn, castling, ep_square, halfmove_clock, fullmove_number })
    }
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

fn parse_castling(field: &str) -> Option<CastlingRights> {
    if field == "-" {
        return Some(CastlingRights::NONE);
    }
    let order = "KQkq";
    let mut rights = CastlingRights::NONE;
    let mut last = None;
    for c in field.chars() {
        let pos = order.find(c)?;
        if last.is_some_and(|l| pos <= l) {
            return None;
        }
        last = Some(pos);
        rights = rights.with(CastlingRights::from_bits(1 << pos));
    }
    (!field.is_empty()).then_some(rights)
}

impl Setup {
    /// Parses a FEN (4 to 6 fields).
    ///
    /// # Errors
    /// [`ParseFenError`] naming the first bad field.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        fen.parse()
    }
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

    /// The position as a six-field FEN (blocked squares as `*`).
    #[must_use]
    pub fn to_fen(&self) -> String {
        let ep = self.ep_square().map_or_else(|| "-".to_string(), |s| s.to_string());
        format!(
            "{} {} {} {} {} {}",
            placement_of(self),
            self.turn().fen_char(),
            self.castling_rights(),
            ep,
            self.halfmove_clock(),
            self.fullmove_number()
        )
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
            castling: self.castling_rights(),
            ep_square: self.ep_square(),
            halfmove_clock: self.halfmove_clock(),
            fullmove_number: self.fullmove_number(),
        }
    }
}
