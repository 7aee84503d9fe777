//! Drives the real `gambit-uci` binary over stdin/stdout, and the library loop in memory.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start(bin: &str, args: &[&str]) -> Engine {
        let mut child = Command::new(bin)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the engine");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines: rx }
    }

    fn uci() -> Engine {
        Engine::start(env!("CARGO_BIN_EXE_gambit-uci"), &[])
    }

    fn send(&mut self, cmd: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{cmd}").unwrap();
        stdin.flush().unwrap();
    }

    /// Collects lines until one starts with `prefix` (60 s safety timeout: a hang fails the test).
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no `{prefix}` in {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn finish(mut self) -> (i32, String) {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().unwrap();
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn version_flag() {
    let out = Command::new(env!("CARGO_BIN_EXE_gambit-uci")).arg("--version").output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("gambit-uci {}", env!("CARGO_PKG_VERSION"))
    );
    let out = Command::new(env!("CARGO_BIN_EXE_gambit-uci")).arg("--bogus").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `--help`, `--version` and a UCI session end with status 0 and nothing on stderr when standard
/// output is a pipe whose reader has already gone (`gambit-uci --help | head -0`): the write fails
/// with `BrokenPipe` on every run, so this is not a race with a reader.
#[test]
fn closed_output_is_not_a_failure() {
    for (args, input) in
        [(&["--help"][..], ""), (&["--version"][..], ""), (&[][..], "uci\nisready\ngo depth 2\nquit\n")]
    {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let mut child = Command::new(env!("CARGO_BIN_EXE_gambit-uci"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .expect("gambit-uci starts");
        // The program may end before it reads its input; a failed write here is expected then.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "gambit-uci {args:?}: {stderr}");
        assert!(stderr.is_empty(), "gambit-uci {args:?} wrote to stderr: {stderr}");
    }
}

/// The `nodes` of the last `info` line before `bestmove`.
fn last_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|l| l.split_whitespace().skip_while(|w| *w != "nodes").nth(1)?.parse().ok())
        .unwrap_or_else(|| panic!("no nodes in {lines:?}"))
}

#[test]
fn clear_hash_makes_the_next_search_repeat_a_fresh_one() {
    let mut e = Engine::uci();
    e.send("position startpos moves e2e4 c7c5");
    e.send("go depth 6");
    let fresh = last_nodes(&e.until("bestmove"));
    e.send("go depth 6");
    let warm = last_nodes(&e.until("bestmove"));
    e.send("setoption name Clear Hash");
    e.send("go depth 6");
    let cleared = last_nodes(&e.until("bestmove"));
    assert_eq!(cleared, fresh);
    assert!(warm < fresh, "the table helps a repeated search: {warm} vs {fresh}");
    e.send("quit");
    assert_eq!(e.finish(), (0, String::new()));
}

/// The value after `key` in an `info` line.
fn field(line: &str, key: &str) -> Option<u64> {
    line.split_whitespace().skip_while(|w| *w != key).nth(1)?.parse().ok()
}

/// `hashfull` (permille of the first 1000 table slots filled by this search) grows with the search
/// and stays within 0..=1000; `nps` is `nodes` per second of `time`.
#[test]
fn info_lines_report_hashfull_and_nps() {
    let mut e = Engine::uci();
    e.send("setoption name Hash value 1");
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("go depth 8");
    let lines = e.until("bestmove");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth ")).collect();
    assert!(infos.len() >= 8, "{lines:?}");
    let mut fill = Vec::new();
    for l in &infos {
        let (nodes, nps, time) =
            (field(l, "nodes").unwrap(), field(l, "nps").unwrap(), field(l, "time").unwrap());
        assert_eq!(nps, nodes * 1000 / time.max(1), "{l}");
        fill.push(field(l, "hashfull").unwrap());
    }
    assert!(fill.windows(2).all(|w| w[0] <= w[1]), "a search only adds entries: {fill:?}");
    assert!(fill.iter().all(|&f| f <= 1000), "{fill:?}");
    let (first, last) = (fill[0], *fill.last().unwrap());
    assert!(first < 20 && last > 50, "depth 1 leaves the table nearly empty, depth 8 fills it: {fill:?}");
    e.send("quit");
    assert_eq!(e.finish(), (0, String::new()));
}

#[test]
fn node_budgets_hold_and_multipv_lines_are_ranked() {
    let mut e = Engine::uci();
    e.send("setoption name MultiPV value 4");
    e.send("position startpos moves d2d4 g8f6 c2c4");
    e.send("go nodes 30000");
    let lines = e.until("bestmove");
    assert!(last_nodes(&lines) <= 30_000);
    let deepest = lines.iter().rev().find(|l| l.contains(" multipv 4 ")).unwrap();
    let depth = deepest.split_whitespace().nth(2).unwrap();
    let scores: Vec<i32> = (1..=4)
        .map(|k| {
            let l = lines
                .iter()
                .rev()
                .find(|l| {
                    l.starts_with(&format!("info depth {depth} ")) && l.contains(&format!(" multipv {k} "))
                })
                .unwrap();
            l.split_whitespace().skip_while(|w| *w != "cp").nth(1).unwrap().parse().unwrap()
        })
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // The four lines start with four different moves, the first being the bestmove.
    let firsts: std::collections::HashSet<_> = lines
        .iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(firsts.len(), 4, "{lines:?}");
    e.send("quit");
    assert_eq!(e.finish(), (0, String::new()));
}

#[test]
fn the_library_loop_runs_in_memory() {
    // The same loop `gambit-cli uci` calls, over in-memory streams.
    let input = "uci\nisready\nposition startpos moves e2e4\ngo depth 2\n";
    let out = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().write(buf)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    gambit_uci::run(input.as_bytes(), Shared(out.clone())).unwrap();
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    assert!(text.contains("uciok") && text.contains("readyok"), "{text}");
    let best = text.lines().last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    let mut pos = gambit_rules::Position::startpos();
    pos.play(pos.parse_uci("e2e4").unwrap()).unwrap();
    assert!(pos.parse_uci(&best).is_ok(), "{text}");
}

/// `--strength-level L` pins `UCI_LimitStrength` to level L whatever `UCI_Elo` says (the calibration's
/// fit plays levels the rating table does not name yet): at level 0 the search stays within
/// Beginner's 420 nodes although `UCI_Elo` asks for the strongest rating; a level outside 0-3 or not a
/// number is refused with status 2 before any UCI is read.
#[test]
fn strength_level_flag_pins_the_limited_engine() {
    let max = gambit_uci::strength::ELO_MAX;
    let mut e = Engine::start(env!("CARGO_BIN_EXE_gambit-uci"), &["--strength-level", "0"]);
    e.send("setoption name UCI_LimitStrength value true");
    e.send(&format!("setoption name UCI_Elo value {max}"));
    e.send("debug on");
    e.send("position startpos");
    e.send("go wtime 60000 btime 60000");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.contains("UCI_LimitStrength at level 0 (pinned)")), "{lines:?}");
    let nodes = last_nodes(&lines);
    assert!(nodes > 0 && nodes <= 420, "level 0 searched {nodes} nodes: {lines:?}");
    e.send("quit");
    assert_eq!(e.finish().0, 0);
    for bad in ["3.5", "-1", "strong", "NaN"] {
        let out =
            Command::new(env!("CARGO_BIN_EXE_gambit-uci")).args(["--strength-level", bad]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--strength-level"), "{bad}");
    }
}
