//! The `meta` table's settings other than the change counter: the editor key's hash.

use crate::auth::EditorKey;
use rusqlite::{params, Connection, OptionalExtension};

const KEY: &str = "editor_key_sha256";

/// The editor key in force. A configured key replaces the stored hash; without one the stored
/// hash stays; with neither, a new key is generated, its hash stored, and the plain key returned
/// (the only time it exists outside the editor's hands).
pub fn editor_key(
    conn: &Connection,
    configured: Option<&str>,
) -> anyhow::Result<(EditorKey, Option<String>)> {
    if let Some(plain) = configured {
        let key = EditorKey::from_plain(plain);
        store(conn, &key)?;
        return Ok((key, None));
    }
    let stored: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = ?1", [KEY], |r| r.get(0))
        .optional()?;
    if let Some(key) = stored.as_deref().and_then(EditorKey::from_hex) {
        return Ok((key, None));
    }
    let plain = crate::auth::generate()?;
    let key = EditorKey::from_plain(&plain);
    store(conn, &key)?;
    Ok((key, Some(plain)))
}

fn store(conn: &Connection, key: &EditorKey) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![KEY, key.to_hex()],
    )?;
    Ok(())
}
