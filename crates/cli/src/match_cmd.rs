//! `gambit-cli match`: two bot configurations play each other (standard chess, skill chess or roguelite
//! battles), in parallel and deterministically, and the result is reported as W/D/L, score and an Elo
//! difference with its 95% interval; chess and skill-chess games can be written as PGN.
//!
//! Each opening is played twice with the colours swapped (game `2k` has A as White, game `2k + 1` has B
//! as White; in battles A plays the player's army in even games). Every decision has a node budget and
//! no time limit, so a match replays exactly from its seed on any machine, whatever the thread count.

use std::io::Write;

use anyhow::{Context as _, Result};
use clap::ValueEnum;
use gambit_roguelite::bot::BattleGame;
use gambit_roguelite::encounter::{default_deployment, generate, templates};
use gambit_roguelite::{Battle, BattleStatus, Run, RunConfig, Team};
use gambit_rules::Role;
use gambit_rules::{Color, Position, splitmix64};
use gambit_search::{BotConfig, BotOptions, Preset, SkillSearch, choose_with};
use gambit_skills::{Action, PgnRecorder, Played, SkillBoard, SkillConfig, SkillRules, Teleported};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::bad;

/// The game a match plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum MatchGame {
    /// Standard chess.
    Chess,
    /// Skill chess (Teleport and Freeze, default cooldowns, the skill rules of `--skill-rules`).
    Skills,
    /// Roguelite battles: the encounter templates in turn, each side's army as generated.
    Battle,
}

/// One side of a match: its name (the spec as given) and configuration.
#[derive(Clone, Debug)]
pub(crate) struct Engine {
    name: String,
    config: BotConfig,
}

/// Reads an engine spec: comma-separated items, applied in order to the Club preset: a preset name
/// (`beginner`, `casual`, `club`, `expert`), `nodes=N`, `depth=N`, `beam=N` (0 = full width),
/// `consistency=X`, `params=FILE` (a saved parameter set: a JSON `BotConfig`), `legacy` (the a6fe168
/// search parameters and skill handling at the budget given so far), and any field of the
/// configuration by its dotted path (`skill.quiescence_teleports=none`, `params.futility_max_depth=3`).
pub(crate) fn parse_engine(spec: &str) -> Result<Engine> {
    let mut config = BotConfig::from_preset(Preset::Club);
    let mut legacy = false;
    let rebuild = |depth: u32, options: BotOptions| BotConfig::new(depth, options);
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (key, value) = item.split_once('=').unwrap_or((item, ""));
        let number = |what: &str| -> Result<u64> {
            value.parse::<u64>().map_err(|_| bad(format!("engine {spec:?}: {what} needs a whole number")))
        };
        match key {
            "legacy" => legacy = true,
            "nodes" => config.options.max_nodes = number("nodes")?,
            "depth" => config.depth = u32::try_from(number("depth")?).unwrap_or(u32::MAX),
            "beam" => {
                config.options.beam_width = usize::try_from(number("beam")?).unwrap_or(usize::MAX);
                config = BotConfig { skill: config.skill, ..rebuild(config.depth, config.options) };
            }
            "consistency" => {
                let c: f64 =
                    value.parse().ok().filter(|c: &f64| (0.0..=1.0).contains(c)).ok_or_else(|| {
                        bad(format!("engine {spec:?}: consistency is a number from 0 to 1"))
                    })?;
                config.options.consistency = c;
                config = BotConfig { skill: config.skill, ..rebuild(config.depth, config.options) };
            }
            "params" => {
                let text = std::fs::read_to_string(value)
                    .map_err(|e| bad(format!("engine {spec:?}: cannot read {value}: {e}")))?;
                config = serde_json::from_str(&text)
                    .map_err(|e| bad(format!("engine {spec:?}: {value} is not a parameter set: {e}")))?;
            }
            path if path.starts_with("params.")
                || path.starts_with("skill.")
                || path.starts_with("options.") =>
            {
                config = set_field(&config, path, value).map_err(|e| bad(format!("engine {spec:?}: {e}")))?;
            }
            name if value.is_empty() => {
                let preset: Preset = name.parse().map_err(|e| bad(format!("engine {spec:?}: {e}")))?;
                config = BotConfig::from_preset(preset);
            }
            other => return Err(bad(format!("engine {spec:?}: unknown item {other:?}"))),
        }
    }
    if legacy {
        config = BotConfig::legacy(config.depth, config.options);
    }
    Ok(Engine { name: spec.to_string(), config })
}

/// `config` with the field at the dotted `path` (`skill.quiescence_teleports`, `params.lmr`) set to
/// `value` (JSON, or a bare word taken as a string).
fn set_field(config: &BotConfig, path: &str, value: &str) -> Result<BotConfig, String> {
    let mut json = serde_json::to_value(config).map_err(|e| e.to_string())?;
    let mut slot = &mut json;
    for key in path.split('.') {
        slot = slot.get_mut(key).ok_or_else(|| format!("no field {path:?}"))?;
    }
    *slot = serde_json::from_str(value).unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
    serde_json::from_value(json).map_err(|e| format!("{path}={value}: {e}"))
}

/// Where a chess or skill-chess game starts: a board state, and the moves of a random opening played
/// from it (recorded in the PGN).
#[derive(Clone, Debug)]
struct Opening {
    start: SkillBoard,
    moves: Vec<Action>,
}

/// `pairs` openings: the lines of `file` (FENs or `SkillBoard::state_line`s, `#` comments), cycled, or
/// seeded random 4-ply starts of ordinary moves from the standard position.
fn openings(file: Option<&str>, pairs: usize, seed: u64, config: &SkillConfig) -> Result<Vec<Opening>> {
    if let Some(path) = file {
        let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read {path}: {e}")))?;
        let starts: Vec<SkillBoard> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                SkillBoard::from_state_line(l, config.clone()).map_err(|e| bad(format!("{path}: {l:?}: {e}")))
            })
            .collect::<Result<_>>()?;
        if starts.is_empty() {
            return Err(bad(format!("{path} has no opening")));
        }
        return Ok((0..pairs)
            .map(|i| Opening { start: starts[i % starts.len()].clone(), moves: Vec::new() })
            .collect());
    }
    Ok((0..pairs)
        .map(|i| {
            let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(seed ^ (i as u64).wrapping_mul(0x9E37)));
            let start = SkillBoard::new(config.clone()).expect("the standard start is valid");
            let mut board = start.clone();
            let mut moves = Vec::new();
            for _ in 0..4 {
                let legal = board.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let a = Action::Move(legal[rng.gen_range(0..legal.len())]);
                board.play_action(a).expect("a legal move");
                moves.push(a);
            }
            Opening { start, moves }
        })
        .collect())
}

/// The result of one game, from A's side: 1, 0.5 or 0.
#[derive(Clone, Debug)]
struct GameRecord {
    score_a: f64,
    pgn: Option<String>,
    /// Completed depth of every decision, per engine (A, B).
    depths: [Vec<u32>; 2],
    /// How the game ended.
    termination: String,
    /// What the skills did (chess and skill chess).
    skills: Option<SkillStats>,
}

/// What one game of skill chess did with the skills (issue 14's properties).
#[derive(Clone, Debug, Default)]
struct SkillStats {
    /// Actions of the game (moves, teleports and freezes; the opening's moves included).
    actions: u32,
    /// Teleports among them.
    teleports: u32,
    /// Freezes among them.
    freezes: u32,
    /// Whether a queen was captured by a teleport within the game's first 10 plies.
    queen_lost_early: bool,
    /// Turn-ending actions (moves and teleports), the opening's included.
    plies: u32,
    /// Whether the game ended in a win for either side.
    decisive: bool,
}

impl SkillStats {
    /// Counts one action played at ply `ply` (0-based, turn-ending actions before it).
    fn count(&mut self, played: &Played, ply: u32) {
        self.actions += 1;
        match played {
            Played::Move(_) => self.plies += 1,
            Played::Freeze(_) => self.freezes += 1,
            Played::Teleport { how, .. } => {
                self.teleports += 1;
                self.plies += 1;
                let captured = match how {
                    Teleported::AsMove(m) => m.capture,
                    Teleported::Relocated { captured } => captured.map(|p| p.role),
                };
                if captured == Some(Role::Queen) && ply < 10 {
                    self.queen_lost_early = true;
                }
            }
        }
    }
}

fn decision_seed(seed: u64, game: usize, ply: u32) -> u64 {
    splitmix64(seed ^ splitmix64(game as u64) ^ u64::from(ply).wrapping_mul(0xA24B_AED4_963E_E407))
}

/// Plays one chess or skill-chess game from `opening`, `engines[0]` with White.
fn play_board_game(
    args: &MatchArgs<'_>,
    opening: &Opening,
    engines: [&Engine; 2],
    a_is_white: bool,
    index: usize,
) -> GameRecord {
    let (game, seed, max_plies) = (args.game, args.seed, args.max_plies);
    let mut board = opening.start.clone();
    let mut pgn = PgnRecorder::new(&board);
    let mut stats = SkillStats::default();
    for &m in &opening.moves {
        let played = pgn.play(&mut board, m).expect("an opening move is legal");
        stats.count(&played, stats.plies);
    }
    let mut depths = [Vec::new(), Vec::new()];
    let mut plies = 0;
    let outcome = loop {
        let end = match game {
            MatchGame::Skills => board.finished(),
            _ => board
                .position()
                .outcome()
                .or_else(|| board.position().claimable_draw().map(gambit_rules::Outcome::Draw)),
        };
        if let Some(o) = end {
            break Some(o);
        }
        if plies >= max_plies {
            break None;
        }
        let white_to_move = board.turn() == Color::White;
        let side = usize::from(white_to_move != a_is_white);
        let engine = engines[if white_to_move { 0 } else { 1 }];
        let s = decision_seed(seed, index, plies);
        let choice = match game {
            MatchGame::Skills => {
                let mut g = SkillSearch::new(board.clone(), engine.config.skill);
                let c = choose_with(&mut g, &engine.config, s, None);
                (c.action, c.completed_depth)
            }
            _ => {
                let mut pos: Position = board.position().clone();
                let c = choose_with(&mut pos, &engine.config, s, None);
                (c.action.map(Action::Move), c.completed_depth)
            }
        };
        let (Some(action), depth) = choice else { break None };
        depths[side].push(depth);
        let played = pgn.play(&mut board, action).expect("the bot plays legal actions");
        stats.count(&played, stats.plies);
        plies += 1;
    };
    let result = outcome.map_or("1/2-1/2", |o| o.result_string());
    let white_score = match result {
        "1-0" => 1.0,
        "0-1" => 0.0,
        _ => 0.5,
    };
    let score_a = if a_is_white { white_score } else { 1.0 - white_score };
    let event = if game == MatchGame::Skills { "Gambit match (skill chess)" } else { "Gambit match" };
    let mut tags = vec![
        ("Event", event.to_string()),
        ("Site", "gambit-cli match".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", (index + 1).to_string()),
        ("White", engines[0].name.clone()),
        ("Black", engines[1].name.clone()),
    ];
    let termination = match outcome {
        Some(o) => o.to_string(),
        None => format!("adjudicated a draw after {max_plies} actions"),
    };
    tags.push(("Termination", termination.clone()));
    stats.decisive = white_score != 0.5;
    GameRecord { score_a, pgn: Some(pgn.to_pgn(&tags, result)), depths, termination, skills: Some(stats) }
}

/// Plays one battle: `engines[0]` commands the player's army.
fn play_battle(
    template_index: usize,
    engines: [&Engine; 2],
    a_is_player: bool,
    index: usize,
    seed: u64,
    max_plies: u32,
) -> Result<GameRecord> {
    let all = templates();
    let t = &all[template_index % all.len()];
    let variation = splitmix64(seed ^ template_index as u64);
    let army = Run::new(RunConfig::new(variation)).roster().to_vec();
    let generated = generate(t, &mut ChaCha8Rng::seed_from_u64(variation), &army);
    let e = generated.encounter;
    let deployment = default_deployment(&e.board, &army).context("the army does not fit the board")?;
    let mut battle = Battle::new(&e.setup(&army, &deployment, Default::default()))?;
    battle.set_quiet(true);
    let mut depths = [Vec::new(), Vec::new()];
    let mut plies = 0;
    while battle.status() == BattleStatus::Ongoing && plies < max_plies {
        let player_to_move = battle.to_move() == Team::Player;
        let side = usize::from(player_to_move != a_is_player);
        let engine = engines[if player_to_move { 0 } else { 1 }];
        let mut g = BattleGame::new(&battle);
        let c = choose_with(&mut g, &engine.config, decision_seed(seed, index, plies), None);
        let Some(action) = c.action.or_else(|| battle.legal_actions().first().copied()) else { break };
        depths[side].push(c.completed_depth);
        battle.apply(action)?;
        plies += 1;
    }
    let player_score = match battle.status() {
        BattleStatus::Victory { .. } => 1.0,
        BattleStatus::Defeat { .. } => 0.0,
        BattleStatus::Ongoing => 0.5,
    };
    let score_a = if a_is_player { player_score } else { 1.0 - player_score };
    let termination = match battle.status() {
        BattleStatus::Victory { .. } => "the player's victory".to_string(),
        BattleStatus::Defeat { reason } => format!("the player's defeat ({reason})"),
        BattleStatus::Ongoing => format!("adjudicated a draw after {max_plies} actions"),
    };
    Ok(GameRecord { score_a, pgn: None, depths, termination, skills: None })
}

/// The Elo difference of a score fraction `p` (0 < p < 1): `-400 log10(1/p - 1)`.
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

fn format_elo(p: f64) -> String {
    if p <= 0.0 {
        "-inf".into()
    } else if p >= 1.0 {
        "+inf".into()
    } else {
        format!("{:+.0}", elo(p))
    }
}

/// Score, Elo and its 95% interval from the per-game scores (trinomial variance of a game's score).
fn summary(scores: &[f64]) -> (f64, String) {
    let n = scores.len() as f64;
    let p = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let (lo, hi) = ((p - 1.96 * se).max(0.0), (p + 1.96 * se).min(1.0));
    (p, format!("{} [{}, {}]", format_elo(p), format_elo(lo), format_elo(hi)))
}

fn depth_line(depths: &[u32]) -> String {
    if depths.is_empty() {
        return "no decision".into();
    }
    let mut d = depths.to_vec();
    d.sort_unstable();
    let zero = d.iter().filter(|&&x| x == 0).count();
    format!(
        "median completed depth {} (min {}, max {}), depth 0 in {} of {} decisions",
        d[d.len() / 2],
        d[0],
        d[d.len() - 1],
        zero,
        d.len()
    )
}

/// The options of `gambit-cli match`.
pub(crate) struct MatchArgs<'a> {
    pub(crate) game: MatchGame,
    pub(crate) a: &'a str,
    pub(crate) b: &'a str,
    pub(crate) games: usize,
    pub(crate) seed: u64,
    pub(crate) openings: Option<&'a str>,
    pub(crate) threads: usize,
    pub(crate) pgn: Option<&'a str>,
    pub(crate) max_plies: u32,
    /// The skill rules of skill-chess games (`--skill-rules`).
    pub(crate) skill_rules: SkillRules,
}

pub(crate) fn run(out: &mut impl Write, args: &MatchArgs<'_>) -> Result<()> {
    if args.games == 0 {
        return Err(bad("--games must be at least 1"));
    }
    if args.threads == 0 {
        return Err(bad("--threads must be at least 1"));
    }
    let a = parse_engine(args.a)?;
    let b = parse_engine(args.b)?;
    let pairs = args.games.div_ceil(2);
    let opening_list = if args.game == MatchGame::Battle {
        Vec::new()
    } else {
        let config = SkillConfig { skill_rules: args.skill_rules, ..SkillConfig::default() };
        openings(args.openings, pairs, args.seed, &config)?
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads).build()?;
    let start = std::time::Instant::now();
    let records: Vec<GameRecord> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let a_first = i % 2 == 0;
                let engines = if a_first { [&a, &b] } else { [&b, &a] };
                match args.game {
                    MatchGame::Battle => play_battle(i / 2, engines, a_first, i, args.seed, args.max_plies),
                    _ => Ok(play_board_game(args, &opening_list[i / 2], engines, a_first, i)),
                }
            })
            .collect::<Result<Vec<_>>>()
    })?;
    let scores: Vec<f64> = records.iter().map(|r| r.score_a).collect();
    let wins = scores.iter().filter(|&&s| s == 1.0).count();
    let draws = scores.iter().filter(|&&s| s == 0.5).count();
    let losses = scores.len() - wins - draws;
    let (p, elo_text) = summary(&scores);
    let game_name = match args.game {
        MatchGame::Chess => "chess",
        MatchGame::Skills => "skill chess",
        MatchGame::Battle => "battles",
    };
    writeln!(
        out,
        "match ({game_name}): A = {}, B = {}; {} games, seed {}",
        a.name, b.name, args.games, args.seed
    )?;
    writeln!(
        out,
        "A: W {wins} D {draws} L {losses}, score {:.1}/{} ({:.1}%), Elo difference {elo_text} (95%)",
        p * args.games as f64,
        args.games,
        100.0 * p
    )?;
    let depths_a: Vec<u32> = records.iter().flat_map(|r| r.depths[0].iter().copied()).collect();
    let depths_b: Vec<u32> = records.iter().flat_map(|r| r.depths[1].iter().copied()).collect();
    let mut endings: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for r in &records {
        *endings.entry(r.termination.as_str()).or_default() += 1;
    }
    let endings: Vec<String> = endings.iter().map(|(t, n)| format!("{n} {t}")).collect();
    writeln!(out, "endings: {}", endings.join(", "))?;
    if args.game == MatchGame::Skills {
        let stats: Vec<SkillStats> = records.iter().filter_map(|r| r.skills.clone()).collect();
        write_skill_stats(out, &stats, args.skill_rules, args.seed)?;
    }
    writeln!(out, "A: {}", depth_line(&depths_a))?;
    writeln!(out, "B: {}", depth_line(&depths_b))?;
    writeln!(out, "{:.1} s on {} threads", start.elapsed().as_secs_f64(), args.threads)?;
    if let Some(path) = args.pgn {
        if args.game == MatchGame::Battle {
            return Err(bad("--pgn is for chess and skill chess (a battle is not a chess game)"));
        }
        let text: String = records.iter().filter_map(|r| r.pgn.clone()).collect::<Vec<_>>().join("\n");
        std::fs::write(path, text).map_err(|e| bad(format!("cannot write {path}: {e}")))?;
    }
    Ok(())
}

/// The Wilson score interval of `k` successes in `n` trials at 95%, as fractions.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96_f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The median of `values` (the mean of the middle two for an even count).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        return 0.0;
    }
    if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 }
}

/// The 2.5th and 97.5th percentiles of `statistic` over 2,000 bootstrap resamples of the games
/// (deterministic from `seed`).
fn bootstrap(stats: &[SkillStats], seed: u64, statistic: impl Fn(&[&SkillStats]) -> f64) -> (f64, f64) {
    const RESAMPLES: usize = 2000;
    let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(seed ^ 0xB007_5742));
    let mut values: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let sample: Vec<&SkillStats> =
                (0..stats.len()).map(|_| &stats[rng.gen_range(0..stats.len())]).collect();
            statistic(&sample)
        })
        .collect();
    values.sort_by(f64::total_cmp);
    (values[RESAMPLES * 25 / 1000], values[RESAMPLES * 975 / 1000 - 1])
}

/// Issue 14's properties of skill chess over the games, each with its 95% interval: the share of
/// teleports among all actions (bootstrap over games), freezes per game (bootstrap), games with a
/// queen lost to a teleport capture within the first 10 plies (Wilson), decisive games (Wilson) and
/// the median length in plies (bootstrap).
fn write_skill_stats(out: &mut impl Write, stats: &[SkillStats], rules: SkillRules, seed: u64) -> Result<()> {
    if stats.is_empty() {
        return Ok(());
    }
    let n = stats.len();
    let share = |s: &[&SkillStats]| {
        let actions: u32 = s.iter().map(|g| g.actions).sum();
        f64::from(s.iter().map(|g| g.teleports).sum::<u32>()) / f64::from(actions.max(1))
    };
    let freezes = |s: &[&SkillStats]| s.iter().map(|g| f64::from(g.freezes)).sum::<f64>() / s.len() as f64;
    let length = |s: &[&SkillStats]| median(&mut s.iter().map(|g| f64::from(g.plies)).collect::<Vec<_>>());
    let all: Vec<&SkillStats> = stats.iter().collect();
    let (s_lo, s_hi) = bootstrap(stats, seed, share);
    let (f_lo, f_hi) = bootstrap(stats, seed ^ 1, freezes);
    let (l_lo, l_hi) = bootstrap(stats, seed ^ 2, length);
    let queens = stats.iter().filter(|g| g.queen_lost_early).count();
    let decisive = stats.iter().filter(|g| g.decisive).count();
    let (q_lo, q_hi) = wilson(queens, n);
    let (d_lo, d_hi) = wilson(decisive, n);
    writeln!(out, "skill rules: {rules}")?;
    writeln!(
        out,
        "teleports: {:.1}% of {} actions [{:.1}, {:.1}] (95%, bootstrap over games)",
        100.0 * share(&all),
        all.iter().map(|g| g.actions).sum::<u32>(),
        100.0 * s_lo,
        100.0 * s_hi
    )?;
    writeln!(out, "freezes per game: {:.2} [{f_lo:.2}, {f_hi:.2}] (95%, bootstrap)", freezes(&all))?;
    writeln!(
        out,
        "queen lost to a teleport capture within the first 10 plies: {queens}/{n} = {:.1}% [{:.1}, {:.1}] (95%, Wilson)",
        100.0 * queens as f64 / n as f64,
        100.0 * q_lo,
        100.0 * q_hi
    )?;
    writeln!(
        out,
        "decisive games: {decisive}/{n} = {:.1}% [{:.1}, {:.1}] (95%, Wilson)",
        100.0 * decisive as f64 / n as f64,
        100.0 * d_lo,
        100.0 * d_hi
    )?;
    writeln!(out, "median length: {:.1} plies [{l_lo:.1}, {l_hi:.1}] (95%, bootstrap)", length(&all))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_the_formula() {
        let (lo, hi) = wilson(0, 200);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.01884).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson(100, 200);
        assert!((lo - 0.4314).abs() < 1e-3 && (hi - 0.5686).abs() < 1e-3, "{lo} {hi}");
    }

    #[test]
    fn median_of_even_and_odd_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }

    #[test]
    fn skill_stats_count_teleports_freezes_and_early_queen_captures() {
        let mut b = SkillBoard::new(SkillConfig::classic()).unwrap();
        let mut stats = SkillStats::default();
        for text in ["e2e4", "fz e7", "tp b8d1", "tp f1d8"] {
            let played = b.play_action(b.parse_action(text).unwrap()).unwrap();
            stats.count(&played, stats.plies);
        }
        assert_eq!((stats.actions, stats.teleports, stats.freezes, stats.plies), (4, 2, 1, 3));
        assert!(stats.queen_lost_early);
    }
}
