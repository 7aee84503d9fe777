//! Prints the completed-depth distribution of `choose` over the skill-chess positions of
//! `tests/data/skill_positions.txt` at the budgets of the depth floors (depth ceiling 12; beam 10 at 420,
//! 2,400 and 6,000 nodes; full width at 30,000), with the time per decision. `--legacy` searches with
//! the a6fe168 behaviour (`BotConfig::legacy`) instead.
//!
//! Run: `cargo run --release -p gambit-search --example depth_report [-- --legacy] [FILE]`

use gambit_search::{BotConfig, BotOptions, SkillSearch, choose_with};
use gambit_skills::{SkillBoard, SkillConfig};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let legacy = args.iter().any(|a| a == "--legacy");
    let path = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/skill_positions.txt").into());
    let text = std::fs::read_to_string(&path).expect("read the positions");
    let boards: Vec<SkillBoard> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| SkillBoard::from_state_line(l, SkillConfig::default()).expect("a state line"))
        .collect();
    println!("{} positions from {path}{}", boards.len(), if legacy { ", legacy search" } else { "" });
    for (nodes, beam) in [(420u64, 10usize), (2_400, 10), (6_000, 10), (30_000, 0)] {
        let options = BotOptions { max_nodes: nodes, beam_width: beam, ..BotOptions::default() };
        let config = if legacy { BotConfig::legacy(12, options) } else { BotConfig::new(12, options) };
        let start = std::time::Instant::now();
        let mut depths: Vec<u32> = boards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mut game = SkillSearch::new(b.clone(), config.skill);
                choose_with(&mut game, &config, i as u64, None).completed_depth
            })
            .collect();
        let ms = start.elapsed().as_secs_f64() * 1000.0 / depths.len() as f64;
        depths.sort_unstable();
        let mut counts = [0usize; 13];
        for &d in &depths {
            counts[d as usize] += 1;
        }
        let shown: Vec<String> =
            counts.iter().enumerate().filter(|(_, n)| **n > 0).map(|(d, n)| format!("{d}:{n}")).collect();
        println!(
            "nodes {nodes:>6} beam {beam:>2}: median {} min {} max {}  depth:count [{}]  {ms:.1} ms/decision",
            depths[depths.len() / 2],
            depths[0],
            depths[depths.len() - 1],
            shown.join(" "),
        );
    }
}
