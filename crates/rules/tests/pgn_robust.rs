//! PGN input that must never abort the process: a million nested variations read, written, cloned,
//! compared and dropped on a thread with a 256 KiB stack; and PGN-shaped property tests (tags, SAN,
//! comments, NAGs, nested parentheses), valid and broken, that must never panic.
//!
//! The property tests run `GAMBIT_FUZZ_CASES` cases each (default 500); `docs/fuzzing.md` gives the
//! command of the long run (1,000,000 cases).

use gambit_rules::{
    PgnLine, PgnReader, PgnResult, PgnWriter, Position, Variations, read_pgn, read_pgn_bytes,
};
use proptest::prelude::*;

/// How deep the nesting test goes.
const LEVELS: usize = 1_000_000;

/// How many nested variations the first variation chain of `line` holds.
fn depth(line: &PgnLine) -> usize {
    let mut depth = 0;
    let mut line = line;
    while let Some(v) = line.moves.first().and_then(|m| m.variations.first()) {
        depth += 1;
        line = v;
    }
    depth
}

#[test]
fn a_million_nested_variations_on_a_256_kib_stack() {
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            // `1. e4 (1. d4 (1. e4 (1. d4 ...))) *`: each variation an alternative to the previous one's
            // first move, as the writer spaces it.
            let mut text = String::from("\n1. e4");
            for i in 0..LEVELS {
                text.push_str(if i % 2 == 0 { " (1. d4" } else { " (1. e4" });
            }
            text.push_str(&")".repeat(LEVELS));
            text.push_str(" *\n");
            // Reading, keeping the variations.
            let games = read_pgn(&text, Variations::Keep).expect("reads");
            let game = &games[0];
            assert_eq!(depth(&game.mainline), LEVELS);
            assert_eq!(game.result, PgnResult::Unfinished);
            // Writing: the same text back.
            let written = game.to_pgn(None);
            assert!(written == text, "the text written differs from the text read");
            // Cloning and comparing.
            let copy = game.clone();
            assert!(copy == *game);
            let mut other = game.clone();
            other.mainline.moves[0].variations[0].moves[0].comments.push("x".into());
            assert!(other != *game);
            // Debug-formatting (what a failed assertion prints).
            let debug = format!("{:?}", game.mainline);
            assert_eq!(debug.matches("PgnLine {").count(), LEVELS + 1);
            // Reading while skipping the variations, and through the bytes API.
            let skipped = read_pgn(&text, Variations::Skip).expect("reads");
            assert_eq!(skipped[0].mainline.moves.len(), 1);
            assert_eq!(depth(&skipped[0].mainline), 0);
            // Unbalanced at that depth: a typed error, not a crash.
            let open = &text[..text.len() - LEVELS / 2 - 3];
            assert!(read_pgn_bytes(open.as_bytes(), Variations::Keep).is_err());
            // Dropping (the games, the copies) at the end of the closure.
            drop(other);
            drop(copy);
            drop(games);
        })
        .expect("spawns");
    worker.join().expect("no stack overflow or panic");
}

/// `PgnLine`'s hand-written `Debug` prints what `#[derive(Debug)]` would.
#[test]
fn debug_output_is_the_derived_format() {
    let game = &read_pgn("{start} 1. e4 $1 {c} (1. d4 (1. c4) 1... d5) (1. Nf3) 1... e5 *", Variations::Keep)
        .unwrap()[0];
    let debug = format!("{:?}", game.mainline);
    let m = &game.mainline.moves;
    let (e4, d4, c4, d5, nf3, e5) = (
        m[0].mv,
        m[0].variations[0].moves[0].mv,
        m[0].variations[0].moves[0].variations[0].moves[0].mv,
        m[0].variations[0].moves[1].mv,
        m[0].variations[1].moves[0].mv,
        m[1].mv,
    );
    let mv = |mv, san: &str, nags: &str, comments: &str, variations: &str| {
        format!(
            "PgnMove {{ mv: {mv:?}, san: {san:?}, nags: [{nags}], comments: [{comments}], variations: [{variations}] }}"
        )
    };
    let line = |comments: &str, moves: &[String]| {
        format!("PgnLine {{ comments: [{comments}], moves: [{}] }}", moves.join(", "))
    };
    let c4_line = line("", &[mv(c4, "c4", "", "", "")]);
    let d4_line = line("", &[mv(d4, "d4", "", "", &c4_line), mv(d5, "d5", "", "", "")]);
    let nf3_line = line("", &[mv(nf3, "Nf3", "", "", "")]);
    let expected = line(
        "\"start\"",
        &[mv(e4, "e4", "1", "\"c\"", &format!("{d4_line}, {nf3_line}")), mv(e5, "e5", "", "", "")],
    );
    assert_eq!(debug, expected);
}

#[test]
fn the_writer_nests_and_unwinds_a_million_variations() {
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let start = Position::startpos();
            let mut w = PgnWriter::new(&start);
            let e4 = start.parse_san("e4").unwrap();
            let d4 = start.parse_san("d4").unwrap();
            w.play(e4).unwrap();
            for i in 0..LEVELS {
                w.begin_variation();
                w.play(if i % 2 == 0 { d4 } else { e4 }).unwrap();
            }
            // `finish` closes every open variation.
            let text = w.finish(PgnResult::Unfinished, Some(80));
            assert!(text.lines().all(|l| l.len() <= 80));
            let games = read_pgn(&text, Variations::Keep).unwrap();
            assert_eq!(depth(&games[0].mainline), LEVELS);
        })
        .expect("spawns");
    worker.join().expect("no stack overflow or panic");
}

/// Cases per property: 500 in the normal run; `GAMBIT_FUZZ_CASES=N` for a long session (see
/// `docs/fuzzing.md`).
fn fuzz_cases() -> u32 {
    std::env::var("GAMBIT_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(500)
}

/// What a generated game does next.
#[derive(Clone, Debug)]
enum Op {
    /// Plays the legal move with this index (modulo their number).
    Move(u16),
    Open,
    Close,
    Comment(String),
    Nag(u8),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => any::<u16>().prop_map(Op::Move),
        1 => Just(Op::Open),
        1 => Just(Op::Close),
        1 => "[^{}]{0,12}".prop_map(Op::Comment),
        1 => any::<u8>().prop_map(Op::Nag),
    ]
}

/// A tag pair: a name (not one of those that set up the position) and any one-line value.
fn tag() -> impl Strategy<Value = (String, String)> {
    ("[A-Z][A-Za-z0-9_]{0,8}", "[^\n]{0,16}")
        .prop_filter("a set-up tag", |(n, _)| !matches!(n.as_str(), "FEN" | "Variant" | "SetUp"))
}

/// Spaces other programs put between tokens.
const SPACES: [&str; 6] = [" ", "\t", "\r\n", "\u{A0}", "\u{2003}", "\u{3000}"];

/// The PGN text of a game built from `ops` by the writer (legal moves, nested variations, comments,
/// NAGs), with `tags`, wrapped at `width`.
fn game_text(tags: &[(String, String)], ops: &[Op], width: Option<usize>) -> String {
    let mut w = PgnWriter::new(&Position::startpos());
    for (name, value) in tags {
        w.tag(name, value);
    }
    let mut open = 0;
    for op in ops {
        match op {
            Op::Move(i) => {
                let moves = w.position().legal_moves();
                if !moves.is_empty() {
                    w.play(moves[usize::from(*i) % moves.len()]).unwrap();
                }
            }
            Op::Open => {
                w.begin_variation();
                open += 1;
            }
            Op::Close if open > 0 => {
                w.end_variation();
                open -= 1;
            }
            Op::Close => {}
            Op::Comment(text) => w.comment(text),
            Op::Nag(n) => w.nag(*n),
        }
    }
    w.finish(PgnResult::Draw, width)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz_cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// Games written by the writer (tags, legal SAN, comments, NAGs, nested variations) read back,
    /// and their text re-spaced with other Unicode spaces reads back to the same game; the text cut
    /// anywhere, or with a character dropped, gives a game or a typed error, never a panic.
    #[test]
    fn written_games_read_back_and_broken_ones_never_panic(
        tags in prop::collection::vec(tag(), 0..4),
        ops in prop::collection::vec(op(), 0..60),
        width in prop::option::of(20usize..100),
        space in 0..SPACES.len(),
        cut in any::<prop::sample::Index>(),
    ) {
        let text = game_text(&tags, &ops, width);
        let games = read_pgn(&text, Variations::Keep).unwrap();
        prop_assert_eq!(games.len(), 1);
        let game = &games[0];
        prop_assert_eq!(&game.tags, &tags);
        prop_assert_eq!(game.result, PgnResult::Draw);
        let again = read_pgn(&game.to_pgn(width), Variations::Keep).unwrap();
        prop_assert_eq!(&again[0], game);
        // The movetext's spaces replaced (outside comments and tags, where they are content).
        // (The tags, if any, end at the first blank line; without tags the text opens with one newline.)
        let head_len = if tags.is_empty() { 1 } else { text.find("\n\n").unwrap() + 2 };
        let (head, movetext) = text.split_at(head_len);
        if !movetext.contains('{') {
            let respaced = format!("\u{FEFF}{head}{}", movetext.replace(' ', SPACES[space]));
            let respaced = read_pgn(&respaced, Variations::Keep).unwrap();
            prop_assert_eq!(&respaced[0], game);
        }
        // Broken text: cut, or missing one character.
        let chars: Vec<char> = text.chars().collect();
        let at = cut.index(chars.len());
        let cut_text: String = chars[..at].iter().collect();
        let _ = read_pgn(&cut_text, Variations::Keep);
        let dropped: String = chars.iter().enumerate().filter(|&(i, _)| i != at).map(|(_, c)| c).collect();
        let _: Vec<_> = PgnReader::new(&dropped, Variations::Keep).collect();
        let _: Vec<_> = PgnReader::new(&dropped, Variations::Skip).collect();
    }

    /// A soup of PGN tokens (tags, SAN, numbers, comments, NAGs, suffixes, parentheses, results,
    /// escape lines, odd spaces) and arbitrary bytes: games or typed errors, never a panic; every
    /// game read is written and read back the same.
    #[test]
    fn pgn_token_soup_never_panics(
        tokens in prop::collection::vec(prop_oneof![
            "\\[[A-Za-z]{1,6} \"[^\n\"]{0,6}\"\\]\n",
            "\\[(FEN|Variant) \"[^\n\"]{0,12}\"\\]\n",
            "[0-9]{1,3}\\.{0,3}",
            "(e4|e5|d4|d5|Nf3|Nc6|Bb5|a6|O-O|O-O-O|0-0|exd5|Qxd7\\+|e8=Q#|Kxh8)[!?]{0,2}",
            "\\{[^}]{0,8}\\}?",
            // Not `}`: the writer writes every comment in braces, a `}` in it as `)`.
            ";[^\n}]{0,8}\n",
            "\\$[0-9]{1,4}",
            "\\(|\\)|\\(|\\)",
            "\\*|1-0|0-1|1/2-1/2",
            "\n%[^\n]{0,4}\n",
            "[ \t\r\n\u{A0}\u{FEFF}]",
        ], 0..60),
        bytes in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        let text = tokens.join(" ");
        for variations in [Variations::Keep, Variations::Skip] {
            for game in PgnReader::new(&text, variations).flatten() {
                let again = read_pgn(&game.to_pgn(Some(40)), variations).unwrap();
                prop_assert_eq!(&again[0], &game);
            }
        }
        let mut raw = text.into_bytes();
        raw.extend(&bytes);
        let _ = read_pgn_bytes(&raw, Variations::Keep);
    }
}
