//! The headless auto-player: a fixed policy for every run decision, the bot from the player's side in
//! battles. The CLI's `run --auto` and `simulate` use it, and so do tests.

use gambit_rules::{Color, Role};
use gambit_skills::Skill;

use super::{AUTO_PLAYER_TUNING, StageTuning, choose_action, role_value};
use serde::{Deserialize, Serialize};

use crate::battle::{Battle, BattleAction, Objective};
use crate::items::Effect;
use crate::route::RestChoice;
use crate::run::{
    Decision, Run, RunConfig, RunEvent, RunPhase, ShopItem, ShopOffer, TAG_PLAYER, derive_seed,
};
use crate::types::Team;

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
/// - battle: a consumable when [`auto_use`] finds a use for one, else the search crate's bot from
///   the player's side with `battle_tuning`;
/// - shop: buy the buyable offer ([`Run::shop_offers`]) of highest worth, where a piece or a badge
///   is worth twice its price and a modifier (for the most valuable piece without one) or a
///   consumable its price; leave when nothing is buyable (never reroll);
/// - next board: the option with the largest move budget (the first on ties);
/// - route: a node drawn from the run seed and the number of decisions so far (seeded, so a run
///   replays);
/// - rest: bring back the most valuable lost piece under its purchase limit, else leave.
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
            if let Some(action) = auto_use(battle) {
                return Some(Decision::Act { action });
            }
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
                    ShopItem::Piece { .. } | ShopItem::Badge { .. } => {
                        (o.price * 2, Decision::Buy { slot: o.slot, recipient: None })
                    }
                    ShopItem::Consumable { .. } => (o.price, Decision::Buy { slot: o.slot, recipient: None }),
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
        RunPhase::Map { choices } => {
            let n = choices.len().max(1) as u64;
            let decisions = run.decisions().count() as u64;
            let s = derive_seed(run.config().seed, TAG_PLAYER, decisions, 0x4a7);
            Some(Decision::ChooseNode { index: (s % n) as usize })
        }
        RunPhase::Rest => {
            let revive = run
                .lost()
                .iter()
                .filter(|p| !run.piece_limit(p.role).at_limit())
                .max_by_key(|p| (role_value(p.role), std::cmp::Reverse(p.id)));
            Some(Decision::Rest {
                choice: revive.map_or(RestChoice::Leave, |p| RestChoice::Revive { piece: p.id }),
            })
        }
        RunPhase::Over { .. } => None,
    }
}

/// The auto-player's use of its consumables, the first that applies in pack order (`None`: none
/// now): Rations with 2 moves or fewer left; Hourglass with Teleport 4 ticks or more from ready;
/// Haste when an enemy piece could capture one of the player's pieces other than a pawn; Retreat for
/// the most valuable such piece (a rook or better) whose start square is free; Elixir on the most
/// valuable piece (a knight or better) at 1 HP; Firebomb on the most valuable target (a knight or
/// better, or any under `eliminate_army`); Call to Arms on the first turn.
#[must_use]
pub fn auto_use(battle: &Battle) -> Option<BattleAction> {
    if battle.to_move() != Team::Player || battle.pending_reposition().is_some() || battle.status().is_over()
    {
        return None;
    }
    let legal = battle.legal_actions();
    let uses: Vec<BattleAction> =
        legal.into_iter().filter(|a| matches!(a, BattleAction::Use { .. })).collect();
    if uses.is_empty() {
        return None;
    }
    // The player's pieces (not pawns) an enemy piece could capture now, most valuable first.
    let threatened = || {
        let mut pos = battle.position().clone();
        pos.set_turn(Color::Black);
        let mut hit: Vec<(i32, gambit_rules::Square)> = pos
            .legal_moves()
            .iter()
            .filter(|m| !battle.is_frozen(m.from))
            .filter_map(|m| battle.unit_at(m.to).filter(|u| u.team == Team::Player && u.role != Role::Pawn))
            .map(|u| (role_value(u.role), u.square))
            .collect();
        hit.sort_by(|a, b| b.cmp(a));
        hit.dedup();
        hit
    };
    let value_at =
        |t: Option<gambit_rules::Square>| t.and_then(|t| battle.unit_at(t)).map_or(0, |u| role_value(u.role));
    for (slot, s) in battle.pack().iter().enumerate() {
        let Some(s) = s.filter(|s| !s.used) else { continue };
        let mine: Vec<BattleAction> = uses
            .iter()
            .copied()
            .filter(|a| matches!(a, BattleAction::Use { slot: i, .. } if usize::from(*i) == slot))
            .collect();
        let Some(&first) = mine.first() else { continue };
        let best_by = |keep: &dyn Fn(&BattleAction) -> bool| {
            mine.iter().copied().filter(|a| keep(a)).max_by_key(|a| match a {
                BattleAction::Use { target, .. } => value_at(*target),
                _ => 0,
            })
        };
        let choice = match s.effect {
            Effect::Rations { .. } => (battle.moves_left() <= 2).then_some(first),
            Effect::Hourglass => {
                (battle.cooldown(Team::Player, Skill::Teleport).unwrap_or(0) >= 4).then_some(first)
            }
            Effect::Haste => (!threatened().is_empty()).then_some(first),
            Effect::Retreat => {
                let hit = threatened();
                best_by(&|a| {
                    matches!(a, BattleAction::Use { target: Some(t), .. }
                        if value_at(Some(*t)) >= role_value(Role::Rook) && hit.iter().any(|(_, s)| s == t))
                })
            }
            Effect::Elixir { .. } => best_by(&|a| {
                matches!(a, BattleAction::Use { target: Some(t), .. }
                    if battle.unit_at(*t).is_some_and(|u| u.hp == 1 && role_value(u.role) >= role_value(Role::Knight)))
            }),
            Effect::Firebomb { .. } => {
                let any = battle.objective() == Objective::EliminateArmy;
                best_by(&|a| {
                    matches!(a, BattleAction::Use { target: Some(t), .. }
                        if any || value_at(Some(*t)) >= role_value(Role::Knight))
                })
            }
            Effect::CallToArms => (battle.moves_used() == 0).then_some(first),
            _ => None,
        };
        if choice.is_some() {
            return choice;
        }
    }
    None
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
