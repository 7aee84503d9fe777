//! Between and after battles: the shop, the choice of the next board, the end of the run, the
//! permanent skill tree (Upgrades) and the lifetime records.

use bevy::prelude::*;
use gambit_roguelite::encounter::Encounter;
use gambit_roguelite::run::ShopItem;
use gambit_roguelite::skilltree::{SkillGroup, SkillNode};
use gambit_roguelite::{Decision, RunPhase};
use gambit_rules::{Role, Square};

use super::panel::{NodeSelection, PanelContext, RunPanel};
use super::start::capitalize;
use super::{Profile, RunDecision, RunSession};
use crate::screens::Screen;
use crate::ui::{Disabled, UiAction, button, heading, label, screen_root, small_button};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<NodeSelection>();
    for (screen, build) in [
        (Screen::Shop, shop as super::panel::BuildPanel),
        (Screen::NextBoard, next_board),
        (Screen::RunEnd, run_end),
        (Screen::Upgrades, upgrades),
        (Screen::Records, records),
    ] {
        app.add_systems(OnEnter(screen), move |mut commands: Commands| {
            commands.spawn((
                Name::new(format!("{screen:?}")),
                DespawnOnExit(screen),
                RunPanel(build),
                screen_root(),
            ));
        });
    }
    app.add_systems(Update, handle.in_set(crate::AppSystems::Decide));
    app.add_systems(OnEnter(Screen::Upgrades), |mut sel: ResMut<NodeSelection>| {
        *sel = NodeSelection::default()
    });
    app.add_systems(
        Update,
        preview_focused_node.run_if(in_state(Screen::Upgrades)).in_set(crate::AppSystems::Decide),
    );
}

fn shop(p: &mut ChildSpawnerCommands<'_>, ctx: &PanelContext<'_>) {
    let Some(session) = ctx.session else { return };
    let RunPhase::Shop(shop) = session.run.phase() else { return };
    let run = &session.run;
    p.spawn(heading("Shop"));
    p.spawn(label(format!(
        "Gold: {}    Points so far: {}    Battles won: {}",
        run.gold(),
        run.points(),
        run.battles_won()
    )));
    super::save_banner(p, ctx);
    for (i, slot) in shop.slots.iter().enumerate() {
        let price = slot.item.price();
        let text = match slot.item {
            ShopItem::Piece { role } => format!("{} \u{2014} {price} gold", capitalize(role.name())),
            ShopItem::Modifier { modifier } => {
                format!("{}: {} \u{2014} {price} gold", capitalize(modifier.name()), modifier.description())
            }
        };
        let mut b =
            p.spawn(button(if slot.sold { format!("{text} (sold)") } else { text }, UiAction::Buy(i)));
        if slot.sold || price > run.gold() {
            b.insert(Disabled);
        }
    }
    let reroll = shop.reroll_price();
    p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
        let text = if reroll == 0 { "Reroll (free)".to_string() } else { format!("Reroll ({reroll} gold)") };
        row.spawn(button(text, UiAction::Reroll));
        row.spawn(button("Leave the shop", UiAction::LeaveShop));
    });
    p.spawn(label("A modifier goes to (pieces without one):"));
    p.spawn(Node { flex_direction: FlexDirection::Row, flex_wrap: FlexWrap::Wrap, ..default() })
        .with_children(|row| {
            for piece in run.roster().iter().filter(|o| o.modifier.is_none()) {
                let name = format!("{} #{}", capitalize(piece.role.name()), piece.id);
                let text =
                    if session.recipient == Some(piece.id) { format!("\u{25B6} {name}") } else { name };
                row.spawn(small_button(text, UiAction::ChooseRecipient(piece.id)));
            }
        });
    let counts: Vec<String> = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
        .iter()
        .map(|&role| {
            let owned = run.owned(role);
            format!("{} {owned}/{}", role.name(), run.limit(role))
        })
        .collect();
    p.spawn(label(format!("Owned / limit: {}", counts.join(", "))));
    let modified: Vec<String> = run
        .roster()
        .iter()
        .filter_map(|o| o.modifier.map(|m| format!("{} #{} ({})", o.role.name(), o.id, m.name())))
        .collect();
    if !modified.is_empty() {
        p.spawn(label(format!("Modified: {}", modified.join(", "))));
    }
    if let Some(msg) = &session.message {
        p.spawn((label(msg.clone()), TextColor(crate::palette::STANDARD.error)));
    }
}

/// A small picture of an encounter's board: blocked tiles dark, enemy pieces as glyphs, targets ringed.
fn preview(p: &mut ChildSpawnerCommands<'_>, e: &Encounter) {
    let palette = crate::palette::STANDARD;
    p.spawn(Node {
        display: Display::Grid,
        grid_template_columns: RepeatedGridTrack::px(8, 2.6 * crate::ui::scale::UNIT_PX),
        grid_template_rows: RepeatedGridTrack::px(8, 2.6 * crate::ui::scale::UNIT_PX),
        margin: UiRect::all(crate::ui::units(0.8)),
        ..default()
    })
    .with_children(|grid| {
        for row in 0..8u8 {
            for col in 0..8u8 {
                let square = Square::new((7 - row) * 8 + col).expect("in range");
                let enemy = e.enemy.iter().find(|x| x.square == square);
                let color = if !e.board.is_playable(square) {
                    palette.blocked
                } else if square.is_light() {
                    palette.light
                } else {
                    palette.dark
                };
                let mut cell = grid.spawn((
                    Node {
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        border: UiRect::all(crate::ui::units(0.2)),
                        ..default()
                    },
                    BackgroundColor(color),
                    BorderColor::all(if enemy.is_some_and(|x| e.is_objective(x)) {
                        palette.objective
                    } else {
                        Color::NONE
                    }),
                ));
                if let Some(x) = enemy {
                    cell.with_child((
                        Text::new(crate::board::view::glyphs(x.role).0),
                        crate::ui::text_font(2.0),
                        TextColor(palette.black_piece),
                    ));
                }
            }
        }
    });
}

fn next_board(p: &mut ChildSpawnerCommands<'_>, ctx: &PanelContext<'_>) {
    let Some(session) = ctx.session else { return };
    let RunPhase::ChooseBoard { options } = session.run.phase() else { return };
    p.spawn(heading(format!("Choose battle {}", session.run.battles_won() + 1)));
    super::save_banner(p, ctx);
    p.spawn(Node { flex_direction: FlexDirection::Row, column_gap: crate::ui::units(2.0), ..default() })
        .with_children(|row| {
            for (i, e) in options.iter().enumerate() {
                row.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_children(|col| {
                    col.spawn(label(e.name.replace('_', " ")));
                    preview(col, e);
                    col.spawn(label(format!(
                        "{}x{}, {}",
                        e.board.width,
                        e.board.height,
                        e.objective.short()
                    )));
                    col.spawn(label(format!("{} enemies, {} moves", e.enemy.len(), e.move_budget)));
                    if let Some(b) = e.bonus {
                        col.spawn(label(format!("Bonus: {b}")));
                    }
                    col.spawn(button("Choose", UiAction::ChooseBoard(i)));
                });
            }
        });
    if let Some(msg) = &session.message {
        p.spawn((label(msg.clone()), TextColor(crate::palette::STANDARD.error)));
    }
}

fn run_end(p: &mut ChildSpawnerCommands<'_>, ctx: &PanelContext<'_>) {
    let Some(session) = ctx.session else { return };
    let summary = session.run.summary();
    p.spawn(heading(if summary.victory { "The run is won" } else { "The run is over" }));
    p.spawn(label(format!("Battles won: {}", summary.battles_won)));
    p.spawn(label(format!("Points: {}", summary.points)));
    p.spawn(label(format!("EXP earned: {}", summary.exp_reward())));
    p.spawn(label(format!("EXP to spend: {}", ctx.profile.progress.exp)));
    super::save_banner(p, ctx);
    p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
        row.spawn(button("Upgrades", UiAction::Upgrades));
        row.spawn(button("Back to title", UiAction::BackToTitle));
    });
}

/// The state of a node for the player, told apart by a shape as well as a colour.
fn node_state(node: &SkillNode, profile: &Profile) -> (&'static str, &'static str) {
    let unlocked = profile.progress.unlocked.contains(&node.id);
    if node.placeholder {
        ("\u{25CB}", "future skill")
    } else if unlocked {
        ("\u{2714}", "unlocked")
    } else if profile.tree.check_unlock(&node.id, profile.progress.exp, &profile.progress.unlocked).is_ok() {
        ("\u{25C6}", "affordable")
    } else {
        ("\u{2716}", "locked")
    }
}

/// Depth of a node below its group's root (for the tree layout).
fn depth(node: &SkillNode, nodes: &[SkillNode]) -> usize {
    let mut d = 0;
    let mut current = node;
    while let Some(parent) = current.requires.first().and_then(|id| nodes.iter().find(|n| n.id == *id)) {
        d += 1;
        current = parent;
        if d > 8 {
            break;
        }
    }
    d
}

fn upgrades(p: &mut ChildSpawnerCommands<'_>, ctx: &PanelContext<'_>) {
    let profile = ctx.profile;
    let tree = &profile.tree;
    p.spawn(heading("Upgrades"));
    p.spawn(label(format!(
        "EXP: {}    \u{2714} unlocked  \u{25C6} affordable  \u{2716} locked  \u{25CB} future skill",
        profile.progress.exp
    )));
    p.spawn(Node { flex_direction: FlexDirection::Row, column_gap: crate::ui::units(2.0), ..default() })
        .with_children(|row| {
            for group in &tree.groups {
                row.spawn(Node { flex_direction: FlexDirection::Column, ..default() }).with_children(|col| {
                    col.spawn((label(group_name(*group)), TextColor(crate::palette::STANDARD.accent)));
                    let mut nodes: Vec<&SkillNode> =
                        tree.nodes.iter().filter(|n| n.group == *group).collect();
                    nodes.sort_by_key(|n| (depth(n, &tree.nodes), n.placeholder));
                    for node in nodes {
                        let (icon, _) = node_state(node, profile);
                        let indent = depth(node, &tree.nodes) as f32 * 2.0;
                        col.spawn(Node { margin: UiRect::left(crate::ui::units(indent)), ..default() })
                            .with_children(|cell| {
                                cell.spawn(small_button(
                                    format!("{icon} {}", node.name),
                                    UiAction::SelectNode(node.id.clone()),
                                ));
                            });
                    }
                });
            }
        });
    if let Some(node) = ctx.node.and_then(|id| tree.node(id)) {
        let (icon, state) = node_state(node, profile);
        p.spawn((
            label(format!("{icon} {} ({state})", node.name)),
            TextColor(crate::palette::STANDARD.accent),
        ));
        p.spawn(label(node.description.clone()));
        let requires: Vec<String> =
            node.requires.iter().map(|id| tree.node(id).map_or(id.clone(), |n| n.name.clone())).collect();
        p.spawn(label(format!(
            "Cost: {} EXP. Requires: {}.",
            node.cost,
            if requires.is_empty() { "nothing".to_string() } else { requires.join(", ") }
        )));
        if let Err(e) = tree.check_unlock(&node.id, profile.progress.exp, &profile.progress.unlocked) {
            p.spawn((label(e.to_string()), TextColor(crate::palette::STANDARD.muted)));
        }
        p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
            let mut unlock = row.spawn(button("Unlock", UiAction::UnlockNode));
            if tree.check_unlock(&node.id, profile.progress.exp, &profile.progress.unlocked).is_err() {
                unlock.insert(Disabled);
            }
            row.spawn(small_button("X", UiAction::ClearNode));
        });
    } else {
        p.spawn(label("Hover, focus or click a skill to see it."));
    }
    p.spawn(label("Unlocks apply to new runs."));
    super::save_banner(p, ctx);
    p.spawn(button("Back", UiAction::BackToTitle));
}

fn group_name(g: SkillGroup) -> String {
    capitalize(&format!("{g:?}").to_lowercase())
}

fn records(p: &mut ChildSpawnerCommands<'_>, ctx: &PanelContext<'_>) {
    let progress = &ctx.profile.progress;
    let s = &progress.stats;
    p.spawn(heading("Records"));
    for line in [
        format!("EXP to spend: {} (earned in all: {})", progress.exp, s.total_exp),
        format!(
            "Unlocked: {}",
            if progress.unlocked.is_empty() {
                "nothing yet".to_string()
            } else {
                progress
                    .unlocked
                    .iter()
                    .map(|id| ctx.profile.tree.node(id).map_or(id.clone(), |n| n.name.clone()))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ),
        format!("Best score: {} points", s.best_score),
        format!("Runs: {} won, {} lost", s.victories, s.runs - s.victories),
        format!("Battles won: {}", s.battles_won),
        format!("Pawns lost: {}, temporary pawns lost: {}", s.pawns_lost, s.temporary_pawns_lost),
    ] {
        p.spawn(label(line));
    }
    p.spawn(button("Back", UiAction::BackToTitle));
}

fn handle(
    mut actions: MessageReader<UiAction>,
    session: Option<ResMut<RunSession>>,
    mut profile: ResMut<Profile>,
    mut selection: ResMut<NodeSelection>,
    mut failure: ResMut<super::SaveFailure>,
    mut out: MessageWriter<RunDecision>,
) {
    let mut session = session;
    for action in actions.read() {
        match action {
            UiAction::Buy(slot) => {
                let recipient = session.as_ref().and_then(|s| s.recipient);
                out.write(RunDecision(Decision::Buy { slot: *slot, recipient }));
            }
            UiAction::Reroll => {
                out.write(RunDecision(Decision::Reroll));
            }
            UiAction::LeaveShop => {
                out.write(RunDecision(Decision::LeaveShop));
            }
            UiAction::ChooseBoard(index) => {
                out.write(RunDecision(Decision::ChooseBoard { index: *index }));
            }
            UiAction::ChooseRecipient(id) => {
                if let Some(s) = session.as_deref_mut() {
                    s.recipient = Some(*id);
                }
            }
            UiAction::SelectNode(id) => selection.pinned = Some(id.clone()),
            UiAction::ClearNode => *selection = NodeSelection::default(),
            UiAction::UnlockNode => {
                let Some(id) = selection.pinned.clone().or(selection.preview.clone()) else { continue };
                let tree = profile.tree.clone();
                // On refusal the detail box already says why (and Unlock is disabled).
                if profile.progress.unlock(&tree, &id).is_ok() {
                    failure.0 = profile.save_progress().err().map(|e| format!("Saving failed: {e}"));
                }
            }
            _ => {}
        }
    }
}

/// Focus (keyboard) or hover previews a node in the detail box.
fn preview_focused_node(
    focus: Res<bevy::input_focus::InputFocus>,
    hovered: Query<(&Interaction, &UiAction), Changed<Interaction>>,
    actions: Query<&UiAction>,
    mut selection: ResMut<NodeSelection>,
) {
    let mut preview = None;
    for (interaction, action) in &hovered {
        if *interaction == Interaction::Hovered
            && let UiAction::SelectNode(id) = action
        {
            preview = Some(id.clone());
        }
    }
    if preview.is_none()
        && focus.is_changed()
        && let Some(UiAction::SelectNode(id)) = focus.get().and_then(|f| actions.get(f).ok())
    {
        preview = Some(id.clone());
    }
    if let Some(id) = preview
        && selection.preview.as_ref() != Some(&id)
    {
        selection.preview = Some(id);
    }
}
