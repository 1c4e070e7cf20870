//! The demo realm at a larger size, for measuring the server and the app as a bigger community
//! would meet them: `demo_scaled(n)` holds `n` times the demo's photos per faction.
//!
//! Each photo other than a leader gets `n − 1` copies in its own faction and group, with new ids
//! above every id the demo uses, a numbered name, and its own figure: a copy that crews a war
//! machine crews that machine's copy of the same number, and a copy wears no unique item and no barding
//! (each is one of a kind, so only the original keeps it). Copies start at the start rating, like
//! any new photo. The copies are derived again, so the realm is valid and its Power, territory and
//! buffs are the engine's own.

use super::demo_realm;
use crate::{derive_all, Group, ItemRef, OffhandRef, Realm};

/// The demo realm with `n` times its photos per faction (`n` ≤ 1 is the demo itself).
pub fn demo_scaled(n: u32) -> Realm {
    let mut realm = demo_realm();
    if n <= 1 {
        return realm;
    }
    // A block of ids per copy, above every id the demo uses.
    let stride = realm.photos.iter().map(|p| p.id).max().unwrap_or(0) + 1;
    let originals: Vec<_> = realm
        .photos
        .iter()
        .filter(|p| p.group != Group::Leader)
        .cloned()
        .collect();
    for copy in 1..u64::from(n) {
        for p in &originals {
            let mut c = p.clone();
            c.id = p.id + copy * stride;
            c.name = format!("{} {}", p.name, copy + 1);
            c.order = p.order + (copy as i64) * 10_000;
            c.crew_of = p.crew_of.map(|m| {
                if realm.photo(m).is_some_and(|m| m.group == Group::Leader) {
                    m
                } else {
                    m + copy * stride
                }
            });
            for slot in [
                &mut c.weapon,
                &mut c.armor,
                &mut c.headwear,
                &mut c.backpiece,
                &mut c.legwear,
            ] {
                if matches!(slot, Some(ItemRef::Unique(_))) {
                    *slot = None;
                }
            }
            if matches!(c.offhand, Some(OffhandRef::Unique(_))) {
                c.offhand = None;
            }
            // A barding is worn by one figure too.
            c.worn.clear();
            realm.photos.push(c);
        }
    }
    derive_all(&mut realm);
    realm.sort();
    realm
}
