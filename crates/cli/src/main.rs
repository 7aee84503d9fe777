//! `gambit-cli`: the command-line front end of Gambit.
//!
//! Exit status, for every subcommand: 0 success, 2 bad input (a bad FEN, move, file or argument; the
//! typed error is printed on stderr, as clap does for bad arguments), 1 any other failure.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;
use clap::{Parser, Subcommand, ValueEnum};
use gambit_rules::{Position, RuleSet, divide, par_divide};

/// Gambit: a chess roguelite and its chess crates.
#[derive(Parser)]
#[command(name = "gambit-cli", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Rules {
    /// FIDE chess.
    Standard,
    /// The roguelite's battle rules: no check, capturable kings, no castling, en passant or double step.
    Skirmish,
}

impl From<Rules> for RuleSet {
    fn from(r: Rules) -> RuleSet {
        match r {
            Rules::Standard => RuleSet::Standard,
            Rules::Skirmish => RuleSet::SKIRMISH,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaf nodes of the legal move tree (prints what Stockfish's `go perft` prints).
    Perft {
        /// Depth in plies.
        depth: u32,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// The rule set.
        #[arg(long, value_enum, default_value_t = Rules::Standard)]
        rules: Rules,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads (1 = single-threaded).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Plays moves from a position and shows the board, FEN, legal moves, check and outcome.
    Show {
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// The rule set.
        #[arg(long, value_enum, default_value_t = Rules::Standard)]
        rules: Rules,
        /// Moves to play first, in UCI or SAN.
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
    },
}

/// An error caused by the user's input (bad FEN, move, file or argument): exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct BadInput(String);

fn bad<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow::Error::new(BadInput(e.to_string()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            if e.is::<BadInput>() { ExitCode::from(2) } else { ExitCode::from(1) }
        }
    }
}

fn load_position(fen: Option<&str>, rules: Rules) -> anyhow::Result<Position> {
    match fen {
        None => {
            let mut pos = Position::startpos();
            pos.set_rules(rules.into()).map_err(bad)?;
            Ok(pos)
        }
        Some(fen) => Position::from_fen_with(fen, rules.into()).map_err(bad),
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Perft { depth, fen, rules, divide: show_divide, threads } => {
            let pos = load_position(fen.as_deref(), rules)?;
            if threads == 0 {
                return Err(bad(anyhow::anyhow!("--threads must be at least 1")));
            }
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("thread pool")?;
            let start = Instant::now();
            let split = if threads == 1 { divide(&pos, depth) } else { pool.install(|| par_divide(&pos, depth)) };
            let nodes: u64 = if depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
            let elapsed = start.elapsed();
            if show_divide {
                for (m, n) in &split {
                    println!("{m}: {n}");
                }
                println!();
            }
            println!("Nodes searched: {nodes}");
            let secs = elapsed.as_secs_f64();
            eprintln!(
                "time {:.3} s, {:.0} nodes/s",
                secs,
                if secs > 0.0 { nodes as f64 / secs } else { 0.0 }
            );
            Ok(())
        }
        Command::Show { fen, rules, moves } => {
            let mut pos = load_position(fen.as_deref(), rules)?;
            for text in &moves {
                let m = pos.parse_move(text).map_err(bad)?;
                pos.play_unchecked(m);
            }
            print!("{}", pos.render_ascii(false, &[]));
            println!("fen: {}", pos.to_fen());
            let legal = pos.legal_moves();
            let uci: Vec<String> = legal.iter().map(|m| m.to_uci()).collect();
            let san: Vec<String> = legal.iter().map(|&m| pos.san(m)).collect();
            println!("legal moves ({}): {}", legal.len(), uci.join(" "));
            println!("san: {}", san.join(" "));
            println!("check: {}", if pos.is_check() { "yes" } else { "no" });
            if let Some(outcome) = pos.outcome() {
                println!("outcome: {outcome}");
            } else if let Some(reason) = pos.claimable_draw() {
                println!("claimable draw: {reason}");
            }
            Ok(())
        }
    }
}
