//! Property tests of a Warfare phase: it is a pure function of its input, Might only falls and never
//! below 0, every roll throws exactly each side's Might in dice, and garrisons never move.

use super::super::*;
use proptest::prelude::*;

/// A valid phase: realms, armies, a battle of the first `in_battle` armies (one side per realm,
/// two or more realms), and a siege of realm 0's settlement by whoever `besieges`.
fn phase() -> impl Strategy<Value = WarfareInput> {
    (
        any::<u64>(),
        prop::collection::vec(0u32..4, 2..5),
        prop::collection::vec(
            (0usize..4, 1u32..9, 0u32..4, prop::option::of(0u32..5)),
            2..9,
        ),
        0usize..9,
        1u32..7,
        any::<u16>(),
    )
        .prop_map(|(seed, influence, armies, in_battle, garrison, besieges)| {
            let realms: Vec<WarRealm> = influence
                .iter()
                .enumerate()
                .map(|(i, &influence)| WarRealm {
                    id: i as u64 + 1,
                    name: format!("R{i}"),
                    influence,
                })
                .collect();
            let mut list: Vec<Army> = armies
                .iter()
                .enumerate()
                .map(|(i, &(realm, might, speed, refuge))| Army {
                    id: i as u64 + 1,
                    name: format!("A{i}"),
                    realm: (realm % realms.len()) as u64 + 1,
                    might,
                    speed,
                    refuge,
                    garrison: false,
                })
                .collect();
            let mut conflicts = Vec::new();
            let mut sides: Vec<(u64, Vec<u64>)> = Vec::new();
            for a in list.iter().take(in_battle) {
                match sides.iter_mut().find(|s| s.0 == a.realm) {
                    Some(s) => s.1.push(a.id),
                    None => sides.push((a.realm, vec![a.id])),
                }
            }
            if sides.len() >= 2 {
                conflicts.push(Conflict {
                    id: 1,
                    name: "battle".into(),
                    kind: ConflictKind::Battle,
                    sides: sides.into_iter().map(|s| s.1).collect(),
                });
            }
            let g = list.len() as u64 + 1;
            let (mut attack, mut defend) = (Vec::new(), vec![g]);
            for (k, a) in list.iter().enumerate() {
                if besieges & (1 << k) != 0 {
                    if a.realm == 1 {
                        defend.push(a.id);
                    } else {
                        attack.push(a.id);
                    }
                }
            }
            list.push(Army {
                id: g,
                name: "Garrison".into(),
                realm: 1,
                might: garrison,
                speed: 0,
                refuge: None,
                garrison: true,
            });
            if !attack.is_empty() {
                conflicts.push(Conflict {
                    id: 2,
                    name: "siege".into(),
                    kind: ConflictKind::Siege,
                    sides: vec![attack, defend],
                });
            }
            WarfareInput {
                seed,
                realms,
                armies: list,
                conflicts,
            }
        })
        .prop_filter("a phase with a conflict", |p| !p.conflicts.is_empty())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_phase_is_a_pure_function_of_its_input(input in phase()) {
        prop_assert_eq!(input.validate(), Ok(()));
        let out = play(&input);
        prop_assert_eq!(&play(&input), &out);
        let text = serde_json::to_string(&input).unwrap();
        prop_assert_eq!(&play(&parse(&text).unwrap()), &out, "same after a serde round-trip");
        let back: WarfareOutcome =
            serde_json::from_str(&serde_json::to_string(&out).unwrap()).unwrap();
        prop_assert_eq!(back, out);
    }

    #[test]
    fn might_only_falls_and_losses_never_exceed_it(input in phase()) {
        let out = play(&input);
        let mut lost = vec![0u32; input.armies.len()];
        for e in out.conflicts.iter().flat_map(|c| &c.engagements) {
            for l in e.rolls.iter().flat_map(|r| &r.losses) {
                lost[input.armies.iter().position(|a| a.id == l.army).unwrap()] += l.points;
            }
        }
        for ((a, r), lost) in input.armies.iter().zip(&out.armies).zip(lost) {
            prop_assert_eq!(r.might_start, a.might);
            prop_assert!(r.might_end <= a.might);
            prop_assert!(lost <= a.might, "army {} lost {} of {}", a.id, lost, a.might);
            prop_assert_eq!(r.might_end == 0, r.disposition == Disposition::Destroyed);
            if r.disposition != Disposition::Destroyed {
                prop_assert_eq!(r.might_end, a.might - lost);
            }
            if a.garrison {
                prop_assert!(matches!(r.disposition, Disposition::Stays | Disposition::Destroyed));
            }
        }
    }

    #[test]
    fn every_roll_throws_each_sides_might(input in phase()) {
        let out = play(&input);
        for c in &out.conflicts {
            for e in &c.engagements {
                let mut might = e.might_start;
                for (k, r) in e.rolls.iter().enumerate() {
                    prop_assert_eq!([r.dice_a.len() as u32, r.dice_b.len() as u32], might);
                    prop_assert!(r.dice_a.iter().chain(&r.dice_b).all(|d| (1..=6).contains(d)));
                    let s = score_roll(
                        if c.kind == ConflictKind::Siege { Table::Siege } else { Table::Battle },
                        &r.dice_a,
                        &r.dice_b,
                    );
                    prop_assert_eq!((s.net, s.result, s.loser), (r.net, r.result, r.loser));
                    let last = k + 1 == e.rolls.len();
                    prop_assert!(last || r.result.rolls_again(), "only the last roll may end it");
                    prop_assert!(r.might_after[0] <= might[0] && r.might_after[1] <= might[1]);
                    might = r.might_after;
                }
                let exhausted = might.contains(&0);
                prop_assert_eq!(matches!(e.ending, Ending::Exhausted { .. }),
                    exhausted && e.rolls.last().is_some_and(|r| r.result.rolls_again()));
            }
        }
    }
}
