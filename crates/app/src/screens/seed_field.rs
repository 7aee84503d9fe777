//! The typed seed: digits typed on the run-start screen or in the settings panel collect here
//! (Backspace deletes); the screen's button reads it with [`gambit_roguelite::seed::parse_seed`], the
//! roguelite's rule for what a seed is.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gambit_roguelite::seed::{MAX_SEED_DIGITS, SeedError, parse_seed};

/// The digits typed so far (at most [`MAX_SEED_DIGITS`]).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SeedField {
    /// The typed text.
    pub text: String,
}

impl SeedField {
    /// The typed seed.
    ///
    /// # Errors
    /// [`SeedError`] when nothing (or too much) is typed.
    pub fn seed(&self) -> Result<u64, SeedError> {
        parse_seed(&self.text)
    }

    /// The field as shown: the digits and a caret, or a hint when empty.
    #[must_use]
    pub fn shown(&self) -> String {
        if self.text.is_empty() { "type digits".to_string() } else { format!("{}_", self.text) }
    }

    /// Applies one key: a digit appends (up to [`MAX_SEED_DIGITS`]), Backspace deletes; other keys
    /// are ignored.
    pub fn key(&mut self, key: &Key) {
        match key {
            Key::Backspace => {
                self.text.pop();
            }
            Key::Character(c) => {
                for d in c.chars().filter(char::is_ascii_digit) {
                    if self.text.len() < MAX_SEED_DIGITS {
                        self.text.push(d);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Feeds pressed keys to the field (run while a screen with a seed field is shown).
pub fn type_digits(mut keys: MessageReader<KeyboardInput>, mut field: ResMut<SeedField>) {
    for k in keys.read() {
        if k.state == ButtonState::Pressed {
            field.key(&k.logical_key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_append_and_backspace_deletes() {
        let mut f = SeedField::default();
        assert!(f.seed().is_err());
        for k in ["4", "x", "2", "7"] {
            f.key(&Key::Character(k.into()));
        }
        f.key(&Key::Backspace);
        assert_eq!((f.text.as_str(), f.seed(), f.shown().as_str()), ("42", Ok(42), "42_"));
        for _ in 0..20 {
            f.key(&Key::Character("9".into()));
        }
        assert_eq!(f.text.len(), MAX_SEED_DIGITS);
    }
}
