//! `gambit-cli simulate`: many seeded auto runs in parallel (rayon), with figures per stage, per
//! template, per item and the action mix, as text or JSON (`docs/balance.md`).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use anyhow::Result;
use gambit_roguelite::BattleAction;
use gambit_roguelite::balance::{
    ITEM_BOUGHT_MIN, ITEM_BUILD_MAX, JUDGE_BAD_CP, JUDGE_MAX_BAD, PROMOTION_AFTER_TELEPORT_MAX,
    ROUTE_TARGETS, RouteTarget, TEMPLATE_TARGET, TargetRange, in_target, run_target, wilson,
};
use gambit_roguelite::battle::BattleEvent;
use gambit_roguelite::battle::DefeatReason;
use gambit_roguelite::bot::{BoardChoice, EnemyTuning, JUDGE_NODES, Player, judge, thinking_floor};
use gambit_roguelite::encounter::templates;
use gambit_roguelite::items::ItemCatalogue;
use gambit_roguelite::rank::{Rank, RankRules};
use gambit_roguelite::route::NodeKind;
use gambit_roguelite::run::{Decision, EnemySearch, RunEvent, RunLog, RunSummary, ShopItem};
use gambit_roguelite::tuning::Tuning;
use gambit_roguelite::{BattleStatus, PieceId, Run, Team};
use gambit_rules::{Role, splitmix64};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};

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

/// The enemy's searches of one stage, as `simulate` reports them.
struct DepthRow {
    stage: u32,
    decisions: u64,
    /// The stage tuning's depth ceiling.
    ceiling: u32,
    /// Decisions that completed the ceiling.
    reached: u64,
    /// The thinking enemy's floor for the stage ([`thinking_floor`]), turns.
    floor: u32,
    /// Decisions that completed at least the floor.
    at_floor: u64,
    median: u32,
    /// Decisions per completed depth.
    counts: BTreeMap<u32, u64>,
    /// Decision time, median and 95th percentile, milliseconds (this machine, as loaded).
    p50_ms: f64,
    p95_ms: f64,
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

/// Battle actions by kind.
#[derive(Clone, Copy, Default)]
struct Mix {
    moves: u64,
    teleports: u64,
    freezes: u64,
    repositions: u64,
    skips: u64,
    uses: u64,
}

impl Mix {
    fn add(&mut self, a: &BattleAction) {
        match a {
            BattleAction::Move { .. } => self.moves += 1,
            BattleAction::Teleport { .. } => self.teleports += 1,
            BattleAction::Freeze { .. } => self.freezes += 1,
            BattleAction::Reposition { .. } => self.repositions += 1,
            BattleAction::Skip => self.skips += 1,
            BattleAction::Use { .. } => self.uses += 1,
        }
    }

    fn merge(&mut self, o: &Mix) {
        self.moves += o.moves;
        self.teleports += o.teleports;
        self.freezes += o.freezes;
        self.repositions += o.repositions;
        self.skips += o.skips;
        self.uses += o.uses;
    }

    fn total(&self) -> u64 {
        self.moves + self.teleports + self.freezes + self.repositions + self.skips + self.uses
    }

    fn json(&self) -> Value {
        json!({"moves": self.moves, "teleports": self.teleports, "freezes": self.freezes,
               "repositions": self.repositions, "skips": self.skips, "uses": self.uses})
    }

    fn line(&self) -> String {
        let t = self.total().max(1) as f64;
        let p = |n: u64| 100.0 * n as f64 / t;
        format!(
            "moves {} ({:.1}%), teleports {} ({:.1}%), freezes {} ({:.1}%), repositions {} ({:.1}%), skips {}, consumables used {}",
            self.moves,
            p(self.moves),
            self.teleports,
            p(self.teleports),
            self.freezes,
            p(self.freezes),
            self.repositions,
            p(self.repositions),
            self.skips,
            self.uses
        )
    }
}

/// Per template.
#[derive(Clone, Default)]
struct TemplateRow {
    stage: u32,
    offered: u64,
    chosen: u64,
    played: u64,
    won: u64,
    moves_used: u64,
    defeats: BTreeMap<&'static str, u64>,
}

/// Per item (badge, modifier, consumable).
#[derive(Clone, Default)]
struct ItemRow {
    /// Shop stocks that offered it.
    offered: u64,
    /// Purchases.
    bought: u64,
    /// Runs that acquired it (start offer or purchase).
    runs: u64,
    /// Of those, runs won.
    won: u64,
    /// Times used in a battle (consumables).
    used: u64,
}

/// How a won battle ended: the player's winning action.
#[derive(Clone, Copy, PartialEq, Eq)]
enum WinHow {
    /// A capture by a piece that teleported within its last two moves (a teleport cannot take a king
    /// or a marked target itself: it lands next to one).
    AfterTeleport,
    /// Another capture.
    Capture,
    /// Anything else (poison, damage, a consumable).
    Other,
}

/// One won battle: its route node (act, kind label), the player's moves used, the winning action
/// and whether a queen made it.
struct Win {
    act: u32,
    node: Option<NodeKind>,
    stage: u32,
    moves: u32,
    how: WinHow,
    queen: bool,
}

/// Follows the player's moves through a battle's events, to tell how the battle was won.
#[derive(Default)]
struct WinTracker {
    /// The battle followed (`Run::battles_started`).
    battle: u32,
    /// Player moves and teleports so far.
    moves: u32,
    /// Per player piece, the move number of its last teleport.
    teleported: BTreeMap<PieceId, u32>,
}

impl WinTracker {
    /// Reads one decision's events; the winning action when they hold the player's victory (the
    /// last enemy death before [`BattleEvent::Victory`]: a capture, and by whom, or another death).
    fn read(&mut self, battle: u32, events: &[RunEvent]) -> Option<(WinHow, bool)> {
        if battle != self.battle {
            *self = WinTracker { battle, ..WinTracker::default() };
        }
        let mut last = (WinHow::Other, false);
        for e in events {
            let RunEvent::Battle { event } = e else { continue };
            match event {
                BattleEvent::Moved { unit, .. } if unit.team == Team::Player => self.moves += 1,
                BattleEvent::Teleported { unit, .. } if unit.team == Team::Player => {
                    self.moves += 1;
                    self.teleported.insert(unit.id, self.moves);
                }
                BattleEvent::Captured { victim, by, .. } if victim.team == Team::Enemy => {
                    let recent = self.teleported.get(&by.id).is_some_and(|&m| self.moves - m <= 2);
                    let how = if recent { WinHow::AfterTeleport } else { WinHow::Capture };
                    last = (how, by.role == Role::Queen);
                }
                BattleEvent::Died { unit, .. } | BattleEvent::Destroyed { unit, .. }
                    if unit.team == Team::Enemy =>
                {
                    last = (WinHow::Other, false);
                }
                BattleEvent::Victory { .. } => return Some(last),
                _ => {}
            }
        }
        None
    }
}

/// One run's facts.
struct Facts {
    /// The run's seed.
    seed: u64,
    summary: RunSummary,
    searches: Vec<EnemySearch>,
    offered: Vec<String>,
    chosen: Vec<String>,
    player: Mix,
    enemy: Mix,
    /// Item ids of each shop stock (one entry per stock, ids repeated when offered twice).
    stocks: Vec<Vec<String>>,
    /// Item ids bought.
    bought: Vec<String>,
    /// Item ids the run acquired (its build: the starting modifier and every purchase).
    build: BTreeSet<String>,
    /// Consumables used, by effect kind.
    used: Vec<String>,
    /// The player's promotions, and those by a pawn that teleported within its last two moves.
    promotions: (u32, u32),
    /// The battles won, how.
    wins: Vec<Win>,
    /// Per battle played, in order, the solver's shortest win of its board (`None`: not proved).
    proofs: Vec<Option<u32>>,
    /// The judged enemy decisions (`--judge`): the battle's act and route node label, and how many
    /// centipawns the enemy's action was worse than the judge's best.
    judged: Vec<(u32, Option<&'static str>, i32)>,
}

fn facts(
    seed: u64,
    log: &RunLog,
    summary: RunSummary,
    searches: Vec<EnemySearch>,
    used: Vec<String>,
) -> Facts {
    let (mut offered, mut chosen) = (Vec::new(), Vec::new());
    let (mut player, mut enemy) = (Mix::default(), Mix::default());
    let mut options: Vec<String> = Vec::new();
    let (mut stocks, mut bought, mut build) = (Vec::new(), Vec::new(), BTreeSet::new());
    let mut stock: Vec<ShopItem> = Vec::new();
    for step in &log.steps {
        match &step.decision {
            Decision::Buy { slot, .. } => {
                if let Some(id) = stock.get(*slot).and_then(|i| i.item_id()) {
                    bought.push(id.to_string());
                    build.insert(id.to_string());
                }
            }
            Decision::ChooseStart { modifier, .. } => {
                build.insert(modifier.name().to_string());
                for e in &step.encounters {
                    offered.push(e.name.clone());
                    chosen.push(e.name.clone());
                }
            }
            Decision::LeaveShop => {
                options = step.encounters.iter().map(|e| e.name.clone()).collect();
                offered.extend(options.iter().cloned());
            }
            Decision::ChooseNode { .. } => {
                for e in &step.encounters {
                    offered.push(e.name.clone());
                    chosen.push(e.name.clone());
                }
            }
            Decision::ChooseBoard { index } => {
                if let Some(name) = options.get(*index) {
                    chosen.push(name.clone());
                }
            }
            Decision::Act { action } => player.add(action),
            _ => {}
        }
        for a in &step.enemy {
            enemy.add(a);
        }
        if let Some(slots) = &step.shop {
            stock = slots.iter().map(|s| s.item).collect();
            stocks.push(stock.iter().filter_map(|i| i.item_id()).map(|id| id.to_string()).collect());
        }
    }
    Facts {
        seed,
        summary,
        searches,
        offered,
        chosen,
        player,
        enemy,
        stocks,
        bought,
        build,
        used,
        promotions: (0, 0),
        wins: Vec::new(),
        proofs: Vec::new(),
        judged: Vec::new(),
    }
}

fn reason_key(r: DefeatReason) -> &'static str {
    match r {
        DefeatReason::KingCaptured => "king_captured",
        DefeatReason::ArmyEliminated => "army_eliminated",
        DefeatReason::NoAction => "no_action",
        DefeatReason::OutOfMoves => "out_of_moves",
    }
}

fn pct(k: u64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 }
}

/// How the battles of one row were won: counts by moves used and by winning action.
struct WinRow {
    label: String,
    won: u64,
    moves: Vec<u32>,
    /// Won in 1, 2 and 3 moves.
    by_moves: [u64; 3],
    /// Won by a capture with a piece that teleported within its last two moves.
    teleport: u64,
    /// ... in at most 3 moves.
    quick_teleport: u64,
    /// Won by a queen's capture.
    queen: u64,
    /// Battles played (won or not), of them proved, and the proved ones' shortest wins in 1, 2 and 3
    /// moves.
    played: u64,
    proved: Vec<u32>,
}

impl WinRow {
    fn of<'a>(
        label: String,
        wins: impl Iterator<Item = &'a Win>,
        proofs: impl Iterator<Item = Option<u32>>,
    ) -> WinRow {
        let mut row = WinRow {
            label,
            won: 0,
            moves: Vec::new(),
            by_moves: [0; 3],
            teleport: 0,
            quick_teleport: 0,
            queen: 0,
            played: 0,
            proved: Vec::new(),
        };
        for p in proofs {
            row.played += 1;
            row.proved.extend(p);
        }
        row.proved.sort_unstable();
        for w in wins {
            row.won += 1;
            row.moves.push(w.moves);
            if (1..=3).contains(&w.moves) {
                row.by_moves[w.moves as usize - 1] += 1;
            }
            let teleport = w.how == WinHow::AfterTeleport;
            row.queen += u64::from(w.queen);
            row.teleport += u64::from(teleport);
            row.quick_teleport += u64::from(teleport && w.moves <= 3);
        }
        row.moves.sort_unstable();
        row
    }

    fn quick(&self) -> u64 {
        self.by_moves.iter().sum()
    }

    fn average(&self) -> f64 {
        self.moves.iter().map(|&m| f64::from(m)).sum::<f64>() / self.won.max(1) as f64
    }

    fn median(&self) -> u32 {
        self.moves.get(self.moves.len().saturating_sub(1) / 2).copied().unwrap_or(0)
    }

    /// The proof row: battles played, proved, the shortest wins' median and how many are 2 moves or
    /// fewer, 3 or fewer.
    fn proof_line(&self) -> String {
        let n = self.proved.len() as u64;
        let within = |m: u32| {
            let k = self.proved.iter().filter(|&&p| p <= m).count() as u64;
            let (lo, hi) = wilson(k, n);
            format!("{k} ({:.1}%, {lo:.1}-{hi:.1}%)", pct(k, n))
        };
        format!(
            "| {} | {} | {} | {} | {} | {} |",
            self.label,
            self.played,
            n,
            self.proved.get(self.proved.len().saturating_sub(1) / 2).copied().unwrap_or(0),
            within(2),
            within(3)
        )
    }

    fn line(&self) -> String {
        let share = |k: u64| {
            let (lo, hi) = wilson(k, self.won);
            format!("{k} ({:.1}%, {lo:.1}-{hi:.1}%)", pct(k, self.won))
        };
        format!(
            "| {} | {} | {:.2} | {} | {} / {} / {} | {} | {} | {} | {} |",
            self.label,
            self.won,
            self.average(),
            self.median(),
            self.by_moves[0],
            self.by_moves[1],
            self.by_moves[2],
            share(self.quick()),
            share(self.teleport),
            share(self.quick_teleport),
            share(self.queen)
        )
    }

    fn json(&self) -> Value {
        json!({"battles": self.label, "won": self.won, "average_moves_used": self.average(),
               "median_moves_used": self.median(), "won_in_1_2_3_moves": self.by_moves,
               "won_in_at_most_3_moves": self.quick(), "won_by_a_capture_after_a_teleport": self.teleport,
               "won_by_a_capture_after_a_teleport_in_at_most_3_moves": self.quick_teleport,
               "won_by_a_queen_capture": self.queen, "played": self.played, "proved": self.proved.len(),
               "proved_shortest_wins": self.proved})
    }
}

/// One run's entry of the JSON's `runs_by_seed`, so that runs can be merged across `simulate` calls
/// and paired seed by seed (`cargo xtask balance`): the seed, victory, battles played and won, the
/// battles and wins per route row ([`ROUTE_TARGETS`], in order), and per stage the enemy's decisions,
/// those that completed the thinking floor ([`thinking_floor`]) and every decision's time in
/// microseconds (wall clock, in the order played).
fn run_json(f: &Facts) -> Value {
    let battles = &f.summary.stats.battles;
    let rows: Vec<Value> = ROUTE_TARGETS
        .iter()
        .map(|row| {
            let here: Vec<_> = battles
                .iter()
                .filter(|b| b.act == row.act && b.node.is_some_and(|n| row.kinds.contains(&n.label())))
                .collect();
            json!({"nodes": row.label, "battles": here.len(), "won": here.iter().filter(|b| b.won).count()})
        })
        .collect();
    let searches: Vec<Value> = (1..=3u32)
        .filter_map(|stage| {
            let here: Vec<&EnemySearch> = f.searches.iter().filter(|e| e.stage == stage).collect();
            let floor = thinking_floor(stage);
            (!here.is_empty()).then(|| {
                json!({"stage": stage, "decisions": here.len(), "floor": floor,
                       "at_floor": here.iter().filter(|e| e.completed_depth >= floor).count(),
                       "micros": here.iter().map(|e| e.micros).collect::<Vec<u64>>()})
            })
        })
        .collect();
    json!({"seed": f.seed, "victory": f.summary.victory, "battles": battles.len(),
           "battles_won": battles.iter().filter(|b| b.won).count(), "route": rows,
           "enemy_searches": searches})
}

/// A route row's target (`None`: reported without one).
type Target = Option<TargetRange>;

/// `--judge`: one enemy decision in this many (after a player action) is judged.
const JUDGE_EVERY: u64 = 8;

fn verdict(rate: f64, range: TargetRange) -> &'static str {
    if in_target(rate, range) { "in target" } else { "OUT of target" }
}

pub(crate) fn run(out: &mut impl Write, args: &SimulateArgs) -> Result<()> {
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
    let enemy = args.enemy.resolve(&tuning);
    let (first, last) = args.seeds;
    let runs = last - first + 1;
    let start = std::time::Instant::now();
    let bar = ProgressBar::new(runs);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} runs, {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    let all: Vec<Facts> = (first..=last)
        .into_par_iter()
        .map(|seed| {
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
                    wins.push(Win {
                        act: b.act,
                        node: b.node,
                        stage: b.stage,
                        moves: b.moves_used,
                        how,
                        queen,
                    });
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
            bar.inc(1);
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
        })
        .collect();
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();

    // Per stage.
    let mut stages = Vec::new();
    for stage in 1..=3u32 {
        let battles: Vec<_> =
            all.iter().flat_map(|f| &f.summary.stats.battles).filter(|b| b.stage == stage).collect();
        let won = battles.iter().filter(|b| b.won).count() as u64;
        let moves: u64 = battles.iter().map(|b| u64::from(b.moves_used)).sum();
        let failed: u64 =
            all.iter().map(|f| u64::from(f.summary.stats.failed_validations[stage as usize - 1])).sum();
        stages.push((stage, battles.len() as u64, won, moves, failed));
    }
    // Per template.
    let mut rows: BTreeMap<String, TemplateRow> = templates()
        .into_iter()
        .map(|t| (t.name.clone(), TemplateRow { stage: t.stage, ..TemplateRow::default() }))
        .collect();
    let (mut player_mix, mut enemy_mix) = (Mix::default(), Mix::default());
    for f in &all {
        for name in &f.offered {
            rows.entry(name.clone()).or_default().offered += 1;
        }
        for name in &f.chosen {
            rows.entry(name.clone()).or_default().chosen += 1;
        }
        for b in &f.summary.stats.battles {
            let r = rows.entry(b.template.clone()).or_default();
            r.stage = b.stage;
            r.played += 1;
            r.won += u64::from(b.won);
            r.moves_used += u64::from(b.moves_used);
            if let Some(reason) = b.defeat {
                *r.defeats.entry(reason_key(reason)).or_default() += 1;
            }
        }
        player_mix.merge(&f.player);
        enemy_mix.merge(&f.enemy);
    }
    let promotions: u64 = all.iter().map(|f| u64::from(f.promotions.0)).sum();
    let after_teleport: u64 = all.iter().map(|f| u64::from(f.promotions.1)).sum();
    // Per item.
    let mut item_rows: BTreeMap<String, ItemRow> =
        items.items.iter().map(|i| (i.id.to_string(), ItemRow::default())).collect();
    let kind_to_id: BTreeMap<&str, String> =
        items.items.iter().map(|i| (i.effect.kind(), i.id.to_string())).collect();
    for f in &all {
        for stock in &f.stocks {
            for id in stock.iter().collect::<BTreeSet<_>>() {
                item_rows.entry(id.clone()).or_default().offered += 1;
            }
        }
        for id in &f.bought {
            item_rows.entry(id.clone()).or_default().bought += 1;
        }
        for id in &f.build {
            let r = item_rows.entry(id.clone()).or_default();
            r.runs += 1;
            r.won += u64::from(f.summary.victory);
        }
        for kind in &f.used {
            if let Some(id) = kind_to_id.get(kind.as_str()) {
                item_rows.entry(id.clone()).or_default().used += 1;
            }
        }
    }
    // The enemy's searches per stage: decisions, depth ceiling, share reaching it and the floor,
    // median, counts, decision time.
    let mut depth_rows = Vec::new();
    for stage in 1..=3u32 {
        let searches: Vec<&EnemySearch> =
            all.iter().flat_map(|f| &f.searches).filter(|e| e.stage == stage).collect();
        if searches.is_empty() {
            continue;
        }
        let mut depths: Vec<u32> = searches.iter().map(|e| e.completed_depth).collect();
        depths.sort_unstable();
        let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
        for &d in &depths {
            *counts.entry(d).or_default() += 1;
        }
        let mut micros: Vec<u64> = searches.iter().map(|e| e.micros).collect();
        micros.sort_unstable();
        let floor = thinking_floor(stage);
        depth_rows.push(DepthRow {
            stage,
            decisions: searches.len() as u64,
            ceiling: searches[0].depth,
            reached: searches.iter().filter(|e| e.completed_depth >= e.depth).count() as u64,
            floor,
            at_floor: searches.iter().filter(|e| e.completed_depth >= floor).count() as u64,
            median: depths[depths.len() / 2],
            counts,
            p50_ms: micros[micros.len() / 2] as f64 / 1000.0,
            p95_ms: micros[(micros.len() * 95 / 100).min(micros.len() - 1)] as f64 / 1000.0,
        });
    }
    // Per route node kind and act (route runs only).
    let route_rows: Vec<(&str, u64, u64, u64, Target)> = ROUTE_TARGETS
        .iter()
        .map(|&RouteTarget { label, act, kinds, target }| {
            let battles: Vec<_> = all
                .iter()
                .flat_map(|f| &f.summary.stats.battles)
                .filter(|b| b.act == act && b.node.is_some_and(|n| kinds.contains(&n.label())))
                .collect();
            let won = battles.iter().filter(|b| b.won).count() as u64;
            let lost: u64 = battles.iter().map(|b| u64::from(b.lost)).sum();
            (label, battles.len() as u64, won, lost, target)
        })
        .collect();
    // The judge's verdicts per route row: samples, and those 200 cp or more worse than its best.
    let judge_rows: Vec<(&str, u64, u64)> = ROUTE_TARGETS
        .iter()
        .map(|row| {
            let losses: Vec<i32> = all
                .iter()
                .flat_map(|f| &f.judged)
                .filter(|(a, node, _)| *a == row.act && node.is_some_and(|n| row.kinds.contains(&n)))
                .map(|(_, _, loss)| *loss)
                .collect();
            (row.label, losses.len() as u64, losses.iter().filter(|&&l| l >= JUDGE_BAD_CP).count() as u64)
        })
        .collect();
    // How the battles of each route row (or stage, in three-battle runs) were won.
    let win_rows: Vec<WinRow> = if route_rows.iter().any(|r| r.1 > 0) {
        ROUTE_TARGETS
            .iter()
            .map(|&RouteTarget { label, act, kinds, .. }| {
                let proofs = all.iter().flat_map(|f| f.summary.stats.battles.iter().zip(&f.proofs));
                WinRow::of(
                    label.to_string(),
                    all.iter()
                        .flat_map(|f| &f.wins)
                        .filter(|w| w.act == act && w.node.is_some_and(|n| kinds.contains(&n.label()))),
                    proofs
                        .filter(|(b, _)| b.act == act && b.node.is_some_and(|n| kinds.contains(&n.label())))
                        .map(|(_, p)| *p),
                )
            })
            .collect()
    } else {
        (1..=3u32)
            .map(|stage| {
                let proofs = all.iter().flat_map(|f| f.summary.stats.battles.iter().zip(&f.proofs));
                WinRow::of(
                    format!("stage {stage}"),
                    all.iter().flat_map(|f| &f.wins).filter(|w| w.stage == stage),
                    proofs.filter(|(b, _)| b.stage == stage).map(|(_, p)| *p),
                )
            })
            .collect()
    };
    let victories = all.iter().filter(|f| f.summary.victory).count() as u64;
    let points: u64 = all.iter().map(|f| u64::from(f.summary.points)).sum();
    let exp: u64 = all.iter().map(|f| u64::from(f.summary.exp)).sum();
    // The median run's EXP (the lower middle of an even count): how fast the skill tree is bought.
    let mut exps: Vec<u32> = all.iter().map(|f| f.summary.exp).collect();
    exps.sort_unstable();
    let median_exp = exps.get(exps.len().saturating_sub(1) / 2).copied().unwrap_or(0);
    let mut tuning_name =
        args.tuning.as_deref().map_or("the shipped tuning".to_string(), |p| p.display().to_string());
    tuning_name.push_str(match enemy {
        EnemyTuning::Thinking { .. } => ", the thinking enemy",
        _ => ", the presets' enemy",
    });

    if args.json {
        let stage_json: Vec<Value> = stages
            .iter()
            .map(|&(stage, battles, won, moves, failed)| {
                let (lo, hi) = wilson(won, battles);
                json!({"stage": stage, "battles": battles, "won": won, "win_rate": pct(won, battles),
                       "interval95": [lo, hi], "average_moves_used": moves as f64 / battles.max(1) as f64,
                       "failed_validations": failed})
            })
            .collect();
        let template_json: Vec<Value> = rows
            .iter()
            .map(|(name, r)| {
                json!({"template": name, "stage": r.stage, "offered": r.offered, "chosen": r.chosen,
                       "played": r.played, "won": r.won, "win_rate": pct(r.won, r.played),
                       "interval95": wilson(r.won, r.played), "defeats": r.defeats,
                       "average_moves_used": r.moves_used as f64 / r.played.max(1) as f64})
            })
            .collect();
        let wins = all.iter().filter(|f| f.summary.victory).count() as u64;
        let item_json: Vec<Value> = items
            .items
            .iter()
            .map(|i| {
                let r = item_rows.get(i.id.as_str()).cloned().unwrap_or_default();
                json!({"item": i.id.as_str(), "name": i.name, "category": i.category.name(), "price": i.price,
                       "rarity": i.rarity.name(), "offered": r.offered, "bought": r.bought,
                       "bought_rate": pct(r.bought.min(r.offered), r.offered), "runs_with": r.runs,
                       "in_winning_builds": r.won, "winning_build_share": pct(r.won, wins),
                       "winning_build_interval95": wilson(r.won, wins),
                       "win_rate_with": pct(r.won, r.runs), "used": r.used})
            })
            .collect();
        let doc = json!({
            "runs": runs, "seeds": [first, last], "player": args.player.key(), "board": args.board.key(),
            "tuning": tuning_name,
            "rank": args.rank.number(),
            "seconds": seconds, "stages": stage_json, "templates": template_json, "items": item_json,
            "actions": {"player": player_mix.json(), "enemy": enemy_mix.json()},
            "promotions": {"player": promotions, "after_teleport": after_teleport,
                           "after_teleport_rate": pct(after_teleport, promotions),
                           "interval95": wilson(after_teleport, promotions)},
            "enemy_searches": depth_rows.iter().map(|r| json!({
                "stage": r.stage, "decisions": r.decisions, "depth_ceiling": r.ceiling, "reached": r.reached,
                "floor": r.floor, "at_floor": r.at_floor, "at_floor_rate": pct(r.at_floor, r.decisions),
                "median_depth": r.median, "depths": r.counts, "p50_ms": r.p50_ms,
                "p95_ms": r.p95_ms})).collect::<Vec<Value>>(),
            "route": route_rows.iter().map(|&(label, n, won, lost, target)| json!({
                "nodes": label, "battles": n, "won": won, "win_rate": pct(won, n),
                "interval95": wilson(won, n), "owned_pieces_lost": lost, "target": target,
            })).collect::<Vec<Value>>(),
            "wins": win_rows.iter().map(WinRow::json).collect::<Vec<Value>>(),
            "judge": judge_rows.iter().map(|&(label, n, bad)| json!({
                "nodes": label, "judged": n, "worse_by_200cp": bad, "rate": pct(bad, n),
                "interval95": wilson(bad, n)})).collect::<Vec<Value>>(),
            "victories": victories, "victory_rate": pct(victories, runs),
            "victory_interval95": wilson(victories, runs),
            "average_points": points as f64 / runs as f64, "average_exp": exp as f64 / runs as f64,
            "median_exp": median_exp,
            "runs_by_seed": all.iter().map(run_json).collect::<Vec<Value>>(),
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "runs {runs} (seeds {first}..{last}), player {}, rank {}, board choice {}, {tuning_name}, {seconds:.1} s",
        args.player,
        args.rank,
        args.board.key()
    )?;
    let (lo, hi) = wilson(victories, runs);
    writeln!(out, "run victories {victories} / {runs} ({:.1}%, {lo:.1}-{hi:.1})", pct(victories, runs))?;
    writeln!(out)?;
    if route_rows.iter().any(|r| r.1 > 0) {
        writeln!(
            out,
            "| route nodes | battles | won | win rate | 95% interval | owned pieces lost | target |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- | --- |")?;
        for &(label, n, won, lost, target) in &route_rows {
            let (lo, hi) = wilson(won, n);
            let rate = pct(won, n);
            let target = target.map_or("-".to_string(), |(tlo, thi)| {
                format!("{tlo:.0}-{thi:.0}%: {}", verdict(rate, (tlo, thi)))
            });
            writeln!(out, "| {label} | {n} | {won} | {rate:.1}% | {lo:.1}-{hi:.1}% | {lost} | {target} |")?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "| battles won | won | player moves used: average | median | won in 1 / 2 / 3 moves | in at most 3 moves | won by a capture within two moves of the capturer's teleport | that, in at most 3 moves | won by a queen's capture |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- | --- |")?;
    for w in &win_rows {
        writeln!(out, "{}", w.line())?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "| boards played | battles | proved | shortest win found: median | in at most 2 moves | in at most 3 moves |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- |")?;
    for w in &win_rows {
        writeln!(out, "{}", w.proof_line())?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "| stage | battles | won | win rate | 95% interval | avg moves used | failed validations |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- | --- |")?;
    for &(stage, battles, won, moves, failed) in &stages {
        let (lo, hi) = wilson(won, battles);
        let rate = pct(won, battles);
        writeln!(
            out,
            "| {stage} | {battles} | {won} | {rate:.1}% | {lo:.1}-{hi:.1}% | {:.2} | {failed} |",
            moves as f64 / battles.max(1) as f64,
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "| template | stage | offered | chosen | played | won | win rate | 95% interval | defeats | avg moves used |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")?;
    let mut ordered: Vec<_> = rows.iter().collect();
    ordered.sort_by_key(|(name, r)| (r.stage, (*name).clone()));
    for (name, r) in ordered {
        let (lo, hi) = wilson(r.won, r.played);
        let defeats: Vec<String> = r.defeats.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(
            out,
            "| {name} | {} | {} | {} | {} | {} | {:.1}% | {lo:.1}-{hi:.1}% | {} | {:.2} |",
            r.stage,
            r.offered,
            r.chosen,
            r.played,
            r.won,
            pct(r.won, r.played),
            if defeats.is_empty() { "-".to_string() } else { defeats.join(", ") },
            r.moves_used as f64 / r.played.max(1) as f64
        )?;
    }
    writeln!(out)?;
    let wins = victories;
    writeln!(
        out,
        "| item | category | price | offered | bought | bought % | runs with it | in winning builds | win rate with it | used |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")?;
    let (mut rarely, mut dominant) = (Vec::new(), Vec::new());
    for i in &items.items {
        let r = item_rows.get(i.id.as_str()).cloned().unwrap_or_default();
        let bought_rate = pct(r.bought.min(r.offered), r.offered);
        let share = pct(r.won, wins);
        if r.offered > 0 && bought_rate < ITEM_BOUGHT_MIN {
            rarely.push(format!("{} {bought_rate:.1}%", i.name));
        }
        let (lo, hi) = wilson(r.won, wins);
        if share > ITEM_BUILD_MAX {
            dominant.push(format!("{} {share:.1}% ({lo:.1}-{hi:.1}%)", i.name));
        }
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {bought_rate:.1}% | {} | {} ({share:.1}%, {lo:.1}-{hi:.1}%) | {:.1}% | {} |",
            i.name,
            i.category.name(),
            i.price,
            r.offered,
            r.bought,
            r.runs,
            r.won,
            pct(r.won, r.runs),
            r.used
        )?;
    }
    writeln!(out)?;
    let none = |v: Vec<String>| if v.is_empty() { "none".to_string() } else { v.join(", ") };
    writeln!(
        out,
        "items bought in under {ITEM_BOUGHT_MIN:.0}% of the shops offering them: {}",
        none(rarely)
    )?;
    writeln!(out, "items in more than {ITEM_BUILD_MAX:.0}% of winning builds: {}", none(dominant))?;
    writeln!(out)?;
    writeln!(
        out,
        "| stage | enemy decisions | depth ceiling | reached | floor | at least the floor | median depth | depth: count | decision p50 / p95 |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- | --- |")?;
    for r in &depth_rows {
        let counts: Vec<String> = r.counts.iter().map(|(d, c)| format!("{d}: {c}")).collect();
        writeln!(
            out,
            "| {} | {} | {} | {:.1}% | {} | {:.1}% | {} | {} | {:.1} / {:.1} ms |",
            r.stage,
            r.decisions,
            r.ceiling,
            pct(r.reached, r.decisions),
            r.floor,
            pct(r.at_floor, r.decisions),
            r.median,
            counts.join(", "),
            r.p50_ms,
            r.p95_ms
        )?;
    }
    writeln!(out)?;
    if args.judge {
        writeln!(
            out,
            "| route nodes | enemy decisions judged (Expert, {JUDGE_NODES} nodes) | {JUDGE_BAD_CP} cp or more worse than the judge's best | 95% interval | target at most {JUDGE_MAX_BAD:.0}% |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        for &(label, n, bad) in &judge_rows {
            let (lo, hi) = wilson(bad, n);
            let rate = pct(bad, n);
            let verdict = if n == 0 {
                "-"
            } else if rate <= JUDGE_MAX_BAD {
                "in target"
            } else {
                "OUT of target"
            };
            writeln!(out, "| {label} | {n} | {bad} ({rate:.1}%) | {lo:.1}-{hi:.1}% | {verdict} |")?;
        }
        writeln!(out)?;
    }
    writeln!(out, "player actions: {}", player_mix.line())?;
    let (lo, hi) = wilson(after_teleport, promotions);
    writeln!(
        out,
        "player promotions: {promotions}, by a pawn that teleported within its last two moves: {after_teleport} ({:.1}% [{lo:.1}, {hi:.1}] (95%, Wilson); target under {PROMOTION_AFTER_TELEPORT_MAX:.0}%)",
        pct(after_teleport, promotions)
    )?;
    writeln!(out, "enemy actions: {}", enemy_mix.line())?;
    let (lo, hi) = wilson(victories, runs);
    let rate = pct(victories, runs);
    writeln!(
        out,
        "run victories {victories}/{runs} ({rate:.1}%, 95% interval {lo:.1}-{hi:.1}%; {}), average points {:.1}, average EXP {:.1}, median EXP {median_exp}",
        run_target(args.rank).map_or_else(
            || format!("rank {}: no target of its own", args.rank),
            |t| format!("target {:.0}-{:.0}%: {}", t.0, t.1, verdict(rate, t))
        ),
        points as f64 / runs as f64,
        exp as f64 / runs as f64
    )?;
    let outside: Vec<String> = rows
        .iter()
        .filter(|(_, r)| r.played > 0 && verdict(pct(r.won, r.played), TEMPLATE_TARGET) != "in target")
        .map(|(n, r)| format!("{n} {:.1}%", pct(r.won, r.played)))
        .collect();
    writeln!(
        out,
        "templates outside {:.0}-{:.0}%: {}",
        TEMPLATE_TARGET.0,
        TEMPLATE_TARGET.1,
        if outside.is_empty() { "none".to_string() } else { outside.join(", ") }
    )?;
    Ok(())
}
