//! `GET /api/realm`: the whole realm document, assembled from the stored records.

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
