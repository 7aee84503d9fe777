//! The UCI protocol loop, generic over its input and output so tests can drive it in memory.
//!
//! Commands: `uci`, `debug`, `isready`, `setoption`, `register`, `ucinewgame`, `position`, `go`,
//! `stop`, `ponderhit`, `quit`. The search runs on a worker thread with an atomic stop flag, so `stop`,
//! `ponderhit`, `isready` and `quit` are answered while it searches. What a GUI should see about a
//! command it sent (an unknown command, a bad FEN, a `go` parameter that was skipped) is written to
//! standard output as `info string ...`; the loop never drops a `go`: unknown tokens and unreadable
//! values are skipped and named, and the search still answers `bestmove`. At the end of the input a
//! running search is allowed to finish (an `infinite` or pondering one is stopped).
//!
//! The engine holds the start position until the first `position`. A refused `position` (a bad FEN,
//! an illegal move) and `ucinewgame` leave it with no position: each `go` then answers an
//! `info string error: no position: ...` naming why, and `bestmove 0000` (after `stop` or `ponderhit`
//! for `go infinite` and `go ponder`), until a valid `position` arrives. `UCI_Chess960` applies from
//! the next `position`. With `debug on`, each `go` names its thread count, table size and time limits
//! in an `info string debug: ...` line.
//!
//! Protocol reference: the UCI specification by Stefan Meyer-Kahlen (2004, "Description of the
//! universal chess interface (UCI)").

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use gambit_rules::{Color, Move, Position};

use gambit_search::score::{mate_in_moves, wdl};
use gambit_search::{
    BotConfig, Limits, Params, SearchHandler, SearchInfo, SearchResult, Searcher, choose_with,
};

use crate::strength;
use crate::time::{Clock, LagMeter, TimeManager, allocate};

/// The engine name announced by `uci`.
pub const ENGINE_NAME: &str = concat!("Gambit ", env!("CARGO_PKG_VERSION"));

/// Default transposition-table size, MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

/// Largest accepted `Hash`, MiB.
pub const MAX_HASH_MIB: usize = 4096;

/// Largest accepted `Threads`.
pub const MAX_THREADS: usize = 64;

/// Largest accepted `MultiPV`.
pub const MAX_MULTIPV: usize = 256;

/// Runs the UCI loop until `quit` or the end of `input`, writing engine output to `output`.
///
/// # Errors
/// Only an I/O error reading `input`; write errors on `output` end the loop quietly at the next command.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    run_with(input, output, &Config::default())
}

/// How the engine is started, beside what `setoption` sets (the command line of `gambit-uci`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// Pins `UCI_LimitStrength` to this level ([`crate::strength::level_options`]: preset steps,
    /// 0.0 Beginner to 3.0 Expert) whatever `UCI_Elo` says; `None` maps `UCI_Elo` through
    /// [`crate::strength::RATINGS`]. For calibration (`tools/calibrate_elo.py`): it plays a level
    /// the rating table does not name yet.
    pub strength_level: Option<f64>,
}

/// [`run`] started with `config`.
///
/// # Errors
/// As [`run`].
pub fn run_with<R: BufRead, W: Write + Send + 'static>(
    input: R,
    output: W,
    config: &Config,
) -> io::Result<()> {
    let mut uci = Uci::new(output);
    uci.options.strength_level = config.strength_level;
    for line in input.lines() {
        let line = line?;
        if !uci.command(&line) {
            uci.finish(true);
            return Ok(());
        }
    }
    let stop = uci.job.as_ref().is_some_and(|j| j.waits);
    uci.finish(stop);
    Ok(())
}

/// Formats the UCI `info` line of root line `index` (0-based; `multipv index + 1`) of a progress
/// report on the search of `root`: depth, seldepth, multipv, score (with `upperbound` when the line's
/// score is a bound), optional wdl, nodes, nps, hashfull, time, pv (castling as the king taking its
/// rook when `root` is in Chess960 mode).
#[must_use]
pub fn info_line(root: &Position, p: &SearchInfo<'_, Move>, index: usize, show_wdl: bool) -> String {
    let (score, exact, pv) = match p.lines.get(index) {
        Some(l) => (l.score, l.exact, l.pv.as_slice()),
        None => (p.score, true, p.pv),
    };
    let mut s = format!("info depth {} seldepth {} multipv {}", p.depth, p.seldepth.max(p.depth), index + 1);
    s.push_str(&score_text(score));
    if !exact {
        s.push_str(" upperbound");
    }
    if show_wdl {
        let (w, d, l) = wdl(score);
        s.push_str(&format!(" wdl {w} {d} {l}"));
    }
    let nps = p.nodes * 1000 / p.elapsed_ms.max(1);
    s.push_str(&format!(" nodes {} nps {nps} hashfull {} time {} pv", p.nodes, p.hashfull, p.elapsed_ms));
    for m in uci_moves(root, pv) {
        s.push(' ');
        s.push_str(&m);
    }
    s
}

/// A line of moves from `root` in UCI notation ([`Position::uci`]: in Chess960 mode castling is the
/// king taking its rook); stops at the first move that is not legal where it is played.
fn uci_moves(root: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        out.push(pos.uci(m));
        if pos.play(m).is_err() {
            break;
        }
    }
    out
}

/// ` score cp N` or ` score mate N`.
fn score_text(score: i32) -> String {
    match mate_in_moves(score) {
        Some(m) => format!(" score mate {m}"),
        None => format!(" score cp {score}"),
    }
}

/// The engine's options, as set by `setoption`.
#[derive(Clone, Debug)]
struct Options {
    show_wdl: bool,
    /// `Move Overhead`, milliseconds.
    move_overhead_ms: u64,
    threads: usize,
    multipv: usize,
    limit_strength: bool,
    elo: u32,
    /// [`Config::strength_level`].
    strength_level: Option<f64>,
    /// Read the next `position` as Chess960 (the position in force keeps its mode).
    chess960: bool,
    /// `Hash`, MiB.
    hash_mib: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            show_wdl: false,
            move_overhead_ms: crate::time::MOVE_OVERHEAD_MS,
            threads: 1,
            multipv: 1,
            limit_strength: false,
            elo: strength::ELO_MAX,
            strength_level: None,
            chess960: false,
            hash_mib: DEFAULT_HASH_MIB,
        }
    }
}

impl Options {
    /// The level `UCI_LimitStrength` plays (preset steps): the pinned [`Config::strength_level`], else
    /// the level `UCI_Elo` maps to.
    fn level(&self) -> f64 {
        self.strength_level.unwrap_or_else(|| strength::level_of(self.elo))
    }
}

/// The time state shared by the loop (which sees `ponderhit`) and the search thread.
#[derive(Debug)]
struct TimeState {
    /// Searching on the opponent's time: no time limit applies until `ponderhit`.
    pondering: bool,
    /// When the mover's clock started (the `go`, or the `ponderhit`).
    origin: Instant,
}

/// The time limits of one `go`, milliseconds (applied from [`TimeState::origin`]).
#[derive(Copy, Clone, Debug, Default)]
struct TimeLimits {
    /// Allocated from a clock: scaled by the time manager.
    clock: Option<(u64, u64)>,
    /// `movetime`: a hard limit.
    movetime: Option<u64>,
}

/// One of the engine's clock moves, for the [`LagMeter`]: the side, the clock and increment of its
/// `go` (milliseconds), and whether it was pondered (then the GUI's clock started at `ponderhit`).
#[derive(Copy, Clone, Debug)]
struct ClockMove {
    color: Color,
    clock_ms: u64,
    inc_ms: u64,
    ponder: bool,
}

struct Job {
    stop: Arc<AtomicBool>,
    time: Arc<Mutex<TimeState>>,
    /// The searcher back, and the milliseconds from `go` (or `ponderhit`) to `bestmove`.
    handle: JoinHandle<(Searcher<Position>, u64)>,
    clock_move: Option<ClockMove>,
    /// `infinite` or `ponder`: the bestmove waits for `stop` (or `ponderhit`).
    waits: bool,
}

fn send<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

fn lock(time: &Mutex<TimeState>) -> std::sync::MutexGuard<'_, TimeState> {
    time.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

struct UciHandler<W> {
    stop: Arc<AtomicBool>,
    time: Arc<Mutex<TimeState>>,
    limits: TimeLimits,
    manager: Option<TimeManager<Move>>,
    out: Arc<Mutex<W>>,
    /// The position searched (for move notation).
    root: Position,
    show_wdl: bool,
    /// `go mate N`: stop once a mate in at most N moves is found.
    mate: Option<u32>,
    mate_found: bool,
    /// Whether an `info` line with a score and a pv was sent.
    reported: bool,
    /// The best move of the last report.
    reported_best: Option<Move>,
}

impl<W: Write> UciHandler<W> {
    /// Milliseconds since the mover's clock started; `None` while pondering.
    fn elapsed_ms(&self) -> Option<u64> {
        let t = lock(&self.time);
        (!t.pondering).then(|| t.origin.elapsed().as_millis() as u64)
    }
}

impl<W: Write> SearchHandler<Move> for UciHandler<W> {
    fn should_stop(&mut self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let hard = match (self.limits.movetime, self.manager.as_ref().map(TimeManager::hard_ms)) {
            (None, None) => return false,
            (a, b) => a.unwrap_or(u64::MAX).min(b.unwrap_or(u64::MAX)),
        };
        self.elapsed_ms().is_some_and(|e| e >= hard)
    }

    fn stop_deepening(&mut self) -> bool {
        if self.mate_found {
            return true;
        }
        let Some(soft) = self.manager.as_ref().map(TimeManager::soft_ms) else { return false };
        self.elapsed_ms().is_some_and(|e| e >= soft)
    }

    fn on_iteration(&mut self, p: &SearchInfo<'_, Move>) {
        for i in 0..p.lines.len().max(1) {
            send(&self.out, &info_line(&self.root, p, i, self.show_wdl));
        }
        self.reported = true;
        self.reported_best = p.pv.first().copied();
        if let Some(m) = &mut self.manager {
            m.on_iteration(p.pv.first().copied(), p.score);
        }
        if let Some(n) = self.mate
            && mate_in_moves(p.score).is_some_and(|m| m > 0 && m.unsigned_abs() <= n)
        {
            self.mate_found = true;
        }
    }
}

/// A `go` command read leniently: what was understood, and what was skipped.
#[derive(Debug, Default)]
struct Go {
    searchmoves: Vec<Move>,
    ponder: bool,
    infinite: bool,
    wtime: Option<u64>,
    btime: Option<u64>,
    winc: u64,
    binc: u64,
    movestogo: Option<u32>,
    depth: Option<u32>,
    nodes: Option<u64>,
    mate: Option<u32>,
    movetime: Option<u64>,
    /// One message per skipped token or parameter.
    ignored: Vec<String>,
}

const GO_KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// Reads a count or a time: an integer (negative clamps to 0), or a decimal number rounded down.
fn read_number(token: &str) -> Option<u64> {
    if let Ok(v) = token.parse::<i128>() {
        return Some(v.clamp(0, i128::from(u64::MAX)) as u64);
    }
    match token.parse::<f64>() {
        Ok(v) if v.is_finite() => Some(v.max(0.0) as u64),
        _ => None,
    }
}

impl Go {
    /// Parses the tokens after `go` for the position `pos` (for `searchmoves`; with no position,
    /// `searchmoves` are skipped without a message: there is nothing to search). Never fails.
    fn parse(tokens: &[&str], pos: Option<&Position>) -> Go {
        let mut go = Go::default();
        let mut i = 0;
        while i < tokens.len() {
            let key = tokens[i];
            i += 1;
            match key {
                "ponder" => go.ponder = true,
                "infinite" => go.infinite = true,
                "searchmoves" => {
                    while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                        match pos.map(|p| (p, p.parse_uci(tokens[i]))) {
                            Some((p, Ok(m))) if p.legal_moves().contains(&m) => go.searchmoves.push(m),
                            Some(_) => go
                                .ignored
                                .push(format!("searchmoves `{}` (not a legal move here)", tokens[i])),
                            None => {}
                        }
                        i += 1;
                    }
                }
                _ if GO_KEYWORDS.contains(&key) => {
                    let value = tokens.get(i).copied().filter(|t| !GO_KEYWORDS.contains(t));
                    let Some(text) = value else {
                        go.ignored.push(format!("`{key}` (no value)"));
                        continue;
                    };
                    i += 1;
                    let Some(v) = read_number(text) else {
                        go.ignored.push(format!("`{key} {text}` (not a number)"));
                        continue;
                    };
                    let small = u32::try_from(v).unwrap_or(u32::MAX);
                    match key {
                        "wtime" => go.wtime = Some(v),
                        "btime" => go.btime = Some(v),
                        "winc" => go.winc = v,
                        "binc" => go.binc = v,
                        "movestogo" => go.movestogo = Some(small),
                        "depth" => go.depth = Some(small),
                        "nodes" => go.nodes = Some(v),
                        "mate" => go.mate = Some(small),
                        _ => go.movetime = Some(v),
                    }
                }
                other => go.ignored.push(format!("`{other}` (unknown go parameter)")),
            }
        }
        if go.mate == Some(0) {
            go.ignored.push("`mate 0` (a mate needs at least one move)".into());
            go.mate = None;
        }
        go
    }

    /// Whether a limit ends the search by itself: `depth`, `nodes`, `mate`, `movetime`, or a clock
    /// (`wtime` or `btime`; whether it is the mover's is for the caller).
    fn bounded(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.mate.is_some()
            || self.movetime.is_some()
            || self.wtime.is_some()
            || self.btime.is_some()
    }
}

/// Blocks a search thread while its `bestmove` must wait: until `stop`, or for a pondering search
/// until `ponderhit` unless `infinite`.
fn hold_bestmove(stop: &AtomicBool, time: &Mutex<TimeState>, infinite: bool) {
    while !stop.load(Ordering::Relaxed) && (infinite || lock(time).pondering) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

struct Uci<W> {
    out: Arc<Mutex<W>>,
    /// The position `go` searches, or why there is none (a refused `position`, `ucinewgame`).
    pos: Result<Position, String>,
    /// `debug on`: each `go` names its settings and limits in an `info string debug: ...` line.
    debug: bool,
    searcher: Option<Searcher<Position>>,
    options: Options,
    /// Counts `go` commands, seeding the limited-strength choice.
    searches: u64,
    job: Option<Job>,
    /// The last clock move and the engine's milliseconds for it.
    last_move: Option<(ClockMove, u64)>,
    lag: LagMeter,
}

impl<W: Write + Send + 'static> Uci<W> {
    fn new(output: W) -> Uci<W> {
        Uci {
            out: Arc::new(Mutex::new(output)),
            pos: Ok(Position::startpos()),
            debug: false,
            searcher: Some(Searcher::new(Params::default(), DEFAULT_HASH_MIB)),
            options: Options::default(),
            searches: 0,
            job: None,
            last_move: None,
            lag: LagMeter::default(),
        }
    }

    fn info_string(&self, text: &str) {
        send(&self.out, &format!("info string {text}"));
    }

    /// Waits for the running search (stopping it first when `stop`), taking its searcher back.
    fn finish(&mut self, stop: bool) {
        if let Some(job) = self.job.take() {
            if stop {
                job.stop.store(true, Ordering::Relaxed);
            }
            match job.handle.join() {
                Ok((s, engine_ms)) => {
                    self.searcher = Some(s);
                    self.last_move = job.clock_move.map(|m| (m, engine_ms));
                }
                Err(_) => {
                    self.info_string("error: the search thread panicked; starting a fresh searcher");
                    eprintln!("error: the search thread panicked; starting a fresh searcher");
                    let mut s = Searcher::new(Params::default(), DEFAULT_HASH_MIB);
                    s.set_threads(self.options.threads);
                    self.searcher = Some(s);
                }
            }
        }
    }

    /// Before a command that changes the state: a bounded search finishes, an `infinite` or pondering
    /// one is stopped (a GUI sends `stop` first; a script may not).
    fn settle(&mut self) {
        let waits = self.job.as_ref().is_some_and(|j| j.waits);
        self.finish(waits);
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
                self.announce();
                Ok(())
            }
            "debug" => match tokens.get(1).copied() {
                Some("on") => {
                    self.debug = true;
                    Ok(())
                }
                Some("off") => {
                    self.debug = false;
                    Ok(())
                }
                _ => Err("expected `debug on` or `debug off`".to_string()),
            },
            "register" => Ok(()),
            "isready" => {
                send(&self.out, "readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.settle();
                self.searcher().clear();
                // A new game: its position comes with the next `position`, and its first clock is not
                // the continuation of the last move's (the measured GUI delay is kept).
                self.pos = Err("`ucinewgame` starts a game without one".to_string());
                self.last_move = None;
                Ok(())
            }
            "setoption" => {
                self.settle();
                self.setoption(&tokens)
            }
            "position" => {
                self.settle();
                let read = self.position(&tokens);
                self.pos = read.clone().map_err(|e| format!("`{}` was refused ({e})", line.trim()));
                read.map(|_| ())
            }
            "go" => {
                self.settle();
                self.go(&tokens[1..]);
                Ok(())
            }
            "stop" => {
                self.finish(true);
                Ok(())
            }
            "ponderhit" => {
                if let Some(job) = &self.job {
                    let mut t = lock(&job.time);
                    if t.pondering {
                        t.pondering = false;
                        t.origin = Instant::now();
                    }
                }
                Ok(())
            }
            "quit" => return false,
            _ => Err(format!("unknown command `{cmd}`")),
        };
        if let Err(e) = result {
            self.info_string(&format!("error: {e} (ignored: `{}`)", line.trim()));
        }
        true
    }

    fn announce(&self) {
        let lines = [
            format!("id name {ENGINE_NAME}"),
            "id author The Gambit developers".to_string(),
            format!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"),
            "option name Clear Hash type button".to_string(),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "option name Ponder type check default false".to_string(),
            format!(
                "option name Move Overhead type spin default {} min 0 max {}",
                crate::time::MOVE_OVERHEAD_MS,
                crate::time::MAX_MOVE_OVERHEAD_MS
            ),
            "option name UCI_ShowWDL type check default false".to_string(),
            "option name UCI_Chess960 type check default false".to_string(),
            "option name UCI_LimitStrength type check default false".to_string(),
            format!(
                "option name UCI_Elo type spin default {} min {} max {}",
                strength::ELO_MAX,
                strength::ELO_MIN,
                strength::ELO_MAX
            ),
            "uciok".to_string(),
        ];
        for l in lines {
            send(&self.out, &l);
        }
    }

    fn setoption(&mut self, tokens: &[&str]) -> Result<(), String> {
        let name_at = tokens.iter().position(|&t| t == "name").ok_or("setoption needs `name`")?;
        let value_at = tokens.iter().position(|&t| t == "value");
        let name = tokens[name_at + 1..value_at.unwrap_or(tokens.len())].join(" ");
        let value = value_at.map(|v| tokens[v + 1..].join(" ")).unwrap_or_default();
        let number = |lo: u64, hi: u64| -> Result<u64, String> {
            let v: u64 = value.parse().map_err(|_| format!("bad {name} value `{value}`"))?;
            if (lo..=hi).contains(&v) { Ok(v) } else { Err(format!("{name} must be within {lo}..={hi}")) }
        };
        let check = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("bad {name} value `{value}` (true or false)")),
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mib = number(1, MAX_HASH_MIB as u64)? as usize;
                self.searcher().resize_hash(mib);
                self.options.hash_mib = mib;
            }
            "clear hash" => self.searcher().clear(),
            "threads" => {
                let n = number(1, MAX_THREADS as u64)? as usize;
                self.options.threads = n;
                self.searcher().set_threads(n);
            }
            "multipv" => self.options.multipv = number(1, MAX_MULTIPV as u64)? as usize,
            "ponder" => {
                check()?;
            }
            "move overhead" => self.options.move_overhead_ms = number(0, crate::time::MAX_MOVE_OVERHEAD_MS)?,
            "uci_showwdl" => self.options.show_wdl = check()?,
            "uci_limitstrength" => self.options.limit_strength = check()?,
            // Read by the next `position`: the position in force keeps its castling notation (a
            // Chess960 position may have castling rights standard chess cannot write).
            "uci_chess960" => self.options.chess960 = check()?,
            "uci_elo" => {
                self.options.elo = number(u64::from(strength::ELO_MIN), u64::from(strength::ELO_MAX))? as u32;
            }
            _ => return Err(format!("unknown option `{name}`")),
        }
        Ok(())
    }

    /// Reads a `position` command (all of it: a move that cannot be played refuses the whole command).
    fn position(&self, tokens: &[&str]) -> Result<Position, String> {
        let moves_at = tokens.iter().position(|&t| t == "moves");
        let end = moves_at.unwrap_or(tokens.len());
        let read = |fen: &str| {
            if self.options.chess960 { Position::from_chess960_fen(fen) } else { Position::from_fen(fen) }
        };
        let mut pos = match tokens.get(1) {
            Some(&"startpos") if end == 2 => {
                let mut p = Position::startpos();
                p.set_chess960(self.options.chess960).map_err(|e| e.to_string())?;
                p
            }
            Some(&"fen") if end > 2 => {
                let fields = &tokens[2..end];
                let fen = fields.join(" ");
                match read(&fen) {
                    Ok(p) => p,
                    Err(e) if fields.len() == 4 => {
                        read(&format!("{fen} 0 1")).map_err(|_| format!("bad FEN: {e}"))?
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
        Ok(pos)
    }

    /// `go` with no position: names why and answers `bestmove 0000`, at once, or for `go infinite`,
    /// `go ponder` and a bare `go` after `stop` (or `ponderhit` when pondering), as a search would.
    fn go_without_position(&mut self, tokens: &[&str], why: &str) {
        self.info_string(&format!("error: no position: {why}; bestmove 0000 until a valid `position`"));
        let go = Go::parse(tokens, None);
        let infinite = go.infinite || !go.bounded();
        if !infinite && !go.ponder {
            send(&self.out, "bestmove 0000");
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let time = Arc::new(Mutex::new(TimeState { pondering: go.ponder, origin: Instant::now() }));
        let (flag, state, out) = (Arc::clone(&stop), Arc::clone(&time), Arc::clone(&self.out));
        let searcher =
            self.searcher.take().unwrap_or_else(|| Searcher::new(Params::default(), DEFAULT_HASH_MIB));
        let handle = std::thread::spawn(move || {
            hold_bestmove(&flag, &state, infinite);
            send(&out, "bestmove 0000");
            (searcher, 0)
        });
        self.job = Some(Job { stop, time, handle, clock_move: None, waits: true });
    }

    /// The `info string debug: ...` text of a `go`: threads, table size, strength, and the time
    /// limits it runs under (`overhead_ms` the reserve they were allocated with, milliseconds).
    fn debug_text(&mut self, limits: &TimeLimits, horizon: u32, overhead_ms: u64) -> String {
        let mut parts = vec![
            format!("threads {}", self.searcher().threads()),
            format!("hash {} MiB", self.options.hash_mib),
        ];
        if self.options.limit_strength {
            match self.options.strength_level {
                Some(level) => parts.push(format!("UCI_LimitStrength at level {level} (pinned)")),
                None => parts.push(format!("UCI_LimitStrength at UCI_Elo {}", self.options.elo)),
            }
        }
        if let Some((soft, hard)) = limits.clock {
            parts.push(format!(
                "clock: soft {soft} ms, hard {hard} ms ({horizon} moves to go, overhead {overhead_ms} ms)"
            ));
        }
        if let Some(ms) = limits.movetime {
            parts.push(format!("movetime {ms} ms (overhead {overhead_ms} ms)"));
        }
        if limits.clock.is_none() && limits.movetime.is_none() {
            parts.push("no time limit".to_string());
        }
        format!("debug: {}", parts.join(", "))
    }

    /// The time limits of a `go` for the side to move in `current` (`time` and `inc`: its clock and
    /// increment in ms): the measured GUI delay (observed from the previous clock move) added to
    /// the overhead option, `movetime` less that, the clock's soft and hard limits; with the
    /// allocation's horizon (moves) and the overhead (ms), for the debug line.
    fn time_limits(
        &mut self,
        go: &Go,
        current: &Position,
        time: Option<u64>,
        inc: u64,
    ) -> (TimeLimits, u32, u64) {
        // The GUI's delay per move, measured from the previous clock move of the same side.
        if let (Some((m, engine_ms)), Some(now)) = (self.last_move.take(), time)
            && m.color == current.turn()
            && !m.ponder
        {
            self.lag.observe(m.clock_ms, m.inc_ms, engine_ms, now);
        }
        // The measured delay is time every coming move will lose on top of the search, so it is added to
        // the option's safety margin, not merged into it: with the larger of the two, a machine whose
        // delay matched the margin used the whole reserve up (the clock settled near inc + 2 delays,
        // about 0.15 s at 5+0.05, and a scheduling stall there lost on time).
        let overhead = self.lag.overhead_ms(self.options.move_overhead_ms);
        let mut limits = TimeLimits::default();
        let mut horizon = crate::time::DEFAULT_MOVES_TO_GO;
        if let Some(ms) = go.movetime {
            limits.movetime = Some(ms.saturating_sub(overhead).max(1));
        }
        if let Some(time_ms) = time
            && !go.infinite
        {
            let clock = Clock { time_ms, inc_ms: inc, moves_to_go: go.movestogo, overhead_ms: overhead };
            horizon = clock.horizon();
            let (soft, hard) = allocate(clock);
            // A single legal move: depth 1 (for its info line) and no more.
            let forced = current.count_legal_moves() == 1;
            limits.clock = Some((if forced { 1 } else { soft }, hard));
        }
        (limits, horizon, overhead)
    }

    fn go(&mut self, tokens: &[&str]) {
        let current = match &self.pos {
            Ok(p) => p.clone(),
            Err(why) => {
                let why = why.clone();
                self.go_without_position(tokens, &why);
                return;
            }
        };
        let go = Go::parse(tokens, Some(&current));
        for text in &go.ignored {
            self.info_string(&format!("ignored: {text}"));
        }
        self.searches += 1;
        let (time, inc) =
            if current.turn() == Color::White { (go.wtime, go.winc) } else { (go.btime, go.binc) };
        let (limits, horizon, overhead) = self.time_limits(&go, &current, time, inc);
        if self.debug {
            let text = self.debug_text(&limits, horizon, overhead);
            self.info_string(&text);
        }
        let bounded = go.depth.is_some()
            || go.nodes.is_some()
            || go.mate.is_some()
            || limits.movetime.is_some()
            || limits.clock.is_some();
        // `infinite`, or no limit at all: the bestmove waits for `stop`.
        let infinite = go.infinite || !bounded;
        // ... and while pondering, for `ponderhit` too.
        let waits = infinite || go.ponder;
        let stop = Arc::new(AtomicBool::new(false));
        let time_state = Arc::new(Mutex::new(TimeState { pondering: go.ponder, origin: Instant::now() }));
        let mut handler = UciHandler {
            stop: Arc::clone(&stop),
            time: Arc::clone(&time_state),
            limits,
            manager: limits.clock.map(|(soft, hard)| TimeManager::new(soft, hard)),
            out: Arc::clone(&self.out),
            root: current.clone(),
            show_wdl: self.options.show_wdl,
            mate: go.mate,
            mate_found: false,
            reported: false,
            reported_best: None,
        };
        let search_limits =
            Limits { depth: go.depth.map(|d| d.max(1)), nodes: go.nodes, ..Limits::default() };
        let mut searcher =
            self.searcher.take().unwrap_or_else(|| Searcher::new(Params::default(), DEFAULT_HASH_MIB));
        let mut pos = current.clone();
        let options = self.options.clone();
        let seed = pos.key() ^ self.searches;
        let root = go.searchmoves;
        // The limited-strength bot keeps to `movetime` and to the clock's soft limit (it is fast, but
        // not on a loaded machine: spending up to the hard limit on every move drains the clock);
        // while pondering it has none.
        let bot_time = match (limits.movetime, limits.clock) {
            _ if go.ponder => None,
            (Some(m), Some((s, _))) => Some(m.min(s)),
            (m, c) => m.or(c.map(|(s, _)| s)),
        };
        let handle = std::thread::spawn(move || {
            let result = if options.limit_strength {
                limited_search(&mut pos, &options, seed, &root, &search_limits, bot_time, &handler.stop)
            } else {
                searcher.params.multipv = options.multipv;
                searcher.search_parallel(&mut pos, &search_limits, &root, &mut handler)
            };
            if !handler.reported || result.best != handler.reported_best {
                send(&handler.out, &final_info(&pos, &result, handler.show_wdl));
            }
            // UCI: after `go infinite` the bestmove waits for `stop`; while pondering, for `ponderhit`.
            hold_bestmove(&handler.stop, &handler.time, infinite);
            let line = match result.best {
                Some(b) if result.pv.first() == Some(&b) => {
                    uci_moves(&pos, &result.pv[..result.pv.len().min(2)])
                }
                Some(b) => uci_moves(&pos, &[b]),
                None => vec!["0000".to_string()],
            };
            match line.as_slice() {
                [best, ponder] => send(&handler.out, &format!("bestmove {best} ponder {ponder}")),
                _ => send(&handler.out, &format!("bestmove {}", line[0])),
            }
            let engine_ms = lock(&handler.time).origin.elapsed().as_millis() as u64;
            (searcher, engine_ms)
        });
        let clock_move = time.zip(limits.clock).map(|(clock_ms, _)| ClockMove {
            color: current.turn(),
            clock_ms,
            inc_ms: inc,
            ponder: go.ponder,
        });
        self.job = Some(Job { stop, time: time_state, handle, waits, clock_move });
    }
}

/// The `info` line sent when no iteration reported the move played: a root with no legal move
/// (`depth 0`, `score mate 0` when mated, `score cp 0` when stalemated), a search cut before depth 1
/// completed (`depth 0`, the fallback or the best move proven so far), a limited-strength choice, or a
/// best move adopted from an iteration the stop interrupted. It has `nodes`, `nps` and `time` (no
/// `hashfull`: the result does not carry the table).
fn final_info(root: &Position, r: &SearchResult<Move>, show_wdl: bool) -> String {
    let mut s = format!("info depth {} seldepth {}", r.completed_depth, r.seldepth.max(r.completed_depth));
    s.push_str(&score_text(r.score));
    if show_wdl {
        let (w, d, l) = wdl(r.score);
        s.push_str(&format!(" wdl {w} {d} {l}"));
    }
    let nps = r.nodes * 1000 / r.elapsed_ms.max(1);
    s.push_str(&format!(" nodes {} nps {nps} time {}", r.nodes, r.elapsed_ms));
    let pv: Vec<Move> = match (r.pv.first(), r.best) {
        (Some(first), Some(best)) if *first == best => r.pv.clone(),
        (_, Some(best)) => vec![best],
        _ => Vec::new(),
    };
    if !pv.is_empty() {
        s.push_str(" pv");
    }
    for m in uci_moves(root, &pv) {
        s.push(' ');
        s.push_str(&m);
    }
    s
}

/// `UCI_LimitStrength`: the bot of the presets at the engine's level (preset steps: the level
/// `UCI_Elo` maps to, or [`Config::strength_level`]), seeded per search.
/// `go depth` and `go nodes` lower its ceilings; `searchmoves` is honoured by choosing among the
/// bot's ranked actions that are listed; `time_ms` (milliseconds) and `stop` end its
/// search early (keeping its last whole iteration).
fn limited_search(
    pos: &mut Position,
    engine: &Options,
    seed: u64,
    root: &[Move],
    limits: &Limits,
    time_ms: Option<u64>,
    stop: &AtomicBool,
) -> SearchResult<Move> {
    let (mut depth, mut options) = strength::level_options(engine.level());
    if let Some(d) = limits.depth {
        depth = depth.min(d);
    }
    if let Some(n) = limits.nodes {
        options.max_nodes = options.max_nodes.min(n);
    }
    options.time_limit_ms = time_ms;
    let start = Instant::now();
    let choice = choose_with(pos, &BotConfig::new(depth, options), seed, Some(stop));
    let mut best = choice.action;
    let mut score = choice.score;
    if !root.is_empty() && best.is_some_and(|b| !root.contains(&b)) {
        let listed = choice.ranked.iter().find(|r| root.contains(&r.action));
        best = listed.map_or(root.first().copied(), |r| Some(r.action));
        score = listed.and_then(|r| r.score).unwrap_or(score);
    }
    let pv = if best == choice.pv.first().copied() { choice.pv.clone() } else { best.into_iter().collect() };
    SearchResult {
        best,
        score,
        pv,
        completed_depth: choice.completed_depth,
        seldepth: choice.completed_depth,
        nodes: choice.nodes,
        elapsed_ms: start.elapsed().as_millis() as u64,
        ranked: choice.ranked,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_search::PvLine;

    fn info(nodes: u64, elapsed_ms: u64, hashfull: u32, pv: &[Move]) -> String {
        let root = Position::startpos();
        let lines = [PvLine { score: 25, exact: true, pv: pv.to_vec() }];
        let p =
            SearchInfo { depth: 3, seldepth: 5, score: 25, nodes, elapsed_ms, pv, hashfull, lines: &lines };
        info_line(&root, &p, 0, false)
    }

    #[test]
    fn info_lines_carry_nps_and_hashfull() {
        let root = Position::startpos();
        let e4 = root.parse_uci("e2e4").unwrap();
        // 123456 nodes in 250 ms: 493824 per second.
        assert_eq!(
            info(123_456, 250, 417, &[e4]),
            "info depth 3 seldepth 5 multipv 1 score cp 25 nodes 123456 nps 493824 hashfull 417 time 250 pv e2e4"
        );
        // Under a millisecond counts as one.
        assert!(info(700, 0, 0, &[e4]).contains(" nodes 700 nps 700000 hashfull 0 time 0 "));
    }

    #[test]
    fn the_final_info_line_carries_nps() {
        let root = Position::startpos();
        let e4 = root.parse_uci("e2e4").unwrap();
        let r = SearchResult {
            best: Some(e4),
            score: 12,
            pv: vec![e4],
            completed_depth: 0,
            seldepth: 0,
            nodes: 50,
            elapsed_ms: 2,
            ranked: Vec::new(),
        };
        assert_eq!(
            final_info(&root, &r, false),
            "info depth 0 seldepth 0 score cp 12 nodes 50 nps 25000 time 2 pv e2e4"
        );
    }

    #[test]
    fn go_without_a_position_skips_searchmoves_and_sees_its_limits() {
        let go = Go::parse(&["searchmoves", "e2e4", "depth", "3"], None);
        assert!(go.searchmoves.is_empty() && go.ignored.is_empty(), "{go:?}");
        assert!(go.bounded());
        assert!(!Go::parse(&["ponder"], None).bounded());
        assert!(Go::parse(&["btime", "100"], None).bounded());
    }
}
