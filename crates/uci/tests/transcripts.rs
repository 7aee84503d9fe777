//! The UCI transcripts of `tests/transcripts/*.uci`, each played against the real `gambit-uci` binary.
//!
//! A transcript is a list of lines:
//! - `> text`: send `text` to the engine;
//! - `< pattern`: read lines until one matches (a hang fails after 60 s);
//! - `= pattern`: the next line must match;
//! - `! pattern`: none of the lines read by the last `<` or `=` (the match included) matches;
//! - `~ ms`: wait (to give a wrong answer the time to appear, never to measure speed);
//! - `close`: close the engine's standard input (then it must exit with status 0 by itself);
//! - `#` comments and blank lines.
//!
//! A pattern is text where `*` matches any run of characters and `|` separates alternatives; `{name}`
//! matches a word (a run without spaces) and, once a match of a `<` or `=` line has bound it, only that
//! same word in the rest of the transcript (so `nodes {fresh}` can ask for a node count seen earlier;
//! a `!` line compares with bound names and binds nothing). Besides what each transcript asks, every
//! transcript checks: each `bestmove` is preceded (since the previous `bestmove`) by an `info` line
//! with `depth` and `score`, and by one with a `pv` unless the engine had no move (`bestmove 0000`),
//! except a `bestmove 0000` after `info string error: no position ...` (a `go` with no position to
//! search); the process exits with status 0; standard error stays empty (what a GUI should see goes to
//! standard output).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

/// The words bound by `{name}` in the patterns matched so far.
type Vars = HashMap<String, String>;

/// Whether `line` matches `pattern` (`*` any run, `|` alternatives, `{name}` a word, bound in `vars`
/// by the first match that binds it).
fn matches(pattern: &str, line: &str, vars: &mut Vars) -> bool {
    pattern.split('|').any(|alt| {
        let mut new = Vec::new();
        let ok = glob(alt.trim().as_bytes(), line.as_bytes(), vars, &mut new);
        if ok {
            vars.extend(new);
        }
        ok
    })
}

/// Whether `s` matches `p`, given the bound `vars` and the bindings `new` of this match so far (a
/// failed branch leaves `new` as it found it).
fn glob(p: &[u8], s: &[u8], vars: &Vars, new: &mut Vec<(String, String)>) -> bool {
    let Some((&c, rest)) = p.split_first() else { return s.is_empty() };
    let close = rest.iter().position(|&b| b == b'}');
    match (c, close) {
        (b'*', _) => (0..=s.len()).any(|i| glob(rest, &s[i..], vars, new)),
        (b'{', Some(end)) => {
            let name = String::from_utf8_lossy(&rest[..end]).into_owned();
            let rest = &rest[end + 1..];
            let bound = vars.get(&name).or_else(|| new.iter().find(|(n, _)| *n == name).map(|(_, v)| v));
            if let Some(v) = bound {
                return s.starts_with(v.as_bytes()) && glob(rest, &s[v.len()..], vars, new);
            }
            let word = s.iter().position(|&b| b == b' ').unwrap_or(s.len());
            (1..=word).any(|j| {
                new.push((name.clone(), String::from_utf8_lossy(&s[..j]).into_owned()));
                let ok = glob(rest, &s[j..], vars, new);
                if !ok {
                    new.pop();
                }
                ok
            })
        }
        _ => s.first() == Some(&c) && glob(rest, &s[1..], vars, new),
    }
}

#[test]
fn the_pattern_language() {
    let v = &mut Vars::new();
    assert!(matches("bestmove *", "bestmove e2e4 ponder e7e5", v));
    assert!(matches("bestmove a2a3*|bestmove h2h3*", "bestmove h2h3", v));
    assert!(!matches("bestmove a2a3*|bestmove h2h3*", "bestmove e2e4", v));
    assert!(matches("info * multipv 2 *", "info depth 3 seldepth 4 multipv 2 score cp 1 pv e2e4", v));
    assert!(!matches("info depth 1", "info depth 12", v));
    // A name binds a whole word, once; then it matches that word only.
    assert!(v.is_empty());
    assert!(!matches("info * nodes {n} time *", "info nodes 12 34 time 5", v));
    assert!(v.is_empty(), "a failed match binds nothing: {v:?}");
    assert!(matches("info * nodes {n} *", "info depth 6 nodes 1234 time 5", v));
    assert_eq!(v["n"], "1234");
    assert!(matches("info * nodes {n} *", "info depth 7 nodes 1234 time 9", v));
    assert!(!matches("info * nodes {n} *", "info depth 6 nodes 12345 time 5", v));
    assert!(!matches("info * nodes {n} *", "info depth 6 nodes 123 time 5", v));
    assert!(matches("{a} {b} {a}", "x y x", v) && !matches("{c} {c}", "x y", v));
}

/// Plays one transcript; returns the failures.
fn play(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut child = Command::new(env!("CARGO_BIN_EXE_gambit-uci"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut stdin = child.stdin.take();
    let mut last: Vec<String> = Vec::new();
    let mut vars = Vars::new();
    let mut all: Vec<String> = Vec::new();
    let next = |all: &mut Vec<String>| -> Option<String> {
        let line = rx.recv_timeout(Duration::from_secs(60)).ok()?;
        all.push(line.clone());
        Some(line)
    };
    for (n, raw) in text.lines().enumerate() {
        let at = format!("{}:{}", path.display(), n + 1);
        let line = raw.trim_end();
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (op, arg) = line.split_at(1);
        let arg = arg.trim();
        match op {
            ">" => {
                let Some(w) = stdin.as_mut() else { return Err(format!("{at}: input already closed")) };
                writeln!(w, "{arg}").and_then(|()| w.flush()).map_err(|e| format!("{at}: {e}"))?;
            }
            "<" => {
                last.clear();
                loop {
                    let Some(l) = next(&mut all) else {
                        return Err(format!("{at}: no line matching `{arg}`; read {last:?}"));
                    };
                    last.push(l.clone());
                    if matches(arg, &l, &mut vars) {
                        break;
                    }
                }
            }
            "=" => {
                let l = next(&mut all).ok_or_else(|| format!("{at}: no line (wanted `{arg}`)"))?;
                if !matches(arg, &l, &mut vars) {
                    return Err(format!("{at}: `{l}` does not match `{arg}`"));
                }
                last = vec![l];
            }
            "!" => {
                if let Some(l) = last.iter().find(|l| matches(arg, l, &mut vars.clone())) {
                    return Err(format!("{at}: unexpected `{l}` (matches `{arg}`)"));
                }
            }
            "~" => {
                std::thread::sleep(Duration::from_millis(arg.parse().map_err(|_| format!("{at}: bad wait"))?))
            }
            _ if line == "close" => drop(stdin.take()),
            _ => return Err(format!("{at}: unknown directive `{line}`")),
        }
    }
    if let Some(mut w) = stdin.take() {
        let _ = writeln!(w, "quit");
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    all.extend(rx.try_iter());
    let name = path.display();
    if out.status.code() != Some(0) {
        return Err(format!("{name}: exit status {:?}", out.status));
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !stderr.is_empty() {
        return Err(format!("{name}: standard error is not empty: {stderr}"));
    }
    let (mut scored, mut with_pv, mut no_position) = (false, false, false);
    for l in &all {
        no_position |= l.starts_with("info string error: no position");
        if l.starts_with("info ") && l.contains(" depth ") || l.starts_with("info depth ") {
            scored |= l.contains(" score ");
            with_pv |= l.contains(" pv ");
        }
        if l.starts_with("bestmove ") {
            if (!scored || !with_pv) && !(l == "bestmove 0000" && (scored || no_position)) {
                return Err(format!("{name}: `{l}` without an info line with depth, score and pv before it"));
            }
            (scored, with_pv, no_position) = (false, false, false);
        }
    }
    Ok(())
}

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "uci"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    // Two at a time: the machine running the tests may have two cores.
    let failures: Vec<String> = files
        .chunks(2)
        .flat_map(|pair| {
            std::thread::scope(|s| {
                let hs: Vec<_> = pair.iter().map(|f| s.spawn(|| play(f))).collect();
                hs.into_iter().filter_map(|h| h.join().unwrap().err()).collect::<Vec<_>>()
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
