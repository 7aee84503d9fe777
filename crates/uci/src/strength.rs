//! `UCI_LimitStrength` and `UCI_Elo`: a rating mapped onto the search presets ([`Preset`]).
//!
//! Each preset is an anchor with the rating it measured on Stockfish 15.1's `UCI_Elo` scale
//! ([`ANCHORS`]; the matches are in `docs/strength.md`). A rating between two anchors interpolates
//! their options: the node budget geometrically, the consistency and the depth ceiling linearly, the
//! beam width linearly when both anchors have one, else the nearer anchor's. A rating at an anchor plays
//! exactly that preset, and ratings outside the range are clamped to it.

use gambit_search::{BotOptions, Preset};

/// The presets with their ratings on Stockfish 15.1's `UCI_Elo` scale, weakest first, rounded to 10:
/// Casual, Club and Expert from 60 games each against Stockfish at 5+0.05 s (`UCI_Elo` 1350, 1900
/// and 2100), Beginner 552 below Casual from 100 games between the two (Stockfish offers nothing
/// below 1350). The matches and their intervals are in `docs/strength.md`.
pub const ANCHORS: [(Preset, u32); 4] =
    [(Preset::Beginner, 660), (Preset::Casual, 1210), (Preset::Club, 1750), (Preset::Expert, 1990)];

/// The lowest `UCI_Elo` the engine offers (the weakest anchor).
pub const ELO_MIN: u32 = ANCHORS[0].1;

/// The highest `UCI_Elo` the engine offers (the strongest anchor).
pub const ELO_MAX: u32 = ANCHORS[ANCHORS.len() - 1].1;

/// The depth ceiling (plies) and bot options that play at about `elo` (clamped to
/// [`ELO_MIN`]..=[`ELO_MAX`]).
///
/// ```
/// use gambit_search::Preset;
/// use gambit_uci::strength::{ANCHORS, limited};
/// let (preset, elo) = ANCHORS[2];
/// assert_eq!(limited(elo), (preset.depth(), preset.options()));
/// ```
#[must_use]
pub fn limited(elo: u32) -> (u32, BotOptions) {
    let elo = elo.clamp(ELO_MIN, ELO_MAX);
    let upper = ANCHORS.iter().position(|&(_, e)| e >= elo).unwrap_or(ANCHORS.len() - 1);
    let (b, eb) = ANCHORS[upper];
    if eb == elo || upper == 0 {
        return (b.depth(), b.options());
    }
    let (a, ea) = ANCHORS[upper - 1];
    let t = f64::from(elo - ea) / f64::from(eb - ea);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_play_their_preset_and_budgets_grow_with_the_rating() {
        for (p, e) in ANCHORS {
            assert_eq!(limited(e), (p.depth(), p.options()));
        }
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
