//! Run start: the seed (shown so the run can be replayed; another can be typed), the rank (the
//! ranks unlocked, and what the chosen one changes), today's daily run, the starting modifier offer
//! and the piece that receives it, as cards; Begin. Until Begin, a new seed, rank or the daily run replaces the
//! run. UI state: [`RunStartChoice`] (the offer and recipient chosen so far) and the typed
//! [`SeedField`].

use bevy::prelude::*;
use gambit_roguelite::rank::Rank;
use gambit_roguelite::seed::Date;
use gambit_roguelite::{Decision, Modifier, RunConfig, RunPhase};

use super::Screen;
use super::seed_field::SeedField;
use crate::AppSystems;
use crate::run::{Profile, RunDecision, RunSession, SaveFailure};
use crate::ui::section::show;
use crate::ui::{
    Card, CardSize, Section, View, button, capitalize, error_line, heading, label, muted_line, page_column,
    small_button, spawn_card, spawn_page, wrapping_row,
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
    /// Play this rank instead (a new run with the same seed).
    Rank(Rank),
    /// Play the typed seed instead (a new run at the same rank).
    UseSeed,
    /// Play today's daily run instead (its one attempt is used at once).
    Daily,
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

fn spawn(mut commands: Commands, mut choice: ResMut<RunStartChoice>, mut field: ResMut<SeedField>) {
    *choice = RunStartChoice::default();
    field.text.clear();
    spawn_page(&mut commands, "Run start", Screen::RunStart, page_column(), Section::<RunStartView>::new());
}

/// The run-start page.
#[derive(Clone, Debug, PartialEq)]
pub struct RunStartView {
    seed: u64,
    /// The heading line: `A new run` or `Daily run of 2026-12-01`.
    title: String,
    /// The run's rank and what it changes.
    rank: Rank,
    rank_line: String,
    /// The ranks that can be chosen (none once the run is under way or for a daily run).
    ranks: Vec<Rank>,
    /// The highest rank unlocked, for the hint about the next.
    highest: Rank,
    /// The typed seed as shown.
    typed: String,
    /// Today's daily run: its date and whether it can still be played.
    daily: Option<(Date, bool)>,
    /// (modifier, card)
    offers: Vec<(Modifier, Card)>,
    /// (roster id, card)
    roster: Vec<(u32, Card)>,
    message: Option<String>,
}

impl RunStartView {
    fn new(
        session: &RunSession,
        choice: &RunStartChoice,
        profile: &Profile,
        field: &SeedField,
        today: Date,
        images: Option<&crate::board::art::PieceImages>,
    ) -> RunStartView {
        let config = session.run.config();
        let open = matches!(session.run.phase(), RunPhase::StartOffer { .. })
            && session.run.decisions().next().is_none();
        let daily = config.daily;
        let offers = match session.run.phase() {
            RunPhase::StartOffer { offers } => offers
                .iter()
                .map(|&m| {
                    let card = Card {
                        art: crate::board::view::modifier_icon(m.letter()),
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
            .map(|p| {
                // The name it has on every screen (Pawn, Pawn 2, ...).
                let card = Card {
                    art: crate::board::view::glyphs(p.role).0.to_string(),
                    image: images.map(|i| i.get(gambit_rules::Color::White, p.role)),
                    title: session.run.piece_name(p.id).map_or_else(String::new, |n| n.to_string()),
                    selected: choice.recipient == Some(p.id),
                    ..Card::default()
                };
                (p.id, card)
            })
            .collect();
        RunStartView {
            seed: config.seed,
            title: daily.map_or_else(|| "A new run".to_string(), |d| format!("Daily run of {d}")),
            rank: config.rank.rank,
            rank_line: config.rank.describe_line(session.run.items()),
            ranks: if open && daily.is_none() {
                profile.progress.playable_ranks().collect()
            } else {
                Vec::new()
            },
            highest: profile.progress.rank_unlocked,
            typed: field.shown(),
            daily: (open && daily.is_none()).then(|| (today, profile.progress.daily_available(today))),
            offers,
            roster,
            message: choice.message.clone().or_else(|| session.refusal.clone()),
        }
    }
}

impl View for RunStartView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading(self.title.clone()));
        p.spawn(label(format!(
            "Seed {}, rank {}: type the seed here or under Settings to play this run again.",
            self.seed, self.rank
        )));
        // What the rank changes, in one wrapping line (and how to unlock the next).
        let mut about = self.rank_line.clone();
        if !self.ranks.is_empty()
            && let Some(next) = self.highest.next()
        {
            about.push_str(&format!(". Win a run at rank {} to unlock rank {next}.", self.highest));
        }
        p.spawn(muted_line(about)).insert(Node {
            max_width: crate::ui::units(120.0),
            margin: UiRect::all(crate::ui::units(0.4)),
            ..default()
        });
        // One row: the ranks, the typed seed, today's daily run.
        p.spawn(Node {
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            column_gap: crate::ui::units(2.0),
            ..wrapping_row()
        })
        .with_children(|row| {
            if !self.ranks.is_empty() {
                row.spawn(Node { align_items: AlignItems::Center, ..default() }).with_children(|group| {
                    group.spawn(label("Rank:"));
                    // The chosen rank in words: an arrow before the number read as a play button.
                    for &r in &self.ranks {
                        let text = if r == self.rank { format!("{r} (chosen)") } else { r.to_string() };
                        group.spawn(small_button(text, Action::Rank(r)));
                    }
                });
                row.spawn(Node { align_items: AlignItems::Center, ..default() }).with_children(|group| {
                    group.spawn(label("Seed:"));
                    // The typed digits in a box, so it reads as a field to type in.
                    group
                        .spawn((
                            Node {
                                min_width: crate::ui::units(16.0),
                                padding: UiRect::axes(crate::ui::units(1.0), crate::ui::units(0.4)),
                                border: UiRect::all(crate::ui::units(0.25)),
                                ..default()
                            },
                            BackgroundColor(Color::srgb(0.1, 0.11, 0.15)),
                            BorderColor::all(Color::srgb(0.35, 0.38, 0.5)),
                        ))
                        .with_child(label(self.typed.clone()));
                    group.spawn(small_button("Use this seed", Action::UseSeed));
                });
            }
            if let Some((date, available)) = self.daily {
                if available {
                    row.spawn(small_button(format!("Daily run of {date} (one attempt)"), Action::Daily));
                } else {
                    row.spawn(muted_line(format!("The daily run of {date} is played: one attempt per day.")));
                }
            }
        });
        if self.offers.is_empty() {
            return;
        }
        p.spawn(label("Choose a starting modifier:"));
        p.spawn(Node { justify_content: JustifyContent::Center, ..wrapping_row() }).with_children(|row| {
            for (m, card) in &self.offers {
                spawn_card(row, card, Action::Offer(*m), CardSize::Choice);
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
    profile: Res<Profile>,
    field: Res<SeedField>,
    images: Option<Res<crate::board::art::PieceImages>>,
    mut sections: crate::ui::section::Sections<RunStartView>,
) {
    let today = Date::today_utc();
    let view = RunStartView::new(&session, &choice, &profile, &field, today, images.as_deref());
    show(&mut commands, &mut sections, &view);
}

/// What replaces the run before Begin: a configuration, or why not.
fn replacement(
    action: Action,
    session: &RunSession,
    profile: &mut Profile,
    field: &SeedField,
) -> Result<RunConfig, String> {
    let config = session.run.config();
    if session.run.decisions().next().is_some() {
        return Err("The run is under way.".to_string());
    }
    match action {
        Action::Rank(rank) => {
            profile.progress.ranked_run_config(config.seed, rank).map_err(|e| e.to_string())
        }
        Action::UseSeed => {
            let seed = field.seed().map_err(|e| capitalize(&e.to_string()))?;
            profile.progress.ranked_run_config(seed, config.rank.rank).map_err(|e| e.to_string())
        }
        Action::Daily => {
            let config =
                profile.progress.start_daily(Date::today_utc()).map_err(|e| capitalize(&e.to_string()))?;
            // The attempt counts from here: saved before the run is shown.
            profile.save_progress().map_err(|e| format!("Saving failed: {e}"))?;
            Ok(config)
        }
        _ => Err(String::new()),
    }
}

#[allow(clippy::too_many_arguments)]
fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut choice: ResMut<RunStartChoice>,
    mut out: MessageWriter<RunDecision>,
    mut next: ResMut<NextState<Screen>>,
    session: Res<RunSession>,
    mut profile: ResMut<Profile>,
    field: Res<SeedField>,
    mut failure: ResMut<SaveFailure>,
) {
    for action in actions.read() {
        match *action {
            Action::Rank(_) | Action::UseSeed | Action::Daily => {
                match replacement(*action, &session, &mut profile, &field) {
                    Ok(config) => match crate::run::start_run(config, &profile, &mut failure) {
                        Ok(session) => {
                            *choice = RunStartChoice::default();
                            commands.insert_resource(session);
                        }
                        Err(m) => choice.message = Some(m),
                    },
                    Err(m) => choice.message = Some(m),
                }
            }
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
