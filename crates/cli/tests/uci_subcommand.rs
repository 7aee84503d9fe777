//! `gambit-cli uci`: the same UCI loop as the `gambit-uci` binary (crate `gambit-uci`; its transcript
//! tests live there).

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn cli_uci_subcommand_answers_and_finishes_at_end_of_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gambit-cli"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"uci\nisready\ngo depth 3\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().next().unwrap().starts_with("id name Gambit"), "{text}");
    assert!(text.contains("uciok") && text.contains("readyok"), "{text}");
    let best = text.lines().last().unwrap().strip_prefix("bestmove ").unwrap().split_whitespace().next();
    assert!(gambit_rules::Position::startpos().parse_uci(best.unwrap()).is_ok(), "{text}");
}
