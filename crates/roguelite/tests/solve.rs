//! The solver proves every template winnable for three seeds: a winning line against the run's enemy,
//! which replays to a victory.

use gambit_roguelite::bot::{Evaluation, StageTuning};
use gambit_roguelite::encounter::{default_deployment, generate, templates};
use gambit_roguelite::run::enemy_policy;
use gambit_roguelite::solve::{SolveOptions, replay_line, solve};
use gambit_roguelite::{Battle, BattleStatus, Run, RunConfig};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Seeds tried per template: every template must be proved for three of them. The solver proves
/// most templates for every seed; `citadel` (two marked rooks, enemy skills) only for about 60% of
/// seeds at this cap (`docs/balance.md`, `gambit-cli solve --all --seeds 1..20`).
const SEEDS_TRIED: u64 = 6;

#[test]
fn every_template_is_proved_winnable_for_three_seeds() {
    let tuning = gambit_roguelite::tuning::Tuning::default();
    let army = Run::new(RunConfig::new(1)).roster().to_vec();
    let mut report = Vec::new();
    let mut short = Vec::new();
    for t in templates() {
        let mut proved = 0;
        for seed in 1..=SEEDS_TRIED {
            if proved == 3 {
                break;
            }
            let e = generate(&t, &mut ChaCha8Rng::seed_from_u64(seed), &army).encounter;
            let deployment = default_deployment(&e.board, &army).unwrap();
            let mut setup = e.setup(&army, &deployment, Default::default());
            setup.move_budget = 40;
            let battle = Battle::new(&setup).unwrap();
            let enemy = StageTuning::from(tuning.stages[e.stage as usize - 1]);
            let policy = enemy_policy(seed, 1, enemy, Evaluation::default());
            let s = solve(&battle, &policy, SolveOptions { max_nodes: 3_000, max_moves: 40 });
            let Some(line) = s.line.clone() else {
                report.push(format!("{} {seed}: not proved ({} nodes)", t.name, s.nodes));
                continue;
            };
            // A proof is a line that wins when replayed against the same enemy.
            let end = replay_line(&battle, &line, &policy);
            assert!(matches!(end.status(), BattleStatus::Victory { .. }), "{} seed {seed}", t.name);
            assert_eq!(end.moves_used(), s.moves);
            proved += 1;
            report.push(format!("{} {seed}: {} moves, {} nodes", t.name, s.moves, s.nodes));
        }
        if proved < 3 {
            short.push(t.name.clone());
        }
    }
    println!("{}", report.join("\n"));
    assert!(short.is_empty(), "fewer than 3 of {SEEDS_TRIED} seeds proved: {short:?}\n{}", report.join("\n"));
}

#[test]
fn generated_encounters_are_proved_and_their_budgets_keep_the_slack() {
    let tuning = gambit_roguelite::tuning::Tuning::default();
    let mut proved = 0;
    for seed in 1..=4 {
        let mut run = Run::new(RunConfig::new(seed));
        let offers = match run.phase() {
            gambit_roguelite::RunPhase::StartOffer { offers } => offers.clone(),
            _ => unreachable!(),
        };
        run.apply(gambit_roguelite::Decision::ChooseStart { modifier: offers[0], recipient: 0 }).unwrap();
        let gambit_roguelite::RunPhase::Deploy { encounter } = run.phase().clone() else { panic!() };
        if let Some(moves) = encounter.proof {
            proved += 1;
            assert!(encounter.move_budget >= moves + tuning.proof.slack(1), "{encounter:?}");
        }
    }
    assert!(proved >= 3, "only {proved} of 4 first boards proved");
    // Proofs off: nothing is recorded.
    let mut t = tuning.clone();
    t.proof.nodes = 0;
    let mut run = Run::new(t.run_config(1));
    let gambit_roguelite::RunPhase::StartOffer { offers } = run.phase().clone() else { panic!() };
    run.apply(gambit_roguelite::Decision::ChooseStart { modifier: offers[0], recipient: 0 }).unwrap();
    let gambit_roguelite::RunPhase::Deploy { encounter } = run.phase().clone() else { panic!() };
    assert_eq!(encounter.proof, None);
}
