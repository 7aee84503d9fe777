//! Shared helpers of the integration tests.

use gambit_rules::Position;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A position reached by `plies` random legal moves from the start (stops early at a game end).
pub fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::startpos();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    pos
}
