use gambit_search::{
    Limits, Params, QuiescenceTeleports, SearchHandler, SearchInfo, Searcher, SkillParams, SkillSearch,
};
use gambit_skills::{Action, SkillBoard, SkillConfig};
struct H;
impl SearchHandler<Action> for H {
    fn on_iteration(&mut self, p: &SearchInfo<'_, Action>) {
        let pv: Vec<String> = p.pv.iter().map(|a| a.to_string()).collect();
        println!(
            "  depth {} seldepth {} nodes {} score {} pv {}",
            p.depth,
            p.seldepth,
            p.nodes,
            p.score,
            pv.join(" ")
        );
    }
}
fn main() {
    let text =
        std::fs::read_to_string(std::env::var("POS").unwrap_or("/tmp/skill_positions.txt".into())).unwrap();
    let n: usize = std::env::args().nth(1).map_or(3, |a| a.parse().unwrap());
    if std::env::var("CHESS").is_ok() {
        for l in text.lines().take(n) {
            let fen = l.split(';').next().unwrap();
            let mut pos = gambit_rules::Position::from_fen(fen).unwrap();
            let mut s = Searcher::<gambit_rules::Position>::new(Params { multipv: 1, ..Params::bot(0) }, 8);
            let r = s.search(
                &mut pos,
                &Limits {
                    nodes: Some(std::env::var("NODES").map_or(30_000, |n| n.parse().unwrap())),
                    depth: Some(std::env::var("DEPTH").map_or(12, |n| n.parse().unwrap())),
                    ..Limits::default()
                },
                &mut gambit_search::NoHandler,
            );
            println!(
                "  chess => {:?} depth {} nodes {}",
                r.best.map(|a| a.to_uci()),
                r.completed_depth,
                r.nodes
            );
        }
        return;
    }
    for l in text.lines().take(n) {
        let b = SkillBoard::from_state_line(l, SkillConfig::default()).unwrap();
        println!("{l}");
        let mut sp = SkillParams::default();
        if std::env::var("QT").as_deref() == Ok("none") {
            sp.quiescence_teleports = QuiescenceTeleports::None;
        }
        if let Ok(k) = std::env::var("QV") {
            sp.quiescence_victims = k.parse().unwrap();
        }
        if let Ok(k) = std::env::var("THREAT") {
            sp.threat_percent = k.parse().unwrap();
        }
        let mut g = SkillSearch::new(b, sp);
        let mut params = Params::bot(0);
        if let Ok(f) = std::env::var("FUT") {
            params.futility_max_depth = f.parse().unwrap();
        }
        if std::env::var("MPV1").is_ok() {
            params.multipv = 1;
        }
        if let Ok(r) = std::env::var("SSR") {
            params.same_side_reduction = r.parse().unwrap();
        }
        let mut s = Searcher::<SkillSearch>::new(params, 8);
        let r = s.search(
            &mut g,
            &Limits {
                nodes: Some(std::env::var("NODES").map_or(30_000, |n| n.parse().unwrap())),
                depth: Some(std::env::var("DEPTH").map_or(12, |n| n.parse().unwrap())),
                ..Limits::default()
            },
            &mut H,
        );
        println!("  => {:?} depth {} nodes {}", r.best.map(|a| a.to_string()), r.completed_depth, r.nodes);
    }
}
#[allow(dead_code)]
fn chess_baseline() {}
