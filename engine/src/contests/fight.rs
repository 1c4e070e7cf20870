//! A Book of Contests battle as it runs (SYSTEMS.md §4.3–4.7): every character's hit points,
//! statuses, Momentum and action history; the rolls with every modifier and source of advantage;
//! turns, hits and the end of the round.

use super::action::{Action, ActionKind, Condition, Reach, Target};
use super::log::{DamageLog, FighterResult, HitLog, ToughnessLog, TurnLog, UpkeepLog};
use super::modifier::{ActiveWhen, Has};
use super::notation::ModValue;
use super::roll::{succeeds, success_level, tens, RollLog};
use super::sheet::{Char, ContestInput, FighterRef, Sheet, Team};
use super::status::{Status, Statuses};
use crate::{below, die, Rng};

/// The most hits one turn may strike, whatever a sheet says (validation refuses more).
pub const MAX_HITS: u32 = 20;

/// Values are clamped to ±2²⁹ before any SL is worked out, so even an unvalidated sheet cannot
/// overflow the arithmetic.
const CLAMP: i64 = 1 << 29;

fn clamp(v: i64) -> i32 {
    v.clamp(-CLAMP, CLAMP) as i32
}

/// What a roll is for: it decides To Hit, the modifiers that are active and the sources of
/// advantage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// The attacker's roll of an Opposed action.
    Opposed,
    /// The attacker's roll of a Test action.
    Test,
    /// The test step of a Touch spell.
    TouchTest,
    /// The attacker's opposed step of a Touch spell (no To Hit).
    TouchOpposed,
    /// The defender's opposed roll.
    Parry,
    /// The end-of-round Toughness test.
    Toughness,
}

impl Role {
    fn attacking(self) -> bool {
        matches!(
            self,
            Role::Opposed | Role::Test | Role::TouchTest | Role::TouchOpposed
        )
    }

    fn opposed_step(self) -> bool {
        matches!(self, Role::Opposed | Role::TouchOpposed | Role::Parry)
    }

    fn test_step(self) -> bool {
        matches!(self, Role::Test | Role::TouchTest)
    }

    fn takes_to_hit(self) -> bool {
        matches!(self, Role::Opposed | Role::Test | Role::TouchTest)
    }
}

/// One roll's circumstances.
struct RollCtx {
    role: Role,
    stat: Char,
    to_hit: i32,
    /// The attacking action is melee (Momentum gives advantage).
    melee: bool,
    /// For an attacker: the character attacked (its Prone and Blinded give advantage).
    target: Option<usize>,
    /// For a defender: the attacking action's reach.
    attack_reach: Option<Reach>,
}

/// A character as it fights.
struct Fighter<'a> {
    sheet: &'a Sheet,
    who: FighterRef,
    hp: i64,
    statuses: Statuses,
    momentum: bool,
    last_action: Option<usize>,
    /// Per action, the own turn it was last chosen on.
    last_used: Vec<Option<u32>>,
    /// Own turns begun.
    turns: u32,
}

impl Fighter<'_> {
    fn alive(&self) -> bool {
        self.hp > 0
    }

    fn at_half(&self) -> bool {
        2 * self.hp <= i64::from(self.sheet.hp_max)
    }
}

/// Every character of both teams, team 1 first, in list order.
pub(crate) struct Arena<'a> {
    f: Vec<Fighter<'a>>,
    /// The round being fought, from 1.
    pub round: u32,
    /// Whose turn it is.
    actor: Option<usize>,
}

impl<'a> Arena<'a> {
    pub fn new(input: &'a ContestInput) -> Arena<'a> {
        let mut f = Vec::new();
        for team in [Team::One, Team::Two] {
            for (index, sheet) in input.team(team).iter().enumerate() {
                f.push(Fighter {
                    sheet,
                    who: FighterRef { team, index },
                    hp: i64::from(sheet.start_hp()),
                    statuses: Statuses::default(),
                    momentum: false,
                    last_action: None,
                    last_used: vec![None; sheet.actions.len()],
                    turns: 0,
                });
            }
        }
        Arena {
            f,
            round: 0,
            actor: None,
        }
    }

    pub fn who(&self, i: usize) -> FighterRef {
        self.f[i].who
    }

    pub fn alive(&self, i: usize) -> bool {
        self.f[i].alive()
    }

    /// `None` while both teams stand; otherwise `Some(winner)`, `Some(None)` when both fell.
    pub fn decided(&self) -> Option<Option<Team>> {
        let standing = |t: Team| self.f.iter().any(|f| f.who.team == t && f.alive());
        match (standing(Team::One), standing(Team::Two)) {
            (true, true) => None,
            (true, false) => Some(Some(Team::One)),
            (false, true) => Some(Some(Team::Two)),
            (false, false) => Some(None),
        }
    }

    /// The living characters by Initiative, descending; ties to the higher Agility, then team 1,
    /// then list order (RESOLVED in §4.4).
    pub fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.f.len()).filter(|&i| self.alive(i)).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (self.f[a].sheet, self.f[b].sheet);
            (y.i, y.ag, self.f[a].who).cmp(&(x.i, x.ag, self.f[b].who))
        });
        order
    }

    /// The living enemies of `x`, in their list order.
    fn enemies(&self, x: usize) -> Vec<usize> {
        let team = self.f[x].who.team;
        (0..self.f.len())
            .filter(|&i| self.f[i].who.team != team && self.alive(i))
            .collect()
    }

    /// The target `rule` picks for `x`; ties of HP go to the first on the enemy list.
    fn pick(&self, x: usize, rule: Target, rng: &mut impl Rng) -> Option<usize> {
        let enemies = self.enemies(x);
        let hp = |i: &usize| self.f[*i].hp;
        match rule {
            _ if enemies.is_empty() => None,
            Target::HighestHp => {
                enemies
                    .iter()
                    .copied()
                    .reduce(|a, b| if hp(&b) > hp(&a) { b } else { a })
            }
            Target::LowestHp => enemies
                .iter()
                .copied()
                .reduce(|a, b| if hp(&b) < hp(&a) { b } else { a }),
            Target::Random => Some(enemies[below(rng, enemies.len() as u64) as usize]),
        }
    }

    /// Whether a state-based condition holds for `x`; `None` for the conditions tied to a roll.
    fn state_active(&self, x: usize, when: ActiveWhen) -> Option<bool> {
        Some(match when {
            ActiveWhen::SelfHalfHp => self.f[x].at_half(),
            ActiveWhen::EnemyHalfHp => self.enemies(x).iter().any(|&e| self.f[e].at_half()),
            ActiveWhen::FirstTurn => self.round == 1,
            ActiveWhen::OwnTurn => self.actor == Some(x),
            _ => return None,
        })
    }

    /// Whether a modifier of `x` with `when` is active on a roll for `role`.
    fn active(&self, x: usize, when: ActiveWhen, role: Role) -> bool {
        self.state_active(x, when).unwrap_or(match when {
            ActiveWhen::Parry => role == Role::Parry,
            ActiveWhen::Attack => role.attacking(),
            ActiveWhen::OpposedActions => role.opposed_step(),
            _ => role.test_step(),
        })
    }

    /// `x`'s total armor against a hit of `kind` (`None` for the end-of-round fire):
    /// `armor + tens(T) + Σ active Armor modifiers`. **Decision:** an Armor modifier's "Parry" and
    /// "Opposed actions" are active against Opposed and Touch-spell hits (the ones it parries),
    /// "Test actions" against Test and Touch-spell hits, and "Attack" never (it is not attacking
    /// when hit). `tens(T)` is of the sheet's Toughness.
    fn armor(&self, x: usize, kind: Option<ActionKind>) -> i64 {
        let sheet = self.f[x].sheet;
        let parried = matches!(kind, Some(ActionKind::Opposed | ActionKind::TouchSpell));
        let tested = matches!(kind, Some(ActionKind::Test | ActionKind::TouchSpell));
        let mods: i64 = sheet
            .modifiers
            .iter()
            .filter(|m| m.stat.char().is_none())
            .filter(|m| {
                self.state_active(x, m.active_when)
                    .unwrap_or(match m.active_when {
                        ActiveWhen::Parry | ActiveWhen::OpposedActions => parried,
                        ActiveWhen::TestActions => tested,
                        _ => false,
                    })
            })
            .map(|m| match m.value {
                ModValue::Numeric(n) => i64::from(n),
                ModValue::Sl(_) => 0,
            })
            .sum();
        i64::from(sheet.armor) + i64::from(tens(sheet.t)) + mods
    }

    /// The reach of `x`'s current action: the last it used, or the first on its list.
    fn reach(&self, x: usize) -> Option<Reach> {
        let f = &self.f[x];
        let k = f.last_action.unwrap_or(0);
        f.sheet.actions.get(k).map(|a| a.reach)
    }

    /// One d100 roll of `x` (§4.3).
    fn roll(&self, x: usize, ctx: RollCtx, rng: &mut impl Rng) -> RollLog {
        let me = &self.f[x];
        let mut value = i64::from(me.sheet.char(ctx.stat));
        if ctx.role.takes_to_hit() {
            value += i64::from(ctx.to_hit);
        }
        let (mut adv, mut dis, mut sl_mods) = (0u32, 0u32, 0i64);
        for m in &me.sheet.modifiers {
            if m.stat.char() != Some(ctx.stat) || !self.active(x, m.active_when, ctx.role) {
                continue;
            }
            match m.value {
                ModValue::Numeric(n) => value += i64::from(n),
                ModValue::Sl(n) => sl_mods += i64::from(n),
            }
            match m.has {
                Has::Advantage => adv += 1,
                Has::Disadvantage => dis += 1,
                Has::Nothing => {}
            }
        }
        // Momentum and the statuses count as one source at most in each direction (RESOLVED).
        if ctx.role.attacking() {
            let target = ctx.target.map(|t| self.f[t].statuses);
            let momentum = ctx.melee && me.momentum;
            if momentum || target.is_some_and(|s| s.prone || s.blinded) {
                adv += 1;
            }
        }
        if me.statuses.blinded && ctx.stat == Char::Ws && ctx.role != Role::Toughness {
            dis += 1;
        }
        sl_mods -= i64::from(me.statuses.sl_penalty());
        let reach_bonus = ctx.role == Role::Parry
            && ctx.stat == Char::Ws
            && ctx.attack_reach.is_some_and(|r| Some(r) < self.reach(x));
        sl_mods += i64::from(reach_bonus);
        let (value, sl_mods) = (clamp(value), clamp(sl_mods));
        let roll = die(rng, 100) as u32;
        let (sl, used) = success_level(value, roll, adv, dis, sl_mods);
        RollLog {
            who: me.who,
            stat: ctx.stat,
            value,
            roll,
            used,
            advantage: adv,
            disadvantage: dis,
            sl_mods,
            reach_bonus,
            sl,
            success: succeeds(value, used),
        }
    }

    /// The action `x` takes (§4.5), with the Random target drawn for a TargetLacksStatus check.
    /// **Decision:** an action that inflicts no status never meets TargetLacksStatus, and no
    /// target is drawn for it.
    fn choose(&self, x: usize, rng: &mut impl Rng) -> (Option<usize>, Option<usize>) {
        let f = &self.f[x];
        for (k, a) in f.sheet.actions.iter().enumerate() {
            let holds = match a.condition {
                Condition::Default => continue,
                Condition::NotYetUsed => f.last_used[k].is_none(),
                Condition::Every2Turns => f.last_used[k].is_none_or(|t| f.turns - t >= 2),
                Condition::HasMomentum => f.momentum,
                Condition::TargetLacksStatus => {
                    let Some(status) = a.on_hit else {
                        continue;
                    };
                    match self.pick(x, a.target, rng) {
                        Some(t) if !self.f[t].statuses.has(status) => return (Some(k), Some(t)),
                        _ => false,
                    }
                }
            };
            if holds {
                return (Some(k), None);
            }
        }
        let fallback = f
            .sheet
            .actions
            .iter()
            .position(|a| a.condition == Condition::Default);
        (fallback, None)
    }

    /// `x`'s turn (§4.4): stand up, choose, strike, and shake off blindness. Returns its log and
    /// whether the battle is over.
    pub fn turn(&mut self, x: usize, rng: &mut impl Rng) -> (TurnLog, bool) {
        self.actor = Some(x);
        let f = &mut self.f[x];
        f.turns += 1;
        let stood_up = std::mem::take(&mut f.statuses.prone);
        let (action, first_target) = self.choose(x, rng);
        let f = &mut self.f[x];
        let sheet = f.sheet;
        let mut log = TurnLog {
            actor: f.who,
            turn: f.turns,
            stood_up,
            action,
            condition: action.map(|k| sheet.actions[k].condition),
            hits: Vec::new(),
        };
        let mut over = false;
        if let Some(k) = action {
            f.last_used[k] = Some(f.turns);
            f.last_action = Some(k);
            let a = &sheet.actions[k];
            for h in 0..a.hits_per_round.min(MAX_HITS) {
                let target = match (h, first_target) {
                    (0, Some(t)) => Some(t),
                    _ => self.pick(x, a.target, rng),
                };
                let Some(t) = target else {
                    break;
                };
                log.hits.push(self.hit(x, t, a, rng));
                if self.decided().is_some() {
                    over = true;
                    break;
                }
            }
        }
        self.f[x].statuses.blinded = false;
        self.actor = None;
        (log, over)
    }

    /// The opposed step of `a` by `x` on `y`: the attacker's roll, then the defender's.
    fn opposed(&self, x: usize, y: usize, a: &Action, rng: &mut impl Rng) -> (RollLog, RollLog) {
        let role = if a.kind == ActionKind::TouchSpell {
            Role::TouchOpposed
        } else {
            Role::Opposed
        };
        let attack = RollCtx {
            role,
            stat: a.yours,
            to_hit: a.to_hit,
            melee: a.is_melee,
            target: Some(y),
            attack_reach: None,
        };
        let att = self.roll(x, attack, rng);
        let parry = RollCtx {
            role: Role::Parry,
            stat: a.vs,
            to_hit: 0,
            melee: false,
            target: None,
            attack_reach: Some(a.reach),
        };
        let def = self.roll(y, parry, rng);
        (att, def)
    }

    /// The test of a Test action or a Touch spell.
    fn test(&self, x: usize, y: usize, a: &Action, role: Role, rng: &mut impl Rng) -> RollLog {
        let ctx = RollCtx {
            role,
            stat: a.threshold,
            to_hit: a.to_hit,
            melee: a.is_melee,
            target: Some(y),
            attack_reach: None,
        };
        self.roll(x, ctx, rng)
    }

    /// One hit of `a` by `x` on `y` (§4.6).
    fn hit(&mut self, x: usize, y: usize, a: &Action, rng: &mut impl Rng) -> HitLog {
        let mut log = HitLog {
            target: self.f[y].who,
            kind: a.kind,
            test: None,
            attack: None,
            defence: None,
            landed: false,
            damage: None,
            status: None,
            stunned_out: false,
            target_hp: 0,
            attacker_momentum: false,
            target_momentum: false,
        };
        // (landed, the SL the damage's SL term reads, whether an opposed step was rolled)
        let (landed, sl, opposed) = match a.kind {
            ActionKind::Opposed => {
                let (att, def) = self.opposed(x, y, a, rng);
                let r = (att.sl > def.sl, att.sl - def.sl, true);
                (log.attack, log.defence) = (Some(att), Some(def));
                r
            }
            ActionKind::Test => {
                let t = self.test(x, y, a, Role::Test, rng);
                let r = (t.success, t.sl, false);
                log.test = Some(t);
                r
            }
            ActionKind::TouchSpell => {
                let t = self.test(x, y, a, Role::TouchTest, rng);
                let sl = t.sl;
                let passed = t.success;
                log.test = Some(t);
                if passed {
                    let (att, def) = self.opposed(x, y, a, rng);
                    let landed = att.sl > def.sl;
                    (log.attack, log.defence) = (Some(att), Some(def));
                    (landed, sl, true)
                } else {
                    (false, sl, false)
                }
            }
        };
        log.landed = landed;
        self.momentum(x, y, a.is_melee, landed, opposed);
        if landed {
            log.damage = Some(self.damage(x, y, a, sl, rng));
            if let Some(s) = a.on_hit.filter(|_| self.alive(y)) {
                log.status = Some(s);
                log.stunned_out = self.inflict(y, s);
            }
        }
        log.target_hp = self.f[y].hp;
        log.attacker_momentum = self.f[x].momentum;
        log.target_momentum = self.f[y].momentum;
        log
    }

    /// Momentum after a hit (§4.6): a melee opposed win goes to the winner; a failed melee action
    /// costs the attacker; any opposed hit that lands costs the defender.
    fn momentum(&mut self, x: usize, y: usize, melee: bool, landed: bool, opposed: bool) {
        match (opposed, landed) {
            (true, true) => {
                self.f[x].momentum |= melee;
                self.f[y].momentum = false;
            }
            (true, false) if melee => {
                self.f[y].momentum = true;
                self.f[x].momentum = false;
            }
            (false, false) if melee => self.f[x].momentum = false,
            _ => {}
        }
    }

    /// The damage of a landed hit: dice in term order, whole numbers, SL if the expression has it,
    /// `tens` of the stat modifier; then armor, at least 1.
    fn damage(&mut self, x: usize, y: usize, a: &Action, sl: i32, rng: &mut impl Rng) -> DamageLog {
        let dice: Vec<u32> = a
            .damage
            .dice()
            .map(|m| die(rng, u64::from(m)) as u32)
            .collect();
        let (dice_total, flat, sl) = a.damage.value(&dice, sl);
        let stat = a
            .stat_mod
            .map_or(0, |c| i64::from(tens(self.f[x].sheet.char(c))));
        let total = dice_total + flat + sl + stat;
        let armor = self.armor(y, Some(a.kind));
        let dealt = (total - armor).max(1);
        let target = &mut self.f[y];
        target.hp = (target.hp - dealt).max(0);
        DamageLog {
            dice,
            dice_total,
            flat,
            sl,
            stat,
            total,
            armor,
            dealt,
        }
    }

    /// Inflicts a status: a stack more or on, and Momentum lost. Returns whether more Stunned
    /// stacks than `tens(T)` dropped the character to 0 HP.
    fn inflict(&mut self, y: usize, s: Status) -> bool {
        let f = &mut self.f[y];
        f.statuses.inflict(s);
        f.momentum = false;
        let out =
            s == Status::Stunned && i64::from(f.statuses.stunned) > i64::from(tens(f.sheet.t));
        if out {
            f.hp = 0;
        }
        out
    }

    /// The end of the round (§4.4), for each living character in turn order: poison, bleeding and
    /// fire, then one Toughness test if stunned or poisoned.
    pub fn upkeep(&mut self, order: &[usize], rng: &mut impl Rng) -> Vec<UpkeepLog> {
        let mut logs = Vec::new();
        for &i in order {
            if !self.alive(i) {
                continue;
            }
            let s = self.f[i].statuses;
            let mut log = UpkeepLog {
                who: self.f[i].who,
                poisoned: i64::from(s.poisoned),
                bleeding: i64::from(s.bleeding),
                ablaze_roll: None,
                ablaze: 0,
                toughness: None,
                hp: 0,
            };
            if s.ablaze > 0 {
                let d = die(rng, 10);
                log.ablaze_roll = Some(d as u32);
                let fire = d as i64 + i64::from(s.ablaze) - 1 - self.armor(i, None);
                log.ablaze = fire.max(1);
            }
            let f = &mut self.f[i];
            f.hp = (f.hp - log.poisoned - log.bleeding - log.ablaze).max(0);
            if self.alive(i) && (s.stunned > 0 || s.poisoned > 0) {
                log.toughness = Some(self.toughness(i, rng));
            }
            log.hp = self.f[i].hp;
            let acted = log.poisoned + log.bleeding + log.ablaze > 0 || log.toughness.is_some();
            if acted {
                logs.push(log);
            }
        }
        logs
    }

    /// One Toughness test: on success it removes `max(0, SL + 1)` stacks from each of Stunned and
    /// Poisoned, and Stunned falling to 0 this way brings Fatigued.
    fn toughness(&mut self, i: usize, rng: &mut impl Rng) -> ToughnessLog {
        let ctx = RollCtx {
            role: Role::Toughness,
            stat: Char::T,
            to_hit: 0,
            melee: false,
            target: None,
            attack_reach: None,
        };
        let roll = self.roll(i, ctx, rng);
        let removed = if roll.success {
            (roll.sl + 1).max(0) as u32
        } else {
            0
        };
        let s = &mut self.f[i].statuses;
        let was_stunned = s.stunned > 0;
        s.stunned = s.stunned.saturating_sub(removed);
        s.poisoned = s.poisoned.saturating_sub(removed);
        let fatigued = was_stunned && s.stunned == 0;
        if fatigued {
            self.inflict(i, Status::Fatigued);
        }
        ToughnessLog {
            roll,
            removed,
            fatigued,
        }
    }

    /// Every character now.
    pub fn results(&self) -> Vec<FighterResult> {
        self.f
            .iter()
            .map(|f| FighterResult {
                who: f.who,
                hp: f.hp,
                hp_max: i64::from(f.sheet.hp_max),
                alive: f.alive(),
                statuses: f.statuses,
                momentum: f.momentum,
            })
            .collect()
    }
}
