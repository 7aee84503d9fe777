//! Upgrades: the permanent skill tree drawn as a tree, each node marked unlocked (turquoise, a tick),
//! affordable (gold, a diamond) or locked (grey, a cross), Schach/2's colours with a shape for those who
//! do not see them. Lines join every node to its prerequisite: the node that needs nothing on top, a
//! bar from it to one column per group, and in each column the file-tree lines from a node down to
//! the nodes it opens (`TreeLayout`; a prerequisite no line can show is named on the tile). Below,
//! the detail card of the pinned (clicked) or previewed (hovered or focused) node, of one fixed size:
//! its name, state, what it does, cost and prerequisites by name, with Unlock. UI state:
//! [`NodeSelection`].

use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use gambit_roguelite::skilltree::{SkillGroup, SkillNode};

use super::Screen;
use crate::AppSystems;
use crate::run::{Profile, SaveFailure};
use crate::ui::section::show;
use crate::ui::{
    Disabled, FocusKey, Section, View, button, heading, label, page_column, small_button, spawn_page,
    text_font, units,
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

/// What one cell of a node row's gutter draws, one cell per level of depth: the tree's edges as a
/// file tree draws them, from each node down to its children.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Guide {
    /// Nothing: the ancestor at this level has no later child.
    Blank,
    /// A vertical line through the row: the ancestor at this level has a later child below.
    Through,
    /// The node's own edge, with later siblings below: a vertical line through the row and a
    /// horizontal line from its middle to the node.
    Branch,
    /// The node's own edge, its parent's last child: a vertical line down to the middle and the
    /// horizontal line to the node.
    Last,
}

/// One node of the tree on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NodeEntry {
    id: String,
    name: String,
    state: NodeState,
    cost: u32,
    /// The gutter to its left, one cell per level: its depth in the column is `guides.len() - 1`,
    /// and the last cell is its own edge to its parent above.
    guides: Vec<Guide>,
    /// Prerequisites no line shows (a second one, or one in another column), by name.
    also: Vec<String>,
}

/// The tree as laid out: the nodes that need nothing (drawn on top, joined to every column by a bar)
/// and one column per group, each in file-tree order (every node under its first prerequisite).
#[derive(Clone, Debug, PartialEq, Eq)]
struct TreeLayout {
    tops: Vec<NodeEntry>,
    /// (group name, its rows)
    columns: Vec<(String, Vec<NodeEntry>)>,
}

impl TreeLayout {
    fn new(profile: &Profile) -> TreeLayout {
        let tree = &profile.tree;
        let name = |id: &str| tree.node(id).map_or_else(|| id.to_string(), |n| n.name.clone());
        let entry = |node: &SkillNode, guides: Vec<Guide>, drawn: Option<&str>| NodeEntry {
            id: node.id.clone(),
            name: node.name.clone(),
            state: NodeState::of(node, profile),
            cost: node.cost,
            guides,
            also: node.requires.iter().filter(|r| Some(r.as_str()) != drawn).map(|r| name(r)).collect(),
        };
        let tops: Vec<&SkillNode> = tree.nodes.iter().filter(|n| n.requires.is_empty()).collect();
        // With one top node, a column's roots hang from the bar under it; with several, the bar cannot
        // say which, so their prerequisites are named instead.
        let single_top = if let [top] = tops.as_slice() { Some(top.id.as_str()) } else { None };
        let columns = tree
            .groups
            .iter()
            .map(|group| {
                let members: Vec<&SkillNode> =
                    tree.nodes.iter().filter(|n| n.group == *group && !n.requires.is_empty()).collect();
                let parent_in_column = |n: &SkillNode| {
                    n.requires.first().filter(|p| members.iter().any(|m| m.id == **p)).cloned()
                };
                let roots: Vec<&SkillNode> =
                    members.iter().copied().filter(|n| parent_in_column(n).is_none()).collect();
                let mut rows = Vec::new();
                let mut seen = Vec::new();
                // Depth first, children in the tree's order; `open[i]`: the ancestor at level i has a
                // later sibling (its line goes on through the rows below).
                let mut stack: Vec<(&SkillNode, Vec<bool>)> = Vec::new();
                for (i, root) in roots.iter().enumerate().rev() {
                    stack.push((root, vec![i + 1 < roots.len()]));
                }
                while let Some((node, open)) = stack.pop() {
                    if seen.contains(&node.id) {
                        continue;
                    }
                    seen.push(node.id.clone());
                    let depth = open.len() - 1;
                    let mut guides: Vec<Guide> = open[..depth]
                        .iter()
                        .map(|&o| if o { Guide::Through } else { Guide::Blank })
                        .collect();
                    guides.push(if open[depth] { Guide::Branch } else { Guide::Last });
                    let drawn = match parent_in_column(node) {
                        Some(_) => node.requires.first().map(String::as_str),
                        None => single_top.filter(|t| node.requires.first().is_some_and(|p| p == t)),
                    };
                    rows.push(entry(node, guides, drawn));
                    let children: Vec<&SkillNode> = members
                        .iter()
                        .copied()
                        .filter(|c| parent_in_column(c).as_deref() == Some(node.id.as_str()))
                        .collect();
                    for (i, child) in children.iter().enumerate().rev() {
                        let mut next = open.clone();
                        next.push(i + 1 < children.len());
                        stack.push((child, next));
                    }
                }
                (group_name(*group), rows)
            })
            .collect();
        TreeLayout { tops: tops.into_iter().map(|n| entry(n, Vec::new(), None)).collect(), columns }
    }
}

/// A gutter cell's width, units.
const GUTTER: f32 = 2.2;
/// The thickness of the tree's lines, units.
const LINE: f32 = 0.35;
/// The height of the strip that holds the bar joining the columns, and of the line from the top
/// node down to it, units.
const BAR_GAP: f32 = 1.4;

/// A line of the tree, absolutely placed in its cell.
fn line(node: Node) -> impl Bundle {
    (
        Node { position_type: PositionType::Absolute, ..node },
        BackgroundColor(crate::palette::STANDARD.muted),
        Pickable::IGNORE,
    )
}

/// How far a line reaches under a tile's edge, units: a tile's transparent border and rounded corner
/// would otherwise leave a gap between the line and the tile it leaves or reaches.
const UNDER_TILE: f32 = 0.6;

/// A vertical line at the middle of a gutter cell, from just above its top (under the tile of the row
/// above) down to `to` percent of its height.
fn vertical(to: f32) -> impl Bundle {
    line(Node {
        left: units((GUTTER - LINE) / 2.0),
        width: units(LINE),
        top: units(-UNDER_TILE),
        bottom: Val::Percent(100.0 - to),
        ..default()
    })
}

/// One gutter cell, as tall as its row.
fn spawn_guide(row: &mut ChildSpawnerCommands<'_>, guide: Guide) {
    row.spawn(
        (Node { width: units(GUTTER), flex_shrink: 0.0, align_self: AlignSelf::Stretch, ..default() },),
    )
    .with_children(|cell| match guide {
        Guide::Blank => {}
        Guide::Through => {
            cell.spawn(vertical(100.0));
        }
        Guide::Branch | Guide::Last => {
            cell.spawn(vertical(if guide == Guide::Branch { 100.0 } else { 50.0 }));
            // The elbow's foot: from the vertical line to the node's tile (its top margin is
            // part of the row, so the middle is the row's, a little under the tile's).
            cell.spawn(line(Node {
                left: units((GUTTER - LINE) / 2.0),
                right: units(-UNDER_TILE),
                top: Val::Percent(50.0),
                height: units(LINE),
                ..default()
            }));
        }
    });
}

/// The detail box's height, units: a title, a description of up to two lines, the cost and a refusal,
/// with Unlock beside them.
const DETAIL_HEIGHT: f32 = 21.0;

fn group_name(g: SkillGroup) -> String {
    g.name().to_string()
}

/// A node's row: its gutter (the tree's lines, [`Guide`]) and its tile.
fn spawn_row(col: &mut ChildSpawnerCommands<'_>, entry: &NodeEntry) {
    col.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|row| {
        for &guide in &entry.guides {
            spawn_guide(row, guide);
        }
        spawn_node(row, entry);
    });
}

/// A node's tile: a button (hover, focus and click as every button) whose bar, shape and name take
/// the state's colour, and its cost (and the prerequisites no line shows, by name). Its margin is
/// above it only, so the line from it down to its children starts at its lower edge.
fn spawn_node(row: &mut ChildSpawnerCommands<'_>, entry: &NodeEntry) {
    let action = Action::Select(entry.id.clone());
    let color = entry.state.color();
    row.spawn((
        Button,
        FocusKey::of(&action),
        action,
        bevy::input_focus::tab_navigation::TabIndex(0),
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: units(0.8),
            flex_grow: 1.0,
            margin: UiRect { top: units(0.5), ..default() },
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
        if !entry.also.is_empty() {
            b.spawn((
                Text::new(format!("after {}", entry.also.join(", "))),
                text_font(1.8),
                TextColor(crate::palette::STANDARD.muted),
                Pickable::IGNORE,
            ));
        }
    });
}

/// The tree: the top nodes in a row, a line down to the bar that joins the columns, and one column
/// per group whose stem hangs from the bar (one line of columns whenever the window is wide enough).
fn spawn_tree(p: &mut ChildSpawnerCommands<'_>, tree: &TreeLayout, accent: TextColor) {
    p.spawn(Node { flex_direction: FlexDirection::Row, column_gap: units(2.0), ..default() }).with_children(
        |row| {
            for top in &tree.tops {
                spawn_node(row, top);
            }
        },
    );
    let joined = tree.tops.len() == 1;
    if joined {
        p.spawn(Node {
            width: units(LINE),
            height: units(BAR_GAP + UNDER_TILE),
            margin: UiRect { top: units(-UNDER_TILE), ..default() },
            ..default()
        })
        .insert((BackgroundColor(crate::palette::STANDARD.muted), Pickable::IGNORE));
    }
    let last = tree.columns.len().saturating_sub(1);
    // The columns wrap onto more lines only when the window is too narrow for them (a large UI scale):
    // their tiles then keep their text on one line, and the bar, drawn per column, runs on past the
    // last column of a line.
    p.spawn(Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        row_gap: units(1.0),
        max_width: Val::Percent(100.0),
        ..default()
    })
    .with_children(|row| {
        for (i, (group, rows)) in tree.columns.iter().enumerate() {
            // The gap between columns is their right padding, so the bar runs on through it.
            let gap = if i == last { 0.0 } else { 2.0 };
            row.spawn(Node {
                flex_direction: FlexDirection::Column,
                padding: UiRect { right: units(gap), ..default() },
                ..default()
            })
            .with_children(|col| {
                // The bar: from the first column's stem to the last one's.
                // The strip reaches over the column's right padding, so the bar runs on through
                // the gap.
                let strip = Node {
                    height: units(BAR_GAP),
                    flex_shrink: 0.0,
                    margin: UiRect { right: units(-gap), ..default() },
                    ..default()
                };
                col.spawn(strip).with_children(|strip| {
                    if !joined {
                        return;
                    }
                    let stem = units((GUTTER - LINE) / 2.0);
                    if last > 0 {
                        let (left, right, width) = match i {
                            0 => (stem, Val::Px(0.0), Val::Auto),
                            _ if i == last => (Val::Px(0.0), Val::Auto, units((GUTTER + LINE) / 2.0)),
                            _ => (Val::Px(0.0), Val::Px(0.0), Val::Auto),
                        };
                        strip.spawn(line(Node {
                            left,
                            right,
                            width,
                            top: Val::Px(0.0),
                            height: units(LINE),
                            ..default()
                        }));
                    }
                    // The column's stem, down from the bar (not above it).
                    strip.spawn(line(Node {
                        left: stem,
                        width: units(LINE),
                        top: Val::Px(0.0),
                        bottom: Val::Px(0.0),
                        ..default()
                    }));
                });
                col.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).with_children(|head| {
                    spawn_guide(head, if rows.is_empty() { Guide::Blank } else { Guide::Through });
                    head.spawn((label(group.clone()), accent));
                });
                for entry in rows {
                    spawn_row(col, entry);
                }
            });
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
    tree: TreeLayout,
    detail: Option<DetailView>,
}

impl UpgradesView {
    fn new(profile: &Profile, selection: &NodeSelection) -> UpgradesView {
        let tree = &profile.tree;
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
            tree: TreeLayout::new(profile),
            detail,
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
        spawn_tree(p, &self.tree, accent);
        // The detail box has one fixed size whatever it shows (or nothing), so hovering a skill never
        // moves the page under the pointer; inside it, every line keeps its room (the description two
        // lines, the refusal one, said or not) and Unlock stands to the right of the texts, so it
        // stays put from one skill to the next.
        p.spawn(Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            width: units(100.0),
            max_width: Val::Percent(100.0),
            height: units(DETAIL_HEIGHT),
            flex_shrink: 0.0,
            overflow: Overflow::clip(),
            ..default()
        })
        .with_children(|p| {
            let Some(detail) = &self.detail else {
                p.spawn(label("Hover, focus or click a skill to see it."));
                return;
            };
            p.spawn(Node {
                flex_direction: FlexDirection::Column,
                flex_grow: 1.0,
                flex_shrink: 1.0,
                flex_basis: Val::Px(0.0),
                min_width: Val::Px(0.0),
                ..default()
            })
            .with_children(|texts| {
                texts.spawn((crate::ui::reserved_line(detail.title.clone(), 1.0), TextColor(detail.color)));
                texts.spawn(crate::ui::reserved_line(detail.description.clone(), 2.0));
                texts.spawn(crate::ui::reserved_line(detail.cost.clone(), 1.0));
                texts.spawn((
                    crate::ui::reserved_line(detail.refusal.clone().unwrap_or_default(), 1.0),
                    TextColor(crate::palette::STANDARD.muted),
                ));
            });
            p.spawn(Node { flex_direction: FlexDirection::Row, flex_shrink: 0.0, ..default() })
                .with_children(|row| {
                    let mut unlock = row.spawn(button("Unlock", Action::Unlock));
                    if detail.refusal.is_some() {
                        unlock.insert(Disabled);
                    }
                    row.spawn(small_button("X", Action::Clear));
                });
        });
        p.spawn(button("Back", Action::Back));
    }
}

fn present(
    mut commands: Commands,
    profile: Res<Profile>,
    selection: Res<NodeSelection>,
    mut sections: crate::ui::section::Sections<UpgradesView>,
) {
    show(&mut commands, &mut sections, &UpgradesView::new(&profile, &selection));
}

/// Hover (where the pointer was aimed, [`crate::ui::pointer`]) or keyboard focus previews a node in
/// the detail box.
fn preview_node(
    focus: Res<InputFocus>,
    gate: Res<crate::ui::PointerGate>,
    hovered: Query<(Ref<Interaction>, &Action)>,
    actions: Query<&Action>,
    mut selection: ResMut<NodeSelection>,
) {
    let mut preview = None;
    for (interaction, action) in &hovered {
        if *interaction == Interaction::Hovered
            && gate.aimed()
            && (interaction.is_changed() || gate.is_changed())
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

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_roguelite::save::Progress;
    use gambit_roguelite::skilltree::SkillTree;

    fn profile(unlocked: &[&str], exp: u32) -> Profile {
        Profile {
            progress: Progress {
                exp,
                unlocked: unlocked.iter().map(|s| s.to_string()).collect(),
                ..Progress::default()
            },
            dir: crate::storage::DataDir::at(std::env::temp_dir().join("gambit-upgrades-test-unused")),
            tree: SkillTree::standard(),
        }
    }

    /// Reads the edges back from the gutters as a player would: a row's parent is the nearest row above
    /// it one level up in its column (the bar's top node for a column's first level); every line runs on
    /// unbroken from its parent down to it.
    #[test]
    fn the_drawn_lines_join_every_node_to_its_prerequisite() {
        let p = profile(&["deeper_pockets", "second_look"], 140);
        let layout = TreeLayout::new(&p);
        let tree = &p.tree;
        assert_eq!(layout.tops.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(), ["deeper_pockets"]);
        let mut drawn = layout.tops.len();
        for (group, rows) in &layout.columns {
            assert!(!rows.is_empty(), "{group}");
            for (r, entry) in rows.iter().enumerate() {
                drawn += 1;
                let depth = entry.guides.len() - 1;
                assert!(matches!(entry.guides[depth], Guide::Branch | Guide::Last), "{}", entry.id);
                let parent = if depth == 0 {
                    layout.tops[0].id.as_str()
                } else {
                    rows[..r]
                        .iter()
                        .rev()
                        .find(|e| e.guides.len() == depth)
                        .map(|e| e.id.as_str())
                        .unwrap_or_else(|| panic!("{}: no row above at its parent's level", entry.id))
                };
                let node = tree.node(&entry.id).unwrap();
                assert_eq!(
                    node.requires,
                    [parent.to_string()],
                    "{}: the line leads to its prerequisite",
                    entry.id
                );
                assert!(entry.also.is_empty(), "{}: every prerequisite is drawn", entry.id);
                // The line from the parent reaches this row: every row between them carries it on.
                let above = rows[..r].iter().rev().take_while(|e| e.id != parent);
                for between in above {
                    assert!(
                        between.guides.len() > depth
                            && matches!(between.guides[depth], Guide::Through | Guide::Branch),
                        "{}: the line to {} is broken at {}",
                        entry.id,
                        parent,
                        between.id
                    );
                }
                // And a line goes on below only when a later sibling follows.
                let later_sibling = rows[r + 1..]
                    .iter()
                    .take_while(|e| e.guides.len() > depth)
                    .any(|e| e.guides.len() == depth + 1);
                assert_eq!(entry.guides[depth] == Guide::Branch, later_sibling, "{}", entry.id);
            }
        }
        assert_eq!(drawn, tree.nodes.len(), "every node once");
        let state = |id: &str| {
            layout.columns.iter().flat_map(|(_, rows)| rows).find(|e| e.id == id).map(|e| e.state).unwrap()
        };
        assert_eq!(layout.tops[0].state, NodeState::Unlocked);
        assert_eq!((state("second_look"), state("lucky_coin")), (NodeState::Unlocked, NodeState::Affordable));
        assert_eq!(state("patron"), NodeState::Locked);
    }

    #[test]
    fn a_prerequisite_no_line_shows_is_named_on_the_tile() {
        let mut p = profile(&[], 0);
        let node = p.tree.nodes.iter_mut().find(|n| n.id == "armory").unwrap();
        node.requires.push("haggler".to_string());
        let layout = TreeLayout::new(&p);
        let armory = layout.columns.iter().flat_map(|(_, rows)| rows).find(|e| e.id == "armory").unwrap();
        assert_eq!(armory.also, ["Haggler"]);
    }
}
