//! Battle rules: movement, captures, objectives, modifiers, poison timing, the resolution order.

use gambit_roguelite::battle::{
    ActionError, BATTLE_SKILL_RULES, Battle, BattleAction, BattleEvent, BattleSetup, BattleStatus,
    BoardShape, BonusObjective, BonusState, DefeatReason, Modifier, Objective, ParseActionError, Stranding,
    StrandingThreat, StrandingWarning, Team, UnitSpec,
};
use gambit_rules::ByColor;
use gambit_rules::{RenderOptions, Role, Square, Style};
use gambit_skills::{Skill, SkillError, SkillRules};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn battle(setup: BattleSetup) -> Battle {
    Battle::new(&setup).unwrap()
}

fn id(b: &Battle, square: &str) -> u16 {
    b.unit_at(sq(square)).unwrap_or_else(|| panic!("no piece on {square}")).id
}

fn mv(b: &mut Battle, from: &str, to: &str) -> Vec<BattleEvent> {
    let id = id(b, from);
    b.apply(BattleAction::Move { id, to: sq(to) }).unwrap_or_else(|e| panic!("{from}{to}: {e}"))
}

fn kinds(events: &[BattleEvent]) -> Vec<&'static str> {
    events.iter().map(BattleEvent::kind).collect()
}

/// Kings far apart, a player rook; the enemy has a spare rook to shuffle.
const BASIC: &str = "r3k3/8/8/8/8/8/8/R3K3";

#[test]
fn movement_and_blocking_by_holes() {
    // A hole on a4 stops the a1 rook's file; the rook still slides along rank 1 up to the king.
    let setup = BattleSetup::from_fen("r3k3/8/8/8/*7/8/8/R3K3", Objective::CaptureKing, 10).unwrap();
    let b = battle(setup);
    let rook = id(&b, "a1");
    let dests: Vec<Square> = b
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            BattleAction::Move { id, to } if id == rook => Some(to),
            _ => None,
        })
        .collect();
    let names: Vec<String> = dests.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["b1", "c1", "d1", "a2", "a3"]);
    // Teleports and freezes are on offer too (the player always has the skills).
    assert!(b.legal_actions().iter().any(|a| matches!(a, BattleAction::Teleport { .. })));
    assert!(b.legal_actions().iter().any(|a| matches!(a, BattleAction::Freeze { .. })));
}

#[test]
fn small_boards_cut_corners_and_deployment_rows() {
    let shape = BoardShape { width: 6, height: 6, cut_corners: true, holes: vec![sq("c3")] };
    assert_eq!(shape.playable().len(), 36 - 4 - 1);
    assert_eq!(shape.deployment_squares().len(), 12 - 2);
    assert!(!shape.is_playable(sq("a1")) && !shape.is_playable(sq("f6")) && !shape.is_playable(sq("g1")));
    let mut setup = BattleSetup::new(shape, Objective::EliminateArmy, 5);
    for (team, role, s) in [(Team::Player, Role::King, "b1"), (Team::Enemy, Role::King, "c6")] {
        setup.units.push(UnitSpec {
            team,
            role,
            square: sq(s),
            modifier: None,
            target: false,
            roster_id: None,
            name: None,
        });
    }
    let b = battle(setup.clone());
    assert_eq!(b.home_rank(Team::Player).index(), 0);
    assert_eq!(b.home_rank(Team::Enemy).index(), 5);
    assert!(b.render_ascii().starts_with("6 # . k . . #\n"));
    // A piece on a cut corner is refused.
    setup.units[0].square = sq("a1");
    assert!(Battle::new(&setup).is_err());
}

#[test]
fn capture_kills_at_once_and_enemy_turns_do_not_use_the_budget() {
    let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/r7/R3K3", Objective::CaptureKing, 10).unwrap();
    let mut b = battle(setup);
    let enemy_rook = id(&b, "a2");
    let events = mv(&mut b, "a1", "a2");
    assert_eq!(kinds(&events)[..2], ["moved", "captured"]);
    assert!(!b.unit(enemy_rook).unwrap().alive);
    assert_eq!(b.unit(enemy_rook).unwrap().hp, 0);
    assert_eq!(b.moves_used(), 1);
    assert_eq!(b.to_move(), Team::Enemy);
    mv(&mut b, "e8", "d8");
    assert_eq!(b.moves_used(), 1);
}

#[test]
fn objective_capture_king() {
    let setup = BattleSetup::from_fen("R3k3/8/8/8/8/8/8/4K3", Objective::CaptureKing, 10).unwrap();
    let mut b = battle(setup);
    let events = mv(&mut b, "a8", "e8");
    assert_eq!(b.status(), BattleStatus::Victory { bonus: false });
    assert_eq!(events.last().unwrap().kind(), "victory");
    assert!(b.legal_actions().is_empty());
    assert_eq!(b.apply(BattleAction::Skip), Err(ActionError::BattleOver));
}

#[test]
fn objective_capture_targets_needs_every_target() {
    let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/n6n/R3K2R", Objective::CaptureTargets, 10)
        .unwrap()
        .with_target("a2")
        .with_target("h2");
    let mut b = battle(setup);
    mv(&mut b, "a1", "a2");
    assert_eq!(b.status(), BattleStatus::Ongoing);
    mv(&mut b, "e8", "d8");
    mv(&mut b, "h1", "h2");
    assert_eq!(b.status(), BattleStatus::Victory { bonus: false });
    // A target must be an enemy piece.
    let bad = BattleSetup::from_fen("4k3/8/8/8/8/8/8/R3K3", Objective::CaptureTargets, 10)
        .unwrap()
        .with_target("a1");
    assert!(Battle::new(&bad).is_err());
    let none = BattleSetup::from_fen("4k3/8/8/8/8/8/8/R3K3", Objective::CaptureTargets, 10).unwrap();
    assert!(Battle::new(&none).is_err());
}

#[test]
fn objective_eliminate_army() {
    let setup = BattleSetup::from_fen("8/8/8/8/8/8/p7/R3K3", Objective::EliminateArmy, 10).unwrap();
    let mut b = battle(setup);
    mv(&mut b, "a1", "a2");
    assert_eq!(b.status(), BattleStatus::Victory { bonus: false });
}

#[test]
fn a_lost_king_is_a_lost_piece_unless_the_kings_are_royal() {
    // Kings are not royal by default (as in Schach/2): the enemy rook takes the player's king and the
    // battle goes on.
    let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/8/r3K2R", Objective::CaptureKing, 10).unwrap();
    assert!(!setup.royal_kings);
    let mut b = battle(setup.clone());
    assert!(!b.royal_kings());
    mv(&mut b, "h1", "h2");
    let events = mv(&mut b, "a1", "e1");
    assert_eq!(b.status(), BattleStatus::Ongoing);
    assert!(events.iter().any(|e| e.kind() == "captured"));
    assert_eq!(b.to_move(), Team::Player);
    assert!(b.living(Team::Player).all(|u| u.role != Role::King));
    // The rook can still win the battle.
    mv(&mut b, "h2", "h8");
    mv(&mut b, "e8", "d8");
    mv(&mut b, "h8", "d8");
    assert_eq!(b.status(), BattleStatus::Victory { bonus: false });

    // With royal kings the same capture is a defeat.
    let mut b = battle(setup.with_royal_kings());
    assert!(b.royal_kings());
    mv(&mut b, "h1", "h2");
    mv(&mut b, "a1", "e1");
    assert_eq!(b.status(), BattleStatus::Defeat { reason: DefeatReason::KingCaptured });

    // Royal kings cut both ways: taking the enemy's only king wins whatever the objective.
    let setup = BattleSetup::from_fen("4k2r/8/8/8/8/8/8/4R1K1", Objective::EliminateArmy, 10).unwrap();
    let mut plain = battle(setup.clone());
    mv(&mut plain, "e1", "e8");
    assert_eq!(plain.status(), BattleStatus::Ongoing, "the enemy rook is left");
    let mut royal = battle(setup.with_royal_kings());
    mv(&mut royal, "e1", "e8");
    assert_eq!(royal.status(), BattleStatus::Victory { bonus: false });
}

#[test]
fn defeat_when_the_army_is_gone() {
    let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/1r6/R7", Objective::CaptureKing, 10).unwrap();
    let mut b = battle(setup);
    mv(&mut b, "a1", "a2");
    mv(&mut b, "b2", "a2");
    assert_eq!(b.status(), BattleStatus::Defeat { reason: DefeatReason::ArmyEliminated });
}

#[test]
fn freeze_lock_a_player_whose_only_movable_piece_is_frozen_passes() {
    // The player's only piece is a rook; after it teleports, Teleport cools down, the enemy freezes
    // the rook, and the player has no action until it thaws: it passes instead of losing.
    let mut setup = BattleSetup::from_fen("7k/8/8/8/8/8/8/R7", Objective::CaptureKing, 10).unwrap();
    setup.enemy_skills = Some(gambit_roguelite::battle::SkillTuning::default());
    let mut b = battle(setup);
    let rook = id(&b, "a1");
    b.apply(BattleAction::Teleport { id: rook, to: sq("c3") }).unwrap();
    b.apply(BattleAction::Freeze { square: sq("c3") }).unwrap();
    let events = mv(&mut b, "h8", "g8");
    assert!(b.has_frozen_piece(Team::Player));
    assert_eq!(b.status(), BattleStatus::Ongoing);
    assert!(
        events.contains(&BattleEvent::Passed { team: Team::Player }),
        "the frozen-in player passes: {events:?}"
    );
    assert_eq!(b.to_move(), Team::Enemy);
    assert_eq!(b.moves_used(), 1, "a pass costs no move");
    // The enemy plays on; once the freeze has run out the rook moves again.
    let mut guard = 0;
    while b.to_move() == Team::Enemy {
        let king = b.living(Team::Enemy).next().unwrap().square;
        let to = if king == sq("g8") { "h8" } else { "g8" };
        mv(&mut b, &king.to_string(), to);
        guard += 1;
        assert!(guard < 5);
    }
    assert!(!b.is_frozen(sq("c3")));
    assert!(b.legal_actions().iter().any(|a| matches!(a, BattleAction::Move { id, .. } if *id == rook)));
    assert_eq!(b.status(), BattleStatus::Ongoing);
}

#[test]
fn enemy_promotion_and_enemy_pass() {
    // The player's pawn is blocked and Teleport is on cooldown after one use: no action -> defeat.
    // (The prototype's skill rules, as old runs replay: today a pawn is never relocated.)
    let setup = BattleSetup {
        skill_rules: SkillRules::CLASSIC,
        ..BattleSetup::from_fen("k7/8/8/8/8/8/p7/P7", Objective::CaptureKing, 10).unwrap()
    };
    let mut b = battle(setup);
    // The player has only teleports (the pawn on a1 is blocked by a2).
    assert!(b.legal_actions().iter().all(|a| !matches!(a, BattleAction::Move { .. })));
    let pawn = id(&b, "a1");
    b.apply(BattleAction::Teleport { id: pawn, to: sq("c3") }).unwrap();
    // The enemy: king a8 and pawn a2 (blocked? no: the a2 pawn moves down to a1 now empty).
    mv(&mut b, "a8", "b8");
    mv(&mut b, "c3", "c4");
    let events = mv(&mut b, "a2", "a1");
    // The enemy pawn promoted on a1 (its last row) to a queen: it has none.
    assert!(events.iter().any(|e| e.kind() == "promoted"));
    assert_eq!(b.unit_at(sq("a1")).unwrap().role, Role::Queen);

    // An enemy with no action passes; the pass is a ply and the clock ticks.
    let setup = BattleSetup::from_fen("8/8/8/8/8/p7/P7/4K2R", Objective::EliminateArmy, 10).unwrap();
    let mut b = battle(setup);
    let ply = b.ply();
    let events = mv(&mut b, "h1", "h2");
    assert!(events.iter().any(|e| e.kind() == "passed"));
    assert_eq!(b.to_move(), Team::Player);
    assert_eq!(b.ply(), ply + 2);
}

#[test]
fn player_without_action_loses_at_step_seven() {
    // Player pawn a2 blocked by an enemy pawn a3; the player teleports once; then, blocked again
    // and on cooldown, the player has nothing at the start of its turn.
    // (The prototype's skill rules, as old runs replay: today a pawn is never relocated.)
    let setup = BattleSetup {
        skill_rules: SkillRules::CLASSIC,
        ..BattleSetup::from_fen("7k/8/8/8/8/p7/P7/8", Objective::CaptureKing, 10).unwrap()
    };
    let mut b = battle(setup);
    let pawn = id(&b, "a2");
    assert!(
        b.legal_actions()
            .iter()
            .all(|a| matches!(a, BattleAction::Teleport { .. } | BattleAction::Freeze { .. }))
    );
    b.apply(BattleAction::Teleport { id: pawn, to: sq("g6") }).unwrap();
    // Enemy king h8 takes... no: it steps to h7, which blocks the g6 pawn? g6 pawn goes to g7: free.
    let events = mv(&mut b, "h8", "g7");
    // The g6 pawn is blocked by the king on g7 and Teleport is on cooldown (6 - 1 tick = 5): no action.
    assert_eq!(b.status(), BattleStatus::Defeat { reason: DefeatReason::NoAction });
    assert_eq!(events.last().unwrap().kind(), "defeat");
}

#[test]
fn budget_edge_the_last_permitted_move_can_win() {
    let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 2).unwrap();
    let mut b = battle(setup.clone());
    mv(&mut b, "a1", "a7");
    mv(&mut b, "e8", "d8");
    assert_eq!(b.moves_left(), 1);
    mv(&mut b, "a7", "d7");
    // d7 does not capture: the second move spent the budget.
    assert_eq!(b.status(), BattleStatus::Defeat { reason: DefeatReason::OutOfMoves });

    let mut b = battle(setup);
    mv(&mut b, "a1", "a7");
    mv(&mut b, "e8", "e7");
    let events = mv(&mut b, "a7", "e7");
    assert_eq!(b.status(), BattleStatus::Victory { bonus: false });
    assert_eq!(b.moves_left(), 0);
    assert!(!events.iter().any(|e| e.kind() == "defeat"));
}

#[test]
fn poison_timing_to_the_boundary() {
    // Worked example 1 of docs/battle.md.
    let setup = BattleSetup::from_fen("7k/8/8/3p4/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Poisonous);
    let mut b = battle(setup);
    let rook = id(&b, "d1");
    let events = mv(&mut b, "d1", "d5");
    let Some(BattleEvent::CloudCreated { squares, .. }) = events.iter().find(|e| e.kind() == "cloud_created")
    else {
        panic!("no cloud")
    };
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["d5", "d6", "e5", "d4", "c5"]);
    // Boundary to the enemy: no enemy piece is exposed; the enemy counter drops.
    assert_eq!(b.clouds()[0].counters, ByColor::new(2, 1));
    assert_eq!(b.unit(rook).unwrap().hp, 2);
    // Boundary to the player: the rook on d5 takes 1.
    let events = mv(&mut b, "h8", "g8");
    assert_eq!(b.unit(rook).unwrap().hp, 1);
    assert_eq!(b.clouds()[0].counters, ByColor::new(1, 1));
    let dmg = events.iter().find(|e| e.kind() == "poison_damage").unwrap();
    assert!(matches!(dmg, BattleEvent::PoisonDamage { unit, damage: 1, hp_left: 1, .. } if unit.id == rook));
    assert_eq!(dmg.to_string(), "poison hurts your Rook on d5 (1 HP left)");
    // The rook steps to d6, still in the cloud.
    mv(&mut b, "d5", "d6");
    assert_eq!(b.clouds()[0].counters, ByColor::new(1, 0));
    // Second exposure of the player: the rook dies, the cloud expires (both counters 0).
    let events = mv(&mut b, "g8", "h8");
    assert!(!b.unit(rook).unwrap().alive);
    assert!(b.clouds().is_empty());
    assert_eq!(kinds(&events), ["moved", "turn_started", "poison_damage", "died", "cloud_expired"]);
    assert_eq!(b.stats().owned_lost, 1);
}

#[test]
fn poison_leaving_the_cloud_in_time_survives() {
    let setup = BattleSetup::from_fen("7k/8/8/3p4/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Poisonous);
    let mut b = battle(setup);
    let rook = id(&b, "d1");
    mv(&mut b, "d1", "d5");
    mv(&mut b, "h8", "g8");
    mv(&mut b, "d5", "a5");
    mv(&mut b, "g8", "h8");
    assert_eq!(b.unit(rook).unwrap().hp, 1);
    assert!(b.clouds().is_empty());
}

#[test]
fn overlapping_clouds_never_stack() {
    // Two poisonous enemy pawns d5 and e5; the player kills both; the king on e4... is the player's,
    // standing in both clouds: one damage per boundary.
    let setup = BattleSetup::from_fen("7k/8/8/3pp3/4K3/8/8/3R4", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Poisonous)
        .with_modifier("e5", Modifier::Poisonous);
    let mut b = battle(setup);
    let king = id(&b, "e4");
    mv(&mut b, "d1", "d5");
    // Enemy pawn e5 cannot capture the king on e4 (pawns capture diagonally): it has no pawn move,
    // the king moves instead.
    mv(&mut b, "h8", "g8");
    // The king is on e4, in the d5 cloud? No: d5's cloud is d5 d6 e5 d4 c5. Kill e5 too.
    mv(&mut b, "e4", "e5");
    assert_eq!(b.clouds().len(), 2);
    // e5 is in both clouds (death square of one, neighbour of the other): 1 damage, not 2.
    let hp = b.unit(king).unwrap().hp;
    mv(&mut b, "g8", "h8");
    assert_eq!(b.unit(king).unwrap().hp, hp - 1);
}

#[test]
fn cloud_created_at_a_boundary_is_not_counted_at_it() {
    // A poisonous enemy pawn on d4 stands in a cloud; when it dies of poison at the enemy's boundary,
    // its own new cloud covers e4 where another enemy piece stands: no damage from the new cloud now.
    let setup = BattleSetup::from_fen("7k/8/8/3pp3/3pn3/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Poisonous)
        .with_modifier("d4", Modifier::Poisonous);
    let mut b = battle(setup);
    let pawn_d4 = id(&b, "d4");
    let knight = id(&b, "e4");
    // Rook takes d4 (poisonous): cloud over d4 d5 e4 d3 c4. The enemy's d5 pawn and e4 knight are in it.
    mv(&mut b, "d1", "d4");
    assert!(!b.unit(pawn_d4).unwrap().alive);
    // Boundary to the enemy: d5 pawn and e4 knight take 1 each.
    assert_eq!(b.unit(knight).unwrap().hp, 1);
    let d5 = id(&b, "d5");
    assert_eq!(b.unit(d5).unwrap().hp, 1);
    // The enemy keeps the knight in place and moves its king; player moves the rook out.
    mv(&mut b, "h8", "g8");
    mv(&mut b, "d4", "a4");
    // Second enemy boundary: the d5 pawn (poisonous) dies and makes a new cloud over e5... and the knight
    // dies too (second hit). The new cloud (d5 d6 e5 d4 c5) is not counted at this boundary.
    assert_eq!(b.clouds().len(), 2);
    assert!(!b.unit(d5).unwrap().alive);
    assert!(!b.unit(knight).unwrap().alive);
    let e5 = id(&b, "e5");
    assert_eq!(b.unit(e5).unwrap().hp, 2, "the new cloud did not hurt e5 at its own boundary");
    // The old cloud expired? Its player counter is 1 (the player was exposed once with nothing in it).
    assert_eq!(
        b.clouds().iter().map(|c| c.counters).collect::<Vec<_>>(),
        vec![ByColor::new(1, 0), ByColor::new(2, 2)]
    );
}

#[test]
fn bulwark_wall_is_dormant_under_the_capturer_then_permanent() {
    let setup = BattleSetup::from_fen("7k/8/8/3b4/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Bulwark);
    let mut b = battle(setup);
    let events = mv(&mut b, "d1", "d5");
    assert!(events.iter().any(|e| e.kind() == "wall_dormant"));
    assert_eq!(b.dormant_walls(), &[sq("d5")]);
    assert!(!b.position().is_blocked(sq("d5")));
    mv(&mut b, "h8", "g8");
    let events = mv(&mut b, "d5", "a5");
    // Step 2 order: the move, then the wall that was vacated.
    assert_eq!(kinds(&events)[..2], ["moved", "wall_raised"]);
    assert!(b.position().is_blocked(sq("d5")));
    assert_eq!(b.walls(), vec![sq("d5")]);
    // Impassable: the rook cannot cross d5 along the d-file from d1... it is on a5 now; the king on e1
    // cannot go there; nothing can ever land on d5.
    assert!(b.legal_actions().iter().all(|a| match a {
        BattleAction::Move { to, .. } | BattleAction::Teleport { to, .. } => *to != sq("d5"),
        _ => true,
    }));
    assert!(b.render_ascii().contains("5 R . . # . . . ."));
}

#[test]
fn rallying_reinforcement_scans_the_home_row_left_to_right() {
    // Enemy home row is rank 8: a8 holds the king, b8 is a hole, c8 is free.
    let setup = BattleSetup::from_fen("k*6/8/8/3n4/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Rallying);
    let mut b = battle(setup);
    let events = mv(&mut b, "d1", "d5");
    let r = events.iter().find(|e| e.kind() == "reinforcement").unwrap();
    assert!(matches!(r, BattleEvent::Reinforcement { square, .. } if *square == sq("c8")));
    let pawn = b.unit_at(sq("c8")).unwrap();
    assert!(pawn.temporary && pawn.modifier.is_none() && pawn.role == Role::Pawn && pawn.team == Team::Enemy);
    assert_eq!(pawn.hp, 2);
}

#[test]
fn rallying_player_pawn_is_temporary_and_counted_separately() {
    let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/b7/KN6", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("b1", Modifier::Rallying);
    let mut b = battle(setup);
    mv(&mut b, "a1", "b2");
    mv(&mut b, "a2", "b1");
    // The knight died; home row rank 1: a1 is empty (the king left) -> the pawn appears on a1.
    let pawn = b.unit_at(sq("a1")).unwrap();
    assert!(pawn.temporary && pawn.team == Team::Player);
    assert_eq!(b.stats().owned_lost, 1);
    assert_eq!(b.stats().pawns_lost, 0);
}

/// The typed-command hint names `skip` only while a reposition is pending, when `skip` is legal.
#[test]
fn command_forms_list_skip_only_when_it_is_legal() {
    let setup = BattleSetup::from_fen("7k/8/8/3p4/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d1", Modifier::Swift);
    let mut b = battle(setup);
    assert!(!b.command_forms().contains(&"skip"));
    assert!(b.command_forms().contains(&"b2b3"));
    assert!(b.parse_action("skip").is_err());
    mv(&mut b, "d1", "d5");
    assert!(b.pending_reposition().is_some());
    assert!(b.command_forms().contains(&"skip"));
    assert_eq!(b.parse_action("skip"), Ok(BattleAction::Skip));
}

#[test]
fn swift_reposition_offer_take_and_skip() {
    let setup = BattleSetup::from_fen("7k/8/8/3p4/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d1", Modifier::Swift);
    let mut b = battle(setup.clone());
    let rook = id(&b, "d1");
    let events = mv(&mut b, "d1", "d5");
    assert_eq!(events.last().unwrap().kind(), "reposition_offered");
    assert_eq!(b.to_move(), Team::Player);
    assert_eq!(b.pending_reposition(), Some(rook));
    let actions = b.legal_actions();
    assert_eq!(actions.last(), Some(&BattleAction::Skip));
    assert!(
        actions
            .iter()
            .all(|a| matches!(a, BattleAction::Reposition { id, .. } if *id == rook)
                || *a == BattleAction::Skip)
    );
    // The turn does not advance before the offer is resolved.
    assert_eq!(
        b.apply(BattleAction::Move { id: rook, to: sq("d6") }),
        Err(ActionError::RepositionPending(rook))
    );
    let before = b.moves_used();
    b.apply(BattleAction::Reposition { id: rook, to: sq("a5") }).unwrap();
    assert_eq!(b.moves_used(), before, "a reposition costs no move");
    assert_eq!(b.unit(rook).unwrap().square, sq("a5"));
    assert_eq!(b.to_move(), Team::Enemy);

    let mut b = battle(setup);
    mv(&mut b, "d1", "d5");
    let events = b.apply(BattleAction::Skip).unwrap();
    assert_eq!(events[0].kind(), "reposition_skipped");
    assert_eq!(b.to_move(), Team::Enemy);
    assert_eq!(b.apply(BattleAction::Skip), Err(ActionError::NoRepositionOffered));
}

#[test]
fn swift_reposition_cannot_capture() {
    let setup = BattleSetup::from_fen("7k/8/8/3p3p/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d1", Modifier::Swift);
    let mut b = battle(setup);
    let rook = id(&b, "d1");
    mv(&mut b, "d1", "d5");
    assert!(!b.legal_actions().contains(&BattleAction::Reposition { id: rook, to: sq("h5") }));
    assert!(b.legal_actions().contains(&BattleAction::Reposition { id: rook, to: sq("g5") }));
    assert!(matches!(
        b.apply(BattleAction::Reposition { id: rook, to: sq("h5") }),
        Err(ActionError::IllegalDestination { .. })
    ));
}

#[test]
fn promotion_queen_when_none_else_rook() {
    let setup = BattleSetup::from_fen("7k/P7/8/8/8/8/8/4K3", Objective::CaptureKing, 20).unwrap();
    let mut b = battle(setup);
    let pawn = id(&b, "a7");
    let events = mv(&mut b, "a7", "a8");
    assert!(events.iter().any(|e| e.kind() == "promoted"));
    assert_eq!(b.unit(pawn).unwrap().role, Role::Queen);
    assert!(b.unit(pawn).unwrap().promoted);

    let setup = BattleSetup::from_fen("7k/P7/8/8/8/8/8/3QK3", Objective::CaptureKing, 20).unwrap();
    let mut b = battle(setup);
    let pawn = id(&b, "a7");
    mv(&mut b, "a7", "a8");
    assert_eq!(b.unit(pawn).unwrap().role, Role::Rook);
    assert_eq!(b.position().piece_at(sq("a8")).unwrap().role, Role::Rook);
}

#[test]
fn objective_is_checked_before_promotion() {
    // The pawn captures the king on its promotion square: the battle is won and the pawn stays a pawn.
    let setup = BattleSetup::from_fen("1k6/P7/8/8/8/8/8/4K3", Objective::CaptureKing, 20).unwrap();
    let mut b = battle(setup);
    let pawn = id(&b, "a7");
    let events = mv(&mut b, "a7", "b8");
    assert_eq!(b.status(), BattleStatus::Victory { bonus: false });
    assert!(!events.iter().any(|e| e.kind() == "promoted"));
    assert_eq!(b.unit(pawn).unwrap().role, Role::Pawn);
}

#[test]
fn teleport_counts_against_the_budget_resolves_deaths_never_promotes_nor_triggers_swift() {
    let setup = BattleSetup::from_fen("7k/8/8/3p4/8/8/P7/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Poisonous)
        .with_modifier("d1", Modifier::Swift);
    let mut b = battle(setup);
    let rook = id(&b, "d1");
    let pawn = id(&b, "a2");
    // A pawn cannot be teleported onto a promotion square.
    assert_eq!(
        b.apply(BattleAction::Teleport { id: pawn, to: sq("a8") }),
        Err(ActionError::TeleportPromotion(sq("a8")))
    );
    let events = b.apply(BattleAction::Teleport { id: rook, to: sq("d5") }).unwrap();
    assert_eq!(kinds(&events)[..3], ["teleported", "captured", "cloud_created"]);
    assert!(!events.iter().any(|e| e.kind() == "reposition_offered"));
    assert_eq!(b.moves_used(), 1);
    assert_eq!(b.to_move(), Team::Enemy);
    // The cooldown was set to 6 and one tick ran at step 6.
    assert_eq!(b.cooldown(Team::Player, Skill::Teleport), Some(5));
    assert_eq!(b.cooldown(Team::Enemy, Skill::Teleport), None);
    assert_eq!(b.stats().player_skills_used, 1);
}

#[test]
fn freeze_is_free_and_the_clock_ticks_once_per_ply() {
    let setup = BattleSetup::from_fen("r6k/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 20).unwrap();
    let mut b = battle(setup);
    let events = b.apply(BattleAction::Freeze { square: sq("a8") }).unwrap();
    assert_eq!(events[0].kind(), "frozen");
    assert_eq!(b.to_move(), Team::Player, "a freeze does not end the turn");
    assert_eq!(b.moves_used(), 0);
    assert_eq!(b.cooldown(Team::Player, Skill::Freeze), Some(9));
    assert!(b.is_frozen(sq("a8")));
    assert!(matches!(b.apply(BattleAction::Freeze { square: sq("b8") }), Err(ActionError::Skill(_))));
    mv(&mut b, "e1", "e2");
    assert_eq!(b.cooldown(Team::Player, Skill::Freeze), Some(8));
    assert_eq!(b.skills().frozen_ticks(sq("a8")), Some(2));
    // The frozen enemy rook cannot move.
    let rook = id(&b, "a8");
    assert_eq!(b.apply(BattleAction::Move { id: rook, to: sq("a7") }), Err(ActionError::Frozen(rook)));
    // Without skills the enemy cannot cast.
    assert_eq!(b.apply(BattleAction::Freeze { square: sq("a1") }), Err(ActionError::NoSkills(Team::Enemy)));
}

#[test]
fn enemy_skills_use_their_own_tuning() {
    let mut setup = BattleSetup::from_fen("r6k/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 20).unwrap();
    setup.enemy_skills = Some(gambit_roguelite::battle::SkillTuning {
        teleport_cooldown: 4,
        freeze_cooldown: 7,
        freeze_duration: 2,
    });
    let mut b = battle(setup);
    mv(&mut b, "e1", "e2");
    b.apply(BattleAction::Freeze { square: sq("a1") }).unwrap();
    assert_eq!(b.cooldown(Team::Enemy, Skill::Freeze), Some(7));
    assert_eq!(b.skills().frozen_ticks(sq("a1")), Some(2));
    let rook = id(&b, "a8");
    b.apply(BattleAction::Teleport { id: rook, to: sq("b4") }).unwrap();
    assert_eq!(b.cooldown(Team::Enemy, Skill::Teleport), Some(3));
}

#[test]
fn rejection_changes_nothing_and_clones_are_independent() {
    let setup = BattleSetup::from_fen(BASIC, Objective::CaptureKing, 10).unwrap();
    let mut b = battle(setup);
    let snapshot = (b.state_key(), b.render_ascii(), b.units().to_vec(), b.moves_used(), b.ply());
    let rook = id(&b, "a1");
    let enemy = id(&b, "a8");
    for bad in [
        BattleAction::Move { id: rook, to: sq("b2") },
        BattleAction::Move { id: enemy, to: sq("a7") },
        BattleAction::Move { id: 99, to: sq("a2") },
        BattleAction::Reposition { id: rook, to: sq("a2") },
        BattleAction::Skip,
        BattleAction::Teleport { id: rook, to: sq("e1") },
    ] {
        assert!(b.apply(bad).is_err(), "{bad}");
        assert_eq!((b.state_key(), b.render_ascii(), b.units().to_vec(), b.moves_used(), b.ply()), snapshot);
    }
    let mut copy = b.clone();
    copy.apply(BattleAction::Move { id: rook, to: sq("a8") }).unwrap();
    assert_eq!(b.render_ascii(), snapshot.1);
    assert!(b.unit(enemy).unwrap().alive);
    assert!(!copy.unit(enemy).unwrap().alive);
}

#[test]
fn every_listed_action_applies() {
    let setup = BattleSetup::from_fen("r3k2r/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR", Objective::CaptureKing, 50)
        .unwrap();
    let b = battle(setup);
    for a in b.legal_actions() {
        let mut c = b.clone();
        c.apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

#[test]
fn bonus_objectives_are_judged_at_victory() {
    let setup = BattleSetup::from_fen("R3k3/8/8/8/8/8/8/4K3", Objective::CaptureKing, 10)
        .unwrap()
        .with_bonus(BonusObjective::FinishWithin { moves: 1 });
    let mut b = battle(setup);
    mv(&mut b, "a8", "e8");
    assert_eq!(b.status(), BattleStatus::Victory { bonus: true });
    let setup = BattleSetup::from_fen("R3k3/8/8/8/8/8/8/4K3", Objective::CaptureKing, 10)
        .unwrap()
        .with_bonus(BonusObjective::CaptureRole { role: Role::Queen });
    let mut b = battle(setup);
    mv(&mut b, "a8", "e8");
    assert_eq!(b.status(), BattleStatus::Victory { bonus: false });
}

/// The bonus line's state: lost the moment it can no longer be earned, not judged only at victory.
#[test]
fn the_bonus_state_is_lost_as_soon_as_it_is() {
    let setup = BattleSetup::from_fen("r3k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 10)
        .unwrap()
        .with_bonus(BonusObjective::NoLosses);
    let mut b = battle(setup);
    assert_eq!(b.bonus_state(), Some(BonusState::OnTrack));
    mv(&mut b, "e1", "f1");
    assert_eq!(b.bonus_state(), Some(BonusState::OnTrack));
    mv(&mut b, "a8", "a1");
    assert_eq!(b.status(), BattleStatus::Ongoing);
    assert_eq!(b.bonus_state(), Some(BonusState::Lost));
    // No enemy queen and no pawn that could become one: lost from the start; with a pawn, not yet.
    let queen = BonusObjective::CaptureRole { role: Role::Queen };
    let b = battle(
        BattleSetup::from_fen("4k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 10).unwrap().with_bonus(queen),
    );
    assert_eq!(b.bonus_state(), Some(BonusState::Lost));
    let b = battle(
        BattleSetup::from_fen("4k3/p7/8/8/8/8/8/R3K3", Objective::CaptureKing, 10).unwrap().with_bonus(queen),
    );
    assert_eq!(b.bonus_state(), Some(BonusState::Pending));
    assert_eq!(BonusState::Pending.to_string(), "not yet");
    // Captured: done for good, said so (it said "on track", as if it could still be lost).
    let setup =
        BattleSetup::from_fen("4k3/q7/8/8/8/8/8/R3K3", Objective::CaptureKing, 10).unwrap().with_bonus(queen);
    let mut b = battle(setup);
    assert_eq!(b.bonus_state(), Some(BonusState::Pending));
    mv(&mut b, "a1", "a7");
    assert_eq!(b.bonus_state(), Some(BonusState::Secured));
    assert_eq!(BonusState::Secured.to_string(), "done, win to earn it");
    // Won with it: earned.
    let setup = BattleSetup::from_fen("R3k3/8/8/8/8/8/8/4K3", Objective::CaptureKing, 10)
        .unwrap()
        .with_bonus(BonusObjective::FinishWithin { moves: 1 });
    let mut b = battle(setup);
    mv(&mut b, "a8", "e8");
    assert_eq!(b.bonus_state(), Some(BonusState::Earned));
    let b = battle(BattleSetup::from_fen("R3k3/8/8/8/8/8/8/4K3", Objective::CaptureKing, 10).unwrap());
    assert_eq!(b.bonus_state(), None);
}

#[test]
fn actions_round_trip_through_json() {
    let a = BattleAction::Move { id: 3, to: sq("e4") };
    let text = serde_json::to_string(&a).unwrap();
    assert_eq!(text, r#"{"kind":"move","id":3,"to":"e4"}"#);
    assert_eq!(serde_json::from_str::<BattleAction>(&text).unwrap(), a);
    assert_eq!(serde_json::to_string(&BattleAction::Skip).unwrap(), r#"{"kind":"skip"}"#);
    assert!(serde_json::from_str::<BattleAction>(r#"{"kind":"move","id":3,"to":"z9"}"#).is_err());
}

#[test]
fn every_legal_action_prints_and_parses_back() {
    // A Swift rook takes on d5, so both the ordinary list and the reposition list are covered.
    let setup = BattleSetup::from_fen("4k3/8/8/3p4/8/8/P7/3RK3", Objective::CaptureKing, 10)
        .unwrap()
        .with_modifier("d1", Modifier::Swift);
    let mut b = battle(setup);
    for round in 0..2 {
        let legal = b.legal_actions();
        assert!(!legal.is_empty());
        for &a in &legal {
            let text = b.action_text(a);
            assert_eq!(b.parse_action(&text), Ok(a), "{text}");
            assert_eq!(b.parse_action(&format!("  {}  ", text.to_uppercase())), Ok(a), "{text}");
        }
        if round == 0 {
            assert!(legal.iter().any(|a| matches!(a, BattleAction::Teleport { .. })));
            assert_eq!(b.parse_action("a2a3"), Ok(BattleAction::Move { id: id(&b, "a2"), to: sq("a3") }));
            assert_eq!(b.action_text(BattleAction::Freeze { square: sq("e8") }), "fz e8");
            mv(&mut b, "d1", "d5");
            assert!(b.pending_reposition().is_some());
        }
    }
    assert_eq!(b.parse_action("skip"), Ok(BattleAction::Skip));
    assert_eq!(b.parse_action("d5d4"), Ok(BattleAction::Reposition { id: id(&b, "d5"), to: sq("d4") }));
    // Not legal now (a reposition is pending), and not of the grammar.
    assert!(matches!(b.parse_action("a2a3"), Err(ParseActionError::NotLegal(_))));
    for bad in ["", "d5", "tp d5", "fz", "fz z9", "hello", "d5d4d3", "tp d5z9"] {
        assert!(matches!(b.parse_action(bad), Err(ParseActionError::Syntax(_))), "{bad:?}");
    }
}

#[test]
fn objective_pieces_have_one_definition() {
    let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/n6n/R3K3", Objective::CaptureTargets, 10)
        .unwrap()
        .with_target("a2");
    let b = battle(setup.clone());
    let marked: Vec<String> =
        b.units().iter().filter(|u| b.is_objective(u)).map(|u| u.square.to_string()).collect();
    assert_eq!(marked, ["a2"], "the marked target, not the king, not the player's pieces");
    let king = BattleSetup { objective: Objective::CaptureKing, ..setup.clone() };
    let b = battle(king);
    let marked: Vec<String> =
        b.units().iter().filter(|u| b.is_objective(u)).map(|u| u.square.to_string()).collect();
    assert_eq!(marked, ["e8"], "the enemy king only (the player's king is no objective)");
    let army = BattleSetup { objective: Objective::EliminateArmy, ..setup };
    let b = battle(army);
    assert!(!b.units().iter().any(|u| b.is_objective(u)));
    assert!(b.units().iter().all(|u| u.max_hp == 2 && u.hp == u.max_hp));
}

#[test]
fn events_are_typed_and_read_as_sentences() {
    let setup = BattleSetup::from_fen("7k/8/8/3p4/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Poisonous);
    let mut b = battle(setup);
    let events = mv(&mut b, "d1", "d5");
    let texts: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        [
            "your Rook moves d1-d5",
            "your Rook captures enemy Pawn on d5",
            "a poison cloud spreads over d5 d6 e5 d4 c5",
            "the enemy's turn",
        ]
    );
    // A player's log: the capture in one line, no line for the turn.
    assert_eq!(
        BattleEvent::log_lines(&events),
        ["your Rook moves d1-d5 and captures enemy Pawn", "a poison cloud spreads over d5 d6 e5 d4 c5"]
    );
    assert_eq!(events[0].travel(), Some((sq("d1"), sq("d5"))));
    assert_eq!(events[1].travel(), None);
    let BattleEvent::Captured { victim, by, square } = &events[1] else { panic!("{:?}", events[1]) };
    assert_eq!(
        (victim.id, victim.team, victim.role, by.id, *square),
        (2, Team::Enemy, Role::Pawn, 0, sq("d5"))
    );
    // The serialized form carries the kind tag and the typed fields.
    let json = serde_json::to_value(&events[0]).unwrap();
    assert_eq!(json["kind"], "moved");
    assert_eq!(json["from"], "d1");
    assert_eq!(json["unit"]["role"], "rook");
    assert_eq!(serde_json::from_value::<BattleEvent>(json).unwrap(), events[0]);
}

#[test]
fn promotions_count_those_right_after_a_teleport() {
    // Teleport a2-a7, then a8: a promotion by a pawn that teleported within its last two moves
    // (under the prototype's skill rules, as old runs replay: today a pawn is never relocated).
    let classic = |setup: BattleSetup| BattleSetup { skill_rules: SkillRules::CLASSIC, ..setup };
    let setup = classic(BattleSetup::from_fen("7k/8/8/8/8/8/P7/4K3", Objective::CaptureKing, 20).unwrap());
    let mut b = battle(setup);
    let pawn = id(&b, "a2");
    b.apply(BattleAction::Teleport { id: pawn, to: sq("a7") }).unwrap();
    mv(&mut b, "h8", "h7");
    mv(&mut b, "a7", "a8");
    assert_eq!((b.stats().promotions, b.stats().promotions_after_teleport), (1, 1));
    // Teleport a2-a5, then three steps: the teleport is three moves back, not counted.
    let setup = classic(BattleSetup::from_fen("7k/8/8/8/8/8/P7/4K3", Objective::CaptureKing, 30).unwrap());
    let mut b = battle(setup);
    let pawn = id(&b, "a2");
    b.apply(BattleAction::Teleport { id: pawn, to: sq("a5") }).unwrap();
    for (pawn_to, king) in [("a6", ["h8", "h7"]), ("a7", ["h7", "h6"]), ("a8", ["h6", "h5"])] {
        mv(&mut b, king[0], king[1]);
        mv(&mut b, &format!("a{}", pawn_to[1..].parse::<u8>().unwrap() - 1), pawn_to);
    }
    assert_eq!((b.stats().promotions, b.stats().promotions_after_teleport), (1, 0));
}

#[test]
fn battles_never_relocate_a_pawn() {
    // New battles play BATTLE_SKILL_RULES: a pawn's teleport is only one of its moves.
    let setup = BattleSetup::from_fen("7k/8/8/8/8/8/P7/4K1N1", Objective::CaptureKing, 20).unwrap();
    assert_eq!(setup.skill_rules, BATTLE_SKILL_RULES);
    let mut b = battle(setup);
    let pawn = id(&b, "a2");
    assert!(matches!(
        b.apply(BattleAction::Teleport { id: pawn, to: sq("a7") }),
        Err(ActionError::Skill(SkillError::PawnRelocation(from))) if from == sq("a2")
    ));
    assert!(b.legal_actions().iter().all(
        |a| !matches!(a, BattleAction::Teleport { id, to } if *id == pawn && ![sq("a3"), sq("a4")].contains(to))
    ));
    // Its teleport along a move is that move; other pieces still relocate anywhere.
    let knight = id(&b, "g1");
    assert!(b.legal_actions().contains(&BattleAction::Teleport { id: knight, to: sq("e5") }));
    b.apply(BattleAction::Teleport { id: pawn, to: sq("a3") }).unwrap();
    assert_eq!(b.unit_at(sq("a3")).unwrap().id, pawn);
    // The prototype's rules (old runs) allow the relocation.
    let setup = BattleSetup {
        skill_rules: SkillRules::CLASSIC,
        ..BattleSetup::from_fen("7k/8/8/8/8/8/P7/4K3", Objective::CaptureKing, 20).unwrap()
    };
    let mut b = battle(setup);
    let pawn = id(&b, "a2");
    b.apply(BattleAction::Teleport { id: pawn, to: sq("a7") }).unwrap();
}

#[test]
fn the_threat_overlay_counts_enemy_teleports_only_with_skills_and_never_on_a_king() {
    // The enemy rook on g3 attacks the g-file and rank 3; the player's king on e1 is not attacked.
    let fen = "4k3/8/8/8/8/6r1/8/4K3";
    let mut setup = BattleSetup::from_fen(fen, Objective::CaptureKing, 20).unwrap();
    let without = Battle::new(&setup).unwrap();
    let t = without.threatened_squares(Team::Enemy);
    assert!(t.contains(&sq("g1")) && t.contains(&sq("a3")), "the rook's file and rank");
    assert!(!t.contains(&sq("a7")) && !t.contains(&sq("e1")), "no teleport without skills");
    setup.enemy_skills = Some(gambit_roguelite::battle::SkillTuning::default());
    let with = Battle::new(&setup).unwrap();
    assert_eq!(with.cooldown(Team::Enemy, Skill::Teleport), Some(0));
    let t = with.threatened_squares(Team::Enemy);
    assert!(t.contains(&sq("a7")), "a ready enemy Teleport reaches any square (battle rules: no range)");
    assert!(!t.contains(&sq("e1")), "a Teleport never captures a king");
}

/// Pieces are shown by name, never by id: the battle numbers the pieces it names by side and role
/// (after the names it was given), events say the names, and a promoted pawn keeps its name.
#[test]
fn units_are_named_by_side_and_role_never_by_id() {
    use gambit_roguelite::PieceName;
    let mut setup = BattleSetup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R", Objective::CaptureKing, 20).unwrap();
    // The player's rook on h1 is an owned piece the run named Rook 3 (Rook 2 was lost earlier).
    let h1 = setup.units.iter().position(|u| u.square == sq("h1")).unwrap();
    setup.units[h1].name = Some(PieceName { role: Role::Rook, number: 3 });
    let b = battle(setup);
    let name = |s: &str| b.unit_at(sq(s)).unwrap().name();
    assert_eq!(name("a8"), "enemy Rook");
    assert_eq!(name("h8"), "enemy Rook 2");
    assert_eq!(name("e8"), "enemy King");
    assert_eq!(name("h1"), "your Rook 3");
    // The unnamed player rook comes after the named one: no two pieces share a name.
    assert_eq!(name("a1"), "your Rook 4");
    for unit in b.units() {
        assert!(!unit.name().contains('#'), "{}", unit.name());
    }
    // A log line names the piece by team and role: it names the squares too, which tell two
    // rooks apart, so the number would only be noise there.
    let mut b = b;
    let rook = id(&b, "a1");
    let events = b.apply(BattleAction::Move { id: rook, to: sq("a8") }).unwrap();
    let text = BattleEvent::log_lines(&events);
    assert!(text.iter().any(|t| t == "your Rook moves a1-a8 and captures enemy Rook"), "{text:?}");
    assert!(text.iter().all(|t| !t.contains("Rook 4") && !t.contains("player")), "{text:?}");
}

#[test]
fn the_coloured_board_shows_poison_hit_points_and_the_last_move() {
    // Worked example 1 of docs/battle.md again: after Rxd5 (poisonous pawn) and the enemy king's
    // h8-g8, the rook stands wounded (1 HP of 2) in the cloud over d5 d6 e5 d4 c5.
    let setup = BattleSetup::from_fen("7k/8/8/3p4/8/8/8/3RK3", Objective::CaptureKing, 20)
        .unwrap()
        .with_modifier("d5", Modifier::Poisonous);
    let mut b = battle(setup);
    mv(&mut b, "d1", "d5");
    let last = mv(&mut b, "h8", "g8").iter().find_map(BattleEvent::travel);
    assert_eq!(last, Some((sq("h8"), sq("g8"))));
    let ansi = RenderOptions { style: Style::Ansi, ..RenderOptions::default() };
    let text = b.render(ansi, last);
    let lines: Vec<&str> = text.lines().collect();
    // Rank 8: h8 left (101), the enemy king on g8 (142, bold 16); light 180, dark 137, dots 240.
    let rank8 = concat!(
        "8",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0;1;38;5;16;48;5;142m k",
        "\x1b[0;38;5;240;48;5;101m .",
        "\x1b[0m",
    );
    assert_eq!(lines[0], rank8);
    // Rank 5: the cloud (96) with `~` (156) on its empty squares, the rook red (196: half its HP).
    let rank5 = concat!(
        "5",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0;38;5;156;48;5;96m ~",
        "\x1b[0;1;38;5;196;48;5;96m R",
        "\x1b[0;38;5;156;48;5;96m ~",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0m",
    );
    assert_eq!(lines[3], rank5);
    // The plain board is the one it always was.
    assert_eq!(b.render(RenderOptions::default(), last), b.render_ascii());
    assert!(b.render_ascii().contains("5 . . ~ R ~ . . .\n"));
}

#[test]
fn stranding_warns_before_a_defeat_by_no_action_and_the_reply_delivers_it() {
    // A lone player pawn on d3 with an enemy pawn on d5: its only actions (d3d4, and the same step
    // as a teleport: a pawn is never relocated) leave it blocked, and any enemy reply that offers
    // no capture on c5 or e5 leaves the player with no action.
    let mut b = battle(BattleSetup::from_fen("7k/8/8/3p4/8/3P4/8/8", Objective::CaptureKing, 10).unwrap());
    let warning = b.stranding_threats();
    assert_eq!(warning.turn_ending, 2, "{:?}", b.legal_actions());
    assert!(warning.is_unavoidable(), "{warning:?}");
    let step = BattleAction::Move { id: id(&b, "d3"), to: sq("d4") };
    assert_eq!(warning.threats[0].action, step);
    let Some(Stranding::ByReply(reply)) = b.stranding(step) else { panic!("no stranding reply") };
    assert_eq!(warning.threats[0].stranding, Stranding::ByReply(reply));
    // In words: every action does, in the short form for a panel and in full for a terminal.
    assert_eq!(warning.summary(&b).unwrap(), "whatever you play, the enemy can leave you no action (a loss)");
    assert!(warning.describe(&b, 3).unwrap().starts_with("whatever you play (2 actions)"));
    // Asking changes nothing; the warning is honest: the reply it names ends the battle.
    assert_eq!(b.to_move(), Team::Player);
    b.apply(step).unwrap();
    let events = b.apply(reply).unwrap();
    assert_eq!(b.status(), BattleStatus::Defeat { reason: DefeatReason::NoAction });
    assert_eq!(events.last().unwrap().kind(), "defeat");
    // Over, or the enemy to move: no question.
    assert_eq!(b.stranding_threats(), StrandingWarning::default());
    assert_eq!(b.stranding(step), None);
}

#[test]
fn stranding_names_only_the_actions_that_let_the_enemy_strand_the_player() {
    // Player: a rook on a1 and a pawn on d4 blocked by d5. The enemy rook on h2 takes a rook that
    // stops on its rank or file, and then the pawn alone has no action.
    let mut b = battle(BattleSetup::from_fen("7k/8/8/3p4/3P4/8/7r/R7", Objective::CaptureKing, 10).unwrap());
    let rook = id(&b, "a1");
    let warning = b.stranding_threats();
    assert!(warning.is_threatened() && !warning.is_unavoidable(), "{warning:?}");
    let to_a2 = BattleAction::Move { id: rook, to: sq("a2") };
    let take = BattleAction::Move { id: id(&b, "h2"), to: sq("a2") };
    assert_eq!(b.stranding(to_a2), Some(Stranding::ByReply(take)));
    assert!(
        warning.threats.contains(&StrandingThreat { action: to_a2, stranding: Stranding::ByReply(take) })
    );
    // The short form names the first such action and counts the others, in few enough words for
    // two lines of the battle panel.
    let summary = warning.summary(&b).unwrap();
    let first = b.action_text(warning.threats[0].action);
    let others = warning.threats.len() - 1;
    assert!(others > 0, "{warning:?}");
    assert!(summary.starts_with(&format!("{first} and {others} other action")), "{summary}");
    assert!(summary.ends_with("let the enemy leave you no action (a loss)"), "{summary}");
    assert!(summary.len() + "Warning: ".len() <= 80, "{summary}");
    // A rook that stays out of reach is safe, and is not named.
    let to_b1 = BattleAction::Move { id: rook, to: sq("b1") };
    assert_eq!(b.stranding(to_b1), None);
    assert!(warning.threats.iter().all(|t| t.action != to_b1));
    // Every named action is one of the player's turn-ending actions, and every reply delivers.
    for t in &warning.threats {
        let Stranding::ByReply(reply) = t.stranding else { panic!("{t:?}: the enemy can move") };
        let mut after = b.clone();
        after.apply(t.action).unwrap();
        after.apply(reply).unwrap();
        assert_eq!(after.status(), BattleStatus::Defeat { reason: DefeatReason::NoAction }, "{t:?}");
    }
    // A Freeze is free: it is not a turn-ending action and is never named.
    assert!(warning.threats.iter().all(|t| !matches!(t.action, BattleAction::Freeze { .. })));
    assert_eq!(b.stranding(BattleAction::Freeze { square: sq("h2") }), None);
    // The warning follows the play: the rook steps out of reach, the enemy shuffles its king.
    mv(&mut b, "a1", "b1");
    mv(&mut b, "h8", "g8");
    assert_eq!(b.status(), BattleStatus::Ongoing);
}

#[test]
fn no_stranding_while_a_piece_can_always_act() {
    // Kings far apart and a player rook: nothing the enemy does leaves the player without action.
    let b = battle(BattleSetup::from_fen(BASIC, Objective::CaptureKing, 10).unwrap());
    let warning = b.stranding_threats();
    assert!(!warning.is_threatened(), "{warning:?}");
    assert_eq!(
        warning.turn_ending,
        b.legal_actions().iter().filter(|a| !matches!(a, BattleAction::Freeze { .. })).count()
    );
}

/// A teleport cannot give check: it may not put a king or a marked target of the other team under
/// attack, by the teleported piece or by a line it uncovers; a king already attacked stays fair game
/// for other teleports. Battles saved before the rule (`skills_reach_objectives`) keep the old one.
#[test]
fn a_teleport_cannot_put_a_king_or_target_under_attack() {
    // The rook may not land on the king's rank or file, nor a knight a jump away from it.
    let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/8/RN2K3", Objective::CaptureKing, 20).unwrap();
    let mut b = battle(setup.clone());
    let rook = id(&b, "a1");
    let knight = id(&b, "b1");
    assert_eq!(
        b.apply(BattleAction::Teleport { id: rook, to: sq("a8") }),
        Err(ActionError::TeleportAttacksObjective { to: sq("a8"), objective: sq("e8"), what: "king" })
    );
    assert_eq!(
        b.apply(BattleAction::Teleport { id: knight, to: sq("d6") }),
        Err(ActionError::TeleportAttacksObjective { to: sq("d6"), objective: sq("e8"), what: "king" })
    );
    let legal = b.legal_actions();
    for refused in [sq("a8"), sq("e5"), sq("h8")] {
        assert!(!legal.contains(&BattleAction::Teleport { id: rook, to: refused }), "{refused}");
    }
    assert!(!b.search_actions().contains(&BattleAction::Teleport { id: knight, to: sq("f6") }));
    // A typed teleport says why it is refused.
    let typed = b.parse_action("tp a1a8").unwrap_err();
    assert_eq!(
        typed,
        ParseActionError::Refused {
            text: "tp a1a8".into(),
            reason: ActionError::TeleportAttacksObjective { to: sq("a8"), objective: sq("e8"), what: "king" }
        }
    );
    assert!(typed.to_string().ends_with("a teleport to a8 would attack the king on e8"), "{typed}");
    // A square beside the king's lines is fine; so is a knight two jumps away.
    assert!(legal.contains(&BattleAction::Teleport { id: rook, to: sq("b7") }));
    b.apply(BattleAction::Teleport { id: knight, to: sq("c4") }).unwrap();

    // A discovered attack: the bishop on e4 blocks the rook on e1 from the king on e8.
    let setup = BattleSetup::from_fen("4k3/8/8/8/4B3/8/8/4R1K1", Objective::CaptureKing, 20).unwrap();
    let mut b = battle(setup);
    let bishop = id(&b, "e4");
    assert_eq!(
        b.apply(BattleAction::Teleport { id: bishop, to: sq("a4") }),
        Err(ActionError::TeleportAttacksObjective { to: sq("a4"), objective: sq("e8"), what: "king" })
    );
    // A marked target counts as a king does; an ordinary piece does not.
    let setup = BattleSetup::from_fen("r3k3/7p/8/8/8/8/8/R3K3", Objective::CaptureTargets, 20)
        .unwrap()
        .with_target("h7");
    let mut b = battle(setup);
    let rook = id(&b, "a1");
    assert_eq!(
        b.apply(BattleAction::Teleport { id: rook, to: sq("g7") }),
        Err(ActionError::TeleportAttacksObjective {
            to: sq("g7"),
            objective: sq("h7"),
            what: "marked target"
        })
    );
    b.apply(BattleAction::Teleport { id: rook, to: sq("a7") }).unwrap_err();
    b.apply(BattleAction::Teleport { id: rook, to: sq("b6") }).unwrap();

    // The old rule: the rook lands on the king's rank.
    let mut old = setup_old("4k3/8/8/8/8/8/8/RN2K3");
    let rook = id(&old, "a1");
    old.apply(BattleAction::Teleport { id: rook, to: sq("a8") }).unwrap();
}

/// A Freeze cannot hold a king or a marked target (of either team); a king that later steps onto a
/// frozen square is held all the same. Battles saved before the rule keep the old one.
#[test]
fn a_freeze_cannot_hold_a_king_or_target() {
    let setup = BattleSetup::from_fen("r3k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 20).unwrap();
    let mut b = battle(setup);
    assert_eq!(
        b.apply(BattleAction::Freeze { square: sq("e8") }),
        Err(ActionError::FreezeOnObjective(sq("e8")))
    );
    assert_eq!(
        b.apply(BattleAction::Freeze { square: sq("e1") }),
        Err(ActionError::FreezeOnObjective(sq("e1")))
    );
    assert!(!b.legal_actions().contains(&BattleAction::Freeze { square: sq("e8") }));
    // An empty square beside the king can be frozen, and holds the king that steps there.
    b.apply(BattleAction::Freeze { square: sq("d8") }).unwrap();
    assert!(b.is_frozen(sq("d8")));
    let setup = BattleSetup::from_fen("r3k3/7p/8/8/8/8/8/R3K3", Objective::CaptureTargets, 20)
        .unwrap()
        .with_target("h7");
    let mut b = battle(setup);
    assert_eq!(
        b.apply(BattleAction::Freeze { square: sq("h7") }),
        Err(ActionError::FreezeOnObjective(sq("h7")))
    );
    b.apply(BattleAction::Freeze { square: sq("a8") }).unwrap();

    let mut old = setup_old("r3k3/8/8/8/8/8/8/R3K3");
    old.apply(BattleAction::Freeze { square: sq("e8") }).unwrap();
}

/// A battle under the skill rule of files written before it (`skills_reach_objectives`).
fn setup_old(fen: &str) -> Battle {
    let mut setup = BattleSetup::from_fen(fen, Objective::CaptureKing, 20).unwrap();
    setup.skills_reach_objectives = true;
    battle(setup)
}

/// A king or a marked target cannot be teleported, of either team; other pieces still can. Battles
/// saved before the rule keep the old one.
#[test]
fn a_king_or_target_cannot_be_teleported() {
    let setup = BattleSetup::from_fen("r3k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 20).unwrap();
    let mut b = battle(setup);
    let king = id(&b, "e1");
    assert_eq!(
        b.apply(BattleAction::Teleport { id: king, to: sq("c3") }),
        Err(ActionError::TeleportOfObjective(sq("e1")))
    );
    assert!(!b.legal_actions().iter().any(|a| matches!(a, BattleAction::Teleport { id, .. } if *id == king)));
    assert!(
        b.legal_actions().iter().any(|a| matches!(a, BattleAction::Teleport { .. })),
        "the rook still may"
    );
    let mut setup = BattleSetup::from_fen("r3k3/8/8/8/8/8/8/R3K3", Objective::CaptureTargets, 20)
        .unwrap()
        .with_target("a8");
    setup.enemy_skills = Some(gambit_roguelite::battle::SkillTuning::default());
    let mut b = battle(setup);
    mv(&mut b, "e1", "d1");
    let rook = id(&b, "a8");
    assert_eq!(
        b.apply(BattleAction::Teleport { id: rook, to: sq("c6") }),
        Err(ActionError::TeleportOfObjective(sq("a8")))
    );
    assert!(b.bot_actions().iter().all(|a| !matches!(a, BattleAction::Teleport { id, .. } if *id == rook)));

    let mut old = setup_old("r3k3/8/8/8/8/8/8/R3K3");
    let king = id(&old, "e1");
    old.apply(BattleAction::Teleport { id: king, to: sq("c3") }).unwrap();
}
