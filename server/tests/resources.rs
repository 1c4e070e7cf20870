//! Uploaded images (photos, unique items, war machines), Realm History and backups.

mod common;

use actix_web::body::MessageBody;
use actix_web::test::{self, TestRequest};
use common::{app, battle_ref, keyed, send, state, TestApp, Voter};
use serde_json::{json, Value};
use std::future::poll_fn;
use std::pin::Pin;

#[actix_web::test]
async fn an_image_is_sniffed_stored_and_served_with_caching() {
    let png = common::png(16, 12);
    let (_dir, st) = state();
    let app = app(st).await;
    let (_, doc) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let id = doc["photos"][0]["id"].as_u64().unwrap();
    let uri = format!("/api/photos/{id}/image");
    // The content type claims PNG but the bytes are not an image.
    let (status, err) = send(
        &app,
        keyed(TestRequest::put().uri(&uri))
            .insert_header(("Content-Type", "image/png"))
            .set_payload("GIF89a..."),
    )
    .await;
    assert_eq!(status, 415, "{err}");
    let big = vec![0xFFu8; 5 * 1024 * 1024 + 1];
    let (status, _) = send(&app, keyed(TestRequest::put().uri(&uri)).set_payload(big)).await;
    assert_eq!(status, 413);
    let (status, _) = send(
        &app,
        keyed(TestRequest::put().uri("/api/photos/4242424242/image")).set_payload(png.clone()),
    )
    .await;
    assert_eq!(status, 404);
    let (status, err) = send(
        &app,
        keyed(TestRequest::put().uri(&uri))
            .set_payload(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR cut".to_vec()),
    )
    .await;
    assert_eq!(
        status, 415,
        "a PNG's signature on bytes that are no picture: {err}"
    );
    assert_eq!(err["error"]["code"], "unreadable_image");
    let (status, _) = send(
        &app,
        keyed(TestRequest::put().uri(&uri)).set_payload(png.clone()),
    )
    .await;
    assert_eq!(status, 204);
    let res = test::call_service(&app, TestRequest::get().uri(&uri).to_request()).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers().get("content-type").unwrap(), "image/png");
    assert!(res
        .headers()
        .get("cache-control")
        .unwrap()
        .to_str()
        .unwrap()
        .contains("no-cache"));
    let etag = res
        .headers()
        .get("etag")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(test::read_body(res).await, png);
    let res = test::call_service(
        &app,
        TestRequest::get()
            .uri(&uri)
            .insert_header(("If-None-Match", etag.as_str()))
            .to_request(),
    )
    .await;
    assert_eq!(res.status(), 304);
    assert!(test::read_body(res).await.is_empty());
    // The list names exactly the photo with an image, with the tag the image is served with.
    let (status, list) = send(&app, TestRequest::get().uri("/api/photos/images")).await;
    assert_eq!(status, 200);
    assert_eq!(list, json!({"images": [{"photo": id, "etag": etag}]}));
}

#[actix_web::test]
async fn a_big_photo_is_shown_at_display_size_and_the_original_kept() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let app = app(st).await;
    let (_, doc) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let id = doc["photos"][1]["id"].as_u64().unwrap();
    let original = common::png(1600, 1200);
    let (status, _) = send(
        &app,
        keyed(TestRequest::put().uri(&format!("/api/photos/{id}/image")))
            .set_payload(original.clone()),
    )
    .await;
    assert_eq!(status, 204);
    let display = format!("/api/photos/{id}/display");
    let res = test::call_service(&app, TestRequest::get().uri(&display).to_request()).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers().get("content-type").unwrap(), "image/jpeg");
    let etag = res
        .headers()
        .get("etag")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    let shown = test::read_body(res).await;
    let img = image::load_from_memory(&shown).unwrap();
    assert_eq!((img.width(), img.height()), (480, 360));
    assert!(shown.len() < 60 * 1024 && shown.len() < original.len());
    let res = test::call_service(
        &app,
        TestRequest::get()
            .uri(&display)
            .insert_header(("If-None-Match", etag.as_str()))
            .to_request(),
    )
    .await;
    assert_eq!(res.status(), 304);
    let res = test::call_service(
        &app,
        TestRequest::get()
            .uri(&format!("/api/photos/{id}/image"))
            .to_request(),
    )
    .await;
    assert_eq!(
        test::read_body(res).await,
        original,
        "the original, as uploaded"
    );

    // An image stored before display images were kept gets one on its first request.
    db.call(move |c| {
        c.execute(
            "UPDATE images SET display = NULL, display_etag = '' WHERE kind = 'photo' AND id = ?1",
            [id as i64],
        )?;
        Ok(())
    })
    .await
    .unwrap();
    let res = test::call_service(&app, TestRequest::get().uri(&display).to_request()).await;
    assert_eq!(res.status(), 200);
    let again = test::read_body(res).await;
    assert_eq!(again, shown, "derived again, the same");
    let kept: bool = db
        .call(move |c| {
            Ok(c.query_row(
                "SELECT display IS NOT NULL FROM images WHERE kind = 'photo' AND id = ?1",
                [id as i64],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap();
    assert!(kept, "and kept for the next request");
    let (status, _) = send(
        &app,
        TestRequest::get().uri("/api/photos/4242424242/display"),
    )
    .await;
    assert_eq!(status, 404);
}

/// A unique item and a war machine kind take pictures through the same checks as a photo; the
/// list names each with its kind; a kind that has no images is refused naming `kind`; a deleted
/// record's picture is no longer listed.
#[actix_web::test]
async fn unique_items_and_war_machines_have_pictures_too() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (_, mut doc) = send(&app, TestRequest::get().uri("/api/realm")).await;
    // A unique item nobody carries, so it can be removed at the end.
    let unique = 999_999;
    let mut relic = doc["unique_items"][0].clone();
    relic["id"] = unique.into();
    relic["name"] = "Test relic".into();
    doc["unique_items"].as_array_mut().unwrap().push(relic);
    let (status, err) = send(
        &app,
        keyed(TestRequest::put().uri("/api/realm")).set_json(&doc),
    )
    .await;
    assert_eq!(status, 200, "{err}");
    let machine = doc["machine_kinds"][0]["id"].as_u64().unwrap();
    let picture = common::png(900, 600);
    for (kind, id) in [("unique_item", unique), ("machine_kind", machine)] {
        let uri = format!("/api/images/{kind}/{id}");
        let (status, _) = send(
            &app,
            TestRequest::put().uri(&uri).set_payload(picture.clone()),
        )
        .await;
        assert_eq!(status, 401, "{kind}: uploads need the editor key");
        let (status, err) = send(
            &app,
            keyed(TestRequest::put().uri(&uri)).set_payload("GIF89a..."),
        )
        .await;
        assert_eq!(status, 415, "{kind}: {err}");
        let (status, _) = send(
            &app,
            keyed(TestRequest::put().uri(&format!("/api/images/{kind}/4242424242")))
                .set_payload(picture.clone()),
        )
        .await;
        assert_eq!(status, 404, "{kind}: no such record");
        let (status, _) = send(
            &app,
            keyed(TestRequest::put().uri(&uri)).set_payload(picture.clone()),
        )
        .await;
        assert_eq!(status, 204, "{kind}");
        let res = test::call_service(&app, TestRequest::get().uri(&uri).to_request()).await;
        assert_eq!(res.status(), 200);
        assert_eq!(test::read_body(res).await, picture, "{kind}: the original");
        let res = test::call_service(
            &app,
            TestRequest::get()
                .uri(&format!("{uri}/display"))
                .to_request(),
        )
        .await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers().get("content-type").unwrap(), "image/jpeg");
        let shown = image::load_from_memory(&test::read_body(res).await).unwrap();
        assert_eq!((shown.width(), shown.height()), (480, 320), "{kind}");
    }
    let (status, list) = send(&app, TestRequest::get().uri("/api/images")).await;
    assert_eq!(status, 200);
    let listed: Vec<(String, u64)> = list["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["kind"].as_str().unwrap().to_string(),
                t["id"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        vec![
            ("machine_kind".to_string(), machine),
            ("unique_item".to_string(), unique)
        ]
    );
    let (status, photos) = send(&app, TestRequest::get().uri("/api/photos/images")).await;
    assert_eq!(status, 200);
    assert_eq!(
        photos,
        json!({"images": []}),
        "the photo list holds photos only"
    );

    let (status, err) = send(
        &app,
        keyed(TestRequest::put().uri("/api/images/faction/1")).set_payload(picture.clone()),
    )
    .await;
    assert_eq!(status, 400, "{err}");
    assert_eq!(err["error"]["field"], "kind");
    let (status, err) = send(&app, TestRequest::get().uri("/api/images/faction/1")).await;
    assert_eq!(
        (status, err["error"]["field"].as_str()),
        (400, Some("kind"))
    );

    // The unique item goes: its picture is no longer listed.
    let mut body = doc.clone();
    body["unique_items"]
        .as_array_mut()
        .unwrap()
        .retain(|u| u["id"] != unique);
    let (status, err) = send(
        &app,
        keyed(TestRequest::put().uri("/api/realm")).set_json(&body),
    )
    .await;
    assert_eq!(status, 200, "{err}");
    let (_, list) = send(&app, TestRequest::get().uri("/api/images")).await;
    assert_eq!(
        list["images"],
        json!([{"kind": "machine_kind", "id": machine, "etag": list["images"][0]["etag"]}])
    );
}

/// A battle by reference on the realm as seeded (counter 1), and the record the engine makes of
/// it: what the server must store.
fn battle(id: u64, ts: i64, system: engine::BattleSystem, a: u64, d: u64) -> (Value, Value) {
    let seed = id * 7919;
    let record = engine::fight(&engine::demo_realm(), a, d, system, seed).unwrap();
    (
        battle_ref(id, ts, 1, system, a, d, seed),
        serde_json::to_value(record).unwrap(),
    )
}

fn winner(record: &Value) -> &str {
    record["winner"].as_str().unwrap()
}

async fn post(app: &impl TestApp, body: &Value) -> (u16, Value) {
    send(app, TestRequest::post().uri("/api/history").set_json(body)).await
}

#[actix_web::test]
async fn history_appends_lists_with_filters_and_tallies_and_reads_one() {
    use engine::BattleSystem::{V1, V2};
    let (_dir, st) = state();
    let app = app(st).await;
    // The server's clock clamps a timestamp to [the revision's time, now]: these are all later
    // than the seed and earlier than the posts.
    let t0 = server::db::now_ms();
    std::thread::sleep(std::time::Duration::from_millis(40));
    let battles = [
        battle(1, t0 + 10, V1, 1, 2),
        battle(2, t0 + 20, V2, 2, 3),
        battle(3, t0 + 30, V2, 1, 3),
    ];
    for (b, _) in &battles {
        let (status, res) = post(&app, b).await;
        assert_eq!(status, 201, "{res}");
    }
    let (status, err) = post(&app, &battles[0].0).await;
    assert_eq!(status, 409, "append-only: {err}");
    let mut unknown = battles[1].0.clone();
    unknown["id"] = json!(9);
    unknown["system"] = json!("v9");
    let (status, err) = post(&app, &unknown).await;
    assert_eq!(status, 400);
    assert_eq!(err["error"]["field"], "system");
    let (_, all) = send(&app, TestRequest::get().uri("/api/history")).await;
    let ids: Vec<u64> = all["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [3, 2, 1]);
    let wins = |sys: &str, side: &str| {
        battles
            .iter()
            .filter(|(b, r)| b["system"] == sys && winner(r) == side)
            .count()
    };
    assert_eq!(
        all["tallies"],
        json!([
            {"system": "v1", "battles": 1, "attacker_wins": wins("v1", "attacker"), "defender_wins": wins("v1", "defender")},
            {"system": "v2", "battles": 2, "attacker_wins": wins("v2", "attacker"), "defender_wins": wins("v2", "defender")}
        ])
    );
    let (_, f) = send(
        &app,
        TestRequest::get().uri(&format!("/api/history?faction=1&from={}", t0 + 25)),
    )
    .await;
    assert_eq!(f["entries"].as_array().unwrap().len(), 1);
    assert_eq!(f["entries"][0]["id"], 3);
    let (_, s) = send(
        &app,
        TestRequest::get().uri(&format!("/api/history?system=v2&to={}", t0 + 25)),
    )
    .await;
    assert_eq!(s["entries"][0]["id"], 2);
    let (status, _) = send(&app, TestRequest::get().uri("/api/history?colour=red")).await;
    assert_eq!(status, 400);
    let (_, one) = send(&app, TestRequest::get().uri("/api/history/2")).await;
    assert_eq!(
        one["record"], battles[1].1,
        "the server's own fight is stored"
    );
    assert_eq!(one["timestamp"], t0 + 20);
    let (status, _) = send(&app, TestRequest::get().uri("/api/history/77")).await;
    assert_eq!(status, 404);
}

/// A battle by reference is stored as the engine fights it on the realm at that revision; a record
/// sent with it must be that record; an unknown field is named.
#[actix_web::test]
async fn a_battle_by_reference_is_fought_by_the_server_and_a_record_sent_must_match() {
    let (_dir, st) = state();
    let app = app(st).await;
    let now = server::db::now_ms();
    let (reference, record) = battle(8, now, engine::BattleSystem::Olympia, 1, 3);
    let (status, res) = post(&app, &reference).await;
    assert_eq!(status, 201, "{res}");
    let (_, stored) = send(&app, TestRequest::get().uri("/api/history/8")).await;
    assert_eq!(stored["record"], record);
    // The reference with the client's own record: equal, so taken.
    let (mut with_record, record) = battle(9, now, engine::BattleSystem::V2, 1, 3);
    with_record["record"] = record.clone();
    let (status, res) = post(&app, &with_record).await;
    assert_eq!(status, 201, "{res}");
    // The record alone, as input only: the reference's fields come from it.
    let (_, record10) = battle(10, now, engine::BattleSystem::V1, 2, 3);
    let mut input_only = json!({"id": 10, "timestamp": now, "source": "map", "fought_on": 1});
    input_only["record"] = json!({"input": record10["input"]});
    let (status, res) = post(&app, &input_only).await;
    assert_eq!(status, 201, "{res}");
    // Unknown fields are named.
    let mut extra = reference.clone();
    extra["id"] = json!(11);
    extra["note"] = json!("x");
    let (status, err) = post(&app, &extra).await;
    assert_eq!(status, 400, "{err}");
    assert_eq!(err["error"]["field"], "note");
    // A wrong winner sent with it is forged, named by its path.
    let mut wrong = with_record.clone();
    wrong["id"] = json!(12);
    wrong["record"]["winner"] = json!(if winner(&record) == "attacker" {
        "defender"
    } else {
        "attacker"
    });
    let (status, err) = post(&app, &wrong).await;
    assert_eq!(status, 422, "{err}");
    assert_eq!(err["error"]["code"], "forged");
    assert_eq!(err["error"]["field"], "record.winner");
}

#[actix_web::test]
async fn a_forged_battle_is_refused_and_nothing_is_written() {
    let (_dir, st) = state();
    let app = app(st).await;
    let now = server::db::now_ms();
    let (reference, record) = battle(5, now, engine::BattleSystem::V2, 1, 9);
    let mut honest = reference.clone();
    honest["record"] = record.clone();
    // Claim the other side won.
    let mut flipped = honest.clone();
    let other = if winner(&record) == "attacker" {
        "defender"
    } else {
        "attacker"
    };
    flipped["record"]["winner"] = json!(other);
    flipped["record"]["outcome"]["winner"] = json!(other);
    // Or pad the surviving score.
    let mut padded = honest.clone();
    let score = padded["record"]["outcome"]["score_a"].as_f64().unwrap();
    padded["record"]["outcome"]["score_a"] = json!(score + 1.0);
    // Or double a faction's Power in the set-up.
    let mut stronger = honest.clone();
    let power = stronger["record"]["input"]["setup"]["strength_a"]
        .as_f64()
        .unwrap();
    stronger["record"]["input"]["setup"]["strength_a"] = json!(power * 2.0);
    refused_then_taken(&app, [flipped, padded, stronger], &honest, 0, "v2").await;
}

/// Sends each forgery (422 `forged`), checks the history still holds `kept` entries, then sends the
/// honest record and sees it stored (201).
async fn refused_then_taken(
    app: &impl TestApp,
    forgeries: [serde_json::Value; 3],
    honest: &serde_json::Value,
    kept: usize,
    what: &str,
) {
    for forged in forgeries {
        let (status, err) = post(app, &forged).await;
        assert_eq!(status, 422, "{what}: {err}");
        assert_eq!(err["error"]["code"], "forged");
        assert!(
            err["error"]["field"]
                .as_str()
                .unwrap()
                .starts_with("record."),
            "{err}"
        );
    }
    let (_, all) = send(app, TestRequest::get().uri("/api/history")).await;
    assert_eq!(
        all["entries"].as_array().unwrap().len(),
        kept,
        "{what}: nothing forged was kept"
    );
    let (status, res) = post(app, honest).await;
    assert_eq!(status, 201, "{what}: {res}");
}

/// Reads a response body chunk by chunk, as a client receives it; returns the chunks.
async fn chunks(res: actix_web::dev::ServiceResponse) -> Vec<actix_web::web::Bytes> {
    let mut body = res.into_body();
    let mut out = Vec::new();
    while let Some(chunk) = poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await {
        out.push(chunk.unwrap());
    }
    out
}

/// The staged backups left in `dir`.
fn staged(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".backup-"))
        .collect()
}

/// One number from a database file, read by a connection of its own.
fn count(path: &std::path::Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

#[actix_web::test]
async fn a_backup_streams_a_valid_copy_holding_the_data_and_leaves_no_file() {
    let (dir, st) = state();
    let db_path = dir.path().join("realm.db");
    let voter = Voter::new(&st);
    let app = app(st).await;
    // Data beyond the seed: a vote.
    let pool = engine::arena_pool(&engine::demo_realm());
    let (status, res) = send(
        &app,
        TestRequest::post()
            .uri("/api/votes")
            .set_json(voter.batch(vec![voter.vote(pool[0].photo_id, pool[1].photo_id)])),
    )
    .await;
    assert_eq!(status, 200, "{res}");

    let res = test::call_service(
        &app,
        keyed(TestRequest::get().uri("/api/backup")).to_request(),
    )
    .await;
    assert_eq!(res.status(), 200);
    let header = |name: &str| {
        res.headers()
            .get(name)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(header("content-type"), "application/vnd.sqlite3");
    // The length is known up front, so the dispatcher sends it as Content-Length.
    let actix_web::body::BodySize::Sized(announced) = res.response().body().size() else {
        panic!("the backup's length is announced");
    };
    let parts = chunks(res).await;
    assert!(
        parts.len() > 1
            && parts
                .iter()
                .all(|c| c.len() <= server::temp_download::CHUNK),
        "sent in chunks of at most {} bytes, not one buffer: {} chunk(s)",
        server::temp_download::CHUNK,
        parts.len()
    );
    let bytes: Vec<u8> = parts.concat();
    assert_eq!(bytes.len() as u64, announced);
    assert!(bytes.starts_with(b"SQLite format 3\0"));
    assert!(staged(dir.path()).is_empty(), "the staged copy is deleted");

    let copy = dir.path().join("copy.db");
    std::fs::write(&copy, &bytes).unwrap();
    let check: String = rusqlite::Connection::open(&copy)
        .unwrap()
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    for sql in [
        "SELECT COUNT(*) FROM records WHERE deleted = 0",
        "SELECT COUNT(*) FROM votes WHERE counted = 1",
        "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'server_rev'",
    ] {
        assert_eq!(count(&copy, sql), count(&db_path, sql), "{sql}");
    }
    assert_eq!(count(&copy, "SELECT COUNT(*) FROM votes"), 1);
    let (db, report) = server::db::Db::open(&copy).unwrap();
    assert!(!report.seeded, "the copy carries the data");
    let original = server::db::Db::open(&db_path).unwrap().0;
    assert_eq!(db.stats().await.unwrap(), original.stats().await.unwrap());

    let cli_copy = dir.path().join("cli.db");
    server::db::Db::backup_file(&db_path, &cli_copy).unwrap();
    assert_eq!(
        server::db::Db::open(&cli_copy)
            .unwrap()
            .0
            .stats()
            .await
            .unwrap(),
        original.stats().await.unwrap()
    );
}

#[actix_web::test]
async fn an_abandoned_backup_download_leaves_no_file() {
    let (dir, st) = state();
    let app = app(st).await;
    let res = test::call_service(
        &app,
        keyed(TestRequest::get().uri("/api/backup")).to_request(),
    )
    .await;
    assert_eq!(res.status(), 200);
    let mut body = res.into_body();
    let first = poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await;
    assert!(first.is_some_and(|c| c.is_ok()));
    assert_eq!(staged(dir.path()).len(), 1, "staged while it is sent");
    drop(body);
    assert!(
        staged(dir.path()).is_empty(),
        "deleted when the client went away"
    );
}

/// Warfare, Olympia and Střet armád battles from the map are verified exactly as V1 and V2: a
/// flipped winner, or a record claiming another system than it was fought under, is refused with
/// 422 and nothing is written; the genuine ones are stored, listed and tallied under their names.
#[actix_web::test]
async fn further_systems_are_verified_stored_and_tallied_by_name() {
    use engine::BattleSystem::{MassBattle, Olympia, Warfare};
    let (_dir, st) = state();
    let app = app(st).await;
    let systems = [
        (Warfare, "warfare"),
        (Olympia, "olympia"),
        (MassBattle, "mass_battle"),
    ];
    let now = server::db::now_ms();
    for (k, (system, _)) in systems.into_iter().enumerate() {
        let (mut honest, record) = battle(20 + k as u64, now - 100 + k as i64, system, 1, 9);
        honest["record"] = record.clone();
        let other = if winner(&record) == "attacker" {
            "defender"
        } else {
            "attacker"
        };
        let mut flipped = honest.clone();
        flipped["record"]["winner"] = json!(other);
        flipped["record"]["outcome"]["winner"] = json!(other);
        // The same outcome claimed under another system's rules.
        let mut relabelled = honest.clone();
        let (_, elsewhere) = systems[(k + 1) % 3];
        relabelled["record"]["input"]["system"] = json!(elsewhere);
        let mut reseeded = honest.clone();
        reseeded["record"]["input"]["seed"] = json!(12345);
        let what = format!("{system:?}");
        refused_then_taken(&app, [flipped, relabelled, reseeded], &honest, k, &what).await;
        let (status, back) = send(
            &app,
            TestRequest::get().uri(&format!("/api/history/{}", 20 + k)),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            back["record"], record,
            "the server's own fight, equal to the sent one"
        );
    }
    let (_, all) = send(&app, TestRequest::get().uri("/api/history")).await;
    let listed: Vec<&str> = all["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["system"].as_str().unwrap())
        .collect();
    assert_eq!(
        listed,
        ["mass_battle", "olympia", "warfare"],
        "newest first"
    );
    let tallies = all["tallies"].as_array().unwrap();
    let mut named: Vec<&str> = tallies
        .iter()
        .map(|t| t["system"].as_str().unwrap())
        .collect();
    named.sort_unstable();
    assert_eq!(named, ["mass_battle", "olympia", "warfare"]);
    for t in tallies {
        assert_eq!(t["battles"], 1);
    }
    let (_, only) = send(&app, TestRequest::get().uri("/api/history?system=olympia")).await;
    assert_eq!(only["entries"].as_array().unwrap().len(), 1);
}
