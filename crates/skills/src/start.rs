//! A game of skill chess started from text a player brings: a FEN (the position to start from) or a
//! PGN game (its start position, from the `FEN` tag or the standard start, and its main line, whose
//! moves are then played on the board so the move list and undo cover them). Skill actions written
//! as comments by [`crate::PgnRecorder`] are not replayed: the moves alone are read.

use gambit_rules::{FenError, Move, PgnError, Position, Variations, read_pgn};
use thiserror::Error;

use crate::board::SkillBoard;
use crate::config::SkillConfig;

/// Where a game starts: a position and the moves already played from it (each legal in turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStart {
    /// The position before the first move.
    pub start: Position,
    /// The moves played from it (a PGN's main line; none for a FEN).
    pub moves: Vec<Move>,
}

/// Why a text cannot start a game. Each says what is wrong, for the player.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameStartError {
    /// Nothing but white space.
    #[error("nothing to read: paste a FEN or a PGN game, or give a file's path")]
    Empty,
    /// The text was read as a FEN (it does not start like PGN) and is not one.
    #[error("not a FEN: {0}")]
    Fen(FenError),
    /// The text was read as PGN (it starts with a tag `[` or a move number) and is not valid PGN.
    #[error("not a PGN game: {0}")]
    Pgn(PgnError),
    /// PGN text that holds no game.
    #[error("the PGN holds no game")]
    NoGame,
}

impl GameStart {
    /// Reads `text`: PGN when it starts with `[` (a tag) or a move number followed by `.`, a FEN
    /// otherwise. Of a PGN with several games, the first is read; variations are skipped.
    ///
    /// ```
    /// use gambit_skills::GameStart;
    /// let fen = GameStart::parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert!(fen.moves.is_empty());
    /// let pgn = GameStart::parse("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *").unwrap();
    /// assert_eq!(pgn.moves.len(), 3);
    /// assert!(GameStart::parse("1. e4 e5 2. Ke3").unwrap_err().to_string().contains("Ke3"));
    /// ```
    ///
    /// # Errors
    /// [`GameStartError::Empty`], [`GameStartError::Fen`], [`GameStartError::Pgn`] or [`GameStartError::NoGame`].
    pub fn parse(text: &str) -> Result<GameStart, GameStartError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(GameStartError::Empty);
        }
        if looks_like_pgn(text) {
            let games = read_pgn(text, Variations::Skip).map_err(GameStartError::Pgn)?;
            let game = games.into_iter().next().ok_or(GameStartError::NoGame)?;
            let moves = game.mainline.moves.iter().map(|m| m.mv).collect();
            Ok(GameStart { start: game.start, moves })
        } else {
            let start = Position::from_fen(text).map_err(GameStartError::Fen)?;
            Ok(GameStart { start, moves: Vec::new() })
        }
    }

    /// The skill board at the start position under `config`'s skills, with nothing played yet (play
    /// [`GameStart::moves`] on it to follow the game).
    #[must_use]
    pub fn board(&self, config: SkillConfig) -> SkillBoard {
        SkillBoard::from_position(self.start.clone(), config)
    }
}

/// PGN starts with a tag pair or with a move number (`1.`, `12...`); a FEN starts with a rank.
fn looks_like_pgn(text: &str) -> bool {
    if text.starts_with('[') {
        return true;
    }
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && text[digits..].starts_with('.')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Action;

    #[test]
    fn a_fen_starts_there_and_a_bad_one_says_which_field() {
        let start = GameStart::parse("  r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20\n").unwrap();
        assert_eq!(start.start.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20");
        let err = GameStart::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").unwrap_err();
        assert!(matches!(err, GameStartError::Fen(_)));
        assert!(err.to_string().contains("side to move"), "{err}");
        let err = GameStart::parse("hello").unwrap_err();
        assert!(err.to_string().starts_with("not a FEN"), "{err}");
        // Two white kings: parses, but is no position.
        assert!(matches!(GameStart::parse("K7/8/8/8/8/8/8/K6k w - - 0 1"), Err(GameStartError::Fen(_))));
        assert_eq!(GameStart::parse(" \n\t"), Err(GameStartError::Empty));
    }

    #[test]
    fn a_pgn_gives_its_start_and_main_line_and_a_bad_one_names_the_move() {
        let text = "[Event \"Casual\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
                    1. e4 Kd7 2. e5 (2. Ke2) Ke6 *";
        let start = GameStart::parse(text).unwrap();
        assert_eq!(start.start.to_fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(start.moves.len(), 4);
        let mut board = start.board(SkillConfig::default());
        for m in &start.moves {
            board.play_action(Action::Move(*m)).unwrap();
        }
        assert_eq!(board.position().to_fen(), "8/8/4k3/4P3/8/8/8/4K3 w - - 1 3");
        let err = GameStart::parse("1. e4 e5 2. Qxf7").unwrap_err();
        assert!(matches!(err, GameStartError::Pgn(_)));
        assert!(err.to_string().contains("Qxf7"), "{err}");
        let err = GameStart::parse("[Event \"x\"\n\n1. e4 *").unwrap_err();
        assert!(err.to_string().contains("tag"), "{err}");
    }
}
