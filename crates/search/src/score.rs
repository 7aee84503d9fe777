//! Scores: centipawns, mate scores by distance, and the win-probability curve.

/// Larger than any score the search returns.
pub const INFINITY: i32 = 32_500;

/// The score of delivering mate now (at ply 0); a mate `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 32_000;

/// The deepest ply the search reaches (plies from the root, extensions and same-side actions included).
pub const MAX_PLY: usize = 128;

/// Scores at or beyond this magnitude are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// Whether a score announces a forced mate (for either side).
#[must_use]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// The score of a terminal state reached `ply` plies from the root, from the mover's view.
#[must_use]
pub fn terminal_score(t: crate::Terminal, ply: usize) -> i32 {
    match t {
        crate::Terminal::Loss => -MATE + ply as i32,
        crate::Terminal::Draw => 0,
        crate::Terminal::Win => MATE - ply as i32,
    }
}

/// Mate in moves (full moves, UCI `score mate N`): positive when the side to move mates, negative when
/// it is mated; `None` for a non-mate score.
#[must_use]
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if !is_mate(score) {
        return None;
    }
    let plies = MATE - score.abs();
    Some(if score > 0 { (plies + 1) / 2 } else { -(plies / 2) })
}

/// Scale (centipawns) of the logistic win-probability model. Not fitted to game data: a hand-chosen
/// curve so that +100 cp is about 43 % wins and +300 cp about 81 %.
pub const WDL_SCALE: f64 = 110.0;

/// Draw margin (centipawns) of the logistic model: a win needs the score to exceed it, a loss needs
/// the score below its negation.
pub const WDL_DRAW_MARGIN: f64 = 140.0;

/// Win, draw and loss probabilities in permille (summing to 1000) for a score in centipawns from the
/// side to move's view.
///
/// The model: `win = 1 / (1 + exp(-(cp - M) / S))`, `loss = 1 / (1 + exp((cp + M) / S))`,
/// `draw = 1 - win - loss`, with `S` = [`WDL_SCALE`] and `M` = [`WDL_DRAW_MARGIN`]. Mate scores give
/// 1000/0/0 or 0/0/1000. At 0 cp: 219/562/219.
#[must_use]
pub fn wdl(score: i32) -> (u32, u32, u32) {
    if is_mate(score) {
        return if score > 0 { (1000, 0, 0) } else { (0, 0, 1000) };
    }
    let cp = f64::from(score);
    let win = 1.0 / (1.0 + (-(cp - WDL_DRAW_MARGIN) / WDL_SCALE).exp());
    let loss = 1.0 / (1.0 + ((cp + WDL_DRAW_MARGIN) / WDL_SCALE).exp());
    let w = (win * 1000.0).round() as u32;
    let l = (loss * 1000.0).round() as u32;
    let l = l.min(1000 - w);
    (w, 1000 - w - l, l)
}

/// The expected score (win = 1, draw = 1/2) of the side to move for a score in centipawns: the
/// probability read of the evaluation, `(win + draw / 2) / 1000` from [`wdl`].
#[must_use]
pub fn win_probability(score: i32) -> f64 {
    let (w, d, _) = wdl(score);
    (f64::from(w) + f64::from(d) / 2.0) / 1000.0
}

/// Converts a score at `ply` to the ply-independent form stored in the transposition table (a mate is
/// stored as its distance from the stored node, not from the root).
#[must_use]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[must_use]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wdl_is_symmetric_and_monotone() {
        assert_eq!(wdl(0), (219, 562, 219));
        for cp in [-800, -300, -50, 0, 50, 300, 800] {
            let (w, d, l) = wdl(cp);
            assert_eq!(w + d + l, 1000);
            let (w2, _, l2) = wdl(-cp);
            assert!(w.abs_diff(l2) <= 1 && l.abs_diff(w2) <= 1);
        }
        assert!(win_probability(300) > win_probability(100));
        assert_eq!(wdl(MATE - 3), (1000, 0, 0));
    }

    #[test]
    fn mate_scores() {
        assert_eq!(mate_in_moves(MATE - 1), Some(1));
        assert_eq!(mate_in_moves(MATE - 3), Some(2));
        assert_eq!(mate_in_moves(-MATE + 2), Some(-1));
        assert_eq!(mate_in_moves(250), None);
        assert_eq!(from_tt(to_tt(MATE - 7, 4), 2), MATE - 5);
    }
}
