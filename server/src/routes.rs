//! The `/api` scope: thin handlers that validate, call `db`, and answer JSON.

mod realm;

use crate::error::ApiError;
use crate::AppState;
use actix_web::{web, HttpResponse};
use serde::Serialize;

/// Everything under `/api`. Anything else under it is a JSON 404, never the SPA.
pub fn api_scope() -> actix_web::Scope {
    web::scope("/api")
        .route("/health", web::get().to(health))
        .route("/realm", web::get().to(realm::get))
        .default_service(web::to(unknown))
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    version: &'static str,
    schema_version: u32,
    records: u64,
}

async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let (schema_version, records) = state.db.stats().await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        schema_version,
        records,
    }))
}

async fn unknown(req: actix_web::HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found(format!(
        "no API endpoint {} {}",
        req.method(),
        req.path()
    )))
}
