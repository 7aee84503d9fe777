//! PGN as other programs write it: the corpus of `tests/data/pgn-corpus/` (see its README.md), the
//! same games re-exported by python-chess, pgn-extract, Scid and chess.js, synthetic encoded variants
//! (a byte-order mark, Windows-1252 and Latin-1 names, no-break and other Unicode spaces, CRLF and
//! tabs, Chess960 given by its FEN alone), and known-bad files.
//!
//! Differential test against python-chess: python-chess is not available in CI, so
//! `tests/data/pgn-corpus/generate.py` committed its reading of every corpus file
//! (`expected.json`: per game the players, the main line in SAN and UCI, the moves in variations,
//! the result and whether it is Chess960), and this test compares this crate's reader with that
//! committed expectation. Rerun the script after changing the corpus.

use std::collections::BTreeMap;
use std::path::Path;

use gambit_rules::{
    PgnEncoding, PgnErrorKind, PgnGame, PgnLine, Variations, decode_pgn, read_pgn, read_pgn_bytes,
};
use serde::Deserialize;

/// python-chess's reading of one game (`expected.json`).
#[derive(Debug, Deserialize)]
struct Expected {
    white: String,
    black: String,
    chess960: bool,
    san: Vec<String>,
    uci: Vec<String>,
    variation_moves: usize,
    result: String,
}

fn corpus() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn-corpus"))
}

fn expected() -> BTreeMap<String, Vec<Expected>> {
    serde_json::from_str(&std::fs::read_to_string(corpus().join("expected.json")).unwrap()).unwrap()
}

/// How many moves the variations of `line` hold, at every depth (an explicit stack).
fn variation_moves(line: &PgnLine) -> usize {
    let mut stack: Vec<&PgnLine> = line.moves.iter().flat_map(|m| &m.variations).collect();
    let mut count = 0;
    while let Some(v) = stack.pop() {
        count += v.moves.len();
        stack.extend(v.moves.iter().flat_map(|m| &m.variations));
    }
    count
}

/// The one place python-chess and this reader disagree on the corpus: pgn-extract writes a blank line
/// after a game's opening comment (`{ Opening comment }`, blank line, `1. e4 ...`), and python-chess
/// ends the game at that blank line, reading the moves as a second game without tags. This reader
/// reads one game (the PGN standard ends a game at its termination marker, not at a blank line), so
/// such a pair of python-chess games is merged here: the first one's tags, the second one's moves.
fn merge_split_games(name: &str, games: Vec<Expected>) -> Vec<Expected> {
    let mut merged: Vec<Expected> = Vec::new();
    for g in games {
        match merged.last_mut() {
            Some(last) if name.starts_with("pgn-extract") && last.san.is_empty() && g.white == "?" => {
                last.san = g.san;
                last.uci = g.uci;
                last.variation_moves = g.variation_moves;
            }
            _ => merged.push(g),
        }
    }
    merged
}

fn check_game(name: &str, i: usize, game: &PgnGame, expected: &Expected) {
    let at = format!("{name} game {}", i + 1);
    assert_eq!(game.tag("White").unwrap_or(""), expected.white, "{at}");
    assert_eq!(game.tag("Black").unwrap_or(""), expected.black, "{at}");
    assert_eq!(game.result.as_str(), expected.result, "{at}");
    assert_eq!(game.start.is_chess960(), expected.chess960, "{at}");
    let san: Vec<&str> = game.mainline.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(san, expected.san, "{at}");
    let mut pos = game.start.clone();
    let uci: Vec<String> = game
        .mainline
        .moves
        .iter()
        .map(|m| {
            let uci = pos.uci(m.mv);
            pos.play_unchecked(m.mv);
            uci
        })
        .collect();
    assert_eq!(uci, expected.uci, "{at}");
    assert_eq!(variation_moves(&game.mainline), expected.variation_moves, "{at}");
}

#[test]
fn the_corpus_reads_as_python_chess_reads_it_and_round_trips() {
    let expected = expected();
    // Files written by at least four other programs, plus the synthetic variants.
    for program in ["python-chess-", "pgn-extract-", "scid-", "chess.js-"] {
        assert!(expected.keys().any(|k| k.starts_with(program)), "no file written by {program}");
    }
    let mut games_checked = 0;
    for (name, games) in expected {
        let bytes = std::fs::read(corpus().join(&name)).unwrap();
        let read = read_pgn_bytes(&bytes, Variations::Keep).unwrap_or_else(|e| panic!("{name}: {e}"));
        let games = merge_split_games(&name, games);
        assert_eq!(read.len(), games.len(), "{name}");
        for (i, (game, expected)) in read.iter().zip(&games).enumerate() {
            check_game(&name, i, game, expected);
            // Read, written, read: the same game.
            let written = game.to_pgn(Some(80));
            let again =
                read_pgn(&written, Variations::Keep).unwrap_or_else(|e| panic!("{name}: {e}\n{written}"));
            assert_eq!(again.len(), 1, "{name}");
            let mut again = again.into_iter().next().unwrap();
            if game.start.is_chess960() && game.tag("Variant").is_none() {
                // The writer names the variant of a Chess960 game given by its FEN alone.
                assert_eq!(again.tag("Variant"), Some("Chess960"), "{name}");
                again.tags.retain(|(n, _)| n != "Variant");
            }
            assert!(again == *game, "{name} game {} does not round-trip:\n{written}", i + 1);
            games_checked += 1;
        }
    }
    assert!(games_checked >= 30, "{games_checked}");
}

#[test]
fn the_encodings_are_told_apart() {
    let decode = |name: &str| {
        let bytes = std::fs::read(corpus().join(name)).unwrap();
        let (text, encoding) = decode_pgn(&bytes).unwrap();
        (text.into_owned(), encoding)
    };
    let (text, encoding) = decode("synthetic-utf8-bom.pgn");
    assert_eq!(encoding, PgnEncoding::Utf8Bom);
    assert!(text.starts_with("[Event") && text.contains("Dvořák, Éva"));
    let (text, encoding) = decode("synthetic-windows-1252.pgn");
    assert_eq!(encoding, PgnEncoding::Windows1252);
    assert!(text.contains("[Black \"Ström, Åsa\"]") && text.contains("{Quiet … “prophylaxis” – €0}"));
    let (text, encoding) = decode("synthetic-latin1.pgn");
    assert_eq!(encoding, PgnEncoding::Windows1252);
    assert!(text.contains("Müller, Jürgen") && text.contains("½ × ¼"));
    assert_eq!(decode("python-chess-1.11.2.pgn").1, PgnEncoding::Utf8);
    // The comment keeps its Windows-1252 characters.
    let bytes = std::fs::read(corpus().join("synthetic-windows-1252.pgn")).unwrap();
    let game = &read_pgn_bytes(&bytes, Variations::Keep).unwrap()[0];
    assert!(game.mainline.moves.iter().any(|m| m.comments == ["Quiet … “prophylaxis” – €0"]));
}

#[test]
fn known_bad_files_are_refused_at_their_line_and_column() {
    type Check = fn(&PgnErrorKind) -> bool;
    let cases: [(&str, usize, usize, Check); 4] = [
        // `3. Bb5 a6 4. Bb6 *`: the bishop cannot reach b6; column 14 is the move, after `4. `.
        ("bad-illegal-san.pgn", 4, 14, |k| {
            matches!(k, PgnErrorKind::IllegalMove { number: 4, white: true, .. })
        }),
        ("bad-unterminated-comment.pgn", 3, 10, |k| *k == PgnErrorKind::UnterminatedComment),
        ("bad-tag.pgn", 2, 1, |k| matches!(k, PgnErrorKind::BadTag(_))),
        // The FEN tag's own line, not the movetext's.
        ("bad-fen.pgn", 3, 1, |k| matches!(k, PgnErrorKind::BadFen(_))),
    ];
    for (name, line, column, kind) in cases {
        let bytes = std::fs::read(corpus().join(name)).unwrap();
        let err = read_pgn_bytes(&bytes, Variations::Keep).unwrap_err();
        assert_eq!((err.line, err.column), (line, column), "{name}: {err}");
        assert!(kind(&err.kind), "{name}: {err}");
        assert!(err.to_string().starts_with(&format!("PGN {line}:{column}: ")), "{err}");
    }
}
