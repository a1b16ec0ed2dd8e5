//! The room in the store: its meta (game, settings, seats, phase) as stored, a new room's
//! first write under a free code, and every later save of the meta (with a new match's log
//! head). A step is stored by `play`, before it is committed.

use super::{err, Actor, Occupant};
use crate::secret;
use crate::store::{RoomMeta, SeatRecord};
use protocol::{codes, ErrorBody, SeatKind};
use serde_json::Value;

impl Actor {
    /// The room's meta as stored.
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
            created_ms: self.created_ms,
        }
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
    pub(super) fn save(
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
                        tracing::warn!("{e}: reloading");
                        moved.cancel();
                    }
                    err(codes::STORE, e.to_string())
                })
        }
    }
}
