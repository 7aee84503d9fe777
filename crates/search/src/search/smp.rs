//! Lazy SMP: helper threads run the same iterative deepening on copies of the game and share the
//! transposition table with the main searcher; only the main searcher reports and decides.
//!
//! Helpers skip some depths (the `i`-th helper skips blocks of iterations, as in Stockfish's
//! `SkipSize`/`SkipPhase` tables), so the threads spread over neighbouring depths and fill the table
//! with results the main thread picks up. They stop when the main search ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::{Limits, SearchHandler, SearchResult, Searcher};
use crate::game::Game;

/// Depth-skipping schedule of helper `i` (1-based): block size and phase, cycling every 20 helpers.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// The largest number of search threads [`Searcher::set_threads`] accepts.
pub const MAX_THREADS: usize = 256;

/// A helper's handler: stops when the main search has ended.
struct HelperHandler {
    stop: Arc<AtomicBool>,
}

impl<A> SearchHandler<A> for HelperHandler {
    fn should_stop(&mut self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

impl<G: Game> Searcher<G> {
    /// Whether this searcher (a Lazy SMP helper) skips the iteration at `depth`.
    pub(super) fn skips_depth(&self, depth: u32) -> bool {
        if self.helper_index == 0 {
            return false;
        }
        let i = (self.helper_index - 1) % SKIP_SIZE.len();
        !((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]).is_multiple_of(2)
    }

    /// Adds this helper's nodes since the last call to the shared count.
    pub(super) fn publish_nodes(&mut self) {
        if let Some(shared) = &self.shared_nodes {
            shared.fetch_add(self.nodes - self.published_nodes, Ordering::Relaxed);
            self.published_nodes = self.nodes;
        }
    }

    /// The number of search threads (1 + helpers).
    #[must_use]
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }
}

impl<G: Game + Clone + Send> Searcher<G> {
    /// Sets the number of threads of [`Searcher::search_parallel`] (clamped to 1..=[`MAX_THREADS`]).
    /// With more than one, the transposition table becomes shareable (each slot behind its own lock)
    /// and the helpers get their own ordering tables.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        if threads == self.threads() {
            return;
        }
        self.helpers.clear();
        if threads == 1 {
            self.shared_nodes = None;
            return;
        }
        let table = self.tt.share();
        self.shared_nodes = Some(Arc::new(AtomicU64::new(0)));
        for i in 1..threads {
            let mut helper = Searcher::new_sharing(self.params, table.clone_handle());
            helper.helper_index = i;
            helper.shared_nodes = self.shared_nodes.clone();
            self.helpers.push(helper);
        }
    }

    /// Searches with every thread set by [`Searcher::set_threads`] (Lazy SMP) and returns the main
    /// thread's result; with one thread this is [`Searcher::search_among`]. The node counts of the
    /// reports and the result, and the node budget, count every thread's nodes: each thread publishes
    /// its count every [`Params::poll_interval`](crate::Params::poll_interval) nodes and stops at the
    /// budget by what is published, so the total can pass the budget by less than one interval per
    /// other thread. Unlike a single thread, the outcome of a parallel search depends on timing: it is
    /// not deterministic.
    pub fn search_parallel<H: SearchHandler<G::Action>>(
        &mut self,
        game: &mut G,
        limits: &Limits,
        root_actions: &[G::Action],
        handler: &mut H,
    ) -> SearchResult<G::Action> {
        if self.helpers.is_empty() {
            return self.search_among(game, limits, root_actions, handler);
        }
        let stop = Arc::new(AtomicBool::new(false));
        if let Some(shared) = &self.shared_nodes {
            shared.store(0, Ordering::Relaxed);
        }
        self.tt.new_search();
        let age = self.tt.age();
        let helper_limits = limits.clone();
        let mut helpers = std::mem::take(&mut self.helpers);
        let result = std::thread::scope(|scope| {
            for helper in &mut helpers {
                helper.params = self.params;
                helper.tt.set_age(age);
                let mut copy = game.clone();
                let flag = Arc::clone(&stop);
                let limits = helper_limits.clone();
                let root = root_actions.to_vec();
                scope.spawn(move || {
                    let mut h = HelperHandler { stop: flag };
                    helper.run(&mut copy, &limits, &root, &mut h);
                    helper.publish_nodes();
                });
            }
            let r = self.run(game, limits, root_actions, handler);
            stop.store(true, Ordering::Relaxed);
            r
        });
        self.helpers = helpers;
        result
    }
}
