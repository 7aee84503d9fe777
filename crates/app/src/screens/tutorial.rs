//! The tutorial: the roguelite's three scripted lessons (`gambit_roguelite::tutorial`) on the battle
//! board, with an instruction panel beside it: the lesson, what the game said about the step just
//! done, what to do now, the moves left, the skill buttons, and Next lesson / Try again / Leave. The
//! library decides everything (legal actions, the enemy's replies, when a step is done); this screen
//! shows it and sends the player's actions. Completing or leaving it is recorded in the profile
//! (`Progress::tutorial`). Reached from the title's first-launch offer and from How to play.

use bevy::prelude::*;
use gambit_roguelite::tutorial::{LESSON_COUNT, Tutorial, TutorialState};
use gambit_roguelite::{Battle, BattleAction, BattleEvent, BattleStatus, Team};
use gambit_rules::Square;
use gambit_skills::Skill;

use super::Screen;
use super::battle::{BattleInput, battle_scene, candidate_actions};
use crate::AppSystems;
use crate::board::{BoardInput, BoardScene, BoardSystems, BoardViewState, Targeting, view};
use crate::menus::Menu;
use crate::run::Profile;
use crate::settings::Settings;
use crate::ui::section::show;
use crate::ui::{View, button, heading, label};

/// What the tutorial's buttons (and hotkeys) do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A skill button: its targeting mode.
    Cast(Skill),
    /// Start the current lesson again.
    Restart,
    /// The next lesson (once this one is complete).
    Next,
    /// Leave the tutorial for the title (recorded as completed after the last lesson, else skipped).
    Leave,
}

/// The tutorial in play: the lesson, what the player is choosing, and what happened.
#[derive(Resource, Clone, Debug)]
pub struct TutorialSession {
    /// The lesson in play.
    pub tutorial: Tutorial,
    /// The selection and targeting mode.
    pub input: BattleInput,
    /// Readable lines of what happened in this lesson, oldest first.
    pub log: Vec<String>,
    /// The last move on the board (highlighted).
    pub last_move: Option<(Square, Square)>,
    /// Every journey of the last action and the enemy's reply, in order (each is animated).
    pub travels: Vec<crate::board::Travel>,
}

impl TutorialSession {
    /// Lesson `lesson` (0-based) from its start.
    ///
    /// # Panics
    /// Never for the shipped lessons (the library's tests set each one up); a lesson index past the
    /// last is clamped to the last.
    #[must_use]
    pub fn start(lesson: usize) -> TutorialSession {
        let tutorial = Tutorial::start(lesson.min(LESSON_COUNT - 1)).expect("the shipped lessons set up");
        TutorialSession {
            tutorial,
            input: BattleInput::default(),
            log: Vec::new(),
            last_move: None,
            travels: Vec::new(),
        }
    }

    /// Plays a player action (and the enemy's reply); a refusal goes to the message line. Returns the
    /// sound of what happened (`None`: a refusal, or nothing with a sound).
    pub fn act(&mut self, action: BattleAction) -> Option<crate::audio::Cue> {
        match self.tutorial.act(action) {
            Ok(events) => {
                self.travels.clear();
                for event in &events {
                    if let Some(travel) = crate::board::Travel::of_event(event) {
                        self.last_move = Some((travel.from, travel.to));
                        self.travels.push(travel);
                    }
                }
                self.log.extend(BattleEvent::log_lines(&events).iter().map(|line| without_ids(line)));
                self.input = BattleInput::default();
                crate::audio::cue_for_battle_events(&events)
            }
            Err(e) => {
                self.input.message = Some(e.to_string());
                None
            }
        }
    }
}

/// An event line without the pieces' ids (`your rook #0` reads `your rook`): the lessons name
/// pieces by their squares.
fn without_ids(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(" #") {
        let digits = rest[at + 2..].chars().take_while(char::is_ascii_digit).count();
        out.push_str(&rest[..at]);
        if digits == 0 {
            out.push_str(" #");
        }
        rest = &rest[at + 2 + digits..];
    }
    out.push_str(rest);
    out
}

/// Starts the tutorial at its first lesson (the title's offer, How to play): marks it offered in
/// the profile when it was not, and shows the tutorial screen.
pub fn begin(commands: &mut Commands, profile: &mut Profile, next: &mut NextState<Screen>) {
    if profile.progress.tutorial == TutorialState::NotOffered {
        profile.progress.tutorial = TutorialState::Offered;
        // A failed save only means the offer may come again; the tutorial still starts.
        let _ = profile.save_progress();
    }
    commands.insert_resource(TutorialSession::start(0));
    next.set(Screen::Tutorial);
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::Tutorial), spawn);
    let here = in_state(Screen::Tutorial).and_then(resource_exists::<TutorialSession>);
    app.add_systems(
        Update,
        hotkeys.run_if(here.clone()).run_if(in_state(Menu::None)).in_set(AppSystems::Input),
    );
    app.add_systems(
        Update,
        (on_action, on_board_input)
            .chain()
            .run_if(here.clone())
            .run_if(in_state(Menu::None))
            .in_set(AppSystems::Decide),
    );
    app.add_systems(Update, build_scene.run_if(here.clone()).in_set(BoardSystems::Scene));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands, mut view: ResMut<BoardViewState>) {
    view.reset(false, None);
    view::spawn_board_screen::<TutorialView>(&mut commands, Screen::Tutorial, false);
}

/// Lines kept for the instruction (font 2.6 units): the longest lesson step's text (203 characters)
/// fits, as the layout test `the_tutorial_buttons_stay_put_through_every_step` checks.
const INSTRUCTION_LINES: f32 = 7.0;

/// The instruction panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TutorialView {
    /// `Lesson 1 of 3: Moving and the objective`.
    pub lesson: String,
    /// What the game said about the step just done.
    pub reaction: Option<String>,
    /// What to do now.
    pub instruction: String,
    /// `Step 1 of 2`, with the moves left.
    pub progress: String,
    /// The skill buttons' states (`ready`, `3 ticks`).
    pub skills: [(Skill, String); 2],
    /// The lesson is complete (Next lesson or Finish).
    pub complete: bool,
    /// The last lesson.
    pub last: bool,
    /// The battle was lost (Try again).
    pub failed: bool,
    /// A refusal or a hint.
    pub message: Option<String>,
    /// The message is the prompt of the targeting mode in progress: drawn in the accent colour (as in a
    /// battle), a refusal in the error colour.
    pub prompt: bool,
    /// The last lines of what happened.
    pub log: String,
}

impl TutorialView {
    fn new(session: &TutorialSession) -> TutorialView {
        let t = &session.tutorial;
        let battle = t.battle();
        let steps = t.lesson().steps.len();
        let step = if t.is_complete() {
            "All steps done".to_string()
        } else {
            format!("Step {} of {steps}", t.step_index() + 1)
        };
        // The one wording of skill buttons, short enough for one line in half the panel: a label
        // that wrapped or changed width moved the buttons (the keys are in the hint line and How to
        // play).
        let skills = [Skill::Teleport, Skill::Freeze].map(|skill| {
            (skill, crate::ui::cooldown_words(battle.cooldown(Team::Player, skill).unwrap_or(0)))
        });
        let start = session.log.len().saturating_sub(6);
        TutorialView {
            lesson: format!("Lesson {} of {LESSON_COUNT}: {}", t.index() + 1, t.lesson().title),
            reaction: t.reaction().map(str::to_string),
            instruction: t.instruction().to_string(),
            progress: format!("{step}. Moves left: {} of {}", battle.moves_left(), battle.move_budget()),
            skills,
            complete: t.is_complete(),
            last: t.index() + 1 == LESSON_COUNT,
            failed: t.is_failed(),
            message: session.input.message.clone(),
            prompt: super::battle::is_prompt(&session.input),
            log: session.log[start..].join("\n"),
        }
    }
}

impl View for TutorialView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Tutorial"));
        p.spawn((label(self.lesson.clone()), TextColor(crate::palette::STANDARD.accent)));
        // The instruction has a box of the longest one's height (seven lines), and the reaction and
        // the message come after the buttons: no step, reaction or refusal moves a button.
        p.spawn(crate::ui::reserved_text(self.instruction.clone(), 2.6, INSTRUCTION_LINES));
        p.spawn(label(self.progress.clone()));
        // Always there (dimmed once the lesson is complete or lost), so the lesson's buttons under
        // them never move up when it ends (Leave tutorial jumped about 45 px).
        let over = self.complete || self.failed;
        p.spawn(crate::ui::row()).with_children(|row| {
            // Buttons of one fixed size: a cooldown's count never moves them.
            for (skill, state) in &self.skills {
                let mut button =
                    row.spawn(crate::ui::widgets::skill_button(*skill, state, Action::Cast(*skill)));
                if over {
                    button.insert(crate::ui::Disabled);
                }
            }
        });
        // The lesson's buttons side by side, in one row.
        p.spawn(crate::ui::row()).with_children(|row| {
            match (self.complete, self.last) {
                (true, false) => {
                    row.spawn(button("Next lesson", Action::Next));
                }
                (true, true) => {
                    row.spawn(button("Finish", Action::Leave));
                }
                (false, _) => {
                    row.spawn(button(
                        if self.failed { "Try again" } else { "Restart lesson" },
                        Action::Restart,
                    ));
                }
            }
            if !(self.complete && self.last) {
                row.spawn(button("Leave tutorial", Action::Leave));
            }
        });
        // The feedback has its own box, of the longest reaction's lines: the message (a refusal or
        // the prompt of a skill) while there is one, else what the game said about the step just done.
        let palette = crate::palette::STANDARD;
        let (feedback, colour) = match (&self.message, &self.reaction) {
            (Some(message), _) => (message.clone(), if self.prompt { palette.accent } else { palette.error }),
            (None, Some(reaction)) => (reaction.clone(), palette.success),
            (None, None) => (String::new(), palette.text),
        };
        p.spawn((crate::ui::reserved_text(feedback, FEEDBACK_FONT, FEEDBACK_LINES), TextColor(colour)));
        // The log under it, in a box of its own (never under the feedback).
        let log = if self.log.is_empty() {
            "1 Teleport, 2 Freeze, Esc cancels; T shows the enemy's threats.".to_string()
        } else {
            self.log.clone()
        };
        super::battle::spawn_log(p, log);
    }
}

/// The feedback's font, units.
const FEEDBACK_FONT: f32 = 2.2;

/// Lines kept for the feedback: the longest reaction fits (the layout test
/// `the_tutorial_buttons_stay_put_through_every_step` checks every step's).
const FEEDBACK_LINES: f32 = 5.0;

fn present(
    mut commands: Commands,
    session: Res<TutorialSession>,
    mut sections: crate::ui::section::Sections<TutorialView>,
) {
    show(&mut commands, &mut sections, &TutorialView::new(&session));
}

fn build_scene(session: Res<TutorialSession>, settings: Res<Settings>, mut scene: ResMut<BoardScene>) {
    if !session.is_changed() && !settings.is_changed() && !scene.is_added() {
        return;
    }
    let battle = session.tutorial.battle();
    let mut next = battle_scene(battle, settings.threat_overlay);
    for (_, square) in candidate_actions(&session.input, battle) {
        next.cell_mut(square).target = true;
    }
    let selected = match session.input.targeting {
        Targeting::TeleportTarget(s) => Some(s),
        _ => session.input.selected,
    };
    if let Some(s) = selected {
        next.cell_mut(s).selected = true;
    }
    next.set_last_move(session.last_move);
    next.travels.clone_from(&session.travels);
    if *scene != next {
        *scene = next;
    }
}

/// What one board input does in the lesson.
enum Outcome {
    /// Play this action.
    Act(BattleAction),
    /// Only the selection, targeting or message changes.
    Input(BattleInput),
}

/// Board input into the lesson's actions, among `Battle::legal_actions` only (as in a battle).
fn interpret(board_input: &BoardInput, battle: &Battle, input: &BattleInput) -> Option<Outcome> {
    let mut next = input.clone();
    match board_input {
        BoardInput::Pressed(square) => {
            let found = candidate_actions(input, battle).into_iter().find(|(_, to)| to == square);
            match found {
                Some(_) if input.targeting == Targeting::TeleportPiece => {
                    next.targeting = Targeting::TeleportTarget(*square);
                    next.message = Some(super::battle::TELEPORT_WHERE.to_string());
                }
                Some((action, _)) => return Some(Outcome::Act(action)),
                None if input.targeting == Targeting::Move => {
                    let own = battle.unit_at(*square).is_some_and(|u| u.team == Team::Player);
                    next.selected = (own && input.selected != Some(*square)).then_some(*square);
                    next.message = None;
                }
                None => next.message = Some(format!("{square} is not a marked square")),
            }
        }
        BoardInput::Dropped { from, to } => {
            let probe = BattleInput { selected: Some(*from), ..BattleInput::default() };
            match candidate_actions(&probe, battle).into_iter().find(|(_, t)| t == to) {
                Some((action, _)) => return Some(Outcome::Act(action)),
                None => {
                    next = BattleInput { message: Some(format!("{from}{to} is not a legal move")), ..probe };
                    next.selected = None;
                }
            }
        }
        BoardInput::Cast(skill) => {
            let ticks = battle.cooldown(Team::Player, *skill).unwrap_or(0);
            if ticks == 0 {
                next = BattleInput {
                    targeting: Targeting::for_skill(*skill),
                    message: Some(crate::ui::targeting_hint(*skill)),
                    ..BattleInput::default()
                };
            } else {
                next.message = Some(crate::ui::recharging(*skill, ticks));
            }
        }
        BoardInput::Cancel => next = BattleInput::default(),
        BoardInput::Command(text) => match battle.parse_action(text) {
            Ok(action) => return Some(Outcome::Act(action)),
            Err(e) => next.message = Some(e.to_string()),
        },
        BoardInput::Undo | BoardInput::Promote(_) => return None,
    }
    Some(Outcome::Input(next))
}

fn on_board_input(
    mut inputs: MessageReader<BoardInput>,
    mut session: ResMut<TutorialSession>,
    mut cues: MessageWriter<crate::audio::Cue>,
) {
    for board_input in inputs.read() {
        let battle = session.tutorial.battle();
        if battle.status() != BattleStatus::Ongoing || battle.to_move() != Team::Player {
            continue;
        }
        match interpret(board_input, battle, &session.input) {
            Some(Outcome::Act(action)) => {
                if let Some(cue) = session.act(action) {
                    cues.write(cue);
                }
            }
            Some(Outcome::Input(input)) => session.input = input,
            None => {}
        }
    }
}

fn on_action(
    mut actions: MessageReader<Action>,
    mut board: MessageWriter<BoardInput>,
    mut session: ResMut<TutorialSession>,
    mut profile: ResMut<Profile>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match *action {
            Action::Cast(skill) => {
                board.write(BoardInput::Cast(skill));
            }
            Action::Restart => *session = TutorialSession::start(session.tutorial.index()),
            Action::Next if session.tutorial.is_complete() => {
                *session = TutorialSession::start(session.tutorial.index() + 1);
            }
            Action::Next => {}
            Action::Leave => {
                let finished = session.tutorial.is_complete() && session.tutorial.index() + 1 == LESSON_COUNT;
                let state = &mut profile.progress.tutorial;
                if finished {
                    *state = TutorialState::Completed;
                } else if *state != TutorialState::Completed {
                    *state = TutorialState::Skipped;
                }
                // A failed save costs only the record of the tutorial.
                let _ = profile.save_progress();
                next.set(Screen::Title);
            }
        }
    }
}

/// 1 Teleport, 2 Freeze, T the threat overlay; Escape cancels a selection or targeting, else leaves.
fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<TutorialSession>,
    mut settings: ResMut<Settings>,
    mut board: MessageWriter<BoardInput>,
    mut actions: MessageWriter<Action>,
) {
    if keys.just_pressed(KeyCode::Digit1) {
        board.write(BoardInput::Cast(Skill::Teleport));
    }
    if keys.just_pressed(KeyCode::Digit2) {
        board.write(BoardInput::Cast(Skill::Freeze));
    }
    if keys.just_pressed(KeyCode::KeyT) {
        settings.threat_overlay = !settings.threat_overlay;
    }
    if keys.just_pressed(KeyCode::Escape) {
        if session.input.selected.is_some() || session.input.targeting != Targeting::Move {
            board.write(BoardInput::Cancel);
        } else {
            actions.write(Action::Leave);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::without_ids;

    #[test]
    fn event_lines_lose_their_ids() {
        assert_eq!(
            without_ids("your rook #0 captures enemy pawn #13 on c6"),
            "your rook captures enemy pawn on c6"
        );
        assert_eq!(without_ids("no id # here"), "no id # here");
    }
}
