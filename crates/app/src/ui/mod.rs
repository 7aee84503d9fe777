//! The shared interface: widgets ([`widgets`]), one activation path for every button ([`actions`]),
//! keyboard focus on `bevy_input_focus` ([`focus`]), a pointer that acts only where it was aimed
//! ([`mod@pointer`]), sizes that follow the UI scale ([`scale`]), the
//! one panel paradigm ([`section`]), the save-failure banner ([`save_banner`]) and the title's
//! animated backdrop ([`backdrop`]).

pub mod actions;
pub mod backdrop;
pub mod focus;
pub mod layout_check;
pub mod layout_marks;
pub mod pointer;
pub mod save_banner;
pub mod scale;
pub mod scroll;
pub mod section;
pub mod widgets;

use bevy::input_focus::{InputFocus, InputFocusVisible};
use bevy::prelude::*;

/// The run's words, which the interface uses too (the run session is on the floor below).
pub use crate::run::words::capitalize;
pub use actions::{Activate, ButtonAction, Disabled, FocusKey, register};
pub use pointer::{Overlay, PointerGate};
pub use scale::{font, text_font, units};
pub use section::{Section, View};
pub use widgets::{
    ButtonLabel, CARD_MARGIN, Card, CardSize, ItemTip, Selected, button, card_row, cooldown_words,
    error_line, heading, item_chip, label, mark, message_line, muted_line, opponent_skills, page_column,
    recharging, reserved_line, reserved_text, row, skill_label, small_button, spawn_badge_chips, spawn_card,
    spawn_log_tail, spawn_page, targeting_hint, text_button, wrapping_row,
};

use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    // `DefaultPlugins` bring these with `InputFocusPlugin`; the headless tests run without it.
    app.init_resource::<InputFocus>();
    app.init_resource::<InputFocusVisible>();
    app.init_resource::<focus::LastFocus>();
    app.init_resource::<pointer::PointerGate>();
    app.init_resource::<scale::ScaleCaps>();
    app.add_systems(Startup, scale::spawn_cover);
    // The window brings it; the headless tests run without one.
    app.add_message::<bevy::window::CursorMoved>();
    app.add_message::<bevy::window::CursorLeft>();
    // Before picking turns the pointer's reports into hovers and clicks.
    app.add_systems(PreUpdate, pointer::track_pointer.before(bevy::picking::PickingSystems::ProcessInput));
    app.add_systems(
        Update,
        pointer::rest_on_view_change
            .run_if(state_changed::<crate::screens::Screen>.or_eager(state_changed::<crate::menus::Menu>))
            .in_set(AppSystems::Input),
    );
    app.add_observer(actions::click_activates);
    app.add_plugins(save_banner::plugin);
    app.add_systems(
        Update,
        (focus::keyboard_focus, scroll::wheel, scroll::page_keys).in_set(AppSystems::Input),
    );
    app.add_systems(
        Update,
        (
            focus::remember_focus,
            focus::style_buttons,
            scroll::scroll_to_focus,
            (scale::settle_ui_scale, crate::board::view::size_tip_room).chain(),
            widgets::snap_log_tails,
        )
            .in_set(AppSystems::Present),
    );
    app.add_plugins(backdrop::plugin);
}
