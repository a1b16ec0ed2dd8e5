//! Full matches over the relay, and the leak test: every game at every player count, two
//! people (real WebSocket clients) and bots, played to the end of the match; every frame
//! each person was sent is checked against the match log the relay stored (read through
//! the test-only admin route).

mod common;

use common::{inspect, legal, named, play, played_face_up, relay, secret_key, Client};
use engine::{CardSet, Step};
use protocol::{Phase, RoomOptions};
use registry::GAMES;
use serde_json::{json, Value};
use std::time::Instant;

/// Small targets, so each match ends in a few hands.
fn small(game: &str) -> Value {
    match game {
        "hokm" => json!({"target": 3}),
        "shelem" => json!({"target": 1000}),
        "haft_khabis" => json!({"end": "hands", "hands": 1}),
        _ => Value::Null,
    }
}

/// Whether a JSON value holds only numbers (and nulls) under its keys.
fn numbers_only(v: &Value) -> bool {
    match v {
        Value::Number(_) | Value::Null => true,
        Value::Array(a) => a.iter().all(numbers_only),
        Value::Object(o) => o.values().all(numbers_only),
        _ => false,
    }
}

/// Checks every frame a person at `seat` was sent against the stored match log:
/// - it is exactly the registry's frame for that seat at that step (a step's frame, or a
///   snapshot when `public` is null): nothing else of the room went out;
/// - it holds no seed, deal, deck order or state hash (no such field, and neither the seed
///   nor the state hash at that step as a number);
/// - every card it names was visible to the seat: its own views this hand, or a face-up
///   play by the seat that acted.
fn check_frames(log: &Value, seat: u8, frames: &[Value], at: &str) {
    let mut head = log.clone();
    head["steps"] = json!([]);
    let steps: Vec<Step<Value>> = serde_json::from_value(log["steps"].clone()).unwrap();
    let mut room = registry::room_from_log(&head).unwrap();
    let seed = log["deal"]["seed"].to_string();
    let s = seat as usize;
    let mut known = CardSet::EMPTY;
    let mut next = 0;
    let mut step_frames = room.snapshots();
    let mut actor: Option<u8> = None;
    let mut new_hand = true;
    for n in 0..=steps.len() {
        if n > 0 {
            let step = &steps[n - 1];
            step_frames = room.apply(step, Some(n as u32 - 1)).unwrap();
            (actor, new_hand) = match step {
                Step::Act { seat, .. } | Step::Timeout { seat } => (Some(seat.0), false),
                Step::NextHand => (None, true),
            };
        }
        let hash = room.state_hash();
        while next < frames.len() && frames[next]["step"] == json!(n) {
            let f = &frames[next];
            let at = format!("{at} seat {seat} frame {next} (step {n})");
            let expected = if f["public"].is_null() {
                room.snapshot(engine::Seat(seat)).unwrap()
            } else {
                step_frames[s].clone()
            };
            assert_eq!(*f, expected.frame, "{at}: not the registry's frame");
            let text = f.to_string();
            assert_eq!(secret_key(f), None, "{at}: {text}");
            assert!(!text.contains(&seed), "{at}: the seed in {text}");
            assert!(
                !text.contains(&hash.to_string()),
                "{at}: the hash in {text}"
            );
            assert!(
                !text.contains(&format!("{hash:016x}")),
                "{at}: the hash in {text}"
            );
            let seen = named(&f["view"]);
            known = if new_hand { seen } else { known.or(seen) };
            let mut face_up = CardSet::EMPTY;
            played_face_up(&f["public"], actor, &mut face_up);
            let unknown = named(f).minus(known).minus(face_up);
            assert!(unknown.is_empty(), "{at}: names {unknown:?}: {text}");
            next += 1;
        }
        new_hand = new_hand && next == 0;
    }
    assert_eq!(
        next,
        frames.len(),
        "{at}: frames of steps the log does not have"
    );
}

/// One match: two people (the creator in seat 0 and one who joins), bots in the other
/// seats; both people play to the end; the frames they got are checked.
async fn one_match(addr: std::net::SocketAddr, game: &'static str, players: u8, k: u64) {
    let at = format!("{game} {players}p");
    let (mut a, mut b) =
        Client::start_two(addr, game, players, small(game), RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    a.label = at.clone();
    b.label = at.clone();
    assert_eq!(b.seat, Some(1), "{at}");
    let (ma, mb) = tokio::join!(
        play(&mut a, game, k * 2 + 1, usize::MAX),
        play(&mut b, game, k * 2 + 2, usize::MAX)
    );
    assert!(ma > 0 && mb > 0, "{at}: a person never acted");
    let lobby = a.lobby.clone().unwrap();
    assert_eq!(lobby.phase, Phase::Finished, "{at}");
    assert!(lobby.seats[2..]
        .iter()
        .all(|s| s.kind == protocol::SeatKind::Bot));
    let state = inspect(addr, &code).await;
    let log = &state["log"];
    assert_eq!(
        state["step"],
        json!(log["steps"].as_array().unwrap().len()),
        "{at}"
    );
    let replayed = registry::room_from_log(log).unwrap();
    assert_eq!(replayed.status(), engine::Status::MatchOver, "{at}");
    assert_eq!(
        state["hash"],
        json!(format!("{:016x}", replayed.state_hash()))
    );
    // The newest frame of each person is of the last step; their last views end the match.
    for c in [&a, &b] {
        let last = c.frames.last().unwrap();
        assert_eq!(last["step"], state["step"], "{at}");
        assert!(legal(game, last).is_empty(), "{at}");
    }
    // The score sheet: one at the start, one after every hand; the last is the match's,
    // and it names no card (numbers only).
    let sheet = replayed.sheet();
    let hands = sheet["hands"].as_array().unwrap().len();
    assert!(hands > 0 && !sheet["winners"].is_null(), "{at}: {sheet}");
    for c in [&a, &b] {
        assert_eq!(c.sheets.len(), hands + 1, "{at}: {:?}", c.sheets);
        assert_eq!(c.sheets.last(), Some(&sheet), "{at}");
        assert_eq!(c.sheets[0]["hands"], json!([]), "{at}");
        for s in &c.sheets {
            assert!(named(s).is_empty(), "{at}: a card in {s}");
            assert!(numbers_only(s), "{at}: not only numbers: {s}");
        }
    }
    check_frames(log, 0, &a.frames, &at);
    check_frames(log, 1, &b.frames, &at);
    a.close().await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_and_count_plays_to_the_end_and_no_frame_leaks() {
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
    eprintln!("21 matches in {:?}", t0.elapsed());
}
