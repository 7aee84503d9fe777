//! Choosing the next board: three encounters side by side, each with its name, a preview, its size,
//! objective and royal kings, its enemies and move budget, the enemy's skills and modifiers, its bonus;
//! Choose.

use bevy::prelude::*;
use gambit_roguelite::{Decision, RunPhase};

use super::Screen;
use crate::AppSystems;
use crate::board::preview::{self, PreviewCell};
use crate::run::{RunDecision, RunSession, SaveFailure};
use crate::ui::section::show;
use crate::ui::{Section, View, button, error_line, heading, label, page_column, save_banner, spawn_page};

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
    shape: String,
    size: String,
    enemy: String,
    bonus: Option<String>,
}

/// The enemy's skills and modifiers in a few words: `Enemy: Teleport & Freeze; Swift, Armored x2`.
fn enemy_text(e: &gambit_roguelite::encounter::Encounter) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for m in e.enemy.iter().filter_map(|p| p.modifier) {
        match counts.iter_mut().find(|(t, _)| *t == m.title()) {
            Some((_, n)) => *n += 1,
            None => counts.push((m.title(), 1)),
        }
    }
    let modifiers: Vec<String> =
        counts.iter().map(|&(t, n)| if n > 1 { format!("{t} x{n}") } else { t.to_string() }).collect();
    match (e.enemy_skills.is_some(), modifiers.is_empty()) {
        (false, true) => "Enemy: no skills or modifiers".to_string(),
        (false, false) => format!("Enemy: {}", modifiers.join(", ")),
        (true, true) => "Enemy: Teleport & Freeze".to_string(),
        (true, false) => format!("Enemy: Teleport & Freeze; {}", modifiers.join(", ")),
    }
}

/// The board choice page.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardChoiceView {
    title: String,
    failure: Option<String>,
    options: Vec<OptionView>,
    message: Option<String>,
}

impl BoardChoiceView {
    fn new(session: &RunSession, failure: &SaveFailure) -> Option<BoardChoiceView> {
        let RunPhase::ChooseBoard { options } = session.run.phase() else { return None };
        Some(BoardChoiceView {
            title: format!("Choose battle {}", session.run.battles_won() + 1),
            failure: failure.0.clone(),
            options: options
                .iter()
                .map(|e| OptionView {
                    name: e.name.replace('_', " "),
                    preview: preview::cells(e),
                    shape: format!(
                        "{}x{}, {}{}",
                        e.board.width,
                        e.board.height,
                        e.objective.short(),
                        if e.royal_kings { ", royal kings" } else { "" }
                    ),
                    size: format!("{} enemies, {} moves", e.enemy.len(), e.move_budget),
                    enemy: enemy_text(e),
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
        save_banner::spawn(p, self.failure.as_deref());
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
                    col.spawn(label(option.shape.clone()));
                    col.spawn(label(option.size.clone()));
                    // As wide as the preview at most: a long list wraps instead of widening the card.
                    col.spawn(label(option.enemy.clone())).insert((
                        Node {
                            max_width: crate::ui::units(24.0),
                            margin: UiRect::all(crate::ui::units(0.4)),
                            ..default()
                        },
                        TextLayout::justify(Justify::Center),
                    ));
                    if let Some(bonus) = &option.bonus {
                        col.spawn(label(bonus.clone()));
                    }
                    col.spawn(button("Choose", Action::Choose(i)));
                });
            }
        });
        if let Some(msg) = &self.message {
            p.spawn(error_line(msg.clone()));
        }
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    failure: Res<SaveFailure>,
    mut sections: crate::ui::section::Sections<BoardChoiceView>,
) {
    if let Some(view) = BoardChoiceView::new(&session, &failure) {
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
    use gambit_rules::Role;

    use super::enemy_text;

    fn encounter(modifiers: &[Option<Modifier>], skills: bool) -> Encounter {
        Encounter {
            name: "test".to_string(),
            stage: 1,
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
            royal_kings: false,
            fallback: false,
            proof: None,
        }
    }

    /// The preview names the enemy's skills and its modifiers (counted), or says it has neither.
    #[test]
    fn the_enemy_line_names_skills_and_modifiers() {
        let mods = [Some(Modifier::Swift), None, Some(Modifier::Armored), Some(Modifier::Swift)];
        assert_eq!(enemy_text(&encounter(&mods, true)), "Enemy: Teleport & Freeze; Swift x2, Armored");
        assert_eq!(enemy_text(&encounter(&mods, false)), "Enemy: Swift x2, Armored");
        assert_eq!(enemy_text(&encounter(&[None], true)), "Enemy: Teleport & Freeze");
        assert_eq!(enemy_text(&encounter(&[None], false)), "Enemy: no skills or modifiers");
    }
}
