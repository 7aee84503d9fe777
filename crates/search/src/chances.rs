//! Winning chances for a front end's bar: one fixed, full-width search of a skill-chess position,
//! independent of the opponent's strength, read through the win-probability curve
//! ([`score::win_probability`](crate::score::win_probability)) and withheld while the search is too
//! shallow to be trusted.
//!
//! Each reading leans towards the side to move (in skill chess a ready Teleport or Freeze is worth a
//! tempo, and the search sees the mover's threats first): a quiet opening read 54 %, 52 %, 19 %, 66 %,
//! 29 % on consecutive plies. So the chances shown are the mean of two readings, the position's and
//! the one a ply before, one with each side to move.
//!
//! The opponent's own score is no substitute: a Beginner search stops after one ply (a capture looks
//! like a free piece until the recapture is seen), and a bot that does not always take its top action
//! reports the score of the action it took, so consecutive quiet moves could read 52 %, 0 % and 100 %.

use std::sync::atomic::AtomicBool;

use gambit_rules::{Color, Outcome};
use gambit_skills::SkillBoard;

use crate::params::Params;
use crate::search::{Limits, Searcher};

/// The node budget of [`winning_chances`]'s search, simulated actions: the Club preset's, small enough for a
/// worker thread to answer within a frame or two of a move in an optimised build.
pub const CHANCES_NODES: u64 = 6_000;

/// The shallowest completed search, plies, whose score [`winning_chances`] reports. A one-ply search sees a
/// capture but not the recapture, so its score swings by a piece from move to move.
pub const CHANCES_MIN_DEPTH: u32 = 2;

/// The winning chances of a skill-chess position.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Chances {
    /// White's expected score, 0..=1 (a win counts 1, a draw 1/2); `None` while the search is shallower
    /// than [`CHANCES_MIN_DEPTH`] (stopped early, or a budget too small).
    pub white: Option<f64>,
    /// The score read, centipawns from White's view: the mean of the last two completed iterations
    /// (one ending on each side's move), the deepest alone when it is a mate score; 0 for a finished
    /// game's draw, a mate score for a checkmate.
    pub score_white: i32,
    /// The completed search depth, plies (0 for a finished game: nothing to search).
    pub depth: u32,
    /// Simulated actions.
    pub nodes: u64,
}

impl Chances {
    /// `color`'s expected score, 0..=1, when known.
    #[must_use]
    pub fn of(&self, color: Color) -> Option<f64> {
        self.white.map(|w| if color == Color::White { w } else { 1.0 - w })
    }
}

/// White's winning chances in `board`, smoothed over the side to move: the mean of [`reading`]s of the
/// position and of the position a ply before (when the board can take one back), each with `nodes`
/// simulated actions at most; `None` unless both are deep enough. The scores, depths and nodes are
/// combined the same way (mean score, shallower depth, total nodes). A finished game reads its result
/// alone. The board is not changed. Deterministic for a given board, budget and no stop.
#[must_use]
pub fn winning_chances(board: &SkillBoard, nodes: u64, stop: Option<&AtomicBool>) -> Chances {
    let now = reading(board, nodes, stop);
    if board.is_finished() || board.undo_len() == 0 {
        return now;
    }
    let mut before = board.clone();
    before.undo();
    let then = reading(&before, nodes, stop);
    Chances {
        white: now.white.zip(then.white).map(|(a, b)| (a + b) / 2.0),
        score_white: (now.score_white + then.score_white) / 2,
        depth: now.depth.min(then.depth),
        nodes: now.nodes + then.nodes,
    }
}

/// One reading of White's winning chances in `board`, leaning towards its side to move: a fixed
/// full-width search of at most `nodes` simulated actions (and 12 plies), stopping early when `stop`
/// is set. A finished game reads its result (1, 0 or 1/2) without searching. The board is not changed.
#[must_use]
pub fn reading(board: &SkillBoard, nodes: u64, stop: Option<&AtomicBool>) -> Chances {
    if let Some(outcome) = board.finished() {
        let (white, score_white) = match outcome {
            Outcome::Checkmate { winner: Color::White } => (1.0, crate::score::MATE),
            Outcome::Checkmate { winner: Color::Black } => (0.0, -crate::score::MATE),
            Outcome::Draw(_) => (0.5, 0),
        };
        return Chances { white: Some(white), score_white, depth: 0, nodes: 0 };
    }
    let mut params = Params::bot(0);
    params.multipv = 1;
    let mut searcher = Searcher::<SkillBoard>::new(params, 2);
    let limits = Limits { depth: Some(12), nodes: Some(nodes), time_ms: None, soft_time_ms: None };
    let mut game = board.clone();
    let mut handler = Iterations { stop: crate::bot::StopFlag(stop), scores: Vec::new() };
    let result = searcher.search(&mut game, &limits, &mut handler);
    // The mean of the last two whole iterations: an odd depth ends on the mover's move, an even one
    // on the reply, and either alone leans its way.
    let score = match handler.scores.as_slice() {
        [.., a, b] if !crate::score::is_mate(*a) && !crate::score::is_mate(*b) => (a + b) / 2,
        _ => result.score,
    };
    let score_white = if board.turn() == Color::White { score } else { -score };
    let white =
        (result.completed_depth >= CHANCES_MIN_DEPTH).then(|| crate::score::win_probability(score_white));
    Chances { white, score_white, depth: result.completed_depth, nodes: result.nodes }
}

/// The stop flag, and the score of each completed iteration (the mover's view), shallowest first.
struct Iterations<'a> {
    stop: crate::bot::StopFlag<'a>,
    scores: Vec<i32>,
}

impl<A> crate::search::SearchHandler<A> for Iterations<'_> {
    fn should_stop(&mut self) -> bool {
        crate::search::SearchHandler::<A>::should_stop(&mut self.stop)
    }

    fn on_iteration(&mut self, info: &crate::search::SearchInfo<'_, A>) {
        self.scores.push(info.score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_skills::SkillConfig;

    fn board_after(moves: &[&str]) -> SkillBoard {
        let mut board = SkillBoard::new(SkillConfig::default()).unwrap();
        for m in moves {
            let mv = board.position().parse_san(m).unwrap();
            board.play_action(gambit_skills::Action::Move(mv)).unwrap();
        }
        board
    }

    #[test]
    fn quiet_opening_moves_keep_the_chances_near_even_for_either_mover() {
        // The report that asked for this: 52 %, 0 %, 100 % on consecutive quiet moves as Black.
        let line = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3", "Be7"];
        for n in 0..=line.len() {
            let c = winning_chances(&board_after(&line[..n]), CHANCES_NODES, None);
            let white = c.white.unwrap_or_else(|| panic!("shallow after {n} moves: {c:?}"));
            assert!((0.3..=0.7).contains(&white), "after {n} moves: {c:?}");
            assert!(c.depth >= CHANCES_MIN_DEPTH && c.nodes <= 2 * CHANCES_NODES);
        }
    }

    #[test]
    fn a_lost_queen_reads_as_lost_whoever_is_to_move() {
        // 1. e4 e5 2. Qh5 Nc6 3. Qxe5+? Nxe5: White is a queen down, White to move.
        let white_to_move =
            winning_chances(&board_after(&["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"]), CHANCES_NODES, None);
        assert!(white_to_move.white.unwrap() < 0.1, "{white_to_move:?}");
        assert!(white_to_move.of(Color::Black).unwrap() > 0.9);
        // One move later, Black to move: still lost for White.
        let black_to_move = winning_chances(
            &board_after(&["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5", "d4"]),
            CHANCES_NODES,
            None,
        );
        assert!(black_to_move.white.unwrap() < 0.1, "{black_to_move:?}");
    }

    #[test]
    fn a_finished_game_reads_its_result_without_searching_and_a_tiny_budget_reads_nothing() {
        let config =
            SkillConfig { start_fen: "8/8/8/4k3/8/8/8/4K3 w - - 0 1".to_string(), ..SkillConfig::default() };
        let dead = SkillBoard::new(config).unwrap();
        let c = winning_chances(&dead, CHANCES_NODES, None);
        assert_eq!((c.white, c.of(Color::Black), c.depth, c.nodes), (Some(0.5), Some(0.5), 0, 0));
        let shallow = winning_chances(&board_after(&[]), 5, None);
        assert_eq!(shallow.white, None, "{shallow:?}");
        assert!(shallow.depth < CHANCES_MIN_DEPTH);
    }

    #[test]
    fn a_set_stop_flag_returns_at_once_without_a_reading() {
        let stop = AtomicBool::new(true);
        let c = winning_chances(&board_after(&["e4"]), CHANCES_NODES, Some(&stop));
        assert!(c.nodes < 200, "{c:?}");
        assert_eq!(c.white, None);
    }
}
