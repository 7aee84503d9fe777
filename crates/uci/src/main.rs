//! `gambit-uci`: Gambit's chess engine speaking UCI on stdin/stdout, with no arguments (what chess GUIs
//! expect). `--version` prints the version; `--help` a short usage note; `--strength-level L` pins
//! `UCI_LimitStrength` to level L ([`gambit_uci::Config::strength_level`], for calibration).

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
    let mut config = gambit_uci::Config::default();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] => {}
        ["--version" | "-V"] => {
            return say(&format!("gambit-uci {}", env!("CARGO_PKG_VERSION")));
        }
        ["--help" | "-h"] => {
            return say("gambit-uci: a UCI chess engine. Run it with no arguments and speak UCI on stdin.\n\
                 --strength-level L: UCI_LimitStrength plays level L (0 Beginner .. 3 Expert, preset steps) \
                 whatever UCI_Elo says (for calibration).");
        }
        ["--strength-level", level] => match level.parse::<f64>() {
            Ok(l) if (0.0..=gambit_uci::strength::MAX_LEVEL).contains(&l) => config.strength_level = Some(l),
            _ => {
                eprintln!(
                    "error: --strength-level takes a number from 0 to {} (preset steps), not `{level}`",
                    gambit_uci::strength::MAX_LEVEL
                );
                return ExitCode::from(2);
            }
        },
        [other, ..] => {
            eprintln!(
                "error: unexpected argument `{other}` (gambit-uci takes none but --strength-level L; try --help)"
            );
            return ExitCode::from(2);
        }
    }
    let stdin = std::io::stdin();
    match gambit_uci::run_with(stdin.lock(), std::io::stdout(), &config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
