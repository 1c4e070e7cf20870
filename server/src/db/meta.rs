//! The `meta` table's settings other than the change counter: the editor key's hash and the
//! secret voter passes and pair tokens are signed with.

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

const SECRET: &str = "token_secret";

/// The secret that signs voter passes and pair tokens (`tokens.rs`): made on first start and kept,
/// so passes and tokens handed out survive a restart (and a backup restores them with the votes).
pub fn token_secret(conn: &Connection) -> anyhow::Result<[u8; 32]> {
    let stored: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = ?1", [SECRET], |r| {
            r.get(0)
        })
        .optional()?;
    if let Some(key) = stored.as_deref().and_then(crate::hex::decode) {
        return Ok(key);
    }
    let key = crate::tokens::new_secret().map_err(|e| anyhow::anyhow!("no OS randomness: {e}"))?;
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![SECRET, crate::hex::encode(&key)],
    )?;
    Ok(key)
}
