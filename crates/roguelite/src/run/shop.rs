//! What a shop sells and how its screen sees it: [`ShopItem`], [`ShopSlot`], [`Shop`] (one visit),
//! [`ShopOffer`] (a slot as [`Run::shop_offers`] presents it) and [`PieceLimit`].

use std::fmt;

use gambit_rules::Role;
use serde::{Deserialize, Serialize};

use super::RunError;
#[cfg(doc)]
use super::{Decision, Run};
use crate::economy::{modifier_price, piece_price};
#[cfg(doc)]
use crate::items::PACK_SIZE;
use crate::items::{Item, ItemCatalogue, ItemId};
#[cfg(doc)]
use crate::tuning::Prices;
use crate::tuning::Tuning;
use crate::types::Modifier;

/// Something sold in a shop.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ShopItem {
    /// A new piece.
    Piece {
        /// Its role.
        role: Role,
    },
    /// A modifier for a piece that has none.
    Modifier {
        /// The modifier.
        modifier: Modifier,
    },
    /// A badge ([`crate::items`]): run-long, one of each.
    Badge {
        /// The item's id in the run's catalogue.
        id: ItemId,
    },
    /// A consumable for the pack ([`PACK_SIZE`] at most).
    Consumable {
        /// The item's id in the run's catalogue.
        id: ItemId,
    },
}

impl ShopItem {
    /// The price in gold under the shipped tuning and catalogue (a slot's [`ShopSlot::price`] is
    /// what it sells for).
    #[must_use]
    pub fn price(self) -> u32 {
        match self {
            ShopItem::Piece { role } => piece_price(role),
            ShopItem::Modifier { modifier } => modifier_price(modifier),
            ShopItem::Badge { id } | ShopItem::Consumable { id } => {
                ItemCatalogue::shipped().get(id).map_or(0, |i| i.price)
            }
        }
    }

    /// The catalogue id of an item (a modifier's is its name); `None` for a piece.
    #[must_use]
    pub fn item_id(self) -> Option<ItemId> {
        match self {
            ShopItem::Piece { .. } => None,
            ShopItem::Modifier { modifier } => modifier.name().parse().ok(),
            ShopItem::Badge { id } | ShopItem::Consumable { id } => Some(id),
        }
    }
}

/// One slot of a shop.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShopSlot {
    /// What it sells.
    pub item: ShopItem,
    /// Its price in gold, fixed when the stock was made ([`ShopItem::price`] then).
    pub price: u32,
    /// Already bought.
    #[serde(default)]
    pub sold: bool,
}

/// How many pieces of a role the roster owns against its purchase limit (the Bishop's company node
/// counts). `Display`: `owned 2 / 3`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PieceLimit {
    /// The role.
    pub role: Role,
    /// Owned pieces of that role.
    pub owned: u32,
    /// The purchase limit ([`Run::limit`]).
    pub limit: u32,
}

impl PieceLimit {
    /// Whether the roster owns as many as the limit allows (a purchase would be refused).
    #[must_use]
    pub fn at_limit(self) -> bool {
        self.owned >= self.limit
    }
}

impl fmt::Display for PieceLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "owned {} / {}", self.owned, self.limit)
    }
}

/// One shop slot as the shop screen shows it: what it sells, whether it can be bought now and why
/// not ([`Run::shop_offers`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShopOffer {
    /// The slot index (for [`Decision::Buy`]).
    pub slot: usize,
    /// What it sells.
    pub item: ShopItem,
    /// Its price in gold.
    pub price: u32,
    /// Already bought.
    pub sold: bool,
    /// The gold held covers the price.
    pub affordable: bool,
    /// For a piece: owned against the limit (`owned n / limit`).
    pub limit: Option<PieceLimit>,
    /// For a modifier: how many owned pieces could receive it (those without a modifier).
    pub recipients: usize,
    /// For an item (modifier, badge, consumable): its catalogue entry (the name and text players
    /// see).
    pub info: Option<Item>,
    /// Why [`Decision::Buy`] would be refused now (`None`: it can be bought; a modifier still needs a
    /// recipient).
    pub refusal: Option<RunError>,
}

impl ShopOffer {
    /// Whether it can be bought now (not sold, affordable, under the limit, a recipient exists).
    #[must_use]
    pub fn buyable(&self) -> bool {
        self.refusal.is_none()
    }
}

/// A shop visit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shop {
    /// Up to four piece slots (only roles under their purchase limit are offered), the tuning's
    /// modifier slots ([`crate::tuning::ShopSlots`], more with the perks) and badge slots (while
    /// badges are left to buy) and a consumable slot.
    pub slots: Vec<ShopSlot>,
    /// Rerolls done in this visit.
    pub rerolls: u32,
    /// Free rerolls left in this visit.
    pub free_rerolls: u32,
    /// The price of a reroll once the free ones are used (the run's [`Prices::reroll`]).
    #[serde(default = "default_reroll_cost")]
    pub reroll_cost: u32,
}

fn default_reroll_cost() -> u32 {
    Tuning::default().prices.reroll
}

impl Shop {
    /// The price of the next reroll in gold (0 while free rerolls last).
    #[must_use]
    pub fn reroll_price(&self) -> u32 {
        if self.free_rerolls > 0 { 0 } else { self.reroll_cost }
    }
}
