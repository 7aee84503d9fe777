//! The small `Copy` vocabulary of the crate: colours, roles, pieces, files, ranks and squares.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::mailbox;

/// One of the two sides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first; its pieces print in upper case.
    White = 0,
    /// The side that moves second; its pieces print in lower case.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-colour arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move: `w` or `b`.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The lower-case English name, `"white"` or `"black"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A colour name that is not `white`, `black`, `w` or `b`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid colour {0:?}: expected white, black, w or b")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;

    /// `"white"`, `"black"` (the [`Color::name`] and `Display` form) or the FEN letters `"w"`, `"b"`;
    /// exact, lower case.
    ///
    /// ```
    /// use gambit_rules::Color;
    /// assert_eq!("white".parse::<Color>(), Ok(Color::White));
    /// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
    /// assert!("White".parse::<Color>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(ParseColorError(s.chars().take(16).collect())),
        }
    }
}

/// The kind of a piece, independent of its colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// All six roles, Pawn to King.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The roles a pawn may promote to under standard rules, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The lower-case letter used by FEN (black) and UCI promotions: `p n b r q k`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case letter used by SAN (`N`, `B`, `R`, `Q`, `K`; `P` for pawns).
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Parses a role letter in either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// 0 for Pawn up to 5 for King.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Conventional material value in centipawns (pawn 100, knight 300, bishop 300, rook 500, queen 900);
    /// the king counts 0. Handy for ordering and quick material counts.
    #[must_use]
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight | Role::Bishop => 300,
            Role::Rook => 500,
            Role::Queen => 900,
            Role::King => 0,
        }
    }
}

impl Role {
    /// The lower-case English name: `"pawn"`, `"knight"`, ... (also the `Display` form).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A role name that is not one of `pawn knight bishop rook queen king` or their letters.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid role {0:?}: expected pawn, knight, bishop, rook, queen, king or a letter p n b r q k")]
pub struct ParseRoleError(pub String);

impl FromStr for Role {
    type Err = ParseRoleError;

    /// The lower-case name ([`Role::name`], the `Display` form) or the letter in either case
    /// (`n`, `N`, ...).
    ///
    /// ```
    /// use gambit_rules::Role;
    /// assert_eq!("knight".parse::<Role>(), Ok(Role::Knight));
    /// assert_eq!("N".parse::<Role>(), Ok(Role::Knight));
    /// assert!("horse".parse::<Role>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Role, ParseRoleError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(role) = Role::from_char(c)
        {
            return Ok(role);
        }
        Role::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| ParseRoleError(s.chars().take(16).collect()))
    }
}

/// A piece: a role of a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A new piece.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Parses a FEN letter (`PNBRQK` white, `pnbrqk` black).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                Some(Piece { color, role })
            }
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A file (column) of the board, `a` (0) to `h` (7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// All eight files, a to h.
    pub const ALL: [File; 8] = [File(0), File(1), File(2), File(3), File(4), File(5), File(6), File(7)];

    /// The file with index 0 (a) to 7 (h), or `None` past h.
    #[must_use]
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 { Some(File(index)) } else { None }
    }

    /// 0 for the a-file up to 7 for the h-file.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file letter, `a` to `h`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// Parses a file letter `a` to `h`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (row) of the board, `1` (index 0) to `8` (index 7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// All eight ranks, 1 to 8.
    pub const ALL: [Rank; 8] = [Rank(0), Rank(1), Rank(2), Rank(3), Rank(4), Rank(5), Rank(6), Rank(7)];

    /// The rank with index 0 (rank 1) to 7 (rank 8), or `None` past rank 8.
    #[must_use]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 { Some(Rank(index)) } else { None }
    }

    /// 0 for rank 1 up to 7 for rank 8.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The rank digit, `1` to `8`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }

    /// Parses a rank digit `1` to `8`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }

    /// The same rank seen from `color`'s side: rank 1 for White is rank 8 for Black.
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank(7 - self.0),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A square of the 8x8 playing area.
///
/// Internally a square is its cell index in the 10x12 mailbox (a1 is cell 21, h8 is cell 98); that index is
/// private. The public numbering is [`Square::index`]: a1 = 0, b1 = 1, ..., h8 = 63.
///
/// ```
/// use gambit_rules::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::from_coords(File::new(4).unwrap(), Rank::new(3).unwrap()));
/// assert_eq!(e4.index(), 28);
/// assert_eq!(e4.to_string(), "e4");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank`.
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(mailbox::cell_of(file.0, rank.0))
    }

    /// The square with public index `index` (a1 = 0 ... h8 = 63), or `None` past 63.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(mailbox::cell_of(index % 8, index / 8))) } else { None }
    }

    /// The public index, a1 = 0, b1 = 1, ..., h8 = 63.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        mailbox::SQUARE_INDEX[self.0 as usize]
    }

    /// The file of the square.
    #[must_use]
    pub const fn file(self) -> File {
        File(self.0 % 10 - 1)
    }

    /// The rank of the square.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 10 - 2)
    }

    /// The square seen from the other side of the board (a1 <-> h8): the 180-degree rotation.
    #[must_use]
    pub const fn rotate_180(self) -> Square {
        Square(119 - self.0)
    }

    /// The square mirrored top to bottom (a1 <-> a8).
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square::from_coords(self.file(), Rank(7 - self.rank().0))
    }

    /// Whether the square is light (h1 is light, a1 is dark).
    #[must_use]
    pub const fn is_light(self) -> bool {
        (self.file().0 + self.rank().0) % 2 == 1
    }

    /// The square `files` and `ranks` away, or `None` off the 8x8 area.
    #[must_use]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let f = self.file().0 as i8 + files;
        let r = self.rank().0 as i8 + ranks;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square(mailbox::cell_of(f as u8, r as u8)))
        } else {
            None
        }
    }

    /// Every square, a1, b1, ..., h8.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..64u8).map(|i| Square(mailbox::cell_of(i % 8, i / 8)))
    }

    /// The mailbox cell index, 21..=98.
    #[inline]
    pub(crate) const fn cell(self) -> usize {
        self.0 as usize
    }

    /// The square at a mailbox cell index; the caller guarantees the cell is inside the 8x8 area.
    #[inline]
    pub(crate) const fn from_cell(cell: usize) -> Square {
        debug_assert!(mailbox::is_inside(cell));
        Square(cell as u8)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid square {0:?}: expected a file a-h and a rank 1-8, such as e4")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next().and_then(File::from_char), chars.next().and_then(Rank::from_char), chars.next()) {
            (Some(file), Some(rank), None) => Ok(Square::from_coords(file, rank)),
            _ => Err(ParseSquareError(s.chars().take(16).collect())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_index_round_trip() {
        for i in 0..64u8 {
            let sq = Square::new(i).unwrap();
            assert_eq!(sq.index(), i);
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            assert_eq!(sq.rotate_180().rotate_180(), sq);
            assert_eq!(sq.rotate_180().index(), 63 - i);
        }
        assert_eq!(Square::new(0).unwrap().cell(), 21);
        assert_eq!(Square::new(63).unwrap().cell(), 98);
        assert!(Square::new(64).is_none());
        assert!("i1".parse::<Square>().is_err());
        assert!("e9".parse::<Square>().is_err());
        assert!("e44".parse::<Square>().is_err());
        assert!("é4".parse::<Square>().is_err());
    }

    #[test]
    fn color_and_role_from_str() {
        for color in Color::ALL {
            assert_eq!(color.name().parse::<Color>(), Ok(color));
            assert_eq!(color.fen_char().to_string().parse::<Color>(), Ok(color));
        }
        for bad in ["", "White", "wb", "x", "whitey", "é"] {
            assert_eq!(bad.parse::<Color>(), Err(ParseColorError(bad.to_string())));
        }
        for role in Role::ALL {
            assert_eq!(role.name().parse::<Role>(), Ok(role));
            assert_eq!(role.char().to_string().parse::<Role>(), Ok(role));
            assert_eq!(role.upper_char().to_string().parse::<Role>(), Ok(role));
        }
        for bad in ["", "Knight", "nn", "x", "queens", "\u{0}"] {
            assert_eq!(bad.parse::<Role>(), Err(ParseRoleError(bad.to_string())));
        }
        assert_eq!("a".repeat(40).parse::<Role>().unwrap_err().0.len(), 16);
    }

    #[test]
    fn piece_chars() {
        for c in "PNBRQKpnbrqk".chars() {
            assert_eq!(Piece::from_char(c).unwrap().char(), c);
        }
        assert!(Piece::from_char('x').is_none());
        assert!(!Square::new(0).unwrap().is_light());
        assert!("h1".parse::<Square>().unwrap().is_light());
    }
}
