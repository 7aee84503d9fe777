//! Zobrist hashing keys, generated at compile time by a `const fn` pseudo-random generator.
//!
//! Source: A. L. Zobrist, "A New Hashing Method with Application for Game Playing" (1970); the
//! generator is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014). The keys are fixed: a position's key is the same on every machine and in every run.

use crate::mailbox::CELLS;

/// Number of cell codes that carry a key: codes 0..16 (empty and sentinel codes get zero keys).
const CODES: usize = 16;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// All keys of the scheme.
pub(crate) struct Keys {
    /// One key per (cell code, mailbox cell). Pieces and blocked tiles have keys; empty cells do not.
    pub(crate) cells: [[u64; CELLS]; CODES],
    /// Xored in when Black is to move.
    pub(crate) black_to_move: u64,
    /// One key per castling-rights bit set (all 16 combinations, precomputed).
    pub(crate) castling: [u64; 16],
    /// One key per file of the en passant square.
    pub(crate) en_passant_file: [u64; 8],
}

pub(crate) static KEYS: Keys = {
    let mut state = 0x6A09_E667_F3BC_C908u64; // an arbitrary fixed seed (the first SHA-512 constant)
    let mut cells = [[0u64; CELLS]; CODES];
    let mut code = 1; // code 0 (empty) has no key
    while code < CODES {
        if code != crate::mailbox::OFFBOARD as usize && code != 3 {
            let mut cell = 0;
            while cell < CELLS {
                let (s, k) = splitmix64(state);
                state = s;
                if crate::mailbox::is_inside(cell) {
                    cells[code][cell] = k;
                }
                cell += 1;
            }
        }
        code += 1;
    }
    let (s, black_to_move) = splitmix64(state);
    state = s;
    let mut bits = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, k) = splitmix64(state);
        state = s;
        bits[i] = k;
        i += 1;
    }
    let mut castling = [0u64; 16];
    let mut set = 0;
    while set < 16 {
        let mut b = 0;
        while b < 4 {
            if set & (1 << b) != 0 {
                castling[set] ^= bits[b];
            }
            b += 1;
        }
        set += 1;
    }
    let mut en_passant_file = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        let (s, k) = splitmix64(state);
        state = s;
        en_passant_file[f] = k;
        f += 1;
    }
    Keys { cells, black_to_move, castling, en_passant_file }
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = Vec::new();
        for code in 1..CODES {
            for cell in 0..CELLS {
                if KEYS.cells[code][cell] != 0 {
                    all.push(KEYS.cells[code][cell]);
                }
            }
        }
        // 12 piece codes + the blocked code, 64 cells each.
        assert_eq!(all.len(), 13 * 64);
        all.push(KEYS.black_to_move);
        all.extend(&KEYS.en_passant_file);
        all.extend(&KEYS.castling[1..]);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
