//! Brickrealm's server as a library: the route table and shared state, so `main.rs` and the
//! handler tests build exactly the same application.
//!
//! The server is thin on purpose. It stores records, validates what it is sent, and takes any
//! rule it needs from `engine`; it never computes a rule the client could disagree with.

pub mod arena;
pub mod auth;
pub mod battle_check;
pub mod bin_args;
pub mod collection;
pub mod config;
pub mod db;
pub mod display;
pub mod encoding;
pub mod error;
pub mod fixture;
pub mod headers;
pub mod hex;
pub mod live;
pub mod loopback;
pub mod rate_limit;
pub mod replays;
pub mod routes;
mod spa;
pub mod standings;
pub mod temp_download;
pub mod tokens;

use actix_web::body::BoxBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::from_fn;
use actix_web::{web, App};
use std::path::PathBuf;
use std::sync::Arc;

pub use error::ApiError;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// The database handle.
    pub db: db::Db,
    /// Where the built SPA lives (Trunk's `dist/`).
    pub dist: PathBuf,
    /// The editor key collection writes need.
    pub editor: auth::EditorKey,
    /// When a vote is stored but not counted.
    pub votes: config::VoteLimits,
    /// Every client address's allowance of anonymous writes.
    pub limiter: Arc<rate_limit::Limiter>,
    /// The security headers, with the pages' script hashes read from `dist` at start.
    pub policy: Arc<headers::Policy>,
    /// The thread that fights battles sent by reference.
    pub battles: Arc<battle_check::Checker>,
    /// Voter passes, pair tokens and each voter's last pair.
    pub arena: Arc<arena::Arena>,
    /// The thread that fits the standings, and its newest fit.
    pub standings: Arc<standings::Standings>,
    /// Reads back battle records stored without their outcome.
    pub replays: Arc<replays::Replays>,
    /// The live event streams open (`GET /api/live`).
    pub streams: Arc<live::Streams>,
}

impl AppState {
    /// The state over `db` with the key and the limits of `cfg`; reads `cfg.dist` once for the
    /// pages' Content-Security-Policy.
    pub fn new(db: db::Db, editor: auth::EditorKey, cfg: &config::Config) -> AppState {
        AppState {
            dist: cfg.dist.clone(),
            editor,
            votes: cfg.votes,
            limiter: Arc::new(rate_limit::Limiter::new(
                cfg.rates,
                cfg.client_ip_header.clone(),
            )),
            policy: Arc::new(headers::Policy::from_dist(&cfg.dist)),
            battles: Arc::new(battle_check::Checker::start(db.clone())),
            arena: Arc::new(arena::Arena::new(db.token_secret())),
            standings: Arc::new(standings::Standings::start(db.clone())),
            replays: Arc::new(replays::Replays::default()),
            streams: Arc::new(live::Streams::default()),
            db,
        }
    }
}

/// The whole application over `state`: the routes and, around every answer, the security
/// headers. `main.rs` and the handler tests build exactly this.
pub fn app(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<BoxBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new()
        .wrap(from_fn(headers::secure))
        .configure(configure(state))
}

/// Registers the API and the SPA on an actix `App`.
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        let dist = state.dist.clone();
        cfg.app_data(web::Data::new(state))
            .app_data(error::json_config(routes::MAX_BODY))
            .app_data(web::PayloadConfig::new(routes::MAX_BODY))
            .service(routes::api_scope())
            .service(spa::precompressed(&dist))
            .service(spa::service(dist))
            .default_service(web::to(spa::not_allowed));
    }
}
