//! Encounter templates (data), seeded variations, validation and the fallback formation.

use gambit_rules::{Color, File, Rank, Role, Square};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::battle::{Battle, BattleSetup, BoardShape, BonusObjective, Objective, SkillTuning, UnitSpec};
use crate::run::OwnedPiece;
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
    /// The enemy formation.
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
}

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
    /// The template without variation.
    #[must_use]
    pub fn base(&self) -> Encounter {
        Encounter {
            name: self.name.clone(),
            stage: self.stage,
            board: self.board.clone(),
            enemy: self.enemy.clone(),
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
        let mut e = self.base();
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

/// The fallback formation: a plain 8x8 board, the enemy king on e8 behind five pawns, capture the
/// king in 20 moves. Valid for any army of at most 16 pieces.
#[must_use]
pub fn fallback_encounter(stage: u32) -> Encounter {
    let mut enemy = vec![EnemyPiece {
        role: Role::King,
        square: Square::from_coords(File::ALL[4], Rank::ALL[7]),
        modifier: None,
        target: false,
    }];
    for f in 2..7 {
        enemy.push(EnemyPiece {
            role: Role::Pawn,
            square: Square::from_coords(File::ALL[f], Rank::ALL[6]),
            modifier: None,
            target: false,
        });
    }
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
}

/// A generated encounter and how many candidates failed validation on the way (0, 1 when the base
/// template was used, 2 when the fallback was).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The encounter.
    pub encounter: Encounter,
    /// Failed validations.
    pub failed: u32,
}

/// Generates a validated encounter from a template for an army: the seeded variation, else the base
/// template, else the fallback formation.
#[must_use]
pub fn generate(template: &EncounterTemplate, rng: &mut ChaCha8Rng, army: &[OwnedPiece]) -> Generated {
    let varied = template.vary(rng);
    if varied.validate(army).is_ok() {
        return Generated { encounter: varied, failed: 0 };
    }
    let base = template.base();
    if base.validate(army).is_ok() {
        return Generated { encounter: base, failed: 1 };
    }
    Generated { encounter: fallback_encounter(template.stage), failed: 2 }
}
