//! Time management: turning a UCI clock into a soft and a hard limit.

/// The clock state of a UCI `go` command, milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the mover's clock, milliseconds.
    pub time_ms: u64,
    /// Increment per move, milliseconds.
    pub inc_ms: u64,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
    /// Time reserved per move for communication and thread start (UCI option `Move Overhead`),
    /// milliseconds.
    pub overhead_ms: u64,
}

impl Default for Clock {
    fn default() -> Self {
        Clock { time_ms: 0, inc_ms: 0, moves_to_go: None, overhead_ms: MOVE_OVERHEAD_MS }
    }
}

/// The default time reserved for communication and thread start per move, milliseconds.
pub const MOVE_OVERHEAD_MS: u64 = 30;

/// The largest accepted `Move Overhead`, milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;

/// The soft and hard limits (milliseconds) for one move.
///
/// With `left = time - overhead` (the clock's `overhead_ms`) and `n` = moves to go (default 30, at most 50):
/// soft = `left / n + 3/4 inc`, hard = `min(4 soft, left / 3)` (`left / 2` when `n` = 1), and soft
/// never exceeds hard. At 1+0.01 s the first move gets about 39 ms soft and 156 ms hard, and the
/// spending shrinks with the clock, so the clock never runs out: the hard limit is at most a third of
/// what is left, and the search checks the clock every 1024 nodes (well under a millisecond).
#[must_use]
pub fn allocate(clock: Clock) -> (u64, u64) {
    let left = clock.time_ms.saturating_sub(clock.overhead_ms);
    let n = u64::from(clock.moves_to_go.unwrap_or(30).clamp(1, 50));
    let soft = left / n + clock.inc_ms * 3 / 4;
    let cap = if n == 1 { left / 2 } else { left / 3 };
    let hard = (soft * 4).min(cap).max(1);
    (soft.min(hard).max(1), hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_more_than_a_third_of_the_clock() {
        for t in [0, 1, 20, 31, 100, 1000, 60_000] {
            for inc in [0, 10, 1000] {
                let (soft, hard) = allocate(Clock { time_ms: t, inc_ms: inc, ..Clock::default() });
                assert!(soft <= hard);
                assert!(hard <= (t.saturating_sub(MOVE_OVERHEAD_MS) / 3).max(1), "{t} {inc}");
            }
        }
        assert_eq!(allocate(Clock { time_ms: 1000, inc_ms: 10, ..Clock::default() }), (39, 156));
    }

    #[test]
    fn a_larger_overhead_leaves_more_on_the_clock() {
        let base = Clock { time_ms: 1000, inc_ms: 10, ..Clock::default() };
        let wide = Clock { overhead_ms: 400, ..base };
        // left = 600: soft = 600 / 30 + 7 = 27, hard = min(108, 200) = 108.
        assert_eq!(allocate(wide), (27, 108));
        assert!(allocate(wide).1 < allocate(base).1);
    }
}
