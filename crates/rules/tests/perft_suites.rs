//! Perft against the standard (128 positions) and wiki (6 positions) suites.
//!
//! The normal run checks every (position, depth) whose expected node count is at most
//! `NORMAL_LIMIT`; the ignored test (or `cargo xtask perft`) checks every depth.

use gambit_rules::{Position, perft};

/// Large counts on all cores when the `rayon` feature is on (as `cargo xtask perft` runs them).
fn big_perft(pos: &Position, depth: u32) -> u64 {
    #[cfg(feature = "rayon")]
    return gambit_rules::par_perft(pos, depth);
    #[cfg(not(feature = "rayon"))]
    return perft(pos, depth);
}

const NORMAL_LIMIT: u64 = 2_000_000;

struct Case {
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn load(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let n = it.next().unwrap().parse().unwrap();
                    (d, n)
                })
                .collect();
            Case { fen, depths }
        })
        .collect()
}

fn run(cases: &[Case], limit: u64) -> usize {
    let mut checked = 0;
    for case in cases {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.depths {
            if expected <= limit {
                let count = if expected > 50_000_000 { big_perft(&pos, depth) } else { perft(&pos, depth) };
                assert_eq!(count, expected, "{} depth {depth}", case.fen);
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn standard_suite_up_to_two_million_nodes() {
    let cases = load(include_str!("data/standard.epd"));
    assert_eq!(cases.len(), 128);
    let checked = run(&cases, NORMAL_LIMIT);
    assert!(checked > 400, "only {checked} entries checked");
}

#[test]
fn wiki_suite_up_to_two_million_nodes() {
    let cases = load(include_str!("data/wiki6.epd"));
    assert_eq!(cases.len(), 6);
    let checked = run(&cases, NORMAL_LIMIT);
    assert!(checked >= 20, "only {checked} entries checked");
}

#[test]
#[ignore = "full depths: minutes in release mode; run with `cargo xtask perft`"]
fn full_suites() {
    for text in [include_str!("data/standard.epd"), include_str!("data/wiki6.epd")] {
        run(&load(text), u64::MAX);
    }
}
