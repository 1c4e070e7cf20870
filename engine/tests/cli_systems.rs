//! The `realm` binary's further battle systems end to end: `warfare`, `olympia`, `mass-battle`
//! and `contest` read an input with its seed and print the outcome; a bad input exits 2 naming the
//! field.

mod common;

use common::realm;
use std::path::PathBuf;
use std::process::Output;

fn file(name: &str, text: &str) -> PathBuf {
    common::write_temp("realm-cli-systems", name, text)
}

fn ok(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn refused(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "nothing on stdout");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn mass_battle_prints_the_outcome_of_its_input() {
    let example = engine::mass_battle::example();
    let path = file("mass.json", &serde_json::to_string(&example).unwrap());
    let out = realm(&["mass-battle", path.to_str().unwrap()]);
    let v = ok(&out);
    let got: engine::MassOutcome = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(got, engine::mass_battle::play(&example));
    for key in [
        "winner",
        "end",
        "skirmish_rounds",
        "battle_rounds",
        "pursuit_rounds",
        "rounds",
    ] {
        assert!(v.get(key).is_some(), "outcome lacks {key}");
    }
    assert_eq!(
        realm(&["mass-battle", path.to_str().unwrap()]).stdout,
        out.stdout,
        "the seed in the input fixes the battle"
    );
}

#[test]
fn contest_prints_the_outcome_of_its_input() {
    let example = engine::contests::example();
    let path = file("contest.json", &serde_json::to_string(&example).unwrap());
    let v = ok(&realm(&["contest", path.to_str().unwrap()]));
    let got: engine::ContestOutcome = serde_json::from_value(v).unwrap();
    assert_eq!(got, engine::contests::play(&example));
}

#[test]
fn a_bad_input_exits_2_naming_the_field() {
    let mut mass = serde_json::to_value(engine::mass_battle::example()).unwrap();
    mass["a"]["units"][2]["shield"] = serde_json::json!(true);
    let path = file("bad-mass.json", &mass.to_string());
    let err = refused(&realm(&["mass-battle", path.to_str().unwrap()]));
    assert!(err.contains("a.units[2].shield"), "{err}");

    let mut contest = serde_json::to_value(engine::contests::example()).unwrap();
    contest["team2"][0]["actions"][2]["damage"] = serde_json::json!("1d10+StrB");
    let path = file("bad-contest.json", &contest.to_string());
    let err = refused(&realm(&["contest", path.to_str().unwrap()]));
    assert!(err.contains("team2[0].actions[2].damage"), "{err}");
    assert!(err.contains("column 7"), "{err}");

    let path = file("not-json.json", "{\"seed\": 1,");
    refused(&realm(&["contest", path.to_str().unwrap()]));
}

#[test]
fn warfare_prints_the_outcome_of_the_inputs_seed() {
    let input = engine::warfare::example();
    let path = file("warfare.json", &serde_json::to_string(&input).unwrap());
    let out = realm(&["warfare", path.to_str().unwrap()]);
    let got: engine::warfare::WarfareOutcome = serde_json::from_value(ok(&out)).unwrap();
    assert_eq!(got, engine::warfare::play(&input));
}

#[test]
fn a_bad_warfare_input_exits_2_naming_the_field() {
    let mut v = serde_json::to_value(engine::warfare::example()).unwrap();
    v["armies"][2]["might"] = serde_json::json!(0);
    let path = file("warfare-bad.json", &v.to_string());
    let out = realm(&["warfare", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("armies[2].might"), "{err}");

    let path = file(
        "warfare-typo.json",
        &serde_json::json!({"seed": 1, "realm": []}).to_string(),
    );
    let out = realm(&["warfare", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn olympia_prints_the_outcome_of_the_inputs_seed() {
    let input = engine::olympia::example();
    let path = file("olympia.json", &serde_json::to_string(&input).unwrap());
    let out = realm(&["olympia", path.to_str().unwrap()]);
    let got: engine::olympia::OlympiaOutcome = serde_json::from_value(ok(&out)).unwrap();
    assert_eq!(got, engine::olympia::play(&input));
}

#[test]
fn a_bad_olympia_input_exits_2_naming_the_field() {
    let mut v = serde_json::to_value(engine::olympia::example()).unwrap();
    v["defender"]["units"][0]["noble"]["health"] = serde_json::json!(0);
    let path = file("olympia-bad.json", &v.to_string());
    let out = realm(&["olympia", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("defender.units[0].noble.health"), "{err}");
}
