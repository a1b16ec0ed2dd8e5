//! Several instances on one PostgreSQL database (docs/scaling.md): each room runs on the
//! one instance that holds its lease; an instance that gets a socket for a room another
//! instance runs passes the socket on to it (an internal WebSocket to the owner's
//! address: the owner's room task stays the only path out to every seat, and the frames
//! of one seat travel only on that seat's own socket). Rooms whose owner stopped are taken
//! over when their lease expires, loaded from the database by replay and checked against
//! the stored state hash, exactly as at start.
//!
//! With SQLite or memory there is one instance: only [`adopt`] and [`reload`] apply.

use crate::room::{self, Actor, RoomHandle};
use crate::Shared;
use protocol::{codes, ErrorBody, RoomCode};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The header an instance sets on a socket it passes on: the receiving instance never
/// passes it on again (no loops between instances).
pub const HOP: &str = "x-cards-relay-hop";

/// Rooms taken at once when their leases have expired.
const CLAIM: i64 = 500;

/// A socket to the instance that owns a room.
pub type Upstream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Where a room is served from for a socket.
pub enum Route {
    /// In this instance.
    Local(RoomHandle),
    /// In another instance, through this socket to it.
    Remote(Box<Upstream>),
}

/// Runs a stored room in this instance (the caller owns it): loaded by replay, checked
/// against its stored state hash, its task started. `Ok(None)`: no such room.
pub async fn adopt(shared: &Arc<Shared>, code: &RoomCode) -> Result<Option<RoomHandle>, String> {
    if let Some(h) = shared.rooms.get(code) {
        return Ok(Some(h));
    }
    let Some(loaded) = shared
        .store
        .load_room(code)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Ok(None);
    };
    let (handle, inbox) = room::channel();
    let actor = Actor::from_store(shared.clone(), loaded, inbox)?;
    if let Err(h) = shared.rooms.claim(code, &handle) {
        return Ok(Some(h));
    }
    shared.tracker.spawn(actor.run());
    Ok(Some(handle))
}

/// A room that left this instance is loaded again from the store if this instance may
/// run it (always with one instance; with several, if its lease is still or again ours).
/// Boxed: a room's task ends with it, and it starts a room's task.
pub fn reload(
    shared: Arc<Shared>,
    code: RoomCode,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>> {
    Box::pin(async move { reload_now(&shared, &code).await })
}

async fn reload_now(shared: &Arc<Shared>, code: &RoomCode) {
    if shared.shutdown.is_cancelled() {
        return;
    }
    if let Some(pg) = &shared.cluster {
        match pg.take(code).await {
            Ok(true) => {}
            Ok(false) => return, // another instance runs it
            Err(e) => {
                tracing::error!(room = %code, "taking its lease: {e}");
                return;
            }
        }
    }
    if let Err(e) = adopt(shared, code).await {
        tracing::error!(room = %code, "not reloaded: {e}");
    }
}

/// Takes every room whose lease has expired and runs it here (at start, and on every
/// renewal: the rooms of an instance that stopped).
pub async fn claim(shared: &Arc<Shared>) -> Result<usize, String> {
    let Some(pg) = &shared.cluster else {
        return Ok(0);
    };
    let mut n = 0;
    loop {
        let codes = pg.claim_expired(CLAIM).await.map_err(|e| e.to_string())?;
        for code in &codes {
            match adopt(shared, code).await {
                Ok(r) => {
                    n += 1;
                    if r.is_some() {
                        shared.metrics.takeovers.inc();
                        tracing::info!(room = %code, "taken over: its lease had expired");
                    }
                }
                Err(e) => tracing::error!(room = %code, "not reloaded: {e}"),
            }
        }
        if (codes.len() as i64) < CLAIM {
            return Ok(n);
        }
    }
}

/// Renews this instance's leases every third of a lease, stops the rooms it no longer
/// owns, and takes over rooms whose leases have expired; ends on shutdown.
pub async fn renew(shared: Arc<Shared>) {
    let Some(pg) = shared.cluster.clone() else {
        return;
    };
    let every = pg.lease / 3;
    let mut renewed_at = Instant::now();
    loop {
        tokio::select! {
            _ = shared.shutdown.cancelled() => return,
            _ = tokio::time::sleep(every) => {}
        }
        // Rooms this instance ran before the renewal (a room created or taken after this
        // line has its lease already).
        let before = shared.rooms.list();
        match pg.renew().await {
            Ok(owned) => {
                renewed_at = Instant::now();
                let owned: HashSet<RoomCode> = owned.into_iter().collect();
                for (code, h) in before {
                    if !owned.contains(&code) {
                        tracing::info!(room = %code, "its lease is another instance's now");
                        h.moved();
                    }
                }
            }
            Err(e) => {
                tracing::warn!("renewing leases: {e}");
                // Past most of a lease without renewal another instance may take the
                // rooms: stop them here (their writes would be refused anyway).
                if renewed_at.elapsed() > pg.lease * 2 / 3 {
                    for (_, h) in before {
                        h.moved();
                    }
                }
                continue;
            }
        }
        if let Err(e) = claim(&shared).await {
            tracing::warn!("taking over rooms: {e}");
        }
    }
}

/// Opens a socket to another instance, marked as passed on.
async fn connect(addr: &str) -> Result<Upstream, String> {
    let mut req = format!("ws://{addr}/ws")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    req.headers_mut()
        .insert(HOP, axum::http::HeaderValue::from_static("1"));
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024);
    let connecting = tokio_tungstenite::connect_async_with_config(req, Some(config), true);
    match tokio::time::timeout(Duration::from_secs(3), connecting).await {
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("timed out".into()),
    }
}

/// Where a room this instance does not run is served from: another instance that owns it
/// (through a socket to it), or this one (its lease expired, or is this instance's: it is
/// taken and the room loaded). Waits at most a lease and a bit for a dead owner's lease
/// to expire. `hop`: the socket was passed on by another instance, so it is not passed on
/// again.
pub async fn route(shared: &Arc<Shared>, code: &RoomCode, hop: bool) -> Result<Route, ErrorBody> {
    let unknown = || crate::rooms::unknown_room(code);
    let store = |e: crate::store::StoreError| ErrorBody::new(codes::STORE, e.to_string());
    let Some(pg) = shared.cluster.clone() else {
        return Err(unknown());
    };
    let deadline = Instant::now() + pg.lease + Duration::from_secs(2);
    loop {
        let Some(owner) = pg.locate(code).await.map_err(store)? else {
            return Err(unknown());
        };
        if owner.owner == pg.owner || !owner.live {
            if pg.take(code).await.map_err(store)? {
                return match adopt(shared, code).await {
                    Ok(Some(h)) => {
                        if owner.owner != pg.owner {
                            shared.metrics.takeovers.inc();
                            tracing::info!(room = %code, "taken over: its relay is gone");
                        }
                        Ok(Route::Local(h))
                    }
                    Ok(None) => Err(unknown()),
                    Err(e) => Err(ErrorBody::new(
                        codes::UNKNOWN_ROOM,
                        format!("room {code} cannot be loaded: {e}"),
                    )),
                };
            }
        } else if !hop && owner.addr != pg.addr {
            match connect(&owner.addr).await {
                Ok(ws) => return Ok(Route::Remote(Box::new(ws))),
                Err(e) => tracing::warn!(room = %code, owner = %owner.addr, "its relay: {e}"),
            }
        }
        if Instant::now() >= deadline || shared.shutdown.is_cancelled() {
            return Err(ErrorBody::new(
                codes::BUSY,
                "the room is moving between relays: try again",
            ));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
