//! The freeze counters: remaining ticks per square, with a bit mask of the frozen squares kept beside
//! them (so "which squares are frozen" costs one word), and compact undo snapshots.

use gambit_rules::{Square, SquareSet};

/// Remaining freeze ticks per square (0 = not frozen) and the mask of the squares above 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Frozen {
    ticks: [u32; 64],
    mask: u64,
}

/// The counters as they were, for undo: the frozen squares' ticks inline when few are frozen (as in any
/// real game), all 64 otherwise.
#[derive(Clone, Debug)]
pub(crate) enum FrozenSnapshot {
    /// The mask and the ticks of its squares in ascending order (at most [`INLINE`]).
    Few { mask: u64, ticks: [u32; INLINE] },
    /// Every counter.
    All(Box<[u32; 64]>),
}

/// How many frozen squares a snapshot stores inline.
const INLINE: usize = 6;

impl Default for Frozen {
    fn default() -> Frozen {
        Frozen { ticks: [0; 64], mask: 0 }
    }
}

impl Frozen {
    /// The ticks of `square`.
    #[inline]
    pub(crate) fn get(&self, square: Square) -> u32 {
        self.ticks[square.index() as usize]
    }

    /// Sets the ticks of `square` (0 releases it).
    #[inline]
    pub(crate) fn set(&mut self, square: Square, ticks: u32) {
        let i = square.index() as usize;
        self.ticks[i] = ticks;
        if ticks > 0 {
            self.mask |= 1 << i;
        } else {
            self.mask &= !(1 << i);
        }
    }

    /// The frozen squares as a bit mask (a1 = bit 0).
    #[inline]
    pub(crate) fn mask(&self) -> u64 {
        self.mask
    }

    /// The frozen squares.
    #[inline]
    pub(crate) fn squares(&self) -> SquareSet {
        SquareSet::from_bits(self.mask)
    }

    /// Lowers every counter by `ticks`, never below 0.
    pub(crate) fn decay(&mut self, ticks: u32) {
        for sq in self.squares() {
            let t = self.get(sq).saturating_sub(ticks);
            self.set(sq, t);
        }
    }

    /// A snapshot for [`Frozen::restore`].
    pub(crate) fn snapshot(&self) -> FrozenSnapshot {
        if self.mask.count_ones() as usize <= INLINE {
            let mut ticks = [0; INLINE];
            for (slot, sq) in self.squares().iter().enumerate() {
                ticks[slot] = self.get(sq);
            }
            FrozenSnapshot::Few { mask: self.mask, ticks }
        } else {
            FrozenSnapshot::All(Box::new(self.ticks))
        }
    }

    /// Restores the counters of a snapshot.
    pub(crate) fn restore(&mut self, snapshot: FrozenSnapshot) {
        match snapshot {
            FrozenSnapshot::Few { mask, ticks } => {
                for sq in self.squares() {
                    self.set(sq, 0);
                }
                for (slot, sq) in SquareSet::from_bits(mask).iter().enumerate() {
                    self.set(sq, ticks[slot]);
                }
            }
            FrozenSnapshot::All(ticks) => {
                self.ticks = *ticks;
                self.mask =
                    self.ticks.iter().enumerate().fold(0, |m, (i, &t)| if t > 0 { m | 1 << i } else { m });
            }
        }
    }
}
