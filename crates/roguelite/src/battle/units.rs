//! The battle's pieces, one part of a [`Battle`](super::Battle): every unit that took part, dead
//! ones included, indexed by id, with the square map of the living ones.
//!
//! Invariants, kept by the methods here: a unit's id is its index; units join only at the end and
//! never leave (an alteration's inverse may take back the last one); the square map names, for a
//! square, a living unit standing on it. Between actions every living unit is named on its square
//! (during a capture the capturer is named before its victim is killed).

use std::ops::Index;

use gambit_rules::{Role, Square};

use super::edit::ListEdit;
use super::state::Unit;
use crate::types::{PieceId, Team};

/// Per square (a1 = 0), the living unit standing there.
type SquareMap = [Option<PieceId>; 64];

/// The units of a battle and the square map of the living ones (see the module doc).
#[derive(Debug, PartialEq)]
pub(super) struct Units {
    list: Vec<Unit>,
    at: SquareMap,
}

impl Clone for Units {
    fn clone(&self) -> Self {
        Units { list: self.list.clone(), at: self.at }
    }

    /// Reuses `self`'s buffer (the search's undo record saves the units once per node).
    fn clone_from(&mut self, source: &Self) {
        self.list.clone_from(&source.list);
        self.at = source.at;
    }
}

impl Index<PieceId> for Units {
    type Output = Unit;

    /// The unit with id `id`.
    ///
    /// # Panics
    /// When no unit has this id.
    #[inline]
    fn index(&self, id: PieceId) -> &Unit {
        &self.list[id as usize]
    }
}

impl Units {
    /// The units of a new battle, in id order (`list[i].id == i`); the living ones are put on the
    /// square map.
    pub(super) fn new(list: Vec<Unit>) -> Units {
        let mut at = [None; 64];
        for (i, u) in list.iter().enumerate() {
            debug_assert_eq!(usize::from(u.id), i, "ids are indices");
            if u.alive {
                at[u.square.index() as usize] = Some(u.id);
            }
        }
        Units { list, at }
    }

    /// Every unit, in id order.
    #[inline]
    pub(super) fn list(&self) -> &[Unit] {
        &self.list
    }

    /// The unit with this id.
    #[inline]
    pub(super) fn get(&self, id: PieceId) -> Option<&Unit> {
        self.list.get(id as usize)
    }

    /// The id of the living unit on `sq`.
    #[inline]
    pub(super) fn id_at(&self, sq: Square) -> Option<PieceId> {
        self.at[sq.index() as usize]
    }

    /// The living unit on `sq`.
    #[inline]
    pub(super) fn at(&self, sq: Square) -> Option<&Unit> {
        self.id_at(sq).map(|id| &self.list[id as usize])
    }

    /// The living units of `team`, in id order.
    #[inline]
    pub(super) fn living(&self, team: Team) -> impl Iterator<Item = &Unit> + '_ {
        self.list.iter().filter(move |u| u.alive && u.team == team)
    }

    /// The id the next unit to join gets.
    pub(super) fn next_id(&self) -> PieceId {
        self.list.len() as PieceId
    }

    /// One more than the highest number `team` gave a piece of `role` (a name never shown twice).
    pub(super) fn next_number(&self, team: Team, role: Role) -> u16 {
        self.list
            .iter()
            .filter(|u| u.team == team && u.name.role == role)
            .map(|u| u.name.number)
            .max()
            .map_or(1, |n| n.saturating_add(1))
    }

    /// Puts back the units `saved` holds (the search's undo): the list is swapped in, not copied
    /// (`saved` holds the replaced list afterwards), the square map copied.
    #[inline]
    pub(super) fn restore(&mut self, saved: &mut Units) {
        std::mem::swap(&mut self.list, &mut saved.list);
        self.at = saved.at;
    }

    /// Adds a living unit that joins the battle (a reinforcement, a summoned pawn) on its square.
    ///
    /// # Panics
    /// When its id is not [`Units::next_id`] or its square holds a living unit.
    pub(super) fn join(&mut self, unit: Unit) {
        assert_eq!(unit.id, self.next_id(), "a joining unit takes the next id");
        assert!(self.id_at(unit.square).is_none(), "a joining unit needs a free square");
        self.at[unit.square.index() as usize] = Some(unit.id);
        self.list.push(unit);
    }

    /// Moves living unit `id` from `from` to `to` (a move, teleport, reposition or retreat); `to`
    /// names it from now on and `from` is vacated.
    #[inline]
    pub(super) fn relocate(&mut self, id: PieceId, from: Square, to: Square) {
        self.at[from.index() as usize] = None;
        self.at[to.index() as usize] = Some(id);
        self.list[id as usize].square = to;
    }

    /// Unit `id` dies (0 HP); its square is vacated unless a capturer already stands there.
    /// Whether it was vacated (and the piece must leave the board).
    pub(super) fn kill(&mut self, id: PieceId) -> bool {
        let u = &mut self.list[id as usize];
        u.alive = false;
        u.hp = 0;
        let cell = &mut self.at[u.square.index() as usize];
        let vacated = *cell == Some(id);
        if vacated {
            *cell = None;
        }
        vacated
    }

    /// Changes unit `id`'s other fields (hit points, armour, role, promotion); its id, square and
    /// life change only through [`Units::relocate`] and [`Units::kill`] (checked in debug builds).
    #[inline]
    pub(super) fn update<R>(&mut self, id: PieceId, change: impl FnOnce(&mut Unit) -> R) -> R {
        let u = &mut self.list[id as usize];
        let kept = (u.id, u.square, u.alive);
        let r = change(u);
        debug_assert_eq!(kept, (u.id, u.square, u.alive), "update changes neither id, square nor life");
        r
    }

    /// A unit's alteration with the square map kept: ids are indices, so a unit joins at the end and
    /// only the last one leaves. `false` (and nothing changed) when it does not fit.
    pub(super) fn apply_edit(&mut self, edit: &ListEdit<Unit>) -> bool {
        let ok = match edit {
            ListEdit::Insert { index, item } => *index == self.list.len() && usize::from(item.id) == *index,
            ListEdit::Remove { index, .. } => *index + 1 == self.list.len(),
            ListEdit::Change { index, before, after } => {
                usize::from(before.id) == *index && usize::from(after.id) == *index
            }
        };
        if !ok || !edit.apply_to(&mut self.list) {
            return false;
        }
        let (left, arrived) = match edit {
            ListEdit::Insert { item, .. } => (None, Some(item)),
            ListEdit::Remove { item, .. } => (Some(item), None),
            ListEdit::Change { before, after, .. } => (Some(before), Some(after)),
        };
        if let Some(u) = left.filter(|u| u.alive) {
            let cell = &mut self.at[u.square.index() as usize];
            if *cell == Some(u.id) {
                *cell = None;
            }
        }
        if let Some(u) = arrived.filter(|u| u.alive) {
            self.at[u.square.index() as usize] = Some(u.id);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::PieceName;

    fn unit(id: PieceId, team: Team, role: Role, square: &str) -> Unit {
        let square = square.parse().unwrap();
        Unit {
            id,
            team,
            role,
            hp: 2,
            max_hp: 2,
            modifier: None,
            square,
            alive: true,
            temporary: false,
            target: false,
            promoted: false,
            roster_id: None,
            name: PieceName { role, number: 1 },
            armor: false,
            start: square,
        }
    }

    fn two() -> Units {
        Units::new(vec![unit(0, Team::Player, Role::Rook, "a1"), unit(1, Team::Enemy, Role::King, "e8")])
    }

    #[test]
    fn the_square_map_follows_moves_captures_and_deaths() {
        let mut units = two();
        let (a1, a8, e8) = ("a1".parse().unwrap(), "a8".parse().unwrap(), "e8".parse().unwrap());
        assert_eq!(units.at(a1).map(|u| u.id), Some(0));
        units.relocate(0, a1, e8);
        assert_eq!((units.id_at(a1), units.id_at(e8)), (None, Some(0)));
        // The capturer stands on the victim's square: the victim's death leaves it named.
        assert!(!units.kill(1));
        assert_eq!(units.id_at(e8), Some(0));
        assert_eq!(units.living(Team::Enemy).count(), 0);
        units.relocate(0, e8, a8);
        assert!(units.kill(0));
        assert_eq!(units.id_at(a8), None);
        assert_eq!(units[0].hp, 0);
    }

    #[test]
    fn joining_takes_the_next_id_and_number() {
        let mut units = two();
        assert_eq!((units.next_id(), units.next_number(Team::Player, Role::Rook)), (2, 2));
        assert_eq!(units.next_number(Team::Player, Role::Pawn), 1);
        units.join(unit(2, Team::Player, Role::Pawn, "b1"));
        assert_eq!(units.id_at("b1".parse().unwrap()), Some(2));
    }

    #[test]
    #[should_panic(expected = "next id")]
    fn a_unit_cannot_join_out_of_order() {
        two().join(unit(5, Team::Player, Role::Pawn, "b1"));
    }

    #[test]
    fn an_edit_keeps_ids_as_indices_and_the_map() {
        let mut units = two();
        let before = units.clone();
        let middle = ListEdit::Insert { index: 0, item: unit(0, Team::Player, Role::Pawn, "c3") };
        assert!(!units.apply_edit(&middle));
        assert_eq!(units, before);
        let mut moved = units[0].clone();
        moved.square = "a5".parse().unwrap();
        let edit = ListEdit::Change { index: 0, before: units[0].clone(), after: moved };
        assert!(units.apply_edit(&edit));
        assert_eq!((units.id_at("a1".parse().unwrap()), units.id_at("a5".parse().unwrap())), (None, Some(0)));
        assert!(units.apply_edit(&edit.inverse()));
        assert_eq!(units, before);
        assert!(!units.apply_edit(&ListEdit::Remove { index: 0, item: before[0].clone() }));
    }
}
