//! Run seeds a player can type, and the daily run: a UTC date gives the seed, rank 0 and no unlocks
//! for everyone, one attempt per date ([`Progress::start_daily`](crate::save::Progress::start_daily)).
//!
//! ```
//! use gambit_roguelite::seed::{Date, parse_seed};
//! assert_eq!(parse_seed(" 1234 "), Ok(1234));
//! assert!(parse_seed("12a").is_err());
//! let day = Date::from_unix_seconds(1_796_083_200); // 2026-12-01T00:00:00Z
//! assert_eq!(day.to_string(), "2026-12-01");
//! assert_eq!(day.seed(), Date::new(2026, 12, 1).unwrap().seed());
//! ```

use std::fmt;
use std::str::FromStr;

use gambit_rules::splitmix64;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::config::RunConfig;

/// The most digits a typed seed may have (every 9-digit number is a seed; the largest is
/// 999,999,999,999).
pub const MAX_SEED_DIGITS: usize = 12;

/// Why a typed seed was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeedError {
    /// Nothing typed.
    #[error("type a seed: a number of 1 to {MAX_SEED_DIGITS} digits")]
    Empty,
    /// A character that is not a digit.
    #[error("a seed has digits only, not {0:?}")]
    NotADigit(char),
    /// More than [`MAX_SEED_DIGITS`] digits.
    #[error("a seed has at most {MAX_SEED_DIGITS} digits")]
    TooLong,
}

/// Reads a typed seed: 1 to [`MAX_SEED_DIGITS`] decimal digits, spaces around ignored.
///
/// # Errors
/// [`SeedError`]: empty, a character that is not a digit, too many digits.
pub fn parse_seed(text: &str) -> Result<u64, SeedError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(SeedError::Empty);
    }
    if let Some(c) = t.chars().find(|c| !c.is_ascii_digit()) {
        return Err(SeedError::NotADigit(c));
    }
    if t.len() > MAX_SEED_DIGITS {
        return Err(SeedError::TooLong);
    }
    Ok(t.parse().expect("at most 12 digits fit a u64"))
}

/// A calendar date (proleptic Gregorian, UTC). `Display` and `FromStr`: `2026-12-01`; serialized as
/// that text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

/// Text that is not a date `YYYY-MM-DD`, or a day the month does not have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a date (YYYY-MM-DD)")]
pub struct DateError(pub String);

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The date `year-month-day`.
    ///
    /// # Errors
    /// [`DateError`] for a month outside 1..=12, a day the month does not have, or a year outside
    /// 1..=9999.
    pub fn new(year: i32, month: u8, day: u8) -> Result<Date, DateError> {
        if !(1..=9999).contains(&year)
            || !(1..=12).contains(&month)
            || day == 0
            || day > days_in_month(year, month)
        {
            return Err(DateError(format!("{year:04}-{month:02}-{day:02}")));
        }
        Ok(Date { year, month, day })
    }

    /// The UTC date of a time in seconds since 1970-01-01T00:00:00Z (days counted as in
    /// `civil_from_days` of H. Hinnant's date algorithms). Times before 1970 give 1970-01-01.
    #[must_use]
    pub fn from_unix_seconds(seconds: u64) -> Date {
        let z = (seconds / 86_400) as i64 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year: year.min(9999), month, day }
    }

    /// Today's UTC date from the system clock (1970-01-01 if the clock is before it).
    #[must_use]
    pub fn today_utc() -> Date {
        let secs =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Date::from_unix_seconds(secs)
    }

    /// The daily run's seed of this date: the number `YYYYMMDD` mixed (the same for every player), and
    /// kept to 9 digits so it can be typed again.
    #[must_use]
    pub fn seed(self) -> u64 {
        let n = self.year as u64 * 10_000 + u64::from(self.month) * 100 + u64::from(self.day);
        splitmix64(n ^ 0x000D_A117) % 1_000_000_000
    }

    /// The daily run of this date: its seed, rank 0, no unlocks (base unlocks for everyone), the
    /// shipped tuning, and the date recorded in [`RunConfig::daily`].
    #[must_use]
    pub fn daily_config(self) -> RunConfig {
        let mut config = RunConfig::new(self.seed());
        crate::skilltree::SkillTree::standard().configure(&mut config, &[]);
        config.daily = Some(self);
        config
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Date, DateError> {
        let bad = || DateError(s.chars().take(20).collect());
        let mut parts = s.split('-');
        let (Some(y), Some(m), Some(d), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let (y, m, d) =
            (y.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?, d.parse().map_err(|_| bad())?);
        Date::new(y, m, d).map_err(|_| bad())
    }
}

impl TryFrom<String> for Date {
    type Error = DateError;

    fn try_from(s: String) -> Result<Date, DateError> {
        s.parse()
    }
}

impl From<Date> for String {
    fn from(d: Date) -> String {
        d.to_string()
    }
}

/// A seed derived from the run seed and a purpose: `(tag, a, b)`, `tag` one of [`tags`] (the
/// run re-exports it as `run::derive_seed`).
#[must_use]
pub fn derive_seed(seed: u64, tag: u64, a: u64, b: u64) -> u64 {
    splitmix64(seed ^ splitmix64(tag ^ splitmix64(a ^ splitmix64(b.wrapping_add(0x5151)))))
}

/// Every seed tag of the library: the `tag` of [`derive_seed`], which
/// separates the purposes one run seed serves (the shop, the route, the enemy...), so that no two
/// purposes draw the same numbers. One table, so a new purpose takes a free tag; [`ALL`](tags::ALL)
/// lists them and a test holds them distinct.
///
/// A tag's value is part of every seeded run: changing one changes what every seed generates (and
/// what a saved run's log replays against), so a value is never reused or changed.
pub mod tags {
    /// The starting modifier offers of a new run.
    pub const OFFER: u64 = 1;
    /// The first battle's board and encounter.
    pub const FIRST: u64 = 2;
    /// The shop's offers.
    pub const SHOP: u64 = 3;
    /// The next-board choices.
    pub const BOARD: u64 = 4;
    /// The enemy bot's decisions in a run's battles ([`enemy_seed`](crate::run::enemy_seed)).
    pub const ENEMY: u64 = 5;
    /// The auto-player's battle decisions.
    pub const PLAYER: u64 = 6;
    /// Route generation ([`crate::route`]).
    pub const ROUTE: u64 = 7;
    /// A route node's encounter.
    pub const NODE: u64 = 8;
    /// An elite's encounter and its dropped badge.
    pub const ELITE: u64 = 9;
    /// The careless player's choices (the simulated players of [`crate::bot`]).
    pub const CARELESS: u64 = 10;
    /// The thinker's battle searches (the simulated players of [`crate::bot`]).
    pub const THINKER: u64 = 11;
    /// The bots' decisions in a watched bot-against-bot battle outside a run
    /// ([`watched_battle_seed`](super::watched_battle_seed), `gambit-cli battle`).
    pub const WATCHED_BATTLE: u64 = 12;
    /// The one shuffled order of a stage's templates whose windows route runs take
    /// ([`RunConfig::templates_once`](crate::config::RunConfig::templates_once)).
    pub const TEMPLATE_ORDER: u64 = 13;

    /// Every tag with its name, in value order.
    pub const ALL: [(&str, u64); 13] = [
        ("OFFER", OFFER),
        ("FIRST", FIRST),
        ("SHOP", SHOP),
        ("BOARD", BOARD),
        ("ENEMY", ENEMY),
        ("PLAYER", PLAYER),
        ("ROUTE", ROUTE),
        ("NODE", NODE),
        ("ELITE", ELITE),
        ("CARELESS", CARELESS),
        ("THINKER", THINKER),
        ("WATCHED_BATTLE", WATCHED_BATTLE),
        ("TEMPLATE_ORDER", TEMPLATE_ORDER),
    ];
}

/// The seed of a bot's decision in a watched bot-against-bot battle outside a run (`gambit-cli
/// battle`): from the battle's seed, its ply and the number of the action (1 for the first), under
/// [`tags::WATCHED_BATTLE`].
#[must_use]
pub fn watched_battle_seed(seed: u64, ply: u32, action: u32) -> u64 {
    derive_seed(seed, tags::WATCHED_BATTLE, u64::from(ply), u64::from(action))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_tags_are_distinct() {
        let mut values: Vec<u64> = tags::ALL.iter().map(|&(_, v)| v).collect();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), tags::ALL.len(), "two seed tags share a value: {:?}", tags::ALL);
        // The values seeded runs were generated with (changing one changes every seed's run).
        assert_eq!(tags::ALL.iter().map(|&(_, v)| v).collect::<Vec<_>>(), (1..=13).collect::<Vec<_>>());
        assert_eq!((tags::ENEMY, tags::PLAYER, tags::ROUTE, tags::CARELESS), (5, 6, 7, 10));
    }

    #[test]
    fn dates_from_the_clock_and_text() {
        assert_eq!(Date::from_unix_seconds(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_unix_seconds(951_782_400).to_string(), "2000-02-29");
        assert_eq!(Date::from_unix_seconds(1_796_169_599).to_string(), "2026-12-01");
        assert_eq!(Date::from_unix_seconds(1_796_169_600).to_string(), "2026-12-02");
        assert!("2026-02-29".parse::<Date>().is_err());
        assert!("2024-02-29".parse::<Date>().is_ok());
        assert!("2026-1-01".parse::<Date>().is_err());
        assert!("2026-13-01".parse::<Date>().is_err());
        let d: Date = serde_json::from_str("\"2026-12-01\"").unwrap();
        assert_eq!(serde_json::to_string(&d).unwrap(), "\"2026-12-01\"");
    }

    #[test]
    fn each_date_has_its_own_typable_seed() {
        let a = Date::new(2026, 12, 1).unwrap();
        let b = Date::new(2026, 12, 2).unwrap();
        assert_ne!(a.seed(), b.seed());
        assert_eq!(parse_seed(&a.seed().to_string()), Ok(a.seed()));
        let c = a.daily_config();
        assert_eq!((c.seed, c.daily, c.unlocks.len()), (a.seed(), Some(a), 0));
    }

    #[test]
    fn typed_seeds() {
        assert_eq!(parse_seed("0"), Ok(0));
        assert_eq!(parse_seed("999999999999"), Ok(999_999_999_999));
        assert_eq!(parse_seed("1000000000000"), Err(SeedError::TooLong));
        assert_eq!(parse_seed("  "), Err(SeedError::Empty));
        assert_eq!(parse_seed("-5"), Err(SeedError::NotADigit('-')));
    }
}
