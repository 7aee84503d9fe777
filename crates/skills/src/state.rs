//! The whole board state as JSON, and the log replay.

use std::collections::BTreeMap;

use gambit_rules::{Color, FenError, Position, Square};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::board::SkillBoard;
use crate::config::{ConfigError, SkillConfig};
use crate::error::SkillError;
use crate::log::LogEntry;
use crate::skill::{Cooldowns, Skill, cooldowns_json};

/// The JSON form of a board.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateJson {
    config: Value,
    fen: String,
    cooldowns: Cooldowns,
    frozen: BTreeMap<String, u32>,
    log: Vec<LogEntry>,
}

/// A board state that cannot be loaded or a log that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StateError {
    /// Not JSON, or not the shape of a state (missing or unknown field, wrong type).
    #[error("bad state JSON: {0}")]
    Json(String),
    /// The embedded config is invalid.
    #[error("state config: {0}")]
    Config(ConfigError),
    /// The start position (`config.start_fen`) is not a FEN the unchecked constructor accepts.
    #[error("state start position: {0}")]
    StartPosition(FenError),
    /// A log entry that cannot be replayed.
    #[error("log entry {index} ({text}): {error}")]
    Replay {
        /// The entry's index in the log.
        index: usize,
        /// The entry as `kind detail`.
        text: String,
        /// Why the action was rejected (a tick with a bad count is a [`SkillError::Syntax`]).
        error: SkillError,
    },
    /// The replayed state differs from the stored one.
    #[error("state {what} does not match its log: stored {stored}, replayed {replayed}")]
    Mismatch {
        /// Which part: `fen`, `cooldowns`, `frozen` or `log entry N`.
        what: String,
        /// The stored value.
        stored: String,
        /// The value the replay produced.
        replayed: String,
    },
}

impl SkillBoard {
    /// The whole state as pretty JSON: `config`, `fen` (the current position), `cooldowns`
    /// (`{"white": {"teleport": t, "freeze": f}, "black": {...}}`), `frozen` (square name to remaining
    /// ticks) and `log` (entries with `kind`, `detail`, `actor`, `cooldowns`).
    #[must_use]
    pub fn to_json(&self) -> String {
        let state = StateJson {
            config: serde_json::to_value(self.config()).expect("a config always serializes"),
            fen: self.position().to_fen(),
            cooldowns: self.cooldowns(),
            frozen: self.frozen().into_iter().map(|(sq, t)| (sq.to_string(), t)).collect(),
            log: self.log().to_vec(),
        };
        serde_json::to_string_pretty(&state).expect("a state always serializes")
    }

    /// Loads a state written by [`SkillBoard::to_json`]: the log is replayed from the config's start
    /// position (parsed with the rules' unchecked constructor, so any start round-trips), which also
    /// rebuilds the undo history, and the result must match the stored `fen`, `cooldowns` and `frozen`.
    /// A config without `skill_rules` (a state written before the field existed) is read under
    /// [`SkillRules::CLASSIC`](crate::SkillRules::CLASSIC), the rules it was played by.
    ///
    /// # Errors
    /// [`StateError::Json`], [`StateError::Config`], [`StateError::StartPosition`],
    /// [`StateError::Replay`] or [`StateError::Mismatch`].
    pub fn from_json(text: &str) -> Result<SkillBoard, StateError> {
        let mut state: StateJson = serde_json::from_str(text).map_err(|e| StateError::Json(e.to_string()))?;
        // A state written before `skill_rules` existed was played under the prototype's rules.
        if let Some(fields) = state.config.as_object_mut() {
            fields.entry("skill_rules").or_insert_with(|| Value::String("classic".into()));
        }
        let config = SkillConfig::from_value(&state.config).map_err(StateError::Config)?;
        let board = SkillBoard::replay(config, &state.log)?;
        let check = |what: &str, stored: String, replayed: String| {
            if stored == replayed {
                Ok(())
            } else {
                Err(StateError::Mismatch { what: what.to_string(), stored, replayed })
            }
        };
        check("fen", state.fen, board.position().to_fen())?;
        check("cooldowns", cooldowns_json(&state.cooldowns), cooldowns_json(&board.cooldowns()))?;
        let frozen: BTreeMap<String, u32> =
            board.frozen().into_iter().map(|(sq, t)| (sq.to_string(), t)).collect();
        check("frozen", format!("{:?}", state.frozen), format!("{frozen:?}"))?;
        Ok(board)
    }

    /// Rebuilds a board by replaying `log` from `config`'s start position (an empty `start_fen` is the
    /// standard start; otherwise the FEN is parsed with the unchecked constructor). Every replayed entry
    /// must equal the stored one (actor and cooldowns included).
    ///
    /// # Errors
    /// [`StateError::StartPosition`], [`StateError::Replay`] for an entry that is rejected,
    /// [`StateError::Mismatch`] for an entry that replays differently.
    pub fn replay(config: SkillConfig, log: &[LogEntry]) -> Result<SkillBoard, StateError> {
        let start = if config.start_fen.trim().is_empty() {
            config.start_position().map_err(|e| match e {
                ConfigError::BadFen(f) => StateError::StartPosition(f),
                other => StateError::Config(other),
            })?
        } else {
            crate::config::read_start_fen(&config.start_fen, config.rules.rule_set(), false)
                .map_err(StateError::StartPosition)?
        };
        let mut board = SkillBoard::with_parts(start, config);
        for (index, entry) in log.iter().enumerate() {
            let text = format!("{} {}", entry.kind, entry.detail);
            let result = match entry.action_text() {
                Some(action) => board.push_action(&action).map(|_| ()),
                None => match entry.detail.parse::<u32>() {
                    Ok(n) if n > 0 => {
                        board.tick_cooldowns(n);
                        Ok(())
                    }
                    _ => Err(SkillError::Syntax(entry.detail.chars().take(32).collect())),
                },
            };
            result.map_err(|error| StateError::Replay { index, text: text.clone(), error })?;
            let replayed = board.log().last().expect("an entry was just logged");
            if replayed != entry {
                return Err(StateError::Mismatch {
                    what: format!("log entry {index}"),
                    stored: format!("{entry:?}"),
                    replayed: format!("{replayed:?}"),
                });
            }
        }
        Ok(board)
    }
}

impl SkillBoard {
    /// The state as one line of text (no log, no history): `FEN;wt wf bt bf;frozen`, with White's
    /// Teleport and Freeze cooldowns, then Black's (ticks), and the frozen squares as `square:ticks`
    /// separated by spaces (empty when none); when a side's teleported piece may not capture
    /// ([`SkillBoard::teleported_piece`]) a fourth field lists them as `white:e5 black:d4`. [`SkillBoard::from_state_line`] reads it back. Test data,
    /// opening files and logs use it.
    ///
    /// ```
    /// use gambit_skills::{SkillBoard, SkillConfig};
    /// let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    /// b.push_action("fz e7").unwrap();
    /// b.push_action("e2e4").unwrap();
    /// let line = b.state_line();
    /// assert_eq!(line, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0 8 0 0;e7:2");
    /// let back = SkillBoard::from_state_line(&line, SkillConfig::classic()).unwrap();
    /// assert_eq!((back.position(), back.cooldowns(), back.frozen()), (b.position(), b.cooldowns(), b.frozen()));
    /// ```
    #[must_use]
    pub fn state_line(&self) -> String {
        let c = self.cooldowns();
        let frozen: Vec<String> = self.frozen().iter().map(|(sq, t)| format!("{sq}:{t}")).collect();
        let mut line = format!(
            "{};{} {} {} {};{}",
            self.position().to_fen(),
            c.white.teleport,
            c.white.freeze,
            c.black.teleport,
            c.black.freeze,
            frozen.join(" ")
        );
        let marked: Vec<String> = [Color::White, Color::Black]
            .into_iter()
            .filter_map(|color| self.teleported_piece(color).map(|sq| format!("{color}:{sq}")))
            .collect();
        if !marked.is_empty() {
            line.push(';');
            line.push_str(&marked.join(" "));
        }
        line
    }

    /// Reads a [`SkillBoard::state_line`]; a bare FEN means the cooldowns of a game's start (see
    /// [`SkillBoard::new`]) and nothing frozen. The
    /// position is checked under `config`'s rules, whose other fields apply as they are (its
    /// `start_fen` becomes the line's FEN).
    ///
    /// # Errors
    /// [`StateError::StartPosition`] for a bad FEN, [`StateError::Json`] (with the reason) for bad
    /// cooldowns or frozen squares.
    pub fn from_state_line(line: &str, config: SkillConfig) -> Result<SkillBoard, StateError> {
        let mut parts = line.trim().split(';');
        let fen = parts.next().unwrap_or_default().trim();
        let position =
            Position::from_fen_with(fen, config.rules.rule_set()).map_err(StateError::StartPosition)?;
        let mut board = SkillBoard::from_position(position, config);
        let bad = |what: &str| StateError::Json(format!("state line: {what}"));
        if let Some(cooldowns) = parts.next() {
            let ticks: Vec<u32> = cooldowns
                .split_whitespace()
                .map(|t| t.parse().map_err(|_| bad("cooldowns must be four tick counts")))
                .collect::<Result<_, _>>()?;
            let [wt, wf, bt, bf] = ticks[..] else { return Err(bad("cooldowns must be four tick counts")) };
            for (color, t, f) in [(Color::White, wt, wf), (Color::Black, bt, bf)] {
                board.set_cooldown(color, Skill::Teleport, t);
                board.set_cooldown(color, Skill::Freeze, f);
            }
        }
        if let Some(frozen) = parts.next() {
            for item in frozen.split_whitespace() {
                let (sq, t) = item.split_once(':').ok_or_else(|| bad("frozen squares are square:ticks"))?;
                let sq: Square = sq.parse().map_err(|_| bad("frozen squares are square:ticks"))?;
                let t: u32 = t.parse().map_err(|_| bad("frozen squares are square:ticks"))?;
                board.set_frozen_ticks(sq, t);
            }
        }
        if let Some(marked) = parts.next() {
            for item in marked.split_whitespace() {
                let wrong = || bad("teleported pieces are color:square");
                let (color, sq) = item.split_once(':').ok_or_else(wrong)?;
                let color: Color = color.parse().map_err(|_| wrong())?;
                let sq: Square = sq.parse().map_err(|_| wrong())?;
                board.set_teleported_piece(color, Some(sq));
            }
        }
        if parts.next().is_some() {
            return Err(bad("at most four fields separated by `;`"));
        }
        Ok(board)
    }
}
