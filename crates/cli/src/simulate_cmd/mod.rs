//! `gambit-cli simulate`: many seeded auto runs in parallel (rayon), with figures per stage, per
//! template, per item and the action mix, as text or JSON (`docs/balance.md`). This file plays the
//! runs; [`mod@facts`] is what one run yields, [`report`] what many add up to ([`win_row`]: how battles
//! were won).

mod facts;
mod report;
mod win_row;

use std::io::Write;

use anyhow::Result;
use gambit_roguelite::battle::BattleEvent;
use gambit_roguelite::bot::{BoardChoice, EnemyTuning, Player, judge};
use gambit_roguelite::items::ItemCatalogue;
use gambit_roguelite::rank::{Rank, RankRules};
use gambit_roguelite::run::{Decision, RunEvent};
use gambit_roguelite::tuning::Tuning;
use gambit_roguelite::{BattleStatus, Run, Team};
use gambit_rules::splitmix64;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use self::facts::{Facts, Win, WinTracker, facts};
use self::report::Report;
use crate::bad;

/// Which enemy `simulate` plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EnemyChoice {
    /// The tuning file's ([`Tuning::enemy`](gambit_roguelite::tuning::Tuning::enemy)).
    #[default]
    Tuning,
    /// The tuning's presets ([`EnemyTuning::Presets`]), even when it has thinking rungs.
    Presets,
    /// The thinking enemy: the tuning's rungs, else [`EnemyTuning::thinking`].
    Thinking,
}

impl EnemyChoice {
    /// The enemy this choice plays with `tuning`.
    #[must_use]
    pub fn resolve(self, tuning: &gambit_roguelite::tuning::Tuning) -> EnemyTuning {
        match self {
            EnemyChoice::Tuning => tuning.enemy(),
            EnemyChoice::Presets => EnemyTuning::Presets { stages: tuning.stages.clone() },
            EnemyChoice::Thinking => match &tuning.thinking {
                Some(rungs) => EnemyTuning::Thinking { thinking: rungs.clone() },
                None => EnemyTuning::thinking(),
            },
        }
    }
}

/// What `simulate` is asked for.
pub(crate) struct SimulateArgs {
    /// First and last seed, inclusive.
    pub seeds: (u64, u64),
    /// The auto-player's board choice.
    pub board: BoardChoice,
    /// A tuning file instead of the shipped one.
    pub tuning: Option<std::path::PathBuf>,
    /// An items file instead of the shipped catalogue.
    pub items: Option<std::path::PathBuf>,
    /// Print JSON.
    pub json: bool,
    /// The reference player of every run.
    pub player: Player,
    /// Judge a sample of the enemy's decisions ([`judge`]).
    pub judge: bool,
    /// The battles' enemy.
    pub enemy: EnemyChoice,
    /// The difficulty rank of every run ([`RankRules::apply`]).
    pub rank: Rank,
    /// A ranks file instead of the shipped ranks.
    pub ranks: Option<std::path::PathBuf>,
}

/// Reads `A..B` (inclusive) or a single seed.
pub(crate) fn parse_seed_range(text: &str) -> Result<(u64, u64), String> {
    let parse = |s: &str| s.trim().parse::<u64>().map_err(|_| format!("{s:?} is not a seed (0 or more)"));
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (parse(a)?, parse(b.trim_start_matches('='))?),
        None => {
            let a = parse(text)?;
            (a, a)
        }
    };
    if b < a {
        return Err(format!("the range {text:?} is empty"));
    }
    Ok((a, b))
}

/// `--judge`: one enemy decision in this many (after a player action) is judged.
const JUDGE_EVERY: u64 = 8;

/// The inputs every run shares: the tuning, the item catalogue and the rank's rules (the shipped ones
/// or the files `args` names).
fn load_inputs(args: &SimulateArgs) -> Result<(Tuning, ItemCatalogue, RankRules)> {
    let tuning = match &args.tuning {
        None => Tuning::default(),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| bad(format!("{}: {e}", path.display())))?;
            Tuning::from_json(&text, &path.display().to_string()).map_err(bad)?
        }
    };
    let items = match &args.items {
        None => ItemCatalogue::default(),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| bad(format!("{}: {e}", path.display())))?;
            ItemCatalogue::from_json(&text, &path.display().to_string()).map_err(bad)?
        }
    };
    let rank_rules = match &args.ranks {
        None => RankRules::of(args.rank),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| bad(format!("{}: {e}", path.display())))?;
            let all = RankRules::from_json(&text).map_err(|e| bad(format!("{}: {e}", path.display())))?;
            all.get(args.rank.number() as usize)
                .cloned()
                .ok_or_else(|| bad(format!("{}: no rank {}", path.display(), args.rank)))?
        }
    };
    Ok((tuning, items, rank_rules))
}

/// Plays the run of `seed` to its end with the player `args` names and collects its facts.
fn play_seed(
    seed: u64,
    args: &SimulateArgs,
    tuning: &Tuning,
    items: &ItemCatalogue,
    rank_rules: &RankRules,
    enemy: &EnemyTuning,
) -> Facts {
    let mut config = tuning.run_config(seed);
    config.items = items.clone();
    config.tuning = enemy.clone();
    rank_rules.apply(&mut config);
    let mut used = Vec::new();
    let mut wins = Vec::new();
    let mut tracker = WinTracker::default();
    let mut proofs = Vec::new();
    let mut judged = Vec::new();
    let mut on_events = |run: &Run, events: &[RunEvent]| {
        if run.battles_started() as usize > proofs.len() {
            proofs.push(run.encounter().and_then(|e| e.proof));
        }
        for e in events {
            if let RunEvent::Battle { event: BattleEvent::ItemUsed { effect, .. } } = e {
                used.push(effect.clone());
            }
        }
        if let Some((how, queen)) = tracker.read(run.battles_started(), events)
            && let Some(b) = run.stats().battles.last().filter(|b| b.won)
        {
            wins.push(Win { act: b.act, node: b.node, stage: b.stage, moves: b.moves_used, how, queen });
        }
    };
    let mut run = Run::new(config);
    while let Some(decision) = args.player.decide(&run, args.board) {
        // The outside judge: a sample of the enemy's first decisions after a player action.
        let sample = match (&decision, run.battle()) {
            (Decision::Act { action }, Some(battle))
                if args.judge
                    && splitmix64(seed ^ splitmix64(run.decisions().count() as u64))
                        .is_multiple_of(JUDGE_EVERY) =>
            {
                let mut after = battle.clone();
                after.set_quiet(true);
                (after.apply(*action).is_ok()
                    && after.status() == BattleStatus::Ongoing
                    && after.to_move() == Team::Enemy)
                    .then_some(after)
            }
            _ => None,
        };
        let Ok(events) = run.apply(decision) else { break };
        on_events(&run, &events);
        if let (Some(after), Some(&reply)) = (sample, run.last_enemy_actions().first())
            && let Some(j) = judge(&after, reply)
        {
            judged.push((run.battles_started(), j.loss()));
        }
    }
    let mut f = facts(seed, &run.log(), run.summary(), run.enemy_searches().to_vec(), used);
    f.promotions = run.promotions();
    f.wins = wins;
    f.proofs = proofs;
    f.judged = judged
        .into_iter()
        .filter_map(|(index, loss)| {
            let b = run.stats().battles.get((index as usize).checked_sub(1)?)?;
            Some((b.act, b.node.map(|n| n.label()), loss))
        })
        .collect();
    f
}

/// Runs `simulate`: every seed of `args.seeds` in parallel, then the report as JSON or tables.
pub(crate) fn run(out: &mut impl Write, args: &SimulateArgs) -> Result<()> {
    let (tuning, items, rank_rules) = load_inputs(args)?;
    let enemy = args.enemy.resolve(&tuning);
    let (first, last) = args.seeds;
    let start = std::time::Instant::now();
    let bar = ProgressBar::new(last - first + 1);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} runs, {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    let all: Vec<Facts> = (first..=last)
        .into_par_iter()
        .map(|seed| {
            let f = play_seed(seed, args, &tuning, &items, &rank_rules, &enemy);
            bar.inc(1);
            f
        })
        .collect();
    bar.finish_and_clear();
    let report = Report::of(&all, start.elapsed().as_secs_f64(), args, &items, &enemy);
    if args.json { report.write_json(out, args, &items) } else { report.write_text(out, args, &items) }
}
