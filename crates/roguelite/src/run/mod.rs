//! A run: roster, starting modifier, deployment, battles, shops, next-board choices, score and EXP,
//! driven by player decisions and fully determined by the seed and those decisions. Each decision is
//! recorded with what the game generated in answer ([`Step`]), so a saved run replays without the bot
//! or the generators ([`log`](self#the-log)).
//!
//! # The log
//! See [`RunLog`], [`Run::replay`], [`Run::resume`] and [`Run::resume_legacy`].

mod army;
mod boards;
mod chronicle;
mod journey;
mod log;
mod purse;
mod resolve;
mod shop;
mod summary;
mod terms;

pub use log::{
    GAME_VERSION, LegacyRunLog, RUN_LOG_VERSION, ReplayError, ReplayProblem, Resumed, RunLog, Step,
};

use army::Army;
use chronicle::Chronicle;
use journey::Journey;
use log::{Live, Supply};
use purse::Purse;
use terms::Terms;

pub use shop::{PieceLimit, Shop, ShopItem, ShopOffer, ShopSlot};
pub use summary::{BattleRecord, RunEvent, RunKey, RunStats, RunSummary};

use std::fmt;

use gambit_rules::{Role, Square};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::battle::{ActionError, Battle, BattleAction, BattleEvent, BattleSetup, BattleStatus};
use crate::bot::{Evaluation, StageTuning, choose_action_with};
pub use crate::config::RunConfig;
use crate::economy::{BATTLES_PER_RUN, VictoryReward, run_exp};
use crate::encounter::{
    Encounter, EncounterError, EncounterTemplate, FIRST_POOL, Generated, default_deployment,
    fallback_encounter, generate, templates,
};
use crate::items::{Category, Effect, Item, ItemCatalogue, ItemId, PACK_SIZE, TeamRules};
use crate::route::{BossRule, NodeKind, NodePreview, NodeRef, RestChoice, Route};
use crate::seed::tags;
use crate::skilltree::{Perks, SkillTree};
use crate::solve::{SHALLOW, SolveOptions, short_win, solve};
use crate::tuning::Prices;
pub use crate::types::OwnedPiece;
use crate::types::{Modifier, PieceName, Team};

/// The phase a run is in: what it waits for next (the app shows one screen per phase).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum RunPhase {
    /// Choose a starting modifier (one of `offers`) and a recipient.
    StartOffer {
        /// The offered modifiers.
        offers: Vec<Modifier>,
    },
    /// Arrange the army in the bottom two rows of the encounter.
    Deploy {
        /// The encounter.
        encounter: Encounter,
    },
    /// A battle is being played (see [`Run::battle`]).
    Battle,
    /// The shop after a victory.
    Shop(Shop),
    /// Choose one of three next boards.
    ChooseBoard {
        /// The options.
        options: Vec<Encounter>,
    },
    /// Choose the next node of the route ([`Run::route`]): one of `choices`
    /// ([`Decision::ChooseNode`] names its index here).
    Map {
        /// The nodes that may come next.
        choices: Vec<NodeRef>,
    },
    /// A rest node: choose a [`RestChoice`] ([`Decision::Rest`]).
    Rest,
    /// The run is over.
    Over {
        /// Whether the run was won (every battle of a three-battle run, the last boss of a route).
        victory: bool,
    },
}

impl RunPhase {
    /// The kind of phase, without its data.
    #[must_use]
    pub fn kind(&self) -> PhaseKind {
        match self {
            RunPhase::StartOffer { .. } => PhaseKind::StartOffer,
            RunPhase::Deploy { .. } => PhaseKind::Deploy,
            RunPhase::Battle => PhaseKind::Battle,
            RunPhase::Shop(_) => PhaseKind::Shop,
            RunPhase::ChooseBoard { .. } => PhaseKind::ChooseBoard,
            RunPhase::Map { .. } => PhaseKind::Map,
            RunPhase::Rest => PhaseKind::Rest,
            RunPhase::Over { .. } => PhaseKind::Over,
        }
    }
}

/// The kinds of [`RunPhase`], for errors and labels. `Display`: `start offer`, `deployment`, `battle`,
/// `shop`, `board choice`, `map`, `rest`, `run over`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PhaseKind {
    /// [`RunPhase::StartOffer`].
    StartOffer,
    /// [`RunPhase::Deploy`].
    Deploy,
    /// [`RunPhase::Battle`].
    Battle,
    /// [`RunPhase::Shop`].
    Shop,
    /// [`RunPhase::ChooseBoard`].
    ChooseBoard,
    /// [`RunPhase::Map`].
    Map,
    /// [`RunPhase::Rest`].
    Rest,
    /// [`RunPhase::Over`].
    Over,
}

impl fmt::Display for PhaseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhaseKind::StartOffer => "start offer",
            PhaseKind::Deploy => "deployment",
            PhaseKind::Battle => "battle",
            PhaseKind::Shop => "shop",
            PhaseKind::ChooseBoard => "board choice",
            PhaseKind::Map => "map",
            PhaseKind::Rest => "rest",
            PhaseKind::Over => "run over",
        })
    }
}

/// Where a piece goes at deployment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// Roster id.
    pub piece: u32,
    /// Square in the deployment rows.
    pub square: Square,
}

/// A player decision (the run log records these).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Take an offered starting modifier for a roster piece.
    ChooseStart {
        /// The modifier (one of the offers).
        modifier: Modifier,
        /// The roster id of the recipient.
        recipient: u32,
    },
    /// Deploy the whole army.
    Deploy {
        /// One placement per owned piece.
        placements: Vec<Placement>,
    },
    /// Deploy with [`default_deployment`].
    DeployDefault,
    /// A battle action of the player (enemy turns then run automatically).
    Act {
        /// The action.
        action: BattleAction,
    },
    /// Buy a shop slot (a modifier needs a recipient).
    Buy {
        /// Slot index.
        slot: usize,
        /// The roster id of the recipient of a modifier.
        #[serde(default)]
        recipient: Option<u32>,
    },
    /// Reroll the shop.
    Reroll,
    /// Leave the shop.
    LeaveShop,
    /// Choose a next board.
    ChooseBoard {
        /// Option index (0 to 2).
        index: usize,
    },
    /// Choose the next node of the route.
    ChooseNode {
        /// Index in [`RunPhase::Map`]'s `choices`.
        index: usize,
    },
    /// What to do at a rest node.
    Rest {
        /// The choice.
        choice: RestChoice,
    },
}

impl Decision {
    /// The decision's kind as the run log writes it (`choose_start`, `deploy`, `deploy_default`,
    /// `act`, `buy`, `reroll`, `leave_shop`, `choose_board`, `choose_node`, `rest`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Decision::ChooseStart { .. } => "choose_start",
            Decision::Deploy { .. } => "deploy",
            Decision::DeployDefault => "deploy_default",
            Decision::Act { .. } => "act",
            Decision::Buy { .. } => "buy",
            Decision::Reroll => "reroll",
            Decision::LeaveShop => "leave_shop",
            Decision::ChooseBoard { .. } => "choose_board",
            Decision::ChooseNode { .. } => "choose_node",
            Decision::Rest { .. } => "rest",
        }
    }
}

/// Why a deployment was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DeploymentError {
    /// Not one placement per owned piece.
    #[error("{placements} placements for {pieces} owned pieces")]
    Count {
        /// Placements given.
        placements: usize,
        /// Owned pieces.
        pieces: usize,
    },
    /// A square outside the deployment rows (or not playable).
    #[error("{0} is not a deployment square")]
    NotADeploymentSquare(Square),
    /// A piece placed twice.
    #[error("piece #{0} is placed twice")]
    PieceTwice(u32),
    /// Two pieces on one square.
    #[error("two pieces on {0}")]
    SquareTwice(Square),
    /// The army does not fit the deployment rows (default deployment).
    #[error("the army does not fit the deployment rows")]
    DoesNotFit,
}

/// Why a decision was refused. A refused decision changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RunError {
    /// The decision does not belong in this phase.
    #[error("{} is not possible in the {phase} phase", decision.name())]
    WrongPhase {
        /// The refused decision.
        decision: Decision,
        /// The phase the run is in.
        phase: PhaseKind,
    },
    /// The modifier was not offered.
    #[error("{0} was not offered")]
    NotOffered(Modifier),
    /// No owned piece has this id.
    #[error("no owned piece #{0}")]
    NoSuchPiece(u32),
    /// The piece already has a modifier.
    #[error("piece #{0} already has a modifier")]
    AlreadyModified(u32),
    /// A bad deployment.
    #[error("bad deployment: {0}")]
    BadDeployment(#[from] DeploymentError),
    /// The player acted while the enemy is to move (the enemy found no action).
    #[error("it is not the player's turn")]
    NotPlayersTurn,
    /// The battle refused the action.
    #[error("{0}")]
    Action(#[from] ActionError),
    /// No such shop slot, or it is sold.
    #[error("shop slot {0} is not for sale")]
    NoSuchSlot(usize),
    /// Not enough gold.
    #[error("costs {price} gold, you have {gold}")]
    NotEnoughGold {
        /// The price.
        price: u32,
        /// Gold held.
        gold: u32,
    },
    /// A purchase limit.
    #[error("you already own the most {}s allowed", .0.name())]
    Limit(Role),
    /// A modifier bought without a recipient.
    #[error("a modifier needs a recipient")]
    NoRecipient,
    /// A badge the run already owns.
    #[error("you already own {0}")]
    AlreadyOwned(String),
    /// A consumable bought with a full pack.
    #[error("your pack is full ({PACK_SIZE} consumables)")]
    PackFull,
    /// An item id the run's catalogue does not know.
    #[error("no item {0} in the catalogue")]
    UnknownItem(ItemId),
    /// No such board option.
    #[error("no board option {0}")]
    NoSuchBoard(usize),
    /// No such route choice.
    #[error("no route choice {0}")]
    NoSuchNode(usize),
    /// A rest cannot bring back a piece that was not lost in this run.
    #[error("piece #{0} was not lost")]
    NotLost(u32),
    /// A rest cannot remove a modifier from a piece without one.
    #[error("piece #{0} has no modifier")]
    NoModifier(u32),
    /// The encounter could not start.
    #[error("{0}")]
    Encounter(#[from] EncounterError),
}

/// How far the window of templates moves from one seed to the next: at least the stage's node
/// count (so consecutive seeds' windows do not overlap while they fit in the pool) and prime to the
/// pool size `n` (so every template starts a window within `n` consecutive seeds).
fn window_step(nodes: u64, n: u64) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    (nodes.max(1)..).find(|&s| gcd(s, n) == 1).unwrap_or(1)
}

/// The most player moves a proof at generation may use.
pub const PROOF_MAX_MOVES: u32 = 40;

/// Seeded variations of a template tried for a proof before its base is used ([`RunConfig`]'s
/// economy turns proofs on).
pub const PROOF_ATTEMPTS: u32 = 3;

/// Seed tag of the auto-player's battle decisions ([`tags::PLAYER`], under the name the bot uses).
pub(crate) const TAG_PLAYER: u64 = tags::PLAYER;

pub use crate::seed::derive_seed;

/// The seed of the enemy bot's decision in battle `battle_index` (1 for a run's first battle) of the
/// run with seed `run_seed`, where `battle` stands: from its ply and its number of units. The run's
/// enemy and the solver ([`crate::solve`]) use it, so a proof holds in the run.
#[must_use]
pub fn enemy_seed(run_seed: u64, battle_index: u64, battle: &Battle) -> u64 {
    derive_seed(
        run_seed,
        tags::ENEMY,
        battle_index,
        u64::from(battle.ply()) << 8 | battle.units().len() as u64,
    )
}

/// The enemy of battle `battle_index` of a run as a function of the battle (what the run plays, and
/// what the solver searches against): the bot with `tuning` and `evaluation`, seeded by
/// [`enemy_seed`].
pub fn enemy_policy(
    run_seed: u64,
    battle_index: u64,
    tuning: StageTuning,
    evaluation: Evaluation,
) -> impl Fn(&Battle) -> Option<BattleAction> {
    move |b: &Battle| choose_action_with(b, tuning, enemy_seed(run_seed, battle_index, b), &evaluation).action
}

fn rng(seed: u64, tag: u64, a: u64, b: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(derive_seed(seed, tag, a, b))
}

/// A run in progress.
#[derive(Clone, Debug)]
pub struct Run {
    /// The configuration, perks, start offer and the enemy's evaluation.
    terms: Terms,
    /// The owned pieces, the lost ones and the promotions.
    army: Army,
    /// Gold, points, badges and the pack.
    purse: Purse,
    /// The route, the way the run came and its battles counted.
    journey: Journey,
    phase: RunPhase,
    battle: Option<Battle>,
    encounter: Option<Encounter>,
    /// The steps (what a save holds), the statistics and the enemy's searches.
    chronicle: Chronicle,
}

/// One enemy decision the bot searched live: the stage, the configured depth ceiling and what the
/// search reached within its node budget (`gambit-cli simulate` reports these per stage).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EnemySearch {
    /// Stage (1 to 3).
    pub stage: u32,
    /// The stage tuning's depth ceiling, plies.
    pub depth: u32,
    /// The completed depth, plies (0: the budget did not finish depth 1).
    pub completed_depth: u32,
    /// Simulated actions spent.
    pub nodes: u64,
    /// Wall-clock time of the decision, microseconds (this machine, as loaded: a report, never an
    /// input of the search).
    pub micros: u64,
}

impl Run {
    /// Starts a run: the initial roster (one piece of each role), the starting gold of the unlocks, and
    /// the offer of three starting modifiers.
    #[must_use]
    pub fn new(config: RunConfig) -> Run {
        let offers = Run::generate_offers(&config, false);
        Run::start(config, offers, false)
    }

    /// The starting modifiers a configuration offers: three (more with the perks' start offers),
    /// drawn from the seed among the modifiers the run offers (`legacy`: from the four original ones,
    /// as before issue 15).
    pub(crate) fn generate_offers(config: &RunConfig, legacy: bool) -> Vec<Modifier> {
        let mut offers = if legacy {
            Modifier::ORIGINAL.to_vec()
        } else {
            let items = &config.items;
            let open = |m: &Modifier| items.modifier_item(*m).is_none_or(|i| config.offers_item(i.id));
            Modifier::ALL.into_iter().filter(open).collect()
        };
        offers.shuffle(&mut rng(config.seed, tags::OFFER, 0, 0));
        offers.truncate(3 + SkillTree::standard().perks(&config.unlocks).start_offers as usize);
        offers
    }

    /// A run at its start with the given offer (`legacy`: generating as a version 1 log's game did).
    fn start(config: RunConfig, offers: Vec<Modifier>, legacy: bool) -> Run {
        let perks = SkillTree::standard().perks(&config.unlocks);
        Run {
            army: Army::new(perks.starting_pawns),
            purse: Purse::new(perks.starting_gold + config.economy.gold.start),
            journey: Journey::default(),
            phase: RunPhase::StartOffer { offers: offers.clone() },
            battle: None,
            encounter: None,
            chronicle: Chronicle::default(),
            terms: Terms::new(config, offers, legacy),
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &RunConfig {
        self.terms.config()
    }

    /// The same run with another [`RunConfig::enemy_seed_salt`] (the enemy's later decisions change,
    /// nothing else): for tests that show a player's decisions do not depend on the enemy's seeds.
    #[doc(hidden)]
    #[must_use]
    pub fn with_enemy_seed_salt(mut self, salt: u64) -> Run {
        self.terms.set_enemy_seed_salt(salt);
        self
    }

    /// The route ([`crate::route`]; `None` in a three-battle run and before the start offer is
    /// taken).
    #[must_use]
    pub fn route(&self) -> Option<&Route> {
        self.journey.route()
    }

    /// The route node the run is at (the last one chosen; `None` before the first).
    #[must_use]
    pub fn position(&self) -> Option<NodeRef> {
        self.journey.at()
    }

    /// The route nodes chosen so far, first to last (the last is [`Run::position`]).
    #[must_use]
    pub fn path(&self) -> &[NodeRef] {
        self.journey.path()
    }

    /// The kind of the route node the run is at.
    #[must_use]
    pub fn node_kind(&self) -> Option<NodeKind> {
        self.journey.node_kind()
    }

    /// The boss rule of the current battle, if it is a boss's.
    #[must_use]
    pub fn boss_rule(&self) -> Option<BossRule> {
        match self.node_kind()? {
            NodeKind::Boss { rule } => Some(rule),
            _ => None,
        }
    }

    /// Owned pieces lost in this route's battles and not brought back, in order.
    #[must_use]
    pub fn lost(&self) -> &[OwnedPiece] {
        self.army.lost()
    }

    /// The perks of the unlocks.
    #[must_use]
    pub fn perks(&self) -> Perks {
        self.terms.perks()
    }

    /// The phase: what the run waits for.
    #[must_use]
    pub fn phase(&self) -> &RunPhase {
        &self.phase
    }

    /// Battles started so far (the current one included).
    #[must_use]
    pub fn battles_started(&self) -> u32 {
        self.journey.battles_started()
    }

    /// The evaluation the enemy bot scores positions with ([`Evaluation::default`] unless set).
    #[must_use]
    pub fn evaluation(&self) -> &Evaluation {
        self.terms.evaluation()
    }

    /// Replaces the enemy bot's evaluation for the enemy's future decisions (experiments and tests;
    /// it is not saved: a loaded run uses the game's).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.terms.set_evaluation(evaluation);
    }

    /// The owned army.
    #[must_use]
    pub fn roster(&self) -> &[OwnedPiece] {
        self.army.roster()
    }

    /// The run's item catalogue ([`RunConfig::items`]).
    #[must_use]
    pub fn items(&self) -> &ItemCatalogue {
        &self.terms.config().items
    }

    /// Owned badges, in the order they were bought.
    #[must_use]
    pub fn badges(&self) -> &[ItemId] {
        self.purse.badges()
    }

    /// Held consumables, in pack order (a battle's [`BattleAction::Use`] slot is the index here).
    #[must_use]
    pub fn pack(&self) -> &[ItemId] {
        self.purse.pack()
    }

    /// The hit points a piece of `team` and `role` starts this run's battles with: at least
    /// [`START_HP`](crate::battle::START_HP), more under a badge that raises that role's (the
    /// player's owned badges; the enemy's, the badges the rank gives it). What [`Battle::new`] gives
    /// the piece in the run's next battle, so the deployment can show it.
    #[must_use]
    pub fn start_hp(&self, team: Team, role: Role) -> u8 {
        let badges = match team {
            Team::Player => self.badge_effects(),
            Team::Enemy => self.rank_badge_effects(),
        };
        TeamRules::of(&badges).start_hp(role)
    }

    /// The move budget a battle of this run on `encounter` starts with (moves): the encounter's, plus
    /// the skill tree's extra moves and the badges' ([`TeamRules::extra_moves`]); what the battle's
    /// budget will be ([`Battle::move_budget`]), so the deployment and the map can say it.
    #[must_use]
    pub fn battle_budget(&self, encounter: &Encounter) -> u32 {
        encounter
            .move_budget
            .saturating_add(self.terms.perks().extra_moves)
            .saturating_add(self.player_rules().extra_moves)
    }

    /// The catalogue entries of the owned badges.
    pub fn badge_items(&self) -> impl Iterator<Item = &Item> + '_ {
        self.purse.badges().iter().filter_map(|&id| self.terms.config().items.get(id))
    }

    /// The catalogue entries of the held consumables, in pack order.
    pub fn pack_items(&self) -> impl Iterator<Item = &Item> + '_ {
        self.purse.pack().iter().filter_map(|&id| self.terms.config().items.get(id))
    }

    /// The rules the player's badges make ([`TeamRules`]).
    #[must_use]
    pub fn player_rules(&self) -> TeamRules {
        TeamRules::of(&self.badge_effects())
    }

    fn badge_effects(&self) -> Vec<Effect> {
        self.badge_items().map(|i| i.effect).collect()
    }

    /// The effects of the badges the rank gives the enemy ([`RankRules::enemy_badges`]).
    fn rank_badge_effects(&self) -> Vec<Effect> {
        self.terms
            .config()
            .rank
            .enemy_badges
            .iter()
            .filter_map(|&id| self.terms.config().items.get(id))
            .map(|i| i.effect)
            .collect()
    }

    /// Gold held.
    #[must_use]
    pub fn gold(&self) -> u32 {
        self.purse.gold()
    }

    /// Points earned.
    #[must_use]
    pub fn points(&self) -> u32 {
        self.purse.points()
    }

    /// Battles won.
    #[must_use]
    pub fn battles_won(&self) -> u32 {
        self.journey.battles_won()
    }

    /// The current (or last) battle.
    #[must_use]
    pub fn battle(&self) -> Option<&Battle> {
        self.battle.as_ref()
    }

    /// The current (or last) encounter.
    #[must_use]
    pub fn encounter(&self) -> Option<&Encounter> {
        self.encounter.as_ref()
    }

    /// Counts so far.
    #[must_use]
    pub fn stats(&self) -> &RunStats {
        self.chronicle.stats()
    }

    /// Whether the run is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.phase, RunPhase::Over { .. })
    }

    /// The summary (meaningful once the run is over; EXP counts a full victory only then).
    #[must_use]
    pub fn summary(&self) -> RunSummary {
        let victory = matches!(self.phase, RunPhase::Over { victory: true });
        RunSummary {
            victory,
            battles_won: self.journey.battles_won(),
            points: self.purse.points(),
            exp: run_exp(self.purse.points(), self.journey.battles_won(), victory),
            stats: self.chronicle.stats().clone(),
            key: RunKey {
                seed: self.terms.config().seed,
                decisions: u32::try_from(self.chronicle.steps().len()).unwrap_or(u32::MAX),
            },
            rank: self.terms.config().rank.rank,
            daily: self.terms.config().daily,
            abandoned: false,
        }
    }

    /// The summary of this run given up before its end (the player started another over it): recorded
    /// like a finished run ([`crate::save::Progress::record_run`]) but marked abandoned, never a
    /// victory, and earning no EXP (a run cannot be cashed in by abandoning it). The battles won, points
    /// and pieces lost so far stand. The run itself is not changed.
    #[must_use]
    pub fn abandon(&self) -> RunSummary {
        RunSummary { victory: false, exp: 0, abandoned: true, ..self.summary() }
    }

    /// Where the run stands, for a question about it (`act 1 of 2, 1 battle won`; a run without a
    /// route: `2 battles won`).
    #[must_use]
    pub fn standing(&self) -> String {
        let won = match self.journey.battles_won() {
            1 => "1 battle won".to_string(),
            n => format!("{n} battles won"),
        };
        match (self.journey.route(), self.journey.at()) {
            (Some(route), Some(at)) => format!("act {} of {}, {won}", at.act + 1, route.acts.len()),
            (Some(route), None) => format!("act 1 of {}, {won}", route.acts.len()),
            (None, _) if self.terms.config().acts > 0 => {
                format!("act 1 of {}, {won}", self.terms.config().acts)
            }
            _ => won,
        }
    }

    /// The name an owned piece (roster id `id`, in the roster or lost) is shown by on every screen:
    /// its role and its number among the run's pieces of that role, counted in the order the run got
    /// them (lost pieces keep their numbers, so no number is reused and none changes): `Knight`,
    /// `Knight 2`. `None` for an id the run never had.
    #[must_use]
    pub fn piece_name(&self, id: u32) -> Option<PieceName> {
        let all = || self.army.roster().iter().chain(self.army.lost());
        let role = all().find(|p| p.id == id)?.role;
        let before = all().filter(|p| p.role == role && p.id < id).count();
        Some(PieceName { role, number: u16::try_from(before + 1).unwrap_or(u16::MAX) })
    }

    /// Gives the owned pieces of a battle setup their names ([`Run::piece_name`]).
    fn name_units(&self, setup: &mut BattleSetup) {
        for spec in &mut setup.units {
            if let Some(id) = spec.roster_id {
                spec.name = self.piece_name(id);
            }
        }
    }

    /// The purchase limit of a role in this run.
    #[must_use]
    pub fn limit(&self, role: Role) -> u32 {
        self.terms.perks().limit(role)
    }

    /// How many pieces of a role the roster holds.
    #[must_use]
    pub fn owned(&self, role: Role) -> u32 {
        self.army.count(role)
    }

    /// Owned pieces of a role against its purchase limit.
    #[must_use]
    pub fn piece_limit(&self, role: Role) -> PieceLimit {
        PieceLimit { role, owned: self.owned(role), limit: self.limit(role) }
    }

    /// The current shop's slots with what the shop screen shows: price, sold, affordable, `owned n /
    /// limit` for pieces, recipients for modifiers, and why a purchase would be refused. Empty outside
    /// a shop.
    #[must_use]
    pub fn shop_offers(&self) -> Vec<ShopOffer> {
        let RunPhase::Shop(shop) = &self.phase else { return Vec::new() };
        let recipients = self.army.roster().iter().filter(|p| p.modifier.is_none()).count();
        shop.slots
            .iter()
            .enumerate()
            .map(|(slot, s)| {
                let limit = match s.item {
                    ShopItem::Piece { role } => Some(self.piece_limit(role)),
                    _ => None,
                };
                let info = s.item.item_id().and_then(|id| self.terms.config().items.get(id)).cloned();
                let refusal = if s.sold {
                    Some(RunError::NoSuchSlot(slot))
                } else if s.price > self.purse.gold() {
                    Some(RunError::NotEnoughGold { price: s.price, gold: self.purse.gold() })
                } else if let Some(l) = limit.filter(|l| l.at_limit()) {
                    Some(RunError::Limit(l.role))
                } else if matches!(s.item, ShopItem::Modifier { .. }) && recipients == 0 {
                    Some(RunError::NoRecipient)
                } else {
                    self.item_refusal(s.item)
                };
                ShopOffer {
                    slot,
                    item: s.item,
                    price: s.price,
                    sold: s.sold,
                    affordable: s.price <= self.purse.gold(),
                    limit,
                    recipients: if matches!(s.item, ShopItem::Modifier { .. }) { recipients } else { 0 },
                    info,
                    refusal,
                }
            })
            .collect()
    }

    /// Why a badge or a consumable could not be bought now (owned badge, full pack, unknown id).
    fn item_refusal(&self, item: ShopItem) -> Option<RunError> {
        match item {
            ShopItem::Badge { id } | ShopItem::Consumable { id }
                if self.terms.config().items.get(id).is_none() =>
            {
                Some(RunError::UnknownItem(id))
            }
            ShopItem::Badge { id } if self.purse.has_badge(id) => Some(RunError::AlreadyOwned(
                self.terms.config().items.get(id).map_or_else(String::new, |i| i.name.clone()),
            )),
            ShopItem::Consumable { .. } if self.purse.pack_full() => Some(RunError::PackFull),
            _ => None,
        }
    }

    /// The seed the enemy's decision in a state of the current battle (the enemy to act) gets in this
    /// run ([`enemy_seed`]), as a function of that state: with [`Run::stage_tuning`], what
    /// [`bot::expected_reply`](crate::bot::expected_reply) needs to show the reply the enemy will play.
    pub fn enemy_seeder(&self) -> impl Fn(&Battle) -> u64 + Send + Sync + 'static {
        let (seed, index) = (self.terms.config().enemy_stream(), u64::from(self.journey.battles_started()));
        move |battle| enemy_seed(seed, index, battle)
    }

    /// The enemy tuning of the current battle's stage.
    #[must_use]
    pub fn stage_tuning(&self) -> StageTuning {
        let stage = self.encounter.as_ref().map_or(1, |e| e.stage);
        self.terms.config().tuning.for_stage(stage.saturating_sub(1) as usize)
    }

    /// Applies a player decision and returns what happened. In battle, the enemy's turns are played
    /// by the bot right after the player's action. The decision is recorded with what the game
    /// generated in answer ([`Step`]).
    ///
    /// # Errors
    /// [`RunError`] when the decision is not possible now; nothing changes then.
    pub fn apply(&mut self, decision: Decision) -> Result<Vec<RunEvent>, RunError> {
        let mut step = Step::new(decision.clone());
        let events = self.resolve(&decision, &mut Live(&mut step))?;
        self.chronicle.record(step);
        Ok(events)
    }

    /// The enemy's actions that answered the last decision, in order (empty when none did).
    #[must_use]
    pub fn last_enemy_actions(&self) -> &[BattleAction] {
        self.chronicle.last_enemy_actions()
    }

    /// The decisions so far, in order.
    pub fn decisions(&self) -> impl Iterator<Item = &Decision> + '_ {
        self.chronicle.decisions()
    }

    /// The run's prices.
    #[must_use]
    pub fn prices(&self) -> &Prices {
        &self.terms.config().economy.prices
    }

    /// The shipped templates with the run's move budgets ([`Economy::budgets`](crate::tuning::Economy::budgets)) (a re-simulated
    /// version 1 log: only those of [`FIRST_POOL`], the pool it was played with).
    #[must_use]
    pub fn templates(&self) -> Vec<EncounterTemplate> {
        let mut list = templates();
        if self.terms.legacy() {
            list.retain(|t| FIRST_POOL.contains(&t.name.as_str()));
        }
        for t in &mut list {
            if let Some(&b) = self.terms.config().economy.budgets.get(&t.name) {
                t.move_budget = b;
            }
        }
        list
    }

    /// The player's promotions in this run's finished battles, and of them those by a pawn that
    /// teleported within its last two moves ([`BattleStats::promotions_after_teleport`](crate::battle::BattleStats::promotions_after_teleport)); not kept in
    /// saves (a loaded run counts from zero).
    #[must_use]
    pub fn promotions(&self) -> (u32, u32) {
        self.army.promotions()
    }

    /// The enemy's live searches so far (not kept in saves: a loaded run starts with none).
    #[must_use]
    pub fn enemy_searches(&self) -> &[EnemySearch] {
        self.chronicle.enemy_searches()
    }
}

/// An index drawn with probability proportional to `weights` (their sum must be above 0).
fn weighted(r: &mut ChaCha8Rng, weights: &[u32]) -> usize {
    let mut x = r.gen_range(0..weights.iter().sum::<u32>());
    let mut i = 0;
    while x >= weights[i] {
        x -= weights[i];
        i += 1;
    }
    i
}

/// The modifier prices of the game before items were data (issue 15), for the shops of a version 1
/// log simulated again. Frozen: they describe those files, not the game.
fn legacy_modifier_price(modifier: Modifier) -> u32 {
    match modifier {
        Modifier::Poisonous => 25,
        Modifier::Swift => 30,
        _ => 20,
    }
}

fn msg(text: String) -> RunEvent {
    RunEvent::Run { text }
}

fn describe(e: &Encounter) -> String {
    format!(
        "{} (stage {}, {}x{}{}, {}, {} moves{}{})",
        e.title(),
        e.stage,
        e.board.width,
        e.board.height,
        if e.fallback { ", fallback" } else { "" },
        e.objective,
        e.move_budget,
        if e.enemy_skills.is_some() { ", enemy skills" } else { "" },
        if e.royal_kings { ", royal kings" } else { "" }
    )
}

fn describe_shop(shop: &Shop, items: &ItemCatalogue) -> String {
    let list: Vec<String> = shop
        .slots
        .iter()
        .map(|s| match s.item {
            ShopItem::Piece { role } => format!("{} {}g", role.name(), s.price),
            ShopItem::Modifier { modifier } => format!("{} {}g", items.modifier_name(modifier), s.price),
            ShopItem::Badge { id } | ShopItem::Consumable { id } => {
                format!("{} {}g", items.get(id).map_or(id.as_str(), |i| i.name.as_str()), s.price)
            }
        })
        .collect();
    list.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::START_HP;

    #[test]
    fn start_hp_follows_the_role_hp_badges() {
        let mut run = Run::new(RunConfig::new(1));
        for role in Role::ALL {
            assert_eq!(run.start_hp(Team::Player, role), START_HP, "{role:?}");
        }
        run.purse.add_badge("iron_stables".parse().unwrap()).unwrap();
        assert_eq!(run.start_hp(Team::Player, Role::Knight), 3);
        assert_eq!(run.start_hp(Team::Player, Role::Pawn), START_HP);
        // The player's badges are not the enemy's.
        assert_eq!(run.start_hp(Team::Enemy, Role::Knight), START_HP);
        run.purse.add_badge("militia".parse().unwrap()).unwrap();
        assert_eq!(
            (run.start_hp(Team::Player, Role::Knight), run.start_hp(Team::Player, Role::Pawn)),
            (3, 3)
        );
        assert_eq!(run.start_hp(Team::Player, Role::Queen), START_HP);
        // The rank's badges serve the enemy.
        let mut config = RunConfig::new(1);
        config.rank.enemy_badges.push("militia".parse().unwrap());
        let run = Run::new(config);
        assert_eq!(
            (run.start_hp(Team::Enemy, Role::Pawn), run.start_hp(Team::Player, Role::Pawn)),
            (3, START_HP)
        );
    }

    #[test]
    fn template_windows_fit_the_route_and_move_with_the_seed() {
        // Two acts: stage 1 holds at most 4 battle nodes, stage 2 at most 7, stage 3 at most 3.
        assert_eq!([1, 2, 3].map(|s| crate::route::most_battle_nodes(s, 2)), [4, 7, 3]);
        assert_eq!([1, 2, 3].map(|s| crate::route::most_battle_nodes(s, 3)), [4, 7, 10]);
        // The step is at least the node count and prime to the pool size.
        assert_eq!(window_step(4, 8), 5);
        assert_eq!(window_step(7, 8), 7);
        assert_eq!(window_step(3, 8), 3);
        assert_eq!(window_step(0, 8), 1);
        assert_eq!(window_step(6, 9), 7);
    }
}
