//! The editor key: every editor-only endpoint of the route table refuses a request without the
//! key (or with a wrong one) with 401, and changes nothing.

mod common;

use actix_web::test::TestRequest;
use common::{app, send, state};
use server::routes::{endpoints, Access};

#[actix_web::test]
async fn every_editor_endpoint_refuses_a_request_without_the_key() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let app = app(st).await;
    let snapshot = || async {
        let (_, realm) = send(&app, TestRequest::get().uri("/api/realm")).await;
        let (_, pull) = send(&app, TestRequest::get().uri("/api/sync/pull?since=0")).await;
        (realm, pull, db.stats().await.unwrap())
    };
    let before = snapshot().await;
    let photo = before.0["photos"][0]["id"].as_u64().unwrap();
    let editor: Vec<_> = endpoints()
        .into_iter()
        .filter(|e| e.access == Access::Editor)
        .collect();
    assert!(editor.len() >= 2, "the table lists the editor endpoints");
    for e in editor {
        let uri = format!("/api{}", e.path.replace("{id}", &photo.to_string()));
        for header in [
            None,
            Some(("Authorization", "Bearer wrong")),
            Some(("X-Editor-Key", "wrong")),
        ] {
            let mut req = TestRequest::default()
                .method(e.method.clone())
                .uri(&uri)
                .set_payload(r#"{"anything": true}"#);
            if let Some(h) = header {
                req = req.insert_header(h);
            }
            let (status, body) = send(&app, req).await;
            assert_eq!(status, 401, "{} {uri} with {header:?}: {body}", e.method);
            assert_eq!(body["error"]["code"], "unauthorized");
        }
    }
    assert_eq!(snapshot().await, before);
}

#[actix_web::test]
async fn either_header_carries_the_key() {
    let (_dir, st) = state();
    let app = app(st).await;
    for (name, value) in [
        ("Authorization", format!("Bearer {}", common::KEY)),
        ("X-Editor-Key", common::KEY.to_string()),
    ] {
        let req = TestRequest::post()
            .uri("/api/sync/push")
            .insert_header((name, value))
            .set_json(serde_json::json!({"client_id": name, "mutations": []}));
        let (status, body) = send(&app, req).await;
        assert_eq!(status, 200, "{name}: {body}");
    }
}

#[actix_web::test]
async fn a_generated_key_is_returned_once_and_kept_hashed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.db");
    let (db, _) = server::db::Db::open(&path).unwrap();
    let (key, plain) = db.editor_key(None).unwrap();
    let plain = plain.expect("a first start generates a key");
    assert!(key.matches(&plain));
    drop(db);
    let (db, _) = server::db::Db::open(&path).unwrap();
    let (again, none) = db.editor_key(None).unwrap();
    assert_eq!(none, None);
    assert!(again.matches(&plain));
    let (set, _) = db.editor_key(Some("chosen".into())).unwrap();
    assert!(set.matches("chosen") && !set.matches(&plain));
    let raw = std::fs::read(&path).unwrap();
    assert!(!raw.windows(plain.len()).any(|w| w == plain.as_bytes()));
}
