//! The board's picture: an 8x8 grid of cells sized in viewport units (the board always fits the
//! window), piece glyphs from the bundled DejaVu Sans, overlays and coordinates that follow the
//! rotation. Each part of a cell is its own entity with its own component holding the cell's screen
//! position, drawn from the [`BoardScene`] by one small system per part: [`paint_squares`] (colour,
//! cursor, objective ring), [`draw_pieces`] (fill and outline glyphs), [`draw_badges`] (freeze and
//! poison ticks, target dots, walls), [`draw_threat_marks`], [`draw_pips`] (HP and modifier) and
//! [`draw_coordinates`]. They run in [`super::BoardSystems::Draw`], after the active screen rebuilt
//! the scene, and only when the scene, the view or the settings changed.

use bevy::prelude::*;
use gambit_rules::{Color as Side, Piece, Role, Square};

use super::{BoardScene, BoardViewState, SceneCell, square_at};
use crate::palette::Palette;
use crate::settings::Settings;

/// Size of one cell as a percentage of the smaller viewport side.
pub const CELL_VMIN: f32 = 9.5;

/// Marks the board grid.
#[derive(Component)]
pub struct BoardRoot;

/// A cell's place on screen: row from the top, column from the left, both 0..8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPos {
    /// Row from the top.
    pub row: u8,
    /// Column from the left.
    pub col: u8,
}

impl CellPos {
    /// The square drawn here.
    #[must_use]
    pub fn square(self, view: &BoardViewState) -> Square {
        square_at(self.row, self.col, view.rotated)
    }

    fn scene_cell(self, scene: &BoardScene, view: &BoardViewState) -> SceneCell {
        scene.cells[self.square(view).index() as usize]
    }
}

/// One cell: the square itself (its colour, the cursor border, the objective ring); pointer input
/// arrives here.
#[derive(Component, Clone, Copy, Debug)]
pub struct Cell(pub CellPos);

/// The piece's container inside a cell, moved while dragged or sliding.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceGlyph(pub CellPos);

/// The solid glyph, coloured by side.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceFill(pub CellPos);

/// The hollow glyph drawn over the fill: the piece's outline.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceOutline(pub CellPos);

/// The text in a cell's upper-right corner: freeze ticks, poison ticks, a target dot, a wall mark.
#[derive(Component, Clone, Copy, Debug)]
pub struct CellBadge(pub CellPos);

/// The threat marker in a cell's lower-left corner (with the threat overlay, so threats are not told
/// by colour alone).
#[derive(Component, Clone, Copy, Debug)]
pub struct ThreatMark(pub CellPos);

/// HP pips and the modifier letter in a cell's lower-right corner (battles).
#[derive(Component, Clone, Copy, Debug)]
pub struct CellPips(pub CellPos);

/// A coordinate label: a file letter under a column or a rank digit beside a row.
#[derive(Component, Clone, Copy, Debug)]
pub enum CoordLabel {
    /// The file letter under column `0..8`.
    File(u8),
    /// The rank digit beside row `0..8`.
    Rank(u8),
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

fn corner_text(size: f32, place: Node) -> impl Bundle {
    (
        Text::new(""),
        TextFont::from_font_size(FontSize::VMin(size)),
        TextColor(Color::WHITE),
        Node { position_type: PositionType::Absolute, ..place },
        Pickable::IGNORE,
    )
}

/// Spawns the board (with coordinates) as a child of `parent`; the parts are found by their components.
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
                    spawn_cell(grid, CellPos { row, col });
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

fn spawn_cell(grid: &mut ChildSpawnerCommands<'_>, pos: CellPos) {
    let glyph = FontSize::VMin(CELL_VMIN * 0.8);
    grid.spawn((
        Cell(pos),
        Node {
            grid_row: GridPlacement::start(i16::from(pos.row) + 1),
            grid_column: GridPlacement::start(i16::from(pos.col) + 2),
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
                PieceGlyph(pos),
                Node::default(),
                UiTransform::default(),
                Pickable::IGNORE,
                children![
                    (
                        PieceFill(pos),
                        Text::new(""),
                        TextFont::from_font_size(glyph),
                        TextColor(Color::WHITE),
                        TextShadow { offset: Vec2::new(0.0, 2.0), color: Color::srgba(0.0, 0.0, 0.0, 0.35) },
                        Pickable::IGNORE,
                    ),
                    (
                        PieceOutline(pos),
                        Text::new(""),
                        TextFont::from_font_size(glyph),
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
                CellPips(pos),
                corner_text(1.8, Node { bottom: Val::VMin(0.1), right: Val::VMin(0.5), ..default() })
            ),
            (
                ThreatMark(pos),
                corner_text(2.0, Node { bottom: Val::VMin(0.2), left: Val::VMin(0.6), ..default() })
            ),
            (
                CellBadge(pos),
                corner_text(2.4, Node { top: Val::VMin(0.2), right: Val::VMin(0.6), ..default() })
            ),
        ],
    ))
    .observe(super::input::on_press)
    .observe(super::input::on_over)
    .observe(super::input::on_out)
    .observe(super::input::on_drag)
    .observe(super::input::on_drag_end)
    .observe(super::input::on_drop);
}

/// Whether anything the board shows changed this frame (the run condition of the draw systems).
pub fn board_changed(scene: Res<BoardScene>, view: Res<BoardViewState>, settings: Res<Settings>) -> bool {
    scene.is_changed() || view.is_changed() || settings.is_changed()
}

/// The square's colour (light or dark, blocked, wall, frozen, poison, last move, threat, check,
/// selection), the keyboard cursor's border and the objective's ring.
pub fn paint_squares(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut cells: Query<(&Cell, &mut BackgroundColor, &mut BorderColor, &mut Outline)>,
) {
    let palette = Palette::for_settings(&settings);
    for (Cell(pos), mut bg, mut border, mut outline) in &mut cells {
        let square = pos.square(&view);
        let c = pos.scene_cell(&scene, &view);
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
        border.set_all(if view.cursor == Some(square) { palette.cursor } else { Color::NONE });
        outline.color = if c.objective { palette.objective } else { Color::NONE };
    }
}

fn piece_text(piece: Option<Piece>, fill: bool, palette: &Palette) -> (String, Color) {
    let Some(piece) = piece else { return (String::new(), Color::NONE) };
    let (solid, hollow) = glyphs(piece.role);
    let color = match (piece.color, fill) {
        (Side::White, true) => palette.white_piece,
        (Side::White, false) => palette.white_outline,
        (Side::Black, true) => palette.black_piece,
        (Side::Black, false) => palette.black_outline,
    };
    ((if fill { solid } else { hollow }).to_string(), color)
}

/// The piece glyphs: the fill and, over it, the outline.
pub fn draw_pieces(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut fills: Query<(&PieceFill, &mut Text, &mut TextColor)>,
    mut outlines: Query<(&PieceOutline, &mut Text, &mut TextColor), Without<PieceFill>>,
) {
    let palette = Palette::for_settings(&settings);
    for (PieceFill(pos), mut text, mut color) in &mut fills {
        (text.0, color.0) = piece_text(pos.scene_cell(&scene, &view).piece, true, &palette);
    }
    for (PieceOutline(pos), mut text, mut color) in &mut outlines {
        (text.0, color.0) = piece_text(pos.scene_cell(&scene, &view).piece, false, &palette);
    }
}

/// What a cell's badge says: freeze ticks, else poison ticks, else a target dot, else a wall mark.
#[must_use]
pub fn badge(c: &SceneCell, palette: &Palette) -> (String, Color) {
    if let Some(ticks) = c.frozen {
        (format!("\u{2744}{ticks}"), palette.frozen_text)
    } else if let Some(ticks) = c.poison {
        (format!("\u{2620}{ticks}"), palette.poison_text)
    } else if c.target {
        ("\u{25CF}".to_string(), palette.target)
    } else if c.blocked && c.wall {
        ("\u{25A6}".to_string(), palette.muted)
    } else {
        (String::new(), Color::NONE)
    }
}

/// The badges in the upper-right corners.
pub fn draw_badges(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut badges: Query<(&CellBadge, &mut Text, &mut TextColor)>,
) {
    let palette = Palette::for_settings(&settings);
    for (CellBadge(pos), mut text, mut color) in &mut badges {
        (text.0, color.0) = badge(&pos.scene_cell(&scene, &view), &palette);
    }
}

/// The threat diamonds (with the threat overlay on).
pub fn draw_threat_marks(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut marks: Query<(&ThreatMark, &mut Text, &mut TextColor)>,
) {
    let palette = Palette::for_settings(&settings);
    for (ThreatMark(pos), mut text, mut color) in &mut marks {
        let shown = pos.scene_cell(&scene, &view).threat && settings.threat_overlay;
        text.0 = if shown { "\u{25C6}".to_string() } else { String::new() };
        color.0 = palette.threat;
    }
}

/// HP pips and the modifier's letter: `S ●●`.
#[must_use]
pub fn pips(c: &SceneCell) -> String {
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
    s
}

/// The HP pips and modifier letters in the lower-right corners.
pub fn draw_pips(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut pip_texts: Query<(&CellPips, &mut Text, &mut TextColor)>,
) {
    let palette = Palette::for_settings(&settings);
    for (CellPips(pos), mut text, mut color) in &mut pip_texts {
        text.0 = pips(&pos.scene_cell(&scene, &view));
        color.0 = palette.pips;
    }
}

/// File letters and rank digits, following the rotation; hidden when coordinates are off.
pub fn draw_coordinates(
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut labels: Query<(&CoordLabel, &mut Text, &mut Visibility)>,
) {
    for (label, mut text, mut visibility) in &mut labels {
        *visibility = if settings.coordinates { Visibility::Inherited } else { Visibility::Hidden };
        text.0 = match *label {
            CoordLabel::File(col) => square_at(7, col, view.rotated).file().char().to_string(),
            CoordLabel::Rank(row) => square_at(row, 0, view.rotated).rank().char().to_string(),
        };
    }
}

/// A run's board screen (deployment, battles): the board on the left (with the typed command line
/// under it when `command_line`), and on the right a side panel that is a section of `V`.
pub fn spawn_board_screen<V: crate::ui::View>(
    commands: &mut Commands,
    screen: crate::screens::Screen,
    command_line: bool,
) {
    commands
        .spawn((Name::new(format!("{screen:?}")), DespawnOnExit(screen), board_screen_root()))
        .with_children(|root| {
            if command_line {
                root.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_children(|col| {
                    spawn_board(col);
                    super::command_line::spawn(col, Val::VMin(79.0));
                });
            } else {
                spawn_board(root);
            }
            root.spawn((
                crate::ui::Section::<V>::new(),
                Node {
                    flex_direction: FlexDirection::Column,
                    width: crate::ui::units(52.0),
                    height: Val::VMin(86.0),
                    padding: UiRect::all(crate::ui::units(1.0)),
                    row_gap: crate::ui::units(0.4),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
            ));
        });
}
