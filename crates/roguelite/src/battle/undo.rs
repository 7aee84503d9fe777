//! The search's play and undo: an action applied without step 1's validation, after saving what an
//! action can change into a reused record, and an undo that puts all of it back exactly.
//!
//! What an action can change: the skills board (position, cooldowns, frozen squares, its log and undo
//! history), the units (HP, maximum HP, armour, role, square, life; reinforcements and summoned pawns
//! appended), the square map, the clouds and dormant walls, the pack, the counters (budget, moves,
//! ply, side to move, pending reposition, status, kings, kills, statistics, Haste, captures, free
//! teleports), the units that teleported recently (for the promotion statistics) and, when events are on, the events. The rest of a battle (shape, objective, bonus,
//! skill tuning, team rules, whether the enemy has skills, royal kings, quiet) never changes after
//! [`Battle::new`](super::Battle::new).

use gambit_rules::{ByColor, Move, MoveKind, Role, Square};
use gambit_skills::SkillBoard;

use super::{Battle, BattleAction, BattleStats, BattleStatus, Cloud, PROMOTION, PackSlot, Unit};
use crate::items::PACK_SIZE;
use crate::types::{PieceId, Team};

/// The small counters of a battle, copied whole.
#[derive(Copy, Clone, Debug)]
struct Counters {
    budget: u32,
    moves_used: u32,
    to_move: Team,
    pending: Option<PieceId>,
    status: BattleStatus,
    ply: u32,
    had_king: ByColor<bool>,
    killed_roles: u8,
    stats: BattleStats,
    pack: [Option<PackSlot>; PACK_SIZE],
    haste: u8,
    captures: ByColor<u16>,
    free_teleports_used: u8,
    events: usize,
}

/// What [`Battle::play_unchecked`] saved, for [`Battle::undo`]. Keep one per search ply and reuse
/// it: its buffers keep their capacity, so once they have grown a search allocates nothing per node
/// (the former path cloned the whole battle, every vector of it, per node).
#[derive(Clone, Debug)]
pub(crate) struct BattleUndo {
    board: Option<SkillBoard>,
    units: Vec<Unit>,
    at: [Option<PieceId>; 64],
    clouds: Vec<Cloud>,
    dormant_walls: Vec<Square>,
    recent_teleports: Vec<(PieceId, u8)>,
    counters: Option<Counters>,
}

impl Default for BattleUndo {
    fn default() -> Self {
        BattleUndo {
            board: None,
            units: Vec::new(),
            at: [None; 64],
            clouds: Vec::new(),
            dormant_walls: Vec::new(),
            recent_teleports: Vec::new(),
            counters: None,
        }
    }
}

impl BattleUndo {
    fn save(&mut self, b: &Battle) {
        match &mut self.board {
            Some(board) => board.clone_from(&b.board),
            None => self.board = Some(b.board.clone()),
        }
        self.units.clone_from(&b.units);
        self.at = b.at;
        self.clouds.clone_from(&b.clouds);
        self.dormant_walls.clone_from(&b.dormant_walls);
        self.recent_teleports.clone_from(&b.recent_teleports);
        self.counters = Some(Counters {
            budget: b.budget,
            moves_used: b.moves_used,
            to_move: b.to_move,
            pending: b.pending,
            status: b.status,
            ply: b.ply,
            had_king: b.had_king,
            killed_roles: b.killed_roles,
            stats: b.stats,
            pack: b.pack,
            haste: b.haste,
            captures: b.captures,
            free_teleports_used: b.free_teleports_used,
            events: b.events.len(),
        });
    }
}

impl Battle {
    /// Applies `action` without step 1's validation, saving into `undo` what it may change
    /// ([`Battle::undo`] restores it). For the search: `action` must be one of
    /// [`Battle::legal_actions`] or [`Battle::bot_actions`] of this very state, and then the result
    /// equals [`Battle::apply`]'s (without returning the events). A move or reposition the rules do
    /// not offer leaves the battle unchanged.
    pub(crate) fn play_unchecked(&mut self, action: BattleAction, undo: &mut BattleUndo) {
        undo.save(self);
        let mv = match action {
            BattleAction::Move { id, to } => match self.rules_move(id, to) {
                Some(m) => Some(m),
                None => return,
            },
            BattleAction::Reposition { id, to } => {
                match self.reposition_moves(id).into_iter().find(|m: &Move| m.to == to) {
                    Some(m) => Some(m),
                    None => return,
                }
            }
            _ => None,
        };
        self.resolve_action(action, mv);
    }

    /// The rules move of piece `id` to `to`, built without generating the legal moves: under
    /// [`BATTLE_RULES`](super::BATTLE_RULES) (no castling, en passant or double step) a move is its
    /// squares, the roles on them and, for a pawn reaching its promotion square, [`PROMOTION`]'s
    /// role. Debug builds check it against the generated moves.
    fn rules_move(&self, id: PieceId, to: Square) -> Option<Move> {
        let from = self.units.get(id as usize)?.square;
        let position = self.board.position();
        let piece = position.piece_at(from)?;
        let promotion = (piece.role == Role::Pawn && position.is_promotion_square(piece.color, to))
            .then(|| PROMOTION.role_for(position, piece.color));
        let m = Move {
            from,
            to,
            role: piece.role,
            capture: position.piece_at(to).map(|p| p.role),
            promotion,
            kind: MoveKind::Normal,
        };
        debug_assert!(self.board.legal_moves().contains(&m), "{m:?} is not a rules move");
        Some(m)
    }

    /// Takes back the action [`Battle::play_unchecked`] played with this `undo`, the last one
    /// played: the battle is again equal to what it was before. The record's buffers are swapped
    /// back, not copied; it holds garbage afterwards, to be overwritten by the next save.
    pub(crate) fn undo(&mut self, undo: &mut BattleUndo) {
        let Some(c) = undo.counters.take() else { return };
        if let Some(board) = &mut undo.board {
            std::mem::swap(&mut self.board, board);
        }
        std::mem::swap(&mut self.units, &mut undo.units);
        self.at = undo.at;
        std::mem::swap(&mut self.clouds, &mut undo.clouds);
        std::mem::swap(&mut self.dormant_walls, &mut undo.dormant_walls);
        std::mem::swap(&mut self.recent_teleports, &mut undo.recent_teleports);
        self.budget = c.budget;
        self.moves_used = c.moves_used;
        self.to_move = c.to_move;
        self.pending = c.pending;
        self.status = c.status;
        self.ply = c.ply;
        self.had_king = c.had_king;
        self.killed_roles = c.killed_roles;
        self.stats = c.stats;
        self.pack = c.pack;
        self.haste = c.haste;
        self.captures = c.captures;
        self.free_teleports_used = c.free_teleports_used;
        self.events.truncate(c.events);
    }
}
