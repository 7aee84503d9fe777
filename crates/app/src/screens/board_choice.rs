//! Choosing the next board (three-battle runs only: a route run goes from node to node on the map,
//! [`super::map`], and never offers a board choice): three encounters of the stage's pool side by
//! side as cards, each with its name, a picture of the board and the enemy, the same preview lines as
//! the map's ([`super::map::preview_lines`]: board, objective and royal kings, the enemy's skills and
//! modifiers), its enemies and move budget and its bonus; Choose.

use bevy::prelude::*;
use gambit_roguelite::route::NodePreview;
use gambit_roguelite::{Decision, RunPhase};

use super::Screen;
use crate::AppSystems;
use crate::board::preview::{self, PreviewCell};
use crate::run::{RunDecision, RunSession};
use crate::ui::section::show;
use crate::ui::{Section, View, button, heading, label, page_column, spawn_page};

/// What the board choice's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Choose option 0..3.
    Choose(usize),
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::BoardChoice), spawn);
    let here = in_state(Screen::BoardChoice).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    spawn_page(
        &mut commands,
        "Board choice",
        Screen::BoardChoice,
        page_column(),
        Section::<BoardChoiceView>::new(),
    );
}

/// One option's card.
#[derive(Clone, Debug, PartialEq, Eq)]
struct OptionView {
    name: String,
    preview: Vec<PreviewCell>,
    lines: Vec<String>,
    size: String,
    bonus: Option<String>,
}

/// The board choice page.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardChoiceView {
    title: String,
    options: Vec<OptionView>,
    message: Option<String>,
}

impl BoardChoiceView {
    fn new(session: &RunSession) -> Option<BoardChoiceView> {
        let RunPhase::ChooseBoard { options } = session.run.phase() else { return None };
        Some(BoardChoiceView {
            title: format!("Choose battle {}", session.run.battles_won() + 1),
            options: options
                .iter()
                .map(|e| OptionView {
                    name: e.title(),
                    preview: preview::cells(e),
                    lines: super::map::preview_lines(&NodePreview::of_board_option(e)),
                    size: format!("{} enemies, {} moves", e.enemy.len(), e.move_budget),
                    bonus: e.bonus.map(|b| format!("Bonus: {b}")),
                })
                .collect(),
            message: session.refusal.clone(),
        })
    }
}

impl View for BoardChoiceView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading(self.title.clone()));
        p.spawn(crate::ui::card_row()).with_children(|row| {
            for (i, option) in self.options.iter().enumerate() {
                row.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_children(|col| {
                    col.spawn(label(option.name.clone()));
                    preview::spawn(col, &option.preview);
                    col.spawn(label(option.size.clone()));
                    // A little wider than the preview at most: a long list wraps instead of widening the card.
                    for line in &option.lines {
                        col.spawn(label(line.clone())).insert((
                            Node {
                                max_width: crate::ui::units(30.0),
                                margin: UiRect::all(crate::ui::units(0.4)),
                                ..default()
                            },
                            TextLayout::justify(Justify::Center),
                        ));
                    }
                    if let Some(bonus) = &option.bonus {
                        col.spawn(label(bonus.clone()));
                    }
                    // The columns are as tall as the tallest: the free room goes above the button, so
                    // every Choose stands at the same height whatever a text's line count.
                    col.spawn(Node { flex_grow: 1.0, ..default() });
                    col.spawn(button("Choose", Action::Choose(i)));
                });
            }
        });
        p.spawn(crate::ui::message_line(self.message.as_deref(), 1.0));
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    mut sections: crate::ui::section::Sections<BoardChoiceView>,
) {
    if let Some(view) = BoardChoiceView::new(&session) {
        show(&mut commands, &mut sections, &view);
    }
}

fn on_action(mut actions: MessageReader<Action>, mut out: MessageWriter<RunDecision>) {
    for Action::Choose(index) in actions.read() {
        out.write(RunDecision(Decision::ChooseBoard { index: *index }));
    }
}

#[cfg(test)]
mod tests {
    use gambit_roguelite::Modifier;
    use gambit_roguelite::battle::{BoardShape, Objective, SkillTuning};
    use gambit_roguelite::encounter::{Encounter, EnemyPiece};
    use gambit_roguelite::route::NodePreview;
    use gambit_rules::Role;

    use crate::screens::map::preview_lines;

    fn encounter(modifiers: &[Option<Modifier>], skills: bool, royal: bool) -> Encounter {
        Encounter {
            name: "test".to_string(),
            stage: 2,
            board: BoardShape::square(8),
            enemy: modifiers
                .iter()
                .zip(["a8", "b8", "c8", "d8"])
                .map(|(&modifier, s)| EnemyPiece {
                    role: Role::Pawn,
                    square: s.parse().unwrap(),
                    modifier,
                    target: false,
                })
                .collect(),
            objective: Objective::EliminateArmy,
            bonus: None,
            move_budget: 10,
            enemy_skills: skills.then(SkillTuning::default),
            royal_kings: royal,
            fallback: false,
            proof: None,
        }
    }

    /// An option's preview names the board and objective, royal kings, the enemy's skills and its
    /// modifiers (each once), or says it has neither; a three-battle option has no route moves.
    #[test]
    fn the_preview_names_skills_modifiers_and_royal_kings() {
        let mods = [Some(Modifier::Swift), None, Some(Modifier::Armored), Some(Modifier::Swift)];
        let lines = |e: &Encounter| preview_lines(&NodePreview::of_board_option(e));
        let armored = Modifier::Armored.title();
        let swift = Modifier::Swift.title();
        assert_eq!(
            lines(&encounter(&mods, true, true)),
            vec![
                format!("8x8; {}; royal kings", Objective::EliminateArmy.short()),
                format!("Enemy: Teleport & Freeze; {swift}, {armored}"),
            ]
        );
        assert_eq!(lines(&encounter(&mods, false, false))[1], format!("Enemy: {swift}, {armored}"));
        assert_eq!(lines(&encounter(&[None], true, false))[1], "Enemy: Teleport & Freeze");
        assert_eq!(lines(&encounter(&[None], false, false))[1], "Enemy: no skills or modifiers");
    }
}
