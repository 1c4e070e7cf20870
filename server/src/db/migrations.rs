//! Versioned schema migrations, applied at start in order. `PRAGMA user_version` holds how many
//! have run. A migration, once released, is never edited: a change is a new entry.

use rusqlite::Connection;

/// Migration 1: every record kind of the realm in one table (one row per record with its own
/// revision), and the server-owned tables beside it.
const V1: &str = "
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
-- The collection: species, armory rows, materials, colours, factions, regiments, equipment
-- types, photos, buffs, seasons, ratings, the terrain map and settings. `kind` is the engine's
-- RecordKind name. `revision` counts this record's changes (optimistic concurrency);
-- `server_rev` is the global change counter at its last change (the pull cursor). A deleted
-- record stays as a tombstone so a late offline edit cannot resurrect it.
CREATE TABLE records (
    kind       TEXT    NOT NULL,
    id         INTEGER NOT NULL CHECK (id >= 0 AND id < 9007199254740992),
    revision   INTEGER NOT NULL CHECK (revision >= 1),
    server_rev INTEGER NOT NULL,
    deleted    INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
    body       TEXT    NOT NULL,
    PRIMARY KEY (kind, id)
) STRICT, WITHOUT ROWID;
CREATE INDEX records_by_server_rev ON records (server_rev);
-- Sync: the last mutation applied per client, so a retried push changes nothing.
CREATE TABLE sync_clients (
    client_id        TEXT    PRIMARY KEY,
    last_mutation_id INTEGER NOT NULL
) STRICT;
-- Arena judgements, counted or not (a vote that is not counted is still kept).
CREATE TABLE votes (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    voter       TEXT    NOT NULL,
    chosen      INTEGER NOT NULL,
    other       INTEGER NOT NULL,
    cast_at     INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    counted     INTEGER NOT NULL CHECK (counted IN (0, 1)),
    reason      TEXT
) STRICT;
CREATE INDEX votes_by_voter ON votes (voter, received_at);
-- Realm History: append-only battle records, each self-contained (SPEC 14).
CREATE TABLE history (
    id        INTEGER PRIMARY KEY,
    fought_at INTEGER NOT NULL,
    system    TEXT    NOT NULL,
    attacker  INTEGER NOT NULL,
    defender  INTEGER NOT NULL,
    winner    TEXT    NOT NULL CHECK (winner IN ('attacker', 'defender')),
    body      TEXT    NOT NULL
) STRICT;
CREATE INDEX history_by_time ON history (fought_at);
-- Uploaded photographs, kept apart from the photo record so the document stays small.
CREATE TABLE photo_images (
    photo_id INTEGER PRIMARY KEY,
    mime     TEXT    NOT NULL,
    bytes    BLOB    NOT NULL
) STRICT;
INSERT INTO meta (key, value) VALUES ('server_rev', '0');
";

/// Migration 2: an uploaded image keeps its entity tag, so a conditional GET is answered
/// without hashing the bytes. Rows from V1 get an empty tag, computed when next read.
const V2: &str = "
ALTER TABLE photo_images ADD COLUMN etag TEXT NOT NULL DEFAULT '';
CREATE INDEX history_by_system ON history (system, fought_at);
";

/// Migration 3: each consumed mutation's answer, kept next to the client's last mutation id, so
/// a retry whose first answer was lost gets that same answer (a conflict or a rejection is never
/// turned into a bare `duplicate`). The newest answers per client are kept (see `sync.rs`).
const V3: &str = "
CREATE TABLE sync_results (
    client_id   TEXT    NOT NULL,
    mutation_id INTEGER NOT NULL,
    result      TEXT    NOT NULL,
    PRIMARY KEY (client_id, mutation_id)
) STRICT, WITHOUT ROWID;
";

/// Migration 4: the collection's history for a window, so a battle fought on the realm as a client
/// pulled it can be fought again by the server (`db/versions.rs`). `record_versions` keeps each
/// replaced row with the counter that replaced it; `revisions` the time of each counter. The realm
/// can be rebuilt from `meta.versions_since` on: from this migration's counter for an existing
/// database, since nothing older was kept.
const V4: &str = "
-- A rowid table, appended to in counter order: every vote group writes rating versions, and
-- appending keeps that to a few pages a commit (a primary key on the record would scatter them).
CREATE TABLE record_versions (
    kind           TEXT    NOT NULL,
    id             INTEGER NOT NULL,
    revision       INTEGER NOT NULL,
    server_rev     INTEGER NOT NULL,
    superseded_rev INTEGER NOT NULL,
    deleted        INTEGER NOT NULL CHECK (deleted IN (0, 1)),
    body           TEXT    NOT NULL
) STRICT;
CREATE INDEX record_versions_by_superseded ON record_versions (superseded_rev);
CREATE TABLE revisions (
    server_rev INTEGER PRIMARY KEY,
    at         INTEGER NOT NULL
) STRICT;
INSERT INTO revisions (server_rev, at)
    SELECT CAST(value AS INTEGER), CAST(strftime('%s', 'now') AS INTEGER) * 1000
    FROM meta WHERE key = 'server_rev';
INSERT INTO meta (key, value) SELECT 'versions_since', value FROM meta WHERE key = 'server_rev';
";

/// Migration 5: the client address each vote came from, kept to look into abuse (the allowance
/// per address is counted in memory by the vote writer; rows from before have an empty address).
const V5: &str = "
ALTER TABLE votes ADD COLUMN client TEXT NOT NULL DEFAULT '';
";

/// Migration 6: each vote names the nonce of the pair token it was cast on (SPEC §16.1), at most
/// once, so a token is single-use and a replayed one answers what the first got. Votes from before
/// had no token.
const V6: &str = "
ALTER TABLE votes ADD COLUMN token TEXT;
CREATE UNIQUE INDEX votes_by_token ON votes (token) WHERE token IS NOT NULL;
";

/// Migration 7: how often each judged pair went each way, kept in the vote transaction, so the
/// standings read one row per pair instead of every vote. Filled from the votes counted so far.
const V7: &str = "
CREATE TABLE vote_pairs (
    a      INTEGER NOT NULL,
    b      INTEGER NOT NULL,
    a_wins INTEGER NOT NULL CHECK (a_wins >= 0),
    b_wins INTEGER NOT NULL CHECK (b_wins >= 0),
    CHECK (a < b),
    PRIMARY KEY (a, b)
) STRICT, WITHOUT ROWID;
INSERT INTO vote_pairs (a, b, a_wins, b_wins)
    SELECT MIN(chosen, other), MAX(chosen, other), SUM(chosen < other), SUM(chosen > other)
    FROM votes WHERE counted = 1 AND chosen <> other
    GROUP BY MIN(chosen, other), MAX(chosen, other);
";

/// Migration 8: battle records stored compressed (`packed`, zstd of the JSON; `body` is then
/// empty, and rows from before keep their text), and the listing's indexes made covering (every
/// column the listing and its tallies read), so counting 100,000 records reads the indexes and
/// never the records themselves; by attacker and by defender for the faction filter.
const V8: &str = "
ALTER TABLE history ADD COLUMN packed BLOB;
DROP INDEX history_by_time;
DROP INDEX history_by_system;
CREATE INDEX history_by_time ON history (fought_at, system, attacker, defender, winner);
CREATE INDEX history_by_system ON history (system, fought_at, attacker, defender, winner);
CREATE INDEX history_by_attacker ON history (attacker, fought_at, system, defender, winner);
CREATE INDEX history_by_defender ON history (defender, fought_at, system, attacker, winner);
";

/// Migration 9: the history's wins and losses per system, faction and side, kept in the append's
/// transaction, so the unfiltered tallies (every visit's first page) read a few dozen rows
/// instead of counting every record. Filled from the records stored so far.
const V9: &str = "
CREATE TABLE history_counts (
    system  TEXT    NOT NULL,
    faction INTEGER NOT NULL,
    side    TEXT    NOT NULL CHECK (side IN ('attacker', 'defender')),
    won     INTEGER NOT NULL CHECK (won >= 0),
    lost    INTEGER NOT NULL CHECK (lost >= 0),
    PRIMARY KEY (system, faction, side)
) STRICT, WITHOUT ROWID;
INSERT INTO history_counts (system, faction, side, won, lost)
    SELECT system, attacker, 'attacker', SUM(winner = 'attacker'), SUM(winner = 'defender')
    FROM history GROUP BY system, attacker;
INSERT INTO history_counts (system, faction, side, won, lost)
    SELECT system, defender, 'defender', SUM(winner = 'defender'), SUM(winner = 'attacker')
    FROM history GROUP BY system, defender;
";

/// Migration 10: the dictionaries battle records are packed with (`packing.rs`), kept forever,
/// and the one each record needs (NULL: plain zstd, or the text in `body`); and whether a record
/// was stored without its outcome (`replays.rs`): the outcome's digest, NULL for a whole record.
const V10: &str = "
CREATE TABLE history_dicts (
    id         INTEGER PRIMARY KEY,
    records    INTEGER NOT NULL CHECK (records >= 0),
    trained_at INTEGER NOT NULL,
    dict       BLOB    NOT NULL
) STRICT;
ALTER TABLE history ADD COLUMN dict INTEGER REFERENCES history_dicts (id);
ALTER TABLE history ADD COLUMN outcome_check BLOB;
";

/// Migration 11: each uploaded image's display size (`display.rs`: a JPEG at most 480 px on its
/// long side) and its tag. NULL for an image uploaded before, derived on its first request.
const V11: &str = "
ALTER TABLE photo_images ADD COLUMN display BLOB;
ALTER TABLE photo_images ADD COLUMN display_etag TEXT NOT NULL DEFAULT '';
";

/// Migration 12: images of unique items and war machine kinds beside the photos', so one table
/// (`images`, keyed by the record kind and id) holds every uploaded image and one code path checks,
/// derives and serves them all. The photos' rows move across with their tags and display images.
const V12: &str = "
CREATE TABLE images (
    kind         TEXT    NOT NULL CHECK (kind IN ('photo', 'unique_item', 'machine_kind')),
    id           INTEGER NOT NULL,
    mime         TEXT    NOT NULL,
    bytes        BLOB    NOT NULL,
    etag         TEXT    NOT NULL DEFAULT '',
    display      BLOB,
    display_etag TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (kind, id)
) STRICT;
INSERT INTO images (kind, id, mime, bytes, etag, display, display_etag)
    SELECT 'photo', photo_id, mime, bytes, etag, display, display_etag FROM photo_images;
DROP TABLE photo_images;
";

/// Every migration, in order.
const MIGRATIONS: &[&str] = &[V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12];

/// The schema version this build expects.
pub fn latest() -> u32 {
    MIGRATIONS.len() as u32
}

/// The schema version of an open database.
pub fn version(conn: &Connection) -> rusqlite::Result<u32> {
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
}

/// Applies the migrations this database has not seen, each in its own transaction together
/// with the version bump. Returns (version after, number applied).
pub fn apply(conn: &mut Connection) -> anyhow::Result<(u32, u32)> {
    let start = version(conn)?;
    if start > latest() {
        anyhow::bail!(
            "the database is at schema version {start}, newer than this server ({}); \
             run a newer server or restore a backup",
            latest()
        );
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(start as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i as u32 + 1)?;
        tx.commit()?;
    }
    Ok((latest(), latest() - start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrating_twice_applies_nothing_the_second_time() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(apply(&mut conn).unwrap(), (latest(), latest()));
        assert_eq!(apply(&mut conn).unwrap(), (latest(), 0));
    }

    #[test]
    fn a_version_1_database_migrates_keeping_its_rows() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(V1).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute(
            "INSERT INTO photo_images (photo_id, mime, bytes) VALUES (7, 'image/png', x'89')",
            [],
        )
        .unwrap();
        assert_eq!(apply(&mut conn).unwrap(), (latest(), latest() - 1));
        let (mime, etag): (String, String) = conn
            .query_row(
                "SELECT mime, etag FROM images WHERE kind = 'photo' AND id = 7",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!((mime.as_str(), etag.as_str()), ("image/png", ""));
    }

    /// Every record kind lives in the one `records` table under its engine name, so a kind
    /// added later (`lab_setup`, saved lab line-ups) needs no migration: a database at every
    /// earlier version migrates keeping its records and then stores and reads the new kind.
    #[test]
    fn a_database_at_every_earlier_version_migrates_and_takes_lab_setups() {
        for start in 1..latest() {
            let mut conn = Connection::open_in_memory().unwrap();
            for sql in &MIGRATIONS[..start as usize] {
                conn.execute_batch(sql).unwrap();
            }
            conn.pragma_update(None, "user_version", start).unwrap();
            conn.execute(
                "INSERT INTO records (kind, id, revision, server_rev, deleted, body)
                 VALUES ('season', 1, 1, 1, 0, '{}')",
                [],
            )
            .unwrap();
            assert_eq!(apply(&mut conn).unwrap(), (latest(), latest() - start));
            let setup = engine::LabSetup::new(
                9,
                "Saved",
                engine::LineUp::Contests(engine::contests::example()),
            );
            let body = serde_json::to_string(&setup).unwrap();
            let kind = engine::RecordKind::LabSetup.name();
            conn.execute(
                "INSERT INTO records (kind, id, revision, server_rev, deleted, body)
                 VALUES (?1, 9, 1, 2, 0, ?2)",
                rusqlite::params![kind, body],
            )
            .unwrap();
            let kinds: Vec<String> = conn
                .prepare("SELECT kind FROM records ORDER BY kind")
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(kinds, ["lab_setup", "season"], "from version {start}");
            assert_eq!(
                super::super::records::kind_named(kind),
                Some(engine::RecordKind::LabSetup)
            );
        }
    }

    /// The pair counts start as a recount of the votes counted before them.
    #[test]
    fn a_version_6_database_gets_pair_counts_of_its_counted_votes() {
        let mut conn = Connection::open_in_memory().unwrap();
        for sql in &MIGRATIONS[..6] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 6).unwrap();
        let votes = [
            (3, 9, 1),
            (9, 3, 1),
            (3, 9, 1),
            (5, 2, 1),
            (2, 5, 0),
            (7, 1, 1),
        ];
        for (chosen, other, counted) in votes {
            conn.execute(
                "INSERT INTO votes (voter, chosen, other, cast_at, received_at, counted)
                 VALUES ('v', ?1, ?2, 0, 0, ?3)",
                rusqlite::params![chosen as i64, other as i64, counted],
            )
            .unwrap();
        }
        apply(&mut conn).unwrap();
        let counted: Vec<(u64, u64)> = votes
            .iter()
            .filter(|v| v.2 == 1)
            .map(|v| (v.0, v.1))
            .collect();
        let kept = super::super::votes::pair_counts(&conn).unwrap();
        assert_eq!(kept.pairs, engine::PairCount::tally(&counted));
        assert_eq!(kept.votes, 5);
    }

    /// The history's kept counts start as a recount of the records stored before them.
    #[test]
    fn a_version_8_database_gets_history_counts_of_its_records() {
        let mut conn = Connection::open_in_memory().unwrap();
        for sql in &MIGRATIONS[..8] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 8).unwrap();
        let rows = [
            (1, "v2", 1, 2, "attacker"),
            (2, "v2", 2, 1, "attacker"),
            (3, "v1", 1, 3, "defender"),
        ];
        for (id, system, a, d, w) in rows {
            conn.execute(
                "INSERT INTO history (id, fought_at, system, attacker, defender, winner, body)
                 VALUES (?1, ?1, ?2, ?3, ?4, ?5, '{}')",
                rusqlite::params![id, system, a, d, w],
            )
            .unwrap();
        }
        apply(&mut conn).unwrap();
        let counts: Vec<(String, i64, String, i64, i64)> = conn
            .prepare("SELECT system, faction, side, won, lost FROM history_counts ORDER BY 1, 2, 3")
            .unwrap()
            .query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let c = |s: &str, f, side: &str, w, l| (s.to_string(), f, side.to_string(), w, l);
        assert_eq!(
            counts,
            vec![
                c("v1", 1, "attacker", 0, 1),
                c("v1", 3, "defender", 1, 0),
                c("v2", 1, "attacker", 1, 0),
                c("v2", 1, "defender", 0, 1),
                c("v2", 2, "attacker", 1, 0),
                c("v2", 2, "defender", 0, 1),
            ]
        );
    }

    #[test]
    fn a_newer_database_is_refused() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", latest() + 1)
            .unwrap();
        let err = apply(&mut conn).unwrap_err().to_string();
        assert!(err.contains("newer than this server"), "{err}");
    }
}
