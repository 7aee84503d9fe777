//! `UCI_LimitStrength` and `UCI_Elo`: a rating mapped onto the search presets ([`Preset`]).
//!
//! The presets lie on a *level* scale, in preset steps: 0.0 is Beginner, 1.0 Casual, 2.0 Club, 3.0
//! Expert ([`MAX_LEVEL`]). A level between two presets interpolates their options
//! ([`level_options`]): the node budget geometrically, the consistency and the depth ceiling
//! linearly, the beam width linearly when both presets have one, else the nearer preset's.
//! [`RATINGS`] gives levels their ratings on Stockfish 15.1's `UCI_Elo` scale (the matches are in
//! `docs/strength.md`); a rating between two rows interpolates their levels linearly, and ratings
//! outside the table are clamped to it.

use gambit_search::{BotOptions, Preset};

/// The presets in level order: `PRESETS[i]` is level `i`.
pub const PRESETS: [Preset; 4] = [Preset::Beginner, Preset::Casual, Preset::Club, Preset::Expert];

/// The strongest level (Expert), preset steps.
pub const MAX_LEVEL: f64 = (PRESETS.len() - 1) as f64;

/// Levels (preset steps, increasing) with their ratings on Stockfish 15.1's `UCI_Elo` scale
/// (increasing), rounded to 10, from `tools/calibrate_elo.py fit` at 18d4b9c (200 games a point at
/// 5+0.05 s; docs/strength.md has every point with its interval):
/// - measured against Stockfish: level 1.26 at 1280 (against `UCI_Elo` 1350), 1.72 at 1710
///   (against 1600), and Expert (3.0) at 1940, the pool of level 2.42 (1944 against 1850) and Expert
///   (1934 against 2100), which measured no stronger in turn;
/// - **extrapolated** below Stockfish's lowest `UCI_Elo` (1350) by self-play: Casual (1.0) at 1150,
///   135 below level 1.26, and Beginner (0.0) at 580, 564 below Casual.
pub const RATINGS: [(f64, u32); 5] = [(0.0, 580), (1.0, 1150), (1.26, 1280), (1.72, 1710), (3.0, 1940)];

/// The lowest `UCI_Elo` the engine offers (the table's first row).
pub const ELO_MIN: u32 = RATINGS[0].1;

/// The highest `UCI_Elo` the engine offers (the table's last row).
pub const ELO_MAX: u32 = RATINGS[RATINGS.len() - 1].1;

/// The level (preset steps, 0.0..=[`MAX_LEVEL`]) that plays at about `elo` by [`RATINGS`]
/// (clamped to [`ELO_MIN`]..=[`ELO_MAX`]).
#[must_use]
pub fn level_of(elo: u32) -> f64 {
    let elo = elo.clamp(ELO_MIN, ELO_MAX);
    let upper = RATINGS.iter().position(|&(_, e)| e >= elo).unwrap_or(RATINGS.len() - 1);
    let (lb, eb) = RATINGS[upper];
    if eb == elo || upper == 0 {
        return lb;
    }
    let (la, ea) = RATINGS[upper - 1];
    la + (lb - la) * f64::from(elo - ea) / f64::from(eb - ea)
}

/// The depth ceiling (plies) and bot options of `level` (preset steps, clamped to
/// 0.0..=[`MAX_LEVEL`]; a non-finite level reads as 0.0). A whole level plays exactly its preset.
///
/// ```
/// use gambit_search::Preset;
/// use gambit_uci::strength::level_options;
/// assert_eq!(level_options(2.0), (Preset::Club.depth(), Preset::Club.options()));
/// ```
#[must_use]
pub fn level_options(level: f64) -> (u32, BotOptions) {
    let level = if level.is_finite() { level.clamp(0.0, MAX_LEVEL) } else { 0.0 };
    let lower = (level.floor() as usize).min(PRESETS.len() - 2);
    let t = level - lower as f64;
    let (a, b) = (PRESETS[lower], PRESETS[lower + 1]);
    if t == 0.0 {
        return (a.depth(), a.options());
    }
    if t == 1.0 {
        return (b.depth(), b.options());
    }
    let (oa, ob) = (a.options(), b.options());
    let lerp = |x: f64, y: f64| x + (y - x) * t;
    let max_nodes =
        (oa.max_nodes as f64 * (ob.max_nodes as f64 / oa.max_nodes as f64).powf(t)).round() as u64;
    let beam_width = if oa.beam_width > 0 && ob.beam_width > 0 {
        lerp(oa.beam_width as f64, ob.beam_width as f64).round() as usize
    } else if t < 0.5 {
        oa.beam_width
    } else {
        ob.beam_width
    };
    let depth = lerp(f64::from(a.depth()), f64::from(b.depth())).round() as u32;
    let options = BotOptions {
        max_nodes,
        beam_width,
        consistency: lerp(oa.consistency, ob.consistency),
        time_limit_ms: None,
        hash_mib: oa.hash_mib.max(ob.hash_mib),
    };
    (depth, options)
}

/// The depth ceiling (plies) and bot options that play at about `elo` (clamped to
/// [`ELO_MIN`]..=[`ELO_MAX`]): [`level_options`] of [`level_of`].
///
/// ```
/// use gambit_uci::strength::{RATINGS, level_options, limited};
/// let (level, elo) = RATINGS[2];
/// assert_eq!(limited(elo), level_options(level));
/// ```
#[must_use]
pub fn limited(elo: u32) -> (u32, BotOptions) {
    level_options(level_of(elo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_levels_play_their_preset_and_budgets_grow_with_the_rating() {
        for (i, p) in PRESETS.into_iter().enumerate() {
            assert_eq!(level_options(i as f64), (p.depth(), p.options()));
        }
        for (level, elo) in RATINGS {
            assert_eq!(limited(elo), level_options(level));
        }
        assert!(RATINGS.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1));
        assert_eq!(level_options(-1.0), level_options(0.0));
        assert_eq!(level_options(f64::NAN), level_options(0.0));
        assert_eq!(level_options(7.0), level_options(MAX_LEVEL));
        assert_eq!(limited(0), limited(ELO_MIN));
        assert_eq!(limited(9999), limited(ELO_MAX));
        let mut last = limited(ELO_MIN);
        for elo in ELO_MIN..=ELO_MAX {
            let now = limited(elo);
            assert!(now.1.max_nodes >= last.1.max_nodes, "{elo}");
            assert!(now.1.consistency >= last.1.consistency, "{elo}");
            assert!(now.0 >= last.0, "{elo}");
            last = now;
        }
    }
}
