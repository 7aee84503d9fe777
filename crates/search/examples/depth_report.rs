//! Prints the completed-depth distribution of `choose` over the skill-chess positions of
//! `tests/data/skill_positions.txt` at the budgets of the depth floors (depth ceiling 12; beam 10 at 420,
//! 2,400 and 6,000 nodes; full width at 30,000), and the time taken.
//!
//! Run: `cargo run --release -p gambit-search --example depth_report [FILE]`

use gambit_search::{BotOptions, QuiescenceTeleports, SkillParams, SkillSearch, choose};
use gambit_skills::{SkillBoard, SkillConfig};

fn main() {
    let path =
        std::env::args().nth(1).unwrap_or_else(|| "crates/search/tests/data/skill_positions.txt".into());
    let text = std::fs::read_to_string(&path).expect("read the positions");
    let boards: Vec<SkillBoard> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| SkillBoard::from_state_line(l, SkillConfig::default()).unwrap())
        .collect();
    let mut params = SkillParams::default();
    match std::env::var("QT").as_deref() {
        Ok("none") => params.quiescence_teleports = QuiescenceTeleports::None,
        Ok("all") => params.quiescence_teleports = QuiescenceTeleports::All,
        _ => {}
    }
    if std::env::var("LEGACY").is_ok() {
        params = SkillParams::legacy();
    }
    if let Ok(k) = std::env::var("QV") {
        params.quiescence_victims = k.parse().unwrap();
    }
    if let Ok(t) = std::env::var("THREAT") {
        params.threat_percent = t.parse().unwrap();
    }
    eprintln!("{params:?}");
    for (nodes, beam) in [(420u64, 10usize), (2_400, 10), (6_000, 10), (30_000, 0)] {
        let options = BotOptions { max_nodes: nodes, beam_width: beam, ..BotOptions::default() };
        let start = std::time::Instant::now();
        let mut depths: Vec<u32> = boards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                choose(&mut SkillSearch::new(b.clone(), params), 12, i as u64, &options).completed_depth
            })
            .collect();
        let secs = start.elapsed().as_secs_f64();
        depths.sort_unstable();
        let mut hist = [0usize; 13];
        for &d in &depths {
            hist[d as usize] += 1;
        }
        let shown: Vec<String> =
            hist.iter().enumerate().filter(|(_, n)| **n > 0).map(|(d, n)| format!("{d}:{n}")).collect();
        println!(
            "nodes {nodes:>6} beam {beam:>2}: median {} min {} max {}  [{}]  {:.1} ms/decision",
            depths[depths.len() / 2],
            depths[0],
            depths[depths.len() - 1],
            shown.join(" "),
            secs * 1000.0 / depths.len() as f64
        );
    }
}
