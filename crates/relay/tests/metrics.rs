//! `GET /metrics` of the relay binary, scraped before, during and after a match: rooms,
//! sockets, watchers, moves, messages sent, errors by code and the store's write latency,
//! read from the Prometheus text format.

mod common;

use common::{http_get, play_until, settle, spawn_relay, Client};
use protocol::{ClientMsg, Phase, RoomOptions};
use serde_json::json;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

/// One scrape: every sample by its name and labels as written (`name{a="b"}`).
struct Scrape(HashMap<String, f64>);

impl Scrape {
    async fn of(addr: SocketAddr) -> Scrape {
        let (status, body) = http_get(addr, "/metrics").await;
        assert!(status.contains(" 200 "), "{status}");
        Scrape::parse(&body)
    }

    /// The text format: `# HELP`/`# TYPE` lines, and `name{labels} value` samples.
    fn parse(text: &str) -> Scrape {
        let mut samples = HashMap::new();
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let (key, value) = line
                .rsplit_once(' ')
                .unwrap_or_else(|| panic!("not a sample: {line}"));
            let value: f64 = match value {
                "+Inf" => f64::INFINITY,
                v => v.parse().unwrap_or_else(|_| panic!("not a value: {line}")),
            };
            assert!(
                samples.insert(key.to_string(), value).is_none(),
                "twice: {line}"
            );
        }
        Scrape(samples)
    }

    /// A sample; panics if it is not there.
    fn get(&self, key: &str) -> f64 {
        *self
            .0
            .get(key)
            .unwrap_or_else(|| panic!("no {key} in {:?}", self.0.keys()))
    }

    /// A sample, 0 if it is not there (a labelled counter before its first count).
    fn or_zero(&self, key: &str) -> f64 {
        self.0.get(key).copied().unwrap_or(0.0)
    }

    /// Checks a histogram of these labels: its buckets rise to `+Inf`, which is its count.
    fn histogram(&self, name: &str, labels: &str) -> (f64, f64) {
        let mut buckets: Vec<(f64, f64)> = self
            .0
            .iter()
            .filter_map(|(k, v)| {
                let rest = k.strip_prefix(&format!("{name}_bucket{{"))?;
                let le = rest.strip_suffix("\"}")?.split("le=\"").nth(1)?;
                rest.starts_with(labels).then(|| {
                    let le = if le == "+Inf" {
                        f64::INFINITY
                    } else {
                        le.parse().unwrap()
                    };
                    (le, *v)
                })
            })
            .collect();
        buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert!(buckets.len() > 5, "{name} {labels}: buckets {buckets:?}");
        assert!(buckets.windows(2).all(|w| w[0].1 <= w[1].1), "{buckets:?}");
        let count = self.get(&format!("{name}_count{{{labels}}}"));
        let sum = self.get(&format!("{name}_sum{{{labels}}}"));
        assert_eq!(buckets.last().unwrap(), &(f64::INFINITY, count));
        (count, sum)
    }
}

const APPEND: &str = "op=\"append_step\"";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_follow_a_match() {
    let dir = std::env::temp_dir().join(format!("relay-metrics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("relay.sqlite");
    let _ = std::fs::remove_file(&db);
    let (proc, addr) = spawn_relay(db.to_str().unwrap(), &["--metrics"]).await;

    let before = Scrape::of(addr).await;
    assert_eq!(before.get("relay_rooms"), 0.0);
    assert_eq!(before.get("relay_sockets"), 0.0);
    assert_eq!(before.get("relay_watchers"), 0.0);
    assert_eq!(before.get("relay_moves_total"), 0.0);
    assert_eq!(before.get("relay_frames_sent_total"), 0.0);
    assert_eq!(before.get("relay_rooms_taken_over_total"), 0.0);

    let game = "hokm";
    let (mut a, mut b) =
        Client::start_two(addr, game, 4, json!({"target": 3}), RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    let at = |step: u64| {
        move |c: &Client, _| {
            c.frames
                .last()
                .is_some_and(|f| f["step"].as_u64() >= Some(step))
        }
    };
    let (ma, mb) = tokio::join!(
        play_until(&mut a, game, 1, at(24)),
        play_until(&mut b, game, 2, at(24))
    );
    assert!(ma > 0 && mb > 0);

    // During the match, once the room waits for a person: one room, the two people's
    // sockets, the moves so far (the people's and the bots'; in the first hand every step
    // is a move), every one stored.
    let (step, _) = settle(addr, &code, &mut [&mut a, &mut b]).await;
    let step = step.as_u64().unwrap() as f64;
    let during = Scrape::of(addr).await;
    let moves = during.get("relay_moves_total");
    assert_eq!(during.get("relay_rooms"), 1.0);
    assert_eq!(during.get("relay_sockets"), 2.0);
    assert_eq!(moves, step, "{moves} moves at step {step}");
    let sent = during.get("relay_frames_sent_total");
    let received = (a.frames.len() + b.frames.len()) as f64;
    assert!(
        sent >= received,
        "{sent} messages sent, {received} frames received"
    );
    let (count, sum) = during.histogram("relay_store_write_seconds", APPEND);
    assert_eq!(count, step, "a write per step");
    assert!(sum > 0.0 && sum < count * 1.0, "{sum} s in {count} writes");
    let (creates, _) = during.histogram("relay_store_write_seconds", "op=\"create_room\"");
    assert_eq!(creates, 1.0);

    // Errors, by code: a move at a step long gone, and two messages that are not the
    // relay's.
    a.send(&ClientMsg::Move {
        step: 0,
        action: json!("pass"),
    })
    .await;
    let stale = a.error().await;
    a.send_text("not json".into()).await;
    assert_eq!(a.error().await.error, protocol::codes::BAD_MESSAGE);
    a.send_binary(vec![1, 2, 3]).await;
    assert_eq!(a.error().await.error, protocol::codes::BAD_MESSAGE);
    let errors = Scrape::of(addr).await;
    let key = |code: &str| format!("relay_errors_total{{code=\"{code}\"}}");
    assert_eq!(
        errors.get(&key(protocol::codes::BAD_MESSAGE))
            - during.or_zero(&key(protocol::codes::BAD_MESSAGE)),
        2.0
    );
    assert_eq!(
        errors.get(&key(&stale.error)) - during.or_zero(&key(&stale.error)),
        if stale.error == protocol::codes::BAD_MESSAGE {
            3.0
        } else {
            1.0
        },
        "{stale:?}"
    );

    // Watchers (issue 23): one arrives and goes, and is counted while it watches; another
    // watches to the end of the match.
    let w = Client::watch(addr, &code).await;
    let watching = Scrape::of(addr).await;
    assert_eq!(watching.get("relay_watchers"), 1.0);
    assert_eq!(watching.get("relay_sockets"), 3.0);
    w.close().await;
    let scrape_until = |want: f64| async move {
        let mut s = Scrape::of(addr).await;
        for _ in 0..100 {
            if s.get("relay_watchers") == want {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            s = Scrape::of(addr).await;
        }
        s
    };
    assert_eq!(scrape_until(0.0).await.get("relay_watchers"), 0.0);
    let mut w = Client::watch(addr, &code).await;
    let w2 = Client::watch(addr, &code).await;
    assert_eq!(Scrape::of(addr).await.get("relay_watchers"), 2.0);
    w2.close().await;
    assert_eq!(scrape_until(1.0).await.get("relay_watchers"), 1.0);

    // To the end of the match: the moves counter has risen with the steps.
    let (ma, mb, ()) = tokio::join!(
        play_until(&mut a, game, 3, |_, _| false),
        play_until(&mut b, game, 4, |_, _| false),
        w.until_match_over()
    );
    assert!(ma + mb > 0);
    assert_eq!(a.lobby.as_ref().unwrap().phase, Phase::Finished);
    let end = Scrape::of(addr).await;
    let last = a.frames.last().unwrap()["step"].as_u64().unwrap() as f64;
    assert!(end.get("relay_moves_total") > moves);
    assert!(end.get("relay_moves_total") <= last);
    assert_eq!(end.histogram("relay_store_write_seconds", APPEND).0, last);
    assert!(end.get("relay_frames_sent_total") > sent);
    assert_eq!(end.get("relay_watchers"), 1.0);
    assert_eq!(
        w.frames.last().unwrap()["step"],
        b.frames.last().unwrap()["step"]
    );
    w.close().await;

    // After: the sockets are gone, the finished room stays until it is cleaned up.
    a.close().await;
    b.close().await;
    let mut after = Scrape::of(addr).await;
    for _ in 0..100 {
        if after.get("relay_sockets") == 0.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        after = Scrape::of(addr).await;
    }
    assert_eq!(after.get("relay_sockets"), 0.0);
    assert_eq!(after.get("relay_rooms"), 1.0);
    assert_eq!(after.get("relay_watchers"), 0.0);
    drop(proc);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn metrics_are_served_only_when_asked_for() {
    let relay = common::relay(&[]).await;
    let (status, _) = http_get(relay.addr, "/metrics").await;
    assert!(status.contains(" 404 "), "{status}");
    relay.shutdown();
    relay.wait().await;
}
