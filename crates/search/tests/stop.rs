//! The stop hook of `choose_with`: a search told to stop (an atomic flag set from another thread, as the
//! desktop game does on New game, Undo, leaving the screen and quitting) returns within
//! `Params::poll_interval` more simulated actions, with a legal action.
//!
//! The flag is set from inside the searched game after an exact number of simulated actions (a
//! tripwire), so the test is deterministic: it measures nodes, not time.

use std::sync::atomic::{AtomicBool, Ordering};

use gambit_search::{BotConfig, Game, Preset, Terminal, choose_with};
use gambit_skills::{Action, SkillBoard};

/// A skill board that sets `flag` when its `at`-th action is played.
struct Tripwire<'a> {
    board: SkillBoard,
    plays: u64,
    at: u64,
    flag: &'a AtomicBool,
}

impl Game for Tripwire<'_> {
    type Action = Action;
    const HISTORY_SLOTS: usize = <SkillBoard as Game>::HISTORY_SLOTS;

    fn side(&self) -> u8 {
        self.board.side()
    }
    fn actions(&self, out: &mut Vec<Action>) {
        Game::actions(&self.board, out);
    }
    fn noisy_actions(&self, out: &mut Vec<Action>) {
        self.board.noisy_actions(out);
    }
    fn is_noisy(&self, a: &Action) -> bool {
        self.board.is_noisy(a)
    }
    fn play(&mut self, a: Action) {
        self.plays += 1;
        if self.plays == self.at {
            self.flag.store(true, Ordering::Relaxed);
        }
        Game::play(&mut self.board, a);
    }
    fn undo(&mut self, a: Action) {
        Game::undo(&mut self.board, a);
    }
    fn evaluate(&self) -> i32 {
        self.board.evaluate()
    }
    fn terminal(&self) -> Option<Terminal> {
        self.board.terminal()
    }
    fn no_actions(&self) -> Terminal {
        self.board.no_actions()
    }
    fn key(&self) -> u64 {
        self.board.key()
    }
    fn hint(&self, a: &Action) -> i32 {
        self.board.hint(a)
    }
    fn capture_gain(&self, a: &Action) -> Option<i32> {
        self.board.capture_gain(a)
    }
    fn history_slot(&self, a: &Action) -> usize {
        self.board.history_slot(a)
    }
    fn in_check(&self) -> bool {
        self.board.in_check()
    }
}

#[test]
fn an_expert_search_stops_within_a_poll_interval_of_the_flag() {
    let mut config = BotConfig::from_preset(Preset::Expert);
    // Far more than the search would spend before the flag: only the flag can end it.
    config.options.max_nodes = 50_000_000;
    let poll = config.params.poll_interval;
    assert!(poll <= 256, "a few hundred nodes at most: {poll}");
    for at in [1_000u64, 7_777, 25_000] {
        let flag = AtomicBool::new(false);
        let board = SkillBoard::default();
        let mut game = Tripwire { board: board.clone(), plays: 0, at, flag: &flag };
        let choice = choose_with(&mut game, &config, 1, Some(&flag));
        assert!(flag.load(Ordering::Relaxed));
        // Every simulated action counts one node; the stop is seen at the next poll.
        assert!(choice.nodes >= at && choice.nodes <= at + poll, "flag at {at}, stopped at {}", choice.nodes);
        assert!(choice.action.is_some_and(|a| board.actions().contains(&a)), "{choice:?}");
        assert_eq!(game.board, board, "the board is restored");
    }
    // Without the flag the same search runs on.
    let flag = AtomicBool::new(false);
    let mut config = BotConfig::from_preset(Preset::Expert);
    config.options.max_nodes = 40_000;
    let choice = choose_with(&mut SkillBoard::default(), &config, 1, Some(&flag));
    assert!(choice.nodes > 30_000, "{}", choice.nodes);
}
