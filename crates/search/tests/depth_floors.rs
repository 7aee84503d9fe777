//! The completed-depth floors of the bot on skill chess (issue 13), on 50 positions from self-play
//! (`tests/data/skill_positions.txt`, Teleport ready for the side to move in half of them): with depth
//! ceiling 12, beam 10 at 420, 2,400 and 6,000 nodes and full width at 30,000 nodes, the median
//! completed depth is at least 2, 3, 4 and 5, and no decision is left at depth 0 from 2,400 nodes on.
//! `cargo run --release -p gambit-search --example depth_report` prints the whole distribution.

use gambit_search::{BotOptions, choose};
use gambit_skills::{Skill, SkillBoard, SkillConfig};

fn positions() -> Vec<SkillBoard> {
    include_str!("data/skill_positions.txt")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| SkillBoard::from_state_line(l, SkillConfig::default()).unwrap())
        .collect()
}

#[test]
fn the_position_set_is_as_described() {
    let boards = positions();
    assert_eq!(boards.len(), 50);
    let ready = boards.iter().filter(|b| b.can_cast(Skill::Teleport)).count();
    assert!(ready >= 25, "{ready} positions with Teleport ready");
    assert!(boards.iter().all(|b| !b.is_finished()));
}

#[test]
fn median_completed_depth_floors_hold() {
    let boards = positions();
    for (nodes, beam, floor) in [(420u64, 10usize, 2u32), (2_400, 10, 3), (6_000, 10, 4), (30_000, 0, 5)] {
        let options = BotOptions { max_nodes: nodes, beam_width: beam, ..BotOptions::default() };
        let mut depths: Vec<u32> = boards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let c = choose(&mut b.clone(), 12, i as u64, &options);
                assert!(c.nodes <= nodes);
                c.completed_depth
            })
            .collect();
        depths.sort_unstable();
        let median = depths[depths.len() / 2];
        assert!(median >= floor, "{nodes} nodes, beam {beam}: median {median} < {floor}: {depths:?}");
        if nodes >= 2_400 {
            assert!(depths[0] >= 1, "{nodes} nodes, beam {beam}: a decision at depth 0: {depths:?}");
        }
    }
}
