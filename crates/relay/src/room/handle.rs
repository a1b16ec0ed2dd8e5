//! The way into a room's task: what a connection is to the room ([`Conn`], [`Out`]), the
//! room's bounded queue of requests (`Cmd`, private to the room) and its two ends, the
//! [`RoomHandle`] every sender holds and the [`Inbox`] the task reads.

use protocol::{codes, ClientMsg, ErrorBody, RelayMsg, SeatToken};
use serde_json::Value;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
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
    pub(super) fn send(&self, msg: &RelayMsg) -> bool {
        match serde_json::to_string(msg) {
            Ok(text) => self.send_text(text),
            Err(_) => false,
        }
    }

    /// Queues a message's text; false if the queue is full or closed.
    pub(super) fn send_text(&self, text: String) -> bool {
        self.tx.try_send(Out::Text(text)).is_ok()
    }
}

/// A request to a room.
#[derive(Debug)]
pub(super) enum Cmd {
    /// A person takes a seat by the room's code.
    Join {
        /// Their name.
        name: String,
        /// Their connection.
        conn: Conn,
        /// Only an empty seat of the lobby (quick play), not a bot's seat in a match.
        lobby_only: bool,
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
    /// A connection watches the room (issue 23): no seat, no token.
    Watch {
        /// The watcher's connection.
        conn: Conn,
        /// Done, or why not (watching forbidden, too many watchers).
        reply: oneshot::Sender<Result<(), ErrorBody>>,
    },
    /// A message from a seated connection.
    Msg {
        /// The connection's number.
        conn_id: u64,
        /// The message.
        msg: ClientMsg,
    },
    /// A watching connection asks for the last hand's replay ([`ClientMsg::Replay`]): the
    /// room sends it (or why not) to that connection.
    WatcherReplay {
        /// The connection's number.
        conn_id: u64,
    },
    /// The connection (a seat's or a watcher's) closed.
    Detach {
        /// The connection's number.
        conn_id: u64,
    },
    /// The room's lobby, for a connection without a seat asking about it
    /// ([`protocol::ClientMsg::Peek`]).
    Peek {
        /// The answer.
        reply: oneshot::Sender<protocol::Lobby>,
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
        self.join_seat(name, conn, false).await
    }

    /// [`RoomHandle::join`] for quick play: only an empty seat of a room in its lobby
    /// (`wrong_phase` once its match has started, `room_full` without an empty seat).
    pub async fn join_lobby(&self, name: String, conn: Conn) -> Result<u8, ErrorBody> {
        self.join_seat(name, conn, true).await
    }

    async fn join_seat(&self, name: String, conn: Conn, lobby_only: bool) -> Result<u8, ErrorBody> {
        let (reply, answer) = oneshot::channel();
        self.ask(
            Cmd::Join {
                name,
                conn,
                lobby_only,
                reply,
            },
            answer,
        )
        .await
    }

    /// Seats a person again by their seat's token, `conn` theirs: the seat, or why not.
    /// A full queue is `busy`, as is a room that does not answer within ten seconds; a room
    /// whose task has ended is `unknown_room`.
    pub async fn resume(&self, token: SeatToken, conn: Conn) -> Result<u8, ErrorBody> {
        let (reply, answer) = oneshot::channel();
        self.ask(Cmd::Resume { token, conn, reply }, answer).await
    }

    /// Lets `conn` watch the room (issue 23), or says why not; errors as [`RoomHandle::join`]'s.
    pub async fn watch(&self, conn: Conn) -> Result<(), ErrorBody> {
        let (reply, answer) = oneshot::channel();
        self.ask(Cmd::Watch { conn, reply }, answer).await
    }

    /// Queues a seat request without waiting for room in the queue, then waits for its
    /// answer.
    async fn ask<T>(
        &self,
        cmd: Cmd,
        answer: oneshot::Receiver<Result<T, ErrorBody>>,
    ) -> Result<T, ErrorBody> {
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

    /// Passes on a watching connection's request for the last hand's replay, if the queue
    /// has room for it now (the room answers the connection itself).
    pub fn watcher_replay(&self, conn_id: u64) -> Result<(), Refused> {
        self.offer(Cmd::WatcherReplay { conn_id })
    }

    /// Tells the room that connection `conn_id` (a seat's or a watcher's) closed (waits for room in the queue; a
    /// room whose task has ended needs no telling).
    pub async fn detach(&self, conn_id: u64) {
        let _ = self.tx.send(Cmd::Detach { conn_id }).await;
    }

    /// The room's lobby (its game, seats and phase; no token); `None` if its task has
    /// ended. Waits for room in the queue.
    pub async fn peek(&self) -> Option<protocol::Lobby> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(Cmd::Peek { reply }).await.ok()?;
        answer.await.ok()
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
    /// The room's queue.
    pub(super) rx: mpsc::Receiver<Cmd>,
    /// The handle's `moved`: cancelled when the room must leave this instance.
    pub(super) moved: CancellationToken,
    /// Which task this is.
    pub(super) task: u64,
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
