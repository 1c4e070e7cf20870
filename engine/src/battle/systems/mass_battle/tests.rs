//! The tests of Střet armád: every vector of VECTORS.md §S, a test per rule, a snapshot of the
//! example battle, and property tests of the invariants.

mod props;
mod rules;
mod vectors;

use super::input::test_unit;
use super::*;

/// A unit of `level` with this armour, mount and melee weapon.
fn u(id: u64, level: u8, armour: Armour, mount: Mount, melee: MeleeWeapon) -> Unit {
    test_unit(id, level, armour, mount, melee)
}

/// A level-0 foot soldier without armour, fighting improvised.
fn levy(id: u64) -> Unit {
    u(id, 0, Armour::None, Mount::None, MeleeWeapon::Improvised)
}

/// A level-0 unit on a light warhorse with a short bow.
fn horse_archer(id: u64) -> Unit {
    let mut h = u(
        id,
        0,
        Armour::None,
        Mount::LightWarhorse,
        MeleeWeapon::Sidearm,
    );
    h.missile = Some(MissileWeapon::ShortBow);
    h
}

/// A battle between two lists of units.
fn battle(a: Vec<Unit>, b: Vec<Unit>) -> MassBattleInput {
    MassBattleInput {
        seed: 0,
        a: Army {
            name: "A".into(),
            units: a,
        },
        b: Army {
            name: "B".into(),
            units: b,
        },
    }
}
