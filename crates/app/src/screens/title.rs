//! The title screen: Continue run and Continue skill chess (each shown when there is one
//! to continue), New Run, Skill Chess, Upgrades, Records, How to play, Settings, Exit; above them a box
//! with a question or a notice about the player's files when one could not be read, whose room is kept
//! when it is empty (the menu never moves under the pointer). On the first launch (the profile says the tutorial was
//! never offered) a box above the menu offers the tutorial: Play the tutorial, or Not now; either way
//! the profile records that it was offered, so it is offered once (How to play keeps it reachable). The
//! menu's first button (Continue run, else New Run) has the keyboard focus, so Enter at launch starts
//! it; the offer's buttons are reached by Up (a question about a saved run or game takes the focus
//! itself). New Run while a run is saved first asks whether to abandon that run (naming where
//! it stands); abandoning records it in the profile as abandoned (`Run::abandon`) before the new run
//! replaces it, and Keep it leaves everything as it was. Skill Chess while an unfinished game is saved
//! first asks whether to continue it or set up a new one (whose Start replaces it).

use bevy::input_focus::AutoFocus;
use bevy::prelude::*;
use gambit_roguelite::tutorial::TutorialState;

use super::Screen;
use crate::AppSystems;
use crate::game::save;
use crate::menus::Menu;
use crate::menus::settings::SettingsReturn;
use crate::run::{Profile, SaveFailure};
use crate::settings::{FileNotice, Settings};
use crate::storage::DataDir;
use crate::ui::section::show;
use crate::ui::{Section, View, button, heading, label, page_column, spawn_page, units};

/// What the title's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Resume the saved run.
    ContinueRun,
    /// Resume the unfinished game of skill chess.
    ContinueGame,
    /// Start a roguelite run (when one is saved, first ask whether to abandon it).
    NewRun,
    /// Abandon the saved run (recorded as abandoned) and start a new one.
    AbandonAndStart,
    /// Keep the saved run: close the question.
    KeepRun,
    /// Set up a game of skill chess (when an unfinished one is saved, first ask).
    SkillChess,
    /// Set up a new game of skill chess although one is saved (its Start replaces the saved game).
    SetUpNewGame,
    /// The permanent upgrades (the skill tree).
    Upgrades,
    /// Lifetime records.
    Records,
    /// The rules.
    HowToPlay,
    /// The settings panel.
    Settings,
    /// Quit the game.
    Exit,
    /// Start the tutorial (the first-launch offer).
    Tutorial,
    /// Decline the first-launch offer (recorded as skipped).
    NotNow,
}

/// What the title offers: which Continue (read from the data directory on entering), and the notice.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct TitleView {
    /// A saved run exists.
    pub saved_run: bool,
    /// An unfinished game of skill chess exists.
    pub saved_game: bool,
    /// A message about the player's files.
    pub notice: Option<String>,
    /// The first-launch offer of the tutorial is shown.
    pub offer_tutorial: bool,
    /// New Run was chosen while a run is saved: the question, naming where that run stands.
    pub abandon_question: Option<String>,
    /// Skill Chess was chosen while an unfinished game is saved: continue it, or set up a new one.
    pub replace_game_question: bool,
    /// The tip the question box's room shows when it has nothing to ask or say
    /// ([`gambit_roguelite::guide::tips`], one per run recorded in the profile, in turn).
    pub tip: String,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<TitleView>();
    app.add_systems(OnEnter(Screen::Title), (look_for_saves, spawn));
    app.add_systems(Update, on_action.run_if(in_state(Screen::Title)).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(in_state(Screen::Title)).in_set(AppSystems::Present));
}

fn look_for_saves(mut view: ResMut<TitleView>, dir: Res<DataDir>, mut profile: ResMut<Profile>) {
    view.abandon_question = None;
    view.replace_game_question = false;
    view.saved_run = crate::run::has_saved_run(&profile);
    let tips = gambit_roguelite::guide::tips();
    view.tip = tips.get(profile.progress.history.len() % tips.len().max(1)).cloned().unwrap_or_default();
    view.saved_game = save::exists(&dir);
    // Offered once: recorded as soon as it is shown (a failed save only means it may come again).
    // Shown until answered while the game runs, even when the title is entered again.
    view.offer_tutorial |= profile.progress.tutorial.should_offer();
    if profile.progress.tutorial.should_offer() {
        profile.progress.tutorial = TutorialState::Offered;
        let _ = profile.save_progress();
    }
}

/// The height of the title's question box, units: its line over a row of small buttons, with its
/// padding and border (or a notice of up to three lines). The box keeps this room when it has nothing
/// to say, so the menu under it never moves when a question comes or goes (answering the tutorial
/// offer moved Exit to where Settings was: a second click quit the game).
const QUESTION_HEIGHT: f32 = 12.6;

/// The width of the title's question box, units: its longest line (the tutorial offer) in one line.
/// Fixed, so the panel keeps its width and the menu its place to the pixel when the box empties.
const QUESTION_WIDTH: f32 = 94.0;

/// What the title's box says: a question and its two answers (the first focused when `true`), a
/// notice about the player's files, or, with nothing to ask or say, a tip (muted, unframed: the room
/// stayed empty, a band across the panel, after the tutorial offer was answered).
enum Said<'a> {
    Question(&'a str, [(&'a str, Action); 2], bool),
    Notice(&'a str),
    Tip(&'a str),
}

/// The accent-framed box where the title asks a question (the tutorial offer, abandoning a saved run)
/// or gives a notice, in a room of [`QUESTION_WIDTH`] x [`QUESTION_HEIGHT`]; a tip in the same room
/// without the frame; `None`: the room, empty.
fn spawn_question(p: &mut ChildSpawnerCommands<'_>, said: Option<Said<'_>>) {
    let mut frame = p.spawn((
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            width: units(QUESTION_WIDTH),
            max_width: Val::Percent(100.0),
            height: units(QUESTION_HEIGHT),
            flex_shrink: 0.0,
            padding: UiRect::all(units(1.0)),
            margin: UiRect::vertical(units(0.6)),
            border: UiRect::all(units(0.3)),
            border_radius: BorderRadius::all(units(1.0)),
            overflow: Overflow::clip(),
            ..default()
        },
        BorderColor::all(crate::palette::STANDARD.accent),
    ));
    match said {
        None => {
            frame.insert(Visibility::Hidden);
        }
        Some(Said::Tip(text)) => {
            frame.insert(BorderColor::all(Color::NONE));
            frame.with_children(|box_| {
                box_.spawn((crate::ui::muted_line(text), TextLayout::justify(Justify::Center)));
            });
        }
        Some(Said::Notice(text)) => {
            frame.with_children(|box_| {
                box_.spawn((crate::ui::error_line(text), TextLayout::justify(Justify::Center)));
            });
        }
        Some(Said::Question(line, answers, focus_first)) => {
            frame.with_children(|ask| {
                ask.spawn(label(line));
                ask.spawn(crate::ui::row()).with_children(|row| {
                    for (i, (text, action)) in answers.into_iter().enumerate() {
                        let mut b = row.spawn(crate::ui::small_button(text, action));
                        if i == 0 && focus_first {
                            b.insert(AutoFocus);
                        }
                    }
                });
            });
        }
    }
}

impl View for TitleView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("\u{265E} Gambit"));
        p.spawn(label("Chess with skills, and a roguelite of small battles."));
        // One thing at a time in one room: the question about a saved run (asked now), the tutorial
        // offer (which stays until answered), then a notice about the player's files.
        let said = if let Some(question) = &self.abandon_question {
            Some(Said::Question(
                question.as_str(),
                [("Keep it", Action::KeepRun), ("Abandon it, start a new run", Action::AbandonAndStart)],
                true,
            ))
        } else if self.replace_game_question {
            Some(Said::Question(
                "A game of skill chess is saved: continue it, or replace it?",
                [("Continue it", Action::ContinueGame), ("Set up a new game", Action::SetUpNewGame)],
                true,
            ))
        } else if self.offer_tutorial {
            Some(Said::Question(
                "New here? Three short battles teach the moves, the skills, HP and poison.",
                [("Play the tutorial", Action::Tutorial), ("Not now", Action::NotNow)],
                false,
            ))
        } else if let Some(notice) = self.notice.as_deref() {
            Some(Said::Notice(notice))
        } else {
            (!self.tip.is_empty()).then_some(Said::Tip(self.tip.as_str()))
        };
        spawn_question(p, said);
        let mut entries = Vec::new();
        if self.saved_run {
            entries.push(("Continue run", Action::ContinueRun));
        }
        if self.saved_game {
            entries.push(("Continue skill chess", Action::ContinueGame));
        }
        entries.extend([
            ("New Run", Action::NewRun),
            ("Skill Chess", Action::SkillChess),
            ("Upgrades", Action::Upgrades),
            ("Records", Action::Records),
            ("How to play", Action::HowToPlay),
            ("Settings", Action::Settings),
            ("Exit", Action::Exit),
        ]);
        for (i, (text, action)) in entries.into_iter().enumerate() {
            let mut b = p.spawn(button(text, action));
            if i == 0 && self.abandon_question.is_none() {
                b.insert(AutoFocus);
            }
        }
        p.spawn(crate::ui::muted_line("Tab / arrows to move, Enter to choose"));
    }
}

/// The title panel's colour: opaque, so the drifting clouds of the backdrop ([`crate::ui::backdrop`])
/// pass behind it unseen (at 86% they showed through it and read as a glitch over the menu).
pub const TITLE_PANEL: Color = Color::srgb(0.08, 0.09, 0.14);

fn spawn(mut commands: Commands) {
    let panel = Node {
        padding: UiRect::all(units(3.0)),
        border_radius: BorderRadius::all(units(2.0)),
        ..page_column()
    };
    let content = (Section::<TitleView>::new(), BackgroundColor(TITLE_PANEL));
    spawn_page(&mut commands, "Title", Screen::Title, panel, content);
}

fn present(
    mut commands: Commands,
    mut view: ResMut<TitleView>,
    notice: Res<FileNotice>,
    mut sections: crate::ui::section::Sections<TitleView>,
) {
    if view.notice != notice.0 {
        view.notice.clone_from(&notice.0);
    }
    show(&mut commands, &mut sections, &view);
}

fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut next: ResMut<NextState<Screen>>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut back: ResMut<SettingsReturn>,
    mut settings: ResMut<Settings>,
    mut profile: ResMut<Profile>,
    mut view: ResMut<TitleView>,
    dir: Res<DataDir>,
    mut notice: ResMut<FileNotice>,
    mut failure: ResMut<SaveFailure>,
    mut exit: MessageWriter<AppExit>,
) {
    for action in actions.read() {
        match action {
            Action::ContinueRun => {
                if let Some(session) = crate::run::continue_run(&profile, &mut notice, &mut failure) {
                    next.set(session.app_screen());
                    commands.insert_resource(session);
                }
            }
            Action::ContinueGame => {
                view.replace_game_question = false;
                match save::load(&dir) {
                    Ok(Some(game)) => {
                        commands.insert_resource(game);
                        next.set(Screen::SkillChess);
                    }
                    Ok(None) => {}
                    Err(e) => notice.0 = Some(e),
                }
            }
            // Asked whenever run.json exists now (not only when it did on entering the title).
            Action::NewRun if view.saved_run || crate::run::has_saved_run(&profile) => {
                view.replace_game_question = false;
                // Never replace a saved run without asking; where it stands comes from replaying it.
                let (run, _) = profile.resume_run();
                view.abandon_question = Some(match run {
                    Some(run) => format!("A run is in progress ({}): abandon it?", run.standing()),
                    None => "A run is in progress: abandon it?".to_string(),
                });
            }
            Action::KeepRun => view.abandon_question = None,
            Action::AbandonAndStart => {
                view.abandon_question = None;
                if let Some(e) = crate::run::abandon_saved_run(&mut profile) {
                    failure.0 = Some(e);
                }
                match crate::run::new_run(&mut settings, &profile, &mut failure) {
                    Ok(session) => {
                        next.set(session.app_screen());
                        commands.insert_resource(session);
                    }
                    // The old run could not be cleared: it stays, and the title says why.
                    Err(e) => view.notice = Some(e),
                }
            }
            Action::NewRun => {
                // The seed set in Settings is the next run's, used once: `new_run` takes it out, so
                // later runs get random seeds again (the run start shows this run's seed).
                match crate::run::new_run(&mut settings, &profile, &mut failure) {
                    Ok(session) => {
                        next.set(session.app_screen());
                        commands.insert_resource(session);
                    }
                    Err(e) => view.notice = Some(e),
                }
            }
            // Never lead to a Start that replaces a saved game without asking first.
            Action::SkillChess if save::exists(&dir) => {
                view.abandon_question = None;
                view.replace_game_question = true;
            }
            Action::SkillChess | Action::SetUpNewGame => {
                view.replace_game_question = false;
                next.set(Screen::SkillChessSetup);
            }
            Action::Upgrades => next.set(Screen::Upgrades),
            Action::Records => next.set(Screen::Records),
            Action::HowToPlay => next.set(Screen::HowToPlay),
            Action::Settings => crate::menus::settings::open(Menu::None, &mut back, &mut next_menu),
            Action::Exit => {
                exit.write(AppExit::Success);
            }
            Action::Tutorial => {
                view.offer_tutorial = false;
                super::tutorial::begin(&mut commands, &mut profile, &mut next);
            }
            Action::NotNow => {
                view.offer_tutorial = false;
                profile.progress.tutorial = TutorialState::Skipped;
                failure.0 = profile.save_progress().err().map(|e| format!("Saving failed: {e}"));
            }
        }
    }
}
