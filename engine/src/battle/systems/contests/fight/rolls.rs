//! The rolls of a Book of Contests battle (SYSTEMS.md §4.3): the value rolled under, the modifiers
//! active on it, the sources of advantage and disadvantage, the status penalties and the reach
//! bonus; and a character's total armor against a hit.

use super::Arena;
use crate::battle::systems::contests::action::{ActionKind, Reach};
use crate::battle::systems::contests::modifier::{ActiveWhen, Has};
use crate::battle::systems::contests::notation::ModValue;
use crate::battle::systems::contests::roll::{succeeds, success_level, tens, RollLog};
use crate::battle::systems::contests::sheet::Char;
use crate::{die, Rng};

/// Values are clamped to ±2²⁹ before any SL is worked out, so even an unvalidated sheet cannot
/// overflow the arithmetic.
const CLAMP: i64 = 1 << 29;

fn clamp(v: i64) -> i32 {
    v.clamp(-CLAMP, CLAMP) as i32
}

/// What a roll is for: it decides To Hit, the modifiers that are active and the sources of
/// advantage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
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
pub(super) struct RollCtx {
    pub role: Role,
    pub stat: Char,
    pub to_hit: i32,
    /// The attacking action is melee (Momentum gives advantage).
    pub melee: bool,
    /// For an attacker: the character attacked (its Prone and Blinded give advantage).
    pub target: Option<usize>,
    /// For a defender: the attacking action's reach.
    pub attack_reach: Option<Reach>,
}

impl Arena<'_> {
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
    pub(super) fn armor(&self, x: usize, kind: Option<ActionKind>) -> i64 {
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
    pub(super) fn roll(&self, x: usize, ctx: RollCtx, rng: &mut impl Rng) -> RollLog {
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
}
