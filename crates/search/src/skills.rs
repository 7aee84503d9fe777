//! [`Game`] for skill chess: `gambit_skills::SkillBoard`. Moves, teleports and freezes are all
//! actions; a freeze leaves the same side to move, so the search spends no depth on it and flips no sign.

use gambit_rules::{Outcome, Role};
use gambit_skills::{Action, SkillBoard};

use crate::eval;
use crate::game::{Game, Terminal};

fn value(r: Role) -> i32 {
    if r == Role::King { 2000 } else { r.value() }
}

impl Game for SkillBoard {
    type Action = Action;

    /// Moves and teleports by (from, to), freezes by square.
    const HISTORY_SLOTS: usize = 2 * 64 * 64 + 64;

    fn side(&self) -> u8 {
        self.turn().index() as u8
    }

    fn actions(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(SkillBoard::actions(self));
    }

    fn is_noisy(&self, a: &Action) -> bool {
        match a {
            Action::Move(m) => m.capture.is_some() || m.promotion.is_some(),
            Action::Teleport { to, .. } => self.piece_at(*to).is_some(),
            Action::Freeze(_) => false,
        }
    }

    /// # Panics
    /// When `a` is not legal here (the search only plays actions from [`Game::actions`]).
    fn play(&mut self, a: Action) {
        if let Err(e) = self.play_action(a) {
            panic!("the search played an illegal skill action {a}: {e}");
        }
    }

    fn undo(&mut self, _a: Action) {
        SkillBoard::undo(self);
    }

    /// The position's PeSTO evaluation plus 15 cp per ready skill of the mover minus the opponent's.
    fn evaluate(&self) -> i32 {
        use gambit_skills::Skill;
        let us = self.turn();
        let ready = |c| {
            i32::from(self.cooldown(c, Skill::Teleport) == 0)
                + i32::from(self.cooldown(c, Skill::Freeze) == 0)
        };
        eval::evaluate(self.position()) + 15 * (ready(us) - ready(!us))
    }

    /// In-tree draws under standard rules: a repeated position (same board, side and rights since the
    /// last irreversible move) and the fifty-move rule. The rules' own game ends come from
    /// [`Game::no_actions`] when `actions()` is empty.
    fn terminal(&self) -> Option<Terminal> {
        let pos = self.position();
        if !pos.rules().is_standard() {
            return None;
        }
        (pos.is_repetition() || pos.halfmove_clock() >= 100).then_some(Terminal::Draw)
    }

    fn no_actions(&self) -> Terminal {
        match self.outcome() {
            Some(Outcome::Checkmate { .. }) => Terminal::Loss,
            _ => Terminal::Draw,
        }
    }

    fn key(&self) -> u64 {
        self.state_key()
    }

    /// Moves as in chess; a capturing teleport by MVV-LVA; a quiet teleport below quiet moves (it costs
    /// the cooldown); a freeze by the value of the piece on the square, below everything else.
    fn hint(&self, a: &Action) -> i32 {
        match a {
            Action::Move(m) => self.position().hint(m),
            Action::Teleport { from, to } => {
                let mover = self.piece_at(*from).map_or(0, |p| value(p.role));
                match self.piece_at(*to) {
                    Some(victim) => 10 * value(victim.role) - mover / 10 - 50,
                    None => -1600,
                }
            }
            Action::Freeze(sq) => -2000 + self.piece_at(*sq).map_or(0, |p| value(p.role) / 10),
        }
    }

    fn capture_gain(&self, a: &Action) -> Option<i32> {
        match a {
            Action::Move(m) => self.position().capture_gain(m),
            Action::Teleport { to, .. } => Some(self.piece_at(*to).map_or(0, |p| value(p.role))),
            Action::Freeze(_) => None,
        }
    }

    fn history_slot(&self, a: &Action) -> usize {
        match a {
            Action::Move(m) => usize::from(m.from.index()) * 64 + usize::from(m.to.index()),
            Action::Teleport { from, to } => 4096 + usize::from(from.index()) * 64 + usize::from(to.index()),
            Action::Freeze(sq) => 8192 + usize::from(sq.index()),
        }
    }

    fn in_check(&self) -> bool {
        let pos = self.position();
        pos.rules().is_standard() && pos.is_check()
    }
}
