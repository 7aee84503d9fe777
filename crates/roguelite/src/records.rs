//! What a profile remembers of its runs beyond the statistics: the ranks unlocked, the best result
//! per rank, the last [`HISTORY_LEN`] runs, and the daily runs started (one attempt per date). All of
//! it is part of [`Progress`] and saved in `progress.json` (version 5: a run's record names every
//! piece lost, [`RunRecord::lost`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use gambit_rules::Role;

use crate::rank::Rank;
use crate::run::{RunConfig, RunKey, RunSummary};
use crate::save::Progress;
use crate::seed::Date;

/// How many finished runs a profile keeps ([`Progress::history`]).
pub const HISTORY_LEN: usize = 50;

/// One finished run as the records screen lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRecord {
    /// The run seed (type it to play the run again).
    pub seed: u64,
    /// The rank it was played at.
    pub rank: Rank,
    /// The date, for a daily run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<Date>,
    /// Won.
    pub victory: bool,
    /// Battles won.
    pub battles_won: u32,
    /// Points.
    pub points: u32,
    /// EXP earned.
    pub exp: u32,
    /// Owned pieces lost in battles.
    pub owned_lost: u32,
    /// Of those, pawns.
    pub pawns_lost: u32,
    /// Temporary (Rallying) pawns lost.
    pub temporary_pawns_lost: u32,
    /// The roles of the owned pieces lost, in order. Records of `progress.json` version 4 counted
    /// only pieces and pawns: read from such a file it lists the pawns when every piece lost was a
    /// pawn, and is empty otherwise ([`RunRecord::losses`] then gives the counts).
    #[serde(default)]
    pub lost: Vec<Role>,
    /// The number of player decisions the run took (with the seed, its [`RunKey`], which names its
    /// replay file, [`crate::replay::replay_file`]); absent in records written before replays, whose
    /// runs have no replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decisions: Option<u32>,
    /// The player gave the run up before its end ([`crate::run::Run::abandon`]); absent (false) in
    /// records of runs that ended.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
}

impl RunRecord {
    /// The record of a finished run.
    #[must_use]
    pub fn of(summary: &RunSummary) -> RunRecord {
        RunRecord {
            seed: summary.key.seed,
            rank: summary.rank,
            daily: summary.daily,
            victory: summary.victory,
            battles_won: summary.battles_won,
            points: summary.points,
            exp: summary.exp,
            owned_lost: summary.stats.owned_lost,
            pawns_lost: summary.stats.pawns_lost,
            temporary_pawns_lost: summary.stats.temporary_pawns_lost,
            decisions: Some(summary.key.decisions),
            lost: summary.stats.lost_roles.clone(),
            abandoned: summary.abandoned,
        }
    }

    /// What the run lost, in words: `nothing`, `queen, rook, 2 pawns` (strongest first), or for a
    /// record that did not name them, `3 pieces (1 pawn)`.
    #[must_use]
    pub fn losses(&self) -> String {
        if self.owned_lost == 0 && self.lost.is_empty() {
            return "nothing".to_string();
        }
        if self.lost.len() as u32 != self.owned_lost {
            let s = |n: u32, one: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {one}s") };
            return format!("{} ({})", s(self.owned_lost, "piece"), s(self.pawns_lost, "pawn"));
        }
        roles_in_words(&self.lost)
    }

    /// The run's key, when the record holds it (records written before replays do not).
    #[must_use]
    pub fn key(&self) -> Option<RunKey> {
        self.decisions.map(|decisions| RunKey { seed: self.seed, decisions })
    }

    /// The result in words: `won`, `lost in battle 2` (battles won + 1), or `abandoned after 1 battle
    /// won`.
    #[must_use]
    pub fn result(&self) -> String {
        if self.victory {
            "won".to_string()
        } else if self.abandoned {
            let s = if self.battles_won == 1 { "" } else { "s" };
            format!("abandoned after {} battle{s} won", self.battles_won)
        } else {
            format!("lost in battle {}", self.battles_won + 1)
        }
    }
}

/// The best run at one rank: a won run beats a lost one, then more battles won, then more points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankBest {
    /// The rank.
    pub rank: Rank,
    /// Runs finished at this rank.
    pub runs: u32,
    /// Of those, won.
    pub victories: u32,
    /// The best run.
    pub best: RunRecord,
}

fn better(a: &RunRecord, b: &RunRecord) -> bool {
    (a.victory, a.battles_won, a.points) > (b.victory, b.battles_won, b.points)
}

/// Why a run cannot start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StartError {
    /// The rank is not unlocked yet.
    #[error("rank {rank} is locked: win a run at rank {highest} to unlock the next")]
    RankLocked {
        /// The rank asked for.
        rank: Rank,
        /// The highest rank unlocked.
        highest: Rank,
    },
    /// Today's daily run was already started.
    #[error("the daily run of {0} was already played: one attempt per day")]
    DailyPlayed(Date),
}

impl Progress {
    /// Adds a finished run to the records ([`Progress::record_run`] calls it): the history (the
    /// oldest dropped beyond [`HISTORY_LEN`]), the best per rank, and the next rank unlocked by a
    /// victory at the highest rank unlocked.
    pub(crate) fn record_history(&mut self, summary: &RunSummary) {
        let record = RunRecord::of(summary);
        if record.victory
            && record.rank >= self.rank_unlocked
            && let Some(next) = record.rank.next()
        {
            self.rank_unlocked = next;
        }
        match self.bests.iter_mut().find(|b| b.rank == record.rank) {
            Some(b) => {
                b.runs += 1;
                b.victories += u32::from(record.victory);
                if better(&record, &b.best) {
                    b.best = record.clone();
                }
            }
            None => {
                self.bests.push(RankBest {
                    rank: record.rank,
                    runs: 1,
                    victories: u32::from(record.victory),
                    best: record.clone(),
                });
                self.bests.sort_by_key(|b| b.rank);
            }
        }
        self.history.push(record);
        if self.history.len() > HISTORY_LEN {
            let extra = self.history.len() - HISTORY_LEN;
            self.history.drain(..extra);
        }
    }

    /// The best result at a rank, if a run was finished there.
    #[must_use]
    pub fn best_at(&self, rank: Rank) -> Option<&RankBest> {
        self.bests.iter().find(|b| b.rank == rank)
    }

    /// The rank a new run starts at: that of the last run played (not a daily one), or rank 0.
    #[must_use]
    pub fn default_rank(&self) -> Rank {
        self.history
            .iter()
            .rev()
            .find(|r| r.daily.is_none())
            .map_or(Rank::MIN, |r| r.rank)
            .min(self.rank_unlocked)
    }

    /// The ranks a new run may be played at: 0 to [`Progress::rank_unlocked`].
    pub fn playable_ranks(&self) -> impl Iterator<Item = Rank> + '_ {
        Rank::all().filter(|&r| r <= self.rank_unlocked)
    }

    /// The configuration of a new run at `rank` with `seed` and this profile's unlocks.
    ///
    /// # Errors
    /// [`StartError::RankLocked`] above [`Progress::rank_unlocked`].
    pub fn ranked_run_config(&self, seed: u64, rank: Rank) -> Result<RunConfig, StartError> {
        if rank > self.rank_unlocked {
            return Err(StartError::RankLocked { rank, highest: self.rank_unlocked });
        }
        let mut config = RunConfig::ranked(seed, rank);
        crate::skilltree::SkillTree::standard().configure(&mut config, &self.unlocked);
        Ok(config)
    }

    /// Whether the daily run of `date` can still be started.
    #[must_use]
    pub fn daily_available(&self, date: Date) -> bool {
        self.last_daily.is_none_or(|d| d < date)
    }

    /// Starts the daily run of `date` ([`Date::daily_config`]: rank 0, no unlocks), marking the date
    /// as attempted: save the profile before the run begins, so that quitting does not give a second
    /// attempt.
    ///
    /// # Errors
    /// [`StartError::DailyPlayed`] when the daily run of that date (or a later one) was started.
    pub fn start_daily(&mut self, date: Date) -> Result<RunConfig, StartError> {
        if !self.daily_available(date) {
            return Err(StartError::DailyPlayed(self.last_daily.unwrap_or(date)));
        }
        self.last_daily = Some(date);
        Ok(date.daily_config())
    }
}

/// Roles counted in words, strongest first: `queen, rook, 2 pawns` (`""` for none).
#[must_use]
pub fn roles_in_words(roles: &[Role]) -> String {
    let mut parts = Vec::new();
    for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
        match roles.iter().filter(|&&r| r == role).count() {
            0 => {}
            1 => parts.push(role.name().to_string()),
            n => parts.push(format!("{n} {}s", role.name())),
        }
    }
    parts.join(", ")
}
