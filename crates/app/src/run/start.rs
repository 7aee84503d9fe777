//! Run start: the seed (shown so the run can be replayed), the starting modifier offer and its
//! recipient.

use bevy::prelude::*;
use gambit_roguelite::{Decision, RunPhase};

use super::panel::{PanelContext, RunPanel};
use super::{RunDecision, RunSession};
use crate::screens::Screen;
use crate::ui::{UiAction, button, heading, label, screen_root};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::RunStart), spawn);
    app.add_systems(Update, handle.run_if(in_state(Screen::RunStart)).in_set(crate::AppSystems::Decide));
}

fn spawn(mut commands: Commands) {
    commands.spawn((Name::new("Run start"), DespawnOnExit(Screen::RunStart), RunPanel(build), screen_root()));
}

fn mark(selected: bool, text: String) -> String {
    if selected { format!("\u{25B6} {text}") } else { text }
}

/// Rows of the run-start page.
pub fn build(p: &mut ChildSpawnerCommands<'_>, ctx: &PanelContext<'_>) {
    let Some(session) = ctx.session else { return };
    p.spawn(heading("A new run"));
    p.spawn(label(format!(
        "Seed {}: set it under Settings > Run seed to play this run again.",
        session.run.config().seed
    )));
    super::save_banner(p, ctx);
    let RunPhase::StartOffer { offers } = session.run.phase() else { return };
    p.spawn(label("Choose a starting modifier:"));
    for &m in offers {
        p.spawn(button(
            mark(session.offer == Some(m), format!("{}: {}", capitalize(m.name()), m.description())),
            UiAction::ChooseOffer(m),
        ));
    }
    p.spawn(label("Give it to:"));
    p.spawn(Node { flex_direction: FlexDirection::Row, flex_wrap: FlexWrap::Wrap, ..default() })
        .with_children(|row| {
            for piece in session.run.roster() {
                row.spawn(button(
                    mark(
                        session.recipient == Some(piece.id),
                        format!("{} #{}", capitalize(piece.role.name()), piece.id),
                    ),
                    UiAction::ChooseRecipient(piece.id),
                ));
            }
        });
    if let Some(msg) = &session.message {
        p.spawn((label(msg.clone()), TextColor(crate::palette::STANDARD.error)));
    }
    p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
        row.spawn(button("Begin", UiAction::ConfirmStart));
        row.spawn(button("Back to title", UiAction::BackToTitle));
    });
}

/// `swift` -> `Swift`.
#[must_use]
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}

fn handle(
    mut actions: MessageReader<UiAction>,
    session: Option<ResMut<RunSession>>,
    mut out: MessageWriter<RunDecision>,
) {
    let Some(mut session) = session else { return };
    for action in actions.read() {
        match action {
            UiAction::ChooseOffer(m) => session.offer = Some(*m),
            UiAction::ChooseRecipient(id) => session.recipient = Some(*id),
            UiAction::ConfirmStart => match (session.offer, session.recipient) {
                (Some(modifier), Some(recipient)) => {
                    out.write(RunDecision(Decision::ChooseStart { modifier, recipient }));
                }
                _ => session.message = Some("Choose a modifier and the piece that receives it.".to_string()),
            },
            _ => {}
        }
    }
}
