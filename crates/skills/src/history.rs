//! Looking back over a board's recorded history (its undo records): the board as it was some actions
//! ago (a front end's review of a game) and the material each side has captured.

use gambit_rules::{ByColor, Color, Position, Role};

use crate::board::SkillBoard;

/// The roles in the order a captured-material row lists them (least valuable first).
const ROLES: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

impl SkillBoard {
    /// The board as it was `actions` actions ago: a copy with that many actions undone (exactly, as
    /// [`SkillBoard::undo`] does). `rewound(0)` is a copy of the board.
    ///
    /// Returns `None` when fewer than `actions` actions are recorded ([`SkillBoard::undo_len`]).
    #[must_use]
    pub fn rewound(&self, actions: usize) -> Option<SkillBoard> {
        if actions > self.undo_len() {
            return None;
        }
        let mut board = self.clone();
        for _ in 0..actions {
            board.undo();
        }
        Some(board)
    }

    /// The pieces each side has captured over the recorded history, least valuable first: for each
    /// action, the pieces its side's opponent had before it and not after it (so a pawn that promotes
    /// is no capture, and a promoted piece that is then taken counts as what it had become). Indexed
    /// by the capturing side. History forgotten by [`SkillBoard::forget_history`] is not counted.
    #[must_use]
    pub fn captured(&self) -> ByColor<Vec<Role>> {
        let mut taken = ByColor::splat([0usize; 5]);
        let mut board = self.clone();
        while board.undo_len() > 0 {
            let after = board.position().clone();
            board.undo();
            // After the undo the side to move is the side that acted (a freeze keeps the turn and
            // removes nothing).
            let actor = board.turn();
            let victim = !actor;
            for (i, role) in ROLES.into_iter().enumerate() {
                taken[actor][i] += lost(board.position(), &after, victim, role);
            }
        }
        taken.map(|counts| {
            ROLES.into_iter().zip(counts).flat_map(|(role, n)| std::iter::repeat_n(role, n)).collect()
        })
    }

    /// The material balance from the captures, in pawns (pawn 1, knight and bishop 3, rook 5,
    /// queen 9): what White has captured minus what Black has captured. Positive: White is ahead.
    #[must_use]
    pub fn captured_balance(&self) -> i32 {
        let taken = self.captured();
        let worth = |roles: &[Role]| roles.iter().map(|r| r.value()).sum::<i32>() / 100;
        worth(&taken[Color::White]) - worth(&taken[Color::Black])
    }
}

/// How many `role` pieces of `color` are on `before` and not on `after`.
fn lost(before: &Position, after: &Position, color: Color, role: Role) -> usize {
    before.count(color, role).saturating_sub(after.count(color, role))
}

#[cfg(test)]
mod tests {
    use gambit_rules::Position;

    use crate::{SkillBoard, SkillConfig};

    fn play(board: &mut SkillBoard, actions: &[&str]) {
        for text in actions {
            board.push_action(text).unwrap();
        }
    }

    #[test]
    fn rewound_takes_back_exactly_that_many_actions() {
        let mut board = SkillBoard::new(SkillConfig::default()).unwrap();
        play(&mut board, &["e2e4", "e7e5", "fz e5", "g1f3"]);
        let start = SkillBoard::new(SkillConfig::default()).unwrap();
        assert_eq!(board.rewound(4).unwrap().position(), start.position());
        let two = board.rewound(2).unwrap();
        assert_eq!(two.position().to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert!(!two.is_frozen("e5".parse().unwrap()), "the freeze is undone too");
        assert_eq!(board.rewound(0).unwrap(), board);
        assert!(board.rewound(5).is_none());
    }

    #[test]
    fn captures_are_counted_for_the_capturing_side() {
        let mut board = SkillBoard::new(SkillConfig::default()).unwrap();
        // 3. Nxe5 takes a pawn, 3... Nxe4 takes one back, 4. Nxc6 takes a knight, 4... dxc6 the knight.
        play(&mut board, &["e2e4", "e7e5", "g1f3", "b8c6", "f3e5", "g8f6", "e5c6", "d7c6", "d2d3", "f6e4"]);
        let taken = board.captured();
        assert_eq!(taken.white, vec![gambit_rules::Role::Pawn, gambit_rules::Role::Knight]);
        assert_eq!(taken.black, vec![gambit_rules::Role::Pawn, gambit_rules::Role::Knight]);
        assert_eq!(board.captured_balance(), 0);
    }

    #[test]
    fn a_promotion_is_no_capture_and_the_promoted_piece_counts_as_itself() {
        let position = Position::from_fen("1r5k/P7/8/8/8/8/7r/K7 w - - 0 1").unwrap();
        let mut board = SkillBoard::from_position(position, SkillConfig::default());
        // White takes the rook promoting to a queen: Black's rook was captured, not a pawn of White's.
        play(&mut board, &["a7b8q"]);
        let taken = board.captured();
        assert_eq!(taken.white, vec![gambit_rules::Role::Rook]);
        assert!(taken.black.is_empty(), "White's pawn became a queen: nothing captured by Black");
        // The king steps away, the queen drops to b2 and the rook takes it: Black captured a queen.
        play(&mut board, &["h8h7", "b8b2", "h2b2"]);
        assert_eq!(board.captured().black, vec![gambit_rules::Role::Queen]);
        assert_eq!(board.captured_balance(), 5 - 9);
    }
}
