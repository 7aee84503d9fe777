//! The search core: iterative deepening over negamax alpha-beta, synchronous and deterministic.
//!
//! Progress reports (`SearchInfo`) and stopping go through a [`SearchHandler`]; the node budget, the depth limit and the time
//! limits live in [`Limits`]. Every simulated action ([`Game::play`] and a successful
//! [`Game::play_null`]) counts as one node, and the budget is checked *before* each simulation, so a
//! search never exceeds its node budget (no slack).

use std::time::{Duration, Instant};

use crate::game::Game;
use crate::ordering::{Context, KILLER_KEY, MoveOrderer, Picker, TT_MOVE};
use crate::params::Params;
use crate::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY, is_mate, terminal_score};
use crate::tt::{Bound, TranspositionTable};

/// The deepest iteration the search starts, plies.
pub const MAX_DEPTH: u32 = 100;

mod smp;
pub use smp::MAX_THREADS;

/// What ends a search. All fields `None` searches until [`MAX_DEPTH`] or until the handler stops it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, plies (clamped to 1..=[`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// The node budget: simulated actions in total. The search stops before exceeding it.
    pub nodes: Option<u64>,
    /// Hard time limit, milliseconds: the search stops mid-iteration when it passes. Not deterministic.
    pub time_ms: Option<u64>,
    /// Soft time limit, milliseconds: no new iteration starts after it.
    pub soft_time_ms: Option<u64>,
}

/// What the search reports after each completed iteration (UCI `info`).
#[derive(Debug)]
pub struct SearchInfo<'a, A> {
    /// The completed depth, plies.
    pub depth: u32,
    /// The deepest ply reached (quiescence and extensions included).
    pub seldepth: u32,
    /// The score, centipawns from the side to move's view (see [`crate::score`] for mates).
    pub score: i32,
    /// Nodes (simulated actions) so far.
    pub nodes: u64,
    /// Time since the search started, milliseconds.
    pub elapsed_ms: u64,
    /// The principal variation.
    pub pv: &'a [A],
    /// Transposition-table fill, permille.
    pub hashfull: u32,
    /// The best root lines with their scores, best first: one line, or [`Params::multipv`] lines
    /// (fewer when the root has fewer actions). The first line's moves are [`SearchInfo::pv`].
    pub lines: &'a [PvLine<A>],
}

/// One root action's line after a completed iteration (UCI MultiPV).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine<A> {
    /// The score, centipawns from the root mover's view.
    pub score: i32,
    /// Whether the score is exact (otherwise an upper bound: the action was proven no better).
    pub exact: bool,
    /// The line, starting with the root action.
    pub pv: Vec<A>,
}

/// The search's callbacks: a stop poll and progress reports. The UCI front end, a game front end and
/// tests each bring their own.
pub trait SearchHandler<A> {
    /// Polled every [`Params::poll_interval`] nodes; returning `true` stops the search.
    fn should_stop(&mut self) -> bool {
        false
    }

    /// Asked before each iteration after the first; returning `true` ends the search with the last
    /// completed iteration (a soft time limit: no new iteration is started).
    fn stop_deepening(&mut self) -> bool {
        false
    }

    /// Called after each completed iteration.
    fn on_iteration(&mut self, _progress: &SearchInfo<'_, A>) {}
}

/// A handler that never stops the search and ignores progress.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoHandler;

impl<A> SearchHandler<A> for NoHandler {}

/// One root action of a completed search, in ranked order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RankedAction<A> {
    /// The action.
    pub action: A,
    /// Its score in centipawns from the root mover's view, `None` when no iteration completed (depth-0
    /// fallback: ranked by the ordering hint only).
    pub score: Option<i32>,
    /// Whether the score is exact (otherwise an upper bound: the action was proven no better).
    pub exact: bool,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<A> {
    /// The chosen action; `None` only when the root has no legal action.
    pub best: Option<A>,
    /// Its score, centipawns from the side to move's view (the static evaluation at depth 0; a terminal
    /// score when there is no action).
    pub score: i32,
    /// The principal variation, starting with `best` (empty at depth 0).
    pub pv: Vec<A>,
    /// The last iteration whose whole retained root set was evaluated, plies; 0 for the fallback.
    pub completed_depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Simulated actions.
    pub nodes: u64,
    /// Wall-clock time, milliseconds.
    pub elapsed_ms: u64,
    /// The retained root actions, best first.
    pub ranked: Vec<RankedAction<A>>,
}

/// What one node of the search knows once its table probe and static evaluation are done, passed
/// to the parts of [`Searcher::negamax`].
#[derive(Clone, Copy)]
struct Node<A> {
    /// Plies to go (after the check extension and internal iterative reduction).
    depth: i32,
    /// Plies from the root.
    ply: usize,
    /// Whether the window is open (`beta - alpha > 1`).
    pv_node: bool,
    in_check: bool,
    /// Whether the static evaluation rose since this side's previous node.
    improving: bool,
    /// The static evaluation, or a stored bound that tightens it (centipawns; `-INFINITY` in check).
    eval: i32,
    /// Whether a null move may be tried.
    allow_null: bool,
    /// The action a singular-extension search leaves out.
    excluded: Option<A>,
    /// The transposition table's action for this node.
    tt_move: Option<A>,
}

/// One action of a node about to be searched: its index in the search order, whether it is quiet,
/// its extension (plies) and the history's share of its reduction (plies).
#[derive(Clone, Copy)]
struct Child<A> {
    action: A,
    index: usize,
    quiet: bool,
    extension: i32,
    lmr_history: i32,
}

#[derive(Clone)]
struct RootEntry<A> {
    action: A,
    score: i32,
    exact: bool,
    /// The line found for this action (just the action when it failed low).
    pv: Vec<A>,
}

/// A reusable searcher for one game type: the transposition table, the ordering tables and buffers.
pub struct Searcher<G: Game> {
    /// The tunables.
    pub params: Params,
    tt: TranspositionTable<G::Action>,
    ordering: MoveOrderer<G::Action>,
    /// The root's ordered actions.
    root_list: Vec<(i32, G::Action)>,
    /// The move picker of each ply.
    pickers: Vec<Picker<G::Action>>,
    buf: Vec<G::Action>,
    pv: Vec<Vec<G::Action>>,
    /// The static evaluation of each ply's node on the current line ([`NO_EVAL`] in check or unknown).
    evals: Vec<i32>,
    /// The continuation-history slot of the action played from each ply on the current line.
    cont_stack: Vec<Option<usize>>,
    /// The action a singular-extension search at each ply leaves out (`None` outside such a search).
    excluded: Vec<Option<G::Action>>,
    /// Per ply: the turns (side changes) between the root and the node at that ply.
    turns: Vec<u32>,
    /// Per ply: whether the node is searched at full width ([`Params::full_width_turns`]).
    wide: Vec<bool>,
    root: Vec<RootEntry<G::Action>>,
    iter_best: Option<(G::Action, i32, Vec<G::Action>)>,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    node_limit: u64,
    deadline: Option<Instant>,
    start: Instant,
    /// Lazy SMP: the helper searchers sharing this one's transposition table (module `smp`).
    helpers: Vec<Searcher<G>>,
    /// Lazy SMP: the nodes of all threads of a parallel search, as each publishes them.
    shared_nodes: Option<std::sync::Arc<std::sync::atomic::AtomicU64>>,
    /// Lazy SMP: this searcher's nodes already added to `shared_nodes`.
    published_nodes: u64,
    /// Lazy SMP: 0 for the main searcher, `i` for the `i`-th helper (its depth schedule).
    helper_index: usize,
}

impl<G: Game> Searcher<G> {
    /// A searcher with a transposition table of about `hash_mib` MiB.
    #[must_use]
    pub fn new(params: Params, hash_mib: usize) -> Searcher<G> {
        Searcher::new_sharing(params, TranspositionTable::new(hash_mib))
    }

    /// A searcher using `tt` (a Lazy SMP helper gets a handle to the main searcher's table).
    fn new_sharing(params: Params, tt: TranspositionTable<G::Action>) -> Searcher<G> {
        Searcher {
            params,
            tt,
            ordering: MoveOrderer::new(G::HISTORY_SLOTS),
            root_list: Vec::new(),
            pickers: (0..MAX_PLY + 2).map(|_| Picker::default()).collect(),
            buf: Vec::new(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            evals: vec![NO_EVAL; MAX_PLY + 2],
            cont_stack: vec![None; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            turns: vec![0; MAX_PLY + 2],
            wide: vec![false; MAX_PLY + 2],
            root: Vec::new(),
            iter_best: None,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            node_limit: u64::MAX,
            deadline: None,
            start: Instant::now(),
            helpers: Vec::new(),
            shared_nodes: None,
            published_nodes: 0,
            helper_index: 0,
        }
    }

    /// Forgets everything learnt (transposition table, history, killers): a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        for h in &mut self.helpers {
            h.ordering.clear();
        }
    }

    /// Replaces the transposition table by an empty one of about `mib` MiB (shared with the Lazy SMP
    /// helpers, if any).
    pub fn resize_hash(&mut self, mib: usize) {
        self.tt = TranspositionTable::new(mib);
        if !self.helpers.is_empty() {
            let table = self.tt.share();
            for h in &mut self.helpers {
                h.tt = table.clone_handle();
            }
        }
    }

    /// Searches `game` (left as it was) within `limits`, reporting to `handler`.
    pub fn search<H: SearchHandler<G::Action>>(
        &mut self,
        game: &mut G,
        limits: &Limits,
        handler: &mut H,
    ) -> SearchResult<G::Action> {
        self.search_among(game, limits, &[], handler)
    }

    /// Like [`Searcher::search`], but only the root actions in `root_actions` are searched (UCI
    /// `searchmoves`); all of them when it is empty or names no legal action.
    pub fn search_among<H: SearchHandler<G::Action>>(
        &mut self,
        game: &mut G,
        limits: &Limits,
        root_actions: &[G::Action],
        handler: &mut H,
    ) -> SearchResult<G::Action> {
        self.tt.new_search();
        self.run(game, limits, root_actions, handler)
    }

    /// The root actions (`root_actions` only, when the UCI `searchmoves` names some of them), ranked
    /// by the ordering (transposition-table move, hint) and cut to the beam, into `self.root`.
    fn order_root(&mut self, game: &mut G, root_actions: &[G::Action]) {
        let mut buf = std::mem::take(&mut self.buf);
        game.actions(&mut buf);
        if buf.iter().any(|a| root_actions.contains(a)) {
            buf.retain(|a| root_actions.contains(a));
        }
        let tt_move = self.tt.probe(game.key(), 0).and_then(|h| h.action);
        let mut ordered = std::mem::take(&mut self.root_list);
        self.ordering.order(game, 0, &Context::default(), tt_move, self.params.killers, &buf, &mut ordered);
        self.buf = buf;
        self.wide[0] = self.params.full_width_turns > 0;
        if self.params.beam_width > 0 && self.params.full_width_turns == 0 {
            // Beam width at the root: the retained root set.
            ordered.truncate(self.params.beam_width);
        }
        self.root = ordered
            .iter()
            .map(|&(_, a)| RootEntry { action: a, score: -INFINITY, exact: false, pv: vec![a] })
            .collect();
        self.root_list = ordered;
    }

    /// One iteration at depth `d` (plies) through aspiration windows: a narrow window around the
    /// previous iteration's score `prev`, doubled on the side that fails, the full window once it is
    /// over 1,500 cp wide. The score, or the last one when the search stopped.
    fn aspiration_search<H: SearchHandler<G::Action>>(
        &mut self,
        game: &mut G,
        d: i32,
        prev: i32,
        handler: &mut H,
    ) -> i32 {
        let mut delta = self.params.aspiration_window.max(1);
        let (mut lo, mut hi) = (prev - delta, prev + delta);
        loop {
            let s = self.root_search(game, d, lo, hi, handler);
            if self.stopped {
                return s;
            }
            if s <= lo {
                delta *= 2;
                lo = (prev - delta).max(-INFINITY);
            } else if s >= hi {
                delta *= 2;
                hi = (prev + delta).min(INFINITY);
            } else {
                return s;
            }
            if delta > 1500 {
                lo = -INFINITY;
                hi = INFINITY;
            }
        }
    }

    /// The search proper; the caller has started the table's new age.
    fn run<H: SearchHandler<G::Action>>(
        &mut self,
        game: &mut G,
        limits: &Limits,
        root_actions: &[G::Action],
        handler: &mut H,
    ) -> SearchResult<G::Action> {
        self.start = Instant::now();
        self.published_nodes = 0;
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time_ms.map(|ms| self.start + Duration::from_millis(ms));
        self.ordering.new_search();
        self.ordering.see = self.params.see_ordering;
        self.ordering.set_cont_slots(if self.params.continuation_history { G::CONT_SLOTS } else { 0 });
        self.evals[0] = NO_EVAL;
        let soft = limits.soft_time_ms.map(Duration::from_millis);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

        self.order_root(game, root_actions);

        let mut result = SearchResult {
            best: self.root.first().map(|r| r.action),
            score: if self.root.is_empty() { terminal_score(game.no_actions(), 0) } else { game.evaluate() },
            pv: Vec::new(),
            completed_depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed_ms: 0,
            ranked: self
                .root
                .iter()
                .map(|r| RankedAction { action: r.action, score: None, exact: false })
                .collect(),
        };
        if self.root.is_empty() {
            return result;
        }

        let mut prev = 0;
        for depth in 1..=max_depth {
            if depth > 1 && (soft.is_some_and(|s| self.start.elapsed() >= s) || handler.stop_deepening()) {
                break;
            }
            if self.skips_depth(depth) && depth < max_depth {
                continue;
            }
            self.iter_best = None;
            let d = depth as i32;
            let score = if self.params.aspiration_min_depth > 0
                && depth >= self.params.aspiration_min_depth
                && self.params.multipv <= 1
                && !is_mate(prev)
            {
                self.aspiration_search(game, d, prev, handler)
            } else {
                self.root_search(game, d, -INFINITY, INFINITY, handler)
            };
            if self.stopped {
                if self.params.adopt_partial_iteration
                    && let Some((a, s, pv)) = self.iter_best.take()
                {
                    result.best = Some(a);
                    result.score = s;
                    result.pv = pv;
                }
                break;
            }
            prev = score;
            result.best = Some(self.root[0].action);
            result.score = score;
            result.pv = self.pv[0].clone();
            if result.pv.first() != result.best.as_ref() {
                result.pv = vec![self.root[0].action];
            }
            result.completed_depth = depth;
            result.ranked = self
                .root
                .iter()
                .map(|r| RankedAction { action: r.action, score: Some(r.score), exact: r.exact })
                .collect();
            let k = self.params.multipv.max(1).min(self.root.len());
            let mut lines: Vec<PvLine<G::Action>> = self.root[..k]
                .iter()
                .map(|r| PvLine { score: r.score, exact: r.exact, pv: r.pv.clone() })
                .collect();
            lines[0] = PvLine { score, exact: true, pv: result.pv.clone() };
            handler.on_iteration(&SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.total_nodes(),
                elapsed_ms: self.start.elapsed().as_millis() as u64,
                pv: &result.pv,
                hashfull: self.tt.hashfull(),
                lines: &lines,
            });
            // A proven mate within this horizon will not change with more depth (past
            // `Params::min_depth`).
            if is_mate(score) && (MATE - score.abs()) < d && depth >= self.params.min_depth {
                break;
            }
        }
        debug_assert!(self.ordering.no_marks(), "a move picker was not finished");
        result.seldepth = self.seldepth as u32;
        result.nodes = self.total_nodes();
        result.elapsed_ms = self.start.elapsed().as_millis() as u64;
        result
    }

    /// Whether the search must stop before the next simulation (budget, clock, handler).
    #[inline]
    fn check_stop<H: SearchHandler<G::Action>>(&mut self, handler: &mut H) -> bool {
        if self.stopped {
            return true;
        }
        let poll = self.nodes & (self.params.poll_interval.max(1).next_power_of_two() - 1) == 0;
        if poll && self.shared_nodes.is_some() {
            self.publish_nodes();
        }
        if self.total_nodes() >= self.node_limit
            || (poll && (self.deadline.is_some_and(|d| Instant::now() >= d) || handler.should_stop()))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// This searcher's nodes; in a parallel search, every thread's nodes as far as published (each
    /// thread publishes its count every poll) plus this one's since its last publication.
    #[inline]
    fn total_nodes(&self) -> u64 {
        match &self.shared_nodes {
            Some(shared) => {
                shared.load(std::sync::atomic::Ordering::Relaxed) + self.nodes - self.published_nodes
            }
            None => self.nodes,
        }
    }

    /// Records the continuation-history slot of `a`, about to be played from `ply`.
    #[inline]
    fn push_cont(&mut self, g: &G, ply: usize, a: &G::Action) {
        if self.ordering.has_cont() {
            self.cont_stack[ply] = Some(g.cont_slot(a));
        }
    }

    /// The actions played one and two plies before a node at `ply` (continuation history).
    #[inline]
    fn context(&self, ply: usize) -> Context {
        if !self.ordering.has_cont() {
            return Context::default();
        }
        Context {
            prev: [
                ply.checked_sub(1).and_then(|p| self.cont_stack[p]),
                ply.checked_sub(2).and_then(|p| self.cont_stack[p]),
            ],
        }
    }

    /// Records the turn count and the width of the node at `ply + 1`, entered from `ply` by an action
    /// that passed the turn (`turn_passed`) or kept it. Full width ([`Params::full_width_turns`]) goes to
    /// the root and to the nodes of the first turns entered by a change of side; a same-side action's
    /// child (after a Freeze) is searched with the beam, as its turn's actions were already searched
    /// whole at the node before it.
    #[inline]
    fn enter(&mut self, turn_passed: bool, ply: usize) {
        let turns = self.turns[ply] + u32::from(turn_passed);
        self.turns[ply + 1] = turns;
        self.wide[ply + 1] = turn_passed && turns < self.params.full_width_turns;
    }

    fn update_pv(&mut self, ply: usize, a: G::Action) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(a);
        line.extend_from_slice(&tail[0]);
    }

    /// One iteration at the root. Root actions keep their scores; the list is re-ranked afterwards.
    fn root_search<H: SearchHandler<G::Action>>(
        &mut self,
        g: &mut G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        h: &mut H,
    ) -> i32 {
        self.pv[0].clear();
        let k = self.params.multipv.max(1);
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let side = g.side();
        let mut searched: Vec<i32> = Vec::with_capacity(self.root.len());
        let mut done = 0;
        for i in 0..self.root.len() {
            if self.check_stop(h) {
                break;
            }
            // MultiPV-like window: with k exact root scores, alpha is the k-th best score so far.
            let window_alpha = if k > 1 {
                if searched.len() >= k {
                    let mut s = searched.clone();
                    s.sort_unstable_by(|a, b| b.cmp(a));
                    s[k - 1].max(alpha0)
                } else {
                    alpha0
                }
            } else {
                alpha
            };
            let a = self.root[i].action;
            self.push_cont(g, 0, &a);
            g.play(a);
            self.nodes += 1;
            self.enter(g.side() != side, 0);
            let score = if g.side() == side {
                // Same-side action: no sign flip; depth consumed only by the same-side reduction.
                self.negamax(g, depth - self.params.same_side_reduction, 1, window_alpha, beta, true, h)
            } else if i == 0 || !self.params.pvs {
                -self.negamax(g, depth - 1, 1, -beta, -window_alpha, true, h)
            } else {
                // Principal variation search: null window first.
                let s = -self.negamax(g, depth - 1, 1, -window_alpha - 1, -window_alpha, true, h);
                if s > window_alpha && s < beta && !self.stopped {
                    -self.negamax(g, depth - 1, 1, -beta, -window_alpha, true, h)
                } else {
                    s
                }
            };
            g.undo(a);
            if self.stopped {
                break;
            }
            done = i + 1;
            searched.push(score);
            self.root[i].score = score;
            self.root[i].exact = score > window_alpha && score < beta;
            self.root[i].pv.clear();
            self.root[i].pv.push(a);
            if score > window_alpha {
                self.root[i].pv.extend_from_slice(&self.pv[1]);
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                self.update_pv(0, a);
                self.iter_best = Some((a, score, self.pv[0].clone()));
            }
            if score >= beta {
                break;
            }
        }
        // Re-rank what this iteration searched (stable: ties keep the previous order).
        self.root[..done].sort_by_key(|x| std::cmp::Reverse(x.score));
        if let Some(first) = self.pv[0].first()
            && *first != self.root[0].action
        {
            self.pv[0] = vec![self.root[0].action];
        }
        best
    }

    /// The alpha-beta search of one node at `depth` plies to go, `ply` plies from the root, in the
    /// window (`alpha`, `beta`) (centipawns, the side to move's view): the node's checks and table
    /// probe, pruning before any action, the singular test, then [`Searcher::search_actions`].
    /// `allow_null`: whether a null move may be tried here (not right after one).
    #[allow(clippy::too_many_arguments)]
    fn negamax<H: SearchHandler<G::Action>>(
        &mut self,
        g: &mut G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        allow_null: bool,
        h: &mut H,
    ) -> i32 {
        let p = self.params;
        self.pv[ply].clear();
        // Draw detection (repetition, fifty-move rule) and other terminal states inside the tree.
        if let Some(t) = g.terminal() {
            return terminal_score(t, ply);
        }
        if ply >= MAX_PLY - 1 {
            return g.evaluate();
        }
        if p.mate_distance_pruning {
            // Mate-distance pruning.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = g.in_check();
        if in_check && p.check_extension {
            // Check extension.
            depth += 1;
        }
        if depth <= 0 {
            return if p.quiescence {
                self.qsearch(g, ply, alpha, beta, p.quiescence_checks, h)
            } else {
                g.evaluate()
            };
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = g.key();
        let mut tt_move = None;
        // A singular-extension search leaves one action out: the table holds this node with it, so
        // neither a cutoff nor a store.
        let excluded = self.excluded[ply];
        let mut tt_entry = None;
        // Transposition table probe.
        if let Some(hit) = self.tt.probe(key, ply).filter(|_| excluded.is_none()) {
            tt_move = hit.action;
            tt_entry = Some((hit.score, hit.depth, hit.bound));
            if p.tt_cutoffs && !pv_node && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        if p.iir_min_depth > 0 && depth >= p.iir_min_depth && tt_move.is_none() && excluded.is_none() {
            // Internal iterative reduction: no TT move to start from, one ply less.
            depth -= 1;
        }
        let static_eval = if in_check { -INFINITY } else { g.evaluate() };
        self.evals[ply] = if in_check { NO_EVAL } else { static_eval };
        // The improving flag: the static evaluation rose since this side's previous node (unknown
        // counts as improving).
        let improving = p.improving
            && !in_check
            && (ply < 2 || self.evals[ply - 2] == NO_EVAL || static_eval > self.evals[ply - 2]);
        // The evaluation the pruning below uses: the static one, or a stored bound that tightens it.
        let eval = match tt_entry {
            Some((score, _, bound)) if p.tt_eval && !in_check && !is_mate(score) => match bound {
                Bound::Exact => score,
                Bound::Lower if score > static_eval => score,
                Bound::Upper if score < static_eval => score,
                _ => static_eval,
            },
            _ => static_eval,
        };
        let node = Node { depth, ply, pv_node, in_check, improving, eval, allow_null, excluded, tt_move };
        if let Some(score) = self.prune_node(g, node, alpha, beta, h) {
            return score;
        }
        let singular = match self.singular_action(g, node, beta, tt_entry, h) {
            Ok(singular) => singular,
            Err(score) => return score,
        };
        self.search_actions(g, node, key, alpha, beta, singular, h)
    }

    /// Pruning before any action is searched (never at a PV node or in check): reverse futility
    /// (static null move), razoring and the null move. The score to return, if the node is pruned.
    #[inline(always)]
    fn prune_node<H: SearchHandler<G::Action>>(
        &mut self,
        g: &mut G,
        node: Node<G::Action>,
        alpha: i32,
        beta: i32,
        h: &mut H,
    ) -> Option<i32> {
        let p = self.params;
        let Node { depth, ply, pv_node, in_check, improving, eval, .. } = node;
        // Reverse futility pruning (static null move).
        if !pv_node
            && !in_check
            && depth <= p.rfp_max_depth
            && !is_mate(beta)
            && eval - p.rfp_margin * (depth - i32::from(improving)) >= beta
        {
            return Some(eval);
        }
        // Razoring: far below alpha near the horizon, quiescence decides.
        if !pv_node
            && !in_check
            && depth <= p.razor_max_depth
            && !is_mate(alpha)
            && eval + p.razor_margin * depth < alpha
        {
            let s = self.qsearch(g, ply, alpha, alpha + 1, p.quiescence_checks, h);
            if self.stopped {
                return Some(0);
            }
            if s <= alpha {
                return Some(s);
            }
        }
        // Null-move pruning.
        if p.null_move
            && node.allow_null
            && node.excluded.is_none()
            && !pv_node
            && !in_check
            && depth >= p.null_min_depth
            && eval >= beta
            && !is_mate(beta)
        {
            if self.check_stop(h) {
                return Some(0);
            }
            if g.play_null() {
                self.nodes += 1;
                self.cont_stack[ply] = None;
                self.enter(true, ply);
                let mut r = p.null_base_reduction + depth / p.null_depth_divisor.max(1);
                if p.null_eval_divisor > 0 {
                    r += ((eval - beta) / p.null_eval_divisor).min(3);
                }
                let s = -self.negamax(g, depth - 1 - r, ply + 1, -beta, -beta + 1, false, h);
                g.undo_null();
                if self.stopped {
                    return Some(0);
                }
                if s >= beta {
                    return Some(if is_mate(s) { beta } else { s });
                }
            }
        }
        None
    }

    /// Singular extensions: is the TT move the only good action here? A search of half the depth
    /// without it, against its stored lower bound (`tt_entry`: score, depth, bound) lowered by a
    /// margin, tells. `Ok` with the action to extend by a ply, if singular; `Err` with the score to
    /// return (a multi-cut, or a stop).
    #[inline(always)]
    fn singular_action<H: SearchHandler<G::Action>>(
        &mut self,
        g: &mut G,
        node: Node<G::Action>,
        beta: i32,
        tt_entry: Option<(i32, i32, Bound)>,
        h: &mut H,
    ) -> Result<Option<G::Action>, i32> {
        let p = self.params;
        let Node { depth, ply, .. } = node;
        if p.singular_min_depth > 0
            && depth >= p.singular_min_depth
            && node.excluded.is_none()
            && ply > 0
            && let (Some(a), Some((score, d, bound))) = (node.tt_move, tt_entry)
            && matches!(bound, Bound::Lower | Bound::Exact)
            && d >= depth - 3
            && !is_mate(score)
        {
            let singular_beta = score - p.singular_margin * depth;
            self.excluded[ply] = Some(a);
            let s = self.negamax(g, (depth - 1) / 2, ply, singular_beta - 1, singular_beta, false, h);
            self.excluded[ply] = None;
            self.pv[ply].clear();
            if self.stopped {
                return Err(0);
            }
            if s < singular_beta {
                return Ok(Some(a));
            } else if singular_beta >= beta {
                // Multi-cut: the TT move and another action both beat beta.
                return Err(singular_beta);
            }
        }
        Ok(None)
    }

    /// The node's actions, best-ranked first, each pruned ([`Searcher::skips`]) or searched
    /// ([`Searcher::search_child`]) until one fails high; the result goes to the table under `key`.
    /// `singular`: the action extended by a ply. Returns the best score found (0 when stopped).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_actions<H: SearchHandler<G::Action>>(
        &mut self,
        g: &mut G,
        node: Node<G::Action>,
        key: u64,
        mut alpha: i32,
        beta: i32,
        singular: Option<G::Action>,
        h: &mut H,
    ) -> i32 {
        let p = self.params;
        let Node { depth, ply, pv_node, in_check, improving, eval, excluded, .. } = node;
        let mut buf = std::mem::take(&mut self.buf);
        g.actions(&mut buf);
        if let Some(x) = excluded {
            buf.retain(|a| *a != x);
            if buf.is_empty() {
                self.buf = buf;
                return alpha;
            }
        }
        if buf.is_empty() {
            self.buf = buf;
            return terminal_score(g.no_actions(), ply);
        }
        let mut picker = std::mem::take(&mut self.pickers[ply]);
        let cx = self.context(ply);
        // Beam width: only the best-ranked successors are searched (after the turns searched whole).
        let limit = if p.beam_width > 0 && !self.wide[ply] { p.beam_width } else { usize::MAX };
        let lazy = depth <= LAZY_QUIET_DEPTH;
        self.ordering.start(&mut picker, g, ply, &cx, node.tt_move, p.killers, &buf, lazy, limit);
        self.buf = buf;
        let alpha_orig = alpha;
        let mut best = -INFINITY;
        let mut best_action = None;
        // Futility pruning: near the horizon, quiet actions cannot lift a static evaluation this far
        // below alpha.
        let futile = depth <= p.futility_max_depth
            && !pv_node
            && !in_check
            && !is_mate(alpha)
            && eval + p.futility_margin * depth <= alpha;
        let lmp_count = if p.improving && !improving { (3 + depth * depth) / 2 } else { 3 + depth * depth };
        let lmp = !pv_node && !in_check && depth <= p.lmp_max_depth;
        loop {
            // Once every quiet action still to come would be pruned (futility, late move pruning: both
            // hold for all later indices once they hold for one, as nothing is searched in between),
            // their order cannot matter: they come unscored.
            let next = picker.picked.len();
            if next > 0 && (futile || (lmp && best > -MATE_BOUND && next >= lmp_count as usize)) {
                picker.any_order();
            }
            let Some((order_key, a)) = self.ordering.next(&mut picker, g) else { break };
            let i = next;
            if self.check_stop(h) {
                break;
            }
            let quiet = !g.is_noisy(&a);
            if futile && quiet && i > 0 && order_key < KILLER_KEY {
                continue;
            }
            if i > 0
                && !pv_node
                && !in_check
                && best > -MATE_BOUND
                && self.skips(g, node, a, i, quiet, lmp_count)
            {
                continue;
            }
            // (Only where a reduction can follow: the history entries are read before the move.)
            let lmr_history = if p.lmr
                && p.history_lmr > 0
                && quiet
                && i >= p.lmr_full_moves
                && depth >= p.lmr_min_depth
                && !in_check
            {
                self.ordering.quiet_score(g, &cx, &a) / p.history_lmr
            } else {
                0
            };
            let child =
                Child { action: a, index: i, quiet, extension: i32::from(singular == Some(a)), lmr_history };
            let score = self.search_child(g, node, child, alpha, beta, h);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_action = Some(a);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, a);
                    if score >= beta {
                        if quiet {
                            self.ordering.cutoff(g, ply, &cx, depth, a, p.killers);
                            for &(_, q) in &picker.picked[..i] {
                                if !g.is_noisy(&q) {
                                    self.ordering.failed(g, &cx, depth, q);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.ordering.finish(&mut picker);
        self.pickers[ply] = picker;
        if self.stopped {
            return 0;
        }
        if excluded.is_none() {
            self.tt.store(key, ply, depth, best, bound_of(best, alpha_orig, beta), best_action);
        }
        best
    }

    /// Whether the `i`th action `a` (not the first; not at a PV node or in check; once some action
    /// scored above a mate) is pruned near the horizon: late move pruning for quiet actions from
    /// `lmp_count` on, and static exchange pruning of losing captures and of quiet actions that lose
    /// the moved piece (checks spared).
    #[inline(always)]
    fn skips(
        &mut self,
        g: &mut G,
        node: Node<G::Action>,
        a: G::Action,
        i: usize,
        quiet: bool,
        lmp_count: i32,
    ) -> bool {
        let p = self.params;
        let depth = node.depth;
        // Late move pruning: near the horizon, late quiet actions are not searched.
        if quiet && depth <= p.lmp_max_depth && i >= lmp_count as usize {
            return true;
        }
        // Static exchange pruning: near the horizon, losing captures are not searched.
        if !quiet && depth <= p.see_prune_max_depth && !g.see_ge(&a, -p.see_prune_margin * depth) {
            return true;
        }
        // The same for quiet actions, which can only lose the moved piece.
        if quiet && depth <= p.see_quiet_max_depth && !g.see_ge(&a, -p.see_quiet_margin * depth) {
            // Checks are spared (a sacrifice that attacks the king).
            g.play(a);
            let check = g.in_check();
            g.undo(a);
            if !check {
                return true;
            }
        }
        false
    }

    /// Plays `child` and searches it: a same-side action at the same sign, the first action (or any,
    /// without PVS) in the full window, the others in a null window, reduced when late and quiet
    /// and re-searched when they fail high. The score from this node's side.
    #[inline(always)]
    fn search_child<H: SearchHandler<G::Action>>(
        &mut self,
        g: &mut G,
        node: Node<G::Action>,
        child: Child<G::Action>,
        alpha: i32,
        beta: i32,
        h: &mut H,
    ) -> i32 {
        let p = self.params;
        let Node { depth, ply, pv_node, in_check, improving, allow_null, .. } = node;
        let Child { action: a, index: i, quiet, extension, lmr_history } = child;
        let side = g.side();
        self.push_cont(g, ply, &a);
        g.play(a);
        self.nodes += 1;
        self.enter(g.side() != side, ply);
        let score = if g.side() == side {
            // Same-side action: no sign flip; depth consumed only by the same-side reduction.
            self.negamax(g, depth - p.same_side_reduction, ply + 1, alpha, beta, allow_null, h)
        } else if i == 0 || !p.pvs {
            -self.negamax(g, depth - 1 + extension, ply + 1, -beta, -alpha, true, h)
        } else {
            // Late move reductions for late quiet moves that do not give check.
            let mut r = 0;
            if p.lmr
                && depth >= p.lmr_min_depth
                && i >= p.lmr_full_moves
                && quiet
                && !in_check
                && !g.in_check()
            {
                r = lmr_reduction(depth, i) - i32::from(pv_node) - lmr_history;
                if p.improving && !improving {
                    r += 1;
                }
                r = r.clamp(0, depth - 2);
            }
            // Principal variation search: a null window, re-searched when it fails high.
            let mut s = -self.negamax(g, depth - 1 - r, ply + 1, -alpha - 1, -alpha, true, h);
            if s > alpha && r > 0 && !self.stopped {
                s = -self.negamax(g, depth - 1, ply + 1, -alpha - 1, -alpha, true, h);
            }
            if s > alpha && s < beta && !self.stopped {
                s = -self.negamax(g, depth - 1, ply + 1, -beta, -alpha, true, h);
            }
            s
        };
        g.undo(a);
        score
    }

    /// Whether quiescence (not in check) skips `a`, ranked `order_key` by the ordering: delta pruning
    /// (a capture that cannot lift the stand-pat score `stand` near `alpha`) and static exchange
    /// pruning (an action that loses material; the ordering already ranked noisy actions by the same
    /// test, negative keys losing).
    #[inline(always)]
    fn qsearch_skips(&self, g: &G, a: &G::Action, order_key: i32, stand: i32, alpha: i32) -> bool {
        if let Some(gain) = g.capture_gain(a)
            && stand + gain + 200 <= alpha
        {
            return true;
        }
        if self.params.see_pruning {
            let losing = if self.ordering.see && order_key != TT_MOVE && g.is_noisy(a) {
                order_key < 0
            } else {
                !g.see_ge(a, 0)
            };
            if losing {
                return true;
            }
        }
        false
    }

    /// Quiescence search: stand pat, then captures and promotions (all evasions when in check), and
    /// quiet checks too when `checks` (its first ply).
    fn qsearch<H: SearchHandler<G::Action>>(
        &mut self,
        g: &mut G,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        checks: bool,
        h: &mut H,
    ) -> i32 {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if ply > 0
            && let Some(t) = g.terminal()
        {
            return terminal_score(t, ply);
        }
        if ply >= MAX_PLY - 1 {
            return g.evaluate();
        }
        let use_tt = self.params.qsearch_tt;
        let key = if use_tt { g.key() } else { 0 };
        let mut tt_move = None;
        if use_tt && let Some(hit) = self.tt.probe(key, ply) {
            tt_move = hit.action;
            // Any stored depth covers quiescence (depth 0); cutoffs at null-window nodes only.
            if beta - alpha == 1
                && hit.depth >= 0
                && match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                    Bound::None => false,
                }
            {
                return hit.score;
            }
        }
        let alpha_orig = alpha;
        let in_check = g.in_check();
        let stand = if in_check { -MATE + ply as i32 } else { g.evaluate() };
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut buf = std::mem::take(&mut self.buf);
        if in_check {
            g.actions(&mut buf);
        } else {
            // Checks in the first quiescence ply (with the captures and promotions).
            g.quiescence_actions(checks, &mut buf);
        }
        if buf.is_empty() {
            self.buf = buf;
            return if in_check { terminal_score(g.no_actions(), ply) } else { stand };
        }
        let mut picker = std::mem::take(&mut self.pickers[ply]);
        let cx = self.context(ply);
        self.ordering.start(&mut picker, g, ply, &cx, tt_move, false, &buf, true, usize::MAX);
        self.buf = buf;
        let side = g.side();
        let mut best = stand;
        let mut best_action = None;
        while let Some((order_key, a)) = self.ordering.next(&mut picker, g) {
            if !in_check && self.qsearch_skips(g, &a, order_key, stand, alpha) {
                continue;
            }
            if self.check_stop(h) {
                break;
            }
            self.push_cont(g, ply, &a);
            g.play(a);
            self.nodes += 1;
            let score = if g.side() == side {
                self.qsearch(g, ply + 1, alpha, beta, false, h)
            } else {
                -self.qsearch(g, ply + 1, -beta, -alpha, false, h)
            };
            g.undo(a);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_action = Some(a);
                    self.update_pv(ply, a);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.ordering.finish(&mut picker);
        self.pickers[ply] = picker;
        if self.stopped {
            return 0;
        }
        if use_tt {
            self.tt.store(key, ply, 0, best, bound_of(best, alpha_orig, beta), best_action);
        }
        best
    }
}

/// Nodes with at most this many plies left score their quiet actions only when the picker reaches
/// them (most cut off before); deeper nodes score them at once (their pickers would hold the journal
/// of table writes through large subtrees).
const LAZY_QUIET_DEPTH: i32 = 4;

/// [`Searcher::evals`] for a node in check or not evaluated.
const NO_EVAL: i32 = i32::MIN;

/// The late-move reduction in plies for the `index`-th action at `depth` plies left:
/// `0.75 + ln(depth) * ln(index) / 2.25`, rounded down; from a table below 64 plies and 64 actions.
fn lmr_reduction(depth: i32, index: usize) -> i32 {
    static TABLE: std::sync::OnceLock<Box<[[i32; LMR_TABLE]; LMR_TABLE]>> = std::sync::OnceLock::new();
    match usize::try_from(depth) {
        Ok(d) if d < LMR_TABLE && index < LMR_TABLE => {
            let table = TABLE.get_or_init(|| {
                let mut t = Box::new([[0; LMR_TABLE]; LMR_TABLE]);
                for (d, row) in t.iter_mut().enumerate() {
                    for (i, r) in row.iter_mut().enumerate() {
                        *r = lmr_formula(d as i32, i);
                    }
                }
                t
            });
            table[d][index]
        }
        _ => lmr_formula(depth, index),
    }
}

/// The size of each side of [`lmr_reduction`]'s table.
const LMR_TABLE: usize = 64;

/// `0.75 + ln(depth) * ln(index) / 2.25`, rounded down (toward zero).
fn lmr_formula(depth: i32, index: usize) -> i32 {
    (0.75 + f64::from(depth).ln() * (index as f64).ln() / 2.25) as i32
}

/// The kind of bound a node's result `best` is, searched with the window `(alpha_orig, beta)`: a lower
/// bound at or above beta, an upper bound at or below alpha, exact in between.
fn bound_of(best: i32, alpha_orig: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha_orig {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reduction_table_is_the_formula() {
        for depth in -2..80 {
            for index in 0..80 {
                assert_eq!(lmr_reduction(depth, index), lmr_formula(depth, index), "{depth} {index}");
            }
        }
    }
}
