//! `gambit-cli solve`: proves encounters winnable with the roguelite's solver. One template and seed
//! (`--template NAME --seed N`) prints the winning line; `--all --seeds A..B` proves every template for
//! every seed and prints the proof rate and the budgets' slack per template.

use std::io::Write;

use anyhow::Result;
use gambit_roguelite::bot::Evaluation;
use gambit_roguelite::encounter::{
    Encounter, EncounterTemplate, default_deployment, generate, template, templates,
};
use gambit_roguelite::run::enemy_policy;
use gambit_roguelite::solve::{SHALLOW, Solution, SolveOptions, replay_line, solve};
use gambit_roguelite::tuning::Tuning;
use gambit_roguelite::{Battle, Run, RunConfig};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::bad;
use crate::board_style::BoardStyle;

/// The most moves a line may use (well above every budget).
const MAX_MOVES: u32 = 40;

/// The encounter a template and seed give a run's first army, and its battle with the default
/// deployment and a budget of [`MAX_MOVES`] (the solver looks for the shortest win, not one within
/// today's budget).
fn battle_of(t: &EncounterTemplate, seed: u64) -> Result<(Encounter, Battle)> {
    let tuned = Tuning::default();
    let mut t = t.clone();
    if let Some(&b) = tuned.budgets.get(&t.name) {
        t.move_budget = b;
    }
    let army = Run::new(RunConfig::new(seed)).roster().to_vec();
    let e = generate(&t, &mut ChaCha8Rng::seed_from_u64(seed), &army).encounter;
    let deployment =
        default_deployment(&e.board, &army).ok_or_else(|| anyhow::anyhow!("the army does not fit"))?;
    let mut setup = e.setup(&army, &deployment, Default::default());
    setup.move_budget = MAX_MOVES;
    Ok((e.clone(), Battle::new(&setup)?))
}

fn prove(e: &Encounter, battle: &Battle, seed: u64, nodes: u64) -> Solution {
    let tuning = Tuning::default();
    let enemy = tuning.enemy().for_stage((e.stage as usize).clamp(1, 3) - 1).top_ranked();
    let policy = enemy_policy(seed, 1, enemy, Evaluation::default());
    solve(battle, &policy, SolveOptions { max_nodes: nodes, max_moves: MAX_MOVES })
}

pub(crate) fn run_one(
    out: &mut impl Write,
    board: BoardStyle,
    name: &str,
    seed: u64,
    nodes: u64,
) -> Result<()> {
    let Ok(t) = template(name) else {
        let names: Vec<String> = templates().into_iter().map(|t| t.name).collect();
        return Err(bad(format!("unknown template {name:?}; templates: {}", names.join(", "))));
    };
    let (e, battle) = battle_of(&t, seed)?;
    writeln!(
        out,
        "{} (stage {}), seed {seed}: {}; budget {} moves",
        e.name, e.stage, e.objective, e.move_budget
    )?;
    write!(out, "{}", battle.render(board.options(false), None))?;
    let s = prove(&e, &battle, seed, nodes);
    let Some(line) = &s.line else {
        writeln!(out, "not proved within {nodes} nodes")?;
        return Ok(());
    };
    // The line in the command grammar, each action read where it is played.
    let tuning = Tuning::default();
    let enemy = tuning.enemy().for_stage((e.stage as usize).clamp(1, 3) - 1).top_ranked();
    let policy = enemy_policy(seed, 1, enemy, Evaluation::default());
    let mut texts = Vec::new();
    for i in 0..line.len() {
        let before = replay_line(&battle, &line[..i], &policy);
        texts.push(before.action_text(line[i]));
    }
    let end = replay_line(&battle, line, &policy);
    writeln!(
        out,
        "proved: a win in {} moves ({} nodes{}): {}",
        s.moves,
        s.nodes,
        if s.exhaustive {
            ", the shortest there is".to_string()
        } else {
            format!(", the shortest found; none within {} moves", s.no_win_within)
        },
        texts.join(" ")
    )?;
    write!(out, "{}", end.render(board.options(false), None))?;
    writeln!(out, "result: {:?}", end.status())?;
    Ok(())
}

/// One variation's proof in `solve --all`.
struct Proof {
    template: String,
    /// The move budget a run gives the variation.
    budget: u32,
    /// The shortest win found, in player moves; `None`: not proved.
    moves: Option<u32>,
    nodes: u64,
    /// Wall time of the proof.
    ms: f64,
    /// Whether a run would refuse the board (unproved, or not shown free of a win within `SHALLOW`).
    refused: bool,
}

pub(crate) fn run_all(out: &mut impl Write, seeds: (u64, u64), nodes: u64) -> Result<()> {
    let start = std::time::Instant::now();
    let jobs: Vec<(EncounterTemplate, u64)> =
        templates().into_iter().flat_map(|t| (seeds.0..=seeds.1).map(move |s| (t.clone(), s))).collect();
    let results: Vec<Proof> = jobs
        .par_iter()
        .map(|(t, seed)| {
            let (e, battle) = battle_of(t, *seed).expect("every template fits the first army");
            let clock = std::time::Instant::now();
            let s = prove(&e, &battle, *seed, nodes);
            let ms = clock.elapsed().as_secs_f64() * 1000.0;
            // The budget a run gives a proved variation: at least the shortest win plus the slack.
            let slack = Tuning::default().proof.slack(e.stage);
            let budget = if s.proved() { e.move_budget.max(s.moves + slack) } else { e.move_budget };
            // A run offers no board won within SHALLOW moves, nor one not shown free of such a win.
            let refused = !s.proved() || s.no_win_within < SHALLOW;
            let moves = s.line.as_ref().map(|_| s.moves);
            Proof { template: t.name.clone(), budget, moves, nodes: s.nodes, ms, refused }
        })
        .collect();
    writeln!(
        out,
        "seeds {}..{}, {} nodes per variation, {:.1} s",
        seeds.0,
        seeds.1,
        nodes,
        start.elapsed().as_secs_f64()
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "| template | stage | proved | shortest win found (avg, min-max) | budget (avg) | slack (avg) | nodes (avg) |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- | --- |")?;
    let (mut all_proved, mut all, mut slack_sum) = (0u64, 0u64, 0i64);
    for t in templates() {
        let rows: Vec<_> = results.iter().filter(|r| r.template == t.name).collect();
        let proved: Vec<_> = rows.iter().filter_map(|r| r.moves.map(|m| (m, r.budget))).collect();
        let n = rows.len() as f64;
        let avg = |v: &mut dyn Iterator<Item = f64>, k: usize| v.sum::<f64>() / k.max(1) as f64;
        let shortest = avg(&mut proved.iter().map(|p| f64::from(p.0)), proved.len());
        let budget = avg(&mut rows.iter().map(|r| f64::from(r.budget)), rows.len());
        let slack = avg(&mut proved.iter().map(|p| f64::from(p.1) - f64::from(p.0)), proved.len());
        let lo = proved.iter().map(|p| p.0).min().unwrap_or(0);
        let hi = proved.iter().map(|p| p.0).max().unwrap_or(0);
        let nodes_avg = rows.iter().map(|r| r.nodes as f64).sum::<f64>() / n;
        writeln!(
            out,
            "| {} | {} | {}/{} | {shortest:.1} ({lo}-{hi}) | {budget:.1} | {slack:.1} | {nodes_avg:.0} |",
            t.name,
            t.stage,
            proved.len(),
            rows.len()
        )?;
        all_proved += proved.len() as u64;
        all += rows.len() as u64;
        slack_sum += proved.iter().map(|p| i64::from(p.1) - i64::from(p.0)).sum::<i64>();
    }
    writeln!(
        out,
        "proved {all_proved}/{all} ({:.1}%), average slack {:.1} moves",
        100.0 * all_proved as f64 / all.max(1) as f64,
        slack_sum as f64 / all_proved.max(1) as f64
    )?;
    let refused = results.iter().filter(|r| r.refused).count();
    writeln!(
        out,
        "not offerable (unproved, won within {SHALLOW} moves, or not shown free of such a win): {refused}/{all}"
    )?;
    let mut times: Vec<f64> = results.iter().map(|r| r.ms).collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times.get(((times.len() as f64 * q).ceil() as usize).saturating_sub(1)).copied().unwrap_or(0.0)
    };
    writeln!(
        out,
        "time per proof (ms, wall, {} threads): median {:.0}, p95 {:.0}, max {:.0}",
        rayon::current_num_threads(),
        at(0.5),
        at(0.95),
        at(1.0)
    )?;
    Ok(())
}
