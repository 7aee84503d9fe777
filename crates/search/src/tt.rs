//! The transposition table: a fixed-size hash table of search results, sized in MiB.
//!
//! One thread owns its slots directly; for Lazy SMP the table becomes shared, each slot behind its own
//! lock (no `unsafe` and no packing of the game's action type into an atomic word).

use std::sync::{Arc, Mutex};

use crate::score::{from_tt, to_tt};

/// What a stored score proves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// An empty slot.
    None,
    /// The exact score.
    Exact,
    /// A lower bound (the node failed high).
    Lower,
    /// An upper bound (the node failed low).
    Upper,
}

#[derive(Copy, Clone)]
struct Entry<A> {
    key: u64,
    action: Option<A>,
    score: i32,
    depth: i16,
    bound: Bound,
    age: u8,
}

/// A probe hit.
pub(crate) struct Hit<A> {
    pub action: Option<A>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// Transposition table: one entry per slot, always-replace unless the slot holds a deeper result of the
/// current search for another key. Mate scores are stored relative to the node (adjusted by ply).
pub struct TranspositionTable<A> {
    slots: Slots<A>,
    age: u8,
}

enum Slots<A> {
    /// One thread's table.
    Own(Vec<Entry<A>>),
    /// A table shared by the threads of a parallel search.
    Shared(Arc<[Mutex<Entry<A>>]>),
}

/// Reads a shared slot (a poisoned lock still holds a valid entry: entries are plain data).
#[inline]
fn read<A: Copy>(slot: &Mutex<Entry<A>>) -> Entry<A> {
    *slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl<A: Copy> TranspositionTable<A> {
    /// A table using about `mib` mebibytes (at least one entry).
    #[must_use]
    pub fn new(mib: usize) -> TranspositionTable<A> {
        let size = std::mem::size_of::<Entry<A>>().max(1);
        let len = (mib.saturating_mul(1 << 20) / size).max(1);
        TranspositionTable { slots: Slots::Own(vec![Entry::empty(); len]), age: 0 }
    }

    /// Empties the table (every handle of a shared table sees it empty).
    pub fn clear(&mut self) {
        match &mut self.slots {
            Slots::Own(entries) => entries.fill(Entry::empty()),
            Slots::Shared(slots) => {
                for s in slots.iter() {
                    *s.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Entry::empty();
                }
            }
        }
        self.age = 0;
    }

    /// Makes the table shareable between threads (keeping its entries) and returns a handle to it.
    /// The slots of the same size take more memory once shared (a lock each).
    pub(crate) fn share(&mut self) -> TranspositionTable<A> {
        if let Slots::Own(entries) = &mut self.slots {
            let shared: Arc<[Mutex<Entry<A>>]> =
                std::mem::take(entries).into_iter().map(Mutex::new).collect();
            self.slots = Slots::Shared(shared);
        }
        self.clone_handle()
    }

    /// Another handle to the same shared table, or a fresh table of the same length for an own one.
    pub(crate) fn clone_handle(&self) -> TranspositionTable<A> {
        let slots = match &self.slots {
            Slots::Shared(s) => Slots::Shared(Arc::clone(s)),
            Slots::Own(e) => Slots::Own(vec![Entry::empty(); e.len()]),
        };
        TranspositionTable { slots, age: self.age }
    }

    /// The current search's age (helpers of a parallel search use the main searcher's).
    pub(crate) fn age(&self) -> u8 {
        self.age
    }

    /// See [`TranspositionTable::age`].
    pub(crate) fn set_age(&mut self, age: u8) {
        self.age = age;
    }

    /// Marks the start of a new search (older entries become preferred victims).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.slots {
            Slots::Own(e) => e.len(),
            Slots::Shared(s) => s.len(),
        }
    }

    /// Whether the table has no entries (never: it has at least one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Permille of the first 1000 slots filled by the current search (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let n = self.len().min(1000);
        let used =
            (0..n).map(|i| self.entry(i)).filter(|e| e.bound != Bound::None && e.age == self.age).count();
        (used * 1000 / n) as u32
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.len() as u128) >> 64) as usize
    }

    #[inline]
    fn entry(&self, i: usize) -> Entry<A> {
        match &self.slots {
            Slots::Own(e) => e[i],
            Slots::Shared(s) => read(&s[i]),
        }
    }

    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit<A>> {
        let e = self.entry(self.index(key));
        (e.bound != Bound::None && e.key == key).then(|| Hit {
            action: e.action,
            score: from_tt(e.score, ply),
            depth: i32::from(e.depth),
            bound: e.bound,
        })
    }

    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        action: Option<A>,
    ) {
        let age = self.age;
        let i = self.index(key);
        match &mut self.slots {
            Slots::Own(entries) => Self::replace(&mut entries[i], key, ply, depth, score, bound, action, age),
            Slots::Shared(slots) => {
                let mut e = slots[i].lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                Self::replace(&mut e, key, ply, depth, score, bound, action, age);
            }
        }
    }

    /// The replacement rule applied to one slot.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn replace(
        e: &mut Entry<A>,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        action: Option<A>,
        age: u8,
    ) {
        if e.key == key || e.age != age || depth >= i32::from(e.depth) - 2 || e.bound == Bound::None {
            let action = if action.is_none() && e.key == key { e.action } else { action };
            *e = Entry {
                key,
                action,
                score: to_tt(score, ply),
                depth: depth.clamp(-1, 1000) as i16,
                bound,
                age,
            };
        }
    }
}

impl<A: Copy> Entry<A> {
    fn empty() -> Entry<A> {
        Entry { key: 0, action: None, score: 0, depth: 0, bound: Bound::None, age: 0 }
    }
}
