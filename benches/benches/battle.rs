//! Roguelite battles: the enemy bot's searches with the battle played and taken back in place
//! (`BattleGame`, issue 13) against the former copy of the battle per node and against each action
//! described as alterations, applied and taken back by their inverses (issue 42), in the same run,
//! on the same decisions: the first enemy decision of every template for two seeds, with the army of a new
//! run. The searches must agree (checked once before timing). Throughput is search nodes (the bot's
//! simulated actions), so criterion reports nodes per second.
//! Run: `cargo bench -p gambit-benches --bench battle`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gambit_roguelite::bot::{BattleGame, StageTuning, choose_action_in};
use gambit_roguelite::encounter::{default_deployment, generate, templates};
use gambit_roguelite::{Battle, BattleStatus, Run, RunConfig, Team};
use gambit_search::Preset;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Each template varied by seeds 1 and 2, played by the auto-player's bot until the enemy is to move.
fn decisions() -> Vec<Battle> {
    let mut out = Vec::new();
    for t in templates() {
        for seed in [1, 2] {
            let army = Run::new(RunConfig::new(seed)).roster().to_vec();
            let e = generate(&t, &mut ChaCha8Rng::seed_from_u64(seed), &army).encounter;
            let deployment = default_deployment(&e.board, &army).unwrap();
            let mut b = Battle::new(&e.setup(&army, &deployment, Default::default())).unwrap();
            b.set_quiet(true);
            while b.status() == BattleStatus::Ongoing && b.to_move() == Team::Player {
                let mut game = BattleGame::new(&b);
                let a = choose_action_in(&mut game, gambit_roguelite::bot::AUTO_PLAYER_TUNING, seed).action;
                b.apply(a.unwrap()).unwrap();
            }
            if b.status() == BattleStatus::Ongoing {
                out.push(b);
            }
        }
    }
    out
}

/// How the searched battle takes an action back.
#[derive(Copy, Clone)]
enum Path {
    /// Play and undo in place (the search's path).
    InPlace,
    /// A whole copy of the battle per node (the path before issue 13).
    CopyPerNode,
    /// The action described as alterations and applied, taken back by their inverses (issue 42).
    Alterations,
}

fn game(b: &Battle, path: Path) -> BattleGame {
    let game = BattleGame::new(b);
    match path {
        Path::InPlace => game,
        Path::CopyPerNode => game.cloning_per_node(),
        Path::Alterations => game.through_alterations(),
    }
}

fn search(battles: &[Battle], tuning: StageTuning, path: Path) -> u64 {
    let mut nodes = 0;
    for (i, b) in battles.iter().enumerate() {
        nodes += choose_action_in(&mut game(b, path), tuning, i as u64).nodes;
    }
    nodes
}

fn enemy_search(c: &mut Criterion) {
    let battles = decisions();
    let mut group = c.benchmark_group("battle/choose");
    group.sample_size(10);
    for preset in [Preset::Beginner, Preset::Casual, Preset::Club] {
        let tuning = StageTuning::from(preset);
        // Same choices and node counts with a copy per node. Alterations give the same positions,
        // but a piece removed and placed again comes back at the end of its side's piece list, so
        // the moves are generated in another order and the searches differ: that row has its own
        // node count, and the rows compare nodes per second.
        for (i, b) in battles.iter().enumerate() {
            let x = choose_action_in(&mut game(b, Path::InPlace), tuning, i as u64);
            assert_eq!(x, choose_action_in(&mut game(b, Path::CopyPerNode), tuning, i as u64));
        }
        let name = format!("{preset:?}").to_lowercase();
        for (label, path) in [
            ("in_place", Path::InPlace),
            ("copy_per_node", Path::CopyPerNode),
            ("alterations", Path::Alterations),
        ] {
            let nodes = search(&battles, tuning, path);
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(BenchmarkId::new(label, &name), |bench| {
                bench.iter(|| assert_eq!(search(&battles, tuning, path), nodes));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, enemy_search);
criterion_main!(benches);
