//! How battle records are stored compressed: zstd, with a dictionary trained on the records
//! already stored.
//!
//! A record is one battle's JSON: both armies and every round. Inside one record zstd finds the
//! repeats (a figure's name in every round); across records the same photos, species and gear
//! come back in battle after battle, which one record alone cannot teach the compressor. A
//! dictionary trained on stored records carries them, so each record stores only what is its own.
//!
//! **When.** The first dictionary is trained once [`TRAIN_FIRST`] records are stored, and a new
//! one each time the records have grown [`TRAIN_GROWTH`]-fold since, so the realm's newer photos
//! are learned while only a handful of dictionaries ever exist. Training reads the newest
//! [`SAMPLE_RECORDS`] records (the first [`SAMPLE_PREFIX`] of each) and runs off the connection;
//! the server
//! does it on a thread of its own (`Db::append_history`), the fixture command in line, so the
//! fixture's database does not depend on timing.
//!
//! **Reading.** Each record names the dictionary it was packed with (`history.dict`, NULL for
//! none) and dictionaries are never deleted, so every record reads back byte for byte as it was
//! appended, whichever dictionary was current then. A dictionary's row is committed before the
//! packer hands it out, so no stored record names a dictionary that is not stored.

use crate::error::ApiError;
use rusqlite::{params, Connection};
use std::collections::HashMap;
use std::io::Read;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use zstd::dict::{DecoderDictionary, EncoderDictionary};

/// The zstd level records are packed at. Past 9 zstd turns to slower searches: at ten times the
/// demo, 15 takes five times as long for 3% fewer bytes, and with a dictionary twenty times as
/// long.
pub const LEVEL: i32 = 9;
/// A dictionary's size: zstd's own default, enough for a large realm's names and stat lines.
pub const DICT_BYTES: usize = 112 * 1024;
/// Records stored before the first dictionary is trained.
pub const TRAIN_FIRST: u64 = 1000;
/// How many times the records must have grown since the newest dictionary for another.
pub const TRAIN_GROWTH: u64 = 10;
/// How many of the newest records a dictionary is trained on: past a few hundred samples the
/// dictionary stops improving (at ten times the demo, 16 samples gained a third of what 300 did).
pub const SAMPLE_RECORDS: usize = 300;
/// How much of each record a dictionary learns from: its beginning, where the two armies are,
/// the part that comes back battle after battle; the rounds after it are each battle's own.
pub const SAMPLE_PREFIX: usize = 128 * 1024;

/// A record's JSON as stored: its bytes and the dictionary they need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packed {
    /// The `history_dicts` row packed with, `None` for plain zstd.
    pub dict: Option<i64>,
    /// The compressed JSON.
    pub bytes: Vec<u8>,
}

/// The dictionary new records are packed with.
struct Current {
    id: i64,
    enc: EncoderDictionary<'static>,
}

/// Packs records with the newest dictionary and unpacks them with the one they name; counts the
/// records stored to say when the next dictionary is due. One per database, shared.
pub struct Packer {
    current: RwLock<Option<Arc<Current>>>,
    decoders: RwLock<HashMap<i64, Arc<DecoderDictionary<'static>>>>,
    /// Records stored.
    stored: AtomicU64,
    /// The count at which the next dictionary is due.
    next: AtomicU64,
    /// Whether someone is training one now.
    training: AtomicBool,
}

impl std::fmt::Debug for Packer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Packer")
            .field("stored", &self.stored)
            .field("next", &self.next)
            .finish_non_exhaustive()
    }
}

/// Reads a lock, recovering it if a panicking holder poisoned it (the maps stay whole: every
/// write to them is one insert).
fn read<T>(l: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(|p| p.into_inner())
}

fn write<T>(l: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    l.write().unwrap_or_else(|p| p.into_inner())
}

impl Packer {
    /// The packer of the database behind `conn`: every stored dictionary, the newest current.
    pub fn load(conn: &Connection) -> Result<Packer, ApiError> {
        let stored: i64 = conn.query_row("SELECT COUNT(*) FROM history", [], |r| r.get(0))?;
        let packer = Packer {
            current: RwLock::new(None),
            decoders: RwLock::new(HashMap::new()),
            stored: AtomicU64::new(stored as u64),
            next: AtomicU64::new(TRAIN_FIRST),
            training: AtomicBool::new(false),
        };
        let mut rows = conn.prepare("SELECT id, records, dict FROM history_dicts ORDER BY id")?;
        let dicts = rows.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, Vec<u8>>(2)?,
            ))
        })?;
        for d in dicts {
            let (id, records, dict) = d?;
            packer.install(id, records as u64, &dict);
        }
        Ok(packer)
    }

    /// Makes `dict` (stored as row `id`, trained at `records` records) the current one.
    fn install(&self, id: i64, records: u64, dict: &[u8]) {
        write(&self.decoders).insert(id, Arc::new(DecoderDictionary::copy(dict)));
        *write(&self.current) = Some(Arc::new(Current {
            id,
            enc: EncoderDictionary::copy(dict, LEVEL),
        }));
        self.next.store(
            records.max(1).saturating_mul(TRAIN_GROWTH),
            Ordering::SeqCst,
        );
    }

    /// Compresses a record's JSON with the current dictionary (plain zstd before the first).
    pub fn pack(&self, text: &str) -> Result<Packed, ApiError> {
        let current = read(&self.current).clone();
        match current {
            Some(c) => {
                let mut z = zstd::bulk::Compressor::with_prepared_dictionary(&c.enc)
                    .map_err(ApiError::internal)?;
                let bytes = z.compress(text.as_bytes()).map_err(ApiError::internal)?;
                Ok(Packed {
                    dict: Some(c.id),
                    bytes,
                })
            }
            None => Ok(Packed {
                dict: None,
                bytes: zstd::bulk::compress(text.as_bytes(), LEVEL).map_err(ApiError::internal)?,
            }),
        }
    }

    /// A stored record's JSON again, with the dictionary it names.
    pub fn unpack(&self, bytes: &[u8], dict: Option<i64>) -> Result<String, ApiError> {
        let mut out = Vec::new();
        match dict {
            None => {
                zstd::stream::read::Decoder::new(bytes)
                    .and_then(|mut d| d.read_to_end(&mut out))
                    .map_err(ApiError::internal)?;
            }
            Some(id) => {
                let d = read(&self.decoders).get(&id).cloned().ok_or_else(|| {
                    ApiError::internal(format!(
                        "a record names dictionary {id}, which is not stored"
                    ))
                })?;
                zstd::stream::read::Decoder::with_prepared_dictionary(
                    std::io::BufReader::new(bytes),
                    &d,
                )
                .and_then(|mut z| z.read_to_end(&mut out))
                .map_err(ApiError::internal)?;
            }
        }
        String::from_utf8(out).map_err(ApiError::internal)
    }

    /// Records stored.
    pub fn count(&self) -> u64 {
        self.stored.load(Ordering::SeqCst)
    }

    /// Counts `n` more records stored. `true` tells the one caller who must now train a
    /// dictionary ([`Packer::train`]); nobody else is told until it has finished.
    pub fn stored(&self, n: u64) -> bool {
        let total = self.stored.fetch_add(n, Ordering::SeqCst) + n;
        total >= self.next.load(Ordering::SeqCst) && !self.training.swap(true, Ordering::SeqCst)
    }

    /// Trains a dictionary on the newest records and makes it current; `None` when the records
    /// could not train one (too few or too alike), in which case it is tried again when the
    /// records have doubled. `lock` gives the connection for the two short moments it is needed.
    /// Called by whoever [`Packer::stored`] told, or directly (tests).
    pub fn train<G>(&self, lock: impl Fn() -> G, now_ms: i64) -> Result<Option<i64>, ApiError>
    where
        G: std::ops::Deref<Target = Connection>,
    {
        struct Done<'a>(&'a AtomicBool);
        impl Drop for Done<'_> {
            fn drop(&mut self) {
                self.0.store(false, Ordering::SeqCst);
            }
        }
        self.training.store(true, Ordering::SeqCst);
        let _done = Done(&self.training);
        let records = self.stored.load(Ordering::SeqCst);
        let packed = newest_packed(&lock())?;
        let mut samples = Vec::with_capacity(packed.len());
        for (bytes, dict) in packed {
            let mut text = match bytes {
                Sample::Text(t) => t.into_bytes(),
                Sample::Packed(b) => self.unpack(&b, dict)?.into_bytes(),
            };
            text.truncate(SAMPLE_PREFIX);
            samples.push(text);
        }
        let Ok(dict) = zstd::dict::from_samples(&samples, DICT_BYTES) else {
            self.next
                .store(records.max(1).saturating_mul(2), Ordering::SeqCst);
            return Ok(None);
        };
        let id = {
            let conn = lock();
            conn.execute(
                "INSERT INTO history_dicts (records, trained_at, dict) VALUES (?1, ?2, ?3)",
                params![records as i64, now_ms, dict],
            )?;
            conn.last_insert_rowid()
        };
        self.install(id, records, &dict);
        Ok(Some(id))
    }
}

/// A stored record as read for training.
enum Sample {
    Text(String),
    Packed(Vec<u8>),
}

/// The newest records' stored bytes, for training. The connection is held for the reading alone
/// (unpacking happens after).
fn newest_packed(conn: &Connection) -> Result<Vec<(Sample, Option<i64>)>, ApiError> {
    let mut stmt = conn.prepare(
        "SELECT body, packed, dict FROM history ORDER BY fought_at DESC, id DESC LIMIT ?1",
    )?;
    let rows = stmt.query_map([SAMPLE_RECORDS as i64], |r| {
        let (body, packed, dict): (String, Option<Vec<u8>>, Option<i64>) =
            (r.get(0)?, r.get(1)?, r.get(2)?);
        Ok((packed.map_or(Sample::Text(body), Sample::Packed), dict))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
