//! What the player is in the middle of doing in skill chess, and the rules of taking input: a press
//! selects a piece or plays a move, a skill enters its targeting mode, a promotion waits for a choice
//! of piece, a refusal leaves a message. This is the skill-chess screen's UI state (it resets it on
//! entering); it asks the model ([`SkillGame`]) for legality and to play. Pure Rust with no Bevy
//! systems, tested directly as well as through the app.

use bevy::prelude::Resource;
use gambit_rules::{Move, Role, Square};
use gambit_skills::{Action, Skill};

use super::SkillGame;
use super::session::InputError;
pub use crate::board::Targeting;

/// The player's pending input in a game of skill chess.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerInput {
    /// The selected square (a piece about to move).
    pub selected: Option<Square>,
    /// What the next press means.
    pub targeting: Targeting,
    /// A promotion waiting for the player's choice of piece: (from, to).
    pub pending_promotion: Option<(Square, Square)>,
    /// A message for the player (an error or a hint), cleared by the next accepted input.
    pub message: Option<String>,
    /// Reviewing an earlier position: the number of the move list's actions shown on the board
    /// (0: the start). `None`: the live game. Nothing can be played while reviewing.
    pub review: Option<usize>,
    /// The Resign button was pressed and waits for a confirmation.
    pub confirm_resign: bool,
}

/// The most characters of a typed command repeated in its refusal ([`unreadable`]).
const ECHOED: usize = 12;

/// The refusal of a command that is neither a move nor a skill: what was typed (its first 12
/// characters) and what is expected.
#[must_use]
pub fn unreadable(text: &str) -> String {
    let echoed: String = if text.chars().count() > ECHOED {
        text.chars().take(ECHOED - 1).chain(std::iter::once('\u{2026}')).collect()
    } else {
        text.to_string()
    };
    format!("\"{echoed}\" is not a move (e4, Nf3, O-O) or a skill (tp e4e7, fz e7)")
}

/// The refusal while an earlier position is on the board.
pub const REVIEWING: &str = "An earlier position: End goes back to play";

impl PlayerInput {
    /// Whether a selection, a targeting mode or a promotion choice is pending (Escape cancels it
    /// rather than pausing).
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.selected.is_some()
            || self.pending_promotion.is_some()
            || self.targeting != Targeting::Move
            || self.review.is_some()
            || self.confirm_resign
    }

    /// The number of listed actions on the board: the reviewed position's, or all of them.
    #[must_use]
    pub fn shown(&self, game: &SkillGame) -> usize {
        self.review.map_or(game.listed.len(), |n| n.min(game.listed.len()))
    }

    /// Shows the position after the first `shown` listed actions (clamped to the list); showing them
    /// all is the live game again. Entering a review drops a selection, a targeting mode and a pending
    /// promotion (none of them can be finished on an earlier position).
    pub fn review_at(&mut self, game: &SkillGame, shown: usize) {
        let total = game.listed.len();
        let shown = shown.min(total);
        if shown == total {
            self.back_to_game();
            return;
        }
        if game.board_after(shown).is_none() {
            self.message = Some("this position cannot be shown".to_string());
            return;
        }
        self.selected = None;
        self.targeting = Targeting::Move;
        self.pending_promotion = None;
        self.confirm_resign = false;
        self.review = Some(shown);
        self.message = None;
    }

    /// Steps the review `delta` actions back (negative) or forward from the position shown.
    pub fn review_step(&mut self, game: &SkillGame, delta: isize) {
        let shown = self.shown(game).saturating_add_signed(delta);
        self.review_at(game, shown);
    }

    /// Leaves the review: the live game is on the board again.
    pub fn back_to_game(&mut self) {
        self.review = None;
        if self.message.as_deref() == Some(REVIEWING) {
            self.message = None;
        }
    }

    /// Whether an earlier position is shown; if so, the refusal becomes the message.
    fn refuse_while_reviewing(&mut self) -> bool {
        if self.review.is_some() {
            self.message = Some(REVIEWING.to_string());
        }
        self.review.is_some()
    }

    /// The Resign button: asks for a confirmation (refused when the game is over).
    pub fn ask_resign(&mut self, game: &SkillGame) {
        if game.is_finished() {
            self.message = Some("the game is already over".to_string());
            return;
        }
        self.back_to_game();
        self.selected = None;
        self.targeting = Targeting::Move;
        self.pending_promotion = None;
        self.confirm_resign = true;
    }

    /// The confirmation's answer: `true` resigns the game, `false` goes on playing.
    pub fn answer_resign(&mut self, game: &mut SkillGame, resign: bool) {
        if !std::mem::take(&mut self.confirm_resign) || !resign {
            return;
        }
        if let Err(e) = game.resign() {
            self.message = Some(e.0);
        }
    }

    /// The square drawn as selected: the piece about to move, or the piece being teleported.
    #[must_use]
    pub fn selected_square(&self) -> Option<Square> {
        match self.targeting {
            Targeting::TeleportTarget(s) => Some(s),
            _ => self.selected,
        }
    }

    /// The legal destinations of the selected piece, or the valid targets of the targeting mode.
    #[must_use]
    pub fn highlighted_targets(&self, game: &SkillGame) -> Vec<Square> {
        if !game.players_turn() {
            return Vec::new();
        }
        let board = &game.board;
        match self.targeting {
            Targeting::Move => match self.selected {
                Some(from) => board.legal_moves().iter().filter(|m| m.from == from).map(|m| m.to).collect(),
                None => Vec::new(),
            },
            Targeting::TeleportPiece => {
                Square::all().filter(|&s| Square::all().any(|t| board.check_teleport(s, t).is_ok())).collect()
            }
            Targeting::TeleportTarget(from) => {
                Square::all().filter(|&t| board.check_teleport(from, t).is_ok()).collect()
            }
            Targeting::Freeze => Square::all().filter(|&s| board.check_freeze(s).is_ok()).collect(),
            // Consumables belong to the run's battles, not to skill chess.
            Targeting::Use(_) => Vec::new(),
        }
    }

    /// A press on a square (click, or the start of a drag).
    pub fn press(&mut self, game: &mut SkillGame, square: Square) {
        if self.refuse_while_reviewing() || !game.players_turn() || self.pending_promotion.is_some() {
            return;
        }
        match self.targeting {
            Targeting::Move => {
                let own = game.board.piece_at(square).is_some_and(|p| p.color == game.mover());
                match self.selected {
                    Some(from) if from == square => self.selected = None,
                    Some(from) if !own => {
                        let _ = self.try_move(game, from, square);
                    }
                    _ if own => {
                        self.selected = Some(square);
                        self.message = if !game.board.can_move_from(square) {
                            Some(if game.board.is_frozen(square) {
                                format!("{square} is frozen")
                            } else {
                                format!("the piece on {square} has no legal move")
                            })
                        } else {
                            None
                        };
                    }
                    _ => self.selected = None,
                }
            }
            Targeting::TeleportPiece => match game.board.piece_at(square) {
                Some(p) if p.color == game.mover() => {
                    self.targeting = Targeting::TeleportTarget(square);
                    self.message = Some(format!("Teleport: choose where the piece on {square} goes"));
                }
                _ => self.message = Some("Teleport: choose one of your pieces".to_string()),
            },
            Targeting::TeleportTarget(from) => {
                let _ = self.play(game, Action::Teleport { from, to: square });
            }
            Targeting::Freeze => {
                let _ = self.play(game, Action::Freeze(square));
            }
            Targeting::Use(_) => self.targeting = Targeting::Move,
        }
    }

    /// A drop of a dragged piece from `from` onto `to`. An illegal drop changes nothing (the piece snaps
    /// back).
    pub fn drop_piece(&mut self, game: &mut SkillGame, from: Square, to: Square) {
        if self.refuse_while_reviewing()
            || from == to
            || !game.players_turn()
            || self.targeting != Targeting::Move
        {
            return;
        }
        if game.board.piece_at(from).is_some_and(|p| p.color == game.mover()) {
            let _ = self.try_move(game, from, to);
        }
    }

    /// Tries the move from `from` to `to`; a promotion waits for [`PlayerInput::promote`].
    fn try_move(&mut self, game: &mut SkillGame, from: Square, to: Square) -> Result<(), InputError> {
        let candidates: Vec<Move> =
            game.board.legal_moves().iter().copied().filter(|m| m.from == from && m.to == to).collect();
        match candidates.as_slice() {
            [] => {
                let why = if game.board.is_frozen(from) {
                    format!("{from} is frozen")
                } else {
                    format!("{from}{to} is not a legal move")
                };
                self.message = Some(why.clone());
                self.selected = None;
                Err(InputError(why))
            }
            [m] => self.play(game, Action::Move(*m)),
            _ => {
                self.pending_promotion = Some((from, to));
                self.message = Some("Choose a piece to promote to".to_string());
                Ok(())
            }
        }
    }

    /// Completes a pending promotion with `role`.
    pub fn promote(&mut self, game: &mut SkillGame, role: Role) {
        if self.refuse_while_reviewing() {
            return;
        }
        let Some((from, to)) = self.pending_promotion.take() else { return };
        let m = game
            .board
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion == Some(role));
        match m {
            Some(m) => {
                let _ = self.play(game, Action::Move(m));
            }
            None => self.message = Some(format!("cannot promote to a {role}")),
        }
    }

    /// Enters a skill's targeting mode, if it can be cast.
    pub fn start_cast(&mut self, game: &SkillGame, skill: Skill) {
        if self.refuse_while_reviewing() || !game.players_turn() {
            return;
        }
        if !game.skills_enabled {
            self.message = Some("skills are off in this game".to_string());
            return;
        }
        if !game.board.can_cast(skill) {
            self.message = Some(format!(
                "{skill} is on cooldown for {} more ticks",
                game.board.cooldown(game.mover(), skill)
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
        *self = PlayerInput::default();
    }

    /// A typed command: a move in SAN or UCI, a skill (`tp e4e7`, `fz e7`).
    ///
    /// # Errors
    /// The reason the command was refused; nothing changes then but the message.
    pub fn command(&mut self, game: &mut SkillGame, text: &str) -> Result<(), InputError> {
        let text = text.trim();
        if self.refuse_while_reviewing() {
            return Err(InputError(REVIEWING.to_string()));
        }
        if !game.players_turn() {
            return Err(self.refuse("it is not your turn".to_string()));
        }
        let action = match game.board.parse_action(text) {
            Ok(a) => a,
            Err(_) => match game.board.position().parse_san(text) {
                Ok(m) => Action::Move(m),
                // Short enough for the message box beside the board whatever was typed (the SAN
                // parser's own error repeated the text and ran off the window).
                Err(_) => return Err(self.refuse(unreadable(text))),
            },
        };
        self.play(game, action)
    }

    /// Plays `action` for the player through [`SkillGame::apply_player_action`]; accepted, it clears
    /// the pending input; refused, it leaves the reason as the message.
    ///
    /// # Errors
    /// The reason it was refused.
    pub fn play(&mut self, game: &mut SkillGame, action: Action) -> Result<(), InputError> {
        match game.apply_player_action(action) {
            Ok(()) => {
                self.cancel();
                Ok(())
            }
            Err(e) => Err(self.refuse(e.0)),
        }
    }

    /// Takes back the player's last turn and the engine's reply, and clears the pending input.
    pub fn undo(&mut self, game: &mut SkillGame) {
        if self.refuse_while_reviewing() {
            return;
        }
        if game.resigned.is_some() {
            self.message = Some("a resignation cannot be taken back".to_string());
            return;
        }
        game.undo_turn();
        self.cancel();
    }

    /// Plays again the turn the last undo took back, and clears the pending input.
    pub fn redo(&mut self, game: &mut SkillGame) {
        if self.refuse_while_reviewing() {
            return;
        }
        let played = game.redo_turn();
        self.cancel();
        if played == 0 {
            self.message = Some("nothing to redo".to_string());
        }
    }

    fn refuse(&mut self, why: String) -> InputError {
        self.message = Some(why.clone());
        InputError(why)
    }
}

#[cfg(test)]
mod tests {
    use gambit_skills::{SkillBoard, SkillConfig};

    use super::*;
    use crate::game::Preset;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn game() -> SkillGame {
        SkillGame::new(SkillConfig::default(), gambit_rules::Color::White, Preset::Beginner, true).unwrap()
    }

    #[test]
    fn redo_says_when_there_is_nothing_to_redo() {
        let mut g = game();
        let mut input = PlayerInput::default();
        input.redo(&mut g);
        assert_eq!(input.message.as_deref(), Some("nothing to redo"));
        assert!(g.listed.is_empty());
    }

    #[test]
    fn click_click_and_drag_moves() {
        let (mut g, mut input) = (game(), PlayerInput::default());
        input.press(&mut g, sq("e2"));
        assert_eq!(input.selected, Some(sq("e2")));
        assert_eq!(input.highlighted_targets(&g), vec![sq("e3"), sq("e4")]);
        input.press(&mut g, sq("e4"));
        assert_eq!(g.listed[0].text, "e4");
        assert_eq!(g.last_move, Some((sq("e2"), sq("e4"))));
        assert!(g.engines_turn());
        // Not the player's turn: input is ignored.
        input.press(&mut g, sq("d2"));
        assert_eq!(input.selected, None);
        g.apply(Action::Move(g.board.position().parse_san("e5").unwrap())).unwrap();
        // An illegal drop changes nothing.
        let before = g.board.clone();
        input.drop_piece(&mut g, sq("d1"), sq("d5"));
        assert_eq!(g.board, before);
        input.drop_piece(&mut g, sq("g1"), sq("f3"));
        assert_eq!(g.listed.last().unwrap().text, "Nf3");
    }

    #[test]
    fn typed_commands_and_skills() {
        let (mut g, mut input) = (game(), PlayerInput::default());
        // Whatever is typed, an unreadable command's refusal stays short.
        let long = "z".repeat(32);
        assert!(input.command(&mut g, &long).is_err());
        let said = input.message.clone().unwrap();
        assert_eq!(
            said,
            format!(
                "\"{}\u{2026}\" is not a move (e4, Nf3, O-O) or a skill (tp e4e7, fz e7)",
                "z".repeat(11)
            )
        );
        assert!(said.chars().count() <= crate::screens::skill_chess::MESSAGE_CHARS);
        assert!(input.command(&mut g, "e4").is_ok());
        g.apply(Action::Move(g.board.position().parse_san("e5").unwrap())).unwrap();
        assert!(input.command(&mut g, "Ke3").is_err());
        assert!(input.message.is_some());
        assert!(input.command(&mut g, "fz e5").is_ok(), "a freeze is free: still White's turn");
        assert_eq!(input.message, None);
        assert!(g.players_turn());
        assert_eq!(g.board.frozen_ticks(sq("e5")), Some(3));
        assert!(input.command(&mut g, "g1f3").is_ok());
        assert_eq!(g.move_list_lines(), vec!["1. e4 e5".to_string(), "2. fz e5 Nf3".to_string()]);
    }

    #[test]
    fn targeting_mode_casts_teleport() {
        let (mut g, mut input) = (game(), PlayerInput::default());
        input.start_cast(&g, Skill::Teleport);
        assert_eq!(input.targeting, Targeting::TeleportPiece);
        input.press(&mut g, sq("b1"));
        assert_eq!(input.targeting, Targeting::TeleportTarget(sq("b1")));
        assert_eq!(input.selected_square(), Some(sq("b1")));
        // The default skill rules: two king steps at most.
        assert!(input.highlighted_targets(&g).contains(&sq("b3")));
        assert!(!input.highlighted_targets(&g).contains(&sq("e5")));
        input.press(&mut g, sq("b3"));
        assert_eq!(g.board.piece_at(sq("b3")).unwrap().role, Role::Knight);
        assert_eq!(input.targeting, Targeting::Move);
        assert!(g.engines_turn());
        assert_eq!(g.listed[0].text, "tp b1b3");
        assert!(g.listed[0].fen_after.is_some(), "b1b3 is not a knight move: a board edit");
    }

    #[test]
    fn reviewing_steps_through_earlier_positions_and_refuses_moves() {
        let (mut g, mut input) = (game(), PlayerInput::default());
        for m in ["e4", "e5", "Nf3", "Nc6"] {
            let action = g.board.position().parse_san(m).unwrap();
            g.apply(Action::Move(action)).unwrap();
        }
        assert_eq!(input.shown(&g), 4);
        input.press(&mut g, sq("d2"));
        assert_eq!(input.selected, Some(sq("d2")));
        // One step back: the position before 2... Nc6; the selection is dropped.
        input.review_step(&g, -1);
        assert_eq!(input.review, Some(3));
        assert_eq!(input.selected, None);
        assert!(input.is_busy(), "Escape leaves the review before it pauses");
        // No move can be played while reviewing, by any route.
        let before = g.clone();
        input.press(&mut g, sq("d2"));
        input.press(&mut g, sq("d4"));
        input.drop_piece(&mut g, sq("d2"), sq("d4"));
        assert!(input.command(&mut g, "d4").is_err());
        input.start_cast(&g, Skill::Freeze);
        input.undo(&mut g);
        assert_eq!(g.listed, before.listed);
        assert_eq!(g.board, before.board);
        assert_eq!(input.message.as_deref(), Some(REVIEWING));
        input.message = None;
        input.redo(&mut g);
        assert_eq!(g.listed, before.listed);
        assert_eq!(input.message.as_deref(), Some(REVIEWING));
        assert_eq!(input.targeting, Targeting::Move);
        // Clicking a move shows the position after it; stepping past either end is clamped.
        input.review_at(&g, 1);
        assert_eq!(input.review, Some(1));
        input.review_step(&g, -5);
        assert_eq!(input.review, Some(0));
        // Stepping forward to the end is the live game again, and moves play.
        input.review_step(&g, 10);
        assert_eq!(input.review, None);
        assert_eq!(input.message, None);
        assert!(input.command(&mut g, "d4").is_ok());
        assert_eq!(g.listed.len(), 5);
    }

    #[test]
    fn resigning_asks_first() {
        let (mut g, mut input) = (game(), PlayerInput::default());
        input.command(&mut g, "e4").unwrap();
        input.ask_resign(&g);
        assert!(input.confirm_resign);
        input.answer_resign(&mut g, false);
        assert!(!g.is_finished(), "No keeps playing");
        assert!(!input.confirm_resign);
        input.answer_resign(&mut g, true);
        assert!(!g.is_finished(), "a Yes without the question does nothing");
        input.ask_resign(&g);
        input.answer_resign(&mut g, true);
        assert!(g.is_finished());
        assert_eq!(g.resigned, Some(gambit_rules::Color::White));
        input.ask_resign(&g);
        assert!(!input.confirm_resign, "a finished game cannot be resigned");
    }

    #[test]
    fn promotion_waits_for_a_choice() {
        let board = SkillBoard::from_position(
            gambit_rules::Position::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap(),
            SkillConfig::default(),
        );
        let mut g = SkillGame::from_board(board, gambit_rules::Color::White, Preset::Beginner, true);
        let mut input = PlayerInput::default();
        input.press(&mut g, sq("a7"));
        input.press(&mut g, sq("a8"));
        assert_eq!(input.pending_promotion, Some((sq("a7"), sq("a8"))));
        assert!(input.is_busy());
        input.promote(&mut g, Role::Knight);
        assert_eq!(g.board.piece_at(sq("a8")).unwrap().role, Role::Knight);
        assert_eq!(g.listed[0].text, "a8=N");
        assert!(!input.is_busy());
    }
}
