//! Shared fixtures of Gambit's benchmarks (see `benches/`).

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

/// The start position (depth 5), Kiwipete (depth 4) and two endgames.
pub const PERFT_POSITIONS: [PerftCase; 4] = [
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
        name: "endgame-knights",
        fen: "8/8/3K4/3Nn3/3nN3/4k3/8/8 b - - 0 1",
        depth: 6,
        nodes: 4_405_103,
    },
];
