//! `gambit-cli show`: play moves, then print the board, FEN, legal moves, check and outcome.

use std::io::Write;

use gambit_rules::Position;

use crate::bad;
use crate::board_style::BoardStyle;

pub(crate) fn run(
    out: &mut impl Write,
    board: BoardStyle,
    mut pos: Position,
    moves: &[String],
) -> anyhow::Result<()> {
    for text in moves {
        let m = pos.parse_move(text).map_err(bad)?;
        pos.play_unchecked(m);
    }
    write!(out, "{}", pos.render(board.options(false)))?;
    writeln!(out, "fen: {}", pos.to_fen())?;
    let legal = pos.legal_moves();
    let uci: Vec<String> = legal.iter().map(|&m| pos.uci(m)).collect();
    let san: Vec<String> = legal.iter().map(|&m| pos.san(m)).collect();
    writeln!(out, "legal moves ({}): {}", legal.len(), uci.join(" "))?;
    writeln!(out, "san: {}", san.join(" "))?;
    writeln!(out, "check: {}", if pos.is_check() { "yes" } else { "no" })?;
    if let Some(outcome) = pos.outcome() {
        writeln!(out, "outcome: {outcome}")?;
    } else if let Some(reason) = pos.claimable_draw() {
        writeln!(out, "claimable draw: {reason}")?;
    }
    Ok(())
}
