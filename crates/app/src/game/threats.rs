//! What the threat overlay tints, in skill chess and in battles alike (one home): the player's pieces
//! that stand where the opponent could capture them on its next turn, and, with a piece selected, its
//! destinations where it would stand so after the move. The threatened squares themselves are the
//! skills crate's one definition (`SkillBoard::threatened_squares`, `Battle::threatened_squares`:
//! pawn-guarded squares and a ready Teleport's reach included); this module only picks which of them
//! the overlay shows.
//!
//! A departure from Schach/2, written down in `docs/rules.md`: its overlay marks the opponent's capture
//! squares on the whole board. With pawn-guarded empty squares and a ready Teleport's reach counted,
//! that tinted most of the board and read as noise, so only the squares that matter for the next
//! decision are tinted: your pieces in danger and the dangerous destinations of the piece in hand.

use gambit_roguelite::{Battle, BattleAction, Team};
use gambit_rules::{Color, Square};
use gambit_skills::{Action, SkillBoard};

/// The overlay's squares from their parts: `own` (the squares of the side's pieces) that are in
/// `threatened`, then `exposed` (destinations found dangerous after the move), without duplicates, in
/// square order.
#[must_use]
pub fn overlay_squares(
    own: impl IntoIterator<Item = Square>,
    threatened: &[Square],
    exposed: impl IntoIterator<Item = Square>,
) -> Vec<Square> {
    let mut squares: Vec<Square> = own.into_iter().filter(|s| threatened.contains(s)).collect();
    squares.extend(exposed);
    squares.sort_by_key(|s| s.index());
    squares.dedup();
    squares
}

/// Skill chess: `side`'s pieces the other side threatens on `board`, and, with `selected` (a piece of
/// `side`, which is to move), its legal destinations where it would stand threatened after the move.
#[must_use]
pub fn skill_chess(board: &SkillBoard, side: Color, selected: Option<Square>) -> Vec<Square> {
    let threatened = board.threatened_squares(!side);
    let own = gambit_rules::Square::all().filter(|&s| board.piece_at(s).is_some_and(|p| p.color == side));
    let mut exposed = Vec::new();
    if let Some(from) = selected.filter(|_| board.turn() == side) {
        for m in board.legal_moves().iter().filter(|m| m.from == from) {
            if exposed.contains(&m.to) {
                continue;
            }
            let mut after = board.clone();
            if after.play_action(Action::Move(*m)).is_ok()
                && after.piece_at(m.to).is_some_and(|p| p.color == side)
                && after.threatened_squares(!side).contains(&m.to)
            {
                exposed.push(m.to);
            }
        }
    }
    overlay_squares(own, &threatened, exposed)
}

/// A battle: the player's pieces the enemy threatens, and, for each of `moves` (the selected piece's
/// legal moves or repositions, with their destinations), the destination when the piece would stand
/// threatened there after it. Nothing once the battle is over.
#[must_use]
pub fn battle(battle: &Battle, moves: &[(BattleAction, Square)]) -> Vec<Square> {
    if battle.status().is_over() {
        return Vec::new();
    }
    let threatened = battle.threatened_squares(Team::Enemy);
    let own = battle.units().iter().filter(|u| u.alive && u.team == Team::Player).map(|u| u.square);
    let exposed = moves.iter().filter_map(|&(action, to)| {
        let (BattleAction::Move { id, .. } | BattleAction::Reposition { id, .. }) = action else {
            return None;
        };
        let mut after = battle.clone();
        after.set_quiet(true);
        after.apply(action).ok()?;
        let standing = after.unit(id).is_some_and(|u| u.alive && u.square == to);
        (standing && !after.status().is_over() && after.threatened_squares(Team::Enemy).contains(&to))
            .then_some(to)
    });
    overlay_squares(own, &threatened, exposed.collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_skills::SkillConfig;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn board(fen: &str) -> SkillBoard {
        // Skills start on cooldown: Black's Teleport adds no reach here (its reach is the skills
        // crate's business, tested there).
        let mut config = SkillConfig { start_fen: fen.to_string(), ..SkillConfig::default() };
        config.skill_rules.start_on_cooldown = true;
        SkillBoard::new(config).unwrap()
    }

    #[test]
    fn only_attacked_pieces_and_the_dangerous_destinations_of_the_selection_are_shown() {
        // The report: a pawn on a7 guards b6; a pawn on e4 guards d3 and f3. White: queen c5, king
        // e1, knight g1; Black: pawns a7 and e4, king h8.
        let b = board("7k/p7/8/2Q5/4p3/8/8/4K1N1 w - - 0 1");
        // No white piece stands attacked: nothing is tinted, though Black guards many squares.
        assert!(board_threats(&b, None).is_empty(), "{:?}", board_threats(&b, None));
        assert!(b.threatened_squares(Color::Black).len() > 4);
        // The queen in hand: b6 (guarded by a7) is dangerous, c6 is not.
        let queen = board_threats(&b, Some(sq("c5")));
        assert!(queen.contains(&sq("b6")), "{queen:?}");
        assert!(!queen.contains(&sq("c6")), "{queen:?}");
        // The knight in hand: f3 (guarded by e4) is dangerous, e2 and h3 are not.
        let knight = board_threats(&b, Some(sq("g1")));
        assert!(knight.contains(&sq("f3")) && !knight.contains(&sq("e2")) && !knight.contains(&sq("h3")));
        // A piece that stands attacked is shown: the queen on d3 would be taken by the e4 pawn.
        let attacked = board("7k/p7/8/8/4p3/3Q4/8/4K3 w - - 0 1");
        assert_eq!(board_threats(&attacked, None), vec![sq("d3")]);
    }

    fn board_threats(b: &SkillBoard, selected: Option<Square>) -> Vec<Square> {
        skill_chess(b, Color::White, selected)
    }

    #[test]
    fn the_parts_merge_in_square_order_without_duplicates() {
        let got =
            overlay_squares([sq("e4"), sq("a1")], &[sq("a1"), sq("h8")], [sq("h8"), sq("b2"), sq("b2")]);
        assert_eq!(got, vec![sq("a1"), sq("b2"), sq("h8")]);
    }
}
