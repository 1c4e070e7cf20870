//! The collection as it stood at an earlier change counter, for checking a battle that a client
//! fought on the realm it had then (`POST /api/history` by reference).
//!
//! Every record write keeps the version it replaces (`record_versions`, with the counter that
//! superseded it) and every counter value its time (`revisions`). The realm at counter `C` is then
//! every record whose current row was written at or before `C`, plus, for each record changed
//! since, the one kept version that was current at `C` (written at or before `C`, superseded
//! after it). Kept versions older than the window (30 days by default) are pruned; the oldest
//! counter that can still be rebuilt is `meta.versions_since`.

use crate::collection::Collection;
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension, Transaction};

/// Why the realm at a counter cannot be had.
#[derive(Debug, Clone, PartialEq)]
pub enum AtError {
    /// After the newest change: the server never gave this cursor out.
    Unknown {
        /// The newest counter.
        newest: u64,
    },
    /// Before what is kept (older than the window).
    Gone {
        /// The oldest counter that can be rebuilt.
        oldest: u64,
    },
    /// The database failed.
    Db(ApiError),
}

impl From<rusqlite::Error> for AtError {
    fn from(e: rusqlite::Error) -> Self {
        AtError::Db(e.into())
    }
}

impl From<ApiError> for AtError {
    fn from(e: ApiError) -> Self {
        AtError::Db(e)
    }
}

/// Inside a write at counter `rev`: keeps the rows of `keys` as they are now, superseded at `rev`,
/// and notes when `rev` happened.
pub fn keep_superseded(
    tx: &Transaction,
    rev: i64,
    now_ms: i64,
    keys: impl Iterator<Item = (&'static str, u64)>,
) -> Result<(), ApiError> {
    tx.prepare_cached("INSERT OR REPLACE INTO revisions (server_rev, at) VALUES (?1, ?2)")?
        .execute(params![rev, now_ms])?;
    let mut keep = tx.prepare_cached(
        "INSERT INTO record_versions
             (kind, id, revision, server_rev, superseded_rev, deleted, body)
         SELECT kind, id, revision, server_rev, ?3, deleted, body
         FROM records WHERE kind = ?1 AND id = ?2 AND server_rev < ?3",
    )?;
    for (kind, id) in keys {
        keep.execute(params![kind, id as i64, rev])?;
    }
    Ok(())
}

/// The oldest counter whose realm can be rebuilt.
pub fn oldest(conn: &Connection) -> Result<u64, ApiError> {
    let v: Option<String> = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'versions_since'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    Ok(v.and_then(|v| v.parse().ok()).unwrap_or(0))
}

/// When counter `rev` was reached (ms since the epoch): the time of the newest noted counter at
/// or before it (the seed and the first start have no write of their own).
pub fn time_of(conn: &Connection, rev: u64) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT at FROM revisions WHERE server_rev <= ?1 ORDER BY server_rev DESC LIMIT 1",
        )?
        .query_row([rev as i64], |r| r.get(0))
        .optional()?)
}

/// Every record as it stood at counter `at`, tombstones included; `newest` is the counter now.
pub fn collection_at(conn: &Connection, at: u64, newest: u64) -> Result<Collection, AtError> {
    if at > newest {
        return Err(AtError::Unknown { newest });
    }
    let oldest = oldest(conn)?;
    if at < oldest {
        return Err(AtError::Gone { oldest });
    }
    let mut stmt = conn.prepare_cached(
        "SELECT kind, id, revision, server_rev, deleted, body FROM records WHERE server_rev <= ?1
         UNION ALL
         SELECT kind, id, revision, server_rev, deleted, body FROM record_versions
         WHERE superseded_rev > ?1 AND server_rev <= ?1",
    )?;
    Ok(super::sync::collect(&mut stmt, [at as i64])?)
}

/// Forgets what only a realm older than `window_ms` before `now_ms` needs: the versions superseded
/// at or before the newest counter that old, and the times before it. Returns the oldest counter
/// that can still be rebuilt.
pub fn prune(conn: &mut Connection, now_ms: i64, window_ms: i64) -> Result<u64, ApiError> {
    let tx = conn.transaction()?;
    let boundary: Option<i64> = tx.query_row(
        "SELECT MAX(server_rev) FROM revisions WHERE at <= ?1",
        [now_ms.saturating_sub(window_ms)],
        |r| r.get(0),
    )?;
    let oldest_now = oldest(&tx)?;
    let Some(boundary) = boundary.filter(|b| *b as u64 > oldest_now) else {
        return Ok(oldest_now);
    };
    tx.execute(
        "DELETE FROM record_versions WHERE superseded_rev <= ?1",
        [boundary],
    )?;
    tx.execute("DELETE FROM revisions WHERE server_rev < ?1", [boundary])?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('versions_since', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [boundary.to_string()],
    )?;
    tx.commit()?;
    Ok(boundary as u64)
}
