//! PGN (Portable Game Notation): reading games (tags, SAN moves checked against the rules, comments,
//! NAGs, variations kept or skipped, several games per text) and writing them.
//!
//! Reading is strict about what it cannot understand and lenient about what does not matter: every
//! move must be legal SAN in its position (an error names the line), while move numbers are skipped
//! unchecked and a game may end without a result token at the end of the text. `%` escape lines and
//! `;` comments are read; `;` comments are kept like `{}` comments.
//!
//! Source: the PGN standard (S. J. Edwards, 1994): sections 8.1 (tag pairs), 8.2 (movetext, move
//! numbers, NAGs, RAV variations, termination markers), 16.1 (FEN tags); `Variant "Chess960"` as
//! written by Lichess and python-chess. Why not the `pgn-reader` crate: it is GPL-3.0 (this crate is
//! MIT OR Apache-2.0), depends on a second chess library for its move type, and reports no line
//! numbers.

use std::fmt;

use thiserror::Error;

use crate::fen::{FenError, Setup};
use crate::moves::Move;
use crate::notation::ParseSanError;
use crate::outcome::Outcome;
use crate::position::{Position, STARTING_FEN};
use crate::rules::RuleSet;
use crate::types::Color;

/// A game's result, as in the `Result` tag and the termination marker.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum PgnResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished, unknown or abandoned.
    #[default]
    Unfinished,
}

impl PgnResult {
    /// The marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unfinished => "*",
        }
    }

    /// The result of a finished game's outcome (`None`: `*`).
    #[must_use]
    pub fn from_outcome(outcome: Option<Outcome>) -> PgnResult {
        match outcome.and_then(Outcome::winner) {
            Some(Color::White) => PgnResult::WhiteWins,
            Some(Color::Black) => PgnResult::BlackWins,
            None if outcome.is_some() => PgnResult::Draw,
            None => PgnResult::Unfinished,
        }
    }

    fn parse(text: &str) -> Option<PgnResult> {
        Some(match text {
            "1-0" => PgnResult::WhiteWins,
            "0-1" => PgnResult::BlackWins,
            "1/2-1/2" => PgnResult::Draw,
            "*" => PgnResult::Unfinished,
            _ => return None,
        })
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A sequence of moves: the main line of a game, or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnLine {
    /// Comments before the line's first move (a game's opening comment).
    pub comments: Vec<String>,
    /// The moves, each legal in the position the previous one left.
    pub moves: Vec<PgnMove>,
}

/// One move of a [`PgnLine`], with what the text said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move.
    pub mv: Move,
    /// Its SAN as this crate writes it (with `+`/`#`; the reader normalises `0-0`, `Ng1f3`, ...).
    pub san: String,
    /// Numeric annotation glyphs (`$1`, and `!` `?` `!!` `??` `!?` `?!` read as 1 to 6).
    pub nags: Vec<u8>,
    /// Comments after the move, without their braces and surrounding spaces.
    pub comments: Vec<String>,
    /// Variations: alternatives to this move, each starting from the position before it (kept only
    /// with [`Variations::Keep`]).
    pub variations: Vec<PgnLine>,
}

/// A game read from PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the order they were written.
    pub tags: Vec<(String, String)>,
    /// The position before the first move: from the `FEN` tag (read as Chess960 with `Variant
    /// "Chess960"`), else the standard start.
    pub start: Position,
    /// The moves.
    pub mainline: PgnLine,
    /// The termination marker (`*` when the text ended without one).
    pub result: PgnResult,
}

impl PgnGame {
    /// The value of a tag, if present (the first one of that name).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The position after the main line.
    #[must_use]
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.mainline.moves {
            pos.play_unchecked(m.mv);
        }
        pos
    }

    /// The game as PGN text: the tags in order (plus `SetUp`/`FEN`, and `Variant` for Chess960, when
    /// the start is not the standard position and they are missing), a blank line, the movetext with
    /// comments as `{ text }`, NAGs as `$n` and variations in parentheses, and the result; lines
    /// wrapped at `line_width` columns (`None`: the movetext on one line). Ends with a newline.
    #[must_use]
    pub fn to_pgn(&self, line_width: Option<usize>) -> String {
        let mut w = PgnWriter::new(&self.start);
        for (name, value) in &self.tags {
            w.tag(name, value);
        }
        for c in &self.mainline.comments {
            w.comment(c);
        }
        write_line(&mut w, &self.mainline.moves);
        w.finish(self.result, line_width)
    }
}

fn write_line(w: &mut PgnWriter, moves: &[PgnMove]) {
    for m in moves {
        w.play_with_san(m.mv, &m.san);
        for &nag in &m.nags {
            w.nag(nag);
        }
        for c in &m.comments {
            w.comment(c);
        }
        for v in &m.variations {
            w.begin_variation();
            for c in &v.comments {
                w.comment(c);
            }
            write_line(w, &v.moves);
            w.end_variation();
        }
    }
}

/// Whether the reader keeps variations or skips them (skipped ones are not checked for legality).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variations {
    /// Read only the main line; variations are passed over.
    #[default]
    Skip,
    /// Keep every variation, its moves checked like the main line's.
    Keep,
}

/// Why PGN text could not be read, with the 1-based line where it happened.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("PGN line {line}: {kind}")]
pub struct PgnError {
    /// The line (1-based) of the offending text.
    pub line: usize,
    /// What was wrong.
    pub kind: PgnErrorKind,
}

/// What was wrong in a [`PgnError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnErrorKind {
    /// A tag pair that is not `[Name "value"]` on one line.
    #[error("bad tag pair {0:?}: expected [Name \"value\"]")]
    BadTag(String),
    /// A `{` comment with no closing `}`.
    #[error("comment not closed with }}")]
    UnterminatedComment,
    /// A `)` with no open variation, or a game that ended inside one.
    #[error("unbalanced parentheses")]
    UnbalancedVariation,
    /// A variation, NAG or move-level comment where no move precedes it.
    #[error("{0} before any move")]
    NothingToAnnotate(&'static str),
    /// A `$` NAG that is not a number from 0 to 255.
    #[error("bad NAG {0:?}: expected $0 to $255")]
    BadNag(String),
    /// A token that is not PGN movetext.
    #[error("unexpected {0:?}")]
    Unexpected(String),
    /// The `FEN` tag does not describe a position.
    #[error("bad FEN tag: {0}")]
    BadFen(FenError),
    /// A move that does not parse or is not legal where it stands.
    #[error("move {number}{dots} {san}: {error}", dots = if *white { "." } else { "..." })]
    IllegalMove {
        /// The full-move number of the position it was played in.
        number: u32,
        /// Whether White was to move.
        white: bool,
        /// The text of the move.
        san: String,
        /// Why it was refused.
        error: ParseSanError,
    },
}

/// Reads every game of `text`.
///
/// ```
/// use gambit_rules::{read_pgn, Variations};
/// let text = "[White \"Morphy\"]\n\n1. e4 e5 2. Nf3 d6 {Philidor} 3. d4 (3. Bc4) Bg4 $2 1-0\n\n1. d4 *";
/// let games = read_pgn(text, Variations::Keep).unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].tag("White"), Some("Morphy"));
/// let moves = &games[0].mainline.moves;
/// assert_eq!(moves[3].comments, ["Philidor"]);
/// assert_eq!(moves[4].variations[0].moves[0].san, "Bc4");
/// assert_eq!(moves[5].nags, [2]);
/// assert!(read_pgn("1. e4 e5 2. Ke3", Variations::Skip).unwrap_err().to_string().starts_with("PGN line 1:"));
/// ```
///
/// # Errors
/// The first [`PgnError`].
pub fn read_pgn(text: &str, variations: Variations) -> Result<Vec<PgnGame>, PgnError> {
    PgnReader::new(text, variations).collect()
}

/// The games of a PGN text one by one. After an error the reader goes on with the next game (the
/// next line starting with `[` after a blank line).
#[derive(Clone, Debug)]
pub struct PgnReader<'a> {
    lexer: Lexer<'a>,
    variations: Variations,
}

impl<'a> PgnReader<'a> {
    /// A reader over `text`.
    #[must_use]
    pub fn new(text: &'a str, variations: Variations) -> PgnReader<'a> {
        PgnReader { lexer: Lexer { text, at: 0, line: 1, line_start: true }, variations }
    }
}

impl Iterator for PgnReader<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Result<PgnGame, PgnError>> {
        self.lexer.skip_space();
        if self.lexer.at >= self.lexer.text.len() {
            return None;
        }
        let result = read_game(&mut self.lexer, self.variations);
        if result.is_err() {
            self.lexer.skip_to_next_game();
        }
        Some(result)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    Tag(String, String),
    Comment(String),
    Open,
    Close,
    Nag(u8),
    Symbol(&'a str),
}

#[derive(Clone, Debug)]
struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    /// Whether nothing but spaces stands between the start of the line and `at` (for `%` lines).
    line_start: bool,
}

impl<'a> Lexer<'a> {
    fn err(&self, kind: PgnErrorKind) -> PgnError {
        PgnError { line: self.line, kind }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.at += 1;
        if c == b'\n' {
            self.line += 1;
            self.line_start = true;
        } else if !c.is_ascii_whitespace() {
            self.line_start = false;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_ascii_whitespace() {
                self.bump();
            } else if c == b'%' && self.line_start {
                while self.peek().is_some_and(|c| c != b'\n') {
                    self.bump();
                }
            } else {
                break;
            }
        }
    }

    fn skip_to_next_game(&mut self) {
        let mut blank = false;
        loop {
            let Some(c) = self.peek() else { return };
            if c == b'[' && self.line_start && blank {
                return;
            }
            if c == b'\n' {
                let rest = &self.text[self.at + 1..];
                let line_end = rest.find('\n').unwrap_or(rest.len());
                if rest[..line_end].trim().is_empty() {
                    blank = true;
                }
            }
            self.bump();
        }
    }

    /// The next token, or `None` at the end of the text.
    fn next(&mut self) -> Result<Option<Token<'a>>, PgnError> {
        self.skip_space();
        let Some(c) = self.peek() else { return Ok(None) };
        let start = self.at;
        Ok(Some(match c {
            b'[' => {
                let line_end = self.text[start..].find('\n').map_or(self.text.len(), |i| start + i);
                let raw = &self.text[start..line_end];
                let (tag, len) =
                    parse_tag(raw).ok_or_else(|| self.err(PgnErrorKind::BadTag(clip(raw.trim_end()))))?;
                for _ in 0..len {
                    self.bump();
                }
                tag
            }
            b'{' => {
                self.bump();
                let close = self.text[self.at..]
                    .find('}')
                    .ok_or_else(|| self.err(PgnErrorKind::UnterminatedComment))?;
                let body = &self.text[self.at..self.at + close];
                while self.at < start + 1 + close + 1 {
                    self.bump();
                }
                Token::Comment(body.trim().to_string())
            }
            b';' => {
                let line_end = self.text[start..].find('\n').map_or(self.text.len(), |i| start + i);
                let body = &self.text[start + 1..line_end];
                while self.at < line_end {
                    self.bump();
                }
                Token::Comment(body.trim().to_string())
            }
            b'(' => {
                self.bump();
                Token::Open
            }
            b')' => {
                self.bump();
                Token::Close
            }
            b'$' => {
                self.bump();
                let digits_start = self.at;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.bump();
                }
                let digits = &self.text[digits_start..self.at];
                let nag = digits.parse::<u8>().map_err(|_| self.err(PgnErrorKind::BadNag(clip(digits))))?;
                Token::Nag(nag)
            }
            _ => {
                while self.peek().is_some_and(|c| !c.is_ascii_whitespace() && !b"{}()[];$\"".contains(&c)) {
                    self.bump();
                }
                if self.at == start {
                    // A lone `"`, `]` or `}`, or a non-ASCII byte that is not part of a symbol.
                    let ch = self.text[start..].chars().next().unwrap_or('?');
                    return Err(self.err(PgnErrorKind::Unexpected(ch.to_string())));
                }
                Token::Symbol(&self.text[start..self.at])
            }
        }))
    }
}

fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

/// `[Name "value"]` at the start of `raw`: the tag and its length in bytes.
fn parse_tag(raw: &str) -> Option<(Token<'static>, usize)> {
    let bytes = raw.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    let name_start = i;
    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
        i += 1;
    }
    let name = &raw[name_start..i];
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    if name.is_empty() || bytes.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    let mut value = String::new();
    loop {
        let c = raw[i..].chars().next()?;
        match c {
            '"' => {
                i += 1;
                break;
            }
            '\\' => {
                let next = raw[i + 1..].chars().next()?;
                value.push(next);
                i += 1 + next.len_utf8();
            }
            _ => {
                value.push(c);
                i += c.len_utf8();
            }
        }
    }
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    if bytes.get(i) != Some(&b']') {
        return None;
    }
    Some((Token::Tag(name.to_string(), value), i + 1))
}

/// Annotation suffixes and their NAG numbers.
const SUFFIXES: [(&str, u8); 6] = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)];

/// One line being read: its moves so far and the position after them.
struct Frame {
    line: PgnLine,
    pos: Position,
    /// The position before the last move (where a variation of it starts).
    before_last: Option<Position>,
}

fn start_position(tags: &[(String, String)], line: usize) -> Result<Position, PgnError> {
    let find = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    let chess960 = find("Variant")
        .is_some_and(|v| v.eq_ignore_ascii_case("chess960") || v.eq_ignore_ascii_case("fischerandom"));
    let fen = find("FEN");
    let err = |e: FenError| PgnError { line, kind: PgnErrorKind::BadFen(e) };
    let mut pos = match fen {
        Some(fen) if chess960 => Position::from_setup(
            &Setup::from_chess960_fen(fen).map_err(|e| err(e.into()))?,
            RuleSet::Standard,
        )
        .map_err(|e| err(e.into()))?,
        Some(fen) => Position::from_fen(fen).map_err(err)?,
        None => Position::startpos(),
    };
    if chess960 {
        pos.set_chess960(true).map_err(|e| err(e.into()))?;
    }
    Ok(pos)
}

fn read_game(lexer: &mut Lexer<'_>, variations: Variations) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut skipping = 0usize;
    let mut start = None;
    // Comments before the movetext (between or after the tags) open the main line.
    let mut opening_comments = Vec::new();
    loop {
        let before = lexer.clone();
        let Some(token) = lexer.next()? else { break };
        if let Token::Tag(name, value) = &token {
            if start.is_some() {
                // The next game's tags: this game ended without a result marker.
                *lexer = before;
                break;
            }
            tags.push((name.clone(), value.clone()));
            continue;
        }
        if start.is_none() {
            if let Token::Comment(text) = token {
                opening_comments.push(text);
                continue;
            }
            let pos = start_position(&tags, lexer.line)?;
            start = Some(pos.clone());
            let line = PgnLine { comments: std::mem::take(&mut opening_comments), moves: Vec::new() };
            frames.push(Frame { line, pos, before_last: None });
        }
        if skipping > 0 {
            match token {
                Token::Open => skipping += 1,
                Token::Close => skipping -= 1,
                Token::Symbol(s) if PgnResult::parse(s).is_some() => {
                    return Err(lexer.err(PgnErrorKind::UnbalancedVariation));
                }
                _ => {}
            }
            continue;
        }
        let frame = frames.last_mut().expect("a line is open");
        match token {
            Token::Tag(..) => unreachable!("handled above"),
            Token::Comment(text) => match frame.line.moves.last_mut() {
                Some(m) => m.comments.push(text),
                None => frame.line.comments.push(text),
            },
            Token::Nag(nag) => match frame.line.moves.last_mut() {
                Some(m) => m.nags.push(nag),
                None => return Err(lexer.err(PgnErrorKind::NothingToAnnotate("a NAG"))),
            },
            Token::Open => {
                let Some(before) = frame.before_last.clone() else {
                    return Err(lexer.err(PgnErrorKind::NothingToAnnotate("a variation")));
                };
                match variations {
                    Variations::Skip => skipping = 1,
                    Variations::Keep => {
                        frames.push(Frame { line: PgnLine::default(), pos: before, before_last: None })
                    }
                }
            }
            Token::Close => {
                if frames.len() < 2 {
                    return Err(lexer.err(PgnErrorKind::UnbalancedVariation));
                }
                let done = frames.pop().expect("checked");
                let parent = frames.last_mut().expect("checked");
                parent.line.moves.last_mut().expect("a variation follows a move").variations.push(done.line);
            }
            Token::Symbol(symbol) => {
                if let Some(result) = PgnResult::parse(symbol) {
                    if frames.len() > 1 {
                        return Err(lexer.err(PgnErrorKind::UnbalancedVariation));
                    }
                    let frame = frames.pop().expect("one line");
                    return Ok(PgnGame { tags, start: start.expect("set"), mainline: frame.line, result });
                }
                read_symbol(lexer, frame, symbol)?;
            }
        }
    }
    if frames.len() > 1 || skipping > 0 {
        return Err(lexer.err(PgnErrorKind::UnbalancedVariation));
    }
    let start = match start {
        Some(s) => s,
        None => start_position(&tags, lexer.line)?,
    };
    let mainline = frames.pop().map_or(PgnLine { comments: opening_comments, moves: Vec::new() }, |f| f.line);
    Ok(PgnGame { tags, start, mainline, result: PgnResult::Unfinished })
}

/// A move, a move number, or a move with its number glued on (`1.e4`), with annotation suffixes.
fn read_symbol(lexer: &Lexer<'_>, frame: &mut Frame, symbol: &str) -> Result<(), PgnError> {
    let digits = symbol.bytes().take_while(u8::is_ascii_digit).count();
    let mut rest = symbol;
    if digits > 0 && symbol[digits..].starts_with('.') {
        rest = symbol[digits..].trim_start_matches('.');
    } else if digits == symbol.len() {
        // A bare move number without its dot.
        return Ok(());
    }
    if rest.is_empty() || rest.chars().all(|c| c == '.') {
        return Ok(());
    }
    // Annotation glyphs alone (`e4 !`) or glued on (`e4!?`).
    let mut nags = Vec::new();
    let mut san = rest;
    while let Some(&(suffix, nag)) = SUFFIXES.iter().find(|(s, _)| san.ends_with(s)) {
        nags.insert(0, nag);
        san = &san[..san.len() - suffix.len()];
    }
    if san.is_empty() {
        return match frame.line.moves.last_mut() {
            Some(m) => {
                m.nags.extend(nags);
                Ok(())
            }
            None => Err(lexer.err(PgnErrorKind::NothingToAnnotate("an annotation"))),
        };
    }
    let pos = &frame.pos;
    let mv = pos.parse_san(san).map_err(|error| {
        lexer.err(PgnErrorKind::IllegalMove {
            number: pos.fullmove_number(),
            white: pos.turn() == Color::White,
            san: clip(rest),
            error,
        })
    })?;
    let san = pos.san(mv);
    frame.before_last = Some(frame.pos.clone());
    frame.pos.play_unchecked(mv);
    frame.line.moves.push(PgnMove { mv, san, nags, comments: Vec::new(), variations: Vec::new() });
    Ok(())
}

/// Writes one game as PGN, following a position: [`PgnWriter::play`] turns each move into SAN with
/// its move number; comments, NAGs and variations go where they are written; a board edit outside
/// the rules (a skill's teleport) continues the numbering from the new position
/// ([`PgnWriter::set_position`]).
///
/// ```
/// use gambit_rules::{PgnResult, PgnWriter, Position};
/// let start = Position::startpos();
/// let mut w = PgnWriter::new(&start);
/// w.tag("White", "Player");
/// for san in ["e4", "e5", "Nf3"] {
///     let m = w.position().parse_san(san).unwrap();
///     w.play(m).unwrap();
/// }
/// w.nag(1);
/// w.comment("a comment");
/// assert_eq!(w.finish(PgnResult::Unfinished, None), "[White \"Player\"]\n\n1. e4 e5 2. Nf3 $1 { a comment } *\n");
/// ```
#[derive(Clone, Debug)]
pub struct PgnWriter {
    start: Position,
    tags: Vec<(String, String)>,
    tokens: Vec<String>,
    /// The position after the last move of each open line; the one before it, for variations.
    lines: Vec<(Position, Option<Position>)>,
    /// Whether the next Black move needs its number (`3...`): at the start, after a comment or a
    /// variation (PGN standard, 8.2.2.2).
    number_black: bool,
}

impl PgnWriter {
    /// A writer for a game starting at `start`.
    #[must_use]
    pub fn new(start: &Position) -> PgnWriter {
        PgnWriter {
            start: start.clone(),
            tags: Vec::new(),
            tokens: Vec::new(),
            lines: vec![(start.clone(), None)],
            number_black: true,
        }
    }

    /// Adds a tag pair (written in the order added; a `"` or `\` in the value is escaped).
    pub fn tag(&mut self, name: &str, value: &str) {
        self.tags.push((name.to_string(), value.to_string()));
    }

    /// The position after the moves written so far (in the open variation, if any).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.lines.last().expect("a line").0
    }

    /// Writes a legal move of [`PgnWriter::position`] as SAN.
    ///
    /// # Errors
    /// [`crate::IllegalMoveError`] when the move is not legal there; nothing is written.
    pub fn play(&mut self, m: Move) -> Result<(), crate::IllegalMoveError> {
        let pos = self.position();
        if !pos.legal_moves().contains(&m) {
            return Err(crate::IllegalMoveError { mv: m.to_uci(), fen: pos.to_fen() });
        }
        let san = pos.san(m);
        self.play_with_san(m, &san);
        Ok(())
    }

    fn play_with_san(&mut self, m: Move, san: &str) {
        let (pos, before) = self.lines.last_mut().expect("a line");
        if pos.turn() == Color::White {
            self.tokens.push(format!("{}.", pos.fullmove_number()));
        } else if self.number_black {
            self.tokens.push(format!("{}...", pos.fullmove_number()));
        }
        self.tokens.push(san.to_string());
        *before = Some(pos.clone());
        pos.play_unchecked(m);
        self.number_black = false;
    }

    /// Continues from `position` (after a board edit no move expresses): later moves are numbered
    /// and written from it.
    pub fn set_position(&mut self, position: Position) {
        *self.lines.last_mut().expect("a line") = (position, None);
        self.number_black = true;
    }

    /// Writes a comment as `{ text }` (a `}` in the text is replaced by `)`).
    pub fn comment(&mut self, text: &str) {
        self.tokens.push(format!("{{ {} }}", text.replace('}', ")")));
        self.number_black = true;
    }

    /// Writes a comment before the first move, however many moves were written already (a note on the
    /// starting position).
    pub fn comment_before_moves(&mut self, text: &str) {
        self.tokens.insert(0, format!("{{ {} }}", text.replace('}', ")")));
    }

    /// Writes a NAG as `$n`.
    pub fn nag(&mut self, nag: u8) {
        self.tokens.push(format!("${nag}"));
    }

    /// Opens a variation: an alternative to the last move written, from the position before it. A
    /// call with no move written yet does nothing.
    pub fn begin_variation(&mut self) {
        let Some(before) = self.lines.last().expect("a line").1.clone() else { return };
        self.tokens.push("(".to_string());
        self.lines.push((before, None));
        self.number_black = true;
    }

    /// Closes the open variation (nothing without one).
    pub fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.lines.pop();
            self.tokens.push(")".to_string());
            self.number_black = true;
        }
    }

    /// The PGN text: tags (adding `SetUp "1"` and `FEN`, and `Variant "Chess960"` for a Chess960
    /// start, when the start is not the standard position and they were not given), a blank line,
    /// the movetext closed with `result` (open variations closed first), wrapped at `line_width`
    /// columns (`None`: one line), and a final newline.
    #[must_use]
    pub fn finish(mut self, result: PgnResult, line_width: Option<usize>) -> String {
        while self.lines.len() > 1 {
            self.end_variation();
        }
        let has = |tags: &[(String, String)], name: &str| tags.iter().any(|(n, _)| n == name);
        if self.start.is_chess960() && !has(&self.tags, "Variant") {
            self.tags.push(("Variant".into(), "Chess960".into()));
        }
        let fen = self.start.to_fen();
        if (fen != STARTING_FEN || self.start.is_chess960()) && !has(&self.tags, "FEN") {
            if !has(&self.tags, "SetUp") {
                self.tags.push(("SetUp".into(), "1".into()));
            }
            self.tags.push(("FEN".into(), fen));
        }
        let mut out = String::new();
        for (name, value) in &self.tags {
            out.push_str(&format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\"")));
        }
        out.push('\n');
        self.tokens.push(result.as_str().to_string());
        let mut line_len = 0;
        for (i, token) in self.tokens.iter().enumerate() {
            let glue = i > 0 && self.tokens[i - 1] != "(" && token != ")";
            if glue {
                if line_width.is_some_and(|w| line_len + 1 + token.len() > w) {
                    out.push('\n');
                    line_len = 0;
                } else {
                    out.push(' ');
                    line_len += 1;
                }
            }
            out.push_str(token);
            line_len += token.len();
        }
        out.push('\n');
        out
    }
}
