//! The run's journey: its route, where it stands on it, the way it came, and its battles counted.

use crate::route::{NodeKind, NodeRef, Route};

/// Where a run has been. The node it is at is the last of its path; it has won at most the
/// battles it started.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Journey {
    /// The route (`None` in a three-battle run, and before the start offer is taken).
    route: Option<Route>,
    /// The route nodes chosen so far, in order (rebuilt by replaying the log; not saved on its own).
    path: Vec<NodeRef>,
    battles_started: u32,
    battles_won: u32,
}

impl Journey {
    /// The route, once the start offer is taken (`None` in a three-battle run).
    pub(crate) fn route(&self) -> Option<&Route> {
        self.route.as_ref()
    }

    /// The route node the run is at (the last chosen), `None` before the first.
    pub(crate) fn at(&self) -> Option<NodeRef> {
        self.path.last().copied()
    }

    /// The route nodes chosen so far, in order.
    pub(crate) fn path(&self) -> &[NodeRef] {
        &self.path
    }

    /// The battles started so far.
    pub(crate) fn battles_started(&self) -> u32 {
        self.battles_started
    }

    /// The battles won so far.
    pub(crate) fn battles_won(&self) -> u32 {
        self.battles_won
    }

    /// The kind of the node the run is at.
    pub(crate) fn node_kind(&self) -> Option<NodeKind> {
        Some(self.route.as_ref()?.node(self.at()?)?.kind)
    }

    /// The nodes the run may go to next (none without a route, or past its last act).
    pub(crate) fn choices(&self) -> Vec<NodeRef> {
        self.route.as_ref().map(|r| r.choices(self.at())).unwrap_or_default()
    }

    /// Whether the run is at its route's final node (the boss).
    pub(crate) fn at_final(&self) -> bool {
        matches!((&self.route, self.at()), (Some(r), Some(at)) if r.is_final(at))
    }

    /// The route the run follows from now on.
    pub(crate) fn set_route(&mut self, route: Route) {
        self.route = Some(route);
    }

    /// The run goes to the node `at` (the caller has checked it is one of [`Journey::choices`]).
    pub(crate) fn go_to(&mut self, at: NodeRef) {
        self.path.push(at);
    }

    /// A battle starts; returns its number (1 for the first).
    pub(crate) fn start_battle(&mut self) -> u32 {
        self.battles_started += 1;
        self.battles_started
    }

    /// The battle started last is won.
    pub(crate) fn win_battle(&mut self) {
        debug_assert!(self.battles_won < self.battles_started, "a battle won that did not start");
        self.battles_won += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_node_the_run_is_at_is_the_last_it_went_to() {
        let mut journey = Journey::default();
        assert_eq!((journey.at(), journey.choices(), journey.node_kind()), (None, Vec::new(), None));
        journey.set_route(Route::generate(7, 3, &crate::route::RouteTuning::default()));
        let first = journey.choices();
        assert!(!first.is_empty());
        journey.go_to(first[0]);
        assert_eq!(journey.at(), Some(first[0]));
        assert!(journey.node_kind().is_some());
        let next = journey.choices();
        assert!(next.iter().all(|n| n.act > first[0].act || n.row > first[0].row), "{next:?}");
        journey.go_to(next[0]);
        assert_eq!(journey.path(), &[first[0], next[0]]);
        assert!(!journey.at_final());
    }

    #[test]
    fn battles_are_counted_as_they_start_and_are_won() {
        let mut journey = Journey::default();
        assert_eq!(journey.start_battle(), 1);
        journey.win_battle();
        assert_eq!(journey.start_battle(), 2);
        assert_eq!((journey.battles_started(), journey.battles_won()), (2, 1));
    }
}
