//! Version 2 vectors: weapon choice per round (V2-09..12), screening (V2-16..19), surviving score
//! (V2-29..30) and the seeded battle BTL-01, drawn bit for bit.

use super::*;
use crate::battle::skirmish::fighter::Machine;
use crate::{rating_bonus, Group, SplitMix64, Stats};

/// A figure with the vectors' numbers: weapons `(attack, range, melee)`, total defence, bracket.
pub(crate) fn fighter(
    id: u64,
    health: f64,
    arms: &[(f64, f64, bool)],
    defence: f64,
    bracket: f64,
) -> Fighter {
    let arm = |&(attack, range, melee): &(f64, f64, bool)| Arm {
        attack,
        range,
        melee,
    };
    Fighter {
        id,
        name: format!("F{id}"),
        faction: 1,
        group: Group::Regiment(1),
        hired: false,
        stats: Stats::default(),
        health,
        bracket,
        rating_bonus: rating_bonus(1200.0, 0),
        defence,
        primary: arm(&arms[0]),
        secondary: arms.get(1).map(arm),
        modifier: 1.0,
        machine: None,
        crew_of: None,
        carriage: Default::default(),
    }
}

/// VECTORS.md §N V2-09..12: (id, weapons, the attack swung in rounds 1..=5, 0 for none).
#[allow(clippy::type_complexity)]
const WEAPONS: &[(&str, &[(f64, f64, bool)], [f64; 5])] = &[
    (
        "V2-09",
        &[(6.0, 16.0, false), (2.0, 1.0, true)],
        [6.0, 6.0, 6.0, 6.0, 2.0],
    ),
    ("V2-10", &[(5.0, 12.0, false)], [0.0, 5.0, 5.0, 5.0, 0.0]),
    ("V2-11", &[(8.0, 5.0, true)], [0.0, 0.0, 8.0, 8.0, 8.0]),
    ("V2-12", &[(9.0, 2.0, true)], [0.0, 0.0, 0.0, 9.0, 9.0]),
];

#[test]
fn v2_09_to_12_weapon_per_round() {
    for &(id, arms, want) in WEAPONS {
        let f = fighter(1, 100.0, arms, 0.0, 10.0);
        let got = [1, 2, 3, 4, 5]
            .map(|r| weapon_for_round(&f, r).map_or(0.0, |w| f.arm(w).map_or(0.0, |a| a.attack)));
        assert_eq!(got, want, "{id}");
    }
}

/// VECTORS.md §N V2-16..19: (id, melee figures at the start, the fewest standing that still screen).
const SCREEN: &[(&str, usize, usize)] = &[
    ("V2-16", 10, 4),
    ("V2-17", 9, 4),
    ("V2-18", 3, 2),
    ("V2-19", 1, 1),
];

#[test]
fn v2_16_to_19_screening() {
    for &(id, n0, least) in SCREEN {
        let figs: Vec<Fighter> = (0..n0 as u64)
            .map(|i| fighter(i, 10.0, &[(1.0, 1.0, true)], 0.0, 10.0))
            .collect();
        let mut army = Army::new(&figs);
        let mut fewest = None;
        for standing in (0..=n0).rev() {
            for i in 0..n0 {
                army.hp[i] = if i < standing { 10.0 } else { 0.0 };
            }
            if army.screened() {
                fewest = Some(standing);
            }
        }
        assert_eq!(fewest, Some(least), "{id}");
    }
}

#[test]
fn v2_29_30_surviving_score() {
    let mut f = fighter(1, 100.0, &[(1.0, 1.0, true)], 0.0, 23.5);
    f.modifier = 1.10;
    let figs = [f];
    let mut army = Army::new(&figs);
    army.hp[0] = 50.0;
    assert!(
        crate::testkit::close6(score(&army, HealthCurve::Rules), 17.388901),
        "V2-29"
    );
    army.hp[0] = 0.0;
    assert_eq!(score(&army, HealthCurve::Rules), 0.0, "V2-30");
}

/// BTL-01's line-ups (VECTORS.md §O).
pub(crate) fn btl_01() -> (Vec<Fighter>, Vec<Fighter>) {
    let mut a = vec![
        fighter(1, 120.0, &[(9.0, 2.0, true)], 8.0, 32.0),
        fighter(2, 100.0, &[(6.0, 5.0, true)], 4.0, 22.5),
        fighter(3, 90.0, &[(6.0, 16.0, false), (2.0, 1.0, true)], 1.0, 27.5),
    ];
    for f in &mut a {
        f.name = format!("A{}", f.id);
        f.modifier = 1.144;
    }
    let mut d = vec![
        fighter(11, 150.0, &[(8.0, 1.0, true)], 5.0, 23.5),
        fighter(12, 150.0, &[(8.0, 1.0, true)], 5.0, 23.5),
        fighter(13, 60.0, &[(5.0, 12.0, false)], 1.0, 23.0),
        fighter(14, 200.0, &[(12.0, 18.0, false)], 10.0, 38.5),
        fighter(15, 60.0, &[(3.0, 1.0, true)], 1.0, 9.5),
    ];
    for f in &mut d {
        f.name = format!("D{}", f.id - 10);
        f.modifier = 1.10;
    }
    d[3].machine = Some(Machine {
        kind: 1,
        kind_name: "Catapult".into(),
        crew_work: Some(2),
        crew_min: Some(1),
        stop_round: Some(3),
        attached: 1,
    });
    d[4].crew_of = Some(14);
    (a, d)
}

/// BTL-01 round by round: (attacker dice, defender dice, parry, blows as (from, to, damage), health
/// after for A1..A3 then D1..D5).
#[allow(clippy::type_complexity)]
const BTL_01: &[([u8; 2], [u8; 2], bool, &[(u64, u64, f64)], [f64; 8])] = &[
    (
        [4, 1],
        [2, 1],
        false,
        &[(3, 12, 16.4736), (14, 2, 18.8100)],
        [120.0, 81.19, 90.0, 150.0, 133.5264, 60.0, 200.0, 60.0],
    ),
    (
        [1, 4],
        [2, 3],
        true,
        &[(3, 11, 13.1789), (13, 2, 14.7889), (14, 2, 23.9580)],
        [120.0, 42.4431, 90.0, 136.8211, 133.5264, 60.0, 200.0, 60.0],
    ),
    (
        [4, 1],
        [5, 6],
        false,
        &[
            (2, 11, 16.4736),
            (3, 12, 16.4736),
            (13, 1, 13.1154),
            (14, 2, 30.6900),
        ],
        [
            106.8846, 11.7531, 90.0, 120.3475, 117.0528, 60.0, 200.0, 60.0,
        ],
    ),
    (
        [4, 2],
        [3, 5],
        false,
        &[
            (1, 15, 43.5521),
            (2, 12, 17.5968),
            (3, 15, 27.6521),
            (11, 1, 23.3200),
            (12, 1, 23.3200),
            (13, 2, 16.1944),
            (15, 1, 4.7700),
        ],
        [
            55.4746, -4.4413, 90.0, 120.3475, 99.4560, 60.0, 200.0, -11.2042,
        ],
    ),
    (
        [3, 2],
        [1, 6],
        false,
        &[
            (1, 12, 29.1230),
            (3, 11, 2.8763),
            (11, 1, 22.0000),
            (12, 1, 22.0000),
        ],
        [
            11.4746, -4.4413, 90.0, 117.4712, 70.3330, 60.0, 200.0, -11.2042,
        ],
    ),
];

#[test]
fn btl_01_seeded_battle() {
    let (a, d) = btl_01();
    let out = resolve_v2_lines(&a, &d, &mut SplitMix64::new(2024));
    assert_eq!(out.rounds.len(), BTL_01.len(), "BTL-01 plays five rounds");
    let mut hp: Vec<f64> = a.iter().chain(&d).map(|f| f.health).collect();
    let ids: Vec<u64> = a.iter().chain(&d).map(|f| f.id).collect();
    for (r, (log, want)) in out.rounds.iter().zip(BTL_01).enumerate() {
        let (da, dd, parry, blows, health) = want;
        let at = format!("BTL-01 round {}", r + 1);
        assert_eq!(
            (log.dice.attacker, log.dice.defender, log.dice.parry),
            (*da, *dd, *parry),
            "{at}"
        );
        assert!(log.attacker.screened && log.defender.screened, "{at}");
        let got: Vec<(u64, u64, f64)> = log
            .attacker
            .swings
            .iter()
            .chain(&log.defender.swings)
            .map(|s| (s.figure, s.target, s.damage))
            .collect();
        assert_eq!(got.len(), blows.len(), "{at}: {got:?}");
        for (g, w) in got.iter().zip(blows.iter()) {
            assert_eq!((g.0, g.1), (w.0, w.1), "{at}");
            assert!((g.2 - w.2).abs() < 5e-5, "{at}: {g:?} vs {w:?}");
            let k = ids.iter().position(|&id| id == g.1).unwrap();
            hp[k] -= g.2;
        }
        for (k, (g, w)) in hp.iter().zip(health).enumerate() {
            assert!((g - w).abs() < 5e-5, "{at}: figure {} at {g}", ids[k]);
        }
    }
    assert!((out.score_a - 40.469599).abs() < 5e-7, "{}", out.score_a);
    assert!((out.score_d - 141.309959).abs() < 5e-7, "{}", out.score_d);
    assert_eq!(out.winner, Side::Defender);
    assert_eq!((out.casualties_a, out.casualties_d), (1, 1));
    let final_hp: Vec<f64> = out.health_a.iter().chain(&out.health_d).copied().collect();
    for (g, w) in final_hp.iter().zip(&hp) {
        // Damage is summed per target before it is subtracted, so the sums differ in the last bits.
        assert!(
            (g - w).abs() < 1e-9,
            "the log's blows add up to the final Health"
        );
    }
}

#[test]
fn btl_01_round_log_reasons() {
    let (a, d) = btl_01();
    let out = resolve_v2_lines(&a, &d, &mut SplitMix64::new(2024));
    let reasons = |r: usize, side: Side| -> Vec<String> {
        out.rounds[r]
            .side(side)
            .reach
            .iter()
            .map(|x| format!("{} {} {}", x.figure, x.fought, x.reason.text([&a, &d])))
            .collect()
    };
    assert_eq!(
        reasons(0, Side::Defender),
        [
            "11 false range 1, needed 15",
            "12 false range 1, needed 15",
            "13 false range 12, needed 15",
            "14 true working at 50% (1 of 2 crew)",
            "15 false crewing Catapult until round 4",
        ]
    );
    assert_eq!(
        reasons(3, Side::Defender)[3],
        "14 false stopped after round 3"
    );
    assert_eq!(reasons(4, Side::Attacker)[1], "3 true melee only");
    assert_eq!(out.rounds[3].defender.fallen, [15]);
    assert_eq!(out.rounds[3].attacker.fallen, [2]);
    let share = out.rounds[0].defender.equipment.unwrap();
    assert_eq!(share.share, 1.0, "the catapult dealt all of round 1");
    assert_eq!(out.rounds[0].attacker.equipment, None);
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// A random figure: health, attack, range, melee, defence, bracket, modifier.
    fn arb_fighter() -> impl Strategy<Value = Fighter> {
        (
            1.0..300.0f64,
            0.0..20.0f64,
            0.0..20.0f64,
            any::<bool>(),
            0.0..20.0f64,
            5.0..60.0f64,
            0.1..3.0f64,
        )
            .prop_map(|(h, a, r, melee, d, b, m)| {
                let mut f = fighter(0, h, &[(a, r, melee)], d, b);
                f.modifier = m;
                f
            })
    }

    fn numbered(mut line: Vec<Fighter>, first: u64) -> Vec<Fighter> {
        for (k, f) in line.iter_mut().enumerate() {
            f.id = first + k as u64;
        }
        line
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn a_side_with_no_figures_loses_to_one_with_any(
            line in prop::collection::vec(arb_fighter(), 1..12),
            seed in any::<u64>(),
        ) {
            let line = numbered(line, 1);
            let mut rng = SplitMix64::new(seed);
            let o = resolve_v2_lines(&line, &[], &mut rng);
            prop_assert_eq!(o.winner, Side::Attacker);
            prop_assert!(o.rounds.is_empty());
            let o = resolve_v2_lines(&[], &line, &mut rng);
            prop_assert_eq!(o.winner, Side::Defender);
            let o = resolve_v2_lines(&[], &[], &mut rng);
            prop_assert_eq!(o.winner, Side::Defender);
            prop_assert_eq!(rng, SplitMix64::new(seed), "a battle that is over draws nothing");
        }

        #[test]
        fn ties_go_to_the_defender(
            line in prop::collection::vec(arb_fighter(), 0..12),
            seed in any::<u64>(),
            score in 0.0..1e6f64,
        ) {
            prop_assert_eq!(winner_by_score(score, score), Side::Defender);
            // Two identical lines that cannot hurt each other end level.
            let harmless: Vec<Fighter> = numbered(line, 1)
                .into_iter()
                .map(|mut f| {
                    f.primary.attack = 0.0;
                    f
                })
                .collect();
            let o = resolve_v2_lines(&harmless, &harmless, &mut SplitMix64::new(seed));
            prop_assert_eq!(o.score_a, o.score_d);
            prop_assert_eq!(o.winner, Side::Defender);
        }

        #[test]
        fn the_same_seed_gives_the_same_battle(
            a in prop::collection::vec(arb_fighter(), 0..10),
            d in prop::collection::vec(arb_fighter(), 0..10),
            seed in any::<u64>(),
        ) {
            let (a, d) = (numbered(a, 1), numbered(d, 100));
            let one = resolve_v2_lines(&a, &d, &mut SplitMix64::new(seed));
            let two = resolve_v2_lines(&a, &d, &mut SplitMix64::new(seed));
            prop_assert_eq!(&one, &two);
            let quiet = battle(&a, &d, &mut SplitMix64::new(seed), false);
            prop_assert_eq!((quiet.score_a, quiet.score_d), (one.score_a, one.score_d));
        }
    }
}
