//! Serves the built SPA from `dist/`, with the SPA fallback: a GET outside `/api` that is not a
//! file gets a page shell, so a deep link such as `/map` or `/history/42` loads the app.
//!
//! The app is several wasm bundles (`app/bundles.json`, copied by Trunk to `dist/bundles.json`):
//! a deep link gets the `index.html` of the bundle that owns its route (`dist/` for the map,
//! `dist/pages/` for the rest), so the map page never downloads the other pages' code. A `dist/`
//! without the table (an older build) has one shell, `dist/index.html`.

use crate::error::ApiError;
use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::{guard, HttpRequest, HttpResponse};
use engine::wire::bundles::Bundles;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The static-file service with its fallback.
pub fn service(dist: PathBuf) -> Files {
    let shells = Rc::new(Shells::read(&dist));
    // Only reads reach the files; anything else falls through to `not_allowed`.
    let reads = guard::Any(guard::Get()).or(guard::Head());
    Files::new("/", dist)
        .index_file("index.html")
        .guard(reads)
        .default_handler(fn_service(move |req: ServiceRequest| {
            let shells = shells.clone();
            async move {
                let (req, _) = req.into_parts();
                let index = match shells.index_for(req.path()) {
                    Ok(index) => index,
                    Err(err) => return Ok(ServiceResponse::from_err(err, req)),
                };
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

/// `dist/` and its bundle table, read once per worker when the service is built.
struct Shells {
    dist: PathBuf,
    /// The table, or why `dist/bundles.json` could not be used (answered on every page).
    table: Result<Bundles, String>,
}

impl Shells {
    fn read(dist: &Path) -> Self {
        let table = match std::fs::read_to_string(dist.join("bundles.json")) {
            Ok(json) => Bundles::parse(&json).map_err(|e| e.to_string()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Bundles::single()),
            Err(e) => {
                // The path and the OS error are the operator's to read, not a visitor's.
                eprintln!("reading {}: {e}", dist.join("bundles.json").display());
                Err(format!("bundles.json could not be read ({:?})", e.kind()))
            }
        };
        Shells {
            dist: dist.to_path_buf(),
            table,
        }
    }

    /// The `index.html` of the bundle owning `path`.
    fn index_for(&self, path: &str) -> Result<PathBuf, ApiError> {
        let table = self.table.as_ref().map_err(|why| {
            ApiError::status(
                StatusCode::SERVICE_UNAVAILABLE,
                "spa_bundles_invalid",
                why.clone(),
            )
        })?;
        let base = table.owner(path).base.trim_matches('/');
        Ok(self.dist.join(base).join("index.html"))
    }
}

/// The app-wide fallback for what neither the API nor the files took: a write to a page path.
pub async fn not_allowed(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::status(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("{} is not allowed on {}", req.method(), req.path()),
    ))
}
