//! Uploaded photographs (`photo_images`), kept apart from the photo records.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

/// A stored image.
pub struct Image {
    /// `image/png`, `image/jpeg` or `image/webp`.
    pub mime: String,
    /// Strong entity tag (quoted).
    pub etag: String,
    /// The bytes, unless the caller's tag already matched.
    pub bytes: Option<Vec<u8>>,
}

/// The entity tag of `bytes`: a quoted prefix of their SHA-256.
pub fn etag_of(bytes: &[u8]) -> String {
    let hash = Sha256::digest(bytes);
    let hex: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// Stores (or replaces) a live photo's image with its display size; `false` when there is no
/// such photo.
pub fn put(
    conn: &Connection,
    photo: u64,
    mime: &str,
    bytes: &[u8],
    display: &[u8],
) -> Result<bool, ApiError> {
    let exists: Option<i64> = conn
        .query_row(
            "SELECT 1 FROM records WHERE kind = 'photo' AND id = ?1 AND deleted = 0",
            [photo as i64],
            |r| r.get(0),
        )
        .optional()?;
    if exists.is_none() {
        return Ok(false);
    }
    conn.execute(
        "INSERT INTO photo_images (photo_id, mime, bytes, etag, display, display_etag)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (photo_id) DO UPDATE SET mime = excluded.mime, bytes = excluded.bytes,
             etag = excluded.etag, display = excluded.display,
             display_etag = excluded.display_etag",
        params![
            photo as i64,
            mime,
            bytes,
            etag_of(bytes),
            display,
            etag_of(display)
        ],
    )?;
    Ok(true)
}

/// A photo's display image as stored.
pub enum Display {
    /// The photo has no uploaded image.
    None,
    /// It has one, from before display images were kept: its original and the original's tag,
    /// to derive one from ([`put_display`]).
    Underived(Vec<u8>, String),
    /// The display image (without bytes when the caller's tag matched).
    Stored(Image),
}

/// A photo's display image; the bytes are left out when `if_none_match` names its tag.
pub fn display(
    conn: &Connection,
    photo: u64,
    if_none_match: Option<&str>,
) -> Result<Display, ApiError> {
    let head: Option<(String, bool)> = conn
        .query_row(
            "SELECT display_etag, display IS NOT NULL FROM photo_images WHERE photo_id = ?1",
            [photo as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((etag, derived)) = head else {
        return Ok(Display::None);
    };
    if !derived {
        let (bytes, tag): (Vec<u8>, String) = conn.query_row(
            "SELECT bytes, etag FROM photo_images WHERE photo_id = ?1",
            [photo as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let tag = if tag.is_empty() { etag_of(&bytes) } else { tag };
        return Ok(Display::Underived(bytes, tag));
    }
    let mime = "image/jpeg".to_string();
    if if_none_match.is_some_and(|t| t.split(',').any(|t| t.trim() == etag)) {
        return Ok(Display::Stored(Image {
            mime,
            etag,
            bytes: None,
        }));
    }
    let bytes: Vec<u8> = conn.query_row(
        "SELECT display FROM photo_images WHERE photo_id = ?1",
        [photo as i64],
        |r| r.get(0),
    )?;
    Ok(Display::Stored(Image {
        mime,
        etag,
        bytes: Some(bytes),
    }))
}

/// Keeps a display image derived from the original tagged `original` — unless the original was
/// replaced meanwhile (then the new upload brought its own).
pub fn put_display(
    conn: &Connection,
    photo: u64,
    original: &str,
    display: &[u8],
) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE photo_images SET display = ?3, display_etag = ?4
         WHERE photo_id = ?1 AND (etag = ?2 OR etag = '')",
        params![photo as i64, original, display, etag_of(display)],
    )?;
    Ok(())
}

/// The images of live photos, by photo id, with their tags (a row from before tags were stored
/// gets its tag computed, as [`get`] does).
pub fn list(conn: &Connection) -> Result<Vec<(u64, String)>, ApiError> {
    let mut stmt = conn.prepare(
        "SELECT i.photo_id, i.etag, CASE WHEN i.etag = '' THEN i.bytes END FROM photo_images i
         JOIN records r ON r.kind = 'photo' AND r.id = i.photo_id AND r.deleted = 0
         ORDER BY i.photo_id",
    )?;
    let rows = stmt.query_map([], |r| {
        let id: i64 = r.get(0)?;
        let etag: String = r.get(1)?;
        let bytes: Option<Vec<u8>> = r.get(2)?;
        Ok((id as u64, bytes.map_or(etag, |b| etag_of(&b))))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A photo's image; the bytes are left out when `if_none_match` names its tag.
pub fn get(
    conn: &Connection,
    photo: u64,
    if_none_match: Option<&str>,
) -> Result<Option<Image>, ApiError> {
    let head: Option<(String, String)> = conn
        .query_row(
            "SELECT mime, etag FROM photo_images WHERE photo_id = ?1",
            [photo as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((mime, mut etag)) = head else {
        return Ok(None);
    };
    if !etag.is_empty() && if_none_match.is_some_and(|t| t.split(',').any(|t| t.trim() == etag)) {
        return Ok(Some(Image {
            mime,
            etag,
            bytes: None,
        }));
    }
    let bytes: Vec<u8> = conn.query_row(
        "SELECT bytes FROM photo_images WHERE photo_id = ?1",
        [photo as i64],
        |r| r.get(0),
    )?;
    if etag.is_empty() {
        // A row from before tags were stored.
        etag = etag_of(&bytes);
        if if_none_match.is_some_and(|t| t.split(',').any(|t| t.trim() == etag)) {
            return Ok(Some(Image {
                mime,
                etag,
                bytes: None,
            }));
        }
    }
    Ok(Some(Image {
        mime,
        etag,
        bytes: Some(bytes),
    }))
}
