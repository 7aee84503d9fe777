//! The rules in short: skill chess and the roguelite run, side by side; the tutorial's three lessons;
//! Back (or Escape).

use bevy::prelude::*;

use super::Screen;
use crate::AppSystems;
use crate::ui::{button, heading, label, page_column, spawn_page};

/// What the rules page's button does.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Back to the title.
    Back,
    /// Play the tutorial (three short scripted battles).
    Tutorial,
}

/// The text of the rules page, one paragraph per entry.
pub const RULES: [&str; 9] = [
    "Skill chess is standard chess (FIDE rules: check, castling, en passant, promotion, the draw rules) plus two skills for each side.",
    "Teleport moves one of your pieces up to two squares away in any direction (two king steps), to an empty square or onto an enemy piece. It ends your turn. If the jump is a legal move it is played as that move (at any distance); otherwise the piece is placed directly. It may not leave your own king attacked, and a pawn may not land on its first rank or its last two. The Classic rules (setup) let a teleport go anywhere and a pawn land one rank short of promotion.",
    "Freeze locks a square: whatever stands on it (either side, or a piece that arrives later) cannot move or be teleported, but it still attacks and gives check, and it can be captured. Freezing is free: you still make your move.",
    "Cooldowns count ticks. The clock ticks once after every turn of either side, so a Teleport with cooldown 6 is ready again three of your own turns later. A Freeze of duration 3 costs an enemy piece exactly one turn.",
    "Overlays: a dot marks where the selected piece can go and a ring a piece it can capture; a snowflake and a number mark a frozen square and its remaining ticks; yellow tint marks the last move; red marks a king in check; with the threat overlay (T), a tint and a corner flag mark your pieces the opponent could take next turn and where the selected piece could be taken after moving (pawn guards, Teleport's reach).",
    "Mouse: click a piece then a square, or drag it. Keyboard: arrows move the cursor, Enter picks the square; 1 casts Teleport, 2 casts Freeze, Esc cancels (or pauses).",
    "Command line: press / and type a move in SAN or UCI (Nf3, e2e4), or a skill: tp e4e7 to teleport, fz e7 to freeze. Enter plays it.",
    "F rotates the board, T toggles the threat overlay, Ctrl+Z takes back your last turn and the engine's reply, Ctrl+Y plays it again.",
    "The bar beside the board shows the engine's estimate of your chances; Foresight (settings) frames its reply to the move you point at. Setup: your record (won \u{2013} drawn \u{2013} lost) is under each strength; Two players share one machine. Start field: type a FEN, a PGN or a .pgn file's path (no pasting: no system clipboard).",
];

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.add_systems(OnEnter(Screen::HowToPlay), spawn);
    app.add_systems(Update, on_action.run_if(in_state(Screen::HowToPlay)).in_set(AppSystems::Decide));
}

fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut profile: ResMut<crate::run::Profile>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match action {
            Action::Back => next.set(Screen::Title),
            Action::Tutorial => super::tutorial::begin(&mut commands, &mut profile, &mut next),
        }
    }
}

fn spawn(mut commands: Commands) {
    // The column spans the window, so the row's width (and each paragraph's) is known before the text
    // is measured: a width limited only by a `max_width` would be measured unlimited, and the
    // paragraphs would be drawn taller than their nodes.
    let column = Node { width: Val::Percent(100.0), ..page_column() };
    let page = spawn_page(&mut commands, "How to play", Screen::HowToPlay, column, ());
    commands.entity(page).with_children(|root| {
        // Back beside the heading, above the rules, so it stays in sight and the page fits the
        // window at 100% (the layout check holds it to that).
        root.spawn(Node { column_gap: crate::ui::units(3.0), ..crate::ui::row() }).with_children(|top| {
            top.spawn(heading("How to play")).insert(Node::default());
            top.spawn(button("Back", Action::Back));
            top.spawn(button("Tutorial", Action::Tutorial));
        });
        // Two columns of at most 72 units, narrower (and taller) when the window is narrow: their
        // widths are fractions of the row's, so each paragraph is measured at its final width.
        root.spawn(Node {
            flex_direction: FlexDirection::Row,
            justify_content: JustifyContent::SpaceBetween,
            width: Val::Percent(100.0),
            max_width: crate::ui::units(148.0),
            ..default()
        })
        .with_children(|row| {
            // The roguelite's paragraphs come from its crate, their numbers from its rules' constants.
            let run_rules = gambit_roguelite::guide::run_rules();
            let run_rules: Vec<&str> = run_rules.iter().map(String::as_str).collect();
            for (title, paragraphs) in [("Skill chess", &RULES[..]), ("The roguelite run", &run_rules[..])] {
                row.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    width: Val::Percent(48.5),
                    flex_shrink: 0.0,
                    ..default()
                })
                .with_children(|col| {
                    col.spawn((label(title), TextColor(crate::palette::STANDARD.accent)));
                    for paragraph in paragraphs {
                        col.spawn((
                            Text::new(*paragraph),
                            crate::ui::text_font(1.9),
                            Node { margin: UiRect::bottom(crate::ui::units(0.6)), ..default() },
                        ));
                    }
                });
            }
        });
    });
}
