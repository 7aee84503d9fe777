//! The UCI protocol loop, generic over its input and output so tests can drive it in memory.
//!
//! Supported: `uci`, `isready`, `ucinewgame`, `setoption name Hash|UCI_ShowWDL|Move Overhead value ...`,
//! `position startpos|fen <fen> [moves ...]`, `go [depth N] [nodes N] [movetime MS] [wtime MS]
//! [btime MS] [winc MS] [binc MS] [movestogo N] [infinite]`, `stop`, `ponderhit` (ignored), `quit`.
//! The search runs on a worker thread with an atomic stop flag, so `stop`, `isready` and `quit` are
//! answered while it searches. A malformed or unknown command is reported on stderr and ignored. At the
//! end of the input a running search is allowed to finish (an `infinite` one is stopped).
//!
//! Protocol reference: the UCI specification by Stefan Meyer-Kahlen (2004, "Description of the
//! universal chess interface (UCI)").

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use gambit_rules::{Move, Position};

use gambit_search::score::{mate_in_moves, wdl};
use gambit_search::{Limits, Params, SearchHandler, SearchInfo, Searcher};

use crate::time::{Clock, allocate};

/// The engine name announced by `uci`.
pub const ENGINE_NAME: &str = concat!("Gambit ", env!("CARGO_PKG_VERSION"));

/// Default transposition-table size, MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

/// Largest accepted `Hash`, MiB.
pub const MAX_HASH_MIB: usize = 4096;

/// Runs the UCI loop until `quit` or the end of `input`, writing engine output to `output`.
///
/// # Errors
/// Only an I/O error reading `input`; write errors on `output` end the loop quietly at the next command.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    let mut uci = Uci::new(output);
    for line in input.lines() {
        let line = line?;
        if !uci.command(&line) {
            uci.finish(true);
            return Ok(());
        }
    }
    let stop = uci.job.as_ref().is_some_and(|j| j.infinite);
    uci.finish(stop);
    Ok(())
}

/// Formats a UCI `info` line for a progress report.
#[must_use]
pub fn info_line(p: &SearchInfo<'_, Move>, show_wdl: bool) -> String {
    let score = match mate_in_moves(p.score) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", p.score),
    };
    let mut s = format!("info depth {} seldepth {} score {score}", p.depth, p.seldepth.max(p.depth));
    if show_wdl {
        let (w, d, l) = wdl(p.score);
        s.push_str(&format!(" wdl {w} {d} {l}"));
    }
    let nps = p.nodes * 1000 / p.elapsed_ms.max(1);
    s.push_str(&format!(" nodes {} nps {nps} hashfull {} time {} pv", p.nodes, p.hashfull, p.elapsed_ms));
    for m in p.pv {
        s.push(' ');
        s.push_str(&m.to_uci());
    }
    s
}

struct Job {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Searcher<Position>>,
    infinite: bool,
}

struct Uci<W> {
    out: Arc<Mutex<W>>,
    pos: Position,
    searcher: Option<Searcher<Position>>,
    show_wdl: bool,
    /// The `Move Overhead` option, milliseconds.
    move_overhead_ms: u64,
    job: Option<Job>,
}

fn send<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

struct UciHandler<W> {
    stop: Arc<AtomicBool>,
    out: Arc<Mutex<W>>,
    show_wdl: bool,
}

impl<W: Write> SearchHandler<Move> for UciHandler<W> {
    fn should_stop(&mut self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn on_iteration(&mut self, p: &SearchInfo<'_, Move>) {
        send(&self.out, &info_line(p, self.show_wdl));
    }
}

fn parse_num<T: std::str::FromStr>(tokens: &[&str], i: usize, name: &str) -> Result<T, String> {
    tokens
        .get(i + 1)
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| format!("`{name}` needs a non-negative number"))
}

impl<W: Write + Send + 'static> Uci<W> {
    fn new(output: W) -> Uci<W> {
        Uci {
            out: Arc::new(Mutex::new(output)),
            pos: Position::startpos(),
            searcher: Some(Searcher::new(Params::default(), DEFAULT_HASH_MIB)),
            show_wdl: false,
            move_overhead_ms: crate::time::MOVE_OVERHEAD_MS,
            job: None,
        }
    }

    /// Waits for the running search (stopping it first when `stop`), taking its searcher back.
    fn finish(&mut self, stop: bool) {
        if let Some(job) = self.job.take() {
            if stop {
                job.stop.store(true, Ordering::Relaxed);
            }
            match job.handle.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    eprintln!("error: the search thread panicked; starting a fresh searcher");
                    self.searcher = Some(Searcher::new(Params::default(), DEFAULT_HASH_MIB));
                }
            }
        }
    }

    fn searcher(&mut self) -> &mut Searcher<Position> {
        self.searcher.get_or_insert_with(|| Searcher::new(Params::default(), DEFAULT_HASH_MIB))
    }

    /// Handles one line; returns `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { return true };
        let result = match cmd {
            "uci" => {
                send(&self.out, &format!("id name {ENGINE_NAME}"));
                send(&self.out, "id author The Gambit developers");
                send(
                    &self.out,
                    &format!(
                        "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"
                    ),
                );
                send(&self.out, "option name UCI_ShowWDL type check default false");
                send(
                    &self.out,
                    &format!(
                        "option name Move Overhead type spin default {} min 0 max {}",
                        crate::time::MOVE_OVERHEAD_MS,
                        crate::time::MAX_MOVE_OVERHEAD_MS
                    ),
                );
                send(&self.out, "uciok");
                Ok(())
            }
            "isready" => {
                send(&self.out, "readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.finish(true);
                self.searcher().clear();
                self.pos = Position::startpos();
                Ok(())
            }
            "setoption" => {
                self.finish(true);
                self.setoption(&tokens)
            }
            "position" => {
                self.finish(true);
                self.position(&tokens)
            }
            "go" => {
                self.finish(true);
                self.go(&tokens)
            }
            "stop" => {
                self.finish(true);
                Ok(())
            }
            "ponderhit" => Ok(()),
            "quit" => return false,
            _ => Err(format!("unknown command `{cmd}`")),
        };
        if let Err(e) = result {
            eprintln!("info string error: {e} (ignored: `{}`)", line.trim());
        }
        true
    }

    fn setoption(&mut self, tokens: &[&str]) -> Result<(), String> {
        let name_at = tokens.iter().position(|&t| t == "name").ok_or("setoption needs `name`")?;
        let value_at = tokens.iter().position(|&t| t == "value");
        let name = tokens[name_at + 1..value_at.unwrap_or(tokens.len())].join(" ");
        let value = value_at.map(|v| tokens[v + 1..].join(" ")).unwrap_or_default();
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mib: usize = value.parse().map_err(|_| format!("bad Hash value `{value}`"))?;
                if !(1..=MAX_HASH_MIB).contains(&mib) {
                    return Err(format!("Hash must be within 1..={MAX_HASH_MIB}"));
                }
                self.searcher().resize_hash(mib);
                Ok(())
            }
            "move overhead" => {
                let ms: u64 = value.parse().map_err(|_| format!("bad Move Overhead value `{value}`"))?;
                if ms > crate::time::MAX_MOVE_OVERHEAD_MS {
                    return Err(format!(
                        "Move Overhead must be within 0..={}",
                        crate::time::MAX_MOVE_OVERHEAD_MS
                    ));
                }
                self.move_overhead_ms = ms;
                Ok(())
            }
            "uci_showwdl" => {
                self.show_wdl = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("bad UCI_ShowWDL value `{value}`")),
                };
                Ok(())
            }
            _ => Err(format!("unknown option `{name}`")),
        }
    }

    fn position(&mut self, tokens: &[&str]) -> Result<(), String> {
        let moves_at = tokens.iter().position(|&t| t == "moves");
        let end = moves_at.unwrap_or(tokens.len());
        let mut pos = match tokens.get(1) {
            Some(&"startpos") if end == 2 => Position::startpos(),
            Some(&"fen") if end > 2 => {
                let fields = &tokens[2..end];
                let fen = fields.join(" ");
                match Position::from_fen(&fen) {
                    Ok(p) => p,
                    Err(e) if fields.len() == 4 => {
                        Position::from_fen(&format!("{fen} 0 1")).map_err(|_| format!("bad FEN: {e}"))?
                    }
                    Err(e) => return Err(format!("bad FEN: {e}")),
                }
            }
            _ => return Err("expected `position startpos|fen <fen> [moves ...]`".into()),
        };
        if let Some(m) = moves_at {
            for text in &tokens[m + 1..] {
                let mv = pos.parse_uci(text).map_err(|e| format!("move `{text}`: {e}"))?;
                pos.play(mv).map_err(|e| e.to_string())?;
            }
        }
        self.pos = pos;
        Ok(())
    }

    fn go(&mut self, tokens: &[&str]) -> Result<(), String> {
        let mut limits = Limits::default();
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0u64, 0u64, None);
        let mut infinite = false;
        let mut i = 1;
        while i < tokens.len() {
            let t = tokens[i];
            match t {
                "depth" => limits.depth = Some(parse_num(tokens, i, t)?),
                "nodes" => limits.nodes = Some(parse_num(tokens, i, t)?),
                "movetime" => {
                    let ms: u64 = parse_num(tokens, i, t)?;
                    limits.time_ms = Some(ms.saturating_sub(crate::time::MOVE_OVERHEAD_MS / 3).max(1));
                }
                "wtime" => wtime = Some(parse_num::<i64>(tokens, i, t)?.max(0) as u64),
                "btime" => btime = Some(parse_num::<i64>(tokens, i, t)?.max(0) as u64),
                "winc" => winc = parse_num::<i64>(tokens, i, t)?.max(0) as u64,
                "binc" => binc = parse_num::<i64>(tokens, i, t)?.max(0) as u64,
                "movestogo" => mtg = Some(parse_num(tokens, i, t)?),
                "mate" => {
                    let n: u32 = parse_num(tokens, i, t)?;
                    limits.depth = Some(n.saturating_mul(2).max(1));
                }
                "infinite" | "ponder" => {
                    infinite = true;
                    i += 1;
                    continue;
                }
                _ => return Err(format!("unknown `go` parameter `{t}`")),
            }
            i += 2;
        }
        let white = self.pos.turn() == gambit_rules::Color::White;
        let (time, inc) = if white { (wtime, winc) } else { (btime, binc) };
        if let Some(time_ms) = time
            && !infinite
        {
            let (soft, hard) = allocate(Clock {
                time_ms,
                inc_ms: inc,
                moves_to_go: mtg,
                overhead_ms: self.move_overhead_ms,
            });
            limits.soft_time_ms = Some(soft);
            limits.time_ms = Some(limits.time_ms.map_or(hard, |t| t.min(hard)));
        }
        if infinite {
            limits.time_ms = None;
            limits.soft_time_ms = None;
        }
        let waits = infinite || (limits == Limits::default());
        let mut searcher =
            self.searcher.take().unwrap_or_else(|| Searcher::new(Params::default(), DEFAULT_HASH_MIB));
        let mut pos = self.pos.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let out = Arc::clone(&self.out);
        let show_wdl = self.show_wdl;
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let mut handler = UciHandler { stop: Arc::clone(&flag), out: Arc::clone(&out), show_wdl };
            let result = searcher.search(&mut pos, &limits, &mut handler);
            // UCI: after `go infinite` the bestmove waits for `stop`.
            while waits && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let best = result.best.map_or_else(|| "0000".to_string(), |m| m.to_uci());
            match result.pv.get(1) {
                Some(p) if result.pv.first() == result.best.as_ref() => {
                    send(&out, &format!("bestmove {best} ponder {}", p.to_uci()));
                }
                _ => send(&out, &format!("bestmove {best}")),
            }
            searcher
        });
        self.job = Some(Job { stop, handle, infinite: waits });
        Ok(())
    }
}
