//! The board's UI: an 8x8 grid of cells sized in viewport units (so it scales with the window), piece
//! glyphs from the bundled DejaVu Sans, overlays (last move, selection, legal targets, check, threats,
//! frozen squares with their ticks, blocked tiles), coordinates that follow the rotation, pointer input
//! (click-click and drag-and-drop) and the keyboard cursor.

use bevy::prelude::*;
use gambit_rules::{Color as Side, Piece, Role, Square};

use super::{BoardInput, BoardScene, square_at, view_position};
use crate::palette::Palette;
use crate::settings::Settings;

/// Size of one cell as a percentage of the smaller viewport side.
pub const CELL_VMIN: f32 = 9.5;

/// Marks the board grid.
#[derive(Component)]
pub struct BoardRoot;

/// One cell of the grid, by its screen position.
#[derive(Component, Clone, Copy, Debug)]
pub struct Cell {
    /// Row from the top, 0..8.
    pub row: u8,
    /// Column from the left, 0..8.
    pub col: u8,
}

/// The piece inside a cell: a container (moved when dragged or sliding) holding the glyph's fill and
/// its outline.
#[derive(Component)]
pub struct CellGlyph;

/// The solid glyph, coloured by side.
#[derive(Component)]
pub struct GlyphFill;

/// The hollow glyph drawn over the fill: the piece's outline.
#[derive(Component)]
pub struct GlyphOutline;

/// The small text inside a cell: freeze ticks, or a dot on a legal target.
#[derive(Component)]
pub struct CellBadge;

/// The threat marker in a cell's lower-left corner (shown with the threat overlay, so threats are not
/// told by colour alone).
#[derive(Component)]
pub struct ThreatMark;

/// HP pips and the modifier letter in a cell's lower-right corner (battles).
#[derive(Component)]
pub struct CellPips;

/// A coordinate label: a file letter under a column or a rank digit beside a row.
#[derive(Component)]
pub enum CoordLabel {
    /// The file letter under column `0..8`.
    File(u8),
    /// The rank digit beside row `0..8`.
    Rank(u8),
}

/// Display state of the board that is not game state.
#[derive(Resource, Default, Debug)]
pub struct BoardViewState {
    /// Seen from Black's side.
    pub rotated: bool,
    /// The keyboard cursor.
    pub cursor: Option<Square>,
    /// The last move already animated.
    pub animated: Option<(Square, Square)>,
}

/// A glyph sliding into place after a move.
#[derive(Component)]
pub struct Slide {
    /// Starting offset in logical pixels.
    pub from: Vec2,
    /// Seconds elapsed.
    pub elapsed: f32,
}

/// The glyphs of a piece's role: the solid Unicode chess symbol (the fill) and the hollow one (the
/// outline drawn over it), from U+2654..U+265F.
#[must_use]
pub fn glyphs(role: Role) -> (&'static str, &'static str) {
    match role {
        Role::King => ("\u{265A}", "\u{2654}"),
        Role::Queen => ("\u{265B}", "\u{2655}"),
        Role::Rook => ("\u{265C}", "\u{2656}"),
        Role::Bishop => ("\u{265D}", "\u{2657}"),
        Role::Knight => ("\u{265E}", "\u{2658}"),
        Role::Pawn => ("\u{265F}", "\u{2659}"),
    }
}

/// The full-screen row that holds a board beside its panels (skill chess, deployment, battles); its
/// buttons form one Tab group.
pub fn board_screen_root() -> impl Bundle {
    (
        bevy::input_focus::tab_navigation::TabGroup::new(0),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Row,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            column_gap: crate::ui::units(2.0),
            ..default()
        },
    )
}

/// Spawns the board (with coordinates) as a child of `parent`; returns nothing, the cells are found by
/// their components.
pub fn spawn_board(parent: &mut ChildSpawnerCommands<'_>) {
    parent
        .spawn((
            BoardRoot,
            Node {
                display: Display::Grid,
                grid_template_columns: vec![GridTrack::vmin(3.0), RepeatedGridTrack::vmin(8, CELL_VMIN)],
                grid_template_rows: vec![RepeatedGridTrack::vmin(8, CELL_VMIN), GridTrack::vmin(3.0)],
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|grid| {
            for row in 0..8u8 {
                grid.spawn((
                    CoordLabel::Rank(row),
                    Text::new(""),
                    TextFont::from_font_size(FontSize::VMin(2.2)),
                    Node {
                        grid_row: GridPlacement::start(i16::from(row) + 1),
                        grid_column: GridPlacement::start(1),
                        align_self: AlignSelf::Center,
                        justify_self: JustifySelf::Center,
                        ..default()
                    },
                    Pickable::IGNORE,
                ));
                for col in 0..8u8 {
                    spawn_cell(grid, row, col);
                }
            }
            for col in 0..8u8 {
                grid.spawn((
                    CoordLabel::File(col),
                    Text::new(""),
                    TextFont::from_font_size(FontSize::VMin(2.2)),
                    Node {
                        grid_row: GridPlacement::start(9),
                        grid_column: GridPlacement::start(i16::from(col) + 2),
                        justify_self: JustifySelf::Center,
                        ..default()
                    },
                    Pickable::IGNORE,
                ));
            }
        });
}

fn spawn_cell(grid: &mut ChildSpawnerCommands<'_>, row: u8, col: u8) {
    grid.spawn((
        Cell { row, col },
        Node {
            grid_row: GridPlacement::start(i16::from(row) + 1),
            grid_column: GridPlacement::start(i16::from(col) + 2),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(Val::VMin(0.4)),
            ..default()
        },
        BackgroundColor(Color::BLACK),
        BorderColor::all(Color::NONE),
        Outline { width: Val::VMin(0.5), offset: Val::VMin(-0.9), color: Color::NONE },
        Pickable { should_block_lower: false, is_hoverable: true },
        GlobalZIndex::default(),
        children![
            (
                CellGlyph,
                Node::default(),
                UiTransform::default(),
                Pickable::IGNORE,
                children![
                    (
                        GlyphFill,
                        Text::new(""),
                        TextFont::from_font_size(FontSize::VMin(CELL_VMIN * 0.8)),
                        TextColor(Color::WHITE),
                        TextShadow { offset: Vec2::new(0.0, 2.0), color: Color::srgba(0.0, 0.0, 0.0, 0.35) },
                        Pickable::IGNORE,
                    ),
                    (
                        GlyphOutline,
                        Text::new(""),
                        TextFont::from_font_size(FontSize::VMin(CELL_VMIN * 0.8)),
                        TextColor(Color::BLACK),
                        Node {
                            position_type: PositionType::Absolute,
                            left: Val::ZERO,
                            top: Val::ZERO,
                            ..default()
                        },
                        Pickable::IGNORE,
                    ),
                ],
            ),
            (
                CellPips,
                Text::new(""),
                TextFont::from_font_size(FontSize::VMin(1.8)),
                TextColor(Color::WHITE),
                Node {
                    position_type: PositionType::Absolute,
                    bottom: Val::VMin(0.1),
                    right: Val::VMin(0.5),
                    ..default()
                },
                Pickable::IGNORE,
            ),
            (
                ThreatMark,
                Text::new(""),
                TextFont::from_font_size(FontSize::VMin(2.0)),
                TextColor(Color::WHITE),
                Node {
                    position_type: PositionType::Absolute,
                    bottom: Val::VMin(0.2),
                    left: Val::VMin(0.6),
                    ..default()
                },
                Pickable::IGNORE,
            ),
            (
                CellBadge,
                Text::new(""),
                TextFont::from_font_size(FontSize::VMin(2.4)),
                TextColor(Color::WHITE),
                Node {
                    position_type: PositionType::Absolute,
                    top: Val::VMin(0.2),
                    right: Val::VMin(0.6),
                    ..default()
                },
                Pickable::IGNORE,
            ),
        ],
    ))
    .observe(on_press)
    .observe(on_over)
    .observe(on_out)
    .observe(on_drag)
    .observe(on_drag_end)
    .observe(on_drop);
}

fn cell_square(cell: &Cell, view: &BoardViewState) -> Square {
    square_at(cell.row, cell.col, view.rotated)
}

fn on_press(
    press: On<Pointer<Press>>,
    cells: Query<&Cell>,
    view: Res<BoardViewState>,
    mut input: MessageWriter<BoardInput>,
) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(cell) = cells.get(press.event_target()) {
        input.write(BoardInput::Pressed(cell_square(cell, &view)));
    }
}

fn on_over(
    over: On<Pointer<Over>>,
    cells: Query<&Cell>,
    view: Res<BoardViewState>,
    mut hovered: ResMut<super::Hovered>,
) {
    if let Ok(cell) = cells.get(over.event_target()) {
        hovered.0 = Some(cell_square(cell, &view));
    }
}

fn on_out(
    out: On<Pointer<Out>>,
    cells: Query<&Cell>,
    view: Res<BoardViewState>,
    mut hovered: ResMut<super::Hovered>,
) {
    if let Ok(cell) = cells.get(out.event_target())
        && hovered.0 == Some(cell_square(cell, &view))
    {
        hovered.0 = None;
    }
}

fn on_drag(
    drag: On<Pointer<Drag>>,
    children: Query<&Children>,
    mut glyphs: Query<&mut UiTransform, With<CellGlyph>>,
    mut z: Query<&mut GlobalZIndex>,
) {
    if let Ok(kids) = children.get(drag.event_target()) {
        for kid in kids.iter() {
            if let Ok(mut t) = glyphs.get_mut(kid) {
                t.translation = Val2::px(drag.distance.x, drag.distance.y);
            }
        }
    }
    if let Ok(mut zi) = z.get_mut(drag.event_target()) {
        zi.0 = 10;
    }
}

fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    children: Query<&Children>,
    mut glyphs: Query<&mut UiTransform, With<CellGlyph>>,
    mut z: Query<&mut GlobalZIndex>,
) {
    if let Ok(kids) = children.get(end.event_target()) {
        for kid in kids.iter() {
            if let Ok(mut t) = glyphs.get_mut(kid) {
                t.translation = Val2::ZERO;
            }
        }
    }
    if let Ok(mut zi) = z.get_mut(end.event_target()) {
        zi.0 = 0;
    }
}

fn on_drop(
    drop: On<Pointer<DragDrop>>,
    cells: Query<&Cell>,
    view: Res<BoardViewState>,
    mut input: MessageWriter<BoardInput>,
) {
    let (Ok(target), Ok(source)) = (cells.get(drop.event_target()), cells.get(drop.dropped)) else { return };
    let from = cell_square(source, &view);
    let to = cell_square(target, &view);
    if from != to {
        input.write(BoardInput::Dropped { from, to });
    }
}

/// Redraws every cell from the [`BoardScene`] (64 cells: cheap enough whenever anything changed).
pub fn refresh_board(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut cells: Query<(&Cell, &mut BackgroundColor, &mut BorderColor, &mut Outline, &Children)>,
    glyph_children: Query<&Children, With<CellGlyph>>,
    mut fills: Query<
        (&mut Text, &mut TextColor),
        (With<GlyphFill>, Without<GlyphOutline>, Without<CellBadge>),
    >,
    mut outlines: Query<
        (&mut Text, &mut TextColor),
        (With<GlyphOutline>, Without<GlyphFill>, Without<CellBadge>),
    >,
    mut badges: Query<
        (&mut Text, &mut TextColor),
        (With<CellBadge>, Without<GlyphFill>, Without<GlyphOutline>),
    >,
    mut marks: Query<
        (&mut Text, &mut TextColor),
        (With<ThreatMark>, Without<CellBadge>, Without<GlyphFill>, Without<GlyphOutline>),
    >,
    mut pips: Query<
        (&mut Text, &mut TextColor),
        (With<CellPips>, Without<ThreatMark>, Without<CellBadge>, Without<GlyphFill>, Without<GlyphOutline>),
    >,
    mut labels: Query<
        (&CoordLabel, &mut Text, &mut Visibility),
        (
            Without<GlyphFill>,
            Without<GlyphOutline>,
            Without<CellBadge>,
            Without<ThreatMark>,
            Without<CellPips>,
        ),
    >,
) {
    if !(scene.is_changed() || view.is_changed() || settings.is_changed()) {
        return;
    }
    let palette = Palette::for_settings(&settings);
    for (cell, mut bg, mut border, mut outline, children) in &mut cells {
        let square = cell_square(cell, &view);
        let c = scene.cells[square.index() as usize];
        let mut color = if square.is_light() { palette.light } else { palette.dark };
        if c.blocked {
            color = if c.wall { palette.wall } else { palette.blocked };
        } else if c.frozen.is_some() {
            color = palette.frozen;
        } else if c.poison.is_some() {
            color = color.mix(&palette.poison, 0.45);
        }
        if c.last_move {
            color = color.mix(&palette.last_move, 0.45);
        }
        if c.threat && settings.threat_overlay {
            color = color.mix(&palette.threat, 0.25);
        }
        if c.check {
            color = palette.check;
        }
        if c.selected {
            color = color.mix(&palette.selected, 0.6);
        }
        bg.0 = color;
        let cursor = view.cursor == Some(square);
        border.set_all(if cursor { palette.cursor } else { Color::NONE });
        outline.color = if c.objective { palette.objective } else { Color::NONE };
        for kid in children.iter() {
            if let Ok(parts) = glyph_children.get(kid) {
                for part in parts.iter() {
                    if let Ok((mut text, mut color)) = fills.get_mut(part) {
                        set_glyph(&mut text, &mut color, c.piece, &palette, true);
                    }
                    if let Ok((mut text, mut color)) = outlines.get_mut(part) {
                        set_glyph(&mut text, &mut color, c.piece, &palette, false);
                    }
                }
            }
            if let Ok((mut text, mut text_color)) = marks.get_mut(kid) {
                text.0 =
                    if c.threat && settings.threat_overlay { "\u{25C6}".to_string() } else { String::new() };
                text_color.0 = palette.threat;
            }
            if let Ok((mut text, mut text_color)) = pips.get_mut(kid) {
                // HP pips and the modifier's letter, bottom right.
                let mut s = String::new();
                if let Some(letter) = c.modifier {
                    s.push(letter);
                    s.push(' ');
                }
                if let Some((hp, max)) = c.hp {
                    for i in 0..max {
                        s.push(if i < hp { '\u{25CF}' } else { '\u{25CB}' });
                    }
                }
                text.0 = s;
                text_color.0 = palette.pips;
            }
            if let Ok((mut text, mut text_color)) = badges.get_mut(kid) {
                if let Some(ticks) = c.frozen {
                    text.0 = format!("\u{2744}{ticks}");
                    text_color.0 = palette.frozen_text;
                } else if let Some(ticks) = c.poison {
                    text.0 = format!("\u{2620}{ticks}");
                    text_color.0 = palette.poison_text;
                } else if c.target {
                    text.0 = "\u{25CF}".to_string();
                    text_color.0 = palette.target;
                } else if c.blocked && c.wall {
                    text.0 = "\u{25A6}".to_string();
                    text_color.0 = palette.muted;
                } else {
                    text.0.clear();
                }
            }
        }
    }
    for (label, mut text, mut visibility) in &mut labels {
        *visibility = if settings.coordinates { Visibility::Inherited } else { Visibility::Hidden };
        text.0 = match *label {
            CoordLabel::File(col) => square_at(7, col, view.rotated).file().char().to_string(),
            CoordLabel::Rank(row) => square_at(row, 0, view.rotated).rank().char().to_string(),
        };
    }
}

fn set_glyph(text: &mut Text, color: &mut TextColor, piece: Option<Piece>, palette: &Palette, fill: bool) {
    let Some(piece) = piece else {
        text.0.clear();
        return;
    };
    let (solid, hollow) = glyphs(piece.role);
    text.0 = (if fill { solid } else { hollow }).to_string();
    color.0 = match (piece.color, fill) {
        (Side::White, true) => palette.white_piece,
        (Side::White, false) => palette.white_outline,
        (Side::Black, true) => palette.black_piece,
        (Side::Black, false) => palette.black_outline,
    };
}

/// Starts the slide of the moved piece's glyph when a new last move appears.
pub fn start_slide(
    mut commands: Commands,
    scene: Res<BoardScene>,
    mut view: ResMut<BoardViewState>,
    settings: Res<Settings>,
    cells: Query<(&Cell, &Children, &ComputedNode)>,
    glyphs: Query<Entity, With<CellGlyph>>,
) {
    if scene.last_move == view.animated {
        return;
    }
    view.animated = scene.last_move;
    let Some((from, to)) = scene.last_move else { return };
    if settings.reduced_motion || from == to {
        return;
    }
    let (fr, fc) = view_position(from, view.rotated);
    let (tr, tc) = view_position(to, view.rotated);
    for (cell, children, node) in &cells {
        if (cell.row, cell.col) != (tr, tc) {
            continue;
        }
        let size = node.size() * node.inverse_scale_factor();
        let offset =
            Vec2::new((f32::from(fc) - f32::from(tc)) * size.x, (f32::from(fr) - f32::from(tr)) * size.y);
        for kid in children.iter() {
            if glyphs.contains(kid) {
                commands.entity(kid).insert(Slide { from: offset, elapsed: 0.0 });
            }
        }
    }
}

/// Moves sliding glyphs towards their cell over 150 ms (ease-out).
pub fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut glyphs: Query<(Entity, &mut Slide, &mut UiTransform)>,
) {
    const DURATION: f32 = 0.15;
    for (entity, mut slide, mut transform) in &mut glyphs {
        slide.elapsed += time.delta_secs();
        let t = (slide.elapsed / DURATION).min(1.0);
        let remaining = (1.0 - t) * (1.0 - t);
        let offset = slide.from * remaining;
        transform.translation = Val2::px(offset.x, offset.y);
        if t >= 1.0 {
            transform.translation = Val2::ZERO;
            commands.entity(entity).remove::<Slide>();
        }
    }
}

/// Arrow keys move the keyboard cursor (and take the keyboard away from a focused button); Enter or
/// Space presses the square under it unless a button has the focus (Tab gives it one).
pub fn keyboard_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    mut view: ResMut<BoardViewState>,
    mut focus: ResMut<bevy::input_focus::InputFocus>,
    buttons: Query<(), (With<Button>, With<bevy::input_focus::tab_navigation::TabIndex>)>,
    mut input: MessageWriter<BoardInput>,
) {
    let moves = [
        (KeyCode::ArrowUp, (-1i8, 0i8)),
        (KeyCode::ArrowDown, (1, 0)),
        (KeyCode::ArrowLeft, (0, -1)),
        (KeyCode::ArrowRight, (0, 1)),
    ];
    for (key, (dr, dc)) in moves {
        if keys.just_pressed(key) {
            let (row, col) = view.cursor.map_or((4, 4), |s| view_position(s, view.rotated));
            let row = (row as i8 + dr).clamp(0, 7) as u8;
            let col = (col as i8 + dc).clamp(0, 7) as u8;
            view.cursor = Some(square_at(row, col, view.rotated));
            if crate::ui::focus::focused_button(&focus, &buttons).is_some() {
                focus.clear();
            }
        }
    }
    if (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space))
        && crate::ui::focus::focused_button(&focus, &buttons).is_none()
        && let Some(square) = view.cursor
    {
        input.write(BoardInput::Pressed(square));
    }
}
