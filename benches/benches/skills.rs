//! Skill chess: `SkillBoard::actions()` (moves, teleports, freezes) and play/undo throughput on a
//! middlegame position. Each measured call checks its result, so a broken generator fails rather than
//! reporting a speed. Run: `cargo bench -p gambit-benches --bench skills`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gambit_rules::Position;
use gambit_skills::{Action, SkillBoard, SkillConfig};

/// A quiet Italian-game middlegame, White to move, both skills ready.
const MIDDLEGAME: &str = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7";

fn board() -> SkillBoard {
    SkillBoard::from_position(Position::from_fen(MIDDLEGAME).unwrap(), SkillConfig::default())
}

fn actions(c: &mut Criterion) {
    let b = board();
    let expected = b.actions().len();
    let mut group = c.benchmark_group("skills/actions");
    group.throughput(Throughput::Elements(expected as u64));
    group.bench_function("middlegame", |bench| {
        bench.iter(|| assert_eq!(std::hint::black_box(&b).actions().len(), expected));
    });
    group.finish();
}

fn play_undo(c: &mut Criterion) {
    let mut b = board();
    let all = b.actions();
    let moves: Vec<Action> = all.iter().copied().filter(|a| matches!(a, Action::Move(_))).collect();
    let skills: Vec<Action> = all.iter().copied().filter(|a| !matches!(a, Action::Move(_))).collect();
    let key = b.state_key();
    let mut group = c.benchmark_group("skills/play_undo");
    for (name, list) in [("moves", &moves), ("teleports_and_freezes", &skills)] {
        group.throughput(Throughput::Elements(list.len() as u64));
        group.bench_function(name, |bench| {
            bench.iter(|| {
                for &a in list.iter() {
                    b.play_action(a).unwrap();
                    b.undo();
                }
                assert_eq!(b.state_key(), key);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, actions, play_undo);
criterion_main!(benches);
