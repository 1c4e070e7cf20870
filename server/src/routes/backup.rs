//! `GET /api/backup` (editor): a consistent copy of the database, made with SQLite's online
//! backup while the server keeps running, staged in a temporary file and streamed from it in
//! chunks, so memory does not grow with the database. The file is deleted once the download
//! ends, completed or not.

use crate::error::ApiError;
use crate::temp_download::TempFileBody;
use crate::AppState;
use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{web, HttpResponse};

/// Sends the copy as a download.
pub async fn get(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let path = state.db.backup_to_temp().await?;
    let body = web::block(move || TempFileBody::open(path))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/vnd.sqlite3"))
        .insert_header((
            CONTENT_DISPOSITION,
            "attachment; filename=\"brickrealm-backup.db\"",
        ))
        .body(body))
}
