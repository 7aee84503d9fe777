//! Writes the skill-chess self-play positions of `tests/data/skill_positions.txt` (deterministic):
//! games of the Club preset against itself from seeded random 4-ply openings, sampling one position
//! every few plies (Teleport ready for the side to move in at least half of them).
//!
//! Run: `cargo run --release -p gambit-search --example skill_positions > crates/search/tests/data/skill_positions.txt`
//!
//! One `SkillBoard::state_line` per line: FEN, both sides' cooldowns, frozen squares. At most six
//! positions per game.

use gambit_search::{Preset, choose};
use gambit_skills::{Action, Skill, SkillBoard};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let (mut ready, mut other) = (Vec::new(), Vec::new());
    let preset = Preset::Club;
    let mut game = 0u64;
    while ready.len() < 25 || other.len() < 25 {
        game += 1;
        let mut b = SkillBoard::default();
        // A random 4-ply opening of ordinary moves.
        for _ in 0..4 {
            let moves = b.legal_moves();
            let m = moves[rng.gen_range(0..moves.len())];
            b.play_action(Action::Move(m)).unwrap();
        }
        let sample_every = rng.gen_range(5..9);
        let mut taken = 0;
        for ply in 0..80u32 {
            if b.is_finished() {
                break;
            }
            if ply > 0 && ply % sample_every == 0 && taken < 6 {
                let bucket = if b.can_cast(Skill::Teleport) { &mut ready } else { &mut other };
                if bucket.len() < 25 {
                    bucket.push(b.state_line());
                    taken += 1;
                }
            }
            let choice = choose(&mut b, preset.depth(), game * 1000 + u64::from(ply), &preset.options());
            let Some(a) = choice.action else { break };
            b.play_action(a).unwrap();
        }
    }
    for l in ready.iter().chain(&other) {
        println!("{l}");
    }
    eprintln!("{} games", game);
}
