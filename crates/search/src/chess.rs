//! [`Game`] for standard chess (and skirmish boards): `gambit_rules::Position`.

use gambit_rules::{Move, MoveKind, Position, Role};

use crate::eval;
use crate::eval::bitboard::{Board, KING, KNIGHT, PAWN_ATTACKS, bishop_attacks, rook_attacks};
use crate::game::{Game, Terminal};

impl Game for Position {
    type Action = Move;

    const HISTORY_SLOTS: usize = 64 * 64;
    /// Colour, role and destination square of the moving piece.
    const CONT_SLOTS: usize = 2 * 6 * 64;

    fn side(&self) -> u8 {
        self.turn().index() as u8
    }

    fn actions(&self, out: &mut Vec<Move>) {
        out.clear();
        self.append_legal_moves(out);
    }

    /// Captures and promotions from the rules crate's noisy generator (the quiet moves are never
    /// built).
    fn noisy_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        self.append_noisy_moves(out);
    }

    fn is_noisy(&self, m: &Move) -> bool {
        m.capture.is_some() || m.promotion.is_some()
    }

    fn play(&mut self, m: Move) {
        self.play_unchecked(m);
    }

    fn undo(&mut self, _m: Move) {
        Position::undo(self);
    }

    /// [`eval::evaluate_full`], through a per-thread cache of 16,384 entries keyed by the position's hash
    /// key (re-searches and transpositions evaluate the same positions again).
    fn evaluate(&self) -> i32 {
        const SLOTS: usize = 1 << 14;
        thread_local! {
            static CACHE: std::cell::RefCell<Vec<(u64, i32)>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let key = self.key();
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.is_empty() {
                cache.resize(SLOTS, (0, 0));
            }
            let slot = &mut cache[(key as usize) & (SLOTS - 1)];
            if slot.0 == key && key != 0 {
                return slot.1;
            }
            let score = eval::evaluate_full(self);
            *slot = (key, score);
            score
        })
    }

    /// Draws inside the tree (standard rules only): a repetition of any earlier position since the last
    /// irreversible move (one repetition suffices: the side that could repeat can force it again), the
    /// fifty-move rule (100 plies, unless the mover is checkmated) and insufficient material.
    /// Under skirmish rules only [`Game::no_actions`] ends the game; objectives belong to the battle layer.
    fn terminal(&self) -> Option<Terminal> {
        if !self.rules().is_standard() {
            return None;
        }
        // Draw detection: repetition.
        if self.is_repetition() {
            return Some(Terminal::Draw);
        }
        // Draw detection: fifty-move rule (mate on the 100th ply takes precedence).
        if self.halfmove_clock() >= 100 && !(self.is_check() && self.legal_moves().is_empty()) {
            return Some(Terminal::Draw);
        }
        if self.is_insufficient_material() {
            return Some(Terminal::Draw);
        }
        None
    }

    fn no_actions(&self) -> Terminal {
        if self.rules().is_standard() && self.is_check() { Terminal::Loss } else { Terminal::Draw }
    }

    fn key(&self) -> u64 {
        Position::key(self)
    }

    /// MVV-LVA for captures (most valuable victim first, then least valuable attacker), promotions by
    /// the new role's value, quiet moves by their middlegame piece-square gain.
    fn hint(&self, m: &Move) -> i32 {
        let mut h = 0;
        if let Some(victim) = m.capture {
            // MVV-LVA.
            h += 10 * victim_value(victim) - victim_value(m.role) / 10;
        }
        if let Some(p) = m.promotion {
            h += 10 * p.value();
        }
        if h == 0 {
            let us = self.turn();
            let (from, _) = eval::piece_square(us, m.role, usize::from(m.from.index()));
            let (to, _) = eval::piece_square(us, m.role, usize::from(m.to.index()));
            h = (to - from).clamp(-500, 500) - 1000;
        }
        h
    }

    fn capture_gain(&self, m: &Move) -> Option<i32> {
        let mut gain = m.capture.map_or(0, victim_value);
        if let Some(p) = m.promotion {
            gain += p.value() - Role::Pawn.value();
        }
        Some(gain)
    }

    fn history_slot(&self, m: &Move) -> usize {
        usize::from(m.from.index()) * 64 + usize::from(m.to.index())
    }

    fn cont_slot(&self, m: &Move) -> usize {
        (self.turn().index() * 6 + m.role.index()) * 64 + usize::from(m.to.index())
    }

    /// [`Position::is_check`], answered from the position's bitboards when they suffice (a slider's
    /// attack is confirmed on the mailbox, where a blocked tile can stop it).
    fn in_check(&self) -> bool {
        self.rules().is_standard() && in_check(self)
    }

    /// Null move only when not in check and the mover has a piece other than pawns and king (the usual
    /// zugzwang guard).
    fn play_null(&mut self) -> bool {
        if !self.rules().is_standard() || self.is_check() {
            return false;
        }
        let us = self.turn();
        let has_piece =
            [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].into_iter().any(|r| self.count(us, r) > 0);
        if has_piece {
            Position::play_null(self);
        }
        has_piece
    }

    fn undo_null(&mut self) {
        Position::undo(self);
    }

    /// The swap algorithm under standard rules; elsewhere (skirmish boards) the material won at once.
    fn see_ge(&self, m: &Move, threshold: i32) -> bool {
        if self.rules().is_standard() {
            see_ge(self, m, threshold)
        } else {
            self.capture_gain(m).unwrap_or(0) >= threshold
        }
    }

    /// Captures and promotions; with `checks`, also the quiet moves that give check directly or by
    /// discovery (castling excluded), under standard rules.
    fn quiescence_actions(&self, checks: bool, out: &mut Vec<Move>) {
        out.clear();
        if !checks || !self.rules().is_standard() {
            self.noisy_actions(out);
            return;
        }
        let b = Board::of(self);
        let us = self.turn().index();
        let Some(king) = (b.roles[1 - us][5] != 0).then(|| b.roles[1 - us][5].trailing_zeros() as usize)
        else {
            self.noisy_actions(out);
            return;
        };
        let checks = CheckSquares::new(&b, us, king);
        self.append_noisy_moves_and(out, |m| !m.is_castle() && checks.gives_check(&b, us, king, m));
    }
}

/// [`Position::is_check`] under standard rules, cheaper: on the bitboards, a king attacked by no
/// piece through the occupied squares is attacked by none through the mailbox either (a blocked tile,
/// which the bitboards do not hold, can only stop a slider), and a pawn, knight or king attack is one
/// either way; a slider's attack (or an unexpected number of kings) is confirmed by the mailbox walk.
fn in_check(pos: &Position) -> bool {
    let (us, them) = (pos.turn(), !pos.turn());
    let king = pos.bitboard(us, Role::King).bits();
    if king.count_ones() != 1 {
        return pos.is_check();
    }
    let k = king.trailing_zeros() as usize;
    let theirs = |r: Role| pos.bitboard(them, r).bits();
    if PAWN_ATTACKS[us.index()][k] & theirs(Role::Pawn) != 0
        || KNIGHT[k] & theirs(Role::Knight) != 0
        || KING[k] & theirs(Role::King) != 0
    {
        return true;
    }
    let queens = theirs(Role::Queen);
    let (diagonal, straight) = (theirs(Role::Bishop) | queens, theirs(Role::Rook) | queens);
    if diagonal | straight == 0 {
        return false;
    }
    let mut occupied = 0;
    for color in [us, them] {
        for role in Role::ALL {
            occupied |= pos.bitboard(color, role).bits();
        }
    }
    if bishop_attacks(k, occupied) & diagonal == 0 && rook_attacks(k, occupied) & straight == 0 {
        return false;
    }
    pos.is_check()
}

/// Per node: the squares from which each role of the mover would attack the enemy king, and the
/// mover's pieces that stand between that king and one of its sliders (candidates for a discovered
/// check).
struct CheckSquares {
    by_role: [u64; 6],
    discoverers: u64,
}

impl CheckSquares {
    fn new(b: &Board, us: usize, king: usize) -> CheckSquares {
        let diagonal = bishop_attacks(king, b.occupied);
        let straight = rook_attacks(king, b.occupied);
        let r = &b.roles[us];
        let mut discoverers = 0;
        let mut blockers = (diagonal | straight) & b.colors[us];
        while blockers != 0 {
            let sq = blockers & blockers.wrapping_neg();
            blockers ^= sq;
            let without = b.occupied ^ sq;
            if bishop_attacks(king, without) & (r[2] | r[4]) & !diagonal != 0
                || rook_attacks(king, without) & (r[3] | r[4]) & !straight != 0
            {
                discoverers |= sq;
            }
        }
        CheckSquares {
            by_role: [PAWN_ATTACKS[1 - us][king], KNIGHT[king], diagonal, straight, diagonal | straight, 0],
            discoverers,
        }
    }

    fn gives_check(&self, b: &Board, us: usize, king: usize, m: &Move) -> bool {
        let to = 1u64 << m.to.index();
        self.by_role[m.role.index()] & to != 0
            || (self.discoverers & (1u64 << m.from.index()) != 0 && gives_check(b, us, king, m))
    }
}

/// Static exchange values, centipawns: pawn, knight, bishop, rook, queen, king.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Whether the quiet move `m` of colour `us` checks the enemy king on `king` (a square index), directly
/// or by discovery, on the bitboards `b` of the position before the move.
fn gives_check(b: &Board, us: usize, king: usize, m: &Move) -> bool {
    let (from, to) = (usize::from(m.from.index()), usize::from(m.to.index()));
    let occupied = b.occupied ^ (1u64 << from) ^ (1u64 << to);
    let moved = |set: u64, role: &[Role]| {
        if role.contains(&m.role) { set & !(1u64 << from) | (1u64 << to) } else { set }
    };
    let r = &b.roles[us];
    match m.role {
        Role::Pawn if PAWN_ATTACKS[us][to] & (1u64 << king) != 0 => return true,
        Role::Knight if KNIGHT[to] & (1u64 << king) != 0 => return true,
        _ => {}
    }
    let diagonal = moved(r[2] | r[4], &[Role::Bishop, Role::Queen]);
    let straight = moved(r[3] | r[4], &[Role::Rook, Role::Queen]);
    bishop_attacks(king, occupied) & diagonal != 0 || rook_attacks(king, occupied) & straight != 0
}

/// Static exchange evaluation of `m` against `threshold` (the swap algorithm on bitboards; pins are
/// ignored, x-rays through the exchanged pieces are seen).
fn see_ge(pos: &Position, m: &Move, threshold: i32) -> bool {
    if m.is_castle() {
        return threshold <= 0;
    }
    let (from, to) = (usize::from(m.from.index()), usize::from(m.to.index()));
    let mut swap = m.capture.map_or(0, |r| SEE_VALUE[r.index()]) - threshold;
    if let Some(p) = m.promotion {
        swap += SEE_VALUE[p.index()] - SEE_VALUE[0];
    }
    if swap < 0 {
        return false;
    }
    let on_square = m.promotion.unwrap_or(m.role);
    swap = SEE_VALUE[on_square.index()] - swap;
    if swap <= 0 {
        return true;
    }
    let b = Board::of(pos);
    let mut occupied = b.occupied ^ (1u64 << from) | (1u64 << to);
    if m.kind == MoveKind::EnPassant {
        let captured = if pos.turn().index() == 0 { to - 8 } else { to + 8 };
        occupied ^= 1u64 << captured;
    }
    let [w, bl] = b.roles;
    let diagonal = w[2] | w[4] | bl[2] | bl[4];
    let straight = w[3] | w[4] | bl[3] | bl[4];
    let mut attackers = b.attackers(to, occupied);
    let mut side = pos.turn().index();
    let mut result = true;
    loop {
        side ^= 1;
        attackers &= occupied;
        let mine = attackers & b.colors[side];
        if mine == 0 {
            break;
        }
        result = !result;
        let Some(role) = (0..6).find(|&r| mine & b.roles[side][r] != 0) else { break };
        if role == 5 {
            // The king captures last: only if the square is no longer defended.
            return if attackers & b.colors[side ^ 1] != 0 { !result } else { result };
        }
        swap = SEE_VALUE[role] - swap;
        if swap < i32::from(result) {
            break;
        }
        let piece = mine & b.roles[side][role];
        occupied ^= piece & piece.wrapping_neg();
        // Sliders behind the captured piece join in (x-rays).
        if matches!(role, 0 | 2 | 4) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, 3 | 4) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    result
}

fn victim_value(r: Role) -> i32 {
    if r == Role::King { 2000 } else { r.value() }
}

#[cfg(test)]
mod tests {
    use gambit_rules::{Position, RuleSet};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::game::Game;

    #[test]
    fn in_check_is_the_mailbox_answer() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            // Blocked tiles under standard rules: they stop sliders, which the bitboards do not see.
            "4k3/8/8/8/8/8/8/r1*1K3 w - - 0 1",
            "4k3/4r3/4*3/8/8/2*5/1b6/4K3 w - - 0 1",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(18);
        let (mut checks, mut total) = (0, 0);
        for _ in 0..400 {
            let fen = fens[rng.gen_range(0..fens.len())];
            let Ok(mut pos) = Position::from_fen_with(fen, RuleSet::Standard) else {
                panic!("{fen}");
            };
            for _ in 0..rng.gen_range(0..60) {
                assert_eq!(pos.in_check(), pos.is_check(), "{}", pos.to_fen());
                total += 1;
                checks += usize::from(pos.is_check());
                let moves = pos.legal_moves();
                let Some(&m) = moves.choose(&mut rng) else { break };
                pos.play_unchecked(m);
            }
        }
        assert!(checks > 100 && total > 5000, "{checks} checks in {total} positions");
    }
}
