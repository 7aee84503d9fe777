//! The same work done by Gambit and by its peers, the `chess` crate (3.2) and cozy-chess (0.3), for
//! the like-for-like benchmarks of `benches/like_for_like.rs` (issue 43, docs/performance.md).
//!
//! Three operations, each defined so that every side does the same job:
//! * **plain perft**: every interior node is made and taken back (Gambit: the search's
//!   [`Position::play_unchecked`]/[`Position::undo`]; the peers: copy-make, which is how they play
//!   moves), the last ply is counted without materialising its moves
//!   ([`Position::count_legal_moves`], `chess::MoveGen::len`, cozy-chess's `PieceMoves::len`); no
//!   sharing between sibling positions and no table or cache that outlives one call;
//! * **legal list**: every legal move of one position is materialised and folded into a checksum
//!   that does not depend on the order of the moves, so the three sides' checksums are equal
//!   ([`gambit_list_checksum`] and its peers); castling is counted as the king's two-square move on
//!   every side (cozy-chess writes it as king-takes-rook);
//! * **make + unmake**: every legal move of a position is made, the child's Zobrist key is read, and
//!   the move is taken back (Gambit) or the child dropped (the peers, copy-make).
//!
//! What each side maintains per make: Gambit the 10x12 mailbox and its copies in file, diagonal and
//! anti-diagonal order (a byte per cell, read by slider rays eight cells at a time), both piece
//! lists and their slot index, a bitboard per piece, the kings' cells, the Zobrist key, castling rights, the en passant
//! square (only when a capture there is legal), both clocks and a 32-byte undo record in the history
//! (which also answers repetition questions); the `chess` crate its bitboards, key, castling rights,
//! en passant square, checkers and pinned pieces (no clocks, no history); cozy-chess its bitboards,
//! key, castling rights, en passant file, checkers, pinned pieces and both clocks (no history).

use std::str::FromStr;

use gambit_rules::{MoveKind, MoveList, Position};

/// The positions of the `legal_list/games` group: every 5th ply from 10 to 60 of the 120 games in
/// `crates/rules/tests/data/gambit-vs-stockfish.pgn` (1,288 FENs, written by the example
/// `legal_list_positions` and committed before any speed work).
pub const GAME_POSITIONS: &str = include_str!("../data/legal-list.fen");

/// The FENs of [`GAME_POSITIONS`], one per non-empty line.
#[must_use]
pub fn game_fens() -> Vec<&'static str> {
    GAME_POSITIONS.lines().filter(|l| !l.trim().is_empty()).collect()
}

/// One move folded into an order-independent checksum: squares as 0 (a1) to 63 (h8), the promotion
/// as 0 (none) or 1-4 (knight, bishop, rook, queen: the role's index in all three libraries, read
/// the same way on every side).
#[inline(always)]
fn move_hash(from: u8, to: u8, promotion: u8) -> u64 {
    let x = (u64::from(from) << 9 | u64::from(to) << 3 | u64::from(promotion)).wrapping_add(1);
    // A multiply and a xor-shift spread the bits, so that different sets rarely sum alike.
    let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 29)
}

/// Perft through Gambit's public API: a [`MoveList`] per interior node, every move made with
/// [`Position::play_unchecked`] and taken back with [`Position::undo`], the last ply counted by
/// [`Position::count_legal_moves`]. The position is restored.
pub fn gambit_plain_perft(pos: &mut Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { pos.count_legal_moves() as u64 };
    }
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    let mut nodes = 0;
    for &m in &moves {
        pos.play_unchecked(m);
        nodes += gambit_plain_perft(pos, depth - 1);
        pos.undo();
    }
    nodes
}

/// The `chess` crate's own perft (`MoveGen::movegen_perft_test`: copy-make, the last ply counted by
/// `MoveGen::len`).
#[must_use]
pub fn chess_plain_perft(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    chess::MoveGen::movegen_perft_test(board, depth as usize) as u64
}

/// Perft with cozy-chess: copy-make (`clone` then `play_unchecked`), the last ply counted by
/// `PieceMoves::len`.
#[must_use]
pub fn cozy_plain_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0u64;
    if depth <= 1 {
        if depth == 0 {
            return 1;
        }
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for m in moves {
            let mut child = board.clone();
            child.play_unchecked(m);
            nodes += cozy_plain_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// The number of legal moves of `pos` and their order-independent checksum, from a materialised
/// [`MoveList`].
#[must_use]
pub fn gambit_list_checksum(pos: &Position, moves: &mut MoveList) -> (usize, u64) {
    pos.legal_moves_into(moves);
    let mut sum = 0u64;
    for m in moves.iter() {
        sum = sum.wrapping_add(move_hash(m.from.index(), m.to.index(), m.promotion.map_or(0, |r| r as u8)));
    }
    (moves.len(), sum)
}

/// [`gambit_list_checksum`] with the `chess` crate: every move of `MoveGen::new_legal` read.
#[must_use]
pub fn chess_list_checksum(board: &chess::Board) -> (usize, u64) {
    let (mut n, mut sum) = (0, 0u64);
    for m in chess::MoveGen::new_legal(board) {
        let promotion = m.get_promotion().map_or(0, |p| p.to_index() as u8);
        sum = sum.wrapping_add(move_hash(m.get_source().to_int(), m.get_dest().to_int(), promotion));
        n += 1;
    }
    (n, sum)
}

/// [`gambit_list_checksum`] with cozy-chess: every move of `generate_moves` read, castling
/// (king-takes-rook there) counted as the king's two-square move.
#[must_use]
pub fn cozy_list_checksum(board: &cozy_chess::Board) -> (usize, u64) {
    let (mut n, mut sum) = (0, 0u64);
    let ours = board.colors(board.side_to_move());
    board.generate_moves(|moves| {
        let castles = moves.piece == cozy_chess::Piece::King;
        for m in moves {
            let mut to = m.to;
            if castles && ours.has(m.to) {
                let file =
                    if m.to.file() > m.from.file() { cozy_chess::File::G } else { cozy_chess::File::C };
                to = cozy_chess::Square::new(file, m.from.rank());
            }
            let promotion = m.promotion.map_or(0, |p| p as u8);
            sum = sum.wrapping_add(move_hash(m.from as u8, to as u8, promotion));
            n += 1;
        }
        false
    });
    (n, sum)
}

/// Makes and takes back each of `moves` (legal in `pos`), xoring each child's key into the result.
pub fn gambit_make_unmake(pos: &mut Position, moves: &[gambit_rules::Move]) -> u64 {
    let mut acc = 0;
    for &m in moves {
        pos.play_unchecked(m);
        acc ^= pos.key();
        pos.undo();
    }
    acc
}

/// Copy-make of each of `moves` with the `chess` crate, xoring each child's key into the result.
#[must_use]
pub fn chess_make_unmake(board: &chess::Board, moves: &[chess::ChessMove]) -> u64 {
    let mut acc = 0;
    for &m in moves {
        acc ^= board.make_move_new(m).get_hash();
    }
    acc
}

/// Copy-make of each of `moves` with cozy-chess, xoring each child's key into the result.
#[must_use]
pub fn cozy_make_unmake(board: &cozy_chess::Board, moves: &[cozy_chess::Move]) -> u64 {
    let mut acc = 0;
    for &m in moves {
        let mut child = board.clone();
        child.play_unchecked(m);
        acc ^= child.hash();
    }
    acc
}

/// One position in the three libraries' types, with its legal moves in each.
pub struct Triple {
    /// Gambit's position.
    pub gambit: Position,
    /// Its legal moves.
    pub gambit_moves: Vec<gambit_rules::Move>,
    /// The `chess` crate's board.
    pub chess: chess::Board,
    /// Its legal moves.
    pub chess_moves: Vec<chess::ChessMove>,
    /// cozy-chess's board.
    pub cozy: cozy_chess::Board,
    /// Its legal moves.
    pub cozy_moves: Vec<cozy_chess::Move>,
}

impl Triple {
    /// The position `fen` in all three libraries.
    ///
    /// # Panics
    /// When a library refuses the FEN (the benchmark files hold valid standard positions only).
    #[must_use]
    pub fn new(fen: &str) -> Triple {
        let gambit = Position::from_fen(fen).expect("gambit reads the FEN");
        let chess = chess::Board::from_str(fen).expect("chess reads the FEN");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess reads the FEN");
        let mut cozy_moves = Vec::new();
        cozy.generate_moves(|moves| {
            cozy_moves.extend(moves);
            false
        });
        Triple {
            gambit_moves: gambit.legal_moves().to_vec(),
            chess_moves: chess::MoveGen::new_legal(&chess).collect(),
            gambit,
            chess,
            cozy,
            cozy_moves,
        }
    }

    /// Whether the position has a castling move (for tests of the checksum's castling rule).
    #[must_use]
    pub fn can_castle(&self) -> bool {
        self.gambit_moves
            .iter()
            .any(|m| matches!(m.kind, MoveKind::CastleKingSide | MoveKind::CastleQueenSide))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PERFT_POSITIONS;

    #[test]
    fn the_three_sides_count_the_same_perft() {
        for case in &PERFT_POSITIONS {
            let t = Triple::new(case.fen);
            let depth = 3;
            let ours = gambit_plain_perft(&mut t.gambit.clone(), depth);
            assert_eq!(ours, gambit_rules::perft(&t.gambit, depth), "{}", case.name);
            assert_eq!(chess_plain_perft(&t.chess, depth), ours, "{}", case.name);
            assert_eq!(cozy_plain_perft(&t.cozy, depth), ours, "{}", case.name);
        }
    }

    #[test]
    fn the_three_sides_list_the_same_moves() {
        let mut castles = 0;
        let mut list = MoveList::new();
        for fen in PERFT_POSITIONS.iter().map(|c| c.fen).chain(game_fens()) {
            let t = Triple::new(fen);
            let ours = gambit_list_checksum(&t.gambit, &mut list);
            assert_eq!(chess_list_checksum(&t.chess), ours, "{fen}");
            assert_eq!(cozy_list_checksum(&t.cozy), ours, "{fen}");
            castles += usize::from(t.can_castle());
        }
        assert!(castles > 10, "the castling rule of the checksum is exercised ({castles} positions)");
    }

    #[test]
    fn the_checksum_tells_different_move_sets_apart() {
        let start = Triple::new(PERFT_POSITIONS[0].fen);
        let mut list = MoveList::new();
        let (n, sum) = gambit_list_checksum(&start.gambit, &mut list);
        let after = Triple::new("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_ne!(gambit_list_checksum(&after.gambit, &mut list).1, sum);
        assert_eq!(n, 20);
    }

    #[test]
    fn make_unmake_reads_the_same_keys_on_each_side() {
        // The three libraries' Zobrist keys differ, so each side is compared with itself: the xor
        // of the children's keys equals the xor of the keys of freshly built children.
        let t = Triple::new(PERFT_POSITIONS[1].fen);
        let mut pos = t.gambit.clone();
        let expected = t.gambit_moves.iter().fold(0, |acc, &m| {
            let mut child = t.gambit.clone();
            child.play_unchecked(m);
            acc ^ child.compute_key()
        });
        assert_eq!(gambit_make_unmake(&mut pos, &t.gambit_moves), expected);
        assert_eq!(pos, t.gambit);
        assert_ne!(chess_make_unmake(&t.chess, &t.chess_moves), 0);
        assert_ne!(cozy_make_unmake(&t.cozy, &t.cozy_moves), 0);
        assert_eq!(t.gambit_moves.len(), 48);
        assert_eq!(t.chess_moves.len(), 48);
        assert_eq!(t.cozy_moves.len(), 48);
    }

    #[test]
    fn the_game_file_holds_the_committed_positions() {
        let fens = game_fens();
        assert_eq!(fens.len(), 1288);
        for fen in fens {
            Position::from_fen(fen).unwrap();
        }
    }
}
