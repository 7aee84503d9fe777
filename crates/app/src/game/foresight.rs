//! The foresight preview (`Settings::foresight`, off by default): with a piece selected, the pointer
//! (or the keyboard cursor) resting on one of its legal destinations starts a small search of the
//! position after that move on Bevy's `AsyncComputeTaskPool`, and the board shows the opponent's
//! expected reply (its squares framed in the palette's foresight colour) with a line in the panel
//! (`Foresight: Nxe5`). Skill chess against the engine and the run's battles use it.
//!
//! In skill chess the search is the search crate's bot (`gambit_search::choose_with`) with the
//! opponent's own settings, its node budget capped at [`FORESIGHT_NODES`] and always its top-ranked
//! action: the reply the opponent most likely plays, not a promise. In a run's battles it is the
//! library's `gambit_roguelite::bot::expected_reply` with the run's enemy settings and the seed the
//! run gives that decision: the reply the enemy will play. Each request carries a
//! [`ForesightKey`] (the state it was asked in and the hovered move): a search of another square or
//! position is stopped, and its result dropped, never shown.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gambit_roguelite::{Battle, BattleAction, BattleStatus, Team};
use gambit_rules::{Role, Square};
use gambit_search::BotConfig;
use gambit_skills::{Action, SkillBoard};

use super::{PlayerInput, Preset, SkillGame};
use crate::board::{Hovered, Targeting};
use crate::screens::Screen;
use crate::settings::Settings;

/// The node budget of a foresight search, simulated actions (the opponent's own budget when that is
/// smaller): a quarter of the winning-chances reading's (`gambit_search::CHANCES_NODES`), which runs
/// beside it after every move.
pub const FORESIGHT_NODES: u64 = 1_500;

/// What a foresight request is about: the state it was asked in (a key of the game or battle) and the
/// hovered move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ForesightKey {
    /// A key of the state the move is played from (skill chess: the game's generation, its listed
    /// actions and the position; a battle: its state and the run's battles started).
    pub state: u64,
    /// The selected piece's square.
    pub from: Square,
    /// The hovered destination.
    pub to: Square,
}

/// The opponent's expected reply to the hovered move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Its from and to squares (the same square for a Freeze); `None` when there is no reply (the
    /// move ends the game, or the player moves again first).
    pub squares: Option<(Square, Square)>,
    /// The panel's words for it: SAN (`Nxe5`), a skill (`tp e4e7`, `fz e5`), a battle's unit and
    /// squares (`enemy Rook e8xe2`), or why there is none.
    pub text: String,
}

/// The foresight search: the move it reads, the running search and its stop flag, the last finished
/// one. Shared by skill chess and the battles (one board on screen at a time).
#[derive(Resource, Default)]
pub struct Foresight {
    wanted: Option<ForesightKey>,
    task: Option<(ForesightKey, Task<Reply>)>,
    stop: Arc<AtomicBool>,
    done: Option<(ForesightKey, Reply)>,
}

impl Foresight {
    /// The move being read or shown, if any.
    #[must_use]
    pub fn wanted(&self) -> Option<ForesightKey> {
        self.wanted
    }

    /// The reply to the wanted move, once read (never one of another move or position).
    #[must_use]
    pub fn reply(&self) -> Option<&Reply> {
        self.done.as_ref().filter(|(k, _)| Some(*k) == self.wanted).map(|(_, r)| r)
    }

    /// Whether a search is running.
    #[must_use]
    pub fn is_reading(&self) -> bool {
        self.task.is_some()
    }

    /// The panel's line: `Foresight: Nxe5`, `Foresight: reading…` while the search runs; `None` when
    /// no move is hovered.
    #[must_use]
    pub fn line(&self) -> Option<String> {
        self.wanted?;
        Some(match self.reply() {
            Some(reply) => format!("Foresight: {}", reply.text),
            None => "Foresight: reading\u{2026}".to_string(),
        })
    }

    /// Whether `key` differs from the move wanted now (the caller then calls [`Foresight::set_wanted`]).
    #[must_use]
    pub fn changes(&self, key: Option<ForesightKey>) -> bool {
        self.wanted != key
    }

    /// Wants the reply to `key` (or nothing): a search of another move is stopped and dropped, and
    /// `search` is started on the worker pool unless that move is already read. `search` gets the
    /// stop flag (set when the request changes) and returns the reply.
    pub fn set_wanted(
        &mut self,
        key: Option<ForesightKey>,
        search: impl FnOnce(&AtomicBool) -> Reply + Send + 'static,
    ) {
        self.wanted = key;
        if self.task.as_ref().is_some_and(|(k, _)| Some(*k) != key) {
            self.cancel_search();
        }
        let Some(key) = key else { return };
        if self.task.is_some() || self.done.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Arc::clone(&stop);
        self.task = Some((key, AsyncComputeTaskPool::get().spawn(async move { search(&stop) })));
    }

    /// Takes a finished search: kept when it read the wanted move, dropped otherwise. Returns whether
    /// the reply shown changed.
    pub fn collect(&mut self) -> bool {
        let Some((key, task)) = self.task.as_mut() else { return false };
        let Some(reply) = check_ready(task) else { return false };
        let key = *key;
        self.task = None;
        if Some(key) != self.wanted {
            return false;
        }
        self.done = Some((key, reply));
        true
    }

    /// Forgets the wanted move and stops the running search (leaving a board screen).
    pub fn clear(&mut self) {
        self.wanted = None;
        self.cancel_search();
    }

    fn cancel_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.task = None;
    }
}

/// The bot settings of a foresight search: `config` with its node budget capped at
/// [`FORESIGHT_NODES`] and always its top-ranked action.
#[must_use]
pub fn capped(mut config: BotConfig) -> BotConfig {
    config.options.max_nodes = config.options.max_nodes.min(FORESIGHT_NODES);
    config.options.consistency = 1.0;
    config.params.multipv = 1;
    config
}

/// The engine's expected reply in skill chess after the player's `action` on `board` (left as it
/// was): the search at `strength`, capped ([`capped`]). The seed does not matter (the top action is
/// taken).
#[must_use]
pub fn skill_chess_reply(board: &SkillBoard, action: Action, strength: Preset, stop: &AtomicBool) -> Reply {
    let mut after = board.clone();
    let mover = board.turn();
    if let Err(e) = after.play_action(action) {
        return Reply { squares: None, text: format!("cannot be played ({e})") };
    }
    if after.is_finished() {
        return Reply { squares: None, text: "none, the game ends".to_string() };
    }
    if after.turn() == mover {
        return Reply { squares: None, text: "none, you act again".to_string() };
    }
    let config = capped(BotConfig::from_preset(strength));
    let choice = gambit_search::choose_with(&mut after, &config, 0, Some(stop));
    match choice.action {
        None => Reply { squares: None, text: "none".to_string() },
        Some(reply) => {
            let (squares, text) = match reply {
                Action::Move(m) => ((m.from, m.to), after.position().san(m)),
                Action::Teleport { from, to } => ((from, to), reply.to_string()),
                Action::Freeze(square) => ((square, square), reply.to_string()),
            };
            Reply { squares: Some(squares), text }
        }
    }
}

/// The enemy's expected reply in a battle after the player's `action` (the battle left as it was):
/// the library's [`expected_reply`](gambit_roguelite::bot::expected_reply) with the run's enemy
/// settings for the stage (`tuning`) and the seed the run gives that decision (`seed_of`): the reply
/// the enemy will play, unless the search is stopped first.
#[must_use]
pub fn battle_reply(
    battle: &Battle,
    action: BattleAction,
    tuning: gambit_roguelite::bot::StageTuning,
    seed_of: impl Fn(&Battle) -> u64,
    stop: &AtomicBool,
) -> Reply {
    let mut after = battle.clone();
    after.set_quiet(true);
    if let Err(e) = after.apply(action) {
        return Reply { squares: None, text: format!("cannot be played ({e})") };
    }
    if after.status() != BattleStatus::Ongoing {
        return Reply { squares: None, text: "none, the battle ends".to_string() };
    }
    if after.to_move() != Team::Enemy {
        return Reply { squares: None, text: "none, you act again".to_string() };
    }
    let seed = seed_of(&after);
    match gambit_roguelite::bot::expected_reply(&after, tuning, seed, Some(stop)) {
        None => Reply { squares: None, text: "none".to_string() },
        Some(reply) => battle_reply_words(&after, reply),
    }
}

/// A battle reply's squares and words, read on the battle before it is played.
fn battle_reply_words(battle: &Battle, action: BattleAction) -> Reply {
    let unit = |id| battle.unit(id).filter(|u| u.alive);
    match action {
        BattleAction::Move { id, to }
        | BattleAction::Reposition { id, to }
        | BattleAction::Teleport { id, to } => {
            let Some(u) = unit(id) else {
                return Reply { squares: None, text: battle.action_text(action) };
            };
            let sep = if battle.unit_at(to).is_some() { "x" } else { "-" };
            let how = if matches!(action, BattleAction::Teleport { .. }) { " teleports" } else { "" };
            Reply { squares: Some((u.square, to)), text: format!("{}{how} {}{sep}{to}", u.name(), u.square) }
        }
        BattleAction::Freeze { square } => {
            Reply { squares: Some((square, square)), text: format!("Freeze on {square}") }
        }
        other => Reply { squares: None, text: battle.action_text(other) },
    }
}

/// The key of a skill-chess state: its generation, listed actions and position.
fn skill_state(game: &SkillGame) -> u64 {
    let (generation, listed, position) = super::chances::key(game);
    position ^ generation.rotate_left(17) ^ (listed as u64).rotate_left(41)
}

/// The hovered move of skill chess the preview reads, if any: the setting on, a game against the
/// engine on the player's turn, the live position (no review), a piece selected and the hovered square
/// one of its legal destinations (a promotion read as a queen's).
#[must_use]
pub fn skill_chess_request(
    settings: &Settings,
    game: &SkillGame,
    input: &PlayerInput,
    hovered: Option<Square>,
) -> Option<(ForesightKey, Action)> {
    if !settings.foresight
        || game.two_players
        || !game.players_turn()
        || input.review.is_some()
        || input.confirm_resign
        || input.pending_promotion.is_some()
        || input.targeting != Targeting::Move
    {
        return None;
    }
    let (from, to) = (input.selected?, hovered?);
    let moves = game.board.legal_moves();
    let mv = moves
        .iter()
        .filter(|m| m.from == from && m.to == to)
        .max_by_key(|m| m.promotion == Some(Role::Queen))
        .copied()?;
    Some((ForesightKey { state: skill_state(game), from, to }, Action::Move(mv)))
}

/// The hovered move of a battle the preview reads, if any: the setting on, the player to move with
/// nothing being decided, a piece selected and the hovered square one of its legal destinations.
#[must_use]
pub fn battle_request(
    settings: &Settings,
    session: &crate::run::RunSession,
    input: &crate::screens::battle::BattleInput,
    busy: bool,
    hovered: Option<Square>,
) -> Option<(ForesightKey, BattleAction)> {
    if !settings.foresight
        || busy
        || session.battle_end.is_some()
        || session.showcase.is_some()
        || input.targeting != Targeting::Move
    {
        return None;
    }
    let battle = session.run.battle()?;
    let (from, to) = (input.selected?, hovered?);
    let (action, _) = crate::screens::battle::candidate_actions(input, battle)
        .into_iter()
        .find(|(_, square)| *square == to)?;
    let state = battle.state_key() ^ u64::from(session.run.battles_started()).rotate_left(23);
    Some((ForesightKey { state, from, to }, action))
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Foresight>();
    app.add_systems(
        Update,
        foresee_skill_chess
            .after(super::engine::EngineSystems)
            .in_set(crate::AppSystems::Apply)
            .run_if(in_state(Screen::SkillChess))
            .run_if(resource_exists::<SkillGame>),
    );
    app.add_systems(
        Update,
        foresee_battle
            .in_set(crate::AppSystems::Apply)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_exists::<crate::run::RunSession>),
    );
    for screen in [Screen::SkillChess, Screen::Battle] {
        app.add_systems(OnExit(screen), |mut foresight: ResMut<Foresight>| foresight.clear());
    }
    app.add_systems(
        Last,
        (|mut foresight: ResMut<Foresight>| foresight.clear()).run_if(on_message::<AppExit>),
    );
}

/// Collects a finished search, then follows the hovered move of skill chess. The resource is marked
/// changed only when what it shows changes (the scene and panel rebuild on that).
fn foresee_skill_chess(
    settings: Res<Settings>,
    game: Res<SkillGame>,
    input: Res<PlayerInput>,
    hovered: Res<Hovered>,
    mut foresight: ResMut<Foresight>,
) {
    if foresight.bypass_change_detection().collect() {
        foresight.set_changed();
    }
    let request = skill_chess_request(&settings, &game, &input, hovered.0);
    if !foresight.changes(request.map(|(k, _)| k)) {
        return;
    }
    let board = game.board.clone();
    let strength = game.strength;
    match request {
        Some((key, action)) => {
            foresight.set_wanted(Some(key), move |stop| skill_chess_reply(&board, action, strength, stop));
        }
        None => foresight.set_wanted(None, |_| unreachable_reply()),
    }
}

/// Collects a finished search, then follows the hovered move of the battle. The request (and with
/// it the battle's legal actions) is worked out again only when one of its inputs changed.
fn foresee_battle(
    settings: Res<Settings>,
    session: Res<crate::run::RunSession>,
    input: Res<crate::screens::battle::BattleInput>,
    task: Res<crate::run::RunTask>,
    hovered: Res<Hovered>,
    mut foresight: ResMut<Foresight>,
) {
    let collected = foresight.bypass_change_detection().collect();
    if collected {
        foresight.set_changed();
    }
    let inputs_changed = settings.is_changed()
        || session.is_changed()
        || input.is_changed()
        || task.is_changed()
        || hovered.is_changed()
        || foresight.is_changed();
    if !inputs_changed {
        return;
    }
    let request = battle_request(&settings, &session, &input, task.is_busy(), hovered.0);
    if !foresight.changes(request.map(|(k, _)| k)) {
        return;
    }
    match (request, session.run.battle()) {
        (Some((key, action)), Some(battle)) => {
            let battle = battle.clone();
            let tuning = session.run.stage_tuning();
            let seed_of = session.run.enemy_seeder();
            foresight.set_wanted(Some(key), move |stop| battle_reply(&battle, action, tuning, seed_of, stop));
        }
        _ => foresight.set_wanted(None, |_| unreachable_reply()),
    }
}

/// The search of no request (never started: [`Foresight::set_wanted`] starts nothing for `None`).
fn unreachable_reply() -> Reply {
    Reply { squares: None, text: String::new() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_skills::SkillConfig;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn the_engine_takes_a_hanging_queen_in_the_preview() {
        // 1. e4 d5: 2. Qg4 hangs the queen to the c8 bishop (by a move, or a teleport along it).
        let mut board = SkillBoard::new(SkillConfig::default()).unwrap();
        for san in ["e4", "d5"] {
            let m = board.position().parse_san(san).unwrap();
            board.play_action(Action::Move(m)).unwrap();
        }
        let qg4 = board.position().parse_san("Qg4").unwrap();
        let stop = AtomicBool::new(false);
        let reply = skill_chess_reply(&board, Action::Move(qg4), Preset::Casual, &stop);
        assert_eq!(reply.squares.map(|(_, to)| to), Some(sq("g4")), "{reply:?}");
        assert!(reply.text.contains("g4"), "{reply:?}");
        // The board itself is untouched.
        assert_eq!(board.position().piece_at(sq("d1")).map(|p| p.role), Some(Role::Queen));
    }

    fn key(to: &str) -> ForesightKey {
        ForesightKey { state: 7, from: sq("e2"), to: sq(to) }
    }

    fn reply(text: &str) -> Reply {
        Reply { squares: Some((sq("e7"), sq("e5"))), text: text.to_string() }
    }

    /// Runs `collect` until the running search has finished (bounded).
    fn finish(f: &mut Foresight) -> bool {
        for _ in 0..5000 {
            if f.task.as_ref().is_some_and(|(_, t)| t.is_finished()) {
                return f.collect();
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        panic!("the search never finished");
    }

    #[test]
    fn a_reply_shows_only_for_the_move_it_read_and_a_stale_one_is_dropped() {
        AsyncComputeTaskPool::get_or_init(bevy::tasks::TaskPool::new);
        let mut f = Foresight::default();
        f.set_wanted(Some(key("e4")), |_| reply("for e4"));
        assert_eq!(f.line().as_deref(), Some("Foresight: reading\u{2026}"));
        assert!(finish(&mut f), "the wanted move's reply is kept");
        assert_eq!(f.reply(), Some(&reply("for e4")));
        assert_eq!(f.line().as_deref(), Some("Foresight: for e4"));
        // The same move again reads nothing new.
        f.set_wanted(Some(key("e4")), |_| panic!("not searched twice"));
        assert!(!f.is_reading());
        // Another move: the e4 reply is no longer shown, before the new one arrives.
        f.set_wanted(Some(key("e3")), |_| reply("for e3"));
        assert_eq!(f.reply(), None);
        // A search that finishes after the pointer moved on is dropped, not shown.
        f.wanted = Some(key("d4"));
        assert!(!finish(&mut f), "a stale reply changes nothing shown");
        assert_eq!(f.reply(), None);
        f.wanted = Some(key("e3"));
        assert_eq!(f.reply(), None, "the dropped reply was not kept either");
        // Nothing wanted: nothing shown, no line.
        f.set_wanted(None, |_| unreachable_reply());
        assert_eq!((f.reply(), f.line()), (None, None));
    }

    #[test]
    fn a_mating_move_has_no_reply() {
        // Black's Teleport (which could carry the king out) starts on cooldown.
        let mut config = SkillConfig {
            start_fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".to_string(),
            ..SkillConfig::default()
        };
        config.skill_rules.start_on_cooldown = true;
        let board = SkillBoard::new(config).unwrap();
        let mate = board.position().parse_san("Ra8#").unwrap();
        let reply = skill_chess_reply(&board, Action::Move(mate), Preset::Casual, &AtomicBool::new(false));
        assert_eq!(reply, Reply { squares: None, text: "none, the game ends".to_string() });
    }
}
