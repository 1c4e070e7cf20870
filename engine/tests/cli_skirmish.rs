//! The `realm` binary's battle commands end to end on the demo realm: `skirmish` and `odds`.

use std::path::PathBuf;
use std::process::Command;

/// The demo realm written to a file of this test's own in the temp dir.
fn demo_doc() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("realm-cli-skirmish-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("demo.json");
    std::fs::write(&path, serde_json::to_string(&engine::demo_realm()).unwrap()).unwrap();
    path
}

fn realm(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_realm"))
        .args(args)
        .output()
        .expect("run realm")
}

#[test]
fn skirmish_prints_a_record_that_replays() {
    let path = demo_doc();
    let p = path.to_str().unwrap();
    for system in ["v1", "v2"] {
        let args = [
            "skirmish",
            p,
            "--attacker",
            "1",
            "--defender",
            "9",
            "--system",
            system,
            "--seed",
            "42",
        ];
        let out = realm(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let rec: engine::BattleRecord = serde_json::from_slice(&out.stdout).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(v["winner"] == "attacker" || v["winner"] == "defender");
        assert_eq!(engine::replay(&rec.input), rec.outcome);
        assert_eq!(
            realm(&args).stdout,
            out.stdout,
            "the same seed prints the same record"
        );
    }
}

#[test]
fn odds_prints_a_probability_with_its_interval() {
    let path = demo_doc();
    let p = path.to_str().unwrap();
    let out = realm(&[
        "odds",
        p,
        "--attacker",
        "1",
        "--defender",
        "9",
        "--seed",
        "1",
        "--runs",
        "200",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let odds = &v["odds"];
    assert_eq!(odds["runs"], 200);
    let (lo, p, hi) = (
        odds["interval"][0].as_f64().unwrap(),
        odds["p_attacker"].as_f64().unwrap(),
        odds["interval"][1].as_f64().unwrap(),
    );
    assert!(lo <= p && p <= hi);
}

#[test]
fn townsfolk_cannot_fight() {
    let path = demo_doc();
    let doc: engine::Realm =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let town = doc
        .factions
        .iter()
        .find(|f| f.kind == engine::FactionKind::Townsfolk)
        .unwrap()
        .id
        .to_string();
    let out = realm(&[
        "skirmish",
        path.to_str().unwrap(),
        "--attacker",
        "1",
        "--defender",
        &town,
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("only Ordinary factions fight"));
}
