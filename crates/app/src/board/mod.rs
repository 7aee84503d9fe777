//! The board: one input message for every way a player acts on it ([`BoardInput`]), the screen mapping
//! of squares, the scene a screen fills ([`BoardScene`]), and the widget that shows it: [`view`] (the
//! cells, one small system per cell part), [`art`] (the pieces' pictures), [`input`] (pointer
//! observers, keyboard cursor), [`slide`] (the move animation), [`anim`] (captures, teleports, freezes,
//! damage, poison clouds) and [`command_line`] (the typed command line under the board).
//!
//! A board screen spawns the widget ([`view::spawn_board`]) and fills the scene in
//! [`BoardSystems::Scene`]; this plugin draws it in [`BoardSystems::Draw`] and runs the cursor and the
//! command line on every board screen.

pub mod anim;
pub mod art;
pub mod command_line;
pub mod input;
pub mod marks;
pub mod preview;
pub mod slide;
pub mod view;

use bevy::prelude::*;
use gambit_rules::{Position, Role, Square};
use gambit_skills::Skill;

/// Everything a player can do to the board. Picking, the keyboard, the command line and the headless
/// tests all send this one message, so tests drive the game through the same path as a player.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// A square was pressed (a click, the start of a drag, or Enter on the keyboard cursor).
    Pressed(Square),
    /// A dragged piece was dropped.
    Dropped {
        /// Where the drag started.
        from: Square,
        /// Where it was dropped.
        to: Square,
    },
    /// A typed command: in skill chess a move in SAN or UCI, `tp e4e7`, `fz e7`; in a battle the
    /// library's grammar (`Battle::parse_action`: `b2b3`, `tp b2e5`, `fz e5`, `use 1 e5`, `skip`).
    Command(String),
    /// Enter a skill's targeting mode.
    Cast(Skill),
    /// Choose the piece of a pending promotion.
    Promote(Role),
    /// Leave the targeting mode, selection or promotion choice.
    Cancel,
    /// Take back the player's last turn and the engine's reply.
    Undo,
}

/// What the next board press means, in skill chess and in battles alike.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Targeting {
    /// Ordinary moves: select a piece, then a destination.
    #[default]
    Move,
    /// Teleport: pick the piece to relocate.
    TeleportPiece,
    /// Teleport: pick where the piece on the square goes.
    TeleportTarget(Square),
    /// Freeze: pick the square.
    Freeze,
    /// A battle's consumable in pack slot `n` (0-based) that needs a target: pick the piece.
    Use(u8),
}

impl Targeting {
    /// The targeting mode a skill starts.
    #[must_use]
    pub fn for_skill(skill: Skill) -> Targeting {
        match skill {
            Skill::Teleport => Targeting::TeleportPiece,
            Skill::Freeze => Targeting::Freeze,
        }
    }
}

/// The board's screen mapping: row 0 is the top row on screen, column 0 the left column. Unrotated,
/// White is at the bottom (a8 top-left); rotated 180 degrees, h1 is top-left. Every screen position
/// goes through this one function and its inverse.
#[must_use]
pub fn square_at(row: u8, col: u8, rotated: bool) -> Square {
    let index = (7 - row) * 8 + col;
    let square = Square::new(index).expect("row and column are 0..8");
    if rotated { square.rotate_180() } else { square }
}

/// The inverse of [`square_at`]: the (row, column) where `square` is drawn.
#[must_use]
pub fn view_position(square: Square, rotated: bool) -> (u8, u8) {
    let s = if rotated { square.rotate_180() } else { square };
    (7 - s.rank().index(), s.file().index())
}

/// What one square shows. Filled by the active screen, drawn by the [`view`] systems.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SceneCell {
    /// The piece on the square.
    pub piece: Option<gambit_rules::Piece>,
    /// A blocked tile (hole, cut corner or wall).
    pub blocked: bool,
    /// The blocked tile is a raised wall (drawn as masonry, not as a hole).
    pub wall: bool,
    /// Remaining freeze ticks.
    pub frozen: Option<u32>,
    /// Remaining poison exposures of the side to move's opponent... shown as a number (ticks).
    pub poison: Option<u8>,
    /// The selected piece's square.
    pub selected: bool,
    /// A legal destination or valid skill target.
    pub target: bool,
    /// Threatened by the opponent (drawn only with the threat overlay on).
    pub threat: bool,
    /// The checked king.
    pub check: bool,
    /// Part of the last move.
    pub last_move: bool,
    /// Hit points (current, maximum) of the unit here.
    pub hp: Option<(u8, u8)>,
    /// The unit's modifier as one letter.
    pub modifier: Option<char>,
    /// The modifier is spent: an Armored unit whose armour broke (drawn hollow, and its hover card
    /// says so).
    pub modifier_spent: bool,
    /// A capture objective (drawn with a gold ring).
    pub objective: bool,
    /// An end of the opponent's expected reply in the foresight preview
    /// ([`crate::game::foresight`]), drawn as a rounded frame.
    pub foresight: Option<ReplyEnd>,
}

/// Which end of the foresight preview's reply a square is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReplyEnd {
    /// Where the replying piece leaves (a thin frame).
    From,
    /// Where it arrives, or the square a skill targets (a thick frame).
    To,
}

pub use crate::run::Travel;

/// The whole board as shown: 64 cells indexed by [`Square::index`], the last move (highlighted) and
/// the journeys of the change shown (animated once).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct BoardScene {
    /// The cells, a1 = 0 ... h8 = 63.
    pub cells: [SceneCell; 64],
    /// The last move, highlighted (and animated when [`BoardScene::travels`] is empty).
    pub last_move: Option<(Square, Square)>,
    /// Every journey of the change this scene shows, in order: in a battle the player's action and
    /// the enemy's reply arrive as one change, and each of them is animated. Empty when only the last
    /// move is known (skill chess, the replay): then it is animated alone, and taken for a teleport
    /// when its piece could not have walked it ([`anim::travels`]).
    pub travels: Vec<Travel>,
}

impl Default for BoardScene {
    fn default() -> Self {
        BoardScene { cells: [SceneCell::default(); 64], last_move: None, travels: Vec::new() }
    }
}

impl BoardScene {
    /// The cell of a square.
    pub fn cell_mut(&mut self, square: Square) -> &mut SceneCell {
        &mut self.cells[square.index() as usize]
    }

    /// The pieces, blocked tiles and check of a position and the given threatened squares (from
    /// `gambit_skills`' one definition); the rest left default.
    #[must_use]
    pub fn from_position(position: &Position, threats: &[Square]) -> BoardScene {
        let mut scene = BoardScene::default();
        for square in Square::all() {
            let cell = scene.cell_mut(square);
            cell.piece = position.piece_at(square);
            cell.blocked = position.is_blocked(square);
        }
        for &square in threats {
            scene.cell_mut(square).threat = true;
        }
        if position.is_check()
            && let Some(king) = position.king_square(position.turn())
        {
            scene.cell_mut(king).check = true;
        }
        scene
    }

    /// Marks the foresight preview's reply: its from and to squares (one square, the `To` end, when
    /// they are the same, as for a Freeze).
    pub fn set_foresight(&mut self, reply: Option<(Square, Square)>) {
        if let Some((from, to)) = reply {
            self.cell_mut(from).foresight = Some(ReplyEnd::From);
            self.cell_mut(to).foresight = Some(ReplyEnd::To);
        }
    }

    /// Marks the last move.
    pub fn set_last_move(&mut self, last: Option<(Square, Square)>) {
        self.last_move = last;
        if let Some((a, b)) = last {
            self.cell_mut(a).last_move = true;
            self.cell_mut(b).last_move = true;
        }
    }
}

/// The square under the pointer (or the keyboard cursor): tooltips read it.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Hovered(pub Option<Square>);

/// A screen or menu change forgets the hovered square: the cell under the pointer was despawned (or
/// covered) without a pointer-out, so its highlight and the battle's piece card stayed when the player
/// came back to a board. The pointer's next move over a cell hovers it again.
fn forget_hover(mut hovered: ResMut<Hovered>, mut under: ResMut<input::PointerSquare>) {
    if hovered.0.is_some() {
        hovered.0 = None;
    }
    if under.0.is_some() {
        under.0 = None;
    }
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

impl BoardViewState {
    /// The view of a freshly entered board screen: the given rotation, no cursor, `last` taken as
    /// already animated.
    pub fn reset(&mut self, rotated: bool, last: Option<(Square, Square)>) {
        *self = BoardViewState { rotated, cursor: None, animated: last };
    }
}

/// The order of the board's work inside [`crate::AppSystems::Present`].
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardSystems {
    /// The active screen rebuilds the [`BoardScene`] from its model.
    Scene,
    /// The cells are drawn from the scene, and the last move slides.
    Draw,
}

/// Whether the board takes the keys: a board screen, no menu open, the command line closed.
fn board_has_keys(
    screen: Res<State<crate::screens::Screen>>,
    menu: Res<State<crate::menus::Menu>>,
    line: Res<command_line::CommandLine>,
) -> bool {
    screen.get().has_board() && *menu.get() == crate::menus::Menu::None && !line.active
}

pub(crate) fn plugin(app: &mut App) {
    use crate::AppSystems;
    app.add_message::<BoardInput>();
    app.init_resource::<Hovered>();
    app.init_resource::<input::PointerSquare>();
    app.init_resource::<BoardScene>();
    app.init_resource::<BoardViewState>();
    app.init_resource::<command_line::CommandLine>();
    app.init_resource::<view::BoardLayout>();
    app.init_resource::<anim::SeenScene>();
    app.add_systems(Startup, art::setup_images);
    app.add_systems(Update, preview::paint.in_set(AppSystems::Present));
    app.configure_sets(Update, (BoardSystems::Scene, BoardSystems::Draw).chain().in_set(AppSystems::Present));
    app.add_systems(Update, input::keyboard_cursor.run_if(board_has_keys).in_set(AppSystems::Input));
    app.add_systems(Update, input::hover_when_aimed.in_set(AppSystems::Input));
    app.add_systems(
        Update,
        forget_hover
            .run_if(state_changed::<crate::screens::Screen>.or_eager(state_changed::<crate::menus::Menu>))
            .in_set(AppSystems::Input),
    );
    app.add_systems(
        Update,
        (
            view::layout_board,
            view::draw_modifier_tip,
            (
                view::paint_squares,
                view::draw_pieces,
                view::draw_hints,
                view::draw_badges,
                view::draw_threat_marks,
                view::draw_foresight,
                view::draw_pips,
                view::draw_modifier_marks,
                view::draw_coordinates,
            )
                .run_if(view::board_changed),
            (
                slide::start_slide,
                slide::slide,
                anim::start_effects,
                anim::play_effects,
                anim::appear,
                anim::drift_clouds,
                anim::finale,
                anim::play_finale,
            )
                .chain(),
        )
            .chain()
            .in_set(BoardSystems::Draw)
            .run_if(any_with_component::<view::BoardRoot>),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_mapping_round_trips_through_the_square_type() {
        for rotated in [false, true] {
            for row in 0..8 {
                for col in 0..8 {
                    let sq = square_at(row, col, rotated);
                    assert_eq!(view_position(sq, rotated), (row, col));
                }
            }
        }
        assert_eq!(square_at(0, 0, false).to_string(), "a8");
        assert_eq!(square_at(7, 0, false).to_string(), "a1");
        assert_eq!(square_at(0, 0, true).to_string(), "h1");
        assert_eq!(square_at(7, 7, true).to_string(), "a8");
    }
}
