//! The roguelite run in the app, the model side. The `gambit-roguelite` crate decides everything
//! (legality, the enemy, scoring); this module holds the run ([`RunSession`]) and the permanent
//! profile ([`Profile`]), applies the player's decisions ([`RunDecision`]) and saves. Each decision is
//! applied on the `AsyncComputeTaskPool` to a private copy of the run (a battle action includes the
//! enemy's replies, so the enemy thinks on a worker thread) and the copy replaces the run when it is
//! done; [`RunAdvanced`] then tells the screens. The run's screens (`screens::run_start`, `deploy`,
//! `battle`, `shop`, `board_choice`, `map`, `rest`, `run_end`) hold what the player is choosing; the run decides which
//! of them is shown ([`RunSession::app_screen`]).

pub mod words;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gambit_roguelite::battle::Team;
use gambit_roguelite::bot::Evaluation;
use gambit_roguelite::records::RunRecord;
use gambit_roguelite::replay::replay_file;
use gambit_roguelite::run::{BattleRecord, RunError, RunSummary};
use gambit_roguelite::save::{
    PROGRESS_FILE, RUN_FILE, progress_from_json, progress_to_json, run_from_json, run_to_json,
};
use gambit_roguelite::{Battle, BattleEvent, Decision, Progress, Run, RunEvent, RunPhase, SkillTree};
use gambit_rules::Square;

use crate::AppSystems;
use crate::screens::Screen;
use crate::settings::{FileNotice, Settings};
use crate::storage::DataDir;

/// The permanent profile and where it is saved.
#[derive(Resource)]
pub struct Profile {
    /// EXP, unlocks and statistics.
    pub progress: Progress,
    /// The data directory (`progress.json`, `run.json`).
    pub dir: DataDir,
    /// The skill tree.
    pub tree: SkillTree,
}

impl Profile {
    /// Writes `progress.json`.
    ///
    /// # Errors
    /// The store's error.
    pub fn save_progress(&self) -> Result<(), gambit_store::StoreError> {
        self.dir.store().save(PROGRESS_FILE, &progress_to_json(&self.progress))
    }

    /// Writes `run.json` (the run's log, with everything it generated recorded).
    ///
    /// # Errors
    /// The store's error.
    pub fn save_run(&self, run: &Run) -> Result<(), gambit_store::StoreError> {
        self.dir.store().save(RUN_FILE, &run_to_json(run))
    }

    /// Deletes `run.json` (and its previous version) at the end of a run.
    ///
    /// # Errors
    /// The store's error.
    pub fn clear_run(&self) -> Result<(), gambit_store::StoreError> {
        self.dir.store().remove(RUN_FILE)
    }

    /// Loads the saved run, rebuilt as far as it replays, with a message for the player when the file
    /// was bad (its previous version is then used) or when replaying stopped early. `None` when there
    /// is no run to continue.
    #[must_use]
    pub fn resume_run(&self) -> (Option<Run>, Option<String>) {
        let (resumed, message) = self.resume_run_with_log();
        (resumed.map(|(run, _)| run), message)
    }

    /// [`Profile::resume_run`] with the battle log of the battle in play, rebuilt from the replayed
    /// steps' events (`Resumed::battle_events`) and worded as the live log words them (empty outside
    /// a battle).
    #[must_use]
    pub fn resume_run_with_log(&self) -> (Option<(Run, Vec<String>)>, Option<String>) {
        let loaded = self.dir.store().load(RUN_FILE, run_from_json);
        let mut message = loaded.message();
        let Some(saved) = loaded.value else { return (None, message) };
        let resumed = saved.resume(Evaluation::default());
        if let Some(stop) = &resumed.stopped {
            let note = format!(
                "The saved run continues from before step {} (that step no longer replays: {}).",
                stop.index, stop.problem
            );
            message = Some(message.map_or(note.clone(), |m| format!("{m}. {note}")));
        }
        let log = RunEvent::log_lines(&resumed.battle_events);
        (Some((resumed.run, log)), message)
    }
}

/// The battle log's lines kept in memory (the oldest go first).
const LOG_LINES: usize = 200;

/// A save that failed and can be retried (nothing is lost: the state stays in memory).
#[derive(Resource, Default, Debug)]
pub struct SaveFailure(pub Option<String>);

/// What the battle-end panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleEnd {
    /// Won or lost.
    pub won: bool,
    /// Lines of the points breakdown, or the cause of the defeat.
    pub lines: Vec<String>,
    /// A defeat's square: where the player's last piece fell (marked on the final board).
    pub square: Option<Square>,
}

impl BattleEnd {
    /// The report of a finished battle from the run's record of it: a victory's moves, bonus, points
    /// in words and gold; a defeat's cause and `square` (where the last piece fell). With
    /// `lost_in_run` (a route that goes on: how many owned pieces the run has lost in all, this
    /// battle's included), the owned pieces this battle lost are named as lost for the rest of the
    /// run, beside the run's total.
    #[must_use]
    pub fn of_record(record: &BattleRecord, square: Option<Square>, lost_in_run: Option<usize>) -> BattleEnd {
        let mut lines = match record.reward {
            Some(reward) => vec![
                format!("Moves used: {}", record.moves_used),
                if reward.bonus {
                    format!("Bonus objective: complete (+{})", reward.bonus_points)
                } else {
                    "Bonus objective: missed".to_string()
                },
                words::victory_points_line(&reward),
                format!("Gold: +{}", reward.gold),
            ],
            None => {
                let cause = record.defeat.map_or_else(
                    || "The battle is lost".to_string(),
                    |reason| words::capitalize(&reason.to_string()),
                );
                let mut lines = vec![format!("{cause}.")];
                if let Some(square) = square {
                    lines.push(format!("Lost on {square}, marked on the board."));
                }
                lines.push("The run ends here.".to_string());
                lines
            }
        };
        if let Some(in_run) = lost_in_run.filter(|_| record.lost > 0) {
            let pieces = |n: usize| if n == 1 { "1 piece".to_string() } else { format!("{n} pieces") };
            lines.push(format!(
                "Lost in this battle: {} (gone for the rest of the run; {} lost in all, a rest can bring one back)",
                pieces(record.lost as usize),
                pieces(in_run)
            ));
        }
        BattleEnd { won: record.won, lines, square }
    }
}

/// The square where the player's last piece was taken (captured, or killed by poison or damage) in
/// `events`, if any.
fn lost_on(events: &[RunEvent]) -> Option<Square> {
    events.iter().rev().find_map(|e| match e {
        RunEvent::Battle {
            event:
                BattleEvent::Captured { victim: unit, square, .. }
                | BattleEvent::Died { unit, square }
                | BattleEvent::Destroyed { unit, square },
        } if unit.team == Team::Player => Some(*square),
        _ => None,
    })
}

/// A piece's journey in a change the model made: a move (the board slides it) or a teleport (the board
/// shows it vanish and reappear). The run session records those of the last decision
/// ([`RunSession::travels`]); the board animates them (re-exported as `board::Travel`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Travel {
    /// Where it left.
    pub from: Square,
    /// Where it arrived.
    pub to: Square,
    /// A teleport rather than a move.
    pub teleport: bool,
}

impl Travel {
    /// The journey a battle event reports: a move or a reposition slides, a teleport does not.
    #[must_use]
    pub fn of_event(event: &gambit_roguelite::BattleEvent) -> Option<Travel> {
        let (from, to) = event.travel()?;
        let teleport = matches!(event, gambit_roguelite::BattleEvent::Teleported { .. });
        Some(Travel { from, to, teleport })
    }
}

/// The active run: the run itself and what its decisions produced (the event log, the last move, the
/// end-of-battle report, the last refusal). What the player is choosing lives in each run screen's UI
/// state.
#[derive(Resource)]
pub struct RunSession {
    /// The run.
    pub run: Run,
    /// Readable event lines of the current battle (and what followed it), oldest first (the last 200);
    /// emptied when a battle starts.
    pub log: Vec<String>,
    /// Why the last decision was refused (cleared by the next accepted one).
    pub refusal: Option<String>,
    /// What the last accepted decision changed where no screen of its own reports it (a rest: `Rest:
    /// your Knight is back.`), shown on the map it returns to; cleared by the next accepted decision.
    pub news: Option<String>,
    /// The last move on the board (for highlighting).
    pub last_move: Option<(Square, Square)>,
    /// Every journey of the last decision (the player's action and the enemy's replies), in order:
    /// the board animates each ([`crate::board::BoardScene::travels`]).
    pub travels: Vec<Travel>,
    /// The report of the battle that just ended, shown on the battle screen until the player continues.
    pub battle_end: Option<BattleEnd>,
    /// The run summary once recorded into the profile.
    pub recorded: Option<RunSummary>,
    /// A battle shown instead of the run's own (the screenshot tour's illustration); input is off.
    pub showcase: Option<Battle>,
    /// Badges shown instead of the run's on the deployment and battle panels (the screenshot tour's
    /// worst case: every badge of the catalogue); the run's rules are the run's own.
    pub showcase_badges: Option<Vec<gambit_roguelite::items::Item>>,
}

impl RunSession {
    /// A session around a run (new or resumed).
    #[must_use]
    pub fn new(run: Run) -> RunSession {
        RunSession {
            run,
            log: Vec::new(),
            refusal: None,
            last_move: None,
            travels: Vec::new(),
            battle_end: None,
            recorded: None,
            showcase: None,
            showcase_badges: None,
            news: None,
        }
    }

    /// The badges the panels list, (name, `Name: text`) each, in the order bought
    /// ([`crate::ui::spawn_badge_chips`]): the showcase's if set, else the run's.
    #[must_use]
    pub fn badge_chips(&self) -> Vec<(String, String)> {
        let chip =
            |it: &gambit_roguelite::items::Item| (it.name.clone(), format!("{}: {}", it.name, it.text));
        match &self.showcase_badges {
            Some(badges) => badges.iter().map(chip).collect(),
            None => self.run.badge_items().map(chip).collect(),
        }
    }

    /// The battle on screen: the showcase if one is set, else the run's.
    #[must_use]
    pub fn battle(&self) -> Option<&Battle> {
        self.showcase.as_ref().or(self.run.battle())
    }

    /// The app screen that shows the run's current state.
    #[must_use]
    pub fn app_screen(&self) -> Screen {
        if self.battle_end.is_some() || self.showcase.is_some() {
            return Screen::Battle;
        }
        match self.run.phase() {
            RunPhase::StartOffer { .. } => Screen::RunStart,
            RunPhase::Deploy { .. } => Screen::Deploy,
            RunPhase::Battle => Screen::Battle,
            RunPhase::Shop(_) => Screen::Shop,
            RunPhase::ChooseBoard { .. } => Screen::BoardChoice,
            RunPhase::Map { .. } => Screen::Map,
            RunPhase::Rest => Screen::Rest,
            RunPhase::Over { .. } => Screen::RunEnd,
        }
    }

    /// Closes the end-of-battle report (the run's next screen follows).
    pub fn close_battle_end(&mut self) {
        self.battle_end = None;
        self.last_move = None;
        self.travels.clear();
    }
}

/// A decision the player made on a run screen (buttons, the board and tests send it).
#[derive(Message, Clone, Debug)]
pub struct RunDecision(pub Decision);

/// A decision was applied (sent when a decision finishes), with the events it gave in order: the
/// screens drop the choices it consumed, the audio plays its cue.
#[derive(Message, Clone, Debug)]
pub struct RunAdvanced(pub Vec<RunEvent>);

/// Try the failed save again (the save banner's Retry asks it; [`SaveFailure`] says why it failed).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetrySave;

/// The decision being applied on a worker thread.
#[derive(Resource, Default)]
pub struct RunTask(Option<Task<(Run, Result<Vec<RunEvent>, RunError>)>>);

impl RunTask {
    /// Whether a decision (and the enemy's replies) is being worked out.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.0.is_some()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<RunDecision>();
    app.add_message::<RunAdvanced>();
    app.add_message::<RetrySave>();
    app.init_resource::<RunTask>();
    app.init_resource::<SaveFailure>();
    // Loaded while the app is built, so every screen (the title's first OnEnter included) finds it.
    let dir = app.world().resource::<DataDir>().clone();
    let (mut profile, problem) = load_profile(&dir);
    let failed_save = finish_ended_run(&mut profile);
    app.insert_resource(profile);
    app.world_mut().resource_mut::<SaveFailure>().0 = failed_save;
    if let Some(problem) = problem {
        app.world_mut().resource_mut::<FileNotice>().0 = Some(problem);
    }
    app.add_systems(
        Update,
        (retry_save, start_decision, finish_decision, follow_screen).chain().in_set(AppSystems::Apply),
    );
}

/// Reads `progress.json`: a bad file is kept aside and its previous version used; when neither loads,
/// the profile is empty. Either way the title shows a message.
fn load_profile(dir: &DataDir) -> (Profile, Option<String>) {
    let loaded = dir.store().load(PROGRESS_FILE, progress_from_json);
    let problem = loaded.message().map(|m| {
        if loaded.recovered {
            format!("Your profile could not be read, so its previous version is used: {m}")
        } else {
            format!("Your profile could not be read, so an empty one is used: {m}")
        }
    });
    let progress = loaded.value.unwrap_or_default();
    (Profile { progress, dir: dir.clone(), tree: SkillTree::standard() }, problem)
}

/// Whether a saved active run exists.
#[must_use]
pub fn has_saved_run(profile: &Profile) -> bool {
    profile.dir.store().exists(RUN_FILE)
}

/// A random seed from the clock, shown at the start so the run can be replayed.
fn random_seed() -> u64 {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64 ^ (nanos >> 64) as u64) % 1_000_000_000
}

/// A new run from the profile's unlocks at its [default rank](gambit_roguelite::Progress::default_rank),
/// with the seed set in the settings (used once: taken out of the settings, so it does not repeat in
/// later runs) or a random one; saved at once (a failure is kept in `failure`).
///
/// # Errors
/// [`RUN_IN_PROGRESS`] when `run.json` holds a run in progress ([`start_run`]); the seed is then kept.
pub fn new_run(
    settings: &mut Settings,
    profile: &Profile,
    failure: &mut SaveFailure,
) -> Result<RunSession, String> {
    if run_in_progress(profile) {
        return Err(RUN_IN_PROGRESS.to_string());
    }
    let seed = settings.run_seed.take().unwrap_or_else(random_seed);
    let progress = &profile.progress;
    let config = progress
        .ranked_run_config(seed, progress.default_rank())
        .unwrap_or_else(|_| progress.new_run_config(seed));
    start_run(config, profile, failure)
}

/// Why a new run was not started: `run.json` holds a run in progress.
pub const RUN_IN_PROGRESS: &str =
    "A run is in progress: continue it, or choose New Run on the title to abandon it first.";

/// Whether `run.json` holds a run in progress: one that replays, is not over and has a decision made.
/// A run not yet begun (no decision) is not: the run start replaces it with the rank, seed or daily
/// run chosen before Begin.
#[must_use]
pub fn run_in_progress(profile: &Profile) -> bool {
    has_saved_run(profile)
        && profile.resume_run().0.is_some_and(|run| !run.is_over() && run.decisions().next().is_some())
}

/// A new run with `config`, saved at once (a failure is kept in `failure`). The one way a run starts:
/// it never replaces a run in progress ([`run_in_progress`]; the title's New Run asks first and
/// records the old run as abandoned).
///
/// # Errors
/// [`RUN_IN_PROGRESS`] when `run.json` holds a run in progress; nothing is written.
pub fn start_run(
    config: gambit_roguelite::RunConfig,
    profile: &Profile,
    failure: &mut SaveFailure,
) -> Result<RunSession, String> {
    if run_in_progress(profile) {
        return Err(RUN_IN_PROGRESS.to_string());
    }
    let run = Run::new(config);
    if let Err(e) = profile.save_run(&run) {
        failure.0 = Some(e.to_string());
    }
    Ok(RunSession::new(run))
}

/// A random seed from the clock (what a run gets when no seed is typed).
#[must_use]
pub fn fresh_seed() -> u64 {
    random_seed()
}

/// The saved run, resumed as far as it replays and saved at once in the current format (an older file,
/// or one that stopped early, is rewritten as what was resumed), with the battle log of the battle in
/// play rebuilt from the replayed steps. A problem goes to `notice`, a failed
/// save to `failure`; `None` when there is no run to continue.
#[must_use]
pub fn continue_run(
    profile: &Profile,
    notice: &mut FileNotice,
    failure: &mut SaveFailure,
) -> Option<RunSession> {
    let (resumed, problem) = profile.resume_run_with_log();
    if let Some(m) = problem {
        notice.0 = Some(format!("The saved run could not be resumed as it was: {m}"));
    }
    let (run, log) = resumed?;
    if let Err(e) = profile.save_run(&run) {
        failure.0 = Some(format!("Saving failed: {e}"));
    }
    let mut session = RunSession::new(run);
    // The battle log as it was before the game stopped (the replayed steps' events).
    let keep = log.len().saturating_sub(LOG_LINES);
    session.log = log[keep..].to_vec();
    Some(session)
}

/// A saved run that had already ended (the game stopped while saving its end, see [`save_all`]):
/// recorded into the profile unless it already was (its key is the profile's last one), then
/// `run.json` removed, so the title does not offer to continue a finished run. A run still in play,
/// or no run, is left alone. Returns the save error, if any, for the save banner.
fn finish_ended_run(profile: &mut Profile) -> Option<String> {
    if !has_saved_run(profile) {
        return None;
    }
    let (Some(run), _) = profile.resume_run() else { return None };
    if !run.is_over() {
        return None;
    }
    record_finished(profile, &run, &run.summary());
    let result = profile.save_progress().and_then(|()| profile.clear_run());
    result.err().map(|e| format!("Saving failed: {e}"))
}

/// The saved run given up for a new one: recorded in the profile as abandoned
/// (`gambit_roguelite::Run::abandon`, the rule of what is recorded), the profile saved and `run.json`
/// removed. A saved run that had already ended is recorded as it ended; no saved run, or one that
/// cannot be read, changes nothing. Returns the save error, if any, for the save banner.
pub fn abandon_saved_run(profile: &mut Profile) -> Option<String> {
    let (Some(run), _) = profile.resume_run() else { return None };
    let summary = if run.is_over() { run.summary() } else { run.abandon() };
    record_finished(profile, &run, &summary);
    let result = profile.save_progress().and_then(|()| profile.clear_run());
    result.err().map(|e| format!("Saving failed: {e}"))
}

/// Records a finished run in the profile (not yet saved) and, when it was not recorded before, keeps
/// its log as the run's replay file (`gambit_roguelite::replay::replay_file`) and removes the replay
/// of the run that left the records. A replay that cannot be written is only logged: the run's record
/// does not depend on it (its replay then says none is available).
pub fn record_finished(profile: &mut Profile, run: &Run, summary: &RunSummary) {
    let oldest = profile.progress.history.first().and_then(RunRecord::key);
    if !profile.progress.record_run(summary) {
        return;
    }
    let store = profile.dir.store();
    if let Err(e) = store.write(&replay_file(summary.key), &run_to_json(run)) {
        warn!("the run's replay was not kept: {e}");
    }
    if let Some(old) = oldest
        && !profile.progress.history.iter().any(|r| r.key() == Some(old))
    {
        let _ = store.remove(&replay_file(old));
    }
}

/// The save banner's Retry.
fn retry_save(
    mut retries: MessageReader<RetrySave>,
    profile: Res<Profile>,
    session: Option<Res<RunSession>>,
    mut failure: ResMut<SaveFailure>,
) {
    for RetrySave in retries.read() {
        if let Some(s) = session.as_deref() {
            save_all(&profile, s, &mut failure);
        } else {
            failure.0 = profile.save_progress().err().map(|e| format!("Saving failed: {e}"));
        }
    }
}

/// Saves the run (and, once it is over, the profile, clearing the run file). A finished run is first
/// written to `run.json`, then recorded in `progress.json`, then removed: stopped between any two of
/// these, the next start finds the run and records it exactly once (`finish_ended_run`).
pub fn save_all(profile: &Profile, session: &RunSession, failure: &mut SaveFailure) {
    let result = if session.run.is_over() {
        profile
            .save_run(&session.run)
            .and_then(|()| profile.save_progress())
            .and_then(|()| profile.clear_run())
    } else {
        profile.save_run(&session.run)
    };
    failure.0 = result.err().map(|e| format!("Saving failed: {e}"));
}

fn start_decision(
    mut decisions: MessageReader<RunDecision>,
    session: Option<Res<RunSession>>,
    mut task: ResMut<RunTask>,
) {
    let Some(session) = session else {
        decisions.clear();
        return;
    };
    for RunDecision(decision) in decisions.read() {
        if task.0.is_some() {
            continue;
        }
        let mut run = session.run.clone();
        let decision = decision.clone();
        task.0 = Some(AsyncComputeTaskPool::get().spawn(async move {
            let result = run.apply(decision);
            (run, result)
        }));
    }
}

fn finish_decision(
    mut advanced: MessageWriter<RunAdvanced>,
    mut task: ResMut<RunTask>,
    session: Option<ResMut<RunSession>>,
    mut profile: ResMut<Profile>,
    mut failure: ResMut<SaveFailure>,
) {
    let Some(mut session) = session else {
        task.0 = None;
        return;
    };
    let Some(running) = task.0.as_mut() else { return };
    let Some((run, result)) = check_ready(running) else { return };
    task.0 = None;
    match result {
        Err(e) => session.refusal = Some(e.to_string()),
        Ok(events) => {
            let was_battle = matches!(session.run.phase(), RunPhase::Battle);
            let was_rest = matches!(session.run.phase(), RunPhase::Rest);
            let battles_before = session.run.stats().battles.len();
            let badges_before = session.run.badges().len();
            session.run = run;
            session.refusal = None;
            // The map a rest returns to says what the rest did (it has no screen of its own after).
            session.news = was_rest.then(|| {
                let lines: Vec<&str> = events
                    .iter()
                    .filter_map(|e| match e {
                        RunEvent::Run { text } => Some(text.as_str()),
                        RunEvent::Battle { .. } => None,
                    })
                    .collect();
                format!("Rest: {}.", lines.join("; "))
            });
            // The battle panel shows the log of the battle on screen: a new battle starts a new log.
            if !was_battle && matches!(session.run.phase(), RunPhase::Battle) {
                session.log.clear();
            }
            session.travels.clear();
            for event in &events {
                if let RunEvent::Battle { event } = event
                    && let Some(travel) = Travel::of_event(event)
                {
                    session.last_move = Some((travel.from, travel.to));
                    session.travels.push(travel);
                }
            }
            // The lines as the library words them: a move and its capture in one line, no line per
            // turn.
            session.log.extend(RunEvent::log_lines(&events));
            let keep = session.log.len().saturating_sub(LOG_LINES);
            session.log.drain(..keep);
            if was_battle && session.run.stats().battles.len() > battles_before {
                let record = session.run.stats().battles.last().cloned().expect("a battle just ended");
                let square = record.defeat.and(lost_on(&events));
                // A lost battle ends the run: no "rest of the run" to speak of then.
                let lost_in_run = (session.run.route().is_some() && !session.run.is_over())
                    .then(|| session.run.lost().len());
                let mut end = BattleEnd::of_record(&record, square, lost_in_run);
                // An elite's victory names the badge it dropped (a battle buys none).
                end.lines.extend(
                    session.run.badge_items().skip(badges_before).map(|it| format!("Badge won: {}", it.name)),
                );
                session.battle_end = Some(end);
            }
            advanced.write(RunAdvanced(events));
            if session.run.is_over() && session.recorded.is_none() {
                let summary = session.run.summary();
                record_finished(&mut profile, &session.run, &summary);
                session.recorded = Some(summary);
            }
            save_all(&profile, &session, &mut failure);
        }
    }
}

/// Keeps the app's screen on the run's screen (while a run is active and on a run screen).
fn follow_screen(
    session: Option<Res<RunSession>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(session) = session else { return };
    if !session.is_changed() || !screen.get().is_run_screen() {
        return;
    }
    let want = session.app_screen();
    if *screen.get() != want {
        next.set(want);
    }
}
