//! A demo Warfare phase for the Battle Lab to start from: a battle whose survivors carry into the
//! siege of their region, and a three-realm free-for-all that needs an Influence roll-off.

use super::input::{Army, Conflict, ConflictKind, WarRealm, WarfareInput};

fn army(id: u64, name: &str, realm: u64, might: u32, speed: u32, refuge: Option<u32>) -> Army {
    Army {
        id,
        name: name.into(),
        realm,
        might,
        speed,
        refuge,
        garrison: false,
    }
}

/// Three realms, seven armies and three conflicts:
/// - the Ashen Fields, a battle of Might 5 against 3 (VECTORS.md `D6-10..12`);
/// - the Marches, a free-for-all of Mights 10, 8 and 8 whose first pair needs a roll-off
///   (`D6-15`);
/// - the siege of Greywatch in the same region as the Ashen Fields: the Vorn column and whatever
///   is left of the raiders against the garrison and whatever is left of the Aldmoor host.
pub fn example() -> WarfareInput {
    let realm = |id: u64, name: &str, influence: u32| WarRealm {
        id,
        name: name.into(),
        influence,
    };
    let conflict = |id: u64, name: &str, kind: ConflictKind, sides: &[&[u64]]| Conflict {
        id,
        name: name.into(),
        kind,
        sides: sides.iter().map(|s| s.to_vec()).collect(),
    };
    WarfareInput {
        seed: 2024,
        realms: vec![
            realm(1, "Kingdom of Aldmoor", 3),
            realm(2, "Vorn Dominion", 3),
            realm(3, "The Free Isles", 2),
        ],
        armies: vec![
            army(1, "Aldmoor Host", 1, 5, 3, Some(2)),
            army(2, "Vorn Raiders", 2, 3, 4, Some(6)),
            Army {
                garrison: true,
                ..army(3, "Greywatch Garrison", 1, 3, 0, None)
            },
            army(4, "Vorn Siege Column", 2, 4, 2, Some(1)),
            army(5, "Isle Corsairs", 3, 8, 5, Some(3)),
            army(6, "Vorn Marchers", 2, 8, 3, None),
            army(7, "Aldmoor Vanguard", 1, 10, 4, Some(2)),
        ],
        conflicts: vec![
            conflict(1, "Ashen Fields", ConflictKind::Battle, &[&[1], &[2]]),
            conflict(2, "The Marches", ConflictKind::Battle, &[&[7], &[6], &[5]]),
            conflict(
                3,
                "Siege of Greywatch",
                ConflictKind::Siege,
                &[&[4, 2], &[3, 1]],
            ),
        ],
    }
}
