//! The relay behind a real reverse proxy: Debian's nginx, started by each test with the
//! configuration of docs/deploy.md ("Behind a reverse proxy", read from the page:
//! `tests/common/nginx.rs`) in front of a relay of its own.
//!
//! - A whole match is played through nginx (its WebSocket upgrade), and a seat resumed.
//! - With `--trusted-proxy 127.0.0.1` the room-creation quota counts the client nginx's
//!   `X-Forwarded-For` names. nginx sends what the client wrote followed by the address it
//!   was connected from; here that address is this test's own, 127.0.0.1, which is also
//!   the trusted proxy's, so the relay skips it and takes the entry before it: the client
//!   a test socket "forwards" by sending the header itself, as a proxy in front of nginx
//!   would. The right-most entry that is not a trusted proxy counts, never one left of it.
//! - Without trusting nginx (no flag, or other proxies named) the header is ignored: every
//!   room counts as nginx's. (Through nginx on 127.0.0.1 the entry nginx appends is also
//!   the relay's peer, so that the peer itself must be trusted before the header is read
//!   at all is pinned by the unit tests of `src/proxy.rs`.)
//!
//! Everything talks to 127.0.0.1 only; each test ends within [`BOUND`], and its nginx is
//! killed when the test ends, however it ends. Without nginx the tests fail, saying so.

mod common;

use common::nginx::Nginx;
use common::{create_msg, http_get, inspect, play, relay, Client};
use protocol::{codes, ErrorBody, Phase, RelayMsg, RoomCode, RoomOptions};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

/// The longest a test of this file may take.
const BOUND: Duration = Duration::from_secs(120);

async fn bounded(test: impl std::future::Future<Output = ()>) {
    tokio::time::timeout(BOUND, test)
        .await
        .unwrap_or_else(|_| panic!("the test did not end within {BOUND:?}"));
}

/// Asks for a room through `front` with `X-Forwarded-For: xff` (`None`: no such header):
/// its code, or the relay's refusal.
async fn create(front: SocketAddr, xff: Option<&str>) -> Result<RoomCode, ErrorBody> {
    let headers: Vec<(&str, &str)> = xff.map(|v| ("X-Forwarded-For", v)).into_iter().collect();
    let mut c = Client::connect_with(front, &headers).await;
    c.label = format!("create with X-Forwarded-For {xff:?}");
    c.send(&create_msg(
        "pasur",
        2,
        Value::Null,
        RoomOptions::default(),
        "Creator",
    ))
    .await;
    let answer = c
        .until(|m| matches!(m, RelayMsg::Welcome { .. } | RelayMsg::Error(_)))
        .await;
    c.close().await;
    match answer {
        RelayMsg::Welcome { code, .. } => Ok(code),
        RelayMsg::Error(e) => Err(e),
        _ => unreachable!(),
    }
}

#[track_caller]
fn created(r: Result<RoomCode, ErrorBody>, what: &str) {
    assert!(r.is_ok(), "{what}: refused: {r:?}");
}

#[track_caller]
fn over_quota(r: Result<RoomCode, ErrorBody>, what: &str) {
    assert!(
        r.as_ref().is_err_and(|e| e.error == codes::QUOTA),
        "{what}: not refused with `quota`: {r:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_plays_through_nginx() {
    bounded(async {
        let relay = relay(&["--trusted-proxy", "127.0.0.1", "--metrics"]).await;
        let nginx = Nginx::start(relay.addr).await;
        let front = nginx.addr;
        let (status, body) = http_get(front, "/health").await;
        assert!(status.contains(" 200 "), "{status} {body}");
        // The metrics are the relay's operator's: served to whoever reaches the relay's
        // port, refused through the proxy.
        let (status, body) = http_get(relay.addr, "/metrics").await;
        assert!(
            status.contains(" 200 ") && body.contains("relay_sockets"),
            "{status}"
        );
        let (status, body) = http_get(front, "/metrics").await;
        assert!(status.contains(" 403 "), "{status} {body}");
        // Two people and two bots, to the end of a match of Hokm to 3.
        let (mut a, mut b) = Client::start_two(
            front,
            "hokm",
            4,
            json!({"target": 3}),
            RoomOptions::default(),
        )
        .await;
        a.label = "A through nginx".into();
        b.label = "B through nginx".into();
        let code = a.code.clone().unwrap();
        let (ma, mb) = tokio::join!(
            play(&mut a, "hokm", 11, usize::MAX),
            play(&mut b, "hokm", 12, usize::MAX)
        );
        assert!(ma > 0 && mb > 0, "a person never acted: {ma} {mb}");
        // The match is over, and both people were sent its last step (asked of the relay
        // itself, not through nginx).
        let state = inspect(relay.addr, &code).await;
        let log = &state["log"];
        assert_eq!(state["step"], json!(log["steps"].as_array().unwrap().len()));
        let replayed = registry::room_from_log(log).unwrap();
        assert_eq!(replayed.status(), engine::Status::MatchOver);
        for c in [&a, &b] {
            assert_eq!(
                c.lobby.as_ref().unwrap().phase,
                Phase::Finished,
                "{}",
                c.label
            );
            assert_eq!(
                c.frames.last().unwrap()["step"],
                state["step"],
                "{}",
                c.label
            );
        }
        // A dropped socket resumes its seat through nginx: the last step again.
        let token = b.token.clone().unwrap();
        b.close().await;
        let mut b = Client::resume(front, &code, &token).await;
        let RelayMsg::Frame { frame } = b.until(|m| matches!(m, RelayMsg::Frame { .. })).await
        else {
            unreachable!()
        };
        assert_eq!(frame["step"], state["step"]);
        a.close().await;
        b.close().await;
        // The sockets went through nginx: it logged their upgrades (when they closed).
        let t0 = std::time::Instant::now();
        while nginx
            .access_log()
            .matches("\"GET /ws HTTP/1.1\" 101 ")
            .count()
            < 3
        {
            assert!(
                t0.elapsed() < Duration::from_secs(10),
                "nginx did not log the three WebSockets: {}",
                nginx.access_log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        drop(nginx);
        relay.shutdown();
        relay.wait().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_nginx_the_quota_counts_the_forwarded_client() {
    bounded(async {
        let relay = relay(&["--trusted-proxy", "127.0.0.1", "--rooms-per-ip", "2"]).await;
        let nginx = Nginx::start(relay.addr).await;
        let f = nginx.addr;
        // The relay is sent `203.0.113.7, 127.0.0.1`: 127.0.0.1 (this test, as nginx saw
        // it) is a trusted proxy, so the client is 203.0.113.7: two rooms, then `quota`.
        created(create(f, Some("203.0.113.7")).await, "1st of 203.0.113.7");
        created(create(f, Some("203.0.113.7")).await, "2nd of 203.0.113.7");
        over_quota(create(f, Some("203.0.113.7")).await, "3rd of 203.0.113.7");
        // Another client has a quota of its own.
        created(create(f, Some("198.51.100.9")).await, "1st of 198.51.100.9");
        // The right-most entry that is not a trusted proxy counts, not one left of it:
        // 198.51.100.20 here (203.0.113.7's quota is spent) ...
        created(
            create(f, Some("203.0.113.7, 198.51.100.20")).await,
            "203.0.113.7 left of 198.51.100.20",
        );
        // ... and 203.0.113.7 here, whatever a fresh address left of it says.
        over_quota(
            create(f, Some("198.51.100.30, 203.0.113.7")).await,
            "198.51.100.30 left of 203.0.113.7",
        );
        // IPv6 clients pass through nginx too.
        created(create(f, Some("2001:db8::7")).await, "1st of 2001:db8::7");
        created(create(f, Some("2001:db8::7")).await, "2nd of 2001:db8::7");
        over_quota(create(f, Some("2001:db8::7")).await, "3rd of 2001:db8::7");
        // None of the rooms above counted as 127.0.0.1's: without a header (nginx sends
        // `127.0.0.1`, a trusted proxy alone) and with one that is not an address (the
        // relay falls back to its peer, nginx at 127.0.0.1) this test still has two.
        created(create(f, None).await, "1st without a header");
        created(
            create(f, Some("not-an-address")).await,
            "2nd: a malformed header, counted as the peer",
        );
        over_quota(create(f, None).await, "3rd of 127.0.0.1");
        drop(nginx);
        relay.shutdown();
        relay.wait().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untrusted_nginx_s_forwarded_header_is_ignored() {
    bounded(async {
        // No proxy trusted, or only others than nginx (127.0.0.1).
        for trust in [&[][..], &["--trusted-proxy", "10.0.0.0/8,::1"][..]] {
            let flags = [trust, &["--rooms-per-ip", "2"][..]].concat();
            let relay = relay(&flags).await;
            let nginx = Nginx::start(relay.addr).await;
            let f = nginx.addr;
            // Three clients by their headers, one address by the socket's: nginx's.
            created(
                create(f, Some("203.0.113.7")).await,
                &format!("203.0.113.7, {trust:?}"),
            );
            created(
                create(f, Some("198.51.100.9")).await,
                &format!("198.51.100.9, {trust:?}"),
            );
            over_quota(
                create(f, Some("192.0.2.1")).await,
                &format!("192.0.2.1 counted as nginx's third room, {trust:?}"),
            );
            drop(nginx);
            relay.shutdown();
            relay.wait().await;
        }
    })
    .await;
}
