//! The relay on a real PostgreSQL server (a throwaway cluster per test, common/pg.rs):
//! the store refuses a second writer of a step and an instance that lost a room's lease;
//! a room whose write is refused reloads from the database; two instances on one
//! database serve one room's players wherever they connect, and when one is killed with
//! SIGKILL its rooms go on from the other with nothing acknowledged lost.

mod common;

use common::pg::{skipped, Postgres};
use common::{
    inspect, inspect_wait, play, play_until, resume_and_play_on, settle, spawn_relay, Client, Kept,
    WAIT,
};
use protocol::{ClientMsg, Phase, RelayMsg, RoomCode, RoomOptions, SeatKind, SeatToken};
use relay::pg::PgStore;
use relay::store::{RoomMeta, SeatRecord, Store};
use serde_json::{json, Value};
use std::time::Duration;

fn meta() -> RoomMeta {
    RoomMeta {
        game: "hokm".into(),
        players: 4,
        settings: json!({"target": 3}),
        options: RoomOptions::default(),
        creator: SeatToken("t".into()),
        seats: vec![
            SeatRecord {
                kind: SeatKind::Person,
                token: Some(SeatToken("t".into())),
                name: Some("A".into()),
            };
            4
        ],
        phase: Phase::Playing,
        match_no: 1,
        created_ms: 0,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_writers_of_a_step_one_wins_and_a_stale_owner_is_refused() {
    if skipped() {
        return;
    }
    let pg = Postgres::start();
    let url = pg.database("store");
    let lease = Duration::from_millis(800);
    let a = PgStore::open(&url, "127.0.0.1:1".into(), lease, true)
        .await
        .unwrap();
    let b = PgStore::open(&url, "127.0.0.1:2".into(), lease, true)
        .await
        .unwrap();
    let code = RoomCode("ABCDEF".into());
    let head = json!({"version": 1, "game": "hokm", "public": {}, "deal": {"seed": 3}});
    assert!(a.create_room(&code, &meta()).await.unwrap());
    // A code is given once, whichever instance asks.
    assert!(!b.create_room(&code, &meta()).await.unwrap());
    a.save_room(&code, &meta(), Some((1, &head))).await.unwrap();
    a.append_step(&code, 1, 1, &json!("next_hand"), 11)
        .await
        .unwrap();
    // The same step written twice at once: exactly one write wins, the other is a
    // conflict.
    let (s0, s1) = (
        json!({"timeout": {"seat": 0}}),
        json!({"timeout": {"seat": 1}}),
    );
    let (x, y) = tokio::join!(
        a.append_step(&code, 1, 2, &s0, 12),
        a.append_step(&code, 1, 2, &s1, 13)
    );
    assert!(x.is_ok() != y.is_ok(), "{x:?} {y:?}");
    assert!([&x, &y]
        .iter()
        .any(|r| r.as_ref().is_err_and(|e| e.conflict)));
    let winner = if x.is_ok() { 12 } else { 13 };
    // An instance that does not own the room writes nothing, not even a new step.
    let refused = b.append_step(&code, 1, 3, &json!("x"), 99).await;
    assert!(refused.is_err_and(|e| e.conflict));
    assert!(b
        .save_room(&code, &meta(), None)
        .await
        .is_err_and(|e| e.conflict));
    assert!(!b.take(&code).await.unwrap(), "the lease is still a's");
    assert_eq!(a.renew().await.unwrap(), vec![code.clone()]);
    // a stops renewing: once the lease expires b takes the room, loads what is stored
    // (the winner's step) and goes on; a's late write is refused and a's rooms do not
    // include it any more.
    tokio::time::sleep(lease + Duration::from_millis(300)).await;
    let owner = b.locate(&code).await.unwrap().unwrap();
    assert!(!owner.live);
    // b is alive (it renews: it owns nothing yet) and takes what a held.
    assert!(b.renew().await.unwrap().is_empty());
    assert_eq!(b.claim_expired(10).await.unwrap(), vec![code.clone()]);
    let loaded = b.load_room(&code).await.unwrap().unwrap();
    assert_eq!(loaded.last_hash, Some(winner));
    assert_eq!(
        loaded.log.as_ref().unwrap()["steps"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert!(a
        .append_step(&code, 1, 3, &json!("late"), 50)
        .await
        .is_err_and(|e| e.conflict));
    b.append_step(&code, 1, 3, &json!("next_hand"), 51)
        .await
        .unwrap();
    assert!(a.renew().await.unwrap().is_empty());
    assert!(!a.take(&code).await.unwrap());
    let owner = a.locate(&code).await.unwrap().unwrap();
    assert_eq!((owner.addr.as_str(), owner.live), ("127.0.0.1:2", true));
    // Only the owner deletes the room.
    a.delete_room(&code).await.unwrap();
    assert!(b.load_room(&code).await.unwrap().is_some());
    b.delete_room(&code).await.unwrap();
    assert!(b.load_room(&code).await.unwrap().is_none());
    assert!(b.locate(&code).await.unwrap().is_none());
}

/// A room whose step the database refuses (here: its lease was given to another instance
/// behind the relay's back) is not served from memory: the relay drops its sockets, and
/// the room comes back from the database, at the stored step and state hash, once the
/// lease is the relay's again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_step_makes_the_room_reload_from_the_database() {
    if skipped() {
        return;
    }
    let pg = Postgres::start();
    let db = pg.database("refused");
    let (_relay, addr) = spawn_relay(&db, &["--lease-ms", "4000"]).await;
    let mut a = Client::create(
        addr,
        "hokm",
        4,
        json!({"target": 7}),
        RoomOptions::default(),
    )
    .await;
    let code = a.code.clone().unwrap();
    let token = a.token.clone().unwrap();
    a.send(&ClientMsg::Start).await;
    play_until(&mut a, "hokm", 3, |c, _| {
        c.frames
            .last()
            .is_some_and(|f| f["step"].as_u64() > Some(12))
    })
    .await;
    let (step, hash) = settle(addr, &code, &mut [&mut a]).await;
    // Another "instance", alive for a second, holds the room.
    pg.sql(
        "refused",
        &format!(
            "INSERT INTO instances (owner, addr, expires) \
             VALUES ('other', '127.0.0.1:1', now() + interval '1 second'); \
             UPDATE leases SET owner = 'other' WHERE code = '{code}'"
        ),
    );
    // The person's next move is refused by the database: the room leaves the relay.
    let f = a.frames.last().unwrap().clone();
    let l = common::legal("hokm", &f);
    a.send(&ClientMsg::Move {
        step: f["step"].as_u64().unwrap() as u32,
        action: l[0].clone(),
    })
    .await;
    while a.recv().await.is_some() {}
    // (The relay's lease renewal may notice the lost lease before the move: the socket is
    // closed the same way, and the move is not applied either.)
    assert_eq!(a.closed, Some(1012), "errors {:?}", a.errors);
    // Once the other lease expires the relay takes the room again from the database.
    let s = inspect_wait(addr, &code).await;
    assert_eq!((s["step"].clone(), s["hash"].clone()), (step, hash));
    let mut back = Client::resume(addr, &code, &token).await;
    let m = back.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    let RelayMsg::Frame { frame } = m else {
        unreachable!()
    };
    assert_eq!(frame["step"], f["step"]);
    assert_eq!(frame["view"], f["view"]);
    play(&mut back, "hokm", 4, 3).await;
    assert!(back.frames.last().unwrap()["step"].as_u64() > f["step"].as_u64());
}

/// Whichever instance serves a room now (its lease's owner).
async fn owner_of(addrs: &[std::net::SocketAddr], code: &RoomCode) -> std::net::SocketAddr {
    let t0 = std::time::Instant::now();
    loop {
        for a in addrs {
            let (status, _) = common::http_get(*a, &format!("/admin/rooms/{code}")).await;
            if status.contains(" 200 ") {
                return *a;
            }
        }
        assert!(t0.elapsed() < WAIT, "no instance serves {code}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_rooms_and_one_killed_its_rooms_go_on_from_the_other() {
    if skipped() {
        return;
    }
    let pg = Postgres::start();
    let db = pg.database("two");
    let flags = ["--lease-ms", "1500", "--metrics"];
    let (mut a_proc, a) = spawn_relay(&db, &flags).await;
    let (_b_proc, b) = spawn_relay(&db, &flags).await;

    // Room 1 runs on a: its creator is connected to a, the second person to b (b passes
    // the socket on to a). Room 2 the other way round.
    let mut seats: Vec<Kept> = Vec::new();
    let mut rooms = Vec::new();
    // Crazy Eights to 500: to 100, one hand of a random deal can end it before step 20.
    let setups = [
        ("hokm", 4u8, Value::Null, a, b),
        ("crazy_eights", 3, json!({"target": 500}), b, a),
    ];
    for (i, (game, players, settings, home, away)) in setups.into_iter().enumerate() {
        let mut x = Client::create(home, game, players, settings, RoomOptions::default()).await;
        let code = x.code.clone().unwrap();
        // Asked of the other instance before a seat, the room is found there (passed on to
        // its owner): its lobby, with its game.
        let mut peeker = Client::connect(away).await;
        peeker
            .send(&ClientMsg::Peek {
                version: protocol::RELAY_VERSION,
                frames: registry::PROTOCOL_VERSION,
                code: code.clone(),
            })
            .await;
        let RelayMsg::Lobby { lobby } = peeker.until(|m| !matches!(m, RelayMsg::Pong)).await else {
            panic!("a peek through the other instance answers the room's lobby")
        };
        assert_eq!(
            (lobby.code.clone(), lobby.game.as_str()),
            (code.clone(), game)
        );
        peeker.close().await;
        let mut y = Client::join(away, &code, "B").await;
        assert_eq!(y.seat, Some(1));
        x.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.seats[1].connected))
            .await;
        x.send(&ClientMsg::Start).await;
        let past = |c: &Client, _| {
            c.frames
                .last()
                .is_some_and(|f| f["step"].as_u64() > Some(20))
        };
        tokio::join!(
            play_until(&mut x, game, i as u64, past),
            play_until(&mut y, game, 40 + i as u64, past)
        );
        let state = settle(home, &code, &mut [&mut x, &mut y]).await;
        // Both people, on either instance, saw every step of the room up to here.
        assert_eq!(x.frames.last().unwrap()["step"], state.0);
        assert_eq!(y.frames.last().unwrap()["step"], state.0);
        assert_eq!(owner_of(&[a, b], &code).await, home);
        for c in [&x, &y] {
            assert_ne!(c.lobby.as_ref().unwrap().phase, Phase::Finished, "{game}");
            seats.push(Kept {
                code: code.clone(),
                token: c.token.clone().unwrap(),
                game,
                last: c.frames.last().unwrap().clone(),
            });
        }
        rooms.push((code, state, home));
    }
    // A wrong token through the instance that does not run the room is refused as it would
    // be by the owner, and the socket stays free: the right token then seats it there.
    let mut other = Client::connect(b).await;
    let wrong = SeatToken("0".repeat(32));
    other.send(&common::resume_msg(&rooms[0].0, &wrong)).await;
    assert_eq!(other.error().await.error, protocol::codes::BAD_TOKEN);
    other
        .send(&common::resume_msg(&rooms[0].0, &seats[0].token))
        .await;
    other.welcome().await;
    assert_eq!(other.seat, Some(0));
    other.close().await;
    // A live room on a, its person playing through b while a is killed.
    let live = Client::create(a, "shelem", 4, Value::Null, RoomOptions::default()).await;
    let live_code = live.code.clone().unwrap();
    let live_token = live.token.clone().unwrap();
    live.close().await;
    let mut live = Client::resume(b, &live_code, &live_token).await;
    live.send(&ClientMsg::Start).await;
    let playing = tokio::spawn(async move {
        play(&mut live, "shelem", 77, usize::MAX).await;
        live
    });
    tokio::time::sleep(Duration::from_millis(800)).await;

    a_proc.0.kill().unwrap(); // SIGKILL
    a_proc.0.wait().unwrap();
    // The person playing through b is told to reconnect.
    let live = tokio::time::timeout(WAIT, playing).await.unwrap().unwrap();
    assert_eq!(live.closed, Some(1012));
    assert_ne!(live.lobby.as_ref().unwrap().phase, Phase::Finished);
    let seen = live.frames.last().unwrap().clone();
    assert!(
        seen["step"].as_u64() > Some(10),
        "the live room hardly moved"
    );

    // Every room is served by b now, at the step and state hash it had.
    for (code, state, _) in &rooms {
        let s = inspect_wait(b, code).await;
        assert_eq!(
            (s["step"].clone(), s["hash"].clone()),
            *state,
            "room {code}"
        );
    }
    // Everybody resumes through b, sees what they saw, and plays on.
    for (code, (step, _), _) in &rooms {
        resume_and_play_on(b, &seats, code, step.as_u64().unwrap()).await;
    }
    // The live room kept every step its person was sent.
    let s = inspect_wait(b, &live_code).await;
    let n = seen["step"].as_u64().unwrap() as usize;
    assert!(
        s["step"].as_u64().unwrap() as usize >= n,
        "an acknowledged step was lost"
    );
    let mut log = s["log"].clone();
    log["steps"].as_array_mut().unwrap().truncate(n);
    let replayed = registry::room_from_log(&log).unwrap();
    assert_eq!(
        replayed.snapshot(engine::Seat(0)).unwrap().frame["view"],
        seen["view"]
    );
    let mut back = Client::resume(b, &live_code, &live_token).await;
    let m = back.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    let RelayMsg::Frame { frame } = m else {
        unreachable!()
    };
    assert!(frame["step"].as_u64() >= Some(n as u64));
    let _ = inspect(b, &live_code).await;
    // b counted the two rooms it took over from a (room 1 and the live room), once each.
    let (_, metrics) = common::http_get(b, "/metrics").await;
    let taken = metrics
        .lines()
        .find_map(|l| l.strip_prefix("relay_rooms_taken_over_total "))
        .unwrap_or_else(|| panic!("no takeover counter in {metrics}"));
    assert_eq!(taken, "2", "{metrics}");
}

/// The value of a plain sample (`name value`) of an instance's metrics.
async fn sample(addr: std::net::SocketAddr, name: &str) -> f64 {
    let (_, metrics) = common::http_get(addr, "/metrics").await;
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no {name} in {metrics}"))
        .parse()
        .unwrap()
}

/// Issue 23 across instances: a room run by instance a is watched through instance b as a
/// seat plays through it (b passes the socket on to a): the watcher gets the lobby, the
/// watchers' snapshot and every step's watchers' frame, no hand; a's `relay_watchers`
/// counts it (b's does not: it only passes the socket on); its move is refused there and
/// changes nothing; a room that forbids watching refuses it through b too. When a is
/// killed the watcher is told to reconnect, and watches again through b, which now runs
/// the room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_of_one_instance_is_watched_through_the_other() {
    if skipped() {
        return;
    }
    let pg = Postgres::start();
    let db = pg.database("watch");
    let flags = ["--lease-ms", "1500", "--metrics"];
    let (mut a_proc, a) = spawn_relay(&db, &flags).await;
    let (_b_proc, b) = spawn_relay(&db, &flags).await;
    let mut x = Client::create(a, "hokm", 4, json!({"target": 7}), RoomOptions::default()).await;
    let code = x.code.clone().unwrap();
    let mut w = Client::watch(b, &code).await;
    assert_eq!(w.lobby.as_ref().unwrap().code, code);
    x.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.watchers == 1))
        .await;
    assert_eq!(sample(a, "relay_watchers").await, 1.0);
    assert_eq!(sample(b, "relay_watchers").await, 0.0);
    x.send(&ClientMsg::Start).await;
    let past = |c: &Client, _| {
        c.frames
            .last()
            .is_some_and(|f| f["step"].as_u64() > Some(12))
    };
    play_until(&mut x, "hokm", 9, past).await;
    let (step, _) = settle(a, &code, &mut [&mut x]).await;
    while w.frames.last().map(|f| f["step"].clone()) != Some(step.clone()) {
        w.recv().await.expect("open");
    }
    // A snapshot at the start, then every step, never a hand or a seat.
    assert!(w.frames[0]["public"].is_null());
    for (i, f) in w.frames.iter().enumerate() {
        assert_eq!(f["step"], json!(i), "{f}");
        assert_eq!(f["view"]["hand"], json!([]), "{f}");
        assert!(f.get("seat").is_none(), "{f}");
    }
    // Its move goes to a, which refuses it; the room is unchanged.
    let before = inspect(a, &code).await;
    w.send(&ClientMsg::Move {
        step: step.as_u64().unwrap() as u32,
        action: json!({"play": "AS"}),
    })
    .await;
    assert_eq!(w.error().await.error, protocol::codes::WATCHER);
    assert_eq!(inspect(a, &code).await, before);
    // A room that forbids watching, through b.
    let closed = Client::create(
        a,
        "pasur",
        2,
        Value::Null,
        RoomOptions {
            watchers: false,
            ..RoomOptions::default()
        },
    )
    .await;
    let mut refused = Client::connect(b).await;
    refused
        .send(&common::watch_msg(closed.code.as_ref().unwrap()))
        .await;
    assert_eq!(
        refused.error().await.error,
        protocol::codes::WATCH_FORBIDDEN
    );
    // a is killed: the watcher through b is told to reconnect, watches again through b
    // (which takes the room over) and sees the room where it was.
    a_proc.0.kill().unwrap(); // SIGKILL
    a_proc.0.wait().unwrap();
    while w.recv().await.is_some() {}
    assert_eq!(w.closed, Some(1012));
    let s = inspect_wait(b, &code).await;
    assert_eq!(s["step"], step);
    let mut again = Client::watch(b, &code).await;
    let m = again.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    let RelayMsg::Frame { frame } = m else {
        unreachable!()
    };
    assert_eq!(frame["step"], step);
    assert_eq!(frame["view"]["hand"], json!([]));
    assert_eq!(sample(b, "relay_watchers").await, 1.0);
    again.close().await;
    for _ in 0..100 {
        if sample(b, "relay_watchers").await == 0.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(sample(b, "relay_watchers").await, 0.0);
}
