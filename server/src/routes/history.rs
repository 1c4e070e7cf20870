//! Realm History: `POST /api/history` (append-only), `GET /api/history` (filtered, with tallies),
//! `GET /api/history/{id}`.

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
    state.db.append_history(checked.head, checked.text).await?;
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
}

/// Lists battle records, newest first: `?faction=ID&system=v2&from=MS&to=MS&limit=N`.
pub async fn list(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let q = web::Query::<Query>::from_query(req.query_string())
        .map_err(|e| ApiError::bad_field("query", e.to_string()))?
        .into_inner();
    let filter = Filter {
        faction: q.faction,
        system: q.system,
        from: q.from,
        to: q.to,
        limit: q.limit.unwrap_or(200).min(1000),
    };
    Ok(HttpResponse::Ok().json(state.db.history(filter).await?))
}

/// One battle record as it was appended.
pub async fn get(state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let body = state
        .db
        .history_record(id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no battle record {id}")))?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(body))
}
