//! What a push-down and a recalculation report: the photos and stats that moved, each from what
//! to what, and nothing for a change that moves nothing.

use super::*;
use crate::{demo_realm, wears, Realm};

/// The demo realm and the material worn by the most photos.
fn busiest_material() -> (Realm, u64) {
    let r = demo_realm();
    let m = r
        .materials
        .iter()
        .max_by_key(|m| {
            r.photos
                .iter()
                .filter(|p| wears(p, ArmoryEdit::Material(m.id)))
                .count()
        })
        .map(|m| m.id)
        .expect("the demo has materials");
    (r, m)
}

#[test]
fn a_fresh_realm_recalculates_to_no_change() {
    let mut r = demo_realm();
    assert_eq!(recalculate_report(&mut r), vec![]);
    assert_eq!(r, demo_realm());
}

#[test]
fn a_material_edit_pushes_down_to_exactly_its_wearers_with_power_before_and_after() {
    let (mut r, m) = busiest_material();
    let wearers: Vec<u64> = r
        .photos
        .iter()
        .filter(|p| wears(p, ArmoryEdit::Material(m)))
        .map(|p| p.id)
        .collect();
    assert!(
        wearers.len() > 1,
        "the demo's busiest material is worn by several photos"
    );
    let before = r.clone();
    let mat = r.materials.iter_mut().find(|x| x.id == m).unwrap();
    mat.stat_impact_pct += 50.0;
    let report = push_down_report(&mut r, ArmoryEdit::Material(m));
    let changed: Vec<u64> = report.iter().map(|c| c.photo).collect();
    assert_eq!(changed, wearers, "every wearer moves and no one else");
    for c in &report {
        let old = before.photo(c.photo).unwrap();
        let new = r.photo(c.photo).unwrap();
        assert_eq!(c.moves, stat_moves(&old.stats, &new.stats));
        assert!(!c.moves.is_empty());
        // A better material only raises Attack or Defense, so Power rises.
        for mv in &c.moves {
            assert!(mv.to.unwrap_or(0.0) > mv.from.unwrap_or(0.0), "{mv:?}");
        }
        assert!(c.power_to > c.power_from, "{c:?}");
        assert_eq!(c.power_from, photo_power(&before, old));
        assert_eq!(c.power_to, photo_power(&r, new));
    }
    // Push-down leaves the realm exactly as a full recalculation would.
    let mut full = r.clone();
    assert_eq!(recalculate_report(&mut full), vec![]);
}

#[test]
fn recalculate_reports_stale_stats_from_and_to() {
    let mut r = demo_realm();
    let honest = r.photos[3].stats;
    r.photos[3].stats.movement = Some(42.0);
    let report = recalculate_report(&mut r);
    assert_eq!(report.len(), 1);
    assert_eq!(report[0].photo, r.photos[3].id);
    assert_eq!(
        report[0].moves,
        [StatMove {
            stat: "Movement",
            from: Some(42.0),
            to: honest.movement
        }]
    );
    assert_eq!(r.photos[3].stats, honest);
}

#[test]
fn photos_only_one_side_holds_are_not_reported() {
    let before = demo_realm();
    let mut after = before.clone();
    let gone = after.photos.remove(0);
    after.photos[0].stats.attack_power = Some(1234.0);
    let report = compare_photos(&before, &after);
    assert_eq!(report.len(), 1);
    assert_ne!(report[0].photo, gone.id);
}
