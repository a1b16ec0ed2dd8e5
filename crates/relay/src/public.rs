//! Public tables (issue 23): the listing (`GET /tables`, from the store, so that on
//! PostgreSQL every instance lists every instance's tables) and quick play's choice of a
//! table. A room is listed while it is public, in its lobby, and has an empty seat
//! ([`crate::store::RoomMeta::listed_game`]); a private room never is.

use crate::store::{now_ms, RoomMeta, StoreError};
use crate::Shared;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use protocol::{codes, ErrorBody, RoomCode, RoomOptions, SeatKind};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most tables one listing shows: the fullest first, then the oldest.
pub const MAX_LISTED: usize = 50;

/// How long an instance reuses the store's answer for the listing: however often it is
/// asked, the store is read at most once per this.
pub const LIST_CACHE: Duration = Duration::from_millis(500);

/// The tables of quick play tries, the best first, before it opens a table itself.
const QUICK_TRIES: usize = 5;

/// One public table as listed: what the page shows to choose it, nothing of its people (no
/// token, no name, no hand).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table {
    /// The room's code (to join it).
    pub code: RoomCode,
    /// The game's slug.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// The game's settings as the room plays them (every setting filled in).
    pub settings: Value,
    /// The relay's options of the room (the turn timer, the fill time, …), as its lobby
    /// shows them.
    pub options: RoomOptions,
    /// Seats taken (people, and bots the creator placed).
    pub seats_taken: u8,
    /// Empty seats (at least 1).
    pub seats_free: u8,
    /// Seconds since the room was created.
    pub waited_secs: u64,
}

impl Table {
    fn of(code: RoomCode, meta: RoomMeta, now_ms: u64) -> Table {
        let free = meta
            .seats
            .iter()
            .filter(|s| s.kind == SeatKind::Empty)
            .count() as u8;
        Table {
            code,
            game: meta.game,
            players: meta.players,
            settings: meta.settings,
            options: meta.options,
            seats_taken: meta.players.saturating_sub(free),
            seats_free: free,
            waited_secs: now_ms.saturating_sub(meta.created_ms) / 1000,
        }
    }
}

/// The listing's order: the fullest first (fewest empty seats), then the oldest.
fn order(tables: &mut [(Table, u64)]) {
    tables.sort_by(|(a, a_at), (b, b_at)| {
        (a.seats_free, *a_at, &a.code).cmp(&(b.seats_free, *b_at, &b.code))
    });
}

/// The store's public rooms (of `game`), as tables with their creation times, unordered.
async fn read(shared: &Shared, game: Option<&str>) -> Result<Dated, StoreError> {
    let now = now_ms();
    Ok(shared
        .store
        .public_rooms(game)
        .await?
        .into_iter()
        .map(|(code, meta)| {
            let at = meta.created_ms;
            (Table::of(code, meta, now), at)
        })
        .collect())
}

/// Tables with their creation times (ms since the Unix epoch).
type Dated = Vec<(Table, u64)>;

/// The instance's last answer of the store for the listing (every game), and when.
#[derive(Default)]
pub struct Cache(Mutex<Option<(Instant, Dated)>>);

/// The public tables, of `game` and `players` if given: the fullest first, then the
/// oldest, at most [`MAX_LISTED`]. From the store (read at most once per [`LIST_CACHE`]).
pub async fn list(
    shared: &Shared,
    game: Option<&str>,
    players: Option<u8>,
) -> Result<Vec<Table>, StoreError> {
    let cached = {
        let c = shared.tables.0.lock().unwrap_or_else(|p| p.into_inner());
        c.as_ref()
            .filter(|(at, _)| at.elapsed() < LIST_CACHE)
            .map(|(_, t)| t.clone())
    };
    let all = match cached {
        Some(all) => all,
        None => {
            let all = read(shared, None).await?;
            *shared.tables.0.lock().unwrap_or_else(|p| p.into_inner()) =
                Some((Instant::now(), all.clone()));
            all
        }
    };
    let mut tables: Vec<(Table, u64)> = all
        .into_iter()
        .filter(|(t, _)| game.is_none_or(|g| t.game == g))
        .filter(|(t, _)| players.is_none_or(|p| t.players == p))
        .collect();
    order(&mut tables);
    Ok(tables
        .into_iter()
        .take(MAX_LISTED)
        .map(|(t, _)| t)
        .collect())
}

/// Quick play's tables, the best first: the public tables of `game` with `players` seats
/// (and these `settings`, every one filled in, if given), the fullest first, then the
/// oldest; read from the store now (not the listing's cache).
pub async fn candidates(
    shared: &Shared,
    game: &str,
    players: u8,
    settings: Option<&Value>,
) -> Result<Vec<RoomCode>, StoreError> {
    let mut tables: Vec<(Table, u64)> = read(shared, Some(game))
        .await?
        .into_iter()
        .filter(|(t, _)| t.players == players && settings.is_none_or(|s| t.settings == *s))
        .collect();
    order(&mut tables);
    Ok(tables
        .into_iter()
        .take(QUICK_TRIES)
        .map(|(t, _)| t.code)
        .collect())
}

/// `GET /tables[?game=hokm][&players=4]`: the public tables as JSON, `{"tables": […]}`
/// ([`Table`]; docs/relay.md), for any origin (`Access-Control-Allow-Origin: *`: the site
/// may be served from another origin than the relay), never cached by the browser.
pub async fn tables(
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
    State(shared): State<Arc<Shared>>,
) -> Response {
    let answer = |status: StatusCode, body: Value| {
        (
            status,
            [
                (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            Json(body),
        )
            .into_response()
    };
    let bad = |message: String| {
        let e = ErrorBody::new(codes::BAD_ROOM, message);
        answer(
            StatusCode::BAD_REQUEST,
            serde_json::to_value(e).unwrap_or_default(),
        )
    };
    let Ok(Query(query)) = query else {
        return bad("the query does not read: ?game=SLUG&players=N".into());
    };
    let game = match query.get("game") {
        None => None,
        Some(g) => match registry::find(g) {
            Ok(info) => Some(info.slug),
            Err(_) => return bad("no such game".into()),
        },
    };
    let players = match query.get("players").map(|p| p.parse::<u8>()) {
        None => None,
        Some(Ok(p)) => Some(p),
        Some(Err(_)) => return bad("players is a number of seats".into()),
    };
    match list(&shared, game, players).await {
        Ok(tables) => answer(StatusCode::OK, serde_json::json!({ "tables": tables })),
        Err(e) => {
            tracing::warn!("listing the public tables: {e}");
            let e = ErrorBody::new(codes::STORE, "the tables cannot be read now: try again");
            answer(
                StatusCode::SERVICE_UNAVAILABLE,
                serde_json::to_value(e).unwrap_or_default(),
            )
        }
    }
}
