//! One battle: the board, the pieces, objectives, modifiers, skills and the resolution order.

use std::fmt;

use gambit_rules::{Color, Move, Piece, Position, PromotionPolicy, Role, RuleSet, Square};
use gambit_skills::{ClockMode, CooldownTicks, RulesChoice, Skill, SkillBoard, SkillConfig, SkillError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::types::{Modifier, PieceId, Side, role_name, role_serde, square_at, square_serde, squares_serde};

/// The rule set every battle is played under: skirmish rules (no check, capturable kings, no castling,
/// en passant or double step), pawns promoting to a queen when the side has no living queen, else a
/// rook.
pub const BATTLE_RULES: RuleSet = RuleSet::Skirmish(PromotionPolicy::QueenIfNoneElse(Role::Rook));

/// Hit points of every piece at the start of a battle.
pub const START_HP: u8 = 2;

/// Each poison cloud's per-side counter at creation: a side is exposed at this many of its
/// start-of-turn boundaries.
pub const CLOUD_EXPOSURES: u8 = 2;

/// The shape of a battle board: a `width` x `height` rectangle (6 to 8 each) in the lower-left corner
/// of the 8x8 area (files a.., ranks 1..), optionally with its four corner squares cut, and holes.
/// Everything outside the playable area is a blocked tile of the rules position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardShape {
    /// Files, 6 to 8.
    pub width: u8,
    /// Ranks, 6 to 8.
    pub height: u8,
    /// Whether the four corner squares are blocked.
    #[serde(default)]
    pub cut_corners: bool,
    /// Blocked squares inside the rectangle.
    #[serde(default, with = "squares_serde")]
    pub holes: Vec<Square>,
}

impl BoardShape {
    /// A plain `size` x `size` board.
    #[must_use]
    pub fn square(size: u8) -> BoardShape {
        BoardShape { width: size, height: size, cut_corners: false, holes: Vec::new() }
    }

    /// Whether the dimensions are 6 to 8.
    #[must_use]
    pub fn dimensions_ok(&self) -> bool {
        (6..=8).contains(&self.width) && (6..=8).contains(&self.height)
    }

    /// Whether `sq` is playable on this shape.
    #[must_use]
    pub fn is_playable(&self, sq: Square) -> bool {
        let (f, r) = (sq.file().index(), sq.rank().index());
        if f >= self.width || r >= self.height {
            return false;
        }
        let corner = (f == 0 || f == self.width - 1) && (r == 0 || r == self.height - 1);
        !(self.holes.contains(&sq) || self.cut_corners && corner)
    }

    /// The playable squares, a1, b1, ... order.
    #[must_use]
    pub fn playable(&self) -> Vec<Square> {
        Square::all().filter(|&s| self.is_playable(s)).collect()
    }

    /// The player's deployment squares: the playable squares of ranks 1 and 2.
    #[must_use]
    pub fn deployment_squares(&self) -> Vec<Square> {
        self.playable().into_iter().filter(|s| s.rank().index() < 2).collect()
    }

    /// The empty board of this shape under [`BATTLE_RULES`].
    #[must_use]
    pub fn empty_position(&self) -> Position {
        let mut pos = Position::empty(BATTLE_RULES);
        for sq in Square::all() {
            if !self.is_playable(sq) {
                pos.set_blocked(sq, true).expect("an empty board has no piece to block");
            }
        }
        pos
    }
}

/// One piece of a battle setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSpec {
    /// Which side it fights for.
    pub side: Side,
    /// Its role.
    #[serde(with = "role_serde")]
    pub role: Role,
    /// Its square.
    #[serde(with = "square_serde")]
    pub square: Square,
    /// Its modifier, if any.
    #[serde(default)]
    pub modifier: Option<Modifier>,
    /// Whether it is a marked target of a [`Objective::CaptureTargets`] objective.
    #[serde(default)]
    pub target: bool,
    /// The roster id of an owned piece (the player's), `None` for enemy pieces.
    #[serde(default)]
    pub roster_id: Option<u32>,
}

/// What the player must do to win a battle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Objective {
    /// Capture (kill) every enemy piece marked as a target.
    CaptureTargets,
    /// Capture (kill) the enemy king (every enemy king, if there are several).
    CaptureKing,
    /// Eliminate the enemy army (temporary reinforcements included).
    EliminateArmy,
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Objective::CaptureTargets => "capture the marked targets",
            Objective::CaptureKing => "capture the enemy king",
            Objective::EliminateArmy => "eliminate the enemy army",
        })
    }
}

/// An optional second goal, shown before the battle and judged at victory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum BonusObjective {
    /// Win without losing an owned piece (temporary pawns do not count).
    NoLosses,
    /// Win having used at most `moves` player moves.
    FinishWithin {
        /// The most player moves allowed.
        moves: u32,
    },
    /// Kill an enemy piece of this role on the way.
    CaptureRole {
        /// The role.
        #[serde(with = "role_serde")]
        role: Role,
    },
    /// Win without casting Teleport or Freeze.
    NoSkills,
}

impl fmt::Display for BonusObjective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BonusObjective::NoLosses => f.write_str("lose no owned piece"),
            BonusObjective::FinishWithin { moves } => write!(f, "win within {moves} moves"),
            BonusObjective::CaptureRole { role } => write!(f, "capture an enemy {}", role_name(*role)),
            BonusObjective::NoSkills => f.write_str("win without skills"),
        }
    }
}

/// One side's skill tuning, in ticks of the skill clock (one tick per ply).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SkillTuning {
    /// Teleport's cooldown after a cast, ticks.
    pub teleport_cooldown: u32,
    /// Freeze's cooldown after a cast, ticks.
    pub freeze_cooldown: u32,
    /// How many ticks a Freeze holds its square.
    pub freeze_duration: u32,
}

impl Default for SkillTuning {
    /// The skills crate's defaults: 6, 9 and 3 ticks.
    fn default() -> Self {
        SkillTuning {
            teleport_cooldown: gambit_skills::DEFAULT_TELEPORT_COOLDOWN,
            freeze_cooldown: gambit_skills::DEFAULT_FREEZE_COOLDOWN,
            freeze_duration: gambit_skills::DEFAULT_FREEZE_DURATION,
        }
    }
}

/// Everything needed to start a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleSetup {
    /// The board.
    pub board: BoardShape,
    /// Both armies; ids are given in this order (0, 1, ...).
    pub units: Vec<UnitSpec>,
    /// The objective.
    pub objective: Objective,
    /// The optional bonus objective.
    #[serde(default)]
    pub bonus: Option<BonusObjective>,
    /// The player's move budget (ordinary moves and teleports count; repositions, freezes and enemy
    /// turns do not).
    pub move_budget: u32,
    /// The player's skills (the player always has Teleport and Freeze).
    pub player_skills: SkillTuning,
    /// The enemy's skills, if the encounter grants any.
    #[serde(default)]
    pub enemy_skills: Option<SkillTuning>,
}

impl BattleSetup {
    /// A setup on `board` with no pieces, the given objective and budget, default player skills and
    /// none for the enemy.
    #[must_use]
    pub fn new(board: BoardShape, objective: Objective, move_budget: u32) -> BattleSetup {
        BattleSetup {
            board,
            units: Vec::new(),
            objective,
            bonus: None,
            move_budget,
            player_skills: SkillTuning::default(),
            enemy_skills: None,
        }
    }

    /// A setup from the placement field of a FEN (`*` = blocked tile; upper case = player, lower case
    /// = enemy). The board shape is the 8x8 area with the `*` squares as holes. Units are listed in
    /// square order a1, b1, ..., h8 (so ids follow that order).
    ///
    /// # Errors
    /// [`BattleError::BadFen`] when the text is not a placement field.
    pub fn from_fen(
        placement: &str,
        objective: Objective,
        move_budget: u32,
    ) -> Result<BattleSetup, BattleError> {
        let fen = format!("{placement} w - - 0 1");
        let pos = Position::from_fen_unchecked(&fen, BATTLE_RULES)
            .map_err(|e| BattleError::BadFen(e.to_string()))?;
        let holes = Square::all().filter(|&s| pos.is_blocked(s)).collect();
        let mut setup = BattleSetup::new(
            BoardShape { width: 8, height: 8, cut_corners: false, holes },
            objective,
            move_budget,
        );
        for sq in Square::all() {
            if let Some(p) = pos.piece_at(sq) {
                setup.units.push(UnitSpec {
                    side: Side::of(p.color),
                    role: p.role,
                    square: sq,
                    modifier: None,
                    target: false,
                    roster_id: None,
                });
            }
        }
        Ok(setup)
    }

    /// Gives the unit on `square` a modifier (no effect when the square is empty).
    #[must_use]
    pub fn with_modifier(mut self, square: &str, modifier: Modifier) -> BattleSetup {
        if let Some(u) = self.spec_mut(square) {
            u.modifier = Some(modifier);
        }
        self
    }

    /// Marks the unit on `square` as a target (no effect when the square is empty).
    #[must_use]
    pub fn with_target(mut self, square: &str) -> BattleSetup {
        if let Some(u) = self.spec_mut(square) {
            u.target = true;
        }
        self
    }

    /// Sets the bonus objective.
    #[must_use]
    pub fn with_bonus(mut self, bonus: BonusObjective) -> BattleSetup {
        self.bonus = Some(bonus);
        self
    }

    fn spec_mut(&mut self, square: &str) -> Option<&mut UnitSpec> {
        let sq: Square = square.parse().ok()?;
        self.units.iter_mut().find(|u| u.square == sq)
    }
}

/// A piece in a battle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Its stable id (its index in [`Battle::units`]).
    pub id: PieceId,
    /// Its side.
    pub side: Side,
    /// Its current role (a promoted pawn changes role and keeps its id).
    #[serde(with = "role_serde")]
    pub role: Role,
    /// Remaining hit points (2 at the start, 0 when dead).
    pub hp: u8,
    /// Its modifier.
    pub modifier: Option<Modifier>,
    /// Its square (the death square once dead).
    #[serde(with = "square_serde")]
    pub square: Square,
    /// Whether it is alive.
    pub alive: bool,
    /// A temporary reinforcement (never part of the roster).
    pub temporary: bool,
    /// A marked target.
    pub target: bool,
    /// Whether it was promoted in this battle.
    pub promoted: bool,
    /// The roster id of an owned piece.
    pub roster_id: Option<u32>,
}

impl Unit {
    /// A short readable name: `your knight #3`, `enemy rook #12`.
    #[must_use]
    pub fn name(&self) -> String {
        format!("{} {} #{}", self.side.possessive(), role_name(self.role), self.id)
    }
}

/// A poison cloud: its squares and one remaining-exposure counter per side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cloud {
    /// The covered squares (death square first).
    #[serde(with = "squares_serde")]
    pub squares: Vec<Square>,
    /// Remaining exposures of the player's and the enemy's pieces (index by [`Side::index`]).
    pub counters: [u8; 2],
}

/// One action of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// An ordinary move of piece `id` to `to` (a capture when an enemy stands there).
    Move {
        /// The piece.
        id: PieceId,
        /// Its destination.
        #[serde(with = "square_serde")]
        to: Square,
    },
    /// The optional, non-capturing, free reposition a Swift capture offers.
    Reposition {
        /// The Swift piece.
        id: PieceId,
        /// Its destination (empty).
        #[serde(with = "square_serde")]
        to: Square,
    },
    /// Declines the offered reposition.
    Skip,
    /// Casts Teleport on piece `id`, to an empty square or onto an enemy (captured).
    Teleport {
        /// The piece.
        id: PieceId,
        /// Its destination.
        #[serde(with = "square_serde")]
        to: Square,
    },
    /// Casts Freeze on a square (a free action: the turn does not end).
    Freeze {
        /// The square.
        #[serde(with = "square_serde")]
        square: Square,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { id, to } => write!(f, "move #{id} {to}"),
            Action::Reposition { id, to } => write!(f, "reposition #{id} {to}"),
            Action::Skip => f.write_str("skip"),
            Action::Teleport { id, to } => write!(f, "teleport #{id} {to}"),
            Action::Freeze { square } => write!(f, "freeze {square}"),
        }
    }
}

/// Why an action was rejected. A rejected action changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The battle is over.
    #[error("the battle is over")]
    BattleOver,
    /// No such piece, or it is dead.
    #[error("no living piece #{0}")]
    NoSuchPiece(PieceId),
    /// The piece belongs to the side that is not to move.
    #[error("piece #{0} does not belong to the side to move")]
    NotYourPiece(PieceId),
    /// A reposition must be taken or skipped first.
    #[error("a reposition of #{0} is pending: reposition it or skip")]
    RepositionPending(PieceId),
    /// A reposition or skip with no reposition offered (or of another piece).
    #[error("no reposition is offered")]
    NoRepositionOffered,
    /// The piece cannot go there.
    #[error("piece #{id} cannot go to {to}")]
    IllegalDestination {
        /// The piece.
        id: PieceId,
        /// The refused destination.
        to: Square,
    },
    /// The piece stands on a frozen square.
    #[error("piece #{0} is frozen")]
    Frozen(PieceId),
    /// The side has no skills in this battle.
    #[error("the {0} has no skills in this battle")]
    NoSkills(Side),
    /// A teleport would put a pawn on a promotion square (teleports never promote).
    #[error("a teleport never promotes: a pawn cannot be teleported to {0}")]
    TeleportPromotion(Square),
    /// A teleport onto a king or a marked target (objective pieces fall to ordinary moves only).
    #[error("a teleport cannot capture a king or a marked target ({0})")]
    TeleportCapturesObjective(Square),
    /// The skills crate refused the cast.
    #[error("{0}")]
    Skill(SkillError),
}

/// A battle setup that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BattleError {
    /// The board is smaller than 6x6 or larger than 8x8.
    #[error("board dimensions {0}x{1} are outside 6x6..8x8")]
    BadDimensions(u8, u8),
    /// A piece on a blocked or outside square.
    #[error("a piece stands on {0}, which is not playable")]
    OffBoard(Square),
    /// Two pieces on one square.
    #[error("two pieces on {0}")]
    Overlap(Square),
    /// A side without pieces.
    #[error("the {0} has no piece")]
    EmptyArmy(Side),
    /// The objective has nothing to aim at (no target, no enemy king).
    #[error("the objective `{0}` has nothing to aim at")]
    NoObjectiveTarget(Objective),
    /// A target that is not an enemy piece.
    #[error("the target on {0} is not an enemy piece")]
    BadTarget(Square),
    /// A move budget of 0.
    #[error("the move budget is 0")]
    ZeroBudget,
    /// Not a FEN placement field.
    #[error("bad FEN: {0}")]
    BadFen(String),
}

/// Why the player lost.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefeatReason {
    /// The player's king died.
    KingCaptured,
    /// The player has no piece left.
    ArmyEliminated,
    /// The player had no action at the start of a turn.
    NoAction,
    /// The move budget ran out.
    OutOfMoves,
}

impl fmt::Display for DefeatReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DefeatReason::KingCaptured => "your king was captured",
            DefeatReason::ArmyEliminated => "your army was eliminated",
            DefeatReason::NoAction => "you had no action",
            DefeatReason::OutOfMoves => "you ran out of moves",
        })
    }
}

/// Where a battle stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum BattleStatus {
    /// Still being played.
    Ongoing,
    /// The player won; `bonus` tells whether the bonus objective was completed.
    Victory {
        /// The bonus objective was completed.
        bonus: bool,
    },
    /// The player lost.
    Defeat {
        /// Why.
        reason: DefeatReason,
    },
}

impl BattleStatus {
    /// Whether the battle is over.
    #[must_use]
    pub fn is_over(self) -> bool {
        self != BattleStatus::Ongoing
    }
}

/// What an [`Event`] reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// A piece moved (ids: the piece; squares: from, to).
    Moved,
    /// A piece was captured (ids: victim, capturer; squares: the square).
    Captured,
    /// A piece died of poison (ids: the piece; squares: its square).
    Died,
    /// A piece teleported (ids: the piece; squares: from, to).
    Teleported,
    /// A square was frozen (squares: the square; damage: the ticks).
    Frozen,
    /// A pawn promoted (ids: the piece; squares: its square).
    Promoted,
    /// A Swift reposition is offered (ids: the piece).
    RepositionOffered,
    /// The Swift piece repositioned (ids: the piece; squares: from, to).
    Repositioned,
    /// The reposition was declined (ids: the piece).
    RepositionSkipped,
    /// A Bulwark wall is waiting for its square to empty (squares: the square).
    WallDormant,
    /// A wall rose (squares: the square).
    WallRaised,
    /// A poison cloud appeared (squares: its squares).
    CloudCreated,
    /// A poison cloud expired (squares: its squares).
    CloudExpired,
    /// Poison hurt a piece (ids: the piece; squares: its square; damage: 1).
    PoisonDamage,
    /// A Rallying reinforcement joined (ids: the new pawn, the fallen piece; squares: its square).
    Reinforcement,
    /// A Rallying death found no free home-row square (ids: the fallen piece).
    NoReinforcement,
    /// A side passed: it had no action (the enemy only).
    Passed,
    /// A new turn started (ids: none; the text names the side and the ply).
    TurnStarted,
    /// The player won.
    Victory,
    /// The player lost.
    Defeat,
}

/// One thing that happened, in order, for the UI and the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// A readable sentence.
    pub text: String,
    /// The pieces involved.
    pub ids: Vec<PieceId>,
    /// The squares involved.
    #[serde(with = "squares_serde")]
    pub squares: Vec<Square>,
    /// Damage dealt, HP (poison); ticks for a freeze; else 0.
    pub damage: u8,
}

/// Running counts of a battle.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattleStats {
    /// Owned (non-temporary) player pieces lost.
    pub owned_lost: u32,
    /// Owned player pawns lost.
    pub pawns_lost: u32,
    /// Temporary player pawns lost.
    pub temporary_pawns_lost: u32,
    /// Enemy pieces killed.
    pub enemy_killed: u32,
    /// Player skill casts.
    pub player_skills_used: u32,
}

/// A battle in progress. Clone it freely: a clone is an independent copy (the bot searches on copies).
#[derive(Clone, Debug)]
pub struct Battle {
    board: SkillBoard,
    shape: BoardShape,
    units: Vec<Unit>,
    at: [Option<PieceId>; 64],
    clouds: Vec<Cloud>,
    dormant_walls: Vec<Square>,
    objective: Objective,
    bonus: Option<BonusObjective>,
    budget: u32,
    moves_used: u32,
    to_move: Side,
    pending: Option<PieceId>,
    status: BattleStatus,
    ply: u32,
    tuning: [SkillTuning; 2],
    enemy_has_skills: bool,
    had_king: [bool; 2],
    killed_roles: u8,
    stats: BattleStats,
    quiet: bool,
    events: Vec<Event>,
}

/// A cooldown no decay reaches in a battle: the value of a skill a side does not have.
const NEVER: u32 = u32::MAX;

impl Battle {
    /// Starts a battle with the player to move.
    ///
    /// # Errors
    /// [`BattleError`] for bad dimensions, pieces off the board or on one square, an empty army, a
    /// zero budget, or an objective without a target.
    pub fn new(setup: &BattleSetup) -> Result<Battle, BattleError> {
        let shape = &setup.board;
        if !shape.dimensions_ok() {
            return Err(BattleError::BadDimensions(shape.width, shape.height));
        }
        if setup.move_budget == 0 {
            return Err(BattleError::ZeroBudget);
        }
        let mut position = shape.empty_position();
        let mut at = [None; 64];
        let mut units = Vec::with_capacity(setup.units.len() + 4);
        for (i, spec) in setup.units.iter().enumerate() {
            if !shape.is_playable(spec.square) {
                return Err(BattleError::OffBoard(spec.square));
            }
            if at[spec.square.index() as usize].is_some() {
                return Err(BattleError::Overlap(spec.square));
            }
            if spec.target && spec.side != Side::Enemy {
                return Err(BattleError::BadTarget(spec.square));
            }
            let id = i as PieceId;
            at[spec.square.index() as usize] = Some(id);
            position
                .put_piece(spec.square, Piece::new(spec.side.color(), spec.role))
                .map_err(|_| BattleError::OffBoard(spec.square))?;
            units.push(Unit {
                id,
                side: spec.side,
                role: spec.role,
                hp: START_HP,
                modifier: spec.modifier,
                square: spec.square,
                alive: true,
                temporary: false,
                target: spec.target,
                promoted: false,
                roster_id: spec.roster_id,
            });
        }
        for side in Side::ALL {
            if !units.iter().any(|u| u.side == side) {
                return Err(BattleError::EmptyArmy(side));
            }
        }
        let enemy_king = units.iter().any(|u| u.side == Side::Enemy && u.role == Role::King);
        match setup.objective {
            Objective::CaptureTargets if !units.iter().any(|u| u.target) => {
                return Err(BattleError::NoObjectiveTarget(setup.objective));
            }
            Objective::CaptureKing if !enemy_king => {
                return Err(BattleError::NoObjectiveTarget(setup.objective));
            }
            _ => {}
        }
        position.set_turn(Color::White);
        let tuning = [setup.player_skills, setup.enemy_skills.unwrap_or(setup.player_skills)];
        let config = SkillConfig {
            start_fen: String::new(),
            cooldown_ticks: CooldownTicks {
                teleport: setup.player_skills.teleport_cooldown,
                freeze: setup.player_skills.freeze_cooldown,
            },
            freeze_duration: setup.player_skills.freeze_duration,
            clock: ClockMode::Manual,
            rules: RulesChoice::Skirmish,
        };
        let mut board = SkillBoard::from_position(position, config);
        if setup.enemy_skills.is_none() {
            board.set_cooldown(Color::Black, Skill::Teleport, NEVER);
            board.set_cooldown(Color::Black, Skill::Freeze, NEVER);
        }
        board.forget_history();
        let had_king = [units.iter().any(|u| u.side == Side::Player && u.role == Role::King), enemy_king];
        Ok(Battle {
            board,
            shape: shape.clone(),
            units,
            at,
            clouds: Vec::new(),
            dormant_walls: Vec::new(),
            objective: setup.objective,
            bonus: setup.bonus,
            budget: setup.move_budget,
            moves_used: 0,
            to_move: Side::Player,
            pending: None,
            status: BattleStatus::Ongoing,
            ply: 0,
            tuning,
            enemy_has_skills: setup.enemy_skills.is_some(),
            had_king,
            killed_roles: 0,
            stats: BattleStats::default(),
            quiet: false,
            events: Vec::new(),
        })
    }

    // ----- accessors -----

    /// The rules position (pieces, walls and holes as blocked tiles, the side to move).
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
        &self.shape
    }

    /// Every piece that took part, dead ones included, indexed by id.
    #[must_use]
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The piece with this id.
    #[must_use]
    pub fn unit(&self, id: PieceId) -> Option<&Unit> {
        self.units.get(id as usize)
    }

    /// The living piece on a square.
    #[must_use]
    pub fn unit_at(&self, sq: Square) -> Option<&Unit> {
        self.at[sq.index() as usize].map(|id| &self.units[id as usize])
    }

    /// The living pieces of a side, in id order.
    pub fn living(&self, side: Side) -> impl Iterator<Item = &Unit> + '_ {
        self.units.iter().filter(move |u| u.alive && u.side == side)
    }

    /// The poison clouds.
    #[must_use]
    pub fn clouds(&self) -> &[Cloud] {
        &self.clouds
    }

    /// Whether a square is covered by a cloud that can still hurt `side`.
    #[must_use]
    pub fn is_poisoned_for(&self, sq: Square, side: Side) -> bool {
        self.clouds.iter().any(|c| c.counters[side.index()] > 0 && c.squares.contains(&sq))
    }

    /// Squares that became walls during the battle (raised), in square order.
    #[must_use]
    pub fn walls(&self) -> Vec<Square> {
        Square::all().filter(|&s| self.shape.is_playable(s) && self.position().is_blocked(s)).collect()
    }

    /// Dormant Bulwark walls (their capturer still stands on them).
    #[must_use]
    pub fn dormant_walls(&self) -> &[Square] {
        &self.dormant_walls
    }

    /// The objective.
    #[must_use]
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// The bonus objective.
    #[must_use]
    pub fn bonus(&self) -> Option<BonusObjective> {
        self.bonus
    }

    /// The player's move budget.
    #[must_use]
    pub fn move_budget(&self) -> u32 {
        self.budget
    }

    /// Player moves used so far (moves and teleports).
    #[must_use]
    pub fn moves_used(&self) -> u32 {
        self.moves_used
    }

    /// Player moves left.
    #[must_use]
    pub fn moves_left(&self) -> u32 {
        self.budget.saturating_sub(self.moves_used)
    }

    /// The side to act.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The piece whose Swift reposition is pending, if any.
    #[must_use]
    pub fn pending_reposition(&self) -> Option<PieceId> {
        self.pending
    }

    /// Where the battle stands.
    #[must_use]
    pub fn status(&self) -> BattleStatus {
        self.status
    }

    /// Plies played (turn switches, passes included).
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The battle's running counts.
    #[must_use]
    pub fn stats(&self) -> BattleStats {
        self.stats
    }

    /// Whether `side` has skills in this battle.
    #[must_use]
    pub fn has_skills(&self, side: Side) -> bool {
        side == Side::Player || self.enemy_has_skills
    }

    /// The remaining cooldown of `side`'s skill, ticks; `None` when the side has no skills.
    #[must_use]
    pub fn cooldown(&self, side: Side, skill: Skill) -> Option<u32> {
        self.has_skills(side).then(|| self.board.cooldown(side.color(), skill))
    }

    /// Whether the square is frozen.
    #[must_use]
    pub fn is_frozen(&self, sq: Square) -> bool {
        self.board.is_frozen(sq)
    }

    /// Whether the objective is complete.
    #[must_use]
    pub fn objective_complete(&self) -> bool {
        match self.objective {
            Objective::CaptureTargets => self.units.iter().filter(|u| u.target).all(|u| !u.alive),
            Objective::CaptureKing => {
                !self.units.iter().any(|u| u.alive && u.side == Side::Enemy && u.role == Role::King)
            }
            Objective::EliminateArmy => self.living(Side::Enemy).next().is_none(),
        }
    }

    /// Whether the bonus objective is complete as things stand (judged at victory).
    #[must_use]
    pub fn bonus_complete(&self) -> bool {
        match self.bonus {
            None => false,
            Some(BonusObjective::NoLosses) => self.stats.owned_lost == 0,
            Some(BonusObjective::FinishWithin { moves }) => self.moves_used <= moves,
            Some(BonusObjective::CaptureRole { role }) => self.killed_roles & (1 << role.index()) != 0,
            Some(BonusObjective::NoSkills) => self.stats.player_skills_used == 0,
        }
    }

    /// Turns event recording off (`true`) or on; the bot's search copies run quiet.
    pub fn set_quiet(&mut self, quiet: bool) {
        self.quiet = quiet;
        if quiet {
            self.events.clear();
        }
    }

    /// The board as text: rank labels, `#` blocked tiles and walls, upper case player, lower case
    /// enemy, `.` empty, `~` an empty poisoned square, `[x]` a frozen square.
    #[must_use]
    pub fn render_ascii(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            if !(0..8u8).any(|f| square_at(f, rank).is_some_and(|s| self.shape.is_playable(s))) {
                continue;
            }
            out.push(char::from(b'1' + rank));
            for file in 0..8u8 {
                let sq = square_at(file, rank).expect("in range");
                if file >= self.shape.width {
                    continue;
                }
                let glyph = if self.position().is_blocked(sq) {
                    '#'
                } else if let Some(p) = self.position().piece_at(sq) {
                    p.char()
                } else if self.clouds.iter().any(|c| c.squares.contains(&sq)) {
                    '~'
                } else {
                    '.'
                };
                out.push(' ');
                if self.is_frozen(sq) {
                    out.push('[');
                    out.push(glyph);
                    out.push(']');
                } else {
                    out.push(glyph);
                }
            }
            out.push('\n');
        }
        out.push(' ');
        for file in 0..self.shape.width {
            out.push(' ');
            out.push(char::from(b'a' + file));
        }
        out.push('\n');
        out
    }

    // ----- legal actions -----

    fn unit_mut(&mut self, id: PieceId) -> &mut Unit {
        &mut self.units[id as usize]
    }

    /// Non-capturing moves of piece `id` (for a reposition), with the position's turn set to its side.
    fn reposition_moves(&self, id: PieceId) -> Vec<Move> {
        let u = &self.units[id as usize];
        if !u.alive || self.board.is_frozen(u.square) {
            return Vec::new();
        }
        let mut pos = self.board.position().clone();
        pos.set_turn(u.side.color());
        pos.legal_moves().iter().filter(|m| m.from == u.square && m.capture.is_none()).copied().collect()
    }

    /// The actions when the side to move has no free choice: none once the battle is over, and only
    /// the reposition's destinations plus [`Action::Skip`] while one is pending. `None` otherwise.
    fn forced_actions(&self) -> Option<Vec<Action>> {
        if self.status.is_over() {
            return Some(Vec::new());
        }
        let id = self.pending?;
        let mut out: Vec<Action> =
            self.reposition_moves(id).into_iter().map(|m| Action::Reposition { id, to: m.to }).collect();
        out.push(Action::Skip);
        Some(out)
    }

    /// Every legal action of the side to move, the authority the UI and the bot use: when a reposition
    /// is pending, its non-capturing destinations and [`Action::Skip`]; otherwise the moves of unfrozen
    /// pieces, then teleports and freezes when the side has the skills and they are ready (in the
    /// skills crate's order). Empty when the battle is over.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        if let Some(forced) = self.forced_actions() {
            return forced;
        }
        let mut out = Vec::new();
        let skills = self.has_skills(self.to_move);
        for a in self.board.actions() {
            match a {
                gambit_skills::Action::Move(m) => out.push(Action::Move { id: self.id_at(m.from), to: m.to }),
                gambit_skills::Action::Teleport { from, to }
                    if skills && !self.teleport_promotes(from, to) && !self.teleport_hits_objective(to) =>
                {
                    out.push(Action::Teleport { id: self.id_at(from), to });
                }
                gambit_skills::Action::Freeze(square) if skills => out.push(Action::Freeze { square }),
                _ => {}
            }
        }
        out
    }

    /// A smaller action list for the bot: the same as [`Battle::legal_actions`] except that teleports
    /// are limited to captures and freezes to squares holding an opposing piece.
    #[must_use]
    pub fn bot_actions(&self) -> Vec<Action> {
        if let Some(forced) = self.forced_actions() {
            return forced;
        }
        let mut out = Vec::new();
        for m in self.board.legal_moves().iter() {
            out.push(Action::Move { id: self.id_at(m.from), to: m.to });
        }
        let side = self.to_move;
        if self.has_skills(side) {
            if self.board.cooldown(side.color(), Skill::Teleport) == 0 {
                let own: Vec<&Unit> = self.living(side).collect();
                for u in own {
                    for e in self.living(side.other()) {
                        if !self.teleport_promotes(u.square, e.square)
                            && !self.teleport_hits_objective(e.square)
                            && self.board.check_teleport(u.square, e.square).is_ok()
                        {
                            out.push(Action::Teleport { id: u.id, to: e.square });
                        }
                    }
                }
            }
            if self.board.cooldown(side.color(), Skill::Freeze) == 0 && !out.is_empty() {
                for e in self.living(side.other()) {
                    if !self.board.is_frozen(e.square) && self.board.check_freeze(e.square).is_ok() {
                        out.push(Action::Freeze { square: e.square });
                    }
                }
            }
        }
        out
    }

    fn id_at(&self, sq: Square) -> PieceId {
        self.at[sq.index() as usize].expect("the rules and the unit map agree")
    }

    /// Whether a teleport to `to` would capture a king or a marked target (not allowed).
    fn teleport_hits_objective(&self, to: Square) -> bool {
        self.unit_at(to).is_some_and(|u| u.role == Role::King || u.target)
    }

    fn teleport_promotes(&self, from: Square, to: Square) -> bool {
        self.board
            .piece_at(from)
            .is_some_and(|p| p.role == Role::Pawn && self.position().is_promotion_square(p.color, to))
    }

    /// Whether the side to move has a turn-ending action (a move or a teleport).
    fn has_turn_action(&self) -> bool {
        !self.board.legal_moves().is_empty() || !self.board.is_game_over()
    }

    // ----- validation -----

    fn own_unit(&self, id: PieceId) -> Result<&Unit, ActionError> {
        let u = self.units.get(id as usize).filter(|u| u.alive).ok_or(ActionError::NoSuchPiece(id))?;
        if u.side != self.to_move {
            return Err(ActionError::NotYourPiece(id));
        }
        Ok(u)
    }

    fn validate(&self, action: Action) -> Result<Option<Move>, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::BattleOver);
        }
        match action {
            Action::Reposition { id, to } => {
                if self.pending != Some(id) {
                    return Err(ActionError::NoRepositionOffered);
                }
                self.reposition_moves(id)
                    .into_iter()
                    .find(|m| m.to == to)
                    .map(Some)
                    .ok_or(ActionError::IllegalDestination { id, to })
            }
            Action::Skip => {
                if self.pending.is_none() {
                    return Err(ActionError::NoRepositionOffered);
                }
                Ok(None)
            }
            _ if self.pending.is_some() => {
                Err(ActionError::RepositionPending(self.pending.unwrap_or_default()))
            }
            Action::Move { id, to } => {
                let u = self.own_unit(id)?;
                if self.board.is_frozen(u.square) {
                    return Err(ActionError::Frozen(id));
                }
                self.board
                    .legal_moves()
                    .iter()
                    .find(|m| m.from == u.square && m.to == to)
                    .copied()
                    .map(Some)
                    .ok_or(ActionError::IllegalDestination { id, to })
            }
            Action::Teleport { id, to } => {
                let u = self.own_unit(id)?;
                if !self.has_skills(self.to_move) {
                    return Err(ActionError::NoSkills(self.to_move));
                }
                if self.board.is_frozen(u.square) {
                    return Err(ActionError::Frozen(id));
                }
                if self.teleport_promotes(u.square, to) {
                    return Err(ActionError::TeleportPromotion(to));
                }
                if self.teleport_hits_objective(to) {
                    return Err(ActionError::TeleportCapturesObjective(to));
                }
                self.board.check_teleport(u.square, to).map_err(ActionError::Skill)?;
                Ok(None)
            }
            Action::Freeze { square } => {
                if !self.has_skills(self.to_move) {
                    return Err(ActionError::NoSkills(self.to_move));
                }
                self.board.check_freeze(square).map_err(ActionError::Skill)?;
                Ok(None)
            }
        }
    }

    /// Whether `apply` would accept the action (no change either way).
    ///
    /// # Errors
    /// The [`ActionError`] that [`Battle::apply`] would return.
    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        self.validate(action).map(|_| ())
    }

    // ----- resolution -----

    fn emit(
        &mut self,
        kind: EventKind,
        ids: &[PieceId],
        squares: &[Square],
        damage: u8,
        text: impl FnOnce(&Battle) -> String,
    ) {
        if self.quiet {
            return;
        }
        let text = text(self);
        self.events.push(Event { kind, text, ids: ids.to_vec(), squares: squares.to_vec(), damage });
    }

    /// Applies an action of the side to move, resolving it in the documented order (see the crate
    /// docs and `docs/battle.md`), and returns its events in order.
    ///
    /// # Errors
    /// [`ActionError`] when the action is not legal now; nothing changes then.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, ActionError> {
        let mv = self.validate(action)?;
        self.events.clear();
        let side = self.to_move;
        match action {
            Action::Move { id, to } => {
                let m = mv.expect("validated moves carry the rules move");
                self.resolve_move(side, id, m, to);
            }
            Action::Teleport { id, to } => self.resolve_teleport(side, id, to),
            Action::Freeze { square } => self.resolve_freeze(side, square),
            Action::Reposition { id, .. } => {
                let m = mv.expect("validated repositions carry the rules move");
                self.resolve_reposition(side, id, m);
            }
            Action::Skip => {
                let id = self.pending.take().expect("validated");
                self.emit(EventKind::RepositionSkipped, &[id], &[], 0, |b| {
                    format!("{} stays put", b.units[id as usize].name())
                });
                self.finish_action(side);
            }
        }
        Ok(std::mem::take(&mut self.events))
    }

    /// Step 1 (the count) and step 2 for a move; then steps 3-7.
    fn resolve_move(&mut self, side: Side, id: PieceId, m: Move, to: Square) {
        // Step 1: an ordinary player move counts against the budget.
        if side == Side::Player {
            self.moves_used += 1;
        }
        let from = m.from;
        let victim = self.at[to.index() as usize];
        // Step 2: remove the captured piece, move the attacker (the rules move does both), activate a
        // vacated wall, then resolve the captured piece's death effect.
        self.board.play(m).expect("validated move");
        self.relocate_unit(id, from, to);
        self.emit(EventKind::Moved, &[id], &[from, to], 0, |b| {
            format!("{} moves {from}-{to}", b.units[id as usize].name())
        });
        self.activate_walls();
        if let Some(v) = victim {
            self.kill(v, Some(id));
        }
        // Step 3: objective before promotion; otherwise promote.
        if self.decided_by(side) {
            if m.promotion.is_some() {
                // The win came first: the pawn stays a pawn.
                self.board
                    .edit_position(|p| p.put_piece(to, Piece::new(side.color(), Role::Pawn)).map(|_| ()))
                    .expect("the square is playable");
            }
            self.board.edit_position(|p| p.set_turn(side.color()));
            return;
        }
        if let Some(role) = m.promotion {
            self.promote(id, role);
        }
        // Step 4: victory and army elimination, then a Swift offer.
        if self.decided_by(side) {
            return;
        }
        let swift = victim.is_some() && self.units[id as usize].modifier == Some(Modifier::Swift);
        // Step 5: the budget, after the victory checks.
        if self.budget_exhausted(side) {
            return;
        }
        if swift && !self.reposition_moves(id).is_empty() {
            self.pending = Some(id);
            self.board.edit_position(|p| p.set_turn(side.color()));
            self.emit(EventKind::RepositionOffered, &[id], &[to], 0, |b| {
                format!("{} may reposition (free, no capture) or skip", b.units[id as usize].name())
            });
            return;
        }
        self.end_turn(side);
    }

    fn resolve_teleport(&mut self, side: Side, id: PieceId, to: Square) {
        if side == Side::Player {
            self.moves_used += 1;
            self.stats.player_skills_used += 1;
        }
        let from = self.units[id as usize].square;
        let victim = self.at[to.index() as usize];
        self.board.teleport(from, to).expect("validated teleport");
        let cooldown = self.tuning[side.index()].teleport_cooldown;
        self.board.set_cooldown(side.color(), Skill::Teleport, cooldown);
        self.relocate_unit(id, from, to);
        self.emit(EventKind::Teleported, &[id], &[from, to], 0, |b| {
            format!("{} teleports {from}-{to}", b.units[id as usize].name())
        });
        self.activate_walls();
        if let Some(v) = victim {
            self.kill(v, Some(id));
        }
        // Steps 3-4 (a teleport never promotes and never triggers Swift), then 5.
        if self.decided_by(side) || self.budget_exhausted(side) {
            return;
        }
        self.end_turn(side);
    }

    fn resolve_freeze(&mut self, side: Side, square: Square) {
        if side == Side::Player {
            self.stats.player_skills_used += 1;
        }
        self.board.freeze(square).expect("validated freeze");
        let t = self.tuning[side.index()];
        self.board.set_cooldown(side.color(), Skill::Freeze, t.freeze_cooldown);
        self.board.set_frozen_ticks(square, t.freeze_duration);
        self.board.forget_history();
        let ticks = u8::try_from(t.freeze_duration).unwrap_or(u8::MAX);
        self.emit(EventKind::Frozen, &[], &[square], ticks, |_| {
            format!("the {side} freezes {square} for {} ticks", t.freeze_duration)
        });
    }

    fn resolve_reposition(&mut self, side: Side, id: PieceId, m: Move) {
        self.pending = None;
        let (from, to) = (m.from, m.to);
        self.board.edit_position(|p| p.relocate_piece(from, to).map(|_| ())).expect("validated reposition");
        self.relocate_unit(id, from, to);
        self.emit(EventKind::Repositioned, &[id], &[from, to], 0, |b| {
            format!("{} repositions {from}-{to}", b.units[id as usize].name())
        });
        self.activate_walls();
        if self.units[id as usize].role == Role::Pawn && self.position().is_promotion_square(side.color(), to)
        {
            let has_queen = self.living(side).any(|u| u.role == Role::Queen);
            let role = if has_queen { Role::Rook } else { Role::Queen };
            self.board
                .edit_position(|p| p.put_piece(to, Piece::new(side.color(), role)).map(|_| ()))
                .expect("playable");
            self.promote(id, role);
        }
        if self.decided_by(side) {
            return;
        }
        self.finish_action(side);
    }

    /// After a skip: steps 5-7.
    fn finish_action(&mut self, side: Side) {
        if self.budget_exhausted(side) {
            return;
        }
        self.end_turn(side);
    }

    fn relocate_unit(&mut self, id: PieceId, from: Square, to: Square) {
        self.at[from.index() as usize] = None;
        self.at[to.index() as usize] = Some(id);
        self.unit_mut(id).square = to;
    }

    fn promote(&mut self, id: PieceId, role: Role) {
        let u = self.unit_mut(id);
        u.role = role;
        u.promoted = true;
        let sq = u.square;
        let side = self.units[id as usize].side;
        self.emit(EventKind::Promoted, &[id], &[sq], 0, |_| {
            format!("{} pawn #{id} promotes to a {} on {sq}", side.possessive(), role_name(role))
        });
    }

    /// Raises every dormant wall whose square is now empty.
    fn activate_walls(&mut self) {
        let mut i = 0;
        while i < self.dormant_walls.len() {
            let sq = self.dormant_walls[i];
            if self.at[sq.index() as usize].is_none() {
                self.dormant_walls.remove(i);
                self.raise_wall(sq);
            } else {
                i += 1;
            }
        }
    }

    fn raise_wall(&mut self, sq: Square) {
        self.board.edit_position(|p| p.set_blocked(sq, true)).expect("an empty square can be blocked");
        self.emit(EventKind::WallRaised, &[], &[sq], 0, |_| format!("a wall rises on {sq}"));
    }

    /// Kills a piece: removes it (unless a capturer already replaced it on the board) and resolves its
    /// death effect.
    fn kill(&mut self, id: PieceId, capturer: Option<PieceId>) {
        let (side, role, sq, modifier, temporary) = {
            let u = &mut self.units[id as usize];
            u.alive = false;
            u.hp = 0;
            (u.side, u.role, u.square, u.modifier, u.temporary)
        };
        if self.at[sq.index() as usize] == Some(id) {
            self.at[sq.index() as usize] = None;
            self.board.edit_position(|p| p.remove_piece(sq));
        }
        match side {
            Side::Player => {
                if temporary {
                    if role == Role::Pawn {
                        self.stats.temporary_pawns_lost += 1;
                    }
                } else {
                    self.stats.owned_lost += 1;
                    if role == Role::Pawn && !self.units[id as usize].promoted {
                        self.stats.pawns_lost += 1;
                    }
                }
            }
            Side::Enemy => {
                self.stats.enemy_killed += 1;
                self.killed_roles |= 1 << role.index();
            }
        }
        match capturer {
            Some(c) => self.emit(EventKind::Captured, &[id, c], &[sq], 0, |b| {
                format!("{} captures {} on {sq}", b.units[c as usize].name(), b.units[id as usize].name())
            }),
            None => self.emit(EventKind::Died, &[id], &[sq], 0, |b| {
                format!("{} succumbs to poison on {sq}", b.units[id as usize].name())
            }),
        }
        match modifier {
            Some(Modifier::Poisonous) => {
                let mut squares = vec![sq];
                for (df, dr) in [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)] {
                    if let Some(n) = sq.offset(df, dr)
                        && self.shape.is_playable(n)
                        && !self.position().is_blocked(n)
                    {
                        squares.push(n);
                    }
                }
                self.emit(EventKind::CloudCreated, &[id], &squares, 0, |_| {
                    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
                    format!("a poison cloud spreads over {}", names.join(" "))
                });
                self.clouds.push(Cloud { squares, counters: [CLOUD_EXPOSURES; 2] });
            }
            Some(Modifier::Bulwark) => {
                if self.at[sq.index() as usize].is_some() {
                    self.dormant_walls.push(sq);
                    self.emit(EventKind::WallDormant, &[id], &[sq], 0, |_| {
                        format!("a wall waits under the capturer on {sq}")
                    });
                } else {
                    self.raise_wall(sq);
                }
            }
            Some(Modifier::Rallying) => self.reinforce(side, id),
            Some(Modifier::Swift) | None => {}
        }
    }

    /// The home row of a side: the lowest (player) or highest (enemy) rank with a playable square.
    #[must_use]
    pub fn home_rank(&self, side: Side) -> u8 {
        let mut ranks = (0..8u8)
            .filter(|&r| (0..8u8).any(|f| square_at(f, r).is_some_and(|s| self.shape.is_playable(s))));
        match side {
            Side::Player => ranks.next().unwrap_or(0),
            Side::Enemy => ranks.next_back().unwrap_or(7),
        }
    }

    fn reinforce(&mut self, side: Side, fallen: PieceId) {
        let rank = self.home_rank(side);
        let spot = (0..8u8).filter_map(|f| square_at(f, rank)).find(|&s| {
            self.shape.is_playable(s)
                && !self.position().is_blocked(s)
                && self.at[s.index() as usize].is_none()
        });
        let Some(sq) = spot else {
            self.emit(EventKind::NoReinforcement, &[fallen], &[], 0, |b| {
                format!("{} found no free home square to rally", b.units[fallen as usize].name())
            });
            return;
        };
        let id = self.units.len() as PieceId;
        self.units.push(Unit {
            id,
            side,
            role: Role::Pawn,
            hp: START_HP,
            modifier: None,
            square: sq,
            alive: true,
            temporary: true,
            target: false,
            promoted: false,
            roster_id: None,
        });
        self.at[sq.index() as usize] = Some(id);
        self.board
            .edit_position(|p| p.put_piece(sq, Piece::new(side.color(), Role::Pawn)).map(|_| ()))
            .expect("an empty playable square");
        self.emit(EventKind::Reinforcement, &[id, fallen], &[sq], 0, |b| {
            format!("{} rallies: a temporary pawn #{id} joins on {sq}", b.units[fallen as usize].name())
        });
    }

    /// Steps 3/4 and 7: ends the battle when the objective is met or the player's army or king is
    /// lost. `actor` decides the order: after the player's own action only victory can be new, after
    /// the enemy's only defeat, but both are checked (victory first).
    fn decided_by(&mut self, _actor: Side) -> bool {
        if self.status.is_over() {
            return true;
        }
        if self.objective_complete() || self.living(Side::Enemy).next().is_none() {
            let bonus = self.bonus_complete();
            self.status = BattleStatus::Victory { bonus };
            self.pending = None;
            self.emit(EventKind::Victory, &[], &[], 0, |b| {
                let extra = if bonus { " (bonus objective complete)" } else { "" };
                format!("victory: {}{extra}", b.objective)
            });
            return true;
        }
        let king_lost = self.had_king[0] && !self.living(Side::Player).any(|u| u.role == Role::King);
        let reason = if self.living(Side::Player).next().is_none() {
            Some(DefeatReason::ArmyEliminated)
        } else if king_lost {
            Some(DefeatReason::KingCaptured)
        } else {
            None
        };
        if let Some(reason) = reason {
            self.defeat(reason);
            return true;
        }
        false
    }

    fn defeat(&mut self, reason: DefeatReason) {
        self.status = BattleStatus::Defeat { reason };
        self.pending = None;
        self.emit(EventKind::Defeat, &[], &[], 0, |_| format!("defeat: {reason}"));
    }

    /// Step 5: after a player action that did not win, a spent budget is a defeat.
    fn budget_exhausted(&mut self, side: Side) -> bool {
        if side == Side::Player && self.moves_used >= self.budget {
            self.defeat(DefeatReason::OutOfMoves);
            return true;
        }
        false
    }

    /// Steps 6 and 7: switch sides, tick the skill clock, poison the incoming side, check again; an
    /// enemy without action passes (another switch), a player without action loses.
    fn end_turn(&mut self, side: Side) {
        let mut outgoing = side;
        loop {
            let incoming = outgoing.other();
            self.to_move = incoming;
            self.ply += 1;
            self.board.edit_position(|p| p.set_turn(incoming.color()));
            // The skill clock: once per ply, passes included, before poison.
            self.board.tick_cooldowns(1);
            self.board.forget_history();
            self.emit(EventKind::TurnStarted, &[], &[], 0, |b| {
                format!("ply {}: the {incoming} to act", b.ply)
            });
            self.poison_boundary(incoming);
            // Step 7.
            if self.decided_by(incoming) {
                return;
            }
            if self.has_turn_action() {
                return;
            }
            if incoming == Side::Player {
                self.defeat(DefeatReason::NoAction);
                return;
            }
            self.emit(EventKind::Passed, &[], &[], 0, |_| "the enemy has no action and passes".to_string());
            outgoing = incoming;
        }
    }

    /// Step 6's poison: snapshot the incoming side's pieces in a cloud that can still hurt it,
    /// decrement that side's counter on every existing cloud, deal one damage per snapshotted piece
    /// (overlaps never stack), remove casualties and resolve their death effects in id order (a cloud
    /// created now is not counted at this boundary), drop clouds whose counters are both 0.
    fn poison_boundary(&mut self, incoming: Side) {
        let k = incoming.index();
        let existing = self.clouds.len();
        let exposed: Vec<PieceId> = self
            .living(incoming)
            .filter(|u| self.clouds.iter().any(|c| c.counters[k] > 0 && c.squares.contains(&u.square)))
            .map(|u| u.id)
            .collect();
        for c in &mut self.clouds[..existing] {
            c.counters[k] = c.counters[k].saturating_sub(1);
        }
        let mut casualties = Vec::new();
        for id in exposed {
            let u = self.unit_mut(id);
            u.hp = u.hp.saturating_sub(1);
            let (sq, hp) = (u.square, u.hp);
            self.emit(EventKind::PoisonDamage, &[id], &[sq], 1, |b| {
                format!("poison hurts {} on {sq} ({hp} HP left)", b.units[id as usize].name())
            });
            if hp == 0 {
                casualties.push(id);
            }
        }
        for id in casualties {
            self.kill(id, None);
        }
        self.activate_walls();
        let mut i = 0;
        while i < self.clouds.len() {
            if self.clouds[i].counters == [0, 0] {
                let c = self.clouds.remove(i);
                self.emit(EventKind::CloudExpired, &[], &c.squares, 0, |_| {
                    "a poison cloud disperses".to_string()
                });
            } else {
                i += 1;
            }
        }
    }

    /// A 64-bit key of the whole battle state (equal states, equal keys), for the search.
    #[must_use]
    pub fn state_key(&self) -> u64 {
        let mut k = self.board.state_key();
        let mut mix = |v: u64| k = splitmix(k ^ v);
        for u in &self.units {
            if u.alive {
                mix(u64::from(u.id) << 8 | u64::from(u.hp) | u64::from(u.square.index()) << 24);
            }
        }
        for c in &self.clouds {
            mix(u64::from(c.squares[0].index()) << 16
                | u64::from(c.counters[0]) << 8
                | u64::from(c.counters[1]));
        }
        mix(u64::from(self.moves_used) << 32 | self.pending.map_or(0xffff, u64::from));
        k
    }
}

pub(crate) fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
