//! The tutorial: three short scripted battles, each teaching one thing at a time (moving and the
//! objective; Teleport and Freeze; HP and poison). Each lesson is a set formation (the board and
//! part of the enemy of an encounter template, `data/encounters.json`) with a small player army, a
//! list of [`Step`]s (an instruction, the [`Goal`] that completes it, and what the game says when it
//! does), the enemy's scripted replies and a walkthrough (the player actions that finish the lesson).
//!
//! A front end shows [`Tutorial::instruction`] and [`Tutorial::reaction`] beside the board and sends
//! the player's actions to [`Tutorial::act`], which answers with the enemy's reply: the next scripted
//! reply when it is legal, else the shipped tuning's stage-1 enemy (`data/tuning.json`: a player who
//! leaves the walkthrough meets the enemy of a run's first battles). Whether the tutorial was offered, skipped or completed is
//! recorded in [`Progress::tutorial`](crate::save::Progress::tutorial).

use std::fmt;

use gambit_rules::{Role, Square};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::battle::{
    ActionError, Battle, BattleAction, BattleError, BattleEvent, BattleSetup, BattleStatus, Objective,
    UnitSpec,
};
use crate::bot::{StageTuning, choose_action};
use crate::encounter::{EncounterError, template};
use crate::types::{Modifier, Team};

/// How many lessons the tutorial has.
pub const LESSON_COUNT: usize = 3;

/// Where the profile stands with the tutorial (saved in `progress.json`; absent in older files,
/// which read as [`TutorialState::NotOffered`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TutorialState {
    /// Never offered: the title offers it (first launch).
    #[default]
    NotOffered,
    /// Offered on the title, neither finished nor skipped yet.
    Offered,
    /// Skipped (declined on the title, or left before its end).
    Skipped,
    /// All three lessons played to their end.
    Completed,
}

impl TutorialState {
    /// Whether the title should offer the tutorial (it never was).
    #[must_use]
    pub fn should_offer(self) -> bool {
        self == TutorialState::NotOffered
    }
}

/// What completes a step, judged after each player action and the enemy's reply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// One of the player's pieces made an ordinary move.
    Move,
    /// The player captured an enemy piece.
    Capture,
    /// The player cast Teleport.
    Teleport,
    /// The player cast Freeze.
    Freeze,
    /// No player piece stands in a poison cloud that can still hurt it.
    LeaveCloud,
    /// The battle is won (the objective is complete).
    Win,
}

/// One step of a lesson.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What the player should do, as the player reads it.
    pub instruction: &'static str,
    /// What the game says once it is done.
    pub reaction: &'static str,
    /// What completes it.
    pub goal: Goal,
    /// The player actions that complete it in the walkthrough, in the command grammar
    /// ([`Battle::parse_action`]).
    pub walkthrough: &'static [&'static str],
}

/// One piece of a lesson's army or enemy: role, square (as text, `"a1"`) and modifier.
type Placed = (Role, &'static str, Option<Modifier>);

/// One lesson: a set formation, its steps and the enemy's script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Its title (`"Moving and the objective"`).
    pub title: &'static str,
    /// The encounter template whose board and formation it uses.
    pub template: &'static str,
    /// The enemy pieces kept from the template's formation, by square (their role and modifier
    /// come from the template).
    keep: &'static [&'static str],
    /// The player's army.
    army: &'static [Placed],
    /// The objective.
    pub objective: Objective,
    /// The move budget.
    pub move_budget: u32,
    /// The steps, in order (the last is [`Goal::Win`]).
    pub steps: &'static [Step],
    /// The enemy's replies, in order, in the command grammar.
    enemy_script: &'static [&'static str],
}

const LESSONS: [Lesson; LESSON_COUNT] = [
    Lesson {
        title: "Moving and the objective",
        template: "pawn_wall",
        keep: &["d6", "b5", "c5", "d5", "e5"],
        army: &[(Role::Rook, "a1", None), (Role::Rook, "f1", None)],
        objective: Objective::CaptureKing,
        move_budget: 8,
        steps: &[
            Step {
                instruction: "Your pieces are the white ones at the bottom. Click your rook on f1, then \
                              one of the marked squares to move it there (dragging works too). Try f6.",
                reaction: "Well moved. Each move uses one of your moves (Moves left, in the panel), then \
                           the enemy answers.",
                goal: Goal::Move,
                walkthrough: &["f1f6"],
            },
            Step {
                instruction: "The piece framed in gold is the objective: here the enemy king. Capture it by moving \
                              onto its square before your moves run out. From f6 your rook reaches d6.",
                reaction: "The objective is complete: the battle is won.",
                goal: Goal::Win,
                walkthrough: &["f6d6"],
            },
        ],
        enemy_script: &["b5b4"],
    },
    Lesson {
        title: "Teleport and Freeze",
        template: "garden",
        keep: &["c6", "e6", "b5", "e5"],
        army: &[(Role::Rook, "a1", None), (Role::Knight, "b1", None)],
        objective: Objective::CaptureKing,
        move_budget: 8,
        steps: &[
            Step {
                instruction: "Teleport lifts a piece to an empty square, or onto an enemy piece to capture \
                              it; it never captures a king or puts one under attack. Press Teleport (or 1), \
                              click your rook, then a marked square: a4.",
                reaction: "Teleported. A teleport counts as a move, and the skill then recharges: its \
                           button counts the ticks (one tick per move of either side).",
                goal: Goal::Teleport,
                walkthrough: &["tp a1a4"],
            },
            Step {
                instruction: "The enemy knight now attacks your rook. Press Freeze (or 2) and click the \
                              knight on c5: a frozen piece cannot move for a turn. Freezing is free: you \
                              still move afterwards.",
                reaction: "Frozen: the snowflake counts the ticks it holds. It is still your move.",
                goal: Goal::Freeze,
                walkthrough: &["fz c5"],
            },
            Step {
                instruction: "Move your rook to a6, on the enemy king's row (the frozen knight cannot take \
                              it), then capture the king (a6 to c6).",
                reaction: "The king falls: the battle is won.",
                goal: Goal::Win,
                walkthrough: &["a4a6", "a6c6"],
            },
        ],
        enemy_script: &["e6c5", "e5e4"],
    },
    Lesson {
        title: "HP and poison",
        template: "plague_pit",
        keep: &["e7", "c6", "f6"],
        army: &[(Role::Rook, "c1", None), (Role::Rook, "g1", None)],
        objective: Objective::CaptureKing,
        move_budget: 10,
        steps: &[
            Step {
                instruction: "Every piece has HP, the pips under it (2 at the start). A capture kills at \
                              once whatever the HP; poison takes 1 HP at a time. The pawns marked \u{2623} are \
                              Poisonous: capture the one on c6 with your rook on c1.",
                reaction: "Captured, and the Poisonous pawn left a cloud over its square and the squares \
                           beside it.",
                goal: Goal::Capture,
                walkthrough: &["c1c6"],
            },
            Step {
                instruction: "Your rook stood in the cloud at the start of your turn and lost 1 HP: one pip \
                              is left. Move it out of the cloud (c6 to c4) before the poison strikes again.",
                reaction: "Out of the cloud. Lost HP does not come back by itself. A cloud lasts two turns of \
                           each side from when it appears (its number counts the turns left), so this \
                           one is gone when your next turn starts.",
                goal: Goal::LeaveCloud,
                walkthrough: &["c6c4"],
            },
            Step {
                instruction: "Finish with the objective: capture the enemy king (your rook on g1 can go \
                              to g6, then along the row).",
                reaction: "The king falls: the battle is won.",
                goal: Goal::Win,
                walkthrough: &["g1g6", "g6e6"],
            },
        ],
        enemy_script: &["f6f5", "e7e6", "f5f4"],
    },
];

/// The tutorial's lessons, in order.
#[must_use]
pub fn lessons() -> &'static [Lesson; LESSON_COUNT] {
    &LESSONS
}

/// Why a lesson could not start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TutorialError {
    /// No lesson with this index (0 to [`LESSON_COUNT`] - 1).
    #[error("no lesson {0}: the tutorial has {LESSON_COUNT}")]
    NoLesson(usize),
    /// The lesson's template is missing from the encounter data.
    #[error("lesson template: {0}")]
    Template(#[from] EncounterError),
    /// A square of the lesson is not a square, or no piece of the template stands on it.
    #[error("lesson square {0} is not in the template's formation")]
    Square(&'static str),
    /// The battle refused the setup.
    #[error("lesson setup: {0}")]
    Setup(#[from] BattleError),
}

impl Lesson {
    /// The battle this lesson starts from: the template's board and the kept enemy pieces, the
    /// lesson's army, objective and budget, no bonus and no enemy skills.
    ///
    /// # Errors
    /// [`TutorialError`] when the template or a square does not fit (the tests keep the shipped
    /// lessons valid).
    pub fn setup(&self) -> Result<BattleSetup, TutorialError> {
        let template = template(self.template)?;
        let base = template.base();
        let mut setup = BattleSetup::new(base.board.clone(), self.objective, self.move_budget);
        for &(role, square, modifier) in self.army {
            let square: Square = square.parse().map_err(|_| TutorialError::Square(square))?;
            setup.units.push(UnitSpec {
                team: Team::Player,
                role,
                square,
                modifier,
                target: false,
                roster_id: None,
                name: None,
            });
        }
        for &text in self.keep {
            let square: Square = text.parse().map_err(|_| TutorialError::Square(text))?;
            let piece = base.enemy.iter().find(|p| p.square == square).ok_or(TutorialError::Square(text))?;
            setup.units.push(UnitSpec {
                team: Team::Enemy,
                role: piece.role,
                square,
                modifier: piece.modifier,
                target: piece.target && self.objective == Objective::CaptureTargets,
                roster_id: None,
                name: None,
            });
        }
        Battle::new(&setup)?;
        Ok(setup)
    }

    /// The walkthrough: every step's player actions, in order.
    pub fn walkthrough(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.steps.iter().flat_map(|s| s.walkthrough.iter().copied())
    }
}

impl fmt::Display for Lesson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title)
    }
}

/// The enemy's search when the script has no legal reply: the shipped tuning's stage 1.
fn fallback_tuning() -> StageTuning {
    crate::tuning::Tuning::default().enemy().for_stage(0)
}

/// A lesson in play: its battle, the current step and what the game last said.
#[derive(Clone, Debug, PartialEq)]
pub struct Tutorial {
    lesson: usize,
    battle: Battle,
    step: usize,
    reaction: Option<&'static str>,
    enemy_played: usize,
    player_actions: usize,
}

impl Tutorial {
    /// Starts lesson `lesson` (0-based) with its first step.
    ///
    /// # Errors
    /// [`TutorialError::NoLesson`] past the last lesson; the setup's errors
    /// ([`Lesson::setup`]).
    pub fn start(lesson: usize) -> Result<Tutorial, TutorialError> {
        let setup = LESSONS.get(lesson).ok_or(TutorialError::NoLesson(lesson))?.setup()?;
        Ok(Tutorial {
            lesson,
            battle: Battle::new(&setup)?,
            step: 0,
            reaction: None,
            enemy_played: 0,
            player_actions: 0,
        })
    }

    /// The lesson's index (0-based).
    #[must_use]
    pub fn index(&self) -> usize {
        self.lesson
    }

    /// The lesson.
    #[must_use]
    pub fn lesson(&self) -> &'static Lesson {
        &LESSONS[self.lesson]
    }

    /// The battle on the board.
    #[must_use]
    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// The index of the current step (the number of steps done; the step count once complete).
    #[must_use]
    pub fn step_index(&self) -> usize {
        self.step
    }

    /// The current step, `None` once every step is done.
    #[must_use]
    pub fn step(&self) -> Option<&'static Step> {
        self.lesson().steps.get(self.step)
    }

    /// Whether every step is done (the battle is won).
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.step >= self.lesson().steps.len()
    }

    /// Whether the battle was lost (start the lesson again).
    #[must_use]
    pub fn is_failed(&self) -> bool {
        matches!(self.battle.status(), BattleStatus::Defeat { .. })
    }

    /// What the player should do now: the current step's instruction, what to do after a defeat, or
    /// where to go once the lesson is complete.
    #[must_use]
    pub fn instruction(&self) -> &'static str {
        if self.is_failed() {
            return "This battle is lost. Start the lesson again and follow the steps.";
        }
        match self.step() {
            Some(step) => step.instruction,
            None if self.lesson + 1 < LESSON_COUNT => "Lesson complete. Go on to the next lesson.",
            None => "The tutorial is complete. You know the moves, the skills, HP and poison: start a run.",
        }
    }

    /// What the game said about the last step done (`None` before the first).
    #[must_use]
    pub fn reaction(&self) -> Option<&'static str> {
        self.reaction
    }

    /// The walkthrough's next player action, when it is legal now (`None` once the player left the
    /// walkthrough, or when the lesson is over).
    #[must_use]
    pub fn walkthrough_action(&self) -> Option<BattleAction> {
        let text = self.lesson().walkthrough().nth(self.player_actions)?;
        self.battle.parse_action(text).ok()
    }

    /// Plays a player action, then the enemy's replies (scripted, else the bot), and moves to the
    /// next step when the current one is done (at most one step per action, except that a won
    /// battle completes every step). Returns the events of the action and the replies, in order.
    ///
    /// # Errors
    /// [`ActionError`] when the action is not legal now (nothing changes then).
    pub fn act(&mut self, action: BattleAction) -> Result<Vec<BattleEvent>, ActionError> {
        let mut events = self.battle.apply(action)?;
        self.player_actions += 1;
        while self.battle.status() == BattleStatus::Ongoing && self.battle.to_move() == Team::Enemy {
            let Some(reply) = self.enemy_reply() else { break };
            match self.battle.apply(reply) {
                Ok(more) => events.extend(more),
                Err(_) => break,
            }
        }
        self.judge(&events);
        Ok(events)
    }

    /// The enemy's next action: the next scripted reply if it is legal now, else the bot's choice.
    fn enemy_reply(&mut self) -> Option<BattleAction> {
        if let Some(text) = self.lesson().enemy_script.get(self.enemy_played) {
            self.enemy_played += 1;
            if let Ok(action) = self.battle.parse_action(text) {
                return Some(action);
            }
        }
        choose_action(&self.battle, fallback_tuning(), u64::from(self.battle.ply())).action
    }

    fn judge(&mut self, events: &[BattleEvent]) {
        if matches!(self.battle.status(), BattleStatus::Victory { .. }) {
            let steps = self.lesson().steps;
            if let Some(last) = steps.last()
                && self.step < steps.len()
            {
                self.reaction = Some(last.reaction);
            }
            self.step = steps.len();
            return;
        }
        let Some(step) = self.step() else { return };
        let player = |team: Team| team == Team::Player;
        let done = match step.goal {
            Goal::Move => {
                events.iter().any(|e| matches!(e, BattleEvent::Moved { unit, .. } if player(unit.team)))
            }
            Goal::Capture => {
                events.iter().any(|e| matches!(e, BattleEvent::Captured { by, .. } if player(by.team)))
            }
            Goal::Teleport => {
                events.iter().any(|e| matches!(e, BattleEvent::Teleported { unit, .. } if player(unit.team)))
            }
            Goal::Freeze => {
                events.iter().any(|e| matches!(e, BattleEvent::Frozen { team, .. } if player(*team)))
            }
            Goal::LeaveCloud => {
                let died =
                    events.iter().any(|e| matches!(e, BattleEvent::Died { unit, .. } if player(unit.team)));
                let b = &self.battle;
                !died && !b.living(Team::Player).any(|u| b.is_poisoned_for(u.square, Team::Player))
            }
            Goal::Win => false,
        };
        if done {
            self.reaction = Some(step.reaction);
            self.step += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the walkthrough of `lesson`, checking after each action the step it should be on.
    fn walk(lesson: usize) -> Tutorial {
        let mut t = Tutorial::start(lesson).unwrap();
        let steps = t.lesson().steps;
        for (i, step) in steps.iter().enumerate() {
            assert_eq!(t.step_index(), i, "lesson {lesson}: before step {i}");
            assert!(!t.is_complete());
            assert_eq!(t.instruction(), step.instruction);
            for (j, text) in step.walkthrough.iter().enumerate() {
                let action = t.walkthrough_action().unwrap_or_else(|| {
                    panic!("lesson {lesson} step {i}: {text} is not legal\n{}", t.battle().render_ascii())
                });
                assert_eq!(t.battle().action_text(action), *text);
                t.act(action).unwrap();
                let last = j + 1 == step.walkthrough.len();
                assert_eq!(
                    t.step_index(),
                    if last { i + 1 } else { i },
                    "lesson {lesson} step {i} action {text}"
                );
            }
            assert_eq!(t.reaction(), Some(step.reaction));
        }
        assert!(t.is_complete());
        assert!(matches!(t.battle().status(), BattleStatus::Victory { .. }));
        assert!(t.walkthrough_action().is_none());
        t
    }

    #[test]
    fn every_lesson_sets_up_from_its_template() {
        for lesson in lessons() {
            let setup = lesson.setup().unwrap();
            let template = template(lesson.template).unwrap().base();
            assert_eq!(setup.board, template.board, "{lesson}");
            assert_eq!(lesson.steps.last().map(|s| s.goal), Some(Goal::Win), "{lesson}");
        }
        assert_eq!(Tutorial::start(LESSON_COUNT), Err(TutorialError::NoLesson(LESSON_COUNT)));
    }

    #[test]
    fn lesson_one_moves_then_captures_the_king() {
        let t = walk(0);
        assert_eq!(t.battle().moves_used(), 2);
    }

    #[test]
    fn lesson_two_teleports_freezes_and_wins() {
        let mut t = Tutorial::start(1).unwrap();
        let tp = t.walkthrough_action().unwrap();
        assert!(matches!(tp, BattleAction::Teleport { .. }));
        t.act(tp).unwrap();
        // The scripted knight now attacks the rook on a4.
        let a4: Square = "a4".parse().unwrap();
        assert!(t.battle().threatened_squares(Team::Enemy).contains(&a4));
        let t = walk(1);
        assert!(t.battle().stats().player_skills_used >= 2);
    }

    #[test]
    fn lesson_three_poisons_the_rook_which_leaves_the_cloud() {
        let mut t = Tutorial::start(2).unwrap();
        let capture = t.walkthrough_action().unwrap();
        let events = t.act(capture).unwrap();
        assert!(events.iter().any(|e| matches!(e, BattleEvent::CloudCreated { .. })));
        assert!(
            events.iter().any(
                |e| matches!(e, BattleEvent::PoisonDamage { unit, hp_left: 1, .. } if unit.team == Team::Player)
            ),
            "{events:?}"
        );
        assert_eq!(t.step().map(|s| s.goal), Some(Goal::LeaveCloud));
        // Staying in the cloud does not complete the step.
        let stay = t.battle().parse_action("c6c7").unwrap();
        let mut stayed = t.clone();
        let events = stayed.act(stay).unwrap();
        assert!(
            events.iter().any(|e| matches!(e, BattleEvent::Died { unit, .. } if unit.team == Team::Player))
        );
        assert_eq!(stayed.step_index(), 1);
        // As step 2's reaction says: one turn of each side is left on the cloud (its number), so it
        // is gone when the player's next turn starts.
        assert!(t.battle().clouds().iter().all(|c| c.ticks_left() == 1), "{:?}", t.battle().clouds());
        let leave = t.walkthrough_action().unwrap();
        let events = t.act(leave).unwrap();
        assert!(events.iter().any(|e| matches!(e, BattleEvent::CloudExpired { .. })), "{events:?}");
        assert_eq!(t.battle().to_move(), Team::Player);
        assert!(t.battle().clouds().is_empty());
        walk(2);
    }

    #[test]
    fn a_move_that_is_not_the_goal_does_not_complete_the_step() {
        let mut t = Tutorial::start(1).unwrap();
        let plain = t.battle().parse_action("b1a3").unwrap();
        t.act(plain).unwrap();
        assert_eq!(t.step_index(), 0);
        assert_eq!(t.reaction(), None);
        // Off the walkthrough the enemy still answers (its script, then the bot).
        assert_eq!(t.battle().to_move(), Team::Player);
    }

    #[test]
    fn an_illegal_action_changes_nothing() {
        let mut t = Tutorial::start(0).unwrap();
        let before = t.clone();
        let bad = BattleAction::Move { id: 0, to: "b2".parse().unwrap() };
        assert!(t.act(bad).is_err());
        assert_eq!(t, before);
    }

    #[test]
    fn the_tutorial_state_reads_absent_as_not_offered() {
        assert!(TutorialState::default().should_offer());
        assert!(!TutorialState::Skipped.should_offer());
        let s: TutorialState = serde_json::from_str("\"completed\"").unwrap();
        assert_eq!(s, TutorialState::Completed);
        // In progress.json: absent (older files, or never offered) reads as not offered, and a
        // recorded state reads back.
        use crate::save::{Progress, progress_from_json, progress_to_json};
        let fresh = progress_to_json(&Progress::default());
        assert!(!fresh.contains("tutorial"));
        assert_eq!(progress_from_json(&fresh).unwrap().tutorial, TutorialState::NotOffered);
        let done = Progress { tutorial: TutorialState::Skipped, ..Progress::default() };
        assert_eq!(progress_from_json(&progress_to_json(&done)).unwrap().tutorial, TutorialState::Skipped);
    }
}
