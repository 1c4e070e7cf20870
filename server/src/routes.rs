//! The `/api` scope: thin handlers that validate, call `db`, and answer JSON.
//!
//! Every endpoint is one row of [`endpoints`], with the access it needs, the body it takes and
//! the allowance an anonymous write draws on; the table is the only place routes are
//! registered, so an editor-only endpoint cannot be left unguarded, no body is read past its
//! row's limit or under another content type, no anonymous write escapes its rate limit, and
//! the tests can walk every write.

mod backup;
mod history;
pub mod history_export;
mod images;
mod realm;
mod seasons;
mod sync;
mod votes;

use crate::error::ApiError;
use crate::rate_limit::Class;
use crate::AppState;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CONTENT_LENGTH, CONTENT_TYPE, RETRY_AFTER};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::{from_fn, Next};
use actix_web::{guard, web, HttpResponse, ResponseError, Route};
use serde::Serialize;

/// Who may call an endpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Anyone (reads, votes, history appends).
    Public,
    /// Only a caller presenting the editor key (collection writes, season changes).
    Editor,
}

/// What body an endpoint reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// None: a body that is sent is never read.
    None,
    /// JSON (`Content-Type: application/json`, else 415) of at most this many bytes (else 413).
    Json(usize),
    /// Raw bytes of any declared type (sniffed by the handler) of at most this many bytes.
    Bytes(usize),
}

impl Body {
    /// The most bytes it may have.
    pub fn limit(self) -> usize {
        match self {
            Body::None => 0,
            Body::Json(n) | Body::Bytes(n) => n,
        }
    }
}

/// The largest body an editor's import or push may have: a realm twenty times the demo's
/// (about 0.5 MB) must import in one document.
pub const EDITOR_BODY: usize = 32 * 1024 * 1024;
/// The largest vote batch: [`votes::MAX_VOTES`] judgements of about two hundred bytes each (most of
/// it the pair token).
pub const VOTES_BODY: usize = 128 * 1024;
/// The largest pair request (a voter pass and a count).
pub const PAIRS_BODY: usize = 1024;
/// The largest battle post. A battle is sent by reference (under 1 KB); a full record may come
/// with it and must then equal the server's own, so this bounds what is parsed, not what is kept.
pub const HISTORY_BODY: usize = 1024 * 1024;
/// The largest season change (an assignment names many photos).
pub const SEASONS_BODY: usize = 1024 * 1024;
/// The largest body any endpoint takes.
pub const MAX_BODY: usize = EDITOR_BODY;

/// One row of the route table.
pub struct Endpoint {
    /// HTTP method.
    pub method: Method,
    /// Path under `/api`, with `{param}` placeholders.
    pub path: &'static str,
    /// Who may call it.
    pub access: Access,
    /// What body it reads.
    pub body: Body,
    /// The per-address allowance an anonymous write draws on.
    pub rate: Option<Class>,
    /// Builds the handler's route.
    pub route: fn() -> Route,
}

/// The API's route table.
pub fn endpoints() -> Vec<Endpoint> {
    use Access::{Editor, Public};
    let e = |method: Method, path, access, body, rate, route: fn() -> Route| Endpoint {
        method,
        path,
        access,
        body,
        rate,
        route,
    };
    let (none, json) = (Body::None, Body::Json);
    let (get, post, put) = (Method::GET, Method::POST, Method::PUT);
    vec![
        e(get.clone(), "/health", Public, none, None, || {
            web::to(health)
        }),
        e(get.clone(), "/realm", Public, none, None, || {
            web::to(realm::get)
        }),
        e(
            put.clone(),
            "/realm",
            Editor,
            json(EDITOR_BODY),
            None,
            || web::to(realm::put),
        ),
        e(get.clone(), "/summary", Public, none, None, || {
            web::to(realm::summary)
        }),
        e(get.clone(), "/sync/pull", Public, none, None, || {
            web::to(sync::pull)
        }),
        e(get.clone(), "/live", Public, none, None, || {
            web::to(crate::live::stream)
        }),
        e(
            post.clone(),
            "/sync/push",
            Editor,
            json(EDITOR_BODY),
            None,
            || web::to(sync::push),
        ),
        e(
            post.clone(),
            "/votes",
            Public,
            json(VOTES_BODY),
            Some(Class::Votes),
            || web::to(votes::post),
        ),
        e(
            post.clone(),
            "/pairs",
            Public,
            json(PAIRS_BODY),
            Some(Class::Pairs),
            || web::to(votes::pairs),
        ),
        e(get.clone(), "/votes", Public, none, None, || {
            web::to(votes::list)
        }),
        e(get.clone(), "/votes/pairs", Public, none, None, || {
            web::to(votes::pairs_counted)
        }),
        e(get.clone(), "/standings", Public, none, None, || {
            web::to(votes::standings)
        }),
        e(get.clone(), "/seasons", Public, none, None, || {
            web::to(seasons::list)
        }),
        e(
            put.clone(),
            "/seasons/current",
            Editor,
            json(SEASONS_BODY),
            None,
            || web::to(seasons::set_current),
        ),
        e(
            post.clone(),
            "/seasons/assign",
            Editor,
            json(SEASONS_BODY),
            None,
            || web::to(seasons::assign),
        ),
        e(get.clone(), "/photos/images", Public, none, None, || {
            web::to(images::list_photos)
        }),
        e(
            put.clone(),
            "/photos/{id}/image",
            Editor,
            Body::Bytes(images::MAX_IMAGE),
            None,
            || web::to(images::put_photo),
        ),
        e(
            get.clone(),
            "/photos/{id}/image",
            Public,
            none,
            None,
            || web::to(images::get_photo),
        ),
        e(
            get.clone(),
            "/photos/{id}/display",
            Public,
            none,
            None,
            || web::to(images::get_photo_display),
        ),
        e(get.clone(), "/images", Public, none, None, || {
            web::to(images::list)
        }),
        e(
            put,
            "/images/{kind}/{id}",
            Editor,
            Body::Bytes(images::MAX_IMAGE),
            None,
            || web::to(images::put),
        ),
        e(
            get.clone(),
            "/images/{kind}/{id}",
            Public,
            none,
            None,
            || web::to(images::get),
        ),
        e(
            get.clone(),
            "/images/{kind}/{id}/display",
            Public,
            none,
            None,
            || web::to(images::get_display),
        ),
        e(
            post,
            "/history",
            Public,
            json(HISTORY_BODY),
            Some(Class::History),
            || web::to(history::post),
        ),
        e(get.clone(), "/history", Public, none, None, || {
            web::to(history::list)
        }),
        e(get.clone(), "/history/export", Public, none, None, || {
            web::to(history::export)
        }),
        e(get.clone(), "/history/{id}", Public, none, None, || {
            web::to(history::get)
        }),
        e(get, "/backup", Editor, none, None, || web::to(backup::get)),
    ]
}

/// Everything under `/api`. Anything else under it is a JSON 404, never the SPA.
pub fn api_scope() -> actix_web::Scope<
    impl actix_web::dev::ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let mut scope = web::scope("/api");
    for e in endpoints() {
        let (body, rate) = (e.body, e.rate);
        // The first `wrap` runs last: the key is checked first, then the rate, then the body.
        let resource = web::resource(e.path)
            .guard(guard::Method(e.method.clone()))
            .app_data(web::PayloadConfig::new(body.limit()))
            .route((e.route)())
            .wrap(from_fn(move |req, next| body_fits(body, req, next)))
            .wrap(from_fn(move |req, next| within_rate(rate, req, next)));
        scope = match e.access {
            Access::Public => scope.service(resource),
            Access::Editor => scope.service(resource.wrap(from_fn(editor_only))),
        };
    }
    scope
        .default_service(web::to(unknown))
        .wrap(crate::error::json_error_bodies())
}

/// Refuses, before the body is read, a request that lacks the editor key.
async fn editor_only<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let checked = match req.app_data::<web::Data<AppState>>() {
        Some(state) => state.editor.check(&req),
        None => Err(ApiError::internal("no application state")),
    };
    match checked {
        Ok(()) => Ok(next.call(req).await?.map_into_left_body()),
        Err(e) => Ok(req.into_response(e.error_response()).map_into_right_body()),
    }
}

/// Refuses, before the body is read, a body of the wrong type (415) or declared larger than the
/// row allows (413); a body that turns out larger while being read is refused by the row's
/// `PayloadConfig` all the same.
async fn body_fits<B: MessageBody>(
    body: Body,
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    match check_body(body, &req) {
        Ok(()) => Ok(next.call(req).await?.map_into_left_body()),
        Err(e) => Ok(req.into_response(e.error_response()).map_into_right_body()),
    }
}

fn check_body(body: Body, req: &ServiceRequest) -> Result<(), ApiError> {
    let headers = req.headers();
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > body.limit() as u64) && body != Body::None {
        return Err(too_large(body.limit()));
    }
    if let Body::Json(_) = body {
        let content_type = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok());
        let essence = content_type
            .and_then(|v| v.split(';').next())
            .map(|v| v.trim().to_ascii_lowercase());
        if essence.as_deref() != Some("application/json") {
            return Err(ApiError {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                code: "content_type",
                message: format!(
                    "send the body as application/json (it was {})",
                    content_type.map_or("not declared".to_string(), |v| format!("{v:?}"))
                ),
                field: Some("Content-Type".into()),
            });
        }
    }
    Ok(())
}

/// The 413 for a body past `limit` bytes.
pub fn too_large(limit: usize) -> ApiError {
    ApiError {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        code: "too_large",
        message: format!("the body is larger than this endpoint takes ({limit} bytes)"),
        field: Some("$".into()),
    }
}

/// Refuses an anonymous write past its address's allowance: 429 with `Retry-After`.
async fn within_rate<B: MessageBody>(
    rate: Option<Class>,
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let Some(class) = rate else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let checked = match req.app_data::<web::Data<AppState>>() {
        Some(state) => state.limiter.check(class, &req),
        None => Err((ApiError::internal("no application state"), 1)),
    };
    match checked {
        Ok(()) => Ok(next.call(req).await?.map_into_left_body()),
        Err((e, secs)) => {
            let mut res = e.error_response();
            res.headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(secs));
            Ok(req.into_response(res).map_into_right_body())
        }
    }
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    version: &'static str,
    schema_version: u32,
    records: u64,
}

async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let (schema_version, records) = state.db.stats().await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        schema_version,
        records,
    }))
}

async fn unknown(req: actix_web::HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found(format!(
        "no API endpoint {} {}",
        req.method(),
        req.path()
    )))
}
