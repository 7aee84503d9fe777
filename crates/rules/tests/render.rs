//! The text boards: the plain form is unchanged, the ANSI form writes the escape codes of its palette
//! square by square, and the Unicode glyphs replace the letters.

use gambit_rules::{
    Color, GlyphSet, Highlight, Hp, Piece, Position, RenderCell, RenderOptions, Role, RuleSet, Square,
    SquareSet, Style,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn played(sans: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for san in sans {
        let m = pos.parse_san(san).unwrap();
        pos.play(m).unwrap();
    }
    pos
}

const ANSI: RenderOptions =
    RenderOptions { rotated: false, area: SquareSet::FULL, style: Style::Ansi, glyphs: GlyphSet::Ascii };

/// The text without its SGR sequences (`ESC [ ... m`).
fn strip_sgr(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            assert_eq!(chars.next(), Some('['), "only CSI sequences: {text:?}");
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
                assert!(c.is_ascii_digit() || c == ';', "only SGR parameters: {text:?}");
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn ansi_board_after_a_mate_has_the_palette_square_by_square() {
    // Scholar's mate: the last move Qh5xf7 leaves h5 (101) and lands on f7 (142); Black's king on e8
    // is in check (160). Light squares 180, dark 137 (a1 dark); White pieces bold 231, Black bold 16,
    // the dot of an empty square 240. Each square resets (0) first; each rank line ends with a reset.
    let pos = played(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let expected = concat!(
        // Rank 8: r . b q k b . r
        "8",
        "\x1b[0;1;38;5;16;48;5;180m r", // a8
        "\x1b[0;38;5;240;48;5;137m .",  // b8
        "\x1b[0;1;38;5;16;48;5;180m b", // c8
        "\x1b[0;1;38;5;16;48;5;137m q", // d8
        "\x1b[0;1;38;5;16;48;5;160m k", // e8
        "\x1b[0;1;38;5;16;48;5;137m b", // f8
        "\x1b[0;38;5;240;48;5;180m .",  // g8
        "\x1b[0;1;38;5;16;48;5;137m r", // h8
        "\x1b[0m\n",
        // Rank 7: p p p p . Q p p
        "7",
        "\x1b[0;1;38;5;16;48;5;137m p",  // a7
        "\x1b[0;1;38;5;16;48;5;180m p",  // b7
        "\x1b[0;1;38;5;16;48;5;137m p",  // c7
        "\x1b[0;1;38;5;16;48;5;180m p",  // d7
        "\x1b[0;38;5;240;48;5;137m .",   // e7
        "\x1b[0;1;38;5;231;48;5;142m Q", // f7
        "\x1b[0;1;38;5;16;48;5;137m p",  // g7
        "\x1b[0;1;38;5;16;48;5;180m p",  // h7
        "\x1b[0m\n",
        // Rank 6: . . n . . n . .
        "6",
        "\x1b[0;38;5;240;48;5;180m .",  // a6
        "\x1b[0;38;5;240;48;5;137m .",  // b6
        "\x1b[0;1;38;5;16;48;5;180m n", // c6
        "\x1b[0;38;5;240;48;5;137m .",  // d6
        "\x1b[0;38;5;240;48;5;180m .",  // e6
        "\x1b[0;1;38;5;16;48;5;137m n", // f6
        "\x1b[0;38;5;240;48;5;180m .",  // g6
        "\x1b[0;38;5;240;48;5;137m .",  // h6
        "\x1b[0m\n",
        // Rank 5: . . . . p . . .
        "5",
        "\x1b[0;38;5;240;48;5;137m .",  // a5
        "\x1b[0;38;5;240;48;5;180m .",  // b5
        "\x1b[0;38;5;240;48;5;137m .",  // c5
        "\x1b[0;38;5;240;48;5;180m .",  // d5
        "\x1b[0;1;38;5;16;48;5;137m p", // e5
        "\x1b[0;38;5;240;48;5;180m .",  // f5
        "\x1b[0;38;5;240;48;5;137m .",  // g5
        "\x1b[0;38;5;240;48;5;101m .",  // h5
        "\x1b[0m\n",
        // Rank 4: . . B . P . . .
        "4",
        "\x1b[0;38;5;240;48;5;180m .",   // a4
        "\x1b[0;38;5;240;48;5;137m .",   // b4
        "\x1b[0;1;38;5;231;48;5;180m B", // c4
        "\x1b[0;38;5;240;48;5;137m .",   // d4
        "\x1b[0;1;38;5;231;48;5;180m P", // e4
        "\x1b[0;38;5;240;48;5;137m .",   // f4
        "\x1b[0;38;5;240;48;5;180m .",   // g4
        "\x1b[0;38;5;240;48;5;137m .",   // h4
        "\x1b[0m\n",
        // Rank 3: . . . . . . . .
        "3",
        "\x1b[0;38;5;240;48;5;137m .", // a3
        "\x1b[0;38;5;240;48;5;180m .", // b3
        "\x1b[0;38;5;240;48;5;137m .", // c3
        "\x1b[0;38;5;240;48;5;180m .", // d3
        "\x1b[0;38;5;240;48;5;137m .", // e3
        "\x1b[0;38;5;240;48;5;180m .", // f3
        "\x1b[0;38;5;240;48;5;137m .", // g3
        "\x1b[0;38;5;240;48;5;180m .", // h3
        "\x1b[0m\n",
        // Rank 2: P P P P . P P P
        "2",
        "\x1b[0;1;38;5;231;48;5;180m P", // a2
        "\x1b[0;1;38;5;231;48;5;137m P", // b2
        "\x1b[0;1;38;5;231;48;5;180m P", // c2
        "\x1b[0;1;38;5;231;48;5;137m P", // d2
        "\x1b[0;38;5;240;48;5;180m .",   // e2
        "\x1b[0;1;38;5;231;48;5;137m P", // f2
        "\x1b[0;1;38;5;231;48;5;180m P", // g2
        "\x1b[0;1;38;5;231;48;5;137m P", // h2
        "\x1b[0m\n",
        // Rank 1: R N B . K . N R
        "1",
        "\x1b[0;1;38;5;231;48;5;137m R", // a1
        "\x1b[0;1;38;5;231;48;5;180m N", // b1
        "\x1b[0;1;38;5;231;48;5;137m B", // c1
        "\x1b[0;38;5;240;48;5;180m .",   // d1
        "\x1b[0;1;38;5;231;48;5;137m K", // e1
        "\x1b[0;38;5;240;48;5;180m .",   // f1
        "\x1b[0;1;38;5;231;48;5;137m N", // g1
        "\x1b[0;1;38;5;231;48;5;180m R", // h1
        "\x1b[0m\n",
        "  a b c d e f g h\n",
    );
    assert_eq!(pos.render(ANSI), expected);
    // Without its escape codes it is the plain board, which is unchanged.
    assert_eq!(strip_sgr(expected), pos.render_ascii(false, &[]));
    assert_eq!(pos.render(RenderOptions::default()), pos.render_ascii(false, &[]));
}

#[test]
fn plain_text_has_no_escape_codes_and_no_highlight_but_brackets() {
    let pos = played(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let plain = pos.render(RenderOptions::default());
    assert!(!plain.contains('\x1b'));
    assert_eq!(
        plain,
        "8 r . b q k b . r\n7 p p p p . Q p p\n6 . . n . . n . .\n5 . . . . p . . .\n\
         4 . . B . P . . .\n3 . . . . . . . .\n2 P P P P . P P P\n1 R N B . K . N R\n  a b c d e f g h\n"
    );
    // Frozen and marked squares are bracketed in plain text; the other highlights are not drawn.
    let kinds = [
        ("a1", Highlight::Frozen),
        ("b1", Highlight::Marked),
        ("c1", Highlight::Wall),
        ("e1", Highlight::Hole),
        ("g1", Highlight::Poison),
    ];
    let text = pos.render_with(RenderOptions::default(), |s, c| {
        let highlight = kinds.iter().find(|(name, _)| sq(name) == s).map(|&(_, h)| h).or(c.highlight);
        RenderCell { highlight, ..c }
    });
    assert!(text.contains("1 [R] [N] B . K . N R\n"), "{text}");
}

#[test]
fn each_highlight_and_hit_points_have_their_codes() {
    // One square each, written out: background per highlight, a piece's foreground by its HP.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let cases: [(Option<Highlight>, Option<Hp>, &str); 10] = [
        (Some(Highlight::LastMoveFrom), None, "\x1b[0;1;38;5;231;48;5;101m R"),
        (Some(Highlight::LastMoveTo), None, "\x1b[0;1;38;5;231;48;5;142m R"),
        (Some(Highlight::Check), None, "\x1b[0;1;38;5;231;48;5;160m R"),
        (Some(Highlight::Frozen), None, "\x1b[0;1;38;5;231;48;5;38m R"),
        (Some(Highlight::Marked), None, "\x1b[0;1;38;5;231;48;5;68m R"),
        (Some(Highlight::Poison), None, "\x1b[0;1;38;5;231;48;5;96m R"),
        (None, Some(Hp { current: 2, max: 2 }), "\x1b[0;1;38;5;231;48;5;137m R"),
        (None, Some(Hp { current: 2, max: 3 }), "\x1b[0;1;38;5;214;48;5;137m R"),
        (None, Some(Hp { current: 1, max: 2 }), "\x1b[0;1;38;5;196;48;5;137m R"),
        (None, None, "\x1b[0;1;38;5;231;48;5;137m R"),
    ];
    for (highlight, hp, code) in cases {
        let text =
            pos.render_with(ANSI, |s, c| if s == sq("a1") { RenderCell { highlight, hp, ..c } } else { c });
        let line = text.lines().nth(7).unwrap();
        assert!(
            line.starts_with(&format!("1{code}\x1b[0;38;5;240;48;5;180m .")),
            "{highlight:?} {hp:?}: {line:?}"
        );
    }
    // Holes, walls and poison clouds colour their symbol too.
    let skirmish = Position::from_fen_with("4k3/8/8/8/8/8/8/*3K3 w - - 0 1", RuleSet::SKIRMISH).unwrap();
    for (highlight, symbol, code) in [
        (Highlight::Hole, '#', "\x1b[0;38;5;239;48;5;234m #"),
        (Highlight::Wall, '#', "\x1b[0;38;5;252;48;5;243m #"),
        (Highlight::Poison, '~', "\x1b[0;38;5;156;48;5;96m ~"),
    ] {
        let text = skirmish.render_with(ANSI, |s, c| {
            if s == sq("a1") {
                RenderCell { symbol, piece: None, highlight: Some(highlight), ..c }
            } else {
                c
            }
        });
        assert!(text.lines().nth(7).unwrap().starts_with(&format!("1{code}")), "{highlight:?}");
    }
}

#[test]
fn unicode_glyphs_in_both_styles_and_rotated() {
    let pos = Position::startpos();
    let options = RenderOptions { rotated: true, glyphs: GlyphSet::Unicode, ..RenderOptions::default() };
    let text = pos.render(options);
    assert!(text.starts_with("1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖\n2 ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙\n3 . . . . . . . .\n"), "{text}");
    assert!(text.ends_with("8 ♜ ♞ ♝ ♚ ♛ ♝ ♞ ♜\n  h g f e d c b a\n"), "{text}");
    let ansi = pos.render(RenderOptions { style: Style::Ansi, ..options });
    // h1 (light) is the first square seen from Black's side.
    assert!(ansi.starts_with("1\x1b[0;1;38;5;231;48;5;180m ♖\x1b[0;1;38;5;231;48;5;137m ♘"), "{ansi:?}");
    assert_eq!(strip_sgr(&ansi), text);
    assert_eq!(GlyphSet::Unicode.piece(Piece::new(Color::Black, Role::Queen)), '♛');
}

#[test]
fn the_last_move_is_forgotten_after_an_edit_and_check_wins_over_it() {
    let mut pos = played(&["e4"]);
    assert_eq!(pos.cell(sq("e2"), GlyphSet::Ascii).highlight, Some(Highlight::LastMoveFrom));
    pos.remove_piece(sq("a2"));
    assert!((0..64).all(|i| pos.cell(Square::new(i).unwrap(), GlyphSet::Ascii).highlight.is_none()));
    // A discovered check: the moving piece's squares keep the last move, the king shows the check.
    let mut pos = Position::from_fen("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1").unwrap();
    pos.play(pos.parse_san("Nc5+").unwrap()).unwrap();
    assert_eq!(pos.cell(sq("e8"), GlyphSet::Ascii).highlight, Some(Highlight::Check));
    assert_eq!(pos.cell(sq("e4"), GlyphSet::Ascii).highlight, Some(Highlight::LastMoveFrom));
    assert_eq!(pos.cell(sq("c5"), GlyphSet::Ascii).highlight, Some(Highlight::LastMoveTo));
}

#[test]
fn plain_and_ansi_agree_without_escapes_on_many_positions() {
    // The ANSI board is the plain board coloured: same characters in the same places (no brackets).
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        for rotated in [false, true] {
            for glyphs in [GlyphSet::Ascii, GlyphSet::Unicode] {
                let plain = RenderOptions { rotated, glyphs, ..RenderOptions::default() };
                let ansi = RenderOptions { style: Style::Ansi, ..plain };
                assert_eq!(strip_sgr(&pos.render(ansi)), pos.render(plain), "{fen} {rotated} {glyphs:?}");
            }
        }
    }
    let battle = Position::from_fen_with(
        "********/*rnbqk**/*pppppp*/*6*/*6*/*PPPPPP*/*RNBQK**/******** w - - 0 1",
        RuleSet::SKIRMISH,
    )
    .unwrap();
    assert_eq!(strip_sgr(&battle.render(ANSI)), battle.render_ascii(false, &[]));
}
