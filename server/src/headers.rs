//! The security headers every answer carries, and the Content-Security-Policy of the pages.
//!
//! The policy allows only the site's own scripts, styles, images and connections. Trunk writes a
//! small module loader inline into each bundle's `index.html`, and its text (the hashed file names)
//! changes with every build, so the policy cannot be a constant: at start the server reads every
//! `dist/**/index.html`, hashes each inline `<script>` (SHA-256, base64, as CSP wants), and allows
//! exactly those. Style attributes stay allowed (`style-src-attr 'unsafe-inline'`): the faction
//! colours are set per element, and an attribute cannot run code. Uploaded images are served with
//! their own policy, `sandbox`, so an image opened on its own is a document that can do nothing.

use crate::AppState;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue, CONTENT_SECURITY_POLICY};
use actix_web::middleware::Next;
use actix_web::web;
use sha2::{Digest, Sha256};
use std::path::Path;

/// The policy of an uploaded image: a document that runs nothing and embeds nothing.
pub const IMAGE_POLICY: &str =
    "default-src 'none'; img-src 'self'; sandbox; frame-ancestors 'none'";

/// The headers answers carry, built once at start.
#[derive(Clone, Debug)]
pub struct Policy {
    csp: HeaderValue,
}

impl Policy {
    /// The policy for the pages in `dist`: the fixed sources plus the hash of every inline script
    /// found in a bundle's `index.html`. A missing `dist` (the app not built) gives the policy
    /// without hashes.
    pub fn from_dist(dist: &Path) -> Policy {
        let mut hashes: Vec<String> = Vec::new();
        for page in index_pages(dist) {
            if let Ok(html) = std::fs::read_to_string(&page) {
                for script in inline_scripts(&html) {
                    let h = format!("'sha256-{}'", base64(&Sha256::digest(script.as_bytes())));
                    if !hashes.contains(&h) {
                        hashes.push(h);
                    }
                }
            }
        }
        Policy::with_script_hashes(&hashes)
    }

    fn with_script_hashes(hashes: &[String]) -> Policy {
        let mut scripts = String::from("'self' 'wasm-unsafe-eval'");
        for h in hashes {
            scripts.push(' ');
            scripts.push_str(h);
        }
        let csp = format!(
            "default-src 'self'; script-src {scripts}; style-src 'self'; \
             style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; \
             worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; \
             form-action 'self'; frame-ancestors 'none'"
        );
        Policy {
            csp: HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static(
                "default-src 'self'; frame-ancestors 'none'",
            )),
        }
    }

    /// The Content-Security-Policy of the pages.
    pub fn csp(&self) -> &HeaderValue {
        &self.csp
    }

    /// Adds the headers to an answer; a policy a handler set itself (an image's) is kept.
    pub fn apply(&self, headers: &mut actix_web::http::header::HeaderMap) {
        if !headers.contains_key(CONTENT_SECURITY_POLICY) {
            headers.insert(CONTENT_SECURITY_POLICY, self.csp.clone());
        }
        for (name, value) in [
            ("x-content-type-options", "nosniff"),
            ("referrer-policy", "same-origin"),
            ("x-frame-options", "DENY"),
            ("cross-origin-opener-policy", "same-origin"),
        ] {
            headers.insert(
                HeaderName::from_static(name),
                HeaderValue::from_static(value),
            );
        }
    }
}

/// Middleware: the security headers on every answer, error answers included.
pub async fn secure<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let policy = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.policy.clone());
    let mut res = next.call(req).await?;
    if let Some(policy) = policy {
        policy.apply(res.headers_mut());
    }
    Ok(res.map_into_boxed_body())
}

/// Every `index.html` under `dist`, at any depth (one per bundle).
fn index_pages(dist: &Path) -> Vec<std::path::PathBuf> {
    crate::spa::files_under(dist)
        .into_iter()
        .filter(|path| path.file_name().is_some_and(|n| n == "index.html"))
        .collect()
}

/// The text of every `<script>` without a `src` in `html`, exactly as the browser hashes it.
fn inline_scripts(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let lower = html.to_ascii_lowercase();
    let mut at = 0;
    while let Some(open) = lower[at..].find("<script") {
        let open = at + open;
        let Some(tag_end) = lower[open..].find('>').map(|i| open + i) else {
            break;
        };
        let tag = &lower[open..tag_end];
        let Some(close) = lower[tag_end..].find("</script").map(|i| tag_end + i) else {
            break;
        };
        if !has_src(tag) {
            out.push(&html[tag_end + 1..close]);
        }
        at = close;
    }
    out
}

fn has_src(tag: &str) -> bool {
    tag.split(|c: char| c.is_ascii_whitespace())
        .any(|attr| attr.starts_with("src=") || attr == "src")
}

/// Standard base64 with padding (RFC 4648), as CSP hash sources are written.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded, "{plain}");
        }
    }

    #[test]
    fn only_inline_scripts_are_hashed_with_their_exact_text() {
        let html = r#"<head><script src="/a.js"></script><SCRIPT type="module">
import init from '/app.js';init();
</SCRIPT><script>one()</script></head>"#;
        assert_eq!(
            inline_scripts(html),
            ["\nimport init from '/app.js';init();\n", "one()"]
        );
    }

    #[test]
    fn the_policy_lists_each_bundles_inline_script_once() {
        let dir = tempfile::tempdir().unwrap();
        let page = "<script type=module>boot()</script>";
        std::fs::write(dir.path().join("index.html"), page).unwrap();
        std::fs::create_dir(dir.path().join("pages")).unwrap();
        std::fs::write(dir.path().join("pages/index.html"), page).unwrap();
        let csp = Policy::from_dist(dir.path())
            .csp()
            .to_str()
            .unwrap()
            .to_string();
        let hash = format!("'sha256-{}'", base64(&Sha256::digest(b"boot()")));
        assert_eq!(csp.matches(&hash).count(), 1, "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("'wasm-unsafe-eval'"), "{csp}");
        let bare = Policy::from_dist(&dir.path().join("missing"));
        assert!(!bare.csp().to_str().unwrap().contains("sha256"));
    }
}
