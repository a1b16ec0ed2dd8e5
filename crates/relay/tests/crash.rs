//! The relay binary killed with SIGKILL in the middle of several matches and started
//! again on the same database, on SQLite and on a real PostgreSQL server: every room comes
//! back by replaying its stored log, at the same step and state hash, every person resumes
//! their seat with their token and plays on, and no step any person was sent is lost. And
//! SIGTERM closes sockets cleanly. And the relay killed just after a match's last step:
//! the room comes back finished (its lobby, its snapshot, a rematch and the cleanup of
//! finished rooms agree).

mod common;

use common::pg::{skipped, Postgres};
use common::{
    http_get, inspect_wait, play, play_until, resume_and_play_on, settle, spawn_relay, Client,
    Kept, WAIT,
};
use protocol::{ClientMsg, Phase, RelayMsg, RoomCode, RoomOptions, SeatToken};
use serde_json::{json, Value};
use std::process::Command;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_match_then_restart_loses_no_step_and_every_seat_resumes() {
    let dir = std::env::temp_dir().join(format!("relay-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("relay.sqlite");
    crash_and_restart(db.to_str().unwrap(), &[]).await;
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same on PostgreSQL: the restarted instance takes the rooms over once the leases of
/// the killed one expire.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_sigkill_mid_match_then_restart_loses_no_step_and_every_seat_resumes() {
    if skipped() {
        return;
    }
    let pg = Postgres::start();
    let db = pg.database("crash");
    crash_and_restart(&db, &["--lease-ms", "1500"]).await;
}

async fn crash_and_restart(db: &str, extra: &[&str]) {
    let (mut child, addr) = spawn_relay(db, extra).await;

    // Rooms waiting for a person, part way through their matches.
    let mut rooms: Vec<(RoomCode, (Value, Value))> = Vec::new();
    let mut seats: Vec<Kept> = Vec::new();
    let setups: [(&str, u8, Value, bool); 5] = [
        ("hokm", 4, json!({"target": 7}), true),
        ("bidel", 4, Value::Null, false),
        ("pasur", 2, Value::Null, false),
        // A match to 500: to 100, one hand of a random deal can end it before step 30.
        ("crazy_eights", 3, json!({"target": 500}), true),
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
            seats.push(Kept {
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

    let (child, addr) = spawn_relay(db, extra).await;
    // Every waiting room is back at its step and state hash.
    for (code, state) in &rooms {
        let s = inspect_wait(addr, code).await;
        assert_eq!(
            (s["step"].clone(), s["hash"].clone()),
            *state,
            "room {code}"
        );
    }
    // Every person resumes their seat: the same view at the same step; then the people of
    // each room play on together.
    for (code, (step, _)) in &rooms {
        resume_and_play_on(addr, &seats, code, step.as_u64().unwrap()).await;
    }
    // The live room kept every step its person was sent: the stored log replays to the
    // frame it saw last.
    let s = inspect_wait(addr, &live_code).await;
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
}

/// The relay killed with SIGKILL the moment a person has been sent the last step of their
/// match, one room after another, with `--sync full` on SQLite: after a restart every such
/// room is finished, as its stored log says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_just_after_a_match_ends_then_restart_finds_the_room_finished() {
    let dir = std::env::temp_dir().join(format!("relay-ended-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = Db::Sqlite(dir.join("relay.sqlite"));
    kill_at_the_end_then_restart(&db, &["--sync", "full"]).await;
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same on PostgreSQL: the restarted instance takes the rooms over once the leases of
/// the killed ones expire.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_sigkill_just_after_a_match_ends_then_restart_finds_the_room_finished() {
    if skipped() {
        return;
    }
    let pg = Postgres::start();
    pg.database("ended");
    let db = Db::Postgres(&pg, "ended");
    kill_at_the_end_then_restart(&db, &["--sync", "full", "--lease-ms", "1500"]).await;
}

/// Rooms whose match ended the moment the relay was killed.
const ENDED: usize = 6;

/// A match short enough to end within a second (one hand; a person and three bots).
const SHORT: (&str, u8) = ("haft_khabis", 4);

/// Where the killed relays store their rooms.
enum Db<'a> {
    Sqlite(std::path::PathBuf),
    Postgres(&'a Postgres, &'static str),
}

impl Db<'_> {
    fn url(&self) -> String {
        match self {
            Db::Sqlite(path) => path.to_str().unwrap().to_string(),
            Db::Postgres(pg, db) => pg.url(db),
        }
    }

    /// Makes the store refuse (or take again) every write of a room's meta in the finished
    /// phase: the relay's write after a match's last step is lost, as a crash just before
    /// it would lose it. (Called while a relay runs: it has made the tables.)
    fn lose_finished(&self, lose: bool) {
        match self {
            Db::Sqlite(path) => {
                let c = rusqlite::Connection::open(path).unwrap();
                c.busy_timeout(WAIT).unwrap();
                c.execute_batch(if lose {
                    "CREATE TRIGGER IF NOT EXISTS lost BEFORE UPDATE ON rooms \
                     WHEN json_extract(NEW.meta, '$.phase') = 'finished' \
                     BEGIN SELECT RAISE(ABORT, 'lost in the crash, on purpose'); END;"
                } else {
                    "DROP TRIGGER IF EXISTS lost;"
                })
                .unwrap();
            }
            Db::Postgres(pg, db) => {
                pg.sql(
                    db,
                    if lose {
                        "CREATE OR REPLACE FUNCTION lost() RETURNS trigger LANGUAGE plpgsql AS $$ \
                         BEGIN IF NEW.meta::jsonb ->> 'phase' = 'finished' THEN \
                         RAISE EXCEPTION 'lost in the crash, on purpose'; END IF; RETURN NEW; \
                         END $$; DROP TRIGGER IF EXISTS lost ON rooms; \
                         CREATE TRIGGER lost BEFORE UPDATE ON rooms FOR EACH ROW \
                         EXECUTE FUNCTION lost();"
                    } else {
                        "DROP TRIGGER IF EXISTS lost ON rooms;"
                    },
                );
            }
        }
    }
}

/// Plays `ENDED` rooms to the end of their match, one a relay, and kills each relay with
/// SIGKILL as soon as the person was sent the match's last step; then checks them on a
/// relay started again. Every other room loses the relay's writes after its last step
/// (the meta in the finished phase), so that the kill always falls between that step and
/// the next write: on an idle machine the relay usually wins the race (it lost 5 of 30).
/// The other rooms race as they would in production.
async fn kill_at_the_end_then_restart(db: &Db<'_>, extra: &[&str]) {
    let (game, players) = SHORT;
    let url = db.url();
    let mut ended: Vec<(RoomCode, SeatToken, Value)> = Vec::new();
    for i in 0..ENDED {
        let (mut child, addr) = spawn_relay(&url, extra).await;
        db.lose_finished(i % 2 == 0);
        let settings = json!({"end": "hands", "hands": 1});
        let mut a = Client::create(addr, game, players, settings, RoomOptions::default()).await;
        a.send(&ClientMsg::Start).await;
        let over = |c: &Client, _| {
            c.frames
                .last()
                .is_some_and(|f| f["status"] == json!("match_over"))
        };
        play_until(&mut a, game, 40 + i as u64, over).await;
        // The last step's frame is the person's acknowledgement that it is stored: the
        // relay dies at once, before anything it does after sending it.
        child.0.kill().unwrap(); // SIGKILL
        child.0.wait().unwrap();
        let last = a.frames.last().unwrap().clone();
        assert_eq!(last["status"], json!("match_over"), "room {i}: no end");
        ended.push((a.code.clone().unwrap(), a.token.clone().unwrap(), last));
    }
    db.lose_finished(false);
    // Finished rooms are cleaned up 4 s after they are loaded.
    let mut flags = extra.to_vec();
    flags.extend(["--finished-secs", "4"]);
    let (child, addr) = spawn_relay(&url, &flags).await;
    let mut stuck = Vec::new();
    let mut people = Vec::new();
    for (code, token, last) in &ended {
        let s = inspect_wait(addr, code).await;
        assert_eq!(
            s["step"], last["step"],
            "room {code}: a stored step was lost"
        );
        if s["phase"] != json!("finished") {
            stuck.push(format!("{code}: {}", s["phase"]));
            continue;
        }
        // The lobby and the snapshot agree: the match is over.
        let mut c = Client::resume(addr, code, token).await;
        let f = c.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
        let RelayMsg::Frame { frame } = f else {
            unreachable!()
        };
        assert_eq!(frame["status"], json!("match_over"), "room {code}");
        assert_eq!(frame["step"], last["step"], "room {code}");
        assert_eq!(
            c.lobby.as_ref().unwrap().phase,
            Phase::Finished,
            "room {code}"
        );
        people.push(c);
    }
    assert!(
        stuck.is_empty(),
        "{} of {ENDED} rooms whose match is over are not finished: {stuck:?}",
        stuck.len()
    );
    // Half the rooms play a rematch; the cleanup of finished rooms takes the others.
    let mut left = Vec::new();
    for (i, mut c) in people.into_iter().enumerate() {
        let code = c.code.clone().unwrap();
        if i % 2 == 1 {
            left.push(c);
            continue;
        }
        c.send(&ClientMsg::Rematch).await;
        let m = c
            .until(|m| {
                matches!(m, RelayMsg::Error(_))
                    || matches!(m, RelayMsg::Lobby { lobby } if lobby.phase == Phase::Playing)
            })
            .await;
        assert!(matches!(m, RelayMsg::Lobby { .. }), "room {code}: {m:?}");
        let s = inspect_wait(addr, &code).await;
        assert_eq!(s["match_no"], json!(2), "room {code}");
        assert_eq!(s["phase"], json!("playing"), "room {code}");
    }
    for mut c in left {
        let code = c.code.clone().unwrap();
        while c.recv().await.is_some() {}
        assert_eq!(c.closed, Some(1000), "room {code}: not cleaned up");
        let (status, _) = http_get(addr, &format!("/admin/rooms/{code}")).await;
        assert!(status.contains(" 404 "), "room {code}: {status}");
    }
    drop(child);
}

#[tokio::test]
async fn sigterm_closes_every_socket_with_a_restart_code_and_exits() {
    let dir = std::env::temp_dir().join(format!("relay-term-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut child, addr) = spawn_relay(dir.join("relay.sqlite").to_str().unwrap(), &[]).await;
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
