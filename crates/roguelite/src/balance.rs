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
