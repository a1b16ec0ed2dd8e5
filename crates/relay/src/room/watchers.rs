//! The room's watchers (issue 23): connections without a seat and without a token that see
//! the public table only. A watcher gets the lobby (with the number of watchers, which every
//! change of it sends to everybody again), and in a match the score sheet, the watchers'
//! snapshot frame and the turn timer; then, as the seats, every step's frame (the watchers'
//! frame: the registry's `Room::watch_frame`, never a seat's), every lobby, sheet, clock and
//! reaction. A watcher never changes the room: its messages never reach the room's task (the
//! connection answers them, `protocol::codes::WATCHER`), and its arrival or departure is no
//! activity of the room (it does not keep an idle room open).

use super::{err, Actor, Conn, Out};
use crate::metrics::WatcherGuard;
use protocol::{codes, ErrorBody, RelayMsg, MAX_WATCHERS};
use tokio::time::Instant;

/// A connection watching the room.
#[derive(Debug)]
pub(super) struct Watcher {
    /// Its connection.
    pub(super) conn: Conn,
    /// Counted in the relay's `relay_watchers` while the room holds it.
    _counted: WatcherGuard,
}

impl Actor {
    /// Lets `conn` watch the room, if the room allows it and has room for one more: the
    /// lobby goes to everybody (the count changed, and the watcher's first message is the
    /// lobby), then the watcher's snapshot.
    pub(super) fn watch(&mut self, conn: Conn) -> Result<(), ErrorBody> {
        if !self.options.watchers {
            return Err(err(
                codes::WATCH_FORBIDDEN,
                "the room's creator does not allow watching",
            ));
        }
        if self.watchers.len() >= MAX_WATCHERS as usize {
            return Err(err(
                codes::ROOM_FULL,
                format!("the room has its {MAX_WATCHERS} watchers"),
            ));
        }
        tracing::debug!(conn = conn.id, "watcher arrives");
        self.watchers.push(Watcher {
            conn: conn.clone(),
            _counted: WatcherGuard::new(&self.shared.metrics),
        });
        self.broadcast_lobby();
        self.send_watch_snapshot(&conn);
        Ok(())
    }

    /// Connection `conn_id` no longer watches (it closed); whether it was a watcher. The
    /// others learn the new count.
    pub(super) fn unwatch(&mut self, conn_id: u64) -> bool {
        let before = self.watchers.len();
        self.watchers.retain(|w| w.conn.id != conn_id);
        let gone = self.watchers.len() < before;
        if gone {
            tracing::debug!(conn = conn_id, "watcher leaves");
            self.broadcast_lobby();
        }
        gone
    }

    /// The connection of watcher `conn_id`, if it still watches.
    pub(super) fn watcher_conn(&self, conn_id: u64) -> Option<Conn> {
        self.watchers
            .iter()
            .find(|w| w.conn.id == conn_id)
            .map(|w| w.conn.clone())
    }

    /// How many watch now.
    pub(super) fn watcher_count(&self) -> u32 {
        self.watchers.len() as u32
    }

    /// Sends a message to every watcher; one that cannot take it (its queue is full: a
    /// client that does not read) is dropped, and leaves when its connection ends.
    pub(super) fn send_watchers(&self, msg: &RelayMsg) {
        if self.watchers.is_empty() {
            return;
        }
        let Ok(text) = serde_json::to_string(msg) else {
            return;
        };
        for w in &self.watchers {
            if w.conn.tx.try_send(Out::Text(text.clone())).is_err() {
                w.conn.kick.cancel();
            }
        }
    }

    /// What a watcher gets on arriving (or at a new match): in a match, the score sheet,
    /// the watchers' snapshot frame and the turn timer.
    pub(super) fn send_watch_snapshot(&self, conn: &Conn) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let sheet = RelayMsg::Sheet {
            sheet: game.sheet(),
        };
        let frame = RelayMsg::Frame {
            frame: game.watch_frame(false),
        };
        let mut ok = conn.send(&sheet) && conn.send(&frame);
        if let Some(clock) = self.clock(Instant::now()) {
            ok = ok && conn.send(&clock);
        }
        if !ok {
            conn.kick.cancel();
        }
    }

    /// Every watcher's snapshot (a new match).
    pub(super) fn send_watch_snapshots(&self) {
        for w in &self.watchers {
            self.send_watch_snapshot(&w.conn);
        }
    }

    /// Closes every watcher's socket with `code` (the room closes or leaves this instance:
    /// a watcher reconnects and watches again wherever the room is then).
    pub(super) fn close_watchers(&mut self, code: u16, reason: &'static str) {
        for w in self.watchers.drain(..) {
            let _ = w.conn.tx.try_send(Out::Close(code, reason));
            w.conn.kick.cancel();
        }
    }
}
