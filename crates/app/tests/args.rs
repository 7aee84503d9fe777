//! The `gambit` binary's arguments: a refusal is a clear message and exit status 2, before any window
//! opens (so these run without a display).

use std::process::Command;

fn gambit(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gambit")).args(args).env_remove("DISPLAY").output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// `--ui-scale` sets the screenshots' scale only: in play it is refused with a pointer to Settings
/// (a play session took it for the player's scale, silently ignored).
#[test]
fn the_screenshots_ui_scale_is_refused_without_screenshot() {
    let (code, _, err) = gambit(&["--ui-scale", "150"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--ui-scale goes with --screenshot") && err.contains("Settings"), "{err}");
    let (code, _, err) = gambit(&["--ui-scale", "400", "--screenshot", "/nonexistent/never"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("from 75 to 150"), "{err}");
}

/// `--help` and `--version` answer and exit 0; an unknown argument is refused with the usage.
#[test]
fn help_version_and_unknown_arguments() {
    let (code, out, _) = gambit(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("--screenshot DIR"), "{out}");
    let (code, out, _) = gambit(&["--version"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("gambit "), "{out}");
    let (code, _, err) = gambit(&["--frobnicate"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown argument") && err.contains("usage: gambit"), "{err}");
}
