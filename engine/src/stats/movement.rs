//! How fast a faction marches (SPEC §6.1, §7.2): the hauler factor a machine's Self-scoped March
//! Speed lines charge to its crew, and Avg Movement.

use crate::stats::buffs::UnitBuffs;
use crate::{Condition, Group, LineEffect, Photo, Realm, Scope};

/// The slowest a hauler can be made: a quarter pace.
pub const HAULER_FLOOR: f64 = 0.25;

/// The factor machine `m` charges each figure assigned to it: `max(0.25, 1 + Σ/100)` over its kind's
/// Self-scoped, unconditioned March Speed lines; 1 when it has none (or is not a machine).
pub fn machine_hauler_factor(r: &Realm, m: &Photo) -> f64 {
    let kind = m
        .machine_kind
        .and_then(|k| r.machine_kinds.iter().find(|x| x.id == k));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{close6, line, machine_kind, photo, realm};
    use crate::MachineKind;

    /// A realm of `army` foot figures at Mv 1.0 and one machine whose kind has `lines`, with the
    /// first `haulers` figures assigned to it.
    fn hauled(army: u64, haulers: u64, kind: MachineKind) -> Realm {
        let mut r = realm();
        r.machine_kinds.push(kind);
        let mut m = photo(1000, Group::Equipment(1), "h100 mv0.2");
        m.machine_kind = Some(1);
        r.photos.push(m);
        for id in 1..=army {
            let mut p = photo(id, Group::Regiment(2), "h100 mv1.0");
            p.crew_of = (id <= haulers).then_some(1000);
            r.photos.push(p);
        }
        r
    }

    #[test]
    fn buf_08_10_haulers() {
        let slow = || {
            machine_kind(
                1,
                vec![line(LineEffect::MarchSpeed, -30.0, Scope::SelfOnly)],
            )
        };
        let mut wants_six = slow();
        wants_six.crew_move = Some(6);
        // (id, army, haulers, machine kind, Avg Movement)
        let table = [
            ("BUF-08", 10, 2, slow(), 0.94),
            ("BUF-09", 40, 2, slow(), 0.985),
            ("BUF-10", 10, 2, wants_six, 0.94),
        ];
        for (id, army, haulers, kind, want) in table {
            let got = avg_movement(&hauled(army, haulers, kind), 1).unwrap();
            assert!(close6(got, want), "{id}: {got}");
        }
    }

    #[test]
    fn hauler_factor_is_floored_at_a_quarter() {
        let kind = machine_kind(
            1,
            vec![line(LineEffect::MarchSpeed, -90.0, Scope::SelfOnly)],
        );
        let r = hauled(2, 1, kind);
        let (machine, hauler, free) = (&r.photos[0], &r.photos[1], &r.photos[2]);
        assert_eq!(machine_hauler_factor(&r, machine), HAULER_FLOOR);
        assert_eq!(hauler_factor(&r, hauler), HAULER_FLOOR);
        assert_eq!(hauler_factor(&r, free), 1.0);
    }

    #[test]
    fn buf_13_blanks_skipped_engines_excluded() {
        let mut r = realm();
        r.photos.push(photo(1, Group::Leader, "h100 mv1.0"));
        r.photos.push(photo(2, Group::Regiment(1), "h100 mv2.0"));
        r.photos.push(photo(3, Group::Regiment(1), "h100"));
        r.photos.push(photo(4, Group::Regiment(2), "h100 mv0.5"));
        r.photos.push(photo(5, Group::Equipment(1), "h100 mv0.2"));
        let got = avg_movement(&r, 1).unwrap();
        assert!(close6(got, 1.166667), "BUF-13: {got}");
    }

    #[test]
    fn fit_07_items_alone_do_not_make_a_marcher() {
        let mut r = realm();
        let mut p = photo(1, Group::Leader, "h100 ap13 ar1 mv0.2");
        p.base_movement = None;
        r.photos.push(p);
        assert_eq!(avg_movement(&r, 1), None, "FIT-07");
        // …yet its 0.2 counts in Power: 5 + 13 + 0.5 + 5 × 0.2 = 19.5, × 1.0555….
        assert!(close6(
            crate::photo_power(&r, &r.photos[0]),
            19.5 * 1.0 + 19.5 / 18.0
        ));
    }
}
