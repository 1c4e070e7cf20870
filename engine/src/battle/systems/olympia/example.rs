//! A demo Olympia battle for the Battle Lab to start from: Osswid's host (his items from 003's
//! example) storms Castle Imperius in the rain.

use super::input::{Force, Item, Men, Noble, OlympiaInput, Structure, StructureKind, Unit};
use super::kinds::{Ground, Kind, Weather};

fn men(kind: Kind, count: u32, behind: u8) -> Men {
    Men {
        kind,
        count,
        behind,
    }
}

fn item(name: &str, attack: u32, defense: u32, missile: u32) -> Item {
    Item {
        name: name.into(),
        attack,
        defense,
        missile,
    }
}

fn unit(id: u64, name: &str, noble: Option<(u32, Vec<Item>)>, men: Vec<Men>) -> Unit {
    Unit {
        id,
        name: name.into(),
        noble: noble.map(|(health, items)| Noble {
            health,
            items,
            behind: 0,
        }),
        men,
    }
}

/// Osswid (with the four items of `OLY-18`), swordsmen, archers behind and a catapult; Sir Aldric
/// with knights and blessed soldiers; a quartermaster whose workers stay out of an attack. Against
/// them Castle Imperius (defense 25, 003's example) held by a baron with pikemen and soldiers, a
/// guard with crossbowmen on the walls, and the castle's peasants. Rain halves the archers and
/// quarters the crossbowmen.
pub fn example() -> OlympiaInput {
    let osswid = vec![
        item("Shield of Achilles [fx78]", 0, 25, 0),
        item("Sword of Death [gl23]", 10, 0, 0),
        item("Mithril Axe [wt29]", 15, 0, 0),
        item("Magic javelin [ht02]", 0, 0, 5),
    ];
    OlympiaInput {
        seed: 2024,
        weather: Weather::Rain,
        ground: Ground::Land,
        inhibit_move: false,
        attacker: Force {
            name: "Osswid's host".into(),
            units: vec![
                unit(
                    1,
                    "Osswid",
                    Some((100, osswid)),
                    vec![
                        men(Kind::Swordsman, 6, 0),
                        men(Kind::Archer, 4, 1),
                        men(Kind::Catapult, 1, 1),
                    ],
                ),
                unit(
                    2,
                    "Sir Aldric",
                    Some((70, Vec::new())),
                    vec![men(Kind::Knight, 3, 0), men(Kind::BlessedSoldier, 2, 0)],
                ),
                unit(
                    3,
                    "Brun the Quartermaster",
                    Some((60, Vec::new())),
                    vec![men(Kind::Worker, 5, 0)],
                ),
            ],
            structure: None,
        },
        defender: Force {
            name: "Garrison of Castle Imperius".into(),
            units: vec![
                unit(
                    10,
                    "Baron Veyl",
                    Some((100, vec![item("Ring of Warding", 0, 10, 0)])),
                    vec![men(Kind::Pikeman, 2, 0), men(Kind::Soldier, 8, 0)],
                ),
                unit(
                    11,
                    "Castle guard",
                    None,
                    vec![men(Kind::Crossbowman, 6, 1), men(Kind::Pikeman, 6, 0)],
                ),
                unit(12, "Castle folk", None, vec![men(Kind::Peasant, 10, 0)]),
            ],
            structure: Some(Structure {
                kind: StructureKind::Castle,
                name: "Castle Imperius [gx56]".into(),
                defense: 25,
                damage: 0,
            }),
        },
    }
}
