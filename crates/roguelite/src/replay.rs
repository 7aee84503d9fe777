//! Replays of recorded runs, battle by battle. A run log (version 3 and later, [`RunLog`]) holds every
//! player decision and every enemy action, so each battle of a finished run can be rebuilt: its
//! start (the battle as the deployment made it) and its actions in order, each team's. The run log
//! itself needs no new version for this; a finished run's log is kept as a replay file
//! ([`replay_file`], the text of [`crate::save::run_to_json`]) named by its [`RunKey`], which the
//! run's record holds ([`RunRecord::key`](crate::records::RunRecord::key)). Records written before
//! replays, and logs of version 1 or 2 (decisions only), have no replay ([`NoReplay`]).

use thiserror::Error;

use crate::battle::{Battle, BattleAction, BattleEvent};
use crate::run::{BattleRecord, Decision, ReplayError, Run, RunKey, RunLog};
use crate::save::{FormatError, SavedRun, run_from_json};
use crate::types::Team;

/// The replay file of the run with this key, in the data directory (`replay-<seed>-<decisions>.json`).
#[must_use]
pub fn replay_file(key: RunKey) -> String {
    format!("replay-{}-{}.json", key.seed, key.decisions)
}

/// One action of a replayed battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedAction {
    /// Who acted.
    pub team: Team,
    /// The action.
    pub action: BattleAction,
    /// The action in the command grammar, as it read before it was played (`b2b3`, `tp b2e5`, `fz
    /// e5`).
    pub text: String,
    /// What happened, in the battle log's words ([`BattleEvent::log_lines`]: `your Rook moves
    /// b2-b3`, `the enemy freezes e5 for 3 ticks`), what followed from the action included (a
    /// capture, poison, the next turn's start); at least one line.
    pub log: Vec<String>,
}

/// One battle of a recorded run: where it started, every action in order, and its record.
#[derive(Clone, Debug, PartialEq)]
pub struct BattleReplay {
    /// The battle's number in the run, from 1.
    pub number: u32,
    /// What the run recorded of it (template, result, moves used).
    pub record: BattleRecord,
    start: Battle,
    actions: Vec<ReplayedAction>,
}

impl BattleReplay {
    /// The battle at its start (the player to move).
    #[must_use]
    pub fn start(&self) -> &Battle {
        &self.start
    }

    /// Every action of both teams, in order.
    #[must_use]
    pub fn actions(&self) -> &[ReplayedAction] {
        &self.actions
    }

    /// The battle after its first `n` actions (all of them when `n` is larger).
    #[must_use]
    pub fn position(&self, n: usize) -> Battle {
        let mut battle = self.start.clone();
        battle.set_quiet(true);
        for a in self.actions.iter().take(n) {
            // Every action was legal when the log was replayed into this replay.
            let _ = battle.apply(a.action);
        }
        battle.set_quiet(false);
        battle
    }

    /// The battle after its last action.
    #[must_use]
    pub fn end(&self) -> Battle {
        self.position(self.actions.len())
    }
}

/// Why a run has no replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NoReplay {
    /// The record was written before replays were kept, or the replay file is gone.
    #[error("no replay available for this run")]
    NotKept,
    /// The file is not a run file (its error).
    #[error("the replay file cannot be read: {0}")]
    Format(#[from] FormatError),
    /// A log of version 1 or 2 (the player's decisions only): its battles cannot be rebuilt exactly.
    #[error("no replay available: the run was recorded by an older version")]
    Legacy,
    /// The log does not replay under this version of the game.
    #[error("the run no longer replays: {0}")]
    Replay(#[from] ReplayError),
}

/// Rebuilds every finished battle of a recorded run, in order (a battle still going on at the end of
/// the log, in a run not finished, is left out).
///
/// # Errors
/// [`ReplayError`] for the first step of the log that does not replay.
pub fn battles(log: &RunLog) -> Result<Vec<BattleReplay>, ReplayError> {
    let mut out: Vec<BattleReplay> = Vec::new();
    let mut open: Option<(Battle, Vec<ReplayedAction>)> = None;
    Run::replay_each(log, |before, step, after| {
        if after.battles_started() > before.battles_started()
            && let Some(battle) = after.battle()
        {
            open = Some((battle.clone(), Vec::new()));
        }
        if let (Decision::Act { action }, Some((_, actions)), Some(battle)) =
            (&step.decision, open.as_mut(), before.battle())
        {
            // Not quiet: the events give each action its log lines.
            let mut replayed = battle.clone();
            replayed.set_quiet(false);
            let mut push = |b: &mut Battle, team: Team, action: BattleAction| {
                let text = b.action_text(action);
                let mut log =
                    b.apply(action).map(|events| BattleEvent::log_lines(&events)).unwrap_or_default();
                if log.is_empty() {
                    log.push(text.clone());
                }
                actions.push(ReplayedAction { team, action, text, log });
            };
            push(&mut replayed, Team::Player, *action);
            for &enemy in &step.enemy {
                push(&mut replayed, Team::Enemy, enemy);
            }
        }
        let finished = after.stats().battles.len();
        if finished > before.stats().battles.len()
            && let (Some((start, actions)), Some(record)) = (open.take(), after.stats().battles.last())
        {
            out.push(BattleReplay {
                number: u32::try_from(finished).unwrap_or(u32::MAX),
                record: record.clone(),
                start,
                actions,
            });
        }
    })?;
    Ok(out)
}

/// The battles of the run in a replay file's text ([`replay_file`]).
///
/// # Errors
/// [`NoReplay`]: not a run file, a legacy log, or a log that no longer replays.
pub fn battles_from_json(text: &str) -> Result<Vec<BattleReplay>, NoReplay> {
    match run_from_json(text)? {
        SavedRun::Recorded(log) => Ok(battles(&log)?),
        SavedRun::Legacy(_) => Err(NoReplay::Legacy),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::BattleStatus;
    use crate::bot::{AUTO_PLAYER_TUNING, play_auto};
    use crate::run::RunConfig;
    use crate::save::run_to_json;

    fn finished_run(seed: u64) -> Run {
        play_auto(RunConfig::new(seed), AUTO_PLAYER_TUNING, |_, _| {})
    }

    /// Every replayed battle ends as the run recorded it: won or lost, the moves used, and the very
    /// state the run held when the battle ended.
    #[test]
    fn replayed_battles_end_as_recorded() {
        for seed in [3, 11] {
            let run = finished_run(seed);
            assert!(run.is_over());
            let log = run.log();
            let replays = battles(&log).unwrap();
            assert_eq!(replays.len(), run.stats().battles.len(), "seed {seed}");
            // The run's battle at the end of each battle, from the log itself.
            let mut ends = Vec::new();
            Run::replay_each(&log, |before, _, after| {
                if after.stats().battles.len() > before.stats().battles.len() {
                    ends.push(after.battle().cloned());
                }
            })
            .unwrap();
            assert!(ends.iter().any(Option::is_some), "the run keeps a finished battle to compare with");
            for (replay, end) in replays.iter().zip(&ends) {
                let last = replay.end();
                assert_eq!(matches!(last.status(), BattleStatus::Victory { .. }), replay.record.won);
                assert!(last.status().is_over());
                assert_eq!(last.moves_used(), replay.record.moves_used);
                if let Some(end) = end {
                    assert_eq!(last.state_key(), end.state_key(), "seed {seed} battle {}", replay.number);
                }
                assert_eq!(replay.position(0), *replay.start());
                assert_eq!(replay.start().to_move(), Team::Player);
                assert_eq!(replay.actions().first().map(|a| a.team), Some(Team::Player));
                // Every action reads as the battle's log words it, in its team's voice (never the
                // bare command, `tp b2e5`).
                for a in replay.actions() {
                    let lines = a.log.join("; ");
                    assert!(!a.log.is_empty() && a.log != [a.text.clone()], "{:?} reads {lines:?}", a.text);
                    let voice = if a.team == Team::Player { "you" } else { "enemy" };
                    assert!(lines.contains(voice), "{:?} reads {lines:?}", a.text);
                }
            }
            assert_eq!(replays.last().unwrap().record, *run.stats().battles.last().unwrap());
        }
    }

    #[test]
    fn a_replay_file_reads_back_and_old_logs_say_no_replay() {
        let run = finished_run(5);
        let from_file = battles_from_json(&run_to_json(&run)).unwrap();
        assert_eq!(from_file, battles(&run.log()).unwrap());
        let legacy = r#"{"version": 1, "config": {"seed": 1}, "decisions": []}"#;
        assert!(matches!(battles_from_json(legacy), Err(NoReplay::Legacy | NoReplay::Format(_))));
        assert!(matches!(battles_from_json("{}"), Err(NoReplay::Format(_))));
        let key = RunKey { seed: 7, decisions: 40 };
        assert_eq!(replay_file(key), "replay-7-40.json");
    }
}
