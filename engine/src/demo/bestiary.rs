//! The demo's living and rolling things: movement types, species, beasts, creatures, unique items,
//! war machine kinds and bardings.

use super::factions::MORGRATH;
use crate::*;

/// (name, health, attack, range, defense, movement, movement type id).
type SpeciesRow = (
    &'static str,
    f64,
    Option<f64>,
    Option<f64>,
    Option<f64>,
    f64,
    u64,
);

fn number<T>(mut rows: Vec<T>, set: impl Fn(&mut T, u64)) -> Vec<T> {
    for (i, r) in rows.iter_mut().enumerate() {
        set(r, i as u64 + 1);
    }
    rows
}

fn line(effect: LineEffect, amount: f64, scope: Scope) -> Line {
    Line {
        effect,
        amount,
        scope,
        condition: Condition::Always,
    }
}

fn machine(
    name: &str,
    what: &str,
    lines: Vec<Line>,
    crew: [Option<u32>; 3],
    stop: Option<u8>,
) -> MachineKind {
    let [crew_move, crew_work, crew_min] = crew;
    MachineKind {
        id: 0,
        name: name.into(),
        what_it_is: what.into(),
        lines,
        crew_move,
        crew_work,
        crew_min,
        stop_round: stop,
        bl: String::new(),
    }
}

fn barding(name: &str, kind: WornKind, what: &str, lines: Vec<Line>, power: &str) -> Barding {
    Barding {
        id: 0,
        name: name.into(),
        kind,
        what_it_is: what.into(),
        lines,
        named_power: power.into(),
        bl: String::new(),
    }
}

/// Fills the non-item Armory tables of `r` (materials and weapons must already be there).
pub(super) fn fill(r: &mut Realm) {
    use MoveCategory::*;
    let mv = |name: &str, category, v: f64| MovementType {
        id: 0,
        name: name.into(),
        category,
        movement_value: Some(v),
    };
    r.movement_types = number(
        vec![
            mv("Foot", Foot, 1.0),
            mv("Warhorse", Mounted, 0.9),
            mv("Riding Horse", Mounted, 1.4),
            mv("Pony", Mounted, 1.1),
            mv("Wolf Mount", Mounted, 1.3),
            mv("Griffin", Flying, 2.2),
            mv("Wyvern", Flying, 2.0),
            mv("Lumbering", Foot, 0.75),
            mv("Siege Wheels", Foot, 0.4),
        ],
        |m, id| m.id = id,
    );
    // (name, health, attack, range, defense, movement, movement type id)
    let sp: [SpeciesRow; 12] = [
        ("Human", 100.0, None, None, None, 1.0, 1),
        ("Dwarf", 120.0, None, None, Some(1.0), 0.85, 1),
        ("Elf", 90.0, None, None, None, 1.15, 1),
        ("Halfling", 70.0, None, None, None, 0.95, 1),
        ("Orc", 115.0, Some(1.0), Some(1.0), None, 1.0, 1),
        ("Goblin", 60.0, None, None, None, 1.1, 1),
        ("Troll", 260.0, Some(6.0), Some(1.0), Some(3.0), 0.8, 8),
        ("Ogre", 220.0, Some(4.0), Some(1.0), Some(2.0), 0.85, 8),
        ("Skeleton", 70.0, None, None, None, 0.9, 1),
        ("Wight", 130.0, Some(2.0), Some(1.0), Some(1.0), 0.9, 1),
        ("Dragonkin", 250.0, Some(5.0), Some(2.0), Some(6.0), 1.5, 7),
        ("Centaur", 140.0, None, None, None, 1.6, 3),
    ];
    r.species = number(
        sp.iter()
            .map(|&(name, h, a, rg, d, m, t)| Species {
                id: 0,
                name: name.into(),
                health: Some(h),
                attack: a,
                range: rg,
                defense: d,
                movement: Some(m),
                movement_type: Some(t),
            })
            .collect(),
        |s, id| s.id = id,
    );
    let beast = |name: &str, ap: f64, rg: f64, mob: f64| Beast {
        id: 0,
        name: name.into(),
        attack_power: Some(ap),
        attack_range: Some(rg),
        mobility: Some(mob),
        bl: String::new(),
    };
    r.beasts = number(
        vec![
            beast("Warhound", 3.0, 4.0, 0.2),
            beast("Hunting Hawk", 2.0, 10.0, 0.1),
            beast("Dire Wolf", 5.0, 2.0, 0.3),
            beast("Cave Bear", 7.0, 1.0, -0.1),
            beast("War Boar", 4.0, 1.0, 0.15),
            beast("Giant Spider", 4.0, 2.0, 0.1),
        ],
        |b, id| b.id = id,
    );
    let creature =
        |name: &str, kind: &str, ap: Option<f64>, mob: Option<f64>, about: &str| Creature {
            id: 0,
            name: name.into(),
            kind: kind.into(),
            attack_power: ap,
            mobility: mob,
            about: about.into(),
        };
    r.creatures = number(
        vec![
            creature(
                "Marsh Heron",
                "Bird",
                None,
                Some(1.5),
                "Stalks the fens south of Mirehaven.",
            ),
            creature(
                "Red Deer",
                "Beast",
                Some(1.0),
                Some(1.6),
                "Herds roam the Brennock downs.",
            ),
            creature(
                "Mountain Goat",
                "Beast",
                Some(1.0),
                Some(1.2),
                "Sure-footed on the Karak passes.",
            ),
            creature(
                "Sea Serpent",
                "Monster",
                Some(9.0),
                Some(1.8),
                "Seen off the western coast, rarely twice.",
            ),
            creature(
                "Fen Toad",
                "Amphibian",
                None,
                Some(0.5),
                "Loud, harmless, everywhere.",
            ),
        ],
        |c, id| c.id = id,
    );
    unique_items(r);
    r.machine_kinds = number(
        vec![
            machine(
                "Trebuchet",
                "A counterweight engine that throws stones the size of oxen.",
                vec![
                    line(LineEffect::MarchSpeed, -15.0, Scope::SelfOnly),
                    Line {
                        effect: LineEffect::Other("vs walls".into()),
                        amount: 30.0,
                        scope: Scope::WholeArmy,
                        condition: Condition::VsEnemy("walls".into()),
                    },
                ],
                [Some(6), Some(4), Some(2)],
                Some(3),
            ),
            machine(
                "Ballista",
                "A giant crossbow on a wheeled frame.",
                vec![line(LineEffect::MarchSpeed, -5.0, Scope::SelfOnly)],
                [Some(2), Some(2), Some(1)],
                Some(4),
            ),
            machine(
                "Catapult",
                "A torsion arm with a cup for rocks, or worse.",
                vec![line(LineEffect::MarchSpeed, -10.0, Scope::SelfOnly)],
                [Some(4), Some(3), Some(1)],
                None,
            ),
            machine(
                "Battering Ram",
                "An iron-headed log under a hide roof.",
                vec![
                    line(LineEffect::HoldingGround, 5.0, Scope::WholeArmy),
                    line(LineEffect::MarchSpeed, -10.0, Scope::SelfOnly),
                ],
                [Some(6), Some(4), Some(3)],
                Some(4),
            ),
            machine(
                "Pontoon Train",
                "Boats and planks to bridge a river in an afternoon.",
                vec![
                    line(LineEffect::WaterCrossing, 25.0, Scope::WholeArmy),
                    Line {
                        effect: LineEffect::MarshCrossing,
                        amount: 10.0,
                        scope: Scope::WholeArmy,
                        condition: Condition::OnTerrain(Terrain::Marsh),
                    },
                ],
                [Some(4), Some(0), None],
                None,
            ),
            machine(
                "Bone Bombard",
                "A necromantic cannon that spits grave-dust.",
                vec![
                    line(LineEffect::MarchSpeed, -10.0, Scope::WholeArmy),
                    line(LineEffect::SupplyRange, 10.0, Scope::WholeArmy),
                ],
                [None, Some(3), Some(2)],
                Some(2),
            ),
        ],
        |m, id| m.id = id,
    );
    r.bardings = number(
        vec![
            barding(
                "Crimson Caparison",
                WornKind::Barding,
                "Quilted barding in Aldermere red.",
                vec![
                    line(LineEffect::DefenseStrength, 2.0, Scope::Wearer),
                    line(LineEffect::Movement, -0.05, Scope::Wearer),
                ],
                "",
            ),
            barding(
                "Leafweave Barding",
                WornKind::Barding,
                "Elven barding, light as bark.",
                vec![line(LineEffect::Movement, 0.1, Scope::Wearer)],
                "Whisperstep",
            ),
            barding(
                "War Saddle",
                WornKind::Saddle,
                "A high-backed saddle for the charge.",
                vec![line(LineEffect::AttackPower, 1.0, Scope::Wearer)],
                "",
            ),
            barding(
                "Standard-Bearer's Saddle",
                WornKind::Saddle,
                "Carries the banner the host follows.",
                vec![line(LineEffect::MarchSpeed, 3.0, Scope::WholeArmy)],
                "Rally",
            ),
            barding(
                "Bone Barding",
                WornKind::Barding,
                "Ribs and skulls lashed over a dead horse.",
                vec![line(LineEffect::DefenseStrength, 3.0, Scope::Wearer)],
                "Dread",
            ),
        ],
        |b, id| b.id = id,
    );
}

fn row_id<T>(rows: &[T], name: &str, f: impl Fn(&T) -> (&str, u64)) -> u64 {
    rows.iter()
        .map(f)
        .find(|(n, _)| *n == name)
        .map(|(_, id)| id)
        .expect("demo row exists")
}

fn unique_items(r: &mut Realm) {
    let w = |n: &str| row_id(&r.weapons, n, |x| (x.name.as_str(), x.id));
    let m = |n: &str| row_id(&r.materials, n, |x| (x.name.as_str(), x.id));
    let built = |table, row, material| {
        Some(BuiltFrom {
            table,
            row,
            material,
        })
    };
    let item = |name: &str,
                slot,
                built_from,
                ap: Option<f64>,
                dp: Option<f64>,
                range: Option<f64>,
                mob: Option<f64>,
                power: &str,
                bane| UniqueItem {
        id: 0,
        name: name.into(),
        slot,
        built_from,
        attack_power: ap,
        defense_power: dp,
        range,
        mobility: mob,
        attack_type: ap.map(|_| {
            if range.unwrap_or(1.0) >= 5.0 {
                AttackType::Ranged
            } else {
                AttackType::Melee
            }
        }),
        its_power: power.into(),
        bane,
    };
    let bane = |target, amount_pct| Some(Bane { target, amount_pct });
    r.unique_items = number(
        vec![
            item(
                "Dawnbringer",
                Slot::Weapon,
                built(ArmoryTable::Weapon, w("Longsword"), m("Sunstone")),
                Some(14.0),
                None,
                Some(2.0),
                Some(0.1),
                "Blazes at dawn; the dead will not stand before it.",
                bane(BaneTarget::Alignment(Alignment::Malevolent), 20.0),
            ),
            item(
                "Orcsunder",
                Slot::Weapon,
                built(ArmoryTable::Weapon, w("Battle Axe"), m("Dwarven Steel")),
                Some(13.0),
                None,
                Some(1.0),
                None,
                "Forged to end the Dominion.",
                bane(BaneTarget::Faction(MORGRATH), 25.0),
            ),
            item(
                "Windsong",
                Slot::Weapon,
                built(ArmoryTable::Weapon, w("Elven Greatbow"), m("Mithril")),
                Some(10.0),
                None,
                Some(19.0),
                Some(0.05),
                "Its arrows do not miss in still air.",
                None,
            ),
            item(
                "Shadowfang",
                Slot::Weapon,
                built(ArmoryTable::Weapon, w("Scimitar"), m("Blackened Steel")),
                Some(12.0),
                None,
                Some(1.0),
                None,
                "Drinks the light of noble blood.",
                bane(BaneTarget::Alignment(Alignment::Noble), 15.0),
            ),
            item(
                "Crown of Aldermere",
                Slot::Headwear,
                None,
                None,
                Some(3.0),
                None,
                None,
                "The wearer's word is law.",
                None,
            ),
            item(
                "Shield of the Old Oath",
                Slot::Offhand,
                None,
                None,
                Some(7.0),
                None,
                Some(-0.05),
                "Never yet broken.",
                None,
            ),
            item(
                "Cloak of Mists",
                Slot::Backpiece,
                None,
                None,
                Some(1.0),
                None,
                Some(0.3),
                "Its wearer is never quite where she seems.",
                None,
            ),
        ],
        |u, id| u.id = id,
    );
}
