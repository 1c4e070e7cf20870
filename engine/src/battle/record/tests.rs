//! The record's promises: replay reproduces it without the realm, it survives JSON exactly, a battle
//! changes nothing in the realm, and the same seed gives the same record; plus a snapshot of a whole
//! round log on the demo realm.

use super::*;
use crate::battle::skirmish::log::render_log;
use crate::battle::skirmish::setup::tests::skirmish_realm;
use crate::{demo_realm, FactionKind};
use proptest::prelude::*;
use std::sync::OnceLock;

fn demo() -> &'static Realm {
    static DEMO: OnceLock<Realm> = OnceLock::new();
    DEMO.get_or_init(demo_realm)
}

/// The demo's Noble kingdom against its Malevolent dominion.
fn demo_pair() -> (u64, u64) {
    let r = demo();
    let id = |name: &str| {
        let f = r.factions.iter().find(|f| f.name == name).expect(name);
        assert_eq!(f.kind, FactionKind::Ordinary);
        f.id
    };
    (id("Kingdom of Aldermere"), id("Dominion of Morgrath"))
}

fn round_trip(rec: &BattleRecord) {
    let text = serde_json::to_string(rec).unwrap();
    let back: BattleRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, rec, "every float round-trips exactly");
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
}

#[test]
fn demo_battles_replay_and_round_trip() {
    let (a, d) = demo_pair();
    let before = demo().clone();
    for system in BattleSystem::ALL {
        for (att, def) in [(a, d), (d, a)] {
            let rec = fight(demo(), att, def, system, 7).unwrap();
            assert_eq!(replay(&rec.input), rec.outcome, "{system:?} {att}->{def}");
            assert_eq!(rec.winner, rec.outcome.winner());
            assert_eq!(
                fight(demo(), att, def, system, 7).unwrap(),
                rec,
                "same seed"
            );
            assert_eq!(
                rec.outcome.system(),
                system,
                "the outcome's tag is its system"
            );
            round_trip(&rec);
        }
    }
    assert_eq!(demo(), &before, "a battle changes nothing in the realm");
}

#[test]
fn demo_round_log_snapshot() {
    let (a, d) = demo_pair();
    let rec = fight(demo(), a, d, BattleSystem::V2, 2024).unwrap();
    let Outcome::V2(o) = &rec.outcome else {
        panic!("a V2 battle has a V2 outcome")
    };
    let s = &rec.input.setup;
    let mut text = format!(
        "{} ({}) attacks {} ({}), seed 2024\nMP {:.6} AM {:.6} home {:.6} S_A {:.6} S_D {:.6} hires {:?} {:?}\n",
        s.attacker.name,
        s.attacker_line.len(),
        s.defender.name,
        s.defender_line.len(),
        s.march_penalty,
        s.alignment_multiplier,
        s.home_multiplier,
        s.strength_a,
        s.strength_d,
        s.hires.side,
        s.hires.photo_ids,
    );
    text += &render_log(&o.rounds, &s.attacker_line, &s.defender_line);
    text += &format!(
        "final scores: attacker {:.6}, defender {:.6}, casualties {} / {} -> {:?} wins\n",
        o.score_a, o.score_d, o.casualties_a, o.casualties_d, o.winner
    );
    crate::testkit::check_snapshot(
        "src/battle/record/snapshots",
        "demo_v2_seed_2024.txt",
        &text,
    );
}

/// Records written before Warfare, Olympia and Střet armád joined (by `realm skirmish` on the demo,
/// Aldermere against Morgrath, seed 7) read, write back byte for byte, and replay to their outcome.
/// A Warfare battle recorded under schema 1 (before the set-up kept its regiments' names and
/// Might was shared by side) still replays to its own outcome, and reads without `groups`.
#[test]
fn a_schema_1_warfare_record_replays_under_its_own_mapping() {
    let (a, d) = demo_pair();
    let today = fight(demo(), a, d, BattleSystem::Warfare, 11).unwrap();
    assert_eq!(today.input.schema_version, BATTLE_SCHEMA_VERSION);
    assert!(
        !today.input.setup.groups.is_empty(),
        "schema 2 keeps the names"
    );
    let mut input = today.input.clone();
    input.schema_version = 1;
    input.setup.groups.clear();
    let old = resolve_as(&input.setup, input.system, 1, &mut resolution_rng(&input));
    let rec = record(input, old);
    let text = serde_json::to_string(&rec).unwrap();
    assert!(
        !text.contains("\"groups\""),
        "a schema 1 record has no names"
    );
    let back: BattleRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(replay(&back.input), back.outcome);
    let (Outcome::Warfare(then), Outcome::Warfare(now)) = (&rec.outcome, &today.outcome) else {
        panic!("both are Warfare");
    };
    assert_ne!(then.phase.armies.len(), 0);
    // The mappings differ in Might: schema 1 gave every army at least one die of its own.
    let dice = |o: &WarfareBattle| -> u32 { o.phase.armies.iter().map(|x| x.might_start).sum() };
    assert!(
        dice(then) >= dice(now),
        "{} then, {} now",
        dice(then),
        dice(now)
    );
}

#[test]
fn records_from_before_the_further_systems_read_unchanged() {
    for text in [
        include_str!("before_further_systems_v1.json"),
        include_str!("before_further_systems_v2.json"),
    ] {
        let rec: BattleRecord = serde_json::from_str(text.trim_end()).expect("an old record reads");
        assert_eq!(serde_json::to_string(&rec).unwrap(), text.trim_end());
        assert_eq!(replay(&rec.input), rec.outcome);
    }
}

/// A forged outcome of a further system is told from a genuine one: flipping the winner or
/// replaying another seed no longer matches `replay`.
#[test]
fn a_forged_further_outcome_does_not_replay() {
    let (a, d) = demo_pair();
    for system in [
        BattleSystem::Warfare,
        BattleSystem::Olympia,
        BattleSystem::MassBattle,
    ] {
        let rec = fight(demo(), a, d, system, 11).unwrap();
        let mut forged = rec.outcome.clone();
        match &mut forged {
            Outcome::Warfare(o) => o.winner = other(o.winner),
            Outcome::Olympia(o) => o.winner = other(o.winner),
            Outcome::MassBattle(o) => o.winner = other(o.winner),
            Outcome::V1(_) | Outcome::V2(_) => unreachable!("a further system"),
        }
        assert_ne!(replay(&rec.input), forged, "{system:?}");
    }
}

fn other(s: Side) -> Side {
    match s {
        Side::Attacker => Side::Defender,
        Side::Defender => Side::Attacker,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn replay_reproduces_the_record(seed in any::<u64>(), system in 0usize..5, flip in any::<bool>()) {
        let r = skirmish_realm();
        let (a, d) = if flip { (1, 2) } else { (2, 1) };
        let system = BattleSystem::ALL[system];
        let rec = fight(&r, a, d, system, seed).unwrap();
        prop_assert_eq!(&replay(&rec.input), &rec.outcome);
        prop_assert_eq!(&fight(&r, a, d, system, seed).unwrap(), &rec);
        prop_assert_eq!(&r, &skirmish_realm());
        prop_assert!(rec.input.setup.hires.photo_ids.len() as u32 <= rec.input.setup.hires.cap);
    }
}
