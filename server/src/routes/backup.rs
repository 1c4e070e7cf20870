//! `GET /api/backup` (editor): a consistent copy of the database, made with SQLite's online
//! backup while the server keeps running.

use crate::error::ApiError;
use crate::AppState;
use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{web, HttpResponse};

/// Sends the copy as a download.
pub async fn get(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let mut name = [0u8; 8];
    getrandom::getrandom(&mut name).map_err(ApiError::internal)?;
    let hex: String = name.iter().map(|b| format!("{b:02x}")).collect();
    let path = std::env::temp_dir().join(format!("brickrealm-backup-{hex}.db"));
    state.db.backup_to(path.clone()).await?;
    let read = web::block({
        let path = path.clone();
        move || std::fs::read(path)
    })
    .await
    .map_err(ApiError::internal);
    let _ = std::fs::remove_file(&path);
    let bytes = read?.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/vnd.sqlite3"))
        .insert_header((
            CONTENT_DISPOSITION,
            "attachment; filename=\"brickrealm-backup.db\"",
        ))
        .body(bytes))
}
