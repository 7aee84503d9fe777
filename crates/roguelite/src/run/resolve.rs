//! How a run resolves a decision ([`Run::apply`]): the start offer, deployment, battle actions and
//! the enemy's turns, the shop, the map, rests, and what follows a battle (rewards, elites' badges,
//! the next phase).

use super::*;

impl Run {
    /// Resolves a decision, taking generated values (encounters, shops, the enemy's actions) from
    /// `supply`. Refusals happen before any change.
    pub(super) fn resolve<S: Supply>(
        &mut self,
        decision: &Decision,
        supply: &mut S,
    ) -> Result<Vec<RunEvent>, S::Error> {
        let wrong = |s: &RunPhase| RunError::WrongPhase { decision: decision.clone(), phase: s.kind() };
        let mut out = Vec::new();
        match (&self.phase, decision) {
            (RunPhase::StartOffer { offers }, Decision::ChooseStart { modifier, recipient }) => {
                if !offers.contains(modifier) {
                    return Err(RunError::NotOffered(*modifier).into());
                }
                out.extend(self.choose_start(*modifier, *recipient, supply)?);
            }
            (RunPhase::Deploy { encounter }, Decision::Deploy { placements }) => {
                let placements: Vec<(u32, Square)> = placements.iter().map(|p| (p.piece, p.square)).collect();
                self.check_deployment(encounter, &placements)?;
                let encounter = encounter.clone();
                out.extend(self.start_battle(encounter, &placements)?);
            }
            (RunPhase::Deploy { encounter }, Decision::DeployDefault) => {
                let placements = default_deployment(&encounter.board, self.army.roster())
                    .ok_or(RunError::from(DeploymentError::DoesNotFit))?;
                let encounter = encounter.clone();
                out.extend(self.start_battle(encounter, &placements)?);
            }
            (RunPhase::Battle, Decision::Act { action }) => {
                let battle = self.battle.as_mut().expect("a battle screen has a battle");
                if battle.to_move() != Team::Player {
                    return Err(RunError::NotPlayersTurn.into());
                }
                let events = battle.apply(*action).map_err(RunError::from)?;
                out.extend(events.into_iter().map(|event| RunEvent::Battle { event: self.name_item(event) }));
                out.extend(self.enemy_turns(supply)?);
                out.extend(self.after_battle_step(supply)?);
            }
            (RunPhase::Shop(shop), Decision::Buy { slot, recipient }) => {
                let s = shop.slots.get(*slot).filter(|s| !s.sold).ok_or(RunError::NoSuchSlot(*slot))?;
                let (item, price) = (s.item, s.price);
                out.extend(self.buy(*slot, item, price, *recipient)?);
            }
            (RunPhase::Shop(shop), Decision::Reroll) => {
                let price = shop.reroll_price();
                self.purse.afford(price)?;
                let (rerolls, free_rerolls) = (shop.rerolls + 1, shop.free_rerolls.saturating_sub(1));
                let slots = supply.shop(|| self.make_stock(rerolls))?;
                self.purse.spend(price)?;
                out.push(msg(format!("rerolled the shop for {price} gold")));
                let reroll_cost = self.terms.config().economy.prices.reroll;
                self.phase = RunPhase::Shop(Shop { slots, rerolls, free_rerolls, reroll_cost });
            }
            (RunPhase::Shop(_), Decision::LeaveShop) if self.journey.route().is_some() => {
                out.push(msg("left the shop".into()));
                self.phase = self.map_phase();
            }
            (RunPhase::Map { choices }, Decision::ChooseNode { index }) => {
                let at = *choices.get(*index).ok_or(RunError::NoSuchNode(*index))?;
                let kind = self.journey.route().and_then(|r| r.node(at)).map(|n| n.kind);
                let kind = kind.ok_or(RunError::NoSuchNode(*index))?;
                self.journey.go_to(at);
                out.push(msg(format!("act {}: {kind}", at.act + 1)));
                match kind {
                    NodeKind::Shop => {
                        let slots = supply.shop(|| self.make_stock(0))?;
                        self.open_shop(slots, &mut out);
                    }
                    NodeKind::Rest => self.phase = RunPhase::Rest,
                    NodeKind::Battle | NodeKind::Elite | NodeKind::Boss { .. } => {
                        let encounter = if let Some(e) =
                            self.terms.config().scripted_encounter(self.journey.battles_started() as usize)
                        {
                            e.clone()
                        } else {
                            let (mut encounters, failed) = supply
                                .encounters(self.army.roster(), || self.generate_node_board(at, kind))?;
                            let stage = kind.stage(at.act).unwrap_or(1);
                            self.chronicle.count_failed_validations(stage as usize, failed);
                            encounters.swap_remove(0)
                        };
                        out.push(msg(format!("board: {}", describe(&encounter))));
                        self.phase = RunPhase::Deploy { encounter };
                    }
                }
            }
            (RunPhase::Rest, Decision::Rest { choice }) => {
                out.extend(self.rest(*choice)?);
            }
            (RunPhase::Shop(_), Decision::LeaveShop) if !self.terms.config().scripted.is_empty() => {
                let e = self
                    .terms
                    .config()
                    .scripted_encounter(self.journey.battles_won() as usize)
                    .expect("scripted is not empty")
                    .clone();
                out.push(msg(format!("board option 1: {}", describe(&e))));
                self.phase = RunPhase::ChooseBoard { options: vec![e] };
            }
            (RunPhase::Shop(_), Decision::LeaveShop) => {
                let stage = self.journey.battles_won() + 1;
                let (options, failed) =
                    supply.encounters(self.army.roster(), || self.generate_board_options(stage))?;
                self.chronicle.count_failed_validations(stage as usize, failed);
                for (i, e) in options.iter().enumerate() {
                    out.push(msg(format!("board option {}: {}", i + 1, describe(e))));
                }
                self.phase = RunPhase::ChooseBoard { options };
            }
            (RunPhase::ChooseBoard { options }, Decision::ChooseBoard { index }) => {
                let e = options.get(*index).ok_or(RunError::NoSuchBoard(*index))?.clone();
                out.push(msg(format!("chose {}", e.title())));
                self.phase = RunPhase::Deploy { encounter: e };
            }
            (s, _) => return Err(wrong(s).into()),
        }
        Ok(out)
    }

    /// The start offer taken: `modifier` (one of the offers) given to the piece `recipient`, then the
    /// route (or the first board of a run without one).
    fn choose_start<S: Supply>(
        &mut self,
        modifier: Modifier,
        recipient: u32,
        supply: &mut S,
    ) -> Result<Vec<RunEvent>, S::Error> {
        let mut out = Vec::new();
        self.army.give_modifier(recipient, modifier, true)?;
        let name = self.piece_name(recipient).map(|n| n.to_string()).unwrap_or_default();
        out.push(msg(format!("your {name} becomes {}", modifier.title())));
        if self.terms.config().acts > 0 {
            let acts = self.terms.config().acts;
            let seed = self.terms.config().seed;
            let tuning = &self.terms.config().economy.route;
            let route = supply.route(acts, || Route::generate(seed, acts, tuning))?;
            let choices = route.choices(None);
            out.push(msg(format!("the route: {} acts", route.acts.len())));
            self.journey.set_route(route);
            self.phase = RunPhase::Map { choices };
            return Ok(out);
        }
        let encounter = if let Some(e) = self.terms.config().scripted_encounter(0) {
            e.clone()
        } else {
            let (mut encounters, failed) =
                supply.encounters(self.army.roster(), || self.generate_first_board())?;
            self.chronicle.count_failed_validations(1, failed);
            encounters.swap_remove(0)
        };
        out.push(msg(format!("first board: {}", describe(&encounter))));
        self.phase = RunPhase::Deploy { encounter };
        Ok(out)
    }

    /// Buys the shop's `slot` (not sold), which holds `item` at `price` gold, for `recipient` (a
    /// modifier's piece).
    fn buy(
        &mut self,
        slot: usize,
        item: ShopItem,
        price: u32,
        recipient: Option<u32>,
    ) -> Result<Vec<RunEvent>, RunError> {
        let mut out = Vec::new();
        self.purse.afford(price)?;
        match item {
            ShopItem::Piece { role } => {
                if self.owned(role) >= self.limit(role) {
                    return Err(RunError::Limit(role));
                }
                let id = self.army.recruit(role);
                let name = self.piece_name(id).map_or_else(|| role.name().to_string(), |n| n.to_string());
                out.push(msg(format!("bought {name} for {price} gold")));
            }
            ShopItem::Modifier { modifier } => {
                let r = recipient.ok_or(RunError::NoRecipient)?;
                self.army.give_modifier(r, modifier, false)?;
                let name = self.piece_name(r).map(|n| n.to_string()).unwrap_or_default();
                out.push(msg(format!(
                    "bought {} for your {name} for {price} gold",
                    self.terms.config().items.modifier_name(modifier),
                )));
            }
            item @ (ShopItem::Badge { id } | ShopItem::Consumable { id }) => {
                if let Some(e) = self.item_refusal(item) {
                    return Err(e);
                }
                let name = self.terms.config().items.get(id).map_or_else(String::new, |i| i.name.clone());
                if matches!(item, ShopItem::Badge { .. }) {
                    self.purse.add_badge(id)?;
                } else {
                    self.purse.add_consumable(id)?;
                }
                out.push(msg(format!("bought {name} for {price} gold")));
            }
        }
        self.purse.spend(price)?;
        if let RunPhase::Shop(shop) = &mut self.phase {
            shop.slots[slot].sold = true;
        }
        Ok(out)
    }

    /// A rest's choice: a lost piece revived, a modifier removed, or nothing; then the map.
    fn rest(&mut self, choice: RestChoice) -> Result<Vec<RunEvent>, RunError> {
        let mut out = Vec::new();
        match choice {
            RestChoice::Revive { piece } => {
                let role = self.army.lost_piece(piece)?.role;
                if self.owned(role) >= self.limit(role) {
                    return Err(RunError::Limit(role));
                }
                // Named once it is back in the roster (a lost piece has no name in the
                // army: the line said `your  is back`).
                self.army.revive(piece)?;
                self.chronicle.bring_back(role);
                let name = self.piece_name(piece).map(|n| n.to_string()).unwrap_or_default();
                out.push(msg(format!("your {name} is back")));
            }
            RestChoice::RemoveModifier { piece } => {
                let name = self.piece_name(piece).map(|n| n.to_string()).unwrap_or_default();
                let m = self.army.remove_modifier(piece)?;
                out.push(msg(format!("your {name} is no longer {}", m.title())));
            }
            RestChoice::Leave => out.push(msg("you left without a change".into())),
        }
        self.phase = self.map_phase();
        Ok(out)
    }

    /// A battle event with the name of a used consumable filled in from the run's pack and
    /// catalogue (the battle knows only its effect).
    pub(super) fn name_item(&self, mut event: BattleEvent) -> BattleEvent {
        if let BattleEvent::ItemUsed { slot, name, .. } = &mut event {
            *name = self
                .purse
                .pack()
                .get(usize::from(*slot))
                .and_then(|&id| self.terms.config().items.get(id))
                .map(|i| i.name.clone());
        }
        event
    }

    /// The map phase after a node: the choices from the current node, or the end of a won run.
    pub(super) fn map_phase(&self) -> RunPhase {
        let choices = self.journey.choices();
        if choices.is_empty() { RunPhase::Over { victory: true } } else { RunPhase::Map { choices } }
    }

    /// A badge an elite drops: one the run does not own, drawn by rarity from the seed and the
    /// battle's index (`None` when every badge is owned).
    pub(super) fn elite_badge(&self) -> Option<ItemId> {
        let items = &self.terms.config().items;
        let badges: Vec<&Item> = items
            .of(Category::Badge)
            .filter(|i| !self.purse.has_badge(i.id) && self.terms.config().offers_item(i.id))
            .collect();
        let w: Vec<u32> = badges.iter().map(|i| items.rarity_weights.weight(i.rarity)).collect();
        if w.iter().sum::<u32>() == 0 {
            return None;
        }
        let mut r = rng(self.terms.config().seed, tags::ELITE, u64::from(self.journey.battles_started()), 0);
        Some(badges[weighted(&mut r, &w)].id)
    }

    pub(super) fn check_deployment(
        &self,
        encounter: &Encounter,
        placements: &[(u32, Square)],
    ) -> Result<(), RunError> {
        let squares = encounter.board.deployment_squares();
        if placements.len() != self.army.roster().len() {
            return Err(DeploymentError::Count {
                placements: placements.len(),
                pieces: self.army.roster().len(),
            }
            .into());
        }
        for (i, &(id, sq)) in placements.iter().enumerate() {
            if self.army.piece(id).is_none() {
                return Err(RunError::NoSuchPiece(id));
            }
            if !squares.contains(&sq) {
                return Err(DeploymentError::NotADeploymentSquare(sq).into());
            }
            if placements[..i].iter().any(|&(o, _)| o == id) {
                return Err(DeploymentError::PieceTwice(id).into());
            }
            if placements[..i].iter().any(|&(_, s)| s == sq) {
                return Err(DeploymentError::SquareTwice(sq).into());
            }
        }
        Ok(())
    }

    pub(super) fn start_battle(
        &mut self,
        encounter: Encounter,
        placements: &[(u32, Square)],
    ) -> Result<Vec<RunEvent>, RunError> {
        let mut setup = encounter.setup(self.army.roster(), placements, self.terms.perks().skills);
        self.name_units(&mut setup);
        setup.player_badges = self.badge_effects();
        setup.enemy_badges.extend(self.rank_badge_effects());
        setup.consumables = self.pack_items().map(|i| i.effect).collect();
        setup.skill_rules = self.terms.config().battle_rules;
        setup.skills_reach_objectives = self.terms.config().skills_reach_objectives;
        setup.move_budget = setup.move_budget.saturating_add(self.terms.perks().extra_moves);
        if let Some(rule) = self.boss_rule() {
            rule.apply(&mut setup);
        }
        let battle = Battle::new(&setup).map_err(|e| RunError::Encounter(EncounterError::Battle(e)))?;
        self.journey.start_battle();
        let out = vec![msg(format!(
            "battle {} ({}{}): {}{}; {} moves",
            self.journey.battles_started(),
            encounter.title(),
            self.boss_rule().map(|r| format!(", boss: {r}")).unwrap_or_default(),
            setup.objective,
            encounter.bonus.map(|b| format!(", bonus: {b}")).unwrap_or_default(),
            setup.move_budget
        ))];
        self.battle = Some(battle);
        self.encounter = Some(encounter);
        self.phase = RunPhase::Battle;
        Ok(out)
    }

    /// Plays the enemy's turns while the battle goes on and the enemy is to act: the bot chooses (a
    /// live decision) or the record supplies them (a replay).
    pub(super) fn enemy_turns<S: Supply>(&mut self, supply: &mut S) -> Result<Vec<RunEvent>, S::Error> {
        let tuning = self.stage_tuning();
        let seed = self.terms.config().enemy_stream();
        let index = u64::from(self.journey.battles_started());
        let evaluation = *self.terms.evaluation();
        let stage = self.encounter.as_ref().map_or(1, |e| e.stage);
        let chronicle = &mut self.chronicle;
        let battle = self.battle.as_mut().expect("in battle");
        let mut out = Vec::new();
        while battle.status() == BattleStatus::Ongoing && battle.to_move() == Team::Enemy {
            let choose = || {
                let s = enemy_seed(seed, index, battle);
                let start = std::time::Instant::now();
                let decision = choose_action_with(battle, tuning, s, &evaluation);
                chronicle.record_search(EnemySearch {
                    stage,
                    depth: tuning.depth,
                    completed_depth: decision.completed_depth,
                    nodes: decision.nodes,
                    micros: start.elapsed().as_micros() as u64,
                });
                decision.action
            };
            let Some(action) = supply.enemy_action(choose)? else { break };
            match battle.apply(action) {
                Ok(events) => out.extend(events.into_iter().map(|event| RunEvent::Battle { event })),
                Err(error) => {
                    supply.enemy_refused(action, error)?;
                    break;
                }
            }
        }
        Ok(out)
    }

    /// After a battle ends: score, gold, the shop or the end of the run.
    pub(super) fn after_battle_step<S: Supply>(&mut self, supply: &mut S) -> Result<Vec<RunEvent>, S::Error> {
        let Some(battle) = self.battle.as_ref() else { return Ok(Vec::new()) };
        let status = battle.status();
        if status == BattleStatus::Ongoing {
            return Ok(Vec::new());
        }
        let shop = match status {
            BattleStatus::Victory { .. }
                if self.journey.route().is_none() && self.journey.battles_won() + 1 < BATTLES_PER_RUN =>
            {
                Some(supply.shop(|| self.make_stock(0))?)
            }
            _ => None,
        };
        let battle = self.battle.as_ref().expect("checked above");
        let st = battle.stats();
        // Owned pieces that died (temporary reinforcements never count).
        let dead: Vec<u32> = battle
            .units()
            .iter()
            .filter(|u| u.team == Team::Player && !u.alive && !u.temporary)
            .filter_map(|u| u.roster_id)
            .collect();
        // Used consumables leave the pack (slot order is pack order).
        let used: Vec<usize> = battle
            .pack()
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_some_and(|s| s.used))
            .map(|(i, _)| i)
            .collect();
        self.purse.remove_used(&used);
        let roles: Vec<Role> = dead.iter().filter_map(|id| self.army.piece(*id).map(|p| p.role)).collect();
        self.chronicle.count_battle(&st, roles);
        self.army.count_promotions(st.promotions, st.promotions_after_teleport);
        let encounter = self.encounter.as_ref().expect("in battle");
        let mut record = BattleRecord {
            stage: encounter.stage,
            template: encounter.name.clone(),
            won: false,
            moves_used: battle.moves_used(),
            bonus: false,
            points: 0,
            gold: 0,
            reward: None,
            defeat: None,
            node: self.node_kind(),
            act: self.journey.at().map_or(0, |a| a.act as u32),
            lost: dead.len() as u32,
        };
        let mut out = Vec::new();
        match status {
            BattleStatus::Victory { bonus } => {
                let left = battle.moves_left();
                let mut reward = VictoryReward::of_battle(battle, &self.terms.config().economy.gold);
                reward.tree_gold = self.terms.perks().victory_gold;
                reward.gold += reward.tree_gold;
                let (points, gold) = (reward.points, reward.gold);
                self.purse.earn(points, gold);
                self.journey.win_battle();
                record = BattleRecord { won: true, bonus, points, gold, reward: Some(reward), ..record };
                if self.journey.route().is_some() {
                    out.push(msg(format!(
                        "battle won with {left} moves left{}: +{points} points, +{gold} gold",
                        if bonus { " and the bonus" } else { "" }
                    )));
                    self.after_route_victory(&dead, &mut out);
                    self.chronicle.record_battle(record);
                    return Ok(out);
                }
                out.push(msg(format!(
                    "battle won with {left} moves left{}: +{points} points, +{gold} gold (army restored)",
                    if bonus { " and the bonus" } else { "" }
                )));
                if self.journey.battles_won() >= BATTLES_PER_RUN {
                    self.phase = RunPhase::Over { victory: true };
                    out.push(msg("the run is won".into()));
                } else {
                    let slots = shop.expect("a won battle before the last one has a shop");
                    self.open_shop(slots, &mut out);
                }
            }
            BattleStatus::Defeat { reason } => {
                record.defeat = Some(reason);
                if self.journey.route().is_some() {
                    out.push(msg(format!("battle lost: {reason}; the run ends")));
                    for &id in &dead {
                        self.army.lose(id);
                    }
                } else {
                    out.push(msg(format!("battle lost: {reason}; the run ends (army and gold reset)")));
                    self.purse.lose_gold();
                    self.army.reset();
                }
                self.phase = RunPhase::Over { victory: false };
            }
            BattleStatus::Ongoing => {}
        }
        self.chronicle.record_battle(record);
        Ok(out)
    }

    /// After a won battle of a route: the dead owned pieces leave the roster for the lost list, an
    /// elite drops a badge, and the map comes next (the end of the run after the last boss; a run
    /// without a piece left is lost).
    /// Opens a shop visit with `slots` (no rerolls yet, the perks' free rerolls, the run's reroll
    /// price) and logs its stock.
    pub(super) fn open_shop(&mut self, slots: Vec<ShopSlot>, out: &mut Vec<RunEvent>) {
        let shop = Shop {
            slots,
            rerolls: 0,
            free_rerolls: self.terms.perks().free_rerolls,
            reroll_cost: self
                .terms
                .config()
                .economy
                .prices
                .reroll
                .saturating_sub(self.terms.perks().reroll_discount),
        };
        out.push(msg(format!("shop: {}", describe_shop(&shop, &self.terms.config().items))));
        self.phase = RunPhase::Shop(shop);
    }

    pub(super) fn after_route_victory(&mut self, dead: &[u32], out: &mut Vec<RunEvent>) {
        let mut names = Vec::new();
        for &id in dead {
            if let Some(name) = self.piece_name(id)
                && self.army.lose(id)
            {
                names.push(name.to_string());
            }
        }
        if !names.is_empty() {
            out.push(msg(format!("lost for the rest of the run: {}", names.join(", "))));
        }
        if self.node_kind() == Some(NodeKind::Elite)
            && let Some(id) = self.elite_badge()
            && self.purse.add_badge(id).is_ok()
        {
            let name = self.terms.config().items.get(id).map_or_else(String::new, |i| i.name.clone());
            out.push(msg(format!("the elite drops a badge: {name}")));
        }
        let last = self.journey.at_final();
        if last {
            self.phase = RunPhase::Over { victory: true };
            out.push(msg("the run is won".into()));
        } else if self.army.roster().is_empty() {
            self.phase = RunPhase::Over { victory: false };
            out.push(msg("no piece is left; the run ends".into()));
        } else {
            self.phase = self.map_phase();
        }
    }

    /// A shop's stock, from the seed, the battles won and the reroll count: four piece slots (fewer
    /// at higher ranks, [`RankRules::shop_piece_slots`]), the economy's modifier and badge slots
    /// ([`crate::tuning::ShopSlots`]; the perks add modifier slots) and a consumable slot, at today's
    /// prices. Only roles under their purchase limit are drawn (the roster's pieces as the shop
    /// opens), so the shop never offers a piece it would refuse to sell; when every role is at its
    /// limit there are no piece slots. Items are drawn by rarity ([`ItemCatalogue::rarity_weights`]); the badge slots draw from
    /// the badges the run does not own, never one twice (none left: no more badge slots).
    pub(super) fn make_stock(&self, reroll: u32) -> Vec<ShopSlot> {
        // A route's shops are told apart by their node (two may follow one battle).
        let node = self.journey.at().map_or(0, |a| (1 + a.act * 16 + a.row) as u64) << 32;
        let mut r = rng(
            self.terms.config().seed,
            tags::SHOP,
            u64::from(self.journey.battles_won()) | node,
            u64::from(reroll),
        );
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        let mut weights = [30, 25, 25, 15, 8, 2];
        for (w, &role) in weights.iter_mut().zip(&roles) {
            if !self.terms.legacy() && self.piece_limit(role).at_limit() {
                *w = 0;
            }
        }
        let piece_slots =
            if weights.iter().sum::<u32>() == 0 { 0 } else { self.terms.config().rank.shop_piece_slots };
        let mut slots = Vec::new();
        for _ in 0..piece_slots {
            let i = weighted(&mut r, &weights);
            let item = ShopItem::Piece { role: roles[i] };
            let price = self.terms.perks().piece_price(self.prices().piece(roles[i]));
            slots.push(ShopSlot { item, price, sold: false });
        }
        if self.terms.legacy() {
            for _ in 0..2 {
                let modifier = Modifier::ORIGINAL[r.gen_range(0..Modifier::ORIGINAL.len())];
                let item = ShopItem::Modifier { modifier };
                slots.push(ShopSlot { item, price: legacy_modifier_price(modifier), sold: false });
            }
            return slots;
        }
        let items = &self.terms.config().items;
        let draw = |r: &mut ChaCha8Rng, candidates: &[&Item]| -> Option<Item> {
            let w: Vec<u32> = candidates.iter().map(|i| items.rarity_weights.weight(i.rarity)).collect();
            if w.iter().sum::<u32>() == 0 {
                return None;
            }
            Some(candidates[weighted(r, &w)].clone())
        };
        let open = |i: &&Item| self.terms.config().offers_item(i.id);
        let shop = self.terms.config().economy.shop;
        let modifiers: Vec<&Item> = items.of(Category::Modifier).filter(open).collect();
        for _ in 0..shop.modifiers + self.terms.perks().modifier_slots {
            if let Some(i) = draw(&mut r, &modifiers)
                && let Some(modifier) = i.effect.modifier()
            {
                slots.push(ShopSlot { item: ShopItem::Modifier { modifier }, price: i.price, sold: false });
            }
        }
        let mut badges: Vec<&Item> =
            items.of(Category::Badge).filter(|i| !self.purse.has_badge(i.id)).filter(open).collect();
        for _ in 0..shop.badges {
            let Some(i) = draw(&mut r, &badges) else { break };
            badges.retain(|b| b.id != i.id);
            slots.push(ShopSlot { item: ShopItem::Badge { id: i.id }, price: i.price, sold: false });
        }
        let consumables: Vec<&Item> = items.of(Category::Consumable).filter(open).collect();
        if let Some(i) = draw(&mut r, &consumables) {
            slots.push(ShopSlot { item: ShopItem::Consumable { id: i.id }, price: i.price, sold: false });
        }
        slots
    }
}
