//! A Book of Contests battle as it runs (SYSTEMS.md §4.4–4.6): every character's hit points,
//! statuses, Momentum and action history; the turn order, action choice, targets and hits. The
//! rolls live in `fight/rolls`, the end of the round in `fight/upkeep`.

mod rolls;
mod upkeep;

use super::action::{Action, ActionKind, Condition, Target};
use super::log::{DamageLog, FighterResult, HitLog, TurnLog};
use super::roll::{tens, RollLog};
use super::sheet::{ContestInput, FighterRef, Sheet, Team};
use super::status::{Status, Statuses};
use crate::{below, die, Rng};
use rolls::{Role, RollCtx};

/// The most hits one turn may strike, whatever a sheet says (validation refuses more).
pub const MAX_HITS: u32 = 20;

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
        crate::sorting::stable_sort_by(&mut order, |&a, &b| {
            let (x, y) = (self.f[a].sheet, self.f[b].sheet);
            (y.i, y.ag, self.f[a].who).cmp(&(x.i, x.ag, self.f[b].who))
        });
        order
    }

    /// The living enemies of `x`, in their list order.
    pub(super) fn enemies(&self, x: usize) -> Vec<usize> {
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
    pub(super) fn inflict(&mut self, y: usize, s: Status) -> bool {
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
