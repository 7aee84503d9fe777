//! The [`Game`] trait: everything the search needs to know about a two-player, perfect-information game.

use std::fmt::Debug;

/// How a finished game ended, from the view of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Terminal {
    /// The side to move has lost (for chess: it is checkmated).
    Loss,
    /// The game is drawn.
    Draw,
    /// The side to move has won (for example its opponent's last king was captured).
    Win,
}

/// A game the search can play: the side to move, the actions, play and undo, a static evaluation,
/// terminal detection, a hash key and a cheap ordering hint.
///
/// The search assumes nothing beyond [`Game::play`] followed by [`Game::undo`] restoring the state
/// exactly (an implementation may restore a saved copy).
///
/// # Same-side actions
/// An action after which [`Game::side`] is unchanged (a skill-chess freeze, a roguelite reposition)
/// is searched without flipping the sign of the score and without consuming depth; it still counts as
/// one simulated action (one node) and one ply of distance (for mate scores).
pub trait Game {
    /// One action (a move, a skill use, ...). Small and `Copy`: the transposition table stores it.
    type Action: Copy + Eq + Debug + Send + 'static;

    /// The number of slots of the history heuristic table per side; [`Game::history_slot`] returns a
    /// value below it. 1 turns the history heuristic off.
    const HISTORY_SLOTS: usize = 1;

    /// The number of continuation-history slots ([`Game::cont_slot`] returns a value below it); 0
    /// (the default) turns continuation history off for the game.
    const CONT_SLOTS: usize = 0;

    /// The side to move, as a small integer (0 or 1 for two players).
    fn side(&self) -> u8;

    /// Clears `out` and fills it with every legal action of the side to move.
    fn actions(&self, out: &mut Vec<Self::Action>);

    /// Clears `out` and fills it with the "noisy" actions that quiescence search follows (for chess:
    /// captures and promotions). The default filters [`Game::actions`] with [`Game::is_noisy`].
    fn noisy_actions(&self, out: &mut Vec<Self::Action>) {
        self.actions(out);
        out.retain(|a| self.is_noisy(a));
    }

    /// Whether an action changes the material balance at once (searched in quiescence and ordered
    /// before quiet actions). Default: none is.
    fn is_noisy(&self, _action: &Self::Action) -> bool {
        false
    }

    /// Plays a legal action (one from [`Game::actions`] of this very state).
    fn play(&mut self, action: Self::Action);

    /// Takes back `action`, the last action played.
    fn undo(&mut self, action: Self::Action);

    /// The static evaluation in centipawns from the view of the side to move (positive: good for it).
    fn evaluate(&self) -> i32;

    /// The result if the game is over by rule before any action is generated (draw rules, a captured
    /// king, ...). Called at every node below the root. The case "no legal action" is handled by
    /// [`Game::no_actions`].
    fn terminal(&self) -> Option<Terminal>;

    /// The result when the side to move has no legal action (chess: checkmate or stalemate).
    fn no_actions(&self) -> Terminal;

    /// A 64-bit key identifying the state for the transposition table (equal states, equal keys).
    fn key(&self) -> u64;

    /// A cheap ordering hint for an action of the current state: higher is searched first (for chess:
    /// MVV-LVA for captures, a piece-square gain for quiet moves). Also ranks the depth-0 fallback.
    fn hint(&self, action: &Self::Action) -> i32;

    /// The material an action wins at once, centipawns (captured piece plus promotion gain), for delta
    /// pruning in quiescence; `None` (the default) disables delta pruning.
    fn capture_gain(&self, _action: &Self::Action) -> Option<i32> {
        None
    }

    /// The history-heuristic slot of an action, below [`Game::HISTORY_SLOTS`].
    fn history_slot(&self, _action: &Self::Action) -> usize {
        0
    }

    /// The continuation-history slot of an action of the current state, below [`Game::CONT_SLOTS`]
    /// (for chess: the moving piece and its destination square).
    fn cont_slot(&self, _action: &Self::Action) -> usize {
        0
    }

    /// Whether the side to move is in check (enables the check extension and disables null moves and
    /// stand-pat in check). Default: no check exists.
    fn in_check(&self) -> bool {
        false
    }

    /// Passes the turn for null-move pruning, if the game allows it here; returns whether it did.
    /// Undo a successful pass with [`Game::undo_null`]. Default: never.
    fn play_null(&mut self) -> bool {
        false
    }

    /// Takes back a pass made by [`Game::play_null`].
    fn undo_null(&mut self) {}

    /// Static exchange evaluation: whether `action` wins at least `threshold` centipawns of material
    /// once the captures on its destination square are played out, each side capturing with its least
    /// valuable piece and free to stop. Used to order losing captures last and to prune them in
    /// quiescence. Default: `true` (nothing is demoted or pruned).
    fn see_ge(&self, _action: &Self::Action, _threshold: i32) -> bool {
        true
    }

    /// Clears `out` and fills it with the actions of the first quiescence ply: the noisy actions
    /// ([`Game::noisy_actions`]), plus the quiet actions that give check when `checks`. Default: the
    /// noisy actions.
    fn quiescence_actions(&self, _checks: bool, out: &mut Vec<Self::Action>) {
        self.noisy_actions(out);
    }
}
