//! Headless test of a whole route run (issue 16) in the app, from the title screen: the map, an
//! elite, a shop, a rest and both bosses, driven through the screens' buttons and the board as a
//! player drives them. After New run on the title (which starts a route run), the run is replaced by
//! one with the same seed whose battles are a set formation (`RunConfig::scripted`), so the outcome
//! does not depend on the bot's strength.

mod common;

use bevy::prelude::*;
use common::Harness;
use gambit::board::BoardInput;
use gambit::run::RunSession;
use gambit::screens::{Screen, battle, deploy, map, rest, run_start, shop, title};
use gambit_roguelite::battle::{BoardShape, Objective};
use gambit_roguelite::bot::{BoardChoice, Player};
use gambit_roguelite::encounter::{Encounter, EnemyPiece};
use gambit_roguelite::route::{BossRule, NodeKind, ROUTE_ACTS};
use gambit_roguelite::{Run, RunPhase};
use gambit_rules::{Role, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// An 8x8 board, the enemy king alone on c8: the rook deployed on c1 takes it at once.
fn king_on_c8() -> Encounter {
    Encounter {
        name: "open_file".to_string(),
        stage: 1,
        board: BoardShape::square(8),
        enemy: vec![EnemyPiece { role: Role::King, square: sq("c8"), modifier: None, target: false }],
        objective: Objective::CaptureKing,
        bonus: None,
        move_budget: 20,
        enemy_skills: None,
        royal_kings: false,
        fallback: false,
        proof: None,
    }
}

fn session(h: &Harness) -> &RunSession {
    h.app.world().resource::<RunSession>()
}

/// The kind of the map choice `i`.
fn choice_kind(h: &Harness, i: usize) -> NodeKind {
    let run = &session(h).run;
    let RunPhase::Map { choices } = run.phase() else { panic!("not on the map") };
    run.route().unwrap().node(choices[i]).unwrap().kind
}

/// Presses Go on the first map choice that `want` accepts.
fn go(h: &mut Harness, want: impl Fn(&Harness, usize, NodeKind) -> bool) -> NodeKind {
    assert_eq!(h.screen(), Screen::Map);
    let RunPhase::Map { choices } = session(h).run.phase().clone() else { unreachable!() };
    let i = (0..choices.len()).find(|&i| want(h, i, choice_kind(h, i))).expect("a wanted choice");
    let kind = choice_kind(h, i);
    h.press(map::Action::Go(i));
    h.wait_for_run();
    kind
}

/// Deploys with the rook (roster id 2) on c1, by swapping it there on the board like a player.
fn deploy_rook_on_c1(h: &mut Harness) {
    assert_eq!(h.screen(), Screen::Deploy);
    let rook_square =
        h.app.world().resource::<deploy::DeployPlan>().placements.iter().find(|(id, _)| *id == 2).unwrap().1;
    if rook_square != sq("c1") {
        h.board(BoardInput::Pressed(rook_square));
        h.board(BoardInput::Pressed(sq("c1")));
    }
    h.press(deploy::Action::Start);
    h.wait_for_run();
    assert_eq!(h.screen(), Screen::Battle);
}

/// Rook c1 takes the king on c8 by clicking; an Iron King survives the first capture (its armour),
/// and the battle is then finished with the thinker's moves (the thinking enemy's king runs from
/// the auto-player's), clicked on the board.
fn win_battle(h: &mut Harness) -> gambit::run::BattleEnd {
    h.board(BoardInput::Pressed(sq("c1")));
    h.board(BoardInput::Pressed(sq("c8")));
    h.wait_for_run();
    for _ in 0..40 {
        if session(h).battle_end.is_some() {
            break;
        }
        let run = &session(h).run;
        let Some(gambit_roguelite::Decision::Act { action }) =
            Player::Thinker.decide(run, BoardChoice::Random)
        else {
            panic!("the battle goes on without an action")
        };
        let battle = run.battle().unwrap();
        match action {
            gambit_roguelite::BattleAction::Move { id, to } => {
                let from = battle.unit(id).unwrap().square;
                h.board(BoardInput::Pressed(from));
                h.board(BoardInput::Pressed(to));
            }
            other => h.send(gambit::run::RunDecision(gambit_roguelite::Decision::Act { action: other })),
        }
        h.wait_for_run();
    }
    let end = session(h).battle_end.clone().expect("the battle ended");
    assert!(end.won, "{end:?}");
    h.press(battle::Action::Continue);
    h.update(2);
    end
}

#[test]
fn a_whole_two_act_route_is_played_from_the_title() {
    let mut h = Harness::new();
    h.app.world_mut().resource_mut::<gambit::settings::Settings>().run_seed = Some(4);
    assert_eq!(h.screen(), Screen::Title);
    h.press(title::Action::NewRun);
    h.update(2);
    assert_eq!(h.screen(), Screen::RunStart);
    assert_eq!(session(&h).run.config().acts, ROUTE_ACTS, "the title starts a route run");
    // The same seed with set formations.
    let mut config = session(&h).run.config().clone();
    config.scripted = vec![king_on_c8()];
    h.app.world_mut().insert_resource(RunSession::new(Run::new(config)));
    h.update(2);
    let RunPhase::StartOffer { offers } = session(&h).run.phase().clone() else { panic!("not the offer") };
    h.press(run_start::Action::Offer(offers[0]));
    h.press(run_start::Action::Recipient(5));
    h.press(run_start::Action::Begin);
    h.wait_for_run();

    let mut kinds = Vec::new();
    for act in 0..ROUTE_ACTS as usize {
        // Row 1: a battle.
        kinds.push(go(&mut h, |_, _, k| k == NodeKind::Battle));
        deploy_rook_on_c1(&mut h);
        win_battle(&mut h);
        // Row 2: the elite, which drops a badge.
        let badges = session(&h).run.badges().len();
        kinds.push(go(&mut h, |_, _, k| k == NodeKind::Elite));
        deploy_rook_on_c1(&mut h);
        let end = win_battle(&mut h);
        assert_eq!(session(&h).run.badges().len(), badges + 1, "act {act}: the elite drops a badge");
        // The victory report names it.
        let dropped = session(&h).run.badge_items().last().unwrap().name.clone();
        assert!(end.lines.contains(&format!("Badge won: {dropped}")), "act {act}: {:?}", end.lines);
        // Rows 3 and 4: a shop and a rest, in the order the map allows.
        let route = session(&h).run.route().unwrap().clone();
        let leads_to = |h: &Harness, i: usize, other: NodeKind| {
            let RunPhase::Map { choices } = session(h).run.phase() else { return false };
            let at = choices[i];
            route.node(at).unwrap().next.iter().any(|&j| route.acts[at.act].rows[at.row + 1][j].kind == other)
        };
        let first = go(&mut h, |h, i, k| {
            (k == NodeKind::Shop && leads_to(h, i, NodeKind::Rest))
                || (k == NodeKind::Rest && leads_to(h, i, NodeKind::Shop))
        });
        kinds.push(first);
        for step in 0..2 {
            match h.screen() {
                Screen::Shop => {
                    h.press(shop::Action::Leave);
                    h.wait_for_run();
                }
                Screen::Rest => {
                    // Free the pawn (roster id 5) of its starting modifier the first time, else leave.
                    let modified = session(&h).run.roster().iter().any(|p| p.id == 5 && p.modifier.is_some());
                    if modified {
                        h.press(rest::Action::RemoveModifier(5));
                    } else {
                        h.press(rest::Action::Leave);
                    }
                    h.wait_for_run();
                    assert!(session(&h).run.roster().iter().all(|p| p.id != 5 || p.modifier.is_none()));
                    // The map it returns to says what the rest did.
                    let news = session(&h).news.clone().unwrap_or_default();
                    let said = if modified { "is no longer" } else { "you left without a change" };
                    assert!(news.starts_with("Rest: ") && news.contains(said), "act {act}: {news:?}");
                }
                other => panic!("expected a shop or a rest, got {other:?}"),
            }
            if step == 0 {
                let other = if first == NodeKind::Shop { NodeKind::Rest } else { NodeKind::Shop };
                kinds.push(go(&mut h, |_, _, k| k == other));
            }
        }
        // The boss.
        let boss = go(&mut h, |_, _, k| matches!(k, NodeKind::Boss { .. }));
        kinds.push(boss);
        // The news of the last rest is gone with the next decision.
        assert_eq!(session(&h).news, None, "act {act}");
        let rule = session(&h).run.boss_rule().expect("a boss battle");
        // The deployment shows the enemy as the battle will start it: the Iron King armoured.
        h.update(2);
        let armoured_kings = h
            .app
            .world()
            .resource::<gambit::board::BoardScene>()
            .cells
            .iter()
            .filter(|c| {
                c.piece
                    .is_some_and(|p| p.role == Role::King && p.color == gambit_roguelite::Team::Enemy.color())
                    && c.modifier == Some(gambit_roguelite::Modifier::Armored.letter())
            })
            .count();
        assert_eq!(armoured_kings, usize::from(rule == BossRule::IronKing), "act {act}: {rule:?}");
        deploy_rook_on_c1(&mut h);
        let battle = session(&h).run.battle().unwrap();
        match rule {
            BossRule::Warband { every } => assert_eq!(battle.enemy_reinforcements(), every),
            BossRule::IronKing => assert!(battle.units().iter().any(|u| u.role == Role::King && u.armor)),
        }
        win_battle(&mut h);
    }
    assert_eq!(h.screen(), Screen::RunEnd);
    let s = session(&h).recorded.clone().expect("the run was recorded");
    assert!(s.victory);
    assert_eq!(s.battles_won, 6);
    let labels: Vec<&str> = kinds.iter().map(|k| k.label()).collect();
    assert_eq!(labels.iter().filter(|l| **l == "boss").count(), 2, "{labels:?}");
    for k in ["battle", "elite", "shop", "rest", "boss"] {
        assert!(labels.contains(&k), "{k} missing in {labels:?}");
    }
}
