//! The chess hooks of the search: static exchange evaluation and the quiet checks of quiescence.

mod common;

use common::random_position;
use gambit_rules::{Move, Position};
use gambit_search::Game;

fn see(fen: &str, uci: &str, threshold: i32) -> bool {
    let pos = Position::from_fen(fen).unwrap();
    let m = pos.parse_uci(uci).unwrap();
    pos.see_ge(&m, threshold)
}

/// The exact exchange value of `uci`: the largest threshold it passes.
fn see_value(fen: &str, uci: &str) -> i32 {
    let mut t = -2000;
    while see(fen, uci, t + 1) {
        t += 1;
    }
    t
}

#[test]
fn static_exchange_values() {
    // An undefended pawn.
    assert_eq!(see_value("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 100);
    // A queen takes a pawn defended by a pawn.
    assert_eq!(see_value("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"), 100 - 950);
    // Rooks doubled on both sides (x-rays): rook for pawn.
    assert_eq!(see_value("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100 - 500);
    // Defended once, attacked twice by lesser pieces: a pawn up.
    assert_eq!(see_value("4k3/8/4n3/3p4/8/2N5/8/3RK3 w - - 0 1", "c3d5"), 100);
    // The king may recapture only an undefended piece.
    assert_eq!(see_value("8/8/4k3/3p4/8/2N5/8/4K3 w - - 0 1", "c3d5"), 100 - 320);
    assert_eq!(see_value("8/8/4k3/3p4/8/2N5/8/3RK3 w - - 0 1", "c3d5"), 100);
    // Quiet moves: onto an attacked square loses the piece.
    assert_eq!(see_value("4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1", "a1a4"), 0);
    assert_eq!(see_value("4k3/8/8/3p4/8/8/8/2R1K3 w - - 0 1", "c1c4"), -500);
    // En passant wins a pawn.
    assert_eq!(see_value("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), 100);
    // Castling exchanges nothing.
    assert!(see("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0));
}

/// The quiet moves that give check, found by playing every move.
fn checks_by_playing(pos: &Position) -> Vec<Move> {
    let mut p = pos.clone();
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.capture.is_none() && m.promotion.is_none() && !m.is_castle())
        .filter(|&m| {
            p.play(m).unwrap();
            let check = p.is_check();
            p.undo();
            check
        })
        .collect()
}

#[test]
fn quiescence_checks_are_exactly_the_checking_quiet_moves() {
    let mut seen = 0;
    for seed in 0..400u64 {
        let pos = random_position(seed, 10 + (seed as usize * 7) % 60);
        let mut noisy = Vec::new();
        pos.noisy_actions(&mut noisy);
        let mut with_checks = Vec::new();
        pos.quiescence_actions(true, &mut with_checks);
        let mut expected = noisy.clone();
        expected.extend(checks_by_playing(&pos));
        let key = |m: &Move| (m.from.index(), m.to.index(), m.promotion.map(|r| r.index()));
        expected.sort_by_key(key);
        with_checks.sort_by_key(key);
        assert_eq!(with_checks, expected, "{}", pos.to_fen());
        let mut without = Vec::new();
        pos.quiescence_actions(false, &mut without);
        assert_eq!(without.len(), noisy.len());
        seen += with_checks.len() - noisy.len();
    }
    assert!(seen > 50, "the positions hold quiet checks: {seen}");
    // A discovered check: every knight move off the e-file.
    let pos = Position::from_fen("4k3/8/8/8/8/4N3/8/4RK2 w - - 0 1").unwrap();
    let mut out = Vec::new();
    pos.quiescence_actions(true, &mut out);
    assert_eq!(out.len(), 7, "{out:?}");
}
