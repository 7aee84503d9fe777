//! Root restriction (UCI `searchmoves`), MultiPV lines, the deepening hook and Lazy SMP.

use gambit_rules::{Move, Position};
use gambit_search::score::mate_in_moves;
use gambit_search::{Limits, NoHandler, Params, SearchHandler, SearchInfo, Searcher};

fn mv(pos: &Position, uci: &str) -> Move {
    pos.parse_uci(uci).unwrap()
}

fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

#[test]
fn searching_among_listed_root_actions() {
    let mut pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let only = [mv(&pos, "a1a2"), mv(&pos, "g1f1")];
    let mut s = Searcher::<Position>::new(Params::default(), 1);
    let r = s.search_among(&mut pos, &depth(4), &only, &mut NoHandler);
    assert!(only.contains(&r.best.unwrap()), "{r:?}");
    assert_eq!(r.ranked.len(), 2);
    assert_eq!(mate_in_moves(r.score), None);
    // An empty list, or one naming no legal action, searches everything: the mate is found.
    let elsewhere = Position::startpos().legal_moves()[0];
    for list in [&[][..], &[elsewhere][..]] {
        let r = s.search_among(&mut pos, &depth(4), list, &mut NoHandler);
        assert_eq!(r.best.unwrap().to_uci(), "a1a8");
    }
}

/// A line as reported: score, exactness, moves.
type Line = (i32, bool, Vec<Move>);

#[derive(Default)]
struct Record {
    reports: Vec<(u32, Vec<Line>)>,
    deepen_asked: u32,
    stop_after: Option<u32>,
}

impl SearchHandler<Move> for Record {
    fn stop_deepening(&mut self) -> bool {
        self.deepen_asked += 1;
        self.stop_after.is_some_and(|d| self.reports.len() as u32 >= d)
    }

    fn on_iteration(&mut self, p: &SearchInfo<'_, Move>) {
        assert_eq!(p.lines[0].pv, p.pv);
        assert_eq!(p.lines[0].score, p.score);
        self.reports.push((p.depth, p.lines.iter().map(|l| (l.score, l.exact, l.pv.clone())).collect()));
    }
}

#[test]
fn multipv_reports_ranked_exact_lines() {
    let mut pos =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    let mut s = Searcher::<Position>::new(Params { multipv: 3, ..Params::default() }, 4);
    let mut h = Record::default();
    s.search(&mut pos, &depth(5), &mut h);
    assert_eq!(h.reports.len(), 5);
    for (d, lines) in &h.reports {
        assert_eq!(lines.len(), 3, "depth {d}");
        assert!(lines.windows(2).all(|w| w[0].0 >= w[1].0), "depth {d}: {lines:?}");
        assert!(lines.iter().all(|l| l.1), "depth {d}: the top three are exact");
        let firsts: Vec<Move> = lines.iter().map(|l| l.2[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        assert!(*d < 2 || lines.iter().all(|l| l.2.len() >= 2), "depth {d}: lines go beyond the root move");
    }
    // Each line is playable.
    for (_, _, pv) in &h.reports.last().unwrap().1 {
        let mut p = pos.clone();
        for m in pv {
            assert!(p.legal_moves().contains(m), "{pv:?}");
            p.play(*m).unwrap();
        }
    }
    // One line by default.
    let mut s = Searcher::<Position>::new(Params::default(), 4);
    let mut h = Record::default();
    s.search(&mut pos, &depth(3), &mut h);
    assert!(h.reports.iter().all(|(_, l)| l.len() == 1));
}

#[test]
fn the_handler_can_stop_deepening() {
    let mut pos = Position::startpos();
    let mut s = Searcher::<Position>::new(Params::default(), 4);
    let mut h = Record { stop_after: Some(3), ..Record::default() };
    let r = s.search(&mut pos, &depth(9), &mut h);
    assert_eq!(r.completed_depth, 3);
    assert_eq!(h.deepen_asked, 3, "asked before depths 2, 3 and 4");
}

#[test]
fn lazy_smp_finds_what_one_thread_finds() {
    let mut s = Searcher::<Position>::new(Params::default(), 8);
    s.set_threads(2);
    assert_eq!(s.threads(), 2);
    let cases = [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
        ("r3k3/8/8/1N1q4/8/8/8/4K3 w - - 0 1", "b5c7"),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6"),
    ];
    for (fen, best) in cases {
        let mut pos = Position::from_fen(fen).unwrap();
        let before = pos.clone();
        let r = s.search_parallel(&mut pos, &depth(7), &[], &mut NoHandler);
        assert_eq!(r.best.unwrap().to_uci(), best, "{fen}");
        assert_eq!(pos, before);
    }
    // Node budgets count every thread's nodes (published every 1024 nodes: one interval of slack).
    let mut pos = Position::startpos();
    let r = s.search_parallel(
        &mut pos,
        &Limits { nodes: Some(50_000), ..Limits::default() },
        &[],
        &mut NoHandler,
    );
    assert!(r.nodes <= 50_000 + 1023, "{}", r.nodes);
    // Root restriction in parallel.
    let only = [mv(&pos, "h2h3")];
    let r = s.search_parallel(&mut pos, &depth(6), &only, &mut NoHandler);
    assert_eq!(r.best, Some(only[0]));
    // Back to one thread: deterministic again.
    s.set_threads(1);
    s.clear();
    let a = s.search_parallel(&mut pos, &depth(6), &[], &mut NoHandler);
    s.clear();
    let b = s.search(&mut pos, &depth(6), &mut NoHandler);
    assert_eq!((a.best, a.nodes), (b.best, b.nodes));
}
