//! The weights of the chess evaluation: the hand-picked ones until the tuner
//! (`crates/search/examples/tune.rs`) rewrites this file.

use super::{HAND_WEIGHTS, Weights};

/// The weights of the chess evaluation (see [`Weights`]).
pub const WEIGHTS: Weights = HAND_WEIGHTS;
