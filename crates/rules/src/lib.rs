#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod fen;
mod mailbox;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod position;
mod render;
mod rules;
mod types;
mod zobrist;

pub use fen::{FenError, ParseFenError, Setup, SetupCell};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use notation::{ParseSanError, ParseUciError};
pub use outcome::{DrawReason, Outcome};
pub use perft::{divide, par_divide, par_perft, perft, perft_in_place};
pub use position::{CastlingRights, IllegalMoveError, Position, PositionError, STARTING_FEN};
pub use rules::{PromotionPolicy, RuleSet};
pub use types::{Color, File, ParseSquareError, Piece, Rank, Role, Square};
