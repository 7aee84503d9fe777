//! The three reference players of a whole run (issue 40 section 2), frozen before any balance change:
//! `careless`, `auto` and `thinker`. The balance targets are stated as the gap between them
//! (docs/balance.md). Each decides every run decision (battles, shops, routes, rests, boards) from
//! what the screen shows: the run's phase, the board and its units, the shop offers, the roster and
//! the lost pieces. None reads the enemy's seed stream or looks ahead with a copy of the run; each
//! draws its own random choices from the run seed under a seed tag of its own ([`Player::seed_tag`]),
//! distinct from the enemy's.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    AUTO_PLAYER_TUNING, AutoPlayer, BoardChoice, StageTuning, THINKER_TUNING, auto_decision_with,
    choose_action, role_value,
};
use crate::battle::BattleAction;
use crate::route::RestChoice;
use crate::run::{Decision, Run, RunEvent, RunPhase, ShopOffer, derive_seed};

/// Seed tag of the careless player's choices (the table of every tag: [`crate::seed::tags`]).
const TAG_CARELESS: u64 = crate::seed::tags::CARELESS;
/// Seed tag of the thinker's battle searches.
const TAG_THINKER: u64 = crate::seed::tags::THINKER;

/// A reference player of a whole run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// In battle the highest-value capture, else a uniformly random legal action (never a
    /// consumable); random start offer, shop, board, route and rest choices.
    Careless,
    /// Today's auto-player ([`auto_decision_with`]): the presets' bot at [`AUTO_PLAYER_TUNING`] in
    /// battle, its fixed shop, rest and route policy.
    Auto,
    /// In battle the search of [`THINKER_TUNING`] (a consumable when [`auto_use`](super::auto_use)
    /// finds a use for one); elsewhere the auto-player's policy.
    Thinker,
}

impl Player {
    /// Every reference player, weakest first.
    pub const ALL: [Player; 3] = [Player::Careless, Player::Auto, Player::Thinker];

    /// The name `simulate --player` reads: `careless`, `auto`, `thinker`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Player::Careless => "careless",
            Player::Auto => "auto",
            Player::Thinker => "thinker",
        }
    }

    /// The seed tag of the player's own random choices ([`derive_seed`]).
    #[must_use]
    pub const fn seed_tag(self) -> u64 {
        match self {
            Player::Careless => TAG_CARELESS,
            Player::Auto => crate::run::TAG_PLAYER,
            Player::Thinker => TAG_THINKER,
        }
    }

    /// The player's next decision in `run` (`None` once the run is over), with `board` as the
    /// auto-player's and the thinker's board choice.
    #[must_use]
    pub fn decide(self, run: &Run, board: BoardChoice) -> Option<Decision> {
        let auto = AutoPlayer { battle: AUTO_PLAYER_TUNING, board };
        match self {
            Player::Auto => auto_decision_with(run, &auto),
            Player::Careless => careless(run),
            Player::Thinker => match run.phase() {
                RunPhase::Battle => {
                    let battle = run.battle()?;
                    if let Some(action) = super::auto_use(battle) {
                        return Some(Decision::Act { action });
                    }
                    let seed = self.battle_seed(run);
                    let action = choose_action(battle, StageTuning::from(THINKER_TUNING), seed).action?;
                    Some(Decision::Act { action })
                }
                _ => auto_decision_with(run, &auto),
            },
        }
    }

    /// The seed of the player's battle decision where `run` stands.
    fn battle_seed(self, run: &Run) -> u64 {
        let ply = run.battle().map_or(0, |b| u64::from(b.ply()) << 8 | b.units().len() as u64);
        derive_seed(run.config().seed, self.seed_tag(), u64::from(run.battles_started()), ply)
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.key())
    }
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        Player::ALL
            .into_iter()
            .find(|p| p.key() == s)
            .ok_or_else(|| format!("unknown player {s:?}: expected careless, auto or thinker"))
    }
}

/// The careless player's decision.
fn careless(run: &Run) -> Option<Decision> {
    let decisions = run.decisions().count() as u64;
    let mut rng = ChaCha8Rng::seed_from_u64(derive_seed(
        run.config().seed,
        TAG_CARELESS,
        decisions,
        run.battles_won().into(),
    ));
    match run.phase() {
        RunPhase::StartOffer { offers } => {
            let modifier = *offers.choose(&mut rng)?;
            let recipient = run.roster().choose(&mut rng)?.id;
            Some(Decision::ChooseStart { modifier, recipient })
        }
        RunPhase::Deploy { .. } => Some(Decision::DeployDefault),
        RunPhase::Battle => {
            let battle = run.battle()?;
            let actions: Vec<BattleAction> = battle
                .legal_actions()
                .into_iter()
                .filter(|a| !matches!(a, BattleAction::Use { .. }))
                .collect();
            let value = |a: &BattleAction| match *a {
                BattleAction::Move { to, .. } | BattleAction::Teleport { to, .. } => {
                    battle.unit_at(to).filter(|u| u.team != battle.to_move()).map(|u| role_value(u.role))
                }
                _ => None,
            };
            let capture =
                actions.iter().copied().filter_map(|a| value(&a).map(|v| (v, a))).max_by_key(|(v, _)| *v);
            let action = match capture {
                Some((_, a)) => a,
                None => *actions.choose(&mut rng)?,
            };
            Some(Decision::Act { action })
        }
        RunPhase::Shop(_) => {
            let mut options: Vec<Decision> = run
                .shop_offers()
                .into_iter()
                .filter(ShopOffer::buyable)
                .filter_map(|o| {
                    let recipient = match o.item {
                        crate::run::ShopItem::Modifier { .. } => {
                            let free: Vec<u32> =
                                run.roster().iter().filter(|p| p.modifier.is_none()).map(|p| p.id).collect();
                            Some(*free.choose(&mut rng)?)
                        }
                        _ => None,
                    };
                    Some(Decision::Buy { slot: o.slot, recipient })
                })
                .collect();
            options.push(Decision::LeaveShop);
            options.choose(&mut rng).cloned()
        }
        RunPhase::ChooseBoard { options } => {
            Some(Decision::ChooseBoard { index: rng.gen_range(0..options.len().max(1)) })
        }
        RunPhase::Map { choices } => {
            Some(Decision::ChooseNode { index: rng.gen_range(0..choices.len().max(1)) })
        }
        RunPhase::Rest => {
            let mut options: Vec<RestChoice> = run
                .lost()
                .iter()
                .filter(|p| !run.piece_limit(p.role).at_limit())
                .map(|p| RestChoice::Revive { piece: p.id })
                .collect();
            options.push(RestChoice::Leave);
            Some(Decision::Rest { choice: *options.choose(&mut rng)? })
        }
        RunPhase::Over { .. } => None,
    }
}

/// Plays a whole run with `player` (board choice `board`), calling `on_events` after every decision;
/// returns the finished run. Deterministic for a configuration. A refused decision ends the loop (a
/// player never makes one: each decides from the legal options).
pub fn play_run(
    config: crate::run::RunConfig,
    player: Player,
    board: BoardChoice,
    mut on_events: impl FnMut(&Run, &[RunEvent]),
) -> Run {
    let mut run = Run::new(config);
    while let Some(d) = player.decide(&run, board) {
        match run.apply(d) {
            Ok(events) => on_events(&run, &events),
            Err(_) => break,
        }
    }
    run
}
