//! Seats over the relay: the lobby (bots, moving people, who may start), reconnecting with
//! the token, a wrong token refused, a person away (a bot plays after the grace period)
//! and back, a person joining a match in a bot's seat, the turn timer, a rematch, and the
//! relay's other routes and its shutdown.

mod common;

use common::{acted_by, http_get, inspect, play, play_until, relay, resume_msg, Client};
use protocol::{codes, ClientMsg, Phase, RelayMsg, RoomOptions, SeatKind, SeatToken};
use serde_json::{json, Value};

fn is_lobby(m: &RelayMsg) -> bool {
    matches!(m, RelayMsg::Lobby { .. })
}

#[tokio::test]
async fn the_creator_fills_and_moves_seats_and_starts() {
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
    assert!(code.is_valid());
    assert_eq!(a.seat, Some(0));
    let lobby = a.until(is_lobby).await;
    let RelayMsg::Lobby { lobby } = lobby else {
        unreachable!()
    };
    assert_eq!(lobby.phase, Phase::Lobby);
    assert_eq!(lobby.settings["target"], json!(3));
    assert_eq!(
        lobby.settings["sars"],
        json!(false),
        "every setting is filled in"
    );
    let mut b = Client::join(addr, &code, "Bahar").await;
    assert_eq!(b.seat, Some(1));
    // Only the creator starts or changes seats; a move needs a match.
    b.send(&ClientMsg::Start).await;
    assert_eq!(b.error().await.error, codes::NOT_CREATOR);
    b.send(&ClientMsg::SetSeat {
        seat: 2,
        kind: SeatKind::Bot,
    })
    .await;
    assert_eq!(b.error().await.error, codes::NOT_CREATOR);
    b.send(&ClientMsg::Move {
        step: 0,
        action: json!("pass"),
    })
    .await;
    assert_eq!(b.error().await.error, codes::WRONG_PHASE);
    // A bot in seat 2; a person's seat cannot be emptied.
    a.send(&ClientMsg::SetSeat {
        seat: 2,
        kind: SeatKind::Bot,
    })
    .await;
    a.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.seats[2].kind == SeatKind::Bot))
        .await;
    a.send(&ClientMsg::SetSeat {
        seat: 1,
        kind: SeatKind::Empty,
    })
    .await;
    assert_eq!(a.error().await.error, codes::BAD_ROOM);
    a.send(&ClientMsg::SetSeat {
        seat: 9,
        kind: SeatKind::Bot,
    })
    .await;
    assert_eq!(a.error().await.error, "bad_seat");
    // The creator moves to seat 3 and learns it.
    a.send(&ClientMsg::SwapSeats { from: 0, to: 3 }).await;
    a.until(|m| matches!(m, RelayMsg::Welcome { seat: 3, .. }))
        .await;
    let m = a
        .until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.creator == 3))
        .await;
    let RelayMsg::Lobby { lobby } = m else {
        unreachable!()
    };
    assert_eq!(lobby.seats[0].kind, SeatKind::Empty);
    assert_eq!(lobby.seats[3].name.as_deref(), Some("Creator"));
    assert_eq!(lobby.seats[1].name.as_deref(), Some("Bahar"));
    assert!(lobby.seats[1].connected && !lobby.seats[1].bot_playing);
    // Start: the empty seat gets a bot; both people get their snapshot at step 0.
    a.send(&ClientMsg::Start).await;
    a.phase(Phase::Playing).await;
    let lobby = a.lobby.clone().unwrap();
    assert_eq!(lobby.match_no, 1);
    assert!(lobby.seats.iter().all(|s| s.kind != SeatKind::Empty));
    for c in [&mut a, &mut b] {
        let f = c.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
        let RelayMsg::Frame { frame } = f else {
            unreachable!()
        };
        assert_eq!(
            (frame["step"].clone(), frame["public"].clone()),
            (json!(0), Value::Null)
        );
        assert_eq!(frame["seat"], json!(c.seat.unwrap()));
    }
    a.send(&ClientMsg::Start).await;
    assert_eq!(a.error().await.error, codes::WRONG_PHASE);
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn a_seat_is_resumed_by_its_token_only_and_a_rematch_keeps_the_seats() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    let mut a = Client::create(
        addr,
        "hokm",
        2,
        json!({"target": 3}),
        RoomOptions::default(),
    )
    .await;
    let (code, token) = (a.code.clone().unwrap(), a.token.clone().unwrap());
    a.send(&ClientMsg::Start).await;
    play(&mut a, "hokm", 1, 6).await;
    // Wait until the bot has answered and it is the person's turn again.
    let step = loop {
        let state = inspect(addr, &code).await;
        let f = a.frames.last().unwrap();
        if state["step"] == f["step"] && !common::legal("hokm", f).is_empty() {
            break state["step"].clone();
        }
        a.recv().await;
    };
    let seen = a.frames.last().unwrap().clone();
    a.close().await;
    // A wrong token, a token of no room, an unknown code.
    let mut x = Client::connect(addr).await;
    x.send(&resume_msg(
        &code,
        &SeatToken("0123456789abcdef0123456789abcdef".into()),
    ))
    .await;
    assert_eq!(x.error().await.error, codes::BAD_TOKEN);
    x.send(&resume_msg(&protocol::RoomCode("ZZZZZZ".into()), &token))
        .await;
    assert_eq!(x.error().await.error, codes::UNKNOWN_ROOM);
    // The token gives the seat back, with a snapshot of the same view at the same step.
    let mut a = Client::resume(addr, &code, &token).await;
    assert_eq!(a.seat, Some(0));
    let f = a.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    let RelayMsg::Frame { frame } = f else {
        unreachable!()
    };
    assert_eq!(frame["step"], step);
    assert_eq!(frame["public"], Value::Null);
    assert_eq!(frame["view"], seen["view"]);
    // The score sheet came before the snapshot: the room's own (a reload keeps it).
    assert_eq!(a.sheets.len(), 1, "one sheet before the snapshot");
    let state = inspect(addr, &code).await;
    let room = registry::room_from_log(&state["log"]).unwrap();
    assert_eq!(a.sheets[0], room.sheet());
    // A second connection with the token takes the seat over; the first is closed.
    let mut a2 = Client::resume(addr, &code, &token).await;
    while a.recv().await.is_some() {}
    assert_eq!(a.closed, Some(4000));
    // Play to the end, then a rematch: same seats and rules, a new match from step 0.
    play(&mut a2, "hokm", 2, usize::MAX).await;
    a2.phase(Phase::Finished).await;
    let before = a2.lobby.clone().unwrap();
    a2.send(&ClientMsg::Rematch).await;
    a2.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.phase == Phase::Playing))
        .await;
    let after = a2.lobby.clone().unwrap();
    assert_eq!(after.match_no, 2);
    assert_eq!(after.seats, before.seats);
    assert_eq!(after.settings, before.settings);
    let f = a2.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    let RelayMsg::Frame { frame } = f else {
        unreachable!()
    };
    assert_eq!(frame["step"], json!(0));
    // The rematch's sheet starts empty; the finished match's had its hands.
    assert_eq!(a2.sheets.last().unwrap()["hands"], json!([]));
    let finished = &a2.sheets[a2.sheets.len() - 2];
    assert!(!finished["hands"].as_array().unwrap().is_empty() && !finished["winners"].is_null());
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn a_bot_plays_for_a_person_away_past_the_grace_period_until_they_return() {
    // One option second is 20 ms: a grace period of 2 s is 40 ms.
    let relay = relay(&["--second-ms", "20"]).await;
    let addr = relay.addr;
    let options = RoomOptions {
        grace_secs: 2,
        turn_secs: 0,
        ..RoomOptions::default()
    };
    let (mut a, mut b) = Client::start_two(addr, "hokm", 4, json!({"target": 3}), options).await;
    let code = a.code.clone().unwrap();
    let token = b.token.clone().unwrap();
    // B plays until three of its moves are applied (both see every step), then goes away.
    let three = |c: &Client, _| c.frames.iter().filter(|f| acted_by(f, 1)).count() >= 3;
    let (_, moved) = tokio::join!(
        play_until(&mut a, "hokm", 3, three),
        play_until(&mut b, "hokm", 4, three)
    );
    assert!(moved >= 3);
    b.close().await;
    // A plays on: B's seat is shown away, then played by a bot.
    let from = a.frames.len();
    play_until(&mut a, "hokm", 5, |c, _| {
        let bot = c
            .lobby
            .as_ref()
            .is_some_and(|l| !l.seats[1].connected && l.seats[1].bot_playing);
        bot && c.frames[from..].iter().any(|f| acted_by(f, 1))
    })
    .await;
    assert_ne!(
        a.lobby.as_ref().unwrap().phase,
        Phase::Finished,
        "the match ended first"
    );
    // B comes back: connected, no bot, and plays its seat to the end of the match.
    let mut b = Client::resume(addr, &code, &token).await;
    assert_eq!(b.seat, Some(1));
    a.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.seats[1].connected && !lobby.seats[1].bot_playing))
        .await;
    let (_, moved) = tokio::join!(
        play(&mut a, "hokm", 6, usize::MAX),
        play(&mut b, "hokm", 7, usize::MAX)
    );
    assert!(moved > 0, "B never played after coming back");
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn a_person_joining_a_match_takes_a_bots_seat_from_the_next_hand() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    // A match to 7 has a next hand: one to 3 may end with the first (a hakem's kot is 3
    // points, HK-8; the relay's deal is the OS's, so it did now and then).
    let mut a = Client::create(
        addr,
        "hokm",
        4,
        json!({"target": 7}),
        RoomOptions::default(),
    )
    .await;
    let code = a.code.clone().unwrap();
    a.send(&ClientMsg::Start).await;
    play(&mut a, "hokm", 8, 2).await;
    let mut c = Client::join(addr, &code, "Cyrus").await;
    assert_eq!(c.seat, Some(1), "the first bot's seat");
    let m = c.until(is_lobby).await;
    let RelayMsg::Lobby { lobby } = m else {
        unreachable!()
    };
    assert_eq!(lobby.seats[1].kind, SeatKind::Person);
    assert!(lobby.seats[1].bot_playing, "the bot finishes the hand");
    let f = c.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    let RelayMsg::Frame { frame } = f else {
        unreachable!()
    };
    c.send(&ClientMsg::Move {
        step: frame["step"].as_u64().unwrap() as u32,
        action: json!({"play": "AS"}),
    })
    .await;
    assert_eq!(c.error().await.error, codes::WRONG_PHASE);
    // At the next hand the person plays the seat.
    let (_, moved) = tokio::join!(play(&mut a, "hokm", 9, usize::MAX), async {
        c.until(
            |m| matches!(m, RelayMsg::Frame { frame } if frame["public"] == json!("next_hand")),
        )
        .await;
        assert!(!c.lobby.as_ref().unwrap().seats[1].bot_playing);
        play(&mut c, "hokm", 10, usize::MAX).await
    });
    assert!(moved > 0);
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn the_turn_timer_is_sent_with_the_frames_and_plays_the_timeout_step() {
    // D-7. 15 option seconds of 10 ms: 150 ms.
    let relay = relay(&["--second-ms", "10"]).await;
    let options = RoomOptions {
        grace_secs: 30,
        turn_secs: 15,
        ..RoomOptions::default()
    };
    let mut a = Client::create(relay.addr, "crazy_eights", 2, Value::Null, options).await;
    a.send(&ClientMsg::Start).await;
    // The person never acts: its turns time out.
    let f = a
        .until(|m| matches!(m, RelayMsg::Frame { frame } if frame["public"]["timeout"]["seat"] == json!(0)))
        .await;
    let RelayMsg::Frame { frame } = f else {
        unreachable!()
    };
    assert!(frame["public"]["timeout"]["events"]
        .as_array()
        .is_some_and(|e| !e.is_empty()));
    let timed_out = frame["step"].as_u64().unwrap() as u32;
    // Before it, the clock of the step it timed out named seat 0 with the time it had.
    let before = a
        .clocks
        .iter()
        .rfind(|c| c.step == timed_out - 1)
        .expect("a clock for the step that timed out");
    assert_eq!(before.seats, vec![0]);
    assert_eq!(before.turn_ms, 150);
    assert!(before.left_ms <= 150);
    // Each clock follows the frame of its step, and names the people who must act at it
    // (seat 1 is a bot: never timed).
    let next = a
        .until(|m| matches!(m, RelayMsg::Clock(c) if c.step == timed_out))
        .await;
    let RelayMsg::Clock(next) = next else {
        unreachable!()
    };
    let status = &frame["status"];
    let acting_me = status["acting"]
        .as_array()
        .is_some_and(|a| a.contains(&json!(0)));
    assert_eq!(next.seats, if acting_me { vec![0] } else { vec![] });
    assert!(a.clocks.iter().all(|c| !c.seats.contains(&1)));
    // A resumed seat gets the snapshot's clock, with what is left of the turn.
    let mut b = Client::resume(
        relay.addr,
        a.code.as_ref().unwrap(),
        a.token.as_ref().unwrap(),
    )
    .await;
    b.until(|m| matches!(m, RelayMsg::Clock(_))).await;
    let snap = b.frames.last().unwrap();
    assert!(snap["public"].is_null());
    let c = b.clocks.last().unwrap();
    assert_eq!(c.step as u64, snap["step"].as_u64().unwrap());
    assert!(c.left_ms <= c.turn_ms);
    drop(a);
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn a_room_without_a_turn_timer_sends_no_clock() {
    let relay = relay(&["--bot-think-ms", "1"]).await;
    let mut a = Client::create(relay.addr, "hokm", 4, Value::Null, RoomOptions::default()).await;
    a.send(&ClientMsg::Start).await;
    play(&mut a, "hokm", 1, 20).await;
    assert!(a.clocks.is_empty());
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn health_static_site_admin_off_by_default_and_shutdown_closes_sockets() {
    let dir = std::env::temp_dir().join(format!("relay-static-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<p>cards</p>").unwrap();
    let relay = {
        let cfg = <relay::Config as clap::Parser>::parse_from([
            "relay",
            "--listen",
            "127.0.0.1:0",
            "--database",
            "memory",
            "--static",
            dir.to_str().unwrap(),
        ]);
        relay::start(cfg).await.unwrap()
    };
    let addr = relay.addr;
    let (status, body) = http_get(addr, "/health").await;
    assert!(status.contains("200"), "{status}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["ok"],
        json!(true)
    );
    let (status, body) = http_get(addr, "/").await;
    assert!(
        status.contains("200") && body.contains("<p>cards</p>"),
        "{status} {body}"
    );
    let a = Client::create(addr, "pasur", 2, Value::Null, RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    let (status, _) = http_get(addr, &format!("/admin/rooms/{code}")).await;
    assert!(
        status.contains("404"),
        "the admin route is off by default: {status}"
    );
    // SIGTERM's path: every socket is closed with 1012 (restart) and the relay stops.
    let mut a = a;
    relay.shutdown();
    while a.recv().await.is_some() {}
    assert_eq!(a.closed, Some(1012));
    tokio::time::timeout(common::WAIT, relay.wait())
        .await
        .expect("the relay stops");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn an_idle_room_is_closed_and_forgotten() {
    let relay = relay(&["--idle-secs", "1"]).await;
    let addr = relay.addr;
    let mut a = Client::create(addr, "bidel", 4, Value::Null, RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    assert_eq!(relay.rooms(), 1);
    // Nobody sends anything for a second: the room closes its sockets and is gone.
    while a.recv().await.is_some() {}
    assert_eq!(a.closed, Some(1000));
    assert_eq!(relay.rooms(), 0);
    let (_, body) = http_get(addr, "/health").await;
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["rooms"],
        json!(0)
    );
    let mut x = Client::connect(addr).await;
    x.send(&common::join_msg(&code, "X")).await;
    assert_eq!(x.error().await.error, codes::UNKNOWN_ROOM);
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test]
async fn the_next_hand_waits_until_every_connected_person_is_ready() {
    // A pause of ten minutes: only `ready` from both people deals the next hand.
    let relay = relay(&["--hand-pause-ms", "600000"]).await;
    let addr = relay.addr;
    // A target of 7: the first hand (at most 3 points) never ends the match.
    let (mut a, mut b) = Client::start_two(
        addr,
        "hokm",
        2,
        json!({"target": 7}),
        RoomOptions::default(),
    )
    .await;
    let code = a.code.clone().unwrap();
    let over = |c: &Client, _| {
        c.frames
            .last()
            .is_some_and(|f| f["view"]["phase"] == json!("hand_over"))
    };
    tokio::join!(
        play_until(&mut a, "hokm", 11, over),
        play_until(&mut b, "hokm", 12, over)
    );
    let step = a.frames.last().unwrap()["step"].clone();
    a.send(&ClientMsg::Ready).await;
    // One person ready: nothing is dealt (a ping's answer comes first).
    a.send(&ClientMsg::Ping).await;
    a.until(|m| matches!(m, RelayMsg::Pong)).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(inspect(addr, &code).await["step"], step);
    // Both ready: the next hand is dealt at once.
    b.send(&ClientMsg::Ready).await;
    for c in [&mut a, &mut b] {
        c.until(
            |m| matches!(m, RelayMsg::Frame { frame } if frame["public"] == json!("next_hand")),
        )
        .await;
    }
    relay.shutdown();
    relay.wait().await;
}

/// A peek before a seat: a room's lobby (its game, no token) for its code, `unknown_room`
/// for a code no room has, and the connection stays without a seat (a join follows on it);
/// a seated connection may not peek; the room is unchanged.
#[tokio::test]
async fn a_peek_tells_a_rooms_game_or_that_there_is_none() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    let a = Client::create(addr, "pasur", 2, json!(null), RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    let token = a.token.clone().unwrap();
    let peek = |code: &protocol::RoomCode| ClientMsg::Peek {
        version: protocol::RELAY_VERSION,
        frames: registry::PROTOCOL_VERSION,
        code: code.clone(),
    };

    let mut p = Client::connect(addr).await;
    // A code no room has (well formed): said at once.
    let other = if code.0 == "K7QM3X" {
        "K7QM3Y"
    } else {
        "K7QM3X"
    };
    p.send(&peek(&protocol::RoomCode(other.into()))).await;
    assert_eq!(p.error().await.error, codes::UNKNOWN_ROOM);
    // The room's code: its lobby, with its game and free seat, and nothing secret.
    p.send_text(serde_json::to_string(&peek(&code)).unwrap())
        .await;
    let answer = p.until(is_lobby).await;
    let text = serde_json::to_string(&answer).unwrap();
    assert!(
        !text.contains(&token.0),
        "a peek's answer holds no seat token: {text}"
    );
    let RelayMsg::Lobby { lobby } = answer else {
        unreachable!()
    };
    assert_eq!(lobby.code, code);
    assert_eq!(lobby.game, "pasur");
    assert_eq!(lobby.phase, Phase::Lobby);
    assert_eq!(lobby.seats.len(), 2);
    // Nobody was seated by it: the same connection joins, into the free seat.
    p.send(&common::join_msg(&code, "Parisa")).await;
    p.welcome().await;
    assert_eq!(p.seat, Some(1));
    // Seated, a peek is refused.
    p.send(&peek(&code)).await;
    let RelayMsg::Error(e) = p.until(|m| matches!(m, RelayMsg::Error(_))).await else {
        unreachable!()
    };
    assert_eq!(e.error, codes::ALREADY_SEATED);
    let room = inspect(addr, &code).await;
    assert_eq!(room["phase"], json!("lobby"));
}
