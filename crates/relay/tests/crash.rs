//! The relay binary on SQLite, killed with SIGKILL in the middle of several matches and
//! started again on the same database: every room comes back by replaying its stored log,
//! at the same step and state hash, every person resumes their seat with their token and
//! plays on, and no step any person was sent is lost. And SIGTERM closes sockets cleanly.

mod common;

use common::{inspect, play, play_until, Client, WAIT};
use protocol::{ClientMsg, Phase, RelayMsg, RoomCode, RoomOptions, SeatToken};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The relay's process, killed when dropped (a failing test leaves no process behind).
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the relay binary on `db`, on a free port; returns it and its address.
async fn start(db: &Path) -> (Proc, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_relay"))
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(db)
        .args([
            "--admin",
            "--bot-think-ms",
            "5",
            "--hand-pause-ms",
            "0",
            "--msgs-per-sec",
            "100000",
            "--msg-burst",
            "100000",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the relay binary starts");
    let stdout = child.stdout.take().unwrap();
    let line = tokio::time::timeout(
        WAIT,
        tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            BufReader::new(stdout).read_line(&mut line).unwrap();
            line
        }),
    )
    .await
    .expect("the relay says where it listens")
    .unwrap();
    let addr = line
        .trim()
        .rsplit("http://")
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (Proc(child), addr)
}

/// Receives until every client's newest frame is at the room's stored step and the room
/// has stopped moving (it waits for a person).
async fn settle(addr: SocketAddr, code: &RoomCode, clients: &mut [&mut Client]) -> (Value, Value) {
    loop {
        let s = inspect(addr, code).await;
        let step = s["step"].as_u64().unwrap();
        eprintln!(
            "settle {code}: step {step}; {:?}",
            clients
                .iter()
                .map(|c| c.frames.last().map(|f| f["step"].clone()))
                .collect::<Vec<_>>()
        );
        for c in clients.iter_mut() {
            while c.frames.last().and_then(|f| f["step"].as_u64()) < Some(step) {
                c.recv().await.expect("open");
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(30)).await;
        let again = inspect(addr, code).await;
        if again["step"] == s["step"] {
            return (s["step"].clone(), s["hash"].clone());
        }
    }
}

struct Seat {
    code: RoomCode,
    token: SeatToken,
    game: &'static str,
    last: Value,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_match_then_restart_loses_no_step_and_every_seat_resumes() {
    let dir = std::env::temp_dir().join(format!("relay-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("relay.sqlite");
    let (mut child, addr) = start(&db).await;

    // Rooms waiting for a person, part way through their matches.
    let mut rooms: Vec<(RoomCode, (Value, Value))> = Vec::new();
    let mut seats: Vec<Seat> = Vec::new();
    let setups: [(&str, u8, Value, bool); 5] = [
        ("hokm", 4, json!({"target": 7}), true),
        ("bidel", 4, Value::Null, false),
        ("pasur", 2, Value::Null, false),
        ("crazy_eights", 3, Value::Null, true),
        ("shelem", 4, Value::Null, false),
    ];
    for (i, (game, players, settings, two)) in setups.into_iter().enumerate() {
        let mut a = Client::create(addr, game, players, settings, RoomOptions::default()).await;
        let code = a.code.clone().unwrap();
        let mut b = if two {
            Some(Client::join(addr, &code, "B").await)
        } else {
            None
        };
        if b.is_some() {
            a.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.seats[1].connected))
                .await;
        }
        a.send(&ClientMsg::Start).await;
        // Both people stop at the first frame past step 30 (both are sent every step).
        let past = |c: &Client, _| {
            c.frames
                .last()
                .is_some_and(|f| f["step"].as_u64() > Some(30))
        };
        match b.as_mut() {
            Some(b) => {
                tokio::join!(
                    play_until(&mut a, game, i as u64, past),
                    play_until(b, game, 99 + i as u64, past)
                );
            }
            None => {
                play_until(&mut a, game, i as u64, past).await;
            }
        }
        let mut clients: Vec<&mut Client> = vec![&mut a];
        clients.extend(b.as_mut());
        let state = settle(addr, &code, &mut clients).await;
        for c in clients {
            assert_ne!(
                c.lobby.as_ref().unwrap().phase,
                Phase::Finished,
                "{game} ended too soon"
            );
            seats.push(Seat {
                code: code.clone(),
                token: c.token.clone().unwrap(),
                game,
                last: c.frames.last().unwrap().clone(),
            });
        }
        rooms.push((code, state));
    }
    // A live room: a person plays on against bots while the relay is killed.
    let mut live = Client::create(addr, "shelem", 4, Value::Null, RoomOptions::default()).await;
    let live_code = live.code.clone().unwrap();
    let live_token = live.token.clone().unwrap();
    live.send(&ClientMsg::Start).await;
    let playing = tokio::spawn(async move {
        play(&mut live, "shelem", 77, usize::MAX).await;
        live
    });
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;

    child.0.kill().unwrap(); // SIGKILL
    child.0.wait().unwrap();
    let live = playing.await.unwrap();
    assert_ne!(
        live.lobby.as_ref().unwrap().phase,
        Phase::Finished,
        "the live match ended"
    );
    let seen = live.frames.last().unwrap().clone();
    assert!(
        seen["step"].as_u64() > Some(20),
        "the live room hardly moved"
    );

    let (child, addr) = start(&db).await;
    // Every waiting room is back at its step and state hash.
    for (code, state) in &rooms {
        let s = inspect(addr, code).await;
        assert_eq!(
            (s["step"].clone(), s["hash"].clone()),
            *state,
            "room {code}"
        );
    }
    // Every person resumes their seat: the same view at the same step; then the people of
    // each room play on together.
    for (code, (step, _)) in &rooms {
        let mut clients = Vec::new();
        for seat in seats.iter().filter(|s| s.code == *code) {
            let mut c = Client::resume(addr, &seat.code, &seat.token).await;
            let f = c.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
            let RelayMsg::Frame { frame } = f else {
                unreachable!()
            };
            assert_eq!(frame["step"], seat.last["step"], "{}", seat.game);
            assert_eq!(frame["view"], seat.last["view"], "{}", seat.game);
            clients.push((c, seat.game));
        }
        let target = step.as_u64().unwrap() + 6;
        let on = |c: &Client, _| {
            c.frames
                .last()
                .is_some_and(|f| f["step"].as_u64() >= Some(target))
        };
        futures_util::future::join_all(
            clients
                .iter_mut()
                .enumerate()
                .map(|(i, (c, game))| play_until(c, game, 500 + i as u64, on)),
        )
        .await;
        for (c, game) in &clients {
            let last = c.frames.last().unwrap();
            assert!(
                last["step"].as_u64() >= Some(target)
                    || c.lobby.as_ref().unwrap().phase == Phase::Finished,
                "{game}"
            );
        }
    }
    // The live room kept every step its person was sent: the stored log replays to the
    // frame it saw last.
    let s = inspect(addr, &live_code).await;
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
    let mut back = Client::resume(addr, &live_code, &live_token).await;
    let f = back.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    let RelayMsg::Frame { frame } = f else {
        unreachable!()
    };
    assert!(frame["step"].as_u64() >= Some(n as u64));

    drop(child);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn sigterm_closes_every_socket_with_a_restart_code_and_exits() {
    let dir = std::env::temp_dir().join(format!("relay-term-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut child, addr) = start(&dir.join("relay.sqlite")).await;
    let mut a = Client::create(addr, "hokm", 4, Value::Null, RoomOptions::default()).await;
    let status = Command::new("kill")
        .args(["-TERM", &child.0.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    while a.recv().await.is_some() {}
    assert_eq!(a.closed, Some(1012));
    let t0 = std::time::Instant::now();
    let code = loop {
        if let Some(s) = child.0.try_wait().unwrap() {
            break s;
        }
        assert!(t0.elapsed() < WAIT, "the relay did not exit");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(code.success(), "{code}");
    std::fs::remove_dir_all(&dir).unwrap();
}
