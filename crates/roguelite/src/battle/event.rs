//! What an action reports: typed events, in order, each with a readable [`Display`](fmt::Display).

use std::fmt;

use gambit_rules::{Role, Square};
use gambit_skills::Skill;
use serde::{Deserialize, Serialize};

use super::{DefeatReason, Objective, Unit};
use crate::types::{PieceId, PieceName, Team};

/// A unit as an event names it: its id, team, role at the time of the event and the name it is shown
/// by. `Display` (the name, never the id): `your Knight 2`, `enemy Rook`, `your Pawn (queen)` for a
/// promoted pawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitRef {
    /// The unit's id.
    pub id: PieceId,
    /// Its team.
    pub team: Team,
    /// Its role when the event happened (a promotion reports the pawn).
    pub role: Role,
    /// The name it is shown by ([`PieceName`]).
    pub name: PieceName,
}

impl fmt::Display for UnitRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.team.possessive(), self.name)?;
        if self.role != self.name.role {
            write!(f, " ({})", self.role.name())?;
        }
        Ok(())
    }
}

impl UnitRef {
    /// The unit as a log line names it: its team and its role now, without the number of its
    /// [`PieceName`] (`your Rook`, `enemy Pawn`, `your Queen` for a promoted pawn). Every line that
    /// names a unit also names its square, which already tells two pieces of a role apart; the
    /// numbered name ([`UnitRef`]'s `Display`) stays where no square is shown (cards, lists).
    #[must_use]
    pub fn plain(&self) -> PlainUnit {
        PlainUnit(*self)
    }
}

/// A [`UnitRef`] as log lines name it ([`UnitRef::plain`]).
#[derive(Copy, Clone, Debug)]
pub struct PlainUnit(UnitRef);

impl fmt::Display for PlainUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A first piece's name is its role alone (`Rook`), as [`PieceName`] writes it.
        write!(f, "{} {}", self.0.team.possessive(), PieceName { role: self.0.role, number: 1 })
    }
}

/// `you` or `the enemy`, the subject of a team's lines.
fn subject(team: Team) -> &'static str {
    match team {
        Team::Player => "you",
        Team::Enemy => "the enemy",
    }
}

/// One thing that happened, in order, for the UI and the log. Serialized with a `kind` tag
/// (`{"kind": "moved", "unit": {..}, "from": "e2", "to": "e4"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BattleEvent {
    /// A unit made an ordinary move (a capture is reported next, as [`BattleEvent::Captured`]).
    Moved {
        /// The unit.
        unit: UnitRef,
        /// Where from.
        from: Square,
        /// Where to.
        to: Square,
    },
    /// A unit was captured (killed at once).
    Captured {
        /// The captured unit.
        victim: UnitRef,
        /// The capturer.
        by: UnitRef,
        /// The square.
        square: Square,
    },
    /// A unit died of poison.
    Died {
        /// The unit.
        unit: UnitRef,
        /// Its square.
        square: Square,
    },
    /// A unit teleported (a capture is reported next).
    Teleported {
        /// The unit.
        unit: UnitRef,
        /// Where from.
        from: Square,
        /// Where to.
        to: Square,
    },
    /// A team froze a square.
    Frozen {
        /// The casting team.
        team: Team,
        /// The square.
        square: Square,
        /// How long it holds, ticks of the skill clock.
        ticks: u32,
    },
    /// A pawn promoted.
    Promoted {
        /// The pawn (its role before the promotion).
        unit: UnitRef,
        /// Its square.
        square: Square,
        /// The new role.
        role: Role,
    },
    /// A Swift capture offers its bearer a free reposition.
    RepositionOffered {
        /// The Swift unit.
        unit: UnitRef,
        /// Where it stands.
        square: Square,
    },
    /// The Swift unit repositioned.
    Repositioned {
        /// The unit.
        unit: UnitRef,
        /// Where from.
        from: Square,
        /// Where to.
        to: Square,
    },
    /// The offered reposition was declined.
    RepositionSkipped {
        /// The Swift unit.
        unit: UnitRef,
    },
    /// A Bulwark wall waits for its square to empty (the capturer stands on it).
    WallDormant {
        /// The square.
        square: Square,
    },
    /// A wall rose: the square is blocked for the rest of the battle.
    WallRaised {
        /// The square.
        square: Square,
    },
    /// A Poisonous unit's death spread a cloud.
    CloudCreated {
        /// The unit that died.
        source: UnitRef,
        /// The covered squares, death square first.
        squares: Vec<Square>,
    },
    /// A cloud's counters both reached 0: it is gone.
    CloudExpired {
        /// The squares it covered.
        squares: Vec<Square>,
    },
    /// Poison hurt a unit at its team's start of turn.
    PoisonDamage {
        /// The unit.
        unit: UnitRef,
        /// Its square.
        square: Square,
        /// Damage dealt, HP.
        damage: u8,
        /// HP left.
        hp_left: u8,
    },
    /// A Rallying death brought a temporary pawn.
    Reinforcement {
        /// The new pawn.
        unit: UnitRef,
        /// The Rallying unit that died.
        fallen: UnitRef,
        /// Where the pawn appeared.
        square: Square,
    },
    /// A Rallying death found no free home-row square.
    NoReinforcement {
        /// The Rallying unit that died.
        fallen: UnitRef,
    },
    /// A team had no action and passed (the enemy only: a player without action loses).
    Passed {
        /// The team.
        team: Team,
    },
    /// A new turn started.
    TurnStarted {
        /// The ply count after the switch.
        ply: u32,
        /// The team to act.
        team: Team,
    },
    /// The player won.
    Victory {
        /// The objective that was met.
        objective: Objective,
        /// Whether the bonus objective was completed too.
        bonus: bool,
    },
    /// The player lost.
    Defeat {
        /// Why.
        reason: DefeatReason,
    },
    /// An Armored unit's armour stopped a capture (or a teleport onto it): the attacker stayed.
    ArmorBroken {
        /// The Armored unit.
        unit: UnitRef,
        /// The attacker.
        by: UnitRef,
        /// The Armored unit's square.
        square: Square,
    },
    /// A unit was hurt by something other than poison (Frostbite, Spiked, a Firebomb).
    Damaged {
        /// The unit.
        unit: UnitRef,
        /// Its square.
        square: Square,
        /// Damage dealt, HP.
        damage: u8,
        /// HP left.
        hp_left: u8,
    },
    /// A unit died of such damage.
    Destroyed {
        /// The unit.
        unit: UnitRef,
        /// Its square.
        square: Square,
    },
    /// A unit healed (Vampiric, Regenerating, Field Medic, an Elixir).
    Healed {
        /// The unit.
        unit: UnitRef,
        /// Its square.
        square: Square,
        /// HP healed.
        hp: u8,
        /// HP now.
        hp_left: u8,
    },
    /// A Sentinel stopped a unit that ended its move next to it: its square is frozen.
    Stopped {
        /// The stopped unit.
        unit: UnitRef,
        /// The Sentinel.
        by: UnitRef,
        /// The frozen square.
        square: Square,
        /// How long it holds, ticks.
        ticks: u32,
    },
    /// A badge or a consumable made a team's skill ready at once.
    SkillReady {
        /// The team.
        team: Team,
        /// The skill.
        skill: Skill,
    },
    /// Moves were added to the player's budget (or given back).
    MovesGiven {
        /// How many.
        moves: u32,
    },
    /// A player teleport did not count against the budget (a badge).
    FreeTeleport,
    /// The player used a consumable.
    ItemUsed {
        /// Its pack slot, 0-based.
        slot: u8,
        /// Its effect's kind (`"firebomb"`).
        effect: String,
        /// The item's name as players see it (`"Firebomb"`), filled in by the run, which knows its
        /// catalogue ([`crate::run::Run`]); `None` from a battle played alone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// A temporary unit joined on its team's home row (a Call to Arms).
    Summoned {
        /// The new unit.
        unit: UnitRef,
        /// Where it appeared.
        square: Square,
    },
    /// A Call to Arms found no free home-row square.
    NoRoom {
        /// The team.
        team: Team,
    },
    /// A team lost its turn (the enemy, after a Haste).
    TurnSkipped {
        /// The team.
        team: Team,
    },
}

impl BattleEvent {
    /// The event's kind as its serialized `kind` tag writes it (`"moved"`, `"poison_damage"`, ...).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            BattleEvent::Moved { .. } => "moved",
            BattleEvent::Captured { .. } => "captured",
            BattleEvent::Died { .. } => "died",
            BattleEvent::Teleported { .. } => "teleported",
            BattleEvent::Frozen { .. } => "frozen",
            BattleEvent::Promoted { .. } => "promoted",
            BattleEvent::RepositionOffered { .. } => "reposition_offered",
            BattleEvent::Repositioned { .. } => "repositioned",
            BattleEvent::RepositionSkipped { .. } => "reposition_skipped",
            BattleEvent::WallDormant { .. } => "wall_dormant",
            BattleEvent::WallRaised { .. } => "wall_raised",
            BattleEvent::CloudCreated { .. } => "cloud_created",
            BattleEvent::CloudExpired { .. } => "cloud_expired",
            BattleEvent::PoisonDamage { .. } => "poison_damage",
            BattleEvent::Reinforcement { .. } => "reinforcement",
            BattleEvent::NoReinforcement { .. } => "no_reinforcement",
            BattleEvent::Passed { .. } => "passed",
            BattleEvent::TurnStarted { .. } => "turn_started",
            BattleEvent::Victory { .. } => "victory",
            BattleEvent::Defeat { .. } => "defeat",
            BattleEvent::ArmorBroken { .. } => "armor_broken",
            BattleEvent::Damaged { .. } => "damaged",
            BattleEvent::Destroyed { .. } => "destroyed",
            BattleEvent::Healed { .. } => "healed",
            BattleEvent::Stopped { .. } => "stopped",
            BattleEvent::SkillReady { .. } => "skill_ready",
            BattleEvent::MovesGiven { .. } => "moves_given",
            BattleEvent::FreeTeleport => "free_teleport",
            BattleEvent::ItemUsed { .. } => "item_used",
            BattleEvent::Summoned { .. } => "summoned",
            BattleEvent::NoRoom { .. } => "no_room",
            BattleEvent::TurnSkipped { .. } => "turn_skipped",
        }
    }

    /// The squares a unit travelled between (a move, a teleport or a reposition), for highlighting
    /// the last move; `None` for every other event.
    #[must_use]
    pub fn travel(&self) -> Option<(Square, Square)> {
        match *self {
            BattleEvent::Moved { from, to, .. }
            | BattleEvent::Teleported { from, to, .. }
            | BattleEvent::Repositioned { from, to, .. } => Some((from, to)),
            _ => None,
        }
    }
}

impl fmt::Display for BattleEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BattleEvent::Moved { unit, from, to } => write!(f, "{} moves {from}-{to}", unit.plain()),
            BattleEvent::Captured { victim, by, square } => {
                write!(f, "{} captures {} on {square}", by.plain(), victim.plain())
            }
            BattleEvent::Died { unit, square } => {
                write!(f, "{} succumbs to poison on {square}", unit.plain())
            }
            BattleEvent::Teleported { unit, from, to } => write!(f, "{} teleports {from}-{to}", unit.plain()),
            BattleEvent::Frozen { team: Team::Player, square, ticks } => {
                write!(f, "you freeze {square} for {ticks} ticks")
            }
            BattleEvent::Frozen { team: Team::Enemy, square, ticks } => {
                write!(f, "the enemy freezes {square} for {ticks} ticks")
            }
            BattleEvent::Promoted { unit, square, role } => {
                write!(f, "{} promotes to a {} on {square}", unit.plain(), role.name())
            }
            BattleEvent::RepositionOffered { unit, .. } => {
                write!(f, "{} may reposition (free, no capture) or skip", unit.plain())
            }
            BattleEvent::Repositioned { unit, from, to } => {
                write!(f, "{} repositions {from}-{to}", unit.plain())
            }
            BattleEvent::RepositionSkipped { unit } => write!(f, "{} stays put", unit.plain()),
            BattleEvent::WallDormant { square } => write!(f, "a wall waits under the capturer on {square}"),
            BattleEvent::WallRaised { square } => write!(f, "a wall rises on {square}"),
            BattleEvent::CloudCreated { squares, .. } => {
                f.write_str("a poison cloud spreads over")?;
                for s in squares {
                    write!(f, " {s}")?;
                }
                Ok(())
            }
            BattleEvent::CloudExpired { .. } => f.write_str("a poison cloud disperses"),
            BattleEvent::PoisonDamage { unit, square, hp_left, .. } => {
                write!(f, "poison hurts {} on {square} ({hp_left} HP left)", unit.plain())
            }
            BattleEvent::Reinforcement { unit, fallen, square } => {
                write!(f, "{} rallies: a temporary {} joins on {square}", fallen.plain(), unit.role.name())
            }
            BattleEvent::NoReinforcement { fallen } => {
                write!(f, "{} found no free home square to rally", fallen.plain())
            }
            BattleEvent::Passed { team: Team::Player } => f.write_str("you have no action and pass"),
            BattleEvent::Passed { team: Team::Enemy } => f.write_str("the enemy has no action and passes"),
            BattleEvent::TurnStarted { team: Team::Player, .. } => f.write_str("your turn"),
            BattleEvent::TurnStarted { team: Team::Enemy, .. } => f.write_str("the enemy's turn"),
            BattleEvent::Victory { objective, bonus } => {
                let extra = if *bonus { " (bonus objective complete)" } else { "" };
                write!(f, "victory: {objective}{extra}")
            }
            BattleEvent::Defeat { reason } => write!(f, "defeat: {reason}"),
            BattleEvent::ArmorBroken { unit, by, .. } => {
                write!(f, "the armour of {} stops {} and breaks", unit.plain(), by.plain())
            }
            BattleEvent::Damaged { unit, square, hp_left, .. } => {
                write!(f, "{} is hurt on {square} ({hp_left} HP left)", unit.plain())
            }
            BattleEvent::Destroyed { unit, square } => write!(f, "{} falls on {square}", unit.plain()),
            BattleEvent::Healed { unit, square, hp_left, .. } => {
                write!(f, "{} heals on {square} ({hp_left} HP)", unit.plain())
            }
            BattleEvent::Stopped { unit, by, square, ticks } => {
                write!(f, "{} stops {}: {square} is frozen for {ticks} ticks", by.plain(), unit.plain())
            }
            BattleEvent::SkillReady { team: Team::Player, skill } => {
                write!(f, "your {} is ready", skill.name())
            }
            BattleEvent::SkillReady { team: Team::Enemy, skill } => {
                write!(f, "the enemy's {} is ready", skill.name())
            }
            BattleEvent::MovesGiven { moves } => write!(f, "{moves} more moves"),
            BattleEvent::FreeTeleport => f.write_str("the teleport costs no move"),
            BattleEvent::ItemUsed { name: Some(name), .. } => write!(f, "you use {name}"),
            BattleEvent::ItemUsed { slot, name: None, .. } => {
                write!(f, "you use the item in slot {}", u16::from(*slot) + 1)
            }
            BattleEvent::Summoned { unit, square } => write!(f, "{} joins on {square}", unit.plain()),
            BattleEvent::NoRoom { team } => write!(f, "no free home square for {}", subject(*team)),
            BattleEvent::TurnSkipped { team: Team::Player } => f.write_str("you lose your turn"),
            BattleEvent::TurnSkipped { team: Team::Enemy } => f.write_str("the enemy loses its turn"),
        }
    }
}

impl BattleEvent {
    /// Whether the event gets a line in a player's log: every event but
    /// [`BattleEvent::TurnStarted`] (the screen says whose turn it is; a line per turn is noise).
    #[must_use]
    pub fn is_logged(&self) -> bool {
        !matches!(self, BattleEvent::TurnStarted { .. })
    }

    /// One log line for this event and the `next` when the two tell one happening: a move or a
    /// teleport and the capture it made on its destination (`your Rook moves f6-d6 and captures
    /// enemy King`). `None` for any other pair.
    #[must_use]
    pub fn line_with(&self, next: &BattleEvent) -> Option<String> {
        let (unit, from, to, verb) = match self {
            BattleEvent::Moved { unit, from, to } => (unit, from, to, "moves"),
            BattleEvent::Teleported { unit, from, to } => (unit, from, to, "teleports"),
            _ => return None,
        };
        match next {
            BattleEvent::Captured { victim, by, square } if by.id == unit.id && square == to => {
                Some(format!("{} {verb} {from}-{to} and captures {}", unit.plain(), victim.plain()))
            }
            _ => None,
        }
    }

    /// The log lines of `events`, in order: one per logged event ([`BattleEvent::is_logged`]), a move
    /// or a teleport and its capture as one line ([`BattleEvent::line_with`]).
    #[must_use]
    pub fn log_lines(events: &[BattleEvent]) -> Vec<String> {
        log_lines_of(events, |e| Some(e))
    }
}

/// The log lines of `items`, in order, where `battle` picks out the battle events: a battle event
/// as [`BattleEvent::log_lines`] words it (a move and its capture when they follow each other as one
/// line, unlogged events left out), any other item by its `Display`. The one home of the pairing
/// ([`BattleEvent::log_lines`], [`crate::run::RunEvent::log_lines`]).
pub(crate) fn log_lines_of<T: fmt::Display>(
    items: &[T],
    battle: fn(&T) -> Option<&BattleEvent>,
) -> Vec<String> {
    let mut lines = Vec::with_capacity(items.len());
    let mut i = 0;
    while let Some(item) = items.get(i) {
        i += 1;
        let Some(event) = battle(item) else {
            lines.push(item.to_string());
            continue;
        };
        if let Some(line) = items.get(i).and_then(battle).and_then(|next| event.line_with(next)) {
            lines.push(line);
            i += 1;
        } else if event.is_logged() {
            lines.push(event.to_string());
        }
    }
    lines
}

impl Unit {
    /// The unit as events name it (id, team, current role, name); its `Display` is `your Knight 2`.
    #[must_use]
    pub fn label(&self) -> UnitRef {
        UnitRef { id: self.id, team: self.team, role: self.role, name: self.name }
    }

    /// A short readable name: `your Knight 2`, `enemy Rook`, `your Pawn 2 (queen)` once promoted.
    #[must_use]
    pub fn name(&self) -> String {
        self.label().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::PieceName;

    fn unit(id: PieceId, team: Team, role: Role, number: u16) -> UnitRef {
        UnitRef { id, team, role, name: PieceName { role, number } }
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_capture_is_one_line_in_one_voice_without_turn_lines() {
        let rook = unit(1, Team::Player, Role::Rook, 2);
        let king = unit(7, Team::Enemy, Role::King, 1);
        let events = [
            BattleEvent::Frozen { team: Team::Player, square: sq("d6"), ticks: 3 },
            BattleEvent::Moved { unit: rook, from: sq("f6"), to: sq("d6") },
            BattleEvent::Captured { victim: king, by: rook, square: sq("d6") },
            BattleEvent::TurnStarted { ply: 3, team: Team::Enemy },
            BattleEvent::Frozen { team: Team::Enemy, square: sq("a1"), ticks: 3 },
            BattleEvent::TurnSkipped { team: Team::Enemy },
        ];
        assert_eq!(
            BattleEvent::log_lines(&events),
            [
                "you freeze d6 for 3 ticks",
                "your Rook moves f6-d6 and captures enemy King",
                "the enemy freezes a1 for 3 ticks",
                "the enemy loses its turn",
            ]
        );
        // The numbered name stays on the unit itself (cards, lists), where no square is shown.
        assert_eq!(rook.to_string(), "your Rook 2");
    }

    #[test]
    fn a_capture_elsewhere_than_the_move_keeps_two_lines() {
        let pawn = unit(2, Team::Enemy, Role::Pawn, 4);
        let knight = unit(3, Team::Player, Role::Knight, 1);
        let other = unit(4, Team::Enemy, Role::Bishop, 1);
        let events = [
            BattleEvent::Moved { unit: pawn, from: sq("f6"), to: sq("f5") },
            BattleEvent::Captured { victim: knight, by: other, square: sq("c3") },
        ];
        assert_eq!(
            BattleEvent::log_lines(&events),
            ["enemy Pawn moves f6-f5", "enemy Bishop captures your Knight on c3"]
        );
    }
}
