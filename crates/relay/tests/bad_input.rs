//! Bad input over the relay: every class is answered with its error code, and the room's
//! state hash and step (read through the test-only admin route) do not change.

mod common;

use common::{acted_by, create_msg, inspect, legal, play_until, relay, resume_msg, Client};
use protocol::{codes, ClientMsg, RelayMsg, RoomCode, RoomOptions, SeatToken, RELAY_VERSION};
use serde_json::{json, Value};

/// The room's (step, hash).
async fn state(addr: std::net::SocketAddr, code: &RoomCode) -> (Value, Value) {
    let s = inspect(addr, code).await;
    (s["step"].clone(), s["hash"].clone())
}

#[tokio::test]
async fn every_bad_input_is_answered_with_its_code_and_changes_nothing() {
    let relay = relay(&[
        "--max-message",
        "2048",
        "--msgs-per-sec",
        "5",
        "--msg-burst",
        "40",
        "--rooms-per-ip",
        "3",
    ])
    .await;
    let addr = relay.addr;
    let (mut a, mut b) = Client::start_two(
        addr,
        "hokm",
        4,
        json!({"target": 3}),
        RoomOptions::default(),
    )
    .await;
    let code = a.code.clone().unwrap();
    // Play until the person in seat 0 is to play a card (the room then waits for it).
    // (Hokm's view names the seat to play; both people stop on the frame where seat 3
    // has just played and seat 0 is to play.)
    let is_a_turn = |c: &Client| {
        c.frames.last().is_some_and(|f| {
            f["view"]["phase"] == json!("playing")
                && f["view"]["turn"] == json!(0)
                && acted_by(f, 3)
        })
    };
    tokio::join!(
        play_until(&mut a, "hokm", 1, |c, _| is_a_turn(c)),
        play_until(&mut b, "hokm", 2, |c, _| is_a_turn(c)),
    );
    let frame = a.frames.last().unwrap().clone();
    let step = frame["step"].as_u64().unwrap() as u32;
    let before = state(addr, &code).await;
    assert_eq!(before.0, json!(step), "the room waits for seat 0");
    let mine = legal("hokm", &frame);
    let hand: Vec<String> = serde_json::from_value(frame["view"]["hand"].clone()).unwrap();
    let not_mine = ["2C", "3D", "4H", "5S", "AC", "AD", "AH", "AS"]
        .into_iter()
        .find(|c| !hand.iter().any(|h| h == c))
        .unwrap();
    let big = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(3000));

    // Seat 0's bad messages.
    let cases: Vec<(String, &str)> = vec![
        ("{".into(), codes::BAD_MESSAGE),
        ("[]".into(), codes::BAD_MESSAGE),
        (r#"{"type":"teleport"}"#.into(), codes::BAD_MESSAGE),
        (
            json!({"type": "move", "step": step, "action": mine[0], "seat": 2}).to_string(),
            codes::BAD_MESSAGE,
        ),
        (
            json!({"type": "move", "step": -1, "action": mine[0]}).to_string(),
            codes::BAD_MESSAGE,
        ),
        (big, codes::TOO_LARGE),
        (
            json!({"type": "move", "step": step - 1, "action": mine[0]}).to_string(),
            "stale_step",
        ),
        (
            json!({"type": "move", "step": step + 1, "action": mine[0]}).to_string(),
            "stale_step",
        ),
        (
            json!({"type": "move", "step": step, "action": {"teleport": 1}}).to_string(),
            "bad_action",
        ),
        (
            json!({"type": "move", "step": step, "action": {"play": not_mine}}).to_string(),
            "",
        ),
        (json!({"type": "start"}).to_string(), codes::WRONG_PHASE),
        (json!({"type": "ready"}).to_string(), codes::WRONG_PHASE),
        (json!({"type": "rematch"}).to_string(), codes::WRONG_PHASE),
        (
            serde_json::to_string(&resume_msg(&code, a.token.as_ref().unwrap())).unwrap(),
            codes::ALREADY_SEATED,
        ),
    ];
    for (text, code_expected) in cases {
        a.send_text(text.clone()).await;
        let e = a.error().await;
        if code_expected.is_empty() {
            assert!(
                !e.error.is_empty() && !e.message.is_empty(),
                "{text}: {e:?}"
            );
            assert!(
                !["stale_step", "bad_action", "bad_message"].contains(&e.error.as_str()),
                "{e:?}"
            );
        } else {
            assert_eq!(e.error, code_expected, "{text}: {e:?}");
        }
        assert_eq!(state(addr, &code).await, before, "{text} changed the room");
    }
    a.send_binary(vec![1, 2, 3]).await;
    assert_eq!(a.error().await.error, codes::BAD_MESSAGE);
    // Out of turn: seat 1 plays while seat 0 is to play.
    let b_frame = b.frames.last().unwrap().clone();
    let b_card = b_frame["view"]["hand"][0].clone();
    b.send(&ClientMsg::Move {
        step,
        action: json!({"play": b_card}),
    })
    .await;
    let e = b.error().await;
    assert!(
        !["stale_step", "bad_action", "bad_message"].contains(&e.error.as_str()),
        "{e:?}"
    );
    assert_eq!(
        state(addr, &code).await,
        before,
        "out of turn changed the room"
    );
    b.send(&ClientMsg::Start).await;
    assert_eq!(b.error().await.error, codes::WRONG_PHASE);

    // Connections without a seat: unknown rooms, wrong or missing tokens, bad rooms.
    let mut x = Client::connect(addr).await;
    let no_seat: Vec<(String, &str)> = vec![
        (json!({"type": "move", "step": step, "action": mine[0]}).to_string(), codes::NO_ROOM),
        (serde_json::to_string(&common::join_msg(&RoomCode("ZZZZZZ".into()), "X")).unwrap(), codes::UNKNOWN_ROOM),
        (serde_json::to_string(&common::join_msg(&RoomCode("abc".into()), "X")).unwrap(), codes::UNKNOWN_ROOM),
        (serde_json::to_string(&resume_msg(&code, &SeatToken("nope".into()))).unwrap(), codes::BAD_TOKEN),
        (json!({"type": "resume", "version": RELAY_VERSION, "frames": registry::PROTOCOL_VERSION, "code": code}).to_string(), codes::BAD_MESSAGE),
        (json!({"type": "join", "version": 99, "frames": registry::PROTOCOL_VERSION, "code": code, "name": "X"}).to_string(), codes::VERSION),
        // A page of the previous version (before `clock`) is told to reload.
        (json!({"type": "join", "version": RELAY_VERSION - 1, "frames": registry::PROTOCOL_VERSION, "code": code, "name": "X"}).to_string(), codes::VERSION),
        (json!({"type": "join", "version": RELAY_VERSION, "frames": 99, "code": code, "name": "X"}).to_string(), codes::VERSION),
        (json!({"type": "join", "version": RELAY_VERSION, "frames": registry::PROTOCOL_VERSION, "code": code, "name": " "}).to_string(), codes::BAD_ROOM),
        (serde_json::to_string(&create_msg("poker", 4, Value::Null, RoomOptions::default(), "X")).unwrap(), codes::BAD_ROOM),
        (serde_json::to_string(&create_msg("hokm", 3, Value::Null, RoomOptions::default(), "X")).unwrap(), codes::BAD_ROOM),
        (serde_json::to_string(&create_msg("hokm", 4, json!({"target": 4}), RoomOptions::default(), "X")).unwrap(), codes::BAD_ROOM),
        (serde_json::to_string(&create_msg("hokm", 4, json!({"no_such": 1}), RoomOptions::default(), "X")).unwrap(), codes::BAD_ROOM),
        (serde_json::to_string(&create_msg("hokm", 4, Value::Null, RoomOptions { turn_secs: 5, ..RoomOptions::default() }, "X")).unwrap(), codes::BAD_ROOM),
    ];
    for (text, code_expected) in no_seat {
        x.send_text(text.clone()).await;
        assert_eq!(x.error().await.error, code_expected, "{text}");
    }
    // The room is full of people and bots: a join takes a bot's seat (from the next
    // hand), which changes no game state.
    assert_eq!(state(addr, &code).await, before);

    // A room-creation flood: 3 rooms per address (the first is seat 0's room).
    for i in 0..2 {
        let c = Client::create(addr, "pasur", 2, Value::Null, RoomOptions::default()).await;
        assert!(c.code.is_some(), "room {i}");
    }
    let mut y = Client::connect(addr).await;
    y.send(&create_msg(
        "pasur",
        2,
        Value::Null,
        RoomOptions::default(),
        "Y",
    ))
    .await;
    assert_eq!(y.error().await.error, codes::QUOTA);

    // A message flood: past the budget, messages are dropped with `flood`.
    // (Sent by seat 1 while the room still waits for seat 0, so no bot moves meanwhile.)
    for _ in 0..120 {
        b.send(&ClientMsg::Ping).await;
    }
    assert_eq!(b.error().await.error, codes::FLOOD);
    assert_eq!(
        state(addr, &code).await,
        before,
        "the flood changed the room"
    );
    // Over four times the size limit, the socket itself is dropped; the room goes on.
    b.send_text(format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(9000)))
        .await;
    while b.recv().await.is_some() {}
    assert_eq!(
        state(addr, &code).await,
        before,
        "the huge message changed the room"
    );
    // A stale duplicate: the move applies once; the same move again is stale. (Last: once
    // seat 0 has played, bots may move at any time.)
    let action = mine[0].clone();
    a.send(&ClientMsg::Move {
        step,
        action: action.clone(),
    })
    .await;
    a.until(|m| matches!(m, RelayMsg::Frame { frame } if frame["step"] == json!(step + 1)))
        .await;
    a.send(&ClientMsg::Move {
        step,
        action: action.clone(),
    })
    .await;
    assert_eq!(a.error().await.error, "stale_step");
    let log = inspect(addr, &code).await["log"].clone();
    let steps = log["steps"].as_array().unwrap();
    assert_eq!(
        steps[step as usize],
        json!({"act": {"seat": 0, "action": action}})
    );
    let again = steps[step as usize + 1..]
        .iter()
        .filter(|s| s["act"]["seat"] == json!(0))
        .count();
    assert_eq!(again, 0, "the duplicate was applied");

    relay.shutdown();
    relay.wait().await;
}
