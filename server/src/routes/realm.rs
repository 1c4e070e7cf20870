//! `GET /api/realm` (export) and `PUT /api/realm` (import): the whole realm document.

use crate::collection::unknown_field;
use crate::error::ApiError;
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

/// Replaces the collection with the document sent: parsed with the offending path named,
/// unknown fields refused, then validated and re-derived as one change.
pub async fn put(state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let text = std::str::from_utf8(&body).map_err(|e| ApiError::bad_field("$", e.to_string()))?;
    let realm = engine::parse_realm(text).map_err(|e| {
        let field = if e.field.is_empty() {
            "$".into()
        } else {
            e.field
        };
        ApiError::bad_field(field, e.message)
    })?;
    let sent: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ApiError::bad_field("$", e.to_string()))?;
    let kept = serde_json::to_value(&realm).map_err(ApiError::internal)?;
    if let Some(path) = unknown_field(&sent, &kept, "") {
        return Err(ApiError::bad_field(
            path.trim_start_matches('.'),
            "unknown field",
        ));
    }
    Ok(HttpResponse::Ok().json(state.db.import(realm).await?))
}
