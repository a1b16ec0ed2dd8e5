//! The static site (`--static`, `relay::assets`): a relay on 127.0.0.1 against a folder of
//! fake build files, asked with real HTTP requests.

mod common;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const WAIT: Duration = Duration::from_secs(20);
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const BROWSER: &str = "gzip, deflate, br, zstd";

/// A folder of fake build files, removed when dropped.
struct Site(PathBuf);

impl Site {
    /// Every kind of file the build writes; a compressible one with its `.br` and `.gz`
    /// copies (their bytes say which copy was sent).
    fn new(tag: &str) -> Site {
        let dir = std::env::temp_dir().join(format!("relay-assets-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("fonts")).unwrap();
        let site = Site(dir);
        for (name, copies) in [
            ("index.html", true),
            ("hokm.html", true),
            ("hokm-ed0b20c4a6310f71.js", true),
            ("hokm-ed0b20c4a6310f71_bg.wasm", true),
            ("style-6050b06a6995ba25.css", true),
            ("favicon-25a383d63629fd57.svg", true),
            ("sw.js", true),
            ("hard-worker.js", true),
            ("hard-worker_bg.wasm", true),
            ("manifest.webmanifest", true),
            ("relay.json", false),
            ("icon-192.png", false),
            ("fonts/Vazirmatn-Regular.woff2", false),
        ] {
            site.write(name, format!("plain {name}").as_bytes());
            if copies {
                site.write(&format!("{name}.br"), format!("br {name}").as_bytes());
                site.write(&format!("{name}.gz"), format!("gz {name}").as_bytes());
            }
        }
        site
    }

    fn write(&self, name: &str, bytes: &[u8]) {
        std::fs::write(self.0.join(name), bytes).unwrap();
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn relay(site: &Site) -> relay::Relay {
    common::relay(&["--static", site.0.to_str().unwrap()]).await
}

/// An HTTP/1.1 answer: status, headers (lower-case names; repeated ones joined by ", ") and
/// body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

/// Sends `method path` with the extra `headers` (`Connection: close`) and reads the whole
/// answer.
async fn request(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut raw))
        .await
        .expect("the relay answers")
        .unwrap();
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no end of headers: {:?}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8(raw[..end].to_vec()).unwrap();
    let body = raw[end + 4..].to_vec();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let mut headers: HashMap<String, String> = HashMap::new();
    for line in lines {
        let (k, v) = line.split_once(':').unwrap();
        headers
            .entry(k.trim().to_ascii_lowercase())
            .and_modify(|old| {
                old.push_str(", ");
                old.push_str(v.trim());
            })
            .or_insert_with(|| v.trim().to_string());
    }
    Answer {
        status,
        headers,
        body,
    }
}

async fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Answer {
    request(addr, "GET", path, headers).await
}

fn vary_has_accept_encoding(a: &Answer) -> bool {
    a.header("vary").is_some_and(|v| {
        v.split(',')
            .any(|t| t.trim().eq_ignore_ascii_case("accept-encoding"))
    })
}

#[tokio::test]
async fn precompressed_copies_are_chosen_by_accept_encoding() {
    let site = Site::new("encoding");
    let relay = relay(&site).await;
    let addr = relay.addr;
    let wasm = "/hokm-ed0b20c4a6310f71_bg.wasm";
    for (accept, body, encoding) in [
        (Some(BROWSER), "br", Some("br")),
        (Some("br"), "br", Some("br")),
        (Some("gzip, deflate"), "gz", Some("gzip")),
        (Some("gzip, br;q=0"), "gz", Some("gzip")),
        (Some("br;q=0.5, gzip"), "gz", Some("gzip")),
        (Some("deflate"), "plain", None),
        (Some("identity"), "plain", None),
        (None, "plain", None),
    ] {
        let headers: Vec<(&str, &str)> =
            accept.map(|a| ("Accept-Encoding", a)).into_iter().collect();
        let a = get(addr, wasm, &headers).await;
        assert_eq!(a.status, 200, "{accept:?}: {a:?}");
        assert_eq!(
            String::from_utf8(a.body.clone()).unwrap(),
            format!("{body} hokm-ed0b20c4a6310f71_bg.wasm"),
            "{accept:?}"
        );
        assert_eq!(a.header("content-encoding"), encoding, "{accept:?}");
        assert_eq!(
            a.header("content-type"),
            Some("application/wasm"),
            "{accept:?}"
        );
        assert_eq!(
            a.header("content-length"),
            Some(a.body.len().to_string().as_str()),
            "{accept:?}"
        );
        assert!(vary_has_accept_encoding(&a), "{accept:?}: {a:?}");
        assert_eq!(a.header("cache-control"), Some(IMMUTABLE), "{accept:?}");
    }
    // A file without copies is sent as it is, whatever the browser accepts.
    let a = get(
        addr,
        "/fonts/Vazirmatn-Regular.woff2",
        &[("Accept-Encoding", BROWSER)],
    )
    .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body, b"plain fonts/Vazirmatn-Regular.woff2");
    assert_eq!(a.header("content-encoding"), None);
    assert_eq!(a.header("content-type"), Some("font/woff2"));
    // The home page at `/`, brotli.
    let a = get(addr, "/", &[("Accept-Encoding", BROWSER)]).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body, b"br index.html");
    assert_eq!(a.header("content-encoding"), Some("br"));
    assert_eq!(a.header("content-type"), Some("text/html; charset=utf-8"));
    // HEAD: the same headers, no body.
    let a = request(addr, "HEAD", wasm, &[("Accept-Encoding", BROWSER)]).await;
    assert_eq!(a.status, 200);
    assert!(a.body.is_empty());
    assert_eq!(a.header("content-encoding"), Some("br"));
    assert_eq!(a.header("content-length"), Some("32"));
    assert!(a.header("etag").is_some());
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn hashed_files_are_immutable_and_the_others_revalidated() {
    let site = Site::new("cache");
    let relay = relay(&site).await;
    let addr = relay.addr;
    for (path, cache, content_type) in [
        (
            "/hokm-ed0b20c4a6310f71.js",
            IMMUTABLE,
            "text/javascript; charset=utf-8",
        ),
        (
            "/hokm-ed0b20c4a6310f71_bg.wasm",
            IMMUTABLE,
            "application/wasm",
        ),
        (
            "/style-6050b06a6995ba25.css",
            IMMUTABLE,
            "text/css; charset=utf-8",
        ),
        ("/favicon-25a383d63629fd57.svg", IMMUTABLE, "image/svg+xml"),
        ("/", "no-cache", "text/html; charset=utf-8"),
        ("/index.html", "no-cache", "text/html; charset=utf-8"),
        ("/hokm.html", "no-cache", "text/html; charset=utf-8"),
        ("/sw.js", "no-cache", "text/javascript; charset=utf-8"),
        (
            "/hard-worker.js",
            "no-cache",
            "text/javascript; charset=utf-8",
        ),
        ("/hard-worker_bg.wasm", "no-cache", "application/wasm"),
        (
            "/manifest.webmanifest",
            "no-cache",
            "application/manifest+json",
        ),
        ("/relay.json", "no-cache", "application/json"),
        ("/icon-192.png", "no-cache", "image/png"),
        ("/fonts/Vazirmatn-Regular.woff2", "no-cache", "font/woff2"),
    ] {
        for accept in [Some(BROWSER), None] {
            let headers: Vec<(&str, &str)> =
                accept.map(|a| ("Accept-Encoding", a)).into_iter().collect();
            let a = get(addr, path, &headers).await;
            assert_eq!(a.status, 200, "{path}: {a:?}");
            assert_eq!(a.header("cache-control"), Some(cache), "{path}");
            assert_eq!(a.header("content-type"), Some(content_type), "{path}");
            assert!(vary_has_accept_encoding(&a), "{path}: {a:?}");
            assert!(a.header("etag").is_some(), "{path}: {a:?}");
            assert!(a.header("last-modified").is_some(), "{path}: {a:?}");
        }
    }
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn if_none_match_with_the_etag_is_answered_304() {
    let site = Site::new("etag");
    let relay = relay(&site).await;
    let addr = relay.addr;
    let first = get(addr, "/hokm.html", &[("Accept-Encoding", BROWSER)]).await;
    let tag = first.header("etag").unwrap().to_string();
    assert!(
        tag.starts_with('"') && tag.ends_with('"'),
        "a strong tag: {tag}"
    );
    // The brotli copy and the plain file are different bytes: different tags.
    let plain = get(addr, "/hokm.html", &[]).await;
    let plain_tag = plain.header("etag").unwrap().to_string();
    assert_ne!(tag, plain_tag);
    assert_eq!(
        get(addr, "/hokm.html", &[("Accept-Encoding", BROWSER)])
            .await
            .header("etag"),
        Some(tag.as_str()),
        "the same file, the same tag"
    );

    for inm in [
        tag.clone(),
        format!("W/{tag}"),
        format!("\"x\", {tag}"),
        "*".into(),
    ] {
        let a = get(
            addr,
            "/hokm.html",
            &[("Accept-Encoding", BROWSER), ("If-None-Match", &inm)],
        )
        .await;
        assert_eq!(a.status, 304, "{inm}: {a:?}");
        assert!(a.body.is_empty());
        assert_eq!(a.header("etag"), Some(tag.as_str()));
        assert_eq!(a.header("cache-control"), Some("no-cache"));
        assert!(vary_has_accept_encoding(&a), "{a:?}");
    }
    // Another tag, or the brotli tag from a client that takes no brotli: the whole file.
    let a = get(
        addr,
        "/hokm.html",
        &[("Accept-Encoding", BROWSER), ("If-None-Match", "\"0-0\"")],
    )
    .await;
    assert_eq!((a.status, a.body.as_slice()), (200, &b"br hokm.html"[..]));
    let a = get(addr, "/hokm.html", &[("If-None-Match", &tag)]).await;
    assert_eq!(
        (a.status, a.body.as_slice()),
        (200, &b"plain hokm.html"[..])
    );
    // If-Modified-Since is ignored beside a stale If-None-Match (RFC 9110 13.1.3).
    let a = get(
        addr,
        "/hokm.html",
        &[
            ("If-None-Match", "\"0-0\""),
            ("If-Modified-Since", "Fri, 01 Jan 2100 00:00:00 GMT"),
        ],
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");

    // A changed file gets a new tag; the old one no longer matches.
    site.write("hokm.html", b"plain hokm.html, rebuilt");
    let a = get(addr, "/hokm.html", &[("If-None-Match", &plain_tag)]).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body, b"plain hokm.html, rebuilt");
    assert_ne!(a.header("etag"), Some(plain_tag.as_str()));
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn missing_files_and_weird_paths_are_404_and_the_relay_goes_on() {
    let site = Site::new("weird");
    let relay = relay(&site).await;
    let addr = relay.addr;
    let long = format!("/{}", "a".repeat(300));
    let deep = "/a".repeat(3000);
    for path in [
        "/missing.js",
        "/hokm-0000000000000000.js",
        "/fonts/",
        "/hokm.html/x",
        "/../Cargo.toml",
        "/..%2fCargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/a%00b",
        "/%ff%fe",
        "/a\\..\\b",
        long.as_str(),
        deep.as_str(),
    ] {
        let a = get(addr, path, &[("Accept-Encoding", BROWSER)]).await;
        assert!(
            a.status == 404 || a.status == 400,
            "{}: {}",
            &path[..path.len().min(40)],
            a.status
        );
        assert_eq!(a.header("cache-control"), None, "{path}");
    }
    // A folder without the trailing slash is sent to the folder.
    let a = get(addr, "/fonts", &[]).await;
    assert!(a.status == 307 || a.status == 308, "{a:?}");
    let a = request(addr, "POST", "/index.html", &[("Content-Length", "0")]).await;
    assert_eq!(a.status, 405);
    let a = get(addr, "/health", &[]).await;
    assert_eq!(a.status, 200, "the relay still answers");
    relay.shutdown();
    relay.wait().await;
}
