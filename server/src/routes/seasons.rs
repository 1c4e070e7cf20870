//! Seasons: `GET /api/seasons`, `PUT /api/seasons/current`, `POST /api/seasons/assign`.

use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use engine::wire::{AssignSeason, SeasonsResponse, SetCurrentSeason};

/// Every season and the current one.
pub async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let realm = state.db.realm().await?;
    Ok(HttpResponse::Ok().json(SeasonsResponse {
        seasons: realm.seasons,
        current_season: realm.settings.current_season,
    }))
}

fn no_season(field: &str, number: u32) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code: "invalid",
        message: format!("there is no season number {number}"),
        field: Some(field.into()),
    }
}

/// Sets the season the arena runs (0: none). Ratings are untouched (SPEC §4.1).
pub async fn set_current(
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let req: SetCurrentSeason = parse_json(&body)?;
    let res = state
        .db
        .change_realm(move |realm| {
            let n = req.current_season;
            if n != 0 && !realm.seasons.iter().any(|s| s.number == n) {
                return Err(no_season("current_season", n));
            }
            realm.settings.current_season = n;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::Ok().json(res))
}

/// Puts photos in a season (or, with `null`, out of the arena).
pub async fn assign(
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let req: AssignSeason = parse_json(&body)?;
    if req.photo_ids.len() > 10_000 {
        return Err(ApiError::bad_field("photo_ids", "at most 10000 photos"));
    }
    let res = state
        .db
        .change_realm(move |realm| {
            if let Some(n) = req.season {
                if !realm.seasons.iter().any(|s| s.number == n) {
                    return Err(no_season("season", n));
                }
            }
            for (i, id) in req.photo_ids.iter().enumerate() {
                let photo = realm
                    .photos
                    .iter_mut()
                    .find(|p| p.id == *id)
                    .ok_or_else(|| {
                        ApiError::bad_field(format!("photo_ids[{i}]"), "no such photo")
                    })?;
                photo.season = req.season;
            }
            Ok(())
        })
        .await?;
    Ok(HttpResponse::Ok().json(res))
}
