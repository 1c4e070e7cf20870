//! Serves the built SPA from `dist/`, with the SPA fallback: a GET outside `/api` that is not a
//! file gets a page shell, so a deep link such as `/map` or `/history/42` loads the app.
//!
//! The app is several wasm bundles (`app/bundles.json`, copied by Trunk to `dist/bundles.json`):
//! a deep link gets the `index.html` of the bundle that owns its route (`dist/` for the map,
//! `dist/arena-bundle/`, `dist/lab-bundle/` and so on for the others), so the map page never downloads
//! the other pages' code. A `dist/`
//! without the table (an older build) has one shell, `dist/index.html`.
//!
//! A release build leaves a Brotli copy beside each wasm, script and style sheet (`x.wasm.br`,
//! written by `app/build_bundles.mjs` at the highest quality, once, at build time): a browser
//! that accepts `br` gets that copy with `Content-Encoding: br` ([`precompressed`]) — about a
//! fifth smaller than the gzip the compression middleware makes on the fly, which on a phone's
//! slow link is most of the wait.

use crate::encoding::accepts_br;
use crate::error::ApiError;
use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::ContentEncoding;
use actix_web::http::{header, StatusCode};
use actix_web::web;
use actix_web::{guard, HttpRequest, HttpResponse};
use engine::wire::bundles::Bundles;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The files of `dist/` that have a Brotli copy beside them, by URL path (`/app-1f_bg.wasm` →
/// `dist/app-1f_bg.wasm.br`), found once when the service is built: a request is matched
/// against this list, never turned into a path of its own.
struct Compressed(HashMap<String, PathBuf>);

impl Compressed {
    fn find(dist: &Path) -> Self {
        let mut found = HashMap::new();
        for path in files_under(dist) {
            let Some(plain) = path.to_str().and_then(|p| p.strip_suffix(".br")) else {
                continue;
            };
            let Ok(rel) = Path::new(plain).strip_prefix(dist) else {
                continue;
            };
            if Path::new(plain).is_file() {
                let url = rel.components().fold(String::new(), |mut url, c| {
                    url.push('/');
                    url.push_str(&c.as_os_str().to_string_lossy());
                    url
                });
                found.insert(url, path);
            }
        }
        Compressed(found)
    }
}

/// Every file under `dir`, at any depth, sorted; a missing `dir` (the app not built) has none.
/// Read once at start by what needs to know the build (this module's Brotli copies, the pages'
/// script hashes in [`crate::headers`]).
pub(crate) fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The Brotli copies of `dist/`'s files, for the requests that accept them; every other request
/// falls through to [`service`].
pub fn precompressed(dist: &Path) -> actix_web::Resource {
    let files = Rc::new(Compressed::find(dist));
    let wanted = files.clone();
    web::resource("/{file:.*}")
        .guard(guard::Any(guard::Get()).or(guard::Head()))
        .guard(guard::fn_guard(move |ctx| {
            let head = ctx.head();
            wanted.0.contains_key(head.uri.path())
                && head
                    .headers()
                    .get(header::ACCEPT_ENCODING)
                    .and_then(|v| v.to_str().ok())
                    .is_some_and(accepts_br)
        }))
        .to(move |req: HttpRequest| {
            let files = files.clone();
            async move {
                let url = req.path();
                let plain = url.rsplit('/').next().unwrap_or_default();
                let ext = plain.rsplit('.').next().unwrap_or_default();
                let path = files.0.get(url).cloned();
                let file = match path {
                    Some(path) => NamedFile::open_async(path).await.ok(),
                    None => None,
                };
                let Some(file) = file else {
                    return Err(ApiError::not_found(format!("no file {url}")));
                };
                let mut res = file
                    .set_content_type(actix_files::file_extension_to_mime(ext))
                    .set_content_encoding(ContentEncoding::Brotli)
                    .disable_content_disposition()
                    .into_response(&req);
                res.headers_mut().insert(
                    header::VARY,
                    header::HeaderValue::from_static("accept-encoding"),
                );
                Ok(res)
            }
        })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_with_a_brotli_copy_beside_them_are_listed_by_url_path() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("pages")).unwrap();
        for f in [
            "a.wasm",
            "a.wasm.br",
            "pages/b.js",
            "pages/b.js.br",
            "c.css",
            "orphan.js.br",
        ] {
            std::fs::write(dir.path().join(f), b"x").unwrap();
        }
        let mut urls: Vec<_> = Compressed::find(dir.path()).0.into_keys().collect();
        urls.sort();
        assert_eq!(urls, ["/a.wasm", "/pages/b.js"]);
    }
}
