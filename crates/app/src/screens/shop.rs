//! The shop after a victory: gold, points and battles won; the slots (pieces and modifiers) with their
//! prices, Reroll, Leave; the piece that receives a modifier; owned / limit per role; the run's badges
//! and pack. UI state: [`ShopChoice`] (the chosen recipient, dropped after each purchase).

use bevy::prelude::*;
use gambit_roguelite::run::ShopItem;
use gambit_roguelite::{Decision, RunPhase};
use gambit_rules::Role;

use super::Screen;
use crate::AppSystems;
use crate::run::{RunAdvanced, RunDecision, RunSession, SaveFailure};
use crate::ui::section::show;
use crate::ui::{
    Disabled, Section, View, button, capitalize, error_line, heading, label, mark, page_column, save_banner,
    small_button, spawn_page, wrapping_row,
};

/// What the shop's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Buy a slot.
    Buy(usize),
    /// New stock.
    Reroll,
    /// On to the choice of the next board.
    Leave,
    /// The piece that receives a bought modifier (roster id).
    Recipient(u32),
}

/// The piece chosen to receive a modifier.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ShopChoice {
    /// Roster id.
    pub recipient: Option<u32>,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<ShopChoice>();
    app.add_systems(OnEnter(Screen::Shop), spawn);
    let here = in_state(Screen::Shop).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands, mut choice: ResMut<ShopChoice>) {
    *choice = ShopChoice::default();
    spawn_page(&mut commands, "Shop", Screen::Shop, page_column(), Section::<ShopView>::new());
}

/// One slot's button.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SlotView {
    text: String,
    enabled: bool,
}

/// The shop page.
#[derive(Clone, Debug, PartialEq)]
pub struct ShopView {
    summary: String,
    failure: Option<String>,
    slots: Vec<SlotView>,
    reroll: String,
    /// (roster id, text, chosen)
    recipients: Vec<(u32, String, bool)>,
    owned: String,
    modified: Option<String>,
    /// The run's badges and its pack of consumables, by name.
    items: Option<String>,
    message: Option<String>,
}

impl ShopView {
    fn new(session: &RunSession, choice: &ShopChoice, failure: &SaveFailure) -> Option<ShopView> {
        let run = &session.run;
        let RunPhase::Shop(shop) = run.phase() else { return None };
        // The library says what can be bought now (gold, sold, the piece limits, a recipient).
        let slots = run
            .shop_offers()
            .into_iter()
            .map(|offer| {
                let price = offer.price;
                let text = match offer.item {
                    ShopItem::Piece { role } => format!("{} \u{2014} {price} gold", capitalize(role.name())),
                    ShopItem::Modifier { modifier } => {
                        format!("{}: {} \u{2014} {price} gold", modifier.title(), modifier.description())
                    }
                    ShopItem::Badge { id } | ShopItem::Consumable { id } => {
                        let (name, text) =
                            run.items().get(id).map_or((id.as_str(), ""), |i| (&i.name, &i.text));
                        format!("{name}: {text} \u{2014} {price} gold")
                    }
                };
                let text = match offer.limit {
                    _ if offer.sold => format!("{text} (sold)"),
                    Some(limit) if limit.at_limit() => format!("{text} ({limit})"),
                    _ => text,
                };
                SlotView { text, enabled: offer.refusal.is_none() }
            })
            .collect();
        let reroll = shop.reroll_price();
        let counts: Vec<String> =
            [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
                .iter()
                .map(|&role| format!("{} {}/{}", role.name(), run.owned(role), run.limit(role)))
                .collect();
        let modified: Vec<String> = run
            .roster()
            .iter()
            .filter_map(|o| o.modifier.map(|m| format!("{} #{} ({})", o.role.name(), o.id, m.name())))
            .collect();
        Some(ShopView {
            summary: format!(
                "Gold: {}    Points so far: {}    Battles won: {}",
                run.gold(),
                run.points(),
                run.battles_won()
            ),
            failure: failure.0.clone(),
            slots,
            reroll: if reroll == 0 { "Reroll (free)".to_string() } else { format!("Reroll ({reroll} gold)") },
            recipients: run
                .roster()
                .iter()
                .filter(|o| o.modifier.is_none())
                .map(|o| {
                    (o.id, format!("{} #{}", capitalize(o.role.name()), o.id), choice.recipient == Some(o.id))
                })
                .collect(),
            owned: format!("Owned / limit: {}", counts.join(", ")),
            modified: (!modified.is_empty()).then(|| format!("Modified: {}", modified.join(", "))),
            items: items_line(run),
            message: session.refusal.clone(),
        })
    }
}

/// `Badges: A, B. Pack: C (1 of 3).`, or `None` when the run holds no item.
fn items_line(run: &gambit_roguelite::Run) -> Option<String> {
    let badges: Vec<&str> = run.badge_items().map(|i| i.name.as_str()).collect();
    let pack: Vec<&str> = run.pack_items().map(|i| i.name.as_str()).collect();
    let mut parts = Vec::new();
    if !badges.is_empty() {
        parts.push(format!("Badges: {}.", badges.join(", ")));
    }
    if !pack.is_empty() {
        parts.push(format!(
            "Pack: {} ({} of {}).",
            pack.join(", "),
            pack.len(),
            gambit_roguelite::items::PACK_SIZE
        ));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

impl View for ShopView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Shop"));
        p.spawn(label(self.summary.clone()));
        save_banner::spawn(p, self.failure.as_deref());
        for (i, slot) in self.slots.iter().enumerate() {
            let mut b = p.spawn(button(slot.text.clone(), Action::Buy(i)));
            if !slot.enabled {
                b.insert(Disabled);
            }
        }
        p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
            row.spawn(button(self.reroll.clone(), Action::Reroll));
            row.spawn(button("Leave the shop", Action::Leave));
        });
        p.spawn(label("A modifier goes to (pieces without one):"));
        p.spawn(Node { justify_content: JustifyContent::Center, ..wrapping_row() }).with_children(|row| {
            for (id, text, chosen) in &self.recipients {
                row.spawn(small_button(mark(*chosen, text.clone()), Action::Recipient(*id)));
            }
        });
        p.spawn(label(self.owned.clone()));
        if let Some(modified) = &self.modified {
            p.spawn(label(modified.clone()));
        }
        if let Some(items) = &self.items {
            p.spawn(label(items.clone()));
        }
        if let Some(msg) = &self.message {
            p.spawn(error_line(msg.clone()));
        }
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    choice: Res<ShopChoice>,
    failure: Res<SaveFailure>,
    mut sections: crate::ui::section::Sections<ShopView>,
) {
    if let Some(view) = ShopView::new(&session, &choice, &failure) {
        show(&mut commands, &mut sections, &view);
    }
}

fn on_action(
    mut actions: MessageReader<Action>,
    mut advanced: MessageReader<RunAdvanced>,
    mut choice: ResMut<ShopChoice>,
    mut out: MessageWriter<RunDecision>,
) {
    // A purchase went through: the recipient got its modifier (or the stock changed).
    if advanced.read().count() > 0 {
        choice.recipient = None;
    }
    for action in actions.read() {
        match *action {
            Action::Buy(slot) => {
                out.write(RunDecision(Decision::Buy { slot, recipient: choice.recipient }));
            }
            Action::Reroll => {
                out.write(RunDecision(Decision::Reroll));
            }
            Action::Leave => {
                out.write(RunDecision(Decision::LeaveShop));
            }
            Action::Recipient(id) => choice.recipient = Some(id),
        }
    }
}
