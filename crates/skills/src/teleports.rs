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

/// The squares of `pos` where a pawn of either colour may not be relocated (its first or last rank).
fn pawn_forbidden(pos: &Position) -> SquareSet {
    Square::all()
        .filter(|&sq| pos.is_promotion_square(Color::White, sq) || pos.is_promotion_square(Color::Black, sq))
        .collect()
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
}

impl<'a> TeleportRules<'a> {
    /// The rules for the side to move of `pos`, whose pieces on `frozen` cannot teleport and whose legal
    /// moves (frozen pieces' moves removed) are `moves`.
    pub(crate) fn new(pos: &'a Position, frozen: SquareSet, moves: &MoveList) -> TeleportRules<'a> {
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
        for sq in Square::all() {
            if pos.is_blocked(sq) {
                continue;
            }
            match pos.piece_at(sq) {
                None => open.insert(sq),
                Some(p) if p.color == us => own.insert(sq),
                Some(p) if standard && p.role == Role::King => {}
                Some(_) => open.insert(sq),
            }
        }
        TeleportRules {
            pos,
            safety: standard.then(|| pos.king_safety()),
            as_move,
            open,
            sources: own - frozen,
            no_pawn: pawn_forbidden(pos),
        }
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
        if piece.role == Role::Pawn && self.no_pawn.contains(to) {
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
        let mut to = self.open.without(from);
        if piece.role == Role::Pawn {
            to = to - self.no_pawn;
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
