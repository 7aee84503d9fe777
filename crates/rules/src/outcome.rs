//! Game end: checkmate, stalemate, insufficient material and the draw rules.
//!
//! Source: FIDE Laws of Chess (2023), articles 5 (completion of the game), 9.2 (threefold repetition
//! claim), 9.3 (fifty-move claim) and 9.6 (fivefold repetition and the 75-move rule, automatic).

use std::fmt;

use crate::position::Position;
use crate::types::{Color, Role};

/// Why a game is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate (a dead position: only kings and minor pieces of the kinds
    /// below). Automatic.
    InsufficientMaterial,
    /// The same position occurred for the fifth time. Automatic.
    FivefoldRepetition,
    /// 75 moves by each side (150 plies) without a capture or pawn move. Automatic.
    SeventyFiveMoveRule,
    /// The same position occurred for the third time. A player may claim it.
    ThreefoldRepetition,
    /// 50 moves by each side (100 plies) without a capture or pawn move. A player may claim it.
    FiftyMoveRule,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::FivefoldRepetition => "fivefold repetition",
            DrawReason::SeventyFiveMoveRule => "75-move rule",
            DrawReason::ThreefoldRepetition => "threefold repetition",
            DrawReason::FiftyMoveRule => "fifty-move rule",
        })
    }
}

/// Which material alone makes a position dead (an automatic draw by insufficient material), for
/// [`Position::automatic_draw_with`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum DeadMaterial {
    /// The FIDE cases of [`Position::is_insufficient_material`]: king against king, a lone knight or
    /// bishop against a bare king, or bishops all on one colour of square.
    #[default]
    Fide,
    /// Only the two bare kings: for variants where a lone minor piece can still mate (skill chess,
    /// where a Freeze can hold the enemy king's escape squares).
    BareKings,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that delivered mate.
        winner: Color,
    },
    /// A draw, with its reason.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if the game was won.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn result_string(self) -> &'static str {
        match self {
            Outcome::Checkmate { winner: Color::White } => "1-0",
            Outcome::Checkmate { winner: Color::Black } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {winner} wins"),
            Outcome::Draw(reason) => write!(f, "draw by {reason}"),
        }
    }
}

impl Position {
    /// The outcome if the game is over by rule: checkmate, stalemate, insufficient material, fivefold
    /// repetition or the 75-move rule (checkmate takes precedence). Draws that must be claimed are in
    /// [`Position::claimable_draw`].
    ///
    /// Under skirmish rules there is no check: a side with no legal move is reported as stalemate, and
    /// objectives such as capturing a king belong to the layer above.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                Outcome::Checkmate { winner: !self.turn() }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        self.automatic_draw().map(Outcome::Draw)
    }

    /// The draw the rules impose now, without a claim, other than stalemate: insufficient material
    /// ([`DeadMaterial::Fide`]), fivefold repetition, the 75-move rule (150 plies), in that order.
    /// Standard rules only (`None` under skirmish rules). [`Position::outcome`] is "no legal move:
    /// checkmate or stalemate", else this.
    ///
    /// ```
    /// use gambit_rules::{DrawReason, Position};
    /// let pos = Position::from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1").unwrap();
    /// assert_eq!(pos.automatic_draw(), Some(DrawReason::InsufficientMaterial));
    /// assert_eq!(Position::startpos().automatic_draw(), None);
    /// ```
    #[must_use]
    pub fn automatic_draw(&self) -> Option<DrawReason> {
        self.automatic_draw_with(DeadMaterial::Fide)
    }

    /// [`Position::automatic_draw`] with another definition of dead material, for variants built on
    /// these rules (skill chess uses [`DeadMaterial::BareKings`]). Never looks at the legal moves, so
    /// a layer with its own moves (skills) decides checkmate and stalemate itself and asks this for the
    /// rest.
    #[must_use]
    pub fn automatic_draw_with(&self, material: DeadMaterial) -> Option<DrawReason> {
        if !self.rules().is_standard() {
            return None;
        }
        let dead = match material {
            DeadMaterial::Fide => self.is_insufficient_material(),
            DeadMaterial::BareKings => {
                self.pieces(Color::White).count() == 1 && self.pieces(Color::Black).count() == 1
            }
        };
        if dead {
            return Some(DrawReason::InsufficientMaterial);
        }
        if self.repetitions() >= 4 {
            return Some(DrawReason::FivefoldRepetition);
        }
        if self.halfmove_clock() >= 150 {
            return Some(DrawReason::SeventyFiveMoveRule);
        }
        None
    }

    /// A draw the side to move may claim now: threefold repetition (counted over the key history since
    /// the last irreversible move) or the fifty-move rule (100 plies).
    #[must_use]
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if !self.rules().is_standard() {
            return None;
        }
        if self.repetitions() >= 2 {
            Some(DrawReason::ThreefoldRepetition)
        } else if self.halfmove_clock() >= 100 && !self.legal_moves().is_empty() {
            Some(DrawReason::FiftyMoveRule)
        } else {
            None
        }
    }

    /// Whether no sequence of legal moves can end in checkmate because of the material alone: king
    /// against king, a single knight or bishop against a bare king, or any number of bishops all on
    /// squares of one colour.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        let mut minors = 0;
        let mut knights = 0;
        let mut light_bishops = 0;
        let mut dark_bishops = 0;
        for color in Color::ALL {
            for (sq, piece) in self.pieces(color) {
                match piece.role {
                    Role::King => {}
                    Role::Knight => {
                        minors += 1;
                        knights += 1;
                    }
                    Role::Bishop => {
                        minors += 1;
                        if sq.is_light() {
                            light_bishops += 1;
                        } else {
                            dark_bishops += 1;
                        }
                    }
                    _ => return false,
                }
            }
        }
        minors <= 1 || (knights == 0 && (light_bishops == 0 || dark_bishops == 0))
    }
}
