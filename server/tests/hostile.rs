//! Hostile input: well over a thousand generated bad requests across every endpoint of the route
//! table — truncated and malformed JSON, wrong types, huge numbers, NaN, unknown fields, deep
//! nesting, oversized bodies, markup and SQL in strings, wrong content types, forged image bytes,
//! bad path and query parameters, and path traversal on the static files.
//!
//! What must hold: no 5xx and no panic, ever; a request that cannot be right is refused with a 4xx
//! whose body says what was wrong (`error.code`), and a 400 or 422 names the field; a request that
//! happens to be acceptable (a markup string is a legal name) is stored verbatim; and afterwards
//! the realm still validates. The test prints its tally.

mod common;

use actix_web::http::Method;
use actix_web::test::TestRequest;
use common::{app, keyed, send, state, Voter};
use serde_json::{json, Value};
use server::routes::{endpoints, Access};

/// What a generated request is allowed to get back.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// It cannot be right: a 4xx with an error body (and a field on 400/422).
    Refused,
    /// It may be acceptable: anything but a 5xx.
    Either,
}

/// One generated request.
struct Probe {
    method: Method,
    uri: String,
    content_type: &'static str,
    body: Vec<u8>,
    keyed: bool,
    expect: Expect,
    what: String,
}

impl Probe {
    fn json(
        method: &Method,
        uri: &str,
        body: impl Into<Vec<u8>>,
        expect: Expect,
        what: String,
    ) -> Self {
        Probe {
            method: method.clone(),
            uri: uri.to_string(),
            content_type: "application/json",
            body: body.into(),
            keyed: true,
            expect,
            what,
        }
    }
}

/// Raw JSON tokens that no field of any body accepts (not JSON at all, or out of every range).
const NEVER_VALID: &[&str] = &[
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "{\"$gt\": 0}",
    "[[[[[[[[[[]]]]]]]]]]",
    "\"\\ud800\"",
];

/// Strings that are legal text and must be stored as text, never interpreted.
const HOSTILE_STRINGS: &[&str] = &[
    "<script>alert(1)</script>",
    "'; DROP TABLE records; --",
    "\" OR 1=1 --",
    "../../../../etc/passwd",
    "\u{202e}evil\u{0000}",
];

/// Every leaf of a JSON value, as a JSON-pointer.
fn leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m.iter().for_each(|(k, v)| {
            leaves(
                v,
                format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                out,
            )
        }),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, v)| leaves(v, format!("{at}/{i}"), out)),
        _ => out.push(at),
    }
}

/// At most `n` of `items`, spread evenly, so a large document is probed from end to end.
fn spread<T: Clone>(items: &[T], n: usize) -> Vec<T> {
    if items.len() <= n {
        return items.to_vec();
    }
    (0..n).map(|i| items[i * items.len() / n].clone()).collect()
}

/// The body with the leaf at `pointer` replaced by the raw text `token`.
fn with_raw(body: &Value, pointer: &str, token: &str) -> Vec<u8> {
    const HOLE: &str = "\u{1}HOLE\u{1}";
    let mut v = body.clone();
    *v.pointer_mut(pointer).expect("a leaf of the body") = Value::String(HOLE.into());
    let text = v.to_string();
    let hole = serde_json::to_string(HOLE).unwrap();
    text.replacen(&hole, token, 1).into_bytes()
}

/// A type the leaf at `pointer` certainly does not have.
fn wrong_types(leaf: &Value) -> Vec<&'static str> {
    match leaf {
        Value::String(_) => vec!["7", "true", "[]", "{}"],
        Value::Number(_) => vec!["\"seven\"", "true", "[]", "{}"],
        Value::Bool(_) => vec!["\"yes\"", "1", "[]"],
        Value::Null => vec![],
        _ => vec![],
    }
}

/// The generated bad variants of one JSON endpoint's valid body.
fn json_probes(method: &Method, uri: &str, valid: &Value, leaf_budget: usize) -> Vec<Probe> {
    let text = valid.to_string();
    let mut out = Vec::new();
    // Truncated at many points (never at the full length), and empty.
    for i in 0..24 {
        let cut = i * text.len() / 24;
        out.push(Probe::json(
            method,
            uri,
            &text.as_bytes()[..cut],
            Expect::Refused,
            format!("truncated at {cut}"),
        ));
    }
    for junk in [
        "nope",
        "{",
        "}",
        "[]",
        "null",
        "\"a string\"",
        "{\"a\":}",
        "{,}",
        "\u{feff}{}",
    ] {
        out.push(Probe::json(
            method,
            uri,
            junk,
            Expect::Refused,
            format!("not the body: {junk}"),
        ));
    }
    // Unknown fields at the top and in every nested object (spread).
    let mut objects = vec![String::new()];
    let mut all = Vec::new();
    leaves(valid, String::new(), &mut all);
    for p in &all {
        if let Some(i) = p.rfind('/') {
            let parent = p[..i].to_string();
            if valid.pointer(&parent).is_some_and(Value::is_object) && !objects.contains(&parent) {
                objects.push(parent);
            }
        }
    }
    for parent in spread(&objects, 8) {
        let mut v = valid.clone();
        let target = if parent.is_empty() {
            Some(&mut v)
        } else {
            v.pointer_mut(&parent)
        };
        if let Some(Value::Object(m)) = target {
            m.insert("zz_unknown_field".into(), json!(1));
            out.push(Probe::json(
                method,
                uri,
                v.to_string(),
                Expect::Refused,
                format!("unknown field in {parent:?}"),
            ));
        }
    }
    // Wrong types, impossible numbers and hostile strings, leaf by leaf.
    for pointer in spread(&all, leaf_budget) {
        let leaf = valid.pointer(&pointer).unwrap();
        for token in wrong_types(leaf)
            .into_iter()
            .chain(NEVER_VALID.iter().copied())
        {
            out.push(Probe::json(
                method,
                uri,
                with_raw(valid, &pointer, token),
                Expect::Refused,
                format!("{pointer} = {token}"),
            ));
        }
        if leaf.is_string() {
            for s in HOSTILE_STRINGS {
                let token = serde_json::to_string(s).unwrap();
                out.push(Probe::json(
                    method,
                    uri,
                    with_raw(valid, &pointer, &token),
                    Expect::Either,
                    format!("{pointer} = {token}"),
                ));
            }
        }
        if leaf.is_number() {
            for token in [
                "-1",
                "0",
                "9007199254740993",
                "-9223372036854775809",
                "1.5e300",
                "0.1",
            ] {
                out.push(Probe::json(
                    method,
                    uri,
                    with_raw(valid, &pointer, token),
                    Expect::Either,
                    format!("{pointer} = {token}"),
                ));
            }
        }
    }
    // Deep nesting, and a body past the size limit.
    out.push(Probe::json(
        method,
        uri,
        "[".repeat(100_000),
        Expect::Refused,
        "deep array".into(),
    ));
    out.push(Probe::json(
        method,
        uri,
        "{\"a\":".repeat(50_000),
        Expect::Refused,
        "deep object".into(),
    ));
    let mut huge = b"{\"pad\":\"".to_vec();
    huge.resize(server::routes::MAX_BODY + 1024, b'x');
    huge.extend_from_slice(b"\"}");
    out.push(Probe::json(
        method,
        uri,
        huge,
        Expect::Refused,
        "oversized".into(),
    ));
    // The valid body under content types it is not.
    for ct in [
        "text/plain",
        "application/xml",
        "multipart/form-data; boundary=x",
    ] {
        let mut p = Probe::json(
            method,
            uri,
            text.clone(),
            Expect::Either,
            format!("content type {ct}"),
        );
        p.content_type = ct;
        out.push(p);
    }
    out
}

/// Valid bodies for every JSON endpoint, from the seeded realm.
fn valid_bodies(realm: &Value, voter: &Voter) -> Vec<(Method, &'static str, Value, usize)> {
    let photos = realm["photos"].as_array().unwrap();
    let (a, b) = (
        photos[0]["id"].as_u64().unwrap(),
        photos[1]["id"].as_u64().unwrap(),
    );
    let season = realm["seasons"][0]["id"].as_u64().unwrap();
    let faction = &realm["factions"][0];
    let demo: engine::Realm = serde_json::from_value(realm.clone()).unwrap();
    let (att, def) = fighters(&demo);
    vec![
        (Method::PUT, "/api/realm", realm.clone(), 12),
        (
            Method::POST,
            "/api/sync/push",
            json!({"client_id": "hostile", "mutations": [{"mutation_id": 1, "op": "put", "kind": "faction",
                "id": faction["id"], "base_revision": 1, "body": faction}]}),
            20,
        ),
        (
            Method::POST,
            "/api/pairs",
            json!({"voter": voter.pass, "count": 3}),
            4,
        ),
        (
            Method::POST,
            "/api/votes",
            voter.batch(vec![voter.vote(a, b)]),
            10,
        ),
        (
            Method::PUT,
            "/api/seasons/current",
            json!({"current_season": season}),
            4,
        ),
        (
            Method::POST,
            "/api/seasons/assign",
            json!({"season": season, "photo_ids": [a, b]}),
            6,
        ),
        (
            Method::POST,
            "/api/history",
            // By reference, on the realm as seeded (counter 1), rebuilt however the probes
            // before it changed the realm since.
            json!({"id": 777, "timestamp": 1_700_000_000_000i64, "source": "map", "fought_on": 1,
                   "attacker": att, "defender": def, "system": "v2", "seed": 99}),
            16,
        ),
    ]
}

/// Two ordinary factions that can fight each other.
fn fighters(realm: &engine::Realm) -> (u64, u64) {
    let ordinary = realm.ordinary_ids();
    (ordinary[0], ordinary[1])
}

/// Bad path and query parameters on the read endpoints.
fn query_probes(photo: u64) -> Vec<Probe> {
    let get = |uri: String, expect| Probe {
        method: Method::GET,
        uri,
        content_type: "application/json",
        body: Vec::new(),
        keyed: false,
        expect,
        what: "query".into(),
    };
    let mut out = Vec::new();
    for bad in [
        "-1",
        "abc",
        "1e999",
        "NaN",
        "18446744073709551616",
        "%00",
        "1;DROP%20TABLE%20records",
    ] {
        out.push(get(format!("/api/sync/pull?since={bad}"), Expect::Refused));
        out.push(get(format!("/api/history?faction={bad}"), Expect::Refused));
        // A timestamp before 1970 is a legal (if odd) lower bound.
        let from = if bad == "-1" {
            Expect::Either
        } else {
            Expect::Refused
        };
        out.push(get(format!("/api/history?from={bad}"), from));
        out.push(get(format!("/api/history?limit={bad}"), Expect::Refused));
        out.push(get(format!("/api/history?before={bad}"), Expect::Refused));
        out.push(get(
            format!("/api/history?before={bad}.{bad}"),
            Expect::Refused,
        ));
        out.push(get(format!("/api/history/{bad}"), Expect::Refused));
        out.push(get(format!("/api/photos/{bad}/image"), Expect::Refused));
    }
    for either in [
        "system=%3Cscript%3E",
        "system='%20OR%201=1",
        "to=0&from=99",
        "faction=0",
        "unknown=1",
    ] {
        out.push(get(format!("/api/history?{either}"), Expect::Either));
    }
    out.push(get("/api/history/999999999".into(), Expect::Refused));
    out.push(get("/api/photos/999999999/image".into(), Expect::Refused));
    out.push(get(format!("/api/photos/{photo}/image"), Expect::Either));
    out
}

/// Forged and oversized image bytes.
fn image_probes(photo: u64) -> Vec<Probe> {
    let mut oversized = b"\x89PNG\r\n\x1a\n".to_vec();
    oversized.resize(5 * 1024 * 1024 + 1, 0);
    let forged: Vec<(&str, Vec<u8>)> = vec![
        ("empty", vec![]),
        ("text claiming png", b"hello, I am a PNG".to_vec()),
        ("html", b"<html><script>alert(1)</script></html>".to_vec()),
        ("gif", b"GIF89a\x01\x00\x01\x00".to_vec()),
        ("svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec()),
        ("png magic cut short", b"\x89PNG\r\n".to_vec()),
        (
            "riff but not webp",
            b"RIFF\x00\x00\x00\x00WAVEfmt ".to_vec(),
        ),
        ("windows exe", b"MZ\x90\x00\x03\x00\x00\x00".to_vec()),
        ("oversized png", oversized),
    ];
    let mut out = Vec::new();
    for (what, bytes) in forged {
        for ct in ["image/png", "image/jpeg", "application/octet-stream"] {
            out.push(Probe {
                method: Method::PUT,
                uri: format!("/api/photos/{photo}/image"),
                content_type: ct,
                body: bytes.clone(),
                keyed: true,
                expect: Expect::Refused,
                what: format!("image: {what} as {ct}"),
            });
        }
    }
    for bad in ["abc", "-1", "99999999999999999999", "..%2F..%2Fetc"] {
        out.push(Probe {
            method: Method::PUT,
            uri: format!("/api/photos/{bad}/image"),
            content_type: "image/png",
            body: b"\x89PNG\r\n\x1a\n0000".to_vec(),
            keyed: true,
            expect: Expect::Refused,
            what: format!("image for photo {bad}"),
        });
    }
    out
}

/// Methods the table does not list, on every path it does.
fn method_probes() -> Vec<Probe> {
    let mut out = Vec::new();
    for e in endpoints() {
        let uri = format!("/api{}", e.path.replace("{id}", "1"));
        for m in [
            Method::DELETE,
            Method::PATCH,
            Method::OPTIONS,
            Method::PUT,
            Method::POST,
        ] {
            if m == e.method
                || endpoints()
                    .iter()
                    .any(|o| o.path == e.path && o.method == m)
            {
                continue;
            }
            out.push(Probe {
                method: m.clone(),
                uri: uri.clone(),
                content_type: "application/json",
                body: b"{}".to_vec(),
                keyed: e.access == Access::Editor,
                expect: Expect::Refused,
                what: format!("{m} on {}", e.path),
            });
        }
    }
    out
}

/// A sync push answered 200 whose every mutation was rejected with its field named.
fn rejected_in_batch(body: &Value) -> bool {
    body["results"].as_array().is_some_and(|results| {
        !results.is_empty()
            && results
                .iter()
                .all(|r| r["status"] == "rejected" && r["error"]["field"].is_string())
    })
}

#[actix_web::test]
async fn a_thousand_hostile_requests_get_no_5xx_and_named_refusals() {
    let (dir, st) = state();
    std::fs::create_dir_all(&st.dist).unwrap();
    std::fs::write(
        st.dist.join("index.html"),
        "<!doctype html><title>Brickrealm</title>",
    )
    .unwrap();
    std::fs::write(dir.path().join("secret.txt"), "root:x:0:0 outside dist").unwrap();
    let voter = Voter::new(&st);
    let app = app(st).await;
    let (_, realm) = send(&app, TestRequest::get().uri("/api/realm")).await;
    let photo = realm["photos"][0]["id"].as_u64().unwrap();

    let mut probes = Vec::new();
    for (method, uri, valid, budget) in valid_bodies(&realm, &voter) {
        probes.extend(json_probes(&method, uri, &valid, budget));
    }
    probes.extend(query_probes(photo));
    probes.extend(image_probes(photo));
    probes.extend(method_probes());
    assert!(
        probes.len() >= 1_000,
        "only {} probes generated",
        probes.len()
    );

    let (mut refused, mut accepted) = (0, 0);
    for (i, p) in probes.iter().enumerate() {
        // A fresh sync client and voter per probe: a refused mutation still uses up its id, and
        // the point is each probe's own answer, not the protocol's duplicate detection.
        let body = match std::str::from_utf8(&p.body) {
            Ok(text) if text.len() <= 4096 => text
                .replacen("\"hostile\"", &format!("\"hostile-{i}\""), 1)
                .into_bytes(),
            _ => p.body.clone(),
        };
        let mut req = TestRequest::default()
            .method(p.method.clone())
            .uri(&p.uri)
            .insert_header(("Content-Type", p.content_type))
            .set_payload(body);
        if p.keyed {
            req = keyed(req);
        }
        let (status, body) = send(&app, req).await;
        let label = format!("{} {} [{}] -> {status}: {body}", p.method, p.uri, p.what);
        assert!(status < 500, "a server error: {label}");
        if (400..500).contains(&status) {
            refused += 1;
            assert!(
                body["error"]["code"].is_string(),
                "a refusal without a code: {label}"
            );
            if status == 400 || status == 422 {
                assert!(
                    body["error"]["field"].is_string(),
                    "a refusal without its field: {label}"
                );
            }
        } else if rejected_in_batch(&body) {
            // The sync protocol answers a batch with one result per mutation.
            refused += 1;
        } else {
            assert_eq!(
                p.expect,
                Expect::Either,
                "accepted what cannot be right: {label}"
            );
            accepted += 1;
        }
    }

    // Path traversal on the static files never leaves dist.
    let traversals = [
        "/../secret.txt",
        "/..%2Fsecret.txt",
        "/%2e%2e/secret.txt",
        "/%2e%2e%2fsecret.txt",
        "/assets/../../secret.txt",
        "/....//secret.txt",
        "/..\\secret.txt",
        "/%252e%252e/secret.txt",
        "/index.html%00.txt",
    ];
    for t in traversals {
        let res = actix_web::test::call_service(&app, TestRequest::get().uri(t).to_request()).await;
        let status = res.status().as_u16();
        let bytes = actix_web::test::read_body(res).await;
        assert!(status < 500, "{t} -> {status}");
        assert!(
            !String::from_utf8_lossy(&bytes).contains("root:x"),
            "{t} escaped dist"
        );
    }

    // The realm is still whole, and what was stored as text came back as text.
    let (status, after) = send(&app, TestRequest::get().uri("/api/realm")).await;
    assert_eq!(status, 200);
    let after: engine::Realm = serde_json::from_value(after).expect("the realm still parses");
    assert!(after.validate().is_ok(), "the realm still validates");
    println!(
        "hostile: {} requests + {} traversals, 0 server errors, {refused} refused, {accepted} acceptable and taken",
        probes.len(),
        traversals.len()
    );
}
