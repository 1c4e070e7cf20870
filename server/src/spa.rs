//! Serves the built SPA from `dist/`, with the SPA fallback: a GET outside `/api` that is not a
//! file gets `index.html`, so a deep link such as `/map` or `/history/42` loads the app.

use crate::error::ApiError;
use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::{guard, HttpRequest, HttpResponse};
use std::path::PathBuf;

/// The static-file service with its fallback.
pub fn service(dist: PathBuf) -> Files {
    let index = dist.join("index.html");
    // Only reads reach the files; anything else falls through to `not_allowed`.
    let reads = guard::Any(guard::Get()).or(guard::Head());
    Files::new("/", dist)
        .index_file("index.html")
        .guard(reads)
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                match NamedFile::open_async(&index).await {
                    Ok(file) => {
                        let mut res = file.into_response(&req);
                        // The shell must never be cached: it names the hashed wasm of the build.
                        res.headers_mut().insert(
                            header::CACHE_CONTROL,
                            header::HeaderValue::from_static("no-cache"),
                        );
                        Ok(ServiceResponse::new(req, res))
                    }
                    Err(_) => {
                        let err = ApiError::status(
                            StatusCode::SERVICE_UNAVAILABLE,
                            "spa_not_built",
                            "the app has not been built: run `cargo xtask serve`",
                        );
                        Ok(ServiceResponse::from_err(err, req))
                    }
                }
            }
        }))
}

/// The app-wide fallback for what neither the API nor the files took: a write to a page path.
pub async fn not_allowed(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::status(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("{} is not allowed on {}", req.method(), req.path()),
    ))
}
