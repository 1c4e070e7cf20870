//! Uploaded images of photos, unique items and war machine kinds: `PUT /api/images/{kind}/{id}`
//! (editor), `GET /api/images/{kind}/{id}` (the original) and `GET /api/images/{kind}/{id}/display`
//! (at display size, `display.rs`) with caching headers, and `GET /api/images`, the list of records
//! that have one. The photo routes from before (`/api/photos/{id}/image`, `…/display`,
//! `/api/photos/images`) answer the same for `kind` = `photo`.

use crate::db::images::{Display, Image, Owner};
use crate::display::{self, DisplayError};
use crate::error::ApiError;
use crate::AppState;
use actix_web::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, ETAG, IF_NONE_MATCH,
};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use engine::wire::{ImageKind, ImageList, ImageTag, RecordImageList, RecordImageTag};

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

/// The owner a `/api/images/{kind}/{id}` path names; an unknown kind is refused naming `kind`.
fn owner(path: web::Path<(String, u64)>) -> Result<Owner, ApiError> {
    let (kind, id) = path.into_inner();
    let kind = ImageKind::parse(&kind).ok_or_else(|| {
        ApiError::bad_field(
            "kind",
            format!("{kind:?} has no images; the kinds are photo, unique_item and machine_kind"),
        )
    })?;
    Ok(Owner { kind, id })
}

/// Stores a photo's image (`PUT /api/photos/{id}/image`).
pub async fn put_photo(
    state: web::Data<AppState>,
    id: web::Path<u64>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    store(state, Owner::photo(id.into_inner()), body).await
}

/// Stores a record's image (`PUT /api/images/{kind}/{id}`).
pub async fn put(
    state: web::Data<AppState>,
    path: web::Path<(String, u64)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    store(state, owner(path)?, body).await
}

/// Checks an upload (size, type, that it decodes), derives its display image and keeps both.
async fn store(
    state: web::Data<AppState>,
    owner: Owner,
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
    if !state.db.put_image(owner, mime, original, shown).await? {
        return Err(ApiError::not_found(format!("no {}", owner.describe())));
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

/// Serves a photo's original image (`GET /api/photos/{id}/image`).
pub async fn get_photo(
    state: web::Data<AppState>,
    id: web::Path<u64>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    original(state, Owner::photo(id.into_inner()), req).await
}

/// Serves a record's original image (`GET /api/images/{kind}/{id}`).
pub async fn get(
    state: web::Data<AppState>,
    path: web::Path<(String, u64)>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    original(state, owner(path)?, req).await
}

/// Serves a photo's display image (`GET /api/photos/{id}/display`).
pub async fn get_photo_display(
    state: web::Data<AppState>,
    id: web::Path<u64>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    display(state, Owner::photo(id.into_inner()), req).await
}

/// Serves a record's display image (`GET /api/images/{kind}/{id}/display`).
pub async fn get_display(
    state: web::Data<AppState>,
    path: web::Path<(String, u64)>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    display(state, owner(path)?, req).await
}

/// The original image, answering 304 when the caller's copy is current.
async fn original(
    state: web::Data<AppState>,
    owner: Owner,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let image = state
        .db
        .image(owner, if_none_match(&req))
        .await?
        .ok_or_else(|| ApiError::not_found(format!("{} has no image", owner.describe())))?;
    Ok(answer(image))
}

/// The image at display size. One uploaded before display images were kept gets its display
/// image now, kept for the next request; if that original cannot be read, it is served as it is.
async fn display(
    state: web::Data<AppState>,
    owner: Owner,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    match state.db.display_image(owner, if_none_match(&req)).await? {
        Display::None => Err(ApiError::not_found(format!(
            "{} has no image",
            owner.describe()
        ))),
        Display::Stored(image) => Ok(answer(image)),
        Display::Underived(original, tag) => match derive(original.clone()).await? {
            Ok((shown, _)) => {
                state.db.put_display(owner, tag, shown.clone()).await?;
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

/// Lists the live photos that have an uploaded image, with their tags (`GET /api/photos/images`).
pub async fn list_photos(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let images = state
        .db
        .image_tags(Some(ImageKind::Photo))
        .await?
        .into_iter()
        .map(|(owner, etag)| ImageTag {
            photo: owner.id,
            etag,
        })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "no-store"))
        .json(ImageList { images }))
}

/// Lists every live record that has an uploaded image, of every kind (`GET /api/images`).
pub async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let images = state
        .db
        .image_tags(None)
        .await?
        .into_iter()
        .map(|(owner, etag)| RecordImageTag {
            kind: owner.kind,
            id: owner.id,
            etag,
        })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "no-store"))
        .json(RecordImageList { images }))
}
