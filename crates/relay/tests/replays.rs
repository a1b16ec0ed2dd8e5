//! The replay of a finished hand (issue 23) over the relay, with real WebSocket clients: for
//! every game, two people and a watcher ask while the hand is played (refused,
//! `hand_in_play`, the room unchanged) and once it is over (the same record for all three,
//! which replays the hand to where the room is, holds no seed, deal field or state hash, and
//! whose steps are the hand's); once the next hand is dealt it is refused again.

mod common;

use common::{inspect, play_until, relay, secret_key, Client};
use engine::{HandRecord, Seat, Step};
use protocol::{codes, ClientMsg, RelayMsg, RoomOptions};
use registry::{GameFn, Registered, GAMES};
use serde_json::{json, Value};

/// Small targets, so a match ends in a few hands.
fn small(game: &str) -> Value {
    match game {
        "hokm" => json!({"target": 3}),
        "shelem" => json!({"target": 1000}),
        _ => Value::Null,
    }
}

/// Asks for the replay and returns the answer's text.
async fn ask(c: &mut Client) -> String {
    c.send(&ClientMsg::Replay).await;
    loop {
        match c.recv().await.expect("open") {
            RelayMsg::Replay { .. } => return c.replays.last().unwrap().clone(),
            RelayMsg::Error(e) => {
                return serde_json::to_string(&RelayMsg::<Value>::Error(e)).unwrap()
            }
            _ => {}
        }
    }
}

/// A refusal with `code`.
fn refused(text: &str, code: &str, at: &str) {
    let m: Value = serde_json::from_str(text).unwrap();
    assert_eq!(m["type"], "error", "{at}: {text}");
    assert_eq!(m["error"], code, "{at}: {text}");
}

/// The typed checks of a record: it reads as the game's hand record and, stepped through,
/// ends where seat 0's last frame shows the table.
struct Replays<'a> {
    record: &'a Value,
    last_view: &'a Value,
    at: &'a str,
}

impl GameFn for Replays<'_> {
    type Output = ();
    fn call<G: Registered>(self) {
        let r: HandRecord<G> = serde_json::from_value(self.record.clone())
            .unwrap_or_else(|e| panic!("{}: not a record: {e}", self.at));
        let (_, states) = r.states().unwrap_or_else(|e| panic!("{}: {e}", self.at));
        let (_, end) = states.last().expect("a step");
        let view = serde_json::to_value(end.view(Seat(0))).unwrap();
        assert_eq!(
            &view, self.last_view,
            "{}: the replay ends elsewhere",
            self.at
        );
    }
}

/// One game: the hand is played by two people (and bots), watched by one watcher.
async fn one_game(game: &'static str, players: u8, k: u64) {
    let at = format!("{game} {players}p");
    let relay = relay(&["--hand-pause-ms", "600000"]).await;
    let addr = relay.addr;
    let mut a = Client::create(addr, game, players, small(game), RoomOptions::default()).await;
    a.label = format!("{at} A");
    let code = a.code.clone().unwrap();
    let mut b = Client::join(addr, &code, "B").await;
    b.label = format!("{at} B");
    let mut w = Client::watch(addr, &code).await;
    a.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.seats[1].connected))
        .await;
    // Before any hand: nothing to replay.
    refused(&ask(&mut a).await, codes::WRONG_PHASE, &at);
    a.send(&ClientMsg::Start).await;
    a.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    // While the hand is played: refused, to a seat and to the watcher, the room unchanged.
    let before = inspect(addr, &code).await;
    refused(&ask(&mut a).await, codes::HAND_IN_PLAY, &at);
    refused(&ask(&mut w).await, codes::HAND_IN_PLAY, &at);
    let after = inspect(addr, &code).await;
    assert_eq!(before["hash"], after["hash"], "{at}");
    assert_eq!(before["step"], after["step"], "{at}");
    // The hand to its end.
    let over = |c: &Client, _: usize| {
        c.frames
            .last()
            .is_some_and(|f| f["status"] == "hand_over" || f["status"] == "match_over")
    };
    tokio::join!(
        play_until(&mut a, game, k * 2 + 1, over),
        play_until(&mut b, game, k * 2 + 2, over),
    );
    let state = inspect(addr, &code).await;
    let log = &state["log"];
    let seed = log["deal"]["seed"].to_string();
    let hash = state["hash"].as_str().unwrap().to_string();
    let texts = [ask(&mut a).await, ask(&mut b).await, ask(&mut w).await];
    assert_eq!(texts[0], texts[1], "{at}: the seats' replays differ");
    assert_eq!(texts[0], texts[2], "{at}: the watcher's replay differs");
    eprintln!("{at}: the replay is {} bytes", texts[0].len());
    let m: Value = serde_json::from_str(&texts[0]).unwrap();
    assert_eq!(m["type"], "replay", "{at}: {}", texts[0]);
    let record = &m["replay"];
    assert_eq!(secret_key(record), None, "{at}: {record}");
    assert!(!texts[0].contains(&seed), "{at}: the seed in the replay");
    assert!(
        !texts[0].contains(&hash)
            && !texts[0].contains(&u64::from_str_radix(&hash, 16).unwrap().to_string()),
        "{at}: the state hash in the replay"
    );
    // Its steps are the hand's: the log's since its last new hand.
    let steps: Vec<Step<Value>> = serde_json::from_value(log["steps"].clone()).unwrap();
    let start = engine::log::hand_start(&steps);
    assert_eq!(
        record["steps"],
        serde_json::to_value(&steps[start..]).unwrap(),
        "{at}"
    );
    let info = registry::find(game).unwrap();
    registry::with_game(
        info.slug,
        Replays {
            record,
            last_view: &a.frames.last().unwrap()["view"],
            at: &at,
        },
    )
    .unwrap();
    assert_eq!(
        inspect(addr, &code).await["hash"],
        state["hash"],
        "{at}: a replay changed the room"
    );
    // The next hand: refused again.
    if state["phase"] == "playing" {
        a.send(&ClientMsg::Ready).await;
        b.send(&ClientMsg::Ready).await;
        let n = a.frames.len();
        while a.frames.len() == n {
            a.recv().await.expect("open");
        }
        refused(&ask(&mut a).await, codes::HAND_IN_PLAY, &at);
    }
    for c in [a, b, w] {
        c.close().await;
    }
    relay.shutdown();
    relay.wait().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_replays_a_finished_hand_to_its_seats_and_watchers_and_no_hand_in_play() {
    let mut tasks = Vec::new();
    for (k, g) in GAMES.iter().enumerate() {
        tasks.push(tokio::spawn(one_game(g.slug, g.default_players, k as u64)));
    }
    for t in tasks {
        t.await.unwrap();
    }
}
