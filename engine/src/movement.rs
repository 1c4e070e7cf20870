//! How fast a faction marches (SPEC §6.1, §7.2): the hauler factor a machine's Self-scoped March
//! Speed lines charge to its crew, and Avg Movement.

use crate::buffs::UnitBuffs;
use crate::{Condition, Group, LineEffect, Photo, Realm, Scope};

/// The slowest a hauler can be made: a quarter pace.
pub const HAULER_FLOOR: f64 = 0.25;

/// The factor machine `m` charges each figure assigned to it: `max(0.25, 1 + Σ/100)` over its kind's
/// Self-scoped, unconditioned March Speed lines; 1 when it has none (or is not a machine).
pub fn machine_hauler_factor(r: &Realm, m: &Photo) -> f64 {
    let kind = m.machine_kind.and_then(|k| r.machine_kinds.iter().find(|x| x.id == k));
    let lines = kind.iter().flat_map(|k| &k.lines).filter(|l| {
        l.effect == LineEffect::MarchSpeed
            && l.scope == Scope::SelfOnly
            && l.condition == Condition::Always
    });
    let mut sum = 0.0;
    let mut any = false;
    for l in lines {
        sum += l.amount;
        any = true;
    }
    if any {
        (1.0 + sum / 100.0).max(HAULER_FLOOR)
    } else {
        1.0
    }
}

/// The hauler factor of photo `p`: its machine's, when it is assigned to one, else 1. A machine that
/// wants six haulers and has two slows those two and no more.
pub fn hauler_factor(r: &Realm, p: &Photo) -> f64 {
    let machine = p.crew_of.and_then(|m| r.photo(m));
    machine.map_or(1.0, |m| machine_hauler_factor(r, m))
}

/// Whether `p` sets the pace: Leader, Generals, Special People or a Regiment, with its **base**
/// Movement typed (items alone do not make a marcher). Equipment never counts.
pub fn sets_the_pace(p: &Photo) -> bool {
    let group_ok = matches!(
        p.group,
        Group::Leader | Group::Generals | Group::SpecialPeople | Group::Regiment(_)
    );
    group_ok && p.base_movement.is_some()
}

/// Avg Movement of a faction (SPEC §7.2): the mean of post-buff Movement × hauler factor over the
/// photos that set the pace, or None when none do. Summed in document order.
pub fn avg_movement(r: &Realm, faction: u64) -> Option<f64> {
    avg_movement_with(r, faction, &UnitBuffs::of_faction(r, faction))
}

/// [`avg_movement`] with the faction's buffs already gathered.
pub(crate) fn avg_movement_with(r: &Realm, faction: u64, buffs: &UnitBuffs) -> Option<f64> {
    let mut sum = 0.0;
    let mut n = 0usize;
    let members = r
        .photos
        .iter()
        .filter(|p| p.faction == faction && sets_the_pace(p));
    for p in members {
        let mv = buffs.apply(&p.stats, p.group).movement.unwrap_or(0.0);
        sum += mv * hauler_factor(r, p);
        n += 1;
    }
    (n > 0).then(|| sum / n as f64)
}
