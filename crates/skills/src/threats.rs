//! "Squares the opponent threatens": one definition for the threat overlay of skill chess and battles.

use gambit_rules::{Color, Position, Role, Square};

/// The squares `by` threatens on its next turn: every square one of its pieces could move to or capture
/// on, as if `by` were to move now (its legal moves under the position's rules), counting a pawn only
/// where it captures (not its pushes). In square order, without duplicates.
///
/// [`SkillBoard::threatened_squares`](crate::SkillBoard::threatened_squares) is the skill-chess entry
/// point (and the place where a ready Teleport's reach joins the definition).
///
/// ```
/// use gambit_rules::{Color, Position};
/// use gambit_skills::threatened_squares;
/// let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
/// let names: Vec<String> = threatened_squares(&pos, Color::Black).iter().map(|s| s.to_string()).collect();
/// assert!(names.contains(&"e4".to_string()), "the d5 pawn captures on e4");
/// assert!(!names.contains(&"d4".to_string()), "pawn pushes are not threats");
/// assert!(names.contains(&"d7".to_string()) && names.contains(&"f8".to_string()));
/// ```
#[must_use]
pub fn threatened_squares(position: &Position, by: Color) -> Vec<Square> {
    let mut view = position.clone();
    if view.turn() != by {
        view.set_turn(by);
    }
    let mut out: Vec<Square> =
        view.legal_moves().iter().filter(|m| m.role != Role::Pawn || m.is_capture()).map(|m| m.to).collect();
    out.sort();
    out.dedup();
    out
}
