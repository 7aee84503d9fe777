//! Search tunables as data.

/// Every tunable of the search in one place. [`Params::default`] is the full-strength engine;
/// [`Params::plain`] turns every pruning, reduction and extension off (full-width alpha-beta, the
/// configuration that must agree with minimax).
#[derive(Copy, Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct Params {
    /// Quiescence search at the horizon (captures and promotions; all evasions when in check).
    pub quiescence: bool,
    /// Transposition-table cutoffs (the TT move is used for ordering either way).
    pub tt_cutoffs: bool,
    /// Principal variation search: null-window searches after the first action.
    pub pvs: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// Minimum remaining depth (plies) for a null move.
    pub null_min_depth: i32,
    /// Base reduction of the null-move search (plies); grows by one every `null_depth_divisor` plies.
    pub null_base_reduction: i32,
    /// See `null_base_reduction`.
    pub null_depth_divisor: i32,
    /// Late move reductions.
    pub lmr: bool,
    /// Minimum remaining depth (plies) for a reduction.
    pub lmr_min_depth: i32,
    /// Actions searched at full depth before reductions start.
    pub lmr_full_moves: usize,
    /// Reverse futility pruning (static null move): margin per ply of remaining depth, centipawns.
    pub rfp_margin: i32,
    /// Reverse futility pruning up to this remaining depth (plies); 0 turns it off.
    pub rfp_max_depth: i32,
    /// Futility pruning: with at most this many plies left (0 turns it off), at a non-PV node not in
    /// check whose static evaluation plus [`Params::futility_margin`] per ply is still at most alpha,
    /// quiet actions after the first (killers excepted) are not searched.
    pub futility_max_depth: i32,
    /// See `futility_max_depth`, centipawns per ply.
    pub futility_margin: i32,
    /// Check extension: one ply more when the side to move is in check.
    pub check_extension: bool,
    /// Mate-distance pruning.
    pub mate_distance_pruning: bool,
    /// Aspiration windows from this depth on (plies); 0 turns them off.
    pub aspiration_min_depth: u32,
    /// First half-width of the aspiration window, centipawns (doubles on each failure).
    pub aspiration_window: i32,
    /// Killer moves (two per ply).
    pub killers: bool,
    /// Beam width: at most this many actions searched per node below and at the root, best-ranked
    /// first (0 = all). Approximate search: the rest are never looked at.
    pub beam_width: usize,
    /// Turns from the root searched at full width whatever [`Params::beam_width`] says: 0 applies the
    /// beam everywhere; 2 searches the root and every first reply whole, so no escape of an attacked
    /// piece and no answer to it is cut by the beam. A turn ends when the side to move changes (a
    /// same-side action stays in its turn); the node after a same-side action (a Freeze) is searched
    /// with the beam, its turn's actions having been searched whole at the node before it.
    pub full_width_turns: u32,
    /// How many root actions get exact scores (a MultiPV-like window: the root's alpha is the score of
    /// the k-th best so far). 1 for the engine; 3 for the bot, whose consistency picks among the top
    /// three.
    pub multipv: usize,
    /// When a search is stopped mid-iteration, play the best action already proven in that iteration
    /// (engine play). Off for the bot, whose contract adopts only whole iterations.
    pub adopt_partial_iteration: bool,
    /// Check the clock and the stop handler every this many nodes (a power of two).
    pub poll_interval: u64,
    /// Plies of depth a same-side action (a skill-chess freeze, a battle reposition) consumes: 0 searches
    /// it at the full remaining depth, so a node where such actions are available costs one subtree of
    /// the same depth per action.
    pub same_side_reduction: i32,
    /// Iterations run up to at least this depth (plies; budget and clock permitting) even after one
    /// proves a mate within its horizon, which otherwise ends the deepening at once (a proven mate
    /// does not change with more depth). 0 for the engine; the battles' thinking enemy sets its depth
    /// ceiling, so its completed depth says how far it looked, mates included.
    pub min_depth: u32,
    /// Static exchange evaluation ([`Game::see_ge`](crate::Game::see_ge)) in move ordering: noisy
    /// actions that lose material are searched after the quiet ones.
    pub see_ordering: bool,
    /// Static exchange pruning in quiescence: noisy actions that lose material are not searched
    /// (unless in check).
    pub see_pruning: bool,
    /// Quiescence also searches the quiet actions that give check, in its first ply
    /// ([`Game::quiescence_actions`](crate::Game::quiescence_actions)).
    pub quiescence_checks: bool,
    /// Internal iterative reduction: from this remaining depth (plies) on, a node without a TT move is
    /// searched one ply shallower; 0 turns it off.
    pub iir_min_depth: i32,
    /// Late move pruning: at non-PV nodes not in check with at most this many plies left, quiet actions
    /// after the first `3 + depth²` are not searched; 0 turns it off.
    pub lmp_max_depth: i32,
    /// Static exchange pruning in the main search: at non-PV nodes not in check with at most this many
    /// plies left, noisy actions after the first that lose more than
    /// [`Params::see_prune_margin`] per ply are not searched; 0 turns it off.
    pub see_prune_max_depth: i32,
    /// See `see_prune_max_depth`, centipawns per ply.
    pub see_prune_margin: i32,
    /// Static exchange pruning of quiet actions: at non-PV nodes not in check with at most this many
    /// plies left, quiet actions after the first whose destination loses more than
    /// [`Params::see_quiet_margin`] per ply by exchange (a piece moved where it is taken for less) are
    /// not searched, unless they give check; 0 turns it off.
    pub see_quiet_max_depth: i32,
    /// See `see_quiet_max_depth`, centipawns per ply.
    pub see_quiet_margin: i32,
    /// Continuation history: quiet actions are also ordered by how well they did one and two plies
    /// after the same earlier action (for games with [`Game::CONT_SLOTS`](crate::Game::CONT_SLOTS)
    /// above 0).
    pub continuation_history: bool,
    /// Late move reductions shrink by one ply per this much history score of the action (history plus
    /// continuation history, each within +-16,384) and grow as much for a bad one; 0 turns it off.
    pub history_lmr: i32,
    /// The "improving" flag (the static evaluation above the one of two plies earlier, or that one
    /// unknown): when improving, reverse futility pruning uses one ply less of margin; when not, late
    /// move pruning halves its count and late move reductions add one ply.
    pub improving: bool,
    /// Transposition table in quiescence: probed for cutoffs at null-window nodes and for the move
    /// ordering, and written with depth 0.
    pub qsearch_tt: bool,
    /// The static evaluation refined by the transposition table: where the stored score is a bound on
    /// the side of the evaluation that it tightens (a lower bound above it, an upper bound below it, or
    /// exact), reverse futility pruning, razoring, null-move pruning and futility pruning use the stored
    /// score instead.
    pub tt_eval: bool,
    /// Razoring: at non-PV nodes not in check with at most this many plies left (0 turns it off), an
    /// evaluation (refined as [`Params::tt_eval`] says) more than [`Params::razor_margin`] per ply below
    /// alpha drops straight into quiescence, whose score is returned when it stays at or below alpha.
    pub razor_max_depth: i32,
    /// See `razor_max_depth`, centipawns per ply.
    pub razor_margin: i32,
    /// The null-move reduction grows by one ply per this many centipawns of evaluation (the static one,
    /// refined as [`Params::tt_eval`] says) above beta, by at most 3 plies; 0 turns the term off. Off
    /// by default: with the other three techniques of issue 18's last step, 200 cost WAC (284/300 at
    /// 1 s, 291 without it) and dropping it cost less self-play strength than dropping singular
    /// extensions (docs/strength.md, "Issue 18: four search techniques").
    pub null_eval_divisor: i32,
    /// Singular extensions: from this remaining depth on (plies; 0 turns them off), a TT move whose
    /// stored lower bound no other action reaches within [`Params::singular_margin`] per ply (checked
    /// by a search of half the depth without it) is searched one ply deeper; when another action also
    /// beats the margin-lowered bound and that bound is at least beta, the node returns it (multi-cut).
    pub singular_min_depth: i32,
    /// See `singular_min_depth`, centipawns per ply.
    pub singular_margin: i32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            quiescence: true,
            tt_cutoffs: true,
            pvs: true,
            null_move: true,
            null_min_depth: 3,
            null_base_reduction: 2,
            null_depth_divisor: 4,
            lmr: true,
            lmr_min_depth: 3,
            lmr_full_moves: 3,
            rfp_margin: 90,
            rfp_max_depth: 6,
            futility_max_depth: 0,
            futility_margin: 150,
            check_extension: true,
            mate_distance_pruning: true,
            aspiration_min_depth: 4,
            aspiration_window: 30,
            killers: true,
            beam_width: 0,
            full_width_turns: 0,
            multipv: 1,
            adopt_partial_iteration: true,
            poll_interval: 1024,
            same_side_reduction: 0,
            min_depth: 0,
            see_ordering: true,
            see_pruning: true,
            quiescence_checks: true,
            iir_min_depth: 4,
            lmp_max_depth: 3,
            see_prune_max_depth: 4,
            see_prune_margin: 100,
            see_quiet_max_depth: 8,
            see_quiet_margin: 64,
            continuation_history: true,
            history_lmr: 12_288,
            improving: true,
            qsearch_tt: true,
            tt_eval: true,
            razor_max_depth: 2,
            razor_margin: 250,
            null_eval_divisor: 0,
            singular_min_depth: 8,
            singular_margin: 2,
        }
    }
}

impl Params {
    /// Full-width alpha-beta with no pruning, reduction, extension, quiescence or TT cutoffs (move
    /// ordering and PVS, which never change the root score, stay on).
    #[must_use]
    pub fn plain() -> Params {
        Params {
            quiescence: false,
            tt_cutoffs: false,
            null_move: false,
            lmr: false,
            rfp_max_depth: 0,
            check_extension: false,
            mate_distance_pruning: false,
            aspiration_min_depth: 0,
            see_pruning: false,
            quiescence_checks: false,
            iir_min_depth: 0,
            lmp_max_depth: 0,
            see_prune_max_depth: 0,
            razor_max_depth: 0,
            singular_min_depth: 0,
            ..Params::default()
        }
    }

    /// The bot's parameters: the full engine with a beam width, three exact root scores, whole
    /// iterations only, and one ply of depth per same-side action, without the engine's internal
    /// iterative reduction, late move pruning, static exchange pruning in the main search,
    /// continuation history, history-based reductions, the improving flag and the quiescence
    /// transposition table (tuned for chess at engine budgets; the presets' balance was measured
    /// without them).
    #[must_use]
    pub fn bot(beam_width: usize) -> Params {
        Params {
            beam_width,
            multipv: 3,
            adopt_partial_iteration: false,
            same_side_reduction: 1,
            futility_max_depth: 2,
            poll_interval: 64,
            iir_min_depth: 0,
            lmp_max_depth: 0,
            see_prune_max_depth: 0,
            ..Params::legacy_engine_tail()
        }
    }

    /// The bot's parameters as of a6fe168 (the legacy parameter set): three exact root scores always,
    /// same-side actions at full depth, none of the later chess techniques (static exchange
    /// evaluation, quiescence checks, internal iterative reduction, late move pruning).
    #[must_use]
    pub fn legacy_bot(beam_width: usize) -> Params {
        Params {
            beam_width,
            multipv: 3,
            adopt_partial_iteration: false,
            see_ordering: false,
            see_pruning: false,
            quiescence_checks: false,
            iir_min_depth: 0,
            lmp_max_depth: 0,
            see_prune_max_depth: 0,
            ..Params::legacy_engine_tail()
        }
    }

    /// [`Params::default`] without the search techniques added after the bot's parameters were
    /// settled (continuation history, history-based reductions, the improving flag, the quiescence
    /// transposition table, the TT-refined evaluation, razoring, the null-move evaluation term,
    /// singular extensions and the static exchange pruning of quiet actions): the base of
    /// [`Params::bot`] and [`Params::legacy_bot`].
    fn legacy_engine_tail() -> Params {
        Params {
            see_quiet_max_depth: 0,
            continuation_history: false,
            history_lmr: 0,
            improving: false,
            qsearch_tt: false,
            tt_eval: false,
            razor_max_depth: 0,
            null_eval_divisor: 0,
            singular_min_depth: 0,
            ..Params::default()
        }
    }
}
