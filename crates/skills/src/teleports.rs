//! Teleport destinations at chess cost: the rules' king safety (checkers and pins, found once from the
//! king outward) decides which relocations expose the king, so no pair of squares needs a board copy.
//!
//! A relocation of a piece other than the king can only expose its own king by leaving a pin line or by
//! not resolving a check ([`KingSafety::allows`]); a king's relocation needs its destination unattacked
//! with the king lifted off its square ([`Position::is_attacked_without`]). A teleport along a legal move
//! is that move and always valid. The per-pair generator this replaces is kept as
//! [`SkillBoard::actions_reference`](crate::SkillBoard::actions_reference); a property test checks that
//! both give the same actions.

use gambit_rules::{Color, KingSafety, MoveList, Position, Role, Square, SquareSet};

use crate::config::SkillRules;

/// The valid Teleport destinations of every piece of the side to move, computed once for a node.
///
/// Cooldowns and game end are not looked at (see [`SkillBoard::actions`](crate::SkillBoard::actions)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeleportTargets {
    /// Per source square (by [`Square::index`]): its valid destinations.
    targets: [SquareSet; 64],
    /// Per source square: the destinations that form a legal move (the teleport is played as it).
    as_move: [SquareSet; 64],
    /// The squares with a targets entry (own, unfrozen pieces), ascending.
    sources: SquareSet,
}

impl TeleportTargets {
    /// The squares of the pieces that can teleport somewhere, ascending.
    #[must_use]
    pub fn sources(&self) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        for from in self.sources {
            if !self.targets[from.index() as usize].is_empty() {
                out.insert(from);
            }
        }
        out
    }

    /// The valid destinations of the piece on `from` (empty for any other square).
    #[must_use]
    pub fn from(&self, from: Square) -> SquareSet {
        self.targets[from.index() as usize]
    }

    /// The destinations of `from` where the teleport is played as a legal move (a subset of
    /// [`TeleportTargets::from`]).
    #[must_use]
    pub fn as_move(&self, from: Square) -> SquareSet {
        self.as_move[from.index() as usize]
    }

    /// Whether the teleport `from`-`to` is valid.
    #[must_use]
    pub fn contains(&self, from: Square, to: Square) -> bool {
        self.from(from).contains(to)
    }

    /// Every valid `(from, to)`, by source then destination, in square order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        self.sources.iter().flat_map(move |from| self.from(from).iter().map(move |to| (from, to)))
    }

    /// The number of valid teleports.
    #[must_use]
    pub fn len(&self) -> usize {
        self.sources.iter().map(|from| self.from(from).len()).sum()
    }

    /// Whether no teleport is valid.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.sources.iter().all(|from| self.from(from).is_empty())
    }
}

/// The squares of `pos` where a pawn of `color` may not be relocated: its first or last rank, and with
/// `guard` ([`SkillRules::pawn_promotion_guard`]) also the squares one step short of its promotion
/// squares (its last two ranks).
pub(crate) fn pawn_forbidden(pos: &Position, color: Color, guard: bool) -> SquareSet {
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    Square::all()
        .filter(|&sq| {
            pos.is_promotion_square(Color::White, sq)
                || pos.is_promotion_square(Color::Black, sq)
                || (guard && sq.offset(0, forward).is_some_and(|f| pos.is_promotion_square(color, f)))
        })
        .collect()
}

/// The squares within `range` king steps of `from` (every square for `None`).
pub(crate) fn within(from: Square, range: Option<u32>) -> SquareSet {
    match range {
        None => SquareSet::FULL,
        Some(r) => {
            let rules = SkillRules { teleport_range: Some(r), ..SkillRules::CLASSIC };
            Square::all().filter(|&to| rules.in_range(from, to)).collect()
        }
    }
}

/// What decides a Teleport of the side to move at one node, computed once: the legal moves a teleport
/// may follow, the open squares, and (standard rules) the king's checkers and pins. Each query is
/// cheap; a search asks about the few teleports it considers instead of listing them all.
#[derive(Clone, Debug)]
pub struct TeleportRules<'a> {
    pos: &'a Position,
    safety: Option<KingSafety>,
    /// Per source square: the destinations that form a legal move.
    as_move: [SquareSet; 64],
    /// Playable squares that are empty or hold an enemy piece (not the enemy king under standard rules).
    open: SquareSet,
    /// The own pieces that may teleport (not frozen).
    sources: SquareSet,
    no_pawn: SquareSet,
    /// The enemy pieces among `open`.
    enemies: SquareSet,
    /// The skill rules' levers.
    rules: SkillRules,
    /// The own piece that teleported on the side's previous turn, when it may not capture now.
    no_capture: Option<Square>,
}

impl<'a> TeleportRules<'a> {
    /// The rules for the side to move of `pos`, whose pieces on `frozen` cannot teleport and whose legal
    /// moves (frozen pieces' moves and forbidden captures removed) are `moves`, under the levers of
    /// `rules`; `no_capture` is the own piece that may not capture this turn.
    pub(crate) fn new(
        pos: &'a Position,
        frozen: SquareSet,
        moves: &MoveList,
        rules: SkillRules,
        no_capture: Option<Square>,
    ) -> TeleportRules<'a> {
        let us = pos.turn();
        let standard = pos.rules().is_standard();
        let mut as_move = [SquareSet::EMPTY; 64];
        for m in moves {
            if !standard || m.promotion.is_none() || m.promotion == Some(Role::Queen) {
                as_move[m.from.index() as usize].insert(m.to);
            }
        }
        let mut open = SquareSet::EMPTY;
        let mut own = SquareSet::EMPTY;
        let mut enemies = SquareSet::EMPTY;
        for sq in Square::all() {
            if pos.is_blocked(sq) {
                continue;
            }
            match pos.piece_at(sq) {
                None => open.insert(sq),
                Some(p) if p.color == us => own.insert(sq),
                Some(p) if standard && p.role == Role::King => {}
                Some(_) => {
                    open.insert(sq);
                    enemies.insert(sq);
                }
            }
        }
        TeleportRules {
            pos,
            safety: standard.then(|| pos.king_safety()),
            as_move,
            open,
            sources: own - frozen,
            no_pawn: if rules.no_pawn_relocation {
                SquareSet::FULL
            } else {
                pawn_forbidden(pos, us, rules.pawn_promotion_guard)
            },
            enemies,
            rules,
            no_capture,
        }
    }

    /// Whether the levers of [`SkillRules`] allow relocating the `piece` on `from` to `to` (range,
    /// pawn ranks, captures), king safety aside.
    fn levers_allow(&self, piece: Role, from: Square, to: Square) -> bool {
        if piece == Role::Pawn && self.no_pawn.contains(to) {
            return false;
        }
        if !self.rules.in_range(from, to) {
            return false;
        }
        if self.enemies.contains(to) {
            if self.no_capture == Some(from) {
                return false;
            }
            let victim = self.pos.piece_at(to).expect("an enemy square holds a piece");
            if !self.rules.may_capture(piece, victim.role) {
                return false;
            }
        }
        true
    }

    /// The own pieces that may teleport (unfrozen), whether or not they have a destination.
    #[must_use]
    pub fn sources(&self) -> SquareSet {
        self.sources
    }

    /// Whether the teleport `from`-`to` is played as a legal move.
    #[must_use]
    pub fn is_move(&self, from: Square, to: Square) -> bool {
        self.as_move[from.index() as usize].contains(to)
    }

    /// Whether the teleport `from`-`to` is valid (cooldown and game end aside), exactly as
    /// [`SkillBoard::check_teleport`](crate::SkillBoard::check_teleport) decides.
    #[must_use]
    pub fn allows(&self, from: Square, to: Square) -> bool {
        if !self.sources.contains(from) {
            return false;
        }
        if self.is_move(from, to) {
            return true;
        }
        if !self.open.contains(to) || from == to {
            return false;
        }
        let piece = self.pos.piece_at(from).expect("a source holds a piece");
        if !self.levers_allow(piece.role, from, to) {
            return false;
        }
        match &self.safety {
            None => true,
            Some(_) if piece.role == Role::King => !self.pos.is_attacked_without(to, !self.pos.turn(), from),
            Some(safety) => safety.allows(from, to),
        }
    }

    /// Every valid destination of the piece on `from`.
    #[must_use]
    pub fn targets_of(&self, from: Square) -> SquareSet {
        if !self.sources.contains(from) {
            return SquareSet::EMPTY;
        }
        let piece = self.pos.piece_at(from).expect("a source holds a piece");
        let mut to = self.open.without(from) & within(from, self.rules.teleport_range);
        if piece.role == Role::Pawn {
            to = to - self.no_pawn;
        }
        let victims = to & self.enemies;
        if !victims.is_empty() {
            for v in victims {
                let victim = self.pos.piece_at(v).expect("an enemy square holds a piece");
                if self.no_capture == Some(from) || !self.rules.may_capture(piece.role, victim.role) {
                    to.remove(v);
                }
            }
        }
        if let Some(safety) = &self.safety {
            if piece.role == Role::King {
                to =
                    to.iter().filter(|&t| !self.pos.is_attacked_without(t, !self.pos.turn(), from)).collect();
            } else if safety.is_check() || safety.pinned().contains(from) {
                to = to.iter().filter(|&t| safety.allows(from, t)).collect();
            }
        }
        to | self.as_move[from.index() as usize]
    }

    /// Every valid teleport, per source.
    #[must_use]
    pub fn targets(&self) -> TeleportTargets {
        let mut targets = [SquareSet::EMPTY; 64];
        for from in self.sources {
            targets[from.index() as usize] = self.targets_of(from);
        }
        TeleportTargets { targets, as_move: self.as_move, sources: self.sources }
    }
}
