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

/// The valid teleports of the side to move of `pos`, whose pieces on `frozen` cannot teleport and whose
/// legal moves (frozen pieces' moves removed) are `moves`.
pub(crate) fn teleport_targets(pos: &Position, frozen: SquareSet, moves: &MoveList) -> TeleportTargets {
    let us = pos.turn();
    let standard = pos.rules().is_standard();
    let mut as_move = [SquareSet::EMPTY; 64];
    for m in moves {
        if !standard || m.promotion.is_none() || m.promotion == Some(Role::Queen) {
            as_move[m.from.index() as usize].insert(m.to);
        }
    }
    // Where any relocation may land: a playable square that is empty or holds an enemy piece (not the
    // enemy king under standard rules).
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
    let safety: Option<KingSafety> = standard.then(|| pos.king_safety());
    let no_pawn = pawn_forbidden(pos);
    let mut targets = [SquareSet::EMPTY; 64];
    let mut sources = SquareSet::EMPTY;
    for from in own - frozen {
        let piece = pos.piece_at(from).expect("an own square holds a piece");
        let mut to = open;
        if piece.role == Role::Pawn {
            to = to - no_pawn;
        }
        if let Some(safety) = &safety {
            if piece.role == Role::King {
                to = to.iter().filter(|&t| !pos.is_attacked_without(t, !us, from)).collect();
            } else if safety.is_check() || safety.pinned().contains(from) {
                to = to.iter().filter(|&t| safety.allows(from, t)).collect();
            }
        }
        let i = from.index() as usize;
        targets[i] = to | as_move[i];
        sources.insert(from);
    }
    TeleportTargets { targets, as_move, sources }
}
