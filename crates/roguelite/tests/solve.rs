//! The run proves its generated encounters (each template's proofs are in `tests/pool.rs`).

use gambit_roguelite::{Run, RunConfig};

#[test]
fn generated_encounters_are_proved_and_their_budgets_keep_the_slack() {
    let tuning = gambit_roguelite::tuning::Tuning::default();
    let mut proved = 0;
    for seed in 1..=4 {
        // Proofs on, against the presets' enemy (the shipped thinking enemy runs without proofs: a
        // proof against it costs seconds per board; issue 41).
        let mut config = RunConfig::three_battles(seed);
        config.tuning = gambit_roguelite::bot::EnemyTuning::Presets { stages: tuning.stages.clone() };
        config.economy.proof.nodes = 1000;
        let mut run = Run::new(config);
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
    let mut run = Run::new(RunConfig { acts: 0, ..t.run_config(1) });
    let gambit_roguelite::RunPhase::StartOffer { offers } = run.phase().clone() else { panic!() };
    run.apply(gambit_roguelite::Decision::ChooseStart { modifier: offers[0], recipient: 0 }).unwrap();
    let gambit_roguelite::RunPhase::Deploy { encounter } = run.phase().clone() else { panic!() };
    assert_eq!(encounter.proof, None);
}
