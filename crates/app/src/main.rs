//! The `gambit` binary: a thin wrapper around [`gambit::AppPlugin`].

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::App;

const USAGE: &str =
    "usage: gambit [--screenshot DIR [--ui-scale PERCENT]] [--window WIDTHxHEIGHT] [--measure]
              [--no-audio] [--version] [--help]

  --screenshot DIR   render each screen to DIR/<screen>.png, check each screen's layout
                     (DIR/layout.txt lists what it found; exit status 1 if anything) and exit
                     (under Xvfb: xvfb-run -a -s \"-screen 0 1280x800x24\" gambit --screenshot DIR)
  --ui-scale PERCENT the screenshots' UI scale: 75, 100, 125 or 150 (default 100)
  --window WxH       the window's starting size in logical pixels, 320x240 or more
                     (default 1280x800; with --screenshot, the pictures' size)
  --measure          print start-up time, frame times while the engine thinks and the
                     engine's reply latency at each strength, then exit
  --no-audio         no sound or music this session (no audio device is opened; the
                     volumes in Settings are kept)";

const NO_DISPLAY: &str = "gambit: no display or graphics adapter found, so the window cannot open.
Play in the terminal instead: `gambit-cli play`
(in a source checkout: `cargo run --release -p gambit-cli -- play`)";

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut screenshot_dir = None;
    let mut measure = None;
    let mut screenshot_scale = None;
    let mut window = None;
    let mut no_audio = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--version" | "-V" => {
                println!("gambit {}", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--no-audio" => no_audio = true,
            "--measure" => measure = Some(gambit::measure::ProcessStart(started)),
            "--ui-scale" => match args.get(i + 1).and_then(|p| p.parse::<f32>().ok()) {
                Some(percent) if (75.0..=150.0).contains(&percent) => {
                    screenshot_scale = Some(percent / 100.0);
                    i += 1;
                }
                _ => {
                    eprintln!("gambit: --ui-scale needs a percentage from 75 to 150\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--window" => match args.get(i + 1).and_then(|s| parse_size(s)) {
                Some(size) => {
                    window = Some(size);
                    i += 1;
                }
                None => {
                    eprintln!("gambit: --window needs a size such as 800x600 (320x240 or more)\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--screenshot" => match args.get(i + 1) {
                Some(dir) => {
                    screenshot_dir = Some(PathBuf::from(dir));
                    i += 1;
                }
                None => {
                    eprintln!("gambit: --screenshot needs a directory\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            other => {
                eprintln!("gambit: unknown argument {other:?}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
        i += 1;
    }
    if screenshot_scale.is_some() && screenshot_dir.is_none() {
        // The screenshots' scale only: a player's scale is the setting in Settings, which is saved.
        eprintln!(
            "gambit: --ui-scale goes with --screenshot; to play at another scale, set UI scale in Settings\n{USAGE}"
        );
        return ExitCode::from(2);
    }
    if !display_available() {
        eprintln!("{NO_DISPLAY}");
        return ExitCode::from(1);
    }
    if let Some(dir) = &screenshot_dir
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("gambit: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    // A machine with a display server but no usable graphics adapter makes the renderer panic; turn
    // that into the same clear message instead of a backtrace.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info.to_string().to_lowercase();
        if text.contains("adapter")
            || text.contains("gpu")
            || text.contains("vulkan")
            || text.contains("surface")
        {
            eprintln!("{NO_DISPLAY}\n(renderer: {info})");
            std::process::exit(1);
        }
        default_hook(info);
    }));
    let exit = App::new()
        .add_plugins(gambit::AppPlugin { screenshot_dir, measure, screenshot_scale, window, no_audio })
        .run();
    // The screenshot mode exits with an error when its layout check found something.
    if exit.is_error() { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// Whether a window can open: on Linux and the BSDs an X11 display must be named (the game is built
/// with X11 only); elsewhere the platform always has one.
fn display_available() -> bool {
    if cfg!(any(target_os = "linux", target_os = "freebsd", target_os = "openbsd", target_os = "netbsd")) {
        std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty())
    } else {
        true
    }
}

/// `800x600` -> `(800, 600)`; `None` unless both sides are numbers and at least 320x240.
fn parse_size(text: &str) -> Option<(u32, u32)> {
    let (w, h) = text.split_once('x')?;
    let (w, h) = (w.parse::<u32>().ok()?, h.parse::<u32>().ok()?);
    (w >= 320 && h >= 240 && w <= 16_384 && h <= 16_384).then_some((w, h))
}
