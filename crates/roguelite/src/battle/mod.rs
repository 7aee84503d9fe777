//! One battle: the board, the pieces, objectives, modifiers, skills and the resolution order.
//!
//! The files follow the resolution order of one action (`docs/battle.md`): `setup` is what a battle
//! starts from, `state` what it reports, `action` the legal actions and validation (step 1), `resolve`
//! a move, teleport, freeze or reposition (steps 2-5), `death` deaths and their effects (clouds, walls,
//! reinforcements), `turn` the checks that end a battle and the switch of sides with poison (steps 3-7),
//! `strand` the warning before a defeat by no action, `event` what happened, `alteration` an action
//! described as reversible edits, `undo` the search's play and undo.
//!
//! A [`Battle`] is made of owned parts, each in its own file with private fields and the methods
//! that keep its invariants: the skills board, `units` (the pieces and the square map), `hazards`
//! (clouds, dormant walls), `progress` (the turn state), `budget` (the player's moves), `pack` (the
//! consumables), `tally` (counts and events) and `conditions` (what the setup fixed).

mod action;
mod alteration;
mod budget;
mod conditions;
mod death;
mod edit;
pub(crate) mod event;
mod hazards;
mod pack;
mod progress;
mod resolve;
mod setup;
mod state;
mod strand;
mod tally;
mod turn;
mod undo;
mod units;

use gambit_rules::{
    ByColor, Color, Highlight, Hp, Piece, Position, RenderCell, RenderOptions, Role, Square, SquareSet,
    splitmix64,
};
use gambit_skills::{ClockMode, CooldownTicks, RulesChoice, Skill, SkillBoard, SkillConfig};

pub use crate::items::START_HP;
pub use action::{ActionError, BattleAction, ParseActionError};
pub use alteration::{BattleAlteration, BattleAlterationError};
pub use edit::{BattleCounter, ListEdit};
pub use event::{BattleEvent, UnitRef};
pub use pack::PackSlot;
pub use setup::{
    BATTLE_RULES, BATTLE_SKILL_RULES, BattleError, BattleSetup, BoardShape, BonusObjective, Objective,
    PROMOTION, SkillTuning, UnitSpec,
};
pub(crate) use setup::{classic_rules, skills_reached_objectives_before};
pub use state::{BattleStats, BattleStatus, BonusState, Cloud, DefeatReason, Unit};
pub use strand::{Stranding, StrandingThreat, StrandingWarning};
pub(crate) use undo::BattleUndo;

pub use crate::types::{Modifier, PieceId, PieceName, SENTINEL_TICKS, Team};

use budget::Budget;
use conditions::Conditions;
use hazards::Hazards;
use pack::Pack;
use progress::Progress;
use tally::Tally;
use units::Units;

use crate::items::{Category, PACK_SIZE, TeamRules};

/// Each poison cloud's per-team counter at creation: a team is exposed at this many of its
/// start-of-turn boundaries.
pub const CLOUD_EXPOSURES: u8 = 2;

/// A battle in progress. Clone it freely: a clone is an independent copy. (The bot searches one copy
/// in place, with an exact undo per action.) Two battles are equal when every part of their state is
/// (the skills board by its own equality, which leaves out its undo history).
#[derive(Clone, Debug, PartialEq)]
pub struct Battle {
    /// The skills board: the rules position (pieces, walls and holes as blocked tiles, the team to
    /// move as its colour), cooldowns, frozen squares.
    board: SkillBoard,
    units: Units,
    hazards: Hazards,
    progress: Progress,
    budget: Budget,
    pack: Pack,
    tally: Tally,
    conditions: Conditions,
}

/// A cooldown no decay reaches in a battle: the value of a skill a side does not have.
const NEVER: u32 = u32::MAX;

/// Refuses a setup whose board, budget, badges or pack cannot start a battle (before any piece is
/// placed).
fn check_setup(setup: &BattleSetup) -> Result<(), BattleError> {
    let shape = &setup.board;
    if !shape.dimensions_ok() {
        return Err(BattleError::BadDimensions(shape.width, shape.height));
    }
    if setup.move_budget == 0 {
        return Err(BattleError::ZeroBudget);
    }
    for (list, expected) in [
        (&setup.player_badges, Category::Badge),
        (&setup.enemy_badges, Category::Badge),
        (&setup.consumables, Category::Consumable),
    ] {
        if let Some(e) = list.iter().find(|e| e.category() != expected) {
            return Err(BattleError::WrongCategory { kind: e.kind(), expected });
        }
    }
    if setup.consumables.len() > PACK_SIZE {
        return Err(BattleError::PackOverflow(setup.consumables.len()));
    }
    Ok(())
}

/// The setup's units on an empty board of its shape: the position and the units
/// (hit points from the teams' badges), checked square by square, army by army and against the
/// objective.
fn place_units(setup: &BattleSetup, rules: &ByColor<TeamRules>) -> Result<(Position, Units), BattleError> {
    let shape = &setup.board;
    let mut position = shape.empty_position();
    let mut at = [None; 64];
    let mut units = Vec::with_capacity(setup.units.len() + 4);
    let names = unit_names(&setup.units);
    for (i, spec) in setup.units.iter().enumerate() {
        if !shape.is_playable(spec.square) {
            return Err(BattleError::OffBoard(spec.square));
        }
        if at[spec.square.index() as usize].is_some() {
            return Err(BattleError::Overlap(spec.square));
        }
        if spec.target && spec.team != Team::Enemy {
            return Err(BattleError::BadTarget(spec.square));
        }
        let id = i as PieceId;
        let hp = rules[spec.team].start_hp(spec.role);
        at[spec.square.index() as usize] = Some(id);
        position
            .put_piece(spec.square, Piece::new(spec.team.color(), spec.role))
            .map_err(|_| BattleError::OffBoard(spec.square))?;
        units.push(Unit {
            id,
            team: spec.team,
            role: spec.role,
            hp,
            max_hp: hp,
            modifier: spec.modifier,
            square: spec.square,
            alive: true,
            temporary: false,
            target: spec.target,
            promoted: false,
            roster_id: spec.roster_id,
            name: names[i],
            armor: spec.modifier == Some(Modifier::Armored),
            start: spec.square,
        });
    }
    for team in Team::ALL {
        if !units.iter().any(|u| u.team == team) {
            return Err(BattleError::EmptyArmy(team));
        }
    }
    let enemy_king = units.iter().any(|u| u.team == Team::Enemy && u.role == Role::King);
    match setup.objective {
        Objective::CaptureTargets if !units.iter().any(|u| u.target) => {
            return Err(BattleError::NoObjectiveTarget(setup.objective));
        }
        Objective::CaptureKing if !enemy_king => {
            return Err(BattleError::NoObjectiveTarget(setup.objective));
        }
        _ => {}
    }
    Ok((position, Units::new(units)))
}

/// The skills board of a battle on `position` (skirmish rules, manual clock, the player's cooldowns as
/// the configuration's) and each team's skill tuning with its badges' cuts; an enemy without skills
/// never gets one back.
fn skill_board(
    setup: &BattleSetup,
    position: Position,
    rules: &ByColor<TeamRules>,
) -> (SkillBoard, ByColor<SkillTuning>) {
    let cut = |t: SkillTuning, r: &TeamRules| SkillTuning {
        teleport_cooldown: t.teleport_cooldown.saturating_sub(r.teleport_cut).max(1),
        freeze_cooldown: t.freeze_cooldown.saturating_sub(r.freeze_cut).max(1),
        freeze_duration: t.freeze_duration,
    };
    let tuning = ByColor::new(
        cut(setup.player_skills, &rules.white),
        cut(setup.enemy_skills.unwrap_or(setup.player_skills), &rules.black),
    );
    let config = SkillConfig {
        start_fen: String::new(),
        cooldown_ticks: CooldownTicks {
            teleport: setup.player_skills.teleport_cooldown,
            freeze: setup.player_skills.freeze_cooldown,
        },
        freeze_duration: setup.player_skills.freeze_duration,
        clock: ClockMode::Manual,
        rules: RulesChoice::Skirmish,
        skill_rules: setup.skill_rules,
    };
    let mut board = SkillBoard::from_position(position, config);
    if setup.enemy_skills.is_none() {
        board.set_cooldown(Color::Black, Skill::Teleport, NEVER);
        board.set_cooldown(Color::Black, Skill::Freeze, NEVER);
    }
    board.forget_history();
    (board, tuning)
}

impl Battle {
    /// Starts a battle with the player to move.
    ///
    /// # Errors
    /// [`BattleError`] for bad dimensions, pieces off the board or on one square, an empty army, a
    /// zero budget, or an objective without a target.
    pub fn new(setup: &BattleSetup) -> Result<Battle, BattleError> {
        check_setup(setup)?;
        let rules = ByColor::new(TeamRules::of(&setup.player_badges), TeamRules::of(&setup.enemy_badges));
        let (mut position, units) = place_units(setup, &rules)?;
        position.set_turn(Color::White);
        let (board, tuning) = skill_board(setup, position, &rules);
        let has_king = |team| units.living(team).any(|u| u.role == Role::King);
        let had_king = ByColor::new(has_king(Team::Player), has_king(Team::Enemy));
        let budget = Budget::new(setup.move_budget + rules.white.extra_moves);
        Ok(Battle {
            board,
            units,
            hazards: Hazards::default(),
            progress: Progress::default(),
            budget,
            pack: Pack::new(&setup.consumables),
            tally: Tally::default(),
            conditions: Conditions::new(setup, rules, tuning, had_king),
        })
    }

    // ----- accessors -----

    /// The rules position (pieces, walls and holes as blocked tiles, the team to move as its colour).
    #[must_use]
    pub fn position(&self) -> &Position {
        self.board.position()
    }

    /// The skills board (cooldowns, frozen squares).
    #[must_use]
    pub fn skills(&self) -> &SkillBoard {
        &self.board
    }

    /// The board shape (walls raised during the battle are not holes of the shape; see
    /// [`Battle::walls`]).
    #[must_use]
    pub fn shape(&self) -> &BoardShape {
        self.conditions.shape()
    }

    /// Every piece that took part, dead ones included, indexed by id.
    #[must_use]
    pub fn units(&self) -> &[Unit] {
        self.units.list()
    }

    /// The piece with this id.
    #[must_use]
    pub fn unit(&self, id: PieceId) -> Option<&Unit> {
        self.units.get(id)
    }

    /// The living piece on a square.
    #[must_use]
    pub fn unit_at(&self, sq: Square) -> Option<&Unit> {
        self.units.at(sq)
    }

    /// The living pieces of a team, in id order.
    pub fn living(&self, team: Team) -> impl Iterator<Item = &Unit> + '_ {
        self.units.living(team)
    }

    /// The poison clouds.
    #[must_use]
    pub fn clouds(&self) -> &[Cloud] {
        self.hazards.clouds()
    }

    /// Whether a square is covered by a cloud that can still hurt `team`.
    #[must_use]
    pub fn is_poisoned_for(&self, sq: Square, team: Team) -> bool {
        self.hazards.is_poisoned_for(sq, team)
    }

    /// Squares that became walls during the battle (raised), in square order.
    #[must_use]
    pub fn walls(&self) -> Vec<Square> {
        Square::all()
            .filter(|&s| self.conditions.shape().is_playable(s) && self.position().is_blocked(s))
            .collect()
    }

    /// Dormant Bulwark walls (their capturer still stands on them).
    #[must_use]
    pub fn dormant_walls(&self) -> &[Square] {
        self.hazards.dormant_walls()
    }

    /// The objective.
    #[must_use]
    pub fn objective(&self) -> Objective {
        self.conditions.objective()
    }

    /// The bonus objective.
    #[must_use]
    pub fn bonus(&self) -> Option<BonusObjective> {
        self.conditions.bonus()
    }

    /// The player's move budget.
    #[must_use]
    pub fn move_budget(&self) -> u32 {
        self.budget.total()
    }

    /// Player moves used so far (moves and teleports).
    #[must_use]
    pub fn moves_used(&self) -> u32 {
        self.budget.used()
    }

    /// Player moves left.
    #[must_use]
    pub fn moves_left(&self) -> u32 {
        self.budget.left()
    }

    /// The team to act.
    #[must_use]
    pub fn to_move(&self) -> Team {
        self.progress.to_move()
    }

    /// The piece whose Swift reposition is pending, if any.
    #[must_use]
    pub fn pending_reposition(&self) -> Option<PieceId> {
        self.progress.pending()
    }

    /// Where the battle stands.
    #[must_use]
    pub fn status(&self) -> BattleStatus {
        self.progress.status()
    }

    /// Plies played (turn switches, passes included).
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.progress.ply()
    }

    /// The battle's running counts.
    #[must_use]
    pub fn stats(&self) -> BattleStats {
        self.tally.stats()
    }

    /// Enemy reinforcements: a temporary enemy pawn every this many enemy turns
    /// ([`BattleSetup::enemy_reinforcements`]; 0: none).
    #[must_use]
    pub fn enemy_reinforcements(&self) -> u32 {
        self.conditions.reinforcements()
    }

    /// Whether the kings are royal in this battle ([`BattleSetup::royal_kings`]): losing every king
    /// loses it.
    #[must_use]
    pub fn royal_kings(&self) -> bool {
        self.conditions.royal_kings()
    }

    /// The rules `team`'s badges make ([`TeamRules`]).
    #[must_use]
    pub fn rules(&self, team: Team) -> &TeamRules {
        self.conditions.rules(team)
    }

    /// The player's consumables in pack order (`None`: an empty slot), used or not.
    #[must_use]
    pub fn pack(&self) -> &[Option<PackSlot>] {
        self.pack.slots()
    }

    /// Enemy turns still to be skipped (a Haste was used).
    #[must_use]
    pub fn enemy_turns_skipped(&self) -> u8 {
        self.progress.haste()
    }

    /// Whether `team` has a piece on a frozen square.
    #[must_use]
    pub fn has_frozen_piece(&self, team: Team) -> bool {
        self.living(team).any(|u| self.board.is_frozen(u.square))
    }

    /// Whether `team` has skills in this battle.
    #[must_use]
    pub fn has_skills(&self, team: Team) -> bool {
        self.conditions.has_skills(team)
    }

    /// The squares where `team` could capture a piece of the other team on its next turn (the threat
    /// overlay): the squares its pieces attack (`SkillBoard::attacked_squares`), and when it has skills
    /// and its Teleport is ready by then, the squares a teleport could capture on
    /// (`SkillBoard::teleport_threats`) except those a teleport may not take here: a king or a marked
    /// target, a Warded piece. In square order.
    #[must_use]
    pub fn threatened_squares(&self, team: Team) -> Vec<Square> {
        let by = team.color();
        let mut out = self.board.attacked_squares(by);
        if self.has_skills(team) {
            for sq in self.board.teleport_threats(by) {
                if !self.teleport_hits_objective(sq) && !self.warded_against(sq, team) {
                    out.insert(sq);
                }
            }
        }
        out.iter().collect()
    }

    /// The remaining cooldown of `team`'s skill, ticks; `None` when the team has no skills.
    #[must_use]
    pub fn cooldown(&self, team: Team, skill: Skill) -> Option<u32> {
        self.has_skills(team).then(|| self.board.cooldown(team.color(), skill))
    }

    /// Whether the square is frozen.
    #[must_use]
    pub fn is_frozen(&self, sq: Square) -> bool {
        self.board.is_frozen(sq)
    }

    /// Whether `unit` is one of the objective's pieces ([`Objective::marks`]): an enemy marked target
    /// under `capture_targets`, an enemy king under `capture_king`, none under `eliminate_army`.
    #[must_use]
    pub fn is_objective(&self, unit: &Unit) -> bool {
        unit.team == Team::Enemy && self.conditions.objective().marks(unit.role, unit.target)
    }

    /// Whether the objective is complete: no objective piece is alive (no enemy piece at all under
    /// `eliminate_army`).
    #[must_use]
    pub fn objective_complete(&self) -> bool {
        match self.conditions.objective() {
            Objective::EliminateArmy => self.living(Team::Enemy).next().is_none(),
            Objective::CaptureTargets | Objective::CaptureKing => {
                !self.living(Team::Enemy).any(|u| self.is_objective(u))
            }
        }
    }

    /// Whether the bonus objective is complete as things stand (judged at victory).
    #[must_use]
    pub fn bonus_complete(&self) -> bool {
        match self.conditions.bonus() {
            None => false,
            Some(BonusObjective::NoLosses) => self.tally.stats().owned_lost == 0,
            Some(BonusObjective::FinishWithin { moves }) => self.budget.used() <= moves,
            Some(BonusObjective::CaptureRole { role }) => self.tally.killed(role),
            Some(BonusObjective::NoSkills) => self.tally.stats().player_skills_used == 0,
        }
    }

    /// Where the bonus objective stands now; `None` without one. Finished battles say
    /// [`BonusState::Earned`] or [`BonusState::Lost`]; an ongoing one says whether winning now would
    /// earn it ([`BonusState::OnTrack`] while the battle can still break it, [`BonusState::Secured`]
    /// once nothing can: the role to capture is captured), whether something must still happen
    /// ([`BonusState::Pending`]: the enemy piece to capture lives), or that it can no longer be earned
    /// ([`BonusState::Lost`]: an owned piece lost, a skill cast, the move limit passed, or no enemy
    /// left of the role to capture, counting pawns that could promote to it; a pawn to capture is
    /// never written off, since a Call to Arms can bring one).
    ///
    /// ```
    /// use gambit_roguelite::battle::{BattleSetup, BonusObjective, BonusState, Objective};
    /// let setup = BattleSetup::from_fen("4k3/p7/8/8/8/8/8/R3K3", Objective::CaptureKing, 10)
    ///     .unwrap()
    ///     .with_bonus(BonusObjective::NoSkills);
    /// let mut battle = gambit_roguelite::Battle::new(&setup).unwrap();
    /// assert_eq!(battle.bonus_state(), Some(BonusState::OnTrack));
    /// let freeze = battle.parse_action("fz a7").unwrap();
    /// battle.apply(freeze).unwrap();
    /// assert_eq!(battle.bonus_state(), Some(BonusState::Lost));
    /// ```
    #[must_use]
    pub fn bonus_state(&self) -> Option<BonusState> {
        let bonus = self.conditions.bonus()?;
        Some(match self.progress.status() {
            BattleStatus::Victory { bonus: true } => BonusState::Earned,
            BattleStatus::Victory { bonus: false } | BattleStatus::Defeat { .. } => BonusState::Lost,
            BattleStatus::Ongoing if self.bonus_complete() => match bonus {
                BonusObjective::CaptureRole { .. } => BonusState::Secured,
                _ => BonusState::OnTrack,
            },
            BattleStatus::Ongoing => match bonus {
                BonusObjective::CaptureRole { role } => {
                    let can_appear = |u: &&Unit| u.role == role || u.role == Role::Pawn;
                    if role == Role::Pawn || self.living(Team::Enemy).any(|u| can_appear(&u)) {
                        BonusState::Pending
                    } else {
                        BonusState::Lost
                    }
                }
                BonusObjective::NoLosses | BonusObjective::FinishWithin { .. } | BonusObjective::NoSkills => {
                    BonusState::Lost
                }
            },
        })
    }

    /// Turns event recording off (`true`) or on; the bot's search copies run quiet.
    pub fn set_quiet(&mut self, quiet: bool) {
        self.tally.set_quiet(quiet);
    }

    /// The board as plain text: rank labels, `#` blocked tiles and walls, upper case player, lower
    /// case enemy, `.` empty, `~` an empty poisoned square, `[x]` a frozen square
    /// ([`Battle::render`] with the default options and no last move).
    #[must_use]
    pub fn render_ascii(&self) -> String {
        self.render(RenderOptions::default(), None)
    }

    /// The board cropped to the battle's shape through the rules' renderer, in `options`' style,
    /// glyphs and orientation (`options.area` is ignored: the shape gives it). Each square gets one
    /// highlight, the first that applies of: [`Highlight::Frozen`] (bracketed `[x]` in plain text),
    /// [`Highlight::Hole`] (outside the shape: a hole or a cut corner), [`Highlight::Wall`] (a wall
    /// raised during the battle), [`Highlight::Poison`] (under a cloud; an empty square there shows
    /// `~`), and the squares of `last_travel`, the last move, teleport or reposition
    /// ([`BattleEvent::travel`] of the latest event that has one; the battle does not keep it). Each
    /// piece carries its unit's [`Hp`], so [`Style::Ansi`](gambit_rules::Style::Ansi) colours a
    /// wounded piece.
    ///
    /// ```
    /// use gambit_roguelite::Battle;
    /// use gambit_roguelite::battle::{BattleSetup, Objective};
    /// use gambit_rules::{RenderOptions, Style};
    /// let setup = BattleSetup::from_fen("r3k3/8/8/8/*7/8/8/R3K3", Objective::CaptureKing, 10).unwrap();
    /// let battle = Battle::new(&setup).unwrap();
    /// assert!(battle.render_ascii().contains("4 # . . . . . . .\n"));
    /// let ansi = battle.render(RenderOptions { style: Style::Ansi, ..RenderOptions::default() }, None);
    /// // The player's rook (White) on a1, a dark square; the hole on a4.
    /// assert!(ansi.contains("1\x1b[0;1;38;5;231;48;5;137m R"));
    /// assert!(ansi.contains("4\x1b[0;38;5;239;48;5;234m #"));
    /// ```
    #[must_use]
    pub fn render(&self, options: RenderOptions, last_travel: Option<(Square, Square)>) -> String {
        let area: SquareSet = Square::all()
            .filter(|s| {
                s.file().index() < self.conditions.shape().width
                    && s.rank().index() < self.conditions.shape().height
            })
            .collect();
        self.position().render_with(RenderOptions { area, ..options }, |sq, c| {
            let poisoned = self.hazards.covers(sq);
            let highlight = if self.is_frozen(sq) {
                Some(Highlight::Frozen)
            } else if !self.conditions.shape().is_playable(sq) {
                Some(Highlight::Hole)
            } else if self.position().is_blocked(sq) {
                Some(Highlight::Wall)
            } else if poisoned {
                Some(Highlight::Poison)
            } else {
                match last_travel {
                    Some((from, _)) if from == sq => Some(Highlight::LastMoveFrom),
                    Some((_, to)) if to == sq => Some(Highlight::LastMoveTo),
                    _ => None,
                }
            };
            let symbol = if poisoned && c.symbol == '.' { '~' } else { c.symbol };
            let hp = self.unit_at(sq).map(|u| Hp { current: u.hp, max: u.max_hp });
            RenderCell { symbol, highlight, hp, ..c }
        })
    }

    /// A 64-bit key of the whole battle state (equal states, equal keys), for the search.
    #[must_use]
    pub fn state_key(&self) -> u64 {
        let mut k = self.board.state_key();
        let mut mix = |v: u64| k = splitmix64(k ^ v);
        for u in self.units.list() {
            if u.alive {
                mix(u64::from(u.id) << 8
                    | u64::from(u.hp)
                    | u64::from(u.square.index()) << 24
                    | u64::from(u.max_hp) << 32
                    | u64::from(u.armor) << 40);
            }
        }
        for c in self.hazards.clouds() {
            mix(u64::from(c.squares[0].index()) << 16
                | u64::from(c.counters.white) << 8
                | u64::from(c.counters.black));
        }
        mix(u64::from(self.budget.used()) << 32 | self.progress.pending().map_or(0xffff, u64::from));
        mix(u64::from(self.budget.total())
            | u64::from(self.progress.haste()) << 16
            | u64::from(self.tally.captures(Team::Player).min(1)) << 24
            | u64::from(self.tally.captures(Team::Enemy).min(1)) << 25
            | u64::from(self.budget.free_teleports_used()) << 32
            | self.pack.used_bits() << 40);
        k
    }
}

impl Battle {
    /// Records an event unless the battle is quiet (the bot's search copies); `event` is only built
    /// when it is recorded.
    pub(super) fn emit(&mut self, event: impl FnOnce(&Battle) -> BattleEvent) {
        if self.tally.is_quiet() {
            return;
        }
        let e = event(self);
        self.tally.record(e);
    }

    /// The label of unit `id` as it is now.
    pub(super) fn label(&self, id: PieceId) -> UnitRef {
        self.units[id].label()
    }
}

/// The names of a setup's units, in order: the given ones ([`UnitSpec::name`]), and for the others the
/// next free number of their side and role (after every given one), in setup order.
fn unit_names(specs: &[UnitSpec]) -> Vec<PieceName> {
    let mut last: Vec<(Team, Role, u16)> = Vec::new();
    for spec in specs {
        if let Some(name) = spec.name {
            note_number(&mut last, spec.team, name.role, name.number);
        }
    }
    specs
        .iter()
        .map(|spec| {
            spec.name.unwrap_or_else(|| {
                let number = next_number(&last, spec.team, spec.role);
                note_number(&mut last, spec.team, spec.role, number);
                PieceName { role: spec.role, number }
            })
        })
        .collect()
}

/// Remembers that `team` gave a piece of `role` the number `number`.
fn note_number(last: &mut Vec<(Team, Role, u16)>, team: Team, role: Role, number: u16) {
    match last.iter_mut().find(|(t, r, _)| *t == team && *r == role) {
        Some((_, _, n)) => *n = (*n).max(number),
        None => last.push((team, role, number)),
    }
}

/// One more than the highest number `team` gave a piece of `role` so far (1 for the first).
fn next_number(last: &[(Team, Role, u16)], team: Team, role: Role) -> u16 {
    last.iter().find(|(t, r, _)| *t == team && *r == role).map_or(1, |(_, _, n)| n.saturating_add(1))
}
