//! `gambit-cli show`: play moves, then print the board, FEN, legal moves, check and outcome.

use crate::{Rules, bad, load_position};

pub(crate) fn run(fen: Option<&str>, rules: Rules, moves: &[String]) -> anyhow::Result<()> {
    let mut pos = load_position(fen, rules)?;
    for text in moves {
        let m = pos.parse_move(text).map_err(bad)?;
        pos.play_unchecked(m);
    }
    print!("{}", pos.render_ascii(false, &[]));
    println!("fen: {}", pos.to_fen());
    let legal = pos.legal_moves();
    let uci: Vec<String> = legal.iter().map(|m| m.to_uci()).collect();
    let san: Vec<String> = legal.iter().map(|&m| pos.san(m)).collect();
    println!("legal moves ({}): {}", legal.len(), uci.join(" "));
    println!("san: {}", san.join(" "));
    println!("check: {}", if pos.is_check() { "yes" } else { "no" });
    if let Some(outcome) = pos.outcome() {
        println!("outcome: {outcome}");
    } else if let Some(reason) = pos.claimable_draw() {
        println!("claimable draw: {reason}");
    }
    Ok(())
}
