//! The enemy (and the auto-player): the search crate's bot on a battle, with per-stage tuning.

use gambit_rules::Role;
use gambit_search::{BotOptions, Game, Terminal, choose};
use serde::{Deserialize, Serialize};

use crate::battle::{Action, Battle, BattleStatus, Objective};
use crate::types::{Modifier, Side};

/// Default search depth per stage (plies, both sides' ordinary moves).
pub const DEFAULT_DEPTH: [u32; 3] = [1, 2, 3];
/// Default node budget per stage (simulated actions per decision).
pub const DEFAULT_NODES: [u64; 3] = [420, 2400, 6000];
/// Default consistency per stage (probability of taking the top-ranked action).
pub const DEFAULT_CONSISTENCY: [f64; 3] = [0.0, 1.0, 1.0];
/// The bot's beam width (successors searched per node).
pub const BEAM_WIDTH: usize = 10;

/// The enemy's tuning by stage (index 0 = the first battle of a run). A short array repeats its last
/// entry for later stages; an empty one uses the defaults ([`DEFAULT_DEPTH`], [`DEFAULT_NODES`],
/// [`DEFAULT_CONSISTENCY`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EnemyTuning {
    /// Search depth in plies, per stage.
    pub depth: Vec<u32>,
    /// Node budget per stage.
    pub nodes: Vec<u64>,
    /// Consistency (0..=1) per stage.
    pub consistency: Vec<f64>,
}

impl Default for EnemyTuning {
    fn default() -> Self {
        EnemyTuning {
            depth: DEFAULT_DEPTH.to_vec(),
            nodes: DEFAULT_NODES.to_vec(),
            consistency: DEFAULT_CONSISTENCY.to_vec(),
        }
    }
}

fn pick<T: Copy>(values: &[T], defaults: &[T], stage: usize) -> T {
    let list = if values.is_empty() { defaults } else { values };
    list[stage.min(list.len() - 1)]
}

/// One decision's search settings.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StageTuning {
    /// Depth, plies.
    pub depth: u32,
    /// Node budget.
    pub nodes: u64,
    /// Consistency, 0..=1.
    pub consistency: f64,
}

impl EnemyTuning {
    /// The settings of stage `stage` (0-based).
    #[must_use]
    pub fn for_stage(&self, stage: usize) -> StageTuning {
        StageTuning {
            depth: pick(&self.depth, &DEFAULT_DEPTH, stage),
            nodes: pick(&self.nodes, &DEFAULT_NODES, stage),
            consistency: pick(&self.consistency, &DEFAULT_CONSISTENCY, stage),
        }
    }
}

/// A battle as the search crate's [`Game`]: play applies an action to a quiet copy and undo restores
/// the saved copy.
#[derive(Clone, Debug)]
pub struct BattleGame {
    current: Battle,
    saved: Vec<Battle>,
}

impl BattleGame {
    /// A searchable copy of `battle` (events off).
    #[must_use]
    pub fn new(battle: &Battle) -> BattleGame {
        let mut current = battle.clone();
        current.set_quiet(true);
        BattleGame { current, saved: Vec::new() }
    }

    /// The current state.
    #[must_use]
    pub fn battle(&self) -> &Battle {
        &self.current
    }
}

/// Centipawn value of a role in battles (kings are capturable, and losing one loses the battle).
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

/// The static evaluation from the player's view, centipawns: objective progress, material scaled by
/// HP, poison exposure, walls next to pieces, modifiers.
#[must_use]
pub fn evaluate_for_player(b: &Battle) -> i32 {
    let mut score = 0;
    for u in b.units().iter().filter(|u| u.alive) {
        let sign = if u.side == Side::Player { 1 } else { -1 };
        let base = role_value(u.role);
        // Material, with HP: a piece on 1 HP is worth three quarters.
        let mut v = if u.hp >= 2 { base } else { base * 3 / 4 };
        // Poison: a piece standing in a cloud that can still hurt it.
        if b.is_poisoned_for(u.square, u.side) {
            v -= base / 4 + 40;
        }
        // Walls: each orthogonal wall next to a piece cramps it.
        for (df, dr) in [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)] {
            if let Some(n) = u.square.offset(df, dr)
                && b.shape().is_playable(n)
                && b.position().is_blocked(n)
            {
                v -= 12;
            }
        }
        if u.modifier.is_some() {
            v += 25;
        }
        if u.modifier == Some(Modifier::Bulwark) && b.dormant_walls().contains(&u.square) {
            v -= 10;
        }
        // Advancing pawns (towards promotion).
        if u.role == Role::Pawn {
            let rank = i32::from(u.square.rank().index());
            v += if u.side == Side::Player { rank * 6 } else { (7 - rank) * 6 };
        }
        score += sign * v;
        // The objective: targets are worth a lot more to the player than their material.
        if u.side == Side::Enemy {
            match b.objective() {
                Objective::CaptureTargets if u.target => score -= 400,
                Objective::EliminateArmy => score -= 60,
                Objective::CaptureKing if u.role == Role::King => score -= 300,
                _ => {}
            }
        }
    }
    score
}

impl Game for BattleGame {
    type Action = Action;

    fn side(&self) -> u8 {
        self.current.to_move().index() as u8
    }

    fn actions(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(self.current.bot_actions());
    }

    fn is_noisy(&self, action: &Action) -> bool {
        match action {
            Action::Move { to, .. } | Action::Teleport { to, .. } => self.current.unit_at(*to).is_some(),
            _ => false,
        }
    }

    fn play(&mut self, action: Action) {
        self.saved.push(self.current.clone());
        // The search only plays actions from `actions`; a refusal would leave the copy unchanged.
        let _ = self.current.apply(action);
    }

    fn undo(&mut self, _action: Action) {
        if let Some(b) = self.saved.pop() {
            self.current = b;
        }
    }

    fn evaluate(&self) -> i32 {
        let s = evaluate_for_player(&self.current);
        if self.current.to_move() == Side::Player { s } else { -s }
    }

    fn terminal(&self) -> Option<Terminal> {
        let winner = match self.current.status() {
            BattleStatus::Ongoing => return None,
            BattleStatus::Victory { .. } => Side::Player,
            BattleStatus::Defeat { .. } => Side::Enemy,
        };
        Some(if winner == self.current.to_move() { Terminal::Win } else { Terminal::Loss })
    }

    fn no_actions(&self) -> Terminal {
        // Not reached in practice: a player without action has already lost, an enemy passes.
        if self.current.to_move() == Side::Player { Terminal::Loss } else { Terminal::Draw }
    }

    fn key(&self) -> u64 {
        self.current.state_key()
    }

    fn hint(&self, action: &Action) -> i32 {
        let b = &self.current;
        match action {
            Action::Move { id, to } | Action::Teleport { id, to } => {
                let mover = b.unit(*id).map_or(0, |u| role_value(u.role));
                let victim =
                    b.unit_at(*to).map_or(0, |u| role_value(u.role) + if u.target { 1000 } else { 0 });
                let skill = if matches!(action, Action::Teleport { .. }) { 200 } else { 0 };
                if victim > 0 { 10 * victim - mover / 10 - skill } else { -skill - mover / 100 }
            }
            Action::Reposition { .. } => 0,
            Action::Skip => -1,
            Action::Freeze { square } => b.unit_at(*square).map_or(-500, |u| role_value(u.role) / 10 - 300),
        }
    }

    fn capture_gain(&self, action: &Action) -> Option<i32> {
        match action {
            Action::Move { to, .. } | Action::Teleport { to, .. } => {
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
    pub action: Option<Action>,
    /// Simulated actions spent.
    pub nodes: u64,
    /// The horizon reached, plies.
    pub completed_depth: u32,
}

/// Chooses an action for the side to move of `battle` (left unchanged) with the search crate's bot.
/// Deterministic for a given battle, tuning and seed.
#[must_use]
pub fn choose_action(battle: &Battle, tuning: StageTuning, seed: u64) -> BotDecision {
    let mut game = BattleGame::new(battle);
    let options = BotOptions {
        max_nodes: tuning.nodes,
        beam_width: BEAM_WIDTH,
        consistency: tuning.consistency,
        ..BotOptions::default()
    };
    let choice = choose(&mut game, tuning.depth, seed, &options);
    let action = choice.action.or_else(|| battle.legal_actions().first().copied());
    BotDecision { action, nodes: choice.nodes, completed_depth: choice.completed_depth }
}
