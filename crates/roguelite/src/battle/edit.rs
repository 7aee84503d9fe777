//! The vocabulary of a battle's alterations that its parts share: an edit of one of its lists and
//! its whole-number counters, with the two checks every alteration makes (a value set only from the
//! state it names, and only when it fits). A leaf: it imports nothing of the battle, so the parts
//! that apply alterations stay outside the battle's import circle.

use crate::types::Team;

/// One edit of a list of a battle: an item inserted at or removed from an index, or the item at an
/// index changed. Applied in the order [`Battle::alterations_to`](super::Battle::alterations_to) gives, the indices are those of the
/// list at that moment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ListEdit<T> {
    /// `item` is inserted at `index` (the items from `index` on move up one).
    Insert {
        /// Where it is inserted.
        index: usize,
        /// The item.
        item: T,
    },
    /// `item`, at `index`, is removed (the items after it move down one).
    Remove {
        /// Where it is.
        index: usize,
        /// The item.
        item: T,
    },
    /// The item at `index` changes from `before` to `after`.
    Change {
        /// Where it is.
        index: usize,
        /// The item before.
        before: T,
        /// The item after.
        after: T,
    },
}

impl<T> ListEdit<T> {
    /// The edit that undoes this one: an insertion and a removal swap, a change runs backwards.
    #[must_use]
    pub fn inverse(self) -> ListEdit<T> {
        match self {
            ListEdit::Insert { index, item } => ListEdit::Remove { index, item },
            ListEdit::Remove { index, item } => ListEdit::Insert { index, item },
            ListEdit::Change { index, before, after } => {
                ListEdit::Change { index, before: after, after: before }
            }
        }
    }

    /// Applies the edit to `list`; `false` (and `list` unchanged) when it does not start from it.
    pub(super) fn apply_to(&self, list: &mut Vec<T>) -> bool
    where
        T: PartialEq + Clone,
    {
        match self {
            ListEdit::Insert { index, item } if *index <= list.len() => list.insert(*index, item.clone()),
            ListEdit::Remove { index, item } if list.get(*index) == Some(item) => {
                list.remove(*index);
            }
            ListEdit::Change { index, before, after } if list.get(*index) == Some(before) => {
                list[*index] = after.clone();
            }
            _ => return false,
        }
        true
    }
}

/// A whole-number counter of a battle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BattleCounter {
    /// The player's move budget ([`Battle::move_budget`](super::Battle::move_budget)).
    Budget,
    /// Player moves used ([`Battle::moves_used`](super::Battle::moves_used)).
    MovesUsed,
    /// Plies (actions) played.
    Ply,
    /// Enemy turns still to be skipped (Haste).
    Haste,
    /// Player teleports that did not count against the budget (free-teleport badges).
    FreeTeleportsUsed,
    /// The roles killed in this battle, as bits (bit `role.index()`), for a capture-role bonus.
    KilledRoles,
    /// Captures made by a team (first-capture badges).
    Captures(Team),
}

/// Sets `slot` to `after` when it holds `before`.
pub(super) fn replace<T: PartialEq + Copy>(slot: &mut T, before: &T, after: &T) -> bool {
    if slot != before {
        return false;
    }
    *slot = *after;
    true
}

/// Stores `value` in `slot` when it fits the slot's type.
pub(super) fn fit<T: TryFrom<u32>>(slot: &mut T, value: u32) -> bool {
    T::try_from(value).map(|v| *slot = v).is_ok()
}
