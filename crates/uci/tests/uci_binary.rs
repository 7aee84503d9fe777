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

fn bestmove(lines: &[String]) -> String {
    lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
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

#[test]
fn handshake_position_and_fixed_depth_search() {
    let mut e = Engine::uci();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name Gambit"));
    assert!(lines.iter().any(|l| l.starts_with("option name Hash type spin")));
    assert!(lines.iter().any(|l| l == "option name UCI_ShowWDL type check default false"));
    assert!(lines.iter().any(|l| l == "option name Move Overhead type spin default 30 min 0 max 5000"));
    e.send("setoption name Hash value 8");
    e.send("setoption name Move Overhead value 100");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 5");
    let lines = e.until("bestmove");
    for d in 1..=5 {
        let prefix = format!("info depth {d} seldepth ");
        let info = lines.iter().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("{lines:?}"));
        for field in [" score cp ", " nodes ", " nps ", " time ", " pv "] {
            assert!(info.contains(field), "{info}");
        }
    }
    let best = bestmove(&lines);
    let mut pos = gambit_rules::Position::startpos();
    for m in ["e2e4", "e7e5", "g1f3"] {
        let mv = pos.parse_uci(m).unwrap();
        pos.play(mv).unwrap();
    }
    assert!(pos.parse_uci(&best).is_ok(), "{best}");
    e.send("quit");
    assert_eq!(e.finish().0, 0);
}

#[test]
fn mate_scores_and_wdl() {
    let mut e = Engine::uci();
    e.send("setoption name UCI_ShowWDL value true");
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.contains("score mate 1 wdl 1000 0 0")), "{lines:?}");
    assert_eq!(bestmove(&lines), "a1a8");
    // Mated side: no legal move.
    e.send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove 0000");
    e.send("quit");
    assert_eq!(e.finish().0, 0);
}

#[test]
fn stop_and_quit_are_honoured_while_searching() {
    let mut e = Engine::uci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "infinite waits for stop");
    e.send("stop");
    let best = bestmove(&e.until("bestmove"));
    assert!(gambit_rules::Position::startpos().parse_uci(&best).is_ok());
    // quit in the middle of a search ends the process.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    assert_eq!(e.finish().0, 0);
}

#[test]
fn clock_and_node_limits_return_a_move() {
    let mut e = Engine::uci();
    e.send("position startpos moves d2d4");
    e.send("go wtime 1000 btime 1000 winc 10 binc 10");
    let best = bestmove(&e.until("bestmove"));
    assert_eq!(best.len(), 4);
    e.send("go nodes 5000");
    let lines = e.until("bestmove");
    let nodes: Vec<u64> = lines
        .iter()
        .filter_map(|l| l.split_whitespace().skip_while(|w| *w != "nodes").nth(1)?.parse().ok())
        .collect();
    assert!(nodes.iter().all(|&n| n <= 5000), "{nodes:?}");
    e.send("go movetime 50");
    e.until("bestmove");
    e.send("quit");
    assert_eq!(e.finish().0, 0);
}

#[test]
fn malformed_commands_are_reported_and_ignored() {
    let mut e = Engine::uci();
    for bad in [
        "position fen not a fen at all",
        "position startpos moves e2e5",
        "position",
        "go depth x",
        "go depth",
        "go sideways 3",
        "setoption name Hash value -5",
        "setoption name Move Overhead value 99999",
        "setoption name Nonsense value 1",
        "setoption",
        "xyzzy",
        "\u{1F600}",
    ] {
        e.send(bad);
    }
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    // The position is still the start position: a search from it answers with a start move.
    e.send("go depth 2");
    let best = bestmove(&e.until("bestmove"));
    assert!(gambit_rules::Position::startpos().parse_uci(&best).is_ok());
    e.send("quit");
    let (code, stderr) = e.finish();
    assert_eq!(code, 0);
    assert!(stderr.contains("bad FEN"), "{stderr}");
    assert!(stderr.contains("unknown command `xyzzy`"), "{stderr}");
    assert_eq!(stderr.lines().count(), 12, "{stderr}");
    assert!(stderr.contains("Move Overhead must be within 0..=5000"), "{stderr}");
}

#[test]
fn end_of_input_lets_a_bounded_search_finish() {
    let mut e = Engine::uci();
    e.send("uci");
    e.until("uciok");
    e.send("go depth 3");
    drop(e.stdin.take());
    let best = bestmove(&e.until("bestmove"));
    assert!(gambit_rules::Position::startpos().parse_uci(&best).is_ok());
    assert_eq!(e.finish().0, 0);
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
