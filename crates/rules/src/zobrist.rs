//! Zobrist hashing keys, generated at compile time by [`splitmix64`], and that generator itself.
//!
//! Source: A. L. Zobrist, "A New Hashing Method with Application for Game Playing" (1970); the
//! generator is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014). The keys are fixed: a position's key is the same on every machine and in every run.

use crate::mailbox::CELLS;

/// Number of cell codes that carry a key: codes 0..16 (empty and sentinel codes get zero keys).
const CODES: usize = 16;

/// The SplitMix64 increment (the golden ratio as a 64-bit fraction).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64: the output for generator state `z`, i.e. `z + 0x9E3779B97F4A7C15` put through the
/// generator's finaliser (two xor-shift-multiply rounds and a final xor-shift).
///
/// Two uses: as a generator, call it with `seed`, `seed + GAMMA`, `seed + 2 GAMMA`, ... (a state that
/// advances by `0x9E3779B97F4A7C15`); as a 64-bit mixer for hash keys, `k = splitmix64(k ^ value)`
/// (every input bit affects every output bit; the map is a bijection on `u64`). Deterministic and
/// `const`: the Zobrist keys of this crate are generated with it at compile time.
///
/// Source: G. L. Steele Jr., D. Lea and C. H. Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014; the constants are those of the reference implementation (`java.util.SplittableRandom`
/// and S. Vigna's `splitmix64.c`, public domain).
///
/// ```
/// use gambit_rules::splitmix64;
/// // The first output of Vigna's splitmix64.c seeded with 0.
/// assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
/// assert_ne!(splitmix64(1), splitmix64(2));
/// ```
#[must_use]
pub const fn splitmix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One step of the generator: the output for `state` and the next state.
const fn next(state: u64) -> (u64, u64) {
    (state.wrapping_add(GAMMA), splitmix64(state))
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
    /// The en passant key by the en passant square's mailbox cell (a `u8`, 0 for none: no key).
    pub(crate) en_passant_cell: [u64; 256],
}

pub(crate) static KEYS: Keys = {
    let mut state = 0x6A09_E667_F3BC_C908u64; // an arbitrary fixed seed (the first SHA-512 constant)
    let mut cells = [[0u64; CELLS]; CODES];
    let mut code = 1; // code 0 (empty) has no key
    while code < CODES {
        if code != crate::mailbox::OFFBOARD as usize && code != 3 {
            let mut cell = 0;
            while cell < CELLS {
                let (s, k) = next(state);
                state = s;
                if crate::mailbox::is_inside(cell) {
                    cells[code][cell] = k;
                }
                cell += 1;
            }
        }
        code += 1;
    }
    let (s, black_to_move) = next(state);
    state = s;
    let mut bits = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, k) = next(state);
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
        let (s, k) = next(state);
        state = s;
        en_passant_file[f] = k;
        f += 1;
    }
    let mut en_passant_cell = [0u64; 256];
    let mut cell = 0;
    while cell < CELLS {
        if crate::mailbox::is_inside(cell) {
            en_passant_cell[cell] = en_passant_file[cell % 10 - 1];
        }
        cell += 1;
    }
    Keys { cells, black_to_move, castling, en_passant_file, en_passant_cell }
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// Keys are part of saved state (transposition tables, repetition history): they never change.
    /// Values printed by the generator before it was made public (commit a6fe168).
    #[test]
    fn keys_are_stable() {
        for (fen, key) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x7659_1d4d_4aab_0c14),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", 0x5cf4_2892_5664_7e64),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0xdc27_4a8c_0af9_bee4),
        ] {
            assert_eq!(Position::from_fen(fen).unwrap().key(), key, "{fen}");
        }
    }

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
