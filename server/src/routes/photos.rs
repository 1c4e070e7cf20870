//! `PUT /api/photos/{id}/image` (editor), `GET /api/photos/{id}/image` (the original) and
//! `GET /api/photos/{id}/display` (at display size, `display.rs`) with caching headers, and
//! `GET /api/photos/images`, the list of photos that have one.

use crate::db::images::{Display, Image};
use crate::display::{self, DisplayError};
use crate::error::ApiError;
use crate::AppState;
use actix_web::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, ETAG, IF_NONE_MATCH,
};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use engine::wire::{ImageList, ImageTag};

/// The largest image accepted.
pub const MAX_IMAGE: usize = 5 * 1024 * 1024;

/// The image type, from the bytes themselves (the declared content type is not trusted).
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// Stores a photo's image.
pub async fn put(
    state: web::Data<AppState>,
    id: web::Path<u64>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    if body.len() > MAX_IMAGE {
        return Err(ApiError::status(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            "an image may be at most 5 MB",
        ));
    }
    let mime = sniff(&body).ok_or_else(|| {
        ApiError::status(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_image",
            "send a PNG, JPEG or WebP image",
        )
    })?;
    let original = body.to_vec();
    let (shown, _) = derive(original.clone()).await?.map_err(|e| match e {
        DisplayError::TooLarge(_) => {
            ApiError::status(StatusCode::PAYLOAD_TOO_LARGE, "too_large", e.to_string())
        }
        DisplayError::Unreadable(_) => ApiError::status(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unreadable_image",
            e.to_string(),
        ),
    })?;
    let id = id.into_inner();
    if !state.db.put_image(id, mime, original, shown).await? {
        return Err(ApiError::not_found(format!("no photo {id}")));
    }
    Ok(HttpResponse::NoContent().finish())
}

/// Derives a display image on the blocking pool, off the request threads and outside the
/// database lock.
async fn derive(
    original: Vec<u8>,
) -> Result<Result<(Vec<u8>, (u32, u32)), DisplayError>, ApiError> {
    web::block(move || display::derive(&original))
        .await
        .map_err(ApiError::internal)
}

/// The caller's `If-None-Match`.
fn if_none_match(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

/// Serves a photo's original image, answering 304 when the caller's copy is current.
pub async fn get(
    state: web::Data<AppState>,
    id: web::Path<u64>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let image = state
        .db
        .image(id, if_none_match(&req))
        .await?
        .ok_or_else(|| ApiError::not_found(format!("photo {id} has no image")))?;
    Ok(answer(image))
}

/// Serves a photo's image at display size. One uploaded before display images were kept gets
/// its display image now, kept for the next request; if that original cannot be read, it is
/// served as it is.
pub async fn get_display(
    state: web::Data<AppState>,
    id: web::Path<u64>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    match state.db.display_image(id, if_none_match(&req)).await? {
        Display::None => Err(ApiError::not_found(format!("photo {id} has no image"))),
        Display::Stored(image) => Ok(answer(image)),
        Display::Underived(original, tag) => match derive(original.clone()).await? {
            Ok((shown, _)) => {
                state.db.put_display(id, tag, shown.clone()).await?;
                Ok(answer(Image {
                    mime: "image/jpeg".into(),
                    etag: crate::db::images::etag_of(&shown),
                    bytes: Some(shown),
                }))
            }
            Err(_) => Ok(answer(Image {
                mime: sniff(&original)
                    .unwrap_or("application/octet-stream")
                    .into(),
                etag: tag,
                bytes: Some(original),
            })),
        },
    }
}

/// An image with its tag and caching headers, or 304 when it came without bytes.
fn answer(image: Image) -> HttpResponse {
    let mut res = match image.bytes {
        None => HttpResponse::NotModified(),
        Some(_) => HttpResponse::Ok(),
    };
    res.insert_header((ETAG, image.etag.clone()))
        .insert_header((CACHE_CONTROL, "public, no-cache"))
        .insert_header((CONTENT_SECURITY_POLICY, crate::headers::IMAGE_POLICY));
    match image.bytes {
        None => res.finish(),
        Some(bytes) => res.insert_header((CONTENT_TYPE, image.mime)).body(bytes),
    }
}

/// Lists the live photos that have an uploaded image, with their tags.
pub async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let images = state
        .db
        .image_tags()
        .await?
        .into_iter()
        .map(|(photo, etag)| ImageTag { photo, etag })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "no-store"))
        .json(ImageList { images }))
}
