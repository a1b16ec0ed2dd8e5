//! The store on PostgreSQL (`--database postgres://…`), shared by several relay instances
//! (docs/scaling.md, "Several instances on PostgreSQL").
//!
//! The tables are SQLite's (`rooms`, `matches`, `steps` keyed by (code, match, step)),
//! `instances`: one row per relay instance (`owner`, a random id drawn at start), where
//! other instances reach it (`addr`) and until when it is alive (`expires`, by the
//! database's clock, so the instances' clocks do not matter; renewed in one row for all its
//! rooms), and `leases`: which instance runs each room. A room's lease holds while its
//! owner's row has not expired; after that any instance may take the room. Every write of a room is
//! fenced by its lease: it is made only if this instance still owns the room, in the same
//! statement, and a step already stored is refused by the key. Either refusal is a
//! [`StoreError::conflict`]: the room is reloaded from the database, never written over.

use crate::store::{
    assemble, public_rows, LoadedRoom, RoomMeta, Store, StoreError, StoreFuture, PUBLIC_ROWS,
};
use protocol::RoomCode;
use rustls::pki_types::pem::PemObject;
use serde_json::Value;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, MutexGuard};
use tokio::task::JoinHandle;
use tokio_postgres::config::SslMode;
use tokio_postgres::error::SqlState;
use tokio_postgres::{Client, NoTls, Statement};
use tokio_postgres_rustls::MakeRustlsConnect;

/// Connections an instance keeps: writes of different rooms run on different connections
/// at once, so the server commits them together (one WAL flush for all that wait).
const POOL: usize = 6;

/// How long a connection attempt may take.
const CONNECT: Duration = Duration::from_secs(10);

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
    hash BIGINT NOT NULL,
    PRIMARY KEY (code, match_no, step_no)
);
CREATE TABLE IF NOT EXISTS instances (
    owner TEXT PRIMARY KEY,
    addr TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    code TEXT PRIMARY KEY,
    owner TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS leases_owner ON leases (owner);
ALTER TABLE rooms ADD COLUMN IF NOT EXISTS public_game TEXT;
CREATE INDEX IF NOT EXISTS rooms_public ON rooms (public_game) WHERE public_game IS NOT NULL;
";

/// Whether the owner of a `leases` row is alive (its instance row has not expired).
const ALIVE: &str =
    "EXISTS (SELECT 1 FROM instances i WHERE i.owner = leases.owner AND i.expires >= now())";

/// A step, stored only while this instance owns the room's lease (`$6`).
const APPEND: &str = "INSERT INTO steps (code, match_no, step_no, step, hash) \
     SELECT $1::text, $2::int4, $3::int4, $4::text, $5::int8 \
     WHERE EXISTS (SELECT 1 FROM leases WHERE code = $1 AND owner = $6)";

/// One connection and its prepared hot statement.
struct Conn {
    client: Client,
    append: Statement,
}

/// Where a room's lease says it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The owning instance's id.
    pub owner: String,
    /// Where the owner takes connections (`host:port`).
    pub addr: String,
    /// The lease has not expired.
    pub live: bool,
}

/// How the store's connections are made: plain, or TLS through rustls with the server's
/// certificate verified.
#[derive(Clone)]
enum Tls {
    Plain,
    Rustls(MakeRustlsConnect),
}

/// The system's bundle of trusted certificates (Debian's `ca-certificates`), unless
/// `SSL_CERT_FILE` names another.
const SYSTEM_ROOTS: &str = "/etc/ssl/certs/ca-certificates.crt";

impl Tls {
    /// TLS where the URL asks for it (`sslmode=require`) or a CA file is given
    /// (`--database-ca`; it makes TLS required): the server's certificate must chain to the
    /// file's certificates (without one, to the system's) and name the host connected to.
    /// Else plain, as before (`sslmode=disable`, or `prefer`, tokio-postgres's default).
    fn new(config: &mut tokio_postgres::Config, ca: Option<&Path>) -> Result<Tls, StoreError> {
        if ca.is_some() {
            config.ssl_mode(SslMode::Require);
        }
        if config.get_ssl_mode() != SslMode::Require {
            return Ok(Tls::Plain);
        }
        let system = std::env::var_os("SSL_CERT_FILE").map_or(SYSTEM_ROOTS.into(), Into::into);
        let file = ca.map_or(system, Path::to_path_buf);
        let bad = |e: &dyn std::fmt::Display| {
            StoreError::new(format!(
                "{}: cannot read its certificates: {e}",
                file.display()
            ))
        };
        let mut roots = rustls::RootCertStore::empty();
        let certs = rustls::pki_types::CertificateDer::pem_file_iter(&file).map_err(|e| bad(&e))?;
        for cert in certs {
            roots.add(cert.map_err(|e| bad(&e))?).map_err(|e| bad(&e))?;
        }
        if roots.is_empty() {
            return Err(bad(&"no certificate in it"));
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let tls = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| StoreError::new(format!("TLS: {e}")))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Tls::Rustls(MakeRustlsConnect::new(tls)))
    }

    /// A connection to the server: its client, and the task that runs it.
    async fn connect(
        &self,
        config: &tokio_postgres::Config,
    ) -> Result<(Client, JoinHandle<()>), StoreError> {
        Ok(match self {
            Tls::Plain => {
                let (client, connection) = config.connect(NoTls).await.map_err(pg_err)?;
                (client, run(connection))
            }
            Tls::Rustls(tls) => {
                let (client, connection) = config.connect(tls.clone()).await.map_err(pg_err)?;
                (client, run(connection))
            }
        })
    }
}

/// Runs a connection until its client is dropped or the server goes.
fn run<F>(connection: F) -> JoinHandle<()>
where
    F: std::future::Future<Output = Result<(), tokio_postgres::Error>> + Send + 'static,
{
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::warn!("postgres connection: {e}");
        }
    })
}

/// Rooms in PostgreSQL, shared by every instance on the same database.
pub struct PgStore {
    config: tokio_postgres::Config,
    tls: Tls,
    conns: Vec<Mutex<Option<Conn>>>,
    next: AtomicUsize,
    /// `synchronous_commit` on (a step survives the server's crash) or off (the relay's).
    sync_full: bool,
    /// This instance's id (random, drawn at start).
    pub owner: String,
    /// Where other instances reach this one.
    pub addr: String,
    /// How long a lease lasts without renewal.
    pub lease: Duration,
}

fn pg_err(e: tokio_postgres::Error) -> StoreError {
    if e.code() == Some(&SqlState::UNIQUE_VIOLATION) {
        return StoreError::conflict(format!("already stored: {e}"));
    }
    match e.as_db_error() {
        Some(db) => StoreError::new(format!("postgres: {}", db.message())),
        // With its causes: "error performing TLS handshake: invalid peer certificate: …".
        None => {
            let mut text = format!("postgres: {e}");
            let mut cause = std::error::Error::source(&e);
            while let Some(c) = cause {
                text.push_str(&format!(": {c}"));
                cause = c.source();
            }
            StoreError::new(text)
        }
    }
}

fn lost(code: &RoomCode) -> StoreError {
    StoreError::conflict(format!(
        "room {code}: this instance no longer owns the room"
    ))
}

impl PgStore {
    /// Connects to `url` (a `postgres://` URL or a key=value string), creates the tables if
    /// they are missing, and names this instance: `addr` is where other instances reach it.
    pub async fn open(
        url: &str,
        addr: String,
        lease: Duration,
        sync_full: bool,
    ) -> Result<PgStore, StoreError> {
        PgStore::open_tls(url, None, addr, lease, sync_full).await
    }

    /// [`PgStore::open`] with TLS where `url` asks for it (`sslmode=require`) or `ca` is given
    /// (a PEM file of the certificates the server's must chain to; without it, the system's).
    pub async fn open_tls(
        url: &str,
        ca: Option<&Path>,
        addr: String,
        lease: Duration,
        sync_full: bool,
    ) -> Result<PgStore, StoreError> {
        let mut config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError::new(format!("{url}: {e}")))?;
        config.application_name("cards-relay");
        config.connect_timeout(CONNECT);
        let tls = Tls::new(&mut config, ca)?;
        let store = PgStore {
            config,
            tls,
            conns: (0..POOL).map(|_| Mutex::new(None)).collect(),
            next: AtomicUsize::new(0),
            sync_full,
            owner: crate::secret::token().0,
            addr,
            lease,
        };
        let (mut client, connection) = store.tls.connect(&store.config).await?;
        // Instances starting at once create the tables one after the other.
        let tx = client.transaction().await.map_err(pg_err)?;
        tx.execute("SELECT pg_advisory_xact_lock(7261011)", &[])
            .await
            .map_err(pg_err)?;
        tx.batch_execute(SCHEMA).await.map_err(pg_err)?;
        // Instances long dead and without rooms are forgotten; this one is alive.
        tx.execute(
            "DELETE FROM instances WHERE expires < now() - interval '1 day' \
             AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.owner = instances.owner)",
            &[],
        )
        .await
        .map_err(pg_err)?;
        tx.execute(
            "INSERT INTO instances (owner, addr, expires) \
             VALUES ($1, $2, now() + make_interval(secs => $3::float8))",
            &[&store.owner, &store.addr, &store.secs()],
        )
        .await
        .map_err(pg_err)?;
        tx.commit().await.map_err(pg_err)?;
        drop(client);
        let _ = connection.await;
        Ok(store)
    }

    async fn connect(&self) -> Result<Conn, StoreError> {
        let (client, _connection) = self.tls.connect(&self.config).await?;
        if !self.sync_full {
            client
                .batch_execute("SET synchronous_commit = off")
                .await
                .map_err(pg_err)?;
        }
        let append = client.prepare(APPEND).await.map_err(pg_err)?;
        Ok(Conn { client, append })
    }

    /// A connection of the pool, connected (again, if it was lost): a free one if there
    /// is one, else the next in turn.
    async fn conn(&self) -> Result<MutexGuard<'_, Option<Conn>>, StoreError> {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        let mut guard = None;
        for k in 0..POOL {
            if let Ok(g) = self.conns[(i + k) % POOL].try_lock() {
                guard = Some(g);
                break;
            }
        }
        let mut g = match guard {
            Some(g) => g,
            None => self.conns[i % POOL].lock().await,
        };
        if g.as_ref().is_none_or(|c| c.client.is_closed()) {
            *g = None;
            *g = Some(self.connect().await?);
        }
        Ok(g)
    }

    fn secs(&self) -> f64 {
        self.lease.as_secs_f64()
    }

    /// Renews this instance's life (one row, whatever its rooms); the rooms it still owns.
    pub async fn renew(&self) -> Result<Vec<RoomCode>, StoreError> {
        let g = self.conn().await?;
        let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
        let rows = c
            .client
            .query(
                "WITH i AS (INSERT INTO instances (owner, addr, expires) \
                 VALUES ($1, $2, now() + make_interval(secs => $3::float8)) \
                 ON CONFLICT (owner) DO UPDATE SET expires = excluded.expires RETURNING owner) \
                 SELECT code FROM leases WHERE owner = (SELECT owner FROM i)",
                &[&self.owner, &self.addr, &self.secs()],
            )
            .await
            .map_err(pg_err)?;
        Ok(rows.iter().map(|r| RoomCode(r.get(0))).collect())
    }

    /// Takes up to `limit` rooms whose owners are no longer alive (stopped, or lost the
    /// database); the rooms taken.
    pub async fn claim_expired(&self, limit: i64) -> Result<Vec<RoomCode>, StoreError> {
        let g = self.conn().await?;
        let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
        let rows = c
            .client
            .query(
                &format!(
                    "UPDATE leases SET owner = $1 WHERE code IN (SELECT code FROM leases \
                     WHERE NOT {ALIVE} LIMIT $2 FOR UPDATE SKIP LOCKED) AND NOT {ALIVE} \
                     RETURNING code"
                ),
                &[&self.owner, &limit],
            )
            .await
            .map_err(pg_err)?;
        Ok(rows.iter().map(|r| RoomCode(r.get(0))).collect())
    }

    /// Takes one room if its owner is no longer alive (or it is already this instance's);
    /// whether this instance owns the room now.
    pub async fn take(&self, code: &RoomCode) -> Result<bool, StoreError> {
        let g = self.conn().await?;
        let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
        let n = c
            .client
            .execute(
                &format!(
                    "UPDATE leases SET owner = $2 WHERE code = $1 AND (owner = $2 OR NOT {ALIVE})"
                ),
                &[&code.0, &self.owner],
            )
            .await
            .map_err(pg_err)?;
        Ok(n == 1)
    }

    /// Who runs a room (`None`: no such room).
    pub async fn locate(&self, code: &RoomCode) -> Result<Option<Owner>, StoreError> {
        let g = self.conn().await?;
        let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
        let row = c
            .client
            .query_opt(
                "SELECT l.owner, coalesce(i.addr, ''), coalesce(i.expires >= now(), false) \
                 FROM leases l LEFT JOIN instances i ON i.owner = l.owner WHERE l.code = $1",
                &[&code.0],
            )
            .await
            .map_err(pg_err)?;
        Ok(row.map(|r| Owner {
            owner: r.get(0),
            addr: r.get(1),
            live: r.get(2),
        }))
    }

    /// Ends this instance's life now (it is shutting down): other instances take its
    /// rooms at once.
    pub async fn release_all(&self) -> Result<(), StoreError> {
        let g = self.conn().await?;
        let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
        c.client
            .execute(
                "UPDATE instances SET expires = now() - interval '1 second' WHERE owner = $1",
                &[&self.owner],
            )
            .await
            .map_err(pg_err)?;
        Ok(())
    }

    async fn load(&self, code: &RoomCode) -> Result<Option<LoadedRoom>, StoreError> {
        let mut g = self.conn().await?;
        let c = g.as_mut().ok_or_else(|| StoreError::new("no connection"))?;
        // One snapshot: the meta, head and steps are of the same moment.
        let tx = c
            .client
            .build_transaction()
            .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(pg_err)?;
        let Some(meta) = tx
            .query_opt("SELECT meta FROM rooms WHERE code = $1", &[&code.0])
            .await
            .map_err(pg_err)?
        else {
            return Ok(None);
        };
        let meta: String = meta.get(0);
        let match_no = serde_json::from_str::<RoomMeta>(&meta)?.match_no as i32;
        let head: Option<String> = tx
            .query_opt(
                "SELECT head FROM matches WHERE code = $1 AND match_no = $2",
                &[&code.0, &match_no],
            )
            .await
            .map_err(pg_err)?
            .map(|r| r.get(0));
        let rows: Vec<(u32, String, i64)> = tx
            .query(
                "SELECT step_no, step, hash FROM steps WHERE code = $1 AND match_no = $2 \
                 ORDER BY step_no",
                &[&code.0, &match_no],
            )
            .await
            .map_err(pg_err)?
            .iter()
            .map(|r| (r.get::<_, i32>(0) as u32, r.get(1), r.get(2)))
            .collect();
        tx.commit().await.map_err(pg_err)?;
        assemble(&code.0, &meta, head.as_deref(), &rows).map(Some)
    }
}

impl Store for PgStore {
    fn create_room<'a>(&'a self, code: &'a RoomCode, meta: &'a RoomMeta) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let listed = meta.listed_game();
            let meta = serde_json::to_string(meta)?;
            let g = self.conn().await?;
            let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
            // One statement: the room and its lease, or neither (the code is taken).
            let n = c
                .client
                .execute(
                    "WITH r AS (INSERT INTO rooms (code, meta, public_game) VALUES ($1, $2, $4) \
                     ON CONFLICT (code) DO NOTHING RETURNING code) \
                     INSERT INTO leases (code, owner) SELECT code, $3 FROM r \
                     ON CONFLICT (code) DO UPDATE SET owner = excluded.owner",
                    &[&code.0, &meta, &self.owner, &listed],
                )
                .await
                .map_err(pg_err)?;
            Ok(n == 1)
        })
    }

    fn save_room<'a>(
        &'a self,
        code: &'a RoomCode,
        meta: &'a RoomMeta,
        new_match: Option<(u32, &'a Value)>,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let listed = meta.listed_game();
            let meta = serde_json::to_string(meta)?;
            let mut g = self.conn().await?;
            let c = g.as_mut().ok_or_else(|| StoreError::new("no connection"))?;
            let tx = c.client.transaction().await.map_err(pg_err)?;
            let n = tx
                .execute(
                    "UPDATE rooms SET meta = $2, public_game = $4 WHERE code = $1 \
                     AND EXISTS (SELECT 1 FROM leases WHERE code = $1 AND owner = $3)",
                    &[&code.0, &meta, &self.owner, &listed],
                )
                .await
                .map_err(pg_err)?;
            if n != 1 {
                return Err(lost(code));
            }
            if let Some((n, head)) = new_match {
                tx.execute("DELETE FROM steps WHERE code = $1", &[&code.0])
                    .await
                    .map_err(pg_err)?;
                tx.execute("DELETE FROM matches WHERE code = $1", &[&code.0])
                    .await
                    .map_err(pg_err)?;
                tx.execute(
                    "INSERT INTO matches (code, match_no, head) VALUES ($1, $2, $3)",
                    &[&code.0, &(n as i32), &head.to_string()],
                )
                .await
                .map_err(pg_err)?;
            }
            tx.commit().await.map_err(pg_err)
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
        Box::pin(async move {
            let step = step.to_string();
            let g = self.conn().await?;
            let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
            let n = c
                .client
                .execute(
                    &c.append,
                    &[
                        &code.0,
                        &(match_no as i32),
                        &(step_no as i32),
                        &step,
                        &(hash as i64),
                        &self.owner,
                    ],
                )
                .await
                .map_err(pg_err)?;
            if n != 1 {
                return Err(lost(code));
            }
            Ok(())
        })
    }

    fn delete_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let g = self.conn().await?;
            let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
            // Only the owner deletes, all of the room at once.
            c.client
                .execute(
                    "WITH l AS (DELETE FROM leases WHERE code = $1 AND owner = $2 RETURNING code), \
                     s AS (DELETE FROM steps WHERE code IN (SELECT code FROM l)), \
                     m AS (DELETE FROM matches WHERE code IN (SELECT code FROM l)) \
                     DELETE FROM rooms WHERE code IN (SELECT code FROM l)",
                    &[&code.0, &self.owner],
                )
                .await
                .map_err(pg_err)?;
            Ok(())
        })
    }

    fn load_rooms(&self) -> StoreFuture<'_, Vec<LoadedRoom>> {
        Box::pin(async move {
            let codes: Vec<String> = {
                let g = self.conn().await?;
                let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
                c.client
                    .query("SELECT code FROM rooms ORDER BY code", &[])
                    .await
                    .map_err(pg_err)?
                    .iter()
                    .map(|r| r.get(0))
                    .collect()
            };
            let mut rooms = Vec::new();
            for code in codes {
                rooms.extend(self.load(&RoomCode(code)).await?);
            }
            Ok(rooms)
        })
    }

    fn load_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, Option<LoadedRoom>> {
        Box::pin(self.load(code))
    }

    fn public_rooms<'a>(
        &'a self,
        game: Option<&'a str>,
    ) -> StoreFuture<'a, Vec<(RoomCode, RoomMeta)>> {
        Box::pin(async move {
            let g = self.conn().await?;
            let c = g.as_ref().ok_or_else(|| StoreError::new("no connection"))?;
            let rows = c
                .client
                .query(
                    "SELECT code, meta FROM rooms WHERE public_game IS NOT NULL \
                     AND ($1::text IS NULL OR public_game = $1) LIMIT $2",
                    &[&game, &(PUBLIC_ROWS as i64)],
                )
                .await
                .map_err(pg_err)?;
            Ok(public_rows(
                rows.iter().map(|r| (r.get(0), r.get(1))).collect(),
            ))
        })
    }
}
