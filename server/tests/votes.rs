//! Votes move ratings exactly as engine's Elo says; uncounted votes move nothing. Seasons.

mod common;

use actix_web::test::TestRequest;
use common::{app, keyed, send, state, state_with};
use serde_json::{json, Value};
use server::config::VoteLimits;

fn open_limits() -> VoteLimits {
    VoteLimits {
        repeat_window_ms: 24 * 3_600_000,
        per_minute: 1000,
        min_answer_ms: 400,
    }
}

fn vote(chosen: u64, other: u64, cast_at: i64) -> Value {
    json!({"chosen": chosen, "other": other, "cast_at": cast_at, "shown_at": cast_at - 2000})
}

fn votes(voter: &str, list: Vec<Value>) -> TestRequest {
    TestRequest::post()
        .uri("/api/votes")
        .set_json(json!({"voter": voter, "votes": list}))
}

#[actix_web::test]
async fn a_vote_changes_both_ratings_exactly_as_the_engine_says() {
    let (_dir, st) = state_with(open_limits());
    let app = app(st).await;
    let demo = engine::demo_realm();
    let pool = engine::arena_pool(&demo);
    assert!(pool.len() >= 2, "the demo has an arena");
    let (mut w, mut l) = (pool[0], pool[1]);
    engine::judge(&mut w, &mut l);
    let (status, res) = send(
        &app,
        votes("v1", vec![vote(w.photo_id, l.photo_id, 1_000_000)]),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    assert_eq!(res["results"][0]["counted"], true, "{res}");
    let (_, doc) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let after: engine::Realm = serde_json::from_value(doc).unwrap();
    assert_eq!(after.rating_of(w.photo_id), w);
    assert_eq!(after.rating_of(l.photo_id), l);
    let returned: Vec<engine::Rating> = serde_json::from_value(res["ratings"].clone()).unwrap();
    assert!(returned.contains(&w) && returned.contains(&l));
}

#[actix_web::test]
async fn uncounted_votes_change_no_rating_but_are_answered() {
    let (_dir, st) = state_with(VoteLimits {
        per_minute: 2,
        ..open_limits()
    });
    let app = app(st).await;
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b, c) = (pool[0].photo_id, pool[1].photo_id, pool[2].photo_id);
    let (_, first) = send(&app, votes("v", vec![vote(a, b, 10_000_000)])).await;
    assert_eq!(first["results"][0]["counted"], true);
    let (_, before) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let too_fast = json!({"chosen": a, "other": c, "cast_at": 10_000_100, "shown_at": 10_000_000});
    let (status, res) = send(
        &app,
        votes(
            "v",
            vec![
                vote(b, a, 10_050_000),
                too_fast,
                vote(b, c, 10_060_000),
                vote(a, c, 10_070_000),
            ],
        ),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    let reasons: Vec<Value> = res["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reason"].clone())
        .collect();
    assert_eq!(
        reasons,
        vec![
            json!("duplicate_pair"),
            json!("too_fast"),
            Value::Null,
            json!("rate_limited")
        ]
    );
    let (_, after) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let before: engine::Realm = serde_json::from_value(before).unwrap();
    let after: engine::Realm = serde_json::from_value(after).unwrap();
    // Only the one counted vote (b over c) moved anything.
    assert_eq!(after.rating_of(a), before.rating_of(a));
    assert_ne!(after.rating_of(b), before.rating_of(b));
    assert_eq!(after.rating_of(b).judged, before.rating_of(b).judged + 1);
}

#[actix_web::test]
async fn a_vote_on_an_ineligible_photo_is_not_counted_and_bad_input_is_named() {
    let (_dir, st) = state_with(open_limits());
    let app = app(st).await;
    let demo = engine::demo_realm();
    let pool = engine::arena_pool(&demo);
    let outside = demo
        .photos
        .iter()
        .find(|p| p.season.is_none())
        .map(|p| p.id);
    if let Some(outside) = outside {
        let (_, res) = send(
            &app,
            votes("v", vec![vote(pool[0].photo_id, outside, 5_000_000)]),
        )
        .await;
        assert_eq!(res["results"][0]["reason"], "not_eligible", "{res}");
    }
    let (status, err) = send(
        &app,
        votes("v", vec![vote(pool[0].photo_id, pool[0].photo_id, 1)]),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(err["error"]["field"], "votes[0].other");
    let (status, err) = send(
        &app,
        TestRequest::post().uri("/api/votes").set_json(
            json!({"voter": "v", "votes": [{"chosen": 1, "other": 2, "cast_at": 3, "spin": 1}]}),
        ),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        err["error"]["field"]
            .as_str()
            .unwrap()
            .starts_with("votes[0]"),
        "{err}"
    );
}

#[actix_web::test]
async fn seasons_are_listed_set_and_assigned() {
    let (_dir, st) = state();
    let app = app(st).await;
    let (_, list) = send(&app, TestRequest::get().uri("/api/seasons")).await;
    let first = list["seasons"][0]["number"].as_u64().unwrap();
    let (status, res) = send(
        &app,
        keyed(TestRequest::put().uri("/api/seasons/current"))
            .set_json(json!({"current_season": first})),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    let (_, list) = send(&app, TestRequest::get().uri("/api/seasons")).await;
    assert_eq!(list["current_season"].as_u64(), Some(first));
    let (status, err) = send(
        &app,
        keyed(TestRequest::put().uri("/api/seasons/current"))
            .set_json(json!({"current_season": 999})),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(err["error"]["field"], "current_season");
    let (_, doc) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let photo = doc["photos"][0]["id"].as_u64().unwrap();
    let (status, res) = send(
        &app,
        keyed(TestRequest::post().uri("/api/seasons/assign"))
            .set_json(json!({"season": null, "photo_ids": [photo]})),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    let (_, doc) = send(&app, TestRequest::get().uri("/api/realm")).await;
    assert_eq!(doc["photos"][0]["season"], Value::Null);
    let (status, err) = send(
        &app,
        keyed(TestRequest::post().uri("/api/seasons/assign"))
            .set_json(json!({"season": first, "photo_ids": [photo, 4242424242u64]})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(err["error"]["field"], "photo_ids[1]");
    let (_, after) = send(&app, TestRequest::get().uri("/api/realm")).await;
    assert_eq!(after, doc, "a refused assignment changes nothing");
}

#[actix_web::test]
async fn concurrent_vote_batches_are_all_applied_once() {
    let (_dir, st) = state_with(open_limits());
    let db = st.db.clone();
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b) = (pool[0].photo_id, pool[1].photo_id);
    let handles: Vec<_> = (0..12)
        .map(|i| {
            let db = db.clone();
            let batch: engine::wire::VoteBatch = serde_json::from_value(json!({
                "voter": format!("voter-{i}"),
                "votes": [vote(a, b, 1_000_000 + i)]
            }))
            .unwrap();
            actix_web::rt::spawn(
                async move { db.cast_votes(open_limits(), batch, 5_000_000).await },
            )
        })
        .collect();
    for h in handles {
        let res = h.await.unwrap().unwrap();
        assert!(res.results[0].counted);
    }
    let realm = db.realm().await.unwrap();
    assert_eq!(realm.rating_of(a).judged, pool[0].judged + 12);
    assert_eq!(realm.rating_of(a).wins, pool[0].wins + 12);
    assert_eq!(realm.rating_of(b).judged, pool[1].judged + 12);
}
