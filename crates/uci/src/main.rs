//! `gambit-uci`: Gambit's chess engine speaking UCI on stdin/stdout, with no arguments (what chess GUIs
//! expect). `--version` prints the version; `--help` a short usage note.

use std::io::{self, Write};
use std::process::ExitCode;

/// Prints one line to stdout. A reader that has gone away (`gambit-uci --help | head -0`) is not a
/// failure: the line had nowhere to go, and the exit status stays 0 as for the other commands.
fn say(line: &str) -> ExitCode {
    match writeln!(io::stdout(), "{line}") {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {}
        Some("--version" | "-V") => {
            return say(&format!("gambit-uci {}", env!("CARGO_PKG_VERSION")));
        }
        Some("--help" | "-h") => {
            return say("gambit-uci: a UCI chess engine. Run it with no arguments and speak UCI on stdin.");
        }
        Some(other) => {
            eprintln!("error: unexpected argument `{other}` (gambit-uci takes none; try --help)");
            return ExitCode::from(2);
        }
    }
    let stdin = std::io::stdin();
    match gambit_uci::run(stdin.lock(), std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
