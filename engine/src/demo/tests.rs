//! Invariants of the demo realm.

use super::*;
use crate::*;

#[test]
fn demo_validates_and_is_deterministic() {
    let a = demo_realm();
    a.validate().unwrap();
    assert_eq!(a, demo_realm());
}

#[test]
fn demo_map_is_240_by_160_with_every_terrain() {
    let r = demo_realm();
    assert_eq!(
        (r.map.width, r.map.height, r.map.cells.len()),
        (240, 160, 38_400)
    );
    for t in Terrain::ALL {
        let n = r.map.cells.iter().filter(|c| **c == t).count();
        assert!(n > 100, "{} has only {n} cells", t.name());
    }
}

#[test]
fn demo_factions_cover_kinds_alignments_and_pools() {
    let r = demo_realm();
    let ordinary: Vec<&Faction> = r
        .factions
        .iter()
        .filter(|f| f.kind == FactionKind::Ordinary)
        .collect();
    assert!(ordinary.len() >= 8);
    for a in Alignment::ALL {
        assert!(
            ordinary.iter().any(|f| f.alignment == a),
            "no {a:?} faction"
        );
    }
    for pool in MercPool::ALL {
        assert!(
            r.factions.iter().any(|f| f.merc_pool == Some(pool)),
            "no {pool:?} company"
        );
    }
    assert_eq!(
        r.factions
            .iter()
            .filter(|f| f.kind == FactionKind::Townsfolk)
            .count(),
        1
    );
    let mut colours: Vec<&str> = r.factions.iter().map(|f| f.colour.as_str()).collect();
    colours.sort();
    colours.dedup();
    assert_eq!(
        colours.len(),
        r.factions.len(),
        "display colours must differ"
    );
    for f in &ordinary {
        let (x, y) = f
            .marker
            .expect("ordinary factions sit on the map")
            .cell(r.map.width, r.map.height);
        assert_ne!(r.map.get(x, y), Terrain::Water, "{} sits in water", f.name);
        let leaders = r
            .photos
            .iter()
            .filter(|p| p.faction == f.id && p.group == Group::Leader)
            .count();
        assert_eq!(leaders, 1, "{} leaders", f.name);
    }
}

#[test]
fn demo_photos_and_armory_are_rich() {
    let r = demo_realm();
    assert!(
        (250..=350).contains(&r.photos.len()),
        "{} photos",
        r.photos.len()
    );
    assert!(r
        .weapons
        .iter()
        .any(|w| w.name.contains("Longbow") && w.range.unwrap() >= 15.0));
    assert!(r.unique_items.iter().any(|u| u.bane.is_some()));
    assert!(r
        .materials
        .iter()
        .any(|m| matches!(m.colours, MaterialColours::Mixed(..))));
    assert!(r.photos.iter().any(|p| p.crew_of.is_some()));
    assert!(r
        .buffs
        .iter()
        .any(|b| matches!(b.effect, Effect::Grudge { .. })));
    for c in [
        BuffCategory::UnitStats,
        BuffCategory::Logistics,
        BuffCategory::Leadership,
    ] {
        assert!(r.buffs.iter().any(|b| b.effect.category() == c));
    }
    assert_eq!(r.ratings.len(), r.photos.len());
    assert_eq!(r.settings.current_season, 2);
    let seasoned = r.photos.iter().filter(|p| p.season.is_some()).count();
    assert!(seasoned * 2 > r.photos.len());
}

#[test]
fn demo_stats_are_derived() {
    let r = demo_realm();
    for p in &r.photos {
        assert_eq!(p.stats, derive_stats(p, &r), "{}", p.name);
    }
}

#[test]
fn demo_json_round_trips_exactly() {
    let r = demo_realm();
    let json = serde_json::to_string(&r).unwrap();
    let back: Realm = serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
}

#[test]
fn demo_records_round_trip() {
    let r = demo_realm();
    let mut records = r.to_records();
    assert_eq!(
        records.iter().filter(|x| x.kind == RecordKind::Map).count(),
        1
    );
    records.reverse();
    assert_eq!(Realm::from_records(records).unwrap(), r);
}

#[test]
fn a_scaled_demo_validates_with_n_times_the_photos_of_every_faction() {
    let one = demo_realm();
    assert_eq!(demo_scaled(1), one);
    let three = demo_scaled(3);
    three.validate().unwrap();
    for f in &one.factions {
        let count = |r: &Realm| r.photos.iter().filter(|p| p.faction == f.id).count();
        let leaders = one
            .photos
            .iter()
            .filter(|p| p.faction == f.id && p.group == Group::Leader)
            .count();
        assert_eq!(count(&three), 3 * count(&one) - 2 * leaders, "{}", f.name);
    }
    assert_eq!(three, demo_scaled(3), "deterministic");
}
