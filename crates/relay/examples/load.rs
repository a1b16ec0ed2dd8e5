//! A load generator for the relay: many 4-seat Hokm rooms, every seat a person client over
//! loopback WebSockets (the game's rule bot as its brain, acting after a think time), for a
//! set time; finished matches are rematched. Reports rooms, sockets, actions per second,
//! the round trip from sending a move to receiving its frame (p50, p99, max), errors, and
//! the process's CPU time and memory (relay and load generator together, in one process).
//!
//! ```sh
//! cargo run --release -p relay --example load -- --rooms 500 --think-ms 1000 --secs 30
//! cargo run --release -p relay --example load -- --database /tmp/load.sqlite --sync normal
//! # Relays already running, e.g. two instances sharing PostgreSQL: each room's seats
//! # connect to them in turn (seat i of room r to address (r + i) mod n).
//! cargo run --release -p relay --example load -- --addr 127.0.0.1:18080,127.0.0.1:18081
//! ```

#[path = "../tests/common/brain.rs"]
mod brain;

use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMsg, Phase, RelayMsg, RoomCode, RoomOptions, RELAY_VERSION};
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

#[derive(clap::Parser)]
struct Args {
    /// Rooms of four people.
    #[arg(long, default_value_t = 200)]
    rooms: usize,
    /// A person's think time before each move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// How long to run, in seconds, once every room is seated.
    #[arg(long, default_value_t = 20)]
    secs: u64,
    /// Round trips in the first seconds (every room starting at once) are not counted.
    #[arg(long, default_value_t = 5)]
    warmup: u64,
    /// The relay's store: `memory`, a SQLite file or a PostgreSQL URL.
    #[arg(long, default_value = "memory")]
    database: String,
    /// SQLite's sync: full or normal.
    #[arg(long, default_value = "full")]
    sync: String,
    /// Relays already running (started with `--bot-think-ms 0 --hand-pause-ms 0` and
    /// quotas above the rooms asked for) instead of one in this process, comma-separated:
    /// seat i of room r connects to address (r + i) mod n. The CPU and memory reported
    /// are then the load generator's alone.
    #[arg(long, value_delimiter = ',')]
    addr: Vec<SocketAddr>,
}

#[derive(Default)]
struct Stats {
    rtts: Vec<Duration>,
    errors: usize,
    frames: usize,
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(addr: SocketAddr) -> Ws {
    // Small client buffers, so that the process's memory is mostly the relay's.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024);
    tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), Some(config), false)
        .await
        .expect("connect")
        .0
}

async fn send(ws: &mut Ws, msg: &ClientMsg) {
    let text = serde_json::to_string(msg).unwrap();
    let _ = ws.send(Message::Text(text.into())).await;
}

async fn next(ws: &mut Ws) -> Option<RelayMsg> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => return serde_json::from_str(t.as_str()).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => continue,
        }
    }
}

/// One person: plays its seat until `until`, measuring each move's round trip.
async fn person(
    mut ws: Ws,
    creator: bool,
    think: Duration,
    (from, until): (Instant, Instant),
    stats: Arc<Mutex<Stats>>,
) {
    let mut brain = brain::rule_brain("hokm", rand_seed());
    let mut pending: Option<(u64, Instant)> = None;
    let mut rtts = Vec::new();
    let (mut errors, mut frames) = (0, 0);
    while Instant::now() < until {
        let Ok(Some(msg)) = tokio::time::timeout(Duration::from_secs(5), next(&mut ws)).await
        else {
            continue;
        };
        match msg {
            RelayMsg::Frame { frame } => {
                frames += 1;
                brain.observe(&frame);
                let step = frame["step"].as_u64().unwrap_or(0);
                if let Some((s, t0)) = pending {
                    if step > s {
                        if t0 >= from {
                            rtts.push(t0.elapsed());
                        }
                        pending = None;
                    }
                }
                if let Some(action) = brain.choose(&frame) {
                    tokio::time::sleep(think).await;
                    pending = Some((step, Instant::now()));
                    send(
                        &mut ws,
                        &ClientMsg::Move {
                            step: step as u32,
                            action,
                        },
                    )
                    .await;
                }
            }
            RelayMsg::Error(e) if e.error != "stale_step" => errors += 1,
            RelayMsg::Lobby { lobby } if creator && lobby.phase == Phase::Finished => {
                send(&mut ws, &ClientMsg::Rematch).await;
            }
            _ => {}
        }
    }
    let _ = ws.close(None).await;
    let mut s = stats.lock().unwrap();
    s.rtts.extend(rtts);
    s.errors += errors;
    s.frames += frames;
}

fn rand_seed() -> u64 {
    relay::secret::seed()
}

/// CPU seconds (user + system) and resident memory (MiB) of this process.
fn usage() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let cpu = (ticks(11) + ticks(12)) / 100.0;
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let rss = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .unwrap_or(0.0)
        / 1024.0;
    (cpu, rss)
}

#[tokio::main]
async fn main() {
    let args = <Args as clap::Parser>::parse();
    let cfg = <relay::Config as clap::Parser>::parse_from([
        "relay",
        "--listen",
        "127.0.0.1:0",
        "--database",
        &args.database,
        "--sync",
        &args.sync,
        "--bot-think-ms",
        "0",
        "--hand-pause-ms",
        "0",
        "--rooms-per-ip",
        "1000000",
        "--max-rooms",
        "1000000",
    ]);
    let relay = if args.addr.is_empty() {
        Some(relay::start(cfg).await.expect("the relay starts"))
    } else {
        None
    };
    let addrs: Vec<SocketAddr> = match &relay {
        Some(r) => vec![r.addr],
        None => args.addr.clone(),
    };
    let addr = |r: usize, seat: usize| addrs[(r + seat) % addrs.len()];
    let think = Duration::from_millis(args.think_ms);
    let stats = Arc::new(Mutex::new(Stats::default()));
    // Open every room and seat its four people first.
    let mut seated = Vec::new();
    for r in 0..args.rooms {
        let mut a = connect(addr(r, 0)).await;
        send(
            &mut a,
            &ClientMsg::Create {
                version: RELAY_VERSION,
                frames: registry::PROTOCOL_VERSION,
                game: "hokm".into(),
                players: 4,
                settings: Value::Null,
                options: RoomOptions::default(),
                name: "A".into(),
            },
        )
        .await;
        let code: RoomCode = loop {
            if let Some(RelayMsg::Welcome { code, .. }) = next(&mut a).await {
                break code;
            }
        };
        let mut room = vec![a];
        for (i, name) in ["B", "C", "D"].into_iter().enumerate() {
            let mut c = connect(addr(r, i + 1)).await;
            send(
                &mut c,
                &ClientMsg::Join {
                    version: RELAY_VERSION,
                    frames: registry::PROTOCOL_VERSION,
                    code: code.clone(),
                    name: name.into(),
                },
            )
            .await;
            while !matches!(next(&mut c).await, Some(RelayMsg::Welcome { .. })) {}
            room.push(c);
        }
        seated.push(room);
    }
    let (cpu0, _) = usage();
    let t0 = Instant::now();
    let until = t0 + Duration::from_secs(args.secs);
    let mut tasks = Vec::new();
    for room in seated {
        for (i, mut ws) in room.into_iter().enumerate() {
            if i == 0 {
                send(&mut ws, &ClientMsg::Start).await;
            }
            tasks.push(tokio::spawn(person(
                ws,
                i == 0,
                think,
                (t0 + Duration::from_secs(args.warmup), until),
                stats.clone(),
            )));
        }
    }
    for t in tasks {
        let _ = t.await;
    }
    let secs = t0.elapsed().as_secs_f64();
    let measured = secs - args.warmup as f64;
    let (cpu1, rss) = usage();
    let mut s = std::mem::take(&mut *stats.lock().unwrap());
    s.rtts.sort();
    let q = |p: f64| {
        s.rtts
            .get(((s.rtts.len() as f64 * p) as usize).min(s.rtts.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let steps: u64 = s.frames as u64 / 4;
    println!(
        "rooms {} sockets {} secs {:.1} | person moves after warm-up {} ({:.0}/s), steps ~{} ({:.0}/s) | \
         rtt ms p50 {:.2} p99 {:.2} max {:.2} | errors {} | cpu {:.1} s ({:.0}% of one core) rss {:.0} MiB",
        args.rooms,
        args.rooms * 4,
        secs,
        s.rtts.len(),
        s.rtts.len() as f64 / measured,
        steps,
        steps as f64 / secs,
        q(0.5),
        q(0.99),
        s.rtts.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
        s.errors,
        cpu1 - cpu0,
        (cpu1 - cpu0) / secs * 100.0,
        rss
    );
    if let Some(relay) = relay {
        relay.shutdown();
        relay.wait().await;
    }
}
