//! What the store keeps in localStorage: the editor key, and the copies of the snapshot and the
//! queue that builds before IndexedDB kept here, read once so `saving.rs` can move them to disk.
//! A small key–value interface over localStorage, so it can be tested natively with a map.

use super::queue::Queue;
use super::snapshot::Snapshot;
use serde::de::DeserializeOwned;
#[cfg(test)]
use std::cell::RefCell;
#[cfg(test)]
use std::collections::HashMap;

/// Where builds before IndexedDB kept the snapshot of the server's records.
pub const SNAPSHOT_KEY: &str = "brickrealm.snapshot.v1";
/// Where builds before IndexedDB kept the pending work.
pub const QUEUE_KEY: &str = "brickrealm.queue.v1";
/// The editor key, when one was entered.
pub const EDITOR_KEY: &str = "brickrealm.editor-key";
/// The random voter id of builds before the server issued voter passes, removed on sight.
const OLD_VOTER_KEY: &str = "brickrealm.voter";
/// The whole-document cache of earlier builds, removed on sight.
const OLD_CACHE_KEY: &str = "brickrealm.realm.v1";

/// String values by string key.
pub trait KeyValue {
    /// The value, if set.
    fn get(&self, key: &str) -> Option<String>;
    /// Stores the value; fails when the browser refuses (quota, private mode).
    fn set(&self, key: &str, value: &str) -> Result<(), String>;
    /// Removes the value.
    fn remove(&self, key: &str);
}

/// The browser's localStorage; without one (blocked by the user) every read is empty and every
/// write fails, so the app still runs, just without memory.
pub struct Browser;

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

impl KeyValue for Browser {
    fn get(&self, key: &str) -> Option<String> {
        local_storage()?.get_item(key).ok()?
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        let s = local_storage().ok_or("browser storage is not available")?;
        s.set_item(key, value)
            .map_err(|_| "browser storage is full".to_string())
    }
    fn remove(&self, key: &str) {
        if let Some(s) = local_storage() {
            let _ = s.remove_item(key);
        }
    }
}

/// An in-memory store for native tests.
#[cfg(test)]
#[derive(Default)]
pub struct Memory(RefCell<HashMap<String, String>>);

#[cfg(test)]
impl KeyValue for Memory {
    fn get(&self, key: &str) -> Option<String> {
        self.0.borrow().get(key).cloned()
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        self.0.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&self, key: &str) {
        self.0.borrow_mut().remove(key);
    }
}

/// Reads a stored value; one an older build wrote that no longer parses is treated as absent.
fn read<T: DeserializeOwned>(kv: &dyn KeyValue, key: &str) -> Option<T> {
    serde_json::from_str(&kv.get(key)?).ok()
}

/// The snapshot an older build left in localStorage, if any; the copies of still older builds
/// are removed on the way.
pub fn legacy_snapshot(kv: &dyn KeyValue) -> Option<Snapshot> {
    kv.remove(OLD_CACHE_KEY);
    kv.remove(OLD_VOTER_KEY);
    read(kv, SNAPSHOT_KEY)
}

/// The queue an older build left in localStorage, if any.
pub fn legacy_queue(kv: &dyn KeyValue) -> Option<Queue> {
    read(kv, QUEUE_KEY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_builds_queue_is_read_and_garbage_reads_as_absent() {
        let kv = Memory::default();
        assert!(legacy_queue(&kv).is_none());
        let q = Queue::new("abc".into());
        kv.set(QUEUE_KEY, &serde_json::to_string(&q).unwrap())
            .unwrap();
        assert_eq!(legacy_queue(&kv), Some(q));
        kv.set(QUEUE_KEY, "{not json").unwrap();
        assert!(legacy_queue(&kv).is_none());
    }

    #[test]
    fn the_old_document_cache_is_dropped() {
        let kv = Memory::default();
        kv.set(OLD_CACHE_KEY, "{}").unwrap();
        assert!(legacy_snapshot(&kv).is_none());
        assert!(kv.get(OLD_CACHE_KEY).is_none());
    }
}
