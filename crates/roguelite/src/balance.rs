//! The balance targets: the figures `gambit-cli simulate` measures a tuning against (win rates of runs,
//! route nodes and encounter templates, how often items are bought, promotions after a teleport). A
//! range is `(low, high)` in percent, both ends included ([`in_target`]).
//!
//! ```
//! use gambit_roguelite::balance::{in_target, run_target};
//! use gambit_roguelite::rank::Rank;
//! assert_eq!(run_target(Rank::MIN), Some((20.0, 40.0)));
//! assert!(in_target(25.0, (20.0, 40.0)));
//! ```

use crate::rank::Rank;

/// A target range in percent, `(low, high)`, both ends included.
pub type TargetRange = (f64, f64);

/// Issue 16's run-victory target at rank 0 (route runs, random route choices), percent. (Issue 14's
/// per-stage targets were set for three-battle runs; a route's targets are per node, [`ROUTE_TARGETS`].)
pub const RUN_TARGET: TargetRange = (20.0, 40.0);

/// Issue 16's target for the top rank: run victories under 10%.
pub const TOP_RANK_TARGET: TargetRange = (0.0, 10.0);

/// The run-victory target of a rank: [`RUN_TARGET`] at rank 0 (route runs), [`TOP_RANK_TARGET`] at the
/// top rank, none between (the rate must fall with rank, which one batch of runs cannot judge).
#[must_use]
pub fn run_target(rank: Rank) -> Option<TargetRange> {
    if rank == Rank::MIN {
        Some(RUN_TARGET)
    } else if rank == Rank::MAX {
        Some(TOP_RANK_TARGET)
    } else {
        None
    }
}

/// One row of the route targets: the battles of some node kinds in one act.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RouteTarget {
    /// The row's label (`act 1 battles`).
    pub label: &'static str,
    /// The act, 0-based.
    pub act: u32,
    /// The node kinds counted, by [`NodeKind::label`](crate::route::NodeKind::label).
    pub kinds: &'static [&'static str],
    /// The win-rate target, `None`: reported without a target.
    pub target: Option<TargetRange>,
}

/// Issue 16's targets for route runs, per act and node kind.
pub const ROUTE_TARGETS: [RouteTarget; 6] = [
    RouteTarget { label: "act 1 battles", act: 0, kinds: &["battle"], target: Some((85.0, 100.0)) },
    RouteTarget { label: "act 1 elites", act: 0, kinds: &["elite"], target: None },
    RouteTarget { label: "act 1 boss", act: 0, kinds: &["boss"], target: Some((60.0, 80.0)) },
    RouteTarget { label: "act 2 battles", act: 1, kinds: &["battle"], target: None },
    RouteTarget { label: "act 2 elites", act: 1, kinds: &["elite"], target: None },
    RouteTarget { label: "final boss", act: 1, kinds: &["boss"], target: Some((35.0, 55.0)) },
];

/// The win rate every encounter template should have against the auto-player, percent.
pub const TEMPLATE_TARGET: TargetRange = (30.0, 95.0);

/// Issue 15's target: every item bought in at least this share of the shops that offer it, percent.
pub const ITEM_BOUGHT_MIN: f64 = 5.0;

/// Issue 15's target: every item in at most this share of winning builds, percent.
pub const ITEM_BUILD_MAX: f64 = 40.0;

/// The most player promotions by a pawn that teleported within its last two moves, as a share of
/// the player's promotions, percent.
pub const PROMOTION_AFTER_TELEPORT_MAX: f64 = 20.0;

/// Issue 40's outside judge (`bot::judge`): a decision this many centipawns or more worse than the
/// judge's best is a bad one.
pub const JUDGE_BAD_CP: i32 = 200;

/// Issue 40's target: at most this share of the judged enemy decisions of a route row are bad,
/// percent.
pub const JUDGE_MAX_BAD: f64 = 10.0;

/// Issue 40 section 3's target for one reference player's run victories on a report block: the
/// point estimate within [`point`](SkillTarget::point) and the whole 95 % Wilson interval ([`wilson`])
/// within [`interval`](SkillTarget::interval), percent.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SkillTarget {
    /// Where the victory rate itself must lie, percent, both ends included.
    pub point: TargetRange,
    /// Where both ends of its 95 % Wilson interval must lie, percent, both ends included.
    pub interval: TargetRange,
}

impl SkillTarget {
    /// Whether `k` victories of `n` runs meet the target (`false` for `n == 0`: nothing measured).
    #[must_use]
    pub fn met(&self, k: u64, n: u64) -> bool {
        if n == 0 {
            return false;
        }
        let (lo, hi) = wilson(k, n);
        in_target(100.0 * k as f64 / n as f64, self.point)
            && in_target(lo, self.interval)
            && in_target(hi, self.interval)
    }
}

/// Issue 40 section 3, rank 0: the `careless` player wins at most 5 % of runs, upper 95 % bound at
/// most 8 %.
pub const CARELESS_TARGET: SkillTarget = SkillTarget { point: (0.0, 5.0), interval: (0.0, 8.0) };

/// Issue 40 section 3, rank 0: the `auto` player's victory rate within 20-40 %, its 95 % interval
/// within 15-45 %.
pub const AUTO_TARGET: SkillTarget = SkillTarget { point: (20.0, 40.0), interval: (15.0, 45.0) };

/// Issue 40 section 3, rank 0: the `thinker` wins at least 60 % of runs, lower 95 % bound at least
/// 55 %.
pub const THINKER_TARGET: SkillTarget = SkillTarget { point: (60.0, 100.0), interval: (55.0, 100.0) };

/// Issue 40 section 3, the top rank ([`Rank::MAX`]): the `thinker`'s upper 95 % bound at most 40 %.
pub const THINKER_TOP_RANK_TARGET: SkillTarget = SkillTarget { point: (0.0, 40.0), interval: (0.0, 40.0) };

/// Issue 40 section 3: on every route row ([`ROUTE_TARGETS`]) at rank 0, the `thinker`'s battle win
/// rate at least this many percentage points above the `careless` player's.
pub const ROW_GAP_MIN_POINTS: f64 = 40.0;

/// Issue 40 section 3: the rank steps `r -> r + 1` tested for the `thinker`, `r` from 0 to this
/// bound (exclusive): each must show rank `r + 1` below rank `r` ([`RANK_STEP_ALPHA`]).
pub const RANK_STEPS_TESTED: u32 = 5;

/// The significance level of a rank step's paired one-sided test (an exact sign test on the seeds
/// that one rank won and the other lost).
pub const RANK_STEP_ALPHA: f64 = 0.05;

/// Issue 40 section 4: seeds below this are for tuning; report blocks start here.
pub const REPORT_SEED_BASE: u64 = 100_000;

/// The distance between the first seeds of two consecutive report blocks.
pub const REPORT_BLOCK_STRIDE: u64 = 10_000;

/// The seeds of one report block, per configuration.
pub const REPORT_BLOCK_SEEDS: u64 = 500;

/// The first and last seed (inclusive) of report block `k`: `100,000 + 10,000 k` and 499 more, or
/// `None` when they would overflow `u64`.
#[must_use]
pub fn report_block(k: u64) -> Option<(u64, u64)> {
    let first = k.checked_mul(REPORT_BLOCK_STRIDE)?.checked_add(REPORT_SEED_BASE)?;
    Some((first, first.checked_add(REPORT_BLOCK_SEEDS - 1)?))
}

/// The 95 % Wilson score interval of `k` successes in `n` trials, percent, `(low, high)`; `(0, 0)`
/// when `n == 0`.
#[must_use]
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.96f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (100.0 * (centre - half).max(0.0), 100.0 * (centre + half).min(1.0))
}

/// Whether `rate` (percent) is within `range`, both ends included.
#[must_use]
pub fn in_target(rate: f64, (low, high): TargetRange) -> bool {
    (low..=high).contains(&rate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_include_their_ends() {
        assert!(in_target(20.0, RUN_TARGET) && in_target(40.0, RUN_TARGET));
        assert!(!in_target(19.9, RUN_TARGET) && !in_target(40.1, RUN_TARGET));
        assert!(!in_target(f64::NAN, TEMPLATE_TARGET));
    }

    #[test]
    fn wilson_matches_published_values() {
        // 0 of 10: (0, 27.75) %; 5 of 10: (23.66, 76.34) %; 60 of 100: (50.20, 69.06) %.
        let close = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 0.01 && (a.1 - b.1).abs() < 0.01;
        assert!(close(wilson(0, 10), (0.0, 27.75)), "{:?}", wilson(0, 10));
        assert!(close(wilson(5, 10), (23.66, 76.34)), "{:?}", wilson(5, 10));
        assert!(close(wilson(60, 100), (50.20, 69.06)), "{:?}", wilson(60, 100));
        assert_eq!(wilson(0, 0), (0.0, 0.0));
    }

    #[test]
    fn skill_targets_need_the_point_and_the_interval() {
        // 330 of 500 (66 %, 61.7-70.0 %) meets the thinker's; 310 of 500 (62 %, 57.7-66.1 %) too;
        // 31 of 50 (62 %, 48.1-74.1 %) does not: its lower bound is under 55 %.
        assert!(THINKER_TARGET.met(330, 500) && THINKER_TARGET.met(310, 500));
        assert!(!THINKER_TARGET.met(31, 50));
        assert!(CARELESS_TARGET.met(5, 500) && !CARELESS_TARGET.met(30, 500));
        assert!(AUTO_TARGET.met(150, 500) && !AUTO_TARGET.met(3, 10));
        assert!(THINKER_TOP_RANK_TARGET.met(150, 500) && !THINKER_TOP_RANK_TARGET.met(190, 500));
        assert!(!CARELESS_TARGET.met(0, 0));
    }

    #[test]
    fn report_blocks_start_at_one_hundred_thousand() {
        assert_eq!(report_block(0), Some((100_000, 100_499)));
        assert_eq!(report_block(3), Some((130_000, 130_499)));
        assert_eq!(report_block(u64::MAX), None);
    }

    #[test]
    fn only_the_first_and_top_ranks_have_a_run_target() {
        assert_eq!(run_target(Rank::MIN), Some(RUN_TARGET));
        assert_eq!(run_target(Rank::MAX), Some(TOP_RANK_TARGET));
        let middle = Rank::new(1).expect("rank 1 exists");
        assert_eq!(run_target(middle), None);
    }

    #[test]
    fn every_target_is_an_ordered_percent_range() {
        let ranges = ROUTE_TARGETS.iter().filter_map(|r| r.target).chain([
            RUN_TARGET,
            TOP_RANK_TARGET,
            TEMPLATE_TARGET,
        ]);
        for (low, high) in ranges {
            assert!((0.0..=high).contains(&low) && high <= 100.0, "({low}, {high})");
        }
        for row in ROUTE_TARGETS {
            assert!(row.act < crate::route::MAX_ACTS, "{}", row.label);
            assert!(row.kinds.iter().all(|k| ["battle", "elite", "boss"].contains(k)), "{}", row.label);
        }
    }
}
