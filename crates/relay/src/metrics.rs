//! The relay's metrics (docs/relay.md, "Logs and metrics"), served at `GET /metrics` in
//! the Prometheus text format: rooms, sockets, watchers, moves, store write latency,
//! messages sent, errors sent by class, rooms taken over from dead instances, quick plays.
//!
//! Every metric is shared by clones (the Prometheus client's metrics are reference
//! counted); a scrape encodes the registry, the rooms gauge read from the rooms' map then.

use crate::store::{LoadedRoom, RoomMeta, Store, StoreFuture};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use protocol::RoomCode;
use serde_json::Value;
use std::sync::Arc;
use std::time::Instant;

/// An error's class: the error code of the protocol (`wrong_phase`, `flood`, …).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ErrorLabels {
    /// The code.
    pub code: String,
}

/// A store write: which one.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct WriteLabels {
    /// `create_room`, `save_room`, `append_step` or `delete_room`.
    pub op: &'static str,
}

/// A quick play's outcome: `joined` (a public table) or `created` (a new one).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct QuickLabels {
    /// `joined` or `created`.
    pub outcome: &'static str,
}

type Latency = Family<WriteLabels, Histogram, fn() -> Histogram>;

fn latency_histogram() -> Histogram {
    // 100 µs to about 3.3 s.
    Histogram::new(exponential_buckets(0.0001, 2.0, 16))
}

/// The relay's metrics.
pub struct Metrics {
    registry: Registry,
    /// Open rooms of this instance (set when scraped).
    pub rooms: Gauge,
    /// Open WebSockets.
    pub sockets: Gauge,
    /// Connections watching a room of this instance (issue 23).
    pub watchers: Gauge,
    /// Moves applied and stored (a seat's action or a turn timer's timeout).
    pub moves: Counter,
    /// Store writes' latency in seconds, by write.
    pub store_write: Latency,
    /// WebSocket messages sent to clients.
    pub frames_sent: Counter,
    /// Errors sent to clients, by code.
    pub errors: Family<ErrorLabels, Counter>,
    /// Rooms taken over from instances whose lease expired.
    pub takeovers: Counter,
    /// Quick plays seated (issue 23), by outcome: a public table joined, or created.
    pub quick_plays: Family<QuickLabels, Counter>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric at zero, registered under the `relay_` prefix.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("relay");
        let m = Metrics {
            rooms: Gauge::default(),
            sockets: Gauge::default(),
            watchers: Gauge::default(),
            moves: Counter::default(),
            store_write: Family::new_with_constructor(latency_histogram),
            frames_sent: Counter::default(),
            errors: Family::default(),
            takeovers: Counter::default(),
            quick_plays: Family::default(),
            registry: Registry::default(),
        };
        registry.register("rooms", "Open rooms of this instance", m.rooms.clone());
        registry.register("sockets", "Open WebSockets", m.sockets.clone());
        registry.register(
            "watchers",
            "Connections watching a room of this instance",
            m.watchers.clone(),
        );
        registry.register(
            "moves",
            "Moves applied and stored (actions and turn-timer timeouts)",
            m.moves.clone(),
        );
        registry.register(
            "store_write_seconds",
            "Latency of the store's writes, by write",
            m.store_write.clone(),
        );
        registry.register(
            "frames_sent",
            "WebSocket messages sent to clients",
            m.frames_sent.clone(),
        );
        registry.register(
            "errors",
            "Errors sent to clients, by the protocol's error code",
            m.errors.clone(),
        );
        registry.register(
            "rooms_taken_over",
            "Rooms taken over after their lease expired (an instance stopped or died)",
            m.takeovers.clone(),
        );
        registry.register(
            "quick_plays",
            "Quick plays seated, by outcome: a public table joined, or a new one created",
            m.quick_plays.clone(),
        );
        Metrics { registry, ..m }
    }

    /// Counts an error sent to a client.
    pub fn error(&self, code: &str) {
        self.errors
            .get_or_create(&ErrorLabels {
                code: code.to_string(),
            })
            .inc();
    }

    /// Counts a quick play seated: `joined` or `created`.
    pub fn quick_play(&self, outcome: &'static str) {
        self.quick_plays
            .get_or_create(&QuickLabels { outcome })
            .inc();
    }

    /// The metrics in the Prometheus text format, with `rooms` open rooms.
    pub fn encode(&self, rooms: usize) -> String {
        self.rooms.set(rooms as i64);
        let mut out = String::new();
        // Writing to a String does not fail.
        let _ = prometheus_client::encoding::prometheus_text::encode(&mut out, &self.registry);
        out
    }
}

/// The `Content-Type` of [`Metrics::encode`].
pub const CONTENT_TYPE: &str = prometheus_client::encoding::prometheus_text::CONTENT_TYPE;

/// An open WebSocket, counted until dropped.
pub struct SocketGuard(Gauge);

impl SocketGuard {
    /// Counts one more socket.
    pub fn new(m: &Metrics) -> SocketGuard {
        m.sockets.inc();
        SocketGuard(m.sockets.clone())
    }
}

impl Drop for SocketGuard {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// A watcher of a room, counted in [`Metrics::watchers`] until dropped (its room let it go,
/// or the room's task ended).
#[derive(Debug)]
pub struct WatcherGuard(Gauge);

impl WatcherGuard {
    /// Counts one more watcher.
    pub fn new(m: &Metrics) -> WatcherGuard {
        m.watchers.inc();
        WatcherGuard(m.watchers.clone())
    }
}

impl Drop for WatcherGuard {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// A store whose writes are timed into [`Metrics::store_write`].
pub struct Timed {
    inner: Arc<dyn Store>,
    latency: Latency,
}

impl Timed {
    /// Times `inner`'s writes.
    pub fn new(inner: Arc<dyn Store>, m: &Metrics) -> Timed {
        Timed {
            inner,
            latency: m.store_write.clone(),
        }
    }

    fn time<'a, T: Send + 'a>(
        &'a self,
        op: &'static str,
        write: StoreFuture<'a, T>,
    ) -> StoreFuture<'a, T> {
        Box::pin(async move {
            let t0 = Instant::now();
            let r = write.await;
            self.latency
                .get_or_create(&WriteLabels { op })
                .observe(t0.elapsed().as_secs_f64());
            r
        })
    }
}

impl Store for Timed {
    fn create_room<'a>(&'a self, code: &'a RoomCode, meta: &'a RoomMeta) -> StoreFuture<'a, bool> {
        self.time("create_room", self.inner.create_room(code, meta))
    }

    fn save_room<'a>(
        &'a self,
        code: &'a RoomCode,
        meta: &'a RoomMeta,
        new_match: Option<(u32, &'a Value)>,
    ) -> StoreFuture<'a, ()> {
        self.time("save_room", self.inner.save_room(code, meta, new_match))
    }

    fn append_step<'a>(
        &'a self,
        code: &'a RoomCode,
        match_no: u32,
        step_no: u32,
        step: &'a Value,
        hash: u64,
    ) -> StoreFuture<'a, ()> {
        self.time(
            "append_step",
            self.inner.append_step(code, match_no, step_no, step, hash),
        )
    }

    fn delete_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, ()> {
        self.time("delete_room", self.inner.delete_room(code))
    }

    fn load_rooms(&self) -> StoreFuture<'_, Vec<LoadedRoom>> {
        self.inner.load_rooms()
    }

    fn load_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, Option<LoadedRoom>> {
        self.inner.load_room(code)
    }

    fn public_rooms<'a>(
        &'a self,
        game: Option<&'a str>,
    ) -> StoreFuture<'a, Vec<(RoomCode, RoomMeta)>> {
        self.inner.public_rooms(game)
    }
}
