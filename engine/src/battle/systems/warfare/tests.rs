//! Warfare tests: one unit test per rule here, the vectors of VECTORS.md §P in `tests/vectors.rs`,
//! and property tests of a phase's invariants in `tests/props.rs`.

mod props;
mod vectors;

use super::*;
use crate::Rng;

/// A scripted generator: each `die(6)` shows the next face given. Running out is a test bug.
pub(crate) struct Dice {
    faces: Vec<u8>,
    next: usize,
}

impl Dice {
    pub(crate) fn new(faces: &[u8]) -> Dice {
        Dice {
            faces: faces.to_vec(),
            next: 0,
        }
    }
}

impl Rng for Dice {
    fn next_u64(&mut self) -> u64 {
        let f = self.faces[self.next];
        self.next += 1;
        // The least word w with ⌊6w / 2⁶⁴⌋ = f − 1.
        (((u128::from(f) - 1) << 64).div_ceil(6)) as u64
    }
}

fn realm(id: u64, influence: u32) -> WarRealm {
    WarRealm {
        id,
        name: format!("Realm {id}"),
        influence,
    }
}

fn army(id: u64, realm: u64, might: u32) -> Army {
    Army {
        id,
        name: format!("Army {id}"),
        realm,
        might,
        speed: 3,
        refuge: None,
        garrison: false,
    }
}

fn conflict(id: u64, kind: ConflictKind, sides: &[&[u64]]) -> Conflict {
    Conflict {
        id,
        name: format!("Conflict {id}"),
        kind,
        sides: sides.iter().map(|s| s.to_vec()).collect(),
    }
}

/// Army 1 (realm 1, Might `a`) against army 2 (realm 2, Might `b`) in one battle.
pub(crate) fn battle_input(a: u32, b: u32) -> WarfareInput {
    WarfareInput {
        seed: 0,
        realms: vec![realm(1, 2), realm(2, 2)],
        armies: vec![army(1, 1, a), army(2, 2, b)],
        conflicts: vec![conflict(1, ConflictKind::Battle, &[&[1], &[2]])],
    }
}

/// Besiegers (realm 2) against a garrison and its aid (realm 1): armies `(id, Might)` per side;
/// the first defender is the garrison.
fn siege_input(besiegers: &[(u64, u32)], defenders: &[(u64, u32)]) -> WarfareInput {
    let mut armies: Vec<Army> = besiegers.iter().map(|&(id, m)| army(id, 2, m)).collect();
    for (k, &(id, m)) in defenders.iter().enumerate() {
        armies.push(Army {
            garrison: k == 0,
            ..army(id, 1, m)
        });
    }
    let ids = |s: &[(u64, u32)]| s.iter().map(|a| a.0).collect::<Vec<_>>();
    WarfareInput {
        seed: 0,
        realms: vec![realm(1, 2), realm(2, 2)],
        armies,
        conflicts: vec![conflict(
            1,
            ConflictKind::Siege,
            &[&ids(besiegers), &ids(defenders)],
        )],
    }
}

fn fate(out: &WarfareOutcome, army: u64) -> (u32, Disposition) {
    let a = out.armies.iter().find(|a| a.army == army).unwrap();
    (a.might_end, a.disposition)
}

#[test]
fn losses_fall_on_the_strongest_first_ties_to_the_earliest() {
    let mut m = [3, 5, 5, 1];
    let got = allocate_losses(&mut m, 4);
    assert_eq!(m, [3, 3, 3, 1]);
    assert_eq!(got, [(1, 2), (2, 2)]);
    let mut m = [1, 1];
    assert_eq!(
        allocate_losses(&mut m, 9),
        [(0, 1), (1, 1)],
        "never below 0"
    );
    assert_eq!(m, [0, 0]);
}

#[test]
fn a_side_of_several_armies_rolls_their_summed_might() {
    let mut input = battle_input(2, 3);
    input.armies.push(army(3, 1, 2));
    input.conflicts[0].sides[0].push(3);
    // A rolls 4 dice, B 3: A 4 successes against none is Defeated.
    let out = resolve(&input, &mut Dice::new(&[5, 5, 6, 6, 1, 1, 1]));
    let e = &out.conflicts[0].engagements[0];
    assert_eq!((e.rolls[0].dice_a.len(), e.rolls[0].dice_b.len()), (4, 3));
    assert_eq!(
        fate(&out, 2),
        (0, Disposition::Destroyed),
        "3 − 4 stops at 0"
    );
}

#[test]
fn retreat_and_defeat_and_annihilation() {
    // A's dice all succeed against B's five failures: net = A's Might.
    let cases = [
        (2, ResultKind::Retreat, Disposition::Retreats, 3),
        (
            4,
            ResultKind::Defeated,
            Disposition::DisengagedUntilNewYear,
            1,
        ),
        (5, ResultKind::Annihilated, Disposition::Destroyed, 0),
    ];
    for (might_a, row, disposition, left) in cases {
        let faces = pad(&vec![5; might_a], might_a, 5);
        let out = resolve(&battle_input(might_a as u32, 5), &mut Dice::new(&faces));
        let e = &out.conflicts[0].engagements[0];
        let want = Ending::Result {
            result: row,
            loser: Party::B,
        };
        assert_eq!(e.ending, want, "{row:?}");
        assert_eq!(fate(&out, 2), (left, disposition), "{row:?}");
        assert_eq!(fate(&out, 1).1, Disposition::Stays);
    }
}

/// A's `might_a` faces (those given, then 1s), then B's `might_b` faces (1s).
fn pad(faces: &[u8], might_a: usize, might_b: usize) -> Vec<u8> {
    let successes_a: Vec<u8> = faces.iter().copied().filter(|&f| f >= 5).collect();
    let mut a = successes_a;
    a.resize(might_a, 1);
    a.extend(std::iter::repeat_n(1, might_b));
    a
}

#[test]
fn a_rout_flees_only_to_a_settlement_within_speed() {
    for (refuge, want) in [
        (Some(3), Disposition::FleesToNearestFriendlySettlement),
        (Some(4), Disposition::Retreats),
        (None, Disposition::Retreats),
    ] {
        let mut input = battle_input(3, 4);
        input.armies[1].refuge = refuge;
        let out = resolve(&input, &mut Dice::new(&pad(&[5, 5, 5], 3, 4)));
        assert_eq!(
            out.conflicts[0].engagements[0].rolls[0].result,
            ResultKind::Routed
        );
        assert_eq!(fate(&out, 2), (1, want), "refuge {refuge:?}, speed 3");
    }
}

#[test]
fn crippled_defenders_lose_the_settlement_and_their_aid_flees() {
    // Besiegers 3 dice (all succeed) against garrison 2 and aid 2: net 3, Crippled.
    let mut input = siege_input(&[(1, 3)], &[(2, 2), (3, 2)]);
    input.armies[2].refuge = Some(1);
    let out = resolve(&input, &mut Dice::new(&[5, 5, 5, 1, 1, 1, 1]));
    let c = &out.conflicts[0];
    assert_eq!(c.engagements[0].rolls[0].result, ResultKind::Crippled);
    assert!(c.settlement_captured && !c.siege_continues);
    assert_eq!(c.status, ConflictStatus::Captured);
    assert_eq!(
        fate(&out, 2),
        (0, Disposition::Destroyed),
        "the garrison ceases"
    );
    assert_eq!(
        fate(&out, 3),
        (1, Disposition::FleesToNearestFriendlySettlement),
        "the aid takes the besiegers' row (−3 fell garrison, aid, garrison)"
    );
}

#[test]
fn broken_defenders_aid_disengages_and_besiegers_crippled_flee() {
    let input = siege_input(&[(1, 4)], &[(2, 3), (3, 3)]);
    let out = resolve(&input, &mut Dice::new(&[5, 5, 5, 5, 1, 1, 1, 1, 1, 1]));
    assert_eq!(
        out.conflicts[0].engagements[0].rolls[0].result,
        ResultKind::Broken
    );
    assert_eq!(fate(&out, 2).1, Disposition::Destroyed);
    assert_eq!(fate(&out, 3).1, Disposition::DisengagedUntilNewYear);

    let mut input = siege_input(&[(1, 4)], &[(2, 3)]);
    input.armies[0].refuge = Some(0);
    let out = resolve(&input, &mut Dice::new(&[1, 1, 1, 1, 5, 5, 5]));
    let c = &out.conflicts[0];
    assert_eq!(c.engagements[0].rolls[0].result, ResultKind::Crippled);
    assert_eq!(
        fate(&out, 1),
        (1, Disposition::FleesToNearestFriendlySettlement)
    );
    assert_eq!(
        fate(&out, 2),
        (3, Disposition::Stays),
        "garrisons never move"
    );
    assert_eq!(c.status, ConflictStatus::Lifted);
}

#[test]
fn grazed_and_maimed_end_the_combat_but_not_the_siege() {
    let input = siege_input(&[(1, 3)], &[(2, 3)]);
    let out = resolve(&input, &mut Dice::new(&[5, 5, 1, 5, 1, 1]));
    let c = &out.conflicts[0];
    assert_eq!(c.engagements[0].rolls.len(), 1);
    assert_eq!(c.engagements[0].rolls[0].result, ResultKind::Grazed);
    assert!(c.siege_continues && !c.settlement_captured);
    assert_eq!(fate(&out, 2), (2, Disposition::Stays));
}

#[test]
fn a_garrison_at_zero_loses_the_settlement_and_its_aid_stays() {
    // Garrison 1 and aid 2, Maimed: the first point falls on the aid (the strongest), the second
    // on the garrison (a tie goes to the earliest).
    let input = siege_input(&[(1, 3)], &[(2, 1), (3, 2)]);
    let out = resolve(&input, &mut Dice::new(&[5, 5, 1, 1, 1, 1]));
    let c = &out.conflicts[0];
    assert_eq!(c.engagements[0].rolls[0].result, ResultKind::Maimed);
    assert_eq!(c.status, ConflictStatus::Captured);
    assert_eq!(fate(&out, 2), (0, Disposition::Destroyed));
    assert_eq!(fate(&out, 3), (1, Disposition::Stays));
    // Grazed takes the aid's point; the garrison holds and the siege goes on.
    let out = resolve(&input, &mut Dice::new(&[5, 1, 1, 1, 1, 1]));
    let c = &out.conflicts[0];
    assert_eq!(c.engagements[0].rolls[0].result, ResultKind::Grazed);
    assert_eq!(fate(&out, 3), (1, Disposition::Stays));
    assert_eq!(c.status, ConflictStatus::Continues);
}

#[test]
fn battles_come_before_sieges_and_survivors_join_with_their_might() {
    // The siege is listed first, but the battle of armies 1 and 4 is fought before it.
    let mut input = siege_input(&[(1, 2)], &[(2, 2), (3, 1)]);
    input.armies.push(army(4, 2, 1));
    input
        .conflicts
        .insert(0, conflict(9, ConflictKind::Siege, &[&[1], &[2, 3]]));
    input.conflicts.remove(1);
    input
        .conflicts
        .push(conflict(8, ConflictKind::Battle, &[&[3], &[4]]));
    // Battle: 1 die each, army 3 wins by 1 (Wounded, army 4 at 0). Siege: 2 dice against 3,
    // Grazed.
    let out = resolve(&input, &mut Dice::new(&[5, 1, 1, 1, 5, 1, 1]));
    let order: Vec<u64> = out.conflicts.iter().map(|c| c.conflict).collect();
    assert_eq!(order, [8, 9]);
    let siege = &out.conflicts[1].engagements[0];
    assert_eq!(siege.might_start, [2, 3]);
    assert_eq!(siege.b, [2, 3]);
}

#[test]
fn armies_that_left_a_battle_are_absent_from_the_siege() {
    // Army 3 aids the garrison but is driven off in its battle first.
    let mut input = siege_input(&[(1, 2)], &[(2, 2), (3, 3)]);
    input.armies.push(army(4, 2, 2));
    input
        .conflicts
        .push(conflict(8, ConflictKind::Battle, &[&[4], &[3]]));
    let out = resolve(
        &input,
        &mut Dice::new(&[5, 5, 1, 1, 1, /* siege */ 1, 1, 5, 1]),
    );
    assert_eq!(fate(&out, 3).1, Disposition::Retreats);
    let siege = &out.conflicts[1];
    assert_eq!(siege.absent, [3]);
    assert_eq!(siege.engagements[0].b, [2]);
}

#[test]
fn conflicts_go_by_strongest_army_then_number_of_armies() {
    let input = WarfareInput {
        seed: 0,
        realms: vec![realm(1, 0), realm(2, 0)],
        armies: (1..=7)
            .map(|i| army(i, 1 + i % 2, [0, 3, 3, 5, 1, 3, 1, 1][i as usize]))
            .collect(),
        conflicts: vec![
            conflict(1, ConflictKind::Battle, &[&[1], &[2]]),
            conflict(2, ConflictKind::Battle, &[&[3], &[4]]),
            conflict(3, ConflictKind::Battle, &[&[5, 7], &[6]]),
        ],
    };
    // Keys: (3, 2), (5, 2), (3, 3). Influence 0 everywhere, so no dice in ordering; then the
    // battles' own dice.
    let out = play(&input);
    let order: Vec<u64> = out.conflicts.iter().map(|c| c.conflict).collect();
    assert_eq!(order, [2, 3, 1]);
    assert!(out.order_ties.is_empty());
}

#[test]
fn tied_conflicts_are_ordered_by_a_roll_off_of_their_strongest_realms() {
    let input = WarfareInput {
        seed: 5,
        realms: vec![realm(1, 3), realm(2, 3)],
        armies: vec![army(1, 1, 4), army(2, 2, 2), army(3, 2, 4), army(4, 1, 2)],
        conflicts: vec![
            conflict(1, ConflictKind::Battle, &[&[1], &[2]]),
            conflict(2, ConflictKind::Battle, &[&[3], &[4]]),
        ],
    };
    for seed in 0..20 {
        let out = play(&WarfareInput {
            seed,
            ..input.clone()
        });
        let tie = &out.order_ties[0];
        let first = if tie.roll_off.ranking[0] == 1 { 1 } else { 2 };
        assert_eq!(tie.conflicts[0], first);
        assert_eq!(out.conflicts[0].conflict, first);
    }
}

#[test]
fn a_roll_off_rerolls_ties_and_parts_zero_influence_by_id() {
    let mut rng = crate::SplitMix64::new(3);
    let off = roll_off(&[(7, 0), (3, 0)], &mut rng);
    assert_eq!((off.ranking, off.rounds.len()), (vec![3, 7], 0));
    assert_eq!(rng, crate::SplitMix64::new(3), "no dice for Influence 0");
    // 1 and 2 tie on the first roll (none), then 2 wins.
    let off = roll_off(&[(2, 1), (1, 1)], &mut Dice::new(&[1, 1, 1, 6]));
    assert_eq!(off.ranking, [2, 1]);
    assert_eq!(off.rounds.len(), 2);
    assert_eq!(off.rounds[0][0].realm, 1, "ascending realm id");
}

#[test]
fn a_free_for_all_fights_pairs_until_no_hostile_pair_is_left() {
    let input = WarfareInput {
        seed: 9,
        realms: vec![realm(1, 1), realm(2, 1), realm(3, 1)],
        armies: vec![army(1, 1, 6), army(2, 2, 5), army(3, 3, 4), army(4, 1, 3)],
        conflicts: vec![conflict(1, ConflictKind::Battle, &[&[1, 4], &[2], &[3]])],
    };
    for seed in 0..30 {
        let out = play(&WarfareInput {
            seed,
            ..input.clone()
        });
        let c = &out.conflicts[0];
        let mut pairs = std::collections::HashSet::new();
        for e in &c.engagements {
            assert_eq!((e.a.len(), e.b.len()), (1, 1), "one army a side");
            let realm = |id: u64| input.armies.iter().find(|a| a.id == id).unwrap().realm;
            assert_ne!(realm(e.a[0]), realm(e.b[0]), "allies never fight");
            assert!(pairs.insert((e.a[0].min(e.b[0]), e.a[0].max(e.b[0]))));
        }
        // At the end, every pair of hostile armies still present has fought.
        let here: Vec<u64> = out
            .armies
            .iter()
            .filter(|a| a.disposition == Disposition::Stays)
            .map(|a| a.army)
            .collect();
        for &x in &here {
            for &y in &here {
                let realm = |id: u64| input.armies.iter().find(|a| a.id == id).unwrap().realm;
                if x < y && realm(x) != realm(y) {
                    assert!(
                        pairs.contains(&(x, y)),
                        "seed {seed}: {x} and {y} never met"
                    );
                }
            }
        }
        // The first pair is the two strongest hostile armies.
        assert_eq!((c.engagements[0].a[0], c.engagements[0].b[0]), (1, 2));
    }
}

#[test]
fn validation_names_the_field() {
    let check = |f: &dyn Fn(&mut WarfareInput), field: &str| {
        let mut input = example();
        f(&mut input);
        let e = input.validate().unwrap_err();
        assert_eq!(e.field(), field, "{e}");
        assert_eq!(DocError::from(e).field, field);
    };
    assert_eq!(example().validate(), Ok(()));
    check(&|i| i.armies[2].might = 0, "armies[2].might");
    check(&|i| i.armies[1].realm = 99, "armies[1].realm");
    check(&|i| i.armies[3].id = 1, "armies[3].id");
    check(&|i| i.realms[0].influence = 5000, "realms[0].influence");
    check(
        &|i| i.conflicts[1].sides[2][0] = 42,
        "conflicts[1].sides[2][0]",
    );
    check(&|i| i.conflicts[1].sides.truncate(1), "conflicts[1].sides");
    check(
        &|i| i.conflicts[2].sides.push(vec![5]),
        "conflicts[2].sides",
    );
    check(
        &|i| i.conflicts[1].sides[1].push(7),
        "conflicts[1].sides[1][1]",
    );
    check(
        &|i| i.conflicts[2].sides[1].retain(|&a| a != 3),
        "conflicts[2].sides[1]",
    );
    check(
        &|i| i.conflicts[0].sides[0].push(3),
        "conflicts[0].sides[0][1]",
    );
    check(
        &|i| i.conflicts[0].sides[0].clear(),
        "conflicts[0].sides[0]",
    );
    check(&|i| i.conflicts.clear(), "conflicts");
    // Army 6 is Vorn's; Vorn already fights on side 1 of the Marches.
    check(
        &|i| i.conflicts[1].sides[2].push(4),
        "conflicts[1].sides[2][1]",
    );
}

#[test]
fn parse_names_the_json_path_and_refuses_unknown_fields() {
    let mut v = serde_json::to_value(example()).unwrap();
    v["armies"][1]["might"] = serde_json::json!("lots");
    assert_eq!(parse(&v.to_string()).unwrap_err().field, "armies[1].might");
    let mut v = serde_json::to_value(example()).unwrap();
    v["armies"][1]["mihgt"] = serde_json::json!(3);
    let e = parse(&v.to_string()).unwrap_err();
    assert!(e.message.contains("unknown field"), "{e}");
    let mut v = serde_json::to_value(example()).unwrap();
    v["armies"][0]["might"] = serde_json::json!(0);
    assert_eq!(parse(&v.to_string()).unwrap_err().field, "armies[0].might");
    assert_eq!(
        parse(&serde_json::to_string(&example()).unwrap()),
        Ok(example())
    );
}

#[test]
fn the_example_fights_every_kind_of_conflict() {
    let input = example();
    let out = play(&input);
    assert_eq!(out.conflicts.len(), 3);
    assert_eq!(out.conflicts[2].kind, ConflictKind::Siege, "sieges last");
    let ffa = out.conflicts.iter().find(|c| c.conflict == 2).unwrap();
    assert!(ffa.engagements.len() >= 2);
    assert!(!out.render().is_empty());
}

#[test]
fn the_example_log_at_its_seed() {
    let text = play(&example()).render();
    crate::testkit::check_snapshot(
        "src/battle/systems/warfare/snapshots",
        "example_seed_2024.txt",
        &text,
    );
}
