//! The bot API: `choose(game, depth, seed, options)`, the opponent of skill chess and battles.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::Game;
use crate::params::Params;
use crate::search::{Limits, NoHandler, RankedAction, Searcher};

/// The bot's options.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BotOptions {
    /// Node budget: simulated actions per decision (every played action counts, same-side actions and
    /// quiescence included). Default 420.
    pub max_nodes: u64,
    /// Beam width: successors searched per node, best-ranked first (0 = all). Default 10.
    pub beam_width: usize,
    /// Probability (0..=1) of taking the top-ranked action directly; otherwise the bot picks uniformly
    /// among the top three (so 0 can still pick the best). Default 1.0.
    pub consistency: f64,
    /// Optional time limit, milliseconds (makes the result depend on the machine). Default none.
    pub time_limit_ms: Option<u64>,
    /// Transposition-table size, MiB (a fresh table per call). Default 1.
    pub hash_mib: usize,
}

impl Default for BotOptions {
    fn default() -> BotOptions {
        BotOptions { max_nodes: 420, beam_width: 10, consistency: 1.0, time_limit_ms: None, hash_mib: 1 }
    }
}

/// The smallest and largest depth [`choose`] accepts (others are clamped), plies.
pub const DEPTH_RANGE: std::ops::RangeInclusive<u32> = 1..=12;

/// What the bot chose, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct BotChoice<A> {
    /// The action to play; `None` only when there is no legal action.
    pub action: Option<A>,
    /// The chosen action's score (centipawns, the mover's view) when the search ranked it, else the
    /// search's score.
    pub score: i32,
    /// The principal variation of the top-ranked action.
    pub pv: Vec<A>,
    /// The achieved horizon, plies: 0 when the budget could not finish depth 1 (then `action` is the
    /// legal fallback ranked first by the ordering hint).
    pub completed_depth: u32,
    /// Simulated actions (never more than `max_nodes`).
    pub nodes: u64,
    /// The retained root actions, best first.
    pub ranked: Vec<RankedAction<A>>,
    /// The rank (0 = top) of the chosen action in `ranked`.
    pub rank: usize,
}

/// Chooses an action for the side to move of `game` (left unchanged).
///
/// `depth` (plies, clamped to [`DEPTH_RANGE`]) is a ceiling, not a promise: iterative deepening stops
/// when the node budget runs out and keeps the last iteration that evaluated its whole root set. With
/// a fresh transposition table per call, the same `seed`, game state, depth and options give the same
/// action and the same node count (unless a time limit is set).
pub fn choose<G: Game>(game: &mut G, depth: u32, seed: u64, options: &BotOptions) -> BotChoice<G::Action> {
    let depth = depth.clamp(*DEPTH_RANGE.start(), *DEPTH_RANGE.end());
    let mut params = Params::bot(options.beam_width);
    if options.consistency >= 1.0 {
        // Always the top action: one exact root score is enough (and aspiration windows apply).
        params.multipv = 1;
    }
    let mut searcher = Searcher::<G>::new(params, options.hash_mib);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(options.max_nodes),
        time_ms: options.time_limit_ms,
        soft_time_ms: None,
    };
    let result = searcher.search(game, &limits, &mut NoHandler);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let top = result.ranked.len().min(3);
    let rank = if top == 0 || rng.r#gen::<f64>() < options.consistency { 0 } else { rng.gen_range(0..top) };
    let action = result.ranked.get(rank).map(|r| r.action).or(result.best);
    let score = result.ranked.get(rank).and_then(|r| r.score).unwrap_or(result.score);
    BotChoice {
        action,
        score,
        pv: result.pv,
        completed_depth: result.completed_depth,
        nodes: result.nodes,
        ranked: result.ranked,
        rank,
    }
}
