//! How the battles of one route row (or stage) were won, and how their boards were proved: a row of
//! `simulate`'s win and proof tables.

use gambit_roguelite::balance::wilson;
use serde_json::{Value, json};

use super::facts::{Win, WinHow};
use super::report::pct;

/// How the battles of one row were won: counts by moves used and by winning action.
pub(super) struct WinRow {
    pub(super) label: String,
    pub(super) won: u64,
    pub(super) moves: Vec<u32>,
    /// Won in 1, 2 and 3 moves.
    pub(super) by_moves: [u64; 3],
    /// Won by a capture with a piece that teleported within its last two moves.
    pub(super) teleport: u64,
    /// ... in at most 3 moves.
    pub(super) quick_teleport: u64,
    /// Won by a queen's capture.
    pub(super) queen: u64,
    /// Battles played (won or not), of them proved, and the proved ones' shortest wins in 1, 2 and 3
    /// moves.
    pub(super) played: u64,
    pub(super) proved: Vec<u32>,
}

impl WinRow {
    pub(super) fn of<'a>(
        label: String,
        wins: impl Iterator<Item = &'a Win>,
        proofs: impl Iterator<Item = Option<u32>>,
    ) -> WinRow {
        let mut row = WinRow {
            label,
            won: 0,
            moves: Vec::new(),
            by_moves: [0; 3],
            teleport: 0,
            quick_teleport: 0,
            queen: 0,
            played: 0,
            proved: Vec::new(),
        };
        for p in proofs {
            row.played += 1;
            row.proved.extend(p);
        }
        row.proved.sort_unstable();
        for w in wins {
            row.won += 1;
            row.moves.push(w.moves);
            if (1..=3).contains(&w.moves) {
                row.by_moves[w.moves as usize - 1] += 1;
            }
            let teleport = w.how == WinHow::AfterTeleport;
            row.queen += u64::from(w.queen);
            row.teleport += u64::from(teleport);
            row.quick_teleport += u64::from(teleport && w.moves <= 3);
        }
        row.moves.sort_unstable();
        row
    }

    pub(super) fn quick(&self) -> u64 {
        self.by_moves.iter().sum()
    }

    pub(super) fn average(&self) -> f64 {
        self.moves.iter().map(|&m| f64::from(m)).sum::<f64>() / self.won.max(1) as f64
    }

    pub(super) fn median(&self) -> u32 {
        self.moves.get(self.moves.len().saturating_sub(1) / 2).copied().unwrap_or(0)
    }

    /// The proof row: battles played, proved, the shortest wins' median and how many are 2 moves or
    /// fewer, 3 or fewer.
    pub(super) fn proof_line(&self) -> String {
        let n = self.proved.len() as u64;
        let within = |m: u32| {
            let k = self.proved.iter().filter(|&&p| p <= m).count() as u64;
            let (lo, hi) = wilson(k, n);
            format!("{k} ({:.1}%, {lo:.1}-{hi:.1}%)", pct(k, n))
        };
        format!(
            "| {} | {} | {} | {} | {} | {} |",
            self.label,
            self.played,
            n,
            self.proved.get(self.proved.len().saturating_sub(1) / 2).copied().unwrap_or(0),
            within(2),
            within(3)
        )
    }

    pub(super) fn line(&self) -> String {
        let share = |k: u64| {
            let (lo, hi) = wilson(k, self.won);
            format!("{k} ({:.1}%, {lo:.1}-{hi:.1}%)", pct(k, self.won))
        };
        format!(
            "| {} | {} | {:.2} | {} | {} / {} / {} | {} | {} | {} | {} |",
            self.label,
            self.won,
            self.average(),
            self.median(),
            self.by_moves[0],
            self.by_moves[1],
            self.by_moves[2],
            share(self.quick()),
            share(self.teleport),
            share(self.quick_teleport),
            share(self.queen)
        )
    }

    pub(super) fn json(&self) -> Value {
        json!({"battles": self.label, "won": self.won, "average_moves_used": self.average(),
               "median_moves_used": self.median(), "won_in_1_2_3_moves": self.by_moves,
               "won_in_at_most_3_moves": self.quick(), "won_by_a_capture_after_a_teleport": self.teleport,
               "won_by_a_capture_after_a_teleport_in_at_most_3_moves": self.quick_teleport,
               "won_by_a_queen_capture": self.queen, "played": self.played, "proved": self.proved.len(),
               "proved_shortest_wins": self.proved})
    }
}
