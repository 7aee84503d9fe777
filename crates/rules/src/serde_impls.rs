//! Serde support (feature `serde`) for the types with one natural text form, the forms Gambit's save
//! files use: [`Square`] as `"e4"`, [`Role`] as its lower-case name (`"knight"`; reading also accepts
//! the letter, either case), [`Color`] as `"white"`/`"black"` (reading also accepts `"w"`/`"b"`).
//! [`ByColor`](crate::ByColor) derives as `{"white": .., "black": ..}`.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::types::{Color, Role, Square};

/// Reads a string and parses it with `FromStr`, reporting the type's own error message.
struct ParseVisitor<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for ParseVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

macro_rules! text_serde {
    ($ty:ty, $to_text:expr, $expecting:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                #[allow(clippy::redundant_closure_call)]
                serializer.collect_str(&($to_text)(self))
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(ParseVisitor(PhantomData, $expecting))
            }
        }
    };
}

text_serde!(Square, |s: &Square| *s, "a square name such as \"e4\"");
text_serde!(Role, |r: &Role| r.name(), "a role name such as \"knight\"");
text_serde!(Color, |c: &Color| c.name(), "\"white\" or \"black\"");
