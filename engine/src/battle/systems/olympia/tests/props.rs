//! Property tests of an Olympia battle: it is a pure function of its input, a force that breaks
//! stops fighting and the other wins, the log agrees with the fates and values it reports, and
//! prisoners follow their rolls.

use super::super::*;
use crate::Side;
use proptest::prelude::*;

const KINDS: [Kind; 16] = [
    Kind::Peasant,
    Kind::Worker,
    Kind::Sailor,
    Kind::Soldier,
    Kind::BlessedSoldier,
    Kind::Pikeman,
    Kind::Swordsman,
    Kind::Pirate,
    Kind::Knight,
    Kind::EliteGuard,
    Kind::Crossbowman,
    Kind::Archer,
    Kind::EliteArcher,
    Kind::Catapult,
    Kind::BatteringRam,
    Kind::SiegeTower,
];

fn item() -> impl Strategy<Value = Item> {
    (0u32..30, 0u32..30, 0u32..30).prop_map(|(attack, defense, missile)| Item {
        name: "item".into(),
        attack,
        defense,
        missile,
    })
}

fn unit() -> impl Strategy<Value = (Option<Noble>, Vec<Men>)> {
    let noble = (1u32..=100, prop::collection::vec(item(), 0..3), 0u8..2).prop_map(
        |(health, items, behind)| Noble {
            health,
            items,
            behind,
        },
    );
    let men = (0usize..KINDS.len(), 1u32..6, 0u8..3).prop_map(|(k, count, behind)| Men {
        kind: KINDS[k],
        count,
        behind,
    });
    (prop::option::of(noble), prop::collection::vec(men, 0..3))
}

fn structure() -> impl Strategy<Value = Option<Structure>> {
    prop::option::of(
        (0usize..5, 0u32..40, 0u32..100).prop_map(|(k, defense, damage)| {
            let kinds = [
                StructureKind::Castle,
                StructureKind::Tower,
                StructureKind::Galley,
                StructureKind::Roundship,
                StructureKind::Other,
            ];
            Structure {
                kind: kinds[k],
                name: "s".into(),
                defense,
                damage,
            }
        }),
    )
}

fn force(first_id: u64) -> impl Strategy<Value = Force> {
    (prop::collection::vec(unit(), 1..4), structure()).prop_map(move |(units, structure)| Force {
        name: "f".into(),
        units: units
            .into_iter()
            .enumerate()
            .map(|(i, (noble, men))| Unit {
                id: first_id + i as u64,
                name: "u".into(),
                // A unit needs a noble or men.
                noble: if men.is_empty() && noble.is_none() {
                    Some(Noble {
                        health: 50,
                        items: Vec::new(),
                        behind: 0,
                    })
                } else {
                    noble
                },
                men,
            })
            .collect(),
        structure,
    })
}

fn battle() -> impl Strategy<Value = OlympiaInput> {
    (
        any::<u64>(),
        0usize..4,
        0usize..3,
        any::<bool>(),
        force(1),
        force(100),
    )
        .prop_map(
            |(seed, w, g, inhibit_move, attacker, defender)| OlympiaInput {
                seed,
                weather: [Weather::Clear, Weather::Rain, Weather::Wind, Weather::Fog][w],
                ground: [Ground::Land, Ground::Swamp, Ground::Ship][g],
                inhibit_move,
                attacker,
                defender,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_battle_is_a_pure_function_of_its_input(input in battle()) {
        prop_assert_eq!(input.validate(), Ok(()));
        let out = play(&input);
        prop_assert_eq!(&play(&input), &out);
        let text = serde_json::to_string(&input).unwrap();
        prop_assert_eq!(&play(&parse(&text).unwrap()), &out, "same after a serde round-trip");
        let back: OlympiaOutcome =
            serde_json::from_str(&serde_json::to_string(&out).unwrap()).unwrap();
        prop_assert_eq!(back, out);
    }

    #[test]
    fn a_force_that_breaks_stops_fighting(input in battle()) {
        let out = play(&input);
        let hits: Vec<&Hit> = out.cycles.iter().flat_map(|c| &c.hits).collect();
        match out.decided {
            Decision::Broke { side } => {
                prop_assert_ne!(side, out.winner);
                let (lost, won) = (out.force(side), out.force(out.winner));
                prop_assert!(lost.value_end <= lost.break_point);
                prop_assert!(won.value_end > won.break_point, "the winner did not break");
                // The break came with the last strike (or before any): nothing after it.
                if let Some(last) = hits.last() {
                    prop_assert_ne!(last.side, side);
                    for c in &out.cycles[..out.cycles.len() - 1] {
                        prop_assert!(c.value[0] > out.attacker.break_point);
                        prop_assert!(c.value[1] > out.defender.break_point);
                    }
                }
            }
            Decision::Held | Decision::Stalemate => {
                prop_assert_eq!(out.winner, Side::Defender);
                prop_assert!(out.captures.is_empty() && out.loot.is_none());
            }
        }
    }

    #[test]
    fn the_log_agrees_with_the_fates(input in battle()) {
        let out = play(&input);
        let (mut killed, mut wounded) = ([0u32; 2], [0usize; 2]);
        for h in out.cycles.iter().flat_map(|c| &c.hits) {
            prop_assert!(h.chance > 0.0 && h.chance <= 1.0);
            prop_assert_eq!(h.chance, h.strike / (h.strike + h.defense));
            prop_assert_eq!(h.effect == Effect::Missed, h.roll >= h.chance);
            let other = if h.side == Side::Attacker { 1 } else { 0 };
            let hitter = &out.force(h.side).figures[h.hitter as usize].figure;
            prop_assert!(hitter.participant && hitter.strike() > 0.0);
            prop_assert_eq!(h.strike, hitter.strike());
            if hitter.kind.engine() {
                prop_assert_eq!(h.target, Target::Structure);
            }
            if matches!(h.effect, Effect::Killed { .. } | Effect::NobleKilled { .. }) {
                killed[other] += 1;
            }
            if matches!(h.effect, Effect::Wounded { .. }) {
                wounded[other] += 1;
            }
        }
        for (side, k) in [(Side::Attacker, killed[0]), (Side::Defender, killed[1])] {
            let f = out.force(side);
            prop_assert_eq!(f.killed, k);
            prop_assert_eq!(f.wounded_nobles().len(), wounded[side as usize], "wounded once, out");
            prop_assert!(f.killed as usize <= f.figures.len());
            let standing: f64 = f
                .figures
                .iter()
                .filter(|r| r.fate == Fate::Standing)
                .map(|r| r.figure.value())
                .sum();
            prop_assert_eq!(f.value_end, standing);
            for r in &f.figures {
                prop_assert_eq!(r.fate == Fate::Idle, !r.figure.participant);
                prop_assert_eq!(r.health.is_some(), r.figure.kind == Kind::Noble);
                if r.fate == Fate::Wounded {
                    prop_assert!(r.health.unwrap() > 0);
                }
            }
        }
    }

    #[test]
    fn prisoners_follow_their_rolls(input in battle()) {
        let out = play(&input);
        if let Some(p) = out.prisoner_chance {
            prop_assert!((0.25..=0.75).contains(&p));
        }
        for c in &out.captures {
            prop_assert_eq!(c.taken, c.roll < out.prisoner_chance.unwrap());
            prop_assert_eq!(out.prisoners.contains(&c.unit), c.taken);
            prop_assert_eq!(out.fled.contains(&c.unit), !c.taken);
        }
        prop_assert_eq!(out.prisoners.len() + out.fled.len(), out.captures.len());
        // Numbers are living figures; wounded nobles count for the loser only.
        if let Decision::Broke { side: loser } = out.decided {
            let count = |side: Side, wounded: bool| {
                let living = out.force(side).figures.iter().filter(|f| match f.fate {
                    Fate::Killed => false,
                    Fate::Wounded => wounded,
                    Fate::Standing | Fate::Idle => true,
                });
                living.count() as u32
            };
            let mut want = [0, 0];
            want[out.winner as usize] = count(out.winner, false);
            want[loser as usize] = count(loser, true);
            prop_assert_eq!(out.remaining, want);
            prop_assert_eq!(
                out.prisoner_chance,
                prisoner_chance(want[out.winner as usize], want[loser as usize])
            );
        }
        prop_assert_eq!(
            out.winner_takes_position,
            out.winner == Side::Attacker && !input.inhibit_move
                && matches!(out.decided, Decision::Broke { .. })
        );
        // Structures only lose defense and gain damage.
        for (before, after) in [
            (&input.attacker.structure, &out.attacker.structure),
            (&input.defender.structure, &out.defender.structure),
        ] {
            if let (Some(b), Some(a)) = (before, after) {
                prop_assert!(a.defense <= b.defense && a.damage >= b.damage && a.damage <= 100);
            }
        }
    }
}
