//! PGN (Portable Game Notation): reading games (tags, SAN moves checked against the rules, comments,
//! NAGs, variations kept or skipped, several games per text) and writing them.
//!
//! Reading is strict about what it cannot understand and lenient about what does not matter: every
//! move must be legal SAN in its position (an error names its `line:column`), while move numbers are
//! skipped unchecked and a game may end without a result token at the end of the text. `%` escape
//! lines and `;` comments are read; `;` comments are kept like `{}` comments. Files as other programs
//! write them are read: bytes in UTF-8 (with or without a byte-order mark) or Windows-1252
//! ([`decode_pgn`], [`read_pgn_bytes`]), any Unicode space between tokens (a no-break space, tabs, CRLF
//! line ends), every common spelling of the Chess960 variant, and Chess960 games given by their `FEN`
//! tag alone. The reader holds one whole text in memory (no streaming from [`std::io::Read`]).
//!
//! Nesting costs no stack: reading, writing ([`PgnGame::to_pgn`]), cloning, comparing, formatting
//! with `Debug` and dropping a game walk its variations with an explicit stack, so a million nested
//! variations are handled on a thread with a 256 KiB stack.
//!
//! Source: the PGN standard (S. J. Edwards, 1994): sections 4.1 (ISO 8859-1 text), 8.1 (tag pairs),
//! 8.2 (movetext, move numbers, NAGs, RAV variations, termination markers), 16.1 (FEN tags); the
//! Chess960 variant names as python-chess reads them. Why not the `pgn-reader` crate: it is GPL-3.0
//! (this crate is MIT OR Apache-2.0), depends on a second chess library for its move type, and reports
//! no line numbers.

use std::borrow::Cow;
use std::fmt;

use thiserror::Error;

use crate::fen::FenError;
use crate::moves::Move;
use crate::notation::ParseSanError;
use crate::outcome::Outcome;
use crate::position::{Position, STARTING_FEN};
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
///
/// `Clone`, `PartialEq`, `Debug` and `Drop` walk the variations with an explicit stack instead of
/// recursion, so however deep the nesting they need no more than a few hundred bytes of stack.
#[derive(Default, Eq)]
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

/// One step of a depth-first walk over a line and its variations: a line opens, a move (then its
/// variations, each opened and closed), a line closes.
enum Step<'a> {
    Enter(&'a PgnLine),
    Move(&'a PgnMove),
    Exit,
}

impl Step<'_> {
    /// Equal apart from the variations (which the walk visits as steps of their own).
    fn same(&self, other: &Step<'_>) -> bool {
        match (self, other) {
            (Step::Enter(a), Step::Enter(b)) => a.comments == b.comments,
            (Step::Move(a), Step::Move(b)) => {
                a.mv == b.mv
                    && a.san == b.san
                    && a.nags == b.nags
                    && a.comments == b.comments
                    && a.variations.len() == b.variations.len()
            }
            (Step::Exit, Step::Exit) => true,
            _ => false,
        }
    }
}

/// The walk of [`Step`]s, its stack on the heap: per open line, the line, how many of its moves were
/// visited, and how many variations of the last visited move.
struct Walk<'a> {
    stack: Vec<(&'a PgnLine, usize, usize)>,
    root: Option<&'a PgnLine>,
}

impl<'a> Walk<'a> {
    fn new(root: &'a PgnLine) -> Walk<'a> {
        Walk { stack: Vec::new(), root: Some(root) }
    }
}

impl<'a> Iterator for Walk<'a> {
    type Item = Step<'a>;

    fn next(&mut self) -> Option<Step<'a>> {
        if let Some(root) = self.root.take() {
            self.stack.push((root, 0, 0));
            return Some(Step::Enter(root));
        }
        let (line, moves_done, variations_done) = *self.stack.last()?;
        if let Some(v) = moves_done.checked_sub(1).and_then(|i| line.moves[i].variations.get(variations_done))
        {
            self.stack.last_mut().expect("not empty").2 += 1;
            self.stack.push((v, 0, 0));
            return Some(Step::Enter(v));
        }
        if let Some(m) = line.moves.get(moves_done) {
            *self.stack.last_mut().expect("not empty") = (line, moves_done + 1, 0);
            return Some(Step::Move(m));
        }
        self.stack.pop();
        Some(Step::Exit)
    }
}

impl Clone for PgnLine {
    fn clone(&self) -> PgnLine {
        let mut open: Vec<PgnLine> = Vec::new();
        for step in Walk::new(self) {
            match step {
                Step::Enter(line) => open.push(PgnLine {
                    comments: line.comments.clone(),
                    moves: Vec::with_capacity(line.moves.len()),
                }),
                Step::Move(m) => open.last_mut().expect("a line is open").moves.push(PgnMove {
                    mv: m.mv,
                    san: m.san.clone(),
                    nags: m.nags.clone(),
                    comments: m.comments.clone(),
                    variations: Vec::with_capacity(m.variations.len()),
                }),
                Step::Exit => {
                    let done = open.pop().expect("a line is open");
                    match open.last_mut() {
                        Some(parent) => parent
                            .moves
                            .last_mut()
                            .expect("a variation follows its move")
                            .variations
                            .push(done),
                        None => return done,
                    }
                }
            }
        }
        unreachable!("the walk closes the line it opened")
    }
}

impl PartialEq for PgnLine {
    fn eq(&self, other: &PgnLine) -> bool {
        let (mut a, mut b) = (Walk::new(self), Walk::new(other));
        loop {
            match (a.next(), b.next()) {
                (None, None) => return true,
                (Some(x), Some(y)) if x.same(&y) => {}
                _ => return false,
            }
        }
    }
}

impl fmt::Debug for PgnLine {
    /// The derived format (`PgnLine { comments: [..], moves: [PgnMove { .., variations: [..] }] }`),
    /// written without recursion; `{:#?}` gives the same single line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// Per open line: moves written, variations written of its last move, and whether that
        /// move's `variations: [` is still open.
        struct Open {
            moves: usize,
            variations: usize,
            move_open: bool,
        }
        let mut open: Vec<Open> = Vec::new();
        for step in Walk::new(self) {
            match step {
                Step::Enter(line) => {
                    if let Some(parent) = open.last_mut() {
                        if parent.variations > 0 {
                            f.write_str(", ")?;
                        }
                        parent.variations += 1;
                    }
                    write!(f, "PgnLine {{ comments: {:?}, moves: [", line.comments)?;
                    open.push(Open { moves: 0, variations: 0, move_open: false });
                }
                Step::Move(m) => {
                    let line = open.last_mut().expect("a line is open");
                    if line.move_open {
                        f.write_str("] }")?;
                    }
                    if line.moves > 0 {
                        f.write_str(", ")?;
                    }
                    write!(
                        f,
                        "PgnMove {{ mv: {:?}, san: {:?}, nags: {:?}, comments: {:?}, variations: [",
                        m.mv, m.san, m.nags, m.comments
                    )?;
                    *line = Open { moves: line.moves + 1, variations: 0, move_open: true };
                }
                Step::Exit => {
                    if open.pop().expect("a line is open").move_open {
                        f.write_str("] }")?;
                    }
                    f.write_str("] }")?;
                }
            }
        }
        Ok(())
    }
}

impl Drop for PgnLine {
    fn drop(&mut self) {
        // The variations move to a heap stack; each line dropped from it has no variations left.
        let mut stack: Vec<PgnLine> = Vec::new();
        for m in &mut self.moves {
            stack.append(&mut m.variations);
        }
        while let Some(mut line) = stack.pop() {
            for m in &mut line.moves {
                stack.append(&mut m.variations);
            }
        }
    }
}

/// A game read from PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the order they were written.
    pub tags: Vec<(String, String)>,
    /// The position before the first move: from the `FEN` tag (read as Chess960 with a Chess960
    /// `Variant` tag, or when its castling rights or placement are only valid in Chess960), else the
    /// standard start.
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
    /// Needs no recursion however deep the variations.
    #[must_use]
    pub fn to_pgn(&self, line_width: Option<usize>) -> String {
        let mut w = PgnWriter::new(&self.start);
        for (name, value) in &self.tags {
            w.tag(name, value);
        }
        let mut depth = 0usize;
        for step in Walk::new(&self.mainline) {
            match step {
                Step::Enter(line) => {
                    if depth > 0 {
                        w.begin_variation();
                    }
                    depth += 1;
                    for c in &line.comments {
                        w.comment(c);
                    }
                }
                Step::Move(m) => {
                    w.play_with_san(m.mv, &m.san);
                    for &nag in &m.nags {
                        w.nag(nag);
                    }
                    for c in &m.comments {
                        w.comment(c);
                    }
                }
                Step::Exit => {
                    depth -= 1;
                    if depth > 0 {
                        w.end_variation();
                    }
                }
            }
        }
        w.finish(self.result, line_width)
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

/// Why PGN text could not be read, with where: the 1-based line and column (in characters, a tab
/// counting one) of the offending text. A bad `FEN` tag is placed at its own `[`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("PGN {line}:{column}: {kind}")]
pub struct PgnError {
    /// The line (1-based) of the offending text.
    pub line: usize,
    /// The column (1-based, in characters; a byte-order mark does not count) where it starts.
    pub column: usize,
    /// What was wrong.
    pub kind: PgnErrorKind,
}

/// What was wrong in a [`PgnError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnErrorKind {
    /// Bytes that begin with a UTF-8 byte-order mark but are not UTF-8 (placed at the first bad byte).
    #[error("not UTF-8 although it begins with a UTF-8 byte-order mark")]
    InvalidUtf8,
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

/// The text encoding [`decode_pgn`] found.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PgnEncoding {
    /// UTF-8 after a byte-order mark (`EF BB BF`, dropped from the text).
    Utf8Bom,
    /// Valid UTF-8 without a byte-order mark (plain ASCII included).
    Utf8,
    /// Not UTF-8: read as Windows-1252, the superset of ISO 8859-1 (Latin-1, the encoding of the PGN
    /// standard, section 4.1) that ChessBase and other Windows programs write.
    Windows1252,
}

impl PgnEncoding {
    /// The encoding's name: `UTF-8 with BOM`, `UTF-8` or `Windows-1252`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PgnEncoding::Utf8Bom => "UTF-8 with BOM",
            PgnEncoding::Utf8 => "UTF-8",
            PgnEncoding::Windows1252 => "Windows-1252",
        }
    }
}

/// Windows-1252 bytes 0x80 to 0x9F (the rest are Latin-1: byte n is U+00nn). Source: the WHATWG
/// Encoding Standard's index-windows-1252 (which maps the five bytes Microsoft leaves undefined, 0x81,
/// 0x8D, 0x8F, 0x90 and 0x9D, to the C1 controls of the same number).
const WINDOWS_1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// The text of a PGN file's bytes: after a UTF-8 byte-order mark, UTF-8 (the mark dropped); else
/// UTF-8 when the bytes are valid UTF-8; else Windows-1252 (every byte is a character, so this
/// cannot fail). Borrows the bytes unless they are Windows-1252.
///
/// ```
/// use gambit_rules::{decode_pgn, PgnEncoding};
/// let (text, encoding) = decode_pgn(b"[White \"G\xF6del\"]").unwrap();
/// assert_eq!((text.as_ref(), encoding), ("[White \"Gödel\"]", PgnEncoding::Windows1252));
/// let (text, encoding) = decode_pgn(b"\xEF\xBB\xBF[White \"G\xC3\xB6del\"]").unwrap();
/// assert_eq!((text.as_ref(), encoding), ("[White \"Gödel\"]", PgnEncoding::Utf8Bom));
/// ```
///
/// # Errors
/// [`PgnErrorKind::InvalidUtf8`] for bytes after a byte-order mark that are not UTF-8, at the first
/// bad byte's line and column.
pub fn decode_pgn(bytes: &[u8]) -> Result<(Cow<'_, str>, PgnEncoding), PgnError> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return match std::str::from_utf8(rest) {
            Ok(text) => Ok((Cow::Borrowed(text), PgnEncoding::Utf8Bom)),
            Err(e) => {
                let valid = std::str::from_utf8(&rest[..e.valid_up_to()]).expect("valid up to here");
                let line = valid.matches('\n').count() + 1;
                let line_text = valid.rsplit('\n').next().unwrap_or("");
                Err(PgnError { line, column: line_text.chars().count() + 1, kind: PgnErrorKind::InvalidUtf8 })
            }
        };
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((Cow::Borrowed(text), PgnEncoding::Utf8));
    }
    let text =
        bytes
            .iter()
            .map(|&b| {
                if (0x80..0xA0).contains(&b) {
                    WINDOWS_1252_HIGH[usize::from(b - 0x80)]
                } else {
                    char::from(b)
                }
            })
            .collect();
    Ok((Cow::Owned(text), PgnEncoding::Windows1252))
}

/// Reads every game of a PGN file's bytes, decoded by [`decode_pgn`] (UTF-8 with or without a
/// byte-order mark, else Windows-1252). The whole file is held in memory.
///
/// ```
/// use gambit_rules::{read_pgn_bytes, Variations};
/// let games = read_pgn_bytes(b"\xEF\xBB\xBF[Black \"Ren\xC3\xA9\"]\n\n1. e4\xC2\xA0e5 *", Variations::Skip).unwrap();
/// assert_eq!(games[0].tag("Black"), Some("René"));
/// assert_eq!(games[0].mainline.moves.len(), 2);
/// ```
///
/// # Errors
/// As [`decode_pgn`] and [`read_pgn`].
pub fn read_pgn_bytes(bytes: &[u8], variations: Variations) -> Result<Vec<PgnGame>, PgnError> {
    let (text, _) = decode_pgn(bytes)?;
    read_pgn(&text, variations)
}

/// Reads every game of `text` (a leading byte-order mark is skipped).
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
/// assert_eq!(read_pgn("1. e4 e5 2. Ke3", Variations::Skip).unwrap_err().to_string(),
///            "PGN 1:13: move 2. Ke3: illegal move Ke3");
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
    /// A reader over `text` (a leading byte-order mark is skipped).
    #[must_use]
    pub fn new(text: &'a str, variations: Variations) -> PgnReader<'a> {
        let at = if text.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 };
        let here = Mark { at, line: 1, line_start: at };
        PgnReader { lexer: Lexer { text, here, at_line_start: true, token: here }, variations }
    }
}

impl Iterator for PgnReader<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Result<PgnGame, PgnError>> {
        self.lexer.skip_space();
        if self.lexer.here.at >= self.lexer.text.len() {
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

/// A place in the text: its byte offset, its line (1-based) and the byte offset where that line
/// starts (the column is counted in characters only when an error needs it).
#[derive(Copy, Clone, Debug)]
struct Mark {
    at: usize,
    line: usize,
    line_start: usize,
}

/// Spaces between tokens: every Unicode white space (`char::is_whitespace`: tabs, CR, the no-break
/// space, ...) and a stray byte-order mark (U+FEFF, left where files were joined).
fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{FEFF}'
}

#[derive(Clone, Debug)]
struct Lexer<'a> {
    text: &'a str,
    here: Mark,
    /// Whether nothing but spaces stands between the start of the line and `here` (for `%` lines).
    at_line_start: bool,
    /// Where the last token returned by [`Lexer::next`] starts.
    token: Mark,
}

impl<'a> Lexer<'a> {
    /// An error at `mark`.
    fn error(&self, mark: Mark, kind: PgnErrorKind) -> PgnError {
        let column = self.text[mark.line_start..mark.at].chars().count() + 1;
        PgnError { line: mark.line, column, kind }
    }

    /// An error at the start of the last token.
    fn err(&self, kind: PgnErrorKind) -> PgnError {
        self.error(self.token, kind)
    }

    fn peek(&self) -> Option<char> {
        self.text[self.here.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.here.at += c.len_utf8();
        if c == '\n' {
            self.here.line += 1;
            self.here.line_start = self.here.at;
            self.at_line_start = true;
        } else if !is_space(c) {
            self.at_line_start = false;
        }
        Some(c)
    }

    /// Moves to byte offset `end` (on a character boundary at or after the current place).
    fn bump_to(&mut self, end: usize) {
        while self.here.at < end {
            self.bump();
        }
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if is_space(c) {
                self.bump();
            } else if c == '%' && self.at_line_start {
                while self.peek().is_some_and(|c| c != '\n') {
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
            if c == '[' && self.at_line_start && blank {
                return;
            }
            if c == '\n' {
                let rest = &self.text[self.here.at + 1..];
                let line_end = rest.find('\n').unwrap_or(rest.len());
                if rest[..line_end].chars().all(is_space) {
                    blank = true;
                }
            }
            self.bump();
        }
    }

    /// The end of the line that `start` is on (the offset of its `\n`, or the end of the text).
    fn line_end(&self, start: usize) -> usize {
        self.text[start..].find('\n').map_or(self.text.len(), |i| start + i)
    }

    /// The next token, or `None` at the end of the text.
    fn next(&mut self) -> Result<Option<Token<'a>>, PgnError> {
        self.skip_space();
        self.token = self.here;
        let Some(c) = self.peek() else { return Ok(None) };
        let start = self.here.at;
        Ok(Some(match c {
            '[' => {
                let raw = &self.text[start..self.line_end(start)];
                let (tag, len) =
                    parse_tag(raw).ok_or_else(|| self.err(PgnErrorKind::BadTag(clip(raw.trim_end()))))?;
                self.bump_to(start + len);
                tag
            }
            '{' => {
                let close = self.text[start + 1..]
                    .find('}')
                    .ok_or_else(|| self.err(PgnErrorKind::UnterminatedComment))?;
                let body = &self.text[start + 1..start + 1 + close];
                self.bump_to(start + 1 + close + 1);
                Token::Comment(body.trim_matches(is_space).to_string())
            }
            ';' => {
                let line_end = self.line_end(start);
                let body = &self.text[start + 1..line_end];
                self.bump_to(line_end);
                Token::Comment(body.trim_matches(is_space).to_string())
            }
            '(' => {
                self.bump();
                Token::Open
            }
            ')' => {
                self.bump();
                Token::Close
            }
            '$' => {
                self.bump();
                let digits_start = self.here.at;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.bump();
                }
                let digits = &self.text[digits_start..self.here.at];
                let nag = digits.parse::<u8>().map_err(|_| self.err(PgnErrorKind::BadNag(clip(digits))))?;
                Token::Nag(nag)
            }
            _ => {
                while self.peek().is_some_and(|c| !is_space(c) && !"{}()[];$\"".contains(c)) {
                    self.bump();
                }
                if self.here.at == start {
                    // A lone `"`, `]` or `}`.
                    return Err(self.err(PgnErrorKind::Unexpected(c.to_string())));
                }
                Token::Symbol(&self.text[start..self.here.at])
            }
        }))
    }
}

fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

/// `[Name "value"]` at the start of `raw`: the tag and its length in bytes.
fn parse_tag(raw: &str) -> Option<(Token<'static>, usize)> {
    let skip_spaces = |i: usize| raw[i..].find(|c: char| !is_space(c)).map_or(raw.len(), |n| i + n);
    let name_start = skip_spaces(1);
    let name_end = raw[name_start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(raw.len(), |n| name_start + n);
    let name = &raw[name_start..name_end];
    let mut i = skip_spaces(name_end);
    if name.is_empty() || !raw[i..].starts_with('"') {
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
    let i = skip_spaces(i);
    if !raw[i..].starts_with(']') {
        return None;
    }
    Some((Token::Tag(name.to_string(), value), i + 1))
}

/// Annotation suffixes and their NAG numbers.
const SUFFIXES: [(&str, u8); 6] = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)];

/// Whether a `Variant` tag names Chess960, compared without case, spaces, `-` and `_`: every spelling
/// python-chess 1.11.2 accepts (`chess/pgn.py`, `Headers.is_chess960`: "chess960", "chess 960",
/// "fischerandom" as Cute Chess writes it, "fischerrandom", "fischer random"; Lichess and chess.com
/// write "Chess960"), and "960" and "chess-960".
#[must_use]
pub fn is_chess960_variant(name: &str) -> bool {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_') && !is_space(*c))
        .flat_map(char::to_lowercase)
        .collect();
    matches!(key.as_str(), "chess960" | "960" | "fischerandom" | "fischerrandom")
}

/// The start position of a game with these tags (`marks`: where each tag starts, for errors).
fn start_position(
    lexer: &Lexer<'_>,
    tags: &[(String, String)],
    marks: &[Mark],
) -> Result<Position, PgnError> {
    let find = |name: &str| tags.iter().position(|(n, _)| n == name);
    let chess960 = find("Variant").is_some_and(|i| is_chess960_variant(&tags[i].1));
    let Some(i) = find("FEN") else {
        let mut pos = Position::startpos();
        if chess960 {
            pos.set_chess960(true).map_err(|e| lexer.error(marks[0], PgnErrorKind::BadFen(e.into())))?;
        }
        return Ok(pos);
    };
    let fen = tags[i].1.trim_matches(is_space);
    let err = |e: FenError| lexer.error(marks[i], PgnErrorKind::BadFen(e));
    if chess960 {
        return Position::from_chess960_fen(fen).map_err(err);
    }
    // Without a Variant tag a FEN whose castling rights (Shredder-FEN, or X-FEN with the king or rooks
    // off their standard squares) only Chess960 allows is a Chess960 game, as python-chess reads it.
    match Position::from_fen(fen) {
        Ok(pos) => Ok(pos),
        Err(standard) => Position::from_chess960_fen(fen).map_err(|_| err(standard)),
    }
}

fn read_game(lexer: &mut Lexer<'_>, variations: Variations) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    let mut marks = Vec::new();
    // The open lines, the main line first; `pos` is the position after the last one's moves (each
    // variation's parent has its last move taken back while the variation is open).
    let mut lines: Vec<PgnLine> = Vec::new();
    let mut pos = Position::startpos();
    let mut skipping = 0usize;
    let mut start = None;
    // Comments before the movetext (between or after the tags) open the main line.
    let mut opening_comments = Vec::new();
    loop {
        let before = lexer.clone();
        let Some(token) = lexer.next()? else { break };
        if let Token::Tag(name, value) = token {
            if start.is_some() {
                // The next game's tags: this game ended without a result marker.
                *lexer = before;
                break;
            }
            tags.push((name, value));
            marks.push(lexer.token);
            continue;
        }
        if start.is_none() {
            if let Token::Comment(text) = token {
                opening_comments.push(text);
                continue;
            }
            pos = start_position(lexer, &tags, &marks)?;
            start = Some(pos.clone());
            lines.push(PgnLine { comments: std::mem::take(&mut opening_comments), moves: Vec::new() });
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
        let line = lines.last_mut().expect("a line is open");
        match token {
            Token::Tag(..) => unreachable!("handled above"),
            Token::Comment(text) => match line.moves.last_mut() {
                Some(m) => m.comments.push(text),
                None => line.comments.push(text),
            },
            Token::Nag(nag) => match line.moves.last_mut() {
                Some(m) => m.nags.push(nag),
                None => return Err(lexer.err(PgnErrorKind::NothingToAnnotate("a NAG"))),
            },
            Token::Open => {
                if line.moves.is_empty() {
                    return Err(lexer.err(PgnErrorKind::NothingToAnnotate("a variation")));
                }
                match variations {
                    Variations::Skip => skipping = 1,
                    Variations::Keep => {
                        // The variation replaces the last move: back to the position before it.
                        pos.undo();
                        lines.push(PgnLine::default());
                    }
                }
            }
            Token::Close => {
                if lines.len() < 2 {
                    return Err(lexer.err(PgnErrorKind::UnbalancedVariation));
                }
                let done = lines.pop().expect("checked");
                for _ in 0..done.moves.len() {
                    pos.undo();
                }
                let parent =
                    lines.last_mut().expect("checked").moves.last_mut().expect("a variation follows a move");
                pos.play_unchecked(parent.mv);
                parent.variations.push(done);
            }
            Token::Symbol(symbol) => {
                if let Some(result) = PgnResult::parse(symbol) {
                    if lines.len() > 1 {
                        return Err(lexer.err(PgnErrorKind::UnbalancedVariation));
                    }
                    let mainline = lines.pop().expect("one line");
                    return Ok(PgnGame { tags, start: start.expect("set"), mainline, result });
                }
                read_symbol(lexer, line, &mut pos, symbol)?;
            }
        }
    }
    if lines.len() > 1 || skipping > 0 {
        return Err(lexer.error(lexer.here, PgnErrorKind::UnbalancedVariation));
    }
    let start = match start {
        Some(s) => s,
        None => start_position(lexer, &tags, &marks)?,
    };
    let mainline = lines.pop().unwrap_or(PgnLine { comments: opening_comments, moves: Vec::new() });
    Ok(PgnGame { tags, start, mainline, result: PgnResult::Unfinished })
}

/// A move, a move number, or a move with its number glued on (`1.e4`), with annotation suffixes,
/// played on `pos` and added to `line`.
fn read_symbol(
    lexer: &Lexer<'_>,
    line: &mut PgnLine,
    pos: &mut Position,
    symbol: &str,
) -> Result<(), PgnError> {
    let digits = symbol.bytes().take_while(u8::is_ascii_digit).count();
    let mut rest = symbol;
    if digits > 0 && symbol[digits..].starts_with('.') {
        rest = symbol[digits..].trim_start_matches('.');
    } else if digits == symbol.len() {
        // A bare move number without its dot.
        return Ok(());
    }
    if rest.chars().all(|c| c == '.') {
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
        return match line.moves.last_mut() {
            Some(m) => {
                m.nags.extend(nags);
                Ok(())
            }
            None => Err(lexer.err(PgnErrorKind::NothingToAnnotate("an annotation"))),
        };
    }
    let mv = pos.parse_san(san).map_err(|error| {
        // At the move itself, after a move number glued on.
        let at = Mark { at: lexer.token.at + (symbol.len() - rest.len()), ..lexer.token };
        lexer.error(
            at,
            PgnErrorKind::IllegalMove {
                number: pos.fullmove_number(),
                white: pos.turn() == Color::White,
                san: clip(rest),
                error,
            },
        )
    })?;
    let san = pos.san(mv);
    pos.play_unchecked(mv);
    line.moves.push(PgnMove { mv, san, nags, comments: Vec::new(), variations: Vec::new() });
    Ok(())
}

/// Writes one game as PGN, following a position: [`PgnWriter::play`] turns each move into SAN with
/// its move number; comments, NAGs and variations go where they are written; a board edit outside
/// the rules (a skill's teleport) continues the numbering from the new position
/// ([`PgnWriter::set_position`]). Variations nest without recursion and keep one position in all
/// (a variation takes back its parent's last move, and replays it when it closes).
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
    /// The movetext tokens one after another, and the byte offset where each ends.
    text: String,
    ends: Vec<usize>,
    /// The position after the moves written so far in the open line.
    pos: Position,
    /// The open lines, the main line first.
    lines: Vec<WriterLine>,
    /// Whether the next Black move needs its number (`3...`): at the start, after a comment or a
    /// variation (PGN standard, 8.2.2.2).
    number_black: bool,
}

/// One open line of a [`PgnWriter`].
#[derive(Clone, Debug, Default)]
struct WriterLine {
    /// How many of its moves `pos` holds since the line opened or since its last board edit.
    played: usize,
    /// Its last move since the line opened or since its last board edit (what a variation replaces).
    last: Option<Move>,
    /// The position the line opened from, kept once a board edit inside it cut `pos`'s history.
    opened_at: Option<Position>,
    /// Whether a move was written in it (a NAG needs one before it).
    any_move: bool,
}

impl PgnWriter {
    /// A writer for a game starting at `start`.
    #[must_use]
    pub fn new(start: &Position) -> PgnWriter {
        PgnWriter {
            start: start.clone(),
            tags: Vec::new(),
            text: String::new(),
            ends: Vec::new(),
            pos: start.clone(),
            lines: vec![WriterLine::default()],
            number_black: true,
        }
    }

    fn push(&mut self, token: &str) {
        self.text.push_str(token);
        self.ends.push(self.text.len());
    }

    /// Adds a tag pair (written in the order added; a `"` or `\` in the value is escaped).
    pub fn tag(&mut self, name: &str, value: &str) {
        self.tags.push((name.to_string(), value.to_string()));
    }

    /// The position after the moves written so far (in the open variation, if any).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
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
        if self.pos.turn() == Color::White {
            let number = format!("{}.", self.pos.fullmove_number());
            self.push(&number);
        } else if self.number_black {
            let number = format!("{}...", self.pos.fullmove_number());
            self.push(&number);
        }
        self.push(san);
        self.pos.play_unchecked(m);
        let line = self.lines.last_mut().expect("a line");
        line.played += 1;
        line.last = Some(m);
        line.any_move = true;
        self.number_black = false;
    }

    /// Continues from `position` (after a board edit no move expresses): later moves are numbered
    /// and written from it.
    pub fn set_position(&mut self, position: Position) {
        let inside_variation = self.lines.len() > 1;
        let line = self.lines.last_mut().expect("a line");
        if inside_variation && line.opened_at.is_none() {
            let mut opened_at = self.pos.clone();
            for _ in 0..line.played {
                opened_at.undo();
            }
            line.opened_at = Some(opened_at);
        }
        self.pos = position;
        line.played = 0;
        line.last = None;
        self.number_black = true;
    }

    /// Writes a comment as `{ text }` (a `}` in the text is replaced by `)`).
    pub fn comment(&mut self, text: &str) {
        self.push(&format!("{{ {} }}", text.replace('}', ")")));
        self.number_black = true;
    }

    /// Writes a comment before the first move, however many moves were written already (a note on the
    /// starting position).
    pub fn comment_before_moves(&mut self, text: &str) {
        let token = format!("{{ {} }}", text.replace('}', ")"));
        self.text.insert_str(0, &token);
        for end in &mut self.ends {
            *end += token.len();
        }
        self.ends.insert(0, token.len());
    }

    /// Writes a NAG as `$n`, for the last move written in the open line (nothing before its first
    /// move: PGN has no place for it there).
    pub fn nag(&mut self, nag: u8) {
        if self.lines.last().is_some_and(|l| l.any_move) {
            self.push(&format!("${nag}"));
        }
    }

    /// Opens a variation: an alternative to the last move written, from the position before it. A
    /// call with no move written yet (in this line, since its last board edit) does nothing.
    pub fn begin_variation(&mut self) {
        let line = self.lines.last_mut().expect("a line");
        if line.last.is_none() {
            return;
        }
        self.pos.undo();
        line.played -= 1;
        self.lines.push(WriterLine::default());
        self.push("(");
        self.number_black = true;
    }

    /// Closes the open variation (nothing without one).
    pub fn end_variation(&mut self) {
        if self.lines.len() < 2 {
            return;
        }
        let done = self.lines.pop().expect("checked");
        match done.opened_at {
            Some(pos) => self.pos = pos,
            None => {
                for _ in 0..done.played {
                    self.pos.undo();
                }
            }
        }
        let parent = self.lines.last_mut().expect("checked");
        self.pos.play_unchecked(parent.last.expect("a variation follows a move"));
        parent.played += 1;
        self.push(")");
        self.number_black = true;
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
        self.push(result.as_str());
        let tokens: Vec<&str> = self
            .ends
            .iter()
            .scan(0, |start, &end| {
                let token = &self.text[*start..end];
                *start = end;
                Some(token)
            })
            .collect();
        let mut line_len = 0;
        let mut previous = "";
        for (i, &token) in tokens.iter().enumerate() {
            let glue = !previous.is_empty() && previous != "(" && token != ")";
            let space = usize::from(glue);
            // A `(` stays on the line of the token after it, a move number on the line of its move.
            let width = match tokens.get(i + 1) {
                Some(next) if token == "(" => 1 + next.chars().count(),
                Some(next) if token.ends_with('.') && token.starts_with(|c: char| c.is_ascii_digit()) => {
                    token.len() + 1 + next.chars().count()
                }
                _ => token.chars().count(),
            };
            if line_len > 0 && line_width.is_some_and(|w| line_len + space + width > w) {
                // A new line, also between parentheses that are otherwise written together.
                out.push('\n');
                line_len = 0;
            } else if glue {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(token);
            line_len += token.chars().count();
            previous = token;
        }
        out.push('\n');
        out
    }
}
