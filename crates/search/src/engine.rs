//! The pluggable-engine API: an [`Engine`] picks a move; random, plain minimax and the real search.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::Game;
use crate::params::Params;
use crate::score::{INFINITY, terminal_score};
use crate::search::{Limits, NoHandler, Searcher};

/// Anything that picks an action for the side to move.
pub trait Engine<G: Game> {
    /// A short name for menus and logs.
    fn name(&self) -> String;

    /// The action to play in `game` (left unchanged), `None` when there is no legal action.
    fn best_move(&mut self, game: &mut G) -> Option<G::Action>;
}

/// Plays a uniformly random legal action, from a seeded ChaCha8 generator.
pub struct RandomEngine {
    rng: ChaCha8Rng,
}

impl RandomEngine {
    /// A random engine seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomEngine {
        RandomEngine { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl<G: Game> Engine<G> for RandomEngine {
    fn name(&self) -> String {
        "random".into()
    }

    fn best_move(&mut self, game: &mut G) -> Option<G::Action> {
        let mut actions = Vec::new();
        game.actions(&mut actions);
        (!actions.is_empty()).then(|| actions[self.rng.gen_range(0..actions.len())])
    }
}

/// Plain minimax to a fixed depth: every action, no pruning, the static evaluation at the horizon.
/// The baseline engine, and the oracle that alpha-beta must agree with.
pub struct MinimaxEngine {
    /// Depth in plies (at least 1).
    pub depth: u32,
}

/// The plain minimax (negamax form) score of `game` at `depth` plies, centipawns from the mover's
/// view, with the same conventions as the search: terminal states (checked below the root) score by
/// [`terminal_score`], same-side actions consume no depth and flip no sign, the horizon returns
/// [`Game::evaluate`]. Also returns the best root action (the first of equal best).
pub fn minimax<G: Game>(game: &mut G, depth: u32) -> (i32, Option<G::Action>) {
    fn rec<G: Game>(g: &mut G, depth: i32, ply: usize) -> i32 {
        if ply > 0
            && let Some(t) = g.terminal()
        {
            return terminal_score(t, ply);
        }
        if ply >= crate::score::MAX_PLY - 1 || depth <= 0 {
            return g.evaluate();
        }
        let mut actions = Vec::new();
        g.actions(&mut actions);
        if actions.is_empty() {
            return terminal_score(g.no_actions(), ply);
        }
        let side = g.side();
        let mut best = -INFINITY;
        for a in actions {
            g.play(a);
            let s = if g.side() == side { rec(g, depth, ply + 1) } else { -rec(g, depth - 1, ply + 1) };
            g.undo(a);
            best = best.max(s);
        }
        best
    }
    let mut actions = Vec::new();
    game.actions(&mut actions);
    if actions.is_empty() {
        return (terminal_score(game.no_actions(), 0), None);
    }
    let side = game.side();
    let depth = depth.max(1) as i32;
    let mut best = (-INFINITY, None);
    for a in actions {
        game.play(a);
        let s = if game.side() == side { rec(game, depth, 1) } else { -rec(game, depth - 1, 1) };
        game.undo(a);
        if s > best.0 {
            best = (s, Some(a));
        }
    }
    best
}

impl<G: Game> Engine<G> for MinimaxEngine {
    fn name(&self) -> String {
        format!("minimax depth {}", self.depth)
    }

    fn best_move(&mut self, game: &mut G) -> Option<G::Action> {
        minimax(game, self.depth).1
    }
}

/// The real engine: the full search within fixed limits, keeping its transposition table between moves.
pub struct SearchEngine<G: Game> {
    /// The searcher (its `params` are public).
    pub searcher: Searcher<G>,
    /// The limits of every move.
    pub limits: Limits,
}

impl<G: Game> SearchEngine<G> {
    /// The full-strength engine with a `hash_mib` MiB table and the given per-move limits.
    #[must_use]
    pub fn new(limits: Limits, hash_mib: usize) -> SearchEngine<G> {
        SearchEngine { searcher: Searcher::new(Params::default(), hash_mib), limits }
    }
}

impl<G: Game> Engine<G> for SearchEngine<G> {
    fn name(&self) -> String {
        "gambit".into()
    }

    fn best_move(&mut self, game: &mut G) -> Option<G::Action> {
        self.searcher.search(game, &self.limits, &mut NoHandler).best
    }
}
