//! Battle records stored compact: without their outcome (fought again on reading) and packed with
//! a dictionary trained on the records already stored. New records name the dictionary and take
//! fewer bytes, and every record — whole, compact, before the dictionary, with it, and after the
//! database is opened again — reads back byte for byte as it was appended.

mod common;

use actix_web::test::{self, TestRequest};
use common::{app, state, TestApp};
use engine::wire::{BattleEntry, BattleSource};
use engine::{BattleSystem, Rng, SplitMix64};
use server::battle_check::checked;
use server::db::packing::TRAIN_FIRST;
use server::db::Db;

/// A record appended: its id, its whole JSON, the dictionary it was packed with, its packed
/// size, and the compact JSON that was packed.
type Appended = (u64, String, Option<i64>, usize, String);

/// Fights `n` battles of the demo realm between random ordinary factions and appends them as the
/// server does (`battle_check::checked`), with the packer as it is.
async fn fight_and_append(db: &Db, rng: &mut SplitMix64, first: u64, n: u64) -> Vec<Appended> {
    let realm = db.realm().await.unwrap();
    let sides = realm.ordinary_ids();
    let mut out = Vec::new();
    for k in 0..n {
        let a = sides[(rng.next_u64() % sides.len() as u64) as usize];
        let d = *sides.iter().find(|&&d| d != a).unwrap();
        let system = BattleSystem::ALL[(rng.next_u64() % 2) as usize];
        let record = engine::fight(&realm, a, d, system, rng.next_u64() % 1_000_000).unwrap();
        let entry = BattleEntry {
            id: first + k,
            timestamp: 1_000 + (first + k) as i64,
            source: BattleSource::Map,
            record,
        };
        let compact = server::replays::compact(&entry, &serde_json::to_string(&entry).unwrap())
            .unwrap()
            .text;
        let c = checked(db.packer(), entry, system, a, d).unwrap();
        assert!(c.check.is_some(), "a battle the server fought replays");
        assert!(compact.len() < c.text.len(), "the outcome left out");
        let dict = c.packed.dict;
        let size = c.packed.bytes.len();
        db.append_history(c.head, c.packed, c.check).await.unwrap();
        out.push((first + k, c.text, dict, size, compact));
    }
    out
}

async fn served(app: &impl TestApp, id: u64) -> String {
    let res = test::call_service(
        app,
        TestRequest::get()
            .uri(&format!("/api/history/{id}"))
            .to_request(),
    )
    .await;
    assert_eq!(res.status(), 200, "record {id}");
    String::from_utf8(test::read_body(res).await.to_vec()).unwrap()
}

#[actix_web::test]
async fn records_packed_with_a_trained_dictionary_are_smaller_and_all_read_back() {
    let (dir, st) = state();
    let db = st.db.clone();
    let mut rng = SplitMix64::new(41);
    let before = fight_and_append(&db, &mut rng, 1, 40).await;
    assert!(before.iter().all(|r| r.2.is_none()), "no dictionary yet");

    let id = db
        .train_dictionary(5)
        .unwrap()
        .expect("forty battles train a dictionary");
    let after = fight_and_append(&db, &mut rng, 100, 40).await;
    assert!(after.iter().all(|r| r.2 == Some(id)), "new records name it");
    // The same compact records packed without the dictionary take more bytes.
    let with: usize = after.iter().map(|r| r.3).sum();
    let without: usize = after
        .iter()
        .map(|r| {
            zstd::bulk::compress(r.4.as_bytes(), server::db::packing::LEVEL)
                .unwrap()
                .len()
        })
        .sum();
    assert!(
        with < without,
        "{with} B with the dictionary, {without} B without"
    );

    let app = app(st).await;
    for (id, text, ..) in before.iter().chain(&after) {
        assert_eq!(&served(&app, *id).await, text, "record {id} byte for byte");
    }
    drop(app);
    drop(db);
    // Opened again, the stored dictionary is loaded and still reads its records.
    let (db, _) = Db::open(&dir.path().join("realm.db")).unwrap();
    for (id, text, ..) in before.iter().chain(&after) {
        let stored = db.history_record(*id).await.unwrap().unwrap();
        let check = stored.check.expect("stored compact");
        assert_eq!(
            &server::replays::restore(&stored.text, &check).unwrap(),
            text
        );
    }
    let more = fight_and_append(&db, &mut rng, 200, 2).await;
    assert!(
        more.iter().all(|r| r.2 == Some(id)),
        "still the current one"
    );
}

#[actix_web::test]
async fn a_dictionary_falls_due_once_at_the_first_thousand_records() {
    let (_dir, st) = state();
    let packer = st.db.packer();
    assert!(!packer.stored(TRAIN_FIRST - 1), "not yet");
    assert!(packer.stored(1), "due at the thousandth");
    assert!(
        !packer.stored(1),
        "told once: the first caller is training it"
    );
}

/// A battle of the demo realm's first two ordinary factions.
fn demo_battle(seed: u64) -> BattleEntry {
    let realm = engine::demo_realm();
    let sides = realm.ordinary_ids();
    let (a, d) = (sides[0], sides[1]);
    BattleEntry {
        id: 7,
        timestamp: 1_000,
        source: BattleSource::Map,
        record: engine::fight(&realm, a, d, BattleSystem::V2, seed).unwrap(),
    }
}

#[test]
fn an_outcome_that_does_not_replay_is_stored_whole_and_a_wrong_replay_is_refused() {
    use server::replays::{compact, restore, RestoreError};
    let mut mixed = demo_battle(1);
    let other = demo_battle(2);
    assert_ne!(mixed.record.outcome, other.record.outcome);
    mixed.record.outcome = other.record.outcome;
    let text = serde_json::to_string(&mixed).unwrap();
    let stored = compact(&mixed, &text).unwrap();
    assert_eq!((stored.text.as_str(), stored.check), (text.as_str(), None));

    let real = demo_battle(3);
    let text = serde_json::to_string(&real).unwrap();
    let stored = compact(&real, &text).unwrap();
    let check = stored
        .check
        .clone()
        .expect("a real battle is stored compact");
    assert_eq!(restore(&stored.text, &check).unwrap(), text);
    // Another seed in the stored input fights another battle: refused, not served.
    let seed = format!("\"seed\":{}", real.record.input.seed);
    let tampered = stored.text.replacen(&seed, "\"seed\":4", 1);
    assert_ne!(tampered, stored.text);
    assert!(matches!(
        restore(&tampered, &check),
        Err(RestoreError::Mismatch)
    ));
    assert!(matches!(
        restore(&text, &check),
        Err(RestoreError::Malformed(_))
    ));
}
