//! Lifetime records: EXP, skills unlocked, the ranks unlocked; the finished runs (won and lost, battles
//! won, best score, pieces lost, the best run at each rank: the profile's records count a run when it
//! ends, `Progress::record_run`), or that none finished yet; where the run in progress stands, apart
//! ([`RunInProgress`]: it is counted when it ends); skill chess against the engine, won, drawn and
//! lost per strength (`Progress::versus`); the last runs (newest first, a page at a time)
//! with seed, rank, result, points and every piece lost, each with a Replay button (the replay screen,
//! [`super::replay`]); Back. UI state: [`RecordsPage`].

use bevy::prelude::*;
use gambit_roguelite::records::RunRecord;
use gambit_roguelite::versus::VersusRecords;
use gambit_search::Preset;

use super::Screen;
use crate::AppSystems;
use crate::run::Profile;
use crate::ui::section::show;
use crate::ui::{
    Disabled, Section, View, button, heading, label, muted_line, page_column, small_button, spawn_page, units,
};

/// What the records page's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Back to the title.
    Back,
    /// The page of newer runs.
    Newer,
    /// The page of older runs.
    Older,
    /// Replay the run at this index of the profile's history (`Progress::history`, oldest first).
    Replay(usize),
}

/// How many runs one page of the history lists.
pub const RUNS_PER_PAGE: usize = 5;

/// The page of the last runs shown (0: the newest runs).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordsPage(pub usize);

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<RecordsPage>();
    app.init_resource::<RunInProgress>();
    app.add_systems(OnEnter(Screen::Records), spawn);
    let here = in_state(Screen::Records);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

/// Where the saved run stands (`act 1 of 2, 1 battle won`, [`gambit_roguelite::Run::standing`]), read
/// when the records are opened; `None` when no run is in progress.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct RunInProgress(pub Option<String>);

fn spawn(mut commands: Commands, mut page: ResMut<RecordsPage>, profile: Res<Profile>) {
    page.0 = 0;
    // The records count finished runs only; the run in progress is named apart (it counts when it
    // ends), so its battles are not missing from "battles won" without a word.
    let standing = crate::run::has_saved_run(&profile)
        .then(|| profile.resume_run().0.map(|run| run.standing()))
        .flatten();
    commands.insert_resource(RunInProgress(standing));
    spawn_page(&mut commands, "Records", Screen::Records, page_column(), Section::<RecordsView>::new());
}

/// One run of the history as listed: its line, and what it lost.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RunLine {
    /// Its index in the profile's history.
    index: usize,
    title: String,
    lost: String,
}

impl RunLine {
    fn of(index: usize, r: &RunRecord) -> RunLine {
        let run = r.daily.map_or_else(|| format!("rank {}", r.rank), |d| format!("daily {d}"));
        RunLine {
            index,
            title: format!("Seed {}, {run}: {}, {} points", r.seed, r.result(), r.points),
            lost: format!("Lost: {}", r.losses()),
        }
    }
}

/// The records page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordsView {
    /// Lifetime lines (EXP, skills, ranks).
    lines: Vec<String>,
    /// The finished runs' totals (none when no run finished).
    finished: Vec<String>,
    /// One line per rank played: its runs and best run.
    bests: Vec<String>,
    /// Where the run in progress stands, if there is one (not counted in the records yet).
    in_progress: Option<String>,
    /// Skill chess against the engine: one line per strength played (`Club: 3 won, 1 drawn, 2
    /// lost`), or a line saying no game was played.
    versus: Vec<String>,
    /// The heading of the history page (`Last runs 1-6 of 14, newest first`).
    runs_heading: Option<String>,
    runs: Vec<RunLine>,
    newer: bool,
    older: bool,
}

impl RecordsView {
    fn new(profile: &Profile, page: RecordsPage, in_progress: &RunInProgress) -> RecordsView {
        let progress = &profile.progress;
        let s = &progress.stats;
        let lines = vec![
            format!("EXP to spend: {} (earned in all: {})", progress.exp, s.total_exp),
            format!(
                "Skills unlocked: {} of {} (see Upgrades)",
                progress.unlocked.iter().filter(|id| profile.tree.node(id).is_some()).count(),
                profile.tree.nodes.len()
            ),
            format!("Ranks unlocked: 0 to {}", progress.rank_unlocked),
        ];
        let finished = if s.runs == 0 {
            Vec::new()
        } else {
            vec![
                format!("{} won, {} lost; battles won: {}", s.victories, s.runs - s.victories, s.battles_won),
                format!("Best score: {} points", s.best_score),
                format!(
                    "Pieces lost: {} ({} pawn{}); temporary pawns lost: {}",
                    s.pieces_lost,
                    s.pawns_lost,
                    if s.pawns_lost == 1 { "" } else { "s" },
                    s.temporary_pawns_lost
                ),
            ]
        };
        let bests = progress
            .bests
            .iter()
            .map(|b| {
                format!(
                    "Rank {}: {} won of {}; best: seed {}, {}, {} points",
                    b.rank,
                    b.victories,
                    b.runs,
                    b.best.seed,
                    b.best.result(),
                    b.best.points
                )
            })
            .collect();
        let versus = versus_lines(&progress.versus);
        let total = progress.history.len();
        let pages = total.div_ceil(RUNS_PER_PAGE).max(1);
        let page = page.0.min(pages - 1);
        let first = page * RUNS_PER_PAGE;
        let runs: Vec<RunLine> = progress
            .history
            .iter()
            .enumerate()
            .rev()
            .skip(first)
            .take(RUNS_PER_PAGE)
            .map(|(i, r)| RunLine::of(i, r))
            .collect();
        RecordsView {
            lines,
            finished,
            bests,
            in_progress: in_progress
                .0
                .as_ref()
                .map(|standing| format!("{standing} (counted here when it ends)")),
            versus,
            runs_heading: (total > 0)
                .then(|| format!("Last runs {}-{} of {total}, newest first", first + 1, first + runs.len())),
            runs,
            newer: page > 0,
            older: page + 1 < pages,
        }
    }
}

/// The width of the runs' column, units: a run's line and its Replay button; beside the other
/// column ([`TOTALS_WIDTH`]) within the 146 units a 900x600 window has.
const RUNS_WIDTH: f32 = 72.0;

/// The width of the totals' column (lifetime, finished runs, skill chess), units.
const TOTALS_WIDTH: f32 = 66.0;

/// A column of the page: `width` units (never wider than the row), not shrunk. Its width is its own,
/// not only a limit, so every line's text is measured at the width it is drawn at: with only a
/// `max_width`, the row's height was computed from the lines unwrapped, then the column was laid out
/// narrower and its wrapped lines ran under the Newer / Back / Older row (at 100% in 900x600, and
/// at 150% where the two columns wrap under each other).
fn column(width: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        width: units(width),
        max_width: Val::Percent(100.0),
        flex_shrink: 0.0,
        ..default()
    }
}

impl View for RecordsView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Records"));
        p.spawn(Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            column_gap: units(4.0),
            max_width: Val::Percent(100.0),
            ..default()
        })
        .with_children(|row| {
            row.spawn(column(TOTALS_WIDTH)).with_children(|col| {
                for line in &self.lines {
                    col.spawn(label(line.clone()));
                }
                col.spawn(section_heading("Finished runs"));
                if self.finished.is_empty() {
                    col.spawn(muted_line("None yet."));
                }
                for line in self.finished.iter().chain(&self.bests) {
                    col.spawn(label(line.clone()));
                }
                if let Some(line) = &self.in_progress {
                    col.spawn(section_heading("Run in progress"));
                    col.spawn(label(line.clone()));
                }
                col.spawn(section_heading("Skill chess against the engine"));
                for line in &self.versus {
                    col.spawn(label(line.clone()));
                }
            });
            // The Replay buttons share the runs' column's right edge.
            row.spawn(column(RUNS_WIDTH)).with_children(|col| {
                let Some(heading) = &self.runs_heading else {
                    // Headed like every list of the page, its line in the muted colour under it.
                    col.spawn(section_heading("Last runs"));
                    col.spawn(muted_line("No run finished yet."));
                    return;
                };
                col.spawn(section_heading(heading.clone()));
                for run in &self.runs {
                    // The run's line takes the column's width and its text the room left of the
                    // button, so every Replay button stands at the column's right edge, one under
                    // the other, however long the line.
                    col.spawn(crate::ui::row()).with_children(|line| {
                        line.spawn(label(run.title.clone())).insert(Node {
                            flex_grow: 1.0,
                            flex_shrink: 1.0,
                            margin: UiRect::all(units(0.4)),
                            ..default()
                        });
                        line.spawn(small_button("Replay", Action::Replay(run.index)));
                    });
                    col.spawn(muted_line(run.lost.clone())).insert(Node {
                        margin: UiRect { left: units(2.0), bottom: units(0.6), ..default() },
                        ..default()
                    });
                }
            });
        });
        // Paging beside Back, in one row under the page: both paging buttons always (when there are runs),
        // disabled at the ends, so nothing moves when paging.
        p.spawn(crate::ui::row()).with_children(|b| {
            let paging = self.runs_heading.is_some();
            if paging {
                let mut newer = b.spawn(small_button("Newer", Action::Newer));
                if !self.newer {
                    newer.insert(Disabled);
                }
            }
            b.spawn(button("Back", Action::Back));
            if paging {
                let mut older = b.spawn(small_button("Older", Action::Older));
                if !self.older {
                    older.insert(Disabled);
                }
            }
        });
    }
}

/// A list's heading on the page, in the accent colour.
fn section_heading(text: impl Into<String>) -> impl Bundle {
    (label(text), TextColor(crate::palette::STANDARD.accent))
}

/// The skill-chess record against each engine strength played, weakest first (`Club: 3 won, 1
/// drawn, 2 lost`); one line saying so when no game was played.
fn versus_lines(versus: &VersusRecords) -> Vec<String> {
    let lines: Vec<String> = Preset::ALL
        .into_iter()
        .filter_map(|preset| {
            let t = versus.against(preset);
            (t.games() > 0)
                .then(|| format!("{}: {} won, {} drawn, {} lost", preset.name(), t.wins, t.draws, t.losses))
        })
        .collect();
    if lines.is_empty() {
        vec!["No game played yet (Skill chess on the title screen).".to_string()]
    } else {
        lines
    }
}

fn present(
    mut commands: Commands,
    profile: Res<Profile>,
    page: Res<RecordsPage>,
    in_progress: Res<RunInProgress>,
    mut sections: crate::ui::section::Sections<RecordsView>,
) {
    show(&mut commands, &mut sections, &RecordsView::new(&profile, *page, &in_progress));
}

fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut page: ResMut<RecordsPage>,
    profile: Res<Profile>,
    mut next: ResMut<NextState<Screen>>,
) {
    let pages = profile.progress.history.len().div_ceil(RUNS_PER_PAGE).max(1);
    for action in actions.read() {
        match *action {
            Action::Back => next.set(Screen::Title),
            Action::Replay(i) => {
                if let Some(record) = profile.progress.history.get(i) {
                    super::replay::open(&mut commands, &profile, record, &mut next);
                }
            }
            Action::Newer => page.0 = page.0.saturating_sub(1),
            Action::Older => page.0 = (page.0 + 1).min(pages - 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_roguelite::versus::GameScore;

    #[test]
    fn the_skill_chess_record_is_listed_per_strength_played() {
        let mut versus = VersusRecords::default();
        assert_eq!(versus_lines(&versus).len(), 1, "one line when nothing was played");
        assert!(versus_lines(&versus)[0].starts_with("No game"));
        versus.record(Preset::Expert, GameScore::Loss);
        versus.record(Preset::Casual, GameScore::Win);
        versus.record(Preset::Casual, GameScore::Draw);
        versus.record(Preset::Casual, GameScore::Win);
        assert_eq!(
            versus_lines(&versus),
            ["Casual: 2 won, 1 drawn, 0 lost", "Expert: 0 won, 0 drawn, 1 lost"]
        );
    }
}
