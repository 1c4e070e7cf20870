//! Realm History: `POST /api/history` (append-only), `GET /api/history` (filtered, with tallies),
//! `GET /api/history/{id}`.

use crate::db::history::{Filter, Head};
use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

/// The fields of a battle record (SPEC §14) the server reads. The rest of the record is kept
/// as sent.
#[derive(Deserialize)]
struct BattleHead {
    id: u64,
    timestamp: i64,
    system: engine::BattleSystem,
    attacker: Side,
    defender: Side,
    winner: String,
}

#[derive(Deserialize)]
struct Side {
    faction_id: u64,
}

/// Checks a battle record before it is appended and returns its indexed fields.
///
/// This is the hook where the record is replayed through engine once the skirmish engine lands:
/// re-run its own `BattleInput` and seed and refuse it (422) if the outcome differs. Until then
/// it checks the fields the history index needs: `id` (below 2⁵³), `timestamp`, `system`,
/// `attacker.faction_id`, `defender.faction_id` and `winner` (`attacker` or `defender`).
pub fn verify_battle(body: &[u8]) -> Result<Head, ApiError> {
    let head: BattleHead = parse_json(body)?;
    if head.id > engine::MAX_ID {
        return Err(ApiError::bad_field("id", "ids are below 2^53"));
    }
    let winner = match head.winner.to_ascii_lowercase().as_str() {
        "attacker" => "attacker",
        "defender" => "defender",
        _ => return Err(ApiError::bad_field("winner", "attacker or defender")),
    };
    let system = serde_json::to_value(head.system)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .ok_or_else(|| ApiError::internal("battle system name"))?;
    Ok(Head {
        id: head.id,
        timestamp: head.timestamp,
        system,
        attacker: head.attacker.faction_id,
        defender: head.defender.faction_id,
        winner,
    })
}

/// Appends a battle record.
pub async fn post(state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let head = verify_battle(&body)?;
    let id = head.id;
    let text =
        String::from_utf8(body.to_vec()).map_err(|e| ApiError::bad_field("$", e.to_string()))?;
    state.db.append_history(head, text).await?;
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
