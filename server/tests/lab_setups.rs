//! Saved Battle Lab line-ups (`lab_setup` records) through the sync protocol like any other kind:
//! push and pull, revisions, conflicts, tombstones, the editor key, and refusals naming the field.

mod common;

use actix_web::test::TestRequest;
use common::{app, keyed, send, state};
use serde_json::{json, Value};

fn push(body: Value) -> TestRequest {
    keyed(TestRequest::post().uri("/api/sync/push")).set_json(body)
}

/// A Book of Contests line-up body with this id and name.
fn duel(id: u64, name: &str) -> Value {
    let setup = engine::LabSetup::new(
        id,
        name,
        engine::LineUp::Contests(engine::contests::example()),
    );
    serde_json::to_value(setup).unwrap()
}

fn put(mutation_id: u64, id: u64, base: Option<u64>, body: Value) -> Value {
    json!({"mutation_id": mutation_id, "op": "put", "kind": "lab_setup", "id": id,
           "base_revision": base, "body": body})
}

/// The `lab_setup` records a pull after `since` returns.
async fn pulled(
    app: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
    since: u64,
) -> Vec<Value> {
    let (_, pull) = send(
        app,
        TestRequest::get().uri(&format!("/api/sync/pull?since={since}")),
    )
    .await;
    pull["records"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "lab_setup")
        .cloned()
        .collect()
}

#[actix_web::test]
async fn a_line_up_is_pushed_pulled_revised_conflicted_and_deleted() {
    let (_dir, st) = state();
    let app = app(st).await;
    // The demo realm ships with saved examples.
    assert!(!pulled(&app, 0).await.is_empty());
    let id = 4_000_001;
    let (status, res) = send(
        &app,
        push(
            json!({"client_id": "lab", "mutations": [put(1, id, None, duel(id, "Shieldmaidens"))]}),
        ),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    assert_eq!(res["results"][0]["status"], "applied", "{res}");
    assert_eq!(res["results"][0]["revision"], 1);
    let cursor = res["server_rev"].as_u64().unwrap();
    let got = pulled(&app, cursor - 1).await;
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0]["id"], id);
    assert_eq!(got[0]["body"], duel(id, "Shieldmaidens"));
    let (_, doc) = send(&app, TestRequest::get().uri("/api/realm")).await;
    assert!(doc["lab_setups"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["name"] == "Shieldmaidens" && s["system"] == "contests"));

    // A second device renames it from revision 1; a third, still at revision 1, conflicts.
    let (_, b) = send(
        &app,
        push(json!({"client_id": "b", "mutations": [put(1, id, Some(1), duel(id, "Renamed"))]})),
    )
    .await;
    assert_eq!(b["results"][0]["status"], "applied", "{b}");
    assert_eq!(b["results"][0]["revision"], 2);
    let (_, c) = send(
        &app,
        push(json!({"client_id": "c", "mutations": [put(1, id, Some(1), duel(id, "Late"))]})),
    )
    .await;
    assert_eq!(c["results"][0]["status"], "conflict", "{c}");
    assert_eq!(c["results"][0]["current"]["body"]["name"], "Renamed");

    // Deleted: a tombstone is pulled, and a late edit cannot bring it back.
    let (_, del) = send(
        &app,
        push(json!({"client_id": "lab", "mutations": [
            {"mutation_id": 2, "op": "delete", "kind": "lab_setup", "id": id, "base_revision": 2}
        ]})),
    )
    .await;
    assert_eq!(del["results"][0]["status"], "applied", "{del}");
    let since = del["server_rev"].as_u64().unwrap() - 1;
    let got = pulled(&app, since).await;
    assert_eq!(
        (got[0]["id"].as_u64(), got[0]["deleted"].as_bool()),
        (Some(id), Some(true))
    );
    let (_, late) = send(
        &app,
        push(json!({"client_id": "b", "mutations": [put(2, id, Some(2), duel(id, "Back"))]})),
    )
    .await;
    assert_eq!(late["results"][0]["status"], "conflict", "{late}");
    assert_eq!(late["results"][0]["current"]["deleted"], true);
}

#[actix_web::test]
async fn a_bad_line_up_is_refused_naming_its_field_and_changes_nothing() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (_, before) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let mut blank = duel(11, "x");
    blank["name"] = json!("   ");
    let mut newer = duel(12, "From the future");
    newer["version"] = json!(engine::LAB_SETUP_VERSION + 1);
    let mut dead = duel(13, "Dead");
    dead["body"]["team1"][0]["hp_max"] = json!(0);
    let mut unknown = duel(14, "Chess");
    unknown["system"] = json!("chess");
    let mut extra = duel(15, "Glitter");
    extra["glitter"] = json!(true);
    let mut bad_dice = duel(16, "Bad dice");
    bad_dice["body"]["team1"][0]["actions"][0]["damage"] = json!("2d");
    let bodies = [blank, newer, dead, unknown, extra, bad_dice];
    let mutations: Vec<Value> = bodies
        .iter()
        .enumerate()
        .map(|(i, b)| put(i as u64 + 1, b["id"].as_u64().unwrap(), None, b.clone()))
        .collect();
    let (status, res) = send(
        &app,
        push(json!({"client_id": "c", "mutations": mutations})),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    let fields: Vec<String> = (0..bodies.len())
        .map(|i| {
            assert_eq!(res["results"][i]["status"], "rejected", "{res}");
            res["results"][i]["error"]["field"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(fields[0].ends_with("].name"), "{fields:?}");
    assert!(fields[1].ends_with("].version"), "{fields:?}");
    assert!(fields[2].ends_with("].body.team1[0].hp_max"), "{fields:?}");
    assert!(fields[3].starts_with("mutations[3].body"), "{fields:?}");
    assert_eq!(fields[4], "mutations[4].body.glitter");
    assert!(fields[5].starts_with("mutations[5].body"), "{fields:?}");
    let (_, after) = send(&app, TestRequest::get().uri("/api/realm")).await;
    assert_eq!(after, before);
}

#[actix_web::test]
async fn saving_a_line_up_needs_the_editor_key() {
    let (_dir, st) = state();
    let app = app(st).await;
    let body = json!({"client_id": "anon", "mutations": [put(1, 21, None, duel(21, "Anon"))]});
    let (status, res) = send(
        &app,
        TestRequest::post().uri("/api/sync/push").set_json(body),
    )
    .await;
    assert_eq!(status, 401, "{res}");
    assert!(pulled(&app, 0).await.iter().all(|r| r["id"] != 21));
}
