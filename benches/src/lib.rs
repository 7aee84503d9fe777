//! Shared fixtures of Gambit's benchmarks (see `benches/`).

pub mod like_for_like;

/// A perft benchmark position with its expected node count.
pub struct PerftCase {
    /// Short name used in benchmark ids.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// Depth in plies.
    pub depth: u32,
    /// Expected leaf count (chessprogramming wiki, "Perft Results").
    pub nodes: u64,
}

/// The start position (depth 5), Kiwipete (depth 4), positions 3, 4 and 5 of the chessprogramming
/// wiki's "Perft Results" page (depths 6, 5, 4) and a knights endgame (depth 6).
pub const PERFT_POSITIONS: [PerftCase; 6] = [
    PerftCase {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        nodes: 4_865_609,
    },
    PerftCase {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
        nodes: 4_085_603,
    },
    PerftCase {
        name: "endgame-rook",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 6,
        nodes: 11_030_083,
    },
    PerftCase {
        name: "position4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 5,
        nodes: 15_833_292,
    },
    PerftCase {
        name: "position5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 4,
        nodes: 2_103_487,
    },
    PerftCase {
        name: "endgame-knights",
        fen: "8/8/3K4/3Nn3/3nN3/4k3/8/8 b - - 0 1",
        depth: 6,
        nodes: 4_405_103,
    },
];

/// The skill-chess middlegame set: six middlegames (both skills ready for the side to move when put on
/// a fresh `SkillBoard`), for `actions()` against the reference generator and for search nodes.
pub const SKILL_MIDDLEGAMES: [&str; 6] = [
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2Q1RK1 b - - 3 10",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/3P4/1P2PNP1/PBPNQPBP/R4RK1 w - - 2 12",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];
