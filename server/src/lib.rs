//! Brickrealm's server as a library: the route table and shared state, so `main.rs` and the
//! handler tests build exactly the same application.
//!
//! The server is thin on purpose. It stores records, validates what it is sent, and takes any
//! rule it needs from `engine`; it never computes a rule the client could disagree with.

pub mod auth;
pub mod collection;
pub mod config;
pub mod db;
pub mod error;
pub mod loopback;
pub mod routes;
mod spa;
pub mod temp_download;

use actix_web::web;
use std::path::PathBuf;

pub use error::ApiError;

/// Largest JSON body the API accepts. A whole realm document (the demo is about 0.5 MB)
/// must fit, with room for a collection several times its size.
pub const JSON_LIMIT: usize = 8 * 1024 * 1024;

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
}

/// Registers the API and the SPA on an actix `App`.
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        let dist = state.dist.clone();
        cfg.app_data(web::Data::new(state))
            .app_data(error::json_config(JSON_LIMIT))
            .app_data(web::PayloadConfig::new(JSON_LIMIT))
            .service(routes::api_scope())
            .service(spa::service(dist))
            .default_service(web::to(spa::not_allowed));
    }
}
