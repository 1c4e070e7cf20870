//! `POST /api/votes`: anonymous arena judgements, applied in arrival order (SPEC §4.2);
//! `GET /api/votes`: the counted ones, for the standings' Bradley–Terry fit.

use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::{web, HttpResponse};
use engine::wire::{VoteBatch, VoteList};

/// The most votes one batch may carry.
pub const MAX_VOTES: usize = 500;

/// Stores every vote and counts those within the limits.
pub async fn post(state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let batch: VoteBatch = parse_json(&body)?;
    if batch.voter.is_empty() || batch.voter.len() > 64 {
        return Err(ApiError::bad_field("voter", "1 to 64 characters"));
    }
    if batch.votes.len() > MAX_VOTES {
        return Err(ApiError::bad_field(
            "votes",
            format!("at most {MAX_VOTES} votes a batch"),
        ));
    }
    if let Some(i) = batch.votes.iter().position(|v| v.chosen == v.other) {
        return Err(ApiError::bad_field(
            format!("votes[{i}].other"),
            "a photo cannot be judged against itself",
        ));
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_err(ApiError::internal)?
        .as_millis() as i64;
    let res = state.db.cast_votes(state.votes, batch, now).await?;
    Ok(HttpResponse::Ok().json(res))
}

/// Every counted judgement, oldest first, without voter ids.
pub async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let votes = state.db.counted_votes().await?;
    Ok(HttpResponse::Ok().json(VoteList { votes }))
}
