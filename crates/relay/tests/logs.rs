//! The relay's log: a match played with every log line on (`RUST_LOG=trace`) writes no
//! seat token, no card the people were dealt, no seed, deal or state hash (nor does the
//! listing of public tables name a token); and the log has the lines it should (the
//! room's span, the match, its moves, quick play).

mod common;

use common::{http_get, inspect, named, play, spawn_relay_with, Client};
use engine::CardSet;
use protocol::{ClientMsg, Phase, RoomOptions};
use serde_json::{json, Value};
use std::collections::HashSet;

/// Every string of a JSON value, and every number as its decimal text.
fn leaves(v: &Value, into: &mut Vec<String>) {
    match v {
        Value::String(s) => into.push(s.clone()),
        Value::Number(n) => into.push(n.to_string()),
        Value::Array(a) => a.iter().for_each(|x| leaves(x, into)),
        Value::Object(o) => o.values().for_each(|x| leaves(x, into)),
        _ => {}
    }
}

/// The words of a log: runs of letters and digits.
fn words(log: &str) -> HashSet<&str> {
    log.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_logged_at_trace_names_no_token_card_seed_or_hash() {
    let dir = std::env::temp_dir().join(format!("relay-logs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log_path = dir.join("relay.log");
    let db = dir.join("relay.sqlite");
    let _ = std::fs::remove_file(&db);
    let file = std::fs::File::create(&log_path).unwrap();
    let (proc, addr) = spawn_relay_with(
        db.to_str().unwrap(),
        &[],
        &[("RUST_LOG", "trace")],
        file.into(),
    )
    .await;

    let game = "hokm";
    let (mut a, mut b) =
        Client::start_two(addr, game, 4, json!({"target": 3}), RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    // A watcher (issue 23) watches to the end, and tries a move.
    let mut w = Client::watch(addr, &code).await;
    let (ma, mb, ()) = tokio::join!(
        play(&mut a, game, 1, usize::MAX),
        play(&mut b, game, 2, usize::MAX),
        w.until_match_over()
    );
    w.send(&ClientMsg::Move {
        step: 1,
        action: json!({"play": "AS"}),
    })
    .await;
    assert_eq!(w.error().await.error, protocol::codes::WATCHER);
    w.close().await;
    assert!(ma > 0 && mb > 0, "a person never acted");
    assert_eq!(a.lobby.as_ref().unwrap().phase, Phase::Finished);
    // A bad move and a bad message: errors are logged too.
    a.send(&ClientMsg::Move {
        step: 0,
        action: json!("pass"),
    })
    .await;
    a.error().await;
    // Quick play (issue 23): the first opens a public table, the second joins it (it is
    // full and starts); the listing is read on the way.
    let quick = |name: &str| ClientMsg::QuickPlay {
        version: protocol::RELAY_VERSION,
        frames: registry::PROTOCOL_VERSION,
        game: "pasur".into(),
        players: 2,
        settings: Value::Null,
        name: name.into(),
    };
    let mut q1 = Client::connect(addr).await;
    q1.send(&quick("Q1")).await;
    q1.welcome().await;
    let (status, listing) = http_get(addr, "/tables").await;
    assert!(status.contains(" 200 "), "{status}");
    let mut q2 = Client::connect(addr).await;
    q2.send(&quick("Q2")).await;
    q2.welcome().await;
    assert_eq!(q2.code, q1.code);
    q2.phase(Phase::Playing).await;
    let state = inspect(addr, &code).await;
    let tokens = [
        a.token.clone().unwrap().0,
        b.token.clone().unwrap().0,
        q1.token.clone().unwrap().0,
        q2.token.clone().unwrap().0,
    ];
    for t in &tokens {
        assert!(
            !listing.contains(t.as_str()),
            "a token in the listing: {listing}"
        );
    }
    let frames: Vec<Value> = a
        .frames
        .iter()
        .chain(&b.frames)
        .chain(&q1.frames)
        .chain(&q2.frames)
        .cloned()
        .collect();
    a.close().await;
    b.close().await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    drop(proc);
    let log = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_dir_all(&dir);

    // The log is the relay's, at trace: the room's span, the match, every move.
    assert!(
        log.contains(&format!("room{{code={code}")),
        "no room span in:\n{log}"
    );
    assert!(log.contains("conn{n="), "no connection span in:\n{log}");
    assert!(
        log.contains("quick play") && log.contains("public=true"),
        "no quick play in:\n{log}"
    );
    assert!(
        log.contains("watcher arrives") && log.contains("watcher leaves"),
        "no watcher in:\n{log}"
    );
    assert!(
        log.contains("match started") && log.contains("match over"),
        "{log}"
    );
    let moves = log.lines().filter(|l| l.contains(" move")).count();
    assert!(
        moves >= ma + mb,
        "{moves} move lines for {} moves:\n{log}",
        ma + mb
    );

    // Secrets: the seat tokens (the people's and the bots' seats' have none), the cards the
    // people saw, the seed, deck orders and the state hash of the stored log.
    let mut secrets: Vec<String> = tokens.to_vec();
    let hash = state["hash"].as_str().unwrap().to_string();
    secrets.push(u64::from_str_radix(&hash, 16).unwrap().to_string());
    secrets.push(hash);
    let mut deal = Vec::new();
    leaves(&state["log"]["deal"], &mut deal);
    // The deal's numbers and strings of at least 5 characters (its seed, its deck order
    // as card names is checked with the cards below).
    secrets.extend(deal.iter().filter(|s| s.len() >= 5).cloned());
    let seed = state["log"]["deal"]["seed"]
        .as_u64()
        .expect("the deal's seed");
    secrets.extend([
        seed.to_string(),
        format!("{seed:x}"),
        format!("{seed:016x}"),
    ]);
    for s in &secrets {
        assert!(!log.contains(s.as_str()), "a secret {s} in the log:\n{log}");
    }
    let mut cards = CardSet::EMPTY;
    for f in &frames {
        cards = cards.or(named(&f["view"]));
    }
    assert!(cards.len() >= 13, "the people saw {} cards", cards.len());
    let w = words(&log);
    for c in cards.iter() {
        let name = c.to_string();
        assert!(!w.contains(name.as_str()), "card {name} in the log:\n{log}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_format_json_writes_a_json_object_per_line_with_its_spans() {
    let dir = std::env::temp_dir().join(format!("relay-logs-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log_path = dir.join("relay.log");
    let file = std::fs::File::create(&log_path).unwrap();
    let (proc, addr) = spawn_relay_with(
        "memory",
        &["--log-format", "json"],
        &[("RUST_LOG", "debug")],
        file.into(),
    )
    .await;
    let a = Client::create(
        addr,
        "hokm",
        4,
        json!({"target": 3}),
        RoomOptions::default(),
    )
    .await;
    let code = a.code.clone().unwrap();
    a.close().await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    drop(proc);
    let log = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect();
    let created = lines
        .iter()
        .find(|l| l["fields"]["message"] == "room created")
        .unwrap_or_else(|| panic!("no room created in:\n{log}"));
    assert_eq!(created["level"], "INFO");
    assert_eq!(created["fields"]["room"], json!(code.0));
    assert_eq!(created["span"]["name"], "conn");
    assert_eq!(created["span"]["peer"], "127.0.0.1");
    let running = lines
        .iter()
        .find(|l| l["fields"]["message"] == "running")
        .unwrap_or_else(|| panic!("no room task in:\n{log}"));
    assert_eq!(running["span"]["name"], "room");
    assert_eq!(running["span"]["code"], json!(code.0));
}
