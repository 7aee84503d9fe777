//! Actions and step 1 of the resolution order: the legal actions of the side to move and the
//! validation of one action.

use std::fmt;

use gambit_rules::{Move, Role, Square};
use gambit_skills::{Skill, SkillError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{Battle, Unit};
use crate::types::{PieceId, Side, square_serde};

/// One action of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// An ordinary move of piece `id` to `to` (a capture when an enemy stands there).
    Move {
        /// The piece.
        id: PieceId,
        /// Its destination.
        #[serde(with = "square_serde")]
        to: Square,
    },
    /// The optional, non-capturing, free reposition a Swift capture offers.
    Reposition {
        /// The Swift piece.
        id: PieceId,
        /// Its destination (empty).
        #[serde(with = "square_serde")]
        to: Square,
    },
    /// Declines the offered reposition.
    Skip,
    /// Casts Teleport on piece `id`, to an empty square or onto an enemy (captured).
    Teleport {
        /// The piece.
        id: PieceId,
        /// Its destination.
        #[serde(with = "square_serde")]
        to: Square,
    },
    /// Casts Freeze on a square (a free action: the turn does not end).
    Freeze {
        /// The square.
        #[serde(with = "square_serde")]
        square: Square,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { id, to } => write!(f, "move #{id} {to}"),
            Action::Reposition { id, to } => write!(f, "reposition #{id} {to}"),
            Action::Skip => f.write_str("skip"),
            Action::Teleport { id, to } => write!(f, "teleport #{id} {to}"),
            Action::Freeze { square } => write!(f, "freeze {square}"),
        }
    }
}

/// Why an action was rejected. A rejected action changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The battle is over.
    #[error("the battle is over")]
    BattleOver,
    /// No such piece, or it is dead.
    #[error("no living piece #{0}")]
    NoSuchPiece(PieceId),
    /// The piece belongs to the side that is not to move.
    #[error("piece #{0} does not belong to the side to move")]
    NotYourPiece(PieceId),
    /// A reposition must be taken or skipped first.
    #[error("a reposition of #{0} is pending: reposition it or skip")]
    RepositionPending(PieceId),
    /// A reposition or skip with no reposition offered (or of another piece).
    #[error("no reposition is offered")]
    NoRepositionOffered,
    /// The piece cannot go there.
    #[error("piece #{id} cannot go to {to}")]
    IllegalDestination {
        /// The piece.
        id: PieceId,
        /// The refused destination.
        to: Square,
    },
    /// The piece stands on a frozen square.
    #[error("piece #{0} is frozen")]
    Frozen(PieceId),
    /// The side has no skills in this battle.
    #[error("the {0} has no skills in this battle")]
    NoSkills(Side),
    /// A teleport would put a pawn on a promotion square (teleports never promote).
    #[error("a teleport never promotes: a pawn cannot be teleported to {0}")]
    TeleportPromotion(Square),
    /// A teleport onto a king or a marked target (objective pieces fall to ordinary moves only).
    #[error("a teleport cannot capture a king or a marked target ({0})")]
    TeleportCapturesObjective(Square),
    /// The skills crate refused the cast.
    #[error("{0}")]
    Skill(SkillError),
}

impl Battle {
    /// Non-capturing moves of piece `id` (for a reposition), with the position's turn set to its side.
    pub(super) fn reposition_moves(&self, id: PieceId) -> Vec<Move> {
        let u = &self.units[id as usize];
        if !u.alive || self.board.is_frozen(u.square) {
            return Vec::new();
        }
        let mut pos = self.board.position().clone();
        pos.set_turn(u.side.color());
        pos.legal_moves().iter().filter(|m| m.from == u.square && m.capture.is_none()).copied().collect()
    }

    /// The actions when the side to move has no free choice: none once the battle is over, and only
    /// the reposition's destinations plus [`Action::Skip`] while one is pending. `None` otherwise.
    pub(super) fn forced_actions(&self) -> Option<Vec<Action>> {
        if self.status.is_over() {
            return Some(Vec::new());
        }
        let id = self.pending?;
        let mut out: Vec<Action> =
            self.reposition_moves(id).into_iter().map(|m| Action::Reposition { id, to: m.to }).collect();
        out.push(Action::Skip);
        Some(out)
    }

    /// Every legal action of the side to move, the authority the UI and the bot use: when a reposition
    /// is pending, its non-capturing destinations and [`Action::Skip`]; otherwise the moves of unfrozen
    /// pieces, then teleports and freezes when the side has the skills and they are ready (in the
    /// skills crate's order). Empty when the battle is over.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        if let Some(forced) = self.forced_actions() {
            return forced;
        }
        let mut out = Vec::new();
        let skills = self.has_skills(self.to_move);
        for a in self.board.actions() {
            match a {
                gambit_skills::Action::Move(m) => out.push(Action::Move { id: self.id_at(m.from), to: m.to }),
                gambit_skills::Action::Teleport { from, to }
                    if skills && !self.teleport_promotes(from, to) && !self.teleport_hits_objective(to) =>
                {
                    out.push(Action::Teleport { id: self.id_at(from), to });
                }
                gambit_skills::Action::Freeze(square) if skills => out.push(Action::Freeze { square }),
                _ => {}
            }
        }
        out
    }

    /// A smaller action list for the bot: the same as [`Battle::legal_actions`] except that teleports
    /// are limited to captures and freezes to squares holding an opposing piece.
    #[must_use]
    pub fn bot_actions(&self) -> Vec<Action> {
        if let Some(forced) = self.forced_actions() {
            return forced;
        }
        let mut out = Vec::new();
        for m in self.board.legal_moves().iter() {
            out.push(Action::Move { id: self.id_at(m.from), to: m.to });
        }
        let side = self.to_move;
        if self.has_skills(side) {
            if self.board.cooldown(side.color(), Skill::Teleport) == 0 {
                let own: Vec<&Unit> = self.living(side).collect();
                for u in own {
                    for e in self.living(side.other()) {
                        if !self.teleport_promotes(u.square, e.square)
                            && !self.teleport_hits_objective(e.square)
                            && self.board.check_teleport(u.square, e.square).is_ok()
                        {
                            out.push(Action::Teleport { id: u.id, to: e.square });
                        }
                    }
                }
            }
            if self.board.cooldown(side.color(), Skill::Freeze) == 0 && !out.is_empty() {
                for e in self.living(side.other()) {
                    if !self.board.is_frozen(e.square) && self.board.check_freeze(e.square).is_ok() {
                        out.push(Action::Freeze { square: e.square });
                    }
                }
            }
        }
        out
    }

    pub(super) fn id_at(&self, sq: Square) -> PieceId {
        self.at[sq.index() as usize].expect("the rules and the unit map agree")
    }

    /// Whether a teleport to `to` would capture a king or a marked target (not allowed).
    pub(super) fn teleport_hits_objective(&self, to: Square) -> bool {
        self.unit_at(to).is_some_and(|u| u.role == Role::King || u.target)
    }

    pub(super) fn teleport_promotes(&self, from: Square, to: Square) -> bool {
        self.board
            .piece_at(from)
            .is_some_and(|p| p.role == Role::Pawn && self.position().is_promotion_square(p.color, to))
    }

    /// Whether the side to move has a turn-ending action (a move or a teleport).
    pub(super) fn has_turn_action(&self) -> bool {
        !self.board.legal_moves().is_empty() || !self.board.is_game_over()
    }

    // ----- validation -----

    pub(super) fn own_unit(&self, id: PieceId) -> Result<&Unit, ActionError> {
        let u = self.units.get(id as usize).filter(|u| u.alive).ok_or(ActionError::NoSuchPiece(id))?;
        if u.side != self.to_move {
            return Err(ActionError::NotYourPiece(id));
        }
        Ok(u)
    }

    pub(super) fn validate(&self, action: Action) -> Result<Option<Move>, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::BattleOver);
        }
        match action {
            Action::Reposition { id, to } => {
                if self.pending != Some(id) {
                    return Err(ActionError::NoRepositionOffered);
                }
                self.reposition_moves(id)
                    .into_iter()
                    .find(|m| m.to == to)
                    .map(Some)
                    .ok_or(ActionError::IllegalDestination { id, to })
            }
            Action::Skip => {
                if self.pending.is_none() {
                    return Err(ActionError::NoRepositionOffered);
                }
                Ok(None)
            }
            _ if self.pending.is_some() => {
                Err(ActionError::RepositionPending(self.pending.unwrap_or_default()))
            }
            Action::Move { id, to } => {
                let u = self.own_unit(id)?;
                if self.board.is_frozen(u.square) {
                    return Err(ActionError::Frozen(id));
                }
                self.board
                    .legal_moves()
                    .iter()
                    .find(|m| m.from == u.square && m.to == to)
                    .copied()
                    .map(Some)
                    .ok_or(ActionError::IllegalDestination { id, to })
            }
            Action::Teleport { id, to } => {
                let u = self.own_unit(id)?;
                if !self.has_skills(self.to_move) {
                    return Err(ActionError::NoSkills(self.to_move));
                }
                if self.board.is_frozen(u.square) {
                    return Err(ActionError::Frozen(id));
                }
                if self.teleport_promotes(u.square, to) {
                    return Err(ActionError::TeleportPromotion(to));
                }
                if self.teleport_hits_objective(to) {
                    return Err(ActionError::TeleportCapturesObjective(to));
                }
                self.board.check_teleport(u.square, to).map_err(ActionError::Skill)?;
                Ok(None)
            }
            Action::Freeze { square } => {
                if !self.has_skills(self.to_move) {
                    return Err(ActionError::NoSkills(self.to_move));
                }
                self.board.check_freeze(square).map_err(ActionError::Skill)?;
                Ok(None)
            }
        }
    }

    /// Whether `apply` would accept the action (no change either way).
    ///
    /// # Errors
    /// The [`ActionError`] that [`Battle::apply`] would return.
    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        self.validate(action).map(|_| ())
    }
}
