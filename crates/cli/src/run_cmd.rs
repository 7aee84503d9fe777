//! `gambit-cli run --seed N --auto [--json]`: a whole roguelite run played headless.
//!
//! The bot plays both sides: the enemy with the run's per-stage tuning, the player with
//! [`AUTO_PLAYER_TUNING`] and the fixed policy of [`gambit_roguelite::bot::auto_decision`] (first offered
//! modifier on the queen, default deployment, the most expensive affordable purchase within the
//! limits, the board with the largest move budget). The player's saves are never read or written.

use std::io::Write;

use anyhow::Result;
use gambit_roguelite::bot::{AUTO_PLAYER_TUNING, play_auto};
use gambit_roguelite::{BattleEvent, RunConfig, RunEvent};

use crate::bad;
use crate::battle_cmd::stranding_warning;

pub(crate) fn run(out: &mut impl Write, seed: u64, auto: bool, json: bool) -> Result<()> {
    if !auto {
        return Err(bad(
            "only headless runs are available here: add --auto (the app plays interactive runs)",
        ));
    }
    // The callback cannot return an error, so the first write error is kept and reported after the
    // run (which takes milliseconds); later events are not written.
    let mut written = Ok(());
    let mut last_warning: Option<(u32, u32, String)> = None;
    let run = play_auto(RunConfig::new(seed), AUTO_PLAYER_TUNING, |run, events| {
        if json || written.is_err() {
            return;
        }
        for e in events {
            if matches!(e, RunEvent::Battle { event: BattleEvent::TurnStarted { .. } }) {
                continue;
            }
            written = writeln!(out, "{e}");
            if written.is_err() {
                return;
            }
        }
        // While the player is to move, the warning before a defeat by no action (again after a
        // free action only when it changed).
        let line = run.battle().and_then(|b| Some((run.battles_started(), b.ply(), stranding_warning(b)?)));
        if let Some((_, _, text)) = line.as_ref().filter(|&l| Some(l) != last_warning.as_ref()) {
            written = writeln!(out, "{text}");
        }
        last_warning = line;
    });
    written?;
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&run.log())?)?;
        return Ok(());
    }
    let s = run.summary();
    writeln!(
        out,
        "result: {}, battles won {}, points {}, EXP {}",
        if s.victory { "victory" } else { "defeat" },
        s.battles_won,
        s.points,
        s.exp
    )?;
    Ok(())
}
