#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod alteration;
mod by_color;
mod castling;
mod fen;
mod king_safety;
mod mailbox;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod pgn;
mod position;
mod render;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
mod square_set;
mod types;
mod zobrist;

pub use alteration::{Alteration, AlterationError, Alterations};
pub use by_color::ByColor;
pub use castling::Chess960NumberError;
pub use fen::{CastlingNotation, FenError, ParseFenError, Setup, SetupCell};
pub use king_safety::{KingSafety, Pin};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use notation::{ParseSanError, ParseUciError};
pub use outcome::{DeadMaterial, DrawReason, Outcome};
pub use perft::{divide, perft, perft_in_place};
#[cfg(feature = "rayon")]
pub use perft::{par_divide, par_perft};
pub use pgn::{
    PgnEncoding, PgnError, PgnErrorKind, PgnGame, PgnLine, PgnMove, PgnReader, PgnResult, PgnWriter,
    Variations, decode_pgn, is_chess960_variant, read_pgn, read_pgn_bytes,
};
pub use position::{CastlingRights, IllegalMoveError, Position, PositionError, STARTING_FEN};
pub use render::{Glyph, GlyphSet, Highlight, Hp, RenderCell, RenderOptions, Shade, Style};
pub use rules::{PromotionPolicy, RuleSet};
pub use square_set::{SquareSet, SquareSetIter};
pub use types::{Color, File, ParseColorError, ParseRoleError, ParseSquareError, Piece, Rank, Role, Square};
pub use zobrist::splitmix64;
