//! Realm History: `POST /api/history` (append-only), `GET /api/history` (filtered, a page at a
//! time, with tallies over every match), `GET /api/history/export` (every match, streamed as CSV
//! or JSON), `GET /api/history/{id}`.

use crate::db::history::Filter;
use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

/// Appends a battle sent by reference (`engine::wire::BattleSubmission`, optionally with the
/// record the client computed): the server fights it on the realm at the revision it names, off
/// the request workers (`battle_check`), and stores its own record. 201 with the id; 409 if the id
/// exists; 422 `realm_changed` when the revision can no longer be rebuilt (or none is named),
/// `forged` when a sent record differs from the server's, `not_a_battle` when the factions cannot
/// fight; 503 `busy` when the server cannot fight it now.
pub async fn post(state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let battle: engine::wire::BattleSubmission = parse_json(&body)?;
    let checked = state.battles.check(battle, crate::db::now_ms()).await?;
    let id = checked.head.id;
    state
        .db
        .append_history(checked.head, checked.packed, checked.check)
        .await?;
    Ok(HttpResponse::Created().json(serde_json::json!({ "id": id })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Query {
    faction: Option<u64>,
    system: Option<String>,
    from: Option<i64>,
    to: Option<i64>,
    limit: Option<u32>,
    before: Option<String>,
    format: Option<String>,
}

/// A page's length when `limit` is not given, and the most it may be.
pub const PAGE_DEFAULT: u32 = 100;
/// The longest page.
pub const PAGE_MAX: u32 = 1000;

/// The filters of a query string; a bad value is a 400 naming its parameter.
fn filter_of(req: &HttpRequest) -> Result<(Filter, Option<String>), ApiError> {
    let q = web::Query::<Query>::from_query(req.query_string())
        .map_err(|e| ApiError::bad_field("query", e.to_string()))?
        .into_inner();
    let before = q
        .before
        .as_deref()
        .map(|c| {
            c.split_once('.')
                .and_then(|(at, id)| Some((at.parse().ok()?, id.parse().ok()?)))
                .ok_or_else(|| {
                    ApiError::bad_field("before", "a cursor from the previous page's `next`")
                })
        })
        .transpose()?;
    let limit = q.limit.unwrap_or(PAGE_DEFAULT);
    if !(1..=PAGE_MAX).contains(&limit) {
        return Err(ApiError::bad_field(
            "limit",
            format!("a whole number from 1 to {PAGE_MAX}"),
        ));
    }
    let filter = Filter {
        faction: q.faction,
        system: q.system,
        from: q.from,
        to: q.to,
        limit,
        before,
    };
    Ok((filter, q.format))
}

/// Lists battle records, newest first, a page at a time:
/// `?faction=ID&system=v2&from=MS&to=MS&limit=N&before=CURSOR`. The first page (no `before`)
/// carries the tallies over every matching record; `next` is the cursor of the following page.
pub async fn list(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let (filter, format) = filter_of(&req)?;
    if format.is_some() {
        return Err(ApiError::bad_field(
            "format",
            "only the export takes a format",
        ));
    }
    Ok(HttpResponse::Ok().json(state.db.history(filter).await?))
}

/// Every matching record (the listing's filters), newest first, streamed a page at a time as
/// `?format=csv` (with faction names) or `?format=json` (an array of listing rows).
pub async fn export(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (filter, format) = filter_of(&req)?;
    if filter.before.is_some() {
        return Err(ApiError::bad_field(
            "before",
            "the export starts at the newest record",
        ));
    }
    let format = match format.as_deref() {
        Some("csv") => super::history_export::Format::Csv,
        Some("json") | None => super::history_export::Format::Json,
        Some(_) => return Err(ApiError::bad_field("format", "csv or json")),
    };
    super::history_export::stream(state.db.clone(), filter, format).await
}

/// One battle record as it was appended.
pub async fn get(state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let stored = state
        .db
        .history_record(id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no battle record {id}")))?;
    let body = match stored.check {
        None => stored.text,
        Some(check) => state
            .replays
            .whole(id, stored.text, check)
            .await?
            .to_string(),
    };
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(body))
}
