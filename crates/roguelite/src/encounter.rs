//! Encounter templates (data), seeded variations, validation and the fallback formation.

use gambit_rules::{Color, File, Rank, Role, Square};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::battle::{
    Battle, BattleSetup, BattleStatus, BoardShape, BonusObjective, Objective, SkillTuning, UnitSpec,
};
use crate::types::OwnedPiece;
use crate::types::{Modifier, Team};

/// An enemy piece of a formation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyPiece {
    /// Its role.
    pub role: Role,
    /// Its square.
    pub square: Square,
    /// Its modifier.
    #[serde(default)]
    pub modifier: Option<Modifier>,
    /// A marked target.
    #[serde(default)]
    pub target: bool,
}

/// How a template varies with the seed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Variation {
    /// Mirror the board left to right with probability one half.
    pub mirror: bool,
    /// Up to this many extra holes in the middle ranks (may collide with pieces: validation then
    /// fails and the fallback is used).
    pub extra_holes: u8,
    /// Up to this many enemy pieces without a modifier get a random one.
    pub random_modifiers: u8,
    /// The budget moves by up to this many moves either way.
    pub budget_jitter: u8,
}

/// An encounter template (data, `data/encounters.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EncounterTemplate {
    /// Its name (the CLI's `--template`).
    pub name: String,
    /// The stage it appears at (1 to 3).
    pub stage: u32,
    /// The board.
    pub board: BoardShape,
    /// The enemy formation (empty when `formation` builds it).
    #[serde(default)]
    pub enemy: Vec<EnemyPiece>,
    /// The objective.
    pub objective: Objective,
    /// The bonus objective.
    #[serde(default)]
    pub bonus: Option<BonusObjective>,
    /// The player's move budget.
    pub move_budget: u32,
    /// The enemy's skills, if granted.
    #[serde(default)]
    pub enemy_skills: Option<SkillTuning>,
    /// Royal kings ([`BattleSetup::royal_kings`]): losing every king loses the battle, for both
    /// teams. Default `false`.
    #[serde(default)]
    pub royal_kings: bool,
    /// Seeded variation.
    #[serde(default)]
    pub variation: Variation,
    /// A generated formation: when given, every variation lays out its own board (one of the
    /// formation's shapes at the template's `board` width and height) and buys its own enemy
    /// ([`Formation::lay_out`]); `board.holes`, `board.cut_corners` and `enemy` are then ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<Formation>,
}

/// A board layout the formation generator draws ([`ShapeKind::board`]). Every shape keeps the
/// player's two deployment rows whole.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShapeKind {
    /// The plain rectangle.
    Plain,
    /// The rectangle without its four corner squares.
    CutCorners,
    /// A ring: a block of walls in the middle (the width and the height less four squares each,
    /// from the third rank up), leaving a track two squares wide around it.
    Ring,
    /// An L: the right-hand three eighths of the files (rounded down) walled from the fourth rank
    /// up, so the enemy stands in the upper left and the path bends.
    LShape,
    /// A river: the middle rank (`height / 2`, 0-based) walled except two bridges, one in each
    /// half of the files, drawn from the seed.
    River,
}

impl ShapeKind {
    /// Every shape.
    pub const ALL: [ShapeKind; 5] =
        [ShapeKind::Plain, ShapeKind::CutCorners, ShapeKind::Ring, ShapeKind::LShape, ShapeKind::River];

    /// The shape's name as data writes it (`plain`, `cut_corners`, `ring`, `l_shape`, `river`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ShapeKind::Plain => "plain",
            ShapeKind::CutCorners => "cut_corners",
            ShapeKind::Ring => "ring",
            ShapeKind::LShape => "l_shape",
            ShapeKind::River => "river",
        }
    }

    /// The board of this shape, `width` x `height` squares (6 to 8 each; other sizes give a board
    /// that validation refuses); the river's bridges come from `rng`, the other shapes draw nothing.
    #[must_use]
    pub fn board(self, width: u8, height: u8, rng: &mut ChaCha8Rng) -> BoardShape {
        let mut board = BoardShape { width, height, cut_corners: false, holes: Vec::new() };
        let at = |f: u8, r: u8| Square::new(r * 8 + f);
        match self {
            ShapeKind::Plain => {}
            ShapeKind::CutCorners => board.cut_corners = true,
            ShapeKind::Ring => {
                for r in 2..height.saturating_sub(2) {
                    for f in 2..width.saturating_sub(2) {
                        board.holes.extend(at(f, r));
                    }
                }
            }
            ShapeKind::LShape => {
                let walled = width * 3 / 8;
                for r in 3..height.min(8) {
                    for f in width.saturating_sub(walled)..width.min(8) {
                        board.holes.extend(at(f, r));
                    }
                }
            }
            ShapeKind::River => {
                let half = width / 2;
                let left = rng.gen_range(0..half.max(1));
                let right = rng.gen_range(half..width.max(half + 1));
                let r = height / 2;
                for f in (0..width.min(8)).filter(|&f| f != left && f != right) {
                    board.holes.extend(at(f, r));
                }
            }
        }
        board
    }
}

/// What a formation's points buy, in points: pawn 1, knight 3, bishop 3, rook 5, queen 9 (kings are
/// free: every formation has one).
#[must_use]
pub fn formation_cost(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Points a modifier costs in a formation.
pub const MODIFIER_POINTS: u32 = 2;

/// Most pieces of one role a formation buys (pawns excepted: as many as there is room for).
pub const FORMATION_ROLE_CAP: usize = 2;

fn default_roles() -> Vec<Role> {
    vec![Role::Pawn, Role::Knight, Role::Bishop, Role::Rook]
}

fn default_shapes() -> Vec<ShapeKind> {
    vec![ShapeKind::Plain]
}

/// A formation bought from a point budget (data: an encounter template's `formation`).
///
/// The generator ([`Formation::lay_out`]) draws a shape, places the king on the top rank near the
/// centre and a pawn in front of it (when pawns are bought), then buys pieces of `roles` at [`formation_cost`] until the points run out (at most
/// [`FORMATION_ROLE_CAP`] of a role other than pawns, at most one queen), pawns in the second rank
/// from the top and the others on the top rank (overflowing into the next rank down); then up to
/// `modified` pieces other than the king get a modifier of `modifiers` for [`MODIFIER_POINTS`]
/// each, from the points left; then the `targets` most valuable pieces bought are marked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    /// Points to spend (pieces and modifiers).
    pub points: u32,
    /// Shapes to draw from (uniformly). Default: plain.
    #[serde(default = "default_shapes")]
    pub shapes: Vec<ShapeKind>,
    /// Roles the points may buy. Default: pawn, knight, bishop, rook.
    #[serde(default = "default_roles")]
    pub roles: Vec<Role>,
    /// Modifiers the points may buy. Default: none.
    #[serde(default)]
    pub modifiers: Vec<Modifier>,
    /// The most pieces that get a modifier.
    #[serde(default)]
    pub modified: u8,
    /// Marked targets (for `capture_targets`): this many of the most valuable pieces bought.
    #[serde(default)]
    pub targets: u8,
}

impl Formation {
    /// Lays out a board of `width` x `height` and an enemy formation from `rng`.
    #[must_use]
    pub fn lay_out(&self, width: u8, height: u8, rng: &mut ChaCha8Rng) -> (BoardShape, Vec<EnemyPiece>) {
        let shapes = if self.shapes.is_empty() { default_shapes() } else { self.shapes.clone() };
        let board = shapes[rng.gen_range(0..shapes.len())].board(width, height, rng);
        let top = height.saturating_sub(1);
        let row = |rank: u8| -> Vec<Square> {
            board.playable().into_iter().filter(|s| s.rank().index() == rank && rank >= 2).collect()
        };
        let mut back = row(top);
        let mut front = row(top.saturating_sub(1));
        let mut third = row(top.saturating_sub(2));
        let mut enemy = Vec::new();
        // The king: the top-rank square nearest the centre (ties broken by the seed).
        let centre = f32::from(width.saturating_sub(1)) / 2.0;
        let dist = |s: &Square| (f32::from(s.file().index()) - centre).abs();
        if !back.is_empty() {
            let best = back.iter().map(dist).fold(f32::MAX, f32::min);
            let near: Vec<usize> = (0..back.len()).filter(|&i| dist(&back[i]) <= best + 1.0).collect();
            let square = back.remove(near[rng.gen_range(0..near.len())]);
            enemy.push(EnemyPiece { role: Role::King, square, modifier: None, target: false });
        }
        let mut points = self.points;
        let mut bought: Vec<Role> = Vec::new();
        // A pawn shields the king's file first, when pawns are bought.
        if let Some(king) = enemy.first().map(|k| k.square)
            && self.roles.contains(&Role::Pawn)
            && points >= formation_cost(Role::Pawn)
            && let Some(i) = front.iter().position(|s| s.file() == king.file())
        {
            let square = front.swap_remove(i);
            points -= formation_cost(Role::Pawn);
            bought.push(Role::Pawn);
            enemy.push(EnemyPiece { role: Role::Pawn, square, modifier: None, target: false });
        }
        loop {
            let affordable: Vec<Role> = self
                .roles
                .iter()
                .copied()
                .filter(|&r| r != Role::King && formation_cost(r) <= points)
                .filter(|&r| {
                    let n = bought.iter().filter(|&&b| b == r).count();
                    match r {
                        Role::Pawn => !front.is_empty() || !third.is_empty(),
                        Role::Queen => n < 1,
                        _ => n < FORMATION_ROLE_CAP,
                    }
                })
                .filter(|&r| r == Role::Pawn || !back.is_empty() || !front.is_empty() || !third.is_empty())
                .collect();
            if affordable.is_empty() {
                break;
            }
            let role = affordable[rng.gen_range(0..affordable.len())];
            let rows: [&mut Vec<Square>; 3] = if role == Role::Pawn {
                [&mut front, &mut third, &mut back]
            } else {
                [&mut back, &mut front, &mut third]
            };
            let Some(squares) = rows.into_iter().find(|r| !r.is_empty()) else { break };
            let square = squares.swap_remove(rng.gen_range(0..squares.len()));
            points -= formation_cost(role);
            bought.push(role);
            enemy.push(EnemyPiece { role, square, modifier: None, target: false });
        }
        if !self.modifiers.is_empty() {
            let mut candidates: Vec<usize> = (1..enemy.len()).collect();
            for _ in 0..self.modified {
                if points < MODIFIER_POINTS || candidates.is_empty() {
                    break;
                }
                let i = candidates.swap_remove(rng.gen_range(0..candidates.len()));
                enemy[i].modifier = Some(self.modifiers[rng.gen_range(0..self.modifiers.len())]);
                points -= MODIFIER_POINTS;
            }
        }
        let mut by_value: Vec<usize> = (0..enemy.len()).filter(|&i| enemy[i].role != Role::King).collect();
        by_value.sort_by_key(|&i| std::cmp::Reverse(formation_cost(enemy[i].role)));
        for &i in by_value.iter().take(usize::from(self.targets)) {
            enemy[i].target = true;
        }
        (board, enemy)
    }
}

/// A generated encounter, ready for deployment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    /// The template's name (`fallback` for the fallback formation).
    pub name: String,
    /// Its stage.
    pub stage: u32,
    /// The board.
    pub board: BoardShape,
    /// The enemy.
    pub enemy: Vec<EnemyPiece>,
    /// The objective.
    pub objective: Objective,
    /// The bonus objective.
    pub bonus: Option<BonusObjective>,
    /// The player's move budget.
    pub move_budget: u32,
    /// The enemy's skills.
    pub enemy_skills: Option<SkillTuning>,
    /// Royal kings ([`BattleSetup::royal_kings`]): losing every king loses the battle, for both
    /// teams. Absent in run files written before it existed (`false`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub royal_kings: bool,
    /// Whether this is the fallback formation (the variation and the base template failed validation).
    pub fallback: bool,
    /// The shortest win the solver found when the encounter was generated, in player moves (with
    /// the default deployment, against the run's enemy); `None`: not proved (or proofs off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<u32>,
}

/// Why an encounter is not playable with an army.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EncounterError {
    /// The battle setup itself is refused.
    #[error("{0}")]
    Battle(#[from] crate::battle::BattleError),
    /// An enemy piece in the player's deployment rows.
    #[error("an enemy piece stands in the deployment rows on {0}")]
    EnemyInDeployment(Square),
    /// The army does not fit the deployment rows.
    #[error("{army} owned pieces do not fit {squares} deployment squares")]
    Capacity {
        /// Owned pieces.
        army: usize,
        /// Deployment squares.
        squares: usize,
    },
    /// A team has no ordinary opening move.
    #[error("the {0} has no opening move")]
    NoOpening(Team),
    /// No template has this name.
    #[error("no encounter template named {0:?}")]
    UnknownTemplate(String),
    /// The player wins with their first action (the default deployment): a move or a teleport
    /// takes the objective at once.
    #[error("the player wins with the first move")]
    WonOnFirstMove,
}

/// The templates of the first pool (before issue 15's), the only ones a run of a version 1 log
/// (re-simulated, [`crate::run::Run::resume_legacy`]) draws from. Frozen: they describe those files.
pub const FIRST_POOL: [&str; 9] = [
    "pawn_wall",
    "outpost",
    "garden",
    "bastion",
    "plague_pit",
    "rally_camp",
    "frost_keep",
    "citadel",
    "war_host",
];

/// Every shipped template.
#[must_use]
pub fn templates() -> Vec<EncounterTemplate> {
    serde_json::from_str(include_str!("../data/encounters.json")).expect("the shipped templates are valid")
}

/// The shipped template with this name.
///
/// # Errors
/// [`EncounterError::UnknownTemplate`].
pub fn template(name: &str) -> Result<EncounterTemplate, EncounterError> {
    templates()
        .into_iter()
        .find(|t| t.name == name)
        .ok_or_else(|| EncounterError::UnknownTemplate(name.chars().take(40).collect()))
}

impl EncounterTemplate {
    /// The template without variation (a generated formation laid out from a fixed seed, 0).
    #[must_use]
    pub fn base(&self) -> Encounter {
        self.laid_out(&mut ChaCha8Rng::seed_from_u64(0))
    }

    /// The template with its formation laid out from `rng` (when it has one), without the
    /// variation's other changes.
    fn laid_out(&self, rng: &mut ChaCha8Rng) -> Encounter {
        let (board, enemy) = match &self.formation {
            Some(f) => f.lay_out(self.board.width, self.board.height, rng),
            None => (self.board.clone(), self.enemy.clone()),
        };
        Encounter {
            name: self.name.clone(),
            stage: self.stage,
            board,
            enemy,
            objective: self.objective,
            bonus: self.bonus,
            move_budget: self.move_budget,
            enemy_skills: self.enemy_skills,
            royal_kings: self.royal_kings,
            fallback: false,
            proof: None,
        }
    }

    /// A seeded variation (not validated).
    #[must_use]
    pub fn vary(&self, rng: &mut ChaCha8Rng) -> Encounter {
        let mut e = self.laid_out(rng);
        let v = self.variation;
        if v.mirror && rng.gen_bool(0.5) {
            let w = e.board.width;
            let flip = |s: Square| {
                let file = File::new(w - 1 - s.file().index()).expect("inside the board");
                Square::from_coords(file, s.rank())
            };
            e.board.holes = e.board.holes.iter().map(|&s| flip(s)).collect();
            for p in &mut e.enemy {
                p.square = flip(p.square);
            }
        }
        let extra = if v.extra_holes > 0 { rng.gen_range(0..=v.extra_holes) } else { 0 };
        for _ in 0..extra {
            let f = rng.gen_range(0..e.board.width);
            let r = rng.gen_range(2..e.board.height.saturating_sub(2).max(3));
            let sq = Square::new(r * 8 + f).expect("inside the board");
            if !e.board.holes.contains(&sq) {
                e.board.holes.push(sq);
            }
        }
        let mods = if v.random_modifiers > 0 { rng.gen_range(0..=v.random_modifiers) } else { 0 };
        for _ in 0..mods {
            let i = rng.gen_range(0..e.enemy.len());
            if e.enemy[i].modifier.is_none() {
                e.enemy[i].modifier = Some(Modifier::ALL[rng.gen_range(0..Modifier::ALL.len())]);
            }
        }
        if v.budget_jitter > 0 {
            let j = i64::from(rng.gen_range(0..=2 * v.budget_jitter)) - i64::from(v.budget_jitter);
            e.move_budget = (i64::from(e.move_budget) + j).max(4) as u32;
        }
        e
    }
}

/// The fallback formation: a plain 8x8 board, the enemy king on e8 with rooks on a8 and h8 behind a
/// full row of pawns, capture the king in 20 moves. Valid for any army of at most 16 pieces. Its
/// closed back rank leaves no win in two moves (a teleport cannot give check, so the king is
/// reached only through the wall).
#[must_use]
pub fn fallback_encounter(stage: u32) -> Encounter {
    let piece = |role: Role, file: usize, rank: usize| EnemyPiece {
        role,
        square: Square::from_coords(File::ALL[file], Rank::ALL[rank]),
        modifier: None,
        target: false,
    };
    let mut enemy = vec![piece(Role::King, 4, 7), piece(Role::Rook, 0, 7), piece(Role::Rook, 7, 7)];
    enemy.extend((0..8).map(|f| piece(Role::Pawn, f, 6)));
    Encounter {
        name: "fallback".into(),
        stage,
        board: BoardShape::square(8),
        enemy,
        objective: Objective::CaptureKing,
        bonus: Some(BonusObjective::NoLosses),
        move_budget: 20,
        enemy_skills: None,
        royal_kings: false,
        fallback: true,
        proof: None,
    }
}

/// The default arrangement of an army on a board's deployment rows: pawns on the second row from the
/// centre outwards, the other pieces on the first row (king first, then queen, rooks, bishops,
/// knights) from the centre outwards; overflow takes any free deployment square. `None` when the
/// army does not fit.
#[must_use]
pub fn default_deployment(board: &BoardShape, army: &[OwnedPiece]) -> Option<Vec<(u32, Square)>> {
    let squares = board.deployment_squares();
    if army.len() > squares.len() {
        return None;
    }
    let centre = f32::from(board.width - 1) / 2.0;
    let by_centre = |rank: u8| {
        let mut v: Vec<Square> = squares.iter().copied().filter(|s| s.rank().index() == rank).collect();
        v.sort_by(|a, b| {
            let da = (f32::from(a.file().index()) - centre).abs();
            let db = (f32::from(b.file().index()) - centre).abs();
            da.partial_cmp(&db).expect("finite").then(a.file().cmp(&b.file()))
        });
        v
    };
    let (mut back, mut front) = (by_centre(0), by_centre(1));
    back.reverse();
    front.reverse();
    let order = |r: Role| match r {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    let mut pieces: Vec<&OwnedPiece> = army.iter().collect();
    pieces.sort_by_key(|p| (order(p.role), p.id));
    let mut out = Vec::with_capacity(army.len());
    let mut overflow = Vec::new();
    for p in pieces {
        let spot = if p.role == Role::Pawn { front.pop() } else { back.pop() };
        match spot {
            Some(s) => out.push((p.id, s)),
            None => overflow.push(p.id),
        }
    }
    let mut rest: Vec<Square> = front.into_iter().chain(back).collect();
    for id in overflow {
        out.push((id, rest.pop()?));
    }
    Some(out)
}

impl Encounter {
    /// The name players see: the template's name in words, each capitalized (`plague_pit` ->
    /// `Plague Pit`); the id itself stays [`Encounter::name`].
    #[must_use]
    pub fn title(&self) -> String {
        template_title(&self.name)
    }

    /// Whether an enemy piece of this encounter is one of its objective's pieces
    /// ([`Objective::marks`]), the pieces ringed on the board.
    #[must_use]
    pub fn is_objective(&self, piece: &EnemyPiece) -> bool {
        self.objective.marks(piece.role, piece.target)
    }

    /// The battle setup with the army deployed as given (roster id, square).
    #[must_use]
    pub fn setup(
        &self,
        army: &[OwnedPiece],
        deployment: &[(u32, Square)],
        player_skills: SkillTuning,
    ) -> BattleSetup {
        let mut setup = BattleSetup::new(self.board.clone(), self.objective, self.move_budget);
        setup.bonus = self.bonus;
        setup.player_skills = player_skills;
        setup.enemy_skills = self.enemy_skills;
        setup.royal_kings = self.royal_kings;
        for &(id, square) in deployment {
            if let Some(p) = army.iter().find(|p| p.id == id) {
                setup.units.push(UnitSpec {
                    team: Team::Player,
                    role: p.role,
                    square,
                    modifier: p.modifier,
                    target: false,
                    roster_id: Some(p.id),
                    name: None,
                });
            }
        }
        for e in &self.enemy {
            setup.units.push(UnitSpec {
                team: Team::Enemy,
                role: e.role,
                square: e.square,
                modifier: e.modifier,
                target: e.target,
                roster_id: None,
                name: None,
            });
        }
        setup
    }

    /// Validates the encounter for an army: placement (enemy pieces on playable squares outside the
    /// deployment rows, no overlap), targets and the objective, capacity (the whole army fits the
    /// deployment rows), and an ordinary opening move for both sides with the default deployment.
    ///
    /// # Errors
    /// [`EncounterError`] naming the first problem.
    pub fn validate(&self, army: &[OwnedPiece]) -> Result<(), EncounterError> {
        if !self.board.dimensions_ok() {
            return Err(crate::battle::BattleError::BadDimensions(self.board.width, self.board.height).into());
        }
        if let Some(e) = self.enemy.iter().find(|e| e.square.rank().index() < 2) {
            return Err(EncounterError::EnemyInDeployment(e.square));
        }
        let squares = self.board.deployment_squares().len();
        let deployment = default_deployment(&self.board, army)
            .ok_or(EncounterError::Capacity { army: army.len(), squares })?;
        let battle = Battle::new(&self.setup(army, &deployment, SkillTuning::default()))?;
        for team in Team::ALL {
            let mut pos = battle.position().clone();
            pos.set_turn(team.color());
            if pos.legal_moves().is_empty() {
                return Err(EncounterError::NoOpening(team));
            }
        }
        debug_assert_eq!(battle.position().turn(), Color::White);
        Ok(())
    }

    /// [`Encounter::validate`], and for a generated formation also no win with the player's first
    /// action ([`EncounterError::WonOnFirstMove`]; the default deployment, the solver's action set).
    ///
    /// # Errors
    /// [`EncounterError`] naming the first problem.
    pub fn validate_generated(&self, army: &[OwnedPiece]) -> Result<(), EncounterError> {
        self.validate(army)?;
        let deployment = default_deployment(&self.board, army)
            .ok_or(EncounterError::Capacity { army: army.len(), squares: 0 })?;
        let mut battle = Battle::new(&self.setup(army, &deployment, SkillTuning::default()))?;
        battle.set_quiet(true);
        for action in battle.bot_actions() {
            let mut after = battle.clone();
            if after.apply(action).is_ok() && matches!(after.status(), BattleStatus::Victory { .. }) {
                return Err(EncounterError::WonOnFirstMove);
            }
        }
        Ok(())
    }
}

/// Lay-outs a formation template tries ([`generate`]) before its base is used.
pub const FORMATION_TRIES: u32 = 4;

/// A generated encounter and how many candidates failed validation on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The encounter.
    pub encounter: Encounter,
    /// Failed validations.
    pub failed: u32,
}

/// Generates a validated encounter from a template for an army: the seeded variation (a formation
/// template lays out up to [`FORMATION_TRIES`] in turn from `rng`, each checked with
/// [`Encounter::validate_generated`]), else the base template, else the fallback formation.
#[must_use]
pub fn generate(template: &EncounterTemplate, rng: &mut ChaCha8Rng, army: &[OwnedPiece]) -> Generated {
    let generated = template.formation.is_some();
    let ok =
        |e: &Encounter| if generated { e.validate_generated(army).is_ok() } else { e.validate(army).is_ok() };
    let tries = if generated { FORMATION_TRIES } else { 1 };
    let mut failed = 0;
    for _ in 0..tries {
        let varied = template.vary(rng);
        if ok(&varied) {
            return Generated { encounter: varied, failed };
        }
        failed += 1;
    }
    let base = template.base();
    if ok(&base) {
        return Generated { encounter: base, failed };
    }
    Generated { encounter: fallback_encounter(template.stage), failed: failed + 1 }
}

/// The name players see for a template id ([`EncounterTemplate::name`], as records, previews and
/// replays keep it): its words, each capitalized (`plague_pit` -> `Plague Pit`, `l_keep` -> `L Keep`).
/// [`Encounter::title`] is this of the encounter's template.
#[must_use]
pub fn template_title(id: &str) -> String {
    id.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}
