//! Record writes and the sync protocol (see docs/sync.md).

use crate::collection::{self, Cached, Change, Collection, Key, Stored};
use crate::error::ApiError;
use engine::wire::{
    ErrorBody, ImportResponse, Mutation, MutationResult, Op, PullResponse, PushRequest,
    PushResponse, SyncRecord,
};
use engine::RecordKind;
use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::records::{bump_server_rev, kind_named};

/// One `records` row as stored, before its kind and body are read.
struct RawRow {
    kind: String,
    id: i64,
    revision: i64,
    server_rev: i64,
    deleted: bool,
    body: String,
}

/// Reads a row selected as `kind, id, revision, server_rev, deleted, body`.
fn raw_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawRow> {
    Ok(RawRow {
        kind: r.get(0)?,
        id: r.get(1)?,
        revision: r.get(2)?,
        server_rev: r.get(3)?,
        deleted: r.get(4)?,
        body: r.get(5)?,
    })
}

/// Every stored record, tombstones included.
pub fn load(conn: &Connection) -> Result<Collection, ApiError> {
    let mut stmt =
        conn.prepare("SELECT kind, id, revision, server_rev, deleted, body FROM records")?;
    collect(&mut stmt, [])
}

/// The rows a statement selects as `kind, id, revision, server_rev, deleted, body`, as a
/// collection (a kind this build does not know is skipped).
pub(super) fn collect(
    stmt: &mut rusqlite::Statement<'_>,
    params: impl rusqlite::Params,
) -> Result<Collection, ApiError> {
    let rows = stmt.query_map(params, raw_row)?;
    let mut out = Collection::default();
    for row in rows {
        let RawRow {
            kind,
            id,
            revision,
            server_rev,
            deleted,
            body,
        } = row?;
        let Some(kind) = kind_named(&kind) else {
            continue;
        };
        out.rows.insert(
            (kind, id as u64),
            Stored {
                revision: revision as u64,
                server_rev: server_rev as u64,
                deleted,
                body: serde_json::from_str(&body).map_err(ApiError::internal)?,
            },
        );
    }
    Ok(out)
}

/// Writes `changes` inside `tx` under one new change counter, which it returns. Each changed
/// record's revision goes up by one (a new one starts at 1); a `None` body leaves a tombstone.
pub fn write(tx: &Transaction, changes: &[Change]) -> Result<u64, ApiError> {
    let rev = bump_server_rev(tx)?;
    super::versions::keep_superseded(
        tx,
        rev,
        super::now_ms(),
        changes.iter().map(|c| (c.key.0.name(), c.key.1)),
    )?;
    let mut upsert = tx.prepare_cached(
        "INSERT INTO records (kind, id, revision, server_rev, deleted, body)
         VALUES (?1, ?2, 1, ?3, ?4, ?5)
         ON CONFLICT (kind, id) DO UPDATE SET revision = revision + 1,
             server_rev = excluded.server_rev, deleted = excluded.deleted, body = excluded.body",
    )?;
    for c in changes {
        let body = c
            .body
            .as_ref()
            .map_or("null".to_string(), |b| b.to_string());
        upsert.execute(params![
            c.key.0.name(),
            c.key.1 as i64,
            rev,
            c.body.is_none(),
            body
        ])?;
    }
    Ok(rev as u64)
}

/// Loads the cache: every record and the live realm.
pub fn load_cache(conn: &Connection) -> Result<Cached, ApiError> {
    let coll = load(conn)?;
    let realm = coll.realm()?;
    Ok(Cached {
        coll,
        realm,
        summary: None,
    })
}

/// Writes the changes that take the store to `next` in one transaction, then makes `next` the
/// cached realm. Returns the change counter and how many records changed and were deleted.
pub fn commit_realm(
    conn: &mut Connection,
    cache: &mut Cached,
    next: engine::Realm,
) -> Result<(u64, u64, u64), ApiError> {
    let changes = cache.coll.diff(&next);
    let deleted = changes.iter().filter(|c| c.body.is_none()).count() as u64;
    if changes.is_empty() {
        return Ok((server_rev(conn)?, 0, 0));
    }
    let tx = conn.transaction()?;
    let rev = write(&tx, &changes)?;
    tx.commit()?;
    cache.coll.apply(&changes, rev);
    cache.realm = next;
    Ok((rev, changes.len() as u64 - deleted, deleted))
}

/// The global change counter.
pub fn server_rev(conn: &Connection) -> Result<u64, ApiError> {
    let v: String = conn.query_row("SELECT value FROM meta WHERE key = 'server_rev'", [], |r| {
        r.get(0)
    })?;
    v.parse().map_err(ApiError::internal)
}

fn last_applied(conn: &Connection, client: &str) -> Result<u64, ApiError> {
    let v: Option<i64> = conn
        .query_row(
            "SELECT last_mutation_id FROM sync_clients WHERE client_id = ?1",
            [client],
            |r| r.get(0),
        )
        .optional()?;
    Ok(v.unwrap_or(0) as u64)
}

fn set_last_applied(tx: &Transaction, client: &str, id: u64) -> Result<(), ApiError> {
    tx.execute(
        "INSERT INTO sync_clients (client_id, last_mutation_id) VALUES (?1, ?2)
         ON CONFLICT (client_id) DO UPDATE SET last_mutation_id = excluded.last_mutation_id",
        params![client, id as i64],
    )?;
    Ok(())
}

/// The record as sync shows it.
pub fn sync_record(kind: RecordKind, id: u64, s: &Stored) -> SyncRecord {
    SyncRecord {
        kind: kind.name().to_string(),
        id,
        revision: s.revision,
        server_rev: s.server_rev,
        deleted: s.deleted,
        body: (!s.deleted).then(|| s.body.clone()),
    }
}

/// What one mutation comes to before anything is written.
enum Outcome {
    Write(Vec<Change>, Box<engine::Realm>),
    Conflict(SyncRecord),
    Rejected(ApiError),
}

/// Applies a push in ONE transaction (one durable commit): each mutation is decided against
/// the collection as the mutations before it left it and consumed together with the client's
/// last-applied id, so a retry is acknowledged without effect and a gap stops nothing but
/// itself. If anything fails the whole push rolls back and the cache is dropped (a 5xx), so a
/// retry sees the store as it was.
pub fn push(
    conn: &mut Connection,
    cache: &mut Cached,
    req: &PushRequest,
) -> Result<PushResponse, ApiError> {
    let last = last_applied(conn, &req.client_id)?;
    let tx = conn.transaction()?;
    let (mut results, last) = match push_batched(&tx, cache, req, last)? {
        Some(done) => done,
        None => push_each(&tx, cache, req, last)?,
    };
    remember_results(&tx, &req.client_id, &mut results, last)?;
    set_last_applied(&tx, &req.client_id, last)?;
    let server_rev = server_rev(&tx)?;
    tx.commit()?;
    Ok(PushResponse {
        results,
        server_rev,
    })
}

/// How many of a client's newest answers are kept for retries: more than any one push the app
/// sends (200), so a lost answer is always found again.
pub const KEPT_RESULTS: u64 = 1000;

/// Keeps each consumed mutation's answer and gives a retry (`duplicate`) the answer its first
/// try got, when it is still kept; forgets a client's answers older than [`KEPT_RESULTS`].
fn remember_results(
    tx: &Transaction,
    client: &str,
    results: &mut [MutationResult],
    last: u64,
) -> Result<(), ApiError> {
    let mut find = tx.prepare_cached(
        "SELECT result FROM sync_results WHERE client_id = ?1 AND mutation_id = ?2",
    )?;
    let mut keep = tx.prepare_cached(
        "INSERT OR REPLACE INTO sync_results (client_id, mutation_id, result) VALUES (?1, ?2, ?3)",
    )?;
    for r in results.iter_mut() {
        match r {
            MutationResult::Duplicate { mutation_id } => {
                let first: Option<String> = find
                    .query_row(params![client, *mutation_id as i64], |row| row.get(0))
                    .optional()?;
                if let Some(first) = first {
                    *r = serde_json::from_str(&first).map_err(ApiError::internal)?;
                }
            }
            MutationResult::Rejected { error, .. } if error.code == "gap" => {}
            consumed => {
                let text = serde_json::to_string(consumed).map_err(ApiError::internal)?;
                keep.execute(params![client, consumed.mutation_id() as i64, text])?;
            }
        }
    }
    tx.execute(
        "DELETE FROM sync_results WHERE client_id = ?1 AND mutation_id <= ?2",
        params![client, last.saturating_sub(KEPT_RESULTS) as i64],
    )?;
    Ok(())
}

/// Whether mutation `mutation_id` is a retry or a gap, given the client's last consumed id.
fn retry_or_gap(mutation_id: u64, last: u64, i: usize) -> Option<MutationResult> {
    if mutation_id <= last {
        return Some(MutationResult::Duplicate { mutation_id });
    }
    (mutation_id != last + 1).then(|| MutationResult::Rejected {
        mutation_id,
        error: ErrorBody {
            code: "gap".into(),
            message: format!(
                "mutation {} is the next this client may send; push it first",
                last + 1
            ),
            field: Some(format!("mutations[{i}].mutation_id")),
        },
    })
}

fn refused(mutation_id: u64, outcome: Outcome) -> MutationResult {
    match outcome {
        Outcome::Conflict(current) => MutationResult::Conflict {
            mutation_id,
            current,
        },
        Outcome::Rejected(e) => MutationResult::Rejected {
            mutation_id,
            error: ErrorBody {
                code: e.code.into(),
                message: e.message,
                field: e.field,
            },
        },
        Outcome::Write(..) => unreachable!("a write is not a refusal"),
    }
}

/// The fast way through a push: every mutation that passes its own checks is spliced into one
/// working realm, which is validated and re-derived ONCE at the end. If it validates, the
/// push is written as one change; if not, `None`, and the caller decides the mutations one
/// by one so the failure is pinned on the mutation that caused it.
#[allow(clippy::type_complexity)]
fn push_batched(
    tx: &Transaction,
    cache: &mut Cached,
    req: &PushRequest,
    mut last: u64,
) -> Result<Option<(Vec<MutationResult>, u64)>, ApiError> {
    let mut work = cache.clone();
    let mut targets = Vec::new();
    let mut results = Vec::with_capacity(req.mutations.len());
    for (i, m) in req.mutations.iter().enumerate() {
        if let Some(r) = retry_or_gap(m.mutation_id, last, i) {
            results.push(r);
            continue;
        }
        last = m.mutation_id;
        match check(&work.coll, m, i) {
            Err(outcome) => results.push(refused(m.mutation_id, outcome)),
            Ok((key, body, one)) => {
                collection::splice(&mut work.realm, key, one);
                // Track the record's revision and life within the push, for later mutations.
                work.coll.apply(&[Change { key, body }], 0);
                targets.push(key);
                results.push(MutationResult::Applied {
                    mutation_id: m.mutation_id,
                    revision: work.coll.rows.get(&key).map_or(0, |s| s.revision),
                });
            }
        }
    }
    if targets.is_empty() {
        return Ok(Some((results, last)));
    }
    let (next, rederived) = match collection::settle_reporting(work.realm) {
        Ok(r) => r,
        Err(e) if e.status.is_client_error() => return Ok(None),
        Err(e) => return Err(e),
    };
    let changes = writes(&cache.realm, &next, &targets, rederived);
    let rev = write(tx, &changes)?;
    cache.coll.apply(&changes, rev);
    cache.realm = next;
    // A conflict with a record an earlier mutation of this push changed shows it as written.
    for r in &mut results {
        if let MutationResult::Conflict { current, .. } = r {
            if let Some(kind) = kind_named(&current.kind) {
                if let Some(s) = cache.coll.rows.get(&(kind, current.id)) {
                    *current = sync_record(kind, current.id, s);
                }
            }
        }
    }
    Ok(Some((results, last)))
}

/// The careful way through a push: each mutation is validated against the realm the ones
/// before it left, so an invalid one is refused on its own.
fn push_each(
    tx: &Transaction,
    cache: &mut Cached,
    req: &PushRequest,
    mut last: u64,
) -> Result<(Vec<MutationResult>, u64), ApiError> {
    let mut results = Vec::with_capacity(req.mutations.len());
    for (i, m) in req.mutations.iter().enumerate() {
        if let Some(r) = retry_or_gap(m.mutation_id, last, i) {
            results.push(r);
            continue;
        }
        last = m.mutation_id;
        results.push(match decide(cache, m, i)? {
            Outcome::Write(changes, next) => {
                let rev = write(tx, &changes)?;
                cache.coll.apply(&changes, rev);
                cache.realm = *next;
                let key = (kind_named(&m.kind).unwrap_or(RecordKind::Map), m.id);
                MutationResult::Applied {
                    mutation_id: m.mutation_id,
                    revision: cache.coll.rows.get(&key).map_or(0, |s| s.revision),
                }
            }
            refusal => refused(m.mutation_id, refusal),
        });
    }
    Ok((results, last))
}

/// Decides a mutation against the collection as it stands. An `Err` is the server's failure;
/// a refusal of the mutation is `Outcome::Rejected`.
fn decide(cache: &Cached, m: &Mutation, i: usize) -> Result<Outcome, ApiError> {
    let (key, _, one) = match check(&cache.coll, m, i) {
        Ok(k) => k,
        Err(outcome) => return Ok(outcome),
    };
    // The realm with the change, spliced into the cached one (rebuilding it from records
    // would cost far more), then validated and re-derived.
    let mut next = cache.realm.clone();
    collection::splice(&mut next, key, one);
    let (next, rederived) = match collection::settle_reporting(next) {
        Ok(r) => r,
        Err(e) if e.status.is_client_error() => return Ok(Outcome::Rejected(e)),
        Err(e) => return Err(e),
    };
    let changes = writes(&cache.realm, &next, &[key], rederived);
    Ok(Outcome::Write(changes, Box::new(next)))
}

/// The writes that take the store from `before` to the settled `next`: the `targets` as engine
/// settled them (each once per mutation), every other photo whose derived stats moved, and the
/// rating of a photo that went.
fn writes(
    before: &engine::Realm,
    next: &engine::Realm,
    targets: &[Key],
    rederived: Vec<u64>,
) -> Vec<Change> {
    let mut changes: Vec<Change> = targets
        .iter()
        .map(|&key| Change {
            key,
            body: collection::body_of(next, key),
        })
        .collect();
    changes.extend(
        rederived
            .into_iter()
            .map(|id| (RecordKind::Photo, id))
            .filter(|k| !targets.contains(k))
            .map(|k| Change {
                key: k,
                body: collection::body_of(next, k),
            }),
    );
    if next.ratings.len() != before.ratings.len() {
        let kept: std::collections::BTreeSet<u64> =
            next.ratings.iter().map(|r| r.photo_id).collect();
        changes.extend(
            before
                .ratings
                .iter()
                .filter(|r| !kept.contains(&r.photo_id))
                .map(|r| Change {
                    key: (RecordKind::Rating, r.photo_id),
                    body: None,
                }),
        );
    }
    changes
}

/// The checks of a mutation that need no validation of the realm: kind, ownership, tombstone,
/// revision, body. Passes with the key, the body as engine reads it and a realm holding just
/// the record (`None` for a delete); otherwise the outcome.
#[allow(clippy::type_complexity)]
fn check(
    coll: &Collection,
    m: &Mutation,
    i: usize,
) -> Result<(Key, Option<serde_json::Value>, Option<engine::Realm>), Outcome> {
    let at = format!("mutations[{i}]");
    let Some(kind) = kind_named(&m.kind) else {
        return Err(Outcome::Rejected(ApiError::bad_field(
            format!("{at}.kind"),
            format!("no record kind {:?}", m.kind),
        )));
    };
    if kind == RecordKind::Rating {
        return Err(Outcome::Rejected(ApiError::bad_field(
            format!("{at}.kind"),
            "ratings are the server's: they change only by votes",
        )));
    }
    // The body's shape first: a malformed edit is refused naming its field whatever revision it
    // was made against, so a stale client learns of its bug, not of a conflict it cannot settle.
    let one = match (m.op, &m.body) {
        (Op::Put, Some(body)) => {
            match collection::parse_body(kind, m.id, body, &format!("{at}.body")) {
                Ok((body, one)) => Some((body, one)),
                Err(e) => return Err(Outcome::Rejected(e)),
            }
        }
        (Op::Put, None) => {
            return Err(Outcome::Rejected(ApiError::bad_field(
                format!("{at}.body"),
                "a put needs the record's body",
            )))
        }
        (Op::Delete, Some(_)) => {
            return Err(Outcome::Rejected(ApiError::bad_field(
                format!("{at}.body"),
                "a delete carries no body",
            )))
        }
        (Op::Delete, None) if kind.is_singleton() => {
            return Err(Outcome::Rejected(ApiError::bad_field(
                format!("{at}.op"),
                format!("the {} cannot be deleted", kind.name()),
            )))
        }
        (Op::Delete, None) => None,
    };
    let key = (kind, m.id);
    let current = coll.rows.get(&key);
    let conflict = |s: &Stored| Err(Outcome::Conflict(sync_record(kind, m.id, s)));
    match (current, m.base_revision) {
        // A tombstone is final: no edit, however late, brings the record back.
        (Some(s), _) if s.deleted => return conflict(s),
        (Some(s), base) if base != Some(s.revision) => return conflict(s),
        (None, Some(_)) => {
            return Err(Outcome::Rejected(ApiError::bad_field(
                format!("{at}.base_revision"),
                "no such record: send null to create it",
            )))
        }
        _ => {}
    }
    Ok(match one {
        Some((body, one)) => (key, Some(body), Some(one)),
        None => (key, None, None),
    })
}

/// Every record changed after `since`, in change order, with the cursor to pull from next.
pub fn pull(conn: &Connection, since: u64) -> Result<PullResponse, ApiError> {
    let cursor = server_rev(conn)?;
    let mut stmt = conn.prepare(
        "SELECT kind, id, revision, server_rev, deleted, body FROM records
         WHERE server_rev > ?1 ORDER BY server_rev, kind, id",
    )?;
    let rows = stmt.query_map([since as i64], raw_row)?;
    let mut records = Vec::new();
    for row in rows {
        let RawRow {
            kind,
            id,
            revision,
            server_rev,
            deleted,
            body,
        } = row?;
        records.push(SyncRecord {
            kind,
            id: id as u64,
            revision: revision as u64,
            server_rev: server_rev as u64,
            deleted,
            body: if deleted {
                None
            } else {
                Some(serde_json::from_str(&body).map_err(ApiError::internal)?)
            },
        });
    }
    Ok(PullResponse { records, cursor })
}

/// Replaces the collection with `incoming` (already parsed) in one transaction: ratings stay
/// the server's (kept for photos that still exist), the result is validated and re-derived,
/// changed records get a new revision and records it lacks become tombstones.
pub fn import(
    conn: &mut Connection,
    cache: &mut Cached,
    mut incoming: engine::Realm,
) -> Result<ImportResponse, ApiError> {
    incoming.ratings = cache.realm.ratings.clone();
    let next = collection::settle(incoming)?;
    let (server_rev, changed, deleted) = commit_realm(conn, cache, next)?;
    Ok(ImportResponse {
        changed,
        deleted,
        server_rev,
    })
}

/// Changes the stored realm with `edit` as one transaction: the result is validated and
/// re-derived, and only the records that differ are written.
pub fn change_realm(
    conn: &mut Connection,
    cache: &mut Cached,
    edit: impl FnOnce(&mut engine::Realm) -> Result<(), ApiError>,
) -> Result<engine::wire::ChangeResponse, ApiError> {
    let mut realm = cache.realm.clone();
    edit(&mut realm)?;
    let next = collection::settle(realm)?;
    let (server_rev, changed, deleted) = commit_realm(conn, cache, next)?;
    Ok(engine::wire::ChangeResponse {
        changed: changed + deleted,
        server_rev,
    })
}
