//! `POST /api/pairs`: pairs to judge, drawn and signed by the server (SPEC §16.1);
//! `POST /api/votes`: anonymous arena judgements on those pairs, applied in arrival order (§4.2);
//! `GET /api/votes?after=CURSOR&limit=N`: the counted ones, a page at a time;
//! `GET /api/votes/pairs`: how often each judged pair went each way;
//! `GET /api/standings`: the Bradley–Terry fit of those counts (`crate::standings`).

use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::http::header::{HeaderValue, RETRY_AFTER};
use actix_web::ResponseError;
use actix_web::{web, HttpRequest, HttpResponse};
use engine::wire::{PairDeal, PairRequest, VoteBatch, MAX_PAIRS};

/// Hands out `count` pairs to the voter whose pass is sent, or to a new voter (whose pass comes
/// with them, within the address's allowance of new voters: 429 naming `voter` past it).
pub async fn pairs(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let ask: PairRequest = parse_json(&body)?;
    if !(1..=MAX_PAIRS).contains(&ask.count) {
        return Err(ApiError::bad_field(
            "count",
            format!("a whole number from 1 to {MAX_PAIRS}"),
        ));
    }
    let (voter, pass) = match &ask.voter {
        Some(pass) => (state.arena.voter(pass)?, pass.clone()),
        None => {
            let client = state.limiter.client_of(req.headers(), req.peer_addr());
            if let Err((mut e, secs)) = state
                .limiter
                .check_client(crate::rate_limit::Class::NewVoters, client)
            {
                e.field = Some("voter".into());
                let mut res = e.error_response();
                res.headers_mut()
                    .insert(RETRY_AFTER, HeaderValue::from(secs));
                return Ok(res);
            }
            state.arena.new_voter()?
        }
    };
    let now = crate::db::now_ms();
    let seed = crate::tokens::random_u64().map_err(ApiError::internal)?;
    let (drawn, cards) = state
        .db
        .deal_pairs(
            voter.clone(),
            ask.count,
            now,
            state.votes.repeat_window_ms,
            state.arena.last_pair(&voter),
            seed,
        )
        .await?;
    let pairs = state.arena.hand_out(&voter, &drawn, now)?;
    Ok(HttpResponse::Ok().json(PairDeal {
        voter: pass,
        pairs,
        expires_in_ms: state.votes.token_life_ms,
        cards,
    }))
}

/// The most votes one batch may carry.
pub const MAX_VOTES: usize = 500;

/// Checks each vote against the pair token the server issued, then stores it and counts it when
/// within the limits.
pub async fn post(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let batch: VoteBatch = parse_json(&body)?;
    if batch.votes.len() > MAX_VOTES {
        return Err(ApiError::bad_field(
            "votes",
            format!("at most {MAX_VOTES} votes a batch"),
        ));
    }
    let ballots = state.arena.ballots(&batch)?;
    let client = state
        .limiter
        .client_of(req.headers(), req.peer_addr())
        .to_string();
    let res = state
        .db
        .cast_votes(state.votes, ballots, crate::db::now_ms(), client)
        .await?;
    Ok(HttpResponse::Ok().json(res))
}

/// How many counted judgements a page of `GET /api/votes` holds when `limit` is not given.
pub const VOTE_PAGE_DEFAULT: u32 = 1000;
/// The most a page may hold (`limit` above it is refused, not clamped, so a caller learns it).
pub const VOTE_PAGE_MAX: u32 = 5000;

/// Where a page of the vote list starts and how long it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VotePage {
    /// The cursor: the previous page's `next`, 0 for the first page.
    pub after: u64,
    /// At most this many judgements, 1 to [`VOTE_PAGE_MAX`].
    pub limit: u32,
}

impl VotePage {
    /// Reads `after` and `limit` from a query string; a bad or unknown parameter is a 400 that
    /// names it.
    pub fn parse(query: &str) -> Result<VotePage, ApiError> {
        let pairs = web::Query::<Vec<(String, String)>>::from_query(query)
            .map_err(|e| ApiError::bad_field("query", e.to_string()))?
            .into_inner();
        let mut page = VotePage {
            after: 0,
            limit: VOTE_PAGE_DEFAULT,
        };
        for (key, value) in pairs {
            match key.as_str() {
                "after" => {
                    page.after = value.parse().map_err(|_| {
                        ApiError::bad_field("after", "a cursor: a whole number, 0 or more")
                    })?
                }
                "limit" => {
                    page.limit = value
                        .parse()
                        .ok()
                        .filter(|n| (1..=VOTE_PAGE_MAX).contains(n))
                        .ok_or_else(|| {
                            ApiError::bad_field(
                                "limit",
                                format!("a whole number from 1 to {VOTE_PAGE_MAX}"),
                            )
                        })?
                }
                other => {
                    return Err(ApiError::bad_field(
                        other,
                        "unknown parameter (after and limit are known)",
                    ))
                }
            }
        }
        Ok(page)
    }
}

/// One page of the counted judgements, oldest first, without voter ids; `next` is the cursor of
/// the following page, absent on the last one.
pub async fn list(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let page = VotePage::parse(req.query_string())?;
    let list = state.db.counted_votes(page.after, page.limit).await?;
    Ok(HttpResponse::Ok().json(list))
}

/// Every judged pair's win counts, by pair, as the newest standings fit read them (from memory,
/// never the database); 503 `busy` before the server's first fit.
pub async fn pairs_counted(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let now = state.db.server_rev().await?;
    let pairs = state.standings.pairs(now).ok_or_else(|| {
        ApiError::status(
            actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the server is reading the counts for the first time; ask again shortly",
        )
    })?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(pairs))
}

/// The newest standings fit, and whether a newer one is on its way.
pub async fn standings(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let now = state.db.server_rev().await?;
    Ok(HttpResponse::Ok().json(state.standings.answer(now)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_parameters_is_the_first_page_of_the_default_length() {
        assert_eq!(
            VotePage::parse("").unwrap(),
            VotePage {
                after: 0,
                limit: VOTE_PAGE_DEFAULT
            }
        );
        assert_eq!(
            VotePage::parse("after=17&limit=5").unwrap(),
            VotePage {
                after: 17,
                limit: 5
            }
        );
    }

    #[test]
    fn a_bad_value_names_its_parameter() {
        for (query, field) in [
            ("after=-1", "after"),
            ("after=x", "after"),
            ("limit=0", "limit"),
            ("limit=5001", "limit"),
            ("limit=ten", "limit"),
            ("page=2", "page"),
        ] {
            let e = VotePage::parse(query).unwrap_err();
            assert_eq!(e.field.as_deref(), Some(field), "{query}");
        }
    }
}
