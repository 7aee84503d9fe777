//! Where a battle stands in its turns, one part of a [`Battle`](super::Battle): the team to act, the
//! pending Swift reposition, the status, the plies played and the enemy turns Haste still skips.
//!
//! Invariants, kept by the methods here: a finished battle has no pending reposition and its status
//! never changes again ([`Progress::finish`]); plies only grow, one per turn switch
//! ([`Progress::start_turn`]).

use super::BattleStatus;
use super::edit::{BattleCounter, fit, replace};
use crate::types::{PieceId, Team};

/// The turn state of a battle (see the module doc).
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Progress {
    to_move: Team,
    pending: Option<PieceId>,
    status: BattleStatus,
    ply: u32,
    haste: u8,
}

impl Default for Progress {
    /// A new battle: the player to act, ply 0, ongoing.
    fn default() -> Self {
        Progress { to_move: Team::Player, pending: None, status: BattleStatus::Ongoing, ply: 0, haste: 0 }
    }
}

impl Progress {
    /// The team to act.
    #[inline]
    pub(super) fn to_move(self) -> Team {
        self.to_move
    }

    /// The piece whose Swift reposition is pending.
    #[inline]
    pub(super) fn pending(&self) -> Option<PieceId> {
        self.pending
    }

    /// Where the battle stands.
    #[inline]
    pub(super) fn status(&self) -> BattleStatus {
        self.status
    }

    /// Plies played (turn switches, passes included).
    #[inline]
    pub(super) fn ply(&self) -> u32 {
        self.ply
    }

    /// Enemy turns still to be skipped.
    #[inline]
    pub(super) fn haste(&self) -> u8 {
        self.haste
    }

    /// Offers piece `id` a reposition before the turn ends.
    pub(super) fn offer_reposition(&mut self, id: PieceId) {
        debug_assert!(!self.status.is_over(), "a finished battle offers nothing");
        self.pending = Some(id);
    }

    /// The pending reposition, taken (played or skipped).
    pub(super) fn take_pending(&mut self) -> Option<PieceId> {
        self.pending.take()
    }

    /// The battle ends with `status` (a victory or a defeat); nothing is pending any more.
    pub(super) fn finish(&mut self, status: BattleStatus) {
        debug_assert!(status.is_over() && !self.status.is_over(), "a battle ends once");
        self.status = status;
        self.pending = None;
    }

    /// `team`'s turn begins: one ply more.
    pub(super) fn start_turn(&mut self, team: Team) {
        self.to_move = team;
        self.ply += 1;
    }

    /// One more enemy turn to skip (a Haste).
    pub(super) fn add_haste(&mut self) {
        self.haste = self.haste.saturating_add(1);
    }

    /// Skips an enemy turn when a Haste is left: whether one was.
    pub(super) fn spend_haste(&mut self) -> bool {
        let left = self.haste > 0;
        if left {
            self.haste -= 1;
        }
        left
    }

    /// A counter this part keeps ([`BattleCounter::Ply`], [`BattleCounter::Haste`]).
    pub(super) fn counter(&self, counter: BattleCounter) -> Option<u32> {
        match counter {
            BattleCounter::Ply => Some(self.ply),
            BattleCounter::Haste => Some(u32::from(self.haste)),
            _ => None,
        }
    }

    /// Sets a counter this part keeps: `None` when it keeps no such counter, `Some(false)` (nothing
    /// changed) when `value` does not fit it. For alterations.
    pub(super) fn set_counter(&mut self, counter: BattleCounter, value: u32) -> Option<bool> {
        match counter {
            BattleCounter::Ply => Some(fit(&mut self.ply, value)),
            BattleCounter::Haste => Some(fit(&mut self.haste, value)),
            _ => None,
        }
    }

    /// Sets the pending reposition to `after` when it is `before` (an alteration).
    pub(super) fn replace_pending(&mut self, before: Option<PieceId>, after: Option<PieceId>) -> bool {
        replace(&mut self.pending, &before, &after)
    }

    /// Sets the team to act to `after` when it is `before` (an alteration).
    pub(super) fn replace_to_move(&mut self, before: Team, after: Team) -> bool {
        replace(&mut self.to_move, &before, &after)
    }

    /// Sets the status to `after` when it is `before` (an alteration).
    pub(super) fn replace_status(&mut self, before: BattleStatus, after: BattleStatus) -> bool {
        replace(&mut self.status, &before, &after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::DefeatReason;

    #[test]
    fn a_finished_battle_has_nothing_pending() {
        let mut p = Progress::default();
        p.offer_reposition(3);
        assert_eq!(p.pending(), Some(3));
        p.finish(BattleStatus::Defeat { reason: DefeatReason::OutOfMoves });
        assert_eq!((p.pending(), p.status().is_over()), (None, true));
    }

    #[test]
    fn turns_count_plies_and_haste_skips_turns() {
        let mut p = Progress::default();
        p.start_turn(Team::Enemy);
        assert_eq!((p.to_move(), p.ply()), (Team::Enemy, 1));
        assert!(!p.spend_haste());
        p.add_haste();
        assert!(p.spend_haste());
        assert_eq!(p.haste(), 0);
    }

    #[test]
    fn counters_are_set_only_when_they_fit() {
        let mut p = Progress::default();
        assert_eq!(p.set_counter(BattleCounter::Haste, 300), Some(false));
        assert_eq!(p.set_counter(BattleCounter::Haste, 2), Some(true));
        assert_eq!(p.counter(BattleCounter::Haste), Some(2));
        assert_eq!(p.set_counter(BattleCounter::Budget, 2), None);
        assert!(!p.replace_to_move(Team::Enemy, Team::Player));
        assert!(p.replace_to_move(Team::Player, Team::Enemy));
    }
}
