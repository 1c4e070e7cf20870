//! Votes move ratings exactly as engine's Elo says; uncounted votes move nothing. Seasons.

mod common;

use actix_web::test::TestRequest;
use common::{app, ballot, keyed, send, state, state_config, state_with, TestApp, Voter};
use serde_json::{json, Value};
use server::config::VoteLimits;

fn open_limits() -> VoteLimits {
    VoteLimits {
        repeat_window_ms: 24 * 3_600_000,
        per_minute: 1000,
        per_address_per_minute: 1_000_000,
        min_answer_ms: 400,
        token_life_ms: 24 * 3_600_000,
    }
}

/// The reasons of a vote answer, `null` for a counted vote.
fn reasons(res: &Value) -> Vec<Value> {
    res["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reason"].clone())
        .collect()
}

#[actix_web::test]
async fn a_vote_changes_both_ratings_exactly_as_the_engine_says() {
    let (_dir, st) = state_with(open_limits());
    let voter = Voter::new(&st);
    let app = app(st).await;
    let demo = engine::demo_realm();
    let pool = engine::arena_pool(&demo);
    assert!(pool.len() >= 2, "the demo has an arena");
    let (mut w, mut l) = (pool[0], pool[1]);
    engine::judge(&mut w, &mut l);
    let (status, res) = send(&app, voter.post(vec![voter.vote(w.photo_id, l.photo_id)])).await;
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
    // A minute's minimum answer time: a pair handed out just now is answered too fast.
    let (_dir, st) = state_with(VoteLimits {
        per_minute: 2,
        min_answer_ms: 60_000,
        ..open_limits()
    });
    let v = Voter::new(&st);
    let app = app(st).await;
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b, c) = (pool[0].photo_id, pool[1].photo_id, pool[2].photo_id);
    let (_, first) = send(&app, v.post(vec![v.vote(a, b)])).await;
    assert_eq!(first["results"][0]["counted"], true);
    let (_, before) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let too_fast = v.vote_at(a, c, server::db::now_ms());
    let (status, res) = send(
        &app,
        v.post(vec![v.vote(b, a), too_fast, v.vote(b, c), v.vote(a, c)]),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    assert_eq!(
        reasons(&res),
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
    let v = Voter::new(&st);
    let app = app(st).await;
    let demo = engine::demo_realm();
    let pool = engine::arena_pool(&demo);
    let outside = demo
        .photos
        .iter()
        .find(|p| p.season.is_none())
        .map(|p| p.id);
    if let Some(outside) = outside {
        let (_, res) = send(&app, v.post(vec![v.vote(pool[0].photo_id, outside)])).await;
        assert_eq!(res["results"][0]["reason"], "not_eligible", "{res}");
    }
    let p = pool[0].photo_id;
    let (status, err) = send(&app, v.post(vec![v.vote(p, p)])).await;
    assert_eq!(status, 422);
    assert_eq!(err["error"]["field"], "votes[0].chosen");
    let (status, err) = send(
        &app,
        TestRequest::post().uri("/api/votes").set_json(
            json!({"votes": [{"token": "t", "chosen": 1, "other": 2, "cast_at": 3, "spin": 1}]}),
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
            let votes = vec![ballot(&format!("voter-{i}"), a, b, 4_000_000 + i)];
            actix_web::rt::spawn(async move {
                db.cast_votes(open_limits(), votes, 5_000_000, "192.0.2.1".into())
                    .await
            })
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

/// The realm document as the server exports it.
async fn realm_of(app: &impl TestApp) -> engine::Realm {
    let (_, doc) = send(app, TestRequest::get().uri("/api/realm")).await;
    serde_json::from_value(doc).unwrap()
}

/// The 24 h window runs on the server's clock, when the votes arrive: a client spacing its
/// `cast_at` a day apart gains nothing.
#[actix_web::test]
async fn the_same_pair_twice_within_a_day_counts_once_and_says_duplicate_pair() {
    let (_dir, st) = state_with(open_limits());
    let db = st.db.clone();
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b) = (pool[0].photo_id, pool[1].photo_id);
    let cast = |voter: &str, chosen, other, cast_at: i64, now: i64| {
        let mut b = ballot(voter, chosen, other, now - 2_000);
        b.cast_at = cast_at;
        let db = db.clone();
        async move {
            db.cast_votes(open_limits(), vec![b], now, "192.0.2.1".into())
                .await
                .unwrap()
                .results[0]
                .clone()
        }
    };
    let day = 24 * 3_600_000;
    let t = 50_000_000;
    assert!(cast("v", a, b, t, t).await.counted);
    let before = db.realm().await.unwrap();
    // Either order, an hour later: the same pair, even claiming to be cast a day later.
    let again = cast("v", b, a, t + day + 1, t + 3_600_000).await;
    assert_eq!(again.reason.as_deref(), Some("duplicate_pair"));
    assert_eq!(db.realm().await.unwrap().ratings, before.ratings);
    // Another voter may judge the pair; so may this voter once a day has passed on the server.
    assert!(cast("w", b, a, t, t + 3_600_000).await.counted);
    assert!(cast("v", b, a, t, t + day + 1).await.counted);
}

/// One address's counted votes share an allowance, whatever voter ids it sends; another
/// address has its own. Uncounted votes are pruned after their keep, counted ones stay.
#[actix_web::test]
async fn voter_ids_chosen_by_one_address_share_its_allowance_and_uncounted_votes_are_pruned() {
    let limits = VoteLimits {
        per_address_per_minute: 5,
        ..open_limits()
    };
    let (_dir, st) = state_with(limits);
    let db = st.db.clone();
    let pool = engine::arena_pool(&engine::demo_realm());
    let now = 90_000_000;
    let mut counted = 0;
    for i in 0..20u64 {
        let (x, y) = (
            pool[i as usize % pool.len()].photo_id,
            pool[(i as usize + 1) % pool.len()].photo_id,
        );
        let res = db
            .cast_votes(
                limits,
                vec![ballot(&format!("stuffer-{i}"), x, y, now - 2_000)],
                now,
                "203.0.113.9".into(),
            )
            .await
            .unwrap();
        counted += usize::from(res.results[0].counted);
    }
    assert_eq!(
        counted, 5,
        "twenty voter ids from one address count as one address's five"
    );
    let res = db
        .cast_votes(
            limits,
            vec![ballot(
                "elsewhere",
                pool[0].photo_id,
                pool[2].photo_id,
                now - 2_000,
            )],
            now,
            "203.0.113.10".into(),
        )
        .await
        .unwrap();
    assert!(res.results[0].counted);
    println!("attack: 20 votes from 20 voters on one address -> {counted} counted (its limit 5 a minute)");
    assert_eq!(
        db.prune_uncounted_votes(now - 1).unwrap(),
        0,
        "kept within their time"
    );
    assert_eq!(
        db.prune_uncounted_votes(now + 1).unwrap(),
        15,
        "the uncounted go after it"
    );
    let list = db.counted_votes(0, 1000).await.unwrap();
    assert_eq!(list.votes.len(), 6, "every counted vote stays");
}

#[actix_web::test]
async fn an_answer_faster_than_the_minimum_is_kept_but_not_counted() {
    let (_dir, st) = state_with(open_limits());
    let db = st.db.clone();
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b) = (pool[0].photo_id, pool[1].photo_id);
    let before = db.realm().await.unwrap();
    let cast = |b: server::db::votes::Ballot, now: i64| {
        let db = db.clone();
        async move {
            db.cast_votes(open_limits(), vec![b], now, "192.0.2.1".into())
                .await
                .unwrap()
                .results[0]
                .clone()
        }
    };
    // Arriving 399 ms after the server handed the pair out, whatever the client says of its
    // own clock.
    let mut fast = ballot("v", a, b, 7_000_000);
    fast.cast_at = 9_000_000;
    let answer = cast(fast.clone(), 7_000_399).await;
    assert_eq!(answer.reason.as_deref(), Some("too_fast"));
    assert_eq!(db.realm().await.unwrap().ratings, before.ratings);
    // Its token is spent: sent again later, it is answered the same and counts no more.
    assert_eq!(cast(fast, 7_000_900).await, answer);
    // Not counted, so the pair is still free for this voter, on a new token, at a human pace.
    assert!(cast(ballot("v", a, b, 7_000_000), 7_000_900).await.counted);
}

/// A token counts for its life (24 h by default) after the server handed it out; a vote on an
/// older one is kept, uncounted, as `token_expired`.
#[actix_web::test]
async fn a_vote_on_an_expired_token_is_kept_but_not_counted() {
    let (_dir, st) = state_with(open_limits());
    let db = st.db.clone();
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b) = (pool[0].photo_id, pool[1].photo_id);
    let day = 24 * 3_600_000;
    let now = 100 * day;
    let res = db
        .cast_votes(
            open_limits(),
            vec![
                ballot("v", a, b, now - day - 1),
                ballot("v", b, a, now - day + 60_000),
            ],
            now,
            "192.0.2.1".into(),
        )
        .await
        .unwrap();
    assert_eq!(res.results[0].reason.as_deref(), Some("token_expired"));
    assert!(
        res.results[1].counted,
        "a day old less a minute still counts"
    );
}

#[actix_web::test]
async fn a_voter_over_the_rate_limit_is_not_counted_but_another_voter_is() {
    let (_dir, st) = state_with(VoteLimits {
        per_minute: 3,
        ..open_limits()
    });
    let (v, w) = (Voter::new(&st), Voter::new(&st));
    let app = app(st).await;
    let pool = engine::arena_pool(&engine::demo_realm());
    let ids: Vec<u64> = pool.iter().take(5).map(|r| r.photo_id).collect();
    let list: Vec<Value> = (1..5).map(|i| v.vote(ids[0], ids[i])).collect();
    let (_, res) = send(&app, v.post(list)).await;
    let counted: Vec<bool> = res["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["counted"].as_bool().unwrap())
        .collect();
    assert_eq!(counted, vec![true, true, true, false]);
    assert_eq!(res["results"][3]["reason"], "rate_limited");
    // Another voter has a limit of their own.
    let (_, other) = send(&app, w.post(vec![w.vote(ids[1], ids[2])])).await;
    assert_eq!(other["results"][0]["counted"], true, "{other}");
}

#[actix_web::test]
async fn the_vote_list_holds_counted_judgements_in_order_without_voters() {
    let (_dir, st) = state_with(open_limits());
    let v = Voter::new(&st);
    let app = app(st).await;
    let (_, empty) = send(&app, TestRequest::get().uri("/api/votes")).await;
    assert_eq!(empty, json!({"votes": []}));
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b, c) = (pool[0].photo_id, pool[1].photo_id, pool[2].photo_id);
    // The middle one repeats the first pair: stored, not counted, not listed.
    send(&app, v.post(vec![v.vote(a, b), v.vote(b, a), v.vote(c, b)])).await;
    let (status, list) = send(&app, TestRequest::get().uri("/api/votes")).await;
    assert_eq!(status, 200);
    assert_eq!(
        list,
        json!({"votes": [{"chosen": a, "other": b}, {"chosen": c, "other": b}]})
    );
    let parsed: engine::wire::VoteList = serde_json::from_value(list.clone()).unwrap();
    assert_eq!(parsed.votes.len(), 2);
    assert!(!list.to_string().contains(&v.id));
}

#[actix_web::test]
async fn holding_a_season_back_keeps_its_ratings_and_votes_and_they_return_untouched() {
    let (_dir, st) = state_with(open_limits());
    let v = Voter::new(&st);
    let app = app(st).await;
    let demo = engine::demo_realm();
    let current = demo.settings.current_season;
    assert!(current >= 2, "the demo runs a later season");
    let pool = engine::arena_pool(&demo);
    let season_of = |id: u64| demo.photo(id).unwrap().season;
    let newest: Vec<u64> = pool
        .iter()
        .map(|r| r.photo_id)
        .filter(|&id| season_of(id) == Some(current))
        .collect();
    let older: Vec<u64> = pool
        .iter()
        .map(|r| r.photo_id)
        .filter(|&id| season_of(id) < Some(current))
        .collect();
    assert!(newest.len() >= 2 && older.len() >= 2);
    // Judge pairs inside the newest season and across.
    let (_, res) = send(
        &app,
        v.post(vec![
            v.vote(newest[0], newest[1]),
            v.vote(older[0], newest[0]),
        ]),
    )
    .await;
    assert!(res["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["counted"] == true));
    let before = realm_of(&app).await;
    let (_, votes_before) = send(&app, TestRequest::get().uri("/api/votes")).await;

    let set = |n: u32| {
        keyed(TestRequest::put().uri("/api/seasons/current")).set_json(json!({"current_season": n}))
    };
    let (status, _) = send(&app, set(current - 1)).await;
    assert_eq!(status, 200);
    let held = realm_of(&app).await;
    let held_pool: Vec<u64> = engine::arena_pool(&held)
        .iter()
        .map(|r| r.photo_id)
        .collect();
    assert!(
        newest.iter().all(|id| !held_pool.contains(id)),
        "the season left the arena"
    );
    assert_eq!(held.ratings, before.ratings, "every rating is kept");
    // A vote on a held-back photo is stored but not counted.
    let (_, res) = send(
        &app,
        v.post(vec![v.vote(newest[2 % newest.len()], older[1])]),
    )
    .await;
    assert_eq!(res["results"][0]["reason"], "not_eligible", "{res}");
    let (_, votes_held) = send(&app, TestRequest::get().uri("/api/votes")).await;
    assert_eq!(votes_held, votes_before, "the counted votes are kept");

    let (status, _) = send(&app, set(current)).await;
    assert_eq!(status, 200);
    let back = realm_of(&app).await;
    assert_eq!(
        back.ratings, before.ratings,
        "the ratings come back untouched"
    );
    let back_pool: Vec<u64> = engine::arena_pool(&back)
        .iter()
        .map(|r| r.photo_id)
        .collect();
    assert!(newest.iter().all(|id| back_pool.contains(id)));
    let (_, votes_back) = send(&app, TestRequest::get().uri("/api/votes")).await;
    assert_eq!(votes_back, votes_before);
}

#[actix_web::test]
async fn the_vote_list_pages_by_cursor_and_every_page_joins_into_the_whole_list() {
    let (_dir, st) = state_with(open_limits());
    let voters: Vec<Voter> = (0..5).map(|_| Voter::new(&st)).collect();
    let app = app(st).await;
    let pool = engine::arena_pool(&engine::demo_realm());
    // Five counted judgements, each from its own voter (no repeat rule applies).
    let mut cast = Vec::new();
    for i in 0..5u64 {
        let (a, b) = (pool[i as usize].photo_id, pool[i as usize + 1].photo_id);
        let v = &voters[i as usize];
        let (status, _) = send(&app, v.post(vec![v.vote(a, b)])).await;
        assert_eq!(status, 200);
        cast.push(json!({"chosen": a, "other": b}));
    }
    let (_, whole) = send(&app, TestRequest::get().uri("/api/votes")).await;
    assert_eq!(
        whole,
        json!({ "votes": cast }),
        "the default page holds all five, no next"
    );

    let mut joined = Vec::new();
    let mut after = 0;
    let mut pages = 0;
    loop {
        let uri = format!("/api/votes?after={after}&limit=2");
        let (status, page) = send(&app, TestRequest::get().uri(&uri)).await;
        assert_eq!(status, 200, "{page}");
        pages += 1;
        let votes = page["votes"].as_array().unwrap();
        assert!(votes.len() <= 2, "a page holds at most the limit");
        joined.extend(votes.iter().cloned());
        match page["next"].as_u64() {
            Some(next) => {
                assert_eq!(votes.len(), 2, "only a full page points on");
                assert!(next > after, "the cursor moves forward");
                after = next;
            }
            None => break,
        }
    }
    assert_eq!(pages, 3, "2 + 2 + 1");
    assert_eq!(
        joined, cast,
        "the pages join into the whole list, in order, once each"
    );
}

#[actix_web::test]
async fn a_bad_vote_page_is_a_400_naming_the_parameter() {
    let (_dir, st) = state();
    let app = app(st).await;
    for (query, field) in [
        ("after=abc", "after"),
        ("after=-3", "after"),
        ("limit=0", "limit"),
        ("limit=5001", "limit"),
        ("limit=many", "limit"),
        ("offset=10", "offset"),
    ] {
        let uri = format!("/api/votes?{query}");
        let (status, err) = send(&app, TestRequest::get().uri(&uri)).await;
        assert_eq!(status, 400, "{query}: {err}");
        assert_eq!(err["error"]["field"], field, "{query}: {err}");
    }
    let (status, _) = send(&app, TestRequest::get().uri("/api/votes?limit=5000")).await;
    assert_eq!(status, 200, "the documented maximum is allowed");
}

/// `POST /api/pairs` for a new voter: a pass and pairs of the arena, drawn by the server, no
/// photo in two pairs running; the votes on them count once each, and a replayed batch is
/// answered as the first was and stored no second time.
#[actix_web::test]
async fn the_server_deals_the_pairs_and_each_token_counts_once() {
    let (_dir, st) = state_with(VoteLimits {
        min_answer_ms: 0,
        ..open_limits()
    });
    let db = st.db.clone();
    let app = app(st).await;
    let ask = |body: Value| TestRequest::post().uri("/api/pairs").set_json(body);
    let (status, deal) = send(&app, ask(json!({"count": 6}))).await;
    assert_eq!(status, 200, "{deal}");
    let deal: engine::wire::PairDeal = serde_json::from_value(deal).unwrap();
    assert_eq!(deal.pairs.len(), 6);
    assert_eq!(deal.expires_in_ms, 24 * 3_600_000);
    let demo = engine::demo_realm();
    let pool: Vec<u64> = engine::arena_pool(&demo)
        .iter()
        .map(|r| r.photo_id)
        .collect();
    // Each dealt photo's card, as the realm holds it, so the arena can show the pair first.
    let dealt: Vec<(u64, u64)> = deal.pairs.iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(deal.cards, engine::pair_cards(&demo, &dealt));
    for p in &deal.pairs {
        for id in [p.a, p.b] {
            let card = deal.cards.iter().find(|c| c.photo == id).unwrap();
            assert_eq!(card.name, demo.photo(id).unwrap().name);
        }
    }
    for w in deal.pairs.windows(2) {
        let (x, y) = (&w[0], &w[1]);
        assert!(pool.contains(&x.a) && pool.contains(&x.b) && x.a != x.b);
        assert!(
            ![x.a, x.b].contains(&y.a) && ![x.a, x.b].contains(&y.b),
            "{x:?} then {y:?}"
        );
    }
    // The next deal to the same voter starts clear of the last pair handed out.
    let (_, more) = send(&app, ask(json!({"voter": deal.voter, "count": 1}))).await;
    let first = &more["pairs"][0];
    let last = deal.pairs.last().unwrap();
    assert!(![last.a, last.b].contains(&first["a"].as_u64().unwrap()));
    assert!(![last.a, last.b].contains(&first["b"].as_u64().unwrap()));

    let votes: Vec<Value> = deal
        .pairs
        .iter()
        .map(|p| json!({"token": p.token, "chosen": p.a, "other": p.b, "cast_at": 1}))
        .collect();
    let batch = json!({"votes": votes});
    let post = || {
        TestRequest::post()
            .uri("/api/votes")
            .set_json(batch.clone())
    };
    let (status, res) = send(&app, post()).await;
    assert_eq!(status, 200, "{res}");
    assert!(
        reasons(&res).iter().all(Value::is_null),
        "all six count: {res}"
    );
    let counted = db.counted_votes(0, 1000).await.unwrap().votes.len();
    let (_, again) = send(&app, post()).await;
    assert_eq!(
        again["results"], res["results"],
        "a replay is answered as the first"
    );
    assert_eq!(again["ratings"], json!([]), "and moves nothing");
    assert_eq!(
        db.counted_votes(0, 1000).await.unwrap().votes.len(),
        counted
    );
}

/// What the pair and vote endpoints refuse, each naming its field: a count out of range, a pass
/// or token the server never signed, a vote on another pair than its token's, a token that is
/// not one.
#[actix_web::test]
async fn passes_and_tokens_the_server_did_not_issue_are_refused_by_field() {
    let (_dir, st) = state_with(open_limits());
    let v = Voter::new(&st);
    let app = app(st).await;
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b, c) = (pool[0].photo_id, pool[1].photo_id, pool[2].photo_id);
    let pairs = |body: Value| TestRequest::post().uri("/api/pairs").set_json(body);
    // The pass with its signature's last digit changed.
    let last = v.pass.chars().last().unwrap();
    let flipped = if last == '0' { '1' } else { '0' };
    let tampered = format!("{}{flipped}", &v.pass[..v.pass.len() - 1]);
    for (body, status, field) in [
        (json!({"count": 0}), 400, "count"),
        (json!({"count": 21}), 400, "count"),
        (json!({"voter": "sock-puppet", "count": 1}), 422, "voter"),
        (json!({"voter": tampered, "count": 1}), 422, "voter"),
    ] {
        let (got, err) = send(&app, pairs(body.clone())).await;
        assert_eq!(
            (got, err["error"]["field"].as_str()),
            (status, Some(field)),
            "{body}: {err}"
        );
    }
    let forged = v.vote(a, b)["token"].as_str().unwrap().replacen(
        &format!(".{a}.{b}."),
        &format!(".{a}.{c}."),
        1,
    );
    for (batch, field) in [
        (
            v.batch(vec![
                json!({"token": "sock-puppet-1", "chosen": a, "other": b, "cast_at": 1}),
            ]),
            "votes[0].token",
        ),
        (
            v.batch(vec![
                json!({"token": forged, "chosen": a, "other": c, "cast_at": 1}),
            ]),
            "votes[0].token",
        ),
        (
            v.batch(vec![v.vote(a, b), v.vote(b, a)["token"].as_str().map(|t| json!({"token": t.replacen("p1.", "v1.", 1), "chosen": a, "other": b, "cast_at": 1})).unwrap()]),
            "votes[1].token",
        ),
        (
            v.batch(vec![{
                let mut x = v.vote(a, b);
                x["other"] = json!(c);
                x
            }]),
            "votes[0].chosen",
        ),
    ] {
        let (status, err) = send(
            &app,
            TestRequest::post()
                .uri("/api/votes")
                .set_json(batch.clone()),
        )
        .await;
        assert_eq!(status, 422, "{batch}: {err}");
        assert_eq!(err["error"]["field"], field, "{batch}: {err}");
    }
}

/// One address may become only so many new voters an hour; past that the pair request without
/// a pass is a 429 naming `voter`, with `Retry-After`, while a voter with a pass goes on.
#[actix_web::test]
async fn new_voters_per_address_are_capped() {
    let (_dir, st) = state_config(server::config::Config {
        rates: server::config::RateLimits {
            new_voters_per_hour: 8,
            ..server::config::RateLimits::default()
        },
        ..server::config::Config::default()
    });
    let app = app(st).await;
    let ask = |body: Value| {
        TestRequest::post()
            .uri("/api/pairs")
            .peer_addr("198.51.100.20:4000".parse().unwrap())
            .set_json(body)
    };
    let (_, first) = send(&app, ask(json!({"count": 1}))).await;
    let mut new = 1;
    let refused = loop {
        let res = actix_web::test::call_service(&app, ask(json!({"count": 1})).to_request()).await;
        if res.status() == 429 {
            break res;
        }
        new += 1;
        assert!(new < 20, "the cap holds");
    };
    assert_eq!(new, 2, "8 an hour: a bucket of two");
    assert!(refused.headers().contains_key("retry-after"));
    let err: Value = actix_web::test::read_body_json(refused).await;
    assert_eq!(err["error"]["field"], "voter", "{err}");
    // The voters it already has go on voting.
    let (status, _) = send(&app, ask(json!({"voter": first["voter"], "count": 1}))).await;
    assert_eq!(status, 200);
}
