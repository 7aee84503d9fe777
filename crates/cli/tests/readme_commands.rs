//! Every `gambit-cli` command written in a README, in `docs/*.md` or in the game's no-display hint
//! runs, as a newcomer would type it (`cargo run -p gambit-cli -- ARGS`, `./gambit-cli ARGS`, ...).
//!
//! `xtask/src/doc_commands.rs` says which lines are commands and how [`doc_commands::run_lines`] runs
//! them: from the repository root with an empty standard input, expecting status 0. The measuring
//! subcommands run at a smoke size ([`smoke`]): the same subcommand and options, with the depth,
//! seeds, games or time cut down and output files written to a scratch folder. The `gambit-uci` lines
//! are run by the tests of `crates/uci`, which builds that binary.

#[path = "../../../xtask/src/doc_commands.rs"]
#[allow(dead_code)]
mod doc_commands;

use std::path::Path;

/// The subcommands that measure, whose lines run at a smoke size.
const MEASURING: [&str; 6] = ["perft", "bench", "epd", "simulate", "match", "solve"];

/// The options without a value (every other option of these subcommands takes one, so a number after
/// it is not `perft`'s depth).
const FLAGS: [&str; 6] = ["--divide", "--chess960", "--unicode", "--json", "--judge", "--all"];

/// The arguments a documented line runs with: `args` as written, except for the subcommands that
/// measure, which keep every option but their size:
/// - `perft`: depth at most 3;
/// - `bench`: `--depth` at most 4;
/// - `epd`: `--movetime 2` (milliseconds per position) and `--hash 1` (MiB, cleared per position);
/// - `simulate` and `solve`: `--seeds A..B` becomes `A..A`; `simulate --runs` 1 (added when absent);
///   `solve --nodes` at most 5;
/// - `match`: `--games 2` and `--max-plies 12` (added when absent), `--pgn FILE` into `scratch`; a
///   line that names `match` without its `--a` and `--b` (prose) runs with `--help`.
fn smoke(args: &[String], scratch: &Path) -> Vec<String> {
    if !args.first().is_some_and(|sub| MEASURING.contains(&sub.as_str())) {
        return args.to_vec();
    }
    // `--option=value` as two words, so each rule sees one spelling.
    let words: Vec<String> = args
        .iter()
        .flat_map(|a| match a.split_once('=') {
            Some((option, value)) if a.starts_with("--") => vec![option.to_string(), value.to_string()],
            _ => vec![a.clone()],
        })
        .collect();
    let sub = words[0].as_str();
    let has = |option: &str| words.iter().any(|w| w == option);
    let cap = |value: &str, most: u64| match value.parse::<u64>() {
        Ok(n) => n.min(most).to_string(),
        Err(_) => value.to_string(),
    };
    let first_seed = |range: &str| {
        let first = range.split("..").next().unwrap_or(range);
        format!("{first}..{first}")
    };
    if sub == "match" && !(has("--a") && has("--b")) {
        let mut out = words.clone();
        out.push("--help".into());
        return out;
    }
    let mut out = vec![sub.to_string()];
    let mut rest = words[1..].iter();
    while let Some(word) = rest.next() {
        if FLAGS.contains(&word.as_str()) {
            out.push(word.clone());
            continue;
        }
        if !word.starts_with('-') {
            // A positional argument: `perft`'s depth, `epd`'s file.
            out.push(if sub == "perft" { cap(word, 3) } else { word.clone() });
            continue;
        }
        let Some(value) = rest.next() else {
            out.push(word.clone());
            break;
        };
        let value = match (sub, word.as_str()) {
            ("bench", "--depth") => cap(value, 4),
            ("epd", "--movetime") => "2".to_string(),
            ("epd", "--hash") => "1".to_string(),
            ("solve", "--nodes") => cap(value, 5),
            ("simulate" | "solve", "--seeds") => first_seed(value),
            ("simulate", "--runs") => "1".to_string(),
            ("match", "--games") => "2".to_string(),
            ("match", "--pgn") => {
                let name = Path::new(value).file_name().map_or("games.pgn".into(), |n| n.to_string_lossy());
                scratch.join(name.as_ref()).display().to_string()
            }
            _ => value.clone(),
        };
        out.push(word.clone());
        out.push(value);
    }
    match sub {
        "epd" if !has("--hash") => out.extend(["--hash".into(), "1".into()]),
        "simulate" if !has("--seeds") && !has("--runs") => out.extend(["--runs".into(), "1".into()]),
        "match" => {
            if !has("--games") {
                out.extend(["--games".into(), "2".into()]);
            }
            if !has("--max-plies") {
                out.extend(["--max-plies".into(), "12".into()]);
            }
        }
        _ => {}
    }
    out
}

#[test]
fn every_documented_gambit_cli_line_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-commands-data");
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-commands-out");
    std::fs::create_dir_all(&scratch).unwrap();
    let exe = Path::new(env!("CARGO_BIN_EXE_gambit-cli"));
    let (ran, failures) =
        doc_commands::run_lines(&root, "gambit-cli", exe, |args| smoke(args, &scratch), &data).unwrap();
    assert!(failures.is_empty(), "documented commands that fail:\n{}", failures.join("\n"));
    // README.md, crates/cli/README.md and docs/ hold more than twenty: fewer means the reader broke.
    assert!(ran >= 20, "found only {ran} gambit-cli command lines");
}

#[test]
fn smoke_sizes_keep_the_options_and_cut_the_size() {
    let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let scratch = Path::new("/scratch");
    let cases = [
        ("perft 6 --fen x --threads 8", "perft 3 --fen x --threads 8"),
        ("perft 2 --divide", "perft 2 --divide"),
        ("bench --depth 9", "bench --depth 4"),
        (
            "epd crates/search/tests/data/wac.epd --movetime 1000",
            "epd crates/search/tests/data/wac.epd --movetime 2 --hash 1",
        ),
        ("simulate --seeds 5..200 --player thinker", "simulate --seeds 5..5 --player thinker"),
        ("simulate --json", "simulate --json --runs 1"),
        ("simulate --runs=40", "simulate --runs 1"),
        ("solve --all --seeds 1..2 --nodes 60", "solve --all --seeds 1..1 --nodes 5"),
        (
            "match --a club --b casual --games 200 --seed 1 --pgn out/club.pgn",
            "match --a club --b casual --games 2 --seed 1 --pgn /scratch/club.pgn --max-plies 12",
        ),
        ("match --a expert --b club", "match --a expert --b club --games 2 --max-plies 12"),
        ("match", "match --help"),
        ("play --pgn game.pgn", "play --pgn game.pgn"),
    ];
    for (line, expected) in cases {
        assert_eq!(smoke(&words(line), scratch).join(" "), expected, "{line}");
    }
}
