//! Buttons and keyboard navigation. Every button carries a [`UiAction`]; a click, or Enter on the
//! focused button, sends that action as a message, so the headless tests trigger exactly what a player
//! triggers. Tab / Shift+Tab and the arrow keys move the focus (within the open menu, if any).

use std::sync::atomic::{AtomicU32, Ordering};

use bevy::prelude::*;
use gambit_rules::Role;
use gambit_skills::Skill;

use crate::game::Preset;
use crate::menus::Menu;
use crate::palette::Palette;
use crate::settings::Settings;

/// What a button does.
#[derive(Message, Component, Clone, Debug, PartialEq, Eq)]
pub enum UiAction {
    /// Title: resume the unfinished game.
    Continue,
    /// Title: start a roguelite run.
    NewRun,
    /// Title: set up a game of skill chess.
    SkillChess,
    /// Title: the permanent upgrades (the skill tree).
    Upgrades,
    /// Title: lifetime records.
    Records,
    /// Title: resume the saved run.
    ContinueRun,
    /// Retry a save that failed.
    RetrySave,
    /// Close the end-of-battle panel.
    ContinueAfterBattle,
    /// Run start: pick an offered modifier.
    ChooseOffer(gambit_roguelite::Modifier),
    /// Run start and shop: pick the piece that receives a modifier (roster id).
    ChooseRecipient(u32),
    /// Run start: confirm the offer and recipient.
    ConfirmStart,
    /// Deployment: start the battle.
    StartBattle,
    /// Battle: decline the offered reposition.
    SkipReposition,
    /// Shop: buy a slot.
    Buy(usize),
    /// Shop: reroll.
    Reroll,
    /// Shop: leave.
    LeaveShop,
    /// Next board: choose option 0..3.
    ChooseBoard(usize),
    /// Upgrades: pin a node (its id).
    SelectNode(String),
    /// Upgrades: unlock the pinned node.
    UnlockNode,
    /// Upgrades: clear the pinned node.
    ClearNode,
    /// Title: the rules.
    HowToPlay,
    /// Open the settings panel.
    OpenSettings,
    /// Quit the game.
    Exit,
    /// Back to the title screen.
    BackToTitle,
    /// Close the open panel.
    ClosePanel,
    /// Setup: play White or Black.
    ChoosePlayer(gambit_rules::Color),
    /// Setup: choose the engine's strength.
    ChooseStrength(Preset),
    /// Setup: skills on or off.
    ToggleSkills,
    /// Setup: change a cooldown by a number of ticks.
    AdjustCooldown(Skill, i32),
    /// Setup: change the freeze duration by a number of ticks.
    AdjustFreezeDuration(i32),
    /// Setup: start the game.
    StartGame,
    /// Game: a skill button.
    Cast(Skill),
    /// Game: the promotion picker.
    Promote(Role),
    /// Game: take back the last turn.
    Undo,
    /// Game: a new game with the same setup.
    NewGame,
    /// Game: rotate the board.
    Flip,
    /// Game: toggle the threat overlay.
    ToggleThreats,
    /// Game: write the game as PGN into the data directory.
    ExportPgn,
    /// Pause: resume the game.
    Resume,
    /// Pause: give the game up and return to the title.
    Abandon,
    /// A settings row.
    Setting(SettingChange),
}

/// One change from the settings panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingChange {
    /// Toggle fullscreen.
    Fullscreen,
    /// UI scale up (+1) or down (-1) by 0.125.
    UiScale(i8),
    /// Cycle the board orientation.
    Orientation,
    /// Toggle coordinates.
    Coordinates,
    /// Toggle the threat overlay.
    ThreatOverlay,
    /// Toggle reduced motion.
    ReducedMotion,
    /// Toggle the colour-blind palette.
    ColorBlind,
    /// Pause or resume the title's animated scenery.
    PauseScenery,
    /// Pick a new random run seed.
    NewSeed,
    /// Use a random seed at each run.
    ClearSeed,
}

/// Order of a focusable button (spawn order).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FocusOrder(pub u32);

/// A button inside a menu panel: while a menu is open only these take focus.
#[derive(Component)]
pub struct InMenu;

/// A button that cannot be used now.
#[derive(Component)]
pub struct Disabled;

/// The button label's text entity marker.
#[derive(Component)]
pub struct ButtonLabel;

/// The focused button.
#[derive(Resource, Default, Debug)]
pub struct Focus(pub Option<Entity>);

/// After a panel is rebuilt, the action whose new button should take the focus back.
#[derive(Resource, Default, Debug)]
pub struct RestoreFocus(pub Option<UiAction>);

impl RestoreFocus {
    /// Remembers the focused button's action before a rebuild (unless one is already pending).
    pub fn remember(&mut self, focus: &Focus, actions: &Query<&UiAction>) {
        if self.0.is_none() {
            self.0 = focus.0.and_then(|f| actions.get(f).ok()).cloned();
        }
    }
}

fn restore_focus(
    mut restore: ResMut<RestoreFocus>,
    mut focus: ResMut<Focus>,
    buttons: Query<(Entity, &UiAction)>,
) {
    let Some(wanted) = restore.0.clone() else { return };
    if let Some((entity, _)) = buttons.iter().find(|(_, a)| **a == wanted) {
        focus.0 = Some(entity);
        restore.0 = None;
    }
}

static NEXT_ORDER: AtomicU32 = AtomicU32::new(0);

/// A button: a label and the action it sends. Focusable with the keyboard.
pub fn button(label: impl Into<String>, action: UiAction) -> impl Bundle {
    sized_button(label.into(), action, 22.0, (1.6, 0.9))
}

/// A small button (for +/-, promotion pieces and tool bars).
pub fn small_button(label: impl Into<String>, action: UiAction) -> impl Bundle {
    sized_button(label.into(), action, 5.0, (1.0, 0.6))
}

/// The one button shape, at a minimum width and padding (viewport-min units).
fn sized_button(label: String, action: UiAction, min_width: f32, (pad_x, pad_y): (f32, f32)) -> impl Bundle {
    (
        Button,
        action,
        FocusOrder(NEXT_ORDER.fetch_add(1, Ordering::Relaxed)),
        Node {
            min_width: Val::VMin(min_width),
            padding: UiRect::axes(Val::VMin(pad_x), Val::VMin(pad_y)),
            margin: UiRect::all(Val::VMin(0.45)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(Val::VMin(0.35)),
            border_radius: BorderRadius::all(Val::VMin(0.8)),
            ..default()
        },
        BackgroundColor(crate::palette::STANDARD.button),
        BorderColor::all(Color::NONE),
        children![(
            ButtonLabel,
            Text::new(label),
            TextFont::from_font_size(FontSize::VMin(2.6)),
            Pickable::IGNORE
        )],
    )
}

/// A heading.
pub fn heading(text: impl Into<String>) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(FontSize::VMin(6.0)),
        TextColor(crate::palette::STANDARD.accent),
        Node { margin: UiRect::bottom(Val::VMin(2.0)), ..default() },
    )
}

/// A line of body text.
pub fn label(text: impl Into<String>) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(FontSize::VMin(2.4)),
        Node { margin: UiRect::all(Val::VMin(0.4)), ..default() },
    )
}

/// A full-screen column that centres its children.
pub fn screen_root() -> Node {
    Node {
        width: Val::Percent(100.0),
        height: Val::Percent(100.0),
        flex_direction: FlexDirection::Column,
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<UiAction>();
    app.init_resource::<Focus>();
    app.init_resource::<RestoreFocus>();
    app.add_systems(Update, (click_buttons, keyboard_focus, restore_focus, style_buttons).chain());
}

fn click_buttons(
    buttons: Query<(&Interaction, &UiAction), (Changed<Interaction>, Without<Disabled>)>,
    mut actions: MessageWriter<UiAction>,
) {
    for (interaction, action) in &buttons {
        if *interaction == Interaction::Pressed {
            actions.write(action.clone());
        }
    }
}

/// Tab, Shift+Tab, Up and Down move the focus; Enter activates the focused button. On the screens
/// with a board (skill chess, deployment, battle) the arrow keys and Enter belong to the board's
/// cursor, so only Tab moves the focus there, and Enter presses a focused button only.
#[allow(clippy::type_complexity)]
fn keyboard_focus(
    keys: Res<ButtonInput<KeyCode>>,
    mut focus: ResMut<Focus>,
    menu: Res<State<Menu>>,
    screen: Res<State<crate::screens::Screen>>,
    buttons: Query<(Entity, &FocusOrder, &UiAction, Has<InMenu>, Has<Disabled>, &InheritedVisibility)>,
    mut actions: MessageWriter<UiAction>,
) {
    let in_menu = *menu.get() != Menu::None;
    let board_owns_arrows = !in_menu && screen.get().has_board();
    let mut order: Vec<(FocusOrder, Entity)> = buttons
        .iter()
        .filter(|(_, _, _, menu_button, disabled, visible)| {
            *menu_button == in_menu && !disabled && visible.get()
        })
        .map(|(e, o, _, _, _, _)| (*o, e))
        .collect();
    order.sort();
    if focus.0.is_some_and(|f| !order.iter().any(|(_, e)| *e == f)) {
        focus.0 = None;
    }
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let forward = (keys.just_pressed(KeyCode::Tab) && !shift)
        || (!board_owns_arrows && keys.just_pressed(KeyCode::ArrowDown));
    let backward = (keys.just_pressed(KeyCode::Tab) && shift)
        || (!board_owns_arrows && keys.just_pressed(KeyCode::ArrowUp));
    if (forward || backward) && !order.is_empty() {
        let current = focus.0.and_then(|f| order.iter().position(|(_, e)| *e == f));
        let next = match (current, forward) {
            (None, true) => 0,
            (None, false) => order.len() - 1,
            (Some(i), true) => (i + 1) % order.len(),
            (Some(i), false) => (i + order.len() - 1) % order.len(),
        };
        focus.0 = Some(order[next].1);
    }
    let activate =
        keys.just_pressed(KeyCode::Enter) || (!board_owns_arrows && keys.just_pressed(KeyCode::Space));
    if activate
        && (!board_owns_arrows || focus.0.is_some())
        && let Some((_, _, action, _, _, _)) = focus.0.and_then(|f| buttons.get(f).ok())
    {
        actions.write(action.clone());
    }
}

#[allow(clippy::type_complexity)]
fn style_buttons(
    settings: Option<Res<Settings>>,
    focus: Res<Focus>,
    mut buttons: Query<
        (Entity, &Interaction, Has<Disabled>, &mut BackgroundColor, &mut BorderColor, Option<&Children>),
        With<Button>,
    >,
    mut labels: Query<&mut TextColor, With<ButtonLabel>>,
) {
    let palette = settings.map_or(crate::palette::STANDARD, |s| Palette::for_settings(&s));
    for (entity, interaction, disabled, mut bg, mut border, children) in &mut buttons {
        for kid in children.into_iter().flat_map(|c| c.iter()) {
            if let Ok(mut color) = labels.get_mut(kid) {
                let want = if disabled { palette.muted.with_alpha(0.55) } else { palette.text };
                if color.0 != want {
                    color.0 = want;
                }
            }
        }
        bg.0 = if disabled {
            palette.button_disabled
        } else if *interaction != Interaction::None {
            palette.button_hover
        } else {
            palette.button
        };
        border.set_all(if focus.0 == Some(entity) { palette.focus } else { Color::NONE });
    }
}
