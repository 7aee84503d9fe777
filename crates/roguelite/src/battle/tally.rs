//! What a battle counts and reports, one part of a [`Battle`](super::Battle): its statistics, the
//! roles killed (capture-role bonuses), each team's captures (first-capture badges), the units that
//! teleported recently (promotion statistics) and the events of the action being resolved.
//!
//! Invariants, kept by the methods here: counts only grow (but by an alteration or an undo); a unit
//! is remembered as teleported for its next two moves, once; a quiet tally records no event.

use gambit_rules::{ByColor, Role};

use super::edit::{BattleCounter, ListEdit, fit, replace};
use super::event::BattleEvent;
use super::state::BattleStats;
use crate::types::{PieceId, Team};

/// A battle's counts and events (see the module doc).
#[derive(Debug, Default, PartialEq)]
pub(super) struct Tally {
    stats: BattleStats,
    killed_roles: u8,
    captures: ByColor<u16>,
    /// Units that teleported, with their moves since (at most two).
    recent_teleports: Vec<(PieceId, u8)>,
    events: Vec<BattleEvent>,
    quiet: bool,
}

impl Clone for Tally {
    fn clone(&self) -> Self {
        Tally {
            stats: self.stats,
            killed_roles: self.killed_roles,
            captures: self.captures,
            recent_teleports: self.recent_teleports.clone(),
            events: self.events.clone(),
            quiet: self.quiet,
        }
    }
}

/// What [`Tally::save`] keeps for [`Tally::restore`]: the counts, the recent teleports (a buffer
/// reused from save to save) and how many events there were.
#[derive(Clone, Debug, Default)]
pub(super) struct TallySave {
    counts: (BattleStats, u8, ByColor<u16>),
    recent_teleports: Vec<(PieceId, u8)>,
    events: usize,
}

impl Tally {
    /// The running statistics.
    #[inline]
    pub(super) fn stats(&self) -> BattleStats {
        self.stats
    }

    /// Whether a piece of `role` of the enemy was killed.
    pub(super) fn killed(&self, role: Role) -> bool {
        self.killed_roles & (1 << role.index()) != 0
    }

    /// The captures `team` made.
    #[inline]
    pub(super) fn captures(&self, team: Team) -> u16 {
        self.captures[team]
    }

    /// The units that teleported, with their moves since.
    pub(super) fn recent_teleports(&self) -> &[(PieceId, u8)] {
        &self.recent_teleports
    }

    /// A player piece died: a temporary one counts only as a temporary pawn (when a pawn), an owned
    /// one as a loss and, an unpromoted pawn, as a pawn lost.
    pub(super) fn note_player_loss(&mut self, temporary: bool, role: Role, promoted: bool) {
        if temporary {
            if role == Role::Pawn {
                self.stats.temporary_pawns_lost += 1;
            }
        } else {
            self.stats.owned_lost += 1;
            if role == Role::Pawn && !promoted {
                self.stats.pawns_lost += 1;
            }
        }
    }

    /// An enemy piece of `role` died.
    pub(super) fn note_enemy_killed(&mut self, role: Role) {
        self.stats.enemy_killed += 1;
        self.killed_roles |= 1 << role.index();
    }

    /// The player cast a skill.
    pub(super) fn note_player_skill(&mut self) {
        self.stats.player_skills_used += 1;
    }

    /// `team` captured: whether it was its first capture.
    pub(super) fn note_capture(&mut self, team: Team) -> bool {
        let first = self.captures[team] == 0;
        self.captures[team] = self.captures[team].saturating_add(1);
        first
    }

    /// Unit `id` teleported: its moves since start again at zero.
    pub(super) fn note_teleport(&mut self, id: PieceId) {
        self.recent_teleports.retain(|&(u, _)| u != id);
        self.recent_teleports.push((id, 0));
    }

    /// Unit `id` moved (or repositioned): one more move since its teleport; forgotten after two.
    #[inline]
    pub(super) fn note_move(&mut self, id: PieceId) {
        if self.recent_teleports.is_empty() {
            return;
        }
        for entry in &mut self.recent_teleports {
            if entry.0 == id {
                entry.1 += 1;
            }
        }
        self.recent_teleports.retain(|&(_, n)| n <= 2);
    }

    /// A player piece `id` promoted (after a teleport within its last two moves or not).
    pub(super) fn note_player_promotion(&mut self, id: PieceId) {
        self.stats.promotions += 1;
        if self.recent_teleports.iter().any(|&(u, _)| u == id) {
            self.stats.promotions_after_teleport += 1;
        }
    }

    /// Whether events are not recorded (the bot's search copies).
    #[inline]
    pub(super) fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// Turns event recording off (`true`, dropping the events kept) or on.
    pub(super) fn set_quiet(&mut self, quiet: bool) {
        self.quiet = quiet;
        if quiet {
            self.events.clear();
        }
    }

    /// Records an event (the caller checks [`Tally::is_quiet`] before building it).
    pub(super) fn record(&mut self, event: BattleEvent) {
        debug_assert!(!self.quiet, "a quiet battle records no event");
        self.events.push(event);
    }

    /// The events recorded since the last take, taken.
    pub(super) fn take_events(&mut self) -> Vec<BattleEvent> {
        std::mem::take(&mut self.events)
    }

    /// Forgets the events recorded.
    pub(super) fn clear_events(&mut self) {
        self.events.clear();
    }

    /// Saves the counts, the recent teleports and the number of events into `save`.
    #[inline]
    pub(super) fn save(&self, save: &mut TallySave) {
        save.counts = (self.stats, self.killed_roles, self.captures);
        save.recent_teleports.clone_from(&self.recent_teleports);
        save.events = self.events.len();
    }

    /// Puts back what [`Tally::save`] kept (the recent teleports are swapped back, not copied) and
    /// drops the events recorded since.
    #[inline]
    pub(super) fn restore(&mut self, save: &mut TallySave) {
        (self.stats, self.killed_roles, self.captures) = save.counts;
        std::mem::swap(&mut self.recent_teleports, &mut save.recent_teleports);
        self.events.truncate(save.events);
    }

    /// A counter this part keeps ([`BattleCounter::KilledRoles`], [`BattleCounter::Captures`]).
    pub(super) fn counter(&self, counter: BattleCounter) -> Option<u32> {
        match counter {
            BattleCounter::KilledRoles => Some(u32::from(self.killed_roles)),
            BattleCounter::Captures(team) => Some(u32::from(self.captures[team])),
            _ => None,
        }
    }

    /// Sets a counter this part keeps: `None` when it keeps no such counter, `Some(false)` (nothing
    /// changed) when `value` does not fit it. For alterations.
    pub(super) fn set_counter(&mut self, counter: BattleCounter, value: u32) -> Option<bool> {
        match counter {
            BattleCounter::KilledRoles => Some(fit(&mut self.killed_roles, value)),
            BattleCounter::Captures(team) => Some(fit(&mut self.captures[team], value)),
            _ => None,
        }
    }

    /// Sets the statistics to `after` when they are `before` (an alteration).
    pub(super) fn replace_stats(&mut self, before: BattleStats, after: BattleStats) -> bool {
        replace(&mut self.stats, &before, &after)
    }

    /// A recent teleport's alteration; `false` (and nothing changed) when it does not fit.
    pub(super) fn apply_recent_edit(&mut self, edit: &ListEdit<(PieceId, u8)>) -> bool {
        edit.apply_to(&mut self.recent_teleports)
    }

    /// The same counts and recent teleports as `other` (events and quietness aside).
    #[cfg(test)]
    pub(super) fn same_counts(&self, other: &Tally) -> bool {
        (self.stats, self.killed_roles, self.captures, &self.recent_teleports)
            == (other.stats, other.killed_roles, other.captures, &other.recent_teleports)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_teleport_is_remembered_for_two_moves() {
        let mut t = Tally::default();
        t.note_teleport(4);
        t.note_move(4);
        t.note_move(4);
        t.note_player_promotion(4);
        t.note_move(4);
        t.note_player_promotion(4);
        assert_eq!((t.stats().promotions, t.stats().promotions_after_teleport), (2, 1));
        assert!(t.recent_teleports().is_empty());
    }

    #[test]
    fn losses_kills_and_captures_are_counted() {
        let mut t = Tally::default();
        t.note_player_loss(true, Role::Pawn, false);
        t.note_player_loss(false, Role::Pawn, true);
        t.note_player_loss(false, Role::Pawn, false);
        assert_eq!((t.stats().temporary_pawns_lost, t.stats().owned_lost, t.stats().pawns_lost), (1, 2, 1));
        t.note_enemy_killed(Role::Bishop);
        assert!(t.killed(Role::Bishop) && !t.killed(Role::Knight));
        assert!(t.note_capture(Team::Enemy));
        assert!(!t.note_capture(Team::Enemy));
        assert_eq!((t.captures(Team::Enemy), t.captures(Team::Player)), (2, 0));
    }

    #[test]
    fn a_restore_puts_back_the_counts_and_drops_later_events() {
        let mut t = Tally::default();
        t.record(BattleEvent::FreeTeleport);
        let mut save = TallySave::default();
        t.save(&mut save);
        t.note_teleport(1);
        t.note_enemy_killed(Role::Rook);
        t.record(BattleEvent::FreeTeleport);
        t.restore(&mut save);
        assert_eq!(t, {
            let mut u = Tally::default();
            u.record(BattleEvent::FreeTeleport);
            u
        });
        t.set_quiet(true);
        assert!(t.take_events().is_empty());
    }
}
