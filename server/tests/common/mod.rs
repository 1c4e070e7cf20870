//! Shared set-up for the handler tests: a real SQLite file in a temporary directory.
#![allow(dead_code)]

use actix_web::dev::{Service, ServiceResponse};
use actix_web::test;
use server::config::{Config, RateLimits, VoteLimits};
use server::{auth::EditorKey, db::Db, AppState};

/// The editor key every test server accepts.
pub const KEY: &str = "test-editor-key-16";

/// A seeded database file and the state over it; keep the directory alive.
pub fn state() -> (tempfile::TempDir, AppState) {
    state_with(VoteLimits::default())
}

/// As [`state`], with vote limits. The rate limits are raised far past any test's requests (the
/// attack tests take [`state_defaults`], with the limits a real server starts with).
pub fn state_with(votes: VoteLimits) -> (tempfile::TempDir, AppState) {
    state_config(Config {
        votes,
        rates: RateLimits {
            votes: 1_000_000,
            history: 1_000_000,
            new_voters_per_hour: 1_000_000,
        },
        ..Config::default()
    })
}

/// A seeded database with every limit as a server started without flags has them.
pub fn state_defaults() -> (tempfile::TempDir, AppState) {
    state_config(Config::default())
}

/// A seeded database file under `cfg` (its `dist` replaced by a directory in the temporary one).
pub fn state_config(cfg: Config) -> (tempfile::TempDir, AppState) {
    let dir = tempfile::tempdir().unwrap();
    let (db, report) = Db::open(&dir.path().join("realm.db")).unwrap();
    assert!(report.seeded);
    let cfg = Config {
        dist: dir.path().join("dist"),
        ..cfg
    };
    let state = AppState::new(db, EditorKey::from_plain(KEY), &cfg);
    (dir, state)
}

/// What [`app`] returns, for helpers that take it: a service of test requests.
pub trait TestApp:
    Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>
{
}

impl<T> TestApp for T where
    T: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>
{
}

/// The application over `state`.
pub async fn app(
    state: AppState,
) -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    test::init_service(server::app(state)).await
}

/// The current revision of the `kind` record `id`, from a full pull.
pub async fn revision(app: &impl TestApp, kind: &str, id: u64) -> u64 {
    let (_, pull) = send(app, test::TestRequest::get().uri("/api/sync/pull?since=0")).await;
    pull["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == kind && r["id"] == id)
        .unwrap_or_else(|| panic!("no {kind} {id} in {pull}"))["revision"]
        .as_u64()
        .unwrap()
}

/// Sends a request and returns the status and the JSON body (`null` when empty).
pub async fn send(app: &impl TestApp, req: test::TestRequest) -> (u16, serde_json::Value) {
    let res = test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let bytes = test::read_body(res).await;
    let body = if bytes.is_empty() {
        serde_json::Value::Null
    } else {
        serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null)
    };
    (status, body)
}

/// A request carrying the editor key.
pub fn keyed(req: test::TestRequest) -> test::TestRequest {
    req.insert_header(("Authorization", format!("Bearer {KEY}")))
}

/// Renames faction `id` (the first faction when `None`) through a sync push with the editor key,
/// at its current revision, and returns the push's status and answer.
pub async fn rename_faction(
    app: &impl TestApp,
    id: Option<u64>,
    name: &str,
) -> (u16, serde_json::Value) {
    let (_, pull) = send(app, test::TestRequest::get().uri("/api/sync/pull?since=0")).await;
    let rec = pull["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "faction" && id.is_none_or(|id| r["id"] == id))
        .unwrap_or_else(|| panic!("no faction {id:?} in {pull}"))
        .clone();
    let mut body = rec["body"].clone();
    body["name"] = serde_json::json!(name);
    send(
        app,
        keyed(test::TestRequest::post().uri("/api/sync/push")).set_json(serde_json::json!({
            "client_id": "editor", "mutations": [{"mutation_id": 1, "op": "put", "kind": "faction",
            "id": rec["id"], "base_revision": rec["revision"], "body": body}]})),
    )
    .await
}

/// A real PNG of `w × h` pixels (a gradient), which the server can decode and scale.
pub fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x ^ y) % 256) as u8])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

/// The server's change counter now: the pull cursor a client that just pulled holds.
pub async fn cursor(app: &impl TestApp) -> u64 {
    let (_, pull) = send(app, test::TestRequest::get().uri("/api/sync/pull?since=0")).await;
    pull["cursor"].as_u64().unwrap()
}

/// A battle by reference, as the app sends it: fought on the realm at counter `fought_on`.
pub fn battle_ref(
    id: u64,
    timestamp: i64,
    fought_on: u64,
    system: engine::BattleSystem,
    attacker: u64,
    defender: u64,
    seed: u64,
) -> serde_json::Value {
    serde_json::json!({
        "id": id, "timestamp": timestamp, "source": "map", "fought_on": fought_on,
        "attacker": attacker, "defender": defender, "system": system.name(), "seed": seed,
    })
}

/// A voter as the server would issue one, for tests that vote on pairs of their own choosing:
/// its pass and tokens are signed with the test server's own secret, exactly as `POST
/// /api/pairs` signs them.
pub struct Voter {
    /// The voter id inside the pass (what the votes table holds).
    pub id: String,
    /// The pass the client sends.
    pub pass: String,
    signer: server::tokens::Signer,
}

/// How long before a test vote its pair was handed out: past any answer-time minimum, well
/// within a token's life.
pub const HANDED_OUT_BEFORE_MS: i64 = 120_000;

impl Voter {
    /// A new voter of the server over `state`.
    pub fn new(state: &AppState) -> Voter {
        let (id, pass) = state.arena.new_voter().unwrap();
        Voter {
            id,
            pass,
            signer: state.arena.signer().clone(),
        }
    }

    /// A token for the pair `(a, b)` handed out at `issued` (ms, server clock).
    pub fn token(&self, a: u64, b: u64, issued: i64) -> String {
        self.signer.pair_token(&server::tokens::PairClaim {
            voter: self.id.clone(),
            pair: (a, b),
            issued,
            nonce: server::tokens::random_hex(8).unwrap(),
        })
    }

    /// A vote for `chosen` over `other` on a pair handed out at `issued`.
    pub fn vote_at(&self, chosen: u64, other: u64, issued: i64) -> serde_json::Value {
        serde_json::json!({"token": self.token(chosen, other, issued), "chosen": chosen,
            "other": other, "cast_at": issued + 2_000})
    }

    /// A vote for `chosen` over `other` on a pair handed out two minutes ago.
    pub fn vote(&self, chosen: u64, other: u64) -> serde_json::Value {
        self.vote_at(chosen, other, server::db::now_ms() - HANDED_OUT_BEFORE_MS)
    }

    /// The batch body for `votes` (each token names its voter; the batch needs no pass).
    pub fn batch(&self, votes: Vec<serde_json::Value>) -> serde_json::Value {
        serde_json::json!({ "votes": votes })
    }

    /// `POST /api/votes` with `votes`.
    pub fn post(&self, votes: Vec<serde_json::Value>) -> test::TestRequest {
        test::TestRequest::post()
            .uri("/api/votes")
            .set_json(self.batch(votes))
    }
}

/// A checked vote of `voter` for the database's vote writer, on a fresh token handed out at
/// `issued`.
pub fn ballot(voter: &str, chosen: u64, other: u64, issued: i64) -> server::db::votes::Ballot {
    server::db::votes::Ballot {
        voter: voter.to_string(),
        chosen,
        other,
        cast_at: issued + 2_000,
        issued,
        nonce: server::tokens::random_hex(8).unwrap(),
    }
}

/// Every counted judgement, page after page of `page` votes, as `(chosen, other)`.
pub async fn all_counted(app: &impl TestApp, page: u32) -> Vec<(u64, u64)> {
    let (mut all, mut after) = (Vec::new(), 0);
    loop {
        let uri = format!("/api/votes?after={after}&limit={page}");
        let (status, body) = send(app, test::TestRequest::get().uri(&uri)).await;
        assert_eq!(status, 200, "{body}");
        let list: engine::wire::VoteList = serde_json::from_value(body).unwrap();
        all.extend(list.votes.iter().map(|j| (j.chosen, j.other)));
        match list.next {
            Some(n) => after = n,
            None => return all,
        }
    }
}

/// The standings once the server has fitted the collection as it is.
pub async fn settled_standings(app: &impl TestApp) -> engine::wire::StandingsResponse {
    for _ in 0..200 {
        let (status, body) = send(app, test::TestRequest::get().uri("/api/standings")).await;
        assert_eq!(status, 200, "{body}");
        let s: engine::wire::StandingsResponse = serde_json::from_value(body).unwrap();
        if !s.fitting {
            return s;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the standings never settled");
}
