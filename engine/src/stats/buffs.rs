//! Unit-Stats buffs (SPEC §5.2): the post-buff stats every read of a photo sees. Buffs are applied on
//! read and never stored into `Stats`.
//!
//! What reaches a photo: its own faction's Unit-Stats buffs (a mercenary therefore takes its company's,
//! never its employer's), except those sourced from the photo's own group ("a Warlord doesn't buff
//! himself"); and the Always-conditioned whole-army Unit-Stats lines of every barding or saddle worn in
//! its faction, which count as faction-wide buffs, the wearer included.
//!
//! **Decision beyond the spec:** a post-buff stat stays blank when its derived value is blank and no
//! buff reaches it, so the `buffed` stats still say which numbers were never there; otherwise it is
//! `max(0, z(derived) + Σ amounts)`. Attack types are copied unchanged. Power reads blank as 0 either
//! way, so the choice changes no number. The three armour pieces (never buffed) are floored at 0 too,
//! so Power stays ≥ 0 even for a material below −100% (SPEC §3.1 relies on the floor).

use crate::{BuffSource, Condition, Effect, Group, LineEffect, Photo, Realm, Scope, Stats};

/// The seven stats a buff can raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnitStat {
    AttackPower,
    AttackRange,
    SecondaryAttack,
    SecondaryRange,
    DefenseStrength,
    SecondaryDefense,
    Movement,
}

impl UnitStat {
    fn of_effect(e: Effect) -> Option<UnitStat> {
        Some(match e {
            Effect::AttackPower => UnitStat::AttackPower,
            Effect::AttackRange => UnitStat::AttackRange,
            Effect::SecondaryAttack => UnitStat::SecondaryAttack,
            Effect::SecondaryRange => UnitStat::SecondaryRange,
            Effect::DefenseStrength => UnitStat::DefenseStrength,
            Effect::SecondaryDefense => UnitStat::SecondaryDefense,
            Effect::Movement => UnitStat::Movement,
            _ => return None,
        })
    }

    fn of_line(e: &LineEffect) -> Option<UnitStat> {
        Some(match e {
            LineEffect::AttackPower => UnitStat::AttackPower,
            LineEffect::AttackRange => UnitStat::AttackRange,
            LineEffect::SecondaryAttack => UnitStat::SecondaryAttack,
            LineEffect::SecondaryRange => UnitStat::SecondaryRange,
            LineEffect::DefenseStrength => UnitStat::DefenseStrength,
            LineEffect::SecondaryDefense => UnitStat::SecondaryDefense,
            LineEffect::Movement => UnitStat::Movement,
            _ => return None,
        })
    }

    fn slot(self, s: &mut Stats) -> &mut Option<f64> {
        match self {
            UnitStat::AttackPower => &mut s.attack_power,
            UnitStat::AttackRange => &mut s.attack_range,
            UnitStat::SecondaryAttack => &mut s.secondary_attack,
            UnitStat::SecondaryRange => &mut s.secondary_range,
            UnitStat::DefenseStrength => &mut s.defense_strength,
            UnitStat::SecondaryDefense => &mut s.secondary_defense,
            UnitStat::Movement => &mut s.movement,
        }
    }
}

/// One Unit-Stats amount and the group it skips (an aura's own group), if any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct UnitBuff {
    pub stat: UnitStat,
    pub amount: f64,
    pub skips: Option<Group>,
}

/// Every Unit-Stats amount of one faction, gathered once so each photo's read is a short scan.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct UnitBuffs(pub Vec<UnitBuff>);

impl UnitBuffs {
    /// Adds a buff record's amount, if it is a Unit-Stats buff.
    pub fn add_buff(&mut self, effect: Effect, amount: f64, source: BuffSource) {
        if let Some(stat) = UnitStat::of_effect(effect) {
            let skips = match source {
                BuffSource::FactionWide => None,
                BuffSource::Group(g) => Some(g),
            };
            self.0.push(UnitBuff {
                stat,
                amount,
                skips,
            });
        }
    }

    /// Adds the whole-army Unit-Stats lines of the bardings `p` wears (faction-wide, wearer included).
    pub fn add_worn(&mut self, r: &Realm, p: &Photo) {
        for id in &p.worn {
            let Some(b) = r.bardings.iter().find(|b| b.id == *id) else {
                continue;
            };
            let lines = b
                .lines
                .iter()
                .filter(|l| l.scope == Scope::WholeArmy && l.condition == Condition::Always);
            for l in lines {
                if let Some(stat) = UnitStat::of_line(&l.effect) {
                    let (amount, skips) = (l.amount, None);
                    self.0.push(UnitBuff {
                        stat,
                        amount,
                        skips,
                    });
                }
            }
        }
    }

    /// The Unit-Stats amounts of faction `faction`.
    pub fn of_faction(r: &Realm, faction: u64) -> UnitBuffs {
        let mut u = UnitBuffs::default();
        for b in r.buffs.iter().filter(|b| b.faction == faction) {
            u.add_buff(b.effect, b.amount, b.source);
        }
        for p in r.photos.iter().filter(|p| p.faction == faction) {
            u.add_worn(r, p);
        }
        u
    }

    /// `stats` after every amount that reaches a photo in `group`, each floored at 0.
    pub fn apply(&self, stats: &Stats, group: Group) -> Stats {
        let mut out = *stats;
        let reaching = self.0.iter().filter(|b| b.skips != Some(group));
        for b in reaching {
            let slot = b.stat.slot(&mut out);
            *slot = Some(slot.unwrap_or(0.0) + b.amount);
        }
        for stat in [
            UnitStat::AttackPower,
            UnitStat::AttackRange,
            UnitStat::SecondaryAttack,
            UnitStat::SecondaryRange,
            UnitStat::DefenseStrength,
            UnitStat::SecondaryDefense,
            UnitStat::Movement,
        ] {
            let slot = stat.slot(&mut out);
            *slot = slot.map(|v| v.max(0.0));
        }
        for slot in [
            &mut out.headwear_def,
            &mut out.backpiece_def,
            &mut out.legwear_def,
        ] {
            *slot = slot.map(|v| v.max(0.0));
        }
        out
    }
}

/// A photo's stats after its faction's Unit-Stats buffs (SPEC §5.2), from its derived `stats`.
pub fn post_buff_stats(r: &Realm, p: &Photo) -> Stats {
    UnitBuffs::of_faction(r, p.faction).apply(&p.stats, p.group)
}

#[cfg(test)]
mod tests;
