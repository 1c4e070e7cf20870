//! One test per rule of §2.4–2.5, on small hand-built battles, plus the validation's field paths
//! and a snapshot of the example battle.

use super::*;
use crate::testkit::{check_snapshot, Script};
use crate::SplitMix64;

#[test]
fn a_unit_is_its_tables() {
    let mut knight = u(
        1,
        5,
        Armour::Plate,
        Mount::HeavyWarhorse,
        MeleeWeapon::Spear,
    );
    knight.shield = true;
    let p = knight.profile();
    assert_eq!(p.endurance_max, 10 + 40 + 20);
    assert_eq!(p.morale, 3 + 4);
    assert!(p.cavalry && !p.light);
    assert_eq!(
        p.chosen,
        WeaponRef::Melee,
        "no missile weapon: the melee weapon is chosen"
    );
    let archer = horse_archer(2).profile();
    assert!(archer.light && archer.cavalry);
    assert_eq!(archer.chosen, WeaponRef::Missile);
    let plated_rider = u(
        3,
        0,
        Armour::Plate,
        Mount::LightWarhorse,
        MeleeWeapon::Sidearm,
    );
    assert!(!plated_rider.profile().light, "a plated rider is not light");
}

#[test]
fn a_missile_weapon_never_strikes_in_the_battle() {
    let mut archer = levy(1);
    archer.missile = Some(MissileWeapon::HeavyCrossbow);
    archer.skirmish = Some(false);
    let out = play(&battle(vec![archer], vec![levy(2)]));
    for r in out.rounds.iter().filter(|r| r.phase == Phase::Battle) {
        assert!(r.attacks.iter().all(|a| a.weapon == WeaponRef::Melee));
    }
}

#[test]
fn without_skirmishers_there_is_no_skirmish() {
    for seed in 0..20 {
        let mut input = battle(vec![levy(1), levy(2)], vec![levy(3)]);
        input.seed = seed;
        let out = play(&input);
        assert_eq!(out.skirmish_rounds, 0);
        assert_eq!(out.rounds[0].phase, Phase::Battle);
        assert!(out.battle_rounds >= 1);
    }
}

#[test]
fn a_skirmish_lasts_its_drawn_length_and_skirmishers_wait_two_battle_rounds() {
    let mut archer = levy(1);
    archer.missile = Some(MissileWeapon::Longbow);
    archer.armour = Armour::Plate;
    let input = battle(vec![archer, levy(2)], vec![levy(3)]);
    let mut found = false;
    for seed in 0..200 {
        let out = resolve(&input, &mut SplitMix64::new(seed));
        let skirmish = out
            .rounds
            .iter()
            .filter(|r| r.phase == Phase::Skirmish)
            .count();
        assert!(skirmish >= 1 && skirmish <= usize::from(out.skirmish_rounds));
        for r in &out.rounds {
            let skirmishers_act = r.attacks.iter().any(|a| a.attacker == 1 || a.target == 1);
            match r.phase {
                Phase::Skirmish => {
                    assert!(
                        r.attacks.iter().all(|a| a.attacker == 1),
                        "only the archer shoots"
                    );
                    assert!(r.attacks.iter().all(|a| a.weapon == WeaponRef::Missile));
                }
                Phase::Battle if r.round <= 2 => {
                    assert!(
                        !skirmishers_act,
                        "seed {seed}: the archer waits in round {}",
                        r.round
                    )
                }
                Phase::Battle => found |= skirmishers_act,
                Phase::Pursuit => {}
            }
        }
    }
    assert!(found, "from battle round 3 the archer fights");
}

#[test]
fn skirmishers_are_shot_before_the_others_and_each_unit_once_a_round() {
    let a: Vec<Unit> = (1..=4).map(horse_archer).collect();
    let b = vec![horse_archer(11), levy(12), levy(13)];
    for seed in 0..50 {
        let mut input = battle(a.clone(), b.clone());
        input.seed = seed;
        let out = play(&input);
        for r in out.rounds.iter().filter(|r| r.phase == Phase::Skirmish) {
            let on_b: Vec<u64> = r
                .attacks
                .iter()
                .filter(|x| x.attacker < 10)
                .map(|x| x.target)
                .collect();
            let mut unique = on_b.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), on_b.len(), "seed {seed}: {on_b:?}");
            if r.round == 1 {
                assert_eq!(
                    on_b[0], 11,
                    "the enemy skirmisher is the first one attacked"
                );
                assert_eq!(on_b.len(), 3, "four archers, three targets: one holds");
            }
        }
    }
}

#[test]
fn the_battle_lasts_until_an_army_has_fled_and_the_winner_pursues() {
    let strong: Vec<Unit> = (1..=3)
        .map(|id| u(id, 7, Armour::Plate, Mount::None, MeleeWeapon::GreatAxe))
        .collect();
    let weak: Vec<Unit> = (11..=13).map(levy).collect();
    let mut wins = 0;
    for seed in 0..40 {
        let mut input = battle(strong.clone(), weak.clone());
        input.seed = seed;
        let out = play(&input);
        if out.winner == Some(ArmySide::A) {
            wins += 1;
            assert_eq!(out.end, End::Fled { loser: ArmySide::B });
            let b_present = out.units.iter().filter(|r| r.side == ArmySide::B);
            assert!(b_present.clone().all(|r| r.fate != Fate::Standing));
        }
        for r in out.rounds.iter().filter(|r| r.phase == Phase::Pursuit) {
            assert!(r.attacks.iter().all(|a| a.attacker < 10 && a.target > 10));
            assert!(r.morale.iter().all(|m| m.unit < 10), "only pursuers test");
        }
    }
    assert!(wins >= 35, "veterans in plate beat a levy: {wins}/40");
}

#[test]
fn units_that_fought_in_the_battle_wait_two_pursuit_rounds() {
    // A horse archer that skirmished and a foot soldier that fought: when the battle is over in two
    // rounds, the archer (who never reached the battle) pursues from round 1, the soldier from 3.
    let mut found = [false; 2];
    for seed in 0..400 {
        let mut input = battle(
            vec![
                horse_archer(1),
                u(2, 7, Armour::Plate, Mount::None, MeleeWeapon::GreatAxe),
            ],
            vec![levy(11), levy(12)],
        );
        input.seed = seed;
        let out = play(&input);
        let battle_rounds = out
            .rounds
            .iter()
            .filter(|r| r.phase == Phase::Battle)
            .count();
        for r in out.rounds.iter().filter(|r| r.phase == Phase::Pursuit) {
            for a in &r.attacks {
                if a.attacker == 2 && battle_rounds > 0 {
                    assert!(
                        r.round >= 3,
                        "seed {seed}: the soldier fought in the battle"
                    );
                    found[1] = true;
                }
                if a.attacker == 1 && r.round <= 2 && battle_rounds <= 2 {
                    found[0] = true;
                }
            }
        }
    }
    assert_eq!(found, [true, true]);
}

#[test]
fn pursuit_caught_units_are_fled_units_of_the_loser() {
    let a: Vec<Unit> = (1..=4).map(horse_archer).collect();
    let b: Vec<Unit> = (11..=16).map(levy).collect();
    let mut caught = 0;
    for seed in 0..100 {
        let mut input = battle(a.clone(), b.clone());
        input.seed = seed;
        let out = play(&input);
        for id in &out.caught {
            let loser = out.winner.unwrap().other();
            assert_eq!(loser == ArmySide::B, *id > 10, "only the loser is caught");
            assert!(!out.fled.contains(id) && !out.killed.contains(id));
            let r = out.units.iter().find(|r| r.id == *id).unwrap();
            assert!(r.fate == Fate::Caught && r.endurance <= 0);
        }
        caught += out.caught.len();
    }
    assert!(caught > 0, "light cavalry catches fleeing levies");
}

#[test]
fn morale_uses_the_removals_before_the_round_and_the_armys_endurance() {
    let a: Vec<Unit> = (1..=10).map(levy).collect();
    let b: Vec<Unit> = (11..=20).map(levy).collect();
    for seed in 0..30 {
        let mut input = battle(a.clone(), b.clone());
        input.seed = seed;
        let out = play(&input);
        // A unit's endurance when it fled: its last, plus what the pursuit took from it.
        let at_flight = |id: u64| {
            let last = out.units.iter().find(|r| r.id == id).unwrap().endurance;
            let pursuit = out.rounds.iter().filter(|r| r.phase == Phase::Pursuit);
            let taken: i32 = pursuit
                .flat_map(|r| &r.attacks)
                .filter(|x| x.target == id)
                .map(|x| x.damage)
                .sum();
            last + taken
        };
        let mut removed_before = [0u32; 2];
        for r in out.rounds.iter().filter(|r| r.phase != Phase::Pursuit) {
            for m in &r.morale {
                let side = usize::from(m.unit > 10);
                let s = r.standing[side];
                // The standing is after the tests; the difficulty is before them.
                let fled: i32 = r
                    .fled
                    .iter()
                    .filter(|&&id| usize::from(id > 10) == side)
                    .map(|&id| at_flight(id))
                    .sum();
                assert_eq!(
                    m.difficulty,
                    difficulty(s.endurance + fled, s.endurance_max),
                    "seed {seed}"
                );
                assert_eq!(m.increase, increase(removed_before[side] as usize, 10));
                let sum = i32::from(m.roll) + m.morale - m.penalty;
                assert_eq!(m.passed, sum >= m.difficulty + m.increase);
            }
            removed_before = [r.standing[0].removed, r.standing[1].removed];
        }
    }
}

#[test]
fn both_armies_emptied_at_once_is_a_draw_without_pursuit() {
    // Two lone levies at full endurance: anything can happen, but whenever both go in one round
    // there is no winner and no pursuit.
    let mut draws = 0;
    for seed in 0..300 {
        let mut input = battle(vec![levy(1)], vec![levy(2)]);
        input.seed = seed;
        let out = play(&input);
        if out.end == End::BothFled {
            draws += 1;
            assert_eq!((out.winner, out.pursuit_rounds), (None, 0));
        }
    }
    assert!(draws > 0);
}

#[test]
fn an_empty_army_has_fled_before_the_first_blow() {
    let input = battle(vec![levy(1)], vec![]);
    let mut rng = SplitMix64::new(5);
    let out = resolve(&input, &mut rng);
    assert_eq!(out.winner, Some(ArmySide::A));
    assert!(out.rounds.is_empty());
    assert_eq!(rng, SplitMix64::new(5), "nothing to fight, nothing drawn");
    assert_eq!(play(&battle(vec![], vec![])).end, End::BothFled);
}

#[test]
fn a_shield_halves_every_hit_it_takes() {
    let mut guard = levy(2);
    guard.melee = MeleeWeapon::Sidearm;
    guard.shield = true;
    let out = resolve(
        &battle(vec![levy(1)], vec![guard]),
        &mut Script::new(&[(1, 1), (6, 5)]),
    );
    let hit = &out.rounds[0].attacks[0];
    assert!(hit.shield);
    assert_eq!(hit.damage, 3, "5 halved, rounding up");
}

#[test]
fn validation_names_the_field() {
    let ok = example();
    assert_eq!(ok.validate(), Ok(()));
    type Edit = Box<dyn Fn(&mut MassBattleInput)>;
    let cases: Vec<(Edit, &str, &str)> = vec![
        (
            Box::new(|i| i.b.units.clear()),
            "b.units",
            "at least one unit",
        ),
        (
            Box::new(|i| i.a.units[1].id = 1),
            "a.units[1].id",
            "duplicate unit id 1 (also a.units[0].id)",
        ),
        (
            Box::new(|i| i.b.units[0].id = 3),
            "b.units[0].id",
            "duplicate",
        ),
        (
            Box::new(|i| i.a.units[0].id = 1 << 53),
            "a.units[0].id",
            "2^53",
        ),
        (
            Box::new(|i| i.a.units[2].level = 8),
            "a.units[2].level",
            "level 8",
        ),
        (
            Box::new(|i| i.b.units[0].melee = MeleeWeapon::Pike),
            "b.units[0].melee",
            "pike cannot be used mounted",
        ),
        (
            Box::new(|i| i.a.units[4].missile = Some(MissileWeapon::Longbow)),
            "a.units[4].missile",
            "longbow cannot be used mounted",
        ),
        (
            Box::new(|i| i.a.units[2].shield = true),
            "a.units[2].shield",
            "not a glaive",
        ),
        (
            Box::new(|i| i.a.units[0].chosen_weapon = Some(WeaponRef::Missile)),
            "a.units[0].chosen_weapon",
            "has none",
        ),
        (
            Box::new(|i| i.b.units[5].skirmish = Some(true)),
            "b.units[5].skirmish",
            "only missile and mounted",
        ),
        (
            Box::new(|i| i.a.units = vec![levy(1); MAX_UNITS + 1]),
            "a.units",
            "at most 1000",
        ),
    ];
    for (edit, field, words) in cases {
        let mut input = example();
        edit(&mut input);
        let e = input.validate().unwrap_err();
        assert_eq!(e.field(), field, "{e}");
        assert!(e.to_string().contains(words), "{e}");
        assert_eq!(crate::DocError::from(e.clone()).field, field);
    }
    // A skirmisher may stay out of the skirmish.
    let mut input = example();
    input.a.units[3].skirmish = Some(false);
    assert_eq!(input.validate(), Ok(()));
}

#[test]
fn parsing_names_the_path_and_refuses_unknown_fields() {
    let text = serde_json::to_string(&example()).unwrap();
    assert_eq!(parse_input(&text), Ok(example()));
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["b"]["units"][2]["level"] = serde_json::json!(300);
    let e = parse_input(&v.to_string()).unwrap_err();
    assert_eq!(e.field(), "b.units[2].level", "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["a"]["units"][0]["horse"] = serde_json::json!(true);
    let e = parse_input(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("unknown field `horse`"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["a"]["units"][0]["armour"] = serde_json::json!("mithril");
    assert_eq!(
        parse_input(&v.to_string()).unwrap_err().field(),
        "a.units[0].armour"
    );
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["a"]["units"][0]["level"] = serde_json::json!(9);
    assert_eq!(
        parse_input(&v.to_string()).unwrap_err().field(),
        "a.units[0].level"
    );
    assert_eq!(parse_input("{").unwrap_err().field(), "");
}

#[test]
fn the_example_battle_at_its_seed() {
    let input = example();
    let out = play(&input);
    check_snapshot(
        "src/battle/systems/mass_battle/snapshots",
        "example_seed_2024.txt",
        &render(&input, &out),
    );
}
