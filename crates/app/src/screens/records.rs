//! Lifetime records: EXP, skills unlocked, best score, runs won and lost, battles won, pieces lost;
//! the ranks unlocked and the best run at each rank; skill chess against the engine, won, drawn and
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
    app.add_systems(OnEnter(Screen::Records), spawn);
    let here = in_state(Screen::Records);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands, mut page: ResMut<RecordsPage>) {
    page.0 = 0;
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
    /// Lifetime lines.
    lines: Vec<String>,
    /// One line per rank played: its runs and best run.
    bests: Vec<String>,
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
    fn new(profile: &Profile, page: RecordsPage) -> RecordsView {
        let progress = &profile.progress;
        let s = &progress.stats;
        let lines = vec![
            format!("EXP to spend: {} (earned in all: {})", progress.exp, s.total_exp),
            format!(
                "Skills unlocked: {} of {} (see Upgrades)",
                progress.unlocked.iter().filter(|id| profile.tree.node(id).is_some()).count(),
                profile.tree.nodes.len()
            ),
            format!("Best score: {} points", s.best_score),
            format!(
                "Runs: {} won, {} lost; battles won: {}",
                s.victories,
                s.runs - s.victories,
                s.battles_won
            ),
            format!(
                "Pieces lost: {} ({} pawns); temporary pawns lost: {}",
                s.pieces_lost, s.pawns_lost, s.temporary_pawns_lost
            ),
            format!("Ranks unlocked: 0 to {}", progress.rank_unlocked),
        ];
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
            bests,
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
/// column (at most 66 units) within the 146 units a 900x600 window has.
const RUNS_WIDTH: f32 = 72.0;

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
            row.spawn(Node { flex_direction: FlexDirection::Column, max_width: units(66.0), ..default() })
                .with_children(|col| {
                    for line in &self.lines {
                        col.spawn(label(line.clone()));
                    }
                    for line in &self.bests {
                        col.spawn(label(line.clone()));
                    }
                    col.spawn((
                        label("Skill chess against the engine"),
                        TextColor(crate::palette::STANDARD.accent),
                    ));
                    for line in &self.versus {
                        col.spawn(label(line.clone()));
                    }
                });
            // The runs' column has a width of its own (not only a limit), so each line's text is
            // measured at the width it is drawn at and the Replay buttons share one right edge.
            row.spawn(Node {
                flex_direction: FlexDirection::Column,
                width: units(RUNS_WIDTH),
                max_width: Val::Percent(100.0),
                ..default()
            })
            .with_children(|col| {
                let Some(heading) = &self.runs_heading else {
                    col.spawn(label("No run finished yet."));
                    return;
                };
                col.spawn((label(heading.clone()), TextColor(crate::palette::STANDARD.accent)));
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
    mut sections: crate::ui::section::Sections<RecordsView>,
) {
    show(&mut commands, &mut sections, &RecordsView::new(&profile, *page));
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
