//! The run's army: the pieces it owns, those lost for the rest of a route, and its promotions.

use gambit_rules::Role;

use super::RunError;
use crate::types::{Modifier, OwnedPiece};

/// The pieces a run owns ([`Army::roster`]) and those lost in battles of a route ([`Army::lost`]).
/// Every piece has its own id, below the next one to give; the roster is in id order; a piece is
/// in the roster or lost, never both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Army {
    roster: Vec<OwnedPiece>,
    /// Owned pieces lost in battles of a route, in order (a rest can bring one back).
    lost: Vec<OwnedPiece>,
    /// The id the next piece bought gets.
    next_id: u32,
    /// Player promotions in finished battles, and those right after a teleport (not saved).
    promotions: (u32, u32),
}

/// The army every run starts with: king, queen, rook, bishop, knight and pawn (ids 0 to 5).
fn initial_roster() -> Vec<OwnedPiece> {
    [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
        .into_iter()
        .enumerate()
        .map(|(i, role)| OwnedPiece { id: i as u32, role, modifier: None })
        .collect()
}

impl Army {
    /// The starting army and `extra_pawns` pawns more (the skill tree's starting pawns).
    pub(crate) fn new(extra_pawns: u32) -> Army {
        let mut roster = initial_roster();
        for _ in 0..extra_pawns {
            roster.push(OwnedPiece { id: roster.len() as u32, role: Role::Pawn, modifier: None });
        }
        Army { next_id: roster.len() as u32, roster, lost: Vec::new(), promotions: (0, 0) }
    }

    /// The owned pieces, in id order.
    pub(crate) fn roster(&self) -> &[OwnedPiece] {
        &self.roster
    }

    /// The pieces lost for the rest of the route, in the order they were lost.
    pub(crate) fn lost(&self) -> &[OwnedPiece] {
        &self.lost
    }

    /// Player promotions in finished battles, and those right after a teleport.
    pub(crate) fn promotions(&self) -> (u32, u32) {
        self.promotions
    }

    /// The owned piece `id`.
    pub(crate) fn piece(&self, id: u32) -> Option<&OwnedPiece> {
        self.roster.iter().find(|p| p.id == id)
    }

    /// How many owned pieces have `role`.
    pub(crate) fn count(&self, role: Role) -> u32 {
        self.roster.iter().filter(|p| p.role == role).count() as u32
    }

    /// A new piece of `role`, without a modifier; returns its id.
    pub(crate) fn recruit(&mut self, role: Role) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.roster.push(OwnedPiece { id, role, modifier: None });
        id
    }

    /// `modifier` given to the owned piece `id`, which may hold one already (the start offer's
    /// recipient has none yet) only when `replace`.
    ///
    /// # Errors
    /// [`RunError::NoSuchPiece`]; [`RunError::AlreadyModified`] when it holds one and not `replace`.
    pub(crate) fn give_modifier(
        &mut self,
        id: u32,
        modifier: Modifier,
        replace: bool,
    ) -> Result<(), RunError> {
        let piece = self.roster.iter_mut().find(|p| p.id == id).ok_or(RunError::NoSuchPiece(id))?;
        if piece.modifier.is_some() && !replace {
            return Err(RunError::AlreadyModified(id));
        }
        piece.modifier = Some(modifier);
        Ok(())
    }

    /// The modifier of the owned piece `id` taken away; returns it.
    ///
    /// # Errors
    /// [`RunError::NoSuchPiece`], [`RunError::NoModifier`].
    pub(crate) fn remove_modifier(&mut self, id: u32) -> Result<Modifier, RunError> {
        let piece = self.roster.iter_mut().find(|p| p.id == id).ok_or(RunError::NoSuchPiece(id))?;
        piece.modifier.take().ok_or(RunError::NoModifier(id))
    }

    /// The owned piece `id` lost for the rest of the route; whether it was owned.
    pub(crate) fn lose(&mut self, id: u32) -> bool {
        let Some(i) = self.roster.iter().position(|p| p.id == id) else { return false };
        self.lost.push(self.roster.remove(i));
        true
    }

    /// The lost piece `id`.
    ///
    /// # Errors
    /// [`RunError::NotLost`].
    pub(crate) fn lost_piece(&self, id: u32) -> Result<&OwnedPiece, RunError> {
        self.lost.iter().find(|p| p.id == id).ok_or(RunError::NotLost(id))
    }

    /// The lost piece `id` back in the roster (in its id order).
    ///
    /// # Errors
    /// [`RunError::NotLost`].
    pub(crate) fn revive(&mut self, id: u32) -> Result<(), RunError> {
        let i = self.lost.iter().position(|p| p.id == id).ok_or(RunError::NotLost(id))?;
        let piece = self.lost.remove(i);
        self.roster.push(piece);
        self.roster.sort_by_key(|p| p.id);
        Ok(())
    }

    /// The roster back to the starting six (a three-battle run's lost battle); ids keep counting.
    pub(crate) fn reset(&mut self) {
        self.roster = initial_roster();
    }

    /// A finished battle's promotions counted: `promotions`, of which `after_teleport` came right
    /// after a teleport.
    pub(crate) fn count_promotions(&mut self, promotions: u32, after_teleport: u32) {
        self.promotions.0 += promotions;
        self.promotions.1 += after_teleport;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The army's invariants: unique ids below the next, the roster in id order.
    fn check(army: &Army) {
        let mut ids: Vec<u32> = army.roster().iter().chain(army.lost()).map(|p| p.id).collect();
        assert!(army.roster().windows(2).all(|w| w[0].id < w[1].id), "{army:?}");
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "{army:?}");
        assert!(ids.iter().all(|&id| id < army.next_id), "{army:?}");
    }

    #[test]
    fn recruits_get_new_ids_and_the_lost_come_back_in_order() {
        let mut army = Army::new(2);
        assert_eq!(army.roster().len(), 8);
        assert_eq!(army.count(Role::Pawn), 3);
        let knight = army.recruit(Role::Knight);
        assert_eq!(knight, 8);
        assert!(army.lose(2));
        assert!(!army.lose(2));
        assert!(army.lose(knight));
        check(&army);
        assert_eq!(army.lost_piece(2).unwrap().role, Role::Rook);
        army.revive(2).unwrap();
        assert_eq!(army.revive(2), Err(RunError::NotLost(2)));
        check(&army);
        assert_eq!(army.lost().len(), 1);
        army.reset();
        assert_eq!(army.recruit(Role::Pawn), 9);
        check(&army);
    }

    #[test]
    fn a_modifier_is_given_once_unless_replaced_and_taken_back() {
        let mut army = Army::new(0);
        army.give_modifier(1, Modifier::Armored, false).unwrap();
        assert_eq!(army.give_modifier(1, Modifier::Armored, false), Err(RunError::AlreadyModified(1)));
        army.give_modifier(1, Modifier::Armored, true).unwrap();
        assert_eq!(army.give_modifier(40, Modifier::Armored, false), Err(RunError::NoSuchPiece(40)));
        assert_eq!(army.remove_modifier(1), Ok(Modifier::Armored));
        assert_eq!(army.remove_modifier(1), Err(RunError::NoModifier(1)));
        army.count_promotions(2, 1);
        army.count_promotions(1, 0);
        assert_eq!(army.promotions(), (3, 1));
    }
}
