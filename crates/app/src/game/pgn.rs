//! PGN export of a skill-chess game through the skills crate's [`PgnRecorder`] (the one writer of
//! skill-chess PGN): the game's listed actions are replayed from its start into the recorder. Moves
//! are SAN; skill actions are comments in their text form (`{ White fz e7 }`), so other chess tools
//! read the moves; a teleport that was not a legal move is a board edit, its comment carries the FEN
//! after it (see the recorder).
//!
//! Source: the PGN standard (S. J. Edwards, 1994), sections 8.1 (tag pairs) and 8.2 (movetext).

use std::fmt;

use gambit_rules::Color;
use gambit_skills::{PgnRecorder, SkillBoard};

use super::SkillGame;

/// Why a game could not be written as PGN: its start is not recorded, or a listed action does not
/// replay from it (the message says which).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportError(pub String);

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExportError {}

/// The game as PGN text, written by the skills crate's [`PgnRecorder`]: the seven-tag roster (`Event`,
/// `Site`, `Date` as given (`YYYY.MM.DD`), `Round`, `White`, `Black`, `Result`), plus `SetUp`/`FEN`
/// when the game did not start from the standard position, then the movetext (wrapped at 80 columns)
/// and the result.
///
/// # Errors
/// [`ExportError`] when the board's history does not reach back to the game's start and the start
/// position of its config is invalid, or when a listed action does not replay.
pub fn export(game: &SkillGame, date: &str) -> Result<String, ExportError> {
    // A resignation's result too (`SkillGame::result`).
    let result = game.result();
    let (white, black) = if game.two_players {
        ("Player 1".to_string(), "Player 2".to_string())
    } else if game.player == Color::White {
        ("Player".to_string(), format!("Gambit engine ({})", game.strength.name()))
    } else {
        (format!("Gambit engine ({})", game.strength.name()), "Player".to_string())
    };
    // The start: the board before the listed actions (the undo history), else the config's start.
    let mut board = match game.board.rewound(game.listed.len()) {
        Some(board) => board,
        None => SkillBoard::new(game.board.config().clone())
            .map_err(|e| ExportError(format!("the game's start is not recorded: {e}")))?,
    };
    let mut recorder = PgnRecorder::new(&board);
    for (n, entry) in game.listed.iter().enumerate() {
        let refused = |e: gambit_skills::SkillError| {
            ExportError(format!("action {} ({}) does not replay: {e}", n + 1, entry.action))
        };
        let action = board.parse_action(&entry.action).map_err(refused)?;
        recorder.play(&mut board, action).map_err(refused)?;
    }
    let tags = [
        ("Event", "Skill chess".to_string()),
        ("Site", "Gambit".to_string()),
        ("Date", date.to_string()),
        ("Round", "-".to_string()),
        ("White", white),
        ("Black", black),
    ];
    Ok(recorder.to_pgn(&tags, result.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Preset;
    use gambit_skills::{Action, SkillConfig};

    #[test]
    fn moves_and_skill_comments() {
        let mut g = SkillGame::new(SkillConfig::default(), Color::White, Preset::Casual, true).unwrap();
        let mut input = crate::game::PlayerInput::default();
        input.command(&mut g, "e4").unwrap();
        g.apply(Action::Move(g.board.position().parse_san("e5").unwrap())).unwrap();
        input.command(&mut g, "fz e5").unwrap();
        input.command(&mut g, "Nf3").unwrap();
        let pgn = export(&g, "2026.11.30").unwrap();
        assert!(pgn.starts_with("[Event \"Skill chess\"]\n[Site \"Gambit\"]\n[Date \"2026.11.30\"]\n"));
        assert!(pgn.contains("[White \"Player\"]\n[Black \"Gambit engine (Casual)\"]\n[Result \"*\"]\n"));
        assert!(pgn.ends_with("\n1. e4 e5 { White fz e5 } 2. Nf3 *\n"), "{pgn}");
        // The rules crate reads it back: the moves, and the skill as a comment.
        let games = gambit_rules::read_pgn(&pgn, gambit_rules::Variations::Skip).unwrap();
        let moves = &games[0].mainline.moves;
        assert_eq!(moves.iter().map(|m| m.san.as_str()).collect::<Vec<_>>(), ["e4", "e5", "Nf3"]);
        assert_eq!(moves[1].comments, ["White fz e5"]);
    }
}
