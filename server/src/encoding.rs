//! Content encoding the server chooses itself, rather than the compression middleware:
//! whether a request accepts Brotli, and the collection's pull compressed harder than the
//! middleware would.
//!
//! actix's `Compress` writes Brotli at a fixed low quality, which suits small answers. The pull
//! (`GET /api/sync/pull`) is the biggest answer by far: every first visit of every page but the
//! map and History takes the whole collection (hundreds of kilobytes of JSON) alongside its
//! wasm, over the same slow link. Quality 5 makes it a sixth smaller than the middleware does
//! for a few milliseconds more per megabyte; the top qualities (10, 11) would save as
//! much again but cost a hundred times the time on every change, so they are not used.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use std::io::Write as _;

/// The Brotli quality of a pull (0–11).
pub const PULL_QUALITY: u32 = 5;

/// Below this a body is left to the middleware: compressing it harder saves nothing to speak of.
const HARDER_FROM: usize = 4096;

/// Whether an `Accept-Encoding` value accepts Brotli (`br`, with no `q=0`).
pub fn accepts_br(value: &str) -> bool {
    value.split(',').any(|coding| {
        let mut parts = coding.split(';').map(str::trim);
        parts.next().is_some_and(|c| c.eq_ignore_ascii_case("br"))
            && parts.all(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_none_or(|q| q > 0.0)
            })
    })
}

/// Whether `req` accepts Brotli.
fn request_accepts_br(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(accepts_br)
}

/// `json` compressed at `quality`.
pub fn brotli(json: &[u8], quality: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len() / 8);
    {
        let mut w = brotli::CompressorWriter::new(&mut out, 64 * 1024, quality, 22);
        // Writing into a Vec cannot fail.
        let _ = w.write_all(json);
    }
    out
}

/// A 200 answer of `json` (already serialised): Brotli at [`PULL_QUALITY`] when the request
/// accepts it and the body is big enough to gain; otherwise as is, for the middleware to encode
/// as it encodes everything else. Compressed on the worker thread, as the middleware compresses:
/// anyone may pull, so handing each pull to a thread pool of its own would let many at once hold
/// a copy of the collection each, where the workers take them a few at a time.
pub fn json_answer(req: &HttpRequest, json: Vec<u8>) -> HttpResponse {
    let mut res = HttpResponse::Ok();
    res.content_type(header::ContentType::json())
        .insert_header((header::VARY, "Accept-Encoding"));
    if json.len() < HARDER_FROM || !request_accepts_br(req) {
        return res.body(json);
    }
    res.insert_header((header::CONTENT_ENCODING, "br"))
        .body(brotli(&json, PULL_QUALITY))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brotli_is_accepted_by_name_unless_its_weight_is_zero() {
        assert!(accepts_br("gzip, deflate, br, zstd"));
        assert!(accepts_br("BR;q=0.5"));
        assert!(!accepts_br("gzip, deflate"));
        assert!(!accepts_br("br;q=0"));
        assert!(!accepts_br("brotli"));
    }

    #[test]
    fn the_collection_compressed_harder_decodes_to_itself_and_beats_the_middlewares_quality() {
        let json = serde_json::to_vec(&engine::demo_realm()).unwrap();
        let ours = brotli(&json, PULL_QUALITY);
        let theirs = brotli(&json, 3);
        let mut back = Vec::new();
        brotli::BrotliDecompress(&mut &ours[..], &mut back).unwrap();
        assert_eq!(back, json);
        assert!(
            ours.len() < theirs.len(),
            "{} B at quality {PULL_QUALITY}, {} B at 3",
            ours.len(),
            theirs.len()
        );
    }
}
