//! One room: a task that owns the match (the registry's `Room`), its seats and its bots,
//! reached through a handle and a bounded channel (the tokio actor pattern). It is the
//! room's only writer, so its steps are ordered by it, and every step is stored before any
//! seat hears of it.
//!
//! Everything a seat is sent about the game comes from the registry's `Room::apply` frames
//! or `Room::snapshot`; the relay adds only the lobby (names, seats, presence) and errors.
//!
//! The [`Actor`] (its state, constructors, `run` loop and the dispatch of requests) is here;
//! its other parts:
//! - `handle`: the way in ([`RoomHandle`], [`Inbox`], [`channel`]) and what a connection is
//!   to the room ([`Conn`], [`Out`]);
//! - `seats`: occupants, join, resume, attach, detach, the creator's lobby moves, the lobby
//!   and what is sent to each seat;
//! - `schedule`: what the room does on its own and when (bots, turn timers, the next hand,
//!   retries, cleanup);
//! - `play`: the match (a seated person's messages, start and rematch, applying a step);
//! - `storage`: the room's meta in the store;
//! - `watchers`: the connections that watch the room without a seat (issue 23).

mod handle;
mod play;
mod schedule;
mod seats;
mod storage;
mod watchers;

pub use handle::{channel, Conn, Inbox, Out, Refused, RoomHandle, QUEUE};

use crate::secret;
use crate::Shared;
use engine::{Deal, Status};
use handle::Cmd;
use protocol::{codes, ErrorBody, Phase, RelayMsg, RoomCode, RoomOptions, SeatKind, SeatToken};
use registry::{GameInfo, Room};
use schedule::Auto;
use seats::{Occupant, Person};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// A room's task state.
pub struct Actor {
    shared: Arc<Shared>,
    code: RoomCode,
    info: &'static GameInfo,
    players: u8,
    settings: Value,
    options: RoomOptions,
    creator: SeatToken,
    seats: Vec<Occupant>,
    phase: Phase,
    match_no: u32,
    game: Option<Box<dyn Room>>,
    /// When the newest step was applied (bots think and turn timers run from it).
    step_at: Instant,
    /// A refused automatic step is not tried again before this (a second after it was
    /// refused). The turn timer still runs from `step_at`, so the countdown the seats were
    /// sent stays true.
    retry_at: Option<Instant>,
    last_activity: Instant,
    finished_at: Option<Instant>,
    inbox: Inbox,
    /// The connections watching the room (never stored: a watcher comes back by watching
    /// again).
    watchers: Vec<watchers::Watcher>,
    /// When the room was created (ms since the Unix epoch; stored).
    created_ms: u64,
    /// A public table's fill time: when bots take its empty seats and its match starts if
    /// it is still in its lobby (from the stored creation time, so a restart or another
    /// instance keeps it).
    fill_at: Option<Instant>,
    /// The last replay sent (issue 23): the match number, the step count it was made at and
    /// the message's text, sent again as it is while the room stays at that step.
    replay: Option<(u32, u32, String)>,
}

/// The settings of a new room checked by the registry, all of them filled in: a match is
/// made with a throwaway deal to check them (players, settings, the game's own ranges).
pub fn check_room(
    game: &str,
    players: u8,
    settings: &Value,
    options: &RoomOptions,
) -> Result<(&'static GameInfo, Value), ErrorBody> {
    let bad = |m: String| ErrorBody::new(codes::BAD_ROOM, m);
    let info = registry::find(game).map_err(|e| bad(e.to_string()))?;
    let room = info
        .new_room(Some(players), Some(settings), Deal::seeded(0))
        .map_err(|e| bad(e.to_string()))?;
    options.check().map_err(bad)?;
    Ok((info, room.public_setup()["settings"].clone()))
}

/// A person's name: trimmed, 1 to 24 characters, no control characters.
pub fn check_name(name: &str) -> Result<String, ErrorBody> {
    let name = name.trim();
    let n = name.chars().count();
    if n == 0 || n > 24 || name.chars().any(char::is_control) {
        return Err(ErrorBody::new(
            codes::BAD_ROOM,
            "a name is 1 to 24 characters, without control characters",
        ));
    }
    Ok(name.to_string())
}

/// A public table's fill time as an instant of this process: `fill_secs` (of the relay's
/// `--second-ms`) after `created_ms` by the wall clock, so that it is the same after a
/// restart or on another instance. `None` for a private room.
fn fill_at(shared: &Shared, options: &RoomOptions, created_ms: u64) -> Option<Instant> {
    if !options.public {
        return None;
    }
    let due = created_ms.saturating_add(
        shared
            .cfg
            .second_ms
            .saturating_mul(options.fill_secs.into()),
    );
    let left = due.saturating_sub(crate::store::now_ms());
    Some(Instant::now() + Duration::from_millis(left))
}

fn err(code: &str, message: impl Into<String>) -> ErrorBody {
    ErrorBody::new(code, message)
}

fn registry_error(e: &registry::Error) -> ErrorBody {
    let j = e.to_json();
    ErrorBody {
        error: e.code().to_string(),
        message: e.to_string(),
        rule: j["rule"].as_str().map(str::to_string),
    }
}

impl Actor {
    /// A new room in its lobby, its creator in seat 0 (not yet connected).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        shared: Arc<Shared>,
        code: RoomCode,
        info: &'static GameInfo,
        players: u8,
        settings: Value,
        options: RoomOptions,
        creator_name: String,
        inbox: Inbox,
    ) -> Actor {
        let creator = secret::token();
        let now = Instant::now();
        let mut seats: Vec<Occupant> = (0..players).map(|_| Occupant::Empty).collect();
        seats[0] = Occupant::Person(Person::new(creator.clone(), creator_name, false));
        let created_ms = crate::store::now_ms();
        let fill_at = fill_at(&shared, &options, created_ms);
        Actor {
            shared,
            code,
            info,
            players,
            settings,
            options,
            creator,
            seats,
            phase: Phase::Lobby,
            match_no: 0,
            game: None,
            step_at: now,
            retry_at: None,
            last_activity: now,
            finished_at: None,
            inbox,
            watchers: Vec::new(),
            created_ms,
            fill_at,
            replay: None,
        }
    }

    /// A room as stored, its match rebuilt from its log, which must end at the stored state
    /// hash; whether that match is over is the log's to say. Everybody is away until they
    /// resume.
    pub fn from_store(
        shared: Arc<Shared>,
        loaded: crate::store::LoadedRoom,
        inbox: Inbox,
    ) -> Result<Actor, String> {
        let m = loaded.meta;
        let info = registry::find(&m.game).map_err(|e| e.to_string())?;
        if m.seats.len() != m.players as usize {
            return Err("seats do not match the player count".into());
        }
        let now = Instant::now();
        let seats = m
            .seats
            .into_iter()
            .map(|s| match (s.kind, s.token) {
                (SeatKind::Person, Some(token)) => {
                    Occupant::Person(Person::new(token, s.name.unwrap_or_default(), false))
                }
                (SeatKind::Bot, _) => Occupant::Bot,
                _ => Occupant::Empty,
            })
            .collect();
        let game = match (&m.phase, loaded.log) {
            (Phase::Lobby, _) => None,
            (_, None) => return Err("a match without its log".into()),
            (_, Some(log)) => {
                let room = registry::room_from_log(&log).map_err(|e| e.to_string())?;
                if let Some(stored) = loaded.last_hash {
                    if stored != room.state_hash() {
                        return Err(format!(
                            "the replayed log ends at state hash {:016x}, the store has {stored:016x}",
                            room.state_hash()
                        ));
                    }
                }
                Some(room)
            }
        };
        // Whether the match is over is read from its log, not from the stored meta: the
        // step that ends a match is stored (and sent) before the meta of the finished
        // room is written, and a crash between the two writes must not leave a room whose
        // match is over in play (no rematch, never cleaned up).
        let phase = match &game {
            None => Phase::Lobby,
            Some(g) if g.status() == Status::MatchOver => Phase::Finished,
            Some(_) => Phase::Playing,
        };
        let fill_at = fill_at(&shared, &m.options, m.created_ms);
        let mut actor = Actor {
            shared,
            code: loaded.code,
            info,
            players: m.players,
            settings: m.settings,
            options: m.options,
            creator: m.creator,
            seats,
            phase,
            match_no: m.match_no,
            game,
            step_at: now,
            retry_at: None,
            last_activity: now,
            finished_at: (phase == Phase::Finished).then_some(now),
            inbox,
            watchers: Vec::new(),
            created_ms: m.created_ms,
            fill_at,
            replay: None,
        };
        actor.make_seat_bots();
        Ok(actor)
    }

    /// The creator's token (to seat the creator's connection).
    pub fn creator_token(&self) -> SeatToken {
        self.creator.clone()
    }

    /// The room's code.
    pub fn code(&self) -> &RoomCode {
        &self.code
    }

    /// Runs the room until it is cleaned up, it moves, or the relay shuts down; its log
    /// lines in a span of its code (public) and game.
    pub async fn run(self) {
        use tracing::Instrument;
        let span = tracing::info_span!("room", code = %self.code, game = self.info.slug);
        self.serve().instrument(span).await
    }

    async fn serve(mut self) {
        tracing::debug!(phase = ?self.phase, match_no = self.match_no, "running");
        let shutdown = self.shared.shutdown.clone();
        let moved = self.inbox.moved.clone();
        loop {
            let now = Instant::now();
            let next = self.next_auto();
            let wake = next.map_or(now + Duration::from_secs(3600), |(t, _)| t);
            tokio::select! {
                biased;
                _ = shutdown.cancelled() => return,
                _ = moved.cancelled() => {
                    tracing::info!("leaves this instance");
                    self.leave(1012, "the room moved to another relay: reconnect");
                    // Loaded again from the store if this instance may still run it.
                    crate::cluster::reload(self.shared.clone(), self.code.clone()).await;
                    return;
                }
                cmd = self.inbox.rx.recv() => match cmd {
                    Some(cmd) => self.on_cmd(cmd).await,
                    None => return,
                },
                _ = tokio::time::sleep_until(wake) => {
                    if let Some((_, auto)) = next {
                        if auto == Auto::Close {
                            break;
                        }
                        if auto == Auto::Fill && self.abandoned(Instant::now()) {
                            tracing::info!("public table abandoned at its fill time");
                            break;
                        }
                        self.run_auto(auto).await;
                    }
                }
            }
        }
        self.close().await;
    }

    /// Serves one request from the room's queue.
    async fn on_cmd(&mut self, cmd: Cmd) {
        let now = Instant::now();
        match cmd {
            Cmd::Join {
                name,
                conn,
                lobby_only,
                reply,
            } => {
                self.last_activity = now;
                let r = self.join(name, conn, lobby_only).await;
                let _ = reply.send(r);
            }
            Cmd::Resume { token, conn, reply } => {
                self.last_activity = now;
                let r = self.resume(&token, conn);
                let _ = reply.send(r);
            }
            Cmd::Watch { conn, reply } => {
                // Not the room's activity: watchers do not keep an idle room open.
                let _ = reply.send(self.watch(conn));
            }
            Cmd::Msg { conn_id, msg } => {
                self.last_activity = now;
                let Some(seat) = self.seat_of_conn(conn_id) else {
                    return;
                };
                if let Err(e) = self.on_msg(seat, msg).await {
                    tracing::debug!(conn = conn_id, seat = seat.0, code = e.error, "refused");
                    self.shared.metrics.error(&e.error);
                    self.send(seat, &RelayMsg::Error(e));
                }
            }
            Cmd::Detach { conn_id } => self.detach(conn_id, now),
            Cmd::WatcherReplay { conn_id } => {
                let Some(conn) = self.watcher_conn(conn_id) else {
                    return;
                };
                let text = self.replay_text();
                if !conn.send_text(text) {
                    conn.kick.cancel();
                }
            }
            Cmd::Peek { reply } => {
                let _ = reply.send(self.lobby(now));
            }
            Cmd::Inspect { reply } => {
                let g = self.game.as_ref();
                let _ = reply.send(json!({
                    "code": self.code,
                    "phase": self.phase,
                    "match_no": self.match_no,
                    "step": g.map(|g| g.steps()),
                    "watchers": self.watcher_count(),
                    "hash": g.map(|g| format!("{:016x}", g.state_hash())),
                    "log": g.map(|g| g.log()),
                }));
            }
        }
    }

    /// Cleaned up: forgotten by the relay and the store, every connection closed.
    async fn close(&mut self) {
        tracing::info!(phase = ?self.phase, "closed");
        self.forget();
        if let Err(e) = self.shared.store.delete_room(&self.code).await {
            tracing::error!("not deleted from the store: {e}");
        }
        self.close_sockets(1000, "the room was closed");
    }

    /// Leaves this instance (the room moved, or reloads): forgotten here, kept in the
    /// store, every connection closed with `code` so that its person reconnects.
    fn leave(&mut self, code: u16, reason: &'static str) {
        self.forget();
        self.close_sockets(code, reason);
    }

    /// Removes the room from the relay's rooms, if this task is still the one there.
    fn forget(&self) {
        self.shared.rooms.forget(&self.code, self.inbox.task);
    }
}
