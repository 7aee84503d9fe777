//! What a battle starts from: the board shape, the pieces, the objective and bonus, the skills, and
//! why a setup is refused.

use std::fmt;

use gambit_rules::{FenError, Position, PromotionPolicy, Role, RuleSet, Square};
use gambit_skills::SkillRules;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::items::{Category, Effect, PACK_SIZE};
use crate::types::{Modifier, PieceName, Team};

/// How pawns promote in battles: to a queen when the team has no living queen, else to a rook (the
/// rules crate applies it to moves; a promotion by reposition asks it too).
pub const PROMOTION: PromotionPolicy = PromotionPolicy::QueenIfNoneElse(Role::Rook);

/// The rule set every battle is played under: skirmish rules (no check, capturable kings, no castling,
/// en passant or double step) with [`PROMOTION`].
pub const BATTLE_RULES: RuleSet = RuleSet::Skirmish(PROMOTION);

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
    #[serde(default)]
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
    /// Which team it fights for.
    pub team: Team,
    /// Its role.
    pub role: Role,
    /// Its square.
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
    /// The name it is shown by (an owned piece's, from the run); `None`: the battle numbers it after
    /// the named pieces of its side and role.
    #[serde(default)]
    pub name: Option<PieceName>,
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

impl Objective {
    /// Whether an enemy piece of this role, marked as a target or not, is one of this objective's
    /// pieces (the ones the player must capture, ringed on the board): the marked targets of
    /// [`Objective::CaptureTargets`], the kings of [`Objective::CaptureKing`], none for
    /// [`Objective::EliminateArmy`] (every enemy piece counts alike). Player pieces never are.
    ///
    /// ```
    /// use gambit_roguelite::battle::Objective;
    /// use gambit_rules::Role;
    /// assert!(Objective::CaptureKing.marks(Role::King, false));
    /// assert!(!Objective::CaptureTargets.marks(Role::King, false));
    /// assert!(Objective::CaptureTargets.marks(Role::Knight, true));
    /// ```
    #[must_use]
    pub fn marks(self, role: Role, target: bool) -> bool {
        match self {
            Objective::CaptureTargets => target,
            Objective::CaptureKing => role == Role::King,
            Objective::EliminateArmy => false,
        }
    }

    /// A short form for small labels (`"capture the targets"`, `"capture the king"`, `"eliminate the
    /// army"`); [`Display`](fmt::Display) gives the full sentence.
    #[must_use]
    pub fn short(self) -> &'static str {
        match self {
            Objective::CaptureTargets => "capture the targets",
            Objective::CaptureKing => "capture the king",
            Objective::EliminateArmy => "eliminate the army",
        }
    }
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
            BonusObjective::CaptureRole { role } => write!(f, "capture an enemy {}", role.name()),
            BonusObjective::NoSkills => f.write_str("win without skills"),
        }
    }
}

/// One team's skill tuning, in ticks of the skill clock (one tick per ply).
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
    /// Royal kings: a team that has a king and loses every king loses the battle (the player's
    /// defeat [`DefeatReason::KingCaptured`](super::DefeatReason::KingCaptured), the enemy's a
    /// victory). Without it (the default, as in Schach/2) a king is a piece like the others.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub royal_kings: bool,
    /// The effects of the player's badges ([`crate::items`]; compiled into
    /// [`TeamRules`](crate::items::TeamRules)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub player_badges: Vec<Effect>,
    /// The effects of the enemy's badges (an encounter may grant some).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemy_badges: Vec<Effect>,
    /// The player's consumables, in pack order (at most [`PACK_SIZE`]); [`BattleAction::Use`]
    /// names them by index.
    ///
    /// [`BattleAction::Use`]: super::BattleAction::Use
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub consumables: Vec<Effect>,
    /// The skill rules the battle's board plays under ([`BATTLE_SKILL_RULES`] for a new setup; a
    /// run passes its [`RunConfig::battle_rules`](crate::RunConfig::battle_rules), so a saved run
    /// replays under the rules it was played with). Absent: the prototype's
    /// [`SkillRules::CLASSIC`].
    #[serde(default = "classic_rules")]
    pub skill_rules: SkillRules,
    /// Enemy reinforcements (a boss rule, `crate::route::BossRule::Warband`): at the start of
    /// every `n`-th enemy turn (enemy turns counted from 1, passes included) a temporary enemy pawn
    /// arrives on the first free square of the enemy's home rank (none when the rank is full). 0: none
    /// (the default).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub enemy_reinforcements: u32,
    /// Whether skills may touch a king or a marked target (of either team): teleport one, freeze
    /// one, or put one of the other team's under attack by a teleport. `false` for a new setup:
    /// objective pieces fall to ordinary moves the other side sees coming (docs/battle.md, Skills;
    /// [`ActionError::TeleportOfObjective`](super::ActionError::TeleportOfObjective),
    /// [`ActionError::TeleportAttacksObjective`](super::ActionError::TeleportAttacksObjective),
    /// [`ActionError::FreezeOnObjective`](super::ActionError::FreezeOnObjective)). Absent (files
    /// written before the rule): `true`, so they replay under the rules they were played with.
    #[serde(default = "skills_reached_objectives_before")]
    pub skills_reach_objectives: bool,
}

/// The skill rule of setups written before [`BattleSetup::skills_reach_objectives`] (serde's
/// default): teleports could give check and Freezes hold kings and marked targets.
pub(crate) const fn skills_reached_objectives_before() -> bool {
    true
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The skill rules of new battles (docs/battle.md, Skills): the prototype's rules
/// ([`SkillRules::CLASSIC`]) except that a pawn is never relocated
/// ([`SkillRules::no_pawn_relocation`]: its teleport can only be one of its moves), chosen by
/// `gambit-cli simulate` among the skill levers (docs/balance.md): relocated pawns made 90% of the
/// auto-player's promotions under the prototype's rules.
pub const BATTLE_SKILL_RULES: SkillRules = SkillRules { no_pawn_relocation: true, ..SkillRules::CLASSIC };

/// The rules of battles recorded before [`BATTLE_SKILL_RULES`] (serde's default for absent fields).
pub(crate) fn classic_rules() -> SkillRules {
    SkillRules::CLASSIC
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
            royal_kings: false,
            player_badges: Vec::new(),
            enemy_badges: Vec::new(),
            consumables: Vec::new(),
            skill_rules: BATTLE_SKILL_RULES,
            enemy_reinforcements: 0,
            skills_reach_objectives: false,
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
        let pos = Position::from_fen_unchecked(&fen, BATTLE_RULES).map_err(BattleError::BadFen)?;
        let holes = Square::all().filter(|&s| pos.is_blocked(s)).collect();
        let mut setup = BattleSetup::new(
            BoardShape { width: 8, height: 8, cut_corners: false, holes },
            objective,
            move_budget,
        );
        for sq in Square::all() {
            if let Some(p) = pos.piece_at(sq) {
                setup.units.push(UnitSpec {
                    team: Team::of(p.color),
                    role: p.role,
                    square: sq,
                    modifier: None,
                    target: false,
                    roster_id: None,
                    name: None,
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

    /// Declares the kings royal (see [`BattleSetup::royal_kings`]).
    #[must_use]
    pub fn with_royal_kings(mut self) -> BattleSetup {
        self.royal_kings = true;
        self
    }

    /// Adds a badge's effect to a team.
    #[must_use]
    pub fn with_badge(mut self, team: Team, effect: Effect) -> BattleSetup {
        match team {
            Team::Player => self.player_badges.push(effect),
            Team::Enemy => self.enemy_badges.push(effect),
        }
        self
    }

    /// Adds a consumable to the player's pack.
    #[must_use]
    pub fn with_consumable(mut self, effect: Effect) -> BattleSetup {
        self.consumables.push(effect);
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
    /// A team without pieces.
    #[error("the {0} has no piece")]
    EmptyArmy(Team),
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
    BadFen(FenError),
    /// An effect given as a badge or a consumable that is not of that category.
    #[error("the effect {kind} is not a {expected}")]
    WrongCategory {
        /// The effect's kind.
        kind: &'static str,
        /// The category it was given as.
        expected: Category,
    },
    /// More consumables than the pack holds.
    #[error("{0} consumables, the pack holds {PACK_SIZE}")]
    PackOverflow(usize),
}
