//! The end of a run: won or over, the seed and rank (or the daily run's date), what the rank
//! changed, battles won, points, the pieces lost by name, EXP earned and EXP to spend (the points and the EXP each with what they
//! came from, in words); Upgrades, Back to title.

use bevy::prelude::*;

use gambit_roguelite::economy::ExpReward;
use gambit_roguelite::items::ItemCatalogue;
use gambit_roguelite::rank::{Rank, RankRules};
use gambit_roguelite::records::RunRecord;
use gambit_roguelite::run::RunSummary;

use super::Screen;
use crate::AppSystems;
use crate::run::words::plural;
use crate::run::{Profile, RunSession};
use crate::ui::section::show;
use crate::ui::{Section, View, button, heading, label, muted_line, page_column, spawn_page};

/// What the run-end buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The skill tree, to spend the EXP.
    Upgrades,
    /// Back to the title.
    Title,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::RunEnd), spawn);
    let here = in_state(Screen::RunEnd).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, on_action.run_if(in_state(Screen::RunEnd)).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    spawn_page(&mut commands, "Run end", Screen::RunEnd, page_column(), Section::<RunEndView>::new());
}

/// The run-end page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunEndView {
    won: bool,
    lines: [String; 6],
    /// What the run's rank changed, in one wrapping line.
    rank: String,
}

impl View for RunEndView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading(if self.won { "The run is won" } else { "The run is over" }));
        let (first, rest) = self.lines.split_first().expect("six lines");
        p.spawn(label(first.clone()));
        p.spawn(muted_line(self.rank.clone())).insert(Node {
            max_width: crate::ui::units(120.0),
            margin: UiRect::all(crate::ui::units(0.4)),
            ..default()
        });
        for line in rest {
            p.spawn(label(line.clone()));
        }
        p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
            row.spawn(button("Upgrades", Action::Upgrades));
            row.spawn(button("Back to title", Action::Title));
        });
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    profile: Res<Profile>,
    mut sections: crate::ui::section::Sections<RunEndView>,
) {
    let summary = session.run.summary();
    let view = RunEndView {
        won: summary.victory,
        lines: [
            match summary.daily {
                Some(date) => format!("Daily run of {date}, seed {}", summary.key.seed),
                None => format!(
                    "Seed {}, rank {} (type the seed at the run start to play it again)",
                    summary.key.seed, summary.rank
                ),
            },
            format!("Battles won: {}", summary.battles_won),
            points_line(&summary),
            lost_line(&summary),
            exp_line(&summary.exp_reward()),
            format!("EXP to spend: {}", profile.progress.exp),
        ],
        rank: rank_line(&session.run.config().rank, session.run.items()),
    };
    show(&mut commands, &mut sections, &view);
}

/// What the run's rank changed, for the run-end page: `Rank 1 changed: stage 3 enemy thinks up to
/// 5 turns ahead (150,000 positions a move); ...`, or `Rank 0 changes nothing`
/// ([`RankRules::describe_line`]).
#[must_use]
pub fn rank_line(rank: &RankRules, items: &ItemCatalogue) -> String {
    if rank.rank == Rank::MIN {
        format!("Rank {} changes nothing", rank.rank)
    } else {
        let line = rank.describe_line(items);
        let mut chars = line.chars();
        let line: String = chars.next().map(|c| c.to_lowercase().chain(chars).collect()).unwrap_or_default();
        format!("Rank {} changed: {line}", rank.rank)
    }
}

/// `Pieces lost: queen, rook, 2 pawns` (strongest first), or `Pieces lost: none`: the owned pieces
/// the run's battles lost, by name, as the records list them ([`RunRecord::losses`]), and those a
/// rest brought back (`Pieces lost: rook, pawn (a rest brought back the rook)`).
#[must_use]
pub fn lost_line(summary: &RunSummary) -> String {
    let record = RunRecord::of(summary);
    if record.lost.is_empty() && record.owned_lost == 0 {
        return "Pieces lost: none".to_string();
    }
    let back = &summary.stats.brought_back;
    if back.is_empty() {
        format!("Pieces lost: {}", record.losses())
    } else {
        let the = if back.len() == 1 { "the " } else { "" };
        let words = gambit_roguelite::records::roles_in_words(back);
        format!("Pieces lost: {} (a rest brought back {the}{words})", record.losses())
    }
}

/// `Points: 455 (300 for 3 victories, 95 for moves left, 60 for bonus objectives)`: the run's points
/// and, in words, the won battles' rewards they add up from.
#[must_use]
pub fn points_line(summary: &RunSummary) -> String {
    let rewards: Vec<_> = summary.stats.battles.iter().filter_map(|b| b.reward).collect();
    let base: u32 = rewards.iter().map(|r| r.base_points).sum();
    let moves: u32 = rewards.iter().map(|r| r.move_points).sum();
    let bonus: u32 = rewards.iter().map(|r| r.bonus_points).sum();
    let mut parts = Vec::new();
    if base > 0 {
        let victories = plural(rewards.len() as u32, "victory", "victories");
        parts.push(format!("{base} for {victories}"));
    }
    if moves > 0 {
        parts.push(format!("{moves} for moves left"));
    }
    if bonus > 0 {
        parts.push(format!("{bonus} for bonus objectives"));
    }
    if parts.is_empty() {
        format!("Points: {} (no battle won)", summary.points)
    } else {
        format!("Points: {} ({})", summary.points, parts.join(", "))
    }
}

/// `EXP earned: 95 (45 from the points, 30 for 3 battles won, 20 for winning the run)`.
#[must_use]
pub fn exp_line(exp: &ExpReward) -> String {
    let mut parts = vec![format!("{} from the points", exp.from_points)];
    if exp.from_battles > 0 {
        parts.push(format!("{} for {} won", exp.from_battles, plural(exp.battles_won, "battle", "battles")));
    }
    if exp.from_victory > 0 {
        parts.push(format!("{} for winning the run", exp.from_victory));
    }
    format!("EXP earned: {} ({})", exp.total, parts.join(", "))
}

fn on_action(mut actions: MessageReader<Action>, mut next: ResMut<NextState<Screen>>) {
    for action in actions.read() {
        next.set(match action {
            Action::Upgrades => Screen::Upgrades,
            Action::Title => Screen::Title,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_end_says_what_the_rank_changed() {
        let items = ItemCatalogue::default();
        assert_eq!(rank_line(&RankRules::of(Rank::MIN), &items), "Rank 0 changes nothing");
        let one = rank_line(&RankRules::of(Rank::new(1).unwrap()), &items);
        assert!(one.starts_with("Rank 1 changed: stage 3 enemy thinks up to 5 turns ahead"), "{one}");
        let three = rank_line(&RankRules::of(Rank::new(3).unwrap()), &items);
        assert!(three.contains("Cold Snap") && three.contains("shops offer 2 pieces"), "{three}");
    }

    #[test]
    fn the_exp_is_told_in_words_without_a_formula() {
        let line = exp_line(&ExpReward::new(455, 3, true));
        assert_eq!(line, "EXP earned: 95 (45 from the points, 30 for 3 battles won, 20 for winning the run)");
        let line = exp_line(&ExpReward::new(120, 1, false));
        assert_eq!(line, "EXP earned: 22 (12 from the points, 10 for 1 battle won)");
        assert!(!line.contains("floor") && !line.contains('/'));
    }

    #[test]
    fn the_pieces_lost_are_named_strongest_first() {
        use gambit_roguelite::run::{RunKey, RunStats};
        use gambit_rules::Role;
        let mut summary = RunSummary {
            victory: false,
            battles_won: 1,
            points: 100,
            exp: 20,
            stats: RunStats::default(),
            key: RunKey { seed: 3, decisions: 40 },
            rank: Default::default(),
            daily: None,
            abandoned: false,
        };
        assert_eq!(lost_line(&summary), "Pieces lost: none");
        summary.stats.lost_roles = vec![Role::Pawn, Role::Queen, Role::Pawn];
        summary.stats.owned_lost = 3;
        summary.stats.pawns_lost = 2;
        assert_eq!(lost_line(&summary), "Pieces lost: queen, 2 pawns");
        assert!(!lost_line(&summary).contains('#'), "names, never ids");
        summary.stats.brought_back = vec![Role::Queen];
        assert_eq!(lost_line(&summary), "Pieces lost: queen, 2 pawns (a rest brought back the queen)");
        summary.stats.brought_back = vec![Role::Pawn, Role::Queen];
        assert_eq!(lost_line(&summary), "Pieces lost: queen, 2 pawns (a rest brought back queen, pawn)");
    }
}
