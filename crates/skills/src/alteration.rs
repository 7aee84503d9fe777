//! Skill-chess actions described as alterations (seed 004): the rules' [`Alteration`]s of the board
//! and the skill state a move, Teleport or Freeze changes (cooldowns, freeze ticks, the piece barred
//! from capturing after its teleport), each reversible on its own.

use gambit_rules::{Alteration, AlterationError, Color, Square};
use thiserror::Error;

use crate::{Action, Skill, SkillBoard};

/// One reversible edit of a skill-chess board. An action is a [`Checkpoint`](SkillAlteration::Checkpoint)
/// followed by the board's alterations and the changes of skill state
/// ([`SkillBoard::alterations`]); each names its state before and after, so its
/// [`inverse`](SkillAlteration::inverse) needs no board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SkillAlteration {
    /// Where an action begins: taking alterations back down to a checkpoint takes back one action.
    Checkpoint,
    /// An alteration of the position (never [`Alteration::Checkpoint`]).
    Board(Alteration),
    /// A side's cooldown of a skill changes (in ticks).
    Cooldown {
        /// The side.
        color: Color,
        /// The skill.
        skill: Skill,
        /// The ticks before.
        before: u32,
        /// The ticks after.
        after: u32,
    },
    /// A square's freeze ticks change (0: not frozen).
    Frozen {
        /// The square.
        square: Square,
        /// The ticks before.
        before: u32,
        /// The ticks after.
        after: u32,
    },
    /// The square of the piece of `color` that may not capture after its teleport changes
    /// ([`SkillRules::teleported_cannot_capture`](crate::SkillRules::teleported_cannot_capture)).
    Teleported {
        /// The side.
        color: Color,
        /// The square before.
        before: Option<Square>,
        /// The square after.
        after: Option<Square>,
    },
}

/// Why [`SkillBoard::apply_alteration`] refused an alteration; the board is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
pub enum SkillAlterationError {
    /// The position refused a board alteration.
    #[error(transparent)]
    Board(#[from] AlterationError),
    /// A change of skill state whose `before` is not the board's present state.
    #[error("the alteration {0:?} does not start from the board's state")]
    StateMismatch(SkillAlteration),
}

impl SkillAlteration {
    /// The alteration that undoes this one (see [`Alteration::inverse`]).
    #[must_use]
    pub const fn inverse(self) -> SkillAlteration {
        match self {
            SkillAlteration::Checkpoint => SkillAlteration::Checkpoint,
            SkillAlteration::Board(a) => SkillAlteration::Board(a.inverse()),
            SkillAlteration::Cooldown { color, skill, before, after } => {
                SkillAlteration::Cooldown { color, skill, before: after, after: before }
            }
            SkillAlteration::Frozen { square, before, after } => {
                SkillAlteration::Frozen { square, before: after, after: before }
            }
            SkillAlteration::Teleported { color, before, after } => {
                SkillAlteration::Teleported { color, before: after, after: before }
            }
        }
    }
}

impl SkillBoard {
    /// The legal `action` described as alterations, in the order they can be applied: a
    /// [`Checkpoint`](SkillAlteration::Checkpoint); the position's alterations
    /// ([`Position::alterations_to`](gambit_rules::Position::alterations_to): pieces removed, pieces
    /// placed, then castling rights, en passant square, clocks and side to move); then the cooldowns
    /// (White's first, Teleport before Freeze), the freeze ticks (by square, a1 first) and the pieces
    /// barred from capturing, each only when it changes. A Freeze keeps the side to move, so its
    /// position part is empty.
    ///
    /// Applying them ([`SkillBoard::apply_alteration`]) gives the board
    /// [`SkillBoard::play_action_unchecked`] gives (position, key, cooldowns, freeze ticks; the same
    /// [`SkillBoard::state_key`]). Computed on a copy of the board; the board is not changed.
    ///
    /// ```
    /// use gambit_rules::Color;
    /// use gambit_skills::{Action, Skill, SkillAlteration, SkillBoard, SkillConfig};
    /// let board = SkillBoard::new(SkillConfig::default()).unwrap();
    /// let steps = board.alterations(Action::Freeze("e7".parse().unwrap()));
    /// assert_eq!(steps[0], SkillAlteration::Checkpoint);
    /// assert!(steps.contains(&SkillAlteration::Frozen { square: "e7".parse().unwrap(), before: 0, after: 3 }));
    /// assert!(steps.iter().any(|a| matches!(
    ///     a,
    ///     SkillAlteration::Cooldown { color: Color::White, skill: Skill::Freeze, before: 0, .. }
    /// )));
    /// ```
    #[must_use]
    pub fn alterations(&self, action: Action) -> Vec<SkillAlteration> {
        let mut after = self.copy_without_records();
        after.play_action_unchecked(action);
        let mut out = vec![SkillAlteration::Checkpoint];
        out.extend(self.alterations_to(&after));
        out
    }

    /// The alterations that turn this board into `after`, with no checkpoint, in the order of
    /// [`SkillBoard::alterations`]: the position's
    /// ([`Position::alterations_to`](gambit_rules::Position::alterations_to), blocked tiles
    /// included), then the cooldowns, freeze ticks and pieces barred from capturing that differ. For
    /// two states of one board (an action, or a layer above editing it: a battle's wall, damage or
    /// reinforcement); the skill configuration and rules must be the same in both.
    #[must_use]
    pub fn alterations_to(&self, after: &SkillBoard) -> Vec<SkillAlteration> {
        let mut out: Vec<SkillAlteration> = self
            .position()
            .alterations_to(after.position())
            .into_iter()
            .map(SkillAlteration::Board)
            .collect();
        for color in Color::ALL {
            for skill in Skill::ALL {
                let (before, now) = (self.cooldown(color, skill), after.cooldown(color, skill));
                if before != now {
                    out.push(SkillAlteration::Cooldown { color, skill, before, after: now });
                }
            }
        }
        for square in (0..64).filter_map(Square::new) {
            let before = self.frozen_ticks(square).unwrap_or(0);
            let now = after.frozen_ticks(square).unwrap_or(0);
            if before != now {
                out.push(SkillAlteration::Frozen { square, before, after: now });
            }
        }
        for color in Color::ALL {
            let (before, now) = (self.teleported_piece(color), after.teleported_piece(color));
            if before != now {
                out.push(SkillAlteration::Teleported { color, before, after: now });
            }
        }
        out
    }

    /// Applies one alteration. Board alterations go through
    /// [`Position::apply`](gambit_rules::Position::apply) (no castling rights or en passant square
    /// dropped); a checkpoint changes nothing. Like the other edits from outside the actions
    /// ([`SkillBoard::edit_position`] and the setters), it clears the undo records: a board moved on
    /// by alterations is taken back by their inverses, not by [`SkillBoard::undo`]. The log is kept.
    ///
    /// # Errors
    /// [`SkillAlterationError::Board`] when the position refuses a board alteration,
    /// [`SkillAlterationError::StateMismatch`] when a cooldown, freeze or teleport change does not
    /// start from the present state. The board is unchanged on error.
    pub fn apply_alteration(&mut self, alteration: SkillAlteration) -> Result<(), SkillAlterationError> {
        let mismatch = Err(SkillAlterationError::StateMismatch(alteration));
        match alteration {
            SkillAlteration::Checkpoint => {}
            SkillAlteration::Board(a) => self.edit_position(|p| p.apply(a))?,
            SkillAlteration::Cooldown { color, skill, before, after } => {
                if self.cooldown(color, skill) != before {
                    return mismatch;
                }
                self.set_cooldown(color, skill, after);
            }
            SkillAlteration::Frozen { square, before, after } => {
                if self.frozen_ticks(square).unwrap_or(0) != before {
                    return mismatch;
                }
                self.set_frozen_ticks(square, after);
            }
            SkillAlteration::Teleported { color, before, after } => {
                if self.teleported_piece(color) != before {
                    return mismatch;
                }
                self.set_teleported_piece(color, after);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SkillConfig, SkillRules};

    /// Games of chosen-at-random legal actions under both presets and the battles' capture rule: at
    /// every state, each action's alterations applied give the board `play_action_unchecked` gives,
    /// and their inverses in reverse order give back the board.
    #[test]
    fn alterations_replay_every_action_and_their_inverses_take_it_back() {
        let barred = SkillRules { teleported_cannot_capture: true, ..SkillRules::DEFAULT };
        let mut checked = 0;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for rules in [SkillRules::CLASSIC, SkillRules::DEFAULT, barred] {
            let config = SkillConfig { skill_rules: rules, ..SkillConfig::default() };
            for _game in 0..6 {
                let mut board = SkillBoard::new(config.clone()).unwrap();
                for _ply in 0..80 {
                    let actions = board.actions();
                    if actions.is_empty() || board.is_game_over() {
                        break;
                    }
                    for &action in &actions {
                        let steps = board.alterations(action);
                        assert_eq!(steps[0], SkillAlteration::Checkpoint);
                        let mut altered = board.clone();
                        for &a in &steps {
                            altered.apply_alteration(a).unwrap_or_else(|e| panic!("{action:?}: {e}"));
                        }
                        let mut played = board.clone();
                        played.play_action_unchecked(action);
                        assert_eq!(altered.position(), played.position(), "{action:?}: {steps:?}");
                        assert_eq!(altered.state_key(), played.state_key(), "{action:?}: {steps:?}");
                        assert_eq!(altered.frozen(), played.frozen(), "{action:?}");
                        for &a in steps.iter().rev() {
                            altered.apply_alteration(a.inverse()).unwrap();
                        }
                        assert_eq!(altered.position(), board.position(), "{action:?} taken back");
                        assert_eq!(altered.state_key(), board.state_key(), "{action:?} taken back");
                        checked += 1;
                    }
                    seed = gambit_rules::splitmix64(seed);
                    let action = actions[(seed % actions.len() as u64) as usize];
                    board.play_action_unchecked(action);
                }
            }
        }
        assert!(checked > 10_000, "only {checked} actions checked");
    }

    #[test]
    fn a_wrong_alteration_is_refused() {
        let mut board = SkillBoard::new(SkillConfig::default()).unwrap();
        let key = board.state_key();
        let wrong =
            SkillAlteration::Cooldown { color: Color::White, skill: Skill::Freeze, before: 5, after: 0 };
        assert_eq!(board.apply_alteration(wrong), Err(SkillAlterationError::StateMismatch(wrong)));
        let e4 = "e4".parse().unwrap();
        let frozen = SkillAlteration::Frozen { square: e4, before: 2, after: 0 };
        assert_eq!(board.apply_alteration(frozen), Err(SkillAlterationError::StateMismatch(frozen)));
        assert_eq!(board.state_key(), key);
    }
}
