//! Perft: counting the leaf nodes of the legal move tree, the standard correctness and speed test of a
//! move generator. Source: chessprogramming wiki, "Perft" and "Perft Results".

#[cfg(feature = "rayon")]
use rayon::prelude::*;

use crate::moves::Move;
use crate::position::Position;

/// The number of leaf nodes `depth` plies below `position` (1 at depth 0). The last ply is counted
/// from the length of the legal move list without playing the moves ("bulk counting").
///
/// ```
/// use gambit_rules::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 8902);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut pos = position.clone();
    perft_in_place(&mut pos, depth)
}

/// [`perft`] on a mutable position, which is restored before returning.
pub fn perft_in_place(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    // Generated in place: returning a `MoveList` by value copies its whole array.
    let mut moves = crate::moves::MoveList::new();
    crate::movegen::generate(pos, &mut moves);
    let mut nodes = 0;
    for &m in &moves {
        pos.play_unchecked(m);
        nodes += perft_in_place(pos, depth - 1);
        pos.undo();
    }
    nodes
}

/// Perft split by root move, in the order of [`Position::legal_moves`]: the node count below each
/// root move at `depth - 1` (an empty list at depth 0).
#[must_use]
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut pos = position.clone();
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            pos.play_unchecked(m);
            let n = perft_in_place(&mut pos, depth - 1);
            pos.undo();
            (m, n)
        })
        .collect()
}

/// [`divide`] with the root moves spread over rayon's current thread pool (feature `rayon`).
#[cfg(feature = "rayon")]
#[must_use]
pub fn par_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<Move> = position.legal_moves().into_iter().collect();
    moves
        .into_par_iter()
        .map(|m| {
            let mut pos = position.clone();
            pos.play_unchecked(m);
            (m, perft_in_place(&mut pos, depth - 1))
        })
        .collect()
}

/// [`perft`] with the root moves spread over rayon's current thread pool; the same count (feature
/// `rayon`).
#[cfg(feature = "rayon")]
#[must_use]
pub fn par_perft(position: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(position, depth);
    }
    par_divide(position, depth).iter().map(|(_, n)| n).sum()
}
