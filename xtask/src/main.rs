//! Project automation, run as `cargo xtask <command>` (the alias lives in `.cargo/config.toml`).
//!
//! * `ci`: exactly what CI runs (`.ci/run`).
//! * `perft`: the standard and wiki perft suites at full depth and the Chess960 suite at depth 5, in
//!   release mode.
//! * `bench`: the criterion benchmarks, then a ratio table from their results; `bench --table`: the
//!   like-for-like table of `docs/performance.md` (module `bench`).
//! * `dist`: the release package (see [`dist`]).
//! * `screenshots`: the game's screenshot mode under `xvfb-run`, PNGs into `target/screenshots/`.
//! * `uci-check`: `gambit-uci` driven by python-chess when it is installed (module `uci_check`).
//! * `balance`: the balance report of `docs/balance.md` (module `balance`).
//!
//! Its tests include the module `tidy` (compiled for tests only): rules about the workspace as a whole,
//! run by `cargo test`.

mod balance;
mod bench;
mod dist;
mod uci_check;
// The Markdown command reader; its `run_lines` serves the tests of the crates that build the binaries.
#[cfg(test)]
#[allow(dead_code)]
mod doc_commands;
// The module graph that tidy's floor and circle rules read.
#[cfg(test)]
mod imports;
#[cfg(test)]
mod tidy;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let task = parse_task(&args)?;
    let root = workspace_root();
    match task {
        Task::Ci => run(Command::new("bash").arg(root.join(".ci/run")).current_dir(&root)),
        Task::Perft => run(Command::new(cargo())
            .args(["test", "--release", "-p", "gambit-rules", "--test", "perft_suites", "--test", "chess960"])
            .args(["--", "--ignored", "--nocapture", "full_suites", "fischer_suite_deep"])
            .current_dir(&root)),
        Task::Bench { save: true } => bench::table(&cargo(), &root, &target_dir(&root)),
        Task::Bench { save: false } => {
            run(Command::new(cargo()).args(["bench", "-p", "gambit-benches"]).current_dir(&root))?;
            let dir = target_dir(&root).join("criterion");
            println!("{}", ratio_table(&dir)?);
            Ok(())
        }
        Task::Dist { game } => dist::dist(&cargo(), &root, &target_dir(&root), game),
        Task::Screenshots { profile } => screenshots(&root, &profile),
        Task::UciCheck => uci_check::uci_check(&cargo(), &root, &target_dir(&root)),
        Task::Balance(options) => balance::balance(&cargo(), &root, &target_dir(&root), &options),
        Task::Help => {
            println!("{HELP}");
            Ok(())
        }
    }
}

const HELP: &str = "usage: cargo xtask <command>

commands:
  ci              run what CI runs (.ci/run: fmt, clippy, docs, tests)
  perft           the full perft suites in release mode (Chess960: depth 5,
                  GAMBIT_PERFT_960_DEPTH=6 for depth 6)
  bench [--table] run the criterion benchmarks and print the ratio table
                  (--table: run the like-for-like benchmark three times and write
                  its table, medians and targets into docs/performance.md)
  dist [--no-game] build the release package: binaries in the `dist` profile, assets, README,
                  licences and INSTALL.txt in target/dist/gambit-<version>-<target>/, its .tar.gz
                  and SHA256SUMS beside it, then verify the checksums and run each binary's
                  --version from the unpacked tarball
                  (--no-game: skip the Bevy game, a long build; for quick checks)
  screenshots [--profile NAME]
                  build the game (release profile, or NAME: `dist` reuses a `dist` build) and
                  run its screenshot mode under xvfb-run (Debian: xvfb and
                  mesa-vulkan-drivers), one PNG per screen into target/screenshots/
  uci-check       build gambit-uci (release) and drive it with python-chess when installed:
                  play with root_moves, analyse with multipv=3, a pondering game on 2+0.1
                  (tools/uci_check.py; skipped with a note without python-chess)
  balance [--quick] [--block K] [--jobs N] [--out FILE] [--again]
                  build gambit-cli (release), run `simulate --json` for the twelve
                  configurations of issue 40 on report block K (seeds 100000+10000*K,
                  500 of them; default: the first block not in
                  crates/roguelite/data/balance-blocks.json), in cached chunks under
                  $CARGO_TARGET_DIR/balance/ (resumable), and write the tables into
                  docs/balance.md between its markers, recording the block
                  (--quick: 4 seeds, to standard output or FILE, nothing recorded;
                  --jobs: simulate processes at once, default 1, each with
                  RAYON_NUM_THREADS threads; --again: report a recorded block again)";

/// A parsed command line.
#[derive(Debug, PartialEq, Eq)]
enum Task {
    Ci,
    Perft,
    Bench { save: bool },
    Dist { game: bool },
    Screenshots { profile: String },
    UciCheck,
    Balance(balance::Options),
    Help,
}

fn parse_task(args: &[String]) -> Result<Task> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    Ok(match words.as_slice() {
        ["ci"] => Task::Ci,
        ["perft"] => Task::Perft,
        ["bench"] => Task::Bench { save: false },
        ["bench", "--table"] => Task::Bench { save: true },
        ["dist"] => Task::Dist { game: true },
        ["dist", "--no-game"] => Task::Dist { game: false },
        ["screenshots"] => Task::Screenshots { profile: "release".to_string() },
        ["screenshots", "--profile", name] if !name.starts_with('-') => {
            Task::Screenshots { profile: (*name).to_string() }
        }
        ["uci-check"] => Task::UciCheck,
        ["balance", rest @ ..] => Task::Balance(balance::Options::parse(rest)?),
        [] | ["help"] | ["--help"] | ["-h"] => Task::Help,
        other => bail!("unknown command {:?}\n\n{HELP}", other.join(" ")),
    })
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}

/// `CARGO_TARGET_DIR` (made absolute against the current directory, as cargo reads it) or
/// `<root>/target`. Builds started by xtask get it explicitly, since they run in `root`.
fn target_dir(root: &Path) -> PathBuf {
    let dir = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    std::path::absolute(&dir).unwrap_or(dir)
}

fn run(cmd: &mut Command) -> Result<()> {
    let status = cmd.status().with_context(|| format!("could not start {cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed with {status}");
    }
    Ok(())
}

/// The screen geometry the screenshots are taken at.
const XVFB_SERVER_ARGS: &str = "-screen 0 1280x800x24";

/// `cargo xtask screenshots`: builds the game (in `profile`), runs `gambit --screenshot DIR` under
/// `xvfb-run` and lists the PNGs.
fn screenshots(root: &Path, profile: &str) -> Result<()> {
    let xvfb = find_xvfb_run(std::env::var_os("PATH").as_deref())?;
    let target = target_dir(root);
    let out = target.join("screenshots");
    run(Command::new(cargo())
        .args(["build", "--profile", profile, "-p", "gambit", "--bin", "gambit"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(root))?;
    std::fs::create_dir_all(&out)?;
    for old in pngs(&out)? {
        std::fs::remove_file(old)?;
    }
    // Cargo's `dev` profile writes to `debug/`; every other profile to a directory of its name.
    let profile_dir = if profile == "dev" { "debug" } else { profile };
    let game = target.join(profile_dir).join(format!("gambit{}", std::env::consts::EXE_SUFFIX));
    run(Command::new(xvfb)
        .args(["-a", "-s", XVFB_SERVER_ARGS])
        .arg(&game)
        .arg("--screenshot")
        .arg(&out)
        .current_dir(root))?;
    let shots = pngs(&out)?;
    if shots.is_empty() {
        bail!("the game wrote no PNG into {}", out.display());
    }
    for shot in &shots {
        println!("{}", shot.display());
    }
    Ok(())
}

/// `xvfb-run` on `path` (a `PATH`-style list), or an error saying what to install.
fn find_xvfb_run(path: Option<&OsStr>) -> Result<PathBuf> {
    path.into_iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join("xvfb-run"))
        .find(|p| p.is_file())
        .context(
            "xvfb-run not found on PATH: the screenshot mode needs a virtual X server and a Vulkan driver; \
             on Debian or Ubuntu: apt-get install xvfb mesa-vulkan-drivers",
        )
}

/// The PNG files in `dir`, sorted.
fn pngs(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    out.sort();
    Ok(out)
}

/// Reads criterion's `estimates.json` (mean point estimate, nanoseconds) of one benchmark.
fn mean_ns(dir: &Path, group: &str, function: &str) -> Option<f64> {
    let path = dir.join(group).join(function).join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    value["mean"]["point_estimate"].as_f64()
}

/// The table of `docs/performance.md`: for each perft group, our time, the peer's time and the ratio
/// of nodes per second (ours / peer's).
fn ratio_table(dir: &Path) -> Result<String> {
    let mut out = String::from(
        "| benchmark | gambit | peer | gambit speed / peer speed |\n| --- | ---: | ---: | ---: |\n",
    );
    let mut rows = 0;
    let mut groups: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(_) => bail!("no criterion results in {}: run `cargo xtask bench` first", dir.display()),
    };
    groups.sort();
    for group_dir in groups {
        // criterion stores "perft/startpos" as "perft_startpos".
        let group = group_dir.file_name().unwrap_or_default().to_string_lossy().to_string();
        let mut functions: Vec<String> = std::fs::read_dir(&group_dir)?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| n != "report")
            .collect();
        functions.sort();
        let ours: Vec<&String> = functions.iter().filter(|f| f.starts_with("gambit")).collect();
        let peers: Vec<&String> = functions.iter().filter(|f| !f.starts_with("gambit")).collect();
        for our in &ours {
            let Some(our_ns) = first_mean(dir, &group, &group_dir, our) else { continue };
            match peers.first().and_then(|p| first_mean(dir, &group, &group_dir, p).map(|ns| (p, ns))) {
                Some((peer, peer_ns)) => {
                    out.push_str(&format!(
                        "| {group} ({peer} as peer) | {} | {} | {:.2}x |\n",
                        fmt_ns(our_ns),
                        fmt_ns(peer_ns),
                        peer_ns / our_ns
                    ));
                }
                None => out.push_str(&format!("| {group} | {} | - | - |\n", fmt_ns(our_ns))),
            }
            rows += 1;
        }
    }
    if rows == 0 {
        bail!("no benchmark results found in {}", dir.display());
    }
    Ok(out)
}

/// Criterion nests parameterised benchmarks one level deeper (`gambit/5/new/...`).
fn first_mean(dir: &Path, group: &str, group_dir: &Path, function: &str) -> Option<f64> {
    if let Some(ns) = mean_ns(dir, group, function) {
        return Some(ns);
    }
    let mut params: Vec<String> = std::fs::read_dir(group_dir.join(function))
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n != "report" && n != "new" && n != "base" && n != "change")
        .collect();
    params.sort();
    params.iter().find_map(|p| mean_ns(dir, group, &format!("{function}/{p}")))
}

fn fmt_ns(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_commands() {
        assert_eq!(parse_task(&args("ci")).unwrap(), Task::Ci);
        assert_eq!(parse_task(&args("perft")).unwrap(), Task::Perft);
        assert_eq!(parse_task(&args("bench")).unwrap(), Task::Bench { save: false });
        assert_eq!(parse_task(&args("bench --table")).unwrap(), Task::Bench { save: true });
        assert_eq!(parse_task(&args("")).unwrap(), Task::Help);
        assert_eq!(parse_task(&args("uci-check")).unwrap(), Task::UciCheck);
        assert!(parse_task(&args("uci-check --fast")).is_err());
        assert_eq!(
            parse_task(&args("balance --quick")).unwrap(),
            Task::Balance(balance::Options { quick: true, block: None, jobs: 1, out: None, again: false })
        );
        assert!(parse_task(&args("balance --quik")).is_err());
        assert!(parse_task(&args("deploy")).is_err());
    }

    #[test]
    fn parses_dist_and_screenshots() {
        assert_eq!(parse_task(&args("dist")).unwrap(), Task::Dist { game: true });
        assert_eq!(parse_task(&args("dist --no-game")).unwrap(), Task::Dist { game: false });
        assert_eq!(
            parse_task(&args("screenshots")).unwrap(),
            Task::Screenshots { profile: "release".into() }
        );
        assert_eq!(
            parse_task(&args("screenshots --profile dist")).unwrap(),
            Task::Screenshots { profile: "dist".into() }
        );
        for bad in [
            "dist --nogame",
            "dist --no-game extra",
            "dist foo",
            "screenshots now",
            "screenshots --profile",
            "screenshots --profile --x",
        ] {
            assert!(parse_task(&args(bad)).is_err(), "{bad}");
        }
        assert!(HELP.contains("--no-game"));
    }

    #[test]
    fn screenshots_explain_a_missing_xvfb_run() {
        let empty = tempfile::tempdir().unwrap();
        let err = find_xvfb_run(Some(empty.path().as_os_str())).unwrap_err().to_string();
        assert!(err.contains("xvfb-run not found") && err.contains("mesa-vulkan-drivers"), "{err}");
        assert!(find_xvfb_run(None).is_err());
        let with = tempfile::tempdir().unwrap();
        std::fs::write(with.path().join("xvfb-run"), "#!/bin/sh\n").unwrap();
        let joined = std::env::join_paths([empty.path(), with.path()]).unwrap();
        assert_eq!(find_xvfb_run(Some(&joined)).unwrap(), with.path().join("xvfb-run"));
    }

    #[test]
    fn ratio_table_reads_criterion_layout() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, ns: f64| {
            let p = dir.path().join(rel).join("new");
            std::fs::create_dir_all(&p).unwrap();
            std::fs::write(p.join("estimates.json"), format!("{{\"mean\":{{\"point_estimate\":{ns}}}}}"))
                .unwrap();
        };
        write("perft_startpos/gambit/5", 20e6);
        write("perft_startpos/chess/5", 10e6);
        let table = ratio_table(dir.path()).unwrap();
        assert!(
            table.contains("| perft_startpos (chess as peer) | 20.00 ms | 10.00 ms | 0.50x |"),
            "{table}"
        );
        assert!(ratio_table(&dir.path().join("missing")).is_err());
    }
}
