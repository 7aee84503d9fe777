//! Local profiling harness (not committed).
use std::str::FromStr;
fn plain(pos: &mut gambit_rules::Position, depth: u32) -> u64 {
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let mut n = 0;
    for m in pos.legal_moves() {
        pos.play_unchecked(m);
        n += plain(pos, depth - 1);
        pos.undo();
    }
    n
}
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let fen = match a[1].as_str() {
        "startpos" => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "kiwipete" => "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "endgame-rook" => "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "position4" => "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "position5" => "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        f => f,
    };
    let d: u32 = a[2].parse().unwrap();
    let n = match a[0].as_str() {
        "make" => {
            let mut ours = gambit_rules::Position::from_fen(fen).unwrap();
            let moves = ours.legal_moves();
            for _ in 0..d {
                for &m in std::hint::black_box(&moves) {
                    ours.play_unchecked(m);
                    ours.undo();
                }
            }
            moves.len() as u64
        }
        "cmake" => {
            let theirs = chess::Board::from_str(fen).unwrap();
            let mv: Vec<chess::ChessMove> = chess::MoveGen::new_legal(&theirs).collect();
            let mut out = theirs;
            for _ in 0..d {
                for &m in std::hint::black_box(&mv) {
                    theirs.make_move(m, &mut out);
                }
                std::hint::black_box(&out);
            }
            mv.len() as u64
        }
        "maketime" => {
            let mut ours = gambit_rules::Position::from_fen(fen).unwrap();
            let moves = ours.legal_moves();
            let theirs = chess::Board::from_str(fen).unwrap();
            let mv: Vec<chess::ChessMove> = chess::MoveGen::new_legal(&theirs).collect();
            let (mut bo, mut bt) = (f64::MAX, f64::MAX);
            for _ in 0..7 {
                let t = std::time::Instant::now();
                for _ in 0..d {
                    for &m in std::hint::black_box(&moves) {
                        ours.play_unchecked(m);
                        ours.undo();
                    }
                }
                bo = bo.min(t.elapsed().as_secs_f64());
                let t = std::time::Instant::now();
                let mut out = theirs;
                for _ in 0..d {
                    for &m in std::hint::black_box(&mv) {
                        theirs.make_move(m, &mut out);
                    }
                    std::hint::black_box(&out);
                }
                bt = bt.min(t.elapsed().as_secs_f64());
            }
            println!(
                "make gambit {:.0} ns chess {:.0} ns ratio {:.2}",
                bo * 1e9 / d as f64,
                bt * 1e9 / d as f64,
                bt / bo
            );
            0
        }
        "gambit" => gambit_rules::perft(&gambit_rules::Position::from_fen(fen).unwrap(), d),
        "plain" => plain(&mut gambit_rules::Position::from_fen(fen).unwrap(), d),
        "chess" => {
            chess::MoveGen::movegen_perft_test(&chess::Board::from_str(fen).unwrap(), d as usize) as u64
        }
        "time" => {
            let ours = gambit_rules::Position::from_fen(fen).unwrap();
            let theirs = chess::Board::from_str(fen).unwrap();
            let (mut bo, mut bt) = (f64::MAX, f64::MAX);
            for _ in 0..5 {
                let t = std::time::Instant::now();
                let n1 = gambit_rules::perft(&ours, d);
                bo = bo.min(t.elapsed().as_secs_f64());
                let t = std::time::Instant::now();
                let n2 = chess::MoveGen::movegen_perft_test(&theirs, d as usize) as u64;
                bt = bt.min(t.elapsed().as_secs_f64());
                assert_eq!(n1, n2);
            }
            println!("gambit {:.1} ms chess {:.1} ms ratio {:.2}", bo * 1e3, bt * 1e3, bt / bo);
            0
        }
        _ => panic!(),
    };
    println!("{n}");
}
