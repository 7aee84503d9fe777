//! The enemy (and the auto-player): the search crate's bot on a battle, with per-stage tuning and an
//! evaluation whose weights can be changed (tests inject a different one to show saves survive it).

mod auto;
mod eval;
mod players;

pub use auto::{
    AutoPlayer, BoardChoice, auto_decision, auto_decision_with, auto_use, play_auto, play_auto_with,
};
pub use eval::Evaluation;
pub use players::{Player, play_run};

use gambit_rules::Role;
use gambit_search::{BotConfig, BotOptions, Game, Preset, Terminal, choose_with};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::battle::{Battle, BattleAction, BattleStatus, BattleUndo};
use crate::types::Team;

/// What an empty [`EnemyTuning::Presets`] list stands for (run files may hold one): [`Preset::Beginner`]
/// for the first battle, [`Preset::Casual`] for the second and the third. The game's ladder is the
/// shipped tuning's (`data/tuning.json`, [`EnemyTuning::default`]).
pub const DEFAULT_STAGES: [Preset; 3] = [Preset::Beginner, Preset::Casual, Preset::Casual];

/// The beam width of [`EnemyTuning::Custom`] stages (successors searched per node).
pub const BEAM_WIDTH: usize = 10;

/// What an empty [`EnemyTuning::Custom`] list falls back to (the numbers runs used before presets):
/// depth per stage, plies.
const CUSTOM_DEPTH: [u32; 3] = [1, 2, 3];
/// Node budget per stage of an empty [`EnemyTuning::Custom`] list.
const CUSTOM_NODES: [u64; 3] = [420, 2400, 6000];
/// Consistency per stage of an empty [`EnemyTuning::Custom`] list.
const CUSTOM_CONSISTENCY: [f64; 3] = [0.0, 1.0, 1.0];

/// The enemy's search settings by stage (index 0 = the first battle of a run). A short list repeats
/// its last entry for later stages.
///
/// Serialized untagged: `{"stages": ["beginner", "casual", "club"]}`, or, as run files written before
/// the presets record it, `{"depth": [1, 2, 3], "nodes": [420, 2400, 6000], "consistency": [0.0, 1.0,
/// 1.0]}` (kept so those runs replay with the numbers they were played with).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EnemyTuning {
    /// One search preset per stage; an empty list is [`DEFAULT_STAGES`].
    Presets {
        /// The presets, stage 1 first.
        stages: Vec<Preset>,
    },
    /// Explicit numbers per stage with beam width [`BEAM_WIDTH`]; an empty list uses the numbers of
    /// the game before presets (depth `[1, 2, 3]`, nodes `[420, 2400, 6000]`, consistency
    /// `[0.0, 1.0, 1.0]`).
    Custom {
        /// Search depth in plies, per stage.
        depth: Vec<u32>,
        /// Node budget per stage.
        nodes: Vec<u64>,
        /// Consistency (0..=1) per stage.
        consistency: Vec<f64>,
    },
    /// The thinking enemy (issue 40): one [`Thinking`] ladder rung per stage; an empty list is
    /// [`THINKING_STAGES`]. Serialized as `{"thinking": [...]}`.
    Thinking {
        /// The rungs, stage 1 first.
        thinking: Vec<Thinking>,
    },
}

/// One stage of the thinking enemy ([`EnemyTuning::Thinking`]): depth counted in turns (a Freeze or
/// a reposition keeps the turn and costs no depth), the root and the first reply searched at full
/// width over [`Battle::search_actions`], a node budget (never a clock, so decisions are the same on
/// every machine), the guard always on ([`choose_action`]), and a seeded choice among the actions
/// within `margin_cp` of the best.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thinking {
    /// Depth ceiling, turns.
    pub depth: u32,
    /// Node budget, simulated actions.
    pub nodes: u64,
    /// Successors searched per node from the third turn on (0 = all).
    pub beam_width: usize,
    /// Variety: the choice is drawn among the root actions whose exact score is within this many
    /// centipawns of the best (0 = always the best).
    pub margin_cp: i32,
}

/// The thinking enemy's ladder ([`EnemyTuning::Thinking`] with an empty list), stage 1 first. The
/// node budgets aim at the floors of [`thinking_floor`] in at least 97% of decisions; whether they
/// reach them, and the decision times, is measured by `gambit-cli simulate --enemy thinking`
/// (docs/balance.md, "The thinking enemy").
pub const THINKING_STAGES: [Thinking; 3] = [
    Thinking { depth: 3, nodes: 20_000, beam_width: 12, margin_cp: 30 },
    Thinking { depth: 4, nodes: 60_000, beam_width: 10, margin_cp: 30 },
    Thinking { depth: 4, nodes: 100_000, beam_width: 8, margin_cp: 20 },
];

/// The completed depth (turns) the thinking enemy of stage `stage` (1 to 3) must reach: 2, 3, 4.
#[must_use]
pub const fn thinking_floor(stage: u32) -> u32 {
    match stage {
        0 | 1 => 2,
        2 => 3,
        _ => 4,
    }
}

// The players' searches ([`Player`]): defined here, beside the enemy's, because the solver proves
// boards against the same searches.

/// The auto-player's battle tuning: depth 2, 1200 nodes, always the top-ranked action.
pub const AUTO_PLAYER_TUNING: StageTuning = StageTuning::new(2, 1200, 1.0);

/// The thinker's battle search: the thinking enemy's search from the player's side (the whole action
/// set, depth in turns, the first two turns at full width), 20,000 nodes, up to 5 turns, always its
/// top-ranked action. It models the enemy by its own search of the enemy's replies.
pub const THINKER_TUNING: Thinking = Thinking { depth: 5, nodes: 20_000, beam_width: 12, margin_cp: 0 };

/// Turns from the root that the thinking enemy searches at full width (the root and the first reply).
pub const FULL_WIDTH_TURNS: u32 = 2;

fn pick<T: Copy>(values: &[T], defaults: &[T], stage: usize) -> T {
    let list = if values.is_empty() { defaults } else { values };
    list[stage.min(list.len() - 1)]
}

/// One decision's search settings.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StageTuning {
    /// Depth ceiling, plies.
    pub depth: u32,
    /// Node budget (simulated actions).
    pub nodes: u64,
    /// Successors searched per node, best-ranked first (0 = all).
    pub beam_width: usize,
    /// Probability (0..=1) of taking the top-ranked action (ignored by a thinking stage).
    pub consistency: f64,
    /// The thinking enemy's margin (centipawns): `Some` makes the search the thinking enemy's
    /// ([`Thinking`]: the whole action set, depth in turns, the first two turns at full width, the
    /// guard, the margin choice); `None` the bot of the presets (captures-only teleports, a beam at
    /// every node, consistency).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin_cp: Option<i32>,
}

impl StageTuning {
    /// Depth, nodes and consistency with the beam width [`BEAM_WIDTH`] (the presets' bot).
    #[must_use]
    pub const fn new(depth: u32, nodes: u64, consistency: f64) -> StageTuning {
        StageTuning { depth, nodes, beam_width: BEAM_WIDTH, consistency, margin_cp: None }
    }

    /// The same enemy always taking its top-ranked action: a thinking stage with margin 0, a preset's
    /// bot with consistency 1. What a proof is searched against ([`crate::solve`]): the line a proof
    /// finds wins against the enemy's best reply as its search ranks it, not against one seeded draw.
    #[must_use]
    pub const fn top_ranked(self) -> StageTuning {
        if self.is_thinking() {
            StageTuning { margin_cp: Some(0), ..self }
        } else {
            StageTuning { consistency: 1.0, ..self }
        }
    }

    /// Whether this is the thinking enemy's search ([`StageTuning::margin_cp`] set).
    #[must_use]
    pub const fn is_thinking(&self) -> bool {
        self.margin_cp.is_some()
    }
}

impl From<Thinking> for StageTuning {
    /// The thinking rung's depth (turns), nodes, beam width and margin.
    fn from(t: Thinking) -> StageTuning {
        StageTuning {
            depth: t.depth,
            nodes: t.nodes,
            beam_width: t.beam_width,
            consistency: 1.0,
            margin_cp: Some(t.margin_cp),
        }
    }
}

impl From<Preset> for StageTuning {
    /// The preset's depth ceiling, node budget, beam width and consistency.
    fn from(preset: Preset) -> StageTuning {
        let o = preset.options();
        StageTuning {
            depth: preset.depth(),
            nodes: o.max_nodes,
            beam_width: o.beam_width,
            consistency: o.consistency,
            margin_cp: None,
        }
    }
}

impl EnemyTuning {
    /// Explicit numbers per stage ([`EnemyTuning::Custom`]).
    #[must_use]
    pub fn custom(depth: Vec<u32>, nodes: Vec<u64>, consistency: Vec<f64>) -> EnemyTuning {
        EnemyTuning::Custom { depth, nodes, consistency }
    }

    /// The settings of stage `stage` (0-based).
    #[must_use]
    pub fn for_stage(&self, stage: usize) -> StageTuning {
        match self {
            EnemyTuning::Presets { stages } => StageTuning::from(pick(stages, &DEFAULT_STAGES, stage)),
            EnemyTuning::Custom { depth, nodes, consistency } => StageTuning::new(
                pick(depth, &CUSTOM_DEPTH, stage),
                pick(nodes, &CUSTOM_NODES, stage),
                pick(consistency, &CUSTOM_CONSISTENCY, stage),
            ),
            EnemyTuning::Thinking { thinking } => StageTuning::from(pick(thinking, &THINKING_STAGES, stage)),
        }
    }

    /// The thinking enemy with its shipped ladder ([`THINKING_STAGES`]).
    #[must_use]
    pub fn thinking() -> EnemyTuning {
        EnemyTuning::Thinking { thinking: Vec::new() }
    }
}

/// How a [`BattleGame`] takes an action back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum UndoPath {
    /// Played in place, what the action may change saved into a reused record (the search's path).
    InPlace,
    /// A validated apply and a whole copy of the battle per node (the path before issue 13).
    CopyPerNode,
    /// A validated apply described as alterations, taken back by their inverses.
    Alterations,
}

/// A battle as the search crate's [`Game`]: play applies an action in place without validation
/// (the search plays only actions it generated), saving what the action may change into a record
/// reused per ply, and undo restores it exactly; leaves are scored by an [`Evaluation`].
#[derive(Clone, Debug)]
pub struct BattleGame {
    current: Battle,
    /// One record per ply of the current line (reused: `depth` of them are in use).
    undos: Vec<BattleUndo>,
    depth: usize,
    /// How an action is taken back: in place (the search's path) or one of the peers of tests and
    /// benchmarks.
    path: UndoPath,
    /// [`UndoPath::CopyPerNode`]'s copies and [`UndoPath::Alterations`]' descriptions, one per ply.
    saved: Vec<Battle>,
    saved_alterations: Vec<Vec<crate::BattleAlteration>>,
    evaluation: Evaluation,
    /// Search [`Battle::search_actions`] (the thinking enemy's set) instead of
    /// [`Battle::bot_actions`].
    whole_action_set: bool,
}

impl BattleGame {
    /// A searchable copy of `battle` (events off) with the default evaluation.
    #[must_use]
    pub fn new(battle: &Battle) -> BattleGame {
        BattleGame::with_evaluation(battle, Evaluation::default())
    }

    /// A searchable copy of `battle` (events off) scored by `evaluation`.
    #[must_use]
    pub fn with_evaluation(battle: &Battle, evaluation: Evaluation) -> BattleGame {
        let mut current = battle.clone();
        current.set_quiet(true);
        BattleGame {
            current,
            undos: Vec::new(),
            depth: 0,
            path: UndoPath::InPlace,
            saved: Vec::new(),
            saved_alterations: Vec::new(),
            evaluation,
            whole_action_set: false,
        }
    }

    /// The same game searched over [`Battle::search_actions`] (every legal move, teleport and
    /// consumable use, and Freeze on opposing pieces) instead of [`Battle::bot_actions`]: what the
    /// thinking enemy, and the player it models, may do.
    #[must_use]
    pub fn with_whole_action_set(mut self) -> BattleGame {
        self.whole_action_set = true;
        self
    }

    /// The same game searched the way it was before play/undo in place: each play validates the
    /// action and saves a whole copy of the battle, each undo puts the copy back. Only for tests
    /// and benchmarks, which compare the two paths (same choices, nodes per second).
    #[doc(hidden)]
    #[must_use]
    pub fn cloning_per_node(mut self) -> BattleGame {
        self.path = UndoPath::CopyPerNode;
        self
    }

    /// The same game played through alterations: each play describes the validated action as
    /// alterations ([`Battle::alterations`]) and applies them, each undo applies their inverses.
    /// Only for benchmarks, which compare it with play/undo in place (issue 42 section 3).
    #[doc(hidden)]
    #[must_use]
    pub fn through_alterations(mut self) -> BattleGame {
        self.path = UndoPath::Alterations;
        self
    }

    /// The current state.
    #[must_use]
    pub fn battle(&self) -> &Battle {
        &self.current
    }
}

/// Centipawn value of a role in battles, for move ordering and the shop's auto-player (a king counts
/// as when it is royal or the objective; [`Evaluation`] values a plain king less).
#[must_use]
pub fn role_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 300,
        Role::Bishop => 320,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 2000,
    }
}

/// The static evaluation from the player's view with the default weights ([`Evaluation::default`]),
/// centipawns.
#[must_use]
pub fn evaluate_for_player(b: &Battle) -> i32 {
    Evaluation::default().evaluate(b)
}

impl Game for BattleGame {
    type Action = BattleAction;

    fn side(&self) -> u8 {
        match self.current.to_move() {
            Team::Player => 0,
            Team::Enemy => 1,
        }
    }

    fn actions(&self, out: &mut Vec<BattleAction>) {
        out.clear();
        if self.whole_action_set {
            out.extend(self.current.search_actions());
        } else {
            out.extend(self.current.bot_actions());
        }
    }

    fn is_noisy(&self, action: &BattleAction) -> bool {
        match action {
            BattleAction::Move { to, .. } | BattleAction::Teleport { to, .. } => {
                self.current.unit_at(*to).is_some()
            }
            _ => false,
        }
    }

    fn play(&mut self, action: BattleAction) {
        match self.path {
            UndoPath::InPlace => {}
            UndoPath::CopyPerNode => {
                self.saved.push(self.current.clone());
                // A refusal would leave the copy unchanged.
                let _ = self.current.apply(action);
                return;
            }
            UndoPath::Alterations => {
                // A refusal is described by no alteration.
                let steps = self.current.alterations(action).unwrap_or_default();
                for a in &steps {
                    self.current.apply_alteration(a).expect("an action's own alterations apply");
                }
                self.saved_alterations.push(steps);
                return;
            }
        }
        if self.depth == self.undos.len() {
            self.undos.push(BattleUndo::default());
        }
        self.current.play_unchecked(action, &mut self.undos[self.depth]);
        self.depth += 1;
    }

    fn undo(&mut self, _action: BattleAction) {
        match self.path {
            UndoPath::InPlace => {}
            UndoPath::CopyPerNode => {
                if let Some(b) = self.saved.pop() {
                    self.current = b;
                }
                return;
            }
            UndoPath::Alterations => {
                for a in self.saved_alterations.pop().unwrap_or_default().into_iter().rev() {
                    self.current.apply_alteration(&a.inverse()).expect("an inverse applies after its action");
                }
                return;
            }
        }
        if self.depth > 0 {
            self.depth -= 1;
            self.current.undo(&mut self.undos[self.depth]);
        }
    }

    fn evaluate(&self) -> i32 {
        let s = self.evaluation.evaluate(&self.current);
        if self.current.to_move() == Team::Player { s } else { -s }
    }

    fn terminal(&self) -> Option<Terminal> {
        let winner = match self.current.status() {
            BattleStatus::Ongoing => return None,
            BattleStatus::Victory { .. } => Team::Player,
            BattleStatus::Defeat { .. } => Team::Enemy,
        };
        Some(if winner == self.current.to_move() { Terminal::Win } else { Terminal::Loss })
    }

    fn no_actions(&self) -> Terminal {
        // Not reached in practice: a player without action has already passed or lost, an enemy passes.
        if self.current.to_move() == Team::Player { Terminal::Loss } else { Terminal::Draw }
    }

    fn key(&self) -> u64 {
        self.current.state_key()
    }

    fn hint(&self, action: &BattleAction) -> i32 {
        let b = &self.current;
        match action {
            BattleAction::Move { id, to } | BattleAction::Teleport { id, to } => {
                let mover = b.unit(*id).map_or(0, |u| role_value(u.role));
                let victim =
                    b.unit_at(*to).map_or(0, |u| role_value(u.role) + if u.target { 1000 } else { 0 });
                let skill = if matches!(action, BattleAction::Teleport { .. }) { 200 } else { 0 };
                if victim > 0 { 10 * victim - mover / 10 - skill } else { -skill - mover / 100 }
            }
            BattleAction::Reposition { .. } | BattleAction::Use { .. } => 0,
            BattleAction::Skip => -1,
            BattleAction::Freeze { square } => {
                b.unit_at(*square).map_or(-500, |u| role_value(u.role) / 10 - 300)
            }
        }
    }

    fn capture_gain(&self, action: &BattleAction) -> Option<i32> {
        match action {
            BattleAction::Move { to, .. } | BattleAction::Teleport { to, .. } => {
                Some(self.current.unit_at(*to).map_or(0, |u| role_value(u.role)))
            }
            _ => Some(0),
        }
    }
}

/// What the bot chose for one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct BotDecision {
    /// The action (`None` only when there is none).
    pub action: Option<BattleAction>,
    /// Simulated actions spent.
    pub nodes: u64,
    /// The horizon reached, plies.
    pub completed_depth: u32,
}

/// Chooses an action for the team to move of `battle` (left unchanged) with the search crate's bot and
/// the default evaluation. Deterministic for a given battle, tuning and seed.
///
/// A thinking stage ([`StageTuning::margin_cp`] set, [`Thinking`]) searches
/// [`Battle::search_actions`] with depth in turns, the root and the first reply at full width, and
/// chooses by seed among the actions within the margin of the best; the enemy's guard is always on
/// ([`choose_action_guarded`]). The presets' bot (`margin_cp` `None`) can leave the enemy's
/// objective king en prise while a safe action exists (`tests/bot.rs`): its beam of ten can leave a
/// threatened king's steps unsearched (a king's quiet move is ordered last), and a preset below
/// consistency 1 picks among its top three.
#[must_use]
pub fn choose_action(battle: &Battle, tuning: StageTuning, seed: u64) -> BotDecision {
    choose_action_with(battle, tuning, seed, &Evaluation::default())
}

/// [`choose_action`] with another evaluation.
#[must_use]
pub fn choose_action_with(
    battle: &Battle,
    tuning: StageTuning,
    seed: u64,
    evaluation: &Evaluation,
) -> BotDecision {
    choose_action_in(&mut BattleGame::with_evaluation(battle, *evaluation), tuning, seed)
}

/// [`choose_action_with`] on a prepared game (tests and benchmarks compare the search paths of
/// [`BattleGame`] with it). The game is back at its state when it returns.
#[doc(hidden)]
#[must_use]
pub fn choose_action_in(game: &mut BattleGame, tuning: StageTuning, seed: u64) -> BotDecision {
    search(game, tuning, seed, tuning.is_thinking(), None)
}

/// [`choose_action`] with the enemy's king guard: the enemy never hands the player a won battle in
/// one capture (its objective king, a marked target, a royal king or its last piece left en prise)
/// while it has an action that does not. A choice that does is replaced by the search's best-ranked
/// safe action, else the safe action ranked first by [`BattleGame::hint`]; when every action loses,
/// the search's choice stands. It may still blunder other material. The player's choices are not
/// changed. A thinking stage has the guard whichever function is called.
#[must_use]
pub fn choose_action_guarded(battle: &Battle, tuning: StageTuning, seed: u64) -> BotDecision {
    search(&mut BattleGame::new(battle), tuning, seed, true, None)
}

/// The reply the enemy of `tuning` plays in `after` (the battle after the player's action, the enemy
/// to act), with the seed the run would give that decision ([`Run::enemy_seeder`](crate::Run::enemy_seeder)):
/// the very action [`choose_action`] returns, for the foresight preview. `None` when the enemy has
/// no action or the battle is over. When `stop` is set (from another thread) the search ends early
/// with its last whole iteration's choice, which may then differ from the enemy's.
#[must_use]
pub fn expected_reply(
    after: &Battle,
    tuning: StageTuning,
    seed: u64,
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> Option<BattleAction> {
    if after.status() != BattleStatus::Ongoing || after.to_move() != Team::Enemy {
        return None;
    }
    search(&mut BattleGame::new(after), tuning, seed, tuning.is_thinking(), stop).action
}

/// Seed tag of the thinking enemy's margin choice (kept apart from the search's own use of the seed).
const MARGIN_CHOICE_TAG: u64 = 0x6d61_7267_696e;

fn search(
    game: &mut BattleGame,
    tuning: StageTuning,
    seed: u64,
    guard: bool,
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> BotDecision {
    let thinking = tuning.is_thinking();
    game.whole_action_set |= thinking;
    let options = BotOptions {
        max_nodes: tuning.nodes,
        beam_width: tuning.beam_width,
        consistency: if thinking { 1.0 } else { tuning.consistency },
        ..BotOptions::default()
    };
    let mut config = BotConfig::new(tuning.depth, options);
    if thinking {
        // Three exact root scores for the margin choice; depth counted in turns; the root and the
        // first reply whole.
        config.params.multipv = 3;
        config.params.same_side_reduction = 0;
        config.params.full_width_turns = FULL_WIDTH_TURNS;
        if game.battle().to_move() == Team::Enemy {
            // The enemy searches to its ceiling (budget permitting) even past a proven mate, so its
            // completed depth reaches the stage's floor in the decisions a mate ends early.
            config.params.min_depth = config.depth;
        }
    }
    let choice = choose_with(game, &config, seed, stop);
    let battle = game.battle();
    let mut action = choice.action.or_else(|| battle.legal_actions().first().copied());
    // The candidates the seeded choice is drawn from, best first.
    let candidates: Vec<BattleAction> = match (tuning.margin_cp, choice.ranked.first()) {
        (Some(margin), Some(top)) if margin > 0 && choice.completed_depth > 0 => {
            let best = top.score.unwrap_or(i32::MIN);
            choice
                .ranked
                .iter()
                .enumerate()
                .filter(|(i, r)| {
                    *i == 0
                        || (r.exact
                            && !gambit_search::score::is_mate(best)
                            && r.score.is_some_and(|s| s >= best.saturating_sub(margin)))
                })
                .map(|(_, r)| r.action)
                .collect()
        }
        _ => action.into_iter().collect(),
    };
    if candidates.len() > 1 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ MARGIN_CHOICE_TAG);
        action = Some(candidates[rng.gen_range(0..candidates.len())]);
    }
    if guard
        && battle.to_move() == Team::Enemy
        && let Some(chosen) = action
        && loses_in_one(battle, chosen)
    {
        // The beam, the pick among the top three or the margin choice left the battle lost to one
        // player action: take another candidate that does not, else the search's best-ranked
        // action that does not, else the best by the ordering hint among the rest; when every
        // action loses, the choice stands.
        let mut all = Vec::new();
        game.actions(&mut all);
        let mut rest: Vec<BattleAction> =
            all.into_iter().filter(|a| !choice.ranked.iter().any(|r| r.action == *a)).collect();
        rest.sort_by_key(|a| std::cmp::Reverse(game.hint(a)));
        let battle = game.battle();
        if let Some(safe) = candidates
            .iter()
            .copied()
            .chain(choice.ranked.iter().map(|r| r.action))
            .chain(rest)
            .find(|&a| a != chosen && !loses_in_one(battle, a))
        {
            action = Some(safe);
        }
    }
    BotDecision { action, nodes: choice.nodes, completed_depth: choice.completed_depth }
}

/// Whether the enemy's `action` in `battle` hands the player a win with one capture (the objective
/// king or target taken, the royal king, the last piece): the guard of [`choose_action_guarded`].
/// An action that keeps the turn (a Freeze) or is refused does not.
fn loses_in_one(battle: &Battle, action: BattleAction) -> bool {
    let mut after = battle.clone();
    after.set_quiet(true);
    if after.apply(action).is_err()
        || after.status() != BattleStatus::Ongoing
        || after.to_move() != Team::Player
    {
        return false;
    }
    // Every capture of the player's (captures by teleport included: `bot_actions` holds them all).
    after.bot_actions().into_iter().any(|a| {
        let capture = match a {
            BattleAction::Move { to, .. } | BattleAction::Teleport { to, .. } => after.unit_at(to).is_some(),
            _ => false,
        };
        capture && {
            let mut next = after.clone();
            next.apply(a).is_ok() && matches!(next.status(), BattleStatus::Victory { .. })
        }
    })
}

/// The outside judge's node budget ([`judge`]): the Expert preset's, simulated actions.
pub const JUDGE_NODES: u64 = 30_000;

/// The outside judge's reading of one decision ([`judge`]), centipawns from the deciding team's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The score of the judge's own best action.
    pub best: i32,
    /// The score of the judged action (the judge's search of the state after it).
    pub chosen: i32,
}

impl Judgement {
    /// How much worse the judged action is than the judge's best (0 when it is as good or better).
    #[must_use]
    pub fn loss(&self) -> i32 {
        self.best.saturating_sub(self.chosen).max(0)
    }
}

/// Scores `action` in `battle` (the side to move's decision) against the judge: the Expert preset
/// (full width, up to 12 plies) at [`JUDGE_NODES`] over [`Battle::search_actions`], once for the
/// state (its best action's score) and once for the state after `action` (negated when the turn
/// passed). `None` when `action` is refused. Deterministic; the judge never plays, it only reads.
#[must_use]
pub fn judge(battle: &Battle, action: BattleAction) -> Option<Judgement> {
    let mut config = BotConfig::from_preset(Preset::Expert);
    config.options.max_nodes = JUDGE_NODES;
    config.params.same_side_reduction = 0;
    let score = |b: &Battle| -> i32 {
        let mut game = BattleGame::new(b).with_whole_action_set();
        match game.terminal() {
            Some(Terminal::Win) => gambit_search::score::MATE,
            Some(Terminal::Loss) => -gambit_search::score::MATE,
            Some(Terminal::Draw) => 0,
            None => choose_with(&mut game, &config, 0, None).score,
        }
    };
    let mut after = battle.clone();
    after.set_quiet(true);
    after.apply(action).ok()?;
    let best = score(battle);
    let next = score(&after);
    // The score of `after` is from its side to move's view.
    let chosen = if after.to_move() == battle.to_move() { next } else { -next };
    Some(Judgement { best, chosen })
}
