//! The skill-chess screen's panel sections and banners, each a [`View`] the screen rebuilds when it
//! changes: the header, the skill buttons, the promotion picker, the message, the review bar, the
//! captured material, the winning-chances bar, the tool bar, the result and the resign banners.

use bevy::prelude::*;
use gambit_rules::Role;
use gambit_skills::Skill;

use super::Action;
use crate::ui::{View, button, label, small_button, text_font, units};

/// The header: whose turn (or the result, or the position under review), the engine's estimate,
/// whether it is thinking or the foresight preview's line.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct HeaderView {
    pub(super) status: String,
    pub(super) chances: String,
    pub(super) thinking: bool,
    /// `Foresight: Nxe5` while the preview reads a hovered move (the engine never thinks then), in
    /// the palette's foresight colour.
    pub(super) foresight: Option<(String, Color)>,
}

impl View for HeaderView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn((Text::new(self.status.clone()), text_font(3.4)));
        p.spawn(label(self.chances.clone()));
        // Always one line, so the skill buttons below stay put while the engine thinks or the
        // foresight preview speaks.
        match (&self.foresight, self.thinking) {
            (Some((text, colour)), false) => {
                p.spawn((crate::ui::reserved_line(text.clone(), 1.0), TextColor(*colour)));
            }
            _ => {
                p.spawn(crate::ui::reserved_line(
                    if self.thinking { "Engine thinking\u{2026}" } else { "" },
                    1.0,
                ));
            }
        }
    }
}

/// The skill buttons (the skill's name over its state: `ready`, `3 ticks`, `off`, as
/// [`crate::ui::skill_label`] words it), each of one fixed size ([`crate::ui::widgets::skill_button`]), so a
/// changing cooldown moves nothing; under them, against the engine, its skills' cooldowns (`Engine:
/// Teleport ready, Freeze in 3 ticks`) in a box of two lines, there in every state, so nothing moves.
/// While an earlier position is reviewed, both say that position's cooldowns and the buttons are
/// dimmed: nothing is cast from a reviewed position; once the game is over the buttons are dimmed too.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillsView {
    /// The skill buttons: the skill and its state.
    pub buttons: [(Skill, String); 2],
    /// The engine's skills ([`crate::ui::opponent_skills`]); `None` in a two-player game.
    pub engine: Option<String>,
    /// An earlier position is shown (the buttons are disabled).
    pub reviewing: bool,
    /// The game has a result (the buttons are disabled: nothing is cast after the end).
    pub over: bool,
}

impl View for SkillsView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(crate::ui::row()).with_children(|row| {
            for (skill, state) in &self.buttons {
                let mut button =
                    row.spawn(crate::ui::widgets::skill_button(*skill, state, Action::Cast(*skill)));
                if self.reviewing || self.over {
                    button.insert(crate::ui::Disabled);
                }
            }
        });
        if let Some(engine) = &self.engine {
            p.spawn((
                crate::ui::reserved_text(engine.clone(), 1.9, 2.0),
                TextColor(crate::palette::STANDARD.muted),
            ));
        }
    }
}

/// The promotion picker, shown while a promotion waits for a choice.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PromotionView(pub(super) bool);

impl View for PromotionView {
    fn visible(&self) -> bool {
        self.0
    }

    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(label("Promote to"));
        for (role, glyph) in [
            (Role::Queen, "\u{265B}"),
            (Role::Rook, "\u{265C}"),
            (Role::Bishop, "\u{265D}"),
            (Role::Knight, "\u{265E}"),
        ] {
            p.spawn(small_button(glyph, Action::Promote(role)));
        }
    }
}

/// The most characters of a message the panel shows (the message box): its three lines hold them at
/// any window size and UI scale (the panel's width and the font are both in units). Longer messages
/// are shortened at a word with an ellipsis.
pub const MESSAGE_CHARS: usize = 80;

/// The message's font, units (a little under the body text's, so three lines hold [`MESSAGE_CHARS`]).
const MESSAGE_FONT: f32 = 2.2;

/// `text` shortened to at most `max` characters, at a word, ending with an ellipsis.
#[must_use]
pub fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    let at_word = cut.rfind(' ').filter(|&i| i > cut.len() / 2).map_or(cut.as_str(), |i| &cut[..i]);
    format!("{}\u{2026}", at_word.trim_end())
}

/// The last refusal or hint.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct MessageView(pub(super) String);

impl View for MessageView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        // Three lines reserved, so a refusal never pushes the move list down; it wraps at the panel's
        // width (its section is a column: in a row it took its one line's width and ran off the
        // window) and is shortened to fit.
        p.spawn((
            crate::ui::reserved_text(shorten(&self.0, MESSAGE_CHARS), MESSAGE_FONT, 3.0),
            TextColor(crate::palette::STANDARD.error),
        ));
    }
}

/// The review bar: the step buttons and, while an earlier position is shown, which one and the way
/// back to the game.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ReviewView {
    /// `Some("4/9: Nc6")` (actions shown / listed: the last one shown) while reviewing.
    pub(super) reviewing: Option<String>,
}

impl View for ReviewView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(crate::ui::wrapping_row()).with_children(|bar| {
            bar.spawn(small_button("|\u{25C0}", Action::ReviewAt(0)));
            bar.spawn(small_button("\u{25C0}", Action::ReviewStep(-1)));
            bar.spawn(small_button("\u{25B6}", Action::ReviewStep(1)));
            bar.spawn(small_button("\u{25B6}|", Action::BackToGame));
            // Always there (dimmed in the live game), so nothing moves when a review begins.
            let mut back = bar.spawn(small_button("Back to the game", Action::BackToGame));
            if self.reviewing.is_none() {
                back.insert(crate::ui::Disabled);
            }
        });
        let line = match &self.reviewing {
            Some(at) => format!("Reviewing {at}"),
            None => "Review: Shift+Left/Right".to_string(),
        };
        p.spawn(crate::ui::reserved_text(line, 2.2, 1.0));
    }
}

/// The material each side has captured (piece glyphs, least valuable first) and who is ahead by how
/// many pawns.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct CapturedView(pub(super) [String; 2]);

impl View for CapturedView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        // Always one line each (the text says "nothing yet" when empty), so nothing below moves.
        for line in &self.0 {
            p.spawn((Text::new(line.clone()), text_font(2.3)));
        }
    }
}

/// The captured-material lines: `White took ♟♟♞ (+3)`.
pub(super) fn captured_lines(board: &gambit_skills::SkillBoard) -> [String; 2] {
    let taken = board.captured();
    let balance = board.captured_balance();
    [gambit_rules::Color::White, gambit_rules::Color::Black].map(|side| {
        let glyphs: String = taken[side].iter().map(|&r| role_glyph(r)).collect();
        let ahead = if side == gambit_rules::Color::White { balance } else { -balance };
        let edge = if ahead > 0 { format!(" (+{ahead})") } else { String::new() };
        let name = crate::game::session::side_name(side);
        if glyphs.is_empty() {
            format!("{name} took nothing yet")
        } else {
            format!("{name} took {glyphs}{edge}")
        }
    })
}

/// A piece's glyph (the filled set, for both sides).
fn role_glyph(role: Role) -> char {
    match role {
        Role::Pawn => '\u{265F}',
        Role::Knight => '\u{265E}',
        Role::Bishop => '\u{265D}',
        Role::Rook => '\u{265C}',
        Role::Queen => '\u{265B}',
        Role::King => '\u{265A}',
    }
}

/// The resign confirmation, over the board while it waits for an answer, and whether the game is
/// between two players (then the side to move resigns, and no record against a preset changes).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ResignView(pub(super) bool, pub(super) bool);

impl View for ResignView {
    fn visible(&self) -> bool {
        self.0
    }

    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(banner_node()).with_children(|banner| {
            banner.spawn((Text::new("Resign this game?"), text_font(4.0)));
            banner.spawn(label(if self.1 {
                "The side to move resigns: the other side wins."
            } else {
                "It counts as a loss in your records."
            }));
            banner.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
                row.spawn(button("Resign", Action::ConfirmResign(true)));
                row.spawn(button("Keep playing", Action::ConfirmResign(false)));
            });
        });
    }
}

/// The frame of the banners over the board (result, resign confirmation): opaque, with a border, so
/// no square or piece shows through its text. An [`crate::ui::Overlay`]: its buttons appear over the
/// board, where the pointer may rest after the move that ended the game.
fn banner_node() -> impl Bundle {
    (
        crate::ui::Overlay,
        Node {
            padding: UiRect::all(units(2.0)),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            border: UiRect::all(units(0.3)),
            border_radius: BorderRadius::all(units(1.0)),
            ..default()
        },
        BackgroundColor(crate::palette::STANDARD.panel),
        BorderColor::all(crate::palette::STANDARD.accent),
    )
}

/// The winning-chances bar: White's share, percent (`None`: no reading of this position yet), and
/// whether White sits at the bottom of the board (the bar turns with it).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct EvalBarView {
    pub(super) white: Option<f32>,
    pub(super) white_at_bottom: bool,
}

impl View for EvalBarView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        let Some(white) = self.white else { return };
        let black = Node { width: Val::Percent(100.0), height: Val::Percent(100.0 - white), ..default() };
        let white = (
            Node { width: Val::Percent(100.0), height: Val::Percent(white), ..default() },
            BackgroundColor(Color::srgb(0.95, 0.95, 0.92)),
        );
        // The bar's children run from the top.
        if self.white_at_bottom {
            p.spawn(black);
            p.spawn(white);
        } else {
            p.spawn(white);
            p.spawn(black);
        }
    }
}

/// The result banner's text and the player's record against this preset, once the game is over.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ResultView(pub(super) Option<(String, String)>);

impl View for ResultView {
    fn visible(&self) -> bool {
        self.0.is_some()
    }

    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        let Some((text, record)) = &self.0 else { return };
        p.spawn(banner_node()).with_children(|banner| {
            banner.spawn((Text::new(text.clone()), text_font(4.5)));
            if !record.is_empty() {
                banner.spawn(label(record.clone()));
            }
            banner.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
                row.spawn(button("New game", Action::NewGame));
                row.spawn(button("Title", Action::Title));
            });
        });
    }
}

/// The tool bar under the panel; Resign is dimmed once the game has a result (nothing is left to
/// resign), and only then; Threats has the accent border of a chosen button while the overlay is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ToolBarView {
    /// The game is over.
    pub(super) over: bool,
    /// The threat overlay is on.
    pub(super) threats: bool,
}

impl View for ToolBarView {
    fn build(&self, bar: &mut ChildSpawnerCommands<'_>) {
        // No "New game" beside Undo (it wiped a game without asking): it is on the result banner once
        // the game is over. "Title" leaves without abandoning: the game is saved and the title's
        // Continue resumes it.
        bar.spawn(small_button("Title", Action::Title));
        bar.spawn(small_button("Undo", Action::Undo));
        bar.spawn(small_button("Redo", Action::Redo));
        bar.spawn(small_button("Flip", Action::Flip));
        let mut threats = bar.spawn(small_button("Threats", Action::ToggleThreats));
        if self.threats {
            threats.insert(crate::ui::widgets::Selected);
        }
        bar.spawn(small_button("PGN", Action::ExportPgn));
        let mut resign = bar.spawn(small_button("Resign", Action::Resign));
        if self.over {
            resign.insert(crate::ui::Disabled);
        }
    }
}
