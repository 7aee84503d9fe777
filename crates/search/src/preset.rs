//! The one difficulty ladder: named presets, each a depth ceiling, a node budget, a beam width and a
//! consistency. No time limit, so a preset's decisions are deterministic on any machine.

use std::fmt;
use std::str::FromStr;

use crate::bot::BotOptions;

/// A rung of the difficulty ladder, weakest first. The desktop game, `gambit-cli` and the roguelite's
/// stage tuning name presets instead of their own budgets.
///
/// | preset | depth ceiling (plies) | node budget | beam width | consistency |
/// |---|---|---|---|---|
/// | `Beginner` | 1 | 420 | 10 | 0.5 |
/// | `Casual` | 3 | 2,400 | 10 | 0.9 |
/// | `Club` | 12 | 6,000 | all | 1.0 |
/// | `Expert` | 12 | 30,000 | all | 1.0 |
///
/// Each rung is measured against the one below in skill chess (`docs/strength.md`): the beam width is
/// what separates Casual from Club most (a beam of 10 at every node misses defences a full-width search
/// sees).
///
/// Its text form is the lower-case name (`"club"`), read back by [`FromStr`] (case-insensitive), and
/// with the `serde` feature it serializes as that name.
///
/// ```
/// use gambit_search::Preset;
/// let club: Preset = "Club".parse().unwrap();
/// assert_eq!((club.depth(), club.options().max_nodes, club.to_string()), (12, 6_000, "club".into()));
/// assert_eq!(club.options().beam_width, 0, "full width");
/// assert!(Preset::ALL.windows(2).all(|w| w[0].options().max_nodes < w[1].options().max_nodes));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Preset {
    /// One ply, 420 nodes, beam 10; takes its top choice half the time.
    Beginner,
    /// Three plies at most, 2,400 nodes, beam 10; takes its top choice nine times in ten.
    #[default]
    Casual,
    /// Up to twelve plies, 6,000 nodes, full width; always its top choice.
    Club,
    /// Up to twelve plies, 30,000 nodes, full width; always its top choice.
    Expert,
}

impl Preset {
    /// Every preset, weakest first.
    pub const ALL: [Preset; 4] = [Preset::Beginner, Preset::Casual, Preset::Club, Preset::Expert];

    /// The name as shown to players: `"Beginner"`, `"Casual"`, `"Club"`, `"Expert"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Beginner => "Beginner",
            Preset::Casual => "Casual",
            Preset::Club => "Club",
            Preset::Expert => "Expert",
        }
    }

    /// The lower-case name, the text form (`"beginner"`, ...).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Preset::Beginner => "beginner",
            Preset::Casual => "casual",
            Preset::Club => "club",
            Preset::Expert => "expert",
        }
    }

    /// The depth ceiling passed to [`choose`](crate::choose), plies.
    #[must_use]
    pub const fn depth(self) -> u32 {
        match self {
            Preset::Beginner => 1,
            Preset::Casual => 3,
            Preset::Club | Preset::Expert => 12,
        }
    }

    /// The bot options: node budget, beam width (0 = all), consistency, no time limit, and a
    /// transposition table sized for the budget (MiB).
    #[must_use]
    pub const fn options(self) -> BotOptions {
        let (max_nodes, beam_width, consistency, hash_mib) = match self {
            Preset::Beginner => (420, 10, 0.5, 1),
            Preset::Casual => (2_400, 10, 0.9, 1),
            Preset::Club => (6_000, 0, 1.0, 2),
            Preset::Expert => (30_000, 0, 1.0, 8),
        };
        BotOptions { max_nodes, beam_width, consistency, time_limit_ms: None, hash_mib }
    }

    /// The next preset up, wrapping from `Expert` to `Beginner` (for a cycling button).
    #[must_use]
    pub const fn next(self) -> Preset {
        match self {
            Preset::Beginner => Preset::Casual,
            Preset::Casual => Preset::Club,
            Preset::Club => Preset::Expert,
            Preset::Expert => Preset::Beginner,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.key())
    }
}

/// A preset name that is not one of [`Preset::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePresetError(pub String);

impl fmt::Display for ParsePresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown preset {:?}: expected beginner, casual, club or expert", self.0)
    }
}

impl std::error::Error for ParsePresetError {}

impl FromStr for Preset {
    type Err = ParsePresetError;

    fn from_str(s: &str) -> Result<Preset, ParsePresetError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.key().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParsePresetError(s.chars().take(32).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_the_ladder_climbs() {
        for p in Preset::ALL {
            assert_eq!(p.to_string().parse::<Preset>(), Ok(p));
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
            assert_eq!(p.options().time_limit_ms, None, "{p}: deterministic");
        }
        assert!("grandmaster".parse::<Preset>().is_err());
        assert_eq!(Preset::Expert.next(), Preset::Beginner);
        for w in Preset::ALL.windows(2) {
            assert!(w[0] < w[1] && w[0].next() == w[1]);
            assert!(w[0].options().max_nodes < w[1].options().max_nodes);
            assert!(w[0].depth() <= w[1].depth());
        }
    }
}
