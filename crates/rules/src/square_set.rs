//! [`SquareSet`]: a set of squares as a 64-bit mask (a1 = bit 0, h8 = bit 63).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::types::Square;

/// A set of squares of the 8x8 area as a `u64`: bit `i` is the square with [`Square::index`] `i`
/// (a1 = bit 0, b1 = bit 1, ..., h8 = bit 63). `Copy`, with the set operators `|`, `&`, `^`, `!`
/// (complement) and `-` (difference); iteration runs from a1 to h8.
///
/// The board itself stays a 10x12 mailbox; this type only carries answers (checkers, pin lines,
/// check evasion squares) in a form that is cheap to test and combine.
///
/// ```
/// use gambit_rules::{Square, SquareSet};
/// let e4: Square = "e4".parse().unwrap();
/// let set = SquareSet::from_square(e4) | SquareSet::from_square("a1".parse().unwrap());
/// assert!(set.contains(e4));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["a1", "e4"]);
/// assert_eq!(set.bits(), 1 | 1 << 28);
/// assert_eq!(format!("{set:?}"), "SquareSet[a1, e4]");
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SquareSet(u64);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 64 squares.
    pub const FULL: SquareSet = SquareSet(u64::MAX);

    /// The set with these bits (bit `i` = square index `i`).
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u64) -> SquareSet {
        SquareSet(bits)
    }

    /// The bits (bit `i` = square index `i`).
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of one square.
    #[inline]
    #[must_use]
    pub const fn from_square(square: Square) -> SquareSet {
        SquareSet(1 << square.index())
    }

    /// Whether `square` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// Adds a square.
    #[inline]
    pub const fn insert(&mut self, square: Square) {
        self.0 |= 1 << square.index();
    }

    /// Removes a square.
    #[inline]
    pub const fn remove(&mut self, square: Square) {
        self.0 &= !(1 << square.index());
    }

    /// This set with `square` added.
    #[inline]
    #[must_use]
    pub const fn with(self, square: Square) -> SquareSet {
        SquareSet(self.0 | 1 << square.index())
    }

    /// This set without `square`.
    #[inline]
    #[must_use]
    pub const fn without(self, square: Square) -> SquareSet {
        SquareSet(self.0 & !(1 << square.index()))
    }

    /// The number of squares.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has more than one square.
    #[inline]
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square (nearest a1 in index order), if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Square::new(self.0.trailing_zeros() as u8) }
    }

    /// The squares in index order, a1 first.
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

/// The squares of a [`SquareSet`] in index order (a1 first).
#[derive(Clone, Debug)]
pub struct SquareSetIter(u64);

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Square::new(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl Extend<Square> for SquareSet {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.insert(sq);
        }
    }
}

impl From<Square> for SquareSet {
    fn from(square: Square) -> SquareSet {
        SquareSet::from_square(square)
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $method(self, other: SquareSet) -> SquareSet {
                SquareSet(self.0 $op other.0)
            }
        }
        impl $assign for SquareSet {
            #[inline]
            fn $assign_method(&mut self, other: SquareSet) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for SquareSet {
    type Output = SquareSet;
    /// The squares of `self` that are not in `other`.
    #[inline]
    fn sub(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    /// The complement within the 64 squares.
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SquareSet")?;
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: SquareSet = ["a1", "h8", "e4"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
        let b = SquareSet::from_square("e4".parse().unwrap());
        assert_eq!(a.len(), 3);
        assert_eq!((a & b).len(), 1);
        assert_eq!((a - b).len(), 2);
        assert_eq!((a ^ b) | b, a);
        assert_eq!((!a).len(), 61);
        assert_eq!(a.first().unwrap().to_string(), "a1");
        assert!(a.more_than_one() && !b.more_than_one() && !SquareSet::EMPTY.more_than_one());
        assert_eq!(SquareSet::FULL.iter().count(), 64);
        assert!(SquareSet::FULL.iter().zip(Square::all()).all(|(x, y)| x == y));
        let mut c = SquareSet::EMPTY;
        c.insert("c3".parse().unwrap());
        c.extend(b);
        c.remove("c3".parse().unwrap());
        assert_eq!(c, b);
        assert_eq!(b.iter().len(), 1);
        assert_eq!(SquareSet::from_bits(u64::MAX), SquareSet::FULL);
    }
}
