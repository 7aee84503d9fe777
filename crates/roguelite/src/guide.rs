//! The roguelite's rules in short, as a front end's rules page shows them ("How to play"): one
//! paragraph per entry, the numbers formatted from the constants that rule them ([`START_HP`],
//! [`BONUS_POINTS`], [`CLOUD_EXPOSURES`], [`PACK_SIZE`], [`ROUTE_ACTS`]), so the page cannot drift
//! from the rules.
//!
//! ```
//! let rules = gambit_roguelite::guide::run_rules();
//! assert!(rules[1].contains("every piece has 2 HP"));
//! ```

use crate::battle::{CLOUD_EXPOSURES, START_HP};
use crate::economy::BONUS_POINTS;
use crate::items::PACK_SIZE;
use crate::route::ROUTE_ACTS;

/// The paragraphs of the roguelite's rules, in reading order (plain text, no markup).
#[must_use]
pub fn run_rules() -> Vec<String> {
    vec![
        format!(
            "A run: {ROUTE_ACTS} acts on a branching map of battles, elites (they drop a badge), shops and rests, each act ending in a boss. Boards: 6x6 to 8x8. You deploy in the bottom two rows; the enemy stands at the top."
        ),
        format!(
            "Battles have no check, checkmate, castling, en passant or pawn double step. Kings can be captured. A capture kills at once; every piece has {START_HP} HP, and poison takes 1."
        ),
        format!(
            "Win by the objective (capture the gold-framed targets or the enemy king, or eliminate the army) within your move budget (only your moves count). You lose when your army is gone or the budget runs out, and, only where the board says its kings are royal, when your last king is captured. No action at your turn loses (blocked pawns cannot teleport); you are warned first. A bonus objective adds {BONUS_POINTS} points."
        ),
        "Modifiers: Poisonous leaves a poison cloud on its death square and the squares beside it; Bulwark turns its death square into a wall once the capturer leaves it; Rallying calls a temporary pawn to its home row; Swift lets its bearer make one free non-capturing move after a capture (or skip it). Living modifiers (Armored, Vampiric, Sentinel, Spiked, Warded, Inspiring, Regenerating) act while their piece lives; in a battle, point at a piece to read what its modifier does.".to_string(),
        format!(
            "Poison clouds hurt a piece standing in them at the start of its side's turn, at most once per turn, and fade after {CLOUD_EXPOSURES} of each side's turns (the number on the cloud). Walls block movement like the board's edge."
        ),
        "Skills follow skill chess's Classic rules (a Teleport goes any distance; cooldowns count ticks), but a pawn only moves as a pawn, and skills never touch a king or a gold-framed target: none is frozen, teleported, taken or attacked by a Teleport. A Teleport counts as a move.".to_string(),
        format!(
            "Items: a badge changes a rule for the rest of the run (the deployment and battle panels list yours). Consumables (a pack of {PACK_SIZE}) are used in a battle with their button (or typed after /: use 1, use 1 e5), free like a Freeze; one that needs a target lights up the pieces it may touch (click one, Esc cancels). A used one leaves the pack after the battle."
        ),
        "Victories pay gold for shops (pieces, modifiers, badges, consumables, within limits); a rest revives a lost piece or removes a modifier. EXP buys permanent upgrades.".to_string(),
    ]
}

/// Short tips on the rules players miss (one or two lines each; plain text, each ending with a
/// full stop), for a front end's idle room (the title shows one): the numbers from the constants
/// that rule them, as [`run_rules`].
#[must_use]
pub fn tips() -> Vec<String> {
    vec![
        "Tip: a Freeze is free, your turn goes on after it; so is a consumable.".to_string(),
        "Tip: skills never touch a king or a gold-framed target: no Freeze, no Teleport, no attack by a Teleport.".to_string(),
        "Tip: only your moves and Teleports count against the move budget; Freezes and the enemy's moves do not.".to_string(),
        "Tip: cooldowns count ticks, and a tick is one move of either side.".to_string(),
        "Tip: point at a piece, a badge or a consumable to read what it does.".to_string(),
        format!("Tip: a piece starts a battle with {START_HP} HP (some badges give more); a capture kills at once."),
        "Tip: a piece lost in a battle stays lost for the run; a rest can bring one back.".to_string(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tips_are_short_and_quote_the_constants() {
        let tips = tips();
        assert!(tips.len() >= 5);
        for tip in &tips {
            assert!(tip.starts_with("Tip: ") && tip.ends_with('.') && tip.len() <= 110, "{tip:?}");
        }
        assert!(tips.iter().any(|t| t.contains(&format!("with {START_HP} HP"))));
    }

    #[test]
    fn the_rules_quote_the_constants() {
        let text = run_rules().join("\n");
        for quoted in [
            format!("{ROUTE_ACTS} acts"),
            format!("every piece has {START_HP} HP"),
            format!("adds {BONUS_POINTS} points"),
            format!("fade after {CLOUD_EXPOSURES} of each side's turns"),
            format!("a pack of {PACK_SIZE}"),
        ] {
            assert!(text.contains(&quoted), "{quoted:?} missing from the rules");
        }
        assert!(run_rules().iter().all(|p| !p.is_empty() && p.ends_with('.')));
        // The defeat by no action is written down, with the pawn rule that makes it common.
        assert!(text.contains("No action at your turn loses"));
        assert!(text.contains("blocked pawns cannot teleport"));
        assert!(text.contains("skills never touch a king or a gold-framed target"));
    }
}
