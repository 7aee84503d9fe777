//! `gambit-cli epd FILE --movetime MS`: runs a `bm`/`am` test suite.

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Context as _;
use gambit_rules::{Move, Position};
use gambit_search::{Limits, NoHandler, Params, Searcher};

use crate::bad;

/// One EPD record: the position, the best moves (`bm`) and the moves to avoid (`am`), and the id.
pub(crate) struct EpdRecord {
    pub(crate) pos: Position,
    pub(crate) best: Vec<Move>,
    pub(crate) avoid: Vec<Move>,
    pub(crate) id: String,
}

/// Parses one EPD line: four FEN fields, then `;`-separated operations (`bm`, `am` in SAN; `id`).
pub(crate) fn parse_epd(line: &str) -> Result<EpdRecord, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err("an EPD line needs four FEN fields".into());
    }
    let fen = format!("{} 0 1", fields[..4].join(" "));
    let pos = Position::from_fen(&fen).map_err(|e| format!("bad position: {e}"))?;
    // The operations start after the fourth field.
    let mut rest = line.trim_start();
    for _ in 0..4 {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = &rest[end..];
    }
    let (mut best, mut avoid, mut id) = (Vec::new(), Vec::new(), String::new());
    for op in rest.split(';') {
        let mut words = op.split_whitespace();
        let Some(name) = words.next() else { continue };
        let args: Vec<&str> = words.collect();
        match name {
            "bm" | "am" => {
                for san in &args {
                    let m = pos.parse_san(san).map_err(|e| format!("`{name} {san}`: {e}"))?;
                    if name == "bm" { best.push(m) } else { avoid.push(m) }
                }
            }
            "id" => id = args.join(" ").trim_matches('"').to_string(),
            _ => {}
        }
    }
    if best.is_empty() && avoid.is_empty() {
        return Err("no `bm` or `am` operation".into());
    }
    Ok(EpdRecord { pos, best, avoid, id })
}

/// Prints `id expected played solved|failed` per position, then `solved N/M`.
pub(crate) fn run(out: &mut impl Write, file: &str, movetime: u64, hash_mib: usize) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(file).map_err(|e| bad(format!("{file}: {e}")))?;
    if movetime == 0 {
        return Err(bad("--movetime must be at least 1 ms"));
    }
    let mut records = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        records.push(parse_epd(line).map_err(|e| bad(format!("{file}:{}: {e}", n + 1)))?);
    }
    let mut searcher = Searcher::<Position>::new(Params::default(), hash_mib);
    let (mut solved, total) = (0, records.len());
    for mut rec in records {
        searcher.clear();
        let limits = Limits { time_ms: Some(movetime), ..Limits::default() };
        let r = searcher.search(&mut rec.pos, &limits, &mut NoHandler);
        let played = r.best.context("no legal move in a test position")?;
        let ok = (rec.best.is_empty() || rec.best.contains(&played)) && !rec.avoid.contains(&played);
        solved += usize::from(ok);
        let mut expected = String::new();
        for m in &rec.best {
            let _ = write!(expected, "{}{}", if expected.is_empty() { "bm " } else { " " }, rec.pos.san(*m));
        }
        for (i, m) in rec.avoid.iter().enumerate() {
            let sep = if i == 0 { if expected.is_empty() { "am " } else { " am " } } else { " " };
            let _ = write!(expected, "{sep}{}", rec.pos.san(*m));
        }
        let id = if rec.id.is_empty() { "-".to_string() } else { rec.id.clone() };
        writeln!(
            out,
            "{id}  expected {expected}  played {}  {}",
            rec.pos.san(played),
            if ok { "solved" } else { "failed" }
        )?;
    }
    writeln!(out, "solved {solved}/{total}")?;
    Ok(())
}
