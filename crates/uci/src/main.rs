//! `gambit-uci`: Gambit's chess engine speaking UCI on stdin/stdout, with no arguments (what chess GUIs
//! expect). `--version` prints the version; `--help` a short usage note.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {}
        Some("--version" | "-V") => {
            println!("gambit-uci {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Some("--help" | "-h") => {
            println!("gambit-uci: a UCI chess engine. Run it with no arguments and speak UCI on stdin.");
            return ExitCode::SUCCESS;
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
