//! The one error type every handler returns, rendered as `{"error":{"code","message","field"}}`.

use actix_web::body::MessageBody;
use actix_web::dev::ServiceResponse;
use actix_web::http::{header, StatusCode};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{error::JsonPayloadError, web, HttpResponse, ResponseError};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;

/// A failure the API reports to its caller. `field` names the offending input when there is one.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    /// HTTP status.
    pub status: StatusCode,
    /// Stable machine-readable code, e.g. `bad_request`, `not_found`.
    pub code: &'static str,
    /// A sentence for a person.
    pub message: String,
    /// The input field at fault, as a path (`photos[3].health`), if any.
    pub field: Option<String>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: Inner<'a>,
}

#[derive(Serialize)]
struct Inner<'a> {
    code: &'a str,
    message: &'a str,
    field: Option<&'a str>,
}

impl ApiError {
    /// A 400 naming the field at fault.
    pub fn bad_field(field: impl Into<String>, message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            code: "bad_request",
            message: message.into(),
            field: Some(field.into()),
        }
    }

    /// A 404 for a path or record that does not exist.
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::NOT_FOUND,
            code: "not_found",
            message: message.into(),
            field: None,
        }
    }

    /// A 500 whose detail is logged, not sent: the client learns only that it was our fault.
    pub fn internal(detail: impl fmt::Display) -> Self {
        eprintln!("internal error: {detail}");
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: "internal",
            message: "the server failed to complete the request".into(),
            field: None,
        }
    }

    /// A status with no field, for payload-level failures.
    pub fn status(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            field: None,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "{}: {}", field, self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status).json(Body {
            error: Inner {
                code: self.code,
                message: &self.message,
                field: self.field.as_deref(),
            },
        })
    }
}

impl From<engine::DocError> for ApiError {
    fn from(e: engine::DocError) -> Self {
        ApiError::bad_field(e.field, e.message)
    }
}

/// Parses a JSON body with engine's strict reader (`engine::json`): the first field that does
/// not fit, or that the type does not know, is named by its path (`$` for the body as a whole).
/// Handlers take `web::Bytes` and call this rather than `web::Json`, because serde_json's own
/// errors carry a line and column but not the field.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    engine::json::from_slice(bytes).map_err(body_error)
}

/// A `DocError` from reading a request body, its root named `$`.
pub fn body_error(e: engine::DocError) -> ApiError {
    let field = if e.field.is_empty() {
        "$".to_string()
    } else {
        e.field
    };
    ApiError::bad_field(field, e.message)
}

/// `web::Json` extractor configuration for any handler that uses it: size limit and JSON errors.
pub fn json_config(limit: usize) -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(limit)
        .error_handler(|err, _req| {
            let api = match &err {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => {
                    ApiError::status(StatusCode::PAYLOAD_TOO_LARGE, "too_large", err.to_string())
                }
                JsonPayloadError::ContentType => ApiError::status(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "content_type",
                    "send the body as application/json",
                ),
                _ => ApiError::bad_field("$", err.to_string()),
            };
            api.into()
        })
}

/// Gives every error response under `/api` the JSON error body, including the few actix answers
/// itself before a handler runs (a body past its route's limit read as bytes, a bad path
/// parameter), so a client never has to parse plain text. Responses that already carry JSON
/// (ours) pass through unchanged.
pub fn json_error_bodies<B: MessageBody + 'static>() -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler(|res: ServiceResponse<B>| {
        let is_json = res
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if is_json {
            return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
        }
        let status = res.status();
        let api = match status {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError {
                status,
                code: "too_large",
                message: "the body is larger than this endpoint takes".into(),
                field: Some("$".into()),
            },
            StatusCode::NOT_FOUND => {
                ApiError::not_found(format!("nothing at {}", res.request().path()))
            }
            s if s.is_server_error() => {
                ApiError::internal(format!("{s} from {}", res.request().path()))
            }
            s => ApiError::bad_field(
                "$",
                format!(
                    "the request was refused ({})",
                    s.canonical_reason().unwrap_or("bad request")
                ),
            ),
        };
        let (req, _) = res.into_parts();
        let res = ServiceResponse::new(req, api.error_response()).map_into_right_body();
        Ok(ErrorHandlerResponse::Response(res))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Probe {
        name: String,
        items: Vec<Item>,
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Item {
        health: f64,
    }

    #[test]
    fn parse_json_names_the_nested_field() {
        let err = parse_json::<Probe>(br#"{"name":"x","items":[{"health":1},{"health":"lots"}]}"#)
            .unwrap_err();
        assert_eq!(err.field.as_deref(), Some("items[1].health"));
        assert_eq!(err.status, StatusCode::BAD_REQUEST);
    }

    #[test]
    fn parse_json_names_the_body_when_it_is_not_json() {
        let err = parse_json::<Probe>(b"nope").unwrap_err();
        assert_eq!(err.field.as_deref(), Some("$"));
    }
}
