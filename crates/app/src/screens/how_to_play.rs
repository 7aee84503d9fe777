//! The rules in short.

use bevy::prelude::*;

use super::Screen;
use crate::ui::{UiAction, button, heading, label, screen_root};

/// The text of the rules page, one paragraph per entry.
pub const RULES: [&str; 9] = [
    "Skill chess is standard chess (FIDE rules: check, castling, en passant, promotion, the draw rules) plus two skills for each side.",
    "Teleport moves one of your pieces to any empty square or onto an enemy piece. It ends your turn. If the jump is a legal move it is played as that move; otherwise the piece is placed directly. It may not leave your own king attacked, and a pawn may not land on its first or last rank.",
    "Freeze locks a square: whatever stands on it (either side, or a piece that arrives later) cannot move or be teleported, but it still attacks and gives check, and it can be captured. Freezing is free: you still make your move.",
    "Cooldowns count ticks. The clock ticks once after every turn of either side, so a Teleport with cooldown 6 is ready again three of your own turns later. A Freeze of duration 3 costs an enemy piece exactly one turn.",
    "Overlays: a dot marks where the selected piece can go; a snowflake and a number mark a frozen square and its remaining ticks; yellow tint marks the last move; red marks a king in check; with the threat overlay (T), orange tint marks squares the opponent could move to or capture on (pawns only where they can capture now).",
    "Mouse: click a piece then a square, or drag it. Keyboard: arrows move the cursor, Enter picks the square; 1 casts Teleport, 2 casts Freeze, Esc cancels (or pauses).",
    "Command line: press / and type a move in SAN or UCI (Nf3, e2e4), or a skill: tp e4e7 to teleport, fz e7 to freeze. Enter plays it.",
    "F rotates the board, T toggles the threat overlay, Ctrl+Z takes back your last turn and the engine's reply.",
    "The engine thinks on a worker thread; the bar beside the board shows its estimate of White's winning chances.",
];

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::HowToPlay), spawn);
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((Name::new("How to play"), DespawnOnExit(Screen::HowToPlay), screen_root()))
        .with_children(|root| {
            root.spawn(heading("How to play"));
            root.spawn(Node {
                flex_direction: FlexDirection::Column,
                max_width: Val::VMin(110.0),
                ..default()
            })
            .with_children(|col| {
                for paragraph in RULES {
                    col.spawn(label(paragraph))
                        .insert(Node { margin: UiRect::bottom(Val::VMin(1.2)), ..default() });
                }
            });
            root.spawn(button("Back", UiAction::BackToTitle));
        });
}
