//! Group commit of votes: many requests share one transaction and one fsync, every vote is
//! counted exactly once in arrival order and survives a restart, and a failed transaction
//! answers every request in it with an error and writes nothing.

mod common;

use actix_web::test::TestRequest;
use common::{app, send, state_with, Voter};
use rusqlite::Connection;
use serde_json::Value;
use server::config::VoteLimits;
use server::db::Db;
use std::rc::Rc;
use std::time::Duration;

fn open_limits() -> VoteLimits {
    VoteLimits {
        repeat_window_ms: 24 * 3_600_000,
        per_minute: 1000,
        per_address_per_minute: 1_000_000,
        min_answer_ms: 400,
        token_life_ms: 24 * 3_600_000,
    }
}

/// A batch of judgements from one voter, as the client posts it.
fn batch(voter: &Voter, pairs: &[(u64, u64)]) -> TestRequest {
    let votes: Vec<Value> = pairs.iter().map(|&(c, o)| voter.vote(c, o)).collect();
    voter.post(votes)
}

/// Holds the database connection on the blocking pool until the returned sender is used (or
/// dropped), so requests queue up behind it; returns once the connection is held.
async fn hold_connection(db: &Db) -> std::sync::mpsc::Sender<()> {
    let (release, wait) = std::sync::mpsc::channel::<()>();
    let (held, is_held) = tokio::sync::oneshot::channel::<()>();
    let db = db.clone();
    actix_web::rt::spawn(async move {
        db.call(move |_| {
            let _ = held.send(());
            let _ = wait.recv();
            Ok(())
        })
        .await
    });
    is_held.await.unwrap();
    release
}

/// Waits until `n` requests' votes wait for the writer.
async fn until_waiting(db: &Db, n: usize) {
    for _ in 0..10_000 {
        if db.votes_waiting() == n {
            return;
        }
        actix_web::rt::time::sleep(Duration::from_millis(1)).await;
    }
    panic!("{} batches waiting, expected {n}", db.votes_waiting());
}

/// Runs a query returning one integer on the server's own connection.
async fn scalar(db: &Db, sql: &'static str) -> i64 {
    db.call(move |c| Ok(c.query_row(sql, [], |r| r.get(0))?))
        .await
        .unwrap()
}

/// The ratings `counted` votes give when applied one after another through engine's Elo,
/// starting from the demo realm's.
fn replayed(counted: &[(u64, u64)]) -> engine::Realm {
    let mut realm = engine::demo_realm();
    for &(chosen, other) in counted {
        let (mut w, mut l) = (realm.rating_of(chosen), realm.rating_of(other));
        engine::judge(&mut w, &mut l);
        for r in [w, l] {
            match realm.ratings.iter_mut().find(|x| x.photo_id == r.photo_id) {
                Some(slot) => *slot = r,
                None => realm.ratings.push(r),
            }
        }
    }
    realm
}

/// Every stored vote `(voter, chosen, other, counted)` in arrival order, read from the file by
/// a connection of its own.
fn stored_votes(path: &std::path::Path) -> Vec<(String, u64, u64, bool)> {
    let conn = Connection::open(path).unwrap();
    let mut stmt = conn
        .prepare("SELECT voter, chosen, other, counted FROM votes ORDER BY seq")
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get::<_, i64>(1)? as u64,
                r.get::<_, i64>(2)? as u64,
                r.get(3)?,
            ))
        })
        .unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

#[actix_web::test]
async fn the_database_is_in_wal_mode_with_full_sync() {
    let (_dir, st) = state_with(open_limits());
    let db = st.db.clone();
    let mode: String = db
        .call(|c| Ok(c.query_row("PRAGMA journal_mode", [], |r| r.get(0))?))
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(scalar(&db, "PRAGMA synchronous").await, 2, "2 is FULL");
}

#[actix_web::test]
async fn concurrent_votes_share_one_commit_are_each_counted_once_and_survive_a_restart() {
    const REQUESTS: usize = 40;
    let (dir, st) = state_with(open_limits());
    let path = dir.path().join("realm.db");
    let db = st.db.clone();
    let voters: Vec<Voter> = (0..REQUESTS).map(|_| Voter::new(&st)).collect();
    let app = Rc::new(app(st).await);
    let pool = engine::arena_pool(&engine::demo_realm());
    assert!(pool.len() >= 6, "the demo has an arena");
    let rev_before = scalar(
        &db,
        "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'server_rev'",
    )
    .await;

    // Every request waits behind a held connection, so all of them form one group.
    let release = hold_connection(&db).await;
    let mut sent = Vec::new();
    let handles: Vec<_> = (0..REQUESTS)
        .map(|i| {
            // Three votes a request over overlapping pairs, so the order they apply in matters.
            let p = |k: usize| pool[(i + k) % pool.len()].photo_id;
            let pairs = [(p(0), p(1)), (p(2), p(0)), (p(1), p(3))];
            sent.push((voters[i].id.clone(), pairs));
            let (app, req) = (app.clone(), batch(&voters[i], &pairs));
            actix_web::rt::spawn(async move { send(&*app, req).await })
        })
        .collect();
    until_waiting(&db, REQUESTS).await;
    release.send(()).unwrap();
    for h in handles {
        let (status, res) = h.await.unwrap();
        assert_eq!(status, 200, "{res}");
        let results = res["results"].as_array().unwrap();
        assert_eq!(results.len(), 3);
        assert!(results.iter().all(|r| r["counted"] == true), "{res}");
    }
    let rev_after = scalar(
        &db,
        "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'server_rev'",
    )
    .await;
    assert_eq!(
        rev_after,
        rev_before + 1,
        "one transaction for all the requests"
    );

    // Each request's votes are stored exactly once, and together in the order they were sent
    // within the request.
    let stored = stored_votes(&path);
    assert_eq!(stored.len(), REQUESTS * 3);
    for (voter, pairs) in &sent {
        let mine: Vec<(u64, u64)> = stored
            .iter()
            .filter(|v| &v.0 == voter)
            .map(|v| (v.1, v.2))
            .collect();
        assert_eq!(mine, pairs.to_vec(), "{voter}");
    }
    // The ratings are the arrival-order fold of the stored votes through engine's Elo.
    let counted: Vec<(u64, u64)> = stored.iter().map(|v| (v.1, v.2)).collect();
    let expected = replayed(&counted);
    let live = db.realm().await.unwrap();
    for r in &pool {
        assert_eq!(live.rating_of(r.photo_id), expected.rating_of(r.photo_id));
    }

    // Restart on the same file: everything acknowledged is there.
    drop(app);
    drop(db);
    let (db, report) = Db::open(&path).unwrap();
    assert!(!report.seeded);
    let reopened = db.realm().await.unwrap();
    for r in &pool {
        assert_eq!(
            reopened.rating_of(r.photo_id),
            expected.rating_of(r.photo_id)
        );
    }
    let counted = db.counted_votes(0, 1000).await.unwrap();
    assert_eq!(counted.votes.len(), REQUESTS * 3);
    assert_eq!(counted.next, None, "one page holds them all");
}

#[actix_web::test]
async fn votes_arriving_while_a_commit_is_written_are_all_applied_once() {
    // No held connection: requests race the writer and form groups of whatever size they do.
    const REQUESTS: usize = 60;
    let (dir, st) = state_with(open_limits());
    let db = st.db.clone();
    let voters: Vec<Voter> = (0..REQUESTS).map(|_| Voter::new(&st)).collect();
    let app = Rc::new(app(st).await);
    let pool = engine::arena_pool(&engine::demo_realm());
    let handles: Vec<_> = (0..REQUESTS)
        .map(|i| {
            let pair = (pool[i % 5].photo_id, pool[5 + i % 3].photo_id);
            let (app, req) = (app.clone(), batch(&voters[i], &[pair]));
            actix_web::rt::spawn(async move { send(&*app, req).await })
        })
        .collect();
    for h in handles {
        let (status, res) = h.await.unwrap();
        assert_eq!(status, 200, "{res}");
        assert_eq!(res["results"][0]["counted"], true, "{res}");
    }
    let stored = stored_votes(&dir.path().join("realm.db"));
    assert_eq!(stored.len(), REQUESTS);
    let mut voters: Vec<&str> = stored.iter().map(|v| v.0.as_str()).collect();
    voters.sort_unstable();
    voters.dedup();
    assert_eq!(voters.len(), REQUESTS, "each request's vote once");
    let counted: Vec<(u64, u64)> = stored.iter().map(|v| (v.1, v.2)).collect();
    let expected = replayed(&counted);
    let live = db.realm().await.unwrap();
    for r in &pool {
        assert_eq!(live.rating_of(r.photo_id), expected.rating_of(r.photo_id));
    }
}

#[actix_web::test]
async fn a_failed_group_commit_answers_every_request_with_an_error_and_writes_nothing() {
    const GOOD: usize = 8;
    let (dir, st) = state_with(open_limits());
    let path = dir.path().join("realm.db");
    let db = st.db.clone();
    let voters: Vec<Voter> = (0..=GOOD).map(|_| Voter::new(&st)).collect();
    let poison = voters[GOOD / 2].id.clone();
    let app = Rc::new(app(st).await);
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b) = (pool[0].photo_id, pool[1].photo_id);
    // A real SQL failure part-way through the group: a trigger (on this connection only, not
    // stored in the file) refuses one voter's vote after earlier requests' votes were inserted.
    db.call(move |c| {
        c.execute_batch(&format!(
            "CREATE TEMP TRIGGER poison BEFORE INSERT ON main.votes
             WHEN NEW.voter = '{poison}' BEGIN SELECT RAISE(ABORT, 'poisoned vote'); END;"
        ))?;
        Ok(())
    })
    .await
    .unwrap();
    let rev_before = scalar(
        &db,
        "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'server_rev'",
    )
    .await;
    let realm_before = db.realm().await.unwrap();

    let release = hold_connection(&db).await;
    let handles: Vec<_> = (0..=GOOD)
        .map(|i| {
            let (app, req) = (app.clone(), batch(&voters[i], &[(a, b)]));
            actix_web::rt::spawn(async move { send(&*app, req).await })
        })
        .collect();
    until_waiting(&db, GOOD + 1).await;
    release.send(()).unwrap();
    for h in handles {
        let (status, res) = h.await.unwrap();
        assert_eq!(status, 500, "{res}");
        assert_eq!(res["error"]["code"], "internal", "{res}");
    }
    assert!(
        stored_votes(&path).is_empty(),
        "no vote of the group is kept"
    );
    assert_eq!(
        scalar(
            &db,
            "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'server_rev'"
        )
        .await,
        rev_before
    );
    assert_eq!(db.realm().await.unwrap().ratings, realm_before.ratings);

    // The writer carries on: once the cause is gone the same votes go through.
    db.call(|c| Ok(c.execute_batch("DROP TRIGGER temp.poison")?))
        .await
        .unwrap();
    let (status, res) = send(&*app, batch(&voters[0], &[(a, b)])).await;
    assert_eq!(status, 200, "{res}");
    assert_eq!(res["results"][0]["counted"], true, "{res}");
    let mut w = realm_before.rating_of(a);
    let mut l = realm_before.rating_of(b);
    engine::judge(&mut w, &mut l);
    assert_eq!(db.realm().await.unwrap().rating_of(a), w);
    assert_eq!(stored_votes(&path).len(), 1);
}
