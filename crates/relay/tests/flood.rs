//! Message floods over real sockets, with the default message budget (20 a second, 60 at
//! once): a client sending as fast as it can and one pacing itself well above the budget
//! are both sent a `flood` error and then a close frame with 1008, in bounded time; a
//! client at the budget is never closed. In every case the room does not change: its step
//! and state hash stay, the other person is sent no frame, and the flooder's seat comes
//! back with the same snapshot.

mod common;

use common::{inspect, relay, Client, WAIT};
use futures_util::{SinkExt, StreamExt};
use protocol::{codes, ClientMsg, Phase, RelayMsg, RoomCode, RoomOptions};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// What a flooding client saw.
#[derive(Debug)]
struct Flood {
    /// Messages it sent.
    sent: usize,
    /// `pong` answers.
    pongs: usize,
    /// `flood` errors.
    floods: usize,
    /// Other messages.
    others: Vec<String>,
    /// The close frame's code, `None` if the socket ended without one (a browser's 1006),
    /// `Some(0)` if it was still open when the client stopped.
    close: Option<u16>,
    /// From the first message to the close (or to the client's stop).
    took: Duration,
    /// After the close frame, the socket ended with a reset rather than cleanly (the
    /// relay dropped it with the client's messages unread: a reset that comes sooner
    /// loses the close frame itself).
    reset: bool,
}

/// How a client sends.
#[derive(Clone, Copy, Debug)]
enum Pace {
    /// As fast as it can.
    Blast,
    /// `burst` messages at once, then `per_sec`.
    Paced { burst: usize, per_sec: f64 },
}

/// Sends `ping` on `c`'s socket at `pace` for at most `span`, reading everything it is
/// sent meanwhile; stops early once the relay closes the socket.
async fn flood(c: Client, pace: Pace, span: Duration) -> Flood {
    let (mut sink, mut stream) = c.into_socket().split();
    let t0 = Instant::now();
    let reader = tokio::spawn(async move {
        let (mut pongs, mut floods, mut others) = (0, 0, Vec::new());
        let close = loop {
            match tokio::time::timeout(WAIT, stream.next()).await {
                Err(_) => panic!("the flooder was sent nothing for {WAIT:?}"),
                Ok(Some(Ok(Message::Text(t)))) => {
                    match serde_json::from_str::<RelayMsg>(t.as_str()) {
                        Ok(RelayMsg::Pong) => pongs += 1,
                        Ok(RelayMsg::Error(e)) if e.error == codes::FLOOD => floods += 1,
                        _ => others.push(t.as_str().to_string()),
                    }
                }
                Ok(Some(Ok(Message::Close(f)))) => {
                    break Some(f.map_or(1005, |f| f.code.into()));
                }
                Ok(Some(Ok(_))) => {}
                // The socket ended without a close frame (a reset): a browser says 1006.
                Ok(Some(Err(_)) | None) => break None,
            }
        };
        let took = t0.elapsed();
        // The rest of the closing handshake: this end answers, the relay ends the socket.
        let mut reset = false;
        if close.is_some() {
            loop {
                match tokio::time::timeout(WAIT, stream.next()).await {
                    Err(_) => panic!("the relay kept the socket open for {WAIT:?}"),
                    Ok(Some(Ok(_))) => {}
                    Ok(Some(Err(e))) => {
                        reset =
                            !matches!(e, tokio_tungstenite::tungstenite::Error::ConnectionClosed);
                        break;
                    }
                    Ok(None) => break,
                }
            }
        }
        (pongs, floods, others, close, took, reset)
    });
    let ping = serde_json::to_string(&ClientMsg::<serde_json::Value>::Ping).unwrap();
    let mut sent = 0usize;
    // Whether the client stopped at the end of the span, the socket still open.
    let mut open = true;
    while t0.elapsed() < span && !reader.is_finished() {
        if let Pace::Paced { burst, per_sec } = pace {
            // Whatever is due by now, then a millisecond's sleep.
            let due = burst + (t0.elapsed().as_secs_f64() * per_sec) as usize;
            if sent >= due {
                tokio::time::sleep(Duration::from_millis(1)).await;
                continue;
            }
        }
        if sink.send(Message::Text(ping.clone().into())).await.is_err() {
            // The relay closed the socket (this end answered its close frame).
            open = false;
            break;
        }
        sent += 1;
    }
    open &= !reader.is_finished();
    let (pongs, floods, others, close, took, reset) = if open {
        // Still open after the whole span: as it should be at the budget. This end closes.
        let _ = sink.send(Message::Close(None)).await;
        let (p, f, o, _, _, _) = reader.await.unwrap();
        (p, f, o, Some(0), t0.elapsed(), false)
    } else {
        reader.await.unwrap()
    };
    Flood {
        sent,
        pongs,
        floods,
        others,
        close,
        took,
        reset,
    }
}

/// A room of two people in a match, waiting for one of them (no bots, no timer: nothing
/// moves on its own); the flooder and the other person.
async fn room(addr: SocketAddr) -> (Client, Client, RoomCode) {
    let (mut a, mut b) =
        Client::start_two(addr, "pasur", 2, Value::Null, RoomOptions::default()).await;
    let code = a.code.clone().unwrap();
    a.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    b.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    b.phase(Phase::Playing).await;
    (b, a, code)
}

/// The room's (step, hash).
async fn state(addr: SocketAddr, code: &RoomCode) -> (Value, Value) {
    let s = inspect(addr, code).await;
    (s["step"].clone(), s["hash"].clone())
}

/// Floods the room's seat 1 at `pace`, `times` times (the seat resumed between them);
/// checks each time that the room did not change, that seat 0 was sent no frame, and that
/// the flooder's seat comes back with the same snapshot; what the flooder saw each time.
async fn flood_a_room(pace: Pace, span: Duration, times: usize) -> Vec<Flood> {
    // The default budget (the tests' relay has a huge one).
    let relay = relay(&["--msgs-per-sec", "20", "--msg-burst", "60"]).await;
    let addr = relay.addr;
    let (mut flooder, mut other, code) = room(addr).await;
    let before = state(addr, &code).await;
    let token = flooder.token.clone().unwrap();
    let seen = flooder.frames.last().unwrap().clone();
    let frames = other.frames.len();
    let mut seen_by_flooder = Vec::new();
    for _ in 0..times {
        let f = flood(flooder, pace, span).await;
        eprintln!("{pace:?}: {f:?}");
        seen_by_flooder.push(f);
        assert_eq!(
            state(addr, &code).await,
            before,
            "the flood changed the room"
        );
        // The other person hears at most that the flooder went away.
        while let Ok(m) = tokio::time::timeout(Duration::from_millis(200), other.recv()).await {
            let m = m.expect("the other person stays connected");
            assert!(matches!(m, RelayMsg::Lobby { .. }), "{m:?}");
        }
        assert_eq!(
            other.frames.len(),
            frames,
            "the other person was sent a frame"
        );
        // The flooder's seat comes back as it was.
        flooder = Client::resume(addr, &code, &token).await;
        let m = flooder.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
        let RelayMsg::Frame { frame } = m else {
            unreachable!()
        };
        assert_eq!(frame["step"], seen["step"]);
        assert_eq!(frame["view"], seen["view"]);
    }
    relay.shutdown();
    relay.wait().await;
    seen_by_flooder
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_sending_as_fast_as_it_can_is_sent_flood_and_closed_with_1008() {
    // Six times: before, the close frame was lost to a reset in about half the floods,
    // and the socket was reset after it in most of the others.
    for f in flood_a_room(Pace::Blast, Duration::from_secs(5), 6).await {
        assert!(f.floods >= 1, "{f:?}");
        assert_eq!(f.close, Some(1008), "{f:?}");
        assert!(!f.reset, "{f:?}");
        assert!(f.took < Duration::from_secs(3), "{f:?}");
        assert!(f.pongs <= 61, "more than the budget was answered: {f:?}");
        assert!(f.others.is_empty(), "{f:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_pacing_itself_at_900_a_second_is_sent_flood_and_closed_with_1008() {
    let pace = Pace::Paced {
        burst: 0,
        per_sec: 900.0,
    };
    let [f] = &flood_a_room(pace, Duration::from_secs(5), 1).await[..] else {
        unreachable!()
    };
    assert!(f.floods >= 1, "{f:?}");
    assert_eq!(f.close, Some(1008), "{f:?}");
    assert!(!f.reset, "{f:?}");
    assert!(f.took < Duration::from_secs(3), "{f:?}");
    assert!(f.others.is_empty(), "{f:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_at_the_budget_is_never_closed() {
    // A burst of 40 at once (within the 60 of the budget), then 15 a second for 3 s.
    let pace = Pace::Paced {
        burst: 40,
        per_sec: 15.0,
    };
    let [f] = &flood_a_room(pace, Duration::from_secs(3), 1).await[..] else {
        unreachable!()
    };
    assert_eq!(f.close, Some(0), "{f:?}");
    assert_eq!(f.floods, 0, "{f:?}");
    assert_eq!(f.pongs, f.sent, "{f:?}");
    assert!(f.others.is_empty(), "{f:?}");
}
