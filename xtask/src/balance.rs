//! `cargo xtask balance`: the balance report of issue 40 (sections 3 and 4), regenerated from the
//! repository. It builds `gambit-cli` (release), runs `gambit-cli simulate --json` on one report block
//! of seeds ([`report_block`]) for twelve configurations (rank 0 with the `careless`, `auto` and
//! `thinker` players; the `thinker` at ranks 1 to 9), merges the runs seed by seed and writes the
//! tables between [`BEGIN`] and [`END`] in `docs/balance.md`, checked against the targets of
//! [`gambit_roguelite::balance`].
//!
//! Each configuration runs in chunks of [`CHUNK_SEEDS`] seeds; each chunk's JSON is cached under
//! `$CARGO_TARGET_DIR/balance/<key>/`, the key a SHA-256 of the `gambit-cli` binary and of the data
//! files (`crates/roguelite/data/*.json`, the block registry excepted), so an interrupted report resumes
//! where it stopped and a changed binary or data file measures again. A chunk is written to a
//! temporary file and renamed, so a crash leaves no half-written chunk.
//!
//! The blocks reported are listed in [`BLOCKS_FILE`]; a listed block is refused unless `--again`.

use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail, ensure};
use gambit_roguelite::balance::{
    AUTO_TARGET, CARELESS_TARGET, RANK_STEP_ALPHA, RANK_STEPS_TESTED, ROUTE_TARGETS, ROW_GAP_MIN_POINTS,
    SkillTarget, THINKER_TARGET, THINKER_TOP_RANK_TARGET, report_block, wilson,
};
use gambit_roguelite::rank::Rank;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The marker line after which the report's tables start in `docs/balance.md`.
pub(crate) const BEGIN: &str = "<!-- balance:begin -->";

/// The marker line before which the report's tables end.
pub(crate) const END: &str = "<!-- balance:end -->";

/// The registry of the blocks reported, relative to the workspace root.
pub(crate) const BLOCKS_FILE: &str = "crates/roguelite/data/balance-blocks.json";

/// The document a full report writes, relative to the workspace root.
const DOC: &str = "docs/balance.md";

/// Seeds per `simulate` call (one cached chunk).
pub(crate) const CHUNK_SEEDS: u64 = 25;

/// Seeds per configuration of `--quick`: the first seeds of the block.
pub(crate) const QUICK_SEEDS: u64 = 4;

/// `cargo xtask balance`'s options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Options {
    /// The smoke size: [`QUICK_SEEDS`] seeds, printed (or written to `out`), no block recorded.
    pub quick: bool,
    /// The report block; `None`: block 0 for `--quick`, else the first block not reported.
    pub block: Option<u64>,
    /// How many `simulate` processes run at once (at least 1).
    pub jobs: usize,
    /// Where the tables go: a file with the markers (replaced between them), or a new or empty file.
    pub out: Option<PathBuf>,
    /// Report a block that the registry already lists.
    pub again: bool,
}

impl Options {
    /// Reads the words after `balance`.
    pub(crate) fn parse(words: &[&str]) -> Result<Options> {
        let mut o = Options { quick: false, block: None, jobs: 1, out: None, again: false };
        let mut it = words.iter();
        while let Some(&word) = it.next() {
            let mut value = |name: &str| -> Result<&str> {
                match it.next() {
                    Some(v) if !v.starts_with("--") => Ok(v),
                    _ => bail!("balance: {name} needs a value"),
                }
            };
            match word {
                "--quick" => o.quick = true,
                "--again" => o.again = true,
                "--block" => {
                    let v = value("--block")?;
                    let k =
                        v.parse::<u64>().with_context(|| format!("balance: --block {v:?}: not a number"))?;
                    ensure!(report_block(k).is_some(), "balance: --block {k}: its seeds overflow");
                    o.block = Some(k);
                }
                "--jobs" => {
                    let v = value("--jobs")?;
                    o.jobs = v
                        .parse::<usize>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .with_context(|| format!("balance: --jobs {v:?}: not a count of 1 or more"))?;
                }
                "--out" => o.out = Some(PathBuf::from(value("--out")?)),
                other => bail!("balance: unknown option {other:?}"),
            }
        }
        Ok(o)
    }
}

/// One configuration of the report: a reference player at a rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Config {
    /// `careless`, `auto` or `thinker` (`simulate --player`).
    pub player: &'static str,
    /// The rank, 0 to 9.
    pub rank: u32,
}

/// The twelve configurations of issue 40 section 3: rank 0 with each player, the thinker at every
/// other rank.
pub(crate) fn configurations() -> Vec<Config> {
    let mut all: Vec<Config> =
        ["careless", "auto", "thinker"].into_iter().map(|player| Config { player, rank: 0 }).collect();
    all.extend((1..=Rank::MAX.number()).map(|rank| Config { player: "thinker", rank }));
    all
}

/// One run as `simulate --json` lists it in `runs_by_seed`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RunRecord {
    pub seed: u64,
    pub victory: bool,
    pub battles_won: u64,
    /// Per route row, in order: its label, battles played, battles won.
    pub rows: Vec<(String, u64, u64)>,
}

/// The enemy's decisions of one stage.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct StageSearches {
    /// The thinking floor of the stage, turns.
    pub floor: u64,
    pub decisions: u64,
    /// Decisions that completed at least the floor.
    pub at_floor: u64,
    /// Every decision's time, microseconds.
    pub micros: Vec<u64>,
}

/// The runs of one configuration (one chunk, or the chunks merged).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Measured {
    /// `simulate`'s description of the tuning and the enemy.
    pub tuning: String,
    /// By seed, ascending.
    pub runs: Vec<RunRecord>,
    /// By stage.
    pub searches: BTreeMap<u64, StageSearches>,
}

fn u64_at(v: &Value, key: &str) -> Result<u64> {
    v[key].as_u64().with_context(|| format!("`{key}` is not a count in {v}"))
}

/// Reads one `simulate --json` document: its tuning line and `runs_by_seed`.
pub(crate) fn parse_chunk(text: &str) -> Result<Measured> {
    let v: Value = serde_json::from_str(text).context("simulate printed no JSON")?;
    let tuning = v["tuning"].as_str().context("no `tuning` in simulate's JSON")?.to_string();
    let list = v["runs_by_seed"]
        .as_array()
        .context("no `runs_by_seed` in simulate's JSON (an older gambit-cli?)")?;
    let mut runs = Vec::new();
    let mut searches: BTreeMap<u64, StageSearches> = BTreeMap::new();
    for r in list {
        let rows = r["route"]
            .as_array()
            .context("a run without `route`")?
            .iter()
            .map(|row| {
                let label = row["nodes"].as_str().context("a route row without `nodes`")?.to_string();
                Ok((label, u64_at(row, "battles")?, u64_at(row, "won")?))
            })
            .collect::<Result<Vec<_>>>()?;
        runs.push(RunRecord {
            seed: u64_at(r, "seed")?,
            victory: r["victory"].as_bool().with_context(|| format!("`victory` is not a boolean in {r}"))?,
            battles_won: u64_at(r, "battles_won")?,
            rows,
        });
        for s in r["enemy_searches"].as_array().context("a run without `enemy_searches`")? {
            let stage = searches.entry(u64_at(s, "stage")?).or_default();
            stage.floor = u64_at(s, "floor")?;
            stage.decisions += u64_at(s, "decisions")?;
            stage.at_floor += u64_at(s, "at_floor")?;
            let micros = s["micros"].as_array().context("a stage without `micros`")?;
            for m in micros {
                stage.micros.push(m.as_u64().context("a decision time that is not a count")?);
            }
        }
    }
    Ok(Measured { tuning, runs, searches })
}

/// Merges chunks of one configuration into the runs of `seeds` (inclusive): every seed exactly once,
/// the same tuning line in every chunk.
pub(crate) fn merge(chunks: Vec<Measured>, (first, last): (u64, u64)) -> Result<Measured> {
    let mut tuning: Option<String> = None;
    let mut runs = Vec::new();
    let mut searches: BTreeMap<u64, StageSearches> = BTreeMap::new();
    for c in chunks {
        match &tuning {
            Some(t) if *t != c.tuning => bail!("chunks of different tunings: {t:?} and {:?}", c.tuning),
            _ => tuning = Some(c.tuning),
        }
        runs.extend(c.runs);
        for (stage, s) in c.searches {
            let m = searches.entry(stage).or_default();
            m.floor = s.floor;
            m.decisions += s.decisions;
            m.at_floor += s.at_floor;
            m.micros.extend(s.micros);
        }
    }
    runs.sort_by_key(|r| r.seed);
    let seeds: Vec<u64> = runs.iter().map(|r| r.seed).collect();
    let expected: Vec<u64> = (first..=last).collect();
    ensure!(seeds == expected, "the chunks hold seeds {seeds:?}, not {first}..{last} once each");
    Ok(Measured { tuning: tuning.context("no chunk")?, runs, searches })
}

/// The exact one-sided sign test (McNemar's exact test on the discordant pairs): the probability of
/// at least `worse` of `worse + better` fair coin flips, the p-value that the second of two paired
/// samples is below the first when `worse` pairs favour the first and `better` the second.
pub(crate) fn sign_test_p(worse: u64, better: u64) -> f64 {
    let n = worse + better;
    if n == 0 {
        return 1.0;
    }
    // P(X = k) for X ~ Binomial(n, 1/2), built up from P(X = 0) = 2^-n (no underflow below n = 1000).
    let mut pmf = 0.5f64.powi(i32::try_from(n).unwrap_or(i32::MAX));
    let mut tail = 0.0;
    for k in 0..=n {
        if k >= worse {
            tail += pmf;
        }
        pmf *= (n - k) as f64 / (k + 1) as f64;
    }
    tail.min(1.0)
}

/// The mean of `values` and its 95 % interval (1.96 standard errors); `None` with fewer than two.
pub(crate) fn mean_interval(values: &[f64]) -> Option<(f64, f64, f64)> {
    if values.len() < 2 {
        return None;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    Some((mean, mean - half, mean + half))
}

/// Replaces what lies between the marker lines [`BEGIN`] and [`END`] of `doc` with `body`.
pub(crate) fn replace_between_markers(doc: &str, body: &str) -> Result<String> {
    let count = |m: &str| doc.lines().filter(|l| l.trim() == m).count();
    ensure!(
        count(BEGIN) == 1 && count(END) == 1,
        "the document needs the lines {BEGIN} and {END} once each (found {} and {})",
        count(BEGIN),
        count(END)
    );
    let begin = doc.find(BEGIN).context("no begin marker")? + BEGIN.len();
    let end = doc.find(END).context("no end marker")?;
    ensure!(begin <= end, "{END} comes before {BEGIN}");
    let body = body.trim_end_matches('\n');
    Ok(format!("{}\n{body}\n{}", &doc[..begin], &doc[end..]))
}

/// A percentage of `k` in `n` (0 when `n == 0`).
fn pct(k: u64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 }
}

fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "**NOT met**" }
}

/// A skill target in words.
fn describe(t: &SkillTarget) -> String {
    let range = |(lo, hi): (f64, f64)| match (lo > 0.0, hi < 100.0) {
        (true, true) => format!("{lo:.0}-{hi:.0} %"),
        (true, false) => format!("at least {lo:.0} %"),
        (false, _) => format!("at most {hi:.0} %"),
    };
    format!("point {}, interval {}", range(t.point), range(t.interval))
}

/// `W / N (P %)` and its Wilson interval.
fn victories(m: &Measured) -> (u64, u64, String, String) {
    let n = m.runs.len() as u64;
    let k = m.runs.iter().filter(|r| r.victory).count() as u64;
    let (lo, hi) = wilson(k, n);
    (k, n, format!("{k} / {n} ({:.1} %)", pct(k, n)), format!("{lo:.1}-{hi:.1} %"))
}

/// A route row's battles of one configuration: played, won.
fn row_totals(m: &Measured, row: usize) -> (u64, u64) {
    m.runs.iter().filter_map(|r| r.rows.get(row)).fold((0, 0), |(n, w), (_, b, won)| (n + b, w + won))
}

/// The value at fraction `q` of the sorted `values` (as `simulate` takes its percentiles).
fn percentile(sorted: &[u64], num: usize, den: usize) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[(sorted.len() * num / den).min(sorted.len() - 1)] as f64 / 1000.0
}

/// What the report says about where it ran.
#[derive(Debug, Clone)]
pub(crate) struct Provenance {
    /// The command that produced it.
    pub command: String,
    /// `git rev-parse --short HEAD`, with `-dirty` when the tree had uncommitted changes.
    pub commit: String,
    /// The block and its seeds as reported (the quick size: its first seeds).
    pub block: u64,
    pub seeds: (u64, u64),
    pub quick: bool,
    /// `--jobs`, and `RAYON_NUM_THREADS` when set.
    pub jobs: usize,
    pub rayon_threads: Option<String>,
    /// The registry's blocks.
    pub blocks: Vec<BlockEntry>,
}

/// The report's Markdown: the tables (a) to (d) and the blocks reported. `measured` holds every
/// configuration of [`configurations`].
pub(crate) fn render(p: &Provenance, measured: &BTreeMap<Config, Measured>) -> Result<String> {
    let (careless, auto, thinker) = (
        measured_of(measured, "careless", 0)?,
        measured_of(measured, "auto", 0)?,
        measured_of(measured, "thinker", 0)?,
    );
    let mut s = String::new();
    provenance(&mut s, p, thinker)?;
    victories_table(&mut s, careless, auto, thinker)?;
    route_rows_table(&mut s, careless, auto, thinker)?;
    ranks_table(&mut s, measured)?;
    decisions_table(&mut s, thinker)?;
    blocks_table(&mut s, p)?;
    Ok(s)
}

/// The runs of `player` at `rank`.
fn measured_of<'a>(
    measured: &'a BTreeMap<Config, Measured>,
    player: &'static str,
    rank: u32,
) -> Result<&'a Measured> {
    measured.get(&Config { player, rank }).with_context(|| format!("no runs of {player} at rank {rank}"))
}

/// What the report is: the block or smoke run, the command, commit, jobs and tuning.
fn provenance(s: &mut String, p: &Provenance, thinker: &Measured) -> Result<()> {
    let (first, last) = p.seeds;
    let n = last - first + 1;
    if p.quick {
        writeln!(
            s,
            "A smoke run (`{}`), not a report: {n} seeds of block {} ({first}-{last}) per configuration.",
            p.command, p.block
        )?;
    } else {
        writeln!(s, "Report block {}: seeds {first}-{last}, {n} per configuration.", p.block)?;
    }
    let at = match p.commit.strip_suffix("-dirty") {
        Some(short) => format!("{short}, dirty (uncommitted changes beside it)"),
        None => p.commit.clone(),
    };
    let threads = p.rayon_threads.as_deref().map_or(String::new(), |t| format!(", RAYON_NUM_THREADS={t}"));
    writeln!(
        s,
        "Made by `{}` at {} (`--jobs {}`{threads}): `gambit-cli simulate --json`, {}, rank rules of `ranks.json`, no unlocks.",
        p.command, at, p.jobs, thinker.tuning
    )?;
    writeln!(
        s,
        "Intervals are 95 % Wilson intervals; targets are issue 40 section 3's (`gambit_roguelite::balance`)."
    )?;
    writeln!(s)?;
    Ok(())
}

/// (a) Run victories at rank 0 of the three players against their targets.
fn victories_table(s: &mut String, careless: &Measured, auto: &Measured, thinker: &Measured) -> Result<()> {
    writeln!(s, "**Run victories at rank 0.**")?;
    writeln!(s)?;
    writeln!(s, "| player | run victories | 95 % interval | target | |")?;
    writeln!(s, "| --- | --- | --- | --- | --- |")?;
    for (name, m, target) in [
        ("careless", careless, CARELESS_TARGET),
        ("auto", auto, AUTO_TARGET),
        ("thinker", thinker, THINKER_TARGET),
    ] {
        let (k, n, text, interval) = victories(m);
        writeln!(
            s,
            "| {name} | {text} | {interval} | {} | {} |",
            describe(&target),
            verdict(target.met(k, n))
        )?;
    }
    writeln!(s)?;
    Ok(())
}

/// (b) Battles won per route row at rank 0, and the thinker's lead over the careless player.
fn route_rows_table(s: &mut String, careless: &Measured, auto: &Measured, thinker: &Measured) -> Result<()> {
    writeln!(
        s,
        "**Battles won per route row at rank 0**, and the thinker's lead over the careless player (target: at least {ROW_GAP_MIN_POINTS:.0} points on every row)."
    )?;
    writeln!(s)?;
    writeln!(s, "| route nodes | careless | auto | thinker | thinker minus careless | |")?;
    writeln!(s, "| --- | --- | --- | --- | --- | --- |")?;
    for (i, row) in ROUTE_TARGETS.iter().enumerate() {
        let cell = |m: &Measured| {
            let (b, w) = row_totals(m, i);
            if b == 0 { "no battle".to_string() } else { format!("{:.1} % of {b}", pct(w, b)) }
        };
        let ((cb, cw), (tb, tw)) = (row_totals(careless, i), row_totals(thinker, i));
        let (gap, judged) = if cb == 0 || tb == 0 {
            ("-".to_string(), "not measured (a player played no battle here)".to_string())
        } else {
            let gap = pct(tw, tb) - pct(cw, cb);
            (format!("{gap:+.1} points"), verdict(gap >= ROW_GAP_MIN_POINTS).to_string())
        };
        writeln!(
            s,
            "| {} | {} | {} | {} | {gap} | {judged} |",
            row.label,
            cell(careless),
            cell(auto),
            cell(thinker)
        )?;
    }
    writeln!(s)?;
    Ok(())
}

/// (c) The thinker per rank, with the paired sign tests of the steps.
fn ranks_table(s: &mut String, measured: &BTreeMap<Config, Measured>) -> Result<()> {
    let get = |player: &'static str, rank: u32| measured_of(measured, player, rank);
    writeln!(
        s,
        "**The thinker per rank**, the same seeds at every rank. For r = 0 to {}: an exact one-sided sign test (McNemar) on the seeds won at one of ranks r and r+1 only, that rank r+1 is below rank r (shown when p < {RANK_STEP_ALPHA}), and the mean of the per-seed differences of battles won (rank r minus rank r+1) with its 95 % interval.",
        RANK_STEPS_TESTED - 1
    )?;
    writeln!(s)?;
    writeln!(
        s,
        "| rank | run victories | 95 % interval | seeds won at r only / at r+1 only | p | r+1 below r | battles won, r minus r+1 | target |"
    )?;
    writeln!(s, "| --- | --- | --- | --- | --- | --- | --- | --- |")?;
    let max = Rank::MAX.number();
    for rank in 0..=max {
        let m = get("thinker", rank)?;
        let (k, n, text, interval) = victories(m);
        let mut step = "| - | - | - | -".to_string();
        if rank < RANK_STEPS_TESTED && rank < max {
            let next = get("thinker", rank + 1)?;
            let pairs: Vec<(&RunRecord, &RunRecord)> = m.runs.iter().zip(&next.runs).collect();
            ensure!(
                pairs.iter().all(|(a, b)| a.seed == b.seed),
                "ranks {rank} and {} ran different seeds",
                rank + 1
            );
            let only_r = pairs.iter().filter(|(a, b)| a.victory && !b.victory).count() as u64;
            let only_next = pairs.iter().filter(|(a, b)| !a.victory && b.victory).count() as u64;
            let p_value = sign_test_p(only_r, only_next);
            let diffs: Vec<f64> =
                pairs.iter().map(|(a, b)| a.battles_won as f64 - b.battles_won as f64).collect();
            let mean = mean_interval(&diffs)
                .map_or("-".to_string(), |(m, lo, hi)| format!("{m:+.2} ({lo:+.2} to {hi:+.2})"));
            let shown = if p_value < RANK_STEP_ALPHA { "shown" } else { "**NOT shown**" };
            step = format!("| {only_r} / {only_next} | {p_value:.4} | {shown} | {mean}");
        }
        let target = if rank == 0 {
            format!("{}: {}", describe(&THINKER_TARGET), verdict(THINKER_TARGET.met(k, n)))
        } else if rank == max {
            format!("{}: {}", describe(&THINKER_TOP_RANK_TARGET), verdict(THINKER_TOP_RANK_TARGET.met(k, n)))
        } else {
            "-".to_string()
        };
        writeln!(s, "| {rank} | {text} | {interval} {step} | {target} |")?;
    }
    writeln!(s)?;
    Ok(())
}

/// (d) The enemy's decisions at rank 0 against the thinker, per stage.
fn decisions_table(s: &mut String, thinker: &Measured) -> Result<()> {
    writeln!(
        s,
        "**The enemy's decisions at rank 0 against the thinker**, per stage. Times: wall clock on the machine that ran it; only a quiet machine's times are figures."
    )?;
    writeln!(s)?;
    writeln!(
        s,
        "| stage | enemy decisions | thinking floor (turns) | at least the floor | decision p50 / p95 |"
    )?;
    writeln!(s, "| --- | --- | --- | --- | --- |")?;
    for (stage, st) in &thinker.searches {
        let mut sorted = st.micros.clone();
        sorted.sort_unstable();
        writeln!(
            s,
            "| {stage} | {} | {} | {:.1} % | {:.1} / {:.1} ms |",
            st.decisions,
            st.floor,
            pct(st.at_floor, st.decisions),
            percentile(&sorted, 1, 2),
            percentile(&sorted, 95, 100)
        )?;
    }
    writeln!(s)?;
    Ok(())
}

/// The blocks reported so far.
fn blocks_table(s: &mut String, p: &Provenance) -> Result<()> {
    writeln!(s, "**Blocks reported** (`{BLOCKS_FILE}`; tuning uses seeds below 100,000 only):")?;
    writeln!(s)?;
    if p.blocks.is_empty() {
        writeln!(s, "none yet.")?;
    } else {
        writeln!(s, "| block | seeds | commit | date |")?;
        writeln!(s, "| --- | --- | --- | --- |")?;
        for BlockEntry { block, seeds: (a, b), commit, date } in &p.blocks {
            writeln!(s, "| {block} | {a}-{b} | {commit} | {date} |")?;
        }
    }
    Ok(())
}

/// One block of the registry [`BLOCKS_FILE`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BlockEntry {
    /// `k`: the seeds are [`report_block`]`(k)`.
    pub block: u64,
    /// First and last seed, inclusive.
    pub seeds: (u64, u64),
    /// The short commit reported on, `-dirty` when the tree had uncommitted changes.
    pub commit: String,
    /// The report's date, UTC, `YYYY-MM-DD`.
    pub date: String,
}

/// The registry's blocks.
pub(crate) fn read_blocks(text: &str) -> Result<Vec<BlockEntry>> {
    let v: Value = serde_json::from_str(text).with_context(|| format!("{BLOCKS_FILE}: not JSON"))?;
    let list = v["blocks"].as_array().with_context(|| format!("{BLOCKS_FILE}: no `blocks` list"))?;
    list.iter()
        .map(|b| {
            let seeds = b["seeds"]
                .as_array()
                .filter(|s| s.len() == 2)
                .with_context(|| format!("{BLOCKS_FILE}: {b}: `seeds` is not [first, last]"))?;
            let seed = |i: usize| {
                seeds[i].as_u64().with_context(|| format!("{BLOCKS_FILE}: {b}: a seed is not a number"))
            };
            let text = |k: &str| {
                b[k].as_str().map(str::to_string).with_context(|| format!("{BLOCKS_FILE}: {b}: no `{k}`"))
            };
            let block = u64_at(b, "block").map_err(|e| anyhow::anyhow!("{BLOCKS_FILE}: {e}"))?;
            Ok(BlockEntry {
                block,
                seeds: (seed(0)?, seed(1)?),
                commit: text("commit")?,
                date: text("date")?,
            })
        })
        .collect()
}

/// The registry with one more block.
pub(crate) fn append_block(
    text: &str,
    block: u64,
    seeds: (u64, u64),
    commit: &str,
    date: &str,
) -> Result<String> {
    let mut v: Value = serde_json::from_str(text).with_context(|| format!("{BLOCKS_FILE}: not JSON"))?;
    let list = v["blocks"].as_array_mut().with_context(|| format!("{BLOCKS_FILE}: no `blocks` list"))?;
    list.push(json!({"block": block, "seeds": [seeds.0, seeds.1], "commit": commit, "date": date}));
    Ok(serde_json::to_string_pretty(&v)? + "\n")
}

/// Today's date, UTC, `YYYY-MM-DD` (the roguelite's own calendar, which daily runs use).
fn today() -> String {
    gambit_roguelite::seed::Date::today_utc().to_string()
}

/// The output of a git command in `root`, trimmed.
fn git(root: &Path, args: &[&str]) -> Result<String> {
    let out = Command::new("git").args(args).current_dir(root).output().context("could not run git")?;
    ensure!(out.status.success(), "git {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr));
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The short commit, with `-dirty` when tracked files differ from it (the report's own outputs,
/// `docs/balance.md` and the registry, aside).
fn commit(root: &Path) -> Result<String> {
    let short = git(root, &["rev-parse", "--short", "HEAD"])?;
    let status = git(
        root,
        &[
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ".",
            ":!docs/balance.md",
            &format!(":!{BLOCKS_FILE}"),
        ],
    )?;
    Ok(if status.is_empty() { short } else { format!("{short}-dirty") })
}

/// The cache key: a SHA-256 of the binary and of the data files (sorted by name), hex, 16 digits.
fn cache_key(binary: &Path, data_dir: &Path) -> Result<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir)
        .with_context(|| format!("{}", data_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| e == "json") && p.file_name() != Path::new(BLOCKS_FILE).file_name()
        })
        .collect();
    files.sort();
    let mut hasher = Sha256::new();
    for f in std::iter::once(binary.to_path_buf()).chain(files) {
        let digest = crate::dist::sha256_file(&f).with_context(|| format!("hashing {}", f.display()))?;
        hasher.update(format!("{} {digest}\n", f.file_name().unwrap_or_default().to_string_lossy()));
    }
    Ok(hasher.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect())
}

/// One `simulate` call to make: a configuration's seeds and the file that caches its JSON.
struct Chunk {
    config: Config,
    seeds: (u64, u64),
    path: PathBuf,
}

/// The chunks of `config` over `seeds`, [`CHUNK_SEEDS`] seeds each, cached in `dir`.
fn chunks_of(config: Config, (first, last): (u64, u64), dir: &Path) -> Vec<Chunk> {
    (first..=last)
        .step_by(CHUNK_SEEDS as usize)
        .map(|a| {
            let b = (a + CHUNK_SEEDS - 1).min(last);
            let path = dir.join(format!("{}-rank{}-seeds{a}-{b}.json", config.player, config.rank));
            Chunk { config, seeds: (a, b), path }
        })
        .collect()
}

/// Runs one chunk and caches its JSON (a temporary file renamed into place).
fn run_chunk(binary: &Path, chunk: &Chunk) -> Result<()> {
    let out = Command::new(binary)
        .arg("simulate")
        .arg("--seeds")
        .arg(format!("{}..{}", chunk.seeds.0, chunk.seeds.1))
        .args(["--player", chunk.config.player, "--rank", &chunk.config.rank.to_string(), "--json"])
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("could not start {}", binary.display()))?;
    ensure!(
        out.status.success(),
        "gambit-cli simulate, {} at rank {}, seeds {}..{}: {}\n{}",
        chunk.config.player,
        chunk.config.rank,
        chunk.seeds.0,
        chunk.seeds.1,
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).context("simulate printed no UTF-8")?;
    parse_chunk(&text)?;
    let tmp = chunk.path.with_extension(format!("json.tmp{}", std::process::id()));
    std::fs::write(&tmp, &text).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, &chunk.path).with_context(|| format!("renaming {}", tmp.display()))?;
    Ok(())
}

/// Runs the chunks not cached yet, `jobs` at a time, under one progress bar.
fn run_missing(binary: &Path, chunks: &[Chunk], jobs: usize) -> Result<()> {
    let missing: VecDeque<&Chunk> = chunks.iter().filter(|c| !c.path.is_file()).collect();
    eprintln!(
        "balance: {} chunks of {CHUNK_SEEDS} seeds or fewer, {} cached, {} to run, {jobs} at a time",
        chunks.len(),
        chunks.len() - missing.len(),
        missing.len()
    );
    let bar = ProgressBar::new(missing.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} chunks, {elapsed} (eta {eta}) {msg}")
            .expect("a valid template"),
    );
    let queue = Mutex::new(missing);
    let failed = AtomicBool::new(false);
    let errors = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                while !failed.load(Ordering::Relaxed) {
                    let Some(chunk) = queue.lock().expect("the queue").pop_front() else { break };
                    bar.set_message(format!("{} rank {}", chunk.config.player, chunk.config.rank));
                    match run_chunk(binary, chunk) {
                        Ok(()) => bar.inc(1),
                        Err(e) => {
                            failed.store(true, Ordering::Relaxed);
                            errors.lock().expect("the errors").push(e);
                        }
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    match errors.into_inner().expect("the errors").into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The block to run: `--block`, else block 0 for `--quick` and the first block not listed for a
/// report; an error for a report on a listed block without `--again`.
pub(crate) fn choose_block(blocks: &[BlockEntry], o: &Options) -> Result<u64> {
    let listed = |k: u64| blocks.iter().any(|b| b.block == k);
    let block = match o.block {
        Some(k) => k,
        None if o.quick => 0,
        None => (0..).find(|&k| !listed(k)).context("every block is listed")?,
    };
    if !o.quick && listed(block) && !o.again {
        bail!(
            "block {block} is already reported ({BLOCKS_FILE}); a fresh block, or --again to report it again"
        );
    }
    Ok(block)
}

/// `cargo xtask balance`.
pub(crate) fn balance(cargo: &str, root: &Path, target: &Path, o: &Options) -> Result<()> {
    let registry =
        std::fs::read_to_string(root.join(BLOCKS_FILE)).with_context(|| BLOCKS_FILE.to_string())?;
    let blocks = read_blocks(&registry)?;
    let block = choose_block(&blocks, o)?;
    let (first, last) = report_block(block).context("the block's seeds overflow")?;
    let seeds = if o.quick { (first, first + QUICK_SEEDS - 1) } else { (first, last) };
    // Refuse a bad --out before any simulation.
    let out_path = match (&o.out, o.quick) {
        (Some(p), _) => Some(p.clone()),
        (None, false) => Some(root.join(DOC)),
        (None, true) => None,
    };
    if let Some(p) = &out_path {
        check_out(p)?;
    }
    let commit = commit(root)?;
    crate::run(
        Command::new(cargo)
            .args(["build", "--release", "-p", "gambit-cli"])
            .env("CARGO_TARGET_DIR", target)
            .current_dir(root),
    )?;
    let binary = target.join("release").join(format!("gambit-cli{}", std::env::consts::EXE_SUFFIX));
    let key = cache_key(&binary, &root.join("crates/roguelite/data"))?;
    let dir = target.join("balance").join(&key);
    std::fs::create_dir_all(&dir).with_context(|| format!("{}", dir.display()))?;
    let configs = configurations();
    let chunks: Vec<Chunk> = configs.iter().flat_map(|&c| chunks_of(c, seeds, &dir)).collect();
    run_missing(&binary, &chunks, o.jobs)?;
    let mut measured = BTreeMap::new();
    for &config in &configs {
        let parts = chunks
            .iter()
            .filter(|c| c.config == config)
            .map(|c| {
                let text =
                    std::fs::read_to_string(&c.path).with_context(|| format!("{}", c.path.display()))?;
                parse_chunk(&text).with_context(|| format!("{}", c.path.display()))
            })
            .collect::<Result<Vec<_>>>()?;
        measured.insert(config, merge(parts, seeds)?);
    }
    let date = today();
    let registry =
        if o.quick { registry } else { append_block(&registry, block, (first, last), &commit, &date)? };
    let mut command = "cargo xtask balance".to_string();
    if o.quick {
        command.push_str(" --quick");
    }
    write!(command, " --block {block}")?;
    if o.again {
        command.push_str(" --again");
    }
    let provenance = Provenance {
        command,
        commit,
        block,
        seeds,
        quick: o.quick,
        jobs: o.jobs,
        rayon_threads: std::env::var("RAYON_NUM_THREADS").ok(),
        blocks: read_blocks(&registry)?,
    };
    let body = render(&provenance, &measured)?;
    match out_path {
        None => print!("{BEGIN}\n{body}{END}\n"),
        Some(p) => {
            write_out(&p, &body)?;
            println!("balance: wrote {}", p.display());
        }
    }
    if !o.quick {
        std::fs::write(root.join(BLOCKS_FILE), registry).with_context(|| BLOCKS_FILE.to_string())?;
        println!("balance: block {block} recorded in {BLOCKS_FILE}");
    }
    Ok(())
}

/// Whether the report can go to `path`: a missing or empty file, or one with the markers.
fn check_out(path: &Path) -> Result<()> {
    match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("{}", path.display())),
        Ok(text) if text.trim().is_empty() => Ok(()),
        Ok(text) => replace_between_markers(&text, "").map(drop).with_context(|| {
            format!(
                "{}: the report goes into a new or empty file, or between the markers of one",
                path.display()
            )
        }),
    }
}

/// Writes the report to `path`: between its markers, or as a new document with them.
fn write_out(path: &Path, body: &str) -> Result<()> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) if !text.trim().is_empty() => replace_between_markers(&text, body)?,
        _ => format!("{BEGIN}\n{body}{END}\n"),
    };
    let tmp = path.with_extension("balance-tmp");
    std::fs::write(&tmp, text).with_context(|| format!("{}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("{}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run: seed, victory, battles won, `(battles, won)` per route row.
    type Run = (u64, bool, u64, [(u64, u64); 6]);

    /// A `simulate --json` document with the runs `(seed, victory, battles won, [(battles, won) per
    /// route row])` and one stage-3 search per run.
    fn chunk_json(runs: &[Run]) -> String {
        let runs: Vec<Value> = runs
            .iter()
            .map(|(seed, victory, won, rows)| {
                let rows: Vec<Value> = ROUTE_TARGETS
                    .iter()
                    .zip(rows)
                    .map(|(t, (b, w))| json!({"nodes": t.label, "battles": b, "won": w}))
                    .collect();
                json!({"seed": seed, "victory": victory, "battles": won + 1, "battles_won": won, "route": rows,
                       "enemy_searches": [{"stage": 3, "decisions": 2, "floor": 4, "at_floor": 1, "micros": [seed % 7 * 1000, 500]}]})
            })
            .collect();
        json!({"tuning": "the shipped tuning, the presets' enemy", "victories": 0, "runs_by_seed": runs})
            .to_string()
    }

    const ROWS: [(u64, u64); 6] = [(2, 2), (1, 1), (1, 0), (0, 0), (0, 0), (0, 0)];

    #[test]
    fn parses_options() {
        let o = Options::parse(&["--quick", "--block", "3", "--jobs", "2", "--out", "x.md"]).unwrap();
        assert_eq!(
            o,
            Options { quick: true, block: Some(3), jobs: 2, out: Some("x.md".into()), again: false }
        );
        assert_eq!(Options::parse(&[]).unwrap().jobs, 1);
        assert!(Options::parse(&["--again"]).unwrap().again);
        for bad in [
            &["--jobs", "0"][..],
            &["--block"],
            &["--block", "x"],
            &["--out", "--quick"],
            &["--fast"],
            &["--block", "18446744073709551615"],
        ] {
            assert!(Options::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_configurations_are_section_3s() {
        let all = configurations();
        assert_eq!(all.len(), 12);
        assert_eq!(
            &all[..3],
            &[
                Config { player: "careless", rank: 0 },
                Config { player: "auto", rank: 0 },
                Config { player: "thinker", rank: 0 }
            ]
        );
        assert!(all[3..].iter().zip(1..).all(|(c, r)| c.player == "thinker" && c.rank == r));
    }

    #[test]
    fn chunks_merge_into_one_run_per_seed() {
        let a = parse_chunk(&chunk_json(&[(10, true, 5, ROWS), (11, false, 2, ROWS)])).unwrap();
        let b = parse_chunk(&chunk_json(&[(12, true, 6, ROWS)])).unwrap();
        assert_eq!(a.searches[&3].decisions, 4);
        // Out of order is fine; the merge sorts by seed and sums the searches.
        let m = merge(vec![b.clone(), a.clone()], (10, 12)).unwrap();
        assert_eq!(m.runs.iter().map(|r| r.seed).collect::<Vec<_>>(), [10, 11, 12]);
        assert_eq!(
            (m.searches[&3].decisions, m.searches[&3].at_floor, m.searches[&3].micros.len()),
            (6, 3, 6)
        );
        assert_eq!(row_totals(&m, 0), (6, 6));
        assert_eq!(row_totals(&m, 2), (3, 0));
        // A missing or a repeated seed is an error, and so is another tuning.
        assert!(merge(vec![a.clone()], (10, 12)).is_err());
        assert!(merge(vec![a.clone(), a.clone(), b.clone()], (10, 12)).is_err());
        let mut other = b.clone();
        other.tuning = "tuned.json".into();
        assert!(merge(vec![a, other], (10, 12)).is_err());
        // Not simulate's JSON, or an older one without the runs.
        assert!(parse_chunk("runs 3").is_err());
        assert!(parse_chunk(r#"{"tuning": "t", "victories": 1}"#).is_err());
    }

    #[test]
    fn a_block_runs_in_chunks_named_by_configuration_and_seeds() {
        let dir = Path::new("cache");
        let thinker = Config { player: "thinker", rank: 3 };
        let chunks = chunks_of(thinker, report_block(0).unwrap(), dir);
        assert_eq!(chunks.len(), 20);
        assert_eq!((chunks[0].seeds, chunks[19].seeds), ((100_000, 100_024), (100_475, 100_499)));
        assert!(chunks.windows(2).all(|w| w[1].seeds.0 == w[0].seeds.1 + 1));
        assert_eq!(chunks[1].path, dir.join("thinker-rank3-seeds100025-100049.json"));
        let quick = chunks_of(thinker, (100_000, 100_000 + QUICK_SEEDS - 1), dir);
        assert_eq!(quick.len(), 1);
        assert_eq!(quick[0].seeds, (100_000, 100_003));
    }

    #[test]
    fn the_cache_key_follows_the_binary_and_the_data_but_not_the_registry() {
        let dir = tempfile::tempdir().unwrap();
        let (binary, data) = (dir.path().join("gambit-cli"), dir.path().join("data"));
        std::fs::create_dir(&data).unwrap();
        std::fs::write(&binary, "binary 1").unwrap();
        std::fs::write(data.join("tuning.json"), "{}").unwrap();
        let blocks = data.join(Path::new(BLOCKS_FILE).file_name().unwrap());
        std::fs::write(&blocks, "{\"blocks\": []}").unwrap();
        let key = cache_key(&binary, &data).unwrap();
        assert_eq!(key.len(), 16);
        std::fs::write(&blocks, "{\"blocks\": [{}]}").unwrap();
        assert_eq!(cache_key(&binary, &data).unwrap(), key, "the registry is not an input");
        std::fs::write(data.join("tuning.json"), "{\"gold\": 1}").unwrap();
        let tuned = cache_key(&binary, &data).unwrap();
        assert_ne!(tuned, key);
        std::fs::write(&binary, "binary 2").unwrap();
        assert_ne!(cache_key(&binary, &data).unwrap(), tuned);
        assert!(cache_key(&dir.path().join("missing"), &data).is_err());
    }

    /// Writes an executable script through `sh`, so that no file descriptor of this process ever
    /// writes it (a thread of the tests forking meanwhile would keep it busy: ETXTBSY).
    #[cfg(unix)]
    fn write_script(path: &Path, text: &str) {
        use std::io::Write as _;
        let mut child = Command::new("sh")
            .args(["-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh"])
            .arg(path)
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
        assert!(child.wait().unwrap().success());
    }

    /// Resuming: a cached chunk is not run again; a new one is run and cached; a failing run is an
    /// error that names the configuration and leaves no chunk behind.
    #[cfg(unix)]
    #[test]
    fn only_the_missing_chunks_run() {
        let dir = tempfile::tempdir().unwrap();
        let (log, json) = (dir.path().join("calls.log"), dir.path().join("chunk.json"));
        std::fs::write(&json, chunk_json(&[(7, true, 3, ROWS)])).unwrap();
        let fake = dir.path().join("fake-cli");
        let script = format!("#!/bin/sh\necho \"$@\" >> {}\ncat {}\n", log.display(), json.display());
        write_script(&fake, &script);
        let config = Config { player: "auto", rank: 0 };
        let chunks = chunks_of(config, (1, 50), dir.path());
        std::fs::write(&chunks[0].path, "cached").unwrap();
        run_missing(&fake, &chunks, 2).unwrap();
        let calls = std::fs::read_to_string(&log).unwrap();
        assert_eq!(calls, "simulate --seeds 26..50 --player auto --rank 0 --json\n");
        assert_eq!(std::fs::read_to_string(&chunks[0].path).unwrap(), "cached");
        assert_eq!(
            std::fs::read_to_string(&chunks[1].path).unwrap(),
            std::fs::read_to_string(&json).unwrap()
        );
        write_script(&fake, "#!/bin/sh\necho 'no such rank' >&2\nexit 2\n");
        std::fs::remove_file(&chunks[1].path).unwrap();
        let err = run_missing(&fake, &chunks, 1).unwrap_err().to_string();
        assert!(err.contains("auto at rank 0, seeds 26..50") && err.contains("no such rank"), "{err}");
        assert!(!chunks[1].path.exists());
    }

    #[test]
    fn the_sign_test_is_exact() {
        // All of 5 discordant pairs one way: 1/32.
        assert!((sign_test_p(5, 0) - 1.0 / 32.0).abs() < 1e-12);
        // 8 of 10: P(X >= 8) = (45 + 10 + 1) / 1024.
        assert!((sign_test_p(8, 2) - 56.0 / 1024.0).abs() < 1e-12);
        assert_eq!(sign_test_p(0, 0), 1.0);
        assert!((sign_test_p(0, 7) - 1.0).abs() < 1e-12);
        // Large samples stay finite: 300 of 500 is far in the tail.
        let p = sign_test_p(300, 200);
        assert!(p > 0.0 && p < 1e-5, "{p}");
    }

    #[test]
    fn a_mean_has_a_normal_interval() {
        let (m, lo, hi) = mean_interval(&[1.0, 2.0, 3.0, 4.0]).unwrap();
        // sd = 1.291, standard error 0.6455, half-width 1.2652.
        assert!((m - 2.5).abs() < 1e-12 && (hi - m - 1.2652).abs() < 1e-3 && (m - lo - 1.2652).abs() < 1e-3);
        assert!(mean_interval(&[1.0]).is_none());
    }

    #[test]
    fn the_markers_bound_what_is_replaced() {
        let doc = format!("# Balance\n\nText.\n\n{BEGIN}\nold table\n{END}\n\nAfter.\n");
        let new = replace_between_markers(&doc, "new table\n").unwrap();
        assert_eq!(new, format!("# Balance\n\nText.\n\n{BEGIN}\nnew table\n{END}\n\nAfter.\n"));
        assert_eq!(replace_between_markers(&new, "new table").unwrap(), new, "idempotent");
        assert!(replace_between_markers("# No markers\n", "x").is_err());
        assert!(replace_between_markers(&format!("{END}\n{BEGIN}\n"), "x").is_err());
        assert!(replace_between_markers(&format!("{BEGIN}\n{BEGIN}\n{END}\n"), "x").is_err());
        // The output file: new or empty files get the markers; a file without them is refused.
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh.md");
        assert!(check_out(&fresh).is_ok());
        write_out(&fresh, "body\n").unwrap();
        assert_eq!(std::fs::read_to_string(&fresh).unwrap(), format!("{BEGIN}\nbody\n{END}\n"));
        write_out(&fresh, "second\n").unwrap();
        assert_eq!(std::fs::read_to_string(&fresh).unwrap(), format!("{BEGIN}\nsecond\n{END}\n"));
        let prose = dir.path().join("prose.md");
        std::fs::write(&prose, "# Notes\n").unwrap();
        assert!(check_out(&prose).is_err());
    }

    #[test]
    fn the_registry_lists_blocks() {
        let empty = "{\n  \"blocks\": []\n}\n";
        assert!(read_blocks(empty).unwrap().is_empty());
        let one = append_block(empty, 0, (100_000, 100_499), "abc1234", "2026-12-04").unwrap();
        let entry = BlockEntry {
            block: 0,
            seeds: (100_000, 100_499),
            commit: "abc1234".into(),
            date: "2026-12-04".into(),
        };
        assert_eq!(read_blocks(&one).unwrap(), vec![entry]);
        assert!(read_blocks("[]").is_err());
        assert!(read_blocks(r#"{"blocks": [{"block": 1}]}"#).is_err());
        // The shipped registry reads.
        let shipped = std::fs::read_to_string(crate::workspace_root().join(BLOCKS_FILE)).unwrap();
        read_blocks(&shipped).unwrap();
    }

    #[test]
    fn a_reported_block_is_refused_unless_again() {
        let entry = |block| BlockEntry {
            block,
            seeds: report_block(block).unwrap(),
            commit: "c".into(),
            date: "d".into(),
        };
        let blocks = [entry(0), entry(1)];
        let o = |words: &[&str]| Options::parse(words).unwrap();
        assert_eq!(choose_block(&blocks, &o(&[])).unwrap(), 2, "the first block not reported");
        assert_eq!(choose_block(&[], &o(&[])).unwrap(), 0);
        let err = choose_block(&blocks, &o(&["--block", "1"])).unwrap_err().to_string();
        assert!(err.contains("block 1 is already reported"), "{err}");
        assert_eq!(choose_block(&blocks, &o(&["--block", "1", "--again"])).unwrap(), 1);
        assert_eq!(choose_block(&blocks, &o(&["--block", "5"])).unwrap(), 5);
        // The smoke size records nothing, so any block will do; block 0 by default.
        assert_eq!(choose_block(&blocks, &o(&["--quick"])).unwrap(), 0);
        assert_eq!(choose_block(&blocks, &o(&["--quick", "--block", "1"])).unwrap(), 1);
    }

    #[test]
    fn today_is_a_civil_date() {
        let t = today();
        assert_eq!(t.len(), 10, "{t}");
        assert!(t.starts_with("20") && t.as_bytes()[4] == b'-' && t.as_bytes()[7] == b'-', "{t}");
    }

    #[test]
    fn the_report_checks_the_targets() {
        // Four seeds; careless wins none, auto one, the thinker three at ranks 0-1, fewer above.
        let with = |wins: &[bool], won: u64, rows: [(u64, u64); 6]| {
            let runs: Vec<Run> = wins
                .iter()
                .enumerate()
                .map(|(i, &v)| (100 + i as u64, v, won + u64::from(v), rows))
                .collect();
            parse_chunk(&chunk_json(&runs)).unwrap()
        };
        let mut measured = BTreeMap::new();
        let none = [(2, 0), (1, 0), (0, 0), (0, 0), (0, 0), (0, 0)];
        measured.insert(Config { player: "careless", rank: 0 }, with(&[false; 4], 0, none));
        measured.insert(Config { player: "auto", rank: 0 }, with(&[true, false, false, false], 1, ROWS));
        for rank in 0..=9 {
            let wins = [rank < 2, rank < 4, rank < 6, false];
            measured.insert(Config { player: "thinker", rank }, with(&wins, 3, ROWS));
        }
        let p = Provenance {
            command: "cargo xtask balance --quick --block 0".into(),
            commit: "abc1234".into(),
            block: 0,
            seeds: (100, 103),
            quick: true,
            jobs: 1,
            rayon_threads: Some("1".into()),
            blocks: vec![],
        };
        let dirty = Provenance { commit: "abc1234-dirty".into(), ..p.clone() };
        assert!(
            render(&dirty, &measured)
                .unwrap()
                .contains(" at abc1234, dirty (uncommitted changes beside it) ")
        );
        let text = render(&p, &measured).unwrap();
        assert!(
            text.starts_with("A smoke run (`cargo xtask balance --quick --block 0`), not a report"),
            "{text}"
        );
        assert!(text.contains("| careless | 0 / 4 (0.0 %) | 0.0-49.0 % | point at most 5 %, interval at most 8 % | **NOT met** |"), "{text}");
        assert!(text.contains("| thinker | 3 / 4 (75.0 %) | 30.1-95.4 % | point at least 60 %, interval at least 55 % | **NOT met** |"), "{text}");
        // Act 1 battles: careless 0 of 8, thinker 8 of 8: +100 points; act 1 boss: careless none.
        assert!(
            text.contains(
                "| act 1 battles | 0.0 % of 8 | 100.0 % of 8 | 100.0 % of 8 | +100.0 points | met |"
            ),
            "{text}"
        );
        assert!(
            text.contains("| act 1 boss | no battle | 0.0 % of 4 | 0.0 % of 4 | - | not measured"),
            "{text}"
        );
        // Rank 1 -> 2: seed 100 won at rank 1 only: p = 1/2; battles won differ by 1 on one seed of 4.
        assert!(text.contains("| 1 | 3 / 4 (75.0 %) | 30.1-95.4 % | 1 / 0 | 0.5000 | **NOT shown** | +0.25 (-0.24 to +0.74) | - |"), "{text}");
        assert!(text.contains("| 0 | 3 / 4 (75.0 %) | 30.1-95.4 % | 0 / 0 | 1.0000 | **NOT shown** | +0.00 (+0.00 to +0.00) |"), "{text}");
        assert!(text.contains("| 5 | 1 / 4 (25.0 %) | 4.6-69.9 % | - | - | - | - | - |"), "{text}");
        assert!(text.contains("| 9 | 0 / 4 (0.0 %) | 0.0-49.0 % | - | - | - | - | point at most 40 %, interval at most 40 %: **NOT met** |"), "{text}");
        assert!(text.contains("| 3 | 8 | 4 | 50.0 % |"), "{text}");
        assert!(text.contains("none yet."), "{text}");
    }
}
