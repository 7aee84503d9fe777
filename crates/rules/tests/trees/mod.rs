//! Small trees shared by the tests that walk every node: the roots and their depths, covering checks,
//! pins, en passant, castling and promotions.

/// Standard-rules roots (FEN) and the depth to walk below each.
pub const STANDARD: [(&str, u32); 7] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3),
    ("8/8/8/2k5/3Pp3/8/8/4K2B b - d3 0 1", 3),
];

/// Roots walked under skirmish rules (two plies each).
pub const SKIRMISH: [&str; 2] = [
    "4k3/1P4p1/8/3p4/4P3/8/6p1/R3K2R w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
];
