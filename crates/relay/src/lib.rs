//! The online relay (docs/relay.md): rooms of any game of the registry over WebSockets.
//!
//! - One task per room ([`room::Actor`]) owns its match (the registry's `Box<dyn Room>`, which
//!   also holds the typed rule bots of its bot seats) and its seats; connections ([`conn`])
//!   reach it through its [`room::RoomHandle`] (a bounded queue). The [`room`] module's parts:
//!   the handle, seats and lobby, scheduling (bots, turn timers, next hand, cleanup), the
//!   match, and storage.
//! - The open rooms of this instance by their codes ([`rooms`]): only there is the map locked.
//! - Server-authoritative: the deal's seed comes from the OS ([`secret`]) and never leaves
//!   the relay; every move is checked by the registry's room with its step number; every
//!   frame a seat gets is the registry's frame for that seat.
//! - Durable: every step is stored ([`store`]) before it is acknowledged or broadcast; at
//!   start every open room is rebuilt by replaying its log and checked against the state
//!   hash stored with its last step.
//! - Several instances on one PostgreSQL database ([`pg`], [`cluster`]): each room runs on
//!   the instance that holds its lease; a socket for another instance's room is passed on
//!   to it.
//! - Limits ([`limits`], [`Config`]): message size and budget per connection, rooms per
//!   address, rooms in all, idle and finished rooms cleaned up.
//! - Behind a reverse proxy ([`proxy`]): the address a client's rooms are counted under is
//!   read from `X-Forwarded-For` only when the socket comes from a `--trusted-proxy`.
//! - Logs through `tracing` (a span per connection and per room; never a token, a card, a
//!   seed or a state hash) and, with `--metrics`, `GET /metrics` in the Prometheus text
//!   format ([`metrics`]).
//! - Public tables ([`public`], issue 23): `GET /tables` lists them from the store; quick
//!   play joins the fullest or opens one; a public table's bots fill its empty seats at its
//!   fill time.
//! - The built site (`--static`, [`assets`]): precompressed copies by `Accept-Encoding`,
//!   cache headers and ETags.
//!
//! The wire is the `protocol` crate's messages; the game frames inside are the registry's
//! (docs/protocol.md).

pub mod assets;
pub mod cluster;
pub mod conn;
pub mod limits;
pub mod metrics;
pub mod pg;
pub mod proxy;
pub mod public;
pub mod room;
pub mod rooms;
pub mod secret;
pub mod store;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use protocol::RoomCode;
use rooms::Rooms;
use serde_json::json;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use store::{MemoryStore, SqliteStore, Store};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// How the SQLite store syncs a step to disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sync {
    /// `synchronous=FULL`: a step survives a power cut once acknowledged.
    Full,
    /// `synchronous=NORMAL`: a step survives the relay's crash, not the machine's.
    Normal,
}

/// How log lines are written to stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line of text per event, its spans' fields before the message.
    Text,
    /// One JSON object per line (`timestamp`, `level`, `fields`, `spans`, …).
    Json,
}

/// The relay's flags (docs/relay.md).
#[derive(Clone, Debug, clap::Parser)]
#[command(
    name = "relay",
    about = "The online relay: rooms of the card games over WebSockets"
)]
pub struct Config {
    /// Address to listen on (port 0: any free port; the relay prints the one it got).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Serves the built site (the web app's dist/) from this folder at `/`.
    #[arg(long = "static", value_name = "DIR")]
    pub static_dir: Option<PathBuf>,
    /// Where rooms are stored: a SQLite file, `memory` to keep nothing across restarts, or
    /// a PostgreSQL URL (`postgres://user@host/db`) that several instances share.
    #[arg(long, default_value = "relay.sqlite")]
    pub database: String,
    /// With PostgreSQL: a PEM file of the certificates the server's must chain to; TLS is
    /// then required (also with `?sslmode=require` in the URL, verified against the system's
    /// certificates without this file). docs/deploy.md.
    #[arg(long, value_name = "FILE")]
    pub database_ca: Option<PathBuf>,
    /// With PostgreSQL: the address other instances reach this one at (`host:port`);
    /// by default the address it listens on (127.0.0.1 if that is 0.0.0.0).
    #[arg(long)]
    pub advertise: Option<String>,
    /// With PostgreSQL: how long a room's lease lasts unrenewed, in milliseconds (renewed
    /// every third of it): the longest an instance's rooms wait for another instance
    /// after it dies.
    #[arg(long, default_value_t = 10_000)]
    pub lease_ms: u64,
    /// How SQLite (or PostgreSQL: `synchronous_commit`) syncs each step.
    #[arg(long, value_enum, default_value_t = Sync::Full)]
    pub sync: Sync,
    /// Largest message a client may send, in bytes; up to 4 times this is refused with
    /// `too_large`, above that the socket is closed.
    #[arg(long, default_value_t = 16 * 1024)]
    pub max_message: usize,
    /// A connection's message budget: messages per second, sustained.
    #[arg(long, default_value_t = 20.0)]
    pub msgs_per_sec: f64,
    /// A connection's message budget: messages at once.
    #[arg(long, default_value_t = 60)]
    pub msg_burst: u32,
    /// Rooms one address may create per quota window.
    #[arg(long, default_value_t = 20)]
    pub rooms_per_ip: u32,
    /// The room-creation quota's window, in seconds.
    #[arg(long, default_value_t = 600)]
    pub quota_window_secs: u64,
    /// A reverse proxy whose `X-Forwarded-For` names the client (the address the
    /// rooms-per-address quota counts): an IP address or a network (`10.0.0.0/8`); repeat
    /// the flag or separate them by commas. The right-most address of the header that is
    /// not a trusted proxy is the client's; from any other peer the header is ignored.
    #[arg(long, value_name = "IP[/BITS]", value_delimiter = ',')]
    pub trusted_proxy: Vec<proxy::TrustedProxy>,
    /// Rooms the relay holds at most.
    #[arg(long, default_value_t = 20_000)]
    pub max_rooms: usize,
    /// A bot's think time before it acts, in milliseconds.
    #[arg(long, default_value_t = 700)]
    pub bot_think_ms: u64,
    /// The pause after a hand before the next is dealt, unless every connected person is
    /// ready sooner, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub hand_pause_ms: u64,
    /// A room nobody has sent anything to for this long is closed and forgotten (seconds).
    #[arg(long, default_value_t = 2 * 3600)]
    pub idle_secs: u64,
    /// A finished match's room is closed and forgotten this long after its end unless a
    /// rematch starts (seconds).
    #[arg(long, default_value_t = 30 * 60)]
    pub finished_secs: u64,
    /// The length of one second of a room's options (grace period, turn timer) in
    /// milliseconds; tests shorten it.
    #[arg(long, default_value_t = 1000, hide = true)]
    pub second_ms: u64,
    /// Log lines on stderr as text or JSON; which ones: `RUST_LOG` (`info` by default,
    /// e.g. `RUST_LOG=relay=debug`).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Serves `GET /metrics` (Prometheus text format: docs/relay.md) on the relay's own
    /// address; keep it from the public at the reverse proxy (docs/deploy.md).
    #[arg(long)]
    pub metrics: bool,
    /// Serves `/admin/rooms/{code}` (match, step and state hash of a room) for tests. Never
    /// on in production: the state hash must not reach players.
    #[arg(long, hide = true)]
    pub admin: bool,
}

/// What every task of the relay shares.
pub struct Shared {
    /// The flags.
    pub cfg: Config,
    /// The durable store.
    pub store: Arc<dyn Store>,
    /// The same store when it is PostgreSQL, shared with other instances: room leases.
    pub cluster: Option<Arc<pg::PgStore>>,
    /// Every open room by its code.
    pub rooms: Rooms,
    /// Rooms created per address.
    pub quota: Mutex<limits::Quota>,
    /// Cancelled on SIGTERM: every connection and room stops.
    pub shutdown: CancellationToken,
    /// Every room and connection task, to wait for on shutdown.
    pub tracker: TaskTracker,
    /// The next connection's number.
    pub next_conn: AtomicU64,
    /// What `/metrics` serves.
    pub metrics: metrics::Metrics,
    /// The listing of public tables, as last read from the store.
    pub tables: public::Cache,
}

/// A running relay.
pub struct Relay {
    /// The address it listens on.
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    server: tokio::task::JoinHandle<()>,
}

impl Relay {
    /// Starts shutting down: no new connections, every socket closed with 1012 (restart).
    pub fn shutdown(&self) {
        self.shared.shutdown.cancel();
    }

    /// Open rooms.
    pub fn rooms(&self) -> usize {
        self.shared.rooms.count()
    }

    /// Waits until the server and every room and connection task have stopped (at most
    /// ten seconds after [`Relay::shutdown`]).
    pub async fn wait(self) {
        let _ = self.server.await;
        self.shared.tracker.close();
        let _ = tokio::time::timeout(Duration::from_secs(10), self.shared.tracker.wait()).await;
        // Other instances take this one's rooms at once rather than after their leases.
        if let Some(pg) = &self.shared.cluster {
            if let Err(e) = pg.release_all().await {
                tracing::warn!("releasing leases: {e}");
            }
        }
    }
}

/// Opens the store, reloads its open rooms, binds the address and serves.
pub async fn start(cfg: Config) -> Result<Relay, String> {
    let listener = tokio::net::TcpListener::bind(cfg.listen)
        .await
        .map_err(|e| format!("{}: {e}", cfg.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let mut cluster = None;
    let store: Arc<dyn Store> = if cfg.database == "memory" {
        Arc::new(MemoryStore::default())
    } else if cfg.database.starts_with("postgres://") || cfg.database.starts_with("postgresql://") {
        let advertise = cfg.advertise.clone().unwrap_or_else(|| {
            let mut a = addr;
            if a.ip().is_unspecified() {
                a.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
            }
            a.to_string()
        });
        let pg = Arc::new(
            pg::PgStore::open_tls(
                &cfg.database,
                cfg.database_ca.as_deref(),
                advertise,
                Duration::from_millis(cfg.lease_ms.max(300)),
                cfg.sync == Sync::Full,
            )
            .await
            .map_err(|e| e.to_string())?,
        );
        cluster = Some(pg.clone());
        pg
    } else {
        Arc::new(
            SqliteStore::open(std::path::Path::new(&cfg.database), cfg.sync == Sync::Full)
                .map_err(|e| format!("{}: {e}", cfg.database))?,
        )
    };
    serve(cfg, listener, addr, store, cluster).await
}

/// [`start`] with a store the caller made (`cfg.database` is not read): for tests that
/// need a store of their own, such as one that fails on purpose.
pub async fn start_with_store(cfg: Config, store: Arc<dyn Store>) -> Result<Relay, String> {
    let listener = tokio::net::TcpListener::bind(cfg.listen)
        .await
        .map_err(|e| format!("{}: {e}", cfg.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    serve(cfg, listener, addr, store, None).await
}

/// Reloads the store's open rooms and serves on `listener`.
async fn serve(
    cfg: Config,
    listener: tokio::net::TcpListener,
    addr: SocketAddr,
    store: Arc<dyn Store>,
    cluster: Option<Arc<pg::PgStore>>,
) -> Result<Relay, String> {
    let metrics = metrics::Metrics::new();
    let store: Arc<dyn Store> = Arc::new(metrics::Timed::new(store, &metrics));
    let shared = Arc::new(Shared {
        metrics,
        cluster,
        quota: Mutex::new(limits::Quota::new(
            cfg.rooms_per_ip,
            Duration::from_secs(cfg.quota_window_secs),
        )),
        cfg,
        store,
        rooms: Rooms::new(),
        shutdown: CancellationToken::new(),
        tracker: TaskTracker::new(),
        next_conn: AtomicU64::new(1),
        tables: public::Cache::default(),
    });
    reload(&shared).await?;
    let app = router(shared.clone());
    let stop = shared.shutdown.clone();
    let server = tokio::spawn(async move {
        let serve = axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(stop.cancelled_owned());
        if let Err(e) = serve.await {
            tracing::error!("serving: {e}");
        }
    });
    Ok(Relay {
        addr,
        shared,
        server,
    })
}

/// Rebuilds every stored room (with PostgreSQL: every room whose lease has expired, and
/// from then on keeps the leases); a room whose log does not replay to its stored state
/// hash is left in the store and not served (the relay says which).
async fn reload(shared: &Arc<Shared>) -> Result<(), String> {
    if shared.cluster.is_some() {
        cluster::claim(shared).await?;
        shared.tracker.spawn(cluster::renew(shared.clone()));
        return Ok(());
    }
    let loaded = shared.store.load_rooms().await.map_err(|e| e.to_string())?;
    for l in loaded {
        let code = l.code.clone();
        let (handle, inbox) = room::channel();
        match room::Actor::from_store(shared.clone(), l, inbox) {
            Ok(actor) => {
                shared.rooms.insert(code, handle);
                shared.tracker.spawn(actor.run());
            }
            Err(e) => tracing::error!(room = %code, "not reloaded: {e}"),
        }
    }
    Ok(())
}

fn router(shared: Arc<Shared>) -> Router {
    let mut r = Router::new()
        .route("/ws", get(ws))
        .route("/health", get(health))
        .route("/tables", get(public::tables));
    if shared.cfg.metrics {
        r = r.route("/metrics", get(metrics_text));
    }
    if shared.cfg.admin {
        r = r.route("/admin/rooms/{code}", get(admin_room));
    }
    if let Some(dir) = &shared.cfg.static_dir {
        r = r.fallback_service(assets::router(dir));
    }
    r.with_state(shared)
}

async fn ws(
    upgrade: WebSocketUpgrade,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    State(shared): State<Arc<Shared>>,
) -> Response {
    let hop = headers.contains_key(cluster::HOP);
    // The client's address: the peer's, or the one a trusted proxy names.
    let ip = proxy::client_ip(addr.ip(), &headers, &shared.cfg.trusted_proxy);
    if shared.shutdown.is_cancelled() {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    let hard = shared.cfg.max_message.saturating_mul(4);
    let tracker = shared.tracker.clone();
    // Small buffers (tungstenite's default is 128 KiB each way per socket): a frame is a
    // few KiB, and thousands of sockets are held.
    upgrade
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(hard)
        .max_frame_size(hard)
        .on_upgrade(move |socket| tracker.track_future(conn::run(socket, ip, shared, hop)))
}

async fn health(State(shared): State<Arc<Shared>>) -> Json<serde_json::Value> {
    let rooms = shared.rooms.count();
    Json(json!({"ok": true, "rooms": rooms}))
}

async fn metrics_text(State(shared): State<Arc<Shared>>) -> Response {
    let text = shared.metrics.encode(shared.rooms.count());
    (
        [(axum::http::header::CONTENT_TYPE, metrics::CONTENT_TYPE)],
        text,
    )
        .into_response()
}

async fn admin_room(Path(code): Path<String>, State(shared): State<Arc<Shared>>) -> Response {
    let handle = shared.rooms.get(&RoomCode(code));
    let Some(h) = handle else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match h.inspect().await {
        Some(v) => Json(v).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
