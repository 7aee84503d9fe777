//! The transposition table: a fixed-size hash table of search results, sized in MiB.

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
    entries: Vec<Entry<A>>,
    age: u8,
}

impl<A: Copy> TranspositionTable<A> {
    /// A table using about `mib` mebibytes (at least one entry).
    #[must_use]
    pub fn new(mib: usize) -> TranspositionTable<A> {
        let size = std::mem::size_of::<Entry<A>>().max(1);
        let len = (mib.saturating_mul(1 << 20) / size).max(1);
        TranspositionTable { entries: vec![Entry::empty(); len], age: 0 }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::empty());
        self.age = 0;
    }

    /// Marks the start of a new search (older entries become preferred victims).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no entries (never: it has at least one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Permille of the first 1000 slots filled by the current search (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n].iter().filter(|e| e.bound != Bound::None && e.age == self.age).count();
        (used * 1000 / n) as u32
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit<A>> {
        let e = &self.entries[self.index(key)];
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
        let e = &mut self.entries[i];
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
