//! The route map (issue 16): the current act's rows of nodes, top to bottom, each saying what it holds
//! (a battle and its stage, an elite that drops a badge, a shop, a rest, the boss and its rule) and
//! which nodes of the next row it leads to; the node the run is at is marked, the nodes the player may
//! go to next have a Go button. The run (`gambit_roguelite::route`) decides the route and the choices;
//! this screen shows them and asks.

use bevy::prelude::*;
use gambit_roguelite::route::{NodeKind, NodeRef, RouteTuning};
use gambit_roguelite::{Decision, RunPhase};

use super::Screen;
use crate::AppSystems;
use crate::run::{RunDecision, RunSession, SaveFailure};
use crate::ui::section::show;
use crate::ui::{
    Section, View, error_line, heading, muted_line, page_column, save_banner, small_button, spawn_page,
    wrapping_row,
};

/// What the map's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Go to choice `i` ([`RunPhase::Map`]'s `choices[i]`).
    Go(usize),
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::Map), spawn);
    let here = in_state(Screen::Map).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    spawn_page(&mut commands, "Map", Screen::Map, page_column(), Section::<MapView>::new());
}

/// What a node holds, in words: `Battle, stage 1`, `Elite, stage 2, +12 moves, drops a badge`,
/// `Shop`, `Rest`, `Boss, stage 2: Warband`, with the moves the route adds or takes.
#[must_use]
pub fn node_text(kind: NodeKind, act: usize, tuning: &RouteTuning) -> String {
    let stage = kind.stage(act).map(|s| format!(", stage {s}")).unwrap_or_default();
    let bonus = kind.budget_bonus(act, tuning);
    let moves = match bonus {
        0 => String::new(),
        b if b > 0 => format!(", +{b} moves"),
        b => format!(", {b} moves"),
    };
    match kind {
        NodeKind::Battle => format!("Battle{stage}{moves}"),
        NodeKind::Elite => format!("Elite{stage}{moves}, drops a badge"),
        NodeKind::Shop => "Shop".to_string(),
        NodeKind::Rest => "Rest".to_string(),
        NodeKind::Boss { rule } => format!("Boss{stage}{moves}: {}", rule.name()),
    }
}

/// One node as the map shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NodeView {
    text: String,
    leads_to: String,
    here: bool,
    /// The index in the map's choices, when the player may go there.
    choice: Option<usize>,
}

/// The map page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapView {
    title: String,
    failure: Option<String>,
    status: String,
    rows: Vec<Vec<NodeView>>,
    /// The boss's rule in full and what a rest offers.
    legend: String,
    message: Option<String>,
}

impl MapView {
    fn new(session: &RunSession, failure: &SaveFailure) -> Option<MapView> {
        let run = &session.run;
        let RunPhase::Map { choices } = run.phase() else { return None };
        let route = run.route()?;
        let act = choices.first().map_or(0, |c| c.act);
        let tuning = &run.config().economy.route;
        let rows = route.acts.get(act)?.rows.iter().enumerate().map(|(row, nodes)| {
            nodes
                .iter()
                .enumerate()
                .map(|(index, n)| {
                    let at = NodeRef { act, row, index };
                    let letters: Vec<String> = n.next.iter().map(|&j| (j + 1).to_string()).collect();
                    NodeView {
                        text: format!("{}. {}", index + 1, node_text(n.kind, act, tuning)),
                        leads_to: if letters.is_empty() {
                            String::new()
                        } else {
                            format!(" (to {})", letters.join(", "))
                        },
                        here: run.position() == Some(at),
                        choice: choices.iter().position(|&c| c == at),
                    }
                })
                .collect::<Vec<NodeView>>()
        });
        let lost = run.lost().len();
        Some(MapView {
            title: format!("Act {} of {}: choose where to go", act + 1, route.acts.len()),
            failure: failure.0.clone(),
            status: format!(
                "Gold {}, army {} piece{}{}, battles won {}",
                run.gold(),
                run.roster().len(),
                if run.roster().len() == 1 { "" } else { "s" },
                if lost > 0 { format!(" ({lost} lost)") } else { String::new() },
                run.battles_won()
            ),
            rows: rows.collect(),
            legend: {
                let boss = route.acts[act].rows.last().and_then(|r| r.first()).map(|n| n.kind);
                let rule = match boss {
                    Some(NodeKind::Boss { rule }) => format!("Boss: {rule}. "),
                    _ => String::new(),
                };
                format!("{rule}Rest: bring back a lost piece or remove a modifier.")
            },
            message: session.refusal.clone(),
        })
    }
}

impl View for MapView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading(self.title.clone()));
        save_banner::spawn(p, self.failure.as_deref());
        p.spawn(muted_line(self.status.clone()));
        p.spawn(muted_line(self.legend.clone()));
        for nodes in &self.rows {
            p.spawn(wrapping_row()).with_children(|row| {
                for node in nodes {
                    let text = format!(
                        "{}{}{}",
                        node.text,
                        node.leads_to,
                        if node.here { ", you are here" } else { "" }
                    );
                    match node.choice {
                        Some(i) => {
                            row.spawn(small_button(format!("Go: {text}"), Action::Go(i)));
                        }
                        None => {
                            row.spawn(muted_line(text));
                        }
                    }
                }
            });
        }
        if let Some(msg) = &self.message {
            p.spawn(error_line(msg.clone()));
        }
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    failure: Res<SaveFailure>,
    mut sections: crate::ui::section::Sections<MapView>,
) {
    if let Some(view) = MapView::new(&session, &failure) {
        show(&mut commands, &mut sections, &view);
    }
}

fn on_action(mut actions: MessageReader<Action>, mut out: MessageWriter<RunDecision>) {
    for Action::Go(index) in actions.read() {
        out.write(RunDecision(Decision::ChooseNode { index: *index }));
    }
}

#[cfg(test)]
mod tests {
    use gambit_roguelite::route::{BossRule, NodeKind, RouteTuning};

    use super::node_text;

    /// A node says what it holds, with its stage and the moves the route adds.
    #[test]
    fn nodes_say_what_they_hold() {
        let t = RouteTuning {
            battle: vec![0, 3],
            elite: vec![2],
            boss: vec![-2],
            bosses: vec![BossRule::Warband { every: 3 }],
        };
        assert_eq!(node_text(NodeKind::Battle, 0, &t), "Battle, stage 1");
        assert_eq!(node_text(NodeKind::Battle, 1, &t), "Battle, stage 2, +3 moves");
        assert_eq!(node_text(NodeKind::Elite, 0, &t), "Elite, stage 2, +2 moves, drops a badge");
        assert_eq!(node_text(NodeKind::Shop, 0, &t), "Shop");
        let boss = NodeKind::Boss { rule: BossRule::IronKing };
        assert_eq!(node_text(boss, 1, &t), "Boss, stage 3, -2 moves: Iron King");
    }
}
