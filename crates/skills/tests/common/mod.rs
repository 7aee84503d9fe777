//! Helpers shared by the skills crate's integration tests.

use gambit_skills::SkillRules;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Random skill rules: each lever on or off, a range of 1 to 4 king steps or none.
pub fn random_rules(rng: &mut ChaCha8Rng) -> SkillRules {
    SkillRules {
        start_on_cooldown: rng.gen_bool(0.5),
        teleport_range: rng.gen_bool(0.5).then(|| rng.gen_range(1..5)),
        capture_limit: rng.gen_bool(0.5),
        pawn_promotion_guard: rng.gen_bool(0.5),
        teleported_cannot_capture: rng.gen_bool(0.5),
        no_pawn_relocation: rng.gen_bool(0.2),
    }
}
