//! The `realm` binary's map commands end to end on the demo realm: `territory` and `route`.

use std::path::PathBuf;
use std::process::Command;

/// The demo realm written to a file of this test's own in the temp dir.
fn demo_doc(name: &str) -> (engine::Realm, PathBuf) {
    let demo = engine::demo_realm();
    let dir = std::env::temp_dir().join(format!("realm-cli-map-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string(&demo).unwrap()).unwrap();
    (demo, path)
}

/// Runs `realm` and parses its stdout, asserting success.
fn realm_json(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_realm"))
        .args(args)
        .output()
        .expect("run realm");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "realm {args:?} failed: {err}");
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

#[test]
fn territory_lists_claims_and_one_owner_char_per_cell() {
    let (demo, path) = demo_doc("territory.json");
    let v = realm_json(&["territory", path.to_str().unwrap()]);
    let owners = v["owners"].as_str().unwrap();
    assert_eq!(owners.len(), demo.map.cells.len());
    let factions = v["factions"].as_array().unwrap();
    let marked = demo.factions.iter().filter(|f| f.marker.is_some()).count();
    assert_eq!(factions.len(), marked);
    let mut total = 0;
    for f in factions {
        let ch = f["char"].as_str().unwrap().chars().next().unwrap();
        let claimed = f["claimed"].as_u64().unwrap();
        assert_eq!(owners.chars().filter(|&c| c == ch).count() as u64, claimed);
        assert!(claimed <= f["allowance"].as_u64().unwrap());
        total += claimed;
    }
    assert_eq!(owners.chars().filter(|&c| c != '.').count() as u64, total);
}

#[test]
fn route_runs_from_the_attackers_marker_to_the_defenders() {
    let (demo, path) = demo_doc("route.json");
    let v = realm_json(&[
        "route",
        path.to_str().unwrap(),
        "--attacker",
        "1",
        "--defender",
        "9",
    ]);
    let cell = |id: u64| {
        let f = demo.faction(id).unwrap();
        let (x, y) = f.marker.unwrap().cell(demo.map.width, demo.map.height);
        serde_json::json!([x, y])
    };
    let path = v["path"].as_array().unwrap();
    assert_eq!(path.first(), Some(&cell(1)));
    assert_eq!(path.last(), Some(&cell(9)));
    let mp = v["march_penalty"].as_f64().unwrap();
    let sum = v["distance_penalty"].as_f64().unwrap() + v["terrain_toll"].as_f64().unwrap();
    assert_eq!(mp, sum.min(0.90));
    assert!(v["by_terrain"].is_object() && v["crossings"].is_array() && v["detour"].is_boolean());
}

#[test]
fn route_refuses_a_faction_without_a_marker() {
    // Every demo faction has a marker (mercenary companies keep camps), so take one away.
    let (mut demo, path) = demo_doc("route-nomarker.json");
    demo.factions
        .iter_mut()
        .find(|f| f.id == 11)
        .unwrap()
        .marker = None;
    std::fs::write(&path, serde_json::to_string(&demo).unwrap()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_realm"))
        .args([
            "route",
            path.to_str().unwrap(),
            "--attacker",
            "1",
            "--defender",
            "11",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no marker"));
}
