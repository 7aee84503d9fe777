//! Items that change the rules, as data (`data/items.json`, compiled in): run-long **badges**,
//! **modifiers** (one per piece) and one-shot **consumables**. Each item has an id, the name and text
//! players see, a price, a rarity, the step of the resolution order where its effect applies
//! ([`ResolutionStep`], `docs/battle.md`) and a typed [`Effect`]. [`ItemCatalogue::from_json`]
//! validates a file with errors naming the file and the field; the battle compiles a team's badges
//! into [`TeamRules`].

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use gambit_rules::Role;
use gambit_skills::Skill;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::types::Modifier;

/// The shipped catalogue (`data/items.json`).
pub const DEFAULT_ITEMS_JSON: &str = include_str!("../data/items.json");

/// How many consumables a run can hold at once.
pub const PACK_SIZE: usize = 3;

/// Hit points of every piece at the start of a battle (its [`Unit::max_hp`](crate::battle::Unit::max_hp))
/// unless a badge raises its role's ([`TeamRules::start_hp`]).
pub const START_HP: u8 = 2;

/// The highest HP an effect may give (a Vampiric piece's maximum included).
pub const MAX_HP: u8 = 4;

/// An item's id: 1 to 24 characters of `a-z`, `0-9` and `_`, starting with a letter (`"iron_stables"`).
/// Ids are for files and logs; players see [`Item::name`]. `Copy`, so shop slots stay `Copy`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId {
    len: u8,
    bytes: [u8; ItemId::MAX_LEN],
}

impl ItemId {
    /// The longest id, characters.
    pub const MAX_LEN: usize = 24;

    /// The id as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).expect("ids are ASCII")
    }
}

impl FromStr for ItemId {
    type Err = String;

    /// # Errors
    /// A message when the text is empty, too long, or has a character outside `a-z0-9_` (or does not
    /// start with a letter).
    fn from_str(s: &str) -> Result<ItemId, String> {
        let ok = !s.is_empty()
            && s.len() <= ItemId::MAX_LEN
            && s.as_bytes()[0].is_ascii_lowercase()
            && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !ok {
            let shown: String = s.chars().take(40).collect();
            return Err(format!(
                "{shown:?} is not an item id (1-{} characters of a-z, 0-9 and _, starting with a letter)",
                ItemId::MAX_LEN
            ));
        }
        let mut bytes = [0; ItemId::MAX_LEN];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Ok(ItemId { len: s.len() as u8, bytes })
    }
}

impl fmt::Display for ItemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for ItemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl Serialize for ItemId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ItemId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ItemId, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// What kind of item it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Run-long: once bought, its effect applies to every later battle of the run.
    Badge,
    /// Given to one owned piece (at most one per piece); acts through that piece.
    Modifier,
    /// One-shot: held in the pack ([`PACK_SIZE`]) and used during a battle, as a free action.
    Consumable,
}

impl Category {
    /// Every category.
    pub const ALL: [Category; 3] = [Category::Badge, Category::Modifier, Category::Consumable];

    /// The lower-case name (`"badge"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Category::Badge => "badge",
            Category::Modifier => "modifier",
            Category::Consumable => "consumable",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How rare an item is in shops (weights in [`RarityWeights`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rarity {
    /// Often offered.
    Common,
    /// Less often.
    Uncommon,
    /// Seldom.
    Rare,
}

impl Rarity {
    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rarity::Common => "common",
            Rarity::Uncommon => "uncommon",
            Rarity::Rare => "rare",
        }
    }
}

/// Shop weights by rarity: an item of rarity `r` is drawn with probability `weight(r)` / the sum of
/// the weights of the candidates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RarityWeights {
    /// Weight of a common item.
    pub common: u32,
    /// Weight of an uncommon item.
    pub uncommon: u32,
    /// Weight of a rare item.
    pub rare: u32,
}

impl RarityWeights {
    /// The weight of a rarity.
    #[must_use]
    pub fn weight(&self, r: Rarity) -> u32 {
        match r {
            Rarity::Common => self.common,
            Rarity::Uncommon => self.uncommon,
            Rarity::Rare => self.rare,
        }
    }
}

/// The named steps of a battle's resolution order (`docs/battle.md`) where item effects apply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResolutionStep {
    /// Before the first action: hit points, budget, skill cooldowns.
    Start,
    /// Step 1: validation and the move count.
    Validate,
    /// Step 2: capture and move, death effects; a Freeze's or a consumable's own effect.
    Resolve,
    /// Step 3: objective before promotion, promotion.
    Promotion,
    /// Step 4: victory checks, then a reposition offer.
    Victory,
    /// Step 5: the budget.
    Budget,
    /// Step 6: switch sides, the skill clock, poison and start-of-turn effects.
    Switch,
    /// Step 7: the checks again, passes.
    Check,
    /// After a won battle: the reward.
    Reward,
}

impl ResolutionStep {
    /// The step's name as the data writes it (`"resolve"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ResolutionStep::Start => "start",
            ResolutionStep::Validate => "validate",
            ResolutionStep::Resolve => "resolve",
            ResolutionStep::Promotion => "promotion",
            ResolutionStep::Victory => "victory",
            ResolutionStep::Budget => "budget",
            ResolutionStep::Switch => "switch",
            ResolutionStep::Check => "check",
            ResolutionStep::Reward => "reward",
        }
    }

    /// The step as the players' docs number it (`"step 2"`, `"start"`, `"reward"`).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            ResolutionStep::Start => "start of battle",
            ResolutionStep::Validate => "step 1",
            ResolutionStep::Resolve => "step 2",
            ResolutionStep::Promotion => "step 3",
            ResolutionStep::Victory => "step 4",
            ResolutionStep::Budget => "step 5",
            ResolutionStep::Switch => "step 6",
            ResolutionStep::Check => "step 7",
            ResolutionStep::Reward => "reward",
        }
    }
}

/// What an item does. Serialized with a `kind` tag and its parameters (`{"kind": "role_hp", "role":
/// "knight", "hp": 3}`). Each kind belongs to one [`Category`] and applies at one
/// [`ResolutionStep`] ([`Effect::category`], [`Effect::step`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    // ----- badges -----
    /// Pieces of `role` start every battle with `hp` hit points (their maximum).
    RoleHp {
        /// The role.
        role: Role,
        /// Hit points, 3 to [`MAX_HP`].
        hp: u8,
    },
    /// `moves` more player moves in every battle's budget.
    ExtraMoves {
        /// Moves, 1 to 20.
        moves: u32,
    },
    /// A skill's cooldown after a cast is `ticks` shorter (never below 1).
    SkillCooldown {
        /// The skill.
        skill: Skill,
        /// Ticks, 1 to 9.
        ticks: u32,
    },
    /// The team's Freezes hold `ticks` longer (`kings_only`: only on a square holding a king).
    FreezeLonger {
        /// Ticks, 1 to 9.
        ticks: u32,
        /// Only when the frozen square holds a king.
        #[serde(default)]
        kings_only: bool,
    },
    /// An opposing piece on a square the team freezes takes `damage`.
    FreezeDamage {
        /// Damage, 1 to 9.
        damage: u8,
    },
    /// Capturing a piece that stands on a frozen square gives back `moves` of the budget.
    FrozenCaptureRefund {
        /// Moves, 1 to 3.
        moves: u32,
    },
    /// After the team's first capture of each battle, `skill` is ready.
    ReadyOnFirstCapture {
        /// The skill.
        skill: Skill,
    },
    /// When one of the team's pieces is captured, `skill` is ready.
    ReadyOnLoss {
        /// The skill.
        skill: Skill,
    },
    /// A Swift piece that teleports may reposition afterwards, as after a capture.
    SwiftAfterTeleport,
    /// Pieces of `role` reposition after capturing, as Swift pieces do.
    SwiftRole {
        /// The role.
        role: Role,
    },
    /// The team's pieces take no poison damage.
    PoisonImmunity,
    /// Clouds of the team's Poisonous pieces hurt the opposing team `exposures` more times.
    LongerClouds {
        /// Extra exposures, 1 to 3.
        exposures: u8,
    },
    /// The team's Rallying reinforcements are of `role` instead of pawns.
    RallyRole {
        /// The role (not a king).
        role: Role,
    },
    /// The team's pawns promote one row early (on the square before their promotion square).
    EarlyPromotion,
    /// The team's promotions are always to `role` (instead of a queen when none lives, else a rook).
    PromoteTo {
        /// The role (not a pawn or a king).
        role: Role,
    },
    /// At the team's start of turn, its most wounded piece heals `hp` (up to its maximum).
    FieldMedic {
        /// Hit points, 1 to 3.
        hp: u8,
    },
    /// `gold` more gold for every won battle.
    VictoryGold {
        /// Gold, 1 to 100.
        gold: u32,
    },
    /// `gold` gold for every enemy piece killed in a won battle.
    KillGold {
        /// Gold, 1 to 100.
        gold: u32,
    },
    /// The team's first `count` teleports of each battle do not count against the budget.
    FreeTeleports {
        /// Teleports, 1 to 5.
        count: u8,
    },
    /// When one of the team's Bulwark pieces is captured, the capturer's square is frozen for `ticks`.
    BulwarkFreeze {
        /// Ticks, 1 to 9.
        ticks: u32,
    },

    // ----- modifiers -----
    /// The Poisonous modifier ([`Modifier::Poisonous`]).
    Poisonous,
    /// The Bulwark modifier.
    Bulwark,
    /// The Rallying modifier.
    Rallying,
    /// The Swift modifier.
    Swift,
    /// The Armored modifier.
    Armored,
    /// The Vampiric modifier.
    Vampiric,
    /// The Sentinel modifier.
    Sentinel,
    /// The Spiked modifier.
    Spiked,
    /// The Warded modifier.
    Warded,
    /// The Inspiring modifier.
    Inspiring,
    /// The Regenerating modifier.
    Regenerating,

    // ----- consumables -----
    /// The enemy skips its next turn.
    Haste,
    /// One of the player's pieces returns to the square it was deployed on (if that is free).
    Retreat,
    /// The player's Teleport and Freeze are ready at once.
    Hourglass,
    /// One of the player's pieces heals to full and its maximum rises by `hp`.
    Elixir {
        /// Extra maximum HP, 0 to 2.
        hp: u8,
    },
    /// `damage` to one enemy piece that is not an objective piece or a king.
    Firebomb {
        /// Damage, 1 to 9.
        damage: u8,
    },
    /// `moves` more moves in this battle's budget.
    Rations {
        /// Moves, 1 to 20.
        moves: u32,
    },
    /// A temporary pawn joins on the first free square of the player's home row.
    CallToArms,
}

impl Effect {
    /// The effect's kind as the data writes it (`"role_hp"`).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Effect::RoleHp { .. } => "role_hp",
            Effect::ExtraMoves { .. } => "extra_moves",
            Effect::SkillCooldown { .. } => "skill_cooldown",
            Effect::FreezeLonger { .. } => "freeze_longer",
            Effect::FreezeDamage { .. } => "freeze_damage",
            Effect::FrozenCaptureRefund { .. } => "frozen_capture_refund",
            Effect::ReadyOnFirstCapture { .. } => "ready_on_first_capture",
            Effect::ReadyOnLoss { .. } => "ready_on_loss",
            Effect::SwiftAfterTeleport => "swift_after_teleport",
            Effect::SwiftRole { .. } => "swift_role",
            Effect::PoisonImmunity => "poison_immunity",
            Effect::LongerClouds { .. } => "longer_clouds",
            Effect::RallyRole { .. } => "rally_role",
            Effect::EarlyPromotion => "early_promotion",
            Effect::PromoteTo { .. } => "promote_to",
            Effect::FieldMedic { .. } => "field_medic",
            Effect::VictoryGold { .. } => "victory_gold",
            Effect::KillGold { .. } => "kill_gold",
            Effect::FreeTeleports { .. } => "free_teleports",
            Effect::BulwarkFreeze { .. } => "bulwark_freeze",
            Effect::Poisonous => "poisonous",
            Effect::Bulwark => "bulwark",
            Effect::Rallying => "rallying",
            Effect::Swift => "swift",
            Effect::Armored => "armored",
            Effect::Vampiric => "vampiric",
            Effect::Sentinel => "sentinel",
            Effect::Spiked => "spiked",
            Effect::Warded => "warded",
            Effect::Inspiring => "inspiring",
            Effect::Regenerating => "regenerating",
            Effect::Haste => "haste",
            Effect::Retreat => "retreat",
            Effect::Hourglass => "hourglass",
            Effect::Elixir { .. } => "elixir",
            Effect::Firebomb { .. } => "firebomb",
            Effect::Rations { .. } => "rations",
            Effect::CallToArms => "call_to_arms",
        }
    }

    /// The modifier an effect of category [`Category::Modifier`] stands for.
    #[must_use]
    pub fn modifier(&self) -> Option<Modifier> {
        Some(match self {
            Effect::Poisonous => Modifier::Poisonous,
            Effect::Bulwark => Modifier::Bulwark,
            Effect::Rallying => Modifier::Rallying,
            Effect::Swift => Modifier::Swift,
            Effect::Armored => Modifier::Armored,
            Effect::Vampiric => Modifier::Vampiric,
            Effect::Sentinel => Modifier::Sentinel,
            Effect::Spiked => Modifier::Spiked,
            Effect::Warded => Modifier::Warded,
            Effect::Inspiring => Modifier::Inspiring,
            Effect::Regenerating => Modifier::Regenerating,
            _ => return None,
        })
    }

    /// The category the effect belongs to.
    #[must_use]
    pub fn category(&self) -> Category {
        if self.modifier().is_some() {
            return Category::Modifier;
        }
        match self {
            Effect::Haste
            | Effect::Retreat
            | Effect::Hourglass
            | Effect::Elixir { .. }
            | Effect::Firebomb { .. }
            | Effect::Rations { .. }
            | Effect::CallToArms => Category::Consumable,
            _ => Category::Badge,
        }
    }

    /// The step of the resolution order where the effect applies (`docs/battle.md`).
    #[must_use]
    pub fn step(&self) -> ResolutionStep {
        use ResolutionStep as S;
        match self {
            Effect::RoleHp { .. } | Effect::ExtraMoves { .. } | Effect::SkillCooldown { .. } => S::Start,
            Effect::FreeTeleports { .. } | Effect::Warded => S::Validate,
            Effect::FreezeLonger { .. }
            | Effect::FreezeDamage { .. }
            | Effect::FrozenCaptureRefund { .. }
            | Effect::ReadyOnFirstCapture { .. }
            | Effect::ReadyOnLoss { .. }
            | Effect::LongerClouds { .. }
            | Effect::RallyRole { .. }
            | Effect::BulwarkFreeze { .. }
            | Effect::Poisonous
            | Effect::Bulwark
            | Effect::Rallying
            | Effect::Armored
            | Effect::Vampiric
            | Effect::Sentinel => S::Resolve,
            Effect::EarlyPromotion | Effect::PromoteTo { .. } => S::Promotion,
            Effect::SwiftAfterTeleport | Effect::SwiftRole { .. } | Effect::Swift => S::Victory,
            Effect::PoisonImmunity
            | Effect::FieldMedic { .. }
            | Effect::Spiked
            | Effect::Inspiring
            | Effect::Regenerating => S::Switch,
            Effect::VictoryGold { .. } | Effect::KillGold { .. } => S::Reward,
            Effect::Haste
            | Effect::Retreat
            | Effect::Hourglass
            | Effect::Elixir { .. }
            | Effect::Firebomb { .. }
            | Effect::Rations { .. }
            | Effect::CallToArms => S::Resolve,
        }
    }

    /// Whether a consumable needs a target square (a piece of the player's for Retreat and Elixir,
    /// an enemy piece for Firebomb).
    #[must_use]
    pub fn needs_target(&self) -> bool {
        matches!(self, Effect::Retreat | Effect::Elixir { .. } | Effect::Firebomb { .. })
    }

    /// Checks the parameters; `Err((field, message))` names the parameter.
    fn check(&self) -> Result<(), (&'static str, String)> {
        let range = |field: &'static str, v: u32, lo: u32, hi: u32| {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err((field, format!("must be {lo} to {hi}, found {v}")))
            }
        };
        match *self {
            Effect::RoleHp { hp, .. } => range("hp", hp.into(), 3, MAX_HP.into()),
            Effect::ExtraMoves { moves } | Effect::Rations { moves } => range("moves", moves, 1, 20),
            Effect::SkillCooldown { ticks, .. }
            | Effect::FreezeLonger { ticks, .. }
            | Effect::BulwarkFreeze { ticks } => range("ticks", ticks, 1, 9),
            Effect::FreezeDamage { damage } | Effect::Firebomb { damage } => {
                range("damage", damage.into(), 1, 9)
            }
            Effect::FrozenCaptureRefund { moves } => range("moves", moves, 1, 3),
            Effect::LongerClouds { exposures } => range("exposures", exposures.into(), 1, 3),
            Effect::RallyRole { role: Role::King } => {
                Err(("role", "a reinforcement cannot be a king".into()))
            }
            Effect::PromoteTo { role: Role::King | Role::Pawn } => {
                Err(("role", "a pawn promotes to a knight, bishop, rook or queen".into()))
            }
            Effect::FieldMedic { hp } => range("hp", hp.into(), 1, 3),
            Effect::VictoryGold { gold } | Effect::KillGold { gold } => range("gold", gold, 1, 100),
            Effect::FreeTeleports { count } => range("count", count.into(), 1, 5),
            Effect::Elixir { hp } => range("hp", hp.into(), 0, 2),
            _ => Ok(()),
        }
    }
}

/// One item of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Its id (files and logs; never shown to players).
    pub id: ItemId,
    /// Badge, modifier or consumable.
    pub category: Category,
    /// The name players see (1 to 32 characters).
    pub name: String,
    /// The text players see: what it does (1 to 160 characters).
    pub text: String,
    /// Its shop price in gold, 1 to 500.
    pub price: u32,
    /// How rare it is in shops.
    pub rarity: Rarity,
    /// The step of the resolution order where its effect applies (must be [`Effect::step`]).
    pub step: ResolutionStep,
    /// What it does.
    pub effect: Effect,
}

/// The item catalogue: shop weights by rarity and every item.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemCatalogue {
    /// Shop weights by rarity.
    pub rarity_weights: RarityWeights,
    /// The items, in the order shops and lists show them.
    pub items: Vec<Item>,
}

/// An items file that cannot be used: the file, the field (a dotted path such as `items[3].price`;
/// empty when the text is not JSON) and what is wrong. `Display`: `FILE: FIELD: MESSAGE`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct ItemsError {
    /// The file as named by the caller.
    pub file: String,
    /// The field, a dotted path.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ItemsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: {}: {}", self.file, self.field, self.message)
        }
    }
}

impl Default for ItemCatalogue {
    /// The shipped `data/items.json` ([`ItemCatalogue::shipped`]).
    fn default() -> Self {
        ItemCatalogue::shipped().clone()
    }
}

impl ItemCatalogue {
    /// The shipped `data/items.json`, read once.
    #[must_use]
    pub fn shipped() -> &'static ItemCatalogue {
        static SHIPPED: OnceLock<ItemCatalogue> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            ItemCatalogue::from_json(DEFAULT_ITEMS_JSON, "data/items.json")
                .expect("the shipped items are valid")
        })
    }

    /// Reads and validates an items file's text; `file` names it in errors.
    ///
    /// # Errors
    /// [`ItemsError`] naming the field: text that is not JSON, an unknown or missing field, an
    /// unknown category, rarity, step, effect kind, role or skill, a bad id, then
    /// ([`ItemCatalogue::validate`]) bad values.
    pub fn from_json(text: &str, file: &str) -> Result<ItemCatalogue, ItemsError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let catalogue: ItemCatalogue = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let field = if path == "." || path == "?" { String::new() } else { path };
            ItemsError { file: file.to_string(), field, message: e.inner().to_string() }
        })?;
        catalogue.validate(file)?;
        Ok(catalogue)
    }

    /// Checks the values: a rarity weight of 0, a duplicate id, an empty or too long name or text, a
    /// price outside 1..=500, a category that is not the effect's, a step that is not the effect's,
    /// a parameter out of range, a modifier without its item or with two.
    ///
    /// # Errors
    /// [`ItemsError`] naming the field (`items[3].effect.hp`).
    pub fn validate(&self, file: &str) -> Result<(), ItemsError> {
        let err = |field: String, message: String| ItemsError { file: file.to_string(), field, message };
        for r in [Rarity::Common, Rarity::Uncommon, Rarity::Rare] {
            if self.rarity_weights.weight(r) == 0 {
                return Err(err(
                    format!("rarity_weights.{}", r.name()),
                    "a weight must be at least 1".into(),
                ));
            }
        }
        for (i, item) in self.items.iter().enumerate() {
            let field = |name: &str| format!("items[{i}].{name}");
            if self.items[..i].iter().any(|o| o.id == item.id) {
                return Err(err(field("id"), format!("the id {} is used twice", item.id)));
            }
            if item.name.trim().is_empty() || item.name.chars().count() > 32 {
                return Err(err(field("name"), "a name has 1 to 32 characters".into()));
            }
            if item.text.trim().is_empty() || item.text.chars().count() > 160 {
                return Err(err(field("text"), "a text has 1 to 160 characters".into()));
            }
            if !(1..=500).contains(&item.price) {
                return Err(err(field("price"), format!("a price must be 1 to 500, found {}", item.price)));
            }
            if item.effect.category() != item.category {
                return Err(err(
                    field("category"),
                    format!(
                        "the effect {} belongs to a {}, not a {}",
                        item.effect.kind(),
                        item.effect.category().name(),
                        item.category.name()
                    ),
                ));
            }
            if item.effect.step() != item.step {
                return Err(err(
                    field("step"),
                    format!(
                        "the effect {} applies at step {}, not {}",
                        item.effect.kind(),
                        item.effect.step().name(),
                        item.step.name()
                    ),
                ));
            }
            item.effect.check().map_err(|(name, message)| err(field(&format!("effect.{name}")), message))?;
            if let Some(m) = item.effect.modifier()
                && item.id.as_str() != m.name()
            {
                return Err(err(field("id"), format!("the item of the modifier {m} has the id {m}")));
            }
        }
        for m in Modifier::ALL {
            let n = self.items.iter().filter(|i| i.effect.modifier() == Some(m)).count();
            if n != 1 {
                return Err(err(
                    "items".into(),
                    format!("the modifier {m} needs exactly one item, found {n}"),
                ));
            }
        }
        Ok(())
    }

    /// The catalogue as pretty JSON (what [`ItemCatalogue::from_json`] reads).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a catalogue serializes")
    }

    /// The item with this id.
    #[must_use]
    pub fn get(&self, id: ItemId) -> Option<&Item> {
        self.items.iter().find(|i| i.id == id)
    }

    /// The item with this id as text (`None` for an unknown or malformed id).
    #[must_use]
    pub fn find(&self, id: &str) -> Option<&Item> {
        id.parse().ok().and_then(|id| self.get(id))
    }

    /// The item of a modifier (every modifier has one in a validated catalogue).
    #[must_use]
    pub fn modifier_item(&self, modifier: Modifier) -> Option<&Item> {
        self.items.iter().find(|i| i.effect.modifier() == Some(modifier))
    }

    /// The items of a category, in catalogue order.
    pub fn of(&self, category: Category) -> impl Iterator<Item = &Item> + '_ {
        self.items.iter().filter(move |i| i.category == category)
    }

    /// The name players see for a modifier (its item's name, else the modifier's own name).
    #[must_use]
    pub fn modifier_name(&self, modifier: Modifier) -> String {
        self.modifier_item(modifier).map_or_else(|| modifier.name().to_string(), |i| i.name.clone())
    }
}

/// A team's badges compiled into the numbers and switches the battle reads (cheap to copy: the bot
/// searches on copies). Effects of the same kind add up (switches combine with "or"; the last role
/// given wins).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TeamRules {
    /// Start HP by role index ([`Role::index`]); 0 = the default.
    pub role_hp: [u8; 6],
    /// Extra moves in the budget (the player's).
    pub extra_moves: u32,
    /// Ticks cut from Teleport's cooldown after a cast.
    pub teleport_cut: u32,
    /// Ticks cut from Freeze's cooldown after a cast.
    pub freeze_cut: u32,
    /// Extra ticks of every Freeze.
    pub freeze_longer: u32,
    /// Extra ticks of a Freeze on a king's square.
    pub freeze_longer_kings: u32,
    /// Damage to an opposing piece on a frozen square.
    pub freeze_damage: u8,
    /// Moves given back for capturing a piece on a frozen square.
    pub frozen_capture_refund: u32,
    /// Skills made ready by the first capture (bits: 1 Teleport, 2 Freeze).
    pub ready_on_first_capture: u8,
    /// Skills made ready when a piece of the team is captured (bits as above).
    pub ready_on_loss: u8,
    /// Swift pieces reposition after a teleport.
    pub swift_after_teleport: bool,
    /// Roles that reposition after capturing (bits by role index).
    pub swift_roles: u8,
    /// No poison damage.
    pub poison_immune: bool,
    /// Extra exposures of the team's clouds for the opposing team.
    pub cloud_extra: u8,
    /// The role of Rallying reinforcements (`None`: a pawn).
    pub rally_role: Option<Role>,
    /// Pawns promote one row early.
    pub early_promotion: bool,
    /// The role of every promotion (`None`: queen if none, else rook).
    pub promote_to: Option<Role>,
    /// HP healed on the most wounded piece at the team's start of turn.
    pub field_medic: u8,
    /// Extra gold per won battle.
    pub victory_gold: u32,
    /// Gold per enemy piece killed in a won battle.
    pub kill_gold: u32,
    /// Teleports per battle that do not count against the budget.
    pub free_teleports: u8,
    /// Ticks a Bulwark death freezes its capturer.
    pub bulwark_freeze: u32,
}

/// The bit of a skill in [`TeamRules::ready_on_first_capture`] and [`TeamRules::ready_on_loss`].
#[must_use]
pub const fn skill_bit(skill: Skill) -> u8 {
    match skill {
        Skill::Teleport => 1,
        Skill::Freeze => 2,
    }
}

impl TeamRules {
    /// The rules of a list of badge effects (effects of other categories are ignored).
    #[must_use]
    pub fn of(effects: &[Effect]) -> TeamRules {
        let mut r = TeamRules::default();
        for e in effects {
            match *e {
                Effect::RoleHp { role, hp } => {
                    let slot = &mut r.role_hp[role.index()];
                    *slot = (*slot).max(hp);
                }
                Effect::ExtraMoves { moves } => r.extra_moves += moves,
                Effect::SkillCooldown { skill: Skill::Teleport, ticks } => r.teleport_cut += ticks,
                Effect::SkillCooldown { skill: Skill::Freeze, ticks } => r.freeze_cut += ticks,
                Effect::FreezeLonger { ticks, kings_only: false } => r.freeze_longer += ticks,
                Effect::FreezeLonger { ticks, kings_only: true } => r.freeze_longer_kings += ticks,
                Effect::FreezeDamage { damage } => r.freeze_damage += damage,
                Effect::FrozenCaptureRefund { moves } => r.frozen_capture_refund += moves,
                Effect::ReadyOnFirstCapture { skill } => r.ready_on_first_capture |= skill_bit(skill),
                Effect::ReadyOnLoss { skill } => r.ready_on_loss |= skill_bit(skill),
                Effect::SwiftAfterTeleport => r.swift_after_teleport = true,
                Effect::SwiftRole { role } => r.swift_roles |= 1 << role.index(),
                Effect::PoisonImmunity => r.poison_immune = true,
                Effect::LongerClouds { exposures } => r.cloud_extra += exposures,
                Effect::RallyRole { role } => r.rally_role = Some(role),
                Effect::EarlyPromotion => r.early_promotion = true,
                Effect::PromoteTo { role } => r.promote_to = Some(role),
                Effect::FieldMedic { hp } => r.field_medic += hp,
                Effect::VictoryGold { gold } => r.victory_gold += gold,
                Effect::KillGold { gold } => r.kill_gold += gold,
                Effect::FreeTeleports { count } => r.free_teleports += count,
                Effect::BulwarkFreeze { ticks } => r.bulwark_freeze += ticks,
                _ => {}
            }
        }
        r
    }

    /// The start HP of a piece of `role` (at least [`START_HP`]).
    #[must_use]
    pub fn start_hp(&self, role: Role) -> u8 {
        self.role_hp[role.index()].max(START_HP)
    }

    /// Whether a piece of `role` repositions after capturing by these rules (a Swift piece always
    /// does).
    #[must_use]
    pub fn swift_role(&self, role: Role) -> bool {
        self.swift_roles & (1 << role.index()) != 0
    }
}
