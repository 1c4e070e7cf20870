//! The collection as the server holds it in memory while it changes it: every stored record,
//! tombstones included, and the pure steps of a change — check a body against its kind's engine
//! type, build the realm that would result, validate it and re-derive it with engine, and list
//! the record writes that take the store there. No SQL here (that is `db/`), no HTTP.

use crate::error::ApiError;
use actix_web::http::StatusCode;
use engine::{DocError, Realm, Record, RecordKind};
use serde_json::Value;
use std::collections::BTreeMap;

/// One stored record, live or a tombstone.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    /// Its revision.
    pub revision: u64,
    /// The change counter at its last change.
    pub server_rev: u64,
    /// Whether it is a tombstone.
    pub deleted: bool,
    /// Its body (`null` for a tombstone).
    pub body: Value,
}

/// A record's key.
pub type Key = (RecordKind, u64);

/// One record write: a new body, or `None` for a tombstone.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// Which record.
    pub key: Key,
    /// Its new body; `None` deletes it.
    pub body: Option<Value>,
}

/// The collection kept in memory beside the database: every stored record and the live realm
/// they make, settled. Only changed after the transaction that wrote the change committed.
#[derive(Clone, Debug)]
pub struct Cached {
    /// Every stored record.
    pub coll: Collection,
    /// The live realm.
    pub realm: Realm,
    /// The map's summary as served (`GET /api/summary`) and the change counter it was built at:
    /// built once per change, however many first visits ask for it.
    pub summary: Option<(u64, std::sync::Arc<String>)>,
}

/// Every stored record by key.
#[derive(Clone, Debug, Default)]
pub struct Collection {
    /// The rows.
    pub rows: BTreeMap<Key, Stored>,
}

impl Collection {
    /// The live realm as stored. It was validated on the way in, so failure is the server's.
    pub fn realm(&self) -> Result<Realm, ApiError> {
        Realm::from_records(self.live_records()).map_err(ApiError::internal)
    }

    fn live_records(&self) -> impl Iterator<Item = Record> + '_ {
        self.rows
            .iter()
            .filter(|(_, s)| !s.deleted)
            .map(|(&(kind, id), s)| Record {
                kind,
                id,
                body: s.body.clone(),
            })
    }

    /// The realm with one record replaced (`Some`) or removed (`None`), not yet settled.
    pub fn realm_with(&self, key: Key, body: Option<&Value>) -> Result<Realm, ApiError> {
        let records = self
            .live_records()
            .filter(|r| (r.kind, r.id) != key)
            .chain(body.map(|b| Record {
                kind: key.0,
                id: key.1,
                body: b.clone(),
            }));
        Realm::from_records(records).map_err(|e| invalid(e, "the realm"))
    }

    /// The writes that take the stored collection to `next`: every record whose body differs
    /// or is new, and a tombstone for every live record `next` no longer has.
    pub fn diff(&self, next: &Realm) -> Vec<Change> {
        let mut seen = std::collections::BTreeSet::new();
        let mut out = Vec::new();
        for Record { kind, id, body } in next.to_records() {
            seen.insert((kind, id));
            match self.rows.get(&(kind, id)) {
                Some(s) if !s.deleted && s.body == body => {}
                _ => out.push(Change {
                    key: (kind, id),
                    body: Some(body),
                }),
            }
        }
        for (key, s) in &self.rows {
            if !s.deleted && !seen.contains(key) {
                out.push(Change {
                    key: *key,
                    body: None,
                });
            }
        }
        out
    }

    /// Records the writes of a committed change made at `server_rev`.
    pub fn apply(&mut self, changes: &[Change], server_rev: u64) {
        for c in changes {
            let revision = self.rows.get(&c.key).map_or(1, |s| s.revision + 1);
            self.rows.insert(
                c.key,
                Stored {
                    revision,
                    server_rev,
                    deleted: c.body.is_none(),
                    body: c.body.clone().unwrap_or(Value::Null),
                },
            );
        }
    }
}

/// Validates a candidate realm and re-derives it with engine: ratings of photos that no longer
/// exist go with them (ratings are server-owned), the whole document must validate, and every
/// photo's stats are recomputed, whatever numbers arrived.
pub fn settle(realm: Realm) -> Result<Realm, ApiError> {
    settle_reporting(realm).map(|(r, _)| r)
}

/// As [`settle`], also naming the photos whose stats the re-derivation changed.
pub fn settle_reporting(mut realm: Realm) -> Result<(Realm, Vec<u64>), ApiError> {
    let photos: std::collections::BTreeSet<u64> = realm.photos.iter().map(|p| p.id).collect();
    realm.ratings.retain(|r| photos.contains(&r.photo_id));
    realm.validate().map_err(|e| invalid(e, "the realm"))?;
    let report = engine::recalculate_all(&mut realm);
    Ok((realm, report.changed))
}

/// Per record kind: the realm's collection and how an item names its id. Every kind must be
/// listed (the matches below are exhaustive), so a new kind cannot be forgotten.
macro_rules! by_kind {
    ($( $variant:ident => $field:ident . $id:ident ),* $(,)?) => {
        /// Replaces (with the record of `one`, a realm holding just it) or removes (`None`) the
        /// record `key` in `realm`, keeping document order. Cheaper than rebuilding the realm.
        pub fn splice(realm: &mut Realm, key: Key, one: Option<Realm>) {
            let (kind, id) = key;
            match kind {
                RecordKind::Map => if let Some(o) = one { realm.map = o.map },
                RecordKind::Settings => if let Some(o) = one { realm.settings = o.settings },
                $(RecordKind::$variant => {
                    realm.$field.retain(|x| x.$id != id);
                    if let Some(o) = one {
                        realm.$field.extend(o.$field);
                    }
                })*
            }
            realm.sort();
        }

        /// The record `key` of `realm` as engine writes it, if it is there.
        pub fn body_of(realm: &Realm, key: Key) -> Option<Value> {
            let (kind, id) = key;
            let v = match kind {
                RecordKind::Map => serde_json::to_value(&realm.map),
                RecordKind::Settings => serde_json::to_value(realm.settings),
                $(RecordKind::$variant => {
                    serde_json::to_value(realm.$field.iter().find(|x| x.$id == id)?)
                })*
            };
            v.ok()
        }
    };
}

by_kind! {
    Season => seasons.id,
    Colour => colours.id,
    Material => materials.id,
    Weapon => weapons.id,
    Armor => armor.id,
    Headwear => headwear.id,
    Backpiece => backpieces.id,
    Legwear => legwear.id,
    Shield => shields.id,
    Beast => beasts.id,
    MovementType => movement_types.id,
    Species => species.id,
    Creature => creatures.id,
    UniqueItem => unique_items.id,
    MachineKind => machine_kinds.id,
    Barding => bardings.id,
    Faction => factions.id,
    Regiment => regiments.id,
    EquipmentType => equipment_types.id,
    Buff => buffs.id,
    Photo => photos.id,
    Rating => ratings.photo_id,
    LabSetup => lab_setups.id,
}

/// A 422 for a realm the change would leave invalid, naming the document field.
fn invalid(e: DocError, what: &str) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code: "invalid",
        message: format!("{what} would not validate: {}", e.message),
        field: Some(e.field),
    }
}

/// Checks a record body against its kind's engine type with engine's strict reader and returns
/// it as engine writes it. `at` is the body's path in the request (`mutations[2].body`); errors
/// name the field below it. Unknown fields are refused, and a body whose own id differs from `id`
/// too. Also returns a realm holding just the record, for [`splice`].
pub fn parse_body(
    kind: RecordKind,
    id: u64,
    body: &Value,
    at: &str,
) -> Result<(Value, Realm), ApiError> {
    let realm = Realm::from_record_strict(kind, id, body.clone()).map_err(|e| {
        // The id is the mutation's own field, beside its body.
        let e = if e.field == "id" && kind.is_singleton() {
            e.within(at.strip_suffix(".body").unwrap_or(at))
        } else {
            e.within(at)
        };
        ApiError::bad_field(e.field, e.message)
    })?;
    let kept = body_of(&realm, (kind, id))
        .ok_or_else(|| ApiError::internal("a parsed record vanished"))?;
    Ok((kept, realm))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo_collection() -> Collection {
        let mut c = Collection::default();
        let changes: Vec<Change> = engine::demo_realm()
            .to_records()
            .into_iter()
            .map(|r| Change {
                key: (r.kind, r.id),
                body: Some(r.body),
            })
            .collect();
        c.apply(&changes, 1);
        c
    }

    #[test]
    fn a_body_is_read_as_its_kind_and_unknown_fields_are_named() {
        let demo = engine::demo_realm();
        let photo = serde_json::to_value(&demo.photos[0]).unwrap();
        let id = demo.photos[0].id;
        let (kept, _) = parse_body(RecordKind::Photo, id, &photo, "body").unwrap();
        assert_eq!(kept, photo);
        let mut extra = photo.clone();
        extra["sparkle"] = Value::Bool(true);
        let e = parse_body(RecordKind::Photo, id, &extra, "body").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("body.sparkle"));
        let mut wrong = photo.clone();
        wrong["name"] = Value::from(5);
        let e = parse_body(RecordKind::Photo, id, &wrong, "m[0].body").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("m[0].body.name"));
        let e = parse_body(RecordKind::Photo, id + 1, &photo, "body").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("body.id"));
    }

    #[test]
    fn an_unchanged_realm_diffs_to_nothing_and_a_removal_to_a_tombstone() {
        let c = demo_collection();
        let realm = settle(c.realm().unwrap()).unwrap();
        assert!(c.diff(&realm).is_empty());
        let photo = realm.photos[0].id;
        let without = settle(c.realm_with((RecordKind::Photo, photo), None).unwrap()).unwrap();
        let changes = c.diff(&without);
        assert!(changes.contains(&Change {
            key: (RecordKind::Photo, photo),
            body: None
        }));
        assert!(changes.iter().all(|ch| ch.body.is_none()));
    }

    #[test]
    fn splicing_a_record_matches_rebuilding_the_realm() {
        let c = demo_collection();
        let realm = c.realm().unwrap();
        for kind in RecordKind::ALL {
            let Some(rec) = realm.to_records().into_iter().find(|r| r.kind == kind) else {
                continue;
            };
            let key = (kind, rec.id);
            assert_eq!(body_of(&realm, key).as_ref(), Some(&rec.body), "{kind:?}");
            let (body, one) = parse_body(kind, rec.id, &rec.body, "body").unwrap();
            let mut spliced = realm.clone();
            splice(&mut spliced, key, Some(one));
            assert_eq!(spliced, c.realm_with(key, Some(&body)).unwrap(), "{kind:?}");
            if !kind.is_singleton() {
                let mut removed = realm.clone();
                splice(&mut removed, key, None);
                assert_eq!(removed, c.realm_with(key, None).unwrap(), "{kind:?}");
            }
        }
    }
}
