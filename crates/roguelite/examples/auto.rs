//! Plays one auto run and prints its events: `cargo run -p gambit-roguelite --example auto -- SEED`.
use gambit_roguelite::RunConfig;
use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, play_auto};

fn main() {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let t = std::time::Instant::now();
    let run = play_auto(RunConfig::new(seed), AUTO_PLAYER_TUNING, |_, events| {
        for e in events {
            println!("{e}");
        }
    });
    let s = run.summary();
    println!(
        "{} battles won {} points {} exp {} ({:?})",
        if s.victory { "victory" } else { "defeat" },
        s.battles_won,
        s.points,
        s.exp,
        t.elapsed()
    );
}
