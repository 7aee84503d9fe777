//! Deaths and their effects (step 2's death effect, step 6's casualties): poison clouds, Bulwark walls,
//! Rallying reinforcements.

use gambit_rules::{Piece, Role, Square};

use super::{Battle, CLOUD_EXPOSURES, Cloud, EventKind, START_HP, Unit};
use crate::types::{Modifier, PieceId, Side, square_at};

impl Battle {
    /// Raises every dormant wall whose square is now empty.
    pub(super) fn activate_walls(&mut self) {
        let mut i = 0;
        while i < self.dormant_walls.len() {
            let sq = self.dormant_walls[i];
            if self.at[sq.index() as usize].is_none() {
                self.dormant_walls.remove(i);
                self.raise_wall(sq);
            } else {
                i += 1;
            }
        }
    }

    pub(super) fn raise_wall(&mut self, sq: Square) {
        self.board.edit_position(|p| p.set_blocked(sq, true)).expect("an empty square can be blocked");
        self.emit(EventKind::WallRaised, &[], &[sq], 0, |_| format!("a wall rises on {sq}"));
    }

    /// Kills a piece: removes it (unless a capturer already replaced it on the board) and resolves its
    /// death effect.
    pub(super) fn kill(&mut self, id: PieceId, capturer: Option<PieceId>) {
        let (side, role, sq, modifier, temporary) = {
            let u = &mut self.units[id as usize];
            u.alive = false;
            u.hp = 0;
            (u.side, u.role, u.square, u.modifier, u.temporary)
        };
        if self.at[sq.index() as usize] == Some(id) {
            self.at[sq.index() as usize] = None;
            self.board.edit_position(|p| p.remove_piece(sq));
        }
        match side {
            Side::Player => {
                if temporary {
                    if role == Role::Pawn {
                        self.stats.temporary_pawns_lost += 1;
                    }
                } else {
                    self.stats.owned_lost += 1;
                    if role == Role::Pawn && !self.units[id as usize].promoted {
                        self.stats.pawns_lost += 1;
                    }
                }
            }
            Side::Enemy => {
                self.stats.enemy_killed += 1;
                self.killed_roles |= 1 << role.index();
            }
        }
        match capturer {
            Some(c) => self.emit(EventKind::Captured, &[id, c], &[sq], 0, |b| {
                format!("{} captures {} on {sq}", b.units[c as usize].name(), b.units[id as usize].name())
            }),
            None => self.emit(EventKind::Died, &[id], &[sq], 0, |b| {
                format!("{} succumbs to poison on {sq}", b.units[id as usize].name())
            }),
        }
        match modifier {
            Some(Modifier::Poisonous) => {
                let mut squares = vec![sq];
                for (df, dr) in [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)] {
                    if let Some(n) = sq.offset(df, dr)
                        && self.shape.is_playable(n)
                        && !self.position().is_blocked(n)
                    {
                        squares.push(n);
                    }
                }
                self.emit(EventKind::CloudCreated, &[id], &squares, 0, |_| {
                    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
                    format!("a poison cloud spreads over {}", names.join(" "))
                });
                self.clouds.push(Cloud { squares, counters: [CLOUD_EXPOSURES; 2] });
            }
            Some(Modifier::Bulwark) => {
                if self.at[sq.index() as usize].is_some() {
                    self.dormant_walls.push(sq);
                    self.emit(EventKind::WallDormant, &[id], &[sq], 0, |_| {
                        format!("a wall waits under the capturer on {sq}")
                    });
                } else {
                    self.raise_wall(sq);
                }
            }
            Some(Modifier::Rallying) => self.reinforce(side, id),
            Some(Modifier::Swift) | None => {}
        }
    }

    /// The home row of a side: the lowest (player) or highest (enemy) rank with a playable square.
    #[must_use]
    pub fn home_rank(&self, side: Side) -> u8 {
        let mut ranks = (0..8u8)
            .filter(|&r| (0..8u8).any(|f| square_at(f, r).is_some_and(|s| self.shape.is_playable(s))));
        match side {
            Side::Player => ranks.next().unwrap_or(0),
            Side::Enemy => ranks.next_back().unwrap_or(7),
        }
    }

    pub(super) fn reinforce(&mut self, side: Side, fallen: PieceId) {
        let rank = self.home_rank(side);
        let spot = (0..8u8).filter_map(|f| square_at(f, rank)).find(|&s| {
            self.shape.is_playable(s)
                && !self.position().is_blocked(s)
                && self.at[s.index() as usize].is_none()
        });
        let Some(sq) = spot else {
            self.emit(EventKind::NoReinforcement, &[fallen], &[], 0, |b| {
                format!("{} found no free home square to rally", b.units[fallen as usize].name())
            });
            return;
        };
        let id = self.units.len() as PieceId;
        self.units.push(Unit {
            id,
            side,
            role: Role::Pawn,
            hp: START_HP,
            modifier: None,
            square: sq,
            alive: true,
            temporary: true,
            target: false,
            promoted: false,
            roster_id: None,
        });
        self.at[sq.index() as usize] = Some(id);
        self.board
            .edit_position(|p| p.put_piece(sq, Piece::new(side.color(), Role::Pawn)).map(|_| ()))
            .expect("an empty playable square");
        self.emit(EventKind::Reinforcement, &[id, fallen], &[sq], 0, |b| {
            format!("{} rallies: a temporary pawn #{id} joins on {sq}", b.units[fallen as usize].name())
        });
    }
}
