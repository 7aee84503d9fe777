//! What `simulate` reports over many runs: the figures per stage, route row, template, item and
//! enemy search aggregated from each run's [`Facts`], written as JSON or as tables.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use anyhow::Result;
use gambit_roguelite::balance::{
    ITEM_BOUGHT_MIN, ITEM_BUILD_MAX, JUDGE_BAD_CP, JUDGE_MAX_BAD, PROMOTION_AFTER_TELEPORT_MAX,
    ROUTE_TARGETS, RouteTarget, TEMPLATE_TARGET, TargetRange, in_target, run_target, wilson,
};
use gambit_roguelite::bot::{EnemyTuning, JUDGE_NODES, thinking_floor};
use gambit_roguelite::encounter::templates;
use gambit_roguelite::items::ItemCatalogue;
use gambit_roguelite::run::EnemySearch;
use serde_json::{Value, json};

use super::SimulateArgs;
use super::facts::{Facts, Mix, reason_key, run_json};
use super::win_row::WinRow;

/// The enemy's searches of one stage, as `simulate` reports them.
pub(super) struct DepthRow {
    pub(super) stage: u32,
    pub(super) decisions: u64,
    /// The stage tuning's depth ceiling.
    pub(super) ceiling: u32,
    /// Decisions that completed the ceiling.
    pub(super) reached: u64,
    /// The thinking enemy's floor for the stage ([`thinking_floor`]), turns.
    pub(super) floor: u32,
    /// Decisions that completed at least the floor.
    pub(super) at_floor: u64,
    pub(super) median: u32,
    /// Decisions per completed depth.
    pub(super) counts: BTreeMap<u32, u64>,
    /// Decision time, median and 95th percentile, milliseconds (this machine, as loaded).
    p50_ms: f64,
    p95_ms: f64,
}

/// Per template.
#[derive(Clone, Default)]
pub(super) struct TemplateRow {
    pub(super) stage: u32,
    pub(super) offered: u64,
    pub(super) chosen: u64,
    pub(super) played: u64,
    pub(super) won: u64,
    pub(super) moves_used: u64,
    pub(super) defeats: BTreeMap<&'static str, u64>,
}

/// Per item (badge, modifier, consumable).
#[derive(Clone, Default)]
pub(super) struct ItemRow {
    /// Shop stocks that offered it.
    pub(super) offered: u64,
    /// Purchases.
    pub(super) bought: u64,
    /// Runs that acquired it (start offer or purchase).
    pub(super) runs: u64,
    /// Of those, runs won.
    pub(super) won: u64,
    /// Times used in a battle (consumables).
    pub(super) used: u64,
}

pub(super) fn pct(k: u64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 }
}

/// A route row's target (`None`: reported without one).
pub(super) type Target = Option<TargetRange>;

pub(super) fn verdict(rate: f64, range: TargetRange) -> &'static str {
    if in_target(rate, range) { "in target" } else { "OUT of target" }
}

/// The stage rows: stage, battles, won, player moves used, failed validations.
type StageRow = (u32, u64, u64, u64, u64);

/// A route row: its label, battles, won, owned pieces lost, target.
type RouteRow = (&'static str, u64, u64, u64, Target);

/// Everything `simulate` reports, aggregated from the runs' facts.
pub(super) struct Report<'a> {
    all: &'a [Facts],
    runs: u64,
    seconds: f64,
    tuning_name: String,
    stages: Vec<StageRow>,
    templates: BTreeMap<String, TemplateRow>,
    player_mix: Mix,
    enemy_mix: Mix,
    promotions: u64,
    after_teleport: u64,
    items: BTreeMap<String, ItemRow>,
    depth_rows: Vec<DepthRow>,
    route_rows: Vec<RouteRow>,
    judge_rows: Vec<(&'static str, u64, u64)>,
    win_rows: Vec<WinRow>,
    victories: u64,
    points: u64,
    exp: u64,
    median_exp: u32,
}

impl<'a> Report<'a> {
    /// The report of the runs `all` (in seed order), which took `seconds`, played with `items` and
    /// `enemy` as `args` asked.
    pub(super) fn of(
        all: &'a [Facts],
        seconds: f64,
        args: &SimulateArgs,
        items: &ItemCatalogue,
        enemy: &EnemyTuning,
    ) -> Report<'a> {
        let (templates, player_mix, enemy_mix) = template_rows(all);
        let route_rows = route_rows(all);
        let win_rows = win_rows(all, route_rows.iter().any(|r| r.1 > 0));
        // The median run's EXP (the lower middle of an even count): how fast the skill tree is bought.
        let mut exps: Vec<u32> = all.iter().map(|f| f.summary.exp).collect();
        exps.sort_unstable();
        let mut tuning_name =
            args.tuning.as_deref().map_or("the shipped tuning".to_string(), |p| p.display().to_string());
        tuning_name.push_str(match enemy {
            EnemyTuning::Thinking { .. } => ", the thinking enemy",
            _ => ", the presets' enemy",
        });
        Report {
            all,
            runs: args.seeds.1 - args.seeds.0 + 1,
            seconds,
            tuning_name,
            stages: stage_rows(all),
            templates,
            player_mix,
            enemy_mix,
            promotions: all.iter().map(|f| u64::from(f.promotions.0)).sum(),
            after_teleport: all.iter().map(|f| u64::from(f.promotions.1)).sum(),
            items: item_rows(all, items),
            depth_rows: depth_rows(all),
            route_rows,
            judge_rows: judge_rows(all),
            win_rows,
            victories: all.iter().filter(|f| f.summary.victory).count() as u64,
            points: all.iter().map(|f| u64::from(f.summary.points)).sum(),
            exp: all.iter().map(|f| u64::from(f.summary.exp)).sum(),
            median_exp: exps.get(exps.len().saturating_sub(1) / 2).copied().unwrap_or(0),
        }
    }
}

/// Per stage: battles, won, moves used and failed validations.
fn stage_rows(all: &[Facts]) -> Vec<StageRow> {
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
    stages
}

/// Per template (every shipped one, and any other played), and the action mixes of both sides.
fn template_rows(all: &[Facts]) -> (BTreeMap<String, TemplateRow>, Mix, Mix) {
    let mut rows: BTreeMap<String, TemplateRow> = templates()
        .into_iter()
        .map(|t| (t.name.clone(), TemplateRow { stage: t.stage, ..TemplateRow::default() }))
        .collect();
    let (mut player_mix, mut enemy_mix) = (Mix::default(), Mix::default());
    for f in all {
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
    (rows, player_mix, enemy_mix)
}

/// Per item: offered, bought, in builds and winning builds, used.
fn item_rows(all: &[Facts], items: &ItemCatalogue) -> BTreeMap<String, ItemRow> {
    let mut item_rows: BTreeMap<String, ItemRow> =
        items.items.iter().map(|i| (i.id.to_string(), ItemRow::default())).collect();
    let kind_to_id: BTreeMap<&str, String> =
        items.items.iter().map(|i| (i.effect.kind(), i.id.to_string())).collect();
    for f in all {
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
    item_rows
}

/// The enemy's searches per stage: decisions, depth ceiling, share reaching it and the floor,
/// median, counts, decision time.
fn depth_rows(all: &[Facts]) -> Vec<DepthRow> {
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
    depth_rows
}

/// Per route node kind and act (route runs only).
fn route_rows(all: &[Facts]) -> Vec<RouteRow> {
    ROUTE_TARGETS
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
        .collect()
}

/// The judge's verdicts per route row: samples, and those 200 cp or more worse than its best.
fn judge_rows(all: &[Facts]) -> Vec<(&'static str, u64, u64)> {
    ROUTE_TARGETS
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
        .collect()
}

/// How the battles of each route row (`by_route`), or of each stage in three-battle runs, were won.
fn win_rows(all: &[Facts], by_route: bool) -> Vec<WinRow> {
    if by_route {
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
    }
}

impl Report<'_> {
    /// Writes the report as one pretty-printed JSON document (`simulate --json`).
    pub(super) fn write_json(
        &self,
        out: &mut impl Write,
        args: &SimulateArgs,
        items: &ItemCatalogue,
    ) -> Result<()> {
        let Report {
            all,
            runs,
            seconds,
            tuning_name,
            stages,
            templates: rows,
            player_mix,
            enemy_mix,
            promotions,
            after_teleport,
            items: item_rows,
            depth_rows,
            route_rows,
            judge_rows,
            win_rows,
            victories,
            points,
            exp,
            median_exp,
            ..
        } = self;
        let (runs, seconds, promotions, after_teleport, victories, points, exp, median_exp) =
            (*runs, *seconds, *promotions, *after_teleport, *victories, *points, *exp, *median_exp);
        let (first, last) = args.seeds;
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
        Ok(())
    }

    /// Writes the report as tables: the run victories, the route rows, how battles were won, the boards
    /// played, the stages; then the templates, the items and the enemy's searches ([`Report::write_tables`]).
    pub(super) fn write_text(
        &self,
        out: &mut impl Write,
        args: &SimulateArgs,
        items: &ItemCatalogue,
    ) -> Result<()> {
        let Report { runs, seconds, tuning_name, stages, route_rows, win_rows, victories, .. } = self;
        let (runs, seconds, victories) = (*runs, *seconds, *victories);
        let (first, last) = args.seeds;
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
            for &(label, n, won, lost, target) in route_rows {
                let (lo, hi) = wilson(won, n);
                let rate = pct(won, n);
                let target = target.map_or("-".to_string(), |(tlo, thi)| {
                    format!("{tlo:.0}-{thi:.0}%: {}", verdict(rate, (tlo, thi)))
                });
                writeln!(
                    out,
                    "| {label} | {n} | {won} | {rate:.1}% | {lo:.1}-{hi:.1}% | {lost} | {target} |"
                )?;
            }
            writeln!(out)?;
        }
        writeln!(
            out,
            "| battles won | won | player moves used: average | median | won in 1 / 2 / 3 moves | in at most 3 moves | won by a capture within two moves of the capturer's teleport | that, in at most 3 moves | won by a queen's capture |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- | --- |")?;
        for w in win_rows {
            writeln!(out, "{}", w.line())?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "| boards played | battles | proved | shortest win found: median | in at most 2 moves | in at most 3 moves |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- |")?;
        for w in win_rows {
            writeln!(out, "{}", w.proof_line())?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "| stage | battles | won | win rate | 95% interval | avg moves used | failed validations |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- | --- |")?;
        for &(stage, battles, won, moves, failed) in stages {
            let (lo, hi) = wilson(won, battles);
            let rate = pct(won, battles);
            writeln!(
                out,
                "| {stage} | {battles} | {won} | {rate:.1}% | {lo:.1}-{hi:.1}% | {:.2} | {failed} |",
                moves as f64 / battles.max(1) as f64,
            )?;
        }
        writeln!(out)?;
        self.write_tables(out, items)?;
        self.write_searches(out, args)
    }

    /// The tables of templates and items and the items outside their targets.
    fn write_tables(&self, out: &mut impl Write, items: &ItemCatalogue) -> Result<()> {
        let Report { templates: rows, items: item_rows, victories, .. } = self;
        let victories = *victories;
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
        Ok(())
    }

    /// The enemy's searches, the judge's verdicts (`--judge`), the action mixes, promotions, run
    /// victories against the rank's target and the templates outside theirs.
    fn write_searches(&self, out: &mut impl Write, args: &SimulateArgs) -> Result<()> {
        let Report {
            runs,
            templates: rows,
            player_mix,
            enemy_mix,
            promotions,
            after_teleport,
            depth_rows,
            judge_rows,
            victories,
            points,
            exp,
            median_exp,
            ..
        } = self;
        let (runs, promotions, after_teleport, victories, points, exp, median_exp) =
            (*runs, *promotions, *after_teleport, *victories, *points, *exp, *median_exp);
        writeln!(
            out,
            "| stage | enemy decisions | depth ceiling | reached | floor | at least the floor | median depth | depth: count | decision p50 / p95 |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- | --- |")?;
        for r in depth_rows {
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
            for &(label, n, bad) in judge_rows {
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
}
