//! The store's copy on disk: IndexedDB, through the `idb` crate, one entry per record.
//!
//! Database `brickrealm`, version 1:
//! - `records`: each record of the snapshot, keyed `kind/id`, its JSON text the value;
//! - `meta`: `snapshot` → `{"cursor":…,"ahead":…}`, and `queue` → the queue's JSON text.
//!
//! Why IndexedDB: localStorage holds about 5 M characters per origin, which a realm ten times
//! the demo half fills, and it is one string rewritten whole on every change. Here a pull writes
//! only the records it brought. Why text values rather than JavaScript objects: the records are
//! serde types already, and a string crosses into JavaScript in one copy, where an object graph
//! would need a converter linked into every bundle.
//!
//! Each write is one transaction, so a closed tab leaves the old copy or the new one, never a mix.
//! Read–write transactions over the same store run one at a time across every tab of the origin,
//! which is what makes [`Disk::update_queue`] a safe read–change–write when two tabs edit at once.

use super::queue::Queue;
use super::snapshot::Snapshot;
use engine::wire::SyncRecord;
use idb::{Database, DatabaseEvent, Factory, ObjectStore, ObjectStoreParams, TransactionMode};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

const NAME: &str = "brickrealm";
const VERSION: u32 = 1;
const RECORDS: &str = "records";
const META: &str = "meta";
const SNAPSHOT_KEY: &str = "snapshot";
const QUEUE_KEY: &str = "queue";

/// The open database.
pub struct Disk {
    db: Database,
}

/// The snapshot's own fields, stored beside its records.
#[derive(Serialize, Deserialize)]
struct SnapshotHead {
    cursor: u64,
    #[serde(default)]
    ahead: bool,
}

/// A stored record's revision, read without its body.
#[derive(Deserialize)]
struct Revision {
    revision: u64,
}

/// Why the disk did not do what was asked, in words for the badge's panel.
fn say(e: idb::Error) -> String {
    match e {
        idb::Error::DomException(d) => exception(&d),
        // The crate's own messages would link one formatter per variant into every bundle.
        _ => "IndexedDB failed".to_string(),
    }
}

/// A DOM exception in words: its name, and its message when it has one.
fn exception(d: &web_sys::DomException) -> String {
    match d.message() {
        m if m.is_empty() => d.name(),
        m => format!("{}: {m}", d.name()),
    }
}

fn key(text: &str) -> JsValue {
    JsValue::from_str(text)
}

fn record_key(r: &SyncRecord) -> JsValue {
    key(&format!("{}/{}", r.kind, r.id))
}

/// Commits `tx` (whose store `store` is) and says whether the browser kept it: an abort is how
/// a full disk shows, its reason (`QuotaExceededError`) on the transaction.
async fn commit(tx: idb::Transaction, store: &ObjectStore) -> Result<(), String> {
    match tx.commit().map_err(say)?.await.map_err(say)? {
        idb::TransactionResult::Committed => Ok(()),
        idb::TransactionResult::Aborted => Err(store.transaction().error().map_or_else(
            || "the browser refused to store it".to_string(),
            |d| exception(&d),
        )),
    }
}

async fn get_text(store: &ObjectStore, name: &str) -> Result<Option<String>, String> {
    let v = store.get(key(name)).map_err(say)?.await.map_err(say)?;
    Ok(v.and_then(|v| v.as_string()))
}

impl Disk {
    /// Opens (or creates) the database.
    pub async fn open() -> Result<Disk, String> {
        let mut open = Factory::new()
            .and_then(|f| f.open(NAME, Some(VERSION)))
            .map_err(say)?;
        // Version 1 is the first: its upgrade creates both stores. A later version adds its own
        // step here, after these.
        open.on_upgrade_needed(|event| {
            if let Ok(db) = event.database() {
                let names = db.store_names();
                for store in [RECORDS, META] {
                    if !names.iter().any(|n| n == store) {
                        let _ = db.create_object_store(store, ObjectStoreParams::new());
                    }
                }
            }
        });
        let db = open.await.map_err(say)?;
        Ok(Disk { db })
    }

    /// The stored snapshot (empty if none) and the stored queue, if one is. A record or a queue
    /// an older build wrote that no longer parses is treated as absent.
    pub async fn load(&self) -> Result<(Snapshot, Option<Queue>), String> {
        let tx = self
            .db
            .transaction(&[RECORDS, META], TransactionMode::ReadOnly)
            .map_err(say)?;
        let meta = tx.object_store(META).map_err(say)?;
        let head: Option<SnapshotHead> = get_text(&meta, SNAPSHOT_KEY)
            .await?
            .and_then(|t| serde_json::from_str(&t).ok());
        let queue: Option<Queue> = get_text(&meta, QUEUE_KEY)
            .await?
            .and_then(|t| serde_json::from_str(&t).ok());
        let Some(head) = head else {
            return Ok((Snapshot::default(), queue));
        };
        let records = tx.object_store(RECORDS).map_err(say)?;
        let values = records
            .get_all(None, None)
            .map_err(say)?
            .await
            .map_err(say)?;
        let parsed = values
            .into_iter()
            .filter_map(|v| serde_json::from_str::<SyncRecord>(&v.as_string()?).ok())
            .collect();
        Ok((Snapshot::from_parts(head.cursor, head.ahead, parsed), queue))
    }

    /// Writes `records` and the snapshot's cursor in one transaction. A record another tab has
    /// already written at a later revision is left as it is, and the stored cursor never moves
    /// back, so two tabs pulling at once leave the newest of each.
    pub async fn save_snapshot(
        &self,
        cursor: u64,
        ahead: bool,
        records: &[SyncRecord],
    ) -> Result<(), String> {
        let tx = self
            .db
            .transaction(&[RECORDS, META], TransactionMode::ReadWrite)
            .map_err(say)?;
        let store = tx.object_store(RECORDS).map_err(say)?;
        let meta = tx.object_store(META).map_err(say)?;
        let stored: Option<SnapshotHead> = get_text(&meta, SNAPSHOT_KEY)
            .await?
            .and_then(|t| serde_json::from_str(&t).ok());
        // Nothing stored yet (a first visit): every record is new, no need to look.
        let fresh = stored.is_none();
        for r in records {
            let k = record_key(r);
            if !fresh {
                let have = store.get(k.clone()).map_err(say)?.await.map_err(say)?;
                let newer = have
                    .and_then(|v| v.as_string())
                    .and_then(|t| serde_json::from_str::<Revision>(&t).ok())
                    .is_some_and(|h| h.revision > r.revision);
                if newer {
                    continue;
                }
            }
            let text = serde_json::to_string(r).map_err(|e| e.to_string())?;
            store.put(&key(&text), Some(&k)).map_err(say)?;
        }
        let head = SnapshotHead {
            cursor: stored.map_or(cursor, |s| s.cursor.max(cursor)),
            ahead,
        };
        let text = serde_json::to_string(&head).map_err(|e| e.to_string())?;
        meta.put(&key(&text), Some(&key(SNAPSHOT_KEY)))
            .map_err(say)?;
        commit(tx, &meta).await
    }

    /// The stored queue, if one is.
    pub async fn read_queue(&self) -> Result<Option<Queue>, String> {
        let tx = self
            .db
            .transaction(&[META], TransactionMode::ReadOnly)
            .map_err(say)?;
        let meta = tx.object_store(META).map_err(say)?;
        Ok(get_text(&meta, QUEUE_KEY)
            .await?
            .and_then(|t| serde_json::from_str(&t).ok()))
    }

    /// Reads the stored queue, changes it with `f` (given `None` when none is stored), and writes
    /// what `f` returns, all in one transaction. `f` runs exactly once, even when the disk fails;
    /// the queue it returned comes back with whether it was written (`Ok(false)`: it was
    /// unchanged, so nothing was).
    pub async fn update_queue(
        &self,
        f: impl FnOnce(Option<Queue>) -> Queue,
    ) -> (Queue, Result<bool, String>) {
        let mut f = Some(f);
        let mut run = |stored| (f.take().expect("the change runs once"))(stored);
        let tx = match self.db.transaction(&[META], TransactionMode::ReadWrite) {
            Ok(tx) => tx,
            Err(e) => return (run(None), Err(say(e))),
        };
        let meta = match tx.object_store(META) {
            Ok(m) => m,
            Err(e) => return (run(None), Err(say(e))),
        };
        let stored = match get_text(&meta, QUEUE_KEY).await {
            Ok(t) => t.and_then(|t| serde_json::from_str(&t).ok()),
            Err(e) => return (run(None), Err(e)),
        };
        let before = stored.clone();
        let queue = run(stored);
        if before.as_ref() == Some(&queue) {
            return (queue, Ok(false));
        }
        let written = async {
            let text = serde_json::to_string(&queue).map_err(|e| e.to_string())?;
            meta.put(&key(&text), Some(&key(QUEUE_KEY))).map_err(say)?;
            commit(tx, &meta).await.map(|()| true)
        }
        .await;
        (queue, written)
    }
}
