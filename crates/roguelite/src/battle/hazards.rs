//! The hazards a battle makes, one part of a [`Battle`](super::Battle): poison clouds (a Poisonous
//! piece's death) and dormant walls (a Bulwark captured while its capturer stands on its square).
//!
//! Invariants, kept by the methods here: a cloud leaves once neither team can be exposed to it any
//! more (at the boundary that spends its last exposure, [`Hazards::drop_spent_clouds`]); a dormant
//! wall leaves when its square is empty ([`Hazards::wake_walls`]) and is then raised on the board by
//! the battle.

use gambit_rules::{ByColor, Color, Square};

use super::edit::ListEdit;
use super::state::Cloud;
use crate::types::Team;

/// Poison clouds and dormant walls, in the order they appeared.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Hazards {
    clouds: Vec<Cloud>,
    dormant_walls: Vec<Square>,
}

impl Clone for Hazards {
    fn clone(&self) -> Self {
        Hazards { clouds: self.clouds.clone(), dormant_walls: self.dormant_walls.clone() }
    }

    /// Reuses `self`'s buffers (the search's undo record saves the hazards once per node).
    fn clone_from(&mut self, source: &Self) {
        self.clouds.clone_from(&source.clouds);
        self.dormant_walls.clone_from(&source.dormant_walls);
    }
}

impl Hazards {
    /// The poison clouds, oldest first.
    #[inline]
    pub(super) fn clouds(&self) -> &[Cloud] {
        &self.clouds
    }

    /// The dormant walls, oldest first.
    #[inline]
    pub(super) fn dormant_walls(&self) -> &[Square] {
        &self.dormant_walls
    }

    /// Whether a cloud covers `sq` (whoever it can still hurt).
    pub(super) fn covers(&self, sq: Square) -> bool {
        self.clouds.iter().any(|c| c.squares.contains(&sq))
    }

    /// Whether a cloud that can still hurt `team` covers `sq`.
    pub(super) fn is_poisoned_for(&self, sq: Square, team: Team) -> bool {
        self.clouds.iter().any(|c| c.remaining(team) > 0 && c.squares.contains(&sq))
    }

    /// Whether a cloud covering `sq` still has an exposure for the team playing `color`.
    pub(super) fn exposes(&self, sq: Square, color: Color) -> bool {
        self.clouds.iter().any(|c| c.counters[color] > 0 && c.squares.contains(&sq))
    }

    /// A new cloud over `squares` with these exposures per team.
    pub(super) fn add_cloud(&mut self, squares: Vec<Square>, counters: ByColor<u8>) {
        self.clouds.push(Cloud { squares, counters });
    }

    /// Spends one exposure of the team playing `color` on each of the first `existing` clouds (those
    /// there before this boundary's deaths).
    pub(super) fn spend_exposure(&mut self, color: Color, existing: usize) {
        for c in &mut self.clouds[..existing] {
            c.counters[color] = c.counters[color].saturating_sub(1);
        }
    }

    /// Removes the clouds with no exposure left for either team and returns their squares, oldest
    /// first.
    pub(super) fn drop_spent_clouds(&mut self) -> Vec<Vec<Square>> {
        let mut gone = Vec::new();
        let mut i = 0;
        while i < self.clouds.len() {
            if self.clouds[i].counters == ByColor::splat(0) {
                gone.push(self.clouds.remove(i).squares);
            } else {
                i += 1;
            }
        }
        gone
    }

    /// A dormant wall on `sq` (its capturer stands there).
    pub(super) fn add_dormant_wall(&mut self, sq: Square) {
        self.dormant_walls.push(sq);
    }

    /// Removes the dormant walls whose square `is_empty` says is empty and returns them, oldest
    /// first, to be raised.
    pub(super) fn wake_walls(&mut self, is_empty: impl Fn(Square) -> bool) -> Vec<Square> {
        let mut woken = Vec::new();
        self.dormant_walls.retain(|&sq| {
            let wake = is_empty(sq);
            if wake {
                woken.push(sq);
            }
            !wake
        });
        woken
    }

    /// A cloud's alteration; `false` (and nothing changed) when it does not start from the clouds.
    pub(super) fn apply_cloud_edit(&mut self, edit: &ListEdit<Cloud>) -> bool {
        edit.apply_to(&mut self.clouds)
    }

    /// A dormant wall's alteration; `false` (and nothing changed) when it does not start from them.
    pub(super) fn apply_wall_edit(&mut self, edit: &ListEdit<Square>) -> bool {
        edit.apply_to(&mut self.dormant_walls)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_cloud_exposes_each_team_until_its_counter_is_spent_then_leaves() {
        let mut h = Hazards::default();
        h.add_cloud(vec![sq("d4"), sq("d5")], ByColor::new(1, 2));
        assert!(h.covers(sq("d5")) && !h.covers(sq("e4")));
        assert!(h.is_poisoned_for(sq("d4"), Team::Player) && h.exposes(sq("d4"), Color::Black));
        h.spend_exposure(Color::White, 1);
        assert!(!h.is_poisoned_for(sq("d4"), Team::Player) && h.is_poisoned_for(sq("d4"), Team::Enemy));
        assert!(h.drop_spent_clouds().is_empty());
        h.spend_exposure(Color::Black, 1);
        h.spend_exposure(Color::Black, 1);
        assert_eq!(h.drop_spent_clouds(), vec![vec![sq("d4"), sq("d5")]]);
        assert!(h.clouds().is_empty());
    }

    #[test]
    fn only_clouds_that_existed_spend_an_exposure() {
        let mut h = Hazards::default();
        h.add_cloud(vec![sq("a1")], ByColor::splat(2));
        h.add_cloud(vec![sq("h8")], ByColor::splat(2));
        h.spend_exposure(Color::White, 1);
        assert_eq!((h.clouds()[0].counters.white, h.clouds()[1].counters.white), (1, 2));
    }

    #[test]
    fn dormant_walls_wake_when_their_square_empties() {
        let mut h = Hazards::default();
        h.add_dormant_wall(sq("c3"));
        h.add_dormant_wall(sq("f6"));
        assert_eq!(h.wake_walls(|s| s == sq("f6")), vec![sq("f6")]);
        assert_eq!(h.dormant_walls(), &[sq("c3")]);
        assert!(h.wake_walls(|_| false).is_empty());
    }

    #[test]
    fn a_wrong_edit_changes_nothing() {
        let mut h = Hazards::default();
        let edit = ListEdit::Remove { index: 0, item: sq("c3") };
        assert!(!h.apply_wall_edit(&edit));
        assert!(h.apply_wall_edit(&edit.clone().inverse()));
        assert_eq!(h.dormant_walls(), &[sq("c3")]);
    }
}
