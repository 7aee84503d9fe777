//! Deaths and their effects (step 2's death effect, step 6's casualties): poison clouds, Bulwark walls,
//! Rallying reinforcements.

use gambit_rules::{ByColor, File, Piece, Rank, Role, Square};

use super::{Battle, BattleEvent, CLOUD_EXPOSURES, Cloud, START_HP, Unit};
use crate::types::{Modifier, PieceId, Team};

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
        self.emit(|_| BattleEvent::WallRaised { square: sq });
    }

    /// Kills a piece: removes it (unless a capturer already replaced it on the board) and resolves its
    /// death effect.
    pub(super) fn kill(&mut self, id: PieceId, capturer: Option<PieceId>) {
        let (team, role, sq, modifier, temporary) = {
            let u = &mut self.units[id as usize];
            u.alive = false;
            u.hp = 0;
            (u.team, u.role, u.square, u.modifier, u.temporary)
        };
        if self.at[sq.index() as usize] == Some(id) {
            self.at[sq.index() as usize] = None;
            self.board.edit_position(|p| p.remove_piece(sq));
        }
        match team {
            Team::Player => {
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
            Team::Enemy => {
                self.stats.enemy_killed += 1;
                self.killed_roles |= 1 << role.index();
            }
        }
        match capturer {
            Some(c) => {
                self.emit(|b| BattleEvent::Captured { victim: b.label(id), by: b.label(c), square: sq });
            }
            None => self.emit(|b| BattleEvent::Died { unit: b.label(id), square: sq }),
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
                self.emit(|b| BattleEvent::CloudCreated { source: b.label(id), squares: squares.clone() });
                self.clouds.push(Cloud { squares, counters: ByColor::splat(CLOUD_EXPOSURES) });
            }
            Some(Modifier::Bulwark) => {
                if self.at[sq.index() as usize].is_some() {
                    self.dormant_walls.push(sq);
                    self.emit(|_| BattleEvent::WallDormant { square: sq });
                } else {
                    self.raise_wall(sq);
                }
            }
            Some(Modifier::Rallying) => self.reinforce(team, id),
            Some(Modifier::Swift) | None => {}
        }
    }

    /// The home row of a team: the lowest (player) or highest (enemy) rank with a playable square.
    #[must_use]
    pub fn home_rank(&self, team: Team) -> Rank {
        let mut ranks = Rank::ALL
            .into_iter()
            .filter(|&r| File::ALL.into_iter().any(|f| self.shape.is_playable(Square::from_coords(f, r))));
        match team {
            Team::Player => ranks.next().unwrap_or(Rank::ALL[0]),
            Team::Enemy => ranks.next_back().unwrap_or(Rank::ALL[7]),
        }
    }

    pub(super) fn reinforce(&mut self, team: Team, fallen: PieceId) {
        let rank = self.home_rank(team);
        let spot = File::ALL.into_iter().map(|f| Square::from_coords(f, rank)).find(|&s| {
            self.shape.is_playable(s)
                && !self.position().is_blocked(s)
                && self.at[s.index() as usize].is_none()
        });
        let Some(sq) = spot else {
            self.emit(|b| BattleEvent::NoReinforcement { fallen: b.label(fallen) });
            return;
        };
        let id = self.units.len() as PieceId;
        self.units.push(Unit {
            id,
            team,
            role: Role::Pawn,
            hp: START_HP,
            max_hp: START_HP,
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
            .edit_position(|p| p.put_piece(sq, Piece::new(team.color(), Role::Pawn)).map(|_| ()))
            .expect("an empty playable square");
        self.emit(|b| BattleEvent::Reinforcement { unit: b.label(id), fallen: b.label(fallen), square: sq });
    }
}
