//! VECTORS.md §P (`D6-01..16`), copied here as tables so the tests read nothing outside the repo.

use super::super::*;
use super::{battle_input, Dice};
use crate::SplitMix64;
use std::collections::HashSet;

/// `D6-01..07`: net successes, then the Battle and Siege rows as (row, loss, rolls again).
/// A loss of `None` is "set to 0".
#[allow(clippy::type_complexity)]
const TABLES: &[(
    &str,
    u32,
    (ResultKind, Option<u32>, bool),
    (ResultKind, Option<u32>, bool),
)] = &[
    (
        "D6-01",
        0,
        (ResultKind::Regroup, Some(0), true),
        (ResultKind::Retaliate, Some(1), true),
    ),
    (
        "D6-02",
        1,
        (ResultKind::Wounded, Some(1), true),
        (ResultKind::Grazed, Some(1), false),
    ),
    (
        "D6-03",
        2,
        (ResultKind::Retreat, Some(2), false),
        (ResultKind::Maimed, Some(2), false),
    ),
    (
        "D6-04",
        3,
        (ResultKind::Routed, Some(3), false),
        (ResultKind::Crippled, Some(3), false),
    ),
    (
        "D6-05",
        4,
        (ResultKind::Defeated, Some(4), false),
        (ResultKind::Broken, Some(4), false),
    ),
    (
        "D6-06",
        5,
        (ResultKind::Annihilated, None, false),
        (ResultKind::Devastated, None, false),
    ),
    (
        "D6-07",
        6,
        (ResultKind::Annihilated, None, false),
        (ResultKind::Devastated, None, false),
    ),
];

#[test]
fn d6_01_to_07_result_tables() {
    for &(id, net, battle, siege) in TABLES {
        for (table, (row, loss, again)) in [(Table::Battle, battle), (Table::Siege, siege)] {
            let got = ResultKind::of(table, net);
            assert_eq!(got, row, "{id} {table:?}");
            assert_eq!(got.loss(), loss, "{id} {table:?}");
            assert_eq!(got.rolls_again(), again, "{id} {table:?}");
        }
    }
}

#[test]
fn d6_08_one_die_succeeds_one_time_in_three() {
    let faces = (1..=6).filter(|&f| is_success(f)).count();
    assert_eq!((faces, 6), (2, 6));
    assert_eq!(successes_pmf(1), [2.0 / 3.0, 1.0 / 3.0]);
}

/// Exact weights: successes on `n` dice, each success weighing 1 and each failure 2 (of 3).
fn exact_pmf(n: u32) -> Vec<u128> {
    let mut w = vec![1u128];
    for _ in 0..n {
        let mut next = vec![0u128; w.len() + 1];
        for (k, x) in w.iter().enumerate() {
            next[k] += 2 * x;
            next[k + 1] += x;
        }
        w = next;
    }
    w
}

#[test]
fn d6_09_successes_on_might_3() {
    // 0: 8/27, 1: 4/9 = 12/27, 2: 2/9 = 6/27, 3: 1/27.
    assert_eq!(exact_pmf(3), [8, 12, 6, 1]);
    let want = [8.0 / 27.0, 4.0 / 9.0, 2.0 / 9.0, 1.0 / 27.0];
    for (got, want) in successes_pmf(3).iter().zip(want) {
        assert!((got - want).abs() < 1e-15, "{got} vs {want}");
    }
}

/// `D6-10..12`: Might 5 against 3, one roll: (id, the event, numerator over 3⁸ = 6561).
const FIVE_VS_THREE: &[(&str, &str, u128)] = &[
    ("D6-10", "tie", 1736),
    ("D6-11", "5-side more successes", 3577),
    ("D6-12", "5-side by 2 or more", 1727),
];

#[test]
fn d6_10_to_12_might_5_against_3() {
    let (a, b) = (exact_pmf(5), exact_pmf(3));
    let exact = |pred: &dyn Fn(i64) -> bool| -> u128 {
        let mut n = 0;
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                if pred(i as i64 - j as i64) {
                    n += x * y;
                }
            }
        }
        n
    };
    let odds = roll_odds(5, 3);
    for &(id, event, want) in FIVE_VS_THREE {
        let (numerator, float) = match event {
            "tie" => (exact(&|d| d == 0), odds.tie()),
            "5-side more successes" => (exact(&|d| d > 0), odds.wins_by(Party::A, 1)),
            _ => (exact(&|d| d >= 2), odds.wins_by(Party::A, 2)),
        };
        assert_eq!(numerator, want, "{id}");
        let p = want as f64 / 6561.0;
        assert!((float - p).abs() < 1e-12, "{id}: {float} vs {p}");
    }
    // The roll ends in the 5-side's favour with the printed 0.263222.
    assert!((odds.wins_by(Party::A, 2) - 0.263222).abs() < 5e-7);
}

#[test]
fn d6_13_a_wounds_b_and_they_roll_again() {
    let s = score_roll(Table::Battle, &[6, 5, 2, 1], &[1, 2, 5]);
    assert_eq!((s.succ_a, s.succ_b, s.net), (2, 1, 1));
    assert_eq!((s.result, s.loser), (ResultKind::Wounded, Some(Party::B)));
    // In a phase: B loses one Might and the dice are rolled again at once.
    let input = battle_input(4, 3);
    let mut dice = Dice::new(&[6, 5, 2, 1, 1, 2, 5, /* again */ 5, 5, 5, 5, 1, 1]);
    let out = resolve(&input, &mut dice);
    let e = &out.conflicts[0].engagements[0];
    assert_eq!(e.rolls[0].losses, [Loss { army: 2, points: 1 }]);
    assert_eq!(e.rolls[0].might_after, [4, 2]);
    assert_eq!(e.rolls[1].dice_b.len(), 2, "B rolls its remaining Might");
    assert_eq!(e.rolls[1].result, ResultKind::Defeated);
}

#[test]
fn d6_14_retaliate_costs_the_besiegers_only() {
    let s = score_roll(Table::Siege, &[5, 1], &[6, 2]);
    assert_eq!((s.net, s.result, s.loser), (0, ResultKind::Retaliate, None));
    let mut input = battle_input(2, 2);
    input.armies[1].garrison = true;
    input.conflicts[0].kind = ConflictKind::Siege;
    // Retaliate, then the besiegers' last die against two successes: Maimed, besiegers at 0.
    let mut dice = Dice::new(&[5, 1, 6, 2, 1, 5, 6]);
    let out = resolve(&input, &mut dice);
    let e = &out.conflicts[0].engagements[0];
    assert_eq!(e.rolls[0].losses, [Loss { army: 1, points: 1 }]);
    assert_eq!(e.rolls[0].might_after, [1, 2], "garrison unharmed");
    assert_eq!(e.rolls[1].result, ResultKind::Maimed);
    assert_eq!(out.conflicts[0].status, ConflictStatus::Lifted);
    assert_eq!(out.armies[1].might_end, 2);
}

#[test]
fn d6_15_ffa_first_pair_is_the_ten_and_the_roll_off_winner() {
    // Realms X = 1, Y = 2 (Influence 3), Z = 3 (Influence 2); Mights 10, 8, 8.
    let contenders =
        [(1, 1, 0, 10), (2, 2, 3, 8), (3, 3, 2, 8)].map(|(army, realm, influence, might)| {
            Contender {
                army,
                side: army as usize,
                realm,
                influence,
                might,
            }
        });
    let mut winners = HashSet::new();
    for seed in 0..40 {
        let mut rng = SplitMix64::new(seed);
        let ((first, second), off) = next_ffa_pair(&contenders, &HashSet::new(), &mut rng).unwrap();
        let off = off.expect("the 8s tie at the cut");
        assert_eq!(first, 1, "the 10 fights first");
        assert_eq!(second, off.ranking[0], "the roll-off's winner");
        // The first roll: Y's 3d6 then Z's 2d6, drawn in ascending realm id from the seed.
        let mut check = SplitMix64::new(seed);
        let dice: Vec<u8> = (0..5).map(|_| crate::die(&mut check, 6) as u8).collect();
        let round = &off.rounds[0];
        assert_eq!((round[0].realm, &round[0].dice[..]), (2, &dice[..3]));
        assert_eq!((round[1].realm, &round[1].dice[..]), (3, &dice[3..]));
        let (y, z) = (successes(&dice[..3]), successes(&dice[3..]));
        if y != z {
            assert_eq!(off.rounds.len(), 1);
            assert_eq!(second, if y > z { 2 } else { 3 });
        } else {
            assert!(off.rounds.len() > 1, "a tie rerolls");
        }
        winners.insert(second);
    }
    assert_eq!(winners.len(), 2, "either 8 can win the roll-off");
}

/// `D6-16`: A Might 4 against B Might 3, SplitMix64(11), in the vector's own words.
const D6_16: &str = "\
A rolls [2, 2, 4, 4] (0), B rolls [1, 4, 1] (0) -> net 0 Regroup; Might A=4 B=3
A rolls [5, 3, 6, 1] (2), B rolls [2, 6, 6] (2) -> net 0 Regroup; Might A=4 B=3
A rolls [6, 2, 4, 6] (2), B rolls [5, 5, 2] (2) -> net 0 Regroup; Might A=4 B=3
A rolls [5, 5, 3, 4] (2), B rolls [6, 6, 5] (3) -> net 1 Wounded loser A; Might A=3 B=3
A rolls [3, 6, 4] (1), B rolls [2, 4, 4] (0) -> net 1 Wounded loser B; Might A=3 B=2
A rolls [3, 6, 2] (1), B rolls [2, 4] (0) -> net 1 Wounded loser B; Might A=3 B=1
A rolls [1, 3, 1] (0), B rolls [6] (1) -> net 1 Wounded loser A; Might A=2 B=1
A rolls [5, 4] (1), B rolls [3] (0) -> net 1 Wounded loser B; Might A=2 B=0
side with Might 0 ceases to exist; A=2 B=0
";

#[test]
fn d6_16_seeded_battle() {
    let mut input = battle_input(4, 3);
    input.seed = 11;
    let out = play(&input);
    let e = &out.conflicts[0].engagements[0];
    assert_eq!(e.render(), D6_16);
    assert_eq!(e.ending, Ending::Exhausted { party: Party::B });
    assert_eq!(out.armies[0].disposition, Disposition::Stays);
    assert_eq!(out.armies[1].disposition, Disposition::Destroyed);
}
