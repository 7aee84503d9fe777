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

pub(crate) fn run(out: &mut impl Write, seed: u64, auto: bool, json: bool) -> Result<()> {
    if !auto {
        return Err(bad(
            "only headless runs are available here: add --auto (the app plays interactive runs)",
        ));
    }
    // The callback cannot return an error, so the first write error is kept and reported after the
    // run (which takes milliseconds); later events are not written.
    let mut written = Ok(());
    let run = play_auto(RunConfig::new(seed), AUTO_PLAYER_TUNING, |_, events| {
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
