//! The headless auto-player: a fixed policy for every run decision, the bot from the player's side in
//! battles. The CLI's `run --auto` and `simulate` use it, and so do tests.

use gambit_rules::Role;

use super::{StageTuning, choose_action, role_value};
use serde::{Deserialize, Serialize};

use crate::run::{
    Decision, Run, RunConfig, RunEvent, RunPhase, ShopItem, ShopOffer, TAG_PLAYER, derive_seed,
};

/// The auto-player's battle tuning: depth 2, 1200 nodes, always the top-ranked action.
pub const AUTO_PLAYER_TUNING: StageTuning = StageTuning::new(2, 1200, 1.0);

/// How the auto-player chooses the next board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardChoice {
    /// The option with the largest move budget (the first on ties).
    #[default]
    LargestBudget,
    /// An option drawn from the run seed and the stage (seeded, so a run replays).
    Random,
    /// Each option position in turn: option `(seed + battles won) mod options`, so over consecutive
    /// seeds every position is taken equally often.
    EachInTurn,
}

impl BoardChoice {
    /// Every policy.
    pub const ALL: [BoardChoice; 3] =
        [BoardChoice::LargestBudget, BoardChoice::Random, BoardChoice::EachInTurn];

    /// The policy's name (`largest`, `random`, `each`), as the CLI's `--board` reads it.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            BoardChoice::LargestBudget => "largest",
            BoardChoice::Random => "random",
            BoardChoice::EachInTurn => "each",
        }
    }
}

impl std::str::FromStr for BoardChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BoardChoice::ALL
            .into_iter()
            .find(|b| b.key() == s)
            .ok_or_else(|| format!("unknown board choice {s:?}: expected largest, random or each"))
    }
}

/// The auto-player: its battle tuning and its board choice.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct AutoPlayer {
    /// The search settings of its battle decisions.
    pub battle: StageTuning,
    /// How it picks the next board.
    pub board: BoardChoice,
}

impl Default for AutoPlayer {
    /// [`AUTO_PLAYER_TUNING`] and [`BoardChoice::LargestBudget`].
    fn default() -> Self {
        AutoPlayer { battle: AUTO_PLAYER_TUNING, board: BoardChoice::LargestBudget }
    }
}

/// The fixed policy of the headless auto-player (the CLI's `run --auto` and `simulate`):
/// - start offer: the first offered modifier, on the queen;
/// - deployment: [`default_deployment`](crate::encounter::default_deployment);
/// - battle: the search crate's bot from the player's side with `battle_tuning`;
/// - shop: buy the most expensive buyable piece ([`Run::shop_offers`]), else the most expensive
///   buyable modifier for the most valuable piece without one, else leave (never reroll);
/// - next board: the option with the largest move budget (the first on ties).
///
/// `None` once the run is over. [`auto_decision_with`] takes another board choice.
#[must_use]
pub fn auto_decision(run: &Run, battle_tuning: StageTuning) -> Option<Decision> {
    auto_decision_with(run, &AutoPlayer { battle: battle_tuning, board: BoardChoice::LargestBudget })
}

/// [`auto_decision`] with the auto-player's board choice.
#[must_use]
pub fn auto_decision_with(run: &Run, player: &AutoPlayer) -> Option<Decision> {
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
            let action = choose_action(battle, player.battle, seed).action?;
            Some(Decision::Act { action })
        }
        RunPhase::Shop(_) => {
            let mut best: Option<(u32, Decision)> = None;
            for o in run.shop_offers().into_iter().filter(ShopOffer::buyable) {
                let d = match o.item {
                    ShopItem::Piece { .. } => (o.price * 2, Decision::Buy { slot: o.slot, recipient: None }),
                    ShopItem::Modifier { .. } => {
                        let Some(p) = run
                            .roster()
                            .iter()
                            .filter(|p| p.modifier.is_none())
                            .max_by_key(|p| (role_value(p.role), std::cmp::Reverse(p.id)))
                        else {
                            continue;
                        };
                        (o.price, Decision::Buy { slot: o.slot, recipient: Some(p.id) })
                    }
                };
                if best.as_ref().is_none_or(|(v, _)| d.0 > *v) {
                    best = Some(d);
                }
            }
            Some(best.map_or(Decision::LeaveShop, |(_, d)| d))
        }
        RunPhase::ChooseBoard { options } => {
            let n = options.len().max(1);
            let index = match player.board {
                BoardChoice::LargestBudget => {
                    let mut index = 0;
                    for (i, o) in options.iter().enumerate() {
                        if o.move_budget > options[index].move_budget {
                            index = i;
                        }
                    }
                    index
                }
                BoardChoice::Random => {
                    let s = derive_seed(run.config().seed, TAG_PLAYER, u64::from(run.battles_won()), 0xb0a4d);
                    (s % n as u64) as usize
                }
                BoardChoice::EachInTurn => {
                    (run.config().seed.wrapping_add(u64::from(run.battles_won())) % n as u64) as usize
                }
            };
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
    on_events: impl FnMut(&Run, &[RunEvent]),
) -> Run {
    play_auto_with(
        config,
        &AutoPlayer { battle: battle_tuning, board: BoardChoice::LargestBudget },
        on_events,
    )
}

/// [`play_auto`] with the auto-player's board choice.
pub fn play_auto_with(
    config: RunConfig,
    player: &AutoPlayer,
    mut on_events: impl FnMut(&Run, &[RunEvent]),
) -> Run {
    let mut run = Run::new(config);
    while let Some(d) = auto_decision_with(&run, player) {
        match run.apply(d) {
            Ok(events) => on_events(&run, &events),
            Err(_) => break,
        }
    }
    run
}
