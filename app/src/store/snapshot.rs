//! The server's copy of the collection as this browser last pulled it: every record with its
//! revision (tombstones included) and the cursor to pull from next. The realm on screen is this
//! snapshot with the pending edits of the [`Queue`](super::queue::Queue) laid over it.

use super::queue::Queue;
use crate::bundle::Reads;
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
    /// The records taken in since the store last wrote them to disk.
    changed: Changed,
}

/// What changed since the last write: bookkeeping, not content, so two snapshots holding the
/// same records are equal whatever they have written.
#[derive(Clone, Debug, Default)]
struct Changed {
    /// The records taken in since.
    records: std::collections::BTreeSet<RecordKey>,
    /// The cursor and `ahead` as last written (`None`: not yet, or the write failed).
    head: Option<(u64, bool)>,
}

impl PartialEq for Changed {
    fn eq(&self, _: &Self) -> bool {
        true
    }
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
        Snapshot::from_parts(f.cursor, f.ahead, f.records)
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
    /// A snapshot read back from disk: its cursor, whether it was ahead, and its records.
    pub fn from_parts(cursor: u64, ahead: bool, records: Vec<SyncRecord>) -> Self {
        let mut s = Snapshot {
            cursor,
            ahead,
            ..Snapshot::default()
        };
        for r in records {
            s.absorb(r);
        }
        s.changed = Changed {
            records: Default::default(),
            head: Some((cursor, ahead)),
        };
        s
    }

    /// Whether records were taken in outside a pull since the last one (see [`Snapshot::exact_cursor`]).
    pub fn ahead(&self) -> bool {
        self.ahead
    }

    /// Every record, tombstones included.
    pub fn records(&self) -> impl Iterator<Item = &SyncRecord> {
        self.records.values()
    }

    /// The records taken in since the last call, to write to disk with the cursor; `None` when
    /// neither they nor the cursor moved, so a pull that brought nothing writes nothing.
    pub fn take_changed(&mut self) -> Option<Vec<SyncRecord>> {
        let head = Some((self.cursor, self.ahead));
        if self.changed.records.is_empty() && self.changed.head == head {
            return None;
        }
        self.changed.head = head;
        Some(
            std::mem::take(&mut self.changed.records)
                .into_iter()
                .filter_map(|k| self.records.get(&k).cloned())
                .collect(),
        )
    }

    /// Marks `records` and the cursor as not written after all (the disk refused them), so the
    /// next write carries them again.
    pub fn unwritten(&mut self, records: Vec<SyncRecord>) {
        self.changed.head = None;
        for r in records {
            self.changed.records.insert((r.kind.clone(), r.id));
        }
    }

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
                self.changed.records.insert(key.clone());
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
    pub fn realm(&self, queue: &Queue, read: &dyn Reads) -> Result<Realm, DocError> {
        let mut realm = self.stored(queue, read)?;
        recalculate_all(&mut realm);
        Ok(realm)
    }

    /// The body a record has on screen: its last queued edit's (`None` for a delete), else the
    /// snapshot's (`None` for a tombstone or a record never seen).
    fn live_body(&self, queue: &Queue, kind: &str, id: u64) -> Option<serde_json::Value> {
        let queued = queue
            .mutations
            .iter()
            .rev()
            .find(|p| p.mutation.kind == kind && p.mutation.id == id);
        match queued {
            Some(p) => p.mutation.body.clone().filter(|_| p.mutation.op == Op::Put),
            None => self
                .get(kind, id)
                .filter(|r| !r.deleted)
                .and_then(|r| r.body.clone()),
        }
    }

    /// Takes the records `keys` in again: `realm` is what [`Snapshot::realm`] gave for this
    /// snapshot and `queue` before they changed, and becomes what it gives now, without reading
    /// every record — only those records are read, spliced into place, and what derives from
    /// them re-derived (`engine::rederive_after`); the whole realm is validated, as it is cheap.
    /// On an error `realm` is left part-way: take the same keys in from the state before, which
    /// puts it back.
    pub fn refresh(
        &self,
        queue: &Queue,
        read: &dyn Reads,
        realm: &mut Realm,
        keys: &[RecordKey],
    ) -> Result<(), DocError> {
        let mut all: Vec<(RecordKind, u64)> = Vec::with_capacity(keys.len() + 1);
        for (name, id) in keys {
            let kind = RecordKind::from_name(name).ok_or_else(|| {
                DocError::new(name.clone(), "a record kind this app does not know")
            })?;
            all.push((kind, *id));
            // A photo's rating comes and goes with it (as in `stored`).
            if kind == RecordKind::Photo {
                all.push((RecordKind::Rating, *id));
            }
        }
        engine::stable_sort_by(&mut all, |a, b| a.cmp(b));
        all.dedup();
        for &(kind, id) in &all {
            if kind != RecordKind::Rating {
                read.splice(realm, kind, id, self.live_body(queue, kind.name(), id))?;
            }
        }
        // Ratings last, once every photo is in place.
        for &(kind, id) in &all {
            if kind == RecordKind::Rating {
                let body = if realm.photo(id).is_some() {
                    self.live_body(queue, kind.name(), id)
                } else {
                    None
                };
                read.splice(realm, kind, id, body)?;
            }
        }
        read.validate(realm)?;
        for &(kind, id) in &all {
            engine::rederive_after(realm, kind, id);
        }
        Ok(())
    }

    /// The realm as its records are stored — this snapshot with `queue`'s pending edits — validated
    /// but not re-derived, so a photo holds the stats it was last stored with (the editor's
    /// Toolbox compares them with a recalculation).
    pub fn stored(&self, queue: &Queue, read: &dyn Reads) -> Result<Realm, DocError> {
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
    use crate::bundle::EveryRecord;
    use engine::demo_realm;

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
            s.stored(&q, &EveryRecord)
                .unwrap()
                .photo(photo.id)
                .unwrap()
                .stats,
            photo.stats
        );
        assert_eq!(
            s.realm(&q, &EveryRecord)
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
            s.realm(&Queue::new("c".into()), &EveryRecord).unwrap(),
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
        let got = s.realm(&Queue::new("c".into()), &EveryRecord).unwrap();
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
        assert!(s.realm(&q, &EveryRecord).unwrap().ratings.contains(&rating));
        q.edit(&s, "photo", photo, None);
        let got = s.realm(&q, &EveryRecord).unwrap();
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
    fn only_the_records_taken_in_since_the_last_write_are_written() {
        let mut s = demo_snapshot();
        assert_eq!(
            s.take_changed().map(|r| r.len()),
            Some(s.records().count()),
            "a first pull writes all"
        );
        assert!(s.take_changed().is_none());
        let mut r = s
            .get("faction", demo_realm().factions[0].id)
            .unwrap()
            .clone();
        r.revision += 1;
        s.absorb(r.clone());
        let mut old = r.clone();
        old.revision -= 1;
        s.absorb(old);
        assert_eq!(
            s.take_changed(),
            Some(vec![r]),
            "an older revision changes nothing"
        );
        let again = Snapshot::from_parts(s.cursor, s.ahead(), s.records().cloned().collect());
        assert_eq!(again, s);
        assert!(
            again.clone().take_changed().is_none(),
            "read back, nothing is new"
        );
    }

    #[test]
    fn an_empty_snapshot_has_no_realm() {
        let e = Snapshot::default()
            .realm(&Queue::new("c".into()), &EveryRecord)
            .unwrap_err();
        assert_eq!(e.field, "map");
    }

    /// What one step of the property test does.
    #[derive(Clone, Debug)]
    enum Step {
        /// A pull brings another version of the record (numbers scaled by `1 + k/10`).
        Pulled(i64),
        /// A pull brings its tombstone.
        Gone,
        /// A pull brings the demo's version back.
        Back,
        /// An edit here: another version.
        Edited(i64),
        /// A delete here.
        Deleted,
    }

    fn scaled(body: &serde_json::Value, k: i64) -> serde_json::Value {
        let mut b = body.clone();
        if let serde_json::Value::Object(m) = &mut b {
            for f in [
                "attack_power",
                "defense_power",
                "mobility",
                "stat_impact_pct",
                "base_attack",
                "base_defense",
                "health",
                "rating",
            ] {
                if let Some(v) = m.get(f).and_then(|v| v.as_f64()) {
                    m.insert(f.into(), serde_json::json!(v * (1.0 + k as f64 / 10.0)));
                }
            }
        }
        b
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Pulled changes and edits here, taken in one record at a time, give the realm a full
        /// rebuild gives; a change that breaks a rule is refused both ways, and taking the same
        /// record in again from the state before puts the realm back.
        #[test]
        fn records_taken_in_one_at_a_time_equal_a_full_rebuild(
            steps in proptest::collection::vec(
                (0usize..10_000, prop_oneof![
                    (-4i64..=4).prop_map(Step::Pulled),
                    Just(Step::Gone),
                    Just(Step::Back),
                    (-4i64..=4).prop_map(Step::Edited),
                    Just(Step::Deleted),
                ]),
                1..12,
            )
        ) {
            let demo = demo_snapshot();
            let keys: Vec<RecordKey> = demo
                .records()
                .filter(|r| r.kind != "map")
                .map(|r| (r.kind.clone(), r.id))
                .collect();
            let mut s = demo.clone();
            let mut q = Queue::new("c".into());
            let mut shown = s.realm(&q, &EveryRecord).unwrap();
            for (n, (pick, step)) in steps.into_iter().enumerate() {
                let key = keys[pick % keys.len()].clone();
                let original = demo.get(&key.0, key.1).unwrap().clone();
                let (before_s, before_q) = (s.clone(), q.clone());
                let pulled = |deleted: bool, body: Option<serde_json::Value>| SyncRecord {
                    revision: original.revision + 1 + n as u64,
                    server_rev: 10_000 + n as u64,
                    deleted,
                    body,
                    ..original.clone()
                };
                match &step {
                    Step::Pulled(k) => s.absorb(pulled(false, Some(scaled(original.body.as_ref().unwrap(), *k)))),
                    Step::Gone => s.absorb(pulled(true, None)),
                    Step::Back => s.absorb(pulled(false, original.body.clone())),
                    Step::Edited(k) => q.edit(&s, &key.0, key.1, Some(scaled(original.body.as_ref().unwrap(), *k))),
                    Step::Deleted => q.edit(&s, &key.0, key.1, None),
                }
                let full = s.realm(&q, &EveryRecord);
                let mut taken = shown.clone();
                let got = s.refresh(&q, &EveryRecord, &mut taken, std::slice::from_ref(&key));
                prop_assert_eq!(got.is_ok(), full.is_ok(), "{:?} {:?}", key, step);
                match full {
                    Ok(full) => {
                        prop_assert_eq!(&taken, &full, "{:?} {:?}", key, step);
                        shown = taken;
                    }
                    Err(_) => {
                        before_s.refresh(&before_q, &EveryRecord, &mut taken, std::slice::from_ref(&key)).unwrap();
                        prop_assert_eq!(&taken, &shown, "put back after {:?}", step);
                        s = before_s;
                        q = before_q;
                    }
                }
            }
        }
    }
}
