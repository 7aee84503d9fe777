//! [`Game`] for standard chess (and skirmish boards): `gambit_rules::Position`.

use gambit_rules::{Move, Position, Role};

use crate::eval;
use crate::game::{Game, Terminal};

impl Game for Position {
    type Action = Move;

    const HISTORY_SLOTS: usize = 64 * 64;

    fn side(&self) -> u8 {
        self.turn().index() as u8
    }

    fn actions(&self, out: &mut Vec<Move>) {
        out.clear();
        out.extend(self.legal_moves());
    }

    fn noisy_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        out.extend(self.legal_moves().into_iter().filter(|m| m.capture.is_some() || m.promotion.is_some()));
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

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
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

    fn in_check(&self) -> bool {
        self.rules().is_standard() && self.is_check()
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
}

fn victim_value(r: Role) -> i32 {
    if r == Role::King { 2000 } else { r.value() }
}
