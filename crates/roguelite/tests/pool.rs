//! The encounter pool: a test per template (its base and its seeded variations are valid for the
//! starting army, and the solver proves at least three of six variations winnable against the run's
//! enemy, each proof replaying to a victory), the formation generator (shapes, points, targets,
//! determinism) and the board choice drawing from the whole pool of a stage.

use std::collections::BTreeSet;

use gambit_roguelite::Modifier;
use gambit_roguelite::bot::{EnemyTuning, Evaluation, StageTuning};
use gambit_roguelite::encounter::{
    EncounterTemplate, Formation, MODIFIER_POINTS, ShapeKind, default_deployment, formation_cost, generate,
    template, templates,
};
use gambit_roguelite::run::enemy_policy;
use gambit_roguelite::solve::{SolveOptions, replay_line, solve};
use gambit_roguelite::tuning::Tuning;
use gambit_roguelite::{Battle, BattleStatus, Decision, Run, RunConfig, RunPhase};
use gambit_rules::{Role, Square};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Seeds tried per template; at least [`PROVED`] of them must be proved (the solver proves most
/// templates for every seed, `docs/balance.md`).
const SEEDS_TRIED: u64 = 6;
const PROVED: usize = 3;

fn army() -> Vec<gambit_roguelite::run::OwnedPiece> {
    Run::new(RunConfig::new(1)).roster().to_vec()
}

/// The checks of one template (see the file's doc).
fn check_template(name: &str) {
    let t = template(name).unwrap();
    let army = army();
    t.base().validate(&army).unwrap_or_else(|e| panic!("{name}: the base is invalid: {e}"));
    let tuning = Tuning::default();
    let enemy = StageTuning::from(tuning.stages[t.stage as usize - 1]);
    let mut proved = Vec::new();
    let mut report = Vec::new();
    let mut layouts = BTreeSet::new();
    for seed in 1..=SEEDS_TRIED {
        let g = generate(&t, &mut ChaCha8Rng::seed_from_u64(seed), &army);
        assert!(!g.encounter.fallback, "{name} seed {seed}: the fallback formation was used");
        layouts.insert(format!("{:?}{:?}", g.encounter.board, g.encounter.enemy));
        if proved.len() >= PROVED {
            continue;
        }
        let e = g.encounter;
        let deployment = default_deployment(&e.board, &army).unwrap();
        let mut setup = e.setup(&army, &deployment, Default::default());
        setup.move_budget = 40;
        let battle = Battle::new(&setup).unwrap();
        let policy = enemy_policy(seed, 1, enemy, Evaluation::default());
        let s = solve(&battle, &policy, SolveOptions { max_nodes: 3_000, max_moves: 40 });
        let Some(line) = s.line.clone() else {
            report.push(format!("seed {seed}: not proved ({} nodes)", s.nodes));
            continue;
        };
        let end = replay_line(&battle, &line, &policy);
        assert!(matches!(end.status(), BattleStatus::Victory { .. }), "{name} seed {seed}: the line loses");
        assert_eq!(end.moves_used(), s.moves, "{name} seed {seed}");
        assert!(s.moves >= 2, "{name} seed {seed}: won in {} move", s.moves);
        report.push(format!("seed {seed}: {} moves, {} nodes", s.moves, s.nodes));
        proved.push(seed);
    }
    println!("{name}: {}", report.join("; "));
    assert!(proved.len() >= PROVED, "{name}: {} of {SEEDS_TRIED} seeds proved: {report:?}", proved.len());
    if t.formation.is_some() {
        assert!(layouts.len() >= 3, "{name}: the generator laid out only {} formations", layouts.len());
    }
}

macro_rules! template_tests {
    ($($name:ident),* $(,)?) => {
        $(#[test] fn $name() { check_template(stringify!($name)); })*
        const TESTED: &[&str] = &[$(stringify!($name)),*];
    };
}

template_tests!(
    pawn_wall,
    outpost,
    garden,
    moat,
    ring_skirmish,
    river_crossing,
    corner_hold,
    patrol,
    bastion,
    plague_pit,
    rally_camp,
    ford,
    thorn_ring,
    redoubt,
    sentry_line,
    river_raid,
    frost_keep,
    citadel,
    war_host,
    ring_fortress,
    broken_bridges,
    l_keep,
    warded_court,
    grand_melee,
);

#[test]
fn every_template_has_its_test_and_every_stage_eight_templates() {
    let names: BTreeSet<String> = templates().into_iter().map(|t| t.name).collect();
    let tested: BTreeSet<String> = TESTED.iter().map(|s| s.to_string()).collect();
    assert_eq!(names, tested);
    for stage in 1..=3 {
        let n = templates().iter().filter(|t| t.stage == stage).count();
        assert!(n >= 8, "stage {stage} has {n} templates");
    }
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn holes_on_rank(board: &gambit_roguelite::battle::BoardShape, rank: u8) -> usize {
    board.holes.iter().filter(|s| s.rank().index() == rank).count()
}

#[test]
fn every_shape_keeps_the_deployment_rows_whole_at_every_size() {
    for shape in ShapeKind::ALL {
        for w in 6..=8 {
            for h in 6..=8 {
                let b = shape.board(w, h, &mut rng(u64::from(w * h)));
                let expected =
                    if shape == ShapeKind::CutCorners { 2 * usize::from(w) - 2 } else { 2 * usize::from(w) };
                assert_eq!(b.deployment_squares().len(), expected, "{shape:?} {w}x{h}");
                assert!(b.dimensions_ok());
                assert!(b.playable().iter().any(|s| s.rank().index() == h - 1), "{shape:?} {w}x{h}");
            }
        }
    }
}

#[test]
fn ring_l_and_river_wall_what_they_say() {
    let ring = ShapeKind::Ring.board(8, 8, &mut rng(1));
    // A 4x4 block from c3 to f6; a track two squares wide around it.
    assert_eq!(ring.holes.len(), 16);
    for sq in ["c3", "f3", "c6", "f6", "d4"] {
        assert!(!ring.is_playable(sq.parse::<Square>().unwrap()), "{sq}");
    }
    for sq in ["b3", "g6", "c7", "c2"] {
        assert!(ring.is_playable(sq.parse::<Square>().unwrap()), "{sq}");
    }
    let l = ShapeKind::LShape.board(8, 8, &mut rng(1));
    // Files f-h walled from the fourth rank up.
    assert_eq!(l.holes.len(), 3 * 5);
    assert!(!l.is_playable("h8".parse().unwrap()) && !l.is_playable("f4".parse().unwrap()));
    assert!(l.is_playable("e8".parse().unwrap()) && l.is_playable("h3".parse().unwrap()));
    let mut bridges = BTreeSet::new();
    for seed in 0..40 {
        let river = ShapeKind::River.board(8, 7, &mut rng(seed));
        // The fourth rank (index 3) walled but for two bridges, one in each half.
        assert_eq!(river.holes.len(), 6);
        assert_eq!(holes_on_rank(&river, 3), 6);
        let open: Vec<u8> = (0..8).filter(|&f| !river.holes.iter().any(|s| s.file().index() == f)).collect();
        assert_eq!(open.len(), 2);
        assert!(open[0] < 4 && open[1] >= 4, "{open:?}");
        bridges.insert(open);
    }
    assert!(bridges.len() > 4, "the bridges hardly move: {bridges:?}");
}

fn spent(enemy: &[gambit_roguelite::encounter::EnemyPiece]) -> u32 {
    enemy
        .iter()
        .map(|e| formation_cost(e.role) + if e.modifier.is_some() { MODIFIER_POINTS } else { 0 })
        .sum()
}

#[test]
fn a_formation_spends_its_points_and_no_more() {
    let f = Formation {
        points: 12,
        shapes: vec![ShapeKind::Plain, ShapeKind::Ring, ShapeKind::River, ShapeKind::LShape],
        roles: vec![Role::Pawn, Role::Knight, Role::Rook],
        modifiers: vec![Modifier::Armored, Modifier::Spiked],
        modified: 2,
        targets: 2,
    };
    for seed in 0..50 {
        let (board, enemy) = f.lay_out(8, 8, &mut rng(seed));
        assert_eq!(enemy.iter().filter(|e| e.role == Role::King).count(), 1, "seed {seed}");
        assert_eq!(enemy[0].role, Role::King);
        assert_eq!(enemy[0].square.rank().index(), 7);
        let s = spent(&enemy);
        // Every point is spent while a pawn still fits (the cheapest role costs 1).
        assert!((11..=12).contains(&s), "seed {seed}: spent {s}");
        assert!(enemy.iter().all(|e| [Role::King, Role::Pawn, Role::Knight, Role::Rook].contains(&e.role)));
        assert!(enemy.iter().filter(|e| e.modifier.is_some()).count() <= 2);
        assert!(enemy[0].modifier.is_none(), "the king gets no modifier");
        assert!(enemy.iter().filter(|e| e.role == Role::Rook).count() <= 2);
        let targets: Vec<_> = enemy.iter().filter(|e| e.target).collect();
        assert_eq!(targets.len(), 2);
        let top =
            enemy.iter().filter(|e| e.role != Role::King).map(|e| formation_cost(e.role)).max().unwrap();
        assert!(targets.iter().any(|e| formation_cost(e.role) == top));
        let mut squares = BTreeSet::new();
        for e in &enemy {
            assert!(board.is_playable(e.square) && e.square.rank().index() >= 5, "seed {seed}: {e:?}");
            assert!(squares.insert(e.square), "seed {seed}: two pieces on {}", e.square);
        }
        // The same seed lays out the same formation.
        assert_eq!(f.lay_out(8, 8, &mut rng(seed)), (board, enemy));
    }
}

#[test]
fn a_formation_template_lays_out_a_new_board_per_seed_and_the_base_from_seed_0() {
    let t: EncounterTemplate = templates().into_iter().find(|t| t.name == "grand_melee").unwrap();
    let f = t.formation.clone().unwrap();
    assert_eq!(t.base().board, f.lay_out(8, 8, &mut rng(0)).0);
    let shapes: BTreeSet<String> = (0..30)
        .map(|s| {
            let e = t.vary(&mut rng(s));
            format!("{}{}", e.board.holes.len(), e.board.cut_corners)
        })
        .collect();
    assert!(shapes.len() >= 4, "{shapes:?}");
}

#[test]
fn a_template_with_an_unknown_shape_or_a_bad_field_is_refused() {
    let bad = r#"{"name": "x", "stage": 1, "board": {"width": 7, "height": 7},
        "formation": {"points": 5, "shapes": ["hexagon"]}, "objective": "capture_king", "move_budget": 10}"#;
    assert!(serde_json::from_str::<EncounterTemplate>(bad).unwrap_err().to_string().contains("hexagon"));
    let bad = r#"{"name": "x", "stage": 1, "board": {"width": 7, "height": 7},
        "formation": {"points": 5, "colour": 1}, "objective": "capture_king", "move_budget": 10}"#;
    assert!(serde_json::from_str::<EncounterTemplate>(bad).unwrap_err().to_string().contains("colour"));
}

/// The board choice offers three different templates of the stage, and over seeds every template
/// of the stage's pool.
#[test]
fn the_board_choice_draws_three_offers_from_the_stage_pool() {
    let mut tuning = Tuning::default();
    tuning.proof.nodes = 0;
    let mut seen = BTreeSet::new();
    let mut firsts = BTreeSet::new();
    for seed in 1..=40 {
        let mut config = tuning.run_config(seed);
        config.scripted = Vec::new();
        // The board choice belongs to the three-battle run.
        config.acts = 0;
        let mut run = Run::new(config);
        let RunPhase::StartOffer { offers } = run.phase().clone() else { panic!() };
        run.apply(Decision::ChooseStart { modifier: offers[0], recipient: 0 }).unwrap();
        let RunPhase::Deploy { encounter } = run.phase().clone() else { panic!() };
        firsts.insert(encounter.name.clone());
        let options = run.board_options_for(2);
        let names: BTreeSet<&str> = options.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names.len(), 3, "seed {seed}: {names:?}");
        for e in &options {
            assert_eq!(e.stage, 2);
            assert!(!e.fallback, "seed {seed}: {}", e.name);
            seen.insert(e.name.clone());
        }
        // The same seed draws the same offers.
        assert_eq!(run.board_options_for(2), options);
    }
    let pool: BTreeSet<String> = templates().into_iter().filter(|t| t.stage == 2).map(|t| t.name).collect();
    assert_eq!(seen, pool);
    assert!(firsts.len() >= 6, "first boards: {firsts:?}");
}

/// With proofs on, every offered board carries its proof (a win against the enemy's top-ranked
/// reply over the whole action set, and none within two moves), and a template the solver could not
/// prove gives its place to another of the pool instead of the fallback formation. The shipped
/// tuning has no proofs yet (a proof against the shipped enemy costs up to seconds per board: issue
/// 41 proves ahead in the background), so this proves against a thinking enemy at its floors' depths
/// with small node budgets (the guard and the whole action set as shipped).
#[test]
fn every_offered_board_is_proved() {
    for seed in 1..=3 {
        let mut config = RunConfig::three_battles(seed);
        config.tuning = cheap_thinking_enemy();
        config.economy.proof.nodes = 60;
        let mut run = Run::new(config);
        let RunPhase::StartOffer { offers } = run.phase().clone() else { panic!() };
        run.apply(Decision::ChooseStart { modifier: offers[0], recipient: 0 }).unwrap();
        let RunPhase::Deploy { encounter } = run.phase().clone() else { panic!() };
        assert!(encounter.proof.is_some(), "seed {seed}: {} not proved", encounter.name);
        for stage in [2, 3] {
            for e in run.board_options_for(stage) {
                assert!(e.proof.is_some(), "seed {seed}: {} not proved", e.name);
                assert!(!e.fallback, "seed {seed}, stage {stage}: the fallback formation is offered");
            }
        }
    }
}

/// A thinking enemy at its floors' depths (2, 3 and 4 turns) with 3,000 nodes per decision.
fn cheap_thinking_enemy() -> EnemyTuning {
    let rung = |depth| gambit_roguelite::bot::Thinking { depth, nodes: 3_000, beam_width: 8, margin_cp: 30 };
    EnemyTuning::Thinking { thinking: vec![rung(2), rung(3), rung(4)] }
}

/// Two templates differ in board shape or formation, not only in name (issue 41 section 3): a fixed
/// template's layout is its board and its enemy's roles, squares and targets; a generated one's is its
/// board and its formation's points, shapes, roles and targets. Modifiers, budgets, objectives and
/// skills do not count.
#[test]
fn no_two_templates_share_a_layout() {
    let layout = |t: &EncounterTemplate| match &t.formation {
        Some(f) => format!("{:?} formation {} {:?} {:?} {}", t.board, f.points, f.shapes, f.roles, f.targets),
        None => {
            let mut enemy: Vec<String> =
                t.enemy.iter().map(|p| format!("{:?} {} {}", p.role, p.square, p.target)).collect();
            enemy.sort();
            format!("{:?} {enemy:?}", t.board)
        }
    };
    let mut seen = std::collections::BTreeMap::new();
    for t in templates() {
        if let Some(other) = seen.insert(layout(&t), t.name.clone()) {
            panic!("{} and {other} share a layout: {}", t.name, layout(&t));
        }
    }
    assert_eq!(seen.len(), templates().len());
}
