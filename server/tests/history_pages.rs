//! Realm History at any size: the listing pages through every record without gaps or repeats
//! while battles are appended, the tallies and a faction's running record equal a full count over
//! every record, the export holds them all, and records stored before compression or before
//! dictionaries still read.

mod common;

use actix_web::test::{self, TestRequest};
use common::{app, send, state, TestApp};
use engine::wire::{faction_tallies, running_record, HistoryEntry, HistoryListing};
use engine::{Rng, SplitMix64};
use server::db::history::Head;
use server::db::Db;

const SYSTEMS: [&str; 3] = ["v1", "v2", "warfare"];

/// Appends `n` records with ids from `first`, at times from `t0` on, between factions 1–5.
async fn append(db: &Db, rng: &mut SplitMix64, first: u64, n: u64, t0: i64) -> Vec<HistoryEntry> {
    let mut out = Vec::new();
    for k in 0..n {
        let attacker = 1 + rng.next_u64() % 5;
        let defender = 1 + (attacker + rng.next_u64() % 4) % 5;
        let e = HistoryEntry {
            id: first + k,
            // Some records share a time: the id breaks the tie.
            timestamp: t0 + (k as i64) / 2,
            system: SYSTEMS[(rng.next_u64() % 3) as usize].to_string(),
            attacker,
            defender,
            winner: if rng.next_u64().is_multiple_of(2) {
                "attacker"
            } else {
                "defender"
            }
            .to_string(),
        };
        let head = Head {
            id: e.id,
            timestamp: e.timestamp,
            system: e.system.clone(),
            attacker,
            defender,
            winner: if e.attacker_won() {
                "attacker"
            } else {
                "defender"
            },
        };
        let body = serde_json::to_string(&e).unwrap();
        db.append_history(head, db.packer().pack(&body).unwrap(), None)
            .await
            .unwrap();
        out.push(e);
    }
    out
}

async fn listing(app: &impl TestApp, query: &str) -> HistoryListing {
    let (status, body) = send(
        app,
        TestRequest::get().uri(&format!("/api/history?{query}")),
    )
    .await;
    assert_eq!(status, 200, "{query}: {body}");
    serde_json::from_value(body).unwrap()
}

#[actix_web::test]
async fn tallies_and_the_running_record_equal_a_full_count_over_every_record() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let app = app(st).await;
    let mut rng = SplitMix64::new(5);
    let mut all = append(&db, &mut rng, 1, 300, 1_000).await;
    for round in 0..3 {
        let mut newest_first = all.clone();
        newest_first.sort_by_key(|e| std::cmp::Reverse((e.timestamp, e.id)));
        let first = listing(&app, "limit=10").await;
        assert_eq!(first.entries, newest_first[..10], "round {round}");
        assert_eq!(first.battles, all.len() as u64);
        assert_eq!(first.factions, faction_tallies(&all));
        let per_system: u64 = first.tallies.iter().map(|t| t.battles).sum();
        assert_eq!(per_system, all.len() as u64);
        for t in &first.tallies {
            let of: Vec<&HistoryEntry> = all.iter().filter(|e| e.system == t.system).collect();
            assert_eq!(t.battles, of.len() as u64);
            assert_eq!(
                t.attacker_wins,
                of.iter().filter(|e| e.attacker_won()).count() as u64
            );
        }
        // By system alone (read from the kept counts too).
        let v2: Vec<HistoryEntry> = all.iter().filter(|e| e.system == "v2").cloned().collect();
        let s = listing(&app, "system=v2&limit=4").await;
        assert_eq!(s.battles, v2.len() as u64);
        assert_eq!(s.factions, faction_tallies(&v2));
        // Filtered: the counts are over every match, not the page.
        let (from, to) = (1_040, 1_120);
        let matching: Vec<HistoryEntry> = all
            .iter()
            .filter(|e| {
                (e.attacker == 2 || e.defender == 2) && e.timestamp >= from && e.timestamp < to
            })
            .cloned()
            .collect();
        let f = listing(&app, &format!("faction=2&from={from}&to={to}&limit=3")).await;
        assert_eq!(f.battles, matching.len() as u64);
        assert_eq!(f.factions, faction_tallies(&matching));
        assert_eq!(f.record, running_record(&matching, 2));
        // More battles arrive; the next round counts them too.
        all.extend(
            append(
                &db,
                &mut rng,
                1_000 + round * 100,
                100,
                2_000 + round as i64 * 100,
            )
            .await,
        );
    }
}

#[actix_web::test]
async fn a_long_running_record_is_thinned_keeping_its_last_point() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let app = app(st).await;
    let mut rng = SplitMix64::new(8);
    let all = append(&db, &mut rng, 1, 2_500, 0).await;
    let full = running_record(&all, 1);
    let sent = listing(&app, "faction=1&limit=1").await.record;
    assert!(
        sent.len() <= server::db::history::RECORD_POINTS,
        "{}",
        sent.len()
    );
    assert_eq!(sent.last(), full.last());
    assert!(
        sent.iter().all(|p| full.contains(p)),
        "every point sent is a real one"
    );
}

#[actix_web::test]
async fn paging_while_battles_are_appended_has_no_gaps_and_no_repeats() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let app = app(st).await;
    let mut rng = SplitMix64::new(11);
    let before = append(&db, &mut rng, 1, 230, 10_000).await;
    let mut seen: Vec<u64> = Vec::new();
    let mut cursor: Option<String> = None;
    let mut next_id = 5_000;
    loop {
        let query = match &cursor {
            Some(c) => format!("limit=7&before={c}"),
            None => "limit=7".to_string(),
        };
        let page = listing(&app, &query).await;
        if cursor.is_some() {
            assert!(
                page.tallies.is_empty(),
                "tallies come with the first page only"
            );
        }
        seen.extend(page.entries.iter().map(|e| e.id));
        // Newer battles land between the pages.
        append(&db, &mut rng, next_id, 3, 50_000 + next_id as i64).await;
        next_id += 3;
        match page.next {
            Some(n) => cursor = Some(n),
            None => break,
        }
    }
    let mut want: Vec<u64> = before.iter().map(|e| e.id).collect();
    want.sort_unstable();
    let mut got = seen.clone();
    got.sort_unstable();
    got.dedup();
    assert_eq!(got.len(), seen.len(), "no record twice");
    assert_eq!(got, want, "every record that was there when paging began");
}

#[actix_web::test]
async fn the_export_streams_every_matching_record() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let app = app(st).await;
    let mut rng = SplitMix64::new(3);
    let all = append(&db, &mut rng, 1, 2_345, 0).await;
    let req = TestRequest::get()
        .uri("/api/history/export?format=json")
        .to_request();
    let res = test::call_service(&app, req).await;
    assert_eq!(res.status(), 200);
    let body = test::read_body(res).await;
    let rows: Vec<HistoryEntry> = serde_json::from_slice(&body).unwrap();
    let mut newest_first = all.clone();
    newest_first.sort_by_key(|e| std::cmp::Reverse((e.timestamp, e.id)));
    assert_eq!(rows, newest_first);
    let req = TestRequest::get()
        .uri("/api/history/export?format=csv&system=v2")
        .to_request();
    let res = test::call_service(&app, req).await;
    assert_eq!(res.status(), 200);
    let csv = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
    let lines: Vec<&str> = csv.trim_end().split("\r\n").collect();
    assert_eq!(
        lines[0],
        server::routes::history_export::CSV_HEADER.trim_end()
    );
    assert_eq!(
        lines.len() - 1,
        all.iter().filter(|e| e.system == "v2").count()
    );
    let (status, err) = send(
        &app,
        TestRequest::get().uri("/api/history/export?format=xml"),
    )
    .await;
    assert_eq!(
        (status, err["error"]["field"].as_str()),
        (400, Some("format"))
    );
}

#[actix_web::test]
async fn a_record_stored_before_compression_is_served_unchanged() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let app = app(st).await;
    let old = r#"{"id":77,"timestamp":5,"source":"map","record":{"kept":"as it was","n":1.50}}"#;
    db.call(move |c| {
        c.execute(
            "INSERT INTO history (id, fought_at, system, attacker, defender, winner, body)
             VALUES (77, 5, 'v2', 1, 2, 'attacker', ?1)",
            [old],
        )?;
        Ok(())
    })
    .await
    .unwrap();
    let res =
        test::call_service(&app, TestRequest::get().uri("/api/history/77").to_request()).await;
    assert_eq!(res.status(), 200);
    assert_eq!(test::read_body(res).await, old.as_bytes(), "byte for byte");
    let page = listing(&app, "").await;
    assert_eq!(page.entries.len(), 1, "listed like any other");
}

#[actix_web::test]
async fn a_malformed_cursor_is_refused_naming_it() {
    let (_dir, st) = state();
    let app = app(st).await;
    for bad in ["abc", "12", "12.", ".5", "1.2.3", "x.5", "5.-1", "1e9.5"] {
        let (status, err) = send(
            &app,
            TestRequest::get().uri(&format!("/api/history?before={bad}")),
        )
        .await;
        assert_eq!(
            (status, err["error"]["field"].as_str()),
            (400, Some("before")),
            "before={bad}"
        );
    }
}

#[actix_web::test]
async fn a_record_packed_whole_before_dictionaries_is_served_unchanged() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let app = app(st).await;
    let old = r#"{"id":78,"timestamp":6,"source":"map","record":{"packed":"whole","n":2.50}}"#;
    let packed = zstd::bulk::compress(old.as_bytes(), 9).unwrap();
    db.call(move |c| {
        c.execute(
            "INSERT INTO history (id, fought_at, system, attacker, defender, winner, body, packed)
             VALUES (78, 6, 'v1', 2, 1, 'defender', '', ?1)",
            [packed],
        )?;
        Ok(())
    })
    .await
    .unwrap();
    let res =
        test::call_service(&app, TestRequest::get().uri("/api/history/78").to_request()).await;
    assert_eq!(res.status(), 200);
    assert_eq!(test::read_body(res).await, old.as_bytes(), "byte for byte");
}
