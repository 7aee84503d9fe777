//! The board's picture: only the board's own shape (the smallest rectangle of its playable squares,
//! walls and holes; squares outside it are not drawn, cut corners are left open), centred and scaled to
//! the window in viewport units, with no gaps between squares. Pieces are our own vector art
//! ([`super::art`]). Each part of a cell is its own entity with its own component holding the cell's
//! screen position, drawn from the [`BoardScene`] by one small system per part: [`layout_board`] (which
//! cells and coordinates show, and their size), [`paint_squares`] (colour, cursor, objective ring),
//! [`draw_pieces`], [`draw_hints`] (a centred dot for a move, a ring for a capture), [`draw_badges`]
//! (freeze and poison ticks, walls), [`draw_threat_marks`], [`draw_pips`] (HP pips in a strip under
//! the piece), [`draw_modifier_marks`] (the modifier's icon on a dark chip in the lower-left corner,
//! beside the piece's base) and [`draw_coordinates`]. They run in [`super::BoardSystems::Draw`], after
//! the active screen rebuilt the scene, and only when the scene, the view or the settings changed.

use bevy::prelude::*;
use gambit_rules::{Role, Square};

use super::art::PieceImages;
pub use super::marks::{
    ModifierTip, SPENT_ARMOR_ICON, TipRoom, cell_card, cell_icon, draw_modifier_marks, draw_modifier_tip,
    draw_pips, modifier_card, modifier_icon, pips, size_tip_room, tip_room,
};
use super::marks::{TIP_FONT, TIP_GAP, TIP_PAD};
use super::{BoardScene, BoardViewState, SceneCell, square_at, view_position};
use crate::palette::Palette;
use crate::settings::Settings;

/// Size of one cell of a full 8x8 board as a percentage of the smaller viewport side; a smaller board
/// gets larger cells, so every board spans [`BOARD_VMIN`].
pub const CELL_VMIN: f32 = 9.5;
/// The longer side of the drawn board, percent of the smaller viewport side.
pub const BOARD_VMIN: f32 = 8.0 * CELL_VMIN;
/// Width of the rank labels' column and height of the file labels' row, vmin.
pub const LABEL_VMIN: f32 = 3.0;
/// The piece picture's side, percent of the cell's side.
pub const PIECE_PERCENT: f32 = 82.0;
/// The gap above the piece picture, percent of the cell's side.
pub const PIECE_TOP_PERCENT: f32 = 2.5;
/// How far (logical pixels, before the UI scale) each square reaches under its right and lower
/// neighbours, which are drawn over it: where square edges fall between pixels, the renderer's
/// anti-aliased edges of two abutting squares let the page show through as a thin seam. Two, so
/// that at least one whole pixel stays after the layout rounds both edges.
pub const SEAM_OVERLAP_PX: f32 = 2.0;

/// The margin that makes a cell reach under its right and lower neighbours where they are drawn
/// (never into an open cell or past the board's edge).
#[must_use]
pub fn seam_margin(right_neighbour: bool, lower_neighbour: bool) -> UiRect {
    let reach = |neighbour: bool| if neighbour { Val::Px(-SEAM_OVERLAP_PX) } else { Val::ZERO };
    UiRect { right: reach(right_neighbour), bottom: reach(lower_neighbour), ..default() }
}

/// The part of the 8x8 screen grid a board occupies: the smallest rectangle holding its playable
/// squares and walls (rows from the top, columns from the left, as [`super::view_position`] gives
/// them), and inside it the cells that are off the board (blocked, not a wall, and joined to one of the
/// rectangle's corners through such cells: cut corners), which are left open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardArea {
    /// First row.
    pub top: u8,
    /// First column.
    pub left: u8,
    /// Number of rows, 1 to 8.
    pub rows: u8,
    /// Number of columns, 1 to 8.
    pub cols: u8,
    /// Per screen cell (`row * 8 + col`): left open (outside the rectangle or off the board).
    pub open: [bool; 64],
}

impl Default for BoardArea {
    fn default() -> Self {
        BoardArea { top: 0, left: 0, rows: 8, cols: 8, open: [false; 64] }
    }
}

impl BoardArea {
    /// The area of `scene` seen with `rotated`. A scene with no playable square or wall is drawn whole.
    #[must_use]
    pub fn of(scene: &BoardScene, rotated: bool) -> BoardArea {
        let terrain = |row: u8, col: u8| {
            let c = scene.cells[square_at(row, col, rotated).index() as usize];
            !c.blocked || c.wall
        };
        let (mut top, mut bottom, mut left, mut right) = (8u8, 0u8, 8u8, 0u8);
        for row in 0..8 {
            for col in 0..8 {
                if terrain(row, col) {
                    (top, bottom, left, right) =
                        (top.min(row), bottom.max(row), left.min(col), right.max(col));
                }
            }
        }
        if top > bottom {
            return BoardArea::default();
        }
        let mut area =
            BoardArea { top, left, rows: bottom - top + 1, cols: right - left + 1, open: [true; 64] };
        // Inside the rectangle: open cells are blocked non-wall cells reachable from one of its four
        // corners (cut corners, the missing quadrant of an L); holes elsewhere, on an edge or not, are
        // terrain.
        let mut stack = Vec::new();
        for row in top..=bottom {
            for col in left..=right {
                area.open[usize::from(row * 8 + col)] = false;
                let corner = (row == top || row == bottom) && (col == left || col == right);
                if corner && !terrain(row, col) {
                    stack.push((row, col));
                }
            }
        }
        while let Some((row, col)) = stack.pop() {
            let i = usize::from(row * 8 + col);
            if area.open[i] {
                continue;
            }
            area.open[i] = true;
            let steps =
                [(row.wrapping_sub(1), col), (row + 1, col), (row, col.wrapping_sub(1)), (row, col + 1)];
            for (r, c) in steps {
                if (top..=bottom).contains(&r) && (left..=right).contains(&c) && !terrain(r, c) {
                    stack.push((r, c));
                }
            }
        }
        area
    }

    /// Whether the screen cell is inside the drawn rectangle.
    #[must_use]
    pub fn shows(&self, row: u8, col: u8) -> bool {
        (self.top..self.top + self.rows).contains(&row) && (self.left..self.left + self.cols).contains(&col)
    }

    /// Whether the screen cell is drawn as a square (inside the rectangle and not left open).
    #[must_use]
    pub fn is_square(&self, row: u8, col: u8) -> bool {
        self.shows(row, col) && !self.open[usize::from(row * 8 + col)]
    }

    /// The size of one cell, vmin: the longer side spans [`BOARD_VMIN`].
    #[must_use]
    pub fn cell_vmin(&self) -> f32 {
        BOARD_VMIN / f32::from(self.rows.max(self.cols).max(1))
    }

    /// The files (columns) that get a letter: columns of the rectangle holding at least one square.
    #[must_use]
    pub fn labelled_cols(&self) -> Vec<u8> {
        (self.left..self.left + self.cols).filter(|&c| (0..8).any(|r| self.is_square(r, c))).collect()
    }

    /// The ranks (rows) that get a digit: rows of the rectangle holding at least one square.
    #[must_use]
    pub fn labelled_rows(&self) -> Vec<u8> {
        (self.top..self.top + self.rows).filter(|&r| (0..8).any(|c| self.is_square(r, c))).collect()
    }
}

/// The board's current [`BoardArea`], kept by [`layout_board`].
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardLayout(pub BoardArea);

/// A text whose size follows the cell size: the fraction of a cell's side its font takes.
#[derive(Component, Clone, Copy, Debug)]
pub struct CellText(pub f32);

/// The move hint in a cell's centre: a dot for a move, a ring for a capture.
#[derive(Component, Clone, Copy, Debug)]
pub struct HintMark(pub CellPos);

pub use crate::ui::layout_marks::BoardRoot;

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

    pub(super) fn scene_cell(self, scene: &BoardScene, view: &BoardViewState) -> SceneCell {
        scene.cells[self.square(view).index() as usize]
    }
}

/// One cell: the square itself (its colour, the cursor border, the objective ring); pointer input
/// arrives here.
#[derive(Component, Clone, Copy, Debug)]
pub struct Cell(pub CellPos);

/// The piece's container inside a cell, moved while dragged, sliding or animated.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceGlyph(pub CellPos);

/// The piece's picture ([`super::art`]), per side.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceFill(pub CellPos);

/// The text in a cell's upper-right corner: freeze ticks, poison ticks, a wall mark.
#[derive(Component, Clone, Copy, Debug)]
pub struct CellBadge(pub CellPos);

/// The threat flag in a cell's upper-left corner (with the threat overlay, so threats are not told by
/// colour alone, and never look like a move hint).
#[derive(Component, Clone, Copy, Debug)]
pub struct ThreatMark(pub CellPos);

/// The foresight preview's frame in a cell (a rounded ring inside the square's edge, apart from the
/// cursor's square outline and the centred move hints): thin on the reply's origin, thick on its
/// destination.
#[derive(Component, Clone, Copy, Debug)]
pub struct ForesightMark(pub CellPos);

/// HP pips in the strip along a cell's bottom edge, under the piece (battles).
#[derive(Component, Clone, Copy, Debug)]
pub struct CellPips(pub CellPos);

/// The modifier's icon in a cell's lower-left corner, on a dark chip, beside the piece's base
/// (battles, the deployment): large enough to tell the icons apart, clear of the piece's pixels.
#[derive(Component, Clone, Copy, Debug)]
pub struct CellModifier(pub CellPos);

/// The modifier icon's font, as a fraction of the cell's side (half as large again as the HP pips):
/// its line box (at most 0.92 em wide, as the flag is, and 1.2 em high) stays left of 23% and below 71%
/// of the cell, where no piece's picture has ink (the widest bases start at 27% across; the king's and
/// knight's bodies stand higher up).
pub const MODIFIER_FONT: f32 = 0.23;

/// A coordinate label: a file letter under a column or a rank digit beside a row.
#[derive(Component, Clone, Copy, Debug)]
pub enum CoordLabel {
    /// The file letter under column `0..8`.
    File(u8),
    /// The rank digit beside row `0..8`.
    Rank(u8),
}

/// The Unicode chess symbols of a role, solid and hollow (U+2654..U+265F), for text (the board draws
/// [`super::art`] instead).
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

fn corner_text(fraction: f32, place: Node) -> impl Bundle {
    (
        Text::new(""),
        TextFont::from_font_size(FontSize::VMin(fraction * CELL_VMIN)),
        CellText(fraction),
        TextColor(Color::WHITE),
        Node { position_type: PositionType::Absolute, ..place },
        Pickable::IGNORE,
    )
}

/// Spawns the board (with coordinates) as a child of `parent`; the parts are found by their components.
/// All 64 cells exist; [`layout_board`] places the ones of the board's shape and hides the others.
pub fn spawn_board(parent: &mut ChildSpawnerCommands<'_>) {
    parent
        .spawn((
            BoardRoot,
            Node {
                display: Display::Grid,
                grid_template_columns: vec![
                    GridTrack::vmin(LABEL_VMIN),
                    RepeatedGridTrack::vmin(8, CELL_VMIN),
                ],
                grid_template_rows: vec![RepeatedGridTrack::vmin(8, CELL_VMIN), GridTrack::vmin(LABEL_VMIN)],
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
    grid.spawn((
        Cell(pos),
        Node {
            grid_row: GridPlacement::start(i16::from(pos.row) + 1),
            grid_column: GridPlacement::start(i16::from(pos.col) + 2),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(Color::BLACK),
        Outline { width: Val::VMin(0.5), offset: Val::VMin(-0.5), color: Color::NONE },
        Pickable { should_block_lower: false, is_hoverable: true },
        GlobalZIndex::default(),
        children![
            (
                super::anim::CloudMark(pos),
                corner_text(0.42, Node { left: Val::Percent(26.0), top: Val::Percent(14.0), ..default() }),
                UiTransform::default(),
            ),
            (
                HintMark(pos),
                Node {
                    position_type: PositionType::Absolute,
                    width: Val::Percent(30.0),
                    height: Val::Percent(30.0),
                    left: Val::Percent(35.0),
                    top: Val::Percent(35.0),
                    border_radius: BorderRadius::all(Val::Percent(50.0)),
                    ..default()
                },
                BackgroundColor(Color::NONE),
                BorderColor::all(Color::NONE),
                Pickable::IGNORE,
            ),
            piece_glyph(pos),
            (
                CellPips(pos),
                corner_text(
                    0.15,
                    Node {
                        bottom: Val::Percent(0.0),
                        left: Val::Percent(0.0),
                        right: Val::Percent(0.0),
                        ..default()
                    }
                ),
                TextLayout::justify(Justify::Center),
            ),
            (
                CellModifier(pos),
                corner_text(
                    MODIFIER_FONT,
                    Node {
                        bottom: Val::Percent(1.0),
                        left: Val::Percent(1.0),
                        border_radius: BorderRadius::all(Val::Percent(30.0)),
                        ..default()
                    }
                ),
                BackgroundColor(Color::NONE),
                TextLayout::justify(Justify::Center),
            ),
            (
                ThreatMark(pos),
                corner_text(0.17, Node { top: Val::Percent(0.0), left: Val::Percent(2.0), ..default() })
            ),
            (
                CellBadge(pos),
                corner_text(0.15, Node { top: Val::Percent(0.0), right: Val::Percent(2.0), ..default() })
            ),
            (
                ForesightMark(pos),
                Node {
                    position_type: PositionType::Absolute,
                    left: Val::Percent(4.0),
                    top: Val::Percent(4.0),
                    right: Val::Percent(4.0),
                    bottom: Val::Percent(4.0),
                    border: UiRect::all(Val::Percent(4.0)),
                    border_radius: BorderRadius::all(Val::Percent(30.0)),
                    ..default()
                },
                BorderColor::all(Color::NONE),
                Pickable::IGNORE,
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

/// A cell's piece: a full-cell holder (`PieceGlyph`, which the animations move and scale) around the
/// piece's picture (`PieceFill`, hidden until a piece stands there).
fn piece_glyph(pos: CellPos) -> impl Bundle {
    (
        PieceGlyph(pos),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Start,
            ..default()
        },
        UiTransform::default(),
        Pickable::IGNORE,
        children![(
            PieceFill(pos),
            ImageNode::default(),
            Node {
                // The picture's ink spans 8% to 92% of its side across and 5% to 92% down,
                // so the piece stands in 15%..85% across and 6%..78% down the cell: clear of
                // the badges in the upper corners and of the pip strip along the bottom
                // (the layout check holds every mark off the piece's pixels).
                width: Val::Percent(PIECE_PERCENT),
                height: Val::Percent(PIECE_PERCENT),
                margin: UiRect::top(Val::Percent(PIECE_TOP_PERCENT)),
                ..default()
            },
            Visibility::Hidden,
            Pickable::IGNORE,
        )],
    )
}

/// Whether anything the board shows changed this frame (the run condition of the draw systems).
pub fn board_changed(scene: Res<BoardScene>, view: Res<BoardViewState>, settings: Res<Settings>) -> bool {
    scene.is_changed() || view.is_changed() || settings.is_changed()
}

/// Fits the grid to the board's shape: the track sizes (every board spans [`BOARD_VMIN`]), each cell's
/// place (cells outside the rectangle are not laid out), the coordinates' places (only real files and
/// ranks) and the cell texts' sizes. Touches the layout only when the area changed.
#[allow(clippy::type_complexity)]
pub fn layout_board(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    mut layout: ResMut<BoardLayout>,
    mut roots: Query<&mut Node, With<BoardRoot>>,
    mut cells: Query<(&Cell, &mut Node), Without<BoardRoot>>,
    mut labels: Query<(&CoordLabel, &mut Node), (Without<BoardRoot>, Without<Cell>)>,
    mut texts: Query<(&CellText, &mut TextFont)>,
    fresh: Query<(), Added<BoardRoot>>,
) {
    let area = BoardArea::of(&scene, view.rotated);
    if layout.0 == area && fresh.is_empty() {
        return;
    }
    layout.0 = area;
    let cell = area.cell_vmin();
    for mut node in &mut roots {
        node.grid_template_columns =
            vec![GridTrack::vmin(LABEL_VMIN), RepeatedGridTrack::vmin(u16::from(area.cols), cell)];
        node.grid_template_rows =
            vec![RepeatedGridTrack::vmin(u16::from(area.rows), cell), GridTrack::vmin(LABEL_VMIN)];
    }
    for (Cell(pos), mut node) in &mut cells {
        if area.shows(pos.row, pos.col) {
            node.display = Display::Flex;
            node.grid_row = GridPlacement::start(i16::from(pos.row - area.top) + 1);
            node.grid_column = GridPlacement::start(i16::from(pos.col - area.left) + 2);
            node.margin = seam_margin(
                area.is_square(pos.row, pos.col + 1),
                pos.row < 7 && area.is_square(pos.row + 1, pos.col),
            );
        } else {
            node.display = Display::None;
        }
    }
    let (rows, cols) = (area.labelled_rows(), area.labelled_cols());
    for (label, mut node) in &mut labels {
        match *label {
            CoordLabel::Rank(row) if rows.contains(&row) => {
                node.display = Display::Flex;
                node.grid_row = GridPlacement::start(i16::from(row - area.top) + 1);
            }
            CoordLabel::File(col) if cols.contains(&col) => {
                node.display = Display::Flex;
                node.grid_row = GridPlacement::start(i16::from(area.rows) + 1);
                node.grid_column = GridPlacement::start(i16::from(col - area.left) + 2);
            }
            _ => node.display = Display::None,
        }
    }
    for (CellText(fraction), mut font) in &mut texts {
        font.font_size = FontSize::VMin(fraction * cell);
    }
}

/// The square's colour (light or dark, hole, wall, frozen, poison, last move, threat, check,
/// selection; open cells transparent), the keyboard cursor's outline and the objective's ring.
pub fn paint_squares(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    mut cells: Query<(&Cell, &mut BackgroundColor, &mut Outline)>,
) {
    let palette = Palette::for_settings(&settings);
    for (Cell(pos), mut bg, mut outline) in &mut cells {
        let square = pos.square(&view);
        let c = pos.scene_cell(&scene, &view);
        if !layout.0.is_square(pos.row, pos.col) {
            bg.0 = Color::NONE;
            outline.color = Color::NONE;
            continue;
        }
        bg.0 = square_colour(&c, square.is_light(), &palette, settings.threat_overlay);
        outline.color = if view.cursor == Some(square) {
            palette.cursor
        } else if c.objective {
            palette.objective
        } else {
            Color::NONE
        };
    }
}

/// The colour of one square: light or dark with the last move mixed in, or the terrain (hole, wall),
/// or frozen (the frozen colour whole: mixed with the last move's yellow, ice read as poison green),
/// or poison mixed in; then a threat (with the overlay on), check and selection.
#[must_use]
pub fn square_colour(c: &SceneCell, light: bool, palette: &Palette, threat_overlay: bool) -> Color {
    let mut color = if light { palette.light } else { palette.dark };
    if c.last_move {
        color = color.mix(&palette.last_move, 0.45);
    }
    if c.blocked {
        color = if c.wall { palette.wall } else { palette.blocked };
    } else if c.frozen.is_some() {
        color = palette.frozen;
    } else if c.poison.is_some() {
        color = color.mix(&palette.poison, 0.45);
    }
    if c.threat && threat_overlay {
        color = color.mix(&palette.threat, 0.35);
    }
    if c.check {
        color = palette.check;
    }
    if c.selected {
        color = color.mix(&palette.selected, 0.6);
    }
    color
}

/// The pieces' pictures.
pub fn draw_pieces(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    images: Option<Res<PieceImages>>,
    mut fills: Query<(&PieceFill, &mut ImageNode, &mut Visibility)>,
) {
    let Some(images) = images else { return };
    for (PieceFill(pos), mut image, mut visibility) in &mut fills {
        match pos.scene_cell(&scene, &view).piece {
            Some(piece) => {
                let handle = images.get(piece.color, piece.role);
                if image.image != handle {
                    image.image = handle;
                }
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}

/// A cell's move hint.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Nothing to show.
    None,
    /// A move to an empty square: a centred dot.
    Dot,
    /// A capture (or any target holding a piece): a ring around it.
    Ring,
}

/// The hint of a cell: targets get a dot, or a ring when a piece stands there.
#[must_use]
pub fn hint(c: &SceneCell) -> Hint {
    match (c.target, c.piece.is_some()) {
        (false, _) => Hint::None,
        (true, false) => Hint::Dot,
        (true, true) => Hint::Ring,
    }
}

/// The move hints: a dot in the centre, a ring for a capture.
pub fn draw_hints(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut marks: Query<(&HintMark, &mut Node, &mut BackgroundColor, &mut BorderColor)>,
) {
    let palette = Palette::for_settings(&settings);
    for (HintMark(pos), mut node, mut bg, mut border) in &mut marks {
        let (size, fill, ring) = match hint(&pos.scene_cell(&scene, &view)) {
            Hint::None => (30.0, Color::NONE, Color::NONE),
            Hint::Dot => (30.0, palette.target, Color::NONE),
            Hint::Ring => (92.0, Color::NONE, palette.target),
        };
        let inset = (100.0 - size) / 2.0;
        if node.width != Val::Percent(size) {
            node.width = Val::Percent(size);
            node.height = Val::Percent(size);
            node.left = Val::Percent(inset);
            node.top = Val::Percent(inset);
            node.border = UiRect::all(Val::Percent(if size > 50.0 { 7.0 } else { 0.0 }));
        }
        bg.0 = fill;
        border.set_all(ring);
    }
}

/// What a cell's badge says: freeze ticks, else poison ticks, else a wall mark.
#[must_use]
pub fn badge(c: &SceneCell, palette: &Palette) -> (String, Color) {
    if let Some(ticks) = c.frozen {
        (format!("\u{2744}{ticks}"), palette.frozen_text)
    } else if let Some(ticks) = c.poison {
        (format!("\u{2620}{ticks}"), palette.poison_text)
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

/// The threat flags (with the threat overlay on): a corner triangle, apart from the move hints.
pub fn draw_threat_marks(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut marks: Query<(&ThreatMark, &mut Text, &mut TextColor)>,
) {
    let palette = Palette::for_settings(&settings);
    for (ThreatMark(pos), mut text, mut color) in &mut marks {
        let shown = pos.scene_cell(&scene, &view).threat && settings.threat_overlay;
        text.0 = if shown { "\u{25E4}".to_string() } else { String::new() };
        color.0 = palette.threat_mark;
    }
}

/// The foresight preview's frames: the reply's origin thin, its destination thick, in the palette's
/// foresight colour.
pub fn draw_foresight(
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut marks: Query<(&ForesightMark, &mut Node, &mut BorderColor)>,
) {
    let palette = Palette::for_settings(&settings);
    for (ForesightMark(pos), mut node, mut border) in &mut marks {
        let (width, color) = match pos.scene_cell(&scene, &view).foresight {
            None => (4.0, Color::NONE),
            Some(super::ReplyEnd::From) => (4.0, palette.foresight),
            Some(super::ReplyEnd::To) => (9.0, palette.foresight),
        };
        let edge = UiRect::all(Val::Percent(width));
        if node.border != edge {
            node.border = edge;
        }
        border.set_all(color);
    }
}

/// File letters and rank digits of the real files and ranks, following the rotation; hidden when
/// coordinates are off.
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

/// Where `square` is drawn in the shown grid: (row, column) from the area's top-left, `None` when it
/// is not drawn as a square.
#[must_use]
pub fn shown_at(area: &BoardArea, square: gambit_rules::Square, rotated: bool) -> Option<(u8, u8)> {
    let (row, col) = view_position(square, rotated);
    area.is_square(row, col).then(|| (row - area.top, col - area.left))
}

/// A board screen (deployment, battles, the tutorial, the replay): the board on the left with the
/// typed command line under it when `command_line` (else the line's room, so the board stands in the
/// same place on every board screen) and under that the room of the modifiers' hover card, and on the
/// right a side panel that is a section of `V`.
pub fn spawn_board_screen<V: crate::ui::View>(
    commands: &mut Commands,
    screen: crate::screens::Screen,
    command_line: bool,
) {
    commands
        .spawn((Name::new(format!("{screen:?}")), DespawnOnExit(screen), board_screen_root()))
        .with_children(|root| {
            root.spawn(Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|col| {
                spawn_board(col);
                let width = Val::VMin(BOARD_VMIN + LABEL_VMIN);
                if command_line {
                    super::command_line::spawn(col, width);
                } else {
                    super::command_line::spawn_room(col, width);
                }
                // Under the board and its command line, the room of the modifiers' hover card: off
                // the board and off the panel's buttons, kept when no card shows.
                col.spawn((
                    Name::new("Hover card room"),
                    TipRoom,
                    Node { width, height: crate::ui::units(tip_room(1.0)), flex_shrink: 0.0, ..default() },
                ))
                .with_children(|room| {
                    room.spawn((
                        ModifierTip,
                        Text::new(""),
                        crate::ui::text_font(TIP_FONT),
                        TextColor(Color::WHITE),
                        BackgroundColor(Color::NONE),
                        Node {
                            display: Display::None,
                            width: Val::Percent(100.0),
                            margin: UiRect::top(crate::ui::units(TIP_GAP)),
                            padding: UiRect::axes(crate::ui::units(1.0), crate::ui::units(TIP_PAD)),
                            border_radius: BorderRadius::all(crate::ui::units(0.6)),
                            ..default()
                        },
                        Pickable::IGNORE,
                    ));
                });
            });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardScene, SceneCell};
    use gambit_rules::{Piece, Square};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A `width` x `height` battle board in the lower-left corner, cut corners, one hole, one wall.
    fn shaped(width: u8, height: u8) -> BoardScene {
        let mut scene = BoardScene::default();
        for square in Square::all() {
            let (f, r) = (square.file().index(), square.rank().index());
            let corner = (f == 0 || f == width - 1) && (r == 0 || r == height - 1);
            scene.cell_mut(square).blocked = f >= width || r >= height || corner;
        }
        scene.cell_mut(sq("c3")).blocked = true;
        scene.cell_mut(sq("a3")).blocked = true;
        let wall = scene.cell_mut(sq("d4"));
        (wall.blocked, wall.wall) = (true, true);
        scene
    }

    #[test]
    fn only_the_boards_own_shape_is_drawn_and_labelled() {
        let scene = shaped(6, 7);
        let area = BoardArea::of(&scene, false);
        // Ranks 1..7 are rows 7..1 from the top, files a..f columns 0..5.
        assert_eq!((area.top, area.rows, area.left, area.cols), (1, 7, 0, 6));
        assert_eq!(area.labelled_cols(), vec![0, 1, 2, 3, 4, 5], "files a to f only");
        assert_eq!(area.labelled_rows(), (1..8).collect::<Vec<u8>>(), "ranks 1 to 7 only");
        let at = |s: &str| crate::board::view_position(sq(s), false);
        let square = |s: &str| {
            let (r, c) = at(s);
            area.is_square(r, c)
        };
        assert!(!square("a1") && !square("f7") && !square("a7") && !square("f1"), "cut corners are open");
        assert!(square("c3") && square("a3"), "holes, on an edge or inside, are terrain");
        assert!(square("d4"), "a wall is terrain");
        assert!(!square("g1") && !square("a8"), "outside the shape");
        // A 6-wide, 7-high board spans the same size as an 8x8 one.
        assert!((area.cell_vmin() * 7.0 - BOARD_VMIN).abs() < 1e-4);
        // Rotated, the same files and ranks are labelled, on the other sides.
        let turned = BoardArea::of(&scene, true);
        assert_eq!((turned.top, turned.rows, turned.left, turned.cols), (0, 7, 2, 6));
        assert_eq!(shown_at(&turned, sq("b2"), true), Some((1, 4)));
    }

    #[test]
    fn a_standard_board_is_drawn_whole() {
        let area = BoardArea::of(&BoardScene::default(), false);
        assert_eq!((area.top, area.rows, area.left, area.cols), (0, 8, 0, 8));
        assert_eq!(area.labelled_cols().len(), 8);
        assert!((area.cell_vmin() - CELL_VMIN).abs() < 1e-4);
    }

    #[test]
    fn moves_get_dots_captures_get_rings_and_threats_are_flags() {
        let empty = SceneCell { target: true, ..SceneCell::default() };
        let occupied = SceneCell { piece: Some(Piece::new(gambit_rules::Color::Black, Role::Rook)), ..empty };
        assert_eq!(hint(&empty), Hint::Dot);
        assert_eq!(hint(&occupied), Hint::Ring);
        assert_eq!(hint(&SceneCell::default()), Hint::None);
        // A threat is not a move hint, and its tint differs from the last move's in both palettes.
        let threatened = SceneCell { threat: true, ..SceneCell::default() };
        assert_eq!(hint(&threatened), Hint::None);
        for palette in [crate::palette::STANDARD, crate::palette::COLOR_BLIND] {
            let last = SceneCell { last_move: true, ..SceneCell::default() };
            let a = square_colour(&threatened, true, &palette, true).to_srgba();
            let b = square_colour(&last, true, &palette, true).to_srgba();
            let distance = (a.red - b.red).abs() + (a.green - b.green).abs() + (a.blue - b.blue).abs();
            assert!(distance > 0.2, "threat and last move tints too close: {distance}");
            assert_eq!(square_colour(&threatened, true, &palette, false), palette.light, "overlay off");
        }
        // In the colour-blind palette they differ in lightness too, on both square colours: a
        // difference every colour-vision deficiency keeps (the hues alone can collapse).
        let luminance = |c: Color| {
            let l = c.to_linear();
            0.2126 * l.red + 0.7152 * l.green + 0.0722 * l.blue
        };
        let palette = crate::palette::COLOR_BLIND;
        for light in [true, false] {
            let last = SceneCell { last_move: true, ..SceneCell::default() };
            let a = luminance(square_colour(&threatened, light, &palette, true));
            let b = luminance(square_colour(&last, light, &palette, true));
            assert!(
                b - a > 0.15,
                "last move {b:.3} not clearly lighter than a threat {a:.3} (light: {light})"
            );
        }
    }

    #[test]
    fn a_frozen_square_keeps_its_ice_colour_under_the_last_move() {
        for palette in [crate::palette::STANDARD, crate::palette::COLOR_BLIND] {
            let frozen = SceneCell { frozen: Some(3), last_move: true, ..SceneCell::default() };
            for light in [true, false] {
                assert_eq!(square_colour(&frozen, light, &palette, false), palette.frozen);
            }
            // The last move still tints an ordinary square.
            let last = SceneCell { last_move: true, ..SceneCell::default() };
            assert_ne!(square_colour(&last, true, &palette, false), palette.light);
        }
    }

    #[test]
    fn marks_sit_outside_the_piece() {
        // HP in the strip under the piece (the modifier's icon has its own corner); the badge has no
        // target dot any more.
        let c = SceneCell { hp: Some((1, 3)), modifier: Some('P'), target: true, ..SceneCell::default() };
        assert_eq!(pips(&c), "\u{25CF}\u{25CB}\u{25CB}");
        assert!(badge(&c, &crate::palette::STANDARD).0.is_empty());
        for m in gambit_roguelite::Modifier::ALL {
            assert_ne!(modifier_icon(m.letter()), m.letter().to_string(), "{m:?} has an icon");
            let card = modifier_card(m.letter()).unwrap();
            assert!(card.contains(m.title()) && card.contains(m.description()), "{card}");
        }
        assert_eq!(modifier_card('?'), None);
    }
}
