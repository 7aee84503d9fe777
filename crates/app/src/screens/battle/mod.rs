//! A battle of the run: the shared board with irregular shapes and walls, HP pips, modifier letters,
//! poison clouds with their remaining ticks, frozen squares, and under it the typed command line (the
//! library's grammar, `Battle::parse_action`); beside it the move budget, the objective
//! and bonus status, the skills bar, the enemy's skills and their cooldowns (its intent), the reposition
//! prompt with Skip, the pack of consumables (a button
//! each, by name) and the run's badges (a chip each, by name; what an item does shows under the board
//! while the pointer is over it or its button has the focus), the card of the piece under the pointer or cursor, the event log, and the
//! victory or defeat report. The UI never decides legality: every action comes from
//! `Battle::legal_actions`. UI state: [`BattleInput`] (selection, targeting mode, message).

use bevy::prelude::*;
use gambit_roguelite::{Battle, BattleAction, BattleStatus, Decision, PieceId, Team};
use gambit_rules::{Piece, Square};
use gambit_skills::Skill;

mod panel;

use panel::cooldown;
#[cfg(test)]
use panel::piece_card;
pub(crate) use panel::spawn_log;
pub use panel::{BattleView, PackView};

use super::Screen;
use crate::AppSystems;
use crate::board::command_line::{self, CommandLine, CommandLineView};
use crate::board::{BoardInput, BoardScene, BoardSystems, BoardViewState, Hovered, Targeting, view};
use crate::game::foresight::Foresight;
use crate::menus::Menu;
use crate::run::{RunDecision, RunSession, RunTask};
use crate::settings::Settings;
use crate::ui::capitalize;
use crate::ui::section::show;

/// What the battle screen's buttons (and hotkeys) do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A skill button: enter its targeting mode.
    Cast(Skill),
    /// A consumable button (pack slot, 0-based): used at once, or its targeting mode when it needs a
    /// target.
    Use(u8),
    /// Decline the offered reposition.
    SkipReposition,
    /// Toggle the threat overlay (T).
    ToggleThreats,
    /// Close the end-of-battle report.
    Continue,
}

/// What the player is in the middle of doing in the battle.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BattleInput {
    /// The selected square (a piece about to move).
    pub selected: Option<Square>,
    /// What the next press means.
    pub targeting: Targeting,
    /// A hint for the player.
    pub message: Option<String>,
}

/// The warning before a defeat by no action (the library's
/// [`Battle::stranding_threats`](gambit_roguelite::Battle::stranding_threats) in its words), computed
/// once per player turn, not per frame: the key is the battle's (number, ply, moves used, reposition
/// pending) when it was computed.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct StrandingNotice {
    key: Option<(u32, u32, u32, bool)>,
    /// `Warning: whatever you play ...`, or `None`.
    pub text: Option<String>,
}

impl StrandingNotice {
    /// Brings the notice up to date with `session`'s battle (recomputed only when the battle moved).
    pub fn refresh(&mut self, session: &RunSession, busy: bool) {
        let Some(battle) = session.battle().filter(|_| !busy && session.battle_end.is_none()) else {
            self.key = None;
            self.text = None;
            return;
        };
        let key = (
            session.run.battles_started(),
            battle.ply(),
            battle.moves_used(),
            battle.pending_reposition().is_some(),
        );
        if self.key != Some(key) {
            self.key = Some(key);
            self.text = battle.stranding_threats().summary(battle).map(|t| format!("Warning: {t}"));
        }
    }
}

/// The player's legal actions in the battle on screen ([`Battle::legal_actions`]), read from the
/// library once per change of the battle, not per frame: the key is the battle's number and
/// [`Battle::state_key`] when they were read. Empty while the enemy moves or thinks.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PlayerActions {
    key: Option<(u32, u64)>,
    actions: Vec<BattleAction>,
    /// How many times the actions were read from the library (for the test that they are not read
    /// every frame).
    reads: u32,
}

impl PlayerActions {
    /// Brings the actions up to date with `session`'s battle (read again only when it changed).
    pub fn refresh(&mut self, session: &RunSession, busy: bool) -> &[BattleAction] {
        let Some(battle) =
            session.battle().filter(|b| !busy && session.battle_end.is_none() && b.to_move() == Team::Player)
        else {
            self.key = None;
            self.actions.clear();
            return &self.actions;
        };
        let key = (session.run.battles_started(), battle.state_key());
        if self.key != Some(key) {
            self.key = Some(key);
            self.actions = battle.legal_actions();
            self.reads += 1;
        }
        &self.actions
    }
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<BattleInput>();
    app.init_resource::<StrandingNotice>();
    app.init_resource::<PlayerActions>();
    app.add_systems(OnEnter(Screen::Battle), spawn);
    let here = in_state(Screen::Battle).and_then(resource_exists::<RunSession>);
    app.add_systems(
        Update,
        (hotkeys, command_line::type_command)
            .chain()
            .run_if(here.clone())
            .run_if(in_state(Menu::None))
            .in_set(AppSystems::Input),
    );
    app.add_systems(
        Update,
        (on_action, on_board_input)
            .chain()
            .run_if(here.clone())
            .run_if(in_state(Menu::None))
            .in_set(AppSystems::Decide),
    );
    app.add_systems(Update, build_scene.run_if(here.clone()).in_set(BoardSystems::Scene));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(
    mut commands: Commands,
    mut view: ResMut<BoardViewState>,
    mut input: ResMut<BattleInput>,
    mut line: ResMut<CommandLine>,
) {
    view.reset(false, None);
    *input = BattleInput::default();
    *line = CommandLine::default();
    view::spawn_board_screen::<BattleView>(&mut commands, Screen::Battle, true);
}

/// The hint in the closed command line: the forms of the library's grammar that name a legal action
/// now ([`Battle::command_forms`]), so `skip` shows only while a reposition is pending.
fn command_hint(battle: Option<&Battle>) -> String {
    let forms = battle.filter(|b| b.to_move() == Team::Player).map(Battle::command_forms).unwrap_or_default();
    if forms.is_empty() {
        "Press / to type".to_string()
    } else {
        format!("Press / to type ({})", forms.join(", "))
    }
}

#[allow(clippy::too_many_arguments)]
fn present(
    mut commands: Commands,
    session: Res<RunSession>,
    input: Res<BattleInput>,
    task: Res<RunTask>,
    hovered: Res<Hovered>,
    foresight: Res<Foresight>,
    line: Res<CommandLine>,
    mut sections: crate::ui::section::Sections<BattleView>,
    mut command: crate::ui::section::Sections<CommandLineView>,
    mut boxes: Query<&mut Visibility, With<crate::ui::Section<CommandLineView>>>,
    (mut notice, mut legal): (ResMut<StrandingNotice>, ResMut<PlayerActions>),
) {
    notice.refresh(&session, task.is_busy());
    let legal = legal.refresh(&session, task.is_busy());
    if let Some(view) =
        BattleView::new(&session, &input, task.is_busy(), hovered.0, foresight.line(), &notice, legal)
    {
        show(&mut commands, &mut sections, &view);
    }
    show(&mut commands, &mut command, &CommandLineView::new(&line, &command_hint(session.battle())));
    // Once the battle is over there is nothing to type: the box goes, its room stays (the board
    // does not move).
    let shown = if session.battle_end.is_some() { Visibility::Hidden } else { Visibility::Inherited };
    for mut visibility in &mut boxes {
        visibility.set_if_neq(shown);
    }
}

/// Why pressing `square` in the targeting mode in progress does nothing, in the library's words
/// where it has them ([`Battle::check`] of the action the press would name: `A king or a marked target
/// cannot be teleported (c3)`), else `c3 is not a valid target`.
fn refusal(input: &BattleInput, battle: &Battle, square: Square) -> String {
    let action = match input.targeting {
        // The piece's own square as the destination: the checks of the piece come first.
        Targeting::TeleportPiece => {
            unit_id_at(battle, square).map(|id| BattleAction::Teleport { id, to: square })
        }
        Targeting::TeleportTarget(from) => {
            unit_id_at(battle, from).map(|id| BattleAction::Teleport { id, to: square })
        }
        Targeting::Freeze => Some(BattleAction::Freeze { square }),
        Targeting::Use(slot) => Some(BattleAction::Use { slot, target: Some(square) }),
        Targeting::Move => None,
    };
    let said = action.and_then(|a| battle.check(a).err()).filter(|e| {
        use gambit_roguelite::battle::ActionError;
        // Errors that name the press itself: not a destination the piece cannot reach, nor the
        // own-square stand-in of the piece's checks.
        !matches!(
            e,
            ActionError::IllegalDestination { .. }
                | ActionError::Skill(gambit_skills::SkillError::SameSquare(_))
        )
    });
    match said {
        Some(e) => capitalize(&e.to_string()),
        None => format!("{square} is not a valid target"),
    }
}

fn unit_id_at(battle: &Battle, square: Square) -> Option<PieceId> {
    battle.unit_at(square).filter(|u| u.team == Team::Player).map(|u| u.id)
}

/// The legal actions of the selected piece or the targeting mode, as (action, square it targets).
pub(crate) fn candidate_actions(input: &BattleInput, battle: &Battle) -> Vec<(BattleAction, Square)> {
    if battle.to_move() != Team::Player || battle.status() != BattleStatus::Ongoing {
        return Vec::new();
    }
    let legal = battle.legal_actions();
    match input.targeting {
        Targeting::Move => {
            let Some(id) = input.selected.and_then(|s| unit_id_at(battle, s)) else { return Vec::new() };
            legal
                .into_iter()
                .filter_map(|a| match a {
                    BattleAction::Move { id: i, to } | BattleAction::Reposition { id: i, to } if i == id => {
                        Some((a, to))
                    }
                    _ => None,
                })
                .collect()
        }
        Targeting::TeleportPiece => legal
            .into_iter()
            .filter_map(|a| match a {
                BattleAction::Teleport { id, .. } => battle.unit(id).map(|u| (a, u.square)),
                _ => None,
            })
            .collect(),
        Targeting::TeleportTarget(from) => {
            let Some(id) = unit_id_at(battle, from) else { return Vec::new() };
            legal
                .into_iter()
                .filter_map(|a| match a {
                    BattleAction::Teleport { id: i, to } if i == id => Some((a, to)),
                    _ => None,
                })
                .collect()
        }
        Targeting::Freeze => legal
            .into_iter()
            .filter_map(|a| match a {
                BattleAction::Freeze { square } => Some((a, square)),
                _ => None,
            })
            .collect(),
        Targeting::Use(n) => legal
            .into_iter()
            .filter_map(|a| match a {
                BattleAction::Use { slot, target: Some(square) } if slot == n => Some((a, square)),
                _ => None,
            })
            .collect(),
    }
}

/// The board scene of a battle as it stands: pieces with HP pips and modifier letters, walls, frozen
/// squares, poison clouds, objective rings, and the player's pieces the enemy threatens
/// (`game::threats::battle`) when `threat_overlay` is on and the battle is not over (the battle screen adds the selection, targets and last move; the tutorial and the replay show it too).
pub(crate) fn battle_scene(battle: &Battle, threat_overlay: bool) -> BoardScene {
    battle_scene_with(battle, threat_overlay, &[])
}

/// [`battle_scene`] with the selected piece's legal moves (action, destination): with the overlay on,
/// the destinations where it would stand threatened are tinted too (`game::threats::battle`).
pub(crate) fn battle_scene_with(
    battle: &Battle,
    threat_overlay: bool,
    in_hand: &[(BattleAction, Square)],
) -> BoardScene {
    let threats = if threat_overlay { crate::game::threats::battle(battle, in_hand) } else { Vec::new() };
    let mut next = BoardScene::from_position(battle.position(), &threats);
    for square in battle.walls() {
        next.cell_mut(square).wall = true;
    }
    for (square, ticks) in battle.skills().frozen() {
        next.cell_mut(square).frozen = Some(ticks);
    }
    for cloud in battle.clouds() {
        for &square in &cloud.squares {
            let cell = next.cell_mut(square);
            let ticks = cloud.ticks_left();
            cell.poison = Some(cell.poison.map_or(ticks, |t| t.max(ticks)));
        }
    }
    for unit in battle.units().iter().filter(|u| u.alive) {
        let cell = next.cell_mut(unit.square);
        cell.piece = Some(Piece::new(unit.team.color(), unit.role));
        cell.hp = Some((unit.hp, unit.max_hp));
        cell.modifier = unit.modifier.map(gambit_roguelite::Modifier::letter);
        cell.modifier_spent = unit.armor_broken();
        cell.objective = battle.is_objective(unit);
    }
    // The skirmish rules have no check: never paint a king red. Threats only with the overlay on and
    // only while the battle is being played (a won or lost board shows no threats).
    let show_threats = threat_overlay && !battle.status().is_over();
    for cell in &mut next.cells {
        cell.check = false;
        cell.threat &= show_threats;
    }
    next
}

fn build_scene(
    session: Res<RunSession>,
    input: Res<BattleInput>,
    settings: Res<Settings>,
    foresight: Res<Foresight>,
    mut scene: ResMut<BoardScene>,
) {
    if !session.is_changed() && !input.is_changed() && !settings.is_changed() && !foresight.is_changed() {
        return;
    }
    let Some(battle) = session.battle() else { return };
    let candidates = candidate_actions(&input, battle);
    let in_hand: Vec<(BattleAction, Square)> =
        if input.targeting == Targeting::Move { candidates.clone() } else { Vec::new() };
    let mut next = battle_scene_with(battle, settings.threat_overlay, &in_hand);
    // A lost battle marks where the player's last piece fell (the defeat report names it).
    if let Some(square) = session.battle_end.as_ref().and_then(|end| end.square) {
        next.cell_mut(square).check = true;
    }
    for (_, square) in candidates {
        next.cell_mut(square).target = true;
    }
    let selected = match input.targeting {
        Targeting::TeleportTarget(s) => Some(s),
        _ => input.selected,
    };
    if let Some(s) = selected {
        next.cell_mut(s).selected = true;
    }
    next.set_foresight(foresight.reply().and_then(|r| r.squares));
    next.set_last_move(session.last_move);
    next.travels.clone_from(&session.travels);
    if *scene != next {
        *scene = next;
    }
}

fn decide(out: &mut MessageWriter<RunDecision>, action: BattleAction) {
    out.write(RunDecision(Decision::Act { action }));
}

/// Board input (picking, the keyboard cursor, hotkeys, tests) into battle actions, among
/// `Battle::legal_actions` only.
fn on_board_input(
    mut inputs: MessageReader<BoardInput>,
    session: Res<RunSession>,
    mut input: ResMut<BattleInput>,
    task: Res<RunTask>,
    mut out: MessageWriter<RunDecision>,
) {
    for board_input in inputs.read() {
        if task.is_busy() || session.battle_end.is_some() || session.showcase.is_some() {
            continue;
        }
        let Some(battle) = session.run.battle() else { continue };
        if battle.to_move() != Team::Player {
            continue;
        }
        match board_input {
            BoardInput::Pressed(square) => {
                let candidates = candidate_actions(&input, battle);
                if let Some((action, _)) = candidates.iter().find(|(_, to)| to == square) {
                    if input.targeting == Targeting::TeleportPiece {
                        input.targeting = Targeting::TeleportTarget(*square);
                    } else {
                        decide(&mut out, *action);
                        input.selected = None;
                        input.targeting = Targeting::Move;
                        input.message = None;
                    }
                } else if input.targeting == Targeting::Move {
                    if input.selected == Some(*square) {
                        input.selected = None;
                    } else if unit_id_at(battle, *square).is_some() {
                        input.selected = Some(*square);
                        input.message = None;
                    } else {
                        input.selected = None;
                    }
                } else {
                    input.message = Some(refusal(&input, battle, *square));
                }
            }
            BoardInput::Dropped { from, to } => {
                input.selected = Some(*from);
                input.targeting = Targeting::Move;
                let candidates = candidate_actions(&input, battle);
                match candidates.iter().find(|(_, t)| t == to) {
                    Some((action, _)) => {
                        decide(&mut out, *action);
                        input.message = None;
                    }
                    None => input.message = Some(format!("{from}{to} is not a legal move")),
                }
                input.selected = None;
            }
            BoardInput::Cast(skill) => {
                if !battle.has_skills(Team::Player) {
                    input.message = Some("You have no skills in this battle".to_string());
                } else if cooldown(battle, Team::Player, *skill) > 0 {
                    input.message =
                        Some(crate::ui::recharging(*skill, cooldown(battle, Team::Player, *skill)));
                } else {
                    input.selected = None;
                    input.targeting = Targeting::for_skill(*skill);
                    input.message = Some(crate::ui::targeting_hint(*skill));
                }
            }
            BoardInput::Cancel => *input = BattleInput::default(),
            BoardInput::Command(text) => match battle.parse_action(text) {
                Ok(action) => {
                    decide(&mut out, action);
                    input.message = None;
                }
                Err(e) => input.message = Some(e.to_string()),
            },
            BoardInput::Undo => input.message = Some("Battles cannot be taken back".to_string()),
            BoardInput::Promote(_) => {}
        }
    }
}

/// The prompt of a consumable that needs a target.
const CHOOSE_TARGET: &str = "Choose a highlighted piece (Esc cancels)";

/// The tutorial's prompt once the piece to teleport is chosen.
pub(crate) const TELEPORT_WHERE: &str = "Teleport: now click where it goes";

/// Whether the message of a battle's input (a battle's or the tutorial's) is the prompt of the
/// targeting mode in progress (what to click next), drawn in the accent colour, not a refusal.
pub(crate) fn is_prompt(input: &BattleInput) -> bool {
    let message = input.message.as_deref();
    let prompt = match input.targeting {
        Targeting::Move => return false,
        Targeting::TeleportTarget(_) if message == Some(TELEPORT_WHERE) => return true,
        Targeting::TeleportPiece | Targeting::TeleportTarget(_) => crate::ui::targeting_hint(Skill::Teleport),
        Targeting::Freeze => crate::ui::targeting_hint(Skill::Freeze),
        Targeting::Use(_) => CHOOSE_TARGET.to_string(),
    };
    message == Some(prompt.as_str())
}

/// A consumable button: the library's legal uses of the slot decide. None: say so. One without a
/// target: used at once. Targets: the targeting mode, which highlights them (Esc cancels).
fn use_consumable(slot: u8, battle: &Battle, input: &mut BattleInput, out: &mut MessageWriter<RunDecision>) {
    let uses: Vec<BattleAction> = battle
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(*a, BattleAction::Use { slot: s, .. } if s == slot))
        .collect();
    input.selected = None;
    input.targeting = Targeting::Move;
    match uses.as_slice() {
        [] => input.message = Some("That consumable cannot be used now".to_string()),
        [action @ BattleAction::Use { target: None, .. }] => {
            decide(out, *action);
            input.message = None;
        }
        _ => {
            input.targeting = Targeting::Use(slot);
            input.message = Some(CHOOSE_TARGET.to_string());
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn on_action(
    mut actions: MessageReader<Action>,
    mut board: MessageWriter<BoardInput>,
    mut out: MessageWriter<RunDecision>,
    mut settings: ResMut<Settings>,
    mut session: ResMut<RunSession>,
    mut input: ResMut<BattleInput>,
    task: Res<RunTask>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match *action {
            Action::Cast(skill) => {
                board.write(BoardInput::Cast(skill));
            }
            Action::Use(slot) => {
                if task.is_busy() || session.battle_end.is_some() || session.showcase.is_some() {
                    continue;
                }
                if let Some(battle) = session.run.battle() {
                    use_consumable(slot, battle, &mut input, &mut out);
                }
            }
            Action::SkipReposition => decide(&mut out, BattleAction::Skip),
            Action::ToggleThreats => settings.threat_overlay = !settings.threat_overlay,
            Action::Continue => {
                session.close_battle_end();
                next.set(session.app_screen());
            }
        }
    }
}

/// When the command line is not taking keys: T threats, 1 Teleport, 2 Freeze, S skip a reposition,
/// `/` the command line, Escape cancels or pauses.
fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    input: Res<BattleInput>,
    mut line: ResMut<CommandLine>,
    mut board: MessageWriter<BoardInput>,
    mut actions: MessageWriter<Action>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    if line.active {
        return;
    }
    if keys.just_pressed(KeyCode::Slash) {
        line.active = true;
        line.text.clear();
    }
    if keys.just_pressed(KeyCode::KeyT) {
        actions.write(Action::ToggleThreats);
    }
    if keys.just_pressed(KeyCode::Digit1) {
        board.write(BoardInput::Cast(Skill::Teleport));
    }
    if keys.just_pressed(KeyCode::Digit2) {
        board.write(BoardInput::Cast(Skill::Freeze));
    }
    if keys.just_pressed(KeyCode::KeyS) {
        actions.write(Action::SkipReposition);
    }
    if keys.just_pressed(KeyCode::Escape) {
        if input.selected.is_some() || input.targeting != Targeting::Move {
            board.write(BoardInput::Cancel);
        } else {
            next_menu.set(Menu::Pause);
        }
    }
}

#[cfg(test)]
mod tests {
    use gambit_roguelite::battle::{BattleSetup, Objective};
    use gambit_roguelite::{BattleAction, Modifier};

    use super::*;

    /// The player's legal actions are read from the library once per change of the battle, not once
    /// per frame, and are the library's; none while the enemy thinks.
    #[test]
    fn legal_actions_are_read_once_per_change() {
        use gambit_roguelite::{Run, RunConfig};
        let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/p7/R3K3", Objective::CaptureKing, 20).unwrap();
        let mut session = RunSession::new(Run::new(RunConfig::three_battles(1)));
        session.showcase = Some(Battle::new(&setup).unwrap());
        let mut cache = PlayerActions::default();
        let battle = session.battle().unwrap().clone();
        for _frame in 0..5 {
            assert_eq!(cache.refresh(&session, false), battle.legal_actions().as_slice());
        }
        assert_eq!(cache.reads, 1);
        assert!(cache.refresh(&session, true).is_empty(), "nothing while the enemy thinks");
        let rook = battle.unit_at("a1".parse().unwrap()).unwrap().id;
        let showcase = session.showcase.as_mut().unwrap();
        showcase.apply(BattleAction::Move { id: rook, to: "a2".parse().unwrap() }).unwrap();
        // The enemy's turn: no actions for the player.
        assert!(cache.refresh(&session, false).is_empty());
        assert_eq!(cache.reads, 1);
        session.showcase = Some(battle.clone());
        assert_eq!(cache.refresh(&session, false), battle.legal_actions().as_slice());
        assert_eq!(cache.reads, 2, "read again after the battle changed");
    }

    /// Broken armour is shown when it breaks: the Armored mark goes hollow and the hover card says so.
    #[test]
    fn broken_armour_is_drawn_spent() {
        let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/p7/R3K3", Objective::CaptureKing, 20)
            .unwrap()
            .with_modifier("a2", Modifier::Armored);
        let mut battle = Battle::new(&setup).unwrap();
        let a2: Square = "a2".parse().unwrap();
        let cell = |battle: &Battle| battle_scene(battle, false).cells[a2.index() as usize];
        assert_eq!((cell(&battle).modifier, cell(&battle).modifier_spent), (Some('A'), false));
        let rook = battle.unit_at("a1".parse().unwrap()).unwrap().id;
        battle.apply(BattleAction::Move { id: rook, to: a2 }).unwrap();
        assert_eq!((cell(&battle).modifier, cell(&battle).modifier_spent), (Some('A'), true));
        assert_eq!(crate::board::view::cell_icon('A', true), crate::board::view::SPENT_ARMOR_ICON);
        let card = crate::board::view::cell_card('A', true).unwrap();
        assert!(card.contains("armour broken"), "{card}");
        // The panel's piece card says it too.
        let pawn = battle.unit_at(a2).unwrap();
        assert_eq!(piece_card(pawn), "Enemy Pawn: 2 HP \u{2014} Armored (broken)");
        assert_ne!(crate::board::view::cell_icon('A', false), crate::board::view::SPENT_ARMOR_ICON);
    }

    /// A press the targeting mode refuses says why in the library's words where it has them: the
    /// play session clicked its own king in Teleport mode and read only "c3 is not a valid target".
    #[test]
    fn a_refused_press_says_why() {
        use gambit_roguelite::battle::{BattleSetup, Objective};
        let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 20).unwrap();
        let battle = Battle::new(&setup).unwrap();
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let teleport = BattleInput { targeting: Targeting::TeleportPiece, ..default() };
        let said = super::refusal(&teleport, &battle, sq("e1"));
        assert!(said.starts_with("A king or a marked target cannot be teleported"), "{said}");
        let freeze = BattleInput { targeting: Targeting::Freeze, ..default() };
        let said = super::refusal(&freeze, &battle, sq("e8"));
        assert!(said.starts_with("A Freeze cannot hold a king"), "{said}");
        // Nothing more to say than the square (the same-square check is the stand-in's, not the
        // player's).
        let to = BattleInput { targeting: Targeting::TeleportTarget(sq("a1")), ..default() };
        assert_eq!(super::refusal(&to, &battle, sq("a1")), "a1 is not a valid target");
    }
}
