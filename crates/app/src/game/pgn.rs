//! PGN export of a skill-chess game through `gambit_rules::PgnWriter`. Moves are SAN; skill actions
//! are comments in their text form (`{ White fz e7 }`), so other chess tools read the moves. A
//! teleport that was not a legal move is a board edit no PGN move can express: its comment also
//! carries the FEN after it, and readers that replay moves stop being able to follow the game from
//! there (the writer numbers the moves after it from that FEN).
//!
//! Source: the PGN standard (S. J. Edwards, 1994), sections 8.1 (tag pairs) and 8.2 (movetext).

use gambit_rules::{Color, PgnWriter, Position, RuleSet};

use super::SkillGame;
use super::session::ColorName;

/// The game as PGN text, written by the rules crate's [`PgnWriter`]: the seven-tag roster plus
/// `FEN`/`SetUp` when the game did not start from the standard position, then the movetext (wrapped
/// at 80 columns) and the result.
#[must_use]
pub fn export(game: &SkillGame, date: &str) -> String {
    // A resignation's result too (`SkillGame::result`).
    let result = game.result();
    let (white, black) = if game.two_players {
        ("Player 1".to_string(), "Player 2".to_string())
    } else if game.player == Color::White {
        ("Player".to_string(), format!("Gambit engine ({})", game.strength.name()))
    } else {
        (format!("Gambit engine ({})", game.strength.name()), "Player".to_string())
    };
    let start = game.board.config().start_position().unwrap_or_else(|_| Position::startpos());
    let mut w = PgnWriter::new(&start);
    for (tag, value) in [
        ("Event", "Skill chess"),
        ("Site", "Gambit"),
        ("Date", date),
        ("Round", "-"),
        ("White", &white),
        ("Black", &black),
        ("Result", result.as_str()),
    ] {
        w.tag(tag, value);
    }
    for entry in &game.listed {
        let skill = format!("{} {}", side(entry.actor), entry.action);
        let played = entry.san.as_deref().and_then(|san| w.position().parse_san(san).ok());
        match played {
            Some(m) => {
                w.play(m).expect("a SAN the writer's position parsed is legal there");
                if entry.action.starts_with("tp ") {
                    w.comment(&skill);
                }
            }
            None => match &entry.fen_after {
                // A teleport that was no legal move: a board edit; the movetext goes on from its FEN.
                Some(fen) => {
                    w.comment(&format!("{skill}; FEN {fen}"));
                    if let Ok(after) = Position::from_fen_unchecked(fen, RuleSet::Standard) {
                        w.set_position(after);
                    }
                }
                None => w.comment(&skill),
            },
        }
    }
    w.finish(result, Some(80))
}

fn side(c: ColorName) -> &'static str {
    match c {
        ColorName::White => "White",
        ColorName::Black => "Black",
    }
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
        let pgn = export(&g, "2026.11.30");
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
