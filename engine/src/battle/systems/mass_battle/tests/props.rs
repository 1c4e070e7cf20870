//! Property tests: any valid battle is a pure function of its input and seed, survives a serde
//! round trip, never loses more units than it has, and keeps its log consistent.

use super::*;
use proptest::prelude::*;
use std::collections::HashSet;

/// A unit that passes validation, from any mix of the tables.
fn arb_unit() -> impl Strategy<Value = Unit> {
    (
        0..=MAX_LEVEL,
        0..Armour::ALL.len(),
        0..Mount::ALL.len(),
        0..MeleeWeapon::ALL.len(),
        any::<bool>(),
        0..=MissileWeapon::ALL.len(),
        0..3usize,
        0..3usize,
    )
        .prop_map(
            |(level, armour, mount, melee, shield, missile, chosen, skirmish)| {
                let mount = Mount::ALL[mount];
                let mut melee = MeleeWeapon::ALL[melee];
                let mut missile = MissileWeapon::ALL.get(missile).copied();
                if mount.is_large() {
                    if !melee.mounted_use() {
                        melee = MeleeWeapon::Spear;
                    }
                    missile = missile.filter(|m| m.mounted_use());
                }
                let mut unit = u(0, level, Armour::ALL[armour], mount, melee);
                unit.shield = shield && melee.takes_shield();
                unit.missile = missile;
                unit.chosen_weapon = match chosen {
                    1 => Some(WeaponRef::Melee),
                    2 if missile.is_some() => Some(WeaponRef::Missile),
                    _ => None,
                };
                unit.skirmish = match skirmish {
                    1 => Some(false),
                    2 if unit.skirmish_eligible() => Some(true),
                    _ => None,
                };
                unit
            },
        )
}

fn arb_input() -> impl Strategy<Value = MassBattleInput> {
    (
        prop::collection::vec(arb_unit(), 1..8),
        prop::collection::vec(arb_unit(), 1..8),
        any::<u64>(),
    )
        .prop_map(|(a, b, seed)| {
            let number = |units: Vec<Unit>, first: u64| {
                units
                    .into_iter()
                    .enumerate()
                    .map(|(k, mut unit)| {
                        unit.id = first + k as u64;
                        unit
                    })
                    .collect()
            };
            let mut input = battle(number(a, 1), number(b, 100));
            input.seed = seed;
            input
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn generated_inputs_are_valid(input in arb_input()) {
        prop_assert_eq!(input.validate(), Ok(()));
    }

    #[test]
    fn the_same_seed_gives_the_same_battle(input in arb_input()) {
        prop_assert_eq!(play(&input), play(&input));
    }

    #[test]
    fn a_serde_round_trip_of_the_input_changes_nothing(input in arb_input()) {
        let text = serde_json::to_string(&input).unwrap();
        let back = parse_input(&text).unwrap();
        prop_assert_eq!(&back, &input);
        let out = play(&input);
        prop_assert_eq!(play(&back), out.clone());
        let log: MassOutcome = serde_json::from_str(&serde_json::to_string(&out).unwrap()).unwrap();
        prop_assert_eq!(log, out);
    }

    #[test]
    fn casualties_never_exceed_strength(input in arb_input()) {
        let out = play(&input);
        let sizes = [input.a.units.len(), input.b.units.len()];
        let mut seen = HashSet::new();
        for id in out.killed.iter().chain(&out.fled).chain(&out.caught) {
            prop_assert!(seen.insert(*id), "unit {} lost twice", id);
        }
        for side in [ArmySide::A, ArmySide::B] {
            let mine: Vec<&UnitResult> = out.units.iter().filter(|r| r.side == side).collect();
            prop_assert_eq!(mine.len(), sizes[side.index()]);
            let lost = mine.iter().filter(|r| r.fate != Fate::Standing).count();
            prop_assert!(lost <= mine.len());
            for r in mine {
                prop_assert!(r.endurance <= r.endurance_max);
                let listed = match r.fate {
                    Fate::Standing => !seen.contains(&r.id),
                    Fate::Killed => out.killed.contains(&r.id) && r.endurance <= 0,
                    Fate::Fled => out.fled.contains(&r.id) && r.endurance > 0,
                    Fate::Caught => out.caught.contains(&r.id) && r.endurance <= 0,
                };
                prop_assert!(listed, "{:?}", r);
            }
        }
    }

    #[test]
    fn the_log_keeps_the_rules(input in arb_input()) {
        let out = play(&input);
        let side_of = |id: u64| if id < 100 { ArmySide::A } else { ArmySide::B };
        let unit = |id: u64| input.a.units.iter().chain(&input.b.units).find(|u| u.id == id).unwrap();
        match out.winner {
            Some(w) => {
                prop_assert_eq!(out.end, End::Fled { loser: w.other() });
                prop_assert!(out.units.iter().any(|r| r.side == w && r.fate == Fate::Standing));
                prop_assert!(out.units.iter().all(|r| r.side == w || r.fate != Fate::Standing));
            }
            None => prop_assert_eq!(out.pursuit_rounds, 0),
        }
        prop_assert!(out.skirmish_rounds <= 6 && out.pursuit_rounds <= 6);
        for r in &out.rounds {
            for a in &r.attacks {
                prop_assert_ne!(side_of(a.attacker), side_of(a.target));
                if r.phase == Phase::Battle {
                    prop_assert_eq!(a.weapon, WeaponRef::Melee);
                    if r.round <= 2 {
                        prop_assert!(!unit(a.attacker).skirmishes() || out.skirmish_rounds == 0);
                    }
                }
                if r.phase == Phase::Skirmish {
                    prop_assert!(unit(a.attacker).skirmishes());
                }
                if r.phase == Phase::Pursuit {
                    prop_assert_eq!(Some(side_of(a.attacker)), out.winner);
                }
                if a.negated {
                    prop_assert_eq!(a.damage, 0);
                    prop_assert!(a.penalised.is_empty());
                } else {
                    prop_assert!(a.damage >= 1);
                }
                prop_assert!(a.penalised.len() <= 2);
                if a.weapon == WeaponRef::Melee {
                    prop_assert!(a.penalised.is_empty());
                }
            }
            if r.phase == Phase::Skirmish {
                let targets: Vec<u64> = r.attacks.iter().map(|a| a.target).collect();
                let unique: HashSet<u64> = targets.iter().copied().collect();
                prop_assert_eq!(unique.len(), targets.len(), "one attack per unit per skirmish round");
            }
        }
        let shaken: Vec<u64> = out.rounds.iter().flat_map(|r| &r.attacks).flat_map(|a| a.penalised.clone()).collect();
        let unique: HashSet<u64> = shaken.iter().copied().collect();
        prop_assert_eq!(unique.len(), shaken.len(), "nobody is shaken twice");
    }

    #[test]
    fn resolve_is_total_even_on_inputs_validation_refuses(
        input in arb_input(),
        levels in prop::collection::vec(any::<u8>(), 0..4),
        pike_riders in any::<bool>(),
        clash in any::<bool>(),
        empty in 0..3usize,
    ) {
        let mut input = input;
        for (unit, level) in input.a.units.iter_mut().zip(levels) {
            unit.level = level;
            unit.skirmish = Some(true);
            if pike_riders {
                unit.mount = Mount::HeavyWarhorse;
                unit.melee = MeleeWeapon::Pike;
                unit.shield = true;
            }
        }
        if clash {
            let id = input.a.units[0].id;
            input.b.units[0].id = id;
        }
        match empty {
            1 => input.a.units.clear(),
            2 => input.b.units.clear(),
            _ => {}
        }
        let out = play(&input);
        prop_assert_eq!(out.units.len(), input.a.units.len() + input.b.units.len());
    }
}
