//! The `/api` scope: thin handlers that validate, call `db`, and answer JSON.
//!
//! Every endpoint is one row of [`endpoints`], with the access it needs; the table is the only
//! place routes are registered, so an editor-only endpoint cannot be left unguarded and the
//! tests can walk every write.

mod backup;
mod history;
mod photos;
mod realm;
mod seasons;
mod sync;
mod votes;

use crate::error::ApiError;
use crate::AppState;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
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

/// One row of the route table.
pub struct Endpoint {
    /// HTTP method.
    pub method: Method,
    /// Path under `/api`, with `{param}` placeholders.
    pub path: &'static str,
    /// Who may call it.
    pub access: Access,
    /// Builds the handler's route.
    pub route: fn() -> Route,
}

/// The API's route table.
pub fn endpoints() -> Vec<Endpoint> {
    use Access::{Editor, Public};
    let e = |method: Method, path, access, route: fn() -> Route| Endpoint {
        method,
        path,
        access,
        route,
    };
    vec![
        e(Method::GET, "/health", Public, || web::to(health)),
        e(Method::GET, "/realm", Public, || web::to(realm::get)),
        e(Method::PUT, "/realm", Editor, || web::to(realm::put)),
        e(Method::GET, "/sync/pull", Public, || web::to(sync::pull)),
        e(Method::POST, "/sync/push", Editor, || web::to(sync::push)),
        e(Method::POST, "/votes", Public, || web::to(votes::post)),
        e(Method::GET, "/votes", Public, || web::to(votes::list)),
        e(Method::GET, "/seasons", Public, || web::to(seasons::list)),
        e(Method::PUT, "/seasons/current", Editor, || {
            web::to(seasons::set_current)
        }),
        e(Method::POST, "/seasons/assign", Editor, || {
            web::to(seasons::assign)
        }),
        e(Method::GET, "/photos/images", Public, || {
            web::to(photos::list)
        }),
        e(Method::PUT, "/photos/{id}/image", Editor, || {
            web::to(photos::put)
        }),
        e(Method::GET, "/photos/{id}/image", Public, || {
            web::to(photos::get)
        }),
        e(Method::POST, "/history", Public, || web::to(history::post)),
        e(Method::GET, "/history", Public, || web::to(history::list)),
        e(Method::GET, "/history/{id}", Public, || {
            web::to(history::get)
        }),
        e(Method::GET, "/backup", Editor, || web::to(backup::get)),
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
        let resource = web::resource(e.path)
            .guard(guard::Method(e.method.clone()))
            .route((e.route)());
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
