//! The `records` table: the realm's collection, one row per record with its revision.

use engine::{Realm, Record, RecordKind};
use rusqlite::{params, Connection, OptionalExtension};

/// One live record as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordRow {
    /// The engine's record kind.
    pub kind: RecordKind,
    /// The record's id.
    pub id: u64,
    /// How many times it has changed.
    pub revision: u64,
    /// Its JSON body.
    pub body: serde_json::Value,
}

/// Looks a kind up by its stored name.
pub fn kind_named(name: &str) -> Option<RecordKind> {
    RecordKind::ALL.iter().copied().find(|k| k.name() == name)
}

/// Writes the realm's records if the database has never been seeded (building the realm only
/// then: the demo takes a moment to generate). Runs in one transaction,
/// so a crash half-way leaves an unseeded database that the next start seeds again.
pub fn seed_if_empty(conn: &mut Connection, realm: impl FnOnce() -> Realm) -> anyhow::Result<bool> {
    let tx = conn.transaction()?;
    let seeded: Option<String> = tx
        .query_row("SELECT value FROM meta WHERE key = 'seeded'", [], |r| {
            r.get(0)
        })
        .optional()?;
    if seeded.is_some() {
        return Ok(false);
    }
    let rev = bump_server_rev(&tx)?;
    // Before the seed there was no realm: the oldest revision a battle can name is the seed's.
    tx.execute(
        "INSERT OR REPLACE INTO revisions (server_rev, at) VALUES (?1, ?2)",
        params![rev, super::now_ms()],
    )?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('versions_since', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [rev.to_string()],
    )?;
    {
        let mut insert = tx.prepare(
            "INSERT INTO records (kind, id, revision, server_rev, deleted, body)
             VALUES (?1, ?2, 1, ?3, 0, ?4)",
        )?;
        for Record { kind, id, body } in realm().to_records() {
            insert.execute(params![kind.name(), id as i64, rev, body.to_string()])?;
        }
    }
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('seeded', 'demo')",
        [],
    )?;
    tx.commit()?;
    Ok(true)
}

/// Advances and returns the global change counter. Call inside the write's transaction.
pub(crate) fn bump_server_rev(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'server_rev'
         RETURNING CAST(value AS INTEGER)",
        [],
        |r| r.get(0),
    )
}

/// Every record that is not a tombstone, ordered by kind and id.
pub fn live(conn: &Connection) -> anyhow::Result<Vec<RecordRow>> {
    let mut stmt = conn.prepare(
        "SELECT kind, id, revision, body FROM records WHERE deleted = 0 ORDER BY kind, id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, String>(3)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (kind, id, revision, body) = row?;
        // A kind this build does not know comes from a newer server sharing the file; it is
        // skipped rather than failing the whole document.
        let Some(kind) = kind_named(&kind) else {
            continue;
        };
        out.push(RecordRow {
            kind,
            id: id as u64,
            revision: revision as u64,
            body: serde_json::from_str(&body)?,
        });
    }
    Ok(out)
}

/// How many live records there are.
pub fn count_live(conn: &Connection) -> rusqlite::Result<u64> {
    conn.query_row("SELECT COUNT(*) FROM records WHERE deleted = 0", [], |r| {
        r.get::<_, i64>(0)
    })
    .map(|n| n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::migrations;

    fn migrated() -> Connection {
        let mut conn = Connection::open_in_memory().unwrap();
        migrations::apply(&mut conn).unwrap();
        conn
    }

    #[test]
    fn seeding_writes_the_demo_once() {
        let mut conn = migrated();
        let demo = engine::demo_realm();
        assert!(seed_if_empty(&mut conn, || demo.clone()).unwrap());
        let n = count_live(&conn).unwrap();
        assert_eq!(n as usize, demo.to_records().len());
        assert!(!seed_if_empty(&mut conn, || demo.clone()).unwrap());
        assert_eq!(count_live(&conn).unwrap(), n);
    }

    #[test]
    fn stored_records_reassemble_the_same_realm() {
        let mut conn = migrated();
        let demo = engine::demo_realm();
        seed_if_empty(&mut conn, || demo.clone()).unwrap();
        let rows = live(&conn).unwrap();
        let realm = Realm::from_records(rows.into_iter().map(|r| Record {
            kind: r.kind,
            id: r.id,
            body: r.body,
        }))
        .unwrap();
        assert_eq!(realm, demo);
    }

    #[test]
    fn every_kind_name_round_trips() {
        for kind in RecordKind::ALL {
            assert_eq!(kind_named(kind.name()), Some(kind));
        }
    }
}
