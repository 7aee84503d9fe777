//! Upgrades: the permanent skill tree by group, each node marked unlocked, affordable, locked or future
//! by a symbol as well as a colour; the detail box of the pinned (clicked) or previewed (hovered or
//! focused) node, with Unlock. UI state: [`NodeSelection`].

use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use gambit_roguelite::skilltree::{SkillGroup, SkillNode};

use super::Screen;
use crate::AppSystems;
use crate::run::{Profile, SaveFailure};
use crate::ui::section::show;
use crate::ui::{
    Disabled, Section, View, button, capitalize, heading, label, page_column, save_banner, small_button,
    spawn_page, units,
};

/// What the Upgrades buttons do.
#[derive(Message, Component, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Pin a node (its id).
    Select(String),
    /// Unlock the pinned (or previewed) node.
    Unlock,
    /// Clear the pinned node.
    Clear,
    /// Back to the title.
    Back,
}

/// The node shown in the detail box: pinned by a click, else previewed by hover or focus.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct NodeSelection {
    /// Pinned by a click.
    pub pinned: Option<String>,
    /// Under the pointer or the focus.
    pub preview: Option<String>,
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<NodeSelection>();
    app.add_systems(OnEnter(Screen::Upgrades), spawn);
    let here = in_state(Screen::Upgrades);
    app.add_systems(
        Update,
        (preview_node, on_action).chain().run_if(here.clone()).in_set(AppSystems::Decide),
    );
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands, mut selection: ResMut<NodeSelection>) {
    *selection = NodeSelection::default();
    spawn_page(&mut commands, "Upgrades", Screen::Upgrades, page_column(), Section::<UpgradesView>::new());
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

/// The detail box's height, units: a title, a description of up to two lines, the cost, a refusal and
/// the Unlock row.
const DETAIL_HEIGHT: f32 = 26.0;

fn group_name(g: SkillGroup) -> String {
    capitalize(&format!("{g:?}").to_lowercase())
}

/// The detail box of one node.
#[derive(Clone, Debug, PartialEq, Eq)]
struct DetailView {
    title: String,
    description: String,
    cost: String,
    refusal: Option<String>,
}

/// The Upgrades page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpgradesView {
    exp: String,
    /// (group name, [(node id, text, indent)])
    groups: Vec<(String, Vec<(String, String, usize)>)>,
    detail: Option<DetailView>,
    failure: Option<String>,
}

impl UpgradesView {
    fn new(profile: &Profile, selection: &NodeSelection, failure: &SaveFailure) -> UpgradesView {
        let tree = &profile.tree;
        let groups = tree
            .groups
            .iter()
            .map(|group| {
                let mut nodes: Vec<&SkillNode> = tree.nodes.iter().filter(|n| n.group == *group).collect();
                nodes.sort_by_key(|n| (depth(n, &tree.nodes), n.placeholder));
                let entries = nodes
                    .into_iter()
                    .map(|node| {
                        let (icon, _) = node_state(node, profile);
                        (node.id.clone(), format!("{icon} {}", node.name), depth(node, &tree.nodes))
                    })
                    .collect();
                (group_name(*group), entries)
            })
            .collect();
        let shown = selection.pinned.as_deref().or(selection.preview.as_deref());
        let detail = shown.and_then(|id| tree.node(id)).map(|node| {
            let (icon, state) = node_state(node, profile);
            let requires: Vec<String> =
                node.requires.iter().map(|id| tree.node(id).map_or(id.clone(), |n| n.name.clone())).collect();
            DetailView {
                title: format!("{icon} {} ({state})", node.name),
                description: node.description.clone(),
                cost: format!(
                    "Cost: {} EXP. Requires: {}.",
                    node.cost,
                    if requires.is_empty() { "nothing".to_string() } else { requires.join(", ") }
                ),
                refusal: tree
                    .check_unlock(&node.id, profile.progress.exp, &profile.progress.unlocked)
                    .err()
                    .map(|e| e.to_string()),
            }
        });
        UpgradesView {
            exp: format!(
                "EXP: {}    \u{2714} unlocked  \u{25C6} affordable  \u{2716} locked  \u{25CB} future skill",
                profile.progress.exp
            ),
            groups,
            detail,
            failure: failure.0.clone(),
        }
    }
}

impl View for UpgradesView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        let accent = TextColor(crate::palette::STANDARD.accent);
        p.spawn(heading("Upgrades"));
        p.spawn(label(self.exp.clone()));
        p.spawn(crate::ui::card_row()).with_children(|row| {
            for (group, nodes) in &self.groups {
                row.spawn(Node { flex_direction: FlexDirection::Column, ..default() }).with_children(|col| {
                    col.spawn((label(group.clone()), accent));
                    for (id, text, indent) in nodes {
                        col.spawn(Node { margin: UiRect::left(units(*indent as f32 * 2.0)), ..default() })
                            .with_children(|cell| {
                                cell.spawn(small_button(text.clone(), Action::Select(id.clone())));
                            });
                    }
                });
            }
        });
        // The detail box has one fixed size whatever it shows (or nothing), so hovering a skill never
        // moves the page under the pointer.
        p.spawn(Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            width: units(100.0),
            max_width: Val::Percent(100.0),
            height: units(DETAIL_HEIGHT),
            flex_shrink: 0.0,
            overflow: Overflow::clip(),
            ..default()
        })
        .with_children(|p| {
            if let Some(detail) = &self.detail {
                p.spawn((label(detail.title.clone()), accent));
                p.spawn(label(detail.description.clone()));
                p.spawn(label(detail.cost.clone()));
                if let Some(refusal) = &detail.refusal {
                    p.spawn(crate::ui::muted_line(refusal.clone()));
                }
                p.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
                    let mut unlock = row.spawn(button("Unlock", Action::Unlock));
                    if detail.refusal.is_some() {
                        unlock.insert(Disabled);
                    }
                    row.spawn(small_button("X", Action::Clear));
                });
            } else {
                p.spawn(label("Hover, focus or click a skill to see it."));
            }
        });
        p.spawn(label("Unlocks apply to new runs."));
        save_banner::spawn(p, self.failure.as_deref());
        p.spawn(button("Back", Action::Back));
    }
}

fn present(
    mut commands: Commands,
    profile: Res<Profile>,
    selection: Res<NodeSelection>,
    failure: Res<SaveFailure>,
    mut sections: crate::ui::section::Sections<UpgradesView>,
) {
    show(&mut commands, &mut sections, &UpgradesView::new(&profile, &selection, &failure));
}

/// Hover or keyboard focus previews a node in the detail box.
fn preview_node(
    focus: Res<InputFocus>,
    hovered: Query<(&Interaction, &Action), Changed<Interaction>>,
    actions: Query<&Action>,
    mut selection: ResMut<NodeSelection>,
) {
    let mut preview = None;
    for (interaction, action) in &hovered {
        if *interaction == Interaction::Hovered
            && let Action::Select(id) = action
        {
            preview = Some(id.clone());
        }
    }
    if preview.is_none()
        && focus.is_changed()
        && let Some(Action::Select(id)) = focus.get().and_then(|f| actions.get(f).ok())
    {
        preview = Some(id.clone());
    }
    if let Some(id) = preview
        && selection.preview.as_ref() != Some(&id)
    {
        selection.preview = Some(id);
    }
}

fn on_action(
    mut actions: MessageReader<Action>,
    mut profile: ResMut<Profile>,
    mut selection: ResMut<NodeSelection>,
    mut failure: ResMut<SaveFailure>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match action {
            Action::Select(id) => selection.pinned = Some(id.clone()),
            Action::Clear => *selection = NodeSelection::default(),
            Action::Unlock => {
                let Some(id) = selection.pinned.clone().or(selection.preview.clone()) else { continue };
                let tree = profile.tree.clone();
                // On refusal the detail box already says why (and Unlock is disabled).
                if profile.progress.unlock(&tree, &id).is_ok() {
                    failure.0 = profile.save_progress().err().map(|e| format!("Saving failed: {e}"));
                }
            }
            Action::Back => next.set(Screen::Title),
        }
    }
}
