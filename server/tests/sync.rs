//! The sync protocol and the editor key, over a real database file.

mod common;

use actix_web::test::TestRequest;
use common::{app, keyed, revision, send, state, TestApp};
use serde_json::{json, Value};

fn push(body: Value) -> TestRequest {
    keyed(TestRequest::post().uri("/api/sync/push")).set_json(body)
}

async fn realm(app: &impl TestApp) -> Value {
    send(app, TestRequest::get().uri("/api/realm")).await.1
}

/// The first season of the demo, as a sync record body, and its revision.
async fn a_season(app: &impl TestApp) -> (Value, u64) {
    let (_, pull) = send(app, TestRequest::get().uri("/api/sync/pull?since=0")).await;
    let rec = pull["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "season")
        .unwrap()
        .clone();
    (rec["body"].clone(), rec["revision"].as_u64().unwrap())
}

fn rename(mut body: Value, name: &str) -> Value {
    body["name"] = json!(name);
    body
}

#[actix_web::test]
async fn a_retried_push_is_applied_once() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (season, rev) = a_season(&app).await;
    let id = season["id"].as_u64().unwrap();
    let req = json!({"client_id": "c1", "mutations": [
        {"mutation_id": 1, "op": "put", "kind": "season", "id": id, "base_revision": rev,
         "body": rename(season.clone(), "Renamed")}
    ]});
    let (status, first) = send(&app, push(req.clone())).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["results"][0]["status"], "applied", "{first}");
    assert_eq!(first["results"][0]["revision"], rev + 1);
    let after = realm(&app).await;
    let (_, again) = send(&app, push(req)).await;
    // The retry gets the answer the first try got, and changes nothing.
    assert_eq!(again["results"][0], first["results"][0], "{again}");
    assert_eq!(realm(&app).await, after);
    let (_, pull) = send(
        &app,
        TestRequest::get().uri(&format!(
            "/api/sync/pull?since={}",
            first["server_rev"].as_u64().unwrap() - 1
        )),
    )
    .await;
    assert_eq!(pull["records"].as_array().unwrap().len(), 1, "{pull}");
    assert_eq!(pull["records"][0]["body"]["name"], "Renamed");
}

/// A conflict whose answer was lost is answered as a conflict again when the push is retried,
/// with the record as it was then, so the client shows it instead of dropping the edit; an answer
/// older than the kept window is a bare `duplicate`.
#[actix_web::test]
async fn a_retried_conflict_is_answered_as_the_conflict_it_was() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (season, rev) = a_season(&app).await;
    let id = season["id"].as_u64().unwrap();
    let stale = json!({"client_id": "late", "mutations": [
        {"mutation_id": 1, "op": "put", "kind": "season", "id": id, "base_revision": rev - 1,
         "body": rename(season.clone(), "Mine")}
    ]});
    let (status, first) = send(&app, push(stale.clone())).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["results"][0]["status"], "conflict", "{first}");
    let (_, again) = send(&app, push(stale)).await;
    assert_eq!(again["results"][0], first["results"][0], "{again}");

    // Past the kept window, only `duplicate` is left to say.
    let keep = server::db::KEPT_RESULTS;
    let mutations: Vec<Value> = (2..=keep + 2)
        .map(|n| {
            json!({"mutation_id": n, "op": "put", "kind": "season", "id": id,
                   "base_revision": 0, "body": rename(season.clone(), "x")})
        })
        .collect();
    let (status, _) = send(
        &app,
        push(json!({"client_id": "late", "mutations": mutations})),
    )
    .await;
    assert_eq!(status, 200);
    let retry_first = json!({"client_id": "late", "mutations": [
        {"mutation_id": 1, "op": "put", "kind": "season", "id": id, "base_revision": rev - 1,
         "body": rename(season.clone(), "Mine")}
    ]});
    let (_, old) = send(&app, push(retry_first)).await;
    assert_eq!(old["results"][0]["status"], "duplicate", "{old}");
}

#[actix_web::test]
async fn a_gap_is_rejected_and_changes_nothing() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (season, rev) = a_season(&app).await;
    let id = season["id"].as_u64().unwrap();
    let before = realm(&app).await;
    let (status, res) = send(
        &app,
        push(json!({"client_id": "c1", "mutations": [
            {"mutation_id": 2, "op": "put", "kind": "season", "id": id, "base_revision": rev,
             "body": rename(season, "Skipped ahead")}
        ]})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(res["results"][0]["status"], "rejected");
    assert_eq!(res["results"][0]["error"]["code"], "gap");
    assert_eq!(realm(&app).await, before);
}

#[actix_web::test]
async fn a_stale_update_conflicts_with_the_current_record() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (season, rev) = a_season(&app).await;
    let id = season["id"].as_u64().unwrap();
    let m = |cid: &str, name: &str| {
        json!({"client_id": cid, "mutations": [
            {"mutation_id": 1, "op": "put", "kind": "season", "id": id, "base_revision": rev,
             "body": rename(season.clone(), name)}
        ]})
    };
    let (_, a) = send(&app, push(m("a", "From A"))).await;
    assert_eq!(a["results"][0]["status"], "applied");
    let (_, b) = send(&app, push(m("b", "From B"))).await;
    assert_eq!(b["results"][0]["status"], "conflict", "{b}");
    assert_eq!(b["results"][0]["current"]["body"]["name"], "From A");
    assert_eq!(b["results"][0]["current"]["revision"], rev + 1);
}

#[actix_web::test]
async fn a_tombstone_beats_a_late_offline_edit() {
    let (_dir, st) = state();
    let app = app(st).await;
    // A photo nothing refers to can be deleted: pick the last photo.
    let doc = realm(&app).await;
    let photo = doc["photos"].as_array().unwrap().last().unwrap().clone();
    let id = photo["id"].as_u64().unwrap();
    let rev = revision(&app, "photo", id).await;
    let (_, del) = send(
        &app,
        push(json!({"client_id": "a", "mutations": [
            {"mutation_id": 1, "op": "delete", "kind": "photo", "id": id, "base_revision": rev}
        ]})),
    )
    .await;
    assert_eq!(del["results"][0]["status"], "applied", "{del}");
    let mut late = photo.clone();
    late["name"] = json!("Edited offline");
    let (_, res) = send(&app, push(json!({"client_id": "b", "mutations": [
        {"mutation_id": 1, "op": "put", "kind": "photo", "id": id, "base_revision": rev, "body": late.clone()},
        {"mutation_id": 2, "op": "put", "kind": "photo", "id": id, "base_revision": null, "body": late}
    ]}))).await;
    assert_eq!(res["results"][0]["status"], "conflict", "{res}");
    assert_eq!(res["results"][0]["current"]["deleted"], true);
    assert_eq!(res["results"][1]["status"], "conflict");
    let doc = realm(&app).await;
    assert!(doc["photos"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["id"] != id));
    let (_, pull) = send(
        &app,
        TestRequest::get().uri(&format!(
            "/api/sync/pull?since={}",
            del["server_rev"].as_u64().unwrap() - 1
        )),
    )
    .await;
    assert!(
        pull["records"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == id && r["deleted"] == true),
        "{pull}"
    );
}

#[actix_web::test]
async fn invalid_bodies_are_refused_naming_the_field() {
    let (_dir, st) = state();
    let app = app(st).await;
    let doc = realm(&app).await;
    let photo = doc["photos"][0].clone();
    let id = photo["id"].as_u64().unwrap();
    let rev = revision(&app, "photo", id).await;
    let put = |i: u64, body: Value| json!({"mutation_id": i, "op": "put", "kind": "photo", "id": id, "base_revision": rev, "body": body});
    let mut wrong_type = photo.clone();
    wrong_type["name"] = json!(7);
    let mut unknown = photo.clone();
    unknown["glitter"] = json!(true);
    let mut dangling = photo.clone();
    dangling["faction"] = json!(987654321);
    let (_, res) = send(&app, push(json!({"client_id": "c", "mutations": [
        put(1, wrong_type), put(2, unknown), put(3, dangling),
        {"mutation_id": 4, "op": "put", "kind": "rating", "id": id, "base_revision": null, "body": {}}
    ]}))).await;
    let fields: Vec<&str> = (0..4)
        .map(|i| {
            assert_eq!(res["results"][i]["status"], "rejected", "{res}");
            res["results"][i]["error"]["field"].as_str().unwrap()
        })
        .collect();
    assert_eq!(fields[0], "mutations[0].body.name");
    assert_eq!(fields[1], "mutations[1].body.glitter");
    assert!(fields[2].ends_with(".faction"), "{}", fields[2]);
    assert_eq!(fields[3], "mutations[3].kind");
    assert_eq!(realm(&app).await, doc);
    // A malformed envelope is a 400 naming its field.
    let (status, err) = send(
        &app,
        push(json!({"client_id": "c", "mutations": [], "extra": 1})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(err["error"]["field"], "extra");
    let (status, err) = send(
        &app,
        push(json!({"client_id": "c", "mutations": [{"mutation_id": "one"}]})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(err["error"]["field"], "mutations[0].mutation_id");
}

#[actix_web::test]
async fn derived_stats_that_arrive_are_re_derived() {
    let (_dir, st) = state();
    let app = app(st).await;
    let doc = realm(&app).await;
    let photo = doc["photos"][0].clone();
    let id = photo["id"].as_u64().unwrap();
    let rev = revision(&app, "photo", id).await;
    let mut forged = photo.clone();
    forged["stats"]["attack_power"] = json!(99999.0);
    let (_, res) = send(&app, push(json!({"client_id": "c", "mutations": [
        {"mutation_id": 1, "op": "put", "kind": "photo", "id": id, "base_revision": rev, "body": forged}
    ]}))).await;
    assert_eq!(res["results"][0]["status"], "applied", "{res}");
    let doc = realm(&app).await;
    assert_eq!(doc["photos"][0]["stats"], photo["stats"]);
    // Editing a weapon re-derives the photos that carry it; the store then holds exactly the
    // settled realm, so importing what it exports changes nothing.
    let weapon = doc["weapons"][0].clone();
    let wid = weapon["id"].as_u64().unwrap();
    let (_, pull) = send(&app, TestRequest::get().uri("/api/sync/pull?since=0")).await;
    let wrev = pull["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "weapon" && r["id"] == wid)
        .unwrap()["revision"]
        .as_u64()
        .unwrap();
    let mut stronger = weapon.clone();
    for (_, v) in stronger.as_object_mut().unwrap().iter_mut() {
        if v.is_f64() {
            *v = json!(v.as_f64().unwrap() + 3.0)
        }
    }
    let (_, res) = send(&app, push(json!({"client_id": "c", "mutations": [
        {"mutation_id": 2, "op": "put", "kind": "weapon", "id": wid, "base_revision": wrev, "body": stronger}
    ]}))).await;
    assert_eq!(res["results"][0]["status"], "applied", "{res}");
    let doc = realm(&app).await;
    let (_, again) = send(
        &app,
        keyed(TestRequest::put().uri("/api/realm")).set_json(&doc),
    )
    .await;
    assert_eq!(
        (again["changed"].as_u64(), again["deleted"].as_u64()),
        (Some(0), Some(0)),
        "{again}"
    );
}

#[actix_web::test]
async fn an_import_replaces_the_collection_and_tombstones_what_it_lacks() {
    let (_dir, st) = state();
    let app = app(st).await;
    let mut doc = realm(&app).await;
    let (_, before) = send(&app, TestRequest::get().uri("/api/sync/pull?since=0")).await;
    let cursor = before["cursor"].as_u64().unwrap();
    let gone = doc["photos"].as_array_mut().unwrap().pop().unwrap();
    doc["seasons"][0]["name"] = json!("Imported");
    let (status, res) = send(
        &app,
        keyed(TestRequest::put().uri("/api/realm")).set_json(&doc),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    assert_eq!(res["changed"], 1, "{res}");
    assert!(res["deleted"].as_u64().unwrap() >= 1);
    let after = realm(&app).await;
    assert_eq!(after["seasons"][0]["name"], "Imported");
    assert!(after["photos"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["id"] != gone["id"]));
    let (_, pull) = send(
        &app,
        TestRequest::get().uri(&format!("/api/sync/pull?since={cursor}")),
    )
    .await;
    let recs = pull["records"].as_array().unwrap();
    assert!(recs
        .iter()
        .any(|r| r["kind"] == "photo" && r["id"] == gone["id"] && r["deleted"] == true));
    assert!(recs
        .iter()
        .any(|r| r["kind"] == "season" && r["revision"] == 2));
    // The same document again changes nothing.
    let (_, res) = send(
        &app,
        keyed(TestRequest::put().uri("/api/realm")).set_json(&doc),
    )
    .await;
    assert_eq!(
        (res["changed"].as_u64(), res["deleted"].as_u64()),
        (Some(0), Some(0))
    );
}

#[actix_web::test]
async fn a_bad_import_names_the_field_and_changes_nothing() {
    let (_dir, st) = state();
    let app = app(st).await;
    let doc = realm(&app).await;
    for (path, value, field) in [
        ("name", json!(3), "photos[2].name"),
        ("faction", json!(55555555), "photos[2].faction"),
        ("sparkle", json!(1), "photos[2].sparkle"),
    ] {
        let mut bad = doc.clone();
        bad["photos"][2][path] = value;
        let (status, err) = send(
            &app,
            keyed(TestRequest::put().uri("/api/realm")).set_json(&bad),
        )
        .await;
        assert!((400..500).contains(&status), "{status} {err}");
        assert_eq!(err["error"]["field"], field, "{err}");
    }
    assert_eq!(realm(&app).await, doc);
}

#[actix_web::test]
async fn one_push_may_chain_edits_and_an_invalid_one_is_refused_alone() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (season, rev) = a_season(&app).await;
    let id = season["id"].as_u64().unwrap();
    let doc = realm(&app).await;
    let photo = doc["photos"][0].clone();
    let pid = photo["id"].as_u64().unwrap();
    let (_, pull) = send(&app, TestRequest::get().uri("/api/sync/pull?since=0")).await;
    let prev = pull["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "photo" && r["id"] == pid)
        .unwrap()["revision"]
        .as_u64()
        .unwrap();
    let mut dangling = photo.clone();
    dangling["faction"] = json!(987654321);
    let m = |n: u64, base: u64, name: &str| {
        json!({"mutation_id": n, "op": "put", "kind": "season",
        "id": id, "base_revision": base, "body": rename(season.clone(), name)})
    };
    // All valid: chained on the revisions the push itself produces, plus a stale one.
    let (_, res) = send(
        &app,
        push(json!({"client_id": "c", "mutations": [
            m(1, rev, "One"), m(2, rev + 1, "Two"), m(3, rev, "Stale")
        ]})),
    )
    .await;
    let st: Vec<&str> = (0..3)
        .map(|i| res["results"][i]["status"].as_str().unwrap())
        .collect();
    assert_eq!(st, ["applied", "applied", "conflict"], "{res}");
    assert_eq!(res["results"][2]["current"]["body"]["name"], "Two");
    assert!(res["results"][2]["current"]["server_rev"].as_u64().unwrap() > 0);
    // One invalid among valid ones: only it is refused.
    let (_, res) = send(&app, push(json!({"client_id": "c", "mutations": [
        m(4, rev + 2, "Three"),
        {"mutation_id": 5, "op": "put", "kind": "photo", "id": pid, "base_revision": prev, "body": dangling},
        m(6, rev + 3, "Four")
    ]}))).await;
    let st: Vec<&str> = (0..3)
        .map(|i| res["results"][i]["status"].as_str().unwrap())
        .collect();
    assert_eq!(st, ["applied", "rejected", "applied"], "{res}");
    assert!(res["results"][1]["error"]["field"]
        .as_str()
        .unwrap()
        .ends_with(".faction"));
    let after = realm(&app).await;
    assert_eq!(after["photos"][0], photo);
    assert!(after["seasons"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["name"] == "Four"));
    // The store holds exactly the settled realm.
    let (_, again) = send(
        &app,
        keyed(TestRequest::put().uri("/api/realm")).set_json(&after),
    )
    .await;
    assert_eq!(
        (again["changed"].as_u64(), again["deleted"].as_u64()),
        (Some(0), Some(0))
    );
}

#[actix_web::test]
async fn the_summary_is_the_live_realms_and_follows_each_change() {
    let (_dir, st) = state();
    let app = app(st).await;
    let summary = || async {
        let (status, body) = send(&app, TestRequest::get().uri("/api/summary")).await;
        assert_eq!(status, 200, "{body}");
        serde_json::from_value::<engine::wire::MapSummary>(body).unwrap()
    };
    let live = || async {
        let realm: engine::Realm = serde_json::from_value(realm(&app).await).unwrap();
        engine::wire::MapSummary::of(&realm, common::cursor(&app).await)
    };
    let first = summary().await;
    assert_eq!(first, live().await);
    assert_eq!(summary().await, first, "asked again, the same");
    let id = first.standings[0].faction;
    let (status, res) = common::rename_faction(&app, Some(id), "Renamed For The Map").await;
    assert_eq!(status, 200, "{res}");
    let after = summary().await;
    assert!(after.cursor > first.cursor);
    let renamed = after
        .records
        .iter()
        .find(|r| r.kind == "faction" && r.id == id)
        .unwrap();
    assert_eq!(renamed.body["name"], "Renamed For The Map");
    assert_eq!(after, live().await);
}

#[actix_web::test]
async fn a_pull_to_a_browser_that_accepts_brotli_is_the_same_records_in_brotli() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (_, plain) = send(&app, TestRequest::get().uri("/api/sync/pull?since=0")).await;
    let req = TestRequest::get()
        .uri("/api/sync/pull?since=0")
        .insert_header(("accept-encoding", "gzip, deflate, br"))
        .to_request();
    let res = actix_web::test::call_service(&app, req).await;
    assert_eq!(res.status(), 200);
    let header = |h: &str| {
        res.headers()
            .get(h)
            .map(|v| v.to_str().unwrap().to_string())
    };
    assert_eq!(header("content-encoding").as_deref(), Some("br"));
    assert_eq!(header("vary").as_deref(), Some("Accept-Encoding"));
    assert_eq!(header("content-type").as_deref(), Some("application/json"));
    let packed = actix_web::test::read_body(res).await;
    let mut json = Vec::new();
    brotli::BrotliDecompress(&mut &packed[..], &mut json).unwrap();
    let decoded: Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(decoded, plain);
    assert!(
        packed.len() * 8 < json.len(),
        "{} B from {} B",
        packed.len(),
        json.len()
    );
}
