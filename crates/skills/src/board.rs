//! [`SkillBoard`]: a rules position plus skills, cooldowns, frozen squares, an action log and undo.

use gambit_rules::{
    ByColor, Color, DeadMaterial, DrawReason, File, Move, MoveKind, MoveList, Outcome, ParseSanError,
    ParseUciError, Piece, Position, Role, Square, SquareSet,
};

use crate::action::{Action, Played};
use crate::config::{ClockMode, ConfigError, RulesChoice, SkillConfig};
use crate::error::SkillError;
use crate::frozen::{Frozen, FrozenSnapshot};
use crate::log::{LogEntry, LogKind};
use crate::skill::{Cooldowns, Skill};
use crate::teleports::{TeleportRules, TeleportTargets};

/// The bit of a square in a 64-bit square mask (a1 = bit 0).
#[inline]
const fn bit(sq: Square) -> u64 {
    1u64 << sq.index()
}

/// How to take the position back when an action is undone.
#[derive(Clone, Debug)]
enum PosUndo {
    /// The action played a rules move: [`Position::undo`] takes it back.
    Unmake,
    /// The action edited the board (a teleport by relocation): restore this copy, history included.
    Restore(Box<Position>),
    /// The action left the position alone (a freeze).
    Untouched,
}

/// Everything needed to revert one action exactly.
#[derive(Clone, Debug)]
struct UndoRecord {
    /// The action, `None` for a pass ([`SkillBoard::play_null`]).
    action: Option<Action>,
    pos: PosUndo,
    cooldowns: Cooldowns,
    frozen: FrozenSnapshot,
    teleported: ByColor<Option<Square>>,
    log_len: usize,
}

/// How a successful Teleport was carried out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Teleported {
    /// The source and destination formed a legal move, which was played (a promotion becomes a queen).
    AsMove(Move),
    /// The piece was relocated by a board edit, capturing `captured` if the destination held an enemy
    /// piece.
    Relocated {
        /// The enemy piece that stood on the destination, if any.
        captured: Option<Piece>,
    },
}

/// What a teleport would do, once validated.
enum Plan {
    AsMove(Move),
    Relocate,
}

/// What a frozen square means, for a hover card on it: `ticks` is its remaining freeze (from
/// [`SkillBoard::frozen_ticks`]; a tick is one move of either side). The rules it states: the piece
/// on a frozen square cannot move or be teleported, and a piece that arrives on it (a capture
/// included) is held the same way until the freeze ends.
#[must_use]
pub fn frozen_square_card(ticks: u32) -> String {
    let left = if ticks == 1 { "1 more tick".to_string() } else { format!("{ticks} more ticks") };
    format!(
        "\u{2744} Frozen for {left} (moves of either side): a piece here cannot move or teleport, one \
         that arrives included."
    )
}

/// A chess position with skills: per-side cooldowns, frozen squares with their remaining ticks, an
/// action log, and exact undo of every action.
///
/// See the crate docs for the contracts of the skills and the clock.
///
/// `clone_from` reuses the target's buffers (log, undo history), so a host that saves a board into
/// the same copy again and again (a searched battle's undo record) allocates nothing once they have
/// grown.
#[derive(Debug)]
pub struct SkillBoard {
    config: SkillConfig,
    position: Position,
    cooldowns: Cooldowns,
    /// Remaining freeze ticks per square; 0 means not frozen.
    frozen: Frozen,
    /// Per side, the piece that teleported on its previous turn and may not capture on its next one
    /// ([`SkillRules::teleported_cannot_capture`](crate::SkillRules::teleported_cannot_capture); always
    /// `None` without it).
    teleported: ByColor<Option<Square>>,
    log: Vec<LogEntry>,
    undo: Vec<UndoRecord>,
}

impl SkillBoard {
    /// A copy without the log and the undo records (what [`SkillBoard::alterations`] plays an action
    /// on).
    pub(crate) fn copy_without_records(&self) -> SkillBoard {
        SkillBoard {
            config: self.config.clone(),
            position: self.position.clone(),
            cooldowns: self.cooldowns,
            frozen: self.frozen.clone(),
            teleported: self.teleported,
            log: Vec::new(),
            undo: Vec::new(),
        }
    }
}

impl Clone for SkillBoard {
    fn clone(&self) -> Self {
        SkillBoard { log: self.log.clone(), undo: self.undo.clone(), ..self.copy_without_records() }
    }

    fn clone_from(&mut self, source: &Self) {
        self.config.clone_from(&source.config);
        self.position.clone_from(&source.position);
        self.cooldowns = source.cooldowns;
        self.frozen.clone_from(&source.frozen);
        self.teleported = source.teleported;
        self.log.clone_from(&source.log);
        self.undo.clone_from(&source.undo);
    }
}

impl PartialEq for SkillBoard {
    /// Equal when the config, position (by [`Position`]'s equality: board, side to move, rights, en passant
    /// square, clocks, rules), key, cooldowns, frozen squares, the teleported pieces that may not capture
    /// and log are equal. Undo history is not compared.
    fn eq(&self, other: &Self) -> bool {
        self.config == other.config
            && self.position == other.position
            && self.position.key() == other.position.key()
            && self.cooldowns == other.cooldowns
            && self.frozen == other.frozen
            && self.teleported == other.teleported
            && self.log == other.log
    }
}

impl Eq for SkillBoard {}

impl Default for SkillBoard {
    /// The standard start position with the default config.
    fn default() -> Self {
        SkillBoard::from_position(Position::startpos(), SkillConfig::default())
    }
}

impl SkillBoard {
    /// A board at the config's start position, with nothing frozen and every cooldown at 0, or at its
    /// configured value under [`SkillRules::start_on_cooldown`](crate::SkillRules::start_on_cooldown).
    ///
    /// # Errors
    /// [`ConfigError::BadFen`] when `start_fen` is not a valid position under the configured rules.
    pub fn new(config: SkillConfig) -> Result<SkillBoard, ConfigError> {
        let position = config.start_position()?;
        Ok(SkillBoard::with_parts(position, config))
    }

    /// A board at `position` (any position, including ones ordinary play cannot reach), with the
    /// cooldowns of a game's start (see [`SkillBoard::new`]). The config's
    /// `start_fen` and `rules` are replaced by the position's FEN and rule set (a skirmish promotion
    /// policy other than the default is not recorded in the config). The position's own move history
    /// is kept for undo and repetition, but a replay starts from its FEN.
    #[must_use]
    pub fn from_position(position: Position, mut config: SkillConfig) -> SkillBoard {
        // A Chess960 position keeps its castling rooks in the FEN (Shredder-FEN: rook files), which
        // `SkillConfig::start_position` and a replay read back as Chess960.
        config.start_fen = if position.is_chess960() {
            position.to_fen_with(gambit_rules::CastlingNotation::Shredder)
        } else {
            position.to_fen()
        };
        config.rules =
            if position.rules().is_standard() { RulesChoice::Standard } else { RulesChoice::Skirmish };
        SkillBoard::with_parts(position, config)
    }

    pub(crate) fn with_parts(position: Position, config: SkillConfig) -> SkillBoard {
        let mut cooldowns = Cooldowns::default();
        if config.skill_rules.start_on_cooldown {
            cooldowns = ByColor::new(config.cooldown_ticks, config.cooldown_ticks);
        }
        SkillBoard {
            config,
            position,
            cooldowns,
            frozen: Frozen::default(),
            teleported: ByColor::new(None, None),
            log: Vec::new(),
            undo: Vec::new(),
        }
    }

    // ----- accessors -----

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SkillConfig {
        &self.config
    }

    /// The underlying rules position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The piece on a square.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.position.piece_at(square)
    }

    /// Both sides' remaining cooldowns, in ticks.
    #[must_use]
    pub fn cooldowns(&self) -> Cooldowns {
        self.cooldowns
    }

    /// The remaining cooldown of `color`'s `skill`, in ticks (0 means ready).
    #[must_use]
    pub fn cooldown(&self, color: Color, skill: Skill) -> u32 {
        self.cooldowns[color][skill]
    }

    /// Whether `square` is frozen (its counter is above 0).
    #[must_use]
    pub fn is_frozen(&self, square: Square) -> bool {
        self.frozen.get(square) > 0
    }

    /// The remaining freeze ticks of `square`, `None` when it is not frozen.
    #[must_use]
    pub fn frozen_ticks(&self, square: Square) -> Option<u32> {
        let t = self.frozen.get(square);
        (t > 0).then_some(t)
    }

    /// The frozen squares with their remaining ticks, in square order (a1, b1, ..., h8).
    #[must_use]
    pub fn frozen(&self) -> Vec<(Square, u32)> {
        self.frozen.squares().iter().map(|sq| (sq, self.frozen.get(sq))).collect()
    }

    /// The frozen squares as a set (no allocation).
    #[must_use]
    pub fn frozen_set(&self) -> SquareSet {
        self.frozen.squares()
    }

    /// The frozen squares, in square order.
    #[must_use]
    pub fn frozen_squares(&self) -> Vec<Square> {
        self.frozen.squares().iter().collect()
    }

    /// The log, oldest entry first.
    #[must_use]
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The square of `color`'s piece that teleported on `color`'s previous turn and so may not capture on
    /// its next one, under [`SkillRules::teleported_cannot_capture`](crate::SkillRules::teleported_cannot_capture)
    /// (`None` otherwise, and once `color` has ended a turn since).
    #[must_use]
    pub fn teleported_piece(&self, color: Color) -> Option<Square> {
        self.teleported[color]
    }

    /// Sets [`SkillBoard::teleported_piece`] of `color` (for a state read back from text). Clears the
    /// undo history.
    pub fn set_teleported_piece(&mut self, color: Color, square: Option<Square>) {
        self.undo.clear();
        self.teleported[color] = square;
    }

    /// The number of actions [`SkillBoard::undo`] can take back.
    #[must_use]
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// The squares of the last move or teleport (from, to), for highlighting it: the latest of the
    /// actions [`SkillBoard::undo`] can take back, freezes skipped. `None` when there is none, when a
    /// pass ([`SkillBoard::play_null`]) came after it, or after an edit (which clears the undo history).
    ///
    /// ```
    /// use gambit_skills::SkillBoard;
    /// let mut board = SkillBoard::default();
    /// assert_eq!(board.last_travel(), None);
    /// board.push_action("e2e4").unwrap();
    /// board.push_action("fz e4").unwrap();
    /// let sq = |s: &str| s.parse().unwrap();
    /// assert_eq!(board.last_travel(), Some((sq("e2"), sq("e4"))));
    /// board.push_action("tp d7d5").unwrap();
    /// assert_eq!(board.last_travel(), Some((sq("d7"), sq("d5"))));
    /// ```
    #[must_use]
    pub fn last_travel(&self) -> Option<(Square, Square)> {
        self.undo.iter().rev().find_map(|r| match r.action {
            Some(Action::Freeze(_)) => None,
            Some(Action::Move(m)) => Some(Some((m.from, m.to))),
            Some(Action::Teleport { from, to }) => Some(Some((from, to))),
            None => Some(None),
        })?
    }

    /// A 64-bit key of the whole skill state: the position's Zobrist key mixed with both sides'
    /// cooldowns and the freeze counters. Equal states have equal keys (for transposition tables).
    #[must_use]
    pub fn state_key(&self) -> u64 {
        let mut k = self.position.key();
        let mut mix = |v: u64| {
            k = gambit_rules::splitmix64(k ^ v);
        };
        for (_, side) in self.cooldowns.iter() {
            mix(u64::from(side.teleport) | u64::from(side.freeze) << 32);
        }
        for sq in self.frozen.squares() {
            mix(u64::from(sq.index()) << 32 | u64::from(self.frozen.get(sq)));
        }
        for (color, sq) in [(1u64, self.teleported.white), (2, self.teleported.black)] {
            if let Some(sq) = sq {
                mix(color << 40 | u64::from(sq.index()));
            }
        }
        k
    }

    fn frozen_mask(&self) -> u64 {
        self.frozen.mask()
    }

    // ----- moves -----

    /// The square that keeps a rules move from being played under `mask`: its from-square, or for
    /// castling the rook's square, when frozen.
    fn frozen_part(m: &Move, mask: u64) -> Option<Square> {
        if mask & bit(m.from) != 0 {
            return Some(m.from);
        }
        let rook_file = match m.kind {
            MoveKind::CastleKingSide => 7,
            MoveKind::CastleQueenSide => 0,
            _ => return None,
        };
        let rook = Square::from_coords(File::new(rook_file).expect("file index < 8"), m.from.rank());
        (mask & bit(rook) != 0).then_some(rook)
    }

    /// The side to move's piece that may not capture this turn.
    fn no_capture(&self) -> Option<Square> {
        self.teleported[self.turn()]
    }

    /// Whether the rules move `m` may be played under the frozen `mask` (no frozen part, and no capture
    /// by the piece that just teleported).
    fn usable(&self, m: &Move, mask: u64) -> bool {
        SkillBoard::frozen_part(m, mask).is_none()
            && !(m.capture.is_some() && self.no_capture() == Some(m.from))
    }

    /// The rules' legal moves usable under `mask`.
    fn filtered(&self, mut list: MoveList, mask: u64) -> MoveList {
        if mask != 0 || self.no_capture().is_some() {
            list.retain(|m| self.usable(m, mask));
        }
        list
    }

    fn moves_masked(&self, mask: u64) -> MoveList {
        self.filtered(self.position.legal_moves(), mask)
    }

    /// The rules' legal moves minus those of a frozen piece (a move whose from-square is frozen, and a
    /// castling whose rook stands on a frozen square) and, under
    /// [`SkillRules::teleported_cannot_capture`](crate::SkillRules::teleported_cannot_capture), the
    /// captures of the piece that teleported on the side's previous turn. (Does not check for rule
    /// draws; see [`SkillBoard::actions`].)
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.moves_masked(self.frozen_mask())
    }

    /// Whether the occupant of `square` is free to move as far as freezing goes (the square is not
    /// frozen). It does not look at the side to move or at legality, as in the prototype.
    #[must_use]
    pub fn can_move_from(&self, square: Square) -> bool {
        !self.is_frozen(square)
    }

    /// Plays an ordinary move (from [`Position::legal_moves`] or the notation parsers). It ends the turn
    /// and, under the ply clock, ticks once.
    ///
    /// # Errors
    /// [`SkillError::GameOver`], [`SkillError::FrozenSource`] (the piece, or the castling rook, is
    /// frozen) or [`SkillError::IllegalMove`]. Nothing changes on error.
    pub fn play(&mut self, m: Move) -> Result<(), SkillError> {
        self.check_move(m)?;
        self.apply(Played::Move(m), true);
        Ok(())
    }

    /// Checks an ordinary move of the side to move without playing it.
    fn check_move(&self, m: Move) -> Result<(), SkillError> {
        if let Some(o) = self.rule_draw() {
            return Err(SkillError::GameOver(o));
        }
        if !self.position.legal_moves().contains(&m) {
            return Err(self.reject(SkillError::IllegalMove(m.to_uci())));
        }
        if let Some(sq) = SkillBoard::frozen_part(&m, self.frozen_mask()) {
            return Err(self.reject(SkillError::FrozenSource(sq)));
        }
        if m.capture.is_some() && self.no_capture() == Some(m.from) {
            return Err(self.reject(SkillError::TeleportedCapture(m.from)));
        }
        Ok(())
    }

    /// Parses a move in UCI (`e2e4`, `e7e8q`) and plays it; returns the move.
    ///
    /// # Errors
    /// [`SkillError::Syntax`] for text that is not UCI, [`SkillError::IllegalMove`], and the errors of
    /// [`SkillBoard::play`]. Nothing changes on error.
    pub fn push_uci(&mut self, uci: &str) -> Result<Move, SkillError> {
        let m = self.position.parse_uci(uci).map_err(|e| {
            self.reject(match e {
                ParseUciError::Syntax(_) => SkillError::Syntax(clip(uci)),
                _ => SkillError::IllegalMove(clip(uci)),
            })
        })?;
        self.play(m)?;
        Ok(m)
    }

    // ----- skills -----

    /// Whether the side to move may cast `skill` now: its cooldown is 0 and the game is not over. (A
    /// particular cast may still be refused for its squares.)
    #[must_use]
    pub fn can_cast(&self, skill: Skill) -> bool {
        self.cooldown(self.turn(), skill) == 0 && self.outcome().is_none()
    }

    /// Replaces `error` by [`SkillError::GameOver`] when the game is over.
    fn reject(&self, error: SkillError) -> SkillError {
        match self.outcome() {
            Some(o) => SkillError::GameOver(o),
            None => error,
        }
    }

    fn ready(&self, skill: Skill) -> Result<(), SkillError> {
        if let Some(o) = self.rule_draw() {
            return Err(SkillError::GameOver(o));
        }
        match self.cooldown(self.turn(), skill) {
            0 => Ok(()),
            remaining => Err(SkillError::OnCooldown { skill, remaining }),
        }
    }

    /// Validates a teleport of the side to move under the frozen `mask`; `moves` are the legal moves
    /// under that mask. Cooldown and game state are not checked here.
    fn plan_teleport(
        &self,
        from: Square,
        to: Square,
        mask: u64,
        moves: &MoveList,
    ) -> Result<Plan, SkillError> {
        let pos = &self.position;
        let us = pos.turn();
        for sq in [from, to] {
            if pos.is_blocked(sq) {
                return Err(SkillError::OffBoard(sq));
            }
        }
        if from == to {
            return Err(SkillError::SameSquare(from));
        }
        let piece = pos.piece_at(from).ok_or(SkillError::EmptySource(from))?;
        if piece.color != us {
            return Err(SkillError::EnemySource(from));
        }
        if mask & bit(from) != 0 {
            return Err(SkillError::FrozenSource(from));
        }
        let target = pos.piece_at(to);
        if target.is_some_and(|t| t.color == us) {
            return Err(SkillError::FriendlyDestination(to));
        }
        let standard = pos.rules().is_standard();
        if let Some(&m) = moves.iter().find(|m| {
            m.from == from
                && m.to == to
                && (!standard || m.promotion.is_none() || m.promotion == Some(Role::Queen))
        }) {
            return Ok(Plan::AsMove(m));
        }
        if standard && target.is_some_and(|t| t.role == Role::King) {
            return Err(SkillError::CapturesKing(to));
        }
        if piece.role == Role::Pawn && (pos.is_promotion_square(us, to) || pos.is_promotion_square(!us, to)) {
            return Err(SkillError::PawnBackRank(to));
        }
        let levers = self.config.skill_rules;
        if piece.role == Role::Pawn && levers.no_pawn_relocation {
            return Err(SkillError::PawnRelocation(from));
        }
        if piece.role == Role::Pawn
            && levers.pawn_promotion_guard
            && crate::teleports::pawn_forbidden(pos, us, true).contains(to)
        {
            return Err(SkillError::PawnNearPromotion(to));
        }
        if let Some(range) = levers.teleport_range
            && !levers.in_range(from, to)
        {
            return Err(SkillError::OutOfRange { from, to, range });
        }
        if let Some(victim) = target {
            if self.no_capture() == Some(from) {
                return Err(SkillError::TeleportedCapture(from));
            }
            if !levers.may_capture(piece.role, victim.role) {
                return Err(SkillError::CapturesBigger { from, to });
            }
        }
        if standard && pos.relocation_exposes_king(from, to) {
            return Err(SkillError::ExposesKing { from, to });
        }
        Ok(Plan::Relocate)
    }

    /// The reference generator (the per-pair validation this crate used before [`TeleportTargets`]):
    /// every valid teleport `(from, to)` of the side to move under `mask`, in square order, each pair
    /// checked by [`SkillBoard::check_teleport`]'s own planning with a board copy per relocation.
    fn teleports_reference(&self, mask: u64, moves: &MoveList) -> Vec<(Square, Square)> {
        let us = self.turn();
        let mut out = Vec::new();
        for from in Square::all() {
            if mask & bit(from) != 0 || self.position.piece_at(from).is_none_or(|p| p.color != us) {
                continue;
            }
            for to in Square::all() {
                if self.plan_teleport(from, to, mask, moves).is_ok() {
                    out.push((from, to));
                }
            }
        }
        out
    }

    /// The valid teleports of the side to move under `mask`, given its moves under it.
    fn targets_masked(&self, mask: u64, moves: &MoveList) -> TeleportTargets {
        TeleportRules::new(
            &self.position,
            SquareSet::from_bits(mask),
            moves,
            self.config.skill_rules,
            self.no_capture(),
        )
        .targets()
    }

    /// The valid Teleport destinations of every piece of the side to move (frozen pieces have none),
    /// found once for the whole board with the rules' checkers and pins. The cooldown and the game's
    /// end are not looked at: [`SkillBoard::actions`] lists these teleports when Teleport is ready and
    /// the game goes on.
    #[must_use]
    pub fn teleport_targets(&self) -> TeleportTargets {
        let mask = self.frozen_mask();
        self.targets_masked(mask, &self.moves_masked(mask))
    }

    /// [`SkillBoard::teleport_targets`] given `moves`, which must be [`SkillBoard::legal_moves`] of
    /// this very state (a search that has them saves generating them again).
    #[must_use]
    pub fn teleport_targets_with(&self, moves: &MoveList) -> TeleportTargets {
        self.targets_masked(self.frozen_mask(), moves)
    }

    /// What decides the side to move's teleports at this node, for a caller that asks about a few
    /// teleports rather than listing them all (a search). `moves` must be [`SkillBoard::legal_moves`] of
    /// this very state. Cooldowns and game end are not looked at.
    #[must_use]
    pub fn teleport_rules(&self, moves: &MoveList) -> TeleportRules<'_> {
        TeleportRules::new(
            &self.position,
            self.frozen.squares(),
            moves,
            self.config.skill_rules,
            self.no_capture(),
        )
    }

    /// Checks a Teleport of the side to move without casting it.
    ///
    /// # Errors
    /// As [`SkillBoard::teleport`].
    pub fn check_teleport(&self, from: Square, to: Square) -> Result<(), SkillError> {
        self.checked_plan(from, to).map(|_| ())
    }

    /// The validated plan of a Teleport of the side to move (cooldown and game state included).
    fn checked_plan(&self, from: Square, to: Square) -> Result<Plan, SkillError> {
        self.ready(Skill::Teleport)
            .and_then(|()| {
                let mask = self.frozen_mask();
                self.plan_teleport(from, to, mask, &self.moves_masked(mask))
            })
            .map_err(|e| self.reject(e))
    }

    /// Casts Teleport for the side to move: the friendly piece on `from` goes to `to`, capturing an
    /// enemy piece there. When `from`-`to` is a legal move (of an unfrozen piece) it is played as that
    /// move, promoting to a queen. Otherwise the board is edited: the piece is relocated, castling rights
    /// of a king or rook leaving home (or a rook captured at home) drop, the en passant square clears, the
    /// half-move clock resets on a capture or a pawn teleport and otherwise grows by one, the full-move
    /// number grows after Black, and the turn passes. Either way the teleport cooldown is set, the turn
    /// ends, and under the ply clock the clock ticks once.
    ///
    /// # Errors
    /// [`SkillError::GameOver`], [`SkillError::OnCooldown`], [`SkillError::OffBoard`],
    /// [`SkillError::SameSquare`], [`SkillError::EmptySource`], [`SkillError::EnemySource`],
    /// [`SkillError::FrozenSource`], [`SkillError::FriendlyDestination`], and for a relocation
    /// [`SkillError::CapturesKing`] (standard rules), [`SkillError::PawnBackRank`] and
    /// [`SkillError::ExposesKing`] (standard rules). Nothing changes on error.
    pub fn teleport(&mut self, from: Square, to: Square) -> Result<Teleported, SkillError> {
        let how = match self.checked_plan(from, to)? {
            Plan::AsMove(m) => Teleported::AsMove(m),
            Plan::Relocate => Teleported::Relocated { captured: self.piece_at(to) },
        };
        self.apply(Played::Teleport { from, to, how }, true);
        Ok(how)
    }

    /// Carries out a validated action: the position, the cooldowns, the clock, the undo record and
    /// (with `log`) the log entry.
    fn apply(&mut self, played: Played, log: bool) {
        let us = self.turn();
        let action = played.action();
        let pos_undo = match played {
            Played::Move(m) | Played::Teleport { how: Teleported::AsMove(m), .. } => {
                self.position.play_unchecked(m);
                PosUndo::Unmake
            }
            Played::Teleport { from, to, how: Teleported::Relocated { .. } } => {
                let before = self.position.clone();
                let pawn = before.piece_at(from).is_some_and(|p| p.role == Role::Pawn);
                let captured = self
                    .position
                    .relocate_piece(from, to)
                    .expect("a validated teleport lands on a playable square");
                self.position.set_turn(!us);
                let halfmove = if captured.is_some() || pawn { 0 } else { before.halfmove_clock() + 1 };
                self.position.set_halfmove_clock(halfmove);
                if us == Color::Black {
                    self.position.set_fullmove_number(before.fullmove_number() + 1);
                }
                PosUndo::Restore(Box::new(before))
            }
            Played::Freeze(_) => PosUndo::Untouched,
        };
        // The record holds the state before the action (the position's part is `pos_undo`).
        let record = UndoRecord {
            action: Some(action),
            pos: pos_undo,
            cooldowns: self.cooldowns,
            frozen: self.frozen.snapshot(),
            teleported: self.teleported,
            log_len: self.log.len(),
        };
        self.undo.push(record);
        match played {
            Played::Move(m) => {
                self.teleported[us] = None;
                self.end_turn(log, LogKind::Move, || m.to_uci(), us);
            }
            Played::Teleport { from, to, .. } => {
                self.teleported[us] = self.config.skill_rules.teleported_cannot_capture.then_some(to);
                self.cooldowns[us][Skill::Teleport] = self.config.cooldown_ticks.teleport;
                self.end_turn(log, LogKind::Teleport, || format!("{from}{to}"), us);
            }
            Played::Freeze(square) => {
                self.frozen.set(square, self.config.freeze_duration);
                self.cooldowns[us][Skill::Freeze] = self.config.cooldown_ticks.freeze;
                if log {
                    let entry = LogEntry {
                        kind: LogKind::Freeze,
                        detail: square.to_string(),
                        actor: us,
                        cooldowns: self.cooldowns,
                    };
                    self.log.push(entry);
                }
            }
        }
    }

    /// Plays an action known to be legal (one of [`SkillBoard::actions`] of this very state) without
    /// validating it, and returns what happened: the path a search takes, as
    /// [`Position::play_unchecked`] is for moves. [`SkillBoard::undo`] takes it back exactly.
    ///
    /// Unlike [`SkillBoard::play_action`] it does not append to the log (a search undoes everything it
    /// plays, and the log's text costs allocations); the cooldowns, the clock and the frozen squares
    /// change as for a checked action. Playing an action that is not legal leaves the board in an
    /// unspecified (memory-safe) state.
    pub fn play_action_unchecked(&mut self, action: Action) -> Played {
        let played = match action {
            Action::Move(m) => Played::Move(m),
            Action::Teleport { from, to } => {
                let standard = self.position.rules().is_standard();
                let mask = self.frozen_mask();
                let shaped = self.piece_at(from).is_some_and(|p| move_shaped(p, from, to));
                let along = shaped
                    .then(|| {
                        self.position.legal_moves().into_iter().find(|m| {
                            m.from == from
                                && m.to == to
                                && self.usable(m, mask)
                                && (!standard || m.promotion.is_none() || m.promotion == Some(Role::Queen))
                        })
                    })
                    .flatten();
                let how = match along {
                    Some(m) => Teleported::AsMove(m),
                    None => Teleported::Relocated { captured: self.piece_at(to) },
                };
                Played::Teleport { from, to, how }
            }
            Action::Freeze(square) => Played::Freeze(square),
        };
        self.apply(played, false);
        played
    }

    /// Whether the side to move has a turn-ending action under `mask`, given its moves under it.
    fn can_end_turn(&self, mask: u64, moves: &MoveList) -> bool {
        !moves.is_empty()
            || (self.cooldown(self.turn(), Skill::Teleport) == 0
                && !self.targets_masked(mask, moves).is_empty())
    }

    /// Whether freezing `square` would leave the side to move without a turn-ending action, given the
    /// rules' legal moves `all` and the current `mask`.
    fn freeze_strands(&self, square: Square, mask: u64, all: &MoveList) -> bool {
        let new_mask = mask | bit(square);
        if self.config.freeze_duration == 0
            || new_mask == mask
            || self.position.piece_at(square).is_none_or(|p| p.color != self.turn())
            || all.iter().any(|m| self.usable(m, new_mask))
        {
            return false;
        }
        // No move is left: only a teleport can end the turn.
        !self.can_end_turn(new_mask, &MoveList::new())
    }

    /// Checks a Freeze by the side to move without casting it.
    ///
    /// # Errors
    /// As [`SkillBoard::freeze`].
    pub fn check_freeze(&self, square: Square) -> Result<(), SkillError> {
        if let Some(o) = self.outcome() {
            return Err(SkillError::GameOver(o));
        }
        self.ready(Skill::Freeze)?;
        if self.position.is_blocked(square) {
            return Err(SkillError::OffBoard(square));
        }
        if self.freeze_strands(square, self.frozen_mask(), &self.position.legal_moves()) {
            return Err(SkillError::StrandsCaster(square));
        }
        Ok(())
    }

    /// Casts Freeze for the side to move on `square` (empty or not, either colour's piece): the square is
    /// frozen for `freeze_duration` ticks (re-freezing a frozen square resets its timer) and the freeze
    /// cooldown is set. A free action: the same side stays to move and the clock does not tick.
    ///
    /// # Errors
    /// [`SkillError::GameOver`], [`SkillError::OnCooldown`], [`SkillError::OffBoard`] (a blocked tile),
    /// [`SkillError::StrandsCaster`] (freezing one's own piece so that no move or teleport is left).
    /// Nothing changes on error.
    pub fn freeze(&mut self, square: Square) -> Result<(), SkillError> {
        self.check_freeze(square)?;
        self.apply(Played::Freeze(square), true);
        Ok(())
    }

    // ----- clock -----

    /// Decays every cooldown of both sides and every freeze counter by `ticks` (never below 0); a square
    /// whose counter reaches 0 is released. Logged as a `tick` entry (nothing is logged for 0). Under
    /// the manual clock this is the only thing that advances the clock; under the ply clock it adds
    /// extra ticks. Not an action: [`SkillBoard::undo`] of the previous action also drops these ticks.
    pub fn tick_cooldowns(&mut self, ticks: u32) {
        if ticks == 0 {
            return;
        }
        self.decay(ticks);
        let entry = LogEntry {
            kind: LogKind::Tick,
            detail: ticks.to_string(),
            actor: self.turn(),
            cooldowns: self.cooldowns,
        };
        self.log.push(entry);
    }

    fn decay(&mut self, ticks: u32) {
        crate::skill::decay(&mut self.cooldowns, ticks);
        self.frozen.decay(ticks);
    }

    /// After a move or teleport: the ply clock's tick, then (with `log`) the log entry.
    fn end_turn(&mut self, log: bool, kind: LogKind, detail: impl FnOnce() -> String, actor: Color) {
        if self.config.clock == ClockMode::Ply {
            self.decay(1);
        }
        if log {
            self.log.push(LogEntry { kind, detail: detail(), actor, cooldowns: self.cooldowns });
        }
    }

    // ----- undo -----

    /// Reverts the last action (move, teleport or freeze) exactly: position (key, clocks, rights and
    /// move history included), cooldowns, freeze counters and log (ticks logged after the action are
    /// dropped with it). Returns the action, or `None` when there is nothing to undo (or the last thing
    /// undone was a pass of [`SkillBoard::play_null`]).
    pub fn undo(&mut self) -> Option<Action> {
        let record = self.undo.pop()?;
        match record.pos {
            PosUndo::Unmake => {
                self.position.undo();
            }
            PosUndo::Restore(before) => self.position = *before,
            PosUndo::Untouched => {}
        }
        self.cooldowns = record.cooldowns;
        self.frozen.restore(record.frozen);
        self.teleported = record.teleported;
        self.log.truncate(record.log_len);
        record.action
    }

    /// Passes the turn without acting, for a search's null-move pruning: the side to move flips and, under
    /// the ply clock, the clock ticks as after any turn. Not an action of the game (nothing is logged);
    /// take it back with [`SkillBoard::undo`] (which returns `None` for a pass). Do not pass in check.
    pub fn play_null(&mut self) {
        let record = UndoRecord {
            action: None,
            pos: PosUndo::Unmake,
            cooldowns: self.cooldowns,
            frozen: self.frozen.snapshot(),
            teleported: self.teleported,
            log_len: self.log.len(),
        };
        self.position.play_null();
        self.undo.push(record);
        if self.config.clock == ClockMode::Ply {
            self.decay(1);
        }
    }

    // ----- game end -----

    /// The draws the rules decide regardless of the side's options (standard rules only), from the rules
    /// crate: bare kings (a Freeze lets a lone minor piece mate), fivefold repetition, the 75-move rule.
    fn rule_draw(&self) -> Option<Outcome> {
        self.automatic_draw().map(Outcome::Draw)
    }

    /// The draw the rules impose now whatever the side to move can do (standard rules only): bare
    /// kings, fivefold repetition, the 75-move rule ([`Position::automatic_draw_with`] with
    /// [`DeadMaterial::BareKings`]). [`SkillBoard::outcome`] is this, or no turn-ending action.
    #[must_use]
    pub fn automatic_draw(&self) -> Option<DrawReason> {
        self.position.automatic_draw_with(DeadMaterial::BareKings)
    }

    /// The outcome if the game is over. A side to move with no turn-ending action (no legal move of an
    /// unfrozen piece and no valid teleport; a freeze does not count) is checkmated when in check and
    /// stalemated otherwise. Under standard rules the automatic draws also apply: fivefold repetition, the
    /// 75-move rule, and insufficient material, which here means bare kings only (a Freeze lets a lone
    /// minor piece mate).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let mask = self.frozen_mask();
        if !self.can_end_turn(mask, &self.moves_masked(mask)) {
            return Some(if self.position.is_check() {
                Outcome::Checkmate { winner: !self.turn() }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        self.rule_draw()
    }

    /// Whether the game is over ([`SkillBoard::outcome`] is `Some`).
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// When a game of skill chess is finished, for every front end: the [`SkillBoard::outcome`]
    /// (checkmate, stalemate, the automatic draws), or else a draw the side to move may claim now
    /// (threefold repetition, the fifty-move rule), which is claimed at once for both players, as
    /// [`Outcome::Draw`] with its reason. `None` while the game goes on.
    ///
    /// The actions stay playable after a claimable draw ([`SkillBoard::actions`] follows
    /// [`SkillBoard::outcome`]); a front end stops the game here.
    #[must_use]
    pub fn finished(&self) -> Option<Outcome> {
        self.outcome().or_else(|| self.position.claimable_draw().map(Outcome::Draw))
    }

    /// Whether [`SkillBoard::finished`] is `Some`.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished().is_some()
    }

    /// The squares where `by` could capture a piece of the other side on its next turn (the threat
    /// overlay): the squares its unfrozen pieces attack ([`threatened_squares`](crate::threatened_squares),
    /// pawn-guarded empty squares included; a piece that may not capture after its teleport left out),
    /// and, when its Teleport is ready by that turn, every square a relocation of one of its pieces
    /// could capture on (range, capture limit and pawn ranks of the skill rules applied; an empty square
    /// counts when a pawn there could be taken). When `by` is not to move, the ply clock's tick before
    /// its turn is counted (a cooldown of 1 is ready, a freeze of 1 tick has thawed). In square order.
    #[must_use]
    pub fn threatened_squares(&self, by: Color) -> Vec<Square> {
        (self.attacked_squares(by) | self.teleport_threats(by)).iter().collect()
    }

    /// The first part of [`SkillBoard::threatened_squares`]: the squares `by`'s pieces attack on its next
    /// turn (frozen pieces and the piece that may not capture after its teleport left out).
    #[must_use]
    pub fn attacked_squares(&self, by: Color) -> SquareSet {
        crate::threats::board_attacks(self, by)
    }

    /// The second part of [`SkillBoard::threatened_squares`]: the squares a Teleport of `by` could capture
    /// on, when it is ready by `by`'s next turn (empty otherwise). A front end with rules of its own about
    /// teleport captures (a battle's objectives) filters these.
    #[must_use]
    pub fn teleport_threats(&self, by: Color) -> SquareSet {
        crate::threats::board_teleport_threats(self, by)
    }

    // ----- actions -----

    /// Every legal action of the side to move: its moves (in the rules' order), then its teleports when
    /// Teleport is ready (by source, then destination, in square order; a teleport that coincides with a
    /// move is listed too, as it is a different action), then its freezes when Freeze is ready (every
    /// playable square in square order, except those that would strand the caster). Empty when the
    /// game is over.
    #[must_use]
    pub fn actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.generate(&mut out, false);
        out
    }

    /// [`SkillBoard::actions`] into a buffer the caller reuses (cleared first), as a search does.
    pub fn actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        self.generate(out, false);
    }

    /// [`SkillBoard::actions`] by the reference generator: every teleport pair validated on its own,
    /// with a board copy per relocation (what this crate did before [`TeleportTargets`]). The same list
    /// in the same order, many times slower; kept for tests and benchmarks.
    #[must_use]
    pub fn actions_reference(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.generate(&mut out, true);
        out
    }

    fn generate(&self, out: &mut Vec<Action>, reference: bool) {
        if self.rule_draw().is_some() {
            return;
        }
        let mask = self.frozen_mask();
        let all = self.position.legal_moves();
        let moves = self.filtered(all.clone(), mask);
        out.extend(moves.iter().map(|&m| Action::Move(m)));
        let us = self.turn();
        if self.cooldown(us, Skill::Teleport) == 0 {
            if reference {
                let pairs = self.teleports_reference(mask, &moves);
                out.extend(pairs.into_iter().map(|(from, to)| Action::Teleport { from, to }));
            } else {
                let targets = self.targets_masked(mask, &moves);
                out.extend(targets.iter().map(|(from, to)| Action::Teleport { from, to }));
            }
        }
        if out.is_empty() || self.cooldown(us, Skill::Freeze) != 0 {
            return;
        }
        for sq in Square::all() {
            if !self.position.is_blocked(sq) && !self.freeze_strands(sq, mask, &all) {
                out.push(Action::Freeze(sq));
            }
        }
    }

    /// Reads an action in its text form: a move in UCI or SAN (`e2e4`, `Nf3`), `tp <from><to>`
    /// (`tp e4e7`) or `fz <square>` (`fz e7`). Squares are checked for syntax only; legality is checked
    /// when the action is played.
    ///
    /// # Errors
    /// [`SkillError::Syntax`] for unreadable text, [`SkillError::IllegalMove`] for a move that is not
    /// legal under the rules.
    pub fn parse_action(&self, text: &str) -> Result<Action, SkillError> {
        let syntax = || SkillError::Syntax(clip(text));
        let mut words = text.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("tp"), Some(arg), None) => {
                if arg.len() != 4 || !arg.is_ascii() {
                    return Err(syntax());
                }
                let from: Square = arg[..2].parse().map_err(|_| syntax())?;
                let to: Square = arg[2..].parse().map_err(|_| syntax())?;
                Ok(Action::Teleport { from, to })
            }
            (Some("fz"), Some(arg), None) => Ok(Action::Freeze(arg.parse().map_err(|_| syntax())?)),
            (Some(mv), None, None) => match self.position.parse_uci(mv) {
                Ok(m) => Ok(Action::Move(m)),
                Err(ParseUciError::Illegal(_)) => Err(SkillError::IllegalMove(clip(mv))),
                Err(ParseUciError::Syntax(_)) => match self.position.parse_san(mv) {
                    Ok(m) => Ok(Action::Move(m)),
                    Err(ParseSanError::Syntax(_)) => Err(syntax()),
                    Err(_) => Err(SkillError::IllegalMove(clip(mv))),
                },
            },
            _ => Err(syntax()),
        }
    }

    /// What playing `action` would do, without playing it: the same checks as
    /// [`SkillBoard::play_action`], and the same [`Played`] value it would return (a teleport along a
    /// legal move is that move; any other teleport relocates the piece).
    ///
    /// # Errors
    /// The error [`SkillBoard::play_action`] would return.
    pub fn check_action(&self, action: Action) -> Result<Played, SkillError> {
        match action {
            Action::Move(m) => self.check_move(m).map(|()| Played::Move(m)),
            Action::Teleport { from, to } => {
                let how = match self.checked_plan(from, to)? {
                    Plan::AsMove(m) => Teleported::AsMove(m),
                    Plan::Relocate => Teleported::Relocated { captured: self.piece_at(to) },
                };
                Ok(Played::Teleport { from, to, how })
            }
            Action::Freeze(sq) => self.check_freeze(sq).map(|()| Played::Freeze(sq)),
        }
    }

    /// Plays an action (see [`SkillBoard::play`], [`SkillBoard::teleport`], [`SkillBoard::freeze`]) and
    /// returns what happened: the move, how a teleport was carried out (along a legal move, which is then
    /// that move, or by relocation), or the frozen square.
    ///
    /// # Errors
    /// The error of the underlying call; nothing changes on error.
    pub fn play_action(&mut self, action: Action) -> Result<Played, SkillError> {
        match action {
            Action::Move(m) => self.play(m).map(|()| Played::Move(m)),
            Action::Teleport { from, to } => {
                self.teleport(from, to).map(|how| Played::Teleport { from, to, how })
            }
            Action::Freeze(sq) => self.freeze(sq).map(|()| Played::Freeze(sq)),
        }
    }

    /// Parses an action's text and plays it; returns the action.
    ///
    /// # Errors
    /// The errors of [`SkillBoard::parse_action`] (reported as [`SkillError::GameOver`] when the game is
    /// over) and [`SkillBoard::play_action`]; nothing changes on error.
    pub fn push_action(&mut self, text: &str) -> Result<Action, SkillError> {
        let action = self.parse_action(text).map_err(|e| self.reject(e))?;
        self.play_action(action)?;
        Ok(action)
    }
}

/// Edits from outside the actions, for a host that layers its own rules on the board (the roguelite
/// battle removes poisoned pieces, raises walls, places reinforcements and gives each side its own
/// skill tuning). An edit cannot be undone: each of these clears the undo history, and a log replay no
/// longer reproduces the state.
impl SkillBoard {
    /// Runs `edit` on the position (board edits, the side to move, ...) and returns its result. The
    /// cooldowns, freeze counters and log are kept; the undo history is cleared.
    pub fn edit_position<R>(&mut self, edit: impl FnOnce(&mut Position) -> R) -> R {
        self.undo.clear();
        edit(&mut self.position)
    }

    /// Sets `color`'s remaining cooldown of `skill`, in ticks (0 means ready). Clears the undo history.
    pub fn set_cooldown(&mut self, color: Color, skill: Skill, ticks: u32) {
        self.undo.clear();
        self.cooldowns[color][skill] = ticks;
    }

    /// Sets the remaining freeze ticks of `square` (0 releases it). Clears the undo history.
    pub fn set_frozen_ticks(&mut self, square: Square, ticks: u32) {
        self.undo.clear();
        self.frozen.set(square, ticks);
    }

    /// Drops the log and the undo history (for a host that keeps its own log and clones the board
    /// often, such as a searched battle).
    pub fn forget_history(&mut self) {
        self.undo.clear();
        self.log.clear();
    }
}

/// Whether `piece` could move from `from` to `to` by the shape of its moves alone (a cheap superset of
/// the legal moves: no look at the board between or at check): a teleport that is not move-shaped is a
/// relocation, with no need to generate the legal moves.
fn move_shaped(piece: Piece, from: Square, to: Square) -> bool {
    let df = i32::from(to.file().index()) - i32::from(from.file().index());
    let dr = i32::from(to.rank().index()) - i32::from(from.rank().index());
    let forward = if piece.color == Color::White { 1 } else { -1 };
    match piece.role {
        Role::Pawn => (df == 0 && (dr == forward || dr == 2 * forward)) || (df.abs() == 1 && dr == forward),
        Role::Knight => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
        Role::Bishop => df.abs() == dr.abs(),
        Role::Rook => df == 0 || dr == 0,
        Role::Queen => df == 0 || dr == 0 || df.abs() == dr.abs(),
        // Castling moves the king two or more files along its rank (Chess960 too).
        Role::King => (df.abs() <= 1 && dr.abs() <= 1) || dr == 0,
    }
}

fn clip(s: &str) -> String {
    s.chars().take(32).collect()
}
