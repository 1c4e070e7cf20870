//! The editor key: collection writes and season changes need it; reading and voting do not.
//!
//! Only a SHA-256 hash of the key is kept (in the database's `meta` table and in memory); a
//! presented key is hashed and compared in constant time, so neither timing nor a stolen
//! database file reveals it.

use crate::error::ApiError;
use actix_web::dev::ServiceRequest;
use actix_web::http::header::AUTHORIZATION;
use actix_web::http::StatusCode;
use sha2::{Digest, Sha256};

/// The hash of the editor key this server accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct EditorKey {
    hash: [u8; 32],
}

impl std::fmt::Debug for EditorKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EditorKey(…)")
    }
}

impl EditorKey {
    /// The key whose plain text is `key`.
    pub fn from_plain(key: &str) -> EditorKey {
        EditorKey {
            hash: Sha256::digest(key.as_bytes()).into(),
        }
    }

    /// A key from its stored hex hash; `None` if the text is not 64 hex digits.
    pub fn from_hex(hex: &str) -> Option<EditorKey> {
        crate::hex::decode(hex).map(|hash| EditorKey { hash })
    }

    /// The hash as 64 lowercase hex digits, for storage.
    pub fn to_hex(&self) -> String {
        crate::hex::encode(&self.hash)
    }

    /// Whether `presented` is the key, compared in constant time over the hashes.
    pub fn matches(&self, presented: &str) -> bool {
        let other: [u8; 32] = Sha256::digest(presented.as_bytes()).into();
        let diff = self
            .hash
            .iter()
            .zip(other.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b));
        std::hint::black_box(diff) == 0
    }

    /// Refuses the request with 401 unless it carries the key as `Authorization: Bearer KEY`
    /// or `X-Editor-Key: KEY`.
    pub fn check(&self, req: &ServiceRequest) -> Result<(), ApiError> {
        let headers = req.headers();
        let bearer = headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        let plain = headers.get("x-editor-key").and_then(|v| v.to_str().ok());
        match bearer.or(plain) {
            Some(key) if self.matches(key.trim()) => Ok(()),
            Some(_) => Err(unauthorized("the editor key is wrong")),
            None => Err(unauthorized(
                "this change needs the editor key (Authorization: Bearer KEY)",
            )),
        }
    }
}

fn unauthorized(message: &str) -> ApiError {
    ApiError::status(StatusCode::UNAUTHORIZED, "unauthorized", message)
}

/// A fresh key: 32 bytes from the operating system, as 64 hex digits.
pub fn generate() -> anyhow::Result<String> {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes).map_err(|e| anyhow::anyhow!("no OS randomness: {e}"))?;
    Ok(crate::hex::encode(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_matches_itself_only_and_survives_storage() {
        let key = EditorKey::from_plain("open sesame");
        assert!(key.matches("open sesame"));
        assert!(!key.matches("open sesam"));
        assert_eq!(EditorKey::from_hex(&key.to_hex()), Some(key));
        assert_eq!(EditorKey::from_hex("zz"), None);
    }

    #[test]
    fn generated_keys_differ() {
        let a = generate().unwrap();
        assert_eq!(a.len(), 64);
        assert_ne!(a, generate().unwrap());
    }
}
