//! The warning before a defeat by no action ([`DefeatReason::NoAction`]): which of the player's
//! actions let the enemy leave it, at its next turn, with no move, no teleport and no frozen piece.
//!
//! The rule itself is step 7 (`turn`): a player who starts a turn with no turn-ending action (no
//! legal move of an unfrozen piece, no valid teleport; a Freeze or a consumable does not end a turn)
//! loses, unless one of its pieces is frozen (then it passes). In battles a pawn is never relocated
//! ([`BATTLE_SKILL_RULES`](super::BATTLE_SKILL_RULES)), so an army of pawns that are all blocked has
//! no action even with Teleport ready.

use super::{Battle, BattleAction, BattleStatus, BattleUndo, DefeatReason};
use crate::types::Team;

/// How an action of the player leads to a defeat by no action at its next turn
/// ([`Battle::stranding`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stranding {
    /// The action alone does it: the enemy then has no action and passes, and the player has none.
    ByTheAction,
    /// The enemy's reply does it: this action, a move or a teleport (when it is a Swift capture, with
    /// one of the repositions it opens, or the skip).
    ByReply(BattleAction),
}

/// One of the player's actions that lets the enemy leave it with no action, with the way
/// ([`Battle::stranding_threats`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StrandingThreat {
    /// The player's action (one that ends its turn).
    pub action: BattleAction,
    /// How the defeat follows: by the action itself or by an enemy reply (the first found, in the
    /// order of [`Battle::legal_actions`]).
    pub stranding: Stranding,
}

/// What [`Battle::stranding_threats`] found at the start of (or during) a player turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrandingWarning {
    /// The player's turn-ending actions examined (its legal moves, teleports, repositions and skip;
    /// Freezes and consumables do not end a turn and are not counted).
    pub turn_ending: usize,
    /// Those after which the enemy can leave the player with no action, in the order of
    /// [`Battle::legal_actions`].
    pub threats: Vec<StrandingThreat>,
}

impl StrandingWarning {
    /// Whether some action lets the enemy leave the player with no action.
    #[must_use]
    pub fn is_threatened(&self) -> bool {
        !self.threats.is_empty()
    }

    /// Whether every turn-ending action does (and there is at least one): whatever the player does
    /// with this turn, the enemy can end the battle by no action at the next.
    #[must_use]
    pub fn is_unavoidable(&self) -> bool {
        self.turn_ending > 0 && self.threats.len() == self.turn_ending
    }

    /// The warning in words, `None` when not threatened: which of the player's actions let the
    /// enemy leave it with no action (`whatever you play (2 actions)` or `after 3 of your 12
    /// actions`), and the first `named` of them in the command grammar with the enemy's reply that
    /// strands after each (`d3d4 (then the enemy's d7c7)`), then `and N more`. What the CLI prints
    /// after `warning: ` and the game shows in the battle's message line.
    #[must_use]
    pub fn describe(&self, battle: &Battle, named: usize) -> Option<String> {
        if !self.is_threatened() {
            return None;
        }
        let names: Vec<String> = self
            .threats
            .iter()
            .take(named)
            .map(|t| match t.stranding {
                Stranding::ByTheAction => battle.action_text(t.action),
                Stranding::ByReply(reply) => {
                    format!(
                        "{} (then the enemy's {})",
                        battle.action_text(t.action),
                        battle.action_text(reply)
                    )
                }
            })
            .collect();
        let more = self.threats.len().saturating_sub(named);
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        let which = if self.is_unavoidable() && self.turn_ending == 1 {
            "whatever you play (you have one action)".to_string()
        } else if self.is_unavoidable() {
            format!("whatever you play ({} actions)", self.turn_ending)
        } else {
            format!("after {} of your {} actions", self.threats.len(), self.turn_ending)
        };
        Some(format!(
            "{which}, the enemy can leave you with no action at your next turn, which loses the battle: {}{more}",
            names.join(", ")
        ))
    }

    /// The warning in one short sentence for a panel's message line, `None` when not threatened:
    /// the first of the player's actions that let the enemy leave it with no action, in the command
    /// grammar, and how many others do (`d5d4 lets the enemy leave you no action (a loss)`, `d5d4
    /// and 2 other actions let ...`, `whatever you play, ...` when every action does, `your only
    /// action lets ...`): at most about 80 characters with `Warning: `, two lines of the battle
    /// panel at 900x600. [`StrandingWarning::describe`] names the enemy's replies too.
    #[must_use]
    pub fn summary(&self, battle: &Battle) -> Option<String> {
        let first = self.threats.first()?;
        let loses = "the enemy leave you no action (a loss)";
        Some(if self.is_unavoidable() && self.turn_ending == 1 {
            format!("your only action lets {loses}")
        } else if self.is_unavoidable() {
            "whatever you play, the enemy can leave you no action (a loss)".to_string()
        } else if self.threats.len() == 1 {
            format!("{} lets {loses}", battle.action_text(first.action))
        } else {
            let others = self.threats.len() - 1;
            let actions = if others == 1 { "action" } else { "actions" };
            format!("{} and {others} other {actions} let {loses}", battle.action_text(first.action))
        })
    }
}

impl Battle {
    /// Whether playing `action` now lets the enemy leave the player with no action at its next turn
    /// (a defeat, [`DefeatReason::NoAction`]), and how; `None` when no enemy reply does, and when the
    /// question does not arise: the battle is over, the enemy is to move, `action` is refused, or it
    /// does not end the player's turn (a Freeze, a consumable, a capture that opens a Swift
    /// reposition: ask again about the action that ends the turn).
    ///
    /// Every enemy action that ends its turn (a move or a teleport, [`Battle::legal_actions`]) is
    /// tried. An enemy Freeze before it is not: a Freeze takes moves only from the piece it
    /// freezes, and a player with a frozen piece passes instead of losing, so it never makes a
    /// reply strand the player that would not without it. Costs one search of two plies (the
    /// enemy's replies to one action).
    #[must_use]
    pub fn stranding(&self, action: BattleAction) -> Option<Stranding> {
        if self.status().is_over() || self.to_move() != Team::Player || self.check(action).is_err() {
            return None;
        }
        let mut b = self.clone();
        b.set_quiet(true);
        let mut undo = BattleUndo::default();
        b.play_unchecked(action, &mut undo);
        b.stranding_after_player_action()
    }

    /// [`Battle::stranding`] for every turn-ending legal action of the player, with their count.
    /// Empty (no threats, count 0) when the battle is over or the enemy is to move. A front end
    /// calls it when the player's turn starts (after the enemy's turn) and warns when
    /// [`StrandingWarning::is_threatened`]; its cost is the enemy's replies to every player action
    /// (a two-ply search of the battle, tens of milliseconds on a full board).
    #[must_use]
    pub fn stranding_threats(&self) -> StrandingWarning {
        let mut warning = StrandingWarning::default();
        if self.status().is_over() || self.to_move() != Team::Player {
            return warning;
        }
        let mut b = self.clone();
        b.set_quiet(true);
        let mut undo = BattleUndo::default();
        for action in self.legal_actions() {
            b.play_unchecked(action, &mut undo);
            let ends_turn = b.status().is_over() || b.to_move() != Team::Player || b.ply() != self.ply();
            let stranding = if ends_turn { b.stranding_after_player_action() } else { None };
            b.undo(&mut undo);
            if ends_turn {
                warning.turn_ending += 1;
                if let Some(stranding) = stranding {
                    warning.threats.push(StrandingThreat { action, stranding });
                }
            }
        }
        warning
    }

    /// The stranding, this battle being the state right after a player action.
    fn stranding_after_player_action(&self) -> Option<Stranding> {
        if self.status() == NO_ACTION {
            return Some(Stranding::ByTheAction);
        }
        if self.status().is_over() || self.to_move() != Team::Enemy {
            return None;
        }
        let mut b = self.clone();
        self.legal_actions()
            .into_iter()
            .filter(|a| !matches!(a, BattleAction::Freeze { .. } | BattleAction::Use { .. }))
            .find(|&reply| b.enemy_turn_strands(reply))
            .map(Stranding::ByReply)
    }

    /// Whether the enemy's `action` (to move now) ends its turn with the player defeated by no
    /// action, a Swift reposition it opens included (any of its destinations, or the skip). The
    /// battle is left as it was.
    fn enemy_turn_strands(&mut self, action: BattleAction) -> bool {
        let mut undo = BattleUndo::default();
        self.play_unchecked(action, &mut undo);
        let stranded = if self.status() == NO_ACTION {
            true
        } else if !self.status().is_over()
            && self.to_move() == Team::Enemy
            && self.pending_reposition().is_some()
        {
            self.legal_actions().into_iter().any(|a| self.enemy_turn_strands(a))
        } else {
            false
        };
        self.undo(&mut undo);
        stranded
    }
}

/// The status of a battle lost by no action.
const NO_ACTION: BattleStatus = BattleStatus::Defeat { reason: DefeatReason::NoAction };
