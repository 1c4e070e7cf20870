//! The server's copy of the collection as this browser last pulled it: every record with its
//! revision (tombstones included) and the cursor to pull from next. The realm on screen is this
//! snapshot with the pending edits of the [`Queue`](super::queue::Queue) laid over it.

use super::queue::Queue;
use crate::bundle::Bundle;
use engine::wire::{Op, PullResponse, SyncRecord};
use engine::{recalculate_all, DocError, Realm, Record, RecordKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A record's place: its kind's name and its id.
pub type RecordKey = (String, u64);

/// Every record the server has told this browser about, and how far it has read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "SnapshotFile", into = "SnapshotFile")]
pub struct Snapshot {
    /// Pass this as `since` on the next pull.
    pub cursor: u64,
    records: BTreeMap<RecordKey, SyncRecord>,
    /// Whether a record was taken in outside a pull (an acknowledged edit, a conflict's current
    /// record) since the last one: the records are then not exactly the server's at `cursor`
    /// until the next pull brings the rest.
    ahead: bool,
}

/// The stored form: JSON maps need string keys, so the records travel as a list.
#[derive(Serialize, Deserialize)]
struct SnapshotFile {
    cursor: u64,
    records: Vec<SyncRecord>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    ahead: bool,
}

impl From<SnapshotFile> for Snapshot {
    fn from(f: SnapshotFile) -> Self {
        let mut s = Snapshot {
            cursor: f.cursor,
            records: BTreeMap::new(),
            ahead: f.ahead,
        };
        for r in f.records {
            s.absorb(r);
        }
        s
    }
}

impl From<Snapshot> for SnapshotFile {
    fn from(s: Snapshot) -> Self {
        SnapshotFile {
            cursor: s.cursor,
            records: s.records.into_values().collect(),
            ahead: s.ahead,
        }
    }
}

impl Snapshot {
    /// Whether nothing has been pulled yet.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Takes in a pull: newer records replace older ones, and the cursor moves forward (never back,
    /// so a late answer to an older pull cannot rewind it).
    pub fn apply_pull(&mut self, pull: PullResponse) {
        for r in pull.records {
            self.absorb(r);
        }
        // Every record changed after the old cursor came with it, those taken in aside included.
        if pull.cursor >= self.cursor {
            self.ahead = false;
        }
        self.cursor = self.cursor.max(pull.cursor);
    }

    /// The server change counter these records are exactly the server's at, if they are: a
    /// battle fought on them names it (`BattleSubmission::fought_on`), so the server can fight it
    /// again on the same realm.
    pub fn exact_cursor(&self) -> Option<u64> {
        (!self.ahead && !self.records.is_empty()).then_some(self.cursor)
    }

    /// Takes in a record the server holds now but outside a pull (a conflict's current record).
    pub fn absorb_aside(&mut self, record: SyncRecord) {
        self.ahead = true;
        self.absorb(record);
    }

    /// Takes in one record as the server holds it (from a pull or a conflict), unless this
    /// snapshot already holds a later revision of it.
    pub fn absorb(&mut self, record: SyncRecord) {
        let key = (record.kind.clone(), record.id);
        match self.records.get(&key) {
            Some(have) if have.revision > record.revision => {}
            _ => {
                self.records.insert(key, record);
            }
        }
    }

    /// Records that the server applied `op` to the record, giving it `revision`. The body is ours
    /// until the next pull brings the server's (re-derived) copy, so an acknowledged edit never
    /// flickers back to its old value when that pull fails.
    pub fn acknowledge(
        &mut self,
        kind: &str,
        id: u64,
        op: Op,
        body: Option<serde_json::Value>,
        revision: u64,
    ) {
        let server_rev = self.get(kind, id).map_or(0, |r| r.server_rev);
        self.absorb_aside(SyncRecord {
            kind: kind.to_string(),
            id,
            revision,
            server_rev,
            deleted: op == Op::Delete,
            body: if op == Op::Delete { None } else { body },
        });
    }

    /// The record as last seen, tombstone or not.
    pub fn get(&self, kind: &str, id: u64) -> Option<&SyncRecord> {
        self.records.get(&(kind.to_string(), id))
    }

    /// The realm this snapshot holds with `queue`'s pending edits applied in order, validated and
    /// re-derived by the engine (SPEC §1.9: derived numbers are never taken as sent).
    pub fn realm(&self, queue: &Queue, read: &dyn Bundle) -> Result<Realm, DocError> {
        let mut realm = self.stored(queue, read)?;
        recalculate_all(&mut realm);
        Ok(realm)
    }

    /// The realm as its records are stored — this snapshot with `queue`'s pending edits — validated
    /// but not re-derived, so a photo holds the stats it was last stored with (the editor's
    /// Toolbox compares them with a recalculation).
    pub fn stored(&self, queue: &Queue, read: &dyn Bundle) -> Result<Realm, DocError> {
        // Inserted one by one rather than collected: `BTreeMap::from_iter` sorts its input
        // first, which is one more copy of the standard sort in the map's wasm.
        let mut live: BTreeMap<RecordKey, serde_json::Value> = BTreeMap::new();
        for (k, r) in &self.records {
            if let Some(body) = r.body.as_ref().filter(|_| !r.deleted) {
                live.insert(k.clone(), body.clone());
            }
        }
        for p in &queue.mutations {
            let m = &p.mutation;
            let key = (m.kind.clone(), m.id);
            match (m.op, &m.body) {
                (Op::Put, Some(body)) => {
                    live.insert(key, body.clone());
                }
                _ => {
                    live.remove(&key);
                }
            }
        }
        let mut records = Vec::with_capacity(live.len());
        for ((kind, id), body) in live {
            let kind = RecordKind::from_name(&kind).ok_or_else(|| {
                DocError::new(kind.clone(), "a record kind this app does not know")
            })?;
            records.push(Record { kind, id, body });
        }
        let mut realm = read.read(records)?;
        // A photo deleted here takes its rating with it, as the server does when the delete
        // arrives (ratings are the server's; it sends the tombstone with its next pull).
        let photos: std::collections::HashSet<u64> = realm.photos.iter().map(|p| p.id).collect();
        realm.ratings.retain(|g| photos.contains(&g.photo_id));
        read.validate(&realm)?;
        Ok(realm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::demo_realm;

    /// A bundle that reads every kind of record, as the pages bundle does.
    pub(crate) struct Everything;

    impl Bundle for Everything {
        fn name(&self) -> &'static str {
            "everything"
        }
        fn read(&self, records: Vec<Record>) -> Result<Realm, DocError> {
            Realm::from_records(records)
        }
        fn validate(&self, realm: &Realm) -> Result<(), DocError> {
            realm.validate()
        }
    }

    /// The demo realm as a full pull from cursor 0, every record at revision 1.
    pub(crate) fn demo_snapshot() -> Snapshot {
        let records = demo_realm()
            .to_records()
            .into_iter()
            .enumerate()
            .map(|(i, r)| SyncRecord {
                kind: r.kind.name().to_string(),
                id: r.id,
                revision: 1,
                server_rev: i as u64 + 1,
                deleted: false,
                body: Some(r.body),
            })
            .collect::<Vec<_>>();
        let cursor = records.len() as u64;
        let mut s = Snapshot::default();
        s.apply_pull(PullResponse { records, cursor });
        s
    }

    #[test]
    fn the_stored_realm_keeps_stale_stats_that_the_realm_re_derives() {
        let mut s = demo_snapshot();
        let mut photo = demo_realm().photos[2].clone();
        let honest = photo.stats;
        photo.stats.attack_power = Some(777.0);
        s.absorb(SyncRecord {
            kind: "photo".into(),
            id: photo.id,
            revision: 2,
            server_rev: 9_000,
            deleted: false,
            body: Some(serde_json::to_value(&photo).unwrap()),
        });
        let q = Queue::new("c".into());
        assert_eq!(
            s.stored(&q, &Everything)
                .unwrap()
                .photo(photo.id)
                .unwrap()
                .stats,
            photo.stats
        );
        assert_eq!(
            s.realm(&q, &Everything)
                .unwrap()
                .photo(photo.id)
                .unwrap()
                .stats,
            honest
        );
    }

    #[test]
    fn a_full_pull_rebuilds_the_realm() {
        let s = demo_snapshot();
        assert_eq!(
            s.realm(&Queue::new("c".into()), &Everything).unwrap(),
            demo_realm()
        );
    }

    #[test]
    fn a_tombstone_removes_its_record_and_an_older_revision_never_wins() {
        let mut s = demo_snapshot();
        let realm = demo_realm();
        let photo = realm.photos.last().unwrap().id;
        // The server deletes a photo's rating with it.
        let tomb = |kind: &str| SyncRecord {
            kind: kind.into(),
            id: photo,
            revision: 2,
            server_rev: 9_999,
            deleted: true,
            body: None,
        };
        s.apply_pull(PullResponse {
            records: vec![tomb("photo"), tomb("rating")],
            cursor: 9_999,
        });
        let stale = SyncRecord {
            kind: "photo".into(),
            id: photo,
            revision: 1,
            server_rev: 5,
            deleted: false,
            body: Some(serde_json::to_value(realm.photos.last()).unwrap()),
        };
        s.absorb(stale);
        // An older pull answering late does not rewind the cursor either.
        s.apply_pull(PullResponse {
            records: vec![],
            cursor: 3,
        });
        assert_eq!(s.cursor, 9_999);
        let got = s.realm(&Queue::new("c".into()), &Everything).unwrap();
        assert!(got.photos.iter().all(|p| p.id != photo));
        assert_eq!(got.photos.len(), realm.photos.len() - 1);
    }

    #[test]
    fn a_photo_deleted_here_takes_its_rating_with_it() {
        let mut s = demo_snapshot();
        let photo = demo_realm().photos[0].id;
        let rating = engine::Rating {
            judged: 3,
            wins: 2,
            ..engine::Rating::start(photo)
        };
        s.absorb(SyncRecord {
            kind: "rating".into(),
            id: photo,
            revision: 1,
            server_rev: 9_000,
            deleted: false,
            body: Some(serde_json::to_value(rating).unwrap()),
        });
        let mut q = Queue::new("c".into());
        assert!(s.realm(&q, &Everything).unwrap().ratings.contains(&rating));
        q.edit(&s, "photo", photo, None);
        let got = s.realm(&q, &Everything).unwrap();
        assert!(got.photo(photo).is_none());
        assert!(got.ratings.iter().all(|g| g.photo_id != photo));
    }

    #[test]
    fn stored_form_round_trips() {
        let s = demo_snapshot();
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Snapshot>(&text).unwrap(), s);
    }

    #[test]
    fn an_empty_snapshot_has_no_realm() {
        let e = Snapshot::default()
            .realm(&Queue::new("c".into()), &Everything)
            .unwrap_err();
        assert_eq!(e.field, "map");
    }
}
