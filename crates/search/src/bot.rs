//! The bot API: `choose(game, depth, seed, options)`, the opponent of skill chess and battles.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::Game;
use crate::params::Params;
use crate::preset::Preset;
use crate::search::{Limits, RankedAction, SearchHandler, Searcher};
use crate::skills::SkillParams;

/// The bot's options.
#[derive(Copy, Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
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

/// A whole bot configuration: the depth ceiling, the options, the search parameters and the skill-chess
/// knobs. A preset, a node budget or a saved parameter set (with the `serde` feature, as JSON) all come
/// down to one; `gambit-cli match` plays two against each other.
#[derive(Copy, Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct BotConfig {
    /// The depth ceiling, plies (clamped to [`DEPTH_RANGE`]).
    pub depth: u32,
    /// Node budget, beam width, consistency, time limit, table size.
    pub options: BotOptions,
    /// The search parameters.
    pub params: Params,
    /// The skill-chess knobs, used when the game is a skill board wrapped in a
    /// [`SkillSearch`](crate::SkillSearch).
    pub skill: SkillParams,
}

impl Default for BotConfig {
    /// [`Preset::Casual`].
    fn default() -> BotConfig {
        BotConfig::from_preset(Preset::default())
    }
}

impl BotConfig {
    /// The bot at `depth` plies with `options`: [`Params::bot`] for the options' beam width, with one
    /// exact root score when the consistency is 1 (the top action is always taken, so ranking two more
    /// exactly would be wasted), and the default skill knobs.
    #[must_use]
    pub fn new(depth: u32, options: BotOptions) -> BotConfig {
        let mut params = Params::bot(options.beam_width);
        if options.consistency >= 1.0 {
            params.multipv = 1;
        }
        BotConfig { depth, options, params, skill: SkillParams::default() }
    }

    /// The configuration of a preset.
    #[must_use]
    pub fn from_preset(preset: Preset) -> BotConfig {
        BotConfig::new(preset.depth(), preset.options())
    }

    /// The bot as of a6fe168 (the legacy parameter set) at `depth` plies with `options`:
    /// [`Params::legacy_bot`] and [`SkillParams::legacy`].
    #[must_use]
    pub fn legacy(depth: u32, options: BotOptions) -> BotConfig {
        BotConfig {
            depth,
            options,
            params: Params::legacy_bot(options.beam_width),
            skill: SkillParams::legacy(),
        }
    }
}

/// A search handler that stops when a flag is set (by another thread) and reports nothing.
pub(crate) struct StopFlag<'a>(pub(crate) Option<&'a AtomicBool>);

impl<A> SearchHandler<A> for StopFlag<'_> {
    fn should_stop(&mut self) -> bool {
        self.0.is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// Chooses an action for the side to move of `game` (left unchanged).
///
/// `depth` (plies, clamped to [`DEPTH_RANGE`]) is a ceiling, not a promise: iterative deepening stops
/// when the node budget runs out and keeps the last iteration that evaluated its whole root set. With
/// a fresh transposition table per call, the same `seed`, game state, depth and options give the same
/// action and the same node count (unless a time limit is set). [`choose_with`] with
/// [`BotConfig::new`] and no stop flag.
pub fn choose<G: Game>(game: &mut G, depth: u32, seed: u64, options: &BotOptions) -> BotChoice<G::Action> {
    choose_with(game, &BotConfig::new(depth, *options), seed, None)
}

/// Chooses an action for the side to move of `game` (left unchanged) with a whole configuration, and a
/// stop hook: when `stop` is set (from another thread) the search returns within
/// [`Params::poll_interval`] more simulated actions, with the last whole iteration's choice (the depth-0
/// fallback if none completed). The configuration's skill knobs apply only through a
/// [`SkillSearch`](crate::SkillSearch) game.
pub fn choose_with<G: Game>(
    game: &mut G,
    config: &BotConfig,
    seed: u64,
    stop: Option<&AtomicBool>,
) -> BotChoice<G::Action> {
    let options = &config.options;
    let depth = config.depth.clamp(*DEPTH_RANGE.start(), *DEPTH_RANGE.end());
    let mut searcher = Searcher::<G>::new(config.params, options.hash_mib);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(options.max_nodes),
        time_ms: options.time_limit_ms,
        soft_time_ms: None,
    };
    let result = searcher.search(game, &limits, &mut StopFlag(stop));
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
