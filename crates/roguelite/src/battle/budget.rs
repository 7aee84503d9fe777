//! The player's move budget, one part of a [`Battle`](super::Battle): the moves allowed, the moves
//! used (moves and teleports) and the teleports a badge made free.
//!
//! Invariants, kept by the methods here: a refund never takes the moves used below zero; the
//! budget only grows (Rations); free teleports are counted up to the allowance the caller gives.

use super::edit::{BattleCounter, fit};

/// The player's move budget (see the module doc).
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Budget {
    total: u32,
    used: u32,
    free_teleports_used: u8,
}

impl Budget {
    /// A budget of `total` moves, none used.
    pub(super) fn new(total: u32) -> Budget {
        Budget { total, used: 0, free_teleports_used: 0 }
    }

    /// The moves allowed.
    #[inline]
    pub(super) fn total(&self) -> u32 {
        self.total
    }

    /// The moves used so far.
    #[inline]
    pub(super) fn used(&self) -> u32 {
        self.used
    }

    /// The moves left.
    #[inline]
    pub(super) fn left(&self) -> u32 {
        self.total.saturating_sub(self.used)
    }

    /// Whether every move is used.
    #[inline]
    pub(super) fn is_spent(&self) -> bool {
        self.used >= self.total
    }

    /// The teleports that did not count.
    #[inline]
    pub(super) fn free_teleports_used(&self) -> u8 {
        self.free_teleports_used
    }

    /// A move counts.
    #[inline]
    pub(super) fn spend_move(&mut self) {
        self.used += 1;
    }

    /// A teleport: free while fewer than `free_allowed` were free (whether it was), else it counts.
    pub(super) fn spend_teleport(&mut self, free_allowed: u8) -> bool {
        let free = self.free_teleports_used < free_allowed;
        if free {
            self.free_teleports_used += 1;
        } else {
            self.used += 1;
        }
        free
    }

    /// Gives back up to `moves` used moves; the number given back.
    pub(super) fn refund(&mut self, moves: u32) -> u32 {
        let given = moves.min(self.used);
        self.used -= given;
        given
    }

    /// `moves` more moves allowed.
    pub(super) fn extend(&mut self, moves: u32) {
        self.total += moves;
    }

    /// A counter this part keeps ([`BattleCounter::Budget`], [`BattleCounter::MovesUsed`],
    /// [`BattleCounter::FreeTeleportsUsed`]).
    pub(super) fn counter(&self, counter: BattleCounter) -> Option<u32> {
        match counter {
            BattleCounter::Budget => Some(self.total),
            BattleCounter::MovesUsed => Some(self.used),
            BattleCounter::FreeTeleportsUsed => Some(u32::from(self.free_teleports_used)),
            _ => None,
        }
    }

    /// Sets a counter this part keeps: `None` when it keeps no such counter, `Some(false)` (nothing
    /// changed) when `value` does not fit it. For alterations.
    pub(super) fn set_counter(&mut self, counter: BattleCounter, value: u32) -> Option<bool> {
        match counter {
            BattleCounter::Budget => Some(fit(&mut self.total, value)),
            BattleCounter::MovesUsed => Some(fit(&mut self.used, value)),
            BattleCounter::FreeTeleportsUsed => Some(fit(&mut self.free_teleports_used, value)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_teleports_count_until_the_budget_is_spent() {
        let mut b = Budget::new(2);
        assert!(b.spend_teleport(1));
        assert_eq!((b.used(), b.free_teleports_used()), (0, 1));
        assert!(!b.spend_teleport(1));
        b.spend_move();
        assert!(b.is_spent());
        assert_eq!(b.left(), 0);
        b.extend(2);
        assert_eq!((b.total(), b.left()), (4, 2));
    }

    #[test]
    fn a_refund_never_goes_below_zero() {
        let mut b = Budget::new(5);
        b.spend_move();
        assert_eq!(b.refund(3), 1);
        assert_eq!(b.used(), 0);
    }

    #[test]
    fn counters_are_set_only_when_they_fit() {
        let mut b = Budget::new(5);
        assert_eq!(b.set_counter(BattleCounter::FreeTeleportsUsed, 256), Some(false));
        assert_eq!(b.set_counter(BattleCounter::MovesUsed, 3), Some(true));
        assert_eq!(b.counter(BattleCounter::MovesUsed), Some(3));
        assert_eq!(b.counter(BattleCounter::Ply), None);
    }
}
