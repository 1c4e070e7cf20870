//! The open site tried as an attacker would, against the limits a server starts with: what is
//! refused before any work is done (wrong content type, oversized bodies, bursts past the rate
//! limits), what every answer carries (the security headers), and what an error never says (the
//! server's paths). Each test prints what it tried and what held.

mod common;

use actix_web::test::TestRequest;
use common::{app, keyed, send, state_defaults, TestApp};
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
    let png = b"\x89PNG\r\n\x1a\nrest-of-a-png".to_vec();
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
    let vote = json!({"voter": "v", "votes": []}).to_string();
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
    assert_eq!(status, 400, "read and refused as a document, not as a size: {body}");
}

#[actix_web::test]
async fn a_burst_past_the_rate_limit_is_answered_429_with_retry_after() {
    let (_dir, st) = state_defaults();
    let limits = server::config::RateLimits::default();
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
            .set_json(json!({"voter": "other", "votes": []})),
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
