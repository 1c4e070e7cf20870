//! The Armory's tables as the editor lists them: each with its record kind, its rows read from the
//! realm as JSON, and the push-down an edit of one of its rows sets off. Pure, tested natively.

use engine::{Realm, RecordKind};
use serde_json::Value;

/// Every table of the Armory the realm stores, in the order the editor lists them.
pub const TABLES: [(RecordKind, &str); 15] = [
    (RecordKind::Material, "Materials"),
    (RecordKind::Colour, "LEGO colours"),
    (RecordKind::Weapon, "Weapons"),
    (RecordKind::Armor, "Armour"),
    (RecordKind::Headwear, "Headwear"),
    (RecordKind::Backpiece, "Backpieces"),
    (RecordKind::Legwear, "Legwear"),
    (RecordKind::Shield, "Offhand: shields"),
    (RecordKind::UniqueItem, "Unique items"),
    (RecordKind::Beast, "Beastry"),
    (RecordKind::Barding, "Bardings and saddles"),
    (RecordKind::MachineKind, "War machines"),
    (RecordKind::MovementType, "Movement types"),
    (RecordKind::Species, "Species"),
    (RecordKind::Creature, "Bestiary"),
];

/// Whether a row of this table is read by `derive_stats`, so saving it re-derives the photos that
/// wear it (SPEC §2.4b). Species and movement types are starting points a photo copies; colours,
/// creatures and machine kinds are never read into a photo's stats.
pub fn pushes_down(kind: RecordKind) -> bool {
    matches!(
        kind,
        RecordKind::Material
            | RecordKind::Weapon
            | RecordKind::Armor
            | RecordKind::Headwear
            | RecordKind::Backpiece
            | RecordKind::Legwear
            | RecordKind::Shield
            | RecordKind::UniqueItem
            | RecordKind::Beast
            | RecordKind::Barding
    )
}

/// The rows of one table, as JSON objects, in document order.
pub fn rows(r: &Realm, kind: RecordKind) -> Vec<Value> {
    let v = match kind {
        RecordKind::Material => serde_json::to_value(&r.materials),
        RecordKind::Colour => serde_json::to_value(&r.colours),
        RecordKind::Weapon => serde_json::to_value(&r.weapons),
        RecordKind::Armor => serde_json::to_value(&r.armor),
        RecordKind::Headwear => serde_json::to_value(&r.headwear),
        RecordKind::Backpiece => serde_json::to_value(&r.backpieces),
        RecordKind::Legwear => serde_json::to_value(&r.legwear),
        RecordKind::Shield => serde_json::to_value(&r.shields),
        RecordKind::UniqueItem => serde_json::to_value(&r.unique_items),
        RecordKind::Beast => serde_json::to_value(&r.beasts),
        RecordKind::Barding => serde_json::to_value(&r.bardings),
        RecordKind::MachineKind => serde_json::to_value(&r.machine_kinds),
        RecordKind::MovementType => serde_json::to_value(&r.movement_types),
        RecordKind::Species => serde_json::to_value(&r.species),
        RecordKind::Creature => serde_json::to_value(&r.creatures),
        _ => Ok(Value::Array(vec![])),
    };
    match v {
        Ok(Value::Array(rows)) => rows,
        _ => vec![],
    }
}

/// `(id, name)` of every row of a table.
pub fn row_names(r: &Realm, kind: RecordKind) -> Vec<(u64, String)> {
    rows(r, kind)
        .iter()
        .filter_map(|v| {
            let id = v.get("id")?.as_u64()?;
            let name = v.get("name").and_then(Value::as_str).unwrap_or("");
            Some((id, name.to_string()))
        })
        .collect()
}

/// One row of a table.
pub fn row(r: &Realm, kind: RecordKind, id: u64) -> Option<Value> {
    rows(r, kind)
        .into_iter()
        .find(|v| v.get("id").and_then(Value::as_u64) == Some(id))
}

/// The id a new row of this table gets: one past the largest.
pub fn next_id(r: &Realm, kind: RecordKind) -> u64 {
    row_names(r, kind)
        .iter()
        .map(|(id, _)| *id)
        .max()
        .unwrap_or(0)
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::demo_realm;

    #[test]
    fn every_table_of_the_demo_lists_its_rows_with_names() {
        let r = demo_realm();
        for (kind, label) in TABLES {
            let names = row_names(&r, kind);
            assert_eq!(names.len(), rows(&r, kind).len(), "{label}");
            assert!(!names.is_empty(), "the demo has {label}");
            let (id, _) = names[0];
            assert_eq!(row(&r, kind, id).unwrap()["id"], id);
            assert!(next_id(&r, kind) > names.iter().map(|n| n.0).max().unwrap());
        }
    }

    #[test]
    fn tables_are_the_realms_armory_collections() {
        // Every table is a distinct kind the realm stores as records.
        for (i, (k, _)) in TABLES.iter().enumerate() {
            assert!(TABLES[i + 1..].iter().all(|(o, _)| o != k));
            assert!(RecordKind::ALL.contains(k));
        }
        assert!(pushes_down(RecordKind::Material));
        assert!(!pushes_down(RecordKind::Species));
    }
}
