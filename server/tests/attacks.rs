//! The open site tried as an attacker would, against the limits a server starts with: what is
//! refused before any work is done (wrong content type, oversized bodies, bursts past the rate
//! limits), what every answer carries (the security headers), and what an error never says (the
//! server's paths). Each test prints what it tried and what held.

mod common;

use actix_web::test::TestRequest;
use common::{app, keyed, send, state_defaults, TestApp, Voter};
use serde_json::json;

/// One probe's headers, as the test client sees them.
async fn headers_of(
    app: &impl TestApp,
    req: TestRequest,
) -> (u16, actix_web::http::header::HeaderMap) {
    let res = actix_web::test::call_service(app, req.to_request()).await;
    (res.status().as_u16(), res.headers().clone())
}

fn header<'a>(h: &'a actix_web::http::header::HeaderMap, name: &str) -> &'a str {
    h.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
}

#[actix_web::test]
async fn every_answer_carries_the_security_headers() {
    let (dir, st) = state_defaults();
    std::fs::create_dir_all(dir.path().join("dist")).unwrap();
    std::fs::write(
        dir.path().join("dist/index.html"),
        "<!doctype html><script type=module>import('/app.js')</script>",
    )
    .unwrap();
    // The policy is read from dist at start, so build the state again now that it has a page.
    let cfg = server::config::Config {
        dist: dir.path().join("dist"),
        ..Default::default()
    };
    let st = server::AppState::new(st.db.clone(), st.editor, &cfg);
    let app = app(st).await;
    let photo = engine::demo_realm().photos[0].id;
    let png = common::png(8, 8);
    let (status, _) = send(
        &app,
        keyed(TestRequest::put().uri(&format!("/api/photos/{photo}/image"))).set_payload(png),
    )
    .await;
    assert_eq!(status, 204);
    let probes = [
        ("a page", TestRequest::get().uri("/map")),
        ("an API read", TestRequest::get().uri("/api/health")),
        ("an API error", TestRequest::get().uri("/api/nothing-here")),
        (
            "a refused write",
            TestRequest::post().uri("/api/votes").set_payload("{}"),
        ),
        (
            "an uploaded image",
            TestRequest::get().uri(&format!("/api/photos/{photo}/image")),
        ),
    ];
    for (what, req) in probes {
        let (status, h) = headers_of(&app, req).await;
        let csp = header(&h, "content-security-policy");
        assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
        assert_eq!(header(&h, "x-content-type-options"), "nosniff", "{what}");
        assert_eq!(header(&h, "referrer-policy"), "same-origin", "{what}");
        assert_eq!(header(&h, "x-frame-options"), "DENY", "{what}");
        if what == "an uploaded image" {
            assert!(csp.contains("sandbox"), "{what}: {csp}");
        } else {
            assert!(csp.contains("default-src 'self'"), "{what}: {csp}");
            assert!(
                !csp.contains("'unsafe-inline' ;") && !csp.contains("script-src 'unsafe-inline'")
            );
        }
        if what == "a page" {
            assert!(
                csp.contains("'sha256-"),
                "the loader's hash is allowed: {csp}"
            );
        }
        println!("attack: headers on {what} ({status}): CSP, nosniff, same-origin, DENY held");
    }
}

#[actix_web::test]
async fn a_json_body_under_another_content_type_is_refused_unread() {
    // Many probes from one address: the rate limits are raised here, and tried below.
    let (_dir, st) = common::state();
    let app = app(st).await;
    let vote = json!({"votes": []}).to_string();
    for (uri, keyed_req) in [
        ("/api/votes", false),
        ("/api/history", false),
        ("/api/sync/push", true),
    ] {
        for ct in [
            None,
            Some("text/plain"),
            Some("application/x-www-form-urlencoded"),
            Some("multipart/form-data; boundary=x"),
        ] {
            let mut req = TestRequest::post().uri(uri).set_payload(vote.clone());
            if let Some(ct) = ct {
                req = req.insert_header(("Content-Type", ct));
            }
            if keyed_req {
                req = keyed(req);
            }
            let (status, body) = send(&app, req).await;
            assert_eq!(status, 415, "{uri} as {ct:?}: {body}");
            assert_eq!(body["error"]["code"], "content_type");
            assert_eq!(body["error"]["field"], "Content-Type");
            println!("attack: POST {uri} as {ct:?} (a cross-site form can send these) -> 415 held");
        }
    }
    // With a charset parameter, JSON is still JSON.
    let (status, _) = send(
        &app,
        TestRequest::post()
            .uri("/api/votes")
            .insert_header(("Content-Type", "application/json; charset=utf-8"))
            .set_payload(vote),
    )
    .await;
    assert_ne!(status, 415);
}

#[actix_web::test]
async fn bodies_past_their_routes_limit_are_refused() {
    let (_dir, st) = state_defaults();
    let app = app(st).await;
    for (uri, limit) in [
        ("/api/votes", server::routes::VOTES_BODY),
        ("/api/history", server::routes::HISTORY_BODY),
    ] {
        let mut big = b"{\"pad\":\"".to_vec();
        big.resize(limit + 1, b'x');
        big.extend_from_slice(b"\"}");
        let t = std::time::Instant::now();
        let (status, body) = send(
            &app,
            TestRequest::post()
                .uri(uri)
                .insert_header(("Content-Type", "application/json"))
                .set_payload(big),
        )
        .await;
        assert_eq!(status, 413, "{uri}: {body}");
        assert_eq!(body["error"]["code"], "too_large");
        println!(
            "attack: POST {uri} with {} bytes (limit {limit}) -> 413 in {:?}",
            limit + 3,
            t.elapsed()
        );
    }
    // An editor's import of a realm many times the demo still fits: 17 MB reach the parser.
    let mut doc = b"{\"pad\":\"".to_vec();
    doc.resize(17 * 1024 * 1024, b'x');
    doc.extend_from_slice(b"\"}");
    let (status, body) = send(
        &app,
        keyed(TestRequest::put().uri("/api/realm"))
            .insert_header(("Content-Type", "application/json"))
            .set_payload(doc),
    )
    .await;
    assert_eq!(
        status, 400,
        "read and refused as a document, not as a size: {body}"
    );
}

#[actix_web::test]
async fn a_burst_past_the_rate_limit_is_answered_429_with_retry_after() {
    let (_dir, st) = state_defaults();
    let limits = server::config::RateLimits::default();
    let voter = Voter::new(&st);
    let app = app(st).await;
    let peer: std::net::SocketAddr = "203.0.113.5:4000".parse().unwrap();
    let mut taken = 0;
    let mut refused = None;
    for i in 0..limits.votes {
        let req = TestRequest::post()
            .uri("/api/votes")
            .peer_addr(peer)
            .set_json(json!({"voter": format!("burst-{i}"), "votes": []}));
        let res = actix_web::test::call_service(&app, req.to_request()).await;
        if res.status() == 429 {
            let retry = header(res.headers(), "retry-after").to_string();
            let body: serde_json::Value = actix_web::test::read_body_json(res).await;
            refused = Some((i, retry, body));
            break;
        }
        taken += 1;
    }
    let (at, retry, body) = refused.expect("a burst is cut off");
    assert_eq!(
        taken,
        (limits.votes / 4).max(2),
        "a quarter of a minute's allowance"
    );
    assert!(retry.parse::<u64>().unwrap() >= 1, "{retry}");
    assert_eq!(body["error"]["code"], "rate_limited");
    // Another address is not held up by this one.
    let (status, _) = send(
        &app,
        TestRequest::post()
            .uri("/api/votes")
            .peer_addr("203.0.113.6:4000".parse().unwrap())
            .set_json(voter.batch(vec![])),
    )
    .await;
    assert_eq!(status, 200);
    println!(
        "attack: {} vote posts at once from one address -> {taken} taken, refused from #{at} with Retry-After {retry} s (limit {} a minute)",
        limits.votes, limits.votes
    );

    // Battles, which cost a fight each, have a smaller allowance.
    let mut history_taken = 0;
    for _ in 0..limits.history {
        let req = TestRequest::post()
            .uri("/api/history")
            .peer_addr(peer)
            .set_json(json!({}));
        let (status, _) = send(&app, req).await;
        if status == 429 {
            break;
        }
        history_taken += 1;
    }
    assert_eq!(history_taken, (limits.history / 4).max(2));
    println!(
        "attack: {} battle posts at once from one address -> {history_taken} reached the handler (limit {} a minute)",
        limits.history, limits.history
    );
}

#[actix_web::test]
async fn error_bodies_never_name_server_paths() {
    let dir = tempfile::tempdir().unwrap();
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(dist.join("bundles.json")).unwrap(); // a directory: unreadable as a file
    let (db, _) = server::db::Db::open(&dir.path().join("realm.db")).unwrap();
    let cfg = server::config::Config {
        dist: dist.clone(),
        ..Default::default()
    };
    let st = server::AppState::new(db, server::auth::EditorKey::from_plain(common::KEY), &cfg);
    let app = app(st).await;
    let root = dir.path().to_string_lossy().to_string();
    for uri in [
        "/map",
        "/history/1",
        "/api/history/12345",
        "/api/nothing",
        "/%2e%2e/etc/passwd",
    ] {
        let res =
            actix_web::test::call_service(&app, TestRequest::get().uri(uri).to_request()).await;
        let status = res.status().as_u16();
        let text = String::from_utf8_lossy(&actix_web::test::read_body(res).await).to_string();
        assert!(
            !text.contains(&root) && !text.contains("/tmp"),
            "{uri} -> {status}: {text}"
        );
        println!("attack: GET {uri} -> {status}, no server path in the answer");
    }
}

/// The demo's two ordinary factions with the most figures, and the seeded counter.
fn biggest_pair(realm: &engine::Realm) -> (u64, u64) {
    let mut sizes: Vec<(usize, u64)> = realm
        .factions
        .iter()
        .filter(|f| f.kind == engine::FactionKind::Ordinary)
        .map(|f| {
            (
                realm.photos.iter().filter(|p| p.faction == f.id).count(),
                f.id,
            )
        })
        .collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    (sizes[0].1, sizes[1].1)
}

fn post_battle(body: &serde_json::Value) -> TestRequest {
    TestRequest::post().uri("/api/history").set_json(body)
}

async fn stored_battles(app: &impl TestApp) -> usize {
    let (_, all) = send(app, TestRequest::get().uri("/api/history")).await;
    all["entries"].as_array().unwrap().len()
}

/// The amplification of the issue: an Olympia battle, 20 figures a side, each with a huge rating
/// bonus, sent whole. Before, the server replayed whatever input it was sent (18 s of CPU, 23 MB
/// stored); now the input is never fought: without a revision it is refused at once, and with
/// one the server fights the realm's own armies and the sent record is a forgery.
#[actix_web::test]
async fn the_amplified_olympia_post_is_refused_in_milliseconds_and_nothing_is_stored() {
    let (_dir, st) = state_defaults();
    let app = app(st).await;
    let realm = engine::demo_realm();
    let (a, d) = biggest_pair(&realm);
    let record = engine::fight(&realm, a, d, engine::BattleSystem::Olympia, 4242).unwrap();
    let mut body = serde_json::json!({"id": 31337, "timestamp": 1_700_000_000_000i64,
                                      "source": "map", "record": record});
    let mut boosted = 0;
    for line in ["attacker_line", "defender_line"] {
        if let Some(figs) = body["record"]["input"]["setup"][line].as_array_mut() {
            for f in figs {
                f["rating_bonus"] = serde_json::json!(1.0e12);
                boosted += 1;
            }
        }
    }
    assert!(boosted > 0, "the set-up has lines of figures");
    let text = body.to_string();
    for (what, with_revision) in [
        ("without a revision", false),
        ("on the seeded revision", true),
    ] {
        let mut sent = body.clone();
        if with_revision {
            sent["fought_on"] = serde_json::json!(1);
        }
        let t = std::time::Instant::now();
        let (status, err) = send(&app, post_battle(&sent)).await;
        let took = t.elapsed();
        assert_eq!(status, 422, "{what}: {err}");
        let code = err["error"]["code"].as_str().unwrap().to_string();
        assert_eq!(
            code,
            if with_revision {
                "forged"
            } else {
                "realm_changed"
            }
        );
        assert!(took < std::time::Duration::from_secs(2), "{what}: {took:?}");
        println!(
            "attack: amplified Olympia post {what} ({} bytes, {boosted} figures boosted) -> 422 {code} in {took:?}, stored 0 bytes",
            text.len()
        );
    }
    assert_eq!(stored_battles(&app).await, 0);
}

/// A battle whose numbers are not the realm's, dated in the year 2255: refused. The honest battle
/// dated 2255 is stored, dated now; one dated before its revision is dated at the revision.
#[actix_web::test]
async fn forged_numbers_and_future_dates_do_not_enter_history() {
    let (_dir, st) = state_defaults();
    let app = app(st).await;
    let realm = engine::demo_realm();
    let (a, d) = biggest_pair(&realm);
    let record = engine::fight(&realm, a, d, engine::BattleSystem::V2, 7).unwrap();
    let year_2255 = 9_000_000_000_000i64;
    let mut forged = common::battle_ref(1, year_2255, 1, engine::BattleSystem::V2, a, d, 7);
    forged["record"] = serde_json::to_value(&record).unwrap();
    let power = forged["record"]["input"]["setup"]["attacker"]["power"].clone();
    if let Some(p) = power.as_f64() {
        forged["record"]["input"]["setup"]["attacker"]["power"] = serde_json::json!(p * 2.0);
    } else {
        let s = forged["record"]["input"]["setup"]["strength_a"]
            .as_f64()
            .unwrap();
        forged["record"]["input"]["setup"]["strength_a"] = serde_json::json!(s * 2.0);
    }
    let (status, err) = send(&app, post_battle(&forged)).await;
    assert_eq!(status, 422, "{err}");
    assert_eq!(err["error"]["code"], "forged");
    println!(
        "attack: doubled Power, dated 2255 -> 422 forged at {}",
        err["error"]["field"]
    );
    let before = server::db::now_ms();
    let honest = common::battle_ref(2, year_2255, 1, engine::BattleSystem::V2, a, d, 7);
    let (status, res) = send(&app, post_battle(&honest)).await;
    assert_eq!(status, 201, "{res}");
    let (_, stored) = send(&app, TestRequest::get().uri("/api/history/2")).await;
    let ts = stored["timestamp"].as_i64().unwrap();
    assert!(
        ts >= before && ts <= server::db::now_ms(),
        "dated now, not 2255: {ts}"
    );
    assert_eq!(stored["record"], serde_json::to_value(&record).unwrap());
    let early = common::battle_ref(3, 5, 1, engine::BattleSystem::V1, a, d, 8);
    let (status, _) = send(&app, post_battle(&early)).await;
    assert_eq!(status, 201);
    let (_, stored) = send(&app, TestRequest::get().uri("/api/history/3")).await;
    assert!(
        stored["timestamp"].as_i64().unwrap() > 1_000_000,
        "not before its revision"
    );
    println!("attack: honest battle dated 2255 -> stored dated {ts} (now); dated 1970 -> dated at its revision");
    let (_, list) = send(&app, TestRequest::get().uri("/api/history")).await;
    assert_eq!(list["entries"].as_array().unwrap().len(), 2);
}

/// A battle names the revision it was fought on: the server rebuilds that revision after the realm
/// has moved on, refuses one it never had, and one past the kept window as `realm_changed`.
#[actix_web::test]
async fn a_battle_is_fought_on_its_own_revision_until_the_window_closes() {
    let (_dir, st) = common::state();
    let db = st.db.clone();
    let app = app(st).await;
    let realm = engine::demo_realm();
    let (a, d) = biggest_pair(&realm);
    let seeded = common::cursor(&app).await;
    // The realm moves on: an editor renames the attacker and votes move ratings.
    let (status, res) = common::rename_faction(&app, Some(a), "Renamed Since").await;
    assert_eq!(status, 200, "{res}");
    let now_rev = common::cursor(&app).await;
    assert!(now_rev > seeded);
    // Fought on the seeded revision: the old name, exactly the engine's fight on the demo.
    let old = common::battle_ref(40, 0, seeded, engine::BattleSystem::V2, a, d, 99);
    let (status, res) = send(&app, post_battle(&old)).await;
    assert_eq!(status, 201, "{res}");
    let (_, stored) = send(&app, TestRequest::get().uri("/api/history/40")).await;
    let expect = engine::fight(&realm, a, d, engine::BattleSystem::V2, 99).unwrap();
    assert_eq!(stored["record"], serde_json::to_value(&expect).unwrap());
    // On the new revision: the new name.
    let new = common::battle_ref(41, 0, now_rev, engine::BattleSystem::V2, a, d, 99);
    let (status, _) = send(&app, post_battle(&new)).await;
    assert_eq!(status, 201);
    let (_, stored) = send(&app, TestRequest::get().uri("/api/history/41")).await;
    assert_eq!(
        stored["record"]["input"]["setup"]["attacker"]["name"],
        "Renamed Since"
    );
    // A revision the server never gave out.
    let future = common::battle_ref(42, 0, now_rev + 1000, engine::BattleSystem::V2, a, d, 1);
    let (status, err) = send(&app, post_battle(&future)).await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (422, Some("unknown_revision"))
    );
    // Past the window (pruned as if the window were already over): realm_changed.
    let oldest = db.prune_versions(server::db::now_ms() + 1, 0).unwrap();
    assert_eq!(oldest, now_rev);
    let stale = common::battle_ref(43, 0, seeded, engine::BattleSystem::V2, a, d, 2);
    let (status, err) = send(&app, post_battle(&stale)).await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (422, Some("realm_changed"))
    );
    assert_eq!(err["error"]["field"], "fought_on");
    // The newest revision is still current and fights.
    let current = common::battle_ref(44, 0, now_rev, engine::BattleSystem::V1, a, d, 2);
    let (status, _) = send(&app, post_battle(&current)).await;
    assert_eq!(status, 201);
    println!(
        "attack: battles on revision {seeded} (superseded), {now_rev} (current) stored; {} (never given) -> unknown_revision; {seeded} after the window -> realm_changed",
        now_rev + 1000
    );
}

/// The worst battle an anonymous visitor can make the server fight: every system on the demo's
/// two largest factions. Each is the realm's own, so its time and size are bounded by the realm.
#[actix_web::test]
async fn the_worst_battle_by_reference_is_bounded_by_the_realm() {
    let (_dir, st) = common::state();
    let app = app(st).await;
    let realm = engine::demo_realm();
    let (a, d) = biggest_pair(&realm);
    for (i, system) in engine::BattleSystem::ALL.into_iter().enumerate() {
        for (j, (x, y)) in [(a, d), (d, a)].into_iter().enumerate() {
            let id = 100 + 2 * i as u64 + j as u64;
            let body = common::battle_ref(id, 0, 1, system, x, y, 0xfeed + id);
            let t = std::time::Instant::now();
            let (status, res) = send(&app, post_battle(&body)).await;
            let took = t.elapsed();
            assert_eq!(status, 201, "{res}");
            let res = actix_web::test::call_service(
                &app,
                TestRequest::get()
                    .uri(&format!("/api/history/{id}"))
                    .to_request(),
            )
            .await;
            let bytes = actix_web::test::read_body(res).await.len();
            assert!(bytes < server::battle_check::MAX_RECORD);
            println!(
                "attack: {} bytes posted: {} {x} v {y} -> fought and stored in {took:?} ({} build), {bytes} bytes",
                body.to_string().len(),
                system.name(),
                if cfg!(debug_assertions) { "debug" } else { "release" }
            );
        }
    }
}

/// A vote for the first photo of every pair in a `POST /api/pairs` answer, as a script sends it.
fn votes_on(deal: &serde_json::Value) -> Vec<serde_json::Value> {
    deal["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| json!({"token": p["token"], "chosen": p["a"], "other": p["b"], "cast_at": 1}))
        .collect()
}

/// The stuffing of the issue, and what a script tries next, against the limits a server starts
/// with, from one address. Before: 300 votes for one pair from 300 voter ids the client chose,
/// `cast_at` a day apart, `shown_at` 5 s before each, all counted. Now a voter is a pass the
/// server signed, a vote needs a pair token the server handed out, and every time is the
/// server's: the made-up voters count nothing, a token counts once however often it is sent, a
/// vote sent the moment its pair arrives is too fast, and what one address can count at all is one
/// voter's allowance.
#[actix_web::test]
async fn stuffed_votes_count_no_more_than_one_voters_allowance() {
    let (_dir, st) = state_defaults();
    let limits = server::config::VoteLimits::default();
    let db = st.db.clone();
    let app = app(st).await;
    let pool = engine::arena_pool(&engine::demo_realm());
    let (a, b) = (pool[0].photo_id, pool[1].photo_id);
    // The made-up voters come from one address, the script that takes passes from another, so
    // each meets its own request allowance (the first exhausts its address's).
    let (puppets, script): (std::net::SocketAddr, std::net::SocketAddr) = (
        "198.51.100.23:5555".parse().unwrap(),
        "198.51.100.24:5555".parse().unwrap(),
    );
    let post_from = |peer, uri: &str, body: serde_json::Value| {
        TestRequest::post().uri(uri).peer_addr(peer).set_json(body)
    };
    let post = |uri: &str, body| post_from(script, uri, body);
    let judged_before = db.realm().await.unwrap().ratings;
    let count = |res: &serde_json::Value| {
        res["results"]
            .as_array()
            .map_or(0, |r| r.iter().filter(|r| r["counted"] == true).count())
    };

    // 1. The 300 made-up voters, no tokens.
    let (mut refused, mut limited) = (0, 0);
    let day = 24 * 3_600_000i64;
    for i in 0..300i64 {
        let cast_at = 1_700_000_000_000 + i * day;
        let body = json!({"votes": [
            {"token": format!("sock-puppet-{i}"), "chosen": a, "other": b, "cast_at": cast_at}]});
        let (status, _) = send(&app, post_from(puppets, "/api/votes", body)).await;
        match status {
            422 => refused += 1,
            429 => limited += 1,
            other => panic!("unexpected {other}"),
        }
    }
    println!("attack: 300 votes from made-up voters with made-up tokens -> 0 counted ({refused} refused 422, {limited} refused 429)");

    // 2. As many voter passes as the address will give at once.
    let mut passes = Vec::new();
    for _ in 0..20 {
        let (status, deal) = send(&app, post("/api/pairs", json!({"count": 20}))).await;
        if status == 200 {
            passes.push(deal);
        }
    }
    assert!(passes.len() <= 3, "{} new voters at once", passes.len());
    println!(
        "attack: 20 new-voter requests at once from one address -> {} passes (12 an hour, a bucket of 3)",
        passes.len()
    );

    // 3. Each pass's pairs voted on the moment they arrive, then the same batch again later.
    let batches: Vec<serde_json::Value> = passes
        .iter()
        .map(|deal| json!({ "votes": votes_on(deal) }))
        .collect();
    let mut instant = 0;
    for batch in &batches {
        let (status, res) = send(&app, post("/api/votes", batch.clone())).await;
        assert_eq!(status, 200, "{res}");
        instant += count(&res);
    }
    std::thread::sleep(std::time::Duration::from_millis(
        limits.min_answer_ms as u64 + 100,
    ));
    let mut replayed = 0;
    for batch in &batches {
        for _ in 0..5 {
            let (status, res) = send(&app, post("/api/votes", batch.clone())).await;
            assert_eq!(status, 200, "{res}");
            replayed += count(&res);
        }
    }
    assert_eq!(instant + replayed, 0, "too fast, and spent");
    println!(
        "attack: {} votes sent the moment their pairs arrived, then each batch 5 times more -> {instant} counted, {replayed} counted on replay",
        batches.len() * 20
    );

    // 4. Patient: fresh pairs for every pass, voted on after the minimum, as fast as allowed.
    let mut counted = 0;
    let mut tried = 0;
    for deal in &passes {
        for _ in 0..3 {
            let ask = json!({"voter": deal["voter"], "count": 20});
            let (status, fresh) = send(&app, post("/api/pairs", ask)).await;
            assert_eq!(status, 200, "{fresh}");
            std::thread::sleep(std::time::Duration::from_millis(
                limits.min_answer_ms as u64 + 50,
            ));
            let votes = votes_on(&fresh);
            tried += votes.len();
            let (status, res) = send(&app, post("/api/votes", json!({ "votes": votes }))).await;
            assert_eq!(status, 200, "{res}");
            counted += count(&res);
        }
    }
    assert!(
        counted <= limits.per_address_per_minute as usize,
        "{counted} counted from one address"
    );
    assert!(counted > 0, "a patient voter's votes do count");
    let after = db.realm().await.unwrap().ratings;
    let judged = |r: &[engine::Rating]| r.iter().map(|r| u64::from(r.judged)).sum::<u64>();
    assert_eq!(
        judged(&after) - judged(&judged_before),
        2 * counted as u64,
        "nothing else moved a rating"
    );
    println!(
        "attack: {} passes voting {tried} server-dealt pairs at a human pace within a minute -> {counted} counted (one voter's allowance: {} a minute; the pairs are the server's, so no photo is chosen)",
        passes.len(),
        limits.per_address_per_minute
    );
}
