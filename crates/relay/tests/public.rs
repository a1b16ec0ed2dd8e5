//! Public tables and quick play (issue 23) over the relay, with real WebSocket clients and
//! real HTTP: a private room is never listed; a public one is listed with exactly the
//! documented fields (no token, no name, no hand) and leaves the list when it is full or
//! starts; quick play joins the fullest compatible table or opens one; bots fill a public
//! table's empty seats at its fill time, also after a restart; a join to a full public
//! table is refused and changes nothing; bad options are refused; on PostgreSQL a table
//! of one instance is listed by another and joined through it by quick play.

mod common;

use common::pg::{skipped, Postgres};
use common::{create_msg, inspect, inspect_wait, join_msg, relay, spawn_relay, Client, WAIT};
use protocol::{codes, ClientMsg, Phase, RelayMsg, RoomCode, RoomOptions, SeatKind, RELAY_VERSION};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// The fields of a listed table, all of them.
const FIELDS: [&str; 8] = [
    "code",
    "game",
    "players",
    "settings",
    "options",
    "seats_taken",
    "seats_free",
    "waited_secs",
];

/// A GET: the status line, the headers (lower-case names) and the body.
async fn get(addr: SocketAddr, path: &str) -> (String, Vec<(String, String)>, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut text = String::new();
    tokio::time::timeout(WAIT, s.read_to_string(&mut text))
        .await
        .unwrap()
        .unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines.next().unwrap_or("").to_string();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}

/// The listed tables at `path` (`/tables?…`), checked to be a 200 for any origin, not cached.
async fn tables(addr: SocketAddr, path: &str) -> Vec<Value> {
    let (status, headers, body) = get(addr, path).await;
    assert!(status.contains(" 200 "), "{path}: {status} {body}");
    let header = |n: &str| {
        headers
            .iter()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(header("access-control-allow-origin"), Some("*"));
    assert_eq!(header("cache-control"), Some("no-store"));
    assert_eq!(header("content-type"), Some("application/json"));
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 1, "{body}");
    v["tables"].as_array().unwrap().clone()
}

/// Waits until the listing at `path` satisfies `pred` (the relay reuses its answer for
/// half a second); the listing.
async fn tables_until(addr: SocketAddr, path: &str, pred: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let t0 = Instant::now();
    loop {
        let t = tables(addr, path).await;
        if pred(&t) {
            return t;
        }
        assert!(t0.elapsed() < WAIT, "{path}: still {t:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn listed(t: &[Value], code: &RoomCode) -> Option<Value> {
    t.iter().find(|x| x["code"] == json!(code.0)).cloned()
}

fn public(fill_secs: u32) -> RoomOptions {
    RoomOptions {
        public: true,
        fill_secs,
        ..RoomOptions::default()
    }
}

fn quick_msg(game: &str, players: u8, settings: Value, name: &str) -> ClientMsg {
    ClientMsg::QuickPlay {
        version: RELAY_VERSION,
        frames: registry::PROTOCOL_VERSION,
        game: game.into(),
        players,
        settings,
        name: name.into(),
    }
}

/// Quick play from a new connection, until its welcome.
async fn quick(addr: SocketAddr, game: &str, players: u8, settings: Value, name: &str) -> Client {
    let mut c = Client::connect(addr).await;
    c.label = format!("quick play of {name}");
    c.send(&quick_msg(game, players, settings, name)).await;
    c.welcome().await;
    c
}

/// Waits for the client's lobby to satisfy `pred`.
async fn lobby_until(c: &mut Client, pred: impl Fn(&protocol::Lobby) -> bool) {
    if c.lobby.as_ref().is_some_and(&pred) {
        return;
    }
    c.until(|m| matches!(m, RelayMsg::Lobby { lobby } if pred(lobby)))
        .await;
}

#[tokio::test]
async fn a_private_room_is_never_listed_and_a_public_one_only_with_its_fields() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    let mut private = Client::create(addr, "hokm", 4, Value::Null, RoomOptions::default()).await;
    let private_code = private.code.clone().unwrap();
    let _p2 = Client::join(addr, &private_code, "Parisa").await;
    let mut a = Client::create(addr, "hokm", 4, json!({"target": 3}), public(300)).await;
    let code = a.code.clone().unwrap();
    lobby_until(&mut a, |l| l.options.public).await;
    let settings = a.lobby.as_ref().unwrap().settings.clone();
    let t = tables_until(addr, "/tables", |t| listed(t, &code).is_some()).await;
    assert_eq!(t.len(), 1, "only the public room: {t:?}");
    let entry = &t[0];
    let keys: Vec<&str> = entry
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut want = FIELDS.to_vec();
    want.sort();
    let mut got = keys.clone();
    got.sort();
    assert_eq!(got, want, "exactly the documented fields");
    assert_eq!(entry["game"], json!("hokm"));
    assert_eq!(entry["players"], json!(4));
    assert_eq!(
        entry["settings"], settings,
        "every setting, as the room plays them"
    );
    assert_eq!(entry["settings"]["target"], json!(3));
    assert_eq!(
        entry["options"],
        json!({"grace_secs": 30, "turn_secs": 0, "public": true, "fill_secs": 300})
    );
    assert_eq!(
        (entry["seats_taken"].clone(), entry["seats_free"].clone()),
        (json!(1), json!(3))
    );
    assert!(entry["waited_secs"].as_u64().unwrap() < 60);
    // Filters: the game (its slug or its page's), the player count.
    assert_eq!(tables(addr, "/tables?game=hokm").await.len(), 1);
    assert_eq!(tables(addr, "/tables?game=hokm&players=4").await.len(), 1);
    assert!(tables(addr, "/tables?game=pasur").await.is_empty());
    assert!(tables(addr, "/tables?players=2").await.is_empty());
    for bad in [
        "/tables?game=chess",
        "/tables?players=four",
        "/tables?players=-1",
        "/tables?game=%ZZ%",
    ] {
        let (status, headers, body) = get(addr, bad).await;
        assert!(status.contains(" 400 "), "{bad}: {status}");
        assert!(headers
            .iter()
            .any(|(k, v)| k == "access-control-allow-origin" && v == "*"));
        let e: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(e["error"], json!(codes::BAD_ROOM), "{bad}");
    }
    // A person joins by the code: two seats taken. No name and no token is ever listed.
    let mut b = Client::join(addr, &code, "Bahar").await;
    let t = tables_until(addr, "/tables", |t| {
        listed(t, &code).is_some_and(|e| e["seats_taken"] == json!(2))
    })
    .await;
    assert_eq!(listed(&t, &code).unwrap()["seats_free"], json!(2));
    let text = serde_json::to_string(&t).unwrap();
    for secret in [
        a.token.as_ref().unwrap().as_str(),
        b.token.as_ref().unwrap().as_str(),
        private.token.as_ref().unwrap().as_str(),
        "Creator",
        "Bahar",
        "Parisa",
        &private_code.0,
    ] {
        assert!(
            !text.contains(secret),
            "the listing names {secret:?}: {text}"
        );
    }
    // The creator puts a bot in seat 2; the last seat goes to a person: the table is full
    // and starts at once, and leaves the list.
    a.send(&ClientMsg::SetSeat {
        seat: 2,
        kind: SeatKind::Bot,
    })
    .await;
    lobby_until(&mut a, |l| l.seats[2].kind == SeatKind::Bot).await;
    let mut c = Client::join(addr, &code, "Cyrus").await;
    assert_eq!(c.seat, Some(3));
    for x in [&mut a, &mut b, &mut c] {
        x.phase(Phase::Playing).await;
        // Each is dealt: a snapshot of its own seat.
        while x.frames.is_empty() {
            x.recv().await.expect("open");
        }
        assert!(x.frames[0]["view"]["hand"].is_array(), "{}", x.frames[0]);
    }
    assert_eq!(inspect(addr, &code).await["phase"], json!("playing"));
    tables_until(addr, "/tables", |t| t.is_empty()).await;
    // The private room, all along, in its lobby and never listed.
    assert_eq!(inspect(addr, &private_code).await["phase"], json!("lobby"));
    private.send(&ClientMsg::Ping).await;
    private.until(|m| matches!(m, RelayMsg::Pong)).await;
}

#[tokio::test]
async fn quick_play_joins_the_fullest_compatible_table_or_opens_one() {
    let relay = relay(&["--metrics"]).await;
    let addr = relay.addr;
    // t1: one person; t2: two; t3 (other settings): two people and a bot; p (private):
    // three people. Every public one waits 300 s before its bots fill.
    let mut t1 = Client::create(addr, "hokm", 4, Value::Null, public(300)).await;
    let t1_code = t1.code.clone().unwrap();
    lobby_until(&mut t1, |_| true).await;
    let defaults = t1.lobby.as_ref().unwrap().settings.clone();
    let mut t2 = Client::create(addr, "hokm", 4, Value::Null, public(300)).await;
    let t2_code = t2.code.clone().unwrap();
    let _t2b = Client::join(addr, &t2_code, "T2b").await;
    let mut t3 = Client::create(addr, "hokm", 4, json!({"target": 3}), public(300)).await;
    let t3_code = t3.code.clone().unwrap();
    let _t3b = Client::join(addr, &t3_code, "T3b").await;
    t3.send(&ClientMsg::SetSeat {
        seat: 2,
        kind: SeatKind::Bot,
    })
    .await;
    lobby_until(&mut t3, |l| l.seats[2].kind == SeatKind::Bot).await;
    let p = Client::create(addr, "hokm", 4, Value::Null, RoomOptions::default()).await;
    let p_code = p.code.clone().unwrap();
    let _p2 = Client::join(addr, &p_code, "P2").await;
    let _p3 = Client::join(addr, &p_code, "P3").await;
    let _pasur = Client::create(addr, "pasur", 2, Value::Null, public(300)).await;
    let before_t1 = inspect(addr, &t1_code).await;

    // Any settings: the fullest is t3 (three seats taken); its last seat taken, it starts.
    let mut q1 = quick(addr, "hokm", 4, Value::Null, "Q1").await;
    assert_eq!(q1.code.as_ref(), Some(&t3_code));
    assert_eq!(q1.seat, Some(3));
    q1.phase(Phase::Playing).await;
    // The default settings (written out in full): t2, the fullest of those that have them,
    // not the private room.
    let q2 = quick(addr, "hokm", 4, defaults.clone(), "Q2").await;
    assert_eq!(q2.code.as_ref(), Some(&t2_code));
    assert_eq!(q2.seat, Some(2));
    lobby_until(&mut t2, |l| l.seats[2].name.as_deref() == Some("Q2")).await;
    // Settings given as only some of them (the rest are the defaults): the same table.
    let q3 = quick(addr, "hokm", 4, json!({"target": defaults["target"]}), "Q3").await;
    assert_eq!(q3.code.as_ref(), Some(&t2_code));
    t2.phase(Phase::Playing).await;
    // Other settings than any table's: a new public table, the person its creator.
    let mut q4 = quick(addr, "hokm", 4, json!({"target": 5}), "Q4").await;
    let q4_code = q4.code.clone().unwrap();
    assert!(![&t1_code, &t2_code, &t3_code, &p_code].contains(&&q4_code));
    assert_eq!(q4.seat, Some(0));
    lobby_until(&mut q4, |_| true).await;
    let lobby = q4.lobby.clone().unwrap();
    assert_eq!(lobby.phase, Phase::Lobby);
    assert_eq!(lobby.settings["target"], json!(5));
    assert_eq!(lobby.options, public(RoomOptions::DEFAULT_FILL_SECS));
    assert_eq!(lobby.creator, 0);
    // Listed now, with t1 (the pasur table is another game's).
    let t = tables_until(addr, "/tables?game=hokm", |t| listed(t, &q4_code).is_some()).await;
    let codes: Vec<&str> = t.iter().map(|x| x["code"].as_str().unwrap()).collect();
    assert_eq!(codes.len(), 2, "{codes:?}");
    assert!(codes.contains(&t1_code.0.as_str()));
    // Another player count: no table fits, a new one.
    let q5 = quick(addr, "hokm", 2, Value::Null, "Q5").await;
    assert_ne!(q5.code.as_ref(), Some(&t1_code));
    assert_eq!(q5.seat, Some(0));
    // t1 was never chosen: it is as it was.
    assert_eq!(inspect(addr, &t1_code).await, before_t1);
    assert_eq!(t1.lobby.as_ref().unwrap().seats[1].kind, SeatKind::Empty);
    // Bad quick play: answered, nothing opened.
    let mut bad = Client::connect(addr).await;
    let rooms = relay.rooms();
    for (msg, code) in [
        (quick_msg("chess", 4, Value::Null, "X"), codes::BAD_ROOM),
        (quick_msg("hokm", 7, Value::Null, "X"), codes::BAD_ROOM),
        (
            quick_msg("hokm", 4, json!({"target": -4}), "X"),
            codes::BAD_ROOM,
        ),
        (quick_msg("hokm", 4, Value::Null, " "), codes::BAD_ROOM),
    ] {
        bad.send(&msg).await;
        assert_eq!(bad.error().await.error, code, "{msg:?}");
    }
    let mut old = serde_json::to_value(quick_msg("hokm", 4, Value::Null, "X")).unwrap();
    old["version"] = json!(RELAY_VERSION - 1);
    bad.send_text(old.to_string()).await;
    assert_eq!(bad.error().await.error, codes::VERSION);
    assert_eq!(relay.rooms(), rooms);
    assert!(bad.seat.is_none());
    // Counted: three joined, two created (the refused ones not at all).
    let (_, _, metrics) = get(addr, "/metrics").await;
    for line in [
        "relay_quick_plays_total{outcome=\"joined\"} 3",
        "relay_quick_plays_total{outcome=\"created\"} 2",
    ] {
        assert!(
            metrics.lines().any(|l| l == line),
            "{line} not in:\n{metrics}"
        );
    }
}

#[tokio::test]
async fn bots_fill_a_public_table_at_its_fill_time_and_it_starts() {
    // 10 option seconds of 100 ms: the table fills after one second.
    let relay = relay(&["--second-ms", "100"]).await;
    let addr = relay.addr;
    let t0 = Instant::now();
    let mut a = Client::create(addr, "hokm", 4, Value::Null, public(10)).await;
    let code = a.code.clone().unwrap();
    let private = Client::create(addr, "hokm", 4, Value::Null, RoomOptions::default()).await;
    let private_code = private.code.clone().unwrap();
    let b = Client::join(addr, &code, "Bahar").await;
    assert_eq!(b.seat, Some(1));
    a.phase(Phase::Playing).await;
    let waited = t0.elapsed();
    assert!(
        waited >= Duration::from_millis(900),
        "filled after {waited:?}"
    );
    let lobby = a.lobby.clone().unwrap();
    let kinds: Vec<SeatKind> = lobby.seats.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            SeatKind::Person,
            SeatKind::Person,
            SeatKind::Bot,
            SeatKind::Bot
        ]
    );
    assert_eq!(lobby.match_no, 1);
    let s = inspect(addr, &code).await;
    assert_eq!(s["phase"], json!("playing"));
    tables_until(addr, "/tables", |t| t.is_empty()).await;
    // A private room has no fill time.
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(t0.elapsed() > Duration::from_millis(1300));
    assert_eq!(inspect(addr, &private_code).await["phase"], json!("lobby"));
}

#[tokio::test]
async fn an_abandoned_public_table_is_closed_at_its_fill_time() {
    // Option seconds of 100 ms: a grace of 0.2 s, a fill time of 1 s.
    let relay = relay(&["--second-ms", "100"]).await;
    let addr = relay.addr;
    let options = RoomOptions {
        grace_secs: 2,
        ..public(10)
    };
    let a = Client::create(addr, "hokm", 4, Value::Null, options).await;
    let code = a.code.clone().unwrap();
    let token = a.token.clone().unwrap();
    // Another public table whose creator stays: it starts.
    let mut b = Client::create(addr, "hokm", 4, Value::Null, options).await;
    let b_code = b.code.clone().unwrap();
    tables_until(addr, "/tables", |t| t.len() == 2).await;
    a.close().await;
    b.phase(Phase::Playing).await;
    // The abandoned one is closed (not started: nobody would play it), and not listed.
    let t0 = Instant::now();
    loop {
        let (status, _) = common::http_get(addr, &format!("/admin/rooms/{code}")).await;
        if status.contains(" 404 ") {
            break;
        }
        assert!(t0.elapsed() < WAIT, "{code} still open: {status}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut again = Client::connect(addr).await;
    again.send(&common::resume_msg(&code, &token)).await;
    assert_eq!(again.error().await.error, codes::UNKNOWN_ROOM);
    tables_until(addr, "/tables", |t| t.is_empty()).await;
    assert_eq!(inspect(addr, &b_code).await["phase"], json!("playing"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fill_time_survives_a_restart() {
    let dir = common::scratch_dir("public");
    let db = dir.join("relay.sqlite");
    let db = db.to_str().unwrap();
    // 10 option seconds of 300 ms: three seconds after its creation.
    let flags = ["--second-ms", "300"];
    let (proc, addr) = spawn_relay(db, &flags).await;
    let t0 = Instant::now();
    let mut a = Client::create(addr, "pasur", 2, Value::Null, public(10)).await;
    let code = a.code.clone().unwrap();
    let token = a.token.clone().unwrap();
    lobby_until(&mut a, |_| true).await;
    tables_until(addr, "/tables", |t| listed(t, &code).is_some()).await;
    drop(a);
    drop(proc); // killed
    let (_proc, addr) = spawn_relay(db, &flags).await;
    // Listed again from the file, and filled at the same time as before.
    tables_until(addr, "/tables?game=pasur", |t| listed(t, &code).is_some()).await;
    let mut a = Client::resume(addr, &code, &token).await;
    a.phase(Phase::Playing).await;
    let waited = t0.elapsed();
    assert!(
        waited >= Duration::from_millis(2900),
        "filled after {waited:?}"
    );
    assert!(waited < Duration::from_secs(15), "filled after {waited:?}");
    let s = inspect_wait(addr, &code).await;
    assert_eq!(s["phase"], json!("playing"));
    assert_eq!(a.lobby.as_ref().unwrap().seats[1].kind, SeatKind::Bot);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn a_join_to_a_full_public_table_is_refused_and_changes_nothing() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    // Full in its lobby: its creator put bots in every other seat (not listed, not started).
    let mut a = Client::create(addr, "hokm", 4, Value::Null, public(300)).await;
    let code = a.code.clone().unwrap();
    for seat in 1..4 {
        a.send(&ClientMsg::SetSeat {
            seat,
            kind: SeatKind::Bot,
        })
        .await;
    }
    lobby_until(&mut a, |l| {
        l.seats.iter().all(|s| s.kind != SeatKind::Empty)
    })
    .await;
    let before = inspect(addr, &code).await;
    let lobby = a.lobby.clone().unwrap();
    let mut x = Client::connect(addr).await;
    x.send(&join_msg(&code, "Late")).await;
    assert_eq!(x.error().await.error, codes::ROOM_FULL);
    assert!(x.seat.is_none());
    assert_eq!(inspect(addr, &code).await, before);
    x.send(&ClientMsg::Peek {
        version: RELAY_VERSION,
        frames: registry::PROTOCOL_VERSION,
        code: code.clone(),
    })
    .await;
    let RelayMsg::Lobby { lobby: seen } = x.until(|m| matches!(m, RelayMsg::Lobby { .. })).await
    else {
        unreachable!()
    };
    assert_eq!(seen, lobby, "the room is unchanged");
    // Full of people, started: the join is refused, the match unchanged.
    let mut p = Client::create(addr, "pasur", 2, Value::Null, public(300)).await;
    let pcode = p.code.clone().unwrap();
    let mut q = Client::join(addr, &pcode, "Q").await;
    p.phase(Phase::Playing).await;
    q.phase(Phase::Playing).await;
    let before = inspect(addr, &pcode).await;
    x.send(&join_msg(&pcode, "Late")).await;
    assert_eq!(x.error().await.error, codes::ROOM_FULL);
    // Quick play never picks it: a new table.
    let r = quick(addr, "pasur", 2, Value::Null, "R").await;
    assert_ne!(r.code.as_ref(), Some(&pcode));
    assert_eq!(inspect(addr, &pcode).await, before);
    assert!(x.seat.is_none());
}

#[tokio::test]
async fn bad_public_options_are_refused() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    let mut x = Client::connect(addr).await;
    for fill_secs in [0, 4, 301, 100_000] {
        x.send(&create_msg("hokm", 4, Value::Null, public(fill_secs), "X"))
            .await;
        assert_eq!(x.error().await.error, codes::BAD_ROOM, "{fill_secs}");
    }
    let mut m = serde_json::to_value(create_msg("hokm", 4, Value::Null, public(30), "X")).unwrap();
    m["options"]["public"] = json!("yes");
    x.send_text(m.to_string()).await;
    assert_eq!(x.error().await.error, codes::BAD_MESSAGE);
    m["options"]["public"] = json!(true);
    m["options"]["fill_secs"] = json!(-3);
    x.send_text(m.to_string()).await;
    assert_eq!(x.error().await.error, codes::BAD_MESSAGE);
    assert_eq!(relay.rooms(), 0);
    assert!(tables(addr, "/tables").await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_table_of_one_instance_is_listed_and_quick_joined_through_the_other() {
    if skipped() {
        return;
    }
    let pg = Postgres::start();
    let db = pg.database("public");
    let flags = ["--lease-ms", "1500"];
    let (_a_proc, a) = spawn_relay(&db, &flags).await;
    let (_b_proc, b) = spawn_relay(&db, &flags).await;
    let private = Client::create(a, "hokm", 4, Value::Null, RoomOptions::default()).await;
    let private_code = private.code.clone().unwrap();
    let mut x = Client::create(a, "hokm", 4, json!({"target": 3}), public(300)).await;
    let code = x.code.clone().unwrap();
    // b lists a's table (and not the private room), from the database.
    let t = tables_until(b, "/tables?game=hokm", |t| listed(t, &code).is_some()).await;
    assert_eq!(t.len(), 1);
    assert!(listed(&t, &private_code).is_none());
    assert_eq!(t[0]["seats_taken"], json!(1));
    // Quick play through b joins it (a runs it).
    let y = quick(b, "hokm", 4, json!({"target": 3}), "Yas").await;
    assert_eq!(y.code.as_ref(), Some(&code));
    assert_eq!(y.seat, Some(1));
    lobby_until(&mut x, |l| l.seats[1].name.as_deref() == Some("Yas")).await;
    let t = tables_until(a, "/tables", |t| {
        listed(t, &code).is_some_and(|e| e["seats_taken"] == json!(2))
    })
    .await;
    assert_eq!(t.len(), 1);
    // The creator starts it: it leaves every instance's list.
    x.send(&ClientMsg::Start).await;
    x.phase(Phase::Playing).await;
    tables_until(b, "/tables", |t| t.is_empty()).await;
    tables_until(a, "/tables", |t| t.is_empty()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_table_taken_over_fills_on_time_on_its_new_owner() {
    if skipped() {
        return;
    }
    let pg = Postgres::start();
    let db = pg.database("fill");
    // 10 option seconds of 400 ms: four seconds after its creation; a lease of 1.5 s.
    let flags = ["--lease-ms", "1500", "--second-ms", "400"];
    let (a_proc, a) = spawn_relay(&db, &flags).await;
    let (_b_proc, b) = spawn_relay(&db, &flags).await;
    let t0 = Instant::now();
    let mut x = Client::create(a, "pasur", 2, Value::Null, public(10)).await;
    let code = x.code.clone().unwrap();
    let token = x.token.clone().unwrap();
    lobby_until(&mut x, |_| true).await;
    drop(x);
    drop(a_proc); // killed: b takes the room when the lease expires
    tables_until(b, "/tables", |t| listed(t, &code).is_some()).await;
    let mut x = Client::resume(b, &code, &token).await;
    x.phase(Phase::Playing).await;
    let waited = t0.elapsed();
    assert!(
        waited >= Duration::from_millis(3900),
        "filled after {waited:?}"
    );
    assert!(waited < Duration::from_secs(15), "filled after {waited:?}");
    assert_eq!(x.lobby.as_ref().unwrap().seats[1].kind, SeatKind::Bot);
    assert_eq!(inspect_wait(b, &code).await["phase"], json!("playing"));
    tables_until(b, "/tables", |t| t.is_empty()).await;
}
