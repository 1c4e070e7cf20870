//! Taking in changed records one at a time — [`Realm::splice_record`] then [`rederive_after`], as
//! the browser does with each pulled change and each edit — gives exactly the realm that reading
//! every record again and re-deriving every photo gives.

use engine::{demo_realm, recalculate_all, rederive_after, Realm, Record, RecordKind};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::OnceLock;

type Key = (RecordKind, u64);

fn base() -> &'static BTreeMap<Key, Value> {
    static BASE: OnceLock<BTreeMap<Key, Value>> = OnceLock::new();
    BASE.get_or_init(|| {
        demo_realm()
            .to_records()
            .into_iter()
            .map(|r| ((r.kind, r.id), r.body))
            .collect()
    })
}

/// What a step does to one record.
#[derive(Clone, Debug)]
enum Op {
    /// Take it out.
    Delete,
    /// Put back the demo's version.
    Restore,
    /// Another version: its numbers scaled by `1 + k/10`, its order moved by `k`.
    Alter(i64),
}

/// The demo's body of `key` with its numbers changed by `k`: the Armory's powers, ranges,
/// mobility and material factors (which every wearer's stats read), a photo's base numbers and
/// place in its group's order, a rating.
fn altered(body: &Value, k: i64) -> Value {
    let mut b = body.clone();
    let Value::Object(m) = &mut b else {
        return b;
    };
    let scale = 1.0 + k as f64 / 10.0;
    for field in [
        "attack_power",
        "defense_power",
        "range",
        "attack_range",
        "mobility",
        "stat_impact_pct",
        "base_attack",
        "base_defense",
        "base_range",
        "base_movement",
        "health",
        "rating",
    ] {
        if let Some(v) = m.get(field).and_then(Value::as_f64) {
            m.insert(field.into(), serde_json::json!(v * scale));
        }
    }
    if let Some(o) = m.get("order").and_then(Value::as_i64) {
        m.insert("order".into(), serde_json::json!(o + k * 3));
    }
    b
}

fn read(records: &BTreeMap<Key, Value>) -> Result<Realm, engine::DocError> {
    let realm = Realm::from_records(records.iter().map(|((kind, id), body)| Record {
        kind: *kind,
        id: *id,
        body: body.clone(),
    }))?;
    realm.validate()?;
    Ok(realm)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn changes_taken_in_one_at_a_time_equal_a_full_rebuild(
        steps in prop::collection::vec(
            (0usize..10_000, prop_oneof![
                1 => Just(Op::Delete),
                1 => Just(Op::Restore),
                3 => (-5i64..=5).prop_map(Op::Alter),
            ]),
            1..16,
        )
    ) {
        let keys: Vec<Key> = base().keys().copied().filter(|(k, _)| *k != RecordKind::Map).collect();
        let mut records = base().clone();
        let mut shown = read(&records).unwrap();
        recalculate_all(&mut shown);
        for (pick, op) in steps {
            let key = keys[pick % keys.len()];
            let body = match op {
                Op::Delete => None,
                Op::Restore => Some(base()[&key].clone()),
                Op::Alter(k) => Some(altered(&base()[&key], k)),
            };
            let mut next = records.clone();
            match &body {
                Some(b) => next.insert(key, b.clone()),
                None => next.remove(&key),
            };
            let mut incremental = shown.clone();
            incremental.splice_record(key.0, key.1, body).unwrap();
            let full = read(&next);
            // A change that breaks a rule is refused both ways, and then not taken.
            prop_assert_eq!(incremental.validate().is_ok(), full.is_ok(), "{:?}", key);
            let Ok(mut full) = full else { continue };
            recalculate_all(&mut full);
            rederive_after(&mut incremental, key.0, key.1);
            prop_assert_eq!(&incremental, &full, "after {:?} {:?}", key, op);
            records = next;
            shown = incremental;
        }
    }
}

/// Every kind but the map can be spliced out and back in, landing where it was.
#[test]
fn every_kind_splices_out_and_back_to_the_same_realm() {
    let realm = demo_realm();
    for rec in realm.to_records() {
        if rec.kind == RecordKind::Map {
            continue;
        }
        let mut r = realm.clone();
        r.splice_record(rec.kind, rec.id, None).unwrap();
        if rec.kind != RecordKind::Settings {
            assert_ne!(r, realm, "{:?} {} went", rec.kind, rec.id);
        }
        r.splice_record(rec.kind, rec.id, Some(rec.body.clone()))
            .unwrap();
        assert_eq!(r, realm, "{:?} {} came back in its place", rec.kind, rec.id);
    }
}
