//! The noisy generator ([`Position::append_noisy_moves`]) gives exactly the captures and promotions of
//! [`Position::legal_moves`], in the same order, and [`Position::append_legal_moves`] gives the list
//! itself, and [`Position::append_noisy_moves_and`] the list filtered by "noisy or chosen": checked at every node of small trees that cover checks, pins, en passant, castling and
//! promotions, under standard and skirmish rules.

mod trees;

use gambit_rules::{Move, Position, PromotionPolicy, Role, RuleSet};

fn check_tree(pos: &mut Position, depth: u32, nodes: &mut u64) {
    let legal = pos.legal_moves();
    let mut all = Vec::new();
    pos.append_legal_moves(&mut all);
    assert_eq!(all.as_slice(), legal.as_slice(), "{}", pos.to_fen());
    let want: Vec<Move> = legal.iter().copied().filter(|m| m.is_capture() || m.is_promotion()).collect();
    // Appending keeps what the buffer held.
    let mut noisy: Vec<Move> = legal.first().copied().into_iter().collect();
    let kept = noisy.len();
    pos.append_noisy_moves(&mut noisy);
    assert_eq!(&noisy[kept..], want.as_slice(), "{}", pos.to_fen());
    // The noisy moves plus chosen quiet ones: the quiet moves that give check (the quiescence search's
    // choice, found here by playing them), and an arbitrary choice by squares.
    let gives_check = |m: &Move| {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        after.is_check()
    };
    let by_squares = |m: &Move| (usize::from(m.from.index()) * 7 + usize::from(m.to.index())) % 3 == 0;
    for choose in [&gives_check as &dyn Fn(&Move) -> bool, &by_squares] {
        let want: Vec<Move> =
            legal.iter().copied().filter(|m| m.is_capture() || m.is_promotion() || choose(m)).collect();
        let mut chosen: Vec<Move> = legal.first().copied().into_iter().collect();
        let mut asked = 0;
        pos.append_noisy_moves_and(&mut chosen, |m| {
            asked += 1;
            assert!(!m.is_capture() && !m.is_promotion(), "{m:?} asked about");
            choose(m)
        });
        assert_eq!(&chosen[kept..], want.as_slice(), "{}", pos.to_fen());
        assert_eq!(asked, legal.len() - legal.iter().filter(|m| m.is_capture() || m.is_promotion()).count());
    }
    *nodes += 1;
    if depth == 0 {
        return;
    }
    for m in legal {
        pos.play_unchecked(m);
        check_tree(pos, depth - 1, nodes);
        pos.undo();
    }
}

#[test]
fn noisy_moves_are_the_filtered_legal_moves_in_order() {
    let mut nodes = 0;
    for (fen, depth) in trees::STANDARD {
        check_tree(&mut Position::from_fen(fen).unwrap(), depth, &mut nodes);
    }
    let skirmish = RuleSet::Skirmish(PromotionPolicy::QueenIfNoneElse(Role::Rook));
    for fen in trees::SKIRMISH {
        check_tree(&mut Position::from_fen_with(fen, skirmish).unwrap(), 2, &mut nodes);
    }
    assert!(nodes > 10_000, "{nodes} nodes checked");
}
