//! `Record` and `RecordKind`: the document as one row per record, the unit the server stores and sync moves.
//!
//! The mapping is generic and 1:1: each collection's records become records of its kind with their own
//! id, and the two singletons (map, settings) get id 0.

use crate::realm::Keyed;
use crate::{DocError, Realm, TerrainMap};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// One stored record of the realm document.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Which collection it belongs to.
    pub kind: RecordKind,
    /// Its id (0 for singletons; the photo id for a rating).
    pub id: u64,
    /// The record itself, as the document serialises it.
    pub body: serde_json::Value,
}

macro_rules! record_kinds {
    ($( $variant:ident => $name:literal, $field:ident ;)*) => {
        /// Every kind of record that can be stored and synced, one per collection plus the singletons.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum RecordKind {
            /// The terrain map (singleton, id 0).
            Map,
            /// Realm settings (singleton, id 0).
            Settings,
            $(
                #[doc = concat!("A record of `Realm::", stringify!($field), "`.")]
                $variant,
            )*
        }

        impl RecordKind {
            /// Every kind, in document order.
            pub const ALL: [RecordKind; 2 + [$($name),*].len()] =
                [RecordKind::Map, RecordKind::Settings, $(RecordKind::$variant),*];

            /// snake_case name, usable as an SQL table-name suffix.
            pub fn name(self) -> &'static str {
                match self {
                    RecordKind::Map => "map",
                    RecordKind::Settings => "settings",
                    $(RecordKind::$variant => $name,)*
                }
            }

            /// The kind with this name.
            pub fn from_name(name: &str) -> Option<RecordKind> {
                RecordKind::ALL.into_iter().find(|k| k.name() == name)
            }

            /// The document field that holds records of this kind.
            pub fn field(self) -> &'static str {
                match self {
                    RecordKind::Map => "map",
                    RecordKind::Settings => "settings",
                    $(RecordKind::$variant => stringify!($field),)*
                }
            }

            /// Whether there is exactly one record of this kind, with id 0.
            pub fn is_singleton(self) -> bool {
                matches!(self, RecordKind::Map | RecordKind::Settings)
            }
        }

        impl Realm {
            /// The document as records, in document order.
            pub fn to_records(&self) -> Vec<Record> {
                let mut out = vec![
                    Record { kind: RecordKind::Map, id: 0, body: to_value(&self.map) },
                    Record { kind: RecordKind::Settings, id: 0, body: to_value(&self.settings) },
                ];
                $( push_all(&mut out, RecordKind::$variant, &self.$field); )*
                out
            }

            /// Puts one record in its place (`Some` body, read as [`Realm::from_records`] reads
            /// it) or takes it out (`None`), keeping document order. For a realm already read:
            /// the browser takes in a changed record this way rather than reading every record
            /// again, then re-derives what depends on it ([`crate::rederive_after`]); the result
            /// is the realm `from_records` would read from the records as they now are. Not
            /// validated: call [`Realm::validate`].
            pub fn splice_record(
                &mut self,
                kind: RecordKind,
                id: u64,
                body: Option<serde_json::Value>,
            ) -> Result<(), DocError> {
                self.splice::<true>(kind, id, body)
            }

            /// [`Realm::splice_record`] for a realm read by
            /// [`Realm::from_records_without_lab_setups`]: a line-up is skipped unread.
            pub fn splice_record_without_lab_setups(
                &mut self,
                kind: RecordKind,
                id: u64,
                body: Option<serde_json::Value>,
            ) -> Result<(), DocError> {
                self.splice::<false>(kind, id, body)
            }

            fn splice<const LAB_SETUPS: bool>(
                &mut self,
                kind: RecordKind,
                id: u64,
                body: Option<serde_json::Value>,
            ) -> Result<(), DocError> {
                match kind {
                    RecordKind::Map => match body {
                        Some(b) => self.map = from_value(b, "map")?,
                        None => return Err(DocError::new("map", "no map record")),
                    },
                    RecordKind::Settings => {
                        self.settings = match body {
                            Some(b) => from_value(b, "settings")?,
                            None => Default::default(),
                        }
                    }
                    $(RecordKind::$variant => {
                        if !LAB_SETUPS && matches!(RecordKind::$variant, RecordKind::LabSetup) {
                            return Ok(());
                        }
                        let item = match body {
                            Some(b) => {
                                let path = format!("{}[id {}]", stringify!($field), id);
                                let item = element_of(&self.$field, from_value(b, &path)?);
                                check_id(&item, id, &path)?;
                                Some(item)
                            }
                            None => None,
                        };
                        if let Some(i) = self.$field.iter().position(|x| x.id() == id) {
                            self.$field.remove(i);
                        }
                        if let Some(item) = item {
                            // Document order is by sort key (an `order`, then the id), and
                            // keys are unique: in after the last smaller one.
                            let k = item.key();
                            let i = self.$field.partition_point(|x| x.key() < k);
                            self.$field.insert(i, item);
                        }
                    })*
                }
                Ok(())
            }

            /// Assembles a document from records in any order and sorts it into document order.
            /// Exactly one map record is needed; settings default when absent. The result is not
            /// validated: call [`Realm::validate`].
            pub fn from_records(records: impl IntoIterator<Item = Record>) -> Result<Realm, DocError> {
                Realm::assemble::<true>(records)
            }

            /// [`Realm::from_records`] for a reader that never shows saved Battle Lab line-ups (the
            /// map page): `lab_setup` records are skipped unread, so the realm has none. A line-up's
            /// parser is every further system's input parser, about 120 KB of wasm before
            /// optimisation, which this keeps out of a build that does not call `from_records`.
            /// Nothing else in the document refers to a line-up, so what `validate` says of the rest
            /// is the same either way.
            pub fn from_records_without_lab_setups(
                records: impl IntoIterator<Item = Record>,
            ) -> Result<Realm, DocError> {
                Realm::assemble::<false>(records)
            }

            /// Reads one record sent by someone the reader does not trust (a sync mutation's body)
            /// with the strict reader (`realm::json`), its own id checked against `id`, into a
            /// realm holding only it (and an empty map, unless it is the map), ready to splice into
            /// the live one. Errors name the field below the body (`marker.x`; empty for the body
            /// itself), so the caller prefixes where the body was.
            pub fn from_record_strict(kind: RecordKind, id: u64, body: serde_json::Value) -> Result<Realm, DocError> {
                let mut realm = Realm::new(TerrainMap::filled(0, 0, crate::Terrain::Plains));
                if kind.is_singleton() && id != 0 {
                    return Err(DocError::new("id", format!("{} is a singleton: its id is 0", kind.name())));
                }
                match kind {
                    RecordKind::Map => realm.map = crate::realm::json::from_value(body)?,
                    RecordKind::Settings => realm.settings = crate::realm::json::from_value(body)?,
                    $(RecordKind::$variant => {
                        let item = crate::realm::json::from_value(body)?;
                        check_id(&item, id, "id")?;
                        realm.$field.push(item);
                    })*
                }
                Ok(realm)
            }

            /// Both of the above; `LAB_SETUPS` is a constant so the skipped parser is not compiled in.
            fn assemble<const LAB_SETUPS: bool>(
                records: impl IntoIterator<Item = Record>,
            ) -> Result<Realm, DocError> {
                let mut map: Option<TerrainMap> = None;
                let mut realm = Realm::new(TerrainMap::filled(0, 0, crate::Terrain::Plains));
                for rec in records {
                    match rec.kind {
                        RecordKind::Map => {
                            if map.is_some() {
                                return Err(DocError::new("map", "more than one map record"));
                            }
                            map = Some(from_value(rec.body, "map")?);
                        }
                        RecordKind::Settings => realm.settings = from_value(rec.body, "settings")?,
                        $(RecordKind::$variant => {
                            if !LAB_SETUPS && matches!(RecordKind::$variant, RecordKind::LabSetup) {
                                continue;
                            }
                            let path = format!("{}[id {}]", stringify!($field), rec.id);
                            let item = from_value(rec.body, &path)?;
                            check_id(&item, rec.id, &path)?;
                            realm.$field.push(item);
                        })*
                    }
                }
                realm.map = map.ok_or_else(|| DocError::new("map", "no map record"))?;
                realm.sort();
                Ok(realm)
            }
        }
    };
}

record_kinds! {
    Season => "season", seasons;
    Colour => "colour", colours;
    Material => "material", materials;
    Weapon => "weapon", weapons;
    Armor => "armor", armor;
    Headwear => "headwear", headwear;
    Backpiece => "backpiece", backpieces;
    Legwear => "legwear", legwear;
    Shield => "shield", shields;
    Beast => "beast", beasts;
    MovementType => "movement_type", movement_types;
    Species => "species", species;
    Creature => "creature", creatures;
    UniqueItem => "unique_item", unique_items;
    MachineKind => "machine_kind", machine_kinds;
    Barding => "barding", bardings;
    Faction => "faction", factions;
    Regiment => "regiment", regiments;
    EquipmentType => "equipment_type", equipment_types;
    Buff => "buff", buffs;
    Photo => "photo", photos;
    Rating => "rating", ratings;
    LabSetup => "lab_setup", lab_setups;
}

fn to_value<T: Serialize>(v: &T) -> serde_json::Value {
    // Serialising these plain data types cannot fail: every map key is a string.
    serde_json::to_value(v).expect("realm records serialise")
}

fn push_all<T: Serialize + Keyed>(out: &mut Vec<Record>, kind: RecordKind, items: &[T]) {
    out.extend(items.iter().map(|t| Record {
        kind,
        id: t.id(),
        body: to_value(t),
    }));
}

fn from_value<T: DeserializeOwned>(body: serde_json::Value, path: &str) -> Result<T, DocError> {
    // Structs as objects only: the array readers serde would also compile are never needed.
    crate::realm::value_reader::from_value(body).map_err(|e| DocError::new(path, e.to_string()))
}

/// `item`, typed as an element of `_of` (what the macro's collections hold).
fn element_of<T>(_of: &[T], item: T) -> T {
    item
}

fn check_id<T: Keyed>(item: &T, id: u64, path: &str) -> Result<(), DocError> {
    if item.id() == id {
        Ok(())
    } else {
        Err(DocError::new(
            path,
            format!(
                "the body's id {} differs from the record id {id}",
                item.id()
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    fn demo() -> &'static Realm {
        static DEMO: OnceLock<Realm> = OnceLock::new();
        DEMO.get_or_init(crate::demo_realm)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Records arrive in any order (sync, SQL without ORDER BY): the document comes back the same.
        #[test]
        fn records_round_trip_in_any_order(seed in any::<u64>()) {
            let mut rng = crate::SplitMix64::new(seed);
            let mut records = demo().to_records();
            for i in (1..records.len()).rev() {
                let j = crate::below(&mut rng, i as u64 + 1) as usize;
                records.swap(i, j);
            }
            prop_assert_eq!(&Realm::from_records(records).unwrap(), demo());
        }
    }

    /// The map's reader skips line-ups unread, a broken one included, and keeps everything else.
    #[test]
    fn without_lab_setups_skips_them_unread_and_keeps_the_rest() {
        assert!(!demo().lab_setups.is_empty());
        let mut records = demo().to_records();
        records.push(Record {
            kind: RecordKind::LabSetup,
            id: 999,
            body: serde_json::json!({"id": 999, "system": "no such system"}),
        });
        assert!(Realm::from_records(records.clone()).is_err());
        let mut expected = demo().clone();
        expected.lab_setups.clear();
        assert_eq!(
            Realm::from_records_without_lab_setups(records).unwrap(),
            expected
        );
    }

    /// The map's checks skip only the line-ups' own: the rest of the document is still checked.
    #[test]
    fn validate_without_lab_setups_checks_all_but_the_line_ups() {
        let mut r = demo().clone();
        r.lab_setups[0].name = String::new();
        assert!(r.validate().unwrap_err().field.starts_with("lab_setups[0]"));
        assert!(r.validate_without_lab_setups().is_ok());
        r.factions.push(r.factions[0].clone());
        assert!(r.validate_without_lab_setups().is_err());
    }

    #[test]
    fn names_are_unique_snake_case() {
        let mut names: Vec<&str> = RecordKind::ALL.iter().map(|k| k.name()).collect();
        assert!(names
            .iter()
            .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), RecordKind::ALL.len());
        for k in RecordKind::ALL {
            assert_eq!(RecordKind::from_name(k.name()), Some(k));
        }
    }

    #[test]
    fn missing_map_and_mismatched_id_are_reported() {
        assert_eq!(Realm::from_records(vec![]).unwrap_err().field, "map");
        let body = serde_json::json!({"id": 5, "name": "S1", "number": 1});
        let recs = vec![
            Record {
                kind: RecordKind::Map,
                id: 0,
                body: to_value(&TerrainMap::filled(1, 1, crate::Terrain::Road)),
            },
            Record {
                kind: RecordKind::Season,
                id: 6,
                body,
            },
        ];
        assert_eq!(
            Realm::from_records(recs).unwrap_err().field,
            "seasons[id 6]"
        );
    }
}
