//! The headless auto-player: a fixed policy for every run decision, the bot from the player's side in
//! battles. The CLI's `run --auto` and `simulate` use it, and so do tests.

use gambit_rules::Role;

use super::{StageTuning, choose_action, role_value};
use crate::run::{Decision, Run, RunConfig, RunEvent, RunPhase, ShopItem, TAG_PLAYER, derive_seed};

/// The auto-player's battle tuning: depth 2, 1200 nodes, always the top-ranked action.
pub const AUTO_PLAYER_TUNING: StageTuning = StageTuning::new(2, 1200, 1.0);

/// The fixed policy of the headless auto-player (the CLI's `run --auto` and `simulate`):
/// - start offer: the first offered modifier, on the queen;
/// - deployment: [`default_deployment`](crate::encounter::default_deployment);
/// - battle: the search crate's bot from the player's side with `battle_tuning`;
/// - shop: buy the most expensive affordable piece within the limits, else the most expensive
///   affordable modifier for the most valuable piece without one, else leave (never reroll);
/// - next board: the option with the largest move budget (the first on ties).
///
/// `None` once the run is over.
#[must_use]
pub fn auto_decision(run: &Run, battle_tuning: StageTuning) -> Option<Decision> {
    match run.phase() {
        RunPhase::StartOffer { offers } => {
            let queen = run.roster().iter().find(|p| p.role == Role::Queen).map_or(0, |p| p.id);
            Some(Decision::ChooseStart { modifier: offers[0], recipient: queen })
        }
        RunPhase::Deploy { .. } => Some(Decision::DeployDefault),
        RunPhase::Battle => {
            let battle = run.battle()?;
            let seed = derive_seed(
                run.config().seed,
                TAG_PLAYER,
                u64::from(run.battles_started()),
                u64::from(battle.ply()) << 8 | battle.units().len() as u64,
            );
            let action = choose_action(battle, battle_tuning, seed).action?;
            Some(Decision::Act { action })
        }
        RunPhase::Shop(shop) => {
            let mut best: Option<(u32, Decision)> = None;
            for (i, s) in shop.slots.iter().enumerate().filter(|(_, s)| !s.sold) {
                let price = s.item.price();
                if price > run.gold() {
                    continue;
                }
                let d = match s.item {
                    ShopItem::Piece { role } => {
                        if run.owned(role) >= run.limit(role) {
                            continue;
                        }
                        (price * 2, Decision::Buy { slot: i, recipient: None })
                    }
                    ShopItem::Modifier { .. } => {
                        let Some(p) = run
                            .roster()
                            .iter()
                            .filter(|p| p.modifier.is_none())
                            .max_by_key(|p| (role_value(p.role), std::cmp::Reverse(p.id)))
                        else {
                            continue;
                        };
                        (price, Decision::Buy { slot: i, recipient: Some(p.id) })
                    }
                };
                if best.as_ref().is_none_or(|(v, _)| d.0 > *v) {
                    best = Some(d);
                }
            }
            Some(best.map_or(Decision::LeaveShop, |(_, d)| d))
        }
        RunPhase::ChooseBoard { options } => {
            let mut index = 0;
            for (i, o) in options.iter().enumerate() {
                if o.move_budget > options[index].move_budget {
                    index = i;
                }
            }
            Some(Decision::ChooseBoard { index })
        }
        RunPhase::Over { .. } => None,
    }
}

/// Plays a whole run with [`auto_decision`], calling `on_events` after every decision; returns the
/// finished run. Deterministic for a configuration.
pub fn play_auto(
    config: RunConfig,
    battle_tuning: StageTuning,
    mut on_events: impl FnMut(&Run, &[RunEvent]),
) -> Run {
    let mut run = Run::new(config);
    while let Some(d) = auto_decision(&run, battle_tuning) {
        match run.apply(d) {
            Ok(events) => on_events(&run, &events),
            Err(_) => break,
        }
    }
    run
}
