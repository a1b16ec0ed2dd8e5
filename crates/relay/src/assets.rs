//! The static site (`--static DIR`, the web build's `dist/`), served as docs/deploy.md says
//! any server should:
//!
//! - **Precompressed.** `tools/build-web.sh` writes `FILE.br` (brotli, quality 11) and
//!   `FILE.gz` (gzip -9) beside every compressible file; tower-http's [`ServeDir`] sends the
//!   best one the request's `Accept-Encoding` accepts (brotli before gzip), else `FILE`
//!   itself, with `Content-Encoding` and `Vary: Accept-Encoding`.
//! - **Content types** by the file's extension (of the file asked for, not of the copy
//!   sent): `application/wasm` for wasm (so a browser compiles it while it downloads), the
//!   text types with `charset=utf-8` ([`content_type`]).
//! - **Cache-Control** by [`cache_control`]: a file whose name holds the hash of its content
//!   (`hokm-ed0b20c4a6310f71.js`, `hokm-ed0b20c4a6310f71_bg.wasm`, `style-….css`,
//!   `favicon-….svg`, `fonts/Vazirmatn-Regular-….woff2`) never changes, so `public,
//!   max-age=31536000, immutable`; everything else (the HTML pages, `sw.js`, the hard bots'
//!   worker, the icons, the manifest, `relay.json`) keeps its name across builds, so
//!   `no-cache`: a browser may keep
//!   it but asks first.
//! - **ETag** of [`etag`] (the size, modification time and encoding of the file sent), and
//!   `If-None-Match` answered with 304 Not Modified, so that asking first costs a round trip
//!   and no body.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::path::Path;
use tower_http::services::ServeDir;

/// `Cache-Control` of a file whose name holds its content's hash.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of every other file: kept, but checked with the server before each use.
pub const NO_CACHE: &str = "no-cache";

/// The longest path segment, and the longest path, looked up on disk: a longer one is a 404
/// at once (the file system would refuse the name, which [`ServeDir`] would answer with a
/// 500). No file of the site comes near either.
const MAX_SEGMENT: usize = 255;
const MAX_PATH: usize = 1024;

/// The service of the static site in `dir` (the relay's fallback for every path that is not
/// one of its own routes).
pub fn router(dir: &Path) -> Router {
    Router::new()
        .fallback_service(ServeDir::new(dir).precompressed_br().precompressed_gzip())
        .layer(middleware::from_fn(headers))
}

/// The file name a request path asks for: its last segment, `index.html` for a folder.
fn file_name(path: &str) -> &str {
    match path.rsplit('/').next() {
        Some("") | None => "index.html",
        Some(name) => name,
    }
}

/// Whether `name` holds a content hash the way `tools/web-page.mjs` writes it:
/// `<stem>-<16 hex digits>.<ext>`, or `<stem>-<16 hex digits>_bg.wasm` for a page's wasm.
/// An HTML page never counts (its address is the one a player opens).
pub fn is_hashed(name: &str) -> bool {
    let Some((stem, ext)) = name.split_once('.') else {
        return false;
    };
    if ext == "html" || ext.starts_with("html.") {
        return false;
    }
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    let Some((base, hash)) = stem.rsplit_once('-') else {
        return false;
    };
    !base.is_empty()
        && hash.len() == 16
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The `Cache-Control` of the file `name` ([`IMMUTABLE`] or [`NO_CACHE`]).
pub fn cache_control(name: &str) -> &'static str {
    if is_hashed(name) {
        IMMUTABLE
    } else {
        NO_CACHE
    }
}

/// The `Content-Type` to send for [`ServeDir`]'s guess `guessed` (by the file's extension):
/// the text types with `charset=utf-8` (every text file of the site is UTF-8, and the
/// Persian text must not be read in another charset), the others as guessed (`.wasm` is
/// `application/wasm`, `.webmanifest` `application/manifest+json`, `.woff2` `font/woff2`).
/// `None`: keep `guessed`.
pub fn content_type(guessed: &str) -> Option<&'static str> {
    Some(match guessed {
        "text/html" => "text/html; charset=utf-8",
        "text/javascript" | "application/javascript" => "text/javascript; charset=utf-8",
        "text/css" => "text/css; charset=utf-8",
        "text/plain" => "text/plain; charset=utf-8",
        _ => return None,
    })
}

/// A strong ETag of the response's file: its length, `Last-Modified` and `Content-Encoding`
/// (the brotli, gzip and plain forms of a file are different bytes, so each has its own
/// tag). `None` without a `Last-Modified` or a length.
pub fn etag(headers: &HeaderMap) -> Option<HeaderValue> {
    let len = headers.get(header::CONTENT_LENGTH)?.to_str().ok()?;
    let modified = headers.get(header::LAST_MODIFIED)?.as_bytes();
    let encoding = headers
        .get(header::CONTENT_ENCODING)
        .map(HeaderValue::as_bytes)
        .unwrap_or(b"identity");
    // FNV-1a, 64 bits: a stable digest of the modification time and encoding (no
    // dependency, and the tag stays the same across the relay's restarts).
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in modified.iter().chain(b"|").chain(encoding) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    HeaderValue::from_str(&format!("\"{len}-{h:016x}\"")).ok()
}

/// Whether an `If-None-Match` value names `tag` (weak comparison, as RFC 9110 asks for
/// `If-None-Match`: `W/"x"` matches `"x"`), or is `*`.
pub fn none_match(if_none_match: &[HeaderValue], tag: &HeaderValue) -> bool {
    let Ok(tag) = tag.to_str() else {
        return false;
    };
    let tag = tag.trim_start_matches("W/");
    if_none_match
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|t| t == "*" || t.trim_start_matches("W/") == tag)
}

/// The layer around [`ServeDir`]: rejects names too long to look up, then sets the
/// response's `Vary`, `Cache-Control`, `Content-Type` and `ETag`, and answers a matching
/// `If-None-Match` with 304.
async fn headers(mut req: Request, next: Next) -> Response {
    let path = req.uri().path().to_owned();
    if path.len() > MAX_PATH || path.split('/').any(|s| s.len() > MAX_SEGMENT) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let if_none_match: Vec<HeaderValue> = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .cloned()
        .collect();
    if !if_none_match.is_empty() {
        // RFC 9110 13.1.3: with If-None-Match, If-Modified-Since is ignored (ServeDir would
        // answer it with a 304 on the time alone).
        req.headers_mut().remove(header::IF_MODIFIED_SINCE);
    }
    let mut res = next.run(req).await;
    let status = res.status();
    if !(status.is_success() || status == StatusCode::NOT_MODIFIED) {
        return res;
    }
    let name = file_name(&path);
    let h = res.headers_mut();
    h.append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control(name)),
    );
    if !status.is_success() {
        return res;
    }
    let guessed = h.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
    if let Some(ct) = guessed.and_then(content_type) {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(ct));
    }
    if status != StatusCode::OK {
        return res; // a range: no tag of its own
    }
    let Some(tag) = etag(h) else {
        return res;
    };
    h.insert(header::ETAG, tag.clone());
    if !none_match(&if_none_match, &tag) {
        return res;
    }
    let mut not_modified = Response::new(Body::empty());
    *not_modified.status_mut() = StatusCode::NOT_MODIFIED;
    for name in [
        header::ETAG,
        header::CACHE_CONTROL,
        header::VARY,
        header::LAST_MODIFIED,
    ] {
        for v in h.get_all(&name) {
            not_modified.headers_mut().append(name.clone(), v.clone());
        }
    }
    not_modified
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_are_those_the_build_writes() {
        for name in [
            "hokm-ed0b20c4a6310f71.js",
            "hokm-ed0b20c4a6310f71_bg.wasm",
            "hokm-online-f51166dcfe900f8e_bg.wasm",
            "crazy-eights-d8e048fd2d49abac.js",
            "style-6050b06a6995ba25.css",
            "favicon-25a383d63629fd57.svg",
            "hokm-ed0b20c4a6310f71.js.br",
        ] {
            assert!(is_hashed(name), "{name}");
            assert_eq!(cache_control(name), IMMUTABLE, "{name}");
        }
        for name in [
            "index.html",
            "hokm.html",
            "hokm-online.html",
            "sw.js",
            "hard-worker.js",
            "hard-worker_bg.wasm",
            "hard-worker_loader.js",
            "manifest.webmanifest",
            "relay.json",
            "icon-192.png",
            "Vazirmatn-Regular.woff2",
            "hokm-ed0b20c4a6310f71.html",
            "-ed0b20c4a6310f71.js",
            "hokm-ED0B20C4A6310F71.js",
            "hokm-ed0b20c4a6310f7.js",
            "hokm-ed0b20c4a6310f71a.js",
            "hokm-ed0b20c4a6310f7g.js",
            "ed0b20c4a6310f71",
            "",
        ] {
            assert!(!is_hashed(name), "{name}");
            assert_eq!(cache_control(name), NO_CACHE, "{name}");
        }
    }

    #[test]
    fn file_names_and_types() {
        assert_eq!(file_name("/"), "index.html");
        assert_eq!(file_name("/games/"), "index.html");
        assert_eq!(
            file_name("/fonts/Vazirmatn-Bold.woff2"),
            "Vazirmatn-Bold.woff2"
        );
        assert_eq!(content_type("text/html"), Some("text/html; charset=utf-8"));
        assert_eq!(
            content_type("text/javascript"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(content_type("application/wasm"), None);
        assert_eq!(content_type("text/html; charset=latin1"), None);
    }

    #[test]
    fn etags_differ_by_encoding_and_time_and_match_weakly() {
        let mut h = HeaderMap::new();
        h.insert(header::CONTENT_LENGTH, HeaderValue::from_static("120"));
        assert_eq!(etag(&h), None, "no Last-Modified, no tag");
        h.insert(
            header::LAST_MODIFIED,
            HeaderValue::from_static("Sat, 28 Nov 2026 11:00:00 GMT"),
        );
        let plain = etag(&h).unwrap();
        assert!(plain.to_str().unwrap().starts_with("\"120-"), "{plain:?}");
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
        let br = etag(&h).unwrap();
        assert_ne!(plain, br);
        h.insert(
            header::LAST_MODIFIED,
            HeaderValue::from_static("Sat, 28 Nov 2026 11:00:01 GMT"),
        );
        assert_ne!(etag(&h).unwrap(), br);

        let tag = br.to_str().unwrap();
        let v = |s: &str| vec![HeaderValue::from_str(s).unwrap()];
        assert!(none_match(&v(tag), &br));
        assert!(none_match(&v(&format!("W/{tag}")), &br));
        assert!(none_match(&v(&format!("\"other\", {tag}")), &br));
        assert!(none_match(&v("*"), &br));
        assert!(!none_match(&v("\"other\""), &br));
        assert!(!none_match(&[], &br));
        assert!(!none_match(&v(plain.to_str().unwrap()), &br));
    }
}
