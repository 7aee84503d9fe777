//! Upgrades: the permanent skill tree by group, each node marked unlocked (turquoise, a tick),
//! affordable (gold, a diamond) or locked (grey, a cross), Schach/2's colours with a shape for those who
//! do not see them; the detail card of the pinned (clicked) or previewed (hovered or focused) node: its
//! name, state, what it does, cost and prerequisites by name, with Unlock. UI state: [`NodeSelection`].

use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use gambit_roguelite::skilltree::{SkillGroup, SkillNode};

use super::Screen;
use crate::AppSystems;
use crate::run::{Profile, SaveFailure};
use crate::ui::section::show;
use crate::ui::{
    Disabled, FocusKey, Section, View, button, heading, label, page_column, save_banner, small_button,
    spawn_page, text_font, units,
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

/// A node's state for the player: unlocked, affordable now, or locked (a prerequisite or EXP
/// missing).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum NodeState {
    Unlocked,
    Affordable,
    Locked,
}

impl NodeState {
    fn of(node: &SkillNode, profile: &Profile) -> NodeState {
        if profile.progress.unlocked.contains(&node.id) {
            NodeState::Unlocked
        } else if profile
            .tree
            .check_unlock(&node.id, profile.progress.exp, &profile.progress.unlocked)
            .is_ok()
        {
            NodeState::Affordable
        } else {
            NodeState::Locked
        }
    }

    /// The shape that tells the state without its colour.
    fn icon(self) -> &'static str {
        match self {
            NodeState::Unlocked => "\u{2714}",
            NodeState::Affordable => "\u{25C6}",
            NodeState::Locked => "\u{2716}",
        }
    }

    fn word(self) -> &'static str {
        match self {
            NodeState::Unlocked => "unlocked",
            NodeState::Affordable => "affordable",
            NodeState::Locked => "locked",
        }
    }

    /// Schach/2's colours: gold affordable, turquoise unlocked, grey locked.
    fn color(self) -> Color {
        match self {
            NodeState::Unlocked => Color::srgb(0.25, 0.80, 0.76),
            NodeState::Affordable => Color::srgb(0.93, 0.74, 0.25),
            NodeState::Locked => Color::srgb(0.55, 0.55, 0.58),
        }
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
const DETAIL_HEIGHT: f32 = 21.0;

fn group_name(g: SkillGroup) -> String {
    g.name().to_string()
}

/// One node of the tree on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NodeEntry {
    id: String,
    name: String,
    state: NodeState,
    cost: u32,
    indent: usize,
}

/// A node's tile: a button (hover, focus and click as every button) whose bar, shape and name take
/// the state's colour, and its cost.
fn spawn_node(col: &mut ChildSpawnerCommands<'_>, entry: &NodeEntry) {
    let action = Action::Select(entry.id.clone());
    let color = entry.state.color();
    col.spawn((
        Button,
        FocusKey::of(&action),
        action,
        bevy::input_focus::tab_navigation::TabIndex(0),
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: units(0.8),
            margin: UiRect {
                left: units(entry.indent as f32 * 1.6),
                top: units(0.25),
                bottom: units(0.25),
                ..default()
            },
            padding: UiRect { left: units(0.0), right: units(0.8), top: units(0.35), bottom: units(0.35) },
            border: UiRect::all(units(0.3)),
            border_radius: BorderRadius::all(units(0.6)),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(crate::palette::STANDARD.button),
        BorderColor::all(Color::NONE),
    ))
    .with_children(|b| {
        b.spawn((
            Node { width: units(0.8), align_self: AlignSelf::Stretch, ..default() },
            BackgroundColor(color),
            Pickable::IGNORE,
        ));
        let text = format!("{} {}", entry.state.icon(), entry.name);
        b.spawn((Text::new(text), text_font(2.2), TextColor(color), Pickable::IGNORE));
        if entry.state != NodeState::Unlocked {
            let cost = format!("{}", entry.cost);
            b.spawn((
                Text::new(cost),
                text_font(1.8),
                TextColor(crate::palette::STANDARD.muted),
                Pickable::IGNORE,
            ));
        }
    });
}

/// The detail box of one node.
#[derive(Clone, Debug, PartialEq)]
struct DetailView {
    title: String,
    color: Color,
    description: String,
    cost: String,
    refusal: Option<String>,
}

/// The Upgrades page.
#[derive(Clone, Debug, PartialEq)]
pub struct UpgradesView {
    exp: String,
    /// (group name, its nodes)
    groups: Vec<(String, Vec<NodeEntry>)>,
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
                nodes.sort_by_key(|n| depth(n, &tree.nodes));
                let entries = nodes
                    .into_iter()
                    .map(|node| NodeEntry {
                        id: node.id.clone(),
                        name: node.name.clone(),
                        state: NodeState::of(node, profile),
                        cost: node.cost,
                        indent: depth(node, &tree.nodes),
                    })
                    .collect();
                (group_name(*group), entries)
            })
            .collect();
        let shown = selection.pinned.as_deref().or(selection.preview.as_deref());
        let detail = shown.and_then(|id| tree.node(id)).map(|node| {
            let state = NodeState::of(node, profile);
            let requires: Vec<String> =
                node.requires.iter().map(|id| tree.node(id).map_or(id.clone(), |n| n.name.clone())).collect();
            DetailView {
                title: format!("{} {} ({})", state.icon(), node.name, state.word()),
                color: state.color(),
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
            exp: format!("EXP: {}    Unlocks apply to new runs.", profile.progress.exp),
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
        p.spawn(Node { flex_direction: FlexDirection::Row, align_items: AlignItems::Center, ..default() })
            .with_children(|row| {
                row.spawn(label(self.exp.clone()));
                for state in [NodeState::Unlocked, NodeState::Affordable, NodeState::Locked] {
                    let legend = format!("{} {}", state.icon(), state.word());
                    row.spawn((label(legend), TextColor(state.color())));
                }
            });
        p.spawn(crate::ui::card_row()).with_children(|row| {
            for (group, nodes) in &self.groups {
                row.spawn(Node { flex_direction: FlexDirection::Column, ..default() }).with_children(|col| {
                    col.spawn((label(group.clone()), accent));
                    for entry in nodes {
                        spawn_node(col, entry);
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
                p.spawn((label(detail.title.clone()), TextColor(detail.color)));
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
