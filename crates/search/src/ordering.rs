//! Move ordering: the TT move, then noisy actions by the game's hint (MVV-LVA for chess), then the two
//! killer moves of the ply, then quiet actions by the history heuristic (plus, when enabled, the
//! continuation history of the two previous actions) plus the hint, then (with `see`) the noisy actions
//! that lose material by static exchange evaluation.
//!
//! [`MoveOrderer::order`] sorts a whole list (the root). Inside the tree a [`Picker`] yields the same
//! order one action at a time, doing each stage's work only when the stage is reached: the exchange
//! evaluation of a noisy action when it is about to be yielded, the history scores of the quiet
//! actions when the first quiet action is asked for. Those scores must be the ones the tables held when
//! the node started (the search of the earlier actions updates the tables); a picker that defers them
//! holds a mark in the orderer's journal of table writes, and the tables are rolled back to the mark
//! for the scoring when anything was written since.

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

/// The order key of a capture or promotion that does not lose material: MVV-LVA (the game's hint) above
/// every quiet action; `key - NOISY + LOSING` is the same action's key when it loses material.
#[inline]
fn noisy_key<G: Game>(g: &G, a: &G::Action) -> i32 {
    NOISY + g.hint(a).clamp(-NOISY / 2, NOISY / 2)
}

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
    /// The table writes since the oldest mark still held by a picker: `(entry, value before)`, the
    /// entry coded by [`journal_code`]. Empty when no picker holds a mark.
    journal: Vec<(u32, i32)>,
    /// The number of pickers holding a mark (their quiet actions not scored yet).
    marks: usize,
}

/// A history entry `i` of table `table` (0 the history, 1 and 2 the continuation histories) as a
/// journal code.
#[inline]
fn journal_code(table: u32, i: usize) -> u32 {
    debug_assert!(i < 1 << 30);
    (table << 30) | i as u32
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
            journal: Vec::new(),
            marks: 0,
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
                noisy_key(g, &a)
            } else if g.is_noisy(&a) {
                // Captures that lose material by static exchange evaluation: after the quiet moves.
                noisy_key(g, &a) - NOISY + LOSING
            } else if killers && k[0] == Some(a) {
                // Killer moves.
                KILLER + 1
            } else if killers && k[1] == Some(a) {
                KILLER
            } else {
                // History heuristic (and continuation history).
                self.quiet_key(g, cx, &a)
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
        let h = self.history[i];
        self.write_history(i, h + bonus - h * bonus / HISTORY_MAX);
        for (k, i) in self.cont_indices(g, cx, &a).into_iter().enumerate() {
            if let Some(i) = i {
                let h = i32::from(self.cont[k][i]);
                self.write_cont(k, i, (h + bonus - h * bonus / HISTORY_MAX) as i16);
            }
        }
    }

    /// A quiet action searched before the cutoff move failed to cut: a history malus.
    pub(crate) fn failed<G: Game<Action = A>>(&mut self, g: &G, cx: &Context, depth: i32, a: A) {
        let i = self.history_index(g, &a);
        let bonus = (depth * depth * 16).min(HISTORY_MAX);
        let h = self.history[i];
        self.write_history(i, h - (bonus + h * bonus / HISTORY_MAX));
        for (k, i) in self.cont_indices(g, cx, &a).into_iter().enumerate() {
            if let Some(i) = i {
                let h = i32::from(self.cont[k][i]);
                self.write_cont(k, i, (h - bonus - h * bonus / HISTORY_MAX) as i16);
            }
        }
    }

    /// Sets history entry `i`, journalled while a picker holds a mark.
    #[inline]
    fn write_history(&mut self, i: usize, value: i32) {
        if self.marks > 0 {
            self.journal.push((journal_code(0, i), self.history[i]));
        }
        self.history[i] = value;
    }

    /// Sets entry `i` of continuation-history table `k`, journalled while a picker holds a mark.
    #[inline]
    fn write_cont(&mut self, k: usize, i: usize, value: i16) {
        if self.marks > 0 {
            self.journal.push((journal_code(1 + k as u32, i), i32::from(self.cont[k][i])));
        }
        self.cont[k][i] = value;
    }

    /// Swaps every journal record from `from` on with the table entry it names: backwards, this turns
    /// the tables back to their state when the journal had `from` records (the records then hold the
    /// newer values); forwards, it undoes that.
    fn swap_journal(&mut self, from: usize, backwards: bool) {
        let mut journal = std::mem::take(&mut self.journal);
        let mut swap = |(code, value): &mut (u32, i32)| {
            let i = (*code & ((1 << 30) - 1)) as usize;
            match *code >> 30 {
                0 => std::mem::swap(&mut self.history[i], value),
                k => {
                    let entry = &mut self.cont[k as usize - 1][i];
                    let old = i32::from(*entry);
                    *entry = *value as i16;
                    *value = old;
                }
            }
        };
        if backwards {
            journal[from..].iter_mut().rev().for_each(&mut swap);
        } else {
            journal[from..].iter_mut().for_each(&mut swap);
        }
        self.journal = journal;
    }

    /// Drops one picker's mark; the journal empties with the last.
    fn release(&mut self) {
        self.marks -= 1;
        if self.marks == 0 {
            self.journal.clear();
        }
    }

    /// Whether no picker holds a mark (every picker was finished).
    pub(crate) fn no_marks(&self) -> bool {
        self.marks == 0
    }

    /// The order key of a quiet action that is neither the TT move nor a killer.
    #[inline]
    fn quiet_key<G: Game<Action = A>>(&self, g: &G, cx: &Context, a: &A) -> i32 {
        self.quiet_score(g, cx, a) + g.hint(a).clamp(-HISTORY_MAX, HISTORY_MAX)
    }

    /// Starts `picker` on `actions` of `g`'s current state: the same order as [`MoveOrderer::order`],
    /// at most `limit` actions. With `lazy`, the quiet actions are scored when the first of them is
    /// asked for (the picker holds a mark until then); otherwise now.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start<G: Game<Action = A>>(
        &mut self,
        picker: &mut Picker<A>,
        g: &G,
        ply: usize,
        cx: &Context,
        tt_move: Option<A>,
        killers: bool,
        actions: &[A],
        lazy: bool,
        limit: usize,
    ) {
        debug_assert!(picker.mark.is_none(), "a picker restarted without finish");
        picker.picked.clear();
        picker.high.clear();
        picker.quiets.clear();
        picker.losing.clear();
        picker.stage = Stage::Tt;
        picker.tt = tt_move;
        picker.tt_left = 0;
        picker.quiet_next = 0;
        picker.sorted = false;
        picker.losing_next = 0;
        picker.any_order = false;
        picker.cx = *cx;
        picker.limit = limit;
        let k = if killers { self.killers[ply.min(MAX_PLY)] } else { [None, None] };
        for &a in actions {
            if tt_move == Some(a) {
                picker.tt_left += 1;
            } else if g.is_noisy(&a) {
                picker.high.push((noisy_key(g, &a), a, self.see));
            } else if killers && k[0] == Some(a) {
                picker.high.push((KILLER + 1, a, false));
            } else if killers && k[1] == Some(a) {
                picker.high.push((KILLER, a, false));
            } else {
                picker.quiets.push((0, a));
            }
        }
        if !picker.quiets.is_empty() {
            if lazy {
                picker.mark = Some(self.journal.len());
                self.marks += 1;
            } else {
                self.score_quiets(picker, g);
            }
        }
    }

    /// Scores the picker's quiet actions with the tables as they were when it started.
    fn score_quiets<G: Game<Action = A>>(&mut self, picker: &mut Picker<A>, g: &G) {
        let mark = picker.mark.take();
        let rolled_back = mark.is_some_and(|m| self.journal.len() > m);
        if let Some(m) = mark
            && rolled_back
        {
            self.swap_journal(m, true);
        }
        let cx = picker.cx;
        for (key, a) in &mut picker.quiets {
            *key = self.quiet_key(g, &cx, a);
        }
        if let Some(m) = mark {
            if rolled_back {
                self.swap_journal(m, false);
            }
            self.release();
        }
    }

    /// The picker's next action with its order key (the key [`MoveOrderer::order`] gives it); `None`
    /// after the last or at the limit. `g` must be in the state the picker was started on.
    pub(crate) fn next<G: Game<Action = A>>(&mut self, picker: &mut Picker<A>, g: &G) -> Option<(i32, A)> {
        if picker.picked.len() >= picker.limit {
            return None;
        }
        let next = loop {
            match picker.stage {
                Stage::Tt => {
                    if picker.tt_left > 0 {
                        picker.tt_left -= 1;
                        break picker.tt.map(|a| (TT_MOVE, a));
                    }
                    picker.stage = Stage::High;
                }
                Stage::High => {
                    if picker.high.is_empty() {
                        picker.stage = Stage::Quiet;
                        if picker.any_order {
                            self.finish(picker);
                        } else if picker.mark.is_some() {
                            self.score_quiets(picker, g);
                        }
                        continue;
                    }
                    // The first of the highest keys; the rest keep their order.
                    let mut j = 0;
                    for (i, e) in picker.high.iter().enumerate().skip(1) {
                        if e.0 > picker.high[j].0 {
                            j = i;
                        }
                    }
                    let (key, a, see) = picker.high.remove(j);
                    if see && !g.see_ge(&a, 0) {
                        // Loses material: after the quiet actions, in the order found (which is the
                        // order of the keys, as both keys add the same hint).
                        picker.losing.push((key - NOISY + LOSING, a));
                        continue;
                    }
                    break Some((key, a));
                }
                Stage::Quiet => {
                    let n = picker.quiet_next;
                    if n == picker.quiets.len() {
                        picker.stage = Stage::Losing;
                        continue;
                    }
                    if picker.any_order {
                        picker.quiet_next = n + 1;
                        break Some(picker.quiets[n]);
                    }
                    if !picker.sorted && n >= SELECT_QUIETS {
                        // Many quiet actions asked for (an all-node): sort the rest at once.
                        picker.quiets[n..].sort_by_key(|x| std::cmp::Reverse(x.0));
                        picker.sorted = true;
                    }
                    if !picker.sorted {
                        let mut j = n;
                        for i in n + 1..picker.quiets.len() {
                            if picker.quiets[i].0 > picker.quiets[j].0 {
                                j = i;
                            }
                        }
                        picker.quiets[n..=j].rotate_right(1);
                    }
                    picker.quiet_next = n + 1;
                    break Some(picker.quiets[n]);
                }
                Stage::Losing => {
                    let n = picker.losing_next;
                    if n == picker.losing.len() {
                        picker.stage = Stage::Done;
                        break None;
                    }
                    picker.losing_next = n + 1;
                    break Some(picker.losing[n]);
                }
                Stage::Done => break None,
            }
        };
        if let Some(x) = next {
            picker.picked.push(x);
        }
        next
    }

    /// Ends the picker's node (drops its mark if it still holds one).
    pub(crate) fn finish(&mut self, picker: &mut Picker<A>) {
        if picker.mark.take().is_some() {
            self.release();
        }
    }
}

/// Quiet actions picked one by one (a selection) before the rest are sorted at once.
const SELECT_QUIETS: usize = 3;

/// Where a [`Picker`] stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// The TT move.
    Tt,
    /// Noisy actions (exchange evaluation pending) and killers.
    High,
    /// Quiet actions.
    Quiet,
    /// Noisy actions that lose material.
    Losing,
    /// Nothing left.
    Done,
}

/// One node's actions in [`MoveOrderer::order`]'s order, yielded one at a time by
/// [`MoveOrderer::next`] (its buffers are reused from node to node).
pub(crate) struct Picker<A> {
    /// The actions yielded so far with their order keys, in order.
    pub(crate) picked: Vec<(i32, A)>,
    stage: Stage,
    tt: Option<A>,
    /// The number of actions equal to the TT move not yet yielded.
    tt_left: usize,
    /// Noisy actions (key before the exchange evaluation, whether it is still to be done) and killers,
    /// in generation order.
    high: Vec<(i32, A, bool)>,
    /// Quiet actions in generation order (keys once scored); those before `quiet_next` are yielded.
    quiets: Vec<(i32, A)>,
    quiet_next: usize,
    /// Whether `quiets[quiet_next..]` is sorted.
    sorted: bool,
    /// Whether the remaining quiet actions may come in any order ([`Picker::any_order`]).
    any_order: bool,
    /// Noisy actions found to lose material, in order; those before `losing_next` are yielded.
    losing: Vec<(i32, A)>,
    losing_next: usize,
    cx: Context,
    /// The orderer's journal length when the picker started, while its quiet actions are unscored.
    mark: Option<usize>,
    limit: usize,
}

impl<A> Picker<A> {
    /// The caller will not search the quiet actions still to come (killers excepted), whatever their
    /// order: they may now come in any order, unscored (their keys are then only known to be below
    /// [`KILLER_KEY`]). Nothing else changes: the same actions come, the noisy actions that lose material
    /// still last. Ignored under a limit (a beam), where the order decides which actions come at all.
    pub(crate) fn any_order(&mut self) {
        self.any_order = self.limit == usize::MAX;
    }
}

impl<A> Default for Picker<A> {
    /// An empty picker.
    fn default() -> Picker<A> {
        Picker {
            picked: Vec::new(),
            stage: Stage::Done,
            tt: None,
            tt_left: 0,
            high: Vec::new(),
            quiets: Vec::new(),
            quiet_next: 0,
            sorted: false,
            any_order: false,
            losing: Vec::new(),
            losing_next: 0,
            cx: Context::default(),
            mark: None,
            limit: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_rules::{Move, Position};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    const FENS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    ];

    /// A position a few random moves away from one of `FENS`.
    fn random_position(rng: &mut ChaCha8Rng) -> Position {
        let mut pos = Position::from_fen(FENS[rng.gen_range(0..FENS.len())]).unwrap();
        for _ in 0..rng.gen_range(0..12) {
            let moves = pos.legal_moves();
            let Some(&m) = moves.choose(rng) else { break };
            pos.play_unchecked(m);
        }
        pos
    }

    fn actions(pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        pos.actions(&mut out);
        out
    }

    /// History, continuation-history and killer writes through the search's own calls, on random
    /// moves of random positions.
    fn random_writes(ord: &mut MoveOrderer<Move>, rng: &mut ChaCha8Rng, n: usize) {
        for _ in 0..n {
            let pos = random_position(rng);
            let moves = actions(&pos);
            let Some(&m) = moves.choose(rng) else { continue };
            let cx = random_context(rng);
            let depth = rng.gen_range(1..12);
            if rng.gen_bool(0.5) {
                ord.cutoff(&pos, rng.gen_range(0..4), &cx, depth, m, true);
            } else {
                ord.failed(&pos, &cx, depth, m);
            }
        }
    }

    fn random_context(rng: &mut ChaCha8Rng) -> Context {
        let mut slot = || rng.gen_bool(0.8).then(|| rng.gen_range(0..Position::CONT_SLOTS));
        Context { prev: [slot(), slot()] }
    }

    /// Every action the picker yields, those yielded before included.
    fn drain(ord: &mut MoveOrderer<Move>, picker: &mut Picker<Move>, pos: &Position) -> Vec<(i32, Move)> {
        let mut out = Vec::new();
        while let Some(x) = ord.next(picker, pos) {
            out.push(x);
        }
        ord.finish(picker);
        assert!(picker.picked.ends_with(&out));
        picker.picked.clone()
    }

    struct Case {
        pos: Position,
        ply: usize,
        cx: Context,
        tt: Option<Move>,
        killers: bool,
        expected: Vec<(i32, Move)>,
    }

    /// A random node and the order [`MoveOrderer::order`] gives it with the tables as they are now.
    fn random_case(ord: &MoveOrderer<Move>, rng: &mut ChaCha8Rng) -> Case {
        let pos = random_position(rng);
        let moves = actions(&pos);
        let ply = rng.gen_range(0..4);
        let cx = random_context(rng);
        let tt = match rng.gen_range(0..3) {
            0 => None,
            1 => moves.choose(rng).copied(),
            // A move of another position (a table collision): in the list or not.
            _ => actions(&random_position(rng)).choose(rng).copied(),
        };
        let killers = rng.gen_bool(0.8);
        let mut expected = Vec::new();
        ord.order(&pos, ply, &cx, tt, killers, &moves, &mut expected);
        Case { pos, ply, cx, tt, killers, expected }
    }

    fn start(ord: &mut MoveOrderer<Move>, picker: &mut Picker<Move>, c: &Case, lazy: bool, limit: usize) {
        ord.start(picker, &c.pos, c.ply, &c.cx, c.tt, c.killers, &actions(&c.pos), lazy, limit);
    }

    #[test]
    fn the_picker_yields_the_sorted_order_with_the_tables_of_its_start() {
        let mut rng = ChaCha8Rng::seed_from_u64(18);
        let mut ord = MoveOrderer::<Move>::new(Position::HISTORY_SLOTS);
        ord.set_cont_slots(Position::CONT_SLOTS);
        let (mut outer, mut inner) = (Picker::default(), Picker::default());
        for round in 0..300 {
            ord.see = round % 3 != 0;
            random_writes(&mut ord, &mut rng, 30);
            // Eager and lazy, no writes in between.
            let c = random_case(&ord, &mut rng);
            for lazy in [false, true] {
                start(&mut ord, &mut outer, &c, lazy, usize::MAX);
                assert_eq!(drain(&mut ord, &mut outer, &c.pos), c.expected, "round {round}");
            }
            // A beam: the first actions of the same order.
            let limit = rng.gen_range(0..8);
            start(&mut ord, &mut outer, &c, true, limit);
            let n = limit.min(c.expected.len());
            assert_eq!(drain(&mut ord, &mut outer, &c.pos), c.expected[..n], "round {round}");
            // Lazy pickers, nested, with table writes while they wait: the quiet actions keep the
            // scores of the picker's start.
            let a = random_case(&ord, &mut rng);
            start(&mut ord, &mut outer, &a, true, usize::MAX);
            let first = ord.next(&mut outer, &a.pos);
            assert_eq!(first, a.expected.first().copied());
            let n = rng.gen_range(0..20);
            random_writes(&mut ord, &mut rng, n);
            let b = random_case(&ord, &mut rng);
            start(&mut ord, &mut inner, &b, true, usize::MAX);
            let n = rng.gen_range(0..20);
            random_writes(&mut ord, &mut rng, n);
            assert_eq!(drain(&mut ord, &mut inner, &b.pos), b.expected, "round {round}");
            let n = rng.gen_range(0..20);
            random_writes(&mut ord, &mut rng, n);
            assert_eq!(drain(&mut ord, &mut outer, &a.pos), a.expected, "round {round}");
            assert!(ord.no_marks() && ord.journal.is_empty());
        }
    }

    #[test]
    fn quiet_actions_in_any_order_are_the_same_actions_and_the_rest_keeps_its_place() {
        let mut rng = ChaCha8Rng::seed_from_u64(1818);
        let mut ord = MoveOrderer::<Move>::new(Position::HISTORY_SLOTS);
        ord.set_cont_slots(Position::CONT_SLOTS);
        ord.see = true;
        let mut picker = Picker::default();
        for round in 0..300 {
            random_writes(&mut ord, &mut rng, 30);
            let c = random_case(&ord, &mut rng);
            start(&mut ord, &mut picker, &c, rng.gen_bool(0.5), usize::MAX);
            let skip_from = rng.gen_range(0..=c.expected.len());
            let mut got = Vec::new();
            while let Some(x) = {
                if got.len() == skip_from {
                    picker.any_order();
                }
                ord.next(&mut picker, &c.pos)
            } {
                got.push(x);
            }
            ord.finish(&mut picker);
            assert!(ord.no_marks());
            assert_eq!(got.len(), c.expected.len(), "round {round}");
            let quiet = |x: &(i32, Move)| x.0 < KILLER_KEY && x.0 > LOSING + NOISY / 2;
            for (i, (g, e)) in got.iter().zip(&c.expected).enumerate() {
                if i < skip_from || !quiet(e) {
                    assert_eq!(g, e, "round {round}, action {i}");
                } else {
                    assert!(g.0 < KILLER_KEY, "round {round}, action {i}");
                }
            }
            let sorted = |mut v: Vec<Move>| {
                v.sort_by_key(|m| m.to_uci());
                v
            };
            assert_eq!(
                sorted(got.iter().map(|x| x.1).collect()),
                sorted(c.expected.iter().map(|x| x.1).collect()),
                "round {round}"
            );
        }
    }
}
