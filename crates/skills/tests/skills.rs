//! Teleport and Freeze contracts: every rejection reason (and that a rejection changes nothing), the
//! fallback teleport's bookkeeping, freezes that follow the square, and game end with skills.

use gambit_rules::{Color, DrawReason, Outcome, Piece, Position, Role, RuleSet, Square};
use gambit_skills::{
    Action, ClockMode, Skill, SkillBoard, SkillConfig, SkillError, Teleported, render_ascii, rotate_view_180,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn at(fen: &str) -> SkillBoard {
    SkillBoard::from_position(Position::from_fen(fen).unwrap(), SkillConfig::classic())
}

fn manual(fen: &str) -> SkillBoard {
    let config = SkillConfig { clock: ClockMode::Manual, ..SkillConfig::classic() };
    SkillBoard::from_position(Position::from_fen(fen).unwrap(), config)
}

/// Plays `text`, expects `error`, and checks that nothing changed.
fn rejects(b: &mut SkillBoard, text: &str, error: SkillError) {
    let before = b.clone();
    let key = b.position().key();
    assert_eq!(b.push_action(text), Err(error), "{text}");
    assert_eq!(*b, before, "{text} changed the board");
    assert_eq!(b.position().key(), key);
    assert_eq!(b.undo_len(), before.undo_len());
}

#[test]
fn every_teleport_rejection_reason() {
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    rejects(&mut b, "tp e2e2", SkillError::SameSquare(sq("e2")));
    rejects(&mut b, "tp e4e5", SkillError::EmptySource(sq("e4")));
    rejects(&mut b, "tp e7e5", SkillError::EnemySource(sq("e7")));
    rejects(&mut b, "tp d1e2", SkillError::FriendlyDestination(sq("e2")));
    rejects(&mut b, "tp a2a8", SkillError::PawnBackRank(sq("a8")));
    rejects(&mut b, "tp e2e8", SkillError::CapturesKing(sq("e8")));
    b.push_action("fz b1").unwrap();
    rejects(&mut b, "tp b1d4", SkillError::FrozenSource(sq("b1")));
    rejects(&mut b, "b1c3", SkillError::FrozenSource(sq("b1")));
    b.push_action("tp g1e5").unwrap();
    b.push_action("a7a6").unwrap();
    rejects(&mut b, "tp e5e6", SkillError::OnCooldown { skill: Skill::Teleport, remaining: 4 });
    rejects(&mut b, "fz a6", SkillError::OnCooldown { skill: Skill::Freeze, remaining: 7 });

    // King safety: the e2 bishop is pinned by the e7 rook; the king may not land on an attacked square.
    let mut b = at("4k3/4r3/8/8/8/8/4B3/N3K3 w - - 0 1");
    rejects(&mut b, "tp e2a6", SkillError::ExposesKing { from: sq("e2"), to: sq("a6") });
    rejects(&mut b, "tp e1e3", SkillError::ExposesKing { from: sq("e1"), to: sq("e3") });
    rejects(&mut b, "tp e1d7", SkillError::ExposesKing { from: sq("e1"), to: sq("d7") }); // next to the king
    rejects(&mut b, "tp a1e8", SkillError::CapturesKing(sq("e8")));
    rejects(&mut b, "tp e2e1", SkillError::FriendlyDestination(sq("e1")));
    // A pawn on its first rank.
    let mut b = at("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    rejects(&mut b, "tp e2a1", SkillError::PawnBackRank(sq("a1")));
}

#[test]
fn move_freeze_and_text_rejections() {
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    rejects(&mut b, "e2e5", SkillError::IllegalMove("e2e5".into()));
    rejects(&mut b, "Nf4", SkillError::IllegalMove("Nf4".into()));
    assert_eq!(b.push_uci("e2e5"), Err(SkillError::IllegalMove("e2e5".into())));
    assert_eq!(b.push_uci("e2"), Err(SkillError::Syntax("e2".into())));
    for text in ["", "tp e2", "tp e2e9", "fz z9", "fz", "hello world", "tp e2 e4 e5", "xx"] {
        rejects(&mut b, text, SkillError::Syntax(text.into()));
    }
    // A lone king may not freeze itself: no move or teleport would be left.
    let mut b = at("7k/7p/8/8/8/8/8/K7 w - - 0 1");
    rejects(&mut b, "fz a1", SkillError::StrandsCaster(sq("a1")));
    assert!(!b.actions().contains(&Action::Freeze(sq("a1"))));
    assert!(b.actions().contains(&Action::Freeze(sq("h8"))));
    b.push_action("fz h7").unwrap(); // any other square is fine
}

#[test]
fn blocked_tiles_are_off_the_board() {
    let pos = Position::from_fen_with(
        "********/*rnbqk**/*pppppp*/*6*/*6*/*PPPPPP*/*RNBQK**/******** w - - 0 1",
        RuleSet::SKIRMISH,
    )
    .unwrap();
    let mut b = SkillBoard::from_position(pos, SkillConfig::classic());
    rejects(&mut b, "tp b2a4", SkillError::OffBoard(sq("a4")));
    rejects(&mut b, "tp a1b3", SkillError::OffBoard(sq("a1")));
    rejects(&mut b, "fz h8", SkillError::OffBoard(sq("h8")));
    // Skirmish: no check, and a teleport may capture a king (the e2 queen onto the f7 king).
    b.push_action("tp e2f7").unwrap();
    assert_eq!(b.piece_at(sq("f7")), Some(Piece::new(Color::White, Role::Queen)));
    assert!(!b.actions().iter().any(|a| matches!(a, Action::Freeze(s) if b.position().is_blocked(*s))));
}

#[test]
fn teleport_played_as_a_legal_move() {
    let mut b = at("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let done = b.teleport(sq("a7"), sq("a8")).unwrap();
    assert!(matches!(done, Teleported::AsMove(m) if m.promotion == Some(Role::Queen)));
    assert_eq!(b.piece_at(sq("a8")), Some(Piece::new(Color::White, Role::Queen)));
    assert_eq!(b.position().to_fen(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(b.cooldown(Color::White, Skill::Teleport), 5);
    assert_eq!(b.log().last().unwrap().detail, "a7a8");
    // Castling through a teleport moves the rook too.
    let mut b = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(matches!(b.teleport(sq("e1"), sq("g1")).unwrap(), Teleported::AsMove(_)));
    assert_eq!(b.position().to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

#[test]
fn fallback_teleport_hands_the_turn_over_with_exact_bookkeeping() {
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    b.push_action("tp b1d4").unwrap();
    assert_eq!(b.position().to_fen(), "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/R1BQKBNR b KQkq - 1 1");
    assert_eq!(b.turn(), Color::Black);
    assert_eq!(b.position().key(), b.position().compute_key());
    // Black's legal moves are Black's (the prototype left White to move again).
    assert!(b.legal_moves().iter().all(|m| b.piece_at(m.from).unwrap().color == Color::Black));
    assert_eq!(b.legal_moves().len(), 20);

    // King and rooks leaving home drop their rights; a rook captured at home drops its owner's.
    let mut b = at("r3k2r/p7/8/8/8/8/P7/R3K2R b KQkq - 7 9");
    assert_eq!(
        b.teleport(sq("a8"), sq("a1")).unwrap(),
        Teleported::Relocated { captured: Some(Piece::new(Color::White, Role::Rook)) }
    );
    assert_eq!(b.position().to_fen(), "4k2r/p7/8/8/8/8/P7/r3K2R w Kk - 0 10");
    assert!(b.position().is_check(), "the rook on a1 checks the king along the first rank");
    assert_eq!(b.position().key(), b.position().compute_key());
    let mut b = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    b.push_action("tp e1d3").unwrap();
    assert_eq!(b.position().to_fen(), "r3k2r/8/8/8/8/3K4/8/R6R b kq - 1 1");

    // The en passant square clears.
    let mut b = at("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert_eq!(b.position().ep_square(), Some(sq("e3")));
    b.push_action("tp e8h8").unwrap();
    assert_eq!(b.position().to_fen(), "7k/8/8/8/3pP3/8/8/4K3 w - - 1 2");
    assert_eq!(b.position().key(), b.position().compute_key());
}

#[test]
fn freeze_follows_the_square_not_the_piece() {
    let config = SkillConfig { freeze_duration: 7, ..SkillConfig::classic() };
    let mut b = SkillBoard::new(config).unwrap();
    b.push_action("fz d5").unwrap(); // an empty square: 7
    b.push_action("e2e4").unwrap(); // 6
    b.push_action("d7d5").unwrap(); // the black pawn arrives on the frozen square: 5
    assert!(!b.can_move_from(sq("d5")));
    b.push_action("a2a3").unwrap(); // 4
    // Black's pawn cannot move or be teleported, but can be captured.
    assert!(b.legal_moves().iter().all(|m| m.from != sq("d5")));
    assert_eq!(b.push_action("d5e4"), Err(SkillError::FrozenSource(sq("d5"))));
    assert_eq!(b.push_action("tp d5d3"), Err(SkillError::FrozenSource(sq("d5"))));
    b.push_action("a7a6").unwrap(); // 3
    b.push_action("e4d5").unwrap(); // White captures on the frozen square: 2
    // Now White's pawn stands on d5 and is the frozen one.
    b.push_action("a6a5").unwrap(); // 1
    assert_eq!(b.frozen_ticks(sq("d5")), Some(1));
    assert_eq!(b.push_action("d5d6"), Err(SkillError::FrozenSource(sq("d5"))));
    b.push_action("h2h3").unwrap(); // 0: released
    b.push_action("h7h6").unwrap();
    b.push_action("d5d6").unwrap();
}

/// The hover card of a frozen square says its ticks and the rules the test above checks.
#[test]
fn the_frozen_square_card_counts_its_ticks() {
    let card = gambit_skills::frozen_square_card(3);
    assert!(card.contains("Frozen for 3 more ticks"), "{card}");
    assert!(card.contains("cannot move or teleport, one that arrives included"), "{card}");
    assert!(gambit_skills::frozen_square_card(1).contains("Frozen for 1 more tick ("));
}

#[test]
fn frozen_pieces_still_attack_and_castling_needs_an_unfrozen_rook() {
    let mut b = manual("7k/8/8/8/8/8/8/K5Q1 w - - 0 1");
    b.push_action("fz g1").unwrap(); // White freezes its own queen
    b.push_action("a1b1").unwrap();
    // The frozen queen still covers the g-file.
    let black: Vec<String> = b.legal_moves().iter().map(|m| m.to_uci()).collect();
    assert_eq!(black, vec!["h8h7".to_string()]);

    let mut b = manual("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    b.push_action("fz h1").unwrap();
    assert!(!b.legal_moves().iter().any(|m| m.to_uci() == "e1g1"));
    assert!(b.legal_moves().iter().any(|m| m.to_uci() == "e1c1"));
    assert_eq!(b.push_action("e1g1"), Err(SkillError::FrozenSource(sq("h1"))));
    b.push_action("e1c1").unwrap();
}

#[test]
fn a_teleport_is_a_way_out_of_mate() {
    // Fool's mate: no legal move, but White's teleport is ready.
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        b.push_action(mv).unwrap();
    }
    assert_eq!(b.position().outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
    assert_eq!(b.outcome(), None);
    assert!(b.legal_moves().is_empty());
    let actions = b.actions();
    let teleports: Vec<Action> =
        actions.iter().copied().filter(|a| matches!(a, Action::Teleport { .. })).collect();
    assert!(!teleports.is_empty());
    assert!(actions.iter().all(|a| !matches!(a, Action::Move(_))));
    for a in teleports {
        let mut c = b.clone();
        c.play_action(a).unwrap();
        assert!(
            !c.position().is_attacked(c.position().king_square(Color::White).unwrap(), Color::Black),
            "{a}"
        );
    }
    // A freeze is allowed (it does not end the turn), a move is not.
    assert_eq!(b.push_action("e2e3"), Err(SkillError::IllegalMove("e2e3".into())));
    b.push_action("tp g4g3").unwrap();
    assert_eq!(b.turn(), Color::Black);
}

#[test]
fn mate_when_the_teleport_is_on_cooldown() {
    let mut b = SkillBoard::new(SkillConfig { clock: ClockMode::Manual, ..SkillConfig::classic() }).unwrap();
    for mv in ["tp b1c3", "e7e5", "f2f3", "a7a6", "g2g4", "d8h4"] {
        b.push_action(mv).unwrap();
    }
    let mate = Outcome::Checkmate { winner: Color::Black };
    assert_eq!(b.outcome(), Some(mate));
    assert!(b.is_game_over());
    assert!(b.actions().is_empty());
    assert!(!b.can_cast(Skill::Freeze));
    rejects(&mut b, "fz e2", SkillError::GameOver(mate));
    rejects(&mut b, "tp e1e2", SkillError::GameOver(mate));
    rejects(&mut b, "e2e3", SkillError::GameOver(mate));
    rejects(&mut b, "tp e2", SkillError::GameOver(mate));
}

#[test]
fn a_frozen_king_can_be_mated_by_a_lone_bishop() {
    // King and bishop against king: a dead draw in chess, but not with Freeze.
    let mut b = at("7k/8/8/8/8/8/8/K1B5 w - - 0 1");
    assert_eq!(b.outcome(), None);
    b.push_action("fz h8").unwrap();
    let mut stalemate = b.clone();
    b.push_action("c1b2").unwrap(); // check along the long diagonal
    assert_eq!(b.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    stalemate.push_action("c1d2").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Bare kings are a draw.
    let b = at("7k/8/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(b.outcome(), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
    assert!(b.actions().is_empty());
}

#[test]
fn each_side_has_its_own_cooldowns() {
    let mut b = SkillBoard::new(SkillConfig { clock: ClockMode::Manual, ..SkillConfig::classic() }).unwrap();
    b.push_action("tp b1d4").unwrap();
    b.push_action("fz d4").unwrap();
    // White's teleport and Black's freeze are spent; Black's teleport is not.
    assert!(b.can_cast(Skill::Teleport));
    assert!(!b.can_cast(Skill::Freeze));
    b.push_action("tp b8d5").unwrap();
    assert!(!b.can_cast(Skill::Teleport));
    assert!(b.can_cast(Skill::Freeze));
    assert_eq!(
        gambit_skills::cooldowns_json(&b.cooldowns()),
        r#"{"white": {"teleport": 6, "freeze": 0}, "black": {"teleport": 6, "freeze": 9}}"#
    );
}

#[test]
fn actions_round_trip_through_text_and_are_all_playable() {
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    for mv in ["e2e4", "d7d5"] {
        b.push_action(mv).unwrap();
    }
    let actions = b.actions();
    let moves = actions.iter().filter(|a| matches!(a, Action::Move(_))).count();
    let freezes = actions.iter().filter(|a| matches!(a, Action::Freeze(_))).count();
    assert_eq!(moves, b.position().legal_moves().len());
    assert_eq!(freezes, 64);
    for a in &actions {
        let text = a.to_string();
        assert_eq!(b.parse_action(&text).unwrap(), *a, "{text}");
        let mut c = b.clone();
        c.play_action(*a).unwrap();
        assert_eq!(c.turn() != b.turn(), a.ends_turn(), "{text}");
    }
    // Every teleport of the list is valid and no other one is.
    for from in Square::all() {
        for to in Square::all() {
            let listed = actions.contains(&Action::Teleport { from, to });
            assert_eq!(listed, b.check_teleport(from, to).is_ok(), "tp {from}{to}");
        }
    }
    assert_eq!(Action::Teleport { from: sq("e4"), to: sq("e7") }.to_string(), "tp e4e7");
    assert_eq!(Action::Freeze(sq("e7")).to_string(), "fz e7");
}

#[test]
fn rendering_marks_frozen_squares_and_rotates() {
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    b.push_action("fz e2").unwrap();
    b.push_action("fz e5").unwrap_err();
    let text = render_ascii(&b, false, &b.frozen_squares());
    let expected = "\
8 r n b q k b n r
7 p p p p p p p p
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 P P P P [P] P P P
1 R N B Q K B N R
  a b c d e f g h
";
    assert_eq!(text, expected);
    let rotated = render_ascii(&b, true, &[sq("e2"), sq("d4")]);
    assert_eq!(rotated.lines().nth(1).unwrap(), "2 P P P [P] P P P P");
    assert_eq!(rotated.lines().nth(3).unwrap(), "4 . . . . [.] . . .");
    assert_eq!(rotated.lines().last().unwrap(), "  h g f e d c b a");

    let grid: Vec<Vec<u8>> = (0..3).map(|r| (0..4).map(|c| r * 4 + c).collect()).collect();
    let once = rotate_view_180(&grid).unwrap();
    assert_eq!(once[0], vec![11, 10, 9, 8]);
    assert_eq!(rotate_view_180(&once).unwrap(), grid);
    assert_eq!(rotate_view_180::<u8, Vec<u8>>(&[]), Err(gambit_skills::GridError::Empty));
    assert_eq!(rotate_view_180(&[Vec::<u8>::new()]), Err(gambit_skills::GridError::Empty));
    assert_eq!(
        rotate_view_180(&[vec![1, 2], vec![3]]),
        Err(gambit_skills::GridError::Ragged { row: 1, len: 1, expected: 2 })
    );
}

#[test]
fn play_action_says_what_happened() {
    let mut b = at("r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1");
    // A teleport along a legal move is that move (castling here); check_action predicts it exactly.
    let castle = Action::Teleport { from: sq("e1"), to: sq("g1") };
    let predicted = b.check_action(castle).unwrap();
    let played = b.play_action(castle).unwrap();
    assert_eq!(predicted, played);
    let m = played.board_move().expect("castling is a rules move");
    assert_eq!((m.from, m.to, m.is_castle()), (sq("e1"), sq("g1"), true));
    assert!(!played.is_relocation());
    assert_eq!(played.squares(), Some((sq("e1"), sq("g1"))));
    assert_eq!(played.action(), castle);
    // A relocation names what it captured and has no rules move.
    let grab = Action::Teleport { from: sq("a8"), to: sq("a2") };
    let predicted = b.check_action(grab).unwrap();
    assert_eq!(
        predicted,
        gambit_skills::Played::Teleport {
            from: sq("a8"),
            to: sq("a2"),
            how: Teleported::Relocated { captured: Some(Piece::new(Color::White, Role::Pawn)) },
        }
    );
    let before = b.clone();
    assert_eq!(b.play_action(grab).unwrap(), predicted);
    assert!(predicted.is_relocation() && predicted.board_move().is_none());
    b.undo();
    assert_eq!(b, before);
    // Moves and freezes.
    let mv = Action::Move(b.position().parse_uci("a7a6").unwrap());
    assert_eq!(b.play_action(mv).unwrap().board_move(), Some(b.position().moves_played().last().unwrap()));
    let fz = Action::Freeze(sq("e8"));
    assert_eq!(b.play_action(fz).unwrap(), gambit_skills::Played::Freeze(sq("e8")));
    // check_action rejects exactly what play_action rejects, changing nothing.
    let again = Action::Freeze(sq("e7"));
    let before = b.clone();
    assert_eq!(b.check_action(again), b.clone().play_action(again));
    assert_eq!(b, before);
}

#[test]
fn claimable_draws_finish_the_game_for_every_front_end() {
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    assert_eq!(b.finished(), None);
    for _ in 0..2 {
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            b.push_action(mv).unwrap();
        }
    }
    // The start position for the third time: claimable, not automatic.
    assert_eq!(b.outcome(), None);
    assert_eq!(b.finished(), Some(Outcome::Draw(DrawReason::ThreefoldRepetition)));
    assert!(b.is_finished());
    // The fifty-move rule likewise.
    let b = at("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!((b.outcome(), b.finished()), (None, Some(Outcome::Draw(DrawReason::FiftyMoveRule))));
    // Mate stays mate.
    let b = at("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(b.finished(), b.outcome());
}

#[test]
fn skill_ranges_and_defaults_are_the_configs() {
    use gambit_skills::{COOLDOWN_RANGE, DEFAULT_COOLDOWNS, FREEZE_DURATION_RANGE, step_within};
    let c = SkillConfig::default();
    assert_eq!(c.cooldown_ticks, DEFAULT_COOLDOWNS);
    assert!(COOLDOWN_RANGE.contains(&c.cooldown_ticks.teleport));
    assert!(COOLDOWN_RANGE.contains(&c.cooldown_ticks[Skill::Freeze]));
    assert!(FREEZE_DURATION_RANGE.contains(&c.freeze_duration));
    assert_eq!(step_within(30, 5, &COOLDOWN_RANGE), 30);
    assert_eq!(step_within(0, -5, &FREEZE_DURATION_RANGE), 1);
    // serde goes through the same reader as from_json: defaults fill in, unknown fields are refused.
    let c: SkillConfig = serde_json::from_str(r#"{"cooldown_ticks": {"teleport": 4}}"#).unwrap();
    assert_eq!((c.cooldown_ticks.teleport, c.cooldown_ticks.freeze), (4, 9));
    assert!(serde_json::from_str::<SkillConfig>(r#"{"cooldown": 4}"#).is_err());
}

#[test]
fn threats_include_pawn_guards_and_skip_pushes() {
    let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
    // Classic rules: a ready Teleport reaches every square, so Black's is put on cooldown first.
    assert!(b.threatened_squares(Color::Black).contains(&sq("e4")), "a ready unlimited Teleport");
    b.set_cooldown(Color::Black, Skill::Teleport, 5);
    let t = b.threatened_squares(Color::Black);
    // Knights reach a6, c6, f6, h6; the pawns guard every square of rank 6; pushes are not threats.
    assert!(t.contains(&sq("c6")) && t.contains(&sq("f6")) && t.contains(&sq("e6")));
    assert!(!t.contains(&sq("e5")));
    // Issue 17: a pawn on a7 guards b6, a pawn on e4 guards d3 and f3, empty or not.
    let pos = Position::from_fen("4k3/p7/8/8/4p3/8/8/4K3 b - - 0 1").unwrap();
    let t = gambit_skills::threatened_squares(&pos, Color::Black);
    for s in ["b6", "d3", "f3"] {
        assert!(t.contains(&sq(s)), "{s} is pawn-guarded");
    }
    for s in ["a6", "a5", "e3", "b5"] {
        assert!(!t.contains(&sq(s)), "{s} is not attacked");
    }
}

#[test]
fn threats_add_a_ready_teleports_reach_and_drop_frozen_attackers() {
    // Default rules: teleport range 2. Black's knight on a8 reaches b6 and c7 by moves; by teleport
    // every square within two king steps (the king on h8 reaches only files f to h).
    let fen = "n6k/8/8/8/8/8/8/4K3 w - - 0 1";
    let config = SkillConfig::default();
    let board = SkillBoard::from_position(Position::from_fen(fen).unwrap(), config.clone());
    let t = board.threatened_squares(Color::Black);
    assert!(t.contains(&sq("c6")), "two king steps from a8: teleport reach");
    assert!(!t.contains(&sq("d6")), "three king steps: out of range");
    // With Black's Teleport cooling down (more than the one tick before Black's turn), only moves.
    let mut cooling = SkillBoard::from_position(Position::from_fen(fen).unwrap(), config);
    cooling.set_cooldown(Color::Black, Skill::Teleport, 3);
    let t = cooling.threatened_squares(Color::Black);
    assert!(!t.contains(&sq("c6")) && t.contains(&sq("b6")) && t.contains(&sq("c7")));
    // A frozen knight threatens nothing while its freeze outlasts the tick before Black's turn.
    cooling.set_frozen_ticks(sq("a8"), 3);
    let t = cooling.threatened_squares(Color::Black);
    assert!(!t.contains(&sq("b6")) && !t.contains(&sq("c7")) && t.contains(&sq("g7")));
    cooling.set_frozen_ticks(sq("a8"), 1);
    assert!(cooling.threatened_squares(Color::Black).contains(&sq("b6")), "thawed by Black's turn");
}
