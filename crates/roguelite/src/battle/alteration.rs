//! Battle actions described as alterations (issue 42 section 3, seed 004): the skills board's
//! alterations (pieces, blocked tiles, cooldowns, freeze ticks) and every other part of a battle an
//! action changes (units and their hit points, clouds, dormant walls, the pack, the budget and the
//! other counters), each naming its state before and after, so each is reversible on its own.
//!
//! The description is computed on demand ([`Battle::alterations`]), for the layers that show or
//! replay an action part by part (a board view). The search's play and undo do not go through it
//! (`undo.rs` saves and swaps back what an action may change). Events are not state: sound, log and
//! effects stay on [`BattleEvent`](super::BattleEvent), and applying alterations emits none.

use gambit_skills::{SkillAlteration, SkillAlterationError};
use thiserror::Error;

use super::edit::{BattleCounter, ListEdit};
use super::{ActionError, Battle, BattleAction, BattleStats, BattleStatus, Cloud, PackSlot, Unit};
use crate::types::{PieceId, Team};
use gambit_rules::Square;

/// One reversible edit of a battle. An action is a [`Checkpoint`](BattleAlteration::Checkpoint)
/// followed by the edits that turn the battle before it into the battle after it
/// ([`Battle::alterations`]); each names its state before and after, so its
/// [`inverse`](BattleAlteration::inverse) needs no battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BattleAlteration {
    /// Where an action begins: taking alterations back down to a checkpoint takes back one action.
    Checkpoint,
    /// An alteration of the skills board: a piece removed or placed, a tile blocked (a wall raised),
    /// a cooldown, freeze or teleport mark (never [`SkillAlteration::Checkpoint`]).
    Board(SkillAlteration),
    /// A unit changes (hit points, square, life, role, armour; [`Unit`]'s fields), or joins (a
    /// reinforcement or a summoned pawn: inserted at the end, its id its index).
    Unit(ListEdit<Unit>),
    /// A poison cloud appears, fades (its exposures count down) or goes.
    Cloud(ListEdit<Cloud>),
    /// A dormant wall (a Bulwark's square, still held) appears or goes (raised as a blocked tile).
    DormantWall(ListEdit<Square>),
    /// A unit that teleported, with its moves since (at most two), for the promotion statistics.
    RecentTeleport(ListEdit<(PieceId, u8)>),
    /// A pack slot changes (a consumable used).
    Pack {
        /// The slot.
        slot: usize,
        /// The slot before.
        before: Option<PackSlot>,
        /// The slot after.
        after: Option<PackSlot>,
    },
    /// A counter changes.
    Counter {
        /// Which.
        counter: BattleCounter,
        /// Its value before.
        before: u32,
        /// Its value after.
        after: u32,
    },
    /// The statistics change (pieces lost, kills, casts, promotions).
    Stats {
        /// Before.
        before: BattleStats,
        /// After.
        after: BattleStats,
    },
    /// The piece that may still reposition this turn changes.
    Pending {
        /// Before.
        before: Option<PieceId>,
        /// After.
        after: Option<PieceId>,
    },
    /// The team to move changes.
    ToMove {
        /// Before.
        before: Team,
        /// After.
        after: Team,
    },
    /// The battle's status changes (a victory or a defeat).
    Status {
        /// Before.
        before: BattleStatus,
        /// After.
        after: BattleStatus,
    },
}

/// Why [`Battle::apply_alteration`] refused an alteration; the battle is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BattleAlterationError {
    /// The skills board refused a board alteration.
    #[error(transparent)]
    Board(#[from] SkillAlterationError),
    /// An edit whose `before` (or removed item, or index) is not the battle's present state.
    #[error("the alteration {0:?} does not start from the battle's state")]
    StateMismatch(Box<BattleAlteration>),
}

impl BattleAlteration {
    /// The alteration that undoes this one. Applying an action's alterations and then their
    /// inverses in reverse order gives back the battle.
    #[must_use]
    pub fn inverse(self) -> BattleAlteration {
        use BattleAlteration as A;
        match self {
            A::Checkpoint => A::Checkpoint,
            A::Board(a) => A::Board(a.inverse()),
            A::Unit(e) => A::Unit(e.inverse()),
            A::Cloud(e) => A::Cloud(e.inverse()),
            A::DormantWall(e) => A::DormantWall(e.inverse()),
            A::RecentTeleport(e) => A::RecentTeleport(e.inverse()),
            A::Pack { slot, before, after } => A::Pack { slot, before: after, after: before },
            A::Counter { counter, before, after } => A::Counter { counter, before: after, after: before },
            A::Stats { before, after } => A::Stats { before: after, after: before },
            A::Pending { before, after } => A::Pending { before: after, after: before },
            A::ToMove { before, after } => A::ToMove { before: after, after: before },
            A::Status { before, after } => A::Status { before: after, after: before },
        }
    }
}

/// The edits that turn `before` into `after`, pushed to `out`: the items of `before` matched in
/// order with the items of `after` by `key` (the first match from where the last one stopped), the
/// unmatched ones removed (last first), the new ones inserted (first first), then the matched ones
/// that differ changed, at their index in `after`.
fn list_edits<T: Clone + PartialEq, K: PartialEq>(
    before: &[T],
    after: &[T],
    key: impl Fn(&T) -> K,
    wrap: impl Fn(ListEdit<T>) -> BattleAlteration,
    out: &mut Vec<BattleAlteration>,
) {
    let mut matched = vec![None; after.len()];
    let mut kept = vec![false; before.len()];
    let mut from = 0;
    for (j, item) in after.iter().enumerate() {
        let k = key(item);
        if let Some(offset) = before[from..].iter().position(|b| key(b) == k) {
            matched[j] = Some(from + offset);
            kept[from + offset] = true;
            from += offset + 1;
        }
    }
    for (index, item) in before.iter().enumerate().rev() {
        if !kept[index] {
            out.push(wrap(ListEdit::Remove { index, item: item.clone() }));
        }
    }
    for (index, item) in after.iter().enumerate() {
        if matched[index].is_none() {
            out.push(wrap(ListEdit::Insert { index, item: item.clone() }));
        }
    }
    for (index, item) in after.iter().enumerate() {
        if let Some(i) = matched[index]
            && before[i] != *item
        {
            out.push(wrap(ListEdit::Change { index, before: before[i].clone(), after: item.clone() }));
        }
    }
}

impl Battle {
    /// `action` described as alterations, in the order they can be applied: a
    /// [`Checkpoint`](BattleAlteration::Checkpoint), then [`Battle::alterations_to`] the battle
    /// [`Battle::apply`] would give. Computed on a copy; the battle is not changed.
    ///
    /// # Errors
    /// The [`ActionError`] [`Battle::apply`] gives for an action the rules refuse.
    pub fn alterations(&self, action: BattleAction) -> Result<Vec<BattleAlteration>, ActionError> {
        let mut after = self.clone();
        after.set_quiet(true);
        after.apply(action)?;
        let mut out = vec![BattleAlteration::Checkpoint];
        out.extend(self.alterations_to(&after));
        Ok(out)
    }

    /// The alterations that turn this battle into `after`, with no checkpoint: the skills board's
    /// ([`SkillBoard::alterations_to`](gambit_skills::SkillBoard::alterations_to): pieces removed,
    /// tiles blocked, pieces placed, then cooldowns, freeze ticks, teleport marks), the units (by
    /// id), clouds (matched by their squares), dormant walls, recent teleports (by unit), pack slots,
    /// counters, statistics, the pending reposition, the team to move and the status, each only when
    /// it differs. For two states of one battle (the parts [`Battle::new`] fixes, such as the board's
    /// shape, objectives, team rules and which teams had a king, must be the same); events are not
    /// described.
    #[must_use]
    pub fn alterations_to(&self, after: &Battle) -> Vec<BattleAlteration> {
        use BattleAlteration as A;
        let mut out: Vec<A> = self.board.alterations_to(&after.board).into_iter().map(A::Board).collect();
        list_edits(self.units.list(), after.units.list(), |u| u.id, A::Unit, &mut out);
        let (here, there) = (&self.hazards, &after.hazards);
        list_edits(here.clouds(), there.clouds(), |c| c.squares.clone(), A::Cloud, &mut out);
        list_edits(here.dormant_walls(), there.dormant_walls(), |&s| s, A::DormantWall, &mut out);
        let (here, there) = (&self.tally, &after.tally);
        list_edits(
            here.recent_teleports(),
            there.recent_teleports(),
            |&(id, _)| id,
            A::RecentTeleport,
            &mut out,
        );
        for (slot, (&before, &now)) in self.pack.slots().iter().zip(after.pack.slots()).enumerate() {
            if before != now {
                out.push(A::Pack { slot, before, after: now });
            }
        }
        for counter in COUNTERS {
            let (before, now) = (self.counter(counter), after.counter(counter));
            if before != now {
                out.push(A::Counter { counter, before, after: now });
            }
        }
        let (before, now) = (self.tally.stats(), after.tally.stats());
        if before != now {
            out.push(A::Stats { before, after: now });
        }
        let (before, now) = (self.progress, after.progress);
        if before.pending() != now.pending() {
            out.push(A::Pending { before: before.pending(), after: now.pending() });
        }
        if before.to_move() != now.to_move() {
            out.push(A::ToMove { before: before.to_move(), after: now.to_move() });
        }
        if before.status() != now.status() {
            out.push(A::Status { before: before.status(), after: now.status() });
        }
        out
    }

    /// Applies one alteration; a checkpoint changes nothing. Board alterations go through
    /// [`SkillBoard::apply_alteration`](gambit_skills::SkillBoard::apply_alteration) (which clears
    /// the board's undo records); a unit's edit keeps the square map, a unit joins only at the end
    /// (its id its index) and only the last one can leave. No event is emitted.
    ///
    /// # Errors
    /// [`BattleAlterationError::Board`] when the skills board refuses a board alteration,
    /// [`BattleAlterationError::StateMismatch`] when any other edit does not start from the present
    /// state. The battle is unchanged on error.
    pub fn apply_alteration(&mut self, alteration: &BattleAlteration) -> Result<(), BattleAlterationError> {
        use BattleAlteration as A;
        let applied = match alteration {
            A::Checkpoint => true,
            A::Board(a) => {
                self.board.apply_alteration(*a)?;
                true
            }
            A::Unit(edit) => self.units.apply_edit(edit),
            A::Cloud(edit) => self.hazards.apply_cloud_edit(edit),
            A::DormantWall(edit) => self.hazards.apply_wall_edit(edit),
            A::RecentTeleport(edit) => self.tally.apply_recent_edit(edit),
            A::Pack { slot, before, after } => self.pack.replace(*slot, *before, *after),
            A::Counter { counter, before, after } => {
                self.counter(*counter) == *before && self.set_counter(*counter, *after)
            }
            A::Stats { before, after } => self.tally.replace_stats(*before, *after),
            A::Pending { before, after } => self.progress.replace_pending(*before, *after),
            A::ToMove { before, after } => self.progress.replace_to_move(*before, *after),
            A::Status { before, after } => self.progress.replace_status(*before, *after),
        };
        if applied { Ok(()) } else { Err(BattleAlterationError::StateMismatch(Box::new(alteration.clone()))) }
    }

    /// A counter's value, from the part that keeps it.
    fn counter(&self, counter: BattleCounter) -> u32 {
        self.budget
            .counter(counter)
            .or_else(|| self.progress.counter(counter))
            .or_else(|| self.tally.counter(counter))
            .expect("every counter has a part")
    }

    /// Sets a counter in the part that keeps it; `false` (and nothing changed) when `value` does not
    /// fit it.
    fn set_counter(&mut self, counter: BattleCounter, value: u32) -> bool {
        self.budget
            .set_counter(counter, value)
            .or_else(|| self.progress.set_counter(counter, value))
            .or_else(|| self.tally.set_counter(counter, value))
            .expect("every counter has a part")
    }
}

/// Every counter, in the order [`Battle::alterations_to`] describes them.
const COUNTERS: [BattleCounter; 8] = [
    BattleCounter::Budget,
    BattleCounter::MovesUsed,
    BattleCounter::Ply,
    BattleCounter::Haste,
    BattleCounter::FreeTeleportsUsed,
    BattleCounter::KilledRoles,
    BattleCounter::Captures(Team::Player),
    BattleCounter::Captures(Team::Enemy),
];

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::encounter::{default_deployment, generate, templates};
    use crate::items::{Category, ItemCatalogue};
    use crate::types::Modifier;
    use crate::{Run, RunConfig};
    use gambit_rules::Color;
    use gambit_skills::Skill;

    /// A battle of template `template` varied by `seed`: badges on both teams (a rotating pair of
    /// the shipped ones, so Bulwark walls, clouds and heals all occur), a modifier on every third
    /// piece, three consumables, and enemy skills on odd seeds.
    fn battle(template: usize, seed: u64) -> Battle {
        let list = templates();
        let army = Run::new(RunConfig::new(seed)).roster().to_vec();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let e = generate(&list[template % list.len()], &mut rng, &army).encounter;
        let deployment = default_deployment(&e.board, &army).expect("the starting army deploys");
        let mut setup = e.setup(&army, &deployment, Default::default());
        let items = ItemCatalogue::shipped();
        let badges: Vec<_> = items.of(Category::Badge).map(|i| i.effect).collect();
        let consumables: Vec<_> = items.of(Category::Consumable).map(|i| i.effect).collect();
        let n = template + seed as usize;
        setup.player_badges.extend([badges[n % badges.len()], badges[(n + 7) % badges.len()]]);
        setup.enemy_badges.extend([badges[(n + 3) % badges.len()], badges[(n + 11) % badges.len()]]);
        setup.consumables.extend((0..3).map(|i| consumables[(n + i) % consumables.len()]));
        for (i, u) in setup.units.iter_mut().enumerate() {
            if i % 3 == seed as usize % 3 {
                u.modifier = Some(Modifier::ALL[(n + i) % Modifier::ALL.len()]);
            }
        }
        if seed % 2 == 1 && setup.enemy_skills.is_none() {
            setup.enemy_skills = Some(setup.player_skills);
        }
        let mut b = Battle::new(&setup).expect("a valid setup");
        b.set_quiet(true);
        b
    }

    /// Panics unless `a` and `b` are the same battle state: every part (a new part breaks this
    /// destructuring, so it cannot be forgotten) but the events and quietness of the tally and the
    /// board's log and undo records (applying alterations keeps the log; the board is compared by
    /// position, key, cooldowns, freeze ticks and teleport marks).
    fn assert_same_state(a: &Battle, b: &Battle, context: &str) {
        let Battle { board, units, hazards, progress, budget, pack, tally, conditions } = a;
        assert_eq!(board.position(), b.board.position(), "{context}: position");
        assert_eq!(board.state_key(), b.board.state_key(), "{context}: board key");
        assert_eq!(board.frozen(), b.board.frozen(), "{context}: frozen");
        for color in Color::ALL {
            assert_eq!(board.teleported_piece(color), b.board.teleported_piece(color), "{context}");
            for skill in Skill::ALL {
                assert_eq!(board.cooldown(color, skill), b.board.cooldown(color, skill), "{context}");
            }
        }
        assert_eq!(units, &b.units, "{context}: units and square map");
        assert_eq!(hazards, &b.hazards, "{context}: clouds and dormant walls");
        assert_eq!(progress, &b.progress, "{context}: turn");
        assert_eq!((budget, pack), (&b.budget, &b.pack), "{context}: budget and pack");
        assert!(tally.same_counts(&b.tally), "{context}: tally {tally:?} against {:?}", b.tally);
        assert_eq!(conditions, &b.conditions, "{context}: conditions");
    }

    /// Random walks through battles of every template: at each state every legal action's
    /// alterations, applied, give the battle `apply` gives, and their inverses in reverse order give
    /// back the state. Counts what kinds were seen, so the walk cannot pass without walls, clouds,
    /// damage, a used consumable and a finished battle.
    #[test]
    fn alterations_replay_every_action_and_their_inverses_take_it_back() {
        let mut checked = 0;
        let mut seen = [false; 6];
        for template in 0..templates().len() {
            for seed in [1, 2, 3] {
                let mut here = battle(template, seed);
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 1_000 + template as u64);
                for _ in 0..40 {
                    if here.status() != BattleStatus::Ongoing {
                        break;
                    }
                    let actions = here.legal_actions();
                    for &action in &actions {
                        let context = format!("template {template} seed {seed} ply {} {action}", here.ply());
                        let steps = here.alterations(action).unwrap_or_else(|e| panic!("{context}: {e}"));
                        assert_eq!(steps[0], BattleAlteration::Checkpoint, "{context}");
                        let mut applied = here.clone();
                        applied.apply(action).unwrap();
                        let mut altered = here.clone();
                        for a in &steps {
                            altered.apply_alteration(a).unwrap_or_else(|e| panic!("{context}: {e}"));
                            match a {
                                BattleAlteration::Board(gambit_skills::SkillAlteration::Board(
                                    gambit_rules::Alteration::Blocked { .. },
                                )) => seen[0] = true,
                                BattleAlteration::Cloud(ListEdit::Insert { .. }) => seen[1] = true,
                                BattleAlteration::Unit(ListEdit::Change { before, after, .. })
                                    if after.alive && after.hp < before.hp =>
                                {
                                    seen[2] = true;
                                }
                                BattleAlteration::Pack { .. } => seen[3] = true,
                                BattleAlteration::Status { .. } => seen[4] = true,
                                BattleAlteration::DormantWall(_) => seen[5] = true,
                                _ => {}
                            }
                        }
                        assert_same_state(&altered, &applied, &context);
                        for a in steps.iter().rev() {
                            altered
                                .apply_alteration(&a.clone().inverse())
                                .unwrap_or_else(|e| panic!("{context}: {e}"));
                        }
                        assert_same_state(&altered, &here, &format!("{context}, taken back"));
                        checked += 1;
                    }
                    let action = *actions.choose(&mut rng).expect("an ongoing battle has an action");
                    if rng.gen_bool(0.5) || !matches!(action, BattleAction::Move { .. }) {
                        here.apply(action).unwrap();
                    } else {
                        // Prefer captures now and then, so pieces die (clouds, walls, victories).
                        let capture = actions
                            .iter()
                            .copied()
                            .find(
                                |a| matches!(a, BattleAction::Move { to, .. } if here.unit_at(*to).is_some()),
                            )
                            .unwrap_or(action);
                        here.apply(capture).unwrap();
                    }
                }
            }
        }
        assert!(checked > 5_000, "only {checked} actions checked");
        assert_eq!(seen, [true; 6], "walls raised, clouds, damage, consumables, an end, dormant walls");
    }

    #[test]
    fn a_wrong_alteration_is_refused_and_changes_nothing() {
        let mut b = battle(0, 1);
        let before = b.clone();
        let wrong = BattleAlteration::Counter {
            counter: BattleCounter::Budget,
            before: b.move_budget() + 1,
            after: 0,
        };
        assert_eq!(b.apply_alteration(&wrong), Err(BattleAlterationError::StateMismatch(Box::new(wrong))));
        let mut unit = b.units()[0].clone();
        unit.id = 0;
        let join = BattleAlteration::Unit(ListEdit::Insert { index: 0, item: unit });
        assert!(matches!(b.apply_alteration(&join), Err(BattleAlterationError::StateMismatch(_))));
        let too_big = BattleAlteration::Counter { counter: BattleCounter::Haste, before: 0, after: 300 };
        assert!(matches!(b.apply_alteration(&too_big), Err(BattleAlterationError::StateMismatch(_))));
        assert_eq!(b, before);
    }
}
