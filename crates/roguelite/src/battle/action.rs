//! Actions and step 1 of the resolution order: the legal actions of the side to move and the
//! validation of one action.

use std::fmt;

use gambit_rules::{Move, Role, Square};
use gambit_skills::{Skill, SkillError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{Battle, Unit};
use crate::types::{PieceId, Team};

/// One action of the side to move. `Display` writes it for logs and messages: `move #3 e5`,
/// `reposition #3 e6`, `skip`, `teleport #3 e5`, `freeze e5`, `use 1` / `use 1 e5` (the pack slot
/// counting from 1, as typed; [`Battle::action_text`] writes the typed command with squares).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BattleAction {
    /// An ordinary move of piece `id` to `to` (a capture when an enemy stands there).
    Move {
        /// The piece.
        id: PieceId,
        /// Its destination.
        to: Square,
    },
    /// The optional, non-capturing, free reposition a Swift capture offers.
    Reposition {
        /// The Swift piece.
        id: PieceId,
        /// Its destination (empty).
        to: Square,
    },
    /// Declines the offered reposition.
    Skip,
    /// Casts Teleport on piece `id`, to an empty square or onto an enemy (captured).
    Teleport {
        /// The piece.
        id: PieceId,
        /// Its destination.
        to: Square,
    },
    /// Casts Freeze on a square (a free action: the turn does not end).
    Freeze {
        /// The square.
        square: Square,
    },
    /// Uses the player's consumable in pack slot `slot` ([`Battle::pack`]), on `target` when it
    /// needs one (a free action: the turn does not end).
    Use {
        /// The pack slot, 0-based.
        slot: u8,
        /// The target square (a piece), when the consumable needs one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Square>,
    },
}

impl fmt::Display for BattleAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BattleAction::Move { id, to } => write!(f, "move #{id} {to}"),
            BattleAction::Reposition { id, to } => write!(f, "reposition #{id} {to}"),
            BattleAction::Skip => f.write_str("skip"),
            BattleAction::Teleport { id, to } => write!(f, "teleport #{id} {to}"),
            BattleAction::Freeze { square } => write!(f, "freeze {square}"),
            // Pack slots count from 1, as the player types them (`Battle::parse_action`).
            BattleAction::Use { slot, target: None } => write!(f, "use {}", u16::from(*slot) + 1),
            BattleAction::Use { slot, target: Some(t) } => write!(f, "use {} {t}", u16::from(*slot) + 1),
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
    /// The team has no skills in this battle.
    #[error("the {0} has no skills in this battle")]
    NoSkills(Team),
    /// A teleport would put a pawn on a promotion square (teleports never promote).
    #[error("a teleport never promotes: a pawn cannot be teleported to {0}")]
    TeleportPromotion(Square),
    /// A teleport onto a king or a marked target (objective pieces fall to ordinary moves only).
    #[error("a teleport cannot capture a king or a marked target ({0})")]
    TeleportCapturesObjective(Square),
    /// A teleport to `to` that would put a king or a marked target of the other team under attack,
    /// the one on `objective` (`what`: `king` or `marked target`), by the teleported piece or by a
    /// line it uncovers (a teleport cannot give check: objective pieces fall to ordinary moves that
    /// the enemy can see coming).
    #[error("a teleport to {to} would attack the {what} on {objective}")]
    TeleportAttacksObjective {
        /// The teleport's destination.
        to: Square,
        /// The square of the king or marked target it would attack.
        objective: Square,
        /// `king` or `marked target`.
        what: &'static str,
    },
    /// A teleport of a king or a marked target (of either team).
    #[error("a king or a marked target cannot be teleported ({0})")]
    TeleportOfObjective(Square),
    /// A Freeze cast on a king or a marked target (of either team).
    #[error("a Freeze cannot hold a king or a marked target ({0})")]
    FreezeOnObjective(Square),
    /// A teleport onto, or a Freeze of, an opposing Warded piece.
    #[error("the piece on {0} is Warded against teleports and freezes")]
    Warded(Square),
    /// No unused consumable in that pack slot (or the enemy tried to use one).
    #[error("no consumable to use in slot {0}")]
    NoConsumable(u8),
    /// The consumable cannot be used on that target (or needs one, or takes none).
    #[error("that consumable cannot be used there")]
    BadTarget,
    /// The consumable needs a target and no piece on the board is one now; the text says so in the
    /// effect's terms ([`Battle::consumable_refusal`]).
    #[error("{0}")]
    NoUseTarget(&'static str),
    /// The skills crate refused the cast.
    #[error("{0}")]
    Skill(SkillError),
}

impl Battle {
    /// Non-capturing moves of piece `id` (for a reposition), with the position's turn set to its side.
    pub(super) fn reposition_moves(&self, id: PieceId) -> Vec<Move> {
        let u = &self.units[id];
        if !u.alive || self.board.is_frozen(u.square) {
            return Vec::new();
        }
        let mut pos = self.board.position().clone();
        pos.set_turn(u.team.color());
        pos.legal_moves().iter().filter(|m| m.from == u.square && m.capture.is_none()).copied().collect()
    }

    /// The actions when the side to move has no free choice: none once the battle is over, and only
    /// the reposition's destinations plus [`BattleAction::Skip`] while one is pending. `None` otherwise.
    pub(super) fn forced_actions(&self) -> Option<Vec<BattleAction>> {
        if self.status().is_over() {
            return Some(Vec::new());
        }
        let id = self.pending_reposition()?;
        let mut out: Vec<BattleAction> = self
            .reposition_moves(id)
            .into_iter()
            .map(|m| BattleAction::Reposition { id, to: m.to })
            .collect();
        out.push(BattleAction::Skip);
        Some(out)
    }

    /// Every legal action of the side to move, the authority the UI and the bot use: when a reposition
    /// is pending, its non-capturing destinations and [`BattleAction::Skip`]; otherwise the moves of unfrozen
    /// pieces, then teleports and freezes when the side has the skills and they are ready (in the
    /// skills crate's order). Empty when the battle is over.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<BattleAction> {
        if let Some(forced) = self.forced_actions() {
            return forced;
        }
        let mut out = Vec::new();
        let skills = self.has_skills(self.to_move());
        for a in self.board.actions() {
            match a {
                gambit_skills::Action::Move(m) => {
                    out.push(BattleAction::Move { id: self.id_at(m.from), to: m.to })
                }
                gambit_skills::Action::Teleport { from, to }
                    if skills
                        && !self.teleport_promotes(from, to)
                        && !self.teleport_hits_objective(to)
                        && !self.warded_against(to, self.to_move())
                        && !self.shielded_objective(from)
                        && self.teleport_attacked_objective(from, to).is_none() =>
                {
                    out.push(BattleAction::Teleport { id: self.id_at(from), to });
                }
                gambit_skills::Action::Freeze(square)
                    if skills
                        && !self.warded_against(square, self.to_move())
                        && !self.shielded_objective(square) =>
                {
                    out.push(BattleAction::Freeze { square })
                }
                _ => {}
            }
        }
        self.push_uses(&mut out);
        out
    }

    /// The consumable uses open to the side to move (the player only): each unused slot once, on
    /// every target it accepts.
    fn push_uses(&self, out: &mut Vec<BattleAction>) {
        if self.to_move() != Team::Player {
            return;
        }
        for (i, slot) in self.pack.slots().iter().enumerate() {
            let Some(slot) = slot.filter(|s| !s.used) else { continue };
            let slot_index = i as u8;
            if !slot.effect.needs_target() {
                out.push(BattleAction::Use { slot: slot_index, target: None });
                continue;
            }
            for u in self.units.list().iter().filter(|u| u.alive) {
                if self.use_target_ok(slot.effect, u).is_ok() {
                    out.push(BattleAction::Use { slot: slot_index, target: Some(u.square) });
                }
            }
        }
    }

    /// Whether a consumable with `effect` may be used on `unit`.
    fn use_target_ok(&self, effect: crate::items::Effect, unit: &Unit) -> Result<(), ActionError> {
        use crate::items::Effect;
        let ok = match effect {
            Effect::Retreat => {
                unit.team == Team::Player
                    && unit.square != unit.start
                    && !self.board.is_frozen(unit.square)
                    && self.units.id_at(unit.start).is_none()
                    && !self.position().is_blocked(unit.start)
            }
            Effect::Elixir { .. } => unit.team == Team::Player,
            Effect::Firebomb { .. } => {
                unit.team == Team::Enemy && unit.role != Role::King && !self.is_objective(unit)
            }
            _ => false,
        };
        if ok { Ok(()) } else { Err(ActionError::BadTarget) }
    }

    /// Whether `square` holds a Warded piece of the team opposing `caster` (its teleports cannot land
    /// there, its Freezes cannot target it).
    pub(super) fn warded_against(&self, square: Square, caster: Team) -> bool {
        self.unit_at(square)
            .is_some_and(|u| u.team != caster && u.modifier == Some(crate::types::Modifier::Warded))
    }

    /// The actions the thinking enemy searches ([`Thinking`](crate::bot::Thinking)), for itself and
    /// for the player it models: [`Battle::legal_actions`] less the Freezes of empty squares and of the
    /// caster's own pieces (legal, but a Freeze there only stops a piece that steps onto the square
    /// later). Every move, every teleport (to empty squares in range, escapes and defences included,
    /// and onto enemies) and every consumable use is in it, in the same order.
    #[must_use]
    pub fn search_actions(&self) -> Vec<BattleAction> {
        let mut out = self.legal_actions();
        out.retain(|a| match *a {
            BattleAction::Freeze { square } => self.unit_at(square).is_some_and(|u| u.team != self.to_move()),
            _ => true,
        });
        out
    }

    /// A smaller action list for the bot: the same as [`Battle::legal_actions`] except that teleports
    /// are limited to captures and freezes to squares holding an opposing piece.
    #[must_use]
    pub fn bot_actions(&self) -> Vec<BattleAction> {
        if let Some(forced) = self.forced_actions() {
            return forced;
        }
        let mut out = Vec::new();
        for m in self.board.legal_moves().iter() {
            out.push(BattleAction::Move { id: self.id_at(m.from), to: m.to });
        }
        let side = self.to_move();
        if self.has_skills(side) {
            if self.board.cooldown(side.color(), Skill::Teleport) == 0 {
                let own: Vec<&Unit> =
                    self.living(side).filter(|u| !self.shielded_objective(u.square)).collect();
                for u in own {
                    for e in self.living(side.other()) {
                        if !self.teleport_promotes(u.square, e.square)
                            && !self.teleport_hits_objective(e.square)
                            && !self.warded_against(e.square, side)
                            && self.board.check_teleport(u.square, e.square).is_ok()
                            && self.teleport_attacked_objective(u.square, e.square).is_none()
                        {
                            out.push(BattleAction::Teleport { id: u.id, to: e.square });
                        }
                    }
                }
            }
            if self.board.cooldown(side.color(), Skill::Freeze) == 0 && !out.is_empty() {
                for e in self.living(side.other()) {
                    if !self.board.is_frozen(e.square)
                        && !self.warded_against(e.square, side)
                        && !self.shielded_objective(e.square)
                        && self.board.check_freeze(e.square).is_ok()
                    {
                        out.push(BattleAction::Freeze { square: e.square });
                    }
                }
            }
        }
        out
    }

    pub(super) fn id_at(&self, sq: Square) -> PieceId {
        self.units.id_at(sq).expect("the rules and the unit map agree")
    }

    /// Whether a teleport to `to` would capture a king or a marked target (not allowed).
    pub(super) fn teleport_hits_objective(&self, to: Square) -> bool {
        self.unit_at(to).is_some_and(|u| u.role == Role::King || u.target)
    }

    /// Whether `square` holds a king or a marked target that skills may not touch (teleport or
    /// freeze): always, unless the battle's
    /// [`BattleSetup::skills_reach_objectives`](super::BattleSetup::skills_reach_objectives) says
    /// so ([`ActionError::TeleportOfObjective`], [`ActionError::FreezeOnObjective`]). A king that
    /// steps onto a frozen square later is held all the same.
    pub(super) fn shielded_objective(&self, square: Square) -> bool {
        !self.conditions.skills_reach_objectives() && self.teleport_hits_objective(square)
    }

    /// The king or marked target of the other team, not attacked now, that a teleport of the piece
    /// on `from` to `to` would put under attack, by the teleported piece or by a line it uncovers
    /// (not allowed: [`ActionError::TeleportAttacksObjective`]); `None` when there is none. Only an
    /// objective piece in line with `from` or within the teleported piece's reach of `to` is checked
    /// on a copy of the position.
    pub(super) fn teleport_attacked_objective(&self, from: Square, to: Square) -> Option<&Unit> {
        if self.conditions.skills_reach_objectives() {
            return None;
        }
        let piece = self.board.piece_at(from)?;
        let mover = piece.color;
        let position = self.position();
        self.units
            .list()
            .iter()
            .filter(|u| u.alive && u.team.color() != mover && (u.role == Role::King || u.target))
            .find(|u| {
                let t = u.square;
                if t == to
                    || !(reaches(piece.role, to, t) || aligned(from, t))
                    || position.is_attacked(t, mover)
                {
                    return false;
                }
                let mut after = position.clone();
                after.remove_piece(from);
                after.put_piece(to, piece).is_ok() && after.is_attacked(t, mover)
            })
    }

    pub(super) fn teleport_promotes(&self, from: Square, to: Square) -> bool {
        self.board.piece_at(from).is_some_and(|p| {
            p.role == Role::Pawn
                && (self.position().is_promotion_square(p.color, to)
                    || self.early_promotion_square(Team::of(p.color), to))
        })
    }

    /// Whether a pawn of `team` arriving on `square` promotes early ([`TeamRules::early_promotion`]
    /// (crate::items::TeamRules::early_promotion)): the team has the badge and the next square
    /// forward is its promotion square.
    pub(super) fn early_promotion_square(&self, team: Team, square: Square) -> bool {
        if !self.conditions.rules(team).early_promotion {
            return false;
        }
        let forward = if team == Team::Player { 1 } else { -1 };
        square.offset(0, forward).is_some_and(|n| self.position().is_promotion_square(team.color(), n))
    }

    /// Whether the side to move has a turn-ending action (a move or a teleport).
    pub(super) fn has_turn_action(&self) -> bool {
        !self.board.legal_moves().is_empty() || !self.board.is_game_over()
    }

    // ----- validation -----

    pub(super) fn own_unit(&self, id: PieceId) -> Result<&Unit, ActionError> {
        let u = self.units.get(id).filter(|u| u.alive).ok_or(ActionError::NoSuchPiece(id))?;
        if u.team != self.to_move() {
            return Err(ActionError::NotYourPiece(id));
        }
        Ok(u)
    }

    pub(super) fn validate(&self, action: BattleAction) -> Result<Option<Move>, ActionError> {
        if self.status().is_over() {
            return Err(ActionError::BattleOver);
        }
        match action {
            BattleAction::Reposition { id, to } => {
                if self.pending_reposition() != Some(id) {
                    return Err(ActionError::NoRepositionOffered);
                }
                self.reposition_moves(id)
                    .into_iter()
                    .find(|m| m.to == to)
                    .map(Some)
                    .ok_or(ActionError::IllegalDestination { id, to })
            }
            BattleAction::Skip => {
                if self.pending_reposition().is_none() {
                    return Err(ActionError::NoRepositionOffered);
                }
                Ok(None)
            }
            _ if self.pending_reposition().is_some() => {
                Err(ActionError::RepositionPending(self.pending_reposition().unwrap_or_default()))
            }
            BattleAction::Move { id, to } => {
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
            BattleAction::Teleport { id, to } => {
                let u = self.own_unit(id)?;
                if !self.has_skills(self.to_move()) {
                    return Err(ActionError::NoSkills(self.to_move()));
                }
                if self.board.is_frozen(u.square) {
                    return Err(ActionError::Frozen(id));
                }
                if self.shielded_objective(u.square) {
                    return Err(ActionError::TeleportOfObjective(u.square));
                }
                if self.teleport_promotes(u.square, to) {
                    return Err(ActionError::TeleportPromotion(to));
                }
                if self.teleport_hits_objective(to) {
                    return Err(ActionError::TeleportCapturesObjective(to));
                }
                if self.warded_against(to, self.to_move()) {
                    return Err(ActionError::Warded(to));
                }
                self.board.check_teleport(u.square, to).map_err(ActionError::Skill)?;
                if let Some(objective) = self.teleport_attacked_objective(u.square, to) {
                    let what = if objective.role == Role::King { "king" } else { "marked target" };
                    return Err(ActionError::TeleportAttacksObjective {
                        to,
                        objective: objective.square,
                        what,
                    });
                }
                Ok(None)
            }
            BattleAction::Freeze { square } => {
                if !self.has_skills(self.to_move()) {
                    return Err(ActionError::NoSkills(self.to_move()));
                }
                if self.warded_against(square, self.to_move()) {
                    return Err(ActionError::Warded(square));
                }
                if self.shielded_objective(square) {
                    return Err(ActionError::FreezeOnObjective(square));
                }
                self.board.check_freeze(square).map_err(ActionError::Skill)?;
                Ok(None)
            }
            BattleAction::Use { slot, target } => {
                let effect = self.usable_consumable(slot)?;
                match (effect.needs_target(), target) {
                    (false, None) => Ok(None),
                    (true, Some(t)) => {
                        let u = self.unit_at(t).ok_or(ActionError::BadTarget)?;
                        self.use_target_ok(effect, u)?;
                        Ok(None)
                    }
                    _ => Err(ActionError::BadTarget),
                }
            }
        }
    }

    /// The effect of the unused consumable in pack slot `slot` (0-based) while the player is to
    /// move; [`ActionError::NoConsumable`] when the slot is empty or used, or the enemy is to move.
    /// The one lookup of [`Battle::validate`]'s `Use` and [`Battle::consumable_refusal`].
    fn usable_consumable(&self, slot: u8) -> Result<crate::items::Effect, ActionError> {
        self.pack
            .slots()
            .get(slot as usize)
            .copied()
            .flatten()
            .filter(|s| !s.used && self.to_move() == Team::Player)
            .map(|s| s.effect)
            .ok_or(ActionError::NoConsumable(slot))
    }

    /// Why the consumable in pack slot `slot` (0-based) cannot be used now, or `None` when some
    /// use of it is legal ([`Battle::legal_actions`] holds one). The reasons in order: the battle is
    /// over; a reposition is pending; the slot is empty or used, or it is the enemy's turn
    /// ([`ActionError::NoConsumable`]); it needs a target and no piece is one
    /// ([`ActionError::NoUseTarget`], naming the pieces it takes). What a greyed consumable button
    /// says.
    #[must_use]
    pub fn consumable_refusal(&self, slot: u8) -> Option<ActionError> {
        if self.status().is_over() {
            return Some(ActionError::BattleOver);
        }
        if let Some(id) = self.pending_reposition() {
            return Some(ActionError::RepositionPending(id));
        }
        let effect = match self.usable_consumable(slot) {
            Ok(effect) => effect,
            Err(e) => return Some(e),
        };
        if !effect.needs_target()
            || self.units.list().iter().any(|u| u.alive && self.use_target_ok(effect, u).is_ok())
        {
            return None;
        }
        use crate::items::Effect;
        Some(ActionError::NoUseTarget(match effect {
            Effect::Retreat => "no piece of yours can return to the square it was deployed on",
            Effect::Firebomb { .. } => "no enemy piece to hit (never a king or a marked target)",
            _ => "no piece of yours to use it on",
        }))
    }

    /// Whether `apply` would accept the action (no change either way).
    ///
    /// # Errors
    /// The [`ActionError`] that [`Battle::apply`] would return.
    pub fn check(&self, action: BattleAction) -> Result<(), ActionError> {
        self.validate(action).map(|_| ())
    }
}

/// Why a typed battle command ([`Battle::parse_action`]) was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseActionError {
    /// The text is not of the form `b2b3`, `tp b2e5`, `fz e5`, `use 1`, `use 1 e5` or `skip`.
    #[error("{0:?}: expected a move such as b2b3, tp b2e5, fz e5, use 1 e5 or skip")]
    Syntax(String),
    /// The text names an action that is not among the legal actions now.
    #[error("{0} is not legal now")]
    NotLegal(String),
    /// The text names an action the battle's rules refuse now, with the rule's reason (a Teleport
    /// onto a king's line, a Freeze of a target, a frozen piece...).
    #[error("{text} is not legal now: {reason}")]
    Refused {
        /// The command as read (lower case, trimmed).
        text: String,
        /// The rule that refuses it ([`Battle::check`]).
        reason: ActionError,
    },
}

/// Two square names written together (`b2e5`).
fn square_pair(text: &str) -> Option<(Square, Square)> {
    if text.len() != 4 || !text.is_ascii() {
        return None;
    }
    Some((text[..2].parse().ok()?, text[2..].parse().ok()?))
}

impl Battle {
    /// Reads a typed battle command, the grammar [`Battle::action_text`] writes: `b2b3` (a move, or
    /// the pending reposition, of the piece on b2), `tp b2e5` (Teleport), `fz e5` (Freeze), `use 2`
    /// or `use 2 e5` (the consumable in pack slot 2, counting from 1, on the piece on e5), `skip`
    /// (decline a reposition). Case and surrounding spaces are ignored. The result is one of
    /// [`Battle::legal_actions`].
    ///
    /// # Errors
    /// [`ParseActionError::Syntax`] for text of another form, [`ParseActionError::Refused`] for an
    /// action the rules refuse with a reason ([`Battle::check`]), [`ParseActionError::NotLegal`] for
    /// any other action that is not legal now.
    pub fn parse_action(&self, text: &str) -> Result<BattleAction, ParseActionError> {
        let text = text.trim().to_ascii_lowercase();
        let syntax = || ParseActionError::Syntax(text.chars().take(40).collect());
        let id_on = |sq: Square| self.unit_at(sq).filter(|u| u.team == self.to_move()).map(|u| u.id);
        // The action the text names where it can be told (for the reason of a refusal).
        let mut named: Option<BattleAction> = None;
        let wanted: Box<dyn Fn(&BattleAction) -> bool> = if text == "skip" {
            Box::new(|a| *a == BattleAction::Skip)
        } else if let Some(rest) = text.strip_prefix("tp ") {
            let (from, to) = square_pair(rest.trim()).ok_or_else(syntax)?;
            let id = id_on(from);
            named = id.map(|id| BattleAction::Teleport { id, to });
            Box::new(
                move |a| matches!(*a, BattleAction::Teleport { id: i, to: t } if Some(i) == id && t == to),
            )
        } else if let Some(rest) = text.strip_prefix("use ") {
            let mut parts = rest.split_whitespace();
            let n: u8 = parts.next().and_then(|p| p.parse().ok()).filter(|&n| n >= 1).ok_or_else(syntax)?;
            let target = match parts.next() {
                None => None,
                Some(t) => Some(t.parse::<Square>().map_err(|_| syntax())?),
            };
            if parts.next().is_some() {
                return Err(syntax());
            }
            Box::new(move |a| *a == BattleAction::Use { slot: n - 1, target })
        } else if let Some(rest) = text.strip_prefix("fz ") {
            let square: Square = rest.trim().parse().map_err(|_| syntax())?;
            named = Some(BattleAction::Freeze { square });
            Box::new(move |a| *a == BattleAction::Freeze { square })
        } else {
            let (from, to) = square_pair(&text).ok_or_else(syntax)?;
            let id = id_on(from);
            Box::new(move |a| {
                matches!(*a, BattleAction::Move { id: i, to: t } | BattleAction::Reposition { id: i, to: t }
                    if Some(i) == id && t == to)
            })
        };
        if let Some(action) = self.legal_actions().into_iter().find(|a| wanted(a)) {
            return Ok(action);
        }
        Err(match named.map(|a| self.check(a)) {
            Some(Err(reason)) => ParseActionError::Refused { text, reason },
            _ => ParseActionError::NotLegal(text),
        })
    }

    /// An action in the command grammar [`Battle::parse_action`] reads: `b2b3` for a move or a
    /// reposition (from the piece's current square), `tp b2e5`, `fz e5`, `use 1 e5` (pack slots
    /// count from 1), `skip`. An action naming no living piece is written with `??` as its origin.
    #[must_use]
    pub fn action_text(&self, action: BattleAction) -> String {
        let from = |id: PieceId| {
            self.units.get(id).filter(|u| u.alive).map_or("??".to_string(), |u| u.square.to_string())
        };
        match action {
            BattleAction::Move { id, to } | BattleAction::Reposition { id, to } => {
                format!("{}{to}", from(id))
            }
            BattleAction::Teleport { id, to } => format!("tp {}{to}", from(id)),
            BattleAction::Freeze { square } => format!("fz {square}"),
            BattleAction::Use { slot, target: None } => format!("use {}", u16::from(slot) + 1),
            BattleAction::Use { slot, target: Some(t) } => format!("use {} {t}", u16::from(slot) + 1),
            BattleAction::Skip => "skip".to_string(),
        }
    }

    /// One example of each typed command form ([`Battle::parse_action`]) that names some legal action
    /// now, in the order `b2b3` (a move or a reposition), `tp b2e5`, `fz e5`, `use 1` / `use 1 e5`,
    /// `skip` (only while a reposition is pending), for the side to move; empty once the battle is
    /// over ([`Battle::legal_actions`]). Hints list these, so they never advertise a refused form.
    #[must_use]
    pub fn command_forms(&self) -> Vec<&'static str> {
        let legal = self.legal_actions();
        let any = |f: fn(&BattleAction) -> bool| legal.iter().any(f);
        [
            (any(|a| matches!(a, BattleAction::Move { .. } | BattleAction::Reposition { .. })), "b2b3"),
            (any(|a| matches!(a, BattleAction::Teleport { .. })), "tp b2e5"),
            (any(|a| matches!(a, BattleAction::Freeze { .. })), "fz e5"),
            (any(|a| matches!(a, BattleAction::Use { target: Some(_), .. })), "use 1 e5"),
            (
                any(|a| matches!(a, BattleAction::Use { target: None, .. }))
                    && !any(|a| matches!(a, BattleAction::Use { target: Some(_), .. })),
                "use 1",
            ),
            (any(|a| *a == BattleAction::Skip), "skip"),
        ]
        .into_iter()
        .filter_map(|(legal, form)| legal.then_some(form))
        .collect()
    }
}

/// Whether `a` and `b` share a rank, a file or a diagonal (a line a slider could attack along).
fn aligned(a: Square, b: Square) -> bool {
    let (df, dr) = delta(a, b);
    df == 0 || dr == 0 || df.abs() == dr.abs()
}

fn delta(a: Square, b: Square) -> (i32, i32) {
    (
        i32::from(b.file().index()) - i32::from(a.file().index()),
        i32::from(b.rank().index()) - i32::from(a.rank().index()),
    )
}

/// Whether a piece of `role` on `from` could attack `to` on an empty board (the geometry only).
fn reaches(role: Role, from: Square, to: Square) -> bool {
    let (df, dr) = delta(from, to);
    match role {
        Role::Pawn | Role::King => df.abs() <= 1 && dr.abs() <= 1,
        Role::Knight => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
        Role::Bishop => df.abs() == dr.abs(),
        Role::Rook => df == 0 || dr == 0,
        Role::Queen => aligned(from, to),
    }
}
