//! The `realm` binary's further battle systems end to end: `warfare` and `olympia` read an input
//! with its seed and print the outcome; a bad input exits 2 naming the field.

use std::path::PathBuf;
use std::process::{Command, Output};

/// `value` written as JSON to a file of this test's own in the temp dir.
fn write(name: &str, value: &serde_json::Value) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("realm-cli-systems-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, value.to_string()).unwrap();
    path
}

fn realm(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_realm"))
        .args(args)
        .output()
        .expect("run realm")
}

fn ok(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn warfare_prints_the_outcome_of_the_inputs_seed() {
    let input = engine::warfare::example();
    let path = write("warfare.json", &serde_json::to_value(&input).unwrap());
    let out = realm(&["warfare", path.to_str().unwrap()]);
    let got: engine::warfare::WarfareOutcome = serde_json::from_value(ok(&out)).unwrap();
    assert_eq!(got, engine::warfare::play(&input));
}

#[test]
fn a_bad_warfare_input_exits_2_naming_the_field() {
    let mut v = serde_json::to_value(engine::warfare::example()).unwrap();
    v["armies"][2]["might"] = serde_json::json!(0);
    let path = write("warfare-bad.json", &v);
    let out = realm(&["warfare", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("armies[2].might"), "{err}");

    let path = write(
        "warfare-typo.json",
        &serde_json::json!({"seed": 1, "realm": []}),
    );
    let out = realm(&["warfare", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn olympia_prints_the_outcome_of_the_inputs_seed() {
    let input = engine::olympia::example();
    let path = write("olympia.json", &serde_json::to_value(&input).unwrap());
    let out = realm(&["olympia", path.to_str().unwrap()]);
    let got: engine::olympia::OlympiaOutcome = serde_json::from_value(ok(&out)).unwrap();
    assert_eq!(got, engine::olympia::play(&input));
}

#[test]
fn a_bad_olympia_input_exits_2_naming_the_field() {
    let mut v = serde_json::to_value(engine::olympia::example()).unwrap();
    v["defender"]["units"][0]["noble"]["health"] = serde_json::json!(0);
    let path = write("olympia-bad.json", &v);
    let out = realm(&["olympia", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("defender.units[0].noble.health"), "{err}");
}
