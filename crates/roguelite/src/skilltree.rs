//! The permanent skill tree: four groups, nodes bought with EXP, and what they change in new runs.
//!
//! A node has a numeric [`NodeEffect`] (gold, shop stock, purchase limits, skill tuning, the move
//! budget, the starting army), and may add items to the run's pool ([`SkillNode::items`]): an item
//! named by a node is offered by shops, elites and the run start only once that node is unlocked
//! ([`SkillTree::locked_items`], recorded in [`RunConfig::locked_items`]).

use gambit_rules::Role;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::battle::SkillTuning;
use crate::config::RunConfig;
use crate::economy::purchase_limit;
use crate::items::ItemId;

/// A group of the tree.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SkillGroup {
    /// Sacrifice (Teleport and death effects).
    Sacrifice,
    /// Command (army composition and battles).
    Command,
    /// Fortune (gold and shops).
    Fortune,
    /// Resilience (Freeze, hit points, poison).
    Resilience,
}

impl SkillGroup {
    /// The name players see (`"Sacrifice"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SkillGroup::Sacrifice => "Sacrifice",
            SkillGroup::Command => "Command",
            SkillGroup::Fortune => "Fortune",
            SkillGroup::Resilience => "Resilience",
        }
    }
}

/// What a node changes in new runs (every field adds up over the unlocked nodes).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NodeEffect {
    /// Extra starting gold.
    pub starting_gold: u32,
    /// Free rerolls per shop.
    pub free_rerolls: u32,
    /// Extra bishop slots (purchase limit).
    pub bishop_slots: u32,
    /// Extra knight slots (purchase limit).
    pub knight_slots: u32,
    /// Change of Teleport's cooldown, ticks (negative is shorter).
    pub teleport_cooldown: i32,
    /// Change of Freeze's cooldown, ticks.
    pub freeze_cooldown: i32,
    /// Change of Freeze's duration, ticks.
    pub freeze_duration: i32,
    /// Extra gold for every battle won.
    pub victory_gold: u32,
    /// Gold off every paid reroll (never below 0).
    pub reroll_discount: u32,
    /// Gold off every piece in shops (never below 1 gold).
    pub piece_discount: u32,
    /// Extra modifier slots in every shop, beside the tuning's (`tuning::ShopSlots::modifiers`).
    pub modifier_slots: u32,
    /// Extra modifiers offered at the run start (3 without).
    pub start_offers: u32,
    /// Extra moves in every battle's budget.
    pub extra_moves: u32,
    /// Extra pawns in the starting army (one of each role without).
    pub starting_pawns: u32,
}

/// One node of the tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillNode {
    /// Stable id (saved in progress.json; never shown).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its group.
    pub group: SkillGroup,
    /// Cost in EXP.
    pub cost: u32,
    /// Ids that must be unlocked first.
    #[serde(default)]
    pub requires: Vec<String>,
    /// Its numeric effect.
    #[serde(default)]
    pub effect: NodeEffect,
    /// Items (ids of `data/items.json`) that runs offer only once this node is unlocked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<ItemId>,
    /// What it does, for the UI (names, never ids).
    pub description: String,
}

/// The tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillTree {
    /// The four groups, in display order.
    pub groups: Vec<SkillGroup>,
    /// Every node.
    pub nodes: Vec<SkillNode>,
}

/// Why a node cannot be unlocked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnlockError {
    /// No node has this id.
    #[error("no skill node {0:?}")]
    Unknown(String),
    /// Already unlocked.
    #[error("{0} is already unlocked")]
    AlreadyUnlocked(String),
    /// A prerequisite is missing.
    #[error("{node} requires {missing}")]
    MissingPrerequisite {
        /// The node's name.
        node: String,
        /// The missing prerequisite's name.
        missing: String,
    },
    /// Not enough EXP.
    #[error("{node} costs {cost} EXP, you have {have}")]
    NotEnoughExp {
        /// The node's name.
        node: String,
        /// Its cost, EXP.
        cost: u32,
        /// EXP available.
        have: u32,
    },
}

/// Why a tree file is not a valid tree.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TreeError {
    /// The JSON does not parse as a tree.
    #[error("skill tree: {0}")]
    Json(String),
    /// Two nodes share an id.
    #[error("skill tree: the id {0:?} is used twice")]
    DuplicateId(String),
    /// A prerequisite names no node.
    #[error("skill tree: {node:?} requires {missing:?}, which is not a node")]
    UnknownPrerequisite {
        /// The node's id.
        node: String,
        /// The unknown id.
        missing: String,
    },
    /// Prerequisites that go round in a circle.
    #[error("skill tree: {0:?} requires itself through its prerequisites")]
    Cycle(String),
    /// Two nodes unlock one item.
    #[error("skill tree: the item {0} is unlocked by two nodes")]
    ItemTwice(ItemId),
    /// A node costs nothing.
    #[error("skill tree: {0:?} costs 0 EXP")]
    Free(String),
}

/// What the unlocks give a new run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Perks {
    /// Gold at the start of the run.
    pub starting_gold: u32,
    /// Free rerolls per shop.
    pub free_rerolls: u32,
    /// Bishop purchase limit (2, or more with the nodes' bishop slots).
    pub bishop_limit: u32,
    /// Knight purchase limit (2, or more with the nodes' knight slots).
    pub knight_limit: u32,
    /// The player's skill tuning.
    pub skills: SkillTuning,
    /// Extra gold for every battle won.
    pub victory_gold: u32,
    /// Gold off every paid reroll.
    pub reroll_discount: u32,
    /// Gold off every piece in shops (a piece costs at least 1 gold).
    pub piece_discount: u32,
    /// Extra modifier slots per shop.
    pub modifier_slots: u32,
    /// Extra modifiers offered at the run start.
    pub start_offers: u32,
    /// Extra moves per battle.
    pub extra_moves: u32,
    /// Extra pawns in the starting army.
    pub starting_pawns: u32,
}

impl Default for Perks {
    fn default() -> Self {
        Perks {
            starting_gold: 0,
            free_rerolls: 0,
            bishop_limit: purchase_limit(Role::Bishop, 2),
            knight_limit: purchase_limit(Role::Knight, 2),
            skills: SkillTuning::default(),
            victory_gold: 0,
            reroll_discount: 0,
            piece_discount: 0,
            modifier_slots: 0,
            start_offers: 0,
            extra_moves: 0,
            starting_pawns: 0,
        }
    }
}

impl Perks {
    /// How many pieces of `role` a run may own with these perks.
    #[must_use]
    pub fn limit(&self, role: Role) -> u32 {
        match role {
            Role::Knight => self.knight_limit,
            _ => purchase_limit(role, self.bishop_limit),
        }
    }

    /// A shop's price of a piece whose list price is `price` gold, after the discount (at least 1).
    #[must_use]
    pub fn piece_price(&self, price: u32) -> u32 {
        price.saturating_sub(self.piece_discount).max(1)
    }
}

fn adjust(base: u32, delta: i32, min: u32) -> u32 {
    (i64::from(base) + i64::from(delta)).max(i64::from(min)) as u32
}

impl SkillTree {
    /// The game's tree (from `data/skill_tree.json`).
    #[must_use]
    pub fn standard() -> SkillTree {
        SkillTree::from_json(include_str!("../data/skill_tree.json"))
            .expect("the shipped skill tree is valid")
    }

    /// Reads and checks a tree: unique ids, known prerequisites without cycles, no free node, no item
    /// unlocked twice.
    ///
    /// # Errors
    /// [`TreeError`] naming the node or item at fault.
    pub fn from_json(text: &str) -> Result<SkillTree, TreeError> {
        let tree: SkillTree = serde_json::from_str(text).map_err(|e| TreeError::Json(e.to_string()))?;
        for (i, node) in tree.nodes.iter().enumerate() {
            if tree.nodes[..i].iter().any(|n| n.id == node.id) {
                return Err(TreeError::DuplicateId(node.id.clone()));
            }
            if node.cost == 0 {
                return Err(TreeError::Free(node.id.clone()));
            }
            if let Some(missing) = node.requires.iter().find(|r| tree.node(r).is_none()) {
                return Err(TreeError::UnknownPrerequisite {
                    node: node.id.clone(),
                    missing: missing.clone(),
                });
            }
            for item in &node.items {
                if tree.nodes[..i].iter().any(|n| n.items.contains(item))
                    || node.items.iter().filter(|x| *x == item).count() > 1
                {
                    return Err(TreeError::ItemTwice(*item));
                }
            }
        }
        for node in &tree.nodes {
            // Walk the prerequisites: more steps than nodes means a cycle.
            let mut frontier: Vec<&str> = node.requires.iter().map(String::as_str).collect();
            let mut steps = 0;
            while let Some(id) = frontier.pop() {
                if id == node.id || steps > tree.nodes.len() * tree.nodes.len() {
                    return Err(TreeError::Cycle(node.id.clone()));
                }
                steps += 1;
                frontier
                    .extend(tree.node(id).into_iter().flat_map(|n| n.requires.iter().map(String::as_str)));
            }
        }
        Ok(tree)
    }

    /// The node with this id.
    #[must_use]
    pub fn node(&self, id: &str) -> Option<&SkillNode> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// The name of the node with this id (the id itself if there is none).
    fn name_of(&self, id: &str) -> String {
        self.node(id).map_or_else(|| id.to_string(), |n| n.name.clone())
    }

    /// Checks whether `id` can be unlocked with `exp` EXP and the `unlocked` ids; returns its cost.
    ///
    /// # Errors
    /// [`UnlockError`]: unknown, already unlocked, missing prerequisite, not enough EXP (each naming
    /// nodes by their names).
    pub fn check_unlock(&self, id: &str, exp: u32, unlocked: &[String]) -> Result<u32, UnlockError> {
        let node = self.node(id).ok_or_else(|| UnlockError::Unknown(id.chars().take(40).collect()))?;
        if unlocked.iter().any(|u| u == id) {
            return Err(UnlockError::AlreadyUnlocked(node.name.clone()));
        }
        if let Some(missing) = node.requires.iter().find(|r| !unlocked.contains(r)) {
            return Err(UnlockError::MissingPrerequisite {
                node: node.name.clone(),
                missing: self.name_of(missing),
            });
        }
        if exp < node.cost {
            return Err(UnlockError::NotEnoughExp { node: node.name.clone(), cost: node.cost, have: exp });
        }
        Ok(node.cost)
    }

    /// The perks of a set of unlocked ids (unknown ids add nothing).
    #[must_use]
    pub fn perks(&self, unlocked: &[String]) -> Perks {
        let mut p = Perks::default();
        let (mut tp, mut fc, mut fd) = (0, 0, 0);
        for node in self.nodes.iter().filter(|n| unlocked.contains(&n.id)) {
            let e = &node.effect;
            p.starting_gold += e.starting_gold;
            p.free_rerolls += e.free_rerolls;
            p.bishop_limit += e.bishop_slots;
            p.knight_limit += e.knight_slots;
            p.victory_gold += e.victory_gold;
            p.reroll_discount += e.reroll_discount;
            p.piece_discount += e.piece_discount;
            p.modifier_slots += e.modifier_slots;
            p.start_offers += e.start_offers;
            p.extra_moves += e.extra_moves;
            p.starting_pawns += e.starting_pawns;
            tp += e.teleport_cooldown;
            fc += e.freeze_cooldown;
            fd += e.freeze_duration;
        }
        let base = SkillTuning::default();
        p.skills = SkillTuning {
            teleport_cooldown: adjust(base.teleport_cooldown, tp, 1),
            freeze_cooldown: adjust(base.freeze_cooldown, fc, 1),
            freeze_duration: adjust(base.freeze_duration, fd, 1),
        };
        p
    }

    /// The items runs do not offer with these unlocks: those of every node not unlocked, in tree order.
    #[must_use]
    pub fn locked_items(&self, unlocked: &[String]) -> Vec<ItemId> {
        self.nodes
            .iter()
            .filter(|n| !unlocked.contains(&n.id))
            .flat_map(|n| n.items.iter().copied())
            .collect()
    }

    /// Sets a new run's unlocks and, from them, the items it does not offer.
    pub fn configure(&self, config: &mut RunConfig, unlocked: &[String]) {
        config.unlocks = unlocked.to_vec();
        config.locked_items = self.locked_items(unlocked);
    }

    /// The total cost of every node, EXP.
    #[must_use]
    pub fn total_cost(&self) -> u32 {
        self.nodes.iter().map(|n| n.cost).sum()
    }
}
