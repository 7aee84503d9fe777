//! Skill chess: `SkillBoard::actions()` (moves, teleports, freezes) against the reference generator
//! (every teleport pair validated with a board copy) on the middlegame set, in the same run, and
//! play/undo throughput. Each measured call checks its result, so a broken generator fails rather than
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
    let boards: Vec<SkillBoard> = gambit_benches::SKILL_MIDDLEGAMES
        .iter()
        .map(|f| SkillBoard::from_position(Position::from_fen(f).unwrap(), SkillConfig::default()))
        .collect();
    let expected: Vec<usize> = boards.iter().map(|b| b.actions().len()).collect();
    for (b, &n) in boards.iter().zip(&expected) {
        assert_eq!(b.actions_reference().len(), n, "{}", b.position().to_fen());
    }
    let total: usize = expected.iter().sum();
    let mut group = c.benchmark_group("skills/actions");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("middlegame_set", |bench| {
        bench.iter(|| {
            for (b, &n) in boards.iter().zip(&expected) {
                assert_eq!(std::hint::black_box(b).actions().len(), n);
            }
        });
    });
    group.bench_function("middlegame_set_reference", |bench| {
        bench.iter(|| {
            for (b, &n) in boards.iter().zip(&expected) {
                assert_eq!(std::hint::black_box(b).actions_reference().len(), n);
            }
        });
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
