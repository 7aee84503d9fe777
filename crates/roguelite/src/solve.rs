//! The solver: proves an encounter winnable by finding a winning line of player actions against the
//! enemy, which is deterministic (a run proves against its enemy's top-ranked action,
//! [`StageTuning::top_ranked`](crate::bot::StageTuning::top_ranked)).
//!
//! The search is over the player's actions only, from the whole action set
//! ([`Battle::search_actions`]: moves, teleports to empty squares and onto enemies, Freezes of enemy
//! pieces): after each player action the enemy's replies come from `enemy`, so every player action
//! leads to exactly one next state. Three phases:
//!
//! 1. **Shallow and exhaustive**: iterative deepening on the number of player moves up to
//!    [`SHALLOW`] (two moves). It is exhaustive over the whole action set with two cuts that lose no
//!    win: with one move left only an action that ends the battle at once is tried (a win is a
//!    capture, or poison or damage the action itself deals), and with two moves left an action after
//!    which the player threatens no winning capture (no objective piece, royal king or last enemy
//!    piece on a square of [`Battle::threatened_squares`]) is not answered: the enemy's guard never
//!    leaves a one-action loss while it has a safe action (`tests/bot.rs`), and with no threat every
//!    action of the enemy's that does not walk into one is safe.
//! 2. **Probes** for an upper bound: the thinker's search plays the player's side
//!    ([`THINKER_TUNING`]), then the auto-player's bot.
//! 3. **Deeper**: the deepening goes on from three moves up to one below the probe's line, with a
//!    transposition table of states already shown to fail with at least as many moves left, until
//!    the node cap.
//!
//! The line returned is the shortest found; it is the shortest there is when the deepening finished
//! below it ([`Solution::exhaustive`]); [`Solution::no_win_within`] says how far the deepening
//! proved that no win exists. A node is one enemy decision the solver asked for (the costly part:
//! each is a search of the enemy's), plus one per player decision of a probe.

use std::collections::HashMap;

use crate::battle::{Battle, BattleAction, BattleStatus, Objective};
use crate::bot::{AUTO_PLAYER_TUNING, StageTuning, THINKER_TUNING, choose_action, role_value};
use crate::types::Team;

/// Player moves the first, exhaustive phase searches (see the module doc).
pub const SHALLOW: u32 = 2;

/// The solver's limits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Node cap: enemy decisions asked for (and the probes' player decisions).
    pub max_nodes: u64,
    /// The most player moves a line may use (moves and teleports; freezes and repositions are
    /// free). The battle's own budget applies too: a line never exceeds it.
    pub max_moves: u32,
}

impl Default for SolveOptions {
    /// 2,000 nodes, 40 moves.
    fn default() -> Self {
        SolveOptions { max_nodes: 2_000, max_moves: 40 }
    }
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A winning line (the player's actions from the start), the shortest found; `None`: not proved
    /// within the node cap.
    pub line: Option<Vec<BattleAction>>,
    /// Player moves the line uses (moves and teleports).
    pub moves: u32,
    /// Nodes spent.
    pub nodes: u64,
    /// Whether the deepening searched every shorter line: then `moves` is the shortest win there is
    /// (over the whole action set, against this enemy).
    pub exhaustive: bool,
    /// Player moves within which the deepening showed that no win exists (every line of at most
    /// this many moves searched; 0 when not even one move was). A win of `moves` with
    /// `no_win_within` at least `moves - 1` is the shortest there is.
    pub no_win_within: u32,
}

impl Solution {
    /// Whether a win was found.
    #[must_use]
    pub fn proved(&self) -> bool {
        self.line.is_some()
    }
}

struct Solver<'a, E: FnMut(&Battle) -> Option<BattleAction>> {
    enemy: &'a mut E,
    nodes: u64,
    cap: u64,
    /// (state, ply) -> the most moves left with which the state was searched and failed.
    failed: HashMap<u64, u32>,
    /// (state, ply, action) -> the state after it and the enemy's replies.
    lazy: HashMap<u64, Battle>,
}

fn key(b: &Battle) -> u64 {
    gambit_rules::splitmix64(b.state_key() ^ u64::from(b.ply()).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

fn won(b: &Battle) -> bool {
    matches!(b.status(), BattleStatus::Victory { .. })
}

/// Whether the player, were it to act next in `b`, could capture a piece whose loss ends the battle:
/// an objective piece, a royal king, any piece under `eliminate_army` or the enemy's last piece on a
/// square the player threatens.
fn victory_threat(b: &Battle) -> bool {
    let threatened = b.threatened_squares(Team::Player);
    if threatened.is_empty() {
        return false;
    }
    let last = b.living(Team::Enemy).count() == 1;
    b.living(Team::Enemy).any(|u| {
        (last
            || b.objective() == Objective::EliminateArmy
            || b.is_objective(u)
            || (b.royal_kings() && u.role == gambit_rules::Role::King))
            && threatened.contains(&u.square)
    })
}

impl<E: FnMut(&Battle) -> Option<BattleAction>> Solver<'_, E> {
    /// Applies the enemy's replies until the player is to act or the battle is over; each enemy
    /// decision is a node.
    fn reply(&mut self, b: &mut Battle) {
        let mut guard = 0;
        while b.status() == BattleStatus::Ongoing && b.to_move() == Team::Enemy && guard < 64 {
            guard += 1;
            self.nodes += 1;
            let Some(a) = (self.enemy)(b) else { break };
            if b.apply(a).is_err() {
                break;
            }
        }
    }

    /// The state after a player action and the enemy's replies, computed once per (state, action);
    /// `None` when the action is refused, when the node cap is spent, or (with `prune`) when the
    /// action leaves the enemy to move with no winning capture threatened (not answered: the
    /// enemy's guard answers it safely, see the module doc).
    fn child(&mut self, b: &Battle, k: u64, a: BattleAction, prune: bool) -> Option<Battle> {
        let ck = k ^ gambit_rules::splitmix64(action_code(a));
        if let Some(c) = self.lazy.get(&ck) {
            return Some(c.clone());
        }
        let mut c = b.clone();
        c.apply(a).ok()?;
        if c.status() == BattleStatus::Ongoing && c.to_move() == Team::Enemy {
            if prune && !victory_threat(&c) {
                return None;
            }
            if self.nodes >= self.cap {
                return None;
            }
            self.reply(&mut c);
        }
        self.lazy.insert(ck, c.clone());
        Some(c)
    }

    /// Depth-first search for a win using at most `left` more moves; the player's actions in the
    /// order of [`order_hint`], each child computed when it is reached. `Err(())` when the node cap
    /// was reached (the search is then not exhaustive).
    fn dfs(&mut self, b: &Battle, left: u32, line: &mut Vec<BattleAction>) -> Result<bool, ()> {
        if won(b) {
            return Ok(true);
        }
        if b.status() != BattleStatus::Ongoing || left == 0 {
            return Ok(false);
        }
        // Every objective piece still alive needs a capture of its own (an ordinary move).
        if lower_bound(b) > left {
            return Ok(false);
        }
        let k = key(b);
        if self.failed.get(&k).is_some_and(|&l| l >= left) {
            return Ok(false);
        }
        let mut actions = b.search_actions();
        if left == 1 {
            // Only an action that ends the battle at once can win with one move left (a free
            // Freeze or reposition first does not make a capture possible).
            for a in actions {
                let mut c = b.clone();
                if c.apply(a).is_ok() && won(&c) {
                    line.push(a);
                    return Ok(true);
                }
            }
        } else {
            actions.sort_by_cached_key(|a| std::cmp::Reverse(order_hint(b, a)));
            for a in actions {
                if self.nodes >= self.cap {
                    return Err(());
                }
                let Some(child) = self.child(b, k, a, left == 2) else { continue };
                let cost = child.moves_used() - b.moves_used();
                if cost > left {
                    continue;
                }
                line.push(a);
                if self.dfs(&child, left - cost, line)? {
                    return Ok(true);
                }
                line.pop();
            }
        }
        let entry = self.failed.entry(k).or_insert(0);
        *entry = (*entry).max(left);
        Ok(false)
    }
}
fn action_code(a: BattleAction) -> u64 {
    match a {
        BattleAction::Move { id, to } => 1 << 32 | u64::from(id) << 8 | u64::from(to.index()),
        BattleAction::Reposition { id, to } => 2 << 32 | u64::from(id) << 8 | u64::from(to.index()),
        BattleAction::Skip => 3 << 32,
        BattleAction::Teleport { id, to } => 4 << 32 | u64::from(id) << 8 | u64::from(to.index()),
        BattleAction::Freeze { square } => 5 << 32 | u64::from(square.index()),
        BattleAction::Use { slot, target } => {
            6 << 32 | u64::from(slot) << 8 | target.map_or(0xff, |t| u64::from(t.index()))
        }
    }
}

/// The order the deepening tries the player's actions in: captures of objective pieces, freezes of
/// objective pieces, teleports next to one, other captures by value, then moves towards the nearest
/// objective piece (each enemy piece under `eliminate_army`).
fn order_hint(b: &Battle, a: &BattleAction) -> i32 {
    let hunted: Vec<gambit_rules::Square> = b
        .living(Team::Enemy)
        .filter(|u| b.is_objective(u) || b.objective() == crate::battle::Objective::EliminateArmy)
        .map(|u| u.square)
        .collect();
    let near = |sq: gambit_rules::Square| hunted.iter().map(|&h| chebyshev(h, sq)).min().unwrap_or(8);
    match *a {
        BattleAction::Move { to, .. } | BattleAction::Reposition { to, .. } => match b.unit_at(to) {
            Some(v) if b.is_objective(v) => 100_000,
            Some(v) => 10_000 + role_value(v.role) - 10 * near(to),
            None => -10 * near(to),
        },
        BattleAction::Freeze { square } => {
            if hunted.contains(&square) {
                50_000
            } else {
                -200
            }
        }
        BattleAction::Teleport { to, .. } => match b.unit_at(to) {
            Some(v) => 10_000 + role_value(v.role) - 100,
            None if near(to) <= 1 => 40_000,
            None => -100 - 10 * near(to),
        },
        BattleAction::Skip => -1,
        // Never in a proof (the proof's battle has no pack); last if it were.
        BattleAction::Use { .. } => -1_000,
    }
}

fn chebyshev(a: gambit_rules::Square, b: gambit_rules::Square) -> i32 {
    let df = (i32::from(a.file().index()) - i32::from(b.file().index())).abs();
    let dr = (i32::from(a.rank().index()) - i32::from(b.rank().index())).abs();
    df.max(dr)
}

/// A lower bound on the player moves still needed: one capture per living objective piece (kings
/// under `capture_king`, marked targets, every enemy piece under `eliminate_army`), at least one
/// move while the battle is on. (Poison and
/// item damage can kill too, so a line may beat it; the bound only prunes.)
fn lower_bound(b: &Battle) -> u32 {
    let marked = if b.objective() == crate::battle::Objective::EliminateArmy {
        b.living(Team::Enemy).count()
    } else {
        b.living(Team::Enemy).filter(|u| b.is_objective(u)).count()
    };
    (marked as u32).max(1)
}

/// Searches for a winning line for the player of `battle` (the player to move), the enemy's replies
/// coming from `enemy` (called with the battle whenever the enemy is to move; `None` stops it).
/// Bounded by [`SolveOptions`] and by the battle's move budget. The phases are in the module doc.
#[must_use]
pub fn solve(
    battle: &Battle,
    mut enemy: impl FnMut(&Battle) -> Option<BattleAction>,
    options: SolveOptions,
) -> Solution {
    let mut solver = Solver {
        enemy: &mut enemy,
        nodes: 0,
        cap: options.max_nodes,
        failed: HashMap::new(),
        lazy: HashMap::new(),
    };
    let mut start = battle.clone();
    start.set_quiet(true);
    let max_moves = options.max_moves.min(start.moves_left());
    if start.to_move() == Team::Enemy {
        solver.reply(&mut start);
    }
    if won(&start) {
        return Solution {
            line: Some(Vec::new()),
            moves: 0,
            nodes: solver.nodes,
            exhaustive: true,
            no_win_within: 0,
        };
    }
    let found = |solver: &mut Solver<'_, _>, line: Vec<BattleAction>, searched_to: u32| {
        let moves = replay_moves(&start, &line, solver.enemy);
        Solution {
            line: Some(line),
            moves,
            nodes: solver.nodes,
            exhaustive: true,
            no_win_within: searched_to,
        }
    };
    // Phase 1: exhaustive up to SHALLOW moves.
    let (line, mut searched_to) = solver.shallow(&start, max_moves);
    if let Some(line) = line {
        return found(&mut solver, line, searched_to);
    }
    // Phase 2: the probes.
    let mut best: Option<(Vec<BattleAction>, u32)> = None;
    let thinker = StageTuning::from(THINKER_TUNING);
    let probed = bot_probe(&start, max_moves, thinker, &mut solver)
        .or_else(|| bot_probe(&start, max_moves, AUTO_PLAYER_TUNING, &mut solver));
    if let Some(l) = probed {
        let moves = replay_moves(&start, &l, solver.enemy);
        best = Some((l, moves));
    }
    // Phase 3: deeper, below the probe's line.
    let ceiling = best.as_ref().map_or(max_moves, |(_, m)| m.saturating_sub(1));
    if searched_to >= SHALLOW.min(max_moves) {
        for limit in searched_to + 1..=ceiling {
            let mut line = Vec::new();
            match solver.dfs(&start, limit, &mut line) {
                Ok(true) => return found(&mut solver, line, searched_to),
                Ok(false) => searched_to = limit,
                Err(()) => break,
            }
        }
    }
    let nodes = solver.nodes;
    match best {
        Some((line, moves)) => Solution {
            line: Some(line),
            moves,
            nodes,
            exhaustive: searched_to + 1 >= moves,
            no_win_within: searched_to,
        },
        None => Solution {
            line: None,
            moves: 0,
            nodes,
            exhaustive: searched_to >= max_moves,
            no_win_within: searched_to,
        },
    }
}

/// What [`short_win`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortWin {
    /// A win within [`SHALLOW`] player moves (the player's actions from the start), if one was found.
    pub line: Option<Vec<BattleAction>>,
    /// Player moves within which no win exists (every line of at most this many moves searched):
    /// [`SHALLOW`] when the check finished without a win.
    pub no_win_within: u32,
    /// Nodes spent (enemy decisions asked for).
    pub nodes: u64,
}

impl ShortWin {
    /// Whether the battle was shown free of a win within [`SHALLOW`] moves.
    #[must_use]
    pub fn none_within_shallow(&self) -> bool {
        self.line.is_none() && self.no_win_within >= SHALLOW
    }
}

/// The solver's first phase alone (the module doc): is there a win for the player of `battle` within
/// [`SHALLOW`] player moves against `enemy`? Exhaustive over the whole action set unless the node cap
/// `max_nodes` is reached first (then [`ShortWin::no_win_within`] says how far it got). Cheap: with
/// the cuts of the module doc it asks the enemy only after actions that threaten a winning capture.
#[must_use]
pub fn short_win(
    battle: &Battle,
    mut enemy: impl FnMut(&Battle) -> Option<BattleAction>,
    max_nodes: u64,
) -> ShortWin {
    let mut solver =
        Solver { enemy: &mut enemy, nodes: 0, cap: max_nodes, failed: HashMap::new(), lazy: HashMap::new() };
    let mut start = battle.clone();
    start.set_quiet(true);
    if start.to_move() == Team::Enemy {
        solver.reply(&mut start);
    }
    if won(&start) {
        return ShortWin { line: Some(Vec::new()), no_win_within: 0, nodes: solver.nodes };
    }
    let max_moves = start.moves_left();
    let (line, no_win_within) = solver.shallow(&start, max_moves);
    ShortWin { line, no_win_within, nodes: solver.nodes }
}

impl<E: FnMut(&Battle) -> Option<BattleAction>> Solver<'_, E> {
    /// Phase 1: the deepening from the lower bound up to [`SHALLOW`] (or `max_moves`) moves: the
    /// first win found and the moves within which none exists.
    fn shallow(&mut self, start: &Battle, max_moves: u32) -> (Option<Vec<BattleAction>>, u32) {
        let floor = lower_bound(start);
        // Lines shorter than the lower bound cannot win.
        let mut searched_to = floor.saturating_sub(1);
        for limit in floor..=SHALLOW.min(max_moves) {
            let mut line = Vec::new();
            match self.dfs(start, limit, &mut line) {
                Ok(true) => return (Some(line), searched_to),
                Ok(false) => searched_to = limit,
                Err(()) => break,
            }
        }
        (None, searched_to)
    }
}

/// A probe: a bot ([`THINKER_TUNING`], then [`AUTO_PLAYER_TUNING`]) plays the player's side; each
/// of its decisions counts as one node.
fn bot_probe<E: FnMut(&Battle) -> Option<BattleAction>>(
    start: &Battle,
    max_moves: u32,
    tuning: StageTuning,
    solver: &mut Solver<'_, E>,
) -> Option<Vec<BattleAction>> {
    let mut b = start.clone();
    let mut line = Vec::new();
    let base = start.moves_used();
    let mut steps = 0;
    while b.status() == BattleStatus::Ongoing && b.moves_used() - base < max_moves && steps < 4 * max_moves {
        if solver.nodes >= solver.cap {
            return None;
        }
        steps += 1;
        solver.nodes += 1;
        let a = choose_action(&b, tuning, u64::from(steps)).action?;
        b.apply(a).ok()?;
        solver.reply(&mut b);
        line.push(a);
    }
    won(&b).then_some(line)
}

/// The player moves a line uses from `start`, replaying it with the enemy's replies.
fn replay_moves(
    start: &Battle,
    line: &[BattleAction],
    enemy: &mut impl FnMut(&Battle) -> Option<BattleAction>,
) -> u32 {
    let mut b = start.clone();
    for &a in line {
        if b.apply(a).is_err() {
            break;
        }
        let mut guard = 0;
        while b.status() == BattleStatus::Ongoing && b.to_move() == Team::Enemy && guard < 64 {
            guard += 1;
            let Some(e) = enemy(&b) else { break };
            if b.apply(e).is_err() {
                break;
            }
        }
    }
    b.moves_used() - start.moves_used()
}

/// Replays a line from `start` with the enemy's replies and returns the battle at its end (for
/// checking a proof: it should be a victory).
#[must_use]
pub fn replay_line(
    start: &Battle,
    line: &[BattleAction],
    mut enemy: impl FnMut(&Battle) -> Option<BattleAction>,
) -> Battle {
    let mut b = start.clone();
    b.set_quiet(true);
    for &a in line {
        if b.apply(a).is_err() {
            break;
        }
        while b.status() == BattleStatus::Ongoing && b.to_move() == Team::Enemy {
            let Some(e) = enemy(&b) else { break };
            if b.apply(e).is_err() {
                break;
            }
        }
    }
    b
}
