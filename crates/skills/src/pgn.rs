//! A skill-chess game as PGN: moves in SAN, skill actions as comments in their text form (`{White fz
//! e7}`), so other chess tools read the moves. A teleport that was not a legal move is a board edit no
//! PGN move can express: its comment also carries the FEN after it, and readers that replay moves stop
//! being able to follow the game from there. A game that does not start from the standard position (or
//! starts with a cooldown or a frozen square) gets `SetUp`/`FEN` tags and a comment with its skill state.
//!
//! Source: the PGN standard (S. J. Edwards, 1994), sections 8.1 (tag pairs) and 8.2 (movetext).

use gambit_rules::{Color, PgnResult, PgnWriter, STARTING_FEN};

use crate::action::{Action, Played};
use crate::board::SkillBoard;
use crate::error::SkillError;

/// Records the actions of a game as they are played, then writes PGN through the rules crate's
/// [`PgnWriter`] (move numbers, SAN, comments as `{ text }`).
///
/// ```
/// use gambit_skills::{PgnRecorder, SkillBoard, SkillConfig};
/// let mut board = SkillBoard::new(SkillConfig::classic()).unwrap();
/// let mut pgn = PgnRecorder::new(&board);
/// for text in ["e2e4", "e7e5", "fz e5", "g1f3", "tp b8e4"] {
///     let action = board.parse_action(text).unwrap();
///     pgn.play(&mut board, action).unwrap();
/// }
/// let text = pgn.to_pgn(&[("White", "A".into()), ("Black", "B".into())], "*");
/// assert!(text.starts_with("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 { White fz e5 } 2. Nf3"));
/// assert!(text.contains("{ Black tp b8e4; FEN r1bqkbnr/pppp1ppp/8/4p3/4n3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 }"));
/// assert!(text.ends_with("*\n"));
/// ```
#[derive(Clone, Debug)]
pub struct PgnRecorder {
    writer: PgnWriter,
    /// The skill state of a start that is not the plain standard start (a comment before the moves).
    state: Option<String>,
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl PgnRecorder {
    /// A recorder for a game starting from `start` (its current state).
    #[must_use]
    pub fn new(start: &SkillBoard) -> PgnRecorder {
        let fen = start.position().to_fen();
        let line = start.state_line();
        let plain = fen == STARTING_FEN && line == format!("{fen};0 0 0 0;");
        PgnRecorder { writer: PgnWriter::new(start.position()), state: (!plain).then_some(line) }
    }

    /// Plays `action` on `board` and records it.
    ///
    /// # Errors
    /// The error of [`SkillBoard::play_action`]; nothing is recorded then.
    pub fn play(&mut self, board: &mut SkillBoard, action: Action) -> Result<Played, SkillError> {
        let actor = board.turn();
        let planned = board.check_action(action)?;
        let board_move = planned.board_move();
        let played = board.play_action(action)?;
        let skill = format!("{} {action}", side(actor));
        match board_move {
            Some(m) => {
                self.writer.play(m).expect("the writer follows the board, where the move was legal");
                if let Action::Teleport { .. } = action {
                    self.writer.comment(&skill);
                }
            }
            None if played.is_relocation() => {
                // A board edit no move expresses: the movetext goes on from the position after it.
                self.writer.comment(&format!("{skill}; FEN {}", board.position().to_fen()));
                self.writer.set_position(board.position().clone());
            }
            None => {
                self.writer.comment(&skill);
                if action.ends_turn() {
                    self.writer.set_position(board.position().clone());
                }
            }
        }
        Ok(played)
    }

    /// The PGN text: `tags` (name, value) in order, then `Result`, then `SetUp` and `FEN` when the game
    /// did not start from the standard position, the movetext wrapped at 80 columns and `result`
    /// (`1-0`, `0-1`, `1/2-1/2` or `*`).
    #[must_use]
    pub fn to_pgn(&self, tags: &[(&str, String)], result: &str) -> String {
        let result = match result {
            "1-0" => PgnResult::WhiteWins,
            "0-1" => PgnResult::BlackWins,
            "1/2-1/2" => PgnResult::Draw,
            _ => PgnResult::Unfinished,
        };
        let mut writer = self.writer.clone();
        for (tag, value) in tags {
            writer.tag(tag, value);
        }
        writer.tag("Result", result.as_str());
        if let Some(state) = &self.state {
            writer.comment_before_moves(&format!("skill state {state}"));
        }
        writer.finish(result, Some(80))
    }
}
