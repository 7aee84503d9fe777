//! The run's purse: its gold, its points, the badges it owns and the consumables in its pack.

use super::RunError;
use crate::items::{ItemId, PACK_SIZE};

/// What a run owns besides its army. Gold never goes below zero (a spend it cannot pay is refused),
/// no badge is owned twice, and the pack holds at most [`PACK_SIZE`] consumables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Purse {
    gold: u32,
    points: u32,
    /// Owned badges, in the order they were bought.
    badges: Vec<ItemId>,
    /// Held consumables, in pack order (a battle's pack slots are these, in order).
    pack: Vec<ItemId>,
}

impl Purse {
    /// A purse holding `gold`, with no points, badges or consumables.
    pub(crate) fn new(gold: u32) -> Purse {
        Purse { gold, ..Purse::default() }
    }

    /// The gold held.
    pub(crate) fn gold(&self) -> u32 {
        self.gold
    }

    /// The points scored.
    pub(crate) fn points(&self) -> u32 {
        self.points
    }

    /// The owned badges, in the order they were bought.
    pub(crate) fn badges(&self) -> &[ItemId] {
        &self.badges
    }

    /// The held consumables, in pack order.
    pub(crate) fn pack(&self) -> &[ItemId] {
        &self.pack
    }

    /// Whether the badge `id` is owned.
    pub(crate) fn has_badge(&self, id: ItemId) -> bool {
        self.badges.contains(&id)
    }

    /// Whether the pack is full.
    pub(crate) fn pack_full(&self) -> bool {
        self.pack.len() >= PACK_SIZE
    }

    /// Refuses a `price` the gold cannot pay.
    ///
    /// # Errors
    /// [`RunError::NotEnoughGold`].
    pub(crate) fn afford(&self, price: u32) -> Result<(), RunError> {
        if self.gold < price {
            return Err(RunError::NotEnoughGold { price, gold: self.gold });
        }
        Ok(())
    }

    /// Pays `price`.
    ///
    /// # Errors
    /// [`RunError::NotEnoughGold`], the gold unchanged.
    pub(crate) fn spend(&mut self, price: u32) -> Result<(), RunError> {
        self.afford(price)?;
        self.gold -= price;
        Ok(())
    }

    /// A battle's reward: `points` and `gold` added.
    pub(crate) fn earn(&mut self, points: u32, gold: u32) {
        self.points += points;
        self.gold += gold;
    }

    /// All gold lost (a three-battle run's lost battle).
    pub(crate) fn lose_gold(&mut self) {
        self.gold = 0;
    }

    /// The badge `id` owned from now on.
    ///
    /// # Errors
    /// [`RunError::AlreadyOwned`] (by its id) when it is owned already.
    pub(crate) fn add_badge(&mut self, id: ItemId) -> Result<(), RunError> {
        if self.has_badge(id) {
            return Err(RunError::AlreadyOwned(id.to_string()));
        }
        self.badges.push(id);
        Ok(())
    }

    /// The consumable `id` put at the end of the pack.
    ///
    /// # Errors
    /// [`RunError::PackFull`].
    pub(crate) fn add_consumable(&mut self, id: ItemId) -> Result<(), RunError> {
        if self.pack_full() {
            return Err(RunError::PackFull);
        }
        self.pack.push(id);
        Ok(())
    }

    /// The consumables in the pack `slots` (indices in pack order) taken out, the others keeping
    /// their order; a slot past the pack is ignored.
    pub(crate) fn remove_used(&mut self, slots: &[usize]) {
        let mut slots = slots.to_vec();
        slots.sort_unstable();
        slots.dedup();
        for &i in slots.iter().rev() {
            if i < self.pack.len() {
                self.pack.remove(i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str) -> ItemId {
        name.parse().unwrap()
    }

    #[test]
    fn a_spend_it_cannot_pay_is_refused_and_changes_nothing() {
        let mut purse = Purse::new(10);
        assert_eq!(purse.spend(11), Err(RunError::NotEnoughGold { price: 11, gold: 10 }));
        assert_eq!(purse.gold(), 10);
        purse.spend(10).unwrap();
        assert_eq!(purse.gold(), 0);
        purse.earn(30, 7);
        assert_eq!((purse.points(), purse.gold()), (30, 7));
        purse.lose_gold();
        assert_eq!((purse.points(), purse.gold()), (30, 0));
    }

    #[test]
    fn a_badge_is_owned_once_and_the_pack_holds_its_size() {
        let mut purse = Purse::new(0);
        purse.add_badge(id("militia")).unwrap();
        assert!(purse.add_badge(id("militia")).is_err());
        assert_eq!(purse.badges(), &[id("militia")]);
        for _ in 0..PACK_SIZE {
            purse.add_consumable(id("smoke_bomb")).unwrap();
        }
        assert_eq!(purse.add_consumable(id("smoke_bomb")), Err(RunError::PackFull));
        assert_eq!(purse.pack().len(), PACK_SIZE);
    }

    #[test]
    fn used_consumables_leave_the_pack_in_order() {
        let mut purse = Purse::new(0);
        for name in ["a", "b", "c"] {
            purse.add_consumable(id(name)).unwrap();
        }
        purse.remove_used(&[2, 0, 0, 9]);
        assert_eq!(purse.pack(), &[id("b")]);
    }
}
