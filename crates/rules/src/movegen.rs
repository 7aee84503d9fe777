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

use crate::mailbox::{
    self, DIAGONAL, EMPTY, KING_OFFSETS, KNIGHT_OFFSETS, ORTHOGONAL, PAWN_CAPTURES, PAWN_PUSH, PIECE_BASE,
    step,
};
use arrayvec::ArrayVec;

use crate::by_color::ByColor;

use crate::king_safety::{self, Pin};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, attacked_from_list, attacked_on};
use crate::rules::RuleSet;
use crate::square_set::SquareSet;
use crate::types::{Color, Role, Square};

/// Up to this many enemy pieces, attack tests walk the enemy's piece list (see `enemy_attacks`).
const SHORT_LIST: u8 = 10;

/// What a moving piece may do on a cell, per cell code: 0 stop, 1 quiet move, 2 capture.
type TargetTable = [u8; 16];

const fn target_table(us: Color, kings_capturable: bool) -> TargetTable {
    let mut t = [0u8; 16];
    t[EMPTY as usize] = 1;
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

/// Per rule set (standard, then skirmish where kings are captured), per side to move.
const TARGETS: [ByColor<TargetTable>; 2] = [
    ByColor::new(target_table(Color::White, false), target_table(Color::Black, false)),
    ByColor::new(target_table(Color::White, true), target_table(Color::Black, true)),
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
    /// Squares that resolve the check: the checker and the squares between it and the king.
    mask: SquareSet,
    /// Promotion choices: four under standard rules, the policy's one under skirmish rules.
    promotions: &'a [Role],
    standard: bool,
}

impl<S: MoveSink> Gen<'_, S> {
    /// Whether a non-king move to `to` is allowed by the check situation (no 128-bit test when not in
    /// check).
    #[inline(always)]
    fn allows(&self, to: usize) -> bool {
        !self.in_check || self.mask.contains(Square::from_cell(to))
    }

    #[inline(always)]
    fn add(&mut self, from: usize, to: usize, role: Role, code: u8, kind: MoveKind) {
        let capture = mailbox::is_piece(code).then(|| mailbox::code_role(code));
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
            let capture = mailbox::is_piece(code).then(|| mailbox::code_role(code));
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
                if self.allows(to) {
                    self.add_pawn(from, to, EMPTY);
                }
                if self.standard {
                    let start_row = if us == Color::White { 3 } else { 8 };
                    let two = step(to, push);
                    if from / 10 == start_row && board[two] == EMPTY && self.allows(two) {
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
        while board[to] == EMPTY {
            if self.allows(to) {
                self.add(from, to, role, EMPTY, MoveKind::Normal);
            }
            to = step(to, d);
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

    /// Every move of the pieces other than the king; `pins` lists the pinned pieces with their rays.
    fn pieces(&mut self, pins: &[Pin], skip_pinned: bool) {
        let list = &self.pos.pieces[self.us];
        for &cell in &list.cells[..list.len as usize] {
            let from = cell as usize;
            let code = self.pos.board[from];
            let role = mailbox::code_role(code);
            let pin = pins.iter().find(|p| p.pinned.cell() == from).map_or(0, |p| p.dir as isize);
            if pin != 0 && skip_pinned {
                continue;
            }
            match role {
                Role::Pawn => self.pawn(from, pin),
                Role::Knight => {
                    if pin == 0 {
                        self.knight(from);
                    }
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

    /// Whether the enemy attacks `target` (with `ignore` treated as empty): through the enemy's piece
    /// list when it is short, else by scanning out from the target.
    #[inline(always)]
    fn enemy_attacks(&self, target: usize, ignore: usize) -> bool {
        let them = !self.us;
        let list = &self.pos.pieces[them];
        if list.len <= SHORT_LIST {
            attacked_from_list(&self.pos.board, list, target, ignore)
        } else {
            attacked_on(&self.pos.board, target, them, ignore)
        }
    }

    fn king_legal(&mut self, king: usize) {
        let board = &self.pos.board;
        for d in KING_OFFSETS {
            let to = step(king, d);
            let code = board[to];
            if self.targets[code as usize] != 0 && !self.enemy_attacks(to, king) {
                self.add(king, to, Role::King, code, MoveKind::Normal);
            }
        }
    }

    fn castling(&mut self) {
        if self.pos.castling.is_empty() {
            return;
        }
        for (king_side, kind) in [(true, MoveKind::CastleKingSide), (false, MoveKind::CastleQueenSide)] {
            if let Some(c) = self.pos.can_castle(king_side) {
                self.add(c.king_from, c.king_to, Role::King, EMPTY, kind);
            }
        }
    }

    fn en_passant(&mut self) {
        let Some(ep) = self.pos.ep_square else { return };
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

/// Sends the legal moves of the side to move to `list`.
pub(crate) fn generate<S: MoveSink>(pos: &Position, list: &mut S) {
    let us = pos.turn;
    match pos.rules {
        RuleSet::Standard => {
            let mut generator = Gen {
                pos,
                list,
                us,
                targets: &TARGETS[0][us],
                in_check: false,
                mask: SquareSet::FULL,
                promotions: &Role::PROMOTIONS,
                standard: true,
            };
            let king = pos.kings[us] as usize;
            if king == 0 {
                // No king: nothing to keep safe (an editor position).
                generator.pieces(&[], false);
                generator.en_passant();
                return;
            }
            let safety = king_safety::scan(pos, king, us);
            generator.king_legal(king);
            if safety.is_double_check() {
                return;
            }
            let in_check = safety.is_check();
            if in_check {
                generator.in_check = true;
                generator.mask = safety.evasions();
            } else {
                generator.castling();
            }
            generator.pieces(safety.pins(), in_check);
            generator.en_passant();
        }
        RuleSet::Skirmish(policy) => {
            let promotion = [policy.role_for(pos, us)];
            let mut generator = Gen {
                pos,
                list,
                us,
                targets: &TARGETS[1][us],
                in_check: false,
                mask: SquareSet::FULL,
                promotions: &promotion,
                standard: false,
            };
            generator.pieces(&[], false);
        }
    }
}
