//! Move notation: UCI long algebraic and SAN (Standard Algebraic Notation).
//!
//! Sources: the UCI protocol description (S. Meyer-Kahlen, 2004) for `e2e4`/`e7e8q`/`e1g1`; the PGN
//! standard, section 8.2.3 "Movetext SAN" (S. J. Edwards, 1994) for SAN.

use thiserror::Error;

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{File, Rank, Role, Square};

/// A UCI move that does not parse or is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseUciError {
    /// Not of the form `e2e4` or `e7e8q`.
    #[error(
        "bad UCI move {0:?}: expected a from square, a to square and an optional promotion (e2e4, e7e8q)"
    )]
    Syntax(String),
    /// Well formed, but no legal move matches.
    #[error("illegal move {0}")]
    Illegal(String),
}

/// A SAN move that does not parse, matches no legal move, or matches more than one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseSanError {
    /// Not SAN (for example `Nf9`, `e4e5`, `O-O-O-O`).
    #[error("bad SAN move {0:?}: expected moves such as e4, Nf3, exd5, e8=Q, O-O")]
    Syntax(String),
    /// Well formed, but no legal move matches.
    #[error("illegal move {0}")]
    Illegal(String),
    /// More than one legal move matches (missing disambiguation).
    #[error("ambiguous move {0}: add the file or rank of the piece that moves")]
    Ambiguous(String),
}

fn clip(s: &str) -> String {
    s.chars().take(32).collect()
}

/// A parsed SAN token before it is matched against the legal moves.
struct SanToken {
    castle: Option<bool>,
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Option<Square>,
    promotion: Option<Role>,
}

fn parse_san_token(text: &str) -> Option<SanToken> {
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let castle = match core {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    if castle.is_some() {
        return Some(SanToken {
            castle,
            role: Role::King,
            from_file: None,
            from_rank: None,
            capture: false,
            to: None,
            promotion: None,
        });
    }
    if !core.is_ascii() || core.len() < 2 {
        return None;
    }
    let mut rest = core;
    // Promotion suffix: "=Q" or a bare "Q" after the rank digit.
    let mut promotion = None;
    let bytes = rest.as_bytes();
    let last = bytes[bytes.len() - 1] as char;
    if matches!(last, 'N' | 'B' | 'R' | 'Q' | 'n' | 'b' | 'r' | 'q')
        && bytes.len() >= 3
        && (bytes[bytes.len() - 2] == b'=' || bytes[bytes.len() - 2].is_ascii_digit())
    {
        promotion = Role::from_char(last);
        rest = &rest[..rest.len() - 1];
        rest = rest.strip_suffix('=').unwrap_or(rest);
    }
    if rest.len() < 2 {
        return None;
    }
    let to: Square = rest[rest.len() - 2..].parse().ok()?;
    rest = &rest[..rest.len() - 2];
    let capture = rest.ends_with('x') || rest.ends_with(':');
    if capture {
        rest = &rest[..rest.len() - 1];
    }
    let mut chars = rest.chars().peekable();
    let role = match chars.peek() {
        Some(&c) if matches!(c, 'N' | 'B' | 'R' | 'Q' | 'K') => {
            chars.next();
            Role::from_char(c)?
        }
        Some('P') => {
            chars.next();
            Role::Pawn
        }
        _ => Role::Pawn,
    };
    let mut from_file = None;
    let mut from_rank = None;
    for c in chars {
        if let Some(f) = File::from_char(c) {
            if from_file.is_some() || from_rank.is_some() {
                return None;
            }
            from_file = Some(f);
        } else if let Some(r) = Rank::from_char(c) {
            if from_rank.is_some() {
                return None;
            }
            from_rank = Some(r);
        } else {
            return None;
        }
    }
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    Some(SanToken { castle: None, role, from_file, from_rank, capture, to: Some(to), promotion })
}

impl Position {
    /// Parses a move in UCI notation against this position: `e2e4`, `e7e8q`, castling as the king
    /// taking its own rook (`e1h1`, the Chess960 form, always accepted) or, outside Chess960 mode, as the
    /// king's two-square move `e1g1`. Under skirmish rules the promotion letter may be left out (the
    /// rule set decides the promotion).
    ///
    /// # Errors
    /// [`ParseUciError::Syntax`] for text that is not a UCI move, [`ParseUciError::Illegal`] when no
    /// legal move matches.
    pub fn parse_uci(&self, text: &str) -> Result<Move, ParseUciError> {
        let t = text.trim();
        let syntax = || ParseUciError::Syntax(clip(text));
        if !t.is_ascii() || !(4..=5).contains(&t.len()) {
            return Err(syntax());
        }
        let from: Square = t[0..2].parse().map_err(|_| syntax())?;
        let to: Square = t[2..4].parse().map_err(|_| syntax())?;
        let promotion = match t.as_bytes().get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
                _ => return Err(syntax()),
            },
        };
        let standard = self.rules().is_standard();
        let chess960 = self.is_chess960();
        self.legal_moves()
            .into_iter()
            .find(|m| {
                if m.is_castle() {
                    let rook = self.castling_rook(self.turn(), m.kind == MoveKind::CastleKingSide);
                    return promotion.is_none()
                        && m.from == from
                        && (Some(to) == rook || (!chess960 && m.to == to));
                }
                m.from == from
                    && m.to == to
                    && (m.promotion == promotion
                        || (!standard && promotion.is_none() && m.promotion.is_some()))
            })
            .ok_or_else(|| ParseUciError::Illegal(clip(t)))
    }

    /// A legal move of this position in UCI notation: [`Move::to_uci`], except that castling is written
    /// as the king taking its own rook (`e1h1`) in Chess960 mode ([`Position::is_chess960`]), as UCI
    /// front ends do with the option `UCI_Chess960`.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let castle = pos.parse_san("O-O").unwrap();
    /// assert_eq!(pos.uci(castle), "e1g1");
    /// pos.set_chess960(true).unwrap();
    /// assert_eq!(pos.uci(castle), "e1h1");
    /// assert_eq!(pos.parse_uci("e1h1").unwrap(), castle);
    /// ```
    #[must_use]
    pub fn uci(&self, m: Move) -> String {
        if m.is_castle()
            && self.is_chess960()
            && let Some(rook) = self.castling_rook(self.turn(), m.kind == MoveKind::CastleKingSide)
        {
            return format!("{}{}", m.from, rook);
        }
        m.to_uci()
    }

    /// Parses a move in SAN against this position: `e4`, `Nf3`, `exd5`, `Nbd2`, `R1e2`, `e8=Q`, `O-O`,
    /// with optional `+`, `#`, `!`, `?` suffixes. A capture written without `x` is accepted; an `x` on a
    /// move that captures nothing is not.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_san("Nf3").unwrap().to_uci(), "g1f3");
    /// assert!(pos.parse_san("Nf4").is_err());
    /// ```
    ///
    /// # Errors
    /// [`ParseSanError::Syntax`], [`ParseSanError::Illegal`] or [`ParseSanError::Ambiguous`].
    pub fn parse_san(&self, text: &str) -> Result<Move, ParseSanError> {
        let t = text.trim();
        let token = parse_san_token(t).ok_or_else(|| ParseSanError::Syntax(clip(text)))?;
        let standard = self.rules().is_standard();
        let mut found: Option<Move> = None;
        for m in self.legal_moves() {
            let matches = match token.castle {
                Some(king_side) => {
                    m.kind == if king_side { MoveKind::CastleKingSide } else { MoveKind::CastleQueenSide }
                }
                None => {
                    !m.is_castle()
                        && m.role == token.role
                        && Some(m.to) == token.to
                        && token.from_file.is_none_or(|f| m.from.file() == f)
                        && token.from_rank.is_none_or(|r| m.from.rank() == r)
                        && (!token.capture || m.is_capture())
                        && (m.promotion == token.promotion
                            || (!standard && token.promotion.is_none() && m.promotion.is_some()))
                }
            };
            if matches {
                if found.is_some() {
                    return Err(ParseSanError::Ambiguous(clip(t)));
                }
                found = Some(m);
            }
        }
        found.ok_or_else(|| ParseSanError::Illegal(clip(t)))
    }

    /// Parses a move written in UCI or SAN (UCI is tried first).
    ///
    /// # Errors
    /// The SAN error when neither form matches a legal move.
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseSanError> {
        if let Ok(m) = self.parse_uci(text) {
            return Ok(m);
        }
        self.parse_san(text)
    }

    /// The SAN of a legal move of this position, with `+` or `#` under standard rules.
    ///
    /// ```
    /// use gambit_rules::Position;
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R6K w - - 0 1").unwrap();
    /// let m = pos.parse_uci("a1a8").unwrap();
    /// assert_eq!(pos.san(m), "Ra8#");
    /// ```
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        let mut out = self.san_without_suffix(m);
        if self.rules().is_standard() {
            let mut after = self.clone();
            after.play_unchecked(m);
            if after.is_check() {
                out.push(if after.legal_moves().is_empty() { '#' } else { '+' });
            }
        }
        out
    }

    fn san_without_suffix(&self, m: Move) -> String {
        match m.kind {
            MoveKind::CastleKingSide => return "O-O".to_string(),
            MoveKind::CastleQueenSide => return "O-O-O".to_string(),
            _ => {}
        }
        let mut out = String::with_capacity(8);
        if m.role == Role::Pawn {
            if m.is_capture() {
                out.push(m.from.file().char());
            }
        } else {
            out.push(m.role.upper_char());
            let rivals: Vec<Move> = self
                .legal_moves()
                .into_iter()
                .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from)
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|o| o.from.file() != m.from.file()) {
                    out.push(m.from.file().char());
                } else if rivals.iter().all(|o| o.from.rank() != m.from.rank()) {
                    out.push(m.from.rank().char());
                } else {
                    out.push(m.from.file().char());
                    out.push(m.from.rank().char());
                }
            }
        }
        if m.is_capture() {
            out.push('x');
        }
        out.push_str(&m.to.to_string());
        if let Some(role) = m.promotion {
            out.push('=');
            out.push(role.upper_char());
        }
        out
    }
}
