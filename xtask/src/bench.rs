//! `cargo xtask bench --table`: the like-for-like table of docs/performance.md (issue 43).
//!
//! Runs `cargo bench -p gambit-benches --bench like_for_like` three times, reads criterion's median
//! time of every benchmark after each run, and writes between the markers of docs/performance.md:
//! per group, Gambit's time and each peer's time with the speed ratio (peer time / Gambit time) of
//! each run and their median; the geometric means the targets name; the commit, the machine and
//! the load average before each run.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::fmt_ns;

/// The start and end markers of the generated table in docs/performance.md.
pub const START: &str = "<!-- bench-table:start -->";
/// See [`START`].
pub const END: &str = "<!-- bench-table:end -->";

/// How many times the benchmark runs; the table gives the median of the runs.
const RUNS: usize = 3;

/// The peers, in the order of the table, with criterion's function names.
const PEERS: [&str; 2] = ["chess", "cozy-chess"];

/// Issue 43's targets: the geometric mean of the plain perft and legal list groups, the lowest of
/// them, and make+unmake.
const TARGET_MEAN: f64 = 0.8;
const TARGET_EACH: f64 = 0.75;
const TARGET_MAKE: f64 = 0.8;

/// One run's median times in nanoseconds, per group (criterion's directory name) and function.
type RunTimes = BTreeMap<String, BTreeMap<String, f64>>;

/// Runs the benchmark [`RUNS`] times and writes the table into `docs/performance.md`.
pub fn table(cargo: &str, root: &Path, target: &Path) -> Result<()> {
    let mut runs = Vec::new();
    let mut loads = Vec::new();
    for run in 1..=RUNS {
        let load = load_average();
        eprintln!("bench --table: run {run} of {RUNS} (load average {load})");
        loads.push(load);
        let status = Command::new(cargo)
            .args(["bench", "-p", "gambit-benches", "--bench", "like_for_like"])
            .current_dir(root)
            .status()
            .context("running cargo bench")?;
        if !status.success() {
            bail!("cargo bench failed ({status})");
        }
        runs.push(read_times(&target.join("criterion"))?);
    }
    let header = header(root, &loads);
    let table = render(&runs, &header)?;
    let path = root.join("docs/performance.md");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let new = replace_between(&text, &table)?;
    std::fs::write(&path, new).with_context(|| format!("writing {}", path.display()))?;
    println!("{table}");
    println!("written into {}", path.display());
    Ok(())
}

/// The 1-minute load average, as /proc/loadavg gives it ("?" elsewhere).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

/// The lines above the table: commit, machine, loads.
fn header(root: &Path, loads: &[String]) -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    };
    let commit = git(&["rev-parse", "--short=7", "HEAD"]);
    let dirty = !git(&["status", "--porcelain", "--untracked-files=no"]).is_empty();
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "Commit {commit}{}; {cpu}, {cores} cores; load average before each run: {}; rustc profile `bench` \
         (thin LTO, one codegen unit); {RUNS} runs of `cargo bench -p gambit-benches --bench like_for_like`, \
         criterion's median time per run.",
        if dirty { " with uncommitted changes" } else { "" },
        loads.join(", ")
    )
}

/// Reads criterion's median estimate of every benchmark of the like-for-like groups in `dir`.
fn read_times(dir: &Path) -> Result<RunTimes> {
    let mut out = RunTimes::new();
    let entries = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    for entry in entries.flatten() {
        let group = entry.file_name().to_string_lossy().to_string();
        if display_group(&group) == group {
            continue;
        }
        for function in ["gambit", "gambit-sibling"].into_iter().chain(PEERS) {
            let path = entry.path().join(function).join("new/estimates.json");
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let value: serde_json::Value =
                serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
            if let Some(ns) = value["median"]["point_estimate"].as_f64() {
                out.entry(group.clone()).or_default().insert(function.to_string(), ns);
            }
        }
    }
    if out.is_empty() {
        bail!("no like-for-like results in {}", dir.display());
    }
    Ok(out)
}

/// Criterion's directory name of a group (`plain_perft_startpos`) as the group was named
/// (`plain_perft/startpos`).
fn display_group(dir: &str) -> String {
    for prefix in ["plain_perft", "legal_list", "make_unmake"] {
        if let Some(rest) = dir.strip_prefix(prefix).and_then(|r| r.strip_prefix('_')) {
            return format!("{prefix}/{rest}");
        }
    }
    dir.to_string()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 { xs[n / 2] } else { (xs[n / 2 - 1] + xs[n / 2]) / 2.0 }
}

fn geomean(xs: &[f64]) -> f64 {
    (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp()
}

/// The Markdown table of `runs` (each run's times), under `header`, with the verdicts on the targets.
fn render(runs: &[RunTimes], header: &str) -> Result<String> {
    let groups: Vec<&String> = runs[0].keys().collect();
    let mut out = format!("{header}\n\n");
    out.push_str(
        "| group | gambit | chess | chess / gambit (each run) | median | cozy-chess | cozy / gambit (each run) | median |\n\
         | --- | ---: | ---: | --- | ---: | ---: | --- | ---: |\n",
    );
    // Per peer: the median ratio of each group.
    let mut medians: BTreeMap<(&str, String), f64> = BTreeMap::new();
    for group in &groups {
        let times = |f: &str| -> Result<Vec<f64>> {
            runs.iter()
                .map(|r| {
                    r.get(*group)
                        .and_then(|g| g.get(f))
                        .copied()
                        .with_context(|| format!("{group}/{f} missing"))
                })
                .collect()
        };
        let ours = times("gambit")?;
        let mut row = format!("| {} | {}", display_group(group), fmt_ns(median(ours.clone())));
        for peer in PEERS {
            let theirs = times(peer)?;
            let ratios: Vec<f64> = theirs.iter().zip(&ours).map(|(t, o)| t / o).collect();
            let m = median(ratios.clone());
            medians.insert((peer, (*group).clone()), m);
            let each: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
            row.push_str(&format!(" | {} | {} | **{m:.2}x**", fmt_ns(median(theirs)), each.join(", ")));
        }
        row.push_str(" |\n");
        out.push_str(&row);
    }
    // Gambit's sibling-sharing perft: rows of their own, outside the targets.
    for group in &groups {
        if runs.iter().all(|r| r.get(*group).is_some_and(|g| g.contains_key("gambit-sibling"))) {
            let ours: Vec<f64> = runs.iter().map(|r| r[*group]["gambit-sibling"]).collect();
            let mut row = format!(
                "| {} (gambit's sibling-sharing perft) | {}",
                display_group(group),
                fmt_ns(median(ours.clone()))
            );
            for peer in PEERS {
                let theirs: Vec<f64> = runs.iter().filter_map(|r| r[*group].get(peer).copied()).collect();
                let ratios: Vec<f64> = theirs.iter().zip(&ours).map(|(t, o)| t / o).collect();
                let each: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
                row.push_str(&format!(
                    " | {} | {} | {:.2}x",
                    fmt_ns(median(theirs)),
                    each.join(", "),
                    median(ratios)
                ));
            }
            row.push_str(" |\n");
            out.push_str(&row);
        }
    }
    out.push('\n');
    for peer in PEERS {
        let of = |prefix: &str| -> Vec<f64> {
            medians
                .iter()
                .filter(|((p, g), _)| *p == peer && g.starts_with(prefix))
                .map(|(_, r)| *r)
                .collect()
        };
        let (perft, lists, make) = (of("plain_perft_"), of("legal_list_"), of("make_unmake_"));
        let both: Vec<f64> = perft.iter().chain(&lists).copied().collect();
        if both.is_empty() || make.is_empty() {
            bail!("a like-for-like group is missing");
        }
        let mean = geomean(&both);
        let lowest = both.iter().copied().fold(f64::MAX, f64::min);
        let make_low = make.iter().copied().fold(f64::MAX, f64::min);
        let verdict = |ok: bool| if ok { "met" } else { "**not met**" };
        out.push_str(&format!(
            "- Against {peer}: plain perft and legal lists, geometric mean **{mean:.2}x** (target {TARGET_MEAN}x: {}), \
             lowest group {lowest:.2}x (target {TARGET_EACH}x each: {}); plain perft alone {:.2}x, legal lists alone \
             {:.2}x; make+unmake lowest group {make_low:.2}x (target {TARGET_MAKE}x: {}).\n",
            verdict(mean >= TARGET_MEAN),
            verdict(lowest >= TARGET_EACH),
            geomean(&perft),
            geomean(&lists),
            verdict(make_low >= TARGET_MAKE),
        ));
    }
    Ok(out)
}

/// `text` with the part between [`START`] and [`END`] replaced by `table`.
fn replace_between(text: &str, table: &str) -> Result<String> {
    let (Some(a), Some(b)) = (text.find(START), text.find(END)) else {
        bail!("docs/performance.md lacks the markers {START} and {END}");
    };
    if b < a {
        bail!("docs/performance.md's markers are out of order");
    }
    Ok(format!("{}{START}\n{table}{END}{}", &text[..a], &text[b + END.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(ours: f64, chess: f64, cozy: f64) -> RunTimes {
        let mut r = RunTimes::new();
        for g in ["plain_perft_startpos", "legal_list_games", "make_unmake_games"] {
            let m = r.entry(g.to_string()).or_default();
            m.insert("gambit".into(), ours);
            m.insert("chess".into(), chess);
            m.insert("cozy-chess".into(), cozy);
        }
        r
    }

    #[test]
    fn the_table_gives_median_ratios_and_verdicts() {
        let runs = [run(100.0, 90.0, 70.0), run(100.0, 50.0, 80.0), run(100.0, 85.0, 75.0)];
        let t = render(&runs, "header").unwrap();
        assert!(t.contains("| plain_perft/startpos |"), "{t}");
        assert!(t.contains("0.90, 0.50, 0.85 | **0.85x**"), "{t}");
        assert!(
            t.contains(
                "Against chess: plain perft and legal lists, geometric mean **0.85x** (target 0.8x: met)"
            ),
            "{t}"
        );
        assert!(!t.contains("sibling"), "{t}");
        let mut with_sibling = runs.clone();
        for r in &mut with_sibling {
            r.get_mut("plain_perft_startpos").unwrap().insert("gambit-sibling".into(), 50.0);
        }
        let t2 = render(&with_sibling, "header").unwrap();
        assert!(t2.contains("| plain_perft/startpos (gambit's sibling-sharing perft) | 50 ns |"), "{t2}");
        assert!(t2.contains("geometric mean **0.85x**"), "the sibling rows stay outside the targets: {t2}");
        assert!(t.contains("Against cozy-chess: plain perft and legal lists, geometric mean **0.75x** (target 0.8x: **not met**)"), "{t}");
    }

    #[test]
    fn the_table_goes_between_the_markers() {
        let text = format!("a\n{START}\nold\n{END}\nb\n");
        assert_eq!(replace_between(&text, "new\n").unwrap(), format!("a\n{START}\nnew\n{END}\nb\n"));
        assert!(replace_between("no markers", "x").is_err());
    }

    #[test]
    fn a_missing_peer_is_an_error() {
        let mut r = run(1.0, 1.0, 1.0);
        r.get_mut("legal_list_games").unwrap().remove("chess");
        assert!(render(&[r], "h").is_err());
    }
}
