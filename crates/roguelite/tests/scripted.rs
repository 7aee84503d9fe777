//! Set formations (`RunConfig::scripted`): the run plays the given encounters instead of generated
//! ones, and the board choice offers only the next one.

use gambit_roguelite::encounter::fallback_encounter;
use gambit_roguelite::{Decision, Modifier, Run, RunConfig, RunPhase};

#[test]
fn scripted_encounters_replace_generation() {
    let mut config = RunConfig::three_battles(11);
    let first = fallback_encounter(1);
    let mut second = fallback_encounter(2);
    second.name = "second".to_string();
    config.scripted = vec![first.clone(), second.clone()];
    let mut run = Run::new(config.clone());
    let RunPhase::StartOffer { offers } = run.phase().clone() else { panic!("a run starts with the offer") };
    let modifier: Modifier = offers[0];
    run.apply(Decision::ChooseStart { modifier, recipient: 0 }).unwrap();
    match run.phase() {
        RunPhase::Deploy { encounter } => assert_eq!(*encounter, first),
        other => panic!("expected deployment, got {other:?}"),
    }
    assert_eq!(config.scripted_encounter(1), Some(&second));
    assert_eq!(config.scripted_encounter(7), Some(&second), "the last set formation repeats");
    // The log carries the formations, so a replay is identical.
    let replayed = Run::replay(&run.log()).unwrap();
    assert_eq!(replayed.phase(), run.phase());
}
