//! `--color auto|always|never`, `NO_COLOR` and `--unicode` on the boards the CLI prints: no escape code
//! into a pipe (the harness captures standard output through one) unless `--color always`, colour on a
//! terminal (a pseudo-terminal here) unless `NO_COLOR` is set and not empty or `--color never`.

use std::process::{Command, Stdio};

const ESC: char = '\x1b';

/// Runs the CLI with standard output captured through a pipe; `no_color` sets `NO_COLOR` (else it is
/// removed). Returns standard output.
fn piped(args: &[&str], no_color: Option<&str>) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gambit-cli"));
    cmd.args(args).stdin(Stdio::null()).env("GAMBIT_DATA_DIR", env!("CARGO_TARGET_TMPDIR"));
    match no_color {
        Some(v) => cmd.env("NO_COLOR", v),
        None => cmd.env_remove("NO_COLOR"),
    };
    let out = cmd.output().expect("gambit-cli runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The text without its SGR sequences.
fn strip_sgr(text: &str) -> String {
    let mut out = String::new();
    let mut in_sgr = false;
    for c in text.chars() {
        match (in_sgr, c) {
            (false, ESC) => in_sgr = true,
            (false, c) => out.push(c),
            (true, 'm') => in_sgr = false,
            (true, _) => {}
        }
    }
    out
}

#[test]
fn a_pipe_gets_plain_text_under_auto_and_never() {
    let args = ["show", "--moves", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    let auto = piped(&args, None);
    assert!(!auto.contains(ESC), "{auto:?}");
    assert!(auto.starts_with("8 r . b q k b . r\n7 p p p p . Q p p\n"), "{auto}");
    let explicit: Vec<&str> = ["--color", "auto"].iter().chain(&args).copied().collect();
    assert_eq!(piped(&explicit, None), auto);
    assert_eq!(piped(&[&args[..], &["--color", "never"]].concat(), None), auto);
    assert_eq!(piped(&args, Some("1")), auto);
}

#[test]
fn color_always_colours_a_pipe_even_with_no_color() {
    let args = ["show", "--color", "always", "--moves", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    let text = piped(&args, None);
    // f7: the last move's destination (142) under the White queen (bold 231); e8: Black's king in
    // check (160); h5 left by the queen (101); a1 a dark square (137) under a White rook.
    assert!(text.contains("\x1b[0;1;38;5;231;48;5;142m Q"), "{text:?}");
    assert!(text.contains("\x1b[0;1;38;5;16;48;5;160m k"), "{text:?}");
    assert!(text.contains("\x1b[0;38;5;240;48;5;101m .\x1b[0m\n4"), "{text:?}");
    assert!(text.contains("1\x1b[0;1;38;5;231;48;5;137m R"), "{text:?}");
    assert_eq!(text.matches("\x1b[0m\n").count(), 8, "each rank line ends with a reset");
    // The same characters as the plain board, and `--color always` wins over NO_COLOR.
    assert_eq!(
        strip_sgr(&text),
        piped(&["show", "--moves", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"], None)
    );
    assert_eq!(piped(&args, Some("1")), text);
}

#[test]
fn unicode_pieces_with_and_without_colour() {
    let plain = piped(&["show", "--unicode"], None);
    assert!(plain.starts_with("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n7 ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟\n"), "{plain}");
    assert!(plain.contains("1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n  a b c d e f g h\nfen: "), "{plain}");
    let coloured = piped(&["--unicode", "--color", "always", "show"], None);
    assert!(coloured.starts_with("8\x1b[0;1;38;5;16;48;5;180m ♜"), "{coloured:?}");
    assert_eq!(strip_sgr(&coloured), plain);
}

#[test]
fn every_board_printing_subcommand_follows_color() {
    let commands: [&[&str]; 6] = [
        &["skills", "--actions", "e2e4 fz e4"],
        &["skills-demo"],
        &["battle", "--template", "pawn_wall", "--seed", "3"],
        &["solve", "--template", "pawn_wall", "--seed", "1", "--nodes", "2000"],
        &["play", "--watch", "--engine", "random", "--opponent", "random", "--max-plies", "2"],
        &["play", "--skills", "--watch", "--depth", "1", "--nodes", "50", "--max-plies", "2"],
    ];
    for args in commands {
        let plain = piped(args, None);
        assert!(!plain.contains(ESC), "{args:?}");
        assert!(plain.contains("  a b c d e f"), "{args:?} prints a board: {plain}");
        let coloured = piped(&[args, &["--color", "always"]].concat(), None);
        assert!(coloured.contains("\x1b[0m\n"), "{args:?}: {coloured:?}");
        assert_eq!(strip_sgr(&coloured).replace(['[', ']'], ""), plain.replace(['[', ']'], ""), "{args:?}");
    }
    // Skill chess: e4 frozen (38, bracketed in plain text), e2 left by the last move (101).
    let text = piped(&["skills", "--actions", "e2e4 fz e4", "--color", "always"], None);
    let rank4 = concat!(
        "4",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0;1;38;5;231;48;5;38m P",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0;38;5;240;48;5;180m .",
        "\x1b[0;38;5;240;48;5;137m .",
        "\x1b[0m\n",
    );
    assert!(text.contains(rank4), "{text:?}");
    assert!(text.contains("\x1b[0;38;5;240;48;5;101m ."), "{text:?}");
    assert!(piped(&["skills", "--actions", "e2e4 fz e4"], None).contains("4 . . . . [P] . . .\n"));
    // A battle: its hole a4 (234 behind a 239 `#`), then the player's rook's move b1-b5 (101, 142).
    let text = piped(&["battle", "--template", "pawn_wall", "--seed", "3", "--color", "always"], None);
    assert!(text.contains("4\x1b[0;38;5;239;48;5;234m #"), "{text:?}");
    assert!(text.contains("5\x1b[0;38;5;240;48;5;137m .\x1b[0;1;38;5;231;48;5;142m R"), "{text:?}");
    assert!(text.contains("1\x1b[0;1;38;5;231;48;5;137m N\x1b[0;38;5;240;48;5;101m ."), "{text:?}");
}

/// Runs the CLI with standard output on a pseudo-terminal, as a person's shell runs it.
#[cfg(unix)]
fn on_terminal(args: &[&str], no_color: Option<&str>) -> String {
    use std::io::Read;
    let pty = nix::pty::openpty(None, None).expect("a pseudo-terminal");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gambit-cli"));
    cmd.args(args).stdin(Stdio::null()).stderr(Stdio::null()).stdout(Stdio::from(pty.slave));
    match no_color {
        Some(v) => cmd.env("NO_COLOR", v),
        None => cmd.env_remove("NO_COLOR"),
    };
    let mut child = cmd.spawn().expect("gambit-cli runs");
    // The parent's copy of the terminal's slave side went with `cmd`; reading the master side ends
    // (EIO on Linux) once the child has closed it.
    drop(cmd);
    let mut master = std::fs::File::from(pty.master);
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match master.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
        }
    }
    assert!(child.wait().unwrap().success());
    // The terminal writes each newline as CR LF.
    String::from_utf8(bytes).unwrap().replace("\r\n", "\n")
}

#[cfg(unix)]
#[test]
fn a_terminal_gets_colour_under_auto_unless_no_color_or_never() {
    let args = ["show", "--moves", "e4"];
    let coloured = on_terminal(&args, None);
    assert!(coloured.contains("\x1b[0;1;38;5;231;48;5;142m P"), "{coloured:?}");
    assert_eq!(coloured, piped(&["show", "--color", "always", "--moves", "e4"], None));
    // An empty NO_COLOR does not count (no-color.org); a non-empty one turns auto off.
    assert_eq!(on_terminal(&args, Some("")), coloured);
    let plain = piped(&args, None);
    assert_eq!(on_terminal(&args, Some("1")), plain);
    assert_eq!(on_terminal(&["show", "--color", "never", "--moves", "e4"], None), plain);
    assert_eq!(on_terminal(&["show", "--color", "always", "--moves", "e4"], Some("1")), coloured);
}
