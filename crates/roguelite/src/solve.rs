//! The solver: proves an encounter winnable by finding a winning line of player actions against the
//! real enemy bot, which is deterministic given the battle's seed.
//!
//! The search is over the player's actions only: after each player action the enemy's replies come
//! from `enemy` (in a run, the bot with the run's seeds), so every player action leads to exactly one
//! next state. First a greedy probe (at each step, the action whose resulting state the bot's
//! evaluation likes best, never returning to a state it has seen) finds a line, if it can, within the
//! move cap, and if it cannot the auto-player's bot plays a line; then iterative deepening on
//! the number of player moves, with a transposition table of states already shown to fail with at
//! least as many moves left, looks for shorter lines until the node cap. The line returned is the
//! shortest found; it is the shortest there is when the deepening finished below it (`exhaustive`).
//! Player actions are [`Battle::bot_actions`] (teleports only onto enemies, freezes only on enemy
//! pieces), so a line uses those.

use std::collections::HashMap;

use crate::battle::{Battle, BattleAction, BattleStatus};
use crate::bot::{AUTO_PLAYER_TUNING, Evaluation, StageTuning, choose_action, role_value};
use crate::types::Team;

/// The last probe's bot: three plies, 4,000 nodes (each decision still counts as one node).
const DEEP_PROBE: StageTuning = StageTuning::new(3, 4_000, 1.0);

/// Move limits the deepening searches before the probes run.
const SHALLOW: u32 = 3;

/// The solver's limits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Node cap: player actions tried (each with the enemy's replies), probe included.
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
    /// (over the solver's action set).
    pub exhaustive: bool,
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
    evaluation: Evaluation,
    nodes: u64,
    cap: u64,
    /// (state, ply) -> the most moves left with which the state was searched and failed.
    failed: HashMap<u64, u32>,
    /// (state, ply) -> the player's actions and the states after them (enemy replies included).
    children: HashMap<u64, Vec<(BattleAction, Battle)>>,
    /// (state, ply, action) -> the state after it (the deepening's children).
    lazy: HashMap<u64, Battle>,
}

fn key(b: &Battle) -> u64 {
    gambit_rules::splitmix64(b.state_key() ^ u64::from(b.ply()).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

fn won(b: &Battle) -> bool {
    matches!(b.status(), BattleStatus::Victory { .. })
}

impl<E: FnMut(&Battle) -> Option<BattleAction>> Solver<'_, E> {
    /// Applies the enemy's replies until the player is to act or the battle is over.
    fn reply(&mut self, b: &mut Battle) {
        let mut guard = 0;
        while b.status() == BattleStatus::Ongoing && b.to_move() == Team::Enemy && guard < 64 {
            guard += 1;
            let Some(a) = (self.enemy)(b) else { break };
            if b.apply(a).is_err() {
                break;
            }
        }
    }

    /// The children of a state, best first by the evaluation (wins first), computed once.
    fn expand(&mut self, b: &Battle) -> Vec<(BattleAction, Battle)> {
        let k = key(b);
        if let Some(c) = self.children.get(&k) {
            return c.clone();
        }
        let mut out = Vec::new();
        for a in b.bot_actions() {
            if self.nodes >= self.cap {
                break;
            }
            self.nodes += 1;
            // The deepening may have computed this child already: the same state, not searched again.
            if let Some(c) = self.lazy.get(&(k ^ gambit_rules::splitmix64(action_code(a)))) {
                out.push((a, c.clone()));
                continue;
            }
            let mut child = b.clone();
            if child.apply(a).is_err() {
                continue;
            }
            self.reply(&mut child);
            out.push((a, child));
        }
        let score = |c: &Battle, a: &BattleAction| -> i64 {
            match c.status() {
                BattleStatus::Victory { .. } => i64::MAX,
                BattleStatus::Defeat { .. } => i64::MIN,
                BattleStatus::Ongoing => {
                    // Prefer captures of valuable pieces between equals.
                    let capture = match a {
                        BattleAction::Move { to, .. } => b.unit_at(*to).map_or(0, |u| role_value(u.role)),
                        _ => 0,
                    };
                    i64::from(self.evaluation.evaluate(c)) * 16 + i64::from(capture)
                }
            }
        };
        out.sort_by_cached_key(|(a, c)| std::cmp::Reverse(score(c, a)));
        if self.nodes < self.cap {
            self.children.insert(k, out.clone());
        }
        out
    }

    /// The greedy probe: the best child at each step, within `max_moves` moves.
    fn probe(&mut self, start: &Battle, max_moves: u32) -> Option<Vec<BattleAction>> {
        let mut b = start.clone();
        let mut line = Vec::new();
        let base = start.moves_used();
        let mut steps = 0;
        while b.status() == BattleStatus::Ongoing
            && b.moves_used() - base < max_moves
            && steps < 4 * max_moves
        {
            steps += 1;
            let children = self.expand(&b);
            let (a, c) =
                children.into_iter().find(|(_, c)| !matches!(c.status(), BattleStatus::Defeat { .. }))?;
            line.push(a);
            b = c;
        }
        won(&b).then_some(line)
    }

    /// The state after a player action and the enemy's replies, computed once per (state, action).
    fn child(&mut self, b: &Battle, k: u64, a: BattleAction) -> Option<Battle> {
        let ck = k ^ gambit_rules::splitmix64(action_code(a));
        if let Some(c) = self.lazy.get(&ck) {
            return Some(c.clone());
        }
        if self.nodes >= self.cap {
            return None;
        }
        self.nodes += 1;
        // A probe's expansion may have computed it already (counted as a node all the same, so the
        // node cap is spent as without the reuse).
        let known =
            self.children.get(&k).and_then(|c| c.iter().find(|(x, _)| *x == a)).map(|(_, c)| c.clone());
        let c = match known {
            Some(c) => c,
            None => {
                let mut c = b.clone();
                c.apply(a).ok()?;
                self.reply(&mut c);
                c
            }
        };
        self.lazy.insert(ck, c.clone());
        Some(c)
    }

    /// Depth-first search for a win using at most `left` more moves; the player's actions in the
    /// order of [`order_hint`], each child computed when it is reached.
    fn dfs(&mut self, b: &Battle, left: u32, line: &mut Vec<BattleAction>) -> bool {
        if won(b) {
            return true;
        }
        if b.status() != BattleStatus::Ongoing || left == 0 || self.nodes >= self.cap {
            return false;
        }
        // Every objective piece still alive needs a capture of its own (an ordinary move).
        if lower_bound(b) > left {
            return false;
        }
        let k = key(b);
        if self.failed.get(&k).is_some_and(|&l| l >= left) {
            return false;
        }
        let mut actions = b.bot_actions();
        actions.sort_by_cached_key(|a| std::cmp::Reverse(order_hint(b, a)));
        for a in actions {
            let Some(child) = self.child(b, k, a) else { return false };
            let cost = child.moves_used() - b.moves_used();
            if cost > left {
                continue;
            }
            line.push(a);
            if self.dfs(&child, left - cost, line) {
                return true;
            }
            line.pop();
            if self.nodes >= self.cap {
                return false;
            }
        }
        let entry = self.failed.entry(k).or_insert(0);
        *entry = (*entry).max(left);
        false
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
        // Never among `bot_actions`; last if it were.
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
/// Bounded by [`SolveOptions`] and by the battle's move budget.
#[must_use]
pub fn solve(
    battle: &Battle,
    mut enemy: impl FnMut(&Battle) -> Option<BattleAction>,
    options: SolveOptions,
) -> Solution {
    let mut solver = Solver {
        enemy: &mut enemy,
        evaluation: Evaluation::default(),
        nodes: 0,
        cap: options.max_nodes,
        failed: HashMap::new(),
        children: HashMap::new(),
        lazy: HashMap::new(),
    };
    let mut start = battle.clone();
    start.set_quiet(true);
    let max_moves = options.max_moves.min(start.moves_left());
    if start.to_move() == Team::Enemy {
        solver.reply(&mut start);
    }
    if won(&start) {
        return Solution { line: Some(Vec::new()), moves: 0, nodes: 0, exhaustive: true };
    }
    // Shallow deepening first (cheap, and it finds the short combinations), then the probes for an
    // upper bound, then deeper until the bound or the cap.
    let floor = lower_bound(&start);
    let shallow = SHALLOW.min(max_moves);
    let mut best: Option<(Vec<BattleAction>, u32)> = None;
    let mut searched_to = floor.saturating_sub(1);
    // The shallow phase gets a third of the nodes, so the probes always run.
    solver.cap = options.max_nodes / 3;
    for limit in floor..=shallow {
        let mut line = Vec::new();
        if solver.dfs(&start, limit, &mut line) {
            let moves = replay_moves(&start, &line, solver.enemy);
            return Solution { line: Some(line), moves, nodes: solver.nodes, exhaustive: true };
        }
        if solver.nodes >= solver.cap {
            break;
        }
        searched_to = limit;
    }
    solver.cap = options.max_nodes;
    let probed = solver
        .probe(&start, max_moves)
        .or_else(|| bot_probe(&start, max_moves, AUTO_PLAYER_TUNING, &mut solver))
        .or_else(|| bot_probe(&start, max_moves, DEEP_PROBE, &mut solver));
    if let Some(l) = probed {
        let moves = replay_moves(&start, &l, solver.enemy);
        best = Some((l, moves));
    }
    let ceiling = best.as_ref().map_or(max_moves, |(_, m)| m.saturating_sub(1));
    let mut exhaustive = searched_to >= ceiling;
    for limit in searched_to + 1..=ceiling {
        let mut line = Vec::new();
        if solver.dfs(&start, limit, &mut line) {
            let moves = replay_moves(&start, &line, solver.enemy);
            best = Some((line, moves));
            exhaustive = true;
            break;
        }
        if solver.nodes >= solver.cap {
            break;
        }
        if limit == ceiling {
            exhaustive = true;
        }
    }
    let nodes = solver.nodes;
    match best {
        Some((line, moves)) => Solution { line: Some(line), moves, nodes, exhaustive },
        None => Solution { line: None, moves: 0, nodes, exhaustive },
    }
}

/// The probes after the greedy one: a bot ([`AUTO_PLAYER_TUNING`], then [`DEEP_PROBE`]) plays the
/// player's side; each decision counts as one node.
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
