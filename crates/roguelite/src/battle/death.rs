//! Deaths and their effects (step 2's death effect, step 6's casualties): poison clouds, Bulwark walls,
//! Rallying reinforcements; damage and healing outside captures.

use gambit_rules::{ByColor, File, Piece, Rank, Role, Square};

use super::{Battle, BattleEvent, CLOUD_EXPOSURES, Unit};
use crate::types::{Modifier, PieceId, Team};

/// Why a piece dies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Cause {
    /// Captured by this piece (a move or a teleport).
    Capture(PieceId),
    /// Poison at a start-of-turn boundary.
    Poison,
    /// Other damage (Frostbite, Spiked, a Firebomb).
    Damage,
}

impl Battle {
    /// Raises every dormant wall whose square is now empty.
    pub(super) fn activate_walls(&mut self) {
        if self.hazards.dormant_walls().is_empty() {
            return;
        }
        let units = &self.units;
        for sq in self.hazards.wake_walls(|sq| units.id_at(sq).is_none()) {
            self.raise_wall(sq);
        }
    }

    pub(super) fn raise_wall(&mut self, sq: Square) {
        self.board.edit_position(|p| p.set_blocked(sq, true)).expect("an empty square can be blocked");
        self.emit(|_| BattleEvent::WallRaised { square: sq });
    }

    /// Deals `damage` to a living piece (not poison: [`BattleEvent::Damaged`]); at 0 HP it dies
    /// ([`Cause::Damage`]) and its death effect resolves.
    pub(super) fn damage(&mut self, id: PieceId, damage: u8) {
        let Some((square, hp_left)) = self.units.update(id, |u| {
            u.alive.then(|| {
                u.hp = u.hp.saturating_sub(damage);
                (u.square, u.hp)
            })
        }) else {
            return;
        };
        self.emit(|b| BattleEvent::Damaged { unit: b.label(id), square, damage, hp_left });
        if hp_left == 0 {
            self.kill(id, Cause::Damage);
        }
    }

    /// Heals a living piece by up to `hp` (never above its maximum); nothing when it is at full health.
    pub(super) fn heal(&mut self, id: PieceId, hp: u8) {
        let Some((healed, square, hp_left)) = self.units.update(id, |u| {
            (u.alive && u.hp < u.max_hp && hp > 0).then(|| {
                let healed = hp.min(u.max_hp - u.hp);
                u.hp += healed;
                (healed, u.square, u.hp)
            })
        }) else {
            return;
        };
        self.emit(|b| BattleEvent::Healed { unit: b.label(id), square, hp: healed, hp_left });
    }

    /// Kills a piece: removes it (unless a capturer already replaced it on the board) and resolves its
    /// death effect.
    pub(super) fn kill(&mut self, id: PieceId, cause: Cause) {
        let capturer = match cause {
            Cause::Capture(c) => Some(c),
            Cause::Poison | Cause::Damage => None,
        };
        let u = &self.units[id];
        let (team, role, sq, modifier, temporary, promoted) =
            (u.team, u.role, u.square, u.modifier, u.temporary, u.promoted);
        if self.units.kill(id) {
            self.board.edit_position(|p| p.remove_piece(sq));
        }
        match team {
            Team::Player => self.tally.note_player_loss(temporary, role, promoted),
            Team::Enemy => self.tally.note_enemy_killed(role),
        }
        match cause {
            Cause::Capture(c) => {
                self.emit(|b| BattleEvent::Captured { victim: b.label(id), by: b.label(c), square: sq });
            }
            Cause::Poison => self.emit(|b| BattleEvent::Died { unit: b.label(id), square: sq }),
            Cause::Damage => self.emit(|b| BattleEvent::Destroyed { unit: b.label(id), square: sq }),
        }
        let rules = *self.conditions.rules(team);
        match modifier {
            Some(Modifier::Poisonous) => {
                let mut squares = vec![sq];
                for (df, dr) in [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)] {
                    if let Some(n) = sq.offset(df, dr)
                        && self.conditions.shape().is_playable(n)
                        && !self.position().is_blocked(n)
                    {
                        squares.push(n);
                    }
                }
                self.emit(|b| BattleEvent::CloudCreated { source: b.label(id), squares: squares.clone() });
                let mut counters = ByColor::splat(CLOUD_EXPOSURES);
                counters[team.other()] += rules.cloud_extra;
                self.hazards.add_cloud(squares, counters);
            }
            Some(Modifier::Bulwark) => {
                if self.units.id_at(sq).is_some() {
                    self.hazards.add_dormant_wall(sq);
                    self.emit(|_| BattleEvent::WallDormant { square: sq });
                    // Stonewall: the capturer standing on the dormant wall is frozen.
                    if capturer.is_some() && rules.bulwark_freeze > 0 {
                        let ticks = self.board.frozen_ticks(sq).unwrap_or(0).max(rules.bulwark_freeze);
                        self.board.set_frozen_ticks(sq, ticks);
                        self.emit(|_| BattleEvent::Frozen { team, square: sq, ticks });
                    }
                } else {
                    self.raise_wall(sq);
                }
            }
            Some(Modifier::Rallying) => self.summon(team, rules.rally_role.unwrap_or(Role::Pawn), Some(id)),
            _ => {}
        }
    }

    /// The home row of a team: the lowest (player) or highest (enemy) rank with a playable square.
    #[must_use]
    pub fn home_rank(&self, team: Team) -> Rank {
        let mut ranks = Rank::ALL.into_iter().filter(|&r| {
            File::ALL.into_iter().any(|f| self.conditions.shape().is_playable(Square::from_coords(f, r)))
        });
        match team {
            Team::Player => ranks.next().unwrap_or(Rank::ALL[0]),
            Team::Enemy => ranks.next_back().unwrap_or(Rank::ALL[7]),
        }
    }

    /// A temporary piece of `role` for `team` on the first free, non-wall square of its home row
    /// (a-file first): a Rallying death's reinforcement (`fallen`) or a Call to Arms (`None`).
    pub(super) fn summon(&mut self, team: Team, role: Role, fallen: Option<PieceId>) {
        let rank = self.home_rank(team);
        let spot = File::ALL.into_iter().map(|f| Square::from_coords(f, rank)).find(|&s| {
            self.conditions.shape().is_playable(s)
                && !self.position().is_blocked(s)
                && self.units.id_at(s).is_none()
        });
        let Some(sq) = spot else {
            match fallen {
                Some(f) => self.emit(|b| BattleEvent::NoReinforcement { fallen: b.label(f) }),
                None => self.emit(|_| BattleEvent::NoRoom { team }),
            }
            return;
        };
        let id = self.units.next_id();
        let hp = self.conditions.rules(team).start_hp(role);
        // The next number of the side's pieces of that role (never one already shown).
        let number = self.units.next_number(team, role);
        self.units.join(Unit {
            id,
            team,
            role,
            hp,
            max_hp: hp,
            modifier: None,
            square: sq,
            alive: true,
            temporary: true,
            target: false,
            promoted: false,
            roster_id: None,
            name: crate::types::PieceName { role, number },
            armor: false,
            start: sq,
        });
        self.board
            .edit_position(|p| p.put_piece(sq, Piece::new(team.color(), role)).map(|_| ()))
            .expect("an empty playable square");
        match fallen {
            Some(f) => self.emit(|b| BattleEvent::Reinforcement {
                unit: b.label(id),
                fallen: b.label(f),
                square: sq,
            }),
            None => self.emit(|b| BattleEvent::Summoned { unit: b.label(id), square: sq }),
        }
    }
}
