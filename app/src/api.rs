//! The only module that talks HTTP to the server. Every call is one request; retrying, queueing
//! and what a failure means for the user belong to the store.

use engine::wire::{
    ChangeResponse, ErrorEnvelope, HistoryListing, PairDeal, PairRequest, PullResponse,
    PushRequest, PushResponse, ReplayEntry, SetCurrentSeason, StandingsResponse, VoteBatch,
    VoteResponse,
};
use gloo_net::http::{Request, RequestBuilder, Response};
use serde::de::DeserializeOwned;

/// Why a request failed, in words a status line can show.
#[derive(Debug, Clone, PartialEq)]
pub enum ApiError {
    /// The server could not be reached at all (offline, or it is down).
    Unreachable(String),
    /// The editor key is missing or wrong (401).
    Unauthorized,
    /// The server answered with another error status; the body's error when it had one.
    Status(u16, Option<engine::wire::ErrorBody>),
    /// The answer was not the document we expected.
    Decode(String),
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApiError::Unreachable(e) => write!(f, "server unreachable: {e}"),
            ApiError::Unauthorized => write!(f, "the editor key was refused"),
            ApiError::Status(code, Some(e)) => write!(f, "server answered {code}: {}", e.message),
            ApiError::Status(code, None) => write!(f, "server answered {code}"),
            ApiError::Decode(e) => write!(f, "unexpected answer: {e}"),
        }
    }
}

async fn send(req: Result<gloo_net::http::Request, gloo_net::Error>) -> Result<Response, ApiError> {
    let req = req.map_err(|e| ApiError::Decode(e.to_string()))?;
    let res = req
        .send()
        .await
        .map_err(|e| ApiError::Unreachable(e.to_string()))?;
    checked(res).await
}

/// `GET url`, taking the answer of the request the page's HTML started for it when there is one.
async fn get(url: &str) -> Result<Response, ApiError> {
    early_or(url, || Request::get(url).build()).await
}

/// The answer to the request the page's HTML started under `key`, else `request` sent now.
async fn early_or(
    key: &str,
    request: impl FnOnce() -> Result<gloo_net::http::Request, gloo_net::Error>,
) -> Result<Response, ApiError> {
    match early(key).await {
        Some(Ok(res)) => checked(res).await,
        // The early request did not reach the server: ask again, as if there had been none.
        Some(Err(_)) | None => send(request()).await,
    }
}

/// The request for `url` that the bundle's `index.html` started before the wasm loaded
/// (`app/early.js`, on a first visit only): the data a page shows first then comes over the
/// network alongside the wasm instead of after it. Each is taken once; `None` when the page
/// started none for `url` or it was taken already.
async fn early(url: &str) -> Option<Result<Response, wasm_bindgen::JsValue>> {
    use wasm_bindgen::JsCast;
    let started = js_sys::Reflect::get(&web_sys::window()?.into(), &EARLY.into()).ok()?;
    let started = started.dyn_into::<js_sys::Object>().ok()?;
    let key = wasm_bindgen::JsValue::from_str(url);
    let promise = js_sys::Reflect::get(&started, &key)
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    js_sys::Reflect::delete_property(&started, &key).ok()?;
    Some(
        wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .map(|res| Response::from(res.unchecked_into::<web_sys::Response>())),
    )
}

/// Whether the page's HTML started a request for `url` that has not been taken yet: it does so on a
/// first visit only, so the answer says that nothing is stored before the disk has been read.
pub fn started_early(url: &str) -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.into(), &EARLY.into()).ok())
        .filter(|started| started.is_object())
        .and_then(|started| js_sys::Reflect::has(&started, &url.into()).ok())
        .unwrap_or(false)
}

/// The global the early requests are kept in (`app/early.js` names it too; a test checks that
/// each does).
pub const EARLY: &str = "brickrealmEarly";

/// An answer's status as an error, or the answer.
async fn checked(res: Response) -> Result<Response, ApiError> {
    match res.status() {
        200..=299 => Ok(res),
        401 => Err(ApiError::Unauthorized),
        code => {
            let body = res.json::<ErrorEnvelope>().await.ok().map(|e| e.error);
            Err(ApiError::Status(code, body))
        }
    }
}

async fn decode<T: DeserializeOwned>(res: Response) -> Result<T, ApiError> {
    res.json::<T>()
        .await
        .map_err(|e| ApiError::Decode(e.to_string()))
}

fn with_key(req: RequestBuilder, key: &str) -> RequestBuilder {
    req.header("Authorization", &format!("Bearer {key}"))
}

/// Where the map's summary is asked for.
pub const SUMMARY: &str = "/api/summary";

/// `GET /api/summary`: what the map draws before the whole collection has arrived.
pub async fn summary() -> Result<engine::wire::MapSummary, ApiError> {
    let res = get(SUMMARY).await?;
    decode(res).await
}

/// Where the records changed after cursor `since` are asked for.
pub fn pull_url(since: u64) -> String {
    format!("/api/sync/pull?since={since}")
}

/// `GET /api/sync/pull?since=N`: every record changed after cursor `since`.
pub async fn pull(since: u64) -> Result<PullResponse, ApiError> {
    let res = get(&pull_url(since)).await?;
    decode(res).await
}

/// `POST /api/sync/push` with the editor key. An empty push checks the key and changes nothing.
pub async fn push(body: &PushRequest, key: &str) -> Result<PushResponse, ApiError> {
    let res = send(with_key(Request::post("/api/sync/push"), key).json(body)).await?;
    decode(res).await
}

/// Where pairs are dealt.
pub const PAIRS: &str = "/api/pairs";

/// `POST /api/pairs`: pairs to judge, signed by the server (a new voter pass with them when
/// `voter` is `None`). A first visit's HTML may have asked already with this very body
/// (`app/early.js` keeps it under "URL BODY"): that answer is taken instead.
pub async fn deal_pairs(body: &PairRequest) -> Result<PairDeal, ApiError> {
    let key =
        serde_json::to_string(body).map_or_else(|_| String::new(), |t| format!("{PAIRS} {t}"));
    let res = early_or(&key, || Request::post(PAIRS).json(body)).await?;
    decode(res).await
}

/// `POST /api/votes`: judgements on pairs the server dealt.
pub async fn post_votes(body: &VoteBatch) -> Result<VoteResponse, ApiError> {
    let res = send(Request::post("/api/votes").json(body)).await?;
    decode(res).await
}

/// Where the standings are asked for.
pub const STANDINGS: &str = "/api/standings";

/// `GET /api/standings`: the server's Bradley–Terry fit of the per-pair vote counts, in one
/// request whatever the number of votes.
pub async fn standings() -> Result<StandingsResponse, ApiError> {
    let res = get(STANDINGS).await?;
    decode(res).await
}

/// `PUT /api/seasons/current` with the editor key: the season the arena runs (0: none).
pub async fn set_current_season(season: u32, key: &str) -> Result<ChangeResponse, ApiError> {
    let body = SetCurrentSeason {
        current_season: season,
    };
    let res = send(with_key(Request::put("/api/seasons/current"), key).json(&body)).await?;
    decode(res).await
}

/// `POST /api/history`: one battle. A 409 means this very entry is already stored (a retry).
pub async fn post_battle(body: &impl serde::Serialize) -> Result<(), ApiError> {
    match send(Request::post("/api/history").json(body)).await {
        Ok(_) | Err(ApiError::Status(409, _)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// What `GET /api/history` filters by; `None` leaves a filter out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HistoryQuery {
    /// Battles this faction fought, on either side.
    pub faction: Option<u64>,
    /// Battles under this system (`v1`, `v2`, …).
    pub system: Option<String>,
    /// Fought at or after this time, ms since the epoch.
    pub from: Option<i64>,
    /// Fought before this time, ms since the epoch.
    pub to: Option<i64>,
}

impl HistoryQuery {
    /// The filters as query parameters, `&`-joined.
    fn filters(&self) -> Vec<String> {
        let mut parts = Vec::new();
        if let Some(f) = self.faction {
            parts.push(format!("faction={f}"));
        }
        if let Some(s) = &self.system {
            parts.push(format!("system={}", js_sys::encode_uri_component(s)));
        }
        if let Some(t) = self.from {
            parts.push(format!("from={t}"));
        }
        if let Some(t) = self.to {
            parts.push(format!("to={t}"));
        }
        parts
    }

    /// The query string of one page, `?`-prefixed: [`HISTORY_PAGE`] rows older than `before`
    /// (the previous page's `next`), or the first page.
    pub fn to_query(&self, before: Option<&str>) -> String {
        let mut parts = vec![format!("limit={HISTORY_PAGE}")];
        parts.extend(self.filters());
        if let Some(c) = before {
            parts.push(format!("before={}", js_sys::encode_uri_component(c)));
        }
        format!("?{}", parts.join("&"))
    }

    /// Where every matching battle downloads as `format` (`csv` or `json`), streamed by the server.
    pub fn export_url(&self, format: &str) -> String {
        let mut parts = vec![format!("format={format}")];
        parts.extend(self.filters());
        format!("/api/history/export?{}", parts.join("&"))
    }
}

/// Battles per page of the history list.
pub const HISTORY_PAGE: u32 = 100;

/// `GET /api/history`: one page of the matching battles, newest first (after `before`, the
/// previous page's `next`); the first page also carries the tallies over all of them.
pub async fn history(
    query: &HistoryQuery,
    before: Option<&str>,
) -> Result<HistoryListing, ApiError> {
    let res = get(&format!("/api/history{}", query.to_query(before))).await?;
    decode(res).await
}

/// `GET /api/history/{id}`: one battle as it was recorded, read to be fought again (its outcome
/// stays JSON: see [`ReplayEntry`]).
pub async fn battle(id: u64) -> Result<ReplayEntry, ApiError> {
    let res = send(Request::get(&format!("/api/history/{id}")).build()).await?;
    decode(res).await
}

/// Where the list of uploaded images is asked for.
pub const IMAGES: &str = "/api/images";

/// `GET /api/images`: which records (photos, unique items, war machine kinds) have an uploaded
/// image, with their tags.
pub async fn images() -> Result<engine::wire::RecordImageList, ApiError> {
    let res = get(IMAGES).await?;
    decode(res).await
}

/// `PUT /api/images/{kind}/{id}` with the editor key: `file` (a browser `File`, sent as it is)
/// becomes the record's image. The server sniffs the bytes, so `mime` is only a hint.
pub async fn put_image(
    kind: engine::wire::ImageKind,
    id: u64,
    file: wasm_bindgen::JsValue,
    mime: &str,
    key: &str,
) -> Result<(), ApiError> {
    let url = format!("/api/images/{}/{id}", kind.name());
    let req = with_key(Request::put(&url), key)
        .header("Content-Type", mime)
        .body(file);
    send(req).await.map(|_| ())
}

#[cfg(test)]
mod tests {
    /// What a first visit may ask for early: the map's summary, the whole collection, the
    /// newest battles, the list of images, a new voter's pairs and the standings, under the URLs
    /// [`super::summary`], [`super::pull`], [`super::history`], [`super::images`],
    /// [`super::deal_pairs`] and [`super::standings`] take them by.
    const TAKEN: [&str; 6] = [
        "/api/summary",
        "/api/sync/pull?since=0",
        "/api/history?limit=100",
        super::IMAGES,
        super::PAIRS,
        super::STANDINGS,
    ];

    #[test]
    fn the_newest_battles_are_taken_by_the_url_a_first_visit_asks_for() {
        let first = super::HistoryQuery::default().to_query(None);
        assert_eq!(format!("/api/history{first}"), TAKEN[2]);
    }

    #[test]
    fn each_bundles_page_starts_early_only_what_the_app_takes_under_the_name_it_reads() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let table = std::fs::read_to_string(root.join("app/bundles.json")).unwrap();
        let table = engine::wire::bundles::Bundles::parse(&table).unwrap();
        let script = std::fs::read_to_string(root.join("app/early.js")).unwrap();
        assert!(script.contains(&format!("window.{}", super::EARLY)));
        for html in table.bundles.iter().map(|b| b.html.as_str()) {
            let page = std::fs::read_to_string(root.join(html)).unwrap();
            let urls = page
                .split(r#"<html lang="en" data-early=""#)
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap_or_else(|| panic!("{html} names the data its first visit asks for"));
            for entry in urls.split(' ').filter(|u| !u.is_empty()) {
                let (url, path) = entry.split_once('@').unwrap_or((entry, ""));
                assert!(
                    path.is_empty()
                        || table
                            .bundles
                            .iter()
                            .any(|b| b.html == html && b.routes.iter().any(|r| r == path)),
                    "{html} asks early for {url} on {path}, a route it does not serve"
                );
                assert!(
                    TAKEN.contains(&url),
                    "{html} asks early for {url}, which nothing takes"
                );
            }
            assert!(
                page.contains(r#"<link data-trunk rel="inline" href="early.js" />"#),
                "{html} inlines the script that asks"
            );
        }
    }
}
