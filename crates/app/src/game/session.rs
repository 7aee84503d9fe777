//! The skill-chess session: the game state, the player's pending input (selection, targeting mode,
//! promotion choice), the move list, and the rules of taking input. Pure Rust with no Bevy systems, so
//! it is tested directly as well as through the app.

use bevy::prelude::Resource;
use gambit_rules::{Color, Move, Outcome, Role, Square};
use gambit_skills::{Action, Skill, SkillBoard, SkillConfig};
use serde::{Deserialize, Serialize};

use super::Preset;

pub use crate::board::Targeting;

/// One line of the move list: the actor and the text shown (SAN for moves, `tp e4e7` / `fz e7` for skills).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedAction {
    /// The side that acted.
    pub actor: ColorName,
    /// SAN for a move, the skill's text form otherwise.
    pub text: String,
    /// The action in its parseable text form (`e2e4`, `tp e4e7`, `fz e7`).
    pub action: String,
    /// The SAN of the board move this action made: moves, and teleports along a legal move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// The FEN after a teleport that was not a legal move (standard PGN readers cannot follow it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen_after: Option<String>,
}

/// A colour as saved in JSON.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorName {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Color> for ColorName {
    fn from(c: Color) -> Self {
        match c {
            Color::White => ColorName::White,
            Color::Black => ColorName::Black,
        }
    }
}

impl From<ColorName> for Color {
    fn from(c: ColorName) -> Self {
        match c {
            ColorName::White => Color::White,
            ColorName::Black => Color::Black,
        }
    }
}

/// Why the player's input was not accepted (shown under the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

/// The state of one game of skill chess against the engine.
#[derive(Resource, Clone, Debug)]
pub struct SkillGame {
    /// The board with skills.
    pub board: SkillBoard,
    /// The player's colour; the engine plays the other.
    pub player: Color,
    /// The engine's strength.
    pub strength: Preset,
    /// Whether skills are enabled (when off, the skill buttons and commands are refused).
    pub skills_enabled: bool,
    /// The selected square (a piece about to move).
    pub selected: Option<Square>,
    /// What the next press means.
    pub targeting: Targeting,
    /// A promotion waiting for the player's choice of piece: (from, to).
    pub pending_promotion: Option<(Square, Square)>,
    /// The last move's squares, for highlighting.
    pub last_move: Option<(Square, Square)>,
    /// The move list.
    pub listed: Vec<ListedAction>,
    /// A message for the player (an error or a hint), cleared by the next accepted input.
    pub message: Option<String>,
    /// The engine's last evaluation, centipawns from White's view.
    pub last_eval_white: Option<i32>,
    /// Bumped whenever the game changes under the engine (new game, undo): a reply computed for an
    /// older generation is dropped.
    pub generation: u64,
}

impl SkillGame {
    /// A new game from `config` with the player on `player`.
    ///
    /// # Errors
    /// The config's error when its start FEN is invalid.
    pub fn new(
        config: SkillConfig,
        player: Color,
        strength: Preset,
        skills_enabled: bool,
    ) -> Result<SkillGame, gambit_skills::ConfigError> {
        Ok(SkillGame::from_board(SkillBoard::new(config)?, player, strength, skills_enabled))
    }

    /// A game around an existing board.
    #[must_use]
    pub fn from_board(board: SkillBoard, player: Color, strength: Preset, skills_enabled: bool) -> SkillGame {
        SkillGame {
            board,
            player,
            strength,
            skills_enabled,
            selected: None,
            targeting: Targeting::Move,
            pending_promotion: None,
            last_move: None,
            listed: Vec::new(),
            message: None,
            last_eval_white: None,
            generation: 0,
        }
    }

    /// Whether it is the player's turn (and the game is not over).
    #[must_use]
    pub fn players_turn(&self) -> bool {
        self.board.turn() == self.player && !self.board.is_finished()
    }

    /// Whether the engine should move now.
    #[must_use]
    pub fn engines_turn(&self) -> bool {
        self.board.turn() != self.player && !self.board.is_finished()
    }

    /// The outcome, if the game is finished ([`SkillBoard::finished`]: claimable draws included).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.board.finished()
    }

    /// The legal destinations of the selected piece, or the valid targets of the targeting mode.
    #[must_use]
    pub fn highlighted_targets(&self) -> Vec<Square> {
        if !self.players_turn() {
            return Vec::new();
        }
        match self.targeting {
            Targeting::Move => match self.selected {
                Some(from) => {
                    self.board.legal_moves().iter().filter(|m| m.from == from).map(|m| m.to).collect()
                }
                None => Vec::new(),
            },
            Targeting::TeleportPiece => Square::all()
                .filter(|&s| Square::all().any(|t| self.board.check_teleport(s, t).is_ok()))
                .collect(),
            Targeting::TeleportTarget(from) => {
                Square::all().filter(|&t| self.board.check_teleport(from, t).is_ok()).collect()
            }
            Targeting::Freeze => Square::all().filter(|&s| self.board.check_freeze(s).is_ok()).collect(),
        }
    }

    /// A press on a square (click, or the start of a drag).
    pub fn press(&mut self, square: Square) {
        if !self.players_turn() || self.pending_promotion.is_some() {
            return;
        }
        match self.targeting {
            Targeting::Move => {
                let own = self.board.piece_at(square).is_some_and(|p| p.color == self.player);
                match self.selected {
                    Some(from) if from == square => self.selected = None,
                    Some(from) if !own => {
                        let _ = self.try_move(from, square);
                    }
                    _ if own => {
                        self.selected = Some(square);
                        if !self.board.can_move_from(square) {
                            self.message = Some(if self.board.is_frozen(square) {
                                format!("{square} is frozen")
                            } else {
                                format!("the piece on {square} has no legal move")
                            });
                        } else {
                            self.message = None;
                        }
                    }
                    _ => self.selected = None,
                }
            }
            Targeting::TeleportPiece => match self.board.piece_at(square) {
                Some(p) if p.color == self.player => {
                    self.targeting = Targeting::TeleportTarget(square);
                    self.message = Some(format!("Teleport: choose where the piece on {square} goes"));
                }
                _ => self.message = Some("Teleport: choose one of your pieces".to_string()),
            },
            Targeting::TeleportTarget(from) => {
                if let Err(e) = self.apply_player_action(Action::Teleport { from, to: square }) {
                    self.message = Some(e.0);
                }
            }
            Targeting::Freeze => {
                if let Err(e) = self.apply_player_action(Action::Freeze(square)) {
                    self.message = Some(e.0);
                }
            }
        }
    }

    /// A drop of a dragged piece from `from` onto `to`. An illegal drop changes nothing (the piece snaps
    /// back).
    pub fn drop_piece(&mut self, from: Square, to: Square) {
        if from == to || !self.players_turn() || self.targeting != Targeting::Move {
            return;
        }
        if self.board.piece_at(from).is_some_and(|p| p.color == self.player) {
            let _ = self.try_move(from, to);
        }
    }

    /// Tries the move from `from` to `to`; a promotion waits for [`SkillGame::promote`].
    fn try_move(&mut self, from: Square, to: Square) -> Result<(), InputError> {
        let candidates: Vec<Move> =
            self.board.legal_moves().iter().copied().filter(|m| m.from == from && m.to == to).collect();
        match candidates.as_slice() {
            [] => {
                let why = if self.board.is_frozen(from) {
                    format!("{from} is frozen")
                } else {
                    format!("{from}{to} is not a legal move")
                };
                self.message = Some(why.clone());
                self.selected = None;
                Err(InputError(why))
            }
            [m] => self.apply_player_action(Action::Move(*m)),
            _ => {
                self.pending_promotion = Some((from, to));
                self.message = Some("Choose a piece to promote to".to_string());
                Ok(())
            }
        }
    }

    /// Completes a pending promotion with `role`.
    pub fn promote(&mut self, role: Role) {
        let Some((from, to)) = self.pending_promotion.take() else { return };
        let m = self
            .board
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion == Some(role));
        match m {
            Some(m) => {
                let _ = self.apply_player_action(Action::Move(m));
            }
            None => self.message = Some(format!("cannot promote to a {role}")),
        }
    }

    /// Enters a skill's targeting mode, if it can be cast.
    pub fn start_cast(&mut self, skill: Skill) {
        if !self.players_turn() {
            return;
        }
        if !self.skills_enabled {
            self.message = Some("skills are off in this game".to_string());
            return;
        }
        if !self.board.can_cast(skill) {
            self.message = Some(format!(
                "{skill} is on cooldown for {} more ticks",
                self.board.cooldown(self.player, skill)
            ));
            return;
        }
        self.selected = None;
        self.pending_promotion = None;
        self.targeting = Targeting::for_skill(skill);
        self.message = Some(match skill {
            Skill::Teleport => "Teleport: choose one of your pieces (Esc cancels)".to_string(),
            Skill::Freeze => "Freeze: choose a square (Esc cancels)".to_string(),
        });
    }

    /// Leaves a targeting mode, a selection or a pending promotion.
    pub fn cancel(&mut self) {
        self.targeting = Targeting::Move;
        self.selected = None;
        self.pending_promotion = None;
        self.message = None;
    }

    /// A typed command: a move in SAN or UCI, a skill (`tp e4e7`, `fz e7`).
    ///
    /// # Errors
    /// The reason the command was refused; nothing changes then.
    pub fn command(&mut self, text: &str) -> Result<(), InputError> {
        let text = text.trim();
        if !self.players_turn() {
            return Err(self.refuse("it is not your turn".to_string()));
        }
        let action = match self.board.parse_action(text) {
            Ok(a) => a,
            Err(_) => match self.board.position().parse_san(text) {
                Ok(m) => Action::Move(m),
                Err(e) => return Err(self.refuse(format!("{text}: {e}"))),
            },
        };
        self.apply_player_action(action)
    }

    fn refuse(&mut self, why: String) -> InputError {
        self.message = Some(why.clone());
        InputError(why)
    }

    /// Plays an action for the player.
    ///
    /// # Errors
    /// The reason it was refused; nothing changes then.
    pub fn apply_player_action(&mut self, action: Action) -> Result<(), InputError> {
        if !self.players_turn() {
            return Err(self.refuse("it is not your turn".to_string()));
        }
        if action.skill().is_some() && !self.skills_enabled {
            return Err(self.refuse("skills are off in this game".to_string()));
        }
        self.apply(action).map_err(|e| self.refuse(e))?;
        self.targeting = Targeting::Move;
        self.selected = None;
        self.pending_promotion = None;
        self.message = None;
        Ok(())
    }

    /// Plays an action for whichever side is to move, recording it in the move list.
    ///
    /// # Errors
    /// The skills crate's reason, as text.
    pub fn apply(&mut self, action: Action) -> Result<(), String> {
        let actor = self.board.turn();
        // The skills crate says what the action will do (a teleport along a legal move is that move; any
        // other teleport is a board edit that PGN cannot express), so the SAN is read before playing.
        let planned = self.board.check_action(action).map_err(|e| e.to_string())?;
        let san = planned.board_move().map(|m| self.board.position().san(m));
        let text = match action {
            Action::Move(_) => san.clone().unwrap_or_else(|| action.to_string()),
            other => other.to_string(),
        };
        let played = self.board.play_action(action).map_err(|e| e.to_string())?;
        let fen_after = played.is_relocation().then(|| self.board.position().to_fen());
        if let Some(squares) = played.squares() {
            self.last_move = Some(squares);
        }
        self.listed.push(ListedAction {
            actor: actor.into(),
            text,
            action: action.to_string(),
            san,
            fen_after,
        });
        Ok(())
    }

    /// Takes back the player's last turn and the engine's reply (every action since the player's last
    /// turn began), through the skills crate's undo. Returns how many actions were undone.
    pub fn undo_turn(&mut self) -> usize {
        let mut undone = 0;
        // Undo the engine's actions (if any) and then the player's, until the player is to move with
        // one of their own actions undone.
        while self.board.undo_len() > 0 {
            let actor = self.listed.last().map(|l| Color::from(l.actor));
            self.board.undo();
            self.listed.pop();
            undone += 1;
            if actor == Some(self.player) && self.board.turn() == self.player {
                // Keep undoing earlier free actions (freezes) of the same turn.
                if self.listed.last().is_none_or(|l| Color::from(l.actor) != self.player) {
                    break;
                }
            }
        }
        self.last_move = None;
        self.cancel();
        self.generation += 1;
        undone
    }

    /// The eval bar's value: White's winning chances 0..=1 from the engine's last evaluation.
    #[must_use]
    pub fn white_win_probability(&self) -> Option<f64> {
        self.last_eval_white.map(gambit_search::score::win_probability)
    }

    /// The move list as numbered pairs, e.g. `1. e4 e5`, skill actions in their text form.
    #[must_use]
    pub fn move_list_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut current = String::new();
        let mut number = 1;
        let mut last_actor = None;
        for entry in &self.listed {
            let actor = Color::from(entry.actor);
            if actor == Color::White && (last_actor == Some(Color::Black) || current.is_empty()) {
                if !current.is_empty() {
                    lines.push(std::mem::take(&mut current));
                    number += 1;
                }
                current = format!("{number}.");
            } else if current.is_empty() {
                current = format!("{number}. ...");
            }
            current.push(' ');
            current.push_str(&entry.text);
            last_actor = Some(actor);
        }
        if !current.is_empty() {
            lines.push(current);
        }
        lines
    }

    /// A short line naming the result and its reason, or whose turn it is.
    #[must_use]
    pub fn status_line(&self) -> String {
        match self.outcome() {
            Some(Outcome::Checkmate { winner }) => {
                if winner == self.player {
                    "Checkmate: you win".to_string()
                } else {
                    "Checkmate: the engine wins".to_string()
                }
            }
            Some(Outcome::Draw(reason)) => format!("Draw by {reason}"),
            None => {
                let check = if self.board.position().is_check() { " (check)" } else { "" };
                if self.players_turn() {
                    format!("Your move{check}")
                } else {
                    format!("Engine to move{check}")
                }
            }
        }
    }

    /// Whether the game has ended: [`SkillBoard::finished`], the one definition every front end uses
    /// (claimable draws end it, claimed for both).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.board.is_finished()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn game() -> SkillGame {
        SkillGame::new(SkillConfig::default(), Color::White, Preset::Beginner, true).unwrap()
    }

    #[test]
    fn click_click_and_drag_moves() {
        let mut g = game();
        g.press(sq("e2"));
        assert_eq!(g.selected, Some(sq("e2")));
        assert_eq!(g.highlighted_targets(), vec![sq("e3"), sq("e4")]);
        g.press(sq("e4"));
        assert_eq!(g.listed[0].text, "e4");
        assert_eq!(g.last_move, Some((sq("e2"), sq("e4"))));
        assert!(g.engines_turn());
        // Not the player's turn: input is ignored.
        g.press(sq("d2"));
        assert_eq!(g.selected, None);
        g.apply(Action::Move(g.board.position().parse_san("e5").unwrap())).unwrap();
        // An illegal drop changes nothing.
        let before = g.board.clone();
        g.drop_piece(sq("d1"), sq("d5"));
        assert_eq!(g.board, before);
        g.drop_piece(sq("g1"), sq("f3"));
        assert_eq!(g.listed.last().unwrap().text, "Nf3");
    }

    #[test]
    fn typed_commands_and_skills() {
        let mut g = game();
        assert!(g.command("e4").is_ok());
        g.apply(Action::Move(g.board.position().parse_san("e5").unwrap())).unwrap();
        assert!(g.command("Ke3").is_err());
        assert!(g.message.is_some());
        assert!(g.command("fz e5").is_ok(), "a freeze is free: still White's turn");
        assert!(g.players_turn());
        assert_eq!(g.board.frozen_ticks(sq("e5")), Some(3));
        assert!(g.command("g1f3").is_ok());
        assert_eq!(g.move_list_lines(), vec!["1. e4 e5".to_string(), "2. fz e5 Nf3".to_string()]);
    }

    #[test]
    fn targeting_mode_casts_teleport() {
        let mut g = game();
        g.start_cast(Skill::Teleport);
        assert_eq!(g.targeting, Targeting::TeleportPiece);
        g.press(sq("b1"));
        assert_eq!(g.targeting, Targeting::TeleportTarget(sq("b1")));
        assert!(g.highlighted_targets().contains(&sq("e5")));
        g.press(sq("e5"));
        assert_eq!(g.board.piece_at(sq("e5")).unwrap().role, Role::Knight);
        assert_eq!(g.targeting, Targeting::Move);
        assert!(g.engines_turn());
        assert_eq!(g.listed[0].text, "tp b1e5");
        assert!(g.listed[0].fen_after.is_some(), "b1e5 is not a knight move: a board edit");
    }

    #[test]
    fn undo_takes_back_the_players_turn_and_the_reply() {
        let mut g = game();
        g.command("e4").unwrap();
        g.apply(Action::Move(g.board.position().parse_san("e5").unwrap())).unwrap();
        g.command("Nf3").unwrap();
        g.apply(Action::Move(g.board.position().parse_san("Nc6").unwrap())).unwrap();
        assert_eq!(g.undo_turn(), 2);
        assert_eq!(g.listed.len(), 2);
        assert!(g.players_turn());
        assert_eq!(
            g.board.position().to_fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
    }

    #[test]
    fn promotion_waits_for_a_choice() {
        let board = SkillBoard::from_position(
            gambit_rules::Position::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap(),
            SkillConfig::default(),
        );
        let mut g = SkillGame::from_board(board, Color::White, Preset::Beginner, true);
        g.press(sq("a7"));
        g.press(sq("a8"));
        assert_eq!(g.pending_promotion, Some((sq("a7"), sq("a8"))));
        g.promote(Role::Knight);
        assert_eq!(g.board.piece_at(sq("a8")).unwrap().role, Role::Knight);
        assert_eq!(g.listed[0].text, "a8=N");
    }
}
