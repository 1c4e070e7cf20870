//! The Warfare mapping: armies per regiment, household, machines and hires; Might from Power;
//! refuges; the winner read from the ending; and the monotone Might invariant.

use super::*;
use crate::battle::systems::warfare::resolve;
use crate::testkit::{demo_setup, fighter};
use crate::{AttackType, SplitMix64, Stats};
use proptest::prelude::*;

fn stats(attack: f64, defence: f64, movement: f64) -> Stats {
    Stats {
        attack_power: Some(attack),
        attack_range: Some(1.0),
        attack_type: Some(AttackType::Melee),
        defense_strength: Some(defence),
        movement: Some(movement),
        ..Stats::default()
    }
}

#[test]
fn might_is_power_in_hundreds_rounded_and_at_least_one() {
    assert_eq!(might_of(0.0), 1);
    assert_eq!(might_of(49.0), 1);
    assert_eq!(might_of(150.0), 2);
    assert_eq!(might_of(449.9), 4);
    assert_eq!(might_of(1e12), LIMITS.might);
    assert_eq!(might_of(f64::NAN), 1);
}

#[test]
fn the_demo_maps_to_one_valid_battle_with_an_army_per_regiment() {
    let s = demo_setup(7);
    let input = from_setup(&s, 7);
    input.validate().expect("the mapped phase validates");
    assert_eq!(input.conflicts.len(), 1);
    assert_eq!(input.conflicts[0].kind, ConflictKind::Battle);
    for (k, line) in [&s.attacker_line, &s.defender_line].into_iter().enumerate() {
        let mut regiments: Vec<u64> = line
            .iter()
            .filter(|f| !f.hired)
            .filter_map(|f| match f.group {
                Group::Regiment(id) => Some(id),
                _ => None,
            })
            .collect();
        regiments.sort_unstable();
        regiments.dedup();
        let names: Vec<&str> = input.conflicts[0].sides[k]
            .iter()
            .map(|id| {
                input
                    .armies
                    .iter()
                    .find(|a| a.id == *id)
                    .unwrap()
                    .name
                    .as_str()
            })
            .collect();
        let mapped = names.iter().filter(|n| n.contains(" regiment ")).count();
        assert_eq!(mapped, regiments.len(), "{names:?}");
        // Every figure's Power is in exactly one army: the Might sum matches the line's Power.
        let total: f64 = line.iter().map(field_power).sum();
        let might: u32 = input.conflicts[0].sides[k]
            .iter()
            .map(|id| input.armies.iter().find(|a| a.id == *id).unwrap().might)
            .sum();
        let armies = input.conflicts[0].sides[k].len() as f64;
        assert!(
            (f64::from(might) - total / POWER_PER_MIGHT).abs() <= armies,
            "{might} dice for {total} Power"
        );
    }
}

#[test]
fn household_hires_and_machines_march_apart() {
    let mut s = demo_setup(7);
    let mut hire = fighter(900, Group::Crest, stats(5.0, 2.0, 4.0));
    hire.hired = true;
    s.attacker_line = vec![
        fighter(1, Group::Leader, stats(8.0, 6.0, 4.0)),
        fighter(2, Group::Generals, stats(7.0, 5.0, 4.0)),
        fighter(3, Group::Regiment(10), stats(5.0, 3.0, 3.0)),
        fighter(4, Group::Equipment(4), stats(20.0, 3.0, 1.0)),
        fighter(5, Group::Regiment(10), stats(5.0, 3.0, 5.0)),
        hire,
    ];
    let input = from_setup(&s, 1);
    let names: Vec<&str> = input.conflicts[0].sides[0]
        .iter()
        .map(|id| input.armies[(*id - 1) as usize].name.as_str())
        .collect();
    let a = &s.attacker.name;
    assert_eq!(
        names,
        [
            format!("{a} household"),
            format!("{a} regiment 1"),
            format!("{a} war machines 1"),
            format!("{a} mercenaries"),
        ]
    );
    // Movement 3 and 5 make Speed 4; the attacker has no refuge, the defender its own ground.
    assert_eq!(input.armies[1].speed, 4);
    assert!(input.armies[..4].iter().all(|a| a.refuge.is_none()));
    let defenders = &input.conflicts[0].sides[1];
    assert!(defenders
        .iter()
        .all(|id| input.armies[(*id - 1) as usize].refuge == Some(0)));
}

#[test]
fn the_side_modifier_scales_might() {
    let mut s = demo_setup(7);
    let line: Vec<Fighter> = (1..=10)
        .map(|k| fighter(k, Group::Regiment(1), stats(8.0, 6.0, 4.0)))
        .collect();
    s.attacker_line = line.clone();
    let full = from_setup(&s, 1).armies[0].might;
    s.attacker_line = line
        .into_iter()
        .map(|mut f| {
            f.modifier = 0.5;
            f
        })
        .collect();
    let halved = from_setup(&s, 1).armies[0].might;
    assert!(halved < full, "{halved} against {full}");
}

#[test]
fn the_winner_follows_the_ending() {
    let s = demo_setup(7);
    let input = from_setup(&s, 7);
    for seed in 0..40 {
        let o = resolve(&input, &mut SplitMix64::new(seed));
        let e = o.conflicts[0].engagements.last().expect("a fought battle");
        let w = map_winner(&input, &o);
        match e.ending {
            Ending::Result { loser, .. } | Ending::Exhausted { party: loser } => {
                assert_eq!(w == Side::Attacker, loser == Party::B)
            }
            Ending::Stalemate => assert_eq!(w, Side::Defender),
        }
    }
}

#[test]
fn an_empty_side_loses_unopposed_and_nobody_at_all_is_the_defenders() {
    let mut s = demo_setup(7);
    s.defender_line.clear();
    let input = from_setup(&s, 7);
    let o = resolve(&input, &mut SplitMix64::new(1));
    assert_eq!(map_winner(&input, &o), Side::Attacker);
    s.attacker_line.clear();
    let input = from_setup(&s, 7);
    let o = resolve(&input, &mut SplitMix64::new(1));
    assert_eq!(map_winner(&input, &o), Side::Defender);
}

proptest! {
    /// More Power never gives less Might.
    #[test]
    fn more_power_never_less_might(p in 0.0f64..1e6, extra in 0.0f64..1e6) {
        prop_assert!(might_of(p + extra) >= might_of(p));
    }

    /// Stronger figures never make an army weaker, and every mapped phase validates.
    #[test]
    fn a_stronger_regiment_never_has_less_might(
        figures in prop::collection::vec((0.0f64..12.0, 0.0f64..10.0, 0.0f64..8.0), 1..30),
        boost in 0.0f64..10.0,
    ) {
        let mut s = demo_setup(3);
        let line = |b: f64| -> Vec<Fighter> {
            figures.iter().enumerate()
                .map(|(k, &(a, d, m))| fighter(k as u64 + 1, Group::Regiment(1), stats(a + b, d, m)))
                .collect()
        };
        s.attacker_line = line(0.0);
        let weak = from_setup(&s, 1);
        prop_assert!(weak.validate().is_ok());
        s.attacker_line = line(boost);
        let strong = from_setup(&s, 1);
        prop_assert!(strong.armies[0].might >= weak.armies[0].might);
    }
}
