//! Perft: counting the leaf nodes of the legal move tree, the standard correctness and speed test of a
//! move generator. Source: chessprogramming wiki, "Perft" and "Perft Results".

#[cfg(feature = "rayon")]
use rayon::prelude::*;

use crate::moves::Move;
use crate::position::Position;

/// The number of leaf nodes `depth` plies below `position` (1 at depth 0). The last ply is counted
/// without playing its moves ("bulk counting"), and under standard rules the children of a node two
/// plies above the leaves are counted together: their boards differ from their parent's by one
/// move, so each piece's move count, the checkers and pins and the king's attack answers are reused
/// from the parent unless they read a cell that move changed (see `tests/perft_counting.rs`, which
/// checks both shortcuts against making every move).
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
    if depth == 2
        && let Some(mut siblings) = crate::movegen::Siblings::new(pos)
    {
        // The last ply counted with what the children share (see `Siblings`), each child made
        // only as far as counting needs.
        let mut moves = crate::moves::MoveList::new();
        crate::movegen::generate(pos, &mut moves);
        let mut nodes = 0;
        for &m in &moves {
            let changed = crate::movegen::Siblings::changed_cells(pos, m);
            let saved = pos.make_for_count(m);
            nodes += siblings.count(pos, changed) as u64;
            pos.unmake_for_count(m, saved);
        }
        return nodes;
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
