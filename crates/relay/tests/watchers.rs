//! Watching a table (issue 23) over the relay, with real WebSocket clients: watchers who
//! arrive before the match, mid-hand and again after a reconnect are sent only the public
//! table (the leak test of `matches.rs`, for watchers, at every game and player count); a
//! room that forbids watching refuses a watcher; a watcher's move, reaction or seat message
//! is refused and changes nothing; the players see how many watch.

mod common;

use common::{
    inspect, legal, named, play, played_face_up, relay, resume_msg, secret_key, settle, watch_msg,
    Client,
};
use engine::{CardSet, Step};
use protocol::{codes, ClientMsg, Phase, RelayMsg, RoomCode, RoomOptions, SeatKind};
use registry::GAMES;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Small targets, so each match ends in a few hands.
fn small(game: &str) -> Value {
    match game {
        "hokm" => json!({"target": 3}),
        "shelem" => json!({"target": 1000}),
        "haft_khabis" => json!({"end": "hands", "hands": 1}),
        _ => Value::Null,
    }
}

/// Checks the frames one watching connection was sent against the stored match log:
/// - the first is a snapshot; after it, the frame of every step, in order, none missed;
/// - each is exactly the registry's watchers' frame at its step (`{"step", "public",
///   "status", "view"}`, no seat): a snapshot, or the step's frame with the public event
///   every seat was sent;
/// - none holds a seed, deal, deck order or state hash;
/// - every card it names is known to every seat (named in every seat's views this hand),
///   or was played face up at that step by the seat that acted: a public card.
fn check_watch_frames(log: &Value, frames: &[Value], at: &str) {
    assert!(!frames.is_empty(), "{at}: no frame");
    assert!(frames[0]["public"].is_null(), "{at}: not a snapshot first");
    let mut head = log.clone();
    head["steps"] = json!([]);
    let steps: Vec<Step<Value>> = serde_json::from_value(log["steps"].clone()).unwrap();
    let mut room = registry::room_from_log(&head).unwrap();
    let seed = log["deal"]["seed"].to_string();
    let mut known = vec![CardSet::EMPTY; room.players() as usize];
    let mut next = 0;
    let mut actor: Option<u8> = None;
    let mut seat_public = Value::Null;
    for n in 0..=steps.len() {
        let mut new_hand = n == 0;
        if n > 0 {
            let step = &steps[n - 1];
            let seat_frames = room.apply(step, Some(n as u32 - 1)).unwrap();
            seat_public = seat_frames[0].frame["public"].clone();
            (actor, new_hand) = match step {
                Step::Act { seat, .. } | Step::Timeout { seat } => (Some(seat.0), false),
                Step::NextHand => (None, true),
            };
        }
        for f in room.snapshots() {
            let seen = named(&f.frame["view"]);
            let k = &mut known[f.seat.idx()];
            *k = if new_hand { seen } else { k.or(seen) };
        }
        let everybody = known.iter().fold(CardSet(u64::MAX), |all, k| all.and(*k));
        let hash = room.state_hash();
        while next < frames.len() && frames[next]["step"] == json!(n) {
            let f = &frames[next];
            let at = format!("{at} watcher frame {next} (step {n})");
            let snapshot = f["public"].is_null();
            if !snapshot {
                assert_eq!(f["public"], seat_public, "{at}: not the seats' event");
                assert!(
                    next > 0 && frames[next - 1]["step"] == json!(n - 1),
                    "{at}: a step was missed"
                );
            }
            assert_eq!(
                *f,
                room.watch_frame(!snapshot),
                "{at}: not the registry's watchers' frame"
            );
            assert!(f.get("seat").is_none(), "{at}: a seat in {f}");
            let text = f.to_string();
            assert_eq!(secret_key(f), None, "{at}: {text}");
            assert!(!text.contains(&seed), "{at}: the seed in {text}");
            assert!(
                !text.contains(&format!("{hash:016x}")) && !text.contains(&hash.to_string()),
                "{at}: the hash in {text}"
            );
            let mut face_up = CardSet::EMPTY;
            played_face_up(&f["public"], actor, &mut face_up);
            let unknown = named(f).minus(everybody).minus(face_up);
            assert!(
                unknown.is_empty(),
                "{at}: names {unknown:?}, which not every seat knows: {text}"
            );
            next += 1;
        }
    }
    assert_eq!(next, frames.len(), "{at}: frames of steps the log lacks");
}

/// Receives until the answer to a ping: nothing of the room came before it (no lobby, no
/// frame, no reaction; a sheet or a clock of the step before is no news).
async fn quiet_until_pong(c: &mut Client) {
    loop {
        let m = c.recv().await.expect("open");
        match m {
            RelayMsg::Pong => return,
            RelayMsg::Sheet { .. } | RelayMsg::Clock(_) => {}
            other => panic!("{}: sent {other:?}", c.label),
        }
    }
}

/// The room's step now.
async fn step_of(addr: SocketAddr, code: &RoomCode) -> u64 {
    inspect(addr, code).await["step"].as_u64().unwrap_or(0)
}

/// One match: two people (the creator and "B") and bots, played to the end, watched by
/// one watcher from the lobby, one who arrives mid-hand and one who watches, goes and
/// watches again. Every frame of every watcher is checked.
async fn one_match(addr: SocketAddr, game: &'static str, players: u8, k: u64) {
    let at = format!("{game} {players}p");
    let mut a = Client::create(addr, game, players, small(game), RoomOptions::default()).await;
    a.label = at.clone();
    let code = a.code.clone().unwrap();
    let mut early = Client::watch(addr, &code).await;
    let mut again = Client::watch(addr, &code).await;
    let mut b = Client::join(addr, &code, "B").await;
    b.label = at.clone();
    a.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.seats[1].connected))
        .await;
    a.send(&ClientMsg::Start).await;
    let mid_hand = async {
        let t0 = Instant::now();
        while step_of(addr, &code).await < 3 && t0.elapsed() < Duration::from_secs(20) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let mut w = Client::watch(addr, &code).await;
        w.until_match_over().await;
        w
    };
    let rewatch = async {
        // Watches a few steps, goes (a reload), and watches again to the end.
        while again.frames.last().and_then(|f| f["step"].as_u64()) < Some(2) {
            again.recv().await.expect("open");
        }
        let first = std::mem::take(&mut again.frames);
        let mut back = Client::watch(addr, &code).await;
        back.until_match_over().await;
        (first, back)
    };
    let (ma, mb, (), mid, (first, back)) = tokio::join!(
        play(&mut a, game, k * 2 + 1, usize::MAX),
        play(&mut b, game, k * 2 + 2, usize::MAX),
        early.until_match_over(),
        mid_hand,
        rewatch
    );
    assert!(ma > 0 && mb > 0, "{at}: a person never acted");
    let state = inspect(addr, &code).await;
    let log = &state["log"];
    let last = state["step"].clone();
    // The watchers saw the whole match to its end, as the people did.
    for (w, name) in [(&early, "early"), (&mid, "mid-hand"), (&back, "back")] {
        assert_eq!(w.frames.last().unwrap()["step"], last, "{at} {name}");
        assert_eq!(w.sheets.last(), a.sheets.last(), "{at} {name}: the sheet");
        assert!(w.errors.is_empty(), "{at} {name}: {:?}", w.errors);
        assert_eq!(w.seat, None);
        assert_eq!(w.token, None);
    }
    assert!(
        early.frames[0]["step"] == json!(0),
        "{at}: the early watcher's first frame"
    );
    check_watch_frames(log, &early.frames, &format!("{at} early"));
    check_watch_frames(log, &mid.frames, &format!("{at} mid-hand"));
    check_watch_frames(log, &first, &format!("{at} before its reload"));
    check_watch_frames(log, &back.frames, &format!("{at} after its reload"));
    for c in [a, b, early, again, mid, back] {
        c.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_and_count_watchers_see_only_the_public_table() {
    let t0 = Instant::now();
    let relay = relay(&["--rooms-per-ip", "100"]).await;
    let addr = relay.addr;
    let mut tasks = Vec::new();
    let mut k = 0;
    for g in GAMES {
        for &players in g.players {
            k += 1;
            tasks.push(tokio::spawn(one_match(addr, g.slug, players, k)));
        }
    }
    assert_eq!(tasks.len(), 21);
    for t in tasks {
        t.await.unwrap();
    }
    relay.shutdown();
    relay.wait().await;
    eprintln!("21 watched matches in {:?}", t0.elapsed());
}

/// A room whose creator forbids watching refuses a watcher (`watch_forbidden`) in the lobby
/// and in a match, and is unchanged: its step, state and watchers as before, no lobby sent
/// to the people. A watch of a room that does not exist is `unknown_room`.
#[tokio::test]
async fn a_room_that_forbids_watching_refuses_a_watcher_and_is_unchanged() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    let options = RoomOptions {
        watchers: false,
        ..RoomOptions::default()
    };
    let mut a = Client::create(addr, "hokm", 4, json!({"target": 3}), options).await;
    let code = a.code.clone().unwrap();
    a.until(|m| matches!(m, RelayMsg::Lobby { .. })).await;
    assert!(!a.lobby.as_ref().unwrap().options.watchers);
    let refused = |addr, code: RoomCode| async move {
        let mut w = Client::connect(addr).await;
        w.send(&watch_msg(&code)).await;
        let e = w.error().await;
        assert!(w.frames.is_empty() && w.lobby.is_none());
        // Refused, the connection is still unopened: a ping is answered.
        w.send(&ClientMsg::Ping).await;
        w.until(|m| matches!(m, RelayMsg::Pong)).await;
        w.close().await;
        e
    };
    let e = refused(addr, code.clone()).await;
    assert_eq!(e.error, codes::WATCH_FORBIDDEN, "{e:?}");
    a.send(&ClientMsg::Start).await;
    // The creator plays until the room waits for them.
    common::play_until(&mut a, "hokm", 3, |c, moves| {
        moves >= 2 && !c.frames.is_empty()
    })
    .await;
    settle(addr, &code, &mut [&mut a]).await;
    let before = inspect(addr, &code).await;
    let lobbies = a.lobby.clone();
    let e = refused(addr, code.clone()).await;
    assert_eq!(e.error, codes::WATCH_FORBIDDEN, "{e:?}");
    let after = inspect(addr, &code).await;
    assert_eq!(before, after, "a refused watcher changed the room");
    assert_eq!(after["watchers"], json!(0));
    // Nothing was sent to the creator: its next message is the answer to its ping.
    a.send(&ClientMsg::Ping).await;
    quiet_until_pong(&mut a).await;
    assert_eq!(a.lobby, lobbies);
    // Unknown rooms: a code no room has, and one that is not a code.
    for bad in ["ZZZZZZ", "not a code", ""] {
        let e = refused(addr, RoomCode(bad.into())).await;
        assert_eq!(e.error, codes::UNKNOWN_ROOM, "{bad}: {e:?}");
    }
    a.close().await;
    relay.shutdown();
    relay.wait().await;
}

/// A watcher sends what a seat sends: a move (a legal one of the seat to act, at the
/// room's step), a reaction, ready, start, rematch, the creator's seat moves, and tries to
/// open a room (join, resume with a seat's token, create, watch again). Each is answered
/// with `watcher` and changes nothing: the room's step, state and log, its seats and the
/// people's messages (no reaction reaches them). A ping is answered; the watcher still
/// watches, and sees the next step.
#[tokio::test]
async fn a_watchers_move_reaction_and_seat_messages_are_refused_and_change_nothing() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    let mut a = Client::create(
        addr,
        "hokm",
        4,
        json!({"target": 3}),
        RoomOptions::default(),
    )
    .await;
    let code = a.code.clone().unwrap();
    let token = a.token.clone().unwrap();
    a.send(&ClientMsg::Start).await;
    // The creator plays until it is their turn again, and stops there.
    common::play_until(&mut a, "hokm", 5, |c, moves| {
        moves >= 1
            && c.frames
                .last()
                .is_some_and(|f| !legal("hokm", f).is_empty())
    })
    .await;
    settle(addr, &code, &mut [&mut a]).await;
    let mut w = Client::watch(addr, &code).await;
    w.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    // The creator learns of the watcher (a lobby), then hears nothing more.
    a.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.watchers == 1))
        .await;
    let before = inspect(addr, &code).await;
    let lobby = a.lobby.clone().unwrap();
    let mine = a.frames.last().unwrap().clone();
    let step = mine["step"].as_u64().unwrap() as u32;
    let action = legal("hokm", &mine)[0].clone();
    let tries = vec![
        ClientMsg::Move {
            step,
            action: action.clone(),
        },
        ClientMsg::React {
            reaction: "hello".into(),
        },
        ClientMsg::Ready,
        ClientMsg::Start,
        ClientMsg::Rematch,
        ClientMsg::SetSeat {
            seat: 1,
            kind: SeatKind::Empty,
        },
        ClientMsg::SwapSeats { from: 0, to: 1 },
        common::join_msg(&code, "W"),
        resume_msg(&code, &token),
        common::create_msg("hokm", 4, Value::Null, RoomOptions::default(), "W"),
        watch_msg(&code),
    ];
    let n = tries.len();
    for m in tries {
        w.send(&m).await;
        let e = w.error().await;
        assert_eq!(e.error, codes::WATCHER, "{m:?}: {e:?}");
    }
    w.send(&ClientMsg::Ping).await;
    w.until(|m| matches!(m, RelayMsg::Pong)).await;
    assert_eq!(w.errors.len(), n);
    assert!(w.reactions.is_empty());
    let after = inspect(addr, &code).await;
    assert_eq!(before, after, "a watcher's message changed the room");
    // The creator heard nothing of it (its next message answers its ping), keeps its seat
    // and plays on; the watcher sees that step.
    a.send(&ClientMsg::Ping).await;
    quiet_until_pong(&mut a).await;
    assert_eq!(a.lobby.as_ref(), Some(&lobby));
    assert!(a.reactions.is_empty());
    a.send(&ClientMsg::Move {
        step,
        action: action.clone(),
    })
    .await;
    let f = w
        .until(|m| matches!(m, RelayMsg::Frame { frame } if frame["step"] == json!(step + 1)))
        .await;
    let RelayMsg::Frame { frame } = f else {
        unreachable!()
    };
    assert!(common::acted_by(&frame, 0), "{frame}");
    assert!(a.errors.is_empty(), "{:?}", a.errors);
    a.close().await;
    w.close().await;
    relay.shutdown();
    relay.wait().await;
}

/// The players see how many watch: every watcher who arrives or goes sends everybody a new
/// lobby with the count, in the lobby and in a match; watchers see the players' reactions
/// and the lobby's changes too.
#[tokio::test]
async fn the_players_see_how_many_watch_and_watchers_see_reactions() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    let mut a = Client::create(addr, "bidel", 4, Value::Null, RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    a.until(|m| matches!(m, RelayMsg::Lobby { .. })).await;
    assert_eq!(a.lobby.as_ref().unwrap().watchers, 0);
    let count =
        |n: u32| move |m: &RelayMsg| matches!(m, RelayMsg::Lobby { lobby } if lobby.watchers == n);
    let mut w1 = Client::watch(addr, &code).await;
    assert_eq!(w1.lobby.as_ref().unwrap().watchers, 1);
    a.until(count(1)).await;
    let mut w2 = Client::watch(addr, &code).await;
    a.until(count(2)).await;
    w1.until(count(2)).await;
    // In the lobby: no frame for a watcher, and the seats as the people see them.
    assert!(w1.frames.is_empty() && w2.frames.is_empty());
    assert_eq!(
        w2.lobby.as_ref().unwrap().seats,
        a.lobby.as_ref().unwrap().seats
    );
    // A person joins: the watchers see the lobby change.
    let mut b = Client::join(addr, &code, "B").await;
    w2.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.seats[1].kind == SeatKind::Person))
        .await;
    b.until(|m| matches!(m, RelayMsg::Lobby { .. })).await;
    assert_eq!(b.lobby.as_ref().unwrap().watchers, 2);
    // A reaction reaches the watchers as it reaches the seats.
    a.send(&ClientMsg::React {
        reaction: "hello".into(),
    })
    .await;
    for c in [&mut w1, &mut w2, &mut b] {
        let m = c.until(|m| matches!(m, RelayMsg::Reaction { .. })).await;
        assert_eq!(
            m,
            RelayMsg::Reaction {
                seat: 0,
                reaction: "hello".into()
            }
        );
    }
    w1.close().await;
    a.until(count(1)).await;
    b.until(count(1)).await;
    // The match starts: the watcher gets its snapshot; a watcher who arrives mid-match
    // makes two again, and its going one.
    a.send(&ClientMsg::Start).await;
    let f = w2.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    let RelayMsg::Frame { frame } = f else {
        unreachable!()
    };
    assert!(
        frame["public"].is_null() && frame["step"] == json!(0),
        "{frame}"
    );
    assert_eq!(frame["view"]["hand"], json!([]), "{frame}");
    assert_eq!(w2.lobby.as_ref().unwrap().phase, Phase::Playing);
    let w3 = Client::watch(addr, &code).await;
    a.until(count(2)).await;
    assert_eq!(inspect(addr, &code).await["watchers"], json!(2));
    w3.close().await;
    a.until(count(1)).await;
    b.until(count(1)).await;
    w2.close().await;
    a.until(count(0)).await;
    assert_eq!(inspect(addr, &code).await["watchers"], json!(0));
    a.close().await;
    b.close().await;
    relay.shutdown();
    relay.wait().await;
}

/// Bad watches: another version (reload), a malformed watch; each answered with its error,
/// the connection still unopened.
#[tokio::test]
async fn a_bad_watch_is_refused() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    let a = Client::create(addr, "pasur", 2, Value::Null, RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    let mut w = Client::connect(addr).await;
    for (text, code_) in [
        (
            json!({"type": "watch", "version": protocol::RELAY_VERSION - 1, "frames": registry::PROTOCOL_VERSION, "code": code}),
            codes::VERSION,
        ),
        (
            json!({"type": "watch", "version": protocol::RELAY_VERSION, "frames": 999, "code": code}),
            codes::VERSION,
        ),
        (
            json!({"type": "watch", "version": protocol::RELAY_VERSION, "frames": registry::PROTOCOL_VERSION, "code": code, "token": "x"}),
            codes::BAD_MESSAGE,
        ),
        (
            json!({"type": "watch", "version": protocol::RELAY_VERSION, "frames": registry::PROTOCOL_VERSION}),
            codes::BAD_MESSAGE,
        ),
    ] {
        w.send_text(text.to_string()).await;
        assert_eq!(w.error().await.error, code_, "{text}");
    }
    assert!(w.lobby.is_none() && w.frames.is_empty());
    // Still unopened: a move is refused as a connection's without a room.
    w.send(&ClientMsg::Ready).await;
    assert_eq!(w.error().await.error, codes::NO_ROOM);
    assert_eq!(inspect(addr, &code).await["watchers"], json!(0));
    // And it may watch now.
    w.send(&watch_msg(&code)).await;
    w.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.watchers == 1))
        .await;
    a.close().await;
    w.close().await;
    relay.shutdown();
    relay.wait().await;
}
