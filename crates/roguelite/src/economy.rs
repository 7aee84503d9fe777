//! Prices, purchase limits, victory points, gold and EXP.

use std::fmt;

use gambit_rules::Role;
use serde::{Deserialize, Serialize};

use crate::tuning::Tuning;
use crate::types::Modifier;

/// Victory points for a won battle: 100 + 5 x remaining player moves + 30 when the bonus objective is
/// complete.
///
/// ```
/// assert_eq!(gambit_roguelite::economy::victory_points(4, true), 150);
/// ```
#[must_use]
pub fn victory_points(moves_left: u32, bonus: bool) -> u32 {
    VICTORY_BASE_POINTS + POINTS_PER_MOVE_LEFT * moves_left + if bonus { BONUS_POINTS } else { 0 }
}

/// Gold for a won battle under the shipped tuning (`data/tuning.json`, [`GoldTuning::victory_gold`]):
/// 40 + 2 x remaining player moves + 15 when the bonus objective is complete.
///
/// ```
/// assert_eq!(gambit_roguelite::economy::victory_gold(4, true), 63);
/// ```
///
/// [`GoldTuning::victory_gold`]: crate::tuning::GoldTuning::victory_gold
#[must_use]
pub fn victory_gold(moves_left: u32, bonus: bool) -> u32 {
    Tuning::default().gold.victory_gold(moves_left, bonus)
}

/// EXP at the end of a run: floor(total points / 10) + 10 x battles won + 20 for a full victory.
///
/// ```
/// assert_eq!(gambit_roguelite::economy::run_exp(455, 3, true), 45 + 30 + 20);
/// ```
#[must_use]
pub fn run_exp(total_points: u32, battles_won: u32, full_victory: bool) -> u32 {
    total_points / 10 + 10 * battles_won + if full_victory { 20 } else { 0 }
}

/// Points for a won battle before moves and bonus.
pub const VICTORY_BASE_POINTS: u32 = 100;
/// Points per player move left at victory.
pub const POINTS_PER_MOVE_LEFT: u32 = 5;
/// Points for a completed bonus objective.
pub const BONUS_POINTS: u32 = 30;

/// What a won battle earned and how: the points ([`victory_points`]) in their three parts, and the
/// gold ([`victory_gold`]). `Display`: `100 + 5 x 3 moves left + 30 bonus = 145 points`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VictoryReward {
    /// Player moves left at victory.
    pub moves_left: u32,
    /// Whether the bonus objective was complete.
    pub bonus: bool,
    /// The points every victory earns ([`VICTORY_BASE_POINTS`]).
    pub base_points: u32,
    /// Points for the moves left ([`POINTS_PER_MOVE_LEFT`] each).
    pub move_points: u32,
    /// Points for the bonus objective ([`BONUS_POINTS`] or 0).
    pub bonus_points: u32,
    /// The total points.
    pub points: u32,
    /// The gold (badges' gold included).
    pub gold: u32,
    /// Of the gold, what the player's badges added (War Chest, Bounty).
    #[serde(default)]
    pub badge_gold: u32,
    /// Of the gold, what the skill tree added ([`Perks::victory_gold`](crate::skilltree::Perks::victory_gold)).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tree_gold: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl VictoryReward {
    /// The reward of a victory with `moves_left` player moves left and the bonus complete or not.
    ///
    /// ```
    /// let r = gambit_roguelite::economy::VictoryReward::new(3, true);
    /// assert_eq!((r.base_points, r.move_points, r.bonus_points, r.points), (100, 15, 30, 145));
    /// assert_eq!(r.to_string(), "100 + 5 x 3 moves left + 30 bonus = 145 points");
    /// ```
    #[must_use]
    pub fn new(moves_left: u32, bonus: bool) -> VictoryReward {
        VictoryReward::with_gold(moves_left, bonus, &Tuning::default().gold)
    }

    /// The reward of a victory with the gold of a tuning ([`GoldTuning`](crate::tuning::GoldTuning)).
    #[must_use]
    pub fn with_gold(moves_left: u32, bonus: bool, gold: &crate::tuning::GoldTuning) -> VictoryReward {
        VictoryReward {
            moves_left,
            bonus,
            base_points: VICTORY_BASE_POINTS,
            move_points: POINTS_PER_MOVE_LEFT * moves_left,
            bonus_points: if bonus { BONUS_POINTS } else { 0 },
            points: victory_points(moves_left, bonus),
            gold: gold.victory_gold(moves_left, bonus),
            badge_gold: 0,
            tree_gold: 0,
        }
    }
}

impl VictoryReward {
    /// The reward of a won battle under `gold`: moves left and the bonus from the battle, plus the
    /// gold of the player's badges ([`ResolutionStep::Reward`](crate::items::ResolutionStep::Reward):
    /// [`TeamRules::victory_gold`](crate::items::TeamRules::victory_gold) and
    /// [`TeamRules::kill_gold`](crate::items::TeamRules::kill_gold) per enemy piece killed) in
    /// [`VictoryReward::badge_gold`]. Meaningful once the battle is won.
    #[must_use]
    pub fn of_battle(battle: &crate::battle::Battle, gold: &crate::tuning::GoldTuning) -> VictoryReward {
        let bonus = matches!(battle.status(), crate::battle::BattleStatus::Victory { bonus: true });
        let mut r = VictoryReward::with_gold(battle.moves_left(), bonus, gold);
        let rules = battle.rules(crate::types::Team::Player);
        r.badge_gold = rules.victory_gold + rules.kill_gold * battle.stats().enemy_killed;
        r.gold += r.badge_gold;
        r
    }
}

impl fmt::Display for VictoryReward {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} + {POINTS_PER_MOVE_LEFT} x {} moves left", self.base_points, self.moves_left)?;
        if self.bonus_points > 0 {
            write!(f, " + {} bonus", self.bonus_points)?;
        }
        write!(f, " = {} points", self.points)
    }
}

/// The EXP a run earned and how ([`run_exp`]). `Display`: `floor(455 / 10) + 10 x 3 battles + 20 for
/// a full victory = 95 EXP`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExpReward {
    /// The run's points.
    pub points: u32,
    /// Battles won.
    pub battles_won: u32,
    /// EXP from the points (a tenth, rounded down).
    pub from_points: u32,
    /// EXP from the battles won (10 each).
    pub from_battles: u32,
    /// EXP for a full victory (20 or 0).
    pub from_victory: u32,
    /// The total.
    pub total: u32,
}

impl ExpReward {
    /// The EXP of a run with `total_points`, `battles_won`, and a full victory or not.
    ///
    /// ```
    /// let e = gambit_roguelite::economy::ExpReward::new(455, 3, true);
    /// assert_eq!((e.from_points, e.from_battles, e.from_victory, e.total), (45, 30, 20, 95));
    /// ```
    #[must_use]
    pub fn new(total_points: u32, battles_won: u32, full_victory: bool) -> ExpReward {
        ExpReward {
            points: total_points,
            battles_won,
            from_points: total_points / 10,
            from_battles: 10 * battles_won,
            from_victory: if full_victory { 20 } else { 0 },
            total: run_exp(total_points, battles_won, full_victory),
        }
    }
}

impl fmt::Display for ExpReward {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "floor({} / 10) + 10 x {} battles", self.points, self.battles_won)?;
        if self.from_victory > 0 {
            write!(f, " + {} for a full victory", self.from_victory)?;
        }
        write!(f, " = {} EXP", self.total)
    }
}

/// Battles that win a run.
pub const BATTLES_PER_RUN: u32 = 3;

/// A piece's shop price in gold under the shipped tuning (`data/tuning.json`; a run's prices are
/// its [`Economy`](crate::tuning::Economy)'s).
#[must_use]
pub fn piece_price(role: Role) -> u32 {
    Tuning::default().prices.piece(role)
}

/// A modifier's shop price in gold in the shipped item catalogue (`data/items.json`).
#[must_use]
pub fn modifier_price(modifier: Modifier) -> u32 {
    crate::items::ItemCatalogue::shipped().modifier_item(modifier).map_or(0, |i| i.price)
}

/// How many pieces of a role the roster may own: one king, one queen, two rooks, two bishops (three
/// with Bishop's company), two knights, four pawns (our choice for pawns).
#[must_use]
pub fn purchase_limit(role: Role, bishop_limit: u32) -> u32 {
    match role {
        Role::King | Role::Queen => 1,
        Role::Rook | Role::Knight => 2,
        Role::Bishop => bishop_limit,
        Role::Pawn => 4,
    }
}
