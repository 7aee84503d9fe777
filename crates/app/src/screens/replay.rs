//! The replay of a recorded run (from the records screen): pick a battle, then step through its
//! actions with the buttons or the arrow keys (Left / Right one action, Home / End the start and the
//! end); the board shows the position after the actions so far and marks the last one. The battles
//! come from the run's replay file through `gambit_roguelite::replay`; a run recorded before replays
//! were kept (or whose file is gone) says that no replay is available. Back (or Escape) returns to
//! the records.

use bevy::prelude::*;
use gambit_roguelite::records::RunRecord;
use gambit_roguelite::replay::{BattleReplay, NoReplay, battles_from_json, replay_file};

use super::Screen;
use super::battle::battle_scene;
use crate::AppSystems;
use crate::board::{BoardScene, BoardSystems, BoardViewState, view};
use crate::menus::Menu;
use crate::run::Profile;
use crate::settings::Settings;
use crate::ui::section::show;
use crate::ui::{View, button, heading, label, muted_line, small_button};

/// What the replay's buttons (and keys) do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Show battle `n` (0-based) from its start.
    Pick(usize),
    /// Back to the battle's start (Home).
    Start,
    /// One action back (Left).
    Previous,
    /// One action forward (Right).
    Next,
    /// To the battle's end (End).
    End,
    /// Back to the records (Escape).
    Back,
}

/// The replay being watched.
#[derive(Resource, Clone, Debug)]
pub struct ReplaySession {
    /// The run's seed (the heading).
    pub seed: u64,
    /// The run's battles, or why there is no replay.
    pub battles: Result<Vec<BattleReplay>, String>,
    /// The battle shown (0-based).
    pub battle: usize,
    /// Actions played on the board so far.
    pub at: usize,
}

impl ReplaySession {
    /// The replay of a recorded run, read from its replay file in the profile's data directory.
    #[must_use]
    pub fn open(profile: &Profile, record: &RunRecord) -> ReplaySession {
        let battles = match record.key() {
            None => Err(NoReplay::NotKept.to_string()),
            Some(key) => {
                let text = profile.dir.store().load(&replay_file(key), |t| Ok::<_, NoReplay>(t.to_string()));
                match text.value {
                    None => Err(NoReplay::NotKept.to_string()),
                    Some(text) => battles_from_json(&text).map_err(|e| e.to_string()),
                }
            }
        };
        ReplaySession { seed: record.seed, battles, battle: 0, at: 0 }
    }

    /// The battle shown, if there is a replay.
    #[must_use]
    pub fn current(&self) -> Option<&BattleReplay> {
        self.battles.as_ref().ok()?.get(self.battle)
    }

    /// Moves to action `at` of the battle shown (clamped to its actions).
    pub fn go_to(&mut self, at: usize) {
        let len = self.current().map_or(0, |b| b.actions().len());
        self.at = at.min(len);
    }
}

/// Opens the replay of `record` (the records screen's Replay button).
pub fn open(commands: &mut Commands, profile: &Profile, record: &RunRecord, next: &mut NextState<Screen>) {
    commands.insert_resource(ReplaySession::open(profile, record));
    next.set(Screen::Replay);
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::Replay), spawn);
    let here = in_state(Screen::Replay).and_then(resource_exists::<ReplaySession>);
    app.add_systems(Update, keys.run_if(here.clone()).run_if(in_state(Menu::None)).in_set(AppSystems::Input));
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, build_scene.run_if(here.clone()).in_set(BoardSystems::Scene));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands, mut view: ResMut<BoardViewState>) {
    view.reset(false, None);
    view::spawn_board_screen::<ReplayView>(&mut commands, Screen::Replay, false);
}

/// The replay panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayView {
    /// `Seed N`, under the one-line heading `Replay` (a long seed in the heading wrapped).
    pub title: String,
    /// The battles' buttons (`1: won`), the shown one marked; empty without a replay.
    pub battles: Vec<String>,
    /// The shown battle: its name (the roguelite's title of its template), result, moves used.
    pub about: String,
    /// `Action 3 of 20: enemy Pawn moves e7-e6`, or the start.
    pub step: String,
    /// The whole list of actions so far, newest last (the last few).
    pub recent: String,
    /// Why there is no replay.
    pub problem: Option<String>,
}

impl ReplayView {
    fn new(session: &ReplaySession) -> ReplayView {
        let title = format!("Seed {}", session.seed);
        let battles = match &session.battles {
            Err(problem) => {
                return ReplayView {
                    title,
                    battles: Vec::new(),
                    about: String::new(),
                    step: String::new(),
                    recent: String::new(),
                    problem: Some(capitalize_first(problem)),
                };
            }
            Ok(b) => b,
        };
        let Some(current) = session.current() else {
            return ReplayView {
                title,
                battles: Vec::new(),
                about: String::new(),
                step: String::new(),
                recent: String::new(),
                problem: Some("This run has no finished battle to replay.".to_string()),
            };
        };
        let result = |b: &BattleReplay| if b.record.won { "won" } else { "lost" };
        let labels = battles
            .iter()
            .enumerate()
            .map(|(i, b)| crate::ui::mark(i == session.battle, format!("{}: {}", b.number, result(b))))
            .collect();
        let r = &current.record;
        let about = format!(
            "Battle {} ({}): {}, {} moves used",
            current.number,
            gambit_roguelite::encounter::template_title(&r.template),
            result(current),
            r.moves_used
        );
        // Each action in the battle log's words (the library's one wording: `your Rook moves f6-d6
        // and captures enemy King`), not the command grammar.
        let actions = current.actions();
        let words = |a: &gambit_roguelite::replay::ReplayedAction| a.log.join("; ");
        let step = match session.at {
            0 => format!("Start: {} actions to step through", actions.len()),
            n => format!("Action {n} of {}: {}", actions.len(), words(&actions[n - 1])),
        };
        let from = session.at.saturating_sub(8);
        let recent = actions[from..session.at]
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{}. {}", from + i + 1, words(a)))
            .collect::<Vec<_>>()
            .join("\n");
        ReplayView { title, battles: labels, about, step, recent, problem: None }
    }
}

fn capitalize_first(text: &str) -> String {
    let mut line = crate::ui::capitalize(text);
    if !line.ends_with('.') {
        line.push('.');
    }
    line
}

impl View for ReplayView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Replay"));
        p.spawn(label(self.title.clone()));
        if let Some(problem) = &self.problem {
            p.spawn(label(problem.clone()));
            p.spawn(button("Back", Action::Back));
            return;
        }
        p.spawn(label("Battles:"));
        p.spawn(crate::ui::wrapping_row()).with_children(|row| {
            for (i, text) in self.battles.iter().enumerate() {
                row.spawn(small_button(text.clone(), Action::Pick(i)));
            }
        });
        // Two lines kept for the battle's line: a long template name wrapped and moved the buttons.
        p.spawn((
            crate::ui::reserved_line(self.about.clone(), 2.0),
            TextColor(crate::palette::STANDARD.accent),
        ));
        // Four lines: an action and what followed (a capture, a cloud, a poisoned piece) in the log's words.
        p.spawn(crate::ui::reserved_line(self.step.clone(), 4.0));
        p.spawn(crate::ui::row()).with_children(|row| {
            row.spawn(small_button("Start", Action::Start));
            row.spawn(small_button("Previous", Action::Previous));
            row.spawn(small_button("Next", Action::Next));
            row.spawn(small_button("End", Action::End));
        });
        p.spawn(muted_line("Left / Right step, Home / End jump, Esc returns to the records."));
        p.spawn(button("Back to records", Action::Back));
        if !self.recent.is_empty() {
            crate::ui::spawn_log_tail(p, self.recent.clone(), 0.0);
        }
    }
}

fn present(
    mut commands: Commands,
    session: Res<ReplaySession>,
    mut sections: crate::ui::section::Sections<ReplayView>,
) {
    show(&mut commands, &mut sections, &ReplayView::new(&session));
}

fn build_scene(session: Res<ReplaySession>, settings: Res<Settings>, mut scene: ResMut<BoardScene>) {
    if !session.is_changed() && !settings.is_changed() && !scene.is_added() {
        return;
    }
    let Some(current) = session.current() else {
        if *scene != BoardScene::default() {
            *scene = BoardScene::default();
        }
        return;
    };
    let battle = current.position(session.at);
    let mut next = battle_scene(&battle, settings.threat_overlay);
    // The last action's squares: where the piece came from and went, or the frozen square.
    let last = session.at.checked_sub(1).and_then(|i| {
        let before = current.position(i);
        let events = {
            let mut b = before.clone();
            b.apply(current.actions()[i].action).ok()?
        };
        events.iter().find_map(gambit_roguelite::BattleEvent::travel)
    });
    next.set_last_move(last);
    if *scene != next {
        *scene = next;
    }
}

fn on_action(
    mut actions: MessageReader<Action>,
    mut session: ResMut<ReplaySession>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match *action {
            Action::Pick(i) => {
                if session.battles.as_ref().is_ok_and(|b| i < b.len()) {
                    session.battle = i;
                    session.at = 0;
                }
            }
            Action::Start => session.go_to(0),
            Action::Previous => {
                let at = session.at.saturating_sub(1);
                session.go_to(at);
            }
            Action::Next => {
                let at = session.at + 1;
                session.go_to(at);
            }
            Action::End => session.go_to(usize::MAX),
            Action::Back => {
                next.set(Screen::Records);
            }
        }
    }
}

/// Left / Right one action, Home / End the start and the end, Escape back to the records.
fn keys(keys: Res<ButtonInput<KeyCode>>, mut actions: MessageWriter<Action>) {
    for (key, action) in [
        (KeyCode::ArrowLeft, Action::Previous),
        (KeyCode::ArrowRight, Action::Next),
        (KeyCode::Home, Action::Start),
        (KeyCode::End, Action::End),
        (KeyCode::Escape, Action::Back),
    ] {
        if keys.just_pressed(key) {
            actions.write(action);
        }
    }
}
