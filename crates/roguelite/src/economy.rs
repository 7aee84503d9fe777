//! Prices, purchase limits, victory points, gold and EXP.

use gambit_rules::Role;

use crate::types::Modifier;

/// Victory points for a won battle: 100 + 5 x remaining player moves + 30 when the bonus objective is
/// complete.
///
/// ```
/// assert_eq!(gambit_roguelite::victory_points(4, true), 150);
/// ```
#[must_use]
pub fn victory_points(moves_left: u32, bonus: bool) -> u32 {
    100 + 5 * moves_left + if bonus { 30 } else { 0 }
}

/// Gold for a won battle (our choice): 30 + 2 x remaining player moves + 15 when the bonus objective
/// is complete.
///
/// ```
/// assert_eq!(gambit_roguelite::victory_gold(4, true), 53);
/// ```
#[must_use]
pub fn victory_gold(moves_left: u32, bonus: bool) -> u32 {
    30 + 2 * moves_left + if bonus { 15 } else { 0 }
}

/// EXP at the end of a run: floor(total points / 10) + 10 x battles won + 20 for a full victory.
///
/// ```
/// assert_eq!(gambit_roguelite::run_exp(455, 3, true), 45 + 30 + 20);
/// ```
#[must_use]
pub fn run_exp(total_points: u32, battles_won: u32, full_victory: bool) -> u32 {
    total_points / 10 + 10 * battles_won + if full_victory { 20 } else { 0 }
}

/// Battles that win a run.
pub const BATTLES_PER_RUN: u32 = 3;

/// A shop price in gold.
#[must_use]
pub fn piece_price(role: Role) -> u32 {
    match role {
        Role::Pawn => 10,
        Role::Knight => 30,
        Role::Bishop => 30,
        Role::Rook => 45,
        Role::Queen => 80,
        Role::King => 60,
    }
}

/// A modifier's shop price in gold.
#[must_use]
pub fn modifier_price(modifier: Modifier) -> u32 {
    match modifier {
        Modifier::Poisonous => 25,
        Modifier::Bulwark => 20,
        Modifier::Rallying => 20,
        Modifier::Swift => 30,
    }
}

/// The price of a shop reroll in gold (the Second look unlock makes the first one per shop free).
pub const REROLL_PRICE: u32 = 10;

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
