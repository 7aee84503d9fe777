//! The bot on skill chess: teleports, freezes, legality and determinism.

use gambit_rules::{Color, Position};
use gambit_search::score::MATE_BOUND;
use gambit_search::{BotOptions, Game, Limits, NoHandler, Params, Searcher, choose};
use gambit_skills::{Action, Skill, SkillBoard, SkillConfig};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A board at `fen` under the prototype's (classic) skill rules: skills ready, a teleport takes anything.
fn board(fen: &str) -> SkillBoard {
    SkillBoard::from_position(Position::from_fen(fen).unwrap(), SkillConfig::classic())
}

#[test]
fn under_the_default_rules_a_teleport_reaches_two_king_steps() {
    // The position of `teleport_wins_a_queen_at_once` under the default rules: the queen on e6 is
    // beyond every white piece's teleport range, so the bot does not teleport onto it.
    let fen = "6k1/5ppp/4q3/8/8/8/5PPP/1N4K1 w - - 0 1";
    let mut b = SkillBoard::from_position(Position::from_fen(fen).unwrap(), SkillConfig::default());
    let c = choose(&mut b, 2, 0, &BotOptions { max_nodes: 200_000, ..BotOptions::default() });
    let action = c.action.unwrap();
    assert!(b.check_action(action).is_ok(), "{c:?}");
    assert!(!matches!(action, Action::Teleport { to, .. } if to.to_string() == "e6"), "{c:?}");
    // Two king steps from the f2 pawn, the queen falls to it.
    let fen = "6k1/5ppp/8/8/3q4/8/5PPP/1N4K1 w - - 0 1";
    let mut b = SkillBoard::from_position(Position::from_fen(fen).unwrap(), SkillConfig::default());
    let c = choose(&mut b, 2, 0, &BotOptions { max_nodes: 200_000, ..BotOptions::default() });
    assert_eq!(c.action.map(|a| a.to_string()), Some("tp f2d4".to_string()), "{c:?}");
}

#[test]
fn teleport_wins_a_queen_at_once() {
    // No ordinary move reaches the queen on e6; a teleport of the knight captures it.
    let mut b = board("6k1/5ppp/4q3/8/8/8/5PPP/1N4K1 w - - 0 1");
    let c = choose(&mut b, 2, 0, &BotOptions { max_nodes: 200_000, ..BotOptions::default() });
    assert!(matches!(c.action, Some(Action::Teleport { to, .. }) if to.to_string() == "e6"), "{c:?}");
    // The cheapest piece that can make it takes the queen (the f2 pawn), and the capture gains well
    // over 600 cp by the material evaluation (the skill evaluation already counts the threat).
    assert_eq!(c.action.map(|a| a.to_string()), Some("tp f2e6".to_string()), "{c:?}");
    let material = gambit_search::eval::evaluate(b.position());
    assert!(c.score > material + 600, "{c:?} vs {material}");
    // Within the default 420-node budget too.
    let c = choose(&mut b, 2, 0, &BotOptions::default());
    assert!(matches!(c.action, Some(Action::Teleport { to, .. }) if to.to_string() == "e6"), "{c:?}");
}

#[test]
fn freeze_stops_a_mate() {
    // Black threatens Ra1#; every White move allows it. Freezing the rook (a free action) stops it.
    let mut b = board("r7/8/8/8/8/6k1/2P5/7K w - - 0 1");
    b.set_cooldown(Color::White, Skill::Teleport, 5);
    let c = choose(&mut b, 2, 0, &BotOptions { max_nodes: 200_000, beam_width: 0, ..BotOptions::default() });
    assert_eq!(c.action.map(|a| a.to_string()), Some("fz a8".to_string()), "{c:?}");
    assert!(c.score > -MATE_BOUND, "{c:?}");
    // The freeze kept White to move, so the principal variation continues with a White move.
    assert!(c.pv.len() >= 2, "{c:?}");
    assert!(
        matches!(c.pv[1], Action::Move(m) if m.role == gambit_rules::Role::King || m.from.rank().index() < 2),
        "{c:?}"
    );
    // Without the freeze, the same search sees the mate.
    b.set_cooldown(Color::White, Skill::Freeze, 5);
    let c = choose(&mut b, 2, 0, &BotOptions { max_nodes: 200_000, beam_width: 0, ..BotOptions::default() });
    assert!(c.score <= -MATE_BOUND, "{c:?}");
}

#[test]
fn skill_searches_return_legal_actions_and_restore_the_board() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for i in 0..20u64 {
        // A random skill game: random actions from the start.
        let mut b = SkillBoard::new(SkillConfig::default()).unwrap();
        for _ in 0..rng.gen_range(0..30) {
            let actions = b.actions();
            if actions.is_empty() {
                break;
            }
            b.play_action(actions[rng.gen_range(0..actions.len())]).unwrap();
        }
        let before = b.clone();
        let legal = b.actions();
        let opts = BotOptions {
            max_nodes: rng.gen_range(0..2500),
            beam_width: rng.gen_range(0..12),
            consistency: rng.r#gen(),
            ..BotOptions::default()
        };
        let c = choose(&mut b, rng.gen_range(1..5), i, &opts);
        assert_eq!(b, before);
        assert!(c.nodes <= opts.max_nodes);
        match c.action {
            Some(a) => assert!(legal.contains(&a), "{a}"),
            None => assert!(legal.is_empty()),
        }
        let again = choose(&mut b, 3, i, &opts);
        assert_eq!((again.action, again.nodes), (choose(&mut b, 3, i, &opts).action, again.nodes));
        // The engine search (full width, no beam) on skill boards too.
        let r = Searcher::<SkillBoard>::new(Params::default(), 1).search(
            &mut b,
            &Limits { nodes: Some(3000), ..Limits::default() },
            &mut NoHandler,
        );
        assert!(r.best.is_none_or(|a| legal.contains(&a)));
        assert_eq!(b, before);
    }
}

#[test]
fn freeze_keeps_the_side_to_move_in_the_game_trait() {
    let mut b = SkillBoard::new(SkillConfig::default()).unwrap();
    let side = b.side();
    let fz = b.parse_action("fz e7").unwrap();
    Game::play(&mut b, fz);
    assert_eq!(b.side(), side);
    Game::undo(&mut b, fz);
    let mv = b.parse_action("e2e4").unwrap();
    Game::play(&mut b, mv);
    assert_ne!(b.side(), side);
}
