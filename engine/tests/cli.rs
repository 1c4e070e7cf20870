//! The `realm` binary end to end: `power`, `buffs`, and the exit-2 path for a bad document.

mod common;

use common::realm;
use std::path::PathBuf;

fn doc(name: &str, text: &str) -> PathBuf {
    common::write_temp("realm-cli", name, text)
}

fn demo_doc(name: &str) -> (engine::Realm, PathBuf) {
    let demo = engine::demo_realm();
    let path = doc(name, &serde_json::to_string(&demo).unwrap());
    (demo, path)
}

#[test]
fn power_prints_every_photo_and_faction() {
    let (demo, path) = demo_doc("power.json");
    let out = realm(&["power", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let photos = v["photos"].as_array().unwrap();
    assert_eq!(photos.len(), demo.photos.len());
    for key in ["id", "raw", "buffed", "power"] {
        assert!(photos[0].get(key).is_some(), "photo lacks {key}");
    }
    let factions = v["factions"].as_array().unwrap();
    assert_eq!(factions.len(), demo.factions.len());
    for (f, want) in factions.iter().zip(&demo.factions) {
        assert_eq!(f["id"], want.id);
        let fp = engine::faction_power(&demo, want.id);
        assert_eq!(f["power"].as_f64().unwrap(), fp, "faction {}", want.id);
        let avg = engine::avg_movement(&demo, want.id);
        assert_eq!(f["avg_movement"].as_f64(), avg);
    }
}

#[test]
fn buffs_prints_the_clamped_totals() {
    let (demo, path) = demo_doc("buffs.json");
    for f in &demo.factions {
        let id = f.id.to_string();
        let out = realm(&["buffs", path.to_str().unwrap(), "--faction", &id]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let want = serde_json::to_value(engine::faction_totals(&demo, f.id).clamped()).unwrap();
        assert_eq!(v, want);
        assert!(v["march_speed"].as_f64().unwrap() >= -75.0);
        assert!(v["supply_range"].as_f64().unwrap() <= 90.0);
    }
    let out = realm(&["buffs", path.to_str().unwrap(), "--faction", "987654"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

#[test]
fn a_bad_document_exits_2_naming_the_path_and_prints_nothing() {
    let mut v = serde_json::to_value(engine::demo_realm()).unwrap();
    v["factions"][3]["name"] = serde_json::json!(3);
    let unparsable = doc("unparsable.json", &v.to_string());
    let mut r = engine::demo_realm();
    r.photos[2].faction = 424242;
    let invalid = doc("invalid.json", &serde_json::to_string(&r).unwrap());
    let broken = doc("broken.json", "{\"map\": ");
    // (file, command, what stderr must name)
    let table = [
        (&unparsable, "power", "factions[3].name"),
        (&unparsable, "buffs", "factions[3].name"),
        (&invalid, "power", "photos[2].faction"),
        (&broken, "power", "broken.json"),
        (&invalid, "validate", "photos[2].faction"),
    ];
    for (path, cmd, names) in table {
        let p = path.to_str().unwrap();
        let args: Vec<&str> = match cmd {
            "buffs" => vec![cmd, p, "--faction", "1"],
            _ => vec![cmd, p],
        };
        let out = realm(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd} {p}: {err}");
        assert!(out.stdout.is_empty(), "{cmd} {p} printed to stdout");
        assert!(err.contains(names), "{cmd}: {err:?} does not name {names}");
        assert!(err.contains(p), "{cmd}: {err:?} does not name the file");
    }
    assert!(
        String::from_utf8_lossy(&realm(&["power", unparsable.to_str().unwrap()]).stderr)
            .contains("expected a string")
    );
}
