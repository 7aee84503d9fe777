//! The typed command line under the board: `/` (or a click on it) opens it, characters append (never
//! `/`, the key of the line itself), Backspace deletes, Enter sends the text as [`BoardInput::Command`], Escape leaves. While it is open
//! it has the keyboard: the board's cursor and the screen's hotkeys wait.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::BoardInput;
use crate::ui::{Section, View, text_font, units};

/// The command line's text and whether it takes the keys.
#[derive(Resource, Default, Debug)]
pub struct CommandLine {
    /// The text typed so far.
    pub text: String,
    /// Whether keys go to the command line (after `/` or a click on it).
    pub active: bool,
}

/// Whether the command line is closed (the run condition of the board's other keys).
pub fn closed(line: Res<CommandLine>) -> bool {
    !line.active
}

/// What the command line shows: the prompt, or the text typed with a caret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLineView(pub String);

impl CommandLineView {
    /// The view of `line`, with `hint` while it is closed.
    #[must_use]
    pub fn new(line: &CommandLine, hint: &str) -> CommandLineView {
        CommandLineView(if line.active { format!("> {}\u{2581}", line.text) } else { hint.to_string() })
    }
}

impl View for CommandLineView {
    fn build(&self, parent: &mut ChildSpawnerCommands<'_>) {
        parent.spawn((Text::new(self.0.clone()), text_font(2.4), Pickable::IGNORE));
    }
}

/// The command line box's node, `width` wide.
fn frame(width: Val) -> Node {
    Node {
        width,
        margin: UiRect::top(units(1.0)),
        padding: UiRect::axes(units(1.0), units(0.6)),
        border: UiRect::all(units(0.25)),
        ..default()
    }
}

/// The room of a command line on a board screen without one (hidden, the same size), so the board
/// stands in the same place on every board screen (from deployment to the battle it moved).
pub fn spawn_room(parent: &mut ChildSpawnerCommands<'_>, width: Val) {
    parent.spawn((frame(width), Visibility::Hidden, Pickable::IGNORE)).with_child((
        Text::new(" "),
        text_font(2.4),
        Pickable::IGNORE,
    ));
}

/// The command line's box, `width` wide (it sits under the board, so it is as wide as the board).
pub fn spawn(parent: &mut ChildSpawnerCommands<'_>, width: Val) {
    parent
        .spawn((
            Section::<CommandLineView>::new(),
            Button,
            frame(width),
            BackgroundColor(Color::srgb(0.1, 0.11, 0.15)),
            BorderColor::all(Color::srgb(0.35, 0.38, 0.5)),
        ))
        .observe(
            |_: On<Pointer<Click>>, gate: Res<crate::ui::PointerGate>, mut line: ResMut<CommandLine>| {
                // Only where the pointer was aimed (`crate::ui::pointer`), as every button.
                if gate.aimed() {
                    line.active = true;
                }
            },
        );
}

/// `/` opens the command line (when it is closed).
pub fn open_on_slash(keys: Res<ButtonInput<KeyCode>>, mut line: ResMut<CommandLine>) {
    if !line.active && keys.just_pressed(KeyCode::Slash) {
        line.active = true;
        line.text.clear();
    }
}

/// Typing into the command line: characters append, Backspace deletes, Enter plays, Escape leaves.
pub fn type_command(
    mut keys: MessageReader<KeyboardInput>,
    mut line: ResMut<CommandLine>,
    mut input: MessageWriter<BoardInput>,
) {
    if !line.active {
        keys.clear();
        return;
    }
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        match &key.logical_key {
            Key::Enter => {
                let text = std::mem::take(&mut line.text);
                if !text.trim().is_empty() {
                    input.write(BoardInput::Command(text));
                }
                line.active = false;
            }
            Key::Escape => {
                line.text.clear();
                line.active = false;
            }
            Key::Backspace => {
                line.text.pop();
            }
            Key::Character(c) => {
                // `/` is the key that opens the line (or is pressed again to reach it): no command
                // has one (`e4`, `Nf3`, `tp e4e7`, `fz e7`), so it is never typed, whenever it
                // arrives (the opening press, its key repeats, a second press).
                let typed: String = c.chars().filter(|&ch| ch != '/').collect();
                if !typed.is_empty() && line.text.len() < 32 {
                    line.text.push_str(&typed);
                }
            }
            Key::Space => line.text.push(' '),
            _ => {}
        }
    }
}
