//! Uploaded images (`images`): a photo's, a unique item's or a war machine kind's, kept apart
//! from the records they belong to so the document stays small. Each is keyed by its [`Owner`].

use crate::error::ApiError;
use engine::wire::ImageKind;
use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

/// The record an image belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owner {
    /// Its kind.
    pub kind: ImageKind,
    /// Its record id.
    pub id: u64,
}

impl Owner {
    /// Photo `id`.
    pub fn photo(id: u64) -> Owner {
        Owner {
            kind: ImageKind::Photo,
            id,
        }
    }

    /// "photo 7", "unique_item 3": the owner in an error message.
    pub fn describe(self) -> String {
        format!("{} {}", self.kind.name(), self.id)
    }
}

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

/// Stores (or replaces) a live record's image with its display size; `false` when there is no
/// such record.
pub fn put(
    conn: &Connection,
    owner: Owner,
    mime: &str,
    bytes: &[u8],
    display: &[u8],
) -> Result<bool, ApiError> {
    let exists: Option<i64> = conn
        .query_row(
            "SELECT 1 FROM records WHERE kind = ?1 AND id = ?2 AND deleted = 0",
            params![owner.kind.name(), owner.id as i64],
            |r| r.get(0),
        )
        .optional()?;
    if exists.is_none() {
        return Ok(false);
    }
    conn.execute(
        "INSERT INTO images (kind, id, mime, bytes, etag, display, display_etag)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (kind, id) DO UPDATE SET mime = excluded.mime, bytes = excluded.bytes,
             etag = excluded.etag, display = excluded.display,
             display_etag = excluded.display_etag",
        params![
            owner.kind.name(),
            owner.id as i64,
            mime,
            bytes,
            etag_of(bytes),
            display,
            etag_of(display)
        ],
    )?;
    Ok(true)
}

/// A record's display image as stored.
pub enum Display {
    /// The record has no uploaded image.
    None,
    /// It has one, from before display images were kept: its original and the original's tag,
    /// to derive one from ([`put_display`]).
    Underived(Vec<u8>, String),
    /// The display image (without bytes when the caller's tag matched).
    Stored(Image),
}

/// A record's display image; the bytes are left out when `if_none_match` names its tag.
pub fn display(
    conn: &Connection,
    owner: Owner,
    if_none_match: Option<&str>,
) -> Result<Display, ApiError> {
    let head: Option<(String, bool)> = conn
        .query_row(
            "SELECT display_etag, display IS NOT NULL FROM images WHERE kind = ?1 AND id = ?2",
            params![owner.kind.name(), owner.id as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((etag, derived)) = head else {
        return Ok(Display::None);
    };
    if !derived {
        let (bytes, tag): (Vec<u8>, String) = conn.query_row(
            "SELECT bytes, etag FROM images WHERE kind = ?1 AND id = ?2",
            params![owner.kind.name(), owner.id as i64],
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
        "SELECT display FROM images WHERE kind = ?1 AND id = ?2",
        params![owner.kind.name(), owner.id as i64],
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
    owner: Owner,
    original: &str,
    display: &[u8],
) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE images SET display = ?4, display_etag = ?5
         WHERE kind = ?1 AND id = ?2 AND (etag = ?3 OR etag = '')",
        params![
            owner.kind.name(),
            owner.id as i64,
            original,
            display,
            etag_of(display)
        ],
    )?;
    Ok(())
}

/// The images of live records of `kind` (every kind when `None`), by kind then id, with their
/// tags (a row from before tags were stored gets its tag computed, as [`get`] does).
pub fn list(conn: &Connection, kind: Option<ImageKind>) -> Result<Vec<(Owner, String)>, ApiError> {
    let mut stmt = conn.prepare(
        "SELECT i.kind, i.id, i.etag, CASE WHEN i.etag = '' THEN i.bytes END FROM images i
         JOIN records r ON r.kind = i.kind AND r.id = i.id AND r.deleted = 0
         WHERE ?1 IS NULL OR i.kind = ?1
         ORDER BY i.kind, i.id",
    )?;
    let rows = stmt.query_map([kind.map(ImageKind::name)], |r| {
        let kind: String = r.get(0)?;
        let id: i64 = r.get(1)?;
        let etag: String = r.get(2)?;
        let bytes: Option<Vec<u8>> = r.get(3)?;
        Ok((kind, id as u64, bytes.map_or(etag, |b| etag_of(&b))))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (kind, id, etag) = row?;
        // The table's CHECK admits only the kinds `ImageKind` names.
        if let Some(kind) = ImageKind::parse(&kind) {
            out.push((Owner { kind, id }, etag));
        }
    }
    Ok(out)
}

/// A record's image; the bytes are left out when `if_none_match` names its tag.
pub fn get(
    conn: &Connection,
    owner: Owner,
    if_none_match: Option<&str>,
) -> Result<Option<Image>, ApiError> {
    let head: Option<(String, String)> = conn
        .query_row(
            "SELECT mime, etag FROM images WHERE kind = ?1 AND id = ?2",
            params![owner.kind.name(), owner.id as i64],
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
        "SELECT bytes FROM images WHERE kind = ?1 AND id = ?2",
        params![owner.kind.name(), owner.id as i64],
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
