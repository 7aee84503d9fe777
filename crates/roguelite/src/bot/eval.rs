//! The bot's static evaluation of a battle, with its weights as data.

use gambit_rules::Role;

use super::role_value;
use crate::battle::{Battle, Objective};
use crate::types::{Modifier, Team};

/// The weights of the static evaluation, centipawns from the player's view. [`Evaluation::default`]
/// is the game's; a different one changes every choice the bot makes (tests inject one to show that
/// a saved run survives a changed bot, see `docs/save-format.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// A piece below full health is worth this percentage of its role value.
    pub wounded_percent: i32,
    /// Extra loss for a piece standing in a cloud that can still hurt it, on top of a quarter of its
    /// value.
    pub poisoned: i32,
    /// Loss per orthogonally adjacent raised wall.
    pub cramped_by_wall: i32,
    /// Worth of a modifier.
    pub modifier: i32,
    /// Loss for a Bulwark piece standing on a dormant wall.
    pub on_dormant_wall: i32,
    /// Worth per rank a pawn has advanced.
    pub pawn_rank: i32,
    /// Worth to the enemy of each marked target it keeps (`capture_targets`).
    pub target: i32,
    /// Worth to the enemy of each piece it keeps (`eliminate_army`).
    pub army_piece: i32,
    /// Worth to the enemy of its king (`capture_king`).
    pub objective_king: i32,
    /// Worth of a king that is neither royal nor an objective piece (a piece that moves one square;
    /// a royal or objective king is worth [`role_value`]`(King)`).
    pub plain_king: i32,
    /// Loss per square of distance (Chebyshev) between each objective piece (each enemy piece under
    /// `eliminate_army`) and the nearest player piece that is not a pawn: the player closes in, the
    /// enemy keeps its objective away. Without it a short search has no reason to chase a target it
    /// cannot reach within its horizon.
    pub chase: i32,
}

impl Default for Evaluation {
    fn default() -> Self {
        Evaluation {
            wounded_percent: 75,
            poisoned: 40,
            cramped_by_wall: 12,
            modifier: 25,
            on_dormant_wall: 10,
            pawn_rank: 6,
            target: 400,
            army_piece: 60,
            objective_king: 300,
            plain_king: 350,
            chase: 8,
        }
    }
}

impl Evaluation {
    /// The static evaluation from the player's view, centipawns: material scaled by HP, poison
    /// exposure, walls next to pieces, modifiers, pawn advance, objective progress.
    #[must_use]
    pub fn evaluate(&self, b: &Battle) -> i32 {
        let mut score = 0;
        for u in b.units().iter().filter(|u| u.alive) {
            let sign = if u.team == Team::Player { 1 } else { -1 };
            let base = if u.role == Role::King && !b.royal_kings() && !b.is_objective(u) {
                self.plain_king
            } else {
                role_value(u.role)
            };
            let mut v = if u.hp >= u.max_hp { base } else { base * self.wounded_percent / 100 };
            if b.is_poisoned_for(u.square, u.team) {
                v -= base / 4 + self.poisoned;
            }
            for (df, dr) in [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)] {
                if let Some(n) = u.square.offset(df, dr)
                    && b.shape().is_playable(n)
                    && b.position().is_blocked(n)
                {
                    v -= self.cramped_by_wall;
                }
            }
            if u.modifier.is_some() {
                v += self.modifier;
            }
            if u.modifier == Some(Modifier::Bulwark) && b.dormant_walls().contains(&u.square) {
                v -= self.on_dormant_wall;
            }
            if u.role == Role::Pawn {
                let rank = i32::from(u.square.rank().index());
                v += self.pawn_rank * if u.team == Team::Player { rank } else { 7 - rank };
            }
            score += sign * v;
            if u.team == Team::Enemy && self.chase != 0 {
                let hunted = match b.objective() {
                    Objective::EliminateArmy => true,
                    _ => b.is_objective(u),
                };
                if hunted {
                    let nearest = b
                        .living(Team::Player)
                        .filter(|p| p.role != Role::Pawn)
                        .map(|p| chebyshev(p.square, u.square))
                        .min()
                        .unwrap_or(7);
                    score -= self.chase * nearest;
                }
            }
            if u.team == Team::Enemy {
                score -= match b.objective() {
                    Objective::EliminateArmy => self.army_piece,
                    Objective::CaptureTargets if b.is_objective(u) => self.target,
                    Objective::CaptureKing if b.is_objective(u) => self.objective_king,
                    _ => 0,
                };
            }
        }
        score
    }
}

fn chebyshev(a: gambit_rules::Square, b: gambit_rules::Square) -> i32 {
    let df = (i32::from(a.file().index()) - i32::from(b.file().index())).abs();
    let dr = (i32::from(a.rank().index()) - i32::from(b.rank().index())).abs();
    df.max(dr)
}
