//! The player's consumables in a battle, one part of a [`Battle`](super::Battle): the run's pack,
//! each slot's effect and whether it was used.
//!
//! Invariants, kept by the methods here: the slots are those the battle started with; a slot is used
//! at most once and never becomes unused again (but by an alteration's inverse).

use crate::items::{Effect, PACK_SIZE};

/// One consumable in a battle's pack: its effect and whether it was used.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PackSlot {
    /// What it does.
    pub effect: Effect,
    /// Used in this battle.
    pub used: bool,
}

/// The pack's slots, in the run's pack order (`None`: an empty slot).
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Pack {
    slots: [Option<PackSlot>; PACK_SIZE],
}

impl Pack {
    /// A pack of these consumables, none used (at most [`PACK_SIZE`]; the battle's setup checks it).
    pub(super) fn new(consumables: &[Effect]) -> Pack {
        Pack {
            slots: std::array::from_fn(|i| {
                consumables.get(i).map(|&effect| PackSlot { effect, used: false })
            }),
        }
    }

    /// The slots, used or not.
    #[inline]
    pub(super) fn slots(&self) -> &[Option<PackSlot>] {
        &self.slots
    }

    /// Uses slot `slot`: its effect.
    ///
    /// # Panics
    /// When the slot is empty (step 1's validation refuses it).
    pub(super) fn use_slot(&mut self, slot: u8) -> Effect {
        let s = self.slots[slot as usize].as_mut().expect("validated");
        debug_assert!(!s.used, "a consumable is used once");
        s.used = true;
        s.effect
    }

    /// Sets slot `slot` to `after` when it holds `before` (an alteration).
    pub(super) fn replace(&mut self, slot: usize, before: Option<PackSlot>, after: Option<PackSlot>) -> bool {
        match self.slots.get_mut(slot) {
            Some(s) if *s == before => {
                *s = after;
                true
            }
            _ => false,
        }
    }

    /// The bits of the used slots (bit `i`: slot `i`), for the battle's state key.
    pub(super) fn used_bits(&self) -> u64 {
        self.slots
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, s)| acc | u64::from(s.is_some_and(|s| s.used)) << i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_is_used_once_and_empty_slots_stay_empty() {
        let mut pack = Pack::new(&[Effect::Haste]);
        assert_eq!(pack.slots().len(), PACK_SIZE);
        assert_eq!(pack.used_bits(), 0);
        assert_eq!(pack.use_slot(0), Effect::Haste);
        assert_eq!(pack.slots()[0], Some(PackSlot { effect: Effect::Haste, used: true }));
        assert_eq!(pack.used_bits(), 1);
        assert!(pack.slots()[1].is_none());
    }

    #[test]
    fn an_alteration_applies_only_from_its_state() {
        let mut pack = Pack::new(&[Effect::Haste]);
        let unused = Some(PackSlot { effect: Effect::Haste, used: false });
        let used = Some(PackSlot { effect: Effect::Haste, used: true });
        assert!(!pack.replace(0, used, unused));
        assert!(pack.replace(0, unused, used));
        assert!(!pack.replace(PACK_SIZE, None, used));
        assert_eq!(pack.used_bits(), 1);
    }
}
