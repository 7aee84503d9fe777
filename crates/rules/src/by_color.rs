//! [`ByColor`]: one value per side, indexed by [`Color`].

use std::ops::{Index, IndexMut};

use crate::types::Color;

/// One value per side, indexed by [`Color`]: `by[Color::White]`, `by.get(color)`.
///
/// Use it instead of a `[T; 2]` indexed by `color as usize` by hand. `Copy`, `Default`, `Eq`, `Hash`
/// and (with the `serde` feature) serialisation as `{"white": .., "black": ..}` follow `T`.
///
/// ```
/// use gambit_rules::{ByColor, Color};
/// let mut pieces = ByColor::new(16, 16);
/// pieces[Color::Black] -= 1;
/// assert_eq!(pieces.get(Color::Black), &15);
/// assert_eq!(pieces.map(|n| n * 2), ByColor { white: 32, black: 30 });
/// assert_eq!(pieces.iter().map(|(c, n)| format!("{c}:{n}")).collect::<Vec<_>>(), ["white:16", "black:15"]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// A pair from White's and Black's values.
    #[must_use]
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    /// The same value for both sides.
    #[must_use]
    pub fn splat(value: T) -> ByColor<T>
    where
        T: Clone,
    {
        ByColor { white: value.clone(), black: value }
    }

    /// A pair built by calling `f` for White, then Black.
    #[must_use]
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        let white = f(Color::White);
        ByColor { white, black: f(Color::Black) }
    }

    /// The value of `color`.
    #[inline]
    #[must_use]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of `color`, mutably.
    #[inline]
    #[must_use]
    pub const fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Applies `f` to both values (White first).
    #[must_use]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        let white = f(self.white);
        ByColor { white, black: f(self.black) }
    }

    /// Both values with their colour, White first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Color, &T)> + ExactSizeIterator {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }

    /// Both values with their colour, mutably, White first.
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (Color, &mut T)> + ExactSizeIterator {
        [(Color::White, &mut self.white), (Color::Black, &mut self.black)].into_iter()
    }

    /// References to both values.
    #[must_use]
    pub const fn as_ref(&self) -> ByColor<&T> {
        ByColor { white: &self.white, black: &self.black }
    }

    /// White and Black swapped.
    #[must_use]
    pub fn flip(self) -> ByColor<T> {
        ByColor { white: self.black, black: self.white }
    }

    /// The values as `[white, black]`.
    #[must_use]
    pub fn into_array(self) -> [T; 2] {
        [self.white, self.black]
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

impl<T> From<[T; 2]> for ByColor<T> {
    /// `[white, black]`.
    fn from([white, black]: [T; 2]) -> ByColor<T> {
        ByColor { white, black }
    }
}

impl<T> IntoIterator for ByColor<T> {
    type Item = (Color, T);
    type IntoIter = std::array::IntoIter<(Color, T), 2>;

    /// Both values with their colour, White first.
    fn into_iter(self) -> Self::IntoIter {
        [(Color::White, self.white), (Color::Black, self.black)].into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_get_map_iter() {
        let mut by = ByColor::from_fn(|c| c.index() * 10);
        assert_eq!(by, ByColor::new(0, 10));
        by[Color::White] += 1;
        *by.get_mut(Color::Black) += 2;
        assert_eq!((by[Color::White], *by.get(Color::Black)), (1, 12));
        assert_eq!(by.flip(), ByColor::new(12, 1));
        assert_eq!(by.map(|v| v.to_string()).into_array(), ["1".to_string(), "12".to_string()]);
        for (color, v) in by.iter_mut() {
            *v += color.index();
        }
        assert_eq!(by.into_iter().collect::<Vec<_>>(), [(Color::White, 1), (Color::Black, 13)]);
        assert_eq!(ByColor::<u8>::default(), ByColor::splat(0));
        assert_eq!(ByColor::from([3, 4]), ByColor::new(3, 4));
    }
}
