//! The only module that talks HTTP to the server.

use engine::Realm;
use gloo_net::http::Request;

/// Why a request failed, in words a status line can show.
#[derive(Debug, Clone, PartialEq)]
pub enum ApiError {
    /// The server could not be reached at all (offline, or it is down).
    Unreachable(String),
    /// The server answered with an error status.
    Status(u16, String),
    /// The answer was not the document we expected.
    Decode(String),
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApiError::Unreachable(e) => write!(f, "server unreachable: {e}"),
            ApiError::Status(code, msg) => write!(f, "server answered {code}: {msg}"),
            ApiError::Decode(e) => write!(f, "unexpected answer: {e}"),
        }
    }
}

/// `GET /api/realm`: the whole realm document.
pub async fn fetch_realm() -> Result<Realm, ApiError> {
    let res = Request::get("/api/realm")
        .send()
        .await
        .map_err(|e| ApiError::Unreachable(e.to_string()))?;
    if !res.ok() {
        let body = res.text().await.unwrap_or_default();
        return Err(ApiError::Status(res.status(), body));
    }
    res.json::<Realm>()
        .await
        .map_err(|e| ApiError::Decode(e.to_string()))
}
