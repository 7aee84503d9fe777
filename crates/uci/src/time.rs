//! Time management: turning a UCI clock into a soft and a hard limit, and stretching or shrinking the
//! soft limit as the search goes ([`TimeManager`]).

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

/// The moves to go [`allocate`] assumes when `go` gives no `movestogo`.
pub const DEFAULT_MOVES_TO_GO: u32 = 35;

/// The most moves [`allocate`] spreads the clock over (a larger `movestogo` counts as this).
pub const MAX_MOVES_TO_GO: u32 = 50;

impl Clock {
    /// The moves the clock is spread over: `moves_to_go`, or [`DEFAULT_MOVES_TO_GO`] without one,
    /// within `1..=`[`MAX_MOVES_TO_GO`] (`movestogo 0` counts as 1).
    #[must_use]
    pub fn horizon(&self) -> u32 {
        self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, MAX_MOVES_TO_GO)
    }
}

/// The default time reserved for communication and thread start per move, milliseconds.
pub const MOVE_OVERHEAD_MS: u64 = 10;

/// The largest accepted `Move Overhead`, milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;

/// The soft and hard limits (milliseconds) for one move.
///
/// With `n` = moves to go ([`Clock::horizon`]: default 35, at most 50) and `o` = the overhead, the time for the next `n`
/// moves is `budget = time + (n - 1) inc - (n + 2) o` (the overhead is reserved for every one of them,
/// as Stockfish does); soft = `budget / n`, hard = `min(3 soft, (time - o) / 4)` (`/ 2` when
/// `n` = 1), and soft never exceeds hard. At 5+0.05 s the first move gets 180 ms soft and 540 ms
/// hard (at 1+0.01 s only 27 and 81: the reserve, 370 ms, is over a quarter of such a clock). In sudden death with an increment the clock settles where a move costs the increment,
/// `time` = `n inc + (n + 2) o - (n - 1) inc` (about 0.4 s at 5+0.05 with the default 10 ms, Stockfish's default): a reserve
/// for a loaded machine's scheduling delays. The UCI front end passes as `o` the option plus the
/// measured delay ([`LagMeter`]); a delay `d` spent on every move then leaves the clock settling near
/// `inc + (n + 2) o_option + 2 d`, the same reserve plus a little. The hard limit is at most a quarter of what is left, and
/// the search checks the clock every 1024 nodes (well under a millisecond).
#[must_use]
pub fn allocate(clock: Clock) -> (u64, u64) {
    let n = u64::from(clock.horizon());
    let budget = (clock.time_ms + (n - 1) * clock.inc_ms).saturating_sub((n + 2) * clock.overhead_ms);
    let left = clock.time_ms.saturating_sub(clock.overhead_ms);
    let soft = budget / n;
    let cap = if n == 1 { left / 2 } else { left / 4 };
    let hard = (soft * 3).min(cap).max(1);
    (soft.min(hard).max(1), hard)
}

/// The delay a GUI adds to each of the engine's moves, measured from consecutive clocks.
///
/// After a move made with `clock` milliseconds and increment `inc`, in which the engine spent
/// `engine_ms` from receiving `go` to sending `bestmove`, the GUI should give back
/// `clock + inc - engine_ms`; what it gives less at the next `go` is time the engine did not see pass
/// (pipes, the GUI's own work, and on a loaded machine scheduling delays). The estimate follows a rise
/// at once and falls by a quarter of the gap per move; the allocation then reserves it plus the
/// `Move Overhead` option per move (the sum: the delay is spent on every move, the option is the
/// safety margin kept on the clock). Readings outside 0..=5000 ms (a new time control, a
/// clock the GUI reset) are ignored.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LagMeter {
    estimate_ms: u64,
}

impl LagMeter {
    /// Records one move: the clock and increment of its `go`, the engine's own time for it, and the
    /// clock of the next `go` for the same side (milliseconds).
    pub fn observe(&mut self, clock_ms: u64, inc_ms: u64, engine_ms: u64, next_clock_ms: u64) {
        let expected = i128::from(clock_ms) + i128::from(inc_ms) - i128::from(engine_ms);
        let lag = expected - i128::from(next_clock_ms);
        if !(0..=5000).contains(&lag) {
            return;
        }
        let lag = lag as u64;
        self.estimate_ms =
            if lag >= self.estimate_ms { lag } else { self.estimate_ms - (self.estimate_ms - lag) / 4 };
    }

    /// The current estimate, milliseconds.
    #[must_use]
    pub fn estimate_ms(&self) -> u64 {
        self.estimate_ms
    }

    /// The overhead to allocate with ([`Clock::overhead_ms`]): the `Move Overhead` option
    /// (`option_ms`, the safety margin) plus the current estimate (the delay every coming move will
    /// spend), milliseconds. The larger of the two instead would let a delay equal to the margin use the
    /// whole reserve up.
    #[must_use]
    pub fn overhead_ms(&self, option_ms: u64) -> u64 {
        option_ms.saturating_add(self.estimate_ms)
    }
}

/// The soft limit of one move, adjusted after each completed iteration of its search.
///
/// The allocated soft limit ([`allocate`]) is scaled by two factors, and the scaled limit never exceeds
/// the hard one:
/// - best-move stability: ×1.5 in the iteration where the best move changed, ×1.2 one iteration later,
///   then ×1.0, ×0.85 and from four unchanged iterations on ×0.7;
/// - a falling score: ×(1 + drop / 100 cp × 0.5), at most ×1.6, where the drop is the previous
///   iteration's score minus this one's (rises do not shrink the limit).
///
/// Only a clock game uses it; `movetime`, `infinite` and pondering before `ponderhit` do not.
#[derive(Clone, Debug)]
pub struct TimeManager<M> {
    soft_ms: u64,
    hard_ms: u64,
    best: Option<M>,
    stable: u32,
    last_score: Option<i32>,
    factor: f64,
}

impl<M: PartialEq + Copy> TimeManager<M> {
    /// A manager for the allocated `soft_ms` and `hard_ms` (milliseconds).
    #[must_use]
    pub fn new(soft_ms: u64, hard_ms: u64) -> TimeManager<M> {
        TimeManager { soft_ms, hard_ms, best: None, stable: 0, last_score: None, factor: 1.0 }
    }

    /// Records a completed iteration: its best move and score (centipawns, mover's view).
    pub fn on_iteration(&mut self, best: Option<M>, score: i32) {
        if best.is_some() && best == self.best {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        let first = self.best.is_none();
        self.best = best;
        let stability = match self.stable {
            _ if first => 1.0,
            0 => 1.5,
            1 => 1.2,
            2 => 1.0,
            3 => 0.85,
            _ => 0.7,
        };
        let drop = self.last_score.map_or(0, |s| (s - score).clamp(0, 200));
        let falling = (1.0 + f64::from(drop) / 100.0 * 0.5).min(1.6);
        self.last_score = Some(score);
        self.factor = stability * falling;
    }

    /// The current soft limit, milliseconds: the allocated one scaled, at most the hard limit.
    #[must_use]
    pub fn soft_ms(&self) -> u64 {
        ((self.soft_ms as f64 * self.factor) as u64).clamp(1, self.hard_ms.max(1))
    }

    /// The hard limit, milliseconds.
    #[must_use]
    pub fn hard_ms(&self) -> u64 {
        self.hard_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_more_than_a_quarter_of_the_clock() {
        for t in [0, 1, 20, 31, 100, 1000, 60_000] {
            for inc in [0, 10, 1000] {
                let (soft, hard) = allocate(Clock { time_ms: t, inc_ms: inc, ..Clock::default() });
                assert!(soft <= hard);
                assert!(hard <= (t.saturating_sub(MOVE_OVERHEAD_MS) / 4).max(1), "{t} {inc}");
            }
        }
        // 1+0.01 s: the reserve of 37 * 10 ms leaves 970 ms for 35 moves.
        assert_eq!(allocate(Clock { time_ms: 1000, inc_ms: 10, ..Clock::default() }), (27, 81));
        // 5+0.05 s: (5000 + 1700 - 370) / 35.
        assert_eq!(allocate(Clock { time_ms: 5000, inc_ms: 50, ..Clock::default() }), (180, 540));
    }

    #[test]
    fn movestogo_spreads_the_clock_over_fewer_moves() {
        let clock = Clock { time_ms: 3000, ..Clock::default() };
        assert_eq!(clock.horizon(), 35);
        assert_eq!(allocate(clock), (75, 225));
        // (3000 - 7 * 10) / 5 = 586; the hard limit (3000 - 10) / 4.
        let five = Clock { moves_to_go: Some(5), ..clock };
        assert_eq!(five.horizon(), 5);
        assert_eq!(allocate(five), (586, 747));
        // The last move before the control: up to half of what is left.
        let one = Clock { time_ms: 500, moves_to_go: Some(1), ..clock };
        assert_eq!(allocate(one), (245, 245));
        assert_eq!(Clock { moves_to_go: Some(0), ..clock }.horizon(), 1);
        assert_eq!(Clock { moves_to_go: Some(400), ..clock }.horizon(), MAX_MOVES_TO_GO);
    }

    #[test]
    fn sudden_death_with_an_increment_keeps_a_reserve() {
        // Playing every move at the soft limit, the clock settles near 35 * 50 + 37 * 10 - 34 * 50 ms.
        let mut left = 5_000u64;
        for _ in 0..400 {
            let (soft, _) = allocate(Clock { time_ms: left, inc_ms: 50, ..Clock::default() });
            left = left - soft + 50;
        }
        assert!((400..=480).contains(&left), "{left}");
    }

    #[test]
    fn a_larger_overhead_leaves_more_on_the_clock() {
        let base = Clock { time_ms: 1000, inc_ms: 10, ..Clock::default() };
        let wide = Clock { overhead_ms: 400, ..base };
        // budget = 1000 + 340 - 37 * 400 < 0: soft 1 ms, hard 1 ms.
        assert_eq!(allocate(wide), (1, 1));
        let none = Clock { overhead_ms: 0, ..base };
        // budget = 1000 + 340 = 1340: soft 38, hard min(114, 250).
        assert_eq!(allocate(none), (38, 114));
        assert!(allocate(wide).1 < allocate(base).1);
        assert!(allocate(base).1 < allocate(none).1);
    }

    #[test]
    fn a_delay_spent_on_every_move_leaves_the_reserve_on_the_clock() {
        // 5+0.05 s, a delay of 40 ms on every move outside the engine, the engine spending its soft
        // limit: the clock settles near inc + 37 * 10 + 2 * 40 = 500 ms (with the larger of option
        // and delay as the overhead it settled near 50 + 2 * 40 = 130 ms).
        let (inc, delay) = (50, 40);
        let mut clock = 5000;
        let mut lag = LagMeter::default();
        for _ in 0..300 {
            let o = lag.overhead_ms(MOVE_OVERHEAD_MS);
            let (soft, _) =
                allocate(Clock { time_ms: clock, inc_ms: inc, moves_to_go: None, overhead_ms: o });
            let next = (clock + inc).saturating_sub(soft + delay);
            lag.observe(clock, inc, soft, next);
            clock = next;
        }
        assert!((400..=600).contains(&clock), "clock settled at {clock} ms");
    }

    #[test]
    fn the_lag_meter_follows_the_gui_delay() {
        let mut lag = LagMeter::default();
        // 5 s + 50 ms, the engine took 100 ms, the GUI gave back 4930 ms: 20 ms unseen.
        lag.observe(5000, 50, 100, 4930);
        assert_eq!(lag.estimate_ms(), 20);
        lag.observe(4930, 50, 100, 4800);
        assert_eq!(lag.estimate_ms(), 80, "a rise is followed at once");
        lag.observe(4800, 50, 100, 4740);
        assert_eq!(lag.estimate_ms(), 63, "a fall by a quarter of the gap (80 - 70 / 4)");
        // A clock that grew (a new period) or a gap over 5 s (a clock the GUI reset) is ignored.
        lag.observe(1000, 0, 100, 60_000);
        lag.observe(60_000, 0, 100, 0);
        assert_eq!(lag.estimate_ms(), 63);
    }

    #[test]
    fn a_stable_best_move_spends_less_and_a_changing_one_more() {
        let mut stable = TimeManager::new(1000, 3000);
        for _ in 0..6 {
            stable.on_iteration(Some(1), 20);
        }
        assert_eq!(stable.soft_ms(), 700);
        let mut unstable = TimeManager::new(1000, 3000);
        for i in 0..6 {
            unstable.on_iteration(Some(i), 20);
        }
        assert_eq!(unstable.soft_ms(), 1500);
        // A falling score stretches the limit, never past the hard one.
        let mut falling = TimeManager::new(1000, 1400);
        falling.on_iteration(Some(1), 100);
        falling.on_iteration(Some(2), -100);
        assert_eq!(falling.soft_ms(), 1400);
        assert_eq!(falling.hard_ms(), 1400);
    }
}
