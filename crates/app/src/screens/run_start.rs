//! Run start: the seed (shown so the run can be replayed), the starting modifier offer and the piece
//! that receives it, as cards; Begin. UI state: [`RunStartChoice`] (the offer and recipient chosen so far).

use bevy::prelude::*;
use gambit_roguelite::{Decision, Modifier, RunPhase};

use super::Screen;
use crate::AppSystems;
use crate::run::{RunDecision, RunSession, SaveFailure};
use crate::ui::section::show;
use crate::ui::{
    Card, CardSize, Section, View, button, capitalize, error_line, heading, label, page_column, save_banner,
    spawn_card, spawn_page, wrapping_row,
};

/// What the run-start buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Pick an offered modifier.
    Offer(Modifier),
    /// Pick the piece that receives it (roster id).
    Recipient(u32),
    /// Confirm the offer and the recipient.
    Begin,
    /// Back to the title (the run is saved).
    Title,
}

/// The choices made so far on the run-start screen.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct RunStartChoice {
    /// The chosen modifier.
    pub offer: Option<Modifier>,
    /// The chosen recipient (roster id).
    pub recipient: Option<u32>,
    /// A hint for the player.
    pub message: Option<String>,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<RunStartChoice>();
    app.add_systems(OnEnter(Screen::RunStart), spawn);
    let here = in_state(Screen::RunStart).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands, mut choice: ResMut<RunStartChoice>) {
    *choice = RunStartChoice::default();
    spawn_page(&mut commands, "Run start", Screen::RunStart, page_column(), Section::<RunStartView>::new());
}

/// The run-start page.
#[derive(Clone, Debug, PartialEq)]
pub struct RunStartView {
    seed: u64,
    failure: Option<String>,
    /// (modifier, card)
    offers: Vec<(Modifier, Card)>,
    /// (roster id, card)
    roster: Vec<(u32, Card)>,
    message: Option<String>,
}

impl RunStartView {
    fn new(session: &RunSession, choice: &RunStartChoice, failure: &SaveFailure) -> RunStartView {
        let offers = match session.run.phase() {
            RunPhase::StartOffer { offers } => offers
                .iter()
                .map(|&m| {
                    let card = Card {
                        art: m.letter().to_string(),
                        title: m.title().to_string(),
                        text: m.description().to_string(),
                        selected: choice.offer == Some(m),
                        ..Card::default()
                    };
                    (m, card)
                })
                .collect(),
            _ => Vec::new(),
        };
        let roster = session.run.roster();
        let roster = roster
            .iter()
            .enumerate()
            .map(|(i, p)| {
                // Numbered within its role, in roster order (Pawn 1, Pawn 2, ...).
                let number = roster[..i].iter().filter(|o| o.role == p.role).count() + 1;
                let card = Card {
                    art: crate::board::view::glyphs(p.role).0.to_string(),
                    title: format!("{} {number}", capitalize(p.role.name())),
                    selected: choice.recipient == Some(p.id),
                    ..Card::default()
                };
                (p.id, card)
            })
            .collect();
        RunStartView {
            seed: session.run.config().seed,
            failure: failure.0.clone(),
            offers,
            roster,
            message: choice.message.clone().or_else(|| session.refusal.clone()),
        }
    }
}

impl View for RunStartView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("A new run"));
        p.spawn(label(format!(
            "Seed {}: set it under Settings > Run seed to play this run again.",
            self.seed
        )));
        save_banner::spawn(p, self.failure.as_deref());
        if self.offers.is_empty() {
            return;
        }
        p.spawn(label("Choose a starting modifier:"));
        p.spawn(Node { justify_content: JustifyContent::Center, ..wrapping_row() }).with_children(|row| {
            for (m, card) in &self.offers {
                spawn_card(row, card, Action::Offer(*m), CardSize::Offer);
            }
        });
        p.spawn(label("Give it to:"));
        p.spawn(Node { justify_content: JustifyContent::Center, ..wrapping_row() }).with_children(|row| {
            for (id, card) in &self.roster {
                spawn_card(row, card, Action::Recipient(*id), CardSize::Piece);
            }
        });
        // The line is always there (empty until needed), so the buttons below never move.
        p.spawn(error_line(self.message.clone().unwrap_or_default())).insert(Node {
            min_height: crate::ui::units(2.9),
            margin: UiRect::all(crate::ui::units(0.4)),
            ..default()
        });
        p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
            row.spawn(button("Begin", Action::Begin));
            row.spawn(button("Back to title", Action::Title));
        });
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    choice: Res<RunStartChoice>,
    failure: Res<SaveFailure>,
    mut sections: crate::ui::section::Sections<RunStartView>,
) {
    show(&mut commands, &mut sections, &RunStartView::new(&session, &choice, &failure));
}

fn on_action(
    mut actions: MessageReader<Action>,
    mut choice: ResMut<RunStartChoice>,
    mut out: MessageWriter<RunDecision>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match *action {
            Action::Offer(m) => choice.offer = Some(m),
            Action::Recipient(id) => choice.recipient = Some(id),
            Action::Begin => match (choice.offer, choice.recipient) {
                (Some(modifier), Some(recipient)) => {
                    choice.message = None;
                    out.write(RunDecision(Decision::ChooseStart { modifier, recipient }));
                }
                _ => choice.message = Some("Choose a modifier and the piece that receives it.".to_string()),
            },
            Action::Title => next.set(Screen::Title),
        }
    }
}
