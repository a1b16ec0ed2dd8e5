//! A load generator for the relay: many 4-seat Hokm rooms, every seat a person client over
//! loopback WebSockets (the game's rule bot as its brain, acting after a think time), for a
//! set time; finished matches are rematched. Reports rooms, sockets, actions per second,
//! the round trip from sending a move to receiving its frame (p50, p99, max), errors, and
//! the process's CPU time and memory (relay and load generator together, in one process).
//! With `--watchers N` each room is also watched by N connections (issue 23), and with
//! `--react-secs S` each person sends a reaction every S seconds on average (a random preset,
//! at a random time within ±50%); watchers and reactions are counted apart.
//!
//! ```sh
//! cargo run --release -p relay --example load -- --rooms 500 --think-ms 1000 --secs 30
//! cargo run --release -p relay --example load -- --database /tmp/load.sqlite --sync normal
//! cargo run --release -p relay --example load -- --rooms 2000 --watchers 2 --react-secs 30
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
    /// Connections watching each room (issue 23).
    #[arg(long, default_value_t = 0)]
    watchers: usize,
    /// Each person's mean time between two reactions, in seconds (0: none).
    #[arg(long, default_value_t = 0)]
    react_secs: u64,
}

#[derive(Default)]
struct Stats {
    rtts: Vec<Duration>,
    errors: usize,
    frames: usize,
    /// Reactions sent by people; reactions heard by people and by watchers.
    reactions_sent: usize,
    reactions_heard: usize,
    /// Frames heard by watchers, and what watchers were refused.
    watcher_frames: usize,
    watcher_errors: usize,
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

/// A random time around `mean` (±50%), or never for a zero mean.
fn around(mean: Duration) -> Option<Duration> {
    (!mean.is_zero()).then(|| mean / 2 + mean.mul_f64((rand_seed() % 1000) as f64 / 1000.0))
}

/// One person: plays its seat until `until`, measuring each move's round trip, and reacts
/// every `react` on average (never for zero).
async fn person(
    mut ws: Ws,
    creator: bool,
    (think, react): (Duration, Duration),
    (from, until): (Instant, Instant),
    stats: Arc<Mutex<Stats>>,
) {
    let mut brain = brain::rule_brain("hokm", rand_seed());
    let mut pending: Option<(u64, Instant)> = None;
    let mut rtts = Vec::new();
    let (mut errors, mut frames, mut sent, mut heard) = (0, 0, 0, 0);
    let mut next_reaction = around(react).map(|d| Instant::now() + d);
    while Instant::now() < until {
        if let Some(at) = next_reaction.filter(|&at| at <= Instant::now()) {
            let presets = protocol::REACTIONS;
            let reaction = presets[rand_seed() as usize % presets.len()].to_string();
            send(&mut ws, &ClientMsg::React { reaction }).await;
            sent += 1;
            next_reaction = around(react).map(|d| at + d);
        }
        let wait = next_reaction.map_or(Duration::from_secs(5), |at| {
            at.saturating_duration_since(Instant::now())
                .min(Duration::from_secs(5))
        });
        let Ok(Some(msg)) = tokio::time::timeout(wait, next(&mut ws)).await else {
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
            RelayMsg::Reaction { .. } => heard += 1,
            _ => {}
        }
    }
    let _ = ws.close(None).await;
    let mut s = stats.lock().unwrap();
    s.rtts.extend(rtts);
    s.errors += errors;
    s.frames += frames;
    s.reactions_sent += sent;
    s.reactions_heard += heard;
}

/// One watcher of room `code` until `until`: counts its frames, reactions and errors.
async fn watcher(mut ws: Ws, code: RoomCode, until: Instant, stats: Arc<Mutex<Stats>>) {
    send(
        &mut ws,
        &ClientMsg::Watch {
            version: RELAY_VERSION,
            frames: registry::PROTOCOL_VERSION,
            code,
        },
    )
    .await;
    let (mut frames, mut heard, mut errors) = (0, 0, 0);
    while Instant::now() < until {
        let wait = until.saturating_duration_since(Instant::now());
        let Ok(Some(msg)) = tokio::time::timeout(wait, next(&mut ws)).await else {
            continue;
        };
        match msg {
            RelayMsg::Frame { .. } => frames += 1,
            RelayMsg::Reaction { .. } => heard += 1,
            RelayMsg::Error(_) => errors += 1,
            _ => {}
        }
    }
    let _ = ws.close(None).await;
    let mut s = stats.lock().unwrap();
    s.watcher_frames += frames;
    s.reactions_heard += heard;
    s.watcher_errors += errors;
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
        let mut room = (code.clone(), vec![a], Vec::new());
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
            room.1.push(c);
        }
        for w in 0..args.watchers {
            room.2.push(connect(addr(r, w)).await);
        }
        seated.push(room);
    }
    let (cpu0, _) = usage();
    let t0 = Instant::now();
    let until = t0 + Duration::from_secs(args.secs);
    let mut tasks = Vec::new();
    let react = Duration::from_secs(args.react_secs);
    for (code, room, watchers) in seated {
        for ws in watchers {
            tasks.push(tokio::spawn(watcher(
                ws,
                code.clone(),
                until,
                stats.clone(),
            )));
        }
        for (i, mut ws) in room.into_iter().enumerate() {
            if i == 0 {
                send(&mut ws, &ClientMsg::Start).await;
            }
            tasks.push(tokio::spawn(person(
                ws,
                i == 0,
                (think, react),
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
    if args.watchers > 0 || args.react_secs > 0 {
        println!(
            "watchers {} (frames {}, refused {}) | reactions sent {} ({:.0}/s), heard {} ({:.0}/s)",
            args.rooms * args.watchers,
            s.watcher_frames,
            s.watcher_errors,
            s.reactions_sent,
            s.reactions_sent as f64 / secs,
            s.reactions_heard,
            s.reactions_heard as f64 / secs
        );
    }
    if let Some(relay) = relay {
        relay.shutdown();
        relay.wait().await;
    }
}
