//! The skill-chess game as the app holds it: the board with skills, the sides, the engine's strength,
//! the move list, the last move, and the generation that tells a stale engine reply. The
//! model only: what the player is in the middle of doing (a selection, a targeting mode, a promotion
//! choice, a message) is the skill-chess screen's [`super::input::PlayerInput`]. Pure Rust with no Bevy
//! systems, tested directly as well as through the app.

use bevy::prelude::Resource;
use gambit_roguelite::versus::GameScore;
use gambit_rules::{Color, Outcome, PgnResult, Role, Square};
use gambit_skills::{Action, SkillBoard, SkillConfig};
use serde::{Deserialize, Serialize};

use super::Preset;

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

/// The state of one game of skill chess against the engine, or between two players on one machine.
#[derive(Resource, Clone, Debug)]
pub struct SkillGame {
    /// The board with skills.
    pub board: SkillBoard,
    /// The player's colour; the engine plays the other. In a two-player game, the side shown at the
    /// bottom when the game starts (both sides are played at the board: see [`SkillGame::mover`]).
    pub player: Color,
    /// The engine's strength (unused in a two-player game).
    pub strength: Preset,
    /// Two players on one machine: no engine, both sides take input in turn, and the result goes to
    /// the two-player records, not against a preset.
    pub two_players: bool,
    /// Whether skills are enabled (when off, the skill buttons and commands are refused).
    pub skills_enabled: bool,
    /// The last move's squares, for highlighting.
    pub last_move: Option<(Square, Square)>,
    /// The move list.
    pub listed: Vec<ListedAction>,
    /// Bumped whenever the game changes under the engine (new game, undo): a reply computed for an
    /// older generation is dropped.
    pub generation: u64,
    /// The side that resigned, if one did: the game is then over, lost by that side.
    pub resigned: Option<Color>,
    /// Whether the result is already in the player's records (so it is counted once, even after an
    /// undo and a second ending).
    pub recorded: bool,
    /// The turns taken back by [`SkillGame::undo_turn`] that [`SkillGame::redo_turn`] can play
    /// again, the most recent last, each turn's actions in the order they were played. A new action
    /// clears it; it is not saved with the game.
    pub undone: Vec<Vec<Action>>,
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
            two_players: false,
            last_move: None,
            listed: Vec::new(),
            generation: 0,
            resigned: None,
            recorded: false,
            undone: Vec::new(),
        }
    }

    /// A game of two players on one machine from `board` (White moves first unless the board says
    /// otherwise); `bottom` is the side shown at the bottom at the start.
    #[must_use]
    pub fn two_players(board: SkillBoard, bottom: Color, skills_enabled: bool) -> SkillGame {
        let mut game = SkillGame::from_board(board, bottom, Preset::default(), skills_enabled);
        game.two_players = true;
        game
    }

    /// The side whose input the board takes: the player's colour against the engine, the side to move
    /// in a two-player game.
    #[must_use]
    pub fn mover(&self) -> Color {
        if self.two_players { self.board.turn() } else { self.player }
    }

    /// Whether it is a player's turn (and the game is not over): always in a two-player game.
    #[must_use]
    pub fn players_turn(&self) -> bool {
        self.board.turn() == self.mover() && !self.is_finished()
    }

    /// Whether the engine should move now (never in a two-player game).
    #[must_use]
    pub fn engines_turn(&self) -> bool {
        !self.two_players && self.board.turn() != self.player && !self.is_finished()
    }

    /// The outcome on the board, if the game is finished there ([`SkillBoard::finished`]: claimable
    /// draws included). A resignation is no outcome on the board: see [`SkillGame::result`].
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.board.finished()
    }

    /// The result as PGN names it: a resignation, else the board's outcome; `Unfinished` while the
    /// game goes on.
    #[must_use]
    pub fn result(&self) -> PgnResult {
        match self.resigned {
            Some(Color::White) => PgnResult::BlackWins,
            Some(Color::Black) => PgnResult::WhiteWins,
            None => PgnResult::from_outcome(self.outcome()),
        }
    }

    /// How the finished game ended for the player; `None` while it goes on, and in a two-player game
    /// (see [`SkillGame::two_player_result`]).
    #[must_use]
    pub fn player_score(&self) -> Option<GameScore> {
        if self.two_players {
            return None;
        }
        let winner = match self.result() {
            PgnResult::Unfinished => return None,
            PgnResult::Draw => return Some(GameScore::Draw),
            PgnResult::WhiteWins => Color::White,
            PgnResult::BlackWins => Color::Black,
        };
        Some(if winner == self.player { GameScore::Win } else { GameScore::Loss })
    }

    /// How a finished two-player game ended (`None` while it goes on, and against the engine).
    #[must_use]
    pub fn two_player_result(&self) -> Option<PgnResult> {
        match self.result() {
            _ if !self.two_players => None,
            PgnResult::Unfinished => None,
            result => Some(result),
        }
    }

    /// The player resigns (in a two-player game, the side to move): the game is over, lost by them.
    ///
    /// # Errors
    /// Refused when the game is already over.
    pub fn resign(&mut self) -> Result<(), InputError> {
        if self.is_finished() {
            return Err(InputError("the game is already over".to_string()));
        }
        self.resigned = Some(self.mover());
        self.generation += 1;
        Ok(())
    }

    /// The board after the first `shown` actions of the move list (0: the start), and the squares
    /// the last of them moved a piece between (for the last-move highlight), for a review of the
    /// game. `None` when `shown` is past the end of the list or the board's history does not reach
    /// back that far.
    #[must_use]
    pub fn board_after(&self, shown: usize) -> Option<(SkillBoard, Option<(Square, Square)>)> {
        let back = self.listed.len().checked_sub(shown)?;
        if shown == 0 {
            return Some((self.board.rewound(back)?, None));
        }
        let mut board = self.board.rewound(back + 1)?;
        let action = board.parse_action(&self.listed[shown - 1].action).ok()?;
        let played = board.play_action(action).ok()?;
        Some((board, played.squares()))
    }

    /// The pieces each side has captured, least valuable first (the skills crate's
    /// [`SkillBoard::captured`], indexed by the capturing side).
    #[must_use]
    pub fn captured(&self) -> gambit_rules::ByColor<Vec<Role>> {
        self.board.captured()
    }

    /// Plays an action for the player.
    ///
    /// # Errors
    /// The reason it was refused; nothing changes then.
    pub fn apply_player_action(&mut self, action: Action) -> Result<(), InputError> {
        if !self.players_turn() {
            return Err(InputError("it is not your turn".to_string()));
        }
        if action.skill().is_some() && !self.skills_enabled {
            return Err(InputError("skills are off in this game".to_string()));
        }
        self.apply(action).map_err(InputError)
    }

    /// Plays an action for whichever side is to move, recording it in the move list.
    ///
    /// # Errors
    /// The skills crate's reason, as text.
    pub fn apply(&mut self, action: Action) -> Result<(), String> {
        self.play_listed(action)?;
        self.undone.clear();
        Ok(())
    }

    /// [`SkillGame::apply`] without clearing the redo list (what [`SkillGame::redo_turn`] plays).
    fn play_listed(&mut self, action: Action) -> Result<(), String> {
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
    /// turn began), through the skills crate's undo; in a two-player game, the last turn played (the
    /// last actions of the side that acted last). Returns how many actions were undone.
    pub fn undo_turn(&mut self) -> usize {
        let mut undone = 0;
        if self.resigned.is_some() {
            // A resignation is final.
            return undone;
        }
        if self.two_players {
            let last_actor = self.listed.last().map(|l| l.actor);
            let mut turn = Vec::new();
            while self.board.undo_len() > 0
                && last_actor.is_some()
                && self.listed.last().map(|l| l.actor) == last_actor
            {
                turn.extend(self.board.undo());
                self.listed.pop();
                undone += 1;
            }
            self.keep_for_redo(turn);
            self.last_move = None;
            self.generation += 1;
            return undone;
        }
        // Undo the engine's actions (if any) and then the player's, until the player is to move with
        // one of their own actions undone.
        let mut turn = Vec::new();
        while self.board.undo_len() > 0 {
            let actor = self.listed.last().map(|l| Color::from(l.actor));
            turn.extend(self.board.undo());
            self.listed.pop();
            undone += 1;
            if actor == Some(self.player) && self.board.turn() == self.player {
                // Keep undoing earlier free actions (freezes) of the same turn.
                if self.listed.last().is_none_or(|l| Color::from(l.actor) != self.player) {
                    break;
                }
            }
        }
        self.keep_for_redo(turn);
        self.last_move = None;
        self.generation += 1;
        undone
    }

    /// Keeps a turn just taken back (its actions latest first) for [`SkillGame::redo_turn`].
    fn keep_for_redo(&mut self, mut turn: Vec<Action>) {
        if !turn.is_empty() {
            turn.reverse();
            self.undone.push(turn);
        }
    }

    /// Plays again the turn the last [`SkillGame::undo_turn`] took back (against the engine: the
    /// player's actions and the engine's reply), through the skills crate's checked play, so the
    /// board, the move list and the undo history are as before the undo. Returns how many actions
    /// were played (0 when nothing was taken back since the last new action, or after a resignation).
    pub fn redo_turn(&mut self) -> usize {
        if self.resigned.is_some() {
            // A resignation is final: nothing is played after it.
            return 0;
        }
        let Some(turn) = self.undone.pop() else { return 0 };
        let mut played = 0;
        for action in turn {
            if self.play_listed(action).is_err() {
                // Not expected (the same actions from the same state); the rest is dropped.
                self.undone.clear();
                break;
            }
            played += 1;
        }
        self.generation += 1;
        played
    }

    /// The move list as numbered pairs, e.g. `1. e4 e5`, skill actions in their text form.
    #[must_use]
    pub fn move_list_lines(&self) -> Vec<String> {
        self.move_list_rows()
            .into_iter()
            .map(|(number, indices)| {
                let mut line = number;
                for i in indices {
                    line.push(' ');
                    line.push_str(&self.listed[i].text);
                }
                line
            })
            .collect()
    }

    /// The move list's rows: the move number (`1.`, or `1. ...` when Black acts first) and the indices
    /// into [`SkillGame::listed`] of the actions on that row (White's, then Black's; a freeze is an
    /// action of its own).
    #[must_use]
    pub fn move_list_rows(&self) -> Vec<(String, Vec<usize>)> {
        let mut rows: Vec<(String, Vec<usize>)> = Vec::new();
        let mut number = 1;
        let mut last_actor = None;
        for (i, entry) in self.listed.iter().enumerate() {
            let actor = Color::from(entry.actor);
            match rows.last_mut() {
                Some(row) if !(actor == Color::White && last_actor == Some(Color::Black)) => row.1.push(i),
                Some(_) => {
                    number += 1;
                    rows.push((format!("{number}."), vec![i]));
                }
                None if actor == Color::White => rows.push((format!("{number}."), vec![i])),
                None => rows.push((format!("{number}. ..."), vec![i])),
            }
            last_actor = Some(actor);
        }
        rows
    }

    /// A short line naming the result and its reason, or whose turn it is.
    #[must_use]
    pub fn status_line(&self) -> String {
        if let Some(side) = self.resigned {
            return if side == self.player && !self.two_players {
                "You resigned".to_string()
            } else {
                format!("{} resigned", side_name(side))
            };
        }
        match self.outcome() {
            Some(Outcome::Checkmate { winner }) if self.two_players => {
                format!("Checkmate: {} wins", side_name(winner))
            }
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
                if self.two_players {
                    format!("{} to move{check}", side_name(self.board.turn()))
                } else if self.players_turn() {
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
        self.board.is_finished() || self.resigned.is_some()
    }
}

/// `"White"` or `"Black"`.
#[must_use]
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> SkillGame {
        SkillGame::new(SkillConfig::default(), Color::White, Preset::Beginner, true).unwrap()
    }

    fn play(g: &mut SkillGame, text: &str) {
        let action =
            g.board.parse_action(text).or_else(|_| g.board.position().parse_san(text).map(Action::Move));
        g.apply(action.unwrap()).unwrap();
    }

    #[test]
    fn undo_takes_back_the_players_turn_and_the_reply() {
        let mut g = game();
        for m in ["e4", "e5", "Nf3", "Nc6"] {
            play(&mut g, m);
        }
        assert_eq!(g.undo_turn(), 2);
        assert_eq!(g.listed.len(), 2);
        assert!(g.players_turn());
        assert_eq!(
            g.board.position().to_fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
    }

    #[test]
    fn redo_plays_the_undone_turn_again_until_a_new_action() {
        let mut g = game();
        for m in ["e4", "e5", "fz e5", "Nf3", "Nc6"] {
            play(&mut g, m);
        }
        let (key, lines, undo_len) = (g.board.state_key(), g.move_list_lines(), g.board.undo_len());
        // The player's freeze and move and the engine's reply.
        assert_eq!(g.undo_turn(), 3);
        assert_eq!(g.undo_turn(), 2);
        assert_eq!(g.undone.len(), 2);
        assert_eq!(g.redo_turn(), 2);
        assert_eq!(g.redo_turn(), 3);
        assert_eq!(g.redo_turn(), 0, "nothing left to redo");
        assert_eq!(g.board.state_key(), key);
        assert_eq!(g.move_list_lines(), lines);
        assert_eq!(g.board.undo_len(), undo_len, "the redone actions can be taken back again");
        assert_eq!(g.undo_turn(), 3);
        play(&mut g, "d4");
        assert!(g.undone.is_empty(), "a new action clears the redo list");
        assert_eq!(g.redo_turn(), 0);
    }

    #[test]
    fn the_move_list_pairs_moves_and_skills() {
        let mut g = game();
        for m in ["e4", "e5", "fz e5", "g1f3"] {
            play(&mut g, m);
        }
        assert_eq!(g.move_list_lines(), vec!["1. e4 e5".to_string(), "2. fz e5 Nf3".to_string()]);
        assert_eq!(g.last_move, Some(("g1".parse().unwrap(), "f3".parse().unwrap())));
    }

    #[test]
    fn a_resignation_ends_the_game_as_a_loss_and_is_final() {
        let mut g = game();
        play(&mut g, "e4");
        play(&mut g, "e5");
        play(&mut g, "d4");
        assert_eq!(g.undo_turn(), 1);
        assert_eq!(g.player_score(), None);
        g.resign().unwrap();
        assert_eq!(g.redo_turn(), 0, "nothing is played after a resignation");
        assert!(g.is_finished() && !g.players_turn() && !g.engines_turn());
        assert_eq!(g.result(), PgnResult::BlackWins);
        assert_eq!(g.player_score(), Some(GameScore::Loss));
        assert_eq!(g.status_line(), "You resigned");
        assert_eq!(g.undo_turn(), 0, "no take-back after resigning");
        assert!(g.resign().is_err(), "only once");
    }

    #[test]
    fn the_board_after_each_listed_action_for_review() {
        let mut g = game();
        for m in ["e4", "e5", "fz e5", "Nf3"] {
            play(&mut g, m);
        }
        let (start, none) = g.board_after(0).unwrap();
        assert_eq!(start.position(), &gambit_rules::Position::startpos());
        assert_eq!(none, None);
        let (after_two, last) = g.board_after(2).unwrap();
        assert_eq!(
            after_two.position().to_fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        assert_eq!(last, Some(("e7".parse().unwrap(), "e5".parse().unwrap())));
        let (frozen, no_squares) = g.board_after(3).unwrap();
        assert!(frozen.is_frozen("e5".parse().unwrap()));
        assert_eq!(no_squares, None, "a freeze moves no piece");
        assert_eq!(g.board_after(4).unwrap().0, g.board);
        assert!(g.board_after(5).is_none());
    }

    #[test]
    fn player_actions_are_refused_out_of_turn_or_with_skills_off() {
        let mut g = SkillGame::new(SkillConfig::default(), Color::White, Preset::Beginner, false).unwrap();
        let freeze = g.board.parse_action("fz e7").unwrap();
        assert!(g.apply_player_action(freeze).is_err());
        play(&mut g, "e4");
        let reply = g.board.parse_action("e7e5").unwrap();
        assert_eq!(g.apply_player_action(reply), Err(InputError("it is not your turn".to_string())));
    }

    #[test]
    fn two_players_take_turns_and_undo_takes_back_one_turn() {
        let board = SkillBoard::new(SkillConfig::default()).unwrap();
        let mut g = SkillGame::two_players(board, Color::White, true);
        assert!(!g.engines_turn());
        assert_eq!((g.mover(), g.status_line().as_str()), (Color::White, "White to move"));
        let e4 = g.board.parse_action("e2e4").unwrap();
        g.apply_player_action(e4).unwrap();
        assert!(g.players_turn() && !g.engines_turn(), "Black plays at the same board");
        assert_eq!((g.mover(), g.status_line().as_str()), (Color::Black, "Black to move"));
        for text in ["fz e4", "e7e5"] {
            let action = g.board.parse_action(text).unwrap();
            g.apply_player_action(action).unwrap();
        }
        assert_eq!(g.undo_turn(), 2, "Black's turn: the freeze and the move");
        assert_eq!(g.mover(), Color::Black);
        assert_eq!(g.listed.len(), 1);
        // Fool's mate from a fresh board (White's Teleport, which could escape it, on cooldown): Black
        // mates, and nothing counts against a preset.
        let mut board = SkillBoard::new(SkillConfig::default()).unwrap();
        board.set_cooldown(Color::White, gambit_skills::Skill::Teleport, 9);
        let mut g = SkillGame::two_players(board, Color::White, true);
        for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            let action = g.board.parse_action(text).unwrap();
            g.apply_player_action(action).unwrap();
        }
        assert_eq!(g.status_line(), "Checkmate: Black wins");
        assert_eq!(g.player_score(), None);
        assert_eq!(g.two_player_result(), Some(PgnResult::BlackWins));
    }

    #[test]
    fn in_a_two_player_game_the_side_to_move_resigns() {
        let board = SkillBoard::new(SkillConfig::default()).unwrap();
        let mut g = SkillGame::two_players(board, Color::White, false);
        let e4 = g.board.parse_action("e2e4").unwrap();
        g.apply_player_action(e4).unwrap();
        g.resign().unwrap();
        assert_eq!(g.status_line(), "Black resigned");
        assert_eq!(g.two_player_result(), Some(PgnResult::WhiteWins));
    }
}
