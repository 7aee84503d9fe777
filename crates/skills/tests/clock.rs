//! The clock: the ply clock's worked examples from the crate docs, the manual clock, and
//! `tick_cooldowns`.

use gambit_rules::{Color, Square};
use gambit_skills::{
    ClockMode, Cooldowns, LogKind, SideCooldowns, Skill, SkillBoard, SkillConfig, SkillError,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn board(clock: ClockMode) -> SkillBoard {
    SkillBoard::new(SkillConfig { clock, ..SkillConfig::classic() }).unwrap()
}

#[test]
fn teleport_cast_on_ply_p_is_ready_on_ply_p_plus_6() {
    let mut b = board(ClockMode::Ply);
    // Ply p = 1: White relocates the b1 knight to d4 (not a knight move, so a board edit).
    b.push_action("tp b1d4").unwrap();
    // 6 set by the cast, then the ply's tick.
    assert_eq!(b.cooldown(Color::White, Skill::Teleport), 5);
    // The rest of the script; before each ply we note White's remaining teleport cooldown.
    let plies = ["e7e5", "a2a3", "a7a6", "b2b3", "b7b6", "c2c3"];
    // Cooldown seen at the start of plies p+1 .. p+6: 5, 4, 3, 2, 1, 0.
    let expected = [5, 4, 3, 2, 1, 0];
    for (k, (mv, want)) in plies.iter().zip(expected).enumerate() {
        assert_eq!(b.cooldown(Color::White, Skill::Teleport), want, "start of ply p+{}", k + 1);
        let white_to_move = b.turn() == Color::White;
        if white_to_move && want > 0 {
            // Plies p+2 and p+4: White cannot teleport yet.
            assert!(!b.can_cast(Skill::Teleport));
            assert_eq!(
                b.teleport(sq("d4"), sq("d5")),
                Err(SkillError::OnCooldown { skill: Skill::Teleport, remaining: want })
            );
        }
        if k + 1 == 6 {
            // Ply p+6, White's third turn after the cast: ready.
            assert!(b.can_cast(Skill::Teleport));
            b.push_action("tp d4d5").unwrap();
            assert_eq!(b.cooldown(Color::White, Skill::Teleport), 5);
            break;
        }
        b.push_action(mv).unwrap();
    }
    // Black never cast anything: its pool was untouched throughout.
    assert_eq!(b.cooldowns().black, SideCooldowns::default());
}

#[test]
fn freeze_of_duration_3_costs_the_enemy_exactly_one_turn() {
    let mut b = board(ClockMode::Ply);
    b.push_action("e2e4").unwrap();
    b.push_action("e7e5").unwrap();
    // Ply p = 3: White freezes g8 (Black's knight), then moves.
    b.push_action("fz g8").unwrap();
    assert_eq!(b.turn(), Color::White, "a freeze does not end the turn");
    assert_eq!(b.frozen_ticks(sq("g8")), Some(3), "during ply p");
    assert_eq!(b.cooldown(Color::White, Skill::Freeze), 9);
    b.push_action("g1f3").unwrap();
    // Ply p+1: Black's knight is frozen.
    assert_eq!(b.frozen_ticks(sq("g8")), Some(2));
    assert_eq!(b.cooldown(Color::White, Skill::Freeze), 8);
    assert!(!b.can_move_from(sq("g8")));
    assert!(b.legal_moves().iter().all(|m| m.from != sq("g8")));
    assert_eq!(b.push_action("g8f6"), Err(SkillError::FrozenSource(sq("g8"))));
    b.push_action("b8c6").unwrap();
    // Ply p+2: still frozen (1 tick left).
    assert_eq!(b.frozen_ticks(sq("g8")), Some(1));
    b.push_action("f1c4").unwrap();
    // Ply p+3: released; the frozen set and the counters agree.
    assert_eq!(b.frozen_ticks(sq("g8")), None);
    assert!(b.frozen().is_empty());
    assert!(b.frozen_squares().is_empty());
    assert!(b.can_move_from(sq("g8")));
    b.push_action("g8f6").unwrap();
    // Freeze cooldown 9 cast on ply p = 3: 9 - k at the start of ply 3 + k, so 0 from ply 12 on, and
    // White (odd plies) may freeze again on ply 13. Plies 7 to 11:
    let script = ["b1c3", "f8c5", "d2d3", "d7d6", "c1g5"];
    for mv in script {
        b.push_action(mv).unwrap();
    }
    // Start of ply 12 (Black): White's freeze cooldown is 0.
    assert_eq!(b.cooldown(Color::White, Skill::Freeze), 0);
    b.push_action("h7h6").unwrap();
    assert!(b.can_cast(Skill::Freeze));
    b.push_action("fz a6").unwrap();
}

#[test]
fn manual_clock_only_ticks_on_request() {
    let mut b = board(ClockMode::Manual);
    b.push_action("tp b1d4").unwrap();
    b.push_action("fz d4").unwrap(); // Black freezes White's teleported knight.
    b.push_action("e7e5").unwrap();
    b.push_action("a2a3").unwrap();
    b.push_action("a7a6").unwrap();
    // Moves did not tick: cooldowns and the freeze are as cast.
    let expected = Cooldowns {
        white: SideCooldowns { teleport: 6, freeze: 0 },
        black: SideCooldowns { teleport: 0, freeze: 9 },
    };
    assert_eq!(b.cooldowns(), expected);
    assert_eq!(b.frozen_ticks(sq("d4")), Some(3));
    b.tick_cooldowns(2);
    assert_eq!(b.frozen_ticks(sq("d4")), Some(1));
    assert_eq!(b.cooldown(Color::White, Skill::Teleport), 4);
    b.tick_cooldowns(1);
    assert_eq!(b.frozen(), vec![]);
    assert_eq!(b.cooldown(Color::White, Skill::Teleport), 3);
    assert_eq!(b.cooldown(Color::Black, Skill::Freeze), 6);
    // Large ticks clamp at 0.
    b.tick_cooldowns(1000);
    assert_eq!(b.cooldowns(), Cooldowns::default());
    // Each call is logged as a tick by the side to move; 0 ticks log nothing.
    b.tick_cooldowns(0);
    let ticks: Vec<(&str, Color)> =
        b.log().iter().filter(|e| e.kind == LogKind::Tick).map(|e| (e.detail.as_str(), e.actor)).collect();
    assert_eq!(ticks, vec![("2", Color::White), ("1", Color::White), ("1000", Color::White)]);
}

#[test]
fn tick_cooldowns_also_works_under_the_ply_clock() {
    let mut b = board(ClockMode::Ply);
    b.push_action("fz e4").unwrap();
    b.push_action("e2e3").unwrap(); // the ply's tick: freeze 9 -> 8, e4 3 -> 2
    b.tick_cooldowns(2);
    assert_eq!(b.cooldown(Color::White, Skill::Freeze), 6);
    assert!(!b.is_frozen(sq("e4")));
}

#[test]
fn custom_cooldowns_and_duration_apply() {
    let config = SkillConfig::from_json(
        r#"{"cooldown_ticks": {"teleport": 2, "freeze": 0}, "freeze_duration": 1, "skill_rules": "classic"}"#,
    )
    .unwrap();
    let mut b = SkillBoard::new(config).unwrap();
    b.push_action("fz e7").unwrap();
    // Cooldown 0: Freeze is ready again at once (still White's turn).
    assert!(b.can_cast(Skill::Freeze));
    b.push_action("fz d7").unwrap();
    b.push_action("tp b1b3").unwrap(); // teleport 2 -> 1 after the tick; the freezes (1) expire
    assert!(b.frozen().is_empty());
    assert_eq!(b.cooldown(Color::White, Skill::Teleport), 1);
    b.push_action("e7e5").unwrap(); // Black's pawn is free again
    assert!(b.can_cast(Skill::Teleport));
}
