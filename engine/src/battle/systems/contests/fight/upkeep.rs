//! The end of a Book of Contests round (SYSTEMS.md §4.4): poison, bleeding and fire, and the
//! Toughness test that shakes off Stunned and Poisoned.

use super::rolls::{Role, RollCtx};
use super::Arena;
use crate::battle::systems::contests::log::{ToughnessLog, UpkeepLog};
use crate::battle::systems::contests::sheet::Char;
use crate::battle::systems::contests::status::Status;
use crate::{die, Rng};

impl Arena<'_> {
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
}
