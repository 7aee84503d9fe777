//! The route map (issue 16): the run's acts drawn as a graph, left to right: every node a box with the
//! icon and name of its kind (battle, elite, shop, rest, boss) at its act and depth, lines for the
//! edges, the nodes already visited, the one the run is at and the ones the player may go to next
//! marked. Below, one card per reachable node with what it holds: for a battle, an elite or a boss
//! the preview of the board choosing it gives ([`gambit_roguelite::Run::node_board`], computed once
//! per run state, [`ExactPreviews`]: the template, the board with its holes, walls and mirror, the
//! objective, the enemy's modifiers and skills, royal kings, the boss's rule, the moves the route adds,
//! a badge to win). A reachable node is chosen by clicking its box or its card, with Tab and Enter, or
//! with the digit keys 1 to 3. The run (`gambit_roguelite::route`) decides the route and the choices;
//! this screen shows them and asks.

use bevy::prelude::*;
use gambit_roguelite::route::{NodeKind, NodePreview, NodeRef};
use gambit_roguelite::{Decision, RunPhase};

use super::Screen;
use crate::AppSystems;
use crate::board::preview::{self, PreviewCell};
use crate::palette::STANDARD;
use crate::run::{RunDecision, RunSession};
use crate::ui::section::show;
use crate::ui::{FocusKey, text_font, units};
use crate::ui::{Section, View, card_row, heading, muted_line, page_column, spawn_page};

/// What the map's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Go to choice `i` ([`RunPhase::Map`]'s `choices[i]`): a node of the graph.
    Go(usize),
    /// The same, from the choice's card below the graph.
    Card(usize),
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<ExactPreviews>();
    app.add_systems(OnEnter(Screen::Map), spawn);
    let here = in_state(Screen::Map).and_then(resource_exists::<RunSession>);
    app.add_systems(Update, digit_keys.run_if(here.clone()).in_set(AppSystems::Input));
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

/// The previews of the reachable battle nodes as choosing them gives their boards
/// ([`gambit_roguelite::Run::node_board`]: generated, and proved when proofs are on), computed when
/// the run's state changes (its seed and number of decisions), not every frame.
#[derive(Resource, Default, Debug)]
pub struct ExactPreviews {
    key: Option<(u64, usize)>,
    previews: Vec<(NodeRef, NodePreview)>,
}

impl ExactPreviews {
    /// Brings the previews up to date with `run` (a generation per reachable battle node, once per
    /// run state).
    pub fn refresh(&mut self, run: &gambit_roguelite::Run) {
        let key = (run.config().seed, run.decisions().count());
        if self.key == Some(key) {
            return;
        }
        self.key = Some(key);
        self.previews.clear();
        if let RunPhase::Map { choices } = run.phase() {
            self.previews = choices.iter().filter_map(|&at| Some((at, run.node_board(at)?.1))).collect();
        }
    }

    /// The exact preview of node `at`, if it is a reachable battle node.
    #[must_use]
    pub fn get(&self, at: NodeRef) -> Option<&NodePreview> {
        self.previews.iter().find(|(n, _)| *n == at).map(|(_, p)| p)
    }
}

fn spawn(mut commands: Commands) {
    // The column keeps one height whatever the cards say, from the top, so the graph and the
    // cards' row never move between visits (centred, the page moved with the cards' lines).
    let column =
        Node { min_height: units(MAP_PAGE_H), justify_content: JustifyContent::FlexStart, ..page_column() };
    spawn_page(&mut commands, "Map", Screen::Map, column, Section::<MapView>::new());
}

/// The map page's column height, units: the title, the status, the graph, the tallest choice cards
/// and the message line, inside the 900x600 and 1280x800 windows (about 101 units tall).
const MAP_PAGE_H: f32 = 96.0;
/// The graph's width, units (fits the 900x600 window, 146 units wide inside the page's margins).
const GRAPH_W: f32 = 124.0;
/// The graph's height, units, act names included.
const GRAPH_H: f32 = 34.0;
/// The band at the top of the graph that holds the act names, units.
const ACT_BAND: f32 = 4.0;
/// A node's box, units.
const NODE_W: f32 = 9.0;
/// A node's box, units.
const NODE_H: f32 = 7.6;
/// An edge's thickness, units.
const EDGE: f32 = 0.45;
/// A choice card's width, units (three fit the 900x600 window).
const CARD_W: f32 = 38.0;
/// The long side of a card's board picture, units.
const PICTURE: f32 = 12.0;
/// A card's least height, units: its title, the picture's room and four lines of text (a battle's
/// card), with its padding and border.
const CARD_MIN_H: f32 = 26.5;
/// The width of a card's texts, units: the card less its padding and border (a width in units, not a
/// percentage, so a wrapped line's height is measured at the width it is drawn at).
const CARD_TEXT_W: f32 = CARD_W - 2.6;

/// A kind's icon (a character of the UI font) and name, as the graph draws it.
#[must_use]
pub fn icon(kind: NodeKind) -> (&'static str, &'static str) {
    match kind {
        NodeKind::Battle => ("\u{2694}", "Battle"),
        NodeKind::Elite => ("\u{2605}", "Elite"),
        NodeKind::Shop => ("$", "Shop"),
        NodeKind::Rest => ("\u{2665}", "Rest"),
        NodeKind::Boss { .. } => ("\u{265A}", "Boss"),
    }
}

/// Where a node stands for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeState {
    /// Chosen earlier in the run.
    Visited,
    /// The node the run is at (the last chosen).
    Current,
    /// One the player may go to now.
    Reachable,
    /// Still ahead: on a path from one of the reachable nodes.
    Ahead,
    /// Out of reach: passed by, or on no path from here.
    Closed,
}

/// One node of the graph: its centre in the graph (units from the top-left corner), its icon and
/// name, its state, and the choice it is (when reachable).
#[derive(Clone, Debug, PartialEq)]
pub struct GraphNode {
    /// Centre, units from the graph's left edge.
    pub x: f32,
    /// Centre, units from the graph's top edge.
    pub y: f32,
    /// The node's kind.
    pub kind: NodeKind,
    /// Its state.
    pub state: NodeState,
    /// The index in the map's choices, when reachable.
    pub choice: Option<usize>,
}

/// One edge of the graph: from and to (centres, units) and whether the run went along it or may now.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphEdge {
    /// The start's centre, units.
    pub from: (f32, f32),
    /// The end's centre, units.
    pub to: (f32, f32),
    /// Taken by the run (both ends visited or current) or open to it now (from the current node to a
    /// reachable one): drawn bright; any other edge is drawn dim.
    pub lit: bool,
}

/// One reachable node's card.
#[derive(Clone, Debug, PartialEq)]
struct ChoiceCard {
    title: String,
    /// The kind's icon, drawn large in the picture's room when there is no board picture.
    icon: &'static str,
    picture: Option<Vec<PreviewCell>>,
    lines: Vec<String>,
}

/// The map page.
#[derive(Clone, Debug, PartialEq)]
pub struct MapView {
    title: String,
    status: String,
    /// Act names and the centre of their columns, units.
    acts: Vec<(String, f32)>,
    nodes: Vec<GraphNode>,
    edges: Vec<GraphEdge>,
    cards: Vec<ChoiceCard>,
    message: Option<String>,
    /// What the decision that led here did ([`RunSession::news`]), shown until the next one.
    news: Option<String>,
}

/// Lays out the route as a graph: the columns are the acts' rows, left to right; a row's nodes are
/// spread evenly down the graph below the act band. Returns the nodes (in act, row, index order)
/// with their states, the edges, and each act's name with the centre of its columns.
#[must_use]
pub fn lay_out(
    route: &gambit_roguelite::route::Route,
    path: &[NodeRef],
    choices: &[NodeRef],
) -> (Vec<GraphNode>, Vec<GraphEdge>, Vec<(String, f32)>) {
    let columns: usize = route.acts.iter().map(|a| a.rows.len()).sum::<usize>().max(1);
    let col_w = GRAPH_W / columns as f32;
    let mut centre = std::collections::HashMap::new();
    let mut acts = Vec::new();
    let mut column = 0;
    for (a, act) in route.acts.iter().enumerate() {
        let first = column;
        for (r, row) in act.rows.iter().enumerate() {
            let n = row.len().max(1) as f32;
            for i in 0..row.len() {
                let x = (column as f32 + 0.5) * col_w;
                let y = ACT_BAND + (i as f32 + 0.5) * (GRAPH_H - ACT_BAND) / n;
                centre.insert(NodeRef { act: a, row: r, index: i }, (x, y));
            }
            column += 1;
        }
        acts.push((format!("Act {}", a + 1), (first + column) as f32 / 2.0 * col_w));
    }
    // Nodes ahead: reachable from a choice along edges (within its act, then the following acts).
    let mut ahead = std::collections::HashSet::new();
    let mut open: Vec<NodeRef> = choices.to_vec();
    while let Some(at) = open.pop() {
        for next in route.choices(Some(at)) {
            if ahead.insert(next) {
                open.push(next);
            }
        }
    }
    let current = path.last().copied();
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for (a, act) in route.acts.iter().enumerate() {
        for (r, row) in act.rows.iter().enumerate() {
            for (i, node) in row.iter().enumerate() {
                let at = NodeRef { act: a, row: r, index: i };
                let choice = choices.iter().position(|&c| c == at);
                let state = if Some(at) == current {
                    NodeState::Current
                } else if path.contains(&at) {
                    NodeState::Visited
                } else if choice.is_some() {
                    NodeState::Reachable
                } else if ahead.contains(&at) {
                    NodeState::Ahead
                } else {
                    NodeState::Closed
                };
                let (x, y) = centre[&at];
                nodes.push(GraphNode { x, y, kind: node.kind, state, choice });
                for next in route.choices(Some(at)) {
                    let Some(&to) = centre.get(&next) else { continue };
                    let on_path = path.windows(2).any(|w| w[0] == at && w[1] == next);
                    let open_now = Some(at) == current && choices.contains(&next);
                    edges.push(GraphEdge { from: (x, y), to, lit: on_path || open_now });
                }
            }
        }
    }
    (nodes, edges, acts)
}

/// A battle node card's picture: the board when it is known before the battle (the template's own),
/// none when the battle draws one of several variations as it starts (a picture of one of them told
/// the player a board the battle did not have).
#[must_use]
pub fn card_picture(p: &NodePreview) -> Option<Vec<PreviewCell>> {
    p.shapes.is_empty().then(|| preview::shape_cells(&p.board))
}

/// The lines of a battle node's card: board, objective and royal kings; the enemy's skills and
/// modifiers; the boss's rule; the moves the route adds and the badge an elite drops.
#[must_use]
pub fn preview_lines(p: &NodePreview) -> Vec<String> {
    let shape = if p.shapes.is_empty() {
        board_words(&p.board)
    } else {
        let names: Vec<&str> = p.shapes.iter().map(|s| shape_words(*s)).collect();
        // The variation is drawn when the battle starts: the card names the candidates, draws none.
        format!("{}x{} {}, drawn at the start", p.board.width, p.board.height, names.join(" or "))
    };
    let mut lines =
        vec![format!("{shape}; {}{}", p.objective.short(), if p.royal_kings { "; royal kings" } else { "" })];
    let mut enemy: Vec<String> = Vec::new();
    if p.enemy_skills.is_some() {
        enemy.push("Teleport & Freeze".to_string());
    }
    if !p.enemy_modifiers.is_empty() {
        let names: Vec<&str> = p.enemy_modifiers.iter().map(|m| m.title()).collect();
        // A generated formation buys its modifiers from its points: the card says "may", never more
        // than the battle will hold.
        let may = if p.enemy_modifiers_optional { "may buy " } else { "" };
        enemy.push(format!("{may}{}", names.join(", ")));
    }
    if p.random_modifiers > 0 {
        enemy.push(format!("up to {} random modifier{}", p.random_modifiers, plural(p.random_modifiers)));
    }
    lines.push(if enemy.is_empty() {
        "Enemy: no skills or modifiers".to_string()
    } else {
        format!("Enemy: {}", enemy.join("; "))
    });
    if let Some(rule) = p.boss {
        lines.push(format!("Boss rule: {rule}"));
    }
    let mut extra = Vec::new();
    let moves = |b: i32| format!("{} move{}", b.abs(), if b.abs() == 1 { "" } else { "s" });
    // The whole budget when the card is of the board the node gives (the deployment says the same);
    // else what the route adds to the template's.
    match (p.move_budget, p.budget_bonus) {
        (Some(total), 0) => extra.push(format!("move budget {total}")),
        (Some(total), b) if b > 0 => extra.push(format!("move budget {total} (the route adds {})", moves(b))),
        (Some(total), b) => extra.push(format!("move budget {total} (the route takes {})", moves(b))),
        (None, 0) => {}
        (None, b) if b > 0 => extra.push(format!("{} more in the budget", moves(b))),
        (None, b) => extra.push(format!("{} fewer in the budget", moves(b))),
    }
    if p.drops_badge {
        extra.push("a victory drops a badge".to_string());
    }
    if !extra.is_empty() {
        lines.push(crate::ui::capitalize(&extra.join(", ")));
    }
    lines
}

/// A shop node's card: what it sells and the gold to spend.
fn shop_lines(run: &gambit_roguelite::Run) -> Vec<String> {
    vec![
        "Buy pieces, modifiers for your pieces, badges and consumables.".to_string(),
        format!("Gold to spend: {}.", run.gold()),
        "Or leave without buying.".to_string(),
    ]
}

/// A rest node's card: its two offers as they stand for this run (the lost pieces that could come
/// back, the pieces whose modifier could go), and leaving (the rest screen asks the run, which
/// decides).
fn rest_lines(run: &gambit_roguelite::Run) -> Vec<String> {
    // At most three names, so the card keeps the height of the others.
    let named = |ps: Vec<&gambit_roguelite::run::OwnedPiece>| -> String {
        let mut names: Vec<String> = ps
            .iter()
            .take(3)
            .map(|p| run.piece_name(p.id).map_or_else(|| p.role.name().to_string(), |n| n.to_string()))
            .collect();
        if ps.len() > 3 {
            names.push(format!("{} more", ps.len() - 3));
        }
        names.join(", ")
    };
    let back: Vec<&gambit_roguelite::run::OwnedPiece> =
        run.lost().iter().filter(|p| !run.piece_limit(p.role).at_limit()).collect();
    let revive = if run.lost().is_empty() {
        "Bring back a lost piece: none lost.".to_string()
    } else if back.is_empty() {
        "Bring back a lost piece: every lost role is at its limit.".to_string()
    } else {
        format!("Bring back a lost piece: {}.", named(back))
    };
    let modified: Vec<&gambit_roguelite::run::OwnedPiece> =
        run.roster().iter().filter(|p| p.modifier.is_some()).collect();
    let remove = if modified.is_empty() {
        "Remove a piece's modifier (so it can take another): none has one.".to_string()
    } else {
        format!("Remove a piece's modifier (so it can take another): {}.", named(modified))
    };
    vec!["Choose one:".to_string(), revive, remove, "Or rest without either.".to_string()]
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A fixed board in words: `7x7`, `8x8 with cut corners`, `6x6 with 2 walls`.
fn board_words(b: &gambit_roguelite::battle::BoardShape) -> String {
    let mut s = format!("{}x{}", b.width, b.height);
    if b.cut_corners {
        s.push_str(" with cut corners");
    }
    if !b.holes.is_empty() {
        let n = b.holes.len();
        s.push_str(&format!(
            "{} {n} wall{}",
            if b.cut_corners { " and" } else { " with" },
            if n == 1 { "" } else { "s" }
        ));
    }
    s
}

/// A generated board's shape in words.
fn shape_words(s: gambit_roguelite::encounter::ShapeKind) -> &'static str {
    use gambit_roguelite::encounter::ShapeKind;
    match s {
        ShapeKind::Plain => "plain",
        ShapeKind::CutCorners => "cut corners",
        ShapeKind::Ring => "ring",
        ShapeKind::LShape => "L-shape",
        ShapeKind::River => "river",
    }
}

impl MapView {
    fn new(session: &RunSession, exact: &ExactPreviews) -> Option<MapView> {
        let run = &session.run;
        let RunPhase::Map { choices } = run.phase() else { return None };
        let route = run.route()?;
        let act = choices.first().map_or(0, |c| c.act);
        let (nodes, edges, acts) = lay_out(route, run.path(), choices);
        let cards = choices
            .iter()
            .enumerate()
            .filter_map(|(i, &at)| {
                let kind = route.node(at)?.kind;
                let (glyph, name) = icon(kind);
                let stage = kind.stage(at.act).map(|s| format!(", stage {s}")).unwrap_or_default();
                let title = format!("[{}] {glyph} {name}{stage}", i + 1);
                // The board the battle will have; the template's when the run gives none (a run of
                // set formations names its formation).
                Some(match exact.get(at).cloned().or_else(|| run.node_preview(at)) {
                    Some(p) => {
                        let title =
                            format!("{title}: {}", gambit_roguelite::encounter::template_title(&p.template));
                        ChoiceCard { title, icon: glyph, picture: card_picture(&p), lines: preview_lines(&p) }
                    }
                    None => ChoiceCard {
                        title,
                        icon: glyph,
                        picture: None,
                        lines: match kind {
                            NodeKind::Shop => shop_lines(run),
                            _ => rest_lines(run),
                        },
                    },
                })
            })
            .collect();
        let lost = run.lost().len();
        Some(MapView {
            title: format!("Act {} of {}: choose where to go", act + 1, route.acts.len()),
            status: format!(
                "Gold {}, army {} piece{}{}, battles won {}",
                run.gold(),
                run.roster().len(),
                if run.roster().len() == 1 { "" } else { "s" },
                if lost > 0 { format!(" ({lost} lost)") } else { String::new() },
                run.battles_won()
            ),
            acts,
            nodes,
            edges,
            cards,
            message: session.refusal.clone(),
            news: session.news.clone(),
        })
    }
}

/// The colours of a node's box, border and text for its state.
fn node_colours(state: NodeState) -> (Color, Color, Color) {
    match state {
        NodeState::Visited => (STANDARD.button_disabled, STANDARD.muted, STANDARD.muted),
        NodeState::Current => (STANDARD.button_disabled, STANDARD.accent, STANDARD.accent),
        NodeState::Reachable => (STANDARD.button, STANDARD.accent, STANDARD.text),
        NodeState::Ahead => (STANDARD.panel, STANDARD.button_hover, STANDARD.text),
        NodeState::Closed => (STANDARD.background, STANDARD.button_disabled, STANDARD.button_hover),
    }
}

impl View for MapView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading(self.title.clone()));
        p.spawn(muted_line(self.status.clone()));
        p.spawn((
            Name::new("Route graph"),
            Node {
                width: units(GRAPH_W),
                height: units(GRAPH_H),
                flex_shrink: 0.0,
                margin: UiRect::vertical(units(1.0)),
                ..default()
            },
        ))
        .with_children(|g| self.spawn_graph(g));
        p.spawn(card_row()).with_children(|row| {
            for (i, card) in self.cards.iter().enumerate() {
                spawn_choice_card(row, i, card);
            }
        });
        // One line of room for a refusal or, in the accent colour, what the last decision did.
        match (&self.message, &self.news) {
            (None, Some(news)) => {
                p.spawn(crate::ui::message_line(Some(news), 1.0)).insert(TextColor(STANDARD.accent));
            }
            (message, _) => {
                p.spawn(crate::ui::message_line(message.as_deref(), 1.0));
            }
        }
    }
}

impl MapView {
    /// The route graph's contents: the act names over their columns, the edges, then the nodes.
    fn spawn_graph(&self, g: &mut ChildSpawnerCommands<'_>) {
        for (name, x) in &self.acts {
            g.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: units(x - 8.0),
                    top: units(0.0),
                    width: units(16.0),
                    justify_content: JustifyContent::Center,
                    ..default()
                },
                children![(Text::new(name.clone()), text_font(2.2), TextColor(STANDARD.muted))],
            ));
        }
        for e in &self.edges {
            let (dx, dy) = (e.to.0 - e.from.0, e.to.1 - e.from.1);
            let len = dx.hypot(dy);
            let (mx, my) = ((e.from.0 + e.to.0) / 2.0, (e.from.1 + e.to.1) / 2.0);
            g.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: units(mx - len / 2.0),
                    top: units(my - EDGE / 2.0),
                    width: units(len),
                    height: units(EDGE),
                    ..default()
                },
                UiTransform::from_rotation(Rot2::radians(dy.atan2(dx))),
                BackgroundColor(if e.lit { STANDARD.accent } else { STANDARD.button_hover }),
                Pickable::IGNORE,
            ));
        }
        for n in &self.nodes {
            spawn_graph_node(g, n);
        }
    }
}

/// One node of the route graph: a button (`Action::Go`) when the player can go there, else a box.
fn spawn_graph_node(g: &mut ChildSpawnerCommands<'_>, n: &GraphNode) {
    let (glyph, name) = icon(n.kind);
    let (fill, border, text) = node_colours(n.state);
    let frame = Node {
        position_type: PositionType::Absolute,
        left: units(n.x - NODE_W / 2.0),
        top: units(n.y - NODE_H / 2.0),
        width: units(NODE_W),
        height: units(NODE_H),
        flex_direction: FlexDirection::Column,
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border: UiRect::all(units(if n.state == NodeState::Current { 0.55 } else { 0.3 })),
        border_radius: BorderRadius::all(units(1.2)),
        ..default()
    };
    // A reachable node shows its key ([1] to [3]); every node says what it is (the
    // current one is told by its thick gold frame).
    let label = match n.choice {
        Some(i) => format!("[{}] {name}", i + 1),
        None => name.to_string(),
    };
    let children = (
        BackgroundColor(fill),
        BorderColor::all(border),
        children![
            (Text::new(glyph), text_font(3.0), TextColor(text), Pickable::IGNORE),
            (Text::new(label), text_font(1.45), TextColor(text), Pickable::IGNORE),
        ],
    );
    match n.choice {
        Some(i) => {
            let action = Action::Go(i);
            g.spawn((
                Button,
                FocusKey::of(&action),
                action,
                bevy::input_focus::tab_navigation::TabIndex(0),
                frame,
                children,
            ));
        }
        None => {
            g.spawn((frame, children, Pickable::IGNORE));
        }
    }
}

/// The `i`th choice card: a button (`Action::Card`) with the title, a picture or the kind's icon,
/// and the card's lines.
fn spawn_choice_card(row: &mut ChildSpawnerCommands<'_>, i: usize, card: &ChoiceCard) {
    let action = Action::Card(i);
    row.spawn((
        Button,
        FocusKey::of(&action),
        action,
        bevy::input_focus::tab_navigation::TabIndex(0),
        Node {
            width: units(CARD_W),
            min_height: units(CARD_MIN_H),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(units(0.8)),
            margin: UiRect::all(units(0.3)),
            border: UiRect::all(units(0.35)),
            border_radius: BorderRadius::all(units(1.0)),
            ..default()
        },
        BackgroundColor(STANDARD.button),
        BorderColor::all(Color::NONE),
    ))
    .with_children(|c| {
        c.spawn((
            crate::ui::ButtonLabel,
            Text::new(card.title.clone()),
            text_font(1.9),
            TextLayout::justify(Justify::Center),
            Node { width: units(CARD_TEXT_W), ..default() },
            Pickable::IGNORE,
        ));
        // The picture's room is kept on every card (a rest or a shop has none) and the
        // card is never shorter than a battle's, so the page does not move with the cards
        // offered (the nodes moved 63 px at 1280x800 between one card and two).
        c.spawn(Node {
            height: units(PICTURE + 1.6),
            flex_shrink: 0.0,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|room| {
            match &card.picture {
                Some(cells) => preview::spawn_sized(room, cells, PICTURE),
                // No board to show (a rest, a shop, a board drawn at the start): the
                // kind's icon, large, so the card does not look empty.
                None => {
                    room.spawn((
                        Text::new(card.icon),
                        text_font(PICTURE * 0.6),
                        TextColor(STANDARD.muted),
                        Pickable::IGNORE,
                    ));
                }
            }
        });
        for line in &card.lines {
            c.spawn((
                Text::new(line.clone()),
                text_font(1.6),
                TextColor(STANDARD.muted),
                TextLayout::justify(Justify::Center),
                Node { width: units(CARD_TEXT_W), ..default() },
                Pickable::IGNORE,
            ));
        }
    });
}

fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    mut exact: ResMut<ExactPreviews>,
    mut sections: crate::ui::section::Sections<MapView>,
) {
    exact.refresh(&session.run);
    if let Some(view) = MapView::new(&session, &exact) {
        show(&mut commands, &mut sections, &view);
    }
}

/// The digit keys 1 to 3 choose the reachable node of that number.
fn digit_keys(keys: Res<ButtonInput<KeyCode>>, mut out: MessageWriter<Action>) {
    for (i, key) in [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3].into_iter().enumerate() {
        if keys.just_pressed(key) {
            out.write(Action::Go(i));
        }
    }
}

fn on_action(mut actions: MessageReader<Action>, mut out: MessageWriter<RunDecision>) {
    for Action::Go(index) | Action::Card(index) in actions.read() {
        out.write(RunDecision(Decision::ChooseNode { index: *index }));
    }
}

#[cfg(test)]
mod tests {
    use gambit_roguelite::route::{NodeRef, ROUTE_ACTS, Route, RouteTuning};

    use super::{GRAPH_H, GRAPH_W, NODE_H, NODE_W, NodeState, card_picture, lay_out, preview_lines};

    /// A node whose board is drawn when its battle starts shows no picture of one variation and says
    /// the board is drawn then; the moves the route adds say what they are; modifiers a generated
    /// enemy may buy are said as "may buy" (a card stated them as fact and the battle had none).
    #[test]
    fn a_card_does_not_draw_a_board_the_battle_may_not_have() {
        use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, auto_decision};
        use gambit_roguelite::{Run, RunConfig, RunPhase};
        let mut seen = 0;
        let mut optional = 0;
        for seed in 1..6 {
            let mut run = Run::new(RunConfig::new(seed));
            while !matches!(run.phase(), RunPhase::Map { .. }) {
                let d = auto_decision(&run, AUTO_PLAYER_TUNING).expect("the run goes on");
                run.apply(d).expect("the auto-player's decision");
            }
            let route = run.route().expect("a route").clone();
            for (a, act) in route.acts.iter().enumerate() {
                for (r, row) in act.rows.iter().enumerate() {
                    for index in 0..row.len() {
                        let Some(p) = run.node_preview(NodeRef { act: a, row: r, index }) else { continue };
                        let lines = preview_lines(&p);
                        if p.shapes.len() > 1 {
                            seen += 1;
                            assert!(card_picture(&p).is_none(), "{lines:?}");
                            assert!(
                                lines[0].ends_with("drawn at the start")
                                    || lines[0].contains("drawn at the start;"),
                                "{lines:?}"
                            );
                        } else if p.shapes.is_empty() {
                            assert!(card_picture(&p).is_some(), "{lines:?}");
                        }
                        assert!(!lines.iter().any(|l| l.starts_with('+')), "{lines:?}");
                        if !p.enemy_modifiers.is_empty() {
                            let said =
                                lines.iter().any(|l| l.starts_with("Enemy:") && l.contains("may buy "));
                            assert_eq!(said, p.enemy_modifiers_optional, "{lines:?}");
                            optional += usize::from(said);
                        }
                    }
                }
            }
        }
        assert!(seen > 0, "no node with several variations");
        assert!(optional > 0, "no node whose enemy may buy modifiers");
    }

    /// A reachable battle node's card draws the board choosing it gives (its holes, walls and
    /// mirror: Bastion's holes were missing from the template's picture), and says its modifiers
    /// as the battle will have them.
    #[test]
    fn a_reachable_cards_picture_is_the_board_the_battle_will_have() {
        use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, auto_decision};
        use gambit_roguelite::{Run, RunConfig, RunPhase};
        let mut checked = 0;
        for seed in 1..4 {
            let mut run = Run::new(RunConfig::new(seed));
            while !matches!(run.phase(), RunPhase::Map { .. }) {
                let d = auto_decision(&run, AUTO_PLAYER_TUNING).expect("the run goes on");
                run.apply(d).expect("the auto-player's decision");
            }
            let mut exact = super::ExactPreviews::default();
            exact.refresh(&run);
            let session = crate::run::RunSession::new(run.clone());
            let view = super::MapView::new(&session, &exact).expect("the map");
            let RunPhase::Map { choices } = run.phase() else { unreachable!() };
            for (card, &at) in view.cards.iter().zip(choices) {
                let Some((board, preview)) = run.node_board(at) else { continue };
                let cells = crate::board::preview::shape_cells(&board.board);
                assert_eq!(card.picture.as_ref(), Some(&cells), "seed {seed}, {at:?}");
                assert_eq!(card.lines, preview_lines(&preview));
                checked += 1;
            }
        }
        assert!(checked > 0, "no battle node among the first choices");
    }

    /// The graph holds every node inside its area, no two boxes overlap, the states follow the path
    /// and the choices, and the edges taken and open are the lit ones.
    #[test]
    fn the_graph_lays_out_every_node_apart_with_its_state() {
        for seed in 0..20 {
            let route = Route::generate(seed, ROUTE_ACTS, &RouteTuning::default());
            let first = route.choices(None);
            let at = first[0];
            let next = route.choices(Some(at));
            let (nodes, edges, acts) = lay_out(&route, &[at], &next);
            let total: usize = route.acts.iter().flat_map(|a| &a.rows).map(Vec::len).sum();
            assert_eq!(nodes.len(), total);
            assert_eq!(acts.len(), route.acts.len());
            for (i, a) in nodes.iter().enumerate() {
                assert!(a.x - NODE_W / 2.0 >= 0.0 && a.x + NODE_W / 2.0 <= GRAPH_W, "{a:?}");
                assert!(a.y - NODE_H / 2.0 >= 2.0 && a.y + NODE_H / 2.0 <= GRAPH_H, "{a:?}");
                for b in &nodes[i + 1..] {
                    let apart = (a.x - b.x).abs() >= NODE_W || (a.y - b.y).abs() >= NODE_H;
                    assert!(apart, "{a:?} overlaps {b:?}");
                }
            }
            let state = |r: NodeRef| {
                let i = route.acts[..r.act].iter().flat_map(|a| &a.rows).map(Vec::len).sum::<usize>()
                    + route.acts[r.act].rows[..r.row].iter().map(Vec::len).sum::<usize>()
                    + r.index;
                nodes[i].state
            };
            assert_eq!(state(at), NodeState::Current);
            for &n in &next {
                assert_eq!(state(n), NodeState::Reachable);
            }
            for &other in &first[1..] {
                assert_eq!(state(other), NodeState::Closed, "the other first node is passed by");
            }
            let boss = NodeRef { act: 0, row: route.acts[0].rows.len() - 1, index: 0 };
            assert_eq!(state(boss), NodeState::Ahead);
            assert_eq!(edges.iter().filter(|e| e.lit).count(), next.len(), "the open edges are lit");
            assert!(nodes.iter().filter(|n| n.choice.is_some()).count() == next.len());
        }
    }
}
