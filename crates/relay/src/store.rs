//! Where rooms live when the relay is not running: a room is its public setup and seats
//! ([`RoomMeta`]), the secret deal of its current match (the match log's head) and that
//! match's steps, each with the state hash after it.
//!
//! The room task writes through [`Store`] and waits for the write before it acknowledges
//! or broadcasts anything, so what a seat was told is always stored. The steps of a match
//! are keyed by (room, match, step number): a second writer of the same step is refused
//! by the key, which is how a shared database (PostgreSQL, docs/scaling.md) orders one
//! room's steps across relay instances.
//!
//! Two stores: [`MemoryStore`] (nothing survives a restart; tests and `--database memory`)
//! and [`SqliteStore`] (the default, a file in WAL mode).

use protocol::{Phase, RoomCode, RoomOptions, SeatKind, SeatToken};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Mutex;

/// A seat as stored: who sits there, their token and name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Who sits there.
    pub kind: SeatKind,
    /// A person's token.
    pub token: Option<SeatToken>,
    /// A person's name.
    pub name: Option<String>,
}

/// A room's public setup and seats: everything of a room but its matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomMeta {
    /// The game's slug.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// The game's settings (every setting).
    pub settings: Value,
    /// The relay's room settings.
    pub options: RoomOptions,
    /// The creator's token.
    pub creator: SeatToken,
    /// Every seat.
    pub seats: Vec<SeatRecord>,
    /// Where the room is.
    pub phase: Phase,
    /// The current match (0 in the lobby).
    pub match_no: u32,
    /// When the room was created, in milliseconds since the Unix epoch by the clock of the
    /// instance that created it (0 in a room stored before it was kept): a public table's
    /// age in the listing and the time its bots fill from, also after a restart or on
    /// another instance.
    #[serde(default)]
    pub created_ms: u64,
}

impl RoomMeta {
    /// The game under which the room is listed as a public table (`GET /tables`): a public
    /// room in its lobby with an empty seat; `None` for any other (private, started, full).
    pub fn listed_game(&self) -> Option<&str> {
        let open = self.options.public
            && self.phase == Phase::Lobby
            && self.seats.iter().any(|s| s.kind == SeatKind::Empty);
        open.then_some(self.game.as_str())
    }
}

/// The most rooms [`Store::public_rooms`] returns.
pub const PUBLIC_ROWS: usize = 1000;

/// Milliseconds since the Unix epoch now.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A room as loaded at start: its meta, and its current match's log (head and steps) with
/// the stored state hash after the last step.
#[derive(Clone, Debug)]
pub struct LoadedRoom {
    /// The room's code.
    pub code: RoomCode,
    /// Its setup and seats.
    pub meta: RoomMeta,
    /// The current match's log (`{"version", "game", "public", "deal", "steps"}`).
    pub log: Option<Value>,
    /// The state hash stored with the last step (`None` before any step).
    pub last_hash: Option<u64>,
}

/// Why the store failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError {
    /// What went wrong.
    pub message: String,
    /// The write was refused because another writer got there first (the step is already
    /// stored, or another instance owns the room): the room must be reloaded from the
    /// store, not retried.
    pub conflict: bool,
}

impl StoreError {
    /// A failure (the database is unreachable, a value does not read).
    pub fn new(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            conflict: false,
        }
    }

    /// A write refused because another writer got there first.
    pub fn conflict(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            conflict: true,
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store: {}", self.message)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        if e.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation) {
            return StoreError::conflict(e.to_string());
        }
        StoreError::new(e.to_string())
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> Self {
        StoreError::new(e.to_string())
    }
}

/// What a store call returns: a boxed future, so the trait stays object safe
/// (`Arc<dyn Store>`) and an async database client (tokio-postgres) can implement it.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// The durable store of rooms. Every method is one transaction.
pub trait Store: Send + Sync + 'static {
    /// Stores a new room's meta; `false` if a room with this code is already stored (the
    /// caller draws another code). Where instances share the store, the new room's lease
    /// is this instance's, taken in the same transaction.
    fn create_room<'a>(&'a self, code: &'a RoomCode, meta: &'a RoomMeta) -> StoreFuture<'a, bool>;
    /// Writes a room's meta (insert or replace); with `new_match`, in the same transaction,
    /// starts match `n` from its log head (the log without steps, the secret deal in it)
    /// and forgets the room's earlier matches.
    fn save_room<'a>(
        &'a self,
        code: &'a RoomCode,
        meta: &'a RoomMeta,
        new_match: Option<(u32, &'a Value)>,
    ) -> StoreFuture<'a, ()>;
    /// Appends step `step_no` (1 for the first) of match `match_no` with the state hash
    /// after it. Refused with a conflict if that step is already stored (another writer got
    /// there first).
    fn append_step<'a>(
        &'a self,
        code: &'a RoomCode,
        match_no: u32,
        step_no: u32,
        step: &'a Value,
        hash: u64,
    ) -> StoreFuture<'a, ()>;
    /// Forgets a room (cleaned up).
    fn delete_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, ()>;
    /// Every stored room, with its current match's log.
    fn load_rooms(&self) -> StoreFuture<'_, Vec<LoadedRoom>>;
    /// One stored room, with its current match's log (`None` if it is not stored).
    fn load_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, Option<LoadedRoom>>;
    /// The stored rooms listed as public tables ([`RoomMeta::listed_game`]), of `game` if
    /// given, oldest first, at most [`PUBLIC_ROWS`]: where instances share the store,
    /// every instance's.
    fn public_rooms<'a>(
        &'a self,
        game: Option<&'a str>,
    ) -> StoreFuture<'a, Vec<(RoomCode, RoomMeta)>>;
}

/// Builds a match log from its head and steps.
fn log_of(mut head: Value, steps: Vec<Value>) -> Value {
    if let Value::Object(o) = &mut head {
        o.insert("steps".into(), Value::Array(steps));
    }
    head
}

#[derive(Default)]
struct MemRoom {
    meta: Option<RoomMeta>,
    head: Option<(u32, Value)>,
    steps: Vec<(Value, u64)>,
}

/// Rooms in memory: nothing survives the process.
#[derive(Default)]
pub struct MemoryStore {
    rooms: Mutex<HashMap<RoomCode, MemRoom>>,
}

impl MemoryStore {
    fn loaded(code: &RoomCode, r: &MemRoom) -> Option<LoadedRoom> {
        Some(LoadedRoom {
            code: code.clone(),
            meta: r.meta.clone()?,
            log: r
                .head
                .as_ref()
                .map(|(_, h)| log_of(h.clone(), r.steps.iter().map(|s| s.0.clone()).collect())),
            last_hash: r.steps.last().map(|s| s.1),
        })
    }

    fn with<T>(&self, f: impl FnOnce(&mut HashMap<RoomCode, MemRoom>) -> T) -> T {
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut rooms)
    }
}

impl Store for MemoryStore {
    fn create_room<'a>(&'a self, code: &'a RoomCode, meta: &'a RoomMeta) -> StoreFuture<'a, bool> {
        let fresh = self.with(|rooms| {
            if rooms.contains_key(code) {
                return false;
            }
            let r = rooms.entry(code.clone()).or_default();
            r.meta = Some(meta.clone());
            true
        });
        Box::pin(async move { Ok(fresh) })
    }

    fn save_room<'a>(
        &'a self,
        code: &'a RoomCode,
        meta: &'a RoomMeta,
        new_match: Option<(u32, &'a Value)>,
    ) -> StoreFuture<'a, ()> {
        self.with(|rooms| {
            let r = rooms.entry(code.clone()).or_default();
            r.meta = Some(meta.clone());
            if let Some((n, head)) = new_match {
                r.head = Some((n, head.clone()));
                r.steps.clear();
            }
        });
        Box::pin(async { Ok(()) })
    }

    fn append_step<'a>(
        &'a self,
        code: &'a RoomCode,
        match_no: u32,
        step_no: u32,
        step: &'a Value,
        hash: u64,
    ) -> StoreFuture<'a, ()> {
        let r = self.with(|rooms| {
            let r = rooms
                .get_mut(code)
                .ok_or_else(|| StoreError::new(format!("no room {code}")))?;
            let now = r.head.as_ref().map(|h| h.0);
            if now != Some(match_no) || r.steps.len() as u32 + 1 != step_no {
                return Err(StoreError::conflict(format!(
                    "step {step_no} of match {match_no} does not follow the stored ones"
                )));
            }
            r.steps.push((step.clone(), hash));
            Ok(())
        });
        Box::pin(async move { r })
    }

    fn delete_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, ()> {
        self.with(|rooms| rooms.remove(code));
        Box::pin(async { Ok(()) })
    }

    fn load_rooms(&self) -> StoreFuture<'_, Vec<LoadedRoom>> {
        let rooms = self.with(|rooms| {
            rooms
                .iter()
                .filter_map(|(code, r)| MemoryStore::loaded(code, r))
                .collect()
        });
        Box::pin(async { Ok(rooms) })
    }

    fn load_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, Option<LoadedRoom>> {
        let room = self.with(|rooms| MemoryStore::loaded(code, rooms.get(code)?));
        Box::pin(async { Ok(room) })
    }

    fn public_rooms<'a>(
        &'a self,
        game: Option<&'a str>,
    ) -> StoreFuture<'a, Vec<(RoomCode, RoomMeta)>> {
        let mut rooms: Vec<(RoomCode, RoomMeta)> = self.with(|rooms| {
            rooms
                .iter()
                .filter_map(|(code, r)| {
                    let meta = r.meta.as_ref()?;
                    let listed = meta.listed_game()?;
                    game.is_none_or(|g| g == listed)
                        .then(|| (code.clone(), meta.clone()))
                })
                .collect()
        });
        rooms.sort_by(|a, b| (a.1.created_ms, &a.0).cmp(&(b.1.created_ms, &b.0)));
        rooms.truncate(PUBLIC_ROWS);
        Box::pin(async { Ok(rooms) })
    }
}

/// Rooms in a SQLite file, in WAL mode.
///
/// Writes go to one writer thread that commits them in groups: it takes every write
/// waiting (up to 512), runs each in a savepoint of one transaction (a write that fails
/// is rolled back alone and its caller told), commits once (one fsync with `--sync full`),
/// and only then answers every caller. Rooms waiting on the disk at the same moment share
/// one sync, so the fsyncs do not serialize the rooms. Reads (at start) use their own
/// connection.
pub struct SqliteStore {
    path: PathBuf,
    writes: std::sync::mpsc::Sender<Write>,
}

/// What a write runs in the writer's transaction.
type Job = Box<dyn FnOnce(&Connection) -> Result<(), StoreError> + Send>;

/// A write: what to run in the transaction, and whom to tell once it is committed.
struct Write {
    job: Job,
    done: tokio::sync::oneshot::Sender<Result<(), StoreError>>,
}

/// The most writes committed together.
const GROUP: usize = 512;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    meta TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS matches (
    code TEXT NOT NULL,
    match_no INTEGER NOT NULL,
    head TEXT NOT NULL,
    PRIMARY KEY (code, match_no)
);
CREATE TABLE IF NOT EXISTS steps (
    code TEXT NOT NULL,
    match_no INTEGER NOT NULL,
    step_no INTEGER NOT NULL,
    step TEXT NOT NULL,
    hash INTEGER NOT NULL,
    PRIMARY KEY (code, match_no, step_no)
) WITHOUT ROWID;
";

/// The rooms' column of the public tables (added to a database made before it):
/// `public_game` is the game's slug while the room is listed ([`RoomMeta::listed_game`]),
/// NULL otherwise; written with the meta, so the listing is one indexed query.
const PUBLIC_COLUMN: &str = "ALTER TABLE rooms ADD COLUMN public_game TEXT";
const PUBLIC_INDEX: &str =
    "CREATE INDEX IF NOT EXISTS rooms_public ON rooms (public_game) WHERE public_game IS NOT NULL";

impl SqliteStore {
    /// Opens (or creates) the database at `path`. `full_sync`: `synchronous=FULL` (a step
    /// is on disk before it is acknowledged, even through a power cut) rather than
    /// `NORMAL` (it survives the relay's crash, not the machine's).
    pub fn open(path: &Path, full_sync: bool) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(
            None,
            "synchronous",
            if full_sync { "FULL" } else { "NORMAL" },
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        let has_public = conn
            .prepare("SELECT 1 FROM pragma_table_info('rooms') WHERE name = 'public_game'")?
            .exists([])?;
        if !has_public {
            conn.execute_batch(PUBLIC_COLUMN)?;
        }
        conn.execute_batch(PUBLIC_INDEX)?;
        let (writes, queue) = std::sync::mpsc::channel::<Write>();
        std::thread::Builder::new()
            .name("relay-sqlite".into())
            .spawn(move || writer(conn, queue))
            .map_err(|e| StoreError::new(e.to_string()))?;
        Ok(SqliteStore {
            path: path.to_path_buf(),
            writes,
        })
    }

    /// Queues a write and waits until it is committed.
    fn write(
        &self,
        job: impl FnOnce(&Connection) -> Result<(), StoreError> + Send + 'static,
    ) -> StoreFuture<'static, ()> {
        let (done, answer) = tokio::sync::oneshot::channel();
        let queued = self.writes.send(Write {
            job: Box::new(job),
            done,
        });
        Box::pin(async move {
            queued.map_err(|_| StoreError::new("the writer thread stopped"))?;
            answer
                .await
                .map_err(|_| StoreError::new("the writer thread stopped"))?
        })
    }
}

/// The writer thread: group commits until every sender is gone.
fn writer(mut conn: Connection, queue: std::sync::mpsc::Receiver<Write>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < GROUP {
            match queue.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        let mut answers = Vec::with_capacity(batch.len());
        let committed = (|| -> Result<(), StoreError> {
            let mut tx = conn.transaction()?;
            for w in batch.drain(..) {
                let r = match tx.savepoint() {
                    Ok(sp) => {
                        let r = (w.job)(&sp);
                        match r {
                            Ok(()) => sp.commit().map_err(StoreError::from),
                            Err(e) => Err(e), // dropping the savepoint rolls it back
                        }
                    }
                    Err(e) => Err(e.into()),
                };
                answers.push((w.done, r));
            }
            tx.commit()?;
            Ok(())
        })();
        for w in batch {
            answers.push((w.done, Err(StoreError::new("not run"))));
        }
        for (done, r) in answers {
            let r = match &committed {
                Err(e) => Err(e.clone()),
                Ok(()) => r,
            };
            let _ = done.send(r);
        }
    }
}

/// A room as loaded: its meta, its current match's head (if any) and that match's steps
/// `(step_no, step, hash)` in order, which must be numbered 1, 2, 3…
pub(crate) fn assemble(
    code: &str,
    meta: &str,
    head: Option<&str>,
    rows: &[(u32, String, i64)],
) -> Result<LoadedRoom, StoreError> {
    let meta: RoomMeta = serde_json::from_str(meta)?;
    let (log, last_hash) = match head {
        None => (None, None),
        Some(head) => {
            let mut steps = Vec::with_capacity(rows.len());
            for (i, (n, step, _)) in rows.iter().enumerate() {
                if *n as usize != i + 1 {
                    return Err(StoreError::new(format!(
                        "room {code}: step {n} stored where step {} belongs",
                        i + 1
                    )));
                }
                steps.push(serde_json::from_str(step)?);
            }
            let last = rows.last().map(|r| r.2 as u64);
            (Some(log_of(serde_json::from_str(head)?, steps)), last)
        }
    };
    Ok(LoadedRoom {
        code: RoomCode(code.to_string()),
        meta,
        log,
        last_hash,
    })
}

fn load_one(c: &Connection, code: &str) -> Result<Option<LoadedRoom>, StoreError> {
    let meta: Option<String> = c
        .query_row(
            "SELECT meta FROM rooms WHERE code = ?1",
            params![code],
            |r| r.get(0),
        )
        .optional()?;
    let Some(meta) = meta else {
        return Ok(None);
    };
    let match_no = serde_json::from_str::<RoomMeta>(&meta)?.match_no;
    let head: Option<String> = c
        .query_row(
            "SELECT head FROM matches WHERE code = ?1 AND match_no = ?2",
            params![code, match_no],
            |r| r.get(0),
        )
        .optional()?;
    let rows: Vec<(u32, String, i64)> = c
        .prepare(
            "SELECT step_no, step, hash FROM steps WHERE code = ?1 AND match_no = ?2 \
             ORDER BY step_no",
        )?
        .query_map(params![code, match_no], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?
        .collect::<Result<_, _>>()?;
    assemble(code, &meta, head.as_deref(), &rows).map(Some)
}

fn load_all(c: &Connection) -> Result<Vec<LoadedRoom>, StoreError> {
    let codes: Vec<String> = c
        .prepare("SELECT code FROM rooms ORDER BY code")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut rooms = Vec::new();
    for code in codes {
        rooms.extend(load_one(c, &code)?);
    }
    Ok(rooms)
}

impl SqliteStore {
    /// Runs `read` on a connection of its own (reads do not wait for the writer).
    fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> StoreFuture<'static, T> {
        let path = self.path.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let c = Connection::open(path)?;
                c.busy_timeout(std::time::Duration::from_secs(5))?;
                read(&c)
            })
            .await
            .map_err(|e| StoreError::new(e.to_string()))?
        })
    }
}

impl Store for SqliteStore {
    fn create_room<'a>(&'a self, code: &'a RoomCode, meta: &'a RoomMeta) -> StoreFuture<'a, bool> {
        let code = code.0.clone();
        let listed = meta.listed_game().map(str::to_string);
        let meta = serde_json::to_string(meta);
        let write = self.write(move |c| {
            c.execute(
                "INSERT INTO rooms (code, meta, public_game) VALUES (?1, ?2, ?3)",
                params![code, meta?, listed],
            )?;
            Ok(())
        });
        Box::pin(async move {
            match write.await {
                Ok(()) => Ok(true),
                Err(e) if e.conflict => Ok(false),
                Err(e) => Err(e),
            }
        })
    }

    fn save_room<'a>(
        &'a self,
        code: &'a RoomCode,
        meta: &'a RoomMeta,
        new_match: Option<(u32, &'a Value)>,
    ) -> StoreFuture<'a, ()> {
        let code = code.0.clone();
        let listed = meta.listed_game().map(str::to_string);
        let meta = serde_json::to_string(meta);
        let new_match = new_match.map(|(n, head)| (n, head.to_string()));
        self.write(move |c| {
            let meta = meta?;
            c.execute(
                "INSERT INTO rooms (code, meta, public_game) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (code) DO UPDATE SET meta = excluded.meta, \
                 public_game = excluded.public_game",
                params![code, meta, listed],
            )?;
            if let Some((n, head)) = new_match {
                c.execute("DELETE FROM steps WHERE code = ?1", params![code])?;
                c.execute("DELETE FROM matches WHERE code = ?1", params![code])?;
                c.execute(
                    "INSERT INTO matches (code, match_no, head) VALUES (?1, ?2, ?3)",
                    params![code, n, head],
                )?;
            }
            Ok(())
        })
    }

    fn append_step<'a>(
        &'a self,
        code: &'a RoomCode,
        match_no: u32,
        step_no: u32,
        step: &'a Value,
        hash: u64,
    ) -> StoreFuture<'a, ()> {
        let code = code.0.clone();
        let step = step.to_string();
        self.write(move |c| {
            c.execute(
                "INSERT INTO steps (code, match_no, step_no, step, hash) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![code, match_no, step_no, step, hash as i64],
            )?;
            Ok(())
        })
    }

    fn delete_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, ()> {
        let code = code.0.clone();
        self.write(move |c| {
            for table in ["steps", "matches", "rooms"] {
                c.execute(
                    &format!("DELETE FROM {table} WHERE code = ?1"),
                    params![code],
                )?;
            }
            Ok(())
        })
    }

    fn load_rooms(&self) -> StoreFuture<'_, Vec<LoadedRoom>> {
        self.read(load_all)
    }

    fn load_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, Option<LoadedRoom>> {
        let code = code.0.clone();
        self.read(move |c| load_one(c, &code))
    }

    fn public_rooms<'a>(
        &'a self,
        game: Option<&'a str>,
    ) -> StoreFuture<'a, Vec<(RoomCode, RoomMeta)>> {
        let game = game.map(str::to_string);
        self.read(move |c| {
            let rows: Vec<(String, String)> = c
                .prepare(
                    "SELECT code, meta FROM rooms WHERE public_game IS NOT NULL \
                     AND (?1 IS NULL OR public_game = ?1) LIMIT ?2",
                )?
                .query_map(params![game, PUBLIC_ROWS as i64], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })?
                .collect::<Result<_, _>>()?;
            Ok(public_rows(rows))
        })
    }
}

/// The rows of a public tables' query as rooms, oldest first (a row whose meta does not
/// read, or that is no longer listed, is left out).
pub(crate) fn public_rows(rows: Vec<(String, String)>) -> Vec<(RoomCode, RoomMeta)> {
    let mut rooms: Vec<(RoomCode, RoomMeta)> = rows
        .into_iter()
        .filter_map(|(code, meta)| {
            let meta: RoomMeta = serde_json::from_str(&meta).ok()?;
            meta.listed_game()?;
            Some((RoomCode(code), meta))
        })
        .collect();
    rooms.sort_by(|a, b| (a.1.created_ms, &a.0).cmp(&(b.1.created_ms, &b.0)));
    rooms
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn meta() -> RoomMeta {
        RoomMeta {
            game: "hokm".into(),
            players: 4,
            settings: json!({"target": 3}),
            options: RoomOptions::default(),
            creator: SeatToken("t".into()),
            seats: vec![
                SeatRecord {
                    kind: SeatKind::Person,
                    token: Some(SeatToken("t".into())),
                    name: Some("A".into()),
                };
                4
            ],
            phase: Phase::Playing,
            match_no: 1,
            created_ms: 5,
        }
    }

    async fn round_trip(store: &dyn Store) {
        let code = RoomCode("ABCDEF".into());
        let head = json!({"version": 1, "game": "hokm", "public": {}, "deal": {"seed": 3}});
        assert!(store.create_room(&code, &meta()).await.unwrap());
        // A code is never given twice.
        assert!(!store.create_room(&code, &meta()).await.unwrap());
        store
            .save_room(&code, &meta(), Some((1, &head)))
            .await
            .unwrap();
        store
            .append_step(&code, 1, 1, &json!("next_hand"), 7)
            .await
            .unwrap();
        // The same step twice is refused as a conflict (the room reloads).
        let twice = store.append_step(&code, 1, 1, &json!("x"), 8).await;
        assert!(twice.is_err_and(|e| e.conflict));
        let one = store.load_room(&code).await.unwrap().unwrap();
        assert_eq!(one.last_hash, Some(7));
        assert!(store
            .load_room(&RoomCode("ZZZZZZ".into()))
            .await
            .unwrap()
            .is_none());
        let rooms = store.load_rooms().await.unwrap();
        assert_eq!(rooms.len(), 1);
        assert_eq!(rooms[0].meta, meta());
        assert_eq!(rooms[0].last_hash, Some(7));
        assert_eq!(
            rooms[0].log.as_ref().unwrap()["steps"],
            json!(["next_hand"])
        );
        assert_eq!(rooms[0].log.as_ref().unwrap()["deal"], json!({"seed": 3}));
        // A rematch forgets the earlier match.
        let mut m = meta();
        m.match_no = 2;
        store.save_room(&code, &m, Some((2, &head))).await.unwrap();
        let rooms = store.load_rooms().await.unwrap();
        assert_eq!(rooms[0].log.as_ref().unwrap()["steps"], json!([]));
        assert_eq!(rooms[0].last_hash, None);
        store.delete_room(&code).await.unwrap();
        assert!(store.load_rooms().await.unwrap().is_empty());
    }

    /// Many rooms writing at once share commits; a write that fails (a step stored twice)
    /// fails alone.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn group_commits_keep_every_good_write_and_refuse_the_bad_one_alone() {
        let dir = std::env::temp_dir().join(format!("relay-group-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.sqlite");
        let _ = std::fs::remove_file(&path);
        let store = std::sync::Arc::new(SqliteStore::open(&path, true).unwrap());
        let head = json!({"version": 1, "game": "hokm", "public": {}, "deal": {"seed": 3}});
        let codes: Vec<RoomCode> = (0..40).map(|i| RoomCode(format!("ROOM{i:02}"))).collect();
        for code in &codes {
            store
                .save_room(code, &meta(), Some((1, &head)))
                .await
                .unwrap();
        }
        let mut tasks = Vec::new();
        for (i, code) in codes.iter().enumerate() {
            for step in 1..=5u32 {
                let (store, code) = (store.clone(), code.clone());
                // Room 0's step 3 is written twice.
                let twice = i == 0 && step == 3;
                tasks.push(tokio::spawn(async move {
                    let s = json!({"timeout": {"seat": step % 4}});
                    let first = store.append_step(&code, 1, step, &s, step as u64).await;
                    let second = if twice {
                        Some(store.append_step(&code, 1, step, &s, 99).await)
                    } else {
                        None
                    };
                    (first, second)
                }));
            }
        }
        let mut refused = 0;
        for t in tasks {
            let (first, second) = t.await.unwrap();
            first.unwrap();
            if let Some(second) = second {
                assert!(second.is_err());
                refused += 1;
            }
        }
        assert_eq!(refused, 1);
        let rooms = store.load_rooms().await.unwrap();
        assert_eq!(rooms.len(), 40);
        for r in rooms {
            assert_eq!(
                r.log.unwrap()["steps"].as_array().unwrap().len(),
                5,
                "{}",
                r.code
            );
            assert_eq!(r.last_hash, Some(5));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 23: a room is listed while it is public, in its lobby, with an empty seat.
    async fn public_listing(store: &dyn Store) {
        let mut m = meta();
        m.phase = Phase::Lobby;
        m.match_no = 0;
        m.seats[1] = SeatRecord {
            kind: SeatKind::Empty,
            token: None,
            name: None,
        };
        let (private, public, pasur) = (
            RoomCode("PRIVAT".into()),
            RoomCode("PUBLIC".into()),
            RoomCode("PASURR".into()),
        );
        assert!(store.create_room(&private, &m).await.unwrap());
        m.options.public = true;
        m.created_ms = 20;
        assert!(store.create_room(&public, &m).await.unwrap());
        let mut p = m.clone();
        p.game = "pasur".into();
        p.created_ms = 10;
        assert!(store.create_room(&pasur, &p).await.unwrap());
        let codes = |rooms: Vec<(RoomCode, RoomMeta)>| -> Vec<String> {
            rooms.into_iter().map(|(c, _)| c.0).collect()
        };
        // Oldest first; by game.
        assert_eq!(
            codes(store.public_rooms(None).await.unwrap()),
            ["PASURR", "PUBLIC"]
        );
        let hokm = store.public_rooms(Some("hokm")).await.unwrap();
        assert_eq!(hokm.len(), 1);
        assert_eq!(hokm[0].1, m);
        assert!(store.public_rooms(Some("bidel")).await.unwrap().is_empty());
        // Full, then started: no longer listed.
        let mut full = m.clone();
        full.seats[1].kind = SeatKind::Bot;
        store.save_room(&public, &full, None).await.unwrap();
        assert_eq!(codes(store.public_rooms(None).await.unwrap()), ["PASURR"]);
        store.save_room(&public, &m, None).await.unwrap();
        assert_eq!(
            codes(store.public_rooms(Some("hokm")).await.unwrap()),
            ["PUBLIC"]
        );
        let mut started = m.clone();
        started.phase = Phase::Playing;
        started.match_no = 1;
        store.save_room(&public, &started, None).await.unwrap();
        store.delete_room(&pasur).await.unwrap();
        assert!(store.public_rooms(None).await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn both_stores_list_public_rooms_and_an_old_database_gets_the_column() {
        public_listing(&MemoryStore::default()).await;
        let dir = std::env::temp_dir().join(format!("relay-public-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.sqlite");
        let _ = std::fs::remove_file(&path);
        {
            // A database of the relay before public tables, with a room.
            let c = Connection::open(&path).unwrap();
            c.execute_batch(SCHEMA).unwrap();
            c.execute(
                "INSERT INTO rooms (code, meta) VALUES ('OLDONE', ?1)",
                params![serde_json::to_string(&meta()).unwrap()],
            )
            .unwrap();
        }
        let store = SqliteStore::open(&path, false).unwrap();
        assert!(store.public_rooms(None).await.unwrap().is_empty());
        assert_eq!(store.load_rooms().await.unwrap().len(), 1);
        public_listing(&store).await;
        drop(store);
        // Opened again: the column is there already (the old room, the private one and the
        // started one are kept, none listed).
        let store = SqliteStore::open(&path, false).unwrap();
        assert_eq!(store.load_rooms().await.unwrap().len(), 3);
        assert!(store.public_rooms(None).await.unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[tokio::test]
    async fn both_stores_keep_rooms_and_refuse_a_step_stored_twice() {
        round_trip(&MemoryStore::default()).await;
        let dir = std::env::temp_dir().join(format!("relay-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.sqlite");
        let _ = std::fs::remove_file(&path);
        round_trip(&SqliteStore::open(&path, false).unwrap()).await;
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
