//! "Squares the opponent threatens": one definition for the threat overlay of skill chess and battles.
//!
//! A square is threatened by `by` when a piece of the other side standing there could be captured by
//! `by` on its next turn: every square a piece of `by` attacks (a pawn's two capture squares whether or
//! not anything stands there, sliders up to the first piece or blocked tile, the squares of `by`'s own
//! pieces it defends included, so a capture there would be recaptured), and on a [`SkillBoard`] also
//! every square a ready Teleport of `by` could capture on. This departs from Schach/2, whose overlay
//! marks a pawn's capture squares only where it can capture now: a player who trusted that lost pieces
//! on squares a pawn guarded (issue 17).

use gambit_rules::{Color, Position, Role, Square, SquareSet};

use crate::config::ClockMode;
use crate::{Skill, SkillBoard};

/// The squares `by` threatens on its next turn from the position alone (no skills): every playable
/// square one of its pieces attacks, whatever stands there. Pins are not looked at (a pinned piece
/// still guards, as the overlay warns rather than proves). In square order, without duplicates.
///
/// [`SkillBoard::threatened_squares`](crate::SkillBoard::threatened_squares) is the skill-chess and
/// battle entry point: it leaves out frozen attackers and adds a ready Teleport's reach.
///
/// ```
/// use gambit_rules::{Color, Position};
/// use gambit_skills::threatened_squares;
/// let pos = Position::from_fen("4k3/p7/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
/// let names: Vec<String> = threatened_squares(&pos, Color::Black).iter().map(|s| s.to_string()).collect();
/// assert!(names.contains(&"e4".to_string()), "the d5 pawn captures on e4");
/// assert!(names.contains(&"b6".to_string()), "the a7 pawn guards the empty b6");
/// assert!(!names.contains(&"d4".to_string()), "pawn pushes are not threats");
/// assert!(names.contains(&"d7".to_string()) && names.contains(&"f8".to_string()));
/// ```
#[must_use]
pub fn threatened_squares(position: &Position, by: Color) -> Vec<Square> {
    attacked(position, by, SquareSet::EMPTY).iter().collect()
}

/// The playable squares attacked by a piece of `by` that is not on `idle`.
fn attacked(position: &Position, by: Color, idle: SquareSet) -> SquareSet {
    Square::all()
        .filter(|&sq| !position.is_blocked(sq))
        .filter(|&sq| position.attackers(sq, by).into_iter().any(|from| !idle.contains(from)))
        .collect()
}

/// The ticks that pass before `by`'s next turn: one under the ply clock when `by` is not to move.
fn ticks_before_turn(board: &SkillBoard, by: Color) -> u32 {
    u32::from(board.position().turn() != by && board.config().clock == ClockMode::Ply)
}

/// The squares of `by`'s pieces that cannot capture on its next turn: frozen past that turn, or the
/// piece that may not capture after its teleport.
fn idle_capturers(board: &SkillBoard, by: Color) -> SquareSet {
    let ticks = ticks_before_turn(board, by);
    let mut idle: SquareSet =
        board.frozen().into_iter().filter(|&(_, t)| t > ticks).map(|(sq, _)| sq).collect();
    if let Some(sq) = board.teleported_piece(by) {
        idle.insert(sq);
    }
    idle
}

/// [`SkillBoard::attacked_squares`].
pub(crate) fn board_attacks(board: &SkillBoard, by: Color) -> SquareSet {
    attacked(board.position(), by, idle_capturers(board, by))
}

/// [`SkillBoard::teleport_threats`].
pub(crate) fn board_teleport_threats(board: &SkillBoard, by: Color) -> SquareSet {
    if board.cooldown(by, Skill::Teleport) > ticks_before_turn(board, by) {
        return SquareSet::EMPTY;
    }
    teleport_reach(board, by, idle_capturers(board, by))
}

/// The squares where a Teleport of `by` could capture a piece of the other side: for an occupied square
/// its occupant under the capture limit, for an empty one the cheapest piece (a pawn). King safety is
/// not looked at. The levers of the board's [`SkillRules`](crate::SkillRules) apply: range, capture
/// limit, pawn ranks; under standard rules a king is never captured.
fn teleport_reach(board: &SkillBoard, by: Color, idle: SquareSet) -> SquareSet {
    let position = board.position();
    let rules = board.config().skill_rules;
    let standard = position.rules().is_standard();
    let pawn_barred = if rules.no_pawn_relocation {
        SquareSet::FULL
    } else {
        crate::teleports::pawn_forbidden(position, by, rules.pawn_promotion_guard)
    };
    let mut out = SquareSet::EMPTY;
    for (from, piece) in position.pieces(by) {
        if idle.contains(from) {
            continue;
        }
        for to in crate::teleports::within(from, rules.teleport_range) {
            if position.is_blocked(to) || to == from {
                continue;
            }
            let victim = match position.piece_at(to) {
                Some(p) if p.color == by => continue,
                Some(p) => p.role,
                None => Role::Pawn,
            };
            let barred = piece.role == Role::Pawn && pawn_barred.contains(to);
            let royal = standard && victim == Role::King;
            if !barred && !royal && rules.may_capture(piece.role, victim) {
                out.insert(to);
            }
        }
    }
    out
}
