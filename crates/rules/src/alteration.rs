//! Moves described as alterations (seed 004): a move is the pieces it takes off the board, the pieces
//! it puts on it, and the changes of state that removing and placing cannot express (castling rights,
//! the en passant square, the clocks, the side to move), each reversible on its own.
//!
//! The description is computed on demand ([`Position::alterations`]) for the layers that show or
//! replay a move piece by piece (a board view, a redo list); [`Position::play_unchecked`] and
//! [`Position::undo`] do not go through it (the crate README says why).

use arrayvec::ArrayVec;
use thiserror::Error;

use crate::mailbox::{self, EMPTY};
use crate::position::{CastlingRights, Position};
use crate::types::{Color, Piece, Square};
use crate::zobrist::KEYS;

/// One reversible edit of a position. A move is a [`Checkpoint`](Alteration::Checkpoint) followed by
/// the pieces it takes off the board, the pieces it puts on, and the state that changes
/// ([`Position::alterations`]). Each alteration names the state before and after, so its
/// [`inverse`](Alteration::inverse) needs no position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Alteration {
    /// Where a move (or any group of alterations) begins: taking alterations back down to a
    /// checkpoint takes back exactly one move.
    Checkpoint,
    /// `piece` leaves `square`, which holds it.
    Remove {
        /// The square it leaves.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// `piece` arrives on `square`, which is empty.
    Place {
        /// The square it arrives on.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// The castling rights change from `before` to `after`.
    Castling {
        /// The rights before.
        before: CastlingRights,
        /// The rights after.
        after: CastlingRights,
    },
    /// The en passant square changes (kept only while an en passant capture is legal, as in FEN).
    EnPassant {
        /// The square before.
        before: Option<Square>,
        /// The square after.
        after: Option<Square>,
    },
    /// The half-move clock (plies since the last capture or pawn move) changes.
    HalfmoveClock {
        /// The clock before, in plies.
        before: u32,
        /// The clock after, in plies.
        after: u32,
    },
    /// The full-move number changes (it grows after Black's move).
    FullmoveNumber {
        /// The number before.
        before: u32,
        /// The number after.
        after: u32,
    },
    /// The side to move changes.
    Turn {
        /// The side to move before.
        before: Color,
        /// The side to move after.
        after: Color,
    },
    /// An empty square becomes a blocked tile (`after` true) or a blocked tile an empty square
    /// ([`Position::set_blocked`]; a layer above the rules raises walls, no move does).
    Blocked {
        /// The square.
        square: Square,
        /// Whether it was blocked before.
        before: bool,
        /// Whether it is blocked after.
        after: bool,
    },
}

/// The alterations of one move: a checkpoint, at most four pieces removed or placed (castling), and
/// at most five changes of state.
pub type Alterations = ArrayVec<Alteration, 10>;

/// Why [`Position::apply`] refused an alteration; the position is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
pub enum AlterationError {
    /// A `Remove` named a piece the square does not hold.
    #[error("cannot remove {piece:?} from {square}: the square holds {found:?}")]
    NotThere {
        /// The square.
        square: Square,
        /// The piece the alteration names.
        piece: Piece,
        /// What the square holds (`None`: empty or blocked).
        found: Option<Piece>,
    },
    /// A `Place` named a square that is not empty (a piece or a blocked tile).
    #[error("cannot place a piece on {0}: it is not empty")]
    Occupied(Square),
    /// A change of state whose `before` is not the position's present state.
    #[error("the alteration {0:?} does not start from the position's state")]
    StateMismatch(Alteration),
}

impl Alteration {
    /// The alteration that undoes this one: `Remove` and `Place` swap, a change of state runs from
    /// `after` to `before`; a checkpoint stays a checkpoint. Applying a move's alterations and then
    /// their inverses in reverse order gives back the position (its board, state and key).
    #[must_use]
    pub const fn inverse(self) -> Alteration {
        match self {
            Alteration::Checkpoint => Alteration::Checkpoint,
            Alteration::Remove { square, piece } => Alteration::Place { square, piece },
            Alteration::Place { square, piece } => Alteration::Remove { square, piece },
            Alteration::Castling { before, after } => Alteration::Castling { before: after, after: before },
            Alteration::EnPassant { before, after } => Alteration::EnPassant { before: after, after: before },
            Alteration::HalfmoveClock { before, after } => {
                Alteration::HalfmoveClock { before: after, after: before }
            }
            Alteration::FullmoveNumber { before, after } => {
                Alteration::FullmoveNumber { before: after, after: before }
            }
            Alteration::Turn { before, after } => Alteration::Turn { before: after, after: before },
            Alteration::Blocked { square, before, after } => {
                Alteration::Blocked { square, before: after, after: before }
            }
        }
    }
}

impl Position {
    /// The move `m` (legal here, or at least pseudo-legal) described as alterations, in the order they
    /// can be applied: a [`Checkpoint`](Alteration::Checkpoint); the pieces taken off the board, a
    /// captured piece first (en passant: the pawn beside the target square); the pieces put on it;
    /// then the castling rights, the en passant square, the half-move clock, the full-move number and
    /// the side to move, each only when it changes. Every removal comes before every placement, so a
    /// Chess960 castling whose king lands on its rook's square is described right.
    ///
    /// Applying them ([`Position::apply`]) gives the position [`Position::play_unchecked`] gives (the
    /// same board, state and key). Computed on a copy of the position; the position is not changed.
    ///
    /// ```
    /// use gambit_rules::{Alteration, Color, Piece, Position, Role};
    /// let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 3 7").unwrap();
    /// let exd5 = pos.parse_san("exd5").unwrap();
    /// let steps = pos.alterations(exd5);
    /// let pawn = |color| Piece { color, role: Role::Pawn };
    /// let sq = |name: &str| name.parse().unwrap();
    /// assert_eq!(
    ///     steps.as_slice(),
    ///     [
    ///         Alteration::Checkpoint,
    ///         Alteration::Remove { square: sq("d5"), piece: pawn(Color::Black) },
    ///         Alteration::Remove { square: sq("e4"), piece: pawn(Color::White) },
    ///         Alteration::Place { square: sq("d5"), piece: pawn(Color::White) },
    ///         Alteration::HalfmoveClock { before: 3, after: 0 },
    ///         Alteration::Turn { before: Color::White, after: Color::Black },
    ///     ]
    /// );
    /// ```
    #[must_use]
    pub fn alterations(&self, m: crate::Move) -> Alterations {
        let mut after = self.copy_without_history();
        after.play_unchecked(m);
        let mut out = Alterations::new();
        out.push(Alteration::Checkpoint);
        self.changes_to(&after, |a| out.push(a));
        out
    }

    /// The alterations that turn this position into `after`, with no checkpoint, in the order of
    /// [`Position::alterations`]: the pieces taken off (those of the side not to move here first),
    /// the squares blocked or unblocked ([`Alteration::Blocked`], a1 first), the pieces put on, then
    /// the castling rights, en passant square, clocks and side to move that differ. For two positions
    /// of one game, or of one board edited by a layer above the rules (a teleport, a wall raised);
    /// what alterations cannot express is not described: the rule set, the Chess960 mode and which
    /// rooks castle must be the same in both.
    #[must_use]
    pub fn alterations_to(&self, after: &Position) -> Vec<Alteration> {
        let mut out = Vec::new();
        self.changes_to(after, |a| out.push(a));
        out
    }

    fn changes_to(&self, after: &Position, mut push: impl FnMut(Alteration)) {
        let mover = self.turn;
        let squares = || (0..64).filter_map(Square::new);
        for side in [!mover, mover] {
            for square in squares() {
                if let Some(piece) = self.piece_at(square)
                    && piece.color == side
                    && after.piece_at(square) != Some(piece)
                {
                    push(Alteration::Remove { square, piece });
                }
            }
        }
        for square in squares() {
            let (before, now) = (self.is_blocked(square), after.is_blocked(square));
            if before != now {
                push(Alteration::Blocked { square, before, after: now });
            }
        }
        for square in squares() {
            if let Some(piece) = after.piece_at(square)
                && self.piece_at(square) != Some(piece)
            {
                push(Alteration::Place { square, piece });
            }
        }
        let (before_rights, after_rights) = (self.castling_rights(), after.castling_rights());
        if before_rights != after_rights {
            push(Alteration::Castling { before: before_rights, after: after_rights });
        }
        if self.ep_square() != after.ep_square() {
            push(Alteration::EnPassant { before: self.ep_square(), after: after.ep_square() });
        }
        if self.halfmove_clock() != after.halfmove_clock() {
            push(Alteration::HalfmoveClock { before: self.halfmove_clock(), after: after.halfmove_clock() });
        }
        if self.fullmove_number() != after.fullmove_number() {
            push(Alteration::FullmoveNumber {
                before: self.fullmove_number(),
                after: after.fullmove_number(),
            });
        }
        if mover != after.turn {
            push(Alteration::Turn { before: mover, after: after.turn });
        }
    }

    /// Applies one alteration, keeping the piece lists, bitboards and Zobrist key exact. A checkpoint
    /// changes nothing. Unlike the board edits ([`Position::put_piece`] and the like), it neither
    /// drops castling rights nor the en passant square (they are alterations of their own), and it
    /// leaves the move history alone: a position moved on by alterations is not taken back by
    /// [`Position::undo`] (apply the inverses instead). A piece removed and placed back may come back
    /// at another place in its side's piece list, so [`Position::legal_moves`] may list the same
    /// moves in another order.
    ///
    /// # Errors
    /// [`AlterationError::NotThere`] when a `Remove` names a piece the square does not hold,
    /// [`AlterationError::Occupied`] when a `Place` names a square that is not empty,
    /// [`AlterationError::StateMismatch`] when a change of state does not start from the present
    /// state. The position is unchanged on error.
    pub fn apply(&mut self, alteration: Alteration) -> Result<(), AlterationError> {
        let mismatch = Err(AlterationError::StateMismatch(alteration));
        match alteration {
            Alteration::Checkpoint => {}
            Alteration::Remove { square, piece } => {
                let found = self.piece_at(square);
                if found != Some(piece) {
                    return Err(AlterationError::NotThere { square, piece, found });
                }
                self.remove_code(square.cell());
            }
            Alteration::Place { square, piece } => {
                if self.board[square.cell()] != EMPTY {
                    return Err(AlterationError::Occupied(square));
                }
                self.add_code(square.cell(), mailbox::piece_code(piece.color, piece.role));
            }
            Alteration::Castling { before, after } => {
                if self.castling_rights() != before {
                    return mismatch;
                }
                self.set_castling(after);
            }
            Alteration::EnPassant { before, after } => {
                if self.ep_square() != before {
                    return mismatch;
                }
                self.set_ep(after);
            }
            Alteration::HalfmoveClock { before, after } => {
                if self.halfmove_clock() != before {
                    return mismatch;
                }
                self.st.halfmove_clock = after;
            }
            Alteration::FullmoveNumber { before, after } => {
                if self.fullmove_number() != before {
                    return mismatch;
                }
                self.fullmove_number = after;
            }
            Alteration::Turn { before, after } => {
                if self.turn != before {
                    return mismatch;
                }
                if after != before {
                    self.st.key ^= KEYS.black_to_move;
                    self.turn = after;
                }
            }
            Alteration::Blocked { square, before, after } => {
                if self.is_blocked(square) != before || self.piece_at(square).is_some() {
                    return mismatch;
                }
                self.toggle_blocked(square.cell(), after);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;

    /// Positions with every kind of move: castling both ways (Chess960 with the king landing on its
    /// rook's square included), en passant, promotions with and without capture, checks, and a
    /// skirmish board (capturable kings, blocked tiles).
    const FENS: [&str; 8] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        // Chess960: the kings on f1 and f8 with rooks on g1 and g8 (castling king-side swaps them)
        // and on b1 and b8.
        "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1",
        "********/*rnbkbn*/*pppppp*/*6*/*6*/*PPPPPP*/*RNBKBN*/******** w - - 0 1",
    ];

    fn position(fen: &str) -> Position {
        if fen.contains('*') {
            Position::from_fen_with(fen, RuleSet::Skirmish(crate::PromotionPolicy::default())).unwrap()
        } else if fen.contains("GBgb") {
            Position::from_chess960_fen(fen).unwrap()
        } else {
            Position::from_fen(fen).unwrap()
        }
    }

    /// Every legal move, three plies deep from each position: its alterations applied give the
    /// position `play_unchecked` gives (board, state and key), and their inverses in reverse order
    /// give back the position; every removal comes before every placement and starts at the
    /// checkpoint.
    #[test]
    fn alterations_replay_every_move_and_their_inverses_take_it_back() {
        fn walk(pos: &mut Position, depth: u32, checked: &mut usize) {
            for m in pos.legal_moves() {
                let steps = pos.alterations(m);
                assert_eq!(steps[0], Alteration::Checkpoint);
                let first_place = steps.iter().position(|a| matches!(a, Alteration::Place { .. }));
                let last_remove = steps.iter().rposition(|a| matches!(a, Alteration::Remove { .. }));
                assert!(last_remove < first_place, "{} {m}: {steps:?}", pos.to_fen());
                let mut altered = pos.clone();
                for &a in &steps {
                    altered.apply(a).unwrap_or_else(|e| panic!("{} {m}: {e}", pos.to_fen()));
                }
                let before = pos.clone();
                pos.play_unchecked(m);
                assert_eq!(altered, *pos, "{} {m}: {steps:?}", before.to_fen());
                assert_eq!(altered.key(), pos.key(), "{} {m}", before.to_fen());
                assert_eq!(altered.key(), altered.compute_key(), "{} {m}", before.to_fen());
                for &a in steps.iter().rev() {
                    altered.apply(a.inverse()).unwrap();
                }
                assert_eq!(altered, before, "{} {m}: taken back", before.to_fen());
                assert_eq!(altered.key(), before.key(), "{} {m}", before.to_fen());
                *checked += 1;
                if depth > 1 {
                    walk(pos, depth - 1, checked);
                }
                pos.undo();
            }
        }
        let mut checked = 0;
        for fen in FENS {
            walk(&mut position(fen), 3, &mut checked);
        }
        assert!(checked > 50_000, "only {checked} moves checked");
    }

    #[test]
    fn chess960_castling_onto_the_rooks_square() {
        let pos = position(FENS[6]);
        let castle = pos.legal_moves().into_iter().find(|m| m.kind == crate::MoveKind::CastleKingSide);
        let castle = castle.expect("king-side castling: the king from f1 to g1, the rook from g1 to f1");
        let steps = pos.alterations(castle);
        let names: Vec<String> = steps
            .iter()
            .filter_map(|a| match a {
                Alteration::Remove { square, .. } => Some(format!("-{square}")),
                Alteration::Place { square, .. } => Some(format!("+{square}")),
                _ => None,
            })
            .collect();
        // Both pieces leave before either arrives (the king lands where its rook stood, the rook where
        // the king stood).
        assert_eq!(names, ["-f1", "-g1", "+f1", "+g1"]);
        let mut altered = pos.clone();
        for &a in &steps {
            altered.apply(a).unwrap();
        }
        assert_eq!(altered.piece_at("g1".parse().unwrap()).map(|p| p.role), Some(crate::Role::King));
        assert_eq!(altered.piece_at("f1".parse().unwrap()).map(|p| p.role), Some(crate::Role::Rook));
    }

    /// A wall raised where a piece was taken (a layer above the rules does it): the piece leaves, the
    /// square is blocked, and the inverses give back the position; blocking a held square is refused.
    #[test]
    fn a_raised_wall_is_described_and_taken_back() {
        let before = position(FENS[7]);
        let c3: Square = "c3".parse().unwrap();
        let d7: Square = "d7".parse().unwrap();
        let mut after = before.clone();
        after.remove_piece(c3);
        after.set_blocked(c3, true).unwrap();
        let steps = before.alterations_to(&after);
        let pawn = Piece { color: Color::White, role: crate::Role::Pawn };
        assert_eq!(
            steps,
            [
                Alteration::Remove { square: c3, piece: pawn },
                Alteration::Blocked { square: c3, before: false, after: true },
            ]
        );
        let mut altered = before.clone();
        for &a in &steps {
            altered.apply(a).unwrap();
        }
        assert!(altered.is_blocked(c3));
        assert_eq!(altered.key(), after.key());
        assert_eq!(altered.key(), altered.compute_key());
        for &a in steps.iter().rev() {
            altered.apply(a.inverse()).unwrap();
        }
        assert_eq!(altered, before);
        let wall = Alteration::Blocked { square: d7, before: false, after: true };
        assert_eq!(altered.apply(wall), Err(AlterationError::StateMismatch(wall)));
        assert_eq!(altered, before);
    }

    #[test]
    fn a_wrong_alteration_is_refused_and_changes_nothing() {
        let mut pos = Position::startpos();
        let before = pos.clone();
        let e4: Square = "e4".parse().unwrap();
        let e2: Square = "e2".parse().unwrap();
        let pawn = Piece { color: Color::White, role: crate::Role::Pawn };
        let knight = Piece { color: Color::White, role: crate::Role::Knight };
        assert_eq!(
            pos.apply(Alteration::Remove { square: e4, piece: pawn }),
            Err(AlterationError::NotThere { square: e4, piece: pawn, found: None })
        );
        assert_eq!(
            pos.apply(Alteration::Remove { square: e2, piece: knight }),
            Err(AlterationError::NotThere { square: e2, piece: knight, found: Some(pawn) })
        );
        assert_eq!(
            pos.apply(Alteration::Place { square: e2, piece: pawn }),
            Err(AlterationError::Occupied(e2))
        );
        let turn = Alteration::Turn { before: Color::Black, after: Color::White };
        assert_eq!(pos.apply(turn), Err(AlterationError::StateMismatch(turn)));
        assert_eq!(pos, before);
        assert_eq!(pos.key(), before.key());
    }
}
