//! Bitboards for the evaluation and the static exchange evaluation: one 64-bit set per colour and role
//! (bit `i` = square index `i`, a1 = 0), read from the sets the position keeps, and attack sets from
//! tables computed at compile time (sliders by the classical ray method: the ray up to its first
//! blocker).

use gambit_rules::{Color, Position, Role};

/// Squares on file a.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Squares on file h.
pub(crate) const FILE_H: u64 = FILE_A << 7;

/// The pieces of a standard position as bitboards.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Board {
    /// `roles[color][role]`: the squares of that colour's pieces of that role.
    pub roles: [[u64; 6]; 2],
    /// Every piece of a colour.
    pub colors: [u64; 2],
    /// Every piece.
    pub occupied: u64,
}

impl Board {
    /// The bitboards of `pos`, read from the sets the position keeps up to date
    /// ([`Position::bitboard`]; blocked tiles are not pieces and are not in them).
    #[inline]
    pub(crate) fn of(pos: &Position) -> Board {
        let mut b = Board { roles: [[0; 6]; 2], colors: [0; 2], occupied: 0 };
        for color in Color::ALL {
            let c = color.index();
            for role in Role::ALL {
                let set = pos.bitboard(color, role).bits();
                b.roles[c][role.index()] = set;
                b.colors[c] |= set;
            }
        }
        b.occupied = b.colors[0] | b.colors[1];
        b
    }

    /// The bitboards of `pos` built from its piece lists (what [`Board::of`] reads ready-made; the
    /// tests compare the two).
    #[cfg(test)]
    pub(crate) fn new(pos: &Position) -> Board {
        let mut b = Board { roles: [[0; 6]; 2], colors: [0; 2], occupied: 0 };
        for color in Color::ALL {
            let c = color.index();
            for (sq, piece) in pos.pieces(color) {
                let bit = 1u64 << sq.index();
                b.roles[c][piece.role.index()] |= bit;
                b.colors[c] |= bit;
            }
        }
        b.occupied = b.colors[0] | b.colors[1];
        b
    }

    /// The pieces of `color` and `role`.
    #[inline]
    pub(crate) fn pieces(&self, color: usize, role: Role) -> u64 {
        self.roles[color][role.index()]
    }

    /// Every piece of either colour that attacks `sq` with the board occupied by `occupied` (pieces
    /// outside `occupied` are ignored, as in an exchange where they were captured).
    pub(crate) fn attackers(&self, sq: usize, occupied: u64) -> u64 {
        let [w, b] = self.roles;
        let diagonal = (w[2] | w[4] | b[2] | b[4]) & bishop_attacks(sq, occupied);
        let straight = (w[3] | w[4] | b[3] | b[4]) & rook_attacks(sq, occupied);
        let pawns = (PAWN_ATTACKS[1][sq] & w[0]) | (PAWN_ATTACKS[0][sq] & b[0]);
        let leapers = KNIGHT[sq] & (w[1] | b[1]) | KING[sq] & (w[5] | b[5]);
        (diagonal | straight | pawns | leapers) & occupied
    }
}

const fn leaper(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// Knight moves from each square.
pub(crate) const KNIGHT: [u64; 64] =
    leaper(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
/// King moves from each square.
pub(crate) const KING: [u64; 64] =
    leaper(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
/// `PAWN_ATTACKS[color][sq]`: the squares a pawn of that colour on `sq` attacks.
pub(crate) const PAWN_ATTACKS: [[u64; 64]; 2] = [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])];

/// Ray directions (file step, rank step): the first four increase the square index.
const DIRECTIONS: [(i32, i32); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (1, -1), (-1, -1)];

const fn rays() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                t[d][sq] |= 1u64 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `RAYS[direction][sq]`: every square from `sq` (excluded) to the edge.
const RAYS: [[u64; 64]; 8] = rays();

/// The ray from `sq` in direction `d` up to and including its first piece. Without a branch: the
/// search for the first blocker also sees h8 (rising rays) or a1 (falling rays), whose ray in that
/// direction is empty, so an unblocked ray removes nothing.
#[inline]
fn ray(d: usize, sq: usize, occupied: u64) -> u64 {
    let r = RAYS[d][sq];
    let blockers = r & occupied;
    let first =
        if d < 4 { (blockers | 1 << 63).trailing_zeros() } else { 63 - (blockers | 1).leading_zeros() };
    r ^ RAYS[d][first as usize]
}

/// Bishop attacks from `sq` (up to and including the first piece in each direction).
#[inline]
pub(crate) fn bishop_attacks(sq: usize, occupied: u64) -> u64 {
    ray(2, sq, occupied) | ray(3, sq, occupied) | ray(6, sq, occupied) | ray(7, sq, occupied)
}

/// Rook attacks from `sq`.
#[inline]
pub(crate) fn rook_attacks(sq: usize, occupied: u64) -> u64 {
    ray(0, sq, occupied) | ray(1, sq, occupied) | ray(4, sq, occupied) | ray(5, sq, occupied)
}

/// The squares attacked by the pawns in `pawns` of colour `color` (0 white, 1 black).
#[inline]
pub(crate) fn pawn_attacks(color: usize, pawns: u64) -> u64 {
    if color == 0 {
        ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(name: &str) -> u64 {
        let sq: gambit_rules::Square = name.parse().unwrap();
        1u64 << sq.index()
    }

    #[test]
    fn attack_tables_agree_with_the_rules() {
        // Every attacker the rules crate finds is found from the bitboards, on assorted positions.
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let b = Board::new(&pos);
            let kept = Board::of(&pos);
            assert_eq!((kept.roles, kept.colors, kept.occupied), (b.roles, b.colors, b.occupied));
            for sq in gambit_rules::Square::all() {
                for color in Color::ALL {
                    let mut want = 0u64;
                    for s in pos.attackers(sq, color) {
                        want |= 1u64 << s.index();
                    }
                    let got = b.attackers(usize::from(sq.index()), b.occupied) & b.colors[color.index()];
                    assert_eq!(got, want, "{fen} {sq} {color:?}");
                }
            }
        }
        assert_eq!(KNIGHT[0], bit("b3") | bit("c2"));
        assert_eq!(pawn_attacks(0, bit("a2") | bit("h2")), bit("b3") | bit("g3"));
        assert_eq!(rook_attacks(0, bit("a3")), bit("a2") | bit("a3") | (0xfe));
    }
}
