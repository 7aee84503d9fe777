//! Legal move generation on the mailbox.
//!
//! Standard rules: checkers and pinned pieces are found once per node by walking the eight rays out of
//! the king (and the knight and pawn squares around it): [`crate::KingSafety`]. Then
//! * in double check only the king moves;
//! * in single check every other move must capture the checker or land between it and the king (its
//!   evasion squares), and pinned pieces cannot move at all;
//! * a pinned piece moves only along its pin ray;
//! * king moves are tested against attacks with the king lifted off the board, so a slider's ray through
//!   the king's square still counts;
//! * castling (standard and Chess960 alike) needs the right, empty squares between king, rook and
//!   their destinations, and no attacked square on the king's path with the rook lifted;
//! * en passant, the one move that removes two pieces from a rank, is tested on a copy of the board.
//!
//! No move is made and unmade to test it. Skirmish rules have no check, so their moves are the
//! pseudo-legal ones (kings included as capture targets).
//!
//! Source of the technique: the chessprogramming wiki pages "Move Generation", "Pin" and "Checks and
//! Pinned Pieces (Bitboards)", adapted to 10x12 rays.

use crate::castling::CastleCells;
use crate::mailbox::{
    self, DIAGONAL, EMPTY, KING_OFFSETS, KNIGHT_OFFSETS, ORTHOGONAL, PAWN_CAPTURES, PAWN_PUSH, PIECE_BASE,
    step,
};
use crate::mailbox::{DIAGONAL8, KING8, KNIGHT8, ORTHOGONAL8, ZONE_OFFSETS, step8};
use arrayvec::ArrayVec;

use crate::by_color::ByColor;

use crate::king_safety::{self, Scan};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::types::{Color, Role, Square};

/// What a moving piece may do on a cell, per cell code: 0 stop, 1 quiet move, 2 capture.
type TargetTable = [u8; 16];

/// The target table of side `us`; `quiet` = false marks empty cells 0 too (the noisy generator's
/// table: knights and kings then only capture).
const fn target_table(us: Color, kings_capturable: bool, quiet: bool) -> TargetTable {
    let mut t = [0u8; 16];
    t[EMPTY as usize] = quiet as u8;
    let mut code = PIECE_BASE as usize;
    while code < 16 {
        let is_enemy = (code & 1) != us as usize;
        let is_king = code >= (PIECE_BASE + 2 * Role::King as u8) as usize;
        if is_enemy && (kings_capturable || !is_king) {
            t[code] = 2;
        }
        code += 1;
    }
    t
}

/// Per rule set (standard, then skirmish where kings are captured) and generator (all moves, then
/// captures and promotions only), per side to move.
const TARGETS: [[ByColor<TargetTable>; 2]; 2] = [
    [
        ByColor::new(target_table(Color::White, false, true), target_table(Color::Black, false, true)),
        ByColor::new(target_table(Color::White, false, false), target_table(Color::Black, false, false)),
    ],
    [
        ByColor::new(target_table(Color::White, true, true), target_table(Color::Black, true, true)),
        ByColor::new(target_table(Color::White, true, false), target_table(Color::Black, true, false)),
    ],
];

/// Where generated moves go: a move list, or a counter for perft's bulk counting (with the counter
/// the compiler drops the construction of each move entirely).
pub(crate) trait MoveSink {
    /// Accepts one legal move.
    fn push(&mut self, m: Move);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        // MAX_MOVES bounds every position (see its proof); an overflow would panic, never corrupt.
        ArrayVec::push(self, m);
    }
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// A sink that keeps every capture and promotion and the other moves `keep` accepts, appending them to
/// a vector in the order they arrive.
pub(crate) struct NoisyAnd<'a, F: FnMut(&Move) -> bool> {
    pub(crate) out: &'a mut Vec<Move>,
    pub(crate) keep: F,
}

impl<F: FnMut(&Move) -> bool> MoveSink for NoisyAnd<'_, F> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if m.capture.is_some() || m.promotion.is_some() || (self.keep)(&m) {
            self.out.push(m);
        }
    }
}

/// Counts moves without storing them.
pub(crate) struct MoveCounter(pub(crate) usize);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Shared state of one generation call.
struct Gen<'a, S: MoveSink> {
    pos: &'a Position,
    list: &'a mut S,
    us: Color,
    targets: &'static TargetTable,
    /// Whether the side to move is in (single) check, so non-king moves must land in `mask`.
    in_check: bool,
    /// Cells that resolve the check: the checker and the cells between it and the king.
    mask: u128,
    /// Promotion choices: four under standard rules, the policy's one under skirmish rules.
    promotions: &'a [Role],
    standard: bool,
    /// Whether quiet moves are generated (false: captures and promotions only).
    quiet: bool,
}

impl<'a, S: MoveSink> Gen<'a, S> {
    /// A generator of the side to move's moves under standard rules, not (yet) in check.
    #[inline(always)]
    fn standard(pos: &'a Position, list: &'a mut S) -> Self {
        Gen {
            pos,
            list,
            us: pos.turn,
            targets: &TARGETS[0][0][pos.turn],
            in_check: false,
            mask: u128::MAX,
            promotions: &Role::PROMOTIONS,
            standard: true,
            quiet: true,
        }
    }

    /// Whether a non-king move to `to` is allowed by the check situation (no 128-bit test when not in
    /// check).
    #[inline(always)]
    fn allows(&self, to: usize) -> bool {
        !self.in_check || self.mask & (1u128 << to) != 0
    }

    #[inline(always)]
    fn add(&mut self, from: usize, to: usize, role: Role, code: u8, kind: MoveKind) {
        let capture = mailbox::captured_role(code);
        self.list.push(Move {
            from: Square::from_cell(from),
            to: Square::from_cell(to),
            role,
            capture,
            promotion: None,
            kind,
        });
    }

    #[inline(always)]
    fn add_pawn(&mut self, from: usize, to: usize, code: u8) {
        if self.pos.promotion_cells[to] & (1 << self.us as u8) != 0 {
            let capture = mailbox::captured_role(code);
            for &promotion in self.promotions {
                self.list.push(Move {
                    from: Square::from_cell(from),
                    to: Square::from_cell(to),
                    role: Role::Pawn,
                    capture,
                    promotion: Some(promotion),
                    kind: MoveKind::Normal,
                });
            }
        } else {
            self.add(from, to, Role::Pawn, code, MoveKind::Normal);
        }
    }

    /// Pawn pushes, double steps and captures (en passant is generated separately). `pin` restricts the
    /// pawn to one ray (0 = free).
    #[inline(always)]
    fn pawn(&mut self, from: usize, pin: isize) {
        let board = &self.pos.board;
        let us = self.us;
        let push = PAWN_PUSH[us];
        if pin == 0 || pin == push || pin == -push {
            let to = step(from, push);
            if board[to] == EMPTY {
                if self.allows(to) && (self.quiet || self.pos.promotion_cells[to] & (1 << self.us as u8) != 0)
                {
                    self.add_pawn(from, to, EMPTY);
                }
                if self.standard && self.quiet {
                    // The first cell of the pawns' start row (a2 = 31, a7 = 81): a pawn there may step twice.
                    let start_row = if us == Color::White { 31u8 } else { 81 };
                    let two = step(to, push);
                    if (from as u8).wrapping_sub(start_row) < 8 && board[two] == EMPTY && self.allows(two) {
                        self.add(from, two, Role::Pawn, EMPTY, MoveKind::DoubleStep);
                    }
                }
            }
        }
        for d in PAWN_CAPTURES[us] {
            if pin != 0 && pin != d && pin != -d {
                continue;
            }
            let to = step(from, d);
            let code = board[to];
            if self.targets[code as usize] == 2 && self.allows(to) {
                self.add_pawn(from, to, code);
            }
        }
    }

    #[inline(always)]
    fn knight(&mut self, from: usize) {
        let board = &self.pos.board;
        for d in KNIGHT_OFFSETS {
            let to = step(from, d);
            let code = board[to];
            if self.targets[code as usize] != 0 && self.allows(to) {
                self.add(from, to, Role::Knight, code, MoveKind::Normal);
            }
        }
    }

    #[inline(always)]
    fn ray(&mut self, from: usize, d: isize, role: Role) {
        let board = &self.pos.board;
        let mut to = step(from, d);
        if self.quiet && !self.in_check {
            // The common case without a test per cell.
            while board[to] == EMPTY {
                self.add(from, to, role, EMPTY, MoveKind::Normal);
                to = step(to, d);
            }
        } else {
            while board[to] == EMPTY {
                if self.quiet && self.allows(to) {
                    self.add(from, to, role, EMPTY, MoveKind::Normal);
                }
                to = step(to, d);
            }
        }
        let code = board[to];
        if self.targets[code as usize] == 2 && self.allows(to) {
            self.add(from, to, role, code, MoveKind::Normal);
        }
    }

    #[inline(always)]
    fn slider(&mut self, from: usize, role: Role, pin: isize) {
        if pin != 0 {
            let fits = match role {
                Role::Bishop => !mailbox::is_orthogonal(pin),
                Role::Rook => mailbox::is_orthogonal(pin),
                _ => true,
            };
            if fits {
                self.ray(from, pin, role);
                self.ray(from, -pin, role);
            }
            return;
        }
        let dirs: &[isize] = match role {
            Role::Bishop => &DIAGONAL,
            Role::Rook => &ORTHOGONAL,
            _ => &KING_OFFSETS,
        };
        for &d in dirs {
            self.ray(from, d, role);
        }
    }

    /// The moves of an unpinned slider, its side not in check, in the order [`Gen::ray`] gives them
    /// (ray by ray, nearest cell first, a capture last). `runs` holds each ray's empty cells and
    /// blocker, read eight cells at a time ([`mailbox::diagonal_runs`] and its kin); they become a
    /// byte of slot bits (bit `k` of ray `r`'s byte: the cell `k + 1` steps out, at the cell offset
    /// `offsets` gives, [`slot_offsets`] of the slider's rays), and one loop over the bits adds the
    /// moves, so the slider costs one hard-to-predict branch (the loop's end) rather than one per
    /// ray.
    #[inline(always)]
    fn runs<const N: usize>(&mut self, from: usize, role: Role, offsets: &[i8; 64], runs: [(u32, u8); N]) {
        let board = &self.pos.board;
        let quiet = if self.quiet { u64::MAX } else { 0 };
        let mut slots = 0u64;
        for (r, (empty, code)) in runs.into_iter().enumerate() {
            let capture = u64::from(self.targets[(code & 15) as usize] == 2);
            slots |= ((((1u64 << empty) - 1) & quiet) | capture << empty) << (8 * r);
        }
        while slots != 0 {
            let bit = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let to = step(from, isize::from(offsets[bit & 63]));
            self.add(from, to, role, board[to], MoveKind::Normal);
        }
    }

    /// Every move of the pieces other than the king, pinned pieces along their pin rays (or not at all
    /// with `skip_pinned`).
    fn pieces(&mut self, scan: &Scan, skip_pinned: bool) {
        let list = &self.pos.pieces[self.us];
        self.pieces_on(&list.cells[..list.len as usize], scan, skip_pinned);
    }

    /// Every move of the pieces other than the king under standard rules, not in check: role by
    /// role (pawns, knights, bishops, rooks, queens), each role's pieces from a1 to h8 (the
    /// per-role bitboards name them), a pinned piece along its pin ray. One loop per role, so no
    /// piece costs a dispatch on its role.
    fn pieces_by_role(&mut self, scan: &Scan) {
        debug_assert!(self.standard && !self.in_check);
        let mut pinned = 0u64;
        for &(cell, _) in &scan.pins[..scan.pin_count] {
            pinned |= 1 << mailbox::SQUARE_INDEX[cell as usize];
        }
        self.role_by_role(Role::Pawn, pinned, scan, |g, from| g.pawn(from, 0));
        self.role_by_role(Role::Knight, pinned, scan, Self::knight);
        self.role_by_role(Role::Bishop, pinned, scan, |g, from| {
            let runs = mailbox::diagonal_runs(&g.pos.lines, from as u8);
            g.runs(from, Role::Bishop, &DIAGONAL_SLOTS, runs);
        });
        self.role_by_role(Role::Rook, pinned, scan, |g, from| {
            let runs = mailbox::orthogonal_runs(&g.pos.board, &g.pos.lines, from as u8);
            g.runs(from, Role::Rook, &ORTHOGONAL_SLOTS, runs);
        });
        self.role_by_role(Role::Queen, pinned, scan, |g, from| {
            let runs = mailbox::queen_runs(&g.pos.board, &g.pos.lines, from as u8);
            g.runs(from, Role::Queen, &QUEEN_SLOTS, runs);
        });
    }

    /// The moves of the pieces of one role, from a1 to h8: `free` for those not on a square of
    /// `pinned` (bit `i`: square `i`), [`Gen::pinned`] for the others.
    #[inline(always)]
    fn role_by_role(&mut self, role: Role, pinned: u64, scan: &Scan, mut free: impl FnMut(&mut Self, usize)) {
        let mut set = self.pos.bitboards[mailbox::piece_code(self.us, role) as usize];
        while set != 0 {
            let from = mailbox::SQUARE_CELL[set.trailing_zeros() as usize] as usize;
            let bit = set & set.wrapping_neg();
            set ^= bit;
            if pinned & bit == 0 {
                free(self, from);
            } else {
                self.pinned(from, role, scan.pin_dir(from));
            }
        }
    }

    /// The moves of a pinned pawn or slider along its pin ray `pin` (a knight has none), out of
    /// line so the loops of [`Gen::pieces_by_role`] keep their unpinned paths short.
    #[inline(never)]
    fn pinned(&mut self, from: usize, role: Role, pin: isize) {
        if role == Role::Knight {
            // A pinned knight has no move.
        } else if role == Role::Pawn {
            self.pawn(from, pin);
        } else {
            self.slider(from, role, pin);
        }
    }

    /// [`Gen::pieces`] for the pieces on `cells` (cells that hold no piece of the side to move are
    /// skipped).
    #[inline(always)]
    fn pieces_on(&mut self, cells: &[u8], scan: &Scan, skip_pinned: bool) {
        for &cell in cells {
            let from = cell as usize;
            let code = self.pos.board[from];
            if !mailbox::is_piece(code) || mailbox::code_color(code) != self.us {
                continue;
            }
            let role = mailbox::code_role(code);
            let pin = if scan.is_pinned(from) {
                if skip_pinned {
                    continue;
                }
                scan.pin_dir(from)
            } else {
                0
            };
            match role {
                Role::Pawn => self.pawn(from, pin),
                Role::Knight => {
                    if pin == 0 {
                        self.knight(from);
                    }
                }
                // One arm per slider, so the role is not asked again ([`Gen::slider`] asks it).
                Role::Bishop if pin == 0 && !self.in_check => {
                    let runs = mailbox::diagonal_runs(&self.pos.lines, from as u8);
                    self.runs(from, role, &DIAGONAL_SLOTS, runs);
                }
                Role::Rook if pin == 0 && !self.in_check => {
                    let runs = mailbox::orthogonal_runs(&self.pos.board, &self.pos.lines, from as u8);
                    self.runs(from, role, &ORTHOGONAL_SLOTS, runs);
                }
                Role::Queen if pin == 0 && !self.in_check => {
                    let runs = mailbox::queen_runs(&self.pos.board, &self.pos.lines, from as u8);
                    self.runs(from, role, &QUEEN_SLOTS, runs);
                }
                Role::Bishop | Role::Rook | Role::Queen => self.slider(from, role, pin),
                Role::King => {
                    if !self.standard {
                        self.king_pseudo(from);
                    }
                }
            }
        }
    }

    /// [`Gen::pieces_on`] in single check (`mask` set, pinned pieces skipped), in the same order:
    /// a piece that could land on none of the cells resolving the check even on an empty board
    /// ([`mailbox::ATTACKS_BY_CODE`] for a knight, exact; `LINE_BIT` for a slider, the rays whose
    /// line holds such a cell) is passed over with a table lookup per cell, rather than having its
    /// rays walked and every cell refused. Out of line, so the common path's code stays as it is.
    #[inline(never)]
    fn pieces_in_check(&mut self, cells: &[u8], scan: &Scan, king: usize) {
        debug_assert!(self.in_check && scan.check_count == 1);
        let mut evasions = [scan.checker as u8; 7];
        let mut count = 1;
        if scan.check_dir != 0 {
            let mut c = step(king, scan.check_dir);
            while c != scan.checker {
                evasions[count] = c as u8;
                count += 1;
                c = step(c, scan.check_dir);
            }
        }
        let evasions = &evasions[..count];
        for &cell in cells {
            let from = cell as usize;
            let code = self.pos.board[from];
            if !mailbox::is_piece(code) || mailbox::code_color(code) != self.us || scan.is_pinned(from) {
                continue;
            }
            match mailbox::code_role(code) {
                Role::Pawn => self.pawn(from, 0),
                Role::King => {}
                Role::Knight => {
                    let row = &mailbox::ATTACKS_BY_CODE[(code & 15) as usize];
                    if evasions.iter().any(|&c| row[c as usize + 119 - from] != 0) {
                        self.knight(from);
                    }
                }
                role => {
                    // The rays (bit `i` for `KING_OFFSETS[i]`, the order of the slider's own
                    // directions) with a resolving cell on their line; only those can hold a move.
                    let mut rays = evasions.iter().fold(0u8, |m, &c| m | LINE_BIT[c as usize + 119 - from]);
                    rays &= match role {
                        Role::Bishop => 0xF0,
                        Role::Rook => 0x0F,
                        _ => 0xFF,
                    };
                    while rays != 0 {
                        let i = rays.trailing_zeros() as usize;
                        rays &= rays - 1;
                        self.ray_in_check(from, KING_OFFSETS[i], role);
                    }
                }
            }
        }
    }

    /// [`Gen::ray`] in single check: the ray's one move that resolves it, if any. A ray meets the
    /// resolving cells (the checker and the cells between it and the king) at most once where a
    /// move can land: a slider on their line stands beyond the checker (its ray reaches the
    /// checker first) or beyond the king (its own king blocks the ray), never between them.
    #[inline(always)]
    fn ray_in_check(&mut self, from: usize, d: isize, role: Role) {
        let board = &self.pos.board;
        let mut to = step(from, d);
        while board[to] == EMPTY {
            if self.mask & (1u128 << to) != 0 {
                if self.quiet {
                    self.add(from, to, role, EMPTY, MoveKind::Normal);
                }
                return;
            }
            to = step(to, d);
        }
        let code = board[to];
        if self.targets[code as usize] == 2 && self.mask & (1u128 << to) != 0 {
            self.add(from, to, role, code, MoveKind::Normal);
        }
    }

    fn king_pseudo(&mut self, from: usize) {
        let board = &self.pos.board;
        for d in KING_OFFSETS {
            let to = step(from, d);
            let code = board[to];
            if self.targets[code as usize] != 0 {
                self.add(from, to, Role::King, code, MoveKind::Normal);
            }
        }
    }

    /// The king's moves, then (with `castle`, when not in check) its castling moves. The attack
    /// questions of both are answered together: by one look at each enemy piece through the king-zone
    /// table when that is cheaper, else by a ray scan out of each cell asked about.
    fn king_moves(&mut self, king: usize, castle: bool) {
        let (pos, us) = (self.pos, self.us);
        let candidates = self.king_targets(king);
        self.king_moves_with(king, castle, candidates, |wanted| zone_attacks(pos, king, us, wanted));
    }

    /// The king's neighbours it could step to if they were safe (bit `i` for `king + KING_OFFSETS[i]`).
    #[inline(always)]
    fn king_targets(&self, king: usize) -> u16 {
        let board = &self.pos.board;
        let mut targets = 0u16;
        for (i, d) in KING_OFFSETS.into_iter().enumerate() {
            targets |= u16::from(self.targets[(board[step(king, d)] & 15) as usize] != 0) << i;
        }
        targets
    }

    /// [`Gen::king_moves`] with the attack questions answered by `attacks`: given the wanted bits of
    /// the king zone (`king + ZONE_OFFSETS[i]`), it returns those attacked with the king lifted.
    #[inline(always)]
    pub(crate) fn king_moves_with(
        &mut self,
        king: usize,
        castle: bool,
        candidates: u16,
        attacks: impl FnOnce(u16) -> u16,
    ) {
        let board = &self.pos.board;
        let mut wanted = candidates;
        // Castling: the right and the empty squares first; then the king's path squares join the
        // attack questions when the zone covers them and the rook stands in its corner (a rook there
        // cannot have been shielding the path, so lifting it changes nothing), else `can_castle` asks.
        let mut castles: [Option<(CastleCells, u16)>; 2] = [None, None];
        if castle && self.quiet && !self.pos.st.castling.is_empty() {
            for (side, king_side) in [true, false].into_iter().enumerate() {
                let Some(c) = self.pos.castling_path_clear(king_side) else { continue };
                // The path's zone bits were worked out with the geometry, from the king's start.
                let path = if c.king_from == king {
                    self.pos.castling_geometry.zone_path[self.us][side]
                } else {
                    u16::MAX
                };
                if path != u16::MAX {
                    wanted |= path;
                }
                castles[side] = Some((c, path));
            }
        }
        let attacked = if wanted == 0 { 0 } else { attacks(wanted) };
        let mut free = candidates & !attacked;
        while free != 0 {
            let i = free.trailing_zeros() as usize;
            free &= free - 1;
            let to = step(king, KING_OFFSETS[i]);
            self.add(king, to, Role::King, board[to], MoveKind::Normal);
        }
        for (side, kind) in [MoveKind::CastleKingSide, MoveKind::CastleQueenSide].into_iter().enumerate() {
            let Some((c, path)) = castles[side] else { continue };
            let legal = if path == u16::MAX { self.pos.castling_path_safe(&c) } else { path & attacked == 0 };
            if legal {
                self.add(c.king_from, c.king_to, Role::King, EMPTY, kind);
            }
        }
    }

    fn en_passant(&mut self) {
        let Some(ep) = self.pos.st.ep_square else { return };
        let us = self.us;
        let to = ep.cell();
        let captured = step(to, -PAWN_PUSH[us]);
        let pawn = mailbox::piece_code(self.us, Role::Pawn);
        for d in PAWN_CAPTURES[us] {
            let from = step(to, -d);
            if self.pos.board[from] == pawn && self.pos.ep_leaves_king_safe(from, to, captured) {
                self.list.push(Move {
                    from: Square::from_cell(from),
                    to: ep,
                    role: Role::Pawn,
                    capture: Some(Role::Pawn),
                    promotion: None,
                    kind: MoveKind::EnPassant,
                });
            }
        }
    }
}

/// Which of the `wanted` king-zone cells (bit `i` for `king + ZONE_OFFSETS[i]`, each inside the
/// board) the enemy of `us` attacks with the king lifted: the position's bitboards name the enemy
/// knights, pawns and king that touch each cell and the enemy sliders on a line through it; the
/// squares between such a slider and the cell ([`mailbox::BETWEEN`]) against the occupied ones,
/// the king lifted, say whether its line is open.
#[inline(always)]
fn zone_attacks(pos: &Position, king: usize, us: Color, wanted: u16) -> u16 {
    let board = &pos.board;
    let enemy = &pos.pieces[!us];
    // Against a few pieces one look at each (the king-zone table) answers every cell at once.
    if u32::from(enemy.len) <= ZONE_LIST_PER_CELL * wanted.count_ones() {
        let occupied = pos.occupied() & !mailbox::CELL_BIT[king];
        return king_safety::king_zone_attacks(board, enemy, king, wanted, occupied);
    }
    let bb = &pos.bitboards;
    let them = !us;
    let of = |role: Role| bb[mailbox::piece_code(them, role) as usize];
    let (knights, pawns, kings) = (of(Role::Knight), of(Role::Pawn), of(Role::King));
    let queens = of(Role::Queen);
    let (orthogonal, diagonal) = (of(Role::Rook) | queens, of(Role::Bishop) | queens);
    // The squares that stop a line, the king lifted.
    let occupied = if orthogonal | diagonal == 0 { 0 } else { pos.occupied() & !mailbox::CELL_BIT[king] };
    let mut attacked = 0;
    let mut todo = wanted;
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let target = step(king, ZONE_OFFSETS[i]);
        debug_assert!(mailbox::is_inside(target), "a wanted zone cell off the board: {target}");
        let sq = mailbox::SQUARE_INDEX[target] as usize;
        if (knights & mailbox::KNIGHT_SETS[sq])
            | (pawns & mailbox::PAWN_ATTACK_SETS[us][sq])
            | (kings & mailbox::KING_SETS[sq])
            != 0
        {
            attacked |= 1 << i;
            continue;
        }
        let mut sliders =
            (orthogonal & mailbox::ORTHOGONAL_LINES[sq]) | (diagonal & mailbox::DIAGONAL_LINES[sq]);
        let between = &mailbox::BETWEEN[sq];
        while sliders != 0 {
            let from = sliders.trailing_zeros() as usize;
            sliders &= sliders - 1;
            if between[from] & occupied == 0 {
                attacked |= 1 << i;
                break;
            }
        }
    }
    attacked
}

/// Up to this many enemy pieces per wanted cell, [`zone_attacks`] looks at each enemy piece;
/// beyond, it asks the bitboards about each cell.
const ZONE_LIST_PER_CELL: u32 = 1;

/// The cell offset of each slot bit of [`Gen::runs`] for rays along `dirs` (bit `8 * r + k`: `k + 1`
/// steps along ray `r`), so a move's cell is one lookup away.
const fn slot_offsets(dirs: &[i8]) -> [i8; 64] {
    let mut table = [0i8; 64];
    let mut bit = 0;
    while bit < 64 {
        table[bit] = dirs[(bit >> 3) % dirs.len()] * ((bit & 7) as i8 + 1);
        bit += 1;
    }
    table
}

/// [`slot_offsets`] of a bishop's rays ([`DIAGONAL8`]).
static DIAGONAL_SLOTS: [i8; 64] = slot_offsets(&DIAGONAL8);
/// [`slot_offsets`] of a rook's rays ([`ORTHOGONAL8`]).
static ORTHOGONAL_SLOTS: [i8; 64] = slot_offsets(&ORTHOGONAL8);
/// [`slot_offsets`] of a queen's rays ([`KING8`]).
static QUEEN_SLOTS: [i8; 64] = slot_offsets(&KING8);

/// The cells of the squares in `set` (bit `i`: square `i`, a1 = 0), from a1 to h8.
#[inline(always)]
fn cells_of(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros() as usize;
            set &= set - 1;
            mailbox::SQUARE_CELL[square] as usize
        })
    })
}

/// The cells of the pieces of `us` other than the king, in the order of [`Gen::pieces_by_role`]
/// (pawns, knights, bishops, rooks, queens, each from a1 to h8), and their number.
fn cells_by_role(pos: &Position, us: Color) -> ([u8; 64], usize) {
    let mut cells = [0u8; 64];
    let mut len = 0;
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for cell in cells_of(pos.bitboards[mailbox::piece_code(us, role) as usize]) {
            cells[len] = cell as u8;
            len += 1;
        }
    }
    (cells, len)
}

/// Sends the legal moves of the side to move to `list`: under standard rules the king's moves
/// (castling last), then the other pieces role by role (pawns, knights, bishops, rooks, queens),
/// each role's pieces from a1 to h8, then en passant, so the order depends on the position alone;
/// under skirmish rules piece by piece in the order of the side's piece list (which
/// [`Position::undo`] restores).
#[inline]
pub(crate) fn generate<S: MoveSink>(pos: &Position, list: &mut S) {
    generate_with(pos, list, true);
}

/// Sends the legal captures and promotions of the side to move to `list`, in the order
/// [`generate`] sends them (the other moves are never built).
#[inline]
pub(crate) fn generate_noisy<S: MoveSink>(pos: &Position, list: &mut S) {
    generate_with(pos, list, false);
}

/// [`generate`] with the quiet moves (`quiet`) or without them.
fn generate_with<S: MoveSink>(pos: &Position, list: &mut S, quiet: bool) {
    let us = pos.turn;
    match pos.rules {
        RuleSet::Standard => {
            let mut generator = Gen::standard(pos, list);
            generator.quiet = quiet;
            generator.targets = &TARGETS[0][usize::from(!quiet)][us];
            let king = pos.kings[us] as usize;
            if king == 0 {
                // No king: nothing to keep safe (an editor position).
                generator.pieces_by_role(&NO_PINS);
                generator.en_passant();
                return;
            }
            let scan = king_safety::scan_for(pos, king, us);
            generator.king_moves(king, scan.check_count == 0);
            if scan.check_count >= 2 {
                return;
            }
            if scan.check_count == 1 {
                generator.in_check = true;
                generator.mask = scan.evasions(king);
                let (cells, len) = cells_by_role(pos, us);
                generator.pieces_in_check(&cells[..len], &scan, king);
            } else {
                generator.pieces_by_role(&scan);
            }
            generator.en_passant();
        }
        RuleSet::Skirmish(policy) => {
            let promotion = [policy.role_for(pos, us)];
            let mut generator = Gen {
                pos,
                list,
                us,
                targets: &TARGETS[1][usize::from(!quiet)][us],
                in_check: false,
                mask: u128::MAX,
                promotions: &promotion,
                standard: false,
                quiet,
            };
            generator.pieces(&NO_PINS, false);
        }
    }
}

/// A sink that only notes whether one move was sent ([`is_legal`]).
struct Find {
    wanted: Move,
    found: bool,
}

impl MoveSink for Find {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.found |= m == self.wanted;
    }
}

/// Whether `m` is a legal move of the side to move: [`generate`] run for the moving piece only (the
/// king's moves, en passant, or one piece's moves), so the answer is the full generator's.
pub(crate) fn is_legal(pos: &Position, m: Move) -> bool {
    let us = pos.turn;
    let from = m.from.cell();
    let code = pos.board[from];
    if !mailbox::is_piece(code) || mailbox::code_color(code) != us || mailbox::code_role(code) != m.role {
        return false;
    }
    let mut sink = Find { wanted: m, found: false };
    let cells = [from as u8];
    match pos.rules {
        RuleSet::Standard => {
            let mut generator = Gen::standard(pos, &mut sink);
            let king = pos.kings[us] as usize;
            if king == 0 {
                if m.kind == MoveKind::EnPassant {
                    generator.en_passant();
                } else {
                    generator.pieces_on(&cells, &NO_PINS, false);
                }
            } else {
                let scan = king_safety::scan_for(pos, king, us);
                if from == king {
                    generator.king_moves(king, scan.check_count == 0);
                } else if scan.check_count < 2 {
                    let in_check = scan.check_count == 1;
                    if in_check {
                        generator.in_check = true;
                        generator.mask = scan.evasions(king);
                    }
                    if m.kind == MoveKind::EnPassant {
                        generator.en_passant();
                    } else {
                        generator.pieces_on(&cells, &scan, in_check);
                    }
                }
            }
        }
        RuleSet::Skirmish(policy) => {
            let promotion = [policy.role_for(pos, us)];
            let mut generator = Gen {
                pos,
                list: &mut sink,
                us,
                targets: &TARGETS[1][0][us],
                in_check: false,
                mask: u128::MAX,
                promotions: &promotion,
                standard: false,
                quiet: true,
            };
            generator.pieces_on(&cells, &NO_PINS, false);
        }
    }
    sink.found
}

/// For a cell delta `to - from` (indexed `+ 119`) on a rook or bishop line, bit `i` for the step
/// `KING_OFFSETS[i]` that leads from `from` towards `to` ([`mailbox::DIRECTION`] as a bit); 0 off
/// the lines.
const LINE_BIT: [u8; 239] = {
    let mut table = [0u8; 239];
    let mut delta = 0;
    while delta < 239 {
        let d = mailbox::DIRECTION[delta] as isize;
        let mut i = 0;
        while i < 8 {
            if d != 0 && KING_OFFSETS[i] == d {
                table[delta] = 1 << i;
            }
            i += 1;
        }
        delta += 1;
    }
    table
};

/// For a cell on the king's rank `delta` cells away, its king-zone bit (bit `i` for `king +
/// ZONE_OFFSETS[i]`), 0 when the zone does not hold it: the castling path's zone bits
/// ([`crate::castling::Castling::zone_path`]).
pub(crate) const fn rank_zone_bit(delta: isize) -> u16 {
    let mut i = 0;
    while i < ZONE_OFFSETS.len() {
        if ZONE_OFFSETS[i] == delta && delta != 0 {
            return 1 << i;
        }
        i += 1;
    }
    0
}

/// A scan with no checker and no pin, for positions without a king to keep safe.
const NO_PINS: Scan = Scan::CLEAR;

/// Per side to move and cell code: 1 where a non-pawn piece may land (an empty cell or an enemy piece
/// other than the king), else 0.
const LANDS: ByColor<[u8; 16]> = {
    let mut t = [[0u8; 16]; 2];
    let mut us = 0;
    while us < 2 {
        let table = target_table(if us == 0 { Color::White } else { Color::Black }, false, true);
        let mut code = 0;
        while code < 16 {
            t[us][code] = (table[code] != 0) as u8;
            code += 1;
        }
        us += 1;
    }
    ByColor::new(t[0], t[1])
};

/// Per side to move and cell code: 1 for an enemy piece other than the king (a capture), else 0.
const CAPTURES: ByColor<[u8; 16]> = {
    let mut t = [[0u8; 16]; 2];
    let mut us = 0;
    while us < 2 {
        let table = target_table(if us == 0 { Color::White } else { Color::Black }, false, true);
        let mut code = 0;
        while code < 16 {
            t[us][code] = (table[code] == 2) as u8;
            code += 1;
        }
        us += 1;
    }
    ByColor::new(t[0], t[1])
};

/// What counting the moves of one side's pieces needs besides the board.
#[derive(Clone, Copy)]
pub(crate) struct Counting<'a> {
    lands: &'static [u8; 16],
    captures: &'static [u8; 16],
    push: i8,
    /// The first cell of the pawns' start row (a2 = 31, a7 = 81): a pawn there may step twice.
    start_row: u8,
    promotion_bit: u8,
    capture_steps: [i8; 2],
    promotion_cells: &'a [u8; mailbox::CELLS],
    /// The position's line copies ([`mailbox::Lines`]), for rays read eight cells at a time.
    lines: &'a mailbox::Lines,
}

impl<'a> Counting<'a> {
    #[inline(always)]
    pub(crate) fn new(pos: &'a Position, us: Color) -> Counting<'a> {
        Counting {
            lands: &LANDS[us],
            captures: &CAPTURES[us],
            push: PAWN_PUSH[us] as i8,
            start_row: if us == Color::White { 31 } else { 81 },
            promotion_bit: 1 << us as u8,
            capture_steps: PAWN_CAPTURES[us].map(|d| d as i8),
            promotion_cells: &pos.promotion_cells,
            lines: &pos.lines,
        }
    }

    /// The number of moves of the piece on `cell` (not a king, not pinned, its side not in check)
    /// read straight off the board: knight jumps and pawn steps through one table lookup per target
    /// cell, slider rays walked once, four per promotion. `read` is told every cell looked at, so a
    /// caller can tell which board changes could alter the answer.
    #[inline(always)]
    pub(crate) fn piece(&self, board: &mailbox::Board, cell: u8, read: impl FnMut(u8)) -> usize {
        self.piece_with::<false>(board, cell, read)
    }

    /// [`Counting::piece`]; with `RUNS`, a slider's ray whose first cell is empty is read eight
    /// cells at a time from the board (ranks) or the line copies, and `read` hears of no slider cell.
    #[inline(always)]
    pub(crate) fn piece_with<const RUNS: bool>(
        &self,
        board: &mailbox::Board,
        cell: u8,
        read: impl FnMut(u8),
    ) -> usize {
        let mut n = 0;
        match board[cell as usize] >> 1 {
            2 => n += self.pawn_with(board, cell, read),
            3 => n += self.knight_with(board, cell, read),
            4 if RUNS => n += self.diagonal_runs(cell),
            5 if RUNS => n += self.orthogonal_runs(board, cell),
            6 if RUNS => n += self.orthogonal_runs(board, cell) + self.diagonal_runs(cell),
            4 => n += rays(board, cell, &DIAGONAL8, self.captures, read),
            5 => n += rays(board, cell, &ORTHOGONAL8, self.captures, read),
            6 => n += rays(board, cell, &KING8, self.captures, read),
            _ => {}
        }
        n
    }

    /// The moves of the pawn on `cell` (not pinned, its side not in check), below its seventh rank on
    /// a board without blocked tiles (so it cannot promote), summed without a branch: whether a pawn
    /// is blocked or can capture is hard to predict.
    #[inline(always)]
    fn pawn_below_seventh(&self, board: &mailbox::Board, cell: u8) -> usize {
        let empty = |c: u8| usize::from(board[c as usize] == EMPTY);
        let capture = |d: i8| self.captures[(board[step8(cell, d) as usize] & 15) as usize] as usize;
        let to = step8(cell, self.push);
        let push = empty(to);
        let double = push & usize::from(cell.wrapping_sub(self.start_row) < 8) & empty(step8(to, self.push));
        push + double + capture(self.capture_steps[0]) + capture(self.capture_steps[1])
    }

    /// The number of squares the pawn on `cell`, on its seventh rank of a board without blocked
    /// tiles, can move to (each a promotion, so four moves).
    #[inline(always)]
    fn pawn_on_seventh(&self, board: &mailbox::Board, cell: u8) -> usize {
        let capture = |d: i8| self.captures[(board[step8(cell, d) as usize] & 15) as usize] as usize;
        usize::from(board[step8(cell, self.push) as usize] == EMPTY)
            + capture(self.capture_steps[0])
            + capture(self.capture_steps[1])
    }

    /// The moves of the knight on `cell` (not pinned, its side not in check).
    #[inline(always)]
    fn knight(&self, board: &mailbox::Board, cell: u8) -> usize {
        self.knight_with(board, cell, |_| {})
    }

    /// The moves of the pawn on `cell` (not pinned, its side not in check), telling `read` every
    /// cell looked at: a push (and from the start row a
    /// double step) onto empty cells, a capture onto an enemy piece, four moves per promotion.
    #[inline(always)]
    fn pawn_with(&self, board: &mailbox::Board, cell: u8, mut read: impl FnMut(u8)) -> usize {
        let capture = |c: u8| self.captures[(board[c as usize] & 15) as usize] as usize;
        let promotes = |c: u8| usize::from(self.promotion_cells[c as usize] & self.promotion_bit != 0);
        let mut n = 0;
        let to = step8(cell, self.push);
        read(to);
        if board[to as usize] == EMPTY {
            n += 1 + 3 * promotes(to);
            if cell.wrapping_sub(self.start_row) < 8 {
                let two = step8(to, self.push);
                read(two);
                n += usize::from(board[two as usize] == EMPTY);
            }
        }
        for d in self.capture_steps {
            let to = step8(cell, d);
            read(to);
            if capture(to) != 0 {
                n += 1 + 3 * promotes(to);
            }
        }
        n
    }

    /// [`Counting::knight`], telling `read` every cell looked at.
    #[inline(always)]
    fn knight_with(&self, board: &mailbox::Board, cell: u8, mut read: impl FnMut(u8)) -> usize {
        let mut n = 0;
        for d in KNIGHT8 {
            let to = step8(cell, d);
            read(to);
            n += self.lands[(board[to as usize] & 15) as usize] as usize;
        }
        n
    }

    /// The moves of a bishop on `cell` (the diagonal rays of a queen): its rays in the order of
    /// [`DIAGONAL8`], each through [`open_ray`] on the line copies.
    #[inline(always)]
    fn diagonal_runs(&self, cell: u8) -> usize {
        let lines = self.lines;
        let [_, diagonal, anti] = mailbox::LINE_SLOTS[cell as usize].map(usize::from);
        open_ray(self.captures, mailbox::run_down(lines, anti))
            + open_ray(self.captures, mailbox::run_down(lines, diagonal))
            + open_ray(self.captures, mailbox::run_up(lines, anti))
            + open_ray(self.captures, mailbox::run_up(lines, diagonal))
    }

    /// The moves of a rook on `cell` (the orthogonal rays of a queen): rank rays read straight off
    /// the board, file rays off the line copy, each through [`open_ray`].
    #[inline(always)]
    fn orthogonal_runs(&self, board: &mailbox::Board, cell: u8) -> usize {
        let lines = self.lines;
        let file = mailbox::LINE_SLOTS[cell as usize][0] as usize;
        let at = cell as usize;
        open_ray(self.captures, mailbox::run_down(board, at))
            + open_ray(self.captures, mailbox::run_up(board, at))
            + open_ray(self.captures, mailbox::run_down(lines, file))
            + open_ray(self.captures, mailbox::run_up(lines, file))
    }
}

/// The moves along one ray given its `run` (its empty cells and the code that ends it, read eight
/// cells at a time): the empty cells, and a capture when the code is an enemy piece. No test of the
/// ray's first cell: whether a ray is open is hard to predict in the middlegame, and reading a
/// closed one costs little.
#[inline(always)]
fn open_ray(captures: &[u8; 16], (empty, code): (u32, u8)) -> usize {
    empty as usize + captures[(code & 15) as usize] as usize
}

/// The number of legal moves under standard rules, counted without building them: when the side to
/// move is not in check, every piece that is not pinned contributes the size of its move set read
/// straight off the board, role by role (pawns without a branch, those on their seventh rank apart;
/// knights by their eight cells; a slider's rays eight cells at a time, [`open_ray`]); only king
/// moves, castling, pinned pieces and en passant take the tests of the generator. In check (or
/// without a king, or under skirmish rules) the generator counts.
pub(crate) fn count(pos: &Position) -> usize {
    let us = pos.turn;
    let king = pos.kings[us] as usize;
    if !pos.rules.is_standard() || king == 0 {
        let mut counter = MoveCounter(0);
        generate(pos, &mut counter);
        return counter.0;
    }
    let board = &pos.board;
    let scan = king_safety::scan_for(pos, king, us);
    if scan.check_count != 0 {
        let mut counter = MoveCounter(0);
        generate(pos, &mut counter);
        return counter.0;
    }
    let mut n = king_and_pinned(pos, king, &scan, None, |wanted| zone_attacks(pos, king, us, wanted));
    let counting = Counting::new(pos, us);
    // Every piece as if free, role by role (the per-role piece sets of the bitboards name the
    // cells; the moves are walked on the mailbox), then the pinned ones (counted by
    // `king_and_pinned`) taken back out: no pin test and no dispatch on the role per piece.
    let of = |role: Role| pos.bitboards[mailbox::piece_code(us, role) as usize];
    let pawns = of(Role::Pawn);
    if pos.bitboards[mailbox::BLOCKED as usize] == 0 {
        // On a board without blocked tiles a pawn promotes exactly when it leaves its seventh rank.
        let seventh = if us == Color::White { 0x00FF_0000_0000_0000 } else { 0xFF00 };
        n += sum_over_cells(pawns & !seventh, |cell| counting.pawn_below_seventh(board, cell));
        n += 4 * sum_over_cells(pawns & seventh, |cell| counting.pawn_on_seventh(board, cell));
    } else {
        n += sum_over_cells(pawns, |cell| counting.pawn_with(board, cell, |_| {}));
    }
    n += sum_over_cells(of(Role::Knight), |cell| counting.knight(board, cell));
    n += sum_over_cells(of(Role::Bishop), |cell| counting.diagonal_runs(cell));
    n += sum_over_cells(of(Role::Rook), |cell| counting.orthogonal_runs(board, cell));
    n += sum_over_cells(of(Role::Queen), |cell| {
        counting.orthogonal_runs(board, cell) + counting.diagonal_runs(cell)
    });
    for &(cell, _) in &scan.pins[..scan.pin_count] {
        n -= counting.piece_with::<true>(board, cell, |_| {});
    }
    n
}

/// The sum of `count` over the cells of the squares in `set` (bit `i`: square `i`, a1 = 0).
#[inline(always)]
fn sum_over_cells(mut set: u64, mut count: impl FnMut(u8) -> usize) -> usize {
    let mut n = 0;
    while set != 0 {
        n += count(mailbox::SQUARE_CELL[set.trailing_zeros() as usize]);
        set &= set - 1;
    }
    n
}

/// The moves of the king (castling included, attack questions answered by `attacks`, see
/// [`Gen::king_moves_with`]), of the pinned pieces and en passant, for a side not in check.
#[inline(always)]
fn king_and_pinned(
    pos: &Position,
    king: usize,
    scan: &Scan,
    candidates: Option<u16>,
    attacks: impl FnOnce(u16) -> u16,
) -> usize {
    let mut counter = MoveCounter(0);
    let mut generator = Gen::standard(pos, &mut counter);
    let candidates = candidates.unwrap_or_else(|| generator.king_targets(king));
    generator.king_moves_with(king, true, candidates, attacks);
    if pos.st.ep_square.is_some() {
        generator.en_passant();
    }
    for &(cell, pin) in &scan.pins[..scan.pin_count] {
        let from = cell as usize;
        match mailbox::code_role(pos.board[from]) {
            Role::Pawn => generator.pawn(from, pin as isize),
            Role::Knight | Role::King => {}
            role => generator.slider(from, role, pin as isize),
        }
    }
    counter.0
}

/// The number of moves along `dirs` from `from`: the empty cells of each ray and a capture at its end.
#[inline(always)]
fn rays(
    board: &crate::mailbox::Board,
    from: u8,
    dirs: &[i8],
    captures: &[u8; 16],
    mut read: impl FnMut(u8),
) -> usize {
    let mut n = 0;
    for &d in dirs {
        let mut to = step8(from, d);
        while board[to as usize] == EMPTY {
            read(to);
            n += 1;
            to = step8(to, d);
        }
        read(to);
        n += captures[(board[to as usize] & 15) as usize] as usize;
    }
    n
}

/// [`Siblings`] keeps checkers, pins and king-zone answers against more enemy pieces than this.
const KEEP_AGAINST: u8 = 8;

/// Perft's last two plies: the moves of the side to move in every child of one node (`them`, the
/// side not to move in the parent), counted with what the children share. A child's board differs
/// from the parent's on at most four cells, so a piece of `them` whose count read none of them keeps
/// its count, the king's checkers and pins stay those of the parent unless a changed cell lies on one
/// of its lines up to the second piece (or a knight or pawn cell around it), and a king-zone cell's
/// attack answer stays known unless its scan read a changed cell. Exact: every answer is recomputed
/// from the child's board as soon as it read a cell that changed.
pub(crate) struct Siblings {
    /// The king of `them` (it does not move between the parent and its children).
    king: usize,
    /// The pieces of `them` in the parent, their cells and move counts (0 for the king).
    cells: [u8; 64],
    counts: [u8; 64],
    /// The sum of `counts`.
    total: usize,
    /// Per cell, the pieces (bit = index into `cells`) whose count read it.
    readers: [u64; 128],
    /// Whether checkers, pins and king-zone answers are kept: only against many enemy pieces (with few,
    /// looking at each of them is cheaper than keeping the answers, whose rays are long).
    keep: bool,
    /// The number of pieces in `cells`.
    len: usize,
    /// The king's neighbours (as square bits) and the parent's [`Gen::king_targets`] among them.
    neighbours: u64,
    king_targets: u16,
    /// Per cell of a piece of `them`, its index into `cells`.
    slot: [u8; 128],
    /// The parent's checkers and pins of `them`, and the cells that scan read.
    scan: Scan,
    scan_reads: u64,
    /// King-zone cells with a known attack answer, the answers, and the cells each answer read.
    zone_known: u16,
    zone_attacked: u16,
    zone_reads: [u64; 10],
}

impl Siblings {
    /// What the children of `pos` can share, or `None` when the counting shortcut does not apply
    /// (skirmish rules, or no king for the side to move in the children).
    pub(crate) fn new(pos: &Position) -> Option<Siblings> {
        let them = !pos.turn;
        let king = pos.kings[them] as usize;
        if !pos.rules.is_standard() || king == 0 {
            return None;
        }
        let board = &pos.board;
        let counting = Counting::new(pos, them);
        let list = &pos.pieces[them];
        let keep = pos.pieces[pos.turn].len > KEEP_AGAINST;
        let mut s = Siblings {
            king,
            cells: list.cells,
            counts: [0; 64],
            total: 0,
            readers: [0; 128],
            keep,
            len: list.len as usize,
            neighbours: KING_OFFSETS.iter().fold(0, |m, &d| m | mailbox::CELL_BIT[step(king, d)]),
            king_targets: {
                let mut counter = MoveCounter(0);
                let generator = Gen {
                    pos,
                    list: &mut counter,
                    us: them,
                    targets: &TARGETS[0][0][them],
                    in_check: false,
                    mask: u128::MAX,
                    promotions: &Role::PROMOTIONS,
                    standard: true,
                    quiet: true,
                };
                generator.king_targets(king)
            },
            slot: [0; 128],
            scan: if keep { king_safety::scan_cells(board, king, them) } else { Scan::CLEAR },
            scan_reads: if keep { king_safety::scan_reads(board, king, them) } else { u64::MAX },
            zone_known: 0,
            zone_attacked: 0,
            zone_reads: [0; 10],
        };
        for (i, &cell) in list.cells[..list.len as usize].iter().enumerate() {
            s.slot[cell as usize & 127] = i as u8;
            let bit = 1u64 << i;
            let readers = &mut s.readers;
            let n = counting.piece(board, cell, |c| readers[c as usize & 127] |= bit);
            readers[cell as usize & 127] |= bit;
            s.counts[i] = n as u8;
            s.total += n;
        }
        Some(s)
    }

    /// The cells a move of the parent changes: from and to, the captured pawn's cell of an en
    /// passant capture, the king's and rook's cells of castling (repeats fill the unused places).
    #[inline(always)]
    pub(crate) fn changed_cells(pos: &Position, m: Move) -> [usize; 4] {
        let (from, to) = (m.from.cell(), m.to.cell());
        match m.kind {
            MoveKind::EnPassant => [from, to, step(to, -PAWN_PUSH[pos.turn]), to],
            MoveKind::CastleKingSide | MoveKind::CastleQueenSide => {
                let c = pos.castling_geometry.cells(pos.turn, m.kind == MoveKind::CastleKingSide);
                [c.king_from, c.king_to, c.rook_from, c.rook_to]
            }
            _ => [from, to, to, to],
        }
    }

    /// The number of legal moves in a child of the parent: `pos` after the parent's move that
    /// changed the cells `changed`, made by [`Position::make_for_count`] (so the piece list of the
    /// side to move is not read: its pieces are the parent's, less any captured).
    pub(crate) fn count(&mut self, pos: &Position, changed: [usize; 4]) -> usize {
        let us = pos.turn;
        let king = self.king;
        let changed_bits = changed.iter().fold(0u64, |m, &c| m | mailbox::CELL_BIT[c & 255]);
        let scan = if self.scan_reads & changed_bits == 0 {
            self.scan
        } else {
            king_safety::scan_for(pos, king, us)
        };
        if scan.check_count != 0 {
            return self.evasions(pos, &scan);
        }
        let board = &pos.board;
        let candidates = (self.neighbours & changed_bits == 0).then_some(self.king_targets);
        let mut n =
            king_and_pinned(pos, king, &scan, candidates, |wanted| self.zone(pos, wanted, changed_bits));
        let mut redo = changed.iter().fold(0u64, |m, &c| m | self.readers[c & 127]);
        for &(cell, _) in &scan.pins[..scan.pin_count] {
            redo |= 1u64 << self.slot[cell as usize & 127];
        }
        n += self.total;
        let counting = Counting::new(pos, us);
        while redo != 0 {
            let i = redo.trailing_zeros() as usize;
            redo &= redo - 1;
            n -= self.counts[i] as usize;
            let cell = self.cells[i];
            let code = board[cell as usize];
            // Captured (an enemy piece stands there now), pinned (counted above) or the king: nothing.
            if mailbox::is_piece(code) && mailbox::code_color(code) == us && !scan.is_pinned(cell as usize) {
                n += counting.piece(board, cell, |_| {});
            }
        }
        n
    }

    /// The number of moves in check: as [`generate`] counts them, over the parent's pieces.
    fn evasions(&self, pos: &Position, scan: &Scan) -> usize {
        let king = self.king;
        let mut counter = MoveCounter(0);
        let mut generator = Gen::standard(pos, &mut counter);
        generator.king_moves(king, false);
        if scan.check_count == 1 {
            generator.in_check = true;
            generator.mask = scan.evasions(king);
            generator.pieces_in_check(&self.cells[..self.len], scan, king);
            generator.en_passant();
        }
        counter.0
    }

    /// The attack answers for the wanted king-zone cells: known ones whose scan read no changed cell
    /// are reused; the others are scanned on the child's board (and kept when that scan read no
    /// changed cell, so the answer is the parent's too).
    #[inline(always)]
    fn zone(&mut self, pos: &Position, wanted: u16, changed_bits: u64) -> u16 {
        let us = pos.turn;
        if !self.keep {
            return zone_attacks(pos, self.king, us, wanted);
        }
        let mut attacked = 0;
        // Known answers that this child's move may have changed: asked the usual way.
        let mut rest = 0;
        let mut todo = wanted;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let bit = 1u16 << i;
            if self.zone_known & bit != 0 {
                if self.zone_reads[i] & changed_bits == 0 {
                    attacked |= self.zone_attacked & bit;
                } else {
                    rest |= bit;
                }
                continue;
            }
            let (hit, reads) =
                king_safety::attacked_reads(&pos.board, step(self.king, ZONE_OFFSETS[i]), !us, self.king);
            if reads & changed_bits == 0 {
                self.zone_known |= bit;
                self.zone_reads[i] = reads;
                self.zone_attacked = (self.zone_attacked & !bit) | if hit { bit } else { 0 };
            }
            if hit {
                attacked |= bit;
            }
        }
        if rest != 0 {
            attacked |= zone_attacks(pos, self.king, us, rest);
        }
        attacked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The legal moves in single check by the general walk: every piece's rays walked and each
    /// cell tested against the check mask ([`Gen::pieces_on`]), the path [`Gen::pieces_in_check`]
    /// shortens.
    fn walked_in_check(pos: &Position, quiet: bool) -> Vec<Move> {
        let us = pos.turn;
        let king = pos.kings[us] as usize;
        let scan = king_safety::scan_for(pos, king, us);
        assert_eq!(scan.check_count, 1);
        let mut list = Vec::new();
        let mut generator = Gen::standard(pos, &mut list);
        generator.quiet = quiet;
        generator.targets = &TARGETS[0][usize::from(!quiet)][us];
        generator.king_moves(king, false);
        generator.in_check = true;
        generator.mask = scan.evasions(king);
        let (cells, len) = cells_by_role(pos, us);
        generator.pieces_on(&cells[..len], &scan, true);
        generator.en_passant();
        list
    }

    /// Calls `check` on `pos` and on every node of the next `depth` plies.
    fn walk(pos: &mut Position, depth: u32, check: &mut impl FnMut(&Position)) {
        check(pos);
        if depth > 0 {
            for m in pos.legal_moves() {
                pos.play_unchecked(m);
                walk(pos, depth - 1, check);
                pos.undo();
            }
        }
    }

    /// In single check, the moves (and the captures and promotions alone) are those of the general
    /// walk, in its order: every single-check node of three plies from positions rich in checks
    /// and pins (kiwipete, position 4, a Chess960 start, two endgames).
    #[test]
    fn moves_in_check_match_the_general_walk_in_order() {
        let mut checked = 0;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/8/2n1q3/8/3B4/R3K2R w KQ - 0 1",
        ] {
            walk(&mut Position::from_fen(fen).unwrap(), 3, &mut |pos| {
                let king = pos.kings[pos.turn] as usize;
                if king_safety::scan_for(pos, king, pos.turn).check_count == 1 {
                    for quiet in [true, false] {
                        let mut fast = Vec::new();
                        generate_with(pos, &mut fast, quiet);
                        assert_eq!(
                            fast,
                            walked_in_check(pos, quiet),
                            "{} (quiet moves: {quiet})",
                            pos.to_fen()
                        );
                    }
                    checked += 1;
                }
            });
        }
        assert!(checked > 1000, "only {checked} positions in check");
    }

    /// `count_legal_moves` (sliders' open rays read from the board and the line copies, pinned
    /// pieces taken back out, castling from the geometry) equals the length of the legal list at
    /// every node of three plies from positions with open lines, pins, checks, castling on both
    /// sides, en passant and promotions, standard and Chess960.
    #[test]
    fn counting_matches_the_list_everywhere() {
        let mut visited = 0;
        let mut starts: Vec<Position> = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "1q5k/8/8/3pP3/8/8/8/Q6K w - d6 0 2",
        ]
        .into_iter()
        .map(|fen| Position::from_fen(fen).unwrap())
        .collect();
        starts.extend([0, 518, 959].map(|n| Position::chess960_start(n).unwrap()));
        for mut pos in starts {
            walk(&mut pos, 3, &mut |pos| {
                assert_eq!(pos.count_legal_moves(), pos.legal_moves().len(), "{}", pos.to_fen());
                visited += 1;
            });
        }
        assert!(visited > 100_000, "only {visited} positions");
    }
}
