//! PGN export of a skill-chess game. Moves are SAN; skill actions are comments in their text form
//! (`{fz e7}`), so other chess tools read the moves. A teleport that was not a legal move is a board
//! edit no PGN move can express: its comment also carries the FEN after it, and readers that replay
//! moves stop being able to follow the game from there.
//!
//! Source: the PGN standard (S. J. Edwards, 1994), sections 8.1 (tag pairs) and 8.2 (movetext).

use gambit_rules::Color;

use super::SkillGame;
use super::session::ColorName;

/// The game as PGN text: the seven-tag roster plus `FEN`/`SetUp` when the game did not start from the
/// standard position, then the movetext and the result.
#[must_use]
pub fn export(game: &SkillGame, date: &str) -> String {
    let result = match game.outcome() {
        Some(o) => o.result_string(),
        None => "*",
    };
    let (white, black) = if game.player == Color::White {
        ("Player".to_string(), format!("Gambit engine ({})", game.strength.name()))
    } else {
        (format!("Gambit engine ({})", game.strength.name()), "Player".to_string())
    };
    let mut out = String::new();
    for (tag, value) in [
        ("Event", "Skill chess".to_string()),
        ("Site", "Gambit".to_string()),
        ("Date", date.to_string()),
        ("Round", "-".to_string()),
        ("White", white),
        ("Black", black),
        ("Result", result.to_string()),
    ] {
        out.push_str(&format!("[{tag} \"{}\"]\n", value.replace('"', "'")));
    }
    let start = &game.board.config().start_fen;
    if !start.is_empty() && start != gambit_rules::STARTING_FEN {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start}\"]\n"));
    }
    out.push('\n');
    let start_position = game.board.config().start_position().ok();
    let mut number = start_position.as_ref().map_or(1, |p| p.fullmove_number());
    let mut tokens: Vec<String> = Vec::new();
    let mut need_number = true;
    for entry in &game.listed {
        let actor = Color::from(entry.actor);
        if let Some(san) = &entry.san {
            if actor == Color::White {
                tokens.push(format!("{number}."));
            } else if need_number {
                tokens.push(format!("{number}..."));
            }
            tokens.push(san.clone());
            if entry.action.starts_with("tp ") {
                tokens.push(format!("{{{} {}}}", side(entry.actor), entry.action));
            }
            need_number = false;
            if actor == Color::Black {
                number += 1;
            }
        } else {
            let mut comment = format!("{{{} {}", side(entry.actor), entry.action);
            if let Some(fen) = &entry.fen_after {
                comment.push_str(&format!("; FEN {fen}"));
                if actor == Color::Black {
                    number += 1;
                }
            }
            comment.push('}');
            tokens.push(comment);
            need_number = true;
        }
    }
    tokens.push(result.to_string());
    // Wrap movetext at 80 columns.
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
        g.command("e4").unwrap();
        g.apply(Action::Move(g.board.position().parse_san("e5").unwrap())).unwrap();
        g.command("fz e5").unwrap();
        g.command("Nf3").unwrap();
        let pgn = export(&g, "2026.11.30");
        assert!(pgn.starts_with("[Event \"Skill chess\"]\n[Site \"Gambit\"]\n[Date \"2026.11.30\"]\n"));
        assert!(pgn.contains("[White \"Player\"]\n[Black \"Gambit engine (Casual)\"]\n[Result \"*\"]\n"));
        assert!(pgn.ends_with("\n1. e4 e5 {White fz e5} 2. Nf3 *\n"), "{pgn}");
    }
}
