//! Every open room of this instance by its code: the one map of room handles, locked
//! only here.

use crate::room::RoomHandle;
use crate::secret;
use protocol::{codes, ErrorBody, RoomCode};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

/// The answer for a code no open room has.
pub fn unknown_room(code: &RoomCode) -> ErrorBody {
    ErrorBody::new(
        codes::UNKNOWN_ROOM,
        format!("no open room has the code {code}"),
    )
}

/// The open rooms of this instance, each by its code.
#[derive(Debug, Default)]
pub struct Rooms {
    map: Mutex<HashMap<RoomCode, RoomHandle>>,
}

impl Rooms {
    /// No rooms.
    pub fn new() -> Rooms {
        Rooms::default()
    }

    /// The map, also after a task panicked while it held the lock.
    fn lock(&self) -> MutexGuard<'_, HashMap<RoomCode, RoomHandle>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The handle of the room with `code`, if it runs here.
    pub fn get(&self, code: &RoomCode) -> Option<RoomHandle> {
        self.lock().get(code).cloned()
    }

    /// How many rooms run here.
    pub fn count(&self) -> usize {
        self.lock().len()
    }

    /// Every room that runs here, with its code.
    pub fn list(&self) -> Vec<(RoomCode, RoomHandle)> {
        self.lock()
            .iter()
            .map(|(c, h)| (c.clone(), h.clone()))
            .collect()
    }

    /// A code no room here has, drawn from the OS; `None` if `max` rooms run here already.
    /// The code is not held: another instance may draw it too (the store decides).
    pub fn free_code(&self, max: usize) -> Option<RoomCode> {
        let rooms = self.lock();
        if rooms.len() >= max {
            return None;
        }
        let mut code = secret::room_code();
        while rooms.contains_key(&code) {
            code = secret::room_code();
        }
        Some(code)
    }

    /// Runs the room of `handle` under `code` here (in place of any other).
    pub fn insert(&self, code: RoomCode, handle: RoomHandle) {
        self.lock().insert(code, handle);
    }

    /// Runs the room of `handle` under `code` here unless a room has that code already:
    /// then `Err` with that room's handle (and `handle`'s task must not start).
    pub fn claim(&self, code: &RoomCode, handle: &RoomHandle) -> Result<(), RoomHandle> {
        let mut rooms = self.lock();
        if let Some(h) = rooms.get(code) {
            return Err(h.clone());
        }
        rooms.insert(code.clone(), handle.clone());
        Ok(())
    }

    /// Removes the room under `code` if it is still the one of task `task` (a room that
    /// left and came back has a new task, which stays).
    pub fn forget(&self, code: &RoomCode, task: u64) {
        let mut rooms = self.lock();
        if rooms.get(code).is_some_and(|h| h.task() == task) {
            rooms.remove(code);
        }
    }
}
