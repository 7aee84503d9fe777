//! Sizes that follow the UI scale setting.
//!
//! Every size outside the board is written in *units*: hundredths of the reference window's height,
//! [`REFERENCE_SIDE`] (800 logical pixels, the 1280x800 window), so [`units`]`(2.6)` is 20.8 px
//! there. Units are logical pixels to Bevy (`Val::Px`, `FontSize::Px`), which `UiScale` multiplies;
//! [`settle_ui_scale`] sets `UiScale` to the player's setting times the window's fit: how far the
//! reference layout, [`REFERENCE_WIDTH`] x [`REFERENCE_SIDE`], must shrink or grow to fit the window
//! in both directions (the tighter of width / 1200 and height / 800), rounded down to an eighth so a
//! unit is a whole number of pixels at 100%. So the interface grows and
//! shrinks with the window, a narrow window (800x600, 1111x777) shrinks it by its width, and the
//! setting enlarges it on top (viewport units, `Val::VMin`, ignore `UiScale`: that is why the setting
//! once changed nothing).
//!
//! The board alone stays in viewport units ([`crate::board::view::CELL_VMIN`]): it is what a board
//! screen is about and must always fit the window, whatever the setting.
//!
//! A setting above 100% enlarges a screen only as far as it fits the window ([`ScaleCaps`]): the
//! reference layout fills the window at 100%, so at 150% a full screen (skill chess's panel, the
//! title with the tutorial offer, Upgrades) ran off the bottom with nothing showing that it scrolls.
//! The scale is decided before a screen is first shown ([`settle_ui_scale`]): a new view (a screen,
//! the settings panel, a setting or a window size) is laid out under a cover ([`ScaleCover`]); while
//! anything of it lies outside the window (a text or a button, a scroll box's hidden content, a text
//! clipped by its box) its cap goes an eighth or more lower, remembered for that view, down to the
//! scale of 100% (which the layout check holds to fit); then the cover goes and the scale stays while
//! the player is on the view. So a screen with room is shown at the setting and a full one as large as
//! it fits, never cut off, and never drawn large first and shrunk a frame later under the pointer (as
//! the cap lowered after the screen was shown did). The pause menu is shown at its screen's scale, so
//! the screen behind it does not move.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::window::PrimaryWindow;

use super::layout_marks::BoardRoot;
use crate::menus::Menu;
use crate::screens::Screen;
use crate::settings::Settings;

/// The reference layout's height, logical pixels: in a window at least [`REFERENCE_WIDTH`] wide and a
/// setting of 100%, one unit is one hundredth of the window's height.
pub const REFERENCE_SIDE: f32 = 800.0;

/// The reference layout's width, logical pixels: the widest page (the rules' two columns, the map,
/// a row of shop cards) fits it at a UI scale of 1, so a window narrower than this in proportion to
/// its height shrinks the interface by its width.
pub const REFERENCE_WIDTH: f32 = 1200.0;

/// Logical pixels per unit at a `UiScale` of 1.
pub const UNIT_PX: f32 = REFERENCE_SIDE / 100.0;

/// A length of `x` units (scaled by `UiScale`).
#[must_use]
pub fn units(x: f32) -> Val {
    Val::Px(x * UNIT_PX)
}

/// A font size of `x` units (scaled by `UiScale`).
#[must_use]
pub fn font(x: f32) -> FontSize {
    FontSize::Px(x * UNIT_PX)
}

/// `TextFont` at `x` units.
#[must_use]
pub fn text_font(x: f32) -> TextFont {
    TextFont::from_font_size(font(x))
}

/// The `UiScale` for a setting (1.0 = 100%) and a window of `window` logical pixels (`None`: no
/// window, as in the headless tests, where the setting alone counts): the setting times the tighter
/// of the window's width over [`REFERENCE_WIDTH`] and its height over [`REFERENCE_SIDE`].
#[must_use]
pub fn ui_scale_for(setting: f32, window: Option<Vec2>) -> f32 {
    let fit =
        window.map_or(1.0, |size| (size.x.max(1.0) / REFERENCE_WIDTH).min(size.y.max(1.0) / REFERENCE_SIDE));
    snap(setting * fit)
}

/// `scale` rounded down to an eighth (at least one eighth): a unit is then a whole number of pixels
/// at 100% (8 at 1, 5 at 5/8), so a width in units is laid out at the width its text was measured
/// at. At a fraction in between (800x600 gave 2/3), Bevy's layout rounds a paragraph a pixel
/// narrower than it measured it, and the text wrapped one line more than its node holds.
fn snap(scale: f32) -> f32 {
    ((scale * 8.0 + 1e-4).floor() / 8.0).max(0.125)
}

/// What a cap is remembered for: the screen, the menu layer with a scale of its own ([`cap_layer`]),
/// the setting (in eighths) and the window's size (logical pixels, rounded).
type CapKey = (Screen, Menu, u32, UVec2);

/// The menu layer a cap belongs to: the settings panel hides the screen under it fully, so it has a
/// cap of its own; the pause menu leaves the screen readable behind it, so it is shown at its
/// screen's scale (a cap of its own re-laid the screen behind it out at another scale: the board
/// moved when Escape was pressed at 150%).
#[must_use]
pub fn cap_layer(menu: Menu) -> Menu {
    match menu {
        Menu::Settings => Menu::Settings,
        Menu::None | Menu::Pause => Menu::None,
    }
}

/// The largest `UiScale` each view fits at, and where the view shown stands: a view (a screen, its
/// menu layer, the setting and the window's size) is laid out hidden under [`ScaleCover`] until its
/// scale is decided ([`settle_ui_scale`]), then shown at that scale, which does not change while the
/// view stays (the screen is entered again, the window resized, the setting or the settings panel
/// changed: a new view).
#[derive(Resource, Default, Debug)]
pub struct ScaleCaps {
    /// The caps found, by view.
    caps: HashMap<CapKey, f32>,
    /// The view shown (`None` before the first frame with states and a window).
    shown: Option<CapKey>,
    /// The view's scale is decided: it is shown, and its scale stays.
    settled: bool,
    /// Frames the shown view has been hidden.
    hidden_frames: u32,
    /// Layouts of the shown view examined while it was hidden (frames with a layout at its scale).
    examined_frames: u32,
    /// Overflows found after a view was shown (its scale kept; the next visit starts lower).
    late: u32,
    /// The shown view has been counted in `late`.
    late_seen: bool,
}

impl ScaleCaps {
    /// The cap of `key`, if the view was found too large at some scale.
    fn get(&self, key: &CapKey) -> Option<f32> {
        self.caps.get(key).copied()
    }

    /// Whether the view shown has its scale decided (and the interface is shown).
    #[must_use]
    pub fn settled(&self) -> bool {
        self.settled
    }

    /// Decides the scale of the view shown again, as entering it does: for the screenshot tour,
    /// whose steps change a screen's content in place (every badge of the catalogue on a battle
    /// panel first shown with two), which a player's screen never does in a way that grows it.
    pub fn decide_again(&mut self) {
        self.shown = None;
    }

    /// How many times a view was found overflowing the window after it was shown (its scale was
    /// kept, so nothing moved; the next visit of that view starts at a lower cap). The layout tests
    /// expect none on the screenshot tour.
    #[must_use]
    pub fn late_overflows(&self) -> u32 {
        self.late
    }
}

/// The `UiScale` shown: the setting's scale `want`, at most `cap` (the screen's, when it overflowed),
/// never below `floor` (the scale of 100%, or `want` when the setting is below 100%).
#[must_use]
pub fn capped(want: f32, floor: f32, cap: Option<f32>) -> f32 {
    let floor = floor.min(want);
    cap.map_or(want, |cap| want.min(cap)).max(floor)
}

/// The key of what is shown now.
fn cap_key(settings: &Settings, window: Option<Vec2>, screen: Screen, menu: Menu) -> CapKey {
    let size = window.map_or(UVec2::ZERO, |w| w.round().as_uvec2());
    (screen, cap_layer(menu), (settings.ui_scale * 8.0).round() as u32, size)
}

/// The window's logical size, if there is one.
fn window_size(windows: &Query<&Window, With<PrimaryWindow>>) -> Option<Vec2> {
    windows.single().ok().map(|w| Vec2::new(w.width(), w.height()))
}

/// A cover over the whole interface, in the page's colour, shown while a new view is laid out at a
/// scale not yet decided ([`settle_ui_scale`]): the player never sees a screen drawn large that is
/// shrunk a frame later.
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct ScaleCover;

/// The stacking layer of [`ScaleCover`]: above every screen and menu.
const COVER_LAYER: i32 = 10_000;

/// Spawns the [`ScaleCover`], hidden.
pub fn spawn_cover(mut commands: Commands) {
    commands.spawn((
        Name::new("Scale cover"),
        ScaleCover,
        Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            ..default()
        },
        BackgroundColor(crate::palette::STANDARD.background),
        GlobalZIndex(COVER_LAYER),
        Visibility::Hidden,
    ));
}

/// The most frames a view is laid out hidden before it is shown at the scale reached (each frame
/// lowers its cap at least an eighth, so the floor is reached sooner; this bounds a layout that never
/// settles).
const MAX_HIDDEN_FRAMES: u32 = 8;

/// The most frames a view stays hidden waiting for a layout at its scale (a window's first frames
/// have none, before its camera has a size: the view shown then at the setting ran off the window).
const MAX_UNLAID_FRAMES: u32 = 120;

/// Decides `UiScale` once per view and keeps it: the setting times the window's fit
/// ([`ui_scale_for`]), capped to what the view fits ([`ScaleCaps`]). A new view (another screen, the
/// settings panel opened or closed, the setting or the window's size changed) starts at its
/// remembered cap, hidden under [`ScaleCover`]; each frame its last layout is examined and, while
/// something runs off the window, its cap is lowered an eighth or more, down to 100%'s scale; once it fits (or is at 100%'s scale) it is shown. From then on the scale stays until
/// the view changes: an overflow found later (a screen's content grew) is counted
/// ([`ScaleCaps::late_overflows`]) and lowers the cap of the next visit only. At a setting of 100% or
/// less nothing is ever decided: the scale is the setting's, shown at once.
pub fn settle_ui_scale(
    settings: Res<Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    states: Option<(Res<State<Screen>>, Res<State<Menu>>)>,
    mut caps: ResMut<ScaleCaps>,
    scale: Option<ResMut<UiScale>>,
    nodes: Query<Measured>,
    lineage: Query<Lineage, Without<ScaleCover>>,
    special: Query<(), Or<(With<super::layout_marks::Clipped>, With<BoardRoot>)>>,
    mut cover_node: Query<&mut Visibility, With<ScaleCover>>,
) {
    let Some(mut scale) = scale else { return };
    let window = windows.single().ok();
    let size = window_size(&windows);
    let want = ui_scale_for(settings.ui_scale, size);
    let floor = ui_scale_for(1.0, size);
    let key = states.map(|(screen, menu)| cap_key(&settings, size, *screen.get(), *menu.get()));
    if caps.shown != key {
        caps.shown = key;
        caps.settled = false;
        caps.hidden_frames = 0;
        caps.examined_frames = 0;
        caps.late_seen = false;
        let start = capped(want, floor, key.and_then(|k| caps.get(&k)));
        if (scale.0 - start).abs() > f32::EPSILON {
            scale.0 = start;
        }
    }
    let now = scale.0;
    let (Some(key), Some(window)) = (key, window) else {
        // No window (the headless logic tests) or no states: the setting alone, nothing to decide.
        caps.settled = true;
        show_cover(&mut cover_node, false);
        return;
    };
    if now <= floor + f32::EPSILON {
        // At 100%'s scale (or below) every screen fits: the layout check holds it to.
        caps.settled = true;
        show_cover(&mut cover_node, false);
        return;
    }
    // The view's first frame has not been laid out yet (its nodes were spawned this frame).
    let examined = if caps.hidden_frames == 0 && !caps.settled {
        None
    } else {
        overflow(window, now, &nodes, &lineage, &special)
    };
    let lower = |ratio: f32| snap((now / ratio).min(now - 0.125)).max(floor);
    if caps.settled {
        if let Some(Some(ratio)) = examined
            && !caps.late_seen
        {
            // Too late to change what the player sees: the next visit starts lower.
            let cap = lower(ratio);
            let entry = caps.caps.entry(key).or_insert(cap);
            *entry = entry.min(cap);
            caps.late += 1;
            caps.late_seen = true;
            warn!("{key:?} ran off the window after it was shown at a UI scale of {now}");
        }
        return;
    }
    caps.hidden_frames += 1;
    if examined.is_some() {
        caps.examined_frames += 1;
    }
    match examined {
        // Not laid out at this scale yet.
        None => {}
        Some(None) => caps.settled = true,
        Some(Some(ratio)) => {
            let cap = lower(ratio);
            let entry = caps.caps.entry(key).or_insert(cap);
            *entry = entry.min(cap);
            if cap < now {
                scale.0 = cap;
            } else {
                caps.settled = true;
            }
        }
    }
    if caps.examined_frames > MAX_HIDDEN_FRAMES || caps.hidden_frames > MAX_UNLAID_FRAMES {
        caps.settled = true;
    }
    show_cover(&mut cover_node, !caps.settled);
}

/// Shows or hides the [`ScaleCover`].
fn show_cover(cover: &mut Query<&mut Visibility, With<ScaleCover>>, shown: bool) {
    let want = if shown { Visibility::Inherited } else { Visibility::Hidden };
    for mut visibility in cover.iter_mut() {
        if *visibility != want {
            *visibility = want;
        }
    }
}

/// What [`overflow`] reads of a node's ancestors: its parent, visibility and node.
type Lineage = (Option<&'static ChildOf>, Option<&'static Visibility>, &'static Node);

/// What [`overflow`] reads of each node.
type Measured = (
    Entity,
    &'static Node,
    &'static ComputedNode,
    &'static UiGlobalTransform,
    Has<Text>,
    Has<Button>,
    Has<BoardRoot>,
    Option<&'static TextLayoutInfo>,
);

/// The room (units) the board keeps from the window's edges above 100%'s scale (see [`overflow`]).
const BOARD_ROOM: f32 = 1.0;

/// How far (physical pixels) a node may stick out of the window before the screen counts as too large.
const OVERFLOW_SLACK: f32 = 1.0;

/// Examines the last layout at the scale `now`: `None` when it was laid out at another scale (it says
/// nothing), `Some(None)` when everything fits, `Some(Some(ratio))` when something runs off the window
/// (a shown text or button not on the board and not in a clipping log, or the board itself; inside a
/// scroll box only across, as the box scrolls down), a scroll box's content is taller than the box, or
/// a text's lines do not fit its box: `ratio` is at least how far the screen must shrink (1 when it
/// only says that it must).
fn overflow(
    window: &Window,
    now: f32,
    nodes: &Query<Measured>,
    lineage: &Query<Lineage, Without<ScaleCover>>,
    special: &Query<(), Or<(With<super::layout_marks::Clipped>, With<BoardRoot>)>>,
) -> Option<Option<f32>> {
    let logical = Vec2::new(window.width(), window.height());
    let factor = window.scale_factor();
    let bounds = Rect::from_corners(Vec2::ZERO, logical * factor);
    /// Where a node stands: not measured (hidden, on the board, in a clipping log), or measured, and
    /// then whether a scroll box above it scrolls it down.
    enum Place {
        Exempt,
        Shown { scrolled: bool },
    }
    let place = |entity: Entity| {
        let mut scrolled = false;
        let mut at = Some(entity);
        while let Some(e) = at {
            let Ok((parent, visibility, node)) = lineage.get(e) else { return Place::Exempt };
            if matches!(visibility, Some(Visibility::Hidden)) || node.display == Display::None {
                return Place::Exempt;
            }
            if e != entity {
                if special.contains(e) {
                    return Place::Exempt;
                }
                scrolled |= node.overflow.y == OverflowAxis::Scroll;
            }
            at = parent.map(ChildOf::parent);
        }
        Place::Shown { scrolled }
    };
    let mut shrink: Option<f32> = None;
    let mut measured = 0_usize;
    for (entity, node, computed, at, text, button, board, lines) in nodes {
        let size = computed.size();
        if size.x <= 0.0 || size.y <= 0.0 {
            continue;
        }
        // A layout from before the last change of scale says nothing about this one.
        if (computed.inverse_scale_factor() * now * factor - 1.0).abs() > 1e-3 {
            return None;
        }
        let scroll_box = node.overflow.y == OverflowAxis::Scroll;
        if !(text || button || board || scroll_box) {
            continue;
        }
        let Place::Shown { scrolled } = place(entity) else { continue };
        measured += 1;
        let mut ratio = None;
        if scroll_box && !scrolled && computed.content_size().y > size.y + OVERFLOW_SLACK {
            ratio = Some(computed.content_size().y / size.y);
        }
        if text || button || board {
            let mut r = Rect::from_center_size(at.translation, size);
            if board {
                // The board keeps a unit of room from the window's edges: a board screen that fills
                // the window's width exactly (the deployment at 150% in 1280x800) or squeezes its
                // panel beside the board (900x600) pressed the board into the window's corner with
                // nothing running off the window.
                let room = BOARD_ROOM * UNIT_PX * now * factor;
                r = Rect { min: r.min - room, max: r.max + room };
            }
            let across = r.min.x < bounds.min.x - OVERFLOW_SLACK || r.max.x > bounds.max.x + OVERFLOW_SLACK;
            let down = r.min.y < bounds.min.y - OVERFLOW_SLACK || r.max.y > bounds.max.y + OVERFLOW_SLACK;
            let clipped = lines.is_some_and(|l| {
                let measured = l.size / computed.inverse_scale_factor().max(f32::EPSILON);
                measured.y > size.y + OVERFLOW_SLACK
            });
            if across || (down && !scrolled) || clipped {
                // How far the screen must shrink at least, as its content is laid out in units (the
                // board aside): a page taller than the window starts at its top, so its foot at
                // `max.y` must come up to the window's; content centred across spreads both ways.
                let mut need = 1.0_f32;
                if down && !scrolled && r.max.y > bounds.max.y {
                    need = need.max(r.max.y / bounds.max.y);
                }
                if across {
                    let half = bounds.width() / 2.0;
                    let spread = (r.max.x - half).max(half - r.min.x);
                    need = need.max(spread / half);
                }
                ratio = Some(ratio.unwrap_or(1.0).max(need));
            }
        }
        if let Some(r) = ratio {
            shrink = Some(shrink.map_or(r, |s: f32| s.max(r)));
        }
    }
    // Nothing laid out yet (a window's first frames, before its camera has a size): no answer.
    if measured == 0 {
        return None;
    }
    Some(shrink)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_multiplies_the_window_fit() {
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(1280.0, 800.0))), 1.0);
        assert_eq!(ui_scale_for(1.5, Some(Vec2::new(1280.0, 800.0))), 1.5);
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(900.0, 600.0))), 0.75);
        assert_eq!(ui_scale_for(1.25, None), 1.25);
    }

    #[test]
    fn a_narrow_window_shrinks_the_interface_by_its_width() {
        // 800x600: the width is the tighter side (800 / 1200 = 0.67 against 600 / 800 = 0.75), down to
        // an eighth.
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(800.0, 600.0))), 0.625);
        // 1111 / 1200 = 0.93 against 777 / 800 = 0.97.
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(1111.0, 777.0))), 0.875);
        // A wide, short window: the height.
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(1920.0, 600.0))), 0.75);
        // The setting at 150% in a narrow window: both multiply (1.5 x 2/3 = 1).
        assert_eq!(ui_scale_for(1.5, Some(Vec2::new(800.0, 600.0))), 1.0);
        assert_eq!(ui_scale_for(1.125, Some(Vec2::new(1280.0, 800.0))), 1.125);
    }

    #[test]
    fn a_cap_lowers_the_scale_but_never_below_100_percent() {
        // No cap: the setting.
        assert_eq!(capped(1.5, 1.0, None), 1.5);
        // A screen that fits at 125%.
        assert_eq!(capped(1.5, 1.0, Some(1.25)), 1.25);
        // A cap below the floor: the floor (100% fits by the layout check).
        assert_eq!(capped(1.5, 1.0, Some(0.875)), 1.0);
        // A setting below 100% is never raised by the floor.
        assert_eq!(capped(0.75, 1.0, Some(0.875)), 0.75);
        assert_eq!(capped(0.75, 1.0, None), 0.75);
    }
}
