//! One run's facts as `simulate` collects them: the action mix, how battles were won, the shops,
//! items and the enemy's searches, and the run's entry of the JSON's `runs_by_seed`.

use std::collections::{BTreeMap, BTreeSet};

use gambit_roguelite::BattleAction;
use gambit_roguelite::balance::ROUTE_TARGETS;
use gambit_roguelite::battle::{BattleEvent, DefeatReason};
use gambit_roguelite::bot::thinking_floor;
use gambit_roguelite::route::NodeKind;
use gambit_roguelite::run::{Decision, EnemySearch, RunEvent, RunLog, RunSummary, ShopItem};
use gambit_roguelite::{PieceId, Team};
use gambit_rules::Role;
use serde_json::{Value, json};

/// Battle actions by kind.
#[derive(Clone, Copy, Default)]
pub(super) struct Mix {
    pub(super) moves: u64,
    pub(super) teleports: u64,
    pub(super) freezes: u64,
    pub(super) repositions: u64,
    pub(super) skips: u64,
    pub(super) uses: u64,
}

impl Mix {
    pub(super) fn add(&mut self, a: &BattleAction) {
        match a {
            BattleAction::Move { .. } => self.moves += 1,
            BattleAction::Teleport { .. } => self.teleports += 1,
            BattleAction::Freeze { .. } => self.freezes += 1,
            BattleAction::Reposition { .. } => self.repositions += 1,
            BattleAction::Skip => self.skips += 1,
            BattleAction::Use { .. } => self.uses += 1,
        }
    }

    pub(super) fn merge(&mut self, o: &Mix) {
        self.moves += o.moves;
        self.teleports += o.teleports;
        self.freezes += o.freezes;
        self.repositions += o.repositions;
        self.skips += o.skips;
        self.uses += o.uses;
    }

    pub(super) fn total(&self) -> u64 {
        self.moves + self.teleports + self.freezes + self.repositions + self.skips + self.uses
    }

    pub(super) fn json(&self) -> Value {
        json!({"moves": self.moves, "teleports": self.teleports, "freezes": self.freezes,
               "repositions": self.repositions, "skips": self.skips, "uses": self.uses})
    }

    pub(super) fn line(&self) -> String {
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

/// How a won battle ended: the player's winning action.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum WinHow {
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
pub(super) struct Win {
    pub(super) act: u32,
    pub(super) node: Option<NodeKind>,
    pub(super) stage: u32,
    pub(super) moves: u32,
    pub(super) how: WinHow,
    pub(super) queen: bool,
}

/// Follows the player's moves through a battle's events, to tell how the battle was won.
#[derive(Default)]
pub(super) struct WinTracker {
    /// The battle followed (`Run::battles_started`).
    pub(super) battle: u32,
    /// Player moves and teleports so far.
    pub(super) moves: u32,
    /// Per player piece, the move number of its last teleport.
    pub(super) teleported: BTreeMap<PieceId, u32>,
}

impl WinTracker {
    /// Reads one decision's events; the winning action when they hold the player's victory (the
    /// last enemy death before [`BattleEvent::Victory`]: a capture, and by whom, or another death).
    pub(super) fn read(&mut self, battle: u32, events: &[RunEvent]) -> Option<(WinHow, bool)> {
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
pub(super) struct Facts {
    /// The run's seed.
    pub(super) seed: u64,
    pub(super) summary: RunSummary,
    pub(super) searches: Vec<EnemySearch>,
    pub(super) offered: Vec<String>,
    pub(super) chosen: Vec<String>,
    pub(super) player: Mix,
    pub(super) enemy: Mix,
    /// Item ids of each shop stock (one entry per stock, ids repeated when offered twice).
    pub(super) stocks: Vec<Vec<String>>,
    /// Item ids bought.
    pub(super) bought: Vec<String>,
    /// Item ids the run acquired (its build: the starting modifier and every purchase).
    pub(super) build: BTreeSet<String>,
    /// Consumables used, by effect kind.
    pub(super) used: Vec<String>,
    /// The player's promotions, and those by a pawn that teleported within its last two moves.
    pub(super) promotions: (u32, u32),
    /// The battles won, how.
    pub(super) wins: Vec<Win>,
    /// Per battle played, in order, the solver's shortest win of its board (`None`: not proved).
    pub(super) proofs: Vec<Option<u32>>,
    /// The judged enemy decisions (`--judge`): the battle's act and route node label, and how many
    /// centipawns the enemy's action was worse than the judge's best.
    pub(super) judged: Vec<(u32, Option<&'static str>, i32)>,
}

pub(super) fn facts(
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

pub(super) fn reason_key(r: DefeatReason) -> &'static str {
    match r {
        DefeatReason::KingCaptured => "king_captured",
        DefeatReason::ArmyEliminated => "army_eliminated",
        DefeatReason::NoAction => "no_action",
        DefeatReason::OutOfMoves => "out_of_moves",
    }
}

/// One run's entry of the JSON's `runs_by_seed`, so that runs can be merged across `simulate` calls
/// and paired seed by seed (`cargo xtask balance`): the seed, victory, battles played and won, the
/// battles and wins per route row ([`ROUTE_TARGETS`], in order), and per stage the enemy's decisions,
/// those that completed the thinking floor ([`thinking_floor`]) and every decision's time in
/// microseconds (wall clock, in the order played).
pub(super) fn run_json(f: &Facts) -> Value {
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
