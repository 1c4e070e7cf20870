//! Realm History: `POST /api/history` (append-only), `GET /api/history` (filtered, with tallies),
//! `GET /api/history/{id}`.

use crate::db::history::{Filter, Head};
use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

/// Checks a battle before it is appended and returns its indexed fields and the text to store.
///
/// The body must parse as [`engine::wire::IncomingBattle`] (the field at fault named): a full
/// `BattleEntry`, or the app's `BattleSubmission` without outcome and winner. It must carry an id
/// below 2⁵³ and a battle schema this server knows. The server replays the input with
/// `engine::replay` — the point of a self-contained record — and an outcome or winner that was
/// sent must be exactly the replay's, or the battle is refused with 422 `forged`. A full entry is
/// stored as sent; a submission is stored completed with the replay's outcome and winner, so
/// every stored record is a whole `BattleEntry`.
pub fn verify_battle(body: &[u8]) -> Result<(Head, String), ApiError> {
    let entry: engine::wire::IncomingBattle = parse_json(body)?;
    // A key the record's types do not read would be stored and served back without ever having
    // been checked: refuse it by name, as the collection does.
    let sent: serde_json::Value = parse_json(body)?;
    let kept = serde_json::to_value(&entry).map_err(ApiError::internal)?;
    if let Some(path) = crate::collection::unknown_field(&sent, &kept, "$") {
        let path = path.trim_start_matches("$.").to_string();
        return Err(ApiError::bad_field(path, "unknown field"));
    }
    if entry.id > engine::MAX_ID {
        return Err(ApiError::bad_field("id", "ids are below 2^53"));
    }
    let record = &entry.record;
    if record.input.schema_version != engine::BATTLE_SCHEMA_VERSION {
        return Err(unprocessable(
            "unknown_schema",
            "record.input.schema_version",
            format!(
                "battle schema {} is not {}, the one this server replays",
                record.input.schema_version,
                engine::BATTLE_SCHEMA_VERSION
            ),
        ));
    }
    let replayed = engine::replay(&record.input);
    if record.outcome.as_ref().is_some_and(|o| *o != replayed) {
        return Err(unprocessable(
            "forged",
            "record.outcome",
            "the outcome does not follow from the record's own input and seed",
        ));
    }
    if record.winner.is_some_and(|w| w != replayed.winner()) {
        return Err(unprocessable(
            "forged",
            "record.winner",
            "the winner is not the outcome's",
        ));
    }
    let winner = replayed.winner();
    let text = if record.outcome.is_some() && record.winner.is_some() {
        String::from_utf8(body.to_vec()).map_err(|e| ApiError::bad_field("$", e.to_string()))?
    } else {
        let whole = engine::wire::BattleEntry {
            id: entry.id,
            timestamp: entry.timestamp,
            source: entry.source,
            record: engine::BattleRecord {
                winner,
                input: record.input.clone(),
                outcome: replayed,
            },
        };
        serde_json::to_string(&whole).map_err(ApiError::internal)?
    };
    let system = record.input.system.name().to_string();
    let head = Head {
        id: entry.id,
        timestamp: entry.timestamp,
        system,
        attacker: record.input.setup.attacker.faction_id,
        defender: record.input.setup.defender.faction_id,
        winner: match winner {
            engine::Side::Attacker => "attacker",
            engine::Side::Defender => "defender",
        },
    };
    Ok((head, text))
}

fn unprocessable(code: &'static str, field: &str, message: impl Into<String>) -> ApiError {
    ApiError {
        status: actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
        code,
        message: message.into(),
        field: Some(field.into()),
    }
}

/// Appends a battle record.
pub async fn post(state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let (head, text) = verify_battle(&body)?;
    let id = head.id;
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
