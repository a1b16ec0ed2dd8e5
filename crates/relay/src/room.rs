//! One room: a task that owns the match (the registry's `Room`), its seats and its bots,
//! reached through a handle and a bounded channel (the tokio actor pattern). It is the
//! room's only writer, so its steps are ordered by it, and every step is stored before any
//! seat hears of it.
//!
//! Everything a seat is sent about the game comes from the registry's `Room::apply` frames
//! or `Room::snapshot`; the relay adds only the lobby (names, seats, presence) and errors.

use crate::secret;
use crate::store::{RoomMeta, SeatRecord};
use crate::Shared;
use engine::{Deal, Seat, Status, Step};
use protocol::{
    codes, ClientMsg, Clock, ErrorBody, Lobby, Phase, RelayMsg, RoomCode, RoomOptions, SeatInfo,
    SeatKind, SeatToken, RELAY_VERSION,
};
use registry::{GameInfo, Room, SeatFrame};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// What a connection's writer sends: a message, or a close frame with its code and reason.
#[derive(Debug)]
pub enum Out {
    /// A JSON text message.
    Text(String),
    /// Closes the socket.
    Close(u16, &'static str),
}

/// A connection as the room sees it: where to send and how to drop it.
#[derive(Clone, Debug)]
pub struct Conn {
    /// The connection's number (unique in the process).
    pub id: u64,
    /// Its writer's queue (bounded: a client that does not read is dropped, not buffered).
    pub tx: mpsc::Sender<Out>,
    /// Cancelled to drop the connection (too slow, replaced by a newer one).
    pub kick: CancellationToken,
}

impl Conn {
    /// Queues a message; false if the queue is full or closed (the caller drops it).
    fn send(&self, msg: &RelayMsg) -> bool {
        match serde_json::to_string(msg) {
            Ok(text) => self.tx.try_send(Out::Text(text)).is_ok(),
            Err(_) => false,
        }
    }
}

/// A request to a room.
#[derive(Debug)]
enum Cmd {
    /// A person takes a seat by the room's code.
    Join {
        /// Their name.
        name: String,
        /// Their connection.
        conn: Conn,
        /// The seat, or why not.
        reply: oneshot::Sender<Result<u8, ErrorBody>>,
    },
    /// A person comes back to their seat by its token.
    Resume {
        /// The seat's token.
        token: SeatToken,
        /// Their connection.
        conn: Conn,
        /// The seat, or why not.
        reply: oneshot::Sender<Result<u8, ErrorBody>>,
    },
    /// A message from a seated connection.
    Msg {
        /// The connection's number.
        conn_id: u64,
        /// The message.
        msg: ClientMsg,
    },
    /// The connection closed.
    Detach {
        /// The connection's number.
        conn_id: u64,
    },
    /// The room's match, step, state hash and match log (the test-only admin route: the
    /// log holds the secret deal).
    Inspect {
        /// The answer.
        reply: oneshot::Sender<Value>,
    },
}

/// Why a room did not take a request at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Its queue is full (`busy`: try again).
    Busy,
    /// Its task has ended (`unknown_room`: the room was closed).
    Closed,
}

impl From<Refused> for ErrorBody {
    fn from(r: Refused) -> ErrorBody {
        match r {
            Refused::Busy => ErrorBody::new(codes::BUSY, "the room is busy: try again"),
            Refused::Closed => gone(),
        }
    }
}

/// A room whose task has ended.
fn gone() -> ErrorBody {
    ErrorBody::new(codes::UNKNOWN_ROOM, "the room was closed")
}

/// The way to a room's task.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    /// The room's bounded queue.
    tx: mpsc::Sender<Cmd>,
    /// Cancelled when the room must leave this instance (another owns it now, or the
    /// store refused a write as a conflict): its task closes its sockets with 1012 so that
    /// its people reconnect, and stops without touching the store.
    moved: CancellationToken,
    /// Which task this is (a room that left and came back has a new one).
    task: u64,
}

impl RoomHandle {
    /// Which task this is (a room that left and came back has a new one).
    pub fn task(&self) -> u64 {
        self.task
    }

    /// Seats a person by the room's code, `conn` theirs: the seat, or why not. A full
    /// queue is `busy`, as is a room that does not answer within ten seconds; a room whose
    /// task has ended is `unknown_room`.
    pub async fn join(&self, name: String, conn: Conn) -> Result<u8, ErrorBody> {
        let (reply, answer) = oneshot::channel();
        self.ask(Cmd::Join { name, conn, reply }, answer).await
    }

    /// Seats a person again by their seat's token, `conn` theirs: the seat, or why not.
    /// A full queue is `busy`, as is a room that does not answer within ten seconds; a room
    /// whose task has ended is `unknown_room`.
    pub async fn resume(&self, token: SeatToken, conn: Conn) -> Result<u8, ErrorBody> {
        let (reply, answer) = oneshot::channel();
        self.ask(Cmd::Resume { token, conn, reply }, answer).await
    }

    /// Queues a seat request without waiting for room in the queue, then waits for its
    /// answer.
    async fn ask(
        &self,
        cmd: Cmd,
        answer: oneshot::Receiver<Result<u8, ErrorBody>>,
    ) -> Result<u8, ErrorBody> {
        self.offer(cmd)?;
        match tokio::time::timeout(Duration::from_secs(10), answer).await {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => Err(gone()),
            Err(_) => Err(ErrorBody::new(
                codes::BUSY,
                "the room did not answer: try again",
            )),
        }
    }

    /// Queues a request if the queue has room for it now.
    fn offer(&self, cmd: Cmd) -> Result<(), Refused> {
        self.tx.try_send(cmd).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => Refused::Busy,
            mpsc::error::TrySendError::Closed(_) => Refused::Closed,
        })
    }

    /// Passes on a message of the seated connection `conn_id`, if the queue has room for
    /// it now (nothing is answered here: the room sends to the connection itself).
    pub fn send_msg(&self, conn_id: u64, msg: ClientMsg) -> Result<(), Refused> {
        self.offer(Cmd::Msg { conn_id, msg })
    }

    /// Tells the room that connection `conn_id` closed (waits for room in the queue; a
    /// room whose task has ended needs no telling).
    pub async fn detach(&self, conn_id: u64) {
        let _ = self.tx.send(Cmd::Detach { conn_id }).await;
    }

    /// The room's match, step, state hash and match log (the test-only admin route);
    /// `None` if its task has ended. Waits for room in the queue.
    pub async fn inspect(&self) -> Option<Value> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(Cmd::Inspect { reply }).await.ok()?;
        answer.await.ok()
    }

    /// The room must leave this instance (another owns it now): its task closes its
    /// sockets with 1012 and stops without touching the store.
    pub fn moved(&self) {
        self.moved.cancel();
    }
}

/// What a room's task reads: the other end of its [`RoomHandle`].
#[derive(Debug)]
pub struct Inbox {
    rx: mpsc::Receiver<Cmd>,
    moved: CancellationToken,
    task: u64,
}

/// A new room task's handle and inbox.
pub fn channel() -> (RoomHandle, Inbox) {
    static TASKS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let (tx, rx) = mpsc::channel(QUEUE);
    let moved = CancellationToken::new();
    let task = TASKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    (
        RoomHandle {
            tx,
            moved: moved.clone(),
            task,
        },
        Inbox { rx, moved, task },
    )
}

/// The room task's queue length: a room whose queue is full answers `busy`.
pub const QUEUE: usize = 256;

#[derive(Debug)]
struct Person {
    token: SeatToken,
    name: String,
    conn: Option<Conn>,
    /// Since when the person has had no connection.
    away_since: Instant,
    /// Joined a bot's seat in a match: the bot plays to the end of the hand.
    waits_for_hand: bool,
    /// Has seen the hand's result.
    ready: bool,
}

#[derive(Debug)]
enum Occupant {
    Empty,
    Bot,
    Person(Person),
}

/// Something the room does on its own when its time comes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Auto {
    Bot(Seat),
    Timeout(Seat),
    NextHand,
    Close,
}

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
        seats[0] = Occupant::Person(Person {
            token: creator.clone(),
            name: creator_name,
            conn: None,
            away_since: now,
            waits_for_hand: false,
            ready: false,
        });
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
        }
    }

    /// A room as stored, its match rebuilt from its log, which must end at the stored state
    /// hash. Everybody is away until they resume.
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
                (SeatKind::Person, Some(token)) => Occupant::Person(Person {
                    token,
                    name: s.name.unwrap_or_default(),
                    conn: None,
                    away_since: now,
                    waits_for_hand: false,
                    ready: false,
                }),
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
        let mut actor = Actor {
            shared,
            code: loaded.code,
            info,
            players: m.players,
            settings: m.settings,
            options: m.options,
            creator: m.creator,
            seats,
            phase: m.phase,
            match_no: m.match_no,
            game,
            step_at: now,
            retry_at: None,
            last_activity: now,
            finished_at: (m.phase == Phase::Finished).then_some(now),
            inbox,
        };
        actor.make_seat_bots();
        Ok(actor)
    }

    fn meta(&self) -> RoomMeta {
        RoomMeta {
            game: self.info.slug.to_string(),
            players: self.players,
            settings: self.settings.clone(),
            options: self.options,
            creator: self.creator.clone(),
            seats: self
                .seats
                .iter()
                .map(|o| match o {
                    Occupant::Empty => SeatRecord {
                        kind: SeatKind::Empty,
                        token: None,
                        name: None,
                    },
                    Occupant::Bot => SeatRecord {
                        kind: SeatKind::Bot,
                        token: None,
                        name: None,
                    },
                    Occupant::Person(p) => SeatRecord {
                        kind: SeatKind::Person,
                        token: Some(p.token.clone()),
                        name: Some(p.name.clone()),
                    },
                })
                .collect(),
            phase: self.phase,
            match_no: self.match_no,
        }
    }

    /// The creator's token (to seat the creator's connection).
    pub fn creator_token(&self) -> SeatToken {
        self.creator.clone()
    }

    /// The room's code.
    pub fn code(&self) -> &RoomCode {
        &self.code
    }

    /// Stores a new room before its task starts, under a code no stored room has (drawn
    /// again while the store has it: several instances draw codes).
    pub async fn create(&mut self) -> Result<(), ErrorBody> {
        for _ in 0..8 {
            let meta = self.meta();
            let fresh = self
                .shared
                .store
                .create_room(&self.code, &meta)
                .await
                .map_err(|e| err(codes::STORE, e.to_string()))?;
            if fresh {
                return Ok(());
            }
            self.code = secret::room_code();
        }
        Err(err(codes::STORE, "no free room code was found: try again"))
    }

    /// Stores the room's meta (and a new match's log head). The future owns what it
    /// writes (it does not borrow the room, which is not `Sync`).
    fn save(
        &self,
        new_match: Option<Value>,
    ) -> impl std::future::Future<Output = Result<(), ErrorBody>> + Send + 'static {
        let meta = self.meta();
        let store = self.shared.store.clone();
        let code = self.code.clone();
        let n = self.match_no;
        let moved = self.inbox.moved.clone();
        async move {
            store
                .save_room(&code, &meta, new_match.as_ref().map(|h| (n, h)))
                .await
                .map_err(|e| {
                    if e.conflict {
                        // Another instance owns the room: it reloads (docs/scaling.md).
                        eprintln!("relay: room {code}: {e}: reloading");
                        moved.cancel();
                    }
                    err(codes::STORE, e.to_string())
                })
        }
    }

    fn second(&self) -> Duration {
        Duration::from_millis(self.shared.cfg.second_ms)
    }

    fn grace(&self) -> Duration {
        self.second() * self.options.grace_secs
    }

    fn lobby(&self, now: Instant) -> Lobby {
        let creator = self
            .seats
            .iter()
            .position(|o| matches!(o, Occupant::Person(p) if p.token == self.creator))
            .unwrap_or(0) as u8;
        Lobby {
            code: self.code.clone(),
            game: self.info.slug.to_string(),
            players: self.players,
            settings: self.settings.clone(),
            options: self.options,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let seat = i as u8;
                    let bot_playing = self.phase != Phase::Lobby && self.bot_plays(Seat(seat), now);
                    match o {
                        Occupant::Empty => SeatInfo {
                            seat,
                            kind: SeatKind::Empty,
                            name: None,
                            connected: false,
                            bot_playing: false,
                        },
                        Occupant::Bot => SeatInfo {
                            seat,
                            kind: SeatKind::Bot,
                            name: Some("Bot".into()),
                            connected: true,
                            bot_playing: true,
                        },
                        Occupant::Person(p) => SeatInfo {
                            seat,
                            kind: SeatKind::Person,
                            name: Some(p.name.clone()),
                            connected: p.conn.is_some(),
                            bot_playing,
                        },
                    }
                })
                .collect(),
            creator,
            phase: self.phase,
            match_no: self.match_no,
        }
    }

    /// Whether a bot plays `seat` at `now`.
    fn bot_plays(&self, seat: Seat, now: Instant) -> bool {
        match &self.seats[seat.idx()] {
            Occupant::Empty | Occupant::Bot => true,
            Occupant::Person(p) => {
                p.waits_for_hand || (p.conn.is_none() && now >= p.away_since + self.grace())
            }
        }
    }

    fn seat_of_conn(&self, conn_id: u64) -> Option<Seat> {
        self.seats
            .iter()
            .position(
                |o| matches!(o, Occupant::Person(Person { conn: Some(c), .. }) if c.id == conn_id),
            )
            .map(|i| Seat(i as u8))
    }

    /// Sends a message to a seat's connection; a connection that cannot take it (its
    /// queue is full: a client that does not read) is dropped, and resyncs with a snapshot
    /// when it resumes.
    fn send(&mut self, seat: Seat, msg: &RelayMsg) {
        let Occupant::Person(p) = &mut self.seats[seat.idx()] else {
            return;
        };
        if let Some(c) = &p.conn {
            if !c.send(msg) {
                c.kick.cancel();
                p.conn = None;
                p.away_since = Instant::now();
            }
        }
    }

    fn broadcast_lobby(&mut self) {
        let msg = RelayMsg::Lobby {
            lobby: self.lobby(Instant::now()),
        };
        for s in 0..self.players {
            self.send(Seat(s), &msg);
        }
    }

    /// A seat's snapshot, after the match's score sheet (a reload keeps the sheet).
    fn send_snapshot(&mut self, seat: Seat) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let sheet = RelayMsg::Sheet {
            sheet: game.sheet(),
        };
        let frame = game.snapshot(seat).ok();
        let clock = self.clock(Instant::now());
        if let Some(f) = frame {
            self.send(seat, &sheet);
            self.send(seat, &RelayMsg::Frame { frame: f.frame });
            if let Some(clock) = clock {
                self.send(seat, &clock);
            }
        }
    }

    /// D-7's turn timer at `now`, in a room with one: the people who must act (a bot's
    /// seat, or a person's taken by a bot until the next hand, has no timer) and the time
    /// they have left. Whose turn it is is public (every frame's `status`); nothing else
    /// is said.
    fn clock(&self, now: Instant) -> Option<RelayMsg> {
        if self.options.turn_secs == 0 {
            return None;
        }
        let game = self.game.as_ref()?;
        let turn = self.second() * self.options.turn_secs;
        let seats = match game.status() {
            Status::Acting(acting) if self.phase == Phase::Playing => acting
                .iter()
                .filter(
                    |s| matches!(&self.seats[s.idx()], Occupant::Person(p) if !p.waits_for_hand),
                )
                .map(|s| s.0)
                .collect(),
            _ => Vec::new(),
        };
        let left = (self.step_at + turn).saturating_duration_since(now);
        let ms = |d: Duration| u32::try_from(d.as_millis()).unwrap_or(u32::MAX);
        Some(RelayMsg::Clock(Clock {
            step: game.steps(),
            seats,
            left_ms: ms(left),
            turn_ms: ms(turn),
        }))
    }

    /// A rule bot, seeded from the OS, in every bot seat of the match that has none.
    fn make_seat_bots(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        for (s, o) in self.seats.iter().enumerate() {
            let seat = Seat(s as u8);
            if matches!(o, Occupant::Bot) && !game.has_bot(seat) {
                game.set_bot(seat, Some(secret::seed()));
            }
        }
    }

    /// The stand-in bot of `seat` leaves (its person plays).
    fn drop_bot(&mut self, seat: Seat) {
        if let Some(game) = self.game.as_mut() {
            game.set_bot(seat, None);
        }
    }

    /// Runs the room until it is cleaned up, it moves, or the relay shuts down.
    pub async fn run(mut self) {
        let shutdown = self.shared.shutdown.clone();
        let moved = self.inbox.moved.clone();
        loop {
            let now = Instant::now();
            let next = self.next_auto(now);
            let wake = next.map_or(now + Duration::from_secs(3600), |(t, _)| t);
            tokio::select! {
                biased;
                _ = shutdown.cancelled() => return,
                _ = moved.cancelled() => {
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
                        self.run_auto(auto).await;
                    }
                }
            }
        }
        self.close().await;
    }

    /// Cleaned up: forgotten by the relay and the store, every connection closed.
    async fn close(&mut self) {
        self.forget();
        if let Err(e) = self.shared.store.delete_room(&self.code).await {
            eprintln!("relay: room {}: {e}", self.code);
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

    fn close_sockets(&mut self, code: u16, reason: &'static str) {
        for o in &self.seats {
            if let Occupant::Person(Person { conn: Some(c), .. }) = o {
                let _ = c.tx.try_send(Out::Close(code, reason));
                c.kick.cancel();
            }
        }
    }

    /// The next thing the room does on its own, and when.
    fn next_auto(&self, now: Instant) -> Option<(Instant, Auto)> {
        let cfg = &self.shared.cfg;
        let mut best: Option<(Instant, Auto)> = None;
        let mut consider = |t: Instant, a: Auto| {
            if best.is_none_or(|(b, _)| t < b) {
                best = Some((t, a));
            }
        };
        consider(
            self.last_activity + Duration::from_secs(cfg.idle_secs),
            Auto::Close,
        );
        if let Some(t) = self.finished_at {
            consider(t + Duration::from_secs(cfg.finished_secs), Auto::Close);
        }
        let Some(game) = self.game.as_ref().filter(|_| self.phase == Phase::Playing) else {
            return best;
        };
        let think = Duration::from_millis(cfg.bot_think_ms);
        // After a refused automatic step, none before its retry.
        let mut consider = |t: Instant, a: Auto| consider(self.retry_at.map_or(t, |r| t.max(r)), a);
        match game.status() {
            Status::Acting(acting) => {
                for seat in acting.iter() {
                    match &self.seats[seat.idx()] {
                        Occupant::Person(p) if !p.waits_for_hand => {
                            if self.options.turn_secs > 0 {
                                let turn = self.second() * self.options.turn_secs;
                                consider(self.step_at + turn, Auto::Timeout(seat));
                            }
                            if p.conn.is_none() {
                                let due = (self.step_at + think).max(p.away_since + self.grace());
                                consider(due, Auto::Bot(seat));
                            }
                        }
                        _ => consider(self.step_at + think, Auto::Bot(seat)),
                    }
                }
            }
            Status::HandOver => {
                let all_ready = self.seats.iter().all(|o| match o {
                    Occupant::Person(p) => p.ready || p.conn.is_none(),
                    _ => true,
                });
                let pause = Duration::from_millis(cfg.hand_pause_ms);
                consider(
                    if all_ready {
                        self.step_at
                    } else {
                        self.step_at + pause
                    },
                    Auto::NextHand,
                );
            }
            Status::MatchOver => {}
        }
        let _ = now;
        best
    }

    async fn run_auto(&mut self, auto: Auto) {
        let now = Instant::now();
        let step = match auto {
            Auto::Close => return,
            Auto::NextHand => Step::NextHand,
            Auto::Timeout(seat) => Step::Timeout { seat },
            Auto::Bot(seat) => {
                if !self.bot_plays(seat, now) {
                    return;
                }
                match self.bot_action(seat) {
                    Some(action) => Step::Act { seat, action },
                    // A bot that cannot pick plays the seat's timeout action.
                    None => Step::Timeout { seat },
                }
            }
        };
        let at = self.game.as_ref().map(|g| g.steps());
        if let Err(e) = self.apply(step, at).await {
            eprintln!(
                "relay: room {}: {:?} refused: {}",
                self.code, auto, e.message
            );
            // Do not spin on a step the room refuses (or a store that fails): try again in
            // a second.
            self.retry_at = Some(Instant::now() + Duration::from_secs(1));
        }
    }

    /// The action a bot picks for `seat` from the seat's snapshot (made if the seat had
    /// none: a person away, or joined mid-hand).
    fn bot_action(&mut self, seat: Seat) -> Option<Value> {
        let game = self.game.as_mut()?;
        if !game.has_bot(seat) {
            game.set_bot(seat, Some(secret::seed()));
            // A bot stands in for a person from now on: everybody sees it.
            self.broadcast_lobby();
        }
        self.game.as_mut()?.bot_action(seat)
    }

    /// Applies a step: checked and prepared by the registry's room (with the step number
    /// `at`), stored, and only then made the room's own, sent to every seat (each its own
    /// frame) and shown to the bots. A step the store refuses never took effect.
    async fn apply(&mut self, step: Step<Value>, at: Option<u32>) -> Result<(), ErrorBody> {
        let Some(game) = self.game.as_mut().filter(|_| self.phase == Phase::Playing) else {
            return Err(err(codes::WRONG_PHASE, "no match is being played"));
        };
        let prepared = game.prepare(&step, at).map_err(|e| registry_error(&e))?;
        if let Err(e) = self
            .shared
            .store
            .append_step(
                &self.code,
                self.match_no,
                prepared.number,
                &prepared.step,
                prepared.state_hash,
            )
            .await
        {
            if e.conflict {
                // Another writer stored this step first, or another instance owns the
                // room: what the store holds wins. The room leaves and is loaded again.
                eprintln!("relay: room {}: {e}: reloading", self.code);
                self.inbox.moved.cancel();
            }
            return Err(err(codes::STORE, e.to_string()));
        }
        let Some(game) = self.game.as_mut() else {
            return Err(err(codes::WRONG_PHASE, "no match is being played"));
        };
        // The room took no other step while this one was stored (the actor alone moves it).
        let frames = game.commit(prepared).map_err(|e| registry_error(&e))?;
        self.step_at = Instant::now();
        self.retry_at = None;
        self.after_step(&step, frames).await;
        Ok(())
    }

    async fn after_step(&mut self, step: &Step<Value>, frames: Vec<SeatFrame>) {
        let mut lobby_changed = false;
        if matches!(step, Step::NextHand) {
            let mut seated = Vec::new();
            for (i, o) in self.seats.iter_mut().enumerate() {
                if let Occupant::Person(p) = o {
                    p.ready = false;
                    if p.waits_for_hand {
                        p.waits_for_hand = false;
                        seated.push(Seat(i as u8));
                        lobby_changed = true;
                    }
                }
            }
            for seat in seated {
                self.drop_bot(seat);
            }
        }
        if lobby_changed {
            // People who take their seats at this hand learn it before its frame.
            self.broadcast_lobby();
            lobby_changed = false;
        }
        for f in frames {
            self.send(f.seat, &RelayMsg::Frame { frame: f.frame });
        }
        // The turn timer restarts with every step: everybody learns whose runs now.
        if let Some(clock) = self.clock(Instant::now()) {
            for s in 0..self.players {
                self.send(Seat(s), &clock);
            }
        }
        // A hand that has just ended: everybody's sheet gets its line.
        let ended = !matches!(step, Step::NextHand)
            && self
                .game
                .as_ref()
                .is_some_and(|g| matches!(g.status(), Status::HandOver | Status::MatchOver));
        if let Some(sheet) = self.game.as_ref().filter(|_| ended).map(|g| g.sheet()) {
            let msg = RelayMsg::Sheet { sheet };
            for s in 0..self.players {
                self.send(Seat(s), &msg);
            }
        }
        if self.game.as_ref().map(|g| g.status()) == Some(Status::MatchOver) {
            self.phase = Phase::Finished;
            self.finished_at = Some(Instant::now());
            if let Err(e) = self.save(None).await {
                eprintln!("relay: room {}: {}", self.code, e.message);
            }
            lobby_changed = true;
        }
        if lobby_changed {
            self.broadcast_lobby();
        }
    }

    async fn on_cmd(&mut self, cmd: Cmd) {
        let now = Instant::now();
        match cmd {
            Cmd::Join { name, conn, reply } => {
                self.last_activity = now;
                let r = self.join(name, conn).await;
                let _ = reply.send(r);
            }
            Cmd::Resume { token, conn, reply } => {
                self.last_activity = now;
                let r = self.resume(&token, conn);
                let _ = reply.send(r);
            }
            Cmd::Msg { conn_id, msg } => {
                self.last_activity = now;
                let Some(seat) = self.seat_of_conn(conn_id) else {
                    return;
                };
                if let Err(e) = self.on_msg(seat, msg).await {
                    self.send(seat, &RelayMsg::Error(e));
                }
            }
            Cmd::Detach { conn_id } => {
                if let Some(seat) = self.seat_of_conn(conn_id) {
                    if let Occupant::Person(p) = &mut self.seats[seat.idx()] {
                        p.conn = None;
                        p.away_since = now;
                    }
                    self.broadcast_lobby();
                }
            }
            Cmd::Inspect { reply } => {
                let g = self.game.as_ref();
                let _ = reply.send(json!({
                    "code": self.code,
                    "phase": self.phase,
                    "match_no": self.match_no,
                    "step": g.map(|g| g.steps()),
                    "hash": g.map(|g| format!("{:016x}", g.state_hash())),
                    "log": g.map(|g| g.log()),
                }));
            }
        }
    }

    /// Seats `conn` in `seat` and tells it where it sits, the lobby and its snapshot.
    fn attach(&mut self, seat: Seat, conn: Conn) {
        let Occupant::Person(p) = &mut self.seats[seat.idx()] else {
            return;
        };
        if let Some(old) = p.conn.replace(conn) {
            let _ = old
                .tx
                .try_send(Out::Close(4000, "the seat was taken by a newer connection"));
            old.kick.cancel();
        }
        p.ready = false;
        let token = p.token.clone();
        if !p.waits_for_hand {
            // The person is back: their stand-in bot leaves.
            self.drop_bot(seat);
        }
        self.send(
            seat,
            &RelayMsg::Welcome {
                version: RELAY_VERSION,
                frames: registry::PROTOCOL_VERSION,
                code: self.code.clone(),
                token,
                seat: seat.0,
            },
        );
        self.broadcast_lobby();
        self.send_snapshot(seat);
    }

    async fn join(&mut self, name: String, conn: Conn) -> Result<u8, ErrorBody> {
        let (kind, waits) = match self.phase {
            Phase::Lobby => (SeatKind::Empty, false),
            Phase::Playing => (SeatKind::Bot, true),
            Phase::Finished => (SeatKind::Bot, false),
        };
        let i = self
            .seats
            .iter()
            .position(|o| match kind {
                SeatKind::Empty => matches!(o, Occupant::Empty),
                _ => matches!(o, Occupant::Bot),
            })
            .ok_or_else(|| err(codes::ROOM_FULL, "every seat is taken by a person"))?;
        let before = std::mem::replace(
            &mut self.seats[i],
            Occupant::Person(Person {
                token: secret::token(),
                name,
                conn: None,
                away_since: Instant::now(),
                waits_for_hand: waits,
                ready: false,
            }),
        );
        if let Err(e) = self.save(None).await {
            self.seats[i] = before;
            return Err(e);
        }
        if !waits {
            self.drop_bot(Seat(i as u8));
        }
        self.attach(Seat(i as u8), conn);
        Ok(i as u8)
    }

    fn resume(&mut self, token: &SeatToken, conn: Conn) -> Result<u8, ErrorBody> {
        let i = self
            .seats
            .iter()
            .position(|o| matches!(o, Occupant::Person(p) if p.token == *token))
            .ok_or_else(|| err(codes::BAD_TOKEN, "this token holds no seat of this room"))?;
        self.attach(Seat(i as u8), conn);
        Ok(i as u8)
    }

    fn is_creator(&self, seat: Seat) -> bool {
        matches!(&self.seats[seat.idx()], Occupant::Person(p) if p.token == self.creator)
    }

    fn creator_away(&self) -> bool {
        !self.seats.iter().any(
            |o| matches!(o, Occupant::Person(p) if p.token == self.creator && p.conn.is_some()),
        )
    }

    fn need_creator(&self, seat: Seat, phase: Phase) -> Result<(), ErrorBody> {
        if self.phase != phase {
            return Err(err(
                codes::WRONG_PHASE,
                format!("the room is in its {:?} phase", self.phase).to_lowercase(),
            ));
        }
        if !self.is_creator(seat) {
            return Err(err(
                codes::NOT_CREATOR,
                "only the room's creator may do this",
            ));
        }
        Ok(())
    }

    async fn on_msg(&mut self, seat: Seat, msg: ClientMsg) -> Result<(), ErrorBody> {
        match msg {
            ClientMsg::Create { .. } | ClientMsg::Join { .. } | ClientMsg::Resume { .. } => {
                Err(err(
                    codes::ALREADY_SEATED,
                    "this connection already holds a seat",
                ))
            }
            ClientMsg::Ping => {
                self.send(seat, &RelayMsg::Pong);
                Ok(())
            }
            ClientMsg::Move { step, action } => {
                if matches!(&self.seats[seat.idx()], Occupant::Person(p) if p.waits_for_hand) {
                    return Err(err(
                        codes::WRONG_PHASE,
                        "a bot plays this seat to the end of the hand; you play from the next",
                    ));
                }
                self.apply(Step::Act { seat, action }, Some(step)).await
            }
            ClientMsg::Ready => {
                let over = self.game.as_ref().map(|g| g.status()) == Some(Status::HandOver);
                if self.phase != Phase::Playing || !over {
                    return Err(err(codes::WRONG_PHASE, "the hand is not over"));
                }
                if let Occupant::Person(p) = &mut self.seats[seat.idx()] {
                    p.ready = true;
                }
                Ok(())
            }
            ClientMsg::SetSeat { seat: target, kind } => {
                self.need_creator(seat, Phase::Lobby)?;
                let t = target as usize;
                if t >= self.seats.len() {
                    return Err(err("bad_seat", format!("no seat {target}")));
                }
                if matches!(self.seats[t], Occupant::Person(_)) {
                    return Err(err(codes::BAD_ROOM, "a person sits there"));
                }
                self.seats[t] = match kind {
                    SeatKind::Bot => Occupant::Bot,
                    SeatKind::Empty => Occupant::Empty,
                    SeatKind::Person => {
                        return Err(err(codes::BAD_ROOM, "a person takes a seat by joining"))
                    }
                };
                self.save(None).await?;
                self.broadcast_lobby();
                Ok(())
            }
            ClientMsg::SwapSeats { from, to } => {
                self.need_creator(seat, Phase::Lobby)?;
                let (a, b) = (from as usize, to as usize);
                if a >= self.seats.len() || b >= self.seats.len() {
                    return Err(err("bad_seat", format!("no seat {from} or {to}")));
                }
                self.seats.swap(a, b);
                if let Err(e) = self.save(None).await {
                    self.seats.swap(a, b);
                    return Err(e);
                }
                // The people moved learn their new seats.
                for s in [a, b] {
                    if let Occupant::Person(p) = &self.seats[s] {
                        let msg = RelayMsg::Welcome {
                            version: RELAY_VERSION,
                            frames: registry::PROTOCOL_VERSION,
                            code: self.code.clone(),
                            token: p.token.clone(),
                            seat: s as u8,
                        };
                        self.send(Seat(s as u8), &msg);
                    }
                }
                self.broadcast_lobby();
                Ok(())
            }
            ClientMsg::Start => {
                self.need_creator(seat, Phase::Lobby)?;
                self.start_match().await
            }
            ClientMsg::Rematch => {
                if self.phase != Phase::Finished {
                    return Err(err(codes::WRONG_PHASE, "the match is not over"));
                }
                if !self.is_creator(seat) && !self.creator_away() {
                    return Err(err(
                        codes::NOT_CREATOR,
                        "only the room's creator may do this",
                    ));
                }
                self.start_match().await
            }
        }
    }

    /// Deals a new match with a seed from the OS (never sent), the same seats and rules.
    async fn start_match(&mut self) -> Result<(), ErrorBody> {
        let deal = Deal::seeded(secret::seed());
        let room = self
            .info
            .new_room(Some(self.players), Some(&self.settings), deal)
            .map_err(|e| registry_error(&e))?;
        let head = room.log();
        let before = (
            self.phase,
            self.match_no,
            self.seats
                .iter()
                .map(|o| matches!(o, Occupant::Empty))
                .collect::<Vec<_>>(),
        );
        for o in &mut self.seats {
            if matches!(o, Occupant::Empty) {
                *o = Occupant::Bot;
            }
        }
        self.phase = Phase::Playing;
        self.match_no += 1;
        if let Err(e) = self.save(Some(head)).await {
            self.phase = before.0;
            self.match_no = before.1;
            for (o, was_empty) in self.seats.iter_mut().zip(before.2) {
                if was_empty {
                    *o = Occupant::Empty;
                }
            }
            return Err(e);
        }
        self.game = Some(room);
        self.finished_at = None;
        self.step_at = Instant::now();
        self.retry_at = None;
        for o in &mut self.seats {
            if let Occupant::Person(p) = o {
                p.waits_for_hand = false;
                p.ready = false;
            }
        }
        self.make_seat_bots();
        self.broadcast_lobby();
        for s in 0..self.players {
            self.send_snapshot(Seat(s));
        }
        Ok(())
    }
}
