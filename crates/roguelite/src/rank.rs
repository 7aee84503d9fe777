//! Difficulty ranks: ten rungs, 0 to 9, as data (`data/ranks.json`). Rank 0 is the game as tuned
//! (`data/tuning.json`); each rank above raises named parameters: the enemy's search preset per
//! stage, badges the enemy starts every battle with, fewer piece slots in shops, shorter move budgets
//! (before and after a proof's floor), and less gold per victory. A profile unlocks
//! rank N + 1 by winning a run at rank N ([`Progress::record_run`](crate::save::Progress::record_run)).
//!
//! A run records its rank's rules in its configuration ([`RunConfig::rank`]): the enemy presets, move
//! budgets and gold go into [`RunConfig::tuning`] and [`RunConfig::economy`] when the run is made
//! ([`RankRules::apply`]); the enemy badges, the shop slots and the proof cut are read from
//! [`RunConfig::rank`].
//!
//! ```
//! use gambit_roguelite::rank::{Rank, RankRules};
//! let hard = RankRules::of(Rank::MAX);
//! assert!(hard.shop_piece_slots < RankRules::of(Rank::MIN).shop_piece_slots);
//! assert!("10".parse::<Rank>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use gambit_search::Preset;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bot::{DEFAULT_STAGES, EnemyTuning, THINKING_STAGES, Thinking};
use crate::config::RunConfig;
use crate::encounter::templates;
use crate::items::{Category, ItemCatalogue, ItemId};

/// The shipped ranks (`data/ranks.json`).
pub const RANKS_JSON: &str = include_str!("../data/ranks.json");

/// How many ranks there are (0 to 9).
pub const RANK_COUNT: u32 = 10;

/// Piece slots of a shop at rank 0 (the most any rank offers).
pub const BASE_SHOP_PIECE_SLOTS: u32 = 4;

/// A difficulty rank, 0 (the game as tuned) to 9. `Display`: the number. `FromStr`: `"0"` to `"9"`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Rank(u8);

/// A number that is not a rank (0 to 9).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a rank (0 to 9)")]
pub struct RankError(pub String);

impl Rank {
    /// Rank 0.
    pub const MIN: Rank = Rank(0);
    /// Rank 9, the hardest.
    pub const MAX: Rank = Rank(RANK_COUNT as u8 - 1);

    /// The rank with this number.
    ///
    /// # Errors
    /// [`RankError`] above 9.
    pub fn new(n: u32) -> Result<Rank, RankError> {
        Rank::try_from(n)
    }

    /// Its number, 0 to 9.
    #[must_use]
    pub fn number(self) -> u32 {
        u32::from(self.0)
    }

    /// The rank above, `None` at [`Rank::MAX`].
    #[must_use]
    pub fn next(self) -> Option<Rank> {
        (self < Rank::MAX).then(|| Rank(self.0 + 1))
    }

    /// Every rank, 0 first.
    pub fn all() -> impl Iterator<Item = Rank> {
        (0..RANK_COUNT as u8).map(Rank)
    }
}

impl TryFrom<u32> for Rank {
    type Error = RankError;

    fn try_from(n: u32) -> Result<Rank, RankError> {
        if n < RANK_COUNT { Ok(Rank(n as u8)) } else { Err(RankError(n.to_string())) }
    }
}

impl From<Rank> for u32 {
    fn from(r: Rank) -> u32 {
        r.number()
    }
}

impl FromStr for Rank {
    type Err = RankError;

    fn from_str(s: &str) -> Result<Rank, RankError> {
        let text: String = s.chars().take(20).collect();
        s.trim()
            .parse::<u32>()
            .map_err(|_| RankError(text.clone()))
            .and_then(|n| Rank::new(n).map_err(|_| RankError(text)))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What one rank changes, as `data/ranks.json` writes it (every field required).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RankEntry {
    enemy: Vec<Preset>,
    #[serde(default)]
    thinking: Vec<Thinking>,
    enemy_badges: Vec<ItemId>,
    shop_piece_slots: u32,
    move_cut: u32,
    proof_cut: u32,
    gold_cut: u32,
}

/// The rules of a rank, recorded in a run's configuration ([`RunConfig::rank`]). The default is rank
/// 0, which changes nothing (what run files written before ranks read as).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankRules {
    /// The rank.
    pub rank: Rank,
    /// The weakest search preset the enemy may use per stage, stage 1 first (three); rank 0's are the
    /// weakest, so the tuning's own presets apply.
    pub enemy: Vec<Preset>,
    /// The thinking enemy's weakest rung per stage, stage 1 first (three, or none: the tuning's own
    /// rungs): a run's rung is at least this deep (turns) and this large (nodes, beam) and its margin
    /// at most this one ([`RankRules::apply`]). Absent in run files written before it: none.
    #[serde(default)]
    pub thinking: Vec<Thinking>,
    /// Badges the enemy starts every battle with (ids in the run's item catalogue).
    pub enemy_badges: Vec<ItemId>,
    /// Piece slots in every shop (rank 0: [`BASE_SHOP_PIECE_SLOTS`]).
    pub shop_piece_slots: u32,
    /// Moves taken off every battle's move budget (the budget stays at least 4).
    pub move_cut: u32,
    /// Moves taken off a proved board's budget after the proof's floor: a board proved winnable at
    /// generation gets at least its shortest win found plus the stage's slack, and then this many
    /// moves less (never less than the shortest win itself), so the floor cannot give the rank's cut
    /// back. Absent in run files written before it: 0.
    #[serde(default)]
    pub proof_cut: u32,
    /// Gold taken off every victory's base gold.
    pub gold_cut: u32,
}

impl Default for RankRules {
    fn default() -> Self {
        RankRules::of(Rank::MIN)
    }
}

/// A ranks file that cannot be used: the field (`[3].enemy_badges[1]`) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("ranks: {field}: {message}")]
pub struct RanksError {
    /// A path into the file (`[rank].field`), empty for a syntax error.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

/// The smallest move budget a rank's cut leaves.
pub const MIN_BUDGET: u32 = 4;

impl RankRules {
    /// The shipped rules of a rank (`data/ranks.json`).
    #[must_use]
    pub fn of(rank: Rank) -> RankRules {
        static SHIPPED: OnceLock<Vec<RankRules>> = OnceLock::new();
        SHIPPED.get_or_init(|| RankRules::from_json(RANKS_JSON).expect("the shipped ranks are valid"))
            [rank.0 as usize]
            .clone()
    }

    /// Reads and validates a ranks file: exactly [`RANK_COUNT`] entries, three presets each, badges
    /// that are badges of the shipped catalogue, 1 to [`BASE_SHOP_PIECE_SLOTS`] piece slots, and every
    /// rank at least as hard as the one below in every parameter and harder in at least one (a preset
    /// no weaker, the badges of the rank below kept, no more slots, no smaller cuts).
    ///
    /// # Errors
    /// [`RanksError`] naming the entry and the field.
    pub fn from_json(text: &str) -> Result<Vec<RankRules>, RanksError> {
        let err = |field: String, message: String| RanksError { field, message };
        let de = &mut serde_json::Deserializer::from_str(text);
        let entries: Vec<RankEntry> = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            err(if path == "." || path == "?" { String::new() } else { path }, e.inner().to_string())
        })?;
        if entries.len() != RANK_COUNT as usize {
            return Err(err(String::new(), format!("expected {RANK_COUNT} ranks, found {}", entries.len())));
        }
        let items = ItemCatalogue::shipped();
        let mut rules: Vec<RankRules> = Vec::new();
        for (i, e) in entries.into_iter().enumerate() {
            if e.enemy.len() != 3 {
                return Err(err(
                    format!("[{i}].enemy"),
                    format!("expected 3 presets, found {}", e.enemy.len()),
                ));
            }
            if !e.thinking.is_empty() && e.thinking.len() != 3 {
                return Err(err(
                    format!("[{i}].thinking"),
                    format!("expected 3 rungs or none, found {}", e.thinking.len()),
                ));
            }
            for (j, id) in e.enemy_badges.iter().enumerate() {
                if items.get(*id).is_none_or(|it| it.category != Category::Badge) {
                    return Err(err(
                        format!("[{i}].enemy_badges[{j}]"),
                        format!("{} is not a badge", id.as_str()),
                    ));
                }
            }
            if !(1..=BASE_SHOP_PIECE_SLOTS).contains(&e.shop_piece_slots) {
                return Err(err(
                    format!("[{i}].shop_piece_slots"),
                    format!("1 to {BASE_SHOP_PIECE_SLOTS} slots"),
                ));
            }
            let r = RankRules {
                rank: Rank(i as u8),
                enemy: e.enemy,
                thinking: e.thinking,
                enemy_badges: e.enemy_badges,
                shop_piece_slots: e.shop_piece_slots,
                move_cut: e.move_cut,
                proof_cut: e.proof_cut,
                gold_cut: e.gold_cut,
            };
            if let Some(below) = rules.last() {
                if let Some(field) = r.easier_than(below) {
                    return Err(err(format!("[{i}].{field}"), "easier than the rank below".into()));
                }
                if r.same_as(below) {
                    return Err(err(format!("[{i}]"), "raises nothing over the rank below".into()));
                }
            }
            rules.push(r);
        }
        if rules[0].move_cut != 0
            || rules[0].proof_cut != 0
            || rules[0].gold_cut != 0
            || !rules[0].enemy_badges.is_empty()
            || !rules[0].thinking.is_empty()
            || rules[0].shop_piece_slots != BASE_SHOP_PIECE_SLOTS
        {
            return Err(err("[0]".into(), "rank 0 must change nothing but the presets".into()));
        }
        Ok(rules)
    }

    /// The first parameter in which `self` is easier than `below`, if any.
    fn easier_than(&self, below: &RankRules) -> Option<&'static str> {
        if self.enemy.iter().zip(&below.enemy).any(|(a, b)| a < b) {
            Some("enemy")
        } else if self.thinking.len() < below.thinking.len()
            || self.thinking.iter().zip(&below.thinking).any(|(a, b)| {
                a.depth < b.depth
                    || a.nodes < b.nodes
                    || a.beam_width < b.beam_width
                    || a.margin_cp > b.margin_cp
            })
        {
            Some("thinking")
        } else if below.enemy_badges.iter().any(|b| !self.enemy_badges.contains(b)) {
            Some("enemy_badges")
        } else if self.shop_piece_slots > below.shop_piece_slots {
            Some("shop_piece_slots")
        } else if self.move_cut < below.move_cut {
            Some("move_cut")
        } else if self.proof_cut < below.proof_cut {
            Some("proof_cut")
        } else if self.gold_cut < below.gold_cut {
            Some("gold_cut")
        } else {
            None
        }
    }

    fn same_as(&self, below: &RankRules) -> bool {
        self.enemy == below.enemy
            && self.thinking == below.thinking
            && self.enemy_badges.len() == below.enemy_badges.len()
            && self.shop_piece_slots == below.shop_piece_slots
            && self.move_cut == below.move_cut
            && self.proof_cut == below.proof_cut
            && self.gold_cut == below.gold_cut
    }

    /// Makes `config` a run at this rank: each stage's enemy preset at least the rank's (a
    /// configuration's [`EnemyTuning::Custom`] numbers are left as they are) in [`RunConfig::tuning`], every
    /// template's move budget less [`RankRules::move_cut`] (at least [`MIN_BUDGET`]) and the victory
    /// gold less [`RankRules::gold_cut`] into [`RunConfig::economy`], and the rules into
    /// [`RunConfig::rank`]. Call it once, on a configuration of rank 0.
    pub fn apply(&self, config: &mut RunConfig) {
        self.apply_enemy(&mut config.tuning);
        if self.move_cut > 0 {
            for t in templates() {
                let budget = config.economy.budgets.get(&t.name).copied().unwrap_or(t.move_budget);
                config.economy.budgets.insert(t.name, budget.saturating_sub(self.move_cut).max(MIN_BUDGET));
            }
        }
        config.economy.gold.victory = config.economy.gold.victory.saturating_sub(self.gold_cut);
        config.rank = self.clone();
    }

    /// The enemy part of [`RankRules::apply`]: each stage's preset at least the rank's
    /// ([`EnemyTuning::Presets`]), or each thinking rung at least the rank's
    /// ([`RankRules::thinking`]); [`EnemyTuning::Custom`] numbers are left as they are.
    pub fn apply_enemy(&self, tuning: &mut EnemyTuning) {
        if let EnemyTuning::Presets { stages } = &*tuning {
            let stages = (0..self.enemy.len())
                .map(|i| {
                    let base = stages.get(i).or(stages.last()).copied().unwrap_or(DEFAULT_STAGES[i.min(2)]);
                    base.max(self.enemy[i])
                })
                .collect();
            *tuning = EnemyTuning::Presets { stages };
        }
        if let EnemyTuning::Thinking { thinking } = &*tuning
            && !self.thinking.is_empty()
        {
            let rungs = (0..self.thinking.len())
                .map(|i| {
                    let list: &[Thinking] = if thinking.is_empty() { &THINKING_STAGES } else { thinking };
                    let base = list[i.min(list.len() - 1)];
                    let floor = self.thinking[i];
                    Thinking {
                        depth: base.depth.max(floor.depth),
                        nodes: base.nodes.max(floor.nodes),
                        beam_width: base.beam_width.max(floor.beam_width),
                        margin_cp: base.margin_cp.min(floor.margin_cp),
                    }
                })
                .collect();
            *tuning = EnemyTuning::Thinking { thinking: rungs };
        }
    }

    /// What this rank changes from rank 0 in the shipped game (the thinking enemy: the presets of
    /// [`RankRules::enemy`] apply only to the presets' enemy and have no line), one plain line per
    /// change, for the run-start screen
    /// (`Every battle's move budget is 2 moves shorter`); a rank that changes nothing (rank 0) has the
    /// single line `Rank 0: no changes`. A parameter left as at rank 0 has no line.
    #[must_use]
    pub fn describe(&self, items: &ItemCatalogue) -> Vec<String> {
        let base = RankRules::of(Rank::MIN);
        let mut lines = Vec::new();
        lines.extend(self.describe_thinking(&base));
        if !self.enemy_badges.is_empty() {
            let badges: Vec<String> = self
                .enemy_badges
                .iter()
                .map(|&id| items.get(id).map_or_else(|| id.as_str().to_string(), |i| i.name.clone()))
                .collect();
            lines.push(format!("The enemy starts every battle with {}", badges.join(", ")));
        }
        if self.shop_piece_slots != base.shop_piece_slots {
            lines.push(format!(
                "Shops offer {} piece{} instead of {}",
                self.shop_piece_slots,
                plural(self.shop_piece_slots),
                base.shop_piece_slots
            ));
        }
        if self.move_cut > 0 {
            lines.push(format!(
                "Every battle's move budget is {} move{} shorter",
                self.move_cut,
                plural(self.move_cut)
            ));
        }
        if self.proof_cut > 0 {
            lines.push(format!(
                "Proved boards' budgets are {} move{} shorter again, never below their shortest win",
                self.proof_cut,
                plural(self.proof_cut)
            ));
        }
        if self.gold_cut > 0 {
            lines.push(format!("Each victory pays {} gold less", self.gold_cut));
        }
        if lines.is_empty() {
            lines.push(format!("Rank {}: no changes", self.rank));
        }
        lines
    }

    /// [`RankRules::describe`] as one sentence for one wrapping line (the run-start and run-end
    /// screens): the lines joined by `; `, each after the first starting lower-case
    /// (`The enemy always plays the action it judges best (no variety); every battle's move budget
    /// is 1 move shorter`).
    #[must_use]
    pub fn describe_line(&self, items: &ItemCatalogue) -> String {
        self.describe(items)
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let mut chars = line.chars();
                match chars.next() {
                    Some(c) if i > 0 => c.to_lowercase().chain(chars).collect(),
                    _ => line.clone(),
                }
            })
            .collect::<Vec<String>>()
            .join("; ")
    }
}

impl RankRules {
    /// The lines of [`RankRules::describe`] for the thinking enemy's rungs: a stage whose search
    /// reaches deeper or wider than rank 0's, and the margin when the enemy always plays its best.
    fn describe_thinking(&self, base: &RankRules) -> Vec<String> {
        let mut lines = Vec::new();
        if self.thinking == base.thinking {
            return lines;
        }
        let shipped = |i: usize| base.thinking.get(i).copied().unwrap_or(THINKING_STAGES[i.min(2)]);
        for (i, rung) in self.thinking.iter().enumerate() {
            let was = shipped(i);
            if rung.depth > was.depth || rung.nodes > was.nodes {
                lines.push(format!(
                    "Stage {} enemy thinks up to {} turns ahead ({} positions a move)",
                    i + 1,
                    rung.depth.max(was.depth),
                    thousands(rung.nodes.max(was.nodes))
                ));
            }
        }
        if !self.thinking.is_empty() && self.thinking.iter().all(|r| r.margin_cp == 0) {
            lines.push("The enemy always plays the action it judges best (no variety)".into());
        }
        lines
    }
}

/// `n` with a comma between thousands (`150,000`).
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `"s"` unless `n` is 1.
fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl RunConfig {
    /// A configuration of `rank` with the shipped tuning and `seed` ([`RankRules::apply`] on
    /// [`RunConfig::new`]).
    #[must_use]
    pub fn ranked(seed: u64, rank: Rank) -> RunConfig {
        let mut config = RunConfig::new(seed);
        RankRules::of(rank).apply(&mut config);
        config
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rank 0 says it changes nothing; every other rank names only what it changes, with no
    /// zero amounts ("0 moves shorter" read like a formula on the run-start screen).
    #[test]
    fn descriptions_name_only_real_changes() {
        let items = ItemCatalogue::shipped();
        assert_eq!(RankRules::of(Rank::MIN).describe(items), vec!["Rank 0: no changes".to_string()]);
        let one = RankRules::of(Rank::try_from(1).unwrap()).describe(items);
        assert_eq!(
            one,
            vec![
                "Stage 3 enemy thinks up to 5 turns ahead (150,000 positions a move)".to_string(),
                "Every battle's move budget is 1 move shorter".to_string(),
                "Each victory pays 5 gold less".to_string()
            ]
        );
        // Every rank step changes something the player meets in battle beyond budgets and gold: a
        // line about the enemy (its search or its badges) that the rank below does not have.
        for n in 1..RANK_COUNT {
            let below = RankRules::of(Rank::try_from(n - 1).unwrap()).describe(items);
            let lines = RankRules::of(Rank::try_from(n).unwrap()).describe(items);
            assert!(
                lines
                    .iter()
                    .any(|l| !below.contains(l) && (l.starts_with("The enemy") || l.starts_with("Stage"))),
                "rank {n} changes no battle rule or enemy capability: {lines:?}"
            );
        }
        for n in 1..RANK_COUNT {
            let lines = RankRules::of(Rank::try_from(n).unwrap()).describe(items);
            assert!(!lines.is_empty(), "rank {n}");
            for line in &lines {
                assert!(!line.contains(" 0 ") && !line.contains("no changes"), "rank {n}: {line}");
            }
        }
        let top = RankRules::of(Rank::MAX).describe(items);
        assert!(top.iter().any(|l| l.contains("25 gold less")), "{top:?}");
        assert!(top.iter().any(|l| l.starts_with("The enemy starts every battle with")), "{top:?}");
        assert!(top.iter().any(|l| l.contains("shorter again, never below their shortest win")), "{top:?}");
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(40_000), "40,000");
        assert_eq!(thousands(1_000_000), "1,000,000");
        let two = RankRules::of(Rank::try_from(2).unwrap()).describe(ItemCatalogue::shipped());
        assert!(two.iter().any(|l| l.contains("(150,000 positions a move)")), "{two:?}");
    }

    #[test]
    fn bad_rank_files_name_the_field() {
        let mut v: serde_json::Value = serde_json::from_str(RANKS_JSON).unwrap();
        v[4]["shop_piece_slots"] = 9.into();
        let e = RankRules::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.field, "[4].shop_piece_slots");

        let mut v: serde_json::Value = serde_json::from_str(RANKS_JSON).unwrap();
        v[5]["move_cut"] = 0.into();
        let e = RankRules::from_json(&v.to_string()).unwrap_err();
        assert_eq!((e.field.as_str(), e.message.as_str()), ("[5].move_cut", "easier than the rank below"));

        let mut v: serde_json::Value = serde_json::from_str(RANKS_JSON).unwrap();
        v[9]["proof_cut"] = 0.into();
        let e = RankRules::from_json(&v.to_string()).unwrap_err();
        assert_eq!((e.field.as_str(), e.message.as_str()), ("[9].proof_cut", "easier than the rank below"));

        let mut v: serde_json::Value = serde_json::from_str(RANKS_JSON).unwrap();
        for r in v.as_array_mut().unwrap() {
            r["proof_cut"] = (r["proof_cut"].as_u64().unwrap() + 1).into();
        }
        assert_eq!(RankRules::from_json(&v.to_string()).unwrap_err().field, "[0]");

        let mut v: serde_json::Value = serde_json::from_str(RANKS_JSON).unwrap();
        v[2]["enemy_badges"] = serde_json::json!(["haste"]);
        let e = RankRules::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.field, "[2].enemy_badges[0]");

        let mut v: serde_json::Value = serde_json::from_str(RANKS_JSON).unwrap();
        v[1] = v[0].clone();
        let e = RankRules::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.message, "raises nothing over the rank below");

        let mut v: serde_json::Value = serde_json::from_str(RANKS_JSON).unwrap();
        v.as_array_mut().unwrap().pop();
        assert!(RankRules::from_json(&v.to_string()).is_err());
        assert!(RankRules::from_json("[").is_err());
    }

    #[test]
    fn ranks_parse_and_stop_at_nine() {
        assert_eq!("3".parse::<Rank>().unwrap().number(), 3);
        assert!("-1".parse::<Rank>().is_err());
        assert!("x".parse::<Rank>().is_err());
        assert_eq!(Rank::MAX.next(), None);
        assert_eq!(Rank::MIN.next().map(Rank::number), Some(1));
        assert_eq!(Rank::all().count(), RANK_COUNT as usize);
        assert!(serde_json::from_str::<Rank>("10").is_err());
        assert_eq!(serde_json::to_string(&Rank::MAX).unwrap(), "9");
    }
}
