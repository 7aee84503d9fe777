//! The skill rules' levers, each on its own over the classic rules: start on cooldown, teleport range,
//! capture limit, the pawn's promotion guard and no capture right after a teleport; and the presets.

use gambit_rules::{Color, Position};
use gambit_skills::{Action, Skill, SkillBoard, SkillConfig, SkillError, SkillRules};

fn board(fen: &str, rules: SkillRules) -> SkillBoard {
    let config = SkillConfig { skill_rules: rules, ..SkillConfig::default() };
    SkillBoard::from_position(Position::from_fen(fen).unwrap(), config)
}

fn lever(f: impl FnOnce(&mut SkillRules)) -> SkillRules {
    let mut r = SkillRules::CLASSIC;
    f(&mut r);
    r
}

fn sq(s: &str) -> gambit_rules::Square {
    s.parse().unwrap()
}

const MIDDLE: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5";

#[test]
fn the_presets_have_names_and_classic_is_every_lever_off() {
    assert_eq!(SkillRules::default(), SkillRules::DEFAULT);
    assert_eq!("default".parse::<SkillRules>().unwrap(), SkillRules::DEFAULT);
    assert!("modern".parse::<SkillRules>().is_err());
    assert_eq!(SkillRules::CLASSIC.to_string(), "classic");
    assert_eq!(lever(|r| r.teleport_range = Some(2)).name(), None);
    assert_ne!(SkillRules::DEFAULT, SkillRules::CLASSIC);
    assert_eq!(SkillConfig::classic().skill_rules, SkillRules::CLASSIC);
}

#[test]
fn skills_start_on_cooldown() {
    let config = SkillConfig { skill_rules: lever(|r| r.start_on_cooldown = true), ..SkillConfig::default() };
    let mut b = SkillBoard::new(config.clone()).unwrap();
    for color in [Color::White, Color::Black] {
        assert_eq!(b.cooldown(color, Skill::Teleport), 6);
        assert_eq!(b.cooldown(color, Skill::Freeze), 9);
    }
    assert!(b.actions().iter().all(|a| matches!(a, Action::Move(_))));
    assert!(matches!(
        b.push_action("fz e7"),
        Err(SkillError::OnCooldown { skill: Skill::Freeze, remaining: 9 })
    ));
    // Six plies later White's Teleport is ready; the classic board has it at once.
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
        b.push_action(m).unwrap();
    }
    assert!(b.can_cast(Skill::Teleport));
    assert!(SkillBoard::new(SkillConfig::classic()).unwrap().can_cast(Skill::Teleport));
    // A replay starts the same way.
    assert_eq!(SkillBoard::from_json(&b.to_json()).unwrap(), b);
}

#[test]
fn a_teleport_range_limits_relocations_not_moves() {
    let b = board(MIDDLE, lever(|r| r.teleport_range = Some(2)));
    let targets = b.teleport_targets();
    // The knight on f3 reaches no farther than two king steps; its knight moves stay (as moves).
    assert!(targets.contains(sq("f3"), sq("h5")));
    assert!(targets.contains(sq("f3"), sq("g5")));
    assert!(!targets.contains(sq("f3"), sq("f6")));
    assert!(matches!(b.check_teleport(sq("f3"), sq("f6")), Err(SkillError::OutOfRange { range: 2, .. })));
    // The bishop's capture on f7 is a legal move: allowed at any distance.
    assert!(targets.contains(sq("c4"), sq("f7")));
    assert_eq!(b.actions(), b.actions_reference());
}

#[test]
fn a_relocation_captures_nothing_worth_more_than_the_teleporter() {
    let b = board(MIDDLE, lever(|r| r.capture_limit = true));
    assert!(matches!(b.check_teleport(sq("f3"), sq("d8")), Err(SkillError::CapturesBigger { .. })));
    assert!(matches!(b.check_teleport(sq("a2"), sq("c6")), Err(SkillError::CapturesBigger { .. })));
    assert!(b.check_teleport(sq("f3"), sq("c6")).is_ok(), "a knight takes a knight");
    assert!(b.check_teleport(sq("d1"), sq("d8")).is_ok(), "a queen takes a queen");
    assert!(b.check_teleport(sq("e1"), sq("d8")).is_err(), "the king may not land next to the black king");
    assert_eq!(b.actions(), b.actions_reference());
    let classic = board(MIDDLE, SkillRules::CLASSIC);
    assert!(classic.check_teleport(sq("a2"), sq("c6")).is_ok());
}

#[test]
fn no_pawn_is_relocated_onto_its_last_two_ranks() {
    let b = board(MIDDLE, lever(|r| r.pawn_promotion_guard = true));
    assert!(matches!(b.check_teleport(sq("a2"), sq("a7")), Err(SkillError::PawnNearPromotion(_))));
    assert!(matches!(b.check_teleport(sq("a2"), sq("h7")), Err(SkillError::PawnNearPromotion(_))));
    assert!(matches!(b.check_teleport(sq("a2"), sq("h8")), Err(SkillError::PawnBackRank(_))));
    assert!(b.check_teleport(sq("a2"), sq("a6")).is_ok());
    assert_eq!(b.actions(), b.actions_reference());
    // Black's last two ranks are 2 and 1.
    let b = board("4k3/p7/8/8/8/8/8/4K3 b - - 0 1", lever(|r| r.pawn_promotion_guard = true));
    assert!(matches!(b.check_teleport(sq("a7"), sq("c2")), Err(SkillError::PawnNearPromotion(_))));
    assert!(b.check_teleport(sq("a7"), sq("c3")).is_ok());
    assert!(
        board("4k3/p7/8/8/8/8/8/4K3 b - - 0 1", SkillRules::CLASSIC)
            .check_teleport(sq("a7"), sq("c2"))
            .is_ok()
    );
}

#[test]
fn a_teleported_piece_cannot_capture_on_its_next_move() {
    let mut b = board(MIDDLE, lever(|r| r.teleported_cannot_capture = true));
    b.push_action("tp f3g5").unwrap(); // a relocation next to f7
    assert_eq!(b.teleported_piece(Color::White), Some(sq("g5")));
    b.push_action("a7a6").unwrap();
    let nxf7 = b.parse_action("g5f7").unwrap();
    assert!(!b.actions().contains(&nxf7));
    assert!(matches!(b.play_action(nxf7), Err(SkillError::TeleportedCapture(_))));
    assert!(b.parse_action("g5h3").is_ok_and(|a| b.actions().contains(&a)), "quiet moves stay");
    let key = b.state_key();
    let line = b.state_line();
    assert!(line.ends_with(";white:g5"), "{line}");
    let back = SkillBoard::from_state_line(&line, b.config().clone()).unwrap();
    assert_eq!((back.teleported_piece(Color::White), back.state_key()), (Some(sq("g5")), key));
    // After White's next turn the knight captures again.
    b.push_action("h2h3").unwrap();
    assert_eq!(b.teleported_piece(Color::White), None);
    assert_ne!(b.state_key(), key);
    b.push_action("a6a5").unwrap();
    b.push_action("g5f7").unwrap();
    // Undo restores the mark.
    for _ in 0..3 {
        b.undo();
    }
    assert_eq!(b.teleported_piece(Color::White), Some(sq("g5")));
    assert_eq!(b.state_key(), key);
    assert_eq!(b.actions(), b.actions_reference());
}
