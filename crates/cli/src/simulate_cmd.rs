//! `gambit-cli simulate --runs N`: many seeded auto runs in parallel (rayon), with per-stage figures.

use std::io::Write;

use anyhow::Result;
use gambit_roguelite::RunConfig;
use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, play_auto};
use gambit_roguelite::run::{EnemySearch, RunSummary};
use rayon::prelude::*;

use crate::bad;

pub(crate) fn run(out: &mut impl Write, runs: u64, first_seed: u64) -> Result<()> {
    if runs == 0 {
        return Err(bad("--runs must be at least 1"));
    }
    let start = std::time::Instant::now();
    let results: Vec<(RunSummary, Vec<EnemySearch>)> = (first_seed..first_seed + runs)
        .into_par_iter()
        .map(|seed| {
            let run = play_auto(RunConfig::new(seed), AUTO_PLAYER_TUNING, |_, _| {});
            (run.summary(), run.enemy_searches().to_vec())
        })
        .collect();
    let summaries: Vec<&RunSummary> = results.iter().map(|(s, _)| s).collect();
    writeln!(
        out,
        "runs {runs} (seeds {first_seed}..{}), {:.1} s",
        first_seed + runs - 1,
        start.elapsed().as_secs_f64()
    )?;
    writeln!(out, "stage  battles  won  win-rate  avg-moves-used  failed-validations")?;
    for stage in 1..=3u32 {
        let battles: Vec<_> =
            summaries.iter().flat_map(|s| &s.stats.battles).filter(|b| b.stage == stage).collect();
        let won = battles.iter().filter(|b| b.won).count();
        let moves: u32 = battles.iter().map(|b| b.moves_used).sum();
        let failed: u32 = summaries.iter().map(|s| s.stats.failed_validations[stage as usize - 1]).sum();
        let rate = if battles.is_empty() { 0.0 } else { 100.0 * won as f64 / battles.len() as f64 };
        let avg = if battles.is_empty() { 0.0 } else { f64::from(moves) / battles.len() as f64 };
        writeln!(out, "{stage:>5}  {:>7}  {won:>3}  {rate:>7.1}%  {avg:>14.2}  {failed:>18}", battles.len())?;
    }
    writeln!(out, "stage  enemy-decisions  depth-ceiling  reached  median-depth  depth:count")?;
    for stage in 1..=3u32 {
        let searches: Vec<&EnemySearch> =
            results.iter().flat_map(|(_, e)| e).filter(|e| e.stage == stage).collect();
        if searches.is_empty() {
            continue;
        }
        let mut depths: Vec<u32> = searches.iter().map(|e| e.completed_depth).collect();
        depths.sort_unstable();
        let ceiling = searches[0].depth;
        let reached = searches.iter().filter(|e| e.completed_depth >= e.depth).count();
        let mut counts = std::collections::BTreeMap::new();
        for &d in &depths {
            *counts.entry(d).or_insert(0usize) += 1;
        }
        let counts: Vec<String> = counts.iter().map(|(d, n)| format!("{d}:{n}")).collect();
        writeln!(
            out,
            "{stage:>5}  {:>15}  {ceiling:>13}  {:>6.1}%  {:>12}  {}",
            searches.len(),
            100.0 * reached as f64 / searches.len() as f64,
            depths[depths.len() / 2],
            counts.join(" ")
        )?;
    }
    let victories = summaries.iter().filter(|s| s.victory).count();
    let points: u64 = summaries.iter().map(|s| u64::from(s.points)).sum();
    let exp: u64 = summaries.iter().map(|s| u64::from(s.exp)).sum();
    writeln!(
        out,
        "run victories {victories}/{runs} ({:.1}%), average points {:.1}, average EXP {:.1}",
        100.0 * victories as f64 / runs as f64,
        points as f64 / runs as f64,
        exp as f64 / runs as f64
    )?;
    Ok(())
}
