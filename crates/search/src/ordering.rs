//! Move ordering: the TT move, then noisy actions by the game's hint (MVV-LVA for chess), then the two
//! killer moves of the ply, then quiet actions by the history heuristic (plus, when enabled, the
//! continuation history of the two previous actions) plus the hint, then (with `see`) the noisy actions
//! that lose material by static exchange evaluation.

use crate::game::Game;
use crate::score::MAX_PLY;

/// Bound of the history scores (history gravity keeps every entry within +-`HISTORY_MAX`).
const HISTORY_MAX: i32 = 1 << 14;

/// The order key of the transposition-table move.
pub(crate) const TT_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// The order key of the weaker killer: keys below it are quiet actions ordered by history and hint.
pub(crate) const KILLER_KEY: i32 = KILLER;
const LOSING: i32 = -(1 << 28);

/// Killer and history tables for one game type.
pub(crate) struct MoveOrderer<A> {
    /// Order noisy actions that lose material by [`Game::see_ge`] after the quiet ones.
    pub(crate) see: bool,
    killers: Vec<[Option<A>; 2]>,
    history: Vec<i32>,
    slots: usize,
    /// Continuation history: `cont[k][prev * cont_slots + slot]` scores an action of slot `slot`
    /// ([`Game::cont_slot`]) played `k + 1` plies after an action of slot `prev`. Empty when off.
    cont: [Vec<i16>; 2],
    cont_slots: usize,
}

/// The continuation-history slots ([`Game::cont_slot`]) of the actions played one and two plies
/// before a node (`None`: no such action, a null move, or continuation history off).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Context {
    pub prev: [Option<usize>; 2],
}

impl<A: Copy + PartialEq> MoveOrderer<A> {
    pub(crate) fn new(slots: usize) -> MoveOrderer<A> {
        let slots = slots.max(1);
        MoveOrderer {
            see: false,
            killers: vec![[None, None]; MAX_PLY + 2],
            history: vec![0; 2 * slots],
            slots,
            cont: [Vec::new(), Vec::new()],
            cont_slots: 0,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.killers.fill([None, None]);
        self.history.fill(0);
        for c in &mut self.cont {
            c.fill(0);
        }
    }

    /// Turns continuation history on with `slots` slots per action (allocating its tables once), or
    /// off with 0.
    pub(crate) fn set_cont_slots(&mut self, slots: usize) {
        if slots == 0 {
            self.cont_slots = 0;
            return;
        }
        if self.cont[0].len() != slots * slots {
            self.cont = [vec![0; slots * slots], vec![0; slots * slots]];
        }
        self.cont_slots = slots;
    }

    /// Whether continuation history is on.
    pub(crate) fn has_cont(&self) -> bool {
        self.cont_slots > 0
    }

    /// Between searches: forget killers, age the history.
    pub(crate) fn new_search(&mut self) {
        self.killers.fill([None, None]);
        for h in &mut self.history {
            *h /= 2;
        }
        if self.cont_slots > 0 {
            for c in &mut self.cont {
                for h in c.iter_mut() {
                    *h /= 2;
                }
            }
        }
    }

    /// The indices of `a`'s continuation-history entries after the actions of `cx`.
    #[inline]
    fn cont_indices<G: Game<Action = A>>(&self, g: &G, cx: &Context, a: &A) -> [Option<usize>; 2] {
        if self.cont_slots == 0 {
            return [None, None];
        }
        let slot = g.cont_slot(a) % self.cont_slots;
        cx.prev.map(|p| p.map(|p| (p % self.cont_slots) * self.cont_slots + slot))
    }

    /// The history score of the quiet action `a` after the actions of `cx`: its history entry plus its
    /// continuation-history entries (about +-3 `HISTORY_MAX` in all).
    pub(crate) fn quiet_score<G: Game<Action = A>>(&self, g: &G, cx: &Context, a: &A) -> i32 {
        let mut s = self.history[self.history_index(g, a)];
        for (k, i) in self.cont_indices(g, cx, a).into_iter().enumerate() {
            if let Some(i) = i {
                s += i32::from(self.cont[k][i]);
            }
        }
        s
    }

    fn history_index<G: Game<Action = A>>(&self, g: &G, a: &A) -> usize {
        (usize::from(g.side()) % 2) * self.slots + g.history_slot(a) % self.slots
    }

    /// Fills `out` with `(order key, action)` sorted best first (a stable sort: ties keep generation order).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn order<G: Game<Action = A>>(
        &self,
        g: &G,
        ply: usize,
        cx: &Context,
        tt_move: Option<A>,
        killers: bool,
        actions: &[A],
        out: &mut Vec<(i32, A)>,
    ) {
        out.clear();
        let k = self.killers[ply.min(MAX_PLY)];
        for &a in actions {
            let key = if tt_move == Some(a) {
                // TT move first.
                TT_MOVE
            } else if g.is_noisy(&a) && (!self.see || g.see_ge(&a, 0)) {
                // MVV-LVA (the chess hint) for captures and promotions.
                NOISY + g.hint(&a).clamp(-NOISY / 2, NOISY / 2)
            } else if g.is_noisy(&a) {
                // Captures that lose material by static exchange evaluation: after the quiet moves.
                LOSING + g.hint(&a).clamp(-NOISY / 2, NOISY / 2)
            } else if killers && k[0] == Some(a) {
                // Killer moves.
                KILLER + 1
            } else if killers && k[1] == Some(a) {
                KILLER
            } else {
                // History heuristic (and continuation history).
                self.quiet_score(g, cx, &a) + g.hint(&a).clamp(-HISTORY_MAX, HISTORY_MAX)
            };
            out.push((key, a));
        }
        out.sort_by_key(|x| std::cmp::Reverse(x.0));
    }

    /// A quiet action caused a beta cutoff at `ply` with `depth` plies left.
    pub(crate) fn cutoff<G: Game<Action = A>>(
        &mut self,
        g: &G,
        ply: usize,
        cx: &Context,
        depth: i32,
        a: A,
        killers: bool,
    ) {
        if killers {
            let k = &mut self.killers[ply.min(MAX_PLY)];
            if k[0] != Some(a) {
                k[1] = k[0];
                k[0] = Some(a);
            }
        }
        let i = self.history_index(g, &a);
        let bonus = (depth * depth * 16).min(HISTORY_MAX);
        // History gravity: the entry moves toward +HISTORY_MAX by a fraction of the distance.
        let h = &mut self.history[i];
        *h += bonus - *h * bonus / HISTORY_MAX;
        for (k, i) in self.cont_indices(g, cx, &a).into_iter().enumerate() {
            if let Some(i) = i {
                let h = &mut self.cont[k][i];
                *h = (i32::from(*h) + bonus - i32::from(*h) * bonus / HISTORY_MAX) as i16;
            }
        }
    }

    /// A quiet action searched before the cutoff move failed to cut: a history malus.
    pub(crate) fn failed<G: Game<Action = A>>(&mut self, g: &G, cx: &Context, depth: i32, a: A) {
        let i = self.history_index(g, &a);
        let bonus = (depth * depth * 16).min(HISTORY_MAX);
        let h = &mut self.history[i];
        *h -= bonus + *h * bonus / HISTORY_MAX;
        for (k, i) in self.cont_indices(g, cx, &a).into_iter().enumerate() {
            if let Some(i) = i {
                let h = &mut self.cont[k][i];
                *h = (i32::from(*h) - bonus - i32::from(*h) * bonus / HISTORY_MAX) as i16;
            }
        }
    }
}
