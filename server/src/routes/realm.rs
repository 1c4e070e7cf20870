//! `GET /api/realm` (export) and `PUT /api/realm` (import): the whole realm document; and
//! `GET /api/summary`, the part of it the map draws first.

use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::{web, HttpResponse};
use engine::{Realm, Record};

/// Assembles and returns the document. Stored records were validated on the way in; a row that
/// no longer parses is the server's fault, so it is a 500 rather than a 400.
pub async fn get(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let rows = state.db.live_records().await?;
    let realm = Realm::from_records(rows.into_iter().map(|r| Record {
        kind: r.kind,
        id: r.id,
        body: r.body,
    }))
    .map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(realm))
}

/// Replaces the collection with the document sent: read strictly (the offending path named,
/// unknown fields refused), then validated and re-derived as one change.
pub async fn put(state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let realm: Realm = parse_json(&body)?;
    Ok(HttpResponse::Ok().json(state.db.import(realm).await?))
}

/// What the map draws on a first visit before the full pull arrives (`engine::wire::MapSummary`).
pub async fn summary(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let json = state.db.summary().await?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(json.as_str().to_owned()))
}
