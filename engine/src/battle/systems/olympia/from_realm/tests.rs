//! The Olympia mapping: nobles from the leader and generals with items from their gear, men
//! rated by their numbers, counts from strength and modifier, rows, and monotone invariants.

use super::*;
use crate::testkit::{demo_setup, fighter};
use crate::{AttackType, SplitMix64, Stats};
use proptest::prelude::*;

fn melee(attack: f64, defence: f64) -> Stats {
    Stats {
        attack_power: Some(attack),
        attack_range: Some(1.0),
        attack_type: Some(AttackType::Melee),
        defense_strength: Some(defence),
        movement: Some(4.0),
        ..Stats::default()
    }
}

fn ranged(attack: f64) -> Stats {
    Stats {
        attack_power: Some(attack),
        attack_range: Some(12.0),
        attack_type: Some(AttackType::Ranged),
        defense_strength: Some(1.0),
        ..Stats::default()
    }
}

#[test]
fn the_ladder_rates_figures_by_their_numbers() {
    let kind = |s: Stats| kind_of(&fighter(1, Group::Regiment(1), s));
    assert_eq!(kind(melee(3.0, 2.0)), Kind::Soldier);
    assert_eq!(kind(melee(7.0, 6.0)), Kind::Swordsman);
    assert_eq!(kind(melee(10.0, 10.0)), Kind::Knight);
    assert_eq!(kind(melee(14.0, 12.0)), Kind::EliteGuard);
    assert_eq!(kind(melee(3.0, 8.0)), Kind::Pikeman);
    assert_eq!(kind(ranged(2.0)), Kind::Crossbowman);
    assert_eq!(kind(ranged(6.0)), Kind::Archer);
    assert_eq!(kind(ranged(7.0)), Kind::EliteArcher);
    let mut rider = fighter(1, Group::Regiment(1), melee(3.0, 2.0));
    rider.carriage = Carriage::Mounted;
    assert_eq!(kind_of(&rider), Kind::Knight);
}

#[test]
fn leader_and_generals_are_nobles_with_items_from_their_gear() {
    let mut s = demo_setup(7);
    let mut leader = fighter(1, Group::Leader, melee(8.0, 6.0));
    leader.health = 250.0;
    let mut general = fighter(2, Group::Generals, melee(6.0, 4.0));
    general.modifier = 0.5;
    s.attacker_line = vec![
        fighter(3, Group::Regiment(9), melee(5.0, 3.0)),
        leader,
        general,
        fighter(4, Group::Regiment(9), ranged(6.0)),
    ];
    let input = from_setup(&s, 5);
    let units = &input.attacker.units;
    assert_eq!(units.len(), 3, "two nobles and one regiment");
    let noble = units[0].noble.as_ref().expect("the leader is a noble");
    assert_eq!(noble.health, 100, "Health caps at 003's 100");
    let bonus: Vec<(u32, u32, u32)> = noble
        .items
        .iter()
        .map(|i| (i.attack, i.defense, i.missile))
        .collect();
    assert_eq!(bonus, [(40, 0, 0), (0, 30, 0)]);
    let halved = units[1].noble.as_ref().unwrap();
    assert_eq!(halved.items[0].attack, 15, "6 × 5 × modifier 0.5");
    let band = &units[2];
    assert!(band.noble.is_none());
    assert_eq!(band.name, format!("{} regiment 1", s.attacker.name));
    assert_eq!(
        band.men,
        [
            Men {
                kind: Kind::Swordsman,
                count: 4,
                behind: 0
            },
            Men {
                kind: Kind::Archer,
                count: 4,
                behind: 1
            },
        ]
    );
}

#[test]
fn the_demo_maps_to_a_valid_battle_that_resolves() {
    let s = demo_setup(7);
    let input = from_setup(&s, 7);
    input.validate().expect("the mapped battle validates");
    let nobles = |line: &[Fighter]| {
        line.iter()
            .filter(|f| !f.hired && matches!(f.group, Group::Leader | Group::Generals))
            .count()
    };
    let count = |f: &Force| f.units.iter().filter(|u| u.noble.is_some()).count();
    assert_eq!(count(&input.attacker), nobles(&s.attacker_line));
    assert_eq!(count(&input.defender), nobles(&s.defender_line));
    let o = super::super::resolve(&input, &mut SplitMix64::new(1));
    assert_eq!(o, super::super::resolve(&input, &mut SplitMix64::new(1)));
}

proptest! {
    /// More strength (Health, rating bonus or modifier) never fields fewer men, and a figure
    /// always fields at least one.
    #[test]
    fn more_strength_never_fewer_men(
        health in 1.0f64..500.0, extra in 0.0f64..300.0,
        modifier in 0.0f64..3.0, more in 0.0f64..1.0,
    ) {
        let mut f = fighter(1, Group::Regiment(1), melee(5.0, 3.0));
        f.health = health;
        f.modifier = modifier;
        let base = men_of(&f);
        prop_assert!(base >= 1);
        f.health = health + extra;
        f.modifier = modifier + more;
        prop_assert!(men_of(&f) >= base);
    }

    /// More melee Attack or Defense never rates a foot figure (who is no pikeman) a lower rung.
    #[test]
    fn better_numbers_never_a_lower_rung(a in 0.0f64..20.0, d in 0.0f64..20.0, up in 0.0f64..10.0) {
        let rung = |k: Kind| match k {
            Kind::Soldier => 0, Kind::Swordsman => 1, Kind::Knight => 2, Kind::EliteGuard => 3,
            _ => -1,
        };
        let lo = kind_of(&fighter(1, Group::Regiment(1), melee(a, d)));
        let hi = kind_of(&fighter(1, Group::Regiment(1), melee(a + up, d)));
        if rung(lo) >= 0 && rung(hi) >= 0 {
            prop_assert!(rung(hi) >= rung(lo));
        }
    }
}
