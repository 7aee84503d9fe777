//! The boards a run offers: generated from the templates with the seed, varied, checked for short
//! wins or proved against the run's enemy ([`crate::solve`]), and previewed on the map.

use super::*;

impl Run {
    /// Proves a generated encounter winnable ([`crate::solve`]) for battle `battle_index` with the
    /// default deployment and the run's badges against the run's enemy, within the tuning's node
    /// cap: a proved encounter records its shortest win found and gets at least that many moves plus
    /// the stage's slack, then less the rank's [`RankRules::proof_cut`] (never less than the shortest
    /// win); an unproved one stays as generated. The pack's consumables are left out (the solver never
    /// uses them; they can only help the player).
    pub(super) fn prove(&self, encounter: &mut Encounter, battle_index: u64, boss: Option<BossRule>) -> bool {
        let proof = &self.terms.config().economy.proof;
        if proof.nodes == 0 {
            return false;
        }
        let Some(battle) = self.proof_battle(encounter, boss) else { return false };
        let enemy = self.proof_enemy(encounter.stage, battle_index);
        let s = solve(&battle, &enemy, SolveOptions { max_nodes: proof.nodes, max_moves: PROOF_MAX_MOVES });
        // A board won in SHALLOW moves or fewer (or not shown to be free of such a win) is not offered.
        let proved = s.proved() && s.no_win_within >= SHALLOW;
        if proved {
            encounter.proof = Some(s.moves);
            let floor = encounter.move_budget.max(s.moves + proof.slack(encounter.stage));
            encounter.move_budget = floor.saturating_sub(self.terms.config().rank.proof_cut).max(s.moves);
        }
        proved
    }

    /// The enemy a proof or the short-win check searches against: the run's enemy of battle
    /// `battle_index` at `stage` (1 to 3), always playing its top-ranked action
    /// ([`StageTuning::top_ranked`]).
    pub(super) fn proof_enemy(
        &self,
        stage: u32,
        battle_index: u64,
    ) -> impl Fn(&Battle) -> Option<BattleAction> + use<> {
        let tuning = self.terms.config().tuning.for_stage(stage.saturating_sub(1) as usize).top_ranked();
        enemy_policy(self.terms.config().enemy_stream(), battle_index, tuning, *self.terms.evaluation())
    }

    /// The battle a proof or the short-win check searches: `encounter` with the default deployment,
    /// the run's badges, the rank's enemy badges, the battle rules, the boss's rule and a budget of
    /// [`PROOF_MAX_MOVES`]. `None` when the army does not fit.
    pub(super) fn proof_battle(&self, encounter: &Encounter, boss: Option<BossRule>) -> Option<Battle> {
        let deployment = default_deployment(&encounter.board, self.army.roster())?;
        let mut setup = encounter.setup(self.army.roster(), &deployment, self.terms.perks().skills);
        self.name_units(&mut setup);
        setup.player_badges = self.badge_effects();
        setup.enemy_badges.extend(self.rank_badge_effects());
        setup.skill_rules = self.terms.config().battle_rules;
        setup.skills_reach_objectives = self.terms.config().skills_reach_objectives;
        setup.move_budget = PROOF_MAX_MOVES;
        if let Some(rule) = boss {
            rule.apply(&mut setup);
        }
        Battle::new(&setup).ok()
    }

    /// Whether a board may be offered without a proof ([`ProofTuning::short_win_nodes`]): no win
    /// within [`SHALLOW`] moves against the enemy's top-ranked replies, shown within the cap. True
    /// when the check is off.
    pub(super) fn free_of_short_wins(
        &self,
        encounter: &Encounter,
        battle_index: u64,
        boss: Option<BossRule>,
    ) -> bool {
        let nodes = self.terms.config().economy.proof.short_win_nodes;
        if nodes == 0 {
            return true;
        }
        let Some(battle) = self.proof_battle(encounter, boss) else { return false };
        let enemy = self.proof_enemy(encounter.stage, battle_index);
        short_win(&battle, &enemy, nodes).none_within_shallow()
    }

    /// A valid, proved encounter of a template for the next battle: up to [`PROOF_ATTEMPTS`] seeded
    /// variations drawn one after the other from `rng` ([`generate`]), the first the solver proves
    /// ([`Run::prove`]); when none is, the template's base if proved, else the fallback formation
    /// (proved if it can be). Without proofs (`proof.nodes` 0) the first one free of short wins
    /// ([`Run::free_of_short_wins`]; the first generated one when that check is off too). `failed`
    /// counts the validations, proofs and checks that failed on the way.
    pub(super) fn generate_proved(
        &self,
        t: &EncounterTemplate,
        rng: &mut ChaCha8Rng,
        boss: Option<BossRule>,
    ) -> Generated {
        let battle = u64::from(self.journey.battles_started()) + 1;
        let mut failed = 0;
        for _ in 0..PROOF_ATTEMPTS {
            let mut g = generate(t, rng, self.army.roster());
            failed += g.failed;
            if self.acceptable(&mut g.encounter, battle, boss) {
                return Generated { encounter: g.encounter, failed };
            }
            failed += 1;
        }
        let mut base = t.base();
        if base.validate(self.army.roster()).is_ok() && self.acceptable(&mut base, battle, boss) {
            return Generated { encounter: base, failed };
        }
        let mut fallback = fallback_encounter(t.stage);
        self.prove(&mut fallback, battle, boss);
        Generated { encounter: fallback, failed: failed + 1 }
    }

    /// Whether a generated encounter may be offered: proved ([`Run::prove`]) with proofs on,
    /// otherwise free of short wins ([`Run::free_of_short_wins`]).
    pub(super) fn acceptable(&self, encounter: &mut Encounter, battle: u64, boss: Option<BossRule>) -> bool {
        if self.terms.config().economy.proof.nodes == 0 {
            self.free_of_short_wins(encounter, battle, boss)
        } else {
            self.prove(encounter, battle, boss)
        }
    }

    /// The three board options the run draws for `stage` with its roster now (what leaving the shop
    /// offers; generated and proved, the run unchanged): three templates of the stage's pool
    /// shuffled with the seed, each varied with its own seeded stream.
    #[must_use]
    pub fn board_options_for(&self, stage: u32) -> Vec<Encounter> {
        self.generate_board_options(stage).0
    }

    /// The first board of a run: a stage-1 template chosen and varied from the seed, with the
    /// validations that failed on the way.
    pub(super) fn generate_first_board(&self) -> (Vec<Encounter>, u32) {
        let stage_one: Vec<_> = self.templates().into_iter().filter(|t| t.stage == 1).collect();
        let mut r = rng(self.terms.config().seed, tags::FIRST, 0, 0);
        let t = &stage_one[r.gen_range(0..stage_one.len())];
        let g = self.generate_proved(t, &mut r, None);
        (vec![g.encounter], g.failed)
    }

    /// Three board options of `stage`, from its templates shuffled with the seed (each varied with the
    /// stream of its place in the shuffle), with the validations that failed on the way; a template
    /// that gives only the fallback formation ([`Run::generate_proved`]) is passed over while the
    /// pool has others (not in a re-simulated version 1 log, which keeps the first three).
    pub(super) fn generate_board_options(&self, stage: u32) -> (Vec<Encounter>, u32) {
        let mut pool: Vec<_> = self.templates().into_iter().filter(|t| t.stage == stage).collect();
        pool.shuffle(&mut rng(self.terms.config().seed, tags::BOARD, u64::from(stage), 99));
        let mut failed = 0;
        let mut options = Vec::new();
        let mut fallbacks = Vec::new();
        for (i, t) in pool.iter().cycle().take(pool.len().max(3)).enumerate() {
            if options.len() == 3 {
                break;
            }
            let g = self.generate_proved(
                t,
                &mut rng(self.terms.config().seed, tags::BOARD, u64::from(stage), i as u64),
                None,
            );
            failed += g.failed;
            // A template that gave only the fallback formation yields its place to the next one.
            if g.encounter.fallback && !self.terms.legacy() {
                fallbacks.push(g.encounter);
            } else {
                options.push(g.encounter);
            }
        }
        let missing = 3 - options.len();
        options.extend(fallbacks.into_iter().take(missing));
        (options, failed)
    }

    /// The board of a route's battle node: a template of the node's stage ([`NodeKind::stage`])
    /// chosen from the seed and the node, varied and proved (under the boss's rule for a boss;
    /// [`Run::generate_proved`]), then its budget changed by [`NodeKind::budget_bonus`] (a proved
    /// board's never below its shortest win); with the validations that failed on the way.
    pub(super) fn generate_node_board(&self, at: NodeRef, kind: NodeKind) -> (Vec<Encounter>, u32) {
        let Some((t, mut r)) = self.node_template(at, kind) else {
            return (vec![fallback_encounter(kind.stage(at.act).unwrap_or(1))], 1);
        };
        let t = &t;
        let boss = match kind {
            NodeKind::Boss { rule } => Some(rule),
            _ => None,
        };
        let mut g = self.generate_proved(t, &mut r, boss);
        if let Some(BossRule::IronKing) = boss {
            g.encounter.objective = crate::battle::Objective::CaptureKing;
        }
        let bonus = kind.budget_bonus(at.act, &self.terms.config().economy.route);
        // A proved board keeps at least its shortest win, whatever the node takes off.
        let floor = g.encounter.proof.unwrap_or(0).max(1);
        g.encounter.move_budget = g.encounter.move_budget.saturating_add_signed(bonus).max(floor);
        (vec![g.encounter], g.failed)
    }

    /// The template battle node `at` of kind `kind` draws (from the seed and the node alone) and the
    /// stream its variation continues from; `None` for a shop, a rest or a stage without templates.
    ///
    /// With [`RunConfig::templates_once`], the node takes the template of its place among the
    /// route's battle nodes of its stage in the stage's shuffled order; otherwise one drawn for the
    /// node alone. The variation stream is the node's either way.
    pub(super) fn node_template(
        &self,
        at: NodeRef,
        kind: NodeKind,
    ) -> Option<(EncounterTemplate, ChaCha8Rng)> {
        let stage = kind.stage(at.act)?;
        let mut pool: Vec<_> = self.templates().into_iter().filter(|t| t.stage == stage).collect();
        let mut r = rng(self.terms.config().seed, tags::NODE, (at.act * 16 + at.row) as u64, at.index as u64);
        if pool.is_empty() {
            return None;
        }
        let drawn = r.gen_range(0..pool.len());
        let place = self.terms.config().templates_once.then(|| self.stage_place(at, stage)).flatten();
        let t = match place {
            Some(place) => {
                // One order of the stage's templates for every run; a run takes the window of it
                // that starts at `seed * step`, so consecutive seeds take windows side by side.
                pool.shuffle(&mut rng(0, tags::TEMPLATE_ORDER, u64::from(stage), 0));
                let n = pool.len() as u64;
                let step = window_step(crate::route::most_battle_nodes(stage, self.terms.config().acts), n);
                let start = self.terms.config().seed % n * step % n;
                pool.swap_remove(((start + place as u64) % n) as usize)
            }
            None => pool.swap_remove(drawn),
        };
        Some((t, r))
    }

    /// The place of node `at` among the route's battle nodes of `stage`, in route order (act, row,
    /// index); `None` without a route or for a node not on it.
    pub(super) fn stage_place(&self, at: NodeRef, stage: u32) -> Option<usize> {
        let route = self.journey.route()?;
        let mut place = 0;
        for (a, act) in route.acts.iter().enumerate() {
            for (row, nodes) in act.rows.iter().enumerate() {
                for (index, node) in nodes.iter().enumerate() {
                    if (NodeRef { act: a, row, index }) == at {
                        return Some(place);
                    }
                    place += usize::from(node.kind.stage(a) == Some(stage));
                }
            }
        }
        None
    }

    /// What route node `at` holds, for the map ([`NodePreview`]): the template its battle draws, its
    /// board, objective, the enemy's modifiers and skills, royal kings, the boss's rule and the moves
    /// the route adds. `None` for a shop, a rest, a node not on the route, or a three-battle run. In a
    /// run of set formations ([`RunConfig::scripted`]) the formation the next battle plays.
    #[must_use]
    pub fn node_preview(&self, at: NodeRef) -> Option<NodePreview> {
        let kind = self.journey.route()?.node(at)?.kind;
        let tuning = &self.terms.config().economy.route;
        if !kind.is_battle() {
            return None;
        }
        if let Some(e) = self.terms.config().scripted_encounter(self.journey.battles_started() as usize) {
            return Some(NodePreview::of_encounter(e, kind, at.act, tuning));
        }
        let (t, _) = self.node_template(at, kind)?;
        Some(NodePreview::of_template(&t, kind, at.act, tuning))
    }

    /// The board battle node `at` holds if the player chooses it now, with its preview: what
    /// [`Decision::ChooseNode`] generates for the node with the run as it stands (the same template,
    /// variation, holes, mirror, modifiers, proof and budget: nothing the run decides changes between
    /// the map's choice and that generation), so the map can show the board the battle will have.
    /// `None` for a shop, a rest, a node not on the route or not reachable now, and a run of set
    /// formations ([`Run::node_preview`] names its formation). Costs a generation (and its proofs when
    /// they are on): call it once per run state, not once per frame.
    #[must_use]
    pub fn node_board(&self, at: NodeRef) -> Option<(Encounter, NodePreview)> {
        let RunPhase::Map { choices } = &self.phase else { return None };
        if !choices.contains(&at)
            || self.terms.config().scripted_encounter(self.journey.battles_started() as usize).is_some()
        {
            return None;
        }
        let kind = self.journey.route()?.node(at)?.kind;
        if !kind.is_battle() {
            return None;
        }
        let encounter = self.generate_node_board(at, kind).0.into_iter().next()?;
        let mut preview =
            NodePreview::of_encounter(&encounter, kind, at.act, &self.terms.config().economy.route);
        preview.move_budget = Some(self.battle_budget(&encounter));
        Some((encounter, preview))
    }
}
