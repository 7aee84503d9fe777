//! Headless tests of the roguelite run in the app, driven as a player drives it: the buttons on
//! screen (each screen's action), `BoardInput` for the board. Battles use set formations
//! (`RunConfig::scripted`) so the outcome does not depend on the bot's strength.

mod common;

use bevy::prelude::*;
use common::Harness;
use gambit::board::{BoardInput, BoardScene};
use gambit::menus::Menu;
use gambit::run::{Profile, RunSession};
use gambit::screens::Screen;
use gambit::screens::{battle, board_choice, deploy, run_end, run_start, shop, title, upgrades};
use gambit::settings::Settings;
use gambit_roguelite::battle::{BoardShape, Objective};
use gambit_roguelite::economy::run_exp;
use gambit_roguelite::encounter::{Encounter, EnemyPiece};
use gambit_roguelite::run::ShopItem;
use gambit_roguelite::save::{PROGRESS_FILE, RUN_FILE, progress_from_json, progress_to_json, run_to_json};
use gambit_roguelite::{BattleAction, Decision, Run, RunConfig, RunPhase};
use gambit_rules::{Role, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// An 8x8 board, the enemy king alone on c8: the rook deployed on c1 takes it at once.
fn king_on_c8(budget: u32) -> Encounter {
    Encounter {
        name: "open_file".to_string(),
        stage: 1,
        board: BoardShape::square(8),
        enemy: vec![EnemyPiece { role: Role::King, square: sq("c8"), modifier: None, target: false }],
        objective: Objective::CaptureKing,
        bonus: None,
        move_budget: budget,
        enemy_skills: None,
        royal_kings: false,
        fallback: false,
        proof: None,
    }
}

/// The same king behind a wall of enemy rooks on the 7th rank, out of reach in one move.
fn unreachable_king() -> Encounter {
    let mut e = king_on_c8(1);
    e.name = "fortress".to_string();
    e.enemy = ["a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"]
        .iter()
        .map(|s| EnemyPiece { role: Role::Pawn, square: sq(s), modifier: None, target: false })
        .chain([EnemyPiece { role: Role::King, square: sq("h8"), modifier: None, target: false }])
        .collect();
    e
}

fn config(seed: u64, scripted: Vec<Encounter>) -> RunConfig {
    let mut c = RunConfig::three_battles(seed);
    c.scripted = scripted;
    c
}

fn start(h: &mut Harness, config: RunConfig) {
    let session = RunSession::new(Run::new(config));
    let screen = session.app_screen();
    h.app.world_mut().insert_resource(session);
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(screen);
    h.update(2);
    assert_eq!(h.screen(), Screen::RunStart);
}

fn session(h: &Harness) -> &RunSession {
    h.app.world().resource::<RunSession>()
}

/// Plays the first legal ordinary move of the player that does not win, by clicking its two squares.
fn play_some_move(h: &mut Harness) {
    let battle = session(h).run.battle().unwrap().clone();
    let (from, to) = battle
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            BattleAction::Move { id, to } if battle.unit_at(to).is_none() => {
                Some((battle.unit(id).unwrap().square, to))
            }
            _ => None,
        })
        .expect("a quiet move");
    h.board(BoardInput::Pressed(from));
    h.board(BoardInput::Pressed(to));
    h.wait_for_run();
}

/// Chooses the first offered modifier for the pawn (roster id 5) through the run-start buttons.
fn choose_start(h: &mut Harness) {
    let RunPhase::StartOffer { offers } = session(h).run.phase().clone() else { panic!("not the offer") };
    h.press(run_start::Action::Offer(offers[0]));
    h.press(run_start::Action::Recipient(5));
    h.press(run_start::Action::Begin);
    h.wait_for_run();
    assert_eq!(h.screen(), Screen::Deploy);
}

/// Deploys with the rook (roster id 2) on c1, by swapping it there on the board like a player.
fn deploy_rook_on_c1(h: &mut Harness) {
    let rook_square =
        h.app.world().resource::<deploy::DeployPlan>().placements.iter().find(|(id, _)| *id == 2).unwrap().1;
    if rook_square != sq("c1") {
        h.board(BoardInput::Pressed(rook_square));
        h.board(BoardInput::Pressed(sq("c1")));
    }
    assert!(h.app.world().resource::<deploy::DeployPlan>().placements.contains(&(2, sq("c1"))));
    h.press(deploy::Action::Start);
    h.wait_for_run();
    assert_eq!(h.screen(), Screen::Battle);
}

/// Rook c1 takes the king on c8 (click, click), then closes the victory panel.
/// With the threat overlay on, the enemy's threats are drawn while the battle is played and gone
/// from the won board.
/// The command line's box: shown while the battle goes on, hidden (its room kept) once it is over.
fn command_box(h: &mut Harness) -> Visibility {
    type CommandBox = gambit::ui::Section<gambit::board::command_line::CommandLineView>;
    let world = h.app.world_mut();
    let shown: Vec<Visibility> =
        world.query_filtered::<&Visibility, With<CommandBox>>().iter(world).copied().collect();
    assert_eq!(shown.len(), 1, "one command line");
    shown[0]
}

fn win_battle(h: &mut Harness) {
    assert_eq!(command_box(h), Visibility::Inherited, "the command line is there to type in");
    h.app.world_mut().resource_mut::<Settings>().threat_overlay = true;
    h.board(BoardInput::Pressed(sq("c1")));
    assert_eq!(h.app.world().resource::<battle::BattleInput>().selected, Some(sq("c1")));
    assert!(h.app.world().resource::<BoardScene>().cells.iter().any(|c| c.threat));
    h.board(BoardInput::Pressed(sq("c8")));
    h.wait_for_run();
    let end = session(h).battle_end.clone().expect("the battle ended");
    assert!(end.won, "{end:?}");
    assert!(h.app.world().resource::<BoardScene>().cells.iter().all(|c| !c.threat));
    assert!(end.lines.iter().any(|l| l.contains(" points: 100 for the victory, ")), "{end:?}");
    h.update(1);
    assert_eq!(command_box(h), Visibility::Hidden, "nothing to type on the victory panel");
    h.press(battle::Action::Continue);
}

/// A seed set in Settings plays the next run only: the run after it gets a random seed again (it
/// repeated in every later run before).
#[test]
fn a_seed_set_in_settings_plays_one_run() {
    let mut h = Harness::new();
    h.app.world_mut().resource_mut::<Settings>().run_seed = Some(424_242);
    h.press(title::Action::NewRun);
    h.update(2);
    assert_eq!(session(&h).run.config().seed, 424_242);
    assert_eq!(h.app.world().resource::<Settings>().run_seed, None, "the seed is used once");
}

/// Escape between battles opens the pause menu (it did nothing on the shop, board choice and run end).
#[test]
fn escape_between_battles_opens_the_pause_menu() {
    let mut h = Harness::new();
    start(&mut h, config(7, vec![]));
    h.key(KeyCode::Escape);
    h.update(2);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::Pause);
}

/// Escape in a battle with a piece selected lets go of the piece and does not pause (a play session
/// pressed Escape over a selected knight and saw it stay selected); a second Escape pauses.
#[test]
fn escape_lets_go_of_a_selected_piece_in_battle() {
    let mut h = Harness::new();
    start(&mut h, config(3, vec![king_on_c8(10)]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    h.board(BoardInput::Pressed(sq("c1")));
    assert_eq!(h.app.world().resource::<battle::BattleInput>().selected, Some(sq("c1")));
    h.key(KeyCode::Escape);
    h.update(2);
    assert_eq!(h.app.world().resource::<battle::BattleInput>().selected, None, "let go");
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::None, "not paused");
    assert!(h.app.world().resource::<BoardScene>().cells.iter().all(|c| !c.selected));
    h.key(KeyCode::Escape);
    h.update(2);
    assert_eq!(*h.app.world().resource::<State<Menu>>().get(), Menu::Pause);
}

/// The battle log starts empty at each battle: the second battle does not show the first one's lines
/// (it did: the log ran on through the whole run).
#[test]
fn each_battle_starts_its_own_log() {
    let mut h = Harness::new();
    start(&mut h, config(3, vec![king_on_c8(10)]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    win_battle(&mut h);
    let first: Vec<String> = session(&h).log.clone();
    let capture = first.iter().rev().find(|l| l.contains("c1") && l.contains("c8")).cloned();
    let capture = capture.unwrap_or_else(|| panic!("the capture c1-c8 is logged: {first:?}"));
    // One line for the move and its capture, in one voice, no engine chatter between moves.
    assert_eq!(capture, "your Rook moves c1-c8 and captures enemy King", "{first:?}");
    assert!(first.iter().all(|l| !l.contains("ply ") && !l.contains("the player")), "{first:?}");
    h.press(shop::Action::Leave);
    h.wait_for_run();
    h.press(board_choice::Action::Choose(0));
    h.wait_for_run();
    deploy_rook_on_c1(&mut h);
    assert!(!session(&h).log.contains(&capture), "{:?}", session(&h).log);
}

/// The battle panel shows the enemy's skills and their cooldowns beside the player's (or that it has
/// none), and the log of the battle on screen: after Continue the next battle's log has its own
/// lines, the moves included.
#[test]
fn the_battle_panel_shows_the_enemy_intent_and_the_log_after_continue() {
    let mut h = Harness::new();
    let mut second = king_on_c8(10);
    second.enemy_skills = Some(gambit_roguelite::battle::SkillTuning::default());
    start(&mut h, config(3, vec![king_on_c8(10), second]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    let line = |h: &mut Harness| h.texts().into_iter().find(|t| t.starts_with("Enemy skills:"));
    assert_eq!(line(&mut h).as_deref(), Some("Enemy skills: none"), "said, so the player knows");
    win_battle(&mut h);
    h.press(shop::Action::Leave);
    h.wait_for_run();
    h.press(board_choice::Action::Choose(0));
    h.wait_for_run();
    let chosen = session(&h).run.phase().clone();
    let RunPhase::Deploy { encounter } = chosen else { panic!("not deploying: {chosen:?}") };
    assert!(encounter.enemy_skills.is_some(), "the scripted second battle has enemy skills");
    deploy_rook_on_c1(&mut h);
    assert_eq!(line(&mut h).as_deref(), Some("Enemy skills: Teleport ready, Freeze ready"));
    play_some_move(&mut h);
    let battle = session(&h).run.battle().unwrap().clone();
    let want = |skill| match battle.cooldown(gambit_roguelite::Team::Enemy, skill).unwrap() {
        0 => "ready".to_string(),
        1 => "in 1 tick".to_string(),
        n => format!("in {n} ticks"),
    };
    let expected = format!(
        "Enemy skills: Teleport {}, Freeze {}",
        want(gambit_skills::Skill::Teleport),
        want(gambit_skills::Skill::Freeze)
    );
    assert_eq!(line(&mut h), Some(expected));
    // The log on screen is this battle's: the move just played is in it, the first battle's capture is
    // not.
    let log = session(&h).log.clone();
    assert!(!log.is_empty());
    let texts = h.texts();
    let last = log.last().unwrap();
    assert!(texts.iter().any(|t| t.contains(last.as_str())), "the log's last line {last:?} is on screen");
    assert!(!texts.iter().any(|t| t.contains("No moves yet")), "{texts:?}");
}

/// A move played in a battle sounds: the decision reaches the audio as `RunAdvanced` with its events,
/// and the audio writes the move's cue (dropped here, where there is no audio output).
#[test]
fn a_battle_move_writes_its_cue() {
    let mut h = Harness::new();
    start(&mut h, config(3, vec![king_on_c8(10)]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    let handled = |h: &Harness| {
        let t = *h.app.world().resource::<gambit::audio::CueTally>();
        t.played + t.dropped + t.silenced
    };
    let before = handled(&h);
    play_some_move(&mut h);
    h.update(2);
    assert!(handled(&h) > before, "the move's cue was written");
}

#[test]
fn a_controlled_run_is_won_in_three_battles() {
    let mut h = Harness::new();
    start(&mut h, config(3, vec![king_on_c8(10)]));
    choose_start(&mut h);
    for battle in 1..=3 {
        deploy_rook_on_c1(&mut h);
        win_battle(&mut h);
        assert_eq!(session(&h).run.battles_won(), battle);
        if battle < 3 {
            assert_eq!(h.screen(), Screen::Shop);
            h.press(shop::Action::Leave);
            h.wait_for_run();
            assert_eq!(h.screen(), Screen::BoardChoice);
            h.press(board_choice::Action::Choose(0));
            h.wait_for_run();
            assert_eq!(h.screen(), Screen::Deploy);
        }
    }
    assert_eq!(h.screen(), Screen::RunEnd);
    let summary = session(&h).run.summary();
    assert!(summary.victory);
    assert_eq!(summary.battles_won, 3);
    // 100 + 5 x 9 moves left, three times.
    assert_eq!(summary.points, 3 * 145);
    assert_eq!(summary.exp, run_exp(435, 3, true));
    assert_eq!(summary.exp, 43 + 30 + 20);
    // The profile got the EXP and the statistics, on disk too; the run file is gone.
    let profile = h.app.world().resource::<Profile>();
    assert_eq!(profile.progress.exp, 93);
    assert_eq!(profile.progress.stats.victories, 1);
    assert_eq!(
        profile.dir.store().load(PROGRESS_FILE, progress_from_json).value.as_ref(),
        Some(&profile.progress)
    );
    assert!(!h.path().join("run.json").exists());
}

/// A run whose only formation cannot be won in its one move of budget: any move loses the battle,
/// and with it the run.
fn lose_the_first_battle(h: &mut Harness) {
    start(h, config(4, vec![unreachable_king()]));
    choose_start(h);
    deploy_rook_on_c1(h);
    play_some_move(h);
}

#[test]
fn a_defeat_ends_the_run() {
    let mut h = Harness::new();
    lose_the_first_battle(&mut h);
    let end = session(&h).battle_end.clone().expect("the battle ended");
    assert!(!end.won);
    // The report names the cause (the library's reason); no piece fell, so no square is marked.
    assert_eq!(end.lines[0], "You ran out of moves.");
    assert_eq!(end.square, None);
    h.press(battle::Action::Continue);
    assert_eq!(h.screen(), Screen::RunEnd);
    assert!(!session(&h).run.summary().victory);
    assert_eq!(h.app.world().resource::<Profile>().progress.stats.runs, 1);
}

/// The game stopped while saving the end of a run, after `progress.json` (the run recorded) and
/// before `run.json` was removed: the next start finds the finished run, does not count it again, and
/// removes it. Stopped before `progress.json` was written, the next start records it once.
#[test]
fn a_run_stopped_while_saving_its_end_counts_once() {
    let mut h = Harness::new();
    lose_the_first_battle(&mut h);
    let run = session(&h).run.clone();
    assert!(run.is_over());
    let recorded = h.app.world().resource::<Profile>().progress.clone();
    assert_eq!(recorded.stats.runs, 1);
    assert!(!h.path().join(RUN_FILE).exists());
    let dir = std::mem::replace(&mut h.dir, tempfile::tempdir().unwrap());
    drop(h);

    // Stopped after the profile was written: recorded already.
    std::fs::write(dir.path().join(RUN_FILE), run_to_json(&run)).unwrap();
    let mut fresh = Harness::in_dir(dir);
    assert_eq!(fresh.app.world().resource::<Profile>().progress, recorded);
    assert!(!fresh.path().join(RUN_FILE).exists());
    let on_disk = progress_from_json(&std::fs::read_to_string(fresh.path().join(PROGRESS_FILE)).unwrap());
    assert_eq!(on_disk.unwrap(), recorded);

    // Stopped before the profile was written: recorded now, once.
    std::fs::write(fresh.path().join(PROGRESS_FILE), progress_to_json(&Default::default())).unwrap();
    std::fs::write(fresh.path().join(RUN_FILE), run_to_json(&run)).unwrap();
    let dir = std::mem::replace(&mut fresh.dir, tempfile::tempdir().unwrap());
    drop(fresh);
    let again = Harness::in_dir(dir);
    assert_eq!(again.app.world().resource::<Profile>().progress, recorded);
    assert!(!again.path().join(RUN_FILE).exists());
}

/// An encounter that declares royal kings says so where it is described; others do not.
#[test]
fn royal_kings_are_shown_where_declared() {
    let mut e = king_on_c8(5);
    assert!(!gambit::screens::deploy::goal_text(&e, e.move_budget).contains("Royal kings"));
    e.royal_kings = true;
    assert!(gambit::screens::deploy::goal_text(&e, e.move_budget).contains("Royal kings"));
}

/// A seed whose first shop (after a 1-move win with a budget of 30) sells the same piece twice, one
/// below its purchase limit, both affordable: buying one is within the limit, the other beyond it.
/// Returns the seed and the two slots.
fn shop_seed() -> (u64, usize, usize) {
    for seed in 1..2000 {
        let mut run = Run::new(config(seed, vec![king_on_c8(30)]));
        let RunPhase::StartOffer { offers } = run.phase().clone() else { unreachable!() };
        run.apply(Decision::ChooseStart { modifier: offers[0], recipient: 5 }).unwrap();
        if run.apply(Decision::DeployDefault).is_err() {
            continue;
        }
        let Some(battle) = run.battle() else { continue };
        let rook = battle.units().iter().find(|u| u.role == Role::Rook && u.alive).unwrap();
        if rook.square.file() != sq("c8").file() {
            continue;
        }
        let action = BattleAction::Move { id: rook.id, to: sq("c8") };
        if run.apply(Decision::Act { action }).is_err() {
            continue;
        }
        let RunPhase::Shop(shop) = run.phase() else { continue };
        let pieces: Vec<(usize, Role, u32)> = shop
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s.item {
                ShopItem::Piece { role } => Some((i, role, s.item.price())),
                _ => None,
            })
            .collect();
        for (n, &(a, role, price_a)) in pieces.iter().enumerate() {
            let limit = run.piece_limit(role);
            if limit.owned + 1 != limit.limit {
                continue;
            }
            if let Some(&(b, _, price_b)) = pieces[n + 1..].iter().find(|(_, r, _)| *r == role)
                && price_a + price_b <= run.gold()
            {
                return (seed, a, b);
            }
        }
    }
    panic!("no seed with the wanted shop");
}

#[test]
fn shop_purchases_within_and_beyond_a_limit() {
    let (seed, within, beyond) = shop_seed();
    let mut h = Harness::new();
    start(&mut h, config(seed, vec![king_on_c8(30)]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    win_battle(&mut h);
    assert_eq!(h.screen(), Screen::Shop);
    let gold = session(&h).run.gold();
    let roster = session(&h).run.roster().len();
    h.press(shop::Action::Buy(within));
    h.wait_for_run();
    assert_eq!(session(&h).run.roster().len(), roster + 1);
    assert!(session(&h).run.gold() < gold);
    let gold = session(&h).run.gold();
    // The slot beyond the limit is shown disabled, with the count; its action sent anyway (as a stale
    // click would) is refused by the run.
    h.update(2);
    let mut slots = h.app.world_mut().query::<(&shop::Action, Has<gambit::ui::Disabled>, &Children)>();
    let world = h.app.world();
    let (_, disabled, children) =
        slots.iter(world).find(|(a, _, _)| **a == shop::Action::Buy(beyond)).expect("the slot's button");
    assert!(disabled, "the slot beyond the limit is disabled");
    // The slot is a card: its lines are the button's texts.
    let lines: Vec<&str> =
        children.iter().filter_map(|c| world.get::<Text>(c)).map(|t| t.0.as_str()).collect();
    assert!(lines.iter().any(|l| l.contains("owned")), "{lines:?}");
    h.send(shop::Action::Buy(beyond));
    h.wait_for_run();
    assert_eq!(session(&h).run.roster().len(), roster + 1, "nothing bought beyond the limit");
    assert_eq!(session(&h).run.gold(), gold);
    let message = session(&h).refusal.clone().unwrap();
    assert!(message.contains("most"), "{message}");
}

/// A seed whose first shop (after a 1-move win, budget 30) sells an affordable consumable that is
/// usable at the start of the next battle (with the default deployment), one that needs a target or
/// one that needs none. Returns the seed and slot.
fn consumable_seed(needs_target: bool) -> (u64, usize) {
    consumable_shop_seed(|effect| effect.needs_target() == needs_target, true)
}

/// The first seed whose first shop sells a consumable whose effect `wanted` accepts and which is
/// usable at the next battle's start with the default deployment exactly when `usable`. Returns the
/// seed and the shop slot.
fn consumable_shop_seed(
    wanted: impl Fn(&gambit_roguelite::items::Effect) -> bool,
    usable: bool,
) -> (u64, usize) {
    for seed in 1..2000 {
        let mut run = Run::new(config(seed, vec![king_on_c8(30)]));
        let RunPhase::StartOffer { offers } = run.phase().clone() else { unreachable!() };
        run.apply(Decision::ChooseStart { modifier: offers[0], recipient: 5 }).unwrap();
        if run.apply(Decision::DeployDefault).is_err() {
            continue;
        }
        let rook = run.battle().unwrap().units().iter().find(|u| u.role == Role::Rook && u.alive).unwrap();
        if rook.square.file() != sq("c8").file() {
            continue;
        }
        let action = BattleAction::Move { id: rook.id, to: sq("c8") };
        if run.apply(Decision::Act { action }).is_err() || !matches!(run.phase(), RunPhase::Shop(_)) {
            continue;
        }
        let Some(offer) = run.shop_offers().into_iter().find(|o| {
            matches!(o.item, ShopItem::Consumable { .. })
                && o.refusal.is_none()
                && o.info.as_ref().is_some_and(|i| wanted(&i.effect))
        }) else {
            continue;
        };
        let mut next = run.clone();
        next.apply(Decision::Buy { slot: offer.slot, recipient: None }).unwrap();
        next.apply(Decision::LeaveShop).unwrap();
        next.apply(Decision::ChooseBoard { index: 0 }).unwrap();
        next.apply(Decision::DeployDefault).unwrap();
        let has_use =
            next.battle().unwrap().legal_actions().iter().any(|a| matches!(a, BattleAction::Use { .. }));
        if has_use == usable {
            return (seed, offer.slot);
        }
    }
    panic!("no seed with the wanted shop");
}

/// Whether the battle screen's button for pack slot `slot` is disabled.
fn use_button_disabled(h: &mut Harness, slot: u8) -> bool {
    h.update(2);
    let mut buttons = h.app.world_mut().query::<(&battle::Action, Has<gambit::ui::Disabled>)>();
    let world = h.app.world();
    buttons.iter(world).find(|(a, _)| **a == battle::Action::Use(slot)).expect("the consumable's button").1
}

/// A consumable bought in the shop is used in the next battle through its button (and its target on
/// the board, if it needs one): the battle changes exactly as the library's own `Use` action changes
/// it. Once used, its button is disabled, and the action sent anyway changes nothing.
#[test]
fn a_bought_consumable_is_used_in_battle_through_its_button() {
    use_a_bought_consumable(false);
}

/// The same with a consumable that needs a target: its targeting mode highlights the library's targets.
#[test]
fn a_bought_consumable_is_used_on_a_target_through_its_button() {
    use_a_bought_consumable(true);
}

/// A run whose first battle is won and whose first shop sold a consumable (one with a target or
/// not): the harness on the shop screen after the purchase.
fn buy_a_consumable(needs_target: bool) -> Harness {
    let (seed, slot) = consumable_seed(needs_target);
    let mut h = Harness::new();
    start(&mut h, config(seed, vec![king_on_c8(30)]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    win_battle(&mut h);
    assert_eq!(h.screen(), Screen::Shop);
    h.press(shop::Action::Buy(slot));
    h.wait_for_run();
    h
}

/// A consumable that cannot be used now is greyed, and its tip (under the board on hover or focus)
/// says why in the library's words: Retreat at a battle's start, before any piece has moved.
#[test]
fn a_greyed_consumable_says_why() {
    let (seed, slot) =
        consumable_shop_seed(|effect| matches!(effect, gambit_roguelite::items::Effect::Retreat), false);
    let mut h = Harness::new();
    start(&mut h, config(seed, vec![king_on_c8(30)]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    win_battle(&mut h);
    h.press(shop::Action::Buy(slot));
    h.wait_for_run();
    to_the_next_battle(&mut h);
    assert!(use_button_disabled(&mut h, 0), "Retreat before a move");
    let reason = session(&h).run.battle().unwrap().consumable_refusal(0).expect("a reason").to_string();
    let mut tips = h.app.world_mut().query::<(&battle::Action, &gambit::ui::ItemTip)>();
    let tip = tips
        .iter(h.app.world())
        .find(|(a, _)| **a == battle::Action::Use(0))
        .map(|(_, tip)| tip.0.clone())
        .expect("the button's tip");
    assert_eq!(tip, format!("Retreat (not now): {reason}."));
}

/// From the shop to the next battle: leave, choose the first board, deploy the rook on c1.
fn to_the_next_battle(h: &mut Harness) {
    h.press(shop::Action::Leave);
    h.wait_for_run();
    h.press(board_choice::Action::Choose(0));
    h.wait_for_run();
    deploy_rook_on_c1(h);
}

fn use_a_bought_consumable(needs_target: bool) {
    let mut h = buy_a_consumable(needs_target);
    assert_eq!(session(&h).run.pack().len(), 1, "the consumable is in the pack");
    // The shop names the pack by the item's name.
    let name = session(&h).run.pack_items().next().unwrap().name.clone();
    h.update(2);
    let mut texts = h.app.world_mut().query::<&Text>();
    let line = format!("Pack: {name} (1 of 3).");
    assert!(texts.iter(h.app.world()).any(|t| t.0.contains(&line)), "no {line:?} on the shop");
    to_the_next_battle(&mut h);

    // The button is enabled exactly when the library has a use of the slot.
    let battle_now = session(&h).run.battle().unwrap().clone();
    let uses: Vec<BattleAction> = battle_now
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, BattleAction::Use { slot: 0, .. }))
        .collect();
    assert_eq!(use_button_disabled(&mut h, 0), uses.is_empty());
    assert!(!uses.is_empty(), "the seed's consumable is usable with the rook on c1");
    h.press(battle::Action::Use(0));
    let action = if !needs_target {
        assert_eq!(uses, [BattleAction::Use { slot: 0, target: None }]);
        uses[0]
    } else {
        // Targeting: Esc leaves it, with nothing used.
        assert_eq!(
            h.app.world().resource::<battle::BattleInput>().targeting,
            gambit::board::Targeting::Use(0)
        );
        h.key(KeyCode::Escape);
        assert_eq!(h.app.world().resource::<battle::BattleInput>().targeting, gambit::board::Targeting::Move);
        assert_eq!(session(&h).run.battle().unwrap().state_key(), battle_now.state_key());
        // Again: the highlighted squares are the library's targets; one press uses it.
        h.press(battle::Action::Use(0));
        let input = h.app.world().resource::<battle::BattleInput>().clone();
        assert_eq!(input.targeting, gambit::board::Targeting::Use(0));
        let scene = h.app.world().resource::<gambit::board::BoardScene>();
        let mut shown: Vec<Square> =
            Square::all().filter(|&s| scene.cells[s.index() as usize].target).collect();
        let mut wanted: Vec<Square> = uses
            .iter()
            .filter_map(|a| match a {
                BattleAction::Use { target, .. } => *target,
                _ => None,
            })
            .collect();
        shown.sort();
        wanted.sort();
        assert_eq!(shown, wanted);
        h.board(BoardInput::Pressed(wanted[0]));
        BattleAction::Use { slot: 0, target: Some(wanted[0]) }
    };
    h.wait_for_run();
    let mut expected = battle_now.clone();
    expected.apply(action).unwrap();
    let after = session(&h).run.battle().expect("the battle goes on (a free action)");
    assert_eq!(after.state_key(), expected.state_key());
    assert_ne!(after.state_key(), battle_now.state_key(), "the use changed the battle");
    assert!(after.pack()[0].unwrap().used);

    // Used: disabled, and a stale press changes nothing.
    assert!(use_button_disabled(&mut h, 0));
    h.send(battle::Action::Use(0));
    h.wait_for_run();
    assert_eq!(session(&h).run.battle().unwrap().state_key(), expected.state_key());
    let message = h.app.world().resource::<battle::BattleInput>().message.clone().unwrap();
    assert!(message.contains("cannot be used"), "{message}");
}

/// Types `text` into the open command line, one character per frame, as the window sends them.
fn type_text(h: &mut Harness, text: &str) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    for c in text.chars() {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            h.app.world_mut().write_message(KeyboardInput {
                // No key the screens or the board react to; the command line reads the character.
                key_code: KeyCode::F35,
                logical_key: if c == ' ' { Key::Space } else { Key::Character(c.to_string().into()) },
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            h.app.update();
        }
    }
}

/// The battle's command line reads `use N SQUARE` through the library's grammar: `/`, the text, Enter
/// use the consumable as its button does; typed again, the used one is refused with the library's
/// error and nothing changes.
#[test]
fn a_consumable_is_used_by_typing_its_command() {
    let mut h = buy_a_consumable(true);
    to_the_next_battle(&mut h);
    let before = session(&h).run.battle().unwrap().clone();
    let action = before
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, BattleAction::Use { slot: 0, target: Some(_) }))
        .expect("a use on a target");
    let text = before.action_text(action);
    assert!(text.starts_with("use 1 "), "{text}");
    h.key(KeyCode::Slash);
    type_text(&mut h, &text);
    h.key(KeyCode::Enter);
    h.wait_for_run();
    let mut expected = before.clone();
    expected.apply(action).unwrap();
    assert_eq!(session(&h).run.battle().unwrap().state_key(), expected.state_key());
    h.key(KeyCode::Slash);
    type_text(&mut h, &text);
    h.key(KeyCode::Enter);
    h.wait_for_run();
    assert_eq!(session(&h).run.battle().unwrap().state_key(), expected.state_key());
    let message = h.app.world().resource::<battle::BattleInput>().message.clone().unwrap();
    assert!(message.contains("not legal"), "{message}");
}

#[test]
fn a_skill_is_unlocked_in_the_tree() {
    let mut h = Harness::new();
    h.app.world_mut().resource_mut::<Profile>().progress.exp = 45;
    h.press(gambit::screens::title::Action::Upgrades);
    assert_eq!(h.screen(), Screen::Upgrades);
    // Locked: its prerequisite is missing. Nothing changes.
    h.press(upgrades::Action::Select("second_look".to_string()));
    let mut unlock = h.app.world_mut().query::<(&upgrades::Action, Has<gambit::ui::Disabled>)>();
    assert!(unlock.iter(h.app.world()).any(|(a, disabled)| *a == upgrades::Action::Unlock && disabled));
    h.send(upgrades::Action::Unlock);
    assert!(h.app.world().resource::<Profile>().progress.unlocked.is_empty());
    h.press(upgrades::Action::Clear);
    h.press(upgrades::Action::Select("deeper_pockets".to_string()));
    h.press(upgrades::Action::Unlock);
    let profile = h.app.world().resource::<Profile>();
    assert_eq!(profile.progress.unlocked, ["deeper_pockets"]);
    assert_eq!(profile.progress.exp, 15);
    let saved = profile.dir.store().load(PROGRESS_FILE, progress_from_json).value.unwrap();
    assert_eq!(saved.unlocked, ["deeper_pockets"]);
    // It applies to new runs: 20 starting gold.
    let run = Run::new(profile.progress.new_run_config(1));
    assert_eq!(run.gold(), 20);
}

#[test]
fn a_run_resumes_mid_battle_in_a_fresh_app() {
    let mut h = Harness::new();
    start(&mut h, config(5, vec![unreachable_king()]));
    // The budget of the formation is 1: give it more so the battle goes on after a move.
    let mut e = unreachable_king();
    e.move_budget = 10;
    h.app.world_mut().insert_resource(RunSession::new(Run::new(config(5, vec![e]))));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    play_some_move(&mut h);
    let log = session(&h).run.log();
    assert_eq!(log.steps.len(), 3);
    let lines = session(&h).log.clone();
    assert!(lines.len() >= 2, "the move and the enemy's reply: {lines:?}");
    let dir = std::mem::replace(&mut h.dir, tempfile::tempdir().unwrap());
    drop(h);
    let mut fresh = Harness::in_dir(dir);
    fresh.press(gambit::screens::title::Action::ContinueRun);
    assert_eq!(fresh.screen(), Screen::Battle);
    assert_eq!(session(&fresh).run.log(), log);
    assert_eq!(session(&fresh).run.battle().unwrap().moves_used(), 1);
    // The battle log is rebuilt from the saved steps, as it read before the game stopped.
    assert_eq!(session(&fresh).log, lines);
    let texts = fresh.texts();
    assert!(texts.iter().any(|t| t.contains(lines.last().unwrap().as_str())), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains("No moves yet")), "{texts:?}");
}

/// The threat overlay tints the player's pieces in danger and the selected piece's dangerous
/// destinations, not every square the enemy attacks; with foresight on, resting on a destination
/// shows the reply the enemy will play (`bot::expected_reply` with the run's seed for that
/// decision: the Beginner enemy of this run does not always take the rook put en prise), and
/// playing the move meets that very reply.
#[test]
fn battle_threats_and_foresight_read_the_move_in_hand() {
    let mut h = Harness::new();
    let mut e = unreachable_king();
    e.move_budget = 10;
    start(&mut h, config(5, vec![e]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    h.app.world_mut().resource_mut::<Settings>().threat_overlay = true;
    h.update(2);
    let threats = |h: &Harness| -> Vec<Square> {
        let scene = h.app.world().resource::<BoardScene>();
        Square::all().filter(|s| scene.cells[s.index() as usize].threat).collect()
    };
    // The pawns on the 7th rank attack the 6th, but no piece of the player stands there.
    assert!(threats(&h).is_empty(), "{:?}", threats(&h));
    h.board(BoardInput::Pressed(sq("c1")));
    let shown = threats(&h);
    assert_eq!(shown, vec![sq("c6")], "only the rook's destination the b7 and d7 pawns guard");
    // Foresight: the rook over c6.
    h.app.world_mut().resource_mut::<Settings>().foresight = true;
    h.app.world_mut().resource_mut::<gambit::board::Hovered>().0 = Some(sq("c6"));
    let mut answered = false;
    for _ in 0..3000 {
        h.app.update();
        if h.app.world().resource::<gambit::game::foresight::Foresight>().reply().is_some() {
            answered = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(answered, "the foresight preview never answered");
    h.update(2);
    let reply = h.app.world().resource::<gambit::game::foresight::Foresight>().reply().cloned().unwrap();
    let (_, to) = reply.squares.expect("the enemy has a reply");
    let scene = h.app.world().resource::<BoardScene>();
    assert_eq!(scene.cells[to.index() as usize].foresight, Some(gambit::board::ReplyEnd::To));
    let texts = h.texts();
    assert!(texts.iter().any(|t| t.contains(&format!("Foresight: {}", reply.text))), "{texts:?}");
    // Deselecting drops it.
    h.board(BoardInput::Cancel);
    assert!(h.app.world().resource::<BoardScene>().cells.iter().all(|c| c.foresight.is_none()));
    assert!(!h.texts().iter().any(|t| t.contains("Foresight")));
    // Playing the move meets the foreseen reply.
    h.board(BoardInput::Pressed(sq("c1")));
    h.board(BoardInput::Pressed(sq("c6")));
    h.wait_for_run();
    let played = session(&h).run.last_enemy_actions().first().copied();
    assert!(
        matches!(played, Some(gambit_roguelite::BattleAction::Move { to: t, .. }) if t == to),
        "{played:?} against the foreseen {reply:?}"
    );
}

#[test]
fn a_corrupt_profile_gives_an_empty_one_and_a_message() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("progress.json"), "{\"version\": 2, \"exp\": \"lots\"").unwrap();
    let h = Harness::in_dir(dir);
    let notice = h.app.world().resource::<gambit::settings::FileNotice>().0.clone().unwrap();
    assert!(notice.contains("could not be read"), "{notice}");
    // An empty profile, which the title has just offered the tutorial to (recorded at once).
    let offered = gambit_roguelite::Progress {
        tutorial: gambit_roguelite::tutorial::TutorialState::Offered,
        ..Default::default()
    };
    assert_eq!(h.app.world().resource::<Profile>().progress, offered);
    let kept: Vec<_> =
        std::fs::read_dir(h.path()).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
    assert!(kept.iter().any(|n| n.to_string_lossy().starts_with("progress.json.bad")), "{kept:?}");
}

/// What in `text` would show an id instead of a name: `#` followed by a digit (`knight #4`), or a
/// snake_case word (`plague_pit`, `deeper_pockets`).
fn shown_id(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    for (i, w) in chars.windows(2).enumerate() {
        if w[0] == '#' && w[1].is_ascii_digit() {
            return Some(chars[i..(i + 4).min(chars.len())].iter().collect());
        }
    }
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .find(|word| {
            let parts: Vec<&str> = word.split('_').collect();
            parts.len() > 1
                && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase()))
        })
        .map(str::to_string)
}

/// A template named in `text` other than by the roguelite's title of it
/// (`gambit_roguelite::encounter::template_title`): its words in any other case, as a whole word
/// (`Battle 1 (moat)`, `Plague pit`), for every shipped template id.
fn shown_template_id(text: &str) -> Option<String> {
    use gambit_roguelite::encounter::{template_title, templates};
    let lower = text.to_ascii_lowercase();
    templates().into_iter().find_map(|t| {
        let (words, title) = (t.name.replace('_', " "), template_title(&t.name));
        lower.match_indices(&words).find_map(|(at, _)| {
            let end = at + words.len();
            let word_char = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            let whole = !word_char(text[..at].chars().next_back()) && !word_char(text[end..].chars().next());
            (whole && text[at..end] != title).then(|| text[at..end].to_string())
        })
    })
}

#[test]
fn the_id_finder_finds_ids() {
    assert_eq!(shown_id("your knight #4 moves").as_deref(), Some("#4 m"));
    assert_eq!(shown_id("Battle 2: plague_pit").as_deref(), Some("plague_pit"));
    assert_eq!(shown_id("Your Knight 2: 3 HP \u{2014} Swift"), None);
    assert_eq!(shown_id("Press / to type (b2b3, tp b2e5, fz e5, use 1 e5, skip)"), None);
    assert_eq!(shown_template_id("Battle 1 (moat): won").as_deref(), Some("moat"));
    assert_eq!(shown_template_id("1 Battle, stage 1: Plague pit").as_deref(), Some("Plague pit"));
    assert_eq!(shown_template_id("Battle 1 (Moat): won, 1 Battle: Plague Pit"), None);
    assert_eq!(shown_template_id("Moats and fords"), None, "whole words only");
}

/// Players see names, never ids: a whole run played through the app (the auto-player's decisions, as
/// the screens send them; every battle report continued; a piece hovered in each battle for its card)
/// shows no text with `#` and a digit or a snake_case id on any screen, the run end, the upgrades and
/// the records included.
#[test]
fn no_displayed_text_in_a_played_run_shows_an_id() {
    use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, auto_decision};
    let mut h = Harness::new();
    h.app.world_mut().resource_mut::<Settings>().run_seed = Some(17);
    h.press(title::Action::NewRun);
    let mut seen = std::collections::BTreeSet::new();
    let mut screens = std::collections::BTreeSet::new();
    let mut check = |h: &mut Harness| {
        for text in h.texts() {
            if let Some(id) = shown_id(&text).or_else(|| shown_template_id(&text)) {
                panic!("{id:?} shown on {:?} in {text:?}", h.screen());
            }
            // Nor the engine's turn bookkeeping (`ply 4: the player to act`) in the log.
            assert!(!text.lines().any(|l| l.starts_with("ply ")), "on {:?}: {text:?}", h.screen());
            seen.insert(text);
        }
        screens.insert(format!("{:?}", h.screen()));
    };
    for _ in 0..400 {
        h.update(2);
        check(&mut h);
        if session(&h).battle_end.is_some() {
            h.press(battle::Action::Continue);
            continue;
        }
        if session(&h).run.is_over() {
            break;
        }
        if let Some(battle) = session(&h).run.battle() {
            let square = battle.units().iter().find(|u| u.alive && u.team == gambit_roguelite::Team::Player);
            h.app.world_mut().resource_mut::<gambit::board::Hovered>().0 = square.map(|u| u.square);
            h.update(2);
            check(&mut h);
        }
        let decision = auto_decision(&session(&h).run, AUTO_PLAYER_TUNING).expect("a decision");
        h.send(gambit::run::RunDecision(decision));
        h.wait_for_run();
    }
    assert!(session(&h).run.is_over(), "the run ended within the decisions");
    assert_eq!(h.screen(), Screen::RunEnd);
    // The run end names the pieces the run lost, as the records do.
    let lost = run_end::lost_line(&session(&h).run.summary());
    assert!(h.texts().contains(&lost), "{lost:?} not on the run end");
    h.press(run_end::Action::Upgrades);
    check(&mut h);
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Records);
    h.update(2);
    check(&mut h);
    // The run's replay: every battle, at its start and its end.
    let last = h.app.world().resource::<Profile>().progress.history.len() - 1;
    h.press(gambit::screens::records::Action::Replay(last));
    let battles = h.app.world().resource::<gambit::screens::replay::ReplaySession>().battles.clone();
    let battles = battles.expect("the run kept its replay");
    assert!(!battles.is_empty(), "the replay has battles");
    for (i, b) in battles.iter().enumerate() {
        h.press(gambit::screens::replay::Action::Pick(i));
        check(&mut h);
        h.press(gambit::screens::replay::Action::End);
        check(&mut h);
        let title = gambit_roguelite::encounter::template_title(&b.record.template);
        assert!(h.texts().iter().any(|t| t.contains(&title)), "the replay names battle {} {title:?}", i + 1);
        // The last action in the battle log's words, not the command grammar (`you tp f1f7`).
        let last = b.actions().last().expect("a battle has actions");
        let words = format!("Action {n} of {n}: {}", last.log.join("; "), n = b.actions().len());
        assert!(h.texts().contains(&words), "{words:?} not in the replay: {:?}", h.texts());
    }
    // The run showed pieces by name in its log and panels, and went by the map.
    assert!(seen.iter().any(|t| t.contains("your Pawn") || t.contains("your King")), "no piece named");
    for screen in ["Map", "Battle", "Replay"] {
        assert!(screens.contains(screen), "{screen} not visited: {screens:?}");
    }
}

/// The records screen lists skill chess against the engine per strength played: wins, draws, losses.
#[test]
fn the_records_show_skill_chess_per_strength() {
    use gambit_roguelite::versus::GameScore;
    use gambit_search::Preset;
    let mut h = Harness::new();
    {
        let mut profile = h.app.world_mut().resource_mut::<gambit::run::Profile>();
        profile.progress.versus.record(Preset::Club, GameScore::Win);
        profile.progress.versus.record(Preset::Club, GameScore::Draw);
        profile.progress.versus.record(Preset::Beginner, GameScore::Loss);
    }
    h.press(title::Action::Records);
    h.update(2);
    let texts = h.texts();
    let shown = |line: &str| texts.iter().any(|t| t == line);
    assert!(shown("Club: 1 won, 1 drawn, 0 lost"), "{texts:?}");
    assert!(shown("Beginner: 0 won, 0 drawn, 1 lost"), "{texts:?}");
    assert!(!texts.iter().any(|t| t.starts_with("Expert:") || t.starts_with("Casual:")), "{texts:?}");
}

/// New Run while a run is saved asks first, naming where that run stands: Keep it changes nothing;
/// Abandon records the old run as abandoned in the profile (Records see it) and starts the new one
/// (New Run silently replaced the saved run before).
#[test]
fn new_run_over_a_saved_run_asks_and_records_it_as_abandoned() {
    let mut h = Harness::new();
    h.app.world_mut().resource_mut::<Settings>().run_seed = Some(111);
    h.press(title::Action::NewRun);
    assert_eq!(h.screen(), Screen::RunStart);
    let saved = std::fs::read_to_string(h.path().join(RUN_FILE)).unwrap();
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    h.update(2);
    assert_eq!(h.screen(), Screen::Title);

    h.press(title::Action::NewRun);
    assert_eq!(h.screen(), Screen::Title, "asked first");
    let question = h.app.world().resource::<title::TitleView>().abandon_question.clone();
    assert_eq!(question.as_deref(), Some("A run is in progress (act 1 of 2, 0 battles won): abandon it?"));
    assert!(h.texts().iter().any(|t| t == question.as_deref().unwrap()), "the question is shown");
    h.press(title::Action::KeepRun);
    assert_eq!(h.app.world().resource::<title::TitleView>().abandon_question, None);
    assert_eq!(std::fs::read_to_string(h.path().join(RUN_FILE)).unwrap(), saved, "kept as it was");
    assert!(h.app.world().resource::<Profile>().progress.history.is_empty());

    h.app.world_mut().resource_mut::<Settings>().run_seed = Some(222);
    h.press(title::Action::NewRun);
    h.press(title::Action::AbandonAndStart);
    assert_eq!(h.screen(), Screen::RunStart);
    assert_eq!(session(&h).run.config().seed, 222);
    let progress = &h.app.world().resource::<Profile>().progress;
    assert_eq!(progress.history.len(), 1);
    let record = &progress.history[0];
    assert_eq!((record.seed, record.abandoned, record.victory), (111, true, false));
    assert_eq!(record.result(), "abandoned after 0 battles won");
    assert_eq!(progress.stats.runs, 1);
    // Saved: a fresh read of the profile's file has it too.
    let text = std::fs::read_to_string(h.path().join(PROGRESS_FILE)).unwrap();
    assert!(progress_from_json(&text).unwrap().history[0].abandoned);
}

/// The text of `needle`'s line on screen and its colour.
fn text_colour(h: &mut Harness, needle: &str) -> Option<Color> {
    let world = h.app.world_mut();
    let mut texts = world.query::<(&Text, &TextColor)>();
    texts.iter(world).find(|(t, _)| t.0.contains(needle)).map(|(_, c)| c.0)
}

/// The targeting prompt (what to click next) is drawn in the accent colour, a refusal in the error
/// colour (the Teleport prompt was red like an error).
#[test]
fn the_targeting_prompt_is_not_drawn_as_an_error() {
    let mut h = Harness::new();
    start(&mut h, config(5, vec![king_on_c8(5)]));
    choose_start(&mut h);
    deploy_rook_on_c1(&mut h);
    h.board(BoardInput::Cast(gambit_skills::Skill::Teleport));
    h.update(2);
    let palette = gambit::palette::STANDARD;
    assert_eq!(text_colour(&mut h, "Teleport: click a marked square"), Some(palette.accent));
    h.board(BoardInput::Pressed(sq("h5")));
    h.update(2);
    assert_eq!(text_colour(&mut h, "h5 is not a valid target"), Some(palette.error));
}

/// No path writes a new run over a run in progress (a decision made, not over): `start_run` and
/// `new_run` (the title's New Run, the run start's rank, seed and daily run, the tour) refuse and leave
/// `run.json` as it was, while a run not yet begun is still replaced by the run start's choices.
#[test]
fn no_path_starts_a_run_over_a_run_in_progress() {
    use gambit::run::{RUN_IN_PROGRESS, SaveFailure, new_run, run_in_progress, start_run};
    let mut h = Harness::new();
    h.app.world_mut().resource_mut::<Settings>().run_seed = Some(111);
    h.press(title::Action::NewRun);
    assert_eq!(h.screen(), Screen::RunStart);
    // Not begun: the run start may replace it (a rank, a seed, the daily run).
    assert!(!run_in_progress(h.app.world().resource::<Profile>()));
    // Begin: the first decision (a route run goes on to its map).
    let RunPhase::StartOffer { offers } = session(&h).run.phase().clone() else { panic!("not the offer") };
    h.press(run_start::Action::Offer(offers[0]));
    let recipient = session(&h).run.roster()[0].id;
    h.press(run_start::Action::Recipient(recipient));
    h.press(run_start::Action::Begin);
    h.wait_for_run();
    assert_ne!(h.screen(), Screen::RunStart);
    let saved = std::fs::read_to_string(h.path().join(RUN_FILE)).unwrap();
    let profile = h.app.world().resource::<Profile>();
    assert!(run_in_progress(profile));
    let mut failure = SaveFailure::default();
    let refused = start_run(RunConfig::three_battles(5), profile, &mut failure).err();
    assert_eq!(refused.as_deref(), Some(RUN_IN_PROGRESS));
    let mut settings = Settings { run_seed: Some(9), ..Settings::default() };
    assert_eq!(new_run(&mut settings, profile, &mut failure).err().as_deref(), Some(RUN_IN_PROGRESS));
    assert_eq!(settings.run_seed, Some(9), "the seed is kept for the next run");
    assert_eq!(std::fs::read_to_string(h.path().join(RUN_FILE)).unwrap(), saved, "run.json untouched");
    // The title's New Run asks even when the run was saved after the title was entered.
    h.app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    h.update(2);
    h.app.world_mut().resource_mut::<title::TitleView>().saved_run = false;
    h.press(title::Action::NewRun);
    assert_eq!(h.screen(), Screen::Title, "asked first");
    assert!(h.app.world().resource::<title::TitleView>().abandon_question.is_some());
    assert_eq!(std::fs::read_to_string(h.path().join(RUN_FILE)).unwrap(), saved);
}
