//! Writes `benches/data/legal-list.fen`, the positions of the `legal_list/games` benchmark group:
//! every 5th ply from 10 to 60 of each game in `crates/rules/tests/data/gambit-vs-stockfish.pgn`
//! (120 games this project played against Stockfish 15.1; see that folder's SOURCES.md), one FEN per
//! line, in game order.
//!
//! ```sh
//! cargo run --release -p gambit-benches --example legal_list_positions > benches/data/legal-list.fen
//! ```
//!
//! The file was committed before any change aimed at the benchmark, so it was not chosen to flatter
//! the generator.

use gambit_rules::{Variations, read_pgn};

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../crates/rules/tests/data/gambit-vs-stockfish.pgn");
    let text = std::fs::read_to_string(path).expect("read the PGN");
    let games = read_pgn(&text, Variations::Skip).expect("a valid PGN");
    for game in games {
        let mut pos = game.start.clone();
        for (ply, m) in game.mainline.moves.iter().enumerate() {
            pos.play_unchecked(m.mv);
            let ply = ply + 1;
            if (10..=60).contains(&ply) && ply % 5 == 0 {
                println!("{}", pos.to_fen());
            }
        }
    }
}
