//! The screenshot mode (`gambit --screenshot DIR`): visits every screen, saves one PNG per screen named
//! after it and exits. The skill-chess picture shows a frozen square and the threat overlay; the battle
//! picture shows poison, a wall, a frozen square, the threat overlay and a pack of consumables; then the
//! same battle with the knight selected and hovered (move dots, a capture ring, its modifier's card) and in the colour-blind palette. From
//! the first shop on, the tour's run buys the badges and consumables it can afford, so the next
//! deployment and battle (`deploy-items`, `battle-items`) show the run's items, and `battle-items-hover` the same battle with a piece hovered (its card beside the consumables). The tutorial is shown
//! in two lessons (`tutorial`: Teleport and Freeze after the teleport; `tutorial-poison`: HP and poison
//! after the cloud), and the tour's finished run in the replay (`replay`).
//! `shop-save-failed` is the shop with the save-failure banner (a save that really failed).
//! `map-start` is the route map at the start (the first battles' previews), `map` the map after the
//! first shop; on the way to the rest the run takes the map's choices that lead to one; `map-visited`
//! is the map after it (nodes visited, the current one); the last picture, `board-choice`, is a
//! three-battle run's board choice (a route run has none), then the same in the colour-blind palette
//! (`board-choice-colour-blind`). After the battle pictures, the battle's end reports:
//! `battle-victory` (a rook takes the king) and `battle-defeat` (a lone king taken),
//! each with its final board (no threats drawn) and the report as a battle's end writes it.
//!
//! Before each picture the layout check runs ([`crate::ui::layout_check`]): every violation is logged
//! with the picture's name, all of them are written to `DIR/layout.txt` (empty when none), and the
//! process exits with a failure status when there was any.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use gambit_roguelite::battle::{BattleSetup, BonusObjective, Objective};
use gambit_roguelite::bot::{BoardChoice, Player};
use gambit_roguelite::economy::VictoryReward;
use gambit_roguelite::run::BattleRecord;
use gambit_roguelite::run::ShopItem;
use gambit_roguelite::{Battle, BattleAction, BattleEvent, Modifier, Team};
use gambit_rules::{Position, Square};
use gambit_skills::{SkillBoard, SkillConfig};

use crate::game::{Preset, SkillGame};
use crate::menus::Menu;
use crate::run::{RunSession, RunTask};
use crate::screens::Screen;
use crate::settings::Settings;

/// Frames to wait after a change before taking the picture (layout, fonts, animations).
const SETTLE_FRAMES: u32 = 40;

/// The pictures, in order: each is the file name without `.png` and the name [`set_up`] takes.
pub const STEPS: [&str; 45] = [
    "title",
    "settings",
    "how-to-play",
    "tutorial",
    "tutorial-poison",
    "setup",
    "setup-start-error",
    "skill-chess",
    "skill-chess-review",
    "skill-chess-resign",
    "skill-chess-over",
    "skill-chess-over-review",
    "skill-chess-two-players",
    "pause",
    "run-start",
    "map-start",
    "deploy",
    "battle",
    "battle-hints",
    "battle-colour-blind",
    "battle-victory",
    "battle-defeat",
    "shop",
    "shop-save-failed",
    "map",
    "rest",
    "map-visited",
    "deploy-items",
    "deploy-all-items",
    "battle-items",
    "battle-items-hover",
    "battle-all-items",
    "battle-all-items-tip",
    "run-end",
    "upgrades",
    "records",
    "replay",
    "run-start-ranks",
    "upgrades-progress",
    "upgrades-detail",
    "upgrades-colour-blind",
    "records-history",
    "records-older",
    "board-choice",
    "board-choice-colour-blind",
];

/// Progress through the tour.
#[derive(Resource, Debug)]
pub struct ScreenshotPlan {
    dir: PathBuf,
    index: usize,
    frames: u32,
    entered: bool,
    scale: Option<f32>,
    /// Layout-check violations found so far, each prefixed with its picture's name.
    violations: Vec<String>,
}

impl ScreenshotPlan {
    /// A tour writing into `dir`, at the UI scale `scale` (1.0 = 100%; `None`: the default).
    #[must_use]
    pub fn new(dir: PathBuf, scale: Option<f32>) -> ScreenshotPlan {
        ScreenshotPlan { dir, index: 0, frames: 0, entered: false, scale, violations: Vec::new() }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, tour.in_set(crate::AppSystems::Input));
}

/// A finished game against the engine: White mated with Ra8 (Black's Teleport on cooldown).
fn finished_game() -> SkillGame {
    let position = gambit_rules::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").expect("a FEN");
    let mut board = gambit_skills::SkillBoard::from_position(position, gambit_skills::SkillConfig::default());
    board.set_cooldown(gambit_rules::Color::Black, gambit_skills::Skill::Teleport, 4);
    let mut game = SkillGame::from_board(board, gambit_rules::Color::White, crate::game::Preset::Club, true);
    let mate = game.board.parse_action("a1a8").expect("a move");
    game.apply(mate).expect("legal");
    game
}

/// Two players on one machine after 1. e4 e5 2. Nf3: Black to move.
fn two_player_game() -> SkillGame {
    let board = gambit_skills::SkillBoard::new(gambit_skills::SkillConfig::default()).expect("the default");
    let mut game = SkillGame::two_players(board, gambit_rules::Color::White, true);
    for text in ["e2e4", "e7e5", "g1f3"] {
        let action = game.board.parse_action(text).expect("a move");
        game.apply(action).expect("legal");
    }
    game
}

/// A skill-chess position: White (the player) to move after a knight-for-pawn trade (captured material
/// on both sides), Black's Freeze holding White's bishop on c4.
fn showcase_game() -> SkillGame {
    let position =
        Position::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 4")
            .expect("valid FEN");
    let mut game = SkillGame::from_board(
        SkillBoard::from_position(position, SkillConfig::default()),
        gambit_rules::Color::White,
        Preset::Casual,
        true,
    );
    for text in ["f6e4", "d3e4", "fz c4", "d6"] {
        let action = game.board.parse_action(text).expect("a legal action");
        game.apply(action).expect("a legal action");
    }
    game
}

/// A battle with a poison cloud, a raised wall and a frozen square, the player to move. Both sides'
/// actions are chosen here (the enemy's: a quiet king step), so the picture is always the same.
fn showcase_battle() -> Option<Battle> {
    let setup = BattleSetup::from_fen("4k3/1p3b2/8/4N2*/*7/8/8/1R2K3", Objective::CaptureKing, 20)
        .ok()?
        .with_modifier("b7", Modifier::Poisonous)
        .with_modifier("f7", Modifier::Bulwark)
        .with_modifier("e5", Modifier::Swift)
        .with_bonus(BonusObjective::NoLosses);
    // A pack of three consumables from the shipped catalogue: one used, two to use, with the longest
    // descriptions (Retreat, Firebomb), so the panel's foot is shown beside the tallest pack.
    let mut setup = setup;
    setup.consumables = ["haste", "retreat", "firebomb"]
        .iter()
        .filter_map(|id| gambit_roguelite::items::ItemCatalogue::shipped().find(id).map(|i| i.effect))
        .collect();
    let mut battle = Battle::new(&setup).ok()?;
    let id = |b: &Battle, s: &str| b.unit_at(s.parse().ok()?).map(|u| u.id);
    let enemy_quiet_step = |b: &mut Battle| {
        let step = b.legal_actions().into_iter().find(|a| match a {
            BattleAction::Move { id, to } => {
                b.unit(*id).is_some_and(|u| u.team == Team::Enemy && u.role == gambit_rules::Role::King)
                    && b.unit_at(*to).is_none()
                    && !b.is_poisoned_for(*to, Team::Enemy)
            }
            _ => false,
        });
        if let Some(a) = step {
            let _ = b.apply(a);
        }
    };
    // The knight takes the Bulwark bishop (a dormant wall) and steps off (the wall rises); then the
    // rook takes the Poisonous pawn (a cloud, which costs the rook 1 HP at the next start of turn);
    // then a Freeze, which does not end the turn.
    let knight = id(&battle, "e5")?;
    battle.apply(BattleAction::Move { id: knight, to: "f7".parse().ok()? }).ok()?;
    if battle.pending_reposition().is_some() {
        battle.apply(BattleAction::Skip).ok()?;
    }
    enemy_quiet_step(&mut battle);
    battle.apply(BattleAction::Move { id: knight, to: "d6".parse().ok()? }).ok()?;
    enemy_quiet_step(&mut battle);
    let rook = id(&battle, "b1")?;
    battle.apply(BattleAction::Move { id: rook, to: "b7".parse().ok()? }).ok()?;
    enemy_quiet_step(&mut battle);
    battle.apply(BattleAction::Freeze { square: "c5".parse().ok()? }).ok();
    battle.apply(BattleAction::Use { slot: 0, target: None }).ok();
    Some(battle)
}

/// Every badge of the shipped catalogue, in its order.
fn every_badge() -> Vec<gambit_roguelite::items::Item> {
    let items = gambit_roguelite::items::ItemCatalogue::shipped();
    items.of(gambit_roguelite::items::Category::Badge).cloned().collect()
}

/// A battle finished, with its end report as the battle screen shows it: won (a rook takes the king
/// down an open file, no piece lost: the bonus) or lost (a lone king steps next to an enemy rook, which takes it:
/// the army is eliminated). Returns the battle, the report and the last move.
fn finished_showcase(won: bool) -> Option<(Battle, crate::run::BattleEnd, (Square, Square))> {
    let (mut battle, moves) = if won {
        let setup = BattleSetup::from_fen("3k4/2p1p3/8/8/8/8/2P1P3/3RK3", Objective::CaptureKing, 20)
            .ok()?
            .with_modifier("d1", Modifier::Swift)
            .with_bonus(BonusObjective::NoLosses);
        (Battle::new(&setup).ok()?, [("d1", "d8"), ("", "")])
    } else {
        let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/r7/4K3", Objective::CaptureKing, 20).ok()?;
        (Battle::new(&setup).ok()?, [("e1", "d2"), ("a2", "d2")])
    };
    let mut events = Vec::new();
    let mut last = None;
    for (from, to) in moves.into_iter().filter(|(from, _)| !from.is_empty()) {
        let (from, to): (Square, Square) = (from.parse().ok()?, to.parse().ok()?);
        let id = battle.unit_at(from)?.id;
        events.extend(battle.apply(BattleAction::Move { id, to }).ok()?);
        last = Some((from, to));
    }
    let defeat = match battle.status() {
        gambit_roguelite::BattleStatus::Victory { .. } => None,
        gambit_roguelite::BattleStatus::Defeat { reason } => Some(reason),
        gambit_roguelite::BattleStatus::Ongoing => return None,
    };
    let reward = defeat
        .is_none()
        .then(|| VictoryReward::of_battle(&battle, &gambit_roguelite::tuning::Economy::default().gold));
    let square = events.iter().rev().find_map(|e| match e {
        BattleEvent::Captured { victim, square, .. } if victim.team == Team::Player => Some(*square),
        _ => None,
    });
    let record = BattleRecord {
        stage: 1,
        template: String::new(),
        won: defeat.is_none(),
        moves_used: battle.move_budget() - battle.moves_left(),
        bonus: reward.is_some_and(|r| r.bonus),
        points: reward.map_or(0, |r| r.points),
        gold: reward.map_or(0, |r| r.gold),
        reward,
        defeat,
        node: None,
        act: 0,
        lost: 0,
    };
    let end = crate::run::BattleEnd::of_record(&record, square.filter(|_| defeat.is_some()), None);
    Some((battle, end, last?))
}

/// Plays the run with the thinker's policy (the reference player that wins against the thinking
/// enemy) until its screen is the one wanted.
fn advance_run_to(world: &mut World, want: Screen) {
    let Some(mut session) = world.remove_resource::<RunSession>() else { return };
    session.showcase = None;
    session.showcase_badges = None;
    session.battle_end = None;
    for _ in 0..400 {
        if session.app_screen() == want {
            break;
        }
        // In a shop, first the badges and consumables the run can afford (as a player would buy
        // them), so the later pictures show items; then the fixed policy.
        let buy = matches!(session.run.phase(), gambit_roguelite::RunPhase::Shop(_))
            .then(|| {
                session.run.shop_offers().into_iter().find(|o| {
                    o.refusal.is_none()
                        && matches!(o.item, ShopItem::Badge { .. } | ShopItem::Consumable { .. })
                })
            })
            .flatten()
            .map(|o| gambit_roguelite::Decision::Buy { slot: o.slot, recipient: None });
        // On the way to a rest, the map's choice that leads to one (the fixed policy draws at random).
        let to_rest = (want == Screen::Rest).then(|| toward_rest(&session.run)).flatten();
        let Some(decision) =
            buy.or(to_rest).or_else(|| Player::Thinker.decide(&session.run, BoardChoice::Random))
        else {
            break;
        };
        if session.run.apply(decision).is_err() {
            break;
        }
    }
    if session.run.is_over() && session.recorded.is_none() {
        let summary = session.run.summary();
        let mut profile = world.resource_mut::<crate::run::Profile>();
        crate::run::record_finished(&mut profile, &session.run, &summary);
        // As the game does when a run ends: no saved run is left (the records would show it in
        // progress).
        if let Err(e) = profile.clear_run() {
            error!("the tour's finished run was not cleared: {e}");
        }
        session.recorded = Some(summary);
    }
    world.insert_resource(session);
}

/// The tutorial's lesson `lesson` with the first `actions` actions of its walkthrough played.
fn tutorial_after(world: &mut World, lesson: usize, actions: usize) {
    let mut session = crate::screens::tutorial::TutorialSession::start(lesson);
    for _ in 0..actions {
        if let Some(action) = session.tutorial.walkthrough_action() {
            session.act(action);
        }
    }
    world.insert_resource(session);
    set_screen(world, Screen::Tutorial);
}

/// On the map, the choice from which a rest can be reached within the act (the rest itself first);
/// `None` elsewhere or when no choice leads to one.
fn toward_rest(run: &gambit_roguelite::Run) -> Option<gambit_roguelite::Decision> {
    use gambit_roguelite::route::{NodeKind, NodeRef, Route};
    let gambit_roguelite::RunPhase::Map { choices } = run.phase() else { return None };
    let route = run.route()?;
    fn leads_to_rest(route: &Route, at: NodeRef, depth: usize) -> Option<usize> {
        let node = route.node(at)?;
        if node.kind == NodeKind::Rest {
            return Some(depth);
        }
        node.next
            .iter()
            .filter_map(|&index| leads_to_rest(route, NodeRef { row: at.row + 1, index, ..at }, depth + 1))
            .min()
    }
    let best = choices
        .iter()
        .enumerate()
        .filter_map(|(i, &at)| leads_to_rest(route, at, 0).map(|d| (d, i)))
        .min()?;
    Some(gambit_roguelite::Decision::ChooseNode { index: best.1 })
}

fn set_screen(world: &mut World, screen: Screen) {
    world.resource_mut::<NextState<Screen>>().set(screen);
}

/// Sets up the tour's step `name` (one of [`STEPS`], in order: a step builds on the ones before it,
/// as the run advances). The headless layout tests drive the same steps.
pub fn set_up(world: &mut World, name: &str) {
    // Each step belongs to one group, by the part of the game it shows; an unknown name does nothing.
    let _ =
        set_up_menus_and_skill_chess(world, name) || set_up_run(world, name) || set_up_profile(world, name);
}

/// [`set_up`] for the title, the menus, the tutorial and skill chess; whether `name` is one of them.
fn set_up_menus_and_skill_chess(world: &mut World, name: &str) -> bool {
    match name {
        "title" => {
            if let Some(scale) = world.get_resource::<ScreenshotPlan>().and_then(|p| p.scale) {
                world.resource_mut::<Settings>().ui_scale = crate::settings::ui_scale_step(scale);
            }
            set_screen(world, Screen::Title);
        }
        "settings" => world.resource_mut::<NextState<Menu>>().set(Menu::Settings),
        "how-to-play" => {
            world.resource_mut::<NextState<Menu>>().set(Menu::None);
            set_screen(world, Screen::HowToPlay);
        }
        "tutorial" => {
            // Lesson 2 after its teleport: the reaction, and the knight's threat to freeze.
            tutorial_after(world, 1, 1);
        }
        "tutorial-poison" => {
            // Lesson 3 after the capture of the Poisonous pawn: the cloud, and the rook's lost HP.
            tutorial_after(world, 2, 1);
        }
        "setup" => {
            world.remove_resource::<crate::screens::tutorial::TutorialSession>();
            set_screen(world, Screen::SkillChessSetup);
        }
        "setup-start-error" => {
            // Two players chosen, and a FEN with a bad side to move refused (the text kept).
            world.resource_mut::<Settings>().two_players = true;
            let mut field = crate::screens::setup::StartField {
                text: "4k3/8/8/8/8/8/8/4K2R x K - 0 1".to_string(),
                ..default()
            };
            field.error = field.start().err().map(|e| format!("Cannot start: {e}"));
            world.insert_resource(field);
        }
        "skill-chess" => {
            world.resource_mut::<Settings>().two_players = false;
            world.insert_resource(crate::screens::setup::StartField::default());
            world.resource_mut::<Settings>().threat_overlay = true;
            // The engine thinks only on its own turn; in this position it is the player's.
            world.insert_resource(showcase_game());
            set_screen(world, Screen::SkillChess);
        }
        // The move list's review (the position after the first action) and the resign question.
        "skill-chess-review" => world.resource_mut::<crate::game::PlayerInput>().review = Some(1),
        "skill-chess-resign" => {
            let mut input = world.resource_mut::<crate::game::PlayerInput>();
            input.review = None;
            input.confirm_resign = true;
        }
        // A finished game (a back-rank mate), its result banner, then its review with the banner aside.
        "skill-chess-over" => {
            world.resource_mut::<crate::game::PlayerInput>().confirm_resign = false;
            world.insert_resource(finished_game());
        }
        "skill-chess-over-review" => world.resource_mut::<crate::game::PlayerInput>().review = Some(0),
        // Two players on one machine, Black to move with the board turned to Black.
        "skill-chess-two-players" => {
            world.resource_mut::<crate::game::PlayerInput>().review = None;
            world.insert_resource(two_player_game());
            world.resource_mut::<crate::board::BoardViewState>().rotated = true;
        }
        "pause" => {
            world.resource_mut::<crate::game::PlayerInput>().confirm_resign = false;
            world.resource_mut::<NextState<Menu>>().set(Menu::Pause);
        }
        _ => return false,
    }
    true
}

/// [`set_up`] for a run's screens, from its start to its end; whether `name` is one of them.
fn set_up_run(world: &mut World, name: &str) -> bool {
    match name {
        "run-start" => start_tour_run(world),
        "map-start" => advance_run_to(world, Screen::Map),
        "deploy" => advance_run_to(world, Screen::Deploy),
        "battle" => {
            if let Some(mut session) = world.get_resource_mut::<RunSession>() {
                session.showcase = showcase_battle();
            }
            set_screen(world, Screen::Battle);
        }
        "battle-hints" => {
            // The knight selected: dots on its moves, a ring on the king it can capture.
            world.resource_mut::<crate::screens::battle::BattleInput>().selected = "d6".parse().ok();
            // Hovered too: the hover card of its modifier.
            world.resource_mut::<crate::board::Hovered>().0 = "d6".parse().ok();
        }
        "battle-colour-blind" => {
            world.resource_mut::<crate::screens::battle::BattleInput>().selected = None;
            world.resource_mut::<crate::board::Hovered>().0 = None;
            world.resource_mut::<Settings>().color_blind = true;
        }
        "battle-victory" | "battle-defeat" => {
            world.resource_mut::<Settings>().color_blind = false;
            if let Some((battle, end, last)) = finished_showcase(name == "battle-victory")
                && let Some(mut session) = world.get_resource_mut::<RunSession>()
            {
                session.showcase = Some(battle);
                session.battle_end = Some(end);
                session.last_move = Some(last);
            }
        }
        "shop" => {
            if let Some(mut session) = world.get_resource_mut::<RunSession>() {
                session.last_move = None;
            }
            advance_run_to(world, Screen::Shop);
        }
        "shop-save-failed" => fail_a_save(world),
        "map" => {
            // The banner of `shop-save-failed` answered as a player does: Retry, and the save works.
            if world.resource::<crate::run::SaveFailure>().0.is_some() {
                world.write_message(crate::ui::save_banner::Action::Retry);
            }
            advance_run_to(world, Screen::Map);
        }
        "rest" => advance_run_to(world, Screen::Rest),
        "map-visited" => advance_run_to(world, Screen::Map),
        "deploy-items" => advance_run_to(world, Screen::Deploy),
        // The worst case of the panels' items: every badge of the catalogue (shown, not owned).
        "deploy-all-items" => {
            if let Some(mut session) = world.get_resource_mut::<RunSession>() {
                session.showcase_badges = Some(every_badge());
            }
            world.resource_mut::<crate::ui::scale::ScaleCaps>().decide_again();
        }
        "battle-items" => {
            if let Some(mut session) = world.get_resource_mut::<RunSession>() {
                session.showcase_badges = None;
            }
            advance_run_to(world, Screen::Battle);
        }
        "battle-items-hover" => hover_the_longest_card(world),
        // The worst case of the battle panel: every badge of the catalogue and a full pack (the
        // showcase battle's three consumables).
        "battle-all-items" => {
            world.resource_mut::<crate::board::Hovered>().0 = None;
            if let Some(mut session) = world.get_resource_mut::<RunSession>() {
                session.showcase = showcase_battle();
                session.showcase_badges = Some(every_badge());
            }
            world.resource_mut::<crate::ui::scale::ScaleCaps>().decide_again();
        }
        // The longest item text in the hover card's room under the board, as the pointer over its
        // badge chip shows it (here by the focus, which the card also follows).
        "battle-all-items-tip" => {
            let mut chips = world.query::<(Entity, &crate::ui::ItemTip)>();
            let longest = chips.iter(world).max_by_key(|(_, tip)| tip.0.len()).map(|(e, _)| e);
            if let Some(chip) = longest {
                world
                    .resource_mut::<bevy::input_focus::InputFocus>()
                    .set(chip, bevy::input_focus::FocusCause::Navigated);
            }
        }
        "run-end" => {
            world.resource_mut::<bevy::input_focus::InputFocus>().clear();
            advance_run_to(world, Screen::RunEnd);
        }
        _ => return false,
    }
    true
}

/// [`set_up`] for the profile's screens (upgrades, records, replay, ranks) and the board choice;
/// whether `name` is one of them.
fn set_up_profile(world: &mut World, name: &str) -> bool {
    match name {
        "upgrades" => set_screen(world, Screen::Upgrades),
        "records" => set_screen(world, Screen::Records),
        "replay" => {
            // The tour's run, replayed: its first battle a few actions in.
            let profile = world.resource::<crate::run::Profile>();
            if let Some(record) = profile.progress.history.last() {
                let mut replay = crate::screens::replay::ReplaySession::open(profile, record);
                replay.go_to(5);
                world.insert_resource(replay);
            }
            set_screen(world, Screen::Replay);
        }
        "run-start-ranks" => {
            // A veteran: ranks 0 to 3 unlocked, today's daily run played; a new run at rank 2.
            let mut profile = world.resource_mut::<crate::run::Profile>();
            profile.progress.rank_unlocked = gambit_roguelite::rank::Rank::new(3).unwrap_or_default();
            profile.progress.last_daily = Some(gambit_roguelite::seed::Date::today_utc());
            let rank = gambit_roguelite::rank::Rank::new(2).unwrap_or_default();
            let profile = world.resource::<crate::run::Profile>();
            if let Ok(config) = profile.progress.ranked_run_config(7, rank) {
                let mut failure = crate::run::SaveFailure::default();
                match crate::run::start_run(config, profile, &mut failure) {
                    Ok(session) => {
                        world.insert_resource(session);
                        set_screen(world, Screen::RunStart);
                    }
                    Err(e) => error!("the tour's ranked run did not start: {e}"),
                }
            }
        }
        "upgrades-progress" => {
            // Some skills unlocked, EXP for some more: every node state on screen.
            let mut profile = world.resource_mut::<crate::run::Profile>();
            profile.progress.exp = 140;
            profile.progress.unlocked =
                ["deeper_pockets", "second_look", "bishops_company", "quick_blink", "cold_snap"]
                    .map(String::from)
                    .to_vec();
            set_screen(world, Screen::Upgrades);
        }
        "upgrades-detail" => {
            // The detail card of a node, as a click pins it.
            world.resource_mut::<crate::screens::upgrades::NodeSelection>().pinned =
                Some("war_council".into());
        }
        "upgrades-colour-blind" => {
            // The tree's lines and node states under the colour-blind palette.
            world.resource_mut::<crate::screens::upgrades::NodeSelection>().pinned = None;
            world.resource_mut::<Settings>().color_blind = true;
        }
        "records-history" => fill_history(world),
        "records-older" => world.resource_mut::<crate::screens::records::RecordsPage>().0 = 1,
        "board-choice" => {
            // Only a three-battle run offers a board choice (a route run goes by the map): the tour's
            // last step plays one to its first choice.
            let run = gambit_roguelite::Run::new(gambit_roguelite::RunConfig::three_battles(1));
            world.insert_resource(RunSession::new(run));
            advance_run_to(world, Screen::BoardChoice);
            let screen = world.resource::<RunSession>().app_screen();
            set_screen(world, screen);
        }
        // The same choice in the colour-blind palette: the previews' squares and rings follow it.
        "board-choice-colour-blind" => world.resource_mut::<Settings>().color_blind = true,
        _ => return false,
    }
    true
}

/// The tour's run (seed 1), started from the settings as the title's button does.
fn start_tour_run(world: &mut World) {
    world.resource_mut::<NextState<Menu>>().set(Menu::None);
    world.resource_mut::<Settings>().run_seed = Some(1);
    let mut settings = world.resource::<Settings>().clone();
    let mut failure = crate::run::SaveFailure::default();
    match crate::run::new_run(&mut settings, world.resource::<crate::run::Profile>(), &mut failure) {
        Ok(session) => {
            set_screen(world, session.app_screen());
            world.insert_resource(session);
        }
        Err(e) => error!("the tour's run did not start: {e}"),
    }
}

/// A save that really fails (the store's own message on the banner): `run.json` is a directory for
/// the moment of the save, then the file is put back.
fn fail_a_save(world: &mut World) {
    // A save that really fails (the store's own message on the banner): `run.json` is a
    // directory for the moment of the save, then the file is put back.
    let path = world.resource::<crate::run::Profile>().dir.file(gambit_roguelite::save::RUN_FILE);
    let kept = path.with_extension("json.kept");
    let moved = std::fs::rename(&path, &kept).is_ok();
    let made = std::fs::create_dir(&path).is_ok();
    let mut failure = crate::run::SaveFailure::default();
    if let Some(session) = world.get_resource::<RunSession>() {
        crate::run::save_all(world.resource::<crate::run::Profile>(), session, &mut failure);
    }
    world.insert_resource(failure);
    if made {
        let _ = std::fs::remove_dir(&path);
    }
    if moved {
        let _ = std::fs::rename(&kept, &path);
    }
}

/// The piece with the longest card hovered (its name, HP, modifier, target mark) beside the pack's
/// consumables: the card and the buttons share the panel's foot.
fn hover_the_longest_card(world: &mut World) {
    // The piece with the longest card hovered (its name, HP, modifier, target mark) beside
    // the pack's consumables: the card and the buttons share the panel's foot.
    let square = world.get_resource::<RunSession>().and_then(|s| {
        s.battle()?
            .units()
            .iter()
            .filter(|u| u.alive)
            .max_by_key(|u| (u.modifier.map_or(0, |m| m.title().len()), u.target, u.team == Team::Player))
            .map(|u| u.square)
    });
    world.resource_mut::<crate::board::Hovered>().0 = square;
}

/// A profile with more runs than a page holds (what each lost, paging, best per rank) and skill
/// chess against two strengths, shown on the records screen.
fn fill_history(world: &mut World) {
    // A profile with more runs than a page holds: what each lost, paging, best per rank.
    world.resource_mut::<Settings>().color_blind = false;
    use gambit_roguelite::rank::Rank;
    use gambit_roguelite::records::RunRecord;
    use gambit_rules::Role;
    let mut profile = world.resource_mut::<crate::run::Profile>();
    for i in 0..9u32 {
        let lost = match i % 3 {
            0 => vec![Role::Pawn],
            1 => vec![Role::Queen, Role::Pawn, Role::Knight],
            _ => Vec::new(),
        };
        let record = RunRecord {
            seed: 1000 + u64::from(i) * 7919,
            rank: Rank::new(i % 3).unwrap_or_default(),
            daily: None,
            victory: i % 4 == 0,
            battles_won: 2 + i % 5,
            points: 300 + i * 45,
            exp: 60 + i * 7,
            owned_lost: lost.len() as u32,
            pawns_lost: lost.iter().filter(|&&r| r == Role::Pawn).count() as u32,
            temporary_pawns_lost: 0,
            decisions: None,
            lost,
            abandoned: i == 2,
        };
        profile.progress.history.push(record);
    }
    // Skill chess against two strengths.
    use gambit_roguelite::versus::GameScore;
    use gambit_search::Preset;
    for (preset, score) in [
        (Preset::Casual, GameScore::Win),
        (Preset::Casual, GameScore::Win),
        (Preset::Casual, GameScore::Loss),
        (Preset::Club, GameScore::Draw),
        (Preset::Club, GameScore::Loss),
    ] {
        profile.progress.versus.record(preset, score);
    }
    set_screen(world, Screen::Records);
}

fn tour(world: &mut World) {
    let (index, frames, entered, dir) = {
        let plan = world.resource::<ScreenshotPlan>();
        (plan.index, plan.frames, plan.entered, plan.dir.clone())
    };
    let Some(&name) = STEPS.get(index) else {
        world.resource_mut::<ScreenshotPlan>().frames += 1;
        if frames > SETTLE_FRAMES {
            let found = std::mem::take(&mut world.resource_mut::<ScreenshotPlan>().violations);
            let report = dir.join("layout.txt");
            let text: String = found.iter().map(|v| format!("{v}\n")).collect();
            if let Err(e) = std::fs::write(&report, &text) {
                error!("cannot write {}: {e}", report.display());
            }
            if found.is_empty() {
                world.write_message(AppExit::Success);
            } else {
                error!("layout check: {} violations (listed in {})", found.len(), report.display());
                world.write_message(AppExit::error());
            }
        }
        return;
    };
    if !entered {
        if world.resource::<RunTask>().is_busy() {
            return;
        }
        set_up(world, name);
        let mut plan = world.resource_mut::<ScreenshotPlan>();
        plan.entered = true;
        plan.frames = 0;
        return;
    }
    world.resource_mut::<ScreenshotPlan>().frames += 1;
    if frames + 1 == SETTLE_FRAMES {
        let found = crate::ui::layout_check::violations(world);
        for v in &found {
            error!("layout check, {name}: {v}");
        }
        world
            .resource_mut::<ScreenshotPlan>()
            .violations
            .extend(found.iter().map(|v| format!("{name}: {v}")));
        let path = dir.join(format!("{name}.png"));
        info!("screenshot {}", path.display());
        world.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
    }
    if frames + 1 >= SETTLE_FRAMES + 10 {
        let mut plan = world.resource_mut::<ScreenshotPlan>();
        plan.index += 1;
        plan.entered = false;
    }
}
