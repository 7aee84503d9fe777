//! Ranks, typed seeds, the daily run and the profile's records (`docs/save-format.md`, issue 16
//! section 2).

use std::fs;

use gambit_roguelite::bot::{
    AUTO_PLAYER_TUNING, BoardChoice, EnemyTuning, Player, StageTuning, auto_decision,
};
use gambit_roguelite::encounter::templates;
use gambit_roguelite::rank::{Rank, RankRules};
use gambit_roguelite::records::{HISTORY_LEN, StartError};
use gambit_roguelite::run::{RunKey, RunSummary};
use gambit_roguelite::save::{PROGRESS_VERSION, progress_from_json, progress_to_json};
use gambit_roguelite::seed::Date;
use gambit_roguelite::{Progress, Run, RunConfig, RunPhase, Team};
use gambit_rules::Role;
use gambit_search::Preset;

/// Plays the thinker to the end; returns the piece slots of every shop met.
fn play(run: &mut Run) -> Vec<usize> {
    let mut shops = Vec::new();
    let mut n = 0;
    while let Some(d) = Player::Thinker.decide(run, BoardChoice::Random) {
        if let RunPhase::Shop(shop) = run.phase()
            && shop.rerolls == 0
        {
            let pieces = shop
                .slots
                .iter()
                .filter(|s| matches!(s.item, gambit_roguelite::run::ShopItem::Piece { .. }))
                .count();
            shops.push(pieces);
        }
        run.apply(d).unwrap_or_else(|e| panic!("decision {n} refused: {e}"));
        n += 1;
        assert!(n < 3000, "the run does not end");
    }
    shops
}

#[test]
fn the_same_seed_rank_and_unlocks_give_the_same_run() {
    for rank in [Rank::MIN, Rank::new(6).unwrap()] {
        let config = RunConfig { unlocks: vec!["deeper_pockets".into()], ..RunConfig::ranked(11, rank) };
        let (mut a, mut b) = (Run::new(config.clone()), Run::new(config));
        play(&mut a);
        play(&mut b);
        assert_eq!(a.log(), b.log());
        assert_eq!(a.summary(), b.summary());
        assert_eq!(a.summary().rank, rank);
    }
}

#[test]
fn a_rank_changes_the_enemy_the_budgets_the_gold_and_the_shops() {
    let base = RunConfig::ranked(5, Rank::MIN);
    assert_eq!(base, RunConfig::new(5), "rank 0 is the game as tuned");
    let top = RunConfig::ranked(5, Rank::MAX);
    let rules = RankRules::of(Rank::MAX);
    // The shipped enemy thinks: every stage's rung at least the rank's (deeper, larger, no wider
    // margin), and deeper than rank 0's somewhere.
    let EnemyTuning::Thinking { thinking } = &top.tuning else { panic!("the thinking enemy") };
    assert_eq!(thinking.len(), rules.thinking.len());
    for (run, rank) in thinking.iter().zip(&rules.thinking) {
        assert!(
            run.depth >= rank.depth && run.nodes >= rank.nodes && run.margin_cp <= rank.margin_cp,
            "{run:?}"
        );
    }
    let EnemyTuning::Thinking { thinking: rank_0 } = &base.tuning else { panic!("the thinking enemy") };
    assert!(thinking.iter().zip(rank_0).any(|(a, b)| a.depth > b.depth), "{thinking:?}");
    // The presets' enemy (the game before issue 40) still takes the rank's presets.
    let mut presets = RunConfig::new(5);
    presets.tuning = EnemyTuning::Presets { stages: gambit_roguelite::tuning::Tuning::default().stages };
    rules.apply(&mut presets);
    let EnemyTuning::Presets { stages } = &presets.tuning else { panic!("presets") };
    assert_eq!(stages.len(), rules.enemy.len());
    assert!(stages.iter().zip(&rules.enemy).all(|(s, r)| s >= r), "{stages:?}");
    assert_eq!(stages.last(), Some(&Preset::Casual), "{stages:?}");
    for t in templates() {
        let before = base.economy.budgets.get(&t.name).copied().unwrap_or(t.move_budget);
        assert_eq!(top.economy.budgets[&t.name], before.saturating_sub(rules.move_cut).max(4), "{}", t.name);
    }
    assert_eq!(top.economy.gold.victory, base.economy.gold.victory - rules.gold_cut);

    // The enemy starts every battle with the rank's badges; shops have the rank's piece slots.
    let mut low = Run::new(RunConfig::ranked(2, Rank::MIN));
    let mut high = Run::new(RunConfig::ranked(2, Rank::MAX));
    for run in [&mut low, &mut high] {
        while !matches!(run.phase(), RunPhase::Battle) {
            let d = auto_decision(run, AUTO_PLAYER_TUNING).unwrap();
            run.apply(d).unwrap();
        }
    }
    let enemy = |r: &Run| *r.battle().unwrap().rules(Team::Enemy);
    assert_ne!(enemy(&low), enemy(&high));
    assert_eq!(enemy(&low), Default::default());

    let mut shop_runs = 0;
    let slots = RankRules::of(Rank::new(6).unwrap()).shop_piece_slots as usize;
    assert!(slots < RankRules::of(Rank::MIN).shop_piece_slots as usize);
    for seed in 1..40 {
        let shops = play(&mut Run::new(RunConfig::ranked(seed, Rank::new(6).unwrap())));
        assert!(shops.iter().all(|&n| n <= slots));
        shop_runs += usize::from(shops.contains(&slots));
        if shop_runs > 0 {
            break;
        }
    }
    assert!(shop_runs > 0, "no shop with the rank's piece slots");
}

/// A configuration with proofs on: the presets' enemy at the 1,000-node cap the game shipped with
/// before the thinking enemy (a proof against the thinking enemy costs seconds per board, so the
/// shipped tuning proves nothing: issue 41).
fn with_proofs(seed: u64) -> RunConfig {
    let mut config = RunConfig::new(seed);
    config.tuning = EnemyTuning::Presets { stages: gambit_roguelite::tuning::Tuning::default().stages };
    config.economy.proof.nodes = 1000;
    config
}

/// The encounter of a run's first battle: the auto-player's decisions up to the deployment.
fn first_board(config: RunConfig) -> gambit_roguelite::encounter::Encounter {
    let mut run = Run::new(config);
    loop {
        if let RunPhase::Deploy { encounter } = run.phase() {
            return encounter.clone();
        }
        let d = auto_decision(&run, AUTO_PLAYER_TUNING).expect("a decision before the first battle");
        run.apply(d).unwrap();
    }
}

/// The rank's proof cut comes after the proof's floor (the shortest win plus the stage's slack), so
/// the floor cannot give it back, and never takes a board below its shortest win: the same seed's
/// first board carries the same proof with and without the cut, and its budget is at most the uncut
/// one, at most the cut less, and at least the shortest win. Over the seeds the cut binds.
#[test]
fn the_proof_cut_comes_after_the_proofs_floor_but_never_below_the_shortest_win() {
    let top = RankRules::of(Rank::MAX);
    assert!(top.proof_cut > 0, "the top rank cuts proved boards");
    let uncut = RankRules { proof_cut: 0, ..top.clone() };
    let mut binds = 0;
    for seed in 1..=12 {
        let mut with_cut = with_proofs(seed);
        top.apply(&mut with_cut);
        let mut without = with_proofs(seed);
        uncut.apply(&mut without);
        let (a, b) = (first_board(with_cut), first_board(without));
        assert_eq!(
            (a.name.as_str(), a.proof),
            (b.name.as_str(), b.proof),
            "seed {seed}: the proof does not change"
        );
        let Some(shortest) = a.proof else { continue };
        assert!(a.move_budget <= b.move_budget, "seed {seed}");
        assert!(a.move_budget + top.proof_cut >= b.move_budget, "seed {seed}");
        assert!(a.move_budget >= shortest, "seed {seed}");
        binds += usize::from(a.move_budget < b.move_budget);
    }
    assert!(binds > 0, "the cut never bound in 12 seeds");
}

/// At the top rank, whose cuts are the largest, every battle a run plays gives a proved board at
/// least its shortest win (the route's node bonus, negative for the final boss, included).
#[test]
fn a_proved_board_keeps_its_shortest_win_at_the_top_rank() {
    let mut proved = 0;
    for seed in 1..=3 {
        let mut config = with_proofs(seed);
        RankRules::of(Rank::MAX).apply(&mut config);
        let mut run = Run::new(config);
        while let Some(d) = auto_decision(&run, AUTO_PLAYER_TUNING) {
            if let RunPhase::Deploy { encounter } = run.phase()
                && let Some(shortest) = encounter.proof
            {
                proved += 1;
                assert!(encounter.move_budget >= shortest, "seed {seed}: {}", encounter.name);
            }
            run.apply(d).unwrap();
        }
    }
    assert!(proved > 0);
}

fn summary(seed: u64, rank: Rank, victory: bool, points: u32) -> RunSummary {
    let mut run = Run::new(RunConfig::ranked(seed, rank));
    play(&mut run);
    RunSummary { victory, points, key: RunKey { seed, decisions: 1 }, rank, ..run.summary() }
}

#[test]
fn winning_a_rank_unlocks_the_next_and_the_records_keep_the_best_and_the_last_fifty() {
    let mut p = Progress::default();
    let r1 = Rank::new(1).unwrap();
    assert_eq!(p.ranked_run_config(1, r1), Err(StartError::RankLocked { rank: r1, highest: Rank::MIN }));
    assert!(p.record_run(&summary(1, Rank::MIN, false, 300)));
    assert_eq!(p.rank_unlocked, Rank::MIN);
    assert!(p.record_run(&summary(2, Rank::MIN, true, 200)));
    assert_eq!(p.rank_unlocked, r1);
    let config = p.ranked_run_config(3, r1).unwrap();
    assert_eq!(config.rank.rank, r1);
    let best = p.best_at(Rank::MIN).unwrap();
    assert_eq!(
        (best.runs, best.victories, best.best.seed, best.best.points),
        (2, 1, 2, 200),
        "a win beats points"
    );
    assert!(p.record_run(&summary(3, Rank::MIN, false, 900)));
    assert_eq!(p.best_at(Rank::MIN).unwrap().best.seed, 2);
    assert_eq!(p.rank_unlocked, r1, "a loss locks nothing");
    let record = &p.history[2];
    assert_eq!((record.seed, record.rank, record.victory), (3, Rank::MIN, false));
    assert_eq!(record.result(), format!("lost in battle {}", record.battles_won + 1));
    let one = summary(4, r1, false, 10);
    for seed in 10..70 {
        p.record_run(&RunSummary { key: RunKey { seed, decisions: 1 }, ..one.clone() });
    }
    assert_eq!(p.history.len(), HISTORY_LEN);
    assert_eq!((p.history[0].seed, p.history[HISTORY_LEN - 1].seed), (20, 69));
    assert_eq!(p.best_at(r1).unwrap().runs, 60);
    assert_eq!(p.playable_ranks().count(), 2);

    // The records survive the file.
    assert_eq!(progress_from_json(&progress_to_json(&p)), Ok(p));
}

#[test]
fn the_daily_run_is_the_same_for_everyone_once_per_date() {
    let day = Date::new(2026, 12, 1).unwrap();
    let mut veteran = Progress { unlocked: vec!["deeper_pockets".into()], ..Progress::default() };
    veteran.rank_unlocked = Rank::new(4).unwrap();
    let mut newcomer = Progress::default();
    let a = veteran.start_daily(day).unwrap();
    let b = newcomer.start_daily(day).unwrap();
    assert_eq!(a, b);
    assert_eq!((a.seed, a.rank.rank, a.unlocks.len(), a.daily), (day.seed(), Rank::MIN, 0, Some(day)));
    assert_eq!(veteran.start_daily(day), Err(StartError::DailyPlayed(day)));
    let text = progress_to_json(&veteran);
    assert_eq!(progress_from_json(&text).unwrap().start_daily(day), Err(StartError::DailyPlayed(day)));
    let next = Date::new(2026, 12, 2).unwrap();
    assert!(veteran.start_daily(next).is_ok());

    let mut run = Run::new(a);
    play(&mut run);
    assert!(newcomer.record_run(&run.summary()));
    assert_eq!(newcomer.history[0].daily, Some(day));
}

#[test]
fn every_earlier_progress_version_loads() {
    assert_eq!(PROGRESS_VERSION, 5);
    let v1 =
        progress_from_json(r#"{"version": 1, "exp": 40, "unlocks": ["deeper_pockets"], "best_score": 250}"#)
            .unwrap();
    assert_eq!((v1.exp, v1.stats.best_score, v1.rank_unlocked), (40, 250, Rank::MIN));
    assert_eq!(v1.stats.pieces_lost, 0);
    let v2 = progress_from_json(&fs::read_to_string("tests/data/progress-v2-a6fe168.json").unwrap()).unwrap();
    assert_eq!((v2.exp, v2.stats.runs, v2.history.len()), (75, 3, 0));
    assert_eq!(v2.stats.pieces_lost, v2.stats.pawns_lost, "version 2 named only pawns");
    let v3 = progress_from_json(&fs::read_to_string("tests/data/progress-v3-b892201.json").unwrap()).unwrap();
    assert_eq!((v3.exp, v3.stats.victories, v3.last_run.map(|k| k.seed)), (120, 2, Some(424_242)));
    assert_eq!((v3.rank_unlocked, v3.bests.len(), v3.last_daily), (Rank::MIN, 0, None));
    assert_eq!(v3.stats.pieces_lost, 11);
    // Version 4: the records counted pieces and pawns; those that lost only pawns name them now.
    let v4 = progress_from_json(&fs::read_to_string("tests/data/progress-v4-2c7821e.json").unwrap()).unwrap();
    assert_eq!((v4.exp, v4.rank_unlocked, v4.history.len()), (85, Rank::new(1).unwrap(), 3));
    assert_eq!(v4.stats.pieces_lost, 3 + 2, "the pawns, and the other pieces the history names");
    let losses: Vec<String> = v4.history.iter().map(|r| r.losses()).collect();
    assert_eq!(losses, ["3 pieces (1 pawn)", "2 pawns", "nothing"]);
    assert_eq!(v4.history[1].lost, [Role::Pawn, Role::Pawn]);
    assert_eq!(v4.bests[0].best.lost, [Role::Pawn, Role::Pawn]);
    assert!(v4.history[0].lost.is_empty());
    let again = progress_from_json(&progress_to_json(&v4)).unwrap();
    assert_eq!(again, v4);
    assert!(progress_to_json(&v3).contains("\"version\": 5"));
}

/// A run's record names every owned piece it lost (issue 17: records counted only pawns), the same
/// count the battles report; the records screen's words list them strongest first.
#[test]
fn records_name_every_piece_lost() {
    let mut seen_other = false;
    for seed in 1..=12 {
        let config = RunConfig {
            tuning: EnemyTuning::custom(vec![1, 2], vec![200, 400], vec![0.0, 1.0]),
            ..RunConfig::three_battles(seed)
        };
        let run = gambit_roguelite::bot::play_auto(config, StageTuning::new(1, 200, 1.0), |_, _| {});
        let s = run.summary();
        assert_eq!(s.stats.lost_roles.len() as u32, s.stats.owned_lost, "seed {seed}");
        let pawns = s.stats.lost_roles.iter().filter(|&&r| r == Role::Pawn).count() as u32;
        assert!(pawns >= s.stats.pawns_lost, "seed {seed}");
        let mut p = Progress::default();
        p.record_run(&s);
        assert_eq!(p.history[0].lost, s.stats.lost_roles);
        assert_eq!(p.stats.pieces_lost, s.stats.owned_lost);
        seen_other |= s.stats.lost_roles.iter().any(|&r| r != Role::Pawn);
        if seen_other {
            break;
        }
    }
    assert!(seen_other, "no run lost a piece other than a pawn");
    let r = gambit_roguelite::records::RunRecord {
        seed: 1,
        rank: Rank::MIN,
        daily: None,
        victory: false,
        battles_won: 2,
        points: 300,
        exp: 40,
        owned_lost: 4,
        pawns_lost: 2,
        temporary_pawns_lost: 0,
        decisions: None,
        lost: vec![Role::Pawn, Role::Rook, Role::Pawn, Role::Queen],
        abandoned: false,
    };
    assert_eq!(r.losses(), "queen, rook, 2 pawns");
}

/// A run given up before its end (the player started another over it) is recorded as abandoned: in
/// the history with its battles won so far and "abandoned" in its result, counted as a run, never a
/// victory, no EXP, no rank unlocked; the flag survives `progress.json`.
#[test]
fn an_abandoned_run_is_recorded_as_abandoned() {
    let mut run = Run::new(RunConfig::ranked(5, Rank::MIN));
    let mut n = 0;
    while run.battles_won() < 1 {
        let d = Player::Thinker.decide(&run, BoardChoice::Random).expect("the run goes on");
        run.apply(d).unwrap_or_else(|e| panic!("decision {n} refused: {e}"));
        n += 1;
        assert!(n < 3000, "no battle won");
    }
    assert!(!run.is_over());
    assert!(run.standing().ends_with("1 battle won"), "{}", run.standing());
    assert!(run.standing().starts_with("act 1 of 2"), "{}", run.standing());
    let summary = run.abandon();
    assert!(summary.abandoned && !summary.victory);
    assert_eq!((summary.exp, summary.battles_won, summary.key), (0, 1, run.summary().key));
    let mut p = Progress::default();
    assert!(p.record_run(&summary));
    assert!(!p.record_run(&summary), "recorded once");
    assert_eq!((p.stats.runs, p.stats.victories, p.exp), (1, 0, 0));
    assert_eq!(p.rank_unlocked, Rank::MIN);
    let record = &p.history[0];
    assert!(record.abandoned);
    assert_eq!(record.result(), "abandoned after 1 battle won");
    let again = progress_from_json(&progress_to_json(&p)).unwrap();
    assert!(again.history[0].abandoned);
    // A run that ended is not marked.
    play(&mut run);
    assert!(!run.summary().abandoned);
    assert!(!gambit_roguelite::records::RunRecord::of(&run.summary()).abandoned);
}
