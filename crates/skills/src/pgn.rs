//! A skill-chess game as PGN: moves in SAN, skill actions as comments in their text form (`{White fz
//! e7}`), so other chess tools read the moves. A teleport that was not a legal move is a board edit no
//! PGN move can express: its comment also carries the FEN after it, and readers that replay moves stop
//! being able to follow the game from there. A game that does not start from the standard position (or
//! starts with a cooldown or a frozen square) gets `SetUp`/`FEN` tags and a comment with its skill state.
//!
//! Source: the PGN standard (S. J. Edwards, 1994), sections 8.1 (tag pairs) and 8.2 (movetext).

use gambit_rules::{Color, STARTING_FEN};

use crate::action::{Action, Played};
use crate::board::SkillBoard;
use crate::error::SkillError;

/// Records the actions of a game as they are played, then writes PGN.
///
/// ```
/// use gambit_skills::{PgnRecorder, SkillBoard};
/// let mut board = SkillBoard::default();
/// let mut pgn = PgnRecorder::new(&board);
/// for text in ["e2e4", "e7e5", "fz e5", "g1f3", "tp b8e4"] {
///     let action = board.parse_action(text).unwrap();
///     pgn.play(&mut board, action).unwrap();
/// }
/// let text = pgn.to_pgn(&[("White", "A".into()), ("Black", "B".into())], "*");
/// assert!(text.starts_with("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 {White fz e5} 2. Nf3"));
/// assert!(text.contains("{Black tp b8e4; FEN r1bqkbnr/pppp1ppp/8/4p3/4n3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3}"));
/// assert!(text.ends_with("*\n"));
/// ```
#[derive(Clone, Debug)]
pub struct PgnRecorder {
    /// `SetUp`/`FEN` tags and a skill-state comment when the start is not the plain standard start.
    setup: Option<(String, String)>,
    number: u32,
    need_number: bool,
    tokens: Vec<String>,
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
        let setup = (!plain).then_some((fen, line));
        PgnRecorder {
            setup,
            number: start.position().fullmove_number(),
            need_number: true,
            tokens: Vec::new(),
        }
    }

    /// Plays `action` on `board` and records it.
    ///
    /// # Errors
    /// The error of [`SkillBoard::play_action`]; nothing is recorded then.
    pub fn play(&mut self, board: &mut SkillBoard, action: Action) -> Result<Played, SkillError> {
        let actor = board.turn();
        let planned = board.check_action(action)?;
        let san = planned.board_move().map(|m| board.position().san(m));
        let played = board.play_action(action)?;
        match san {
            Some(san) => {
                if actor == Color::White {
                    self.tokens.push(format!("{}.", self.number));
                } else if self.need_number {
                    self.tokens.push(format!("{}...", self.number));
                }
                self.tokens.push(san);
                if let Action::Teleport { .. } = action {
                    self.tokens.push(format!("{{{} {action}}}", side(actor)));
                }
                self.need_number = false;
            }
            None => {
                let mut comment = format!("{{{} {action}", side(actor));
                if played.is_relocation() {
                    comment.push_str(&format!("; FEN {}", board.position().to_fen()));
                }
                comment.push('}');
                self.tokens.push(comment);
                self.need_number = true;
            }
        }
        if actor == Color::Black && action.ends_turn() {
            self.number += 1;
        }
        Ok(played)
    }

    /// The PGN text: `tags` (name, value) in order, then `Result`, then `SetUp` and `FEN` when the game
    /// did not start from the standard position, the movetext wrapped at 80 columns and `result`
    /// (`1-0`, `0-1`, `1/2-1/2` or `*`).
    #[must_use]
    pub fn to_pgn(&self, tags: &[(&str, String)], result: &str) -> String {
        let mut out = String::new();
        for (tag, value) in tags.iter().map(|(t, v)| (*t, v.clone())).chain([("Result", result.to_string())])
        {
            out.push_str(&format!("[{tag} \"{}\"]\n", value.replace(['"', '\\'], "'")));
        }
        let mut tokens = Vec::new();
        if let Some((fen, line)) = &self.setup {
            out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
            tokens.push(format!("{{skill state {line}}}"));
        }
        out.push('\n');
        tokens.extend(self.tokens.iter().cloned());
        tokens.push(result.to_string());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}
