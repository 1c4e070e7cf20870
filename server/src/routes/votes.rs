//! `POST /api/votes`: anonymous arena judgements, applied in arrival order (SPEC §4.2);
//! `GET /api/votes?after=CURSOR&limit=N`: the counted ones, a page at a time, for the standings'
//! Bradley–Terry fit.

use crate::error::{parse_json, ApiError};
use crate::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use engine::wire::VoteBatch;

/// The most votes one batch may carry.
pub const MAX_VOTES: usize = 500;

/// Stores every vote and counts those within the limits.
pub async fn post(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
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
    let client = state
        .limiter
        .client_of(req.headers(), req.peer_addr())
        .to_string();
    let res = state.db.cast_votes(state.votes, batch, now, client).await?;
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
