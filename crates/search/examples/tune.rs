//! The evaluation tuner (Texel's method): fits the weights of `gambit_search::eval::evaluate_full` to
//! labelled positions through a sigmoid, by gradient descent (Adam) over every weight, and writes them
//! as `crates/search/src/eval/weights.rs`. The data set and the commands that build it are in
//! docs/strength.md ("Issue 18: the tuned evaluation").
//!
//! ```text
//! cargo run --release -p gambit-search --example tune -- quiet POSITIONS QUIET
//! cargo run --release -p gambit-search --example tune -- fit LABELLED [--out FILE] [--epochs N]
//!     [--lr CP] [--reg R] [--lambda L] [--material] [--tables] [--test FILE]
//! ```
//!
//! `quiet` keeps the lines (`FEN;...`) whose position is standard, not in check, and whose quiescence
//! score (captures and promotions, alpha-beta, stand pat) equals its static evaluation, so a static
//! evaluation is a fair stand-in for the position's value. Both use the hand-picked weights
//! (`eval::HAND_WEIGHTS`), so the data set does not depend on the weights a previous fit wrote.
//!
//! `fit` reads `FEN;result;score` lines (the result from White's view, Stockfish's expected score for
//! the side to move; `tools/tune_data.py` writes them) and fits to the label
//! `(1 - lambda) * score + lambda * result` (both for the side to move). The fit starts from
//! `eval::HAND_WEIGHTS` (whatever `weights.rs` holds). Every tenth block of 500
//! consecutive lines is held out (a block, not every tenth line, because neighbouring lines come from
//! the same game and are nearly the same position). First the sigmoid's scale `K` is fitted to the current weights on the training positions
//! (minimising the mean squared error of `1 / (1 + exp(-K * eval))`); then the weights, with `K`
//! fixed, minimise the training error plus `reg` times the sum of squared departures from the hand-picked
//! weights (centipawns squared), by 300 epochs of Adam by default. Material stays as it is unless
//! `--material`, the piece-square tables unless `--tables` (768 weights overfit a data set of this
//! size: see docs/strength.md). Reports
//! the training and held-out errors before and after (and those of `--test FILE`, another labelled
//! file not fitted, for example positions of other games); `--out` writes the weights file.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::process::ExitCode;

use gambit_rules::{Move, Position};
use gambit_search::eval::{self, Evaluator, Features, HAND_WEIGHTS, Part, Weights};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("quiet") if args.len() == 3 => quiet(&args[1], &args[2]),
        Some("fit") if args.len() >= 2 => fit(&args[1], &args[2..]),
        _ => Err("usage: tune quiet POSITIONS QUIET | tune fit LABELLED [--out FILE] [--epochs N] \
                  [--lr CP] [--reg R] [--lambda L] [--material] [--tables] [--test FILE]"
            .to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tune: {e}");
            ExitCode::FAILURE
        }
    }
}

fn lines(path: &str) -> Result<impl Iterator<Item = String>, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    Ok(BufReader::new(f).lines().map_while(Result::ok).filter(|l| !l.trim().is_empty()))
}

/// Quiescence over captures and promotions with the engine's evaluation, most valuable victim first.
fn qsearch(e: &Evaluator, pos: &mut Position, mut alpha: i32, beta: i32, depth: u32) -> i32 {
    let stand = e.evaluate(pos);
    if stand >= beta || depth == 0 {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut moves: Vec<Move> = Vec::new();
    pos.append_noisy_moves(&mut moves);
    moves.sort_by_key(|m| {
        let victim = m.capture.map_or(0, |r| r.value());
        -(10 * victim + m.promotion.map_or(0, |r| r.value())) + m.role.value() / 10
    });
    let mut best = stand;
    for m in moves {
        pos.play_unchecked(m);
        let score = -qsearch(e, pos, -beta, -alpha, depth - 1);
        pos.undo();
        if score > best {
            best = score;
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
    }
    best
}

fn quiet(input: &str, output: &str) -> Result<(), String> {
    let mut out =
        std::io::BufWriter::new(std::fs::File::create(output).map_err(|e| format!("{output}: {e}"))?);
    let e = Evaluator::new(&HAND_WEIGHTS);
    let (mut read, mut kept) = (0, 0);
    for line in lines(input)? {
        read += 1;
        let fen = line.split(';').next().unwrap_or("");
        let Ok(mut pos) = Position::from_fen(fen) else { continue };
        if pos.is_check() || !pos.rules().is_standard() || pos.legal_moves().is_empty() {
            continue;
        }
        let stand = e.evaluate(&pos);
        if qsearch(&e, &mut pos, -100_000, 100_000, 16) != stand {
            continue;
        }
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
        kept += 1;
    }
    eprintln!("{read} positions read, {kept} quiet kept");
    Ok(())
}

/// The piece-square weights in [`Weights::to_vec`]'s order (after the 12 material weights, fitted only
/// with `--material`), fitted only with `--tables`.
const PST_START: usize = 12;
const PST_END: usize = 12 + 2 * 6 * 64;

struct Sample {
    features: Features,
    label: f64,
}

/// The evaluation of a sample under the weights `w`, centipawns (side to move).
fn linear(s: &Sample, w: &[f64], parts: &[Part]) -> f64 {
    s.features.linear(w, parts)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the sigmoid of the evaluations against the labels.
fn error(samples: &[&Sample], w: &[f64], parts: &[Part], k: f64) -> f64 {
    let sum: f64 = samples.iter().map(|s| (sigmoid(k * linear(s, w, parts)) - s.label).powi(2)).sum();
    sum / samples.len().max(1) as f64
}

/// The samples of a labelled file (`FEN;result;score`), labels for the side to move.
fn load(input: &str, lambda: f64) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for line in lines(input)? {
        let f: Vec<&str> = line.split(';').collect();
        if f.len() < 3 {
            continue;
        }
        let (Ok(pos), Ok(result), Ok(score)) =
            (Position::from_fen(f[0]), f[1].parse::<f64>(), f[2].parse::<f64>())
        else {
            continue;
        };
        let Some(features) = eval::features(&pos) else { continue };
        let white = pos.turn() == gambit_rules::Color::White;
        let result = if white { result } else { 1.0 - result };
        samples.push(Sample { features, label: (1.0 - lambda) * score + lambda * result });
    }
    Ok(samples)
}

fn fit(input: &str, opts: &[String]) -> Result<(), String> {
    let mut out_path = None;
    let (mut epochs, mut lr, mut reg, mut lambda) = (300usize, 1.0f64, 0.0f64, 0.0f64);
    let (mut tables, mut material) = (false, false);
    let mut test_path = None;
    let mut it = opts.iter();
    while let Some(o) = it.next() {
        let mut value = || it.next().ok_or(format!("{o} needs a value"));
        match o.as_str() {
            "--out" => out_path = Some(value()?.clone()),
            "--epochs" => epochs = value()?.parse().map_err(|e| format!("--epochs: {e}"))?,
            "--lr" => lr = value()?.parse().map_err(|e| format!("--lr: {e}"))?,
            "--reg" => reg = value()?.parse().map_err(|e| format!("--reg: {e}"))?,
            "--lambda" => lambda = value()?.parse().map_err(|e| format!("--lambda: {e}"))?,
            "--tables" => tables = true,
            "--material" => material = true,
            "--test" => test_path = Some(value()?.clone()),
            _ => return Err(format!("unknown option {o}")),
        }
    }
    let samples = load(input, lambda)?;
    let test = match &test_path {
        Some(p) => load(p, lambda)?,
        None => Vec::new(),
    };
    let parts = Weights::parts();
    let start = HAND_WEIGHTS.to_vec();

    let held = |i: usize| (i / 500) % 10 == 9;
    let train: Vec<&Sample> = samples.iter().enumerate().filter(|(i, _)| !held(*i)).map(|(_, s)| s).collect();
    let hold: Vec<&Sample> = samples.iter().enumerate().filter(|(i, _)| held(*i)).map(|(_, s)| s).collect();
    eprintln!("{} positions: {} training, {} held out", samples.len(), train.len(), hold.len());
    if train.is_empty() || hold.is_empty() {
        return Err("too few positions".into());
    }

    // The sigmoid's scale K (per centipawn), by golden-section search on the training error.
    let (mut a, mut b) = (0.0005f64, 0.02f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if error(&train, &start, &parts, c) < error(&train, &start, &parts, d) {
            b = d;
        } else {
            a = c;
        }
    }
    let k = (a + b) / 2.0;
    let before = (error(&train, &start, &parts, k), error(&hold, &start, &parts, k));
    eprintln!("K = {k:.6} per centipawn; error before: training {:.6}, held out {:.6}", before.0, before.1);
    let test: Vec<&Sample> = test.iter().collect();
    if !test.is_empty() {
        eprintln!("test set: {} positions, error before {:.6}", test.len(), error(&test, &start, &parts, k));
    }

    // Adam over every weight, full batch, the learning rate (centipawns per step) decaying linearly to a tenth.
    let n = start.len();
    let mut w = start.clone();
    let (mut m, mut v) = (vec![0.0f64; n], vec![0.0f64; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12f64);
    let mut grad = vec![0.0f64; n];
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|x| *x = 0.0);
        for s in &train {
            let p = sigmoid(k * linear(s, &w, &parts));
            let d = 2.0 * (p - s.label) * p * (1.0 - p) * k;
            let mg = f64::from(s.features.phase) / 24.0;
            for &(i, c) in &s.features.terms {
                let i = usize::from(i);
                let scale = match parts[i] {
                    Part::Mg => mg,
                    Part::Eg => 1.0 - mg,
                    Part::Both => 1.0,
                };
                grad[i] += d * f64::from(c) * scale;
            }
        }
        let inv = 1.0 / train.len() as f64;
        let rate = lr * (1.0 - 0.9 * (epoch - 1) as f64 / epochs as f64);
        for i in 0..n {
            if (!tables && (PST_START..PST_END).contains(&i)) || (!material && i < PST_START) {
                continue;
            }
            let gi = grad[i] * inv + 2.0 * reg * (w[i] - start[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 100 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch}: training {:.6}, held out {:.6}",
                error(&train, &w, &parts, k),
                error(&hold, &w, &parts, k)
            );
        }
    }
    let tuned = Weights::from_vec(&w).ok_or("weight count")?;
    let rounded = tuned.to_vec();
    let after = (error(&train, &rounded, &parts, k), error(&hold, &rounded, &parts, k));
    eprintln!("error after (rounded weights): training {:.6}, held out {:.6}", after.0, after.1);
    if !test.is_empty() {
        eprintln!("test set: error after {:.6}", error(&test, &rounded, &parts, k));
    }
    if let Some(path) = out_path {
        let mut header = String::new();
        let _ = writeln!(header, "The tuned weights of the chess evaluation, written by the tuner:");
        let _ = writeln!(
            header,
            "`cargo run --release -p gambit-search --example tune -- fit {} --epochs {epochs} --lr {lr} --reg {reg} --lambda {lambda}{}{} --out ...`",
            input.rsplit('/').next().unwrap_or(input),
            if material { " --material" } else { "" },
            if tables { " --tables" } else { "" }
        );
        let _ = writeln!(
            header,
            "{} positions ({} held out in blocks of 500), K = {k:.6}; mean squared error before / after: training {:.5} / {:.5}, held out {:.5} / {:.5}.",
            samples.len(),
            hold.len(),
            before.0,
            after.0,
            before.1,
            after.1
        );
        let _ = write!(header, "See docs/strength.md, \"Issue 18: the tuned evaluation\".");
        std::fs::write(&path, tuned.to_rust(&header)).map_err(|e| format!("{path}: {e}"))?;
        eprintln!("wrote {path}");
    }
    Ok(())
}
