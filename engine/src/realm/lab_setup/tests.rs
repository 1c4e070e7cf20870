//! Saved lab line-ups: their stored shape, every refusal naming its field, and round trips
//! through JSON and records.

use super::*;
use crate::battle::systems::contests::{self, Sheet};
use crate::{parse_realm, Realm, Record, RecordKind, Terrain, TerrainMap};
use proptest::prelude::*;
use serde_json::json;

fn realm_with(setups: Vec<LabSetup>) -> Realm {
    let mut r = Realm::new(TerrainMap::filled(2, 2, Terrain::Plains));
    r.lab_setups = setups;
    r
}

fn duel(id: u64) -> LabSetup {
    LabSetup::new(id, "Duel", LineUp::Contests(contests::example()))
}

/// The field of the error of a realm holding `setup` as its only line-up.
fn field_of(setup: LabSetup) -> String {
    realm_with(vec![setup])
        .validate()
        .expect_err("the line-up must be refused")
        .field
}

/// The field a parse of a realm holding this one line-up body stops at.
fn parse_field(setup: serde_json::Value) -> String {
    let mut doc = serde_json::to_value(realm_with(vec![])).unwrap();
    doc["lab_setups"] = json!([setup]);
    parse_realm(&doc.to_string())
        .expect_err("the document must be refused")
        .field
}

#[test]
fn a_line_up_is_stored_as_id_name_version_system_body() {
    let v = serde_json::to_value(duel(7)).unwrap();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["body", "id", "name", "system", "version"]);
    assert_eq!(v["system"], "contests");
    assert_eq!(v["version"], LAB_SETUP_VERSION);
    assert_eq!(
        v["body"],
        serde_json::to_value(contests::example()).unwrap()
    );
    let back: LabSetup = serde_json::from_value(v).unwrap();
    assert_eq!(back, duel(7));
}

#[test]
fn every_system_names_itself_as_the_lab_tab_does() {
    let all = [
        LineUp::Contests(contests::example()),
        LineUp::MassBattle(crate::battle::systems::mass_battle::example()),
        LineUp::Warfare(crate::battle::systems::warfare::example()),
        LineUp::Olympia(crate::battle::systems::olympia::example()),
    ];
    for l in all {
        let v = serde_json::to_value(&l).unwrap();
        assert_eq!(v["system"], l.system());
        realm_with(vec![LabSetup::new(1, "x", l)])
            .validate()
            .unwrap();
    }
}

#[test]
fn a_name_must_be_a_display_name() {
    let mut s = duel(1);
    s.name = "  ".into();
    assert_eq!(field_of(s.clone()), "lab_setups[0].name");
    s.name = "x".repeat(crate::MAX_NAME_CHARS + 1);
    assert_eq!(field_of(s.clone()), "lab_setups[0].name");
    s.name = "x".repeat(crate::MAX_NAME_CHARS);
    realm_with(vec![s]).validate().unwrap();
}

#[test]
fn only_known_versions_are_read() {
    let mut s = duel(1);
    s.version = 0;
    assert_eq!(field_of(s.clone()), "lab_setups[0].version");
    s.version = LAB_SETUP_VERSION + 1;
    let e = realm_with(vec![s.clone()]).validate().unwrap_err();
    assert_eq!(e.field, "lab_setups[0].version");
    assert!(e.message.contains("not one this Brickrealm reads"), "{e}");
    assert_eq!(s.migrated().version, LAB_SETUP_VERSION);
}

#[test]
fn a_body_its_system_refuses_names_the_field_inside_it() {
    let mut input = contests::example();
    input.team2.clear();
    let s = LabSetup::new(1, "Empty", LineUp::Contests(input));
    assert_eq!(field_of(s), "lab_setups[0].body.team2");
    let mut input = contests::example();
    input.team1[0].hp_max = 0;
    let s = LabSetup::new(1, "Dead", LineUp::Contests(input));
    assert_eq!(field_of(s), "lab_setups[0].body.team1[0].hp_max");
    let mut input = crate::battle::systems::mass_battle::example();
    input.b.units[0].level = 99;
    let s = LabSetup::new(4, "Veterans", LineUp::MassBattle(input));
    assert_eq!(field_of(s), "lab_setups[0].body.b.units[0].level");
}

#[test]
fn sizes_are_bounded() {
    let many: Vec<LabSetup> = (0..=MAX_LAB_SETUPS as u64).map(duel).collect();
    let e = realm_with(many).validate().unwrap_err();
    assert_eq!(e.field, "lab_setups");
    let mut input = contests::example();
    let long: String = "n".repeat(MAX_LAB_SETUP_BYTES);
    input.team1[0].name = long;
    let e = realm_with(vec![LabSetup::new(1, "Long", LineUp::Contests(input))])
        .validate()
        .unwrap_err();
    assert_eq!(e.field, "lab_setups[0].body");
}

#[test]
fn ids_are_unique_like_any_collection() {
    let e = realm_with(vec![duel(3), duel(3)]).validate().unwrap_err();
    assert_eq!(e.field, "lab_setups[1].id");
}

#[test]
fn an_unknown_system_or_a_body_of_another_shape_is_refused_on_reading() {
    let mut v = serde_json::to_value(duel(1)).unwrap();
    v["system"] = json!("chess");
    assert!(parse_field(v).starts_with("lab_setups[0]"));
    let mut v = serde_json::to_value(duel(1)).unwrap();
    v["body"] = serde_json::to_value(crate::battle::systems::mass_battle::example()).unwrap();
    assert!(parse_field(v).starts_with("lab_setups[0]"));
    let mut v = serde_json::to_value(duel(1)).unwrap();
    v["body"]["team1"][0]["actions"][0]["damage"] = json!("2d");
    assert!(parse_field(v).starts_with("lab_setups[0]"));
}

#[test]
fn a_saved_line_up_is_one_record_of_its_kind() {
    let r = realm_with(vec![duel(5)]);
    let recs: Vec<Record> = r
        .to_records()
        .into_iter()
        .filter(|x| x.kind == RecordKind::LabSetup)
        .collect();
    assert_eq!(recs.len(), 1);
    assert_eq!((recs[0].id, RecordKind::LabSetup.name()), (5, "lab_setup"));
    assert_eq!(RecordKind::LabSetup.field(), "lab_setups");
}

fn sheet() -> impl Strategy<Value = Sheet> {
    (
        "[A-Za-z ]{1,12}",
        -100i32..200,
        -100i32..200,
        1i32..500,
        proptest::option::of(1i32..10),
        0usize..3,
    )
        .prop_map(|(name, ws, armor, hp_max, hp, extra)| {
            let mut s = contests::example().team1[0].clone();
            s.name = name;
            s.ws = ws;
            s.armor = armor;
            s.hp_max = hp_max;
            s.hp = hp.map(|h| h.min(hp_max));
            s.actions.truncate(1 + extra);
            s
        })
}

fn setup() -> impl Strategy<Value = LabSetup> {
    (
        0u64..crate::MAX_ID,
        "[A-Za-z][A-Za-z 0-9]{0,20}",
        any::<u64>(),
        proptest::collection::vec(sheet(), 1..4),
        proptest::collection::vec(sheet(), 1..4),
    )
        .prop_map(|(id, name, seed, team1, team2)| {
            let mut input = contests::example();
            input.seed = seed;
            input.team1 = team1;
            input.team2 = team2;
            LabSetup::new(id, name, LineUp::Contests(input))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// A saved line-up comes back the same through the document's JSON and through records,
    /// and a valid one stays valid.
    #[test]
    fn a_line_up_round_trips_through_json_and_records(s in setup()) {
        let realm = realm_with(vec![s]);
        prop_assert!(realm.validate().is_ok(), "{:?}", realm.validate());
        let json = serde_json::to_string(&realm).unwrap();
        prop_assert_eq!(&parse_realm(&json).unwrap(), &realm);
        prop_assert_eq!(&Realm::from_records(realm.to_records()).unwrap(), &realm);
    }
}
