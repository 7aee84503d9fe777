//! `gambit-cli pgn FILE...`: reads PGN files as other programs write them (UTF-8 with or without a
//! byte-order mark, else Windows-1252; any Unicode spaces; Chess960) and reports each game, or its
//! error at `FILE:LINE:COLUMN`; `--rewrite` prints the games read in PGN export format instead.
//!
//! Exit status: 0 when every game of every file was read, 2 when any was not (its error is
//! reported and the other games are still read), 1 when a file cannot be read at all (I/O) or no file
//! was named. An I/O error takes precedence over bad games.

use std::io::Write;
use std::path::{Path, PathBuf};

use gambit_rules::{PgnError, PgnGame, PgnReader, Variations, decode_pgn};

use crate::{bad, note};

/// The Seven Tag Roster (PGN standard 8.1.1), in export order, with the value written when a game
/// lacks the tag (`Result` is the game's own).
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// What reading one file gave.
#[derive(Default)]
struct Tally {
    read: usize,
    failed: usize,
}

/// Reads every file of `files` and reports on `out` (with `rewrite`: prints the games read, in
/// export format, on `out`, and the errors on standard error).
pub(crate) fn run(out: &mut impl Write, files: &[PathBuf], rewrite: bool) -> anyhow::Result<()> {
    if files.is_empty() {
        return Err(anyhow::anyhow!("no PGN file named (usage: gambit-cli pgn FILE...)"));
    }
    let mut total = Tally::default();
    let mut unreadable = Vec::new();
    for path in files {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) => {
                note!("{}: cannot read: {e}", path.display());
                unreadable.push(path.display().to_string());
                continue;
            }
        };
        let tally = read_file(out, path, &bytes, rewrite)?;
        total.read += tally.read;
        total.failed += tally.failed;
    }
    if !unreadable.is_empty() {
        return Err(anyhow::anyhow!("cannot read {}", unreadable.join(", ")));
    }
    if total.failed > 0 {
        return Err(bad(format!("{} of {} games not read", total.failed, total.read + total.failed)));
    }
    Ok(())
}

/// Reads one file's games, reporting each.
fn read_file(out: &mut impl Write, path: &Path, bytes: &[u8], rewrite: bool) -> anyhow::Result<Tally> {
    let name = path.display();
    let mut tally = Tally::default();
    let (text, encoding) = match decode_pgn(bytes) {
        Ok(decoded) => decoded,
        Err(e) => {
            report_error(out, &format!("{name}"), 1, &e, rewrite)?;
            tally.failed += 1;
            return Ok(tally);
        }
    };
    for (i, result) in PgnReader::new(&text, Variations::Keep).enumerate() {
        let number = i + 1;
        match result {
            Ok(game) => {
                tally.read += 1;
                if rewrite {
                    writeln!(out, "{}", export(game))?;
                } else {
                    writeln!(out, "{name}: game {number}: {}", describe(&game))?;
                }
            }
            Err(e) => {
                tally.failed += 1;
                report_error(out, &format!("{name}"), number, &e, rewrite)?;
            }
        }
    }
    let summary =
        format!("{name}: {} games read, {} not read ({})", tally.read, tally.failed, encoding.name());
    if rewrite {
        note!("{summary}");
    } else {
        writeln!(out, "{summary}")?;
    }
    Ok(tally)
}

/// `FILE:LINE:COLUMN: game N: what`, on `out` (or standard error with `--rewrite`).
fn report_error(
    out: &mut impl Write,
    name: &str,
    number: usize,
    e: &PgnError,
    rewrite: bool,
) -> anyhow::Result<()> {
    let line = format!("{name}:{}:{}: game {number}: {}", e.line, e.column, e.kind);
    if rewrite {
        note!("{line}");
    } else {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// `White - Black, N plies, result` (and `Chess960` for a Chess960 start).
fn describe(game: &PgnGame) -> String {
    let tag = |name: &str| game.tag(name).unwrap_or("?").to_string();
    let variant = if game.start.is_chess960() { ", Chess960" } else { "" };
    format!(
        "{} - {}, {} plies, {}{variant}",
        tag("White"),
        tag("Black"),
        game.mainline.moves.len(),
        game.result
    )
}

/// The game in PGN export format: the Seven Tag Roster first in its order (missing tags as `?`, the
/// `Result` tag equal to the game's result), then the other tags as read; the movetext in SAN as this
/// crate writes it, lines wrapped at 80 columns.
fn export(mut game: PgnGame) -> String {
    let mut tags = Vec::with_capacity(game.tags.len() + SEVEN_TAG_ROSTER.len());
    for (name, missing) in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => game.result.as_str().to_string(),
            _ => game.tag(name).unwrap_or(missing).to_string(),
        };
        tags.push((name.to_string(), value));
    }
    let rest = game.tags.drain(..).filter(|(n, _)| !SEVEN_TAG_ROSTER.iter().any(|(s, _)| s == n));
    tags.extend(rest);
    game.tags = tags;
    game.to_pgn(Some(80))
}
