//! The Střet armád mapping: weapons, armour, shield and mount from the gear, the cavalry rule,
//! training level from rating and modifier, a valid demo battle, and monotone invariants.

use super::*;
use crate::testkit::{demo_setup, fighter};
use crate::{AttackType, Group, SplitMix64, Stats};
use proptest::prelude::*;

fn armed(attack: f64, range: f64, kind: AttackType, ds: f64) -> Stats {
    Stats {
        attack_power: Some(attack),
        attack_range: Some(range),
        attack_type: Some(kind),
        defense_strength: Some(ds),
        ..Stats::default()
    }
}

fn unit(s: Stats) -> Unit {
    unit_of(&fighter(1, Group::Regiment(1), s), 1)
}

#[test]
fn the_demo_armory_maps_to_the_tables() {
    use AttackType::{Melee as M, Ranged as R};
    let melee = |a, r| unit(armed(a, r, M, 0.0)).melee;
    assert_eq!(melee(2.0, 1.0), MeleeWeapon::Sidearm, "dagger");
    assert_eq!(melee(8.0, 1.0), MeleeWeapon::GreatAxe, "battle axe");
    assert_eq!(melee(5.0, 3.0), MeleeWeapon::Spear, "spear");
    assert_eq!(melee(8.0, 4.0), MeleeWeapon::Glaive, "halberd");
    assert_eq!(melee(6.0, 5.0), MeleeWeapon::Pike, "pike");
    assert_eq!(melee(0.0, 0.0), MeleeWeapon::Improvised, "bare hands");
    let missile = |a, r| unit(armed(a, r, R, 0.0)).missile;
    assert_eq!(
        missile(4.0, 10.0),
        Some(MissileWeapon::ShortBow),
        "shortbow"
    );
    assert_eq!(
        missile(6.0, 12.0),
        Some(MissileWeapon::LightCrossbow),
        "crossbow"
    );
    assert_eq!(missile(6.0, 16.0), Some(MissileWeapon::Longbow), "longbow");
    assert_eq!(
        missile(18.0, 13.0),
        Some(MissileWeapon::HeavyCrossbow),
        "ballista"
    );
    assert_eq!(unit(armed(5.0, 1.0, M, 0.0)).missile, None);
    let armour = |ds| unit(armed(5.0, 1.0, M, ds)).armour;
    assert_eq!(armour(0.0), Armour::None);
    assert_eq!(armour(2.0), Armour::Light, "leather");
    assert_eq!(armour(4.0), Armour::Half, "chainmail");
    assert_eq!(armour(6.0), Armour::Mail, "breastplate");
    assert_eq!(armour(8.0), Armour::Plate, "full plate");
}

#[test]
fn a_shield_stays_only_with_a_sidearm_or_spear() {
    let with_shield = |a, r| {
        let mut s = armed(a, r, AttackType::Melee, 2.0);
        s.secondary_defense = Some(2.0);
        unit(s).shield
    };
    assert!(with_shield(5.0, 1.0));
    assert!(with_shield(5.0, 3.0));
    assert!(!with_shield(6.0, 5.0), "no shield with a pike");
}

#[test]
fn riders_carry_cavalry_weapons() {
    let mut f = fighter(
        1,
        Group::Regiment(1),
        armed(6.0, 5.0, AttackType::Melee, 4.0),
    );
    f.carriage = Carriage::Barded;
    let u = unit_of(&f, 1);
    assert_eq!(u.mount, Mount::HeavyWarhorse);
    assert_eq!(
        u.melee,
        MeleeWeapon::Spear,
        "a pike on horseback is a lance"
    );
    f.carriage = Carriage::Mounted;
    f.secondary = Some(crate::Arm::new(
        Some(6.0),
        Some(16.0),
        Some(AttackType::Ranged),
    ));
    let u = unit_of(&f, 1);
    assert_eq!(u.mount, Mount::LightWarhorse);
    assert_eq!(u.missile, Some(MissileWeapon::ShortBow));
}

#[test]
fn level_follows_rating_bonus_and_modifier() {
    let mut f = fighter(1, Group::Regiment(1), Stats::default());
    assert_eq!(level_of(&f), 0);
    f.rating_bonus = 1.25;
    assert_eq!(level_of(&f), 4, "(1.25 − 1) × 14 = 3.5");
    f.rating_bonus = 1.5;
    assert_eq!(level_of(&f), 7);
    f.modifier = 0.8;
    assert_eq!(level_of(&f), 3, "1.2 → 2.8");
    f.modifier = 3.0;
    assert_eq!(level_of(&f), MAX_LEVEL);
    f.modifier = f64::NAN;
    assert_eq!(level_of(&f), 0);
}

#[test]
fn the_demo_maps_to_a_valid_battle_with_a_unit_per_photo() {
    let s = demo_setup(7);
    let input = from_setup(&s, 7);
    input.validate().expect("the mapped battle validates");
    assert_eq!(input.a.units.len(), s.attacker_line.len());
    assert_eq!(input.b.units.len(), s.defender_line.len());
    assert_eq!(input.a.name, s.attacker.name);
    let o = super::super::resolve(&input, &mut SplitMix64::new(3));
    let w = map_winner(&o);
    assert_eq!(w == Side::Attacker, o.winner == Some(ArmySide::A));
}

proptest! {
    /// Any figure maps to a unit 002 accepts.
    #[test]
    fn every_figure_maps_to_a_valid_unit(
        attack in 0.0f64..30.0, range in 0.0f64..25.0, ranged in any::<bool>(),
        ds in -1.0f64..12.0, shield in 0.0f64..3.0, carriage in 0usize..4,
        bonus in 0.5f64..2.0, modifier in 0.0f64..3.0,
    ) {
        let kind = if ranged { AttackType::Ranged } else { AttackType::Melee };
        let mut s = armed(attack, range, kind, ds);
        s.secondary_defense = Some(shield);
        let mut f = fighter(1, Group::Regiment(1), s);
        f.carriage = [Carriage::Foot, Carriage::Mounted, Carriage::Barded, Carriage::Flying][carriage];
        f.rating_bonus = bonus;
        f.modifier = modifier;
        let mut setup = demo_setup(1);
        setup.attacker_line = vec![f];
        prop_assert!(from_setup(&setup, 1).validate().is_ok());
    }

    /// More body armour never maps to lighter armour; a higher rating never to a lower level.
    #[test]
    fn more_never_maps_to_less(ds in 0.0f64..12.0, more in 0.0f64..5.0, bonus in 1.0f64..1.5, up in 0.0f64..0.5) {
        let a = |d| armour_of(&fighter(1, Group::Regiment(1), armed(5.0, 1.0, AttackType::Melee, d)));
        prop_assert!(a(ds + more).endurance() >= a(ds).endurance());
        let mut f = fighter(1, Group::Regiment(1), Stats::default());
        f.rating_bonus = bonus;
        let low = level_of(&f);
        f.rating_bonus = bonus + up;
        prop_assert!(level_of(&f) >= low);
    }
}
