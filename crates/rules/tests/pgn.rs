//! PGN reading and writing: a byte-exact round trip over 120 real games (this project's games against
//! Stockfish), comments, NAGs, variations kept or skipped, several games per text, Chess960, the
//! writer's numbering, and typed errors with line numbers for bad input.

use gambit_rules::{
    DrawReason, Outcome, PgnErrorKind, PgnReader, PgnResult, PgnWriter, Position, Variations, read_pgn,
};
use proptest::prelude::*;

const REAL_GAMES: &str = include_str!("data/gambit-vs-stockfish.pgn");

#[test]
fn real_games_round_trip_byte_for_byte() {
    let games = read_pgn(REAL_GAMES, Variations::Keep).unwrap();
    assert_eq!(games.len(), 120);
    let mut written = String::new();
    for game in &games {
        // The tags agree with the movetext and the rules.
        assert_eq!(game.tag("Result"), Some(game.result.as_str()));
        let plies: usize = game.tag("PlyCount").unwrap().parse().unwrap();
        assert_eq!(game.mainline.moves.len(), plies);
        let end = game.end_position();
        match game.tag("Termination").unwrap() {
            "checkmate" => {
                assert_eq!(PgnResult::from_outcome(end.outcome()), game.result);
                assert!(matches!(end.outcome(), Some(Outcome::Checkmate { .. })));
            }
            // Claimed now or with a move that repeats the position a third time (FIDE 9.2).
            "threefold_repetition" => {
                let now = end.claimable_draw() == Some(DrawReason::ThreefoldRepetition);
                let with_a_move = end.legal_moves().into_iter().any(|m| {
                    let mut after = end.clone();
                    after.play_unchecked(m);
                    after.repetitions() >= 2
                });
                assert!(now || with_a_move);
            }
            // Claimed with the 100th ply about to be played, as the match runner does.
            "fifty_moves" => assert!(end.halfmove_clock() >= 99),
            other => panic!("termination {other}"),
        }
        written.push_str(&game.to_pgn(None));
        written.push('\n');
    }
    assert_eq!(written, REAL_GAMES);
    // And once more through the reader: the same games.
    assert_eq!(read_pgn(&written, Variations::Keep).unwrap(), games);
    // Wrapped at 80 columns, the text reads back to the same games too.
    let wrapped: String = games.iter().map(|g| g.to_pgn(Some(80)) + "\n").collect();
    assert!(wrapped.lines().all(|l| l.len() <= 80 || l.starts_with('[')));
    assert_eq!(read_pgn(&wrapped, Variations::Keep).unwrap(), games);
}

const ANNOTATED: &str = r#"% an escape line, ignored
[Event "Casual game"]
[White "A \"quoted\" name"]
[Black "B"]
[Result "1-0"]

{Opening comment} 1. e4! e5 2. Nf3 Nc6 $14 3. Bb5 ; the Spanish
3... a6 (3... Nf6 4. O-O (4. d3) 4... Nxe4) (3... f5!?) 4. Ba4 Nf6 5. O-O?! Be7
6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 {Quiet.} 1-0

[Event "Second"]

1.d4 d5 2.c4 *
"#;

#[test]
fn comments_nags_and_variations() {
    let games = read_pgn(ANNOTATED, Variations::Keep).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.tag("White"), Some("A \"quoted\" name"));
    assert_eq!(g.mainline.comments, ["Opening comment"]);
    let m = &g.mainline.moves;
    assert_eq!(m[0].san, "e4");
    assert_eq!(m[0].nags, [1]);
    assert_eq!(m[3].nags, [14]);
    assert_eq!(m[4].comments, ["the Spanish"]);
    // 3... a6 has two alternatives, the first with a nested one.
    assert_eq!(m[5].san, "a6");
    assert_eq!(m[5].variations.len(), 2);
    let first = &m[5].variations[0].moves;
    assert_eq!(first.iter().map(|m| m.san.as_str()).collect::<Vec<_>>(), ["Nf6", "O-O", "Nxe4"]);
    assert_eq!(first[1].variations[0].moves[0].san, "d3");
    assert_eq!(m[5].variations[1].moves[0].nags, [5]);
    assert_eq!(m[8].nags, [6]);
    assert_eq!(m.last().unwrap().comments, ["Quiet."]);
    assert_eq!(g.result, PgnResult::WhiteWins);
    assert_eq!(games[1].mainline.moves.len(), 3);
    assert_eq!(games[1].result, PgnResult::Unfinished);
    // Written and read back: the same games; the variations in parentheses.
    let text = g.to_pgn(Some(80));
    let movetext = text.replace('\n', " ");
    assert!(movetext.contains("3... a6 (3... Nf6 4. O-O (4. d3) 4... Nxe4) (3... f5 $5) 4. Ba4"), "{text}");
    assert!(movetext.contains("1. e4 $1 e5 2. Nf3"), "{text}");
    assert!(text.contains("[White \"A \\\"quoted\\\" name\"]"));
    assert_eq!(read_pgn(&text, Variations::Keep).unwrap()[0], *g);
    // Skipping variations: the same main line, no variations, no legality checks inside them.
    let skipped = read_pgn(&ANNOTATED.replace("(3... f5!?)", "(3... Kxh8??)"), Variations::Skip).unwrap();
    let main: Vec<_> = skipped[0].mainline.moves.iter().map(|m| m.mv).collect();
    assert_eq!(main, g.mainline.moves.iter().map(|m| m.mv).collect::<Vec<_>>());
    assert!(skipped[0].mainline.moves.iter().all(|m| m.variations.is_empty()));
}

#[test]
fn chess960_and_set_up_positions() {
    let start = Position::chess960_start(0).unwrap();
    let mut w = PgnWriter::new(&start);
    w.tag("Event", "960");
    for san in ["d4", "d5", "Nc3", "Nc6"] {
        let m = w.position().parse_san(san).unwrap();
        w.play(m).unwrap();
    }
    let text = w.finish(PgnResult::Unfinished, Some(80));
    assert!(text.contains("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]"), "{text}");
    let game = &read_pgn(&text, Variations::Skip).unwrap()[0];
    assert!(game.start.is_chess960());
    assert_eq!(game.start, start);
    assert_eq!(game.mainline.moves.len(), 4);
    // Castling in a 960 game is O-O in SAN.
    let castle = "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/1K5R w H - 0 1\"]\n\n1. O-O Kd7 *";
    let game = &read_pgn(castle, Variations::Skip).unwrap()[0];
    assert!(game.mainline.moves[0].mv.is_castle());
    assert_eq!(game.start.uci(game.mainline.moves[0].mv), "b1h1");
    // A set-up position with Black to move numbers from its move counter.
    let fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e4 *";
    let game = &read_pgn(fen, Variations::Skip).unwrap()[0];
    assert_eq!(game.to_pgn(None), format!("{fen}\n").replace("[SetUp \"1\"]\n[FEN", "[SetUp \"1\"]\n[FEN"));
}

#[test]
fn chess960_by_any_name_or_by_its_fen_alone() {
    let fen = "4k3/8/8/8/8/8/8/1K5R w H - 0 1";
    // Every spelling python-chess reads, and the others programs write, without case.
    for name in [
        "Chess960",
        "chess960",
        "CHESS960",
        "Chess 960",
        "chess-960",
        "960",
        "fischerandom",
        "FischeRandom",
        "fischerrandom",
        "Fischer Random",
        "fischer-random",
        "Chess_960",
    ] {
        let text = format!("[Variant \"{name}\"]\n[FEN \"{fen}\"]\n\n1. O-O *");
        let game = &read_pgn(&text, Variations::Skip).unwrap_or_else(|e| panic!("{name}: {e}"))[0];
        assert!(game.start.is_chess960(), "{name}");
        assert_eq!(game.start.uci(game.mainline.moves[0].mv), "b1h1", "{name}");
    }
    for name in ["Standard", "Crazyhouse", "chess", "9600"] {
        assert!(!gambit_rules::is_chess960_variant(name), "{name}");
    }
    // No Variant tag: Shredder-FEN rights, or X-FEN rights with the king off e1, make it Chess960.
    for fen in [
        fen,
        "4k3/8/8/8/8/8/8/1K5R w K - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
    ] {
        let text = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*");
        let game = &read_pgn(&text, Variations::Skip).unwrap_or_else(|e| panic!("{fen}: {e}"))[0];
        assert!(game.start.is_chess960(), "{fen}");
    }
    // A standard FEN stays standard, and a FEN bad either way reports the standard error at its tag.
    let text = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O *";
    assert!(!read_pgn(text, Variations::Skip).unwrap()[0].start.is_chess960());
    let err =
        read_pgn("[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", Variations::Skip).unwrap_err();
    assert_eq!((err.line, err.column), (2, 1));
}

#[test]
fn unicode_spaces_byte_order_marks_and_encodings() {
    let game = "[White \"A\"]\r\n\r\n1.\u{a0}e4\u{2003}e5\u{3000}2.\tNf3\u{202f}Nc6\u{2028}*";
    let games = read_pgn(game, Variations::Keep).unwrap();
    assert_eq!(games[0].mainline.moves.len(), 4);
    // A byte-order mark at the start, and another where two files were joined.
    let joined = format!("\u{feff}{game}\n\n\u{feff}{game}");
    assert_eq!(read_pgn(&joined, Variations::Keep).unwrap().len(), 2);
    // Bytes: UTF-8, UTF-8 after a BOM, Windows-1252 (curly quotes and the euro sign in a comment).
    let latin = b"[White \"J\xFCrgen\"]\n\n1. e4 {\x93book\x94 \x80} *";
    let game = &gambit_rules::read_pgn_bytes(latin, Variations::Keep).unwrap()[0];
    assert_eq!(game.tag("White"), Some("Jürgen"));
    assert_eq!(game.mainline.moves[0].comments, ["\u{201c}book\u{201d} \u{20ac}"]);
    // After a BOM the bytes must be UTF-8: a typed error at the bad byte.
    let err =
        gambit_rules::read_pgn_bytes(b"\xEF\xBB\xBF[White \"J\xFCrgen\"]", Variations::Keep).unwrap_err();
    assert_eq!((err.line, err.column, err.kind), (1, 10, PgnErrorKind::InvalidUtf8));
}

#[test]
fn writer_numbers_moves_and_continues_after_board_edits() {
    let mut w = PgnWriter::new(&Position::startpos());
    for san in ["e4", "e5"] {
        let m = w.position().parse_san(san).unwrap();
        w.play(m).unwrap();
    }
    w.comment("White fz e5");
    // A teleport relocation (a board edit): the writer follows the new position.
    let mut edited = w.position().clone();
    edited.relocate_piece("g1".parse().unwrap(), "e2".parse().unwrap()).unwrap();
    edited.set_turn(gambit_rules::Color::Black);
    w.comment("White tp g1e2; FEN after it");
    w.set_position(edited);
    let m = w.position().parse_san("Nc6").unwrap();
    w.play(m).unwrap();
    assert!(w.play(m).is_err(), "the same move again is illegal");
    let text = w.finish(PgnResult::Unfinished, Some(80));
    assert_eq!(text, "\n1. e4 e5 { White fz e5 } { White tp g1e2; FEN after it } 2... Nc6 *\n");
}

#[test]
fn bad_input_is_a_typed_error_with_its_line() {
    type Check = fn(&PgnErrorKind) -> bool;
    let cases: [(&str, usize, Check); 8] = [
        ("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb6 *", 5, |k| {
            matches!(k, PgnErrorKind::IllegalMove { number: 3, white: true, .. })
        }),
        ("1. e4 {never closed\n\n2. d4", 1, |k| *k == PgnErrorKind::UnterminatedComment),
        ("[Event \"x\n\n1. e4 *", 1, |k| matches!(k, PgnErrorKind::BadTag(_))),
        ("1. e4 e5 )\n*", 1, |k| *k == PgnErrorKind::UnbalancedVariation),
        ("1. e4 (1. d4\n*", 2, |k| *k == PgnErrorKind::UnbalancedVariation),
        ("1. e4 $999 *", 1, |k| matches!(k, PgnErrorKind::BadNag(_))),
        ("[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *", 1, |k| matches!(k, PgnErrorKind::BadFen(_))),
        ("$1 1. e4 *", 1, |k| matches!(k, PgnErrorKind::NothingToAnnotate(_))),
    ];
    for (text, line, kind) in cases {
        let err = read_pgn(text, Variations::Keep).unwrap_err();
        assert_eq!(err.line, line, "{text:?}: {err}");
        assert!(kind(&err.kind), "{text:?}: {err}");
    }
    // Columns are 1-based and count characters (a no-break space and an `é` count one each), at the
    // offending text: the move after its glued number, the `{`, the `)`, the `$`, the tag's `[`.
    let columns: [(&str, (usize, usize)); 7] = [
        ("[Event \"é\"]\n\n1. e4\u{a0}e5 2.Ke3 *", (3, 12)),
        ("1. e4 e5 {open\n\n", (1, 10)),
        ("1. e4 e5 )", (1, 10)),
        ("1. e4 $256", (1, 7)),
        ("[Event \"x\"]\n  [Site x]\n\n1. e4", (2, 3)),
        ("[Event \"x\"]\n[FEN \"8/8 w - - 0 1\"]\n[Site \"y\"]\n\n1. e4 *", (2, 1)),
        ("\u{feff}1. e4 Ke7", (1, 7)),
    ];
    for (text, at) in columns {
        let err = read_pgn(text, Variations::Keep).unwrap_err();
        assert_eq!((err.line, err.column), at, "{text:?}: {err}");
        assert!(err.to_string().starts_with(&format!("PGN {}:{}: ", at.0, at.1)), "{err}");
    }
    // After a bad game the reader goes on with the next one.
    let text = "[Event \"bad\"]\n\n1. e5 *\n\n[Event \"good\"]\n\n1. e4 *\n";
    let results: Vec<_> = PgnReader::new(text, Variations::Skip).collect();
    assert_eq!(results.len(), 2);
    assert!(results[0].is_err());
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("good"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Arbitrary text, and PGN-shaped text, never makes the reader panic or hang.
    #[test]
    fn reader_never_panics(text in any::<String>()) {
        let _ = read_pgn(&text, Variations::Keep);
        let _: Vec<_> = PgnReader::new(&text, Variations::Skip).collect();
    }

    #[test]
    fn pgn_shaped_text_never_panics(tokens in prop::collection::vec(
        "(\\[Event \"x\"\\]\n|1\\.|e4|e5|Nf3|Nc6|\\(|\\)|\\{c\\}|;c\n|\\$[0-9]{1,3}|!|\\?|\\*|1-0|O-O|\n|%x\n)", 0..40)
    ) {
        let text = tokens.join(" ");
        if let Ok(games) = read_pgn(&text, Variations::Keep) {
            for g in games {
                let again = read_pgn(&g.to_pgn(Some(40)), Variations::Keep).unwrap();
                prop_assert_eq!(&again[0], &g);
            }
        }
    }
}
