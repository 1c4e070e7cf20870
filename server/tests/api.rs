//! Handler tests: the real route table over an in-memory database.

use actix_web::{http::StatusCode, test};
use server::{db::Db, AppState};
use std::path::PathBuf;

fn state(dist: PathBuf) -> AppState {
    let (db, report) = Db::open_in_memory().unwrap();
    assert!(report.seeded);
    let cfg = server::config::Config {
        dist,
        ..Default::default()
    };
    AppState::new(db, server::auth::EditorKey::from_plain("k"), &cfg)
}

fn dist_with_index() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><title>Brickrealm</title>",
    )
    .unwrap();
    std::fs::write(dir.path().join("app.css"), "body{}").unwrap();
    dir
}

#[actix_web::test]
async fn health_reports_schema_and_records() {
    let app = test::init_service(server::app(state("dist".into()))).await;
    let body: serde_json::Value = test::call_and_read_body_json(
        &app,
        test::TestRequest::get().uri("/api/health").to_request(),
    )
    .await;
    assert_eq!(body["status"], "ok");
    assert!(body["schema_version"].as_u64().unwrap() >= 1);
    assert!(body["records"].as_u64().unwrap() > 0);
}

#[actix_web::test]
async fn realm_is_the_seeded_demo() {
    let app = test::init_service(server::app(state("dist".into()))).await;
    let body: serde_json::Value = test::call_and_read_body_json(
        &app,
        test::TestRequest::get().uri("/api/realm").to_request(),
    )
    .await;
    let realm: engine::Realm = serde_json::from_value(body).unwrap();
    assert_eq!(realm, engine::demo_realm());
}

#[actix_web::test]
async fn unknown_api_path_is_a_json_404() {
    let app = test::init_service(server::app(state("dist".into()))).await;
    let res =
        test::call_service(&app, test::TestRequest::get().uri("/api/nope").to_request()).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let body: serde_json::Value = test::read_body_json(res).await;
    assert_eq!(body["error"]["code"], "not_found");
}

#[actix_web::test]
async fn deep_links_fall_back_to_the_spa_shell() {
    let dist = dist_with_index();
    let app = test::init_service(server::app(state(dist.path().into()))).await;
    for uri in ["/", "/map", "/history/42"] {
        let res = test::call_service(&app, test::TestRequest::get().uri(uri).to_request()).await;
        assert_eq!(res.status(), StatusCode::OK, "{uri}");
        let body = test::read_body(res).await;
        assert!(
            String::from_utf8_lossy(&body).contains("<title>Brickrealm</title>"),
            "{uri}"
        );
    }
    let res = test::call_service(&app, test::TestRequest::get().uri("/app.css").to_request()).await;
    assert_eq!(test::read_body(res).await, "body{}");
}

#[actix_web::test]
async fn a_browser_that_accepts_brotli_gets_the_builds_brotli_copy_and_others_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<body>").unwrap();
    std::fs::write(dir.path().join("app-1f_bg.wasm"), b"\0asm plain").unwrap();
    std::fs::write(dir.path().join("app-1f_bg.wasm.br"), b"brotli bytes").unwrap();
    let app = test::init_service(server::app(state(dir.path().into()))).await;
    let get = |enc: &'static str| {
        test::TestRequest::get()
            .uri("/app-1f_bg.wasm")
            .insert_header(("accept-encoding", enc))
            .to_request()
    };
    let res = test::call_service(&app, get("gzip, deflate, br")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let header = |res: &actix_web::dev::ServiceResponse, h: &str| {
        res.headers()
            .get(h)
            .map(|v| v.to_str().unwrap().to_string())
    };
    assert_eq!(header(&res, "content-encoding").as_deref(), Some("br"));
    assert_eq!(
        header(&res, "content-type").as_deref(),
        Some("application/wasm")
    );
    assert_eq!(header(&res, "vary").as_deref(), Some("accept-encoding"));
    assert_eq!(test::read_body(res).await, "brotli bytes");

    let res = test::call_service(&app, get("gzip;q=1, br;q=0")).await;
    assert_eq!(header(&res, "content-encoding"), None);
    assert_eq!(test::read_body(res).await, "\0asm plain");
}

/// A `dist/` of two bundles, as `trunk build` makes it: the map's shell at the root, the other
/// pages' in `pages/`, and the table saying which owns what.
fn dist_with_bundles(table: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<body data-bundle=\"map\">").unwrap();
    std::fs::create_dir(dir.path().join("pages")).unwrap();
    std::fs::write(
        dir.path().join("pages/index.html"),
        "<body data-bundle=\"pages\">",
    )
    .unwrap();
    std::fs::write(dir.path().join("bundles.json"), table).unwrap();
    dir
}

const BUNDLES: &str = r#"{"bundles": [
    {"name": "map", "html": "app/index.html", "base": "/", "routes": ["/", "/map"]},
    {"name": "pages", "html": "app/pages.html", "base": "/pages/", "routes": ["/lab", "/history"]}
]}"#;

#[actix_web::test]
async fn each_deep_link_gets_the_shell_of_the_bundle_owning_it() {
    let dist = dist_with_bundles(BUNDLES);
    let app = test::init_service(server::app(state(dist.path().into()))).await;
    for (uri, bundle) in [
        ("/", "map"),
        ("/map", "map"),
        ("/lab", "pages"),
        ("/history/42?x=1", "pages"),
        ("/historyx", "map"),
        ("/nowhere", "map"),
    ] {
        let res = test::call_service(&app, test::TestRequest::get().uri(uri).to_request()).await;
        assert_eq!(res.status(), StatusCode::OK, "{uri}");
        if uri != "/" {
            // The fallback's shells are never cached (`/` is the file server's index).
            assert_eq!(
                res.headers()
                    .get("cache-control")
                    .map(|v| v.to_str().unwrap()),
                Some("no-cache"),
                "{uri}"
            );
        }
        let body = test::read_body(res).await;
        assert_eq!(
            String::from_utf8_lossy(&body),
            format!("<body data-bundle=\"{bundle}\">"),
            "{uri}"
        );
    }
}

#[actix_web::test]
async fn a_broken_bundle_table_is_a_json_error_naming_the_field() {
    let dist = dist_with_bundles(&BUNDLES.replace(r#""/pages/""#, r#""pages""#));
    let app = test::init_service(server::app(state(dist.path().into()))).await;
    let res = test::call_service(&app, test::TestRequest::get().uri("/lab").to_request()).await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: serde_json::Value = test::read_body_json(res).await;
    assert_eq!(body["error"]["code"], "spa_bundles_invalid");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("bundles[1].base"));
}

#[actix_web::test]
async fn writes_to_the_spa_are_refused_as_json() {
    let dist = dist_with_index();
    let app = test::init_service(server::app(state(dist.path().into()))).await;
    let res = test::call_service(&app, test::TestRequest::post().uri("/map").to_request()).await;
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: serde_json::Value = test::read_body_json(res).await;
    assert_eq!(body["error"]["code"], "method_not_allowed");
}

#[actix_web::test]
async fn missing_build_says_how_to_build_it() {
    let empty = tempfile::tempdir().unwrap();
    let app = test::init_service(server::app(state(empty.path().into()))).await;
    let res = test::call_service(&app, test::TestRequest::get().uri("/map").to_request()).await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
}

#[actix_web::test]
async fn reopening_a_file_keeps_its_data_and_does_not_reseed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested").join("realm.db");
    let (_, first) = Db::open(&path).unwrap();
    assert!(first.seeded && first.migrated >= 1);
    let (_, second) = Db::open(&path).unwrap();
    assert!(!second.seeded);
    assert_eq!(second.migrated, 0);
}
