//! Battle records stored without their outcome, fought again when read.
//!
//! A record's outcome (every round of the battle) is most of its bytes: at ten times the demo,
//! two thirds of what a record packs to. It follows from the record's input alone
//! (`engine::replay`: the set-up and the seed), so the server stores the record with
//! `"outcome":null` and, on reading, fights the input again and puts the outcome's JSON back where
//! it was. What `GET /api/history/{id}` serves is still byte for byte what was appended:
//!
//! - **Checked on storing.** [`compact`] restores the compact text at once, as reading will, and
//!   keeps it only if that gives back the whole record exactly; otherwise the whole record is
//!   stored. Nothing is lost to a replay that would not match.
//! - **Checked on reading.** The compact form keeps a digest of the outcome's JSON; a replay that
//!   does not give it back (an engine whose rules changed under the stored records) is an error
//!   naming the record, never a different battle served as this one.
//!
//! **Bounded work.** Replaying costs a battle's fight (tens of milliseconds at ten times the
//! demo), and anyone may read a record. At most one replay runs at a time, at most [`WAITING`]
//! wait for it (past that a read is answered 503 `busy`), and the last records served stay in a
//! cache of [`CACHE_BYTES`], so a record being shared costs one replay.

use crate::error::ApiError;
use actix_web::http::StatusCode;
use engine::wire::BattleEntry;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Reads that may wait for the replay running.
pub const WAITING: usize = 16;
/// The records kept after serving them (bytes of JSON).
pub const CACHE_BYTES: usize = 64 * 1024 * 1024;
/// The bytes of the outcome's SHA-256 kept to check a replay by.
pub const CHECK_BYTES: usize = 16;

/// What the compact text ends with in place of the outcome.
const HOLE: &str = "\"outcome\":null}}";

/// What is stored of a record's JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compact {
    /// The JSON to pack: the record without its outcome, or the whole record.
    pub text: String,
    /// The outcome's digest when it was left out; `None` when `text` is the whole record.
    pub check: Option<Vec<u8>>,
}

fn digest(outcome: &str) -> Vec<u8> {
    Sha256::digest(outcome.as_bytes())[..CHECK_BYTES].to_vec()
}

/// What of `entry` (whose JSON is `text`) is stored: without its outcome when reading it back
/// gives `text` exactly, else all of it.
pub fn compact(entry: &BattleEntry, text: &str) -> Result<Compact, ApiError> {
    let whole = || Compact {
        text: text.to_string(),
        check: None,
    };
    let outcome = serde_json::to_string(&entry.record.outcome).map_err(ApiError::internal)?;
    // The outcome is the record's last field and the record the entry's.
    let Some(head) = text.strip_suffix(&format!("\"outcome\":{outcome}}}}}")) else {
        return Ok(whole());
    };
    let compact = Compact {
        text: format!("{head}{HOLE}"),
        check: Some(digest(&outcome)),
    };
    match restore(&compact.text, compact.check.as_deref().unwrap_or_default()) {
        Ok(back) if back == text => Ok(compact),
        _ => Ok(whole()),
    }
}

/// Why a compact record could not be read back.
#[derive(Debug)]
pub enum RestoreError {
    /// The stored text is not a compact record.
    Malformed(String),
    /// Fighting the input again did not give the outcome stored.
    Mismatch,
}

/// The whole JSON of a record stored compact: its input fought again, the outcome put back.
pub fn restore(compact: &str, check: &[u8]) -> Result<String, RestoreError> {
    #[derive(Deserialize)]
    struct Entry {
        record: Record,
    }
    #[derive(Deserialize)]
    struct Record {
        input: engine::BattleInput,
    }
    let head = compact
        .strip_suffix(HOLE)
        .ok_or_else(|| RestoreError::Malformed("no outcome left out".into()))?;
    let entry: Entry =
        serde_json::from_str(compact).map_err(|e| RestoreError::Malformed(e.to_string()))?;
    let outcome = engine::replay(&entry.record.input);
    let outcome =
        serde_json::to_string(&outcome).map_err(|e| RestoreError::Malformed(e.to_string()))?;
    if digest(&outcome) != check {
        return Err(RestoreError::Mismatch);
    }
    Ok(format!("{head}\"outcome\":{outcome}}}}}"))
}

/// The records served last, oldest first out.
#[derive(Default)]
struct Cache {
    texts: HashMap<u64, Arc<str>>,
    order: VecDeque<u64>,
    bytes: usize,
}

impl Cache {
    fn put(&mut self, id: u64, text: Arc<str>) {
        if text.len() > CACHE_BYTES || self.texts.contains_key(&id) {
            return;
        }
        self.bytes += text.len();
        self.texts.insert(id, text);
        self.order.push_back(id);
        while self.bytes > CACHE_BYTES {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(t) = self.texts.remove(&old) {
                self.bytes -= t.len();
            }
        }
    }
}

/// Reads compact records back, one replay at a time, keeping the last ones served.
pub struct Replays {
    cache: Mutex<Cache>,
    running: tokio::sync::Semaphore,
    waiting: AtomicUsize,
}

impl std::fmt::Debug for Replays {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Replays")
    }
}

impl Default for Replays {
    fn default() -> Self {
        Replays {
            cache: Mutex::new(Cache::default()),
            running: tokio::sync::Semaphore::new(1),
            waiting: AtomicUsize::new(0),
        }
    }
}

impl Replays {
    /// The whole JSON of record `id`, stored compact as `compact` with `check`.
    pub async fn whole(
        &self,
        id: u64,
        compact: String,
        check: Vec<u8>,
    ) -> Result<Arc<str>, ApiError> {
        if let Some(t) = crate::db::lock(&self.cache).texts.get(&id) {
            return Ok(t.clone());
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::status(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "too many battle records are being read back; try again shortly",
            ));
        }
        let permit = self.running.acquire().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let _permit = permit.map_err(ApiError::internal)?;
        // Another read may have put it there while this one waited.
        if let Some(t) = crate::db::lock(&self.cache).texts.get(&id) {
            return Ok(t.clone());
        }
        let text: Arc<str> = actix_web::web::block(move || restore(&compact, &check))
            .await
            .map_err(ApiError::internal)?
            .map_err(|e| {
                ApiError::internal(format!("battle record {id} cannot be read back: {e:?}"))
            })?
            .into();
        crate::db::lock(&self.cache).put(id, text.clone());
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_the_newest_within_its_bytes() {
        let mut c = Cache::default();
        let big: Arc<str> = "x".repeat(CACHE_BYTES / 3 + 1).into();
        for id in 0..4 {
            c.put(id, big.clone());
        }
        assert!(c.bytes <= CACHE_BYTES);
        assert_eq!(c.order, [2, 3], "the two newest fit");
        assert!(!c.texts.contains_key(&0));
        c.put(9, "y".repeat(CACHE_BYTES + 1).into());
        assert!(!c.texts.contains_key(&9), "larger than the cache: not kept");
    }
}
