//! The permanent skill tree: four groups, nodes bought with EXP, and what they change in new runs.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::battle::SkillTuning;

/// A group of the tree.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SkillGroup {
    /// Sacrifice (Teleport improvements).
    Sacrifice,
    /// Command (army composition).
    Command,
    /// Fortune (gold and shops).
    Fortune,
    /// Resilience (Freeze improvements).
    Resilience,
}

/// What a node changes in new runs (every field adds up over the unlocked nodes).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NodeEffect {
    /// Extra starting gold.
    pub starting_gold: u32,
    /// Free rerolls per shop.
    pub free_rerolls: u32,
    /// Extra bishop slots.
    pub bishop_slots: u32,
    /// Change of Teleport's cooldown, ticks (negative is shorter).
    pub teleport_cooldown: i32,
    /// Change of Freeze's cooldown, ticks.
    pub freeze_cooldown: i32,
    /// Change of Freeze's duration, ticks.
    pub freeze_duration: i32,
}

/// One node of the tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillNode {
    /// Stable id (saved in progress.json).
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
    /// Its effect.
    #[serde(default)]
    pub effect: NodeEffect,
    /// A future skill shown in the tree that cannot be bought yet.
    #[serde(default)]
    pub placeholder: bool,
    /// A sentence for the UI.
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
    /// A placeholder for a future skill.
    #[error("{0} is a future skill and cannot be unlocked yet")]
    Placeholder(String),
    /// Already unlocked.
    #[error("{0} is already unlocked")]
    AlreadyUnlocked(String),
    /// A prerequisite is missing.
    #[error("{node} requires {missing}")]
    MissingPrerequisite {
        /// The node.
        node: String,
        /// The missing prerequisite's id.
        missing: String,
    },
    /// Not enough EXP.
    #[error("{node} costs {cost} EXP, you have {have}")]
    NotEnoughExp {
        /// The node.
        node: String,
        /// Its cost.
        cost: u32,
        /// EXP available.
        have: u32,
    },
}

/// What the unlocks give a new run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Perks {
    /// Gold at the start of the run.
    pub starting_gold: u32,
    /// Free rerolls per shop.
    pub free_rerolls: u32,
    /// Bishop purchase limit (2, or 3 with Bishop's company).
    pub bishop_limit: u32,
    /// The player's skill tuning.
    pub skills: SkillTuning,
}

impl Default for Perks {
    fn default() -> Self {
        Perks { starting_gold: 0, free_rerolls: 0, bishop_limit: 2, skills: SkillTuning::default() }
    }
}

fn adjust(base: u32, delta: i32, min: u32) -> u32 {
    (i64::from(base) + i64::from(delta)).max(i64::from(min)) as u32
}

impl SkillTree {
    /// The game's tree (from `data/skill_tree.json`).
    #[must_use]
    pub fn standard() -> SkillTree {
        serde_json::from_str(include_str!("../data/skill_tree.json"))
            .expect("the shipped skill tree is valid")
    }

    /// The node with this id.
    #[must_use]
    pub fn node(&self, id: &str) -> Option<&SkillNode> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// Checks whether `id` can be unlocked with `exp` EXP and the `unlocked` ids; returns its cost.
    ///
    /// # Errors
    /// [`UnlockError`]: unknown, placeholder, already unlocked, missing prerequisite, not enough EXP.
    pub fn check_unlock(&self, id: &str, exp: u32, unlocked: &[String]) -> Result<u32, UnlockError> {
        let node = self.node(id).ok_or_else(|| UnlockError::Unknown(id.chars().take(40).collect()))?;
        if node.placeholder {
            return Err(UnlockError::Placeholder(node.name.clone()));
        }
        if unlocked.iter().any(|u| u == id) {
            return Err(UnlockError::AlreadyUnlocked(node.name.clone()));
        }
        if let Some(missing) = node.requires.iter().find(|r| !unlocked.contains(r)) {
            return Err(UnlockError::MissingPrerequisite {
                node: node.name.clone(),
                missing: missing.clone(),
            });
        }
        if exp < node.cost {
            return Err(UnlockError::NotEnoughExp { node: node.name.clone(), cost: node.cost, have: exp });
        }
        Ok(node.cost)
    }

    /// The perks of a set of unlocked ids (unknown ids and placeholders add nothing).
    #[must_use]
    pub fn perks(&self, unlocked: &[String]) -> Perks {
        let mut p = Perks::default();
        let (mut tp, mut fc, mut fd) = (0, 0, 0);
        for node in self.nodes.iter().filter(|n| !n.placeholder && unlocked.contains(&n.id)) {
            p.starting_gold += node.effect.starting_gold;
            p.free_rerolls += node.effect.free_rerolls;
            p.bishop_limit += node.effect.bishop_slots;
            tp += node.effect.teleport_cooldown;
            fc += node.effect.freeze_cooldown;
            fd += node.effect.freeze_duration;
        }
        let base = SkillTuning::default();
        p.skills = SkillTuning {
            teleport_cooldown: adjust(base.teleport_cooldown, tp, 1),
            freeze_cooldown: adjust(base.freeze_cooldown, fc, 1),
            freeze_duration: adjust(base.freeze_duration, fd, 1),
        };
        p
    }
}
