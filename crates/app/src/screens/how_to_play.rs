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
    "F rotates the board, T toggles the threat overlay, Ctrl+Z takes back your last turn and the engine's reply.",
    "The bar beside the board shows the engine's estimate of your chances; Foresight (settings) frames its reply to the move you point at. Setup: your record (won \u{2013} drawn \u{2013} lost) is under each strength; Two players share one machine. Start field: type a FEN, a PGN or a .pgn file's path (no pasting: no system clipboard).",
];

/// The roguelite's rules, one paragraph per entry.
pub const RUN_RULES: [&str; 8] = [
    "A run: 2 acts on a branching map of battles, elites (they drop a badge), shops and rests, each act ending in a boss. Boards: 6x6 to 8x8. You deploy in the bottom two rows; the enemy stands at the top.",
    "Battles have no check, checkmate, castling, en passant or pawn double step. Kings can be captured. A capture kills at once; every piece has 2 HP, and poison takes 1.",
    "Win by the objective (capture the gold-framed targets, capture the enemy king, or eliminate the army) within your move budget; only your moves count. You lose when your army is gone or the budget runs out, and, only where the board says its kings are royal, when your last king is captured (elsewhere a king is a piece like the others). A side whose only movable pieces are frozen passes its turn. A bonus objective adds 30 points.",
    "Modifiers: Poisonous leaves a poison cloud on its death square and the squares beside it; Bulwark turns its death square into a wall once the capturer leaves it; Rallying calls a temporary pawn to its home row; Swift lets its bearer make one free non-capturing move after a capture (or skip it). Living modifiers (Armored, Vampiric, Sentinel, Spiked, Warded, Inspiring, Regenerating) act while their piece lives; in a battle, point at a piece to read what its modifier does.",
    "Poison clouds hurt a piece standing in them at the start of its side's turn, at most once per turn, and fade after two of each side's turns (the number on the cloud). Walls block movement like the board's edge.",
    "Teleport and Freeze work as in skill chess under the Classic rules (a teleport goes anywhere), except that a pawn is never teleported: its Teleport can only be one of its own moves. Cooldowns count ticks, as in skill chess. A Teleport counts as a move; a Freeze is free.",
    "Items: a badge changes a rule for the rest of the run (the deployment and battle panels list yours). Consumables (a pack of three) are used in a battle with their button (or typed after /: use 1, use 1 e5), free like a Freeze; one that needs a target lights up the pieces it may touch (click one, Esc cancels). A used one leaves the pack after the battle.",
    "Victories pay gold for shops (pieces, modifiers, badges, consumables, within limits); a rest revives a lost piece or removes a modifier. EXP buys permanent upgrades.",
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
            for (title, paragraphs) in [("Skill chess", &RULES[..]), ("The roguelite run", &RUN_RULES[..])] {
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
