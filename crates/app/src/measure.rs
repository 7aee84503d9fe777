//! The measurement mode (`gambit --measure`): start-up time to the title screen, frame times while the
//! engine thinks (a skill-chess game at the Expert level with the engine to move), and the engine's
//! reply latency at each strength. Prints the figures and exits; `docs/performance.md` records them.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use gambit_rules::Color;
use gambit_skills::{SkillBoard, SkillConfig};

use crate::game::engine::{EngineTask, think};
use crate::game::{Preset, SkillGame};
use crate::screens::Screen;

/// When the process started (set by `main`).
#[derive(Resource, Clone, Copy, Debug)]
pub struct ProcessStart(pub Instant);

#[derive(Resource, Default, Debug)]
struct Measure {
    title_at: Option<Duration>,
    idle: Vec<f32>,
    frames: Vec<f32>,
    started_game: bool,
    engine_done_frames: u32,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Measure>();
    app.add_systems(Update, (note_title, run_game).chain().in_set(crate::AppSystems::Apply));
}

/// The title counts as shown at its second frame (the first one has been presented by then).
fn note_title(
    screen: Res<State<Screen>>,
    start: Res<ProcessStart>,
    mut m: ResMut<Measure>,
    mut frames: Local<u32>,
) {
    if m.title_at.is_none() && *screen.get() == Screen::Title {
        *frames += 1;
        if *frames == 2 {
            m.title_at = Some(start.0.elapsed());
        }
    }
}

fn run_game(
    mut commands: Commands,
    mut m: ResMut<Measure>,
    time: Res<Time>,
    task: Res<EngineTask>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(title_at) = m.title_at else { return };
    // First 60 idle frames on the title screen (its clouds drift), for comparison.
    if m.idle.len() < 60 {
        m.idle.push(time.delta_secs() * 1000.0);
        return;
    }
    if !m.started_game {
        // The player is Black, so the engine (White, Expert) thinks at once.
        let board = SkillBoard::new(SkillConfig::default()).expect("the default config is valid");
        commands.insert_resource(SkillGame::from_board(board, Color::Black, Preset::Expert, true));
        next.set(Screen::SkillChess);
        m.started_game = true;
        return;
    }
    if task.is_thinking() {
        m.frames.push(time.delta_secs() * 1000.0);
        return;
    }
    if m.frames.is_empty() {
        return;
    }
    m.engine_done_frames += 1;
    if m.engine_done_frames < 2 {
        return;
    }
    let n = m.frames.len() as f32;
    let mean = m.frames.iter().sum::<f32>() / n;
    let max = m.frames.iter().copied().fold(0.0, f32::max);
    println!("start-up to the title screen: {:.0} ms", title_at.as_secs_f64() * 1000.0);
    let idle_mean = m.idle.iter().sum::<f32>() / m.idle.len() as f32;
    println!("frames on the idle title screen: {} frames, mean {idle_mean:.1} ms", m.idle.len());
    println!(
        "frames while the engine thought (Expert, first move): {} frames, mean {mean:.1} ms, max {max:.1} ms",
        m.frames.len()
    );
    for strength in Preset::ALL {
        let mut times = Vec::new();
        for fen in [
            gambit_rules::STARTING_FEN,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
        ] {
            let position = gambit_rules::Position::from_fen(fen).expect("valid FEN");
            let board = SkillBoard::from_position(position, SkillConfig::default());
            let t = Instant::now();
            let _ = think(board, strength, 1, 0, &std::sync::atomic::AtomicBool::new(false));
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let max = times.iter().copied().fold(0.0, f64::max);
        println!(
            "engine reply latency, {}: mean {mean:.0} ms, max {max:.0} ms (3 positions)",
            strength.name()
        );
    }
    exit.write(AppExit::Success);
}
