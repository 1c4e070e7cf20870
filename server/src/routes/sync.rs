//! `POST /api/sync/push` and `GET /api/sync/pull?since=N` (protocol in docs/sync.md).

use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::{web, HttpResponse};
use engine::wire::{PushRequest, MAX_CLIENT_ID};

/// The most mutations one push may carry.
pub const MAX_MUTATIONS: usize = 5000;

/// Applies a client's queued mutations and answers one result per mutation.
pub async fn push(state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let req: PushRequest = parse_json(&body)?;
    if req.client_id.is_empty() || req.client_id.len() > MAX_CLIENT_ID {
        return Err(ApiError::bad_field(
            "client_id",
            format!("1 to {MAX_CLIENT_ID} characters"),
        ));
    }
    if req.mutations.len() > MAX_MUTATIONS {
        return Err(ApiError::bad_field(
            "mutations",
            format!("at most {MAX_MUTATIONS} mutations a push"),
        ));
    }
    Ok(HttpResponse::Ok().json(state.db.push(req).await?))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Since {
    #[serde(default)]
    since: u64,
}

/// Every record changed after the cursor, tombstones included: the biggest answer a first visit
/// waits for, so compressed harder than the middleware would (`encoding`).
pub async fn pull(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q: Since = web::Query::<Since>::from_query(req.query_string())
        .map_err(|e| ApiError::bad_field("since", e.to_string()))?
        .into_inner();
    let pull = state.db.pull(q.since).await?;
    let json = serde_json::to_vec(&pull).map_err(ApiError::internal)?;
    Ok(crate::encoding::json_answer(&req, json))
}
