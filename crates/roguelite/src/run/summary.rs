//! What a run leaves behind: [`BattleRecord`] per battle, [`RunStats`], the [`RunSummary`] of its end
//! with its [`RunKey`], and the [`RunEvent`]s it reports.

use std::fmt;

use gambit_rules::Role;
use serde::{Deserialize, Serialize};

#[cfg(doc)]
use super::{Run, RunConfig};
use crate::battle::{BattleEvent, DefeatReason};
#[cfg(doc)]
use crate::economy::run_exp;
use crate::economy::{ExpReward, VictoryReward};
use crate::rank::Rank;
use crate::route::NodeKind;
use crate::seed::Date;

/// One battle of a run, for summaries and the simulation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecord {
    /// Stage (1 to 3).
    pub stage: u32,
    /// Template name.
    pub template: String,
    /// Won.
    pub won: bool,
    /// Player moves used.
    pub moves_used: u32,
    /// Bonus objective completed.
    pub bonus: bool,
    /// Points earned.
    pub points: u32,
    /// Gold earned.
    pub gold: u32,
    /// How the points and gold of a victory were made up (`None` for a defeat).
    #[serde(default)]
    pub reward: Option<VictoryReward>,
    /// Why a lost battle was lost (`None` for a victory).
    #[serde(default)]
    pub defeat: Option<DefeatReason>,
    /// The route node it was played at (`None` in a three-battle run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<NodeKind>,
    /// The act (0-based) of that node (0 in a three-battle run).
    #[serde(default)]
    pub act: u32,
    /// Owned pieces lost in it (they stay lost in a route; a three-battle run restores them).
    #[serde(default)]
    pub lost: u32,
}

/// Running counts of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStats {
    /// Owned pawns lost in battles.
    pub pawns_lost: u32,
    /// Temporary (Rallying) pawns lost.
    pub temporary_pawns_lost: u32,
    /// Owned pieces lost (in a route they stay lost unless a rest brings them back; a three-battle
    /// run restores them after each battle).
    pub owned_lost: u32,
    /// The roles of the owned pieces lost, in order (as owned: a promoted pawn counts as a pawn).
    #[serde(default)]
    pub lost_roles: Vec<Role>,
    /// The roles of the lost pieces a rest brought back, in order (a battle did lose them: they stay
    /// in `owned_lost` and `lost_roles`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub brought_back: Vec<Role>,
    /// Enemy pieces killed.
    pub enemy_killed: u32,
    /// Generated encounters that failed validation, by stage (index 0 = stage 1).
    pub failed_validations: [u32; 3],
    /// The battles.
    pub battles: Vec<BattleRecord>,
}

/// The end of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSummary {
    /// The run was won (all three battles; the last boss of a route).
    pub victory: bool,
    /// Battles won.
    pub battles_won: u32,
    /// Total points.
    pub points: u32,
    /// EXP earned ([`run_exp`]).
    pub exp: u32,
    /// Counts.
    pub stats: RunStats,
    /// Which run this is, so that recording it twice adds nothing ([`Progress::record_run`]).
    ///
    /// [`Progress::record_run`]: crate::save::Progress::record_run
    pub key: RunKey,
    /// The run's rank ([`RunConfig::rank`]).
    #[serde(default)]
    pub rank: Rank,
    /// The date of a daily run ([`RunConfig::daily`]).
    #[serde(default)]
    pub daily: Option<Date>,
    /// The player gave the run up before its end ([`Run::abandon`]): not a victory, no EXP.
    #[serde(default)]
    pub abandoned: bool,
}

/// What tells one finished run from another: its seed and how many decisions it took. A profile
/// remembers the key of the last run it recorded, so a run whose end was recorded but whose
/// `run.json` survived (the game was stopped between the two writes) is not counted again. Two runs
/// with the same key are the same seed played with the same number of decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RunKey {
    /// The run's seed ([`RunConfig::seed`]).
    pub seed: u64,
    /// The number of player decisions the run took.
    pub decisions: u32,
}

impl RunSummary {
    /// How the EXP was made up.
    #[must_use]
    pub fn exp_reward(&self) -> ExpReward {
        ExpReward::new(self.points, self.battles_won, self.victory)
    }
}

/// A run event: a battle event, or a line about the run. `Display` gives the readable text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum RunEvent {
    /// From the battle.
    Battle {
        /// The event.
        event: BattleEvent,
    },
    /// About the run.
    Run {
        /// A readable line.
        text: String,
    },
}

impl RunEvent {
    /// The log lines of `events`, in order: a run line as it is, the battle's events as
    /// [`BattleEvent::log_lines`] words them (a move and its capture in one line, no line per turn).
    #[must_use]
    pub fn log_lines(events: &[RunEvent]) -> Vec<String> {
        crate::battle::event::log_lines_of(events, |e| match e {
            RunEvent::Battle { event } => Some(event),
            RunEvent::Run { .. } => None,
        })
    }
}

impl fmt::Display for RunEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunEvent::Battle { event } => event.fmt(f),
            RunEvent::Run { text } => f.write_str(text),
        }
    }
}
