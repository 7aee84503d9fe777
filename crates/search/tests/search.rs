//! Search tests: mates, the minimax oracle, draw rules, budgets, determinism, consistency, legality.

mod common;

use common::random_position;
use gambit_rules::Position;
use gambit_search::score::{MATE, mate_in_moves};
use gambit_search::{
    BotOptions, Engine, Game, Limits, MinimaxEngine, NoHandler, Params, RandomEngine, SearchEngine, Searcher,
    Terminal, choose, minimax,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn search(fen: &str, depth: u32) -> gambit_search::SearchResult<gambit_rules::Move> {
    let mut pos = Position::from_fen(fen).unwrap();
    let mut s = Searcher::<Position>::new(Params::default(), 8);
    s.search(&mut pos, &Limits { depth: Some(depth), ..Limits::default() }, &mut NoHandler)
}

#[test]
fn finds_mates_in_one_two_and_three() {
    let cases = [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", 1),
        ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1),
        ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3),
        ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3),
    ];
    for (fen, best, mate) in cases {
        let r = search(fen, 8);
        assert_eq!(r.best.unwrap().to_uci(), best, "{fen}");
        assert_eq!(mate_in_moves(r.score), Some(mate), "{fen}");
        assert_eq!(r.pv.len() as i32, 2 * mate - 1, "{fen}: pv {:?}", r.pv);
    }
}

/// A proven mate ends the deepening at once; `Params::min_depth` keeps iterating up to it, with the
/// same mate and first move.
#[test]
fn min_depth_iterates_past_a_proven_mate() {
    let run = |params: Params| {
        let mut pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let mut s = Searcher::<Position>::new(params, 8);
        s.search(&mut pos, &Limits { depth: Some(6), ..Limits::default() }, &mut NoHandler)
    };
    let early = run(Params::default());
    assert!(early.completed_depth < 4, "{}", early.completed_depth);
    let full = run(Params { min_depth: 4, ..Params::default() });
    assert_eq!(full.completed_depth, 4);
    assert_eq!((full.best, full.score), (early.best, early.score));
}

/// The techniques added last (TT-refined evaluation, razoring, the null-move evaluation term, singular
/// extensions, static exchange pruning of quiet actions), each alone and all together, keep the mates
/// exact; singular extensions from depth 4 so that the mate searches reach them. Each changes the tree of a middlegame search (it is exercised).
#[test]
fn the_later_techniques_keep_mates_exact_and_change_the_tree() {
    let none = Params {
        tt_eval: false,
        razor_max_depth: 0,
        null_eval_divisor: 0,
        singular_min_depth: 0,
        see_quiet_max_depth: 0,
        ..Params::default()
    };
    let variants = [
        Params { tt_eval: true, ..none },
        Params { razor_max_depth: 2, ..none },
        Params { null_eval_divisor: 200, ..none },
        Params { singular_min_depth: 4, ..none },
        Params { see_quiet_max_depth: 8, ..none },
        Params {
            tt_eval: true,
            razor_max_depth: 2,
            null_eval_divisor: 200,
            singular_min_depth: 4,
            see_quiet_max_depth: 8,
            ..none
        },
    ];
    let cases = [
        ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3),
        ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3),
    ];
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let run = |params: Params, fen: &str, depth: u32| {
        let mut pos = Position::from_fen(fen).unwrap();
        Searcher::<Position>::new(params, 8).search(
            &mut pos,
            &Limits { depth: Some(depth), ..Limits::default() },
            &mut NoHandler,
        )
    };
    let base_nodes = run(none, kiwipete, 9).nodes;
    for params in variants {
        for (fen, best, mate) in cases {
            let r = run(params, fen, 8);
            assert_eq!(r.best.unwrap().to_uci(), best, "{fen} {params:?}");
            assert_eq!(mate_in_moves(r.score), Some(mate), "{fen} {params:?}");
        }
        assert_ne!(run(params, kiwipete, 9).nodes, base_nodes, "{params:?} left the tree as it was");
    }
}

#[test]
fn mated_and_stalemated_roots() {
    // Checkmated: no action, a lost terminal score.
    let r = search("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!((r.best, r.score, r.completed_depth), (None, -MATE, 0));
    // Stalemate: a draw.
    let r = search("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!((r.best, r.score), (None, 0));
    // Avoid stalemating when winning: with queen and king against king, the best score is not a draw.
    let r = search("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", 4);
    assert!(r.score > 500, "{r:?}");
}

#[test]
fn alpha_beta_agrees_with_minimax_on_random_positions() {
    for seed in 0..24u64 {
        let mut pos = random_position(seed, 6 + (seed as usize * 7) % 40);
        if pos.legal_moves().is_empty() {
            continue;
        }
        for depth in 1..=3 {
            let (expected, _) = minimax(&mut pos, depth);
            let mut s = Searcher::<Position>::new(Params::plain(), 1);
            let r = s.search(&mut pos, &Limits { depth: Some(depth), ..Limits::default() }, &mut NoHandler);
            assert_eq!(r.score, expected, "seed {seed} depth {depth} {}", pos.to_fen());
            // The reported best move is legal.
            let m = r.best.unwrap();
            assert!(pos.legal_moves().contains(&m));
        }
    }
}

#[test]
fn fifty_move_rule_and_repetition_are_draws_in_the_tree() {
    // A rook up, but every move reaches the 100th quiet ply: a draw.
    assert_eq!(search("8/8/8/4k3/8/8/8/R3K3 w - - 99 80", 3).score, 0);
    assert!(search("8/8/8/4k3/8/8/8/R3K3 w - - 0 80", 3).score > 300);
    // After Nf3 Nf6 Ng1 Ng8 the start position repeats: a draw by the tree's rule.
    let mut pos = Position::startpos();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let mv = pos.parse_uci(m).unwrap();
        pos.play(mv).unwrap();
    }
    assert_eq!(pos.terminal(), Some(Terminal::Draw));
}

#[test]
fn node_budget_is_never_exceeded_and_depth_zero_falls_back() {
    let mut pos = random_position(3, 20);
    for budget in [0u64, 1, 2, 7, 20, 60, 420, 2400] {
        let opts = BotOptions { max_nodes: budget, ..BotOptions::default() };
        let c = choose(&mut pos, 6, 1, &opts);
        assert!(c.nodes <= budget, "budget {budget}: {}", c.nodes);
        assert!(pos.legal_moves().contains(&c.action.unwrap()));
        if budget < 10 {
            // Depth 1 needs one simulation per retained root action: not enough budget.
            assert_eq!(c.completed_depth, 0, "budget {budget}");
            assert_eq!(c.action, Some(c.ranked[0].action));
            assert!(c.ranked.iter().all(|r| r.score.is_none()));
        }
    }
    // The ranked fallback is the ordering's first choice: a free queen capture.
    let mut pos = Position::from_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap();
    let c = choose(&mut pos, 3, 0, &BotOptions { max_nodes: 0, ..BotOptions::default() });
    assert_eq!(c.action.unwrap().to_uci(), "e4d5");
    // With a budget it searches deeper, never beyond the requested depth.
    let c = choose(&mut pos, 3, 0, &BotOptions { max_nodes: 100_000, ..BotOptions::default() });
    assert_eq!(c.completed_depth, 3);
    assert_eq!(c.action.unwrap().to_uci(), "e4d5");
}

#[test]
fn depth_is_clamped() {
    let mut pos = Position::startpos();
    let big = BotOptions { max_nodes: 5_000_000, ..BotOptions::default() };
    assert_eq!(choose(&mut pos, 0, 0, &BotOptions { max_nodes: 10_000, ..big }).completed_depth, 1);
    let c = choose(&mut Position::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap(), 40, 0, &big);
    assert!(c.completed_depth <= 12);
}

#[test]
fn same_seed_same_choice_and_node_count() {
    for seed in 0..12u64 {
        let mut pos = random_position(100 + seed, 10 + seed as usize);
        if pos.legal_moves().is_empty() {
            continue;
        }
        for (depth, nodes) in [(2, 420), (3, 2400), (4, 6000)] {
            let opts = BotOptions { max_nodes: nodes, consistency: 0.5, ..BotOptions::default() };
            let a = choose(&mut pos, depth, seed, &opts);
            let b = choose(&mut pos, depth, seed, &opts);
            assert_eq!(a, b, "seed {seed}");
        }
        // Fixed depth without a node limit is deterministic for the engine too.
        let limits = Limits { depth: Some(4), ..Limits::default() };
        let r1 = Searcher::<Position>::new(Params::default(), 2).search(&mut pos, &limits, &mut NoHandler);
        let r2 = Searcher::<Position>::new(Params::default(), 2).search(&mut pos, &limits, &mut NoHandler);
        assert_eq!((r1.best, r1.nodes, r1.score), (r2.best, r2.nodes, r2.score));
    }
}

#[test]
fn consistency_statistics_over_many_seeds() {
    let mut pos =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    let count = |pos: &mut Position, consistency: f64| {
        let mut ranks = [0usize; 3];
        let opts = BotOptions { consistency, ..BotOptions::default() };
        for seed in 0..600 {
            let c = choose(pos, 2, seed, &opts);
            assert_eq!(Some(c.ranked[c.rank].action), c.action);
            ranks[c.rank] += 1;
        }
        ranks
    };
    assert_eq!(count(&mut pos, 1.0), [600, 0, 0]);
    // Consistency 0: uniform among the top three (each 200 expected; 5 standard deviations is 58).
    let r = count(&mut pos, 0.0);
    assert!(r.iter().all(|&n| (142..=258).contains(&n)), "{r:?}");
    // Consistency 0.5: top with probability 0.5 + 0.5/3 = 2/3 (400 expected, sd 11.5).
    let r = count(&mut pos, 0.5);
    assert!((340..=460).contains(&r[0]), "{r:?}");
    assert!(r[1] > 0 && r[2] > 0);
}

#[test]
fn bot_ranks_top_three_exactly() {
    let mut pos =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    // A consistency below 1 picks among the top three: their scores are exact.
    let c =
        choose(&mut pos, 3, 0, &BotOptions { max_nodes: 100_000, consistency: 0.9, ..BotOptions::default() });
    assert_eq!(c.completed_depth, 3);
    assert_eq!(c.ranked.len(), 10);
    assert!(c.ranked[..3].iter().all(|r| r.exact && r.score.is_some()));
    let scores: Vec<i32> = c.ranked.iter().map(|r| r.score.unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // Consistency 1 always takes the top: only its score needs to be exact, and it is the same action.
    let top = choose(&mut pos, 3, 0, &BotOptions { max_nodes: 100_000, ..BotOptions::default() });
    assert!(top.ranked[0].exact);
    assert_eq!(top.ranked[0].score, Some(top.score));
}

#[test]
fn no_search_returns_an_illegal_action() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for i in 0..60u64 {
        let mut pos = random_position(1000 + i, rng.gen_range(0..80));
        let legal = pos.legal_moves();
        let opts = BotOptions {
            max_nodes: rng.gen_range(0..3000),
            beam_width: rng.gen_range(0..12),
            consistency: rng.r#gen(),
            ..BotOptions::default()
        };
        let fen = pos.to_fen();
        let c = choose(&mut pos, rng.gen_range(0..8), i, &opts);
        assert_eq!(pos.to_fen(), fen, "the game is restored");
        match c.action {
            Some(a) => assert!(legal.contains(&a), "{fen}: {a:?}"),
            None => assert!(legal.is_empty()),
        }
        let limits = Limits { nodes: Some(rng.gen_range(0..5000)), ..Limits::default() };
        let r = Searcher::<Position>::new(Params::default(), 1).search(&mut pos, &limits, &mut NoHandler);
        assert!(r.best.is_none_or(|a| legal.contains(&a)));
        assert!(r.pv.iter().take(1).all(|a| legal.contains(a)));
    }
}

#[test]
fn engines_behind_the_trait() {
    let mut pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let mut engines: Vec<Box<dyn Engine<Position>>> = vec![
        Box::new(RandomEngine::new(5)),
        Box::new(MinimaxEngine { depth: 2 }),
        Box::new(SearchEngine::new(Limits { depth: Some(4), ..Limits::default() }, 1)),
    ];
    for e in &mut engines {
        let m = e.best_move(&mut pos).unwrap();
        assert!(pos.legal_moves().contains(&m), "{}", e.name());
        if e.name() != "random" {
            assert_eq!(m.to_uci(), "a1a8", "{}", e.name());
        }
    }
    let mut mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(engines.iter_mut().all(|e| e.best_move(&mut mated).is_none()));
}

#[test]
fn wins_material_tactics() {
    // A knight fork wins the queen: Nc7+.
    let r = search("r3k3/8/8/1N1q4/8/8/8/4K3 w - - 0 1", 5);
    assert_eq!(r.best.unwrap().to_uci(), "b5c7");
}

/// `Params::full_width_turns`: the beam spares the root and the first reply. With a beam of one, a
/// 2-ply search keeps every root action and scores the root exactly as a full-width search does (the
/// quiescence below has no beam); with the turns at 0 the root is cut to one action.
#[test]
fn full_width_turns_spare_the_root_and_the_first_reply_from_the_beam() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    for fen in fens {
        let run = |beam: usize, turns: u32| {
            let mut pos = Position::from_fen(fen).unwrap();
            let params = Params { beam_width: beam, full_width_turns: turns, ..Params::plain() };
            let mut s = Searcher::<Position>::new(params, 8);
            s.search(&mut pos, &Limits { depth: Some(2), ..Limits::default() }, &mut NoHandler)
        };
        let moves = Position::from_fen(fen).unwrap().legal_moves().len();
        let (full, spared, cut) = (run(0, 0), run(1, 2), run(1, 0));
        assert_eq!(spared.ranked.len(), moves, "{fen}");
        assert_eq!(cut.ranked.len(), 1, "{fen}");
        assert_eq!(spared.score, full.score, "{fen}");
        // One turn spared: the root whole, each reply cut to its first move.
        let one = run(1, 1);
        assert_eq!(one.ranked.len(), moves, "{fen}");
        assert!(one.score >= full.score, "{fen}: a reply cut to one can only flatter the root");
    }
}
