//! VECTORS.md §S (CZ-01..34), as tables.

use super::*;
use crate::testkit::Script;

/// CZ-01..08: (id, army endurance in percent, difficulty).
const DIFFICULTY: &[(&str, i32, i32)] = &[
    ("CZ-01", 100, 5),
    ("CZ-02", 76, 5),
    ("CZ-03", 75, 8),
    ("CZ-04", 51, 8),
    ("CZ-05", 50, 12),
    ("CZ-06", 26, 12),
    ("CZ-07", 25, 17),
    ("CZ-08", 1, 17),
];

#[test]
fn cz_01_to_08_difficulty_by_endurance() {
    for &(id, pct, want) in DIFFICULTY {
        assert_eq!(difficulty(pct, 100), want, "{id}");
        // The same fraction of a larger army gives the same difficulty.
        assert_eq!(difficulty(pct * 7, 700), want, "{id} scaled");
    }
}

/// CZ-09..15: (id, removed, initial units, increase).
const INCREASE: &[(&str, usize, usize, i32)] = &[
    ("CZ-09", 0, 20, 0),
    ("CZ-10", 1, 20, 1),
    ("CZ-11", 2, 20, 1),
    ("CZ-12", 3, 20, 2),
    ("CZ-13", 7, 20, 4),
    ("CZ-14", 20, 20, 10),
    ("CZ-15", 1, 7, 2),
];

#[test]
fn cz_09_to_15_increase_per_started_ten_percent() {
    for &(id, removed, initial, want) in INCREASE {
        assert_eq!(increase(removed, initial), want, "{id}");
    }
}

/// A fraction `(numerator, denominator)`.
type Fraction = (u32, u32);

/// CZ-16..23: (id, morale, penalty, difficulty + increase, P(pass)).
const PASS: &[(&str, i32, i32, i32, Fraction)] = &[
    ("CZ-16", 3, 0, 5, (9, 10)),
    ("CZ-17", 3, 0, 8, (3, 5)),
    ("CZ-18", 3, 0, 12, (1, 5)),
    ("CZ-19", 3, 0, 17, (0, 1)),
    ("CZ-20", 3 + 6, 0, 17, (3, 10)),
    ("CZ-21", 3, 1, 8, (1, 2)),
    ("CZ-22", 3, 0, 8 + 2, (2, 5)),
    ("CZ-23", 3 + 4, 0, 12, (3, 5)),
];

#[test]
fn cz_16_to_23_chance_to_hold() {
    for &(id, morale, penalty, target, (num, den)) in PASS {
        let tenths = morale_pass_tenths(morale, penalty, target);
        assert_eq!(tenths * den, num * 10, "{id}: {tenths}/10");
        let by_faces = (1..=10)
            .filter(|&d| holds(d, morale, penalty, target, 0))
            .count() as u32;
        assert_eq!(by_faces, tenths, "{id}: the test agrees with the table");
    }
    // The vectors' morale values are the level table's.
    assert_eq!(BASE_MORALE + level_row(7).morale, 9, "CZ-20");
    assert_eq!(BASE_MORALE + level_row(5).morale, 7, "CZ-23");
}

/// CZ-24..27: (id, level, armour, endurance).
const ENDURANCE: &[(&str, u8, Armour, i32)] = &[
    ("CZ-24", 0, Armour::None, 10),
    ("CZ-25", 1, Armour::Light, 25),
    ("CZ-26", 5, Armour::Plate, 70),
    ("CZ-27", 7, Armour::Mail, 60),
];

#[test]
fn cz_24_to_27_endurance() {
    for &(id, level, armour, want) in ENDURANCE {
        let unit = u(1, level, armour, Mount::None, MeleeWeapon::Sidearm);
        assert_eq!(unit.profile().endurance_max, want, "{id}");
    }
}

#[test]
fn cz_28_pursuit_multipliers() {
    let cases = [
        ("heavy infantry", Armour::Mail, Mount::None, 1),
        ("light infantry", Armour::Light, Mount::None, 2),
        ("heavy cavalry", Armour::Plate, Mount::HeavyWarhorse, 2),
        ("light cavalry", Armour::Light, Mount::LightWarhorse, 4),
    ];
    for (what, armour, mount, want) in cases {
        let unit = u(1, 0, armour, mount, MeleeWeapon::Sidearm);
        let p = unit.profile();
        assert_eq!(p.pursuit_multiplier(), want, "CZ-28 {what}");
        // Against a large target the heavy warhorse adds nothing, so this is the pursuit's alone.
        let m = multiplier(&unit, &p, WeaponRef::Melee, Phase::Pursuit, true);
        assert_eq!(m, want, "CZ-28 {what} in an attack");
        let off = multiplier(&unit, &p, WeaponRef::Melee, Phase::Battle, true);
        assert_eq!(off, 1, "CZ-28 {what}: no bonus outside the pursuit");
    }
}

#[test]
fn cz_29_damage_dice() {
    let d = |w: MeleeWeapon, large: bool| w.dice(large).to_string();
    assert_eq!(d(MeleeWeapon::Improvised, false), "1d6", "CZ-29 base");
    assert_eq!(
        d(MeleeWeapon::Glaive, false),
        "1d8",
        "CZ-29 halberd vs infantry"
    );
    assert_eq!(
        d(MeleeWeapon::Glaive, true),
        "2d8",
        "CZ-29 halberd vs large"
    );
    assert_eq!(d(MeleeWeapon::Pike, false), "1d6", "CZ-29 pike vs infantry");
    assert_eq!(d(MeleeWeapon::Pike, true), "1d20", "CZ-29 pike vs large");
    assert_eq!(d(MeleeWeapon::Spear, true), "2d6", "CZ-29 spear vs large");
    assert_eq!(d(MeleeWeapon::GreatAxe, false), "1d12", "CZ-29 great axe");
    assert_eq!(
        d(MeleeWeapon::GreatAxe, true),
        "1d12",
        "CZ-29 great axe vs large"
    );
}

#[test]
fn cz_30_shield_halves_rounding_up() {
    assert_eq!(halve(7), 4, "CZ-30");
    assert_eq!(damage(7, 0, 1, true), 4, "CZ-30 through the damage formula");
}

#[test]
fn cz_31_level_7_chosen_great_axe() {
    let mut unit = u(1, 7, Armour::None, Mount::None, MeleeWeapon::GreatAxe);
    unit.chosen_weapon = Some(WeaponRef::Melee);
    let p = unit.profile();
    assert_eq!(
        attack_dice(&unit, WeaponRef::Melee, false).to_string(),
        "1d12"
    );
    assert_eq!(
        (p.chosen_damage, p.all_damage),
        (3, 2),
        "CZ-31: +3 chosen, +2 all"
    );
    assert_eq!(p.damage_bonus(WeaponRef::Melee), 5, "CZ-31: 1d12 + 3 + 2");
    // A strike that throws 9 on the d12 does 9 + 3 + 2.
    let target = levy(2);
    let hit = super::super::attack::strike(
        (&unit, &p),
        &target,
        WeaponRef::Melee,
        Phase::Battle,
        &mut Script::new(&[(12, 9)]),
    );
    assert_eq!((hit.rolled.clone(), hit.damage), (vec![9], 14), "CZ-31");
}

#[test]
fn cz_32_heavy_warhorse_doubles_on_infantry() {
    let knight = u(
        1,
        0,
        Armour::Plate,
        Mount::HeavyWarhorse,
        MeleeWeapon::Sidearm,
    );
    let p = knight.profile();
    let hit = |target: &Unit| {
        super::super::attack::strike(
            (&knight, &p),
            target,
            WeaponRef::Melee,
            Phase::Battle,
            &mut Script::new(&[(6, 5)]),
        )
    };
    let on_foot = hit(&levy(2));
    assert_eq!((on_foot.multiplier, on_foot.damage), (2, 10), "CZ-32");
    let rider = u(
        3,
        0,
        Armour::None,
        Mount::HeavyWarhorse,
        MeleeWeapon::Sidearm,
    );
    assert_eq!(
        hit(&rider).damage,
        5,
        "CZ-32: no doubling on a large target"
    );
}

#[test]
fn cz_33_light_warhorse_negates_half_of_all_attacks() {
    let attacker = levy(1);
    let p = attacker.profile();
    let rider = u(
        2,
        0,
        Armour::None,
        Mount::LightWarhorse,
        MeleeWeapon::Sidearm,
    );
    let strike = |negation_face: u64| {
        let mut dice = Script::new(&[(2, negation_face), (6, 3)]);
        super::super::attack::strike(
            (&attacker, &p),
            &rider,
            WeaponRef::Melee,
            Phase::Battle,
            &mut dice,
        )
    };
    // One face of the d2 of two negates: p = 1/2.
    let negated = strike(1);
    assert!(
        negated.negated && negated.damage == 0 && negated.rolled.is_empty(),
        "CZ-33"
    );
    let through = strike(2);
    assert!(!through.negated && through.damage == 3, "CZ-33");
    // And over many seeded attacks the share is near one half.
    let mut rng = crate::SplitMix64::new(33);
    let n = 20_000;
    let hits = (0..n)
        .filter(|_| {
            super::super::attack::strike(
                (&attacker, &p),
                &rider,
                WeaponRef::Melee,
                Phase::Battle,
                &mut rng,
            )
            .negated
        })
        .count();
    let share = hits as f64 / n as f64;
    assert!((share - 0.5).abs() < 0.02, "CZ-33: {share}");
}

#[test]
fn cz_34_short_bow_shakes_the_target_and_one_more() {
    let input = battle(vec![horse_archer(1)], vec![levy(11), levy(12), levy(13)]);
    // A skirmish of 1 round; the archer shoots the second levy (below(3) = 1), throws 2 on the d2,
    // and the extra penalty falls on the second of the two others (below(2) = 1): the third levy.
    let mut dice = Script::new(&[(6, 1), (3, 2), (2, 2), (2, 2)]);
    let out = resolve(&input, &mut dice);
    let shot = &out.rounds[0].attacks[0];
    assert_eq!((shot.attacker, shot.target, shot.damage), (1, 12, 2));
    assert_eq!(
        shot.penalised,
        [12, 13],
        "CZ-34: target + 1 other enemy unit"
    );
    let flags: Vec<bool> = out.units[1..].iter().map(|r| r.penalised).collect();
    assert_eq!(flags, [false, true, true]);
}

#[test]
fn cz_34_no_unit_is_shaken_twice() {
    // Two horse archers and two levies: the first shakes both, so the second's hit shakes nobody
    // and draws no extra target.
    let input = battle(
        vec![horse_archer(1), horse_archer(2)],
        vec![levy(11), levy(12)],
    );
    let mut dice = Script::new(&[(6, 1), (2, 1), (2, 1), (1, 1), (1, 1), (2, 2)]);
    let out = resolve(&input, &mut dice);
    let attacks = &out.rounds[0].attacks;
    assert_eq!(attacks[0].target, 11);
    assert_eq!(attacks[0].penalised, [11, 12]);
    assert_eq!(
        attacks[1].target, 12,
        "each unit is attacked once per skirmish round"
    );
    assert!(
        attacks[1].penalised.is_empty(),
        "CZ-34: at most −1 per unit"
    );
    // The morale tests carry the penalty: both levies test at 3 − 1.
    let levy_tests: Vec<i32> = out.rounds[0].morale[2..]
        .iter()
        .map(|m| m.penalty)
        .collect();
    assert_eq!(levy_tests, [1, 1]);
}
