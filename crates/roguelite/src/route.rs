//! The route of a run (issue 16): acts of rows of nodes on a branching map generated from the run
//! seed. A node is a battle, an elite (a harder battle that drops a badge), a shop, a rest (bring back
//! a lost piece or remove a modifier) or the act's boss (a battle under a [`BossRule`]). The player
//! starts each act in its first row and moves one row down per node, along the node's edges; the
//! boss closes the act, and the last act's boss the run.
//!
//! Every act has the same rows ([`ROW_KINDS`]), so every path holds the same number of battles
//! ([`battles_per_path`]: 3 per act, 6 in a run of [`ROUTE_ACTS`] acts).

use std::fmt;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::battle::{BattleSetup, BoardShape, Objective, SkillTuning};
use crate::encounter::{Encounter, EncounterTemplate, ShapeKind};
use crate::seed::derive_seed;
use crate::types::{Modifier, Team};
use gambit_rules::Role;

/// The acts of a new run ([`crate::RunConfig::new`]).
pub const ROUTE_ACTS: u32 = 2;

/// The most acts a route may have.
pub const MAX_ACTS: u32 = 3;

/// What a node holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NodeKind {
    /// A battle of the act's stage.
    Battle,
    /// An elite battle: a template of the next stage (at most 3); a victory drops a badge.
    Elite,
    /// A shop.
    Shop,
    /// A rest: bring back one lost piece, or remove a modifier (or neither).
    Rest,
    /// The act's boss: a battle of the next stage (at most 3) under its rule.
    Boss {
        /// The boss's rule.
        rule: BossRule,
    },
}

impl NodeKind {
    /// Whether the node is a battle (battle, elite or boss).
    #[must_use]
    pub fn is_battle(self) -> bool {
        matches!(self, NodeKind::Battle | NodeKind::Elite | NodeKind::Boss { .. })
    }

    /// The encounter stage (1 to 3) of a battle node in act `act` (0-based): the act's stage for a
    /// battle, the next one for an elite or a boss; `None` for a shop or a rest.
    #[must_use]
    pub fn stage(self, act: usize) -> Option<u32> {
        let base = act as u32 + 1;
        match self {
            NodeKind::Battle => Some(base.min(3)),
            NodeKind::Elite | NodeKind::Boss { .. } => Some((base + 1).min(3)),
            NodeKind::Shop | NodeKind::Rest => None,
        }
    }

    /// Moves added to (negative: taken from) the template's budget for this node in act `act`
    /// (0-based) under `tuning` ([`RouteTuning`]; 0 for a shop or a rest).
    #[must_use]
    pub fn budget_bonus(self, act: usize, tuning: &RouteTuning) -> i32 {
        let per_act = |v: &[i32]| v.get(act).or(v.last()).copied().unwrap_or(0);
        match self {
            NodeKind::Battle => per_act(&tuning.battle),
            NodeKind::Elite => per_act(&tuning.elite),
            NodeKind::Boss { .. } => per_act(&tuning.boss),
            NodeKind::Shop | NodeKind::Rest => 0,
        }
    }

    /// A short label: `battle`, `elite`, `shop`, `rest`, `boss`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            NodeKind::Battle => "battle",
            NodeKind::Elite => "elite",
            NodeKind::Shop => "shop",
            NodeKind::Rest => "rest",
            NodeKind::Boss { .. } => "boss",
        }
    }
}

impl fmt::Display for NodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeKind::Boss { rule } => write!(f, "boss: {rule}"),
            k => f.write_str(k.label()),
        }
    }
}

/// The route's difficulty data (the `route` section of `data/tuning.json`, recorded in a run's
/// [`Economy`](crate::tuning::Economy)), tuned with `gambit-cli simulate` (docs/balance.md): moves
/// added to each battle node's template budget, per act (act 1 first; the last entry repeats for
/// later acts), and the bosses' rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteTuning {
    /// Moves added to an ordinary battle's budget, per act (negative: taken; a budget stays at
    /// least 1).
    pub battle: Vec<i32>,
    /// Moves added to an elite's budget, per act.
    pub elite: Vec<i32>,
    /// Moves added to a boss's budget, per act.
    pub boss: Vec<i32>,
    /// Each act's boss rule, act 1 first (the last entry repeats).
    pub bosses: Vec<BossRule>,
}

impl Default for RouteTuning {
    /// The shipped tuning's route section.
    fn default() -> Self {
        crate::tuning::Tuning::default().route
    }
}

/// A boss's rule, applied to its battle's setup ([`BossRule::apply`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum BossRule {
    /// The enemy is reinforced: a temporary enemy pawn arrives every `every` enemy turns
    /// ([`BattleSetup::enemy_reinforcements`]).
    Warband {
        /// Enemy turns between reinforcements (at least 1).
        every: u32,
    },
    /// The objective is to capture the enemy king, which is Armored ([`Modifier::Armored`]: its
    /// armour stops the first capture against it, so it must be captured twice).
    IronKing,
}

impl BossRule {
    /// The rule of act `act`'s boss (0-based) under `tuning` ([`RouteTuning::bosses`]; a
    /// warband every 3 enemy turns when the list is empty).
    #[must_use]
    pub fn of_act(act: usize, tuning: &RouteTuning) -> BossRule {
        tuning.bosses.get(act).or(tuning.bosses.last()).copied().unwrap_or(BossRule::Warband { every: 3 })
    }

    /// Applies the rule to a battle setup.
    pub fn apply(self, setup: &mut BattleSetup) {
        match self {
            BossRule::Warband { every } => setup.enemy_reinforcements = every.max(1),
            BossRule::IronKing => {
                for u in &mut setup.units {
                    if u.team == Team::Enemy {
                        u.modifier = self.enemy_modifier(u.role, u.modifier);
                    }
                }
                setup.objective = Objective::CaptureKing;
            }
        }
    }

    /// The modifier an enemy piece of `role` starts the boss's battle with, given the one its
    /// formation gives it (`formation`): the Iron King's king is Armored; every other piece keeps
    /// its own. What [`BossRule::apply`] gives the battle, for a screen that shows the enemy
    /// before it starts (the deployment).
    #[must_use]
    pub fn enemy_modifier(self, role: Role, formation: Option<Modifier>) -> Option<Modifier> {
        match self {
            BossRule::IronKing if role == Role::King => Some(Modifier::Armored),
            _ => formation,
        }
    }

    /// The rule's name: `Warband`, `Iron King`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            BossRule::Warband { .. } => "Warband",
            BossRule::IronKing => "Iron King",
        }
    }
}

impl fmt::Display for BossRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BossRule::Warband { every } => {
                write!(f, "Warband (an enemy pawn arrives every {every} enemy turns)")
            }
            BossRule::IronKing => {
                f.write_str("Iron King (capture the enemy king: its armour stops the first capture)")
            }
        }
    }
}

/// One node of the map.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MapNode {
    /// What it holds.
    pub kind: NodeKind,
    /// The nodes of the next row it leads to (indices in that row); empty in an act's last row.
    pub next: Vec<usize>,
}

/// One act: rows of nodes, the last row the boss alone.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Act {
    /// The rows, first to last.
    pub rows: Vec<Vec<MapNode>>,
}

/// Where a node is: act, row and index in the row (all 0-based).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NodeRef {
    /// The act.
    pub act: usize,
    /// The row in the act.
    pub row: usize,
    /// The index in the row.
    pub index: usize,
}

/// The kinds the rows of every act draw from, first row first: two battles; three battles or
/// elites (at least one of each); two shops or rests (one of each); two shops or rests (one of
/// each); the boss.
pub const ROW_KINDS: [&[NodeKind]; 4] = [
    &[NodeKind::Battle],
    &[NodeKind::Battle, NodeKind::Elite],
    &[NodeKind::Shop, NodeKind::Rest],
    &[NodeKind::Shop, NodeKind::Rest],
];

/// Nodes per row of [`ROW_KINDS`].
const ROW_SIZES: [usize; 4] = [2, 3, 2, 2];

/// The most battle nodes of `stage` a route of `acts` acts can hold, from the rows of [`ROW_KINDS`]:
/// an act's first row holds only battles, its second row battles and elites with at least one of
/// each, its last the boss; [`NodeKind::stage`] gives battles stage `act + 1` and elites and bosses
/// stage `act + 2` (both at most 3).
pub(crate) fn most_battle_nodes(stage: u32, acts: u32) -> u64 {
    let mixed = ROW_SIZES[1] as u64 - 1;
    (0..acts as usize)
        .map(|act| {
            let battles = ROW_SIZES[0] as u64 + mixed;
            let elites_and_boss = mixed + 1;
            u64::from(NodeKind::Battle.stage(act) == Some(stage)) * battles
                + u64::from(NodeKind::Elite.stage(act) == Some(stage)) * elites_and_boss
        })
        .sum()
}

/// Battles on every path through a route of `acts` acts: two ordinary-or-elite battles and the boss
/// per act.
#[must_use]
pub fn battles_per_path(acts: u32) -> u32 {
    3 * acts
}

/// Why a recorded route cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RouteError {
    /// Not 1 to [`MAX_ACTS`] acts, or not the number the run's configuration asks for.
    #[error("the route has {found} acts, the run has {expected}")]
    Acts {
        /// Acts in the route.
        found: usize,
        /// Acts the configuration asks for.
        expected: u32,
    },
    /// An act whose last row is not a single boss, or with an empty row.
    #[error("act {0} does not end in a single boss")]
    NoBoss(usize),
    /// An edge to a node that does not exist, a node with no edge (outside the last row), or a boss
    /// before the last row.
    #[error("act {act}, row {row}: bad node {index}")]
    BadNode {
        /// The act.
        act: usize,
        /// The row.
        row: usize,
        /// The node.
        index: usize,
    },
}

/// A run's map: its acts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Route {
    /// The acts, first to last.
    pub acts: Vec<Act>,
}

impl Route {
    /// The route of a run with this seed and `acts` acts (clamped to 1..=[`MAX_ACTS`]): each act
    /// has the rows of [`ROW_KINDS`] with kinds shuffled from the seed, then the boss
    /// ([`BossRule::of_act`] with `tuning`). Node `i` of a row of `n` leads to the nodes of the next row (of `m`)
    /// from `i * m / n` to `((i + 1) * m - 1) / n`, and, drawn from the seed, to one neighbour more;
    /// so every node is reachable and leads on.
    #[must_use]
    pub fn generate(seed: u64, acts: u32, tuning: &RouteTuning) -> Route {
        let acts = acts.clamp(1, MAX_ACTS) as usize;
        let mut out = Vec::with_capacity(acts);
        for act in 0..acts {
            let mut r = ChaCha8Rng::seed_from_u64(derive_seed(seed, crate::seed::tags::ROUTE, act as u64, 0));
            let mut kinds: Vec<Vec<NodeKind>> = Vec::new();
            for (row, &choices) in ROW_KINDS.iter().enumerate() {
                let n = ROW_SIZES[row];
                let mut row_kinds: Vec<NodeKind> = choices.to_vec();
                while row_kinds.len() < n {
                    row_kinds.push(choices[r.gen_range(0..choices.len())]);
                }
                row_kinds.truncate(n);
                row_kinds.shuffle(&mut r);
                kinds.push(row_kinds);
            }
            kinds.push(vec![NodeKind::Boss { rule: BossRule::of_act(act, tuning) }]);
            let mut rows = Vec::with_capacity(kinds.len());
            for (row, ks) in kinds.iter().enumerate() {
                let n = ks.len();
                let m = kinds.get(row + 1).map_or(0, Vec::len);
                let nodes = ks
                    .iter()
                    .enumerate()
                    .map(|(i, &kind)| {
                        let mut next: Vec<usize> =
                            if m == 0 { Vec::new() } else { (i * m / n..=((i + 1) * m - 1) / n).collect() };
                        if m > 1 && r.gen_bool(0.5) {
                            let extra = if r.gen_bool(0.5) {
                                next[0].checked_sub(1)
                            } else {
                                Some(next[next.len() - 1] + 1)
                            };
                            if let Some(e) = extra.filter(|&e| e < m) {
                                next.push(e);
                                next.sort_unstable();
                            }
                        }
                        MapNode { kind, next }
                    })
                    .collect();
                rows.push(nodes);
            }
            out.push(Act { rows });
        }
        Route { acts: out }
    }

    /// The node at `at`, if there is one.
    #[must_use]
    pub fn node(&self, at: NodeRef) -> Option<&MapNode> {
        self.acts.get(at.act)?.rows.get(at.row)?.get(at.index)
    }

    /// The nodes the player may choose next from `at` (`None`: the start of the run): the first
    /// row of the first act; the nodes `at` leads to; after a boss, the first row of the next act;
    /// none after the last boss.
    #[must_use]
    pub fn choices(&self, at: Option<NodeRef>) -> Vec<NodeRef> {
        let first_row = |act: usize| -> Vec<NodeRef> {
            self.acts.get(act).and_then(|a| a.rows.first()).map_or_else(Vec::new, |row| {
                (0..row.len()).map(|index| NodeRef { act, row: 0, index }).collect()
            })
        };
        let Some(at) = at else { return first_row(0) };
        let Some(node) = self.node(at) else { return Vec::new() };
        if node.next.is_empty() {
            return first_row(at.act + 1);
        }
        node.next.iter().map(|&index| NodeRef { act: at.act, row: at.row + 1, index }).collect()
    }

    /// Whether `at` is the last act's boss.
    #[must_use]
    pub fn is_final(&self, at: NodeRef) -> bool {
        at.act + 1 == self.acts.len() && self.acts[at.act].rows.len() == at.row + 1
    }

    /// Checks a route (a recorded one) for a run of `acts` acts: the number of acts, every act
    /// ending in a single boss and no boss before, every edge to an existing node, every node
    /// outside the last row leading on.
    ///
    /// # Errors
    /// [`RouteError`] naming the first problem.
    pub fn validate(&self, acts: u32) -> Result<(), RouteError> {
        if self.acts.is_empty() || self.acts.len() > MAX_ACTS as usize || self.acts.len() != acts as usize {
            return Err(RouteError::Acts { found: self.acts.len(), expected: acts });
        }
        for (a, act) in self.acts.iter().enumerate() {
            let last = act.rows.len().checked_sub(1).ok_or(RouteError::NoBoss(a))?;
            if act.rows[last].len() != 1 || !matches!(act.rows[last][0].kind, NodeKind::Boss { .. }) {
                return Err(RouteError::NoBoss(a));
            }
            for (row, nodes) in act.rows.iter().enumerate() {
                if nodes.is_empty() {
                    return Err(RouteError::NoBoss(a));
                }
                let m = act.rows.get(row + 1).map_or(0, Vec::len);
                for (index, n) in nodes.iter().enumerate() {
                    let bad = n.next.iter().any(|&j| j >= m)
                        || (row < last && n.next.is_empty())
                        || (row < last && matches!(n.kind, NodeKind::Boss { .. }));
                    if bad {
                        return Err(RouteError::BadNode { act: a, row, index });
                    }
                }
            }
        }
        Ok(())
    }
}

/// What a battle node of the map holds, for the map's preview ([`crate::Run::node_preview`]): the
/// template the node draws and what every variation of it shares. The variation itself (the layout of
/// a generated formation, a mirror, extra holes, random modifiers) is drawn and proved when the player
/// arrives, with the army of that moment, so the battle's board may differ in layout from
/// [`NodePreview::board`]; a template none of whose variations is proved is replaced by the fallback
/// formation ([`crate::encounter::fallback_encounter`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodePreview {
    /// The node's kind (battle, elite or boss).
    pub kind: NodeKind,
    /// The encounter stage, 1 to 3 ([`NodeKind::stage`]).
    pub stage: u32,
    /// The template's name (`ring_skirmish`).
    pub template: String,
    /// The board of the template's base (a generated formation laid out from seed 0): its size and
    /// shape.
    pub board: BoardShape,
    /// The shapes a generated formation draws from (empty: the board is the template's own).
    pub shapes: Vec<ShapeKind>,
    /// The objective (a boss's rule applied: the Iron King's is to capture the king).
    pub objective: Objective,
    /// The modifiers the enemy carries (a fixed formation) or may buy (a generated one, see
    /// [`NodePreview::enemy_modifiers_optional`]), each once, in [`Modifier::ALL`] order.
    pub enemy_modifiers: Vec<Modifier>,
    /// `true` for a generated formation: [`NodePreview::enemy_modifiers`] are those its enemy may buy
    /// from its points, so the battle may have none of them; `false`: the enemy carries them all.
    pub enemy_modifiers_optional: bool,
    /// Up to this many enemy pieces get a random modifier besides ([`crate::encounter::Variation`]).
    pub random_modifiers: u8,
    /// The enemy's skills (`None`: the enemy has no Teleport or Freeze).
    pub enemy_skills: Option<SkillTuning>,
    /// Royal kings: losing every king loses the battle, for both teams.
    pub royal_kings: bool,
    /// The boss's rule, for a boss.
    pub boss: Option<BossRule>,
    /// Moves the route adds to (negative: takes from) the template's budget ([`NodeKind::budget_bonus`]).
    pub budget_bonus: i32,
    /// A victory drops a badge (an elite).
    pub drops_badge: bool,
    /// The move budget the battle will start with (moves, [`crate::Run::battle_budget`]), when the
    /// preview is of the board the node gives ([`crate::Run::node_board`]); `None` for a template's.
    pub move_budget: Option<u32>,
}

impl NodePreview {
    /// The preview of node kind `kind` in act `act` (0-based) drawing template `template`, under the
    /// route's `tuning`.
    #[must_use]
    pub fn of_template(
        template: &EncounterTemplate,
        kind: NodeKind,
        act: usize,
        tuning: &RouteTuning,
    ) -> Self {
        let base = template.base();
        let mut modifiers: Vec<Modifier> = match &template.formation {
            Some(f) => f.modifiers.clone(),
            None => template.enemy.iter().filter_map(|p| p.modifier).collect(),
        };
        modifiers.sort_by_key(|m| Modifier::ALL.iter().position(|a| a == m));
        modifiers.dedup();
        let mut preview = Self::of_encounter(&base, kind, act, tuning);
        preview.shapes = template.formation.as_ref().map(|f| f.shapes.clone()).unwrap_or_default();
        preview.enemy_modifiers = modifiers;
        preview.enemy_modifiers_optional = template.formation.is_some();
        preview.random_modifiers = template.variation.random_modifiers;
        preview
    }

    /// The preview of a three-battle run's board option (the board choice): an ordinary battle of the
    /// encounter's stage, without a route's moves, boss or badge.
    #[must_use]
    pub fn of_board_option(encounter: &Encounter) -> Self {
        let no_route =
            RouteTuning { battle: Vec::new(), elite: Vec::new(), boss: Vec::new(), bosses: Vec::new() };
        let act = encounter.stage.clamp(1, 3) as usize - 1;
        NodePreview::of_encounter(encounter, NodeKind::Battle, act, &no_route)
    }

    /// The preview of node kind `kind` in act `act` (0-based) holding the encounter `encounter` as it
    /// is (a set formation, or one already generated), under the route's `tuning`.
    #[must_use]
    pub fn of_encounter(encounter: &Encounter, kind: NodeKind, act: usize, tuning: &RouteTuning) -> Self {
        let boss = match kind {
            NodeKind::Boss { rule } => Some(rule),
            _ => None,
        };
        let mut modifiers: Vec<Modifier> = encounter.enemy.iter().filter_map(|p| p.modifier).collect();
        modifiers.sort_by_key(|m| Modifier::ALL.iter().position(|a| a == m));
        modifiers.dedup();
        NodePreview {
            kind,
            stage: kind.stage(act).unwrap_or(encounter.stage),
            template: encounter.name.clone(),
            board: encounter.board.clone(),
            shapes: Vec::new(),
            objective: if boss == Some(BossRule::IronKing) {
                Objective::CaptureKing
            } else {
                encounter.objective
            },
            enemy_modifiers: modifiers,
            enemy_modifiers_optional: false,
            random_modifiers: 0,
            enemy_skills: encounter.enemy_skills,
            royal_kings: encounter.royal_kings,
            boss,
            budget_bonus: kind.budget_bonus(act, tuning),
            drops_badge: kind == NodeKind::Elite,
            move_budget: None,
        }
    }
}

/// What a rest offers: bring back one lost piece, remove the modifier of one piece, or neither.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum RestChoice {
    /// Bring back a piece lost in this run (its roster id), with its modifier.
    Revive {
        /// The lost piece's roster id.
        piece: u32,
    },
    /// Remove the modifier of an owned piece (so it can take another).
    RemoveModifier {
        /// The piece's roster id.
        piece: u32,
    },
    /// Rest without either.
    Leave,
}
