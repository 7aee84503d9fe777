//! The shop after a victory: gold, points and battles won; the slots as cards (the piece or item, what
//! it does, its price, owned / limit or sold), Reroll, Leave; the army as cards, to choose the piece
//! that receives a modifier; owned / limit per role; the run's badges and pack. UI state: [`ShopChoice`] (the chosen recipient, dropped after each purchase).

use bevy::prelude::*;
use gambit_roguelite::run::ShopItem;
use gambit_roguelite::{Decision, RunPhase};
use gambit_rules::Role;

use super::Screen;
use crate::AppSystems;
use crate::board::art::PieceImages;
use crate::run::{RunAdvanced, RunDecision, RunSession};
use crate::ui::section::show;
use crate::ui::{
    CARD_MARGIN, Card, CardSize, Disabled, Section, View, button, capitalize, heading, label, page_column,
    spawn_card, spawn_page, wrapping_row,
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
    // The full window's width, so a row that changes does not re-centre the page.
    let column = Node { width: Val::Percent(100.0), ..page_column() };
    spawn_page(&mut commands, "Shop", Screen::Shop, column, Section::<ShopView>::new());
}

/// The shown name of a piece of the army, the same as on every screen ([`Run::piece_name`]:
/// `Knight`, `Knight 2`).
///
/// [`Run::piece_name`]: gambit_roguelite::Run::piece_name
fn piece_name(run: &gambit_roguelite::Run, id: u32) -> String {
    run.piece_name(id).map_or_else(|| "a piece".to_string(), |n| n.to_string())
}

/// The shop page.
#[derive(Clone, Debug, PartialEq)]
pub struct ShopView {
    summary: String,
    /// (card, can be bought now)
    slots: Vec<(Card, bool)>,
    reroll: String,
    /// The army, one card per piece: (roster id, card, can receive a modifier).
    recipients: Vec<(u32, Card, bool)>,
    owned: String,
    /// The run's badges and its pack of consumables, by name.
    items: Option<String>,
    message: Option<String>,
}

impl ShopView {
    fn new(session: &RunSession, choice: &ShopChoice, images: Option<&PieceImages>) -> Option<ShopView> {
        let run = &session.run;
        // The board's own picture of a piece of the player's side.
        let image = |role: Role| images.map(|i| i.get(gambit_rules::Color::White, role));
        let RunPhase::Shop(shop) = run.phase() else { return None };
        let recipient = choice.recipient.map(|id| piece_name(run, id));
        // The library says what can be bought now (gold, sold, the piece limits, a recipient).
        let slots = run
            .shop_offers()
            .into_iter()
            .map(|offer| {
                let mut card = Card { price: Some(format!("{} gold", offer.price)), ..Card::default() };
                match offer.item {
                    ShopItem::Piece { role } => {
                        card.art = crate::board::view::glyphs(role).0.to_string();
                        card.image = image(role);
                        card.title = capitalize(role.name());
                        card.text = gambit_roguelite::PieceName::role_text(role).to_string();
                        card.status = offer.limit.map(|limit| limit.to_string());
                    }
                    ShopItem::Modifier { modifier } => {
                        card.art = crate::board::view::modifier_icon(modifier.letter());
                        card.title = modifier.title().to_string();
                        card.text = modifier.description().to_string();
                        // Its kind, as the badge and consumable cards say theirs, and its piece.
                        card.status = Some(match &recipient {
                            Some(name) => format!("modifier: for {name}"),
                            None => "modifier: for one piece".to_string(),
                        });
                    }
                    ShopItem::Badge { id } | ShopItem::Consumable { id } => {
                        let badge = matches!(offer.item, ShopItem::Badge { .. });
                        card.art = if badge { "\u{2605}" } else { "\u{2697}" }.to_string();
                        let (name, text) =
                            run.items().get(id).map_or((id.as_str(), ""), |i| (&i.name, &i.text));
                        card.title = name.to_string();
                        card.text = text.to_string();
                        card.status =
                            Some(if badge { "badge: every battle" } else { "consumable" }.to_string());
                    }
                }
                if offer.sold {
                    card.status = Some("sold".to_string());
                }
                (card, offer.refusal.is_none())
            })
            .collect();
        let reroll = shop.reroll_price();
        let counts: Vec<String> =
            [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
                .iter()
                .map(|&role| format!("{} {}/{}", role.name(), run.owned(role), run.limit(role)))
                .collect();
        Some(ShopView {
            summary: format!(
                "Gold: {}    Points so far: {}    Battles won: {}",
                run.gold(),
                run.points(),
                run.battles_won()
            ),
            slots,
            reroll: if reroll == 0 { "Reroll (free)".to_string() } else { format!("Reroll ({reroll} gold)") },
            // Every piece keeps its place: one with a modifier stays in the row, disabled, so the
            // row never re-centres under the pointer after a purchase.
            recipients: run
                .roster()
                .iter()
                .map(|o| {
                    let card = Card {
                        title: format!("{} {}", crate::board::view::glyphs(o.role).0, piece_name(run, o.id)),
                        status: o.modifier.map(|m| m.title().to_string()),
                        selected: choice.recipient == Some(o.id),
                        ..Card::default()
                    };
                    (o.id, card, o.modifier.is_none())
                })
                .collect(),
            owned: format!("Owned / limit: {}", counts.join(", ")),
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
        p.spawn(Node { justify_content: JustifyContent::Center, ..wrapping_row() }).with_children(|row| {
            for (i, (card, enabled)) in self.slots.iter().enumerate() {
                let mut b = spawn_card(row, card, Action::Buy(i), CardSize::Offer);
                if !enabled {
                    b.insert(Disabled);
                }
            }
        });
        p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
            row.spawn(button(self.reroll.clone(), Action::Reroll));
            row.spawn(button("Leave the shop", Action::Leave));
        });
        p.spawn(label("A modifier goes to the piece chosen here (one without a modifier):"));
        // Chips in a grid of as many columns as the window holds, the columns centred: a piece
        // bought fills the next cell and the others stay put, and two rows of chips hold a full
        // army in the height of one row of piece cards (with cards, 12 pieces made the page taller
        // than the window).
        let (chip_w, _) = CardSize::Chip.units();
        let column = (chip_w + 2.0 * CARD_MARGIN) * crate::ui::scale::UNIT_PX;
        p.spawn(Node {
            display: Display::Grid,
            width: Val::Percent(100.0),
            grid_template_columns: vec![RepeatedGridTrack::px(GridTrackRepetition::AutoFill, column)],
            justify_content: JustifyContent::Center,
            ..default()
        })
        .with_children(|row| {
            for (id, card, enabled) in &self.recipients {
                let mut b = spawn_card(row, card, Action::Recipient(*id), CardSize::Chip);
                if !enabled {
                    b.insert(Disabled);
                }
            }
        });
        p.spawn(label(self.owned.clone()));
        // Always there (empty until the run holds an item), so the first badge bought moves nothing.
        p.spawn(crate::ui::reserved_line(self.items.clone().unwrap_or_default(), 1.0));
        p.spawn(crate::ui::message_line(self.message.as_deref(), 1.0));
    }
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    choice: Res<ShopChoice>,
    images: Option<Res<PieceImages>>,
    mut sections: crate::ui::section::Sections<ShopView>,
) {
    if let Some(view) = ShopView::new(&session, &choice, images.as_deref()) {
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
