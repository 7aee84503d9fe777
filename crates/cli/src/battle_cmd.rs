//! `gambit-cli battle --template NAME --seed N`: one encounter, bot against bot, shown in ASCII.

use std::io::Write;

use anyhow::Result;
use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, EnemyTuning, choose_action};
use gambit_roguelite::encounter::{default_deployment, generate, template, templates};
use gambit_roguelite::seed::watched_battle_seed;
use gambit_roguelite::{Battle, BattleEvent, BattleStatus, Run, RunConfig, Team};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::bad;
use crate::board_style::BoardStyle;

/// A safety stop for the watch loop (a battle's budget ends it long before).
const MAX_ACTIONS: u32 = 1000;

pub(crate) fn run(out: &mut impl Write, board: BoardStyle, name: &str, seed: u64) -> Result<()> {
    let Ok(t) = template(name) else {
        let names: Vec<String> = templates().into_iter().map(|t| t.name).collect();
        return Err(bad(format!("unknown template {name:?}; templates: {}", names.join(", "))));
    };
    let army = Run::new(RunConfig::new(seed)).roster().to_vec();
    let generated = generate(&t, &mut ChaCha8Rng::seed_from_u64(seed), &army);
    let e = generated.encounter;
    let deployment =
        default_deployment(&e.board, &army).ok_or_else(|| anyhow::anyhow!("the army does not fit"))?;
    let mut battle = Battle::new(&e.setup(&army, &deployment, Default::default()))?;
    writeln!(
        out,
        "{} (stage {}{}): {}{}; {} moves",
        e.name,
        e.stage,
        if e.fallback { ", fallback formation" } else { "" },
        e.objective,
        e.bonus.map(|b| format!(", bonus: {b}")).unwrap_or_default(),
        e.move_budget
    )?;
    let options = board.options(false);
    write!(out, "{}", battle.render(options, None))?;
    // The squares of the latest move, teleport or reposition, highlighted on the boards.
    let mut last_travel = None;
    let enemy = EnemyTuning::default().for_stage(e.stage.saturating_sub(1) as usize);
    let mut n = 0;
    while battle.status() == BattleStatus::Ongoing && n < MAX_ACTIONS {
        n += 1;
        let team = battle.to_move();
        let tuning = if team == Team::Player { AUTO_PLAYER_TUNING } else { enemy };
        let s = watched_battle_seed(seed, battle.ply(), n);
        let Some(action) = choose_action(&battle, tuning, s).action else { break };
        for event in battle.apply(action)? {
            last_travel = event.travel().or(last_travel);
            if !matches!(event, BattleEvent::TurnStarted { .. }) {
                writeln!(out, "{event}")?;
            }
        }
        if battle.to_move() != team || battle.status().is_over() {
            write!(out, "{}", battle.render(options, last_travel))?;
            if let Some(line) = stranding_warning(&battle) {
                writeln!(out, "{line}")?;
            }
        }
    }
    let result = match battle.status() {
        BattleStatus::Victory { bonus } => format!("victory{}", if bonus { " with the bonus" } else { "" }),
        BattleStatus::Defeat { reason } => format!("defeat ({reason})"),
        BattleStatus::Ongoing => "unfinished".into(),
    };
    writeln!(out, "result: {result}, moves used {}/{}", battle.moves_used(), battle.move_budget())?;
    Ok(())
}

/// How many stranding actions a warning names.
const NAMED: usize = 3;

/// The warning line before a defeat by no action, when the player is to move and some of its
/// turn-ending actions let the enemy leave it with no action at its next turn
/// ([`Battle::stranding_threats`]); `None` otherwise. Each action is written in the command grammar,
/// with the enemy reply that strands after it.
pub(crate) fn stranding_warning(battle: &Battle) -> Option<String> {
    battle.stranding_threats().describe(battle, NAMED).map(|text| format!("warning: {text}"))
}
