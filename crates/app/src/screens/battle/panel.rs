//! The battle screen's panel ([`BattleView`]: the report of a finished battle, or the battle's
//! state: title, objective, budget, skills, the enemy's skills, the pack, the badges, the piece
//! card, the message and the event log) and the log and foot lines the tutorial and the replay
//! share with it.

use bevy::prelude::*;
use gambit_roguelite::items::Category;
use gambit_roguelite::{Battle, BattleAction, Team};
use gambit_rules::Square;
use gambit_skills::Skill;

use super::{Action, BattleInput, StrandingNotice, is_prompt};
use crate::run::RunSession;
use crate::ui::{Disabled, View, button, capitalize, heading, label, reserved_line, small_button, text_font};

/// Ticks until `team`'s `skill` is ready (0: ready).
pub(super) fn cooldown(battle: &Battle, team: Team, skill: Skill) -> u32 {
    battle.cooldown(team, skill).unwrap_or(0)
}

fn objective_status(battle: &Battle) -> String {
    let mut text = format!(
        "Objective: {} \u{2014} {}",
        battle.objective(),
        if battle.objective_complete() { "done" } else { "not yet" }
    );
    // The library says where the bonus stands: not yet, on track, done (for good), lost (the moment
    // it is), earned.
    if let (Some(b), Some(state)) = (battle.bonus(), battle.bonus_state()) {
        text.push_str(&format!("\nBonus: {b} \u{2014} {state}"));
    }
    if battle.royal_kings() {
        text.push('\n');
        text.push_str(crate::screens::deploy::ROYAL_KINGS);
    }
    text
}

/// One consumable's button in the battle panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackView {
    /// The pack slot, 0-based.
    pub slot: u8,
    /// `1. Name`, as the command `use 1` counts; `1. used` once used.
    pub text: String,
    /// `Name: text`, what it does ([`crate::ui::ItemTip`]: shown under the board while the pointer is
    /// over the button or the button has the focus); when it cannot be used on the player's turn, why
    /// instead (`Name (not now): reason.`, [`gambit_roguelite::Battle::consumable_refusal`]).
    pub tip: String,
    /// Among the legal actions now (some target, or none needed).
    pub enabled: bool,
}

/// The battle panel: the report of a finished battle, or the battle's state. (One value per panel
/// rebuild: the size difference between the variants costs nothing.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum BattleView {
    /// The battle just ended.
    Ended {
        /// Victory or defeat.
        won: bool,
        /// The points breakdown.
        lines: Vec<String>,
    },
    /// The battle goes on.
    Ongoing {
        /// `Battle N`.
        title: String,
        /// The boss's rule beside the title (`♚ Warband`) and its tip (`Boss rule: Warband (an
        /// enemy pawn arrives every 3 enemy turns)`), in a boss's battle.
        boss: Option<(String, String)>,
        /// The objective and bonus status.
        objective: String,
        /// `Moves left: n of m`.
        moves: String,
        /// Whose move, or the enemy thinking.
        status: String,
        /// A reposition can be skipped.
        skip: bool,
        /// The skill buttons' states, when the player has skills ([`crate::ui::cooldown_words`]:
        /// `ready`, `3 ticks`).
        skills: Option<[(Skill, String); 2]>,
        /// The enemy's skills and their cooldowns (`Enemy skills: Teleport ready, Freeze in 2 ticks`),
        /// or `Enemy skills: none`.
        enemy_skills: String,
        /// The consumables' buttons, in pack order.
        pack: Vec<PackView>,
        /// The run's badges, (name, `Name: text`) each ([`crate::ui::spawn_badge_chips`]).
        badges: Vec<(String, String)>,
        /// The card of the piece under the pointer or the cursor.
        card: Option<String>,
        /// The last refusal or hint.
        message: Option<String>,
        /// The message is the prompt of the targeting mode in progress (what to click next): drawn in the
        /// accent colour, a refusal in the error colour.
        prompt: bool,
        /// The event log's last lines.
        log: String,
    },
}

impl BattleView {
    pub(super) fn new(
        session: &RunSession,
        input: &BattleInput,
        busy: bool,
        hovered: Option<Square>,
        foresight: Option<String>,
        notice: &StrandingNotice,
        legal: &[BattleAction],
    ) -> Option<BattleView> {
        if let Some(end) = &session.battle_end {
            return Some(BattleView::Ended { won: end.won, lines: end.lines.clone() });
        }
        let battle = session.battle()?;
        let status = if busy {
            "The enemy is thinking\u{2026}".to_string()
        } else if battle.pending_reposition().is_some() {
            "Swift: reposition the piece (no capture), or skip.".to_string()
        } else if battle.to_move() == Team::Player {
            // The status keeps two lines: the foresight preview's takes the second.
            match foresight {
                Some(line) => format!("Your move\n{line}"),
                None => "Your move".to_string(),
            }
        } else {
            "Enemy to move".to_string()
        };
        let skills = battle.has_skills(Team::Player).then(|| {
            [Skill::Teleport, Skill::Freeze]
                .map(|skill| (skill, crate::ui::cooldown_words(cooldown(battle, Team::Player, skill))))
        });
        // Said either way, so the player knows the enemy cannot teleport or freeze.
        let enemy_skills = crate::ui::opponent_skills(
            "Enemy skills",
            battle
                .has_skills(Team::Enemy)
                .then(|| [Skill::Teleport, Skill::Freeze].map(|skill| cooldown(battle, Team::Enemy, skill))),
        );
        let card = hovered.and_then(|sq| battle.unit_at(sq)).map(piece_card);
        // The library says which consumables are usable now (`legal`: none while the enemy moves or
        // thinks).
        let pack = battle
            .pack()
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| {
                let (slot, index) = ((*slot)?, u8::try_from(i).ok()?);
                // The run's pack names the slot; a showcase battle's pack is found by its effect.
                let items = session.run.items();
                let item = session
                    .run
                    .pack()
                    .get(i)
                    .and_then(|&id| items.get(id))
                    .filter(|it| it.effect == slot.effect)
                    .or_else(|| items.of(Category::Consumable).find(|it| it.effect == slot.effect));
                let name = item.map_or("Consumable", |it| it.name.as_str());
                let text = item.map_or("", |it| it.text.as_str());
                // A used one says so in the place of its name, which is never shorter than `used`, so
                // the row never grows after the panel's scale is decided; its tip keeps the name.
                // An unused one that cannot be used on the player's turn says why (the library's
                // reason); on the enemy's turn every button is grey for the same plain reason.
                let (label, tip) = if slot.used {
                    ("used", format!("{name} (used): {text}"))
                } else if let Some(reason) = (!busy && battle.to_move() == Team::Player)
                    .then(|| battle.consumable_refusal(index))
                    .flatten()
                {
                    // The reason in the place of the text: with it, the longest tip outgrew the
                    // hover room; the reason says what the item needs.
                    (name, format!("{name} (not now): {reason}."))
                } else {
                    (name, format!("{name}: {text}"))
                };
                Some(PackView {
                    slot: index,
                    text: format!("{}. {label}", i + 1),
                    tip,
                    enabled: legal
                        .iter()
                        .any(|a| matches!(*a, BattleAction::Use { slot, .. } if slot == index)),
                })
            })
            .collect();
        let badges = session.badge_chips();
        let start = session.log.len().saturating_sub(12);
        // The run's boss rule, for the run's own battle (a showcase is not the run's).
        let boss = session.run.boss_rule().filter(|_| session.showcase.is_none()).map(|rule| {
            let (icon, _) = crate::screens::map::icon(gambit_roguelite::route::NodeKind::Boss { rule });
            (format!("{icon} {}", rule.name()), format!("{icon} Boss rule: {rule}"))
        });
        Some(BattleView::Ongoing {
            title: format!("Battle {}", session.run.battles_won() + 1),
            boss,
            objective: objective_status(battle),
            moves: format!("Moves left: {} of {}", battle.moves_left(), battle.move_budget()),
            status,
            skip: battle.pending_reposition().is_some() && !busy,
            skills,
            enemy_skills,
            pack,
            badges,
            card,
            message: input
                .message
                .clone()
                .or_else(|| session.refusal.clone())
                .or_else(|| notice.text.clone()),
            prompt: is_prompt(input),
            log: session.log[start..].join("\n"),
        })
    }
}

/// The hovered piece's card at the panel's foot: `Enemy Bishop: 2 HP — Armored (broken) — marked
/// target`. The modifier by name (what it does is on the board's hover card beside the piece), said
/// spent once spent ([`gambit_roguelite::battle::Unit::armor_broken`]).
pub(super) fn piece_card(unit: &gambit_roguelite::battle::Unit) -> String {
    let mut text = format!("{}: {} HP", capitalize(&unit.name()), unit.hp);
    if let Some(m) = unit.modifier {
        text.push_str(&format!(" \u{2014} {}", m.title()));
        if unit.armor_broken() {
            text.push_str(" (broken)");
        }
    }
    if unit.target {
        text.push_str(" \u{2014} marked target");
    }
    text
}

impl View for BattleView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        match self {
            BattleView::Ended { won, lines } => {
                p.spawn(heading(if *won { "Victory" } else { "Defeat" }));
                for line in lines {
                    p.spawn(label(line.clone()));
                }
                p.spawn(button("Continue", Action::Continue));
            }
            BattleView::Ongoing {
                title,
                boss,
                objective,
                moves,
                status,
                skip,
                skills,
                enemy_skills,
                pack,
                badges,
                card,
                message,
                prompt,
                log,
            } => {
                // A smaller heading than a page's: the panel is the battle's dashboard, and its log and
                // foot keep their room at 900x600.
                // The boss's rule by name beside the title (no line of its own: the panel is full with
                // every badge), what it does under the board on hover, as an item's.
                p.spawn(Node {
                    column_gap: crate::ui::units(1.5),
                    margin: UiRect::bottom(crate::ui::units(1.0)),
                    ..crate::ui::row()
                })
                .with_children(|row| {
                    row.spawn((
                        Text::new(title.clone()),
                        text_font(4.4),
                        TextColor(crate::palette::STANDARD.accent),
                    ));
                    if let Some((name, tip)) = boss {
                        row.spawn(crate::ui::item_chip(
                            name.clone(),
                            tip.clone(),
                            2.4,
                            crate::palette::STANDARD.accent,
                        ));
                    }
                });
                p.spawn(label(objective.clone()));
                p.spawn(label(moves.clone()));
                // Lines that come and go keep their room, so nothing moves under the pointer: the
                // status has two lines, Skip joins the skills row, and the piece card and the message
                // have their own lines at the panel's foot, under the log (which keeps room for its
                // last lines and is never drawn under them).
                p.spawn(reserved_line(status.clone(), 2.0));
                // The skill buttons are of one fixed size ([`crate::ui::widgets::skill_button`]), and the row keeps their
                // height without skills.
                p.spawn(Node {
                    min_height: crate::ui::units(crate::ui::widgets::SKILL_BUTTON_H + 0.9),
                    ..crate::ui::row()
                })
                .with_children(|row| {
                    for (skill, state) in skills.iter().flatten() {
                        row.spawn(crate::ui::widgets::skill_button(*skill, state, Action::Cast(*skill)));
                    }
                    if *skip {
                        row.spawn(small_button("Skip", Action::SkipReposition));
                    }
                });
                p.spawn((label(enemy_skills.clone()), TextColor(crate::palette::STANDARD.muted)));
                if !pack.is_empty() {
                    // The consumables by name in a wrapping row, what each does under the board while
                    // the pointer is over it or it has the focus: with their texts, a full pack and the
                    // badges pushed the log off the panel at 1280x800.
                    p.spawn(label("Consumables (free: your turn goes on):"));
                    p.spawn(Node { flex_shrink: 0.0, ..crate::ui::wrapping_row() }).with_children(|row| {
                        for item in pack {
                            let mut b = row.spawn((
                                crate::ui::text_button(item.text.clone(), Action::Use(item.slot)),
                                crate::ui::ItemTip(item.tip.clone()),
                            ));
                            if !item.enabled {
                                b.insert(Disabled);
                            }
                        }
                    });
                }
                crate::ui::spawn_badge_chips(p, badges);
                let text =
                    if log.is_empty() { "No moves yet in this battle.".to_string() } else { log.clone() };
                spawn_log(p, text);
                let palette = crate::palette::STANDARD;
                let colour = if *prompt { palette.accent } else { palette.error };
                spawn_foot(
                    p,
                    &[
                        (card.clone().unwrap_or_default(), FOOT_CARD, palette.accent),
                        (message.clone().unwrap_or_default(), FOOT_MESSAGE, colour),
                    ],
                );
            }
        }
    }
}

/// The least lines of the log a board screen's panel keeps room for (the log takes the panel's
/// free height, never less).
pub(crate) const LOG_LINES: f32 = 2.0;

/// The log's font, units (as [`crate::ui::spawn_log_tail`] draws it).
pub(super) const LOG_FONT: f32 = 1.9;

/// A board screen's log (the battle's, the tutorial's): its newest lines at the bottom of the panel's
/// free height, in a box of at least [`LOG_LINES`] lines, so the lines above and the foot below
/// ([`spawn_foot`]) never squeeze it to nothing nor are drawn over it.
pub(crate) fn spawn_log(p: &mut ChildSpawnerCommands<'_>, text: String) {
    let line = LOG_FONT * crate::ui::widgets::LINE_FACTOR + crate::ui::widgets::RESERVE_SLACK;
    p.spawn((
        Name::new("Log"),
        Node {
            flex_grow: 1.0,
            flex_basis: Val::Px(0.0),
            min_height: crate::ui::units(line * LOG_LINES),
            flex_direction: FlexDirection::Column,
            ..default()
        },
    ))
    .with_children(|room| crate::ui::spawn_log_tail(room, text, 0.0));
}

/// The battle foot's piece card: font, units, and lines.
pub(super) const FOOT_CARD: (f32, f32) = (1.9, 1.0);

/// The battle foot's message (a refusal, the targeting prompt, a stranding warning in its short
/// form, [`StrandingWarning::summary`](gambit_roguelite::battle::StrandingWarning::summary)): font,
/// units, and lines (about 42 characters a line at 900x600).
pub(super) const FOOT_MESSAGE: (f32, f32) = (2.0, 2.0);

/// The foot of a board screen's panel: lines in boxes of their own height (`text`, (font units,
/// lines), colour), there whether they say something or not, so the log above keeps its room and
/// nothing moves when a card or a message comes and goes; a box that says something has the panel's
/// background, an empty one none (a piece card alone showed a large, mostly empty box). A hover
/// card for the layout check: it must cover no button.
pub(crate) fn spawn_foot(p: &mut ChildSpawnerCommands<'_>, lines: &[(String, (f32, f32), Color)]) {
    p.spawn((
        crate::ui::layout_marks::HoverCard,
        Node { flex_shrink: 0.0, flex_direction: FlexDirection::Column, ..default() },
    ))
    .with_children(|foot| {
        for (text, (font, lines), colour) in lines {
            let background = if text.is_empty() { Color::NONE } else { crate::palette::STANDARD.panel };
            foot.spawn((
                Text::new(text.clone()),
                text_font(*font),
                TextColor(*colour),
                Node {
                    height: crate::ui::units(
                        (font * crate::ui::widgets::LINE_FACTOR + crate::ui::widgets::RESERVE_SLACK) * lines,
                    ),
                    flex_shrink: 0.0,
                    overflow: Overflow::clip(),
                    padding: UiRect::horizontal(crate::ui::units(1.0)),
                    ..default()
                },
                BackgroundColor(background),
            ));
        }
    });
}
