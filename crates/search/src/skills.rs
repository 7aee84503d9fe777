//! [`Game`] for skill chess: `gambit_skills::SkillBoard`. Moves, teleports and freezes are all
//! actions; a freeze leaves the same side to move, so the search spends no depth on it and flips no sign.
//!
//! A skill-chess node has hundreds of legal actions once Teleport is ready (every piece to every open
//! square), and most of them are never worth a node. What the search considers, what quiescence
//! follows and how the evaluation scores the skills are data ([`SkillParams`]), so a match compares
//! settings; [`SkillParams::default`] is the engine, [`SkillParams::legacy`] the behaviour of a6fe168
//! (every action, every teleport capture in quiescence, 15 cp per ready skill). docs/search.md says why
//! the defaults are what they are, with the measurements.

use gambit_rules::{Color, Outcome, Position, Role, Square};
use gambit_skills::{Action, Skill, SkillBoard, TeleportRules};

use crate::eval;
use crate::game::{Game, Terminal};

/// Centipawn value of a role for skill exchanges (a king counts high: it is never traded).
fn value(r: Role) -> i32 {
    if r == Role::King { 2000 } else { r.value() }
}

/// Which teleport captures quiescence search follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum QuiescenceTeleports {
    /// None: teleports stay out of quiescence (the evaluation scores the threat instead).
    None,
    /// Per enemy piece, the capture by the cheapest piece that can make it, skipped when it loses
    /// material on a defended square (a static exchange test).
    Cheapest,
    /// Every teleport capture (a6fe168): quiescence branches over every own piece times every enemy
    /// piece.
    All,
}

/// The skill-chess knobs of the search: the actions it considers, quiescence, and the evaluation's
/// skill terms (centipawns).
#[derive(Copy, Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct SkillParams {
    /// Consider every legal action (a6fe168). Otherwise the candidate set: every move; per enemy
    /// piece the teleport capture by the cheapest piece that can make it (a teleport along a legal
    /// move is left out: the move itself does the same without spending the cooldown); freezes of enemy
    /// pieces worth at least [`SkillParams::freeze_min_value`]; and every teleport when there is no move.
    pub all_actions: bool,
    /// Freeze candidates: enemy pieces worth at least this, centipawns (a king counts 2000).
    pub freeze_min_value: i32,
    /// The teleport captures quiescence follows.
    pub quiescence_teleports: QuiescenceTeleports,
    /// With [`QuiescenceTeleports::Cheapest`]: the teleport captures of at most this many victims, the
    /// most valuable first.
    pub quiescence_victims: usize,
    /// A ready Teleport, centipawns, less [`SkillParams::cooldown_tick`] per tick still to wait.
    pub ready_teleport: i32,
    /// A ready Freeze, centipawns, less [`SkillParams::cooldown_tick`] per tick still to wait.
    pub ready_freeze: i32,
    /// What each tick of a cooldown costs, centipawns (the readiness never drops below 0).
    pub cooldown_tick: i32,
    /// Percent of the side to move's best teleport capture (victim minus the capturer when the square
    /// is defended) added when its Teleport is ready: the capture it can make now.
    pub threat_percent: i32,
    /// Percent of the opponent's second-best teleport capture subtracted when its Teleport will be
    /// ready on its turn: the side to move saves one piece, not two.
    pub threatened_percent: i32,
    /// Percent of a frozen piece's value lost per remaining tick (at most three ticks counted).
    pub frozen_percent_per_tick: i32,
}

impl Default for SkillParams {
    fn default() -> SkillParams {
        SkillParams::DEFAULT
    }
}

impl SkillParams {
    /// The engine's knobs (what `SkillBoard` is searched with).
    pub const DEFAULT: SkillParams = SkillParams {
        all_actions: false,
        freeze_min_value: 300,
        quiescence_teleports: QuiescenceTeleports::None,
        quiescence_victims: 1,
        ready_teleport: 40,
        ready_freeze: 20,
        cooldown_tick: 6,
        threat_percent: 80,
        threatened_percent: 50,
        frozen_percent_per_tick: 2,
    };

    /// The behaviour of a6fe168: every legal action searched, every teleport capture in quiescence,
    /// and 15 cp per ready skill as the only skill term of the evaluation.
    #[must_use]
    pub fn legacy() -> SkillParams {
        SkillParams {
            all_actions: true,
            freeze_min_value: 0,
            quiescence_teleports: QuiescenceTeleports::All,
            quiescence_victims: usize::MAX,
            ready_teleport: 15,
            ready_freeze: 15,
            cooldown_tick: 1000,
            threat_percent: 0,
            threatened_percent: 0,
            frozen_percent_per_tick: 0,
        }
    }
}

/// A skill board searched with explicit [`SkillParams`]; `SkillBoard` itself searches with the
/// defaults.
#[derive(Clone, Debug)]
pub struct SkillSearch {
    /// The board (left as it was after a search).
    pub board: SkillBoard,
    /// The knobs.
    pub params: SkillParams,
}

impl SkillSearch {
    /// `board` searched with `params`.
    #[must_use]
    pub fn new(board: SkillBoard, params: SkillParams) -> SkillSearch {
        SkillSearch { board, params }
    }
}

/// The side to move's pieces that may teleport, cheapest first (a stable sort: square order among
/// equals), with their values.
fn capturers(b: &SkillBoard, rules: &TeleportRules<'_>) -> Vec<(i32, Square)> {
    let mut list: Vec<(i32, Square)> =
        rules.sources().iter().map(|sq| (b.piece_at(sq).map_or(i32::MAX, |p| value(p.role)), sq)).collect();
    list.sort_by_key(|&(v, _)| v);
    list
}

/// Teleport captures of the side to move (whose Teleport is ready): per enemy piece, the cheapest piece
/// that may teleport onto it other than along a legal move (the move itself does the same without the
/// cooldown), in square order of the victims. With `limit`, only the captures of the `limit` most
/// valuable victims are kept, and a capture that loses material on a defended square is left out (a
/// static exchange test).
fn cheapest_captures(b: &SkillBoard, rules: &TeleportRules<'_>, limit: Option<usize>, out: &mut Vec<Action>) {
    let pos = b.position();
    let them = !pos.turn();
    let first = out.len();
    let capturers = capturers(b, rules);
    for (to, victim) in pos.pieces(them) {
        let Some(&(attacker, from)) =
            capturers.iter().find(|&&(_, from)| !rules.is_move(from, to) && rules.allows(from, to))
        else {
            continue;
        };
        if limit.is_some() && attacker > value(victim.role) && pos.is_attacked(to, them) {
            continue;
        }
        out.push(Action::Teleport { from, to });
    }
    if let Some(k) = limit {
        // Most valuable victims first (a stable sort keeps square order among equals).
        out[first..].sort_by_key(|a| match a {
            Action::Teleport { to, .. } => std::cmp::Reverse(b.piece_at(*to).map_or(0, |p| value(p.role))),
            _ => std::cmp::Reverse(0),
        });
        out.truncate(first + k.min(out.len() - first));
    }
}

fn candidates(b: &SkillBoard, p: &SkillParams, out: &mut Vec<Action>) {
    if p.all_actions {
        b.actions_into(out);
        return;
    }
    out.clear();
    if b.automatic_draw().is_some() {
        return;
    }
    let us = b.turn();
    let moves = b.legal_moves();
    out.extend(moves.iter().map(|&m| Action::Move(m)));
    if b.cooldown(us, Skill::Teleport) == 0 {
        let rules = b.teleport_rules(&moves);
        if moves.is_empty() {
            // Only a teleport ends the turn: every one of them.
            out.extend(rules.targets().iter().map(|(from, to)| Action::Teleport { from, to }));
        } else {
            cheapest_captures(b, &rules, None, out);
        }
    }
    if b.cooldown(us, Skill::Freeze) == 0 && !out.is_empty() {
        let pos = b.position();
        for (sq, piece) in pos.pieces(!us) {
            if value(piece.role) >= p.freeze_min_value && !b.is_frozen(sq) {
                out.push(Action::Freeze(sq));
            }
        }
    }
}

/// The best and (with `second`) second-best teleport capture gains of `side` (victim minus the capturer
/// when the victim is defended), centipawns, as if `side` could teleport now. The capturer is `side`'s
/// cheapest unfrozen piece the skill rules allow there: no pawn on a first or last rank (nor on its last
/// two ranks under the promotion guard; none at all without pawn relocation), within the teleport range, worth at least the victim under the
/// capture limit, not the piece that may not capture after its teleport, and the king only on an
/// undefended square. Pins and checks are not looked at: an estimate for the evaluation.
fn teleport_gains(b: &SkillBoard, side: Color, second_too: bool) -> (i32, i32) {
    let pos = b.position();
    let levers = b.config().skill_rules;
    let frozen = b.frozen_set();
    let marked = b.teleported_piece(side);
    // The capturers, cheapest first.
    let mut capturers: Vec<(i32, Square, Role)> = pos
        .pieces(side)
        .filter(|&(sq, _)| !frozen.contains(sq) && marked != Some(sq))
        .map(|(sq, p)| (value(p.role), sq, p.role))
        .collect();
    if capturers.is_empty() {
        return (0, 0);
    }
    capturers.sort_unstable_by_key(|&(v, sq, _)| (v, sq));
    let forward: i8 = if side == Color::White { 1 } else { -1 };
    let pawn_barred = |sq: Square| {
        levers.no_pawn_relocation
            || pos.is_promotion_square(Color::White, sq)
            || pos.is_promotion_square(Color::Black, sq)
            || (levers.pawn_promotion_guard
                && sq.offset(0, forward).is_some_and(|f| pos.is_promotion_square(side, f)))
    };
    let standard = pos.rules().is_standard();
    let them = !side;
    // Victims by value, most valuable first: once a victim is worth no more than the gain still to
    // beat, no later one can change the result (a gain never exceeds the victim's value).
    const BY_VALUE: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];
    let (mut best, mut second) = (0, 0);
    for role in BY_VALUE {
        let worth = value(role);
        if worth <= if second_too { second } else { best } {
            break;
        }
        if standard && role == Role::King {
            continue;
        }
        for (sq, _) in pos.pieces(them).filter(|(_, p)| p.role == role) {
            let defended = pos.is_attacked(sq, them);
            let capturer = capturers.iter().find(|&&(_, from, r)| {
                (r != Role::Pawn || !pawn_barred(sq))
                    && (r != Role::King || !defended)
                    && levers.in_range(from, sq)
                    && levers.may_capture(r, role)
            });
            let gain = match capturer {
                None => 0,
                Some(&(_, _, Role::King)) => worth,
                Some(&(a, _, _)) if defended => worth - a,
                Some(_) => worth,
            };
            if gain > best {
                second = best;
                best = gain;
            } else if gain > second {
                second = gain;
            }
        }
    }
    (best, second)
}

/// The evaluation's skill terms for the side to move, centipawns.
fn skill_terms(b: &SkillBoard, p: &SkillParams) -> i32 {
    let us = b.turn();
    let mut score = 0;
    for (side, sign) in [(us, 1), (!us, -1)] {
        let readiness = |skill: Skill, full: i32| {
            let ticks = i32::try_from(b.cooldown(side, skill)).unwrap_or(i32::MAX);
            full.saturating_sub(p.cooldown_tick.saturating_mul(ticks)).max(0)
        };
        score +=
            sign * (readiness(Skill::Teleport, p.ready_teleport) + readiness(Skill::Freeze, p.ready_freeze));
    }
    if p.threat_percent != 0 && b.cooldown(us, Skill::Teleport) == 0 {
        score += teleport_gains(b, us, false).0 * p.threat_percent / 100;
    }
    // The opponent's Teleport is ready on its next turn when at most one tick is left now (the side to
    // move's turn ticks the clock once).
    if p.threatened_percent != 0 && b.cooldown(!us, Skill::Teleport) <= 1 {
        score -= teleport_gains(b, !us, true).1 * p.threatened_percent / 100;
    }
    if p.frozen_percent_per_tick != 0 {
        for sq in b.frozen_set() {
            if let Some(piece) = b.piece_at(sq)
                && piece.role != Role::King
            {
                let sign = if piece.color == us { -1 } else { 1 };
                let ticks = b.frozen_ticks(sq).unwrap_or(0).min(3);
                let t = i32::try_from(ticks).unwrap_or(3);
                score += sign * value(piece.role) * p.frozen_percent_per_tick * t / 100;
            }
        }
    }
    score
}

fn noisy(b: &SkillBoard, p: &SkillParams, out: &mut Vec<Action>) {
    out.clear();
    match p.quiescence_teleports {
        QuiescenceTeleports::All => {
            b.actions_into(out);
            out.retain(|a| is_noisy(b, a));
        }
        q => {
            if b.automatic_draw().is_some() {
                return;
            }
            let moves = b.legal_moves();
            out.extend(
                moves
                    .iter()
                    .filter(|m| m.capture.is_some() || m.promotion.is_some())
                    .map(|&m| Action::Move(m)),
            );
            if q == QuiescenceTeleports::Cheapest && b.cooldown(b.turn(), Skill::Teleport) == 0 {
                let rules = b.teleport_rules(&moves);
                cheapest_captures(b, &rules, Some(p.quiescence_victims), out);
            }
        }
    }
}

fn is_noisy(b: &SkillBoard, a: &Action) -> bool {
    match a {
        Action::Move(m) => m.capture.is_some() || m.promotion.is_some(),
        Action::Teleport { to, .. } => b.piece_at(*to).is_some(),
        Action::Freeze(_) => false,
    }
}

fn evaluate(b: &SkillBoard, p: &SkillParams) -> i32 {
    eval::evaluate(b.position()) + skill_terms(b, p)
}

/// In-tree draws under standard rules: a repeated position (same board, side and rights since the last
/// irreversible move) and the fifty-move rule. The rules' own game ends come from [`Game::no_actions`]
/// when `actions()` is empty.
fn terminal(pos: &Position) -> Option<Terminal> {
    if !pos.rules().is_standard() {
        return None;
    }
    (pos.is_repetition() || pos.halfmove_clock() >= 100).then_some(Terminal::Draw)
}

fn no_actions(b: &SkillBoard) -> Terminal {
    match b.outcome() {
        Some(Outcome::Checkmate { .. }) => Terminal::Loss,
        _ => Terminal::Draw,
    }
}

/// Moves as in chess; a capturing teleport by MVV-LVA; a quiet teleport below quiet moves (it costs
/// the cooldown); a freeze by the value of the piece on the square, below everything else.
fn hint(b: &SkillBoard, a: &Action) -> i32 {
    match a {
        Action::Move(m) => b.position().hint(m),
        Action::Teleport { from, to } => {
            let mover = b.piece_at(*from).map_or(0, |p| value(p.role));
            match b.piece_at(*to) {
                Some(victim) => 10 * value(victim.role) - mover / 10 - 50,
                None => -1600,
            }
        }
        Action::Freeze(sq) => -2000 + b.piece_at(*sq).map_or(0, |p| value(p.role) / 10),
    }
}

fn capture_gain(b: &SkillBoard, a: &Action) -> Option<i32> {
    match a {
        Action::Move(m) => b.position().capture_gain(m),
        Action::Teleport { to, .. } => Some(b.piece_at(*to).map_or(0, |p| value(p.role))),
        Action::Freeze(_) => None,
    }
}

fn history_slot(a: &Action) -> usize {
    match a {
        Action::Move(m) => usize::from(m.from.index()) * 64 + usize::from(m.to.index()),
        Action::Teleport { from, to } => 4096 + usize::from(from.index()) * 64 + usize::from(to.index()),
        Action::Freeze(sq) => 8192 + usize::from(sq.index()),
    }
}

fn in_check(pos: &Position) -> bool {
    pos.rules().is_standard() && pos.is_check()
}

/// Null move (a pass) only under standard rules, not in check, and when the mover has a piece other
/// than pawns and king (the usual zugzwang guard).
fn play_null(b: &mut SkillBoard) -> bool {
    let pos = b.position();
    if !pos.rules().is_standard() || pos.is_check() {
        return false;
    }
    let us = pos.turn();
    let has_piece =
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].into_iter().any(|r| pos.count(us, r) > 0);
    if has_piece {
        SkillBoard::play_null(b);
    }
    has_piece
}

/// Skill chess with the default [`SkillParams`].
impl Game for SkillBoard {
    type Action = Action;

    /// Moves and teleports by (from, to), freezes by square.
    const HISTORY_SLOTS: usize = 2 * 64 * 64 + 64;

    fn side(&self) -> u8 {
        self.turn().index() as u8
    }

    fn actions(&self, out: &mut Vec<Action>) {
        candidates(self, &SkillParams::DEFAULT, out);
    }

    fn noisy_actions(&self, out: &mut Vec<Action>) {
        noisy(self, &SkillParams::DEFAULT, out);
    }

    fn is_noisy(&self, a: &Action) -> bool {
        is_noisy(self, a)
    }

    /// Plays through [`SkillBoard::play_action_unchecked`]: the search only plays actions from
    /// [`Game::actions`] of the very state.
    fn play(&mut self, a: Action) {
        self.play_action_unchecked(a);
    }

    fn undo(&mut self, _a: Action) {
        self.undo();
    }

    /// The position's PeSTO evaluation plus the skill terms of [`SkillParams`].
    fn evaluate(&self) -> i32 {
        evaluate(self, &SkillParams::DEFAULT)
    }

    fn terminal(&self) -> Option<Terminal> {
        terminal(self.position())
    }

    fn no_actions(&self) -> Terminal {
        no_actions(self)
    }

    fn key(&self) -> u64 {
        self.state_key()
    }

    fn hint(&self, a: &Action) -> i32 {
        hint(self, a)
    }

    fn capture_gain(&self, a: &Action) -> Option<i32> {
        capture_gain(self, a)
    }

    fn history_slot(&self, a: &Action) -> usize {
        history_slot(a)
    }

    fn in_check(&self) -> bool {
        in_check(self.position())
    }

    fn play_null(&mut self) -> bool {
        play_null(self)
    }

    fn undo_null(&mut self) {
        self.undo();
    }
}

/// Skill chess with the knobs of a [`SkillSearch`].
impl Game for SkillSearch {
    type Action = Action;

    /// Moves and teleports by (from, to), freezes by square.
    const HISTORY_SLOTS: usize = 2 * 64 * 64 + 64;

    fn side(&self) -> u8 {
        self.board.turn().index() as u8
    }

    fn actions(&self, out: &mut Vec<Action>) {
        candidates(&self.board, &self.params, out);
    }

    fn noisy_actions(&self, out: &mut Vec<Action>) {
        noisy(&self.board, &self.params, out);
    }

    fn is_noisy(&self, a: &Action) -> bool {
        is_noisy(&self.board, a)
    }

    /// Plays through [`SkillBoard::play_action_unchecked`]: the search only plays actions from
    /// [`Game::actions`] of the very state.
    fn play(&mut self, a: Action) {
        self.board.play_action_unchecked(a);
    }

    fn undo(&mut self, _a: Action) {
        self.board.undo();
    }

    /// The position's PeSTO evaluation plus the skill terms of [`SkillParams`].
    fn evaluate(&self) -> i32 {
        evaluate(&self.board, &self.params)
    }

    fn terminal(&self) -> Option<Terminal> {
        terminal(self.board.position())
    }

    fn no_actions(&self) -> Terminal {
        no_actions(&self.board)
    }

    fn key(&self) -> u64 {
        self.board.state_key()
    }

    fn hint(&self, a: &Action) -> i32 {
        hint(&self.board, a)
    }

    fn capture_gain(&self, a: &Action) -> Option<i32> {
        capture_gain(&self.board, a)
    }

    fn history_slot(&self, a: &Action) -> usize {
        history_slot(a)
    }

    fn in_check(&self) -> bool {
        in_check(self.board.position())
    }

    fn play_null(&mut self) -> bool {
        play_null(&mut self.board)
    }

    fn undo_null(&mut self) {
        self.board.undo();
    }
}
